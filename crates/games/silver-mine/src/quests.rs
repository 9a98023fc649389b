//! Quest progress (p.17-18): how far each character's quest is, so the table
//! need not keep a cube on the quest card.
//!
//! Like path charges, progress is read off the events each command
//! produced — a crate looted, a goblin defeated in the dungeon turn, a Hall
//! explored — plus, for the quests that ask to collect items, what the
//! holder carries after it. The goals are data (`data/quests.json`, `goals`).
//!
//! Readings taken here:
//! - Progress counts only from the moment the quest is accepted, and only
//!   what the holder does ("each quest must be completed by the character
//!   who accepted it", p.32); collecting quests count what is carried, so
//!   items found before (or given by a friend) count, as the rulebook allows.
//! - *Gates* wants 4 Gates "in a single dungeon exploration": the count is
//!   the most Gate cards on the table in one exploration, and a new dungeon
//!   starts it again unless it was already reached.
//! - *Goblin Bane* counts different goblin cards by the name given when the
//!   goblin was placed; unnamed goblins count as one kind.
//! - *Silver Touch* counts coins picked up in the dungeon (not the stash:
//!   coins move there on leaving, and town rewards are not "collected").
//! - Delivering stays the players' call (`complete_quest` does not check the
//!   count): the app sees only what was played through it.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::{tables, Tally};
use crate::event::Event;
use crate::model::{CardKind, Cell, Character, EnemyKind, Item, State};
use std::collections::BTreeSet;

/// The serde name of a container kind, as `LootRolled` carries it.
fn container_name(k: crate::model::ContainerKind) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// What `id` achieved toward `tally` in one command's events.
fn counted(tally: &Tally, id: &str, before: &State, command: &Command, events: &[Event]) -> u32 {
    let mine = |c: &Option<String>| c.as_deref() == Some(id);
    let mut n = 0u32;
    let mut coins = before.character(id).map(|c| c.coins).unwrap_or(0);
    for e in events {
        n += match (tally, e) {
            (Tally::ExploreHalls, Event::CardPlaced { card, explorer }) => {
                u32::from(mine(explorer) && card.kind == CardKind::Hall)
            }
            (Tally::ExploreCampfireHalls, Event::CardPlaced { card, explorer }) => u32::from(
                mine(explorer)
                    && card.kind == CardKind::Hall
                    && card.cells.contains(&Cell::Campfire),
            ),
            (Tally::DefeatGoblins, Event::EnemyDefeated { enemy, by }) => u32::from(
                mine(by)
                    && before
                        .enemy(enemy)
                        .is_some_and(|e| e.kind == EnemyKind::Goblin),
            ),
            (
                Tally::Loot { container },
                Event::LootRolled {
                    character,
                    container: looted,
                    success: true,
                    ..
                },
            ) => u32::from(character == id && *looted == container_name(*container)),
            (
                Tally::DisarmTraps,
                Event::TrapResolved {
                    character, effect, ..
                },
            ) => u32::from(character == id && effect == "disarmed"),
            (
                Tally::CoinsGained,
                Event::CoinsChanged {
                    character,
                    coins: now,
                },
            ) if character == id => {
                let gained = now.saturating_sub(coins);
                coins = *now;
                gained
            }
            _ => 0,
        };
    }
    if *tally == Tally::UnlockDoors {
        if let Command::Unlock { character, .. } = command {
            // The command went through (we are deciding its events), so the door opened.
            n += u32::from(character == id);
        }
    }
    n
}

/// The count read from what the holder carries now (collecting quests).
fn carried(tally: &Tally, c: &Character) -> Option<u32> {
    let held = || c.inventory.iter();
    let weapon_on = c.equipped.as_ref().map(|e| &e.weapon);
    Some(match tally {
        Tally::CarryPotionKinds => held()
            .filter_map(|i| match i {
                Item::Potion { potion } => Some(format!("{potion:?}")),
                _ => None,
            })
            .collect::<BTreeSet<_>>()
            .len() as u32,
        Tally::CarryRuneKinds => held()
            .filter_map(|i| match i {
                Item::Rune(r) => Some(r.attribute),
                _ => None,
            })
            .chain(
                c.equipped
                    .iter()
                    .flat_map(|e| e.runes.iter().map(|r| r.attribute)),
            )
            .collect::<BTreeSet<_>>()
            .len() as u32,
        Tally::CarryWeapons => {
            (held().filter(|i| matches!(i, Item::Weapon { .. })).count()
                + usize::from(weapon_on.is_some())) as u32
        }
        Tally::CarryKeys => held()
            .filter(|i| matches!(i, Item::MasterKey { .. }))
            .count() as u32,
        _ => return None,
    })
}

/// Append the progress events this command earns, for every quest holder.
pub fn track(cx: &mut Ctx, before: &State, command: &Command) {
    let mut updates = Vec::new();
    for c in cx.s.characters.iter().filter(|c| c.alive) {
        let Some(quest) = &c.quest else { continue };
        let Some(goal) = tables().quests.goals.get(quest) else {
            continue;
        };
        let mut tally = c.quest_tally.clone();
        let progress = match &goal.tally {
            Tally::DefeatGoblinNames => {
                for e in &cx.events {
                    if let Event::EnemyDefeated {
                        enemy,
                        by: Some(by),
                    } = e
                    {
                        let goblin = before
                            .enemy(enemy)
                            .filter(|g| g.kind == EnemyKind::Goblin && by == &c.id);
                        if let Some(g) = goblin {
                            let kind = if g.name.trim().is_empty() {
                                "goblin".to_string()
                            } else {
                                g.name.trim().to_string()
                            };
                            if !tally.contains(&kind) {
                                tally.push(kind);
                            }
                        }
                    }
                }
                tally.len() as u32
            }
            Tally::GatesInDungeon => {
                let cleared = cx.events.iter().any(|e| matches!(e, Event::DungeonCleared));
                let so_far = if cleared && c.quest_progress < goal.target {
                    0
                } else {
                    c.quest_progress
                };
                let gates =
                    cx.s.cards
                        .iter()
                        .filter(|k| k.kind == CardKind::Gate)
                        .count() as u32;
                so_far.max(gates)
            }
            t => carried(t, c).unwrap_or_else(|| {
                c.quest_progress + counted(t, &c.id, before, command, &cx.events)
            }),
        }
        .min(goal.target);
        if progress != c.quest_progress || tally != c.quest_tally {
            updates.push(Event::QuestProgress {
                character: c.id.clone(),
                quest: quest.clone(),
                progress,
                goal: goal.target,
                tally,
            });
        }
    }
    for e in updates {
        cx.emit(e);
    }
}
