//! A contract two players hold at once (`joint both-win A one-wins B both-lose C`): takes the
//! ascending round's standing bid (its `BidState`) and the `Join` action, gives who may join (one other player,
//! while the contract is the standing bid), the cancellation of the join by a higher bid (the
//! joined player may bid again), and the settlement: each of the two is judged alone by
//! `win no-tricks`, and the nets of the table replace the game item's payments.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::BidState;
use crate::engine::score::payments::Pay;
use crate::engine::score::Score;
use crate::model::{BidEntry, JointSettle, RoundShape};

impl Game {
    /// The joint settlement of the standing bid's contract, if it has one.
    fn standing_joint(&self, bid: &BidState) -> Option<JointSettle> {
        let (_, i) = bid.high?;
        let Some(RoundShape::Ascending { ladder, .. }) = self.round_shape(bid) else {
            return None;
        };
        match self.rules.variant.bid_ladders.get(ladder)?.entries.get(i as usize)? {
            BidEntry::Contract(c) => self.rules.variant.contracts.get(*c)?.joint,
            BidEntry::Suit(_) => None,
        }
    }

    /// Whether the player to bid may join the standing bid, or why not.
    pub(in crate::engine) fn check_join(&self, bid: &BidState) -> Result<(), &'static str> {
        self.standing_joint(bid)
            .ok_or("joint: only a contract with `joint` may be joined")?;
        if self.joint.is_some() {
            return Err("joint: the standing bid has been joined already");
        }
        match bid.high {
            Some((h, _)) if h == bid.turn => Err("joint: the bidder cannot join his own bid"),
            _ => Ok(()),
        }
    }

    /// The auction's view of a join and of a bid that stands: a join makes its player the
    /// second holder, who then has no turn while the bid stands (a pass to the turn order); a
    /// higher bid cancels the join and the joined player may bid again.
    pub(in crate::engine) fn joint_step(&mut self, bid: &mut BidState, action: Action) -> Action {
        match action {
            Action::Join => {
                self.joint = Some(bid.turn);
                Action::Pass
            }
            Action::Bid(_) => {
                if let Some(co) = self.joint.take() {
                    bid.passed &= !(1u16 << co);
                }
                action
            }
            _ => action,
        }
    }
}

/// With a joint bidder, the game item of the sheet becomes one item per holder, each judged
/// alone (no trick taken), paid by the contract's table (K25: any routing of the nets will do;
/// here each other player settles with one holder).
#[inline(never)] // only a contract two players hold: kept out of the scoring code
pub(in crate::engine) fn settle(g: &Game, s: &mut Score) {
    let (Some(co), Some(d)) = (g.joint, g.declarer) else {
        return;
    };
    let Some(table) = g
        .contract
        .and_then(|c| g.rules.variant.contracts.get(c))
        .and_then(|c| c.joint)
    else {
        return;
    };
    let Some(at) = s
        .items
        .iter()
        .position(|i| i.item == crate::engine::core::game::Item::Game)
    else {
        return;
    };
    let old = s.items.remove(at);
    for (total, paid) in s.payments.iter_mut().zip(old.pay.iter()) {
        *total -= paid;
    }
    let holders = [g.seat_at(d), g.seat_at(co)];
    let made = holders.map(|seat| s.tricks.get(seat as usize).copied().unwrap_or(1) == 0);
    let others: Vec<u8> = (0..g.n)
        .map(|p| g.seat_at(p))
        .filter(|seat| !holders.contains(seat))
        .collect();
    let mut items = [old.clone(), old];
    for (k, item) in items.iter_mut().enumerate() {
        item.by = holders.get(k).copied();
        item.won = made.get(k).copied();
        item.pay = [0; MAX_SEATS];
        item.multiplier = 1;
        item.extra = 0;
        item.deducted = 0;
    }
    let [first, second] = &mut items;
    for (k, item) in [first, second].into_iter().enumerate() {
        let holder = holders.get(k).copied().unwrap_or(0);
        let other = others.get(k).copied().unwrap_or(0);
        let mut pay = Pay {
            item: &mut item.pay,
            total: &mut s.payments,
        };
        let partner_made = made.get(1 - k).copied().unwrap_or(false);
        match (made.get(k).copied().unwrap_or(false), partner_made) {
            // both made it: each other player pays one holder
            (true, true) => {
                item.base = table.both_win;
                pay.transfer(other, holder, table.both_win);
            }
            // he failed, the other made it: he pays the other holder
            (false, true) => {
                item.base = table.one_wins;
                pay.transfer(holder, holders.get(1 - k).copied().unwrap_or(0), table.one_wins);
            }
            (true, false) => item.base = table.one_wins,
            // both failed: each holder pays one other player
            (false, false) => {
                item.base = table.both_lose;
                pay.transfer(holder, other, table.both_lose);
            }
        }
        item.value = item.base;
    }
    let [first, second] = items;
    s.items.insert(at, second);
    s.items.insert(at, first);
}
