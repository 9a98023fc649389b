//! Checks a [`BoardSpec`] before anything scores against it: rings and
//! sectors must tile the target exactly (no section missing, none counted
//! twice), values must be ones a hit can deal, and holes must sit on the
//! scoring area without overlapping.

use crate::error::Issue;
use crate::spec::{BoardSpec, SectorKind, FORMAT};
use std::collections::HashMap;

/// Tolerance for "these two borders are the same border": a geometry is
/// hand-edited and rounded, so exact float equality would be hostile.
pub(crate) const EPS: f64 = 1e-6;

/// The largest value a board section may carry: the bullseye's 10 is the
/// highest damage the rulebook prints on the target.
pub const MAX_VALUE: i64 = 10;

/// The largest board frame side, in mm: wider than any table a board lies
/// on. Larger sizes are typing slips (1e308), and drawing or measuring such
/// a frame would ask for more memory than exists.
pub const MAX_FRAME_MM: f64 = 2000.0;

/// Every problem in `spec`, in file order. Empty means valid.
pub fn validate(spec: &BoardSpec) -> Vec<Issue> {
    let mut v = Issues::default();
    if spec.format != FORMAT {
        v.push(
            "format",
            format!("unknown format {:?}; expected {FORMAT:?}", spec.format),
        );
    }
    if spec.name.trim().is_empty() {
        v.push("name", "must not be empty");
    }
    for (i, x) in spec.frame_mm.iter().enumerate() {
        if !(x.is_finite() && *x > 0.0 && *x <= MAX_FRAME_MM) {
            v.push(
                format!("frame_mm[{i}]"),
                format!("must be a positive size of at most {MAX_FRAME_MM} mm, got {x}"),
            );
        }
    }
    for (i, x) in spec.centre_mm.iter().enumerate() {
        if !x.is_finite() {
            v.push(
                format!("centre_mm[{i}]"),
                format!("must be a number, got {x}"),
            );
        }
    }
    check_rings(spec, &mut v);
    check_rim(spec, &mut v);
    check_holes(spec, &mut v);
    check_names(spec, &mut v);
    v.0
}

#[derive(Default)]
struct Issues(Vec<Issue>);
impl Issues {
    fn push(&mut self, field: impl Into<String>, problem: impl Into<String>) {
        self.0.push(Issue {
            field: field.into(),
            problem: problem.into(),
        });
    }
}

fn check_radii(v: &mut Issues, at: &str, inner: f64, outer: f64) -> bool {
    let ok = inner.is_finite() && outer.is_finite() && inner >= 0.0 && outer > inner;
    if !ok {
        v.push(
            at,
            format!("needs 0 <= inner_mm < outer_mm, got {inner}..{outer} mm"),
        );
    }
    ok
}

fn check_rings(spec: &BoardSpec, v: &mut Issues) {
    if spec.rings.is_empty() {
        v.push("rings", "missing: a board needs at least one ring");
        return;
    }
    let mut reach = 0.0_f64; // radius covered so far, walking outwards
    let mut has_bullseye = false;
    for (i, ring) in spec.rings.iter().enumerate() {
        let at = format!("rings[{i}]");
        if !check_radii(v, &at, ring.inner_mm, ring.outer_mm) {
            continue;
        }
        if ring.inner_mm > reach + EPS {
            v.push(
                format!("{at}.inner_mm"),
                format!(
                    "missing section: radii {reach}..{} mm are covered by no ring",
                    ring.inner_mm
                ),
            );
        } else if ring.inner_mm < reach - EPS {
            v.push(format!("{at}.inner_mm"), format!("overlap: ring {:?} starts at {} mm, inside the previous ring which reaches {reach} mm", ring.name, ring.inner_mm));
        }
        reach = reach.max(ring.outer_mm);
        check_sectors(v, &at, ring);
        for (j, s) in ring.sectors.iter().enumerate() {
            let f = format!("{at}.sectors[{j}].value");
            if !(1..=MAX_VALUE).contains(&s.value) {
                v.push(f, format!("bad value {}: a section deals 1..={MAX_VALUE} damage (misses and webs are not sections)", s.value));
            }
            if s.kind == SectorKind::Bullseye {
                has_bullseye = true;
            }
        }
    }
    if !has_bullseye {
        v.push("rings", "missing section: no sector has \"kind\": \"bullseye\" (the perfect hit and insta-kill rules need one)");
    }
}

/// Sectors of one ring must cover 360° exactly once. Sorting by start angle
/// and requiring each sector to end where the next begins (cyclically) is
/// both necessary and sufficient for that.
fn check_sectors(v: &mut Issues, at: &str, ring: &crate::spec::RingSpec) {
    if ring.sectors.is_empty() {
        v.push(
            format!("{at}.sectors"),
            "missing section: a ring needs at least one sector",
        );
        return;
    }
    let mut spans = Vec::new();
    for (j, s) in ring.sectors.iter().enumerate() {
        let w = s.to_deg - s.from_deg;
        if !(s.from_deg.is_finite() && s.to_deg.is_finite()) || w <= EPS || w > 360.0 + EPS {
            v.push(
                format!("{at}.sectors[{j}]"),
                format!(
                    "needs from_deg < to_deg spanning at most 360°, got {}..{}",
                    s.from_deg, s.to_deg
                ),
            );
            return;
        }
        spans.push((s.from_deg.rem_euclid(360.0), w, j));
    }
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    for k in 0..spans.len() {
        let (start, width, j) = spans[k];
        let end = start + width;
        let (next_start, next_j) = if k + 1 < spans.len() {
            (spans[k + 1].0, spans[k + 1].2)
        } else {
            (spans[0].0 + 360.0, spans[0].2)
        };
        let name = |j: usize| &ring.sectors[j].name;
        if end < next_start - EPS {
            v.push(format!("{at}.sectors[{j}].to_deg"), format!("missing section: angles {}..{}° of ring {:?} are covered by no sector (between {:?} and {:?})", fmt_deg(end), fmt_deg(next_start), ring.name, name(j), name(next_j)));
        } else if end > next_start + EPS {
            v.push(
                format!("{at}.sectors[{j}].to_deg"),
                format!(
                    "overlap: sector {:?} reaches {}° but {:?} already starts at {}°",
                    name(j),
                    fmt_deg(end),
                    name(next_j),
                    fmt_deg(next_start)
                ),
            );
        }
    }
}

fn fmt_deg(d: f64) -> String {
    let d = d.rem_euclid(360.0);
    let r = (d * 1000.0).round() / 1000.0;
    format!("{r}")
}

fn check_rim(spec: &BoardSpec, v: &mut Issues) {
    let rim = &spec.bone_rim;
    if !check_radii(v, "bone_rim", rim.inner_mm, rim.outer_mm) {
        return;
    }
    if let Some(last) = spec.rings.last() {
        if rim.inner_mm > last.outer_mm + EPS {
            v.push(
                "bone_rim.inner_mm",
                format!(
                    "missing section: radii {}..{} mm lie between the last ring and the bone rim",
                    last.outer_mm, rim.inner_mm
                ),
            );
        } else if rim.inner_mm < last.outer_mm - EPS {
            v.push(
                "bone_rim.inner_mm",
                format!(
                    "overlap: the bone rim starts at {} mm, inside ring {:?} which reaches {} mm",
                    rim.inner_mm, last.name, last.outer_mm
                ),
            );
        }
    }
}

fn check_holes(spec: &BoardSpec, v: &mut Issues) {
    let scoring = spec.rings.last().map(|r| r.outer_mm).unwrap_or(0.0);
    for (i, h) in spec.holes.iter().enumerate() {
        let at = format!("holes[{i}]");
        if !(h.radius_mm.is_finite() && h.radius_mm > 0.0) {
            v.push(
                format!("{at}.radius_mm"),
                format!("must be a positive radius in mm, got {}", h.radius_mm),
            );
            continue;
        }
        if !h.centre_mm.iter().all(|x| x.is_finite()) {
            v.push(format!("{at}.centre_mm"), "must be two numbers");
            continue;
        }
        let d = dist(h.centre_mm, spec.centre_mm);
        if d + h.radius_mm > scoring + EPS {
            v.push(format!("{at}.centre_mm"), format!("hole {:?} reaches {:.1} mm from the centre, beyond the scoring rings ({scoring} mm)", h.name, d + h.radius_mm));
        }
        for (k, o) in spec.holes.iter().enumerate().take(i) {
            if dist(h.centre_mm, o.centre_mm) < h.radius_mm + o.radius_mm - EPS {
                v.push(
                    format!("{at}.centre_mm"),
                    format!(
                        "overlap: hole {:?} overlaps hole {:?} (holes[{k}])",
                        h.name, o.name
                    ),
                );
            }
        }
    }
}

/// Section and hole names appear in readings and spider webs refer to holes
/// by name, so each must be non-empty and unique.
fn check_names(spec: &BoardSpec, v: &mut Issues) {
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut see = |v: &mut Issues, name: &str, at: String| {
        if name.trim().is_empty() {
            v.push(format!("{at}.name"), "must not be empty");
        } else if let Some(first) = seen.get(name) {
            v.push(
                format!("{at}.name"),
                format!("duplicate name {name:?} (also {first})"),
            );
        } else {
            seen.insert(name.to_string(), at);
        }
    };
    for (i, r) in spec.rings.iter().enumerate() {
        for (j, s) in r.sectors.iter().enumerate() {
            see(v, &s.name, format!("rings[{i}].sectors[{j}]"));
        }
    }
    for (i, h) in spec.holes.iter().enumerate() {
        see(v, &h.name, format!("holes[{i}]"));
    }
}

pub(crate) fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}
