//! Development helper: read many rendered dice in random poses and count
//! misreads by size and tilt band. `pose_sweep [N] [SEED]`
use tw_vision::synth::{render, DieSpec, Scene, ALL_STYLES};
use tw_vision::DiceReader;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(400);
    let mut state: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rnd = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f32 / (1u64 << 53) as f32
    };
    let reader = DiceReader::default();
    // [size band][tilt band] -> (cases, wrong)
    let mut table = [[(0u32, 0u32); 3]; 3];
    // Dice found but read wrong (or extra dice), as opposed to dice missed.
    let mut wrong = 0u32;
    for _ in 0..n {
        let value = 1 + (rnd() * 6.0) as u8 % 6;
        let size = 30.0 + rnd() * 80.0;
        let tilt = rnd() * 0.8;
        let spec = DieSpec {
            value,
            center: (150.0 + rnd() * 340.0, 130.0 + rnd() * 200.0),
            size,
            rotation: rnd() * std::f32::consts::TAU,
            tilt,
            style: ALL_STYLES[(rnd() * ALL_STYLES.len() as f32) as usize % ALL_STYLES.len()],
            glare: rnd() < 0.3,
        };
        let scene = Scene {
            width: 640,
            height: 480,
            table: [120, 150, 175],
            dice: vec![spec.clone()],
            seed: 7,
        };
        let frame = render(&scene).expect("render");
        let dice = reader.read(&frame).expect("read").dice;
        let ok = dice.len() == 1 && dice[0].face.as_deref() == Some(value.to_string().as_str());
        let sb = if size < 44.0 {
            0
        } else if size < 70.0 {
            1
        } else {
            2
        };
        let tb = if tilt < 0.45 {
            0
        } else if tilt < 0.65 {
            1
        } else {
            2
        };
        table[sb][tb].0 += 1;
        if !ok {
            table[sb][tb].1 += 1;
            if !dice.is_empty() {
                wrong += 1;
            }
            if std::env::var("SHOW").is_ok() {
                eprintln!(
                    "miss: {spec:?} -> {:?}",
                    dice.iter().map(|d| d.face.clone()).collect::<Vec<_>>()
                );
            }
        }
    }
    println!("size \\ tilt   <0.45      0.45-0.65   0.65-0.8");
    for (sb, name) in ["<44", "44-70", "70-110"].iter().enumerate() {
        print!("{name:8}");
        for &(c, w) in &table[sb] {
            print!("  {w:3}/{c:<4}  ");
        }
        println!();
    }
    println!("failures that read a wrong face: {wrong}");
}
