//! Name closeness for "did you mean": takes a misspelt name and the known names, gives the one
//! the user most likely meant, or none. Every lookup of a name (references in the model, block
//! overlays and `remove` in resolve, `extends` and command-line variants, keywords of the
//! grammar) asks `suggest` or `close`, so all paths agree on what counts as close.
//!
//! The rule: two names that are equal once accents and case are folded (`volat`/`volát`) are
//! certainly close. Otherwise the folded names may differ by a small edit: at most 1 when the
//! shorter has up to 4 characters, 2 when longer, and never when the shorter has 1 or 2
//! characters (a rank `7` is not a typo of `A`).

/// Whether two names share a stem: once folded, they start with the same five letters or more,
/// and those are at least two thirds of the shorter (`natürlich`/`natural`, the same word in two
/// languages). Only for a new row laid beside a base's rows, where a different word for the same
/// thing is the usual mistake.
pub fn same_stem(a: &str, b: &str) -> bool {
    let (a, b) = (fold(a), fold(b));
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let shorter = a.chars().count().min(b.chars().count());
    common >= 5 && 3 * common >= 2 * shorter
}

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

/// The base letter of an accented Latin letter, if it is one (already lowercased). Covers
/// Latin-1 and Latin Extended-A, which hold every accent a rules file in Hungarian, German or
/// a neighbouring language uses; a file written with combining marks is handled by `fold`.
fn base_letter(c: char) -> Option<char> {
    Some(match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => 'c',
        'ď' | 'đ' => 'd',
        'è'..='ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => 'e',
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => 'g',
        'ĥ' | 'ħ' => 'h',
        'ì'..='ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => 'i',
        'ĵ' => 'j',
        'ķ' => 'k',
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => 'l',
        'ñ' | 'ń' | 'ņ' | 'ň' => 'n',
        'ò'..='ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => 'o',
        'ŕ' | 'ŗ' | 'ř' => 'r',
        'ś' | 'ŝ' | 'ş' | 'š' => 's',
        'ţ' | 'ť' | 'ŧ' => 't',
        'ù'..='ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => 'u',
        'ŵ' => 'w',
        'ý' | 'ÿ' | 'ŷ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        _ => return None,
    })
}

/// A name without accents and case: `Volát` -> `volat`. Combining marks (U+0300..U+036F, as in
/// a decomposed `a\u{301}`) are dropped.
pub fn fold(name: &str) -> String {
    name.chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(|c| base_letter(c).unwrap_or(c))
        .collect()
}

/// How far `name` is from `candidate` when they are close (0: equal after folding), else `None`.
pub fn close(name: &str, candidate: &str) -> Option<usize> {
    let (a, b) = (fold(name), fold(candidate));
    if a == b {
        return Some(0);
    }
    let shorter = a.chars().count().min(b.chars().count());
    let limit = match shorter {
        0..=2 => return None,
        3 | 4 => 1,
        _ => 2,
    };
    // folding removes the accents' cost, so `cafe`/`café` is 0, yet keep an exact-letter
    // typo ranked after an accent-only difference: 1 + edits
    let d = distance(&a, &b);
    (d <= limit).then_some(d + 1)
}

/// The closest of `candidates` to `name`, if one is close (see the module rule). A candidate
/// spelt exactly like `name` is not a suggestion: the caller looks names up before asking.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .filter_map(|c| close(name, c).map(|d| (d, c)))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}
