//! Checking a scenario and building the starting state (SETING UP THE GAME, SY-04,
//! SY-22). Every problem of a scenario is reported at once.

use crate::state::{Ask, AskKind, Batch, Phase, Stratoyager, Unit};
use crate::types::{Scenario, UnitId, UnitType, TABLE_SIZES};
use orrery_core::{Rng, Seat, SetupError};
use orrery_table::{Rect, EPS};

/// Every problem of a scenario, as `field: why`.
pub fn scenario_problems(s: &Scenario) -> Vec<String> {
    let mut p = Vec::new();
    let (w, l) = (s.table.width, s.table.length);
    if !TABLE_SIZES.contains(&(w, l)) {
        p.push(format!(
            "table: {w}×{l} klicks is not a table size the rules allow; use 24×36 (120×180 cm), 18×18 (90×90 cm) or 24×24 (120×120 cm) (SY-04)"
        ));
    }
    if s.forces.len() != 2 {
        p.push(format!(
            "forces: Basic Stratoyager is fought by exactly 2 sides, found {}",
            s.forces.len()
        ));
    }
    for (i, t) in s.roster.iter().enumerate() {
        p.extend(
            card_problems(t)
                .into_iter()
                .map(|why| format!("roster[{i}] ({}): {why}", t.name)),
        );
        if s.roster[..i].iter().any(|o| o.name == t.name) {
            p.push(format!("roster[{i}]: `{}` is listed twice", t.name));
        }
    }
    let mut total_units = 0;
    for (i, f) in s.forces.iter().enumerate() {
        if f.units.is_empty() {
            p.push(format!("forces[{i}] ({}): has no units", f.name));
        }
        total_units += f.units.len();
        let mut points = 0;
        for (j, name) in f.units.iter().enumerate() {
            match s.roster.iter().find(|t| &t.name == name) {
                Some(t) => points += t.points,
                None => p.push(format!(
                    "forces[{i}].units[{j}]: `{name}` is not in the roster ({})",
                    s.roster
                        .iter()
                        .map(|t| t.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
        }
        if let Some(limit) = s.points {
            if points > limit {
                p.push(format!(
                    "forces[{i}] ({}): {points} points is over the scenario's {limit}",
                    f.name
                ));
            }
        }
    }
    if total_units > 200 {
        p.push(format!(
            "forces: {total_units} units; at most 200 in one game"
        ));
    }
    if s.options.turns == 0 || s.options.turns > 50 {
        p.push(format!(
            "options.turns: {} is out of range; must be 1 to 50",
            s.options.turns
        ));
    }
    if TABLE_SIZES.contains(&(w, l)) {
        p.extend(obstacle_problems(&s.obstacles, s.table));
    }
    p
}

/// The most obstacles a table holds, and corners of all polygon outlines together:
/// far beyond any scenario, and small enough that line of sight, placement and the
/// outline checks stay quick.
pub const MAX_OBSTACLES: usize = 1000;
pub const MAX_CORNERS: usize = 10_000;

/// Why `obstacles` are too many, if they are.
pub fn obstacle_budget(obstacles: &[crate::types::Obstacle]) -> Option<String> {
    let corners: usize = obstacles
        .iter()
        .map(|o| match &o.outline {
            orrery_table::Shape::Polygon { points } => points.len(),
            orrery_table::Shape::Circle { .. } => 0,
        })
        .sum();
    (obstacles.len() > MAX_OBSTACLES || corners > MAX_CORNERS).then(|| {
        format!(
            "{} obstacles with {corners} polygon corners; at most {MAX_OBSTACLES} \
             obstacles and {MAX_CORNERS} corners in all",
            obstacles.len()
        )
    })
}

/// Problems of the obstacles on `table`, as the scenario loader finds them: within
/// the budget, each outline a circle or a strictly convex polygon (SY-12) wholly on
/// the table. Used by set-up and by `Game::validate`.
pub fn obstacle_problems(obstacles: &[crate::types::Obstacle], table: Rect) -> Vec<String> {
    if let Some(why) = obstacle_budget(obstacles) {
        // Each outline check is quadratic in its corners: only within the budget.
        return vec![format!("obstacles: {why}")];
    }
    let mut p = Vec::new();
    for (i, o) in obstacles.iter().enumerate() {
        let f = format!("obstacles[{i}].outline");
        if let Err(why) = o.outline.validate() {
            p.push(format!("{f}: {why} (SY-12: a convex polygon or a circle)"));
            continue;
        }
        let (lo, hi) = o.outline.bounding_box();
        let inside =
            lo.x >= -EPS && lo.y >= -EPS && hi.x <= table.width + EPS && hi.y <= table.length + EPS;
        if !inside {
            p.push(format!(
                "{f}: reaches outside the table: it spans x {} to {}, y {} to {}; the \
                 table is x 0 to {}, y 0 to {}",
                lo.x, hi.x, lo.y, hi.y, table.width, table.length
            ));
        }
    }
    p
}

/// Problems of one parameter card.
pub fn card_problems(t: &UnitType) -> Vec<String> {
    let mut p = Vec::new();
    if t.name.trim().is_empty() {
        p.push("name: empty".to_string());
    }
    for (field, v) in [
        ("safe.accelerate", t.safe.accelerate),
        ("safe.decelerate", t.safe.decelerate),
        ("safe.turn", t.safe.turn),
        ("safe.slide", t.safe.slide),
    ] {
        if v > 9 {
            p.push(format!("{field}: {v} is out of range; must be 0 to 9"));
        }
    }
    // The limits the TOML roster loader (`data/read.rs`) enforces, so that a card
    // handed to set-up directly plays by the same bounds (and every state it leads to
    // passes `Game::validate`).
    if t.points > 9999 {
        p.push(format!(
            "points: {} is out of range; must be 0 to 9999",
            t.points
        ));
    }
    if t.structure == 0 {
        p.push("structure: must be at least 1".to_string());
    }
    if t.structure > 99 {
        p.push(format!(
            "structure: {} is out of range; must be 1 to 99",
            t.structure
        ));
    }
    if t.shields > 99 {
        p.push(format!(
            "shields: {} is out of range; must be 0 to 99",
            t.shields
        ));
    }
    for (field, v) in [
        ("missiles.light", t.missiles.light),
        ("missiles.medium", t.missiles.medium),
        ("missiles.heavy", t.missiles.heavy),
    ] {
        if v > 99 {
            p.push(format!("{field}: {v} is out of range; must be 0 to 99"));
        }
    }
    if t.main_weapon > 12 {
        p.push(format!(
            "main_weapon: {}D is out of range; must be 0 to 12",
            t.main_weapon
        ));
    }
    if !(1..=6).contains(&t.armor) {
        p.push(format!(
            "armor: {} is out of range; must be 1 to 6",
            t.armor
        ));
    }
    if !(-6..=12).contains(&t.targeting) {
        p.push(format!(
            "targeting: {} is out of range; must be -6 to 12",
            t.targeting
        ));
    }
    if !(-6..=12).contains(&t.sensors) {
        p.push(format!(
            "sensors: {} is out of range; must be -6 to 12",
            t.sensors
        ));
    }
    p
}

/// Build the starting state: units undeployed, FORCE SHOW cards asked for.
pub fn setup(s: &Scenario, seed: u64) -> Result<Stratoyager, SetupError> {
    let problems = scenario_problems(s);
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    let mut units = Vec::new();
    for (side, force) in s.forces.iter().enumerate() {
        for (j, name) in force.units.iter().enumerate() {
            let kind = s
                .roster
                .iter()
                .position(|t| &t.name == name)
                .ok_or_else(|| SetupError::one(format!("unknown unit `{name}`")))?;
            let t = &s.roster[kind];
            let same = force.units.iter().filter(|n| *n == name).count();
            let nth = force.units[..=j].iter().filter(|n| *n == name).count();
            let label = if same > 1 {
                format!("{name} {nth}")
            } else {
                name.clone()
            };
            units.push(Unit::new(
                UnitId(units.len() as u8),
                Seat(side as u8),
                kind,
                label,
                t,
            ));
        }
    }
    if units.len() > 200 {
        return Err(SetupError::one("at most 200 units in one game"));
    }
    let cards = s.forces.iter().map(|f| f.units.len()).max().unwrap_or(0) as u8;
    let asks = units
        .iter()
        .map(|u| Ask {
            seat: u.side,
            unit: u.id,
            answer: None,
        })
        .collect();
    Ok(Stratoyager {
        scenario: s.name.clone(),
        table: s.table,
        roster: s.roster.clone(),
        obstacles: s.obstacles.clone(),
        options: s.options.clone(),
        side_names: s.forces.iter().map(|f| f.name.clone()).collect(),
        units,
        pilots: Vec::new(),
        missiles: Vec::new(),
        turn: 0,
        last_turn: s.options.turns,
        extra_turn_rolled: false,
        phase: Phase::DeployCards,
        priority: Seat(0),
        cards,
        batch: Some(Batch {
            kind: AskKind::Deploy,
            secret: true,
            asks,
            first: None,
        }),
        dogfight: None,
        current: Vec::new(),
        flown: Vec::new(),
        arrivals: Vec::new(),
        arcade_first: None,
        absent_turns: vec![0, 0],
        outcome: None,
        rng: Rng::seed_from(seed),
    })
}
