//! Shared by the development diagnostics: each generated scene of a folder
//! with its truth, image and calibration.

use tw_target::eval::list_scenes;

pub struct Scene {
    pub name: String,
    pub truth: tw_synth::SceneTruth,
    pub img: opencv::core::Mat,
    pub board_to_image: [[f64; 3]; 3],
}

pub fn scenes(dir: &std::path::Path) -> impl Iterator<Item = Scene> {
    list_scenes(dir).unwrap().into_iter().map(|tp| {
        let truth = synth_truth(&tp);
        let img = tw_target::io::load_image(&tp.with_file_name(&truth.image)).unwrap();
        let cal = tp.to_string_lossy().trim_end_matches(".json").to_string() + ".calibration.json";
        let prof = tw_calibration::CalibrationProfile::load(std::path::Path::new(&cal)).unwrap();
        Scene {
            name: tp.file_name().unwrap().to_string_lossy().to_string(),
            truth,
            img,
            board_to_image: prof.table_to_image.0,
        }
    })
}

/// The shipped die set, or the one named by `DIAG_DIE_SET` (a path), to
/// look at a model being tried.
pub fn shipped_set() -> tw_target::DieSet {
    let path = std::env::var("DIAG_DIE_SET")
        .unwrap_or_else(|_| "models/dice-sets/dungeon-fighter.json".into());
    tw_target::DieSet::load(std::path::Path::new(&path)).unwrap()
}

/// The accepted reading nearest a true die's centre (board mm).
#[allow(dead_code)] // not every diagnostic matches readings to dice
pub fn nearest<'a>(
    ms: &'a [tw_target::read::Measured],
    centre_mm: [f64; 2],
) -> Option<&'a tw_target::read::Measured> {
    let dist = |m: &tw_target::read::Measured| {
        (m.fit.centre_mm[0] - centre_mm[0]).hypot(m.fit.centre_mm[1] - centre_mm[1])
    };
    ms.iter().min_by(|a, b| dist(a).total_cmp(&dist(b)))
}

/// How far the fitted corner farthest from its nearest true corner lies (mm).
#[allow(dead_code)] // not every diagnostic matches readings to dice
pub fn worst_corner_mm(truth: &[[f64; 2]], fit: &[[f64; 2]]) -> f64 {
    tw_target::eval::worst_corner_mm(truth, fit)
}

/// A fit's turn error against the true die (degrees, within the
/// pentagon's ±36°): near ±36° the top face was fitted upside down.
#[allow(dead_code)] // not every diagnostic matches readings to dice
pub fn turn_error_deg(fit: &tw_target::fit::Fit, d: &tw_synth::DieTruth) -> f64 {
    let turn = |cs: &[[f64; 2]], c: [f64; 2]| {
        (cs[0][1] - c[1])
            .atan2(cs[0][0] - c[0])
            .to_degrees()
            .rem_euclid(72.0)
    };
    (turn(&fit.corners_mm, fit.centre_mm) - turn(&d.corners_mm, d.center_mm) + 36.0)
        .rem_euclid(72.0)
        - 36.0
}

/// The true die's top-face circumradius in the image (px): its size.
#[allow(dead_code)] // not every diagnostic matches readings to dice
pub fn top_radius_px(d: &tw_synth::DieTruth) -> f64 {
    d.corners_px
        .iter()
        .map(|p| (p[0] - d.center_px[0]).hypot(p[1] - d.center_px[1]))
        .sum::<f64>()
        / 5.0
}

/// The readings of a frame the die set accepts, as the reader keeps them.
#[allow(dead_code)] // not every diagnostic matches readings to dice
pub fn accepted(
    img: &opencv::core::Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &tw_board::Board,
    set: &tw_target::DieSet,
) -> Vec<tw_target::read::Measured> {
    tw_target::read::measure_candidates(img, board_to_image, board, set)
        .unwrap()
        .into_iter()
        .filter(|m| tw_target::read::accepted(set, m))
        .collect()
}

/// Centre of a fitted top face in the image (px), rounded.
#[allow(dead_code)] // not every diagnostic prints positions
pub fn centroid_px(c: &[[f64; 2]; 5]) -> [f64; 2] {
    [
        (c.iter().map(|p| p[0]).sum::<f64>() / 5.0).round(),
        (c.iter().map(|p| p[1]).sum::<f64>() / 5.0).round(),
    ]
}

/// The generator's full truth for a scene (the diagnostics look at its
/// camera and exact homography, which `warden eval throws` does not need).
#[allow(dead_code)]
pub fn synth_truth(p: &std::path::Path) -> tw_synth::SceneTruth {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}
