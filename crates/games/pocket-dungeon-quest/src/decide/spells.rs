//! Spells: Teleport, Swap Tiles, Extra Move, Foresight, Phoenix Feather and
//! Confusion.

use super::items::use_item;
use super::turn::{
    after_position_change, check_reveals, check_win, reveal_and_resolve, settle, sweep, walkable,
};
use super::Ctx;
use crate::command::Reveal;
use crate::event::Event;
use crate::state::{Cell, Step};
use crate::tile::{Category, HeroKind, Pile, Pos, TileKind, FORESIGHT_TILES};
use tw_rules::Refusal;

pub fn teleport(
    ctx: &mut Ctx,
    hero: Option<HeroKind>,
    to: Option<Pos>,
    monster: Option<Pos>,
) -> Result<(), Refusal> {
    const RULE: &str = "Teleport";
    ctx.no_boss_fight("teleporting")?;
    match (hero, monster) {
        (Some(h), None) => {
            let Some(to) = to else {
                return Err(Refusal::new(
                    RULE,
                    "name the open space (`to`) the hero moves to",
                ));
            };
            ctx.alive(h)?;
            ctx.on_mat(to, "to")?;
            if !walkable(ctx.s.cell(to), false) {
                return Err(Refusal::new(
                    RULE,
                    format!("{to} is not an open Dungeon Floor space"),
                ));
            }
            let me = use_item(ctx, TileKind::Teleport)?;
            move_current_aware(ctx, me, h, to);
            Ok(())
        }
        (None, Some(at)) => {
            if to.is_some() {
                return Err(Refusal::new(
                    RULE,
                    "a moved Monster goes to the Monster Pile: give no `to`",
                ));
            }
            let Some(m) = ctx.s.shown(at).filter(|k| k.is_monster()) else {
                return Err(Refusal::new(RULE, format!("there is no Monster at {at}")));
            };
            use_item(ctx, TileKind::Teleport)?;
            ctx.emit(Event::ToPile {
                at,
                tile: m,
                pile: Pile::Monster,
            });
            settle(ctx);
            Ok(())
        }
        _ => Err(Refusal::new(
            RULE,
            "Teleport moves one Hero (`hero`, `to`) or one Monster (`monster`)",
        )),
    }
}

/// Move a hero; when it is the hero whose turn it is, what leaves their
/// sight goes to the piles and what they now see is fought or stashed.
fn move_current_aware(ctx: &mut Ctx, me: HeroKind, h: HeroKind, to: Pos) {
    let old = ctx.s.hero_sight(h);
    ctx.emit(Event::Moved { hero: h, to });
    if h == me {
        let new = ctx.s.hero_sight(h);
        let left: Vec<Pos> = old.into_iter().filter(|p| !new.contains(p)).collect();
        sweep(ctx, &left);
        after_position_change(ctx, me);
        if ctx.s.turn.step != Step::Start {
            settle(ctx);
        }
    }
}

pub fn swap_tiles(ctx: &mut Ctx, a: Pos, b: Pos, reveal: &[Reveal]) -> Result<(), Refusal> {
    const RULE: &str = "Swap Tiles";
    ctx.no_boss_fight("swapping tiles")?;
    ctx.on_mat(a, "a")?;
    ctx.on_mat(b, "b")?;
    if a == b {
        return Err(Refusal::new(RULE, "swap two different tiles"));
    }
    let me = ctx.me()?;
    let on = |p: Pos| {
        ctx.s
            .heroes
            .iter()
            .find(|h| !h.dead && h.pos == Some(p))
            .map(|h| h.kind)
    };
    if let Some((h, to)) = on(a).map(|h| (h, b)).or_else(|| on(b).map(|h| (h, a))) {
        // Used on a Hero it works like Teleport.
        if !reveal.is_empty() {
            return Err(Refusal::new(
                RULE,
                "used on a Hero it works like Teleport: nothing is revealed",
            ));
        }
        if !walkable(ctx.s.cell(to), false) || on(to).is_some() {
            return Err(Refusal::new(
                RULE,
                format!(
                    "used on a Hero it works like Teleport, and {to} is not an open Floor space"
                ),
            ));
        }
        use_item(ctx, TileKind::SwapTiles)?;
        move_current_aware(ctx, me, h, to);
        return Ok(());
    }
    let sight = ctx.s.hero_sight(me);
    let mut after = ctx.s.clone();
    if let (Some(ca), Some(cb)) = (after.cell(a), after.cell(b)) {
        after.set_cell(a, cb);
        after.set_cell(b, ca);
    }
    let entering: Vec<Pos> = [a, b]
        .into_iter()
        .filter(|p| sight.contains(p) && after.cell(*p) == Some(Cell::Hidden))
        .collect();
    use_item(ctx, TileKind::SwapTiles)?;
    ctx.emit(Event::TilesSwapped { a, b });
    check_reveals(ctx, &entering, reveal, "tiles swapped into sight")?;
    reveal_and_resolve(ctx, me, reveal, false)?;
    let left: Vec<Pos> = [a, b].into_iter().filter(|p| !sight.contains(p)).collect();
    sweep(ctx, &left);
    if ctx.s.turn.step != Step::Start {
        settle(ctx);
    }
    Ok(())
}

pub fn extra_move(ctx: &mut Ctx) -> Result<(), Refusal> {
    ctx.no_boss_fight("taking an Extra Move")?;
    let me = use_item(ctx, TileKind::ExtraMove)?;
    ctx.emit(Event::ExtraTurn { hero: me });
    Ok(())
}

/// Three tiles anywhere are turned and resolved where they lie: Gems to the
/// Gem Pile, Monsters to the Monster Pile, Items and Spells to the
/// Merchant, Traps harmlessly discarded, Effects to the user's Effects.
pub fn foresight(ctx: &mut Ctx, reveal: &[Reveal]) -> Result<(), Refusal> {
    const RULE: &str = "Foresight";
    ctx.no_boss_fight("using Foresight")?;
    let hidden = ctx.s.hidden_cells();
    let want = hidden.len().min(FORESIGHT_TILES);
    if reveal.len() != want {
        return Err(Refusal::new(
            RULE,
            format!(
                "Foresight reveals {FORESIGHT_TILES} tiles ({want} are face down): {} given",
                reveal.len()
            ),
        ));
    }
    let targets: Vec<Pos> = reveal.iter().map(|r| r.at).collect();
    check_reveals(ctx, &targets, reveal, "Foresight's tiles")?;
    if reveal.iter().any(|r| r.disarm || !r.saves.is_empty()) {
        return Err(Refusal::new(
            RULE,
            "tiles turned by Foresight harm no one: no disarming or saving rolls",
        ));
    }
    let me = use_item(ctx, TileKind::Foresight)?;
    let mut boss = None;
    for r in reveal {
        ctx.emit(Event::Revealed {
            at: r.at,
            tile: r.tile,
        });
        let at = r.at;
        match r.tile.category() {
            Category::Monster => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Monster,
            }),
            Category::Item | Category::Spell => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Merchant,
            }),
            Category::Gem => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Gem,
            }),
            Category::Trap => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Discard,
            }),
            Category::Effect => ctx.emit(Event::EffectGained {
                hero: me,
                at,
                effect: r.tile,
            }),
            Category::Relic => ctx.emit(Event::RelicCollected { at, relic: r.tile }),
            Category::Exit => ctx.emit(Event::ExitFound { at }),
            Category::Merchant => ctx.emit(Event::MerchantOpened { at }),
            Category::Pegasus => ctx.emit(Event::PegasusBefriended { hero: me, at }),
            Category::Boss => boss = Some(at),
            Category::Terrain => {}
        }
    }
    check_win(ctx);
    if let (Some(at), None) = (boss, ctx.s.outcome) {
        ctx.emit(Event::BossFightBegan {
            at,
            revealer: me,
            adventurer: false,
        });
    }
    Ok(())
}

pub fn phoenix(ctx: &mut Ctx, hero: HeroKind) -> Result<(), Refusal> {
    const RULE: &str = "Phoenix Feather";
    let h = ctx
        .s
        .hero(hero)
        .cloned()
        .ok_or_else(|| Refusal::new(RULE, format!("{hero} is not playing")))?;
    if !h.dead {
        return Err(Refusal::new(
            RULE,
            format!("the Phoenix Feather revives a Dead Hero; {hero} is alive"),
        ));
    }
    use_item(ctx, TileKind::PhoenixFeather)?;
    ctx.emit(Event::Revived {
        hero,
        hearts: h.max_hearts,
    });
    if ctx.s.last_turns.is_some() && ctx.s.heroes.iter().all(|h| !h.dead) {
        ctx.emit(Event::LastTurnsEnded);
    }
    Ok(())
}

/// Confusion: "Any 2 Monsters in your Circle of Sight fight each other!
/// Roll 2+ Swords and both monsters are sent to the Monster Pile. Otherwise
/// fight them normally." Our readings: the roll is the Monsters' fight, not
/// the hero's attack, so Brute Strength and Sword Effects do not count (the
/// Effect waits for the hero's next Attack Roll); Monsters "sent" off are
/// not defeated by the hero, so no XP, like Monsters that run off.
pub fn confusion(ctx: &mut Ctx, a: Pos, b: Pos, roll: &str) -> Result<(), Refusal> {
    const RULE: &str = "Confusion";
    ctx.no_boss_fight("casting Confusion")?;
    let fight = ctx.s.to_fight();
    if a == b || !fight.contains(&a) || !fight.contains(&b) {
        return Err(Refusal::new(
            RULE,
            "Confusion needs 2 different Monsters in the Circle Of Sight",
        ));
    }
    let face = ctx.s.rules.face(roll).ok_or_else(|| {
        Refusal::new(
            RULE,
            format!("{roll:?} is not a face of the Attack Die (data/dice.json attack_die)"),
        )
    })?;
    use_item(ctx, TileKind::Confusion)?;
    let both =
        face.kind == crate::data::FaceKind::Swords && face.swords >= ctx.s.rules.numbers.hit_swords;
    if both {
        for at in [a, b] {
            if let Some(m) = ctx.s.shown(at) {
                ctx.emit(Event::ToPile {
                    at,
                    tile: m,
                    pile: Pile::Monster,
                });
            }
        }
        settle(ctx);
    }
    Ok(())
}
