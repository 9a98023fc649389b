//! Table vision: finding dice in a frame and reading their faces.
//!
//! ## Method, and why
//! The reader is classical and starts from the pips, because pips are the
//! one feature every pip die shares whatever its colours, the table or the
//! light: a small round blob with strong contrast against a plain ring of
//! face. Die bodies, by contrast, can be nearly the colour of the table
//! (white dice on light wood). No learned model is involved, so nothing is
//! fitted to one photo set; every test is relative to the die itself (its
//! pips' size, shape and contrast, its face's level), and the few
//! thresholds were tuned on the shared corpus's `train/` split and
//! reported on `valid/`. In order:
//!
//! 1. **Pips** of either polarity are found against a local mean: round
//!    enough, solid, ringed by face all round (a ring partly out of the
//!    frame is judged by the part in view).
//! 2. **Grouping**: two pips may share a face when they match in area,
//!    roundness, axis, contrast, paint (chroma: a white glare spot beside
//!    yellow pips is not one of them) and the level of the face around
//!    them, are within a face's reach and do not overlap (judged along the
//!    line between them, which no oblique view changes).
//! 3. **Splitting** by layout: a group of more than six pips is faces
//!    chained together, split in whichever of three ways leaves parts that
//!    best fit the standard layouts (cuts of its spanning tree, a regroup
//!    with tighter tolerances, or taking out the largest well-fitting face
//!    first); a group of five or six that fits no layout is split in two
//!    (two touching "3"s are not a "6"); one of three or four that fits none
//!    has its odd pip split off (a top "1" joined to the front face's "2"),
//!    and a stray pip dropped so that a five or six fits stays a candidate
//!    "1" of its own (the top "1" joined to the front "5").
//! 4. **"1"s**: a lone pip is a "1" only if big enough to measure, round
//!    within the 45° working tilt, alone (no blob touching it: a glyph's
//!    pieces), in plain face out to four radii, with its face in the frame.
//! 5. **Top face** per die: the one seen most squarely, with the upper of
//!    two vertically stacked faces favoured (a tilted camera sees the front
//!    face below the top face); it must lie within the 45° working tilt.
//! 6. **Grid check**: the face's pips fix its 3×3 grid of pip sites (the
//!    pip ellipse undoes foreshortening); every site the layout leaves empty
//!    must be plain face. A pip-like spot ringed by face at an empty site is
//!    a missed pip and completes the layout (a blurred "5" centre); anything
//!    else drops a face of one or two pips (two specks in lettering) and
//!    halves the confidence of a larger one.
//! 7. **Outline** from the pips' grid; faces whose outline leaves the
//!    frame are dropped, as some of their pips may be out of view. Colour is
//!    the face around the pips, classed by configurable HSV ranges.
//!
//! ## Measured
//! `warden eval dice --yolo ../shared/datasets/dice-pips-webcam/valid`
//! (86 webcam photos, 255 white dice, ~45° oblique): recall 99.6%,
//! precision 99.6%, face accuracy 99.6% (the one wrong face is a die whose
//! squarely seen face shows a "1" and whose label, boxed on that one pip,
//! says "4"; the one "spurious" die is a real, blurred, unlabelled die; the
//! one miss is a "4" whose corner pip touches the top of the frame).
//! `train/` (310 photos, 951 dice): recall 98.3%, precision 99.5%, face
//! accuracy 99.3%; most misses there are motion-blurred dice.
//! `warden bench read` (14 dice at 1280×720, one thread, release): mean
//! 4.7 ms, p95 4.9 ms with the two shared cores at load ~5; 13–15 ms mean,
//! p95 17–24 ms at load ~10; the limit is 25 ms. Run alternately
//! with the version before the grid check and chain splitting, it takes
//! 2–5% longer.
//! On rendered dice in random poses (`cargo run --release -p tw-vision
//! --example pose_sweep`, 4,500 dice, every style, 30–110 px, tilt 0–46°,
//! glare on 30%): 5 failures, 4 of them a wrong face: two 30 px "6"s
//! (pips blurred together), two "2"s with glare seen at 43° and more read
//! as "1", one 33 px "2" with glare missed (before this version: 35
//! failures, 29 of them a wrong face).
//!
//! ## Known limits
//! - Faces without pips (blank or icon faces) are not found: finding is
//!   pip-driven. A [`FaceReader`] only relabels faces that were found.
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

pub mod baseline;
pub mod bench;
pub mod bodies;
pub mod color;
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
pub mod sites;
pub mod synth;
pub mod views;

pub use error::{Result, VisionError};
pub use reader::{DiceReader, Die, FaceLabel, FaceReader, FaceView, PipCountReader, Reading};
