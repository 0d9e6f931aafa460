//! The table and the elements as text (`orrery play`'s board): drawn from the view,
//! so it shows a seat what its view shows and no more.

use crate::combat::shot_at;
use crate::deploy::DEPLOY_DEPTH;
use crate::maneuver::card_name;
use crate::render::{label, question};
use crate::state::{BlackSkies, Phase, Status};
use crate::view::BsView;
use orrery_core::{Game, Seat};

/// An arrow for a heading (eight directions).
fn arrow(deg: i32) -> char {
    ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'][((deg + 22) / 45 % 8) as usize]
}

/// The table and the elements as text.
pub fn render_text(g: &BlackSkies, viewer: Option<Seat>) -> String {
    let cols = 48usize;
    let rows = 24usize;
    let mut grid = vec![vec!['·'; cols]; rows];
    // While deploying, the 6" zones along both edges (BS-02).
    if matches!(g.phase, Phase::Deploy { .. }) {
        for (r, line) in grid.iter_mut().enumerate() {
            let y = g.length - (r as f64 + 0.5) * g.length / rows as f64;
            if y <= DEPLOY_DEPTH || g.length - y <= DEPLOY_DEPTH {
                line.iter_mut().for_each(|c| *c = '-');
            }
        }
    }
    for a in &g.asteroids {
        for (r, line) in grid.iter_mut().enumerate() {
            for (c, cell) in line.iter_mut().enumerate() {
                let x = (c as f64 + 0.5) * g.width / cols as f64;
                let y = g.length - (r as f64 + 0.5) * g.length / rows as f64;
                if (x - a.x).hypot(y - a.y) <= a.radius {
                    *cell = '*';
                }
            }
        }
    }
    let mut out = String::new();
    for f in g.fighters.iter().filter(|f| f.flying()) {
        let c = ((f.pos.x / g.width * cols as f64) as usize).min(cols - 1);
        let r = (((g.length - f.pos.y) / g.length * rows as f64) as usize).min(rows - 1);
        grid[r][c] = arrow(f.heading.degrees());
        for (k, ch) in label(g, f.id).chars().enumerate() {
            if c + 1 + k < cols {
                grid[r][c + 1 + k] = ch;
            }
        }
    }
    out += &format!(
        "Black Skies — {} — turn {}/{} — {}   ({}\"×{}\", B's edge at the top)\n",
        g.scenario,
        g.turn,
        g.turns,
        g.phase.name(),
        g.width,
        g.length
    );
    // Rulers with the table coordinates the texts use ("at (12.0, 35.0)"): y down
    // the left edge, x under the map.
    let (wf, lf) = (g.width.max(1e-6), g.length.max(1e-6));
    let ys = orrery_table::y_axis(rows, lf, orrery_table::axis_step(lf, rows, 3), 4, |y| {
        ((lf - y) / lf * rows as f64).max(0.0) as usize
    });
    for (line, y) in grid.into_iter().zip(ys) {
        out += &format!("{y} {}\n", line.into_iter().collect::<String>());
    }
    let xs = orrery_table::x_axis(cols, wf, orrery_table::axis_step(wf, cols, 6), |x| {
        (x / wf * cols as f64).max(0.0) as usize
    });
    out += &format!("     {xs}   (inches)\n");
    let view = BsView::new(g, viewer);
    for e in &view.elements {
        let speed = e.speed.map_or("?".into(), |s| s.to_string());
        let card = match (e.card, e.card_down) {
            (Some(c), _) => format!("card {c} {} (yours, face down)", card_name(c)),
            (None, true) => "card face down".into(),
            _ => String::new(),
        };
        out += &format!(
            "{} {:<9} speed {speed:>2}  {card}\n",
            g.sides[e.seat.index()],
            e.name
        );
        for &id in &e.fighters {
            let f = g.fighter(id);
            let d = g.design_of(f);
            let state = match f.status {
                Status::Flying => format!(
                    "at {} heading {}  hull {}/{}{}{}",
                    f.pos,
                    f.heading,
                    f.hull,
                    g.max_hull(f),
                    if g.crippled(f) { " CRIPPLED" } else { "" },
                    if f.jinking { " jinking" } else { "" }
                ),
                Status::Waiting => "waiting to deploy".into(),
                Status::Destroyed => "destroyed".into(),
                Status::Disengaged => "disengaged".into(),
            };
            out += &format!(
                "    {} {} ({} pilot {}): {state}\n",
                label(g, id),
                d.name,
                crate::catalogue::skill_name(f.skill),
                f.skill
            );
        }
    }
    if let Phase::Fire { fighter, .. } = g.phase {
        let f = g.fighter(fighter);
        for (i, w) in g.design_of(f).weapons.iter().enumerate() {
            let reach: Vec<String> = g
                .fighters
                .iter()
                .filter_map(|t| {
                    shot_at(g, f, w, t).map(|(b, _)| format!("{} {}", label(g, t.id), b.name()))
                })
                .collect();
            out += &format!("  weapon {} {}: {}\n", i + 1, w.name, reach.join(", "));
        }
    }
    // BS-02: the viewer's own movement deck; another's shows only as its cards flip.
    if let Some(s) = viewer.filter(|s| !g.decks[s.index()].is_empty()) {
        let names: Vec<String> = view.decks[s.index()]
            .iter()
            .flatten()
            .map(|&e| g.element(e).name.clone())
            .collect();
        out += &format!("Your movement deck, top first: {}\n", names.join(", "));
    }
    if let Some(first) = view.first {
        out += &format!(
            "{} moves first every turn (BS-03)\n",
            g.sides[first.index()]
        );
    }
    let scores = g.scores();
    out += &format!(
        "Score: {} {} — {} {}\n",
        g.sides[0], scores[0], g.sides[1], scores[1]
    );
    out += &format!("{}\n", question(g, viewer));
    out
}
