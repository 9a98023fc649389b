//! Which reader reads the table, and the calibration it comes from: the
//! target-board reader when the active calibration holds a Dungeon Fighter
//! board, the pip reader otherwise.
//!
//! The playing game may name a die set of its own ([`game_die_set`]: dice
//! with art faces, like Dungeon Roll's). While it is played the table is
//! read with the player's enrolled set of that name, whatever the
//! calibration holds; a set not yet enrolled leaves the pip reader and says
//! the dice must be enrolled first.
//!
//! Every other game that is not read on a target board reads pip dice: with
//! the player's own enrolled pip set ([`crate::enrol_d6::PIP_SET`], what the
//! Calibration screen's "My pip dice" saves) once there is one, else with the
//! plain pip reader.

use crate::reading::{from_target, from_vision};
use crate::watcher::Settled;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tw_board::{Board, Webs};
use tw_calibration::{BoardLook, CalibrationProfile};
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
    /// The board's colours at calibration, to undo a later white-balance
    /// shift ([`tw_target::neutral_frame`]); `None`: frames read as they are.
    pub look: Option<BoardLook>,
    /// The still the board was calibrated on (no dice): a whole frame is
    /// read where it differs from it, and a die whose top face looks as
    /// there and whose side faces mostly do too is print
    /// ([`tw_target::read_over_still`]). Dropped once the
    /// board is re-registered elsewhere.
    pub still: Option<opencv::core::Mat>,
    /// The calibration's lens model (`calibration lens`, or estimated from
    /// the calibration still), its maps built once: every frame, the frame
    /// before a throw and the still are corrected before they are read,
    /// and `board_to_image` holds on the corrected pixels.
    pub lens: Option<Arc<tw_calibration::Undistorter>>,
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
        let lens = match &p.lens {
            Some(l) => Some(Arc::new(tw_calibration::Undistorter::new(l).map_err(|e| format!("the calibration's lens model: {e}"))?)),
            None => None,
        };
        let still = match (calibration_still(dir), &lens) {
            (Some(s), Some(l)) => Some(l.apply(&s).map_err(|e| format!("the calibration still: {e}"))?),
            (s, _) => s,
        };
        let look = p.board_look.clone().or_else(|| {
            let img = still.as_ref()?;
            BoardLook::of_calibration(img, p).ok().map(|(look, _)| look)
        });
        // Comparable with the frames once both are in neutral light.
        let still = tw_target::neutral_still(still, &p.table_to_image.0, look.as_ref()).map_err(|e| e.to_string())?;
        Ok(TableReader::Target(Box::new(TargetSetup {
            board_to_image: p.table_to_image.0,
            board,
            webs: Webs::none(),
            set,
            look,
            still,
            lens,
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
        let raw = t.corrected(frame.to_mat().map_err(|e| e.to_string())?)?;
        let mat = t.neutral(&raw)?;
        let was = match &settled.before_frame {
            Some(f) => Some(t.neutral(&t.corrected(f.to_mat().map_err(|e| e.to_string())?)?)?.into_owned()),
            None => None,
        };
        let changed = t.changed_boxes(&settled.changed);
        let got = tw_target::read_throw_since(
            &mat,
            was.as_ref(),
            &t.board_to_image,
            &t.board,
            &t.webs,
            &t.set,
            &changed,
            before,
        )
        .map_err(|e| e.to_string())?;
        let reading = match got.scope {
            tw_target::Scope::Whole { .. } => {
                // The still as the camera would show it in this frame's light.
                let (_, still) = tw_target::neutral_with_still(&raw, t.still.as_ref(), &t.board_to_image, t.look.as_ref()).map_err(|e| e.to_string())?;
                tw_target::without_print(got.reading, &mat, still.as_deref(), &t.board_to_image, &t.set).map_err(|e| e.to_string())?
            }
            tw_target::Scope::Changed { .. } => got.reading,
        };
        let dice = reading.dice.iter().cloned().map(|d| from_target(t.as_captured(d))).collect();
        Ok((dice, Some(reading)))
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
            TableReader::Target(t) => {
                let mat = t.corrected(mat)?;
                let (mat, still) = tw_target::neutral_with_still(&mat, t.still.as_ref(), &t.board_to_image, t.look.as_ref()).map_err(|e| e.to_string())?;
                let read = tw_target::read_over_still(&mat, still.as_deref(), &t.board_to_image, &t.board, &t.webs, &t.set);
                Ok(read.map_err(|e| e.to_string())?.dice.into_iter().map(|d| from_target(t.as_captured(d))).collect())
            }
        }
    }
}

impl TargetSetup {
    /// `frame` corrected for the calibration's lens, if it has one.
    pub fn corrected(&self, frame: opencv::core::Mat) -> Result<opencv::core::Mat, String> {
        match &self.lens {
            Some(l) => l.apply(&frame).map_err(|e| format!("lens correction: {e}")),
            None => Ok(frame),
        }
    }

    /// A die read in corrected pixels, with its pixels put back where the
    /// camera shows them (for the window's overlay).
    fn as_captured(&self, mut d: tw_target::TargetDie) -> tw_target::TargetDie {
        if let Some(l) = &self.lens {
            d.center = l.lens().distort(d.center);
            d.corners.iter_mut().for_each(|c| *c = l.lens().distort(*c));
        }
        d
    }

    /// The motion stage's boxes (x, y, w, h in the frame as captured) in
    /// corrected pixels: each box's outline mapped through the lens, and
    /// the box round it.
    fn changed_boxes(&self, boxes: &[[f64; 4]]) -> Vec<[f64; 4]> {
        let Some(l) = &self.lens else {
            return boxes.to_vec();
        };
        boxes
            .iter()
            .map(|b| {
                let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
                for k in 0..=8 {
                    let f = k as f64 / 8.0;
                    for p in [[b[0] + f * b[2], b[1]], [b[0] + f * b[2], b[1] + b[3]], [b[0], b[1] + f * b[3]], [b[0] + b[2], b[1] + f * b[3]]] {
                        let q = l.lens().undistort(p);
                        for i in 0..2 {
                            lo[i] = lo[i].min(q[i]);
                            hi[i] = hi[i].max(q[i]);
                        }
                    }
                }
                [lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]]
            })
            .collect()
    }

    /// `frame` brought back to the light of calibration, when the
    /// calibration kept the board's look.
    fn neutral<'a>(&self, frame: &'a opencv::core::Mat) -> Result<std::borrow::Cow<'a, opencv::core::Mat>, String> {
        tw_target::neutral_frame(frame, &self.board_to_image, self.look.as_ref()).map_err(|e| e.to_string())
    }
}

/// The still the profile in `dir` was calibrated on
/// ([`crate::board_watch::reference_path`]), if one was kept and reads.
/// A profile saved without a board look has it sampled from this still.
fn calibration_still(dir: &Path) -> Option<opencv::core::Mat> {
    let still = crate::board_watch::reference_path(&dir.join("calibration.json"));
    tw_calibration::detect::read_image(&still).ok()
}

/// The die set a game's dice are read with, by engine name, when the game
/// names one: the set's file is `NAME.json` among the enrolled sets
/// ([`crate::paths::dice_sets_dir`], where `warden dice enroll` saves).
/// Games not listed read pips (or the target board).
pub fn game_die_set(game: &str) -> Option<&'static str> {
    match game {
        "dungeon-roll" => Some("dungeon-roll"),
        "pocket-dungeon-quest" => Some(tw_session::pocket_dungeon_quest::DIE_SET),
        _ => None,
    }
}

impl TableReader {
    /// The reader for `profile` while `game` is played: the game's own die
    /// set when it names one (from `sets_dir`), else as [`Self::for_profile`].
    /// The text says why the game's dice cannot be read yet, when so.
    pub fn for_game(
        profile: Option<&CalibrationProfile>,
        dir: &Path,
        game: Option<&str>,
        sets_dir: &Path,
    ) -> Result<(TableReader, Option<String>), String> {
        let Some((game, set)) = game.and_then(|g| game_die_set(g).map(|s| (g, s))) else {
            let base = TableReader::for_profile(profile, dir)?;
            return Ok(match base {
                TableReader::Pips(_) => with_pip_set(base, sets_dir),
                target => (target, None),
            });
        };
        let title = crate::phase::game_title(game);
        let path = sets_dir.join(format!("{set}.json"));
        let pips = || TableReader::Pips(tw_vision::DiceReader::default());
        if !path.is_file() {
            return Ok((
                pips(),
                Some(format!(
                    "the camera cannot read {title}'s dice until they are enrolled (a die set named {set}); enter each roll until then"
                )),
            ));
        }
        Ok(match reader_of_set(&path) {
            Ok(reader) => (TableReader::Pips(reader), None),
            Err(e) => (
                pips(),
                Some(format!("{title}'s enrolled dice could not be used ({e}): enrol them again; enter each roll until then")),
            ),
        })
    }
}

/// A dice reader for the enrolled set in the file at `path`; the error says
/// what is wrong with the file.
fn reader_of_set(path: &Path) -> Result<tw_vision::DiceReader, String> {
    let set = tw_vision::faceset::FaceSet::load(path).map_err(|e| e.to_string())?;
    tw_vision::DiceReader::with_face_set(set, &path.display().to_string()).map_err(|e| e.to_string())
}

/// The file of the player's enrolled pip dice among the sets in `sets_dir`.
pub fn pip_set_path(sets_dir: &Path) -> PathBuf {
    sets_dir.join(format!("{}.json", crate::enrol_d6::PIP_SET))
}

/// `plain` (the pip reader) replaced by one reading with the player's
/// enrolled pip set when there is one; a set that cannot be used is said and
/// the plain reader goes on.
fn with_pip_set(plain: TableReader, sets_dir: &Path) -> (TableReader, Option<String>) {
    let path = pip_set_path(sets_dir);
    if !path.is_file() {
        return (plain, None);
    }
    match reader_of_set(&path) {
        Ok(reader) => (TableReader::Pips(reader), None),
        Err(e) => (
            plain,
            Some(format!("your enrolled pip dice could not be used ({e}): enrol them again; the plain pip reader reads until then")),
        ),
    }
}

/// The game being played, shared between the games (which set it when a
/// game is started or opened) and the capture thread's calibration (which
/// chooses the reader by it).
#[derive(Clone, Default)]
pub struct PlayingGame(Arc<Mutex<Option<String>>>);

impl PlayingGame {
    pub fn set(&self, game: Option<&str>) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = game.map(str::to_string);
    }

    pub fn get(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
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
    /// The playing game, when followed, and the one the reader was made for.
    game: Option<PlayingGame>,
    read_for: Option<Option<String>>,
    sets_dir: PathBuf,
    /// The time stamp of the playing game's die set when the reader was
    /// made: a set enrolled (or enrolled again) while the game is played
    /// is read with from the next check.
    set_stamp: Option<Option<SystemTime>>,
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
            game: None,
            read_for: None,
            sets_dir: crate::paths::dice_sets_dir(),
            set_stamp: None,
        }
    }

    /// Choose the reader by the game being played too (see [`game_die_set`]),
    /// as soon as it changes.
    pub fn following(mut self, game: PlayingGame) -> Self {
        self.game = Some(game);
        self
    }

    /// Enrolled die sets are looked for in `dir` (tests).
    pub fn with_sets_dir(mut self, dir: PathBuf) -> Self {
        self.sets_dir = dir;
        self
    }

    /// The profile's path, when there is one.
    pub fn profile_path(&self) -> Option<&Path> {
        self.path.as_ref().ok().map(PathBuf::as_path)
    }

    /// `Some(new reader)` the first time and whenever the file changed
    /// (appeared, was saved, was removed); an unreadable profile gives the
    /// pip reader and the reason, so the live view goes on.
    pub fn poll(&mut self, now: Instant) -> Option<(TableReader, Option<String>)> {
        let game = self.game.as_ref().and_then(PlayingGame::get);
        let new_game = self.read_for.as_ref() != Some(&game);
        if !new_game && self.checked.is_some_and(|t| now.duration_since(t) < RECHECK) {
            return None;
        }
        self.checked = Some(now);
        self.read_for = Some(game.clone());
        // The set this game reads with: its own art set, else the player's pip set.
        let set_file = match game.as_deref().and_then(game_die_set) {
            Some(set) => self.sets_dir.join(format!("{set}.json")),
            None => pip_set_path(&self.sets_dir),
        };
        let set_stamp = std::fs::metadata(set_file).and_then(|m| m.modified()).ok();
        let new_game = new_game || self.set_stamp != Some(set_stamp);
        self.set_stamp = Some(set_stamp);
        let path = match &self.path {
            Ok(p) => p.clone(),
            Err(e) => {
                if self.stamp.is_some() && !new_game {
                    return None;
                }
                self.stamp = Some(None);
                let e = e.clone();
                return Some(self.reader(None, Path::new(""), game.as_deref(), Some(e)));
            }
        };
        let stamp = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        if self.stamp == Some(stamp) && !new_game {
            return None;
        }
        self.stamp = Some(stamp);
        if stamp.is_none() {
            return Some(self.reader(None, Path::new(""), game.as_deref(), None));
        }
        Some(match CalibrationProfile::load(&path) {
            Ok(p) => self.reader(Some(&p), &path, game.as_deref(), None),
            Err(e) => self.reader(None, &path, game.as_deref(), Some(format!("calibration {} not used: {e}", path.display()))),
        })
    }

    /// The reader for the profile at `path` (if read) and the game; a
    /// problem with either is said, and the pip reader stands in so the
    /// live view goes on.
    fn reader(
        &self,
        profile: Option<&CalibrationProfile>,
        path: &Path,
        game: Option<&str>,
        problem: Option<String>,
    ) -> (TableReader, Option<String>) {
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        match TableReader::for_game(profile, &dir, game, &self.sets_dir) {
            Ok((r, why)) => (r, why.or(problem)),
            Err(e) => (
                TableReader::Pips(tw_vision::DiceReader::default()),
                Some(format!("calibration {} not used: {e}", path.display())),
            ),
        }
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

    /// A minimal valid d6 set of art faces named `name`, written into `dir`.
    fn enrolled_set(dir: &Path, name: &str) {
        let net = tw_vision::reader::shipped_net().expect("the shipped classifier");
        let face = |f: &str| tw_vision::faceset::FacePrototype {
            face: f.into(),
            samples: 2,
            prototype: vec![1.0, 0.0],
            min_similarity: 0.9,
        };
        let set = tw_vision::faceset::FaceSet {
            format: "tw-dice-set/1".into(),
            kind: "d6".into(),
            name: name.into(),
            descriptor: tw_vision::faceset::descriptor_name(&net),
            faces: vec![face("fighter"), face("goblin")],
            look: tw_vision::faceset::Look { body_bgr: vec![[250, 250, 250]], side_px: [30.0, 40.0, 50.0], face_bgr: Vec::new() },
            enrolled_from: vec!["test".into()],
            art: None,
        };
        std::fs::write(dir.join(format!("{name}.json")), serde_json::to_string(&set).unwrap()).unwrap();
    }

    fn set_name(r: &TableReader) -> Option<String> {
        match r {
            TableReader::Pips(p) => p.face_set.as_ref().map(|s| s.name.clone()),
            TableReader::Target(_) => None,
        }
    }

    fn board_profile() -> CalibrationProfile {
        let mut p = CalibrationProfile::from_points(
            tw_calibration::Method::Manual,
            Some([640, 480]),
            [600.0, 600.0],
            vec![[10.0, 10.0], [630.0, 10.0], [630.0, 470.0], [10.0, 470.0]],
            vec![[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]],
        )
        .unwrap();
        p.board = Some(tw_calibration::BoardRef { geometry: "catacombs-default".into(), extra: Default::default() });
        p
    }

    #[test]
    fn a_game_that_names_a_die_set_reads_with_it_once_enrolled_and_says_so_until_then() {
        let sets = std::env::temp_dir().join(format!("tw-game-sets-{}", std::process::id()));
        std::fs::create_dir_all(&sets).unwrap();
        let _ = std::fs::remove_file(sets.join("dungeon-roll.json"));
        let dir = std::env::temp_dir();
        let board = board_profile();
        // Not enrolled: the pip reader, and the player is told to enrol the dice first.
        let (r, why) = TableReader::for_game(None, &dir, Some("dungeon-roll"), &sets).unwrap();
        assert_eq!((r.kind(), set_name(&r)), ("pips", None));
        let why = why.expect("a reason");
        assert!(why.contains("Dungeon Roll") && why.contains("until they are enrolled"), "{why}");
        // A broken file is said, not used.
        std::fs::write(sets.join("dungeon-roll.json"), "{").unwrap();
        let (r, why) = TableReader::for_game(None, &dir, Some("dungeon-roll"), &sets).unwrap();
        assert_eq!(set_name(&r), None);
        assert!(why.unwrap().contains("could not be used"));
        // Enrolled: the set reads the table, even over a calibrated target board.
        enrolled_set(&sets, "dungeon-roll");
        let (r, why) = TableReader::for_game(Some(&board), &dir, Some("dungeon-roll"), &sets).unwrap();
        assert_eq!((set_name(&r).as_deref(), why), (Some("dungeon-roll"), None));
        // A game that names no set reads as its calibration says.
        let (r, why) = TableReader::for_game(Some(&board), &dir, Some("dungeon-fighter"), &sets).unwrap();
        assert_eq!((r.kind(), why), ("target", None));
        let (r, _) = TableReader::for_game(None, &dir, None, &sets).unwrap();
        assert_eq!((r.kind(), set_name(&r)), ("pips", None));
        // Pocket Dungeon Quest's Attack Die is read with its own set too.
        let (_, why) = TableReader::for_game(None, &dir, Some("pocket-dungeon-quest"), &sets).unwrap();
        assert!(why.expect("not enrolled yet").contains("until they are enrolled"));
        std::fs::remove_dir_all(&sets).unwrap();
    }

    #[test]
    fn the_reader_follows_the_game_being_played_at_once() {
        let dir = std::env::temp_dir().join(format!("tw-follow-game-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        enrolled_set(&dir, "dungeon-roll");
        let game = PlayingGame::default();
        let mut a = ActiveCalibration::at(Ok(dir.join("calibration.json"))).with_sets_dir(dir.clone()).following(game.clone());
        let t0 = Instant::now();
        let (r, _) = a.poll(t0).expect("first poll answers");
        assert_eq!(set_name(&r), None);
        // A Dungeon Roll game opens: the next frame already reads its dice.
        game.set(Some("dungeon-roll"));
        let (r, why) = a.poll(t0 + Duration::from_millis(10)).expect("the game changed");
        assert_eq!((set_name(&r).as_deref(), why), (Some("dungeon-roll"), None));
        assert!(a.poll(t0 + Duration::from_millis(20)).is_none(), "nothing changed");
        game.set(Some("green-dungeon"));
        let (r, _) = a.poll(t0 + Duration::from_millis(30)).expect("another game");
        assert_eq!(set_name(&r), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_set_enrolled_while_the_game_is_played_is_read_with_at_the_next_check() {
        let dir = std::env::temp_dir().join(format!("tw-enrol-live-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let _ = std::fs::remove_file(dir.join("dungeon-roll.json"));
        let game = PlayingGame::default();
        game.set(Some("dungeon-roll"));
        let mut a = ActiveCalibration::at(Ok(dir.join("calibration.json"))).with_sets_dir(dir.clone()).following(game);
        let t0 = Instant::now();
        let (r, why) = a.poll(t0).expect("first poll answers");
        assert_eq!(set_name(&r), None);
        assert!(why.unwrap().contains("until they are enrolled"));
        // The Calibration screen saves the set: the next check reads with it.
        enrolled_set(&dir, "dungeon-roll");
        let (r, why) = a.poll(t0 + RECHECK * 2).expect("the set appeared");
        assert_eq!((set_name(&r).as_deref(), why), (Some("dungeon-roll"), None));
        assert!(a.poll(t0 + RECHECK * 4).is_none(), "nothing changed");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn pip_games_read_with_the_players_enrolled_pip_dice_once_there_are_some() {
        let sets = tempfile::tempdir().unwrap();
        let dir = std::env::temp_dir();
        let board = board_profile();
        // None enrolled: the plain pip reader, nothing to say.
        let (r, why) = TableReader::for_game(None, &dir, Some("green-dungeon"), sets.path()).unwrap();
        assert_eq!((r.kind(), set_name(&r), why), ("pips", None, None));
        // A broken file is said and the plain reader goes on.
        std::fs::write(pip_set_path(sets.path()), "{").unwrap();
        let (r, why) = TableReader::for_game(None, &dir, Some("silver-mine"), sets.path()).unwrap();
        assert_eq!(set_name(&r), None);
        assert!(why.expect("a reason").contains("pip dice could not be used"));
        // Enrolled: every pip game, and no game at all, reads with it.
        enrolled_set(sets.path(), crate::enrol_d6::PIP_SET);
        for game in [Some("green-dungeon"), Some("silver-mine"), None] {
            let (r, why) = TableReader::for_game(None, &dir, game, sets.path()).unwrap();
            assert_eq!((set_name(&r).as_deref(), why), (Some(crate::enrol_d6::PIP_SET), None), "{game:?}");
        }
        // A target board still reads the target; an art game its own set.
        let (r, _) = TableReader::for_game(Some(&board), &dir, Some("dungeon-fighter"), sets.path()).unwrap();
        assert_eq!(r.kind(), "target");
        let (r, why) = TableReader::for_game(None, &dir, Some("dungeon-roll"), sets.path()).unwrap();
        assert_eq!(set_name(&r), None);
        assert!(why.unwrap().contains("until they are enrolled"));
    }

    #[test]
    fn a_pip_set_enrolled_while_a_pip_game_is_played_is_read_with_at_the_next_check() {
        let dir = tempfile::tempdir().unwrap();
        let game = PlayingGame::default();
        game.set(Some("green-dungeon"));
        let mut a = ActiveCalibration::at(Ok(dir.path().join("calibration.json")))
            .with_sets_dir(dir.path().to_path_buf())
            .following(game);
        let t0 = Instant::now();
        let (r, _) = a.poll(t0).expect("first poll answers");
        assert_eq!(set_name(&r), None);
        enrolled_set(dir.path(), crate::enrol_d6::PIP_SET);
        let (r, why) = a.poll(t0 + RECHECK * 2).expect("the set appeared");
        assert_eq!((set_name(&r).as_deref(), why), (Some(crate::enrol_d6::PIP_SET), None));
        assert!(a.poll(t0 + RECHECK * 4).is_none(), "nothing changed");
    }

    #[test]
    fn starting_or_opening_a_game_tells_the_reader_which_game_is_played() {
        let dir = tempfile::tempdir().unwrap();
        let games = crate::game::GameState::with_store(tw_store::Store::open(dir.path().join("w.sqlite3")).unwrap());
        let playing = games.playing_game();
        assert_eq!(playing.get(), None);
        let setup = serde_json::json!({"players": [{"name": "Ann", "hero": "bard"}]});
        let v = games.start("dungeon-roll", &setup, None).unwrap();
        assert_eq!(playing.get().as_deref(), Some("dungeon-roll"));
        games.play(None);
        assert_eq!(playing.get(), None);
        games.open(v.session).unwrap();
        assert_eq!(playing.get().as_deref(), Some("dungeon-roll"));
    }
}
