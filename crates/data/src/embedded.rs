//! Data files built into a binary (`include_str!`), read all at once.

use crate::DataError;
use std::sync::OnceLock;

/// A data file built into the binary: (id, file name used in messages, text).
pub type Embedded = (&'static str, &'static str, &'static str);

/// Read every embedded file with `read`: all of them by id, or every problem of every
/// file at once.
pub fn read_embedded<T>(
    files: &[Embedded],
    read: impl Fn(&str, &str) -> Result<T, DataError>,
) -> Result<Vec<(&'static str, T)>, DataError> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (id, file, text) in files {
        match read(text, file) {
            Ok(v) => out.push((*id, v)),
            Err(e) => problems.extend(e.problems),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(DataError { problems })
    }
}

/// The embedded files that read without a problem, by id; the others are left out.
/// For callers that must not fail (a ruleset's tests check that every file reads).
pub fn read_embedded_lenient<T>(
    files: &[Embedded],
    read: impl Fn(&str, &str) -> Result<T, DataError>,
) -> Vec<(&'static str, T)> {
    files
        .iter()
        .filter_map(|(id, file, text)| read(text, file).ok().map(|v| (*id, v)))
        .collect()
}

/// A ruleset's built-in files of one kind, read strictly once and kept: the files by
/// id, or every problem of every file ([`Builtin::strict`]); and, for callers that
/// must not fail, the files that read ([`Builtin::lenient`]). One static per kind:
/// `static SCENARIOS: Builtin<Scenario> = Builtin::new(FILES, parse_scenario);`.
pub struct Builtin<T: 'static> {
    files: &'static [Embedded],
    read: fn(&str, &str) -> Result<T, DataError>,
    all: OnceLock<Result<Vec<(&'static str, T)>, DataError>>,
}

impl<T: Clone + Send + Sync + 'static> Builtin<T> {
    /// The files `files`, each read with `read(text, file name)`.
    pub const fn new(
        files: &'static [Embedded],
        read: fn(&str, &str) -> Result<T, DataError>,
    ) -> Self {
        Builtin {
            files,
            read,
            all: OnceLock::new(),
        }
    }

    /// Every file by id, or every problem found in them (read the first time only).
    pub fn strict(&self) -> Result<Vec<(&'static str, T)>, DataError> {
        self.all
            .get_or_init(|| read_embedded(self.files, self.read))
            .clone()
    }

    /// The files' ids, in order (the first is a ruleset's default).
    pub fn ids(&self) -> Vec<&'static str> {
        self.files.iter().map(|f| f.0).collect()
    }

    /// Every file that reads, by id; a file that fails is left out (the ruleset's
    /// tests guarantee none does).
    pub fn lenient(&self) -> Vec<(&'static str, T)> {
        self.strict()
            .unwrap_or_else(|_| read_embedded_lenient(self.files, self.read))
    }
}
