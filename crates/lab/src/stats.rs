//! Small statistics: proportions with Wilson intervals, summaries of samples.

use serde::Serialize;

/// The two-sided 95 % normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z`
/// (95 %: [`Z95`]). `(0, 1)` when there are no trials.
///
/// Unlike the normal ("Wald") interval it stays inside [0, 1] and keeps its
/// coverage for proportions near 0 or 1 and for small samples.
pub fn wilson(successes: f64, trials: f64, z: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / trials;
    let z2 = z * z;
    let denom = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denom;
    let half = z / denom * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt();
    // Exact at the ends (no rounding residue at 0 or 1).
    let lo = if successes <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// A proportion with its 95 % Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proportion {
    pub successes: f64,
    pub trials: f64,
    /// `successes / trials` (0 with no trials).
    pub rate: f64,
    /// 95 % Wilson interval `[low, high]`.
    pub ci95: [f64; 2],
}

impl Proportion {
    pub fn new(successes: f64, trials: f64) -> Self {
        let rate = if trials > 0.0 {
            successes / trials
        } else {
            0.0
        };
        let (lo, hi) = wilson(successes, trials, Z95);
        Proportion {
            successes,
            trials,
            rate,
            ci95: [lo, hi],
        }
    }
}

/// Mean, spread and order statistics of a sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub count: usize,
    pub mean: f64,
    /// Sample standard deviation (0 for fewer than two values).
    pub sd: f64,
    pub min: f64,
    pub median: f64,
    pub max: f64,
}

impl Summary {
    pub fn of(values: &[f64]) -> Self {
        let count = values.len();
        if count == 0 {
            return Summary {
                count,
                mean: 0.0,
                sd: 0.0,
                min: 0.0,
                median: 0.0,
                max: 0.0,
            };
        }
        let mean = values.iter().sum::<f64>() / count as f64;
        let sd = if count > 1 {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (count - 1) as f64).sqrt()
        } else {
            0.0
        };
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = if count % 2 == 1 {
            sorted[count / 2]
        } else {
            (sorted[count / 2 - 1] + sorted[count / 2]) / 2.0
        };
        Summary {
            count,
            mean,
            sd,
            min: sorted[0],
            median,
            max: sorted[count - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn wilson_known_values() {
        // 8 of 10: the textbook value (0.4902, 0.9433).
        let (lo, hi) = wilson(8.0, 10.0, Z95);
        assert!(close(lo, 0.4902, 1e-4), "{lo}");
        assert!(close(hi, 0.9433, 1e-4), "{hi}");
        // 50 of 100: (0.4038, 0.5962).
        let (lo, hi) = wilson(50.0, 100.0, Z95);
        assert!(close(lo, 0.4038, 1e-4), "{lo}");
        assert!(close(hi, 0.5962, 1e-4), "{hi}");
        // 0 of 10: lower bound 0, upper z²/(n+z²) = 0.2775.
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.2775, 1e-4), "{hi}");
        // 10 of 10: symmetric.
        let (lo, hi) = wilson(10.0, 10.0, Z95);
        assert!(close(lo, 0.7225, 1e-4), "{lo}");
        assert!(close(hi, 1.0, 1e-12));
        // No trials: know nothing.
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn summary_of_sample() {
        let s = Summary::of(&[3.0, 1.0, 2.0, 10.0]);
        assert_eq!(s.count, 4);
        assert!(close(s.mean, 4.0, 1e-12));
        assert!(close(s.median, 2.5, 1e-12));
        assert_eq!((s.min, s.max), (1.0, 10.0));
        assert!(close(s.sd, (50.0f64 / 3.0).sqrt(), 1e-12));
        assert_eq!(Summary::of(&[]).count, 0);
    }
}
