//! Dice in crowds: touching dice make one foreground region, and the body
//! finder's distance peaks give one candidate for a row of them. After the
//! finders' proposals are settled, the part of each region that no die
//! accounts for is searched with the face classifier at the frame's own
//! die size (the median side of the dice already found), on a grid of
//! half a die's step; the surest die-like places are kept, one per die.
//! Nothing here depends on a die's colour; the die size comes from the
//! frame itself.

use crate::bodies::BodyMap;
use crate::color::ColorTable;
use crate::error::Result;
use crate::facenet::FaceNet;
use crate::netread::{body_color, outline_side, square};
use crate::reader::Die;
use opencv::core::Mat;

/// A searched place must be called a die with this probability (as a
/// body proposal must)...
const MIN_DIE_PROBABILITY: f32 = 0.9;
/// ...and no kept die may lie closer than this many die sides.
const MIN_SPACING: f32 = 0.7;
/// A region pixel within this many die sides of a kept die's centre
/// (widened by the frame's foreground per die) is accounted for.
const COVERED_RADIUS: f32 = 0.6;
/// An unaccounted part of a region smaller than this many die areas is
/// left alone (rims, shadows, a die's sides).
const MIN_UNCOVERED_AREA: f32 = 0.35;
/// A region is searched only where it holds room for this many dice more
/// than it has kept (in the frame's foreground per die)...
const MIN_EXTRA_DICE: f32 = 0.7;
/// A region larger than this many dice is not a crowd of dice (a tray's
/// rim, a board's print, dice against them) and is searched only within
/// `NEAR_KEPT` die sides of a kept die.
const MAX_CROWD_DICE: f32 = 12.0;
const NEAR_KEPT: f32 = 1.6;
/// Dice found in one frame before the die size is trusted.
const MIN_DICE_FOR_SIZE: usize = 2;

/// Add the dice of crowded regions that the settled `dice` leave
/// unaccounted for.
pub fn fill_crowds(net: &FaceNet, frame: &Mat, map: &BodyMap, dice: &mut Vec<Die>, colors: &ColorTable) -> Result<()> {
    if dice.len() < MIN_DICE_FOR_SIZE || map.mask.len() != map.width * map.height || map.scale <= 0.0 {
        return Ok(());
    }
    let mut sides: Vec<f32> = dice.iter().map(|d| outline_side(&d.corners)).filter(|s| s.is_finite()).collect();
    if sides.len() < MIN_DICE_FOR_SIZE {
        return Ok(());
    }
    let mid = sides.len() / 2;
    let side = *sides.select_nth_unstable_by(mid, |a, b| a.total_cmp(b)).1;
    let side_m = side / map.scale;
    if side_m < 2.0 {
        return Ok(());
    }
    // How much foreground one die makes in this frame (its top face, the
    // sides an oblique camera sees, a shadow): from regions holding one
    // kept die, else from all regions holding dice (an over-estimate where
    // dice were missed, which only makes the search warier).
    let centres: Vec<[f32; 2]> = dice.iter().map(|d| [d.center[0] / map.scale, d.center[1] / map.scale]).collect();
    // Only regions that hold a kept die: a region with none was already
    // offered by the body finder and judged no die (searching those found
    // dice on keyboards).
    let regions = regions_with_dice(map, &centres);
    let die_area = side_m * side_m;
    let ratios = |single: bool| -> Vec<f32> {
        regions
            .iter()
            .filter(|(_, n)| !single || *n == 1)
            .map(|(m, n)| m.len() as f32 / (*n as f32 * die_area))
            .collect()
    };
    let mut per_die = ratios(true);
    if per_die.is_empty() {
        per_die = ratios(false);
    }
    if per_die.is_empty() {
        return Ok(());
    }
    let mid = per_die.len() / 2;
    let per_die = per_die.select_nth_unstable_by(mid, |a, b| a.total_cmp(b)).1.max(1.0);
    // A region is searched where it is larger than its kept dice account
    // for by most of a die, and is no larger than a crowd.
    let (w, h) = (map.width, map.height);
    let covered_r = COVERED_RADIUS * side_m * per_die.sqrt();
    let mut free = vec![false; w * h];
    // A region larger than a crowd (dice against a tray's dark rim merge
    // with it) is searched only beside its kept dice.
    let near_r = NEAR_KEPT * side_m * per_die.sqrt();
    for (members, n) in &regions {
        let area = members.len() as f32 / (per_die * die_area);
        if area < *n as f32 + MIN_EXTRA_DICE {
            continue;
        }
        let beside_only = area > MAX_CROWD_DICE;
        for &i in members {
            let (fx, fy) = ((i % w) as f32 + 0.5, (i / w) as f32 + 0.5);
            let dist = centres.iter().map(|c| (c[0] - fx).hypot(c[1] - fy)).fold(f32::INFINITY, f32::min);
            free[i] = dist >= covered_r && (!beside_only || dist < near_r);
        }
    }
    // Places to look: grid points half a die apart, each with enough free
    // foreground within half a die of it.
    let step = (side_m / 2.0).max(1.0);
    let half = side_m / 2.0;
    let need = MIN_UNCOVERED_AREA * side_m * side_m;
    let mut found: Vec<(f32, [f32; 2], crate::facenet::FaceGuess)> = Vec::new();
    let mut gy = step / 2.0;
    while gy < h as f32 {
        let mut gx = step / 2.0;
        while gx < w as f32 {
            let (x0, x1) = (((gx - half).max(0.0)) as usize, ((gx + half).min(w as f32 - 1.0)).max(0.0) as usize);
            let (y0, y1) = (((gy - half).max(0.0)) as usize, ((gy + half).min(h as f32 - 1.0)).max(0.0) as usize);
            let mut n = 0usize;
            for y in y0..=y1 {
                n += free[y * w + x0..=y * w + x1].iter().filter(|&&f| f).count();
            }
            if n as f32 >= need {
                let center = [gx * map.scale, gy * map.scale];
                let guess = net.classify_turned_bare(frame, center, side)?;
                if guess.die >= MIN_DIE_PROBABILITY && guess.face != 0 {
                    found.push((guess.die * guess.probability, center, guess));
                }
            }
            gx += step;
        }
        gy += step;
    }
    found.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, center, guess) in found {
        let near = |c: [f32; 2]| (c[0] - center[0]).hypot(c[1] - center[1]) < MIN_SPACING * side;
        if dice.iter().any(|d| near(d.center)) {
            continue;
        }
        let face = net.class_name(guess.face).to_string();
        // A "6" read surely is asked where the second model doubts it, as a
        // body's is (netread/check.rs).
        let confidence = crate::netread::check::six_doubted_capped(frame, center, side, &face, guess.probability)?;
        // An asked die shows the face both models together favour.
        let face = if confidence < crate::eval::ASK_BELOW {
            crate::netread::joint::asked_face(net, &guess, frame, center, side, face)?
        } else {
            face
        };
        dice.push(Die {
            center,
            corners: square(center, side),
            face: Some(face),
            color: body_color(frame, center, side, colors),
            confidence,
            cocked: false,
        });
    }
    Ok(())
}

/// The foreground regions (4-connected) that hold one of `centres`: each
/// region's pixels (indices into the mask) and how many centres it holds.
fn regions_with_dice(map: &BodyMap, centres: &[[f32; 2]]) -> Vec<(Vec<usize>, usize)> {
    let (w, h) = (map.width, map.height);
    let mut label = vec![0usize; w * h];
    let mut regions: Vec<(Vec<usize>, usize)> = Vec::new();
    let mut stack = Vec::new();
    for c in centres {
        let (x, y) = (c[0].floor(), c[1].floor());
        if x < 0.0 || y < 0.0 || x >= w as f32 || y >= h as f32 {
            continue;
        }
        let start = y as usize * w + x as usize;
        if map.mask[start] == 0 {
            continue;
        }
        if label[start] != 0 {
            regions[label[start] - 1].1 += 1;
            continue;
        }
        let id = regions.len() + 1;
        label[start] = id;
        stack.push(start);
        let mut members = Vec::new();
        while let Some(i) = stack.pop() {
            members.push(i);
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if map.mask[j] != 0 && label[j] == 0 {
                    label[j] = id;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        regions.push((members, 1));
    }
    regions
}
