//! The legal list in few bytes: a union of products. A placement offers every spot
//! with every facing and speed; listing each combination repeats every spot many
//! times (a Stratoyager placing decision: 8,280 actions, ~430 KB). Here it is
//! `{"product": {"kind": ["enter"], "at": [1, 2, …], "speed": [0, …]}}`: each field's
//! values once, every combination legal. Nothing about any ruleset is known here:
//! the list is factored as JSON, and expanding the products gives back exactly the
//! legal actions (the order may differ).

use serde_json::{json, Map, Value};

/// One product: for each field, its values (every combination is an action).
type Product = Vec<(String, Vec<Value>)>;

/// Actions with the same field names: the names, and the actions.
type Group<'a> = (Vec<String>, Vec<&'a Map<String, Value>>);

/// The legal actions as products (`{"product": {field: [values]}}`), and actions
/// that are not JSON objects as `{"one": action}`.
pub fn compact(actions: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    // Objects grouped by their field names, in order of first appearance.
    let mut groups: Vec<Group> = Vec::new();
    // An action listed twice would make a set look like a product it is not.
    let mut seen = std::collections::HashSet::new();
    for a in actions.iter().filter(|a| seen.insert(a.to_string())) {
        match a {
            Value::Object(m) => {
                let keys: Vec<String> = m.keys().cloned().collect();
                match groups.iter_mut().find(|(k, _)| *k == keys) {
                    Some((_, g)) => g.push(m),
                    None => groups.push((keys, vec![m])),
                }
            }
            other => out.push(json!({ "one": other })),
        }
    }
    for (keys, rows) in groups {
        let mut products = Vec::new();
        factor(&keys, &rows, &mut products);
        for p in merge(products) {
            let m: Map<String, Value> = p.into_iter().map(|(k, v)| (k, Value::Array(v))).collect();
            out.push(json!({ "product": m }));
        }
    }
    out
}

/// Each field's distinct values among `rows`, in order of first appearance.
fn distinct(keys: &[String], rows: &[&Map<String, Value>]) -> Product {
    keys.iter()
        .map(|k| {
            let mut vals: Vec<Value> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for r in rows {
                let v = &r[k];
                if seen.insert(v.to_string()) {
                    vals.push(v.clone());
                }
            }
            (k.clone(), vals)
        })
        .collect()
}

/// Split `rows` (distinct actions with fields `keys`) into products: the whole set
/// if it is one, else one part per value of the field with fewest values.
fn factor(keys: &[String], rows: &[&Map<String, Value>], out: &mut Vec<Product>) {
    let d = distinct(keys, rows);
    let size = d
        .iter()
        .try_fold(1usize, |n, (_, v)| n.checked_mul(v.len()))
        .unwrap_or(usize::MAX);
    if size == rows.len() {
        out.push(d);
        return;
    }
    let Some((split, _)) = d
        .iter()
        .enumerate()
        .filter(|(_, (_, v))| v.len() > 1)
        .min_by_key(|(_, (_, v))| v.len())
    else {
        // Every field has one value: one action.
        out.push(d);
        return;
    };
    let key = &keys[split];
    // One pass: each row to its value's part, parts in order of first appearance.
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut parts: Vec<Vec<&Map<String, Value>>> = Vec::new();
    for r in rows {
        let i = *index.entry(r[key].to_string()).or_insert_with(|| {
            parts.push(Vec::new());
            parts.len() - 1
        });
        parts[i].push(r);
    }
    for part in parts {
        factor(keys, &part, out);
    }
}

/// Join products that differ in one field only (north and south edges with the
/// same spots and speeds): one product with both values.
fn merge(mut ps: Vec<Product>) -> Vec<Product> {
    // Joining compares every pair: past this many products it is not tried (the
    // list is not a few products anyway).
    if ps.len() > MERGE_UP_TO {
        return ps;
    }
    let mut i = 0;
    while i < ps.len() {
        let mut j = i + 1;
        let mut joined = false;
        while j < ps.len() {
            let differ: Vec<usize> = (0..ps[i].len())
                .filter(|&f| ps[i][f].1 != ps[j][f].1)
                .collect();
            let disjoint = differ.len() == 1
                && ps[j][differ[0]]
                    .1
                    .iter()
                    .all(|v| !ps[i][differ[0]].1.contains(v));
            if disjoint {
                let f = differ[0];
                let extra = ps.remove(j).swap_remove(f).1;
                ps[i][f].1.extend(extra);
                joined = true;
            } else {
                j += 1;
            }
        }
        if !joined {
            i += 1;
        }
    }
    ps
}

/// Most products [`merge`] tries to join.
const MERGE_UP_TO: usize = 256;

/// Every action of `compact`'s products (for tests and clients written in Rust).
pub fn expand(compact: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for c in compact {
        if let Some(one) = c.get("one") {
            out.push(one.clone());
            continue;
        }
        let Some(Value::Object(p)) = c.get("product") else {
            continue;
        };
        let mut acc: Vec<Map<String, Value>> = vec![Map::new()];
        for (k, vals) in p {
            let vals = vals.as_array().cloned().unwrap_or_default();
            acc = acc
                .into_iter()
                .flat_map(|m| {
                    vals.iter().map(move |v| {
                        let mut m = m.clone();
                        m.insert(k.clone(), v.clone());
                        m
                    })
                })
                .collect();
        }
        out.extend(acc.into_iter().map(Value::Object));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(v: Vec<Value>) -> Vec<String> {
        let mut s: Vec<String> = v.iter().map(Value::to_string).collect();
        s.sort();
        s
    }

    #[test]
    fn a_full_product_is_one_entry_and_expands_back() {
        let mut legal = Vec::new();
        for at in 0..40 {
            for speed in 0..10 {
                legal.push(json!({"kind": "enter", "at": at, "speed": speed}));
            }
        }
        legal.push(json!({"kind": "pass"}));
        legal.push(json!("done"));
        let c = compact(&legal);
        assert_eq!(c.len(), 3, "{c:?}");
        assert_eq!(sorted(expand(&c)), sorted(legal.clone()));
        assert!(
            serde_json::to_string(&c).unwrap().len() * 20
                < serde_json::to_string(&legal).unwrap().len()
        );
    }

    #[test]
    fn a_ragged_set_is_a_union_of_products_and_expands_back_exactly() {
        let mut legal = Vec::new();
        for (edge, n) in [("south", 35), ("north", 35), ("east", 24)] {
            for at in 1..=n {
                for speed in 0..10 {
                    if !(edge == "east" && speed > 7) {
                        legal
                            .push(json!({"kind": "enter", "edge": edge, "at": at, "speed": speed}));
                    }
                }
            }
        }
        legal.push(json!({"kind": "enter", "edge": "west", "at": 3, "speed": 2}));
        // Listed twice: still exactly the set.
        legal.push(json!({"kind": "enter", "edge": "west", "at": 3, "speed": 2}));
        let c = compact(&legal);
        assert!(c.len() <= 3, "{c:?}");
        legal.pop();
        assert_eq!(sorted(expand(&c)), sorted(legal));
    }
}
