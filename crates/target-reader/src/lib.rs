//! Reading dice on the Dungeon Fighter target board.
//!
//! Given a frame, the calibration's board → image homography, the board
//! geometry and an enrolled die set ([`dieset`]), [`read::read_target`]
//! finds each d12 and returns its top-face corners, landing section, colour
//! and icon/blank. The steps:
//! 1. [`pose`]: the camera pose from the homography, for parallax (a die's
//!    top face is about 25 mm above the board).
//! 2. Candidates, proposed generously two ways: [`detect`] finds die-sized
//!    objects against the board's local median colour (and opens a blob too
//!    big for one die, such as a die merged with a web's threads, into
//!    die-sized parts); [`ring`] finds die-sized outlines, which catches a
//!    white die on the ivory rim and a die touching a web.
//! 3. [`fit`]: the whole projected d12 (top pentagon and silhouette) is
//!    fitted to colour edge evidence over centre and turn (a coarse grid
//!    ranked by cheap edge samples, its best cells scored in full and
//!    searched locally); a die wholly over a hole is also tried lower (it
//!    fell through). A frame fits at most [`read::MAX_FITS`] candidates,
//!    searches at most [`read::MAX_REFITS`] again and places at most
//!    [`read::MAX_RESCUES`] refused ones, so its time is bounded whatever
//!    it shows; over the cap the candidates most like a die where they were
//!    proposed go first. A read of the areas a throw changed has tighter
//!    caps ([`read::Caps::CHANGED`]).
//! 4. Which fits are dice: where fits overlap the most die-like is kept,
//!    and the die set's trained [`verify`] model accepts it or not
//!    ([`read::is_die`]'s fixed limits for a set without one). A fit the
//!    verifier is less than 0.9 sure of is searched again, wider
//!    ([`fit::Search::WIDE`]): a partial blob (a white die on the rim, a die
//!    in a web-covered hole) can start the first search several mm off. A
//!    refused fit with no accepted one near it is placed by its regions and
//!    kept only under stricter limits ([`region::explained`]); an accepted
//!    fit on the rim whose image recurs round the rim is a printed tile
//!    ([`echo`]).
//! 5. [`region`]: each accepted die is placed again by the pixels of its
//!    visible faces and the board round it, which holds the turn of a small
//!    or blurred die where its edges cannot. The landing section is then
//!    ruled with `tw_board` (most corners of the top face; a tie goes to the
//!    lower value), and colour and icon/blank are read with the die set
//!    ([`face`]).
//!
//! Callers first bring a frame back to the light of calibration
//! ([`light::neutral_frame`]) when the calibration kept the board's look.
//!
//! A whole frame with the still the board was calibrated on is read only
//! where it differs from that still ([`print::read_over_still`]).
//!
//! After a throw, [`throw::read_throw`] reads only the boxes the motion
//! stage saw change and keeps the earlier reading's dice lying elsewhere;
//! the whole frame is read when the change is not local. A frame the reader
//! cannot take (too small or large, not 8-bit BGR, a degenerate homography,
//! no board in view) is refused with its reason ([`check`]).
//!
//! Pixel coordinates follow OpenCV's convention (pixel (i, j) centred on the
//! integer point), as the calibration's do: a half-pixel slip costs about
//! half a millimetre on every corner.
//!
//! Figures, the seeds behind them and what was tried are in
//! `docs/measurements/` (`2026-11-26-target-reader-history.md` and the
//! dated files after it).
//!
//! ## Known limits
//! - Corners are placed to a fraction of a millimetre, so border rulings
//!   within about half a millimetre of a line can flip.
//! - Region placement assumes flat faces of one paint each, as the rulebook
//!   dice are; dice with rounded, glossy faces have not been measured.
//! - A small or blurred die has weak edges all round and measures like a
//!   phantom at its edge fit. The dice still missed are mostly white dice
//!   with the star on top on pale print, proposed more than 9 mm off.
//! - Phantoms on the plain drawing are rare but not gone (printed numbers,
//!   web rings). On boards with die-sized printed art in the sections
//!   (`warden synth --art painted`, `--art ornate`) a whole-frame read
//!   without a calibration still ([`print::read_over_still`]), or one
//!   whose frame differs from the still all over (the light changed in
//!   strength or direction), still takes some of it for dice. On such a
//!   print that read can reach its cap on candidates, and a die whose
//!   proposal looks less like a die than the print's is then not fitted.
//! - Colour is read as the enrolment's light showed it. A white-balance
//!   shift since calibration is undone when the calibration kept the
//!   board's look ([`light::neutral_frame`]); a cast already there when
//!   the board was calibrated is undone too when the calibration markers
//!   were measurable (the look is neutralised on their black and white,
//!   `tw_calibration::white`), not after a manual calibration. A channel
//!   clipped by the cast is only known to be at least as bright as it
//!   reads, and is not darkened below the pixel's other channels.
//! - A profile with a lens model is read on frames corrected for it
//!   ([`io::through_lens`], `tw_calibration::Undistorter`); the estimated
//!   lens has k1 only, centred on the image (`tw_calibration::selflens`).

pub mod area;
pub mod check;
pub mod detect;
pub mod dieset;
pub mod echo;
pub mod eval;
pub mod face;
pub mod fit;
pub mod io;
pub mod light;
pub mod overlay;
pub mod paint;
pub mod par;
pub mod pose;
pub mod print;
pub mod propose;
pub mod raise;
pub mod read;
pub mod region;
pub mod ring;
pub mod shape;
pub mod standing;
pub mod throw;
pub mod truth;
pub mod verify;

pub use dieset::{DieSet, DieSetError, Example};
pub use light::{neutral_frame, neutral_still, neutral_with_still};
pub use print::{read_over_still, without_print};
pub use read::{read_target, read_target_in, ReadError, TargetDie, TargetReading};
pub use shape::DieShape;
pub use throw::{looks_like_print, looks_unchanged, read_throw, read_throw_since, Scope, ThrowReading};
