//! Play duties, trumps and a game without an auction as data: takes the fixtures of
//! tests/fixtures/plays/ (Whist-like, Schafkopf-like, Alsós with overtrumping) and alsos-3p, gives
//! tricks in which each duty refuses an illegal card, naming its rule, and allows a legal one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;
use engine_util::*;
use kartya::engine::play::{Play, PlayError};
use kartya::engine::tables::PlayTable;
use kartya::engine::{Action, Game, Phase, Rules};
use std::sync::Arc;

/// The compiled rules of a fixture under tests/fixtures/plays/.
fn fixture(name: &str) -> Arc<Rules> {
    let path = common::root().join(format!("tests/fixtures/plays/{name}.kartya"));
    let path = path.to_string_lossy().to_string();
    let (sources, loaded) = common::load(&[path.as_str()], &common::root());
    let v = loaded
        .variant
        .unwrap_or_else(|| panic!("{}", common::render(&loaded.diags, &sources)));
    Rules::new(v).unwrap()
}

/// The play table of a contract with a trump suit.
fn table<'a>(r: &'a Rules, contract_name: &str, trump: Option<&str>) -> &'a PlayTable {
    let t = trump.map(|s| suit(r, s));
    r.tables.table(contract(r, contract_name), t).unwrap()
}

/// A mask of cards written `suit.rank`.
fn mask(r: &Rules, words: &[&str]) -> u64 {
    words.iter().fold(0u64, |m, w| {
        let (s, k) = w.split_once('.').unwrap();
        m | 1u64 << card(r, s, k)
    })
}

/// A trick in progress: position 0 leads the cards `played` (one each, in turn), and the next
/// position holds `hand`. The other hands hold the cards played and nothing else that matters.
fn trick(r: &Rules, t: &PlayTable, played: &[&str], hand: &[&str]) -> Play {
    let n = r.variant.active as usize;
    let mut hands = vec![0u64; n];
    for (p, w) in played.iter().enumerate() {
        hands[p] |= mask(r, &[w]);
    }
    hands[played.len()] |= mask(r, hand);
    let mut play = Play::new(n as u8, &hands, 0);
    for w in played {
        let c = mask(r, &[w]).trailing_zeros() as u8;
        play.play(t, c).unwrap();
    }
    play
}

fn id(r: &Rules, w: &str) -> u8 {
    mask(r, &[w]).trailing_zeros() as u8
}

/// Alsós (alsos-3p, no `duties` line): a player who cannot follow suit and holds a trump must trump.
#[test]
fn alsos_default_must_trump_when_void() {
    let r = rules("alsos-3p");
    let t = table(&r, "adu", Some("makk"));
    let p = trick(&r, t, &["piros.A"], &["makk.7", "zöld.A"]);
    assert_eq!(p.check(t, id(&r, "zöld.A")), Err(PlayError::MustTrump));
    assert_eq!(PlayError::MustTrump.rule(), "cannot follow suit, so must trump");
    assert_eq!(p.check(t, id(&r, "makk.7")), Ok(()));
}

/// Whist (`duties follow`): void in the suit led, any card, a trump or not; following is still a duty.
#[test]
fn whist_void_may_play_any_card() {
    let r = fixture("whist-fixed-trumps-no-auction");
    let t = table(&r, "whist", Some("hearts"));
    let p = trick(&r, t, &["spades.A"], &["hearts.2", "clubs.3"]);
    assert_eq!(p.check(t, id(&r, "clubs.3")), Ok(()), "a discard while holding a trump");
    assert_eq!(p.check(t, id(&r, "hearts.2")), Ok(()), "or a trump");
    let p = trick(&r, t, &["spades.A"], &["spades.2", "hearts.2"]);
    assert_eq!(p.check(t, id(&r, "hearts.2")), Err(PlayError::MustFollow));
}

/// Tarock and Belote (`overtrump`, here in alsos-overtrump): a void player must beat the trumps
/// in the trick if he can; when he cannot, `trump-when-void` still makes him trump (undertrump).
#[test]
fn overtrump_beats_the_trick_trumps_or_undertrumps() {
    let r = fixture("alsos-overtrump");
    let t = table(&r, "adu", Some("makk"));
    // piros led, makk.A (a trump) played on it; the third player is void in piros
    let p = trick(&r, t, &["piros.7", "makk.A"], &["makk.U", "makk.8", "zöld.A"]);
    assert_eq!(p.check(t, id(&r, "makk.8")), Err(PlayError::MustOvertrump));
    assert!(PlayError::MustOvertrump.rule().contains("must beat the trick"));
    assert_eq!(p.check(t, id(&r, "makk.U")), Ok(()), "the trump under beats the ace");
    let p = trick(&r, t, &["piros.7", "makk.A"], &["makk.8", "zöld.A"]);
    assert_eq!(p.check(t, id(&r, "makk.8")), Ok(()), "cannot overtrump: undertrumps");
    assert_eq!(p.check(t, id(&r, "zöld.A")), Err(PlayError::MustTrump));
    // the same trick in alsos-3p: any trump
    let r = rules("alsos-3p");
    let t = table(&r, "adu", Some("makk"));
    let p = trick(&r, t, &["piros.7", "makk.A"], &["makk.U", "makk.8", "zöld.A"]);
    assert_eq!(p.check(t, id(&r, "makk.8")), Ok(()));
}

/// Königrufen and Tarock (`head always`, the solo of schafkopf-like): following suit, a player
/// must beat the trick's best card if he can; once it is trumped, any card of the suit.
#[test]
fn head_always_beats_the_best_card_when_following() {
    let r = fixture("schafkopf-trump-cards-head");
    let t = table(&r, "solo", Some("eichel"));
    let p = trick(&r, t, &["gras.K"], &["gras.A", "gras.9"]);
    assert_eq!(p.check(t, id(&r, "gras.9")), Err(PlayError::MustHead));
    assert_eq!(
        PlayError::MustHead.rule(),
        "must head the trick: a card that beats it is held"
    );
    assert_eq!(p.check(t, id(&r, "gras.A")), Ok(()));
    let p = trick(&r, t, &["gras.K", "eichel.7"], &["gras.A", "gras.9"]);
    assert_eq!(
        p.check(t, id(&r, "gras.9")),
        Ok(()),
        "trumped: nothing of the suit beats it"
    );
}

/// `head trump-lead` (the ramsch of schafkopf-like): beat a trump lead if able; a plain lead may
/// be followed low.
#[test]
fn head_on_a_trump_lead_only() {
    let r = fixture("schafkopf-trump-cards-head");
    let t = table(&r, "ramsch", Some("herz"));
    let p = trick(&r, t, &["herz.K"], &["herz.A", "herz.9"]);
    assert_eq!(p.check(t, id(&r, "herz.9")), Err(PlayError::MustHead));
    assert_eq!(p.check(t, id(&r, "herz.A")), Ok(()));
    let p = trick(&r, t, &["gras.K"], &["gras.A", "gras.9"]);
    assert_eq!(p.check(t, id(&r, "gras.9")), Ok(()));
}

/// Schafkopf (`trump-cards`): every Ober and Unter is a trump above the trump suit's ace, in the
/// listed order; it follows a trump lead and does not follow its own suit.
#[test]
fn trump_cards_belong_to_the_trumps() {
    let r = fixture("schafkopf-trump-cards-head");
    let t = table(&r, "solo", Some("schellen"));
    // gras led: the gras Ober is a trump, so the gras nine must follow
    let p = trick(&r, t, &["gras.A"], &["gras.O", "gras.9"]);
    assert_eq!(p.check(t, id(&r, "gras.O")), Err(PlayError::MustFollow));
    assert_eq!(p.check(t, id(&r, "gras.9")), Ok(()));
    // a trump led: the gras Ober follows it (and, heading, must beat the schellen ace)
    let p = trick(&r, t, &["schellen.A"], &["gras.O", "gras.9"]);
    assert_eq!(p.check(t, id(&r, "gras.9")), Err(PlayError::MustFollow));
    assert_eq!(p.check(t, id(&r, "gras.O")), Ok(()));
    // the order of the list: eichel.O > gras.O > ... > schellen.U > schellen.A
    let order = [
        "eichel.O",
        "gras.O",
        "herz.O",
        "schellen.O",
        "eichel.U",
        "gras.U",
        "herz.U",
        "schellen.U",
        "schellen.A",
        "schellen.10",
    ];
    for pair in order.windows(2) {
        let (hi, lo) = (id(&r, pair[0]), id(&r, pair[1]));
        assert!(
            t.beats[lo as usize] & (1u64 << hi) != 0,
            "{} beats {}",
            pair[0],
            pair[1]
        );
        assert!(
            t.beats[hi as usize] & (1u64 << lo) == 0,
            "{} does not beat {}",
            pair[1],
            pair[0]
        );
    }
    // and the Unter of a plain suit beats that suit's ace
    assert!(t.beats[id(&r, "gras.A") as usize] & (1u64 << id(&r, "gras.U")) != 0);
}

/// A game without an auction (`no-auction whist`): the hand starts with the play, nobody
/// declares, the trumps are the fixed suit; it is scored on the most tricks.
#[test]
fn no_auction_starts_with_the_play_with_fixed_trumps() {
    let r = fixture("whist-fixed-trumps-no-auction");
    let mut g = Game::new(Arc::clone(&r), kartya::engine::Seat(3), 7);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.declarer(), None);
    assert_eq!(g.trump(), Some(suit(&r, "hearts")));
    assert_eq!(g.contract(), Some(contract(&r, "whist")));
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::Play(_))));
    random_finish(&mut g, 7);
    let s = g.result().unwrap();
    assert_eq!(s.contract, Some(contract(&r, "whist")));
}

/// `trumps fixed herz` reached when all pass (the ramsch of schafkopf-like): herz are trumps
/// although no suit was bid.
#[test]
fn fixed_trumps_when_all_pass() {
    let r = fixture("schafkopf-trump-cards-head");
    let mut g = Game::new(Arc::clone(&r), kartya::engine::Seat(3), 1);
    act(&mut g, &[Action::Pass, Action::Pass, Action::Pass, Action::Pass]);
    assert_eq!(g.contract(), Some(contract(&r, "ramsch")));
    assert_eq!(g.trump(), Some(suit(&r, "herz")));
    assert_eq!(g.phase(), Phase::Play);
}

/// R11, koenigrufen-family.md §8.1 (§1.3, §2.4.2, K8 (a)): trumps hearts, the acorn King led. The
/// 2nd player holds the acorn A and 7: he must head the trick with the A. The 3rd has no acorns
/// and holds the heart K and 8: he must trump, and either trump beats. The 4th has no acorns and
/// holds the heart O and 7: neither beats the heart K, but he must still trump (undertrump).
#[test]
fn koenigrufen_russbach_r11_head_the_trick_and_undertrump() {
    let r = rules("koenigrufen-russbach");
    let t = table(&r, "rufspiel", Some("herz"));
    let p = trick(&r, t, &["eichel.K"], &["eichel.A", "eichel.7"]);
    assert_eq!(p.check(t, id(&r, "eichel.7")), Err(PlayError::MustHead));
    assert_eq!(p.check(t, id(&r, "eichel.A")), Ok(()));
    let p = trick(&r, t, &["eichel.K", "eichel.A"], &["herz.K", "herz.8", "schelle.7"]);
    assert_eq!(p.check(t, id(&r, "schelle.7")), Err(PlayError::MustTrump));
    assert_eq!(p.check(t, id(&r, "herz.K")), Ok(()));
    assert_eq!(p.check(t, id(&r, "herz.8")), Ok(()));
    let p = trick(
        &r,
        t,
        &["eichel.K", "eichel.A", "herz.K"],
        &["herz.O", "herz.7", "laub.A"],
    );
    assert_eq!(
        p.check(t, id(&r, "laub.A")),
        Err(PlayError::MustTrump),
        "undertrumping comes first"
    );
    assert_eq!(p.check(t, id(&r, "herz.O")), Ok(()));
    assert_eq!(p.check(t, id(&r, "herz.7")), Ok(()));
}
