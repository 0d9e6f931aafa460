//! Who may be shot (FB-05, FB-12, FB-13): the tests of `check_shot`, run for every
//! gun and target when the fire question is listed, without words; a refusal is
//! worded only when an answer is refused.

use crate::action::GunRef;
use crate::catalogue::{Gun, Special};
use crate::combat::{arc_of, Arc};
use crate::fleet::Mount;
use crate::refusal::NoShot;
use crate::state::{Shot, Warfleets};
use crate::terrain::sight;

impl Warfleets {
    /// Whether `shooter`, whose working guns are `guns` ([`Warfleets::guns`]) and
    /// which is engaged with `engaged`, may fire `gun` at `target` given `shots`
    /// already fired this activation; the flank (for Broadside) on success. FB-12:
    /// an enemy on the table; Boarding Pods attack ships only; "an engaged squadron
    /// may only attack the squadrons it is engaged with" (FB-07); a weapon fires into
    /// its mount's arc (FB-05); within range, base to base; with line of sight
    /// (FB-13); once, or twice at two targets (Twin Fire) or into both flanks
    /// (Broadside).
    pub(crate) fn shot_refusal(
        &self,
        shooter: u8,
        guns: &[(GunRef, Gun, Option<Mount>)],
        engaged: &[u8],
        gun: GunRef,
        target: u8,
        shots: &[Shot],
    ) -> Result<Option<bool>, NoShot> {
        let Some((_, g, mount)) = guns.iter().find(|x| x.0 == gun) else {
            return Err(NoShot::NoGun);
        };
        let s = self.model(shooter);
        let Some(t) = self.models.get(usize::from(target)) else {
            return Err(NoShot::NoModel);
        };
        if !t.on_table() || t.seat == s.seat {
            return Err(NoShot::NotEnemy);
        }
        let target_ship = !self.is_squadron(target);
        if g.has(Special::BoardingPod) && !target_ship {
            return Err(NoShot::Pod);
        }
        if !engaged.is_empty() && !engaged.contains(&target) {
            return Err(NoShot::Engaged);
        }
        let mut port = None;
        if let Some(mount) = *mount {
            let arc = arc_of(s.pos, s.heading.vector(), t.pos);
            let ok = match mount {
                Mount::Front => arc == Arc::Front,
                Mount::Rear => arc == Arc::Rear,
                Mount::Side => matches!(arc, Arc::Port | Arc::Starboard),
            };
            if !ok {
                return Err(NoShot::Arc(mount));
            }
            if mount == Mount::Side {
                port = Some(arc == Arc::Port);
            }
        }
        if self.gap(shooter, target) > g.range + 1e-9 {
            return Err(NoShot::Range);
        }
        if !sight(&self.terrain, s.pos, t.pos, self.radius(target)).clear {
            return Err(NoShot::Sight);
        }
        let fired = || shots.iter().filter(|x| x.gun == gun);
        let allowed = if g.has(Special::TwinFire) {
            if fired().any(|x| x.target == target) {
                return Err(NoShot::Twin);
            }
            2
        } else if g.has(Special::Broadside) && port.is_some() {
            if fired().any(|x| x.port == port) {
                return Err(NoShot::Flank);
            }
            2
        } else {
            1
        };
        if fired().count() >= allowed {
            return Err(NoShot::Fired);
        }
        Ok(port)
    }
}
