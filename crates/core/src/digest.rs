//! A fast 64-bit digest of any serializable value, computed by a serde serializer
//! that feeds the value's parts into a word-at-a-time hasher without writing text.
//!
//! [`crate::stable_hash`] (FNV-1a over canonical JSON) pins the state hashes in
//! records and stays as it is. [`digest`] is for hot paths that only need a
//! deterministic, portable function of a value: an agent's per-decision seed from its
//! seat's view (issue 26: serializing the view to JSON cost 83 % of a random battle).
//! Like `stable_hash`, it is the same on every machine (integers are hashed as values,
//! never as memory) and depends only on what the value serializes: two values that
//! serialize alike digest alike. Struct field names are not hashed (a struct's
//! fields always come in the same order); map keys, enum variant indices, lengths and
//! `Option` tags are, so different shapes do not collide by construction.

use serde::ser::{self, Serialize};
use std::fmt;

/// The digest of `value`: see the module documentation.
pub fn digest<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut d = Digester::new();
    // The digester never fails; a value whose `Serialize` fails (a bug in a ruleset's
    // types) digests what was fed before the failure.
    let _ = value.serialize(&mut d);
    d.finish()
}

/// The digester: a multiply-rotate hasher over 64-bit words in four lanes (word `i`
/// goes to lane `i mod 4`, so four multiplications are in flight at once instead of
/// one long chain), finished with the SplitMix64 avalanche over the lanes.
#[derive(Clone, Debug)]
pub struct Digester {
    lanes: [u64; 4],
}

const K: u64 = 0x9E37_79B9_7F4A_7C15;

impl Default for Digester {
    fn default() -> Self {
        Self::new()
    }
}

impl Digester {
    pub fn new() -> Self {
        Digester {
            lanes: [
                0x243F_6A88_85A3_08D3,
                0x1319_8A2E_0370_7344,
                0xA409_3822_299F_31D0,
                0x082E_FA98_EC4E_6C89,
            ],
        }
    }

    /// Feed one word.
    #[inline]
    pub fn word(&mut self, w: u64) {
        let [a, b, c, d] = self.lanes;
        let t = (a.rotate_left(23) ^ w).wrapping_mul(K);
        self.lanes = [b, c, d, t];
    }

    /// Feed bytes: their length, then eight at a time (little-endian, zero-padded).
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) {
        self.word(b.len() as u64);
        let mut chunks = b.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.word(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(w));
        }
    }

    /// Feed a serializable value, as [`digest`] would.
    #[inline]
    pub fn feed<T: Serialize + ?Sized>(&mut self, value: &T) {
        let _ = value.serialize(&mut *self);
    }

    /// The digest of everything fed so far.
    pub fn finish(&self) -> u64 {
        let mut z = 0u64;
        for lane in self.lanes {
            z = (z ^ lane).wrapping_add(K);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
        }
        z
    }
}

/// Tags that separate kinds of parts, so `Some(0)` and `0`, `[]` and `()` differ.
mod tag {
    pub const NONE: u64 = 1;
    pub const SOME: u64 = 2;
    pub const UNIT: u64 = 3;
    pub const SEQ: u64 = 4;
    pub const MAP: u64 = 5;
    pub const END: u64 = 6;
    pub const VARIANT: u64 = 7;
    pub const STR: u64 = 8;
    pub const F64: u64 = 9;
}

/// The digester never fails; serde requires an error type all the same.
#[derive(Debug)]
pub struct Never;

impl fmt::Display for Never {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("digest")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Never
    }
}

type R = Result<(), Never>;

impl ser::Serializer for &mut Digester {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> R {
        self.word(u64::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> R {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> R {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> R {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> R {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> R {
        self.word(v as u64);
        self.word((v >> 64) as u64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> R {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> R {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> R {
        self.word(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> R {
        self.word(v as u64);
        self.word((v >> 64) as u64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> R {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> R {
        self.word(tag::F64);
        // -0.0 and 0.0 are the same number to every rule.
        self.word(if v == 0.0 { 0 } else { v.to_bits() });
        Ok(())
    }
    fn serialize_char(self, v: char) -> R {
        self.word(u64::from(v));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> R {
        self.word(tag::STR);
        self.bytes(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> R {
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> R {
        self.word(tag::NONE);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> R {
        self.word(tag::SOME);
        value.serialize(self)
    }
    fn serialize_unit(self) -> R {
        self.word(tag::UNIT);
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> R {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, index: u32, _variant: &'static str) -> R {
        self.word(tag::VARIANT);
        self.word(u64::from(index));
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> R {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        value: &T,
    ) -> R {
        self.word(tag::VARIANT);
        self.word(u64::from(index));
        value.serialize(self)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self, Never> {
        self.word(tag::SEQ);
        Ok(self)
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self, Never> {
        self.word(tag::SEQ);
        Ok(self)
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self, Never> {
        self.word(tag::SEQ);
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Never> {
        self.word(tag::VARIANT);
        self.word(u64::from(index));
        Ok(self)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self, Never> {
        self.word(tag::MAP);
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Never> {
        self.word(tag::MAP);
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Never> {
        self.word(tag::VARIANT);
        self.word(u64::from(index));
        Ok(self)
    }
    fn is_human_readable(&self) -> bool {
        // Types that serialize differently for humans (none in the rulesets) take the
        // same form as for JSON, so a digest depends on what JSON would show.
        true
    }
}

impl ser::SerializeMap for &mut Digester {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> R {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.word(tag::END);
        Ok(())
    }
}

/// The compound forms: each element in turn, then an end word (a struct's skipped
/// field a word of its own, so that it differs from a present one even when the two
/// would feed the same words after it).
macro_rules! elements {
    ($($form:ident: $method:ident),* $(,)?) => {$(
        impl ser::$form for &mut Digester {
            type Ok = ();
            type Error = Never;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
                value.serialize(&mut **self)
            }
            fn end(self) -> R {
                self.word(tag::END);
                Ok(())
            }
        }
    )*};
}

elements! {
    SerializeSeq: serialize_element,
    SerializeTuple: serialize_element,
    SerializeTupleStruct: serialize_field,
    SerializeTupleVariant: serialize_field,
}

macro_rules! fields {
    ($($form:ident),* $(,)?) => {$(
        impl ser::$form for &mut Digester {
            type Ok = ();
            type Error = Never;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _key: &'static str,
                value: &T,
            ) -> R {
                value.serialize(&mut **self)
            }
            fn skip_field(&mut self, _key: &'static str) -> R {
                self.word(tag::NONE);
                Ok(())
            }
            fn end(self) -> R {
                self.word(tag::END);
                Ok(())
            }
        }
    )*};
}

fields! { SerializeStruct, SerializeStructVariant }

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Unit {
        name: String,
        hull: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        order: Option<u8>,
    }

    #[test]
    fn digest_is_pinned() {
        // Pinned: agents seed their decisions with it, so a change alters every
        // recorded sim result.
        assert_eq!(digest(&(1u64, "a", 2.5f64)), 0x0ebc_6308_f7c3_2c2e);
    }

    #[test]
    fn digest_tells_shapes_apart() {
        let a = Unit {
            name: "Blackbuck".into(),
            hull: 3,
            order: None,
        };
        let b = Unit {
            order: Some(3),
            ..Unit {
                name: "Blackbuck".into(),
                hull: 3,
                order: None,
            }
        };
        assert_ne!(digest(&a), digest(&b));
        assert_ne!(digest(&Some(0u8)), digest(&0u8));
        assert_ne!(digest(&vec![1u8, 2]), digest(&(vec![1u8], vec![2u8])));
        assert_ne!(digest("ab"), digest(&("a", "b")));
        assert_ne!(digest(&1u64), digest(&2u64));
        assert_eq!(digest(&0.0f64), digest(&-0.0f64));
        // Same width-independent value, same digest (the view's integer types may
        // change without changing decisions).
        assert_eq!(digest(&7u8), digest(&7u64));
    }
}
