//! The open question's answers and what each does: deployment and set-up (BS-02),
//! the turn and its groups (BS-03), an activation (BS-04) and the game's end (BS-12).

use crate::action::Action;
use crate::combat::{has_target, reach, weapons_allowed};
pub use crate::deploy::{BASE, DEPLOY_DEPTH};
use crate::event::Event;
use crate::maneuver::{maneuver, options, MAX_SPEED};
use crate::state::{BlackSkies, Phase, Status};
use orrery_core::{ActionError, Game, Logged, Outcome, Seat};
use orrery_table::{Heading, Point};

pub type Log = Vec<Logged<crate::Event>>;

/// Why an answer is refused, as the rules find it.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not this seat's turn, or the game is over (the protocol's shared errors).
    Turn(ActionError),
    /// Not one of the answers to the open question.
    NotAnAnswer,
}

impl BlackSkies {
    /// Distance of `p` from `seat`'s own edge (A: y = 0, B: y = length).
    pub fn from_edge(&self, seat: Seat, p: Point) -> f64 {
        if seat == Seat(0) {
            p.y
        } else {
            self.length - p.y
        }
    }

    /// Where a deployment puts each fighter of the seat's next element, if it is legal
    /// (BS-02, BSO-02): the lead and wingman on the table, within 6" of the own edge,
    /// clear of every base already placed.
    pub fn deploy_spots(&self, seat: Seat, a: &Action) -> Option<(u8, Vec<Point>, Heading)> {
        let Action::Deploy {
            x,
            y,
            heading,
            wing,
        } = a
        else {
            return None;
        };
        let element = self.next_to_deploy(seat)?;
        let lone = self.element(element).fighters.len() == 1;
        if lone != wing.is_none() || heading % 30 != 0 || *heading >= 360 {
            return None;
        }
        let h = Heading::from_degrees(i32::from(*heading))?;
        let lead = Point::new(f64::from(*x), f64::from(*y));
        let mut spots = vec![lead];
        if let Some(w) = wing {
            let (fwd, right) = w.offset();
            spots.push(lead + h.vector() * fwd + h.turned(6).vector() * right);
        }
        let placed: Vec<Point> = self
            .fighters
            .iter()
            .filter(|f| f.flying())
            .map(|f| f.pos)
            .collect();
        let ok = spots.iter().all(|&p| {
            self.point(p)
                && self.from_edge(seat, p) <= DEPLOY_DEPTH + orrery_table::EPS
                && placed.iter().all(|q| q.dist(p) >= BASE - orrery_table::EPS)
        });
        ok.then_some((element, spots, h))
    }

    /// BSO-02's grid: the lead at even inches across, 2" in from the side edges, and
    /// 1, 3 or 5 inches from the own edge.
    pub fn on_grid(&self, seat: Seat, x: u8, y: u8) -> bool {
        let depth = self.from_edge(seat, Point::new(0.0, f64::from(y)));
        x.is_multiple_of(2)
            && x >= 2
            && f64::from(x) <= self.width.floor() - 2.0
            && [1.0, 3.0, 5.0].contains(&depth)
            && f64::from(y) == f64::from(y).floor()
            && (seat == Seat(0) || self.length == self.length.floor())
    }

    /// The seat's first element not yet on the table.
    pub fn next_to_deploy(&self, seat: Seat) -> Option<u8> {
        self.elements
            .iter()
            .find(|e| {
                e.seat == seat
                    && e.fighters
                        .iter()
                        .all(|&f| self.fighter(f).status == Status::Waiting)
            })
            .map(|e| e.id)
    }

    /// Every deployment on BSO-02's grid: the lead at even inches across, 1, 3 or 5
    /// inches from the own edge, headings in 30° steps, the wingman in one of the four
    /// places.
    pub fn deployments(&self, seat: Seat) -> Vec<Action> {
        crate::deploy::Grid::new(self, seat).map_or_else(Vec::new, |grid| grid.collect(|_| true))
    }

    /// The cards an element may play: "select from the deck all cards (of that suit)
    /// that those fighters are capable of".
    pub fn cards_of(&self, element: u8) -> Vec<u8> {
        self.card_list(element).to_vec()
    }

    /// [`BlackSkies::cards_of`] without allocating.
    pub fn card_list(&self, element: u8) -> crate::catalogue::CardList {
        let lead = self.element(element).fighters[0];
        self.design_of(self.fighter(lead)).card_list()
    }

    /// BS-03: "G = min(elements of A, elements of B)".
    pub fn group_count(&self) -> usize {
        self.live_count(Seat(0)).min(self.live_count(Seat(1)))
    }

    /// Is `action` an answer `seat` may give now? `Err` says why not as a value
    /// (words are made above the rules: [`BlackSkies::check`]).
    pub fn refusal(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        ActionError::check_turn(self.outcome.is_some(), seat, self.to_move())
            .map_err(Refusal::Turn)?;
        let ok = match (&self.phase, action) {
            (Phase::Deploy { .. }, Action::Deploy { x, y, .. }) => {
                self.on_grid(seat, *x, *y) && self.deploy_spots(seat, action).is_some()
            }
            (Phase::Ready, Action::Speed { element, speed }) => {
                self.uncarded(seat).is_none()
                    && self.unready(seat).contains(element)
                    && *speed <= MAX_SPEED
            }
            (Phase::Ready, Action::Card { card }) => self
                .uncarded(seat)
                .is_some_and(|e| self.card_list(e).contains(card)),
            (Phase::Card { element }, Action::Card { card }) => {
                self.card_list(*element).contains(card)
            }
            (Phase::Maneuver { element }, Action::Maneuver { option }) => {
                maneuver(self.element(*element).shown.unwrap_or(0), *option).is_some()
            }
            // BS-09: a target the weapon asked about may fire at now (the list's
            // test, without the list), or no shot.
            (
                Phase::Fire {
                    fighter, weapon, ..
                },
                Action::Fire { target },
            ) => {
                let f = self.fighter(*fighter);
                self.design_of(f)
                    .weapons
                    .get(usize::from(*weapon))
                    .is_some_and(|w| {
                        self.fighters
                            .iter()
                            .any(|t| t.id == *target && reach(f, w, t).is_some())
                    })
            }
            (Phase::Fire { .. }, Action::Hold) => true,
            _ => self.legal_actions(seat).contains(action),
        };
        if ok {
            Ok(())
        } else {
            Err(Refusal::NotAnAnswer)
        }
    }

    /// Execute a checked answer.
    pub fn answer(&mut self, seat: Seat, action: &Action, log: &mut Log) {
        self.actions[seat.index()] += 1;
        match action {
            Action::Deploy { wing, .. } => {
                if let Some((element, spots, heading)) = self.deploy_spots(seat, action) {
                    let ids = self.element(element).fighters.clone();
                    for (&f, &p) in ids.iter().zip(&spots) {
                        let f = &mut self.fighters[usize::from(f)];
                        f.pos = p;
                        f.heading = heading;
                        f.status = Status::Flying;
                    }
                    log.push(Logged::public(Event::Deployed {
                        element,
                        seat,
                        at: spots[0],
                        heading,
                        wing: *wing,
                    }));
                }
                let other = Seat(1 - seat.0);
                self.phase = if self.next_to_deploy(other).is_some() {
                    Phase::Deploy { seat: other }
                } else if self.next_to_deploy(seat).is_some() {
                    Phase::Deploy { seat }
                } else {
                    Phase::Ready
                };
            }
            Action::Speed { element, speed } => {
                let at = self.actions[seat.index()] - 1;
                let e = &mut self.elements[usize::from(*element)];
                e.speed = *speed;
                e.readied_at = Some(at);
                self.decks[seat.index()].push(*element);
                log.push(Logged::private(
                    seat,
                    Event::SpeedSet {
                        element: *element,
                        speed: *speed,
                    },
                ));
            }
            Action::Group { sizes } => {
                self.groups[seat.index()] = sizes.clone();
                log.push(Logged::public(Event::Grouped {
                    seat,
                    sizes: sizes.clone(),
                }));
                self.plan_turn(log);
            }
            Action::Maneuver { option } => {
                if let Phase::Maneuver { element } = self.phase {
                    self.fly(element, *option, log);
                }
            }
            Action::Fire { target } => {
                if let Phase::Fire {
                    element,
                    fighter,
                    weapon,
                    fired,
                } = self.phase
                {
                    self.fire(fighter, weapon, *target, log);
                    self.next_shot(element, fighter, weapon + 1, fired + 1, log);
                }
            }
            Action::Hold => {
                if let Phase::Fire {
                    element,
                    fighter,
                    weapon,
                    fired,
                } = self.phase
                {
                    self.next_shot(element, fighter, weapon + 1, fired, log);
                }
            }
            Action::Card { card } => {
                let element = match self.phase {
                    Phase::Card { element } => Some(element),
                    Phase::Ready => self.uncarded(seat),
                    _ => None,
                };
                if let Some(element) = element {
                    let at = self.actions[seat.index()] - 1;
                    let e = &mut self.elements[usize::from(element)];
                    e.card = Some(*card);
                    e.committed_at = Some(at);
                    log.push(Logged::private(
                        seat,
                        Event::Committed {
                            element,
                            card: *card,
                        },
                    ));
                    if self.phase == Phase::Ready {
                        // BS-02 (version 2): only that one more element is ready.
                        let count = self.ready_count(seat);
                        log.push(Logged::public(Event::Readied { seat, count }));
                        if self.readied(Seat(0)) && self.readied(Seat(1)) {
                            self.end_setup(log);
                        }
                    } else {
                        log.push(Logged::public(Event::CardDown { element }));
                        self.next_activation(log);
                    }
                }
            }
        }
    }

    /// Both sides have committed their set-up step (BS-02 version 2): "then the speeds
    /// are on the Tactical Displays, the cards stay face down and the order shows as
    /// they flip. Who moves first is drawn only after that step (seed PLAY: 'Randomly
    /// determine who moves first'), and the roll is shown to both."
    fn end_setup(&mut self, log: &mut Log) {
        let speeds = self.elements.iter().map(|e| (e.id, e.speed)).collect();
        log.push(Logged::public(Event::SetUp { speeds }));
        let roll = self.rng.die(2);
        let seat = Seat(roll as u8 - 1);
        self.first = Some(seat);
        log.push(Logged::public(Event::First { seat, roll }));
        self.start_turn(log);
    }

    /// A new turn (BS-03), or the end of the game after the last (BS-12).
    pub fn start_turn(&mut self, log: &mut Log) {
        if self.turn >= self.turns {
            self.finish(log);
            return;
        }
        self.turn += 1;
        for f in &mut self.fighters {
            f.failed = false;
        }
        let g = self.group_count();
        self.groups = [Vec::new(), Vec::new()];
        for s in Seat::all(2) {
            if self.live_count(s) == g {
                self.groups[s.index()] = vec![1; g];
            }
        }
        match Seat::all(2).find(|s| self.groups[s.index()].is_empty()) {
            Some(seat) => self.phase = Phase::Group { seat },
            None => self.plan_turn(log),
        }
    }

    /// BS-03: the turn's activation order from both seats' groups: group i of the
    /// first player, then group i of the other, for i = 1…G.
    fn plan_turn(&mut self, log: &mut Log) {
        let first = self.first.unwrap_or(Seat(0));
        let other = Seat(1 - first.0);
        let mut runs: [Vec<Vec<u8>>; 2] = [Vec::new(), Vec::new()];
        for s in [first, other] {
            let deck = self.live_deck(s);
            let mut at = 0;
            for &size in &self.groups[s.index()] {
                let end = (at + usize::from(size)).min(deck.len());
                runs[s.index()].push(deck[at..end].to_vec());
                at = end;
            }
        }
        self.order.clear();
        for i in 0..self.groups[0].len().max(self.groups[1].len()) {
            for s in [first, other] {
                if let Some(group) = runs[s.index()].get(i) {
                    self.order.extend(group);
                }
            }
        }
        self.cursor = 0;
        log.push(Logged::public(Event::TurnBegins {
            turn: self.turn,
            groups: self.groups.clone(),
        }));
        self.next_activation(log);
    }

    /// The next element of the turn's order that still flies activates; after the
    /// last, the next turn.
    pub fn next_activation(&mut self, log: &mut Log) {
        if self.outcome.is_some() {
            return;
        }
        while let Some(&element) = self.order.get(self.cursor) {
            self.cursor += 1;
            if self.flying(element).next().is_some() {
                self.activate(element, log);
                return;
            }
        }
        self.start_turn(log);
    }

    /// BS-04 (1): reveal the card; jinking ends (BS-06); with one option, fly it.
    fn activate(&mut self, element: u8, log: &mut Log) {
        let e = &mut self.elements[usize::from(element)];
        let card = e.card.take().unwrap_or(1);
        e.shown = Some(card);
        e.committed_at = None;
        e.readied_at = None;
        for f in e.fighters.clone() {
            self.fighters[usize::from(f)].jinking = false;
        }
        log.push(Logged::public(Event::Revealed { element, card }));
        if options(card).count() > 1 {
            self.phase = Phase::Maneuver { element };
        } else {
            self.fly(element, 0, log);
        }
    }

    /// After moving: BS-09's firing, fighter by fighter (lead first), weapon by weapon,
    /// asking only about weapons with a target; then the next card.
    pub fn next_shot(&mut self, element: u8, fighter: u8, weapon: u8, fired: u8, log: &mut Log) {
        if self.outcome.is_some() {
            return;
        }
        let ids = self.element(element).fighters.clone();
        let start = ids.iter().position(|&f| f == fighter).unwrap_or(0);
        for (i, &f) in ids.iter().enumerate().skip(start) {
            let (mut w, n) = if i == start { (weapon, fired) } else { (0, 0) };
            let fi = self.fighter(f);
            if !fi.flying() || fi.out_of_control {
                continue;
            }
            let weapons = self.design_of(fi).weapons.len() as u8;
            while w < weapons && n < weapons_allowed(self, fi) {
                if has_target(self, fi, w) {
                    self.phase = Phase::Fire {
                        element,
                        fighter: f,
                        weapon: w,
                        fired: n,
                    };
                    return;
                }
                w += 1;
            }
        }
        for &f in &ids {
            self.fighters[usize::from(f)].out_of_control = false;
        }
        let alive = self.flying(element).next().is_some();
        if alive && self.turn < self.turns {
            self.phase = Phase::Card { element };
        } else {
            self.next_activation(log);
        }
    }

    /// Remove a fighter (destroyed or disengaged); an element with nobody left turns
    /// its face-down card over; the game ends when a side has no fighter left
    /// (BS-12).
    pub fn remove(&mut self, fighter: u8, status: Status, log: &mut Log) {
        let f = &mut self.fighters[usize::from(fighter)];
        f.status = status;
        let element = f.element;
        log.push(Logged::public(match status {
            Status::Disengaged => Event::Disengaged { fighter },
            _ => Event::Destroyed { fighter },
        }));
        if self.flying(element).next().is_none() {
            let e = &mut self.elements[usize::from(element)];
            e.committed_at = None;
            // Taken out of the deck face up: its place in the deck shows too.
            e.readied_at = None;
            if let Some(card) = e.card.take() {
                log.push(Logged::public(Event::Discarded { element, card }));
            }
        }
        if !self.has_fighters(Seat(0)) || !self.has_fighters(Seat(1)) {
            self.finish(log);
        }
    }

    /// BS-12: "Each side scores the points (BS-14) of enemy fighters destroyed or
    /// disengaged; higher wins, equal = draw."
    pub fn finish(&mut self, log: &mut Log) {
        if self.outcome.is_some() {
            return;
        }
        let scores = self.scores();
        let winners = if scores[0] > scores[1] {
            vec![Seat(0)]
        } else if scores[1] > scores[0] {
            vec![Seat(1)]
        } else {
            vec![Seat(0), Seat(1)]
        };
        let reason = if !self.has_fighters(Seat(0)) || !self.has_fighters(Seat(1)) {
            "a side has no fighter on the table (BS-12)".to_string()
        } else {
            format!("end of turn {} (BS-12)", self.turn)
        };
        for e in &mut self.elements {
            e.committed_at = None;
            e.readied_at = None;
        }
        let outcome = Outcome {
            winners,
            scores,
            reason,
        };
        self.phase = Phase::Over;
        log.push(Logged::public(Event::GameOver {
            outcome: outcome.clone(),
        }));
        self.outcome = Some(outcome);
    }
}

/// Every way to cut `n` elements in deck order into `g` non-empty runs.
pub fn compositions(n: u8, g: u8) -> Vec<Vec<u8>> {
    if g == 0 || n < g {
        return Vec::new();
    }
    if g == 1 {
        return vec![vec![n]];
    }
    let mut out = Vec::new();
    for first in 1..=n - g + 1 {
        for mut rest in compositions(n - first, g - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}
