//! Issue 28 item 7, "rules at hand": every ruleset of the list has a rules page for
//! players and a glossary (`Presentation::rules_page`), the glossary's rule ids are sections of
//! the page, and every abbreviation the ruleset's texts really show is explained.

use orrery_agents::Budget;
use orrery_core::Seat;
use orrery_protocol::{DynGame, ScenarioSpec};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
struct Entry {
    term: String,
    meaning: String,
    #[serde(default)]
    rule: String,
}

/// All-caps words the texts show that are names, not jargon: the roman numerals of
/// unit names (Blackbuck Mk II, Vulture Mk IV).
const PLAIN_WORDS: &[&str] = &["II", "III", "IV", "VI"];

/// A glossary term explains `token` when it is the token itself, or the token with
/// another number ("W1" explains "W3"), as the browser's matcher reads it.
fn explained(terms: &BTreeSet<String>, token: &str) -> bool {
    if terms.contains(token) {
        return true;
    }
    let stem = token.trim_end_matches(|c: char| c.is_ascii_digit());
    stem.len() < token.len()
        && terms.iter().any(|t| {
            let s = t.trim_end_matches(|c: char| c.is_ascii_digit());
            s.len() < t.len() && s == stem
        })
}

/// Tokens of 2–4 capital letters (with an optional number: `W1`, `L4`), outside rule
/// ids (`LF-13`, `SYO-04`), which link to the page instead.
fn abbreviations(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
        if !(starts_word && chars[i].is_ascii_uppercase()) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && chars[j].is_ascii_uppercase() {
            j += 1;
        }
        let letters = j - i;
        let mut k = j;
        while k < chars.len() && chars[k].is_ascii_digit() {
            k += 1;
        }
        let ends_word = k == chars.len() || !chars[k].is_alphanumeric();
        let rule_id =
            chars.get(k) == Some(&'-') && chars.get(k + 1).is_some_and(|c| c.is_ascii_digit());
        if (2..=4).contains(&letters) && ends_word && !rule_id {
            out.push(chars[i..k].iter().collect());
        }
        i = k.max(i + 1);
    }
    out
}

/// Texts a player of `id` really reads: the event log of a few seeded games (a random
/// one, and games of the `normal` AI, which closes in and fires) on the first two
/// built-in scenarios, seen by every seat, and the descriptions of every action
/// offered on the way.
fn texts_of(id: &str) -> Vec<String> {
    let registry = orrery_rulesets::registry();
    let scenarios: Vec<String> = registry
        .get(id)
        .map(|r| r.info().scenarios.into_iter().map(|s| s.name).collect())
        .unwrap_or_default();
    let mut games = vec![(ScenarioSpec::Default, 1u64, "random")];
    for (seed, name) in scenarios.iter().take(2).enumerate() {
        games.push((ScenarioSpec::Named(name.clone()), seed as u64 + 2, "normal"));
    }
    let mut texts = Vec::new();
    for (scenario, seed, agent) in games {
        let mut game: Box<dyn DynGame> = registry
            .new_game(id, scenario, seed)
            .unwrap_or_else(|e| panic!("{id}: a new game: {e}"));
        for step in 0..600u64 {
            let Some(&seat) = game.to_move().first() else {
                break;
            };
            texts.extend(game.legal_text(seat));
            let action = game
                .agent_action(seat, agent, seed * 1000 + step, Budget::default())
                .unwrap_or_else(|e| panic!("{id}: the {agent} agent: {e}"));
            game.apply(seat, &action)
                .unwrap_or_else(|e| panic!("{id}: {action}: {e}"));
        }
        for viewer in (0..game.seats()).map(|s| Some(Seat(s))).chain([None]) {
            let (events, _) = game.events(viewer, 0);
            texts.extend(
                events
                    .iter()
                    .filter_map(|e| e["text"].as_str().map(str::to_string)),
            );
        }
        texts.push(game.outcome().reason);
    }
    texts
}

fn glossary_of(id: &str) -> (String, Vec<Entry>) {
    let registry = orrery_rulesets::registry();
    let page = registry
        .get(id)
        .and_then(|r| r.rules_page())
        .unwrap_or_else(|| panic!("{id} has a rules page"));
    let entries: Vec<Entry> = serde_json::from_str(page.glossary)
        .unwrap_or_else(|e| panic!("{id}: the glossary is a JSON list of entries: {e}"));
    (page.markdown.to_string(), entries)
}

/// The ids the page's headings start with (`## LF-11 Barrages` → `LF-11`).
fn anchors(markdown: &str) -> BTreeSet<String> {
    markdown
        .lines()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| l.trim_start_matches('#').split_whitespace().next())
        .filter(|w| {
            let (letters, digits) = w.split_once('-').unwrap_or(("", ""));
            (2..=4).contains(&letters.len())
                && letters.chars().all(|c| c.is_ascii_uppercase())
                && digits.len() == 2
                && digits.chars().all(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_ruleset_has_a_rules_page_whose_glossary_points_into_it() {
    for id in orrery_rulesets::ids() {
        let (markdown, entries) = glossary_of(id);
        let anchors = anchors(&markdown);
        assert!(
            anchors.len() >= 8,
            "{id}: the page has its rule sections: {anchors:?}"
        );
        assert!(!entries.is_empty(), "{id}: the glossary has entries");
        let mut seen = BTreeSet::new();
        for e in &entries {
            assert!(!e.term.trim().is_empty(), "{id}: an entry without a term");
            assert!(
                !e.meaning.trim().is_empty(),
                "{id}: `{}` has no meaning",
                e.term
            );
            assert!(seen.insert(&e.term), "{id}: `{}` is listed twice", e.term);
            assert!(
                e.rule.is_empty() || anchors.contains(&e.rule),
                "{id}: `{}` cites {}, which is no section of the rules page ({anchors:?})",
                e.term,
                e.rule
            );
        }
    }
}

#[test]
fn every_abbreviation_a_ruleset_shows_is_in_its_glossary() {
    for id in orrery_rulesets::ids() {
        let (_, entries) = glossary_of(id);
        let terms: BTreeSet<String> = entries.into_iter().map(|e| e.term).collect();
        let mut missing = BTreeSet::new();
        for text in texts_of(id) {
            for token in abbreviations(&text) {
                if !PLAIN_WORDS.contains(&token.as_str()) && !explained(&terms, &token) {
                    missing.insert(format!("{token}  (in: {text})"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "{id}: abbreviations shown without a glossary entry (crates/{id}/web/glossary.json):\n{}",
            missing.into_iter().collect::<Vec<_>>().join("\n")
        );
    }
}

#[test]
fn abbreviations_are_found_and_rule_ids_are_not_abbreviations() {
    let found =
        abbreviations("Guardian: salvo (5 klicks, THT 4) LF-17 (b), W1 S2 E3 at L4; HIT, P0-A");
    assert_eq!(
        found,
        ["THT", "HIT"],
        "single letters with a number are left to their own entries"
    );
    let terms: BTreeSet<String> = ["W1".to_string()].into();
    assert!(explained(&terms, "W3"));
    assert!(!explained(&terms, "WX"));
}
