//! Exact odds (ST-11, ST-13): `orrery odds stgv2 combat …`, `orrery odds stgv2
//! action …` and the odds of a legal attack. Outcomes are counted exactly in `u128`
//! while 6^(dice rolled) fits; beyond, the same distribution is computed in `f64`
//! probabilities (no counts, so no overflow for any pool).

use crate::action::Action;
use crate::combat::die_chart;
use crate::state::{Step, Stgv2};
use crate::words::spendys;
use orrery_core::prob::{odds_table, pow6, Count, Prob, EXACT_DICE};
use orrery_core::Odds;
use orrery_core::{
    counted, Game, OddsArgs, OddsCalculator, OddsCalculators, OddsError, OddsParam, OddsReport,
    Seat,
};
use serde::Serialize;
use serde_json::json;
use std::collections::BTreeMap;

/// Counts of each total of `dice` d6 (index = total), out of 6^dice.
fn sums<T: Count>(dice: u32) -> Vec<T> {
    let mut c = vec![T::from(1)];
    for _ in 0..dice {
        let mut n = vec![T::default(); c.len() + 6];
        for (t, &k) in c.iter().enumerate() {
            for f in 1..=6 {
                n[t + f] = n[t + f] + k;
            }
        }
        c = n;
    }
    c
}

/// Counts of the best of `rolls` rolls of `dice` d6, out of 6^(dice·rolls)
/// (ST-11: roll again, keep the best).
fn best_of<T: Count>(dice: u32, rolls: u32) -> Vec<T> {
    let c = sums::<T>(dice);
    let pow = |x: T| (0..rolls).fold(T::from(1), |acc, _| acc * x);
    let mut cum = T::default();
    let mut prev = T::default();
    let mut out = Vec::with_capacity(c.len());
    for &k in &c {
        cum = cum + k;
        let now = pow(cum);
        out.push(now - prev);
        prev = now;
    }
    out
}

/// The hits of one volley (ST-11), 0…5, as counts over the denominator.
fn volley<T: Count>(a: u32, d: u32, r: u32, s: u32) -> ([T; 6], T) {
    let (pa, pd) = (best_of::<T>(a, r), best_of::<T>(d, s));
    let mut h = [T::default(); 6];
    for (x, &ka) in pa.iter().enumerate() {
        for (y, &kd) in pd.iter().enumerate() {
            let diff = (x as u32).saturating_sub(y as u32);
            let i = die_chart(diff) as usize;
            h[i] = h[i] + ka * kd;
        }
    }
    (h, pow6::<T>(a * r) * pow6::<T>(d * s))
}

/// Chances of each total of `dice` d6 (index = total): each die spreads the
/// chances over six totals, a sixth each, as a running window of six (no counts,
/// so nothing overflows however many dice).
fn sums_p(dice: u32) -> Vec<f64> {
    let mut c = vec![1.0];
    for _ in 0..dice {
        let mut n = vec![0.0; c.len() + 6];
        let mut window = 0.0;
        for (t, slot) in n.iter_mut().enumerate().skip(1) {
            window += c.get(t - 1).copied().unwrap_or(0.0);
            if t >= 7 {
                window -= c.get(t - 7).copied().unwrap_or(0.0);
            }
            *slot = window / 6.0;
        }
        c = n;
    }
    c
}

/// The chance the best of `rolls` rolls of `dice` d6 is at most each total
/// (ST-11: "roll again, keep the best"): the chance that one roll is at most it,
/// to the power of the rolls.
fn best_of_cdf(dice: u32, rolls: u32) -> Vec<f64> {
    let mut cum = 0.0;
    sums_p(dice)
        .into_iter()
        .map(|p| {
            cum += p;
            cum.min(1.0).powi(i32::try_from(rolls).unwrap_or(i32::MAX))
        })
        .collect()
}

/// [`volley`] in probabilities (ST-11: "hits = Die Chart(difference); a tie or less
/// is no damage"): for each best defence total y, the chance the best attack total
/// falls in each Die Chart band above y. For more than [`EXACT_DICE`] dice, whose
/// 6^dice outcomes overflow `u128` (and `f64` past about 396 dice).
fn volley_p(a: u32, d: u32, r: u32, s: u32) -> [f64; 6] {
    let fa = best_of_cdf(a, r);
    let fd = best_of_cdf(d, s);
    let at_most = |t: usize| fa.get(t).copied().unwrap_or(1.0);
    // Attack totals y + lo ..= y + hi give each hit count: the Die Chart's bands
    // of differences, read off `die_chart` (the last, "> 19", open-ended).
    let mut bands = [(usize::MAX, 0usize); 5];
    for diff in 1..=64 {
        let b = &mut bands[die_chart(diff as u32) as usize - 1];
        *b = (b.0.min(diff), diff);
    }
    bands[4].1 = usize::MAX;
    let mut h = [0.0; 6];
    let mut below = 0.0;
    for (y, &cdf) in fd.iter().enumerate() {
        let py = (cdf - below).max(0.0);
        below = cdf;
        if py == 0.0 {
            continue;
        }
        // A tie or less: no damage.
        h[0] += py * at_most(y);
        for (k, &(lo, hi)) in bands.iter().enumerate() {
            let top = if hi == usize::MAX {
                1.0
            } else {
                at_most(y + hi)
            };
            h[k + 1] += py * (top - at_most(y + lo - 1)).max(0.0);
        }
    }
    h
}

/// The hits of one volley: `a` attack dice rolled `r` times against `d` defence
/// dice rolled `s` times, best totals compared, Die Chart of the difference (ST-11).
/// Exact fractions while `a·r + d·s` ≤ [`EXACT_DICE`]; beyond, the same
/// distribution computed in floating point, for any number of dice.
pub fn volley_odds(a: u32, d: u32, r: u32, s: u32) -> [Prob; 6] {
    if u64::from(a) * u64::from(r) + u64::from(d) * u64::from(s) <= u64::from(EXACT_DICE) {
        let (h, t) = volley::<u128>(a, d, r, s);
        h.map(|k| k.prob(t))
    } else {
        volley_p(a, d, r, s).map(|p| p.prob(1.0))
    }
}

/// Counts of Die Chart(player 2D6 − bank 2D6) cards, 0…3, out of 1,296 (ST-13).
fn attempt_counts() -> [u128; 4] {
    let (p, b) = (sums::<u128>(2), sums::<u128>(2));
    let mut out = [0u128; 4];
    for (x, &kp) in p.iter().enumerate() {
        for (y, &kb) in b.iter().enumerate() {
            let c = die_chart((x as u32).saturating_sub(y as u32)) as usize;
            out[c] += kp * kb;
        }
    }
    out
}

/// Cards drawn by `attempts` Action attempts (ST-13), total 0…3·attempts.
pub fn cards_odds(attempts: u32) -> (Vec<Prob>, Vec<Prob>) {
    let one = attempt_counts();
    let mut total = vec![1u128];
    for _ in 0..attempts {
        let mut n = vec![0u128; total.len() + 3];
        for (t, &k) in total.iter().enumerate() {
            for (c, &kc) in one.iter().enumerate() {
                n[t + c] += k * kc;
            }
        }
        total = n;
    }
    let den = 1296u128.pow(attempts);
    (
        one.iter().map(|&k| k.prob(1296)).collect(),
        total.iter().map(|&k| k.prob(den)).collect(),
    )
}

fn keyed(p: &[Prob]) -> BTreeMap<String, Prob> {
    p.iter()
        .enumerate()
        .map(|(i, &p)| (i.to_string(), p))
        .collect()
}

pub fn calculators() -> OddsCalculators {
    OddsCalculators {
        about: "STGv2: a combat volley (ST-11) and Action attempts (ST-13)".into(),
        list: vec![
            OddsCalculator {
                name: "combat".into(),
                about: "One volley: each side rolls its pool once per cell and keeps its best total; hits = Die Chart of the difference (a tie or less: 0)".into(),
                params: vec![
                    OddsParam::integer("attack-dice", "Attack dice: Σ Weapons of the group (×2 beside its own station)", 0, 200, None),
                    OddsParam::integer("defense-dice", "Defence dice: Σ Shields of the target's group (×2 beside its own station)", 0, 200, None),
                    OddsParam::integer("attack-rolls", "Rolls of the attack pool: cells in ATTACK, the free one included", 1, 10, Some(1)),
                    OddsParam::integer("defense-rolls", "Rolls of the defence pool: cells in DEFEND, the free one included", 1, 10, Some(1)),
                ],
            },
            OddsCalculator {
                name: "action".into(),
                about: "Outpost or revenue cards drawn: per attempt 2D6 against the bank's 2D6, a higher total draws Die Chart(difference) cards".into(),
                params: vec![OddsParam::integer(
                    "rolls",
                    "Attempts (cells in ACTION), each with its own 2D6 roll-off",
                    1,
                    3,
                    Some(1),
                )],
            },
        ],
    }
}

#[derive(Serialize)]
struct CombatOdds {
    attack_dice: u32,
    defense_dice: u32,
    attack_rolls: u32,
    defense_rolls: u32,
    hits: BTreeMap<String, Prob>,
}

fn combat(a: u32, d: u32, r: u32, s: u32) -> CombatOdds {
    CombatOdds {
        attack_dice: a,
        defense_dice: d,
        attack_rolls: r,
        defense_rolls: s,
        hits: keyed(&volley_odds(a, d, r, s)),
    }
}

fn hits_table(title: &str, o: &CombatOdds) -> String {
    odds_table(
        title,
        (0..6).map(|h| (counted(h, "hit", "hits"), o.hits[&h.to_string()])),
    )
}

pub fn calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
    let all = calculators();
    let (c, a) = all.checked(Stgv2::INFO.id, name, args)?;
    match c.name.as_str() {
        "combat" => {
            let o = combat(
                a.integer("attack-dice")?,
                a.integer("defense-dice")?,
                a.integer("attack-rolls")?,
                a.integer("defense-rolls")?,
            );
            let title = format!(
                "Hits: {} ×{} vs {} ×{}",
                counted(o.attack_dice as usize, "attack die", "attack dice"),
                counted(o.attack_rolls as usize, "roll", "rolls"),
                counted(o.defense_dice as usize, "defence die", "defence dice"),
                counted(o.defense_rolls as usize, "roll", "rolls"),
            );
            let text = hits_table(&title, &o);
            Ok(OddsReport::new(&json!({ "hits": o.hits }), text))
        }
        _ => {
            let n: u32 = a.integer("rolls")?;
            let (one, total) = cards_odds(n);
            let expected: f64 = one.iter().enumerate().map(|(i, p)| i as f64 * p.p).sum();
            let claim = claim_odds();
            let mut text = odds_table(
                "Cards drawn by one attempt",
                one.iter()
                    .enumerate()
                    .map(|(i, &p)| (counted(i, "card", "cards"), p)),
            );
            text += &odds_table(
                &format!(
                    "Cards drawn by {}",
                    counted(n as usize, "attempt", "attempts")
                ),
                total
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (counted(i, "card", "cards"), p)),
            );
            text += &format!(
                "One Construct attempt builds (full Outpost deck, 10 Claim / 10 Dry): {:.4}%\n\
                 One Collect attempt yields on average (full Revenue deck, 2,400 a card): {} Spendys\n",
                100.0 * claim.p,
                spendys((expected * 2400.0).round() as u32)
            );
            Ok(OddsReport::new(
                &json!({
                    "per_attempt": keyed(&one),
                    "cards": keyed(&total),
                    "expected_cards": expected * f64::from(n),
                    "construct_claims": claim,
                }),
                text,
            ))
        }
    }
}

/// One Construct attempt's chance to draw a Claim from a full 10/10 Outpost deck.
fn claim_odds() -> Prob {
    let one = attempt_counts();
    // P(no Claim in k cards) = C(10,k)/C(20,k): k=1 1/2, k=2 90/380, k=3 720/6840.
    let no_claim = [(1u128, 1u128), (1, 2), (90, 380), (720, 6840)];
    let den: u128 = 1296 * 6840;
    let num: u128 = (1..4)
        .map(|k| one[k] * (no_claim[k].1 - no_claim[k].0) * (6840 / no_claim[k].1))
        .sum();
    num.prob(den)
}

impl Odds for Stgv2 {
    fn odds_calculators() -> Option<OddsCalculators> {
        Some(calculators())
    }

    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        calculate(name, args)
    }

    /// The odds of a legal attack: the attack, the return fire and the chance each
    /// principal is destroyed (ST-11, ST-12).
    fn action_odds(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        let &Action::Attack { ship, target } = action else {
            return None;
        };
        if !matches!(self.step, Step::Main { .. }) || self.check(seat, action).is_err() {
            return None;
        }
        let (a, b) = self.battle_pools(ship, target);
        let attack = combat(
            a.attack_dice,
            a.defense_dice,
            a.attack_rolls,
            a.defense_rolls,
        );
        let back = (b.attack_dice > 0).then(|| {
            combat(
                b.attack_dice,
                b.defense_dice,
                b.attack_rolls,
                b.defense_rolls,
            )
        });
        let destroyed = |o: &CombatOdds, n: u32| -> f64 {
            (1..6)
                .filter(|&h| h >= n)
                .fold(0.0, |acc, h| acc + o.hits[&h.to_string()].p)
        };
        let target_destroyed = destroyed(&attack, self.ship(target).assets.count().max(1));
        let attacker_destroyed = back
            .as_ref()
            .map_or(0.0, |o| destroyed(o, self.ship(ship).assets.count().max(1)));
        Some(json!({
            "attack": attack,
            "return_fire": back,
            "target_destroyed": target_destroyed,
            "attacker_destroyed": attacker_destroyed,
        }))
    }

    /// [`Odds::action_odds`] as one line.
    fn action_odds_text(&self, seat: Seat, action: &Action) -> Option<String> {
        let v = self.action_odds(seat, action)?;
        let hit = 1.0 - v["attack"]["hits"]["0"].as_f64().unwrap_or(1.0);
        let back = v["return_fire"]["hits"]["0"]
            .as_f64()
            .map_or(0.0, |p| 1.0 - p);
        Some(format!(
            "hits {:.1}%, destroys {:.1}%; return fire hits {:.1}%, destroys yours {:.1}%",
            100.0 * hit,
            100.0 * v["target_destroyed"].as_f64().unwrap_or(0.0),
            100.0 * back,
            100.0 * v["attacker_destroyed"].as_f64().unwrap_or(0.0),
        ))
    }

    /// `follow`: every position the ship could end at with the set
    /// (`{"reachable": [pos…]}`); `card`: the path (`{"path", "to", "blocked"}`).
    fn preview_action(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        if self.check(seat, action).is_err() {
            return None;
        }
        match action {
            Action::Follow { set, ship } => Some(serde_json::json!({
                "reachable": self.reachable(*set, *ship, 0),
            })),
            Action::Card { dirs } => {
                let p = self.current_plays().into_iter().find(|p| &p.dirs == dirs)?;
                Some(serde_json::json!({
                    "path": p.path,
                    "to": p.path.last(),
                    "blocked": p.blocked,
                }))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn st11_one_die_against_nothing() {
        // 1 die vs 0 dice: faces 1–4 → 1 hit, 5–6 → 2 hits.
        let o = volley_odds(1, 0, 1, 1);
        assert_eq!(o[1].exact, Some((2, 3)));
        assert_eq!(o[2].exact, Some((1, 3)));
        assert_eq!(o[0].exact, Some((0, 1)));
    }

    #[test]
    fn st11_one_die_each_ties_are_no_damage() {
        // 1 vs 1: the attacker wins 15/36 (differences 1–4 → 1 hit, 5 → 2 hits).
        let o = volley_odds(1, 1, 1, 1);
        assert_eq!(o[0].exact, Some((21, 36).reduce()));
        assert_eq!(o[2].exact, Some((1, 36)));
        assert_eq!(o[1].exact, Some((14, 36).reduce()));
    }

    #[test]
    fn st11_rerolls_keep_the_best() {
        // 1 die rolled twice against nothing: best face 5+ with 1 − (4/6)² = 20/36.
        let o = volley_odds(1, 0, 2, 1);
        assert_eq!(o[2].exact, Some((20, 36).reduce()));
        let total: f64 = volley_odds(30, 25, 3, 2).iter().map(|p| p.p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn st11_the_floating_point_path_is_the_exact_distribution() {
        // Where both apply, the probabilities agree with the counted fractions.
        for (a, d, r, s) in [
            (1, 0, 1, 1),
            (1, 1, 1, 1),
            (3, 2, 2, 1),
            (6, 4, 3, 2),
            (0, 5, 1, 2),
        ] {
            let (h, t) = volley::<u128>(a, d, r, s);
            let p = volley_p(a, d, r, s);
            for k in 0..6 {
                let exact = h[k].prob(t).p;
                assert!((p[k] - exact).abs() < 1e-12, "{a} {d} {r} {s}: {k} hits");
            }
        }
    }

    #[test]
    fn st13_attempt_cards() {
        let (one, two) = cards_odds(2);
        // Player and bank tie 146/1296; the player wins (1 − 146/1296)/2.
        assert_eq!(one[0].exact, Some((146 + 575, 1296).reduce()));
        let sum: f64 = two.iter().map(|p| p.p).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        // A difference of 10 (12 vs 2) is the only way to 3 cards: 1/1296.
        assert_eq!(one[3].exact, Some((1, 1296)));
    }

    trait Reduce {
        fn reduce(self) -> (u128, u128);
    }
    impl Reduce for (u128, u128) {
        fn reduce(self) -> (u128, u128) {
            let mut g = (self.0, self.1);
            while g.1 != 0 {
                g = (g.1, g.0 % g.1);
            }
            (self.0 / g.0, self.1 / g.0)
        }
    }
}
