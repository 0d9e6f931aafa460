//! Exact odds: `orrery odds warfleets attack …` (FB-12) and the odds of a legal shot.

use crate::action::{Action, GunRef};
use crate::combat::{attack_odds, block_number, hit_number, AttackOdds, Numbers};
use crate::state::{Step, Warfleets};
use orrery_core::prob::odds_table;
use orrery_core::Odds;
use orrery_core::{
    counted, Game, OddsArgs, OddsCalculator, OddsCalculators, OddsError, OddsParam, OddsReport,
    Seat,
};
use serde_json::json;

/// The calculator and its parameters.
pub fn calculators() -> OddsCalculators {
    OddsCalculators {
        about: "Warfleets: one weapon's attack, hit then block (FB-12)".into(),
        list: vec![OddsCalculator {
            name: "attack".into(),
            about: "One attack: the hits and the damage dealt (FB-12: 6 always succeeds, 1 always fails)".into(),
            params: vec![
                OddsParam::integer("attacks", "The weapon's Attacks: dice rolled to hit", 1, 20, None),
                OddsParam::integer("evasion", "The target's Evasion (the X of X+)", 2, 6, None),
                OddsParam::integer("toughness", "The target's Toughness (the X of X+)", 2, 6, None),
                OddsParam::integer("strength", "The weapon's Strength (added to the block number)", 0, 6, None),
                OddsParam::flag("rear", "Shot from the target ship's rear: +1 to hit, +1 to block number"),
                OddsParam::flag("squadron-vs-squadron", "A squadron shooting a squadron: +1 to hit"),
                OddsParam::flag("cover", "The target is in cover: −1 to the block number"),
                OddsParam::flag("deadly", "Deadly: 2 damage per failed block"),
                OddsParam::flag("sitting-duck", "The target ship used Hold: hits on 2+"),
            ],
        }],
    }
}

/// Run calculator `name` on `args` (checked against [`calculators`] first).
pub fn calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
    let all = calculators();
    let (_, a) = all.checked(Warfleets::INFO.id, name, args)?;
    let rear = a.flag("rear");
    let bonus = u8::from(rear) + u8::from(a.flag("squadron-vs-squadron"));
    let n = Numbers {
        attacks: a.integer("attacks")?,
        hit_on: hit_number(a.integer("evasion")?, bonus, false, a.flag("sitting-duck")),
        block_on: Some(block_number(
            a.integer("toughness")?,
            a.integer("strength")?,
            rear,
            a.flag("cover"),
        )),
        per_fail: if a.flag("deadly") { 2 } else { 1 },
        rear,
        cover: a.flag("cover"),
        sitting_duck: a.flag("sitting-duck"),
    };
    let o = attack_odds(&n);
    Ok(OddsReport::new(
        &json!({"hit_on": o.hit_on, "block_on": o.block_on, "hits": o.hits, "damage": o.damage}),
        table(&o),
    ))
}

fn sorted(
    m: &std::collections::BTreeMap<String, orrery_core::prob::Prob>,
) -> Vec<(u32, orrery_core::prob::Prob)> {
    let mut v: Vec<(u32, _)> = m
        .iter()
        .map(|(k, p)| (k.parse().unwrap_or(0), *p))
        .collect();
    v.sort_by_key(|x| x.0);
    v
}

fn table(o: &AttackOdds) -> String {
    let mut s = odds_table(
        &format!("Hits (on {}+)", o.hit_on),
        sorted(&o.hits)
            .into_iter()
            .map(|(k, p)| (counted(k as usize, "hit", "hits"), p)),
    );
    s += &odds_table(
        &match o.block_on {
            Some(b) => format!("Damage (blocks on {b}+)"),
            None => "Damage".into(),
        },
        sorted(&o.damage)
            .into_iter()
            .map(|(k, p)| (format!("{k} damage"), p)),
    );
    s
}

impl Warfleets {
    /// The numbers of a shot the open question allows.
    fn shot_numbers(&self, shooter: u8, gun: GunRef, target: u8) -> Option<Numbers> {
        let Step::Fire { model, shots } = &self.step else {
            return None;
        };
        if *model != shooter || self.check_shot(shooter, gun, target, shots).is_err() {
            return None;
        }
        let (_, g, _) = self.guns(shooter).into_iter().find(|x| x.0 == gun)?;
        Some(self.numbers(shooter, &g, gun == GunRef::Turret, target))
    }

    /// One line: "hits on 4+, blocks on 5+: 0 dmg 44%, 1 dmg 37%…".
    pub fn odds_line_of(&self, shooter: u8, gun: GunRef, target: u8) -> Option<String> {
        let n = self.shot_numbers(shooter, gun, target)?;
        let o = attack_odds(&n);
        let dmg: Vec<String> = sorted(&o.damage)
            .into_iter()
            .map(|(k, p)| format!("{k}: {:.0}%", 100.0 * p.p))
            .collect();
        Some(format!(
            "hits on {}+{}, damage {}",
            o.hit_on,
            o.block_on
                .map(|b| format!(", blocks on {b}+"))
                .unwrap_or_default(),
            dmg.join(" ")
        ))
    }
}

impl Odds for Warfleets {
    fn odds_calculators() -> Option<OddsCalculators> {
        Some(calculators())
    }

    fn odds_calculate(name: &str, args: &OddsArgs) -> Result<OddsReport, OddsError> {
        calculate(name, args)
    }

    /// The odds of a legal `Fire`: `{"hit_on", "block_on", "hits": {"0": p, …},
    /// "damage": {"0": p, …}}` (Blast's extra hits and Shield Booster are not
    /// included).
    fn action_odds(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        let Action::Fire { gun, target } = action else {
            return None;
        };
        let Step::Fire { model, .. } = &self.step else {
            return None;
        };
        if self.model(*model).seat != seat {
            return None;
        }
        let n = self.shot_numbers(*model, *gun, *target)?;
        let o = attack_odds(&n);
        Some(
            json!({"hit_on": o.hit_on, "block_on": o.block_on, "hits": o.hits, "damage": o.damage}),
        )
    }

    fn action_odds_text(&self, seat: Seat, action: &Action) -> Option<String> {
        let Action::Fire { gun, target } = action else {
            return None;
        };
        let crate::state::Step::Fire { model, .. } = &self.step else {
            return None;
        };
        if self.model(*model).seat != seat {
            return None;
        }
        self.odds_line_of(*model, *gun, *target)
    }

    /// Where a ship's order ends (`{"to": {x, y}, "heading", "path", "exit"}`).
    fn preview_action(&self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        let crate::state::Step::Order { model, .. } = &self.step else {
            return None;
        };
        if self.model(*model).seat != seat || self.check(seat, action).is_err() {
            return None;
        }
        let (took, pivot, turn, target) = match *action {
            Action::Move { pivot, turn } => (crate::state::Took::Move, pivot, turn, None),
            Action::Cruise { pivot, turn } => (crate::state::Took::Cruise, pivot, turn, None),
            Action::Ram {
                target,
                pivot,
                turn,
            } => (crate::state::Took::Ram, pivot, turn, Some(target)),
            _ => return None,
        };
        let p = self.plan_ship(*model, took, pivot, turn, target).ok()?;
        Some(serde_json::json!({
            "path": p.points,
            "to": p.points.last(),
            "heading": p.heading.degrees(),
            "exit": p.exit,
        }))
    }
}
