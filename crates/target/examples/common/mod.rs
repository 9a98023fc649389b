//! Shared by the development diagnostics: each generated scene of a folder
//! with its truth, image and calibration.

use tw_target::eval::{list_scenes, load_truth};

pub struct Scene {
    pub name: String,
    pub truth: tw_synth::SceneTruth,
    pub img: opencv::core::Mat,
    pub board_to_image: [[f64; 3]; 3],
}

pub fn scenes(dir: &std::path::Path) -> impl Iterator<Item = Scene> {
    list_scenes(dir).unwrap().into_iter().map(|tp| {
        let truth = load_truth(&tp).unwrap();
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
    truth
        .iter()
        .map(|t| {
            fit.iter()
                .map(|f| (f[0] - t[0]).hypot(f[1] - t[1]))
                .fold(f64::INFINITY, f64::min)
        })
        .fold(0.0f64, f64::max)
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
