//! What one seat (or a spectator) sees: everything on the table, its own face-down
//! cards, and of the other side's only that a card lies there.

use crate::catalogue::{pilot_points, skill_name, Weapon};
use crate::combat::weapons_allowed;
use crate::state::{Asteroid, BlackSkies, Phase, Status};
use orrery_core::{Game, Seat};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FighterView {
    pub id: u8,
    /// `A1`, `B2`: its side's letter and number on that side, as texts name it.
    pub label: String,
    pub seat: Seat,
    pub element: u8,
    pub design: String,
    pub weight: &'static str,
    pub skill: u8,
    pub pilot: &'static str,
    pub x: f64,
    pub y: f64,
    /// Degrees clockwise from +y.
    pub heading: i32,
    pub hull: u8,
    pub max_hull: u8,
    pub crippled: bool,
    pub jinking: bool,
    pub status: Status,
    pub points: u32,
    pub armour: u8,
    pub shields: bool,
    pub weapons: Vec<Weapon>,
    /// Weapons it may fire (BS-09: crippled, half of them).
    pub may_fire: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ElementView {
    pub id: u8,
    pub seat: Seat,
    pub name: String,
    pub fighters: Vec<u8>,
    /// Known once both sides have committed set-up (BS-02 version 2: "then the
    /// speeds are on the Tactical Displays"); the viewer's own once set.
    pub speed: Option<u8>,
    /// The face-down card: its number for its owner, never for anyone else.
    pub card: Option<u8>,
    /// A card lies face down for it.
    pub card_down: bool,
    /// The card revealed at its last activation.
    pub shown: Option<u8>,
    /// The cards it may play (its thrusters, seed "Maneuver Cards").
    pub cards: Vec<u8>,
}

/// The open question, as far as the viewer may know it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Question {
    pub kind: &'static str,
    pub seat: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fighter: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<u8>,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BsView {
    pub viewer: Option<Seat>,
    pub scenario: String,
    pub turn: u32,
    pub turns: u32,
    pub phase: &'static str,
    pub width: f64,
    pub length: f64,
    pub asteroids: Vec<Asteroid>,
    pub sides: [String; 2],
    /// The player who starts every turn (BS-03): none until it is drawn, after
    /// set-up (seed PLAY).
    pub first: Option<Seat>,
    pub fighters: Vec<FighterView>,
    pub elements: Vec<ElementView>,
    /// Movement decks, a place per element in activation order: the viewer's own
    /// elements always; another side's once its card in that place has flipped
    /// (BS-02 version 2: "the order shows as they flip"), null before.
    pub decks: [Vec<Option<u8>>; 2],
    /// Elements readied so far per seat (set-up: starting speed and first card down).
    pub ready: [usize; 2],
    pub groups: [Vec<u8>; 2],
    /// This turn's activation order and how far it has got; a place whose element the
    /// viewer may not know yet (as in `decks`) is null.
    pub order: Vec<Option<u8>>,
    pub cursor: usize,
    pub question: Question,
    pub to_move: Vec<Seat>,
    pub scores: Vec<f64>,
}

impl BsView {
    pub fn new(g: &BlackSkies, viewer: Option<Seat>) -> BsView {
        // BS-02 (version 2): nothing of one side's set-up is shown to the other until
        // both have committed; then the speeds, and the deck order as the cards flip.
        let setup_over = !matches!(g.phase, Phase::Deploy { .. } | Phase::Ready);
        let mine = |s: Seat| viewer == Some(s);
        let known = |id: &u8| {
            let e = g.element(*id);
            (mine(e.seat) || e.readied_at.is_none()).then_some(*id)
        };
        BsView {
            viewer,
            scenario: g.scenario.clone(),
            turn: g.turn,
            turns: g.turns,
            phase: g.phase.name(),
            width: g.width,
            length: g.length,
            asteroids: g.asteroids.clone(),
            sides: g.sides.clone(),
            first: g.first,
            fighters: g
                .fighters
                .iter()
                .map(|f| {
                    let d = g.design_of(f);
                    FighterView {
                        id: f.id,
                        label: crate::render::label(g, f.id),
                        seat: f.seat,
                        element: f.element,
                        design: d.name.clone(),
                        weight: d.weight.name(),
                        skill: f.skill,
                        pilot: skill_name(f.skill),
                        x: f.pos.x,
                        y: f.pos.y,
                        heading: f.heading.degrees(),
                        hull: f.hull,
                        max_hull: g.max_hull(f),
                        crippled: g.crippled(f),
                        jinking: f.jinking,
                        status: f.status,
                        points: d.points() + pilot_points(f.skill),
                        armour: d.armour.value(),
                        shields: d.shields,
                        weapons: d.weapons.clone(),
                        may_fire: weapons_allowed(g, f),
                    }
                })
                .collect(),
            elements: g
                .elements
                .iter()
                .map(|e| {
                    // The viewer's own speed once set; everyone's once set-up is over.
                    let set = mine(e.seat) && g.decks[e.seat.index()].contains(&e.id);
                    ElementView {
                        id: e.id,
                        seat: e.seat,
                        name: e.name.clone(),
                        fighters: e.fighters.clone(),
                        speed: (setup_over || set).then_some(e.speed),
                        card: if mine(e.seat) { e.card } else { None },
                        card_down: e.card.is_some() && (setup_over || mine(e.seat)),
                        shown: e.shown,
                        cards: g.cards_of(e.id),
                    }
                })
                .collect(),
            decks: [Seat(0), Seat(1)].map(|s| g.decks[s.index()].iter().map(known).collect()),
            ready: [Seat(0), Seat(1)].map(|s| g.ready_count(s)),
            groups: g.groups.clone(),
            order: g.order.iter().map(known).collect(),
            cursor: g.cursor,
            question: question(g, viewer),
            to_move: g.to_move(),
            scores: g.scores(),
        }
    }
}

/// The open question as `viewer` may know it.
pub fn question(g: &BlackSkies, viewer: Option<Seat>) -> Question {
    let mut q = Question {
        kind: g.phase.name(),
        seat: g.asked(),
        element: None,
        fighter: None,
        weapon: None,
        text: crate::render::question(g, viewer),
    };
    match g.phase {
        Phase::Maneuver { element } | Phase::Card { element } => q.element = Some(element),
        Phase::Fire {
            element,
            fighter,
            weapon,
            ..
        } => {
            q.element = Some(element);
            q.fighter = Some(fighter);
            q.weapon = Some(weapon);
        }
        _ => {}
    }
    q
}

/// Option of a small number as one word (0 = none).
fn opt(v: Option<u8>) -> u64 {
    v.map_or(0, |v| 1 + u64::from(v))
}

/// [`orrery_core::SearchHints::knowledge_digest`]: a digest of what `seat`'s view shows that
/// changes during play, built in place. It reads, as [`BsView::new`] shows them: the
/// turn, the phase and the question's element, fighter and weapon (not how many
/// weapons have fired), who is first; every fighter's position, heading, Hull,
/// status and jinking; every element's speed once shown, its face-down card only if
/// it is `seat`'s, whether a card lies down where the view says so, the card shown;
/// the decks and this turn's order with the places `seat` may not know yet left
/// blank (BS-02 version 2), the ready counts, the groups, the cursor and who is to
/// move. It leaves out what never changes (names, cards, weapons, the table) and what
/// follows from the rest (crippled, weapons allowed, scores, the question's text).
pub fn knowledge_digest(g: &BlackSkies, seat: Seat) -> u64 {
    let mut d = orrery_core::Digester::new();
    let setup_over = !matches!(g.phase, Phase::Deploy { .. } | Phase::Ready);
    let mine = |s: Seat| s == seat;
    let known = |id: u8| {
        let e = g.element(id);
        (mine(e.seat) || e.readied_at.is_none()).then_some(id)
    };
    d.word(u64::from(seat.0));
    d.word(u64::from(g.turn));
    let (kind, a, b, c) = match g.phase {
        Phase::Deploy { seat } => (0, Some(seat.0), None, None),
        Phase::Ready => (1, None, None, None),
        Phase::Group { seat } => (2, Some(seat.0), None, None),
        Phase::Maneuver { element } => (3, Some(element), None, None),
        Phase::Fire {
            element,
            fighter,
            weapon,
            ..
        } => (4, Some(element), Some(fighter), Some(weapon)),
        Phase::Card { element } => (5, Some(element), None, None),
        Phase::Over => (6, None, None, None),
    };
    d.word(kind);
    d.word(opt(a) | opt(b) << 16 | opt(c) << 32);
    d.word(opt(g.first.map(|s| s.0)));
    for f in &g.fighters {
        d.word(f.pos.x.to_bits());
        d.word(f.pos.y.to_bits());
        let status = match f.status {
            Status::Waiting => 0,
            Status::Flying => 1,
            Status::Destroyed => 2,
            Status::Disengaged => 3,
        };
        d.word(
            u64::from(f.heading.0)
                | u64::from(f.hull) << 8
                | status << 16
                | u64::from(f.jinking) << 24,
        );
    }
    for e in &g.elements {
        let set = mine(e.seat) && g.decks[e.seat.index()].contains(&e.id);
        let speed = (setup_over || set).then_some(e.speed);
        let card = if mine(e.seat) { e.card } else { None };
        let down = e.card.is_some() && (setup_over || mine(e.seat));
        d.word(opt(speed) | opt(card) << 16 | opt(e.shown) << 32 | u64::from(down) << 48);
    }
    for s in [Seat(0), Seat(1)] {
        d.word(g.decks[s.index()].len() as u64);
        for &id in &g.decks[s.index()] {
            d.word(opt(known(id)));
        }
        d.word(g.ready_count(s) as u64);
        d.bytes(&g.groups[s.index()]);
    }
    d.word(g.order.len() as u64);
    for &id in &g.order {
        d.word(opt(known(id)));
    }
    d.word(g.cursor as u64);
    let to_move = g.to_move();
    d.word(
        to_move
            .iter()
            .fold(to_move.len() as u64, |w, s| w << 8 | u64::from(s.0)),
    );
    d.finish()
}
