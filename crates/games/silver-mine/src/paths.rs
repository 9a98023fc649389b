//! Path charges (p.35-36): the active path gains a charge each time its
//! prerequisite happens, up to the star; then the power may be used, which
//! empties it.
//!
//! Charging is read off the events a command produced, so every way a
//! prerequisite can happen (a trap's damage as much as a goblin's) counts
//! without each rule having to remember it.

use crate::ctx::{refuse, Ctx};
use crate::event::{Event, Who};
use crate::model::{Prerequisite, State};
use std::collections::BTreeMap;
use tw_rules::Refusal;

/// Which characters met which prerequisite, in the events of one command.
fn prerequisites_met(before: &State, events: &[Event]) -> Vec<(String, Prerequisite)> {
    let mut torch: BTreeMap<&str, i32> = before
        .characters
        .iter()
        .map(|c| (c.id.as_str(), c.attrs.torch))
        .collect();
    let mut met = Vec::new();
    for e in events {
        match e {
            Event::Combat {
                attacker: Who::Character(c),
                loser: Some(Who::Enemy(_)),
                ..
            } => met.push((c.clone(), Prerequisite::Attack)),
            Event::LifeLost {
                who: Who::Character(c),
                ..
            } => met.push((c.clone(), Prerequisite::BeHit)),
            Event::AfflictionBites {
                character,
                affliction: crate::model::Affliction::Poison,
                ..
            } => met.push((character.clone(), Prerequisite::BeHit)),
            Event::EnemyDefeated { by: Some(c), .. } => met.push((c.clone(), Prerequisite::Defeat)),
            Event::CardPlaced {
                explorer: Some(c), ..
            } => met.push((c.clone(), Prerequisite::Explore)),
            Event::TorchSpent {
                character,
                torch_left,
            } => {
                let was = torch.insert(character.as_str(), *torch_left).unwrap_or(0);
                if *torch_left < was {
                    met.push((character.clone(), Prerequisite::Torch));
                }
            }
            _ => {}
        }
    }
    met
}

/// Append the charge events this command earns.
pub fn charge(cx: &mut Ctx, before: &State) {
    let met = prerequisites_met(before, &cx.events);
    for (id, pre) in met {
        let Some(c) = cx.s.character(&id) else {
            continue;
        };
        if !c.alive {
            continue;
        }
        let Some(active) = c
            .active_path
            .as_deref()
            .and_then(|a| c.paths.iter().find(|p| p.name == a))
        else {
            continue;
        };
        if active.prerequisite == pre && c.path_charge < active.charges {
            let charge = c.path_charge + 1;
            cx.emit(Event::PathCharged {
                character: id.clone(),
                charge,
            });
        }
    }
}

/// Use a fully charged special power; the players apply its effect.
pub fn use_power(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    let c = cx.acting(id)?;
    let Some(active) = c
        .active_path
        .as_deref()
        .and_then(|a| c.paths.iter().find(|p| p.name == a))
    else {
        return refuse("Special Powers", format!("{id} has no active path"));
    };
    if c.path_charge < active.charges {
        return refuse(
            "Special Powers",
            format!(
                "the {} path is charged {} of {}; it is used only when full",
                active.name, c.path_charge, active.charges
            ),
        );
    }
    let path = active.name.clone();
    cx.emit(Event::PowerUsed {
        character: id.to_string(),
        path,
    });
    Ok(())
}
