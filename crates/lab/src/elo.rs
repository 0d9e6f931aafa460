//! Elo ratings and the sequential probability ratio test, as chess engines are
//! tested (cutechess-cli, BayesElo, fishtest; issue 27).
//!
//! - A result between two agents is a score in {0, ½, 1} (loss, draw, win). The
//!   logistic Elo model says an agent `d` Elo above its opponent scores
//!   `1 / (1 + 10^(−d/400))` on average.
//! - [`Tally`]: wins, draws and losses of one pairing.
//! - [`Scores`]: observed scores (games, or rounds of games with the seats swapped,
//!   as fishtest counts game pairs), their mean as an Elo difference with a 95 %
//!   interval from their variance.
//! - [`fit_ratings`]: every agent's rating from all games at once, a Bradley–Terry
//!   fit (logistic regression on `rating(a) − rating(b)`, draws as half a win) with
//!   one virtual draw per pairing as a prior, so that a pairing won 100 % still has
//!   a finite rating (BayesElo does the same with its prior draws).
//! - [`Sprt`]: Wald's test of H0 "Elo = elo0" against H1 "Elo = elo1" on the
//!   generalised log-likelihood ratio fishtest uses (its normal approximation, on
//!   [`Scores`]).

use crate::fit::{logistic, FitError};
use crate::stats::Z95;
use serde::Serialize;

/// Elo points per unit of natural log-odds: `400 / ln 10`.
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Scores nearer 0 or 1 than this are clamped before they are turned into Elo
/// (±1200 Elo): a pairing won every time has no finite logistic difference.
pub const SCORE_CLAMP: f64 = 1e-3;

/// The expected score of an agent `elo` points above its opponent.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference whose expected score is `score` (clamped by [`SCORE_CLAMP`]).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Wins, draws and losses of one agent against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Count one result (1 win, ½ draw, 0 loss; anything between counts as a draw).
    pub fn add(&mut self, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean score, draws counting ½ (½ with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }
}

/// Observed scores in [0, 1]: games, or the mean scores of rounds (a round plays one
/// seed once per seat, so its games are not independent; fishtest counts game pairs
/// for the same reason).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scores {
    n: u32,
    sum: f64,
    sum_sq: f64,
}

impl Scores {
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Observations so far.
    pub fn count(&self) -> u32 {
        self.n
    }

    /// Mean score (½ with none).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.5
        } else {
            self.sum / f64::from(self.n)
        }
    }

    /// The variance of one observation, estimated with one virtual 1 and one virtual
    /// 0 added: never 0 (a sweep, or all draws, would otherwise claim certainty),
    /// and their weight vanishes as observations accumulate.
    pub fn padded_variance(&self) -> f64 {
        let n = f64::from(self.n) + 2.0;
        let m = (self.sum + 1.0) / n;
        ((self.sum_sq + 1.0) / n - m * m).max(0.0)
    }

    /// The Elo difference of the mean score and its 95 % interval `[low, high]`
    /// (the mean's normal interval, from [`Scores::padded_variance`], mapped
    /// through [`elo_of_score`]).
    pub fn elo(&self) -> (f64, [f64; 2]) {
        let m = self.mean();
        let half = if self.n > 0 {
            Z95 * (self.padded_variance() / f64::from(self.n)).sqrt()
        } else {
            0.5
        };
        (
            elo_of_score(m),
            [elo_of_score(m - half), elo_of_score(m + half)],
        )
    }
}

/// One game for [`fit_ratings`]: agents `a` and `b` (indices) and `a`'s score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairwise {
    pub a: usize,
    pub b: usize,
    pub score: f64,
}

/// A fitted rating: Elo relative to the anchor, with its standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Fitted {
    pub elo: f64,
    /// Standard error in Elo (0 for the anchor, whose rating is fixed).
    pub std_error: f64,
}

/// Bradley–Terry ratings of `agents` agents from `games`, the `anchor` fixed at 0 Elo;
/// the prior adds one virtual draw to every pairing that played. Agents that never
/// met the anchor, even through others, are not identified
/// ([`FitError::Singular`]).
pub fn fit_ratings(
    agents: usize,
    games: &[Pairwise],
    anchor: usize,
) -> Result<Vec<Fitted>, FitError> {
    if agents == 0 || anchor >= agents {
        return Err(FitError::Empty);
    }
    // Column of each agent: the anchor has none (its rating is 0).
    let column = |i: usize| match i.cmp(&anchor) {
        std::cmp::Ordering::Less => Some(i),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(i - 1),
    };
    let k = agents - 1;
    if k == 0 {
        return Ok(vec![Fitted {
            elo: 0.0,
            std_error: 0.0,
        }]);
    }
    let mut met = std::collections::BTreeSet::new();
    let mut x = Vec::with_capacity(games.len() + 8);
    let mut y = Vec::with_capacity(games.len() + 8);
    let mut row = |a: usize, b: usize, score: f64| {
        let mut r = vec![0.0; k];
        if let Some(c) = column(a) {
            r[c] += 1.0;
        }
        if let Some(c) = column(b) {
            r[c] -= 1.0;
        }
        x.push(r);
        y.push(score);
    };
    for g in games {
        if g.a >= agents || g.b >= agents || g.a == g.b {
            continue;
        }
        row(g.a, g.b, g.score.clamp(0.0, 1.0));
        met.insert((g.a.min(g.b), g.a.max(g.b)));
    }
    for &(a, b) in &met {
        row(a, b, 0.5);
    }
    let fit = logistic(&x, &y)?;
    let se = fit.std_errors();
    Ok((0..agents)
        .map(|i| match column(i) {
            None => Fitted {
                elo: 0.0,
                std_error: 0.0,
            },
            Some(c) => Fitted {
                elo: fit.coefficients[c] * ELO_PER_NAT,
                std_error: se[c] * ELO_PER_NAT,
            },
        })
        .collect())
}

/// Wald's sequential probability ratio test of H0 "the candidate is `elo0` Elo
/// stronger" against H1 "`elo1` stronger", with false-positive rate `alpha` and
/// false-negative rate `beta` (fishtest's defaults: 0.05 each).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtVerdict {
    /// H1 accepted: the candidate is better by about `elo1`.
    Accepted,
    /// H0 accepted (H1 rejected): it is not better by `elo1`.
    Rejected,
    /// Neither bound was reached within the games played.
    Inconclusive,
}

impl Sprt {
    /// `(lower, upper)`: `ln(β / (1 − α))` and `ln((1 − β) / α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalised log-likelihood ratio of the observations (fishtest's normal
    /// approximation): `N (s1 − s0) (2 m − s0 − s1) / (2 v)`, with `N` observations
    /// of mean `m` and variance `v` ([`Scores::padded_variance`], so that the first
    /// results cannot end the test by themselves) and `s0`, `s1` the expected scores
    /// of the hypotheses.
    pub fn llr(&self, t: &Scores) -> f64 {
        let n = f64::from(t.count());
        if n == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let v = t.padded_variance().max(1e-9);
        n * (s1 - s0) * (2.0 * t.mean() - s0 - s1) / (2.0 * v)
    }

    /// The verdict after the observations `t`: a bound crossed, or not yet.
    pub fn verdict(&self, t: &Scores) -> SprtVerdict {
        let (lo, hi) = self.bounds();
        let llr = self.llr(t);
        if llr >= hi {
            SprtVerdict::Accepted
        } else if llr <= lo {
            SprtVerdict::Rejected
        } else {
            SprtVerdict::Inconclusive
        }
    }

    /// Check the parameters: `elo0 < elo1`, `alpha` and `beta` in (0, ½).
    pub fn check(&self) -> Result<(), String> {
        if self.elo0.partial_cmp(&self.elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!(
                "SPRT: elo0 ({}) must be below elo1 ({})",
                self.elo0, self.elo1
            ));
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("SPRT: {name} must be between 0 and 0.5, not {v}"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::Rng;

    fn sprt() -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// Results of a candidate that wins with `p_win` and draws with `p_draw`, until
    /// the test decides (or `max` games).
    fn run(p_win: f64, p_draw: f64, rng: &mut Rng, max: u32) -> (SprtVerdict, u32) {
        let s = sprt();
        let mut t = Scores::default();
        while t.count() < max {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            t.add(if u < p_win {
                1.0
            } else if u < p_win + p_draw {
                0.5
            } else {
                0.0
            });
            match s.verdict(&t) {
                SprtVerdict::Inconclusive => {}
                v => return (v, t.count()),
            }
        }
        (SprtVerdict::Inconclusive, t.count())
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for e in [-400.0, -100.0, 0.0, 35.0, 191.0, 800.0] {
            assert!((elo_of_score(score_of_elo(e)) - e).abs() < 1e-9, "{e}");
        }
        assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!(elo_of_score(1.0).is_finite() && elo_of_score(0.0) < -1000.0);
    }

    #[test]
    fn scores_give_cutechess_style_elo() {
        // 60 wins, 20 draws, 20 losses: score 0.7, +147 Elo.
        let mut t = Scores::default();
        for (x, k) in [(1.0, 60), (0.5, 20), (0.0, 20)] {
            for _ in 0..k {
                t.add(x);
            }
        }
        let (elo, [lo, hi]) = t.elo();
        assert!((t.mean() - 0.7).abs() < 1e-12);
        assert!((elo - 147.2).abs() < 0.1, "{elo}");
        assert!(lo < elo && elo < hi && lo > 60.0 && hi < 260.0, "{lo} {hi}");
        // A sweep or all draws still have an interval of some width.
        let mut sweep = Scores::default();
        let mut draws = Scores::default();
        for _ in 0..10 {
            sweep.add(1.0);
            draws.add(0.5);
        }
        let (_, [lo, hi]) = sweep.elo();
        assert!(lo < 400.0 && hi > lo, "{lo} {hi}");
        let (e, [lo, hi]) = draws.elo();
        assert!(e == 0.0 && lo < -50.0 && hi > 50.0, "{lo} {hi}");
    }

    #[test]
    fn ratings_recover_a_known_gap() {
        // Three agents 0 < 1 < 2, 200 Elo apart, results drawn from the model.
        let truth = [0.0, 200.0, 400.0];
        let mut rng = Rng::seed_from(11);
        let mut games = Vec::new();
        for (a, b) in [(0, 1), (1, 2), (0, 2)] {
            let p: f64 = score_of_elo(truth[a] - truth[b]);
            for _ in 0..2000 {
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let score = if u < p { 1.0 } else { 0.0 };
                games.push(Pairwise { a, b, score });
            }
        }
        let r = fit_ratings(3, &games, 0).unwrap();
        assert_eq!(r[0].elo, 0.0);
        for i in 1..3 {
            assert!(
                (r[i].elo - truth[i]).abs() < 3.0 * r[i].std_error + 5.0,
                "{i}: {:?}",
                r[i]
            );
            assert!(r[i].std_error > 1.0 && r[i].std_error < 30.0);
        }
    }

    #[test]
    fn a_clean_sweep_still_has_a_finite_rating() {
        let games = vec![
            Pairwise {
                a: 1,
                b: 0,
                score: 1.0
            };
            100
        ];
        let r = fit_ratings(2, &games, 0).unwrap();
        assert!(r[1].elo > 500.0 && r[1].elo.is_finite(), "{:?}", r[1]);
    }

    /// How often the test accepts H1 over 400 runs of a candidate winning `p_win`
    /// and drawing `p_draw` (every run must decide).
    fn acceptances(p_win: f64, p_draw: f64, rng: &mut Rng) -> u32 {
        let mut accepted = 0;
        for _ in 0..400 {
            match run(p_win, p_draw, rng, 100_000).0 {
                SprtVerdict::Accepted => accepted += 1,
                SprtVerdict::Rejected => {}
                SprtVerdict::Inconclusive => panic!("no verdict in 100,000 games"),
            }
        }
        accepted
    }

    #[test]
    fn sprt_keeps_its_error_rates() {
        let mut rng = Rng::seed_from(2027);
        // With 30 % draws, a candidate winning w has score w + 0.15.
        // Exactly elo0 = 0 (score 0.5): accepted at most about α = 5 % of the time
        // (binomial spread over 400 runs: 20 ± 9).
        let at_h0 = acceptances(0.35, 0.30, &mut rng);
        assert!(at_h0 <= 32, "false positives {at_h0} of 400");
        // Exactly elo1 = 50 (score 0.5715): rejected at most about β = 5 %.
        let at_h1 = acceptances(0.4215, 0.30, &mut rng);
        assert!(at_h1 >= 368, "false negatives {} of 400", 400 - at_h1);
        // Far beyond either: +100 Elo nearly always accepted, −50 nearly never.
        assert!(acceptances(0.49, 0.30, &mut rng) >= 395);
        assert!(acceptances(0.2785, 0.30, &mut rng) <= 3);
    }

    #[test]
    fn sprt_checks_its_parameters() {
        assert!(sprt().check().is_ok());
        let mut s = sprt();
        s.elo1 = -10.0;
        assert!(s.check().unwrap_err().contains("elo0"));
        s = sprt();
        s.alpha = 0.0;
        assert!(s.check().unwrap_err().contains("alpha"));
    }
}
