//! `orrery odds`: exact odds of an attack or a test — every die outcome counted, no
//! sampling (docs/odds.md). Without `--json` a table of percentages and exact
//! fractions; with `--json` one JSON object.
//!
//! Each ruleset describes its calculators as data ([`orrery_core::Game::
//! odds_calculators`]) and computes them ([`orrery_core::Odds::odds_calculate`]); the
//! subcommands `orrery odds RULESET NAME --PARAM …` are built here from that
//! description, so nothing here names a ruleset.

use anyhow::Result;
use clap::builder::PossibleValuesParser;
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches};
use orrery_core::{OddsCalculator, OddsCalculators, OddsParam, OddsValue, ParamKind};

/// Arguments of `orrery odds`: the ruleset, its calculator and the arguments given.
#[derive(Clone, Debug)]
pub struct OddsArgs {
    pub ruleset: String,
    pub calculator: String,
    pub args: orrery_core::OddsArgs,
    /// Print one JSON object instead of a table.
    pub json: bool,
}

/// Every ruleset that has odds calculators, in the list's order.
fn all_calculators() -> Vec<(String, OddsCalculators)> {
    let reg = crate::rulesets::registry();
    reg.rulesets()
        .into_iter()
        .filter_map(|info| {
            let calcs = reg.get(&info.id)?.odds_calculators()?;
            Some((info.id, calcs))
        })
        .collect()
}

impl clap::Args for OddsArgs {
    fn augment_args(cmd: Command) -> Command {
        let cmd = all_calculators().into_iter().fold(cmd, |cmd, (id, calcs)| {
            cmd.subcommand(ruleset_command(id, calcs))
        });
        cmd.subcommand_required(true)
            .arg_required_else_help(true)
            .arg(
                Arg::new("json")
                    .long("json")
                    .action(ArgAction::SetTrue)
                    .global(true)
                    .help("Print one JSON object instead of a table"),
            )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// `orrery odds RULESET`: one subcommand per calculator.
fn ruleset_command(id: String, calcs: OddsCalculators) -> Command {
    let cmd = Command::new(id)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .about(calcs.about)
        .long_about(None);
    calcs.list.into_iter().fold(cmd, |cmd, calc| {
        let sub = Command::new(calc.name).about(calc.about).long_about(None);
        cmd.subcommand(calc.params.iter().fold(sub, |sub, p| sub.arg(param_arg(p))))
    })
}

/// `--NAME` as the calculator describes it.
fn param_arg(p: &OddsParam) -> Arg {
    let arg = Arg::new(p.name.clone())
        .long(p.name.clone())
        .help(p.help.clone());
    let arg = match &p.kind {
        ParamKind::Flag => return arg.action(ArgAction::SetTrue),
        ParamKind::Integer { min, max, default } => {
            let arg = arg
                .value_parser(clap::value_parser!(i64).range(*min..=*max))
                .allow_negative_numbers(*min < 0);
            match default {
                Some(d) => arg.default_value(d.to_string()),
                None => arg,
            }
        }
        ParamKind::Choice { choices, default } => {
            let arg = arg.value_parser(PossibleValuesParser::new(choices.clone()));
            match default {
                Some(d) => arg.default_value(d.clone()),
                None => arg,
            }
        }
    };
    let arg = arg
        .value_name(p.name.replace('-', "_").to_uppercase())
        .action(ArgAction::Set);
    let arg = match &p.unless {
        Some(other) => arg.required_unless_present(other.clone()),
        None => arg.required(p.required),
    };
    match &p.conflicts_with {
        Some(other) => arg.conflicts_with(other.clone()),
        None => arg,
    }
}

impl FromArgMatches for OddsArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let missing = || clap::Error::new(ErrorKind::MissingSubcommand);
        let (ruleset, rm) = m.subcommand().ok_or_else(missing)?;
        let (calculator, cm) = rm.subcommand().ok_or_else(missing)?;
        let calc = all_calculators()
            .into_iter()
            .filter(|(id, _)| id == ruleset)
            .flat_map(|(_, c)| c.list)
            .find(|c| c.name == calculator)
            .ok_or_else(|| clap::Error::new(ErrorKind::InvalidSubcommand))?;
        Ok(OddsArgs {
            ruleset: ruleset.to_string(),
            calculator: calculator.to_string(),
            args: values(&calc, cm),
            json: m.get_flag("json"),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// The arguments given (and defaulted) for `calc`, by parameter name.
fn values(calc: &OddsCalculator, m: &ArgMatches) -> orrery_core::OddsArgs {
    let mut out = orrery_core::OddsArgs::new();
    for p in &calc.params {
        let v = match &p.kind {
            ParamKind::Flag => Some(OddsValue::Flag(m.get_flag(&p.name))),
            ParamKind::Integer { .. } => m.get_one::<i64>(&p.name).map(|v| OddsValue::Integer(*v)),
            ParamKind::Choice { .. } => m
                .get_one::<String>(&p.name)
                .map(|v| OddsValue::Choice(v.clone())),
        };
        if let Some(v) = v {
            out = out.with(&p.name, v);
        }
    }
    out
}

pub fn run(a: &OddsArgs) -> Result<()> {
    let reg = crate::rulesets::registry();
    let ruleset = crate::rulesets::get(&reg, &a.ruleset)?;
    let report = ruleset.odds_calculate(&a.calculator, &a.args)?;
    if a.json {
        println!("{}", report.json);
    } else {
        print!("{}", report.text);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::{Args, Command};

    /// clap's own checks of the subcommands built from every ruleset's description
    /// (ids that exist, no clashing names), which it makes only in debug builds.
    #[test]
    fn the_odds_subcommands_are_well_formed() {
        super::OddsArgs::augment_args(Command::new("odds")).debug_assert();
    }
}
