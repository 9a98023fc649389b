//! Errors of the vision crate. Every variant names what failed and why, so a
//! CLI or UI can show it to the player without losing context.

use std::path::PathBuf;

/// What can go wrong while reading dice from a frame.
#[derive(Debug, thiserror::Error)]
pub enum VisionError {
    /// The image file could not be opened or read from disk.
    // The I/O error is part of the message rather than a `source`, so that
    // error-chain printers (anyhow's `{:#}`) do not repeat it.
    #[error("cannot read image file {path}: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A file that is not an image (a label file, a class list) or a
    /// folder could not be read; `what` says which, so a missing folder is
    /// not reported as an unreadable image.
    #[error("cannot read {what} {path}: {error}")]
    File {
        what: &'static str,
        path: PathBuf,
        error: std::io::Error,
    },
    /// A YOLO label file whose text is wrong; `reason` names the line.
    #[error("label file {path}: {reason}")]
    BadLabel { path: PathBuf, reason: String },
    /// A folder that should hold labelled photos holds none.
    #[error("no labelled images in {dir}: it holds no .jpg, .jpeg or .png file")]
    NoImages { dir: PathBuf },
    /// The file exists but holds no bytes.
    #[error("image file {path} is empty")]
    EmptyFile { path: PathBuf },
    /// The bytes are not a picture OpenCV can decode (corrupt or unknown format).
    #[error("image file {path} is not a decodable image (corrupt or unsupported format)")]
    Undecodable { path: PathBuf },
    /// A frame with zero width or height, or an unexpected pixel type.
    #[error("bad frame: {0}")]
    BadFrame(String),
    /// A colour table or other data file that does not parse.
    #[error("bad configuration {name}: {reason}")]
    Config { name: String, reason: String },
    /// An OpenCV call failed; carries OpenCV's own message.
    #[error("OpenCV: {0}")]
    OpenCv(#[from] opencv::Error),
}

/// Result alias for the crate.
pub type Result<T> = std::result::Result<T, VisionError>;
