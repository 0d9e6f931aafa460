//! [`orrery_core::Odds::action_odds_text`] for Basic Stratoyager: the odds of an
//! attack order or of a Movement Action's Hull Stress roll in one line, from the same
//! numbers `action_odds` answers.

use crate::render::label;
use crate::state::Stratoyager;
use crate::types::UnitId;
use serde_json::Value;

fn pct(v: &Value) -> String {
    format!("{:.1}%", 100.0 * v.as_f64().unwrap_or(0.0))
}

/// The weapon as the event log names it: `salvo`, `dumb light`, `fragshell medium`…
fn weapon(v: &Value) -> String {
    match v {
        Value::String(s) => s.replace('_', " "),
        Value::Object(m) => m
            .iter()
            .map(|(k, size)| format!("{} {}", k.replace('_', " "), size.as_str().unwrap_or("")))
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    }
}

/// "salvo at Blackbuck Mk II: hit 70.4%, structure lost 7.8%, wrecks 0.0%,
/// destroys 0.0%" per attack (SY-17, SY-19); a Movement Action: "2 Stress Dice:
/// greyout 44.4%, blackout 25.0%, …" (SY-09).
pub(super) fn line(g: &Stratoyager, v: &Value) -> Option<String> {
    if v["kind"] == "hull_stress" {
        let dice = v["dice"].as_u64().unwrap_or(0);
        if dice == 0 {
            // Within the safe limits: nothing to weigh.
            return None;
        }
        return Some(format!(
            "{dice} Stress {}: greyout {}, blackout {}, blackout and 1 structure {}, \
                 destroyed {}",
            if dice == 1 { "Die" } else { "Dice" },
            pct(&v["greyout"]),
            pct(&v["blackout"]),
            pct(&v["structural"]),
            pct(&v["destroyed"]),
        ));
    }
    let attacks = v["attacks"].as_array()?;
    // One attack is named by the order itself; several are named each.
    let named = attacks.len() > 1;
    let parts: Vec<String> = attacks
        .iter()
        .map(|a| {
            let target = a["target"]
                .as_u64()
                .map(|i| label(g, UnitId(i as u8)))
                .unwrap_or_default();
            let lost: f64 = a["structure_lost"]
                .as_object()
                .map(|m| {
                    m.iter()
                        .filter(|(k, _)| k.as_str() != "0")
                        .filter_map(|(_, p)| p.as_f64())
                        .sum()
                })
                .unwrap_or(0.0);
            let odds = format!(
                "hit {}, structure lost {}, wrecks {}, destroys {}",
                pct(&a["p_hit"]),
                pct(&lost.into()),
                pct(&a["p_wrecked"]),
                pct(&a["p_destroyed"]),
            );
            if named {
                format!("{} at {target}: {odds}", weapon(&a["weapon"]))
            } else {
                odds
            }
        })
        .collect();
    Some(parts.join("; "))
}
