//! A game's event log as a server keeps it in memory (issue 40: a played game ≤ 16 KiB).
//!
//! Each entry is compact JSON text ([`LogEntry`]). New entries stay as they are (an
//! action's answer, a WebSocket's push and an undo read them). [`EventLog::seal`],
//! which a server calls off the request path once a game has gone quiet
//! ([`crate::DynGame::compact`]), deflates the older ones into blocks of up to
//! [`LARGEST`] entries, each entry's audience kept beside its block in a byte so that
//! "how many can this seat see" never inflates anything. Reading old entries (a
//! reconnect from the start, a replay) inflates the blocks it crosses; an undo
//! reaching into a sealed block opens it again. What a reader gets is the same, entry
//! for entry, as the plain list it replaces.

use orrery_core::{Audience, Seat};
use serde_json::value::RawValue;
use serde_json::{json, Value};

/// The most entries in one sealed block (reading an old entry inflates at most this
/// many); also the most a log holds open before [`EventLog::push`] seals them itself
/// (a game played so fast that it never goes quiet).
const LARGEST: usize = 256;
/// Deflate level: most of what the best level gives on short JSON, at a third of its
/// time.
const LEVEL: u8 = 6;
/// The audience byte of an entry every seat and spectator sees.
const EVERYONE: u8 = 0xFF;

/// One event of the log, kept as compact JSON text: a tree of it cost ~1.3 KiB of
/// heap per event (serde_json's maps), most of a played game's memory (issue 40).
/// The entry reads `{"audience":…,"event":…,"index":N,"seat":…,"text":…}`, keys in
/// the order a `serde_json` map writes them; `index` depends on who reads (the log's
/// own numbering, or the viewer's), so the text leaves it out and `split` is where
/// it goes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LogEntry {
    audience: Audience,
    text: Box<str>,
    split: u32,
}

impl LogEntry {
    pub(crate) fn new(audience: Audience, seat: Option<Seat>, event: Value, text: String) -> Self {
        let write = |v: &Value| serde_json::to_string(v).unwrap_or_else(|_| "null".into());
        let head = format!(
            "{{\"audience\":{},\"event\":{},",
            write(&audience_json(&audience)),
            write(&event)
        );
        let all = format!(
            "{head}\"seat\":{},\"text\":{}}}",
            write(&json!(seat)),
            write(&Value::String(text))
        );
        LogEntry {
            audience,
            split: head.len() as u32,
            text: all.into_boxed_str(),
        }
    }

    /// The entry as JSON text, numbered `index`.
    pub(crate) fn raw(&self, index: usize) -> Box<RawValue> {
        let (head, tail) = self.text.split_at(self.split as usize);
        let text = format!("{head}\"index\":{index},{tail}");
        RawValue::from_string(text).expect("a log entry is JSON")
    }

    /// The entry as a JSON tree, numbered `index`.
    pub(crate) fn value(&self, index: usize) -> Value {
        serde_json::from_str(self.raw(index).get()).unwrap_or(Value::Null)
    }

    pub(crate) fn visible_to(&self, viewer: Option<Seat>) -> bool {
        match (&self.audience, viewer) {
            (Audience::All, _) => true,
            (Audience::Seats(s), Some(v)) => s.contains(&v),
            (Audience::Seats(_), None) => false,
        }
    }
}

pub(crate) fn audience_json(a: &Audience) -> Value {
    serde_json::to_value(a).unwrap_or(Value::Null)
}

/// An audience as a byte: [`EVERYONE`], or bit `s` for each seat `s` below 7 (no
/// ruleset seats more than six). `None`: a seat the byte cannot hold; the block
/// holding such an entry is never sealed (the log then stays open from there: a
/// cost in memory, never in what is read).
fn audience_code(a: &Audience) -> Option<u8> {
    match a {
        Audience::All => Some(EVERYONE),
        Audience::Seats(seats) => seats
            .iter()
            .try_fold(0u8, |bits, s| (s.0 < 7).then(|| bits | (1 << s.0))),
    }
}

fn audience_of(code: u8) -> Audience {
    if code == EVERYONE {
        Audience::All
    } else {
        Audience::Seats((0..7).filter(|s| code & (1 << s) != 0).map(Seat).collect())
    }
}

fn seen_by(code: u8, viewer: Option<Seat>) -> bool {
    match viewer {
        _ if code == EVERYONE => true,
        Some(v) if v.0 < 7 => code & (1 << v.0) != 0,
        _ => false,
    }
}

/// Up to [`LARGEST`] entries, deflated: for each, its split and length (`u32`, little
/// endian) and its text.
#[derive(Clone, Debug)]
struct Sealed {
    audiences: Box<[u8]>,
    deflated: Box<[u8]>,
}

impl Sealed {
    fn seal(entries: &[LogEntry]) -> Option<Sealed> {
        let audiences = entries
            .iter()
            .map(|e| audience_code(&e.audience))
            .collect::<Option<Box<[u8]>>>()?;
        let mut bytes = Vec::with_capacity(entries.iter().map(|e| e.text.len() + 8).sum());
        for e in entries {
            bytes.extend_from_slice(&e.split.to_le_bytes());
            bytes.extend_from_slice(&(e.text.len() as u32).to_le_bytes());
            bytes.extend_from_slice(e.text.as_bytes());
        }
        let deflated = miniz_oxide::deflate::compress_to_vec(&bytes, LEVEL).into_boxed_slice();
        Some(Sealed {
            audiences,
            deflated,
        })
    }

    fn len(&self) -> usize {
        self.audiences.len()
    }

    fn seen_by(&self, viewer: Option<Seat>) -> usize {
        self.audiences
            .iter()
            .filter(|&&c| seen_by(c, viewer))
            .count()
    }

    /// The entries again. The bytes were written by [`Sealed::seal`] in this process,
    /// so a failure here is a bug, not bad input.
    fn open(&self) -> Vec<LogEntry> {
        let bytes = miniz_oxide::inflate::decompress_to_vec(&self.deflated)
            .expect("a sealed log block inflates");
        let word =
            |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
        let mut at = 0;
        let mut entries = Vec::with_capacity(self.len());
        for &code in self.audiences.iter() {
            let (split, len) = (word(at), word(at + 4) as usize);
            let text = std::str::from_utf8(&bytes[at + 8..at + 8 + len]).expect("sealed UTF-8");
            entries.push(LogEntry {
                audience: audience_of(code),
                text: text.into(),
                split,
            });
            at += 8 + len;
        }
        entries
    }
}

/// The log: sealed blocks, oldest first, then the open entries.
#[derive(Clone, Debug, Default)]
pub(crate) struct EventLog {
    sealed: Vec<Sealed>,
    /// Entries in `sealed`.
    sealed_len: usize,
    open: Vec<LogEntry>,
    /// The last seal [`EventLog::push`] tried made no progress.
    stuck: bool,
}

impl EventLog {
    pub(crate) fn len(&self) -> usize {
        self.sealed_len + self.open.len()
    }

    pub(crate) fn push(&mut self, entry: LogEntry) {
        self.open.push(entry);
        if self.open.len() >= 2 * LARGEST && !self.stuck {
            let before = self.open.len();
            self.seal(self.len() - LARGEST);
            // Only an audience no byte holds stops a seal; do not try again each push.
            self.stuck = self.open.len() >= before;
        }
    }

    /// Seal the open entries before log index `upto` (those after it stay open: the
    /// last action's, which an undo cuts), topping up the newest sealed block first so
    /// that blocks stay large (a better ratio). An entry whose audience does not fit
    /// in a byte stops the sealing there (no ruleset seats more than six).
    pub(crate) fn seal(&mut self, upto: usize) {
        let Some(take) = upto.checked_sub(self.sealed_len).filter(|&n| n > 0) else {
            return;
        };
        // Up to the first entry whose audience no byte holds.
        let take = self.open[..take.min(self.open.len())]
            .iter()
            .position(|e| audience_code(&e.audience).is_none())
            .unwrap_or(take.min(self.open.len()));
        if take == 0 {
            return;
        }
        let mut entries = match self.sealed.pop() {
            Some(last) if last.len() < LARGEST => {
                self.sealed_len -= last.len();
                last.open()
            }
            Some(full) => {
                self.sealed.push(full);
                Vec::new()
            }
            None => Vec::new(),
        };
        entries.extend(self.open.drain(..take));
        for chunk in entries.chunks(LARGEST) {
            let block = Sealed::seal(chunk).expect("every audience here fits a byte");
            self.sealed_len += block.len();
            self.sealed.push(block);
        }
        self.open.shrink_to_fit();
    }

    /// Keep the first `n` entries (an undo).
    pub(crate) fn truncate(&mut self, n: usize) {
        while n < self.sealed_len {
            let Some(block) = self.sealed.pop() else {
                break;
            };
            self.sealed_len -= block.len();
            let mut entries = block.open();
            entries.append(&mut self.open);
            self.open = entries;
        }
        self.open.truncate(n - self.sealed_len);
        self.stuck = false;
    }

    pub(crate) fn clear(&mut self) {
        *self = EventLog::default();
    }

    /// Every entry from log index `from` on, with its index, in order.
    pub(crate) fn entries_from(&self, from: usize) -> Vec<(usize, LogEntry)> {
        let mut out = Vec::new();
        let mut start = 0;
        for block in &self.sealed {
            let end = start + block.len();
            if end > from {
                for (i, e) in block.open().into_iter().enumerate() {
                    if start + i >= from {
                        out.push((start + i, e));
                    }
                }
            }
            start = end;
        }
        for (i, e) in self.open.iter().enumerate() {
            if start + i >= from {
                out.push((start + i, e.clone()));
            }
        }
        out
    }

    /// The entries from log index `from` on that `viewer` may see, as JSON trees
    /// numbered by their log index.
    pub(crate) fn values_from(&self, viewer: Option<Seat>, from: usize) -> Vec<Value> {
        self.entries_from(from)
            .into_iter()
            .filter(|(_, e)| e.visible_to(viewer))
            .map(|(i, e)| e.value(i))
            .collect()
    }

    /// The entries `viewer` may see, numbered as that viewer counts them, from its
    /// `since`-th on; and how many it may see in all.
    pub(crate) fn seen_by(
        &self,
        viewer: Option<Seat>,
        since: usize,
    ) -> (Vec<Box<RawValue>>, usize) {
        let mut out = Vec::new();
        let mut n = 0;
        let visit = |e: &LogEntry, n: &mut usize, out: &mut Vec<Box<RawValue>>| {
            if e.visible_to(viewer) {
                if *n >= since {
                    out.push(e.raw(*n));
                }
                *n += 1;
            }
        };
        for block in &self.sealed {
            let seen = block.seen_by(viewer);
            if n + seen <= since {
                n += seen;
                continue;
            }
            for e in block.open() {
                visit(&e, &mut n, &mut out);
            }
        }
        for e in &self.open {
            visit(e, &mut n, &mut out);
        }
        (out, n)
    }
}

/// Where each recorded action's events begin in the log (`log.len()` before it), for
/// undo. [`Marks::seal`] deflates all but the newest (issue 40: a 200-action game's
/// marks were 1.6 KiB as `usize`s, ~100 bytes deflated); taking back past them
/// opens them again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    /// The older marks as little-endian `u32`s, deflated.
    sealed: Option<Box<[u8]>>,
    open: Vec<u32>,
}

impl Marks {
    pub(crate) fn push(&mut self, start: usize) {
        self.open
            .push(u32::try_from(start).expect("a log holds fewer than 2^32 events"));
    }

    /// The newest mark, if any (never inflates: sealing keeps the newest open).
    pub(crate) fn last(&self) -> Option<usize> {
        self.open.last().map(|&m| m as usize)
    }

    /// The newest mark, taken off; the sealed ones open again when it was the last
    /// one open, so that [`Marks::last`] never needs to inflate.
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let mark = self.open.pop();
        if self.open.is_empty() {
            self.unseal();
        }
        mark.map(|m| m as usize)
    }

    /// Deflate every mark but the newest.
    pub(crate) fn seal(&mut self) {
        if self.open.len() > 1 {
            self.unseal();
            let upto = self.open.len() - 1;
            let bytes: Vec<u8> = self.open[..upto]
                .iter()
                .flat_map(|m| m.to_le_bytes())
                .collect();
            self.sealed =
                Some(miniz_oxide::deflate::compress_to_vec(&bytes, LEVEL).into_boxed_slice());
            self.open.drain(..upto);
        }
        self.open.shrink_to_fit();
    }

    /// The bytes were written by [`Marks::seal`] in this process, so a failure here
    /// is a bug, not bad input.
    fn unseal(&mut self) {
        if let Some(sealed) = self.sealed.take() {
            let bytes =
                miniz_oxide::inflate::decompress_to_vec(&sealed).expect("sealed marks inflate");
            let mut marks: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")))
                .collect();
            marks.append(&mut self.open);
            self.open = marks;
        }
    }

    pub(crate) fn clear(&mut self) {
        *self = Marks::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sealed marks pop as the plain list would, past the seal and after pushes.
    #[test]
    fn sealed_marks_pop_as_the_plain_list() {
        let mut plain = Vec::new();
        let mut marks = Marks::default();
        for m in [0, 3, 4, 9, 9, 12] {
            plain.push(m);
            marks.push(m);
        }
        marks.seal();
        assert!(marks.sealed.is_some() && marks.open.len() == 1);
        assert_eq!(marks.last(), plain.last().copied());
        for m in [15, 20] {
            plain.push(m);
            marks.push(m);
        }
        marks.seal();
        while let Some(m) = plain.pop() {
            assert_eq!(marks.pop(), Some(m));
            assert_eq!(marks.last(), plain.last().copied());
        }
        assert_eq!(marks.pop(), None);
        marks.push(1);
        marks.seal();
        assert!(marks.sealed.is_none() && marks.last() == Some(1));
    }

    /// A log entry kept as text reads exactly as the JSON tree it replaced (issue 40):
    /// the same keys in the same order, whatever the event holds.
    #[test]
    fn a_log_entry_as_text_is_the_tree_it_replaced() {
        let event = json!({"type": "hit", "seat": 1, "unit": {"name": "Wasp \"2\"", "hp": [3, 1]}});
        let text = "Wasp \"2\" takes 2 damage — 1 left\u{2028}".to_string();
        for (audience, seat) in [
            (Audience::All, Some(Seat(0))),
            (Audience::Seats(vec![Seat(1)]), None),
        ] {
            let tree = json!({
                "index": 7,
                "seat": seat,
                "audience": audience_json(&audience),
                "event": event,
                "text": text,
            });
            let entry = LogEntry::new(audience, seat, event.clone(), text.clone());
            assert_eq!(entry.raw(7).get(), tree.to_string());
            assert_eq!(entry.value(7), tree);
        }
    }

    /// The `i`-th entry of a test log: mostly public, every third for one seat or
    /// two, one for a seat the audience byte cannot hold.
    fn entry(i: usize) -> LogEntry {
        let audience = match i % 3 {
            0 => Audience::All,
            1 => Audience::Seats(vec![Seat((i % 4) as u8)]),
            _ if i == 140 => Audience::Seats(vec![Seat(9)]),
            _ => Audience::Seats(vec![Seat(0), Seat(2)]),
        };
        LogEntry::new(
            audience,
            Some(Seat((i % 3) as u8)),
            json!({"kind": "roll", "n": i, "die": [i % 6 + 1]}),
            format!("event {i}: a roll of {}", i % 6 + 1),
        )
    }

    fn texts(v: &[Box<RawValue>]) -> Vec<String> {
        v.iter().map(|r| r.get().to_string()).collect()
    }

    /// Sealing is invisible: every reader (every viewer, every starting point, every
    /// undo) gets what the plain list of entries gives (issue 40).
    #[test]
    fn a_sealed_log_reads_as_the_plain_list_it_replaced() {
        let mut log = EventLog::default();
        let mut plain: Vec<LogEntry> = Vec::new();
        let check = |log: &EventLog, plain: &[LogEntry]| {
            assert_eq!(log.len(), plain.len());
            for viewer in [
                None,
                Some(Seat(0)),
                Some(Seat(1)),
                Some(Seat(2)),
                Some(Seat(9)),
            ] {
                let seen: Vec<_> = plain.iter().filter(|e| e.visible_to(viewer)).collect();
                for since in [
                    0,
                    1,
                    31,
                    40,
                    seen.len().saturating_sub(3),
                    seen.len(),
                    10_000,
                ] {
                    let want: Vec<String> = seen
                        .iter()
                        .enumerate()
                        .skip(since)
                        .map(|(n, e)| e.raw(n).get().to_string())
                        .collect();
                    let (got, total) = log.seen_by(viewer, since);
                    assert_eq!(
                        (texts(&got), total),
                        (want, seen.len()),
                        "{viewer:?} {since}"
                    );
                }
            }
            for from in [0, 5, 33, plain.len().saturating_sub(2), plain.len()] {
                let want: Vec<_> = plain.iter().cloned().enumerate().skip(from).collect();
                assert_eq!(log.entries_from(from), want);
            }
        };
        // Sealed now and then, the last few entries always left open (as a server
        // does when a game goes quiet, the last action's events kept open).
        for i in 0..200 {
            log.push(entry(i));
            plain.push(entry(i));
            if i % 37 == 36 {
                log.seal(log.len() - 3);
                check(&log, &plain);
            }
        }
        log.seal(150);
        let sizes: Vec<usize> = log.sealed.iter().map(Sealed::len).collect();
        // Topped up into one block, up to entry 140 (for seat 9, which no audience
        // byte holds): from there on the log stays open.
        assert_eq!(sizes, [140], "one block, topped up at each seal");
        assert_eq!(log.open.len(), 60);
        check(&log, &plain);
        // Undo into a sealed block opens it again.
        for n in [198, 150, 100, 64, 3, 0] {
            log.truncate(n);
            plain.truncate(n);
            check(&log, &plain);
            log.seal(n.saturating_sub(2));
            check(&log, &plain);
        }
        // A log that is never sealed by hand seals itself past 2 × LARGEST entries,
        // in blocks of LARGEST.
        for i in 0..700 {
            log.push(entry(i * 3 + 1));
            plain.push(entry(i * 3 + 1));
        }
        let sizes: Vec<usize> = log.sealed.iter().map(Sealed::len).collect();
        assert_eq!(sizes, [LARGEST], "sealed by push");
        assert!(log.open.len() < 2 * LARGEST);
        check(&log, &plain);
    }
}
