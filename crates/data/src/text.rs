//! Text helpers: "did you mean" suggestions and line/column positions.

/// Edit distance on lower-cased characters, counting a swap of neighbours as one edit
/// (optimal string alignment).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

/// The candidate `word` was most likely meant to be, if any is close: the same word in
/// another case, else one it begins (for words of 3 or more letters), else the nearest
/// within one edit per three letters (at least one; a swap of neighbours is one edit).
pub fn suggest<'c>(word: &str, candidates: &[&'c str]) -> Option<&'c str> {
    let w = word.to_lowercase();
    if let Some(c) = candidates.iter().find(|c| c.to_lowercase() == w) {
        return Some(c);
    }
    if w.len() >= 3 {
        if let Some(c) = candidates.iter().find(|c| c.to_lowercase().starts_with(&w)) {
            return Some(c);
        }
    }
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .iter()
        .map(|c| (distance(word, c), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// `` (did you mean `x`?)`` with a leading space for the [`suggest`]ion, or empty.
pub fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    match suggest(word, candidates) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`. An offset past
/// the end or inside a character counts as the nearest character boundary before it.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut off = offset.min(text.len());
    while !text.is_char_boundary(off) {
        off -= 1;
    }
    let before = &text[..off];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
