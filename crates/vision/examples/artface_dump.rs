//! Development helper: every art die read in a folder of photos, with each
//! float's exact bits, so two builds can be checked to read bit-identically
//! (`diff` their outputs), and the reads' thread CPU time.
//! `artface_dump SET.json DIR [REPEATS]`
use tw_vision::artface::{find, read, Prepared};
use tw_vision::color::ColorTable;
use tw_vision::eval::list_images;
use tw_vision::faceset::FaceSet;
use tw_vision::image_io::load_bgr;

/// This thread's CPU time, milliseconds.
fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
}

fn main() {
    // One thread, as `warden bench read` times it.
    opencv::core::set_num_threads(1).expect("one OpenCV thread");
    let a: Vec<String> = std::env::args().skip(1).collect();
    let set = FaceSet::load(std::path::Path::new(&a[0])).expect("set");
    let art = set.art.expect("an art set");
    let images = list_images(std::path::Path::new(&a[1])).expect("images");
    let repeats: usize = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let colors = ColorTable::builtin();
    let mut cpu = Vec::new();
    for img in &images {
        let frame = load_bgr(img).expect("image");
        let mut dice = Vec::new();
        for _ in 0..repeats {
            let t = thread_cpu_ms();
            dice = read(&frame, &art, &colors).expect("read");
            cpu.push(thread_cpu_ms() - t);
        }
        println!("{} {} dice", img.display(), dice.len());
        for d in &dice {
            let bits: Vec<String> = std::iter::once(d.center)
                .chain(d.corners)
                .flat_map(|p| p.map(|v| format!("{:08x}", v.to_bits())))
                .collect();
            println!(
                "  {:?} {} conf {:08x} ({:.4}) {}",
                d.face,
                d.color,
                d.confidence.to_bits(),
                d.confidence,
                bits.join(" ")
            );
        }
    }
    if std::env::var_os("STAGES").is_some() {
        // Thread CPU of the first two stages on their own, per frame.
        let (mut prep_ms, mut find_ms) = (0.0, 0.0);
        for img in &images {
            let frame = load_bgr(img).expect("image");
            for _ in 0..repeats {
                let t = thread_cpu_ms();
                let prep = Prepared::new(&frame).expect("prepare");
                prep_ms += thread_cpu_ms() - t;
                let t = thread_cpu_ms();
                find(&prep, &art).expect("find");
                find_ms += thread_cpu_ms() - t;
            }
        }
        let n = (images.len() * repeats) as f64;
        eprintln!(
            "stages, thread CPU ms/read: prepare {:.1}, find {:.1}",
            prep_ms / n,
            find_ms / n
        );
    }
    cpu.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| cpu[((cpu.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "thread CPU ms/read: median {:.1}, p95 {:.1}, mean {:.1} ({} reads)",
        at(0.5),
        at(0.95),
        cpu.iter().sum::<f64>() / cpu.len() as f64,
        cpu.len()
    );
}
