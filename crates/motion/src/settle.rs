//! The at-rest state machine: idle → moving → settling → at rest.
//!
//! It sees only "did a die-like thing move in this frame" and the frame's
//! timestamp, so it is pure and testable without images. Time is the frames'
//! own timestamps, never the wall clock: a recorded video replays the same
//! way at any speed.

use serde::{Deserialize, Serialize};

/// Timing of the state machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SettleConfig {
    /// How long the scene must be still, measured from the last frame that
    /// showed die motion, before "throw finished". The announcement comes at
    /// most one frame interval later than this.
    pub rest_window_ms: f64,
    /// A throw that keeps moving this long is cut off with a timeout event,
    /// so something that never stops cannot hold the app in "moving".
    pub max_moving_ms: f64,
}

impl Default for SettleConfig {
    fn default() -> Self {
        SettleConfig {
            rest_window_ms: 250.0,
            max_moving_ms: 15_000.0,
        }
    }
}

/// Where the scene is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Nothing has been thrown since the stage started (or was reset).
    Idle,
    /// Dice are moving.
    Moving,
    /// No die motion since `still_since`; waiting out the rest window.
    Settling,
    /// The last throw has finished and nothing die-like has moved since.
    AtRest,
}

/// A state change worth telling the rest of the app about.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Transition {
    /// Idle or at rest → moving.
    Started { t_ms: f64 },
    /// Moving → settling: the first still frame after motion.
    Settling { t_ms: f64, still_since_ms: f64 },
    /// Settling → moving: something moved again inside the rest window.
    Resumed { t_ms: f64 },
    /// Settling → at rest: the throw is over.
    Finished {
        t_ms: f64,
        still_since_ms: f64,
        moving_since_ms: f64,
    },
    /// Moving for longer than `max_moving_ms` → at rest, without a proper stop.
    TimedOut { t_ms: f64, moving_since_ms: f64 },
}

/// The machine itself.
#[derive(Debug, Clone, PartialEq)]
pub struct SettleMachine {
    cfg: SettleConfig,
    state: State,
    moving_since: f64,
    last_motion: f64,
}

impl SettleMachine {
    pub fn new(cfg: SettleConfig) -> Self {
        SettleMachine {
            cfg,
            state: State::Idle,
            moving_since: 0.0,
            last_motion: 0.0,
        }
    }

    pub fn state(&self) -> State {
        self.state
    }

    pub fn config(&self) -> &SettleConfig {
        &self.cfg
    }

    /// Back to idle, e.g. after the camera was switched.
    pub fn reset(&mut self) {
        self.state = State::Idle;
    }

    /// Feeds one frame. `die_motion`: whether a die-like region moved in it.
    pub fn step(&mut self, t_ms: f64, die_motion: bool) -> Option<Transition> {
        match (self.state, die_motion) {
            (State::Idle | State::AtRest, false) => None,
            (State::Idle | State::AtRest, true) => {
                self.state = State::Moving;
                self.moving_since = t_ms;
                self.last_motion = t_ms;
                Some(Transition::Started { t_ms })
            }
            (State::Moving | State::Settling, true) => {
                self.last_motion = t_ms;
                if t_ms - self.moving_since >= self.cfg.max_moving_ms {
                    self.state = State::AtRest;
                    return Some(Transition::TimedOut {
                        t_ms,
                        moving_since_ms: self.moving_since,
                    });
                }
                let was = self.state;
                self.state = State::Moving;
                (was == State::Settling).then_some(Transition::Resumed { t_ms })
            }
            (State::Moving | State::Settling, false) => {
                if t_ms - self.last_motion >= self.cfg.rest_window_ms {
                    self.state = State::AtRest;
                    return Some(Transition::Finished {
                        t_ms,
                        still_since_ms: self.last_motion,
                        moving_since_ms: self.moving_since,
                    });
                }
                let was = self.state;
                self.state = State::Settling;
                (was == State::Moving).then_some(Transition::Settling {
                    t_ms,
                    still_since_ms: self.last_motion,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(
        m: &mut SettleMachine,
        frames: impl IntoIterator<Item = (f64, bool)>,
    ) -> Vec<Transition> {
        frames
            .into_iter()
            .filter_map(|(t, mv)| m.step(t, mv))
            .collect()
    }

    #[test]
    fn full_cycle_at_30_fps() {
        let mut m = SettleMachine::new(SettleConfig::default());
        let dt = 1000.0 / 30.0;
        // Frames 0–2 still, 3–20 moving, then still.
        let frames = (0..40).map(|i| (i as f64 * dt, (3..=20).contains(&i)));
        let tr = run(&mut m, frames);
        assert_eq!(tr[0], Transition::Started { t_ms: 3.0 * dt });
        assert_eq!(
            tr[1],
            Transition::Settling {
                t_ms: 21.0 * dt,
                still_since_ms: 20.0 * dt
            }
        );
        // First frame at least 250 ms after frame 20: frame 28 (266.7 ms).
        assert_eq!(
            tr[2],
            Transition::Finished {
                t_ms: 28.0 * dt,
                still_since_ms: 20.0 * dt,
                moving_since_ms: 3.0 * dt
            }
        );
        assert_eq!(tr.len(), 3);
        assert_eq!(m.state(), State::AtRest);
    }

    #[test]
    fn motion_inside_window_resumes() {
        let mut m = SettleMachine::new(SettleConfig::default());
        let tr = run(
            &mut m,
            [
                (0.0, true),
                (100.0, false),
                (200.0, true),
                (300.0, false),
                (449.0, false),
                (450.0, false),
            ],
        );
        assert_eq!(
            tr,
            vec![
                Transition::Started { t_ms: 0.0 },
                Transition::Settling {
                    t_ms: 100.0,
                    still_since_ms: 0.0
                },
                Transition::Resumed { t_ms: 200.0 },
                Transition::Settling {
                    t_ms: 300.0,
                    still_since_ms: 200.0
                },
                Transition::Finished {
                    t_ms: 450.0,
                    still_since_ms: 200.0,
                    moving_since_ms: 0.0
                },
            ]
        );
    }

    #[test]
    fn endless_motion_times_out() {
        let mut m = SettleMachine::new(SettleConfig {
            rest_window_ms: 250.0,
            max_moving_ms: 1000.0,
        });
        let tr = run(&mut m, (0..100).map(|i| (i as f64 * 20.0, true)));
        assert_eq!(
            tr[1],
            Transition::TimedOut {
                t_ms: 1000.0,
                moving_since_ms: 0.0
            }
        );
        // Still moving: a new episode starts at once and times out in turn.
        assert_eq!(tr[2], Transition::Started { t_ms: 1020.0 });
    }

    #[test]
    fn a_dropped_stretch_of_frames_finishes_on_the_next_still_frame() {
        let mut m = SettleMachine::new(SettleConfig::default());
        let tr = run(&mut m, [(0.0, true), (5000.0, false)]);
        assert_eq!(
            tr[1],
            Transition::Finished {
                t_ms: 5000.0,
                still_since_ms: 0.0,
                moving_since_ms: 0.0
            }
        );
    }

    proptest! {
        /// Whatever the motion pattern, "finished" comes exactly when the
        /// scene has been still for the window, and never while it is not.
        #[test]
        fn finished_iff_still_for_window(motion in proptest::collection::vec(any::<bool>(), 1..200),
                                         dt in 5.0f64..80.0, window in 50.0f64..500.0) {
            let mut m = SettleMachine::new(SettleConfig { rest_window_ms: window, max_moving_ms: f64::INFINITY });
            let mut last_motion: Option<f64> = None;
            let mut finished_for: Option<f64> = None;
            for (i, &mv) in motion.iter().enumerate() {
                let t = i as f64 * dt;
                let tr = m.step(t, mv);
                if mv { last_motion = Some(t); finished_for = None; }
                let due = !mv && finished_for.is_none() && last_motion.is_some_and(|l| t - l >= window);
                match tr {
                    Some(Transition::Finished { still_since_ms, .. }) => {
                        prop_assert!(due);
                        prop_assert_eq!(Some(still_since_ms), last_motion);
                        finished_for = last_motion;
                    }
                    _ => prop_assert!(!due, "finish missed at {}", t),
                }
            }
        }
    }
}
