//! The learning encoding ([`orrery_core::learn`]): a fixed number for every answer
//! and the view as numbers (`observe.rs`). Documented for users in
//! `docs/learning/black-skies.md`.
//!
//! An id is the seat and the answer's own fields: the same JSON from the same side
//! has the same id all game long, and side B's ids follow side A's (`id = seat ·
//! per_seat + block offset + id within the block`). Fixed for a game: `xs =
//! (⌊width⌋ − 2) / 2` lead positions across (BSO-02's grid: even inches from 2 to
//! ⌊width⌋ − 2), `e` elements, `es` the larger side's elements, `f` fighters, `o` the
//! most options a card has.
//!
//! | block | size | id within the block |
//! |---|---|---|
//! | `deploy` | `xs·3·12·5` | `((x/2 − 1)·3 + (depth − 1)/2)·60 + heading/30·5 + wing`; depth = inches from the own edge (1, 3, 5); wing none 0, behind-left 1, behind-right 2, abreast-left 3, abreast-right 4 |
//! | `speed` | `e·13` | `element·13 + speed` |
//! | `group` | `2^es − 1` | `2^(n−1) − 1 + cuts`, `n` = the sizes' sum, `cuts` = Σ 2^(p−1) over the group boundaries `p` (the running sums but the last) |
//! | `maneuver` | `o` | `option` |
//! | `fire` | `f` | `target` |
//! | `hold` | 1 | 0 |
//! | `card` | 12 | `card − 1` |

use crate::action::{Action, Wing};
use crate::maneuver::{MANEUVERS, MAX_SPEED};
use crate::state::BlackSkies;
use crate::view::BsView;
use orrery_core::learn::{below, seat_block_id};
use orrery_core::Learning;
use orrery_core::Seat;

mod observe;
pub(crate) use observe::observe;

/// Starting speeds 0–12.
const SPEEDS: usize = MAX_SPEED as usize + 1;
/// Depths 1, 3, 5 from the own edge; 12 headings; no wing or one of four places.
const DEPLOY_CELL: usize = 3 * 12 * 5;
const CARDS: usize = 12;

/// The most options a card has (BS-06's table).
pub(crate) const OPTIONS: usize = {
    let mut most = 0;
    let mut i = 0;
    while i < MANEUVERS.len() {
        let n = MANEUVERS[i].option as usize + 1;
        if n > most {
            most = n;
        }
        i += 1;
    }
    most
};

/// The block sizes of one game.
#[derive(Clone, Copy, Debug)]
struct Layout {
    xs: usize,
    e: usize,
    es: usize,
    f: usize,
}

impl Layout {
    fn of(g: &BlackSkies) -> Self {
        let a = g.elements.iter().filter(|e| e.seat == Seat(0)).count();
        let e = g.elements.len();
        Layout {
            xs: (g.width.max(0.0).floor() as usize).saturating_sub(2) / 2,
            e,
            es: a.max(e - a),
            f: g.fighters.len(),
        }
    }

    fn sizes(self) -> [usize; 7] {
        [
            self.xs * DEPLOY_CELL,
            self.e * SPEEDS,
            (1usize << self.es.min(24)) - 1,
            OPTIONS,
            self.f,
            1,
            CARDS,
        ]
    }
}

const DEPLOY: usize = 0;
const SPEED: usize = 1;
const GROUP: usize = 2;
const MANEUVER: usize = 3;
const FIRE: usize = 4;
const HOLD: usize = 5;
const CARD: usize = 6;

fn wing_index(w: Option<Wing>) -> usize {
    match w {
        None => 0,
        Some(Wing::BehindLeft) => 1,
        Some(Wing::BehindRight) => 2,
        Some(Wing::AbreastLeft) => 3,
        Some(Wing::AbreastRight) => 4,
    }
}

/// The group block's number of `sizes` (all at least 1, `es` elements at most).
fn group_id(sizes: &[u8], es: usize) -> Option<usize> {
    let mut sum = 0usize;
    let mut cuts = 0usize;
    for (i, &s) in sizes.iter().enumerate() {
        if s == 0 {
            return None;
        }
        sum += usize::from(s);
        if sum > es {
            return None;
        }
        if i + 1 < sizes.len() {
            cuts |= 1 << (sum - 1);
        }
    }
    let n = below(sum, es + 1)?.checked_sub(1)?;
    Some((1 << n) - 1 + cuts)
}

impl Learning for BlackSkies {
    const IDS_NAME_THE_SEAT: bool = true;

    /// The answers numbered block by block (docs/learning/black-skies.md).
    fn action_space(&self) -> usize {
        2 * Layout::of(self).sizes().iter().sum::<usize>()
    }

    /// Reads the table's size and the numbers of elements and fighters, all public and
    /// fixed.
    fn action_id(&self, seat: Seat, action: &Action) -> Option<usize> {
        if seat.0 > 1 {
            return None;
        }
        let lay = Layout::of(self);
        let (block, within) = match action {
            Action::Deploy {
                x,
                y,
                heading,
                wing,
            } => {
                if x % 2 != 0 || heading % 30 != 0 {
                    return None;
                }
                let col = below(usize::from(x / 2).checked_sub(1)?, lay.xs)?;
                let depth = if seat.0 == 0 {
                    f64::from(*y)
                } else {
                    self.length - f64::from(*y)
                };
                let row = [1.0, 3.0, 5.0].iter().position(|&d| d == depth)?;
                let h = below(usize::from(heading / 30), 12)?;
                (DEPLOY, (col * 3 + row) * 60 + h * 5 + wing_index(*wing))
            }
            Action::Speed { element, speed } => {
                let e = below(usize::from(*element), lay.e)?;
                (SPEED, e * SPEEDS + below(usize::from(*speed), SPEEDS)?)
            }
            Action::Group { sizes } => (GROUP, group_id(sizes, lay.es)?),
            Action::Maneuver { option } => (MANEUVER, below(usize::from(*option), OPTIONS)?),
            Action::Fire { target } => (FIRE, below(usize::from(*target), lay.f)?),
            Action::Hold => (HOLD, 0),
            Action::Card { card } => (CARD, below(usize::from(*card).checked_sub(1)?, CARDS)?),
        };
        Some(seat_block_id(seat, &lay.sizes(), block, within))
    }

    fn observe(view: &BsView, out: &mut orrery_core::learn::Features) {
        observe(view, out)
    }
}
