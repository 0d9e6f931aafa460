//! # orrery-rulesets
//!
//! The one list of rulesets this project offers. The CLI, the engine protocol and the
//! server read it and never name a ruleset: what a front end needs from one (scenario
//! files, odds, fleet files, rosters) is a hook of [`Game`]. **Adding a ruleset is one
//! line in `rulesets!`** (and its crate as a dependency of this one).

use orrery_core::{FullGame, Game};
use orrery_protocol::Registry;

/// Something to do with one concrete ruleset type (typed dispatch by id, so code
/// written once against [`Game`], like the lab, runs on the concrete type).
pub trait WithGame {
    type Out;
    fn with<G: FullGame>(self) -> Self::Out;
}

/// Something to do with every ruleset in turn.
pub trait Visit {
    fn visit<G: FullGame>(&mut self);
}

macro_rules! rulesets {
    ($first:ty $(, $game:ty)* $(,)?) => {
        /// The ruleset used when none is named: the first of the list.
        pub const DEFAULT_ID: &str = <$first as Game>::INFO.id;

        /// Visit every ruleset, in the order `rulesets` lists them.
        pub fn each<V: Visit>(v: &mut V) {
            v.visit::<$first>();
            $( v.visit::<$game>(); )*
        }
    };
}

// The list. One line per ruleset.
rulesets! {
    orrery_launch_fighters::LaunchFighters,
    orrery_stratoyager::Stratoyager,
    orrery_black_skies::BlackSkies,
    orrery_warfleets::Warfleets,
    orrery_stgv2::Stgv2,
}

/// Every ruleset id, in the order `rulesets` lists them.
pub fn ids() -> Vec<&'static str> {
    struct Ids(Vec<&'static str>);
    impl Visit for Ids {
        fn visit<G: FullGame>(&mut self) {
            self.0.push(G::INFO.id);
        }
    }
    let mut ids = Ids(Vec::new());
    each(&mut ids);
    ids.0
}

/// Run `f` with the game type of ruleset `id`; `None` for an unknown id.
pub fn dispatch<F: WithGame>(id: &str, f: F) -> Option<F::Out> {
    struct Dispatch<'a, F: WithGame> {
        id: &'a str,
        f: Option<F>,
        out: Option<F::Out>,
    }
    impl<F: WithGame> Visit for Dispatch<'_, F> {
        fn visit<G: FullGame>(&mut self) {
            if G::INFO.id == self.id {
                if let Some(f) = self.f.take() {
                    self.out = Some(f.with::<G>());
                }
            }
        }
    }
    let mut d = Dispatch {
        id,
        f: Some(f),
        out: None,
    };
    each(&mut d);
    d.out
}

/// Every ruleset, registered for the engine protocol, the commands and the server.
pub fn registry() -> Registry {
    struct Register(Registry);
    impl Visit for Register {
        fn visit<G: FullGame>(&mut self) {
            self.0.register::<G>();
        }
    }
    let mut r = Register(Registry::new());
    each(&mut r);
    r.0
}
