//! Fitting the value model to self-play results with `candle` (AdamW on the binary
//! cross-entropy between the model's logit and each position's result).

use crate::{Positions, TrainConfig, TrainError};
use candle_core::{DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use orrery_agents::model::{Dense, ModelHeader, ValueModel};
use orrery_core::{digest, Rng};

/// What a fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct FitStats {
    pub trained_on: usize,
    pub held_out: usize,
    /// Held-out loss before and after.
    pub loss_before: f64,
    pub loss: f64,
}

/// The model's layers as trainable variables.
struct Net {
    layers: Vec<(Var, Var)>,
}

impl Net {
    /// From `start` (the previous generation's model, if its shape is `sizes`), else
    /// He-initialised from `rng` (with `zero_out`, the output layer at zero: a residual
    /// network that starts as the evaluation it corrects).
    fn new(
        sizes: &[usize],
        start: Option<&ValueModel>,
        zero_out: bool,
        rng: &mut Rng,
    ) -> Result<Net, TrainError> {
        let dev = Device::Cpu;
        let fits = start.is_some_and(|m| m.header.layers == sizes);
        let mut layers = Vec::new();
        for (k, w) in sizes.windows(2).enumerate() {
            let (inputs, outputs) = (w[0], w[1]);
            let (weights, biases) = match start.filter(|_| fits) {
                Some(m) => (m.layers[k].weights.clone(), m.layers[k].biases.clone()),
                None => {
                    let last = k + 2 == sizes.len();
                    let scale = if zero_out && last {
                        0.0
                    } else {
                        (2.0 / inputs as f64).sqrt()
                    };
                    let weights = (0..inputs * outputs)
                        .map(|_| (normal(rng) * scale) as f32)
                        .collect();
                    (weights, vec![0.0; outputs])
                }
            };
            let w = Var::from_tensor(&Tensor::from_vec(weights, (outputs, inputs), &dev)?)?;
            let b = Var::from_tensor(&Tensor::from_vec(biases, outputs, &dev)?)?;
            layers.push((w, b));
        }
        Ok(Net { layers })
    }

    /// Logits of a batch (`n × inputs`), as `n`.
    fn forward(&self, x: &Tensor) -> Result<Tensor, TrainError> {
        let mut h = x.clone();
        let last = self.layers.len() - 1;
        for (k, (w, b)) in self.layers.iter().enumerate() {
            h = h
                .matmul(&w.as_tensor().t()?)?
                .broadcast_add(b.as_tensor())?;
            if k < last {
                h = h.relu()?;
            }
        }
        Ok(h.squeeze(1)?)
    }

    fn vars(&self) -> Vec<Var> {
        self.layers
            .iter()
            .flat_map(|(w, b)| [w.clone(), b.clone()])
            .collect()
    }

    fn to_model(&self, header: ModelHeader) -> Result<ValueModel, TrainError> {
        let mut layers = Vec::new();
        for (w, b) in &self.layers {
            let (outputs, inputs) = w.as_tensor().dims2()?;
            layers.push(Dense {
                inputs,
                outputs,
                weights: w.as_tensor().flatten_all()?.to_vec1::<f32>()?,
                biases: b.as_tensor().to_vec1::<f32>()?,
            });
        }
        Ok(ValueModel::new(header, layers)?)
    }
}

/// A standard normal draw (Box–Muller) from `rng`.
fn normal(rng: &mut Rng) -> f64 {
    let u = |rng: &mut Rng| ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let (a, b) = (u(rng), u(rng));
    (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
}

/// The positions `ids` of `data` as tensors (observations, results, and for a
/// `residual` network the evaluation logits it corrects, else 0).
fn batch(
    data: &[&Positions],
    ids: &[(usize, usize)],
    residual: bool,
) -> Result<(Tensor, Tensor, Tensor), TrainError> {
    let width = data.first().map_or(0, |p| p.width);
    let mut x = Vec::with_capacity(ids.len() * width);
    let mut y = Vec::with_capacity(ids.len());
    let mut b = Vec::with_capacity(ids.len());
    for &(d, i) in ids {
        x.extend_from_slice(data[d].observation(i));
        y.push(data[d].results[i]);
        b.push(if residual { data[d].base(i) } else { 0.0 });
    }
    let dev = Device::Cpu;
    Ok((
        Tensor::from_vec(x, (ids.len(), width), &dev)?,
        Tensor::from_vec(y, ids.len(), &dev)?,
        Tensor::from_vec(b, ids.len(), &dev)?,
    ))
}

/// Mean binary cross-entropy of logits `z` against results `y`, in the stable form
/// `max(z, 0) − z·y + ln(1 + e^−|z|)`. (`candle_nn`'s version takes the log of the
/// sigmoid, which is 0 or 1 in `f32` once a logit passes about ±17: the loss is then
/// infinite and its gradient not a number, and one such batch spoilt a whole
/// generation's model.)
fn logistic_loss(z: &Tensor, y: &Tensor) -> Result<Tensor, candle_core::Error> {
    let soft = z.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
    (z.relu()? - (z * y)?)?.add(&soft)?.mean_all()
}

/// Mean binary cross-entropy of `net` on `ids`.
fn loss_on(
    net: &Net,
    data: &[&Positions],
    ids: &[(usize, usize)],
    residual: bool,
) -> Result<f64, TrainError> {
    if ids.is_empty() {
        return Ok(f64::NAN);
    }
    let mut total = 0.0;
    for chunk in ids.chunks(4096) {
        let (x, y, b) = batch(data, chunk, residual)?;
        let l = logistic_loss(&(net.forward(&x)? + b)?, &y)?;
        total += f64::from(l.to_dtype(DType::F32)?.to_scalar::<f32>()?) * chunk.len() as f64;
    }
    Ok(total / ids.len() as f64)
}

/// Fit a model to `window` (the newest generations' positions, oldest first) from
/// `start` (the previous model), for `cfg.epochs` passes of AdamW: generation
/// `generation` of the run. One game in ten of the newest generation is held out
/// for the loss reported before and after. `epoch(k, loss)` after each pass.
pub fn fit(
    start: Option<&ValueModel>,
    window: &[Positions],
    cfg: &TrainConfig,
    generation: usize,
    header: ModelHeader,
    epoch: &dyn Fn(usize, f64),
) -> Result<(ValueModel, FitStats), TrainError> {
    let data: Vec<&Positions> = window.iter().filter(|p| !p.is_empty()).collect();
    if data.is_empty() {
        return Err(TrainError::Config(
            "self-play kept no position to learn from".into(),
        ));
    }
    if data.iter().any(|p| p.width != header.observation) {
        return Err(TrainError::Config(format!(
            "positions of width {} for a model of {} inputs",
            data[0].width, header.observation
        )));
    }
    if header.residual && data.iter().any(|p| p.bases.len() != p.len()) {
        return Err(TrainError::Config(
            "a residual model needs each position's evaluation logit: these positions \
             were played without --residual"
                .into(),
        ));
    }
    let mut rng = Rng::seed_from(digest(&(cfg.seed, "fit", generation as u64)));
    // Hold out every tenth position block of the newest generation (positions of one
    // game are neighbours, so blocks of 64 keep most of a game on one side).
    let newest = data.len() - 1;
    let mut train = Vec::new();
    let mut held = Vec::new();
    for (d, p) in data.iter().enumerate() {
        for i in 0..p.len() {
            if d == newest && (i / 64) % 10 == 9 {
                held.push((d, i));
            } else {
                train.push((d, i));
            }
        }
    }
    if held.is_empty() {
        held = train.clone();
    }
    let net = Net::new(&header.layers, start, header.residual, &mut rng)?;
    let loss_before = loss_on(&net, &data, &held, header.residual)?;
    let mut opt = AdamW::new(
        net.vars(),
        ParamsAdamW {
            lr: cfg.learning_rate,
            weight_decay: 1e-4,
            ..ParamsAdamW::default()
        },
    )?;
    for k in 0..cfg.epochs {
        // Fisher–Yates with the run's generator.
        for i in (1..train.len()).rev() {
            train.swap(i, rng.index(i + 1));
        }
        let mut total = 0.0;
        for chunk in train.chunks(cfg.batch) {
            let (x, y, b) = batch(&data, chunk, header.residual)?;
            let loss = logistic_loss(&(net.forward(&x)? + b)?, &y)?;
            opt.backward_step(&loss)?;
            total += f64::from(loss.to_scalar::<f32>()?) * chunk.len() as f64;
        }
        epoch(k + 1, total / train.len().max(1) as f64);
    }
    let loss = loss_on(&net, &data, &held, header.residual)?;
    if !loss.is_finite() {
        return Err(TrainError::Config(format!(
            "generation {generation}'s fit diverged (its loss is {loss}); start a new run \
             (another run directory) with a learning rate below {}",
            cfg.learning_rate
        )));
    }
    let model = net.to_model(header)?;
    Ok((
        model,
        FitStats {
            trained_on: train.len(),
            held_out: held.len(),
            loss_before,
            loss,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loss(z: &[f32], y: &[f32]) -> f32 {
        let dev = Device::Cpu;
        let z = Tensor::from_vec(z.to_vec(), z.len(), &dev).unwrap();
        let y = Tensor::from_vec(y.to_vec(), y.len(), &dev).unwrap();
        logistic_loss(&z, &y).unwrap().to_scalar::<f32>().unwrap()
    }

    /// The loss is binary cross-entropy: −y ln σ(z) − (1 − y) ln(1 − σ(z)).
    #[test]
    fn the_loss_is_cross_entropy_on_ordinary_logits() {
        let s = |z: f32| 1.0 / (1.0 + (-z).exp());
        for (z, y) in [(0.0, 1.0), (1.5, 0.0), (-2.0, 1.0), (0.3, 0.5)] {
            let want = -y * s(z).ln() - (1.0 - y) * (1.0 - s(z)).ln();
            assert!((loss(&[z], &[y]) - want).abs() < 1e-5, "z {z} y {y}");
        }
    }

    /// A confident wrong logit costs about its size, and its gradient is a number: a
    /// fit from a model that says 60 where the result was 0 stays finite (it was
    /// `inf`/NaN with the log of the sigmoid).
    #[test]
    fn a_confident_wrong_logit_is_a_finite_loss_with_a_finite_gradient() {
        let l = loss(&[60.0, -60.0], &[0.0, 1.0]);
        assert!((l - 60.0).abs() < 1e-3, "{l}");
        let dev = Device::Cpu;
        let z =
            Var::from_tensor(&Tensor::from_vec(vec![60.0f32, -60.0], 2, &dev).unwrap()).unwrap();
        let y = Tensor::from_vec(vec![0.0f32, 1.0], 2, &dev).unwrap();
        let grads = logistic_loss(z.as_tensor(), &y)
            .unwrap()
            .backward()
            .unwrap();
        let g = grads.get(z.as_tensor()).unwrap().to_vec1::<f32>().unwrap();
        assert!(g.iter().all(|v| v.is_finite()), "{g:?}");
        assert!(
            (g[0] - 0.5).abs() < 1e-4 && (g[1] + 0.5).abs() < 1e-4,
            "{g:?}"
        );
    }
}
