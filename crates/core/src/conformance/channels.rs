//! Every channel through which a seat (or a spectator) learns something, read as a
//! list of named values, so two worlds that differ only in what a seat may not know
//! can be compared channel by channel.

use super::{mutate, to_json};
use crate::{FullGame, Rng, Seat};
use serde_json::Value;

/// A seat-facing channel added by the caller, e.g. an agent's suggestion and its text
/// (the agents live above the core): what `seat` is told in `game`. Compared across
/// worlds like the built-in channels.
pub struct Channel<G> {
    pub name: &'static str,
    #[allow(clippy::type_complexity)]
    pub read: Box<dyn Fn(&G, Seat) -> Value + Send + Sync>,
}

impl<G> Channel<G> {
    pub fn new(
        name: &'static str,
        read: impl Fn(&G, Seat) -> Value + Send + Sync + 'static,
    ) -> Self {
        Channel {
            name,
            read: Box::new(read),
        }
    }
}

/// At most this many actions are described, priced and tried per reading.
const PROBES: usize = 48;

/// Up to [`PROBES`] actions spread evenly over `actions` (deterministic).
pub(super) fn spread<A: Clone>(actions: &[A]) -> Vec<A> {
    if actions.len() <= PROBES {
        return actions.to_vec();
    }
    (0..PROBES)
        .map(|k| actions[k * actions.len() / PROBES].clone())
        .collect()
}

/// The actions to ask about: every seat's listed actions in `base` (spread), and a
/// few malformed ones, so that descriptions, odds and refusals of actions a seat may
/// *not* take are covered too.
pub(super) fn probes<G: FullGame>(base: &G, salt: u64) -> Vec<G::Action> {
    let mut out = Vec::new();
    for s in Seat::all(base.seats()) {
        out.extend(spread(&base.legal_actions(s)));
    }
    let mut rng = Rng::seed_from(salt);
    let mut mutated = Vec::new();
    for _ in 0..8 {
        if out.is_empty() {
            break;
        }
        let a = to_json(&out[rng.index(out.len())]);
        if let Ok(m) = serde_json::from_value::<G::Action>(mutate(&a, &mut rng)) {
            mutated.push(m);
        }
    }
    out.extend(mutated);
    out
}

/// What `viewer` (`None` = spectator) learns from `game` through every channel,
/// asking about `probes`. `salt` seeds the sampler so both worlds draw alike.
pub(super) fn readings<G: FullGame>(
    game: &G,
    viewer: Option<Seat>,
    probes: &[G::Action],
    extra: &[Channel<G>],
    salt: u64,
) -> Vec<(String, Value)> {
    let mut out = vec![
        ("view".to_string(), to_json(&game.view(viewer))),
        (
            "render_text".to_string(),
            Value::from(game.render_text(viewer)),
        ),
        // What `orrery play` prints beside them: the score line and the status line.
        ("scores".to_string(), to_json(&game.scores())),
        ("progress".to_string(), to_json(&game.progress())),
        ("outcome".to_string(), to_json(&game.outcome())),
    ];
    for a in probes {
        out.push((
            format!("description of {}", to_json(a)),
            Value::from(game.describe_action(viewer, a)),
        ));
    }
    let Some(seat) = viewer else {
        return out;
    };
    let legal = game.legal_actions(seat);
    out.push(("legal actions".into(), to_json(&legal)));
    out.push(("search_actions".into(), to_json(&game.search_actions(seat))));
    let mut sampler = Rng::seed_from(salt);
    out.push((
        "sample_action".into(),
        to_json(&game.sample_action(seat, &mut sampler)),
    ));
    out.push(("default_action".into(), to_json(&game.default_action(seat))));
    // What a learning environment gives the seat (Python's PettingZoo environments).
    out.push((
        "observation".into(),
        to_json(&crate::learn::observation(game, seat)),
    ));
    out.push((
        "action ids".into(),
        to_json(&crate::learn::action_ids(game, seat, &legal)),
    ));
    out.push(("input_hint".into(), to_json(&game.input_hint(seat))));
    for a in probes.iter().chain(spread(&legal).iter()) {
        let name = to_json(a);
        out.push((
            format!("odds of {name}"),
            to_json(&game.action_odds(seat, a)),
        ));
        out.push((
            format!("odds text of {name}"),
            to_json(&game.action_odds_text(seat, a)),
        ));
        // Refusals must not tell what another seat did; an accepted action's
        // events may show dice, which differ between worlds, so only acceptance is
        // compared.
        let answer = match game.clone().apply(seat, a) {
            Ok(_) => Value::from("accepted"),
            Err(e) => Value::from(e.to_string()),
        };
        out.push((format!("answer to {name}"), answer));
    }
    for c in extra {
        out.push((format!("channel `{}`", c.name), (c.read)(game, seat)));
    }
    out
}

/// The first channel whose reading differs between two worlds, if any.
pub(super) fn first_difference(a: &[(String, Value)], b: &[(String, Value)]) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!(
            "the number of readings ({} vs {})",
            a.len(),
            b.len()
        ));
    }
    a.iter().zip(b).find_map(|((na, va), (nb, vb))| {
        if na != nb {
            Some(format!("{na} / {nb}"))
        } else if va != vb {
            let (path, x, y) = where_differ(va, vb, String::new());
            Some(format!("{na} at `{path}`: {} vs {}", clip(x), clip(y)))
        } else {
            None
        }
    })
}

/// The first place two JSON values differ: its path and the two values there.
pub(super) fn where_differ<'a>(
    a: &'a Value,
    b: &'a Value,
    path: String,
) -> (String, &'a Value, &'a Value) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                match y.get(k) {
                    Some(vb) if va == vb => {}
                    Some(vb) => return where_differ(va, vb, format!("{path}.{k}")),
                    None => break,
                }
            }
            (path, a, b)
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            match x.iter().zip(y).position(|(p, q)| p != q) {
                Some(i) => where_differ(&x[i], &y[i], format!("{path}[{i}]")),
                None => (path, a, b),
            }
        }
        _ => (path, a, b),
    }
}

/// A value shortened for a violation message.
pub(super) fn clip(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 160 {
        format!("{}…", s.chars().take(160).collect::<String>())
    } else {
        s
    }
}
