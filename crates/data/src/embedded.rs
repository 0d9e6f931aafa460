//! Data files built into a binary (`include_str!`), read all at once.

use crate::DataError;

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
