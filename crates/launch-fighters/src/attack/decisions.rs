//! The pending decisions answered here, whoever pushed them: stat reductions (hits and
//! asteroids), intercepts, the fate of a hit squadron, where a returning squadron
//! lands, which squadron a bay hit destroys, and advances (LF-05, LF-13, LF-14,
//! LF-15).
//!
//! Each decision is popped before it is applied, so whatever applying it pushes is
//! answered next. `settle_decision` drops decisions whose subject vanished and
//! resolves those with a single possible answer, so the seat to move always has a
//! legal action.

use super::{illegal, strictly_ascending, subsets};
use crate::action::{Action, SquadronFate};
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::Ship;
use crate::state::{Decision, LaunchFighters, Pending};
use crate::types::{Stat, UnitId};
use orrery_core::Seat;

/// "Up to 3 active fighter squadrons may intercept" (LF-05).
const MAX_INTERCEPTORS: usize = 3;

/// Every multiset of `n` of `stats` (record-sheet order, non-decreasing: LFO-10's one
/// spelling) that `ship` can lose: a stat may appear as often as it has levels.
fn reduce_options(ship: &Ship, stats: &[Stat], n: usize) -> Vec<Vec<Stat>> {
    fn rec(
        ship: &Ship,
        stats: &[Stat],
        from: usize,
        n: usize,
        cur: &mut Vec<Stat>,
        out: &mut Vec<Vec<Stat>>,
    ) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for (i, &s) in stats.iter().enumerate().skip(from) {
            let used = cur.iter().filter(|&&c| c == s).count();
            if used < usize::from(ship.level(s)) {
                cur.push(s);
                rec(ship, stats, i, n, cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(ship, stats, 0, n, &mut Vec::new(), &mut out);
    out
}

/// Levels of `stats` left on a ship.
fn total_levels(ship: &Ship, stats: &[Stat]) -> usize {
    stats.iter().map(|&s| usize::from(ship.level(s))).sum()
}

impl LaunchFighters {
    /// Levels a `ReduceStats` really takes now: "A stat cannot be reduced below zero",
    /// so a ship with fewer levels left (of what a hit may reduce) loses what it has.
    fn levels_to_reduce(&self, ship: UnitId, levels: u8) -> Option<(&Ship, usize)> {
        let s = self.unit_opt(ship)?.ship()?;
        self.unit_opt(ship)?.hex()?;
        let left = total_levels(s, self.hittable());
        Some((s, usize::from(levels).min(left)))
    }

    pub(super) fn decision_candidates(&self, p: &Pending) -> Vec<Action> {
        match &p.decision {
            Decision::ReduceStats { ship, levels, .. } => {
                match self.levels_to_reduce(*ship, *levels) {
                    Some((s, n)) => reduce_options(s, self.hittable(), n)
                        .into_iter()
                        .map(|stats| Action::Reduce { stats })
                        .collect(),
                    None => Vec::new(),
                }
            }
            Decision::Intercept { target } => {
                let eligible = self.intercept_eligible(*target);
                subsets(&eligible, MAX_INTERCEPTORS)
                    .into_iter()
                    .map(|squadrons| Action::Intercept { squadrons })
                    .collect()
            }
            Decision::SquadronHit { .. } => vec![
                Action::HitSquadron {
                    fate: SquadronFate::Flip,
                },
                Action::HitSquadron {
                    fate: SquadronFate::ReturnToBase,
                },
            ],
            Decision::ReturnToBase { squadron, .. } => self
                .return_hosts(*squadron)
                .into_iter()
                .map(|host| Action::LandOn { host })
                .collect(),
            Decision::BayLoss { ship, .. } => self
                .aboard(*ship)
                .map(|u| Action::LoseSquadron { squadron: u.id })
                .collect(),
            Decision::Advance { winner, vacated } => {
                let mut v = vec![Action::Advance { squadron: None }];
                v.extend(
                    self.advance_options(*winner, *vacated)
                        .into_iter()
                        .map(|s| Action::Advance { squadron: Some(s) }),
                );
                v
            }
            Decision::Push { .. } | Decision::RepairStat { .. } => Vec::new(),
        }
    }

    /// Squadrons that may intercept the open pool at `target` (LF-05), given the
    /// active ship as the origin of the missiles.
    fn intercept_eligible(&self, target: UnitId) -> Vec<UnitId> {
        let Some(from) = self
            .activation
            .as_ref()
            .and_then(|a| self.unit_opt(a.unit))
            .and_then(|u| u.hex())
        else {
            return Vec::new();
        };
        self.interceptors(target, from)
    }

    pub(super) fn check_decision(
        &self,
        seat: Seat,
        p: &Pending,
        a: &Action,
    ) -> Result<(), Refusal> {
        if p.seat != seat {
            return illegal(Refusal::OtherOwesDecision);
        }
        match (&p.decision, a) {
            (Decision::ReduceStats { ship, levels, .. }, Action::Reduce { stats }) => {
                self.check_reduce(*ship, *levels, stats)
            }
            (Decision::ReduceStats { ship, levels, .. }, _) => illegal(Refusal::AnswerReduce {
                ship: *ship,
                levels: *levels,
            }),
            (Decision::Intercept { target }, Action::Intercept { squadrons }) => {
                if squadrons.len() > MAX_INTERCEPTORS {
                    return illegal(Refusal::TooManyInterceptors);
                }
                if !strictly_ascending(squadrons) {
                    return illegal(Refusal::InterceptorsOrder);
                }
                let eligible = self.intercept_eligible(*target);
                for s in squadrons {
                    if !eligible.contains(s) {
                        return illegal(Refusal::CannotIntercept(*s));
                    }
                }
                Ok(())
            }
            (Decision::Intercept { target }, _) => {
                illegal(Refusal::AnswerIntercept { target: *target })
            }
            (Decision::SquadronHit { .. }, Action::HitSquadron { .. }) => Ok(()),
            (Decision::SquadronHit { squadron }, _) => illegal(Refusal::AnswerHitSquadron {
                squadron: *squadron,
            }),
            (Decision::ReturnToBase { squadron, .. }, Action::LandOn { host }) => {
                if self.return_hosts(*squadron).contains(host) {
                    Ok(())
                } else {
                    illegal(Refusal::NoHost {
                        host: *host,
                        squadron: *squadron,
                    })
                }
            }
            (Decision::ReturnToBase { squadron, .. }, _) => illegal(Refusal::AnswerLandOn {
                squadron: *squadron,
            }),
            (Decision::BayLoss { ship, .. }, Action::LoseSquadron { squadron }) => {
                if self.aboard(*ship).any(|u| u.id == *squadron) {
                    Ok(())
                } else {
                    illegal(Refusal::NotAboardShip {
                        squadron: *squadron,
                        ship: *ship,
                    })
                }
            }
            (Decision::BayLoss { ship, .. }, _) => {
                illegal(Refusal::AnswerLoseSquadron { ship: *ship })
            }
            (Decision::Advance { .. }, Action::Advance { squadron: None }) => Ok(()),
            (Decision::Advance { winner, vacated }, Action::Advance { squadron: Some(s) }) => {
                if self.advance_options(*winner, *vacated).contains(s) {
                    Ok(())
                } else {
                    illegal(Refusal::CannotAdvance(*s))
                }
            }
            (Decision::Advance { .. }, _) => illegal(Refusal::AnswerAdvance),
            (Decision::Push { .. } | Decision::RepairStat { .. }, _) => {
                illegal(Refusal::NotAttackDecision)
            }
        }
    }

    /// LF-13: `levels` stat levels (fewer if the ship has fewer left), listed in
    /// record-sheet order (LFO-10); a stat at most as often as it has levels.
    fn check_reduce(&self, ship: UnitId, levels: u8, stats: &[Stat]) -> Result<(), Refusal> {
        let Some((cur, n)) = self.levels_to_reduce(ship, levels) else {
            return illegal(Refusal::ShipGone(ship));
        };
        if stats.len() != n {
            return illegal(Refusal::ReduceExactly { n });
        }
        if !stats.windows(2).all(|w| w[0] <= w[1]) {
            return illegal(Refusal::StatsOrder);
        }
        for &s in stats {
            if !self.hittable().contains(&s) {
                return illegal(Refusal::HoldsNotHit(s));
            }
            let times = stats.iter().filter(|&&c| c == s).count();
            let level = cur.level(s);
            if level == 0 {
                return illegal(Refusal::StatAtZero(s));
            }
            if times > usize::from(level) {
                return illegal(Refusal::StatLevelsLeft { stat: s, level });
            }
        }
        Ok(())
    }

    pub(super) fn exec_decision(
        &mut self,
        seat: Seat,
        p: &Pending,
        a: &Action,
        ev: &mut Vec<Event>,
    ) {
        self.pending.pop();
        match (&p.decision, a) {
            (Decision::ReduceStats { ship, credited, .. }, Action::Reduce { stats }) => {
                for &s in stats {
                    self.reduce_stat(*ship, s, *credited, ev);
                }
            }
            (Decision::Intercept { .. }, Action::Intercept { squadrons }) => {
                self.exec_intercept(squadrons, ev);
            }
            (Decision::SquadronHit { squadron }, Action::HitSquadron { fate }) => {
                self.exec_squadron_hit(seat, *squadron, *fate, ev);
            }
            (Decision::ReturnToBase { squadron, .. }, Action::LandOn { host }) => {
                self.land(*squadron, *host, ev);
            }
            (Decision::BayLoss { credited, .. }, Action::LoseSquadron { squadron }) => {
                self.eliminate_squadron(*squadron, *credited, ev);
            }
            (Decision::Advance { vacated, .. }, Action::Advance { squadron: Some(s) }) => {
                self.exec_advance(*s, *vacated, ev);
            }
            _ => {}
        }
    }

    /// LF-05: "Roll one die for each intercepting squadron. Each die that turns up a 4,
    /// 5 or 6 indicates a successful intercept; remove one die from the pool." The dice
    /// are rolled in unit id order (LFO-11; the list is ascending, LFO-10). Then the
    /// pool is finalized (flanking, LF-04).
    fn exec_intercept(&mut self, squadrons: &[UnitId], ev: &mut Vec<Event>) {
        let mut stopped: u8 = 0;
        for &squadron in squadrons {
            let (roll, success) = self.roll_four_up();
            stopped += u8::from(success);
            ev.push(Event::InterceptRoll {
                squadron,
                roll,
                success,
            });
        }
        if let Some(pool) = self.activation.as_mut().and_then(|a| a.pool.as_mut()) {
            pool.dice = pool.dice.saturating_sub(stopped);
            if !squadrons.is_empty() {
                pool.note.push_str(&format!(
                    "; {} intercepted by {} squadron(s)",
                    stopped,
                    squadrons.len()
                ));
            }
        }
        self.finalize_pool(ev);
    }

    /// Seed "Hits on Fighters": "the attacker has two choices. 1. … flipped upside down
    /// … 2. … forced to 'return to base'". After a dogfight the winner may then advance
    /// into the hex the loser left (LF-14); the elimination of a squadron that cannot
    /// return is credited to the chooser — after a dogfight the winner's owner, even
    /// when the defender won (LFO-15).
    fn exec_squadron_hit(
        &mut self,
        seat: Seat,
        squadron: UnitId,
        fate: SquadronFate,
        ev: &mut Vec<Event>,
    ) {
        let dogfight = self.activation.as_mut().and_then(|a| a.dogfight.take());
        match fate {
            SquadronFate::Flip => self.flip_squadron(squadron, ev),
            SquadronFate::ReturnToBase => {
                if let (Some((winner, loser)), Some(vacated)) =
                    (dogfight, self.unit_opt(squadron).and_then(|u| u.hex()))
                {
                    if loser == squadron {
                        self.pending.push(Pending {
                            seat,
                            decision: Decision::Advance { winner, vacated },
                        });
                    }
                }
                self.force_return_to_base(squadron, Some(seat), ev);
            }
        }
    }

    /// Drop or resolve the top decision if nobody needs to choose (LFO-16): a return to
    /// base with 0 or 1 host, a bay loss with 0 or 1 squadron aboard, an advance nobody
    /// can take, a reduction of a ship that is gone. A stat choice with one answer is
    /// still asked (LF-13 stays uniform). Returns true if the stack changed (call
    /// again), false if a player must answer it.
    pub(super) fn settle_decision(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(p) = self.pending.last().cloned() else {
            return false;
        };
        match p.decision {
            Decision::ReduceStats { ship, levels, .. } => {
                if self
                    .levels_to_reduce(ship, levels)
                    .is_some_and(|(_, n)| n > 0)
                {
                    return false;
                }
                self.pending.pop();
            }
            Decision::Intercept { target } => {
                let has_pool = self
                    .activation
                    .as_ref()
                    .is_some_and(|a| a.pool.as_ref().is_some_and(|p| p.target == target));
                if has_pool && !self.intercept_eligible(target).is_empty() {
                    return false;
                }
                self.pending.pop();
                if has_pool {
                    self.finalize_pool(ev);
                }
            }
            Decision::SquadronHit { squadron } => {
                if self.squadron_on_map(squadron).is_some() {
                    return false;
                }
                self.pending.pop();
                if let Some(a) = self.activation.as_mut() {
                    a.dogfight = None;
                }
            }
            Decision::ReturnToBase { squadron, credited } => {
                if self.squadron_on_map(squadron).is_none() {
                    self.pending.pop();
                    return true;
                }
                let hosts = self.return_hosts(squadron);
                match hosts.as_slice() {
                    [] => {
                        self.pending.pop();
                        self.eliminate_squadron(squadron, credited, ev);
                    }
                    [only] => {
                        let only = *only;
                        self.pending.pop();
                        self.land(squadron, only, ev);
                    }
                    _ => return false,
                }
            }
            Decision::BayLoss { ship, credited } => {
                let aboard: Vec<UnitId> = self.aboard(ship).map(|u| u.id).collect();
                match aboard.as_slice() {
                    [] => {
                        self.pending.pop();
                    }
                    [only] => {
                        let only = *only;
                        self.pending.pop();
                        self.eliminate_squadron(only, credited, ev);
                    }
                    _ => return false,
                }
            }
            Decision::Advance { winner, vacated } => {
                if !self.advance_options(winner, vacated).is_empty() {
                    return false;
                }
                self.pending.pop();
            }
            Decision::Push { .. } | Decision::RepairStat { .. } => return false,
        }
        true
    }
}
