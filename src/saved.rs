//! Saving a game in play and resuming it (`play --save FILE`, `play --resume FILE`).
//!
//! The file is the game's record (docs/protocol.md, "Records"): ruleset, scenario,
//! seed and every action, so `orrery replay FILE` narrates it and `orrery engine`
//! loads it. It is written after every action, and never holds an order that is
//! still secret from some seat: the record is cut before the first action any seat
//! may not see yet. Agents decide from the position, the seed and their seat alone,
//! so on resume they give the cut orders again; a human gives theirs again.

use anyhow::{anyhow, Context, Result};
use orrery_core::{Record, Seat};
use orrery_protocol::DynGame;
use std::path::Path;

/// The record of `game` without the actions some seat may not see yet (and
/// everything after them).
pub fn saveable_record(game: &dyn DynGame) -> Record {
    let mut record = game.record();
    let cut = (0..game.seats())
        .filter_map(|s| {
            game.record_for(Some(Seat(s)))
                .actions
                .iter()
                .position(|a| a.action.is_none())
        })
        .min()
        .unwrap_or(record.actions.len());
    record.actions.truncate(cut);
    record
}

/// Write `game`'s saveable record to `path`: to a temporary file beside it first,
/// then renamed over it, so a crash never leaves half a file. Anything that is not a
/// regular file (`/dev/null`, a pipe) is written to as it is, never replaced.
pub fn save(game: &dyn DynGame, path: &Path) -> Result<()> {
    let record = saveable_record(game);
    let text = serde_json::to_string_pretty(&record)?;
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return std::fs::write(path, text + "\n")
            .with_context(|| format!("cannot write the saved game {}", path.display()));
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text + "\n")
        .with_context(|| format!("cannot write the saved game {}", Path::new(&tmp).display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("cannot write the saved game {}", path.display()))
}

/// Read a record file (from `play --save`, `battle --save`, or the engine's
/// `record` answer, which wraps it in `{"ok":true,"record":…}`).
pub fn read_record(path: &Path) -> Result<Record> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the saved game {}", path.display()))?;
    let v: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    let v = v.get("record").cloned().unwrap_or(v);
    serde_json::from_value(v).map_err(|e| anyhow!("{} is not a game record: {e}", path.display()))
}
