//! The readable battle: an ASCII hex map, unit cards, the turn, the decision owed and
//! the score table.

use super::*;
use crate::action::Action;
use crate::objectives::objective_text;
use crate::state::{Decision, LaunchFighters, Location, Unit};
use crate::types::{ObjectiveKind, TerrainKind};
use orrery_core::{Game, Seat};
use orrery_hex::{Dir, Hex};

// ------------------------------------------------------------------ map

/// Width of one column slot on the ASCII map.
const CELL: usize = 4;

fn facing_arrow(d: Dir) -> (char, char) {
    // (before, after) the two-character counter code.
    match d {
        Dir::N => (' ', '^'),
        Dir::Ne => (' ', '/'),
        Dir::Se => (' ', '\\'),
        Dir::S => (' ', 'v'),
        Dir::Sw => ('/', ' '),
        Dir::Nw => ('\\', ' '),
    }
}

fn terrain_char(t: TerrainKind) -> char {
    match t {
        TerrainKind::Moon | TerrainKind::Planetoid => 'o',
        TerrainKind::Asteroid => ':',
        TerrainKind::Nebula => '~',
    }
}

/// The hexes the viewer may choose now: where it may place a ship, move a unit, launch
/// a squadron or push one (from its legal actions). Marked `+` on the map and kept in
/// view when the map is cropped.
fn reachable(g: &LaunchFighters, viewer: Option<Seat>) -> Vec<Hex> {
    let Some(seat) = viewer else {
        return Vec::new();
    };
    if !g.to_move().contains(&seat) {
        return Vec::new();
    }
    let mut hexes: Vec<Hex> = g
        .legal_actions(seat)
        .iter()
        .filter_map(|a| match a {
            Action::Place { at, .. } => Some(*at),
            Action::Move { to, .. } | Action::Launch { to, .. } | Action::Push { to } => Some(*to),
            _ => None,
        })
        .collect();
    hexes.sort_by_key(|h| h.to_offset());
    hexes.dedup();
    hexes
}

/// Range of cannons and launchers against ships (LF-10: "a ship at distance ≤ 5").
const FIRE_RANGE: u32 = 5;

/// The viewer's active ship, if one is activated now: its hex and facing, for marking
/// its weapons' reach and front arc (LF-03, LF-10).
fn active_ship(g: &LaunchFighters, viewer: Option<Seat>) -> Option<(Hex, Dir)> {
    let act = g.activation.as_ref()?;
    let u = g.units.get(act.unit.index())?;
    if Some(u.owner) != viewer {
        return None;
    }
    Some((u.hex()?, u.ship()?.facing))
}

/// The four characters of one hex (`+`: the viewer may go there now; `'` and `,`:
/// within range 5 of the viewer's active ship, in its front arc or not).
fn cell(g: &LaunchFighters, h: Hex, reach: &[Hex], fire: Option<(Hex, Dir)>) -> [char; CELL] {
    let ship = g.ship_at(h);
    let squadron = g.squadron_at(h);
    let terrain = g.terrain_at(h);
    let mut c = [' ', ' ', ' ', ' '];
    if let Some(u) = ship {
        let (l, d) = counter_code(g, u);
        let facing = u.ship().map(|s| s.facing).unwrap_or(Dir::N);
        let (pre, post) = facing_arrow(facing);
        c = [pre, l, d, post];
        if squadron.is_some() && c[0] == ' ' {
            c[0] = '*';
        } else if squadron.is_some() && c[3] == ' ' {
            c[3] = '*';
        }
    } else if let Some(u) = squadron {
        let (l, d) = counter_code(g, u);
        let active = u.squadron().is_some_and(|q| q.active);
        c = [' ', l, d, if active { ' ' } else { '_' }];
    } else if let Some(t) = terrain {
        c[1] = terrain_char(t);
    } else if g.in_exit_area(h) {
        c[1] = 'x';
    } else if in_objective_area(g, h) {
        c[1] = '#';
    } else {
        c[1] = '.';
    }
    if reach.contains(&h) && c[0] == ' ' {
        c[0] = '+';
    } else if let Some((at, facing)) = fire {
        if at != h && at.distance(h) <= FIRE_RANGE && c[0] == ' ' {
            c[0] = if at.arc(facing, h) == orrery_hex::Arc::Front {
                '\''
            } else {
                ','
            };
        }
    }
    c
}

/// Is `h` in some objective's area (LF-17 (c))?
fn in_objective_area(g: &LaunchFighters, h: Hex) -> bool {
    g.objectives
        .iter()
        .any(|o| o.area.iter().any(|a| a.hex() == h))
}

fn write_map(out: &mut String, g: &LaunchFighters, viewer: Option<Seat>) {
    let reach = reachable(g, viewer);
    let fire = active_ship(g, viewer);
    let (cols, rows) = (g.map.cols, g.map.rows);
    if cols <= 0 || rows <= 0 {
        out.push_str("(empty map)\n");
        return;
    }
    // Crop to the units on the map and the hexes the viewer may choose (plus a
    // margin) when the map is large: no offered hex is ever off-screen.
    let mut bounds = (0, cols - 1, 0, rows - 1);
    let mut on_map: Vec<(i32, i32)> = g
        .units
        .iter()
        .filter_map(|u| u.hex())
        .chain(reach.iter().copied())
        .map(|h| h.to_offset())
        .collect();
    if let Some((at, _)) = fire {
        // The active ship's whole reach stays in view too.
        let (c, r) = at.to_offset();
        let d = FIRE_RANGE as i32;
        on_map.extend([(c - d, r - d), (c + d, r + d)]);
    }
    if cols * rows > 400 && !on_map.is_empty() {
        const MARGIN: i32 = 2;
        let c0 = on_map.iter().map(|p| p.0).min().unwrap_or(0) - MARGIN;
        let c1 = on_map.iter().map(|p| p.0).max().unwrap_or(0) + MARGIN;
        let r0 = on_map.iter().map(|p| p.1).min().unwrap_or(0) - MARGIN;
        let r1 = on_map.iter().map(|p| p.1).max().unwrap_or(0) + MARGIN;
        bounds = (c0.max(0), c1.min(cols - 1), r0.max(0), r1.min(rows - 1));
    }
    let (c0, c1, r0, r1) = bounds;
    if bounds != (0, cols - 1, 0, rows - 1) {
        let _ = writeln!(
            out,
            "Map {cols}x{rows}, showing columns {c0:02}-{c1:02}, rows {r0:02}-{r1:02}:"
        );
    } else {
        let _ = writeln!(out, "Map {cols}x{rows}:");
    }
    let width = ((c1 - c0 + 1) as usize) * CELL;
    // Column headers: even columns on the first line, odd on the second.
    for parity in [0, 1] {
        let mut line = String::from("    ");
        for c in c0..=c1 {
            if c.rem_euclid(2) == parity {
                let _ = write!(line, " {c:02} ");
            } else {
                line.push_str("    ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "    {}", "-".repeat(width));
    for r in r0..=r1 {
        for parity in [0, 1] {
            let mut line = if parity == 0 {
                format!("{r:02} |")
            } else {
                "   |".to_string()
            };
            for c in c0..=c1 {
                if c.rem_euclid(2) == parity {
                    line.extend(cell(g, Hex::from_offset(c, r), &reach, fire));
                } else {
                    line.push_str("    ");
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out.push_str(
        "Legend: A0 = ship A of P0 with facing ^ N, / NE, \\ SE, v S, /A0 SW, \\A0 NW;\n        \
         a0 = squadron of P0 from ship A (a0_ inactive); * = squadron sharing the hex;\n        \
         o moon/planetoid, : asteroid, ~ nebula, . empty space. Odd columns sit half a hex lower.\n",
    );
    if !reach.is_empty() {
        out.push_str("        + where you may place, move, launch or push now.\n");
    }
    if fire.is_some() {
        out.push_str(
            "        ' within range 5 of your active ship, in its front arc; , in range, \
             not in it (LF-03, LF-10).\n",
        );
    }
    if !g.exit_area.is_empty() || g.objectives.iter().any(|o| !o.area.is_empty()) {
        out.push_str(
            "        x scenario exit area (units there retreat, LF-16); # objective area.\n",
        );
    }
    if !g.objectives.is_empty() {
        out.push_str("Objectives (LF-17 (c)):\n");
        for (i, o) in g.objectives.iter().enumerate() {
            let n = g.objective_count(i);
            let now = match (o.kind, n) {
                (ObjectiveKind::Destroy | ObjectiveKind::Escape, _) if o.ship.is_none() => {
                    format!("{n} so far, {} points", o.points.saturating_mul(n))
                }
                (_, 0) => "not met now".to_string(),
                _ => "met now".to_string(),
            };
            let held = match (o.kind, o.turns, g.held_turns.get(i)) {
                (ObjectiveKind::Hold, Some(t), Some(h)) => format!(", held {h} of {t} turns"),
                _ => String::new(),
            };
            let ends = if o.ends_game { ", ends the battle" } else { "" };
            let _ = writeln!(out, "  {}: {now}{held}{ends}", objective_text(o));
        }
    }
}

// ------------------------------------------------------------------ cards

fn location_text(g: &LaunchFighters, u: &Unit) -> String {
    match u.location {
        Location::Unplaced => "not yet placed".into(),
        Location::OnMap(h) => match g.terrain_at(h) {
            Some(t) => format!("at {h} ({})", terrain_name(t)),
            None => format!("at {h}"),
        },
        Location::Aboard(host) => format!("aboard {}", unit_label(g, host)),
        Location::Eliminated => "destroyed".into(),
        Location::Retreated => "left the map".into(),
    }
}

fn terrain_name(t: TerrainKind) -> &'static str {
    match t {
        TerrainKind::Moon => "moon",
        TerrainKind::Planetoid => "planetoid",
        TerrainKind::Asteroid => "asteroids",
        TerrainKind::Nebula => "nebula",
    }
}

fn ship_card(out: &mut String, g: &LaunchFighters, u: &Unit) {
    let Some(s) = u.ship() else { return };
    let cur = s.stats;
    let orig = s.design.stats;
    let stat = |name: &str, c: u8, o: u8| {
        if c == o {
            format!("{name} {c}")
        } else {
            format!("{name} {c}/{o}")
        }
    };
    let _ = write!(
        out,
        "  {}{}{} - {}",
        unit_label(g, u.id),
        if s.design.kind.is_empty() {
            String::new()
        } else {
            format!(" {}", s.design.kind)
        },
        if s.flagship { " [flagship]" } else { "" },
        location_text(g, u)
    );
    if u.hex().is_some() {
        let _ = write!(out, " facing {}", s.facing.label());
    }
    out.push('\n');
    let aboard = g.aboard(u.id).count();
    let _ = write!(
        out,
        "      {} {} {} {} {}   missiles {}   squadrons aboard {}",
        stat("C", cur.cannons, orig.cannons),
        stat("L", cur.launchers, orig.launchers),
        stat("B", cur.bays, orig.bays),
        stat("D", cur.defense, orig.defense),
        stat("M", cur.mv, orig.mv),
        s.missiles,
        aboard
    );
    let a = &s.design.addons;
    let mut addons = Vec::new();
    if a.sensors > 0 {
        addons.push(format!("sensors {}", a.sensors));
    }
    if a.repair > 0 {
        addons.push(format!("repair {}/{}", s.repair_left, a.repair));
    }
    if a.boosters > 0 {
        addons.push(format!("boosters {}/{}", s.boosters_left, a.boosters));
    }
    if a.warp > 0 {
        addons.push(format!("warp {}", a.warp));
    }
    if a.fighter_warp > 0 {
        addons.push(format!("fighter warp {}", a.fighter_warp));
    }
    // Holds show what is left where they can be hit (LF-19).
    let hold = |left: u8, of: u8| {
        if g.options.holds_can_be_hit {
            format!("{left}/{of}")
        } else {
            of.to_string()
        }
    };
    if a.cargo_holds > 0 {
        addons.push(format!("cargo {}", hold(s.holds.cargo, a.cargo_holds)));
    }
    if a.passenger_holds > 0 {
        addons.push(format!(
            "passengers {}",
            hold(s.holds.passengers, a.passenger_holds)
        ));
    }
    if !addons.is_empty() {
        let _ = write!(out, "   add-ons: {}", addons.join(", "));
    }
    let mut flags = Vec::new();
    if u.moved {
        flags.push("moved");
    }
    if u.activated {
        flags.push("activated");
    }
    if s.warp_declared {
        flags.push("warp engaged");
    }
    if !flags.is_empty() {
        let _ = write!(out, "   ({})", flags.join(", "));
    }
    let _ = writeln!(out, "   cost {}", s.cost);
}

fn seat_cards(out: &mut String, g: &LaunchFighters, seat: Seat, scores: &[f64]) {
    let p = g.players.get(seat.index());
    let _ = write!(
        out,
        "{} {}",
        seat_label(seat),
        p.map(|p| p.fleet.as_str()).unwrap_or("")
    );
    if let Some(p) = p {
        if p.initiative > 0 {
            let _ = write!(out, "   initiative {}", p.initiative);
        }
    }
    if let Some(s) = scores.get(seat.index()) {
        let _ = write!(out, "   VP {}", fmt_score(*s));
    }
    out.push('\n');
    for u in g.units.iter().filter(|u| u.owner == seat && u.is_ship()) {
        ship_card(out, g, u);
    }
    let squadrons: Vec<&Unit> = g
        .units
        .iter()
        .filter(|u| u.owner == seat && !u.is_ship())
        .collect();
    let on_map: Vec<String> = squadrons
        .iter()
        .filter_map(|u| {
            let h = u.hex()?;
            let active = u.squadron().is_some_and(|q| q.active);
            let mut s = format!(
                "{} at {h} {}",
                unit_tag(g, u.id),
                if active { "active" } else { "inactive" }
            );
            if u.activated {
                s.push_str(" (attacked)");
            }
            if u.warp_declared() {
                s.push_str(" (warp engaged)");
            }
            Some(s)
        })
        .collect();
    if !on_map.is_empty() {
        let _ = writeln!(out, "  squadrons on the map: {}", on_map.join("; "));
    }
    let lost = squadrons
        .iter()
        .filter(|u| matches!(u.location, Location::Eliminated))
        .count();
    let gone = squadrons
        .iter()
        .filter(|u| matches!(u.location, Location::Retreated))
        .count();
    if lost + gone > 0 {
        let _ = writeln!(out, "  squadrons eliminated {lost}, left the map {gone}");
    }
}

fn decision_text(g: &LaunchFighters, d: &Decision) -> String {
    match d {
        Decision::Push { squadron, pusher } => format!(
            "where {} goes, pushed by {}",
            unit_label(g, *squadron),
            seat_label(*pusher)
        ),
        Decision::ReduceStats { ship, levels, .. } => format!(
            "which stats of {} lose {}",
            unit_label(g, *ship),
            plural(*levels, "level", "levels")
        ),
        Decision::Intercept { target } => {
            format!(
                "whether to intercept missiles aimed at {}",
                unit_label(g, *target)
            )
        }
        Decision::SquadronHit { squadron } => {
            format!(
                "whether {} is flipped or sent back to base",
                unit_label(g, *squadron)
            )
        }
        Decision::ReturnToBase { squadron, .. } => {
            format!("which ship {} lands on", unit_label(g, *squadron))
        }
        Decision::BayLoss { ship, .. } => {
            format!("which squadron aboard {} is lost", unit_label(g, *ship))
        }
        Decision::Advance { winner, vacated } => format!(
            "whether {} (or a friend) advances into {vacated}",
            unit_label(g, *winner)
        ),
        Decision::RepairStat { ship } => {
            format!("which stat of {} to repair", unit_label(g, *ship))
        }
    }
}

/// A readable text picture of the battle for `viewer` (Launch Fighters! hides nothing,
/// so every viewer sees the same; the viewer's own fleet is listed first).
pub fn render_text(g: &LaunchFighters, viewer: Option<Seat>) -> String {
    render_with_scores(g, viewer, &g.scores())
}

pub(super) fn render_with_scores(
    g: &LaunchFighters,
    viewer: Option<Seat>,
    scores: &[f64],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} - turn {} of {}, {}",
        g.scenario_name,
        g.turn,
        g.turn_limit,
        phase_name(&g.phase)
    );
    if !g.order.is_empty() {
        let order = g
            .order
            .iter()
            .map(|&s| {
                let ini = g.players.get(s.index()).map(|p| p.initiative).unwrap_or(0);
                format!("{} ({ini})", seat_label(s))
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(out, "Initiative, lowest first: {order}");
    }
    out.push('\n');
    write_map(&mut out, g, viewer);
    out.push('\n');

    let n = g.players.len() as u8;
    let mut seats: Vec<Seat> = Seat::all(n).collect();
    if let Some(v) = viewer {
        if let Some(i) = seats.iter().position(|&s| s == v) {
            let me = seats.remove(i);
            seats.insert(0, me);
        }
    }
    for s in seats {
        seat_cards(&mut out, g, s, scores);
    }
    out.push('\n');

    if let Some(a) = &g.activation {
        let _ = write!(out, "Activating: {}", unit_label(g, a.unit));
        if !a.used.is_empty() {
            let _ = write!(
                out,
                "; used {}",
                a.used
                    .iter()
                    .map(|&s| s.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        if let Some(p) = &a.pool {
            let _ = write!(
                out,
                "; {} pool of {} against {}",
                p.system.name(),
                plural(p.dice, "die", "dice"),
                unit_label(g, p.target)
            );
            if p.flak {
                out.push_str(" (flak)");
            }
        }
        out.push('\n');
    }
    if let Some(p) = g.pending.last() {
        let _ = writeln!(
            out,
            "Decision owed by {}: {}",
            seat_label(p.seat),
            decision_text(g, &p.decision)
        );
    }
    match &g.outcome {
        Some(o) => {
            let _ = writeln!(out, "The battle is over.");
            write_scores(&mut out, g, &o.scores, &o.winners);
        }
        None => {
            let to_move = g.to_move();
            if !to_move.is_empty() {
                let _ = writeln!(out, "To move: {}", join_seats(&to_move));
            }
            write_scores(&mut out, g, scores, &[]);
        }
    }
    out
}

fn write_scores(out: &mut String, g: &LaunchFighters, scores: &[f64], winners: &[Seat]) {
    let _ = writeln!(out, "Victory points:");
    for (i, s) in scores.iter().enumerate() {
        let seat = Seat(i as u8);
        let fleet = g
            .players
            .get(i)
            .map(|p| p.fleet.as_str())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {:<4}{:<28}{:>6}{}",
            seat_label(seat),
            fleet,
            fmt_score(*s),
            if winners.contains(&seat) {
                "  WINNER"
            } else {
                ""
            }
        );
    }
}
