//! Text for terminals and logs: the field seen from above with every ship's level,
//! a side view by level, each player's Play Board, the ships, the Move Card sets.

mod refusal;
pub use refusal::refusal;

use crate::action::Action;
use crate::event::Event;
use crate::state::{Phase, Ship, ShipId, Step, Stgv2};
use crate::words::ship_letter;
use crate::words::{dirs_text, spendys};
use orrery_core::{counted, Presentation, Seat};
use orrery_nodes::Node;
use std::collections::BTreeMap;
use std::fmt::Write;

fn assets_text(s: &Ship) -> String {
    let a = &s.assets;
    let mut t = format!("W{} S{} E{}", a.weapon, a.shield, a.engine);
    if a.shuttle > 0 {
        t += &format!(" T{}", a.shuttle);
    }
    t
}

impl Stgv2 {
    fn seat_name(&self, seat: Seat, viewer: Option<Seat>) -> String {
        if Some(seat) == viewer {
            format!("seat {seat} (you)")
        } else {
            format!("seat {seat}")
        }
    }

    /// The map: one row per lattice row, nodes 4 characters apart.
    fn map_text(&self) -> String {
        let nodes = self.field.nodes();
        let (Some(bmin), Some(bmax)) = (
            nodes.iter().map(|n| n.b).min(),
            nodes.iter().map(|n| n.b).max(),
        ) else {
            return String::new();
        };
        let xmin = nodes.iter().map(|n| 2 * n.a + n.b).min().unwrap_or(0);
        let mut at: BTreeMap<Node, Vec<&Ship>> = BTreeMap::new();
        for s in self.ships.iter().filter(|s| s.alive) {
            at.entry(s.pos.node).or_default().push(s);
        }
        // Each row says the nodes it starts and ends with, as the texts write them
        // ("start at corner (1,2)"): the nodes between count up one a at a time.
        let label_width = nodes
            .iter()
            .map(|n| n.to_string().chars().count())
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        for b in (bmin..=bmax).rev() {
            let row: Vec<&Node> = nodes.iter().filter(|n| n.b == b).collect();
            let (Some(first), Some(last)) = (row.first(), row.last()) else {
                continue;
            };
            let first_col = 2 * (2 * first.a + first.b - xmin) as usize;
            let mut line = format!("{:>w$} ", first.to_string(), w = label_width + first_col);
            let mut width = first_col;
            for n in row.iter().copied() {
                let col = 2 * (2 * n.a + n.b - xmin) as usize;
                if col > width {
                    line.extend(std::iter::repeat_n(' ', col - width));
                    width = col;
                }
                line += &self.node_label(*n, at.get(n));
                width += 2;
            }
            out += line.trim_end();
            if row.len() > 1 {
                out += &format!(" {last}");
            }
            out.push('\n');
        }
        out
    }

    fn node_label(&self, n: Node, ships: Option<&Vec<&Ship>>) -> String {
        if let Some(i) = self.stations.iter().position(|&s| s == n) {
            return if self.players[i].out {
                "x ".into()
            } else {
                format!("#{i}")
            };
        }
        if let Some(c) = self.clusters.iter().find(|c| c.node == n) {
            return match c.outpost {
                Some(s) => format!("*{s}"),
                None => "**".into(),
            };
        }
        match ships.map(|v| v.as_slice()) {
            Some([s]) => format!("{}{}", ship_letter(s.id), s.pos.z),
            Some(v) if !v.is_empty() => format!("{}+", v.len()),
            _ if n.is_centre() => "+ ".into(),
            _ => "· ".into(),
        }
    }
}

fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Combat => "attack another player's ship (or move)",
        Phase::Action => "construct an outpost or collect Spendys (or move)",
        Phase::Purchase => "buy (or move), then end the turn",
    }
}

impl Presentation for Stgv2 {
    /// ST-18 in words: Spendys ON station and outposts per seat, the ships each lost.
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

    /// One line for an action, as `viewer` may read it (everything is public).
    fn describe_action(&self, _viewer: Option<Seat>, action: &Action) -> String {
        let ship = |id: ShipId| {
            if usize::from(id) < self.ships.len() {
                format!("ship {} ({})", ship_letter(id), id)
            } else {
                format!("ship {id}")
            }
        };
        match action {
            Action::Start { node } => format!("start at corner {node}, level 0"),
            Action::Cells {
                moves,
                attack,
                defend,
                action,
            } => format!(
                "place cells: MOVE +{moves}, ATTACK +{attack}, DEFEND +{defend}, ACTION +{action}"
            ),
            Action::Follow { set, ship: id } => format!("move {} with set {set}", ship(*id)),
            Action::Card { dirs } => {
                let end = self
                    .current_plays()
                    .into_iter()
                    .find(|p| &p.dirs == dirs)
                    .map(|p| {
                        let to = p.path.last().copied();
                        format!(
                            " → {}{}",
                            to.map(|t| t.to_string()).unwrap_or_default(),
                            if p.blocked { " (blocked there)" } else { "" }
                        )
                    })
                    .unwrap_or_default();
                format!("card: {}{end}", dirs_text(dirs))
            }
            Action::EndSet => "end this set (the other ships stay)".into(),
            Action::Attack { ship: x, target } => format!("{} attacks {}", ship(*x), ship(*target)),
            Action::Lose { asset } => format!("remove {}", asset.with_article()),
            Action::Act { ship: x, cluster } => {
                let what = self
                    .clusters
                    .get(usize::from(*cluster))
                    .map(|c| {
                        if c.outpost.is_some() {
                            "collect revenue"
                        } else {
                            "construct an outpost"
                        }
                    })
                    .unwrap_or("act");
                format!("{} tries to {what} at cluster {cluster}", ship(*x))
            }
            Action::Buy { item, ship: None } => {
                format!(
                    "buy {} ({})",
                    item.with_article(),
                    spendys(self.price(*item))
                )
            }
            Action::Buy {
                item,
                ship: Some(x),
            } => {
                format!(
                    "buy {} for {} ({})",
                    item.with_article(),
                    ship(*x),
                    spendys(self.price(*item))
                )
            }
            Action::BuyShip { at } => {
                format!("buy a ship at {at} ({})", spendys(self.rules.prices.ship))
            }
            Action::Next => match self.step.phase() {
                Some(Phase::Purchase) => "end the turn".into(),
                Some(p) => format!("end step {} ({})", p.number(), p.name()),
                None => "next".into(),
            },
        }
    }

    fn describe_event(&self, e: &Event) -> String {
        let l = ship_letter;
        match e {
            Event::FirstDrawn { seat, players } => {
                format!("seat {seat} is drawn to play first (1 of {players}, ST-05)")
            }
            Event::Started { seat, ship, at } => format!("seat {seat}'s ship {} starts at {at}", l(*ship)),
            Event::TurnStarted { seat, round } => format!("round {round}: seat {seat}'s turn"),
            Event::CellsPlaced { seat, moves, attack, defend, action } => format!(
                "seat {seat} places cells: MOVE +{moves}, ATTACK +{attack}, DEFEND +{defend}, ACTION +{action}"
            ),
            Event::SetDrawn { seat, set, cards } => format!(
                "seat {seat} draws set {set}: {}",
                cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
            ),
            Event::DeckReshuffled { deck } => format!("the {deck} deck's discards are reshuffled"),
            Event::Moved { ship, card, path } => format!(
                "ship {} plays {} → {}",
                l(*ship),
                card.name(),
                path.last().map(|p| p.to_string()).unwrap_or_default()
            ),
            Event::Blocked { ship, at } => format!("ship {} stops at {at} for this set", l(*ship)),
            Event::SetDone { set } => format!("set {set} done"),
            Event::Battle { attacker, target, volleys } => format!(
                "ship {} attacks ship {}: {}",
                l(*attacker),
                l(*target),
                volleys
                    .iter()
                    .map(|v| format!(
                        "{} vs {} → {}",
                        v.attack_totals.iter().max().unwrap_or(&0),
                        v.defense_totals.iter().max().unwrap_or(&0),
                        counted(v.hits as usize, "hit", "hits")
                    ))
                    .collect::<Vec<_>>()
                    .join("; return fire ")
            ),
            Event::Lost { ship, asset } => format!("ship {} loses {}", l(*ship), asset.with_article()),
            Event::Destroyed { ship, spendys_lost } => {
                format!("ship {} is destroyed ({} Spendys lost)", l(*ship), spendys(*spendys_lost))
            }
            Event::Eliminated { seat } => format!("seat {seat} is eliminated"),
            Event::ActionRolled { ship, cluster, player, bank, cards } => format!(
                "ship {} at cluster {cluster}: {}+{} vs bank {}+{} → {}",
                l(*ship),
                player[0],
                player[1],
                bank[0],
                bank[1],
                counted(*cards as usize, "card", "cards")
            ),
            Event::OutpostBuilt { seat, cluster } => format!("seat {seat} builds an outpost on cluster {cluster}"),
            Event::OutpostFailed { seat, cluster } => format!("seat {seat} draws no Claim at cluster {cluster}"),
            Event::Revenue { ship, cards, total } => {
                let cards: Vec<String> = cards.iter().map(|&c| spendys(c)).collect();
                format!("ship {} collects {} Spendys ({})", l(*ship), spendys(*total), cards.join(" + "))
            }
            Event::Deposited { ship, spendys: n } => format!("ship {} deposits {} Spendys ON station", l(*ship), spendys(*n)),
            Event::Bought { seat, item, ship, price } => match ship {
                Some(x) => format!("seat {seat} buys {} for ship {} ({})", item.with_article(), l(*x), spendys(*price)),
                None => format!("seat {seat} buys {} ({})", item.with_article(), spendys(*price)),
            },
            Event::ShipBought { seat, ship, at, price } => {
                format!("seat {seat} buys ship {} at {at} ({})", l(*ship), spendys(*price))
            }
            Event::PhaseStarted { phase } => format!("step {}: {}", phase.number(), phase.name()),
            Event::TurnEnded { seat } => format!("seat {seat}'s turn ends"),
            Event::Won { seats, reason } => format!(
                "winner(s): {} — {reason}",
                seats.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
            ),
        }
    }

    /// The whole screen for `viewer`.
    fn render_text(&self, viewer: Option<Seat>) -> String {
        let mut s = String::new();
        let step = match &self.step {
            Step::Start { seat } => format!(
                "set-up: {} picks a starting corner",
                self.seat_name(*seat, viewer)
            ),
            Step::Over => "game over".into(),
            st => format!(
                "{}'s turn — {}",
                self.seat_name(self.current, viewer),
                match st {
                    Step::Cells => "step 2: place Energy Cells".to_string(),
                    Step::Main { phase } =>
                        format!("step {}: {}", phase.number(), phase_words(*phase)),
                    Step::Moving { set, following, .. } => match following {
                        Some(f) => format!(
                            "moving ship {} with set {set}, card {}",
                            ship_letter(f.ship),
                            f.card + 1
                        ),
                        None => format!("executing set {set}: next ship or end the set"),
                    },
                    Step::Damage { damage, .. } => format!(
                        "ship {} takes {}: its owner removes assets",
                        ship_letter(damage[0].ship),
                        counted(damage[0].hits as usize, "hit", "hits")
                    ),
                    _ => String::new(),
                }
            ),
        };
        let _ = writeln!(
            s,
            "STGv2 {} — round {}/{} — {}",
            self.scenario, self.round, self.rules.rounds, step
        );
        s += &self.map_text();
        s += "  # station  ** cluster (*n: seat n's outpost)  a0 ship a at level 0  2+ two ships on one rod\n";
        // Side view: which ships sit on each level.
        let _ = writeln!(s, "Levels (top to bottom):");
        for z in (0..self.field.levels).rev() {
            let on: Vec<String> = self
                .ships
                .iter()
                .filter(|x| x.alive && x.pos.z == z)
                .map(|x| format!("{}@{}", ship_letter(x.id), x.pos.node))
                .collect();
            let _ = writeln!(
                s,
                "  L{z}: {}",
                if on.is_empty() {
                    "—".into()
                } else {
                    on.join("  ")
                }
            );
        }
        let _ = writeln!(s, "Play Boards:");
        for (i, p) in self.players.iter().enumerate() {
            let seat = Seat(i as u8);
            if p.out {
                let _ = writeln!(s, "  {}: eliminated", self.seat_name(seat, viewer));
                continue;
            }
            let [m, a, d, x] = self.columns_of(seat);
            let room = self.rules.room;
            let dots = |n: u32, free: bool, room: u8| {
                let slots = u32::from(room) + u32::from(free);
                (0..slots)
                    .map(|k| if k < n { '●' } else { '○' })
                    .collect::<String>()
            };
            let off: u32 = self.fleet(seat).map(|s| s.off).sum();
            let _ = writeln!(
                s,
                "  {}{}: ON {}  OFF {}  cells {} (free {})  MOVE {} ATTACK {} DEFEND {} ACTION {}  outposts {}{}",
                if seat == self.current && !matches!(self.step, Step::Start { .. } | Step::Over) { "▶ " } else { "" },
                self.seat_name(seat, viewer),
                spendys(p.on),
                spendys(off),
                p.cells,
                u32::from(p.cells).saturating_sub(p.placed.total()),
                dots(m, true, room.moves),
                dots(a, true, room.attack),
                dots(d, true, room.defend),
                dots(x, false, room.action),
                self.outposts(seat),
                if p.bought_ship { "" } else { "  (protected: no ship bought yet)" },
            );
        }
        let _ = writeln!(s, "Ships:");
        for x in self.ships.iter().filter(|x| x.alive) {
            let _ = writeln!(
                s,
                "  {} (ship {}) seat {}  at {} L{}  {}{}{}{}",
                ship_letter(x.id),
                x.id,
                x.seat,
                x.pos.node,
                x.pos.z,
                assets_text(x),
                if x.off > 0 {
                    format!("  carrying {}", spendys(x.off))
                } else {
                    String::new()
                },
                if self.at_own_station(x.id) {
                    "  beside its station"
                } else {
                    ""
                },
                match (x.attacked, x.acted) {
                    (true, true) => "  (attacked, acted)",
                    (true, false) => "  (attacked)",
                    (false, true) => "  (acted)",
                    _ => "",
                }
            );
        }
        if !self.sets.is_empty() {
            let _ = writeln!(s, "Move Card sets this turn:");
            for (i, set) in self.sets.iter().enumerate() {
                let cards: Vec<&str> = set.cards.iter().map(|c| c.name()).collect();
                let _ = writeln!(
                    s,
                    "  set {i}: {}{}",
                    if cards.is_empty() {
                        "(no cards)".into()
                    } else {
                        cards.join(" → ")
                    },
                    if set.used { "  (used)" } else { "" }
                );
            }
        }
        if let Some(b) = &self.last_battle {
            let v: Vec<String> = b
                .volleys
                .iter()
                .map(|v| {
                    format!(
                        "{}d×{} best {} vs {}d×{} best {} → {}",
                        v.attack_dice,
                        v.attack_totals.len(),
                        v.attack_totals.iter().max().unwrap_or(&0),
                        v.defense_dice,
                        v.defense_totals.len(),
                        v.defense_totals.iter().max().unwrap_or(&0),
                        counted(v.hits as usize, "hit", "hits")
                    )
                })
                .collect();
            let _ = writeln!(
                s,
                "Last battle: {} attacked {}: {}",
                ship_letter(b.attacker),
                ship_letter(b.target),
                v.join("; return fire ")
            );
        }
        let _ = writeln!(
            s,
            "Decks: move {} face down, outpost {}, revenue {}",
            self.move_deck.len(),
            self.outpost_deck.len(),
            self.revenue_deck.len()
        );
        if let Some(o) = &self.outcome {
            let _ = writeln!(
                s,
                "Winner(s): {:?} — {}",
                o.winners.iter().map(|w| w.0).collect::<Vec<_>>(),
                o.reason
            );
        }
        s
    }
}
