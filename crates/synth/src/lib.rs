//! Scene generator for the target board: camera views of a board drawn from
//! its geometry file, with d12 dice at known poses, under varied cameras
//! (elevation 35–90°), lighting, shadows, glare, blur, noise and JPEG, plus
//! throw sequences. Every image comes with ground truth, and everything is a
//! pure function of the seed, so tests and evaluations can regenerate it.
//!
//! [`d6`] draws photos of six-sided dice (pip dice, Dungeon Roll's and
//! Pocket Dungeon Quest's faces) on a table, written as a YOLO folder of
//! top-face labels for `warden eval dice --yolo` and `warden dice enroll`.

pub mod art;
pub mod camera;
pub mod combat_clip;
pub mod d6;
pub mod die;
pub mod math;
pub mod ornate;
pub mod painted;
pub mod rng;
pub mod scene;
pub mod sequence;
pub mod truth;
pub mod write;

pub use d6::{sample_d6_scene, D6Options, D6Scene, DieSet};
pub use die::{DieColor, Face};
pub use scene::{render, sample_scene, Options, Scene};
pub use truth::{DieTruth, SceneTruth};
