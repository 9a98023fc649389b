//! Which file the window may read as a throw's snapshot.
//!
//! A log entry's `image_path` is data: it may come from an imported campaign
//! or from `warden game observe --image`, so it can name any file on the
//! machine. The window only hands a snapshot to the web view when the path
//! resolves (symlinks followed) to a regular file inside the data folder (the
//! folder that holds the database and the `snapshots/` the window writes),
//! no larger than [`MAX_SNAPSHOT_BYTES`]. A relative path is read from the
//! data folder, never from the working directory.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The largest snapshot the window reads. A throw's snapshot is a small
/// JPEG (tens of kilobytes); anything near this size is not one.
pub const MAX_SNAPSHOT_BYTES: u64 = 50 * 1024 * 1024;

/// Resolves `logged` (an entry's `image_path`) against `data_dir`.
///
/// `Ok(None)` when the file does not exist (a snapshot deleted by hand);
/// `Err` naming the path when it climbs out with `..`, resolves outside the
/// data folder (a symlink pointing out included), is not a regular file or
/// is larger than [`MAX_SNAPSHOT_BYTES`].
pub fn resolve(data_dir: &Path, logged: &str) -> Result<Option<PathBuf>, String> {
    if logged.trim().is_empty() {
        return Err("the snapshot path is empty".into());
    }
    let path = Path::new(logged);
    if path.components().any(|c| c == Component::ParentDir) {
        return Err(format!(
            "the snapshot path {logged:?} climbs out with `..`; snapshots are only read from the data folder"
        ));
    }
    let root = data_dir
        .canonicalize()
        .map_err(|e| format!("the data folder {}: {e}", data_dir.display()))?;
    let full = if path.is_absolute() {
        path.to_path_buf()
    } else {
        root.join(path)
    };
    let real = match full.canonicalize() {
        Ok(p) => p,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("the snapshot {logged:?}: {e}")),
    };
    if !real.starts_with(&root) {
        return Err(format!(
            "the snapshot {logged:?} resolves to {}, outside the data folder {}; it is not read",
            real.display(),
            root.display()
        ));
    }
    let meta = std::fs::metadata(&real).map_err(|e| format!("the snapshot {logged:?}: {e}"))?;
    check_file(logged, &meta)?;
    Ok(Some(real))
}

/// A snapshot must be a regular file of at most [`MAX_SNAPSHOT_BYTES`].
fn check_file(logged: &str, meta: &std::fs::Metadata) -> Result<(), String> {
    if !meta.is_file() {
        return Err(format!("the snapshot {logged:?} is not a regular file"));
    }
    if meta.len() > MAX_SNAPSHOT_BYTES {
        return Err(format!(
            "the snapshot {logged:?} is {} bytes, over the {MAX_SNAPSHOT_BYTES}-byte limit",
            meta.len()
        ));
    }
    Ok(())
}

/// Reads the snapshot `logged` names, if [`resolve`] allows it, and checks
/// that it is a JPEG (what the window writes and the UI shows). The open
/// file is checked again and read through a size limit, so a file swapped or
/// grown after the check is still bounded.
pub fn read(data_dir: &Path, logged: &str) -> Result<Option<Vec<u8>>, String> {
    let Some(real) = resolve(data_dir, logged)? else {
        return Ok(None);
    };
    let file = std::fs::File::open(&real).map_err(|e| format!("the snapshot {logged:?}: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("the snapshot {logged:?}: {e}"))?;
    check_file(logged, &meta)?;
    let mut bytes = Vec::new();
    file.take(MAX_SNAPSHOT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("the snapshot {logged:?}: {e}"))?;
    if bytes.len() as u64 > MAX_SNAPSHOT_BYTES {
        return Err(format!(
            "the snapshot {logged:?} grew over the {MAX_SNAPSHOT_BYTES}-byte limit while being read"
        ));
    }
    if !is_jpeg(&bytes) {
        return Err(format!("the snapshot {logged:?} is not a JPEG image"));
    }
    Ok(Some(bytes))
}

/// JPEG files start with the SOI marker and another marker (`FF D8 FF`).
pub fn is_jpeg(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && bytes[..3] == [0xFF, 0xD8, 0xFF]
}

#[cfg(test)]
mod tests {
    use super::*;

    const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3];

    /// A fresh folder under the system temp dir, removed on drop.
    struct Scratch(PathBuf);
    impl Scratch {
        fn new(tag: &str) -> Scratch {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos();
            let p = std::env::temp_dir()
                .join(format!("tw-snapfile-{tag}-{}-{nanos}", std::process::id()));
            std::fs::create_dir_all(&p).unwrap();
            Scratch(p)
        }
    }
    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A data folder with `snapshots/a.jpg`, beside a secret file outside it.
    fn setup(tag: &str) -> (Scratch, PathBuf, PathBuf) {
        let s = Scratch::new(tag);
        let data = s.0.join("data");
        std::fs::create_dir_all(data.join("snapshots")).unwrap();
        std::fs::write(data.join("snapshots/a.jpg"), JPEG).unwrap();
        let secret = s.0.join("secret.jpg");
        std::fs::write(&secret, JPEG).unwrap();
        (s, data, secret)
    }

    #[test]
    fn a_snapshot_inside_the_data_folder_is_read_by_absolute_or_relative_path() {
        let (_s, data, _) = setup("inside");
        let abs = data.join("snapshots/a.jpg");
        let want = abs.canonicalize().unwrap();
        assert_eq!(
            resolve(&data, abs.to_str().unwrap()).unwrap(),
            Some(want.clone())
        );
        assert_eq!(
            resolve(&data, "snapshots/a.jpg").unwrap(),
            Some(want.clone())
        );
        assert_eq!(resolve(&data, "./snapshots/./a.jpg").unwrap(), Some(want));
        assert_eq!(
            read(&data, "snapshots/a.jpg").unwrap().as_deref(),
            Some(JPEG)
        );
    }

    #[test]
    fn a_missing_snapshot_is_none_not_an_error() {
        let (_s, data, _) = setup("missing");
        assert_eq!(resolve(&data, "snapshots/gone.jpg").unwrap(), None);
        assert_eq!(read(&data, "snapshots/gone.jpg").unwrap(), None);
    }

    #[test]
    fn dot_dot_escapes_are_refused_naming_the_path() {
        let (_s, data, secret) = setup("dotdot");
        for bad in [
            "../secret.jpg".to_string(),
            "snapshots/../../secret.jpg".to_string(),
            "../../../../etc/passwd".to_string(),
            format!("{}/../secret.jpg", data.display()),
        ] {
            let e = resolve(&data, &bad).unwrap_err();
            assert!(e.contains(&bad) && e.contains(".."), "{bad}: {e}");
        }
        assert!(secret.exists(), "the file the escapes aim at is there");
    }

    #[test]
    fn absolute_paths_outside_the_data_folder_are_refused() {
        let (_s, data, secret) = setup("outside");
        let e = resolve(&data, secret.to_str().unwrap()).unwrap_err();
        assert!(e.contains("outside the data folder"), "{e}");
        assert!(e.contains(secret.to_str().unwrap()), "{e}");
        #[cfg(unix)]
        {
            let e = read(&data, "/etc/passwd").unwrap_err();
            assert!(e.contains("/etc/passwd") && e.contains("outside"), "{e}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_pointing_out_of_the_data_folder_is_refused() {
        let (_s, data, secret) = setup("symlink");
        std::os::unix::fs::symlink(&secret, data.join("snapshots/link.jpg")).unwrap();
        let e = resolve(&data, "snapshots/link.jpg").unwrap_err();
        assert!(
            e.contains("snapshots/link.jpg") && e.contains("outside"),
            "{e}"
        );
        // A linked folder pointing out is caught the same way.
        std::os::unix::fs::symlink(secret.parent().unwrap(), data.join("out")).unwrap();
        let e = resolve(&data, "out/secret.jpg").unwrap_err();
        assert!(e.contains("outside"), "{e}");
        // A symlink that stays inside is followed.
        std::os::unix::fs::symlink(data.join("snapshots/a.jpg"), data.join("snapshots/in.jpg"))
            .unwrap();
        assert_eq!(
            read(&data, "snapshots/in.jpg").unwrap().as_deref(),
            Some(JPEG)
        );
    }

    #[test]
    fn folders_big_files_and_non_jpegs_are_refused() {
        let (_s, data, _) = setup("kinds");
        let e = resolve(&data, "snapshots").unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        let big = std::fs::File::create(data.join("snapshots/big.jpg")).unwrap();
        big.set_len(MAX_SNAPSHOT_BYTES + 1).unwrap(); // sparse: no disk used
        let e = resolve(&data, "snapshots/big.jpg").unwrap_err();
        assert!(e.contains("big.jpg") && e.contains("limit"), "{e}");
        std::fs::write(data.join("table-warden.sqlite3"), b"SQLite format 3\0").unwrap();
        let e = read(&data, "table-warden.sqlite3").unwrap_err();
        assert!(e.contains("not a JPEG"), "{e}");
    }

    #[test]
    fn an_empty_path_is_refused() {
        let (_s, data, _) = setup("empty");
        assert!(resolve(&data, "  ").unwrap_err().contains("empty"));
    }
}
