//! Review of issue 15's joint bids (digest §6.3.5, §6.6 Bettler 4, G11): takes a Graden auction
//! where a higher bid that itself lays a card face down (Plauderer over a joined Bettler) comes
//! after the join, gives a check that both Bettler bids are cancelled: no joint holder, only the
//! new bidder's card face down, and the Mitbettler may speak again.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::{Action, Seat};

const LOW: &[&str] = &["herz.9", "karo.9", "pik.9", "kreuz.9", "herz.10", "karo.10"];
const HIGH: &[&str] = &["herz.A", "herz.K", "karo.A", "karo.K", "pik.A", "pik.K"];
const MID: &[&str] = &["herz.Q", "herz.J", "karo.Q", "karo.J", "pik.Q", "pik.J"];
const CLUBS: &[&str] = &["kreuz.A", "kreuz.K", "kreuz.Q", "kreuz.J", "kreuz.10", "pik.10"];

#[test]
fn a_committing_higher_bid_cancels_the_join_and_both_cards() {
    let r = rules("koenigrufen-graden");
    let mut g = game_from_order(&r, 0, &order_in_packets_of_three(&r, [LOW, HIGH, MID, CLUBS]));
    act(
        &mut g,
        &[
            Action::Bid(bid_index(&r, "bettler")),
            Action::LayFaceDown(cards(&r, &["herz.9"])[0]),
            Action::Join,
            Action::LayFaceDown(cards(&r, &["herz.A"])[0]),
            Action::Bid(bid_index(&r, "plauderer")),
            Action::LayFaceDown(cards(&r, &["herz.Q"])[0]),
        ],
    );
    let obs = g.observation(Seat(0));
    assert_eq!(obs.joint, None, "G11: the higher bid cancels the joint Bettler");
    assert_eq!(obs.face_down, 1 << 3, "G11: only the Plauderer's card lies face down");
    // seat 0 passes; the Bettler's first bidder (seat 1) and the Mitbettler (seat 2) have not
    // passed: each may speak again
    act(&mut g, &[Action::Pass]);
    assert_eq!(g.to_act_seat(), 1);
    act(&mut g, &[Action::Pass]);
    assert_eq!(g.to_act_seat(), 2, "the cancelled Mitbettler speaks again");
}
