//! The conformance suite must fail games that break the contract; otherwise a green
//! suite would prove nothing. Each broken variant of the toy game is caught.

use orrery_core::conformance::{run, Config};
use orrery_core::toy::{Bid, BidEvent, BidScenario, SealedBids};
use orrery_core::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum Flaw {
    /// Views show everything, including other seats' secret bids.
    LeakyView,
    /// A rejected action still consumes a die.
    NotAtomic,
    /// Lists a bid it then refuses.
    ListsIllegal,
    /// Accepts a bid it never lists.
    AcceptsUnlisted,
    /// Views hide the bids, but `unrevealed` says 0 while a bid is pending, so the
    /// per-seat record shows the bid to everyone.
    ForgetsSecrets,
    /// `unrevealed` counts more secret actions than the seat ever made.
    OvercountsSecrets,
    /// Views, records and events keep the bids secret, but the description of a bid
    /// mentions the other seats' pending bids.
    LeakyDescription,
    /// Refusing a bid above the budget names every pending bid in the message.
    LeakyRefusal,
    /// `validate` accepts any state, so a saved state with a seat missing from the
    /// pending list loads and then fails.
    TrustsSaves,
    /// `determinize` keeps the other seats' real bids: look-ahead agents peek.
    PeekingDeterminize,
    /// `determinize` resamples the other seats' bids, but from the real ones (each
    /// moved by at most one): what it starts from still tells them apart.
    NearbyDeterminize,
    /// A seat that is not to move is answered `Illegal`, not `NotYourTurn`.
    WrongTurnError,
    /// `determinize` forgets the other seats' bids (so they would bid again) without
    /// declaring it (`GameInfo::determinize_asks_again`): its copy is a world the seat's
    /// own view tells apart.
    ForgetfulDeterminize,
    /// Action ids for learning shift with the round: an id means another bid, and a
    /// bid takes another id, as the game goes on.
    DriftingIds,
    /// Action ids name the bid only, not whose it is: two seats' moves share an id.
    SharedIds,
    /// The observation writes two numbers under one name.
    RepeatedNames,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Broken {
    inner: SealedBids,
    flaw: Flaw,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct BrokenScenario {
    base: BidScenario,
    flaw: Flaw,
}

impl Game for Broken {
    type Scenario = BrokenScenario;
    type Action = Bid;
    type Event = BidEvent;
    type View = serde_json::Value;
    const INFO: orrery_core::GameInfo = orrery_core::GameInfo::new("broken-bids", "broken", (2, 4));

    fn scenarios() -> Vec<NamedScenario<BrokenScenario>> {
        Vec::new()
    }
    fn setup(s: &BrokenScenario, seed: u64) -> Result<Self, SetupError> {
        Ok(Broken {
            inner: SealedBids::setup(&s.base, seed)?,
            flaw: s.flaw,
        })
    }
    fn seats(&self) -> u8 {
        self.inner.seats()
    }
    fn to_move(&self) -> Vec<Seat> {
        self.inner.to_move()
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Bid> {
        let mut l = self.inner.legal_actions(seat);
        if self.flaw == Flaw::ListsIllegal && !l.is_empty() {
            l.push(Bid { amount: 9 });
        }
        l
    }
    fn apply(&mut self, seat: Seat, a: &Bid) -> Result<Vec<Logged<BidEvent>>, ActionError> {
        if self.flaw == Flaw::WrongTurnError && !self.to_move().contains(&seat) {
            return Err(ActionError::illegal("not now"));
        }
        if self.flaw == Flaw::AcceptsUnlisted && a.amount > 3 && self.to_move().contains(&seat) {
            return self.inner.apply(seat, &Bid { amount: 0 });
        }
        let r = self.inner.apply(seat, a);
        if self.flaw == Flaw::LeakyRefusal {
            if let Err(ActionError::Illegal(m)) = r {
                return Err(ActionError::illegal(format!(
                    "{m} (table: {})",
                    pending(&self.inner)
                )));
            }
        }
        if r.is_err() && self.flaw == Flaw::NotAtomic {
            self.inner.rng_mut().d6();
        }
        r
    }
    fn view(&self, viewer: Option<Seat>) -> serde_json::Value {
        match self.flaw {
            Flaw::LeakyView => serde_json::to_value(&self.inner).unwrap_or_default(),
            Flaw::RepeatedNames => {
                let mut v = serde_json::to_value(self.inner.view(viewer)).unwrap_or_default();
                v["repeat_names"] = true.into();
                v
            }
            _ => serde_json::to_value(self.inner.view(viewer)).unwrap_or_default(),
        }
    }
    fn unrevealed(&self, seat: Seat) -> usize {
        match self.flaw {
            Flaw::ForgetsSecrets => 0,
            Flaw::OvercountsSecrets => self.inner.unrevealed(seat) + 1,
            _ => self.inner.unrevealed(seat),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn validate(&self) -> Result<(), StateError> {
        match self.flaw {
            Flaw::TrustsSaves => Ok(()),
            _ => self.inner.validate(),
        }
    }
    fn determinize(&mut self, viewer: Seat, rng: &mut Rng) {
        match self.flaw {
            Flaw::PeekingDeterminize => {
                let seed = rng.next_u64();
                self.inner.rng_mut().reseed(seed);
            }
            Flaw::ForgetfulDeterminize => {
                let mut v = serde_json::to_value(&self.inner).unwrap_or_default();
                if let Some(p) = v["pending"].as_array_mut() {
                    for (i, b) in p.iter_mut().enumerate() {
                        if i != viewer.index() {
                            *b = serde_json::Value::Null;
                        }
                    }
                }
                if let Ok(g) = serde_json::from_value(v) {
                    self.inner = g;
                }
                let seed = rng.next_u64();
                self.inner.rng_mut().reseed(seed);
            }
            Flaw::NearbyDeterminize => {
                let mut v = serde_json::to_value(&self.inner).unwrap_or_default();
                if let Some(p) = v["pending"].as_array_mut() {
                    for (i, b) in p.iter_mut().enumerate() {
                        if i != viewer.index() {
                            if let Some(x) = b.as_u64() {
                                *b = serde_json::json!((x + rng.index(2) as u64).min(3));
                            }
                        }
                    }
                }
                if let Ok(g) = serde_json::from_value(v) {
                    self.inner = g;
                }
                let seed = rng.next_u64();
                self.inner.rng_mut().reseed(seed);
            }
            _ => self.inner.determinize(viewer, rng),
        }
    }
    fn scores(&self) -> Vec<f64> {
        self.inner.scores()
    }
    fn progress(&self) -> Progress {
        self.inner.progress()
    }
    fn rng(&self) -> &Rng {
        self.inner.rng()
    }
    fn rng_mut(&mut self) -> &mut Rng {
        self.inner.rng_mut()
    }
}

impl Presentation for Broken {
    fn describe_action(&self, viewer: Option<Seat>, a: &Bid) -> String {
        match self.flaw {
            Flaw::LeakyDescription => format!("bid {} (table: {})", a.amount, pending(&self.inner)),
            _ => self.inner.describe_action(viewer, a),
        }
    }
}

impl Odds for Broken {}

impl Files for Broken {}

impl SearchHints for Broken {}

impl Learning for Broken {
    const IDS_NAME_THE_SEAT: bool = true;

    fn action_space(&self) -> usize {
        match self.flaw {
            Flaw::DriftingIds => 8,
            Flaw::SharedIds => 64,
            Flaw::RepeatedNames => 256,
            _ => 0,
        }
    }

    fn action_id(&self, seat: Seat, a: &Bid) -> Option<usize> {
        let round = self.inner.view(None).round as usize;
        match self.flaw {
            Flaw::DriftingIds => Some((usize::from(a.amount) + round) % 8),
            Flaw::SharedIds => Some(usize::from(a.amount)),
            Flaw::RepeatedNames => Some(usize::from(seat.0) * 64 + usize::from(a.amount)),
            _ => None,
        }
    }

    fn observe(view: &serde_json::Value, out: &mut orrery_core::learn::Features) {
        let round = view["round"].as_f64().unwrap_or(0.0) as f32;
        out.put(format_args!("round"), round);
        let repeated = view["repeat_names"] == true;
        let name = if repeated { "round" } else { "round_again" };
        out.put(format_args!("{name}"), round);
    }
}

/// The toy's pending bids, read from its saved form (the fields are private).
fn pending(g: &SealedBids) -> String {
    serde_json::to_value(g)
        .map(|v| v["pending"].to_string())
        .unwrap_or_default()
}

fn violations(flaw: Flaw) -> Vec<String> {
    let s = BrokenScenario {
        base: BidScenario {
            players: 3,
            rounds: 3,
        },
        flaw,
    };
    let cfg = Config {
        games: 20,
        ..Config::default()
    };
    run::<Broken>(&[s], &cfg).violations
}

#[test]
fn a_leaky_view_is_caught() {
    let v = violations(Flaw::LeakyView);
    assert!(
        v.iter()
            .any(|m| m.contains("secret commitment through view at")),
        "{v:?}"
    );
}

#[test]
fn action_ids_that_change_meaning_during_the_game_are_caught() {
    let v = violations(Flaw::DriftingIds);
    assert!(
        v.iter()
            .any(|m| m.contains("action id") && m.contains(" meant ")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|m| m.contains(" had id ") && m.contains(" and now ")),
        "{v:?}"
    );
}

#[test]
fn an_action_id_shared_by_two_seats_is_caught() {
    let v = violations(Flaw::SharedIds);
    assert!(
        v.iter()
            .any(|m| m.contains("action id") && m.contains("'s and seat")),
        "{v:?}"
    );
    // The same game with an id per seat and bid passes.
    assert!(violations(Flaw::RepeatedNames)
        .iter()
        .all(|m| !m.contains("'s and seat")));
}

#[test]
fn an_observation_naming_two_numbers_alike_is_caught() {
    let v = violations(Flaw::RepeatedNames);
    assert!(v.iter().any(|m| m.contains("names round twice")), "{v:?}");
    assert!(violations(Flaw::SharedIds)
        .iter()
        .all(|m| !m.contains("twice")));
}

#[test]
fn a_non_atomic_rejection_is_caught() {
    let v = violations(Flaw::NotAtomic);
    assert!(v.iter().any(|m| m.contains("changed the state")), "{v:?}");
}

#[test]
fn a_listed_but_refused_action_is_caught() {
    let v = violations(Flaw::ListsIllegal);
    assert!(v.iter().any(|m| m.contains("rejected")), "{v:?}");
}

#[test]
fn an_accepted_but_unlisted_action_is_caught() {
    let v = violations(Flaw::AcceptsUnlisted);
    assert!(v.iter().any(|m| m.contains("was accepted")), "{v:?}");
}

#[test]
fn a_record_that_shows_a_pending_bid_is_caught() {
    let v = violations(Flaw::ForgetsSecrets);
    assert!(
        v.iter()
            .any(|m| m.contains("spectator's seat record depends on")),
        "{v:?}"
    );
    // The views themselves hide the bid: only the record check catches it.
    assert!(!v.iter().any(|m| m.contains("through view")), "{v:?}");
}

#[test]
fn an_unrevealed_count_beyond_the_actions_made_is_caught() {
    let v = violations(Flaw::OvercountsSecrets);
    assert!(
        v.iter().any(|m| m.contains("but the seat made only")),
        "{v:?}"
    );
}

#[test]
fn a_description_that_names_pending_bids_is_caught() {
    let v = violations(Flaw::LeakyDescription);
    assert!(
        v.iter()
            .any(|m| m.contains("secret commitment through description of")),
        "{v:?}"
    );
    // Views, events and records keep the secret: only the description leaks.
    assert!(!v.iter().any(|m| m.contains("view")), "{v:?}");
    assert!(!v.iter().any(|m| m.contains("record")), "{v:?}");
}

#[test]
fn a_refusal_that_names_pending_bids_is_caught() {
    let v = violations(Flaw::LeakyRefusal);
    assert!(
        v.iter()
            .any(|m| m.contains("secret commitment through answer to")),
        "{v:?}"
    );
}

#[test]
fn a_determinization_that_keeps_the_real_bids_is_caught() {
    let v = violations(Flaw::PeekingDeterminize);
    assert!(v.iter().any(|m| m.contains("determinized copy")), "{v:?}");
}

#[test]
fn a_determinization_that_starts_from_the_real_bids_is_caught() {
    let v = violations(Flaw::NearbyDeterminize);
    assert!(
        v.iter()
            .any(|m| m.contains("depends on what it may not know")),
        "{v:?}"
    );
}

#[test]
fn an_undeclared_forgetful_determinization_is_caught() {
    let v = violations(Flaw::ForgetfulDeterminize);
    assert!(
        v.iter()
            .any(|m| m.contains("determinize changed what seat")),
        "{v:?}"
    );
}

#[test]
fn a_wrong_answer_to_a_seat_not_to_move_is_caught() {
    let v = violations(Flaw::WrongTurnError);
    assert!(v.iter().any(|m| m.contains("not NotYourTurn")), "{v:?}");
}

/// A ruleset that does not report a reveal (`unrevealed` stays 0 while the views hide
/// the bids) lets the last bid of a tied round, which rolls nothing, be undone after
/// it showed every bid: the undo check catches it.
#[test]
fn an_undo_after_a_reveal_is_caught() {
    // Whole games (the run's cap on violations would stop at the record leaks first).
    let s = BrokenScenario {
        base: BidScenario {
            players: 2,
            rounds: 6,
        },
        flaw: Flaw::ForgetsSecrets,
    };
    let cfg = Config {
        deep_every: 1,
        ..Config::default()
    };
    let mut report = orrery_core::conformance::Report::default();
    for seed in 1..=10 {
        orrery_core::conformance::play_one::<Broken>(&s, seed, &cfg, &mut report, 0);
    }
    let v = report.violations;
    assert!(v.iter().any(|m| m.contains("may be undone")), "{v:?}");
}

#[test]
fn a_validate_that_trusts_saved_states_is_caught() {
    let v = violations(Flaw::TrustsSaves);
    assert!(v.iter().any(|m| m.contains("state corrupted at")), "{v:?}");
}

#[test]
fn the_toy_game_refuses_impossible_saves_listing_every_problem() {
    let g = SealedBids::setup(
        &BidScenario {
            players: 2,
            rounds: 3,
        },
        1,
    )
    .expect("setup");
    let mut v = serde_json::to_value(&g).expect("json");
    v["budgets"] = serde_json::json!([9, 6, 6]);
    v["round"] = serde_json::json!(0);
    let bad: SealedBids = serde_json::from_value(v).expect("deserializes");
    let e = bad.validate().unwrap_err();
    // Three seats' budgets but two scores and bids, round 0, a budget of 9.
    assert_eq!(e.problems.len(), 3, "{e}");
}

#[test]
fn the_toy_game_counts_its_pending_bid() {
    let s = BidScenario {
        players: 2,
        rounds: 2,
    };
    let mut g = SealedBids::setup(&s, 1).expect("setup");
    assert_eq!(g.unrevealed(Seat(0)), 0);
    g.apply(Seat(0), &Bid { amount: 2 }).expect("bid");
    assert_eq!((g.unrevealed(Seat(0)), g.unrevealed(Seat(1))), (1, 0));
    g.apply(Seat(1), &Bid { amount: 1 }).expect("bid");
    assert_eq!((g.unrevealed(Seat(0)), g.unrevealed(Seat(1))), (0, 0));
}

#[test]
fn seat_records_hide_pending_bids_and_the_seed() {
    let s = BidScenario {
        players: 3,
        rounds: 1,
    };
    let mut session = Session::<SealedBids>::new(&s, 11).expect("setup");
    session.apply(Seat(0), &Bid { amount: 2 }).expect("bid");
    session.apply(Seat(1), &Bid { amount: 1 }).expect("bid");
    // Seat 1 sees its own bid but not seat 0's; the hash after its own bid covers
    // seat 0's secret, so that is hidden too.
    let r1 = session.seat_record(Some(Seat(1)));
    assert_eq!(r1.viewer, Some(Seat(1)));
    assert_eq!(r1.seed, None);
    assert!(!r1.complete);
    assert_eq!(r1.actions[0].action, None);
    assert_eq!(r1.actions[0].hash, None);
    assert_eq!(r1.actions[1].action, Some(serde_json::json!({"amount": 1})));
    assert_eq!(r1.actions[1].hash, None);
    assert!(r1.to_record().is_none());
    // Seat 0 sees its own bid, but no hash while the game goes on: each covers the
    // dice generator (and here seat 1's pending bid).
    let r0 = session.seat_record(Some(Seat(0)));
    assert_eq!(r0.actions[0].action, Some(serde_json::json!({"amount": 2})));
    assert!(r0.actions[0].hash.is_none());
    assert_eq!(r0.actions[1].action, None);
    // Seat 2 and the spectator see neither; JSON shows nulls.
    for v in [Some(Seat(2)), None] {
        let r = session.seat_record(v);
        assert!(r
            .actions
            .iter()
            .all(|a| a.action.is_none() && a.hash.is_none()));
        let j = serde_json::to_value(&r).expect("json");
        assert_eq!(j["seed"], serde_json::Value::Null);
        assert_eq!(j["actions"][0]["action"], serde_json::Value::Null);
        assert_eq!(j["actions"][0]["hash"], serde_json::Value::Null);
        assert_eq!(j["actions"][0]["seat"], serde_json::json!(0));
    }
    // The last bid reveals everything and ends the game: the seed is shown and the
    // record is complete and replayable.
    session.apply(Seat(2), &Bid { amount: 0 }).expect("bid");
    assert!(session.game().is_terminal());
    let r = session.seat_record(None);
    assert!(r.complete);
    assert_eq!(r.seed, Some(11));
    let full = r.to_record().expect("complete");
    assert_eq!(&full, &*session.record());
    assert_eq!(
        full.replay::<SealedBids>().expect("replay").state_hash(),
        session.game().state_hash()
    );
}

#[test]
fn seat_records_of_a_game_in_progress_hide_the_seed_and_every_hash() {
    let s = BidScenario {
        players: 2,
        rounds: 3,
    };
    let mut session = Session::<SealedBids>::new(&s, 5).expect("setup");
    session.apply(Seat(0), &Bid { amount: 2 }).expect("bid");
    session.apply(Seat(1), &Bid { amount: 1 }).expect("bid");
    let r = session.seat_record(Some(Seat(1)));
    assert!(!r.complete, "the seed is still hidden");
    assert_eq!(r.seed, None);
    assert!(r.actions.iter().all(|a| a.action.is_some()));
    assert!(
        r.actions.iter().all(|a| a.hash.is_none()),
        "a state hash covers the dice generator: a seat could test guesses of it"
    );
}

#[test]
fn session_undo_never_reveals_a_secret() {
    let s = BidScenario {
        players: 2,
        rounds: 2,
    };
    let mut session = Session::<SealedBids>::new(&s, 3).expect("setup");
    session.apply(Seat(0), &Bid { amount: 2 }).expect("bid");
    // A tie: no die is rolled, but seat 1's bid revealed seat 0's.
    session.apply(Seat(1), &Bid { amount: 2 }).expect("bid");
    assert_eq!(session.game().rng().draws(), 0);
    assert!(
        !session.can_undo(),
        "undoing would let seat 1 bid again knowing seat 0's bid"
    );
    assert!(!session.undo());
    assert!(!session.undo_by(Seat(1)));
    assert_eq!(session.record().actions.len(), 2);
}

#[test]
fn undo_by_takes_back_only_the_seats_own_action() {
    let s = BidScenario {
        players: 3,
        rounds: 2,
    };
    let mut session = Session::<SealedBids>::new(&s, 3).expect("setup");
    assert!(!session.undo_by(Seat(0)), "nothing to undo");
    session.apply(Seat(0), &Bid { amount: 2 }).expect("bid");
    session.apply(Seat(1), &Bid { amount: 1 }).expect("bid");
    assert!(!session.undo_by(Seat(0)), "the last action is seat 1's");
    assert_eq!(session.last_actor(), Some(Seat(1)));
    assert!(session.undo_by(Seat(1)));
    assert!(session.undo_by(Seat(0)));
    assert!(session.record().actions.is_empty());
}

#[test]
fn session_undo_never_passes_a_die_roll() {
    let s = BidScenario {
        players: 2,
        rounds: 2,
    };
    let mut session = Session::<SealedBids>::new(&s, 3).expect("setup");
    session.apply(Seat(0), &Bid { amount: 3 }).expect("bid");
    assert!(
        session.can_undo(),
        "a secret bid rolls nothing and may be taken back"
    );
    assert!(session.undo());
    session.apply(Seat(0), &Bid { amount: 3 }).expect("bid");
    // Seat 1's bid completes the round: the winner's die is rolled.
    session.apply(Seat(1), &Bid { amount: 1 }).expect("bid");
    assert!(!session.can_undo());
    assert!(!session.undo());
    let replayed = session.record().replay::<SealedBids>().expect("replay");
    assert_eq!(replayed.state_hash(), session.game().state_hash());
}

/// Issue 37 §2: a front end greys its undo control out with the reason the engine
/// refuses it for, given exactly when `may_undo` refuses (the same test, named).
#[test]
fn an_undo_refusal_names_its_reason_exactly_when_undo_is_refused() {
    let s = BidScenario {
        players: 2,
        rounds: 2,
    };
    let mut session = Session::<SealedBids>::new(&s, 3).expect("setup");
    let agree = |session: &Session<SealedBids>, seat: Seat| {
        let refusal = session.undo_refusal_by(seat);
        let may = session.last_actor() == Some(seat) && session.can_undo();
        assert_eq!(refusal.is_none(), may, "{refusal:?}");
        refusal
    };
    assert_eq!(agree(&session, Seat(0)), Some(UndoRefusal::NothingYet));
    session.apply(Seat(0), &Bid { amount: 2 }).expect("bid");
    assert_eq!(agree(&session, Seat(0)), None);
    assert_eq!(
        agree(&session, Seat(1)),
        Some(UndoRefusal::OtherMoved { seats: 2 })
    );
    assert_eq!(
        UndoRefusal::OtherMoved { seats: 2 }.to_string(),
        "the other side has moved"
    );
    // A tie: no die, but seat 1's bid showed seat 0's.
    session.apply(Seat(1), &Bid { amount: 2 }).expect("bid");
    assert_eq!(agree(&session, Seat(1)), Some(UndoRefusal::SecretRevealed));
    // A round won outright rolls the winner's die.
    let mut session = Session::<SealedBids>::new(&s, 3).expect("setup");
    session.apply(Seat(0), &Bid { amount: 3 }).expect("bid");
    session.apply(Seat(1), &Bid { amount: 1 }).expect("bid");
    let refusal = agree(&session, Seat(1));
    assert_eq!(refusal, Some(UndoRefusal::DiceRolled));
    assert_eq!(refusal.unwrap().to_string(), "a die was rolled");
}

#[test]
fn setup_reports_every_problem() {
    let e = SealedBids::setup(
        &BidScenario {
            players: 9,
            rounds: 0,
        },
        1,
    )
    .unwrap_err();
    assert_eq!(e.problems.len(), 2, "{e}");
}

#[test]
fn determinize_hides_other_seats_secret_bids() {
    let s = BidScenario {
        players: 2,
        rounds: 3,
    };
    let mut g = SealedBids::setup(&s, 5).expect("setup");
    g.apply(Seat(0), &Bid { amount: 3 }).expect("bid");
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = Rng::seed_from(9);
    for _ in 0..50 {
        let mut copy = g.clone();
        copy.determinize(Seat(1), &mut rng);
        assert_eq!(copy.view(Some(Seat(1))), g.view(Some(Seat(1))));
        seen.insert(serde_json::to_string(&copy).expect("json"));
    }
    assert!(seen.len() > 1, "seat 0's bid must be resampled for seat 1");
}
