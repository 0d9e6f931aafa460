//! Committing a human's action, quick-order intentions and the hot-seat hand-over.

use super::{print_event, Input, Lines, Play};
use anyhow::Result;
use orrery_core::Seat;
use serde_json::Value;
use std::io::IsTerminal;

/// Clears the terminal and its scrollback.
const CLEAR: &str = "\x1b[2J\x1b[3J\x1b[H";

/// Marks a hand-over where the screen cannot be cleared (output to a pipe or file).
const SEPARATOR: &str =
    "------------------------------------------------------------------------------";

impl Play {
    /// `action` as `seat`'s answer, described from what `seat` may know.
    pub(super) fn describe(&self, seat: Seat, action: &Value) -> String {
        self.game
            .describe_action(Some(seat), action)
            .unwrap_or_else(|_| action.to_string())
    }

    /// Apply a human's action and say so: to its player alone at the terminal as it
    /// read it; in hot-seat play as every player may see it (the public record: a
    /// secret order is only said to have been given). A secret order the ruleset's
    /// events announce is not announced again ([`Play::say_action`]).
    pub(super) fn commit(&mut self, seat: Seat, action: &Value) -> bool {
        // A guided battle's lesson takes only its own actions (nothing is applied).
        if let Some(l) = &self.lessons {
            if let Err(why) = l.check(self.game.as_ref(), seat, action) {
                println!("{why}");
                return false;
            }
        }
        // As its player read it (`action_seen_by` for the seat itself), before it is
        // applied (a refused action is not described); what the others are told
        // decides whether it is secret.
        let mine = (!self.hotseat && self.game.is_legal(seat, action))
            .then(|| self.describe(seat, action));
        match self.game.apply_seen_by(seat, action, None) {
            Ok(public) => {
                let secret = public.is_none();
                self.say_action(seat, mine.or(public), secret);
                self.history.push(seat);
                true
            }
            Err(e) => {
                println!("Refused: {e}");
                false
            }
        }
    }

    /// Hot-seat: clear the screen and wait until `seat`'s player has the keyboard, then
    /// recap the public events since the last hand-over. False if input ended. The
    /// screen is cleared only when the output is a terminal: a pipe or a file gets no
    /// control codes, a separator line instead.
    pub(super) fn hand_over(&mut self, seat: Seat, input: &mut Lines) -> Result<bool> {
        if std::io::stdout().is_terminal() {
            print!("{CLEAR}");
        } else {
            println!();
            println!("{SEPARATOR}");
        }
        println!(
            "Pass the keyboard to P{n}. Press Enter when only P{n} can see the screen.",
            n = seat.0
        );
        if let Input::End = input.read("")? {
            println!("(end of input)");
            return Ok(false);
        }
        self.last_human = Some(seat);
        let (events, next) = self.game.events(None, self.handover_since);
        if !events.is_empty() {
            println!("Since the last hand-over:");
            events.iter().for_each(print_event);
        }
        self.handover_since = next;
        Ok(true)
    }

    /// The seat's next queued intention if it is legal now; stale ones are dropped.
    pub(super) fn planned(&mut self, seat: Seat, legal: &[Value]) -> Option<Value> {
        let q = self.queued.get_mut(seat.index())?;
        while let Some(front) = q.first() {
            if legal.contains(front) {
                return Some(q.remove(0));
            }
            q.remove(0);
        }
        None
    }
}
