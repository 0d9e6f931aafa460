//! Hidden information for look-ahead agents (determinization), the timeout default
//! and the evaluation hook.

use crate::action::{Action, CombatOrder};
use crate::combat;
use crate::event::Weapon;
use crate::state::{AskKind, Place, Stratoyager};
use crate::types::Band;
use crate::types::Plan;
use orrery_core::{Rng, Seat};

/// Forget what `viewer` may not know and resample it: the other side's answers to
/// the current secret question are withdrawn (it will answer again, not knowing
/// `viewer`'s), and its dogfight cards are redrawn from the cards `viewer` has not
/// seen. The dice generator is reseeded.
pub fn determinize(g: &mut Stratoyager, viewer: Seat, rng: &mut Rng) {
    if let Some(b) = g.batch.as_mut() {
        if b.secret {
            for a in &mut b.asks {
                if a.seat != viewer {
                    a.answer = None;
                }
            }
            if b.first.is_some_and(|s| s != viewer) {
                b.first = None;
            }
        }
    }
    // Once the combat cards are revealed (the combat order is set) both hands are known.
    if let Some(d) = g.dogfight.as_mut().filter(|d| d.combat_order.is_empty()) {
        let other = 1 - viewer.index().min(1);
        let known_movement = d.movement[other];
        let mut unseen: Vec<u8> = (1..=5)
            .filter(|c| !d.drawn[viewer.index()].contains(c) && Some(*c) != known_movement)
            .collect();
        let mut pick = |unseen: &mut Vec<u8>| unseen.remove(rng.index(unseen.len()));
        let first = known_movement.unwrap_or_else(|| pick(&mut unseen));
        let second = pick(&mut unseen);
        d.drawn[other] = [first, second];
    }
    let seed = rng.next_u64();
    g.rng.reseed(seed);
}

/// What a side plays when it does not answer in time: reserve nothing and take the
/// lowest free card; drift (SY-26: "both drivers 0, not evasive"); no yaw; return;
/// hold fire.
pub fn default_action(g: &Stratoyager, seat: Seat) -> Option<Action> {
    let b = g.batch.as_ref()?;
    let i = b.next_for(seat)?;
    let answers = g.answers(i);
    let pick = |want: &Action| answers.iter().find(|a| *a == want).cloned();
    let preferred = match b.kind {
        AskKind::Maneuver => pick(&Action::Maneuver(Plan::drift())),
        AskKind::Yaw => pick(&Action::Yaw { facing: None }),
        AskKind::Leave => pick(&Action::Leave { withdraw: false }),
        AskKind::FireAtWill => pick(&Action::FireAtWill { target: None }),
        AskKind::Combat => pick(&Action::Combat(CombatOrder::Hold)),
        AskKind::DogfightCard => answers
            .iter()
            .filter(|a| matches!(a, Action::DogfightCard { .. }))
            .min_by_key(|a| match a {
                Action::DogfightCard { movement } => *movement,
                _ => u8::MAX,
            })
            .cloned(),
        AskKind::Deploy => answers
            .iter()
            .find(|a| matches!(a, Action::Deploy { card: Some(_) }))
            .cloned(),
        _ => None,
    };
    preferred.or_else(|| answers.into_iter().next())
}

/// Weight of a shot lined up: points of the target × chance to hit × this.
const SHOT: f64 = 0.1;
/// Share of its points a unit off the table (coming back later) is counted lost: it
/// misses at least a turn, and a side all away loses (SY-28).
const AWAY: f64 = 0.4;
/// Share of its points a unit within 1 klick of an edge is counted lost (it may fly
/// off next move).
const EDGE: f64 = 0.1;

/// The chance one die meets a To Hit Threshold ("EQUAL or HIGHER"; THT ≤ 1 always
/// hits, over 6 never), a cheap stand-in for the band's pool.
fn hit_chance(tht: i32) -> f64 {
    f64::from((7 - tht.clamp(1, 7)).max(0)) / 6.0
}

/// Positional value of `side`'s units: shots they have lined up (enemy in the front
/// arc, in range, line of sight, THT ≤ 6), less their exposure near
/// or off the edges.
fn position(g: &Stratoyager, side: Seat) -> f64 {
    let mut v = 0.0;
    for u in g.units.iter().filter(|u| u.side == side) {
        let points = f64::from(g.roster[u.kind].points);
        match u.place {
            Place::Away { .. } => v -= AWAY * points,
            Place::Table => {
                let (w, l) = (g.table.width, g.table.length);
                let edge = u.pos.x.min(w - u.pos.x).min(u.pos.y).min(l - u.pos.y);
                if edge < 1.0 {
                    v -= EDGE * points;
                }
                if u.blackout {
                    continue;
                }
                for e in g.units.iter().filter(|e| e.side != side && e.on_table()) {
                    if !orrery_table::in_front_arc(u.pos, u.facing, e.pos) {
                        continue;
                    }
                    let d = u.pos.dist(e.pos);
                    let Some(band) = Band::of(d) else { continue };
                    if band.pool().is_none() || !combat::line_of_sight(g, u.pos, e.pos) {
                        continue;
                    }
                    let tht = combat::tht(g, u.id, e.id, Weapon::Salvo, band);
                    v += SHOT * f64::from(g.roster[e.kind].points) * hit_chance(tht);
                }
            }
            _ => {}
        }
    }
    // SY-28: a side whose every remaining unit is off the table loses after a whole
    // turn away; count that as losing what it has left.
    let mine = || g.units.iter().filter(|u| u.side == side);
    let all_away = mine().any(|u| matches!(u.place, Place::Away { .. }))
        && mine().all(|u| {
            matches!(
                u.place,
                Place::Away { .. } | Place::Lost { .. } | Place::Hulk
            )
        });
    if all_away {
        v -= mine()
            .filter(|u| matches!(u.place, Place::Away { .. }))
            .map(|u| f64::from(g.roster[u.kind].points))
            .sum::<f64>();
    }
    v
}

/// Score margin plus material plus position. Material: each unit in play is worth its
/// points scaled by the structure it has left (shields count half a point of
/// structure each), so damage taken counts. Position (see [`position`]): for each
/// unit, [`SHOT`] × the target's points × the chance to hit for every enemy it could
/// fire at now (front arc, range, LOS) — the enemy's lined-up shots at us count
/// against; a unit away off the table costs [`AWAY`] of its points, one within a
/// klick of an edge [`EDGE`]. Antisymmetric between the two sides.
pub fn evaluate(g: &Stratoyager, seat: Seat) -> f64 {
    let scores = crate::victory::scores(g);
    let other = Stratoyager::enemy(seat);
    let margin = scores[seat.index()] - scores[other.index()];
    let mut material = 0.0;
    for u in &g.units {
        if !matches!(
            u.place,
            Place::Table | Place::Reserve | Place::Away { .. } | Place::Undeployed
        ) {
            continue;
        }
        let card = &g.roster[u.kind];
        let full = f64::from(card.structure) + 0.5 * f64::from(card.shields);
        let left = f64::from(u.structure.max(0)) + 0.5 * f64::from(u.shields);
        let v = f64::from(card.points) * (0.5 + 0.5 * left / full.max(1.0));
        if u.side == seat {
            material += v;
        } else {
            material -= v;
        }
    }
    margin + 0.5 * material + position(g, seat) - position(g, other)
}
