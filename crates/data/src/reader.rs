//! [`Reader`]: walks a TOML tree, collecting every problem with its field path.

mod values;

use crate::{did_you_mean, found, join, line_col, DataError, Problem};
use serde::de::DeserializeOwned;
use toml::{Table, Value};

/// The most problems one file's report lists.
pub const MAX_PROBLEMS: usize = 1000;

/// Collects the problems of one file while it is read.
///
/// Every getter takes the table to read from, the key, and the table's own field path
/// (empty at the top level); problems are recorded at `path.key`. A getter returns
/// `None` when the value is absent or unusable, having reported why if it was wrong, so
/// reading can go on and every problem of the file is found in one pass. Call
/// [`Reader::finish`] at the end.
#[derive(Clone, Debug)]
pub struct Reader {
    file: String,
    problems: Vec<Problem>,
    /// `(field, why)` of every problem kept, to drop repeats in constant time.
    seen: std::collections::HashSet<(String, String)>,
    /// Problems past [`MAX_PROBLEMS`], counted but not kept.
    dropped: usize,
    /// Names whose definition failed to read (see [`Reader::mark_broken`]).
    broken: Vec<String>,
}

impl Reader {
    /// A reader for `file`, the name problems are reported under.
    pub fn new(file: &str) -> Self {
        Reader {
            file: file.to_string(),
            problems: Vec::new(),
            seen: std::collections::HashSet::new(),
            dropped: 0,
            broken: Vec::new(),
        }
    }

    /// The file as given to [`Reader::new`].
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Record a problem at `field` (identical repeats are dropped). After
    /// [`MAX_PROBLEMS`] problems the rest are only counted, so a huge broken file is
    /// read in linear time and its report stays readable.
    pub fn problem(&mut self, field: String, why: String) {
        if self.problems.len() >= MAX_PROBLEMS {
            self.dropped += 1;
            return;
        }
        if !self.seen.insert((field.clone(), why.clone())) {
            return;
        }
        self.problems.push(Problem {
            file: self.file.clone(),
            field,
            why,
            line: None,
            column: None,
        });
    }

    /// Is there a problem at `path` or inside it (`path.x`, `path[i]`)? An empty path
    /// covers the whole file.
    pub fn has_problem_under(&self, path: &str) -> bool {
        self.problems.iter().any(|p| {
            path.is_empty()
                || p.field == path
                || p.field
                    .strip_prefix(path)
                    .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
        })
    }

    /// Remember `name` as one whose definition failed to read (and was reported);
    /// references to it are not reported again (see [`Reader::is_broken`]).
    pub fn mark_broken(&mut self, name: &str) {
        if !self.is_broken(name) {
            self.broken.push(name.to_string());
        }
    }

    /// Was `name` marked with [`Reader::mark_broken`]? A reference to it should then be
    /// skipped silently rather than reported as unknown.
    pub fn is_broken(&self, name: &str) -> bool {
        self.broken.iter().any(|b| b == name)
    }

    /// Every problem recorded so far (possibly none).
    pub fn into_error(mut self) -> DataError {
        if self.dropped > 0 {
            self.problems.push(Problem {
                file: self.file.clone(),
                field: String::new(),
                why: format!(
                    "… and {} more problem(s) not listed (at most {MAX_PROBLEMS} are)",
                    self.dropped
                ),
                line: None,
                column: None,
            });
        }
        DataError {
            problems: self.problems,
        }
    }

    /// `value` if nothing went wrong, else every problem.
    pub fn finish<T>(self, value: T) -> Result<T, DataError> {
        if self.problems.is_empty() {
            Ok(value)
        } else {
            Err(self.into_error())
        }
    }

    /// Parse TOML text; a syntax error is returned at once with its line and column.
    pub fn parse(&mut self, text: &str) -> Result<Table, DataError> {
        text.parse::<Table>().map_err(|e| {
            let (line, column) = match e.span() {
                Some(span) => {
                    let (l, c) = line_col(text, span.start);
                    (Some(l), Some(c))
                }
                None => (None, None),
            };
            let msg: Vec<&str> = e
                .message()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            DataError {
                problems: vec![Problem {
                    file: self.file.clone(),
                    field: String::new(),
                    why: format!("TOML syntax error: {}", msg.join("; ")),
                    line,
                    column,
                }],
            }
        })
    }

    /// Report every key of `t` not in `allowed`, suggesting the likely one.
    pub fn keys(&mut self, t: &Table, path: &str, allowed: &[&str]) {
        for k in t.keys() {
            if !allowed.contains(&k.as_str()) {
                let why = format!(
                    "unknown field{}; expected one of: {}",
                    did_you_mean(k, allowed),
                    allowed.join(", ")
                );
                self.problem(join(path, k), why);
            }
        }
    }

    /// An optional table read by serde from its type (`deny_unknown_fields` applies;
    /// an unknown field is reported at its own path).
    pub fn serde_table<T: DeserializeOwned>(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
    ) -> Option<T> {
        let v = t.get(key)?;
        let field = join(path, key);
        if !v.is_table() {
            self.problem(field, format!("expected a table, found {}", found(v)));
            return None;
        }
        self.serde_value(v, &field)
    }

    /// A value at `field` read by serde from its type, reported like [`Self::serde_table`]
    /// (e.g. one table of an array read by [`Self::tables`]).
    pub fn serde_value<T: DeserializeOwned>(&mut self, v: &Value, field: &str) -> Option<T> {
        let field = field.to_string();
        match v.clone().try_into::<T>() {
            Ok(x) => Some(x),
            Err(e) => {
                let msg: Vec<&str> = e.message().lines().map(str::trim).collect();
                let msg = msg.join("; ");
                // serde says "unknown field `x`, expected …": point at `x` itself.
                let unknown = msg
                    .strip_prefix("unknown field `")
                    .and_then(|rest| rest.split_once('`'));
                // "missing field `x`": at `x` itself, as the getters say it.
                let missing = msg
                    .strip_prefix("missing field `")
                    .and_then(|rest| rest.strip_suffix('`'));
                match (unknown, missing) {
                    (Some((key, rest)), _) => {
                        let rest = rest.trim_start_matches(',').trim();
                        self.problem(join(&field, key), format!("unknown field; {rest}"));
                    }
                    (None, Some(key)) => self.problem(join(&field, key), "missing".into()),
                    (None, None) => self.problem(field, plain(&msg)),
                }
                None
            }
        }
    }

    /// The tables of an array field (`[[key]]`), with their paths (`key[i]`). Items that
    /// are not tables are reported and left out; a missing field is reported only if
    /// `required`.
    pub fn tables<'t>(
        &mut self,
        t: &'t Table,
        key: &str,
        path: &str,
        required: bool,
    ) -> Vec<(String, &'t Table)> {
        let field = join(path, key);
        match t.get(key) {
            None => {
                if required {
                    self.problem(field, "missing".into());
                }
                Vec::new()
            }
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, v) in items.iter().enumerate() {
                    let p = format!("{field}[{i}]");
                    match v {
                        Value::Table(x) => out.push((p, x)),
                        v => self.problem(p, format!("expected a table, found {}", found(v))),
                    }
                }
                out
            }
            Some(v) => {
                let why = format!(
                    "expected an array of tables (`[[{field}]]`), found {}",
                    found(v)
                );
                self.problem(field, why);
                Vec::new()
            }
        }
    }
}

/// serde's wording of a wrong value in words a data file's author reads, never a Rust
/// type: "invalid value: integer `300`, expected u8" → "300 is out of range; must be
/// 0 to 255"; "invalid type: string \"x\", expected f64" → "expected a number, found
/// the string \"x\"". Other messages are kept.
fn plain(msg: &str) -> String {
    let split = |rest: &str| -> Option<(String, String)> {
        let (what, expected) = rest.rsplit_once(", expected ")?;
        Some((what.to_string(), expected.to_string()))
    };
    if let Some((what, expected)) = msg.strip_prefix("invalid value: ").and_then(split) {
        let value = what
            .strip_prefix("integer `")
            .and_then(|v| v.strip_suffix('`'));
        if let (Some(v), Some(range)) = (value, int_range_of(&expected)) {
            return format!("{v} is out of range; must be {range}");
        }
    }
    if let Some((what, expected)) = msg.strip_prefix("invalid type: ").and_then(split) {
        return format!(
            "expected {}, found {}",
            expected_words(&expected),
            found_words(&what)
        );
    }
    msg.to_string()
}

/// The range a Rust integer type holds, in words.
fn int_range_of(ty: &str) -> Option<String> {
    Some(match ty {
        "u8" => "0 to 255".into(),
        "u16" => "0 to 65535".into(),
        "u32" => "0 to 4294967295".into(),
        "u64" | "usize" | "u128" => "at least 0".into(),
        "i8" => "-128 to 127".into(),
        "i16" => "-32768 to 32767".into(),
        "i32" => "-2147483648 to 2147483647".into(),
        _ => return None,
    })
}

/// What serde expected, in words.
fn expected_words(ty: &str) -> String {
    if let Some(range) = int_range_of(ty) {
        return format!("a whole number ({range})");
    }
    match ty {
        "i64" | "i128" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "an array".into(),
        "a map" => "a table".into(),
        t if t.starts_with("struct ") || t.starts_with("internally tagged enum") => {
            "a table".into()
        }
        t => t.into(),
    }
}

/// What serde found, in words.
fn found_words(what: &str) -> String {
    let quoted = |p: &str| {
        what.strip_prefix(p)
            .and_then(|v| v.strip_prefix('`'))
            .and_then(|v| v.strip_suffix('`'))
    };
    if let Some(v) = quoted("integer ").or_else(|| quoted("floating point ")) {
        return format!("the number {v}");
    }
    if let Some(v) = quoted("boolean ") {
        return v.to_string();
    }
    if let Some(v) = what.strip_prefix("string ") {
        return format!("the string {v}");
    }
    match what {
        "sequence" => "an array".into(),
        "map" => "a table".into(),
        w => w.into(),
    }
}
