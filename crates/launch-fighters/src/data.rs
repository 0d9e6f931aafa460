//! Data files: the Starship Blue Book and scenarios in TOML. OWNER: helper "lf-data".

use crate::types::Scenario;
use orrery_core::NamedScenario;

/// The scenarios shipped with the engine; the first is the default.
pub fn builtin_scenarios() -> Vec<NamedScenario<Scenario>> {
    todo!()
}
