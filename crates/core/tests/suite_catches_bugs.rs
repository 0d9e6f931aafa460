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
    const ID: &'static str = "broken-bids";
    const NAME: &'static str = "broken";
    const PLAYERS: (u8, u8) = (2, 4);

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
        if self.flaw == Flaw::AcceptsUnlisted && a.amount > 3 && self.to_move().contains(&seat) {
            return self.inner.apply(seat, &Bid { amount: 0 });
        }
        let r = self.inner.apply(seat, a);
        if r.is_err() && self.flaw == Flaw::NotAtomic {
            self.inner.rng_mut().d6();
        }
        r
    }
    fn view(&self, viewer: Option<Seat>) -> serde_json::Value {
        match self.flaw {
            Flaw::LeakyView => serde_json::to_value(&self.inner).unwrap_or_default(),
            _ => serde_json::to_value(self.inner.view(viewer)).unwrap_or_default(),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
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
    assert!(v.iter().any(|m| m.contains("view depends on")), "{v:?}");
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
