//! The Don't Go Alone expansion: Poison, Keys, Levels, Gear and sessions.

use super::turn::hurt;
use super::Ctx;
use crate::command::Command;
use crate::data::PoisonRoll;
use crate::event::{AttackResult, Event};
use crate::state::{Outcome, Step};
use crate::tile::{Gear, HeroKind, Pos, TileKind};
use tw_rules::Refusal;

const POISON: &str = "Poison";
const LEVEL: &str = "Leveling Up";
const GEAR: &str = "Gear";

fn expansion(ctx: &Ctx, rule: &str) -> Result<(), Refusal> {
    if !ctx.s.expansion {
        return Err(Refusal::new(
            rule,
            "this comes with the Don't Go Alone expansion: set `expansion` in the setup",
        ));
    }
    Ok(())
}

pub fn poison_roll(ctx: &mut Ctx, roll: &str) -> Result<(), Refusal> {
    ctx.no_boss_fight("the Poison roll")?;
    let me = ctx.me()?;
    if !ctx.s.hero(me).is_some_and(|h| h.poisoned) {
        return Err(Refusal::new(POISON, format!("{me} is not Poisoned")));
    }
    if ctx.s.turn.step != Step::Start || ctx.s.turn.poison_rolled {
        return Err(Refusal::new(
            POISON,
            "the Poison is rolled once, at the start of the turn",
        ));
    }
    let result = *ctx.s.rules.dice.poison.get(roll).ok_or_else(|| {
        Refusal::new(
            POISON,
            format!("{roll:?} is not a face of the Attack Die (data/dice.json poison)"),
        )
    })?;
    ctx.emit(Event::PoisonRolled {
        hero: me,
        roll: roll.to_string(),
        cured: result == PoisonRoll::Cure,
    });
    if result == PoisonRoll::LoseHeart {
        hurt(ctx, me, 1, "Poison");
    }
    Ok(())
}

pub fn give_key(ctx: &mut Ctx, to: HeroKind) -> Result<(), Refusal> {
    const RULE: &str = "Gaining XP & Keys";
    expansion(ctx, RULE)?;
    let me = ctx.me()?;
    ctx.alive(to)?;
    if to == me {
        return Err(Refusal::new(RULE, "give the Key to another Hero"));
    }
    if ctx.s.hero(me).is_none_or(|h| h.keys == 0) {
        return Err(Refusal::new(RULE, format!("{me} has no Key")));
    }
    super::items::count_use(ctx, me)?;
    ctx.emit(Event::KeyGiven { from: me, to });
    Ok(())
}

pub fn level_up(ctx: &mut Ctx, gear: Option<Gear>) -> Result<(), Refusal> {
    expansion(ctx, LEVEL)?;
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(LEVEL, "no hero"))?;
    let levels = ctx.s.rules.numbers.levels.clone();
    let Some(need) = levels.get(h.level as usize) else {
        return Err(Refusal::new(
            LEVEL,
            format!("{me} is at Level {}, the last", h.level),
        ));
    };
    let next = h.level + 1;
    if h.xp < need.xp || h.keys < need.keys {
        return Err(Refusal::new(
            LEVEL,
            format!(
                "Level {next} costs {} XP and {} Key(s); {me} has {} XP and {} Key(s)",
                need.xp, need.keys, h.xp, h.keys
            ),
        ));
    }
    let room = h.gear.len() < ctx.s.rules.numbers.max_gear;
    match gear {
        None if room => {
            return Err(Refusal::new(
                GEAR,
                "a new Level earns 1 piece of Gear: name it (`gear`)",
            ))
        }
        Some(_) if !room => {
            return Err(Refusal::new(
                GEAR,
                format!("{me} holds three pieces of Gear, the most a Hero may"),
            ))
        }
        Some(g) => {
            if ctx.s.heroes.iter().any(|o| o.gear.contains(&g)) {
                return Err(Refusal::new(
                    GEAR,
                    format!("the {} is already taken", g.name()),
                ));
            }
            if g.hat_of().is_some() && h.gear.iter().any(|o| o.hat_of().is_some()) {
                return Err(Refusal::new(
                    "Hero Hats",
                    "a Hero may only wear one Hero Hat",
                ));
            }
        }
        None => {}
    }
    ctx.emit(Event::LevelGained {
        hero: me,
        level: next,
        xp: need.xp,
        keys: need.keys,
        gear,
    });
    let top = levels.len();
    if ctx.s.campaign.is_some() && ctx.s.heroes.iter().all(|h| h.level as usize >= top) {
        ctx.emit(Event::Outcome {
            outcome: Outcome::CampaignWon,
        });
    }
    Ok(())
}

/// One `use_gear` command's fields.
pub struct GearUse {
    pub gear: Gear,
    pub at: Option<Pos>,
    pub hero: Option<HeroKind>,
    pub take: Option<TileKind>,
    pub by: Option<HeroKind>,
    pub roll: Option<String>,
    pub steal: Option<TileKind>,
    pub gem: Option<TileKind>,
}

/// Gear that may be used on another Hero's turn.
fn on_others_turn(g: Gear) -> bool {
    matches!(g, Gear::HolyWater | Gear::Harp | Gear::BowAndArrow)
}

/// Gear used only on another Hero's turn.
fn only_on_others_turn(g: Gear) -> bool {
    matches!(g, Gear::Harp | Gear::BowAndArrow)
}

pub fn use_gear(ctx: &mut Ctx, u: GearUse) -> Result<(), Refusal> {
    expansion(ctx, GEAR)?;
    let gear = u.gear;
    let rule = format!("Gear: {}", gear.name());
    let current = ctx.me()?;
    let me = u.by.unwrap_or(current);
    ctx.alive(me)?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(GEAR, "no hero"))?;
    if !h.gear.contains(&gear) {
        return Err(Refusal::new(
            GEAR,
            format!(
                "{me} has no {}; Gear is bound to the Hero who gained it",
                gear.name()
            ),
        ));
    }
    let r = ctx.s.rules.gear(gear);
    if !r.played {
        return Err(Refusal::new(
            rule,
            "this engine does not play this piece of Gear yet; settle it at the table",
        ));
    }
    if me != current && !on_others_turn(gear) {
        return Err(Refusal::new(
            rule,
            format!("{me} uses this on their own turn, and it is {current}'s turn"),
        ));
    }
    if me == current && only_on_others_turn(gear) {
        return Err(Refusal::new(
            rule,
            format!("used only on another Hero's turn, and it is {me}'s own"),
        ));
    }
    if gear != Gear::BowAndArrow && (u.roll.is_some() || u.steal.is_some() || u.gem.is_some()) {
        return Err(Refusal::new(
            rule,
            "`roll`, `steal` and `gem` belong to a Bow & Arrow shot",
        ));
    }
    let round = ctx.s.round;
    if let Some(ready) = h.gear_ready.get(&gear).filter(|r| **r > round) {
        return Err(Refusal::new(
            rule,
            format!("cooling down: usable again in round {ready} (now round {round})"),
        ));
    }
    if r.once_a_round && h.gear_round.get(&gear) == Some(&round) {
        return Err(Refusal::new(
            rule,
            "used once per round, and already used this round",
        ));
    }
    if ctx.s.turn.gear_used.contains(&gear) {
        return Err(Refusal::new(rule, "already used this turn"));
    }
    let need_at = || {
        u.at.ok_or_else(|| Refusal::new(format!("Gear: {}", gear.name()), "name the space (`at`)"))
    };
    let used = Event::GearUsed {
        hero: me,
        gear,
        round,
    };
    match gear {
        Gear::Torch => {
            let at = need_at()?;
            let from = h
                .pos
                .ok_or_else(|| Refusal::new(rule.clone(), "enter the dungeon first"))?;
            ctx.on_mat(at, "at")?;
            if from.distance(at) != 2 || ctx.s.cell(at) != Some(crate::state::Cell::Hidden) {
                return Err(Refusal::new(rule, format!("peek at a face-down tile 1 space beyond the Circle Of Sight; {at} is not one")));
            }
            ctx.emit(Event::Peeked { hero: me, at });
        }
        Gear::Shield => ctx.emit(Event::ShieldRaised { hero: me }),
        Gear::Boomerang => {
            let at = need_at()?;
            if !ctx.s.to_fight().contains(&at) && !h.pinned.contains(&at) {
                return Err(Refusal::new(
                    rule,
                    format!("stun a Monster {me} is fighting; there is none at {at}"),
                ));
            }
            ctx.emit(Event::Stunned { at });
        }
        Gear::MagicRing => {
            let Some(item) = u.take else {
                return Err(Refusal::new(
                    rule,
                    "name the Item or Spell (`take`) from the Discard Pile",
                ));
            };
            if !item.is_item_or_spell() || !ctx.s.piles.discard.contains(&item) {
                return Err(Refusal::new(
                    rule,
                    format!("the Discard Pile holds no {item}"),
                ));
            }
            let price = ctx.s.rules.numbers.magic_ring_price;
            let gems: Vec<TileKind> = ctx.s.piles.gem.clone();
            let paid = super::merchant::pay(&gems, price).ok_or_else(|| {
                Refusal::new(
                    rule.clone(),
                    format!("the Magic Ring costs {price} Gems from the Gem Pile"),
                )
            })?;
            let full = h.inventory.len() >= ctx.s.inventory_limit(me);
            if item != TileKind::BigBag && full || item == TileKind::BigBag && h.big_bag {
                return Err(Refusal::new(
                    rule,
                    format!("{me}'s Inventory has no room for it"),
                ));
            }
            ctx.emit(Event::RingBought {
                hero: me,
                item,
                paid,
            });
        }
        Gear::HolyWater => {
            // On one's own turn the drinker defaults to oneself; on another
            // Hero's turn, to the hero taking it (about to fight).
            let target = u.hero.unwrap_or(current);
            ctx.alive(target)?;
            if ctx.s.hero(target).is_some_and(|t| t.holy_water) {
                return Err(Refusal::new(
                    rule,
                    format!("{target} already has Holy Water, waiting for a Critical Miss"),
                ));
            }
            ctx.emit(Event::HolyWaterTaken { hero: target });
        }
        Gear::Harp => {
            ctx.no_boss_fight("playing the Harp")?;
            let at = need_at()?;
            ctx.on_mat(at, "at")?;
            let monster = face_up_monster(ctx, at, &rule)?;
            if ctx.s.asleep(at) {
                return Err(Refusal::new(
                    rule,
                    format!("the {monster} at {at} is already asleep"),
                ));
            }
            ctx.emit(Event::MonsterSlept {
                hero: me,
                at,
                monster,
                round,
                turn_of: current,
            });
            super::turn::settle(ctx);
        }
        Gear::BowAndArrow => {
            ctx.no_boss_fight("shooting the Bow & Arrow")?;
            let at = need_at()?;
            ctx.on_mat(at, "at")?;
            let Some(roll) = u.roll.as_deref() else {
                return Err(Refusal::new(rule, "give the shot's roll (`roll`)"));
            };
            let from = h.pos.ok_or_else(|| {
                Refusal::new(rule.clone(), format!("{me} shoots from inside the dungeon"))
            })?;
            let monster = face_up_monster(ctx, at, &rule)?;
            if from.distance(at) <= 1 {
                return Err(Refusal::new(
                    rule,
                    format!("the Bow & Arrow shoots a Monster outside {me}'s Circle Of Sight; {at} is in it"),
                ));
            }
            super::combat::check_steal(ctx, me, u.steal, u.gem)?;
            ctx.emit(used);
            shoot(ctx, me, at, monster, roll, u.steal, u.gem)?;
            return Ok(());
        }
        Gear::GrappleShot => {
            ctx.no_boss_fight("the Grapple Shot")?;
            let at = need_at()?;
            ctx.on_mat(at, "at")?;
            if let Some(held) = h.grappled {
                return Err(Refusal::new(
                    rule,
                    format!("the Grapple Shot holds 1 tile at a time and holds the {held}: put it in the Inventory first (`stow`)"),
                ));
            }
            let Some(item) = ctx.s.shown(at).filter(|k| k.is_item_or_spell()) else {
                return Err(Refusal::new(
                    rule,
                    format!("snatch an Item or Spell face up on the Dungeon Floor; there is none at {at}"),
                ));
            };
            ctx.emit(Event::Grappled { hero: me, at, item });
        }
        Gear::HeroCape | Gear::Helmet | Gear::ArcherCap | Gear::WizardHat => {
            return Err(Refusal::new(
                rule,
                "this piece works by itself; it is never used",
            ))
        }
        Gear::MassiveSword => {
            return Err(Refusal::new(
                rule,
                "declare the second Monster in the attack (`second`)",
            ))
        }
        Gear::SpellTome => {
            return Err(Refusal::new(
                rule,
                "memorize a Spell with `memorize`, cast one with `tome`",
            ))
        }
        Gear::BedRoll => {
            ctx.no_boss_fight("the Bed Roll")?;
            let to = need_at()?;
            bed_roll(ctx, me, to, &rule)?;
            ctx.emit(used);
            super::turn::advance(ctx);
            return Ok(());
        }
    }
    ctx.emit(used);
    Ok(())
}

/// What both Bed Roll commands check first, in this order: the hero's turn
/// has not started and `unready` does not hold of the hero (else
/// `not_ready` words the refusal), poison is rolled, and no Monster pins
/// the hero (`pinned_then` ends that refusal: "the Monster at P must be
/// attacked …"). Returns the hero.
fn bed_roll_start(
    ctx: &mut Ctx,
    me: HeroKind,
    rule: &str,
    not_ready: impl FnOnce() -> String,
    unready: impl Fn(&crate::state::Hero) -> bool,
    pinned_then: &str,
) -> Result<crate::state::Hero, Refusal> {
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(GEAR, "no hero"))?;
    if unready(&h) || ctx.s.turn.step != Step::Start {
        return Err(Refusal::new(rule, not_ready()));
    }
    super::turn::poison_rolled_first(ctx, me, h.poisoned)?;
    if let Some(p) = h.pinned.first() {
        return Err(Refusal::new(
            rule,
            format!("the Monster at {p} must be attacked {pinned_then}"),
        ));
    }
    Ok(h)
}

/// Bed Roll: "To use Bedroll, first move one space. The rest of the your
/// turn is forfeit." Used at the start of the turn instead of the move:
/// one step (in the dungeon, to open floor), nothing is turned up.
fn bed_roll(ctx: &mut Ctx, me: HeroKind, to: Pos, rule: &str) -> Result<(), Refusal> {
    let h = bed_roll_start(
        ctx,
        me,
        rule,
        || format!("first move one space: {me} has already moved this turn"),
        |_| false,
        &format!("before {me} moves"),
    )?;
    let from = h
        .pos
        .ok_or_else(|| Refusal::new(rule, "enter the dungeon first"))?;
    ctx.on_mat(to, "at")?;
    if from.distance(to) != 1 || !super::walkable(ctx.s.cell(to), h.pegasus) {
        return Err(Refusal::new(
            rule,
            format!("move one space, to open floor; {to} is not such a space"),
        ));
    }
    ctx.emit(Event::Moved { hero: me, to });
    super::turn::after_position_change(ctx, me);
    ctx.emit(Event::BedRolled { hero: me });
    Ok(())
}

/// Bed Roll: "On your next turn, reveal 1 tile in your Circle Of Sight. If
/// it is a Monster, it must be fought and your rest was not successful.
/// The Hero rests successfuly if the tile was anything but a Monster or a
/// Trap. A successful rest restores 1 Heart." This replaces the turn's
/// move; the tile is resolved as any revealed tile, then the turn goes on
/// (fight, pick-up, end). With no face-down tile in sight the rest succeeds.
/// The Boss counts as a Monster.
pub fn wake_up(
    ctx: &mut Ctx,
    at: Option<Pos>,
    tile: Option<TileKind>,
    disarm: bool,
    saves: &std::collections::BTreeMap<HeroKind, String>,
) -> Result<(), Refusal> {
    let rule = format!("Gear: {}", Gear::BedRoll.name());
    ctx.no_boss_fight("waking up")?;
    let me = ctx.me()?;
    bed_roll_start(
        ctx,
        me,
        &rule,
        || format!("{me} is not resting on the Bed Roll"),
        |h| !h.resting,
        "first",
    )?;
    let sight = ctx.s.hero_sight(me);
    let hidden: Vec<Pos> = sight
        .iter()
        .copied()
        .filter(|p| ctx.s.cell(*p) == Some(crate::state::Cell::Hidden))
        .collect();
    let reveal = match (at, tile) {
        (Some(at), Some(tile)) => {
            if !hidden.contains(&at) {
                return Err(Refusal::new(
                    rule,
                    format!("turn up a face-down tile of {me}'s Circle Of Sight; {at} is not one"),
                ));
            }
            vec![crate::command::Reveal {
                at,
                tile,
                disarm,
                saves: saves.clone(),
            }]
        }
        (None, None) if hidden.is_empty() => vec![],
        _ => {
            return Err(Refusal::new(
                rule,
                "name the 1 tile turned up in the Circle Of Sight: `at` and `tile`",
            ))
        }
    };
    // The tile must be one the mat still holds, named once.
    super::turn::check_reveals(
        ctx,
        &reveal.iter().map(|r| r.at).collect::<Vec<_>>(),
        &reveal,
        "Circle Of Sight",
    )?;
    ctx.emit(Event::StepChanged {
        step: Step::Fighting,
    });
    let first = !ctx.s.turn.revealed_any;
    super::turn::reveal_and_resolve(ctx, me, &reveal, first)?;
    let healed = reveal.first().is_none_or(|r| {
        !matches!(
            r.tile.category(),
            crate::tile::Category::Monster
                | crate::tile::Category::Trap
                | crate::tile::Category::Boss
        )
    });
    if let Some(h) = ctx.s.hero(me).filter(|h| !h.dead) {
        let (hearts, max) = (h.hearts, h.max_hearts);
        ctx.emit(Event::Rested { hero: me, healed });
        if healed && hearts < max {
            ctx.emit(Event::Hearts {
                hero: me,
                hearts: hearts + 1,
                why: "Bed Roll".into(),
            });
        }
    }
    super::turn::settle(ctx);
    Ok(())
}

/// The Monster face up at `at` (not the Boss).
fn face_up_monster(ctx: &Ctx, at: Pos, rule: &str) -> Result<TileKind, Refusal> {
    ctx.s
        .shown(at)
        .filter(|k| k.is_monster())
        .ok_or_else(|| Refusal::new(rule, format!("there is no Monster face up at {at}")))
}

/// Bow & Arrow: "Missing does not cause the loss of a Heart, however
/// Critical Miss effects still take effect." The shot is an attack roll
/// of the shooter (their Brute Strength and Effects count; no re-roll).
/// A hit defeats the Monster (XP to the shooter); a miss leaves it where
/// it is, to be fought as before; a Critical Miss's own effect falls on the
/// shooter (Holy Water cancels it), a Minotaur's included (its extra
/// Heart), but not a Skelly Archer's: it stays, as any Monster shot at.
fn shoot(
    ctx: &mut Ctx,
    me: HeroKind,
    at: Pos,
    monster: TileKind,
    roll: &str,
    steal: Option<TileKind>,
    gem: Option<TileKind>,
) -> Result<(), Refusal> {
    let crit = ctx.s.rules.critical(monster);
    let (result, _) = super::combat::roll_attack(ctx, me, at, monster, roll, None)?;
    match result {
        AttackResult::Hit => ctx.emit(Event::MonsterDefeated {
            at,
            monster,
            hero: me,
        }),
        AttackResult::Miss => {}
        AttackResult::CriticalMiss => {
            let extra = super::combat::critical(ctx, me, crit, steal, gem, None)?;
            if let Some(n) = extra.filter(|n| *n > 0) {
                hurt(ctx, me, n, "critical miss (Bow & Arrow)");
            }
        }
    }
    super::turn::settle(ctx);
    Ok(())
}

/// Grapple Shot: "Held items can be placed into Inventory if there is
/// room." Not a use of the Grapple Shot nor of an Item; on the holder's turn.
pub fn stow(ctx: &mut Ctx) -> Result<(), Refusal> {
    let rule = format!("Gear: {}", Gear::GrappleShot.name());
    let me = ctx.me()?;
    let Some(item) = ctx.s.hero(me).and_then(|h| h.grappled) else {
        return Err(Refusal::new(
            rule,
            format!("{me}'s Grapple Shot holds nothing"),
        ));
    };
    let h = ctx
        .s
        .hero(me)
        .ok_or_else(|| Refusal::new(GEAR, "no hero"))?;
    let room = if item == TileKind::BigBag {
        !h.big_bag
    } else {
        h.inventory.len() < ctx.s.inventory_limit(me)
    };
    if !room {
        return Err(Refusal::new(
            rule,
            format!(
                "{me}'s Inventory has no room for the {item}; the Grapple Shot keeps holding it"
            ),
        ));
    }
    ctx.emit(Event::Stowed { hero: me, item });
    Ok(())
}

/// Spell Tome: "Keep up to 2 Memorized Spells in the Tome. Memorized
/// Spells do not count towards Inventory limits." A Spell held in the
/// Inventory is memorized on the holder's turn (not a use); it stays
/// memorized for the session (lost at death, with the Inventory).
pub fn memorize(ctx: &mut Ctx, spell: TileKind) -> Result<(), Refusal> {
    expansion(ctx, GEAR)?;
    let rule = format!("Gear: {}", Gear::SpellTome.name());
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(GEAR, "no hero"))?;
    if !h.gear.contains(&Gear::SpellTome) {
        return Err(Refusal::new(GEAR, format!("{me} has no Spell Tome")));
    }
    if spell.category() != crate::tile::Category::Spell {
        return Err(Refusal::new(
            rule,
            format!("only Spells are memorized; the {spell} is an Item"),
        ));
    }
    if !h.inventory.contains(&spell) {
        return Err(Refusal::new(rule, format!("{me} holds no {spell}")));
    }
    if h.tome.len() >= 2 {
        return Err(Refusal::new(
            rule,
            "the Tome keeps up to 2 Memorized Spells, and holds 2",
        ));
    }
    ctx.emit(Event::Memorized { hero: me, spell });
    Ok(())
}

/// The Spell a command casts, if it casts one.
fn spell_of(c: &Command) -> Option<TileKind> {
    Some(match c {
        Command::Teleport { .. } => TileKind::Teleport,
        Command::SwapTiles { .. } => TileKind::SwapTiles,
        Command::ExtraMove => TileKind::ExtraMove,
        Command::Foresight { .. } => TileKind::Foresight,
        Command::PhoenixFeather { .. } => TileKind::PhoenixFeather,
        Command::Confusion { .. } => TileKind::Confusion,
        _ => return None,
    })
}

/// Spell Tome: "Do not discard Memorized Spells when used. One Memorized
/// Spell may be used on another Hero's turn, only if it was not used
/// during your turn. Cooldown: 2 Rounds." A cast (one's own turn or
/// another's) starts the Tome's cooldown, so one cast at most between
/// cooldowns; on one's own turn it is a use like any Spell, on another
/// Hero's turn it works as that Hero's cast would (their sight, their
/// fight) but is not their use.
pub fn tome(ctx: &mut Ctx, by: Option<HeroKind>, cast: &Command) -> Result<(), Refusal> {
    expansion(ctx, GEAR)?;
    let gear = Gear::SpellTome;
    let rule = format!("Gear: {}", gear.name());
    let current = ctx.me()?;
    let me = by.unwrap_or(current);
    ctx.alive(me)?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(GEAR, "no hero"))?;
    if !h.gear.contains(&gear) {
        return Err(Refusal::new(GEAR, format!("{me} has no Spell Tome")));
    }
    if !ctx.s.rules.gear(gear).played {
        return Err(Refusal::new(
            rule,
            "this engine does not play this piece of Gear yet; settle it at the table",
        ));
    }
    let Some(spell) = spell_of(cast) else {
        return Err(Refusal::new(
            rule,
            "`cast` is a Spell's command (teleport, swap_tiles, extra_move, foresight, phoenix_feather, confusion)",
        ));
    };
    if !h.tome.contains(&spell) {
        return Err(Refusal::new(rule, format!("{me} has no {spell} memorized")));
    }
    let round = ctx.s.round;
    if let Some(ready) = h.gear_ready.get(&gear).filter(|r| **r > round) {
        return Err(Refusal::new(
            rule,
            format!("cooling down: usable again in round {ready} (now round {round})"),
        ));
    }
    ctx.emit(Event::GearUsed {
        hero: me,
        gear,
        round,
    });
    ctx.tome = Some(me);
    super::dispatch(ctx, cast)?;
    ctx.tome = None;
    Ok(())
}

pub fn next_session(ctx: &mut Ctx) -> Result<(), Refusal> {
    const RULE: &str = "Ending A Session";
    let Some(session) = ctx.s.campaign else {
        return Err(Refusal::new(
            RULE,
            "sessions follow one another only in a campaign",
        ));
    };
    if ctx.s.outcome != Some(Outcome::SessionWon) {
        return Err(Refusal::new(RULE, "the session is still being played"));
    }
    ctx.emit(Event::SessionStarted {
        session: session.saturating_add(1),
    });
    Ok(())
}
