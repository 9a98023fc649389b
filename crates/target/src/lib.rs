//! Reading dice on the Dungeon Fighter target board.
//!
//! Given a frame, the calibration's board ↔ image homography, the board
//! geometry and an enrolled die set:
//! 1. [`pose`]: recover the camera pose from the homography (for parallax:
//!    a die's top face is ~25 mm above the board);
//! 2. [`detect`]: find die-sized objects against the board as it should look
//!    (each region's median colour per neighbourhood, from the frame itself);
//! 3. [`fit`]: fit the whole d12 — top pentagon *and* silhouette, both
//!    predicted from the die's size and the pose — to line-aware colour edge
//!    evidence, searching centre and turn from a coarse grid with several
//!    local starts down to 0.02 mm; a die wholly over a hole is also tried a
//!    board's thickness lower (it fell through);
//! 4. keep candidates that look like a die ([`read::is_die`]: edge evidence,
//!    silhouette coverage, an enrolled colour), rule the landing section
//!    with `tw_board` (most corners of the top face; ties to the lower
//!    value), and read colour and icon/blank with the die set ([`dieset`],
//!    [`face`]: the face's centre against a band inside its edges).
//!
//! Pixel coordinates follow OpenCV's convention (pixel (i, j) centred on the
//! integer point), as the calibration's do; a half-pixel slip here once cost
//! half a millimetre on every corner.
//!
//! ## Measured (`warden eval throws`, release build)
//!
//! Fresh scenes never used in development, `warden synth --out DIR --count
//! 200 --seed 9100001` (512 dice, 233 across a border): see the figures in
//! `models/dice-sets/README.md` (kept there with the die set they were
//! measured with). Development used seeds 777001 (100 scenes), 4242 (30
//! clean scenes) and 1000 (enrolment).
//!
//! ## Known limits
//! - Detection is the weakest step: white dice on the ivory bone rim show
//!   only fragments (their grey side faces look like shadow to the colour
//!   test) and dice in holes or beside glare merge with or vanish into the
//!   board model; about 6 % of dice are not found (29 of 512).
//! - Phantoms: printed numbers, web threads and glare still pass the die
//!   test (about 3 per scene on fresh scenes); they carry positions no die has.
//! - Corner error is about 1.3 mm median (nearest true corner, board mm);
//!   the generator keeps corners ≥ 1.5 mm from borders, so border rulings
//!   near that margin can flip.
//! - A die in a hole under web threads is often fitted wrong (face and
//!   turn); its section kind (hole/web) is still right.
//! - Lens distortion is not applied to the frame (`warden read` refuses a
//!   profile with a lens model and a board).

pub mod detect;
pub mod dieset;
pub mod eval;
pub mod face;
pub mod fit;
pub mod io;
pub mod overlay;
pub mod pose;
pub mod read;
pub mod shape;

pub use dieset::{DieSet, DieSetError, Example};
pub use read::{read_target, ReadError, TargetDie, TargetReading};
pub use shape::DieShape;
