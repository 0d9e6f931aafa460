//! Every invariant of a Stratoyager state, for saved states that did not come from
//! set-up and play (issue 8 §3): a loaded state must be one the rules could reach, or
//! at least one they can go on from without failing. Every problem is reported, each
//! naming its field.

use crate::action::Action;
use crate::state::{AskKind, Batch, Phase, Place, Step, Stratoyager};
use crate::types::{Loadout, UnitType, TABLE_SIZES};
use crate::{combat, movement};
use orrery_core::{Game, Seat, StateError};
use orrery_table::Point;

/// Coordinates beyond this many klicks from the table are not a position play can
/// reach (a unit leaves the table at most its speed beyond the edge).
const FAR: f64 = 1000.0;
/// The fastest speed accepted in a saved state. Play reaches at most 468: a start of
/// 9 (a D10, SY-22) and +9 (the dial's top) in one Movement Action a turn over at
/// most 51 turns. Kept below `FAR` less the table, so that a unit flying off the
/// table from a state that passed stays at a position that passes.
const MAX_SPEED: u32 = 500;

/// At most this many problems are listed; the rest are counted.
const MAX_LISTED: usize = 1000;

/// Collects problems, each `field: why`, and counts those past [`MAX_LISTED`].
struct Problems(Vec<String>, usize);

impl Problems {
    fn add(&mut self, field: impl AsRef<str>, why: impl AsRef<str>) {
        if self.0.len() < MAX_LISTED {
            self.0.push(format!("{}: {}", field.as_ref(), why.as_ref()));
        } else {
            self.1 += 1;
        }
    }

    /// A list longer than one entry per unit cannot come from play, and its checks
    /// would cost more than the state is worth: refused as a whole.
    fn per_unit(&mut self, field: &str, len: usize, units: usize) -> bool {
        if len > units {
            self.add(
                field,
                format!("{len} entries for {units} units; at most one per unit"),
            );
            return false;
        }
        true
    }

    fn range<T: PartialOrd + std::fmt::Display>(&mut self, field: &str, v: T, lo: T, hi: T) {
        if v < lo || v > hi {
            self.add(field, format!("{v} is not in {lo}..={hi}"));
        }
    }

    fn point(&mut self, field: &str, p: Point) {
        if !(p.x.is_finite() && p.y.is_finite()) || p.x.abs() > FAR || p.y.abs() > FAR {
            self.add(
                field,
                format!("({}, {}) is not a position on or near the table", p.x, p.y),
            );
        }
    }
}

/// Check `g` (see [`orrery_core::Game::validate`]).
pub fn validate(g: &Stratoyager) -> Result<(), StateError> {
    let mut p = Problems(Vec::new(), 0);
    table_and_data(g, &mut p);
    let n = g.units.len();
    // Unit references are checked before anything indexes with them.
    let unit_ok = |id: crate::types::UnitId| id.index() < n;
    units(g, &mut p);
    // An ejected pilot per unit at most (SY-25), a missile marker per launching unit
    // (SY-20), each unit acting, arriving or flown once.
    let lists = [
        ("pilots", g.pilots.len()),
        ("missiles", g.missiles.len()),
        ("current", g.current.len()),
        ("arrivals", g.arrivals.len()),
        ("flown", g.flown.len()),
        ("batch.asks", g.batch.as_ref().map_or(0, |b| b.asks.len())),
    ];
    let mut sane = true;
    for (field, len) in lists {
        sane &= p.per_unit(field, len, n);
    }
    if !sane {
        return finish(p);
    }
    for (i, pilot) in g.pilots.iter().enumerate() {
        let f = format!("pilots[{i}]");
        if !unit_ok(pilot.unit) {
            p.add(
                format!("{f}.unit"),
                format!("unit {} does not exist", pilot.unit.0),
            );
        }
        p.range(&format!("{f}.side"), pilot.side.0, 0, 1);
        p.point(&format!("{f}.at"), pilot.at);
        if !(pilot.value.is_finite() && pilot.value >= 0.0) {
            p.add(
                format!("{f}.value"),
                format!("{} is not a value", pilot.value),
            );
        }
    }
    for (i, m) in g.missiles.iter().enumerate() {
        for (what, id) in [("parent", m.parent), ("target", m.target)] {
            if !unit_ok(id) {
                p.add(
                    format!("missiles[{i}].{what}"),
                    format!("unit {} does not exist", id.0),
                );
            }
        }
    }
    for (list, ids) in [
        ("current", g.current.clone()),
        ("arrivals", g.arrivals.clone()),
        ("flown", g.flown.iter().map(|f| f.0).collect()),
    ] {
        for (i, id) in ids.iter().enumerate() {
            if !unit_ok(*id) {
                p.add(
                    format!("{list}[{i}]"),
                    format!("unit {} does not exist", id.0),
                );
            }
        }
    }
    sequence(g, &mut p);
    if p.0.is_empty() {
        // Only with every reference sound: the questions and answers themselves.
        if let Some(b) = &g.batch {
            batch_answers(g, b, &mut p);
        }
    }
    if p.0.is_empty() {
        // Play must be able to go on: every seat asked has an answer.
        for seat in g.to_move() {
            if orrery_core::Game::legal_actions(g, seat).is_empty() {
                p.add(
                    "batch",
                    format!("seat {seat} is asked but has no legal answer"),
                );
            }
        }
    }
    finish(p)
}

fn finish(mut p: Problems) -> Result<(), StateError> {
    if p.1 > 0 {
        p.0.push(format!("… and {} more problems", p.1));
    }
    StateError::check(p.0)
}

fn table_and_data(g: &Stratoyager, p: &mut Problems) {
    if !TABLE_SIZES.contains(&(g.table.width, g.table.length)) {
        p.add(
            "table",
            format!(
                "{}×{} klicks is not a table size SY-04 allows (24×36, 18×18, 24×24)",
                g.table.width, g.table.length
            ),
        );
    }
    if g.roster.is_empty() {
        p.add("roster", "no parameter cards");
    }
    for (i, c) in g.roster.iter().enumerate() {
        card(&format!("roster[{i}]"), c, p);
    }
    if TABLE_SIZES.contains(&(g.table.width, g.table.length)) {
        for why in crate::setup::obstacle_problems(&g.obstacles, g.table) {
            let (field, why) = why.split_once(": ").unwrap_or(("obstacles", &why));
            p.add(field, why);
        }
    }
    p.range("options.turns", g.options.turns, 1, 50);
    if g.side_names.len() != 2 {
        p.add(
            "side_names",
            format!("{} names for 2 sides", g.side_names.len()),
        );
    }
    if g.absent_turns.len() != 2 {
        p.add(
            "absent_turns",
            format!("{} entries for 2 sides", g.absent_turns.len()),
        );
    }
}

/// A parameter card within the limits the roster loader and set-up allow.
fn card(f: &str, c: &UnitType, p: &mut Problems) {
    for why in crate::setup::card_problems(c) {
        let (field, why) = why.split_once(": ").unwrap_or(("", &why));
        p.add(format!("{f}.{field}"), why);
    }
}

fn loadout_within(have: Loadout, card: Loadout) -> bool {
    have.light <= card.light && have.medium <= card.medium && have.heavy <= card.heavy
}

fn units(g: &Stratoyager, p: &mut Problems) {
    let n = g.units.len();
    if n == 0 || n > 200 {
        p.add(
            "units",
            format!("{n} units; a game has 1 to 200 (as set-up allows)"),
        );
    }
    for (i, u) in g.units.iter().enumerate() {
        let f = format!("units[{i}]");
        if u.id.index() != i {
            p.add(
                format!("{f}.id"),
                format!("{} must be its place in the list, {i}", u.id.0),
            );
        }
        p.range(&format!("{f}.side"), u.side.0, 0, 1);
        let Some(c) = g.roster.get(u.kind) else {
            p.add(
                format!("{f}.kind"),
                format!(
                    "{} is not a parameter card (the roster has {})",
                    u.kind,
                    g.roster.len()
                ),
            );
            continue;
        };
        p.point(&format!("{f}.pos"), u.pos);
        p.range(&format!("{f}.course"), u.course.0, 0, 11);
        p.range(&format!("{f}.facing"), u.facing.0, 0, 11);
        p.range(&format!("{f}.speed"), u.speed, 0, MAX_SPEED);
        if u.structure > i32::from(c.structure) {
            p.add(
                format!("{f}.structure"),
                format!(
                    "{} exceeds the {}'s Structure {}",
                    u.structure, c.name, c.structure
                ),
            );
        }
        if u.structure <= 0 && !u.is_lost() {
            p.add(
                format!("{f}.structure"),
                format!(
                    "{} but the unit is still in play (0 = wrecked, below = destroyed, SY-19)",
                    u.structure
                ),
            );
        }
        if u.structure < -999 {
            p.add(
                format!("{f}.structure"),
                format!("{} is not a structure", u.structure),
            );
        }
        if u.shields > c.shields {
            p.add(
                format!("{f}.shields"),
                format!(
                    "{} exceeds the {}'s maximum {}",
                    u.shields, c.name, c.shields
                ),
            );
        }
        if !loadout_within(u.missiles, c.missiles) {
            p.add(
                format!("{f}.missiles"),
                format!("more than the {}'s full loadout", c.name),
            );
        }
        if let Some(card) = u.card {
            if card == 0 || card > g.cards {
                p.add(
                    format!("{f}.card"),
                    format!("{card} is not a card dealt this turn (1 to {})", g.cards),
                );
            }
        }
        if let Some(l) = u.lock {
            if l.target.index() >= n || l.target == u.id {
                p.add(
                    format!("{f}.lock.target"),
                    format!("unit {} cannot be locked", l.target.0),
                );
            }
            if l.placed_turn > g.turn {
                p.add(
                    format!("{f}.lock.placed_turn"),
                    format!("{} is after turn {}", l.placed_turn, g.turn),
                );
            }
        }
        if u.evasive && u.yawed {
            p.add(
                format!("{f}.evasive"),
                "evasive and yawed in one turn; the seed allows \"one additional \
                 maneuver\" (SYO-20)",
            );
        }
        if let Place::Away { left_turn } = u.place {
            if left_turn > g.turn {
                p.add(
                    format!("{f}.place.left_turn"),
                    format!("{left_turn} is after turn {}", g.turn),
                );
            }
        }
    }
}

/// The turn, the phase and the question being asked.
fn sequence(g: &Stratoyager, p: &mut Problems) {
    let n = g.units.len();
    if g.turn > g.last_turn {
        p.add(
            "turn",
            format!("{} is after the last turn {}", g.turn, g.last_turn),
        );
    }
    if g.last_turn != g.options.turns && g.last_turn != g.options.turns + 1 {
        p.add(
            "last_turn",
            format!(
                "{} must be options.turns ({}) or one more (SY-28)",
                g.last_turn, g.options.turns
            ),
        );
    }
    p.range("priority", g.priority.0, 0, 1);
    if let Some(s) = g.arcade_first {
        p.range("arcade_first", s.0, 0, 1);
    }
    if usize::from(g.cards) > n {
        p.add(
            "cards",
            format!("{} Initiative Cards for {n} units", g.cards),
        );
    }
    let cards = g.cards;
    match g.phase {
        Phase::Placing { segment } if segment == 0 || segment > cards.saturating_add(1) => p.add(
            "phase.segment",
            format!("{segment} is not a deployment card (1 to {cards})"),
        ),
        Phase::Segment { segment, .. } if segment == 0 || segment > cards => p.add(
            "phase.segment",
            format!("{segment} is not a segment (1 to {cards})"),
        ),
        Phase::Dogfight { index, .. } if index > 1 => p.add(
            "phase.index",
            format!("{index}: a dogfight has two activations"),
        ),
        _ => {}
    }
    if let Some(d) = &g.dogfight {
        if d.drawn.len() != 2 || d.movement.len() != 2 {
            p.add("dogfight", "two hands and two movement cards, one per side");
        }
        for (s, hand) in d.drawn.iter().enumerate() {
            if hand.iter().any(|&c| !(1..=5).contains(&c)) || hand[0] == hand[1] {
                p.add(
                    format!("dogfight.drawn[{s}]"),
                    "two different cards of 1 to 5",
                );
            }
            if let Some(Some(m)) = d.movement.get(s) {
                if !hand.contains(m) {
                    p.add(
                        format!("dogfight.movement[{s}]"),
                        format!("{m} is not in the hand"),
                    );
                }
            }
        }
        for (k, id) in d.move_order.iter().chain(&d.combat_order).enumerate() {
            if id.index() >= n {
                p.add(
                    format!("dogfight order [{k}]"),
                    format!("unit {} does not exist", id.0),
                );
            }
        }
    }
    let over = g.phase == Phase::Over;
    match (&g.outcome, over) {
        (Some(o), true) => {
            if o.scores.len() != 2 || o.winners.iter().any(|s| s.0 > 1) || o.winners.is_empty() {
                p.add("outcome", "two scores and one or both sides as winners");
            }
            if g.batch.is_some() {
                p.add("batch", "nothing is asked once the game is over");
            }
        }
        (None, false) => match &g.batch {
            None => p.add("batch", "the game is not over, so a question must be open"),
            Some(b) => batch_shape(g, b, p),
        },
        _ => p.add("outcome", "an outcome exactly when the phase is `over`"),
    }
}

/// The kind of question each phase asks, and whether its answers are secret.
fn expected_kind(phase: Phase) -> Option<(AskKind, bool)> {
    let step = |s: Step| match s {
        Step::Maneuver => (AskKind::Maneuver, true),
        Step::Yaw => (AskKind::Yaw, true),
        Step::Leave => (AskKind::Leave, false),
        Step::FireAtWill => (AskKind::FireAtWill, true),
        Step::Combat => (AskKind::Combat, true),
    };
    Some(match phase {
        Phase::DeployCards => (AskKind::Deploy, true),
        Phase::Placing { .. } => (AskKind::Place, false),
        Phase::Arrivals => (AskKind::Enter, false),
        Phase::Initiative => (AskKind::Card, true),
        Phase::DogfightCards => (AskKind::DogfightCard, true),
        Phase::Segment { step: s, .. } | Phase::Dogfight { step: s, .. } => step(s),
        Phase::Over => return None,
    })
}

fn batch_shape(g: &Stratoyager, b: &Batch, p: &mut Problems) {
    match expected_kind(g.phase) {
        Some((kind, secret)) if kind == b.kind && secret == b.secret => {}
        _ => p.add(
            "batch.kind",
            format!(
                "{:?} (secret: {}) is not what phase {:?} asks",
                b.kind, b.secret, g.phase
            ),
        ),
    }
    if b.asks.is_empty() {
        p.add("batch.asks", "an open question needs somebody to ask");
    }
    if b.complete() {
        p.add(
            "batch.asks",
            "every question is answered, so the batch would have been resolved",
        );
    }
    if let Some(s) = b.first {
        p.range("batch.first", s.0, 0, 1);
    }
    if b.kind == AskKind::DogfightCard && g.dogfight.is_none() {
        p.add("dogfight", "dogfight cards are asked but none were dealt");
    }
    if b.kind == AskKind::Card {
        // SY-13: each unit of a side takes a different card of 1..=cards.
        for seat in [Seat(0), Seat(1)] {
            let asked = b.asks.iter().filter(|a| a.seat == seat).count();
            if asked > usize::from(g.cards) {
                p.add(
                    "cards",
                    format!(
                        "{} Initiative Cards for seat {seat}'s {asked} units (SY-13)",
                        g.cards
                    ),
                );
            }
        }
    }
    let mut seen = Vec::new();
    let mut answered_prefix = true;
    for (i, a) in b.asks.iter().enumerate() {
        let f = format!("batch.asks[{i}]");
        let Some(u) = g.units.get(a.unit.index()) else {
            p.add(
                format!("{f}.unit"),
                format!("unit {} does not exist", a.unit.0),
            );
            continue;
        };
        if seen.contains(&a.unit) {
            p.add(format!("{f}.unit"), format!("{} is asked twice", u.label));
        }
        seen.push(a.unit);
        if a.seat != u.side {
            p.add(
                format!("{f}.seat"),
                format!(
                    "seat {} answers for {}, which is seat {}'s",
                    a.seat, u.label, u.side
                ),
            );
        }
        let here = match b.kind {
            AskKind::Deploy | AskKind::Place => u.place == Place::Undeployed,
            AskKind::Enter => u.place == Place::Reserve,
            AskKind::Card => u.on_table(),
            _ => u.on_table(),
        };
        // An answered public question has taken effect (the unit is placed, entered
        // or gone); only an open one must still fit.
        if !here && (b.secret || a.answer.is_none()) {
            p.add(
                format!("{f}.unit"),
                format!(
                    "{} ({:?}) cannot be asked for {:?}",
                    u.label, u.place, b.kind
                ),
            );
        }
        // Public answers take effect one by one in list order.
        if !b.secret {
            if a.answer.is_some() && !answered_prefix {
                p.add(format!("{f}.answer"), "answered before an earlier question");
            }
            answered_prefix &= a.answer.is_some();
        }
    }
}

/// Each secret answer already given is one the rules would have accepted.
fn batch_answers(g: &Stratoyager, b: &Batch, p: &mut Problems) {
    for seat in [Seat(0), Seat(1)] {
        let mut cards = Vec::new();
        for a in b.asks.iter().filter(|a| a.seat == seat) {
            if let Some(Action::Card { card }) | Some(Action::Deploy { card: Some(card) }) =
                &a.answer
            {
                if *card == 0 || *card > g.cards || cards.contains(card) {
                    p.add(
                        format!("batch: seat {seat}'s cards"),
                        format!("card {card} is not a free card of 1 to {}", g.cards),
                    );
                }
                cards.push(*card);
            }
        }
    }
    for (i, a) in b.asks.iter().enumerate() {
        let Some(answer) = &a.answer else { continue };
        let u = g.unit(a.unit);
        let card = g.card_of(a.unit);
        let ok = match (b.kind, answer) {
            (AskKind::Deploy, Action::Deploy { .. }) | (AskKind::Card, Action::Card { .. }) => true,
            (AskKind::DogfightCard, Action::DogfightCard { movement }) => g
                .dogfight
                .as_ref()
                .and_then(|d| d.drawn.get(a.seat.index()))
                .is_some_and(|h| h.contains(movement)),
            (AskKind::Maneuver, Action::Maneuver(plan)) => {
                movement::check_plan(u, card, plan).is_ok()
            }
            (AskKind::Yaw, Action::Yaw { facing }) => movement::yaw_options(u).contains(facing),
            (AskKind::FireAtWill, Action::FireAtWill { target }) => {
                target.is_none_or(|t| combat::fire_at_will_targets(g, a.unit).contains(&t))
            }
            (AskKind::Combat, Action::Combat(o)) => combat::check_combat(g, a.unit, o).is_ok(),
            (AskKind::Place | AskKind::Enter | AskKind::Leave, _) => true,
            _ => false,
        };
        if !ok {
            p.add(
                format!("batch.asks[{i}].answer"),
                format!("not an answer the rules allow {} here", u.label),
            );
        }
    }
}
