//! The motion stage on generated throw sequences: timing of "throw finished",
//! and the nuisances (flicker, hands, shadows, restless spots) that must not
//! count as dice.

use tw_motion::synth::{HandMode, ThrowSequence, ThrowSpec};
use tw_motion::{Event, FrameView, MotionError, MotionStage, RegionKind, StageConfig, State};

struct Run {
    events: Vec<Event>,
    final_state: State,
}

fn play(seq: &ThrowSequence) -> Run {
    let mut stage = MotionStage::new(StageConfig::default());
    let mut buf = Vec::new();
    let mut events = Vec::new();
    for i in 0..seq.frame_count() {
        seq.render(i, &mut buf);
        let out = stage
            .process(
                &FrameView::gray(seq.spec.width, seq.spec.height, &buf),
                seq.timestamp(i),
            )
            .expect("valid frame");
        events.extend(out.events);
    }
    Run {
        events,
        final_state: stage.state(),
    }
}

fn finishes(run: &Run) -> Vec<(f64, &Vec<tw_motion::Region>)> {
    run.events
        .iter()
        .filter_map(|e| match e {
            Event::ThrowFinished { t_ms, regions, .. } => Some((*t_ms, regions)),
            _ => None,
        })
        .collect()
}

fn spec(seed: u64) -> ThrowSpec {
    ThrowSpec {
        width: 640,
        height: 360,
        seed,
        ..ThrowSpec::default()
    }
}

/// Exactly one "throw finished", no earlier than the moment the last die's
/// remaining travel fell below a pixel and no later than 300 ms after it
/// stopped, with every die's resting place inside a die region.
fn assert_one_timely_finish(seq: &ThrowSequence, run: &Run) {
    assert_finish(seq, run, &[RegionKind::Die]);
}

/// As above, with the kinds of region a die may be found in.
fn assert_finish(seq: &ThrowSequence, run: &Run, kinds: &[RegionKind]) {
    let f = finishes(run);
    assert_eq!(
        f.len(),
        1,
        "seed {}: events {:?}",
        seq.spec.seed,
        run.events
    );
    let (t, regions) = f[0];
    assert!(
        t >= seq.truth.last_settled_ms,
        "seed {}: premature at {t} ms, {:?}",
        seq.spec.seed,
        seq.truth
    );
    let latency = t - seq.truth.last_stop_ms;
    assert!(
        latency <= 300.0,
        "seed {}: latency {latency} ms",
        seq.spec.seed
    );
    for d in &seq.truth.dice {
        let inside = regions.iter().any(|r| {
            kinds.contains(&r.kind)
                && (r.x as f64..(r.x + r.width) as f64).contains(&d.center[0])
                && (r.y as f64..(r.y + r.height) as f64).contains(&d.center[1])
        });
        assert!(
            inside,
            "seed {}: die at {:?} not in regions {regions:?}",
            seq.spec.seed, d.center
        );
    }
    assert_eq!(run.final_state, State::AtRest);
}

#[test]
fn plain_throws_finish_within_300_ms() {
    for seed in 1..=4 {
        let seq = ThrowSequence::new(ThrowSpec {
            dice: 1 + seed as usize % 3,
            ..spec(seed)
        });
        assert_one_timely_finish(&seq, &play(&seq));
    }
}

#[test]
fn full_hd_720p_throw() {
    let seq = ThrowSequence::new(ThrowSpec {
        width: 1280,
        height: 720,
        dice: 3,
        seed: 11,
        ..ThrowSpec::default()
    });
    assert_one_timely_finish(&seq, &play(&seq));
}

#[test]
fn flicker_alone_triggers_nothing() {
    let seq = ThrowSequence::new(ThrowSpec {
        dice: 0,
        flicker: true,
        tail_ms: 4000.0,
        ..spec(3)
    });
    let run = play(&seq);
    assert!(run.events.is_empty(), "{:?}", run.events);
    assert_eq!(run.final_state, State::Idle);
}

#[test]
fn throws_under_flicker_still_finish_on_time() {
    for seed in 20..23 {
        let seq = ThrowSequence::new(ThrowSpec {
            dice: 2,
            flicker: true,
            ..spec(seed)
        });
        assert_one_timely_finish(&seq, &play(&seq));
    }
}

#[test]
fn a_drifting_soft_shadow_is_not_motion() {
    let seq = ThrowSequence::new(ThrowSpec {
        dice: 0,
        shadow: true,
        tail_ms: 4000.0,
        ..spec(5)
    });
    let run = play(&seq);
    assert!(run.events.is_empty(), "{:?}", run.events);
}

#[test]
fn a_hand_that_stays_does_not_keep_the_scene_moving() {
    for seed in 30..33 {
        let seq = ThrowSequence::new(ThrowSpec {
            dice: 2,
            hand: HandMode::Stays,
            tail_ms: 3000.0,
            ..spec(seed)
        });
        let run = play(&seq);
        assert_one_timely_finish(&seq, &run);
        // The trembling hand is reported, as a large region, never as a die.
        let (_, regions) = finishes(&run)[0];
        assert!(regions.iter().any(|r| r.kind == RegionKind::Large));
        // Nothing starts again while the hand trembles on for 3 s.
        assert!(
            matches!(run.events.last(), Some(Event::ThrowFinished { .. })),
            "{:?}",
            run.events
        );
    }
}

#[test]
fn a_hand_that_withdraws_under_flicker() {
    for seed in 40..43 {
        let seq = ThrowSequence::new(ThrowSpec {
            dice: 3,
            hand: HandMode::Leaves,
            flicker: true,
            ..spec(seed)
        });
        assert_one_timely_finish(&seq, &play(&seq));
    }
}

/// A shadow drifting while the dice roll does not delay or fake the finish.
/// The changed regions are compared with the scene before the throw, so a
/// die landing where the shadow moved may merge into one large region: the
/// reader reads the whole frame, the regions are only a hint.
#[test]
fn throws_with_a_drifting_shadow_and_a_hand() {
    for seed in 40..43 {
        let seq = ThrowSequence::new(ThrowSpec {
            dice: 3,
            hand: HandMode::Leaves,
            flicker: true,
            shadow: true,
            ..spec(seed)
        });
        assert_finish(&seq, &play(&seq), &[RegionKind::Die, RegionKind::Large]);
    }
}

/// A die-sized spot that never stops changing (a screen, a candle) starts a
/// "throw" once, then is learnt as restless and the scene comes to rest.
#[test]
fn a_restless_spot_is_learnt_and_ignored() {
    let (w, h) = (320, 240);
    let mut stage = MotionStage::new(StageConfig::default());
    let mut events = Vec::new();
    for i in 0..600 {
        let mut img = vec![100u8; w * h];
        let level = if i % 2 == 0 { 220 } else { 40 };
        for y in 100..124 {
            for x in 100..124 {
                img[y * w + x] = level;
            }
        }
        events.extend(
            stage
                .process(&FrameView::gray(w, h, &img), i as f64 * 33.3)
                .unwrap()
                .events,
        );
    }
    let started = events
        .iter()
        .filter(|e| matches!(e, Event::MotionStarted { .. }))
        .count();
    assert_eq!(started, 1, "{events:?}");
    match events.last() {
        Some(Event::ThrowFinished { t_ms, .. }) => {
            assert!(*t_ms < 3000.0, "learnt only at {t_ms} ms")
        }
        other => panic!("expected the spot to be learnt, last event {other:?}"),
    }
    assert_eq!(stage.state(), State::AtRest);
}

#[test]
fn bad_frames_are_errors_and_leave_the_stage_usable() {
    let mut stage = MotionStage::new(StageConfig::default());
    let img = vec![90u8; 64 * 48];
    stage.process(&FrameView::gray(64, 48, &img), 0.0).unwrap();
    let small = vec![90u8; 32 * 24];
    assert_eq!(
        stage
            .process(&FrameView::gray(32, 24, &small), 33.0)
            .unwrap_err(),
        MotionError::SizeChanged {
            was: (64, 48),
            now: (32, 24)
        }
    );
    assert!(matches!(
        stage.process(&FrameView::gray(64, 48, &img[..100]), 33.0),
        Err(MotionError::ShortBuffer { .. })
    ));
    stage.process(&FrameView::gray(64, 48, &img), 66.0).unwrap();
    assert!(matches!(
        stage.process(&FrameView::gray(64, 48, &img), 10.0),
        Err(MotionError::TimestampWentBack { .. })
    ));
    assert!(matches!(
        stage.process(&FrameView::gray(64, 48, &img), f64::NAN),
        Err(MotionError::BadTimestamp { .. })
    ));
    stage.reset();
    stage
        .process(&FrameView::gray(32, 24, &small), 100.0)
        .unwrap();
}

#[test]
fn bgr_frames_behave_like_grey_ones() {
    let seq = ThrowSequence::new(ThrowSpec {
        dice: 1,
        ..spec(50)
    });
    let mut stage = MotionStage::new(StageConfig::default());
    let (mut buf, mut events) = (Vec::new(), Vec::new());
    for i in 0..seq.frame_count() {
        seq.render(i, &mut buf);
        let bgr: Vec<u8> = buf.iter().flat_map(|&g| [g, g, g]).collect();
        events.extend(
            stage
                .process(&FrameView::bgr(640, 360, &bgr), seq.timestamp(i))
                .unwrap()
                .events,
        );
    }
    let run = Run {
        events,
        final_state: stage.state(),
    };
    assert_one_timely_finish(&seq, &run);
}

/// Long after the throw, a hand still trembling in view has been learnt as
/// restless or absorbed: no new throw starts for fifteen seconds.
#[test]
fn a_hand_trembling_for_fifteen_seconds_starts_nothing() {
    let seq = ThrowSequence::new(ThrowSpec {
        dice: 1,
        hand: HandMode::Stays,
        tail_ms: 15_000.0,
        ..spec(60)
    });
    let run = play(&seq);
    assert_one_timely_finish(&seq, &run);
    let started = run
        .events
        .iter()
        .filter(|e| matches!(e, Event::MotionStarted { .. }))
        .count();
    assert_eq!(started, 1, "{:?}", run.events);
}

/// Something large put down for good (a box, a rule book) becomes part of the
/// table once nothing around it has moved for a while, so a die rolling up
/// beside it counts again.
#[test]
fn a_large_object_left_on_the_table_is_absorbed() {
    let (w, h) = (320, 240);
    let mut stage = MotionStage::new(StageConfig::default());
    let mut events = Vec::new();
    let dt = 1000.0 / 30.0;
    for i in 0..420 {
        let t = i as f64 * dt;
        let mut img = vec![100u8; w * h];
        if i >= 10 {
            for y in 60..160 {
                for x in 0..100 {
                    img[y * w + x] = 200;
                }
            }
        }
        // From 12 s a die rolls left, close beside the box, and stops 4 px
        // from it: near enough to be taken for the box's fringe if the box
        // were still a hand.
        if t >= 12_000.0 {
            let x0 = (110.0 - (t - 12_000.0) * 0.01).max(104.0) as usize;
            for y in 100..116 {
                for x in x0..x0 + 16 {
                    img[y * w + x] = 240;
                }
            }
        }
        events.extend(
            stage
                .process(&FrameView::gray(w, h, &img), t)
                .unwrap()
                .events,
        );
    }
    let starts: Vec<f64> = events
        .iter()
        .filter_map(|e| match e {
            Event::MotionStarted { t_ms, .. } => Some(*t_ms),
            _ => None,
        })
        .collect();
    assert_eq!(starts.len(), 1, "{events:?}");
    assert!(
        starts[0] >= 12_000.0,
        "the box itself started a throw: {events:?}"
    );
    assert!(
        matches!(events.last(), Some(Event::ThrowFinished { .. })),
        "{events:?}"
    );
}
