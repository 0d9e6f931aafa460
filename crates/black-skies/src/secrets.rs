//! The face-down cards: how many of a seat's actions stay secret, determinization
//! for look-ahead agents, and the agents' hooks (default answers, the search
//! abstraction, the evaluation).

use crate::action::{Action, Wing};
use crate::combat::{bearing, shot_in, Band};
use crate::maneuver::{ends_within, fly_end, options, some_end_within, speeds, MAX_SPEED};
use crate::state::{BlackSkies, Fighter, Phase};
use orrery_core::{score_margin, Game, Rng, SearchHints, Seat};
use orrery_table::{Heading, Point, Sector};

impl BlackSkies {
    /// The seat's actions still secret, by action index: the action that put down
    /// each card still face down (BS-02, BS-04 (8)), and each set-up action that gave
    /// an element its speed and deck place while that element's first card is face
    /// down (BS-02 version 2: "nothing of one side's step is shown to the other until
    /// both have committed … the order shows as they flip").
    pub(crate) fn secret_indices(&self, seat: Seat) -> Vec<u32> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out: Vec<u32> = self
            .elements
            .iter()
            .filter(|e| e.seat == seat)
            .flat_map(|e| [e.committed_at.filter(|_| e.card.is_some()), e.readied_at])
            .flatten()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The places of `seat`'s deck not shown yet, redrawn: during set-up every
    /// element of the seat may be in any of them (with a speed drawn 0–12); after it,
    /// the elements whose first card is still face down, shuffled among their places
    /// (the speeds are known). Each place keeps its set-up actions (the speed's and
    /// the first card's index), and this turn's activation order follows the deck.
    fn redraw_deck(&mut self, seat: Seat, rng: &mut Rng) {
        let setup = self.phase == Phase::Ready;
        let deck = self.decks[seat.index()].clone();
        let hidden: Vec<usize> = (0..deck.len())
            .filter(|&i| self.element(deck[i]).readied_at.is_some())
            .collect();
        let mut places: Vec<(Option<u32>, Option<u32>)> = hidden
            .iter()
            .map(|&i| {
                let e = self.element(deck[i]);
                (e.readied_at, e.committed_at)
            })
            .collect();
        places.sort_unstable();
        let mut pool: Vec<u8> = if setup {
            self.elements
                .iter()
                .filter(|e| e.seat == seat)
                .map(|e| e.id)
                .collect()
        } else {
            let mut p: Vec<u8> = hidden.iter().map(|&i| deck[i]).collect();
            p.sort_unstable();
            p
        };
        for &id in &pool {
            let e = &mut self.elements[usize::from(id)];
            e.readied_at = None;
            e.committed_at = None;
            e.card = None;
            if setup {
                e.speed = 0;
            }
        }
        if setup {
            self.decks[seat.index()].clear();
        }
        let mut swapped = Vec::new();
        for (k, &(readied, committed)) in places.iter().enumerate() {
            if pool.is_empty() {
                break;
            }
            let id = pool.remove(rng.index(pool.len()));
            let e = &mut self.elements[usize::from(id)];
            e.readied_at = readied;
            e.committed_at = committed;
            // A placeholder: every face-down card is drawn afresh afterwards.
            e.card = committed.map(|_| 1);
            if setup {
                e.speed = rng.index(usize::from(MAX_SPEED) + 1) as u8;
                self.decks[seat.index()].push(id);
            } else {
                swapped.push((deck[hidden[k]], id));
                self.decks[seat.index()][hidden[k]] = id;
            }
        }
        for slot in &mut self.order {
            if let Some(&(_, new)) = swapped.iter().find(|(old, _)| old == slot) {
                *slot = new;
            }
        }
    }

    /// Distance to the nearest enemy on the table and the cosine of its bearing.
    fn nearest_enemy(&self, f: &Fighter) -> Option<(f64, f64)> {
        self.fighters
            .iter()
            .filter(|t| t.flying() && t.seat != f.seat)
            .map(|t| {
                let v = t.pos - f.pos;
                let d = v.len();
                let aim = if d > 0.0 {
                    f.heading.vector().dot(v) / d
                } else {
                    1.0
                };
                (d, aim)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
    }

    /// What `f` could shoot from `at` heading `h`: for each weapon, the expected
    /// points of Hull it would take off its best target in arc and range (BS-09:
    /// RoF × chance to hit × the mean of the die after shields, less armour), each
    /// Hull point valued at the target's points over its Hull. The values per weapon,
    /// target and band come from `guns` (worked out once per evaluation).
    fn firepower(&self, guns: &Gunnery, f: &Fighter, at: Point, h: Heading) -> f64 {
        let Some(&(base, n)) = guns.shooters.get(usize::from(f.id)) else {
            return 0.0;
        };
        let weapons = &guns.weapons[base..base + n];
        let mut small = [0.0f64; 12];
        let mut large = Vec::new();
        let best: &mut [f64] = if n <= small.len() {
            &mut small[..n]
        } else {
            large.resize(n, 0.0);
            &mut large
        };
        // Target by target (where it stands from `at` worked out once), each
        // weapon's best so far.
        let targets = self.fighters.len();
        for (ti, t) in self.fighters.iter().enumerate() {
            if !t.flying() || t.seat == f.seat {
                continue;
            }
            let (sector, d) = bearing(at, h, t.pos);
            let bit = 1 << sector_index(sector);
            for (wi, (&(arcs, range), best)) in weapons.iter().zip(best.iter_mut()).enumerate() {
                if arcs & bit == 0 {
                    continue;
                }
                let Some(band) = Band::of(d, range) else {
                    continue;
                };
                let value = guns.values[(base + wi) * targets + ti][band as usize];
                *best = best.max(value);
            }
        }
        best.iter().fold(0.0, |total, b| total + b)
    }

    /// [`Gunnery`] for the table as it stands.
    fn gunnery(&self) -> Gunnery {
        let targets = self.fighters.len();
        let slots = self
            .fighters
            .iter()
            .map(|f| self.design_of(f).weapons.len())
            .sum();
        let mut guns = Gunnery {
            shooters: Vec::with_capacity(targets),
            weapons: Vec::with_capacity(slots),
            values: Vec::with_capacity(slots * targets),
        };
        for f in &self.fighters {
            let weapons = &self.design_of(f).weapons;
            let n = weapons
                .len()
                .min(usize::from(crate::combat::weapons_allowed(self, f)));
            guns.shooters.push((guns.weapons.len(), n));
            for w in &weapons[..n] {
                let arcs = w.arcs.iter().fold(0u8, |m, &a| m | 1 << sector_index(a));
                guns.weapons.push((arcs, w.range));
                for t in &self.fighters {
                    let mut v = [0.0; 3];
                    if t.flying() && t.seat != f.seat {
                        let hull_value = f64::from(self.points(t)) / f64::from(self.max_hull(t));
                        for (band, v) in [Band::Close, Band::Medium, Band::Long]
                            .into_iter()
                            .zip(&mut v)
                        {
                            let shot = shot_in(self, w, t, band);
                            let p = f64::from(shot.hit_faces()) / 10.0;
                            let mean = shot.mean_hit_damage().min(f64::from(t.hull));
                            *v = f64::from(w.rof) * p * mean * hull_value;
                        }
                    }
                    guns.values.push(v);
                }
            }
        }
        guns
    }

    /// The best option of `card` for `element` from where it is: each fighter that
    /// would leave the table costs its points, and so (nearly) does one that could
    /// not stay on it the activation after with any card it has; each enemy it would
    /// could shoot is worth its firepower from there (BS-06, BS-09, BS-12).
    fn card_prospect(&self, guns: &Gunnery, element: u8, card: u8, cards: &[u8]) -> f64 {
        let speed = self.element(element).speed;
        options(card)
            .map(|m| {
                let (_, s) = speeds(speed, m);
                self.flying(element)
                    .map(|f| {
                        let (end, h) = fly_end(m, f.pos, f.heading, f64::from(s));
                        let worth = f64::from(self.points(f));
                        if !self.point(end) {
                            -worth
                        } else if !self.can_stay(cards, end, h, s) {
                            -0.8 * worth
                        } else {
                            self.firepower(guns, f, end, h)
                        }
                    })
                    .sum::<f64>()
            })
            .fold(f64::NEG_INFINITY, f64::max)
            .max(-1000.0)
    }

    /// The card answers in `legal` with a sane option for `element`.
    fn sane(&self, element: u8, legal: &[Action]) -> Vec<Action> {
        let cards = self.card_list(element);
        legal
            .iter()
            .filter(|a| {
                matches!(a, Action::Card { card }
                    if options(*card).any(|m| self.option_is_sane(element, m, &cards)))
            })
            .cloned()
            .collect()
    }

    /// Flying `m` keeps every fighter of `element` on the table, and some card can
    /// keep it there the activation after (BS-12).
    pub(crate) fn option_is_sane(
        &self,
        element: u8,
        m: &crate::maneuver::Maneuver,
        cards: &[u8],
    ) -> bool {
        let (_, s) = speeds(self.element(element).speed, m);
        self.flying(element).all(|f| {
            let (end, h) = fly_end(m, f.pos, f.heading, f64::from(s));
            self.point(end) && self.can_stay(cards, end, h, s)
        })
    }

    /// The cards of `element` with an option that keeps every fighter of it on the
    /// table from where they are now (public: positions and speed); all its cards
    /// if none does.
    fn plausible_cards(&self, element: u8) -> Vec<u8> {
        let speed = self.element(element).speed;
        let all = self.cards_of(element);
        let keep: Vec<u8> = all
            .iter()
            .copied()
            .filter(|&c| {
                options(c).any(|m| {
                    let (_, s) = speeds(speed, m);
                    self.flying(element)
                        .all(|f| ends_within(m, f.pos, f.heading, s, self.table()))
                })
            })
            .collect();
        if keep.is_empty() {
            all
        } else {
            keep
        }
    }

    /// Whether some option of `cards` flown from `at` heading `h` at `speed` ends on
    /// the table.
    pub(crate) fn can_stay(&self, cards: &[u8], at: Point, h: Heading, speed: u8) -> bool {
        // Farther than any maneuver flies from every edge: the first option stays.
        if self.deep_inside(at) && cards.first().is_some_and(|&c| options(c).next().is_some()) {
            return true;
        }
        some_end_within(cards, at, h, speed, self.table())
    }

    /// Whether every maneuver from `at` ends on the table (more than
    /// [`crate::maneuver::REACH`] from every edge).
    fn deep_inside(&self, at: Point) -> bool {
        let r = crate::maneuver::REACH;
        at.x >= r && at.x <= self.width - r && at.y >= r && at.y <= self.length - r
    }

    /// The table's width and length.
    fn table(&self) -> (f64, f64) {
        (self.width, self.length)
    }
}

/// What each fighter's guns are worth against each enemy on the table, per range
/// band (close, medium, long): RoF × chance to hit × the mean damage of a hit
/// (capped at the target's Hull) × the target's points per Hull point (BS-09–11).
struct Gunnery {
    /// Per fighter: where its weapons start in `weapons` and how many it may fire.
    shooters: Vec<(usize, usize)>,
    /// Per weapon: its arcs (a bit per [`sector_index`]) and its range.
    weapons: Vec<(u8, u32)>,
    /// Per weapon, target by target (every fighter).
    values: Vec<[f64; 3]>,
}

/// A sector's place in [`Sector::ALL`].
fn sector_index(s: Sector) -> u8 {
    match s {
        Sector::Front => 0,
        Sector::FrontLeft => 1,
        Sector::RearLeft => 2,
        Sector::Rear => 3,
        Sector::RearRight => 4,
        Sector::FrontRight => 5,
    }
}

impl SearchHints for BlackSkies {
    /// What the seat's view shows that changes in play ([`crate::view::knowledge_digest`]).
    fn knowledge_digest(&self, seat: Seat) -> u64 {
        crate::view::knowledge_digest(self, seat)
    }

    /// How good the table looks for `seat`: the score margin (BS-12), the points of
    /// Hull each side keeps, for every fighter the damage its guns could do from where
    /// it is (and the enemy's to it), how close it is to the nearest enemy and how
    /// straight it points at it, whether any card can keep it on the table, and
    /// where `seat`'s own face-down cards will take
    /// its elements (the best option of each: off the table loses the fighters, the
    /// guns it would bring to bear count). Only `seat`'s own
    /// cards are read; in set-up the other side's speeds are read as they stand, so
    /// agents call it on copies determinized for `seat` (as they do).
    fn evaluate(&self, seat: Seat) -> f64 {
        let guns = self.gunnery();
        let mut v = score_margin(&self.scores(), seat);
        for f in self.fighters.iter().filter(|f| f.flying()) {
            let sign = if f.seat == seat { 1.0 } else { -1.0 };
            let max = f64::from(self.max_hull(f));
            let worth = f64::from(self.points(f));
            v += sign * 0.3 * worth * f64::from(f.hull) / max;
            // Guns bear after a move: where it stands now counts for a little.
            v += sign * 0.3 * self.firepower(&guns, f, f.pos, f.heading);
            // Closing on the nearest enemy and pointing at it (guns face front).
            if let Some((d, aim)) = self.nearest_enemy(f) {
                v += sign * (aim - 0.05 * d);
            }
        }
        // Each element's next move: its own card when `seat` knows it, else the best
        // of its cards (the enemy is assumed to pick well).
        for e in self.elements.iter() {
            if self.flying(e.id).next().is_none() {
                continue;
            }
            let known = match self.phase {
                Phase::Maneuver { element } if element == e.id => e.shown,
                _ if e.seat == seat => e.card,
                _ => None,
            };
            let all = self.card_list(e.id);
            let cards = match known {
                Some(ref c) => std::slice::from_ref(c),
                None => &all[..],
            };
            let best = cards
                .iter()
                .map(|&c| self.card_prospect(&guns, e.id, c, &all))
                .fold(f64::NEG_INFINITY, f64::max);
            v += if e.seat == seat { best } else { -best };
        }
        v
    }

    /// The agents' abstraction of the legal set: deployments every 6" heading in (and
    /// 30° either side) with two wing places; set-up speeds 4, 8 and 12 for the next
    /// element not yet in the deck; cards (first ones too) and options with a way to
    /// keep every fighter on the table this activation and the next (all of them if
    /// none has); everything else as listed.
    fn search_actions(&self, seat: Seat) -> Vec<Action> {
        let legal = self.legal_actions(seat);
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
            Phase::Ready => match self.uncarded(seat) {
                Some(element) => self.sane(element, &legal),
                None => {
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
            },
            Phase::Card { element } => self.sane(*element, &legal),
            Phase::Maneuver { element } => {
                let element = *element;
                let card = self.element(element).shown.unwrap_or(1);
                let cards = self.card_list(element);
                legal
                    .iter()
                    .filter(|a| {
                        matches!(a, Action::Maneuver { option }
                            if crate::maneuver::maneuver(card, *option)
                                .is_some_and(|m| self.option_is_sane(element, m, &cards)))
                    })
                    .cloned()
                    .collect()
            }
            // BS-09: firing costs nothing and targets never fire back, so Hold is
            // worth weighing only for a crippled fighter whose weapons differ (holding
            // one keeps the shot for a better one).
            Phase::Fire { fighter, .. } => {
                let f = self.fighter(*fighter);
                let weapons = &self.design_of(f).weapons;
                let choosy = self.crippled(f) && weapons.iter().any(|w| w != &weapons[0]);
                legal
                    .iter()
                    .filter(|a| choosy || !matches!(a, Action::Hold))
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

    /// Uniform over the legal actions, drawn as the default draws (one
    /// `rng.index(n)` over the list, so the same action for the same generator);
    /// deployments are counted on the grid instead of listed (`deploy.rs`).
    fn sample_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        if self.outcome.is_none() && self.phase == (Phase::Deploy { seat }) {
            return crate::deploy::Grid::new(self, seat).and_then(|grid| grid.sample(rng));
        }
        let mut legal = self.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.index(legal.len());
        Some(legal.swap_remove(i))
    }

    /// The opponent model of the searches' look-ahead (`model.rs`): the best target,
    /// the option that stands best, mostly the card whose best option stands best.
    fn playout_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        self.playout_answer(seat, rng)
    }
}

pub(crate) fn unrevealed(g: &BlackSkies, seat: Seat) -> usize {
    g.secret_indices(seat).len()
}

/// Whether the seat's action `back` places before its latest is still secret.
pub(crate) fn is_secret(g: &BlackSkies, seat: Seat, back: usize) -> bool {
    let made = g.actions[seat.index()] as usize;
    if back >= made {
        return false;
    }
    let index = (made - 1 - back) as u32;
    g.secret_indices(seat).contains(&index)
}

/// Did the step from `before` turn a face-down card over (an element activating,
/// or a destroyed element's card discarded, BSO-07)? Then it is final: it showed
/// everybody a card, and in turn 1 a place in a movement deck.
pub(crate) fn revealed_since(g: &BlackSkies, before: &BlackSkies) -> bool {
    g.elements
        .iter()
        .zip(&before.elements)
        .any(|(now, was)| was.card.is_some() && now.card.is_none())
}

/// Replace what `viewer` cannot know with a draw from `rng`, then reseed. Never
/// read what is replaced (the draw starts from a canonical order): the other
/// side's set-up step while it is open (which elements it readied in which order,
/// their speeds and first cards: only how many actions it made is known), the
/// places in its deck that have not shown yet (BS-02 version 2: "the order shows
/// as they flip"), and every face-down card, drawn from those that can keep the
/// element on the table from where it stands (all its cards if none can): nobody
/// plans to fly off. Of those, one time in [`crate::model::BELIEF_NOISE`] any, else
/// the one whose best option stands best against the table as it stands
/// (`model.rs`, public facts only): the other side chose its card, so the
/// search judges ours against sensible cards rather than uniform ones (issue 27).
pub(crate) fn determinize(g: &mut BlackSkies, viewer: Seat, rng: &mut Rng) {
    let other = Seat(1 - viewer.0);
    g.redraw_deck(other, rng);
    for i in 0..g.elements.len() {
        if g.elements[i].seat == other && g.elements[i].card.is_some() {
            let cards = g.plausible_cards(i as u8);
            let card = g.believed_card(i as u8, &cards, rng);
            g.elements[i].card = Some(card);
        }
    }
    let seed = rng.next_u64();
    g.rng.reseed(seed);
}

/// The answer given for a seat that does not answer in time: deploy at the middle
/// of the edge heading in, start at speed 6, a Straight first, BS-03's "merges from
/// the bottom of the deck", the card's first option, fire at the first target,
/// a Straight next.
pub(crate) fn default_action(g: &BlackSkies, seat: Seat) -> Option<Action> {
    let legal = g.legal_actions(seat);
    let pick = match &g.phase {
        Phase::Deploy { .. } => {
            let inward = if seat == Seat(0) { 0 } else { 180 };
            let mid = (g.width / 2.0).floor() as i32 / 2 * 2;
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
            .find(|a| matches!(a, Action::Speed { speed: 6, .. } | Action::Card { card: 1 }))
            .cloned(),
        _ => None,
    };
    pick.or_else(|| legal.into_iter().next())
}
