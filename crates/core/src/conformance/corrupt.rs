//! Saved states corrupted one field at a time: each must be refused (it does not
//! deserialize, or [`Game::validate`](crate::Game::validate) finds a problem) or stay playable.

use super::channels::clip;
use super::to_json;
use crate::{FullGame, Rng};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// One step into a JSON value.
#[derive(Clone, Debug)]
enum Key {
    Field(String),
    Item(usize),
}

/// The JSON pointer of a path, for messages (`/units/3/structure`).
fn pointer(path: &[Key]) -> String {
    path.iter()
        .map(|k| match k {
            Key::Field(f) => format!("/{f}"),
            Key::Item(i) => format!("/{i}"),
        })
        .collect()
}

/// Every node below the root.
fn paths(v: &Value, prefix: &mut Vec<Key>, out: &mut Vec<Vec<Key>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                prefix.push(Key::Field(k.clone()));
                out.push(prefix.clone());
                paths(x, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                prefix.push(Key::Item(i));
                out.push(prefix.clone());
                paths(x, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(v: &'a mut Value, path: &[Key]) -> Option<&'a mut Value> {
    let mut at = v;
    for k in path {
        at = match (k, at) {
            (Key::Field(f), Value::Object(m)) => m.get_mut(f)?,
            (Key::Item(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(at)
}

/// Corrupt the node at `path`: a number moved a little or a lot, a flag flipped, a
/// string changed, a list item dropped or doubled, a null given a value. Returns
/// what was done, or `None` if the node was left alone.
fn corrupt_node(state: &mut Value, path: &[Key], rng: &mut Rng) -> Option<String> {
    // Lists are corrupted as wholes sometimes: an item dropped or doubled.
    if let Some((Key::Item(i), parent)) = path.split_last() {
        if rng.index(4) == 0 {
            let list = node_mut(state, parent)?.as_array_mut()?;
            let item = list.get(*i)?.clone();
            return Some(if rng.index(2) == 0 {
                list.remove(*i);
                "item removed".to_string()
            } else {
                list.insert(*i, item);
                "item doubled".to_string()
            });
        }
    }
    let node = node_mut(state, path)?;
    let new = match &*node {
        Value::Number(n) => {
            if let Some(x) = n.as_i64() {
                let deltas = [1, -1, 2, -2, 7, 100, -100, 1_000_000];
                Value::from(x.saturating_add(deltas[rng.index(deltas.len())]))
            } else {
                let x = n.as_f64().unwrap_or(0.0);
                let options = [x + 1.0, x - 1.0, -x, x * 1000.0, 1e18, -1e18];
                Value::from(options[rng.index(options.len())])
            }
        }
        Value::Bool(b) => Value::Bool(!b),
        Value::String(s) => Value::from(if s.is_empty() { "bogus" } else { "" }),
        Value::Null => [Value::from(0), Value::from(1), Value::from(true)][rng.index(3)].clone(),
        Value::Array(_) | Value::Object(_) => return None,
    };
    let what = format!("{} -> {}", clip(node), clip(&new));
    *node = new;
    Some(what)
}

/// The text of a caught panic.
pub(super) fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// Play up to `steps` random actions from `game`, checking it as a loaded state must
/// behave. `Err` says what went wrong.
fn playable<G: FullGame>(mut game: G, steps: usize, rng: &mut Rng) -> Result<(), String> {
    for step in 0..steps {
        let to_move = game.to_move();
        let n = game.seats();
        if to_move.is_empty() != game.outcome().is_some() {
            return Err(format!(
                "step {step}: to_move {to_move:?} disagrees with the outcome"
            ));
        }
        if let Some(s) = to_move.iter().find(|s| s.0 >= n) {
            return Err(format!(
                "step {step}: seat {s} is to move but the game has {n} seats"
            ));
        }
        let _ = (game.scores(), game.progress(), game.state_hash());
        let _ = (to_json(&game.view(None)), game.render_text(None));
        if to_move.is_empty() {
            return Ok(());
        }
        for &s in &to_move {
            if game.legal_actions(s).is_empty() {
                return Err(format!(
                    "step {step}: seat {s} is to move but has no legal action"
                ));
            }
        }
        let seat = to_move[rng.index(to_move.len())];
        let _ = (
            to_json(&game.view(Some(seat))),
            game.render_text(Some(seat)),
        );
        let legal = game.legal_actions(seat);
        let action = &legal[rng.index(legal.len())];
        let _ = game.describe_action(Some(seat), action);
        if let Err(e) = game.apply(seat, action) {
            return Err(format!(
                "step {step}: listed action {} refused: {e}",
                to_json(action)
            ));
        }
    }
    Ok(())
}

/// Corrupt `state` (a game's JSON) `count` times, one node each, and check that every
/// corrupted state is refused or playable. Violations are pushed to `out`.
pub(super) fn check_corruptions<G: FullGame>(
    state: &Value,
    count: usize,
    steps: usize,
    rng: &mut Rng,
    tag: &str,
    out: &mut Vec<String>,
) {
    let mut all = Vec::new();
    paths(state, &mut Vec::new(), &mut all);
    if all.is_empty() {
        return;
    }
    for _ in 0..count {
        let path = &all[rng.index(all.len())];
        let mut corrupted = state.clone();
        let Some(what) = corrupt_node(&mut corrupted, path, rng) else {
            continue;
        };
        let at = format!("{tag}: state corrupted at {} ({what})", pointer(path));
        let Ok(game) = serde_json::from_value::<G>(corrupted) else {
            continue;
        };
        let mut play_rng = rng.clone();
        let verdict = catch_unwind(AssertUnwindSafe(|| match game.validate() {
            Err(_) => Ok(()),
            Ok(()) => playable(game, steps, &mut play_rng)
                .map_err(|e| format!("passed validate, then {e}")),
        }));
        rng.next_u64();
        match verdict {
            Ok(Ok(())) => {}
            Ok(Err(e)) => out.push(format!("{at} {e}")),
            Err(p) => out.push(format!(
                "{at} panicked (in validate or in play after it passed): {}",
                panic_text(&*p)
            )),
        }
    }
}

/// `validate` on a state reached by play: it must pass, and must not panic.
pub(super) fn check_valid<G: FullGame>(game: &G, tag: &str, out: &mut Vec<String>) {
    match catch_unwind(AssertUnwindSafe(|| game.validate())) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => out.push(format!(
            "{tag}: validate refused a state reached by play: {e}"
        )),
        Err(p) => out.push(format!(
            "{tag}: validate panicked on a state reached by play: {}",
            panic_text(&*p)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrupts_one_node() {
        let v: Value = serde_json::json!({"a": [1, 2], "b": {"c": true, "d": "x"}});
        let mut all = Vec::new();
        paths(&v, &mut Vec::new(), &mut all);
        assert_eq!(all.len(), 6);
        let mut rng = Rng::seed_from(3);
        for p in &all {
            let mut w = v.clone();
            if corrupt_node(&mut w, p, &mut rng).is_some() {
                assert_ne!(w, v, "{}", pointer(p));
            }
        }
    }
}
