//! The rim echo on a board drawn with rim tiles: tiles the verifier takes
//! for white dice are dropped as print, a white die on the rim is kept.

mod common;

use common::{die_at, shipped};
use tw_board::{Board, Webs};
use tw_synth::scene::{render, sample_scene, Art, Options};
use tw_target::fit::Gradients;
use tw_target::pose::Pose;
use tw_target::read::{accepted, measure_candidates, ECHO_MAX};

const BOARD_FILE: &str = "calibration/boards/catacombs-default.json";

#[test]
fn rim_tiles_are_print_and_a_white_die_on_the_rim_is_not() {
    let b = Board::catacombs_default();
    let set = shipped();
    let c = b.centre();
    let rim = &b.spec().bone_rim;
    let mid = 0.5 * (rim.inner_mm + rim.outer_mm);
    let opts = Options {
        art: Art::Painted,
        ..Options::default()
    };
    let mut echoes_dropped = 0;
    // A seed whose camera and light make the verifier take rim tiles (4207
    // does too; one is enough here, the painted board reads slowly).
    for seed in [4205] {
        let mut s = sample_scene(&b, seed, &opts);
        s.webs = vec![];
        s.dice = vec![die_at(
            tw_synth::DieColor::White,
            [c[0] + mid * 0.6, c[1] + mid * 0.8],
            0.3,
        )];
        let (img, t) = render(&b, BOARD_FILE, &s, "x").unwrap();
        let die = &t.dice[0];
        let near_die = |p: [f64; 2]| (p[0] - die.center_mm[0]).hypot(p[1] - die.center_mm[1]) < 6.0;
        // What the verifier alone takes on the rim, and its echo.
        let g = Gradients::new(&img).unwrap();
        let mut echoes: Vec<[f64; 2]> = Vec::new();
        let pose = Pose::from_homography(&t.board_to_image, t.width, t.height).unwrap();
        for m in measure_candidates(&img, &t.board_to_image, &b, &set).unwrap() {
            if !accepted(&set, &m) {
                continue;
            }
            let echo = tw_target::echo::rim_echo(&g, &pose, &b, &m.fit);
            if near_die(m.fit.centre_mm) {
                assert!(
                    echo.is_none_or(|e| e < ECHO_MAX),
                    "seed {seed}: the die echoes {echo:?}"
                );
            } else if echo.is_some_and(|e| e >= ECHO_MAX) {
                echoes.push(m.fit.centre_mm);
            }
        }
        // The whole reader: the die is read, and nothing else on the rim.
        let r = tw_target::read_target(&img, &t.board_to_image, &b, &Webs::none(), &set).unwrap();
        let centre = |x: &tw_target::TargetDie| {
            let n = x.corners_mm.len() as f64;
            [
                x.corners_mm.iter().map(|p| p[0]).sum::<f64>() / n,
                x.corners_mm.iter().map(|p| p[1]).sum::<f64>() / n,
            ]
        };
        assert!(
            r.dice
                .iter()
                .any(|x| near_die(centre(x)) && x.color == "white"),
            "seed {seed}: the white die on the rim is lost: {:?}",
            r.dice
        );
        for e in &echoes {
            let near = |x: &&tw_target::TargetDie| {
                let p = centre(x);
                (p[0] - e[0]).hypot(p[1] - e[1]) < 4.0
            };
            assert!(
                !r.dice.iter().any(|x| near(&x)),
                "seed {seed}: a rim tile at {e:?} is read as a die: {:?}",
                r.dice
            );
        }
        echoes_dropped += echoes.len();
    }
    // The verifier alone took rim tiles for dice: the echo is what drops them.
    assert!(echoes_dropped > 0, "no rim tile was taken for a die here");
}
