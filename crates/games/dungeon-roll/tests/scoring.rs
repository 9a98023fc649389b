//! Rulebook 6, Scoring & End Game: XP, unused tokens, Town Portals, pairs
//! of Dragon Scales, and the tiebreak by fewer tokens.

mod common;
use common::*;
use tw_dungeon_roll::score::{score, standings};
use tw_dungeon_roll::TreasureKind;

#[test]
fn unused_tokens_score_one_town_portals_two_and_scale_pairs_two_more() {
    let mut s = game(&["necromancer"]);
    s.players[0].xp = 7;
    give(&mut s, TreasureKind::VorpalSword, 1);
    give(&mut s, TreasureKind::TownPortal, 2);
    give(&mut s, TreasureKind::DragonScales, 3);
    let f = score(0, &s.players[0]);
    // 1 + 2×2 + 3×1 for the tokens; one pair of scales adds 2.
    assert_eq!(
        (f.xp, f.token_xp, f.scale_pairs_xp, f.total, f.tokens),
        (7, 8, 2, 17, 6)
    );
}

#[test]
fn the_highest_score_wins() {
    let mut s = game(&["necromancer", "bard"]);
    s.players[0].xp = 5;
    s.players[1].xp = 6;
    assert_eq!(standings(&s.players).winners, [1]);
}

#[test]
fn a_tie_goes_to_fewer_tokens_then_is_shared() {
    let mut s = game(&["necromancer", "bard", "paladin"]);
    s.players[0].xp = 6;
    s.players[1].xp = 5;
    s.players[1].tokens.add(TreasureKind::Talisman, 1);
    s.players[2].xp = 6;
    assert_eq!(
        standings(&s.players).winners,
        [0, 2],
        "equal score, equal tokens: shared"
    );
    s.players[2].xp = 4;
    s.players[2].tokens.add(TreasureKind::DragonBait, 2);
    let st = standings(&s.players);
    assert!(st.scores.iter().all(|f| f.total == 6));
    assert_eq!(st.winners, [0], "fewest tokens wins the tie");
}

#[test]
fn the_last_delve_records_the_final_standings() {
    let mut s = game(&["necromancer", "bard"]);
    for _ in 0..5 {
        quiet_delve(&mut s);
    }
    assert!(s.finished.is_none());
    give(&mut s, TreasureKind::TownPortal, 1);
    quiet_delve(&mut s);
    let f = s
        .finished
        .clone()
        .expect("six delves end a two-player game");
    assert_eq!(f.winners, [1]);
    assert_eq!(f.scores[1].total, 5);
}

/// Rulebook 6 tiebreak "Fewer Treasure tokens": tokens are counted, not
/// their worth, so a Town Portal (2 XP) is one token and a pair of Dragon
/// Scales (4 XP) is two.
#[test]
fn the_tiebreak_counts_tokens_not_their_worth() {
    let mut s = game(&["necromancer", "bard", "paladin"]);
    // P1: 2 XP + a Town Portal = 4, one token.
    s.players[0].xp = 2;
    s.players[0].tokens.add(TreasureKind::TownPortal, 1);
    // P2: a pair of Dragon Scales = 1 + 1 + 2 = 4, two tokens.
    s.players[1].tokens.add(TreasureKind::DragonScales, 2);
    // P3: 4 XP, no token: fewest tokens, the winner.
    s.players[2].xp = 4;
    let st = standings(&s.players);
    assert_eq!(
        st.scores
            .iter()
            .map(|f| (f.total, f.tokens))
            .collect::<Vec<_>>(),
        [(4, 1), (4, 2), (4, 0)]
    );
    assert_eq!(st.winners, [2]);
    s.players[2].xp = 3;
    assert_eq!(standings(&s.players).winners, [0]);
}
