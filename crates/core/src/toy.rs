//! *Sealed Bids*: a tiny game that exercises everything the core must express —
//! 2–4 players, secret simultaneous commitments, chance, hidden information, a
//! final score. Used to test the core, the protocol and the agents without a full
//! ruleset; it is not a product ruleset.
//!
//! Each of 3 rounds every player secretly bids 0–3 from a budget of 6. When all have
//! bid, the bids are revealed; the single highest bidder rolls a die and scores it.

use crate::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError, StateError,
};
use crate::{Files, GameInfo, Learning, Odds, Presentation, SearchHints};
use serde::{Deserialize, Serialize};

/// Set-up: how many players and rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BidScenario {
    pub players: u8,
    pub rounds: u32,
}

/// A secret bid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bid {
    pub amount: u8,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BidEvent {
    /// Public: somebody committed (not what).
    Committed { seat: Seat },
    /// Private to the bidder: what it bid.
    YouBid { amount: u8 },
    /// Public: all bids at once.
    Revealed { bids: Vec<u8> },
    /// Public: the winner's die.
    Scored { seat: Seat, roll: u8 },
}

/// The referee state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SealedBids {
    rounds: u32,
    round: u32,
    budgets: Vec<u8>,
    scores: Vec<u32>,
    pending: Vec<Option<u8>>,
    rng: Rng,
}

/// A seat's view: its own pending bid only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BidView {
    pub round: u32,
    pub budgets: Vec<u8>,
    pub scores: Vec<u32>,
    pub committed: Vec<bool>,
    pub my_bid: Option<u8>,
}

impl Game for SealedBids {
    type Scenario = BidScenario;
    type Action = Bid;
    type Event = BidEvent;
    type View = BidView;
    const INFO: GameInfo = GameInfo::new("sealed-bids", "Sealed Bids (core test game)", (2, 4));

    fn scenarios() -> Vec<NamedScenario<BidScenario>> {
        vec![NamedScenario {
            name: "default".into(),
            description: "two players, three rounds".into(),
            scenario: BidScenario {
                players: 2,
                rounds: 3,
            },
        }]
    }

    fn setup(s: &BidScenario, seed: u64) -> Result<Self, SetupError> {
        let mut problems = Vec::new();
        if !(2..=4).contains(&s.players) {
            problems.push(format!("players: {} is not in 2..=4", s.players));
        }
        if s.rounds == 0 || s.rounds > 20 {
            problems.push(format!("rounds: {} is not in 1..=20", s.rounds));
        }
        if !problems.is_empty() {
            return Err(SetupError::new(problems));
        }
        let n = s.players as usize;
        Ok(SealedBids {
            rounds: s.rounds,
            round: 1,
            budgets: vec![6; n],
            scores: vec![0; n],
            pending: vec![None; n],
            rng: Rng::seed_from(seed),
        })
    }

    fn seats(&self) -> u8 {
        self.budgets.len() as u8
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.round > self.rounds {
            return vec![];
        }
        (0..self.seats())
            .map(Seat)
            .filter(|s| self.pending[s.index()].is_none())
            .collect()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Bid> {
        if !self.to_move().contains(&seat) {
            return vec![];
        }
        let max = self.budgets[seat.index()].min(3);
        (0..=max).map(|amount| Bid { amount }).collect()
    }

    fn apply(&mut self, seat: Seat, bid: &Bid) -> Result<Vec<Logged<BidEvent>>, ActionError> {
        // check
        let to_move = self.to_move();
        ActionError::check_turn(to_move.is_empty(), seat, to_move)?;
        if bid.amount > 3 || bid.amount > self.budgets[seat.index()] {
            return Err(ActionError::illegal(format!(
                "bid {} exceeds 3 or the budget {}",
                bid.amount,
                self.budgets[seat.index()]
            )));
        }
        // execute
        self.pending[seat.index()] = Some(bid.amount);
        let mut ev = vec![
            Logged::public(BidEvent::Committed { seat }),
            Logged::private(seat, BidEvent::YouBid { amount: bid.amount }),
        ];
        if self.pending.iter().all(Option::is_some) {
            let bids: Vec<u8> = self.pending.iter().map(|b| b.unwrap_or(0)).collect();
            for (b, budget) in bids.iter().zip(self.budgets.iter_mut()) {
                *budget -= b;
            }
            ev.push(Logged::public(BidEvent::Revealed { bids: bids.clone() }));
            let top = bids.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..bids.len()).filter(|&i| bids[i] == top).collect();
            if let [w] = leaders[..] {
                let roll = self.rng.d6();
                self.scores[w] += u32::from(roll);
                ev.push(Logged::public(BidEvent::Scored {
                    seat: Seat(w as u8),
                    roll,
                }));
            }
            self.pending.iter_mut().for_each(|p| *p = None);
            self.round += 1;
        }
        Ok(ev)
    }

    fn view(&self, viewer: Option<Seat>) -> BidView {
        BidView {
            round: self.round,
            budgets: self.budgets.clone(),
            scores: self.scores.clone(),
            committed: self.pending.iter().map(Option::is_some).collect(),
            my_bid: viewer.and_then(|s| self.pending.get(s.index()).copied().flatten()),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.round <= self.rounds {
            return None;
        }
        let scores = self.scores();
        let best = scores.iter().cloned().fold(f64::MIN, f64::max);
        Some(Outcome {
            winners: (0..self.seats())
                .map(Seat)
                .filter(|s| scores[s.index()] == best)
                .collect(),
            scores,
            reason: format!("all {} rounds are over", self.rounds),
        })
    }

    fn scores(&self) -> Vec<f64> {
        self.scores.iter().map(|&s| f64::from(s)).collect()
    }

    fn progress(&self) -> Progress {
        Progress {
            turn: self.round,
            phase: "bidding".into(),
        }
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }

    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Other seats' pending bids are secret: resample each from the bids its budget
    /// allows.
    fn determinize(&mut self, viewer: Seat, rng: &mut Rng) {
        for (i, p) in self.pending.iter_mut().enumerate() {
            if i != viewer.index() && p.is_some() {
                let max = self.budgets[i].min(3);
                *p = Some(rng.index(usize::from(max) + 1) as u8);
            }
        }
        let seed = rng.next_u64();
        self.rng.reseed(seed);
    }

    /// A seat's bid stays secret until every seat has bid.
    fn unrevealed(&self, seat: Seat) -> usize {
        usize::from(self.pending.get(seat.index()).is_some_and(Option::is_some))
    }

    fn action_bound(&self) -> usize {
        self.rounds as usize * self.seats() as usize
    }

    /// Every invariant of a saved state: the set-up's limits, one entry per seat in
    /// every list, budgets of at most 6, bids the budget allows, no round left with
    /// every bid in (it would have been revealed) and none pending after the end.
    fn validate(&self) -> Result<(), StateError> {
        let mut problems = Vec::new();
        let n = self.budgets.len();
        if !(2..=4).contains(&n) {
            problems.push(format!("budgets: {n} seats, not 2 to 4"));
        }
        if self.scores.len() != n || self.pending.len() != n {
            problems.push(format!(
                "scores and pending must have one entry per seat ({n}); they have {} and {}",
                self.scores.len(),
                self.pending.len()
            ));
        }
        if self.rounds == 0 || self.rounds > 20 {
            problems.push(format!("rounds: {} is not in 1..=20", self.rounds));
        }
        if self.round == 0 || self.round > self.rounds.saturating_add(1) {
            problems.push(format!(
                "round: {} is not in 1..={}",
                self.round,
                self.rounds + 1
            ));
        }
        for (i, &b) in self.budgets.iter().enumerate() {
            if b > 6 {
                problems.push(format!("budgets[{i}]: {b} is more than the starting 6"));
            }
            if let Some(Some(bid)) = self.pending.get(i) {
                if *bid > b.min(3) {
                    problems.push(format!(
                        "pending[{i}]: bid {bid} exceeds 3 or the budget {b}"
                    ));
                }
            }
        }
        if !self.pending.is_empty() && self.pending.iter().all(Option::is_some) {
            problems
                .push("pending: every seat has bid, so the bids would have been revealed".into());
        }
        if self.round > self.rounds && self.pending.iter().any(Option::is_some) {
            problems.push("pending: a bid is pending after the last round".into());
        }
        StateError::check(problems)
    }
}

impl Presentation for SealedBids {}

impl Odds for SealedBids {}

impl Files for SealedBids {}

impl SearchHints for SealedBids {}

impl Learning for SealedBids {}

/// *Take-Away* set-up: the stones in the pile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PileScenario {
    pub stones: u8,
}

/// Take 1 to 3 stones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Take {
    pub stones: u8,
}

/// What happened: who took how many (public).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Took {
    pub seat: Seat,
    pub stones: u8,
}

/// The pile as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PileView {
    pub stones: u8,
    pub start: u8,
    pub to_move: Option<Seat>,
    pub viewer: Option<Seat>,
}

/// *Take-Away*: a tiny perfect-information race for the learning tests (issue 38).
/// Two players take 1 to 3 stones in turn from one pile; whoever takes the last
/// stone wins. A pile that is a multiple of 4 loses for the player to move, which a
/// search that judges every unfinished position alike (the default evaluation: the
/// score margin, 0 until the end) sees only near the end, and a value learned from
/// self-play sees at once. It observes the pile as a one-hot and numbers its moves,
/// as the rulesets do.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TakeAway {
    start: u8,
    stones: u8,
    next: Seat,
    winner: Option<Seat>,
    rng: Rng,
}

impl Game for TakeAway {
    type Scenario = PileScenario;
    type Action = Take;
    type Event = Took;
    type View = PileView;
    const INFO: GameInfo = GameInfo::new("take-away", "Take-Away (learning test game)", (2, 2));

    fn scenarios() -> Vec<NamedScenario<PileScenario>> {
        vec![NamedScenario {
            name: "default".into(),
            description: "a pile of 21 stones".into(),
            scenario: PileScenario { stones: 21 },
        }]
    }

    fn setup(s: &PileScenario, seed: u64) -> Result<Self, SetupError> {
        if !(1..=60).contains(&s.stones) {
            return Err(SetupError::one(format!(
                "stones: {} is not in 1..=60",
                s.stones
            )));
        }
        Ok(TakeAway {
            start: s.stones,
            stones: s.stones,
            next: Seat(0),
            winner: None,
            rng: Rng::seed_from(seed),
        })
    }

    fn seats(&self) -> u8 {
        2
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.winner.is_some() {
            vec![]
        } else {
            vec![self.next]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Take> {
        if !self.to_move().contains(&seat) {
            return vec![];
        }
        (1..=self.stones.min(3))
            .map(|stones| Take { stones })
            .collect()
    }

    fn apply(&mut self, seat: Seat, take: &Take) -> Result<Vec<Logged<Took>>, ActionError> {
        let to_move = self.to_move();
        ActionError::check_turn(to_move.is_empty(), seat, to_move)?;
        if take.stones == 0 || take.stones > self.stones.min(3) {
            return Err(ActionError::illegal(format!(
                "take 1 to {} stones, not {}",
                self.stones.min(3),
                take.stones
            )));
        }
        self.stones -= take.stones;
        if self.stones == 0 {
            self.winner = Some(seat);
        }
        self.next = Seat(1 - seat.0);
        Ok(vec![Logged::public(Took {
            seat,
            stones: take.stones,
        })])
    }

    fn view(&self, viewer: Option<Seat>) -> PileView {
        PileView {
            stones: self.stones,
            start: self.start,
            to_move: self.to_move().first().copied(),
            viewer,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = self.winner?;
        Some(Outcome {
            winners: vec![w],
            scores: self.scores(),
            reason: format!("seat {w} took the last stone"),
        })
    }

    fn scores(&self) -> Vec<f64> {
        (0..2)
            .map(|s| f64::from(u8::from(self.winner == Some(Seat(s)))))
            .collect()
    }

    fn progress(&self) -> Progress {
        Progress {
            turn: u32::from(self.start - self.stones),
            phase: "taking".into(),
        }
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }

    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn action_bound(&self) -> usize {
        usize::from(self.start)
    }

    fn validate(&self) -> Result<(), StateError> {
        let mut problems = Vec::new();
        if self.stones > self.start || self.start > 60 {
            problems.push(format!(
                "stones: {} of a pile of {} (at most 60)",
                self.stones, self.start
            ));
        }
        if self.next.0 > 1 || self.winner.is_some_and(|w| w.0 > 1) {
            problems.push("seats are 0 and 1".into());
        }
        if (self.stones == 0) != self.winner.is_some() {
            problems.push("a winner exactly when the pile is empty".into());
        }
        StateError::check(problems)
    }
}

impl Presentation for TakeAway {}

impl Odds for TakeAway {}

impl Files for TakeAway {}

impl SearchHints for TakeAway {}

impl Learning for TakeAway {
    fn action_space(&self) -> usize {
        3
    }

    fn action_id(&self, _seat: Seat, action: &Take) -> Option<usize> {
        usize::from(action.stones).checked_sub(1)
    }

    /// The pile left as a one-hot over 0..=60 stones, and whether the viewer is to
    /// take next.
    fn observe(view: &PileView, out: &mut crate::learn::Features) {
        out.one_hot(format_args!("stones"), Some(usize::from(view.stones)), 61);
        out.flag(
            format_args!("to_move_mine"),
            view.viewer.is_some() && view.to_move == view.viewer,
        );
    }
}
