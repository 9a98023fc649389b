//! Playing recorded footage at its natural rate, and measuring frame rates.

use crate::error::CaptureError;
use crate::frame::Frame;
use crate::{FrameSource, SourceKind};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Wraps a recorded source so frames come no faster than `fps`, like a camera.
/// Files and demo footage otherwise deliver as fast as they decode, which is
/// right for evaluation but wrong for a live view or settle timing.
pub struct Paced<S> {
    inner: S,
    period: Duration,
    next_due: Option<Instant>,
}

impl<S: FrameSource> Paced<S> {
    /// Paces at `fps`; a non-positive or non-finite rate falls back to 30 fps.
    pub fn new(inner: S, fps: f64) -> Self {
        let fps = if fps.is_finite() && fps > 0.0 {
            fps
        } else {
            30.0
        };
        Paced {
            inner,
            period: Duration::from_secs_f64(1.0 / fps),
            next_due: None,
        }
    }

    /// Paces at the source's own nominal rate.
    pub fn natural(inner: S) -> Self {
        let fps = inner.nominal_fps().unwrap_or(30.0);
        Self::new(inner, fps)
    }

    pub fn into_inner(self) -> S {
        self.inner
    }
}

impl<S: FrameSource> FrameSource for Paced<S> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn kind(&self) -> SourceKind {
        self.inner.kind()
    }

    fn nominal_fps(&self) -> Option<f64> {
        Some(1.0 / self.period.as_secs_f64())
    }

    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        if let Some(due) = self.next_due {
            let now = Instant::now();
            if due > now {
                std::thread::sleep(due - now);
            }
        }
        let result = self.inner.next_frame();
        let now = Instant::now();
        // Schedule from the previous slot to keep a steady rate, but never try
        // to catch up on time lost to a slow consumer (no bursts).
        self.next_due = Some(match self.next_due {
            Some(due) if now.saturating_duration_since(due) < self.period => due + self.period,
            _ => now + self.period,
        });
        result
    }
}

/// Frames per second over a sliding window of recent frame arrivals.
#[derive(Debug, Clone)]
pub struct FpsMeter {
    window: Duration,
    arrivals: VecDeque<Instant>,
}

impl FpsMeter {
    pub fn new(window: Duration) -> Self {
        FpsMeter {
            window,
            arrivals: VecDeque::new(),
        }
    }

    /// Records a frame that arrived at `at`.
    pub fn tick(&mut self, at: Instant) {
        self.arrivals.push_back(at);
        while let Some(first) = self.arrivals.front() {
            if at.saturating_duration_since(*first) > self.window {
                self.arrivals.pop_front();
            } else {
                break;
            }
        }
    }

    /// Rate over the window, 0 until two frames have arrived.
    pub fn fps(&self) -> f64 {
        match (self.arrivals.front(), self.arrivals.back()) {
            (Some(first), Some(last)) if self.arrivals.len() >= 2 => {
                let span = last.saturating_duration_since(*first).as_secs_f64();
                if span > 0.0 {
                    (self.arrivals.len() - 1) as f64 / span
                } else {
                    0.0
                }
            }
            _ => 0.0,
        }
    }
}
