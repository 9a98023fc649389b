//! Reading dice on the Dungeon Fighter target board.
//!
//! Given a frame, the calibration's board ↔ image homography, the board
//! geometry and an enrolled die set:
//! 1. [`pose`]: recover the camera pose from the homography (for parallax:
//!    a die's top face is ~25 mm above the board);
//! 2. propose candidates two ways: [`detect`] finds die-sized objects
//!    against the board as it should look (each region's median colour per
//!    neighbourhood, from the frame itself; a blob that may hold a die and
//!    more, such as a die against a web's threads, is also opened and its
//!    die-sized parts proposed); [`ring`] finds die-sized outlines (an edge
//!    all round a ring of the die's projected size), which catches a white
//!    die on the ivory rim and a die touching a web;
//! 3. [`fit`]: fit the whole d12 — top pentagon *and* silhouette, both
//!    predicted from the die's size and the pose — to line-aware colour edge
//!    evidence (each sample saturating, so edges all round beat a few strong
//!    ones), searching centre and turn from a coarse grid with several
//!    local starts down to 0.02 mm; a die wholly over a hole is also tried a
//!    board's thickness lower (it fell through);
//! 4. measure every fit (edge evidence, weakest side, foreground coverage,
//!    colour distance, face confidence, face uniformity, side colour,
//!    side-face uniformity), keep
//!    the most die-like where fits overlap, and accept it as a die by the
//!    die set's trained [`verify`] model (fixed limits, [`read::is_die`],
//!    for a set without one). A fit the verifier is less than 0.9 sure of
//!    is searched again over ±10 mm with a term for a one-paint top face
//!    and the edges between side faces ([`fit::Search`]): a partial blob
//!    (a white die on the rim, a die in a web-covered hole) starts the
//!    first search 6–10 mm off, where a web's rings, the rim's edge or the
//!    die's own side face outscore its top face on edges alone.
//!    A refused fit no accepted one lies near is also placed by its
//!    regions over 9 mm and measured again, as is a second-rank ring
//!    proposal (a peak a stronger one, such as a web's, would hide); it is
//!    kept if the verifier then rates it 0.4 or more and its faces explain
//!    at least a fifth of the colour round it ([`region::explained`]).
//!    This brings back white dice with the star on top, proposed 4–12 mm
//!    off or beside a web and refused at the edge fit, though the verifier
//!    takes them at their true pose.
//!    An accepted fit on the bone rim whose image recurs round the rim
//!    (the same patch turned about the board's centre, [`echo`]) is a
//!    rim tile, not a die, and is dropped. A fit the verifier takes with
//!    less than 0.4 must pass the rescue's colour test too, where it
//!    ends up after step 5.
//! 5. place each accepted die by its regions ([`region`]): every pixel of
//!    its visible faces and a margin round them, each face one flat paint
//!    with a centre zone of its own, the board round it as it looks just
//!    outside; the turn is searched over the pentagon's whole 72°, and a
//!    fit the verifier is less than 0.9 sure of is sought up to 9 mm
//!    away (a partial blob on the rim can leave it a face off). On a
//!    small or blurred die the edges between the top and side faces are
//!    too close together to hold the turn (median corner error 1.0 →
//!    0.4 mm on fresh scenes). Then rule the landing section with
//!    `tw_board` (most corners of the top face; ties to the lower value),
//!    and read colour and icon/blank there with the die set ([`dieset`],
//!    [`face`]: the face's centre against a band inside its edges, and
//!    which way it differs: a light star lifts and washes out a coloured
//!    die's centre, a dark one darkens a white die's; colour is chosen
//!    with the face, so a small coloured icon washed out by its star is
//!    not read as a white die).
//!
//! After a throw, [`throw::read_throw`] reads only the boxes the motion
//! stage saw change (each grown by a die's outline radius; candidates are
//! sought there, on crops with the context the detectors need, and fits
//! work on the whole frame's pixels as ever), keeps the dice of the
//! previous reading lying elsewhere, and falls back to the whole frame
//! when there is no previous reading or the change covers more than a
//! fifth of the frame. A frame the reader cannot take (under 64 px a
//! side, over 50 megapixels, not 8-bit BGR, a degenerate homography, no
//! board in view) is refused with its reason ([`check`]).
//!
//! Pixel coordinates follow OpenCV's convention (pixel (i, j) centred on the
//! integer point), as the calibration's do; a half-pixel slip here once cost
//! half a millimetre on every corner.
//!
//! ## Measured (`warden eval throws`, release build)
//!
//! Fresh scenes never used in development (`warden synth --out DIR --count
//! 200 --seed 10040001` and 10060001; `--count 50 --seed 10050001 --art painted`; for
//! the reader before the region step, 9940001, 9950001, 9960001 and
//! painted 9970001): see the figures in `models/dice-sets/README.md` (kept
//! there with the die set they were measured with). The region step was
//! developed on 9960001, 10010001 and 10020001; the rescue of refused
//! fits on 9960001, 10010001, 10020001, 10040001 and 10060001, and read
//! fresh on 10070001. The signed face measures were set on 10020001,
//! 10040001 and 9960001 and read fresh on 10080001 and 10090001; the rim
//! echo and the colour test for doubted fits were set on 10020001 and
//! painted 10050001, and read fresh on 10110001, 10120001 and painted
//! 10100001 and 10130001. Development used seeds
//! 777001, 4242, 1000 (enrolment), 9100001, 9300001, 9400001, 9700001,
//! 9800001, 9900001, 9910001, 9920001 and 9930001 (earlier evaluations,
//! since looked at), 5150001, 5150777 and 9600001; the verifier was trained
//! on seed 6160001. Seeds 9975001, 9980001 and painted 6170001 were used
//! for a verifier that was tried and not shipped.
//!
//! ## Known limits
//! - Corner error is about 0.4 mm median (nearest true corner, board mm),
//!   p90 1 mm; border rulings within half a millimetre of a line can flip.
//!   The region placement assumes flat faces of one paint each, as the
//!   rulebook dice are; a die with rounded, glossy faces is a model error
//!   it has not been measured on.
//! - A small or blurred die has weak edges all round; its edge fit
//!   measures like a phantom. Refused fits are placed by their regions
//!   too (step 4), under stricter limits than accepted ones, since the
//!   verifier was trained on edge fits only; the remaining misses are
//!   mostly white dice with the star on top on pale print, proposed more
//!   than 9 mm off.
//! - Phantoms are rare on the plain drawing but not gone (printed numbers,
//!   web rings). On a board drawn with rim tiles and die-sized printed
//!   ghosts, the rim echo drops most rim tiles, but ghosts printed in the
//!   sections are still taken for white dice (figures in
//!   `models/dice-sets/README.md`), and reading takes about 5 s a frame.
//! - About 1 s per scene (1280×720 to 1920×1080) on two cores (ring
//!   scoring, a dozen fits and a few wider ones); the live view reads only
//!   frames where a throw has settled, and then only what the throw
//!   changed (about a third of the whole frame's CPU for one die; figures
//!   in `docs/measurements/2026-11-25-target-roi.md`, `warden bench throw`).
//! - Lens distortion is not applied to the frame (`warden read` refuses a
//!   profile with a lens model and a board).

pub mod area;
pub mod check;
pub mod detect;
pub mod echo;
pub mod dieset;
pub mod eval;
pub mod face;
pub mod fit;
pub mod io;
pub mod overlay;
pub mod par;
pub mod pose;
pub mod read;
pub mod region;
pub mod ring;
pub mod shape;
pub mod throw;
pub mod truth;
pub mod verify;

pub use dieset::{DieSet, DieSetError, Example};
pub use read::{read_target, read_target_in, ReadError, TargetDie, TargetReading};
pub use throw::{looks_unchanged, read_throw, read_throw_since, Scope, ThrowReading};
pub use shape::DieShape;
