//! `warden synth d6`: photos of six-sided dice on a table with YOLO top-face
//! labels (`tw_synth::d6`), to measure the d6 reader on dice it was not
//! trained on: `warden eval dice --yolo OUT [--dice-set NAME]`.

use super::synth::pair;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_synth::d6::yolo::{write_d6, Written};
use tw_synth::d6::surface::{sample_pip_body_of, sample_pip_ink, BodyKind};
use tw_synth::{D6Options, DieSet};

#[derive(clap::Args)]
pub struct Args {
    /// Die set: pips, dungeon-roll or pocket-dungeon-quest.
    #[arg(long)]
    pub set: String,
    /// Output folder (created if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Number of images.
    #[arg(long, default_value_t = 50)]
    pub count: usize,
    /// Seed; the same seed gives the same images and labels.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Image size "WxH" (by default 1280x720, 1024x768 or 1280x960).
    #[arg(long)]
    pub size: Option<String>,
    /// Dice per image, "MIN,MAX" (1..14 by default).
    #[arg(long)]
    pub dice: Option<String>,
    /// Camera tilt from vertical in degrees, "MIN,MAX" (0..45 by default).
    #[arg(long)]
    pub tilt: Option<String>,
    /// No glare, blur, noise or vignette (JPEG quality 95).
    #[arg(long)]
    pub clean: bool,
    /// Top-face side in pixels, "MIN,MAX" (15,150 by default; with many
    /// dice the largest is capped so they fit).
    #[arg(long = "face-px")]
    pub face_px: Option<String>,
    /// Table: wood, cloth, tray or board (each scene draws one by default).
    #[arg(long)]
    pub table: Option<String>,
    /// Share of the light that is the room's even ambient light, "MIN,MAX"
    /// (0.18,0.4 by default).
    #[arg(long)]
    pub ambient: Option<String>,
    /// Lamp colour as red, green, blue multipliers, "R,G,B" (each 0.2–1.5;
    /// by default white to slightly warm).
    #[arg(long = "lamp-color")]
    pub lamp_color: Option<String>,
    /// Draw every die from a bag of six dice fixed by this seed, the same
    /// bag whatever --seed: enrol from one seed's photos, read another's.
    #[arg(long)]
    pub bag: Option<u64>,
    /// Pip dice only: every die's body of this kind (white, black, red,
    /// green, blue, yellow, purple, orange, translucent or marbled), pips
    /// drawn to contrast with it; figures by body colour come from one set
    /// per kind.
    #[arg(long)]
    pub body: Option<String>,
}

/// Scene changes asked for beyond `D6Options`: a table kind, the ambient
/// share, the lamp's colour, a bag the dice are drawn from, a body kind.
struct Look {
    table: Option<usize>,
    ambient: Option<(f64, f64)>,
    lamp: Option<[f64; 3]>,
    bag: Option<u64>,
    body: Option<BodyKind>,
}

/// Dice in a `--bag`.
const BAG_DICE: usize = 6;

const TABLES: [&str; 4] = ["wood", "cloth", "tray", "board"];

impl Look {
    fn apply(&self, scene: &mut tw_synth::D6Scene, seed: u64) {
        let mut rng = tw_synth::rng::Rng::new(seed ^ 0x7ab1e);
        if let Some(kind) = self.table {
            // Tables are drawn until one of the kind comes up: the kind's
            // own colours and patterns, as the generator draws them.
            for _ in 0..400 {
                let t = tw_synth::d6::surface::sample_table(&mut rng);
                let k = match t {
                    tw_synth::d6::surface::Table::Wood { .. } => 0,
                    tw_synth::d6::surface::Table::Cloth { .. } => 1,
                    tw_synth::d6::surface::Table::Tray { .. } => 2,
                    tw_synth::d6::surface::Table::Board { .. } => 3,
                };
                if k == kind {
                    scene.table = t;
                    break;
                }
            }
        }
        if let Some((lo, hi)) = self.ambient {
            scene.light.ambient = rng.range(lo, hi);
        }
        if let Some(c) = self.lamp {
            scene.light.color = c;
        }
        if let Some(bag) = self.bag {
            // Its own draws, so a bag leaves the table and light as they were.
            let mut pick = tw_synth::rng::Rng::new(seed ^ 0xba9);
            let set = scene.set;
            for die in &mut scene.dice {
                die.look = tw_synth::d6::bag_look(set, bag, pick.below(BAG_DICE));
            }
        }
        if let Some(kind) = self.body {
            // Its own draws too: only the dice's plastic and pips change.
            let mut paint = tw_synth::rng::Rng::new(seed ^ 0xb0d7);
            for die in &mut scene.dice {
                die.look.body = sample_pip_body_of(kind, &mut paint);
                die.look.ink = sample_pip_ink(&die.look.body, &mut paint);
            }
        }
    }
}

fn triple(text: &str, what: &str) -> Result<[f64; 3]> {
    let v: Vec<&str> = text.split(',').collect();
    let [r, g, b] = v[..] else {
        bail!("{what}: expected \"R,G,B\", got {text:?}")
    };
    let num = |t: &str| -> Result<f64> {
        let x: f64 = t.trim().parse().with_context(|| format!("{what}: {t:?} is not a number"))?;
        if !(0.2..=1.5).contains(&x) {
            bail!("{what}: each multiplier within 0.2..1.5, got {x}");
        }
        Ok(x)
    };
    Ok([num(r)?, num(g)?, num(b)?])
}

/// [`write_d6`] with the scene changes of `look`.
fn write_looked(dir: &std::path::Path, set: DieSet, seed: u64, count: usize, opts: &D6Options, look: &Look) -> Result<Written> {
    use tw_synth::d6::{render::render_d6, yolo};
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let classes = dir.join("classes.txt");
    std::fs::write(&classes, set.classes().join("\n") + "\n").with_context(|| format!("writing {}", classes.display()))?;
    let mut out = Written { per_class: vec![0; set.classes().len()], ..Written::default() };
    for i in 0..count {
        let s = tw_synth::write::scene_seed(seed, i);
        let mut scene = tw_synth::sample_d6_scene(set, s, opts);
        look.apply(&mut scene, s);
        let img = render_d6(&scene);
        let jpg = dir.join(format!("{i:04}.jpg"));
        let mat = yolo::to_bgr_mat(&img)?;
        let params = opencv::core::Vector::<i32>::from_slice(&[opencv::imgcodecs::IMWRITE_JPEG_QUALITY, scene.photo.jpeg_quality]);
        if !opencv::imgcodecs::imwrite(&jpg.to_string_lossy(), &mat, &params)? {
            bail!("writing {}: the JPEG encoder refused it", jpg.display());
        }
        let ls = yolo::labels(&scene);
        let txt = dir.join(format!("{i:04}.txt"));
        let text: String = ls.iter().map(|l| l.line() + "\n").collect();
        std::fs::write(&txt, text).with_context(|| format!("writing {}", txt.display()))?;
        out.images += 1;
        out.dice += ls.len();
        for l in &ls {
            out.per_class[l.class] += 1;
        }
    }
    Ok(out)
}

fn size(text: &str) -> Result<(u32, u32)> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .with_context(|| format!("--size: expected \"WxH\", got {text:?}"))?;
    let w: u32 = w.trim().parse().with_context(|| format!("--size: width {w:?} is not a whole number"))?;
    let h: u32 = h.trim().parse().with_context(|| format!("--size: height {h:?} is not a whole number"))?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        bail!("--size: width and height must lie within 64..8192, got {text:?}");
    }
    Ok((w, h))
}

pub fn run(a: Args) -> Result<ExitCode> {
    let Some(set) = DieSet::parse(&a.set) else {
        let names: Vec<&str> = DieSet::ALL.iter().map(|s| s.name()).collect();
        bail!("--set: unknown die set {:?} (known: {})", a.set, names.join(", "));
    };
    let mut opts = D6Options::default();
    if let Some(s) = &a.size {
        opts.sizes = vec![size(s)?];
    }
    if let Some(d) = &a.dice {
        let (lo, hi) = pair(d, "--dice")?;
        if lo < 1.0 || hi > 14.0 || lo.fract() != 0.0 || hi.fract() != 0.0 {
            bail!("--dice: whole numbers of dice within 1..14, got {d:?}");
        }
        opts.dice = (lo as usize, hi as usize);
    }
    if let Some(t) = &a.tilt {
        let (lo, hi) = pair(t, "--tilt")?;
        if lo < 0.0 || hi > 60.0 {
            bail!("--tilt: degrees from vertical within 0..60, got {t:?}");
        }
        opts.tilt_deg = (lo, hi);
    }
    opts.effects = !a.clean;
    if let Some(f) = &a.face_px {
        let (lo, hi) = pair(f, "--face-px")?;
        if !(8.0 <= lo && lo <= hi && hi <= 400.0) {
            bail!("--face-px: pixels within 8..400, smallest first, got {f:?}");
        }
        opts.face_px = (lo, hi);
    }
    let look = Look {
        table: match &a.table {
            None => None,
            Some(t) => Some(TABLES.iter().position(|k| k == t).with_context(|| {
                format!("--table: unknown table {t:?} (known: {})", TABLES.join(", "))
            })?),
        },
        ambient: match &a.ambient {
            None => None,
            Some(t) => {
                let (lo, hi) = pair(t, "--ambient")?;
                if !(0.0 <= lo && lo <= hi && hi <= 1.0) {
                    bail!("--ambient: shares within 0..1, smallest first, got {t:?}");
                }
                Some((lo, hi))
            }
        },
        lamp: a.lamp_color.as_deref().map(|t| triple(t, "--lamp-color")).transpose()?,
        bag: a.bag,
        body: match &a.body {
            None => None,
            Some(_) if set != DieSet::Pips => bail!("--body: only the pips set has body colours to choose (--set {})", set.name()),
            Some(_) if a.bag.is_some() => bail!("--body: a --bag fixes the dice's bodies already; give one or the other"),
            Some(b) => Some(BodyKind::parse(b).with_context(|| {
                format!("--body: unknown body {b:?} (known: {})", BodyKind::NAMES.join(", "))
            })?),
        },
    };
    let t = std::time::Instant::now();
    let w = if look.table.is_none() && look.ambient.is_none() && look.lamp.is_none() && look.bag.is_none() && look.body.is_none() {
        write_d6(&a.out, set, a.seed, a.count, &opts)?
    } else {
        write_looked(&a.out, set, a.seed, a.count, &opts, &look)?
    };
    let per: Vec<String> = set.classes().iter().zip(&w.per_class).map(|(n, k)| format!("{n} {k}")).collect();
    println!(
        "{}: {} images of {} dice ({}), {} dice [{}], seed {}, {:.1} s",
        a.out.display(),
        w.images,
        set.name(),
        opts.sizes.iter().map(|(w, h)| format!("{w}x{h}")).collect::<Vec<_>>().join("/"),
        w.dice,
        per.join(", "),
        a.seed,
        t.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
