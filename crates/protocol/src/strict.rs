//! Strict reading of client JSON: what serde accepts leniently (unknown fields, a
//! variant given by its number) is refused, by comparing the input with the value
//! read back in the ruleset's own spelling.

use serde_json::Value;

/// The longest piece of client input (a name, a field) echoed in an error message,
/// in characters.
pub const MAX_ECHO_CHARS: usize = 64;
/// The longest error message sent, in characters.
pub const MAX_MESSAGE_CHARS: usize = 16_000;

/// `text` cut to [`MAX_ECHO_CHARS`] characters (with `…` when cut), so error messages
/// never echo a huge input back.
pub fn clip(text: &str) -> String {
    clip_to(text, MAX_ECHO_CHARS)
}

/// `text` cut to `max` characters, with `…` when cut.
pub fn clip_to(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

fn field(path: &str) -> String {
    if path.is_empty() {
        "the action".to_string()
    } else {
        format!("field `{}`", clip(path))
    }
}

/// The first way `input` differs from `canonical` (the same value as the ruleset
/// writes it), ignoring fields that are absent on one side and `null` on the other
/// (an omitted optional field). `None` when they agree.
pub fn difference(input: &Value, canonical: &Value, path: &str) -> Option<String> {
    match (input, canonical) {
        (Value::Object(i), Value::Object(c)) => {
            for (k, v) in i {
                let at = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match c.get(k) {
                    None if v.is_null() => {}
                    None => {
                        let known: Vec<&str> = c.keys().map(String::as_str).collect();
                        return Some(format!(
                            "unknown field `{}` (known here: {})",
                            clip(&at),
                            known.join(", ")
                        ));
                    }
                    Some(cv) => {
                        if let Some(d) = difference(v, cv, &at) {
                            return Some(d);
                        }
                    }
                }
            }
            None
        }
        (Value::Array(i), Value::Array(c)) if i.len() == c.len() => i
            .iter()
            .zip(c)
            .enumerate()
            .find_map(|(n, (a, b))| difference(a, b, &format!("{path}[{n}]"))),
        (a, b) if a == b => None,
        // `10` and `10.0` are one number: a client's JSON writer may drop the `.0`
        // of a whole decimal (Warfleets' inches).
        (Value::Number(a), Value::Number(b))
            if (a.is_f64() || b.is_f64()) && a.as_f64().is_some() && a.as_f64() == b.as_f64() =>
        {
            None
        }
        (Value::Number(_), Value::String(name)) => Some(format!(
            "{} must be written by name (\"{}\"), not as a number",
            field(path),
            clip(name)
        )),
        (a, b) => Some(format!(
            "{} is read as {}, not as written ({}); write it that way",
            field(path),
            clip(&b.to_string()),
            clip(&a.to_string())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_whole_decimal_written_without_its_point_is_the_same_number() {
        let c = json!({"type": "fly", "x": 10.0, "y": 12.5});
        assert!(difference(&json!({"type": "fly", "x": 10, "y": 12.5}), &c, "").is_none());
        assert!(difference(&json!({"type": "fly", "x": 10.5, "y": 12.5}), &c, "").is_some());
        // Integers stay integers: 3 is not 3.5.
        assert!(difference(&json!({"n": 3}), &json!({"n": 4}), "").is_some());
    }

    #[test]
    fn unknown_fields_and_numbered_variants_differ() {
        let c = json!({"kind": "combat", "order": "hold"});
        assert!(difference(&json!({"kind": "combat", "order": "hold"}), &c, "").is_none());
        let d = difference(&json!({"kind": "combat", "order": 0}), &c, "").unwrap();
        assert!(
            d.contains("field `order` must be written by name (\"hold\")"),
            "{d}"
        );
        let d = difference(&json!({"kind": "combat", "order": "hold", "x": 1}), &c, "").unwrap();
        assert!(d.contains("unknown field `x`"), "{d}");
        // An omitted optional field reads as null.
        assert!(difference(
            &json!({"kind": "yaw"}),
            &json!({"kind": "yaw", "facing": null}),
            ""
        )
        .is_none());
        assert!(difference(
            &json!({"kind": "yaw", "facing": null}),
            &json!({"kind": "yaw"}),
            ""
        )
        .is_none());
    }

    #[test]
    fn echoes_are_clipped() {
        let long = "x".repeat(10_000);
        assert_eq!(clip(&long).chars().count(), MAX_ECHO_CHARS + 1);
        let d = difference(&json!({ long.clone(): 1 }), &json!({}), "").unwrap();
        assert!(d.len() < 300, "{d}");
    }
}
