//! Games over the store: start, list, resume, run a command, observe a
//! camera reading, correct, undo; each answers with a [`GameView`] (the
//! state, what the engine derives for the screen, the commands open now, the
//! log and the throws). Campaigns: list, show, export.
//!
//! The window's commands and `warden game …` are both one call into these
//! functions. They take `&mut Store`, so they are tested without a window;
//! [`GameState`] is the shared store plus the game the camera's throws go to.
//!
//! Errors are [`AppError`]s: an engine's refusal keeps its rule
//! (`refused by rule "…": …`, so the screen can show the player which rule
//! forbids the move), and the adapters tell a refusal, the caller's input and
//! the store's failure apart by the variant; the window gets the text.

use serde::Serialize;
use serde_json::Value;
use crate::error::AppError;
use crate::snapshot_file;
use base64::Engine as _;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use tw_rules::DynGame;
use tw_session::{correction::ReadingRecord, dungeon_fighter, observation::DieReading, registry};
use tw_store::{GameSession, LogEntry, Provenance, SessionInfo, Source, Store};

/// How many log entries a view carries: enough for the throw log of a long
/// combat, small enough to send on every action.
pub const LOG_TAIL: i64 = 100;

/// How many of the camera's throws a view carries.
pub const THROW_TAIL: usize = 20;

/// The one store the window uses, opened at start-up.
///
/// Opening can fail (a damaged or too-new database). The window must still
/// open so the player can read why, so the error is kept and returned by
/// every command instead of aborting start-up.
pub struct GameState {
    store: Result<Mutex<Store>, String>,
    /// The game the camera's throws go to (the one last opened).
    playing: Mutex<Option<i64>>,
    /// Its engine name, for the reader (a game may name its own die set).
    playing_game: crate::reader::PlayingGame,
}

impl GameState {
    /// Open the database at the usual place (`TABLE_WARDEN_DB`, else the OS
    /// data folder); an error is kept for the commands to report.
    pub fn new() -> Self {
        let store = tw_store::paths::resolve_db_path(None)
            .map_err(|e| e.to_string())
            .and_then(|path| {
                Store::open(&path)
                    .map_err(|e| format!("opening the database {}: {e}", path.display()))
            });
        GameState {
            store: store.map(Mutex::new),
            playing: Mutex::new(None),
            playing_game: Default::default(),
        }
    }

    /// Over an open store (tests, the CLI).
    pub fn with_store(store: Store) -> Self {
        GameState { store: Ok(Mutex::new(store)), playing: Mutex::new(None), playing_game: Default::default() }
    }

    /// From now on the camera's throws go to game `id` (none: to no game).
    pub fn play(&self, id: Option<i64>) {
        *self.playing.lock().unwrap_or_else(|p| p.into_inner()) = id;
        if id.is_none() {
            self.playing_game.set(None);
        }
    }

    /// The engine name of the game being played, shared with the reader's
    /// calibration so the table is read with the game's own die set.
    pub fn playing_game(&self) -> crate::reader::PlayingGame {
        self.playing_game.clone()
    }

    /// The game the camera's throws go to.
    pub fn playing(&self) -> Option<i64> {
        *self.playing.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A throw the camera finished: kept with the game being played and
    /// applied, held or put to the player (see [`crate::inbox`]); `None`
    /// when no game is being played.
    pub fn throw_finished(&self, t: &crate::watcher::ThrowReading) -> Result<Option<crate::inbox::ThrowReport>, String> {
        let Some(id) = self.playing() else {
            return Ok(None);
        };
        crate::inbox::throw_finished(&mut *self.lock()?, id, t).map(Some)
    }

    /// Starts a game; the camera's throws go to it from now on.
    pub fn start(
        &self,
        game: &str,
        setup: &Value,
        campaign: Option<&str>,
    ) -> Result<GameView, AppError> {
        let v = new_game(&mut *self.lock()?, game, setup, campaign)?;
        self.play(Some(v.session));
        self.playing_game.set(Some(&v.game));
        Ok(v)
    }

    /// Opens (resumes) game `id`; the camera's throws go to it from now on.
    pub fn open(&self, id: i64) -> Result<GameView, AppError> {
        let v = show(&*self.lock()?, id)?;
        self.play(Some(id));
        self.playing_game.set(Some(&v.game));
        Ok(v)
    }

    /// The store, locked.
    pub fn lock(&self) -> Result<MutexGuard<'_, Store>, String> {
        let m = self.store.as_ref().map_err(|e| e.clone())?;
        // A panic while the lock was held cannot leave the database half
        // written (every write is one transaction), so the store stays usable.
        Ok(m.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }
}

impl Default for GameState {
    fn default() -> Self {
        Self::new()
    }
}

/// One game engine the window can start.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameInfo {
    pub name: String,
    /// The game's name as players know it ("Dungeon Fighter").
    pub title: String,
    /// Whether it keeps a campaign record (so a campaign can be made for it).
    pub campaign: bool,
    /// Whether the window has a dedicated screen for it (else a JSON editor).
    pub dedicated_screen: bool,
    /// Whether camera readings map to commands for it.
    pub camera: bool,
}

/// One line of the saved-games list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionSummary {
    pub id: i64,
    pub game: String,
    pub campaign_id: Option<i64>,
    pub created_at_ms: i64,
    pub entries: i64,
}

impl From<SessionInfo> for SessionSummary {
    fn from(s: SessionInfo) -> Self {
        SessionSummary {
            id: s.id,
            game: s.game,
            campaign_id: s.campaign_id,
            created_at_ms: s.created_at_ms,
            entries: s.last_seq,
        }
    }
}

/// One log entry as the throw log shows it. The state an undo restores is
/// left out: it is large and the screen never needs it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogLine {
    pub seq: i64,
    pub at_ms: i64,
    pub source: Source,
    pub command: Option<Value>,
    pub events: Vec<Value>,
    pub original_reading: Option<Value>,
    pub image_path: Option<String>,
    pub reverts_seq: Option<i64>,
}

impl From<LogEntry> for LogLine {
    fn from(e: LogEntry) -> Self {
        LogLine {
            seq: e.seq,
            at_ms: e.at_ms,
            source: e.source,
            command: e.command,
            events: e.events,
            original_reading: e.original_reading,
            image_path: e.image_path,
            reverts_seq: e.reverts_seq,
        }
    }
}

/// What every game command answers: the game as it now stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameView {
    pub session: i64,
    pub game: String,
    pub campaign_id: Option<i64>,
    pub last_seq: i64,
    /// Whether there is an action undo (or a correction) can replace.
    pub can_undo: bool,
    /// The log entry undo (or a correction) would replace, if any.
    pub undo_target: Option<i64>,
    pub state: Value,
    /// What the rules derive from the state for the screen (`DynGame::view`).
    pub view: Value,
    /// The commands open to the player now (`DynGame::offers`).
    pub offers: Vec<tw_rules::Offer>,
    /// The kept cards of each kind those offers can carry (the card
    /// library), for completing a card by name.
    pub cards: std::collections::BTreeMap<String, Vec<Value>>,
    /// The events of the action just run (empty for a plain look or an undo).
    pub events: Vec<Value>,
    /// The command that was run, when the window did not type it (a camera
    /// reading mapped to a throw).
    pub command: Option<Value>,
    /// Set when a camera reading was too uncertain to act on: the question
    /// for the player. Nothing was written.
    pub ask_player: Option<String>,
    /// The newest entries, oldest first (at most [`LOG_TAIL`]).
    pub log: Vec<LogLine>,
    /// The newest throws the camera finished in this game, oldest first (at
    /// most [`THROW_TAIL`]), each with what became of it.
    pub throws: Vec<tw_store::ThrowRecord>,
    /// The one-click corrections open on log entries now ([`fix`]).
    pub fixes: Vec<crate::entry_fix::EntryFix>,
}

/// The engine for `name` (aliases allowed), or an error listing the known ones.
pub(crate) fn engine(name: &str) -> Result<Box<dyn DynGame>, AppError> {
    registry::find(name).ok_or_else(|| {
        AppError::input(format!(
            "unknown game {name:?}; known games: {}",
            registry::names().join(", ")
        ))
    })
}

/// Reopen session `id` through its own engine (held by the caller so the
/// session can borrow it).
pub(crate) fn resume<'g>(
    store: &Store,
    id: i64,
    holder: &'g mut Option<Box<dyn DynGame>>,
) -> Result<GameSession<'g>, AppError> {
    let info = store.session(id)?;
    let game = registry::find(&info.game).ok_or_else(|| {
        format!(
            "game {:?} of session {id} is unknown to this build",
            info.game
        )
    })?;
    let game: &'g dyn DynGame = &**holder.insert(game);
    Ok(GameSession::resume(store, game, id)?)
}

pub(crate) fn view(
    store: &Store,
    s: &GameSession<'_>,
    events: Vec<Value>,
    command: Option<Value>,
) -> Result<GameView, AppError> {
    let info = store.session(s.id())?;
    let last = s.last_seq();
    let log = store
        .entries(s.id(), (last - LOG_TAIL).max(0), last)?
        .into_iter()
        .map(LogLine::from)
        .collect();
    // Kept readings hold no thumbnail (the inbox saves it to a file).
    let throws = store.recent_throws(s.id(), THROW_TAIL)?;
    let engine = engine(&info.game)?;
    let rule_view = engine.view(s.state())?;
    let offers = engine.offers(s.state())?;
    let cards = crate::cards::for_offers(store, &info.game, &offers)?;
    let fixes = crate::entry_fix::fixes(store, engine.as_ref(), s)?;
    Ok(GameView {
        session: s.id(),
        game: info.game,
        campaign_id: info.campaign_id,
        last_seq: last,
        can_undo: s.undo_target().is_some(),
        undo_target: s.undo_target(),
        state: s.state().clone(),
        view: rule_view,
        offers,
        cards,
        events,
        command,
        ask_player: None,
        log,
        throws,
        fixes,
    })
}

/// The engines this build runs.
pub fn list_games() -> Vec<GameInfo> {
    registry::names()
        .into_iter()
        .map(|n| GameInfo {
            name: n.to_string(),
            title: crate::phase::game_title(n),
            campaign: tw_store::campaign::canonical_game(n).is_some(),
            // Each of these has its own screen (ui/src/game.ts,
            // ui/src/screens/*), and each reads dice from the table: d12
            // throws on the target, the two dice of a roll, or Dungeon
            // Roll's party and dungeon dice.
            dedicated_screen: matches!(n, "dungeon-fighter" | "silver-mine" | "green-dungeon" | "dungeon-roll" | "pocket-dungeon-quest"),
            camera: matches!(n, "dungeon-fighter" | "silver-mine" | "green-dungeon" | "dungeon-roll" | "pocket-dungeon-quest"),
        })
        .collect()
}

/// Start a game of `game` with `setup`, optionally within a campaign.
pub fn new_game(
    store: &mut Store,
    game: &str,
    setup: &Value,
    campaign: Option<&str>,
) -> Result<GameView, AppError> {
    let engine = engine(game)?;
    let campaign_id = match campaign.map(str::trim).filter(|c| !c.is_empty()) {
        Some(name) => {
            let c = store.campaign(name)?;
            // A game joins only a campaign of its own game (its record is that game's).
            if tw_store::campaign::canonical_game(&c.game) != Some(engine.name()) {
                return Err(AppError::input(format!(
                    "{:?} is a {} campaign; a {} game cannot join it",
                    c.name,
                    crate::phase::game_title(&c.game),
                    crate::phase::game_title(engine.name())
                )));
            }
            Some(c.id)
        }
        None => None,
    };
    let setup = crate::campaign_feed::prepare_setup(store, engine.name(), setup, campaign_id)?;
    let s = GameSession::start(
        store,
        engine.as_ref(),
        &setup,
        campaign_id,
        tw_store::log::DEFAULT_SNAPSHOT_EVERY,
    )
    .map_err(|source| AppError::Setup {
        game: engine.name().to_string(),
        source,
    })?;
    view(store, &s, Vec::new(), None)
}

/// Saved games, newest first.
pub fn list_sessions(
    store: &Store,
    campaign_id: Option<i64>,
) -> Result<Vec<SessionSummary>, String> {
    let mut list: Vec<SessionSummary> = store
        .sessions(campaign_id)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(SessionSummary::from)
        .collect();
    list.sort_by(|a, b| b.created_at_ms.cmp(&a.created_at_ms).then(b.id.cmp(&a.id)));
    Ok(list)
}

/// Session `id` as it stands (this is also how a game is resumed).
pub fn show(store: &Store, id: i64) -> Result<GameView, AppError> {
    let mut holder = None;
    let s = resume(store, id, &mut holder)?;
    view(store, &s, Vec::new(), None)
}

#[cfg(test)]
/// Run one command typed by the player (`manual`) or made by the window from
/// a camera throw (`camera`). Undo and corrections have their own calls, so
/// their sources are refused here.
pub fn run_command(
    store: &mut Store,
    id: i64,
    command: &Value,
    source: &str,
) -> Result<GameView, AppError> {
    run_command_with_reading(store, id, command, source, None)
}

/// [`run_command`] for a command built from camera dice: `reading` (the dice
/// as the camera read them) is logged beside the command, so a later
/// correction keeps what the camera saw. Only a camera command carries one.
pub fn run_command_with_reading(
    store: &mut Store,
    id: i64,
    command: &Value,
    source: &str,
    reading: Option<&Value>,
) -> Result<GameView, AppError> {
    let source = match Source::parse(source) {
        Some(s @ (Source::Manual | Source::Camera)) => s,
        Some(other) => {
            return Err(AppError::input(format!(
                "source {:?} is not for game_do; use game_{}",
                other.as_str(),
                other.as_str()
            )))
        }
        None => {
            return Err(AppError::input(format!(
                "unknown source {source:?}; use \"manual\" or \"camera\""
            )))
        }
    };
    if reading.is_some() && source != Source::Camera {
        return Err(AppError::input(
            "only a camera command carries a camera reading",
        ));
    }
    let prov = Provenance {
        original_reading: reading.cloned(),
        image_path: None,
    };
    let mut holder = None;
    let mut s = resume(store, id, &mut holder)?;
    // A card the library knows is completed before it is logged, so the log
    // holds the whole card and replays without the library.
    let game = store.session(id)?.game;
    let slot = crate::cards::slot_for(&engine(&game)?.offers(s.state())?, command);
    let command = match &slot {
        Some(slot) => crate::cards::complete(store, &game, slot, command)?,
        None => command.clone(),
    };
    let out = s.execute(store, &command, source, prov)?;
    if let Some(slot) = &slot {
        crate::cards::remember(store, &game, slot, &command)?;
    }
    retry_waiting(store, &mut s)?;
    crate::campaign_feed::after_command(store, id, s.state());
    view(store, &s, out.events, None)
}

/// The player acted: throws held for that are tried again.
fn retry_waiting(store: &mut Store, s: &mut GameSession<'_>) -> Result<(), String> {
    let game = store.session(s.id()).map_err(|e| e.to_string())?.game;
    crate::inbox::retry_waiting(store, s, &game).map(|_| ())
}

/// Undo the latest action (logged as an undo entry; nothing is deleted).
pub fn undo(store: &mut Store, id: i64) -> Result<GameView, AppError> {
    let mut holder = None;
    let mut s = resume(store, id, &mut holder)?;
    if s.undo_target().is_none() {
        return Err(nothing_to_undo(store, &s));
    }
    s.undo(store)?;
    retry_waiting(store, &mut s)?;
    view(store, &s, Vec::new(), None)
}

/// Undo with nothing left to undo is the caller's mistake, not the store's
/// failure: an input error naming the session, its game and why.
fn nothing_to_undo(store: &Store, s: &GameSession<'_>) -> AppError {
    let game = store.session(s.id()).map(|i| i.game).unwrap_or_default();
    let why = if s.last_seq() == 0 {
        "no action has been played since it was set up"
    } else {
        "every action it logged is undone already"
    };
    AppError::input(format!(
        "nothing to undo in game session {} ({}): {why}",
        s.id(),
        crate::phase::game_title(&game)
    ))
}

/// Replace the latest action with the player's `command`, keeping what it
/// replaces beside it: the camera's reading when there was one, else the
/// command itself (as `warden game correct` does).
pub fn correct(store: &mut Store, id: i64, command: &Value) -> Result<GameView, AppError> {
    correct_keeping(store, id, command, None)
}

/// [`correct`], keeping `original` (the reading being corrected) instead of
/// the one logged with the last action, when given.
pub fn correct_keeping(
    store: &mut Store,
    id: i64,
    command: &Value,
    original: Option<Value>,
) -> Result<GameView, AppError> {
    let mut holder = None;
    let mut s = resume(store, id, &mut holder)?;
    let last = s
        .undo_target()
        .ok_or_else(|| AppError::input("there is no action to correct"))?;
    let entry = store
        .entries(id, last - 1, last)?
        .pop()
        .ok_or_else(|| format!("action {last} is missing from the log of session {id}"))?;
    let original = match original {
        Some(o) => o,
        None => entry
            .original_reading
            .or(entry.command)
            .ok_or_else(|| AppError::input("the last action has no reading to keep"))?,
    };
    let out = s.correct(store, command, original, entry.image_path)?;
    retry_waiting(store, &mut s)?;
    view(store, &s, out.events, None)
}

/// Carry out the correction `key` the view offered on log entry `seq`
/// (`GameView::fixes`): one action, whatever it takes back and replays.
pub fn fix(store: &mut Store, id: i64, seq: i64, key: &str) -> Result<GameView, AppError> {
    let mut holder = None;
    let mut s = resume(store, id, &mut holder)?;
    let game = store.session(id)?.game;
    let engine = engine(&game)?;
    let events = crate::entry_fix::apply(store, engine.as_ref(), &mut s, seq, key)?;
    retry_waiting(store, &mut s)?;
    view(store, &s, events, None)
}

#[cfg(test)]
/// Turn a camera reading of one die at rest (the `warden read` JSON of a
/// die) into a throw and run it. An uncertain reading writes nothing and
/// comes back with `ask_player` set, so the player enters the throw.
pub fn observe(store: &mut Store, id: i64, reading: &Value) -> Result<GameView, AppError> {
    observe_with_snapshot(store, id, reading, None)
}

/// [`observe`], keeping `snapshot` (a JPEG in base64: the throw's frame with
/// the reading drawn on it) as a file beside the database; the log entry
/// points to it so the throw log can show what the camera saw.
pub fn observe_with_snapshot(
    store: &mut Store,
    id: i64,
    reading: &Value,
    snapshot: Option<&str>,
) -> Result<GameView, AppError> {
    observe_keeping(store, id, reading, |store| match snapshot {
        Some(b64) => save_snapshot(store, id, b64).map(Some),
        None => Ok(None),
    })
}

/// [`observe`], pointing the log entry at an image already on disk
/// (`warden game observe --image`).
pub fn observe_with_image(
    store: &mut Store,
    id: i64,
    reading: &Value,
    image_path: Option<String>,
) -> Result<GameView, AppError> {
    observe_keeping(store, id, reading, |_| Ok(image_path))
}

fn observe_keeping(
    store: &mut Store,
    id: i64,
    reading: &Value,
    image: impl FnOnce(&Store) -> Result<Option<String>, String>,
) -> Result<GameView, AppError> {
    let die: DieReading = serde_json::from_value(reading.clone()).map_err(|e| {
        AppError::input(format!(
            "the reading does not match the `warden read` die format: {e}"
        ))
    })?;
    die.check()
        .map_err(|e| AppError::input(format!("the reading is not one a reader gives: {e}")))?;
    let mut holder = None;
    let mut s = resume(store, id, &mut holder)?;
    let game = store.session(id)?.game;
    if game != "dungeon-fighter" {
        return Err(AppError::input(format!(
            "camera readings are mapped for dungeon-fighter games only; this is a {game} game"
        )));
    }
    match dungeon_fighter::throw_from_reading(&die) {
        Ok(cmd) => {
            let command = serde_json::to_value(cmd).map_err(|e| e.to_string())?;
            let record =
                serde_json::to_value(ReadingRecord::camera(die)).map_err(|e| e.to_string())?;
            let image_path = image(store)?;
            let prov = Provenance {
                original_reading: Some(record),
                image_path,
            };
            let out = s.execute(store, &command, Source::Camera, prov)?;
            view(store, &s, out.events, Some(command))
        }
        Err(ask) => {
            let mut v = view(store, &s, Vec::new(), None)?;
            v.ask_player = Some(ask.to_string());
            Ok(v)
        }
    }
}

/// The data folder: the one holding the database. Snapshots live in its
/// `snapshots/` folder, and only files inside it are ever read back.
fn data_dir(store: &Store) -> PathBuf {
    match store.path().parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes a base64 JPEG snapshot for session `id`; returns its absolute
/// path (so it does not depend on the working directory).
pub(crate) fn save_snapshot(store: &Store, id: i64, b64: &str) -> Result<String, String> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .map_err(|e| format!("the throw snapshot is not base64: {e}"))?;
    if !snapshot_file::is_jpeg(&bytes) {
        return Err("the throw snapshot is not a JPEG image".into());
    }
    if bytes.len() as u64 > snapshot_file::MAX_SNAPSHOT_BYTES {
        return Err("the throw snapshot is too large to keep".into());
    }
    let dir = data_dir(store).join("snapshots");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let dir = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let path = dir.join(format!("game-{id}-{nanos}.jpg"));
    std::fs::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.display().to_string())
}

/// The snapshot of log entry `seq` of game `id`, base64; `None` when it has
/// none or the file is gone. The path comes from the log, which an import or
/// the CLI may have filled: only a JPEG inside the data folder is read (see
/// [`snapshot_file`]); any other path is refused, naming it.
pub fn snapshot_of(store: &Store, id: i64, seq: i64) -> Result<Option<String>, String> {
    let entry = store
        .entries(id, seq - 1, seq)
        .map_err(|e| e.to_string())?
        .pop()
        .ok_or_else(|| format!("game {id} has no log entry {seq}"))?;
    let Some(path) = entry.image_path else {
        return Ok(None);
    };
    Ok(snapshot_file::read(&data_dir(store), &path)?
        .map(|b| base64::engine::general_purpose::STANDARD.encode(b)))
}

/// A campaign with its record and its saved games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CampaignView {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub notes: String,
    pub players: Vec<String>,
    pub record: Value,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub sessions: Vec<SessionSummary>,
}

pub fn list_campaigns(store: &Store) -> Result<Vec<tw_store::campaign::CampaignSummary>, String> {
    store.campaigns().map_err(|e| e.to_string())
}

pub fn show_campaign(store: &Store, name: &str) -> Result<CampaignView, String> {
    let c = store.campaign(name).map_err(|e| e.to_string())?;
    let sessions = list_sessions(store, Some(c.id))?;
    Ok(CampaignView {
        id: c.id,
        name: c.name,
        game: c.game,
        notes: c.notes,
        players: c.players,
        record: c.record.to_json(),
        created_at_ms: c.created_at_ms,
        updated_at_ms: c.updated_at_ms,
        sessions,
    })
}

/// The versioned export document (the same `warden campaign export` writes).
pub fn export_campaign(store: &Store, name: &str) -> Result<String, String> {
    let doc = store.export_campaign(name).map_err(|e| e.to_string())?;
    serde_json::to_string_pretty(&doc)
        .map_err(|e| format!("the export could not be written as JSON: {e}"))
}

/// Which of two dice on the table is ours and which is theirs (a hero's and
/// an enemy's roll), by colour or by the positions the player set; the same
/// rule `tw_session::assign` applies everywhere.
pub fn pair(dice: &Value, pairing: &Value) -> Result<[u8; 2], String> {
    let dice: Vec<DieReading> = serde_json::from_value(dice.clone())
        .map_err(|e| format!("the dice do not match the `warden read` die format: {e}"))?;
    let pairing: tw_session::assign::Pairing = serde_json::from_value(pairing.clone())
        .map_err(|e| format!("the pairing is not understood: {e}"))?;
    tw_session::assign::pair(&dice, &pairing)
        .map(|(a, b)| [a, b])
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::PathBuf;

    /// A fresh database in its own temporary folder, removed afterwards.
    struct TempDb {
        dir: PathBuf,
        store: Store,
    }

    impl TempDb {
        fn new(tag: &str) -> TempDb {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos();
            let dir = std::env::temp_dir()
                .join(format!("tw-app-game-{tag}-{}-{nanos}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let store = Store::open(dir.join("warden.sqlite3")).unwrap();
            TempDb { dir, store }
        }
    }

    impl Drop for TempDb {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    fn df_setup() -> Value {
        json!({"heroes": ["saul-baysar", "lianna-lightbringer", "lady-mary"], "leader": 0, "difficulty": "normal"})
    }

    /// The rulebook's first combat up to the first throw.
    fn into_combat(store: &mut Store) -> i64 {
        let id = new_game(store, "df", &df_setup(), None).unwrap().session;
        run_command(
            store,
            id,
            &json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}),
            "manual",
        )
        .unwrap();
        let v = run_command(
            store,
            id,
            &json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1}}),
            "manual",
        )
        .unwrap();
        assert_eq!(v.state["phase"]["phase"], "combat");
        id
    }

    fn throw(die: &str, face: &str, kind: &str, value: Option<u32>) -> Value {
        json!({"type": "throw", "die": die, "face": face, "landing": {"kind": kind, "value": value}})
    }

    fn reading(face: &str, kind: &str, value: Option<u32>, confidence: f64) -> Value {
        json!({"center": [0, 0], "face": face, "color": "blue", "confidence": confidence,
               "section": {"kind": kind, "value": value}})
    }

    #[test]
    fn games_are_listed_with_their_screens() {
        let games = list_games();
        let df = games
            .iter()
            .find(|g| g.name == "dungeon-fighter")
            .expect("dungeon fighter listed");
        assert!(df.dedicated_screen && df.camera);
        let sm = games
            .iter()
            .find(|g| g.name == "silver-mine")
            .expect("silver mine listed");
        assert!(sm.dedicated_screen && sm.camera);
        assert_eq!((df.title.as_str(), df.campaign), ("Dungeon Fighter", true));
        assert!(games.iter().all(|g| g.campaign), "every engine keeps a campaign record");
    }

    #[test]
    fn the_hero_list_is_the_engines_and_each_hero_starts_a_game() {
        let options = crate::setup_options::setup_options("dungeon-fighter").unwrap();
        let heroes = options["heroes"].as_array().unwrap();
        let keys: Vec<&str> = heroes.iter().map(|h| h["key"].as_str().unwrap()).collect();
        assert_eq!(
            keys,
            ["lianna-lightbringer", "lady-mary", "saul-baysar", "sir-moo"]
        );
        let mut db = TempDb::new("heroes");
        let v = new_game(
            &mut db.store,
            "df",
            &json!({"heroes": keys, "leader": 3}),
            None,
        )
        .unwrap();
        assert_eq!(v.state["heroes"][3]["name"], heroes[3]["name"]);
        assert_eq!(v.state["heroes"][0]["life"], heroes[0]["life"]);
    }

    #[test]
    fn a_new_game_is_saved_and_resumed() {
        let mut db = TempDb::new("new");
        let v = new_game(&mut db.store, "dungeon-fighter", &df_setup(), None).unwrap();
        assert_eq!(v.game, "dungeon-fighter");
        assert_eq!(v.last_seq, 0);
        assert!(!v.can_undo);
        assert_eq!(v.state["heroes"].as_array().unwrap().len(), 3);
        let listed = list_sessions(&db.store, None).unwrap();
        assert_eq!(
            listed.iter().map(|s| s.id).collect::<Vec<_>>(),
            vec![v.session]
        );
        assert_eq!(show(&db.store, v.session).unwrap().state, v.state);
    }

    #[test]
    fn unknown_games_and_bad_setups_are_refused_clearly() {
        let mut db = TempDb::new("bad");
        let e = new_game(&mut db.store, "chess", &json!({}), None).unwrap_err();
        assert!(matches!(e, AppError::Input(_)), "{e:?}");
        let e = e.to_string();
        assert!(
            e.contains("unknown game \"chess\"") && e.contains("dungeon-fighter"),
            "{e}"
        );
        let e = new_game(
            &mut db.store,
            "df",
            &json!({"heroes": ["saul-baysar"]}),
            None,
        )
        .unwrap_err();
        assert_eq!(e.refusal().map(|r| r.rule.as_str()), Some("Setup"), "{e:?}");
        let e = e.to_string();
        assert!(
            e.contains("could not be set up: refused by rule \"Setup\""),
            "{e}"
        );
        assert!(list_sessions(&db.store, None).unwrap().is_empty());
        let e = new_game(&mut db.store, "df", &df_setup(), Some("No Such Campaign"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("No Such Campaign"), "{e}");
        let c = tw_store::campaign::NewCampaign::fresh("Mine nights", "silver-mine", &[]).unwrap();
        db.store.create_campaign(&c).unwrap();
        let e = new_game(&mut db.store, "df", &df_setup(), Some("mine nights"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("Into the Dark Dungeon: Silver Mine campaign")
                && e.contains("Dungeon Fighter game"),
            "{e}"
        );
        assert!(list_sessions(&db.store, None).unwrap().is_empty());
    }

    #[test]
    fn a_refusal_names_its_rule_and_changes_nothing() {
        let mut db = TempDb::new("refuse");
        let id = into_combat(&mut db.store);
        let before = run_command(
            &mut db.store,
            id,
            &throw("blue", "blank", "score", Some(1)),
            "manual",
        )
        .unwrap();
        assert_eq!(
            before.state["combat"]["life"], 5,
            "6 life (2 + 4 advantage), hit for 1"
        );
        let e = run_command(
            &mut db.store,
            id,
            &throw("blue", "blank", "score", Some(1)),
            "manual",
        )
        .unwrap_err();
        // Told apart by its variant: the adapters never read the text.
        let AppError::Refused(r) = &e else {
            panic!("not a refusal: {e:?}")
        };
        assert_eq!(
            r.rule,
            "Combat: each die can be thrown just once per combat"
        );
        assert!(
            e.to_string().contains(
                "refused by rule \"Combat: each die can be thrown just once per combat\""
            ),
            "{e}"
        );
        let after = show(&db.store, id).unwrap();
        assert_eq!(after.state, before.state);
        assert_eq!(after.last_seq, before.last_seq);
    }

    #[test]
    fn undo_and_correction_sources_are_not_taken_by_game_do() {
        let mut db = TempDb::new("src");
        let id = into_combat(&mut db.store);
        for s in ["undo", "correction", "robot"] {
            let e = run_command(
                &mut db.store,
                id,
                &throw("blue", "blank", "score", Some(1)),
                s,
            )
            .unwrap_err();
            assert!(matches!(e, AppError::Input(_)), "{e:?}");
            assert!(e.to_string().contains(s), "{e}");
        }
        assert_eq!(show(&db.store, id).unwrap().last_seq, 2);
    }

    #[test]
    fn undo_is_logged_and_restores_the_state() {
        let mut db = TempDb::new("undo");
        let id = into_combat(&mut db.store);
        let before = show(&db.store, id).unwrap();
        run_command(
            &mut db.store,
            id,
            &throw("blue", "blank", "score", Some(3)),
            "manual",
        )
        .unwrap();
        let v = undo(&mut db.store, id).unwrap();
        assert_eq!(v.state, before.state);
        let last = v.log.last().unwrap();
        assert_eq!(last.source, Source::Undo);
        assert_eq!(last.reverts_seq, Some(3));
        assert_eq!(v.last_seq, 4);
    }

    #[test]
    fn nothing_to_undo_is_an_error_not_a_panic() {
        let mut db = TempDb::new("empty");
        let id = new_game(&mut db.store, "df", &df_setup(), None)
            .unwrap()
            .session;
        // The caller's mistake, named with the session and its game.
        let e = undo(&mut db.store, id).unwrap_err();
        assert!(matches!(e, AppError::Input(_)), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("nothing to undo in game session {id} (Dungeon Fighter): no action has been played since it was set up")
        );
        run_command(&mut db.store, id, &json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}), "manual").unwrap();
        undo(&mut db.store, id).unwrap();
        assert!(undo(&mut db.store, id)
            .unwrap_err()
            .to_string()
            .ends_with("(Dungeon Fighter): every action it logged is undone already"));
        assert!(correct(&mut db.store, id, &json!({"type": "end_rest"}))
            .unwrap_err()
            .to_string()
            .contains("no action to correct"));
        assert!(show(&db.store, 999)
            .unwrap_err()
            .to_string()
            .contains("999"));
    }

    #[test]
    fn a_camera_throw_is_played_and_its_correction_keeps_the_reading() {
        let mut db = TempDb::new("camera");
        let id = into_combat(&mut db.store);
        let raw = reading("blank", "score", Some(5), 0.95);
        let v = observe(&mut db.store, id, &raw).unwrap();
        assert!(v.ask_player.is_none());
        assert_eq!(v.command.as_ref().unwrap()["landing"]["value"], 5);
        assert_eq!(v.state["combat"]["life"], 1, "6 life, hit for 5");
        // The player says it was really the 4 next to it.
        let v = correct(&mut db.store, id, &throw("blue", "blank", "score", Some(4))).unwrap();
        assert_eq!(v.state["combat"]["life"], 2);
        let fix = v.log.last().unwrap();
        assert_eq!(fix.source, Source::Correction);
        let kept = fix
            .original_reading
            .as_ref()
            .expect("the camera reading is kept");
        assert!(kept.to_string().contains("0.95"), "{kept}");
        assert_eq!(v.log.iter().filter(|l| l.source == Source::Undo).count(), 1);
    }

    #[test]
    fn an_uncertain_reading_asks_the_player_and_writes_nothing() {
        let mut db = TempDb::new("ask");
        let id = into_combat(&mut db.store);
        let v = observe(&mut db.store, id, &reading("blank", "score", Some(5), 0.3)).unwrap();
        assert!(
            v.ask_player.as_deref().unwrap().contains("uncertain"),
            "{:?}",
            v.ask_player
        );
        assert_eq!(v.last_seq, 2);
        let e = observe(&mut db.store, id, &json!({"face": "icon"})).unwrap_err();
        assert!(matches!(e, AppError::Input(_)), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("`warden read` die format"), "{e}");
    }

    /// A confidence of 1e308 was played as a sure throw (bad-input sweep,
    /// 2026-11-27); it is refused, naming the field, and nothing is logged.
    #[test]
    fn a_reading_with_an_impossible_confidence_is_refused_and_writes_nothing() {
        let mut db = TempDb::new("conf");
        let id = into_combat(&mut db.store);
        let e = observe(
            &mut db.store,
            id,
            &reading("blank", "score", Some(5), 1e308),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("confidence"), "{e}");
        assert_eq!(show(&db.store, id).unwrap().last_seq, 2);
    }

    #[test]
    fn camera_readings_are_refused_for_other_games() {
        let mut db = TempDb::new("sm");
        // A Silver Mine setup from that engine's own test script, so this
        // test does not restate its setup format.
        let script = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../games/silver-mine/tests/scripts/combat_example.json"
        );
        let script: Value =
            serde_json::from_str(&std::fs::read_to_string(script).unwrap()).unwrap();
        let id = new_game(&mut db.store, "silver-mine", &script["setup"], None)
            .unwrap()
            .session;
        let e = observe(&mut db.store, id, &reading("blank", "score", Some(5), 0.95))
            .unwrap_err()
            .to_string();
        assert!(e.contains("dungeon-fighter games only"), "{e}");
        assert_eq!(show(&db.store, id).unwrap().last_seq, 0);
    }

    #[test]
    fn campaigns_are_listed_shown_and_exported_with_their_games() {
        let mut db = TempDb::new("camp");
        let players = vec!["Ann".to_string(), "Bo".to_string()];
        let c =
            tw_store::campaign::NewCampaign::fresh("Tuesday", "dungeon-fighter", &players).unwrap();
        db.store.create_campaign(&c).unwrap();
        let game = new_game(&mut db.store, "df", &df_setup(), Some("Tuesday")).unwrap();
        assert!(game.campaign_id.is_some());
        let list = list_campaigns(&db.store).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].sessions, 1);
        let shown = show_campaign(&db.store, "Tuesday").unwrap();
        assert_eq!(shown.players, players);
        assert_eq!(
            shown.sessions.iter().map(|s| s.id).collect::<Vec<_>>(),
            vec![game.session]
        );
        let doc: Value =
            serde_json::from_str(&export_campaign(&db.store, "Tuesday").unwrap()).unwrap();
        assert_eq!(doc["campaign"]["name"], "Tuesday");
        assert_eq!(doc["sessions"].as_array().unwrap().len(), 1);
        assert!(export_campaign(&db.store, "Nope")
            .unwrap_err()
            .contains("Nope"));
    }

    #[test]
    fn two_dice_are_paired_by_colour_or_position() {
        let die = |x: f64, face: &str, color: &str| {
            json!({"center": [x, 10.0], "face": face, "color": color, "confidence": 0.9})
        };
        let dice = json!([die(300.0, "2", "red"), die(20.0, "5", "white")]);
        let by_colour = json!({"by": "colour", "ours": "white", "theirs": "red"});
        assert_eq!(pair(&dice, &by_colour).unwrap(), [5, 2]);
        let by_place = json!({"by": "position", "ours": [290.0, 0.0], "theirs": [0.0, 0.0]});
        assert_eq!(pair(&dice, &by_place).unwrap(), [2, 5]);
        let one = json!([die(20.0, "5", "white")]);
        assert!(pair(&one, &by_colour).unwrap_err().contains("saw 1"));
        let blurred = json!([die(300.0, "2", "red"), {"center": [0, 0], "face": null, "color": "white", "confidence": 0.2}]);
        assert!(pair(&blurred, &by_colour).unwrap_err().contains("unreadable"));
        assert!(pair(&json!({"no": 1}), &by_colour).unwrap_err().contains("die format"));
    }

    #[test]
    fn a_camera_command_keeps_its_reading_and_a_manual_one_cannot_carry_one() {
        let mut db = TempDb::new("reading");
        let id = into_combat(&mut db.store);
        let seen = json!({"dice": [{"center": [1, 2], "face": "5", "color": "blue"}]});
        let cmd = throw("blue", "blank", "score", Some(5));
        let e = run_command_with_reading(&mut db.store, id, &cmd, "manual", Some(&seen))
            .unwrap_err()
            .to_string();
        assert!(e.contains("only a camera command"), "{e}");
        let v = run_command_with_reading(&mut db.store, id, &cmd, "camera", Some(&seen)).unwrap();
        let last = v.log.last().unwrap();
        assert_eq!(last.source, Source::Camera);
        assert_eq!(last.original_reading, Some(seen));
    }

    #[test]
    fn a_camera_throw_keeps_its_snapshot_beside_the_database() {
        let mut db = TempDb::new("snap");
        let id = into_combat(&mut db.store);
        let jpeg =
            base64::engine::general_purpose::STANDARD.encode([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]);
        let bad = observe_with_snapshot(
            &mut db.store,
            id,
            &reading("blank", "score", Some(5), 0.95),
            Some("%%%"),
        )
        .unwrap_err()
        .to_string();
        assert!(bad.contains("not base64"), "{bad}");
        assert_eq!(show(&db.store, id).unwrap().last_seq, 2, "a bad snapshot writes nothing");
        let v = observe_with_snapshot(&mut db.store, id, &reading("blank", "score", Some(5), 0.95), Some(&jpeg))
            .unwrap();
        let path = v.log.last().unwrap().image_path.clone().expect("image path logged");
        assert!(path.contains("snapshots"), "{path}");
        assert_eq!(snapshot_of(&db.store, id, v.last_seq).unwrap(), Some(jpeg));
        assert_eq!(snapshot_of(&db.store, id, 1).unwrap(), None, "a manual entry has none");
        assert!(snapshot_of(&db.store, id, 99).is_err());
    }

    /// Logs a camera throw whose entry points at `image_path`, as an
    /// import or `warden game observe --image` could, and undoes it so the
    /// die can be thrown again; returns the throw's seq.
    fn throw_with_image(store: &mut Store, id: i64, image_path: &str) -> i64 {
        let mut holder = None;
        let mut s = resume(store, id, &mut holder).unwrap();
        let prov = Provenance {
            original_reading: None,
            image_path: Some(image_path.to_string()),
        };
        s.execute(
            store,
            &throw("blue", "blank", "score", Some(5)),
            Source::Camera,
            prov,
        )
        .unwrap();
        let seq = s.last_seq();
        s.undo(store).unwrap();
        seq
    }

    #[test]
    fn a_logged_path_outside_the_data_folder_is_never_read() {
        let mut db = TempDb::new("snap-out");
        let id = into_combat(&mut db.store);
        // A JPEG outside the data folder, one level up from the database.
        let outside = db.dir.with_extension("outside.jpg");
        std::fs::write(&outside, [0xFF, 0xD8, 0xFF, 0xE0, 9]).unwrap();
        for path in [
            "../../../../etc/passwd".to_string(),
            outside.display().to_string(),
        ] {
            let seq = throw_with_image(&mut db.store, id, &path);
            let e = snapshot_of(&db.store, id, seq).unwrap_err();
            assert!(e.contains(&path), "the refusal names {path}: {e}");
        }
        let _ = std::fs::remove_file(&outside);
        // A relative path is read from the data folder, not the working directory.
        std::fs::create_dir_all(db.dir.join("snapshots")).unwrap();
        std::fs::write(
            db.dir.join("snapshots/kept.jpg"),
            [0xFF, 0xD8, 0xFF, 0xE0, 7],
        )
        .unwrap();
        let seq = throw_with_image(&mut db.store, id, "snapshots/kept.jpg");
        let want = base64::engine::general_purpose::STANDARD.encode([0xFF, 0xD8, 0xFF, 0xE0, 7]);
        assert_eq!(snapshot_of(&db.store, id, seq).unwrap(), Some(want));
    }

    /// Bad-input sweep, 2026-11-27: a setup snapshot row moved behind the
    /// app's back read "no game session with id 1" though the game is there.
    #[test]
    fn a_moved_snapshot_row_is_named_and_the_game_is_not_called_missing() {
        let mut db = TempDb::new("moved");
        let id = into_combat(&mut db.store);
        let conn = rusqlite::Connection::open(db.store.path()).unwrap();
        conn.execute(
            "UPDATE snapshots SET seq = 99 WHERE session_id = ?1 AND seq = 0",
            [id],
        )
        .unwrap();
        let e = show(&db.store, id).unwrap_err();
        assert!(
            matches!(
                e,
                AppError::Store(tw_store::StoreError::MissingSnapshot { seq: 2, .. })
            ),
            "{e:?}"
        );
        assert!(!e.to_string().contains("no game session"), "{e}");
        let e = run_command(
            &mut db.store,
            id,
            &throw("blue", "blank", "score", Some(1)),
            "manual",
        )
        .unwrap_err();
        assert!(e.to_string().contains("snapshots table"), "{e}");
        assert_eq!(
            db.store.entries(id, 0, 9).unwrap().len(),
            2,
            "nothing written"
        );
    }

    #[test]
    fn a_state_whose_store_failed_to_open_reports_why() {
        let st = GameState {
            store: Err("opening the database /x: damaged".into()),
            playing: Mutex::new(None),
            playing_game: Default::default(),
        };
        assert_eq!(st.lock().err().unwrap(), "opening the database /x: damaged");
    }
}
