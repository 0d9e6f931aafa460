//! Activating units in the attack steps, ending activations, and the automatic
//! progression after every attack action (LF-08, LF-10).
//!
//! > "If multiple units are in the same step, players take turns, in initiative
//! > sequence, attacking with one unit at a time. However, this attack initiative is
//! > from highest to lowest."

use super::illegal;
use crate::action::Action;
use crate::event::Event;
use crate::refusal::Refusal;
use crate::state::{Activation, LaunchFighters, Location, Phase, System};
use orrery_core::Seat;

/// More rounds than `settle` can ever need (each round pops a decision or ends
/// something); a guard against a logic error looping forever.
const SETTLE_ROUNDS: usize = 10_000;

impl LaunchFighters {
    /// `Activate` for each of `seat`'s units in the current attack step.
    pub(super) fn activate_candidates(&self, seat: Seat) -> Vec<Action> {
        if !matches!(self.phase, Phase::Attack { .. }) {
            return Vec::new();
        }
        self.units
            .iter()
            .filter(|u| u.owner == seat && self.in_current_step(u))
            .map(|u| Action::Activate { unit: u.id })
            .collect()
    }

    /// LF-08: with no unit active, the step actor activates one unactivated unit of
    /// his in the current step ("each unit is active just once"; "Squadrons that are
    /// inactive when their turn comes do not activate").
    pub(super) fn check_activate(&self, seat: Seat, a: &Action) -> Result<(), Refusal> {
        let Phase::Attack { step } = self.phase else {
            return illegal(Refusal::NotAttackPhase);
        };
        let Action::Activate { unit } = a else {
            return illegal(Refusal::NoActiveUnit { step });
        };
        let Some(u) = self.unit_opt(*unit) else {
            return illegal(Refusal::NoSuchUnit(*unit));
        };
        if u.owner != seat {
            return illegal(Refusal::NotYours(*unit));
        }
        if self.step_actor() != Some(seat) {
            return illegal(Refusal::OtherActivatesFirst);
        }
        if !matches!(u.location, Location::OnMap(_)) {
            return illegal(Refusal::UnitOffMap(*unit));
        }
        if u.activated {
            return illegal(Refusal::AlreadyActive(*unit));
        }
        if u.squadron().is_some_and(|s| !s.active) {
            return illegal(Refusal::InactiveSquadron(*unit));
        }
        if u.step() != step {
            return illegal(Refusal::WrongStep {
                unit: *unit,
                its: u.step(),
                step,
            });
        }
        Ok(())
    }

    pub(super) fn exec_activate(&mut self, a: &Action, ev: &mut Vec<Event>) {
        let Action::Activate { unit } = a else {
            return;
        };
        let unit = *unit;
        self.unit_mut(unit).activated = true;
        self.activation = Some(Activation {
            unit,
            used: Vec::new(),
            pool: None,
            launched: 0,
            launching: false,
            dogfight: None,
        });
        ev.push(Event::Activated { unit });
    }

    /// What the active unit may do now (a superset of the legal list).
    pub(super) fn activation_candidates(&self, act: &Activation) -> Vec<Action> {
        let Some(u) = self.unit_opt(act.unit) else {
            return Vec::new();
        };
        if let Some(pool) = &act.pool {
            return self.barrage_candidates(act, pool);
        }
        if act.launching {
            let mut v = self.launch_candidates(act);
            v.push(Action::EndLaunch);
            return v;
        }
        let mut v = if u.is_ship() {
            let mut v = self.fire_candidates(act);
            v.extend(self.launch_candidates(act));
            v
        } else {
            self.guns_candidates(act)
        };
        v.push(Action::EndActivation);
        v
    }

    /// Check an action of the active unit's owner.
    pub(super) fn check_activation_action(
        &self,
        seat: Seat,
        act: &Activation,
        a: &Action,
    ) -> Result<(), Refusal> {
        let Some(u) = self.unit_opt(act.unit) else {
            return illegal(Refusal::ActiveUnitGone);
        };
        if u.owner != seat {
            return illegal(Refusal::OthersActive(act.unit));
        }
        let ship_only = |what: &'static str| -> Result<(), Refusal> {
            if u.is_ship() {
                Ok(())
            } else {
                illegal(Refusal::ShipsAction { what })
            }
        };
        let squadron_only = |what: &'static str| -> Result<(), Refusal> {
            if u.is_ship() {
                illegal(Refusal::SquadronsAction { what })
            } else {
                Ok(())
            }
        };
        match a {
            Action::FireCannons { target } => {
                ship_only("FireCannons")?;
                self.check_fire(act, System::Cannons, *target, None)
            }
            Action::FireLaunchers { target, missiles } => {
                ship_only("FireLaunchers")?;
                self.check_fire(act, System::Launchers, *target, Some(*missiles))
            }
            Action::Launch { squadron, to } => {
                ship_only("Launch")?;
                self.check_launch(act, *squadron, *to)
            }
            Action::EndLaunch => {
                if act.launching {
                    Ok(())
                } else {
                    illegal(Refusal::NothingLaunching)
                }
            }
            Action::Barrage { dice, target } => self.check_barrage(act, *dice, *target),
            Action::StopFiring => {
                if act.pool.is_some() {
                    Ok(())
                } else {
                    illegal(Refusal::NoPoolToStop)
                }
            }
            Action::Dogfight { target } => {
                squadron_only("Dogfight")?;
                self.check_dogfight(act, *target)
            }
            Action::Formation { target, wingmen } => {
                squadron_only("Formation")?;
                self.check_formation(act, *target, wingmen)
            }
            Action::ReturnToBase { host } => {
                squadron_only("ReturnToBase")?;
                self.check_voluntary_return(act, *host)
            }
            Action::EndActivation => {
                if act.pool.is_some() {
                    illegal(Refusal::PoolOpen)
                } else if act.launching {
                    illegal(Refusal::Launching)
                } else {
                    Ok(())
                }
            }
            other => illegal(Refusal::NotItsAction {
                unit: act.unit,
                action: other.clone(),
            }),
        }
    }

    pub(super) fn exec_activation_action(&mut self, a: &Action, ev: &mut Vec<Event>) {
        match a {
            Action::FireCannons { target } => self.exec_fire(System::Cannons, *target, 0, ev),
            Action::FireLaunchers { target, missiles } => {
                self.exec_fire(System::Launchers, *target, *missiles, ev)
            }
            Action::Launch { squadron, to } => self.exec_launch(*squadron, *to, ev),
            Action::EndLaunch => {
                if let Some(act) = self.activation.as_mut() {
                    act.launching = false;
                }
            }
            Action::Barrage { dice, target } => self.exec_barrage(*dice, *target, ev),
            Action::StopFiring => {
                if let Some(act) = self.activation.as_mut() {
                    act.pool = None;
                }
            }
            Action::Dogfight { target } => self.exec_dogfight(*target, ev),
            Action::Formation { target, wingmen } => self.exec_formation(*target, wingmen, ev),
            Action::ReturnToBase { host } => self.exec_voluntary_return(*host, ev),
            Action::EndActivation => self.end_activation(),
            _ => {}
        }
    }

    /// The active unit is done: the next player in the attack sequence goes (LF-08).
    pub(super) fn end_activation(&mut self) {
        let Some(act) = self.activation.take() else {
            return;
        };
        if let Some(u) = self.unit_opt(act.unit) {
            let seat = u.owner;
            self.unit_turn_done(seat);
        }
    }

    /// Does the active unit have anything to do besides ending its activation?
    fn activation_has_options(&self, act: &Activation) -> bool {
        let Some(u) = self.unit_opt(act.unit) else {
            return false;
        };
        let seat = u.owner;
        self.activation_candidates(act)
            .iter()
            .filter(|a| !matches!(a, Action::EndActivation))
            .any(|a| self.check_activation_action(seat, act, a).is_ok())
    }

    /// Everything that follows an action without a choice:
    /// - decisions whose subject vanished are dropped, forced ones resolved
    ///   (`settle_decision`);
    /// - a pool ends when its dice are gone, its ship target is destroyed, or (flak) no
    ///   enemy squadron is adjacent any more (seed "8) Repeat": "When all the attack
    ///   dice in a pool have been rolled … start over with the next weapons system");
    /// - launching ends when the bays are used up or nothing more can be launched;
    /// - the activation ends when the active unit left the map, a squadron has used
    ///   its guns (or returned), or nothing but `EndActivation` is left to do.
    pub(super) fn settle(&mut self, ev: &mut Vec<Event>) {
        for _ in 0..SETTLE_ROUNDS {
            if !self.pending.is_empty() {
                if self.settle_decision(ev) {
                    continue;
                }
                return;
            }
            let Some(act) = self.activation.clone() else {
                return;
            };
            let Some(u) = self.unit_opt(act.unit) else {
                self.activation = None;
                return;
            };
            let (seat, is_ship, hex) = (u.owner, u.is_ship(), u.hex());
            let Some(hex) = hex else {
                // Eliminated or returned during its own activation.
                self.end_activation();
                return;
            };
            if let Some(pool) = &act.pool {
                let over = pool.dice == 0
                    || if pool.flak {
                        self.adjacent_enemy_squadrons(hex, seat).is_empty()
                    } else {
                        self.ship_on_map(pool.target).is_none()
                    };
                if over {
                    if let Some(a) = self.activation.as_mut() {
                        a.pool = None;
                    }
                    continue;
                }
                return;
            }
            if act.launching {
                if !self.can_launch_more(&act) {
                    if let Some(a) = self.activation.as_mut() {
                        a.launching = false;
                    }
                    continue;
                }
                return;
            }
            let done = (!is_ship && act.used.contains(&System::Guns))
                || !self.activation_has_options(&act);
            if done {
                self.end_activation();
            }
            return;
        }
    }
}
