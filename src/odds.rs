//! `orrery odds`: exact odds of an attack or a test — every die outcome counted, no
//! sampling (docs/odds.md). Without `--json` a table of percentages and exact
//! fractions; with `--json` one JSON object.

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use orrery_launch_fighters::odds as lf;
use orrery_stratoyager::odds as sy;
use orrery_stratoyager::Band;
use serde::Serialize;

/// Arguments of `orrery odds`.
#[derive(Args, Debug)]
pub struct OddsArgs {
    #[command(subcommand)]
    pub ruleset: OddsRuleset,
    /// Print one JSON object instead of a table.
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum OddsRuleset {
    /// Launch Fighters!: barrages (LF-11) and dogfights (LF-12).
    #[command(subcommand)]
    LaunchFighters(LfOdds),
    /// Basic Stratoyager: attacks (SY-17, SY-19) and Hull Stress (SY-09).
    #[command(subcommand)]
    Stratoyager(SyOdds),
}

#[derive(Subcommand, Debug)]
pub enum LfOdds {
    /// One barrage: automatic miss, miss, hit, direct hit (LF-11).
    Barrage {
        /// Dice thrown in this barrage.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..))]
        dice: u8,
        /// The target ship's current Defense stat.
        #[arg(
            long,
            required_unless_present = "squadron",
            conflicts_with = "squadron"
        )]
        defense: Option<u8>,
        /// The target is a squadron: its defence is the defender's 1D6.
        #[arg(long)]
        squadron: bool,
        /// −1: the target is in an asteroid hex.
        #[arg(long)]
        asteroid: bool,
        /// −1: the target is adjacent to a moon or planetoid and not adjacent to the
        /// attacker.
        #[arg(long)]
        moon: bool,
    },
    /// One dogfight: no result, attacker hit / direct hit, defender hit / direct hit
    /// (LF-12).
    Dogfight {
        /// The defender is in an asteroid hex (the attacker's roll −1, minimum 1).
        #[arg(long)]
        defender_in_asteroid: bool,
        /// The attacker is in an asteroid hex (the defender's roll −1, minimum 1).
        #[arg(long)]
        attacker_in_asteroid: bool,
    },
}

/// The range bands with attack dice (SY-05; Visual has none).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RangeBand {
    PointBlank,
    Close,
    Medium,
    Long,
    Extreme,
}

impl From<RangeBand> for Band {
    fn from(b: RangeBand) -> Band {
        match b {
            RangeBand::PointBlank => Band::PointBlank,
            RangeBand::Close => Band::Close,
            RangeBand::Medium => Band::Medium,
            RangeBand::Long => Band::Long,
            RangeBand::Extreme => Band::Extreme,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum SyOdds {
    /// One attack roll and its damage: hit chance, Structure lost, wrecked, destroyed
    /// (SY-17, SY-19).
    Attack {
        /// The range band whose pool is rolled (for a Dumb missile: already shifted
        /// one band out).
        #[arg(long, value_enum)]
        range: RangeBand,
        /// The To Hit Threshold (≤ 1 always hits, > 6 never).
        #[arg(long, allow_negative_numbers = true)]
        tht: i32,
        /// Damage dice of the weapon.
        #[arg(long)]
        damage_dice: u8,
        /// The defender's armour for the aspect attacked.
        #[arg(long)]
        armor: u8,
        /// The defender's current shields.
        #[arg(long, default_value_t = 0)]
        shields: u8,
        /// The defender's current Structure.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
        structure: u32,
        /// Linked main weapon: re-roll the picked die after a miss when it can help
        /// (SYO-07, as the engine plays it).
        #[arg(long)]
        linked: bool,
        /// Reactor Interference, attacked from aft: usable shields one less.
        #[arg(long)]
        reactor_interference_aft: bool,
        /// A locked missile marker against Countermeasures: 4+ on 1D6 neutralises it
        /// before damage (SY-20).
        #[arg(long)]
        countermeasures: bool,
    },
    /// A Hull Stress roll: none, greyout, blackout, structural, destroyed (SY-09).
    HullStress {
        /// Stress Dice rolled.
        #[arg(long)]
        dice: u8,
        /// A die fails on this natural roll or more: 4, or 3 for Retrofitted Civilian.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4))]
        fail_on: u8,
    },
}

/// The computed odds, ready to print.
pub enum Computed {
    Barrage(lf::BarrageOdds),
    Dogfight(lf::DogfightOdds),
    Attack(sy::AttackOdds),
    Stress(sy::StressOdds),
}

/// Compute the odds the arguments ask for (the part `benches/odds.rs` measures).
pub fn compute(r: &OddsRuleset) -> Computed {
    match r {
        OddsRuleset::LaunchFighters(LfOdds::Barrage {
            dice,
            defense,
            squadron,
            asteroid,
            moon,
        }) => {
            let def = match (squadron, defense) {
                (true, _) | (false, None) => lf::Defense::Squadron,
                (false, Some(d)) => lf::Defense::Ship(*d),
            };
            let m = lf::terrain_modifier(*moon, *asteroid);
            Computed::Barrage(lf::barrage(*dice, m, def))
        }
        OddsRuleset::LaunchFighters(LfOdds::Dogfight {
            defender_in_asteroid,
            attacker_in_asteroid,
        }) => Computed::Dogfight(lf::dogfight(*defender_in_asteroid, *attacker_in_asteroid)),
        OddsRuleset::Stratoyager(SyOdds::Attack {
            range,
            tht,
            damage_dice,
            armor,
            shields,
            structure,
            linked,
            reactor_interference_aft,
            countermeasures,
        }) => {
            let shot = sy::Shot {
                band: Some((*range).into()),
                tht: *tht,
                linked: *linked,
                damage_dice: *damage_dice,
                countermeasures: *countermeasures,
            };
            let target = sy::Target {
                armor: *armor,
                shields: *shields,
                structure: i32::try_from(*structure).unwrap_or(i32::MAX),
                reactor_aft: *reactor_interference_aft,
            };
            Computed::Attack(sy::attack(&[shot], &target))
        }
        OddsRuleset::Stratoyager(SyOdds::HullStress { dice, fail_on }) => {
            Computed::Stress(sy::hull_stress(u32::from(*dice), *fail_on))
        }
    }
}

fn json<T: Serialize>(v: &T) -> Result<String> {
    Ok(serde_json::to_string(v)?)
}

/// A table row: label, then "p%  num/den".
fn row(label: &str, text: String) -> String {
    format!("  {label:<22}{text}\n")
}

/// The computed odds as a table or JSON.
pub fn render(c: &Computed, as_json: bool) -> Result<String> {
    if as_json {
        return match c {
            Computed::Barrage(o) => json(o),
            Computed::Dogfight(o) => json(o),
            Computed::Attack(o) => json(o),
            Computed::Stress(o) => json(o),
        };
    }
    let mut s = String::new();
    match c {
        Computed::Barrage(o) => {
            s.push_str("Barrage (LF-11)\n");
            s += &row("automatic miss", o.auto_miss.describe());
            s += &row("miss", o.miss.describe());
            s += &row("hit", o.hit.describe());
            s += &row("direct hit", o.direct_hit.describe());
        }
        Computed::Dogfight(o) => {
            s.push_str("Dogfight (LF-12)\n");
            s += &row("no result", o.no_result.describe());
            s += &row("attacker hit", o.attacker_hit.describe());
            s += &row("attacker direct hit", o.attacker_direct_hit.describe());
            s += &row("defender hit", o.defender_hit.describe());
            s += &row("defender direct hit", o.defender_direct_hit.describe());
        }
        Computed::Attack(o) => {
            s.push_str("Attack (SY-17, SY-19)\n");
            s += &row("hit", o.p_hit.describe());
            for (k, p) in &o.structure_lost {
                s += &row(&format!("structure lost {k}"), p.describe());
            }
            s += &row("wrecked (= 0)", o.p_wrecked.describe());
            s += &row("destroyed (< 0)", o.p_destroyed.describe());
        }
        Computed::Stress(o) => {
            s.push_str("Hull Stress (SY-09)\n");
            s += &row("none", o.none.describe());
            s += &row("greyout (1 fail)", o.greyout.describe());
            s += &row("blackout (2)", o.blackout.describe());
            s += &row("structural (3)", o.structural.describe());
            s += &row("destroyed (4+)", o.destroyed.describe());
        }
    }
    Ok(s)
}

pub fn run(a: &OddsArgs) -> Result<()> {
    let out = render(&compute(&a.ruleset), a.json)?;
    if a.json {
        println!("{out}");
    } else {
        print!("{out}");
    }
    Ok(())
}
