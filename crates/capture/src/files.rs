//! Frames from disk: image sequences, still images and video files.
//!
//! Images are read one file at a time with `imgcodecs` rather than through
//! `VideoCapture`'s printf patterns, so a damaged file is reported by name and
//! skipped instead of silently ending the stream. Video files go through
//! OpenCV `videoio`.

use crate::error::CaptureError;
use crate::frame::{Frame, SizeWatch};
use crate::{FrameSource, SourceKind};
use opencv::core::Mat;
use opencv::prelude::*;
use opencv::videoio;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// File extensions read as images (lower case).
pub const IMAGE_EXTENSIONS: &[&str] = &[
    "jpg", "jpeg", "png", "bmp", "tif", "tiff", "webp", "pgm", "ppm",
];

/// True when the path's extension names an image format we read.
pub fn is_image_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .map(|e| IMAGE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        .unwrap_or(false)
}

/// One image through the shared loader (size cap, truncated JPEGs refused,
/// FIFOs and devices refused without opening them).
fn read_image(path: &Path) -> Result<Mat, CaptureError> {
    use tw_vision::VisionError as V;
    tw_vision::image_io::load_bgr(path).map_err(|e| CaptureError::Unreadable {
        path: path.to_path_buf(),
        reason: match e {
            V::EmptyFile { .. } => "the file is empty".into(),
            V::Undecodable { .. } => "not a readable image (corrupt or unsupported format)".into(),
            V::Io { error, .. } => error.to_string(),
            other => other.to_string(),
        },
    })
}

/// Refuses a path that is neither a regular file nor a folder (a FIFO, a
/// socket, a device): opening one could block the capture thread forever.
pub(crate) fn check_openable(path: &Path) -> Result<(), CaptureError> {
    let meta = std::fs::metadata(path).map_err(|e| CaptureError::Unreadable {
        path: path.to_path_buf(),
        reason: match e.kind() {
            std::io::ErrorKind::NotFound => "no such file or folder".into(),
            _ => e.to_string(),
        },
    })?;
    if meta.is_file() || meta.is_dir() {
        return Ok(());
    }
    let hint = if path.to_string_lossy().starts_with("/dev/video") {
        "; open a camera as camera:N (see `warden sources`)"
    } else {
        ""
    };
    Err(CaptureError::Unreadable {
        path: path.to_path_buf(),
        reason: format!(
            "{} is not a regular file; frames are read from image or video files, folders of images, cameras or the demo{hint}",
            tw_vision::image_io::file_kind(&meta)
        ),
    })
}

/// The image files of a folder, in file-name order, played as a stream at a
/// nominal frame rate (timestamps are `index / fps`).
pub struct ImageSequence {
    name: String,
    files: Vec<PathBuf>,
    fps: f64,
    looping: bool,
    position: usize,
    index: u64,
    sizes: SizeWatch,
}

impl ImageSequence {
    /// Lists the images in `dir`. Fails when the folder cannot be read or holds no images.
    pub fn open(dir: impl AsRef<Path>, fps: f64) -> Result<Self, CaptureError> {
        let dir = dir.as_ref();
        let unreadable = |reason: String| CaptureError::Unreadable {
            path: dir.to_path_buf(),
            reason,
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| unreadable(e.to_string()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && is_image_path(p))
            .collect();
        if files.is_empty() {
            return Err(unreadable(format!(
                "the folder holds no images ({})",
                IMAGE_EXTENSIONS.join(", ")
            )));
        }
        files.sort();
        Self::from_files(format!("Image sequence {}", dir.display()), files, fps)
    }

    /// Plays the given files in the given order.
    pub fn from_files(name: String, files: Vec<PathBuf>, fps: f64) -> Result<Self, CaptureError> {
        if !(fps.is_finite() && fps > 0.0) {
            return Err(CaptureError::Unreadable {
                path: files.first().cloned().unwrap_or_default(),
                reason: format!("frame rate must be positive, got {fps}"),
            });
        }
        Ok(ImageSequence {
            name,
            files,
            fps,
            looping: false,
            position: 0,
            index: 0,
            sizes: SizeWatch::default(),
        })
    }

    /// The words the status line shows for this source (instead of its folder).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Starts again at the first image instead of ending.
    pub fn looping(mut self, on: bool) -> Self {
        self.looping = on;
        self
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

impl FrameSource for ImageSequence {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> SourceKind {
        SourceKind::ImageSequence
    }

    fn nominal_fps(&self) -> Option<f64> {
        Some(self.fps)
    }

    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        if self.position >= self.files.len() {
            if !self.looping {
                return Err(CaptureError::Ended {
                    source_name: self.name.clone(),
                });
            }
            self.position = 0;
        }
        let path = self.files[self.position].clone();
        self.position += 1;
        // A bad file still takes its slot in time, so timestamps stay aligned
        // with file positions.
        let index = self.index;
        self.index += 1;
        let mat = read_image(&path)?;
        let timestamp = Duration::from_secs_f64(index as f64 / self.fps);
        self.sizes.check(Frame::from_mat(&mat, index, timestamp)?)
    }
}

/// One image file. Yields it once and then ends, unless set to repeat (useful
/// to show a photo in the live view).
pub struct StillImage {
    name: String,
    path: PathBuf,
    repeat: bool,
    image: Option<Mat>,
    index: u64,
}

impl StillImage {
    /// Reads the image now so a bad file is reported at open time.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, CaptureError> {
        let path = path.as_ref().to_path_buf();
        let image = read_image(&path)?;
        Ok(StillImage {
            name: format!("Image {}", path.display()),
            path,
            repeat: false,
            image: Some(image),
            index: 0,
        })
    }

    pub fn repeat(mut self, on: bool) -> Self {
        self.repeat = on;
        self
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl FrameSource for StillImage {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> SourceKind {
        SourceKind::StillImage
    }

    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        let frame = match &self.image {
            None => {
                return Err(CaptureError::Ended {
                    source_name: self.name.clone(),
                })
            }
            Some(image) => Frame::from_mat(image, self.index, Duration::ZERO)?,
        };
        self.index += 1;
        if !self.repeat {
            self.image = None;
        }
        Ok(frame)
    }
}

/// A video file decoded by OpenCV (FFmpeg or OpenCV's own MJPEG reader).
pub struct VideoFile {
    name: String,
    path: PathBuf,
    capture: videoio::VideoCapture,
    fps: Option<f64>,
    index: u64,
    ended: bool,
    /// The frame decoded while opening, handed out first.
    primed: Option<Frame>,
    sizes: SizeWatch,
}

impl VideoFile {
    pub fn open(path: impl AsRef<Path>) -> Result<Self, CaptureError> {
        let path = path.as_ref().to_path_buf();
        let unreadable = |reason: String| CaptureError::Unreadable {
            path: path.clone(),
            reason,
        };
        check_openable(&path)?;
        if !path.is_file() {
            return Err(unreadable("a folder, not a video file".into()));
        }
        let name = path
            .to_str()
            .ok_or_else(|| unreadable("the path is not valid UTF-8".into()))?;
        let capture = videoio::VideoCapture::from_file(name, videoio::CAP_ANY)
            .map_err(|e| unreadable(e.message))?;
        if !capture.is_opened().unwrap_or(false) {
            return Err(unreadable(
                "no video decoder could open it (corrupt or unsupported format)".into(),
            ));
        }
        let fps = capture
            .get(videoio::CAP_PROP_FPS)
            .ok()
            .filter(|f| f.is_finite() && *f > 0.0);
        let mut video = VideoFile {
            name: format!("Video {}", path.display()),
            path: path.clone(),
            capture,
            fps,
            index: 0,
            ended: false,
            primed: None,
            sizes: SizeWatch::default(),
        };
        // Some decoders "open" anything (a damaged JPEG, a text file); only a
        // decoded frame proves the file is a video we can play.
        match video.read() {
            Ok(Some(frame)) => video.primed = Some(frame),
            Ok(None) => {
                return Err(unreadable(
                    "no frame could be decoded (corrupt, empty or unsupported format)".into(),
                ))
            }
            Err(e) => return Err(unreadable(e.to_string())),
        }
        Ok(video)
    }

    /// Decodes the next frame; `None` at the end of the file.
    fn read(&mut self) -> Result<Option<Frame>, CaptureError> {
        let mut mat = Mat::default();
        let got = self.capture.read(&mut mat)?;
        if !got || mat.empty() {
            return Ok(None);
        }
        let index = self.index;
        self.index += 1;
        let millis = self
            .capture
            .get(videoio::CAP_PROP_POS_MSEC)
            .unwrap_or(f64::NAN);
        let timestamp = if millis.is_finite() && millis >= 0.0 && (index == 0 || millis > 0.0) {
            Duration::from_secs_f64(millis / 1000.0)
        } else {
            Duration::from_secs_f64(index as f64 / self.fps.unwrap_or(30.0))
        };
        Frame::from_mat(&mat, index, timestamp).map(Some)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl FrameSource for VideoFile {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> SourceKind {
        SourceKind::VideoFile
    }

    fn nominal_fps(&self) -> Option<f64> {
        self.fps
    }

    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        if let Some(frame) = self.primed.take() {
            return self.sizes.check(frame);
        }
        if self.ended {
            return Err(CaptureError::Ended {
                source_name: self.name.clone(),
            });
        }
        match self.read()? {
            Some(frame) => self.sizes.check(frame),
            None => {
                self.ended = true;
                Err(CaptureError::Ended {
                    source_name: self.name.clone(),
                })
            }
        }
    }
}
