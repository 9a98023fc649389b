//! Development helper: how an enrolled d6 set reads the labelled faces of a
//! YOLO folder when cropped exactly at their labels (no finding involved),
//! at a few scales, to tell finding errors from matching errors.
//! `faceset_at_labels SET.json DIR`
use tw_vision::eval::{list_images, parse_yolo_named};
use tw_vision::faceset::{class_names, FaceSet};
use tw_vision::image_io::{frame_size, load_bgr};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let set = FaceSet::load(std::path::Path::new(&a[0])).expect("set");
    let dir = std::path::Path::new(&a[1]);
    let net = tw_vision::reader::shipped_net().expect("net");
    let names = class_names(dir).expect("classes");
    for scale in [0.8f32, 1.0, 1.25, 1.6] {
        let (mut right, mut total) = (0, 0);
        for img in list_images(dir).expect("images") {
            let frame = load_bgr(&img).expect("image");
            let (w, h) = frame_size(&frame);
            let text = std::fs::read_to_string(img.with_extension("txt")).unwrap_or_default();
            for l in parse_yolo_named(&text, w, h, &names).expect("labels") {
                let side = (l.x1 - l.x0).max(l.y1 - l.y0) * scale;
                let g = net.classify(&frame, [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0], side).expect("crop");
                total += 1;
                right += (set.read(&g).0 == l.name) as usize;
            }
        }
        println!("scale {scale}: {right} of {total} read right at the labels");
    }
}
