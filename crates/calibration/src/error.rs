//! Everything that can go wrong, each naming the file or input concerned so
//! the player knows what to fix.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CalibrationError {
    #[error("cannot read image {path}: {reason}")]
    ImageRead { path: PathBuf, reason: String },
    #[error("cannot write {path}: {reason}")]
    Write { path: PathBuf, reason: String },
    #[error("calibration markers not found in {image}: {detail}")]
    MarkersNotFound { image: String, detail: String },
    #[error("cannot read calibration profile {path}: {source}")]
    ProfileRead {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("calibration profile {path} is not valid JSON or has the wrong shape (line {line}, column {column}): {message}")]
    ProfileParse {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("calibration profile {path}: field `{field}`: {problem}")]
    ProfileInvalid {
        path: PathBuf,
        field: String,
        problem: String,
    },
    #[error("bad calibration points: {0}")]
    BadPoints(String),
    #[error("lens calibration failed: {0}")]
    Lens(String),
    #[error("board drift check: {0}")]
    Drift(String),
    #[error("OpenCV: {0}")]
    OpenCv(String),
}

impl From<opencv::Error> for CalibrationError {
    fn from(e: opencv::Error) -> Self {
        CalibrationError::OpenCv(e.message)
    }
}

pub type Result<T> = std::result::Result<T, CalibrationError>;
