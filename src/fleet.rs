//! `orrery fleet check`: validate a Launch Fighters! fleet file and show its costs.

use anyhow::{Context, Result};
use orrery_launch_fighters::data::{fleet_check, FileForm, FleetReport};
use std::path::Path;

pub fn check(file: &Path, json: bool) -> Result<()> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read fleet file {}", file.display()))?;
    let name = file.display().to_string();
    let report = match fleet_check(&text, &name) {
        Ok(r) => r,
        Err(e) => {
            if json {
                println!("{}", serde_json::to_string_pretty(&e)?);
            }
            let n = e.problems.len();
            anyhow::bail!("{name}: {n} problem{}:\n{e}", if n == 1 { "" } else { "s" });
        }
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", table(&report));
    }
    Ok(())
}

/// The report as a table: one row per ship with its stats and cost, the cost worked
/// out beneath, then the total.
fn table(r: &FleetReport) -> String {
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
