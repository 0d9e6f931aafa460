//! The end of the game (ST-17, ST-18, ST-19): the only player left, the Spendys
//! target, the turn limit, and a battle that leaves nobody.

use crate::event::Event;
use crate::state::{Step, Stgv2};
use crate::words::spendys;
use orrery_core::{Game, Logged, Outcome, Seat};

type Log = Vec<Logged<Event>>;

impl Stgv2 {
    /// Outposts each seat holds now, by seat (what ST-19 ranks by when a battle's
    /// eliminations remove them: taken before the battle's damage is settled).
    pub(crate) fn outposts_by_seat(&self) -> Vec<usize> {
        (0..self.players.len())
            .map(|i| self.outposts(Seat(i as u8)))
            .collect()
    }

    /// Is the game decided by who is left? ST-18: "a player wins … at once if he is
    /// the only player left"; ST-19: "If nobody is left, the game ends there".
    /// `held` is each seat's outposts before the last battle's damage (ST-17 removes
    /// an eliminated player's outposts at once; ST-19 still ranks by them).
    pub(crate) fn decided_by_who_is_left(&mut self, held: &[usize], log: &mut Log) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        let left: Vec<Seat> = self.in_play().collect();
        match left.len() {
            0 => {
                self.nobody_left(held, log);
                true
            }
            1 => {
                self.finish(left, "the only player left (ST-17, ST-18)".into(), log);
                true
            }
            _ => false,
        }
    }

    /// ST-19 "Mutual destruction": "the players eliminated in that battle are ranked
    /// by Spendys ON station, then by outposts, and a remaining tie is a shared win".
    /// They are the owners of the battle's two principals (only principals take
    /// hits, ST-11), each with the outposts he held when the damage began (STO-11:
    /// ST-17 has removed them). Should no battle account for the last eliminations
    /// (it cannot happen in play; `validate` refuses such a state), the game stops
    /// with no winner and says why.
    fn nobody_left(&mut self, held: &[usize], log: &mut Log) {
        let mut fallen: Vec<Seat> = match &self.last_battle {
            Some(b) => [b.attacker, b.target]
                .iter()
                .filter(|&&id| usize::from(id) < self.ships.len())
                .map(|&id| self.ship(id).seat)
                .filter(|s| self.player(*s).out)
                .collect(),
            None => Vec::new(),
        };
        fallen.sort();
        fallen.dedup();
        if fallen.is_empty() {
            self.stop(
                "nobody is left, and no battle says who fell last (ST-19)",
                log,
            );
            return;
        }
        let outposts = |s: Seat| held.get(s.index()).copied().unwrap_or(0);
        let (winners, best) = self.richest(&fallen, outposts);
        let reason = format!(
            "nobody is left: the last ships of seats {} fell in one battle; most Spendys ON station ({}), then most outposts (ST-19)",
            fallen
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" and "),
            spendys(best)
        );
        self.finish(winners, reason, log);
    }

    /// ST-18: after the last round, most Spendys ON station; ties: most outposts;
    /// still tied: a shared win.
    pub(crate) fn finish_on_spendys(&mut self, log: &mut Log) {
        let seats: Vec<Seat> = self.in_play().collect();
        let (winners, best) = self.richest(&seats, |s| self.outposts(s));
        let reason = format!(
            "{} rounds played: most Spendys ON station ({}), then most outposts (ST-18)",
            self.rules.rounds,
            spendys(best)
        );
        self.finish(winners, reason, log);
    }

    /// The seats among `seats` with the most Spendys ON station, then the most
    /// outposts (ST-18, ST-19); all of them on a full tie. With the best ON count.
    fn richest(&self, seats: &[Seat], outposts: impl Fn(Seat) -> usize) -> (Vec<Seat>, u32) {
        let key = |s: Seat| (self.player(s).on, outposts(s));
        let best = seats.iter().map(|&s| key(s)).max().unwrap_or((0, 0));
        let winners = seats.iter().copied().filter(|&s| key(s) == best).collect();
        (winners, best.0)
    }

    pub(crate) fn finish(&mut self, winners: Vec<Seat>, reason: String, log: &mut Log) {
        log.push(Logged::public(Event::Won {
            seats: winners.clone(),
            reason: reason.clone(),
        }));
        self.outcome = Some(Outcome {
            winners,
            scores: self.scores(),
            reason,
        });
        self.step = Step::Over;
    }

    /// Outposts `seat` holds.
    pub fn outposts(&self, seat: Seat) -> usize {
        self.clusters
            .iter()
            .filter(|c| c.outpost == Some(seat))
            .count()
    }
}

/// Scores: Spendys ON station (what ST-18 ranks by).
pub(crate) fn scores(g: &Stgv2) -> Vec<f64> {
    g.players.iter().map(|p| f64::from(p.on)).collect()
}
