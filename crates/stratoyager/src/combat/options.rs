//! The legal Combat Actions (SY-17, SY-18, SY-21) and Fire at Will targets (SY-15).

use super::{attack_band, distance, line_of_sight, tht_now};
use crate::action::{CombatOrder, MissileOrder};
use crate::event::Weapon;
use crate::refusal::Refusal;
use crate::state::{Stratoyager, Unit};
use crate::types::{Band, Feature, MissileKind, UnitId, LOCK_RANGE};
use orrery_table::{in_front_arc, Hour, EPS};

/// "1. Attacker is able to perform Combat Action": on the table and not blacked out
/// (SY-09 "Blackout cancels the unit's Combat Action").
fn can_act(g: &Stratoyager, unit: UnitId) -> bool {
    g.units
        .get(unit.index())
        .is_some_and(|u| u.on_table() && !u.blackout)
}

/// `t` is an enemy of `unit` on the table.
fn enemy_on_table(g: &Stratoyager, unit: UnitId, t: UnitId) -> Result<(), Refusal> {
    let Some(tu) = g.units.get(t.index()) else {
        return Err(Refusal::NoUnit(t));
    };
    if tu.side == g.unit(unit).side {
        return Err(Refusal::NotAnEnemy(t));
    }
    if !tu.on_table() {
        return Err(Refusal::NotOnTable(t));
    }
    Ok(())
}

/// [`enemy_on_table`] without wording a refusal: for listing candidates.
fn is_enemy_on_table(g: &Stratoyager, unit: UnitId, t: &Unit) -> bool {
    t.side != g.unit(unit).side && t.on_table()
}

fn in_arc(g: &Stratoyager, unit: UnitId, t: UnitId) -> bool {
    let u = g.unit(unit);
    in_front_arc(u.pos, u.facing, g.unit(t).pos)
}

/// Conditions 2–5 of the seed's attack: "Line Of Sight (LOS) to Target. Target must be
/// in firing arc of Attacker. Target must be in range. To Hit Threshold cannot be
/// higher than 6." `all_round`: Turret 360 "may engage targets all around it".
fn shot_problem(
    g: &Stratoyager,
    a: UnitId,
    t: UnitId,
    weapon: Weapon,
    all_round: bool,
) -> Result<(), Refusal> {
    if !line_of_sight(g, g.unit(a).pos, g.unit(t).pos) {
        return Err(Refusal::NoLineOfSight(t));
    }
    if !all_round && !in_arc(g, a, t) {
        return Err(Refusal::NotInArc(t));
    }
    if attack_band(g, a, t, weapon).is_none() {
        return Err(Refusal::OutOfRange(t));
    }
    let v = tht_now(g, a, t, weapon);
    if v > 6 {
        return Err(Refusal::ThtOver { tht: v, target: t });
    }
    Ok(())
}

fn salvo_ok(g: &Stratoyager, unit: UnitId, t: UnitId) -> Result<(), Refusal> {
    enemy_on_table(g, unit, t)?;
    let turret = g.card_of(unit).has(Feature::Turret360);
    shot_problem(g, unit, t, Weapon::Salvo, turret)
}

fn has_missile(g: &Stratoyager, unit: UnitId, size: MissileKind) -> Result<(), Refusal> {
    if g.unit(unit).missiles.count(size) == 0 {
        return Err(Refusal::NoMissileOfSize(size));
    }
    Ok(())
}

/// Units hit by a fragshell pod: SY-18 "one roll per unit (friend or foe) in the front
/// arc within 6 klicks with LOS". Seed: "Fragshell shot attacks ALL units, friend and
/// foe alike in front firing arc."
pub(crate) fn fragshell_targets(g: &Stratoyager, unit: UnitId) -> Vec<UnitId> {
    let me = g.unit(unit);
    g.units
        .iter()
        .filter(|t| t.id != unit && t.on_table())
        .filter(|t| Band::of(me.pos.dist(t.pos)).is_some_and(|b| b <= Band::Close))
        .filter(|t| in_front_arc(me.pos, me.facing, t.pos))
        .filter(|t| line_of_sight(g, me.pos, t.pos))
        .map(|t| t.id)
        .collect()
}

fn missile_ok(g: &Stratoyager, unit: UnitId, m: &MissileOrder) -> Result<(), Refusal> {
    let card = g.card_of(unit);
    let u = g.unit(unit);
    let unguided = card.has(Feature::Dumb) || card.has(Feature::Fragshell);
    match *m {
        MissileOrder::Lock { target } => {
            if unguided {
                return Err(Refusal::UnguidedCannotLock);
            }
            if u.missiles.total() == 0 {
                return Err(Refusal::NoMissilesLeft);
            }
            enemy_on_table(g, unit, target)?;
            if u.lock.is_some_and(|l| l.target == target) {
                return Err(Refusal::AlreadyLocking(target));
            }
            if !in_arc(g, unit, target) {
                return Err(Refusal::NotInArc(target));
            }
            if distance(g, unit, target) > LOCK_RANGE + EPS {
                return Err(Refusal::BeyondLockRange(target));
            }
            Ok(())
        }
        MissileOrder::Launch { size } => {
            if unguided {
                return Err(Refusal::UnguidedCannotLaunchLocked);
            }
            has_missile(g, unit, size)?;
            let Some(lock) = u.lock.filter(|l| l.locked) else {
                return Err(Refusal::NoLockedTarget);
            };
            enemy_on_table(g, unit, lock.target)?;
            shot_problem(g, unit, lock.target, Weapon::LockedMissile(size), false)
        }
        MissileOrder::Dumb { target, size } => {
            if !card.has(Feature::Dumb) {
                return Err(Refusal::NoDumbMissiles);
            }
            has_missile(g, unit, size)?;
            enemy_on_table(g, unit, target)?;
            shot_problem(g, unit, target, Weapon::Dumb(size), false)
        }
        MissileOrder::Fragshell { size } => {
            if !card.has(Feature::Fragshell) {
                return Err(Refusal::NoFragshellPods);
            }
            has_missile(g, unit, size)?;
            if fragshell_targets(g, unit).is_empty() {
                return Err(Refusal::NoFragshellTarget);
            }
            Ok(())
        }
    }
}

/// Fire at Will waits for "later activations" (SY-15); in a dogfight turn both units
/// have moved before any Combat Action, so there is none (SYO-19).
fn fire_at_will_useful(g: &Stratoyager) -> bool {
    !matches!(g.phase, crate::state::Phase::Dogfight { .. })
}

/// Whether `order` is a legal Combat Action for `unit` now; the reason if not.
/// Consistent with [`combat_orders`]: `Ok` exactly for the orders it lists.
pub fn check_combat(g: &Stratoyager, unit: UnitId, order: &CombatOrder) -> Result<(), Refusal> {
    if *order == CombatOrder::Hold {
        return Ok(());
    }
    if !can_act(g, unit) {
        return Err(Refusal::CannotAct(unit));
    }
    match order {
        CombatOrder::Hold | CombatOrder::Countermeasures => Ok(()),
        CombatOrder::FireAtWill if fire_at_will_useful(g) => Ok(()),
        CombatOrder::FireAtWill => Err(Refusal::FireAtWillInDogfight),
        CombatOrder::Salvo { target } => salvo_ok(g, unit, *target),
        CombatOrder::Missile { missile } => missile_ok(g, unit, missile),
        CombatOrder::Gunner { target, missile } => {
            if !g.card_of(unit).has(Feature::Gunner) {
                return Err(Refusal::OnlyGunnerCombines);
            }
            salvo_ok(g, unit, *target)?;
            missile_ok(g, unit, missile)
        }
        CombatOrder::RaiseShields => {
            if g.unit(unit).shields >= g.card_of(unit).shields {
                return Err(Refusal::ShieldsAtMaximum);
            }
            Ok(())
        }
        CombatOrder::Eject { hour } => {
            if *hour > 11 {
                return Err(Refusal::NoHour(*hour));
            }
            let at = g.unit(unit).pos.along(Hour(*hour), 1.0);
            if !g.table.contains(at) {
                return Err(Refusal::EjectOffTable(at));
            }
            Ok(())
        }
    }
}

fn legal_missiles(g: &Stratoyager, unit: UnitId) -> Vec<MissileOrder> {
    // A kind of order the unit's card or loadout rules out entirely is not listed
    // candidate by candidate: these are `missile_ok`'s first checks, so the list is
    // the same, without building a refusal for each candidate.
    let card = g.card_of(unit);
    let u = g.unit(unit);
    let unguided = card.has(Feature::Dumb) || card.has(Feature::Fragshell);
    let any_missile = u.missiles.total() > 0;
    let mut cands = Vec::new();
    if !unguided && any_missile {
        cands.extend(
            g.units
                .iter()
                .filter(|t| is_enemy_on_table(g, unit, t))
                .map(|t| MissileOrder::Lock { target: t.id }),
        );
    }
    if !unguided && u.lock.is_some_and(|l| l.locked) {
        cands.extend(MissileKind::ALL.map(|size| MissileOrder::Launch { size }));
    }
    if card.has(Feature::Dumb) && any_missile {
        for t in g.units.iter().filter(|t| is_enemy_on_table(g, unit, t)) {
            cands.extend(MissileKind::ALL.map(|size| MissileOrder::Dumb { target: t.id, size }));
        }
    }
    if card.has(Feature::Fragshell) && any_missile {
        cands.extend(MissileKind::ALL.map(|size| MissileOrder::Fragshell { size }));
    }
    cands.retain(|m| missile_ok(g, unit, m).is_ok());
    cands
}

/// The exact legal Combat Actions of `unit` now, `Hold` first, in a fixed order:
/// Hold; Salvo by target id; missile actions (Lock by target, Launch by size, Dumb by
/// target and size, Fragshell by size); Gunner combinations (salvo target × missile
/// action); Countermeasures; Raise Shields (below maximum); Fire at Will; Eject by hour
/// (landing on the table). A unit that cannot act (off the table, blacked out) has
/// only `Hold`.
///
/// SY-21: "the seven are Main Weapon Salvo (or Dumb/Fragshell shot), Target Lock,
/// Locked Missile Launch, Countermeasures, Raise Shields, Fire at Will, Eject; one per
/// activation (Gunner: SY-18)". Attacks need the seed's five conditions (SY-17); THT
/// over 6 "is automatic failure", so such attacks are not offered (project ruling).
pub fn combat_orders(g: &Stratoyager, unit: UnitId) -> Vec<CombatOrder> {
    let mut out = vec![CombatOrder::Hold];
    if !can_act(g, unit) {
        return out;
    }
    let targets: Vec<UnitId> = g
        .units
        .iter()
        .filter(|t| is_enemy_on_table(g, unit, t))
        .map(|u| u.id)
        .filter(|&t| salvo_ok(g, unit, t).is_ok())
        .collect();
    out.extend(targets.iter().map(|&target| CombatOrder::Salvo { target }));
    let missiles = legal_missiles(g, unit);
    out.extend(
        missiles
            .iter()
            .map(|m| CombatOrder::Missile { missile: m.clone() }),
    );
    if g.card_of(unit).has(Feature::Gunner) {
        for &target in &targets {
            for m in &missiles {
                out.push(CombatOrder::Gunner {
                    target,
                    missile: m.clone(),
                });
            }
        }
    }
    out.push(CombatOrder::Countermeasures);
    if g.unit(unit).shields < g.card_of(unit).shields {
        out.push(CombatOrder::RaiseShields);
    }
    if fire_at_will_useful(g) {
        out.push(CombatOrder::FireAtWill);
    }
    for hour in 0..12u8 {
        let order = CombatOrder::Eject { hour };
        if check_combat(g, unit, &order).is_ok() {
            out.push(order);
        }
    }
    out
}

/// Enemies a unit holding Fire at Will may shoot in this window (the caller decides
/// which segment's window it is, SY-15: later segments only). Empty if the unit holds
/// no token, cannot act or is blacked out.
///
/// SY-15: "fire one Main Weapon Salvo … at an enemy in its front arc (no turret),
/// range, LOS". Seed: "Turrets and other special features that allow for tracking
/// outsie of front fire arc cannot be used." THT over 6 is not offered.
pub fn fire_at_will_targets(g: &Stratoyager, unit: UnitId) -> Vec<UnitId> {
    if !can_act(g, unit) || !g.unit(unit).fire_at_will {
        return Vec::new();
    }
    g.units
        .iter()
        .map(|u| u.id)
        .filter(|&t| enemy_on_table(g, unit, t).is_ok())
        .filter(|&t| shot_problem(g, unit, t, Weapon::Salvo, false).is_ok())
        .collect()
}
