//! The player's turn (seed "The Player's Turn"; ST-05, ST-06, ST-08, ST-17, ST-18):
//! who owes what, every answer's check, and what each answer does.
//!
//! Step 1 draws the first Move Card set; in step 2 the player places his cells;
//! step 3 draws one more set per placed MOVE cell; then combat (4), Action attempts
//! (5) and purchases (6), with sets executed at any moment of steps 4–6; step 7
//! cleans up, checks victory and hands over to the next player. The `Game` impl
//! stands at the end.

use crate::action::Action;
use crate::event::Event;
use crate::movement::{CardPlay, Play};
use crate::refusal::Refusal;
use crate::scenario::start_corners;
use crate::state::{Column, Columns, Following, Pending, Phase, ShipId, Step, Stgv2};
use crate::words::spendys;
use orrery_core::{Logged, Seat};
use orrery_nodes::{Dir, Node, Pos};
use std::ops::ControlFlow;

type Log = Vec<Logged<Event>>;

impl Stgv2 {
    /// The starting corners open to `seat` (ST-05).
    pub fn start_options(&self, seat: Seat) -> Vec<Node> {
        let tile = orrery_nodes::Tile::of_centre(self.stations[seat.index()]).expect("a centre");
        let taken: Vec<_> = self
            .clusters
            .iter()
            .map(|c| c.node)
            .chain(self.stations.iter().copied())
            .filter_map(orrery_nodes::Tile::of_centre)
            .collect();
        start_corners(&self.field, tile, &taken)
            .into_iter()
            .filter(|&n| !self.occupied(Pos { node: n, z: 0 }))
            .collect()
    }

    /// The card plays open to the following ship now.
    pub fn current_plays(&self) -> Vec<CardPlay> {
        let Step::Moving {
            set,
            following: Some(f),
            ..
        } = &self.step
        else {
            return Vec::new();
        };
        match self.next_card(*set, f.ship, f.card) {
            Some(card) => self.card_plays_from(f.ship, self.ship(f.ship).pos, card),
            None => Vec::new(),
        }
    }

    /// [`Stgv2::current_plays`] one at a time, in the same order: `f` may stop the
    /// walk. With `first`, only the plays whose first direction it is.
    pub(crate) fn each_current_play<B>(
        &self,
        first: Option<Dir>,
        f: impl FnMut(&Play) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let Step::Moving {
            set,
            following: Some(fl),
            ..
        } = &self.step
        else {
            return ControlFlow::Continue(());
        };
        match self.next_card(*set, fl.ship, fl.card) {
            Some(card) => self.each_play(fl.ship, self.ship(fl.ship).pos, card, first, f),
            None => ControlFlow::Continue(()),
        }
    }

    /// The current play made by choosing `dirs` (ST-09), if it is one.
    fn find_play(&self, dirs: &[Dir]) -> Option<Play> {
        match self.each_current_play(dirs.first().copied(), |p| {
            if p.dirs() == dirs {
                ControlFlow::Break(*p)
            } else {
                ControlFlow::Continue(())
            }
        }) {
            ControlFlow::Break(p) => Some(p),
            ControlFlow::Continue(()) => None,
        }
    }

    /// The play a card answer of `seat` (who is to move) makes, or why the answer
    /// breaks a rule ([`Stgv2::refusal`]).
    pub(crate) fn play_or_refusal<'a>(
        &'a self,
        seat: Seat,
        action: &'a Action,
    ) -> Result<Option<Play>, Refusal<'a>> {
        if let Action::Card { dirs } = action {
            if let Some(p) = self.find_play(dirs) {
                return Ok(Some(p));
            }
        }
        self.refusal(seat, action).map_or(Ok(None), Err)
    }

    /// Is the answer legal? ([`Stgv2::check`] without the words.)
    pub(crate) fn allowed(&self, seat: Seat, action: &Action) -> bool {
        self.outcome.is_none() && self.mover() == Some(seat) && self.refusal(seat, action).is_none()
    }

    /// Why the answer of `seat`, who is to move, breaks a rule, if it does: a value;
    /// the words are made above the rules (`render::refusal`).
    pub(crate) fn refusal<'a>(&'a self, seat: Seat, action: &'a Action) -> Option<Refusal<'a>> {
        match (&self.step, action) {
            (Step::Start { .. }, Action::Start { node }) => {
                if self.start_options(seat).contains(node) {
                    None
                } else {
                    Some(Refusal::NotStartCorner { seat, node: *node })
                }
            }
            (
                Step::Cells,
                &Action::Cells {
                    moves,
                    attack,
                    defend,
                    action,
                },
            ) => {
                let c = Columns {
                    moves,
                    attack,
                    defend,
                    action,
                };
                self.cells_problem(seat, c)
            }
            (Step::Damage { damage, .. }, Action::Lose { asset }) => {
                let p = damage[0];
                if self.can_remove(p.ship, *asset, p.hits) {
                    None
                } else {
                    Some(Refusal::CannotLose {
                        ship: p.ship,
                        asset: *asset,
                        hits: p.hits,
                    })
                }
            }
            (
                Step::Moving {
                    following: Some(_), ..
                },
                Action::Card { dirs },
            ) => {
                if self.find_play(dirs).is_some() {
                    None
                } else {
                    Some(Refusal::CardWay { dirs })
                }
            }
            (
                Step::Moving {
                    set,
                    moved,
                    following: None,
                    ..
                },
                Action::Follow { set: s, ship },
            ) => {
                if s != set {
                    Some(Refusal::SetBeingExecuted { set: *set })
                } else if !self.followers(seat, moved).any(|id| id == *ship) {
                    Some(Refusal::CannotFollow {
                        ship: *ship,
                        set: *set,
                    })
                } else {
                    None
                }
            }
            (
                Step::Moving {
                    following: None, ..
                },
                Action::EndSet,
            ) => None,
            (Step::Main { phase }, a) => self.main_problem(seat, *phase, a),
            (step, action) => Some(Refusal::NotAnAnswer { action, step }),
        }
    }

    /// ST-06: each column has room for its cells, and no more cells are placed than
    /// the player owns.
    fn cells_problem(&self, seat: Seat, c: Columns) -> Option<Refusal<'static>> {
        let room = self.rules.room;
        let over = |column: Column, max: u8| Some(Refusal::ColumnFull { column, max });
        if c.moves > room.moves {
            return over(Column::Move, room.moves);
        }
        if c.attack > room.attack {
            return over(Column::Attack, room.attack);
        }
        if c.defend > room.defend {
            return over(Column::Defend, room.defend);
        }
        if c.action > room.action {
            return over(Column::Action, room.action);
        }
        let owned = self.player(seat).cells;
        (c.total() > u32::from(owned)).then_some(Refusal::TooManyCells {
            placed: c.total(),
            owned,
        })
    }

    fn main_problem<'a>(&self, seat: Seat, phase: Phase, a: &'a Action) -> Option<Refusal<'a>> {
        match (phase, a) {
            (_, Action::Next) => None,
            (_, Action::Follow { set, ship }) => {
                if !self.set_open(*set) {
                    Some(Refusal::NoSet { set: *set })
                } else if !self.followers(seat, &[]).any(|id| id == *ship) {
                    Some(Refusal::NoEngine { ship: *ship })
                } else {
                    None
                }
            }
            (Phase::Combat, &Action::Attack { ship, target }) => {
                self.attack_problem(seat, ship, target)
            }
            (Phase::Action, &Action::Act { ship, cluster }) => {
                self.attempt(seat, ship, cluster).err()
            }
            (Phase::Purchase, &Action::Buy { item, ship }) => self.buy_problem(seat, item, ship),
            (Phase::Purchase, &Action::BuyShip { at }) => self.buy_ship_problem(seat, at),
            (phase, action) => Some(Refusal::NotInStep { action, phase }),
        }
    }

    /// Run a checked answer.
    pub fn answer(&mut self, seat: Seat, action: &Action, log: &mut Log) {
        self.run(seat, action, None, log);
    }

    /// Run a checked answer; a card answer's `play` if [`Stgv2::checked`] found it.
    pub(crate) fn run(&mut self, seat: Seat, action: &Action, play: Option<Play>, log: &mut Log) {
        match *action {
            Action::Start { node } => self.answer_start(seat, node, log),
            Action::Cells {
                moves,
                attack,
                defend,
                action,
            } => {
                self.player_mut(seat).placed = Columns {
                    moves,
                    attack,
                    defend,
                    action,
                };
                log.push(Logged::public(Event::CellsPlaced {
                    seat,
                    moves,
                    attack,
                    defend,
                    action,
                }));
                // 3) one more set per placed MOVE cell.
                for _ in 0..moves {
                    self.draw_set(seat, log);
                }
                self.step = Step::Main {
                    phase: Phase::Combat,
                };
            }
            Action::Follow { set, ship } => {
                let phase = self.step.phase().expect("in steps 4–6");
                let moved = match &mut self.step {
                    Step::Moving { moved, .. } => {
                        moved.push(ship);
                        std::mem::take(moved)
                    }
                    _ => {
                        self.sets[usize::from(set)].used = true;
                        vec![ship]
                    }
                };
                self.step = Step::Moving {
                    phase,
                    set,
                    moved,
                    following: Some(Following { ship, card: 0 }),
                };
            }
            Action::Card { ref dirs } => {
                let play = play.or_else(|| self.find_play(dirs)).expect("checked");
                if let Step::Moving {
                    set,
                    following: Some(f),
                    ..
                } = &mut self.step
                {
                    let (set, ship) = (*set, f.ship);
                    let card = self.sets[usize::from(set)].cards[usize::from(f.card)];
                    f.card += 1;
                    self.ship_mut(ship).pos = play.end();
                    log.push(Logged::public(Event::Moved {
                        ship,
                        card,
                        path: play.path().to_vec(),
                    }));
                    if play.blocked {
                        self.stop_following(ship, log);
                    }
                }
            }
            Action::EndSet => {
                if let Step::Moving { phase, set, .. } = self.step {
                    log.push(Logged::public(Event::SetDone { set }));
                    self.step = Step::Main { phase };
                }
            }
            Action::Attack { ship, target } => {
                let phase = self.step.phase().expect("step 4");
                let damage = self.fight(ship, target, log);
                self.step = Step::Damage { phase, damage };
            }
            Action::Lose { asset } => {
                if let Step::Damage { damage, .. } = &mut self.step {
                    let p = damage[0];
                    let left = {
                        let mut l = Vec::new();
                        let h = self.remove_asset(p.ship, asset, p.hits, &mut l);
                        log.extend(l);
                        h
                    };
                    if let Step::Damage { damage, .. } = &mut self.step {
                        damage[0].hits = left;
                    }
                }
            }
            Action::Act { ship, cluster } => self.act(ship, cluster, log),
            Action::Buy { item, ship } => self.buy(seat, item, ship, log),
            Action::BuyShip { at } => self.buy_ship(seat, at, log),
            Action::Next => {
                let phase = self.step.phase().expect("steps 4–6");
                self.next_phase(phase, log);
            }
        }
        self.settle(log);
    }

    fn stop_following(&mut self, ship: ShipId, log: &mut Log) {
        log.push(Logged::public(Event::Blocked {
            ship,
            at: self.ship(ship).pos,
        }));
        if let Step::Moving { following, .. } = &mut self.step {
            *following = None;
        }
    }

    /// After every answer: deposits, damage, finished ships and sets, steps with
    /// nothing to do, the end of the game.
    ///
    /// Every pass moves the game on and none comes back to a step it left: steps
    /// 4–6 only go forward, a finished set or damage returns to its step, and a new
    /// turn stops at step 2 (the cells). So a settle takes a few passes per seat;
    /// the bound only guards that argument (`stop`).
    pub(crate) fn settle(&mut self, log: &mut Log) {
        for _ in 0..32 + 4 * self.players.len() {
            if self.settle_pass(log) {
                return;
            }
        }
        self.stop("the steps did not settle", log);
    }

    /// One pass of [`Stgv2::settle`]: `true` when the game waits for an answer.
    fn settle_pass(&mut self, log: &mut Log) -> bool {
        if self.outcome.is_some() {
            self.step = Step::Over;
            return true;
        }
        let cur = self.current;
        if !matches!(self.step, Step::Start { .. }) && !self.player(cur).out {
            self.deposit(cur, log);
        }
        if let Step::Moving {
            phase,
            set,
            following,
            ..
        } = self.step
        {
            return self.settle_moving(cur, phase, set, following, log);
        }
        match self.step.clone() {
            Step::Damage { phase, damage } => {
                // ST-19: the battle's eliminations are settled together; the
                // outposts they remove still rank a battle that leaves nobody.
                let held = self.outposts_by_seat();
                let left = self.settle_damage(damage, log);
                if self.decided_by_who_is_left(&held, log) {
                    return false;
                }
                if left.is_empty() {
                    self.step = Step::Main { phase };
                    if self.player(cur).out {
                        self.end_turn(log);
                    }
                    return false;
                }
                self.step = Step::Damage {
                    phase,
                    damage: left,
                };
                true
            }
            Step::Moving { .. } => unreachable!("settled above"),
            Step::Main { phase } => {
                // A step whose only answer is `next` passes by itself.
                let only_next = self
                    .each_candidate(cur, |a| {
                        if a != Action::Next && self.allowed(cur, &a) {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                    .is_continue();
                if only_next {
                    self.next_phase(phase, log);
                    return false;
                }
                true
            }
            Step::Start { seat } => {
                let options = self.start_options(seat);
                if options.len() == 1 {
                    let mut l = Vec::new();
                    self.answer_start(seat, options[0], &mut l);
                    log.extend(l);
                    return false;
                }
                true
            }
            Step::Cells | Step::Over => true,
        }
    }

    /// [`Stgv2::settle_pass`] while set `set` is executed: a ship out of cards or
    /// stopped no longer follows (ST-08), and a set no ship of `cur` may still
    /// follow is done.
    fn settle_moving(
        &mut self,
        cur: Seat,
        phase: Phase,
        set: u8,
        following: Option<Following>,
        log: &mut Log,
    ) -> bool {
        if let Some(f) = following {
            if self.next_card(set, f.ship, f.card).is_none() {
                if let Step::Moving { following, .. } = &mut self.step {
                    *following = None;
                }
            } else if self
                .each_current_play(None, |_| ControlFlow::Break(()))
                .is_continue()
            {
                self.stop_following(f.ship, log);
            } else {
                return true;
            }
            return false;
        }
        let done = match &self.step {
            Step::Moving { moved, .. } => self.followers(cur, moved).next().is_none(),
            _ => false,
        };
        if done {
            log.push(Logged::public(Event::SetDone { set }));
            self.step = Step::Main { phase };
            return false;
        }
        true
    }

    /// ST-05: the first ship starts on `node`, level 0; after the last player the
    /// first turn begins.
    fn answer_start(&mut self, seat: Seat, node: Node, log: &mut Log) {
        let id = self
            .ships
            .iter()
            .position(|s| s.seat == seat && !s.alive)
            .expect("an unplaced ship") as ShipId;
        let at = Pos { node, z: 0 };
        let s = self.ship_mut(id);
        s.pos = at;
        s.alive = true;
        log.push(Logged::public(Event::Started { seat, ship: id, at }));
        let next = seat.index() + 1;
        if next < self.players.len() {
            self.step = Step::Start {
                seat: Seat(next as u8),
            };
        } else {
            self.round = 1;
            let first = self.first;
            self.begin_turn(first, log);
        }
    }

    fn next_phase(&mut self, phase: Phase, log: &mut Log) {
        match phase.next() {
            Some(p) => {
                log.push(Logged::public(Event::PhaseStarted { phase: p }));
                self.step = Step::Main { phase: p };
            }
            None => self.end_turn(log),
        }
    }

    /// Step 1 of `seat`'s turn: reset the turn's marks and draw the first set.
    pub(crate) fn begin_turn(&mut self, seat: Seat, log: &mut Log) {
        self.current = seat;
        for s in self.ships.iter_mut().filter(|s| s.seat == seat) {
            s.attacked = false;
            s.acted = false;
        }
        self.player_mut(seat).attempts = 0;
        log.push(Logged::public(Event::TurnStarted {
            seat,
            round: self.round,
        }));
        self.deposit(seat, log);
        self.draw_set(seat, log);
        self.step = Step::Cells;
    }

    /// Step 7 and the hand-over (ST-06, ST-18): MOVE and ACTION cells back to the
    /// pool, drawn cards discarded, the Spendys target checked, the next player.
    fn end_turn(&mut self, log: &mut Log) {
        let seat = self.current;
        let p = self.player_mut(seat);
        p.placed.moves = 0;
        p.placed.action = 0;
        p.attempts = 0;
        let cards: Vec<_> = self.sets.drain(..).flat_map(|s| s.cards).collect();
        self.move_deck.discard(cards);
        log.push(Logged::public(Event::TurnEnded { seat }));
        if !self.player(seat).out && self.player(seat).on >= self.rules.target {
            let reason = format!(
                "{} Spendys ON station at the end of his turn (target {}, ST-18)",
                spendys(self.player(seat).on),
                spendys(self.rules.target)
            );
            self.finish(vec![seat], reason, log);
            return;
        }
        let held = self.outposts_by_seat();
        if self.decided_by_who_is_left(&held, log) {
            return;
        }
        // The next seat in play within one lap (two or more are in play here).
        let n = self.players.len();
        let pos = |s: usize| (s + n - self.first.index()) % n;
        let mut next = seat.index();
        let mut found = None;
        for _ in 0..n {
            let cand = (next + 1) % n;
            if pos(cand) <= pos(next) {
                self.round += 1;
            }
            next = cand;
            if !self.players[next].out {
                found = Some(next);
                break;
            }
        }
        let Some(next) = found else {
            self.stop("no player in play to hand the turn to", log);
            return;
        };
        if self.round > self.rules.rounds {
            self.finish_on_spendys(log);
            return;
        }
        self.begin_turn(Seat(next as u8), log);
    }

    /// The guard of the loops that advance the turn: a broken invariant ends the game
    /// with the reason said (no winner) instead of spinning.
    pub(crate) fn stop(&mut self, why: &str, log: &mut Log) {
        let reason = format!("the game was stopped: {why} (an engine fault)");
        self.finish(Vec::new(), reason, log);
    }

    /// The pending damage (for views).
    pub fn pending_damage(&self) -> Option<Pending> {
        match &self.step {
            Step::Damage { damage, .. } => damage.first().copied(),
            _ => None,
        }
    }

    /// A column's count, by name (for views and text).
    pub fn columns_of(&self, seat: Seat) -> [u32; 4] {
        [Column::Move, Column::Attack, Column::Defend, Column::Action].map(|c| self.column(seat, c))
    }
}
