//! Scalar and list getters of [`Reader`]: strings, numbers, booleans, string lists and
//! enum-like choices.

use super::Reader;
use crate::{did_you_mean, found, join};
use toml::{Table, Value};

/// "`min` to `max`", or "at least `min`" when `max` means "no limit" (`u32::MAX` or
/// `i64::MAX`), or "at most `max`" when `min` is `i64::MIN`.
fn int_range(min: i64, max: i64) -> String {
    if max == i64::from(u32::MAX) || max == i64::MAX {
        format!("at least {min}")
    } else if min == i64::MIN {
        format!("at most {max}")
    } else {
        format!("{min} to {max}")
    }
}

/// Like [`int_range`] for floats; an infinite bound means "no limit".
fn float_range(min: f64, max: f64) -> String {
    match (min.is_finite(), max.is_finite()) {
        (true, false) => format!("at least {min}"),
        (false, true) => format!("at most {max}"),
        _ => format!("{min} to {max}"),
    }
}

impl Reader {
    fn string(&mut self, t: &Table, key: &str, path: &str, required: bool) -> Option<String> {
        match t.get(key) {
            Some(Value::String(s)) => Some(s.clone()),
            Some(v) => {
                let why = format!("expected a string, found {}", found(v));
                self.problem(join(path, key), why);
                None
            }
            None => {
                if required {
                    self.problem(join(path, key), "missing".into());
                }
                None
            }
        }
    }

    /// A required string (`missing` if absent).
    pub fn req_str(&mut self, t: &Table, key: &str, path: &str) -> Option<String> {
        self.string(t, key, path, true)
    }

    /// An optional string.
    pub fn opt_str(&mut self, t: &Table, key: &str, path: &str) -> Option<String> {
        self.string(t, key, path, false)
    }

    /// An optional integer of any value (only its type is checked), for callers that
    /// check the range themselves.
    pub fn int(&mut self, t: &Table, key: &str, path: &str) -> Option<i64> {
        match t.get(key)? {
            Value::Integer(i) => Some(*i),
            v => {
                let why = format!("expected a whole number, found {}", found(v));
                self.problem(join(path, key), why);
                None
            }
        }
    }

    /// An optional integer in `min..=max`. A `max` of `u32::MAX` or `i64::MAX` reads as
    /// "no upper limit" in the message ("must be at least 1").
    pub fn opt_int(&mut self, t: &Table, key: &str, path: &str, min: i64, max: i64) -> Option<i64> {
        let v = self.int(t, key, path)?;
        if (min..=max).contains(&v) {
            Some(v)
        } else {
            let why = format!("{v} is out of range; must be {}", int_range(min, max));
            self.problem(join(path, key), why);
            None
        }
    }

    /// A required integer in `min..=max` (`missing` if absent); see [`Reader::opt_int`].
    pub fn req_int(&mut self, t: &Table, key: &str, path: &str, min: i64, max: i64) -> Option<i64> {
        if !t.contains_key(key) {
            self.problem(join(path, key), "missing".into());
        }
        self.opt_int(t, key, path, min, max)
    }

    /// An optional finite number in `min..=max`; TOML integers are accepted too. NaN
    /// and infinities are rejected. An infinite bound means "no limit".
    pub fn opt_float(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        min: f64,
        max: f64,
    ) -> Option<f64> {
        let v = match t.get(key)? {
            Value::Float(x) => *x,
            Value::Integer(i) => *i as f64,
            v => {
                let why = format!("expected a number, found {}", found(v));
                self.problem(join(path, key), why);
                return None;
            }
        };
        if !v.is_finite() {
            let raw = if v.is_nan() {
                "nan"
            } else if v > 0.0 {
                "inf"
            } else {
                "-inf"
            };
            self.problem(join(path, key), format!("{raw} is not a finite number"));
            return None;
        }
        if v >= min && v <= max {
            Some(v)
        } else {
            let why = format!("{v} is out of range; must be {}", float_range(min, max));
            self.problem(join(path, key), why);
            None
        }
    }

    /// A required finite number in `min..=max` (`missing` if absent); see
    /// [`Reader::opt_float`].
    pub fn req_float(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        min: f64,
        max: f64,
    ) -> Option<f64> {
        if !t.contains_key(key) {
            self.problem(join(path, key), "missing".into());
        }
        self.opt_float(t, key, path, min, max)
    }

    /// An optional boolean.
    pub fn opt_bool(&mut self, t: &Table, key: &str, path: &str) -> Option<bool> {
        match t.get(key)? {
            Value::Boolean(b) => Some(*b),
            v => {
                let why = format!("expected true or false, found {}", found(v));
                self.problem(join(path, key), why);
                None
            }
        }
    }

    /// An array of strings. Items that are not strings are reported at `key[i]` and left
    /// out; a missing field is reported only if `required`. `None` if absent or not an
    /// array.
    pub fn str_list(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        required: bool,
    ) -> Option<Vec<String>> {
        let field = join(path, key);
        match t.get(key) {
            None => {
                if required {
                    self.problem(field, "missing".into());
                }
                None
            }
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::String(s) => out.push(s.clone()),
                        v => {
                            let why = format!("expected a string, found {}", found(v));
                            self.problem(format!("{field}[{i}]"), why);
                        }
                    }
                }
                Some(out)
            }
            Some(v) => {
                let why = format!("expected an array of strings, found {}", found(v));
                self.problem(field, why);
                None
            }
        }
    }

    /// A required enum-like string: the value paired with the matching name in
    /// `choices` (`missing` if absent; an unknown name is reported with a suggestion and
    /// every choice).
    pub fn choice<T: Clone>(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        choices: &[(&str, T)],
    ) -> Option<T> {
        let s = self.req_str(t, key, path)?;
        self.pick(&s, key, path, choices)
    }

    /// An optional enum-like string; see [`Reader::choice`].
    pub fn opt_choice<T: Clone>(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        choices: &[(&str, T)],
    ) -> Option<T> {
        let s = self.opt_str(t, key, path)?;
        self.pick(&s, key, path, choices)
    }

    fn pick<T: Clone>(
        &mut self,
        s: &str,
        key: &str,
        path: &str,
        choices: &[(&str, T)],
    ) -> Option<T> {
        if let Some((_, v)) = choices.iter().find(|(n, _)| *n == s) {
            return Some(v.clone());
        }
        let names: Vec<&str> = choices.iter().map(|c| c.0).collect();
        let why = format!(
            "unknown value \"{s}\"{}; expected one of: {}",
            did_you_mean(s, &names),
            names.join(", ")
        );
        self.problem(join(path, key), why);
        None
    }
}
