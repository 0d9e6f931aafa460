//! The long answer lists built directly, each the list `menu.rs` would get by testing
//! every candidate with `check_answer`, in the same order: deployment spots (FB-20)
//! tested once per base size, marker spots (FB-17) on the rows that can hold one,
//! squadrons' flights (FB-07) tested with what they may meet gathered once.

use crate::action::Action;
use crate::catalogue::Ability;
use crate::movement::whole;
use crate::room::{Flight, Room};
use crate::state::Warfleets;
use orrery_core::Seat;
use orrery_table::Point;

/// Deployment answers, by model: the spots (an index into the spots of each base
/// size) and the other answers for it (Hold Back, Embark) that are legal.
struct Deployment {
    spots: Vec<(f64, Vec<Point>)>,
    blocks: Vec<(u8, usize, Vec<Action>)>,
}

impl Deployment {
    fn len(&self) -> usize {
        self.blocks
            .iter()
            .map(|(_, s, extra)| self.spots[*s].1.len() + extra.len())
            .sum()
    }

    fn into_actions(self) -> Vec<Action> {
        let mut v = Vec::with_capacity(self.len());
        for (model, s, extra) in self.blocks {
            v.extend(self.spots[s].1.iter().map(|p| Action::Deploy {
                model,
                x: p.x,
                y: p.y,
            }));
            v.extend(extra);
        }
        v
    }
}

impl Warfleets {
    /// FB-20: "whole base within 12" of their edge, any heading", without overlap:
    /// the spots on the grid of `step` inches (`menu::grid`'s points, rows outside
    /// the zone skipped) that `check_deploy` accepts for a base of `r`. A model to
    /// deploy is off the table, so the spots depend only on its base.
    fn deploy_spots(&self, room: &Room, seat: Seat, r: f64, step: f64) -> Vec<Point> {
        let (lo, hi) = self.zone(seat, r);
        let mut v = Vec::new();
        let mut y = step.min(1.0);
        while y < self.height {
            if y >= lo - 1e-9 && y <= hi + 1e-9 {
                let row = room.row(y, r);
                let mut x = step.min(1.0);
                while x < self.width {
                    let p = Point::new(x, y);
                    if whole(p) && row.free(self, p, r, &[]) {
                        v.push(p);
                    }
                    x += step;
                }
            }
            y += step;
        }
        v
    }

    /// The deployment answers (`menu.rs`: every model to deploy, or the first one
    /// for a search agent; each at every spot, then Hold Back and Embark).
    /// The answers to a deployment question besides a spot: hold the model back
    /// (Tactical Master) or embark it on one of the seat's Elite Carriers.
    pub(crate) fn deploy_extras(&self, seat: Seat, m: u8) -> Vec<Action> {
        let mut extra = Vec::new();
        if self.model(m).is(Ability::TacticalMaster) {
            extra.push(Action::HoldBack { model: m });
        }
        for c in self
            .models
            .iter()
            .filter(|c| c.seat == seat && c.is(Ability::EliteCarrier))
        {
            extra.push(Action::Embark {
                model: m,
                carrier: c.id,
            });
        }
        extra
    }

    fn deployment(&self, seat: Seat, squadrons: bool, coarse: bool) -> Deployment {
        let all = self.to_deploy(seat, squadrons);
        let pick = if coarse {
            &all[..all.len().min(1)]
        } else {
            &all
        };
        let step = if coarse { 4.0 } else { 1.0 };
        let room = Room::new(self);
        let mut d = Deployment {
            spots: Vec::new(),
            blocks: Vec::new(),
        };
        for &m in pick {
            let r = self.radius(m);
            let s = match d.spots.iter().position(|x| x.0 == r) {
                Some(s) => s,
                None => {
                    d.spots.push((r, self.deploy_spots(&room, seat, r, step)));
                    d.spots.len() - 1
                }
            };
            let mut extra = self.deploy_extras(seat, m);
            extra.retain(|a| self.check_answer(seat, a).is_ok());
            d.blocks.push((m, s, extra));
        }
        d
    }

    pub(crate) fn deploy_answers(&self, seat: Seat, squadrons: bool, coarse: bool) -> Vec<Action> {
        self.deployment(seat, squadrons, coarse).into_actions()
    }

    /// FB-17 marker spots: the whole table's grid, skipping the rows where
    /// `check_marker` refuses every spot (within 9" of a long edge or of a
    /// deployment zone).
    pub(crate) fn marker_answers(&self, seat: Seat, step: f64) -> Vec<Action> {
        self.marker_spots(seat, step, usize::MAX)
    }

    /// Whether `check_marker` refuses every spot of row `y`: within 9" of a long
    /// edge or of a deployment zone.
    fn hopeless_row(&self, y: f64) -> bool {
        y <= 9.0 || self.height - y <= 9.0 || y - 12.0 <= 9.0 || self.height - 12.0 - y <= 9.0
    }

    /// The rows of the whole-inch grid that can hold a marker.
    pub(crate) fn marker_rows(&self) -> Vec<f64> {
        let mut ys = Vec::new();
        let mut y = 1.0;
        while y < self.height {
            if !self.hopeless_row(y) {
                ys.push(y);
            }
            y += 1.0;
        }
        ys
    }

    /// Whether a marker can be placed (WFO-05: else the rest are not placed).
    pub(crate) fn marker_open(&self, seat: Seat) -> bool {
        !self.marker_spots(seat, 1.0, 1).is_empty()
    }

    /// The first `most` of [`Self::marker_answers`].
    fn marker_spots(&self, seat: Seat, step: f64, most: usize) -> Vec<Action> {
        let mut v = Vec::new();
        let mut y = step.min(1.0);
        while y < self.height {
            if !self.hopeless_row(y) {
                let mut x = step.min(1.0);
                while x < self.width {
                    let a = Action::Marker { x, y };
                    if self.check_answer(seat, &a).is_ok() {
                        v.push(a);
                        if v.len() >= most {
                            return v;
                        }
                    }
                    x += step;
                }
            }
            y += step;
        }
        v
    }

    /// A squadron's order answers (`all_orders` or `order_menu`), its flights
    /// tested with one [`Flight`].
    pub(crate) fn squadron_answers(&self, seat: Seat, model: u8, coarse: bool) -> Vec<Action> {
        let flight = Flight::new(self, model);
        if coarse {
            let mut v = self.order_menu(model);
            v.retain(|a| match a {
                Action::Fly { x, y } => flight.check(Point::new(*x, *y)).is_ok(),
                _ => self.check_answer(seat, a).is_ok(),
            });
            return v;
        }
        // `all_orders`: Hold, then every whole-inch point within Cruise reach
        // (`menu::grid_around`), row by row.
        let mut v = vec![Action::Hold { turn: 0 }];
        v.retain(|a| self.check_answer(seat, a).is_ok());
        let (c, r) = (self.model(model).pos, self.speeds(model).1);
        let (x0, x1) = ((c.x - r).ceil() as i64, (c.x + r).floor() as i64);
        let (y0, y1) = ((c.y - r).ceil() as i64, (c.y + r).floor() as i64);
        for y in y0..=y1 {
            let row = flight.row(y as f64, x0 as f64, x1 as f64);
            for x in x0..=x1 {
                let p = Point::new(x as f64, y as f64);
                let len = p.dist(c);
                if len <= r + 1e-9 && flight.check_row(&row, p, len).is_ok() {
                    v.push(Action::Fly { x: p.x, y: p.y });
                }
            }
        }
        v
    }
}
