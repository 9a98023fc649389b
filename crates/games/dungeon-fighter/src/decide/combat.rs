//! Combat: throws, hits and misses, the icon's abilities, running out of
//! dice, items used in the fight, and the end of the combat.
//!
//! Readings of the rulebook chosen here (each is tested):
//! - A thrown die is resolved in two steps when its icon could do
//!   something: the throw lands (`throw`), then the thrower uses or skips the
//!   ability (`use_ability` / `skip_ability`). With no choice to make the
//!   throw resolves at once.
//! - The ability resolves as the die lands, before the monster's
//!   counter-attack: Self Healing on a Miss heals first, then the damage.
//! - Re-throw ignores the first throw entirely: no damage, no Toxic, and no
//!   Death Touch for a die in a hole.
//! - Agile Instincts dodges the damage but the throw is still a Miss: Toxic
//!   and Super Toxic take their white die. Toxic is spent by the first Miss
//!   even when the chest is empty ("if they have any").
//! - Backstab doubles the printed section; ability and weapon bonuses are
//!   added after (3 doubled + Piercing = 8). Focused Damage is no bonus: it
//!   makes the section worth 5, and the blade doubles that (10), since both
//!   cards speak of "the value of the Target section".
//! - Heroes who fainted are not healed again during that combat.
//! - Level Up XP for an icon that "cannot be activated": given when the
//!   die's ability exists but does not fit (Hit/Miss, or Death List with no
//!   token of the type); never for a scarred colour, which has no ability.

use super::{expect, faint, Tx};
use crate::cards::{EquipmentKind, ItemEffect, MonsterAbility, SpecialDie, Template};
use crate::command::{Heal, Throw};
use crate::event::Event;
use crate::model::{
    Ability, Activation, AfterFaint, Combat, Die, Face, LandingKind, PendingThrow, Phase,
};
use tw_rules::Refusal;

fn combat(tx: &Tx) -> Result<&Combat, Refusal> {
    expect(
        &tx.s,
        matches!(tx.s.phase, Phase::Combat),
        "Combat",
        "do that",
    )?;
    tx.s.combat
        .as_ref()
        .ok_or_else(|| Refusal::new("Combat", "there is no combat in progress"))
}

fn no_pending(c: &Combat) -> Result<(), Refusal> {
    match &c.pending {
        Some(p) => Err(Refusal::new(
            "Activating the die icon",
            format!(
                "the icon of the last throw waits for a choice (use one of {:?} or skip it)",
                p.options
            ),
        )),
        None => Ok(()),
    }
}

pub fn place_template(tx: &mut Tx, template: Template) -> Result<(), Refusal> {
    no_pending(combat(tx)?)?;
    tx.emit(Event::TemplatePlaced { template });
    Ok(())
}

/// Templates: landing touching the table costs the flipper 1 damage.
pub fn template_flip_failed(tx: &mut Tx) -> Result<(), Refusal> {
    let c = combat(tx)?;
    no_pending(c)?;
    let active = c.active;
    tx.damage(active, 1, "template flip touched the table");
    faint::settle(tx, AfterFaint::OtherDamage);
    Ok(())
}

pub fn add_special_die(tx: &mut Tx, die: SpecialDie) -> Result<(), Refusal> {
    no_pending(combat(tx)?)?;
    tx.emit(Event::SpecialDieAdded { die });
    Ok(())
}

fn die_name(d: Die) -> &'static str {
    match d {
        Die::Red => "red die",
        Die::Green => "green die",
        Die::Blue => "blue die",
        Die::White => "white die",
        Die::Pendulum => "pendulum die",
        Die::DestinyCoin => "destiny coin",
    }
}

/// Check that `die` may be thrown now; returns whether a white die is taken from the chest.
fn check_die(tx: &Tx, c: &Combat, die: Die) -> Result<bool, Refusal> {
    if let Some(again) = c.rethrow {
        if again != die {
            return Err(Refusal::new(
                "Re-throw",
                format!(
                    "the re-throw is made with the same die: throw the {} again",
                    die_name(again)
                ),
            ));
        }
        return Ok(false);
    }
    match die {
        Die::Red | Die::Green | Die::Blue => {
            let col = die.colour().expect("colour die");
            if c.thrown.contains(&col) {
                return Err(Refusal::new(
                    "Combat: each die can be thrown just once per combat",
                    format!("the {} was already thrown in this combat", die_name(die)),
                ));
            }
            Ok(false)
        }
        Die::Pendulum | Die::DestinyCoin => {
            let sp = die.special().expect("special die");
            if !c.special_dice.iter().any(|(d, t)| *d == sp && !*t) {
                return Err(Refusal::new(
                    "Special dice",
                    format!(
                        "there is no unthrown {} in this combat's pool",
                        die_name(die)
                    ),
                ));
            }
            Ok(false)
        }
        Die::White => {
            if !c.pool_empty() {
                return Err(Refusal::new(
                    "Running out of colored dice",
                    "a white bonus die is thrown only when the colour (and special) dice have all been thrown",
                ));
            }
            if tx.s.chest.white_dice == 0 {
                return Err(Refusal::new(
                    "White bonus dice",
                    "the chest has no white bonus die left",
                ));
            }
            Ok(true)
        }
    }
}

pub fn throw(tx: &mut Tx, t: &Throw) -> Result<(), Refusal> {
    let c = combat(tx)?.clone();
    no_pending(&c)?;
    let hero_i = c.active;
    if let Some(h) = t.hero {
        if h != hero_i {
            return Err(Refusal::new(
                "Combat: end of the turn (clockwise order)",
                format!("it is {}'s turn, not hero {h}'s", tx.s.heroes[hero_i].name),
            ));
        }
    }
    let hero = tx.hero(hero_i)?.clone();
    let take_white = check_die(tx, &c, t.die)?;

    // What the camera reports must make sense on this board.
    let l = t.landing;
    match (l.kind, l.value) {
        (LandingKind::Score, None) => {
            return Err(Refusal::new(
                "Hit",
                "a die in a scoring section needs the section's value",
            ))
        }
        (LandingKind::Score, Some(v)) if !(1..=10).contains(&v) => {
            return Err(Refusal::new(
                "Hit",
                format!("the target's sections are worth 1 to 10, not {v}"),
            ))
        }
        (LandingKind::Score, Some(_)) => {}
        (k, Some(v)) => {
            return Err(Refusal::new(
                "Hit",
                format!("a die on {k:?} has no section value (got {v})"),
            ));
        }
        (_, None) => {}
    }
    let template_needed = match l.kind {
        LandingKind::Backstab => Some(Template::Backstab),
        LandingKind::Compass => Some(Template::Compass),
        LandingKind::Treasure => Some(Template::Treasure),
        _ => None,
    };
    if let Some(tp) = template_needed {
        if !c.templates.contains(&tp) {
            return Err(Refusal::new(
                "Templates",
                format!("the {tp:?} template is not on the board"),
            ));
        }
    }
    if l.kind == LandingKind::Web && c.spider_webs == 0 {
        return Err(Refusal::new(
            "Spider webs",
            "there is no spider web left on the board; a die in a hole is a Miss",
        ));
    }
    if t.backstab_doubled
        && (l.kind != LandingKind::Score || !c.templates.contains(&Template::Backstab))
    {
        return Err(Refusal::new(
            "Backstab template",
            "only a die in a scoring section with the Backstab template on the board can have its value doubled",
        ));
    }
    // Weapons and armour the thrower carries.
    for (i, w) in t.weapons.iter().enumerate() {
        if t.weapons[..i].contains(w) {
            return Err(Refusal::new(
                "Equipment: weapons",
                format!("{w} is listed twice"),
            ));
        }
        if !hero
            .equipment
            .iter()
            .any(|e| &e.name == w && matches!(e.kind, EquipmentKind::Weapon { .. }))
        {
            return Err(Refusal::new(
                "Equipment: weapons",
                format!("{} carries no weapon named {w}", hero.name),
            ));
        }
    }
    if let Some(a) = &t.armour {
        if !hero
            .equipment
            .iter()
            .any(|e| &e.name == a && matches!(e.kind, EquipmentKind::Armour { .. }))
        {
            return Err(Refusal::new(
                "Equipment: armours",
                format!("{} carries no armour named {a}", hero.name),
            ));
        }
        if hero.armour_used.contains(a) {
            return Err(Refusal::new(
                "Equipment: armours",
                format!("{a} was already used in this combat (once per combat)"),
            ));
        }
    }
    if t.use_level_up {
        let Some(col) = t.die.colour() else {
            return Err(Refusal::new(
                "Variant: Level Up",
                "a Level Up token belongs to a red, green or blue die",
            ));
        };
        if !tx.s.level_up_variant {
            return Err(Refusal::new(
                "Variant: Level Up",
                "this game is not played with the Level Up variant",
            ));
        }
        if t.face == Face::Icon {
            return Err(Refusal::new(
                "Variant: Level Up",
                "the token is used only when the die does not show the icon",
            ));
        }
        if !hero.level_ups.iter().any(|k| k.colour == col && !k.used) {
            return Err(Refusal::new(
                "Variant: Level Up",
                format!("{} has no unused {col:?} Level Up token", hero.name),
            ));
        }
        if hero.scars.contains(&col) {
            return Err(Refusal::new(
                "Variant: Level Up",
                "a Scar overrides a Level Up token: that ability cannot be activated",
            ));
        }
    }

    if take_white {
        tx.emit(Event::WhiteDieTaken { hero: hero_i });
    }
    tx.emit(Event::DieThrown {
        hero: hero_i,
        die: t.die,
    });
    if t.use_level_up {
        tx.emit(Event::LevelUpUsed {
            hero: hero_i,
            colour: t.die.colour().expect("checked"),
        });
    }

    let miss_reason = if t.no_bounce {
        Some("the die did not bounce on the table before touching the board")
    } else if t.requirement_failed {
        Some("a Specific Throw Requirement was not respected")
    } else {
        match l.kind {
            LandingKind::Hole => Some("the die fell into a hole"),
            LandingKind::Bone => Some("the die landed on a bone at the edge of the board"),
            LandingKind::Outside => Some("the die landed outside the target board"),
            _ => None,
        }
    };
    let hit = miss_reason.is_none();
    let mut pending = PendingThrow {
        hero: hero_i,
        die: t.die,
        face: t.face,
        landing: l,
        hit,
        miss_reason: miss_reason.map(str::to_string),
        weapons: t.weapons.clone(),
        armour: t.armour.clone(),
        backstab_doubled: t.backstab_doubled,
        level_up: t.use_level_up,
        options: Vec::new(),
    };
    pending.options = options(tx, &pending);
    if t.use_level_up && pending.options.is_empty() {
        return Err(Refusal::new(
            "Variant: Level Up",
            "the token's ability cannot act on this throw (a Hit-only ability on a Miss, or the reverse); keep the token",
        ));
    }
    if pending.options.is_empty() {
        if t.face == Face::Icon && tx.s.level_up_variant && has_icon_ability(&hero, t.die) {
            // The icon could not be activated: experience instead.
            tx.emit(Event::XpGained { hero: hero_i });
        }
        resolve(tx, &pending, None)
    } else {
        tx.emit(Event::AbilityOffered { pending });
        Ok(())
    }
}

/// Does the die's icon still stand for an ability of the hero? A scarred
/// colour has none ("cannot activate that color's special ability"), so its
/// icon is neither declined nor blocked by Hit/Miss and earns no XP.
fn has_icon_ability(h: &crate::model::Hero, die: Die) -> bool {
    match die.colour() {
        Some(col) => h.ability(col).is_some(),
        None => crate::model::Colour::ALL
            .iter()
            .any(|&col| h.ability(col).is_some()),
    }
}

/// Abilities the face up (or a Level Up token) allows for this throw.
fn options(tx: &Tx, p: &PendingThrow) -> Vec<Ability> {
    if p.face != Face::Icon && !p.level_up {
        return Vec::new();
    }
    let h = &tx.s.heroes[p.hero];
    let c = tx.s.combat.as_ref().expect("in combat");
    let candidates: Vec<Ability> = match p.die.colour() {
        Some(col) => h.ability(col).into_iter().collect(),
        // White and special dice: any one unscarred ability of the hero.
        None => crate::model::Colour::ALL
            .iter()
            .filter_map(|&col| h.ability(col))
            .collect(),
    };
    let mut out = Vec::new();
    for a in candidates {
        let fits = match a.activation() {
            Activation::Anywhere => true,
            Activation::HitOnly => p.hit,
            Activation::MissOnly => !p.hit,
        };
        let usable = match a {
            Ability::DeathList => c
                .foe
                .kind()
                .is_some_and(|k| h.death_list.iter().any(|t| t == k)),
            Ability::Charming => c.charm_on_monster.is_none() && !c.foe.is_boss(),
            _ => true,
        };
        if fits && usable && !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

pub fn use_ability(
    tx: &mut Tx,
    ability: Ability,
    target: Option<usize>,
    heals: &[Heal],
) -> Result<(), Refusal> {
    let c = combat(tx)?;
    let Some(p) = c.pending.clone() else {
        return Err(Refusal::new(
            "Activating the die icon",
            "no throw is waiting for an ability",
        ));
    };
    if !p.options.contains(&ability) {
        return Err(Refusal::new(
            "Activating the die icon",
            format!(
                "{ability:?} cannot be activated by this throw; it allows {:?}",
                p.options
            ),
        ));
    }
    resolve(tx, &p, Some((ability, target, heals)))
}

pub fn skip_ability(tx: &mut Tx) -> Result<(), Refusal> {
    let c = combat(tx)?;
    let Some(p) = c.pending.clone() else {
        return Err(Refusal::new(
            "Activating the die icon",
            "no throw is waiting for an ability",
        ));
    };
    tx.emit(Event::AbilitySkipped { hero: p.hero });
    if tx.s.level_up_variant && p.face == Face::Icon {
        tx.emit(Event::XpGained { hero: p.hero });
    }
    resolve(tx, &p, None)
}

type Choice<'a> = Option<(Ability, Option<usize>, &'a [Heal])>;

/// Resolve a landed throw with the chosen ability (if any).
fn resolve(tx: &mut Tx, p: &PendingThrow, choice: Choice) -> Result<(), Refusal> {
    let hero_i = p.hero;
    let chosen = choice.map(|(a, _, _)| a);
    if let Some((a, target, heals)) = choice {
        check_params(tx, a, target, heals)?;
        tx.emit(Event::AbilityUsed {
            hero: hero_i,
            ability: a,
        });
        if a == Ability::ReThrow {
            tx.emit(Event::ThrowCancelled {
                hero: hero_i,
                die: p.die,
            });
            return Ok(());
        }
    }
    let c = tx.s.combat.clone().expect("in combat");
    let foe_damage = c.foe.damage();

    // Abilities that act wherever the die lands.
    match chosen {
        Some(Ability::HealParty) => {
            for i in 0..tx.s.heroes.len() {
                tx.heal(i, 1);
            }
        }
        Some(Ability::Pickpocket) => tx.emit(Event::GoldGained {
            amount: 1,
            why: "Pickpocket".into(),
        }),
        Some(Ability::SelfHealing) => tx.heal(hero_i, 3),
        Some(Ability::Charming) => tx.emit(Event::CharmPlaced { hero: hero_i }),
        Some(Ability::SpiritEnergy) => {
            for h in choice
                .map(|(_, _, h)| h)
                .unwrap_or(&[])
                .iter()
                .filter(|h| h.amount > 0)
            {
                tx.heal(h.hero, h.amount);
            }
        }
        _ => {}
    }

    if p.hit {
        let insta = p.landing.kind == LandingKind::Bullseye && p.face == Face::Icon;
        let mut section: i32 = match p.landing.kind {
            LandingKind::Score => {
                let v = p.landing.value.unwrap_or(0) as i32;
                if p.backstab_doubled {
                    v * 2
                } else {
                    v
                }
            }
            LandingKind::Bullseye => 10,
            LandingKind::Compass => {
                if c.foe.is_boss() {
                    5
                } else {
                    tx.s.shop_icons as i32
                }
            }
            _ => 0,
        };
        match p.landing.kind {
            LandingKind::Web => {
                tx.emit(Event::SpiderWebTorn);
                tx.lose_white_die("spider web");
            }
            LandingKind::Backstab => tx.emit(Event::TemplateRemoved {
                template: Template::Backstab,
            }),
            LandingKind::Treasure => {
                tx.emit(Event::GoldGained {
                    amount: 3,
                    why: "Treasure template".into(),
                });
                tx.emit(Event::TemplateRemoved {
                    template: Template::Treasure,
                });
            }
            _ => {}
        }
        if chosen == Some(Ability::FocusedDamage) {
            // "Consider the value of the Target board section … as a 5"; the
            // Backstab blade "doubles the value of the Target section", which
            // is then 5: 10 (only a scoring section can be doubled, above).
            section = if p.backstab_doubled { 10 } else { 5 };
        }
        let hero = &tx.s.heroes[hero_i];
        let mut bonus = 0;
        match chosen {
            Some(Ability::PiercingDamage) => bonus += 2,
            Some(Ability::SwornEnemy) => {
                let matches = hero.sworn_enemy_type.is_some()
                    && hero.sworn_enemy_type.as_deref() == c.foe.kind();
                bonus += if matches { 4 } else { 1 };
            }
            Some(Ability::DeathList) => bonus += 3,
            _ => {}
        }
        for w in &p.weapons {
            if let Some(EquipmentKind::Weapon { bonus: b, .. }) = hero
                .equipment
                .iter()
                .find(|e| &e.name == w)
                .map(|e| &e.kind)
            {
                bonus += b;
            }
        }
        if chosen == Some(Ability::DeathList) {
            let kind = c.foe.kind().unwrap_or_default().to_string();
            tx.emit(Event::DeathListSpent {
                hero: hero_i,
                monster_type: kind,
            });
        }
        let damage = (section + bonus).max(0);
        tx.emit(Event::Hit {
            hero: hero_i,
            section,
            bonus,
            damage,
        });
        if insta {
            tx.emit(Event::InstaKill { hero: hero_i });
        }
        if let Some((Ability::DivineIntervention, Some(t), _)) = choice {
            tx.heal(t, damage as u32);
        }
    } else {
        tx.emit(Event::Missed {
            hero: hero_i,
            why: p.miss_reason.clone().unwrap_or_default(),
        });
        if chosen == Some(Ability::AgileInstincts) {
            tx.emit(Event::MonsterDamaged {
                amount: 2,
                why: "Agile instincts".into(),
                by_item: false,
            });
        } else {
            let mut dmg = foe_damage;
            if let Some(a) = &p.armour {
                let prevent = tx.s.heroes[hero_i]
                    .equipment
                    .iter()
                    .find_map(|e| match (&e.kind, &e.name == a) {
                        (EquipmentKind::Armour { prevent }, true) => Some(*prevent),
                        _ => None,
                    })
                    .unwrap_or(0);
                let prevented = prevent.min(dmg);
                tx.emit(Event::ArmourUsed {
                    hero: hero_i,
                    item: a.clone(),
                    prevented,
                });
                dmg -= prevented;
            }
            tx.damage(hero_i, dmg, "Miss: the monster strikes back");
        }
        match c.foe.ability() {
            Some(MonsterAbility::Toxic) if !c.toxic_spent => {
                tx.emit(Event::ToxicSpent);
                tx.lose_white_die("Toxic");
            }
            Some(MonsterAbility::SuperToxic) => tx.lose_white_die("Super toxic"),
            // Death Touch: fainting "as if reduced to 0", not damage, so Agile Instincts does not stop it.
            Some(MonsterAbility::DeathTouch)
                if p.landing.kind == LandingKind::Hole && tx.s.heroes[hero_i].can_act() =>
            {
                tx.emit(Event::HeroFainted { hero: hero_i });
            }
            _ => {}
        }
    }
    faint::settle(tx, AfterFaint::EndOfThrow);
    Ok(())
}

fn check_params(tx: &Tx, a: Ability, target: Option<usize>, heals: &[Heal]) -> Result<(), Refusal> {
    let c = tx.s.combat.as_ref().expect("in combat");
    match a {
        Ability::DivineIntervention => {
            let Some(t) = target else {
                return Err(Refusal::new(
                    "Divine Intervention",
                    "choose the hero to heal (target)",
                ));
            };
            let h = tx.hero(t)?;
            if !h.can_act() {
                return Err(Refusal::new(
                    "Divine Intervention",
                    format!("{} has fainted and cannot be healed now", h.name),
                ));
            }
        }
        Ability::SpiritEnergy => {
            let x = c.foe.level() as u32 + 1;
            let total: u32 = heals.iter().map(|h| h.amount).sum();
            if total != x {
                return Err(Refusal::new(
                    "Spirit Energy",
                    format!("share exactly {x} life points (the monster's level + 1) among the heroes, not {total}"),
                ));
            }
            for h in heals.iter().filter(|h| h.amount > 0) {
                let hero = tx.hero(h.hero)?;
                if !hero.can_act() {
                    return Err(Refusal::new(
                        "Spirit Energy",
                        format!("{} has fainted and cannot be healed now", hero.name),
                    ));
                }
            }
        }
        _ => {
            if target.is_some() || !heals.is_empty() {
                return Err(Refusal::new(
                    "Activating the die icon",
                    format!("{a:?} takes no target or heals"),
                ));
            }
        }
    }
    Ok(())
}

/// After a throw (or other damage): victory, defeat, or the next hero's turn.
pub(super) fn end_of_turn(tx: &mut Tx, by_throw: bool) {
    let c = tx.s.combat.clone().expect("in combat");
    if c.insta_kill || c.life <= 0 {
        defeat(tx);
        return;
    }
    if !tx.s.heroes.iter().any(|h| h.can_act()) {
        tx.game_over(false, "all heroes fainted during a combat");
        return;
    }
    if c.foe.is_boss() && c.pool_empty() && c.rethrow.is_none() && tx.s.chest.white_dice == 0 {
        tx.game_over(
            false,
            "the party ran out of white bonus dice against the final boss",
        );
        return;
    }
    // A throw ends the turn; other damage only moves it on if the active hero fainted.
    let pass = (by_throw && c.rethrow.is_none()) || !tx.s.heroes[c.active].can_act();
    if pass {
        if let Some(next) = tx.s.next_able(c.active) {
            tx.emit(Event::TurnPassed { to: next });
        }
    }
}

/// Damage outside a throw: check for defeat, or pass the turn of a fainted active hero.
fn after_damage(tx: &mut Tx) {
    end_of_turn(tx, false);
}

/// The monster is defeated: resting rewards, or victory over the boss.
///
/// Reading: "the last Hit" (Epic Shot, l.379; Level Up XP, l.623) is a
/// throw. A charmed monster discarded after a throw adds to that attack (the
/// combat example, l.467), so the thrower still dealt the last Hit. A
/// spendable or relic that finishes the monster is no Hit: no Epic Shot gold
/// and no XP, whatever the life tracker shows; the Leader token still goes
/// to whoever threw the last die (l.397).
fn defeat(tx: &mut Tx) {
    let c = tx.s.combat.clone().expect("in combat");
    let last_hit = c.hit_by;
    let epic = last_hit.is_some() && (c.insta_kill || c.life <= -3);
    if tx.s.level_up_variant {
        if let Some(t) = last_hit {
            tx.emit(Event::XpGained { hero: t });
        }
    }
    tx.emit(Event::MonsterDefeated { epic_shot: epic });
    if c.foe.is_boss() {
        tx.game_over(true, "the final boss is defeated");
        return;
    }
    if epic {
        tx.emit(Event::GoldGained {
            amount: 1,
            why: "Epic Shot bonus".into(),
        });
    }
    if c.foe.gold() > 0 {
        tx.emit(Event::GoldGained {
            amount: c.foe.gold(),
            why: format!("reward of {}", c.foe.name()),
        });
    }
    if let (Some(mary), crate::model::Foe::Monster(m)) = (c.charm_on_monster, &c.foe) {
        tx.emit(Event::CharmedGained {
            hero: mary,
            monster: crate::model::CharmedMonster {
                name: m.name.clone(),
                level: m.level,
            },
        });
    }
    if let Some(t) = c.last_thrower {
        if t != tx.s.leader {
            tx.emit(Event::LeaderChanged { hero: t });
        }
    }
    // A third scar cannot be taken: a hero with 3 scars who faints is out.
    for i in 0..tx.s.heroes.len() {
        let h = &tx.s.heroes[i];
        if h.fainted && !h.eliminated && h.scars.len() >= 3 {
            tx.emit(Event::HeroEliminated { hero: i });
        }
    }
    if tx.s.heroes.iter().all(|h| h.eliminated) {
        tx.game_over(false, "every hero has been eliminated");
    }
}

/// Running out of colored dice: retrieve them, every hero suffering the monster's level.
pub fn retrieve_dice(tx: &mut Tx) -> Result<(), Refusal> {
    let c = combat(tx)?.clone();
    no_pending(&c)?;
    if c.foe.is_boss() {
        return Err(Refusal::new(
            "Final Boss combat",
            "the colored dice cannot be retrieved against the final boss; only white bonus dice can be thrown",
        ));
    }
    if c.rethrow.is_some() {
        return Err(Refusal::new("Re-throw", "finish the re-throw first"));
    }
    if !c.pool_empty() {
        return Err(Refusal::new(
            "Running out of colored dice",
            "there are still dice to throw in this combat",
        ));
    }
    tx.emit(Event::DiceRetrieved);
    let level = c.foe.level() as u32;
    for i in 0..tx.s.heroes.len() {
        tx.damage(i, level, "retrieving the colored dice");
    }
    faint::settle(tx, AfterFaint::OtherDamage);
    Ok(())
}

/// Lady Mary discards a charmed monster: damage equal to its level.
pub fn discard_charmed(tx: &mut Tx, hero: usize, monster: &str) -> Result<(), Refusal> {
    let c = combat(tx)?.clone();
    no_pending(&c)?;
    let h = tx.hero(hero)?;
    // Hero Down!: a fainted Lady Mary "cannot act again during that combat",
    // so her charmed monsters wait for the next one.
    if !h.can_act() {
        return Err(Refusal::new(
            "Hero Down!",
            format!(
                "{} has fainted and cannot act again during this combat",
                h.name
            ),
        ));
    }
    let Some(m) = h
        .charmed
        .iter()
        .find(|m| {
            m.name.eq_ignore_ascii_case(monster)
                || crate::cards::key_of(&m.name) == crate::cards::key_of(monster)
        })
        .cloned()
    else {
        return Err(Refusal::new(
            "Charming",
            format!("{} has no charmed monster named {monster:?}", h.name),
        ));
    };
    tx.emit(Event::CharmedDiscarded {
        hero,
        monster: m.name.clone(),
    });
    tx.emit(Event::MonsterDamaged {
        amount: m.level as i32,
        why: format!("charmed {}", m.name),
        by_item: false,
    });
    after_damage(tx);
    Ok(())
}

/// Spendables (any time, discarded) and relics (party, once per combat).
pub fn use_item(
    tx: &mut Tx,
    hero: Option<usize>,
    item: &str,
    target: Option<usize>,
) -> Result<(), Refusal> {
    if let Some(c) = &tx.s.combat {
        if matches!(tx.s.phase, Phase::Combat) {
            no_pending(c)?;
        }
    }
    let in_combat = matches!(tx.s.phase, Phase::Combat);
    let (effect, relic) = match hero {
        Some(h) => {
            let hh = tx.hero(h)?;
            // Hero Down!: "cannot act again during that combat".
            if in_combat && !hh.can_act() {
                return Err(Refusal::new(
                    "Hero Down!",
                    format!(
                        "{} has fainted and cannot act again during this combat",
                        hh.name
                    ),
                ));
            }
            let Some(card) = hh.equipment.iter().find(|e| e.name == item) else {
                return Err(Refusal::new(
                    "Equipment: spendables",
                    format!("{} carries no {item}", hh.name),
                ));
            };
            let EquipmentKind::Spendable { effect } = &card.kind else {
                return Err(Refusal::new(
                    "Equipment: spendables",
                    format!("{item} is a {}, not a spendable", card.type_name()),
                ));
            };
            (effect.clone(), false)
        }
        None => {
            let Some(card) = tx.s.relics.iter().find(|e| e.name == item) else {
                return Err(Refusal::new(
                    "Relics",
                    format!("the party has no relic named {item} (a spendable needs its hero)"),
                ));
            };
            let EquipmentKind::Relic { effect } = &card.kind else {
                unreachable!("relics hold relic cards")
            };
            if !in_combat {
                return Err(Refusal::new(
                    "Relics",
                    "relics are activated during a hero's turn in combat",
                ));
            }
            if tx
                .s
                .combat
                .as_ref()
                .is_some_and(|c| c.relics_used.iter().any(|r| r == item))
            {
                return Err(Refusal::new(
                    "Relics",
                    format!("{item} was already used in this combat"),
                ));
            }
            (effect.clone(), true)
        }
    };
    let needs_combat = matches!(
        effect,
        ItemEffect::DamageMonster { .. } | ItemEffect::SpecialDie { .. }
    );
    if needs_combat && !in_combat {
        return Err(Refusal::new(
            "Equipment",
            format!("{item} works on the monster: use it during a combat"),
        ));
    }
    if matches!(effect, ItemEffect::HealHero { .. }) {
        let Some(t) = target else {
            return Err(Refusal::new(
                "Equipment",
                format!("{item} heals one hero: give a target"),
            ));
        };
        tx.hero(t)?;
    }
    if relic {
        tx.emit(Event::RelicUsed {
            item: item.to_string(),
        });
    } else {
        tx.emit(Event::ItemSpent {
            hero,
            item: item.to_string(),
        });
    }
    match effect {
        ItemEffect::HealHero { amount } => tx.heal(target.expect("checked"), amount),
        ItemEffect::HealParty { amount } => {
            for i in 0..tx.s.heroes.len() {
                tx.heal(i, amount);
            }
        }
        ItemEffect::DamageMonster { amount } => {
            tx.emit(Event::MonsterDamaged {
                amount: amount as i32,
                why: item.to_string(),
                by_item: true,
            });
            // Before a faint the window decides what follows (`faint`).
            if !faint::is_open(tx) {
                after_damage(tx);
            }
        }
        ItemEffect::Gold { amount } => tx.emit(Event::GoldGained {
            amount,
            why: item.to_string(),
        }),
        ItemEffect::WhiteDice { count } => tx.gain_white_dice(count, item),
        ItemEffect::SpecialDie { die } => tx.emit(Event::SpecialDieAdded { die }),
    }
    faint::review(tx);
    Ok(())
}

/// Impossible situations: each hero loses the monster's level, the card goes
/// back to the box and the next monster is drawn.
pub fn back_down(tx: &mut Tx) -> Result<(), Refusal> {
    let c = combat(tx)?.clone();
    no_pending(&c)?;
    if c.foe.is_boss() {
        return Err(Refusal::new(
            "Impossible situations",
            "there is no next monster to draw in the final boss combat",
        ));
    }
    let level = c.foe.level() as u32;
    for i in 0..tx.s.heroes.len() {
        tx.damage(i, level, "shame of backing down");
    }
    faint::settle(tx, AfterFaint::BackDown);
    Ok(())
}

/// The shame is suffered (and any faint settled): the monster goes back to
/// the box, unless nobody is left standing.
pub(super) fn sent_away(tx: &mut Tx) {
    if !tx.s.heroes.iter().any(|h| h.can_act()) {
        tx.game_over(false, "all heroes fainted during a combat");
        return;
    }
    let name =
        tx.s.combat
            .as_ref()
            .map(|c| c.foe.name().to_string())
            .unwrap_or_default();
    tx.emit(Event::MonsterSentAway { name });
}
