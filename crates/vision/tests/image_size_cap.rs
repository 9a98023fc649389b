//! Images above 50 megapixels are refused from their header, before any
//! decoding (PNG, JPEG, BMP, TIFF), or once decoded (other formats),
//! naming the file and the size (issue 23, items 3 and 4).

use opencv::core::{Mat, Scalar, Vector, CV_8UC3};
use opencv::imgcodecs;
use tw_vision::image_io::{header_size, load_bgr};

/// A small real image encoded as `ext`.
fn encoded(ext: &str, w: i32, h: i32) -> Vec<u8> {
    let m = Mat::new_rows_cols_with_default(h, w, CV_8UC3, Scalar::all(90.0)).unwrap();
    let mut buf = Vector::<u8>::new();
    imgcodecs::imencode(ext, &m, &mut buf, &Vector::new()).unwrap();
    buf.as_slice().to_vec()
}

#[test]
fn the_header_gives_the_size_of_png_jpeg_bmp_and_tiff() {
    assert_eq!(header_size(&encoded(".png", 37, 21)), Some((37, 21)));
    assert_eq!(header_size(&encoded(".tif", 37, 21)), Some((37, 21)));
    assert_eq!(header_size(&encoded(".jpg", 37, 21)), Some((37, 21)));
    assert_eq!(header_size(&encoded(".bmp", 37, 21)), Some((37, 21)));
    assert_eq!(header_size(b"GIF89a"), None);
    assert_eq!(header_size(&[0xFF, 0xD8, 0xFF]), None, "cut short");
}

#[test]
fn an_image_claiming_too_many_pixels_is_refused_before_decoding() {
    let dir = tempfile_dir();
    // A PNG whose header says 60000×60000 (and a JPEG 20000×20000): only
    // the header is there, so a refusal can only come from reading it.
    let mut png = encoded(".png", 4, 4);
    png[16..20].copy_from_slice(&60000u32.to_be_bytes());
    png[20..24].copy_from_slice(&60000u32.to_be_bytes());
    let mut jpg = encoded(".jpg", 4, 4);
    let sof = jpg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    jpg[sof + 5..sof + 7].copy_from_slice(&20000u16.to_be_bytes());
    jpg[sof + 7..sof + 9].copy_from_slice(&20000u16.to_be_bytes());
    // A TIFF says its size in its first image directory.
    let mut tif = encoded(".tif", 4, 4);
    patch_tiff_size(&mut tif, 30000, 30000);
    for (name, bytes, mp) in [("huge.png", png, "3600"), ("huge.jpg", jpg, "400"), ("huge.tif", tif, "900")] {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        let e = load_bgr(&p).unwrap_err().to_string();
        assert!(e.contains(name) && e.contains(&format!("({mp} megapixels)")) && e.contains("at most 50"), "{e}");
    }
    // A format whose header is not read is refused once decoded: a real
    // 56-megapixel WebP (lossless, one grey, so the file is small).
    let big = Mat::new_rows_cols_with_default(7000, 8000, CV_8UC3, Scalar::all(90.0)).unwrap();
    let mut buf = Vector::<u8>::new();
    let lossless = Vector::<i32>::from_slice(&[imgcodecs::IMWRITE_WEBP_QUALITY, 101]);
    if imgcodecs::imencode(".webp", &big, &mut buf, &lossless).unwrap_or(false) {
        let p = dir.join("big.webp");
        std::fs::write(&p, buf.as_slice()).unwrap();
        let e = load_bgr(&p).unwrap_err().to_string();
        assert!(e.contains("big.webp") && e.contains("(56 megapixels)"), "{e}");
    }
    // An ordinary image still loads.
    let p = dir.join("ok.png");
    std::fs::write(&p, encoded(".png", 64, 48)).unwrap();
    assert_eq!(tw_vision::image_io::frame_size(&load_bgr(&p).unwrap()), (64, 48));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sets a little-endian TIFF's width and height tags (256, 257) to `w`×`h`.
fn patch_tiff_size(t: &mut [u8], w: u32, h: u32) {
    assert!(t.starts_with(b"II*\0"), "OpenCV writes little-endian TIFF here");
    let ifd = u32::from_le_bytes(t[4..8].try_into().unwrap()) as usize;
    let n = u16::from_le_bytes(t[ifd..ifd + 2].try_into().unwrap()) as usize;
    for k in 0..n {
        let e = ifd + 2 + 12 * k;
        let tag = u16::from_le_bytes(t[e..e + 2].try_into().unwrap());
        let v = match tag {
            256 => w,
            257 => h,
            _ => continue,
        };
        // Stored as LONG, whatever the writer chose.
        t[e + 2..e + 4].copy_from_slice(&4u16.to_le_bytes());
        t[e + 8..e + 12].copy_from_slice(&v.to_le_bytes());
    }
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tw-vision-cap-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
