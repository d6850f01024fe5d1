//! The builder's part for the contract blocks: values, trumps, orders, goals, duties, trump cards and the rest of a contract's statements: takes the rule tree's entries of those sections, gives their
//! model values, and reports what is unknown, duplicate or malformed in them (moved out of
//! `build.rs` unchanged).

use super::*;

impl Builder<'_> {
    pub(super) fn contracts(&mut self, names: &Names, suits: &[Suit], ranks: &[Rank], melds: &Melds) -> Vec<Contract> {
        let mut out = Vec::new();
        for name in names.contracts.clone() {
            let Some(head) = self.get(&["contract", &name]) else {
                continue;
            };
            let prov = self.prov.add(head.file, head.stmt.head_span());
            let title = head.stmt.words.get(2).map(|w| w.text.clone()).unwrap_or_default();
            let mut c = Contract {
                name: name.clone(),
                title,
                value: 0,
                trumps: false,
                trump_order: None,
                plain_order: 0,
                trump_points: None,
                plain_points: None,
                first_lead: Seat::Forehand,
                win: Win::MoreThanEach { with_melds: true },
                tie: Tie::DeclarerLoses,
                melds: MeldKinds::default(),
                early_end_when_lost: false,
                announcements: Announcements::All,
                exchange: None,
                fixed_trump: None,
                trump_cards: Vec::new(),
                duties: Duties::default(),
                sides: SidesKind::DeclarerVsEach,
                callable: Vec::new(),
                goal: None,
                value_no_trumps: None,
                overtricks: None,
                deduct: None,
                chosen_trumps: None,
                called_suit_trumps: false,
                talon_draw: None,
                discards_face_up: false,
                discard_points: None,
                claims: None,
                each_scores: None,
                own: None,
                partner_after_sweep: false,
                bid_requires_same_suit: Vec::new(),
                order_if_called: None,
                defence_open_after: None,
                declarer_open_after: None,
                minimum_by_melds: Vec::new(),
                point_difference_value: None,
                value_lost: None,
                commits_face_down: false,
                joint: None,
                raise_to: Vec::new(),
                prov,
            };
            let mut claim_rules = ClaimRules::default();
            let mut seen_order = false;
            let mut seen_value = false;
            for e in self.block(&["contract", &name]) {
                match e.stmt.kind() {
                    Some(K::value_stmt) => {
                        seen_value = true;
                        c.value = self.int(e, 1, 0, 1_000_000, "a contract value").unwrap_or(0);
                        if at(e, 2, Flag::NoTrumps) && e.stmt.words.len() == 4 {
                            c.value_no_trumps = self.int(e, 3, 0, 1_000_000, "a contract value");
                        } else if e.stmt.words.len() > 2 {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::OutOfRange,
                                e,
                                span,
                                format!("contract `{name}` has a front value, but only figures are announced front"),
                                "`front`/`back` are for figures",
                                "write `value N` alone; front kontras are set in the doubling ladder",
                            );
                        }
                    }
                    Some(K::trumps_stmt) => {
                        let trumps = self.word(e, 1);
                        c.trumps = trumps != Some(words::Trumps::None);
                        c.called_suit_trumps = trumps == Some(words::Trumps::CalledSuit);
                        match trumps {
                            Some(words::Trumps::Chosen) => {
                                c.chosen_trumps = Some(ChosenTrumps {
                                    or_none: at(e, 2, Flag::OrNone),
                                });
                            }
                            Some(words::Trumps::Fixed) => {
                                let known: Vec<String> = suits.iter().map(|s| s.name.clone()).collect();
                                c.fixed_trump = self.lookup(e, 2, "suit", &known).map(|s| s as SuitId);
                            }
                            Some(words::Trumps::Bid | words::Trumps::None | words::Trumps::CalledSuit) | None => {}
                        }
                    }
                    Some(K::duties_stmt) => c.duties = duties_of(e),
                    Some(K::talon_draw_stmt) => {
                        let up_to = at(e, 1, Flag::UpTo);
                        let at = if up_to { 2 } else { 1 };
                        let count = self.int(e, at, 0, 32, "a number of talon cards").unwrap_or(0) as u8;
                        c.talon_draw = Some(TalonDraw { count, up_to });
                    }
                    Some(K::discard_points_stmt) => {
                        c.discard_points = self.word(e, 1).map(|w| match w {
                            words::DiscardPointsTo::Declarer => DiscardPoints::Declarer,
                            words::DiscardPointsTo::Opponents => DiscardPoints::Opponents,
                        });
                    }
                    Some(K::discards_stmt) => {
                        c.discards_face_up = self.word(e, 1) == Some(words::Discards::FaceUp);
                    }
                    Some(K::trump_cards_stmt) => c.trump_cards = self.trump_cards(e, &name, suits, ranks),
                    Some(K::trick_order_stmt) => {
                        seen_order = true;
                        let first = self.lookup(e, 1, "order", &names.orders);
                        if e.stmt.words.len() > 2 {
                            c.trump_order = first;
                            c.plain_order = self.lookup(e, 2, "order", &names.orders).unwrap_or(0);
                        } else {
                            c.plain_order = first.unwrap_or(0);
                        }
                    }
                    Some(K::count_stmt) => {
                        if at(e, 1, Flag::None) {
                            continue;
                        }
                        let first = self.lookup(e, 1, "points table", &names.points);
                        if e.stmt.words.len() > 2 {
                            c.trump_points = first;
                            c.plain_points = self.lookup(e, 2, "points table", &names.points);
                        } else {
                            c.plain_points = first;
                        }
                    }
                    Some(K::first_lead_stmt) => {
                        c.first_lead = match self.word(e, 1) {
                            Some(words::FirstLead::DeclarerLeft) => Seat::DeclarerLeft,
                            Some(words::FirstLead::DeclarerRight) => Seat::DeclarerRight,
                            Some(words::FirstLead::Declarer) => Seat::Declarer,
                            Some(words::FirstLead::NonDealer) => Seat::NonDealer,
                            Some(words::FirstLead::Forehand) | None => Seat::Forehand,
                        }
                    }
                    Some(K::win_stmt) if e.stmt.condition.is_some() => {
                        c.win = Win::Goal;
                        c.goal = e.stmt.condition.as_ref().and_then(|x| self.cond(e, x, suits, ranks));
                    }
                    Some(K::sides_stmt) => self.sides(e, &mut c, suits, ranks),
                    Some(K::overtricks_stmt) => {
                        let above = self.int(e, 2, 0, 64, "a number of tricks").unwrap_or(0) as u32;
                        let each = if self.word(e, 3) == Some(words::OvertrickValue::Each) {
                            Some(self.int(e, 4, 0, 1_000_000, "an overtrick value").unwrap_or(0))
                        } else {
                            None
                        };
                        c.overtricks = Some(Overtricks { above, each });
                    }
                    Some(K::each_scores_stmt) => c.each_scores = Some(self.each_scores(e)),
                    Some(K::own_stmt) => c.own = e.stmt.expr.as_ref().and_then(|x| self.own_expr(e, x)),
                    Some(K::bid_requires_stmt) => c.bid_requires_same_suit = self.bid_requires(e, ranks),
                    Some(K::order_if_called_stmt) => c.order_if_called = self.order_if_called(e, ranks, names),
                    Some(K::open_hands_stmt) => {
                        let after = self.open_hands_after(e);
                        if e.stmt.words.get(1).is_some_and(|w| w.text == "declarer") {
                            c.declarer_open_after = after;
                        } else {
                            c.defence_open_after = after;
                        }
                    }
                    Some(K::commits_stmt) => c.commits_face_down = true,
                    Some(K::joint_stmt) => c.joint = self.joint_settle(e),
                    Some(K::raise_stmt) => c.raise_to = self.raise_targets(e, &names.contracts),
                    Some(K::deduct_stmt) => {
                        c.deduct = e.stmt.condition.as_ref().and_then(|x| self.cond(e, x, suits, ranks));
                    }
                    Some(K::win_stmt) => {
                        c.win = match self.word(e, 1) {
                            Some(words::WinShape::NoTricks) => Win::NoTricks,
                            Some(words::WinShape::MostTricks) => Win::MostTricks,
                            Some(words::WinShape::MostCardPoints) => Win::MostCardPoints,
                            Some(words::WinShape::MoreThanEach) | None => Win::MoreThanEach {
                                with_melds: self.word(e, 2) == Some(words::WinPoints::CardPointsMelds),
                            },
                        }
                    }
                    Some(K::minimum_by_melds_stmt) => c.minimum_by_melds = self.minimum_by_melds(e),
                    Some(K::lost_value_stmt) => {
                        c.value_lost = self.int(e, 1, 0, 1_000_000, "a contract value");
                    }
                    Some(K::point_difference_value_stmt) => {
                        c.point_difference_value = self.int(e, 1, 1, 1_000_000, "a value per point");
                    }
                    Some(K::tie_stmt) => {
                        c.tie = match self.word(e, 1) {
                            Some(words::Tie::MostPayFewer) => Tie::MostPayFewer,
                            Some(words::Tie::Nobody) => Tie::Nobody,
                            Some(words::Tie::MostPay) => self.most_pay_times(e),
                            Some(words::Tie::DeclarerLoses) | None => Tie::DeclarerLoses,
                        }
                    }
                    Some(K::melds_in_stmt) => c.melds = self.meld_kinds(e, melds),
                    Some(K::early_end_stmt) => c.early_end_when_lost = true,
                    Some(K::announcements_stmt) => {
                        c.announcements = match self.word(e, 1) {
                            Some(words::Announcements::None) => Announcements::None,
                            Some(words::Announcements::GameOnly) | None => Announcements::GameOnly,
                        }
                    }
                    Some(K::exchange_in_stmt) => c.exchange = self.lookup(e, 1, "exchange", &names.exchanges),
                    Some(
                        K::claims_stmt
                        | K::conceded_to_stmt
                        | K::concession_disputed_stmt
                        | K::concession_confirmed_stmt
                        | K::claim_trumps_stmt,
                    ) => {
                        if let Err(bad) = claim_rules.read(e) {
                            self.not_a_keyword(e, &bad);
                        }
                    }
                    other => self.unread(e, other),
                }
            }
            c.claims = claim_rules.claims();
            // without a `tie` line a most-tricks game does what the engine does for it: the
            // players with the most tricks pay those with fewer (`declarer-loses` has no declarer)
            if c.win.is_everyone_for_himself() && self.get(&["contract", &name, "tie"]).is_none() {
                c.tie = Tie::MostPayFewer;
            }
            if !seen_order || !seen_value {
                let span = head.stmt.head_span();
                let what = if !seen_value { "`value`" } else { "`trick-order`" };
                self.err(
                    Code::Missing,
                    head,
                    span,
                    format!("contract `{name}` has no {what}"),
                    "this contract",
                    format!("add {what} to the contract"),
                );
            }
            if c.trumps && c.trump_order.is_none() {
                let span = head.stmt.head_span();
                self.err(
                    Code::Missing,
                    head,
                    span,
                    format!("contract `{name}` has trumps but no trump order"),
                    "`trumps bid` needs two orders",
                    "write `trick-order TRUMP-ORDER PLAIN-ORDER`",
                );
            }
            self.duties_need_trumps(&c);
            // a marriage of every suit also counts without trumps (at its plain value)
            let trump_only = melds
                .marriages
                .iter()
                .enumerate()
                .filter(|(_, m)| m.every_suit.is_none())
                .fold(0u8, |mask, (i, _)| mask | 1u8.checked_shl(i as u32).unwrap_or(0));
            if let (Some(m), false) = (first_of(c.melds.marriages & trump_only, &melds.marriages), c.trumps) {
                let span = head.stmt.head_span();
                self.err(
                    Code::TrumpWithoutTrumps,
                    head,
                    span,
                    format!("contract `{name}` counts `{}` but has no trumps", m.name),
                    format!("`{}` is a marriage in the trump suit", m.name),
                    format!("drop `{}` from `melds`, or give the contract `trumps bid`", m.name),
                );
            }
            self.check_goal(&c);
            out.push(c);
        }
        if out.is_empty() {
            self.missing("contracts", "add at least one `contract NAME { ... }`");
        }
        out
    }

    /// The words of a `duties` line that only mean something with trumps, in a contract without
    /// any: `kartya::no-effect` on each.
    pub(super) fn duties_need_trumps(&mut self, c: &Contract) {
        if c.trumps || !c.trump_cards.is_empty() {
            return;
        }
        let Some(e) = self.get(&["contract", &c.name, "duties"]) else {
            return;
        };
        for word in e
            .stmt
            .words
            .iter()
            .filter(|w| ["trump-when-void", "overtrump", "trump-lead"].contains(&w.text.as_str()))
        {
            self.err(
                Code::NoEffect,
                e,
                word.span,
                format!("contract `{}` has no trumps, so `{}` never applies", c.name, word.text),
                "needs trumps",
                "remove the word, or give the contract `trumps bid`, `trumps fixed SUIT` or `trump-cards`",
            );
        }
    }

    /// `trump-cards CARD...`: each a card of one suit, dealt, and named once.
    pub(super) fn trump_cards(&mut self, e: &Entry, contract: &str, suits: &[Suit], ranks: &[Rank]) -> Vec<Card> {
        let mut out: Vec<Card> = Vec::new();
        for word in e.stmt.words.iter().skip(1) {
            let c = ast::CardRef::from_text(&word.text, word.span);
            let Some(sel) = self.card_sel(e, &c, suits, ranks) else {
                continue;
            };
            let SuitSel::Suit(suit) = sel.suit else {
                self.err(
                    Code::OutOfRange,
                    e,
                    word.span,
                    format!("contract `{contract}`: trump card `{}` names no one card", word.text),
                    "`trump` and `any` are not one card",
                    "name each trump card by its suit, highest first: `SUIT.RANK`",
                );
                continue;
            };
            let card = Card { suit, rank: sel.rank };
            if out.contains(&card) {
                self.err(
                    Code::DuplicateName,
                    e,
                    word.span,
                    format!("contract `{contract}` names trump card `{}` twice", word.text),
                    "named before",
                    "name each trump card once, highest first",
                );
                continue;
            }
            out.push(card);
        }
        out
    }
}
