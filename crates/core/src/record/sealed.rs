//! A record's older actions deflated into one block (issue 40: a played game held in
//! a server's memory ≤ 16 KiB). Each recorded action costs its JSON text plus ~40
//! bytes of bookkeeping and an allocation of its own; a 200-action Warfleets or STGv2
//! game held ~20 KiB of them. [`crate::Session::compact`] deflates all but the
//! last into one block, which a reader of the whole record inflates again: what it
//! reads is the same, action for action.

use super::{ActionText, RecordedAction};
use crate::{Seat, StateHash};

/// Deflate level: most of what the best level gives on short JSON, at a third of its
/// time (as the event log's blocks).
const LEVEL: u8 = 6;

/// Actions deflated: for each, its seat (a byte), whether a hash follows (a byte),
/// the hash (`u64`, little endian) when one does, the text's length (`u32`, little
/// endian) and the text.
#[derive(Clone, Debug, Default)]
pub(crate) struct SealedActions {
    deflated: Box<[u8]>,
    len: usize,
}

impl SealedActions {
    /// How many actions it holds.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn seal(actions: &[RecordedAction]) -> SealedActions {
        let mut bytes = Vec::with_capacity(actions.iter().map(|a| a.action.0.len() + 14).sum());
        for a in actions {
            bytes.push(a.seat.0);
            match a.hash {
                Some(h) => {
                    bytes.push(1);
                    bytes.extend_from_slice(&h.0.to_le_bytes());
                }
                None => bytes.push(0),
            }
            bytes.extend_from_slice(&(a.action.0.len() as u32).to_le_bytes());
            bytes.extend_from_slice(a.action.0.as_bytes());
        }
        SealedActions {
            deflated: miniz_oxide::deflate::compress_to_vec(&bytes, LEVEL).into_boxed_slice(),
            len: actions.len(),
        }
    }

    /// The actions again, in order. The bytes were written by [`SealedActions::seal`]
    /// in this process, so a failure here is a bug, not bad input.
    pub(crate) fn open(&self) -> Vec<RecordedAction> {
        let bytes = miniz_oxide::inflate::decompress_to_vec(&self.deflated)
            .expect("a sealed record inflates");
        let mut at = 0;
        let mut take = |n: usize| {
            let part = &bytes[at..at + n];
            at += n;
            part
        };
        let mut actions = Vec::with_capacity(self.len);
        for _ in 0..self.len {
            let seat = Seat(take(1)[0]);
            let hash = (take(1)[0] == 1)
                .then(|| StateHash(u64::from_le_bytes(take(8).try_into().expect("eight bytes"))));
            let n = u32::from_le_bytes(take(4).try_into().expect("four bytes")) as usize;
            let text = std::str::from_utf8(take(n)).expect("sealed UTF-8");
            actions.push(RecordedAction {
                seat,
                action: ActionText(text.into()),
                hash,
            });
        }
        actions
    }
}
