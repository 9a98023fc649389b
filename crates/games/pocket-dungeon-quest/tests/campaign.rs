//! The Don't Go Alone expansion: Keys, XP, Levels, Gear, Poison, the new
//! Monsters and Heroes, selling, and sessions of a campaign.

mod common;
use common::*;
use tw_pocket_dungeon_quest::state::Carry;
use tw_pocket_dungeon_quest::{
    Cell, Command, Gear, HeroKind, HeroKind::*, Outcome, PocketDungeonQuest, State, TileKind::*,
};
use tw_rules::Game;

fn carried(heroes: &[HeroKind], carry: Vec<Carry>) -> State {
    let mut st = setup_for(heroes);
    st.campaign = Some(1);
    st.carry = carry;
    PocketDungeonQuest::setup(&st).unwrap()
}

fn carry(hero: HeroKind, level: u8, xp: u32, keys: u32, gear: Vec<Gear>) -> Carry {
    Carry {
        hero,
        xp,
        keys,
        level,
        gear,
    }
}

fn gear(g: Gear) -> Command {
    Command::UseGear {
        gear: g,
        at: None,
        hero: None,
        take: None,
        by: None,
        roll: None,
        steal: None,
        gem: None,
    }
}

/// "To gain Keys, move your Hero so that a Key is within your Hero's Circle
/// Of Sight ... They are taken automatically."
#[test]
fn keys_in_the_circle_of_sight_are_taken_automatically() {
    let mut s = expansion(&[Warrior]);
    assert_eq!(s.keys.len(), 4);
    mv(&mut s, p(-1, 2), &[]);
    end(&mut s);
    mv(&mut s, p(0, 2), &[]);
    assert_eq!(hero(&s, Warrior).keys, 0);
    end(&mut s);
    mv(&mut s, p(1, 2), &[]);
    assert_eq!(hero(&s, Warrior).keys, 1);
    assert_eq!(s.keys.len(), 3);
    assert!(
        game(&[Warrior]).keys.is_empty(),
        "no Keys without the expansion"
    );
}

/// "LEVEL 1: 3 XP and 1 Key ... When you gain a Level, you earn 1 piece of Gear."
#[test]
fn three_xp_and_a_key_buy_level_one_and_a_piece_of_gear() {
    let mut s = campaign(&[Warrior]);
    mv(
        &mut s,
        p(-1, 2),
        &[(p(0, 1), Goblin), (p(0, 2), Slime), (p(0, 3), Flayer)],
    );
    for c in [1, 2, 3] {
        run(&mut s, attack(p(0, c), "two_swords"));
    }
    assert_eq!(hero(&s, Warrior).xp, 3);
    let r = refused(
        &mut s,
        Command::LevelUp {
            gear: Some(Gear::Torch),
        },
    );
    assert!(
        r.reason
            .contains("3 XP and 1 Key(s); the Warrior has 3 XP and 0 Key(s)"),
        "{r}"
    );
    end(&mut s);
    mv(&mut s, p(0, 2), &[]);
    end(&mut s);
    mv(&mut s, p(1, 2), &[]);
    assert_eq!(
        refused(&mut s, Command::LevelUp { gear: None }).rule,
        "Gear"
    );
    run(
        &mut s,
        Command::LevelUp {
            gear: Some(Gear::Torch),
        },
    );
    let h = hero(&s, Warrior);
    assert_eq!(
        (h.level, h.xp, h.keys, h.gear.clone()),
        (1, 0, 0, vec![Gear::Torch])
    );
    assert_eq!(
        refused(
            &mut s,
            Command::LevelUp {
                gear: Some(Gear::Shield)
            }
        )
        .rule,
        "Leveling Up"
    );
}

/// The campaign goal: every Hero at Level 3. The Hero Cape adds a Heart (max 4).
#[test]
fn reaching_level_three_wins_the_campaign_and_the_cape_gives_a_fourth_heart() {
    let mut s = carried(
        &[Warrior],
        vec![carry(Warrior, 2, 7, 2, vec![Gear::Torch, Gear::Shield])],
    );
    run(
        &mut s,
        Command::LevelUp {
            gear: Some(Gear::HeroCape),
        },
    );
    assert_eq!(
        (hero(&s, Warrior).hearts, hero(&s, Warrior).max_hearts),
        (4, 4)
    );
    assert_eq!(s.outcome, Some(Outcome::CampaignWon));
    assert_eq!(refused(&mut s, Command::EndTurn).rule, "The Goal");
}

/// "Heroes can only have three pieces of Gear" and Gear is one of a kind;
/// the Farmer begins with one, so reaches Level 3 with no fourth.
#[test]
fn gear_is_three_at_most_and_one_of_a_kind() {
    let mut st = setup_for(&[Farmer, Warrior]);
    st.campaign = Some(1);
    st.farmer_gear = Some(Gear::Torch);
    st.carry = vec![carry(Farmer, 2, 7, 2, vec![Gear::Shield, Gear::Boomerang])];
    let mut s = PocketDungeonQuest::setup(&st).unwrap();
    assert_eq!(hero(&s, Farmer).gear.len(), 3);
    assert!(refused(
        &mut s,
        Command::LevelUp {
            gear: Some(Gear::Harp)
        }
    )
    .reason
    .contains("three pieces"));
    run(&mut s, Command::LevelUp { gear: None });
    assert_eq!(hero(&s, Farmer).level, 3);
    st.carry.push(carry(Warrior, 1, 0, 0, vec![Gear::Torch]));
    assert_eq!(PocketDungeonQuest::setup(&st).unwrap_err().rule, "Gear");
}

/// "If The Heroes lose a Session, they lose the Campaign."
#[test]
fn a_lost_session_loses_the_campaign() {
    let mut s = campaign(&[Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[
            (p(0, 3), SpikeTrap),
            (p(0, 4), SpikeTrap),
            (p(0, 5), SpikeTrap),
        ],
    );
    assert_eq!(s.outcome, Some(Outcome::CampaignLost));
    assert_eq!(refused(&mut s, Command::EndTurn).rule, "Sessions");
}

/// "Each Hero keeps track of all XP, Keys, and Gear they finished the
/// session with. Heroes begin the next Session in the Campaign with those."
#[test]
fn a_won_session_carries_xp_keys_levels_and_gear_into_the_next() {
    let mut s = carried(&[Warrior], vec![carry(Warrior, 1, 2, 1, vec![Gear::Torch])]);
    assert_eq!(
        refused(&mut s, Command::NextSession).rule,
        "Ending A Session"
    );
    mv(
        &mut s,
        p(-1, 4),
        &[
            (p(0, 3), RelicCircle),
            (p(0, 4), RelicSquare),
            (p(0, 5), SpikeTrap),
        ],
    );
    end(&mut s);
    mv(
        &mut s,
        p(0, 4),
        &[(p(1, 3), RelicTriangle), (p(1, 4), Exit), (p(1, 5), Goblin)],
    );
    assert_eq!(s.outcome, Some(Outcome::SessionWon));
    run(&mut s, Command::NextSession);
    let h = hero(&s, Warrior);
    assert_eq!(
        (h.level, h.xp, h.keys, h.gear.clone(), h.hearts),
        (1, 2, 1, vec![Gear::Torch], 3)
    );
    assert_eq!((s.campaign, s.outcome, s.keys.len()), (Some(2), None, 4));
    assert!(s.cells.iter().all(|c| *c == Cell::Hidden) && s.relics.is_empty());
}

/// Poison: "Roll on your turn" (cure / no result / lose 1 Heart); "A Potion can cure this Effect."
#[test]
fn poison_is_rolled_at_the_start_of_each_turn_until_cured() {
    let mut s = expansion(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Poisoner), (p(0, 3), Potion)]);
    assert!(hero(&s, Rogue).poisoned);
    run(&mut s, attack(p(0, 4), "two_swords"));
    run(
        &mut s,
        Command::Take {
            at: p(0, 3),
            put_back: None,
        },
    );
    end(&mut s);
    assert_eq!(refused_mv(&mut s, p(0, 4), &[]).rule, "Poison");
    run(
        &mut s,
        Command::PoisonRoll {
            roll: "skull".into(),
        },
    );
    assert_eq!(hero(&s, Rogue).hearts, 2);
    assert_eq!(
        refused(
            &mut s,
            Command::PoisonRoll {
                roll: "two_swords".into()
            }
        )
        .rule,
        "Poison"
    );
    mv(&mut s, p(0, 4), &[]);
    run(&mut s, Command::Potion { hero: Rogue });
    assert!(!hero(&s, Rogue).poisoned);
    assert_eq!(hero(&s, Rogue).hearts, 3);
    end(&mut s);
    mv(&mut s, p(0, 4), &[]);
}

/// Red Beholder: "any Hero in direct line of sight across the entire
/// Dungeon Floor (the four cardinal directions) needs to make a saving roll".
#[test]
fn the_red_beholder_makes_heroes_in_its_lines_roll_to_save() {
    let mut s = expansion(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 4), &[]);
    end(&mut s);
    mv(&mut s, p(0, 4), &[]);
    end(&mut s);
    let r = refused_mv(&mut s, p(0, 5), &[(p(0, 6), RedBeholder)]);
    assert_eq!(r.rule, "Red Beholder");
    let mut c = go_cmd(&s, p(0, 5), &[(p(0, 6), RedBeholder)]);
    if let Command::Move { reveal, .. } = &mut c {
        reveal[0].saves.insert(Warrior, "skull".into());
        reveal[0].saves.insert(Rogue, "two_swords".into());
    }
    run(&mut s, c);
    assert_eq!((hero(&s, Warrior).hearts, hero(&s, Rogue).hearts), (2, 3));
    run(&mut s, attack(p(0, 6), "two_swords"));
}

/// Quick As A Whip: "If the first revealed tile on your turn is a Trap or a
/// Monster, discard it." No XP: it is not defeating a Monster.
#[test]
fn quick_as_a_whip_discards_the_first_trap_or_monster_without_xp() {
    let mut s = expansion(&[Adventurer]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), SpikeTrap), (p(0, 4), SpikeTrap)],
    );
    assert_eq!(
        hero(&s, Adventurer).hearts,
        2,
        "only the first Trap is discarded unsprung"
    );
    end(&mut s);
    mv(&mut s, p(0, 3), &[(p(1, 2), Goblin), (p(0, 2), Slime)]);
    assert_eq!(s.piles.discard, vec![SpikeTrap, SpikeTrap, Goblin]);
    run(&mut s, attack(p(0, 2), "two_swords"));
    assert_eq!(hero(&s, Adventurer).xp, 1);
}

/// Selling: "there must be at least 10 Gems in the Discard Pile. Place the
/// Item ... into the Merchant Pile and reclaim 10 Gems"; one sale a turn.
#[test]
fn selling_an_item_reclaims_ten_gems_from_the_discard_pile() {
    let mut s = expansion(&[Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Gems10), (p(0, 4), Merchant), (p(0, 5), Potion)],
    );
    run(
        &mut s,
        Command::Take {
            at: p(0, 5),
            put_back: None,
        },
    );
    assert!(refused(&mut s, Command::Sell { item: Potion })
        .reason
        .contains("at least 10 Gems"));
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Goblin)]);
    run(
        &mut s,
        Command::Attack {
            target: p(1, 4),
            roll: "skull".into(),
            reroll: None,
            second: None,
            steal: None,
            gem: Some(Gems10),
        },
    );
    run(&mut s, Command::Sell { item: Potion });
    assert_eq!(
        (s.piles.gem.clone(), s.piles.merchant.clone()),
        (vec![Gems10], vec![Potion])
    );
    assert!(s.piles.discard.iter().all(|k| k.gem_value() == 0));
    let mut base = game(&[Rogue]);
    mv(&mut base, p(-1, 4), &[(p(0, 4), Potion)]);
    run(
        &mut base,
        Command::Take {
            at: p(0, 4),
            put_back: None,
        },
    );
    assert!(refused(&mut base, Command::Sell { item: Potion })
        .reason
        .contains("expansion"));
}

/// "Some Gear requires a Cool Down of one or more Rounds before it may be
/// used again": the Shield (name lost in the text) has 2 Rounds.
#[test]
fn gear_cools_down_for_whole_rounds() {
    let mut s = carried(
        &[Warrior],
        vec![carry(Warrior, 1, 0, 0, vec![Gear::Shield])],
    );
    run(&mut s, gear(Gear::Shield));
    mv(&mut s, p(-1, 4), &[(p(0, 4), SpikeTrap)]);
    assert_eq!(hero(&s, Warrior).hearts, 3, "the Shield saved the Heart");
    end(&mut s);
    for round in [2, 3] {
        assert_eq!(s.round, round);
        assert!(refused(&mut s, gear(Gear::Shield))
            .reason
            .contains("usable again in round 4"));
        pass(&mut s);
    }
    run(&mut s, gear(Gear::Shield));
}

/// Hero Hats: "The wearer of a Hero Hat may also use the ability of that Hero."
#[test]
fn a_helmet_gives_brute_strength_and_holy_water_stops_a_critical_miss() {
    let mut s = carried(
        &[Rogue],
        vec![carry(Rogue, 2, 0, 0, vec![Gear::Helmet, Gear::HolyWater])],
    );
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Minotaur)]);
    run(&mut s, attack(p(0, 3), "one_sword"));
    assert_eq!(hero(&s, Rogue).hearts, 3);
    run(&mut s, gear(Gear::HolyWater));
    run(&mut s, attack(p(0, 5), "skull"));
    assert_eq!(
        hero(&s, Rogue).hearts,
        2,
        "the Heart is lost, the Minotaur's extra one is not"
    );
    assert!(refused(&mut s, gear(Gear::Helmet))
        .reason
        .contains("works by itself"));
}

#[test]
fn gear_this_engine_does_not_play_is_refused_by_name() {
    let mut s = carried(&[Rogue], vec![carry(Rogue, 1, 0, 0, vec![Gear::BedRoll])]);
    // Every piece is played now; a table can still mark one as not.
    s.rules.numbers.gear.get_mut(&Gear::BedRoll).unwrap().played = false;
    let r = refused(&mut s, gear(Gear::BedRoll));
    assert_eq!(r.rule, "Gear: bed_roll");
    assert!(r.reason.contains("does not play"), "{r}");
}

/// Audit 2026-11-27. "XP and Keys are spent on your turn to gain the next
/// Level ... You must gain Levels in order": 8 XP and 3 Keys buy Level 1
/// (3 XP, 1 Key) then Level 2 (5 XP, 2 Keys), leaving nothing for Level 3
/// (7 XP, 2 Keys).
#[test]
fn levels_are_gained_in_order_each_spending_its_own_xp_and_keys() {
    let mut s = carried(&[Warrior], vec![carry(Warrior, 0, 8, 3, vec![])]);
    let up = |g| Command::LevelUp { gear: Some(g) };
    run(&mut s, up(Gear::Torch));
    let h = hero(&s, Warrior);
    assert_eq!((h.level, h.xp, h.keys), (1, 5, 2));
    run(&mut s, up(Gear::Boomerang));
    let h = hero(&s, Warrior);
    assert_eq!((h.level, h.xp, h.keys), (2, 0, 0));
    let r = refused(&mut s, up(Gear::Harp));
    assert_eq!(r.rule, "Leveling Up");
    assert!(r.reason.contains("Level 3 costs 7 XP and 2 Key(s)"), "{r}");
}

/// Audit 2026-11-27. "Keys may be given or traded to other Heroes. This
/// counts as using an Item for your turn."
#[test]
fn giving_a_key_is_the_turns_use_of_an_item() {
    let mut s = carried(
        &[Warrior, Rogue],
        vec![
            carry(Warrior, 0, 0, 2, vec![]),
            carry(Rogue, 0, 0, 0, vec![]),
        ],
    );
    run(&mut s, Command::GiveKey { to: Rogue });
    assert_eq!((hero(&s, Warrior).keys, hero(&s, Rogue).keys), (1, 1));
    let r = refused(&mut s, Command::GiveKey { to: Rogue });
    assert_eq!(r.rule, "Using An Item Or Spell");
}

/// Audit 2026-11-27. The Red Beholder: "any Hero in direct line of sight
/// across the entire Dungeon Floor (the four cardinal directions)". Our
/// reading, with "Sight is not blocked by walls": a Wall in the line does
/// not shelter a hero; a hero diagonal to it, even adjacent, is not in line.
#[test]
fn the_red_beholders_line_crosses_walls_but_not_diagonals() {
    let mut s = expansion(&[Warrior, Rogue]);
    mv(&mut s, p(1, -1), &[(p(1, 0), Wall)]);
    end(&mut s);
    mv(&mut s, p(-1, 6), &[]);
    end(&mut s);
    pass(&mut s);
    let mut c = go_cmd(&s, p(0, 6), &[(p(1, 5), RedBeholder)]);
    if let Command::Move { reveal, .. } = &mut c {
        reveal[0].saves.insert(Rogue, "skull".into());
    }
    let r = refused(&mut s, c.clone());
    assert_eq!(r.rule, "Red Beholder");
    if let Command::Move { reveal, .. } = &mut c {
        reveal[0].saves.clear();
        reveal[0].saves.insert(Warrior, "skull".into());
    }
    run(&mut s, c);
    assert_eq!((hero(&s, Warrior).hearts, hero(&s, Rogue).hearts), (2, 3));
}

/// Audit 2026-11-27. Hero Cape: "Wearer has 1 additional Heart. (Max 4
/// Hearts)"; a Potion "heal[s] any Hero 1 Heart", so it heals up to 4.
#[test]
fn a_cape_wearer_is_healed_up_to_four_hearts() {
    let mut s = carried(
        &[Warrior],
        vec![carry(Warrior, 1, 0, 0, vec![Gear::HeroCape])],
    );
    assert_eq!(hero(&s, Warrior).hearts, 4);
    mv(&mut s, p(-1, 4), &[(p(0, 3), SpikeTrap), (p(0, 4), Potion)]);
    assert_eq!(hero(&s, Warrior).hearts, 3);
    run(
        &mut s,
        Command::Take {
            at: p(0, 4),
            put_back: None,
        },
    );
    run(&mut s, Command::Potion { hero: Warrior });
    assert_eq!(hero(&s, Warrior).hearts, 4);
}

/// Audit 2026-11-27. Selling: "Place the Item you wish to sell into the
/// Merchant Pile"; the Pegasus Mount "cannot be given or traded", so
/// selling it is refused by that rule.
#[test]
fn the_pegasus_mount_cannot_be_sold() {
    let mut s = expansion(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Merchant), (p(0, 4), Pegasus)]);
    assert!(s.merchant_open && hero(&s, Rogue).pegasus);
    let r = refused(&mut s, Command::Sell { item: Pegasus });
    assert_eq!(r.rule, "Pegasus Mount", "{r}");
}

/// Audit 2026-11-27. Quick As A Whip: "If the first revealed tile on your
/// turn is a Trap or a Monster, discard it." Our reading for the Monsters
/// that act "When revealed": the Adventurer discards them first, so the Red
/// Beholder asks no saving roll and the poisoning Monster poisons no one.
#[test]
fn quick_as_a_whip_discards_a_beholder_or_poisoner_before_they_act() {
    let mut s = expansion(&[Adventurer]);
    let mut c = go_cmd(&s, p(-1, 4), &[(p(0, 4), RedBeholder)]);
    if let Command::Move { reveal, .. } = &mut c {
        reveal[0].saves.insert(Adventurer, "skull".into());
    }
    assert_eq!(refused(&mut s, c).rule, "Quick As A Whip");
    mv(&mut s, p(-1, 4), &[(p(0, 4), RedBeholder)]);
    assert_eq!(hero(&s, Adventurer).hearts, 3);
    assert_eq!(s.piles.discard, vec![RedBeholder]);
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Poisoner)]);
    assert!(!hero(&s, Adventurer).poisoned);
    assert_eq!(s.piles.discard, vec![RedBeholder, Poisoner]);
    assert_eq!(hero(&s, Adventurer).xp, 0);
}
