//! # orrery-core
//!
//! The rules-agnostic heart of Orrery. A ruleset implements [`Game`]; everything else
//! (agents, the engine protocol, the CLI, the battle lab) is written once against it.
//!
//! The flow follows *command → check → execute → events*: [`Game::apply`] first checks
//! an action against the rules and only then changes the state, so a rejected action
//! leaves the state bit-for-bit unchanged (the conformance suite verifies this by
//! hash). Several seats may owe a decision at once ([`Game::to_move`]): that is how
//! secret simultaneous orders work — each commits, and nobody's view shows another's
//! commitment until the rules reveal it.
//!
//! No I/O, no terminal, no async here.

mod calculator;
/// A ruleset's browser assets from its crate's `web/` folder — `rules.md` and
/// `glossary.json` (the rules page), `board.js` (the board), `builder.js` (the fleet
/// builder) — as the [`Presentation`] methods `rules_page`, `board_script` and
/// `builder_script`: one line inside a ruleset's `impl Presentation` (docs/web.md
/// says what each file draws).
#[macro_export]
macro_rules! web_assets {
    () => {
        fn rules_page() -> Option<$crate::RulesPage> {
            Some($crate::RulesPage {
                markdown: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/rules.md")),
                glossary: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/glossary.json")),
            })
        }

        fn board_script() -> Option<&'static str> {
            Some(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/web/board.js"
            )))
        }

        fn builder_script() -> Option<&'static str> {
            Some(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/web/builder.js"
            )))
        }

        fn tutorial() -> Option<&'static str> {
            Some(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/web/tutorial.toml"
            )))
        }
    };
}

/// A ruleset's quick order entry from its crate's `quick` module — `hint(game, seat)`
/// (what the seat may type now) and `parse(game, seat, text)` (one answer, or why
/// not) — as the [`Presentation`] methods `input_hint` and `parse_action`: one line
/// inside a ruleset's `impl Presentation`.
// `crate::quick` is the calling ruleset's module, on purpose (as `web_assets!` reads
// the calling crate's `web/`).
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! quick_entry {
    () => {
        fn input_hint(&self, seat: $crate::Seat) -> Option<String> {
            crate::quick::hint(self, seat)
        }

        fn parse_action(
            &self,
            seat: $crate::Seat,
            text: &str,
        ) -> Option<Result<Vec<Self::Action>, String>> {
            Some(crate::quick::parse(self, seat, text).map(|a| vec![a]))
        }
    };
}

pub mod conformance;
mod digest;
mod ending;
mod error;
mod event;
mod files;
mod game;
mod hash;
pub mod learn;
pub mod prob;
mod record;
mod rng;
mod seat;
mod session;
pub mod toy;

pub use calculator::{
    OddsArgs, OddsCalculator, OddsCalculators, OddsError, OddsParam, OddsReport, OddsValue,
    ParamKind,
};
pub use digest::{digest, Digester};
pub use ending::{
    capitalized, counted, default_ending, ending_after_agreed_draw, ending_after_resign,
    ending_from, grouped_loss_line, headline, loss_line, losses_from_fates, reason_note,
    result_word, round_for_reading, scored_headline, scores_in, seat_name, signed_for_reading,
    tallied_ending, tally, Ending, SideResult,
};
pub use error::{ActionError, SetupError, StateError};
pub use event::{Audience, Logged};
pub use files::{BuildForces, FileError, FleetCheck, RosterFile};
pub use game::{
    scenario_from_json, score_margin, Files, FullGame, Game, GameInfo, Learning, NamedScenario,
    Odds, Outcome, Presentation, Progress, RosterEntry, RulesPage, SearchHints, UnitFate,
};
pub use hash::{stable_hash, stable_hash_bytes, StateHash};
pub use record::{
    action_seen_by, seat_record, seed_digits, ActionText, Record, RecordedAction, ReplayError,
    SeatRecord, SeatRecordedAction,
};
pub use rng::Rng;
pub use seat::Seat;
pub use session::{may_undo, surely_ends_game, undo_refusal, Session, UndoRefusal};
