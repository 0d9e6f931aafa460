//! What a seat (or a spectator) sees. Warfleets has no hidden information: every
//! view shows the whole table.

use crate::catalogue::{Class, Gun};
use crate::choices::Interrupt;
use crate::fleet::Mount;
use crate::state::{Edge, Mine, Status, Step, Took, UpgradeKind, Warfleets};
use crate::terrain::Terrain;
use orrery_core::{Digester, Game, Outcome, Seat};
use orrery_table::Point;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UpgradeView {
    pub name: String,
    /// Weapons: the side it is mounted on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gun: Option<Gun>,
    pub damage: u8,
    /// Damage at which it stops working.
    pub limit: u8,
    pub works: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelView {
    pub id: u8,
    pub seat: Seat,
    pub name: String,
    pub hull: String,
    pub class: Class,
    /// FB-04 base radius in inches.
    pub radius: f64,
    pub x: f64,
    pub y: f64,
    /// Degrees clockwise from +y.
    pub heading: i32,
    pub status: Status,
    pub evasion: u8,
    pub toughness: u8,
    pub move_speed: f64,
    pub cruise: f64,
    pub turret: Gun,
    pub upgrades: Vec<UpgradeView>,
    pub hero: Option<&'static str>,
    pub title: Option<&'static str>,
    /// Squadrons: damage taken (2 destroys).
    pub damage: u8,
    pub boarding: u8,
    pub markers: u8,
    pub activated: bool,
    pub took: Option<Took>,
    pub sitting_duck: bool,
    pub engaged_with: Vec<u8>,
    pub points: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WfView {
    pub viewer: Option<Seat>,
    pub round: u8,
    pub rounds: u8,
    /// The status's phase (`markers`, `deployment`, `round_start`, `activation`,
    /// `round_end`, `over`).
    pub phase: &'static str,
    /// The activation phase being played (squadron, light, medium, heavy).
    pub activation_phase: Class,
    pub first: Seat,
    pub question: Step,
    /// An upgrade must be picked for damage (FB-15): the ship, and who picks.
    pub assigning: Option<(u8, Seat)>,
    /// FB-15: a repair whose upgrade the owner picks: the ship, the damage still to
    /// remove, and who picks (asked before everything else).
    pub repairing: Option<(u8, u8, Seat)>,
    /// FB-08: a squadron a ship ended on, to be placed within 1" of it by its
    /// owner: the squadron, the ship, and who places it.
    pub placing_aside: Option<(u8, u8, Seat)>,
    pub to_move: Vec<Seat>,
    pub width: f64,
    pub height: f64,
    pub sides: [String; 2],
    pub edges: [Edge; 2],
    pub terrain: Vec<Terrain>,
    pub markers: Vec<Point>,
    pub mines: Vec<Mine>,
    /// Markers carried by each seat (FB-17).
    pub carried: [u8; 2],
    pub models: Vec<ModelView>,
    pub outcome: Option<Outcome>,
}

impl WfView {
    pub fn new(g: &Warfleets, viewer: Option<Seat>) -> WfView {
        let models = g
            .models
            .iter()
            .map(|m| {
                let h = g.hull(m.id);
                let (move_speed, cruise) = g.speeds(m.id);
                ModelView {
                    id: m.id,
                    seat: m.seat,
                    name: m.name.to_string(),
                    hull: h.name.clone(),
                    class: h.class,
                    radius: h.class.radius(),
                    x: m.pos.x,
                    y: m.pos.y,
                    heading: m.heading.degrees(),
                    status: m.status,
                    evasion: h.evasion,
                    toughness: h.toughness,
                    move_speed,
                    cruise,
                    turret: g.turret(m.id),
                    upgrades: m
                        .upgrades
                        .iter()
                        .map(|u| match u.kind {
                            UpgradeKind::System { system } => UpgradeView {
                                name: system.name().into(),
                                mount: None,
                                gun: None,
                                damage: u.damage,
                                limit: u.limit(),
                                works: u.works(),
                            },
                            UpgradeKind::Weapon { weapon, mount } => UpgradeView {
                                name: g.catalogue.weapons[weapon].name.clone(),
                                mount: Some(mount),
                                gun: Some(g.catalogue.weapons[weapon].gun()),
                                damage: u.damage,
                                limit: u.limit(),
                                works: u.works(),
                            },
                        })
                        .collect(),
                    hero: m.hero.map(|a| a.name()),
                    title: m.title.map(|a| a.name()),
                    damage: m.damage,
                    boarding: m.boarding,
                    markers: m.markers,
                    activated: m.activated,
                    took: m.took,
                    sitting_duck: m.sitting_duck,
                    engaged_with: g.engaged_with(m.id),
                    points: m.points,
                }
            })
            .collect();
        WfView {
            viewer,
            round: g.round,
            rounds: g.rounds,
            phase: g.step.name(),
            activation_phase: g.phase,
            first: g.first,
            question: g.step.clone(),
            assigning: match g.interrupt() {
                Some(Interrupt::Assign) => g
                    .harms
                    .first()
                    .map(|h| (h.model, h.chooser.unwrap_or(g.model(h.model).seat))),
                _ => None,
            },
            repairing: match g.interrupt() {
                Some(Interrupt::Mend) => g
                    .mends
                    .first()
                    .map(|m| (m.ship, m.points, g.model(m.ship).seat)),
                _ => None,
            },
            placing_aside: match g.interrupt() {
                Some(Interrupt::Aside) => g
                    .displaced
                    .first()
                    .map(|d| (d.squadron, d.ship, g.model(d.squadron).seat)),
                _ => None,
            },
            to_move: g.to_move(),
            width: g.width,
            height: g.height,
            sides: g.sides.clone(),
            edges: g.edges,
            terrain: g.terrain.clone(),
            markers: g.markers.clone(),
            mines: g.mines.clone(),
            carried: g.carried(),
            models,
            outcome: g.outcome.clone(),
        }
    }
}

/// Whether a status is "in play" for listings.
pub fn status_word(s: Status) -> &'static str {
    match s {
        Status::Waiting => "waiting",
        Status::Held => "held back",
        Status::Aboard { .. } => "aboard",
        Status::OnTable => "on table",
        Status::Away => "off the table",
        Status::Destroyed => "destroyed",
        Status::Surrendered => "surrendered",
    }
}

/// [`orrery_core::SearchHints::knowledge_digest`]: a digest of what `seat`'s view shows,
/// read in place without building it. It reads the viewer, the round, the activation
/// phase, the first player, the open question ([`Step`]), the open choice's first
/// entry as the view shows it (`assigning`, `repairing`, `placing_aside`), the
/// deployment edges, the markers and mines on the table, the outcome, and for every
/// model its seat, position, heading, status, upgrades' damage, squadron damage,
/// boarding and mission markers, whether it has activated, the action it took and
/// whether it is a sitting duck. It leaves out what never changes in a game (names,
/// hulls and their cards, the table, its terrain, points) and what the view derives
/// from the parts it reads (phase name, who is to move, speeds, engagement, markers
/// carried). Warfleets keeps nothing secret but the dice, which it never reads.
pub fn knowledge_digest(g: &Warfleets, seat: Seat) -> u64 {
    let mut d = Digester::new();
    let f = |d: &mut Digester, v: f64| d.word(v.to_bits());
    d.word(u64::from(seat.0));
    d.word(u64::from(g.round));
    let _ = g.phase.serialize(&mut d);
    d.word(u64::from(g.first.0));
    let _ = g.step.serialize(&mut d);
    let first = match g.interrupt() {
        Some(Interrupt::Assign) => g.harms.first().map(|h| {
            let by = h.chooser.unwrap_or(g.model(h.model).seat);
            (1, h.model, 0, by)
        }),
        Some(Interrupt::Mend) => g
            .mends
            .first()
            .map(|m| (2, m.ship, m.points, g.model(m.ship).seat)),
        Some(Interrupt::Aside) => g
            .displaced
            .first()
            .map(|x| (3, x.squadron, x.ship, g.model(x.squadron).seat)),
        None => None,
    };
    if let Some((kind, a, b, by)) = first {
        d.word(kind);
        d.word(u64::from(a) << 16 | u64::from(b) << 8 | u64::from(by.0));
    }
    d.word(u64::from(g.edges[0] == Edge::North) | u64::from(g.edges[1] == Edge::North) << 1);
    d.word(g.markers.len() as u64);
    for p in &g.markers {
        f(&mut d, p.x);
        f(&mut d, p.y);
    }
    d.word(g.mines.len() as u64);
    for m in &g.mines {
        d.word(u64::from(m.seat.0));
        f(&mut d, m.pos.x);
        f(&mut d, m.pos.y);
    }
    let _ = g.outcome.serialize(&mut d);
    d.word(g.models.len() as u64);
    for m in &g.models {
        f(&mut d, m.pos.x);
        f(&mut d, m.pos.y);
        let status = match m.status {
            Status::Waiting => 0,
            Status::Held => 1,
            Status::Aboard { carrier } => 2 | u64::from(carrier) << 8,
            Status::OnTable => 3,
            Status::Away => 4,
            Status::Destroyed => 5,
            Status::Surrendered => 6,
        };
        let took = match m.took {
            None => 0,
            Some(Took::Hold) => 1,
            Some(Took::Move) => 2,
            Some(Took::Cruise) => 3,
            Some(Took::Ram) => 4,
        };
        d.word(
            u64::from(m.seat.0)
                | u64::from(m.heading.0) << 8
                | status << 16
                | u64::from(m.damage) << 32
                | u64::from(m.boarding) << 40
                | u64::from(m.markers) << 48
                | u64::from(m.activated) << 56
                | u64::from(m.sitting_duck) << 57
                | took << 58,
        );
        d.word(m.upgrades.len() as u64);
        for u in &m.upgrades {
            d.word(u64::from(u.damage));
        }
    }
    d.finish()
}
