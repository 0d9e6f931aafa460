//! The conformance suite every ruleset must pass (OpenSpiel's random-simulation test,
//! extended): random games with random legal actions, checking the [`Game`](crate::Game) contract
//! at every step. A ruleset's tests call [`run`] with its scenarios; the report lists
//! every violation found.
//!
//! Checked at every step:
//! - `to_move` is empty exactly when the game is over, and every seat to move has at
//!   least one legal action;
//! - sampled listed actions apply (on copies), and the chosen one applies;
//! - [`SearchHints::sample_action`](crate::SearchHints::sample_action) and [`SearchHints::search_actions`](crate::SearchHints::search_actions) offer only listed actions;
//! - actions from a seat that is not to move are answered [`ActionError::NotYourTurn`]
//!   and any action once the game is over [`ActionError::GameOver`] (the protocol's
//!   error table, alike in every ruleset), and malformed or mutated actions that are
//!   not in the legal list are rejected, all with the state hash unchanged;
//! - when a seat commits a secret (several seats to move, or the action stays
//!   unrevealed), **every seat-facing channel** of every other seat and of the
//!   spectator is identical whichever legal action it committed (leak check): views,
//!   visible events, per-seat records ([`Record::seen_by`]), text renderings, legal
//!   and search actions, the sampler, the timeout default, descriptions of every
//!   seat's actions (and of malformed ones), odds answers, the refusal messages of
//!   actions tried, the caller's extra [`Channel`]s (agent suggestions and their
//!   text), scores, progress, what a terminal prints for the action
//!   ([`crate::action_seen_by`]) and what a look-ahead agent starts from
//!   ([`Game::determinize`](crate::Game::determinize));
//! - hidden information itself varied (every `deep_every`-th step): the game and a
//!   world the seat cannot tell from it (determinized for it: face-down piles
//!   reordered, other seats' secrets and the dice generator drawn afresh) tell that
//!   seat the same through every channel, and determinizing both with one generator
//!   gives the same copy;
//! - every undo [`crate::may_undo`] allows (on the same steps) is replayed in two
//!   worlds the seats cannot tell apart: the step shows nobody anything hidden;
//! - every state reached passes [`Game::validate`](crate::Game::validate), and saved states corrupted one
//!   field at a time are refused (by deserialization or `validate`) or stay
//!   playable: no panic, seats to move have actions, listed actions apply;
//! - `unrevealed(s)` never exceeds the number of actions seat `s` has made;
//! - the game ends within [`Game::action_bound`](crate::Game::action_bound) actions, also with the dice forced
//!   to extremes ([`Config::forced_faces`]: every seat can fall at once);
//! - a JSON save/load mid-game gives the same hash and the game goes on from it;
//! - the ending in words ([`Presentation::ending`](crate::Presentation::ending)) is there exactly once the game is over,
//!   with one side per seat, results that agree with the outcome, no number with
//!   more than 2 decimals, and the same in every world a seat cannot tell from the
//!   game (so is a resignation's, [`crate::ending_after_resign`], on deep steps);
//! - replaying the game's [`Record`] reproduces every hash.

mod channels;
mod corrupt;
mod ending;
mod golden;
mod learn;

pub use channels::Channel;
pub use golden::{fingerprint, Golden, Print};

use crate::{
    action_seen_by, may_undo, seat_record, ActionError, FullGame, Record, RecordedAction, Rng, Seat,
};
use channels::{first_difference, probes, readings};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How hard to look.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games per scenario.
    pub games: usize,
    /// Seed of the first game; game i uses `first_seed + i`.
    pub first_seed: u64,
    /// Listed actions (besides the chosen one) applied to copies per step.
    pub legal_samples: usize,
    /// Malformed or mutated actions tried per step.
    pub illegal_samples: usize,
    /// Run the per-step checks only on every n-th step (1 = every step).
    pub check_every: usize,
    /// Compare two determinized copies through every channel on every n-th checked
    /// step (0 = never).
    pub deep_every: usize,
    /// Single-field corruptions of the saved state tried per game.
    pub corruptions: usize,
    /// Random actions played from a corrupted state that passed `validate`.
    pub corrupt_steps: usize,
    /// Faces forced on the dice whenever none are left to use, before each step
    /// (`u32::MAX` is any die's highest face): the extremes where every seat can fall
    /// at once, played to the end. At most this many dice a step are forced, so a
    /// rule that rolls again on a tie still ends. Empty (the default): the seeded
    /// dice. A forced game is not replayed from its seed.
    pub forced_faces: Vec<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 100,
            first_seed: 1,
            legal_samples: 2,
            illegal_samples: 3,
            check_every: 1,
            deep_every: 8,
            corruptions: 6,
            corrupt_steps: 20,
            forced_faces: Vec::new(),
        }
    }
}

impl Config {
    /// The rulesets' standard run of random games: `games` per scenario from
    /// `first_seed`, one listed and two malformed actions tried at every step.
    pub fn random_games(games: usize, first_seed: u64) -> Self {
        Config {
            games,
            first_seed,
            legal_samples: 1,
            illegal_samples: 2,
            check_every: 1,
            ..Config::default()
        }
    }

    /// Saved states corrupted one JSON node at a time (30 a game, 30 steps played
    /// from each that validates), and nothing else checked.
    pub fn corrupted_states(games: usize, first_seed: u64) -> Self {
        Config {
            games,
            first_seed,
            legal_samples: 0,
            illegal_samples: 0,
            check_every: 1_000,
            deep_every: 0,
            corruptions: 30,
            corrupt_steps: 30,
            ..Config::default()
        }
    }
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    pub actions: usize,
    pub simultaneous_checks: usize,
    pub illegal_rejected: usize,
    pub violations: Vec<String>,
}

impl Report {
    /// Add another run's counts and violations to this one.
    fn absorb(&mut self, other: Report) {
        self.games += other.games;
        self.actions += other.actions;
        self.simultaneous_checks += other.simultaneous_checks;
        self.illegal_rejected += other.illegal_rejected;
        self.violations.extend(other.violations);
    }

    /// Panics with every violation listed if there are any (for `#[test]`s).
    pub fn assert_clean(&self) {
        assert!(
            self.violations.is_empty(),
            "{} violation(s) in {} games:\n{}",
            self.violations.len(),
            self.games,
            self.violations
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// `G`'s built-in scenario `name` ([`Game::scenarios`](crate::Game::scenarios)), for
/// tests: it panics, naming the ruleset, when there is none.
pub fn scenario<G: crate::Game>(name: &str) -> G::Scenario {
    G::scenarios()
        .into_iter()
        .find(|s| s.name == name)
        .map(|s| s.scenario)
        .unwrap_or_else(|| panic!("{} has no built-in scenario `{name}`", G::INFO.id))
}

/// Play sampled games ([`SearchHints::sample_action`](crate::SearchHints::sample_action))
/// of every built-in scenario of `G` with seeds `0..seeds` (the sampler's generator
/// seeded `seed + salt`), calling `f(game, seat, legal actions, generator)` at every
/// decision of every seat to move: a ruleset's tests of its sampler and search hints.
/// It panics if a seat to move has no sample, a sample is refused, or a state the
/// sampler's games reach (the last included) does not validate.
pub fn walk<G: FullGame>(
    seeds: u64,
    salt: u64,
    mut f: impl FnMut(&G, Seat, &[G::Action], &mut Rng),
) {
    for named in G::scenarios() {
        for seed in 0..seeds {
            let mut g = G::setup(&named.scenario, seed).expect("setup");
            let mut rng = Rng::seed_from(seed + salt);
            while !g.to_move().is_empty() {
                for seat in g.to_move() {
                    assert_eq!(g.validate(), Ok(()), "{} seed {seed}", named.name);
                    let legal = g.legal_actions(seat);
                    f(&g, seat, &legal, &mut rng);
                    let a = g
                        .sample_action(seat, &mut rng)
                        .expect("a seat to move has a sample");
                    g.apply(seat, &a).expect("sampled actions are legal");
                }
            }
            assert_eq!(g.validate(), Ok(()), "{} seed {seed}, over", named.name);
        }
    }
}

/// What [`Game::validate`](crate::Game::validate) says of `g` saved as JSON, changed
/// by `edit` and loaded again (empty: it passes): a ruleset's tests of one corrupted
/// field at a time. It panics if the edited JSON no longer deserializes.
pub fn problems_after<G: FullGame>(g: &G, edit: impl FnOnce(&mut Value)) -> Vec<String> {
    let mut v = serde_json::to_value(g).expect("a state writes as JSON");
    edit(&mut v);
    let loaded: G = serde_json::from_value(v).expect("the edited state still deserializes");
    loaded
        .validate()
        .err()
        .map(|e| e.problems)
        .unwrap_or_default()
}

/// A ruleset's conformance tests, one `#[test]` a line (each runs on its own thread,
/// as separate tests do): `name: run(SCENARIOS, CONFIG) == GAMES;` runs [`run`] and
/// requires a clean report of exactly `GAMES` games, `name: forced_dice(SCENARIOS,
/// CONFIG);` runs [`run_forced_dice`] and requires a clean report of at least one;
/// `then |r| …` adds a check of the [`Report`]. Doc comments and attributes go above
/// their line.
///
/// ```ignore
/// orrery_core::conformance_tests! {
///     Warfleets;
///     patrol_random_games: run([scenario("patrol")], Config::random_games(1700, 1)) == 1700;
///     forced_dice_games: forced_dice([scenario("patrol")], Config::random_games(40, 90_000));
/// }
/// ```
#[macro_export]
macro_rules! conformance_tests {
    ($game:ty; $($(#[$meta:meta])* $name:ident: $kind:ident($scenarios:expr, $cfg:expr $(,)?)
        $(== $games:expr)? $(, then $check:expr)?;)*) => {
        $(
            $(#[$meta])*
            #[test]
            fn $name() {
                let r = $crate::conformance_tests!(@$kind $game, $scenarios, $cfg);
                r.assert_clean();
                $crate::conformance_tests!(@games r $(, $games)?);
                $( ($check)(&r); )?
            }
        )*
    };
    (@run $game:ty, $scenarios:expr, $cfg:expr) => {
        $crate::conformance::run::<$game>(&$scenarios, &$cfg)
    };
    (@forced_dice $game:ty, $scenarios:expr, $cfg:expr) => {
        $crate::conformance::run_forced_dice::<$game>(&$scenarios, &$cfg)
    };
    (@games $r:ident, $games:expr) => {
        assert_eq!($r.games, $games, "{:?}", $r)
    };
    (@games $r:ident) => {
        assert!($r.games > 0, "{:?}", $r)
    };
}

/// Run the suite over the given scenarios.
pub fn run<G: FullGame>(scenarios: &[G::Scenario], cfg: &Config) -> Report {
    run_with::<G>(scenarios, cfg, &[])
}

/// [`run`], with extra seat-facing channels (e.g. agent suggestions) in the leak
/// checks.
///
/// The games are shared among the machine's cores (each game is seeded on its own, so
/// the report is the same however many run at once: its violations come in game
/// order); the run stops after the first game that takes it past 50 violations.
pub fn run_with<G: FullGame>(
    scenarios: &[G::Scenario],
    cfg: &Config,
    channels: &[Channel<G>],
) -> Report {
    let games: Vec<(usize, u64)> = (0..scenarios.len())
        .flat_map(|si| (0..cfg.games).map(move |i| (si, cfg.first_seed + i as u64)))
        .collect();
    let next = AtomicUsize::new(0);
    let violations = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(games.len())
        .max(1);
    let play = || {
        let mut done = Vec::new();
        while violations.load(Ordering::Relaxed) <= 50 {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(si, seed)) = games.get(k) else {
                break;
            };
            let mut one = Report::default();
            play_one_with::<G>(&scenarios[si], seed, cfg, channels, &mut one, si);
            violations.fetch_add(one.violations.len(), Ordering::Relaxed);
            done.push((k, one));
        }
        done
    };
    let mut played: Vec<(usize, Report)> = if workers == 1 {
        play()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers).map(|_| scope.spawn(play)).collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    };
    played.sort_by_key(|(k, _)| *k);
    let mut report = Report::default();
    for (_, one) in played {
        report.absorb(Report { games: 1, ..one });
        if report.violations.len() > 50 {
            break;
        }
    }
    report
}

/// [`run`] with the dice forced to their extremes ([`Config::forced_faces`]): every
/// die its highest face, every die its lowest, then the two in turn (at most 24 forced
/// dice a step), where every seat can fall at once; the games of all three.
pub fn run_forced_dice<G: FullGame>(scenarios: &[G::Scenario], cfg: &Config) -> Report {
    let high_low: Vec<u32> = [u32::MAX, 1].repeat(12);
    let mut total = Report::default();
    for faces in [vec![u32::MAX; 24], vec![1; 24], high_low] {
        let r = run::<G>(
            scenarios,
            &Config {
                forced_faces: faces,
                ..cfg.clone()
            },
        );
        total.absorb(r);
    }
    total
}

fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// Play one random game, checking the contract as it goes.
pub fn play_one<G: FullGame>(
    scenario: &G::Scenario,
    seed: u64,
    cfg: &Config,
    report: &mut Report,
    scenario_index: usize,
) {
    play_one_with::<G>(scenario, seed, cfg, &[], report, scenario_index);
}

fn play_one_with<G: FullGame>(
    scenario: &G::Scenario,
    seed: u64,
    cfg: &Config,
    channels: &[Channel<G>],
    report: &mut Report,
    scenario_index: usize,
) {
    let tag = format!("{} scenario #{scenario_index} seed {seed}", G::INFO.id);
    let mut game = match G::setup(scenario, seed) {
        Ok(g) => g,
        Err(e) => {
            report.violations.push(format!("{tag}: setup failed: {e}"));
            return;
        }
    };
    let mut chooser = Rng::seed_from(seed ^ 0x5eed_c0de_0bad_cafe);
    let mut record = Record {
        ruleset: G::INFO.id.into(),
        scenario: to_json(scenario).into(),
        seed,
        actions: Vec::new(),
    };
    let bound = game.action_bound();
    let mut learning = learn::Learning::new(&game);
    check_unrevealed(&game, &record, report, &tag, 0);
    let save_at = chooser.index(64);
    let mut step = 0usize;
    let mut last: Option<(Seat, G::Action)> = None;
    // Each seat's view and knowledge digest at the last checked step.
    let mut known: Vec<Option<(G::View, u64)>> = vec![None; usize::from(game.seats())];
    loop {
        let to_move = game.to_move();
        let terminal = game.outcome().is_some();
        if to_move.is_empty() != terminal {
            report.violations.push(format!(
                "{tag} step {step}: to_move {to_move:?} but terminal = {terminal}"
            ));
            return;
        }
        if terminal {
            // A finished game is a state reached by play too: it validates.
            corrupt::check_valid(&game, &format!("{tag} final"), &mut report.violations);
            ending::check_final(&game, chooser.next_u64(), &mut report.violations, &tag);
            if let Some((s, a)) = &last {
                let mut copy = game.clone();
                match copy.apply(*s, a) {
                    Err(ActionError::GameOver) if copy.state_hash() == game.state_hash() => {}
                    other => report.violations.push(format!(
                        "{tag}: an action after the game is over was answered {:?}, not GameOver",
                        other.map(|_| "accepted")
                    )),
                }
            }
            break;
        }
        if step >= bound {
            report
                .violations
                .push(format!("{tag}: not over after {bound} actions"));
            return;
        }
        if !cfg.forced_faces.is_empty() && !game.rng().has_forced() {
            game.rng_mut().force(&cfg.forced_faces);
        }
        let seat = to_move[chooser.index(to_move.len())];
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            report.violations.push(format!(
                "{tag} step {step}: seat {seat} to move but no legal actions"
            ));
            return;
        }
        let checked = step.is_multiple_of(cfg.check_every.max(1));
        let deep = checked
            && cfg.deep_every > 0
            && (step / cfg.check_every.max(1)).is_multiple_of(cfg.deep_every);
        if checked {
            check_digest_tells_apart(&game, &mut known, report, &tag, step);
            corrupt::check_valid(&game, &format!("{tag} step {step}"), &mut report.violations);
            check_step(
                &game,
                Mover {
                    seat,
                    to_move: &to_move,
                    legal: &legal,
                },
                &record,
                cfg,
                channels,
                &mut chooser,
                report,
                &tag,
                step,
            );
        }
        if checked {
            learning.check(&game, seat, &legal, &mut report.violations, &tag, step);
        }
        if deep {
            check_phase(&game, seat, report, &tag, step);
            check_hidden(&game, channels, &mut chooser, report, &tag, step);
        }
        if step == save_at {
            corrupt::check_corruptions::<G>(
                &to_json(&game),
                cfg.corruptions,
                cfg.corrupt_steps,
                &mut chooser,
                &format!("{tag} step {step}"),
                &mut report.violations,
            );
            match serde_json::to_string(&game).map(|s| serde_json::from_str::<G>(&s)) {
                Ok(Ok(loaded)) => {
                    if loaded.state_hash() != game.state_hash() {
                        report
                            .violations
                            .push(format!("{tag} step {step}: save/load changed the hash"));
                    }
                    game = loaded;
                }
                Ok(Err(e)) | Err(e) => {
                    report
                        .violations
                        .push(format!("{tag} step {step}: save/load failed: {e}"));
                }
            }
        }
        let action = legal[chooser.index(legal.len())].clone();
        let before = deep.then(|| game.clone());
        if let Err(e) = game.apply(seat, &action) {
            report.violations.push(format!(
                "{tag} step {step}: listed action {} rejected: {e}",
                to_json(&action)
            ));
            return;
        }
        if let Some(before) = &before {
            check_undo(
                before,
                &game,
                seat,
                &action,
                &mut chooser,
                report,
                &tag,
                step,
            );
        }
        last = Some((seat, action.clone()));
        record.actions.push(RecordedAction {
            seat,
            action: to_json(&action).into(),
            hash: Some(game.state_hash()),
        });
        step += 1;
        report.actions += 1;
        check_unrevealed(&game, &record, report, &tag, step);
    }
    if !cfg.forced_faces.is_empty() {
        return;
    }
    match record.replay::<G>() {
        Ok(replayed) if replayed.state_hash() == game.state_hash() => {}
        Ok(_) => report
            .violations
            .push(format!("{tag}: replay ended on a different hash")),
        Err(e) => report.violations.push(format!("{tag}: replay failed: {e}")),
    }
}

/// `unrevealed(s)` counts actions `s` made: it can never exceed their number, and
/// [`Game::is_secret`](crate::Game::is_secret) marks exactly that many of them.
fn check_unrevealed<G: FullGame>(
    game: &G,
    record: &Record,
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    for s in Seat::all(game.seats()) {
        let made = record.actions.iter().filter(|a| a.seat == s).count();
        let secret = game.unrevealed(s);
        if secret > made {
            report.violations.push(format!(
                "{tag} after {step} actions: unrevealed(seat {s}) = {secret} but the seat made only {made} action(s)"
            ));
        }
        let marked = (0..made).filter(|&back| game.is_secret(s, back)).count();
        if marked != secret.min(made) {
            report.violations.push(format!(
                "{tag} after {step} actions: is_secret marks {marked} of seat {s}'s actions but unrevealed = {secret}"
            ));
        }
    }
}

/// The seat whose action is being chosen, the seats to move and its legal actions.
struct Mover<'a, A> {
    seat: Seat,
    to_move: &'a [Seat],
    legal: &'a [A],
}

#[allow(clippy::too_many_arguments)]
fn check_step<G: FullGame>(
    game: &G,
    mover: Mover<'_, G::Action>,
    record: &Record,
    cfg: &Config,
    channels: &[Channel<G>],
    chooser: &mut Rng,
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    let Mover {
        seat,
        to_move,
        legal,
    } = mover;
    // The hash recorded after the last action is this state's (a save and load keeps
    // it, as checked where it happens), unless dice were forced since.
    let hash = match record.actions.last().and_then(|a| a.hash) {
        Some(h) if cfg.forced_faces.is_empty() => h,
        _ => game.state_hash(),
    };
    // Listed actions apply.
    for _ in 0..cfg.legal_samples.min(legal.len()) {
        let a = &legal[chooser.index(legal.len())];
        let mut copy = game.clone();
        if let Err(e) = copy.apply(seat, a) {
            report.violations.push(format!(
                "{tag} step {step}: listed action {} rejected: {e}",
                to_json(a)
            ));
        }
    }
    // The ruleset's sampler and search abstraction only ever offer legal actions.
    let mut sampler = chooser.clone();
    match game.sample_action(seat, &mut sampler) {
        Some(a) if !legal.contains(&a) => report.violations.push(format!(
            "{tag} step {step}: sample_action gave the unlisted {}",
            to_json(&a)
        )),
        None => report.violations.push(format!(
            "{tag} step {step}: sample_action gave nothing though seat {seat} is to move"
        )),
        _ => {}
    }
    // So does the search's opponent model (issue 27).
    let mut playout = chooser.clone();
    match game.playout_action(seat, &mut playout) {
        Some(a) if !legal.contains(&a) => report.violations.push(format!(
            "{tag} step {step}: playout_action gave the unlisted {}",
            to_json(&a)
        )),
        None => report.violations.push(format!(
            "{tag} step {step}: playout_action gave nothing though seat {seat} is to move"
        )),
        _ => {}
    }
    let search = game.search_actions(seat);
    if search.is_empty() {
        report.violations.push(format!(
            "{tag} step {step}: search_actions is empty though seat {seat} is to move"
        ));
    }
    if let Some(a) = search.iter().find(|a| !legal.contains(a)) {
        report.violations.push(format!(
            "{tag} step {step}: search_actions offers the unlisted {}",
            to_json(a)
        ));
    }
    // A seat that is not to move is refused.
    if let Some(other) = Seat::all(game.seats()).find(|s| !to_move.contains(s)) {
        let mut copy = game.clone();
        let a = &legal[chooser.index(legal.len())];
        match copy.apply(other, a) {
            Ok(_) => report.violations.push(format!(
                "{tag} step {step}: seat {other} (not to move) had {} accepted",
                to_json(a)
            )),
            Err(_) if copy.state_hash() != hash => report.violations.push(format!(
                "{tag} step {step}: rejected out-of-turn action changed the state"
            )),
            Err(ActionError::NotYourTurn { .. }) => report.illegal_rejected += 1,
            Err(e) => report.violations.push(format!(
                "{tag} step {step}: seat {other} (not to move) was answered `{e}`, not \
                 NotYourTurn (the protocol's not_your_turn)"
            )),
        }
    }
    // Mutated actions that are not listed are refused without a trace.
    for _ in 0..cfg.illegal_samples {
        let base = to_json(&legal[chooser.index(legal.len())]);
        let mutated = mutate(&base, chooser);
        let Ok(action) = serde_json::from_value::<G::Action>(mutated.clone()) else {
            continue;
        };
        if legal.contains(&action) {
            continue;
        }
        let mut copy = game.clone();
        match copy.apply(seat, &action) {
            Ok(_) => report.violations.push(format!(
                "{tag} step {step}: unlisted action {mutated} was accepted"
            )),
            Err(_) if copy.state_hash() != hash => report.violations.push(format!(
                "{tag} step {step}: rejected action {mutated} changed the state"
            )),
            Err(_) => report.illegal_rejected += 1,
        }
    }
    if legal.len() >= 2 {
        check_commitment(
            game, seat, to_move, legal, record, channels, chooser, report, tag, step,
        );
    }
}

/// Leak check: `seat` commits one of two different legal actions. If the commitment
/// is secret (several seats to move, or it stays unrevealed), nobody else may tell
/// the two worlds apart through any channel.
#[allow(clippy::too_many_arguments)]
fn check_commitment<G: FullGame>(
    game: &G,
    seat: Seat,
    to_move: &[Seat],
    legal: &[G::Action],
    record: &Record,
    channels: &[Channel<G>],
    chooser: &mut Rng,
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    let i = chooser.index(legal.len());
    let j = (i + 1 + chooser.index(legal.len() - 1)) % legal.len();
    let (mut g1, mut g2) = (game.clone(), game.clone());
    let (e1, e2) = match (g1.apply(seat, &legal[i]), g2.apply(seat, &legal[j])) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return,
    };
    let secret = g1.is_secret(seat, 0) && g2.is_secret(seat, 0);
    if to_move.len() < 2 && !secret {
        return;
    }
    report.simultaneous_checks += 1;
    let branch = |g: &G, a: &G::Action| {
        let mut r = record.clone();
        r.actions.push(RecordedAction {
            seat,
            action: to_json(a).into(),
            hash: Some(g.state_hash()),
        });
        r
    };
    let (r1, r2) = (branch(&g1, &legal[i]), branch(&g2, &legal[j]));
    for (g, r) in [(&g1, &r1), (&g2, &r2)] {
        check_unrevealed(g, r, report, tag, step + 1);
    }
    let salt = chooser.next_u64();
    let asked = probes(game, salt);
    let viewers = Seat::all(game.seats())
        .filter(|&s| s != seat)
        .map(Some)
        .chain(std::iter::once(None));
    for v in viewers {
        let who = v.map_or("spectator".to_string(), |s| format!("seat {s}"));
        // Each visible event and its narrated text (computed from the state after the
        // action, so it could leak what the event itself does not show).
        let vis = |g: &G, ev: &Vec<crate::Logged<G::Event>>| -> Vec<Value> {
            ev.iter()
                .filter(|e| e.visible_to(v))
                .map(|e| serde_json::json!([to_json(&e.event), g.describe_event(&e.event)]))
                .collect()
        };
        // What a front end prints or sends for the action itself (`orrery play`).
        if action_seen_by(game, &g1, seat, &legal[i], v)
            != action_seen_by(game, &g2, seat, &legal[j], v)
        {
            report.violations.push(format!(
                "{tag} step {step}: {who} is told seat {seat}'s secret commitment (action_seen_by, what `orrery play` prints)"
            ));
        }
        if vis(&g1, &e1) != vis(&g2, &e2) {
            report.violations.push(format!(
                "{tag} step {step}: {who} sees events that depend on seat {seat}'s secret commitment"
            ));
        }
        if let Some(s) = v {
            if g1.knowledge_digest(s) != g2.knowledge_digest(s) {
                report.violations.push(format!(
                    "{tag} step {step}: {who}'s knowledge digest (what seeds its agents and keys their search) depends on seat {seat}'s secret commitment"
                ));
            }
        }
        if to_json(&seat_record(&r1, &g1, v)) != to_json(&seat_record(&r2, &g2, v)) {
            report.violations.push(format!(
                "{tag} step {step}: {who}'s seat record depends on seat {seat}'s secret commitment (is `unrevealed` right?)"
            ));
        }
        let (a, b) = (
            readings(&g1, v, &asked, channels, salt),
            readings(&g2, v, &asked, channels, salt),
        );
        if let Some(d) = first_difference(&a, &b) {
            report.violations.push(format!(
                "{tag} step {step}: {who} can tell seat {seat}'s secret commitment through {d}"
            ));
        }
        if let Some(s) = v {
            let mut d1 = g1.clone();
            let mut d2 = g2.clone();
            d1.determinize(s, &mut Rng::seed_from(salt));
            d2.determinize(s, &mut Rng::seed_from(salt));
            if to_json(&d1) != to_json(&d2) {
                report.violations.push(format!(
                    "{tag} step {step}: {who}'s determinized copy (what a look-ahead agent starts from) depends on seat {seat}'s secret commitment"
                ));
            }
        }
    }
    follow_twins(g1, g2, seat, channels, salt, report, tag, step);
}

/// How many actions [`follow_twins`] plays on after a secret commitment.
const FOLLOW: usize = 6;

/// The two worlds of a secret commitment played on with the same actions while they
/// allow them: for every other seat whose view is still the same in both, what seeds
/// and starts its agents (its knowledge digest, its determinized copy) and the
/// caller's channels (agents' suggestions) must be the same too. A view that forgets
/// what the seat was told when the secret came out (Stratoyager's dogfight movement
/// cards, issue 37 §3), or a determinization that keeps what the view does not show,
/// would let an agent's choice, even through its random stream, depend on the other
/// seat's hidden cards; the check at the commitment alone cannot see that.
#[allow(clippy::too_many_arguments)]
fn follow_twins<G: FullGame>(
    mut g1: G,
    mut g2: G,
    committed: Seat,
    channels: &[Channel<G>],
    salt: u64,
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    let mut chooser = Rng::seed_from(salt ^ 0x7f4a_7c15_f39c_c060);
    for k in 1..=FOLLOW {
        let to_move = g1.to_move();
        if to_move.is_empty() || to_move != g2.to_move() {
            return;
        }
        let mover = to_move[chooser.index(to_move.len())];
        let legal = g1.legal_actions(mover);
        if legal.is_empty() {
            return;
        }
        let a = &legal[chooser.index(legal.len())];
        if g1.apply(mover, a).is_err() || g2.apply(mover, a).is_err() {
            return;
        }
        let mut told = false;
        for s in Seat::all(g1.seats()).filter(|&s| s != committed) {
            if g1.view(Some(s)) != g2.view(Some(s)) {
                continue;
            }
            told = true;
            let at = format!("{tag} step {step} (+{k})");
            if g1.knowledge_digest(s) != g2.knowledge_digest(s) {
                report.violations.push(format!(
                    "{at}: seat {s}'s view is the same in two worlds that differ in seat {committed}'s earlier secret, but its knowledge digest is not"
                ));
            }
            let (mut d1, mut d2) = (g1.clone(), g2.clone());
            d1.determinize(s, &mut Rng::seed_from(salt));
            d2.determinize(s, &mut Rng::seed_from(salt));
            let (j1, j2) = (to_json(&d1), to_json(&d2));
            if j1 != j2 {
                let (path, x, y) = channels::where_differ(&j1, &j2, String::new());
                report.violations.push(format!(
                    "{at}: seat {s}'s view is the same in two worlds that differ in seat {committed}'s earlier secret, but its determinized copy is not, at `{path}`: {x} vs {y} (determinize keeps what the view does not show, or the view forgets what the seat was told)"
                ));
            }
            for c in channels {
                if (c.read)(&g1, s) != (c.read)(&g2, s) {
                    report.violations.push(format!(
                        "{at}: seat {s}'s view is the same in two worlds that differ in seat {committed}'s earlier secret, but {} is not",
                        c.name
                    ));
                }
            }
        }
        if !told {
            return;
        }
    }
}

/// Status and view name the phase alike: where a view has a `phase` field it is the
/// status's phase string (issue 9: one type in `status` and `view`).
fn check_phase<G: FullGame>(game: &G, seat: Seat, report: &mut Report, tag: &str, step: usize) {
    let phase = game.progress().phase;
    for viewer in [None, Some(seat)] {
        let v = to_json(&game.view(viewer));
        if let Some(p) = v.get("phase") {
            if p.as_str() != Some(phase.as_str()) {
                report.violations.push(format!(
                    "{tag} step {step}: the view's phase {p} is not the status's {phase:?}"
                ));
            }
        }
    }
}

/// [`SearchHints::knowledge_digest`](crate::SearchHints::knowledge_digest) tells apart what its seat sees: when a seat's view
/// changed since the last checked step, its digest must have changed too (MCTS keys
/// its information sets by the digest, so two views digesting alike would share one
/// node).
fn check_digest_tells_apart<G: FullGame>(
    game: &G,
    known: &mut [Option<(G::View, u64)>],
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    for (i, slot) in known.iter_mut().enumerate() {
        let seat = Seat(i as u8);
        let (view, digest) = (game.view(Some(seat)), game.knowledge_digest(seat));
        if let Some((before, d)) = slot {
            if *before != view && *d == digest {
                report.violations.push(format!(
                    "{tag} step {step}: seat {seat}'s view changed but its knowledge digest did not (it must feed every part of the view that changes during a game)"
                ));
            }
        }
        *slot = Some((view, digest));
    }
}

/// Hidden information itself varied (the order of every face-down pile, other seats'
/// secret orders, the dice generator): the game as it is and another world that seat
/// cannot tell from it (the game determinized for it: everything it may not know drawn
/// afresh) must tell the seat the same through every channel, agents' suggestions
/// included, and a look-ahead agent must start from the same copy in both (so
/// [`Game::determinize`](crate::Game::determinize) may not read what it replaces: it puts it in a canonical
/// order first).
fn check_hidden<G: FullGame>(
    game: &G,
    channels: &[Channel<G>],
    chooser: &mut Rng,
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    let seat = Seat(chooser.index(usize::from(game.seats()).max(1)) as u8);
    let salt = chooser.next_u64();
    let mut other = game.clone();
    other.determinize(seat, &mut Rng::seed_from(salt ^ 0x9e37_79b9_7f4a_7c15));
    let asked = probes(game, salt);
    // The game itself against another world; where determinize forgets other seats'
    // pending answers (its copy is then not a world the seat could be in, as its own
    // view shows), two such copies against each other.
    let real = if other.view(Some(seat)) == game.view(Some(seat)) {
        game.clone()
    } else if !G::INFO.determinize_asks_again {
        report.violations.push(format!(
            "{tag} step {step}: determinize changed what seat {seat} sees (its copy must be a world the seat cannot tell from the game)"
        ));
        return;
    } else {
        let mut d = game.clone();
        d.determinize(seat, &mut Rng::seed_from(salt ^ 0x5851_f42d_4c95_7f2d));
        d
    };
    let (a, b) = (
        readings(&real, Some(seat), &asked, channels, salt),
        readings(&other, Some(seat), &asked, channels, salt),
    );
    if let Some(d) = first_difference(&a, &b) {
        report.violations.push(format!(
            "{tag} step {step}: seat {seat} learns hidden information (the game and a world it cannot tell from it differ) through {d}"
        ));
    }
    ending::check_running(
        &real,
        &other,
        seat,
        &mut report.violations,
        &format!("{tag} step {step}"),
    );
    if real.knowledge_digest(seat) != other.knowledge_digest(seat) {
        report.violations.push(format!(
            "{tag} step {step}: seat {seat}'s knowledge digest (what seeds its agents' decisions) reads hidden information: the game and a world it cannot tell from it digest differently"
        ));
    }
    let (mut d1, mut d2) = (game.clone(), other);
    d1.determinize(seat, &mut Rng::seed_from(salt));
    d2.determinize(seat, &mut Rng::seed_from(salt));
    if d1.state_hash() != d2.state_hash() {
        report.violations.push(format!(
            "{tag} step {step}: seat {seat}'s determinized copy depends on what it may not know (two worlds it cannot tell apart, one generator, different copies)"
        ));
    }
}

/// Undo never takes back a step that made anything hidden known ([`may_undo`]): when
/// it allows undoing `seat`'s `action` (`before` → `after`), the step may not show any
/// seat something it did not know. Checked by playing the action in two worlds that
/// seat cannot tell apart (the state before, determinized for it with two
/// generators): its view and its events after must be the same in both.
#[allow(clippy::too_many_arguments)]
fn check_undo<G: FullGame>(
    before: &G,
    after: &G,
    seat: Seat,
    action: &G::Action,
    chooser: &mut Rng,
    report: &mut Report,
    tag: &str,
    step: usize,
) {
    if !may_undo(before, after, seat) {
        return;
    }
    let salt = chooser.next_u64();
    for s in Seat::all(before.seats()) {
        let seen_before = before.view(Some(s));
        let told = |k: u64| {
            let mut w = before.clone();
            w.determinize(s, &mut Rng::seed_from(salt ^ k));
            // A copy that forgot other seats' pending answers (they are asked again
            // in it, `GameInfo::determinize_asks_again`) is not a world the seat could be
            // in: no test here (check_hidden reports any other such copy).
            if w.view(Some(s)) != seen_before {
                return None;
            }
            let events = w.apply(seat, action).ok()?;
            let seen: Vec<Value> = events
                .iter()
                .filter(|e| e.visible_to(Some(s)))
                .map(|e| serde_json::json!([to_json(&e.event), w.describe_event(&e.event)]))
                .collect();
            Some((w.view(Some(s)), seen))
        };
        if let (Some(a), Some(b)) = (told(1), told(2)) {
            if a != b {
                let (ja, jb) = (to_json(&a), to_json(&b));
                let (path, x, y) = channels::where_differ(&ja, &jb, String::new());
                report.violations.push(format!(
                    "{tag} step {step}: seat {seat}'s {} may be undone, but it showed seat {s} something hidden (two worlds it could not tell apart differ after it at `{path}`: {} vs {}); Game::revealed_since should say so",
                    to_json(action),
                    channels::clip(x),
                    channels::clip(y)
                ));
            }
        }
    }
}

/// A random structural mutation of an action's JSON: wrong numbers, strings, missing
/// or extra fields, or a value of the wrong type.
pub fn mutate(v: &Value, rng: &mut Rng) -> Value {
    match rng.index(6) {
        0 => [
            Value::Null,
            Value::from(42),
            Value::from("bogus"),
            Value::Array(vec![]),
        ][rng.index(4)]
        .clone(),
        _ => mutate_inner(v, rng),
    }
}

fn mutate_inner(v: &Value, rng: &mut Rng) -> Value {
    match v {
        Value::Number(n) => {
            let x = n.as_i64().unwrap_or(0);
            let deltas = [1, -1, 2, 7, 100, -100, 1000];
            Value::from(x + deltas[rng.index(deltas.len())])
        }
        Value::String(_) => Value::from(["bogus", "", "north"][rng.index(3)]),
        Value::Bool(b) => Value::Bool(!b),
        Value::Array(items) => {
            let mut items = items.clone();
            match rng.index(3) {
                0 if !items.is_empty() => {
                    items.remove(rng.index(items.len()));
                }
                1 if !items.is_empty() => {
                    let k = rng.index(items.len());
                    items.push(items[k].clone());
                }
                _ if !items.is_empty() => {
                    let k = rng.index(items.len());
                    items[k] = mutate_inner(&items[k], rng);
                }
                _ => items.push(Value::from(0)),
            }
            Value::Array(items)
        }
        Value::Object(map) => {
            let mut map = map.clone();
            let keys: Vec<String> = map.keys().cloned().collect();
            if keys.is_empty() || rng.index(5) == 0 {
                map.insert("bogus".into(), Value::from(1));
            } else {
                let k = &keys[rng.index(keys.len())];
                if rng.index(4) == 0 {
                    map.remove(k);
                } else if let Some(x) = map.get(k).cloned() {
                    map.insert(k.clone(), mutate_inner(&x, rng));
                }
            }
            Value::Object(map)
        }
        Value::Null => Value::from(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{BidScenario, SealedBids};

    #[test]
    fn toy_game_passes_the_suite() {
        let scenarios: Vec<BidScenario> = (2..=4)
            .map(|players| BidScenario { players, rounds: 3 })
            .collect();
        let r = run::<SealedBids>(&scenarios, &Config::default());
        r.assert_clean();
        assert_eq!(r.games, 300);
        assert!(r.simultaneous_checks > 100);
        assert!(r.illegal_rejected > 100);
    }

    /// The learning tests' toy game (issue 38) keeps the contract too.
    #[test]
    fn take_away_passes_the_suite() {
        use crate::toy::{PileScenario, TakeAway};
        let scenarios = [PileScenario { stones: 21 }, PileScenario { stones: 7 }];
        let r = run::<TakeAway>(&scenarios, &Config::default());
        r.assert_clean();
        assert_eq!(r.games, 200);
    }
}
