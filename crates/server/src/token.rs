//! Seat tokens and game ids: random from the operating system, tokens stored only as
//! SHA-256 digests and compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Random bytes from the operating system as lowercase hex. Its failure is an
/// error, never a fallback: a predictable token would be worse than no game.
fn random_hex<const N: usize>() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new seat token: 128 random bits, 32 hex digits.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex::<16>()
}

/// A new game id: 64 random bits, 16 hex digits.
pub fn new_game_id() -> Result<String, getrandom::Error> {
    random_hex::<8>()
}

/// Does `id` look like a game id (so it can be used in a query or a NOTIFY)?
pub fn is_game_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The digest stored for a token (64 hex digits).
pub fn digest(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Does `token` match the stored `digest`? Constant time in the digest's content.
pub fn matches(token: &str, stored: &str) -> bool {
    let d = digest(token);
    d.len() == stored.len() && bool::from(d.as_bytes().ct_eq(stored.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_random_bits_and_match_only_their_digest() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(matches(&a, &digest(&a)));
        assert!(!matches(&b, &digest(&a)));
        assert!(!matches("", &digest(&a)));
        assert!(is_game_id(&new_game_id().unwrap()));
        assert!(!is_game_id("'; DROP TABLE games; --"));
    }
}
