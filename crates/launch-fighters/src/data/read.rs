//! Walking a TOML tree by hand, collecting every problem with its field path.

use super::{DataError, Problem};
use crate::design;
use crate::types::{AddOns, ShipDesign, Stats, Terrain, TerrainKind};
use serde::de::DeserializeOwned;
use toml::{Table, Value};

/// The fields of an inline design, in data-file order.
pub(super) const DESIGN_KEYS: &[&str] = &[
    "name",
    "type",
    "cannons",
    "launchers",
    "bays",
    "defense",
    "move",
    "missiles",
    "squadrons",
    "addons",
];
/// The five stats every inline design must list.
pub(super) const STAT_KEYS: &[&str] = &["cannons", "launchers", "bays", "defense", "move"];
/// The fields of a design's `addons` table (all optional, default 0).
const ADDON_KEYS: &[&str] = &[
    "sensors",
    "warp",
    "repair",
    "boosters",
    "cargo_holds",
    "passenger_holds",
];
/// The fields of a ship entry that references a design.
const REF_KEYS: &[&str] = &["design", "name"];
/// The fields of a terrain counter.
const TERRAIN_KEYS: &[&str] = &["kind", "col", "row"];
const TERRAIN_KINDS: &[(&str, TerrainKind)] = &[
    ("moon", TerrainKind::Moon),
    ("planetoid", TerrainKind::Planetoid),
    ("asteroid", TerrainKind::Asteroid),
    ("nebula", TerrainKind::Nebula),
];

/// `path.key`, or `key` at the top level.
pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A short description of a value's type for "expected …, found …" messages.
fn found(v: &Value) -> String {
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

/// Edit distance on lower-cased characters, counting a swap of neighbours as one edit
/// (optimal string alignment).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

/// The candidate `word` was most likely meant to be, if any is close.
pub(super) fn suggest<'c>(word: &str, candidates: &[&'c str]) -> Option<&'c str> {
    let w = word.to_lowercase();
    if let Some(c) = candidates.iter().find(|c| c.to_lowercase() == w) {
        return Some(c);
    }
    if w.len() >= 3 {
        if let Some(c) = candidates.iter().find(|c| c.to_lowercase().starts_with(&w)) {
            return Some(c);
        }
    }
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .iter()
        .map(|c| (distance(word, c), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    match suggest(word, candidates) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

/// 1-based line and column of byte `offset` in `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut off = offset.min(text.len());
    while !text.is_char_boundary(off) {
        off -= 1;
    }
    let before = &text[..off];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// A named design in a catalog: (name, design).
pub(super) type Catalog = [(String, ShipDesign)];

/// Collects problems while a file is read.
pub(super) struct Reader {
    file: String,
    problems: Vec<Problem>,
    /// Names of the file's own designs that could not be read (already reported);
    /// references to them are not reported again as unknown.
    broken: Vec<String>,
}

impl Reader {
    pub fn new(file: &str) -> Self {
        Reader {
            file: file.to_string(),
            problems: Vec::new(),
            broken: Vec::new(),
        }
    }

    /// Record a problem (identical repeats are dropped).
    pub fn problem(&mut self, field: String, why: String) {
        let p = Problem {
            file: self.file.clone(),
            field,
            why,
            line: None,
            column: None,
        };
        if !self.problems.contains(&p) {
            self.problems.push(p);
        }
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

    pub fn into_error(self) -> DataError {
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

    /// Report every key of `t` not in `allowed`.
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

    pub fn req_str(&mut self, t: &Table, key: &str, path: &str) -> Option<String> {
        self.string(t, key, path, true)
    }

    pub fn opt_str(&mut self, t: &Table, key: &str, path: &str) -> Option<String> {
        self.string(t, key, path, false)
    }

    /// An integer, if present and well-typed (range not checked).
    fn int(&mut self, t: &Table, key: &str, path: &str) -> Option<i64> {
        match t.get(key)? {
            Value::Integer(i) => Some(*i),
            v => {
                let why = format!("expected a whole number, found {}", found(v));
                self.problem(join(path, key), why);
                None
            }
        }
    }

    /// An optional integer in `min..=max`.
    pub fn opt_int(&mut self, t: &Table, key: &str, path: &str, min: i64, max: i64) -> Option<i64> {
        let v = self.int(t, key, path)?;
        if (min..=max).contains(&v) {
            Some(v)
        } else {
            let range = if max == i64::from(u32::MAX) {
                format!("at least {min}")
            } else {
                format!("{min} to {max}")
            };
            self.problem(
                join(path, key),
                format!("{v} is out of range; must be {range}"),
            );
            None
        }
    }

    /// An optional table read by serde from its type (`deny_unknown_fields` applies).
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
        match v.clone().try_into::<T>() {
            Ok(x) => Some(x),
            Err(e) => {
                let msg: Vec<&str> = e.message().lines().map(str::trim).collect();
                let msg = msg.join("; ");
                // serde says "unknown field `x`, expected …": point at `x` itself.
                let unknown = msg
                    .strip_prefix("unknown field `")
                    .and_then(|rest| rest.split_once('`'));
                match unknown {
                    Some((key, rest)) => {
                        let rest = rest.trim_start_matches(',').trim();
                        self.problem(join(&field, key), format!("unknown field; {rest}"));
                    }
                    None => self.problem(field, msg),
                }
                None
            }
        }
    }

    /// The tables of an array field, with their paths (`key[i]`).
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

    /// Terrain counters (`[[terrain]]`: kind, col, row; LF-21).
    pub fn terrain(&mut self, root: &Table) -> Vec<(String, Terrain)> {
        let mut out = Vec::new();
        for (path, t) in self.tables(root, "terrain", "", false) {
            self.keys(t, &path, TERRAIN_KEYS);
            let names: Vec<&str> = TERRAIN_KINDS.iter().map(|k| k.0).collect();
            let kind = match self.req_str(t, "kind", &path) {
                Some(k) => match TERRAIN_KINDS.iter().find(|x| x.0 == k) {
                    Some(x) => Some(x.1),
                    None => {
                        let why = format!(
                            "unknown terrain \"{k}\"{}; expected one of: {}",
                            did_you_mean(&k, &names),
                            names.join(", ")
                        );
                        self.problem(join(&path, "kind"), why);
                        None
                    }
                },
                None => None,
            };
            let coord = |r: &mut Self, key: &str| {
                let v = r.int(t, key, &path);
                if v.is_none() && !t.contains_key(key) {
                    r.problem(join(&path, key), "missing".into());
                }
                v.and_then(|v| match i32::try_from(v) {
                    Ok(x) => Some(x),
                    Err(_) => {
                        r.problem(join(&path, key), format!("{v} is far off the map"));
                        None
                    }
                })
            };
            let col = coord(self, "col");
            let row = coord(self, "row");
            if let (Some(kind), Some(col), Some(row)) = (kind, col, row) {
                out.push((path, Terrain { kind, col, row }));
            }
        }
        out
    }

    /// A numeric design field as u8; type and range problems are reported here.
    fn design_num(&mut self, t: &Table, key: &str, path: &str, field: &str) -> Result<u8, ()> {
        let Some(v) = t.get(key) else {
            return Ok(0);
        };
        let Value::Integer(i) = v else {
            let why = format!("expected a whole number, found {}", found(v));
            self.problem(join(path, key), why);
            return Err(());
        };
        if let Some(why) = design::range_problem(field, *i) {
            self.problem(join(path, key), why);
        }
        u8::try_from(*i).map_err(|_| ())
    }

    /// An inline design at `path` (a table with `DESIGN_KEYS`). Returns the design if
    /// every field could be read; LF-18 problems are reported either way.
    pub fn inline_design(&mut self, t: &Table, path: &str) -> Option<ShipDesign> {
        self.keys(t, path, DESIGN_KEYS);
        // Fields that could not be read; LF-18 checks involving them are skipped.
        let mut bad: Vec<&str> = Vec::new();
        let name = self.req_str(t, "name", path);
        if name.is_none() {
            bad.push("name");
        }
        let kind = self.opt_str(t, "type", path);
        for k in STAT_KEYS {
            if !t.contains_key(*k) {
                self.problem(
                    join(path, k),
                    "missing; a design lists cannons, launchers, bays, defense and move \
                     (0 for none)"
                        .into(),
                );
                bad.push(k);
            }
        }
        let mut num = |r: &mut Self, t: &Table, key: &str, p: &str, field: &'static str| {
            r.design_num(t, key, p, field).unwrap_or_else(|_| {
                bad.push(field);
                0
            })
        };
        let stats = Stats {
            cannons: num(self, t, "cannons", path, "cannons"),
            launchers: num(self, t, "launchers", path, "launchers"),
            bays: num(self, t, "bays", path, "bays"),
            defense: num(self, t, "defense", path, "defense"),
            mv: num(self, t, "move", path, "move"),
        };
        let missiles = num(self, t, "missiles", path, "missiles");
        let squadrons = num(self, t, "squadrons", path, "squadrons");
        let mut addons = AddOns::default();
        let mut addons_bad = false;
        match t.get("addons") {
            None => {}
            Some(Value::Table(a)) => {
                let ap = join(path, "addons");
                self.keys(a, &ap, ADDON_KEYS);
                addons = AddOns {
                    sensors: num(self, a, "sensors", &ap, "addons.sensors"),
                    warp: num(self, a, "warp", &ap, "addons.warp"),
                    repair: num(self, a, "repair", &ap, "addons.repair"),
                    boosters: num(self, a, "boosters", &ap, "addons.boosters"),
                    cargo_holds: num(self, a, "cargo_holds", &ap, "addons.cargo_holds"),
                    passenger_holds: num(self, a, "passenger_holds", &ap, "addons.passenger_holds"),
                };
            }
            Some(v) => {
                let why = format!(
                    "expected a table such as `{{ sensors = 1 }}`, found {}",
                    found(v)
                );
                self.problem(join(path, "addons"), why);
                addons_bad = true;
            }
        }
        if addons_bad {
            bad.push("addons");
        }
        if t.contains_key("type") && kind.is_none() {
            bad.push("type");
        }
        let d = ShipDesign {
            name: name.unwrap_or_default(),
            kind: kind.unwrap_or_default(),
            stats,
            missiles,
            squadrons,
            addons,
        };
        for (field, why) in design::problems(&d) {
            // The fields each LF-18 check reads.
            let reads: &[&str] = match field.as_str() {
                "missiles" => &["launchers", "missiles"],
                "squadrons" => &["bays", "squadrons"],
                "cost" if !bad.is_empty() => continue,
                f if f.starts_with("addons.") && addons_bad => continue,
                _ => &[],
            };
            if bad.contains(&field.as_str()) || reads.iter().any(|r| bad.contains(r)) {
                continue;
            }
            self.problem(join(path, &field), why);
        }
        bad.is_empty().then_some(d)
    }

    /// A file's own `[[designs]]`: (name, design) for every readable one. Names must be
    /// unique and differ from the Blue Book's (`blue`).
    pub fn designs(&mut self, root: &Table, blue: &[ShipDesign]) -> Vec<(String, ShipDesign)> {
        let mut out: Vec<(String, ShipDesign)> = Vec::new();
        for (path, t) in self.tables(root, "designs", "", false) {
            let Some(d) = self.inline_design(t, &path) else {
                if let Some(Value::String(n)) = t.get("name") {
                    self.broken.push(n.clone());
                }
                continue;
            };
            if blue.iter().any(|b| b.name == d.name) {
                let why = format!(
                    "\"{}\" is already a Blue Book design (LF-20); give yours another name",
                    d.name
                );
                self.problem(join(&path, "name"), why);
            } else if out.iter().any(|(n, _)| *n == d.name) {
                let why = format!("\"{}\" is defined twice in this file", d.name);
                self.problem(join(&path, "name"), why);
            }
            out.push((d.name.clone(), d));
        }
        out
    }

    /// The `ships` of a fleet at `path`: (design reference, design) for every readable
    /// entry. An entry is `design = "NAME"` (optionally `name = "…"` to rename the ship)
    /// or an inline design.
    pub fn ships(
        &mut self,
        t: &Table,
        path: &str,
        catalog: &Catalog,
    ) -> Vec<(Option<String>, ShipDesign)> {
        let mut out = Vec::new();
        for (p, entry) in self.tables(t, "ships", path, true) {
            if entry.contains_key("design") {
                if let Some(x) = self.reference(entry, &p, catalog) {
                    out.push(x);
                }
            } else if STAT_KEYS.iter().any(|k| entry.contains_key(*k)) {
                if let Some(d) = self.inline_design(entry, &p) {
                    out.push((None, d));
                }
            } else {
                let mut allowed = vec!["design"];
                allowed.extend_from_slice(DESIGN_KEYS);
                self.keys(entry, &p, &allowed);
                self.problem(
                    p,
                    "a ship needs `design = \"NAME\"` (a Blue Book design, or one of this \
                     file's [[designs]]) or an inline design (name, cannons, launchers, bays, \
                     defense, move, …)"
                        .into(),
                );
            }
        }
        out
    }

    fn reference(
        &mut self,
        entry: &Table,
        path: &str,
        catalog: &Catalog,
    ) -> Option<(Option<String>, ShipDesign)> {
        for k in entry.keys() {
            if REF_KEYS.contains(&k.as_str()) {
                continue;
            }
            let why = if DESIGN_KEYS.contains(&k.as_str()) {
                "not allowed next to `design`: a reference takes the design as it is; to \
                 change it, write an inline design (or add one under [[designs]])"
                    .to_string()
            } else {
                format!(
                    "unknown field{}; a design reference has only: design, name",
                    did_you_mean(k, REF_KEYS)
                )
            };
            self.problem(join(path, k), why);
        }
        let wanted = self.req_str(entry, "design", path)?;
        let rename = self.opt_str(entry, "name", path);
        if let Some(n) = &rename {
            if n.trim().is_empty() {
                self.problem(join(path, "name"), "must not be empty".into());
            }
        }
        if self.broken.contains(&wanted) {
            return None;
        }
        let Some((_, d)) = catalog.iter().find(|(n, _)| *n == wanted) else {
            let names: Vec<&str> = catalog.iter().map(|(n, _)| n.as_str()).collect();
            let why = format!(
                "unknown design \"{wanted}\"{}; known designs: {}",
                did_you_mean(&wanted, &names),
                names.join(", ")
            );
            self.problem(join(path, "design"), why);
            return None;
        };
        let mut d = d.clone();
        if let Some(n) = rename {
            d.name = n;
        }
        Some((Some(wanted), d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        let c = ["Wasp", "Swift", "Otox Gol 79b", "Excelsior"];
        assert_eq!(suggest("wasp", &c), Some("Wasp"));
        assert_eq!(suggest("Otox", &c), Some("Otox Gol 79b"));
        assert_eq!(suggest("Exelsior", &c), Some("Excelsior"));
        assert_eq!(suggest("Wsap", &c), Some("Wasp"));
        assert_eq!(suggest("Battlestar", &c), None);
        assert_eq!(suggest("cannon", DESIGN_KEYS), Some("cannons"));
    }

    #[test]
    fn line_and_column() {
        assert_eq!(line_col("a\nbc\nd", 4), (2, 3));
        assert_eq!(line_col("a\nbc\nd", 5), (3, 1));
        assert_eq!(line_col("é\nx", 1), (1, 1));
    }
}
