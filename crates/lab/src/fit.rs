//! Logistic regression by Newton's method (iteratively reweighted least squares),
//! with standard errors from the inverse Fisher information.
//!
//! Model: `P(y = 1 | x) = σ(x·β)` with `σ(t) = 1 / (1 + e^(−t))`. Responses may be
//! fractional (a draw counts ½): the same score equations then give the
//! quasi-likelihood estimate, with the binomial variance.

// Dense matrix code: index loops read like the formulas.
#![allow(clippy::needless_range_loop)]

use thiserror::Error;

/// Why a fit failed.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FitError {
    #[error("no observations to fit")]
    Empty,
    #[error("observation {row} has {got} covariates, expected {expected}")]
    Ragged {
        row: usize,
        got: usize,
        expected: usize,
    },
    #[error("response {row} is {y}, not in [0, 1]")]
    BadResponse { row: usize, y: f64 },
    #[error(
        "the Fisher information is singular: some covariate is constant or a combination \
         of others (not identified by these data)"
    )]
    Singular,
}

/// A fitted logistic model.
#[derive(Clone, Debug, PartialEq)]
pub struct LogisticFit {
    pub coefficients: Vec<f64>,
    /// `(XᵀWX)⁻¹` at the estimate: the asymptotic covariance of the coefficients.
    pub covariance: Vec<Vec<f64>>,
    pub iterations: usize,
    /// Whether the Newton steps settled (largest step below the tolerance).
    pub converged: bool,
    /// The log-likelihood at the estimate.
    pub log_likelihood: f64,
}

impl LogisticFit {
    /// Standard error of each coefficient.
    pub fn std_errors(&self) -> Vec<f64> {
        (0..self.coefficients.len())
            .map(|i| self.covariance[i][i].max(0.0).sqrt())
            .collect()
    }
}

fn sigmoid(t: f64) -> f64 {
    if t >= 0.0 {
        1.0 / (1.0 + (-t).exp())
    } else {
        let e = t.exp();
        e / (1.0 + e)
    }
}

/// Invert a symmetric positive-definite matrix by Cholesky factorisation; `None`
/// when it is not (numerically) positive definite.
pub fn invert_spd(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let scale = (0..n)
        .map(|i| a[i][i].abs())
        .fold(0.0, f64::max)
        .max(1e-300);
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let mut s = a[i][j];
            for k in 0..j {
                s -= l[i][k] * l[j][k];
            }
            if i == j {
                if s <= 1e-12 * scale {
                    return None;
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    // L⁻¹ (lower triangular), then A⁻¹ = L⁻ᵀ L⁻¹.
    let mut li = vec![vec![0.0; n]; n];
    for i in 0..n {
        li[i][i] = 1.0 / l[i][i];
        for j in 0..i {
            let mut s = 0.0;
            for k in j..i {
                s -= l[i][k] * li[k][j];
            }
            li[i][j] = s / l[i][i];
        }
    }
    let mut inv = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let s: f64 = (i..n).map(|k| li[k][i] * li[k][j]).sum();
            inv[i][j] = s;
            inv[j][i] = s;
        }
    }
    Some(inv)
}

/// Fit `y ~ σ(x·β)` (no intercept unless `x` carries a constant column). Stops when
/// the largest Newton step is below 1e-9 or after 100 iterations.
///
/// With (quasi-)separated data the estimate runs off to infinity; the fit then
/// stops at the iteration cap with `converged = false` and huge standard errors.
pub fn logistic(x: &[Vec<f64>], y: &[f64]) -> Result<LogisticFit, FitError> {
    let m = x.len();
    if m == 0 || y.len() != m {
        return Err(FitError::Empty);
    }
    let k = x[0].len();
    for (row, xi) in x.iter().enumerate() {
        if xi.len() != k {
            return Err(FitError::Ragged {
                row,
                got: xi.len(),
                expected: k,
            });
        }
    }
    for (row, &yi) in y.iter().enumerate() {
        if !(0.0..=1.0).contains(&yi) {
            return Err(FitError::BadResponse { row, y: yi });
        }
    }
    let mut beta = vec![0.0; k];
    let mut converged = false;
    let mut iterations = 0;
    let mut cov: Vec<Vec<f64>>;
    let mut last = beta.clone();
    let mut last_cov: Vec<Vec<f64>> = Vec::new();
    loop {
        iterations += 1;
        // Score Xᵀ(y − μ) and information XᵀWX, W = μ(1 − μ).
        let mut score = vec![0.0; k];
        let mut info = vec![vec![0.0; k]; k];
        for (xi, &yi) in x.iter().zip(y) {
            let eta: f64 = xi.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let mu = sigmoid(eta);
            let w = (mu * (1.0 - mu)).max(1e-12);
            for a in 0..k {
                score[a] += xi[a] * (yi - mu);
                for b in 0..=a {
                    info[a][b] += w * xi[a] * xi[b];
                }
            }
        }
        for a in 0..k {
            for b in 0..a {
                info[b][a] = info[a][b];
            }
        }
        cov = match invert_spd(&info) {
            Some(c) => c,
            // The first information matrix is XᵀX/4: singular means not identified.
            None if iterations == 1 => return Err(FitError::Singular),
            // Later, the weights of (quasi-)separated data have collapsed: stop at the
            // last estimate, not converged.
            None => {
                beta = last.clone();
                cov = last_cov.clone();
                break;
            }
        };
        last_cov = cov.clone();
        last = beta.clone();
        let step: Vec<f64> = (0..k)
            .map(|a| (0..k).map(|b| cov[a][b] * score[b]).sum())
            .collect();
        let largest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        if !largest.is_finite() {
            break;
        }
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s;
        }
        if largest < 1e-9 {
            converged = true;
            break;
        }
        if iterations >= 100 {
            break;
        }
    }
    // The covariance at the final estimate.
    let mut info = vec![vec![0.0; k]; k];
    let mut log_likelihood = 0.0;
    for (xi, &yi) in x.iter().zip(y) {
        let eta: f64 = xi.iter().zip(&beta).map(|(a, b)| a * b).sum();
        let mu = sigmoid(eta);
        let w = (mu * (1.0 - mu)).max(1e-12);
        log_likelihood += yi * mu.max(1e-300).ln() + (1.0 - yi) * (1.0 - mu).max(1e-300).ln();
        for a in 0..k {
            for b in 0..k {
                info[a][b] += w * xi[a] * xi[b];
            }
        }
    }
    if let Some(c) = invert_spd(&info) {
        cov = c;
    }
    Ok(LogisticFit {
        coefficients: beta,
        covariance: cov,
        iterations,
        converged,
        log_likelihood,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::Rng;

    #[test]
    fn inverse_of_spd() {
        let a = vec![vec![4.0, 2.0], vec![2.0, 3.0]];
        let inv = invert_spd(&a).unwrap();
        // det 8: [[3, −2], [−2, 4]] / 8.
        assert!((inv[0][0] - 0.375).abs() < 1e-12);
        assert!((inv[0][1] + 0.25).abs() < 1e-12);
        assert!((inv[1][1] - 0.5).abs() < 1e-12);
        assert!(invert_spd(&[vec![1.0, 1.0], vec![1.0, 1.0]]).is_none());
    }

    #[test]
    fn recovers_known_coefficients() {
        // Unit-count differences in −3..=3 for three covariates plus a seat term.
        let truth = [0.3, 0.8, -0.5, 0.15];
        let mut rng = Rng::seed_from(7);
        let mut x = Vec::new();
        let mut y = Vec::new();
        for _ in 0..20_000 {
            let mut row: Vec<f64> = (0..3).map(|_| rng.index(7) as f64 - 3.0).collect();
            row.push(1.0);
            let eta: f64 = row.iter().zip(&truth).map(|(a, b)| a * b).sum();
            let p = sigmoid(eta);
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            y.push(if u < p { 1.0 } else { 0.0 });
            x.push(row);
        }
        let fit = logistic(&x, &y).unwrap();
        assert!(fit.converged);
        let se = fit.std_errors();
        for i in 0..4 {
            let err = (fit.coefficients[i] - truth[i]).abs();
            assert!(
                err < 4.0 * se[i],
                "β{i} = {} ± {}",
                fit.coefficients[i],
                se[i]
            );
            assert!(se[i] < 0.05, "se {i} = {}", se[i]);
        }
    }

    #[test]
    fn singular_design_is_an_error() {
        let x = vec![vec![1.0, 2.0], vec![2.0, 4.0], vec![-1.0, -2.0]];
        let y = vec![1.0, 0.0, 1.0];
        assert_eq!(logistic(&x, &y), Err(FitError::Singular));
        assert_eq!(logistic(&[], &[]), Err(FitError::Empty));
        assert!(matches!(
            logistic(&[vec![1.0]], &[2.0]),
            Err(FitError::BadResponse { .. })
        ));
    }
}
