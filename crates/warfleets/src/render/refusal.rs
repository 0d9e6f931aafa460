//! The words of a refusal ([`Refusal`]): what a player reads when the rules refuse an
//! answer, made here, above the rules.

use crate::action::GunRef;
use crate::catalogue::Gun;
use crate::fleet::Mount;
use crate::refusal::{NoFlight, NoShot, Refusal};
use crate::state::Warfleets;
use crate::Action;
use orrery_core::{ActionError, Game, Seat};

/// `r` in words, for the player whose answer it refuses.
pub(crate) fn refusal(g: &Warfleets, r: &Refusal) -> String {
    match r {
        Refusal::NothingToRepair => "that upgrade has no damage to repair".into(),
        Refusal::PickRepair => "pick the upgrade the repair takes damage off (repair_upgrade)".into(),
        Refusal::CannotTakeDamage => "that upgrade cannot take damage".into(),
        Refusal::PickAssign => "pick the upgrade that takes the damage (assign)".into(),
        Refusal::PlaceAside => "place the squadron the ship ended on (move_aside)".into(),
        Refusal::NotYoursToDeploy => "that model is not yours to deploy now".into(),
        Refusal::Heading => "a heading is 0–23 (15° steps)".into(),
        Refusal::OnlyTacticalMasterHeld => "only a Tactical Master may be held back".into(),
        Refusal::SquadronNotYoursToDeploy => "that squadron is not yours to deploy now".into(),
        Refusal::NotYourEliteCarrier => "that is not one of your Elite Carriers".into(),
        Refusal::CarrierFull => "the carrier is full (as many squadrons as its upgrades)".into(),
        Refusal::TacticalMasterMustDeploy => "in the last round the Tactical Master must deploy if it can".into(),
        Refusal::CannotActivate => "that model cannot activate now".into(),
        Refusal::NoSuchModel => "no such model".into(),
        Refusal::OnlyRogueLeft => "only a Rogue squadron may be left for later".into(),
        Refusal::NotLeftForLater => "that squadron was not left for later".into(),
        Refusal::MineNearShip => "the mine goes within 4\" of the ship".into(),
        Refusal::MineOnTable => "the mine goes on the table".into(),
        Refusal::PlaceNamedSquadron => "place the squadron named in the question".into(),
        Refusal::NotJustLaunched => "that squadron was not just launched".into(),
        Refusal::ReturnPoint => "return a whole number of inches (−4 to 4) from the exit point, on a free spot".into(),
        Refusal::WholeInches => "positions are whole inches (WFO-01)".into(),
        Refusal::MarkerEdges => "markers go more than 9\" from the table edges".into(),
        Refusal::MarkerZones => "markers go more than 9\" from the deployment zones".into(),
        Refusal::MarkerApart => "markers go more than 9\" from each other".into(),
        Refusal::DeployZone => "deploy with the whole base within 12\" of your edge".into(),
        Refusal::FreeSpot => "a free spot wholly on the table".into(),
        Refusal::AwayFromEnemies => "more than 9\" from every enemy model".into(),
        Refusal::LeavesTable => "the move would leave the table".into(),
        Refusal::EndsOnModel => "the move would end on a model".into(),
        Refusal::IntoImpassable => "the move runs into impassable terrain".into(),
        Refusal::NearCarrier => "within 2\" of the carrier".into(),
        Refusal::HoldTurn => "Hold turns up to 180° (12 steps)".into(),
        Refusal::SquadronHold => "squadrons have no facing: hold 0".into(),
        Refusal::RamTarget => "ram an enemy ship on the table (squadrons cannot be rammed)".into(),
        Refusal::RepairBay => "Repair Bay: another friendly ship within 4\" with damage".into(),
        Refusal::TractorBeam => "Tractor Beam: an enemy ship within 8\"".into(),
        Refusal::NoAvengerMove => "no Avenger move now".into(),
        Refusal::AfterActivating => "after activating: repair, tractor, relocate or done".into(),
        Refusal::SpotTaken => "that spot overlaps a model or impassable terrain".into(),
        Refusal::InImpassable => "not in impassable terrain".into(),
        Refusal::NoSquadronToPlace => "no squadron to place".into(),
        Refusal::FreeSpotNoOverlap => "a free spot wholly on the table, overlapping no model".into(),
        Refusal::NoSuchTarget => "no such target".into(),
        Refusal::RamContact => "the ram cannot reach base contact with its target".into(),
        Refusal::ShipOrder => "a ship answers hold, move, cruise or ram".into(),
        Refusal::SquadronOrder => "a squadron answers hold or fly".into(),
        Refusal::Advance { mv } => format!("advance 0 to {mv} inches in ½\" steps"),
        Refusal::NotAnAnswer { step } => format!("that is not an answer to the {step} question"),
        Refusal::Reach { reach } => format!("within {reach}\" of where it is"),
        Refusal::PlaceFirst { squadron } => format!("place {} first", g.name_of(*squadron)),
        Refusal::NearShip { ship } => format!("within 1\" of {}", g.name_of(*ship)),
        Refusal::TurnTooFar { turn, limit } => format!(
            "a turn of {}° is more than {}° allowed",
            i32::from(*turn).abs() * 15,
            limit * 15
        ),
        Refusal::Pivot { speed } => format!(
            "the turn comes after {} to {speed} inches of the {speed}\" move, in ½\" steps from {speed}",
            speed / 2.0,
        ),
        Refusal::Shot {
            shooter,
            gun,
            target,
            why,
        } => shot_words(g, *shooter, &g.guns(*shooter), *gun, *target, *why),
        Refusal::Flight { squadron, why } => match why {
            NoFlight::Engaged => "an engaged squadron cannot move (FB-07)".into(),
            NoFlight::NotWhole => "positions are whole inches (WFO-01)".into(),
            NoFlight::Cost(c) => {
                format!("that costs {c:.2}\", more than its {}\"", g.speeds(*squadron).1)
            }
            NoFlight::OffTable => "it must end wholly on the table".into(),
            NoFlight::Impassable => "the path crosses impassable terrain".into(),
            NoFlight::Overlap => "it may not end overlapping a model".into(),
            NoFlight::MustEngage(e) => format!(
                "it comes within 2\" of {} and must end within 2\" of it (FB-07)",
                g.model(*e).name
            ),
        },
    }
}

/// A refused shot in words.
fn shot_words(
    g: &Warfleets,
    shooter: u8,
    guns: &[(GunRef, Gun, Option<Mount>)],
    gun: GunRef,
    target: u8,
    why: NoShot,
) -> String {
    let name = || g.model(target).name.clone();
    match why {
        NoShot::NoGun => "no such working gun".into(),
        NoShot::NoModel => format!("no model {target}"),
        NoShot::NotEnemy => format!("{} is not an enemy on the table", name()),
        NoShot::Pod => "a Boarding Pod may only attack ships".into(),
        NoShot::Engaged => {
            "an engaged squadron may only attack the squadrons it is engaged with".into()
        }
        NoShot::Arc(mount) => {
            format!("{} is not in the {} arc", name(), mount.name())
        }
        NoShot::Range => {
            let range = guns.iter().find(|x| x.0 == gun).map_or(0.0, |g| g.1.range);
            format!(
                "{} is {:.1}\" away, out of range ({}\")",
                name(),
                g.gap(shooter, target),
                range
            )
        }
        NoShot::Sight => format!("no line of sight to {}", name()),
        NoShot::Twin => "Twin Fire: the two attacks need two different targets".into(),
        NoShot::Flank => "Broadside has fired into that flank already".into(),
        NoShot::Fired => "that gun has fired".into(),
    }
}

impl Warfleets {
    /// Whether `seat` may answer `action` now; the reason if not, in words (the rules
    /// give it as a `Refusal`). Never changes the state.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        ActionError::check_turn(self.outcome.is_some(), seat, self.to_move())?;
        self.check_answer(seat, action)
            .map_err(|why| ActionError::illegal(refusal(self, &why)))
    }
}
