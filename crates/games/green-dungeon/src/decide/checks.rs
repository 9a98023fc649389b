//! Event checks: dungeon upkeep, then the wandering-monster roll.

use super::{refuse, Ctx};
use crate::event::{Event, Upkeep};
use crate::grid::TileKind;
use crate::state::{CardsFor, Idle, Phase};
use crate::time::upkeep_target;
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

pub(super) fn event_check(cx: &mut Ctx, upkeep: [D6; 2], wandering: D6) -> Result<(), Refusal> {
    let Some(check) = cx.s.time.pending_checks.front().copied() else {
        return refuse("The Time Track and Events", "no event check is due");
    };
    let Some(idle) = cx.s.idle() else {
        return refuse(
            "The Time Track and Events",
            "event checks are made between actions; finish the current encounter first",
        );
    };
    let result = upkeep_of(&cx.s, upkeep[0], upkeep[1]);
    let monster = wandering.value() <= check.event_cubes;
    cx.emit(Event::EventChecked {
        upkeep_dice: [upkeep[0].value(), upkeep[1].value()],
        upkeep: result,
        wandering_roll: wandering.value(),
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
