//! `orrery fleet check FILE` written out ([`orrery_core::Files::fleet_check`]): the
//! [`FleetReport`] as pretty JSON and as a table of every ship's stats and cost
//! (LF-18) with the cost worked out beneath, or every problem of the file.

use super::{fleet_check, FileForm, FleetReport};
use orrery_core::{FileError, FleetCheck};

/// Check a fleet or design file and write the report (or the problems) both ways.
pub fn check_written(text: &str, file: &str) -> Result<FleetCheck, FileError> {
    // Reports and problems are plain structs of strings and numbers: writing them as
    // JSON cannot fail.
    match fleet_check(text, file) {
        Ok(r) => Ok(FleetCheck {
            json: serde_json::to_string_pretty(&r).unwrap_or_default(),
            text: table(&r),
        }),
        Err(e) => Err(FileError {
            problems: e.messages(),
            json: serde_json::to_string_pretty(&e).unwrap_or_default(),
        }),
    }
}

/// The report as a table: one row per ship with its stats and cost, the cost worked
/// out beneath, then the total.
pub fn table(r: &FleetReport) -> String {
    let what = match r.form {
        FileForm::Fleet => "Fleet",
        FileForm::Designs => "Designs",
        FileForm::Design => "Design",
    };
    let mut out = format!("{what} \"{}\" ({}): OK\n", r.name, r.file);
    let nw = r
        .units
        .iter()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let header = format!(
        "  {:<nw$}  {:>2} {:>2} {:>2} {:>2} {:>2}  {:>4} {:>4}  {:>5}  add-ons",
        "ship", "C", "L", "B", "D", "M", "msl", "sqn", "cost"
    );
    out.push_str(&header);
    out.push('\n');
    for u in &r.units {
        let d = &u.design;
        let s = &d.stats;
        let a = &d.addons;
        let addons: Vec<String> = [
            ("sensors", a.sensors),
            ("warp", a.warp),
            ("repair", a.repair),
            ("boosters", a.boosters),
            ("cargo", a.cargo_holds),
            ("passengers", a.passenger_holds),
        ]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
        let line = format!(
            "  {:<nw$}  {:>2} {:>2} {:>2} {:>2} {:>2}  {:>4} {:>4}  {:>5}  {}",
            u.name,
            s.cannons,
            s.launchers,
            s.bays,
            s.defense,
            s.mv,
            d.missiles,
            d.squadrons,
            u.cost,
            addons.join(", ")
        );
        out.push_str(line.trim_end());
        out.push('\n');
        let mut detail = format!("  {:<nw$}    {}", "", u.breakdown);
        if let Some(r) = &u.design_ref {
            if r != &u.name {
                detail.push_str(&format!("  (design {r})"));
            }
        }
        out.push_str(&detail);
        out.push('\n');
    }
    match r.limit {
        Some(l) => out.push_str(&format!("Total {} of {} points\n", r.total, l)),
        None => out.push_str(&format!("Total {} points\n", r.total)),
    }
    out
}
