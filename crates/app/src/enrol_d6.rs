//! Enrolling a game's six-sided dice (a d6 set, `tw_vision::faceset`) from
//! labelled examples: each example is a box around one die's top face on
//! a still and the face it shows. The window collects them by clicks on
//! stills (Calibration screen, "Game dice"); `warden dice enroll --yolo`
//! reads them from label files. Both call [`D6Enrolment`], so a set is
//! checked and saved the same way whichever made it.
//!
//! What may be enrolled ([`targets`]): Dungeon Roll's party and dungeon
//! dice and Pocket Dungeon Quest's Attack Die, with face names taken from
//! the game engines (the names the games' readings are matched against),
//! and a player's own pip dice ("1"–"6"). A set is saved as `NAME.json` in
//! [`crate::paths::dice_sets_dir`], the file the game's reader loads
//! ([`crate::reader::game_die_set`]); it is written to a temporary file and
//! renamed, so a failed save never replaces a good set.

pub mod simulated;

use crate::calibrate::Still;
use opencv::core::Mat;
use opencv::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tw_vision::eval::LabelBox;
use tw_vision::faceset::{min_samples_for, Enrolment, FaceSet, MIN_SAMPLES_PER_FACE};

/// What the player can enrol in the window.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    /// "dungeon-roll", "pocket-dungeon-quest" or "pips".
    pub kind: String,
    /// In words, for the chooser.
    pub title: String,
    /// The set's file name (without `.json`); for pips the player names it.
    pub set_name: String,
    /// Whether the player may choose the set's name.
    pub name_free: bool,
    /// Face names, in the order the face buttons show them.
    pub faces: Vec<String>,
    /// Fewest examples of each face a set needs.
    pub min_per_face: usize,
    /// A hint on what to put on the table.
    pub hint: String,
    /// Whether a set of that name is already saved.
    pub enrolled: bool,
}

/// The set name a player's own pip dice get unless they name it.
pub const PIP_SET: &str = "my-pip-dice";

/// Dungeon Roll's twelve faces as the engine names them: the party die's,
/// then the dungeon die's.
fn dungeon_roll_faces() -> Vec<String> {
    use tw_dungeon_roll::{DungeonFace, PartyFace};
    let party = PartyFace::ALL.iter().map(|f| json_name(f));
    let dungeon = DungeonFace::ALL.iter().map(|f| json_name(f));
    party.chain(dungeon).collect()
}

/// The Attack Die's faces (each once) from the game's data file.
fn attack_die_faces() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in &tw_pocket_dungeon_quest::data::shipped().dice.faces {
        if !out.contains(f) {
            out.push(f.clone());
        }
    }
    out
}

/// An engine value's name as the engine writes it in commands.
fn json_name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        other => format!("{other:?}"),
    }
}

/// The dice that can be enrolled, with whether each is already saved in `sets_dir`.
pub fn targets(sets_dir: &Path) -> Vec<Target> {
    let saved = |name: &str| sets_dir.join(format!("{name}.json")).is_file();
    let dr = crate::reader::game_die_set("dungeon-roll").unwrap_or("dungeon-roll");
    let pdq = crate::reader::game_die_set("pocket-dungeon-quest")
        .unwrap_or(tw_session::pocket_dungeon_quest::DIE_SET);
    let pips: Vec<String> = (1..=6).map(|k| k.to_string()).collect();
    vec![
        Target {
            kind: "dungeon-roll".into(),
            title: "Dungeon Roll: the white party dice and the black dungeon dice".into(),
            set_name: dr.into(),
            name_free: false,
            faces: dungeon_roll_faces(),
            min_per_face: MIN_SAMPLES_PER_FACE,
            hint: "Roll all fourteen dice so that every face shows; click every die on each still.".into(),
            enrolled: saved(dr),
        },
        Target {
            kind: "pocket-dungeon-quest".into(),
            title: "Pocket Dungeon Quest: the Attack Die".into(),
            set_name: pdq.into(),
            name_free: false,
            faces: attack_die_faces(),
            min_per_face: MIN_SAMPLES_PER_FACE,
            hint: "Roll the Attack Die (and any spare ones) until each face has shown twice; click every die on each still.".into(),
            enrolled: saved(pdq),
        },
        Target {
            kind: "pips".into(),
            title: "My pip dice (faces 1 to 6)".into(),
            set_name: PIP_SET.into(),
            name_free: true,
            min_per_face: min_samples_for(&pips),
            faces: pips,
            hint: "Roll your dice until each number has shown at least once; click every die on each still. Saved as my-pip-dice, every game with pip dice reads with it.".into(),
            enrolled: saved(PIP_SET),
        },
    ]
}

/// The target of a kind, or an error naming it.
pub fn target(kind: &str, sets_dir: &Path) -> Result<Target, String> {
    targets(sets_dir)
        .into_iter()
        .find(|t| t.kind == kind)
        .ok_or_else(|| {
            format!("kind {kind:?}: enrol \"dungeon-roll\", \"pocket-dungeon-quest\" or \"pips\"")
        })
}

/// A set name is a file name: letters, digits, '-' or '_'.
pub fn check_set_name(name: &str) -> Result<(), String> {
    if name.is_empty()
        || name.len() > 64
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "name {name:?}: name the set with letters, digits, '-' or '_' (at most 64)"
        ));
    }
    Ok(())
}

/// One labelled die on a still: the box around its top face, in still
/// pixels `[x0, y0, x1, y1]`, and its face.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Example {
    /// Which still (the window's still id; the CLI's photo number).
    pub still: u32,
    pub rect: [f32; 4],
    pub face: String,
}

/// Examples per face and what each still needs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FaceCount {
    pub face: String,
    pub examples: usize,
    pub needed: usize,
}

/// Examples of each face, in the order of `faces`.
pub fn coverage(faces: &[String], examples: &[Example], min: usize) -> Vec<FaceCount> {
    faces
        .iter()
        .map(|f| FaceCount {
            face: f.clone(),
            examples: examples.iter().filter(|e| &e.face == f).count(),
            needed: min,
        })
        .collect()
}

/// "potion: 1 example, 2 needed; dragon: 0 examples, 2 needed", or None when every face has enough.
pub fn missing(counts: &[FaceCount]) -> Option<String> {
    let short: Vec<String> = counts
        .iter()
        .filter(|c| c.examples < c.needed)
        .map(|c| {
            format!(
                "{}: {} example{}, {} needed",
                c.face,
                c.examples,
                if c.examples == 1 { "" } else { "s" },
                c.needed
            )
        })
        .collect();
    (!short.is_empty()).then(|| short.join("; "))
}

/// Smallest top-face box side accepted from a click or drag, pixels.
pub const MIN_BOX_PX: f32 = 8.0;

/// A box checked against its image: finite, not empty, at least mostly on
/// the image (clipped to it). `at` names the example in errors.
fn checked_box(rect: [f32; 4], size: (u32, u32), at: &str) -> Result<[f32; 4], String> {
    let [x0, y0, x1, y1] = rect;
    if rect.iter().any(|v| !v.is_finite()) {
        return Err(format!("{at}.rect {rect:?}: not four finite numbers"));
    }
    if !(x1 > x0 && y1 > y0) {
        return Err(format!(
            "{at}.rect {rect:?}: the box is empty (x1 must exceed x0, y1 exceed y0)"
        ));
    }
    let (w, h) = (size.0 as f32, size.1 as f32);
    let clipped = [x0.max(0.0), y0.max(0.0), x1.min(w), y1.min(h)];
    let inside = (clipped[2] - clipped[0]).max(0.0) * (clipped[3] - clipped[1]).max(0.0);
    if inside < 0.5 * (x1 - x0) * (y1 - y0) {
        return Err(format!(
            "{at}.rect {rect:?}: the box lies off the {}×{} image",
            size.0, size.1
        ));
    }
    if (clipped[2] - clipped[0]).min(clipped[3] - clipped[1]) < MIN_BOX_PX {
        return Err(format!(
            "{at}.rect {rect:?}: the box is under {MIN_BOX_PX} pixels across; box the die's top face"
        ));
    }
    Ok(clipped)
}

/// The shipped face classifier, kept for the life of the process (an
/// enrolment borrows it).
fn net() -> Result<&'static tw_vision::facenet::FaceNet, String> {
    static NET: std::sync::OnceLock<Option<std::sync::Arc<tw_vision::facenet::FaceNet>>> =
        std::sync::OnceLock::new();
    NET.get_or_init(tw_vision::reader::shipped_net)
        .as_deref()
        .ok_or_else(|| "the built-in face classifier does not load".to_string())
}

/// A d6 set being enrolled: stills (photos) are added one at a time with
/// their examples, then [`D6Enrolment::finish`] gives the set or says what
/// is missing.
pub struct D6Enrolment {
    name: String,
    faces: Vec<String>,
    every_face: bool,
    labels: Vec<Example>,
    photos: usize,
    inner: Enrolment<'static>,
}

impl D6Enrolment {
    /// An enrolment of the set `name` with these faces. With `every_face`
    /// (the window) each face must reach its minimum; without (a labelled
    /// folder) faces never labelled are left out of the set.
    pub fn new(name: &str, faces: &[String], every_face: bool) -> Result<D6Enrolment, String> {
        check_set_name(name)?;
        if faces.len() < 2 {
            return Err(format!(
                "faces: {} named, a die needs at least 2",
                faces.len()
            ));
        }
        if let Some(f) = faces.iter().find(|f| f.trim().is_empty()) {
            return Err(format!("faces: {f:?} is not a face name"));
        }
        Ok(D6Enrolment {
            name: name.into(),
            faces: faces.to_vec(),
            every_face,
            labels: Vec::new(),
            photos: 0,
            inner: Enrolment::for_faces(net()?, faces),
        })
    }

    /// Add one still and its examples (those whose `still` is not `id` are
    /// ignored). Every example is checked first; one bad example refuses
    /// the still, naming it, and adds nothing. Returns how many were added
    /// (faces too small for the classifier's crop are skipped).
    pub fn add(
        &mut self,
        id: u32,
        frame: &Mat,
        examples: &[Example],
        source: &str,
    ) -> Result<usize, String> {
        let size = tw_vision::image_io::frame_size(frame);
        if size.0 == 0 || size.1 == 0 || frame.channels() != 3 {
            return Err(format!("{source}: not a colour image"));
        }
        let mut boxes = Vec::new();
        for (i, e) in examples.iter().enumerate().filter(|(_, e)| e.still == id) {
            let at = format!("examples[{i}]");
            let Some(k) = self.faces.iter().position(|f| *f == e.face) else {
                return Err(format!(
                    "{at}.face {:?} is not a face of this set ({})",
                    e.face,
                    self.faces.join(", ")
                ));
            };
            let [x0, y0, x1, y1] = checked_box(e.rect, size, &at)?;
            boxes.push(LabelBox {
                face: (k + 1).min(255) as u8,
                name: e.face.clone(),
                x0,
                y0,
                x1,
                y1,
            });
        }
        if boxes.is_empty() {
            return Ok(0);
        }
        let n = self
            .inner
            .add(frame, &boxes, source)
            .map_err(|err| format!("{source}: {err}"))?;
        self.labels
            .extend(examples.iter().filter(|e| e.still == id).cloned());
        self.photos += 1;
        Ok(n)
    }

    /// Examples added so far, per face.
    pub fn coverage(&self) -> Vec<FaceCount> {
        coverage(&self.faces, &self.labels, min_samples_for(&self.faces))
    }

    /// The enrolled set, or an error naming what is missing (each face
    /// short of examples, with its count).
    pub fn finish(self) -> Result<Enrolled, String> {
        let counts = self.coverage();
        let short: Vec<FaceCount> = if self.every_face {
            counts.clone()
        } else {
            counts.iter().filter(|c| c.examples > 0).cloned().collect()
        };
        if let Some(m) = missing(&short) {
            return Err(format!("{}: not enough examples: {m}", self.name));
        }
        if self.labels.is_empty() {
            return Err(format!("{}: no labelled die to enrol from", self.name));
        }
        let set = self
            .inner
            .finish(&self.name)
            .map_err(|err| err.to_string())?;
        Ok(Enrolled {
            examples: self.labels.len(),
            photos: self.photos,
            set,
            counts,
        })
    }
}

/// A finished enrolment.
pub struct Enrolled {
    pub set: FaceSet,
    pub examples: usize,
    pub photos: usize,
    pub counts: Vec<FaceCount>,
}

/// What the window is told after a save.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Saved {
    pub path: String,
    pub set_name: String,
    pub faces: usize,
    pub examples: usize,
    pub stills: usize,
    /// Per face: examples enrolled.
    pub counts: Vec<FaceCount>,
    /// The result in words.
    pub summary: String,
}

/// Writes `text` to `path` through a temporary file beside it and a
/// rename, so a reader never sees half a file and a failed write leaves
/// the old file as it was.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, text).map_err(|e| format!("writing {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("writing {}: {e}", path.display())
    })
}

/// What a pip set will read: dice of its enrolled face colours only
/// (`tw_vision::bodygate`), so a die the stills never showed is ignored.
fn colour_note(set: &FaceSet) -> String {
    let groups = tw_vision::bodygate::colour_groups(&set.look.face_bgr);
    if groups.is_empty() {
        return String::new();
    }
    let words: Vec<String> = groups.iter().map(|c| format!("rgb({}, {}, {})", c[2], c[1], c[0])).collect();
    format!(
        "; it reads dice of {} face colour{} only ({}): a die of another colour is taken for no die, so enrol stills that show every die you throw",
        groups.len(),
        if groups.len() == 1 { "" } else { "s" },
        words.join(", ")
    )
}

/// Saves an enrolled set as `out` (checked again first, so a bad set
/// never replaces a good one).
pub fn save(enrolled: &Enrolled, out: &Path, title: &str) -> Result<Saved, String> {
    let set = &enrolled.set;
    set.validate(&out.display().to_string())
        .map_err(|e| e.to_string())?;
    let text = serde_json::to_string_pretty(set).map_err(|e| format!("{}: {e}", out.display()))?;
    write_atomic(out, &text)?;
    Ok(Saved {
        path: out.display().to_string(),
        set_name: set.name.clone(),
        faces: set.faces.len(),
        examples: enrolled.examples,
        stills: enrolled.photos,
        counts: enrolled.counts.clone(),
        summary: format!(
            "{title} enrolled: {} faces, {} examples from {} still{}{}",
            set.faces.len(),
            enrolled.examples,
            enrolled.photos,
            if enrolled.photos == 1 { "" } else { "s" },
            colour_note(set)
        ),
    })
}

/// The window's enrolment: the target's faces, the stills the examples
/// were clicked on, saved as the target's set in `sets_dir`.
pub fn enrol_and_save(
    target: &Target,
    name: &str,
    stills: &[(u32, &Mat)],
    examples: &[Example],
    sets_dir: &Path,
) -> Result<Saved, String> {
    let name = if target.name_free {
        name
    } else {
        target.set_name.as_str()
    };
    let mut e = D6Enrolment::new(name, &target.faces, true)?;
    for (i, ex) in examples.iter().enumerate() {
        if !stills.iter().any(|(id, _)| *id == ex.still) {
            return Err(format!(
                "examples[{i}].still {}: no such still is kept; take it again",
                ex.still
            ));
        }
    }
    for (id, frame) in stills {
        e.add(*id, frame, examples, &format!("still {id}"))?;
    }
    let enrolled = e.finish()?;
    let title = target
        .title
        .split(':')
        .next()
        .unwrap_or(&target.title)
        .to_string();
    save(
        &enrolled,
        &sets_dir.join(format!("{name}.json")),
        &format!("{title}'s dice"),
    )
}

/// A box the player may click: where a die's body seems to be.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proposal {
    /// `[x0, y0, x1, y1]`, still pixels.
    pub rect: [f32; 4],
}

/// Die boxes proposed on a still: the d6 reader's body candidates
/// (`tw_vision::bodies`, which do not look for pips, so art dice are
/// proposed too), each refitted onto its die's top face
/// (`tw_vision::artface::top`: the body's inscribed square is smaller than
/// a tilted die's top and shifted towards the body's middle), as the box
/// round that face clipped to the still; a fit whose centre lies in a
/// larger one's box is the same die. These are only starting points: where
/// none fits, the player drags a box.
pub fn propose(frame: &Mat) -> Result<Vec<Proposal>, String> {
    let (w, h) = tw_vision::image_io::frame_size(frame);
    let c = tw_vision::bodies::body_candidates(frame).map_err(|e| e.to_string())?;
    let prep = tw_vision::artface::Prepared::new(frame).map_err(|e| e.to_string())?;
    let mut out: Vec<Proposal> = Vec::new();
    for f in tw_vision::artface::top::top_faces(&prep, &c) {
        let b = f.bbox();
        let rect = [
            b[0].max(0.0),
            b[1].max(0.0),
            b[2].min(w as f32),
            b[3].min(h as f32),
        ];
        let small = rect[2] - rect[0] < MIN_BOX_PX || rect[3] - rect[1] < MIN_BOX_PX;
        if !small {
            out.push(Proposal { rect });
        }
    }
    Ok(out)
}

/// The proposal a click at `at` picks: the smallest holding the point.
pub fn pick(proposals: &[Proposal], at: [f32; 2]) -> Option<&Proposal> {
    proposals
        .iter()
        .filter(|p| {
            p.rect[0] <= at[0] && at[0] <= p.rect[2] && p.rect[1] <= at[1] && at[1] <= p.rect[3]
        })
        .min_by(|a, b| {
            let area = |p: &Proposal| (p.rect[2] - p.rect[0]) * (p.rect[3] - p.rect[1]);
            area(a).total_cmp(&area(b))
        })
}

/// Stills kept for an enrolment in the window, by id (a few: each is a
/// full frame).
#[derive(Default)]
pub struct KeptStills {
    inner: Mutex<(u32, Vec<(u32, Arc<Still>)>)>,
}

/// Most stills kept; the oldest goes first.
pub const MAX_STILLS: usize = 16;

/// A still kept for enrolment, as the window is told of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeptStill {
    pub still: u32,
    pub width: u32,
    pub height: u32,
    /// Boxes the player can click.
    pub proposals: Vec<Proposal>,
}

impl KeptStills {
    pub fn new() -> Self {
        Self::default()
    }

    /// Keeps the Calibration screen's current still for enrolment and
    /// proposes its die boxes.
    pub fn keep(&self, still: Arc<Still>) -> Result<KeptStill, String> {
        let proposals = propose(&still.image)?;
        let (width, height) = tw_vision::image_io::frame_size(&still.image);
        let mut g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((id, _)) = g.1.iter().find(|(_, s)| Arc::ptr_eq(s, &still)) {
            return Ok(KeptStill {
                still: *id,
                width,
                height,
                proposals,
            });
        }
        g.0 += 1;
        let id = g.0;
        g.1.push((id, still));
        if g.1.len() > MAX_STILLS {
            g.1.remove(0);
        }
        Ok(KeptStill {
            still: id,
            width,
            height,
            proposals,
        })
    }

    /// Every kept still, oldest first.
    pub fn all(&self) -> Vec<(u32, Arc<Still>)> {
        self.inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .1
            .clone()
    }
}

/// Enrols `kind` (named `name` when the player names it) from examples on
/// `kept` stills ([`KeptStills::all`]) and saves it in `sets_dir`.
pub fn enrol_kept(
    kept: &[(u32, Arc<Still>)],
    kind: &str,
    name: &str,
    examples: &[Example],
    sets_dir: &Path,
) -> Result<Saved, String> {
    let t = target(kind, sets_dir)?;
    let used: Vec<(u32, &Mat)> = kept
        .iter()
        .filter(|(id, _)| examples.iter().any(|e| e.still == *id))
        .map(|(id, s)| (*id, &s.image))
        .collect();
    enrol_and_save(&t, name, &used, examples, sets_dir)
}

/// Where the window saves enrolled sets (the folder the game's reader reads).
pub fn sets_dir() -> PathBuf {
    crate::paths::dice_sets_dir()
}
