//! Table calibration: what the camera's pixels mean in table millimetres.
//!
//! - [`sheet`]: the printable ArUco marker sheet (layout in `data/`).
//! - [`detect`]: finding the markers and fitting the image ↔ table map.
//! - [`manual`]: the four-point fallback for clicks or the CLI.
//! - [`homography`]: the projective map itself, in plain Rust.
//! - [`lens`]: optional lens-distortion correction from a chessboard.
//! - [`selflens`]: a radial lens estimated from the calibration still's
//!   markers when no chessboard was shown.
//! - [`profile`]: the saved profile file (`calibration/README.md`).
//! - [`look`]: the board's colours at calibration, and a frame's white
//!   balance against them.
//! - [`white`]: the light's colour at calibration, measured on the markers.
//! - [`drift`]: noticing that the board or camera moved, re-registering it.

pub mod detect;
pub mod drift;
pub mod error;
pub mod homography;
pub mod lens;
pub mod look;
pub mod manual;
pub mod profile;
pub mod selflens;
pub mod sheet;
pub mod white;

pub use detect::{calibrate_image, calibrate_image_with_lens, find_markers, read_image, FoundMarker, Placement};
pub use drift::{Alignment, BlurMatch, BoardReference, DriftConfig, LostReason, Verdict};
pub use error::{CalibrationError, Result};
pub use homography::Homography;
pub use lens::{calibrate_lens, LensModel, Undistorter};
pub use selflens::LensEstimate;
pub use look::{apply_gains, as_if_lit, BoardLook};
pub use manual::{manual_profile, parse_pair, parse_points};
pub use profile::{BoardRef, CalibrationProfile, Layout, Method, FORMAT};
pub use sheet::{render_sheet, write_sheet, SheetLayout};
