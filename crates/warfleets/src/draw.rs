//! The random agent's draw ([`orrery_core::SearchHints::sample_action`]) for the long
//! questions, by rejection: a candidate is drawn uniformly from the candidates
//! `menu.rs` tests for the full list (each a number, nothing listed), and kept if
//! `check_answer` accepts it. Every legal answer is one candidate, so the draw stays
//! uniform over the legal answers, at a few checks a draw instead of hundreds.

use crate::action::Action;
use crate::movement::pivots;
use crate::room::Flight;
use crate::state::{Step, Warfleets};
use orrery_core::{Game, Rng, Seat};
use orrery_table::Point;

/// Draws refused before the whole list is built instead (a question whose
/// candidates are nearly all illegal).
const TRIES: usize = 48;

/// The candidates of one question, numbered.
enum Space {
    /// `all_orders` of a ship: Hold at 25 turns, Move at `moves` pivots × 13
    /// turns, Cruise at `cruises` pivots × 7, Ram at each of `targets` likewise.
    Ship {
        moves: Vec<f64>,
        cruises: Vec<f64>,
        targets: Vec<u8>,
    },
    /// `all_orders` of a squadron: Hold, then the whole-inch points of the square
    /// around `c` of half-side `r`, row by row (those outside the circle of
    /// `grid_around` are refused when drawn: they are not candidates).
    Squadron {
        c: Point,
        r: f64,
        x0: i64,
        x1: i64,
        y0: i64,
        y1: i64,
    },
    /// The marker question: the whole-inch grid on the rows that can hold a marker
    /// (`lists.rs`: the others hold no legal spot).
    Marker { xs: Vec<f64>, ys: Vec<f64> },
    /// The deployment question: for each model, the grid spots on the rows of its
    /// zone (`rows[k]`), then its other answers (Hold Back, Embark).
    Deploy {
        xs: Vec<f64>,
        rows: Vec<Vec<f64>>,
        blocks: Vec<(u8, usize, Vec<Action>)>,
    },
}

impl Space {
    fn len(&self) -> usize {
        match self {
            Space::Ship {
                moves,
                cruises,
                targets,
            } => 25 + moves.len() * 13 + cruises.len() * 7 * (1 + targets.len()),
            Space::Squadron { x0, x1, y0, y1, .. } => {
                1 + ((x1 - x0 + 1).max(0) * (y1 - y0 + 1).max(0)) as usize
            }
            Space::Marker { xs, ys } => xs.len() * ys.len(),
            Space::Deploy { xs, rows, blocks } => blocks
                .iter()
                .map(|(_, k, extra)| rows[*k].len() * xs.len() + extra.len())
                .sum(),
        }
    }

    /// Candidate `i`; `None` if it is not one of `menu.rs`'s candidates.
    fn nth(&self, mut i: usize) -> Option<Action> {
        match self {
            Space::Ship {
                moves,
                cruises,
                targets,
            } => {
                let turn = |k: usize, half: usize| k as i8 - half as i8;
                if i < 25 {
                    return Some(Action::Hold { turn: turn(i, 12) });
                }
                i -= 25;
                if i < moves.len() * 13 {
                    return Some(Action::Move {
                        pivot: moves[i / 13],
                        turn: turn(i % 13, 6),
                    });
                }
                i -= moves.len() * 13;
                let block = cruises.len() * 7;
                if block == 0 {
                    return None;
                }
                let (t, j) = (i / block, i % block);
                let (pivot, turn) = (cruises[j / 7], turn(j % 7, 3));
                Some(match t {
                    0 => Action::Cruise { pivot, turn },
                    _ => Action::Ram {
                        target: targets[t - 1],
                        pivot,
                        turn,
                    },
                })
            }
            Space::Squadron {
                c, r, x0, x1, y0, ..
            } => {
                if i == 0 {
                    return Some(Action::Hold { turn: 0 });
                }
                let w = (x1 - x0 + 1) as usize;
                let p = Point::new(
                    (x0 + ((i - 1) % w) as i64) as f64,
                    (y0 + ((i - 1) / w) as i64) as f64,
                );
                (p.dist(*c) <= r + 1e-9).then_some(Action::Fly { x: p.x, y: p.y })
            }
            Space::Marker { xs, ys } => Some(Action::Marker {
                x: xs[i % xs.len()],
                y: ys[i / xs.len()],
            }),
            Space::Deploy { xs, rows, blocks } => {
                for (model, k, extra) in blocks {
                    let spots = rows[*k].len() * xs.len();
                    if i < spots {
                        return Some(Action::Deploy {
                            model: *model,
                            x: xs[i % xs.len()],
                            y: rows[*k][i / xs.len()],
                        });
                    }
                    i -= spots;
                    if i < extra.len() {
                        return Some(extra[i].clone());
                    }
                    i -= extra.len();
                }
                None
            }
        }
    }
}

impl Warfleets {
    /// The numbered candidates of the question `seat` answers now, for the long
    /// questions (ship and squadron orders, markers, deployment); `None` for the
    /// others.
    fn space(&self, seat: Seat) -> Option<Space> {
        if self.interrupt().is_some() || !self.to_move().contains(&seat) {
            return None;
        }
        match &self.step {
            Step::Order { model, .. } if self.is_squadron(*model) => {
                let (c, r) = (self.model(*model).pos, self.speeds(*model).1);
                let (x0, x1) = ((c.x - r).ceil() as i64, (c.x + r).floor() as i64);
                let (y0, y1) = ((c.y - r).ceil() as i64, (c.y + r).floor() as i64);
                Some(Space::Squadron {
                    c,
                    r,
                    x0,
                    x1,
                    y0,
                    y1,
                })
            }
            Step::Order { model, .. } => {
                let m = self.model(*model);
                let (mv, cr) = self.speeds(*model);
                let targets = self
                    .on_table()
                    .filter(|t| {
                        !(t.seat == m.seat
                            || self.is_squadron(t.id)
                            || m.pos.dist(t.pos) > cr + 3.0)
                    })
                    .map(|t| t.id)
                    .collect();
                Some(Space::Ship {
                    moves: pivots(mv),
                    cruises: pivots(cr),
                    targets,
                })
            }
            Step::Marker { .. } => {
                let ys = self.marker_rows();
                Some(Space::Marker {
                    xs: self.grid_xs(),
                    ys,
                })
            }
            Step::Deploy { squadrons, .. } => {
                let xs = self.grid_xs();
                let mut rows: Vec<(f64, Vec<f64>)> = Vec::new();
                let mut blocks = Vec::new();
                for m in self.to_deploy(seat, *squadrons) {
                    let r = self.radius(m);
                    let k = match rows.iter().position(|x| x.0 == r) {
                        Some(k) => k,
                        None => {
                            let (lo, hi) = self.zone(seat, r);
                            let mut ys = Vec::new();
                            let mut y = 1.0;
                            while y < self.height {
                                if y >= lo - 1e-9 && y <= hi + 1e-9 {
                                    ys.push(y);
                                }
                                y += 1.0;
                            }
                            rows.push((r, ys));
                            rows.len() - 1
                        }
                    };
                    let extra = self.deploy_extras(seat, m);
                    blocks.push((m, k, extra));
                }
                Some(Space::Deploy {
                    xs,
                    rows: rows.into_iter().map(|r| r.1).collect(),
                    blocks,
                })
            }
            _ => None,
        }
    }

    /// The x of the whole-inch grid (`menu::grid`).
    fn grid_xs(&self) -> Vec<f64> {
        let mut xs = Vec::new();
        let mut x = 1.0;
        while x < self.width {
            xs.push(x);
            x += 1.0;
        }
        xs
    }

    /// The random agent's draw ([`orrery_core::SearchHints::sample_action`]): uniform over
    /// the legal answers ([`Game::legal_actions`]). Orders, markers and deployment are drawn
    /// by rejection from their candidates (this module), other questions with one
    /// `rng.index(n)` over the list as the default draws; a question whose
    /// candidates keep being refused falls back to the list.
    pub fn sample(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if let Some(space) = self.space(seat) {
            // A squadron's flights are tested with one `Flight` (`check_fly`'s tests).
            let flight = match (&space, &self.step) {
                (Space::Squadron { .. }, Step::Order { model, .. }) => {
                    Some(Flight::new(self, *model))
                }
                _ => None,
            };
            // An engaged squadron may only hold: the list is short.
            let n = if flight.as_ref().is_some_and(|f| f.engaged()) {
                0
            } else {
                space.len()
            };
            for _ in 0..TRIES.min(n * 4) {
                let Some(a) = space.nth(rng.index(n)) else {
                    continue;
                };
                let ok = match (&a, &flight) {
                    (Action::Fly { x, y }, Some(f)) => f.check(Point::new(*x, *y)).is_ok(),
                    _ => self.check_answer(seat, &a).is_ok(),
                };
                if ok {
                    return Some(a);
                }
            }
        }
        let mut legal = self.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.index(legal.len());
        Some(legal.swap_remove(i))
    }
}
