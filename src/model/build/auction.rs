//! The builder's part for the bid ladders, the bidding block and the announcing block: takes the rule tree's entries of those sections, gives their
//! model values, and reports what is unknown, duplicate or malformed in them (moved out of
//! `build.rs` unchanged).

use super::*;

impl Builder<'_> {
    pub(super) fn bid_ladders(&mut self, names: &Names, suits: &[Suit]) -> Vec<BidLadder> {
        // a ladder, a `trumps` line and a figure's `in` line read a name as a suit or a
        // contract: one named like a suit would be read as the suit
        for name in names.contracts.iter().filter(|n| suits.iter().any(|s| s.name == **n)) {
            if let Some(e) = self.get(&["contract", name]) {
                let span = e.stmt.words.get(1).map_or(e.stmt.head_span(), |w| w.span);
                self.err(
                    Code::DuplicateName,
                    e,
                    span,
                    format!("contract `{name}` has the name of a suit, so a ladder would read it as the suit"),
                    "a suit has this name",
                    format!("give the contract a name of its own, such as `{name}-game`"),
                );
            }
        }
        let mut out = Vec::new();
        for name in names.ladders.clone() {
            let Some(e) = self.get(&["ladder", &name]) else {
                continue;
            };
            let mut entries: Vec<BidEntry> = Vec::new();
            for word in e.stmt.words.iter().skip(2) {
                let entry = if let Some(s) = suits.iter().position(|s| s.name == word.text) {
                    BidEntry::Suit(s as SuitId)
                } else if let Some(c) = names.contracts.iter().position(|c| *c == word.text) {
                    BidEntry::Contract(c)
                } else {
                    let mut known: Vec<String> = suits.iter().map(|s| s.name.clone()).collect();
                    known.extend(names.contracts.iter().cloned());
                    self.unknown(e, word, "suit or contract", &known);
                    continue;
                };
                if entries.contains(&entry) {
                    let span = word.span;
                    self.err(
                        Code::BadBiddingLadder,
                        e,
                        span,
                        format!("ladder `{name}` lists `{}` twice", word.text),
                        "repeated bid",
                        "each bid appears once, lowest first",
                    );
                    continue;
                }
                if let (BidEntry::Suit(s), Some(BidEntry::Suit(prev))) =
                    (entry, entries.iter().rev().find(|x| matches!(x, BidEntry::Suit(_))))
                {
                    let (a, b) = (&suits[*prev as usize], &suits[s as usize]);
                    if let Some(unranked) = [a, b].into_iter().find(|x| x.bid_rank.is_none()) {
                        let span = word.span;
                        self.err(
                            Code::BadBiddingLadder,
                            e,
                            span,
                            format!(
                                "ladder `{name}` compares suits, but suit `{}` has no bidding rank",
                                unranked.name
                            ),
                            "an unranked suit in a ladder of suits",
                            "give every suit of the ladder a bidding rank in `deck` (`suit NAME CODE RANK`)",
                        );
                    } else if a.bid_rank >= b.bid_rank {
                        let span = word.span;
                        self.err(Code::BadBiddingLadder, e, span, format!("ladder `{name}` puts `{}` above `{}`, but the deck ranks it lower for bidding ({} < {})", b.name, a.name, b.bid_rank.unwrap_or(0), a.bid_rank.unwrap_or(0)), "out of order", "list bids from lowest to highest, following the suits' bidding ranks");
                    }
                }
                if matches!(entries.last(), Some(BidEntry::Contract(_))) && matches!(entry, BidEntry::Suit(_)) {
                    let span = word.span;
                    self.err(
                        Code::BadBiddingLadder,
                        e,
                        span,
                        format!("ladder `{name}` puts a suit above a contract bid"),
                        "out of order",
                        "contract bids such as no-trump come after the suits",
                    );
                }
                entries.push(entry);
            }
            out.push(BidLadder { name, entries });
        }
        out
    }

    pub(super) fn bidding(&mut self, names: &Names, contracts: &[Contract], ladders: &[BidLadder]) -> Option<Bidding> {
        let entries = self.block(&["bidding"]);
        if entries.is_empty() {
            self.missing("`bidding`", "add a `bidding { ... }` block");
            return None;
        }
        let mut suit_contract = None;
        let mut rounds = Vec::new();
        let mut all_pass = AllPass::Redeal;
        let mut switch = None;
        let mut no_auction = None;
        let mut contract_choice = ContractChoice::Bid;
        let mut forced_bid = ForcedBid::Any;
        for e in entries {
            match e.stmt.kind() {
                Some(K::no_auction_stmt) => no_auction = self.no_auction(e, names),
                Some(K::suit_contract_stmt) => {
                    suit_contract = self.lookup(e, 1, "contract", &names.contracts);
                    if let Some(c) = suit_contract.and_then(|c| contracts.get(c)) {
                        if !c.trumps {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::TrumpWithoutTrumps,
                                e,
                                span,
                                format!("bid suits make contract `{}`, which has no trumps", c.name),
                                "a suit bid names trumps",
                                "point `suit-contract` at a contract with `trumps bid`",
                            );
                        } else if c.fixed_trump.is_some() {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::NoEffect,
                                e,
                                span,
                                format!("bid suits make contract `{}`, whose trumps are fixed: the bid suit would be ignored", c.name),
                                "a suit bid names trumps",
                                "point `suit-contract` at a contract with `trumps bid`",
                            );
                        }
                    }
                }
                Some(K::round_row) => {
                    let number = self.int(e, 1, 1, 20, "a round number").unwrap_or(1) as u32;
                    let shape = match self.word(e, 2) {
                        Some(words::RoundShape::AcceptIndicator) => RoundShape::AcceptIndicator,
                        Some(words::RoundShape::Ascending) => {
                            let ladder = self.lookup(e, 3, "ladder", &names.ladders).unwrap_or(0);
                            RoundShape::Ascending {
                                ladder,
                                until_pass: has(e, Flag::UntilPass),
                                no_indicator: has(e, Flag::NoIndicator),
                                with_figures: has(e, Flag::WithFigures),
                                single_step: has(e, Flag::SingleStep),
                                hold_by_priority: has(e, Flag::HoldByPriority),
                                forced_last: has(e, Flag::ForcedLast),
                                ties_by_suit: has(e, Flag::TiesBySuit),
                            }
                        }
                        Some(words::RoundShape::EachBids | words::RoundShape::HighestBids) => {
                            self.numeric_round(e, names)
                        }
                        Some(words::RoundShape::FirstClaim) | None => RoundShape::FirstClaim {
                            contract: self.lookup(e, 3, "contract", &names.contracts).unwrap_or(0),
                        },
                    };
                    rounds.push(BidRound { number, shape });
                }
                Some(K::all_pass_stmt) => {
                    all_pass = AllPass::Contract(self.lookup(e, 1, "contract", &names.contracts).unwrap_or(0));
                }
                Some(K::redeal_stmt) => all_pass = AllPass::Redeal,
                Some(K::contract_choice_stmt) => {
                    contract_choice = match self.word(e, 1) {
                        Some(words::ContractChoice::AtLeastBid) => ContractChoice::AtLeastBid,
                        Some(words::ContractChoice::Bid) | None => ContractChoice::Bid,
                    }
                }
                Some(K::forced_bid_stmt) => {
                    forced_bid = match self.word(e, 1) {
                        Some(words::ForcedBid::Lowest) => ForcedBid::Lowest,
                        Some(words::ForcedBid::Any) | None => ForcedBid::Any,
                    }
                }
                Some(K::switch_row) => {
                    let to = self.lookup(e, 1, "contract", &names.contracts);
                    let at_most = self.int(e, 3, 0, 1_000_000, "a switch limit");
                    if let (Some(to), Some(at_most)) = (to, at_most) {
                        switch = Some(Switch { to, at_most });
                    }
                }
                other => self.unread(e, other),
            }
        }
        rounds.sort_by_key(|r| r.number);
        // only a round that can make a bid suit trumps needs to know its contract
        let bids_suits = rounds.iter().any(|r| match r.shape {
            RoundShape::AcceptIndicator => true,
            RoundShape::Ascending { ladder, .. } => ladders
                .get(ladder)
                .is_some_and(|l| l.entries.iter().any(|e| matches!(e, BidEntry::Suit(_)))),
            RoundShape::FirstClaim { .. } | RoundShape::EachBids { .. } | RoundShape::HighestBids { .. } => false,
        });
        if no_auction.is_some() {
            self.no_auction_alone();
        } else if suit_contract.is_none() && bids_suits {
            self.missing(
                "`suit-contract` in `bidding`",
                "add `suit-contract NAME` naming the trump contract",
            );
        }
        Some(Bidding {
            suit_contract: suit_contract.unwrap_or(0),
            rounds,
            all_pass,
            switch,
            no_auction,
            contract_choice,
            forced_bid,
        })
    }

    /// `no-auction CONTRACT... [declarer forehand]`: the contracts up to `declarer`, each once;
    /// several only when forehand declares (he names one of them), since nobody else could.
    fn no_auction(&mut self, e: &Entry, names: &Names) -> Option<NoAuction> {
        let forehand_declares = has(e, Flag::Declarer);
        let mut contracts: Vec<usize> = Vec::new();
        let mut i = 1;
        while i < e.stmt.words.len() && !at(e, i, Flag::Declarer) {
            if let Some(c) = self.lookup(e, i, "contract", &names.contracts) {
                if contracts.contains(&c) {
                    let span = e.stmt.words[i].span;
                    self.err(
                        Code::DuplicateName,
                        e,
                        span,
                        format!("contract `{}` is listed twice in `no-auction`", text(e, i)),
                        "listed again here",
                        "name each contract forehand may choose once",
                    );
                } else {
                    contracts.push(c);
                }
            }
            i += 1;
        }
        if contracts.len() > 1 && !forehand_declares {
            let span = e.stmt.head_span();
            self.err(
                Code::NoEffect,
                e,
                span,
                "`no-auction` lists several contracts, but nobody declares to choose one of them",
                "who names the contract?",
                format!(
                    "add `declarer forehand` (forehand names one), or list one contract: `no-auction {}`",
                    text(e, 1)
                ),
            );
        }
        (!contracts.is_empty()).then_some(NoAuction {
            contracts,
            forehand_declares,
        })
    }

    /// With `no-auction`, nothing else of `bidding` is ever used: each such line is an error.
    pub(super) fn no_auction_alone(&mut self) {
        for e in self.block(&["bidding"]) {
            if e.stmt.kind() == Some(K::no_auction_stmt) || e.stmt.kind() == Some(K::suit_contract_stmt) {
                continue;
            }
            let span = e.stmt.head_span();
            self.err(
                Code::NoEffect,
                e,
                span,
                format!("`{}` in a game without an auction is never used", text(e, 0)),
                "no bidding is held",
                "remove the line, or `no-auction` to hold an auction",
            );
        }
    }

    pub(super) fn announcing(&mut self) -> Announcing {
        let mut a = Announcing {
            front_round: true,
            back_with_first_trick: true,
            back_declarer_first: false,
            all_speak_first: false,
            closes_with_first_trick: false,
        };
        for e in self.block(&["announcing"]) {
            match e.stmt.kind() {
                Some(K::front_round_stmt) => a.front_round = self.word(e, 1) != Some(words::FrontRound::None),
                Some(K::back_round_stmt) => {
                    a.back_with_first_trick = self.word(e, 1) == Some(words::BackRound::WithFirstTrick);
                    a.back_declarer_first = e.stmt.words.len() > 2;
                }
                Some(K::round_end_stmt) => {
                    let end = self.word(e, 1);
                    a.all_speak_first = end == Some(words::RoundEnd::AllSpokeThenTwoPasses);
                    a.closes_with_first_trick = end == Some(words::RoundEnd::WithFirstTrick);
                }
                other => self.unread(e, other),
            }
        }
        a
    }
}
