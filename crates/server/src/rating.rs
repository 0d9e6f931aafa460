//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), one game at a
//! time, as lichess rates: a rating `r`, a deviation `rd` (how sure the rating is)
//! and a volatility `sigma` per player and rating category. A game of more than two
//! players counts as a game against each other player, scored by the order they
//! finished in (ahead 1, level ½, behind 0), all in one update.

/// The rating every player starts at.
pub const START_RATING: f64 = 1500.0;
/// The deviation a new player starts at, and the most it may grow to.
pub const START_RD: f64 = 350.0;
/// The least deviation (a rating never becomes certain).
pub const MIN_RD: f64 = 30.0;
/// The volatility a new player starts at.
pub const START_SIGMA: f64 = 0.06;
/// Past this deviation a rating is provisional (shown with "?", as lichess does).
pub const PROVISIONAL_RD: f64 = 110.0;
/// Glicko-2's system constant τ: how fast the volatility may change (Glickman
/// suggests 0.3 to 1.2; lichess uses 0.75).
pub const TAU: f64 = 0.75;
/// The scale between Glicko and Glicko-2 (173.7178 = 400 / ln 10).
const SCALE: f64 = 173.7178;
/// The volatility iteration's tolerance.
const EPSILON: f64 = 0.000_001;

/// One player's rating in one category.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub r: f64,
    pub rd: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            r: START_RATING,
            rd: START_RD,
            sigma: START_SIGMA,
        }
    }
}

impl Rating {
    /// Too uncertain to be shown without a "?".
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// `player`'s rating after games against `results`: each an opponent's rating (as it
/// was before) and the score (1 win, ½ draw, 0 loss). No games: the deviation grows
/// as for a rating period without play.
pub fn update(player: Rating, results: &[(Rating, f64)]) -> Rating {
    update_with(player, results, TAU)
}

/// [`update`] with the system constant `tau`.
fn update_with(player: Rating, results: &[(Rating, f64)], tau: f64) -> Rating {
    let mu = (player.r - START_RATING) / SCALE;
    let phi = player.rd / SCALE;
    let sigma = player.sigma;
    if results.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            rd: (phi_star * SCALE).clamp(MIN_RD, START_RD),
            ..player
        };
    }
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (opp, s) in results {
        let mu_j = (opp.r - START_RATING) / SCALE;
        let phi_j = opp.rd / SCALE;
        let e = expected(mu, mu_j, phi_j);
        let gj = g(phi_j);
        v_inv += gj * gj * e * (1.0 - e);
        sum += gj * (s - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma_new = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating {
        r: mu_new * SCALE + START_RATING,
        rd: (phi_new * SCALE).clamp(MIN_RD, START_RD),
        sigma: sigma_new,
    }
}

/// Everyone's new rating after one game: `players[i]` finished with `rank[i]`
/// (0 first; equal ranks are level). Each player is scored against each other.
pub fn after_game(players: &[Rating], rank: &[usize]) -> Vec<Rating> {
    (0..players.len())
        .map(|i| {
            let results: Vec<(Rating, f64)> = (0..players.len())
                .filter(|&j| j != i)
                .map(|j| {
                    let s = match rank[i].cmp(&rank[j]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    (players[j], s)
                })
                .collect();
            update(players[i], &results)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Glickman's worked example (τ = 0.5 there): 1500/200/0.06 against 1400/30 (won),
    /// 1550/100 (lost), 1700/300 (lost) → 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Rating {
            r: 1500.0,
            rd: 200.0,
            sigma: 0.06,
        };
        let opp = |r, rd| Rating { r, rd, sigma: 0.06 };
        let after = update_with(
            player,
            &[
                (opp(1400.0, 30.0), 1.0),
                (opp(1550.0, 100.0), 0.0),
                (opp(1700.0, 300.0), 0.0),
            ],
            0.5,
        );
        assert!(near(after.r, 1464.06, 0.05), "{after:?}");
        assert!(near(after.rd, 151.52, 0.05), "{after:?}");
        assert!(near(after.sigma, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_draw_between_equals_moves_neither() {
        let [w, l] = after_game(&[Rating::default(), Rating::default()], &[0, 1])[..] else {
            panic!()
        };
        assert!(w.r > START_RATING && l.r < START_RATING);
        assert!(
            near(w.r - START_RATING, START_RATING - l.r, 1e-9),
            "symmetric"
        );
        assert!(w.rd < START_RD && w.provisional());
        let d = after_game(&[Rating::default(), Rating::default()], &[0, 0]);
        assert!(near(d[0].r, START_RATING, 1e-9) && near(d[1].r, START_RATING, 1e-9));
    }

    #[test]
    fn three_players_are_scored_by_the_order_they_finished_in() {
        let after = after_game(&[Rating::default(); 3], &[1, 0, 2]);
        assert!(
            after[1].r > after[0].r && after[0].r > after[2].r,
            "{after:?}"
        );
        assert!(
            near(after[0].r, START_RATING, 1e-9),
            "beat one, lost to one"
        );
    }

    #[test]
    fn many_games_make_a_rating_sure_but_never_certain() {
        let mut me = Rating::default();
        for i in 0..500 {
            me = update(
                me,
                &[(Rating::default(), if i % 2 == 0 { 1.0 } else { 0.0 })],
            );
        }
        assert!(!me.provisional() && me.rd >= MIN_RD, "{me:?}");
        assert!(me.r.is_finite() && me.sigma.is_finite());
    }
}
