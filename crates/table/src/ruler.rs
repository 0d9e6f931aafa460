//! Rulers for text maps (display only): the table coordinates the texts use, written
//! along a map's edges so a player can read "(12, 35)" off the map.

/// A step for numbers along an axis of `span` units drawn in `cells` cells, the
/// numbers at least `min_cells` cells apart: one of 1, 2, 3, 5, 6, 10, 12, 20, 24, 50,
/// 100… that fits, preferring (among the next three that fit) one that divides the
/// span, so that both edges are numbered.
pub fn axis_step(span: f64, cells: usize, min_cells: usize) -> f64 {
    let per_cell = if cells == 0 {
        span
    } else {
        span / cells as f64
    };
    let least = per_cell * min_cells as f64;
    let mut fitting = Vec::new();
    let mut scale = 1.0;
    while fitting.len() < 3 && scale < 1e12 {
        for m in [1.0, 2.0, 3.0, 5.0, 6.0, 10.0, 12.0, 20.0, 24.0, 50.0] {
            if m * scale >= least - 1e-9 && fitting.len() < 3 {
                fitting.push(m * scale);
            }
        }
        scale *= 100.0;
    }
    let divides = |s: &f64| ((span / s) - (span / s).round()).abs() < 1e-9;
    fitting
        .iter()
        .copied()
        .find(divides)
        .or_else(|| fitting.first().copied())
        .unwrap_or(1.0)
}

/// The multiples of `step` from 0 to `span` (at most 1000 of them).
fn marks(span: f64, step: f64) -> impl Iterator<Item = f64> {
    let n = if step > 0.0 && span.is_finite() {
        ((span / step + 1e-9).floor() as usize).min(1000)
    } else {
        0
    };
    (0..=n).map(move |k| k as f64 * step)
}

/// A number as the texts write table coordinates: whole numbers plain, else 1 decimal.
fn number(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The x axis of a map `cols` cells wide: every multiple of `step` from 0 to `width`
/// written from the column `col(x)` (the last ones end at the map's right edge), one
/// that would touch its neighbour left out. Trailing spaces trimmed.
pub fn x_axis(cols: usize, width: f64, step: f64, col: impl Fn(f64) -> usize) -> String {
    let mut line = vec![' '; cols];
    for x in marks(width, step) {
        let label: Vec<char> = number(x).chars().collect();
        let c = col(x).min(cols.saturating_sub(1));
        let start = if c + label.len() > cols {
            cols.saturating_sub(label.len())
        } else {
            c
        };
        let end = start + label.len();
        let free = (start.saturating_sub(1)..(end + 1).min(cols)).all(|i| line[i] == ' ');
        if free && end <= cols {
            line[start..end].copy_from_slice(&label);
        }
    }
    line.into_iter().collect::<String>().trim_end().to_string()
}

/// The labels of a map's `rows` rows: every multiple of `step` from 0 to `length` at
/// row `row(y)` (the first to land on a row keeps it), right-aligned to `width`
/// characters; rows without a label are blank.
pub fn y_axis(
    rows: usize,
    length: f64,
    step: f64,
    width: usize,
    row: impl Fn(f64) -> usize,
) -> Vec<String> {
    let mut labels: Vec<Option<String>> = vec![None; rows];
    for y in marks(length, step) {
        let r = row(y).min(rows.saturating_sub(1));
        if let Some(slot @ None) = labels.get_mut(r) {
            *slot = Some(number(y));
        }
    }
    labels
        .into_iter()
        .map(|l| format!("{:>width$}", l.unwrap_or_default()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_keep_numbers_apart() {
        assert_eq!(axis_step(36.0, 48, 5), 6.0);
        assert_eq!(axis_step(72.0, 73, 8), 12.0);
        assert_eq!(axis_step(36.0, 24, 3), 6.0);
        assert_eq!(axis_step(35.0, 24, 3), 5.0);
    }

    #[test]
    fn the_x_axis_puts_each_number_at_its_column_and_the_last_inside() {
        let line = x_axis(48, 36.0, 6.0, |x| (x / 36.0 * 48.0) as usize);
        assert_eq!(line, "0       6       12      18      24      30    36");
    }

    #[test]
    fn the_y_axis_labels_rows_from_the_top() {
        let labels = y_axis(4, 6.0, 3.0, 2, |y| ((6.0 - y) / 1.5) as usize);
        assert_eq!(labels, [" 6", "", " 3", " 0"].map(|s| format!("{s:>2}")));
    }
}
