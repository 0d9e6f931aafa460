//! Launch Fighters' own reading on top of [`orrery_data::Reader`]: terrain, inline
//! designs, a file's `[[designs]]` and a fleet's `ships`.

use crate::design;
use crate::types::{AddOns, ShipDesign, Stats, Terrain, TerrainKind};
use orrery_data::{did_you_mean, found, join, Reader};
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
    "fighter_warp",
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

/// A named design in a catalog: (name, design).
pub(super) type Catalog = [(String, ShipDesign)];

/// Launch Fighters' readers, as methods of the shared [`Reader`].
pub(super) trait ReadLf {
    /// Terrain counters (`[[terrain]]`: kind, col, row; LF-21).
    fn terrain(&mut self, root: &Table) -> Vec<(String, Terrain)>;
    /// An inline design at `path` (a table with `DESIGN_KEYS`). Returns the design if
    /// every field could be read; LF-18 problems are reported either way.
    fn inline_design(&mut self, t: &Table, path: &str) -> Option<ShipDesign>;
    /// A file's own `[[designs]]`: (name, design) for every readable one. Names must be
    /// unique and differ from the Blue Book's (`blue`). The names of unreadable ones are
    /// marked broken (already reported).
    fn designs(&mut self, root: &Table, blue: &[ShipDesign]) -> Vec<(String, ShipDesign)>;
    /// The `ships` of a fleet at `path`: (design reference, design) for every readable
    /// entry. An entry is `design = "NAME"` (optionally `name = "…"` to rename the ship)
    /// or an inline design.
    fn ships(
        &mut self,
        t: &Table,
        path: &str,
        catalog: &Catalog,
    ) -> Vec<(Option<String>, ShipDesign)>;
}

impl ReadLf for Reader {
    fn terrain(&mut self, root: &Table) -> Vec<(String, Terrain)> {
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

    fn inline_design(&mut self, t: &Table, path: &str) -> Option<ShipDesign> {
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
            design_num(r, t, key, p, field).unwrap_or_else(|_| {
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
                    fighter_warp: num(self, a, "fighter_warp", &ap, "addons.fighter_warp"),
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

    fn designs(&mut self, root: &Table, blue: &[ShipDesign]) -> Vec<(String, ShipDesign)> {
        let mut out: Vec<(String, ShipDesign)> = Vec::new();
        for (path, t) in self.tables(root, "designs", "", false) {
            let Some(d) = self.inline_design(t, &path) else {
                if let Some(Value::String(n)) = t.get("name") {
                    self.mark_broken(n);
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

    fn ships(
        &mut self,
        t: &Table,
        path: &str,
        catalog: &Catalog,
    ) -> Vec<(Option<String>, ShipDesign)> {
        let mut out = Vec::new();
        for (p, entry) in self.tables(t, "ships", path, true) {
            if entry.contains_key("design") {
                if let Some(x) = reference(self, entry, &p, catalog) {
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
}

/// A numeric design field as u8; type and range problems are reported here.
fn design_num(r: &mut Reader, t: &Table, key: &str, path: &str, field: &str) -> Result<u8, ()> {
    let Some(v) = t.get(key) else {
        return Ok(0);
    };
    let Value::Integer(i) = v else {
        let why = format!("expected a whole number, found {}", found(v));
        r.problem(join(path, key), why);
        return Err(());
    };
    if let Some(why) = design::range_problem(field, *i) {
        r.problem(join(path, key), why);
    }
    u8::try_from(*i).map_err(|_| ())
}

/// A ship entry referencing a design by name (`design`, optional `name`).
fn reference(
    r: &mut Reader,
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
        r.problem(join(path, k), why);
    }
    let wanted = r.req_str(entry, "design", path)?;
    let rename = r.opt_str(entry, "name", path);
    if let Some(n) = &rename {
        if n.trim().is_empty() {
            r.problem(join(path, "name"), "must not be empty".into());
        }
    }
    if r.is_broken(&wanted) {
        return None;
    }
    let Some((_, d)) = catalog.iter().find(|(n, _)| *n == wanted) else {
        let names: Vec<&str> = catalog.iter().map(|(n, _)| n.as_str()).collect();
        let why = format!(
            "unknown design \"{wanted}\"{}; known designs: {}",
            did_you_mean(&wanted, &names),
            names.join(", ")
        );
        r.problem(join(path, "design"), why);
        return None;
    };
    let mut d = d.clone();
    if let Some(n) = rename {
        d.name = n;
    }
    Some((Some(wanted), d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_data::suggest;

    #[test]
    fn suggests_design_keys() {
        assert_eq!(suggest("cannon", DESIGN_KEYS), Some("cannons"));
        assert_eq!(suggest("adons", DESIGN_KEYS), Some("addons"));
    }
}
