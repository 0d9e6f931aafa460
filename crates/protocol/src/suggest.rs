//! "Did you mean" for names a person types: ruleset ids, scenario names.

use std::sync::Mutex;

/// Every ruleset id registered in this process ([`crate::Registry::register`]), so that
/// [`crate::ProtocolError::UnknownRuleset`] can say which one was meant wherever it is
/// made (the engine, the server).
static KNOWN_RULESETS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

pub(crate) fn register_ruleset(id: &'static str) {
    if let Ok(mut known) = KNOWN_RULESETS.lock() {
        if !known.contains(&id) {
            known.push(id);
        }
    }
}

/// `; did you mean `x`?` for the candidate `word` was most likely meant to be
/// (a typo, another case, a prefix: [`orrery_data::suggest`]), or empty.
pub fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    match orrery_data::suggest(word, candidates) {
        Some(c) if c != word => format!("; did you mean `{c}`?"),
        _ => String::new(),
    }
}

/// What follows "unknown ruleset `id`": a suggestion and the known ids.
pub fn unknown_ruleset_hint(id: &str, known: &[&str]) -> String {
    if known.is_empty() {
        return String::new();
    }
    format!("{} (known: {})", did_you_mean(id, known), known.join(", "))
}

/// [`unknown_ruleset_hint`] among the rulesets registered in this process.
pub(crate) fn registered_ruleset_hint(id: &str) -> String {
    match KNOWN_RULESETS.lock() {
        Ok(known) => unknown_ruleset_hint(id, &known),
        Err(_) => String::new(),
    }
}

/// A suggestion among the names of a `known` list written "a, b, c".
pub(crate) fn listed_hint(name: &str, known: &str) -> String {
    let known: Vec<&str> = known.split(", ").filter(|k| !k.is_empty()).collect();
    did_you_mean(name, &known)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_in_a_ruleset_id_gets_a_suggestion_and_the_list() {
        let known = ["launch-fighters", "stratoyager", "warfleets"];
        assert_eq!(
            unknown_ruleset_hint("stratoyger", &known),
            "; did you mean `stratoyager`? (known: launch-fighters, stratoyager, warfleets)"
        );
        assert_eq!(
            unknown_ruleset_hint("chess", &known),
            " (known: launch-fighters, stratoyager, warfleets)"
        );
        assert_eq!(
            listed_hint("Duell", "duel, skirmish"),
            "; did you mean `duel`?"
        );
    }
}
