//! Setup: heroes, difficulty, leader, starting chest and the monster deck.

use crate::cards::{resolve, Deck, EquipmentCard, EquipmentKind};
use crate::command::{HeroDetail, HeroSetup, Setup};
use crate::data::{self, rules};
use crate::model::{Ability, Chest, Hero, Phase, State};
use crate::options::{PARTY_MAX, PARTY_MIN, SOLO_HEROES};
use tw_rules::Refusal;

const RULE: &str = "Setup";

pub fn setup(s: &Setup) -> Result<State, Refusal> {
    crate::limits::check_setup(s)?;
    let r = rules();
    let n = s.heroes.len();
    if !(PARTY_MIN..=PARTY_MAX).contains(&n) {
        return Err(Refusal::new(
            RULE,
            format!("a party has {PARTY_MIN} to {PARTY_MAX} heroes (a lone player controls {SOLO_HEROES}), not {n}"),
        ));
    }
    let players = s.players.unwrap_or(n as u32);
    if !(players == n as u32 || (players == 1 && n == SOLO_HEROES)) {
        return Err(Refusal::new(
            "Setup: choose heroes",
            format!("each player takes one hero and a lone player controls {SOLO_HEROES}; {players} players cannot play {n} heroes"),
        ));
    }
    if s.leader >= n {
        return Err(Refusal::new(
            "Setup: appointing a leader",
            format!("the leader must be one of the {n} heroes (0 to {})", n - 1),
        ));
    }
    let mut heroes = Vec::with_capacity(n);
    for h in &s.heroes {
        let hero = build_hero(h)?;
        if heroes.iter().any(|o: &Hero| o.key == hero.key) {
            return Err(Refusal::new(
                "Setup: choose heroes",
                format!("{} is already in the party", hero.name),
            ));
        }
        heroes.push(hero);
    }
    let life_bonus = match s.monster_life_bonus {
        Some(b) => b,
        None => r
            .difficulty
            .get(s.difficulty.key())
            .map(|d| d.life_bonus)
            .unwrap_or(0),
    };
    // Solo play follows the 2-player setup: gold = players - 2, never below 0.
    let gold_players = players.max(2);
    let chest = match s.chest {
        Some(c) => {
            if c.white_dice > r.max_white_dice {
                return Err(Refusal::new(
                    "Shop: white dice",
                    format!("the chest holds at most {} white dice", r.max_white_dice),
                ));
            }
            c
        }
        None => Chest {
            gold: gold_players - 2,
            white_dice: r.starting_white_dice,
        },
    };
    let scars_taken = heroes.iter().map(|h| h.scars.len() as u32).sum();
    let deck = s
        .monster_deck
        .clone()
        .unwrap_or_else(|| r.monster_deck.clone());
    if let Some(bad) = deck.iter().find(|l| !(1..=3).contains(*l)) {
        return Err(Refusal::new(
            "Setup: create the monster deck",
            format!("only levels 1 to 3 lie above the level 4 pile, not {bad}"),
        ));
    }
    Ok(State {
        heroes,
        players,
        difficulty: s.difficulty,
        monster_life_bonus: life_bonus,
        level_up_variant: s.level_up_variant,
        leader: s.leader,
        chest,
        relics: Vec::new(),
        phase: Phase::Dungeon,
        dungeon_cards: Vec::new(),
        dungeon: None,
        shop_icons: 0,
        shops_visited: 0,
        monster_deck: deck,
        combat: None,
        // Scars brought in by a resumed game were received in this game too.
        scars_taken,
    })
}

fn build_hero(h: &HeroSetup) -> Result<Hero, Refusal> {
    let detail = match h {
        HeroSetup::Key(k) => HeroDetail {
            hero: k.clone(),
            life: None,
            abilities: None,
            sworn_enemy_type: None,
            scars: Vec::new(),
            equipment: Vec::new(),
            charmed: Vec::new(),
        },
        HeroSetup::Detailed(d) => d.clone(),
    };
    let known = data::hero(&detail.hero);
    let abilities = match (&detail.abilities, known) {
        (Some(a), _) => a.clone(),
        (None, Some(k)) => k.abilities.clone(),
        (None, None) => {
            let names: Vec<_> = data::heroes().iter().map(|h| h.key.as_str()).collect();
            return Err(Refusal::new(
                "Setup: choose heroes",
                format!(
                    "{:?} is not a known hero ({}); give its abilities per colour",
                    detail.hero,
                    names.join(", ")
                ),
            ));
        }
    };
    if abilities.len() != 3 {
        return Err(Refusal::new(
            "Hero sheet",
            format!(
                "{} needs one ability for each of red, green and blue",
                detail.hero
            ),
        ));
    }
    let r = rules();
    let mut hero = Hero {
        key: known
            .map(|k| k.key.clone())
            .unwrap_or_else(|| detail.hero.trim().to_lowercase().replace(' ', "-")),
        name: known
            .map(|k| k.name.clone())
            .unwrap_or_else(|| detail.hero.clone()),
        base_life: known.map(|k| k.life).unwrap_or(r.max_life),
        life: 0,
        death_list: if abilities.values().any(|a| *a == Ability::DeathList) {
            r.death_list_types.clone()
        } else {
            Vec::new()
        },
        abilities,
        sworn_enemy_type: detail
            .sworn_enemy_type
            .clone()
            .or_else(|| known.and_then(|k| k.sworn_enemy_type.clone())),
        limits: known.map(|k| k.limits).unwrap_or(crate::data::Limits {
            weapon: 2,
            armour: 1,
            spendable: 2,
        }),
        scars: Vec::new(),
        fainted: false,
        eliminated: false,
        equipment: Vec::new(),
        armour_used: Vec::new(),
        charmed: detail.charmed.clone(),
        xp: 0,
        level_ups: Vec::new(),
    };
    for c in &detail.scars {
        if hero.scars.contains(c) {
            return Err(Refusal::new(
                "Resting: scars",
                format!("{} can have only one scar on each colour", hero.name),
            ));
        }
        hero.scars.push(*c);
    }
    hero.life = hero.max_life();
    if let Some(l) = detail.life {
        if l < 1 || l > hero.max_life() {
            return Err(Refusal::new(
                "Hero sheet: life track",
                format!(
                    "{} has 1 to {} life points, not {l}",
                    hero.name,
                    hero.max_life()
                ),
            ));
        }
        hero.life = l;
    }
    for input in &detail.equipment {
        let card: EquipmentCard = resolve(Deck::Equipment, input)?;
        if matches!(card.kind, EquipmentKind::Relic { .. }) {
            return Err(Refusal::new(
                "Relics",
                "relics belong to the party, not to a hero",
            ));
        }
        can_carry(&hero, &card)?;
        hero.equipment.push(card);
    }
    Ok(hero)
}

/// Equipment limits of the hero sheet, and no two weapons of the same name.
pub fn can_carry(hero: &Hero, card: &EquipmentCard) -> Result<(), Refusal> {
    if hero.eliminated {
        return Err(Refusal::new(
            "Resting: scars",
            format!("{} has been eliminated", hero.name),
        ));
    }
    let same_type = hero
        .equipment
        .iter()
        .filter(|c| c.type_name() == card.type_name())
        .count() as u32;
    let limit = match card.kind {
        EquipmentKind::Weapon { .. } => hero.limits.weapon,
        EquipmentKind::Armour { .. } => hero.limits.armour,
        EquipmentKind::Spendable { .. } => hero.limits.spendable,
        EquipmentKind::Relic { .. } => u32::MAX,
    };
    if same_type >= limit {
        return Err(Refusal::new(
            "Equipment: type limits",
            format!(
                "{} already carries {same_type} {}(s), the most their sheet allows",
                hero.name,
                card.type_name()
            ),
        ));
    }
    if matches!(card.kind, EquipmentKind::Weapon { .. })
        && hero.equipment.iter().any(|c| c.name == card.name)
    {
        return Err(Refusal::new(
            "Equipment: weapons",
            format!("{} cannot have 2 weapons named {}", hero.name, card.name),
        ));
    }
    Ok(())
}
