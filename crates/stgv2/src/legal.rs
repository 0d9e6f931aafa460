//! The legal answers (issue 26: listed, walked and drawn without building what is
//! not needed): every candidate answer in a stable order, the legal ones among
//! them, and a random legal answer drawn as [`orrery_core::SearchHints::sample_action`]'s default
//! draws it.

use crate::action::{Action, Item};
use crate::movement::Ways;
use crate::state::{Phase, Step, Stgv2};
use orrery_core::{Game, Rng, Seat};
use orrery_nodes::{Dir, Pos};
use std::ops::ControlFlow;

impl Stgv2 {
    /// Is set `i` of this turn not yet executed?
    pub(crate) fn set_open(&self, i: u8) -> bool {
        self.sets
            .get(usize::from(i))
            .is_some_and(|s| !s.used && !s.cards.is_empty())
    }

    /// The seat that owes an answer ([`Stgv2::to_move`] without the list).
    pub(crate) fn mover(&self) -> Option<Seat> {
        match &self.step {
            Step::Over => None,
            Step::Start { seat } => Some(*seat),
            Step::Damage { damage, .. } => damage.first().map(|p| self.ship(p.ship).seat),
            _ => Some(self.current),
        }
    }

    /// Every answer `seat` could give, unchecked (a superset of the legal ones), one
    /// at a time in a stable order: `f` may stop the walk.
    pub(crate) fn each_candidate<B>(
        &self,
        seat: Seat,
        mut f: impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.mover() != Some(seat) {
            return ControlFlow::Continue(());
        }
        match &self.step {
            Step::Over => {}
            Step::Start { .. } => {
                for node in self.start_options(seat) {
                    f(Action::Start { node })?;
                }
            }
            Step::Cells => {
                // Placements of more cells than the player owns are never legal
                // (ST-06): they are not offered at all.
                let room = self.rules.room;
                let owned = u32::from(self.player(seat).cells);
                let (m, a, d) = (room.moves, room.attack, room.defend);
                for moves in (0..=m).take_while(|&x| u32::from(x) <= owned) {
                    let placed = u32::from(moves);
                    for attack in (0..=a).take_while(|&x| placed + u32::from(x) <= owned) {
                        let placed = placed + u32::from(attack);
                        for defend in (0..=d).take_while(|&x| placed + u32::from(x) <= owned) {
                            let placed = placed + u32::from(defend);
                            for action in 0..=room.action {
                                if placed + u32::from(action) > owned {
                                    break;
                                }
                                f(Action::Cells {
                                    moves,
                                    attack,
                                    defend,
                                    action,
                                })?;
                            }
                        }
                    }
                }
            }
            Step::Damage { damage, .. } => {
                if let Some(p) = damage.first() {
                    for asset in self.removable(p.ship, p.hits) {
                        f(Action::Lose { asset })?;
                    }
                }
            }
            Step::Moving {
                set,
                moved,
                following,
                ..
            } => match following {
                Some(_) => {
                    self.each_current_play(None, |p| {
                        f(Action::Card {
                            dirs: p.dirs().to_vec(),
                        })
                    })?;
                }
                None => {
                    for ship in self.followers(seat, moved) {
                        f(Action::Follow { set: *set, ship })?;
                    }
                    f(Action::EndSet)?;
                }
            },
            Step::Main { phase } => {
                for set in 0..self.sets.len() as u8 {
                    if self.set_open(set) {
                        for ship in self.followers(seat, &[]) {
                            f(Action::Follow { set, ship })?;
                        }
                    }
                }
                let mine = || self.fleet(seat).map(|s| s.id);
                match phase {
                    Phase::Combat => {
                        for x in mine() {
                            for y in self.ships.iter().filter(|s| s.alive && s.seat != seat) {
                                f(Action::Attack {
                                    ship: x,
                                    target: y.id,
                                })?;
                            }
                        }
                    }
                    Phase::Action => {
                        for x in mine() {
                            for c in 0..self.clusters.len() {
                                f(Action::Act {
                                    ship: x,
                                    cluster: c as u8,
                                })?;
                            }
                        }
                    }
                    Phase::Purchase => {
                        f(Action::Buy {
                            item: Item::Cell,
                            ship: None,
                        })?;
                        for item in [Item::Engine, Item::Weapon, Item::Shield] {
                            for x in mine() {
                                f(Action::Buy {
                                    item,
                                    ship: Some(x),
                                })?;
                            }
                        }
                        let station = self.stations[seat.index()];
                        for node in station.neighbours() {
                            for z in 0..self.field.levels {
                                f(Action::BuyShip {
                                    at: Pos { node, z },
                                })?;
                            }
                        }
                    }
                }
                f(Action::Next)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// [`Game::legal_actions`](orrery_core::Game::legal_actions) one at a time, in the same order: `f` may stop the walk.
    pub(crate) fn each_answer<B>(
        &self,
        seat: Seat,
        mut f: impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        // Card plays are listed exactly by `current_plays`: no second look.
        if matches!(
            self.step,
            Step::Moving {
                following: Some(_),
                ..
            }
        ) {
            return self.each_candidate(seat, f);
        }
        // `allowed`, its turn check made once.
        if self.outcome.is_some() || self.mover() != Some(seat) {
            return ControlFlow::Continue(());
        }
        // Cell placements are listed exactly (each column within its room, no more
        // cells than owned: `cells_problem`, ST-06): no second look.
        if self.step == Step::Cells {
            return self.each_candidate(seat, f);
        }
        self.each_candidate(seat, |a| {
            if self.refusal(seat, &a).is_none() {
                f(a)
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    /// One legal answer of `seat` drawn uniformly with `rng` (one draw of
    /// `rng.index(n)` over the `n` legal answers, the `i`-th in the order of
    /// [`Game::legal_actions`]: the draw of [`orrery_core::SearchHints::sample_action`]'s default), card
    /// plays drawn without building an action for each. `None` when `seat` has none.
    pub fn sample_answer(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if matches!(
            self.step,
            Step::Moving {
                following: Some(_),
                ..
            }
        ) {
            if self.mover() != Some(seat) {
                return None;
            }
            // Count the plays by first direction, draw, then walk only the drawn
            // play's group to it (the plays come grouped by first direction).
            let Step::Moving {
                set,
                following: Some(fl),
                ..
            } = &self.step
            else {
                return None;
            };
            let card = self.next_card(*set, fl.ship, fl.card)?;
            let (ways, from) = (Ways::new(self, fl.ship), self.ship(fl.ship).pos);
            let by_first = self.count_plays(&ways, from, card);
            let n: usize = by_first.iter().sum();
            if n == 0 {
                return None;
            }
            let mut i = rng.index(n);
            let mut first = Dir::ALL[0];
            for (k, &c) in by_first.iter().enumerate() {
                if i < c {
                    first = Dir::ALL[k];
                    break;
                }
                i -= c;
            }
            return match self.each_play_on(&ways, from, card, Some(first), |p| {
                if i == 0 {
                    ControlFlow::Break(p.dirs().to_vec())
                } else {
                    i -= 1;
                    ControlFlow::Continue(())
                }
            }) {
                ControlFlow::Break(dirs) => Some(Action::Card { dirs }),
                ControlFlow::Continue(()) => None,
            };
        }
        if self.step == Step::Cells {
            // Counted, then walked to the drawn one: listing them costs more.
            let mut n = 0;
            let _ = self.each_answer(seat, |_| {
                n += 1;
                ControlFlow::<()>::Continue(())
            });
            if n == 0 {
                return None;
            }
            let mut i = rng.index(n);
            return match self.each_answer(seat, |a| {
                if i == 0 {
                    ControlFlow::Break(a)
                } else {
                    i -= 1;
                    ControlFlow::Continue(())
                }
            }) {
                ControlFlow::Break(a) => Some(a),
                ControlFlow::Continue(()) => None,
            };
        }
        let mut legal = self.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.index(legal.len());
        Some(legal.swap_remove(i))
    }
}

/// Every legal answer of `seat`, in a stable order.
pub(crate) fn legal_actions(g: &Stgv2, seat: Seat) -> Vec<Action> {
    let mut v = Vec::new();
    let _ = g.each_answer(seat, |a| {
        v.push(a);
        ControlFlow::<()>::Continue(())
    });
    v
}
