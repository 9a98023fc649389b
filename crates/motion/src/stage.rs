//! [`MotionStage`]: the motion detector and the state machine together, plus
//! the reference image that says which regions a throw changed.

use crate::detector::{compare, FrameMotion, MotionConfig, Region, RegionKind, Restless};
use crate::frame::{FrameView, Grid};
use crate::settle::{SettleConfig, SettleMachine, State, Transition};
use crate::MotionError;
use serde::{Deserialize, Serialize};

/// Everything the stage can be tuned with; serialisable for settings files.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StageConfig {
    pub motion: MotionConfig,
    pub settle: SettleConfig,
}

/// What the stage tells the app. Regions are in frame pixels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Something die-like started moving; `regions` moved in this frame.
    MotionStarted { t_ms: f64, regions: Vec<Region> },
    /// No die motion since `still_since_ms`. `regions` differ from the
    /// scene before the throw, as [`Event::ThrowFinished`]'s will unless
    /// motion resumes: a slow reader may start on this frame and publish
    /// when the throw finishes, so its time overlaps the rest window.
    Settling {
        t_ms: f64,
        still_since_ms: f64,
        regions: Vec<Region>,
    },
    /// Motion again before the rest window ran out.
    MotionResumed { t_ms: f64, regions: Vec<Region> },
    /// The throw is over: read the dice now. `regions` are what differs from
    /// the scene before the throw (dice that landed or left, and any hand
    /// still in view, marked `large`).
    ThrowFinished {
        t_ms: f64,
        still_since_ms: f64,
        moving_since_ms: f64,
        regions: Vec<Region>,
    },
    /// Motion went on past `max_moving_ms`; the scene is taken as it is.
    MotionTimeout {
        t_ms: f64,
        moving_since_ms: f64,
        regions: Vec<Region>,
    },
}

/// One frame's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageOutput {
    pub state: State,
    pub motion: FrameMotion,
    pub events: Vec<Event>,
}

/// The per-camera motion stage. Feed it every frame in order.
#[derive(Debug, Clone)]
pub struct MotionStage {
    cfg: StageConfig,
    machine: SettleMachine,
    /// Frame size in pixels and the grids of the previous frame and of the
    /// still scene before the current throw.
    size: Option<(usize, usize)>,
    previous: Option<Grid>,
    reference: Option<Grid>,
    restless: Restless,
    /// Per cell, the timestamp of the last frame in which it changed.
    last_change: Vec<f64>,
    last_t: f64,
}

impl MotionStage {
    pub fn new(cfg: StageConfig) -> Self {
        let machine = SettleMachine::new(cfg.settle.clone());
        MotionStage {
            cfg,
            machine,
            size: None,
            previous: None,
            reference: None,
            restless: Restless::new(0),
            last_change: Vec::new(),
            last_t: 0.0,
        }
    }

    pub fn state(&self) -> State {
        self.machine.state()
    }

    pub fn config(&self) -> &StageConfig {
        &self.cfg
    }

    /// Forgets everything; the next frame starts a fresh scene (use after a
    /// camera switch or a size change).
    pub fn reset(&mut self) {
        *self = MotionStage::new(self.cfg.clone());
    }

    /// Runs one frame taken at `t_ms` (the frame's own timestamp).
    ///
    /// Errors leave the stage unchanged, so a bad frame can simply be skipped;
    /// a size change needs [`MotionStage::reset`].
    pub fn process(
        &mut self,
        frame: &FrameView<'_>,
        t_ms: f64,
    ) -> Result<StageOutput, MotionError> {
        if !t_ms.is_finite() {
            return Err(MotionError::BadTimestamp { t_ms });
        }
        if self.previous.is_some() && t_ms < self.last_t {
            return Err(MotionError::TimestampWentBack {
                previous_ms: self.last_t,
                t_ms,
            });
        }
        if let Some((w, h)) = self.size {
            if (w, h) != (frame.width, frame.height) {
                return Err(MotionError::SizeChanged {
                    was: (w, h),
                    now: (frame.width, frame.height),
                });
            }
        }
        let grid = Grid::from_frame(frame, self.cfg.motion.cell_px)?;
        let Some(previous) = self.previous.take() else {
            self.size = Some((frame.width, frame.height));
            self.restless = Restless::new(grid.len());
            self.last_change = vec![t_ms; grid.len()];
            self.reference = Some(grid.clone());
            self.previous = Some(grid);
            self.last_t = t_ms;
            let motion = FrameMotion {
                t_ms,
                gain: 1.0,
                regions: Vec::new(),
                restless_cells: 0,
            };
            return Ok(StageOutput {
                state: self.state(),
                motion,
                events: Vec::new(),
            });
        };
        let (fw, fh) = (frame.width, frame.height);
        let cfg = &self.cfg.motion.clone();
        let mut cmp = compare(
            cfg,
            &grid,
            &previous,
            Some(&self.restless.flagged),
            fw,
            fh,
            false,
        );
        self.restless.update(cfg, &cmp.changed, t_ms - self.last_t);
        for (lc, &ch) in self.last_change.iter_mut().zip(&cmp.changed) {
            if ch {
                *lc = t_ms;
            }
        }
        // What differs from the scene before the throw. A hand resting or
        // trembling in view is large here even when it barely moves, so small
        // changes at its fringe are attributed to it, not to dice.
        let reference = self.reference.as_ref().unwrap_or(&previous);
        // Restless cells count here: a trembling hand is still there. A
        // large difference is a hand only if its outline is large too: a
        // die lying in a shadow that moved makes one large difference but
        // two separate outlines (the die's, and none for the soft shadow).
        let presence = compare(cfg, &grid, reference, None, fw, fh, false);
        let outlines = compare(cfg, &grid, reference, None, fw, fh, true);
        let hand =
            presence.large_cells_confirmed_by(cfg, &grid, &outlines.all_cells(grid.len()), fw, fh);
        // The reference keeps out every large difference, confirmed or not:
        // taking a hand into it for even one frame would turn its fringe
        // into "dice" from then on.
        let large = presence.large_cells(grid.len());
        cmp.attach_to(cfg, &grid, &hand);
        let motion = FrameMotion {
            t_ms,
            gain: cmp.gain,
            regions: cmp.regions(),
            restless_cells: self.restless.count(),
        };
        let mut events = Vec::new();
        match self.machine.step(t_ms, motion.die_motion()) {
            None => {}
            Some(Transition::Started { t_ms }) => events.push(Event::MotionStarted {
                t_ms,
                regions: motion.regions.clone(),
            }),
            Some(Transition::Settling {
                t_ms,
                still_since_ms,
            }) => events.push(Event::Settling {
                t_ms,
                still_since_ms,
                regions: throw_regions(&presence),
            }),
            Some(Transition::Resumed { t_ms }) => events.push(Event::MotionResumed {
                t_ms,
                regions: motion.regions.clone(),
            }),
            Some(Transition::Finished {
                t_ms,
                still_since_ms,
                moving_since_ms,
            }) => {
                let regions = throw_regions(&presence);
                self.adopt(&grid, &large, None, None);
                events.push(Event::ThrowFinished {
                    t_ms,
                    still_since_ms,
                    moving_since_ms,
                    regions,
                });
            }
            Some(Transition::TimedOut {
                t_ms,
                moving_since_ms,
            }) => {
                let regions = throw_regions(&presence);
                self.adopt(&grid, &large, None, None);
                events.push(Event::MotionTimeout {
                    t_ms,
                    moving_since_ms,
                    regions,
                });
            }
        }
        if events.is_empty() && matches!(self.state(), State::Idle | State::AtRest) {
            let settled = presence.settled_large_cells(
                &grid,
                &self.last_change,
                t_ms,
                cfg.absorb_large_after_ms,
            );
            self.adopt(&grid, &large, Some(&settled), Some(&cmp.changed));
        }
        self.previous = Some(grid);
        self.last_t = t_ms;
        Ok(StageOutput {
            state: self.state(),
            motion,
            events,
        })
    }

    /// Takes cells of `grid` into the reference scene. Cells of a hand-sized
    /// difference stay out unless `settled` (see
    /// `MotionConfig::absorb_large_after_ms`) marks them. With `changed`
    /// (between throws) only cells not changing now are taken, so slow light
    /// drift or a hand clearing dice away do not count as "changed by the
    /// next throw".
    fn adopt(
        &mut self,
        grid: &Grid,
        hand: &[bool],
        settled: Option<&[bool]>,
        changed: Option<&[bool]>,
    ) {
        let Some(r) = self.reference.as_mut() else {
            return;
        };
        for i in 0..grid.len() {
            let settled_hand = settled.is_some_and(|s| s[i]);
            let moving = changed.is_some_and(|c| c[i]);
            if !moving && (!hand[i] || settled_hand) {
                r.cells[i] = grid.cells[i];
            }
        }
    }
}

/// The regions a throw changed: dice that landed or left, and hands, but not
/// shadows.
fn throw_regions(presence: &crate::detector::Comparison) -> Vec<Region> {
    presence
        .regions()
        .into_iter()
        .filter(|r| r.kind != RegionKind::Shadow)
        .collect()
}
