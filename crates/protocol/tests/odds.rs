//! The `odds` command: answers `Odds::action_odds` for a legal attack, and
//! `illegal_action` for anything else (a game without odds, a non-attack, a seat not
//! to move, an action that does not parse); never fails the engine.

use orrery_core::toy::SealedBids;
use orrery_core::SetupError;
use orrery_core::{ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat};
use orrery_core::{Files, Learning, Odds, Presentation, SearchHints};
use orrery_protocol::{Engine, Registry, COMMANDS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// One seat rolls a d6 against a target number: the action `n` hits on `n`+.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Duel {
    rolled: bool,
    rng: Rng,
}

impl Game for Duel {
    type Scenario = ();
    type Action = u8;
    type Event = u8;
    type View = bool;
    const INFO: orrery_core::GameInfo = orrery_core::GameInfo::new("duel", "Duel (test)", (2, 2));
    fn scenarios() -> Vec<NamedScenario<()>> {
        vec![NamedScenario {
            name: "default".into(),
            description: "".into(),
            scenario: (),
        }]
    }
    fn setup(_: &(), seed: u64) -> Result<Self, SetupError> {
        Ok(Duel {
            rolled: false,
            rng: Rng::seed_from(seed),
        })
    }
    fn seats(&self) -> u8 {
        2
    }
    fn to_move(&self) -> Vec<Seat> {
        if self.rolled {
            vec![]
        } else {
            vec![Seat(0)]
        }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<u8> {
        if self.to_move() == vec![seat] {
            (0..=6).collect()
        } else {
            vec![]
        }
    }
    fn apply(&mut self, seat: Seat, a: &u8) -> Result<Vec<Logged<u8>>, ActionError> {
        if !self.legal_actions(seat).contains(a) {
            return Err(ActionError::illegal("0..=6 by seat 0"));
        }
        self.rolled = true;
        Ok(vec![Logged::public(self.rng.d6())])
    }
    fn view(&self, _: Option<Seat>) -> bool {
        self.rolled
    }
    fn outcome(&self) -> Option<Outcome> {
        self.rolled.then(|| Outcome {
            winners: vec![Seat(0)],
            scores: vec![0.0, 0.0],
            reason: String::new(),
        })
    }
    fn scores(&self) -> Vec<f64> {
        vec![0.0, 0.0]
    }
    fn progress(&self) -> Progress {
        Progress {
            turn: 1,
            phase: "roll".into(),
        }
    }
    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

impl Presentation for Duel {}

impl Odds for Duel {
    /// Action 0 is a pass (no odds); `n` ≥ 1 hits on a d6 of `n`+.
    fn action_odds(&self, seat: Seat, a: &u8) -> Option<Value> {
        if *a == 0 || !self.legal_actions(seat).contains(a) {
            return None;
        }
        Some(json!({"p_hit": f64::from(7 - a) / 6.0}))
    }
}

impl Files for Duel {}

impl SearchHints for Duel {}

impl Learning for Duel {}

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register::<Duel>();
    r.register::<SealedBids>();
    r
}

fn send(e: &mut Engine, req: Value) -> Value {
    e.handle(&req)
}

fn code(v: &Value) -> &str {
    assert_eq!(v["ok"], false, "expected an error: {v}");
    v["error"]["code"].as_str().expect("code")
}

#[test]
fn odds_answers_legal_attacks_only() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    assert!(COMMANDS.iter().any(|c| c.cmd == "odds"));
    assert_eq!(
        code(&send(&mut e, json!({"cmd":"odds","player":0,"action":4}))),
        "no_game"
    );
    send(&mut e, json!({"cmd":"new","ruleset":"duel"}));
    let r = send(&mut e, json!({"cmd":"odds","player":0,"action":5,"id":7}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["odds"], json!({"p_hit": 2.0 / 6.0}));
    assert_eq!(r["id"], 7);
    // Not an attack, not to move, not an action, no action, no such seat.
    for req in [
        json!({"cmd":"odds","player":0,"action":0}),
        json!({"cmd":"odds","player":1,"action":5}),
        json!({"cmd":"odds","player":0,"action":"five"}),
    ] {
        assert_eq!(code(&send(&mut e, req)), "illegal_action");
    }
    assert_eq!(
        code(&send(&mut e, json!({"cmd":"odds","player":0}))),
        "bad_request"
    );
    assert_eq!(
        code(&send(&mut e, json!({"cmd":"odds","player":9,"action":5}))),
        "bad_request"
    );
    // The odds did not roll or change anything.
    let before = send(&mut e, json!({"cmd":"status"}));
    send(&mut e, json!({"cmd":"odds","player":0,"action":3}));
    assert_eq!(send(&mut e, json!({"cmd":"status"})), before);
    // After the game: game_over.
    send(&mut e, json!({"cmd":"apply","player":0,"action":3}));
    assert_eq!(
        code(&send(&mut e, json!({"cmd":"odds","player":0,"action":3}))),
        "game_over"
    );
}

#[test]
fn a_ruleset_without_odds_says_illegal_action() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    send(&mut e, json!({"cmd":"new","ruleset":"sealed-bids"}));
    let r = send(
        &mut e,
        json!({"cmd":"odds","player":0,"action":{"amount":1}}),
    );
    assert_eq!(code(&r), "illegal_action");
    assert!(r["error"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("no odds"));
}
