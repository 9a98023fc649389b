//! Folding events into the state. Every arm is a plain assignment or a list
//! edit so that replaying the log rebuilds exactly the state that was seen.

use crate::event::{Event, Who};
use crate::model::{Cell, Dropped, EnemyKind, Equipped, Item, State, TurnFlags};

pub fn evolve(s: &mut State, e: &Event) {
    match e {
        Event::CardPlaced { card, .. } => s.cards.push(card.clone()),
        Event::CardEntered { card } => {
            if let Some(c) = s.cards.iter_mut().find(|c| &c.id == card) {
                c.entered = true;
            }
            if let Some(c) = s.cards.iter().find(|c| &c.id == card).cloned() {
                for en in s.enemies.iter_mut().filter(|en| c.contains(en.pos)) {
                    en.engaged = true;
                }
            }
        }
        Event::CellChanged { at, cell } => {
            if let (Some(i), Some(cell)) = (s.card_index_at(*at), Cell::from_char(*cell)) {
                s.cards[i].set_cell(*at, cell);
            }
        }
        Event::TorchSpent {
            character,
            torch_left,
        } => {
            if let Some(c) = s.character_mut(character) {
                c.attrs.torch = *torch_left;
            }
        }
        Event::EnemyPlaced { enemy } => {
            if enemy.kind == EnemyKind::Goblin {
                s.goblins_placed += 1;
            }
            if enemy.kind == EnemyKind::Boss {
                if let Some(gate) = s.card_at(enemy.pos).map(|c| c.id.clone()) {
                    if let Some(i) = s.bosses_due.iter().position(|b| b.gate == gate) {
                        s.bosses_due.remove(i);
                    }
                }
            }
            s.enemies.push(enemy.clone());
        }
        Event::BossDue { gate, reason } => s.bosses_due.push(crate::model::BossDue {
            gate: gate.clone(),
            reason: reason.clone(),
        }),
        Event::CharacterCreated { character } => {
            s.stashes.entry(character.player.clone()).or_default();
            s.characters.retain(|c| c.id != character.id);
            s.characters.push(character.clone());
        }
        Event::EnteredDungeon {
            character,
            at,
            gate,
        } => {
            if let Some(c) = s.character_mut(character) {
                c.pos = Some(*at);
                c.entry_gate = Some(gate.clone());
                c.bought_this_visit.clear();
                c.rumor_heard = false;
            }
        }
        Event::TurnStarted { character } => {
            s.current = Some(character.clone());
            if !s.turn_order.contains(character) {
                s.turn_order.push(character.clone());
            }
            // A second turn in one round only passes `decide` when the
            // round is over with no enemies: it opens the next round.
            if s.turns_taken.contains(character) {
                s.turns_taken.clear();
            }
            s.turns_taken.push(character.clone());
            if let Some(c) = s.character_mut(character) {
                c.turn = TurnFlags::default();
                for a in &mut c.afflictions {
                    a.pending = false;
                }
            }
        }
        Event::AfflictionBites {
            character,
            affliction,
            life_left,
            turns_left,
        } => {
            if let Some(c) = s.character_mut(character) {
                c.attrs.life = *life_left;
                if let Some(a) = c.afflictions.iter_mut().find(|a| a.kind == *affliction) {
                    a.turns_left = *turns_left;
                }
            }
        }
        Event::AfflictionEnded {
            character,
            affliction,
        } => {
            if let Some(c) = s.character_mut(character) {
                c.afflictions.retain(|a| a.kind != *affliction);
            }
        }
        Event::TurnLost { character } => {
            if let Some(c) = s.character_mut(character) {
                c.turn.stopped = true;
            }
        }
        Event::Moved {
            character,
            path,
            ran,
        } => {
            if let Some(c) = s.character_mut(character) {
                c.pos = path.last().copied().or(c.pos);
                c.turn.moved += path.len() as i32;
                c.turn.ran |= *ran;
            }
        }
        Event::SteppedOnTrap { character, at } => {
            if let Some(c) = s.character_mut(character) {
                c.on_trap = Some(*at);
            }
        }
        Event::DungeonTurnStarted { .. } => {
            // The characters' turns are over; the next round starts after it.
            s.dungeon_turns += 1;
            s.current = None;
            s.turns_taken.clear();
        }
        Event::CompanionsDue { enemy, .. } => {
            if let Some(en) = s.enemy_mut(enemy) {
                en.companions_called = true;
            }
        }
        Event::TargetChosen { enemy, .. } => {
            if let Some(en) = s.enemy_mut(enemy) {
                en.engaged = true;
            }
        }
        Event::EnemyMoved { enemy, path } => {
            if let (Some(en), Some(last)) =
                (s.enemies.iter_mut().find(|x| &x.id == enemy), path.last())
            {
                en.pos = *last;
            }
        }
        Event::Combat {
            attacker: Who::Character(c),
            ..
        } => {
            if let Some(c) = s.character_mut(c) {
                c.turn.attacked = true;
                c.turn.acted = true;
            }
        }
        Event::LifeLost { who, life_left } => match who {
            Who::Character(id) => {
                if let Some(c) = s.character_mut(id) {
                    c.attrs.life = *life_left;
                }
            }
            Who::Enemy(id) => {
                if let Some(en) = s.enemy_mut(id) {
                    en.attrs.life = *life_left;
                }
            }
        },
        Event::AfflictionTaken { character, clock } => {
            if let Some(c) = s.character_mut(character) {
                c.afflictions.retain(|a| a.kind != clock.kind);
                c.afflictions.push(*clock);
            }
        }
        Event::CharacterDefeated { character, .. } => {
            if let Some(c) = s.character_mut(character) {
                c.alive = false;
                c.pos = None;
                // "If you die in the dungeon ... the quest is failed."
                c.quest = None;
                c.quest_progress = 0;
                c.quest_tally.clear();
                c.inventory.clear();
                c.equipped = None;
                c.coins = 0;
                c.on_trap = None;
            }
        }
        Event::EnemyDefeated { enemy, .. } => {
            s.enemies.retain(|e| &e.id != enemy);
            s.enemies_defeated += 1;
        }
        Event::DungeonTurnEnded { rng } => {
            if let Some(r) = rng {
                s.rng = r.clone();
            }
        }
        Event::AttributeSet {
            character,
            attribute,
            value,
        } => {
            if let Some(c) = s.character_mut(character) {
                *c.attrs.get_mut(*attribute) = *value;
            }
        }
        Event::ItemGained { character, item } => {
            if let Some(c) = s.character_mut(character) {
                c.inventory.push(item.clone());
            }
        }
        Event::ItemLost { character, index } => {
            if let Some(c) = s.character_mut(character) {
                if *index < c.inventory.len() {
                    c.inventory.remove(*index);
                }
            }
        }
        Event::ItemDropped { at, item } => s.dropped.push(Dropped {
            pos: *at,
            item: item.clone(),
        }),
        Event::ItemPickedUp { character, index } => {
            if *index < s.dropped.len() {
                let d = s.dropped.remove(*index);
                if let Some(c) = s.character_mut(character) {
                    c.inventory.push(d.item);
                }
            }
        }
        Event::ItemChanged {
            character,
            index,
            item,
        } => {
            if let Some(slot) = s
                .character_mut(character)
                .and_then(|c| c.inventory.get_mut(*index))
            {
                *slot = item.clone();
            }
        }
        Event::Equipped { character, index } => {
            if let Some(c) = s.character_mut(character) {
                if *index < c.inventory.len() {
                    let w = c.inventory.remove(*index);
                    c.equipped = Some(Equipped {
                        weapon: w,
                        runes: vec![],
                    });
                }
            }
        }
        Event::RuneAttached { character, index } => {
            if let Some(c) = s.character_mut(character) {
                if *index < c.inventory.len() {
                    if let (Item::Rune(r), Some(eq)) =
                        (c.inventory[*index].clone(), c.equipped.as_mut())
                    {
                        eq.runes.push(r);
                        c.inventory.remove(*index);
                    }
                }
            }
        }
        Event::Unequipped { character } => {
            if let Some(c) = s.character_mut(character) {
                if let Some(eq) = c.equipped.take() {
                    c.inventory.push(eq.weapon);
                    c.inventory.extend(eq.runes.into_iter().map(Item::Rune));
                }
            }
        }
        Event::CoinsChanged { character, coins } => {
            if let Some(c) = s.character_mut(character) {
                c.coins = *coins;
            }
        }
        Event::LootRolled { character, .. } | Event::Rested { character, .. } => {
            if let Some(c) = s.character_mut(character) {
                c.turn.acted = true;
                if matches!(e, Event::Rested { .. }) {
                    c.turn.rested = true;
                }
            }
        }
        Event::TrapResolved { character, .. } => {
            if let Some(c) = s.character_mut(character) {
                c.on_trap = None;
            }
        }
        Event::TurnFlagsChanged { character, flags } => {
            if let Some(c) = s.character_mut(character) {
                c.turn = flags.clone();
            }
        }
        Event::ExitedDungeon { character } => {
            if let Some(c) = s.character_mut(character) {
                c.pos = None;
                c.on_trap = None;
                c.afflictions.clear();
                c.giant_strength_used = 0;
            }
            if s.current.as_deref() == Some(character.as_str()) {
                s.current = None;
            }
        }
        Event::BookUsed {
            character, book, ..
        } => {
            if let Some(c) = s.character_mut(character) {
                if book == "giant_strength" {
                    c.giant_strength_used += 1;
                    c.turn.combat_bonus += crate::actions::GIANT_STRENGTH_BONUS;
                }
            }
        }
        Event::DungeonCleared => {
            s.cards.clear();
            s.enemies.clear();
            s.dropped.clear();
            s.bosses_due.clear();
            s.goblins_placed = 0;
            s.current = None;
            // Initiative is rolled again before each exploration.
            s.turn_order.clear();
            s.turns_taken.clear();
        }
        Event::StashChanged {
            player,
            coins,
            books,
        } => {
            let st = s.stashes.entry(player.clone()).or_default();
            st.coins = *coins;
            st.books = books.clone();
        }
        Event::QuestAccepted { character, quest } => {
            if let Some(c) = s.character_mut(character) {
                c.quest = Some(quest.clone());
                c.quest_progress = 0;
                c.quest_tally.clear();
            }
        }
        Event::QuestCompleted { character, quest } => {
            if let Some(c) = s.character_mut(character) {
                c.quest = None;
                c.quest_progress = 0;
                c.quest_tally.clear();
                c.completed.push(quest.clone());
            }
        }
        Event::QuestProgress {
            character,
            progress,
            tally,
            ..
        } => {
            if let Some(c) = s.character_mut(character) {
                c.quest_progress = *progress;
                c.quest_tally = tally.clone();
            }
        }
        Event::TitleEarned { character, title } => {
            if let Some(c) = s.character_mut(character) {
                c.titles.push(*title);
            }
        }
        Event::HeroDeclared { .. } => s.hero_declared = true,
        Event::BoughtFromMerchant { character, item } => {
            if let Some(c) = s.character_mut(character) {
                c.inventory.push(item.clone());
                c.bought_this_visit.push(item.clone());
            }
        }
        Event::RumorHeard { character } => {
            if let Some(c) = s.character_mut(character) {
                c.rumor_heard = true;
            }
        }
        Event::PathChosen { character, path } => {
            if let Some(c) = s.character_mut(character) {
                if c.active_path.is_none() {
                    c.active_path = Some(path.name.clone());
                    c.path_charge = 0;
                }
                c.paths.push(path.clone());
            }
        }
        Event::PathSwitched { character, path } => {
            if let Some(c) = s.character_mut(character) {
                c.active_path = Some(path.clone());
                c.path_charge = 0;
            }
        }
        Event::PathCharged { character, charge } => {
            if let Some(c) = s.character_mut(character) {
                c.path_charge = *charge;
            }
        }
        Event::PowerUsed { character, .. } => {
            if let Some(c) = s.character_mut(character) {
                c.path_charge = 0;
            }
        }
        Event::Fled { character, .. } => {
            if let Some(c) = s.character_mut(character) {
                c.turn.fled = true;
                c.turn.attacked = true;
                c.turn.acted = true;
            }
        }
        // Records only: what the player sees, nothing to fold.
        Event::Combat { .. } | Event::EnemyWaits { .. } | Event::CoinsGiven { .. } => {}
    }
}
