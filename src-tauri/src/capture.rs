//! The capture thread: pulls frames from `tw-capture`, measures the rate,
//! encodes JPEG and publishes the latest frame for the window to fetch.
//!
//! Only the newest frame is kept (a `watch` channel): a window that draws
//! slower than the camera skips frames instead of building a backlog. When the
//! camera fails at any point the thread switches to demo footage and says why;
//! it never panics the app.

use serde::Serialize;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tw_app::pipeline::{Pipeline, PipelineEvent};
use tw_app::reader::{ActiveCalibration, PlayingGame, TableReader};
use tw_app::sources::open_named;
use tw_app::ThrowReading;
use tw_capture::{open_default, open_demo, CaptureError, FpsMeter, Frame, FrameSource, SourceKind};
use tw_session::observation::DieReading;

use crate::frames::{pack, PackedFrame};

/// Environment variable naming the source to open instead of the first camera
/// (`demo`, `camera`, `camera:N`, or a path); see `tw_capture::open_spec`.
pub const SOURCE_ENV: &str = "TABLE_WARDEN_SOURCE";
const JPEG_QUALITY: i32 = 82;
/// How long a frame-level error stays on screen once frames flow again.
const ERROR_LINGER: Duration = Duration::from_secs(3);
/// Read dice on every n-th frame: enough for an overlay that follows a throw,
/// while a slow read on a big frame cannot starve the live view.
const READ_EVERY: u64 = 2;

/// Pause after a failed frame, so a broken source cannot spin a core.
const RETRY_PAUSE: Duration = Duration::from_millis(50);

/// What the window's status line and banner show. Field names are the JSON
/// the UI reads (`ui/src/ipc.ts`).
#[derive(Debug, Clone, Serialize, Default, PartialEq)]
pub struct CaptureStatus {
    pub source: String,
    pub kind: Option<SourceKind>,
    pub demo: bool,
    pub fallback_reason: Option<String>,
    pub error: Option<String>,
    pub width: u32,
    pub height: u32,
    pub capture_fps: f64,
    pub frames_captured: u64,
    /// Dice the reader found in frame `dice_frame` (the live overlay).
    pub dice: Vec<DieReading>,
    pub dice_frame: u64,
    /// How long that read took, milliseconds.
    pub read_ms: f64,
    /// The motion stage's state: `idle`, `moving`, `settling`, `at_rest`.
    pub settle: Option<String>,
    /// The last throw that came to rest, for the Game screen.
    pub last_throw: Option<ThrowReading>,
    /// Which reader reads the table: `pips`, or `target` when the active
    /// calibration holds a Dungeon Fighter board.
    pub reader: String,
    /// Why the saved calibration is not in use (unreadable, bad board file).
    pub calibration_problem: Option<String>,
    /// What the drift check last found when the board is not where it
    /// was calibrated (re-registered, or not found); `None` otherwise.
    pub board_alignment: Option<String>,
    /// The source name as the Settings screen lists it (`demo`,
    /// `demo:combat`, `camera:N`, a path); `None` for the start-up default.
    pub spec: Option<String>,
    /// Below this confidence a reading is shown as unsure (and asked).
    pub confidence_threshold: f64,
}

/// Shared between the capture thread and the command handlers.
pub struct Hub {
    status: Mutex<CaptureStatus>,
    latest: watch::Sender<Option<Arc<PackedFrame>>>,
    /// A source the player chose on the Settings screen, not yet opened.
    requested: Mutex<Option<String>>,
}

impl Hub {
    pub fn new() -> Arc<Hub> {
        Arc::new(Hub {
            status: Mutex::new(CaptureStatus {
                source: "starting…".into(),
                confidence_threshold: tw_session::observation::CONFIDENCE_THRESHOLD,
                ..Default::default()
            }),
            latest: watch::Sender::new(None),
            requested: Mutex::new(None),
        })
    }

    pub fn status(&self) -> CaptureStatus {
        self.status
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn update(&self, f: impl FnOnce(&mut CaptureStatus)) {
        f(&mut self.status.lock().unwrap_or_else(|p| p.into_inner()));
    }

    /// The newest published frame (JPEG), e.g. the still the Calibration
    /// screen works on; `None` before the first frame.
    pub fn latest_frame(&self) -> Option<Arc<PackedFrame>> {
        self.latest.borrow().clone()
    }

    /// Asks the capture thread to switch to the source `spec` (as
    /// `TABLE_WARDEN_SOURCE` names one); it answers through the status.
    pub fn request_source(&self, spec: String) {
        *self.requested.lock().unwrap_or_else(|p| p.into_inner()) = Some(spec);
    }

    fn take_request(&self) -> Option<String> {
        self.requested.lock().unwrap_or_else(|p| p.into_inner()).take()
    }

    /// Waits up to `timeout` for a frame newer than `after`.
    pub async fn frame_after(&self, after: u64, timeout: Duration) -> Option<Arc<PackedFrame>> {
        let mut rx = self.latest.subscribe();
        let newer = rx.wait_for(|f| f.as_ref().is_some_and(|f| f.seq > after));
        // Bound to a local so the borrow of `rx` ends before `rx` is dropped.
        let found = match tokio::time::timeout(timeout, newer).await {
            Ok(Ok(frame)) => frame.clone(),
            _ => None,
        };
        found
    }

    fn publish(&self, frame: PackedFrame) {
        self.latest.send_replace(Some(Arc::new(frame)));
    }
}

/// The source in use and what the banner should say about it.
struct Active {
    source: Box<dyn FrameSource>,
    fallback_reason: Option<String>,
    /// Set when the source came from `TABLE_WARDEN_SOURCE`, to reopen it when a file ends.
    spec: Option<String>,
    /// A calibration that belongs to the source (the generated Dungeon
    /// Fighter clip) and is used instead of the saved one.
    calibration: Option<PathBuf>,
}

/// Picks the start-up source: `TABLE_WARDEN_SOURCE` if set, else the first
/// camera, else the demo footage.
fn open_initial() -> Result<Active, CaptureError> {
    if let Ok(spec) = std::env::var(SOURCE_ENV) {
        let spec = spec.trim().to_string();
        if !spec.is_empty() {
            return match open_named(&spec) {
                Ok((source, calibration)) => Ok(Active {
                    source,
                    fallback_reason: None,
                    spec: Some(spec),
                    calibration,
                }),
                Err(e) => demo_instead(format!("{SOURCE_ENV}={spec}: {e}")),
            };
        }
    }
    let opened = open_default()?;
    Ok(Active {
        source: opened.source,
        fallback_reason: opened.fallback_reason,
        spec: None,
        calibration: None,
    })
}

fn demo_instead(reason: String) -> Result<Active, CaptureError> {
    Ok(Active {
        source: Box::new(open_demo()?),
        fallback_reason: Some(reason),
        spec: None,
        calibration: None,
    })
}

/// Called with each throw the table finished (on the capture thread).
pub type OnThrow = Box<dyn Fn(&ThrowReading) + Send>;

/// Starts the capture thread. It runs for the life of the app; each
/// finished throw goes to `on_throw`.
/// `game` is the game being played: its own die set, if it names one, reads the table.
pub fn spawn(hub: Arc<Hub>, on_throw: OnThrow, game: PlayingGame) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("capture".into())
        .spawn(move || run(&hub, on_throw, game))
}

/// The generated clip is drawn on its first use (about a minute on two
/// cores): say so in the status line instead of "starting…", with the
/// frames drawn so far, counted every half second while it is drawn.
fn say_if_drawing(hub: &Arc<Hub>, spec: &str) {
    const DRAWING: &str = "drawing the Dungeon Fighter demo clip (first use only)";
    if spec.trim() != tw_app::demo_combat::SPEC {
        return;
    }
    hub.update(|s| s.source = format!("{DRAWING}…"));
    let hub = Arc::clone(hub);
    let counter = std::thread::Builder::new().name("demo-clip-progress".into()).spawn(move || {
        // Wait for the drawing to begin (a clip already drawn never does).
        let (mut begun, mut waited) = (false, 0);
        loop {
            match tw_app::demo_combat::progress() {
                Some((done, total)) => {
                    begun = true;
                    // Only while the status still says it is drawing: once the
                    // clip plays, the source's own name stands.
                    hub.update(|s| {
                        if s.source.starts_with(DRAWING) {
                            s.source = format!("{DRAWING}: frame {done} of {total}…");
                        }
                    });
                }
                None if begun => return,
                None => {
                    waited += 1;
                    if waited > 120 {
                        return;
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    });
    if let Err(e) = counter {
        eprintln!("table-warden: the demo clip's progress will not be shown: {e}");
    }
}

fn run(hub: &Arc<Hub>, on_throw: OnThrow, game: PlayingGame) {
    if let Ok(spec) = std::env::var(SOURCE_ENV) {
        say_if_drawing(hub, &spec);
    }
    let mut active = loop {
        match open_initial() {
            Ok(a) => break a,
            Err(e) => {
                // Even the bundled footage failed: say so and keep trying.
                hub.update(|s| s.error = Some(format!("no frame source available: {e}")));
                std::thread::sleep(Duration::from_secs(2));
            }
        }
    };
    announce(hub, &active);

    let calibration_for = |a: &Active| {
        match &a.calibration {
            Some(p) => ActiveCalibration::at(Ok(p.clone())),
            None => ActiveCalibration::new(),
        }
        .following(game.clone())
    };
    let mut pipeline = Pipeline::new(calibration_for(&active));
    let mut meter = FpsMeter::new(Duration::from_secs(2));
    // The overlay is read at most every other frame, and less often when a
    // read is slow, so reading never starves the live view.
    let mut next_read = Instant::now();
    let mut seq = 0u64;
    let mut last_error: Option<Instant> = None;
    loop {
        if let Some(spec) = hub.take_request() {
            say_if_drawing(hub, &spec);
            match open_named(&spec) {
                Ok((source, calibration_path)) => {
                    active = Active {
                        source,
                        fallback_reason: None,
                        spec: Some(spec),
                        calibration: calibration_path,
                    };
                    announce(hub, &active);
                    pipeline.set_calibration(calibration_for(&active));
                    hub.update(|s| s.error = None);
                }
                Err(e) => set_error(hub, &mut last_error, format!("could not switch to {spec}: {e}")),
            }
        }
        let frame = match active.source.next_frame() {
            Ok(frame) => frame,
            Err(CaptureError::SizeChanged { from, to, frame }) => {
                set_error(
                    hub,
                    &mut last_error,
                    format!(
                        "frame size changed from {}x{} to {}x{}",
                        from.0, from.1, to.0, to.1
                    ),
                );
                *frame
            }
            Err(e) if e.is_terminal() => {
                active = replace_source(hub, active, e);
                announce(hub, &active);
                pipeline.set_calibration(calibration_for(&active));
                continue;
            }
            Err(e) => {
                set_error(hub, &mut last_error, e.to_string());
                std::thread::sleep(RETRY_PAUSE);
                continue;
            }
        };
        let now = Instant::now();
        meter.tick(now);
        match encode(&frame, seq + 1) {
            Ok(packed) => {
                seq += 1;
                hub.publish(packed);
            }
            Err(e) => set_error(
                hub,
                &mut last_error,
                format!("could not encode frame {}: {e}", frame.index),
            ),
        }
        for event in pipeline.step(&frame, now) {
            match event {
                PipelineEvent::Reader { kind, problem, alignment } => hub.update(|s| {
                    s.reader = kind.to_string();
                    s.calibration_problem = problem;
                    s.board_alignment = alignment;
                }),
                PipelineEvent::Throw(throw) => {
                    hub.update(|s| {
                        s.dice = throw.dice.clone();
                        s.dice_frame = throw.frame;
                        s.last_throw = Some(throw.clone());
                    });
                    on_throw(&throw);
                }
                PipelineEvent::Unread { why, .. } => set_error(hub, &mut last_error, why),
                PipelineEvent::Alignment(note) => hub.update(|s| s.board_alignment = note),
                PipelineEvent::Motion(e) => set_error(hub, &mut last_error, e),
            }
        }
        let state = pipeline.state();
        // The overlay reads the whole frame on this thread. During a throw
        // that would only delay the throw's read. On the target board it
        // is not read at all: each throw is read from what it changed and
        // its reading is the overlay (a whole-frame read of a busy print
        // takes seconds, stalling the live view, and finds printed art).
        let overlay_wanted = !pipeline.busy() && pipeline.reader().kind() != "target";
        if overlay_wanted && frame.index % READ_EVERY == 0 && now >= next_read {
            let took = read_dice(hub, pipeline.reader(), &frame, &mut last_error);
            next_read = now + took.mul_f64(2.0);
        }
        let clear_error = last_error.is_some_and(|t| now.duration_since(t) > ERROR_LINGER);
        if clear_error {
            last_error = None;
        }
        hub.update(|s| {
            s.settle = Some(state);
            s.width = frame.width;
            s.height = frame.height;
            s.capture_fps = meter.fps();
            s.frames_captured += 1;
            if clear_error {
                s.error = None;
            }
        });
    }
}

/// Find and read the dice in one frame for the overlay. A failed read is a
/// passing problem of that frame: it is shown and the live view goes on.
/// Returns how long the read took.
fn read_dice(hub: &Hub, reader: &TableReader, frame: &Frame, last_error: &mut Option<Instant>) -> Duration {
    let started = Instant::now();
    let result = reader.read(frame);
    let took = started.elapsed();
    match result {
        Ok(dice) => hub.update(|s| {
            s.dice = dice;
            s.dice_frame = frame.index;
            s.read_ms = took.as_secs_f64() * 1000.0;
        }),
        Err(e) => set_error(hub, last_error, format!("could not read dice in frame {}: {e}", frame.index)),
    }
    took
}

fn encode(frame: &Frame, seq: u64) -> Result<PackedFrame, CaptureError> {
    let jpeg = frame.encode_jpeg(JPEG_QUALITY)?;
    Ok(pack(seq, frame.width, frame.height, &jpeg))
}

fn set_error(hub: &Hub, last_error: &mut Option<Instant>, message: String) {
    *last_error = Some(Instant::now());
    hub.update(|s| s.error = Some(message));
}

/// A source finished or died: loop a file given by name, otherwise switch to
/// the demo footage with the reason; retry until something opens.
fn replace_source(hub: &Hub, old: Active, why: CaptureError) -> Active {
    let ended_file = matches!(why, CaptureError::Ended { .. }) && old.spec.is_some();
    let was_demo = old.source.kind() == SourceKind::Demo;
    let old_reason = old.fallback_reason.clone();
    let spec = old.spec.clone();
    drop(old);
    loop {
        let attempt = if ended_file {
            let spec = spec.clone().unwrap_or_default();
            open_named(&spec).map(|(source, calibration)| Active {
                source,
                fallback_reason: None,
                spec: Some(spec),
                calibration,
            })
        } else if was_demo {
            // The demo itself should never end; reopen it, keeping the original reason.
            open_demo().map(|d| Active {
                source: Box::new(d),
                fallback_reason: old_reason.clone(),
                spec: None,
                calibration: None,
            })
        } else {
            demo_instead(why.to_string())
        };
        match attempt {
            Ok(a) => return a,
            Err(e) => {
                hub.update(|s| s.error = Some(format!("no frame source available: {e}")));
                std::thread::sleep(Duration::from_secs(2));
            }
        }
    }
}

fn announce(hub: &Hub, active: &Active) {
    let source = active.source.name().to_string();
    let kind = active.source.kind();
    let reason = active.fallback_reason.clone();
    if let Some(r) = &reason {
        eprintln!("table-warden: playing demo footage: {r}");
    }
    let spec = active.spec.clone();
    hub.update(|s| {
        s.source = source;
        s.spec = spec;
        s.kind = Some(kind);
        s.demo = kind == SourceKind::Demo;
        s.fallback_reason = reason;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_reach_waiters_in_order_and_old_requests_do_not_block() {
        let hub = Hub::new();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            assert!(
                hub.frame_after(0, Duration::from_millis(20))
                    .await
                    .is_none(),
                "no frame yet"
            );
            hub.publish(pack(1, 2, 2, b"a"));
            hub.publish(pack(2, 2, 2, b"b"));
            let f = hub.frame_after(0, Duration::from_millis(20)).await.unwrap();
            assert_eq!(f.seq, 2, "only the newest frame is kept");
            assert!(hub
                .frame_after(2, Duration::from_millis(20))
                .await
                .is_none());
        });
    }

    #[test]
    fn demo_fallback_is_announced_with_its_reason() {
        let hub = Hub::new();
        let active = demo_instead("camera #0 is busy".into()).unwrap();
        announce(&hub, &active);
        let s = hub.status();
        assert!(s.demo);
        assert_eq!(s.kind, Some(SourceKind::Demo));
        assert_eq!(s.fallback_reason.as_deref(), Some("camera #0 is busy"));
    }

    #[test]
    fn a_bad_source_setting_falls_back_to_demo_with_the_reason() {
        // The only test that touches this variable, so parallel tests are unaffected.
        std::env::set_var(SOURCE_ENV, "/no/such/clip.mp4");
        let active = open_initial();
        std::env::remove_var(SOURCE_ENV);
        let active = active.unwrap();
        assert_eq!(active.source.kind(), SourceKind::Demo);
        let reason = active.fallback_reason.unwrap();
        assert!(
            reason.starts_with("TABLE_WARDEN_SOURCE=/no/such/clip.mp4: "),
            "{reason}"
        );
        assert!(reason.contains("no such file"), "{reason}");
    }

    /// Stands in for a webcam that has just been unplugged.
    struct UnpluggedCamera;
    impl FrameSource for UnpluggedCamera {
        fn name(&self) -> &str {
            "Camera 0 (test)"
        }
        fn kind(&self) -> SourceKind {
            SourceKind::Camera
        }
        fn next_frame(&mut self) -> Result<Frame, CaptureError> {
            Err(CaptureError::DeviceLost {
                camera: "#0".into(),
                detail: "No such device (os error 19)".into(),
            })
        }
    }

    #[test]
    fn a_lost_camera_is_replaced_by_demo_footage_with_the_reason() {
        let hub = Hub::new();
        let mut camera = Active {
            source: Box::new(UnpluggedCamera),
            fallback_reason: None,
            spec: None,
            calibration: None,
        };
        announce(&hub, &camera);
        assert!(!hub.status().demo);
        let err = camera.source.next_frame().unwrap_err();
        assert!(err.is_terminal());
        let replaced = replace_source(&hub, camera, err);
        announce(&hub, &replaced);
        let s = hub.status();
        assert!(s.demo);
        assert!(
            s.fallback_reason.as_deref().unwrap().contains("unplugged"),
            "{s:?}"
        );
    }
}
