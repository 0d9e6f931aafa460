//! Stratoyager's own reading on top of [`orrery_data::Reader`]: parameter cards
//! (SY-02), the table (SY-04), obstacles (SY-12) and options.

use crate::types::{
    Feature, Loadout, Obstacle, ObstacleKind, Options, Safe, UnitType, TABLE_SIZES,
};
use orrery_data::{did_you_mean, found, join, Reader};
use orrery_table::{Point, Rect, Shape, EPS};
use toml::{Table, Value};

/// The fields of a parameter card, in data-file order.
pub const CARD_KEYS: &[&str] = &[
    "name",
    "faction",
    "points",
    "targeting",
    "sensors",
    "main_weapon",
    "structure",
    "shields",
    "armor",
    "features",
    "safe",
    "missiles",
];
const SAFE_KEYS: &[&str] = &["accelerate", "decelerate", "turn", "slide"];
const MISSILE_KEYS: &[&str] = &["light", "medium", "heavy"];
const TABLE_KEYS: &[&str] = &["width", "length"];
const OPTION_KEYS: &[&str] = &["arcade", "keep_hulks", "dogfight", "turns"];
const OBSTACLE_KEYS: &[&str] = &["name", "kind", "outline"];
const OUTLINE_KEYS: &[&str] = &["shape", "center", "radius", "points"];
const CIRCLE_KEYS: &[&str] = &["shape", "center", "radius"];
const POLYGON_KEYS: &[&str] = &["shape", "points"];
const POINT_KEYS: &[&str] = &["x", "y"];

/// The special features and hindrances by their data-file names.
pub const FEATURES: &[(&str, Feature)] = &[
    ("gunner", Feature::Gunner),
    ("pulse", Feature::Pulse),
    ("turret360", Feature::Turret360),
    ("linked", Feature::Linked),
    ("fragshell", Feature::Fragshell),
    ("tracker", Feature::Tracker),
    ("dumb", Feature::Dumb),
    ("weak_frame", Feature::WeakFrame),
    ("reactor_interference", Feature::ReactorInterference),
    ("unbalanced_armor", Feature::UnbalancedArmor),
    ("retrofitted_civilian", Feature::RetrofittedCivilian),
];

const KINDS: &[(&str, ObstacleKind)] = &[
    ("asteroid", ObstacleKind::Asteroid),
    ("wreckage", ObstacleKind::Wreckage),
    ("station", ObstacleKind::Station),
    ("debris", ObstacleKind::Debris),
];

#[derive(Clone, Copy)]
enum Kind {
    Circle,
    Polygon,
}

const SHAPES: &[(&str, Kind)] = &[("circle", Kind::Circle), ("polygon", Kind::Polygon)];

/// "24×36" for a table size.
pub fn size(w: f64, l: f64) -> String {
    format!("{w}×{l}")
}

/// Stratoyager's readers, as methods of the shared [`Reader`].
pub trait ReadSy {
    /// A sub-table at `path.key`; `missing` is reported only if `required`, anything
    /// but a table is reported with `example` as a hint.
    fn sub<'t>(
        &mut self,
        t: &'t Table,
        key: &str,
        path: &str,
        required: bool,
        example: &str,
    ) -> Option<&'t Table>;
    /// A list of parameter cards (`[[key]]`): every readable card; names must be
    /// unique. The names of unreadable cards are marked broken (already reported).
    fn cards(&mut self, root: &Table, key: &str) -> Vec<UnitType>;
    /// One parameter card at `path`, if every field could be read.
    fn card(&mut self, t: &Table, path: &str) -> Option<UnitType>;
    /// The `table` (required): `Some` only for a size SY-04 allows.
    fn table(&mut self, root: &Table) -> Option<Rect>;
    /// The `[[obstacles]]`, checked to lie inside `table` when it is known.
    fn obstacles(&mut self, root: &Table, table: Option<Rect>) -> Vec<Obstacle>;
    /// The `[options]` table, defaults for what it leaves out.
    fn options(&mut self, root: &Table) -> Options;
}

impl ReadSy for Reader {
    fn sub<'t>(
        &mut self,
        t: &'t Table,
        key: &str,
        path: &str,
        required: bool,
        example: &str,
    ) -> Option<&'t Table> {
        match t.get(key) {
            Some(Value::Table(x)) => Some(x),
            Some(v) => {
                let why = format!("expected a table such as `{example}`, found {}", found(v));
                self.problem(join(path, key), why);
                None
            }
            None => {
                if required {
                    self.problem(join(path, key), format!("missing; e.g. `{example}`"));
                }
                None
            }
        }
    }

    fn cards(&mut self, root: &Table, key: &str) -> Vec<UnitType> {
        let mut out: Vec<UnitType> = Vec::new();
        // Names seen so far: a set, so a long roster loads in linear time.
        let mut seen = std::collections::HashSet::new();
        for (path, t) in self.tables(root, key, "", true) {
            let Some(card) = self.card(t, &path) else {
                if let Some(Value::String(n)) = t.get("name") {
                    self.mark_broken(n);
                }
                continue;
            };
            if !seen.insert(card.name.clone()) {
                let why = format!("\"{}\" is listed twice", card.name);
                self.problem(join(&path, "name"), why);
            }
            out.push(card);
        }
        out
    }

    fn card(&mut self, t: &Table, path: &str) -> Option<UnitType> {
        self.keys(t, path, CARD_KEYS);
        let name = self.req_str(t, "name", path);
        if name.as_deref().is_some_and(|n| n.trim().is_empty()) {
            self.problem(join(path, "name"), "must not be empty".into());
        }
        let faction = self.opt_str(t, "faction", path).unwrap_or_default();
        let num = |r: &mut Self, key: &str, min: i64, max: i64| {
            r.req_int(t, key, path, min, max).unwrap_or(0)
        };
        let points = num(self, "points", 0, 9999) as u32;
        let targeting = num(self, "targeting", -6, 12) as i32;
        let sensors = num(self, "sensors", -6, 12) as i32;
        let main_weapon = num(self, "main_weapon", 0, 12) as u8;
        let structure = num(self, "structure", 1, 99) as u8;
        let shields = num(self, "shields", 0, 99) as u8;
        let armor = num(self, "armor", 1, 6) as u8;
        let features = features(self, t, path);
        let safe = match self.sub(t, "safe", path, true, SAFE_EXAMPLE) {
            Some(s) => {
                let sp = join(path, "safe");
                self.keys(s, &sp, SAFE_KEYS);
                let v =
                    |r: &mut Self, key: &str| r.req_int(s, key, &sp, 0, 9).map_or(0, |v| v as u8);
                Safe {
                    accelerate: v(self, "accelerate"),
                    decelerate: v(self, "decelerate"),
                    turn: v(self, "turn"),
                    slide: v(self, "slide"),
                }
            }
            None => Safe {
                accelerate: 0,
                decelerate: 0,
                turn: 0,
                slide: 0,
            },
        };
        let example = "{ light = 4, medium = 0, heavy = 2 }";
        let missiles = match self.sub(t, "missiles", path, false, example) {
            Some(m) => {
                let mp = join(path, "missiles");
                self.keys(m, &mp, MISSILE_KEYS);
                let v =
                    |r: &mut Self, key: &str| r.opt_int(m, key, &mp, 0, 99).map_or(0, |v| v as u8);
                Loadout {
                    light: v(self, "light"),
                    medium: v(self, "medium"),
                    heavy: v(self, "heavy"),
                }
            }
            None => Loadout::default(),
        };
        if self.has_problem_under(path) {
            return None;
        }
        Some(UnitType {
            name: name?,
            faction,
            safe,
            points,
            targeting,
            sensors,
            main_weapon,
            missiles,
            features,
            structure,
            shields,
            armor,
        })
    }

    fn table(&mut self, root: &Table) -> Option<Rect> {
        let example = "{ width = 24, length = 36 }";
        let t = self.sub(root, "table", "", true, example)?;
        self.keys(t, "table", TABLE_KEYS);
        let any = (f64::NEG_INFINITY, f64::INFINITY);
        let w = self.req_float(t, "width", "table", any.0, any.1);
        let l = self.req_float(t, "length", "table", any.0, any.1);
        let (w, l) = (w?, l?);
        if TABLE_SIZES.contains(&(w, l)) {
            return Some(Rect::new(w, l));
        }
        let hint = if TABLE_SIZES.contains(&(l, w)) {
            format!(
                " (did you mean `width = {l}, length = {w}`? the sides deploy on the short edges)"
            )
        } else {
            String::new()
        };
        let why = format!(
            "{} klicks is not a table size the rules allow{hint}; use 24×36 (120×180 cm, \
             the default), 18×18 (90×90 cm) or 24×24 (120×120 cm) (SY-04)",
            size(w, l)
        );
        self.problem("table".into(), why);
        None
    }

    fn obstacles(&mut self, root: &Table, table: Option<Rect>) -> Vec<Obstacle> {
        let mut out = Vec::new();
        for (path, t) in self.tables(root, "obstacles", "", false) {
            self.keys(t, &path, OBSTACLE_KEYS);
            let name = self.req_str(t, "name", &path);
            let kind = self.choice(t, "kind", &path, KINDS);
            let outline = outline(self, t, &path, table);
            if let (Some(name), Some(kind), Some(outline)) = (name, kind, outline) {
                out.push(Obstacle {
                    name,
                    kind,
                    outline,
                });
            }
        }
        out
    }

    fn options(&mut self, root: &Table) -> Options {
        let mut o = Options::default();
        let example = "{ dogfight = true, turns = 6 }";
        let Some(t) = self.sub(root, "options", "", false, example) else {
            return o;
        };
        self.keys(t, "options", OPTION_KEYS);
        if let Some(b) = self.opt_bool(t, "arcade", "options") {
            o.arcade = b;
        }
        if let Some(b) = self.opt_bool(t, "keep_hulks", "options") {
            o.keep_hulks = b;
        }
        if let Some(b) = self.opt_bool(t, "dogfight", "options") {
            o.dogfight = b;
        }
        if let Some(n) = self.opt_int(t, "turns", "options", 1, 50) {
            o.turns = n as u32;
        }
        o
    }
}

const SAFE_EXAMPLE: &str = "{ accelerate = 4, decelerate = 3, turn = 3, slide = 2 }";

/// A card's `features`: every known name; unknown and repeated ones are reported.
fn features(r: &mut Reader, t: &Table, path: &str) -> Vec<Feature> {
    let mut out = Vec::new();
    let Some(names) = r.str_list(t, "features", path, false) else {
        return out;
    };
    let known: Vec<&str> = FEATURES.iter().map(|f| f.0).collect();
    let field = join(path, "features");
    // Indices of the strings in the TOML array (non-strings were reported).
    let items: Vec<usize> = match t.get("features") {
        Some(Value::Array(a)) => (0..a.len()).filter(|&i| a[i].is_str()).collect(),
        _ => Vec::new(),
    };
    for (n, i) in names.iter().zip(items) {
        match FEATURES.iter().find(|f| f.0 == n) {
            Some(&(_, f)) if out.contains(&f) => {
                r.problem(format!("{field}[{i}]"), format!("\"{n}\" is listed twice"));
            }
            Some(&(_, f)) => out.push(f),
            None => {
                let why = format!(
                    "unknown feature \"{n}\"{}; expected one of: {}",
                    did_you_mean(n, &known),
                    known.join(", ")
                );
                r.problem(format!("{field}[{i}]"), why);
            }
        }
    }
    out
}

/// A point `{ x, y }` at `path.key`.
fn point(r: &mut Reader, t: &Table, key: &str, path: &str) -> Option<Point> {
    let p = r.sub(t, key, path, true, "{ x = 12.0, y = 18.0 }")?;
    at(r, p, &join(path, key))
}

/// The `{ x, y }` table `p` at `path`.
fn at(r: &mut Reader, p: &Table, path: &str) -> Option<Point> {
    r.keys(p, path, POINT_KEYS);
    let any = (f64::NEG_INFINITY, f64::INFINITY);
    let x = r.req_float(p, "x", path, any.0, any.1);
    let y = r.req_float(p, "y", path, any.0, any.1);
    Some(Point::new(x?, y?))
}

/// An obstacle's `outline` (circle or convex polygon), inside `table` if known.
fn outline(r: &mut Reader, t: &Table, path: &str, table: Option<Rect>) -> Option<Shape> {
    let example = "{ shape = \"circle\", center = { x = 12.0, y = 18.0 }, radius = 2.0 }";
    let o = r.sub(t, "outline", path, true, example)?;
    let op = join(path, "outline");
    let Some(kind) = r.choice(o, "shape", &op, SHAPES) else {
        r.keys(o, &op, OUTLINE_KEYS);
        return None;
    };
    let shape = match kind {
        Kind::Circle => {
            r.keys(o, &op, CIRCLE_KEYS);
            let center = point(r, o, "center", &op);
            let any = (f64::NEG_INFINITY, f64::INFINITY);
            let radius = r.req_float(o, "radius", &op, any.0, any.1);
            if radius.is_some_and(|x| x <= 0.0) {
                let why = format!("{} must be greater than 0", radius.unwrap_or_default());
                r.problem(join(&op, "radius"), why);
                return None;
            }
            Shape::Circle {
                center: center?,
                radius: radius?,
            }
        }
        Kind::Polygon => {
            r.keys(o, &op, POLYGON_KEYS);
            let mut points = Vec::new();
            let mut ok = true;
            for (pp, p) in r.tables(o, "points", &op, true) {
                match at(r, p, &pp) {
                    Some(x) => points.push(x),
                    None => ok = false,
                }
            }
            if !ok || r.has_problem_under(&join(&op, "points")) {
                return None;
            }
            Shape::Polygon { points }
        }
    };
    if let Err(why) = shape.validate() {
        let field = match kind {
            Kind::Circle => op,
            Kind::Polygon => join(&op, "points"),
        };
        r.problem(
            field,
            format!("{why} (SY-12: a convex polygon or a circle)"),
        );
        return None;
    }
    if let Some(table) = table {
        let (lo, hi) = shape.bounding_box();
        let inside =
            lo.x >= -EPS && lo.y >= -EPS && hi.x <= table.width + EPS && hi.y <= table.length + EPS;
        if !inside {
            let why = format!(
                "reaches outside the {} klick table: it spans x {} to {}, y {} to {}; \
                 the table is x 0 to {}, y 0 to {}",
                size(table.width, table.length),
                lo.x,
                hi.x,
                lo.y,
                hi.y,
                table.width,
                table.length
            );
            r.problem(op, why);
            return None;
        }
    }
    Some(shape)
}
