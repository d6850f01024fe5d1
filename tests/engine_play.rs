//! Trick-play and table tests: takes the bundled alsos-3p tables, gives the card-point totals
//! (TV-01), the follow / trump duties, trick winners, and the ultimó seven (TV-D8).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::play::{Play, PlayError};
use kartya::engine::tables::cards;

// TV-01 card-point totals: 62 in the trump suit, 30 in a plain suit, 162 / 130 with the last trick
#[test]
fn tv01_card_point_totals() {
    let r = rules("alsos-3p");
    let t = &r.tables;
    let adu = contract(&r, "adu");
    let szan = contract(&r, "szanzadu");
    for s in 0..4u8 {
        let pt = t.table(adu, Some(s)).unwrap();
        assert_eq!(pt.mask_points(t.suit_mask[s as usize]), 62);
        for o in (0..4u8).filter(|o| *o != s) {
            assert_eq!(pt.mask_points(t.suit_mask[o as usize]), 30);
        }
        assert_eq!(pt.mask_points(t.all) + pt.last_trick, 162);
    }
    let pt = t.table(szan, None).unwrap();
    assert_eq!(pt.mask_points(t.all) + pt.last_trick, 130);
    let betli = t.table(contract(&r, "betli"), None).unwrap();
    assert_eq!(
        betli.mask_points(t.all) + betli.last_trick,
        0,
        "betli counts no card points"
    );
}

fn hand(r: &kartya::engine::Rules, cs: &[(&str, &str)]) -> u64 {
    cs.iter().fold(0, |m, (s, k)| m | 1u64 << card(r, s, k))
}

#[test]
fn follow_suit_then_trump_no_overtaking_duty() {
    let r = rules("alsos-3p");
    let pt = r.tables.table(contract(&r, "adu"), Some(suit(&r, "piros"))).unwrap();
    let a = hand(&r, &[("makk", "A"), ("zöld", "7")]);
    let b = hand(&r, &[("makk", "7"), ("piros", "7")]);
    let c = hand(&r, &[("piros", "U"), ("tök", "A")]);
    let mut p = Play::new(3, &[a, b, c], 0);
    p.play(pt, card(&r, "makk", "A")).unwrap();
    assert_eq!(p.check(pt, card(&r, "piros", "7")), Err(PlayError::MustFollow));
    assert_eq!(
        p.legal(pt),
        1u64 << card(&r, "makk", "7"),
        "a lower card follows: no duty to head"
    );
    p.play(pt, card(&r, "makk", "7")).unwrap();
    assert_eq!(p.check(pt, card(&r, "tök", "A")), Err(PlayError::MustTrump));
    assert_eq!(p.check(pt, card(&r, "zöld", "7")), Err(PlayError::NotInHand));
    let done = p.play(pt, card(&r, "piros", "U")).unwrap().unwrap();
    assert_eq!(done.winner, 2, "the trump wins");
    assert_eq!(done.points, 11 + 20);
    assert_eq!(p.leader, 2);
}

// TV-D8 ultimó legal moves: the trump 7 is kept to the last trick unless forced
#[test]
fn tvd8_ultimo_seven_kept_unless_forced() {
    let r = rules("alsos-3p");
    let ult = &r.variant.figures[figure(&r, "ultimó")];
    let (sel, trick) = ult.keep.expect("ultimó keeps a card");
    let trump = suit(&r, "piros");
    let keep = r.tables.sel_mask(&sel, Some(trump));
    assert_eq!(cards(keep).collect::<Vec<_>>(), vec![card(&r, "piros", "7")]);
    let pt = r.tables.table(contract(&r, "adu"), Some(trump)).unwrap();
    // trumps led; the announcer (position 1) holds the trump A and the trump 7
    let a = hand(&r, &[("piros", "U"), ("zöld", "7")]);
    let b = hand(&r, &[("piros", "A"), ("piros", "7")]);
    let c = hand(&r, &[("tök", "A"), ("tök", "7")]);
    let mut p = Play::new(3, &[a, b, c], 0);
    p.keep[1] = keep;
    p.keep_until[1] = p.trick_index(trick).unwrap() as u8;
    p.play(pt, card(&r, "piros", "U")).unwrap();
    assert_eq!(p.legal(pt), 1u64 << card(&r, "piros", "A"), "only the trump A");
    assert_eq!(p.check(pt, card(&r, "piros", "7")), Err(PlayError::Kept));
    // the trump 7 the only trump: he must play it
    let b = hand(&r, &[("makk", "A"), ("piros", "7")]);
    let mut p = Play::new(3, &[a, b, c], 0);
    p.keep[1] = keep;
    p.keep_until[1] = 1;
    p.play(pt, card(&r, "piros", "U")).unwrap();
    assert_eq!(p.legal(pt), 1u64 << card(&r, "piros", "7"), "forced");
}
