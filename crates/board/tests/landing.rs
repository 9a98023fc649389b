//! The landing rule on the shipped geometry: single points, dice straddling
//! borders, holes and webs, and properties that must hold anywhere.

use proptest::prelude::*;
use tw_board::{Board, LandingError, SectionKind, Webs};

fn board() -> Board {
    Board::catacombs_default()
}

fn polar(b: &Board, r: f64, deg: f64) -> [f64; 2] {
    let c = b.centre();
    let a = deg.to_radians();
    [c[0] + r * a.cos(), c[1] + r * a.sin()]
}

/// Corners of a square die face of side `side` centred at `c`, rotated by `rot` radians.
fn square(c: [f64; 2], side: f64, rot: f64) -> Vec<[f64; 2]> {
    let h = side / 2.0;
    [(-h, -h), (h, -h), (h, h), (-h, h)]
        .iter()
        .map(|(x, y)| {
            [
                c[0] + x * rot.cos() - y * rot.sin(),
                c[1] + x * rot.sin() + y * rot.cos(),
            ]
        })
        .collect()
}

/// Distance from `p` to the nearest border of any kind (ring and rim
/// circles, sector borders, hole edges): a die whose circumradius is smaller
/// lies wholly inside one region.
fn clearance(b: &Board, p: [f64; 2]) -> f64 {
    let s = b.spec();
    let c = s.centre_mm;
    let r = (p[0] - c[0]).hypot(p[1] - c[1]);
    let mut d = f64::INFINITY;
    for ring in &s.rings {
        d = d.min((r - ring.outer_mm).abs());
        if ring.sectors.len() > 1 {
            for sec in &ring.sectors {
                let a = polar(b, ring.inner_mm, sec.from_deg);
                let e = polar(b, ring.outer_mm, sec.from_deg);
                d = d.min(seg_dist(p, a, e));
            }
        }
    }
    d = d.min((r - s.bone_rim.outer_mm).abs());
    for h in &s.holes {
        d = d.min(((p[0] - h.centre_mm[0]).hypot(p[1] - h.centre_mm[1]) - h.radius_mm).abs());
    }
    d
}

fn seg_dist(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy)
}

#[test]
fn points_on_each_kind_of_region() {
    let b = board();
    let none = Webs::none();
    let at = |r: f64, deg: f64| b.section_at(polar(&b, r, deg), &none);
    let bull = at(0.0, 0.0);
    assert_eq!((bull.value, bull.kind), (Some(10), SectionKind::Bullseye));
    assert_eq!(at(60.0, 200.0).value, Some(5));
    assert_eq!(at(130.0, 30.0).value, Some(3)); // middle-1: 0..60
    assert_eq!(at(130.0, 90.0).value, Some(4)); // middle-2: 60..120
    assert_eq!(at(200.0, 0.0).value, Some(1)); // outer-1 straddles 0°
    assert_eq!(at(200.0, 350.0).value, Some(1));
    assert_eq!(at(200.0, 90.0).value, Some(1));
    assert_eq!(at(200.0, 180.0 + 45.0 + 20.0).value, Some(2));
    let hole = at(205.0, 45.0);
    assert_eq!(
        (hole.value, hole.kind, hole.name.as_str()),
        (None, SectionKind::Hole, "hole-se")
    );
    let bone = at(260.0, 10.0);
    assert_eq!((bone.value, bone.kind), (None, SectionKind::Bone));
    let out = at(290.0, 10.0);
    assert_eq!((out.value, out.kind), (None, SectionKind::Outside));
}

#[test]
fn a_web_turns_its_hole_into_a_hit_worth_zero_and_leaves_other_holes_alone() {
    let b = board();
    let webs = Webs::on(&b, &["hole-se"]).unwrap();
    let web = b.section_at(polar(&b, 205.0, 45.0), &webs);
    assert_eq!((web.value, web.kind), (Some(0), SectionKind::Web));
    let other = b.section_at(polar(&b, 205.0, 135.0), &webs);
    assert_eq!(other.kind, SectionKind::Hole);
}

#[test]
fn webs_on_unknown_holes_are_an_error() {
    let e = Webs::on(&board(), &["hole-middle"]).unwrap_err();
    assert!(
        e.to_string().contains("hole-middle") && e.to_string().contains("hole-se"),
        "{e}"
    );
}

#[test]
fn die_split_three_to_one_goes_to_the_majority_even_if_higher() {
    let b = board();
    // Border between outer-1 (value 1) and outer-2 (value 2) at 22.5°. Centre the
    // die 5 mm into outer-2, aligned with the border: its far corners cross it.
    let side = 20.0;
    let border = 22.5_f64;
    let r = 185.0;
    // Rotate so the die's edges are parallel/perpendicular to the border ray,
    // then tilt 25° so exactly one corner crosses.
    let c = polar(&b, r, border + (5.0_f64 / r).to_degrees());
    let corners = square(c, side, border.to_radians() + 25f64.to_radians());
    let l = b.landing(&corners, &Webs::none()).unwrap();
    let counts: Vec<(Option<u32>, usize)> = l
        .votes
        .iter()
        .map(|v| (v.section.value, v.corners))
        .collect();
    assert_eq!(counts, vec![(Some(2), 3), (Some(1), 1)]);
    assert_eq!(l.section.value, Some(2));
    assert!(!l.tie);
}

#[test]
fn ring_border_tie_takes_the_lower_value() {
    let b = board();
    // Centred on the inner(5)/middle(3|4) border at 95 mm, 30° (inside middle-1 = 3).
    let corners = square(polar(&b, 95.0, 30.0), 18.0, 30f64.to_radians());
    let l = b.landing(&corners, &Webs::none()).unwrap();
    assert!(l.tie);
    assert_eq!(l.section.value, Some(3));
}

#[test]
fn hole_ties_resolve_as_a_miss_and_web_ties_as_zero() {
    let b = board();
    // Die centred on the hole's outer edge, radially aligned: 2 corners in, 2 out.
    let c = polar(&b, 205.0 + 30.0, 45.0);
    let corners = square(c, 12.0, 45f64.to_radians());
    let l = b.landing(&corners, &Webs::none()).unwrap();
    assert!(l.tie, "{l:?}");
    assert_eq!(l.section.kind, SectionKind::Hole);
    let webbed = b
        .landing(&corners, &Webs::on(&b, &["hole-se"]).unwrap())
        .unwrap();
    assert_eq!(
        (webbed.section.kind, webbed.section.value),
        (SectionKind::Web, Some(0))
    );
}

#[test]
fn die_on_the_rim_edge_is_a_bone_miss_and_beyond_is_outside() {
    let b = board();
    let l = b
        .landing(&square(polar(&b, 245.0, 0.0), 16.0, 0.0), &Webs::none())
        .unwrap();
    assert_eq!((l.section.kind, l.tie), (SectionKind::Bone, true));
    // A diamond centred at 283 mm: one corner reaches in to ~271.7 mm (bone), three are beyond 280 mm.
    let l = b
        .landing(
            &square(polar(&b, 283.0, 0.0), 16.0, std::f64::consts::FRAC_PI_4),
            &Webs::none(),
        )
        .unwrap();
    assert_eq!(
        l.section.kind,
        SectionKind::Outside,
        "3 corners outside, 1 on bone: {l:?}"
    );
}

#[test]
fn bad_corner_lists_are_errors_not_panics() {
    let b = board();
    assert_eq!(
        b.landing(&[[0.0, 0.0], [1.0, 1.0]], &Webs::none()),
        Err(LandingError::TooFewCorners(2))
    );
    let e = b
        .landing(&[[0.0, 0.0], [f64::NAN, 1.0], [1.0, 0.0]], &Webs::none())
        .unwrap_err();
    assert!(matches!(e, LandingError::NotFinite { index: 1, .. }));
}

#[test]
fn section_serialises_to_the_cli_contract() {
    let b = board();
    let s = b.section_at(b.centre(), &Webs::none());
    assert_eq!(
        serde_json::to_value(&s).unwrap(),
        serde_json::json!({"value": 10, "kind": "bullseye", "name": "bullseye"})
    );
    let s = b.section_at([-50.0, -50.0], &Webs::none());
    assert_eq!(
        serde_json::to_value(&s).unwrap(),
        serde_json::json!({"value": null, "kind": "outside", "name": "outside"})
    );
}

#[test]
fn strokes_and_labels_cover_the_geometry() {
    let b = board();
    let strokes = b.strokes(0.5);
    // 3 ring borders + 6 + 8 sector borders + 2 rim circles + 4 holes.
    assert_eq!(strokes.len(), 3 + 6 + 8 + 2 + 4);
    // Every point of a circle stroke lies on a border: nudging it outward changes region.
    for s in strokes
        .iter()
        .filter(|s| s.kind == tw_board::outline::StrokeKind::Hole)
    {
        for p in &s.points {
            assert!((clearance(&b, *p)).abs() < 1e-6);
        }
    }
    assert_eq!(b.labels().iter().filter(|l| l.text == "10").count(), 1);
}

proptest! {
    /// Rotating a die about its centre never changes the ruling while the die
    /// stays clear of every border.
    #[test]
    fn rotation_deep_inside_a_region_never_changes_the_result(
        x in 0.0f64..600.0, y in 0.0f64..600.0, side in 8.0f64..24.0, rot in 0.0f64..6.3, rot2 in 0.0f64..6.3
    ) {
        let b = board();
        let circum = side / 2.0 * std::f64::consts::SQRT_2;
        prop_assume!(clearance(&b, [x, y]) > circum + 1e-6);
        let a = b.landing(&square([x, y], side, rot), &Webs::none()).unwrap();
        let c = b.landing(&square([x, y], side, rot2), &Webs::none()).unwrap();
        prop_assert_eq!(&a.section, &c.section);
        prop_assert_eq!(&a.section, &b.section_at([x, y], &Webs::none()));
        prop_assert!(!a.tie);
    }

    /// A die straddling a sector border two corners each side scores the lower value.
    #[test]
    fn straddling_two_sectors_two_two_gives_the_lower_value(
        ring in 2usize..4, k in 0usize..8, t in 0.2f64..0.8, side in 8.0f64..20.0
    ) {
        let b = board();
        let spec = b.spec();
        let rs = &spec.rings[ring];
        let k = k % rs.sectors.len();
        let border = rs.sectors[k].from_deg;
        let r = rs.inner_mm + t * (rs.outer_mm - rs.inner_mm);
        let c = polar(&b, r, border);
        let circum = side / 2.0 * std::f64::consts::SQRT_2;
        // Keep clear of ring borders and holes so only the sector border is crossed.
        prop_assume!(r - rs.inner_mm > circum && rs.outer_mm - r > circum);
        prop_assume!(spec.holes.iter().all(|h| (c[0]-h.centre_mm[0]).hypot(c[1]-h.centre_mm[1]) > h.radius_mm + circum));
        let corners = square(c, side, border.to_radians());
        let l = b.landing(&corners, &Webs::none()).unwrap();
        let prev = &rs.sectors[(k + rs.sectors.len() - 1) % rs.sectors.len()];
        let lower = prev.value.min(rs.sectors[k].value) as u32;
        prop_assert!(l.tie);
        prop_assert_eq!(l.section.value, Some(lower));
        prop_assert_eq!(l.votes.len(), 2);
    }

    /// The order in which the camera lists corners never matters, and the
    /// winner always holds the most corners.
    #[test]
    fn corner_order_is_irrelevant(pts in proptest::collection::vec((0.0f64..600.0, 0.0f64..600.0), 3..6), shift in 0usize..6) {
        let b = board();
        let corners: Vec<[f64; 2]> = pts.iter().map(|(x, y)| [*x, *y]).collect();
        let mut rotated = corners.clone();
        rotated.rotate_left(shift % corners.len());
        rotated.reverse();
        let a = b.landing(&corners, &Webs::none()).unwrap();
        let c = b.landing(&rotated, &Webs::none()).unwrap();
        prop_assert_eq!(&a.section, &c.section);
        let best = a.votes.iter().map(|v| v.corners).max().unwrap();
        prop_assert!(a.votes.iter().any(|v| v.section == a.section && v.corners == best));
        prop_assert_eq!(a.votes.iter().map(|v| v.corners).sum::<usize>(), corners.len());
    }
}
