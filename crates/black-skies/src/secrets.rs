//! The face-down cards: how many of a seat's actions stay secret, determinization
//! for look-ahead agents, and the agents' hooks (default answers, the search
//! abstraction, the evaluation).

use crate::action::{Action, Wing};
use crate::combat::reach;
use crate::state::{BlackSkies, Phase};
use orrery_core::{score_margin, Rng, Seat};
use orrery_table::Sector;

impl BlackSkies {
    /// The seat's actions still secret: while set-up's speeds are open, every speed
    /// it set (BS-02); and the action that put down each card still face down (BS-02,
    /// BS-04 (8)). By action index.
    fn secret_indices(&self, seat: Seat) -> Vec<u32> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out: Vec<u32> = self
            .elements
            .iter()
            .filter(|e| e.seat == seat && e.card.is_some())
            .filter_map(|e| e.committed_at)
            .collect();
        if self.phase == Phase::Ready {
            // Each element was deployed by one action; the speeds came after.
            let deployed = self.elements.iter().filter(|e| e.seat == seat).count() as u32;
            out.extend(deployed..self.actions[seat.index()]);
        }
        out
    }

    pub fn unrevealed_of(&self, seat: Seat) -> usize {
        self.secret_indices(seat).len()
    }

    /// Whether the seat's action `back` places before its latest is still secret.
    pub fn is_secret_action(&self, seat: Seat, back: usize) -> bool {
        let made = self.actions[seat.index()] as usize;
        if back >= made {
            return false;
        }
        let index = (made - 1 - back) as u32;
        self.secret_indices(seat).contains(&index)
    }

    /// Replace what `viewer` cannot know — the other side's face-down cards, and in
    /// set-up its speeds and deck order — with a draw from `rng`, then reseed.
    pub fn determinize_for(&mut self, viewer: Seat, rng: &mut Rng) {
        let other = Seat(1 - viewer.0);
        if self.phase == Phase::Ready {
            let k = self.decks[other.index()].len();
            for id in std::mem::take(&mut self.decks[other.index()]) {
                self.elements[usize::from(id)].speed = 0;
            }
            for _ in 0..k {
                let unready = self.unready(other);
                if unready.is_empty() {
                    break;
                }
                let id = unready[rng.index(unready.len())];
                self.elements[usize::from(id)].speed = rng.index(13) as u8;
                self.decks[other.index()].push(id);
            }
        } else {
            for i in 0..self.elements.len() {
                if self.elements[i].seat == other && self.elements[i].card.is_some() {
                    let cards = self.cards_of(i as u8);
                    self.elements[i].card = Some(cards[rng.index(cards.len())]);
                }
            }
        }
        let seed = rng.next_u64();
        self.rng.reseed(seed);
    }

    /// The answer given for a seat that does not answer in time: deploy at the middle
    /// of the edge heading in, start at speed 6, a Straight first, BS-03's "merges from
    /// the bottom of the deck", the card's first option, fire at the first target,
    /// a Straight next.
    pub fn default_answer(&self, seat: Seat) -> Option<Action> {
        let legal = self.answers(seat);
        let pick = match &self.phase {
            Phase::Deploy { .. } => {
                let inward = if seat == Seat(0) { 0 } else { 180 };
                let mid = (self.width / 2.0).floor() as i32 / 2 * 2;
                legal
                    .iter()
                    .filter(|a| matches!(a, Action::Deploy { heading, .. } if i32::from(*heading) == inward))
                    .min_by_key(|a| match a {
                        Action::Deploy { x, .. } => (i32::from(*x) - mid).abs(),
                        _ => i32::MAX,
                    })
                    .cloned()
            }
            Phase::Ready => legal
                .iter()
                .find(|a| matches!(a, Action::Speed { speed: 6, .. }))
                .cloned(),
            _ => None,
        };
        pick.or_else(|| legal.into_iter().next())
    }

    /// The agents' abstraction of the legal set: deployments every 6" heading in (and
    /// 30° either side) with two wing places; set-up speeds 4, 8 and 12 for the next
    /// element; everything else as listed.
    pub fn search_answers(&self, seat: Seat) -> Vec<Action> {
        let legal = self.answers(seat);
        let inward = if seat == Seat(0) { 0 } else { 180 };
        let keep: Vec<Action> = match &self.phase {
            Phase::Deploy { .. } => legal
                .iter()
                .filter(|a| match a {
                    Action::Deploy {
                        x,
                        heading,
                        wing,
                        y,
                        ..
                    } => {
                        let dh = (i32::from(*heading) - inward).rem_euclid(360);
                        x % 6 == 0
                            && (dh == 0 || dh == 30 || dh == 330)
                            && matches!(
                                wing,
                                None | Some(Wing::BehindLeft) | Some(Wing::AbreastRight)
                            )
                            && self.from_edge(seat, orrery_table::Point::new(0.0, f64::from(*y)))
                                as i32
                                == 3
                    }
                    _ => false,
                })
                .cloned()
                .collect(),
            Phase::Ready => {
                let next = self.unready(seat).first().copied();
                legal
                    .iter()
                    .filter(|a| {
                        matches!(a, Action::Speed { element, speed }
                            if Some(*element) == next && matches!(speed, 4 | 8 | 12))
                    })
                    .cloned()
                    .collect()
            }
            _ => legal.clone(),
        };
        if keep.is_empty() {
            legal.into_iter().take(64).collect()
        } else {
            keep
        }
    }

    /// How good the table looks for `seat`: the score margin (BS-12), the points of
    /// Hull each side keeps, and for every fighter whether an enemy sits in its guns'
    /// arc and range (and it in theirs).
    pub fn evaluation(&self, seat: Seat) -> f64 {
        let mut v = score_margin(&self.score_list(), seat);
        for f in self.fighters.iter().filter(|f| f.flying()) {
            let sign = if f.seat == seat { 1.0 } else { -1.0 };
            let max = f64::from(self.max_hull(f));
            let worth = f64::from(self.points(f));
            v += sign * 0.3 * worth * f64::from(f.hull) / max;
            let guns = &self.design_of(f).weapons;
            let threats = self
                .fighters
                .iter()
                .filter(|t| guns.iter().any(|w| reach(self, f, w, t).is_some()))
                .count();
            v += sign * 1.5 * (threats.min(2) as f64);
            // Heading off the table loses the fighter (BS-12).
            let ahead = f.pos + f.heading.vector() * 6.0;
            if !self.point(ahead) {
                v -= sign * 2.0;
            }
            let _ = Sector::Front;
        }
        v
    }
}
