//! Golden fingerprints (issue 39: "a redesign changes nothing a user sees"): random
//! games of a scenario, and everything the rules tell anyone along the way folded
//! into one number. A restructuring of a ruleset must leave every fingerprint as it
//! was; a change a user is meant to see changes one, and the goldens are refreshed
//! on purpose (CONTRIBUTING.md).
//!
//! Folded in, at every step: the state hash and the saved state, the seats to move,
//! and for every seat and the spectator every reading the leak check compares
//! ([`super::channels`]: views, texts, legal and search lists, the sampler and the
//! timeout default, observations and action ids, odds, descriptions and refusals of
//! listed and malformed actions, scores, progress, the caller's extra channels such as
//! agents' picks) on every `deep_every`-th step (all of it is costly) and the views
//! on the others; the events of every action and of the set-up with their words; each
//! seat's record, the spectator's, the undo refusal of each seat, its knowledge
//! digest (what seeds its agents) and the previews of its listed actions; at the end
//! the outcome, the ending in words and the unit fates.
//!
//! Not folded in: the front ends' own words (the binary's narration and help, the
//! server's answers, the browser's assets) and the file readers' messages, which
//! their own tests pin. Agents' picks go through `exp` and `ln`, whose last bit may
//! differ between maths libraries: the goldens are pinned on Linux x86-64, where CI
//! runs.

use super::channels::{probes, readings, Channel};
use super::to_json;
use crate::{stable_hash_bytes, FullGame, Rng, Seat, Session};

/// How a fingerprint plays its game.
#[derive(Clone, Copy, Debug)]
pub struct Golden {
    /// Actions before the game is cut (long games are fingerprinted in part).
    pub max_steps: usize,
    /// Every reading on every `deep_every`-th step; views only on the others.
    pub deep_every: usize,
}

impl Default for Golden {
    fn default() -> Self {
        Golden {
            max_steps: 400,
            deep_every: 10,
        }
    }
}

/// Everything said, hashed in blocks so memory stays small: lines of text in, one
/// number out ([`Print::finish`]). What [`fingerprint`] folds its game into, and
/// what a ruleset's own golden test can use.
#[derive(Debug, Default)]
pub struct Print(Vec<u8>);

impl Print {
    pub fn new() -> Self {
        Print::default()
    }

    /// Fold in one line.
    pub fn add(&mut self, s: &str) {
        self.0.extend_from_slice(s.as_bytes());
        self.0.push(b'\n');
        if self.0.len() > 1 << 20 {
            let h = stable_hash_bytes(&self.0).0;
            self.0.clear();
            self.0.extend_from_slice(&h.to_le_bytes());
        }
    }

    /// Fold in a value as its JSON.
    pub fn json<T: serde::Serialize>(&mut self, v: &T) {
        self.add(&to_json(v).to_string());
    }

    /// The fingerprint of everything folded in.
    pub fn finish(&self) -> u64 {
        stable_hash_bytes(&self.0).0
    }
}

/// The fingerprint of one random game of `scenario` from `seed`: actions drawn with
/// [`SearchHints::sample_action`](crate::SearchHints::sample_action) from a generator of its own, so the game is the same
/// whenever the rules are.
pub fn fingerprint<G: FullGame>(
    scenario: &G::Scenario,
    seed: u64,
    golden: &Golden,
    extra: &[Channel<G>],
) -> u64 {
    let mut print = Print::new();
    let mut session = match Session::<G>::new(scenario, seed) {
        Ok(s) => s,
        Err(e) => {
            print.add(&e.to_string());
            return print.finish();
        }
    };
    for e in session.setup_events() {
        print.json(e);
        print.add(&session.game().describe_event(&e.event));
    }
    let mut rng = Rng::seed_from(seed ^ 0x901d_e4f1);
    let mut step = 0;
    while !session.game().is_terminal() && step < golden.max_steps {
        let g = session.game();
        print.add(&g.state_hash().to_string());
        print.json(&g.to_move());
        let viewers: Vec<Option<Seat>> = std::iter::once(None)
            .chain(Seat::all(g.seats()).map(Some))
            .collect();
        if step % golden.deep_every.max(1) == 0 {
            print.json(g);
            let asked = probes(g, seed ^ step as u64);
            for &v in &viewers {
                for (name, value) in readings(g, v, &asked, extra, seed ^ step as u64) {
                    print.add(&name);
                    print.add(&value.to_string());
                }
                print.json(&session.seat_record(v));
            }
            for s in Seat::all(g.seats()) {
                print.json(&session.undo_refusal_by(s).map(|r| r.to_string()));
                print.add(&g.knowledge_digest(s).to_string());
                for a in super::channels::spread(&g.legal_actions(s)) {
                    print.json(&g.preview_action(s, &a));
                }
            }
        } else {
            for &v in &viewers {
                print.json(&g.view(v));
            }
        }
        let to_move = g.to_move();
        if to_move.is_empty() {
            print.add("no outcome and nobody to move");
            break;
        }
        let seat = to_move[rng.index(to_move.len())];
        let Some(action) = g.sample_action(seat, &mut rng) else {
            print.add("no action to sample");
            break;
        };
        print.add(&g.describe_action(Some(seat), &action));
        match session.apply(seat, &action) {
            Ok(events) => {
                for e in &events {
                    print.json(e);
                    print.add(&session.game().describe_event(&e.event));
                }
            }
            Err(e) => {
                print.add(&format!("refused: {e}"));
                break;
            }
        }
        step += 1;
    }
    let g = session.game();
    print.add(&g.state_hash().to_string());
    print.json(&g.outcome());
    print.json(&g.ending());
    print.json(&g.unit_fates());
    print.json(&*session.record());
    print.finish()
}
