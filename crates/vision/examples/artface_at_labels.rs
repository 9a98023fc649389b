//! Development helper: how an enrolled art set reads the labelled faces of
//! a YOLO folder at their labels (no finding), and what the finder finds
//! near them, to tell finding errors from matching errors.
//! `artface_at_labels SET.json DIR`
#[allow(unused_imports)]
use tw_vision::artface::read_find;
use tw_vision::artface::{find, read_at, Prepared};
use tw_vision::eval::{list_images, parse_yolo_named};
use tw_vision::faceset::{class_names, FaceSet};
use tw_vision::image_io::{frame_size, load_bgr};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let set = FaceSet::load(std::path::Path::new(&a[0])).expect("set");
    let art = set.art.expect("an art set");
    let dir = std::path::Path::new(&a[1]);
    let names = class_names(dir).expect("classes");
    let (mut right, mut total, mut sure_wrong, mut asked, mut none) = (0, 0, 0, 0, 0);
    let (mut found, mut spurious) = (0, 0);
    for img in list_images(dir).expect("images") {
        let frame = load_bgr(&img).expect("image");
        let (w, h) = frame_size(&frame);
        let prep = Prepared::new(&frame).expect("prep");
        let text = std::fs::read_to_string(img.with_extension("txt")).unwrap_or_default();
        let labels = parse_yolo_named(&text, w, h, &names).expect("labels");
        for l in &labels {
            let side = ((l.x1 - l.x0) * (l.y1 - l.y0)).sqrt();
            total += 1;
            let sq = if std::env::var("SEARCH").is_ok() {
                None
            } else {
                Some(((l.y1 - l.y0) / (l.x1 - l.x0)).clamp(0.4, 1.0))
            };
            match read_at(
                &prep,
                &art,
                [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0],
                side,
                sq,
            ) {
                Some((f, c, s)) => {
                    if f == l.name {
                        right += 1
                    } else {
                        if c >= 0.8 {
                            sure_wrong += 1
                        }
                        if a.len() > 2 {
                            println!(
                                "{} {} read {f} conf {c:.2} sim {s:.2} side {side:.0}",
                                img.display(),
                                l.name
                            )
                        }
                    }
                    if c < 0.8 {
                        asked += 1
                    }
                }
                None => none += 1,
            }
        }
        let finds = find(&prep, &art).expect("find");
        if std::env::var("LOC").is_ok() {
            for l in &labels {
                let c = [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0];
                let bs = ((l.x1 - l.x0) * (l.y1 - l.y0)).sqrt();
                if let Some(f) = finds.iter().min_by(|a, b| {
                    (a.center[0] - c[0])
                        .hypot(a.center[1] - c[1])
                        .total_cmp(&(b.center[0] - c[0]).hypot(b.center[1] - c[1]))
                }) {
                    println!(
                        "loc off {:.3} size {:.3} bs {:.0}",
                        (f.center[0] - c[0]).hypot(f.center[1] - c[1]) / bs,
                        f.side / bs,
                        bs
                    );
                    if let Some((face, conf, sim, pc, ps, pq)) =
                        tw_vision::artface::read_find(&prep, &art, f)
                    {
                        println!("pose {} {} read {face} conf {conf:.2} sim {sim:.2} off {:.3} side/bs {:.3} squash {pq:.2} label squash {:.2}", l.name == face, l.name, (pc[0] - c[0]).hypot(pc[1] - c[1]) / bs, ps / bs, (l.y1 - l.y0) / (l.x1 - l.x0));
                    }
                }
            }
        }
        if std::env::var("DUP").is_ok() {
            for l in &labels {
                let inside: Vec<_> = finds
                    .iter()
                    .filter(|f| {
                        l.x0 <= f.center[0]
                            && f.center[0] <= l.x1
                            && l.y0 <= f.center[1]
                            && f.center[1] <= l.y1
                    })
                    .collect();
                if inside.len() > 1 {
                    let c = [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0];
                    println!(
                        "{} label {} at ({:.0},{:.0}) box {:.0}x{:.0}: {}",
                        img.display(),
                        l.name,
                        c[0],
                        c[1],
                        l.x1 - l.x0,
                        l.y1 - l.y0,
                        inside
                            .iter()
                            .map(|f| format!(
                                "[({:.0},{:.0}) side {:.0} p {:.2}]",
                                f.center[0], f.center[1], f.side, f.probability
                            ))
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                }
            }
        }
        for f in finds {
            let hit = labels.iter().any(|l| {
                l.x0 <= f.center[0]
                    && f.center[0] <= l.x1
                    && l.y0 <= f.center[1]
                    && f.center[1] <= l.y1
            });
            if hit {
                found += 1
            } else {
                spurious += 1
            }
            if std::env::var("SIM").is_ok() {
                println!(
                    "sim {} {:.3} p {:.2} side {:.0}",
                    if hit { "top" } else { "other" },
                    f.similarity,
                    f.probability,
                    f.side
                )
            }
        }
    }
    println!("at labels: {right} of {total} right, {sure_wrong} wrong yet sure, {asked} asked, {none} rejected");
    println!("finder: {found} finds on labels, {spurious} elsewhere");
}
