//! Ship construction costs and limits (seed "Ship Construction", "Add-ons"; LF-18).
//!
//! Cost of a design (LF-18): every stat and the add-ons Sensors, Repair, Boosters and Warp
//! cost the *progressive* cost P(n) = 1 + 2 + … + n; missiles cost 1 point per 2, fighter
//! squadrons 5 each, cargo holds 1 and passenger holds 2 each. `B` is every cost except
//! Move; `P` = P(Move); the Move multiplier `m` is the smallest m ≥ 1 with
//! B + m·P ≤ 20·m, i.e. m = max(1, ⌈B / (20 − P)⌉); the cost is B + m·P.
//!
//! Worked line (Excelsior, seed): cannons 3 (6) + launchers 5 (15) + defense 6 (21) +
//! 28 missiles (14) = B 56; P(3) = 6; m = ⌈56 / 14⌉ = 4; 56 + 24 = 80.

use crate::types::{Options, ShipDesign};
use serde::Serialize;
use std::fmt;

/// Highest level of Cannons, Launchers, Bays and Defense, and of every add-on (LF-18).
pub const MAX_STAT: u8 = 10;
/// Highest Move: the Step Chart has no step above 5 (LF-18).
pub const MAX_MOVE: u8 = 5;
/// Most missiles a ship may carry (LF-18).
pub const MAX_MISSILES: u8 = 40;
/// Most fighter squadrons a ship may carry: the record sheet holds 10 (LF-18, LF-14).
pub const MAX_SQUADRONS: u8 = 10;
/// Points per fighter squadron ("Fighter squadrons cost 5 points each, flat cost").
pub const SQUADRON_COST: u32 = 5;

/// Progressive cost: level n costs 1 + 2 + … + n.
///
/// > "The point cost of each stat equals its level plus all levels prior."
pub fn progressive(n: u8) -> u32 {
    let n = u32::from(n);
    n * (n + 1) / 2
}

/// The points spent on each item of a design, and how Move was costed (LF-18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CostBreakdown {
    /// P(Cannons).
    pub cannons: u32,
    /// P(Launchers).
    pub launchers: u32,
    /// P(Bays).
    pub bays: u32,
    /// P(Defense).
    pub defense: u32,
    /// P(Sensors) + P(Warp) + P(Repair) + P(Boosters).
    pub addons: u32,
    /// Missiles: 1 point per 2.
    pub missiles: u32,
    /// Squadrons: 5 points each.
    pub squadrons: u32,
    /// Holds: cargo 1 point, passenger 2 points each.
    pub holds: u32,
    /// `B`: every cost except Move.
    pub base: u32,
    /// `P`: the progressive cost of Move.
    pub move_p: u32,
    /// `m`: the Move multiplier, max(1, ⌈B / (20 − P)⌉).
    pub multiplier: u32,
    /// P × m.
    pub move_cost: u32,
    /// B + P × m.
    pub total: u32,
}

impl fmt::Display for CostBreakdown {
    /// One worked line, e.g. `cannons 6 + launchers 15 + defense 21 + missiles 14 = base 56;
    /// move P 6 × m 4 = 24; total 80`. Items costing nothing are left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items = [
            ("cannons", self.cannons),
            ("launchers", self.launchers),
            ("bays", self.bays),
            ("defense", self.defense),
            ("add-ons", self.addons),
            ("missiles", self.missiles),
            ("squadrons", self.squadrons),
            ("holds", self.holds),
        ];
        let parts: Vec<String> = items
            .iter()
            .filter(|(_, v)| *v > 0)
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        if parts.is_empty() {
            write!(f, "base 0")?;
        } else {
            write!(f, "{} = base {}", parts.join(" + "), self.base)?;
        }
        write!(
            f,
            "; move P {} × m {} = {}; total {}",
            self.move_p, self.multiplier, self.move_cost, self.total
        )
    }
}

impl ShipDesign {
    /// Every cost except Move (LF-18's `B`).
    pub fn base_cost(&self) -> u32 {
        self.cost_breakdown().base
    }

    /// The Move multiplier m = max(1, ⌈B / (20 − P)⌉) (LF-18).
    pub fn move_multiplier(&self) -> u32 {
        self.cost_breakdown().multiplier
    }

    /// Total build cost B + m·P (LF-18), without optional rules.
    pub fn cost(&self) -> u32 {
        self.cost_breakdown().total
    }

    /// Total build cost under a scenario's optional rules (a flat warp cost, LF-19).
    pub fn cost_under(&self, options: &Options) -> u32 {
        self.cost_breakdown_under(options).total
    }

    /// The cost of every item and of Move (LF-18), without optional rules.
    pub fn cost_breakdown(&self) -> CostBreakdown {
        self.cost_breakdown_under(&Options::default())
    }

    /// The cost of every item and of Move (LF-18) under a scenario's optional rules:
    /// with `flat_warp_cost` warp drive of any level costs that flat amount ("Warp drive
    /// is a flat cost per ship, for example 5 points"). Fighter warp costs 1 point per
    /// squadron that has it ("for 1 extra point per squadron"), counted with the add-ons.
    pub fn cost_breakdown_under(&self, options: &Options) -> CostBreakdown {
        let s = &self.stats;
        let a = &self.addons;
        let mut c = CostBreakdown {
            cannons: progressive(s.cannons),
            launchers: progressive(s.launchers),
            bays: progressive(s.bays),
            defense: progressive(s.defense),
            addons: progressive(a.sensors)
                + warp_cost(a.warp, options)
                + progressive(a.repair)
                + progressive(a.boosters)
                + u32::from(a.fighter_warp),
            // "A single point buys 2 missiles"; odd counts are refused by `validate`.
            missiles: u32::from(self.missiles).div_ceil(2),
            squadrons: SQUADRON_COST * u32::from(self.squadrons),
            holds: u32::from(a.cargo_holds) + 2 * u32::from(a.passenger_holds),
            ..CostBreakdown::default()
        };
        c.base = c.cannons
            + c.launchers
            + c.bays
            + c.defense
            + c.addons
            + c.missiles
            + c.squadrons
            + c.holds;
        c.move_p = progressive(s.mv);
        c.multiplier = if c.move_p == 0 {
            1
        } else {
            // Move ≤ 5 keeps P ≤ 15; an invalid Move above 5 still gets a finite answer.
            let room = 20u32.saturating_sub(c.move_p).max(1);
            c.base.div_ceil(room).max(1)
        };
        // Saturating: an invalid design (Move up to 255) must not overflow.
        c.move_cost = c.multiplier.saturating_mul(c.move_p);
        c.total = c.base.saturating_add(c.move_cost);
        c
    }
}

/// Points for warp drive of `level`: progressive (LF-18), or the scenario's flat cost
/// for any level ≥ 1 (LF-19 optional rule).
fn warp_cost(level: u8, options: &Options) -> u32 {
    match options.flat_warp_cost {
        Some(flat) if level >= 1 => u32::from(flat),
        _ => progressive(level),
    }
}

/// The highest value a numeric design field may take (LF-18), or `None` for a field that
/// is not numeric. Field names are the data-file names (`move`, `addons.sensors`, …).
pub fn field_max(field: &str) -> Option<u8> {
    Some(match field {
        "cannons" | "launchers" | "bays" | "defense" => MAX_STAT,
        "move" => MAX_MOVE,
        "missiles" => MAX_MISSILES,
        "squadrons" => MAX_SQUADRONS,
        "addons.sensors"
        | "addons.warp"
        | "addons.repair"
        | "addons.boosters"
        | "addons.cargo_holds"
        | "addons.passenger_holds" => MAX_STAT,
        "addons.fighter_warp" => MAX_SQUADRONS,
        _ => return None,
    })
}

/// Why `value` is out of range for the numeric design `field`, or `None` if it is in range.
/// Shared by [`validate`] and the data loader so both say the same thing.
pub fn range_problem(field: &str, value: i64) -> Option<String> {
    let max = field_max(field)?;
    if value < 0 {
        return Some(format!("{value} is negative; it must be 0 to {max}"));
    }
    if value <= i64::from(max) {
        return None;
    }
    let why = match field {
        "move" => "the Step Chart has no step above 5",
        "missiles" => "a ship carries at most 40 missiles",
        "squadrons" => "a record sheet holds at most 10 squadrons",
        f if f.starts_with("addons.") => "add-ons have levels 0 to 10",
        _ => "each stat is 0 to 10",
    };
    Some(format!("{value} is above {max}; {why} (LF-18)"))
}

/// Every problem with a design as (field, why) pairs, fields named as in data files.
pub fn problems(d: &ShipDesign) -> Vec<(String, String)> {
    let mut p: Vec<(String, String)> = Vec::new();
    let mut add = |field: &str, why: String| p.push((field.to_string(), why));
    if d.name.trim().is_empty() {
        add("name", "must not be empty".into());
    }
    let s = &d.stats;
    let a = &d.addons;
    let numeric = [
        ("cannons", s.cannons),
        ("launchers", s.launchers),
        ("bays", s.bays),
        ("defense", s.defense),
        ("move", s.mv),
        ("missiles", d.missiles),
        ("squadrons", d.squadrons),
        ("addons.sensors", a.sensors),
        ("addons.warp", a.warp),
        ("addons.repair", a.repair),
        ("addons.boosters", a.boosters),
        ("addons.cargo_holds", a.cargo_holds),
        ("addons.passenger_holds", a.passenger_holds),
        ("addons.fighter_warp", a.fighter_warp),
    ];
    for (field, v) in numeric {
        if let Some(why) = range_problem(field, i64::from(v)) {
            add(field, why);
        }
    }
    if d.missiles % 2 == 1 {
        add(
            "missiles",
            format!(
                "{} is odd; missiles are bought 2 for 1 point, so the count must be even (LF-18)",
                d.missiles
            ),
        );
    }
    if s.launchers > 0 && d.missiles < 2 {
        add(
            "missiles",
            format!(
                "launchers {} need at least 2 missiles (1 point), found {} (LF-18: \"If a ship \
                 buys launchers it must also buy at least 1 point of missiles\")",
                s.launchers, d.missiles
            ),
        );
    }
    if s.launchers == 0 && d.missiles > 0 {
        add(
            "missiles",
            format!(
                "{} missiles but launchers 0; missiles need launchers to fire them (LF-18)",
                d.missiles
            ),
        );
    }
    if d.squadrons > 0 && s.bays == 0 {
        add(
            "squadrons",
            format!(
                "{} squadrons but bays 0; squadrons need bays of at least 1 (LF-18)",
                d.squadrons
            ),
        );
    }
    if a.fighter_warp > d.squadrons {
        add(
            "addons.fighter_warp",
            format!(
                "{} squadrons with warp drive but the ship carries {}; at most every squadron \
                 has it (LF-19)",
                a.fighter_warp, d.squadrons
            ),
        );
    }
    if d.cost() < 1 {
        add(
            "cost",
            "the design costs 0 points; a ship must cost at least 1 (LF-18)".into(),
        );
    }
    p
}

/// Every problem with a design (LF-18 limits), as "field: why" messages. Empty = valid.
pub fn validate(d: &ShipDesign) -> Vec<String> {
    problems(d)
        .into_iter()
        .map(|(f, why)| format!("{f}: {why}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{AddOns, Stats};

    fn d(c: u8, l: u8, b: u8, def: u8, mv: u8, missiles: u8, squadrons: u8) -> ShipDesign {
        ShipDesign {
            name: "T".into(),
            kind: String::new(),
            stats: Stats {
                cannons: c,
                launchers: l,
                bays: b,
                defense: def,
                mv,
            },
            missiles,
            squadrons,
            addons: AddOns::default(),
        }
    }

    #[test]
    fn lf18_excelsior_worked_line() {
        let e = d(3, 5, 0, 6, 3, 28, 0);
        let b = e.cost_breakdown();
        assert_eq!((b.base, b.move_p, b.multiplier, b.total), (56, 6, 4, 80));
        assert_eq!(
            b.to_string(),
            "cannons 6 + launchers 15 + defense 21 + missiles 14 = base 56; move P 6 × m 4 = 24; total 80"
        );
        assert!(validate(&e).is_empty());
    }

    #[test]
    fn lf18_otox_gol_worked_line() {
        // "4 cannons [10 points], 1 launcher [1 point], 6 defense [21 points] and 2 move
        // [6 points – doubled …] with 4 missiles [2 points]" — total 40.
        let o = d(4, 1, 0, 6, 2, 4, 0);
        let b = o.cost_breakdown();
        assert_eq!(
            (b.cannons, b.launchers, b.defense, b.missiles),
            (10, 1, 21, 2)
        );
        assert_eq!((b.base, b.move_p, b.multiplier, b.move_cost), (34, 3, 2, 6));
        assert_eq!(o.cost(), 40);
    }

    #[test]
    fn lf18_cost_falls_in_bracket_m() {
        // For every valid Move and a range of B, the cost lies in bracket m: 20(m−1) < cost ≤ 20m.
        for mv in 1..=5u8 {
            for c in 0..=10u8 {
                for def in 0..=10u8 {
                    let x = d(c, 0, 0, def, mv, 0, 0);
                    let b = x.cost_breakdown();
                    assert!(b.total <= 20 * b.multiplier, "{b:?}");
                    if b.multiplier > 1 {
                        assert!(b.total > 20 * (b.multiplier - 1), "{b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn lf18_validate_lists_every_problem() {
        let mut x = d(11, 2, 0, 3, 6, 0, 3);
        x.name = " ".into();
        x.addons.sensors = 12;
        let v = validate(&x);
        let fields: Vec<&str> = v
            .iter()
            .map(|s| s.split(':').next().unwrap_or(""))
            .collect();
        assert_eq!(
            fields,
            [
                "name",
                "cannons",
                "move",
                "addons.sensors",
                "missiles",
                "squadrons"
            ],
            "{v:#?}"
        );
    }

    #[test]
    fn lf18_limits() {
        assert!(validate(&d(0, 0, 0, 0, 0, 0, 0))
            .iter()
            .any(|m| m.starts_with("cost:")));
        assert!(validate(&d(0, 0, 0, 1, 0, 0, 0)).is_empty());
        assert!(validate(&d(10, 10, 10, 10, 5, 40, 10)).is_empty());
        assert_eq!(
            validate(&d(0, 0, 0, 1, 0, 41, 0)).len(),
            3,
            "over 40, odd, no launchers"
        );
        let huge = d(255, 255, 255, 255, 255, 255, 255);
        assert_eq!(validate(&huge).len(), 8, "{:?}", validate(&huge));
        assert_eq!(huge.cost(), u32::MAX);
        assert_eq!(
            validate(&d(0, 0, 1, 1, 0, 0, 11)),
            ["squadrons: 11 is above 10; a record sheet holds at most 10 squadrons (LF-18)"]
        );
    }
}
