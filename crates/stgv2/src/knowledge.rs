//! The knowledge digest (issue 26): what seeds an agent's decision, a digest of what
//! the seat's view shows ([`crate::StView`]), read from the state in place instead
//! of building and serializing the view.

use crate::state::{Battle, Step, Stgv2};
use orrery_core::{Digester, Seat};
use orrery_nodes::Pos;

impl Stgv2 {}

fn step_index(step: &Step) -> u64 {
    match step {
        Step::Start { .. } => 0,
        Step::Cells => 1,
        Step::Main { phase } => 2 + *phase as u64,
        Step::Moving { .. } => 5,
        Step::Damage { .. } => 6,
        Step::Over => 7,
    }
}

fn pos_word(p: Pos) -> u64 {
    u64::from(p.node.a as u32) | u64::from(p.node.b as u32 & 0xFF_FFFF) << 32 | u64::from(p.z) << 56
}

fn battle(d: &mut Digester, b: &Battle) {
    d.word(u64::from(b.attacker) | u64::from(b.target) << 16);
    d.word(b.volleys.len() as u64);
    for v in &b.volleys {
        for list in [&v.by, &v.against] {
            d.word(list.len() as u64);
            for &id in list {
                d.word(u64::from(id));
            }
        }
        d.word(u64::from(v.attack_dice) | u64::from(v.defense_dice) << 32);
        d.word(u64::from(v.hits));
        for totals in [&v.attack_totals, &v.defense_totals] {
            d.word(totals.len() as u64);
            for &t in totals {
                d.word(u64::from(t));
            }
        }
    }
}

/// A digest of what `seat`'s view shows. It reads the viewer, the step's name,
/// the round, the current and first players, who is to move, each player's board
/// (cells owned and placed, Spendys ON, whether he has bought a ship, is out, and
/// his attempts), the outposts, the ships in play (id, owner, position, assets,
/// Spendys OFF, attacked, acted), this turn's sets, the set being executed (set,
/// ships moved, the ship following), the head of the damage queue, each deck's
/// draw-pile size and its face-up discards as a multiset (the view counts them
/// by kind), the last battle and the outcome. It leaves out what never changes in
/// a game (scenario name, rules, field, stations and clusters' places) and what
/// the view derives from the rest (columns, OFF per player, ships at their
/// station). It never reads what the view hides: the draw piles' order, the dice
/// generator, the damage queue past its head, the phase under a `moving` or
/// `damage` step, destroyed or unplaced ships. Small fields are packed several
/// to a word (counts past their room are clipped); any two views that differ in
/// something that changes during a game digest differently (MCTS keys its tree by
/// it).
pub(crate) fn knowledge_digest(g: &Stgv2, seat: Seat) -> u64 {
    let mut d = Digester::new();
    d.word(
        u64::from(seat.0)
            | step_index(&g.step) << 8
            | u64::from(g.current.0) << 16
            | u64::from(g.first.0) << 24
            | u64::from(g.round) << 32,
    );
    d.word(g.mover().map_or(u64::MAX, |s| u64::from(s.0)));
    for p in &g.players {
        let c = p.placed;
        d.word(
            u64::from(p.on)
                | u64::from(p.cells) << 32
                | u64::from(c.moves.min(15)) << 40
                | u64::from(c.attack.min(15)) << 44
                | u64::from(c.defend.min(15)) << 48
                | u64::from(c.action.min(15)) << 52
                | u64::from(p.bought_ship) << 56
                | u64::from(p.out) << 57
                | u64::from(p.attempts.min(63)) << 58,
        );
    }
    for chunk in g.clusters.chunks(8) {
        let mut w = 0u64;
        for (i, c) in chunk.iter().enumerate() {
            w |= u64::from(c.outpost.map_or(0xFF, |s| s.0)) << (8 * i);
        }
        d.word(w);
    }
    for s in g.ships.iter().filter(|s| s.alive) {
        let a = s.assets;
        d.word(pos_word(s.pos));
        d.word(
            u64::from(s.id)
                | u64::from(s.seat.0) << 16
                | u64::from(s.attacked) << 24
                | u64::from(s.acted) << 25,
        );
        d.word(
            u64::from(a.weapon)
                | u64::from(a.shield) << 8
                | u64::from(a.engine) << 16
                | u64::from(a.shuttle) << 24
                | u64::from(s.off) << 32,
        );
    }
    d.word(g.sets.len() as u64);
    for set in &g.sets {
        d.word(set.cards.len() as u64 | u64::from(set.used) << 32);
        for chunk in set.cards.chunks(16) {
            d.word(chunk.iter().fold(0u64, |w, &c| w << 4 | (c as u64 + 1)));
        }
    }
    match &g.step {
        Step::Moving {
            set,
            moved,
            following,
            ..
        } => {
            d.word(
                u64::from(*set)
                    | following
                        .map_or(0xFFFF_FFFF, |f| u64::from(f.ship) | u64::from(f.card) << 16)
                        << 8,
            );
            d.word(moved.len() as u64);
            for &m in moved {
                d.word(u64::from(m));
            }
        }
        Step::Damage { damage, .. } => {
            d.word(
                damage
                    .first()
                    .map_or(u64::MAX, |p| u64::from(p.ship) | u64::from(p.hits) << 16),
            );
        }
        _ => {}
    }
    let mut kinds = [0u64; 5];
    for &c in &g.move_deck.discard {
        kinds[c as usize] += 1;
    }
    d.word(kinds[0] | kinds[1] << 16 | kinds[2] << 32 | kinds[3] << 48);
    d.word(kinds[4] | (g.move_deck.len() as u64) << 32);
    let claims = g
        .outpost_deck
        .discard
        .iter()
        .filter(|&&c| c == crate::state::OutpostCard::Claim)
        .count() as u64;
    d.word(g.outpost_deck.len() as u64 | claims << 32);
    d.word(g.outpost_deck.discard.len() as u64 | (g.revenue_deck.len() as u64) << 32);
    // The face-up revenue cards as a multiset (the view counts them by value),
    // whatever their order: sorted, every value fed.
    let mut revenue = g.revenue_deck.discard.clone();
    revenue.sort_unstable();
    d.word(revenue.len() as u64);
    for v in revenue {
        d.word(u64::from(v));
    }
    if let Some(b) = &g.last_battle {
        battle(&mut d, b);
    }
    if let Some(o) = &g.outcome {
        for w in &o.winners {
            d.word(u64::from(w.0));
        }
        for s in &o.scores {
            d.word(s.to_bits());
        }
        d.bytes(o.reason.as_bytes());
    }
    d.finish()
}
