//! Borrowed views of camera frames and their conversion to a coarse luma grid.
//!
//! The motion stage never looks at full-resolution pixels twice: each frame is
//! box-averaged once into a [`Grid`] of `factor × factor` cells. Averaging 16
//! pixels cuts sensor noise by 4× and makes every later step ~16× cheaper,
//! which is what keeps the stage well inside its 3 ms budget at 1280×720.

use crate::MotionError;

/// Pixel layout of a [`FrameView`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PixelFormat {
    /// One byte per pixel, luma.
    Gray8,
    /// Three bytes per pixel, blue-green-red (OpenCV's order).
    Bgr8,
    /// Three bytes per pixel, red-green-blue (nokhwa's order).
    Rgb8,
}

impl PixelFormat {
    pub fn bytes_per_pixel(self) -> usize {
        match self {
            PixelFormat::Gray8 => 1,
            PixelFormat::Bgr8 | PixelFormat::Rgb8 => 3,
        }
    }
}

/// A borrowed frame: no copy is made to run the motion stage on it.
#[derive(Debug, Clone, Copy)]
pub struct FrameView<'a> {
    pub width: usize,
    pub height: usize,
    /// Bytes from the start of one row to the start of the next.
    pub stride: usize,
    pub format: PixelFormat,
    pub data: &'a [u8],
}

impl<'a> FrameView<'a> {
    /// A tightly packed grey frame.
    pub fn gray(width: usize, height: usize, data: &'a [u8]) -> Self {
        FrameView {
            width,
            height,
            stride: width,
            format: PixelFormat::Gray8,
            data,
        }
    }

    /// A tightly packed BGR frame (OpenCV's `Mat` layout).
    pub fn bgr(width: usize, height: usize, data: &'a [u8]) -> Self {
        FrameView {
            width,
            height,
            stride: width * 3,
            format: PixelFormat::Bgr8,
            data,
        }
    }

    /// Checks that the buffer really holds `height` rows of `width` pixels, so
    /// a truncated frame from a failing source becomes an error, not a panic.
    pub fn validate(&self) -> Result<(), MotionError> {
        let row = self.width * self.format.bytes_per_pixel();
        if self.width == 0 || self.height == 0 {
            return Err(MotionError::EmptyFrame);
        }
        if self.stride < row {
            return Err(MotionError::BadStride {
                stride: self.stride,
                row_bytes: row,
            });
        }
        let needed = self.stride * (self.height - 1) + row;
        if self.data.len() < needed {
            return Err(MotionError::ShortBuffer {
                needed,
                got: self.data.len(),
            });
        }
        Ok(())
    }
}

/// A coarse luma image: each cell is the mean of a `factor × factor` block.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    /// Edge length, in frame pixels, of one cell.
    pub factor: usize,
    /// Row-major cell means, 0.0–255.0.
    pub cells: Vec<f32>,
}

impl Grid {
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn at(&self, x: usize, y: usize) -> f32 {
        self.cells[y * self.width + x]
    }

    /// Box-averages `frame` into cells of `factor` pixels. Pixels in a last
    /// partial row or column of blocks are ignored (at most `factor - 1` px).
    pub fn from_frame(frame: &FrameView<'_>, factor: usize) -> Result<Grid, MotionError> {
        frame.validate()?;
        let factor = factor.max(1);
        let (gw, gh) = (frame.width / factor, frame.height / factor);
        if gw == 0 || gh == 0 {
            return Err(MotionError::FrameTooSmall {
                width: frame.width,
                height: frame.height,
                factor,
            });
        }
        let mut cells = vec![0f32; gw * gh];
        let mut acc = vec![0u32; gw];
        let used = gw * factor;
        // Luma weights for colour frames: (B + 2G + R) / 4 is within a few
        // percent of Rec.601 and needs only integer adds.
        let (scale, bpp) = match frame.format {
            PixelFormat::Gray8 => (1.0 / (factor * factor) as f32, 1),
            PixelFormat::Bgr8 | PixelFormat::Rgb8 => (1.0 / (4 * factor * factor) as f32, 3),
        };
        for gy in 0..gh {
            acc.iter_mut().for_each(|a| *a = 0);
            for y in gy * factor..(gy + 1) * factor {
                let row = &frame.data[y * frame.stride..y * frame.stride + used * bpp];
                if bpp == 1 && factor == 4 {
                    for (a, b) in acc.iter_mut().zip(row.chunks_exact(4)) {
                        *a += b[0] as u32 + b[1] as u32 + b[2] as u32 + b[3] as u32;
                    }
                } else if bpp == 1 {
                    for (a, block) in acc.iter_mut().zip(row.chunks_exact(factor)) {
                        *a += block.iter().map(|&p| p as u32).sum::<u32>();
                    }
                } else if factor == 4 {
                    // The common case, unrolled: B + 2G + R over four pixels.
                    for (a, b) in acc.iter_mut().zip(row.chunks_exact(12)) {
                        let s = |i: usize| b[i] as u32;
                        *a += s(0)
                            + s(2)
                            + s(3)
                            + s(5)
                            + s(6)
                            + s(8)
                            + s(9)
                            + s(11)
                            + 2 * (s(1) + s(4) + s(7) + s(10));
                    }
                } else {
                    for (a, block) in acc.iter_mut().zip(row.chunks_exact(factor * 3)) {
                        *a += block
                            .chunks_exact(3)
                            .map(|p| p[0] as u32 + 2 * p[1] as u32 + p[2] as u32)
                            .sum::<u32>();
                    }
                }
            }
            for (c, a) in cells[gy * gw..(gy + 1) * gw].iter_mut().zip(&acc) {
                *c = *a as f32 * scale;
            }
        }
        Ok(Grid {
            width: gw,
            height: gh,
            factor,
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gray_and_bgr_of_same_grey_agree() {
        let (w, h) = (16, 8);
        let gray: Vec<u8> = (0..w * h).map(|i| (i * 7 % 256) as u8).collect();
        let bgr: Vec<u8> = gray.iter().flat_map(|&g| [g, g, g]).collect();
        let a = Grid::from_frame(&FrameView::gray(w, h, &gray), 4).unwrap();
        let b = Grid::from_frame(&FrameView::bgr(w, h, &bgr), 4).unwrap();
        assert_eq!((a.width, a.height), (4, 2));
        for (x, y) in a.cells.iter().zip(&b.cells) {
            assert!((x - y).abs() < 1e-3);
        }
    }

    #[test]
    fn cell_is_block_mean() {
        let (w, h) = (8, 4);
        let mut data = vec![0u8; w * h];
        // Left 4×4 block: half 0, half 200 → mean 100.
        for y in 0..4 {
            for x in 0..2 {
                data[y * w + x] = 200;
            }
        }
        let g = Grid::from_frame(&FrameView::gray(w, h, &data), 4).unwrap();
        assert_eq!(g.cells, vec![100.0, 0.0]);
    }

    #[test]
    fn truncated_buffer_is_an_error() {
        let data = vec![0u8; 10];
        let err = Grid::from_frame(&FrameView::gray(8, 8, &data), 4).unwrap_err();
        assert!(matches!(
            err,
            MotionError::ShortBuffer {
                needed: 64,
                got: 10
            }
        ));
    }

    #[test]
    fn stride_padding_is_skipped() {
        // 4×4 frame stored with stride 6: padding bytes are 255 and must not leak in.
        let mut data = vec![255u8; 6 * 4];
        for y in 0..4 {
            for x in 0..4 {
                data[y * 6 + x] = 10;
            }
        }
        let v = FrameView {
            width: 4,
            height: 4,
            stride: 6,
            format: PixelFormat::Gray8,
            data: &data,
        };
        let g = Grid::from_frame(&v, 4).unwrap();
        assert_eq!(g.cells, vec![10.0]);
    }
}
