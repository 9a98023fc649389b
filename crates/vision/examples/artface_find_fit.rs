//! Development helper: how far the art finder's centres and the top faces
//! fitted from them (`artface::top`) lie from the labelled top faces'
//! centres, in label widths (quartiles), for an enrolled art set.
//! `artface_find_fit SET.json DIR`
use tw_vision::artface::{find, fit_top, Prepared};
use tw_vision::eval::{list_images, parse_yolo_named};
use tw_vision::faceset::{class_names, FaceSet};
use tw_vision::image_io::{frame_size, load_bgr};

fn quart(mut v: Vec<f32>) -> [f32; 3] {
    v.sort_by(|a, b| a.total_cmp(b));
    let q = |f: f32| v[((v.len() - 1) as f32 * f) as usize];
    [q(0.25), q(0.5), q(0.75)]
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let set = FaceSet::load(std::path::Path::new(&a[0])).expect("set");
    let art = set.art.expect("an art set");
    let dir = std::path::Path::new(&a[1]);
    let names = class_names(dir).expect("classes");
    let (mut ef, mut et, mut eq, mut sz) = (vec![], vec![], vec![], vec![]);
    for img in list_images(dir).expect("images") {
        let frame = load_bgr(&img).expect("image");
        let (w, h) = frame_size(&frame);
        let prep = Prepared::new(&frame).expect("prep");
        let text = std::fs::read_to_string(img.with_extension("txt")).unwrap_or_default();
        let labels = parse_yolo_named(&text, w, h, &names).expect("labels");
        let finds = find(&prep, &art).expect("find");
        for l in &labels {
            let lw = l.x1 - l.x0;
            let c = [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0];
            let d = |p: [f32; 2]| (p[0] - c[0]).hypot(p[1] - c[1]) / lw;
            let Some(f) = finds
                .iter()
                .min_by(|a, b| d(a.center).total_cmp(&d(b.center)))
            else {
                continue;
            };
            if d(f.center) > 0.5 {
                continue;
            }
            ef.push(d(f.center));
            sz.push(f.side / lw);
            let q = ((l.y1 - l.y0) / lw).min(1.0);
            et.push(d(fit_top(&prep, f.center, f.side, None).center));
            eq.push(d(fit_top(&prep, f.center, f.side, Some(q)).center));
        }
    }
    println!("{} labels with a find within half a width", ef.len());
    println!("find centre off: {:?}", quart(ef));
    println!("find side / label width: {:?}", quart(sz));
    println!("fit (free) centre off: {:?}", quart(et));
    println!("fit (label's squash) centre off: {:?}", quart(eq));
}
