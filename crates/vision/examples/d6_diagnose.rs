//! Development helper: why labelled dice are missed or misread. For each
//! labelled die of a YOLO folder: is there a body candidate or a pip die
//! on it, what the classifier says at the label's own box (its ceiling with
//! a perfect finder) with views combined in several ways (turns, mirror
//! images, sides), and at the body candidate.
//! `d6_diagnose DIR`; `V=1` lists every die, `F=1` the label boxes misread.
use std::path::Path;
use tw_vision::bodies::body_candidates;
use tw_vision::eval::parse_yolo;
use tw_vision::image_io::load_bgr;
use tw_vision::DiceReader;
use opencv::prelude::*;

fn main() {
    let dir = std::env::args().nth(1).expect("DIR");
    let mut pips = DiceReader::default();
    pips.net = None;
    let net = DiceReader::default().net.clone().expect("net");
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jpg" || e == "png")).collect();
    names.sort();
    let (mut n, mut body_hit, mut pip_hit, mut any_hit, mut at_label_die, mut at_label_right, mut at_body_right) = (0, 0, 0, 0, 0, 0, 0);
    let mut body_count = 0;
    let mut tta_right = [0usize; 6];
    let mut body_var = [0usize; 3];
    for p in names {
        let frame = load_bgr(Path::new(&p)).unwrap();
        let text = std::fs::read_to_string(p.with_extension("txt")).unwrap_or_default();
        let labels = parse_yolo(&text, frame.cols() as u32, frame.rows() as u32).unwrap();
        let bodies = body_candidates(&frame).unwrap();
        body_count += bodies.len();
        let pd = pips.read(&frame).unwrap().dice;
        for l in &labels {
            n += 1;
            let inside = |x: f32, y: f32| l.x0 <= x && x <= l.x1 && l.y0 <= y && y <= l.y1;
            let b = bodies.iter().find(|b| inside(b.center[0], b.center[1]));
            let pdie = pd.iter().any(|d| inside(d.center[0], d.center[1]));
            if b.is_some() { body_hit += 1; }
            if pdie { pip_hit += 1; }
            if b.is_some() || pdie { any_hit += 1; }
            let c = [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0];
            let side = (l.x1 - l.x0).max(l.y1 - l.y0);
            let g = net.classify(&frame, c, side).unwrap();
            if g.die >= 0.5 { at_label_die += 1; }
            {
                let sz = net.input_size();
                let mut variants: Vec<[f32; 7]> = Vec::new();
                for &sc in &[1.0f32, 0.85, 1.2] {
                    let x = net.crop(&frame, c, side * sc).unwrap();
                    for k in 0..8 {
                        let mut y = vec![0f32; x.len()];
                        for yy in 0..sz { for xx in 0..sz {
                            let (mut sx, mut sy) = (xx, yy);
                            for _ in 0..(k % 4) { let t = sx; sx = sy; sy = sz - 1 - t; }
                            if k >= 4 { sx = sz - 1 - sx; }
                            for ch in 0..3 { y[(yy * sz + xx) * 3 + ch] = x[(sy * sz + sx) * 3 + ch]; }
                        }}
                        variants.push(net.run(y).probs);
                    }
                }
                let pick = |idx: &[usize]| -> u8 {
                    let mut acc = [0f32; 7];
                    for &i in idx { for j in 0..7 { acc[j] += variants[i][j].max(1e-6).ln(); } }
                    (1..7).max_by(|a, b| acc[*a].total_cmp(&acc[*b])).unwrap() as u8
                };
                let sets: [Vec<usize>; 6] = [vec![0], vec![0,1,2,3], (0..8).collect(), vec![0,8,16], vec![0,1,2,3,8,9,10,11,16,17,18,19], (0..24).collect()];
                for (si, set) in sets.iter().enumerate() { if pick(set) == l.face { tta_right[si] += 1; } }
            }
            if g.die >= 0.5 && g.face == l.face { at_label_right += 1; }
            else if std::env::var("F").is_ok() {
                println!("WRONG {} {} {:.0} {:.0} {:.0} {:.0} -> {} {:.2} {:.2}", p.display(), l.face, l.x0, l.y0, l.x1, l.y1, g.face, g.probability, g.die);
            }
            if let Some(b) = b {
                let gb = net.classify(&frame, b.center, b.side).unwrap();
                if gb.die >= 0.9 && gb.face == l.face { at_body_right += 1; }
                let gt = net.classify_turned(&frame, b.center, b.side).unwrap();
                if gt.die >= 0.9 && gt.face == l.face { body_var[0] += 1; }
                // scales: pick the one the turned classifier is surest is a die, or average
                let mut best: Option<tw_vision::facenet::FaceGuess> = None;
                let mut acc = [0f32; 7];
                for sc in [0.8f32, 0.9, 1.0, 1.12] {
                    let g = net.classify_turned(&frame, b.center, b.side * sc).unwrap();
                    for j in 0..7 { acc[j] += g.probs[j].max(1e-6).ln(); }
                    if best.as_ref().map_or(true, |bb| g.die * g.probability > bb.die * bb.probability) { best = Some(g); }
                }
                let bb = best.unwrap();
                if bb.die >= 0.9 && bb.face == l.face { body_var[1] += 1; }
                let f = (1..7).max_by(|a, b| acc[*a].total_cmp(&acc[*b])).unwrap() as u8;
                if gt.die >= 0.9 && f == l.face { body_var[2] += 1; }
                if std::env::var("V").is_ok() {
                    println!("{} face {} label c=({:.0},{:.0}) side {:.0} | body c=({:.0},{:.0}) side {:.0} -> die {:.2} face {}", p.file_name().unwrap().to_string_lossy(), l.face, c[0], c[1], side, b.center[0], b.center[1], b.side, gb.die, gb.face);
                }
            } else if std::env::var("V").is_ok() {
                println!("{} face {} label c=({:.0},{:.0}) side {:.0} | no body; pip {}", p.file_name().unwrap().to_string_lossy(), l.face, c[0], c[1], side, pdie);
            }
        }
    }
    println!("TTA right: {:?}; at body: turned, best scale, mean scales {:?}", tta_right, body_var);
    println!("labelled {n}; body candidate on it {body_hit}; pip die on it {pip_hit}; either {any_hit}; body candidates {body_count}");
    println!("classifier at the label box: die {at_label_die}, right face {at_label_right}; at the body candidate (die>=0.9), right {at_body_right}");
}
