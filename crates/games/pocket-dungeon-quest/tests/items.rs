//! Items & Spells, picking up, giving, and the Merchant.

mod common;
use common::*;
use tw_pocket_dungeon_quest::{Cell, Command, HeroKind::*, State, Step, TileKind::*};

fn offers(s: &State) -> Vec<tw_rules::Offer> {
    <tw_pocket_dungeon_quest::PocketDungeonQuest as tw_rules::Game>::offers(s)
}

fn take(at: tw_pocket_dungeon_quest::Pos) -> Command {
    Command::Take { at, put_back: None }
}

/// "If an Item or Spell tile is in your Circle Of Sight, you may take one.
/// Place the rest in the Merchant Pile face down."
#[test]
fn pick_up_one_item_or_spell_and_the_rest_go_to_the_merchant_pile() {
    let mut s = game(&[Warrior]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Potion), (p(0, 4), Teleport), (p(0, 5), Bomb)],
    );
    run(&mut s, take(p(0, 4)));
    assert_eq!(
        refused(&mut s, take(p(0, 3))).rule,
        "Items & Spells: pick up"
    );
    end(&mut s);
    assert_eq!(hero(&s, Warrior).inventory, vec![Teleport]);
    assert_eq!(s.piles.merchant, vec![Potion, Bomb]);
    assert_eq!(s.cell(p(0, 3)), Some(Cell::Empty));
}

/// Two Items at most; a full Inventory puts one in the Merchant Pile to take
/// another; the Big Bag takes no space and raises the limit to three.
#[test]
fn inventory_limit_two_put_one_back_and_the_big_bag_makes_three() {
    let mut s = game(&[Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Potion)]);
    run(&mut s, take(p(0, 3)));
    end(&mut s);
    mv(&mut s, p(0, 3), &[(p(1, 2), Bomb)]);
    run(&mut s, take(p(1, 2)));
    end(&mut s);
    mv(&mut s, p(1, 3), &[(p(2, 2), Foresight)]);
    let r = refused(&mut s, take(p(2, 2)));
    assert!(r.reason.contains("Inventory is full"), "{r}");
    run(
        &mut s,
        Command::Take {
            at: p(2, 2),
            put_back: Some(Potion),
        },
    );
    assert_eq!(hero(&s, Warrior).inventory, vec![Bomb, Foresight]);
    assert_eq!(s.piles.merchant, vec![Potion]);
    end(&mut s);
    mv(&mut s, p(2, 3), &[(p(3, 2), BigBag)]);
    run(&mut s, take(p(3, 2)));
    assert!(hero(&s, Warrior).big_bag);
    assert_eq!(s.inventory_limit(Warrior), 3);
    end(&mut s);
    mv(&mut s, p(3, 3), &[(p(4, 2), Potion)]);
    run(&mut s, take(p(4, 2)));
    assert_eq!(hero(&s, Warrior).inventory.len(), 3);
}

/// Swift Cunning: the Rogue "may take ONE Item or Spell from the Dungeon
/// Floor before attacking"; others pick up after.
#[test]
fn swift_cunning_lets_only_the_rogue_take_before_attacking() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Bomb), (p(0, 5), Goblin)]);
    let r = refused(&mut s, take(p(0, 3)));
    assert!(r.reason.contains("only the Rogue"), "{r}");
    run(&mut s, attack(p(0, 5), "two_swords"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 7), Bomb), (p(0, 8), Minotaur)]);
    run(&mut s, take(p(0, 7)));
    run(&mut s, Command::Bomb { at: p(0, 8) });
    assert_eq!(s.piles.monster, vec![Goblin, Minotaur]);
    assert_eq!(hero(&s, Rogue).xp, 1, "a Bomb defeats the Monster");
    assert_eq!(s.turn.step, Step::Looting);
}

/// A game where the Wizard (first) and the Warrior each hold two Potions.
fn potions_for_all() -> State {
    let mut s = game(&[Wizard, Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Potion)]);
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), Potion)]);
    run(&mut s, take(p(0, 8)));
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Potion), (p(1, 3), SpikeTrap)]);
    run(&mut s, take(p(1, 4)));
    end(&mut s);
    mv(&mut s, p(0, 8), &[(p(1, 8), Potion), (p(1, 9), SpikeTrap)]);
    run(&mut s, take(p(1, 8)));
    end(&mut s);
    s
}

/// "Heroes may use one of the Items or Spells in their Inventory"; Sharp
/// Mind: the Wizard uses two. A Potion heals any Hero 1 Heart.
#[test]
fn one_use_a_turn_and_sharp_mind_gives_the_wizard_two() {
    let mut s = potions_for_all();
    assert_eq!((hero(&s, Wizard).hearts, hero(&s, Warrior).hearts), (2, 2));
    run(&mut s, Command::Potion { hero: Wizard });
    run(&mut s, Command::Potion { hero: Warrior });
    assert_eq!((hero(&s, Wizard).hearts, hero(&s, Warrior).hearts), (3, 3));
    assert_eq!(s.piles.merchant, vec![Potion, Potion]);
    let r = refused(&mut s, Command::Potion { hero: Warrior });
    assert_eq!(r.rule, "Potion", "full Hearts: it would do nothing");
    mv(&mut s, p(0, 4), &[]);
    end(&mut s);
    run(
        &mut s,
        Command::Give {
            item: Potion,
            to: Wizard,
        },
    );
    let r = refused(
        &mut s,
        Command::Give {
            item: Potion,
            to: Wizard,
        },
    );
    assert_eq!(r.rule, "Using An Item Or Spell", "giving counts as using");
}

/// Giving: "they can only take the item if they don't go above the two item limit".
#[test]
fn giving_respects_the_receivers_inventory_limit() {
    let mut s = potions_for_all();
    run(&mut s, Command::Potion { hero: Wizard });
    mv(&mut s, p(0, 4), &[]);
    end(&mut s);
    let r = refused(
        &mut s,
        Command::Give {
            item: Potion,
            to: Warrior,
        },
    );
    assert_eq!(r.rule, "Giving Items");
    run(
        &mut s,
        Command::Give {
            item: Potion,
            to: Wizard,
        },
    );
    assert_eq!(hero(&s, Wizard).inventory.len(), 2);
}

/// Multi-Tool: "Disarm a Trap. Do not discard." Disarmed Traps do no harm.
#[test]
fn the_multi_tool_disarms_a_trap_and_is_kept() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), MultiTool)]);
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    let mut c = go_cmd(&s, p(0, 4), &[(p(1, 4), SpikeTrap), (p(1, 5), SpikeTrap)]);
    if let Command::Move { reveal, .. } = &mut c {
        reveal[0].disarm = true;
    }
    run(&mut s, c);
    assert_eq!(hero(&s, Rogue).hearts, 2, "one disarmed, one sprung");
    assert_eq!(hero(&s, Rogue).inventory, vec![MultiTool]);
    assert_eq!(s.piles.discard, vec![SpikeTrap, SpikeTrap]);
}

/// Bomb: "defeat 1 Monster or remove a Dungeon Wall".
#[test]
fn a_bomb_removes_a_wall() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Bomb), (p(0, 4), Wall)]);
    run(&mut s, take(p(0, 3)));
    run(&mut s, Command::Bomb { at: p(0, 4) });
    assert_eq!(s.cell(p(0, 4)), Some(Cell::Empty));
    end(&mut s);
    mv(&mut s, p(0, 4), &[]);
}

/// Teleport: "Moved Monsters go to the Monster Pile"; Confusion: "Roll 2+
/// Swords and both monsters are sent to the Monster Pile".
#[test]
fn teleport_and_confusion_clear_monsters_without_xp() {
    let mut s = game(&[Wizard]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Teleport)]);
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Confusion)]);
    run(&mut s, take(p(1, 4)));
    end(&mut s);
    mv(
        &mut s,
        p(1, 4),
        &[(p(2, 3), Goblin), (p(2, 4), Slime), (p(2, 5), Flayer)],
    );
    run(
        &mut s,
        Command::Teleport {
            hero: None,
            to: None,
            monster: Some(p(2, 5)),
        },
    );
    run(
        &mut s,
        Command::Confusion {
            a: p(2, 3),
            b: p(2, 4),
            roll: "two_swords".into(),
        },
    );
    assert_eq!(s.piles.monster, vec![Flayer, Goblin, Slime]);
    assert_eq!(hero(&s, Wizard).xp, 0);
    assert_eq!(s.turn.step, Step::Looting);
}

/// Foresight: "Reveal any 3 tiles ... Gems are placed in the Gem Pile,
/// Monsters in the Monster Pile, and Items/Spells in the Merchant Pile."
#[test]
fn foresight_reveals_three_tiles_anywhere_into_the_piles() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Foresight)]);
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    let two = vec![rv(p(9, 9), Gems10), rv(p(8, 8), Goblin)];
    let r = refused(
        &mut s,
        Command::Foresight {
            reveal: two.clone(),
        },
    );
    assert_eq!(r.rule, "Foresight");
    // The hero holding it is offered it, as a form the screen fills.
    let offered = offers(&s);
    let o = offered
        .iter()
        .find(|o| o.key == "foresight")
        .expect("Foresight is offered");
    assert_eq!(o.fill, ["reveal"]);
    assert!(o.label.contains("3 face-down tiles"), "{}", o.label);
    let mut three = two;
    three.push(rv(p(7, 7), RelicCircle));
    run(&mut s, Command::Foresight { reveal: three });
    assert!(
        !offers(&s).iter().any(|o| o.key == "foresight"),
        "cast and gone"
    );
    assert_eq!(
        (
            s.piles.gem.clone(),
            s.piles.monster.clone(),
            s.relics.clone()
        ),
        (vec![Gems10], vec![Goblin], vec![RelicCircle])
    );
}

/// Extra Move: "Take an additional turn."
#[test]
fn extra_move_gives_the_same_hero_another_turn() {
    let mut s = game(&[Rogue, Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), ExtraMove)]);
    run(&mut s, take(p(0, 4)));
    run(&mut s, Command::ExtraMove);
    end(&mut s);
    assert_eq!((s.turn.hero, s.round), (Rogue, 1));
    mv(&mut s, p(0, 4), &[]);
    end(&mut s);
    assert_eq!(s.turn.hero, Warrior);
}

/// Swap Tiles: "If a tile swapped this way enters your Circle Of Sight,
/// reveal and resolve it."
#[test]
fn swap_tiles_brings_a_far_tile_into_sight_to_reveal_and_resolve() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), SwapTiles)]);
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    mv(&mut s, p(0, 4), &[]);
    let offered = offers(&s);
    let o = offered
        .iter()
        .find(|o| o.key == "swap_tiles")
        .expect("Swap Tiles is offered");
    assert_eq!(o.fill, ["a", "b"]);
    // A Floor in sight changes place with a face-down tile far away.
    run(
        &mut s,
        Command::SwapTiles {
            a: p(1, 4),
            b: p(8, 8),
            reveal: vec![rv(p(1, 4), Goblin)],
        },
    );
    assert_eq!(s.cell(p(8, 8)), Some(Cell::Shown(Floor)));
    assert_eq!(s.turn.step, Step::Fighting);
    run(&mut s, attack(p(1, 4), "two_swords"));
}

/// The Merchant: "discard 30 Gems from the Gem Pile. You may not 'make
/// change' ... Randomly reveal 2 tiles from the Merchant Pile: Choose 1".
#[test]
fn the_merchant_sells_one_of_two_tiles_for_30_gems() {
    let mut s = game(&[Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Gems10), (p(0, 4), Gems10), (p(0, 5), Gems5)],
    );
    let buy = |d: Vec<_>, k| Command::Buy {
        drawn: d,
        keep: k,
        put_back: None,
    };
    let r = refused(&mut s, buy(vec![Potion, Bomb], Bomb));
    assert!(r.reason.contains("Merchant has not been found"), "{r}");
    end(&mut s);
    mv(
        &mut s,
        p(0, 4),
        &[(p(1, 3), Merchant), (p(1, 4), Potion), (p(1, 5), Bomb)],
    );
    end(&mut s);
    assert!(s.merchant_open);
    assert_eq!(s.piles.merchant, vec![Potion, Bomb]);
    let r = refused(&mut s, buy(vec![Potion, Bomb], Bomb));
    assert!(
        r.reason.contains("costs 30 Gems; the Gem Pile holds 25"),
        "{r}"
    );
    mv(&mut s, p(0, 5), &[(p(0, 6), Gems10), (p(1, 6), Gems5)]);
    // 40 Gems in 10, 10, 5, 10, 5: exactly 30 is paid.
    run(&mut s, buy(vec![Potion, Bomb], Bomb));
    assert_eq!(hero(&s, Rogue).inventory, vec![Bomb]);
    assert_eq!(s.piles.merchant, vec![Potion]);
    assert_eq!(s.piles.gem_total(), 10);
    assert_eq!(s.piles.discard_gem_total(), 30);
    let r = refused(&mut s, buy(vec![Potion], Potion));
    assert!(r.reason.contains("this turn's purchase"), "{r}");
}

/// Audit 2026-11-27. "Lastly, you may pick up only 1 Item or Spell"; Swift
/// Cunning lets the Rogue take "ONE Item or Spell ... before attacking".
/// Our reading: it moves the Rogue's one pick-up before the fight, it does
/// not add a second one after it.
#[test]
fn swift_cunning_moves_the_one_pick_up_it_does_not_add_one() {
    let mut s = game(&[Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Bomb), (p(0, 4), Goblin), (p(0, 5), Potion)],
    );
    run(&mut s, take(p(0, 3)));
    run(&mut s, attack(p(0, 4), "two_swords"));
    let r = refused(&mut s, take(p(0, 5)));
    assert_eq!(r.rule, "Items & Spells: pick up");
    end(&mut s);
    assert_eq!(hero(&s, Rogue).inventory, vec![Bomb]);
    assert_eq!(s.piles.merchant, vec![Potion]);
}

/// Audit 2026-11-27. "When a Master Relic is revealed, it is immediately
/// collected by the Party! ... The Master Relics do not take up space in
/// any Hero's Inventory": a hero cannot give one, and the refusal names the
/// Relics' rule, not a missing Item.
#[test]
fn a_master_relic_cannot_be_given() {
    let mut s = game(&[Rogue, Warrior]);
    mv(&mut s, p(-1, 8), &[(p(0, 8), RelicSquare)]);
    assert_eq!(s.relics, vec![RelicSquare]);
    let r = refused(
        &mut s,
        Command::Give {
            item: RelicSquare,
            to: Warrior,
        },
    );
    assert_eq!(r.rule, "Master Relics", "{r}");
}

/// Audit 2026-11-27. Confusion: "Any 2 Monsters in your Circle of Sight
/// fight each other! Roll 2+ Swords and both monsters are sent to the
/// Monster Pile. Otherwise fight them normally." Our reading: the roll is
/// the Monsters' fight, not the hero's attack, so Brute Strength ("When
/// attacking") and a Sword Effect ("your next Attack Roll") do not count
/// and the Effect waits for the real attack.
#[test]
fn a_failed_confusion_roll_takes_no_hero_bonus_and_the_monsters_are_fought() {
    let mut s = game(&[Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Confusion)]);
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    mv(
        &mut s,
        p(0, 4),
        &[(p(1, 3), Sword), (p(1, 4), Slime), (p(1, 5), Flayer)],
    );
    run(
        &mut s,
        Command::Confusion {
            a: p(1, 4),
            b: p(1, 5),
            roll: "one_sword".into(),
        },
    );
    assert!(
        s.piles.monster.is_empty(),
        "1 Sword: no +1 from Brute Strength"
    );
    assert_eq!(hero(&s, Warrior).effects, vec![Sword]);
    assert_eq!(
        s.piles.merchant,
        vec![Confusion],
        "the Spell is used all the same"
    );
    assert_eq!(s.turn.step, Step::Fighting);
    run(&mut s, attack(p(1, 4), "flash"));
    assert!(hero(&s, Warrior).effects.is_empty(), "spent on the attack");
    run(&mut s, attack(p(1, 5), "two_swords"));
    assert_eq!(s.piles.monster, vec![Slime, Flayer]);
    assert_eq!(hero(&s, Warrior).hearts, 2);
}

/// Audit 2026-11-27. The Merchant: "You may make a purchase even if you
/// have 2 Items/Spells in you Inventory, but you must return one of the
/// tiles in your Inventory to the Merchant Pile"; "The other tile is placed
/// face down to the Merchant Pile."
#[test]
fn a_purchase_with_a_full_inventory_returns_one_held_tile() {
    let mut s = game(&[Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Gems10), (p(0, 4), Potion), (p(0, 5), Gems10)],
    );
    run(&mut s, take(p(0, 4)));
    end(&mut s);
    mv(
        &mut s,
        p(0, 4),
        &[(p(1, 3), Merchant), (p(1, 4), Bomb), (p(1, 5), Gems10)],
    );
    run(&mut s, take(p(1, 4)));
    end(&mut s);
    mv(
        &mut s,
        p(0, 3),
        &[(p(0, 2), Foresight), (p(1, 2), Teleport)],
    );
    end(&mut s);
    assert_eq!(s.piles.merchant.len(), 2, "the tiles left in sight");
    mv(&mut s, p(0, 3), &[]);
    let buy = |put_back| Command::Buy {
        drawn: vec![Foresight, Teleport],
        keep: Teleport,
        put_back,
    };
    let r = refused(&mut s, buy(None));
    assert_eq!(r.rule, "The Merchant", "{r}");
    assert_eq!(refused(&mut s, buy(Some(Foresight))).rule, "The Merchant");
    run(&mut s, buy(Some(Potion)));
    assert_eq!(hero(&s, Rogue).inventory, vec![Bomb, Teleport]);
    let mut pile = s.piles.merchant.clone();
    pile.sort();
    let mut want = vec![Foresight, Potion];
    want.sort();
    assert_eq!(pile, want);
    assert_eq!(s.piles.gem_total(), 0);
}
