//! The opponent model of the searches' look-ahead (issue 27, [`SearchHints::playout_action`](orrery_core::SearchHints::playout_action)):
//! how a seat answers inside an MCTS leaf completion, cheaply and from what it may
//! see (positions, headings, speeds, Hull and its own cards; never the other side's
//! face-down cards).
//!
//! - Fire (BS-09): the target the weapon would take the most points of Hull off,
//!   the more hurt ones a little first; never Hold while a target is in arc and
//!   range, since firing costs nothing ("targets never fire back").
//! - Maneuver (BS-04 (1)): the option of the revealed card whose end stands best
//!   ([`BlackSkies::stand`]).
//! - Card (BS-04 (8), and the first cards of BS-02): mostly the card whose best
//!   option stands best against the enemy where it is now, sometimes (one time in
//!   [`CARD_NOISE`]) any card that keeps the element on the table: the enemy moves
//!   before the card is flown, and a model that always answers the same is one the
//!   search learns to exploit where the real player would not oblige.
//! - Everything else (deployment, starting speeds, groups): the random agent's draw.
//!
//! The same judgement of a card weighs the other side's face-down cards when a copy
//! is determinized ([`BlackSkies::believed_card`]).
//!
//! [`SearchHints::playout_action`](orrery_core::SearchHints::playout_action): orrery_core::SearchHints::playout_action

use crate::action::Action;
use crate::combat::{bearing, final_accuracy, shot_in, weapons_allowed, Band};
use crate::maneuver::{fly_end, options, speeds, Maneuver};
use crate::state::{BlackSkies, Fighter, Phase};
use orrery_core::{Rng, Seat};
use orrery_table::{Heading, Point};

/// One card answer in this many is drawn among the sane cards instead of the best.
pub const CARD_NOISE: usize = 4;

/// One face-down card in this many is drawn uniformly in a determinized copy.
pub const BELIEF_NOISE: usize = 2;

/// How much the enemy's guns pointing at a place count against standing there,
/// relative to our guns pointing at the enemy from it. The enemy moves before it
/// fires, so where its guns point now is only a hint, but a model that shuns them
/// played better (issue 27: mcts 2,000 it. against the heuristic over duel seeds
/// 7000–7199 won 78 % of the decided battles with 2.0, 75.5 % with 0.5).
const THREAT: f64 = 2.0;

impl BlackSkies {
    /// The model's answer for `seat` (see the module documentation), `None` when
    /// `seat` has nothing to answer.
    pub fn playout_answer(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if self.outcome.is_some() {
            return None;
        }
        match self.phase {
            Phase::Fire {
                element, fighter, ..
            } if self.owner(element) == seat => self.model_fire(seat, fighter),
            Phase::Maneuver { element } if self.owner(element) == seat => {
                let card = self.element(element).shown.unwrap_or(1);
                let m = self.best_option(element, card).0?;
                Some(Action::Maneuver { option: m.option })
            }
            Phase::Card { element } if self.owner(element) == seat => {
                Some(self.model_card(element, rng))
            }
            Phase::Ready => match self.uncarded(seat) {
                Some(element) => Some(self.model_card(element, rng)),
                None => self.random_answer(seat, rng),
            },
            _ => self.random_answer(seat, rng),
        }
    }

    /// The random agent's draw ([`orrery_core::SearchHints::sample_action`]).
    fn random_answer(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        <BlackSkies as orrery_core::SearchHints>::sample_action(self, seat, rng)
    }

    /// The weapon now asked about fires at the target it would take the most points
    /// off; Hold only when it has none (the question is asked only when it has one).
    fn model_fire(&self, seat: Seat, fighter: u8) -> Option<Action> {
        let Phase::Fire { weapon, .. } = self.phase else {
            return None;
        };
        let f = self.fighter(fighter);
        let w = self.design_of(f).weapons.get(usize::from(weapon))?;
        let mut best: Option<(f64, u8)> = None;
        for t in self
            .fighters
            .iter()
            .filter(|t| t.flying() && t.seat != seat)
        {
            let (sector, d) = bearing(f.pos, f.heading, t.pos);
            if !w.arcs.contains(&sector) {
                continue;
            }
            let Some(band) = Band::of(d, w.range) else {
                continue;
            };
            let shot = shot_in(self, w, t, band);
            let p = f64::from(shot.hit_faces()) / 10.0;
            let hull = f64::from(t.hull);
            let mean = shot.mean_hit_damage().min(hull);
            let per_hull = f64::from(self.points(t)) / f64::from(self.max_hull(t));
            // Hurt ones first: the points of Hull it takes, and a kill's rest.
            let value = f64::from(w.rof) * p * mean * per_hull * (1.0 + 1.0 / hull.max(1.0));
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, t.id));
            }
        }
        Some(match best {
            Some((_, target)) => Action::Fire { target },
            None => Action::Hold,
        })
    }

    /// The card the model puts down for `element` (see the module documentation).
    fn model_card(&self, element: u8, rng: &mut Rng) -> Action {
        let cards = self.card_list(element);
        if rng.index(CARD_NOISE) == 0 {
            let sane: Vec<u8> = cards
                .iter()
                .copied()
                .filter(|&c| options(c).any(|m| self.option_is_sane(element, m, &cards)))
                .collect();
            let pool: &[u8] = if sane.is_empty() { &cards } else { &sane };
            return Action::Card {
                card: pool[rng.index(pool.len())],
            };
        }
        let mut best = (f64::NEG_INFINITY, cards[0]);
        for &c in cards.iter() {
            let v = self.best_option(element, c).1;
            if v > best.0 {
                best = (v, c);
            }
        }
        Action::Card { card: best.1 }
    }

    /// A face-down card of the other side drawn for a determinized copy: one time in
    /// [`BELIEF_NOISE`] any of `plausible`, else the one whose best option stands best
    /// against the table as it stands (public: positions, headings, speeds).
    pub(crate) fn believed_card(&self, element: u8, plausible: &[u8], rng: &mut Rng) -> u8 {
        if rng.index(BELIEF_NOISE) == 0 {
            return plausible[rng.index(plausible.len())];
        }
        let mut best = (f64::NEG_INFINITY, plausible[0]);
        for &c in plausible {
            let v = self.best_option(element, c).1;
            if v > best.0 {
                best = (v, c);
            }
        }
        best.1
    }

    /// The option of `card` whose end stands best for `element`, and its value.
    pub(crate) fn best_option(&self, element: u8, card: u8) -> (Option<&'static Maneuver>, f64) {
        let cards = self.card_list(element);
        let speed = self.element(element).speed;
        let mut best: (Option<&'static Maneuver>, f64) = (None, f64::NEG_INFINITY);
        for m in options(card) {
            let (_, s) = speeds(speed, m);
            let v: f64 = self
                .flying(element)
                .map(|f| {
                    let (end, h) = fly_end(m, f.pos, f.heading, f64::from(s));
                    self.stand(f, end, h, s, m.jinking, &cards)
                })
                .sum();
            if best.0.is_none() || v > best.1 {
                best = (Some(m), v);
            }
        }
        best
    }

    /// How well `f` stands at `at` heading `h`, flown at `speed`: off the table costs
    /// its points, a place no card can leave without going off nearly as much;
    /// otherwise the points its guns would take off the enemy where it stands now,
    /// less (by [`THREAT`]) what the enemy's guns would take off it there, and a little
    /// for closing on the nearest enemy and pointing at it.
    pub(crate) fn stand(
        &self,
        f: &Fighter,
        at: Point,
        h: Heading,
        speed: u8,
        jinking: bool,
        cards: &[u8],
    ) -> f64 {
        let worth = f64::from(self.points(f));
        if !self.point(at) {
            return -worth;
        }
        if !self.can_stay(cards, at, h, speed) {
            return -0.8 * worth;
        }
        let mut v = 0.0;
        let mut nearest: Option<(f64, f64)> = None;
        let own = &self.design_of(f).weapons;
        let allowed = usize::from(weapons_allowed(self, f));
        // Our guns: each weapon's best target.
        let mut gun_best = [0.0f64; 12];
        let per_hull_f = worth / f64::from(self.max_hull(f));
        for t in self
            .fighters
            .iter()
            .filter(|t| t.flying() && t.seat != f.seat)
        {
            let (sector, d) = bearing(at, h, t.pos);
            let to_t = t.pos - at;
            let aim = if d > 0.0 {
                h.vector().dot(to_t) / d
            } else {
                1.0
            };
            if nearest.is_none_or(|(nd, _)| d < nd) {
                nearest = Some((d, aim));
            }
            let per_hull_t = f64::from(self.points(t)) / f64::from(self.max_hull(t));
            for (w, best) in own.iter().take(allowed).zip(gun_best.iter_mut()) {
                if !w.arcs.contains(&sector) {
                    continue;
                }
                if let Some(band) = Band::of(d, w.range) {
                    let shot = shot_in(self, w, t, band);
                    let value = f64::from(w.rof) * f64::from(shot.hit_faces()) / 10.0
                        * shot.mean_hit_damage().min(f64::from(t.hull))
                        * per_hull_t;
                    *best = best.max(value);
                }
            }
            // Its guns at us there.
            let (back, _) = bearing(t.pos, t.heading, at);
            let theirs = &self.design_of(t).weapons;
            let allowed_t = usize::from(weapons_allowed(self, t));
            for w in theirs.iter().take(allowed_t) {
                if !w.arcs.contains(&back) {
                    continue;
                }
                if let Some(band) = Band::of(d, w.range) {
                    let mut shot = shot_in(self, w, f, band);
                    shot.accuracy = final_accuracy(w.accuracy, band, speed, jinking);
                    let value = f64::from(w.rof) * f64::from(shot.hit_faces()) / 10.0
                        * shot.mean_hit_damage().min(f64::from(f.hull))
                        * per_hull_f;
                    v -= THREAT * value;
                }
            }
        }
        v += gun_best.iter().sum::<f64>();
        if let Some((d, aim)) = nearest {
            v += 0.3 * (aim - 0.05 * d);
        }
        v
    }
}
