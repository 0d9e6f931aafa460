//! Refusals with or without their message (issue 26): the rules say why an answer
//! is refused in one place, and a caller that only asks whether it is legal (the
//! legal list, the steps that pass by themselves) does not pay for the words.

/// What a refusal becomes: the message itself (`String`), or [`Refused`].
pub(crate) trait Why: Sized {
    /// The refusal whose message `f` writes; `f` runs only if the message is kept.
    fn why(f: impl FnOnce() -> String) -> Self;
}

impl Why for String {
    #[inline]
    fn why(f: impl FnOnce() -> String) -> Self {
        f()
    }
}

/// A refusal without its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Refused;

impl Why for Refused {
    #[inline]
    fn why(_: impl FnOnce() -> String) -> Self {
        Refused
    }
}
