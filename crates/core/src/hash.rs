use serde::{Deserialize, Serialize};
use std::fmt;

/// A stable 64-bit state hash: FNV-1a over the state's canonical JSON. Stable across
/// machines and runs because the JSON of a state is (states hold no hash maps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateHash(pub u64);

impl fmt::Display for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl Serialize for StateHash {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for StateHash {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        u64::from_str_radix(&s, 16)
            .map(StateHash)
            .map_err(serde::de::Error::custom)
    }
}

/// FNV-1a, 64 bits: stable on every machine and every version.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Hash any serializable value stably.
pub fn stable_hash<T: Serialize + ?Sized>(value: &T) -> StateHash {
    let mut h = Fnv::new();
    // Writing into an in-memory hasher cannot fail; a value that cannot be serialized
    // (a bug in a ruleset's types) still hashes what was written so far.
    let _ = serde_json::to_writer(&mut h, value);
    StateHash(h.0)
}

/// Hash bytes stably (e.g. JSON text already written), with the same function as
/// [`stable_hash`].
pub fn stable_hash_bytes(bytes: &[u8]) -> StateHash {
    use std::io::Write;
    let mut h = Fnv::new();
    let _ = h.write(bytes);
    StateHash(h.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn hash_is_pinned() {
        assert_eq!(
            stable_hash(&[1, 2, 3]).to_string(),
            stable_hash(&vec![1, 2, 3]).to_string()
        );
        // FNV-1a of the JSON text `""` (two quote bytes); pinned so replays stay valid.
        assert_eq!(stable_hash("").0, 561_953_828_980_956_709);
        assert_ne!(stable_hash(&1), stable_hash(&2));
    }
}
