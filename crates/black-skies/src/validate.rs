//! Checks on a state that did not come from play (a saved file, a client): every
//! problem at once, so that a state that passes is playable.

use crate::flight::COHESION;
use crate::maneuver::{options, MAX_SPEED};
use crate::state::{BlackSkies, Phase, Status};
use orrery_core::{Seat, StateError};
use orrery_table::EPS;

pub fn validate(g: &BlackSkies) -> Result<(), StateError> {
    let mut p = Vec::new();
    let sizes = |w: f64| w.is_finite() && (12.0..=240.0).contains(&w);
    if !sizes(g.width) || !sizes(g.length) {
        p.push("table sides must be 12 to 240 inches".to_string());
    }
    if !(1..=100).contains(&g.turns) || g.turn > g.turns {
        p.push(format!("turn {} of {}", g.turn, g.turns));
    }
    // Seed PLAY: who moves first is drawn after set-up, and then it stays.
    match g.first {
        Some(s) if s.0 > 1 => p.push("first seat must be 0 or 1".into()),
        Some(_) if g.turn == 0 => p.push("who moves first drawn before set-up is over".into()),
        None if g.turn > 0 => p.push("who moves first not drawn after set-up".into()),
        _ => {}
    }
    for (i, a) in g.asteroids.iter().enumerate() {
        if !(a.x.is_finite() && a.y.is_finite() && a.radius.is_finite() && a.radius > 0.0) {
            p.push(format!("asteroid {i}: finite centre and radius > 0"));
        }
    }
    for (i, d) in g.designs.iter().enumerate() {
        p.extend(d.check().into_iter().map(|x| format!("design {i}: {x}")));
    }
    if g.fighters.len() > 48 || g.elements.len() > 24 {
        p.push("too many fighters or elements".into());
    }
    for (i, f) in g.fighters.iter().enumerate() {
        let at = format!("fighter {i}");
        if usize::from(f.id) != i {
            p.push(format!("{at}: id {}", f.id));
        }
        if f.seat.0 > 1 || f.design >= g.designs.len() || usize::from(f.element) >= g.elements.len()
        {
            p.push(format!("{at}: seat, design or element out of range"));
            continue;
        }
        if !(1..=4).contains(&f.skill) {
            p.push(format!("{at}: skill {}", f.skill));
        }
        if f.heading.0 >= 24 {
            p.push(format!("{at}: heading {}", f.heading.0));
        }
        let max = g.max_hull(f);
        if f.hull > max || (f.status == Status::Flying && f.hull == 0) {
            p.push(format!("{at}: hull {} of {max}", f.hull));
        }
        if f.status == Status::Flying
            && !(f.pos.x.is_finite() && f.pos.y.is_finite() && g.point(f.pos))
        {
            p.push(format!("{at}: flying off the table"));
        }
        if f.status == Status::Destroyed && f.hull != 0 {
            p.push(format!("{at}: destroyed with hull {}", f.hull));
        }
        if f.status == Status::Waiting && !matches!(g.phase, Phase::Deploy { .. }) {
            p.push(format!("{at}: waiting to deploy after deployment"));
        }
        let e = g.element(f.element);
        if e.seat != f.seat || !e.fighters.contains(&f.id) {
            p.push(format!("{at}: not in its element"));
        }
    }
    if !p.is_empty() {
        return StateError::check(p);
    }
    for (i, e) in g.elements.iter().enumerate() {
        let at = format!("element {i}");
        if usize::from(e.id) != i || e.seat.0 > 1 {
            p.push(format!("{at}: id or seat"));
            continue;
        }
        if e.fighters.is_empty() || e.fighters.len() > 2 {
            p.push(format!("{at}: {} fighters", e.fighters.len()));
            continue;
        }
        if e.fighters
            .iter()
            .any(|&f| usize::from(f) >= g.fighters.len() || g.fighter(f).element != e.id)
        {
            p.push(format!("{at}: fighters not its own"));
            continue;
        }
        let d = e
            .fighters
            .iter()
            .map(|&f| g.fighter(f).design)
            .collect::<Vec<_>>();
        if d.windows(2).any(|w| w[0] != w[1]) {
            p.push(format!("{at}: both pilots fly the same type"));
        }
        // BS-05: "Fighters of the same element must at all times remain within six
        // inches of each other."
        if let [lead, wing] = e.fighters[..] {
            let (a, b) = (g.fighter(lead), g.fighter(wing));
            if a.flying() && b.flying() && a.pos.dist(b.pos) > COHESION + EPS {
                p.push(format!(
                    "{at}: the wingman is {:.1}\" from his lead, more than 6\" (BS-05)",
                    a.pos.dist(b.pos)
                ));
            }
        }
        if e.speed > MAX_SPEED {
            p.push(format!("{at}: speed {}", e.speed));
        }
        let cards = g.cards_of(e.id);
        if e.card.is_some_and(|c| !cards.contains(&c))
            || e.shown.is_some_and(|c| !cards.contains(&c))
        {
            p.push(format!("{at}: a card its fighters cannot fly"));
        }
        if e.committed_at
            .is_some_and(|c| c >= g.actions[e.seat.index()])
        {
            p.push(format!("{at}: committed after the seat's last action"));
        }
        if e.card.is_some() != e.committed_at.is_some() && g.outcome.is_none() {
            p.push(format!("{at}: card and commitment disagree"));
        }
        if let Some(r) = e.readied_at {
            // Its set-up action stays secret only while its first card is face down.
            let first_down = e.card.is_some() && e.shown.is_none() && g.turn <= 1;
            if r >= g.actions[e.seat.index()]
                || !g.decks[e.seat.index()].contains(&e.id)
                || !(first_down || g.phase == Phase::Ready)
                || e.committed_at.is_some_and(|c| c != r + 1)
            {
                p.push(format!("{at}: readied out of turn"));
            }
        }
    }
    // Each secret set-up action and face-down card was an action of its own.
    for s in Seat::all(2) {
        let mut at: Vec<u32> = g
            .elements
            .iter()
            .filter(|e| e.seat == s)
            .flat_map(|e| [e.committed_at, e.readied_at])
            .flatten()
            .collect();
        let n = at.len();
        at.sort_unstable();
        at.dedup();
        if at.len() != n {
            p.push(format!("seat {s}: two secrets committed by one action"));
        }
    }
    for s in Seat::all(2) {
        let deck = &g.decks[s.index()];
        let mut seen = deck.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != deck.len()
            || deck
                .iter()
                .any(|&e| usize::from(e) >= g.elements.len() || g.element(e).seat != s)
        {
            p.push(format!("deck {s}: duplicates or elements not its own"));
        }
        let own = g.elements.iter().filter(|e| e.seat == s).count();
        if own == 0 {
            p.push(format!("seat {s} has no element"));
        }
        // Readied one after another, along the deck.
        let readied: Vec<u32> = deck
            .iter()
            .filter_map(|&e| g.elements.get(usize::from(e)).and_then(|e| e.readied_at))
            .collect();
        if readied.windows(2).any(|w| w[0] >= w[1]) {
            p.push(format!("deck {s}: readied out of order"));
        }
        if g.turn > 0 && deck.len() != own {
            p.push(format!("deck {s}: {} of {own} elements", deck.len()));
        }
        if g.groups[s.index()].contains(&0) {
            p.push(format!("groups {s}: empty group"));
        }
    }
    if g.cursor > g.order.len() || g.order.iter().any(|&e| usize::from(e) >= g.elements.len()) {
        p.push("activation order out of range".into());
    }
    if !p.is_empty() {
        return StateError::check(p);
    }
    phase(g, &mut p);
    StateError::check(p)
}

fn phase(g: &BlackSkies, p: &mut Vec<String>) {
    let both = g.has_fighters(Seat(0)) && g.has_fighters(Seat(1));
    if g.outcome.is_some() != (g.phase == Phase::Over) {
        p.push("the game is over exactly in phase over".into());
    }
    if g.outcome.is_none() && !both {
        p.push("a side without fighters and the game not over".into());
    }
    let setup = g.turn == 0;
    match &g.phase {
        Phase::Deploy { seat } => {
            if !setup || seat.0 > 1 || g.next_to_deploy(*seat).is_none() {
                p.push("deploy: nothing to deploy".into());
            }
            if g.elements
                .iter()
                .any(|e| e.card.is_some() || e.readied_at.is_some())
                || g.decks.iter().any(|d| !d.is_empty())
            {
                p.push("deploy: cards before set-up".into());
            }
        }
        Phase::Ready => {
            if !setup || (g.readied(Seat(0)) && g.readied(Seat(1))) {
                p.push("ready: nothing to ready".into());
            }
            // BS-02 (version 2): element by element along the deck, a speed and then
            // the first card; every readied element's action still secret.
            for s in Seat::all(2) {
                let d = &g.decks[s.index()];
                let last = d.len().saturating_sub(1);
                let ok = d.iter().enumerate().all(|(i, &e)| {
                    let e = g.element(e);
                    e.readied_at.is_some() && (e.card.is_some() || i == last)
                }) && g.unready(s).iter().all(|&e| g.element(e).card.is_none());
                if !ok {
                    p.push(format!("ready: seat {s}'s cards not in deck order"));
                }
            }
        }
        Phase::Group { seat } => {
            if setup || seat.0 > 1 || g.live_deck(*seat).len() <= g.group_count() {
                p.push("group: nothing to group".into());
            }
        }
        Phase::Maneuver { element } => {
            let ok = !setup
                && usize::from(*element) < g.elements.len()
                && g.flying(*element).next().is_some()
                && g.element(*element).card.is_none()
                && g.element(*element)
                    .shown
                    .is_some_and(|c| options(c).count() > 1);
            if !ok {
                p.push("maneuver: no element to fly".into());
            }
        }
        Phase::Fire {
            element,
            fighter,
            weapon,
            fired,
        } => {
            let ok = !setup
                && usize::from(*element) < g.elements.len()
                && usize::from(*fighter) < g.fighters.len()
                && g.element(*element).card.is_none()
                && {
                    let f = g.fighter(*fighter);
                    f.element == *element
                        && f.flying()
                        && !f.out_of_control
                        && usize::from(*weapon) < g.design_of(f).weapons.len()
                        && *fired < crate::combat::weapons_allowed(g, f)
                        && !crate::combat::targets(g, f, *weapon).is_empty()
                };
            if !ok {
                p.push("fire: no weapon to fire".into());
            }
        }
        Phase::Card { element } => {
            let ok = !setup
                && g.turn < g.turns
                && usize::from(*element) < g.elements.len()
                && g.flying(*element).next().is_some()
                && g.element(*element).card.is_none();
            if !ok {
                p.push("card: no element to commit for".into());
            }
        }
        Phase::Over => {}
    }
}
