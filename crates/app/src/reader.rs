//! Which reader reads the table, and the calibration it comes from: the
//! target-board reader when the active calibration holds a Dungeon Fighter
//! board, the pip reader otherwise.

use crate::reading::{from_target, from_vision};
use crate::watcher::Settled;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};
use tw_board::{Board, Webs};
use tw_calibration::CalibrationProfile;
use tw_capture::Frame;
use tw_session::observation::DieReading;
use tw_target::DieSet;

/// The Dungeon Fighter die set shipped with the app (models/dice-sets/),
/// used unless the calibration names an enrolled one.
const DEFAULT_DIE_SET: &str = include_str!("../../../models/dice-sets/dungeon-fighter.json");

/// Reads the dice of one frame.
pub enum TableReader {
    /// Six-sided pip dice anywhere in view.
    Pips(tw_vision::DiceReader),
    /// Dungeon Fighter d12s on a calibrated target board.
    Target(Box<TargetSetup>),
}

/// A calibrated board and the die set to read it with.
pub struct TargetSetup {
    pub board_to_image: [[f64; 3]; 3],
    pub board: Board,
    pub webs: Webs,
    pub set: DieSet,
}

impl TableReader {
    /// The reader a calibration calls for: the target reader when it holds
    /// a board, else the pip reader. `dir` is the profile's folder, which
    /// relative file names in it are taken from.
    pub fn for_profile(profile: Option<&CalibrationProfile>, dir: &Path) -> Result<TableReader, String> {
        let Some(p) = profile else {
            return Ok(TableReader::Pips(tw_vision::DiceReader::default()));
        };
        let Some(b) = &p.board else {
            return Ok(TableReader::Pips(tw_vision::DiceReader::default()));
        };
        let board = crate::paths::load_board(b, &dir.join("calibration.json"))?;
        let set = match b.extra.get("dice_set").and_then(|v| v.as_str()) {
            Some(name) => DieSet::load(&crate::paths::die_set_file(name, dir)).map_err(|e| e.to_string())?,
            None => default_die_set()?,
        };
        Ok(TableReader::Target(Box::new(TargetSetup {
            board_to_image: p.table_to_image.0,
            board,
            webs: Webs::none(),
            set,
        })))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            TableReader::Pips(_) => "pips",
            TableReader::Target(_) => "target",
        }
    }

    /// Reads a finished throw: the target reader reads only the regions
    /// the throw changed and keeps the dice of `before` elsewhere (the
    /// whole frame when there is no `before` or the change is not local),
    /// and returns its reading for the next throw; the pip reader reads
    /// the whole frame.
    pub fn read_throw(
        &self,
        frame: &Frame,
        settled: &Settled,
        before: Option<&tw_target::TargetReading>,
    ) -> Result<(Vec<DieReading>, Option<tw_target::TargetReading>), String> {
        let TableReader::Target(t) = self else {
            return Ok((self.read(frame)?, None));
        };
        let mat = frame.to_mat().map_err(|e| e.to_string())?;
        let was = match &settled.before_frame {
            Some(f) => Some(f.to_mat().map_err(|e| e.to_string())?),
            None => None,
        };
        let got = tw_target::read_throw_since(
            &mat,
            was.as_ref(),
            &t.board_to_image,
            &t.board,
            &t.webs,
            &t.set,
            &settled.changed,
            before,
        )
        .map_err(|e| e.to_string())?;
        let dice = got.reading.dice.iter().cloned().map(from_target).collect();
        Ok((dice, Some(got.reading)))
    }

    pub fn read(&self, frame: &Frame) -> Result<Vec<DieReading>, String> {
        let mat = frame.to_mat().map_err(|e| e.to_string())?;
        match self {
            TableReader::Pips(r) => Ok(r
                .read(&mat)
                .map_err(|e| e.to_string())?
                .dice
                .into_iter()
                .map(from_vision)
                .collect()),
            TableReader::Target(t) => Ok(tw_target::read_target(&mat, &t.board_to_image, &t.board, &t.webs, &t.set)
                .map_err(|e| e.to_string())?
                .dice
                .into_iter()
                .map(from_target)
                .collect()),
        }
    }
}

fn default_die_set() -> Result<DieSet, String> {
    let set: DieSet = serde_json::from_str(DEFAULT_DIE_SET).map_err(|e| format!("the shipped die set: {e}"))?;
    set.validate("models/dice-sets/dungeon-fighter.json").map_err(|e| e.to_string())?;
    Ok(set)
}

/// The active calibration file, re-read when it changes on disk.
pub struct ActiveCalibration {
    path: Result<PathBuf, String>,
    stamp: Option<Option<SystemTime>>,
    checked: Option<Instant>,
}

/// How often the file's time stamp is looked at.
const RECHECK: Duration = Duration::from_secs(2);

impl ActiveCalibration {
    pub fn new() -> Self {
        Self::at(crate::paths::active_profile_path())
    }

    pub fn at(path: Result<PathBuf, String>) -> Self {
        ActiveCalibration {
            path,
            stamp: None,
            checked: None,
        }
    }

    /// The profile's path, when there is one.
    pub fn profile_path(&self) -> Option<&Path> {
        self.path.as_ref().ok().map(PathBuf::as_path)
    }

    /// `Some(new reader)` the first time and whenever the file changed
    /// (appeared, was saved, was removed); an unreadable profile gives the
    /// pip reader and the reason, so the live view goes on.
    pub fn poll(&mut self, now: Instant) -> Option<(TableReader, Option<String>)> {
        if self.checked.is_some_and(|t| now.duration_since(t) < RECHECK) {
            return None;
        }
        self.checked = Some(now);
        let path = match &self.path {
            Ok(p) => p.clone(),
            Err(e) => {
                if self.stamp.is_some() {
                    return None;
                }
                self.stamp = Some(None);
                return Some((TableReader::Pips(tw_vision::DiceReader::default()), Some(e.clone())));
            }
        };
        let stamp = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        if self.stamp == Some(stamp) {
            return None;
        }
        self.stamp = Some(stamp);
        if stamp.is_none() {
            return Some((TableReader::Pips(tw_vision::DiceReader::default()), None));
        }
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let loaded = CalibrationProfile::load(&path)
            .map_err(|e| e.to_string())
            .and_then(|p| TableReader::for_profile(Some(&p), &dir));
        Some(match loaded {
            Ok(r) => (r, None),
            Err(e) => (
                TableReader::Pips(tw_vision::DiceReader::default()),
                Some(format!("calibration {} not used: {e}", path.display())),
            ),
        })
    }
}

impl Default for ActiveCalibration {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_without_a_board_reads_pips_and_one_with_a_board_reads_the_target() {
        let dir = std::env::temp_dir();
        assert_eq!(TableReader::for_profile(None, &dir).unwrap().kind(), "pips");
        let mut p = CalibrationProfile::from_points(
            tw_calibration::Method::Manual,
            Some([640, 480]),
            [600.0, 600.0],
            vec![[10.0, 10.0], [630.0, 10.0], [630.0, 470.0], [10.0, 470.0]],
            vec![[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]],
        )
        .unwrap();
        assert_eq!(TableReader::for_profile(Some(&p), &dir).unwrap().kind(), "pips");
        p.board = Some(tw_calibration::BoardRef {
            geometry: "catacombs-default".into(),
            extra: Default::default(),
        });
        assert_eq!(TableReader::for_profile(Some(&p), &dir).unwrap().kind(), "target");
        p.board = Some(tw_calibration::BoardRef {
            geometry: "no-such-board.json".into(),
            extra: Default::default(),
        });
        let e = TableReader::for_profile(Some(&p), &dir).err().unwrap();
        assert!(e.contains("board.geometry"), "{e}");
    }

    #[test]
    fn the_active_calibration_is_reread_when_the_file_changes() {
        let dir = std::env::temp_dir().join(format!("tw-active-cal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("calibration.json");
        let _ = std::fs::remove_file(&path);
        let mut a = ActiveCalibration::at(Ok(path.clone()));
        let t0 = Instant::now();
        let (r, why) = a.poll(t0).expect("first poll answers");
        assert_eq!((r.kind(), why), ("pips", None));
        assert!(a.poll(t0 + RECHECK * 2).is_none(), "nothing changed");
        std::fs::write(&path, "{not json").unwrap();
        let (r, why) = a.poll(t0 + RECHECK * 4).expect("the file appeared");
        assert_eq!(r.kind(), "pips");
        assert!(why.unwrap().contains("not used"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

