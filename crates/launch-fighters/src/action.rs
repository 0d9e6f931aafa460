//! Every decision a Launch Fighters! player can make. One JSON shape per variant, tagged
//! by `"type"` (see docs/launch-fighters.md for examples).

use crate::types::{Stat, UnitId};
use orrery_hex::{Dir, Hex};
use serde::{Deserialize, Serialize};

/// What a hit squadron suffers, chosen by the attacker (seed "Hits on Fighters").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SquadronFate {
    Flip,
    ReturnToBase,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    // ---- placement (LF-07) ----
    /// Put a ship on the map (the first of a fleet is its flagship).
    Place { ship: UnitId, at: Hex, facing: Dir },

    // ---- movement (LF-09) ----
    /// Move a unit to `to` (its own hex = stay) and, for ships, face `facing`.
    /// `boost` spends a booster for the one extra space the move needs; `warp` declares
    /// warp drive (LF-19). Squadrons have no facing (`facing` absent).
    Move {
        unit: UnitId,
        to: Hex,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facing: Option<Dir>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        boost: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        warp: bool,
    },
    /// Where a pushed squadron goes (its owner decides).
    Push { to: Hex },

    // ---- attack (LF-10…LF-15) ----
    /// Activate a unit of the current step.
    Activate { unit: UnitId },
    /// Fire cannons at a ship within 5, or flak at an adjacent squadron.
    FireCannons { target: UnitId },
    /// Fire `missiles` missiles at a ship within 5, or flak at an adjacent squadron.
    FireLaunchers { target: UnitId, missiles: u8 },
    /// Bays: launch one squadron aboard into an empty adjacent hex.
    Launch { squadron: UnitId, to: Hex },
    /// Stop launching (bays system done).
    EndLaunch,
    /// Roll a barrage of `dice` from the pool; for flak, at `target` (an adjacent
    /// enemy squadron).
    Barrage {
        dice: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<UnitId>,
    },
    /// Stop rolling this pool (remaining dice are lost).
    StopFiring,
    /// Guns: dogfight an adjacent enemy squadron.
    Dogfight { target: UnitId },
    /// Guns: attack an adjacent ship in formation with `wingmen` (other active,
    /// not-yet-activated squadrons of the same owner adjacent to the target).
    Formation {
        target: UnitId,
        wingmen: Vec<UnitId>,
    },
    /// A squadron returns to base voluntarily instead of attacking.
    ReturnToBase { host: UnitId },
    /// The active unit is done.
    EndActivation,

    // ---- decisions ----
    /// Reduce these stats, one level per entry (a direct missile hit: two entries,
    /// possibly the same stat twice).
    Reduce { stats: Vec<Stat> },
    /// Intercept incoming missiles with up to 3 eligible squadrons (may be empty).
    Intercept { squadrons: Vec<UnitId> },
    /// The fate of a hit squadron.
    HitSquadron { fate: SquadronFate },
    /// The ship a returning squadron lands on.
    LandOn { host: UnitId },
    /// The squadron aboard destroyed by a bay hit.
    LoseSquadron { squadron: UnitId },
    /// Advance after a dogfight: the winner or an adjacent friend, or nobody.
    Advance {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        squadron: Option<UnitId>,
    },

    // ---- recovery (LF-16) ----
    /// Spend a Repair level on a damaged ship and roll.
    Repair { ship: UnitId },
    /// Raise this stat after a successful repair roll.
    RepairStat { stat: Stat },
    /// No (more) repairs this turn.
    EndRepairs,
}
