//! Development helper: draw an image's labels (green, YOLO file beside it),
//! the reader's dice (red outline and face) and every pip candidate (blue:
//! dark pips, yellow: light pips) to a PNG, optionally cropped and enlarged.
//! `annotate IMAGE OUT.png [CX CY HALF SCALE]`
use opencv::{
    core::{Point, Rect, Scalar, Size, Vector},
    imgcodecs, imgproc,
    prelude::*,
};
use std::path::Path;
use tw_vision::eval::parse_yolo;
use tw_vision::gray::GrayImage;
use tw_vision::image_io::load_bgr;
use tw_vision::pips::{find_pips, Polarity};
use tw_vision::DiceReader;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 2 {
        eprintln!("usage: annotate IMAGE OUT.png [CX CY HALF SCALE]");
        std::process::exit(2);
    }
    let path = Path::new(&a[0]);
    let frame = load_bgr(path).expect("image");
    let reader = DiceReader::default();
    let reading = reader.read(&frame).expect("read");
    let gray = GrayImage::from_mat(&frame).expect("gray");
    let pips = find_pips(&gray, &reader.params.pips).expect("pips");
    for f in reader
        .candidate_faces(&gray, frame.data_bytes().expect("pixels"))
        .expect("faces")
    {
        eprintln!(
            "face n={} centre ({:.0},{:.0}) squareness {:.2} roundness {:.2} pip {:.1} residual {:.2} pips {:?}",
            f.pips.len(),
            f.center.0,
            f.center.1,
            f.squareness,
            f.roundness,
            f.pip_length,
            tw_vision::geometry::face_geometry(&f).layout_residual,
            f.pips.iter().map(|p| (p.center.0 as i32, p.center.1 as i32)).collect::<Vec<_>>()
        );
    }
    let scale: i32 = a.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (x0, y0, w, h) = if a.len() >= 5 {
        let f = |i: usize| a[i].parse::<i32>().expect("number");
        let half = f(4);
        let x0 = (f(2) - half).clamp(0, frame.cols() - 1);
        let y0 = (f(3) - half).clamp(0, frame.rows() - 1);
        (
            x0,
            y0,
            (2 * half).min(frame.cols() - x0),
            (2 * half).min(frame.rows() - y0),
        )
    } else {
        (0, 0, frame.cols(), frame.rows())
    };
    let crop = Mat::roi(&frame, Rect::new(x0, y0, w, h))
        .expect("roi")
        .try_clone()
        .expect("clone");
    let mut img = Mat::default();
    imgproc::resize(
        &crop,
        &mut img,
        Size::new(w * scale, h * scale),
        0.0,
        0.0,
        imgproc::INTER_NEAREST,
    )
    .expect("resize");
    let s = scale as f32;
    let pt =
        |x: f32, y: f32| Point::new(((x - x0 as f32) * s) as i32, ((y - y0 as f32) * s) as i32);
    for p in &pips {
        let color = match p.polarity {
            Polarity::Dark => Scalar::new(255.0, 120.0, 0.0, 0.0),
            Polarity::Bright => Scalar::new(0.0, 220.0, 255.0, 0.0),
        };
        let c = pt(p.center.0, p.center.1);
        imgproc::ellipse(
            &mut img,
            c,
            Size::new(
                ((p.major / 2.0) * s) as i32 + 1,
                ((p.minor / 2.0) * s) as i32 + 1,
            ),
            p.angle.to_degrees() as f64,
            0.0,
            360.0,
            color,
            1,
            imgproc::LINE_8,
            0,
        )
        .ok();
        eprintln!(
            "pip ({:.0},{:.0}) area {:.0} major {:.1} round {:.2} angle {:.2} contrast {:.0} ring {:.0} {:?}",
            p.center.0, p.center.1, p.area, p.major, p.roundness(), p.angle, p.contrast, p.ring_level, p.polarity
        );
    }
    if let Ok(text) = std::fs::read_to_string(path.with_extension("txt")) {
        if let Ok(labels) = parse_yolo(&text, frame.cols() as u32, frame.rows() as u32) {
            for l in labels {
                let (p0, p1) = (pt(l.x0, l.y0), pt(l.x1, l.y1));
                imgproc::rectangle_points(
                    &mut img,
                    p0,
                    p1,
                    Scalar::new(0.0, 200.0, 0.0, 0.0),
                    1,
                    imgproc::LINE_8,
                    0,
                )
                .ok();
                imgproc::put_text(
                    &mut img,
                    &l.face.to_string(),
                    Point::new(p0.x, p0.y - 2),
                    imgproc::FONT_HERSHEY_SIMPLEX,
                    0.5,
                    Scalar::new(0.0, 200.0, 0.0, 0.0),
                    1,
                    imgproc::LINE_8,
                    false,
                )
                .ok();
            }
        }
    }
    for d in &reading.dice {
        let poly: Vector<Point> = d.corners.iter().map(|c| pt(c[0], c[1])).collect();
        let mut polys = Vector::<Vector<Point>>::new();
        polys.push(poly);
        imgproc::polylines(
            &mut img,
            &polys,
            true,
            Scalar::new(0.0, 0.0, 255.0, 0.0),
            1,
            imgproc::LINE_8,
            0,
        )
        .ok();
        let c = pt(d.center[0], d.center[1]);
        imgproc::put_text(
            &mut img,
            d.face.as_deref().unwrap_or("?"),
            Point::new(c.x + 4, c.y + 14),
            imgproc::FONT_HERSHEY_SIMPLEX,
            0.5,
            Scalar::new(0.0, 0.0, 255.0, 0.0),
            1,
            imgproc::LINE_8,
            false,
        )
        .ok();
        println!(
            "die {:?} face {:?} conf {:.2} cocked {}",
            d.center, d.face, d.confidence, d.cocked
        );
    }
    imgcodecs::imwrite(&a[1], &img, &Vector::new()).expect("write");
}
