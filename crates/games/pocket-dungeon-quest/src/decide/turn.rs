//! Taking turns: moving, revealing the Circle Of Sight, resolving tiles in
//! the order revealed, stashing Gems, ending the turn.

pub use super::death::{hurt, lose, start_last_turns};
use super::Ctx;
use crate::board_view::entry_point;
use crate::command::Reveal;
use crate::data::Save;
use crate::event::Event;
use crate::state::{Cell, Outcome, Step};
use crate::tile::{Category, HeroKind, Pile, Pos, TileKind};
use std::collections::BTreeSet;
use tw_rules::Refusal;

const MOVING: &str = "Moving & Revealing";

/// A space a hero may stand on: open floor, or a Wall with the Pegasus Mount.
pub fn walkable(c: Option<Cell>, pegasus: bool) -> bool {
    match c {
        Some(Cell::Empty) => true,
        Some(Cell::Shown(k)) => {
            matches!(k, TileKind::Floor | TileKind::Exit | TileKind::Merchant)
                || (k == TileKind::Wall && pegasus)
        }
        _ => false,
    }
}

/// A Poisoned hero rolls for the Poison before anything else on the turn.
pub fn poison_rolled_first(ctx: &Ctx, me: HeroKind, poisoned: bool) -> Result<(), Refusal> {
    if poisoned && !ctx.s.turn.poison_rolled {
        return Err(Refusal::new(
            "Poison",
            format!("{me} is Poisoned: roll for the Poison first (poison_roll)"),
        ));
    }
    Ok(())
}

pub fn move_hero(ctx: &mut Ctx, to: Pos, reveal: &[Reveal]) -> Result<(), Refusal> {
    ctx.no_boss_fight("moving")?;
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(MOVING, "no hero"))?;
    if ctx.s.turn.step != Step::Start {
        return Err(Refusal::new(
            MOVING,
            format!("{me} has already moved this turn"),
        ));
    }
    poison_rolled_first(ctx, me, h.poisoned)?;
    if h.resting {
        return Err(Refusal::new(
            "Gear: bed_roll",
            format!("{me} rested on the Bed Roll: this turn begins by turning up 1 tile of the Circle Of Sight (wake_up)"),
        ));
    }
    if let Some(p) = h.pinned.first() {
        if ctx.s.shown(*p) == Some(TileKind::SkellyArcher) {
            return Err(Refusal::new(
                "Critical Miss: Skelly Archers",
                format!(
                    "the Skelly Archer at {p} stayed: {me} must attack it before taking this turn"
                ),
            ));
        }
        let m = ctx.s.shown(*p).map(|k| k.to_string()).unwrap_or_default();
        return Err(Refusal::new(
            "Gear: harp",
            format!("the {m} at {p} woke up in {me}'s Circle Of Sight: {me} must fight it before moving"),
        ));
    }
    match h.pos {
        None => {
            if !entry_point(&ctx.s, to) {
                return Err(Refusal::new(
                    MOVING,
                    format!("{me} enters the dungeon from one space outside an edge, facing an edge space; {to} is not such a point"),
                ));
            }
        }
        Some(from) => {
            let d = from.distance(to);
            if d > 1 {
                return Err(Refusal::new(
                    MOVING,
                    format!("a hero moves one space a turn; {to} is {d} spaces from {from}"),
                ));
            }
            if d == 1 {
                ctx.on_mat(to, "to")?;
                let c = ctx.s.cell(to);
                if !walkable(c, h.pegasus) {
                    let why = match c {
                        Some(Cell::Shown(TileKind::Wall)) => {
                            "Wall tiles block a Hero's path (the Pegasus Mount flies over them)"
                                .to_string()
                        }
                        Some(Cell::Hidden) => "that tile is face down".to_string(),
                        Some(Cell::Shown(k)) => format!("a {k} lies there"),
                        _ => "it is not a Floor space".to_string(),
                    };
                    return Err(Refusal::new(
                        MOVING,
                        format!("{me} cannot move to {to}: {why}"),
                    ));
                }
            }
        }
    }
    let sight = ctx.s.sight(to);
    check_reveals(ctx, &sight, reveal, "Circle Of Sight")?;
    ctx.emit(Event::Moved { hero: me, to });
    // Past the move: a Boss Fight started by these reveals resumes the turn here.
    ctx.emit(Event::StepChanged {
        step: Step::Fighting,
    });
    let first = !ctx.s.turn.revealed_any;
    reveal_and_resolve(ctx, me, reveal, first)?;
    after_position_change(ctx, me);
    settle(ctx);
    Ok(())
}

/// `reveal` must list exactly the face-down spaces of `area` that need it,
/// each once, each a tile still face down somewhere.
pub fn check_reveals(
    ctx: &Ctx,
    area: &[Pos],
    reveal: &[Reveal],
    what: &str,
) -> Result<(), Refusal> {
    let hidden: BTreeSet<Pos> = area
        .iter()
        .copied()
        .filter(|p| ctx.s.cell(*p) == Some(Cell::Hidden))
        .collect();
    let mut named = BTreeSet::new();
    let mut counts = std::collections::BTreeMap::new();
    for r in reveal {
        if !hidden.contains(&r.at) {
            return Err(Refusal::new(
                MOVING,
                format!("{} is not a face-down tile of the {what}", r.at),
            ));
        }
        if !named.insert(r.at) {
            return Err(Refusal::new(MOVING, format!("{} is revealed twice", r.at)));
        }
        let n = counts.entry(r.tile).or_insert(0u32);
        ctx.check_available(r.tile, *n)?;
        *n += 1;
        if r.disarm && r.tile != TileKind::SpikeTrap {
            return Err(Refusal::new(
                "Traps",
                format!("only a Trap can be disarmed; {} is a {}", r.at, r.tile),
            ));
        }
        if !r.saves.is_empty() && r.tile != TileKind::RedBeholder {
            return Err(Refusal::new(
                "Red Beholder",
                format!("saving rolls belong to a Red Beholder, not a {}", r.tile),
            ));
        }
    }
    if let Some(p) = hidden.iter().find(|p| !named.contains(p)) {
        return Err(Refusal::new(
            MOVING,
            format!("every face-down tile of the {what} is revealed: name the tile at {p}"),
        ));
    }
    Ok(())
}

/// Turn the tiles up, then resolve them in the order revealed: Traps,
/// Effects, Relics and the like at once; Monsters wait to be fought.
/// `first_of_turn`: the first tile is the turn's first reveal (Quick As A Whip).
/// Our reading: the Adventurer discards a Red Beholder or poisoning Monster
/// before it acts "When revealed": no saving rolls, no Poison.
pub fn reveal_and_resolve(
    ctx: &mut Ctx,
    me: HeroKind,
    reveal: &[Reveal],
    first_of_turn: bool,
) -> Result<(), Refusal> {
    for r in reveal {
        ctx.emit(Event::Revealed {
            at: r.at,
            tile: r.tile,
        });
    }
    let mut boss_at = None;
    let mut adventurer_boss = false;
    for (i, r) in reveal.iter().enumerate() {
        if ctx.s.shown(r.at) != Some(r.tile) {
            continue; // swept away by a death earlier in the list
        }
        let dead = ctx.s.hero(me).is_none_or(|h| h.dead);
        let whip = first_of_turn
            && i == 0
            && ctx
                .s
                .hero(me)
                .is_some_and(|h| h.kind == HeroKind::Adventurer);
        match r.tile.category() {
            Category::Trap | Category::Monster if whip && !dead => {
                if !r.saves.is_empty() {
                    return Err(Refusal::new(
                        "Quick As A Whip",
                        format!(
                            "the Adventurer discards the {} at {} before it acts: no saving rolls",
                            r.tile, r.at
                        ),
                    ));
                }
                ctx.emit(Event::ToPile {
                    at: r.at,
                    tile: r.tile,
                    pile: Pile::Discard,
                });
            }
            Category::Trap => {
                if r.disarm && !dead {
                    let h = ctx.s.hero(me);
                    if !h.is_some_and(|h| h.inventory.contains(&TileKind::MultiTool)) {
                        return Err(Refusal::new(
                            "Multi-Tool",
                            format!("{me} holds no Multi-Tool to disarm the Trap"),
                        ));
                    }
                    super::items::count_use(ctx, me)?;
                    ctx.emit(Event::ItemUsed {
                        hero: me,
                        item: TileKind::MultiTool,
                        kept: true,
                    });
                    ctx.emit(Event::ToPile {
                        at: r.at,
                        tile: r.tile,
                        pile: Pile::Discard,
                    });
                } else {
                    ctx.emit(Event::ToPile {
                        at: r.at,
                        tile: r.tile,
                        pile: Pile::Discard,
                    });
                    if !dead {
                        hurt(ctx, me, 1, "Spike Trap");
                    }
                }
            }
            Category::Effect if !dead => ctx.emit(Event::EffectGained {
                hero: me,
                at: r.at,
                effect: r.tile,
            }),
            Category::Relic => ctx.emit(Event::RelicCollected {
                at: r.at,
                relic: r.tile,
            }),
            Category::Exit => ctx.emit(Event::ExitFound { at: r.at }),
            Category::Merchant => ctx.emit(Event::MerchantOpened { at: r.at }),
            Category::Pegasus if !dead => ctx.emit(Event::PegasusBefriended { hero: me, at: r.at }),
            Category::Boss => {
                boss_at = Some(r.at);
                adventurer_boss = whip;
            }
            _ => {}
        }
        if ctx.s.shown(r.at) == Some(TileKind::RedBeholder) {
            beholder(ctx, r)?;
        }
        if r.tile == TileKind::Poisoner && ctx.s.shown(r.at) == Some(TileKind::Poisoner) && !dead {
            ctx.emit(Event::Poisoned { hero: me });
        }
    }
    check_win(ctx);
    if let Some(at) = boss_at {
        // The fight happens even if the revealer fell to a Trap revealed before it.
        if ctx.s.outcome.is_none()
            && !ctx.s.living().is_empty()
            && ctx.s.shown(at) == Some(TileKind::Boss)
        {
            ctx.emit(Event::BossFightBegan {
                at,
                revealer: me,
                adventurer: adventurer_boss,
            });
        }
    }
    Ok(())
}

/// Heroes in a straight line (row or column) with the Red Beholder roll to
/// save: "in direct line of sight across the entire Dungeon Floor (the four
/// cardinal directions)". Our reading, with "Sight is not blocked by walls":
/// Walls and face-down tiles in the line shelter no one; a hero diagonal to
/// it, even adjacent, is not in line.
fn beholder(ctx: &mut Ctx, r: &Reveal) -> Result<(), Refusal> {
    const RULE: &str = "Red Beholder";
    let in_line: Vec<HeroKind> = ctx
        .s
        .heroes
        .iter()
        .filter(|h| {
            !h.dead
                && h.pos
                    .is_some_and(|p| p != r.at && (p.row == r.at.row || p.col == r.at.col))
        })
        .map(|h| h.kind)
        .collect();
    for (h, face) in &r.saves {
        if !in_line.contains(h) {
            return Err(Refusal::new(
                RULE,
                format!("{h} is not in the Red Beholder's line of sight and makes no saving roll"),
            ));
        }
        if !ctx.s.rules.dice.beholder_save.contains_key(face) {
            return Err(Refusal::new(
                RULE,
                format!("{face:?} is not a face of the Attack Die (data/dice.json beholder_save)"),
            ));
        }
    }
    for h in in_line {
        let Some(face) = r.saves.get(&h) else {
            return Err(Refusal::new(
                RULE,
                format!(
                    "{h} is in the Red Beholder's line of sight: give their saving roll in `saves`"
                ),
            ));
        };
        if ctx.s.rules.dice.beholder_save.get(face) == Some(&Save::LoseHeart) {
            hurt(ctx, h, 1, "Red Beholder");
        }
    }
    Ok(())
}

/// Keys come to a hero whose Circle Of Sight reaches them.
pub fn after_position_change(ctx: &mut Ctx, me: HeroKind) {
    if !ctx.s.expansion || ctx.s.hero(me).is_none_or(|h| h.dead) {
        return;
    }
    let sight = ctx.s.hero_sight(me);
    let keys: Vec<Pos> = ctx
        .s
        .keys
        .iter()
        .copied()
        .filter(|k| sight.contains(k))
        .collect();
    for at in keys {
        ctx.emit(Event::KeyTaken { hero: me, at });
    }
}

/// After moving or a fight: fight on while Monsters remain in sight,
/// otherwise stash the Gems and go on to the pick-up.
pub fn settle(ctx: &mut Ctx) {
    if ctx.s.boss.is_some() || ctx.s.outcome.is_some() || ctx.s.turn.step == Step::Start {
        return;
    }
    let Some(me) = ctx.s.current().filter(|h| !h.dead).map(|h| h.kind) else {
        return;
    };
    if !ctx.s.to_fight().is_empty() {
        if ctx.s.turn.step != Step::Fighting {
            ctx.emit(Event::StepChanged {
                step: Step::Fighting,
            });
        }
        return;
    }
    for at in ctx.s.hero_sight(me) {
        if let Some(k) = ctx.s.shown(at).filter(|k| k.category() == Category::Gem) {
            ctx.emit(Event::ToPile {
                at,
                tile: k,
                pile: Pile::Gem,
            });
        }
    }
    if ctx.s.turn.step != Step::Looting {
        ctx.emit(Event::StepChanged {
            step: Step::Looting,
        });
    }
}

/// Tiles that left the hero's sight (Teleport, Swap Tiles) go to their piles.
pub fn sweep(ctx: &mut Ctx, spaces: &[Pos]) {
    for at in spaces {
        if let Some(k) = ctx.s.shown(*at) {
            if let Some(pile) = pile_of(k) {
                ctx.emit(Event::ToPile {
                    at: *at,
                    tile: k,
                    pile,
                });
            }
        }
    }
}

/// Where a tile goes when it leaves the floor: Monsters to the Monster Pile,
/// Items and Spells to the Merchant, Gems to the Gem Pile, Traps and
/// Effects to the Discard Pile. Terrain, the Exit, the Merchant and the Boss stay.
pub fn pile_of(k: TileKind) -> Option<Pile> {
    match k.category() {
        Category::Monster => Some(Pile::Monster),
        Category::Item | Category::Spell => Some(Pile::Merchant),
        Category::Gem => Some(Pile::Gem),
        Category::Trap | Category::Effect => Some(Pile::Discard),
        _ => None,
    }
}

pub fn end_turn(ctx: &mut Ctx) -> Result<(), Refusal> {
    ctx.no_boss_fight("ending the turn")?;
    let me = ctx.me()?;
    match ctx.s.turn.step {
        Step::Start => {
            return Err(Refusal::new(
                "Taking Turns",
                format!("{me} moves (or stays, `to` = where they stand) and reveals first"),
            ))
        }
        Step::Fighting => {
            return Err(Refusal::new(
                "Attack Monsters",
                "every Monster in the Circle Of Sight must be fought before the turn ends",
            ))
        }
        Step::Looting => {}
    }
    let sight = ctx.s.hero_sight(me);
    for at in sight {
        if let Some(k) = ctx.s.shown(at).filter(|k| k.is_item_or_spell()) {
            ctx.emit(Event::ToPile {
                at,
                tile: k,
                pile: Pile::Merchant,
            });
        }
    }
    advance(ctx);
    Ok(())
}

/// Hand the turn on: an Extra Move first, then the next living hero in
/// seat order (a Flayer's victim loses the turn); a new round at the wrap.
pub fn advance(ctx: &mut Ctx) {
    let cur = ctx.s.turn.hero;
    if let Some(owed) = ctx.s.last_turns.clone() {
        if owed.contains(&cur) {
            ctx.emit(Event::LastTurnTaken { hero: cur });
        }
        if ctx.s.last_turns.as_ref().is_some_and(|o| o.is_empty()) {
            if ctx.s.heroes.iter().any(|h| h.dead) {
                lose(ctx);
                return;
            }
            ctx.emit(Event::LastTurnsEnded);
        }
    }
    if ctx.s.extra_turns > 0 && ctx.s.living().contains(&cur) {
        ctx.emit(Event::ExtraTurnUsed { hero: cur });
        let round = ctx.s.round;
        begin_turn(ctx, cur, round);
        return;
    }
    let n = ctx.s.heroes.len();
    if n == 0 {
        return;
    }
    let mut i = ctx.s.heroes.iter().position(|h| h.kind == cur).unwrap_or(0);
    let mut round = ctx.s.round;
    for _ in 0..(2 * n + 1) {
        i += 1;
        if i >= n {
            i = 0;
            round = round.saturating_add(1);
        }
        let h = &ctx.s.heroes[i];
        if h.dead {
            continue;
        }
        let k = h.kind;
        if h.skip_next_turn {
            ctx.emit(Event::TurnSkipped { hero: k });
            if ctx.s.last_turns.as_ref().is_some_and(|o| o.contains(&k)) {
                ctx.emit(Event::LastTurnTaken { hero: k });
                if ctx.s.last_turns.as_ref().is_some_and(|o| o.is_empty()) {
                    lose(ctx);
                    return;
                }
            }
            continue;
        }
        begin_turn(ctx, k, round);
        return;
    }
    lose(ctx);
}

/// A turn begins; Monsters the Harp put to sleep a round ago wake now.
fn begin_turn(ctx: &mut Ctx, hero: HeroKind, round: u32) {
    ctx.emit(Event::TurnBegan { hero, round });
    wake(ctx);
}

/// The Harp: "Makes a Monster sleep for 1 Round ... When the Monster
/// wakes up, any Heroes in its Circle Of Sight must fight it on their
/// turn, otherwise place it in the Monster Pile." A Monster put to sleep
/// on some hero's turn in round r wakes as that hero's seat comes round in
/// round r + 1 (the first turn from that seat on, if that hero is Dead or
/// loses the turn). The heroes who see it then attack it before moving,
/// like a Skelly Archer that stayed.
fn wake(ctx: &mut Ctx) {
    let (round, seat) = (ctx.s.round, ctx.s.seat(ctx.s.turn.hero));
    let due: Vec<_> = ctx
        .s
        .sleeping
        .iter()
        .filter(|z| {
            let again = z.round.saturating_add(1);
            round > again || (round == again && seat >= ctx.s.seat(z.hero))
        })
        .cloned()
        .collect();
    for z in due {
        let fought_by: Vec<HeroKind> = ctx
            .s
            .heroes
            .iter()
            .filter(|h| !h.dead && h.pos.is_some_and(|p| p.distance(z.at) == 1))
            .map(|h| h.kind)
            .collect();
        let alone = fought_by.is_empty();
        ctx.emit(Event::MonsterWoke {
            at: z.at,
            monster: z.monster,
            fought_by,
        });
        if alone {
            ctx.emit(Event::ToPile {
                at: z.at,
                tile: z.monster,
                pile: Pile::Monster,
            });
        }
    }
}

pub fn check_win(ctx: &mut Ctx) {
    let relics = ctx.s.relics_needed();
    if ctx.s.outcome.is_none() && ctx.s.relics.len() as u32 >= relics && ctx.s.exit_found {
        ctx.emit(Event::Outcome {
            outcome: Outcome::SessionWon,
        });
    }
}

/// After every command: a hero who died on their own turn hands it on.
pub fn finish(ctx: &mut Ctx) {
    if ctx.s.boss.is_some() || ctx.s.outcome.is_some() {
        return;
    }
    if ctx.s.current().is_some_and(|h| h.dead) {
        advance(ctx);
    }
}
