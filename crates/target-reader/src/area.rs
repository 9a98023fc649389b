//! Pixel rectangles of the frame a read is limited to.
//!
//! After a throw only the boxes the motion stage saw change need reading:
//! the dice already lying elsewhere are as they were. A box grows by a
//! margin first (a die whose centre lies near a changed box may reach
//! beyond it), and the detectors work on crops round these areas with the
//! context they need (the colour detector's 80-pixel tiles and their
//! neighbours, the outline detector's ring), so a die inside an area is
//! proposed as it would be on the whole frame.

/// A half-open rectangle of pixels: x in `x0..x1`, y in `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PxRect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl PxRect {
    /// The whole `w`×`h` frame.
    pub fn frame(w: i32, h: i32) -> PxRect {
        PxRect {
            x0: 0,
            y0: 0,
            x1: w,
            y1: h,
        }
    }

    /// The pixels a box (x, y, width, height; fractional allowed) touches.
    pub fn from_box(b: [f64; 4]) -> PxRect {
        PxRect {
            x0: b[0].floor() as i32,
            y0: b[1].floor() as i32,
            x1: (b[0] + b[2]).ceil() as i32,
            y1: (b[1] + b[3]).ceil() as i32,
        }
    }

    pub fn width(&self) -> i32 {
        (self.x1 - self.x0).max(0)
    }

    pub fn height(&self) -> i32 {
        (self.y1 - self.y0).max(0)
    }

    pub fn area(&self) -> i64 {
        self.width() as i64 * self.height() as i64
    }

    pub fn is_empty(&self) -> bool {
        self.width() == 0 || self.height() == 0
    }

    /// Grown by `m` pixels on every side.
    pub fn grown(&self, m: i32) -> PxRect {
        PxRect {
            x0: self.x0 - m,
            y0: self.y0 - m,
            x1: self.x1 + m,
            y1: self.y1 + m,
        }
    }

    /// The part inside `other` (empty when they do not meet).
    pub fn clipped(&self, other: &PxRect) -> PxRect {
        let r = PxRect {
            x0: self.x0.max(other.x0),
            y0: self.y0.max(other.y0),
            x1: self.x1.min(other.x1),
            y1: self.y1.min(other.y1),
        };
        if r.is_empty() {
            PxRect {
                x0: r.x0,
                y0: r.y0,
                x1: r.x0,
                y1: r.y0,
            }
        } else {
            r
        }
    }

    /// Grown outwards to multiples of `step` (from the frame's origin).
    pub fn aligned(&self, step: i32) -> PxRect {
        PxRect {
            x0: self.x0.div_euclid(step) * step,
            y0: self.y0.div_euclid(step) * step,
            x1: (self.x1 + step - 1).div_euclid(step) * step,
            y1: (self.y1 + step - 1).div_euclid(step) * step,
        }
    }

    /// Whether point `p` (pixel coordinates) lies inside.
    pub fn contains(&self, p: [f64; 2]) -> bool {
        p[0] >= self.x0 as f64
            && p[0] < self.x1 as f64
            && p[1] >= self.y0 as f64
            && p[1] < self.y1 as f64
    }

    fn meets(&self, o: &PxRect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn union(&self, o: &PxRect) -> PxRect {
        PxRect {
            x0: self.x0.min(o.x0),
            y0: self.y0.min(o.y0),
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
        }
    }

    pub fn to_cv(self) -> opencv::core::Rect {
        opencv::core::Rect::new(self.x0, self.y0, self.width(), self.height())
    }
}

/// Rectangles that overlap are replaced by their common bounding box until
/// none overlap, so no pixel is worked on twice; empty ones are dropped.
pub fn merged(rects: &[PxRect]) -> Vec<PxRect> {
    let mut out: Vec<PxRect> = rects.iter().copied().filter(|r| !r.is_empty()).collect();
    loop {
        let mut joined = false;
        'scan: for i in 0..out.len() {
            for j in i + 1..out.len() {
                if out[i].meets(&out[j]) {
                    let u = out[i].union(&out[j]);
                    out.swap_remove(j);
                    out[i] = u;
                    joined = true;
                    break 'scan;
                }
            }
        }
        if !joined {
            return out;
        }
    }
}

/// Whether `p` lies in any of `areas`.
pub fn in_any(areas: &[PxRect], p: [f64; 2]) -> bool {
    areas.iter().any(|a| a.contains(p))
}

/// Pixels covered by `rects` (overlaps merged first, so an upper bound
/// only where merging joined two apart).
pub fn covered(rects: &[PxRect]) -> i64 {
    merged(rects).iter().map(PxRect::area).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_rects_merge_and_apart_ones_stay() {
        let a = PxRect::from_box([10.0, 10.0, 20.0, 20.0]);
        let b = PxRect::from_box([25.0, 25.0, 10.0, 10.0]);
        let c = PxRect::from_box([100.0, 100.0, 5.0, 5.0]);
        let m = merged(&[a, b, c]);
        assert_eq!(m.len(), 2);
        assert!(m.contains(&PxRect {
            x0: 10,
            y0: 10,
            x1: 35,
            y1: 35
        }));
        assert!(m.contains(&c));
        // A chain joins through its middle link.
        let chain = merged(&[
            PxRect {
                x0: 0,
                y0: 0,
                x1: 10,
                y1: 10,
            },
            PxRect {
                x0: 20,
                y0: 0,
                x1: 30,
                y1: 10,
            },
            PxRect {
                x0: 8,
                y0: 0,
                x1: 22,
                y1: 10,
            },
        ]);
        assert_eq!(
            chain,
            vec![PxRect {
                x0: 0,
                y0: 0,
                x1: 30,
                y1: 10
            }]
        );
    }

    #[test]
    fn alignment_grows_outwards_and_clipping_stays_in_the_frame() {
        let r = PxRect {
            x0: 85,
            y0: -3,
            x1: 161,
            y1: 79,
        };
        assert_eq!(
            r.aligned(80),
            PxRect {
                x0: 80,
                y0: -80,
                x1: 240,
                y1: 80
            }
        );
        let f = PxRect::frame(200, 100);
        assert_eq!(
            r.aligned(80).clipped(&f),
            PxRect {
                x0: 80,
                y0: 0,
                x1: 200,
                y1: 80
            }
        );
        assert!(PxRect {
            x0: 300,
            y0: 0,
            x1: 310,
            y1: 10
        }
        .clipped(&f)
        .is_empty());
        assert!(r.contains([85.0, 0.0]) && !r.contains([161.0, 0.0]));
    }
}
