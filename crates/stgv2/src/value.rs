//! The agents' view of a position: what a seat is worth (Spendys ON and carried,
//! outposts, cells, ships and their assets, ships near where they earn) and the
//! menu a search considers.

use crate::action::Action;
use crate::state::{Step, Stgv2};
use orrery_core::Seat;
use orrery_nodes::{Node, Pos};
use std::ops::ControlFlow;

impl Stgv2 {
    /// `seat`'s worth minus the best other player's.
    pub fn position_value(&self, seat: Seat) -> f64 {
        let mine = self.worth(seat);
        let best = (0..self.players.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| s != seat)
            .map(|s| self.worth(s))
            .fold(f64::NEG_INFINITY, f64::max);
        if best.is_finite() {
            mine - best
        } else {
            mine
        }
    }

    /// What `seat` has, in Spendys: Spendys ON and carried, and the income its ships,
    /// cells and outposts should still bring before the game ends.
    ///
    /// Income: one Action attempt yields about 1,230 Spendys at an own outpost
    /// (ST-13: `orrery odds stgv2 action`), far less while outposts are still to be
    /// built; a player makes min(working ships, ACTION cells) attempts a round (an
    /// empty hull counts as most of a ship: one purchase makes it work). The rounds
    /// of income counted shrink as the last round nears.
    pub fn worth(&self, seat: Seat) -> f64 {
        let p = self.player(seat);
        if p.out {
            return -20_000.0;
        }
        let left = f64::from((self.rules.rounds + 1).saturating_sub(self.round.max(1)));
        let horizon = left.min(12.0) * 0.6;
        let f = (left / 12.0).min(1.0);
        let mut w = f64::from(p.on);
        let workers: f64 = self
            .fleet(seat)
            .map(|s| if s.assets.count() > 0 { 1.0 } else { 0.7 })
            .sum();
        let slots = f64::from(self.rules.room.action.min(p.cells));
        let earning = workers.min(slots);
        let outposts = self.outposts(seat) as f64;
        let ready = if earning > 0.0 {
            (outposts / earning).min(1.0)
        } else {
            0.0
        };
        w += 1_230.0 * earning * (ready + 0.35 * (1.0 - ready)) * horizon;
        w += 300.0 * outposts;
        for s in self.fleet(seat) {
            let a = &s.assets;
            w += 0.9 * f64::from(s.off);
            w += f
                * (150.0 * f64::from(a.weapon)
                    + 150.0 * f64::from(a.shield)
                    + 200.0 * f64::from(a.engine.min(3)));
            let goal = if s.off > 0 {
                Some(self.stations[seat.index()])
            } else {
                self.nearest_cluster(seat, s.pos.node)
            };
            if let Some(g) = goal {
                let d = f64::from(s.pos.node.steps_to(g).saturating_sub(1));
                w -= if s.off > 0 { 150.0 } else { 80.0 * f } * d;
            }
        }
        // Attempts still open this turn are income in hand.
        if self.current == seat
            && matches!(
                self.step.phase(),
                Some(crate::state::Phase::Combat | crate::state::Phase::Action)
            )
        {
            let open = self
                .fleet(seat)
                .filter(|s| !s.acted && s.assets.count() > 0)
                .filter(|s| {
                    (0..self.clusters.len()).any(|c| self.attempt(seat, s.id, c as u8).is_ok())
                })
                .count() as u32;
            let cells = u32::from(p.placed.action.saturating_sub(p.attempts));
            w += 900.0 * f64::from(open.min(cells));
        }
        w
    }

    /// The nearest asteroid cluster `seat` could work (no outpost, or its own).
    fn nearest_cluster(&self, seat: Seat, from: Node) -> Option<Node> {
        self.clusters
            .iter()
            .filter(|c| c.outpost.is_none() || c.outpost == Some(seat))
            .map(|c| c.node)
            .min_by_key(|&n| from.steps_to(n))
    }

    /// The search menu: every legal action, except that cell placements are cut to
    /// those placing as many cells as fit, a bought ship goes to the lowest free level
    /// of each corner, and of the card plays ending on the same position (stopped or
    /// not) only the first is kept. Never empty when the seat is to move.
    pub fn search_menu(&self, seat: Seat) -> Vec<Action> {
        if let Step::Moving {
            following: Some(_), ..
        } = &self.step
        {
            // Card plays that end on the same position, stopped or not, leave the
            // same game: one of each.
            let mut seen: Vec<(Pos, bool)> = Vec::new();
            let mut menu = Vec::new();
            let _ = self.each_current_play(None, |p| {
                let key = (p.end(), p.blocked);
                if !seen.contains(&key) {
                    seen.push(key);
                    menu.push(Action::Card {
                        dirs: p.dirs().to_vec(),
                    });
                }
                ControlFlow::<()>::Continue(())
            });
            return menu;
        }
        let legal = self.answers(seat);
        match &self.step {
            Step::Cells => {
                let most = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Cells {
                            moves,
                            attack,
                            defend,
                            action,
                        } => Some(moves + attack + defend + action),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                legal
                    .into_iter()
                    .filter(|a| match a {
                        Action::Cells {
                            moves,
                            attack,
                            defend,
                            action,
                        } => moves + attack + defend + action == most,
                        _ => true,
                    })
                    .collect()
            }
            Step::Main { .. } => {
                let mut seen = Vec::new();
                legal
                    .into_iter()
                    .filter(|a| match a {
                        Action::BuyShip { at } => {
                            if seen.contains(&at.node) {
                                false
                            } else {
                                seen.push(at.node);
                                true
                            }
                        }
                        _ => true,
                    })
                    .collect()
            }
            _ => legal,
        }
    }
}
