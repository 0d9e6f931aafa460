//! What a seat (or a spectator) sees. Warfleets has no hidden information: every
//! view shows the whole table.

use crate::catalogue::{Class, Gun};
use crate::choices::Interrupt;
use crate::fleet::Mount;
use crate::state::{Mine, Status, Step, Took, UpgradeKind, Warfleets};
use crate::terrain::Terrain;
use orrery_core::{Outcome, Seat};
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
    pub edges: [crate::state::Edge; 2],
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
                    name: m.name.clone(),
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
                    turret: g.guns(m.id)[0].1.clone(),
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
            to_move: g.to_move_now(),
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
