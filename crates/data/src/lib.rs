//! Reading TOML data files for Orrery rulesets, reporting *every* problem at once.
//!
//! A file is parsed into a TOML tree and walked by hand with a [`Reader`] rather than
//! handed to serde, so that each problem is collected with its file, its field path
//! (`fleets[1].ships[2].defense`) and why, and reading goes on after it. TOML syntax
//! errors stop reading at once and carry a line and column.
//!
//! ```
//! use orrery_data::Reader;
//!
//! let mut r = Reader::new("ship.toml");
//! let root = r.parse("name = \"Wasp\"\nspeed = 12\ncolor = 3").unwrap();
//! r.keys(&root, "", &["name", "speed", "colour"]);
//! let name = r.req_str(&root, "name", "");
//! let speed = r.req_int(&root, "speed", "", 0, 10);
//! let err = r.finish((name, speed)).unwrap_err();
//! assert!(err.has("color", "did you mean `colour`?"));
//! assert!(err.has("speed", "12 is out of range; must be 0 to 10"));
//! ```

mod embedded;
mod reader;
mod text;
pub mod tutorial;

pub use embedded::{read_embedded, read_embedded_lenient, Builtin, Embedded};
pub use reader::{Reader, MAX_PROBLEMS};
pub use text::{did_you_mean, line_col, suggest};

use serde::Serialize;
use std::fmt;
use toml::Value;

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The file as given by the caller.
    pub file: String,
    /// Field path, e.g. `fleets[1].ships[2].defense`; empty for TOML syntax errors.
    pub field: String,
    /// Why it is wrong.
    pub why: String,
    /// 1-based line, when known (TOML syntax errors).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column, when known (TOML syntax errors).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl fmt::Display for Problem {
    /// `file[:line[:column]][: field]: why`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.why)
    }
}

/// Every problem found in a data file, one per line when displayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{}", render_problems(&self.problems))]
pub struct DataError {
    /// The problems, in the order they were found.
    pub problems: Vec<Problem>,
}

fn render_problems(p: &[Problem]) -> String {
    p.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

impl DataError {
    /// Every problem as one line: `file: field: reason` (with line and column when
    /// known), for callers that report problems as text.
    pub fn messages(&self) -> Vec<String> {
        self.problems.iter().map(ToString::to_string).collect()
    }

    /// Is there a problem at `field` whose reason contains `needle`? (For tests and tools.)
    pub fn has(&self, field: &str, needle: &str) -> bool {
        self.problems
            .iter()
            .any(|p| p.field == field && p.why.contains(needle))
    }
}

/// The field path `path.key`, or `key` at the top level (empty `path`).
pub fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A short description of a value for "expected …, found …" messages: `the string
/// "x"`, `the number 3`, `true`, `a date`, `an array`, `a table`.
pub fn found(v: &Value) -> String {
    match v {
        Value::String(s) => format!("the string \"{s}\""),
        Value::Integer(i) => format!("the number {i}"),
        Value::Float(x) => format!("the number {x}"),
        Value::Boolean(b) => format!("{b}"),
        Value::Datetime(_) => "a date".into(),
        Value::Array(_) => "an array".into(),
        Value::Table(_) => "a table".into(),
    }
}

#[cfg(test)]
mod tests;
