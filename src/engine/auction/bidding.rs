//! The bidding rounds of `variant.bidding` as part of `Game`: takes the round shapes (accept the
//! indicator, ascending over a bid ladder, first claim) and the all-pass rule, gives the calls
//! legal now, their checks, and the contract, trump suit and declarer they make. The round in
//! progress is the `BidState` of `Stage::Bidding`: readers take it, a call works on a copy that
//! it writes back (or hands to the end of the round), and a new round starts from the last one's.

use crate::engine::core::game::{next_pos, Action, Game};
use crate::engine::core::stage::{BidState, Stage};
use crate::model::{AllPass, BidEntry, ContractId, FigureId, HandStage, RoundShape, SuitId};

impl Game {
    pub(in crate::engine) fn round_shape(&self, bid: &BidState) -> Option<RoundShape> {
        self.rules.variant.bidding.rounds.get(bid.round).map(|r| r.shape)
    }

    /// Starts the bidding round `last.round`, skipping rounds that cannot be held; the figures
    /// attached in `last` (the round before, or none) go on into it.
    pub(in crate::engine) fn start_round(&mut self, last: BidState) {
        if let Some(na) = &self.rules.variant.bidding.no_auction {
            if na.forehand_chooses() {
                return self.start_forehand_choice();
            }
            let declarer = na.forehand_declares.then_some(0);
            let contract = na.contracts.first().copied().unwrap_or(0);
            return self.declare_without_auction(contract, declarer);
        }
        let mut round = last.round;
        loop {
            let Some(shape) = self.rules.variant.bidding.rounds.get(round).map(|r| r.shape) else {
                self.all_pass();
                return;
            };
            match shape {
                RoundShape::AcceptIndicator if self.deal.indicator.is_none() => {
                    round += 1;
                    continue;
                }
                // a first-claim round is bid with the full hand (§6.3.1: the front round is skipped)
                RoundShape::FirstClaim { .. }
                    if !self.picked_up
                        && HandStage::comes_before(
                            &self.rules.variant.stages,
                            HandStage::FrontRound,
                            HandStage::Pickup,
                        ) =>
                {
                    self.picked_up = true
                }
                _ => {}
            }
            self.stage = Stage::Bidding(BidState {
                round,
                bid_figures: last.bid_figures,
                high_figures: last.high_figures,
                ..BidState::default()
            });
            return;
        }
    }

    /// The round after `bid`'s, which ended without a declarer.
    pub(in crate::engine) fn next_round(&mut self, bid: BidState) {
        self.start_round(BidState {
            round: bid.round + 1,
            ..bid
        });
    }

    fn indicator_suit(&self) -> Option<SuitId> {
        self.deal.indicator.map(|c| self.rules.tables.suit(c))
    }

    /// Whether entry `i` of a ladder may be bid now by the player to bid, or why not: the
    /// ladder's rules and what the contract requires him to hold.
    pub(in crate::engine) fn biddable(
        &self,
        bid: &BidState,
        ladder: usize,
        i: u8,
        no_indicator: bool,
    ) -> Result<(), &'static str> {
        self.on_ladder_now(bid, ladder, i, no_indicator)?;
        match self
            .rules
            .variant
            .bid_ladders
            .get(ladder)
            .and_then(|l| l.entries.get(i as usize))
        {
            // `requires same-suit`: what the bidder must hold
            Some(BidEntry::Contract(c)) => self.holds_for_bid(bid.turn, *c),
            _ => Ok(()),
        }
    }

    /// Whether entry `i` of a ladder may be bid now by the ladder's rules alone (whoever bids:
    /// whether any higher bid is left at all).
    fn on_ladder_now(&self, bid: &BidState, ladder: usize, i: u8, no_indicator: bool) -> Result<(), &'static str> {
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
        if self.equal_bid_allowed(bid, i) {
            return Ok(());
        }
        self.outbids(bid, ladder, i)?;
        self.level_raise(bid, i)
    }

    pub(in crate::engine) fn ladder_len(&self, ladder: usize) -> u8 {
        self.rules
            .variant
            .bid_ladders
            .get(ladder)
            .map(|l| l.entries.len().min(u8::MAX as usize) as u8)
            .unwrap_or(0)
    }

    /// In a bidding round of one call (accept the indicator, claim the contract) or a pass: the
    /// two legal actions, in the order `bid_actions` lists them; `None` outside the auction.
    pub(crate) fn call_or_pass(&self) -> Option<[Action; 2]> {
        match &self.stage {
            Stage::Bidding(bid) => self.one_call(bid),
            _ => None,
        }
    }

    /// The two actions of a round of one call, if `bid` is one.
    fn one_call(&self, bid: &BidState) -> Option<[Action; 2]> {
        match self.round_shape(bid) {
            Some(RoundShape::AcceptIndicator) => Some([Action::Accept, Action::Pass]),
            Some(RoundShape::FirstClaim { .. }) => Some([Action::Claim, Action::Pass]),
            _ => None,
        }
    }

    pub(in crate::engine) fn bid_actions(&self, bid: &BidState, out: &mut Vec<Action>) {
        if self.commit_actions(bid, out) {
            return;
        }
        if let Some(pair) = self.one_call(bid) {
            out.extend(pair);
            return;
        }
        if self.numeric_actions(bid, out).is_some() {
            return;
        }
        if bid.tie.is_some() {
            return self.tie_actions(out);
        }
        match self.round_shape(bid) {
            Some(RoundShape::Ascending {
                ladder, no_indicator, ..
            }) => {
                if !self.must_bid(bid) {
                    out.push(Action::Pass);
                }
                if self.check_hold(bid).is_ok() {
                    out.push(Action::Hold);
                }
                if self.check_join(bid).is_ok() {
                    out.push(Action::Join);
                }
                if self.round_with_figures(bid) {
                    self.bid_figure_actions(bid, ladder, out);
                }
                for i in 0..self.ladder_len(ladder) {
                    if self.biddable(bid, ladder, i, no_indicator).is_ok() {
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

    pub(in crate::engine) fn check_bid(&self, bid: &BidState, action: Action) -> Result<(), &'static str> {
        if let Some(checked) = self.check_commit(bid, action) {
            return checked;
        }
        if let Some(checked) = self.check_numeric(bid, action) {
            return checked;
        }
        if bid.tie.is_some() {
            return self.check_tie(action);
        }
        match (self.round_shape(bid), action) {
            (Some(RoundShape::AcceptIndicator), Action::Accept | Action::Pass) => Ok(()),
            (Some(RoundShape::Ascending { .. }), Action::Pass) if self.must_bid(bid) => {
                Err("the last player may not pass when all the others have passed without a bid: he must bid")
            }
            (Some(RoundShape::Ascending { .. }), Action::Pass) => Ok(()),
            (Some(RoundShape::Ascending { .. }), Action::Hold) => self.check_hold(bid),
            (Some(RoundShape::Ascending { .. }), Action::Join) => self.check_join(bid),
            (
                Some(RoundShape::Ascending {
                    ladder,
                    with_figures: true,
                    ..
                }),
                Action::Announce(f),
            ) => self.check_bid_figure(bid, ladder, f as FigureId),
            (
                Some(RoundShape::Ascending {
                    ladder, no_indicator, ..
                }),
                Action::Bid(i),
            ) => self.biddable(bid, ladder, i, no_indicator),
            (Some(RoundShape::FirstClaim { .. }), Action::Claim | Action::Pass) => Ok(()),
            _ => Err("not a call of this bidding round"),
        }
    }

    /// Applies a checked call of the round in progress (a copy of the stage's): the copy goes
    /// back into the stage while the round goes on.
    pub(in crate::engine) fn apply_bid(&mut self, action: Action) {
        // `apply_legal` comes here only in `Stage::Bidding` (by `step`): the round is found
        let Stage::Bidding(bid) = self.stage else { return };
        self.apply_in_round(bid, action);
    }

    /// Records and applies a legal call of the bidding: `apply_legal` for a caller that knows
    /// the phase (the random hands, after `call_or_pass`), so the bidder is read from the round.
    pub(crate) fn apply_in_bidding(&mut self, action: Action) {
        // its caller comes here only in `Stage::Bidding`: the round is found
        let Stage::Bidding(bid) = self.stage else { return };
        self.record(bid.turn, action);
        self.apply_in_round(bid, action);
    }

    /// Applies a call to a copy of the round in progress, `bid`.
    fn apply_in_round(&mut self, mut bid: BidState, action: Action) {
        if self.bid_call(&mut bid, action) {
            self.stage = Stage::Bidding(bid);
        }
    }

    /// A call on the copy `bid`: whether the round goes on (in `bid`), false when the call ended
    /// the round (what ended it took the copy and set the next stage, or the next round's).
    fn bid_call(&mut self, bid: &mut BidState, action: Action) -> bool {
        let Some(action) = self.commit_step(bid, action) else {
            // a bid waits for its card: the round goes on as it was
            return true;
        };
        let action = self.joint_step(bid, action);
        let mut pos = bid.turn;
        let (shape, number) = match self.rules.variant.bidding.rounds.get(bid.round) {
            Some(r) => (Some(r.shape), r.number),
            None => (None, 0),
        };
        if let Some(r) = self.numeric(bid) {
            return self.apply_numeric(r, bid, action, number);
        }
        match (shape, action) {
            (Some(RoundShape::AcceptIndicator), Action::Accept) => {
                let c = self.rules.variant.bidding.suit_contract;
                self.declare(pos, c, self.indicator_suit(), number);
                false
            }
            (Some(RoundShape::FirstClaim { contract }), Action::Claim) => {
                self.declare(pos, contract, None, number);
                false
            }
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
                    crate::engine::auction::bid_figures::note_bid_call(bid, action);
                    if matches!(action, Action::Announce(_)) {
                        return true;
                    }
                }
                if bid.tie.is_some() {
                    // an equal bid's suits: settled, the round goes on from the challenger
                    match self.apply_tie(bid, action) {
                        Some(challenger) => pos = challenger,
                        None => return true,
                    }
                } else {
                    match action {
                        Action::Bid(i) if self.equal_bid_allowed(bid, i) => {
                            crate::engine::auction::equal_bids::start_tie(bid, pos);
                            return true;
                        }
                        Action::Bid(i) => {
                            bid.high = Some((pos, i));
                            bid.high_trump = None;
                        }
                        // the standing bid, matched: its holder is now the one who held it
                        Action::Hold => bid.high = bid.high.map(|(_, h)| (pos, h)),
                        _ => bid.passed |= 1 << pos,
                    }
                }
                if let Some(last) = self.forced_declarer(bid) {
                    // the last player left speaks and must bid, or is declarer without a bid
                    let mut turn = *bid;
                    turn.turn = last;
                    if self.forced_bids(&turn, ladder, no_indicator) {
                        *bid = turn;
                        return true;
                    }
                    self.declare_without_bid(*bid, last, ladder, number);
                    return false;
                }
                let top = !with_figures
                    && !self.holds_possible(bid)
                    && bid.high.is_some()
                    && (0..self.ladder_len(ladder)).all(|i| self.on_ladder_now(bid, ladder, i, no_indicator).is_err());
                if top {
                    self.end_ascending(*bid, ladder, number);
                    return false;
                }
                if until_pass {
                    let high = bid.high.map(|(p, _)| p);
                    let next = (1..=self.n)
                        .map(|k| (pos + k) % self.n)
                        .find(|&p| bid.passed & (1 << p) == 0 && Some(p) != high);
                    match next {
                        Some(p) => bid.turn = p,
                        None => {
                            self.end_ascending(*bid, ladder, number);
                            return false;
                        }
                    }
                    true
                } else {
                    self.next_turn(bid, |g, bid| g.end_ascending(bid, ladder, number))
                }
            }
            _ => self.next_turn(bid, |g, bid| g.next_round(bid)),
        }
    }

    /// One turn each: the round going on with the next player (true), or its end after everyone
    /// has spoken (false: `end` took the round).
    fn next_turn(&mut self, bid: &mut BidState, end: impl FnOnce(&mut Game, BidState)) -> bool {
        bid.spoken += 1;
        if bid.spoken >= self.n {
            end(self, *bid);
            false
        } else {
            bid.turn = next_pos(bid.turn, self.n);
            true
        }
    }

    /// The end of an ascending round: the standing bid declares (its figures are handed over as
    /// his front announcements), or the next round starts when nobody bid.
    fn end_ascending(&mut self, bid: BidState, ladder: usize, number: u32) {
        let entry = bid.high.and_then(|(p, i)| {
            self.rules
                .variant
                .bid_ladders
                .get(ladder)
                .and_then(|l| l.entries.get(i as usize))
                .map(|e| (p, *e))
        });
        match entry {
            Some((p, BidEntry::Suit(s))) => {
                self.take_bid_figures(bid.high_figures, p);
                self.declare(p, self.rules.variant.bidding.suit_contract, Some(s), number)
            }
            Some((p, BidEntry::Contract(c))) => {
                self.take_bid_figures(bid.high_figures, p);
                let final_bid = bid.high.map(|(_, i)| i);
                if !self.start_choice(p, ladder, final_bid, number) {
                    // a tie's suit fixes the trumps of a contract whose declarer names them
                    self.declare(p, c, bid.high_trump, number)
                }
            }
            None => self.next_round(bid),
        }
    }

    /// The trump suit a contract fixes whatever was bid (`trumps fixed SUIT`).
    pub(in crate::engine) fn fixed_trump(&self, contract: ContractId) -> Option<SuitId> {
        self.rules.variant.contracts.get(contract).and_then(|c| c.fixed_trump)
    }

    /// A game without an auction: the hand is that contract from the deal on (or from forehand's
    /// choice), declared by forehand or by nobody (everyone for himself, as when all pass).
    pub(in crate::engine) fn declare_without_auction(&mut self, contract: ContractId, declarer: Option<u8>) {
        self.set_contract(contract);
        self.declarer = declarer;
        self.trump = self.fixed_trump(contract);
        self.declared_before_pickup = !self.picked_up;
        self.after_bidding();
    }

    /// `forced-last`: the last player is declarer without a bid; he names any contract (with
    /// `contract-choice at-least-bid`), or plays the ladder's lowest entry when he has no bid of
    /// his own to make.
    fn declare_without_bid(&mut self, bid: BidState, pos: u8, ladder: usize, number: u32) {
        if self.start_choice(pos, ladder, None, number) {
            return;
        }
        let bid = BidState {
            high: Some((pos, 0)),
            ..bid
        };
        self.end_ascending(bid, ladder, number);
    }

    pub(in crate::engine) fn declare(&mut self, pos: u8, contract: ContractId, trump: Option<SuitId>, number: u32) {
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
