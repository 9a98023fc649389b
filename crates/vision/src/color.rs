//! Colour classes of dice, from configurable HSV ranges.
//!
//! The ranges live in `data/colors.json` (embedded) and can be replaced by a
//! player's own file, because "red" under a warm desk lamp is not "red" under
//! daylight.

use crate::error::{Result, VisionError};
use serde::Deserialize;

/// One named class: all given ranges must hold.
#[derive(Clone, Debug, Deserialize)]
pub struct ColorClass {
    pub name: String,
    /// Hue ranges (inclusive, OpenCV scale 0–179); any one may match.
    #[serde(default)]
    pub h: Option<Vec<[u8; 2]>>,
    #[serde(default)]
    pub s: Option<[u8; 2]>,
    #[serde(default)]
    pub v: Option<[u8; 2]>,
}

/// Ordered list of classes plus the name used when none matches.
#[derive(Clone, Debug, Deserialize)]
pub struct ColorTable {
    pub fallback: String,
    pub classes: Vec<ColorClass>,
}

/// An HSV triple on OpenCV's 8-bit scales.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hsv {
    pub h: u8,
    pub s: u8,
    pub v: u8,
}

impl Hsv {
    /// Convert from 8-bit B, G, R the way OpenCV's COLOR_BGR2HSV does.
    pub fn from_bgr(b: u8, g: u8, r: u8) -> Hsv {
        let (bf, gf, rf) = (b as f32, g as f32, r as f32);
        let v = bf.max(gf).max(rf);
        let min = bf.min(gf).min(rf);
        let delta = v - min;
        let s = if v > 0.0 { 255.0 * delta / v } else { 0.0 };
        let mut h = if delta == 0.0 {
            0.0
        } else if v == rf {
            60.0 * (gf - bf) / delta
        } else if v == gf {
            120.0 + 60.0 * (bf - rf) / delta
        } else {
            240.0 + 60.0 * (rf - gf) / delta
        };
        if h < 0.0 {
            h += 360.0;
        }
        Hsv {
            h: ((h / 2.0).round() as u32 % 180) as u8,
            s: s.round() as u8,
            v: v as u8,
        }
    }
}

impl ColorTable {
    /// The built-in table from `data/colors.json`.
    pub fn builtin() -> ColorTable {
        Self::from_json(include_str!("../data/colors.json"))
            .expect("the embedded colour table is valid JSON (checked by tests)")
    }

    /// Parse a colour table from JSON text.
    pub fn from_json(text: &str) -> Result<ColorTable> {
        let t: ColorTable = serde_json::from_str(text).map_err(|e| VisionError::Config {
            name: "colour table".into(),
            reason: e.to_string(),
        })?;
        for c in &t.classes {
            for r in c.h.iter().flatten() {
                if r[0] > r[1] || r[1] > 179 {
                    return Err(VisionError::Config {
                        name: "colour table".into(),
                        reason: format!(
                            "class {}: hue range {:?} must be low..high within 0..179",
                            c.name, r
                        ),
                    });
                }
            }
        }
        Ok(t)
    }

    /// Name of the first class matching `hsv`, or the fallback.
    pub fn classify(&self, hsv: Hsv) -> &str {
        let within = |r: &Option<[u8; 2]>, x: u8| r.is_none_or(|[lo, hi]| lo <= x && x <= hi);
        self.classes
            .iter()
            .find(|c| {
                within(&c.s, hsv.s)
                    && within(&c.v, hsv.v)
                    && c.h
                        .as_ref()
                        .is_none_or(|rs| rs.iter().any(|[lo, hi]| *lo <= hsv.h && hsv.h <= *hi))
            })
            .map_or(self.fallback.as_str(), |c| c.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::{
        core::{Mat, Scalar, CV_8UC3},
        imgproc,
        prelude::*,
    };

    #[test]
    fn builtin_table_parses_and_names_common_dice() {
        let t = ColorTable::builtin();
        let class = |b, g, r| t.classify(Hsv::from_bgr(b, g, r)).to_string();
        assert_eq!(class(235, 238, 240), "white");
        assert_eq!(class(190, 228, 240), "white"); // cream
        assert_eq!(class(30, 30, 30), "black");
        assert_eq!(class(40, 35, 200), "red");
        assert_eq!(class(60, 150, 40), "green");
        assert_eq!(class(190, 90, 30), "blue");
        assert_eq!(class(40, 200, 230), "other"); // yellow
    }

    #[test]
    fn hsv_matches_opencv() {
        for (b, g, r) in [
            (10u8, 200u8, 30u8),
            (200, 10, 30),
            (30, 30, 200),
            (128, 128, 128),
            (0, 0, 0),
            (250, 240, 10),
        ] {
            let m = Mat::new_rows_cols_with_default(
                1,
                1,
                CV_8UC3,
                Scalar::new(b as f64, g as f64, r as f64, 0.0),
            )
            .unwrap();
            let mut hsv = Mat::default();
            imgproc::cvt_color(&m, &mut hsv, imgproc::COLOR_BGR2HSV, 0).unwrap();
            let px = hsv.at_2d::<opencv::core::Vec3b>(0, 0).unwrap();
            let ours = Hsv::from_bgr(b, g, r);
            assert!(
                (ours.h as i32 - px[0] as i32).abs() <= 1,
                "{:?} vs {:?}",
                ours,
                px
            );
            assert!(
                (ours.s as i32 - px[1] as i32).abs() <= 1,
                "{:?} vs {:?}",
                ours,
                px
            );
            assert_eq!(ours.v, px[2]);
        }
    }

    #[test]
    fn bad_tables_are_refused_with_a_reason() {
        assert!(ColorTable::from_json("{").is_err());
        let err =
            ColorTable::from_json(r#"{"fallback":"other","classes":[{"name":"x","h":[[20,10]]}]}"#)
                .unwrap_err();
        assert!(err.to_string().contains("hue range"), "{err}");
    }
}
