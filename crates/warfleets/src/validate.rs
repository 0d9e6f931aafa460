//! A loaded state's consistency: everything the rules index or count is in range, so
//! a saved game edited by hand is refused with reasons rather than played wrongly.

use crate::action::GunRef;
use crate::choices::Interrupt;
use crate::state::{Status, Step, UpgradeKind, Warfleets};
use orrery_core::{Game, Seat, StateError};
use orrery_table::Point;

pub fn validate(g: &Warfleets) -> Result<(), StateError> {
    let mut p: Vec<String> = g.catalogue.check();
    let n = g.models.len();
    let finite = |q: &Point| q.x.is_finite() && q.y.is_finite();
    let size_ok = g.width.is_finite()
        && (24.0..=240.0).contains(&g.width)
        && g.height.is_finite()
        && (48.0..=240.0).contains(&g.height);
    if !size_ok {
        p.push("table size out of range".into());
    }
    if !(1..=12).contains(&g.rounds) || g.round > g.rounds {
        p.push(format!("round {} of {}", g.round, g.rounds));
    }
    if n > 200 {
        p.push(format!("{n} models; at most 200"));
    }
    for (i, t) in g.terrain.iter().enumerate() {
        if let Err(e) = t.shape.validate() {
            p.push(format!("terrain[{i}]: {e}"));
        }
        let (lo, hi) = t.shape.bounding_box();
        if lo.x < -g.width || lo.y < -g.height || hi.x > 2.0 * g.width || hi.y > 2.0 * g.height {
            p.push(format!("terrain[{i}]: reaches far off the table"));
        }
    }
    if g.terrain.len() > 100 {
        p.push("too many terrain pieces".into());
    }
    for (i, m) in g.models.iter().enumerate() {
        if usize::from(m.id) != i || m.hull >= g.catalogue.hulls.len() {
            return StateError::check(vec![format!(
                "models[{i}]: id {} or hull {} out of place",
                m.id, m.hull
            )]);
        }
    }
    for (i, m) in g.models.iter().enumerate() {
        let at = format!("models[{i}]");
        if m.seat.0 > 1 {
            p.push(format!("{at}.seat: {}", m.seat));
        }
        if m.hull >= g.catalogue.hulls.len() {
            p.push(format!("{at}.hull: no hull {}", m.hull));
            continue;
        }
        if !finite(&m.pos) || m.heading.0 > 23 {
            p.push(format!("{at}: position or heading out of range"));
        }
        if let Status::Aboard { carrier } = m.status {
            if usize::from(carrier) >= n {
                p.push(format!("{at}.status: no carrier {carrier}"));
            }
        }
        if m.status == Status::OnTable && !g.wholly_on_table(m.pos, 0.0) {
            p.push(format!("{at}: on the table but its centre is off it"));
        }
        if m.markers > 10 || m.boarding > 60 || m.damage > 2 {
            p.push(format!(
                "{at}: markers, boarding markers or damage out of range"
            ));
        }
        if m.upgrades.len() > 8 {
            p.push(format!("{at}.upgrades: too many"));
        }
        for (j, u) in m.upgrades.iter().enumerate() {
            if let UpgradeKind::Weapon { weapon, .. } = u.kind {
                if weapon >= g.catalogue.weapons.len() {
                    p.push(format!("{at}.upgrades[{j}]: no weapon {weapon}"));
                }
            }
            if u.damage > u.limit() {
                p.push(format!(
                    "{at}.upgrades[{j}].damage: {} over its limit {}",
                    u.damage,
                    u.limit()
                ));
            }
        }
        if let Some(e) = m.exit {
            if !finite(&e) {
                p.push(format!("{at}.exit: not finite"));
            }
        }
        if m.status == Status::Away && m.exit.is_none() {
            p.push(format!("{at}: off the table without an exit point"));
        }
        if !g.catalogue.hulls[m.hull].is_squadron()
            && m.status == Status::OnTable
            && m.working_upgrades() == 0
        {
            p.push(format!(
                "{at}: a ship with no working upgrade is on the table"
            ));
        }
    }
    // FB-08: "if a ship's move ends overlapping another ship, it continues … until it
    // is ≥ 1" from every other ship": no two ship bases overlap.
    let ships: Vec<&crate::state::Model> = g
        .models
        .iter()
        .filter(|m| m.on_table() && !g.catalogue.hulls[m.hull].is_squadron())
        .collect();
    for (i, a) in ships.iter().enumerate() {
        for b in &ships[i + 1..] {
            let reach = g.radius(a.id) + g.radius(b.id);
            if finite(&a.pos) && finite(&b.pos) && a.pos.dist(b.pos) < reach - 1e-6 {
                p.push(format!(
                    "models[{}] and models[{}]: two ship bases overlap (FB-08)",
                    a.id, b.id
                ));
            }
        }
    }
    // FB-18 counts "its starting ships": every ship a fleet has ever had.
    for seat in [Seat(0), Seat(1)] {
        let ships = g
            .models
            .iter()
            .filter(|m| m.seat == seat && !g.catalogue.hulls[m.hull].is_squadron())
            .count();
        if usize::from(g.started_ships[seat.index()]) != ships {
            p.push(format!(
                "started_ships[{}]: {}, but the fleet has {ships} ships (FB-18's morale counts them)",
                seat.0,
                g.started_ships[seat.index()]
            ));
        }
    }
    if g.markers.len() > 10 || !g.markers.iter().all(finite) {
        p.push("markers out of range".into());
    }
    if g.mines.len() > 50 || !g.mines.iter().all(|m| finite(&m.pos) && m.seat.0 < 2) {
        p.push("mines out of range".into());
    }
    let ok = |m: u8| usize::from(m) < n;
    for h in &g.harms {
        if !ok(h.model) || (h.settled && h.points == 0) || h.chooser.is_some_and(|s| s.0 > 1) {
            p.push(format!("harm {h:?} out of range"));
        }
    }
    if g.harms.len() > 200 {
        p.push("too much damage waiting".into());
    }
    let ship_at = |m: u8| ok(m) && !g.catalogue.hulls[g.models[usize::from(m)].hull].is_squadron();
    let ship_on_table = |m: u8| ship_at(m) && g.models[usize::from(m)].on_table();
    let squadron_at =
        |m: u8| ok(m) && g.catalogue.hulls[g.models[usize::from(m)].hull].is_squadron();
    if g.mends.len() > 50
        || !g
            .mends
            .iter()
            .all(|m| ship_on_table(m.ship) && (1..=2).contains(&m.points))
    {
        p.push("mends: a repair of a ship that is not on the table, or not 1 or 2 damage".into());
    } else if !g.mends.is_empty() && g.mendable().len() < 2 {
        p.push("a repair choice with fewer than two damaged upgrades to choose from".into());
    }
    let aside_ok = g.displaced.len() <= 200
        && g.displaced
            .iter()
            .all(|d| squadron_at(d.squadron) && ship_at(d.ship) && d.mover.0 < 2);
    if !aside_ok {
        p.push("displaced: a squadron or ship that is not there".into());
    }
    let open = if g.mends.is_empty() {
        g.interrupt()
    } else {
        None
    };
    if g.choosing && (g.harms.is_empty() || !g.harms.iter().all(|h| ok(h.model))) {
        p.push("an upgrade choice with no damage".into());
    } else if open == Some(Interrupt::Assign) && g.assignable().len() < 2 {
        p.push("an upgrade choice with fewer than two upgrades to choose from".into());
    }
    if aside_ok && open == Some(Interrupt::Aside) && !g.aside_open_ok() {
        p.push("a squadron to place aside that no ship is on, or with no free spot".into());
    }
    if !g.launching.iter().all(|&m| ok(m)) {
        p.push("launching: no such model".into());
    }
    if g.first.0 > 1 || g.roll_winner.0 > 1 || g.turn_seat.0 > 1 {
        p.push("a seat out of range".into());
    }
    let step_ok = match &g.step {
        Step::Marker { seat, left } => seat.0 < 2 && *left <= 5 && *left > 0,
        Step::Edge { seat } | Step::Deploy { seat, .. } | Step::Activate { seat, .. } => seat.0 < 2,
        Step::Vanguard { model }
        | Step::Face { model }
        | Step::Reserve { model }
        | Step::Mine { model }
        | Step::Launch { model }
        | Step::Return { model } => ok(*model),
        Step::Place { model, squadron } => ok(*model) && ok(*squadron),
        Step::Order { model, .. } => ok(*model),
        Step::Fire { model, shots } => {
            ok(*model)
                && shots.len() <= 20
                && shots.iter().all(|s| {
                    ok(s.target)
                        && match s.gun {
                            GunRef::Turret => true,
                            GunRef::Weapon(i) => usize::from(i) < 8,
                        }
                })
        }
        Step::After { model, reach, .. } => {
            ok(*model) && reach.is_finite() && (0.0..=4.0).contains(reach)
        }
        Step::Launched | Step::Over => true,
    };
    if !step_ok {
        p.push(format!(
            "the open question {:?} names something that is not there",
            g.step
        ));
    }
    // The question belongs to its part of the game: set-up before round 1, rounds
    // after; an activation's steps to an activated model of the phase (squadrons may
    // act out of it: Rogue, launched) and of the seat whose activation it is.
    if step_ok {
        let setup = matches!(
            g.step,
            Step::Marker { .. } | Step::Edge { .. } | Step::Deploy { .. } | Step::Vanguard { .. }
        );
        let rounds = !setup && !matches!(g.step, Step::Face { .. } | Step::Over);
        if (setup && g.round != 0) || (rounds && g.round == 0) {
            p.push(format!(
                "the question {} does not belong to round {}",
                g.step.name(),
                g.round
            ));
        }
        if let Step::Activate { class, .. } = g.step {
            if class != g.phase {
                p.push(format!(
                    "activating {class:?} models in the {:?} phase",
                    g.phase
                ));
            }
        }
        let acting = match g.step {
            Step::Mine { model }
            | Step::Launch { model }
            | Step::Place { model, .. }
            | Step::Order { model, .. }
            | Step::Fire { model, .. }
            | Step::After { model, .. } => Some(model),
            _ => None,
        };
        if let Some(model) = acting {
            let m = &g.models[usize::from(model)];
            let class = g.catalogue.hulls[m.hull].class;
            if !m.activated {
                p.push(format!(
                    "{}: {} has not been activated",
                    g.step.name(),
                    m.name
                ));
            }
            if class != crate::catalogue::Class::Squadron && class != g.phase {
                p.push(format!(
                    "{} acts in the {:?} phase, not its own ({class:?})",
                    m.name, g.phase
                ));
            }
            if m.seat != g.turn_seat {
                p.push(format!("{} acts in {}'s activation", m.name, g.turn_seat));
            }
        }
    }
    if let Step::Return { model } = g.step {
        if ok(model) && g.models[usize::from(model)].status != Status::Away {
            p.push("a return for a ship that is not off the table".into());
        }
    }
    if let Step::Place { squadron, model } = g.step {
        if ok(squadron)
            && g.models[usize::from(squadron)].status != (Status::Aboard { carrier: model })
        {
            p.push("placing a squadron that is not aboard".into());
        }
    }
    // A question that must have an answer but might not after an edit.
    let needs_answer = matches!(
        g.step,
        Step::Marker { .. }
            | Step::Deploy { .. }
            | Step::Reserve { .. }
            | Step::Activate { .. }
            | Step::Place { .. }
            | Step::Return { .. }
            | Step::Vanguard { .. }
    );
    if p.is_empty() && step_ok && needs_answer && g.interrupt().is_none() {
        if let Some(&seat) = g.to_move().first() {
            if g.legal_actions(seat).is_empty() {
                p.push(format!(
                    "seat {seat} is asked {:?} but has no answer",
                    g.step
                ));
            }
        }
    }
    if g.outcome.is_some() != (g.step == Step::Over) {
        p.push("the game is over exactly when the question is `over`".into());
    }
    StateError::check(p)
}
