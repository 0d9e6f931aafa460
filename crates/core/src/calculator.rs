//! A ruleset's stand-alone odds calculators ([`crate::Odds::odds_calculators`]),
//! described as data so that any front end (a command line, a server's form) can
//! offer them without naming the ruleset: each calculator's name, what it computes
//! and the parameters it takes, with their kinds, ranges, defaults and the pairs
//! that exclude each other. [`OddsCalculator::check`] holds arguments to that
//! description, so a ruleset computes only from arguments its calculator allows.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// A ruleset's odds calculators (`orrery odds RULESET …`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsCalculators {
    /// One line: what the ruleset's calculators cover, with the rule ids (no final
    /// period, as help lists show it).
    pub about: String,
    /// The calculators, in the order a front end lists them.
    pub list: Vec<OddsCalculator>,
}

/// One odds calculator: its name, what it computes and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsCalculator {
    /// Kebab-case name, e.g. `barrage`.
    pub name: String,
    /// One line: what it computes, with the rule ids (no final period).
    pub about: String,
    pub params: Vec<OddsParam>,
}

/// One parameter of an odds calculator.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsParam {
    /// Kebab-case name (`--NAME` on a command line).
    pub name: String,
    /// One line: what it means (no final period).
    pub help: String,
    pub kind: ParamKind,
    /// It must be given, unless `unless` names a parameter that is.
    pub required: bool,
    /// The parameter whose presence makes this one optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unless: Option<String>,
    /// The parameter this one may not be given with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts_with: Option<String>,
}

/// What a parameter takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParamKind {
    /// On when given, off otherwise.
    Flag,
    /// A whole number in `min..=max` (negative numbers are read as numbers when
    /// `min` is negative).
    Integer {
        min: i64,
        max: i64,
        #[serde(skip_serializing_if = "Option::is_none")]
        default: Option<i64>,
    },
    /// One of `choices`, by name.
    Choice {
        choices: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        default: Option<String>,
    },
}

/// One argument's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OddsValue {
    Flag(bool),
    Integer(i64),
    Choice(String),
}

/// The arguments given to a calculator, by parameter name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OddsArgs(pub BTreeMap<String, OddsValue>);

/// The odds a calculator computed, written both ways.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OddsReport {
    /// One JSON object on one line, its fields in the ruleset's order (which a
    /// `serde_json::Value` would not keep).
    pub json: String,
    /// A table for people: a title line, then one line per result with its
    /// percentage and exact fraction; it ends with a newline.
    pub text: String,
}

impl OddsReport {
    /// `odds` as one line of JSON, with the table `text`.
    pub fn new<T: Serialize>(odds: &T, text: String) -> Self {
        OddsReport {
            // Odds are plain numbers in structs and maps with number keys: writing
            // them cannot fail.
            json: serde_json::to_string(odds).unwrap_or_default(),
            text,
        }
    }
}

/// Why a calculator refused its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OddsError {
    #[error("{ruleset} has no odds calculator `{name}` (known: {known})")]
    UnknownCalculator {
        ruleset: String,
        name: String,
        known: String,
    },
    #[error("`{calculator}` takes no parameter `{name}`")]
    UnknownParam { calculator: String, name: String },
    #[error("parameter `{0}` is required")]
    Missing(String),
    #[error("parameter `{name}`: {why}")]
    Invalid { name: String, why: String },
    #[error("parameters `{0}` and `{1}` cannot be given together")]
    Conflict(String, String),
}

impl OddsArgs {
    /// No arguments.
    pub fn new() -> Self {
        OddsArgs::default()
    }

    /// With `name` set to `value` (builder form).
    pub fn with(mut self, name: &str, value: OddsValue) -> Self {
        self.0.insert(name.to_string(), value);
        self
    }

    /// Whether flag `name` is on (absent: off).
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.0.get(name), Some(OddsValue::Flag(true)))
    }

    /// Integer `name` as a `T`; an error when it is absent or out of `T`'s range.
    pub fn integer<T: TryFrom<i64>>(&self, name: &str) -> Result<T, OddsError> {
        match self.0.get(name) {
            Some(OddsValue::Integer(v)) => T::try_from(*v).map_err(|_| OddsError::Invalid {
                name: name.to_string(),
                why: format!("{v} is out of range"),
            }),
            Some(_) => Err(invalid(name, "not a whole number")),
            None => Err(OddsError::Missing(name.to_string())),
        }
    }

    /// Integer `name` as a `T` when given.
    pub fn opt_integer<T: TryFrom<i64>>(&self, name: &str) -> Result<Option<T>, OddsError> {
        match self.0.get(name) {
            None => Ok(None),
            Some(_) => self.integer(name).map(Some),
        }
    }

    /// Choice `name`; an error when it is absent.
    pub fn choice(&self, name: &str) -> Result<&str, OddsError> {
        match self.0.get(name) {
            Some(OddsValue::Choice(c)) => Ok(c),
            Some(_) => Err(invalid(name, "not a name")),
            None => Err(OddsError::Missing(name.to_string())),
        }
    }
}

fn invalid(name: &str, why: impl Into<String>) -> OddsError {
    OddsError::Invalid {
        name: name.to_string(),
        why: why.into(),
    }
}

impl OddsCalculators {
    /// The calculator `name` with `args` checked against it ([`OddsCalculator::check`]).
    pub fn checked(
        &self,
        ruleset: &str,
        name: &str,
        args: &OddsArgs,
    ) -> Result<(&OddsCalculator, OddsArgs), OddsError> {
        let Some(calc) = self.list.iter().find(|c| c.name == name) else {
            return Err(OddsError::UnknownCalculator {
                ruleset: ruleset.to_string(),
                name: name.to_string(),
                known: self
                    .list
                    .iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        };
        Ok((calc, calc.check(args)?))
    }
}

impl OddsCalculator {
    /// `args` held to this calculator's parameters: every name known, every value of
    /// its parameter's kind and within its range or choices, every required one given
    /// (unless its `unless` is), no two that conflict; absent flags are off and absent
    /// parameters with a default take it. Returns the arguments with the defaults.
    pub fn check(&self, args: &OddsArgs) -> Result<OddsArgs, OddsError> {
        if let Some(name) = args
            .0
            .keys()
            .find(|n| !self.params.iter().any(|p| &p.name == *n))
        {
            return Err(OddsError::UnknownParam {
                calculator: self.name.clone(),
                name: name.clone(),
            });
        }
        let given = |name: &str| match args.0.get(name) {
            Some(OddsValue::Flag(on)) => *on,
            Some(_) => true,
            None => false,
        };
        let mut out = args.clone();
        for p in &self.params {
            if let Some(other) = &p.conflicts_with {
                if given(&p.name) && given(other) {
                    return Err(OddsError::Conflict(p.name.clone(), other.clone()));
                }
            }
            let Some(v) = args.0.get(&p.name) else {
                let excused = p.unless.as_deref().is_some_and(given);
                if p.required && !excused {
                    return Err(OddsError::Missing(p.name.clone()));
                }
                if let Some(d) = p.kind.default() {
                    out.0.insert(p.name.clone(), d);
                }
                continue;
            };
            p.kind.check(&p.name, v)?;
        }
        Ok(out)
    }
}

impl ParamKind {
    /// The value taken when the parameter is not given (flags: off).
    pub fn default(&self) -> Option<OddsValue> {
        match self {
            ParamKind::Flag => Some(OddsValue::Flag(false)),
            ParamKind::Integer { default, .. } => default.map(OddsValue::Integer),
            ParamKind::Choice { default, .. } => default.clone().map(OddsValue::Choice),
        }
    }

    fn check(&self, name: &str, v: &OddsValue) -> Result<(), OddsError> {
        match (self, v) {
            (ParamKind::Flag, OddsValue::Flag(_)) => Ok(()),
            (ParamKind::Integer { min, max, .. }, OddsValue::Integer(n)) => {
                if n < min || n > max {
                    return Err(invalid(name, format!("{n} is not in {min}..={max}")));
                }
                Ok(())
            }
            (ParamKind::Choice { choices, .. }, OddsValue::Choice(c)) => {
                if !choices.contains(c) {
                    let all = choices.join(", ");
                    return Err(invalid(name, format!("`{c}` is not one of {all}")));
                }
                Ok(())
            }
            (ParamKind::Flag, _) => Err(invalid(name, "a flag: on or off")),
            (ParamKind::Integer { .. }, _) => Err(invalid(name, "not a whole number")),
            (ParamKind::Choice { .. }, _) => Err(invalid(name, "not a name")),
        }
    }
}

impl OddsParam {
    /// An optional flag.
    pub fn flag(name: &str, help: &str) -> Self {
        Self::new(name, help, ParamKind::Flag, false)
    }

    /// A whole number in `min..=max`, required unless `default` is given.
    pub fn integer(name: &str, help: &str, min: i64, max: i64, default: Option<i64>) -> Self {
        let kind = ParamKind::Integer { min, max, default };
        Self::new(name, help, kind, default.is_none())
    }

    /// One of `choices`, required.
    pub fn choice(name: &str, help: &str, choices: &[&str]) -> Self {
        let kind = ParamKind::Choice {
            choices: choices.iter().map(|c| c.to_string()).collect(),
            default: None,
        };
        Self::new(name, help, kind, true)
    }

    fn new(name: &str, help: &str, kind: ParamKind, required: bool) -> Self {
        OddsParam {
            name: name.to_string(),
            help: help.to_string(),
            kind,
            required,
            unless: None,
            conflicts_with: None,
        }
    }

    /// Optional when `other` is given, and never given with it (a parameter that
    /// `other` replaces).
    pub fn instead_of(mut self, other: &str) -> Self {
        self.unless = Some(other.to_string());
        self.conflicts_with = Some(other.to_string());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calc() -> OddsCalculator {
        OddsCalculator {
            name: "shot".into(),
            about: "A shot".into(),
            params: vec![
                OddsParam::integer("dice", "Dice", 1, 9, None),
                OddsParam::integer("defense", "Defense", 0, 9, None).instead_of("swarm"),
                OddsParam::flag("swarm", "A swarm"),
                OddsParam::integer("fail-on", "Fails on", 3, 4, Some(4)),
                OddsParam::choice("range", "Range", &["close", "far"]),
            ],
        }
    }

    fn args(list: &[(&str, OddsValue)]) -> OddsArgs {
        list.iter()
            .fold(OddsArgs::new(), |a, (n, v)| a.with(n, v.clone()))
    }

    #[test]
    fn check_fills_defaults_and_refuses_what_the_description_forbids() {
        use OddsValue::*;
        let c = calc();
        let ok = args(&[
            ("dice", Integer(2)),
            ("defense", Integer(3)),
            ("range", Choice("far".into())),
        ]);
        let got = c.check(&ok).expect("accepted");
        assert_eq!(got.integer::<u8>("fail-on"), Ok(4));
        assert!(!got.flag("swarm"));
        let swarm = args(&[
            ("dice", Integer(2)),
            ("swarm", Flag(true)),
            ("range", Choice("close".into())),
        ]);
        assert!(c.check(&swarm).is_ok(), "defense is excused by swarm");
        let both = ok.clone().with("swarm", Flag(true));
        assert!(matches!(c.check(&both), Err(OddsError::Conflict(..))));
        let missing = args(&[("dice", Integer(2)), ("range", Choice("far".into()))]);
        assert_eq!(c.check(&missing), Err(OddsError::Missing("defense".into())));
        for bad in [
            ok.clone().with("dice", Integer(0)),
            ok.clone().with("range", Choice("near".into())),
            ok.clone().with("dice", Choice("two".into())),
        ] {
            assert!(matches!(c.check(&bad), Err(OddsError::Invalid { .. })));
        }
        let unknown = ok.with("colour", Flag(true));
        assert!(matches!(
            c.check(&unknown),
            Err(OddsError::UnknownParam { .. })
        ));
    }
}
