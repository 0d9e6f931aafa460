//! Words for people: actions, questions, events, and why an answer is refused
//! ([`BlackSkies::check`]); the table as text is `board.rs`.

use crate::action::Action;
use crate::combat::shot_at;
use crate::event::Event;
use crate::maneuver::{card_name, maneuver, options, speeds, Check};
use crate::rules::Refusal;
use crate::state::{BlackSkies, Fighter, Phase};

use orrery_core::{ActionError, Seat};

/// A fighter's label: its side's letter and its number on that side (`A1`, `A2`,
/// `B1`), as the map and typed orders (`fire B1`) use it.
pub fn label(g: &BlackSkies, id: u8) -> String {
    let Some(f) = g.fighters.get(usize::from(id)) else {
        return format!("#{id}");
    };
    let side = if f.seat == Seat(0) { 'A' } else { 'B' };
    let n = g.fighters[..usize::from(id)]
        .iter()
        .filter(|x| x.seat == f.seat)
        .count()
        + 1;
    format!("{side}{n}")
}

/// The chance each pilot of `element` passes a check at `difficulty` (BS-07): "sure"
/// when no pilot can fail, else "pass 80%/90%" (lead first).
pub fn pass_text(g: &BlackSkies, element: u8, difficulty: u8) -> String {
    let faces: Vec<u32> = g
        .flying(element)
        .map(|f| pilot_check(g, f, difficulty).passing_faces())
        .collect();
    if faces.iter().all(|&f| f == 10) {
        return "sure".to_string();
    }
    let parts: Vec<String> = faces.iter().map(|f| format!("{}%", f * 10)).collect();
    format!("pass {}", parts.join("/"))
}

/// BS-07's check for `f` at base `difficulty` when its element next flies a card.
/// A failure earlier this turn does not count: an element flies once a turn, so when
/// a card is turned over its pilots have failed nothing yet (the flag is cleared at
/// the turn's start), and a card being put down is flown next turn.
pub fn pilot_check(g: &BlackSkies, f: &Fighter, difficulty: u8) -> Check {
    let modifier = i32::from(f.skill) + g.design_of(f).weight.piloting();
    Check::new(difficulty, modifier, g.crippled(f), false)
}

/// One card as a player weighs it, option by option: difficulty, speed after the
/// penalty and change, and the chance to pass: "card 5 Hard Left: d3 8→6 pass
/// 80%/80%"; "card 2 Break Left: Smooth d0 8→8 sure · Bank d1 8→8 sure · …".
pub fn card_text(g: &BlackSkies, element: u8, card: u8) -> String {
    let speed = g.element(element).speed;
    let several = options(card).count() > 1;
    let opts: Vec<String> = options(card)
        .map(|m| {
            let (_, s) = speeds(speed, m);
            let name = m.name.rsplit(" — ").next().unwrap_or(m.name);
            let name = name.split(' ').next().unwrap_or(name);
            let label = if several {
                format!("{name} ")
            } else {
                String::new()
            };
            format!(
                "{label}d{} {speed}→{s} {}",
                m.difficulty,
                pass_text(g, element, m.difficulty)
            )
        })
        .collect();
    format!("card {card} {}: {}", card_name(card), opts.join(" · "))
}

/// A one-line description of `action` as `viewer` may read it.
pub fn describe(g: &BlackSkies, viewer: Option<Seat>, action: &Action) -> String {
    match action {
        Action::Deploy {
            x,
            y,
            heading,
            wing,
        } => {
            let w = wing
                .map(|w| format!(", wingman {}", w.name()))
                .unwrap_or_default();
            format!("deploy at ({x}, {y}) heading {heading}°{w}")
        }
        Action::Speed { element, speed } => {
            let name = g
                .elements
                .get(usize::from(*element))
                .map_or("?".to_string(), |e| e.name.clone());
            format!("{name} next in the deck, starting at speed {speed}")
        }
        Action::Group { sizes } => {
            let s: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
            format!("groups of {} along the deck", s.join("+"))
        }
        Action::Maneuver { option } => match &g.phase {
            Phase::Maneuver { element } => {
                let card = g.element(*element).shown.unwrap_or(0);
                match maneuver(card, *option) {
                    Some(m) => {
                        let speed = g.element(*element).speed;
                        let (_, s) = speeds(speed, m);
                        format!(
                            "{}: diff {}, speed {speed}→{s}, {}",
                            m.name,
                            m.difficulty,
                            pass_text(g, *element, m.difficulty)
                        )
                    }
                    None => format!("option {option}"),
                }
            }
            _ => format!("option {option}"),
        },
        Action::Fire { target } => match (&g.phase, viewer) {
            (
                Phase::Fire {
                    fighter, weapon, ..
                },
                _,
            ) if usize::from(*target) < g.fighters.len() => {
                let from = g.fighter(*fighter);
                let w = &g.design_of(from).weapons[usize::from(*weapon)];
                match shot_at(g, from, w, g.fighter(*target)) {
                    Some((band, shot)) => {
                        let odds = crate::combat::attack(&shot);
                        format!(
                            "{} fires {} at {} ({}, accuracy {}): hit {:.0}%, destroys {:.1}%",
                            label(g, *fighter),
                            w.name,
                            label(g, *target),
                            band.name(),
                            shot.accuracy,
                            100.0 * odds.p_hit.p,
                            100.0 * odds.p_destroyed.p
                        )
                    }
                    None => format!("fire at {}", label(g, *target)),
                }
            }
            _ => format!("fire at fighter {target}"),
        },
        Action::Hold => "hold fire".to_string(),
        Action::Card { card } => {
            let element = match &g.phase {
                Phase::Card { element } => Some(*element).filter(|&e| viewer == Some(g.owner(e))),
                Phase::Ready => viewer.and_then(|s| g.uncarded(s)),
                _ => None,
            };
            match element {
                Some(e) => card_text(g, e, *card),
                None => format!("card {card} {}", card_name(*card)),
            }
        }
    }
}

/// The open question in words, as `viewer` may know it.
pub fn question(g: &BlackSkies, viewer: Option<Seat>) -> String {
    let side = |s: Seat| g.sides[s.index()].clone();
    match &g.phase {
        Phase::Deploy { seat } => format!(
            "{} deploys its next element within 6\" of its edge (BS-02)",
            side(*seat)
        ),
        Phase::Ready => {
            let waiting: Vec<String> = Seat::all(2).filter(|&s| !g.readied(s)).map(side).collect();
            let yours = match viewer.filter(|&s| !g.readied(s)) {
                Some(s) => match g.uncarded(s) {
                    Some(e) => format!(" — put {}'s first card face down", g.element(e).name),
                    None => " — pick your next element (the order you pick them is your movement deck) and its starting speed".to_string(),
                },
                None => String::new(),
            };
            format!(
                "set-up: {} to commit speeds, first cards and deck order in secret (BS-02){yours}",
                waiting.join(" and ")
            )
        }
        Phase::Group { seat } => format!(
            "{} arranges its elements into {} groups along its deck (BS-03)",
            side(*seat),
            g.group_count()
        ),
        Phase::Maneuver { element } => {
            let e = g.element(*element);
            format!(
                "{} {}: pick the option of card {} {}",
                side(e.seat),
                e.name,
                e.shown.unwrap_or(0),
                card_name(e.shown.unwrap_or(0))
            )
        }
        Phase::Fire {
            fighter, weapon, ..
        } => {
            let f = g.fighter(*fighter);
            let w = &g.design_of(f).weapons[usize::from(*weapon)];
            format!(
                "{} may fire {} (weapon {})",
                label(g, *fighter),
                w.name,
                weapon + 1
            )
        }
        Phase::Card { element } => {
            let e = g.element(*element);
            format!(
                "{} {}: put next turn's card face down",
                side(e.seat),
                e.name
            )
        }
        Phase::Over => "the game is over".to_string(),
    }
}

/// An event in words.
pub fn event_text(g: &BlackSkies, e: &Event) -> String {
    let l = |id: &u8| label(g, *id);
    let el = |id: &u8| {
        g.elements
            .get(usize::from(*id))
            .map_or("?".to_string(), |e| {
                format!("{} {}", g.sides[e.seat.index()], e.name)
            })
    };
    match e {
        Event::Deployed {
            element,
            at,
            heading,
            ..
        } => {
            format!("{} deploys at {at} heading {heading}", el(element))
        }
        Event::Readied { seat, count } => {
            let of = g.elements.iter().filter(|e| e.seat == *seat).count();
            format!(
                "{} readies an element in secret ({count} of {of})",
                g.sides[seat.index()]
            )
        }
        Event::SpeedSet { element, speed } => format!("you set {} to speed {speed}", el(element)),
        Event::Committed { element, card } => {
            format!(
                "you put card {card} {} down for {}",
                card_name(*card),
                el(element)
            )
        }
        Event::SetUp { speeds } => {
            let list: Vec<String> = speeds
                .iter()
                .map(|(e, s)| format!("{} {s}", el(e)))
                .collect();
            format!(
                "both sides are ready: starting speeds {}; first cards face down, the deck order shows as they flip",
                list.join(", ")
            )
        }
        Event::First { seat, roll } => format!(
            "who moves first is drawn: d2 {roll}, {} moves first every turn",
            g.sides.get(seat.index()).map_or("?", |s| s.as_str())
        ),
        Event::Placer { seat, roll } => format!(
            "who deploys first is drawn: d2 {roll}, {} places the first element",
            g.sides.get(seat.index()).map_or("?", |s| s.as_str())
        ),
        Event::TurnBegins { turn, .. } => format!("turn {turn} begins"),
        Event::Grouped { seat, sizes } => {
            format!("{} groups its deck {sizes:?}", g.sides[seat.index()])
        }
        Event::Revealed { element, card } => {
            format!("{} reveals card {card} {}", el(element), card_name(*card))
        }
        Event::Maneuver {
            element,
            name,
            speeds,
        } => format!(
            "{} flies {name}: speed {} → {} → {}",
            el(element),
            speeds.0,
            speeds.1,
            speeds.2
        ),
        Event::Check(c) => {
            let roll = c
                .roll
                .map_or("no roll needed".to_string(), |r| format!("d10 {r}"));
            format!(
                "{} {} check: difficulty {}, {roll} + {}: {}",
                l(&c.fighter),
                c.what,
                c.difficulty,
                c.modifier,
                if c.passed { "passed" } else { "FAILED" }
            )
        }
        Event::LostControl { element, flown } => {
            format!("{} loses control and flies {flown} (BS-08)", el(element))
        }
        Event::Flew {
            fighter,
            path,
            heading,
        } => format!(
            "{} to {} heading {heading}",
            l(fighter),
            path.last().copied().unwrap_or_default_point()
        ),
        Event::Backed { fighter, to } => {
            format!("{} backs off to {to} (collision, BS-05)", l(fighter))
        }
        Event::Closed { fighter, to } => {
            format!("{} closes up to {to} (cohesion, BS-05)", l(fighter))
        }
        Event::AsteroidHit {
            fighter,
            roll,
            damage,
            hull,
        } => format!(
            "{} hits an asteroid: d6 {roll}, {damage} damage, hull {hull}",
            l(fighter)
        ),
        Event::Shot {
            fighter,
            weapon,
            target,
            accuracy,
            rolls,
            damage,
            hull,
        } => {
            let dmg: Vec<String> = damage
                .iter()
                .map(|(d, r, x)| format!("d{d} {r}→{x}"))
                .collect();
            format!(
                "{} fires {weapon} at {}: need ≤{accuracy}, rolled {rolls:?}; {}; hull {hull}",
                l(fighter),
                l(target),
                if dmg.is_empty() {
                    "miss".to_string()
                } else {
                    dmg.join(", ")
                }
            )
        }
        Event::Crippled { fighter } => format!("{} is crippled (BS-11)", l(fighter)),
        Event::Destroyed { fighter } => format!("{} is destroyed", l(fighter)),
        Event::Disengaged { fighter } => {
            format!("{} leaves the table and disengages (BS-12)", l(fighter))
        }
        Event::Discarded { element, card } => {
            format!(
                "{} is gone; its card was {card} {}",
                el(element),
                card_name(*card)
            )
        }
        Event::CardDown { element } => format!("{} puts a card face down", el(element)),
        Event::GameOver { outcome } => format!(
            "game over: {} — scores {:?}",
            outcome.reason, outcome.scores
        ),
    }
}

trait OrOrigin {
    fn unwrap_or_default_point(self) -> orrery_table::Point;
}

impl OrOrigin for Option<orrery_table::Point> {
    fn unwrap_or_default_point(self) -> orrery_table::Point {
        self.unwrap_or(orrery_table::Point::ORIGIN)
    }
}

impl BlackSkies {
    /// Check `action` for `seat`, with the refusal in words: an error leaves
    /// everything as it was.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.refusal(seat, action).map_err(|r| match r {
            Refusal::Turn(e) => e,
            Refusal::NotAnAnswer => ActionError::illegal(format!(
                "{} is not an answer to the open question ({})",
                describe(self, Some(seat), action),
                question(self, Some(seat))
            )),
        })
    }
}
