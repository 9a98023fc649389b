//! Loading still images with errors that name the file and the problem.
//!
//! We read the bytes ourselves and decode from memory rather than calling
//! `imread`, because `imread` answers every failure (missing file, empty file,
//! corrupt data) with the same empty matrix.
//!
//! Before decoding, a file is refused when it is not a regular file (reading
//! a FIFO or a device could block forever), when its header claims more than
//! [`MAX_PIXELS`], or when it is a JPEG cut short: OpenCV would decode the
//! part that arrived and grey out the rest with only a warning on stderr, so
//! a truncated photo is refused rather than read wrong.

use crate::error::{Result, VisionError};
use opencv::{core::Mat, core::Vector, imgcodecs, prelude::*};
use std::path::Path;

/// Load a colour (BGR, 8-bit) image from `path`.
pub fn load_bgr(path: &Path) -> Result<Mat> {
    let io = |error| VisionError::Io {
        path: path.to_path_buf(),
        error,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", file_kind(&meta)),
        )));
    }
    let bytes = std::fs::read(path).map_err(io)?;
    decode_bgr(&bytes).map_err(|e| match e {
        VisionError::EmptyFile { .. } => VisionError::EmptyFile {
            path: path.to_path_buf(),
        },
        VisionError::Undecodable { .. } => VisionError::Undecodable {
            path: path.to_path_buf(),
        },
        VisionError::Io { error, .. } => VisionError::Io {
            path: path.to_path_buf(),
            error,
        },
        other => other,
    })
}

/// Decode an in-memory encoded image (JPEG, PNG, ...) into a BGR matrix.
/// Error variants carry an empty path; [`load_bgr`] fills it in.
pub fn decode_bgr(bytes: &[u8]) -> Result<Mat> {
    if bytes.is_empty() {
        return Err(VisionError::EmptyFile {
            path: Default::default(),
        });
    }
    if let Some((w, h)) = header_size(bytes) {
        check_pixels(w, h)?;
    }
    let buf = Vector::<u8>::from_slice(bytes);
    // OpenCV may print a warning and return an empty Mat, or return an error,
    // for corrupt data; both mean "not an image".
    let mat = imgcodecs::imdecode(&buf, imgcodecs::IMREAD_COLOR).map_err(|_| {
        VisionError::Undecodable {
            path: Default::default(),
        }
    })?;
    if mat.empty() || mat.cols() == 0 || mat.rows() == 0 {
        return Err(VisionError::Undecodable {
            path: Default::default(),
        });
    }
    // Formats whose header is not read above are checked once decoded.
    check_pixels(mat.cols() as u64, mat.rows() as u64)?;
    // Decoded but cut short: what OpenCV filled in is not the photo.
    if bytes.starts_with(&[0xFF, 0xD8]) && !jpeg_complete(bytes) {
        return Err(VisionError::Io {
            path: Default::default(),
            error: std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the JPEG is cut short (its end-of-image marker is missing); it was not read",
            ),
        });
    }
    Ok(mat)
}

/// Width and height of a frame in pixels (zero for an empty matrix).
pub fn frame_size(frame: &Mat) -> (u32, u32) {
    (frame.cols().max(0) as u32, frame.rows().max(0) as u32)
}

/// Most pixels an image may have (50 megapixels, a 9000×5500 photo): a
/// bigger one takes tens of seconds and gigabytes to decode and read.
pub const MAX_PIXELS: u64 = 50_000_000;

/// Refuses a `w`×`h` image above [`MAX_PIXELS`], in words (the path is
/// filled in by [`load_bgr`]).
fn check_pixels(w: u64, h: u64) -> Result<()> {
    if w.saturating_mul(h) > MAX_PIXELS {
        return Err(VisionError::Io {
            path: Default::default(),
            error: std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "the image is {w}×{h} pixels ({:.0} megapixels); at most {} megapixels are read",
                    (w * h) as f64 / 1e6,
                    MAX_PIXELS / 1_000_000
                ),
            ),
        });
    }
    Ok(())
}

/// Width and height as a PNG, JPEG or BMP header states them, read before
/// anything is decoded; `None` for other formats or a header cut short
/// (OpenCV then decides).
/// Width and height from a TIFF's first image directory (tags 256 and
/// 257, SHORT or LONG).
fn tiff_size(b: &[u8]) -> Option<(u64, u64)> {
    let little = b.starts_with(b"II");
    let u16_at = |i: usize| -> Option<u64> {
        let v: [u8; 2] = b.get(i..i + 2)?.try_into().ok()?;
        Some(u64::from(if little { u16::from_le_bytes(v) } else { u16::from_be_bytes(v) }))
    };
    let u32_at = |i: usize| -> Option<u64> {
        let v: [u8; 4] = b.get(i..i + 4)?.try_into().ok()?;
        Some(u64::from(if little { u32::from_le_bytes(v) } else { u32::from_be_bytes(v) }))
    };
    let ifd = usize::try_from(u32_at(4)?).ok()?;
    let entries = u16_at(ifd)? as usize;
    let (mut w, mut h) = (None, None);
    for k in 0..entries.min(512) {
        let e = ifd.checked_add(2 + 12 * k)?;
        let value = match u16_at(e + 2)? {
            3 => u16_at(e + 8)?,
            4 => u32_at(e + 8)?,
            _ => continue,
        };
        match u16_at(e)? {
            256 => w = Some(value),
            257 => h = Some(value),
            _ => {}
        }
    }
    Some((w?, h?))
}

pub fn header_size(b: &[u8]) -> Option<(u64, u64)> {
    let be16 = |i: usize| Some(u64::from(u16::from_be_bytes([*b.get(i)?, *b.get(i + 1)?])));
    let be32 = |i: usize| {
        Some(u64::from(u32::from_be_bytes(
            b.get(i..i + 4)?.try_into().ok()?,
        )))
    };
    let le32 = |i: usize| {
        Some(i32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?).unsigned_abs() as u64)
    };
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        // The first chunk must be IHDR; anything else is not a PNG header.
        if b.get(12..16) != Some(b"IHDR") {
            return None;
        }
        return Some((be32(16)?, be32(20)?));
    }
    if b.starts_with(b"II*\0") || b.starts_with(b"MM\0*") {
        return tiff_size(b);
    }
    if b.starts_with(b"BM") {
        return Some((le32(18)?, le32(22)?));
    }
    if !b.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    // JPEG: walk the segments to the frame header (SOF0–SOF15 but DHT, JPG, DAC).
    let mut i = 2;
    while i + 1 < b.len() {
        if b[i] != 0xFF {
            return None;
        }
        let m = b[i + 1];
        if m == 0xFF {
            i += 1; // fill byte
            continue;
        }
        if (0xD0..=0xD7).contains(&m) || m == 0x01 {
            i += 2;
            continue;
        }
        if (0xC0..=0xCF).contains(&m) && ![0xC4, 0xC8, 0xCC].contains(&m) {
            return Some((be16(i + 7)?, be16(i + 5)?));
        }
        if m == 0xDA {
            return None; // scan data before any frame header
        }
        i += 2 + be16(i + 2)? as usize;
    }
    None
}

/// What a non-regular file is, in words ("a FIFO (named pipe)", "a folder").
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_file() {
        "a file"
    } else {
        "a special file"
    }
}

/// True when a JPEG's segments and entropy-coded scans run on to the
/// end-of-image marker (0xFFD9). Walks the structure rather than looking at
/// the last bytes, so an EXIF thumbnail's own end marker does not count and
/// bytes padded after the end are accepted.
pub fn jpeg_complete(b: &[u8]) -> bool {
    let mut i = 2;
    loop {
        // Find the next marker.
        while i < b.len() && b[i] == 0xFF && b.get(i + 1) == Some(&0xFF) {
            i += 1; // fill bytes
        }
        if i + 1 >= b.len() || b[i] != 0xFF {
            return false;
        }
        let m = b[i + 1];
        match m {
            0xD9 => return true,
            0x01 | 0xD0..=0xD7 => i += 2,
            _ => {
                let Some(len) = b
                    .get(i + 2..i + 4)
                    .map(|l| u16::from_be_bytes([l[0], l[1]]) as usize)
                else {
                    return false;
                };
                i += 2 + len;
                if i > b.len() {
                    return false;
                }
                if m == 0xDA {
                    // Entropy-coded data: runs to the next marker that is
                    // neither a stuffed 0xFF00 nor a restart marker.
                    loop {
                        match b.get(i..i + 2) {
                            None => return false,
                            Some([0xFF, 0x00]) | Some([0xFF, 0xD0..=0xD7]) => i += 2,
                            Some([0xFF, 0xFF]) => i += 1,
                            Some([0xFF, _]) => break,
                            Some(_) => i += 1,
                        }
                    }
                }
            }
        }
    }
}
