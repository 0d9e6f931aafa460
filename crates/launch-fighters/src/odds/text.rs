//! [`orrery_core::Odds::action_odds_text`] for Launch Fighters!: the odds of a barrage,
//! formation or dogfight in one line, from the same numbers `action_odds` answers.

use crate::render::unit_label;
use crate::state::LaunchFighters;
use crate::types::UnitId;
use serde_json::Value;

fn pct(v: &Value) -> String {
    format!("{:.1}%", 100.0 * v.as_f64().unwrap_or(0.0))
}

/// "hit 50.0% (direct 0.0%), destroys it 0.0%" for a barrage at a ship (LF-11,
/// LF-13); a squadron: "eliminates it" (LF-14); a dogfight: who wins (LF-12).
pub(super) fn line(g: &LaunchFighters, v: &Value) -> Option<String> {
    if v["kind"] == "dogfight" {
        return Some(format!(
            "you win {} (direct {}), lose {} (direct {}), no result {}; it is \
                 eliminated {}, you are {}",
            pct(&(v["attacker_hit"].as_f64().unwrap_or(0.0)
                + v["attacker_direct_hit"].as_f64().unwrap_or(0.0))
            .into()),
            pct(&v["attacker_direct_hit"]),
            pct(&(v["defender_hit"].as_f64().unwrap_or(0.0)
                + v["defender_direct_hit"].as_f64().unwrap_or(0.0))
            .into()),
            pct(&v["defender_direct_hit"]),
            pct(&v["no_result"]),
            pct(&v["p_defender_removed"]),
            pct(&v["p_attacker_removed"]),
        ));
    }
    let targets = v["targets"].as_array()?;
    // One target is named by the action itself; several are named each.
    let named = targets.len() > 1;
    let parts: Vec<String> = targets
        .iter()
        .map(|t| {
            let name = t["target"]
                .as_u64()
                .map(|i| unit_label(g, UnitId(i as u16)))
                .unwrap_or_default();
            let removal = if t.get("levels_lost").is_some() {
                format!("destroys it {}", pct(&t["p_removed"]))
            } else {
                format!("eliminates it {}", pct(&t["p_removed"]))
            };
            let odds = format!(
                "hit {} (direct {}), {removal}",
                pct(&t["p_hit"]),
                pct(&t["direct_hit"])
            );
            if named {
                format!("at {name}: {odds}")
            } else {
                odds
            }
        })
        .collect();
    Some(parts.join("; "))
}
