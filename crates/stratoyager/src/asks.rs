//! The answers each question accepts: an exact candidate list and a check that
//! agrees with it (the conformance suite holds them to each other).

use crate::action::Action;
use crate::refusal::Refusal;
use crate::state::{AskKind, Batch, Stratoyager};
use crate::types::{Edge, UnitId, FOOTPRINT, MAX_START_SPEED};
use crate::{combat, movement};
use orrery_core::Seat;
use orrery_table::{Point, EPS};

/// Deployment depth: "centre within 2 klicks of its own short edge" (SY-22).
pub const DEPLOY_DEPTH: i32 = 2;

impl Stratoyager {
    /// Cards `seat` already gave in the current batch.
    fn cards_given(batch: &Batch, seat: Seat) -> Vec<u8> {
        batch
            .asks
            .iter()
            .filter(|a| a.seat == seat)
            .filter_map(|a| match a.answer {
                Some(Action::Card { card }) | Some(Action::Deploy { card: Some(card) }) => {
                    Some(card)
                }
                _ => None,
            })
            .collect()
    }

    fn free_cards(&self, batch: &Batch, seat: Seat) -> Vec<u8> {
        let used = Self::cards_given(batch, seat);
        (1..=self.cards).filter(|c| !used.contains(c)).collect()
    }

    /// Is `p` a free spot for a unit arriving on the table: on the table, clear of
    /// every unit there by the footprint (SY-11) and outside every obstacle (SY-12)?
    pub fn free_spot(&self, p: Point, except: UnitId) -> bool {
        self.table.contains(p)
            && self
                .units
                .iter()
                .filter(|u| u.id != except && u.on_table())
                .all(|u| u.pos.dist(p) >= FOOTPRINT - EPS)
            && self.obstacles.iter().all(|o| !o.outline.contains(p))
    }

    /// The y values a side may deploy at (whole klicks within 2 of its short edge).
    pub fn deploy_rows(&self, side: Seat) -> Vec<i32> {
        let l = self.table.length as i32;
        if side.0 == 0 {
            (0..=DEPLOY_DEPTH).collect()
        } else {
            (l - DEPLOY_DEPTH..=l).collect()
        }
    }

    /// Where a reserve enters at whole klick `at` along `edge`, 0.5 klick inside.
    pub fn entry_point(&self, edge: Edge, at: i32) -> Point {
        let (w, l) = (self.table.width, self.table.length);
        let at = f64::from(at);
        match edge {
            Edge::South => Point::new(at, 0.5),
            Edge::North => Point::new(at, l - 0.5),
            Edge::West => Point::new(0.5, at),
            Edge::East => Point::new(w - 0.5, at),
        }
    }

    /// The edges a side's reserves may use: "any edge except opposite player's
    /// deployment zone".
    pub fn entry_edges(side: Seat) -> [Edge; 3] {
        if side.0 == 0 {
            [Edge::South, Edge::West, Edge::East]
        } else {
            [Edge::North, Edge::West, Edge::East]
        }
    }

    pub(crate) fn edge_span(&self, edge: Edge) -> std::ops::RangeInclusive<i32> {
        match edge {
            Edge::South | Edge::North => 1..=self.table.width as i32 - 1,
            Edge::West | Edge::East => 1..=self.table.length as i32 - 1,
        }
    }

    /// Every answer to question `index` of the current batch, exactly.
    pub fn answers(&self, index: usize) -> Vec<Action> {
        let Some(batch) = &self.batch else {
            return Vec::new();
        };
        let ask = &batch.asks[index];
        let unit = self.unit(ask.unit);
        match batch.kind {
            AskKind::Deploy => std::iter::once(Action::Deploy { card: None })
                .chain(
                    self.free_cards(batch, ask.seat)
                        .into_iter()
                        .map(|c| Action::Deploy { card: Some(c) }),
                )
                .collect(),
            AskKind::Card => self
                .free_cards(batch, ask.seat)
                .into_iter()
                .map(|card| Action::Card { card })
                .collect(),
            AskKind::DogfightCard => self
                .dogfight
                .as_ref()
                .map(|d| {
                    d.drawn[ask.seat.index()]
                        .iter()
                        .map(|&movement| Action::DogfightCard { movement })
                        .collect()
                })
                .unwrap_or_default(),
            AskKind::Place => {
                let mut out = Vec::new();
                for x in 1..=self.table.width as i32 - 1 {
                    for y in self.deploy_rows(ask.seat) {
                        if !self.free_spot(Point::new(f64::from(x), f64::from(y)), unit.id) {
                            continue;
                        }
                        for course in 0..12 {
                            for speed in 0..=MAX_START_SPEED as u8 {
                                out.push(Action::Place {
                                    x,
                                    y,
                                    course,
                                    speed,
                                });
                            }
                        }
                    }
                }
                out
            }
            AskKind::Enter => {
                let mut out = Vec::new();
                for edge in Self::entry_edges(ask.seat) {
                    for at in self.edge_span(edge) {
                        if !self.free_spot(self.entry_point(edge, at), unit.id) {
                            continue;
                        }
                        for speed in 0..=MAX_START_SPEED as u8 {
                            out.push(Action::Enter { edge, at, speed });
                        }
                    }
                }
                out
            }
            AskKind::Maneuver => movement::plan_candidates(unit, self.card_of(unit.id))
                .into_iter()
                .map(Action::Maneuver)
                .collect(),
            AskKind::Yaw => movement::yaw_options(unit)
                .into_iter()
                .map(|facing| Action::Yaw { facing })
                .collect(),
            AskKind::Leave => vec![
                Action::Leave { withdraw: false },
                Action::Leave { withdraw: true },
            ],
            AskKind::FireAtWill => std::iter::once(Action::FireAtWill { target: None })
                .chain(
                    combat::fire_at_will_targets(self, unit.id)
                        .into_iter()
                        .map(|t| Action::FireAtWill { target: Some(t) }),
                )
                .collect(),
            AskKind::Combat => combat::combat_orders(self, unit.id)
                .into_iter()
                .map(Action::Combat)
                .collect(),
        }
    }

    /// Is `action` an answer to question `index`? Agrees with [`Self::answers`].
    pub fn check_answer(&self, index: usize, action: &Action) -> Result<(), Refusal> {
        let Some(batch) = &self.batch else {
            return Err(Refusal::NothingAsked);
        };
        let ask = &batch.asks[index];
        let unit = self.unit(ask.unit);
        let expected = batch.kind;
        let wrong = || {
            Err(Refusal::WrongKind {
                expected,
                unit: unit.id,
            })
        };
        match (expected, action) {
            (
                AskKind::Place,
                &Action::Place {
                    x,
                    y,
                    course,
                    speed,
                },
            ) => {
                if !(1..=self.table.width as i32 - 1).contains(&x) {
                    return Err(Refusal::PlaceX { x });
                }
                let rows = self.deploy_rows(ask.seat);
                if !rows.contains(&y) {
                    return Err(Refusal::PlaceY { y, seat: ask.seat });
                }
                check_hour_speed(course, speed)?;
                if !self.free_spot(Point::new(f64::from(x), f64::from(y)), unit.id) {
                    return Err(Refusal::PlaceTaken { x, y });
                }
                Ok(())
            }
            (AskKind::Enter, &Action::Enter { edge, at, speed }) => {
                if !Self::entry_edges(ask.seat).contains(&edge) {
                    return Err(Refusal::EnterEdge { edge });
                }
                let span = self.edge_span(edge);
                if !span.contains(&at) {
                    return Err(Refusal::EnterAt { edge, at });
                }
                check_hour_speed(0, speed)?;
                if !self.free_spot(self.entry_point(edge, at), unit.id) {
                    return Err(Refusal::EntryTaken);
                }
                Ok(())
            }
            (AskKind::Maneuver, Action::Maneuver(plan)) => {
                movement::check_plan(unit, self.card_of(unit.id), plan)
            }
            (AskKind::Combat, Action::Combat(order)) => combat::check_combat(self, unit.id, order),
            (AskKind::Deploy, Action::Deploy { .. })
            | (AskKind::Card, Action::Card { .. })
            | (AskKind::DogfightCard, Action::DogfightCard { .. })
            | (AskKind::Yaw, Action::Yaw { .. })
            | (AskKind::Leave, Action::Leave { .. })
            | (AskKind::FireAtWill, Action::FireAtWill { .. }) => {
                if self.answers(index).contains(action) {
                    Ok(())
                } else {
                    Err(Refusal::NotAnAnswer {
                        expected,
                        unit: unit.id,
                        action: action.clone(),
                    })
                }
            }
            _ => wrong(),
        }
    }
}

fn check_hour_speed(course: u8, speed: u8) -> Result<(), Refusal> {
    if course > 11 {
        return Err(Refusal::Course { course });
    }
    if u32::from(speed) > MAX_START_SPEED {
        return Err(Refusal::StartSpeed { speed });
    }
    Ok(())
}
