//! Development helper: render a synthetic scene to a PNG and print its reading.
//! `synth_dump OUT.png VALUE TILT ROTATION SIZE STYLE_INDEX [GLARE]`
use opencv::{core::Vector, imgcodecs};
use tw_vision::synth::{render, DieSpec, Scene, ALL_STYLES};
use tw_vision::DiceReader;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 6 {
        eprintln!("usage: synth_dump OUT.png VALUE TILT ROTATION SIZE STYLE_INDEX [GLARE]");
        std::process::exit(2);
    }
    let f = |i: usize| a[i].parse::<f32>().expect("number");
    let spec = DieSpec {
        value: f(1) as u8,
        // SYNTH_CENTER="x,y" places the die elsewhere (the table's noise and
        // vignetting differ from place to place).
        center: std::env::var("SYNTH_CENTER")
            .ok()
            .and_then(|v| {
                let (x, y) = v.split_once(',')?;
                Some((x.parse().ok()?, y.parse().ok()?))
            })
            .unwrap_or((320.0, 240.0)),
        size: f(4),
        rotation: f(3),
        tilt: f(2),
        style: ALL_STYLES[f(5) as usize],
        glare: a.len() > 6,
    };
    let scene = Scene {
        width: 640,
        height: 480,
        table: [120, 150, 175],
        dice: vec![spec],
        seed: 7,
    };
    let img = render(&scene).expect("render");
    imgcodecs::imwrite(&a[0], &img, &Vector::new()).expect("write");
    let r = DiceReader::default().read(&img).expect("read");
    println!("{}", serde_json::to_string(&r.dice).unwrap());
}
