//! Name helpers shared by diagnostics: edit distance for "did you mean" suggestions.

/// Levenshtein distance over characters (names are short).
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest of `candidates` to `name`, if it is close enough to be a likely typo.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (distance(c, name), c))
        // a suggestion that shares no letter with the word (`7` for `A`) is no typo
        .filter(|(d, c)| *d <= 2.max(c.chars().count() / 3) && *d < name.chars().count().min(c.chars().count()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}
