//! The one list of rulesets this binary offers, and typed dispatch by ruleset id, so
//! commands written once against [`Game`] (the lab) run on the concrete game type.

use orrery_core::Game;
use orrery_launch_fighters::LaunchFighters;
use orrery_protocol::{Registry, Ruleset};
use orrery_stratoyager::Stratoyager;

/// Something to do with one concrete ruleset type.
pub trait WithGame {
    type Out;
    fn with<G: Game>(self) -> Self::Out;
}

/// Every ruleset id, in the order `rulesets` lists them.
pub const IDS: &[&str] = &["launch-fighters", "stratoyager"];

/// Run `f` with the game type of ruleset `id`; `None` for an unknown id.
pub fn dispatch<F: WithGame>(id: &str, f: F) -> Option<F::Out> {
    match id {
        "launch-fighters" => Some(f.with::<LaunchFighters>()),
        "stratoyager" => Some(f.with::<Stratoyager>()),
        _ => None,
    }
}

struct Register<'a>(&'a mut Registry);

impl WithGame for Register<'_> {
    type Out = ();
    fn with<G: Game>(self) {
        self.0.register::<G>();
    }
}

/// The error for a ruleset id this binary does not offer, listing the ones it does.
pub fn unknown(id: &str) -> anyhow::Error {
    anyhow::anyhow!("unknown ruleset `{id}` (known: {})", IDS.join(", "))
}

/// The ruleset `id` of `registry`, or [`unknown`].
pub fn get<'a>(registry: &'a Registry, id: &str) -> anyhow::Result<&'a dyn Ruleset> {
    registry.get(id).ok_or_else(|| unknown(id))
}

/// Every ruleset, registered for the engine protocol and the commands.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    for id in IDS {
        dispatch(id, Register(&mut r));
    }
    r
}
