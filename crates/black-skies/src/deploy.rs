//! BSO-02's deployment grid, walked without building a list: the legal deployments
//! in [`BlackSkies::deployments`]'s order, counted and drawn one by one (the random
//! agent's and rollouts' draw, issue 26). Each candidate is judged by the same
//! arithmetic as [`BlackSkies::deploy_spots`] (BS-02: "each fighter's centre within
//! 6" of its own edge", on the table, clear of every base already placed).
//!
//! The first two tests (on the table, within 6" of the edge) depend only on the
//! table's size, the seat and whether the element is a lone fighter, so they are
//! worked out once per thread for each of those and kept as one bit per candidate
//! ([`Layout`]); the third (clear of the bases placed) is checked candidate by
//! candidate only in rows whose lead is within 5" of a placed base (a wingman is at
//! most 3" from its lead, BSO-02, so elsewhere no base can be within 1").

use crate::action::{Action, Wing};
use crate::state::BlackSkies;
use orrery_core::{Rng, Seat};
use orrery_table::{Heading, Point, EPS};
use std::cell::RefCell;
use std::rc::Rc;

/// BS-02: "each fighter's centre within 6" of its own edge".
pub const DEPLOY_DEPTH: f64 = 6.0;
/// BS-01: "for collisions it has a round base of diameter 1"".
pub const BASE: f64 = 1.0;

/// One heading and wing place of the grid, with the wingman's two legs from the lead
/// (`h.vector() * fwd`, then `h.turned(6).vector() * right`, added in that order as
/// [`BlackSkies::deploy_spots`] adds them).
struct Combo {
    heading: u16,
    wing: Option<Wing>,
    legs: Option<(Point, Point)>,
}

/// The grid of one table size, seat and element kind: its rows (depth 1, 3, 5 from
/// the own edge, then x at even inches: the lead's centre), the candidates of a row
/// (headings in 30° steps by wing places, at most 48) and, per row, a bit for each
/// candidate whose lead and wingman are on the table within 6" of the edge.
struct Layout {
    rows: Vec<(u8, u8)>,
    combos: Vec<Combo>,
    masks: Vec<u64>,
}

/// What a layout depends on: table width and length (bits), seat, lone fighter.
type Key = (u64, u64, u8, bool);

thread_local! {
    /// Layouts worked out so far on this thread (a few scenarios at most).
    static LAYOUTS: RefCell<Vec<(Key, Rc<Layout>)>> = const { RefCell::new(Vec::new()) };
}

impl Layout {
    fn new(g: &BlackSkies, seat: Seat, lone: bool) -> Layout {
        let wings: &[Option<Wing>] = if lone {
            &[None]
        } else {
            &[
                Some(Wing::BehindLeft),
                Some(Wing::BehindRight),
                Some(Wing::AbreastLeft),
                Some(Wing::AbreastRight),
            ]
        };
        let mut combos = Vec::with_capacity(12 * wings.len());
        for heading in (0..360u16).step_by(30) {
            let h = Heading::new(i32::from(heading / 15));
            for &wing in wings {
                let legs = wing.map(|w| {
                    let (fwd, right) = w.offset();
                    (h.vector() * fwd, h.turned(6).vector() * right)
                });
                combos.push(Combo {
                    heading,
                    wing,
                    legs,
                });
            }
        }
        let width = g.width.floor() as i32;
        // Out-of-range coordinates are skipped, as the list skips them.
        let ys: Vec<u8> = [1, 3, 5]
            .into_iter()
            .map(|depth| {
                if seat == Seat(0) {
                    depth
                } else {
                    g.length.floor() as i32 - depth
                }
            })
            .filter_map(|y| u8::try_from(y).ok())
            .collect();
        let xs: Vec<u8> = (2..=width - 2)
            .step_by(2)
            .filter_map(|x| u8::try_from(x).ok())
            .collect();
        let rows: Vec<(u8, u8)> = ys
            .iter()
            .flat_map(|&y| xs.iter().map(move |&x| (x, y)))
            .collect();
        let on_table = |p: Point| g.point(p) && g.from_edge(seat, p) <= DEPLOY_DEPTH + EPS;
        let masks = rows
            .iter()
            .map(|&(x, y)| {
                let lead = Point::new(f64::from(x), f64::from(y));
                if !on_table(lead) {
                    return 0;
                }
                combos.iter().enumerate().fold(0u64, |m, (i, c)| {
                    let ok = c.legs.is_none_or(|(a, b)| on_table(lead + a + b));
                    m | u64::from(ok) << i
                })
            })
            .collect();
        Layout {
            rows,
            combos,
            masks,
        }
    }

    /// The layout for `g`'s table, `seat` and element kind, worked out once.
    fn of(g: &BlackSkies, seat: Seat, lone: bool) -> Rc<Layout> {
        let key = (g.width.to_bits(), g.length.to_bits(), seat.0, lone);
        LAYOUTS.with(|cell| {
            let mut known = cell.borrow_mut();
            if let Some((_, l)) = known.iter().find(|(k, _)| *k == key) {
                return Rc::clone(l);
            }
            let l = Rc::new(Layout::new(g, seat, lone));
            if known.len() >= 16 {
                known.remove(0);
            }
            known.push((key, Rc::clone(&l)));
            l
        })
    }
}

/// The grid for `seat`'s next element, with the bases already placed.
pub(crate) struct Grid {
    layout: Rc<Layout>,
    placed: Vec<Point>,
}

impl Grid {
    /// `None` when the seat has no element left to deploy.
    pub(crate) fn new(g: &BlackSkies, seat: Seat) -> Option<Grid> {
        let element = g.next_to_deploy(seat)?;
        let lone = g.element(element).fighters.len() == 1;
        let placed = g
            .fighters
            .iter()
            .filter(|f| f.flying())
            .map(|f| f.pos)
            .collect();
        Some(Grid {
            layout: Layout::of(g, seat, lone),
            placed,
        })
    }

    /// Clear of every base placed ([`BlackSkies::deploy_spots`]'s third test).
    fn clear(&self, p: Point) -> bool {
        self.placed.iter().all(|q| q.dist(p) >= BASE - EPS)
    }

    /// The legal candidates of row `r`, one bit each.
    fn mask(&self, r: usize) -> u64 {
        let m = self.layout.masks[r];
        let (x, y) = self.layout.rows[r];
        let lead = Point::new(f64::from(x), f64::from(y));
        let near = self.placed.iter().any(|q| {
            let d = *q - lead;
            d.dot(d) < 25.0
        });
        if m == 0 || !near {
            return m;
        }
        if !self.clear(lead) {
            return 0;
        }
        let mut out = 0;
        for (i, c) in self.layout.combos.iter().enumerate() {
            let ok = c.legs.is_none_or(|(a, b)| self.clear(lead + a + b));
            out |= u64::from(m >> i & 1 == 1 && ok) << i;
        }
        out
    }

    fn action(&self, r: usize, i: usize) -> Action {
        let (x, y) = self.layout.rows[r];
        let c = &self.layout.combos[i];
        Action::Deploy {
            x,
            y,
            heading: c.heading,
            wing: c.wing,
        }
    }

    /// Every legal deployment `keep` accepts, in the list's order.
    pub(crate) fn collect(&self, keep: impl Fn(&Action) -> bool) -> Vec<Action> {
        let mut out = Vec::new();
        for r in 0..self.layout.rows.len() {
            let mut m = self.mask(r);
            while m != 0 {
                let a = self.action(r, m.trailing_zeros() as usize);
                if keep(&a) {
                    out.push(a);
                }
                m &= m - 1;
            }
        }
        out
    }

    /// Uniform over the legal deployments: the one at `rng.index(n)` of the `n` in
    /// the list, one draw, as [`orrery_core::SearchHints::sample_action`]'s default draws
    /// from the whole list (the same action for the same generator).
    pub(crate) fn sample(&self, rng: &mut Rng) -> Option<Action> {
        let masks: Vec<u64> = (0..self.layout.rows.len()).map(|r| self.mask(r)).collect();
        let total: usize = masks.iter().map(|m| m.count_ones() as usize).sum();
        if total == 0 {
            return None;
        }
        let mut i = rng.index(total);
        for (r, mut m) in masks.into_iter().enumerate() {
            let n = m.count_ones() as usize;
            if i < n {
                for _ in 0..i {
                    m &= m - 1;
                }
                return Some(self.action(r, m.trailing_zeros() as usize));
            }
            i -= n;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::builtin;
    use orrery_core::{Game, SearchHints};

    /// The list as it was built before the grid: every candidate through
    /// `deploy_spots`.
    fn listed(g: &BlackSkies, seat: Seat) -> Vec<Action> {
        let Some(element) = g.next_to_deploy(seat) else {
            return Vec::new();
        };
        let wings: Vec<Option<Wing>> = if g.element(element).fighters.len() == 1 {
            vec![None]
        } else {
            Wing::ALL.map(Some).to_vec()
        };
        let mut out = Vec::new();
        let width = g.width.floor() as i32;
        for depth in [1, 3, 5] {
            let y = if seat == Seat(0) {
                depth
            } else {
                g.length.floor() as i32 - depth
            };
            for x in (2..=width - 2).step_by(2) {
                for heading in (0..360).step_by(30) {
                    for &wing in &wings {
                        let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
                            continue;
                        };
                        let a = Action::Deploy {
                            x,
                            y,
                            heading: heading as u16,
                            wing,
                        };
                        if g.deploy_spots(seat, &a).is_some() {
                            out.push(a);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn grid_lists_and_draws_as_the_list() {
        // Deployments that a base already placed rules out come up.
        let mut crowded = 0;
        for sc in builtin() {
            for seed in 0..40u64 {
                let mut g = BlackSkies::setup(&sc.scenario, seed).unwrap();
                let mut rng = Rng::seed_from(seed);
                while let crate::state::Phase::Deploy { seat } = g.phase {
                    let list = listed(&g, seat);
                    assert_eq!(g.deployments(seat), list);
                    let mut bare = g.clone();
                    for f in &mut bare.fighters {
                        if f.seat == seat && f.flying() {
                            f.status = crate::state::Status::Destroyed;
                        }
                    }
                    crowded += usize::from(listed(&bare, seat).len() > list.len());
                    let (mut a, mut b) = (rng.clone(), rng.clone());
                    let i = a.index(list.len());
                    assert_eq!(g.sample_action(seat, &mut b), Some(list[i].clone()));
                    assert_eq!(a.next_u64(), b.next_u64());
                    let pick = g.sample_action(seat, &mut rng).unwrap();
                    g.apply(seat, &pick).unwrap();
                }
            }
        }
        assert!(crowded > 10, "{crowded}");
    }
}
