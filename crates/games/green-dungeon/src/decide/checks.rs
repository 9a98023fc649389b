//! Event checks: dungeon upkeep, then the wandering-monster roll.

use super::{refuse, Ctx};
use crate::event::{Event, Upkeep};
use crate::grid::TileKind;
use crate::state::{CardsFor, Idle, Phase};
use crate::time::{upkeep_target, PendingCheck};
use tw_rules::{Refusal, D6};

/// What the dungeon upkeep roll `first`, `second` does in state `s`: the
/// room it names is reset unless it is unexplored, the hero's own room or
/// the boss's (Straw) room; a six names no room.
pub(crate) fn upkeep_of(s: &crate::state::State, first: D6, second: D6) -> Upkeep {
    match upkeep_target(first, second) {
        None => Upkeep::None,
        Some(at) => {
            let tile = s.grid.tile(at);
            if !tile.explored {
                Upkeep::SkippedUnexplored { at }
            } else if at == s.at {
                Upkeep::SkippedCurrentRoom { at }
            } else if tile.face.map(|f| f.kind) == Some(TileKind::Straw) {
                Upkeep::SkippedBossRoom { at }
            } else {
                Upkeep::Reset { at }
            }
        }
    }
}

/// The wandering die, asked for on the check that rolls it and refused on
/// an upkeep-only check: "Roll a die" once per multiple of 5, after the
/// upkeep rolls, "once per cube" (reading in [`crate::time`]).
fn wandering_die(
    cx: &Ctx,
    check: PendingCheck,
    wandering: Option<D6>,
) -> Result<Option<D6>, Refusal> {
    const RULE: &str = "The Time Track and Events: Wandering monsters";
    match (check.wandering, wandering) {
        (true, None) => refuse(
            RULE,
            "roll the wandering-monster die with this last upkeep roll",
        ),
        (false, Some(_)) => {
            let due = &cx.s.time.pending_checks;
            let to_go = due
                .iter()
                .position(|c| c.wandering)
                .map_or(due.len(), |i| i + 1);
            refuse(
                RULE,
                format!(
                    "one wandering-monster die per event check, rolled with the last upkeep \
                     roll: this is an upkeep roll only ({to_go} upkeep roll(s) to go)"
                ),
            )
        }
        (_, w) => Ok(w),
    }
}

pub(super) fn event_check(
    cx: &mut Ctx,
    upkeep: [D6; 2],
    wandering: Option<D6>,
) -> Result<(), Refusal> {
    let Some(check) = cx.s.time.pending_checks.front().copied() else {
        return refuse("The Time Track and Events", "no event check is due");
    };
    let Some(idle) = cx.s.idle() else {
        return refuse(
            "The Time Track and Events",
            "event checks are made between actions; finish the current encounter first",
        );
    };
    let wandering = wandering_die(cx, check, wandering)?;
    let result = upkeep_of(&cx.s, upkeep[0], upkeep[1]);
    let monster = wandering.is_some_and(|w| w.value() <= check.event_cubes);
    cx.emit(Event::EventChecked {
        upkeep_dice: [upkeep[0].value(), upkeep[1].value()],
        upkeep: result,
        wandering_roll: wandering.map(D6::value),
        event_cubes: check.event_cubes,
        wandering_monster: monster,
    });
    if let Upkeep::Reset { at } = result {
        cx.emit(Event::TileReset { at });
    }
    if monster {
        // A wandering monster spoils a rest in progress.
        let resume = match idle {
            Idle::Resting { .. } => Idle::Resting { interrupted: true },
            other => other,
        };
        cx.set_phase(Phase::Cards {
            purpose: CardsFor::WanderingMonster { resume },
        });
    }
    Ok(())
}
