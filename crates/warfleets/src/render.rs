//! Text for people: actions (with where a move ends), events, and the table as a
//! character map with a roster.

mod refusal;

use crate::action::{Action, GunRef};
use crate::event::Event;
use crate::state::{Status, Step, Took, UpgradeKind, Warfleets};
use crate::view::status_word;
use orrery_core::{Presentation, Seat};
use orrery_table::Point;

fn pt(p: Point) -> String {
    format!("({:.1}, {:.1})", p.x, p.y)
}

fn turn_words(turn: i8) -> String {
    match turn {
        0 => "no turn".into(),
        t if t > 0 => format!("turn {}° starboard", i32::from(t) * 15),
        t => format!("turn {}° port", -i32::from(t) * 15),
    }
}

impl Warfleets {
    pub fn name_of(&self, id: u8) -> String {
        self.models
            .get(usize::from(id))
            .map_or_else(|| format!("model {id}"), |m| m.name.to_string())
    }

    /// Where a ship's order would take it, for menus and typed previews.
    pub fn order_result(&self, model: u8, action: &Action) -> Option<String> {
        let (took, pivot, turn, target) = match *action {
            Action::Move { pivot, turn } => (Took::Move, pivot, turn, None),
            Action::Cruise { pivot, turn } => (Took::Cruise, pivot, turn, None),
            Action::Ram {
                target,
                pivot,
                turn,
            } => (Took::Ram, pivot, turn, Some(target)),
            _ => return None,
        };
        match self.plan_ship(model, took, pivot, turn, target) {
            Ok(p) => {
                let end = *p.points.last()?;
                Some(match p.exit {
                    Some(_) => format!("→ leaves the table at {}", pt(end)),
                    None => format!("→ ends at {} facing {}°", pt(end), p.heading.degrees()),
                })
            }
            Err(e) => Some(format!("(not allowed: {})", refusal::refusal(self, &e))),
        }
    }

    /// The model whose order the open question asks for.
    fn acting(&self) -> Option<u8> {
        match &self.step {
            Step::Order { model, .. }
            | Step::Face { model }
            | Step::Fire { model, .. }
            | Step::After { model, .. }
            | Step::Vanguard { model }
            | Step::Mine { model }
            | Step::Launch { model }
            | Step::Return { model } => Some(*model),
            _ => None,
        }
    }

    /// The name of upgrade `i` of model `id`, if there is one.
    fn upgrade_of(&self, id: u8, i: u8) -> Option<String> {
        let m = self.models.get(usize::from(id))?;
        m.upgrades
            .get(usize::from(i))
            .map(|u| self.upgrade_name(&u.kind))
    }

    pub fn upgrade_name(&self, k: &UpgradeKind) -> String {
        match k {
            UpgradeKind::System { system } => system.name().into(),
            UpgradeKind::Weapon { weapon, mount } => {
                format!(
                    "{} ({})",
                    self.catalogue.weapons[*weapon].name,
                    mount.name()
                )
            }
        }
    }
}

/// The map letter of a model.
pub fn label_char(id: u8, seat: Seat) -> char {
    const P0: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    const P1: &[u8] = b"0123456789@$%&+=?^~<>{}()[]";
    let set = if seat.0 == 0 { P0 } else { P1 };
    set[usize::from(id) % set.len()] as char
}

impl Presentation for Warfleets {
    /// FB-17 in words: the fleets by name, markers carried (and the victory points'
    /// tie-break), ships and squadrons lost.
    fn ending_for(&self, outcome: &orrery_core::Outcome) -> orrery_core::Ending {
        crate::ending::ending_for(self, outcome)
    }

    // The rules page, the board and the fleet builder (`web/`).
    orrery_core::web_assets!();

    fn glossary() -> &'static str {
        crate::glossary::GLOSSARY
    }

    // Quick order entry at the terminal (`quick`).
    orrery_core::quick_entry!();

    fn describe_action(&self, _viewer: Option<Seat>, action: &Action) -> String {
        let n = |id: u8| self.name_of(id);
        let who = self.acting().map(n).unwrap_or_default();
        match action {
            Action::Marker { x, y } => format!("place a mission marker at ({x:.1}, {y:.1})"),
            Action::Edge { edge } => format!("deploy from the {edge:?} edge").to_lowercase(),
            Action::Deploy { model, x, y } => format!("deploy {} at ({x:.0}, {y:.0})", n(*model)),
            Action::Face { heading } => format!("{who}: face {}°", heading.degrees()),
            Action::HoldBack { model } => format!("hold {} back (Tactical Master)", n(*model)),
            Action::Embark { model, carrier } => {
                format!("put {} aboard {} (Elite Carrier)", n(*model), n(*carrier))
            }
            Action::Advance { inches } => {
                format!("{who}: Vanguard move {inches:.1}\" straight ahead")
            }
            Action::Activate { model } => format!("activate {}", n(*model)),
            Action::Defer { model } => format!("leave {} for later (Rogue)", n(*model)),
            Action::Skip => "decline".into(),
            Action::Mine { x, y } => format!("{who}: lay a mine at ({x:.1}, {y:.1})"),
            Action::Launch => format!("{who}: launch the squadrons aboard"),
            Action::Hold { turn } => format!("{who}: Hold, {}", turn_words(*turn)),
            Action::Move { pivot, turn } => format!(
                "{who}: Move, {} after {pivot:.1}\" {}",
                turn_words(*turn),
                self.acting()
                    .and_then(|m| self.order_result(m, action))
                    .unwrap_or_default()
            ),
            Action::Cruise { pivot, turn } => format!(
                "{who}: Cruise (no shooting), {} after {pivot:.1}\" {}",
                turn_words(*turn),
                self.acting()
                    .and_then(|m| self.order_result(m, action))
                    .unwrap_or_default()
            ),
            Action::Ram {
                target,
                pivot,
                turn,
            } => format!(
                "{who}: Ram {}, {} after {pivot:.1}\" {}",
                n(*target),
                turn_words(*turn),
                self.acting()
                    .and_then(|m| self.order_result(m, action))
                    .unwrap_or_default()
            ),
            Action::Fly { x, y } => {
                let to = Point::new(*x, *y);
                let m = self.acting();
                let d = m.map(|m| self.model(m).pos.dist(to)).unwrap_or(0.0);
                let cruise = m.is_some_and(|m| self.fly_is_cruise(m, to));
                format!(
                    "{who}: {} to ({x:.0}, {y:.0}), {d:.1}\"",
                    if cruise {
                        "Cruise (no shooting)"
                    } else {
                        "Move"
                    }
                )
            }
            Action::Fire { gun, target } => {
                let shooter = self.acting();
                let gun_name = match (shooter, gun) {
                    (Some(s), g) => self.gun_name(s, *g),
                    (None, GunRef::Turret) => "turret".into(),
                    (None, GunRef::Weapon(i)) => format!("weapon {i}"),
                };
                let odds = shooter
                    .and_then(|s| self.odds_line_of(s, *gun, *target))
                    .map(|o| format!(" — {o}"))
                    .unwrap_or_default();
                format!("{who}: fire {gun_name} at {}{odds}", n(*target))
            }
            Action::Done => "done".into(),
            Action::Repair { ship } => format!("{who}: Repair Bay on {}", n(*ship)),
            Action::Tractor { ship } => format!("{who}: Tractor Beam on {}", n(*ship)),
            Action::Relocate { x, y } => format!("{who}: Avenger to ({x:.1}, {y:.1})"),
            Action::Assign { upgrade } => {
                let id = self.harms.first().map(|h| h.model);
                let name = id
                    .and_then(|i| {
                        self.model(i)
                            .upgrades
                            .get(usize::from(*upgrade))
                            .map(|u| self.upgrade_name(&u.kind))
                    })
                    .unwrap_or_else(|| format!("upgrade {upgrade}"));
                format!("damage goes to {name} of {}", id.map(n).unwrap_or_default())
            }
            Action::RepairUpgrade { upgrade } => {
                let Some(m) = self.mends.first() else {
                    return format!("repair upgrade {upgrade}");
                };
                let (name, restores) = self
                    .model(m.ship)
                    .upgrades
                    .get(usize::from(*upgrade))
                    .map(|u| {
                        let back = !u.works() && u.damage.saturating_sub(1) < u.limit();
                        (self.upgrade_name(&u.kind), back)
                    })
                    .unwrap_or_else(|| (format!("upgrade {upgrade}"), false));
                format!(
                    "{}: repair 1 damage on {name}{}",
                    n(m.ship),
                    if restores { " (it works again)" } else { "" }
                )
            }
            Action::MoveAside { model, x, y } => {
                let ship = self
                    .displaced
                    .first()
                    .map(|d| n(d.ship))
                    .unwrap_or_default();
                format!(
                    "{}: place at ({x:.0}, {y:.0}), clear of {ship} (FB-08)",
                    n(*model)
                )
            }
            Action::Return { along } => {
                format!("{who}: return {along:+.0}\" along the edge from where it left")
            }
        }
    }

    fn describe_event(&self, e: &Event) -> String {
        let n = |id: &u8| self.name_of(*id);
        match e {
            Event::RollOff {
                purpose,
                rolls,
                winner,
            } => {
                format!(
                    "roll-off for {purpose}: {} to {}, P{} wins",
                    rolls[0], rolls[1], winner.0
                )
            }
            Event::Markers { count } => format!("{count} mission markers (D3+2)"),
            Event::MarkerPlaced { seat, at } => {
                format!("P{} places a marker at {}", seat.0, pt(*at))
            }
            Event::EdgeChosen { seat, edge } => format!("P{} takes the {edge:?} edge", seat.0),
            Event::Deployed { model, at, heading } => format!(
                "{} deploys at {} facing {}°",
                n(model),
                pt(*at),
                heading.degrees()
            ),
            Event::HeldBack { model } => format!("{} is held back", n(model)),
            Event::Embarked { model, carrier } => {
                format!("{} goes aboard {}", n(model), n(carrier))
            }
            Event::RoundStarted { round, first } => {
                format!("— round {round}: P{} first —", first.0)
            }
            Event::PhaseStarted { class } => class.phase_name().to_string(),
            Event::Activated { model } => format!("{} activates", n(model)),
            Event::Deferred { model } => format!("{} waits (Rogue)", n(model)),
            Event::Moved {
                model,
                took,
                from,
                to,
                heading,
            } => {
                if took == &Took::Hold && self.is_squadron(*model) {
                    format!("{} holds", n(model))
                } else if took == &Took::Hold {
                    format!("{} holds, facing {}°", n(model), heading.degrees())
                } else if self.is_squadron(*model) {
                    format!(
                        "{} {}s {} → {} ({:.1}\")",
                        n(model),
                        format!("{took:?}").to_lowercase(),
                        pt(*from),
                        pt(*to),
                        from.dist(*to)
                    )
                } else {
                    format!(
                        "{} {took:?}s {} → {} ({:.1}\") facing {}°",
                        n(model),
                        pt(*from),
                        pt(*to),
                        from.dist(*to),
                        heading.degrees()
                    )
                    .replace("Moves", "moves")
                    .replace("Cruises", "cruises")
                    .replace("Rams", "rams")
                }
            }
            Event::Engaged { model, with } => format!("{} engages {}", n(model), n(with)),
            Event::LeftTable { model, at } => {
                format!("{} leaves the table at {}", n(model), pt(*at))
            }
            Event::Returned { model, at } => format!("{} returns at {}", n(model), pt(*at)),
            Event::Overlapped { model, passed } => format!(
                "{} overlaps and moves on; 1 damage to it and {}",
                n(model),
                if passed.is_empty() {
                    "nobody else".into()
                } else {
                    passed.iter().map(n).collect::<Vec<_>>().join(", ")
                }
            ),
            Event::Rammed { model, target } => format!("{} rams {}", n(model), n(target)),
            Event::Pushed { model, to, inches } => {
                format!("{} is pushed {inches}\" to {}", n(model), pt(*to))
            }
            Event::PushStopped { model, by } => {
                format!("{} is stopped by {by}: 1 damage", n(model))
            }
            Event::Attack(a) => {
                let mut s = format!(
                    "{} fires {} at {}: hits on {}+{} {:?} → {} hit{}",
                    n(&a.shooter),
                    a.gun,
                    n(&a.target),
                    a.hit_on,
                    if a.sitting_duck {
                        " (sitting duck)"
                    } else if a.rear {
                        " (rear)"
                    } else {
                        ""
                    },
                    a.hit_rolls,
                    a.hits,
                    if a.hits == 1 { "" } else { "s" }
                );
                if let Some(b) = a.block_on {
                    if a.hits > 0 {
                        s += &format!(
                            ", blocks on {b}+{} {:?} → {} damage",
                            if a.cover { " (cover)" } else { "" },
                            a.block_rolls,
                            a.damage
                        );
                    }
                } else if a.hits > 0 {
                    s += &format!(", {} boarding marker(s)", a.hits);
                }
                if !a.blast.is_empty() {
                    s += &format!(
                        "; Blast hits {}",
                        a.blast.iter().map(n).collect::<Vec<_>>().join(", ")
                    );
                }
                s
            }
            Event::BoardingRoll {
                model,
                rolls,
                damage,
            } => format!("{} fights boarders {rolls:?}: {damage} damage", n(model)),
            Event::Shielded {
                model,
                rolls,
                ignored,
            } => format!("{}'s Shield Booster {rolls:?}: {ignored} ignored", n(model)),
            Event::Damage {
                model,
                upgrade,
                disabled,
            } => match upgrade {
                Some(u) => {
                    let name = self.upgrade_of(*model, *u).unwrap_or_default();
                    format!(
                        "{} takes 1 damage on {name}{}",
                        n(model),
                        if *disabled {
                            ", which stops working"
                        } else {
                            ""
                        }
                    )
                }
                None => format!(
                    "{} takes damage ({}/2)",
                    n(model),
                    self.models.get(usize::from(*model)).map_or(0, |m| m.damage)
                ),
            },
            Event::Destroyed { model } => format!("{} is destroyed", n(model)),
            Event::Lost { model } => format!("{} is lost", n(model)),
            Event::Repaired {
                model,
                upgrade,
                restored,
            } => {
                let name = self
                    .upgrade_of(*model, *upgrade)
                    .unwrap_or_else(|| format!("upgrade {upgrade}"));
                format!(
                    "{} repairs 1 damage on {name}{}",
                    n(model),
                    if *restored { ", which works again" } else { "" }
                )
            }
            Event::PlacedAside { model, ship, to } => format!(
                "{} is placed at {}, clear of {} (FB-08)",
                n(model),
                pt(*to),
                n(ship)
            ),
            Event::MinePlaced { seat, at } => format!("P{} lays a mine at {}", seat.0, pt(*at)),
            Event::MineExploded { model, at } => {
                format!("a mine at {} hits {}: 2 damage", pt(*at), n(model))
            }
            Event::Dangerous { model, roll } => {
                format!("{} crosses dangerous terrain: {roll} damage", n(model))
            }
            Event::MarkerTaken { model, at } => {
                format!("{} picks up the marker at {}", n(model), pt(*at))
            }
            Event::MarkersDropped { model, at, count } => {
                format!("{} drops {count} marker(s) at {}", n(model), pt(*at))
            }
            Event::Relocated { model, to } => format!("{} is placed at {}", n(model), pt(*to)),
            Event::Morale {
                model,
                roll,
                upgrades,
                passed,
            } => format!(
                "{} morale: {roll} + {upgrades} → {}",
                n(model),
                if *passed { "holds" } else { "fails" }
            ),
            Event::Surrendered { model } => format!("{} surrenders", n(model)),
            Event::Ended { markers, winners } => format!(
                "game over: markers carried {} vs {}: {}",
                markers[0],
                markers[1],
                match winners.as_slice() {
                    [w] => format!("P{} wins", w.0),
                    _ => "a draw".into(),
                }
            ),
        }
    }

    /// The table as characters (1 column = 1", 1 row = 2") and a roster.
    fn render_text(&self, _viewer: Option<Seat>) -> String {
        let cols = self.width.ceil() as usize + 1;
        let rows = (self.height / 2.0).ceil() as usize + 1;
        let mut grid = vec![vec![' '; cols]; rows];
        let cell = |p: Point| -> Option<(usize, usize)> {
            let c = p.x.round();
            let r = (p.y / 2.0).round();
            (c >= 0.0 && r >= 0.0 && (c as usize) < cols && (r as usize) < rows)
                .then(|| (rows - 1 - r as usize, c as usize))
        };
        for t in &self.terrain {
            let ch = if t.impassable {
                '#'
            } else if t.dangerous {
                '!'
            } else if t.difficult {
                ':'
            } else {
                '.'
            };
            for (r, row) in grid.iter_mut().enumerate() {
                for (c, g) in row.iter_mut().enumerate() {
                    let p = Point::new(c as f64, 2.0 * (rows - 1 - r) as f64);
                    if t.shape.contains(p) {
                        *g = ch;
                    }
                }
            }
        }
        for m in &self.markers {
            if let Some((r, c)) = cell(*m) {
                grid[r][c] = '*';
            }
        }
        for m in &self.mines {
            if let Some((r, c)) = cell(m.pos) {
                grid[r][c] = 'x';
            }
        }
        for m in self.on_table() {
            if let Some((r, c)) = cell(m.pos) {
                grid[r][c] = label_char(m.id, m.seat);
            }
        }
        let mut s = format!(
            "Warfleets — {} — round {}/{} — {} — markers carried {} : {}\n",
            self.scenario,
            self.round,
            self.rounds,
            self.step.name(),
            self.carried()[0],
            self.carried()[1]
        );
        // Rulers with the table coordinates the texts use ("at (43.0, 24.0)"): y down
        // the left edge, x under the map (a column is 1", a row 2").
        let ys = orrery_table::y_axis(
            rows,
            self.height,
            orrery_table::axis_step(self.height, rows, 3),
            3,
            |y| rows.saturating_sub(1 + (y / 2.0).round() as usize),
        );
        s += &format!("    +{}+\n", "-".repeat(cols));
        for (row, y) in grid.into_iter().zip(ys) {
            s += &format!("{y} |{}|\n", row.into_iter().collect::<String>());
        }
        s += &format!("    +{}+\n", "-".repeat(cols));
        let xs = orrery_table::x_axis(
            cols,
            self.width,
            orrery_table::axis_step(self.width, cols, 6),
            |x| x.round() as usize,
        );
        s += &format!("     {xs}   (inches)\n");
        if let Some(o) = &self.outcome {
            s += &format!("GAME OVER — {}\n", o.reason);
        } else if self.round > 0 {
            s += &format!("Standing: {}\n", self.score_words());
        }
        s += "# planet  : asteroids  . nebula  ! radiation  * marker  x mine; P0 ships A–Z, squadrons a–z; P1 digits 0–9 and symbols\n";
        for m in &self.models {
            let h = self.hull(m.id);
            let state = if self.is_squadron(m.id) {
                format!("damage {}/2", m.damage)
            } else {
                m.upgrades
                    .iter()
                    .map(|u| format!("{} {}/{}", self.upgrade_name(&u.kind), u.damage, u.limit()))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let place = if m.status == Status::OnTable && self.is_squadron(m.id) {
                pt(m.pos)
            } else if m.status == Status::OnTable {
                format!("{} facing {}°", pt(m.pos), m.heading.degrees())
            } else {
                status_word(m.status).into()
            };
            s += &format!(
                "[{}] #{} {} (P{}, {}) {place}{}{}{} — {state}\n",
                label_char(m.id, m.seat),
                m.id,
                m.name,
                m.seat.0,
                h.name,
                if m.activated { ", done" } else { "" },
                if m.markers > 0 {
                    format!(", carries {}", m.markers)
                } else {
                    String::new()
                },
                if m.sitting_duck { ", sitting duck" } else { "" },
            );
        }
        s
    }
}
