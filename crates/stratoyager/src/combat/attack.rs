//! Attack rolls (SY-17).

use super::{distance, tht};
use crate::event::{AttackRoll, Weapon};
use crate::state::Stratoyager;
use crate::types::{Band, Feature, Pick, UnitId};

/// The band whose dice pool an attack rolls, `None` if the weapon has no pool there.
///
/// SY-05 bands by distance; Dumb: "treated as shot from 1 distance further (Close
/// becomes Medium Medium becomes Long etc)", SY-18 "Extreme→Visual = no shot";
/// Fragshell: "Beyond Close range weapon is ineffective" (no next-band shift).
pub fn attack_band(
    g: &Stratoyager,
    attacker: UnitId,
    target: UnitId,
    weapon: Weapon,
) -> Option<Band> {
    let band = Band::of(distance(g, attacker, target))?;
    let band = match weapon {
        Weapon::Dumb(_) => band.next_out(),
        Weapon::Fragshell(_) if band > Band::Close => return None,
        _ => band,
    };
    band.pool().map(|_| band)
}

/// The die picked from a pool: the highest or lowest, the first of equals.
pub(crate) fn pick_index(dice: &[u8], pick: Pick) -> usize {
    let mut best = 0;
    for (i, &d) in dice.iter().enumerate() {
        let better = match pick {
            Pick::Highest => d > dice[best],
            Pick::Lowest => d < dice[best],
        };
        if better {
            best = i;
        }
    }
    best
}

/// Roll one attack.
///
/// Seed: "Point-Blank - Roll 3D6, pick HIGHEST … Close - Roll 2D6, pick HIGHEST …
/// Medium - Roll 1D6 … Long - Roll 2D6, pick LOWEST … Extreme - Roll 3D6, pick LOWEST";
/// "To score a hit D6 die roll result must be EQUAL or HIGHER than final THT. If THT is
/// larger than 6, shot is automatic failure." SY-17: "THT ≤ 1 always hits".
///
/// Linked (main weapon salvo only): "allows for re-roll of 1D during THT roll". Project
/// ruling SYO: the re-roll is taken automatically after a miss, on the picked die,
/// when it can still change the result (a LOWEST pool whose other dice are below THT
/// cannot be saved, so no die is re-rolled).
///
/// Without a pool (beyond the weapon's reach) or with THT > 6 no die is rolled and the
/// attack misses (`dice` empty, `chosen` 0).
pub fn roll_attack(
    g: &mut Stratoyager,
    attacker: UnitId,
    target: UnitId,
    weapon: Weapon,
) -> AttackRoll {
    let dist = distance(g, attacker, target);
    let actual = Band::of(dist).unwrap_or(Band::Visual);
    let t = tht(g, attacker, target, weapon, actual);
    let band = attack_band(g, attacker, target, weapon);
    let mut roll = AttackRoll {
        attacker,
        target,
        weapon,
        distance: dist,
        band: band.unwrap_or(match weapon {
            Weapon::Dumb(_) => actual.next_out(),
            _ => actual,
        }),
        tht: t,
        dice: Vec::new(),
        pick: Pick::Highest,
        rerolled: None,
        chosen: 0,
        hit: false,
    };
    let Some((n, pick)) = band.and_then(Band::pool) else {
        return roll;
    };
    roll.pick = pick;
    if t > 6 {
        return roll;
    }
    roll.dice = (0..n).map(|_| g.rng.d6()).collect();
    let mut i = pick_index(&roll.dice, pick);
    roll.chosen = roll.dice[i];
    roll.hit = i32::from(roll.chosen) >= t;
    let linked = weapon == Weapon::Salvo && g.card_of(attacker).has(Feature::Linked);
    if linked && !roll.hit {
        let others_ok = roll
            .dice
            .iter()
            .enumerate()
            .all(|(j, &d)| j == i || pick == Pick::Highest || i32::from(d) >= t);
        if others_ok {
            roll.rerolled = Some((i, roll.dice[i]));
            roll.dice[i] = g.rng.d6();
            i = pick_index(&roll.dice, pick);
            roll.chosen = roll.dice[i];
            roll.hit = i32::from(roll.chosen) >= t;
        }
    }
    roll
}
