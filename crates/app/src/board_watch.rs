//! Noticing that the board or the camera was bumped since calibration.
//!
//! When the board is calibrated, the still it was calibrated on is kept
//! beside the profile ([`reference_path`]). While the table is still, the
//! capture thread compares a frame with it every few seconds
//! ([`tw_calibration::drift`]): if the board moved and its print is found
//! again, the reader scores with the re-registered homography and the
//! window says so; if it cannot be found, throws are not scored from the
//! camera until it is (or the player calibrates again).

use crate::reader::{TableReader, TargetSetup};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tw_calibration::drift::{BoardReference, Verdict};
use tw_calibration::homography::Homography;
use tw_capture::Frame;

/// How often a still table is compared with the reference.
const CHECK_EVERY: Duration = Duration::from_secs(3);

/// A new homography is taken when it moves some board point by more than
/// this (px) from the one in use; smaller changes are the check's noise.
const REAPPLY_PX: f64 = 1.5;

/// Where the still a profile was calibrated on is kept:
/// `calibration.json` → `calibration.reference.jpg`.
pub fn reference_path(profile_path: &Path) -> PathBuf {
    let stem = profile_path.file_stem().unwrap_or_default().to_string_lossy();
    profile_path.with_file_name(format!("{stem}.reference.jpg"))
}

/// What one check changed.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The board lies where the reader thinks (after any re-registration).
    InPlace,
    /// The board moved by `shift_px` and was found again: read with `reader`.
    Moved { shift_px: f64 },
    /// The board is not where it was calibrated and was not found: why.
    Lost(String),
}

/// The drift check of the active target calibration.
pub struct BoardWatch {
    reference: Option<BoardReference>,
    /// The homography the reader uses now.
    in_use: [[f64; 3]; 3],
    /// Board points (mm) whose image positions tell two homographies apart.
    probes_mm: Vec<[f64; 2]>,
    next: Option<Instant>,
    /// Why the last check did not find the board, if it did not.
    lost: Option<String>,
}

impl BoardWatch {
    /// No check (the pip reader, or no reference still was kept).
    pub fn none() -> Self {
        BoardWatch {
            reference: None,
            in_use: [[0.0; 3]; 3],
            probes_mm: Vec::new(),
            next: None,
            lost: None,
        }
    }

    /// The check for `reader` calibrated by `profile_path`: `Ok(none)` when
    /// the reader is not the target reader or the profile has no reference
    /// still; `Err` (why) when the still cannot be used.
    pub fn for_reader(reader: &TableReader, profile_path: Option<&Path>) -> Result<Self, String> {
        let (TableReader::Target(t), Some(profile)) = (reader, profile_path) else {
            return Ok(Self::none());
        };
        let still = reference_path(profile);
        if !still.is_file() {
            return Ok(Self::none());
        }
        let img = tw_calibration::detect::read_image(&still).map_err(|e| format!("{}: {e}", still.display()))?;
        let img = t.corrected(img)?;
        let area = board_disc(t);
        let reference = BoardReference::new(&img, &Homography(t.board_to_image), &area)
            .map_err(|e| format!("{}: {e}", still.display()))?;
        Ok(BoardWatch {
            reference: Some(reference),
            in_use: t.board_to_image,
            probes_mm: area,
            next: None,
            lost: None,
        })
    }

    /// Whether a throw read now would be scored with a board not found
    /// where it was calibrated.
    pub fn lost(&self) -> bool {
        self.lost.is_some()
    }

    /// What the window says about the board's place; `None` while it lies
    /// where it was calibrated.
    pub fn note(&self) -> Option<String> {
        if let Some(why) = &self.lost {
            return Some(format!(
                "board not where it was calibrated and not found by its print ({why}): camera throws are not scored; calibrate again"
            ));
        }
        let moved = self.shift(&self.calibrated(), &self.in_use);
        (moved > REAPPLY_PX).then(|| format!("board moved {moved:.1} px since calibration: re-registered from its print"))
    }

    /// Compares `frame` with the reference if a check is due (call it only
    /// while the table is still). On `Moved`, `reader` is replaced by one
    /// with the re-registered homography.
    pub fn poll(&mut self, now: Instant, frame: &Frame, reader: &mut std::sync::Arc<TableReader>) -> Option<Found> {
        let reference = self.reference.as_ref()?;
        if self.next.is_some_and(|t| now < t) {
            return None;
        }
        self.next = Some(now + CHECK_EVERY);
        let mat = frame.to_mat().ok()?;
        // Frames are compared in the reader's (lens-corrected) pixels.
        let mat = match reader.as_ref() {
            TableReader::Target(t) => t.corrected(mat).ok()?,
            TableReader::Pips(_) => mat,
        };
        let alignment = match reference.check(&mat) {
            Ok(a) => a,
            Err(e) => {
                self.lost = Some(e.to_string());
                return Some(Found::Lost(e.to_string()));
            }
        };
        match alignment.verdict {
            Verdict::Aligned => {
                self.lost = None;
                let calibrated = reference.board_to_image().0;
                if self.shift(&calibrated, &self.in_use) <= REAPPLY_PX {
                    return Some(Found::InPlace);
                }
                // Back where it was calibrated.
                self.apply(calibrated, reader);
                Some(Found::Moved {
                    shift_px: alignment.max_px.unwrap_or(0.0),
                })
            }
            Verdict::Moved { new_board_to_image } => {
                self.lost = None;
                let h = new_board_to_image.0;
                if self.shift(&h, &self.in_use) <= REAPPLY_PX {
                    return Some(Found::InPlace);
                }
                self.apply(h, reader);
                Some(Found::Moved {
                    shift_px: alignment.max_px.unwrap_or(0.0),
                })
            }
            Verdict::Lost { why } => {
                self.lost = Some(why.to_string());
                Some(Found::Lost(why.to_string()))
            }
        }
    }

    /// The calibration's own homography: the reference's (the one in use
    /// when there is no reference).
    fn calibrated(&self) -> [[f64; 3]; 3] {
        self.reference.as_ref().map_or(self.in_use, |r| r.board_to_image().0)
    }

    fn apply(&mut self, h: [[f64; 3]; 3], reader: &mut std::sync::Arc<TableReader>) {
        if let TableReader::Target(t) = reader.as_ref() {
            let moved = TargetSetup {
                board_to_image: h,
                board: t.board.clone(),
                webs: t.webs.clone(),
                set: t.set.clone(),
                look: t.look.clone(),
                // The still shows the board where it was calibrated:
                // compared with frames of a moved board it says nothing.
                still: None,
                lens: t.lens.clone(),
            };
            *reader = std::sync::Arc::new(TableReader::Target(Box::new(moved)));
            self.in_use = h;
        }
    }

    /// Largest distance (px) between where two homographies put the probes.
    fn shift(&self, a: &[[f64; 3]; 3], b: &[[f64; 3]; 3]) -> f64 {
        self.probes_mm
            .iter()
            .filter_map(|&p| {
                let (pa, pb) = (Homography(*a).map(p)?, Homography(*b).map(p)?);
                Some((pa[0] - pb[0]).hypot(pa[1] - pb[1]))
            })
            .fold(0.0, f64::max)
    }
}

/// The board's disc (mm) as a polygon: the area whose print is matched.
fn board_disc(t: &TargetSetup) -> Vec<[f64; 2]> {
    let (c, r) = (t.board.centre(), t.board.outer_radius());
    (0..64)
        .map(|k| {
            let a = k as f64 * std::f64::consts::TAU / 64.0;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Mat, Scalar, Size, CV_64F};
    use opencv::prelude::*;
    use std::sync::Arc;
    use tw_calibration::CalibrationProfile;

    /// `frame` as a capture frame, moved right by `dx` px (0: as it is).
    fn shifted(img: &Mat, dx: f64, index: u64) -> Frame {
        let mut m = Mat::new_rows_cols_with_default(2, 3, CV_64F, Scalar::all(0.0)).unwrap();
        *m.at_2d_mut::<f64>(0, 0).unwrap() = 1.0;
        *m.at_2d_mut::<f64>(1, 1).unwrap() = 1.0;
        *m.at_2d_mut::<f64>(0, 2).unwrap() = dx;
        let mut out = Mat::default();
        let size = Size::new(img.cols(), img.rows());
        opencv::imgproc::warp_affine(img, &mut out, &m, size, opencv::imgproc::INTER_LINEAR, opencv::core::BORDER_REPLICATE, Scalar::all(0.0)).unwrap();
        Frame {
            index,
            timestamp: Duration::from_millis(index * 33),
            width: out.cols() as u32,
            height: out.rows() as u32,
            data: out.data_bytes().unwrap().to_vec(),
        }
    }

    fn setup_of(r: &TableReader) -> [[f64; 3]; 3] {
        match r {
            TableReader::Target(t) => t.board_to_image,
            TableReader::Pips(_) => panic!("the target reader"),
        }
    }

    /// On the demo clip's board: the frame it was calibrated on is in
    /// place; the board slid 8 px is found again and the reader moves with
    /// it; back in place, the calibration's own homography returns; a grey
    /// frame loses the board, and then throws are not to be scored.
    #[test]
    fn a_bumped_board_is_re_registered_and_a_lost_one_stops_scoring() {
        let data = std::env::temp_dir().join(format!("tw-board-watch-{}", std::process::id()));
        let dir = crate::demo_combat::ensure_clip(&data).unwrap();
        let profile_path = dir.join(crate::demo_combat::PROFILE);
        let profile = CalibrationProfile::load(&profile_path).unwrap();
        let mut reader = Arc::new(TableReader::for_profile(Some(&profile), profile_path.parent().unwrap()).unwrap());
        let calibrated = setup_of(&reader);
        let mut watch = BoardWatch::for_reader(&reader, Some(&profile_path)).unwrap();
        assert!(watch.reference.is_some(), "the clip keeps its reference still");
        let still = tw_calibration::detect::read_image(&reference_path(&profile_path)).unwrap();
        let t0 = Instant::now();
        let at = |k: u32| t0 + CHECK_EVERY * k;

        assert_eq!(watch.poll(at(0), &shifted(&still, 0.0, 0), &mut reader), Some(Found::InPlace));
        assert_eq!(watch.poll(at(0), &shifted(&still, 0.0, 1), &mut reader), None, "not due yet");
        assert_eq!(watch.note(), None);

        let found = watch.poll(at(1), &shifted(&still, 8.0, 2), &mut reader).unwrap();
        assert!(matches!(found, Found::Moved { .. }), "{found:?}");
        let moved = setup_of(&reader);
        let probe = [0.0, 0.0];
        let (a, b) = (Homography(calibrated).map(probe).unwrap(), Homography(moved).map(probe).unwrap());
        assert!((b[0] - a[0] - 8.0).abs() < 1.0 && (b[1] - a[1]).abs() < 1.0, "{a:?} → {b:?}");
        assert!(watch.note().is_some_and(|n| n.contains("re-registered")), "{:?}", watch.note());
        assert!(!watch.lost());

        assert!(matches!(watch.poll(at(2), &shifted(&still, 0.0, 3), &mut reader), Some(Found::Moved { .. })));
        assert_eq!(setup_of(&reader), calibrated, "back where it was calibrated");
        assert_eq!(watch.note(), None);

        let grey = Mat::new_rows_cols_with_default(still.rows(), still.cols(), still.typ(), Scalar::all(128.0)).unwrap();
        assert!(matches!(watch.poll(at(3), &shifted(&grey, 0.0, 4), &mut reader), Some(Found::Lost(_))));
        assert!(watch.lost());
        assert!(watch.note().is_some_and(|n| n.contains("not scored")), "{:?}", watch.note());
        std::fs::remove_dir_all(&data).unwrap();
    }
}
