//! The bidding rounds of `variant.bidding` as part of `Game`: takes the round shapes (accept the
//! indicator, ascending over a bid ladder, first claim) and the all-pass rule, gives the calls
//! legal now, their checks, and the contract, trump suit and declarer they make.

use super::game::{next_pos, Action, Game, Phase};
use super::stage::Stage;
use crate::model::{AllPass, BidEntry, ContractId, FigureId, NoAuction, Pickup, RoundShape, SuitId};

impl Game {
    fn round_shape(&self) -> Option<RoundShape> {
        self.rules.variant.bidding.rounds.get(self.bid.round).map(|r| r.shape)
    }

    /// Starts the bidding round `self.bid.round`, skipping rounds that cannot be held.
    pub(super) fn start_round(&mut self) {
        if let Some(na) = self.rules.variant.bidding.no_auction {
            return self.without_auction(na);
        }
        loop {
            let Some(shape) = self.round_shape() else {
                self.all_pass();
                return;
            };
            match shape {
                RoundShape::AcceptIndicator if self.deal.indicator.is_none() => {
                    self.bid.round += 1;
                    continue;
                }
                // a first-claim round is bid with the full hand (§6.3.1: the front round is skipped)
                RoundShape::FirstClaim { .. }
                    if !self.picked_up && self.rules.variant.pickup == Pickup::AfterFrontRound =>
                {
                    self.pickup()
                }
                _ => {}
            }
            self.bid.turn = 0;
            self.bid.spoken = 0;
            self.bid.passed = 0;
            self.bid.high = None;
            self.bid.tie = None;
            self.bid.high_trump = None;
            self.stage = Stage::Bidding;
            return;
        }
    }

    fn indicator_suit(&self) -> Option<SuitId> {
        self.deal.indicator.map(|c| self.rules.tables.suit(c))
    }

    /// Whether entry `i` of a ladder may be bid now by the player to bid, or why not: the
    /// ladder's rules and what the contract requires him to hold.
    fn biddable(&self, ladder: usize, i: u8, no_indicator: bool) -> Result<(), &'static str> {
        self.on_ladder_now(ladder, i, no_indicator)?;
        match self
            .rules
            .variant
            .bid_ladders
            .get(ladder)
            .and_then(|l| l.entries.get(i as usize))
        {
            // `requires same-suit`: what the bidder must hold
            Some(BidEntry::Contract(c)) => self.holds_for_bid(*c),
            _ => Ok(()),
        }
    }

    /// Whether entry `i` of a ladder may be bid now by the ladder's rules alone (whoever bids:
    /// whether any higher bid is left at all).
    fn on_ladder_now(&self, ladder: usize, i: u8, no_indicator: bool) -> Result<(), &'static str> {
        let v = &self.rules.variant;
        let entry = v
            .bid_ladders
            .get(ladder)
            .and_then(|l| l.entries.get(i as usize))
            .ok_or("no such bid on the ladder")?;
        match *entry {
            BidEntry::Suit(s) if s >= self.rules.tables.n_suits => return Err("no such suit"),
            BidEntry::Suit(s) if no_indicator && Some(s) == self.indicator_suit() => {
                return Err("the indicator's suit may not be bid in this round")
            }
            BidEntry::Contract(c) if c >= v.contracts.len() => return Err("no such contract"),
            _ => {}
        }
        if self.equal_bid_allowed(i) {
            return Ok(());
        }
        self.outbids(ladder, i)?;
        self.level_raise(i)
    }

    fn ladder_len(&self, ladder: usize) -> u8 {
        self.rules
            .variant
            .bid_ladders
            .get(ladder)
            .map(|l| l.entries.len().min(u8::MAX as usize) as u8)
            .unwrap_or(0)
    }

    /// In a bidding round of one call (accept the indicator, claim the contract) or a pass: the
    /// two legal actions, in the order `bid_actions` lists them.
    pub(super) fn call_or_pass(&self) -> Option<[Action; 2]> {
        if self.phase() != Phase::Bidding {
            return None;
        }
        match self.round_shape() {
            Some(RoundShape::AcceptIndicator) => Some([Action::Accept, Action::Pass]),
            Some(RoundShape::FirstClaim { .. }) => Some([Action::Claim, Action::Pass]),
            _ => None,
        }
    }

    pub(super) fn bid_actions(&self, out: &mut Vec<Action>) {
        if self.commit_actions(out) {
            return;
        }
        if let Some(pair) = self.call_or_pass() {
            out.extend(pair);
            return;
        }
        if self.numeric_actions(out).is_some() {
            return;
        }
        if self.tie_pending() {
            return self.tie_actions(out);
        }
        match self.round_shape() {
            Some(RoundShape::Ascending {
                ladder, no_indicator, ..
            }) => {
                out.push(Action::Pass);
                if self.check_hold().is_ok() {
                    out.push(Action::Hold);
                }
                if self.check_join().is_ok() {
                    out.push(Action::Join);
                }
                if self.round_with_figures() {
                    self.bid_figure_actions(ladder, out);
                }
                for i in 0..self.ladder_len(ladder) {
                    if self.biddable(ladder, i, no_indicator).is_ok() {
                        out.push(Action::Bid(i));
                    }
                }
            }
            Some(
                RoundShape::AcceptIndicator
                | RoundShape::FirstClaim { .. }
                | RoundShape::EachBids { .. }
                | RoundShape::HighestBids { .. },
            )
            | None => {}
        }
    }

    pub(super) fn check_bid(&self, action: Action) -> Result<(), &'static str> {
        if let Some(checked) = self.check_commit(action) {
            return checked;
        }
        if let Some(checked) = self.check_numeric(action) {
            return checked;
        }
        if self.tie_pending() {
            return self.check_tie(action);
        }
        match (self.round_shape(), action) {
            (Some(RoundShape::AcceptIndicator), Action::Accept | Action::Pass) => Ok(()),
            (Some(RoundShape::Ascending { .. }), Action::Pass) => Ok(()),
            (Some(RoundShape::Ascending { .. }), Action::Hold) => self.check_hold(),
            (Some(RoundShape::Ascending { .. }), Action::Join) => self.check_join(),
            (
                Some(RoundShape::Ascending {
                    ladder,
                    with_figures: true,
                    ..
                }),
                Action::Announce(f),
            ) => self.check_bid_figure(ladder, f as FigureId),
            (
                Some(RoundShape::Ascending {
                    ladder, no_indicator, ..
                }),
                Action::Bid(i),
            ) => self.biddable(ladder, i, no_indicator),
            (Some(RoundShape::FirstClaim { .. }), Action::Claim | Action::Pass) => Ok(()),
            _ => Err("not a call of this bidding round"),
        }
    }

    pub(super) fn apply_bid(&mut self, action: Action) {
        let Some(action) = self.commit_step(action) else {
            return;
        };
        let action = self.joint_step(action);
        let mut pos = self.bid.turn;
        let number = self
            .rules
            .variant
            .bidding
            .rounds
            .get(self.bid.round)
            .map(|r| r.number)
            .unwrap_or(0);
        if self.apply_numeric(action, number) {
            return;
        }
        match (self.round_shape(), action) {
            (Some(RoundShape::AcceptIndicator), Action::Accept) => {
                let c = self.rules.variant.bidding.suit_contract;
                self.declare(pos, c, self.indicator_suit(), number);
            }
            (Some(RoundShape::FirstClaim { contract }), Action::Claim) => self.declare(pos, contract, None, number),
            (
                Some(RoundShape::Ascending {
                    ladder,
                    until_pass,
                    no_indicator,
                    with_figures,
                    ..
                }),
                _,
            ) => {
                if with_figures {
                    self.note_bid_call(action);
                    if matches!(action, Action::Announce(_)) {
                        return;
                    }
                }
                if self.tie_pending() {
                    // an equal bid's suits: settled, the round goes on from the challenger
                    match self.apply_tie(action) {
                        Some(challenger) => pos = challenger,
                        None => return,
                    }
                } else {
                    match action {
                        Action::Bid(i) if self.equal_bid_allowed(i) => return self.start_tie(pos),
                        Action::Bid(i) => {
                            self.bid.high = Some((pos, i));
                            self.bid.high_trump = None;
                        }
                        // the standing bid, matched: its holder is now the one who held it
                        Action::Hold => self.bid.high = self.bid.high.map(|(_, h)| (pos, h)),
                        _ => self.bid.passed |= 1 << pos,
                    }
                }
                if let Some(last) = self.forced_declarer() {
                    return self.declare_without_bid(last, ladder, number);
                }
                let top = !with_figures
                    && !self.holds_possible()
                    && self.bid.high.is_some()
                    && (0..self.ladder_len(ladder)).all(|i| self.on_ladder_now(ladder, i, no_indicator).is_err());
                if top {
                    return self.end_ascending(ladder, number);
                }
                if until_pass {
                    let high = self.bid.high.map(|(p, _)| p);
                    let next = (1..=self.n)
                        .map(|k| (pos + k) % self.n)
                        .find(|&p| self.bid.passed & (1 << p) == 0 && Some(p) != high);
                    match next {
                        Some(p) => self.bid.turn = p,
                        None => self.end_ascending(ladder, number),
                    }
                } else {
                    self.next_turn(|g| g.end_ascending(ladder, number));
                }
            }
            _ => self.next_turn(|g| {
                g.bid.round += 1;
                g.start_round();
            }),
        }
    }

    /// One turn each: the next player, or the end of the round after everyone has spoken.
    fn next_turn(&mut self, end: impl FnOnce(&mut Game)) {
        self.bid.spoken += 1;
        if self.bid.spoken >= self.n {
            end(self);
        } else {
            self.bid.turn = next_pos(self.bid.turn, self.n);
        }
    }

    fn end_ascending(&mut self, ladder: usize, number: u32) {
        let entry = self.bid.high.and_then(|(p, i)| {
            self.rules
                .variant
                .bid_ladders
                .get(ladder)
                .and_then(|l| l.entries.get(i as usize))
                .map(|e| (p, *e))
        });
        match entry {
            Some((p, BidEntry::Suit(s))) => {
                self.take_bid_figures(p);
                self.declare(p, self.rules.variant.bidding.suit_contract, Some(s), number)
            }
            Some((p, BidEntry::Contract(c))) => {
                self.take_bid_figures(p);
                let bid = self.bid.high.map(|(_, i)| i);
                if !self.start_choice(p, ladder, bid, number) {
                    // a tie's suit fixes the trumps of a contract whose declarer names them
                    self.declare(p, c, self.bid.high_trump, number)
                }
            }
            None => {
                self.bid.round += 1;
                self.start_round();
            }
        }
    }

    /// The trump suit a contract fixes whatever was bid (`trumps fixed SUIT`).
    pub(super) fn fixed_trump(&self, contract: ContractId) -> Option<SuitId> {
        self.rules.variant.contracts.get(contract).and_then(|c| c.fixed_trump)
    }

    /// A game without an auction: the hand is that contract from the deal on, declared by
    /// forehand or by nobody (everyone for himself, as when all pass).
    fn without_auction(&mut self, na: NoAuction) {
        self.set_contract(na.contract);
        self.declarer = na.forehand_declares.then_some(0);
        self.trump = self.fixed_trump(na.contract);
        self.declared_before_pickup = !self.picked_up;
        self.after_bidding();
    }

    /// `forced-last`: the last player is declarer without a bid; he names any contract, or
    /// plays the ladder's lowest entry when the bid is the contract.
    fn declare_without_bid(&mut self, pos: u8, ladder: usize, number: u32) {
        if self.start_choice(pos, ladder, None, number) {
            return;
        }
        self.bid.high = Some((pos, 0));
        self.end_ascending(ladder, number);
    }

    pub(super) fn declare(&mut self, pos: u8, contract: ContractId, trump: Option<SuitId>, number: u32) {
        let has_trumps = self.rules.variant.contracts.get(contract).is_some_and(|c| c.trumps);
        self.declarer = Some(pos);
        self.set_contract(contract);
        self.trump = if has_trumps {
            self.fixed_trump(contract).or(trump)
        } else {
            None
        };
        self.won_round = Some(number);
        self.declared_before_pickup = !self.picked_up;
        self.after_bidding();
    }

    fn all_pass(&mut self) {
        match self.rules.variant.bidding.all_pass {
            AllPass::Contract(c) => {
                self.set_contract(c);
                self.declarer = None;
                self.trump = self.fixed_trump(c);
                self.after_bidding();
            }
            AllPass::Redeal => {
                self.redeal = true;
                self.finish();
            }
        }
    }
}
