//! The rulesets this binary offers: the one list lives in `orrery-rulesets`; here are
//! the binary's errors for an id it does not offer.

use orrery_protocol::{Registry, Ruleset};
pub use orrery_rulesets::{dispatch, ids, registry, WithGame};

/// The error for a ruleset id this binary does not offer, listing the ones it does.
pub fn unknown(id: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "unknown ruleset `{id}`{}",
        orrery_protocol::unknown_ruleset_hint(id, &ids())
    )
}

/// The ruleset `id` of `registry`, or [`unknown`].
pub fn get<'a>(registry: &'a Registry, id: &str) -> anyhow::Result<&'a dyn Ruleset> {
    registry.get(id).ok_or_else(|| unknown(id))
}

/// The rulesets to read a file as: the one asked for (checked), else every one.
pub fn candidates(registry: &Registry, ruleset: Option<&str>) -> anyhow::Result<Vec<String>> {
    Ok(match ruleset {
        Some(id) => {
            get(registry, id)?;
            vec![id.to_string()]
        }
        None => registry.rulesets().into_iter().map(|r| r.id).collect(),
    })
}
