//! The top-down ASCII map: the table scaled to about 60 columns, north (+y, side B's
//! edge) at the top; a row is twice as tall as a column is wide, as terminal cells are.

use super::{marker, unit_ref};
use crate::state::{Place, Stratoyager};
use orrery_table::{Hour, Point};
use std::fmt::Write as _;

/// Columns the table is scaled to.
const COLS: usize = 60;

/// The arrow for a facing: `^` north, `/` north-east, `>` east …
pub fn arrow(h: Hour) -> char {
    match h.0 % 12 {
        0 => '^',
        1 | 2 => '/',
        3 => '>',
        4 | 5 => '\\',
        6 => 'v',
        7 | 8 => '/',
        9 => '<',
        _ => '\\',
    }
}

/// The map grid: klicks per column and per row, and the size.
struct Grid {
    kx: f64,
    ky: f64,
    cols: usize,
    rows: usize,
    length: f64,
}

impl Grid {
    fn new(width: f64, length: f64) -> Grid {
        let kx = (width / COLS as f64).max(1e-6);
        let ky = 2.0 * kx;
        let rows = ((length / ky).ceil() as usize).clamp(1, 200);
        Grid {
            kx,
            ky,
            cols: COLS,
            rows,
            length,
        }
    }

    /// The cell of a point, `None` off the table.
    fn cell(&self, p: Point) -> Option<(usize, usize)> {
        let c = (p.x / self.kx).floor();
        let r = ((self.length - p.y) / self.ky).floor();
        if !(c.is_finite() && r.is_finite()) || c < -0.5 || r < -0.5 {
            return None;
        }
        let (c, r) = (c as usize, r as usize);
        if p.x > self.kx * self.cols as f64 + 1e-9 || r > self.rows {
            return None;
        }
        Some((r.min(self.rows - 1), c.min(self.cols - 1)))
    }

    /// The centre of a cell in klicks.
    fn centre(&self, r: usize, c: usize) -> Point {
        Point::new(
            (c as f64 + 0.5) * self.kx,
            self.length - (r as f64 + 0.5) * self.ky,
        )
    }
}

pub fn write_map(out: &mut String, g: &Stratoyager) {
    let (w, l) = (g.table.width, g.table.length);
    if !(w > 0.0 && l > 0.0) {
        out.push_str("(no table)\n");
        return;
    }
    let grid = Grid::new(w, l);
    let mut cells = vec![vec![' '; grid.cols]; grid.rows];
    for (r, row) in cells.iter_mut().enumerate() {
        for (c, ch) in row.iter_mut().enumerate() {
            let p = grid.centre(r, c);
            if g.obstacles.iter().any(|o| o.outline.contains(p)) {
                *ch = '#';
            } else if c % 5 == 2 && r % 3 == 1 {
                *ch = '.';
            }
        }
    }
    for p in &g.pilots {
        if let Some((r, c)) = grid.cell(p.at) {
            cells[r][c] = 'p';
        }
    }
    // Units: mark, then the facing arrow to its right (left at the east edge).
    let mut taken = vec![vec![false; grid.cols]; grid.rows];
    for u in &g.units {
        if !matches!(u.place, Place::Table | Place::Hulk) {
            continue;
        }
        let Some((r, c)) = grid.cell(u.pos) else {
            continue;
        };
        let mark = if u.place == Place::Hulk {
            '%'
        } else {
            marker(g, u.id)
        };
        if taken[r][c] {
            cells[r][c] = '@';
            continue;
        }
        cells[r][c] = mark;
        taken[r][c] = true;
        let ac = if c + 1 < grid.cols { c + 1 } else { c - 1 };
        if !taken[r][ac] {
            cells[r][ac] = arrow(u.facing);
        }
    }
    let _ = writeln!(
        out,
        "Table {} x {} klicks (north, side B's edge, at the top; 1 column = {:.2} klick, 1 row = {:.2}):",
        w, l, grid.kx, grid.ky
    );
    let border = format!("     +{}+", "-".repeat(grid.cols));
    let _ = writeln!(out, "{border}");
    for (r, row) in cells.iter().enumerate() {
        // Label the row holding a multiple of 3 klicks.
        let top = ((l - r as f64 * grid.ky) * 1e6).round() / 1e6;
        let mark = (top / 3.0).floor() * 3.0;
        let tag = if mark > top - grid.ky + 1e-6 || r == 0 {
            format!("{:>4.0}", if r == 0 { top } else { mark })
        } else {
            "    ".to_string()
        };
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{tag} |{line}|");
    }
    let _ = writeln!(out, "{border}");
    // X axis: a label every 6 klicks.
    let mut axis = vec![' '; grid.cols + 8];
    let mut x = 0.0;
    while x <= w + 1e-9 {
        let c = (x / grid.kx).round() as usize + 6;
        for (i, ch) in format!("{x:.0}").chars().enumerate() {
            if let Some(slot) = axis.get_mut(c + i) {
                *slot = ch;
            }
        }
        x += 6.0;
    }
    let axis: String = axis.into_iter().collect();
    let _ = writeln!(out, "{}", axis.trim_end());
    let five = (5.0 / grid.kx).round() as usize;
    let _ = writeln!(
        out,
        "Scale: |{}| = 5 klicks.  1-9 side A, a-z side B, then facing ^ / > \\ v < ; \
         % hulk, @ several units, p pilot, # obstacle",
        "-".repeat(five.saturating_sub(2))
    );
    let off: Vec<String> = g
        .units
        .iter()
        .filter(|u| matches!(u.place, Place::Table | Place::Hulk) && grid.cell(u.pos).is_none())
        .map(|u| format!("{} {}", marker(g, u.id), u.label))
        .collect();
    if !off.is_empty() {
        let _ = writeln!(out, "Off the map edge: {}", off.join(", "));
    }
    let _ = unit_ref;
}
