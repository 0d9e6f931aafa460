//! A learned evaluation (issue 38): a small multilayer perceptron over a seat's
//! observation ([`orrery_core::learn::observation`], written from the seat's view
//! alone, so it can know nothing hidden) that estimates the seat's chance to win. It
//! is sized for the search (as Stockfish's NNUE is): one wide input layer, a few narrow
//! hidden ones, a few microseconds per evaluation on one core, and evaluated here in
//! plain Rust. `orrery train` (crate `orrery-train`) learns it from self-play with a
//! tensor library and writes it in this file format.
//!
//! **File format** (version [`FORMAT`], or [`FORMAT_RESIDUAL`] for a model that
//! corrects the evaluation, which a build that knows only format 1 must not read as a
//! plain value): the 8 bytes `ORRERYNN`, a little-endian `u32`
//! with the length of a JSON header ([`ModelHeader`]: the ruleset, the scenario, the
//! observation length and action space it was trained for, the layer sizes, how it was
//! made), the header, then every layer's weights (row by row, `outputs × inputs`) and
//! biases as little-endian `f32`s.

use orrery_core::{Game, Learning, SearchHints, Seat};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use thiserror::Error;

/// The format of a plain value model; this build reads and writes it and
/// [`FORMAT_RESIDUAL`].
pub const FORMAT: u32 = 1;

/// The format of a residual model ([`ModelHeader::residual`]); this build reads both.
pub const FORMAT_RESIDUAL: u32 = 2;

/// The format a model with this `residual` flag is written in.
pub fn format_for(residual: bool) -> u32 {
    if residual {
        FORMAT_RESIDUAL
    } else {
        FORMAT
    }
}

const MAGIC: &[u8; 8] = b"ORRERYNN";

/// Largest header accepted (a file with a longer one is not a model).
const MAX_HEADER: usize = 1 << 20;

/// Why a weights file cannot be used.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ModelError {
    #[error("{file}: cannot read the weights file: {why}")]
    Read { file: String, why: String },
    #[error("{file}: not an Orrery weights file (it does not start with ORRERYNN)")]
    NotAModel { file: String },
    #[error(
        "{file}: weights file format {found}, but this build reads formats {FORMAT} and \
         {FORMAT_RESIDUAL}; train \
         it again with this build's `orrery train`"
    )]
    Format { file: String, found: u32 },
    #[error("{file}: the header is unreadable: {why}")]
    Header { file: String, why: String },
    #[error("{file}: {why}")]
    Shape { file: String, why: String },
    #[error(
        "{file}: trained for `{model}`, not `{game}`; use a model trained on this ruleset \
         (`orrery train {game}`)"
    )]
    WrongRuleset {
        file: String,
        model: String,
        game: String,
    },
    #[error(
        "{file}: trained on observations of {model} numbers (scenario `{scenario}`), but \
         this game's have {game}: it was trained on another scenario's shape; train one on \
         this scenario"
    )]
    WrongObservation {
        file: String,
        scenario: String,
        model: usize,
        game: usize,
    },
}

/// What a weights file says about itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelHeader {
    /// [`FORMAT`], or [`FORMAT_RESIDUAL`] for a residual model ([`format_for`]).
    pub format: u32,
    /// The ruleset id.
    pub ruleset: String,
    /// The scenario trained on (its observation shape is what must match).
    pub scenario: String,
    /// The observation length ([`orrery_core::learn::observation`]).
    pub observation: usize,
    /// The game's action space when trained ([`Learning::action_space`]; for reference).
    pub action_space: usize,
    /// Layer sizes, input first, the single value output last.
    pub layers: Vec<usize>,
    /// The model's share of a leaf's reward in the search it was trained with
    /// (`MctsConfig::model_weight`); the learned agent searches with it too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_weight: Option<f64>,
    /// The network learned a correction to the ruleset's own evaluation: its output is
    /// added to the logit of the seat's reward by [`SearchHints::evaluate`] on the
    /// material scale ([`residual_base`]), so that an untrained network is the
    /// evaluation itself (`orrery train --residual`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub residual: bool,
    /// How it was made: the command, seed, commit, generation, positions… (free form,
    /// written by `orrery train`).
    #[serde(default)]
    pub provenance: serde_json::Value,
}

/// One dense layer: `outputs × inputs` weights, row by row, and `outputs` biases.
#[derive(Clone, Debug, PartialEq)]
pub struct Dense {
    pub inputs: usize,
    pub outputs: usize,
    pub weights: Vec<f32>,
    pub biases: Vec<f32>,
}

/// A learned value: the chance (0..1) that the seat whose observation it reads wins
/// (a draw or shared win counting one half).
#[derive(Clone, Debug, PartialEq)]
pub struct ValueModel {
    pub header: ModelHeader,
    pub layers: Vec<Dense>,
}

impl ValueModel {
    /// A model with the given header and layers; the layer sizes must chain from the
    /// header's observation length to one output.
    pub fn new(header: ModelHeader, layers: Vec<Dense>) -> Result<Self, ModelError> {
        let m = ValueModel { header, layers };
        m.check("the model")?;
        Ok(m)
    }

    fn check(&self, file: &str) -> Result<(), ModelError> {
        let shape = |why: String| ModelError::Shape {
            file: file.to_string(),
            why,
        };
        let sizes: Vec<usize> = std::iter::once(self.header.observation)
            .chain(self.layers.iter().map(|l| l.outputs))
            .collect();
        if sizes != self.header.layers {
            return Err(shape(format!(
                "the header gives layers {:?}, the weights {:?}",
                self.header.layers, sizes
            )));
        }
        if self.layers.is_empty() || sizes.last() != Some(&1) {
            return Err(shape("a value model ends in one output".into()));
        }
        if sizes.contains(&0) {
            return Err(shape(format!("a layer of size 0 in {sizes:?}")));
        }
        let mut inputs = self.header.observation;
        for (i, l) in self.layers.iter().enumerate() {
            if l.inputs != inputs
                || l.weights.len() != l.inputs * l.outputs
                || l.biases.len() != l.outputs
            {
                return Err(shape(format!("layer {i} does not fit the one before it")));
            }
            if l.weights.iter().chain(&l.biases).any(|w| !w.is_finite()) {
                return Err(shape(format!(
                    "layer {i} holds a weight that is not a number"
                )));
            }
            inputs = l.outputs;
        }
        Ok(())
    }

    /// A model of `game`'s shape with small random weights from `seed` and no
    /// training: what the conformance suite searches with, so that the learned leaf
    /// (the observation read, the network run) is checked as a channel in every
    /// ruleset whether or not one ships a trained model. Refused (as [`ValueModel::new`]
    /// refuses) for a game that observes nothing.
    pub fn untrained<G: Game + SearchHints + Learning>(
        game: &G,
        scenario: &str,
        hidden: &[usize],
        seed: u64,
    ) -> Result<Self, ModelError> {
        let observation = orrery_core::learn::observation(game, Seat(0)).len();
        let sizes: Vec<usize> = std::iter::once(observation)
            .chain(hidden.iter().copied().filter(|&h| h > 0))
            .chain([1])
            .collect();
        let mut rng = orrery_core::Rng::seed_from(seed);
        // Uniform in ±1/√inputs (the usual scale of an initialisation).
        let mut draw = |inputs: usize| {
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            ((unit * 2.0 - 1.0) / (inputs.max(1) as f64).sqrt()) as f32
        };
        let layers = sizes
            .windows(2)
            .map(|w| Dense {
                inputs: w[0],
                outputs: w[1],
                weights: (0..w[0] * w[1]).map(|_| draw(w[0])).collect(),
                biases: (0..w[1]).map(|_| draw(w[0])).collect(),
            })
            .collect();
        ValueModel::new(
            ModelHeader {
                format: FORMAT,
                ruleset: G::INFO.id.to_string(),
                scenario: scenario.to_string(),
                observation,
                action_space: game.action_space(),
                layers: sizes,
                value_weight: None,
                residual: false,
                provenance: serde_json::json!({ "untrained": true, "seed": seed }),
            },
            layers,
        )
    }

    /// Read a weights file's bytes (`file` names it in errors).
    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<Self, ModelError> {
        let f = || file.to_string();
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(ModelError::NotAModel { file: f() });
        }
        let n = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
        if n > MAX_HEADER || bytes.len() < 12 + n {
            return Err(ModelError::Header {
                file: f(),
                why: format!("a header of {n} bytes in a file of {}", bytes.len()),
            });
        }
        let header: ModelHeader =
            serde_json::from_slice(&bytes[12..12 + n]).map_err(|e| ModelError::Header {
                file: f(),
                why: e.to_string(),
            })?;
        if header.format != FORMAT && header.format != FORMAT_RESIDUAL {
            return Err(ModelError::Format {
                file: f(),
                found: header.format,
            });
        }
        if header.format != format_for(header.residual) {
            return Err(ModelError::Header {
                file: f(),
                why: format!(
                    "format {} but `residual` is {}: format {FORMAT_RESIDUAL} is a residual \
                     model's, format {FORMAT} a plain one's",
                    header.format, header.residual
                ),
            });
        }
        let body = &bytes[12 + n..];
        let mut floats = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut layers = Vec::new();
        for w in header.layers.windows(2) {
            let (inputs, outputs) = (w[0], w[1]);
            let count = inputs
                .checked_mul(outputs)
                .filter(|&n| n > 0 && n <= body.len() / 4)
                .ok_or_else(|| ModelError::Shape {
                    file: f(),
                    why: format!("a layer of {inputs} × {outputs} weights does not fit the file"),
                })?;
            let weights: Vec<f32> = floats.by_ref().take(count).collect();
            let biases: Vec<f32> = floats.by_ref().take(outputs).collect();
            if weights.len() != inputs * outputs || biases.len() != outputs {
                return Err(ModelError::Shape {
                    file: f(),
                    why: "the file ends before its weights do".into(),
                });
            }
            layers.push(Dense {
                inputs,
                outputs,
                weights,
                biases,
            });
        }
        if !body.len().is_multiple_of(4) || floats.next().is_some() {
            return Err(ModelError::Shape {
                file: f(),
                why: "bytes after the last weight".into(),
            });
        }
        let m = ValueModel { header, layers };
        m.check(file)?;
        Ok(m)
    }

    /// Read a weights file.
    pub fn read(path: &std::path::Path) -> Result<Self, ModelError> {
        let file = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| ModelError::Read {
            file: file.clone(),
            why: e.to_string(),
        })?;
        Self::from_bytes(&bytes, &file)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = serde_json::to_vec(&self.header).unwrap_or_default();
        let mut out = Vec::with_capacity(12 + header.len() + 4 * self.parameters());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
        out.extend_from_slice(&header);
        for l in &self.layers {
            for w in l.weights.iter().chain(&l.biases) {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out
    }

    /// Number of weights and biases.
    pub fn parameters(&self) -> usize {
        self.layers
            .iter()
            .map(|l| l.weights.len() + l.biases.len())
            .sum()
    }

    /// May this model judge `game`? The same ruleset and observation length.
    pub fn fits<G: Game + SearchHints + Learning>(
        &self,
        game: &G,
        file: &str,
    ) -> Result<(), ModelError> {
        if self.header.ruleset != G::INFO.id {
            return Err(ModelError::WrongRuleset {
                file: file.to_string(),
                model: self.header.ruleset.clone(),
                game: G::INFO.id.to_string(),
            });
        }
        let n = orrery_core::learn::observation(game, Seat(0)).len();
        if n != self.header.observation {
            return Err(ModelError::WrongObservation {
                file: file.to_string(),
                scenario: self.header.scenario.clone(),
                model: self.header.observation,
                game: n,
            });
        }
        Ok(())
    }

    /// The value's logit for an observation (the last layer's output).
    pub fn logit(&self, observation: &[f32]) -> f32 {
        let mut input: Vec<f32> = observation.to_vec();
        let mut next = Vec::new();
        let last = self.layers.len().saturating_sub(1);
        for (i, l) in self.layers.iter().enumerate() {
            next.clear();
            next.extend(
                l.weights
                    .chunks_exact(l.inputs)
                    .zip(&l.biases)
                    .map(|(row, b)| {
                        let s = b + dot(row, &input);
                        if i < last {
                            s.max(0.0)
                        } else {
                            s
                        }
                    }),
            );
            std::mem::swap(&mut input, &mut next);
        }
        input.first().copied().unwrap_or(0.0)
    }

    /// The chance to win (0..1) of the seat whose observation this is.
    pub fn value(&self, observation: &[f32]) -> f32 {
        sigmoid(self.logit(observation))
    }

    /// What the model is, for an answer that quotes it (`estimate`): its ruleset,
    /// scenario, layer sizes, parameter count and how it was made.
    pub fn about(&self) -> serde_json::Value {
        serde_json::json!({
            "ruleset": self.header.ruleset,
            "scenario": self.header.scenario,
            "layers": self.header.layers,
            "parameters": self.parameters(),
            "provenance": self.header.provenance,
        })
    }

    /// `seat`'s chance to win in `game`, read from its view only (a residual model's
    /// evaluation is read on a copy determinized for `seat`: [`residual_base`]).
    pub fn value_of<G: Game + SearchHints + Learning>(&self, game: &G, seat: Seat) -> f32 {
        let base = self.header.residual.then(|| residual_base(game, seat));
        self.value_over(game, seat, base)
    }

    /// [`ValueModel::value_of`] for a game that is already a copy determinized for the
    /// seat that searches (a search's leaf): a residual model reads the evaluation of
    /// every seat on it as it is, as the search's own evaluation does.
    pub fn value_in_copy<G: Game + SearchHints + Learning>(&self, game: &G, seat: Seat) -> f32 {
        let base = self.header.residual.then(|| base_logit(game, seat));
        self.value_over(game, seat, base)
    }

    /// The chance read from `seat`'s observation, the network's logit added to `base`
    /// (a residual model's evaluation logit).
    fn value_over<G: Game + SearchHints + Learning>(
        &self,
        game: &G,
        seat: Seat,
        base: Option<f32>,
    ) -> f32 {
        let logit = self.logit(&orrery_core::learn::observation(game, seat));
        sigmoid(logit + base.unwrap_or(0.0))
    }
}

/// The seed of the copy a residual model's evaluation is read on ([`residual_base`]).
const RESIDUAL_SEED: u64 = 0x0e5d_da11;

/// What a residual model adds its output to: the logit of `seat`'s reward by the
/// ruleset's evaluation on the material scale (0 where the ruleset reports no units'
/// points), read on a copy of `game` determinized for `seat` with a fixed generator,
/// so that it reads nothing `seat` may not know (two worlds `seat` cannot tell apart
/// give the same copy) and is the same number wherever it is asked for. (Every
/// ruleset's evaluation reads only what all seats see today — the conformance
/// channel "a residual model's estimate" passes with or without the copy, checked —
/// so the copy is the safeguard for an evaluation that will not.)
pub fn residual_base<G: Game + SearchHints + Learning>(game: &G, seat: Seat) -> f32 {
    let mut copy = game.clone();
    copy.determinize(seat, &mut orrery_core::Rng::seed_from(RESIDUAL_SEED));
    base_logit(&copy, seat)
}

/// The logit of `seat`'s evaluation reward in `game` as it is (clamped to ±13.8).
fn base_logit<G: Game + SearchHints + Learning>(game: &G, seat: Seat) -> f32 {
    crate::mcts::material_reward(game, seat).map_or(0.0, |r| {
        let p = r.clamp(1e-6, 1.0 - 1e-6);
        (p / (1.0 - p)).ln() as f32
    })
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Σ a_i b_i in four lanes (the compiler vectorises it).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 4];
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for k in 0..4 {
            lanes[k] += x[k] * y[k];
        }
    }
    let tail: f32 = ra.iter().zip(rb).map(|(x, y)| x * y).sum();
    lanes.iter().sum::<f32>() + tail
}

/// The models this process knows: those a user loaded (`--model FILE`, Python's
/// `orrery.load_model`), then those the rulesets ship ([`Learning::trained_models`]), each
/// read once. A learned agent asks for one that fits its game.
static LOADED: Mutex<Vec<(String, Arc<ValueModel>)>> = Mutex::new(Vec::new());

type Shipped = HashMap<&'static str, Vec<(String, Arc<ValueModel>)>>;
static SHIPPED: Mutex<Option<Shipped>> = Mutex::new(None);

/// Load a weights file for every learned agent of this process (it is preferred to
/// the shipped models of its ruleset, for the games whose shape it fits). Returns the
/// model, or why it cannot be used (nothing is loaded then).
pub fn load_file(path: &std::path::Path) -> Result<Arc<ValueModel>, ModelError> {
    let m = Arc::new(ValueModel::read(path)?);
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    loaded.push((path.display().to_string(), m.clone()));
    Ok(m)
}

/// Say once on stderr (per file and game shape) that a loaded file does not fit the
/// game a learned agent plays, and that it searches without it.
fn warn_once(e: &ModelError) {
    static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let text = e.to_string();
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said.contains(&text) {
        eprintln!(
            "orrery: {text}\norrery: the learned agent passes over that file (it uses a shipped model that fits, else the ruleset's own evaluation)"
        );
        said.push(text);
    }
}

/// Forget the models loaded with [`load_file`] (tests).
pub fn unload_files() {
    LOADED.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The model a learned agent uses for `game`: the last loaded file that fits, else a
/// shipped one that fits, else `None` (the agent then searches with the ruleset's own
/// evaluation). Files that do not fit are passed over.
pub fn for_game<G: Game + SearchHints + Learning>(game: &G) -> Option<Arc<ValueModel>> {
    {
        let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
        let mut misfits = Vec::new();
        for (file, m) in loaded.iter().rev() {
            match m.fits(game, file) {
                Ok(()) => return Some(m.clone()),
                Err(e) => misfits.push(e),
            }
        }
        drop(loaded);
        for e in misfits {
            warn_once(&e);
        }
    }
    let mut shipped = SHIPPED.lock().unwrap_or_else(|e| e.into_inner());
    let table = shipped.get_or_insert_with(HashMap::new);
    let models = table.entry(G::INFO.id).or_insert_with(|| {
        G::trained_models()
            .iter()
            .filter_map(|(name, bytes)| {
                // A shipped file that does not read is a build error, caught by the
                // ruleset's tests; here it is passed over.
                ValueModel::from_bytes(bytes, name)
                    .ok()
                    .map(|m| (name.to_string(), Arc::new(m)))
            })
            .collect()
    });
    models
        .iter()
        .find(|(file, m)| m.fits(game, file).is_ok())
        .map(|(_, m)| m.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> ValueModel {
        ValueModel::new(
            ModelHeader {
                format: FORMAT,
                ruleset: "toy".into(),
                scenario: "default".into(),
                observation: 3,
                action_space: 0,
                layers: vec![3, 2, 1],
                value_weight: None,
                residual: false,
                provenance: serde_json::json!({"seed": 1}),
            },
            vec![
                Dense {
                    inputs: 3,
                    outputs: 2,
                    weights: vec![1.0, -1.0, 0.5, 0.0, 2.0, -3.0],
                    biases: vec![0.0, 0.5],
                },
                Dense {
                    inputs: 2,
                    outputs: 1,
                    weights: vec![1.0, -2.0],
                    biases: vec![0.25],
                },
            ],
        )
        .unwrap()
    }

    /// The forward pass by hand: hidden = relu(W x + b), out = w·hidden + b.
    #[test]
    fn the_forward_pass_is_the_mlp_written_out() {
        let m = tiny();
        let x = [1.0, 2.0, 3.0];
        // h0 = relu(1 − 2 + 1.5) = 0.5; h1 = relu(0 + 4 − 9 + 0.5) = 0.
        let logit = 0.5 - 2.0 * 0.0 + 0.25;
        assert!((m.logit(&x) - logit).abs() < 1e-6);
        assert!((m.value(&x) - sigmoid(logit)).abs() < 1e-6);
    }

    #[test]
    fn a_model_reads_back_what_it_wrote() {
        let m = tiny();
        let back = ValueModel::from_bytes(&m.to_bytes(), "t").unwrap();
        assert_eq!(back, m);
    }

    /// A damaged or foreign file is refused with a reason, never read half.
    #[test]
    fn broken_files_are_refused_by_name() {
        let m = tiny();
        let bytes = m.to_bytes();
        assert!(matches!(
            ValueModel::from_bytes(b"not a model at all", "x"),
            Err(ModelError::NotAModel { .. })
        ));
        assert!(matches!(
            ValueModel::from_bytes(&bytes[..bytes.len() - 3], "x"),
            Err(ModelError::Shape { .. })
        ));
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0, 0, 0, 0]);
        assert!(matches!(
            ValueModel::from_bytes(&longer, "x"),
            Err(ModelError::Shape { .. })
        ));
        let mut old = m.clone();
        old.header.format = FORMAT_RESIDUAL + 1;
        let e = ValueModel::from_bytes(&old.to_bytes(), "x").unwrap_err();
        assert!(matches!(e, ModelError::Format { found, .. } if found == FORMAT_RESIDUAL + 1));
        // A residual model is format 2 (a build of format 1 alone refuses it rather
        // than evaluate it without its base), and format 2 is always residual.
        let mut residual = m.clone();
        residual.header.residual = true;
        residual.header.format = FORMAT_RESIDUAL;
        assert!(ValueModel::from_bytes(&residual.to_bytes(), "x").is_ok());
        residual.header.format = FORMAT;
        let mixed = ValueModel::from_bytes(&residual.to_bytes(), "x").unwrap_err();
        assert!(matches!(mixed, ModelError::Header { .. }), "{mixed}");
        assert!(
            mixed
                .to_string()
                .contains("format 1 but `residual` is true"),
            "{mixed}"
        );
        let mut plain_2 = m.clone();
        plain_2.header.format = FORMAT_RESIDUAL;
        assert!(matches!(
            ValueModel::from_bytes(&plain_2.to_bytes(), "x"),
            Err(ModelError::Header { .. })
        ));
        assert!(e.to_string().contains("orrery train"), "{e}");
        let mut nan = m.clone();
        nan.layers[1].biases[0] = f32::NAN;
        assert!(matches!(
            ValueModel::from_bytes(&nan.to_bytes(), "x"),
            Err(ModelError::Shape { .. })
        ));
        // A header whose layers hold nothing, or more than any file could: refused,
        // not a panic when it is read or evaluated.
        for layers in [vec![3, 0, 1], vec![0, 1], vec![3, usize::MAX, 1]] {
            let mut odd = m.clone();
            odd.header.layers = layers.clone();
            if layers[0] == 0 {
                odd.header.observation = 0;
            }
            let e = ValueModel::from_bytes(&odd.to_bytes(), "x");
            assert!(
                matches!(e, Err(ModelError::Shape { .. })),
                "{layers:?}: {e:?}"
            );
        }
    }
}
