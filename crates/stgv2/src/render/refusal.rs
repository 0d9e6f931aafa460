//! The words of a refusal ([`Refusal`]): what a player reads when the rules refuse an
//! answer, made here, above the rules.

use crate::economy::MAX_SHIPS;
use crate::movement::Play;
use crate::refusal::Refusal;
use crate::state::{Column, Phase, Step, Stgv2};
use crate::words::{dirs_text, spendys};
use crate::Action;
use orrery_core::{counted, ActionError, Game, Seat};
use orrery_nodes::Node;

/// What the open question asks for, in a refusal's words.
fn asked(step: &Step) -> &'static str {
    match step {
        Step::Start { .. } => "choose your ship's starting corner (`start`)",
        Step::Cells => "place your Energy Cells (`cells`)",
        Step::Damage { .. } => "choose the asset your damaged ship loses (`lose`)",
        Step::Moving {
            following: Some(_), ..
        } => "play the ship's next Move Card (`card`)",
        Step::Moving { .. } => "choose the next ship to follow the set (`follow`) or `end_set`",
        Step::Main { .. } => "a step of your turn",
        Step::Over => "the game is over",
    }
}

fn list(nodes: &[Node]) -> String {
    nodes
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn column_name(c: Column) -> &'static str {
    match c {
        Column::Move => "MOVE",
        Column::Attack => "ATTACK",
        Column::Defend => "DEFEND",
        Column::Action => "ACTION",
    }
}

/// `r` in words, for the player whose answer it refuses.
pub fn refusal(g: &Stgv2, r: &Refusal<'_>) -> String {
    match *r {
        Refusal::NotStartCorner { seat, node } => format!(
            "{node} is not a starting corner: choose one of {} (ST-05)",
            list(&g.start_options(seat))
        ),
        Refusal::CannotLose { ship, asset, hits } => format!(
            "ship {} cannot lose a {} with {} left: choose one of {} (ST-12)",
            ship,
            asset.name(),
            counted(hits as usize, "hit", "hits"),
            g.removable(ship, hits)
                .iter()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Refusal::CardWay { dirs } => format!(
            "the card cannot be played as [{}]: the ways open are {} (ST-09)",
            dirs_text(dirs),
            g.current_plays()
                .iter()
                .map(|p| format!("[{}]", dirs_text(&p.dirs)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Refusal::SetBeingExecuted { set } => {
            format!("set {set} is being executed; finish it first (`end_set`) (ST-08)")
        }
        Refusal::CannotFollow { ship, set } => format!(
            "ship {ship} may not follow set {set}: not yours, without an engine, or already moved with it (ST-08)"
        ),
        Refusal::NotAnAnswer { action, step } => format!(
            "{} is not an answer now: {}",
            serde_json::to_string(action).unwrap_or_default(),
            asked(step)
        ),
        Refusal::ColumnFull { column, max } => format!(
            "the {} column has room for {max} cells (ST-06)",
            column_name(column)
        ),
        Refusal::TooManyCells { placed, owned } => {
            format!("{placed} cells placed but you own {owned} (ST-06)")
        }
        Refusal::NoSet { set } => format!(
            "no unused Move Card set {set} (sets this turn: {}) (ST-08)",
            g.sets.len()
        ),
        Refusal::NoEngine { ship } => {
            format!("ship {ship} is not one of your ships in play with an engine (seed 2)a)")
        }
        Refusal::NotInStep { action, phase } => format!(
            "{} is not an answer in step {} ({}): {}",
            serde_json::to_string(action).unwrap_or_default(),
            phase.number(),
            phase.name(),
            match phase {
                Phase::Combat => "attack, follow a set or `next`",
                Phase::Action => "act at a cluster, follow a set or `next`",
                Phase::Purchase => "buy, follow a set or `next`",
            }
        ),
        Refusal::NotYourShip { ship } => format!("ship {ship} is not one of your ships in play"),
        Refusal::NoCluster { cluster } => format!(
            "no asteroid cluster {cluster} (clusters are 0–{})",
            g.clusters.len().max(1) - 1
        ),
        Refusal::NoActionCell => {
            "no cell left in the ACTION column for another attempt (ST-13)".into()
        }
        Refusal::AlreadyActed { ship } => {
            format!("ship {ship} has already made an Action attempt this turn (ST-13)")
        }
        Refusal::NoAssets { ship } => format!("ship {ship} has no assets (ST-13)"),
        Refusal::NotAtCluster { ship, cluster } => {
            format!("ship {ship} is not adjacent to cluster {cluster} (ST-02)")
        }
        Refusal::OutpostHeld { cluster, owner } => {
            format!("cluster {cluster} holds player {owner}'s outpost (ST-13)")
        }
        Refusal::TooDear { seat, item } => format!(
            "{} costs {} Spendys; you have {} ON station (ST-14)",
            item.with_article(),
            spendys(g.price(item)),
            spendys(g.player(seat).on)
        ),
        Refusal::MaxCells => format!(
            "you own {} Energy Cells, the most a player may (ST-06)",
            g.rules.max_cells
        ),
        Refusal::CellNotForShip => "an Energy Cell goes to your pool, not to a ship".into(),
        Refusal::NameShip { item } => format!("name the ship to fit the {} to", item.name()),
        Refusal::NotAtStation { ship } => {
            format!("ship {ship} is not adjacent to your Space Station (ST-15)")
        }
        Refusal::NoFreeHole { ship } => format!("ship {ship} has no free hole of its 24 (ST-15)"),
        Refusal::ShipTooDear { seat } => format!(
            "a ship costs {} Spendys; you have {} ON station (ST-14)",
            spendys(g.rules.prices.ship),
            spendys(g.player(seat).on)
        ),
        Refusal::MaxShips => format!("the game holds at most {MAX_SHIPS} ships"),
        Refusal::NotNearStation { at } => {
            format!("{at} is not a position adjacent to your Space Station (ST-15)")
        }
        Refusal::Occupied { at } => format!("{at} is occupied (ST-03)"),
        Refusal::NoShip { ship } => format!(
            "no ship {} (ships are 0–{})",
            ship,
            g.ships.len().max(1) - 1
        ),
        Refusal::NotEnemy { target } => format!("ship {target} is not an enemy ship in play"),
        Refusal::NoWeapon { ship } => format!("ship {ship} has no Weapon (ST-11)"),
        Refusal::AlreadyAttacked { ship } => {
            format!("ship {ship} has already initiated an attack this turn (ST-10)")
        }
        Refusal::NotBoughtShip { seat } => format!(
            "player {} has not bought a ship yet and may not be attacked (ST-10)",
            seat
        ),
        Refusal::NotAdjacent { ship, target } => format!(
            "ship {target} is not adjacent to ship {ship}: one edge must join them (ST-02)"
        ),
    }
}

impl Stgv2 {
    /// Check an answer: `Ok` exactly when [`Stgv2::answer`] may run it; a refusal in
    /// words (the rules give it as a [`Refusal`]).
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.checked(seat, action).map(|_| ())
    }

    /// [`Stgv2::check`], with the play a card answer makes (found once, for
    /// [`Stgv2::run`]).
    pub(crate) fn checked(&self, seat: Seat, action: &Action) -> Result<Option<Play>, ActionError> {
        if self.outcome.is_some() || self.mover() != Some(seat) {
            ActionError::check_turn(self.outcome.is_some(), seat, self.to_move())?;
        }
        self.play_or_refusal(seat, action)
            .map_err(|r| ActionError::illegal(refusal(self, &r)))
    }
}
