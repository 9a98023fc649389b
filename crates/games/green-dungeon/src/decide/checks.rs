//! Event checks: dungeon upkeep, then the wandering-monster roll.

use super::{refuse, Ctx};
use crate::event::{Event, Upkeep};
use crate::grid::TileKind;
use crate::state::{CardsFor, Idle, Phase};
use crate::time::upkeep_target;
use tw_rules::{Refusal, D6};

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
    let result = match upkeep_target(upkeep[0], upkeep[1]) {
        None => Upkeep::None,
        Some(at) => {
            let tile = cx.s.grid.tile(at);
            if !tile.explored {
                Upkeep::SkippedUnexplored { at }
            } else if at == cx.s.at {
                Upkeep::SkippedCurrentRoom { at }
            } else if tile.face.map(|f| f.kind) == Some(TileKind::Straw) {
                Upkeep::SkippedBossRoom { at }
            } else {
                Upkeep::Reset { at }
            }
        }
    };
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
