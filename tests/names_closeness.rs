//! Names that almost match (src/names.rs): takes the closeness rule's functions, gives the cases
//! a user meets with the bundled Alsós names (accents, case, typos, short names) and properties
//! over random names. They live here, not in src/, so that no game's word stands in the library.

use kartya::names::{close, fold, suggest};

/// The figure names of the bundled Alsós base, as a user would meet them.
const FIGURES: &[&str] = &[
    "kassza",
    "abszolút",
    "százas",
    "kétszázas",
    "negyvennégyes",
    "tulétroá",
    "ultimó",
    "család",
    "összes-adu",
    "volát",
    "uhu",
];

#[test]
fn the_issue_examples() {
    assert_eq!(suggest("volat", FIGURES.iter().copied()), Some("volát"));
    assert_eq!(suggest("sibeles", ["síbelés"]), Some("síbelés"));
    assert_eq!(suggest("abszolut", FIGURES.iter().copied()), Some("abszolút"));
    assert_eq!(suggest("nosuch", FIGURES.iter().copied()), None);
    assert_eq!(
        suggest(
            "7",
            ["A", "K", "F", "10", "9", "8", "7"].into_iter().filter(|r| *r != "7")
        ),
        None
    );
}

#[test]
fn folding_accents_case_and_combining_marks() {
    assert_eq!(fold("Volát"), "volat");
    assert_eq!(fold("ÖSSZES-ADU"), "osszes-adu");
    assert_eq!(fold("tők őű"), "tok ou");
    assert_eq!(fold("vola\u{301}t"), "volat");
    assert_eq!(close("VOLAT", "volát"), Some(0));
}

#[test]
fn short_names_are_close_only_when_they_fold_equal() {
    assert_eq!(close("7", "A"), None);
    assert_eq!(close("10", "9"), None);
    assert_eq!(close("ab", "ac"), None);
    assert_eq!(close("a", "A"), Some(0));
    // up to 4 characters: one edit
    assert!(close("uhu", "uhy").is_some());
    assert!(close("uhu", "aha").is_none());
    // longer: two edits
    assert!(close("szanzadux", "szanzadu").is_some());
    assert!(close("kassza", "kaszaa").is_some());
    assert!(close("kassza", "kasxyz").is_none());
}

#[test]
fn accent_differences_rank_before_typos() {
    // `tok` folds to `tök`; `tök` vs `rök` is an edit: the folded match wins
    assert_eq!(suggest("tok", ["rök", "tök"]), Some("tök"));
    assert_eq!(suggest("volát", ["volát"]), None);
}

proptest::proptest! {
    /// Accents and case never hide a name: any name is close to itself written plain.
    #[test]
    fn a_name_is_close_to_its_folded_form(name in "[a-zA-Záéíóöőúüű-]{1,12}") {
        proptest::prop_assert_eq!(close(&name, &fold(&name)), Some(0));
    }

    /// Closeness is symmetric.
    #[test]
    fn closeness_is_symmetric(a in "[a-zá-ú]{0,8}", b in "[a-zá-ú]{0,8}") {
        proptest::prop_assert_eq!(close(&a, &b), close(&b, &a));
    }
}
