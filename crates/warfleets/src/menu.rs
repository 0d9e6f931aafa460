//! The lists of answers: every legal one (`answers`, WFO-01 makes the set finite),
//! the coarser menu a search agent considers (`SearchHints::search_actions`), and the
//! grids and order menus they are built from.

use crate::action::Action;
use crate::catalogue::Class;
use crate::choices::Interrupt;
use crate::geometry::grid_around;
use crate::movement::pivots;
use crate::state::{Edge, Step, Warfleets};
use orrery_core::{Game, Rng, SearchHints, Seat};
use orrery_table::{Heading, Point};

impl Warfleets {
    fn offered(&self, seat: Seat, coarse: bool) -> Vec<Action> {
        if !self.to_move().contains(&seat) {
            return Vec::new();
        }
        match self.interrupt() {
            Some(Interrupt::Mend) => {
                return self
                    .mendable()
                    .into_iter()
                    .map(|upgrade| Action::RepairUpgrade { upgrade })
                    .collect()
            }
            Some(Interrupt::Assign) => {
                return self
                    .assignable()
                    .into_iter()
                    .map(|upgrade| Action::Assign { upgrade })
                    .collect()
            }
            Some(Interrupt::Aside) => return self.aside_answers(coarse),
            None => {}
        }
        let step = if coarse { 4.0 } else { 1.0 };
        // The long lists, built already tested (`lists.rs`).
        match &self.step {
            Step::Marker { .. } => return self.marker_answers(seat, step),
            Step::Deploy { squadrons, .. } => return self.deploy_answers(seat, *squadrons, coarse),
            Step::Order { model, .. } if self.is_squadron(*model) => {
                return self.squadron_answers(seat, *model, coarse)
            }
            // `check_answer` accepts exactly these.
            Step::Return { model } => {
                return self
                    .return_spots(*model)
                    .into_iter()
                    .map(|along| Action::Return { along })
                    .collect()
            }
            _ => {}
        }
        let mut out: Vec<Action> = match &self.step {
            // Listed above.
            Step::Marker { .. } | Step::Deploy { .. } | Step::Return { .. } => Vec::new(),
            Step::Edge { .. } => vec![
                Action::Edge { edge: Edge::South },
                Action::Edge { edge: Edge::North },
            ],
            Step::Face { .. } => {
                if coarse {
                    vec![Action::Face {
                        heading: self.facing_enemy(seat),
                    }]
                } else {
                    Heading::all()
                        .map(|heading| Action::Face { heading })
                        .collect()
                }
            }
            Step::Vanguard { model } => {
                let mv = self.speeds(*model).0;
                let mut v = vec![Action::Advance { inches: 0.0 }];
                let mut k = 0.5;
                while k <= mv + 1e-9 {
                    v.push(Action::Advance { inches: k });
                    k += 0.5;
                }
                v
            }
            Step::Reserve { model } => {
                let mut v: Vec<Action> =
                    grid(self.width, self.height, if coarse { 6.0 } else { 1.0 })
                        .into_iter()
                        .map(|p| Action::Deploy {
                            model: *model,
                            x: p.x,
                            y: p.y,
                        })
                        .collect();
                v.push(Action::Skip);
                v
            }
            Step::Activate { class, .. } => {
                let mut v: Vec<Action> = self
                    .available(seat, *class)
                    .into_iter()
                    .map(|model| Action::Activate { model })
                    .collect();
                for m in self.on_table().filter(|m| m.seat == seat) {
                    if (*class == Class::Squadron && self.may_defer(m.id, seat))
                        || (*class != Class::Squadron && m.deferred && !m.activated)
                    {
                        v.push(Action::Defer { model: m.id });
                    }
                }
                v
            }
            Step::Mine { model } => {
                let m = self.model(*model);
                let mut v = vec![Action::Skip];
                for p in grid_around(m.pos, self.radius(*model) + 4.0) {
                    v.push(Action::Mine { x: p.x, y: p.y });
                }
                if coarse {
                    v.truncate(1);
                    let toward = self.nearest_enemy(*model).map(|e| self.model(e).pos);
                    if let Some(t) = toward {
                        let d = t - m.pos;
                        let len = d.len().max(1e-9);
                        let p = m.pos + d * ((self.radius(*model) + 3.0).min(len) / len);
                        v.push(Action::Mine {
                            x: p.x.round(),
                            y: p.y.round(),
                        });
                    }
                }
                v
            }
            Step::Launch { .. } => vec![Action::Launch, Action::Skip],
            Step::Place { model, squadron } => {
                grid_around(self.model(*model).pos, self.radius(*model) + 3.0)
                    .into_iter()
                    .map(|p| Action::Deploy {
                        model: *squadron,
                        x: p.x,
                        y: p.y,
                    })
                    .collect()
            }
            Step::Order { model, .. } => {
                if coarse {
                    self.order_menu(*model)
                } else {
                    self.all_orders(*model)
                }
            }
            Step::Fire { model, .. } => {
                let mut v: Vec<Action> = self
                    .shots_now(*model)
                    .into_iter()
                    .map(|(gun, target)| Action::Fire { gun, target })
                    .collect();
                v.push(Action::Done);
                v
            }
            Step::After { model, used, reach } => {
                let mut v = self.after_options(*model, used, *reach);
                if coarse {
                    v.retain(|a| !matches!(a, Action::Relocate { .. }));
                }
                v.push(Action::Done);
                v
            }
            Step::Launched => {
                let mut v: Vec<Action> = self
                    .launching
                    .iter()
                    .map(|&model| Action::Activate { model })
                    .collect();
                v.push(Action::Done);
                v
            }
            Step::Over => Vec::new(),
        };
        out.retain(|a| self.check_answer(seat, a).is_ok());
        out
    }

    /// The heading toward the enemy's edge.
    pub fn facing_enemy(&self, seat: Seat) -> Heading {
        match self.edges[seat.index()] {
            Edge::South => Heading(0),
            Edge::North => Heading(12),
        }
    }

    /// The nearest enemy model on the table.
    pub fn nearest_enemy(&self, model: u8) -> Option<u8> {
        let m = self.model(model);
        self.on_table()
            .filter(|o| o.seat != m.seat)
            .min_by(|a, b| m.pos.dist(a.pos).total_cmp(&m.pos.dist(b.pos)))
            .map(|o| o.id)
    }

    /// Every order: ships Hold (any turn), Move and Cruise at every pivot and turn,
    /// Ram at every enemy ship in reach; squadrons Hold and every whole-inch point
    /// in Cruise reach.
    pub fn all_orders(&self, model: u8) -> Vec<Action> {
        let m = self.model(model);
        let (mv, cr) = self.speeds(model);
        if self.is_squadron(model) {
            let mut v = vec![Action::Hold { turn: 0 }];
            for p in grid_around(m.pos, cr) {
                v.push(Action::Fly { x: p.x, y: p.y });
            }
            return v;
        }
        let mut v: Vec<Action> = (-12..=12).map(|turn| Action::Hold { turn }).collect();
        for pivot in pivots(mv) {
            for turn in -6..=6 {
                v.push(Action::Move { pivot, turn });
            }
        }
        for pivot in pivots(cr) {
            for turn in -3..=3 {
                v.push(Action::Cruise { pivot, turn });
            }
        }
        for t in self.on_table() {
            if t.seat == m.seat || self.is_squadron(t.id) || m.pos.dist(t.pos) > cr + 3.0 {
                continue;
            }
            for pivot in pivots(cr) {
                for turn in -3..=3 {
                    v.push(Action::Ram {
                        target: t.id,
                        pivot,
                        turn,
                    });
                }
            }
        }
        v
    }

    /// A menu of orders for search: Hold in 45° steps; Move and Cruise turning at
    /// half or at the end, in 30° (Move) or 15° (Cruise) steps; Ram likewise at each
    /// enemy ship in reach; squadrons: Hold, flights in 16 directions at half and full
    /// Move and at Cruise speed, and to 1" from each enemy squadron and ship in reach.
    pub fn order_menu(&self, model: u8) -> Vec<Action> {
        let mut v = Vec::new();
        let m = self.model(model);
        let (mv, cr) = self.speeds(model);
        if self.is_squadron(model) {
            v.push(Action::Hold { turn: 0 });
            for h in Heading::all().step_by(3) {
                for d in [mv / 2.0, mv, cr] {
                    let p = m.pos + h.vector() * d;
                    v.push(Action::Fly {
                        x: p.x.round(),
                        y: p.y.round(),
                    });
                }
            }
            for o in self.on_table().filter(|o| o.seat != m.seat) {
                let d = o.pos - m.pos;
                let len = d.len();
                if len > 1e-9 && len <= cr + 3.0 {
                    let p = o.pos - d * ((self.radius(model) + self.radius(o.id) + 1.0) / len);
                    v.push(Action::Fly {
                        x: p.x.round(),
                        y: p.y.round(),
                    });
                }
            }
            return v;
        }
        for turn in [0, 6, 12, -6, 3, -3, 9, -9] {
            v.push(Action::Hold { turn });
        }
        let half = |s: f64| *pivots(s).last().unwrap_or(&s);
        for turn in [0i8, -2, 2, -4, 4, -6, 6] {
            for pivot in [half(mv), mv] {
                if turn != 0 || pivot == mv {
                    v.push(Action::Move { pivot, turn });
                }
            }
        }
        for turn in [0i8, -1, 1, -2, 2, -3, 3] {
            for pivot in [half(cr), cr] {
                if turn != 0 || pivot == cr {
                    v.push(Action::Cruise { pivot, turn });
                }
            }
        }
        for t in self.on_table() {
            if t.seat == m.seat || self.is_squadron(t.id) || m.pos.dist(t.pos) > cr + 3.0 {
                continue;
            }
            for turn in [0i8, -1, 1, -2, 2, -3, 3] {
                for pivot in [half(cr), cr] {
                    if turn != 0 || pivot == cr {
                        v.push(Action::Ram {
                            target: t.id,
                            pivot,
                            turn,
                        });
                    }
                }
            }
        }
        v
    }

    /// Whether the return spots list is what `check` accepts.
    pub fn reserve_spots(&self, model: u8) -> Vec<Action> {
        grid(self.width, self.height, 1.0)
            .into_iter()
            .filter(|p| self.check_reserve(model, *p).is_ok())
            .map(|p| Action::Deploy {
                model,
                x: p.x,
                y: p.y,
            })
            .collect()
    }

    /// Launch spots: whole-inch points within 2" of the carrier.
    pub fn launch_spots(&self, carrier: u8, squadron: u8) -> Vec<Action> {
        grid_around(self.model(carrier).pos, self.radius(carrier) + 3.0)
            .into_iter()
            .filter(|&p| self.check_launch_spot(carrier, squadron, p).is_ok())
            .map(|p| Action::Deploy {
                model: squadron,
                x: p.x,
                y: p.y,
            })
            .collect()
    }
}

/// Whole-inch points on the table every `step` inches (from `step`).
pub(crate) fn grid(width: f64, height: f64, step: f64) -> Vec<Point> {
    let mut v = Vec::new();
    let mut y = step.min(1.0);
    while y < height {
        let mut x = step.min(1.0);
        while x < width {
            v.push(Point::new(x, y));
            x += step;
        }
        y += step;
    }
    v
}

impl SearchHints for Warfleets {
    /// What the view shows, read in place (`view.rs`, [`crate::view::knowledge_digest`]).
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        crate::view::knowledge_digest(self, seat)
    }

    /// Markers carried, each fleet's strength left (points weighted by working
    /// upgrades or squadron health), and which side's ships are nearer the markers
    /// still on the table (`rules.rs`, `position_value`).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.position_value(seat)
    }

    /// Uniform over the legal answers; orders and deployment drawn by rejection
    /// from their candidates without listing them (`draw.rs`, [`Warfleets::sample`]).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        self.sample(seat, rng)
    }

    /// The answers a search agent considers: coarse grids of positions and the order
    /// menu of [`Self::order_menu`]; everything else in full.
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        let v = self.offered(seat, true);
        if v.is_empty() {
            self.offered(seat, false)
        } else {
            v
        }
    }
}

/// Every legal answer now (WFO-01 makes the set finite: whole-inch positions,
/// ½" pivots, 15° turns).
pub(crate) fn legal_actions(g: &Warfleets, seat: Seat) -> Vec<Action> {
    g.offered(seat, false)
}
