//! Scoring the reader against photos with YOLO top-face labels.
//!
//! Label files hold one line per die: `class cx cy w h`, normalised to the
//! image size, where class k means face k+1 and the box covers the top face.
//! A detection matches a label when its centre lies inside the label's box
//! (the nearest such label when boxes overlap; each label matches once).

use crate::error::{Result, VisionError};
use crate::image_io::load_bgr;
use crate::reader::{DiceReader, Die, Reading};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One labelled top face, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelBox {
    /// Class + 1 (face value 1..=6 for pip dice).
    pub face: u8,
    /// The face's name: "1".."6", or the class's name from `classes.txt`.
    pub name: String,
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl LabelBox {
    fn contains(&self, x: f32, y: f32) -> bool {
        self.x0 <= x && x <= self.x1 && self.y0 <= y && y <= self.y1
    }
    fn center(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }
    /// The face's side in pixels: the geometric mean of the box's sides.
    pub fn side(&self) -> f32 {
        ((self.x1 - self.x0) * (self.y1 - self.y0)).max(0.0).sqrt()
    }
}

/// Upper bounds of the face-size bands, pixels; the last band is open.
pub const SIZE_BANDS_PX: [f32; 3] = [25.0, 40.0, 80.0];

/// The band of a face `side` pixels wide: 0 under 25 px, 1 under 40, 2
/// under 80, 3 for 80 px and more.
pub fn size_band(side: f32) -> usize {
    SIZE_BANDS_PX.iter().take_while(|&&b| side >= b).count()
}

/// Labelled faces of one size band and how many were read right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BandScore {
    pub labels: usize,
    pub correct: usize,
    pub correct_sure: usize,
}

/// Parse a YOLO label file's text for an image of the given size, class k
/// being pip face k+1. Blank lines are skipped; anything else malformed is
/// an error naming the line.
pub fn parse_yolo(
    text: &str,
    width: u32,
    height: u32,
) -> std::result::Result<Vec<LabelBox>, String> {
    let names: Vec<String> = (1..=6).map(|k| k.to_string()).collect();
    parse_yolo_named(text, width, height, &names)
}

/// How far past the image's edge (a fraction of its size) a label's centre
/// may lie and still be read as on it: rounding in labelling tools.
const CENTRE_SLACK: f32 = 0.005;

/// [`parse_yolo`] with class k named `names[k]`.
pub fn parse_yolo_named(
    text: &str,
    width: u32,
    height: u32,
    names: &[String],
) -> std::result::Result<Vec<LabelBox>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        if fields.len() != 5 {
            return Err(format!(
                "line {}: expected 5 fields, found {}",
                i + 1,
                fields.len()
            ));
        }
        let class: u8 = fields[0].parse().map_err(|_| {
            format!(
                "line {}: class {:?} is not a small integer",
                i + 1,
                fields[0]
            )
        })?;
        if class as usize >= names.len() {
            return Err(format!(
                "line {}: class {class} is outside 0..={}",
                i + 1,
                names.len().saturating_sub(1)
            ));
        }
        let mut v = [0f32; 4];
        for (k, f) in fields[1..].iter().enumerate() {
            v[k] = f
                .parse()
                .map_err(|_| format!("line {}: {:?} is not a number", i + 1, f))?;
        }
        let (cx, cy, w, h) = (
            v[0] * width as f32,
            v[1] * height as f32,
            v[2] * width as f32,
            v[3] * height as f32,
        );
        if v.iter().any(|x| !x.is_finite()) || w <= 0.0 || h <= 0.0 {
            return Err(format!("line {}: box must be finite with positive size", i + 1));
        }
        // Centres are fractions of the image's size: one outside 0..1 lies
        // off the image and would only ever be scored as a missed die. A
        // labelling tool's rounding (1.0004) is let through, not refused.
        let on = -CENTRE_SLACK..=1.0 + CENTRE_SLACK;
        if !on.contains(&v[0]) || !on.contains(&v[1]) {
            return Err(format!(
                "line {}: centre ({}, {}) lies off the image (YOLO centres are fractions 0..1 of its size)",
                i + 1,
                fields[1],
                fields[2]
            ));
        }
        out.push(LabelBox {
            face: class + 1,
            name: names[class as usize].clone(),
            x0: cx - w / 2.0,
            y0: cy - h / 2.0,
            x1: cx + w / 2.0,
            y1: cy + h / 2.0,
        });
    }
    Ok(out)
}

/// Counts for one image.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImageScore {
    pub labels: usize,
    pub detections: usize,
    /// Detections matched to a label.
    pub matched: usize,
    /// Matched detections whose face equals the label's.
    pub correct: usize,
    /// Matched detections read right and sure (confidence at least
    /// [`ASK_BELOW`]): what a player gets without being asked.
    pub correct_sure: usize,
    /// Matched detections read wrong yet sure: errors nobody is asked about.
    pub wrong_sure: usize,
    /// Detections below [`ASK_BELOW`]: put to the player.
    pub asked: usize,
    /// Detections matching no label yet sure: a die made up unasked.
    pub spurious_sure: usize,
    /// The labelled faces by size band ([`size_band`]).
    pub by_size: [BandScore; 4],
}

impl ImageScore {
    /// The errors by kind, for the eval's census line: labels missed,
    /// misreads sure, misreads asked, spurious dice (all), spurious sure.
    pub fn error_kinds(&self) -> [usize; 5] {
        let misread = self.matched - self.correct;
        [
            self.labels - self.matched,
            self.wrong_sure,
            misread - self.wrong_sure,
            self.detections - self.matched,
            self.spurious_sure,
        ]
    }
}

/// Below this confidence a reading is put to the player (the application
/// core's threshold for a camera reading).
pub const ASK_BELOW: f32 = 0.8;

/// What went wrong on one image (for the eval's detail listing).
#[derive(Clone, Debug, PartialEq)]
pub enum Miss {
    /// A label no detection matched.
    Missed { face: u8, center: (f32, f32) },
    /// A detection matching no label.
    Spurious {
        face: Option<String>,
        center: (f32, f32),
        /// Mean side of the detection's outline, pixels.
        side: f32,
        /// The reading's confidence: below [`ASK_BELOW`] it was asked.
        confidence: f32,
    },
    /// A match with the wrong face.
    WrongFace {
        expected: u8,
        read: Option<String>,
        center: (f32, f32),
        /// Centre of the label box it matched (for joining two runs).
        label_center: (f32, f32),
        /// The reading's confidence: below [`ASK_BELOW`] it was asked.
        confidence: f32,
    },
}

/// Match detections to labels and count.
pub fn score_image(labels: &[LabelBox], dice: &[Die]) -> (ImageScore, Vec<Miss>) {
    let mut used = vec![false; labels.len()];
    let mut score = ImageScore {
        labels: labels.len(),
        detections: dice.len(),
        ..Default::default()
    };
    let mut misses = Vec::new();
    for d in dice {
        let (x, y) = (d.center[0], d.center[1]);
        let sure = d.confidence >= ASK_BELOW;
        if !sure {
            score.asked += 1;
        }
        let best = labels
            .iter()
            .enumerate()
            .filter(|(i, l)| !used[*i] && l.contains(x, y))
            .min_by(|(_, a), (_, b)| {
                let da = (a.center().0 - x).hypot(a.center().1 - y);
                let db = (b.center().0 - x).hypot(b.center().1 - y);
                da.total_cmp(&db)
            })
            .map(|(i, _)| i);
        match best {
            Some(i) => {
                used[i] = true;
                score.matched += 1;
                if d.face.as_deref() == Some(labels[i].name.as_str()) {
                    score.correct += 1;
                    score.correct_sure += sure as usize;
                    let band = &mut score.by_size[size_band(labels[i].side())];
                    band.correct += 1;
                    band.correct_sure += sure as usize;
                } else {
                    score.wrong_sure += sure as usize;
                    misses.push(Miss::WrongFace {
                        expected: labels[i].face,
                        read: d.face.clone(),
                        center: (x, y),
                        label_center: labels[i].center(),
                        confidence: d.confidence,
                    });
                }
            }
            None => {
                score.spurious_sure += sure as usize;
                misses.push(Miss::Spurious {
                    face: d.face.clone(),
                    center: (x, y),
                    side: (0..4)
                        .map(|i| {
                            let (a, b) = (d.corners[i], d.corners[(i + 1) % 4]);
                            (a[0] - b[0]).hypot(a[1] - b[1])
                        })
                        .sum::<f32>()
                        / 4.0,
                    confidence: d.confidence,
                })
            }
        }
    }
    for l in labels {
        score.by_size[size_band(l.side())].labels += 1;
    }
    for (i, l) in labels.iter().enumerate() {
        if !used[i] {
            misses.push(Miss::Missed {
                face: l.face,
                center: l.center(),
            });
        }
    }
    (score, misses)
}

/// Totals over a directory.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub images: usize,
    pub totals: ImageScore,
    /// Milliseconds per image, reading only (decoding excluded).
    pub times_ms: Vec<f64>,
    /// Per image: file name and what went wrong there.
    pub misses: Vec<(String, Miss)>,
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

impl Summary {
    /// Labelled faces that were found.
    pub fn recall(&self) -> f64 {
        ratio(self.totals.matched, self.totals.labels)
    }
    /// Detections that are labelled faces.
    pub fn precision(&self) -> f64 {
        ratio(self.totals.matched, self.totals.detections)
    }
    /// Found faces read correctly.
    pub fn face_accuracy(&self) -> f64 {
        ratio(self.totals.correct, self.totals.matched)
    }
    /// Labelled faces read right, out of all labelled faces: a miss counts
    /// as wrong. The figure a player feels.
    pub fn read_right(&self) -> f64 {
        ratio(self.totals.correct, self.totals.labels)
    }
    /// Labelled faces read right without asking the player.
    pub fn read_right_sure(&self) -> f64 {
        ratio(self.totals.correct_sure, self.totals.labels)
    }
    /// Mean, median and 95th percentile of the per-image time, ms.
    pub fn timing(&self) -> (f64, f64, f64) {
        if self.times_ms.is_empty() {
            return (0.0, 0.0, 0.0);
        }
        let mut t = self.times_ms.clone();
        t.sort_by(|a, b| a.total_cmp(b));
        let mean = t.iter().sum::<f64>() / t.len() as f64;
        let pick = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
        (mean, pick(0.5), pick(0.95))
    }
}

/// Images in `dir` (jpg, jpeg, png), sorted by name.
pub fn list_images(dir: &Path) -> Result<Vec<PathBuf>> {
    let rd = std::fs::read_dir(dir).map_err(|error| VisionError::File {
        what: "folder",
        path: dir.to_path_buf(),
        error,
    })?;
    let mut out: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .map(|e| matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "png"))
                .unwrap_or(false)
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Read every image of a YOLO-labelled directory and score the reader.
/// An image without a label file counts as showing no dice.
pub fn evaluate_dir(dir: &Path, reader: &DiceReader) -> Result<Summary> {
    evaluate_dir_with(dir, |frame| reader.read(frame))
}

/// Class names for a YOLO folder's labels (its `classes.txt`, see
/// [`crate::faceset::class_names`]).
fn names_for(dir: &Path) -> Result<Vec<String>> {
    crate::faceset::class_names(dir)
}

/// [`evaluate_dir`] with any way of reading a frame (a yardstick recipe, say).
pub fn evaluate_dir_with(dir: &Path, read: impl Fn(&opencv::core::Mat) -> Result<Reading>) -> Result<Summary> {
    let images = list_images(dir)?;
    // An empty folder would score nothing and print NaN figures.
    if images.is_empty() {
        return Err(VisionError::NoImages {
            dir: dir.to_path_buf(),
        });
    }
    let names = names_for(dir)?;
    let mut summary = Summary::default();
    for path in images {
        let frame = load_bgr(&path)?;
        let label_path = path.with_extension("txt");
        let text = match std::fs::read_to_string(&label_path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => {
                return Err(VisionError::File {
                    what: "label file",
                    path: label_path,
                    error,
                })
            }
        };
        let start = Instant::now();
        let reading = read(&frame)?;
        summary
            .times_ms
            .push(start.elapsed().as_secs_f64() * 1000.0);
        let labels =
            parse_yolo_named(&text, reading.width, reading.height, &names).map_err(|reason| {
                VisionError::BadLabel {
                    path: label_path.clone(),
                    reason,
                }
            })?;
        let (score, misses) = score_image(&labels, &reading.dice);
        summary.images += 1;
        summary.totals.labels += score.labels;
        summary.totals.detections += score.detections;
        summary.totals.matched += score.matched;
        summary.totals.correct += score.correct;
        summary.totals.correct_sure += score.correct_sure;
        summary.totals.wrong_sure += score.wrong_sure;
        summary.totals.asked += score.asked;
        summary.totals.spurious_sure += score.spurious_sure;
        for (all, one) in summary.totals.by_size.iter_mut().zip(&score.by_size) {
            all.labels += one.labels;
            all.correct += one.correct;
            all.correct_sure += one.correct_sure;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        summary
            .misses
            .extend(misses.into_iter().map(|m| (name.clone(), m)));
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die_at(x: f32, y: f32, face: &str) -> Die {
        Die {
            center: [x, y],
            corners: [
                [x - 1.0, y - 1.0],
                [x + 1.0, y - 1.0],
                [x + 1.0, y + 1.0],
                [x - 1.0, y + 1.0],
            ],
            face: Some(face.into()),
            color: "white".into(),
            confidence: 1.0,
            cocked: false,
        }
    }

    #[test]
    fn faces_are_counted_in_their_size_band() {
        assert_eq!(
            [10.0, 24.9, 25.0, 39.9, 40.0, 79.9, 80.0, 500.0].map(size_band),
            [0, 0, 1, 1, 2, 2, 3, 3]
        );
        // A 20 px face read right and sure, a 30 px face read wrong, a
        // 100 px face missed, a 50 px face read right but asked.
        let label = |x: f32, side: f32, name: &str| LabelBox {
            face: name.parse().unwrap(),
            name: name.into(),
            x0: x - side / 2.0,
            y0: 100.0 - side / 2.0,
            x1: x + side / 2.0,
            y1: 100.0 + side / 2.0,
        };
        let labels = [label(100.0, 20.0, "1"), label(200.0, 30.0, "2"), label(400.0, 100.0, "3"), label(600.0, 50.0, "4")];
        let mut asked = die_at(600.0, 100.0, "4");
        asked.confidence = 0.5;
        let dice = [die_at(100.0, 100.0, "1"), die_at(200.0, 100.0, "5"), asked];
        let (score, _) = score_image(&labels, &dice);
        let b = |labels, correct, correct_sure| BandScore { labels, correct, correct_sure };
        assert_eq!(score.by_size, [b(1, 1, 1), b(1, 0, 0), b(1, 1, 0), b(1, 0, 0)]);
    }

    #[test]
    fn yolo_lines_become_pixel_boxes_with_face_values() {
        let b = parse_yolo("2 0.5 0.25 0.1 0.2\n\n0 0.1 0.1 0.2 0.2\n", 640, 480).unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].face, 3);
        assert!((b[0].x0 - 288.0).abs() < 1e-3 && (b[0].x1 - 352.0).abs() < 1e-3);
        assert!((b[0].y0 - 72.0).abs() < 1e-3 && (b[0].y1 - 168.0).abs() < 1e-3);
        assert_eq!(b[1].face, 1);
    }

    #[test]
    fn malformed_yolo_lines_are_errors_naming_the_line() {
        assert!(parse_yolo("1 0.5 0.5 0.1\n", 10, 10)
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_yolo("0 0.5 0.5 0.1 0.1\n7 0.5 0.5 0.1 0.1", 10, 10)
            .unwrap_err()
            .contains("line 2"));
        assert!(parse_yolo("x 0.5 0.5 0.1 0.1", 10, 10).is_err());
    }

    /// Bad-input sweep, 2026-11-27: centres off the image were scored as
    /// missed dice; they are refused naming the line.
    #[test]
    fn label_centres_off_the_image_are_refused_naming_the_line() {
        for line in ["0 1.5 0.5 0.1 0.1", "0 0.5 -0.3 0.1 0.1"] {
            let text = format!("0 0.5 0.5 0.1 0.1\n{line}\n");
            let e = parse_yolo(&text, 10, 10).unwrap_err();
            assert!(
                e.starts_with("line 2:") && e.contains("off the image"),
                "{e}"
            );
        }
        assert!(
            parse_yolo("0 0 1 0.1 0.1\n0 1.004 -0.004 0.1 0.1", 10, 10).is_ok(),
            "the edges, and a rounding past them, are on the image"
        );
    }

    /// Bad-input sweep, 2026-11-27: an empty folder printed NaN figures and
    /// exited 0; a missing folder, and a folder where a label file or the
    /// class list should be, were each "cannot read image file".
    #[test]
    fn folders_that_hold_no_labelled_photos_say_what_is_wrong() {
        let read = |_: &opencv::core::Mat| -> Result<Reading> { unreachable!("nothing to read") };
        let dir = std::env::temp_dir().join(format!("tw-eval-empty-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let missing = evaluate_dir_with(&dir, read).unwrap_err().to_string();
        assert!(missing.starts_with("cannot read folder "), "{missing}");
        std::fs::create_dir_all(&dir).unwrap();
        let empty = evaluate_dir_with(&dir, read).unwrap_err().to_string();
        assert_eq!(
            empty,
            format!(
                "no labelled images in {}: it holds no .jpg, .jpeg or .png file",
                dir.display()
            )
        );
        std::fs::write(dir.join("a.png"), b"").unwrap();
        std::fs::create_dir(dir.join("classes.txt")).unwrap();
        let classes = evaluate_dir_with(&dir, read).unwrap_err().to_string();
        assert!(classes.starts_with("cannot read class list "), "{classes}");
        std::fs::remove_dir(dir.join("classes.txt")).unwrap();
        let img = opencv::core::Mat::new_rows_cols_with_default(
            16,
            16,
            opencv::core::CV_8UC3,
            opencv::core::Scalar::all(90.0),
        )
        .unwrap();
        let png = dir.join("a.png");
        opencv::imgcodecs::imwrite(png.to_str().unwrap(), &img, &opencv::core::Vector::new())
            .unwrap();
        std::fs::create_dir(dir.join("a.txt")).unwrap();
        let label = evaluate_dir_with(&dir, read).unwrap_err().to_string();
        assert!(label.starts_with("cannot read label file "), "{label}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn detections_match_labels_whose_box_holds_their_centre() {
        let labels = parse_yolo(
            "0 0.25 0.5 0.2 0.2\n5 0.75 0.5 0.2 0.2\n3 0.5 0.9 0.1 0.1",
            100,
            100,
        )
        .unwrap();
        let dice = vec![
            die_at(25.0, 50.0, "1"),
            die_at(76.0, 52.0, "5"),
            die_at(50.0, 20.0, "2"),
        ];
        let (s, misses) = score_image(&labels, &dice);
        assert_eq!(
            s,
            ImageScore {
                labels: 3,
                detections: 3,
                matched: 2,
                correct: 1,
                correct_sure: 1,
                wrong_sure: 1,
                asked: 0,
                spurious_sure: 1,
                by_size: s.by_size,
            }
        );
        // One missed, one misread sure, none asked, one spurious (sure).
        assert_eq!(s.error_kinds(), [1, 1, 0, 1, 1]);
        assert_eq!(misses.len(), 3);
        assert!(misses
            .iter()
            .any(|m| matches!(m, Miss::WrongFace { expected: 6, .. })));
        assert!(misses.iter().any(|m| matches!(m, Miss::Spurious { .. })));
        assert!(misses
            .iter()
            .any(|m| matches!(m, Miss::Missed { face: 4, .. })));
    }

    #[test]
    fn asked_misreads_and_spurious_dice_are_told_from_sure_ones() {
        let labels = parse_yolo("0 0.25 0.5 0.2 0.2\n5 0.75 0.5 0.2 0.2", 100, 100).unwrap();
        let asked = |mut d: Die| {
            d.confidence = 0.5;
            d
        };
        let dice = vec![
            asked(die_at(25.0, 50.0, "2")),
            die_at(75.0, 50.0, "4"),
            asked(die_at(50.0, 10.0, "3")),
        ];
        let (s, misses) = score_image(&labels, &dice);
        // Nothing missed, one misread sure, one asked, one spurious (asked).
        assert_eq!(s.error_kinds(), [0, 1, 1, 1, 0]);
        assert!(misses.iter().any(
            |m| matches!(m, Miss::WrongFace { expected: 1, confidence, .. } if *confidence == 0.5)
        ));
        assert!(misses.iter().any(
            |m| matches!(m, Miss::WrongFace { label_center, .. } if *label_center == (75.0, 50.0))
        ));
    }

    #[test]
    fn a_label_is_matched_at_most_once() {
        let labels = parse_yolo("0 0.5 0.5 0.4 0.4", 100, 100).unwrap();
        let dice = vec![die_at(50.0, 50.0, "1"), die_at(52.0, 50.0, "1")];
        let (s, _) = score_image(&labels, &dice);
        assert_eq!((s.matched, s.detections), (1, 2));
    }

    #[test]
    fn timing_summary_picks_mean_median_and_p95() {
        let s = Summary {
            times_ms: (1..=100).map(|i| i as f64).collect(),
            ..Default::default()
        };
        let (mean, median, p95) = s.timing();
        assert!((mean - 50.5).abs() < 1e-9);
        assert!((median - 51.0).abs() < 1.01);
        assert!((p95 - 95.0).abs() < 1.01);
    }
}
