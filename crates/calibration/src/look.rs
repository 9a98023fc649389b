//! The board's colours as the camera saw them when it was calibrated
//! ([`BoardLook`]), and a later frame's white balance against them.
//!
//! A lamp switched on, daylight fading or the camera's automatic white
//! balance shifts every colour the camera sees by per-channel gains. The
//! board's own print is in view in every frame and does not change, so the
//! gains are measured on it: the board is sampled on a grid of table-mm
//! cells at calibration, the same cells are sampled in a frame, and each
//! channel's typical ratio (the median over cells, so dice, shadows and a
//! hand over a few cells do not count) gives the gains. The overall
//! brightness is brought back too, so that a frame can be compared pixel
//! by pixel with the still the board was calibrated on.

use crate::error::{CalibrationError, Result};
use crate::homography::Homography;
use crate::profile::CalibrationProfile;
use opencv::core::{Mat, CV_8UC3};
use opencv::prelude::*;
use serde::{Deserialize, Serialize};

/// The only [`BoardLook::version`] this code reads.
pub const LOOK_VERSION: u32 = 1;

/// Side of a sampled cell, table mm.
pub const CELL_MM: f64 = 8.0;

/// A cell is the mean of a (2·HALF_PX+1)² pixel box round its centre.
const HALF_PX: i32 = 2;

/// Channel levels a sample must lie between to be compared (darker ones
/// are noise and JPEG, brighter may be clipped).
const MIN_LEVEL: f64 = 24.0;
const MAX_LEVEL: f64 = 240.0;

/// The least cells seen in both images for gains to be measured.
const MIN_CELLS: usize = 40;

/// Gains whose natural log is under this for every channel are taken as
/// neutral and the frame is used as it is (the measure's own noise is a
/// few thousandths).
pub const NEGLIGIBLE_LN: f64 = 0.02;

/// Gains are held within this factor of 1 either way.
const MAX_GAIN: f64 = 2.0;

/// The board as the camera saw it at calibration: the mean colour round
/// the centre of each `cell_mm` cell of the calibrated area, row by row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardLook {
    /// Always [`LOOK_VERSION`].
    pub version: u32,
    pub cell_mm: f64,
    pub cols: u32,
    pub rows: u32,
    /// Six hex digits (blue, green, red) a cell; `000000` where the cell
    /// was not seen (outside the frame).
    pub bgr: String,
}

impl BoardLook {
    /// Samples `img` (8-bit BGR) over the area `area_mm` seen through
    /// `table_to_image` (table mm → image px).
    pub fn sample(img: &Mat, table_to_image: &Homography, area_mm: [f64; 2]) -> Result<BoardLook> {
        check_bgr(img)?;
        if !area_mm.iter().all(|v| v.is_finite() && *v > 0.0) {
            return Err(CalibrationError::BadPoints(format!(
                "board look: the area {area_mm:?} mm is not two positive sizes"
            )));
        }
        let cols = (area_mm[0] / CELL_MM).ceil().min(2000.0) as u32;
        let rows = (area_mm[1] / CELL_MM).ceil().min(2000.0) as u32;
        let data = img.data_bytes()?;
        let mut bgr = String::with_capacity((cols * rows * 6) as usize);
        for p in cell_centres(cols, rows, CELL_MM, area_mm) {
            let s = table_to_image
                .map(p)
                .and_then(|px| box_mean(data, img.cols(), img.rows(), px))
                .map_or([0u8; 3], |c| c.map(|v| v.round() as u8));
            for v in s {
                bgr.push_str(&format!("{v:02x}"));
            }
        }
        Ok(BoardLook {
            version: LOOK_VERSION,
            cell_mm: CELL_MM,
            cols,
            rows,
            bgr,
        })
    }

    /// The look of the board in the calibration `still` of `profile`,
    /// neutralised when the profile's markers show the light was coloured
    /// (a lamp already on at calibration: [`crate::white`]), so a frame's
    /// gains against it bring the frame to neutral light, not to the
    /// lamp's. Also returns the gains applied (`None`: the markers were
    /// not measurable and the look is as sampled).
    pub fn of_calibration(
        still: &Mat,
        profile: &CalibrationProfile,
    ) -> Result<(BoardLook, Option<[f64; 3]>)> {
        let mut look = BoardLook::sample(still, &profile.table_to_image, profile.area_mm)?;
        let (centres, radius) = crate::white::marker_discs(profile);
        let Some(light) =
            crate::white::light_colour(still, &profile.table_to_image, &centres, radius)
        else {
            return Ok((look, None));
        };
        let gains = light.map(|v| 1.0 / v);
        if gains.iter().any(|g| g.ln().abs() >= NEGLIGIBLE_LN) {
            look.neutralise(gains);
        }
        Ok((look, Some(gains)))
    }

    /// Every seen cell scaled by `gains`; a cell with a channel over the
    /// comparable range stays unseen (its true level is not known).
    fn neutralise(&mut self, gains: [f64; 3]) {
        let cells = self.cells();
        let mut bgr = String::with_capacity(self.bgr.len());
        for c in cells {
            let v = match c {
                Some(c) if c.iter().all(|v| *v <= MAX_LEVEL) => {
                    std::array::from_fn(|k| (c[k] * gains[k]).round().clamp(1.0, 255.0) as u8)
                }
                _ => [0u8; 3],
            };
            for x in v {
                bgr.push_str(&format!("{x:02x}"));
            }
        }
        self.bgr = bgr;
    }

    /// What is wrong with the look, as (field, problem).
    pub fn problem(&self) -> Option<(&'static str, String)> {
        if self.version != LOOK_VERSION {
            return Some((
                "board_look.version",
                format!("is {}, this version reads {LOOK_VERSION}", self.version),
            ));
        }
        if !(self.cell_mm.is_finite() && self.cell_mm > 0.0) {
            return Some(("board_look.cell_mm", "must be a positive size".into()));
        }
        if self.cols == 0 || self.rows == 0 || self.cols > 2000 || self.rows > 2000 {
            return Some(("board_look.cols", "cols and rows must be 1 to 2000".into()));
        }
        let want = self.cols as usize * self.rows as usize * 6;
        if self.bgr.len() != want {
            return Some((
                "board_look.bgr",
                format!("holds {} hex digits, {want} expected", self.bgr.len()),
            ));
        }
        if !self.bgr.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Some((
                "board_look.bgr",
                "holds a character that is not a hex digit".into(),
            ));
        }
        None
    }

    /// Each cell's colour (`None`: not seen); empty if the look is not valid.
    fn cells(&self) -> Vec<Option<[f64; 3]>> {
        if self.problem().is_some() {
            return Vec::new();
        }
        self.bgr
            .as_bytes()
            .chunks(6)
            .map(|c| {
                let v: [f64; 3] = std::array::from_fn(|k| {
                    let s = std::str::from_utf8(&c[2 * k..2 * k + 2]).unwrap_or("00");
                    u8::from_str_radix(s, 16).unwrap_or(0) as f64
                });
                (v != [0.0; 3]).then_some(v)
            })
            .collect()
    }

    /// The gains (blue, green, red) that bring `img`'s colours back to the
    /// light of calibration, or `None` when too few cells can be compared
    /// (board out of view, frame of another kind).
    pub fn gains(&self, img: &Mat, table_to_image: &Homography) -> Option<[f64; 3]> {
        check_bgr(img).ok()?;
        let data = img.data_bytes().ok()?;
        let usable = |c: &[f64; 3]| c.iter().all(|v| (MIN_LEVEL..=MAX_LEVEL).contains(v));
        let area = [
            self.cols as f64 * self.cell_mm,
            self.rows as f64 * self.cell_mm,
        ];
        let mut logs: [Vec<f64>; 3] = Default::default();
        let centres = cell_centres(self.cols, self.rows, self.cell_mm, area);
        for (p, was) in centres.zip(self.cells()) {
            let Some(was) = was.filter(usable) else {
                continue;
            };
            let Some(now) = table_to_image
                .map(p)
                .and_then(|px| box_mean(data, img.cols(), img.rows(), px))
                .filter(usable)
            else {
                continue;
            };
            for k in 0..3 {
                logs[k].push((now[k] / was[k]).ln());
            }
        }
        if logs[0].len() < MIN_CELLS {
            return None;
        }
        let m = logs.map(median);
        Some(m.map(|v| (-v).clamp(-MAX_GAIN.ln(), MAX_GAIN.ln()).exp()))
    }
}

/// Channel level from which a pixel is taken as near clipping.
const KNEE: f64 = 235.0;
/// Channel level from which a pixel is taken as clipped.
const CLIPPED: f64 = 250.0;

/// `img` (8-bit BGR) with its channels scaled by `gains` (blue, green,
/// red), or `None` when the gains are negligible ([`NEGLIGIBLE_LN`]) and
/// `img` is to be used as it is.
///
/// A clipped channel's level is only a lower bound of the light that fell
/// on it: scaled down by its gain it would read darker than it was (a white
/// die under a blue lamp turns yellow, glare turns coloured). Such a
/// channel is therefore not taken darker than the least of the pixel's
/// other channels once corrected, blending in from [`KNEE`] to
/// [`CLIPPED`]; a colour strong in that channel keeps its scaled level.
pub fn apply_gains(img: &Mat, gains: [f64; 3]) -> Result<Option<Mat>> {
    if gains.iter().all(|g| g.ln().abs() < NEGLIGIBLE_LN) {
        return Ok(None);
    }
    check_bgr(img)?;
    let lut: [[f64; 256]; 3] =
        std::array::from_fn(|k| std::array::from_fn(|v| (v as f64 * gains[k]).min(255.0)));
    let mut out = img.try_clone()?;
    for px in out.data_bytes_mut()?.chunks_exact_mut(3) {
        let v = [px[0] as usize, px[1] as usize, px[2] as usize];
        let o: [f64; 3] = std::array::from_fn(|k| lut[k][v[k]]);
        for k in 0..3 {
            let mut x = o[k];
            let level = v[k] as f64;
            if level > KNEE && gains[k] < 1.0 {
                let floor = (0..3)
                    .filter(|j| *j != k)
                    .map(|j| o[j])
                    .fold(255.0, f64::min);
                let t = ((level - KNEE) / (CLIPPED - KNEE)).min(1.0);
                x += t * (floor - x).max(0.0);
            }
            px[k] = x.round() as u8;
        }
    }
    Ok(Some(out))
}

/// `neutral` (8-bit BGR, in the light of calibration) as a camera would
/// show it in the light that `gains` undo, clipped where that light
/// clips, then brought back by `gains` as [`apply_gains`] brings back a
/// frame: the calibration still made comparable, pixel by pixel, with a
/// frame corrected by the same gains, clipped channels included. `None`
/// when the gains are negligible (compare `neutral` as it is).
pub fn as_if_lit(neutral: &Mat, gains: [f64; 3]) -> Result<Option<Mat>> {
    if gains.iter().all(|g| g.ln().abs() < NEGLIGIBLE_LN) {
        return Ok(None);
    }
    check_bgr(neutral)?;
    let lut: [[u8; 256]; 3] = std::array::from_fn(|k| {
        std::array::from_fn(|v| (v as f64 / gains[k]).round().min(255.0) as u8)
    });
    let mut lit = neutral.try_clone()?;
    for px in lit.data_bytes_mut()?.chunks_exact_mut(3) {
        for k in 0..3 {
            px[k] = lut[k][px[k] as usize];
        }
    }
    apply_gains(&lit, gains)
}

fn check_bgr(img: &Mat) -> Result<()> {
    if img.typ() != CV_8UC3 || img.empty() || !img.is_continuous() {
        return Err(CalibrationError::BadPoints(
            "board look: the image is not continuous 8-bit BGR".into(),
        ));
    }
    Ok(())
}

/// Centres of the cells, row by row, kept inside the area.
fn cell_centres(cols: u32, rows: u32, cell: f64, area: [f64; 2]) -> impl Iterator<Item = [f64; 2]> {
    (0..rows).flat_map(move |j| {
        (0..cols).map(move |i| {
            [
                ((i as f64 + 0.5) * cell).min(area[0]),
                ((j as f64 + 0.5) * cell).min(area[1]),
            ]
        })
    })
}

/// Mean BGR of the pixel box round `px`, if the box lies in the frame.
fn box_mean(data: &[u8], w: i32, h: i32, px: [f64; 2]) -> Option<[f64; 3]> {
    if !(px[0].is_finite() && px[1].is_finite()) {
        return None;
    }
    let (x, y) = (px[0].round() as i64, px[1].round() as i64);
    let r = HALF_PX as i64;
    if x < r || y < r || x + r >= w as i64 || y + r >= h as i64 {
        return None;
    }
    let mut s = [0.0; 3];
    for yy in y - r..=y + r {
        for xx in x - r..=x + r {
            let i = ((yy * w as i64 + xx) * 3) as usize;
            for k in 0..3 {
                s[k] += data[i + k] as f64;
            }
        }
    }
    let n = ((2 * r + 1) * (2 * r + 1)) as f64;
    Some(s.map(|v| v / n))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{self, Rect, Scalar};

    /// A 200×100 px frame of four coloured bands, 1 px a mm.
    fn board() -> Mat {
        let mut img = Mat::new_rows_cols_with_default(100, 200, CV_8UC3, Scalar::all(0.0)).unwrap();
        let bands = [
            [60.0, 120.0, 180.0],
            [200.0, 190.0, 90.0],
            [90.0, 90.0, 90.0],
            [40.0, 160.0, 70.0],
        ];
        for (k, c) in bands.iter().enumerate() {
            let mut roi = Mat::roi_mut(&mut img, Rect::new(50 * k as i32, 0, 50, 100)).unwrap();
            roi.set_to(&Scalar::new(c[0], c[1], c[2], 0.0), &core::no_array())
                .unwrap();
        }
        img
    }

    fn identity() -> Homography {
        Homography([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    }

    #[test]
    fn a_cast_is_measured_on_the_board_and_undone_despite_a_covered_patch() {
        let img = board();
        let look = BoardLook::sample(&img, &identity(), [200.0, 100.0]).unwrap();
        assert_eq!(look.problem(), None);
        // The same frame back: neutral, nothing to do.
        let g = look.gains(&img, &identity()).unwrap();
        assert!(g.iter().all(|v| (v - 1.0).abs() < 1e-9), "{g:?}");
        assert!(apply_gains(&img, g).unwrap().is_none());
        // A warm cast (blue down, red up) and a dark die over part of it.
        let mut cast = Mat::default();
        let warm =
            Mat::from_slice_2d(&[[0.8, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.2]]).unwrap();
        core::transform(&img, &mut cast, &warm).unwrap();
        let mut roi = Mat::roi_mut(&mut cast, Rect::new(10, 10, 20, 20)).unwrap();
        roi.set_to(&Scalar::new(30.0, 30.0, 200.0, 0.0), &core::no_array())
            .unwrap();
        let g = look.gains(&cast, &identity()).unwrap();
        let undone = [g[0] * 0.8, g[1], g[2] * 1.2];
        assert!(undone.iter().all(|r| (r - 1.0).abs() < 0.02), "{g:?}");
        let fixed = apply_gains(&cast, g)
            .unwrap()
            .expect("a cast of 20 % is corrected");
        let px = fixed.at_2d::<core::Vec3b>(50, 75).unwrap();
        // The second band is blue-ish again: blue over red as at calibration.
        let (b, r) = (px[0] as f64, px[2] as f64);
        assert!((b / r - 200.0 / 90.0).abs() < 0.1, "{px:?}");
    }

    #[test]
    fn a_frame_without_the_board_gives_no_gains_and_a_bad_look_says_which_field() {
        let img = board();
        let look = BoardLook::sample(&img, &identity(), [200.0, 100.0]).unwrap();
        // The board mapped far outside the frame: nothing to compare.
        let away = Homography([[1.0, 0.0, 5000.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
        assert_eq!(look.gains(&img, &away), None);
        let mut short = look.clone();
        short.bgr.pop();
        assert_eq!(short.problem().map(|p| p.0), Some("board_look.bgr"));
        assert_eq!(short.gains(&img, &identity()), None);
        let mut newer = look;
        newer.version = 2;
        assert_eq!(newer.problem().map(|p| p.0), Some("board_look.version"));
    }

    #[test]
    fn a_clipped_channel_is_not_darkened_below_the_pixel_s_other_channels() {
        // Under a blue lamp: a white die (blue clipped), a blue die (blue
        // clipped too, little else), a parchment grey not clipped.
        let px = [
            [255.0, 245.0, 174.0],
            [255.0, 80.0, 40.0],
            [180.0, 170.0, 120.0],
        ];
        let mut img = Mat::new_rows_cols_with_default(1, 3, CV_8UC3, Scalar::all(0.0)).unwrap();
        for (i, c) in px.iter().enumerate() {
            *img.at_2d_mut::<core::Vec3b>(0, i as i32).unwrap() =
                core::Vec3b::from(c.map(|v| v as u8));
        }
        let g = [0.78, 1.0, 1.4];
        let out = apply_gains(&img, g).unwrap().unwrap();
        let at = |i: i32| out.at_2d::<core::Vec3b>(0, i).unwrap().0;
        // White stays white: blue as high as red once corrected.
        assert_eq!(at(0), [244, 245, 244]);
        // The blue die keeps its scaled blue: nothing else is as bright.
        assert_eq!(at(1), [199, 80, 56]);
        // Below the knee every channel is scaled as the gains say.
        assert_eq!(at(2), [140, 170, 168]);
    }

    #[test]
    fn a_look_taken_under_a_lamp_is_neutralised_on_the_markers() {
        use crate::profile::{Layout, Method};
        // Area 200×120 mm at 1 px a mm, 40 px in from the frame's corner,
        // a 50 mm black marker with white bits and a white margin on each
        // corner, the board two colours.
        let area = [200.0, 120.0];
        let table = vec![[0.0, 0.0], [200.0, 0.0], [200.0, 120.0], [0.0, 120.0]];
        let image = table.iter().map(|p| [p[0] + 40.0, p[1] + 40.0]).collect();
        let method = Method::Aruco {
            layout: Layout::Corners,
            dictionary: "DICT_4X4_50".into(),
            marker_ids: vec![0, 1, 2, 3],
        };
        let profile =
            CalibrationProfile::from_points(method, Some([280, 200]), area, image, table).unwrap();
        let mut img =
            Mat::new_rows_cols_with_default(200, 280, CV_8UC3, Scalar::all(60.0)).unwrap();
        let mut fill = |x: i32, y: i32, w: i32, h: i32, c: [f64; 3]| {
            let mut roi = Mat::roi_mut(&mut img, Rect::new(x, y, w, h)).unwrap();
            roi.set_to(&Scalar::new(c[0], c[1], c[2], 0.0), &core::no_array())
                .unwrap();
        };
        fill(40, 40, 100, 120, [70.0, 150.0, 110.0]);
        fill(140, 40, 100, 120, [150.0, 90.0, 80.0]);
        for (x, y) in [(40, 40), (240, 40), (240, 160), (40, 160)] {
            fill(x - 31, y - 31, 62, 62, [245.0; 3]);
            fill(x - 25, y - 25, 50, 50, [10.0; 3]);
            fill(x - 10, y - 17, 12, 20, [245.0; 3]);
        }
        let mut neutral = Mat::default();
        opencv::imgproc::gaussian_blur(
            &img,
            &mut neutral,
            core::Size::new(5, 5),
            1.2,
            0.0,
            core::BORDER_DEFAULT,
        )
        .unwrap();
        let lamp =
            Mat::from_slice_2d(&[[1.3, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.72]]).unwrap();
        let mut lit = Mat::default();
        core::transform(&neutral, &mut lit, &lamp).unwrap();
        let (plain, none) = BoardLook::of_calibration(&neutral, &profile).unwrap();
        assert!(
            none.unwrap().iter().all(|g| (g - 1.0).abs() < 0.01),
            "{none:?}"
        );
        assert_eq!(
            plain,
            BoardLook::sample(&neutral, &profile.table_to_image, area).unwrap()
        );
        let (look, gains) = BoardLook::of_calibration(&lit, &profile).unwrap();
        let g = gains.unwrap();
        assert!(
            (g[0] / g[1] - 1.0 / 1.3).abs() < 0.02 && (g[2] / g[1] - 1.0 / 0.72).abs() < 0.04,
            "{g:?}"
        );
        // The neutral still read against the neutralised look: only a
        // brightness change, the same in every channel.
        let back = look.gains(&neutral, &profile.table_to_image).unwrap();
        assert!(
            (back[0] / back[1] - 1.0).abs() < 0.03 && (back[2] / back[1] - 1.0).abs() < 0.03,
            "{back:?}"
        );
    }

    #[test]
    fn the_still_lit_as_the_frame_clips_where_the_frame_clips() {
        // White paper and a mid grey in neutral light; a frame of them
        // under a blue lamp clips the paper's blue.
        let mut still = Mat::new_rows_cols_with_default(1, 2, CV_8UC3, Scalar::all(0.0)).unwrap();
        *still.at_2d_mut::<core::Vec3b>(0, 0).unwrap() = core::Vec3b::from([245, 240, 236]);
        *still.at_2d_mut::<core::Vec3b>(0, 1).unwrap() = core::Vec3b::from([120, 120, 120]);
        let lamp =
            Mat::from_slice_2d(&[[1.3, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.72]]).unwrap();
        let mut frame = Mat::default();
        core::transform(&still, &mut frame, &lamp).unwrap();
        let g = [1.0 / 1.3, 1.0, 1.0 / 0.72];
        let back = apply_gains(&frame, g).unwrap().unwrap();
        let lit = as_if_lit(&still, g).unwrap().unwrap();
        let px = |m: &Mat, i: i32| m.at_2d::<core::Vec3b>(0, i).unwrap().0.map(|v| v as i32);
        for i in 0..2 {
            let (a, b) = (px(&back, i), px(&lit, i));
            assert!((0..3).all(|k| (a[k] - b[k]).abs() <= 1), "{a:?} {b:?}");
        }
        // The grey is brought back to the still's own level.
        assert!((0..3).all(|k| (px(&back, 1)[k] - 120).abs() <= 1));
        assert!(as_if_lit(&still, [1.0; 3]).unwrap().is_none());
    }
}
