//! Table vision: finding dice in a frame and reading their faces.
//!
//! ## Method, and why
//! Two finders propose dice and a learned classifier judges every
//! proposal, because no single cue holds across players' dice:
//!
//! - **Pips** ([`pips`], [`faces`], [`geometry`], [`sites`]): round blobs
//!   of either polarity, grouped into faces that fit the standard layouts.
//!   They find white dice on light wood, where the body is nearly the
//!   table's colour, and give the top face's outline even in an oblique
//!   view. Every test is relative to the die itself (pip size, shape,
//!   contrast, the face's level). The steps, in order:
//!   1. pips of either polarity against a local mean, round, solid and
//!      ringed by face;
//!   2. grouping of pips that match in size, shape, paint and face level;
//!   3. splitting of groups that fit no layout (two touching "3"s are not
//!      a "6");
//!   4. lone pips accepted as "1"s only when alone on a plain face;
//!   5. one top face per die (seen most squarely, within 45°);
//!   6. the empty pip sites checked against the layout;
//!   7. the outline from the pips' grid.
//! - **Bodies** ([`bodies`]): whatever departs in colour from the surface
//!   (a wide median of the frame) and is die-shaped, split at its distance
//!   peaks. They find dice whose pips are faint or coloured and dice with
//!   no pips on top at all. Touching dice make one region; what its kept
//!   dice leave unaccounted for is searched die by die ([`crowds`]).
//! - **The face classifier** ([`facenet`], weights and training script in
//!   `models/d6-faces/`): three small convolutions over a normalised crop,
//!   run in plain Rust, answering "no die" or the face 1–6. Trained on
//!   both shared photo sets and generated dice with colour shuffles and
//!   inversions, so that it learns pips against a face rather than one
//!   set's paint. Each crop is read in its four quarter turns and the
//!   answers combined (a face is the same face however it lies); a die
//!   found by its body alone is also read a little tighter and wider.
//!   [`netread`] settles the proposals into one die per place; where a
//!   sure pip layout and the classifier disagree, or the sides a body is
//!   read at disagree, the die is put to the player.
//! - **Enrolled sets** ([`faceset`]): a player's own dice, matched by
//!   prototype (`warden dice enroll --yolo`). Dice with art on their faces
//!   ([`artface`]: Dungeon Roll's, Pocket Dungeon Quest's attack die) are
//!   found and read without pips: a finder learned at enrolment, faces
//!   turned upright by their own edges and matched on a polar grid.
//!
//! Figures, the commands that print them and what was tried are in
//! `docs/measurements/` (the d6 reader: `2026-11-25-d6-reader.md`).
//!
//! ## Known limits
//! - A die's body centre includes the side faces an oblique camera sees;
//!   a die found by its body alone is outlined by a square around it, not
//!   by its top face.
//! - A die-shaped print or part of the tray (a round dark mark on a light
//!   square) can pass for a "1" when nothing else is near it.
//! - Very small dice (face under ~35 px) seen obliquely can have pips merge.
//! - Motion-blurred dice smear pips together and are often missed (the grid
//!   check turns most former misreads into misses).
//! - A missed pip is recovered only where the face's found pips still fix
//!   the grid's centre (a "5" missing its centre, a "6" missing its two
//!   middle pips); a "4" with a corner pip lost reads as nothing.
//! - Round light glyphs alone on dark keys (keyboard lettering) can still
//!   pass for a light "1" on a dark die: nothing local tells them apart.
//! - White glare on dice with white pips is told from pips only by shape
//!   and contrast (paint matching needs coloured pips); near 45° glare on a
//!   "2" can still hide one of its pips and leave a "1".
//! - A "1" whose pip is under 6 px long is not read (too small to check).
//! - `cocked` is a heuristic (see [`DiceReader`]); without a calibration the
//!   face's tilt cannot be measured directly.
//!
//! Modules, in pipeline order:
//! - [`image_io`]: load still images with errors that name the file.
//! - [`views`]: the planes of a frame pips are looked for in.
//! - [`bodies`]: die-body candidates without pips.
//! - [`facenet`]: the learned face classifier.
//! - [`netread`]: proposals judged and settled into dice.
//! - [`crowds`]: dice of crowded regions the proposals left unaccounted for.
//! - [`faceset`]: enrolled d6 sets (kind "d6" of the die-set format).
//! - [`artface`]: d6 sets whose faces are art: finding and reading.
//! - [`baseline`]: the widely copied blob recipe, as a yardstick.
//! - [`gray`]: frames as plain gray bytes for fast pixel loops.
//! - [`pips`]: pip candidates of either polarity.
//! - [`faces`]: pips grouped into faces; top face per die.
//! - [`geometry`]: face outline and standard-layout fit from pips.
//! - [`sites`]: a face's empty pip sites checked against its layout.
//! - [`color`]: colour classes from configurable HSV ranges.
//! - [`reader`]: the [`DiceReader`] and the [`FaceReader`] plug-in trait.
//! - [`eval`]: scoring against YOLO-labelled photos.
//! - [`synth`]: rendered dice with known faces, for tests and benchmarks.
//! - [`bench`]: the read-speed benchmark behind `warden bench read`.

pub mod artface;
pub mod baseline;
pub mod bench;
pub mod bodies;
pub mod bodygate;
pub mod color;
pub mod crowds;
mod disc;
pub mod error;
pub mod eval;
pub mod facenet;
pub mod faceset;
pub mod faces;
pub mod geometry;
pub mod gray;
pub mod image_io;
pub mod netread;
pub mod pips;
pub mod reader;
pub mod rims;
pub mod sites;
pub mod synth;
pub mod views;

pub use error::{Result, VisionError};
pub use reader::{DiceReader, Die, FaceLabel, FaceReader, FaceView, PipCountReader, Reading};
