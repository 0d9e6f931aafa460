//! BSO-02's deployment grid, walked without building a list: the legal deployments
//! in [`BlackSkies::deployments`]'s order, counted and drawn one by one (the random
//! agent's and rollouts' draw, issue 26). Each candidate is checked by the same
//! arithmetic as [`BlackSkies::deploy_spots`] (BS-02: "each fighter's centre within
//! 6" of its own edge", on the table, clear of every base already placed).

use crate::action::{Action, Wing};
use crate::rules::{BASE, DEPLOY_DEPTH};
use crate::state::BlackSkies;
use orrery_core::{Rng, Seat};
use orrery_table::{Heading, Point, EPS};

/// One heading and wing place of the grid, with the wingman's two legs from the lead
/// (`h.vector() * fwd`, then `h.turned(6).vector() * right`, added in that order as
/// [`BlackSkies::deploy_spots`] adds them).
struct Combo {
    heading: u16,
    wing: Option<Wing>,
    legs: Option<(Point, Point)>,
}

/// The grid for `seat`'s next element: rows (depth 1, 3, 5 from the own edge, then x
/// at even inches) and, in each row, headings in 30° steps by wing places.
pub(crate) struct Grid<'a> {
    g: &'a BlackSkies,
    seat: Seat,
    ys: Vec<u8>,
    xs: Vec<u8>,
    combos: Vec<Combo>,
    placed: Vec<Point>,
}

impl<'a> Grid<'a> {
    /// `None` when the seat has no element left to deploy.
    pub(crate) fn new(g: &'a BlackSkies, seat: Seat) -> Option<Grid<'a>> {
        let element = g.next_to_deploy(seat)?;
        let wings: &[Option<Wing>] = if g.element(element).fighters.len() == 1 {
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
            let h = Heading::from_degrees(i32::from(heading))?;
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
        let ys = [1, 3, 5]
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
        let xs = (2..=width - 2)
            .step_by(2)
            .filter_map(|x| u8::try_from(x).ok())
            .collect();
        let placed = g
            .fighters
            .iter()
            .filter(|f| f.flying())
            .map(|f| f.pos)
            .collect();
        Some(Grid {
            g,
            seat,
            ys,
            xs,
            combos,
            placed,
        })
    }

    /// Every row, in the list's order.
    fn rows(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.ys
            .iter()
            .flat_map(move |&y| self.xs.iter().map(move |&x| (x, y)))
    }

    /// [`BlackSkies::deploy_spots`]'s test of one centre.
    fn spot_ok(&self, p: Point) -> bool {
        self.g.point(p)
            && self.g.from_edge(self.seat, p) <= DEPLOY_DEPTH + EPS
            && self.placed.iter().all(|q| q.dist(p) >= BASE - EPS)
    }

    /// Whether the lead at `lead` and its wingman (if any) are placed legally.
    fn legal(&self, lead: Point, c: &Combo) -> bool {
        match c.legs {
            Some((a, b)) => self.spot_ok(lead + a + b),
            None => true,
        }
    }

    fn action(x: u8, y: u8, c: &Combo) -> Action {
        Action::Deploy {
            x,
            y,
            heading: c.heading,
            wing: c.wing,
        }
    }

    /// The legal deployments of the row whose lead is at (`x`, `y`) that `keep`
    /// accepts, in order.
    fn row(&self, x: u8, y: u8, keep: &impl Fn(&Action) -> bool, out: &mut Vec<Action>) {
        let lead = Point::new(f64::from(x), f64::from(y));
        if !self.spot_ok(lead) {
            return;
        }
        for c in &self.combos {
            let a = Self::action(x, y, c);
            if keep(&a) && self.legal(lead, c) {
                out.push(a);
            }
        }
    }

    /// Every legal deployment `keep` accepts, in the list's order.
    pub(crate) fn collect(&self, keep: impl Fn(&Action) -> bool) -> Vec<Action> {
        let mut out = Vec::new();
        for (x, y) in self.rows() {
            self.row(x, y, &keep, &mut out);
        }
        out
    }

    /// How many legal deployments the row at (`x`, `y`) has.
    fn count(&self, x: u8, y: u8) -> usize {
        let lead = Point::new(f64::from(x), f64::from(y));
        if !self.spot_ok(lead) {
            return 0;
        }
        self.combos.iter().filter(|c| self.legal(lead, c)).count()
    }

    /// Uniform over the legal deployments: the one at `rng.index(n)` of the `n` in
    /// the list, one draw, as [`orrery_core::Game::sample_action`]'s default draws
    /// from the whole list (the same action for the same generator).
    pub(crate) fn sample(&self, rng: &mut Rng) -> Option<Action> {
        let counts: Vec<usize> = self.rows().map(|(x, y)| self.count(x, y)).collect();
        let total: usize = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let mut i = rng.index(total);
        for ((x, y), n) in self.rows().zip(counts) {
            if i < n {
                let mut out = Vec::with_capacity(n);
                self.row(x, y, &|_| true, &mut out);
                return out.into_iter().nth(i);
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
    use orrery_core::Game;

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
        for sc in builtin() {
            for seed in 0..40u64 {
                let mut g = BlackSkies::setup(&sc.scenario, seed).unwrap();
                let mut rng = Rng::seed_from(seed);
                while let crate::state::Phase::Deploy { seat } = g.phase {
                    let list = listed(&g, seat);
                    assert_eq!(g.deployments(seat), list);
                    let (mut a, mut b) = (rng.clone(), rng.clone());
                    let i = a.index(list.len());
                    assert_eq!(g.sample_action(seat, &mut b), Some(list[i].clone()));
                    assert_eq!(a.next_u64(), b.next_u64());
                    let pick = g.sample_action(seat, &mut rng).unwrap();
                    g.apply(seat, &pick).unwrap();
                }
            }
        }
    }
}
