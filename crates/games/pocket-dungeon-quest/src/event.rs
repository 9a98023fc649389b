//! What happened, and how each event changes the state ([`evolve`]).
//! Every arm is a plain assignment or list edit, so folding a saved log
//! rebuilds exactly the state that was seen.

use crate::state::{BossFight, BossStage, Cell, Outcome, Sleeper, State, Step, Turn};
use crate::tile::{Gear, HeroKind, Pile, Pos, TileKind};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackResult {
    Hit,
    Miss,
    CriticalMiss,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Moved {
        hero: HeroKind,
        to: Pos,
    },
    Revealed {
        at: Pos,
        tile: TileKind,
    },
    /// A tile leaves its space for a pile.
    ToPile {
        at: Pos,
        tile: TileKind,
        pile: Pile,
    },
    Hearts {
        hero: HeroKind,
        hearts: u8,
        why: String,
    },
    ShieldSpent {
        hero: HeroKind,
    },
    EffectGained {
        hero: HeroKind,
        at: Pos,
        effect: TileKind,
    },
    EffectSpent {
        hero: HeroKind,
        effect: TileKind,
    },
    RelicCollected {
        at: Pos,
        relic: TileKind,
    },
    ExitFound {
        at: Pos,
    },
    MerchantOpened {
        at: Pos,
    },
    PegasusBefriended {
        hero: HeroKind,
        at: Pos,
    },
    KeyTaken {
        hero: HeroKind,
        at: Pos,
    },
    Poisoned {
        hero: HeroKind,
    },
    PoisonRolled {
        hero: HeroKind,
        roll: String,
        cured: bool,
    },
    PoisonCured {
        hero: HeroKind,
    },
    Attacked {
        hero: HeroKind,
        target: Pos,
        monster: TileKind,
        roll: String,
        reroll: Option<String>,
        swords: u8,
        result: AttackResult,
    },
    /// A Monster beaten by a hero (XP) or by a Bomb; `at` is its space.
    MonsterDefeated {
        at: Pos,
        monster: TileKind,
        hero: HeroKind,
    },
    SkellyStays {
        hero: HeroKind,
        at: Pos,
    },
    LosesNextTurn {
        hero: HeroKind,
    },
    Stunned {
        at: Pos,
    },
    ItemTaken {
        hero: HeroKind,
        at: Pos,
        item: TileKind,
    },
    /// An Item leaves an Inventory for a pile (put back, stolen, sold).
    ItemLost {
        hero: HeroKind,
        item: TileKind,
        pile: Pile,
    },
    /// A use of an Item or Spell; `kept` for the Multi-Tool.
    ItemUsed {
        hero: HeroKind,
        item: TileKind,
        kept: bool,
    },
    ItemGiven {
        from: HeroKind,
        to: HeroKind,
        item: TileKind,
    },
    KeyGiven {
        from: HeroKind,
        to: HeroKind,
    },
    /// A Goblin's theft; `rng` is the generator after a random draw.
    GemLost {
        gem: TileKind,
        rng: Option<tw_rules::SplitMix64>,
    },
    /// A bombed Wall: its tile goes to the Discard Pile.
    WallRemoved {
        at: Pos,
    },
    TilesSwapped {
        a: Pos,
        b: Pos,
    },
    ExtraTurn {
        hero: HeroKind,
    },
    Revived {
        hero: HeroKind,
        hearts: u8,
    },
    HeroDied {
        hero: HeroKind,
    },
    LastTurnsBegan {
        owed: Vec<HeroKind>,
    },
    LastTurnTaken {
        hero: HeroKind,
    },
    LastTurnsEnded,
    StepChanged {
        step: Step,
    },
    TurnBegan {
        hero: HeroKind,
        round: u32,
    },
    TurnSkipped {
        hero: HeroKind,
    },
    ExtraTurnUsed {
        hero: HeroKind,
    },
    BossFightBegan {
        at: Pos,
        revealer: HeroKind,
        adventurer: bool,
    },
    HenchmenRolled {
        roll: String,
        count: u8,
    },
    HenchmanAdded {
        monster: TileKind,
        from_pile: bool,
    },
    HenchmanDiscarded {
        monster: TileKind,
    },
    BossStageChanged {
        stage: BossStage,
    },
    HenchmanDefeated {
        hero: HeroKind,
        monster: TileKind,
    },
    BossDefeated {
        hero: HeroKind,
        at: Pos,
    },
    BossFightEnded,
    DungeonReset {
        resets: u32,
    },
    SessionStarted {
        session: u32,
    },
    Outcome {
        outcome: Outcome,
    },
    Bought {
        hero: HeroKind,
        drawn: Vec<TileKind>,
        kept: TileKind,
        paid: Vec<TileKind>,
    },
    Sold {
        hero: HeroKind,
        item: TileKind,
        reclaimed: Vec<TileKind>,
    },
    LevelGained {
        hero: HeroKind,
        level: u8,
        xp: u32,
        keys: u32,
        gear: Option<Gear>,
    },
    GearUsed {
        hero: HeroKind,
        gear: Gear,
        round: u32,
    },
    Peeked {
        hero: HeroKind,
        at: Pos,
    },
    ShieldRaised {
        hero: HeroKind,
    },
    HolyWaterTaken {
        hero: HeroKind,
    },
    HolyWaterSpent {
        hero: HeroKind,
    },
    RingBought {
        hero: HeroKind,
        item: TileKind,
        paid: Vec<TileKind>,
    },
    /// The Grapple Shot snatches an Item or Spell off the floor and holds it.
    Grappled {
        hero: HeroKind,
        at: Pos,
        item: TileKind,
    },
    /// The tile the Grapple Shot held goes into the Inventory.
    Stowed {
        hero: HeroKind,
        item: TileKind,
    },
    /// The Harp, played by `hero` on the turn of `turn_of` in `round`.
    MonsterSlept {
        hero: HeroKind,
        at: Pos,
        monster: TileKind,
        round: u32,
        turn_of: HeroKind,
    },
    /// A sleeping Monster wakes; `fought_by` (the heroes who see it) must
    /// attack it on their turn before moving. Seen by none, it goes to the
    /// Monster Pile (a `to_pile` follows).
    MonsterWoke {
        at: Pos,
        monster: TileKind,
        fought_by: Vec<HeroKind>,
    },
    /// Bed Roll: the hero lies down; the rest of the turn is forfeit.
    BedRolled {
        hero: HeroKind,
    },
    /// The Bed Roll's rest is over; `healed` when it succeeded.
    Rested {
        hero: HeroKind,
        healed: bool,
    },
    /// A Spell leaves the Inventory for the Spell Tome.
    Memorized {
        hero: HeroKind,
        spell: TileKind,
    },
    /// A memorized Spell cast (it stays in the Tome); `counted` when it is
    /// the caster's own turn (a use, as any Spell cast).
    TomeCast {
        hero: HeroKind,
        spell: TileKind,
        counted: bool,
    },
}

fn remove_one(v: &mut Vec<TileKind>, k: TileKind) -> bool {
    match v.iter().position(|x| *x == k) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

fn put_in_inventory(s: &mut State, hero: HeroKind, item: TileKind) {
    if let Some(h) = s.hero_mut(hero) {
        if item == TileKind::BigBag {
            h.big_bag = true;
        } else {
            h.inventory.push(item);
        }
    }
}

/// Take an item out of an inventory (the Big Bag is a flag, not a slot).
fn take_from_inventory(s: &mut State, hero: HeroKind, item: TileKind) {
    if let Some(h) = s.hero_mut(hero) {
        if item == TileKind::BigBag {
            h.big_bag = false;
        } else {
            remove_one(&mut h.inventory, item);
        }
    }
}

pub fn evolve(s: &mut State, e: &Event) {
    match e {
        Event::Moved { hero, to } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.pos = Some(*to);
            }
        }
        Event::Revealed { at, tile } => {
            s.set_cell(*at, Cell::Shown(*tile));
            let n = s.revealed.entry(*tile).or_insert(0);
            *n = n.saturating_add(1);
            s.turn.revealed_any = true;
        }
        Event::ToPile { at, tile, pile } => {
            s.set_cell(*at, Cell::Empty);
            s.piles.get_mut(*pile).push(*tile);
        }
        Event::Hearts { hero, hearts, .. } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.hearts = *hearts;
            }
        }
        Event::ShieldSpent { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.shield = false;
            }
        }
        Event::EffectGained { hero, at, effect } => {
            s.set_cell(*at, Cell::Empty);
            if let Some(h) = s.hero_mut(*hero) {
                h.effects.push(*effect);
            }
        }
        Event::EffectSpent { hero, effect } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.effects.pop();
            }
            s.piles.discard.push(*effect);
        }
        Event::RelicCollected { at, relic } => {
            s.set_cell(*at, Cell::Empty);
            s.relics.push(*relic);
        }
        Event::ExitFound { .. } => s.exit_found = true,
        Event::MerchantOpened { .. } => s.merchant_open = true,
        Event::PegasusBefriended { hero, at } => {
            s.set_cell(*at, Cell::Empty);
            if let Some(h) = s.hero_mut(*hero) {
                h.pegasus = true;
            }
        }
        Event::KeyTaken { hero, at } => {
            s.keys.retain(|k| k != at);
            if let Some(h) = s.hero_mut(*hero) {
                h.keys = h.keys.saturating_add(1);
            }
        }
        Event::Poisoned { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.poisoned = true;
            }
        }
        Event::PoisonRolled { hero, cured, .. } => {
            s.turn.poison_rolled = true;
            if let Some(h) = s.hero_mut(*hero) {
                h.poisoned &= !cured;
            }
        }
        Event::PoisonCured { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.poisoned = false;
            }
        }
        Event::Attacked { reroll, target, .. } => {
            s.turn.rerolled |= reroll.is_some();
            s.turn.stunned.retain(|p| p != target);
        }
        Event::MonsterDefeated { at, monster, hero } => {
            s.set_cell(*at, Cell::Empty);
            s.piles.monster.push(*monster);
            if let Some(h) = s.hero_mut(*hero) {
                h.xp = h.xp.saturating_add(1);
            }
        }
        Event::SkellyStays { hero, at } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.pinned.push(*at);
            }
        }
        Event::LosesNextTurn { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.skip_next_turn = true;
            }
        }
        Event::Stunned { at } => s.turn.stunned.push(*at),
        Event::ItemTaken { hero, at, item } => {
            s.set_cell(*at, Cell::Empty);
            put_in_inventory(s, *hero, *item);
            s.turn.took = true;
        }
        Event::ItemLost { hero, item, pile } => {
            take_from_inventory(s, *hero, *item);
            s.piles.get_mut(*pile).push(*item);
        }
        Event::ItemUsed { hero, item, kept } => {
            s.turn.uses = s.turn.uses.saturating_add(1);
            if !kept {
                take_from_inventory(s, *hero, *item);
                s.piles.merchant.push(*item);
            }
        }
        Event::ItemGiven { from, to, item } => {
            s.turn.uses = s.turn.uses.saturating_add(1);
            take_from_inventory(s, *from, *item);
            put_in_inventory(s, *to, *item);
        }
        Event::KeyGiven { from, to } => {
            s.turn.uses = s.turn.uses.saturating_add(1);
            if let Some(h) = s.hero_mut(*from) {
                h.keys = h.keys.saturating_sub(1);
            }
            if let Some(h) = s.hero_mut(*to) {
                h.keys = h.keys.saturating_add(1);
            }
        }
        Event::GemLost { gem, rng } => {
            if let Some(r) = rng {
                s.rng = r.clone();
            }
            remove_one(&mut s.piles.gem, *gem);
            s.piles.discard.push(*gem);
        }
        Event::WallRemoved { at } => {
            s.set_cell(*at, Cell::Empty);
            s.piles.discard.push(TileKind::Wall);
        }
        Event::TilesSwapped { a, b } => {
            if let (Some(ca), Some(cb)) = (s.cell(*a), s.cell(*b)) {
                s.set_cell(*a, cb);
                s.set_cell(*b, ca);
            }
        }
        Event::ExtraTurn { .. } => s.extra_turns = s.extra_turns.saturating_add(1),
        Event::Revived { hero, hearts } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.dead = false;
                h.hearts = *hearts;
            }
        }
        Event::HeroDied { hero } => {
            let Some(h) = s.hero_mut(*hero) else { return };
            h.dead = true;
            h.hearts = 0;
            h.poisoned = false;
            h.pinned.clear();
            h.shield = false;
            h.holy_water = false;
            h.resting = false;
            h.skip_next_turn = false;
            let mut lost = std::mem::take(&mut h.inventory);
            if std::mem::take(&mut h.big_bag) {
                lost.push(TileKind::BigBag);
            }
            lost.extend(h.grappled.take());
            lost.append(&mut h.tome);
            let effects = std::mem::take(&mut h.effects);
            s.piles.merchant.extend(lost);
            s.piles.discard.extend(effects);
        }
        Event::LastTurnsBegan { owed } => s.last_turns = Some(owed.clone()),
        Event::LastTurnTaken { hero } => {
            if let Some(o) = &mut s.last_turns {
                o.retain(|h| h != hero);
            }
        }
        Event::LastTurnsEnded => s.last_turns = None,
        Event::StepChanged { step } => s.turn.step = *step,
        Event::TurnBegan { hero, round } => {
            s.turn = Turn::new(*hero);
            s.round = *round;
        }
        Event::TurnSkipped { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.skip_next_turn = false;
            }
        }
        Event::ExtraTurnUsed { .. } => s.extra_turns = s.extra_turns.saturating_sub(1),
        Event::BossFightBegan {
            at,
            revealer,
            adventurer,
        } => {
            s.boss = Some(BossFight {
                at: *at,
                revealer: *revealer,
                stack: Vec::new(),
                stage: BossStage::Henchmen,
                adventurer_discard: *adventurer,
                saved_turn: s.turn.clone(),
            });
        }
        Event::HenchmenRolled { .. } => {}
        Event::HenchmanAdded { monster, from_pile } => {
            if *from_pile {
                remove_one(&mut s.piles.monster, *monster);
            }
            if let Some(b) = &mut s.boss {
                b.stack.push(*monster);
            }
        }
        Event::HenchmanDiscarded { monster } => {
            if let Some(b) = &mut s.boss {
                b.stack.pop();
                b.adventurer_discard = false;
            }
            s.piles.discard.push(*monster);
        }
        Event::BossStageChanged { stage } => {
            if let BossStage::Fight { attacker } = stage {
                s.turn = Turn::new(*attacker);
                s.turn.step = Step::Fighting;
            }
            if let Some(b) = &mut s.boss {
                b.stage = stage.clone();
            }
        }
        Event::HenchmanDefeated { hero, monster } => {
            if let Some(b) = &mut s.boss {
                b.stack.pop();
            }
            s.piles.monster.push(*monster);
            if let Some(h) = s.hero_mut(*hero) {
                h.xp = h.xp.saturating_add(1);
            }
        }
        Event::BossDefeated { hero, at } => {
            s.set_cell(*at, Cell::Empty);
            s.piles.monster.push(TileKind::Boss);
            s.boss_defeated = true;
            if let Some(h) = s.hero_mut(*hero) {
                h.xp = h.xp.saturating_add(1);
            }
        }
        Event::BossFightEnded => {
            if let Some(b) = s.boss.take() {
                s.turn = b.saved_turn;
            }
        }
        Event::DungeonReset { resets } => {
            crate::setup::lay_mat(s, false);
            s.resets = *resets;
        }
        Event::SessionStarted { session } => {
            crate::setup::lay_mat(s, true);
            s.campaign = Some(*session);
        }
        Event::Outcome { outcome } => s.outcome = Some(*outcome),
        Event::Bought {
            hero,
            drawn,
            kept,
            paid,
        } => {
            for g in paid {
                remove_one(&mut s.piles.gem, *g);
                s.piles.discard.push(*g);
            }
            for d in drawn {
                remove_one(&mut s.piles.merchant, *d);
            }
            let mut back = drawn.clone();
            remove_one(&mut back, *kept);
            s.piles.merchant.extend(back);
            put_in_inventory(s, *hero, *kept);
            s.turn.bought = true;
        }
        Event::Sold {
            hero,
            item,
            reclaimed,
        } => {
            take_from_inventory(s, *hero, *item);
            s.piles.merchant.push(*item);
            for g in reclaimed {
                remove_one(&mut s.piles.discard, *g);
                s.piles.gem.push(*g);
            }
            s.turn.sold = true;
        }
        Event::LevelGained {
            hero,
            level,
            xp,
            keys,
            gear,
        } => {
            let cape_max = s.rules.numbers.max_hearts_with_cape;
            if let Some(h) = s.hero_mut(*hero) {
                h.level = *level;
                h.xp = h.xp.saturating_sub(*xp);
                h.keys = h.keys.saturating_sub(*keys);
                if let Some(g) = gear {
                    h.gear.push(*g);
                    if *g == Gear::HeroCape {
                        h.max_hearts = h.max_hearts.saturating_add(1).min(cape_max);
                        h.hearts = h.hearts.saturating_add(1).min(h.max_hearts);
                    }
                }
            }
        }
        Event::GearUsed { hero, gear, round } => {
            let rule = s.rules.gear(*gear);
            s.turn.gear_used.push(*gear);
            if let Some(h) = s.hero_mut(*hero) {
                h.gear_round.insert(*gear, *round);
                if rule.cooldown > 0 {
                    h.gear_ready
                        .insert(*gear, round.saturating_add(rule.cooldown).saturating_add(1));
                }
            }
        }
        Event::Peeked { .. } => {}
        Event::ShieldRaised { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.shield = true;
            }
        }
        Event::HolyWaterTaken { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.holy_water = true;
            }
        }
        Event::HolyWaterSpent { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.holy_water = false;
            }
        }
        Event::RingBought { hero, item, paid } => {
            for g in paid {
                remove_one(&mut s.piles.gem, *g);
                s.piles.discard.push(*g);
            }
            remove_one(&mut s.piles.discard, *item);
            put_in_inventory(s, *hero, *item);
        }
        Event::Grappled { hero, at, item } => {
            s.set_cell(*at, Cell::Empty);
            if let Some(h) = s.hero_mut(*hero) {
                h.grappled = Some(*item);
            }
        }
        Event::Stowed { hero, item } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.grappled = None;
            }
            put_in_inventory(s, *hero, *item);
        }
        Event::MonsterSlept {
            at,
            monster,
            round,
            turn_of,
            ..
        } => {
            for h in &mut s.heroes {
                h.pinned.retain(|q| q != at);
            }
            s.sleeping.push(Sleeper {
                at: *at,
                monster: *monster,
                round: *round,
                hero: *turn_of,
            });
        }
        Event::BedRolled { hero } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.resting = true;
            }
        }
        Event::Rested { hero, .. } => {
            if let Some(h) = s.hero_mut(*hero) {
                h.resting = false;
            }
        }
        Event::Memorized { hero, spell } => {
            take_from_inventory(s, *hero, *spell);
            if let Some(h) = s.hero_mut(*hero) {
                h.tome.push(*spell);
            }
        }
        Event::TomeCast { counted, .. } => {
            if *counted {
                s.turn.uses = s.turn.uses.saturating_add(1);
            }
        }
        Event::MonsterWoke { at, fought_by, .. } => {
            s.sleeping.retain(|z| z.at != *at);
            for k in fought_by {
                if let Some(h) = s.hero_mut(*k) {
                    if !h.pinned.contains(at) {
                        h.pinned.push(*at);
                    }
                }
            }
        }
    }
}
