//! Model to canonical text: every table, contract, figure (condition in words, values) and
//! ladder of a resolved variant, in a stable order. `kartya explain` prints it and the snapshot
//! tests record it, so a snapshot diff is a rule diff.

use crate::model::*;
use std::fmt::Write as _;

fn rank_codes(v: &Variant, ranks: &[RankId]) -> String {
    ranks
        .iter()
        .map(|r| v.ranks.get(*r as usize).map(|r| r.code.as_str()).unwrap_or("?"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn contract_names(v: &Variant, ids: &[ContractId]) -> String {
    ids.iter()
        .map(|c| v.contracts.get(*c).map(|c| c.name.as_str()).unwrap_or("?"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn order_name(v: &Variant, o: OrderId) -> &str {
    v.orders.get(o).map(|o| o.name.as_str()).unwrap_or("?")
}

fn points_name(v: &Variant, p: PointsId) -> &str {
    v.points.get(p).map(|p| p.name.as_str()).unwrap_or("?")
}

/// A seat in words; the declarer's left and right are before or after him by the seating
/// (counter-clockwise play reaches the declarer from his left, clockwise from his right).
fn seat_words(s: Seat, seating: Seating) -> &'static str {
    match (s, seating) {
        (Seat::DeclarerRight, Seating::Clockwise) => {
            return "the player before the declarer, on his right (the declarer plays second)"
        }
        (Seat::DeclarerLeft, Seating::Clockwise) => return "the player after the declarer, on his left",
        _ => {}
    }
    match s {
        Seat::Forehand => "forehand (the dealer's next player)",
        Seat::DeclarerLeft => "the player before the declarer (the declarer plays second)",
        Seat::DeclarerRight => "the player after the declarer",
        Seat::Declarer => "the declarer",
        Seat::NonDealer => "the non-dealer",
    }
}

/// The canonical text of a resolved variant.
pub fn explain(v: &Variant) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "rules {}: {}", v.name, v.description);
    let layers: Vec<&str> = v.layers.iter().map(|(n, _)| n.as_str()).collect();
    let _ = writeln!(o, "built from: {}", layers.join(" + "));
    for (n, d) in v.layers.iter().skip(1) {
        let _ = writeln!(o, "  house rules {n}: {d}");
    }
    for s in &v.sources {
        let _ = writeln!(o, "source: {s}");
    }
    if v.sources.iter().any(|s| s.contains("digest ")) {
        // the bundled files cite the project's rule sources, which an installed binary lacks
        let _ = writeln!(
            o,
            "  (the [NNN] texts and digests cited are the kartya project's rule sources, not installed with it)"
        );
    }
    let seating = match v.seating {
        Seating::CounterClockwise => "counter-clockwise",
        Seating::Clockwise => "clockwise",
    };
    let _ = writeln!(
        o,
        "\n[game]\nplayers {}, {} take part in a hand, play goes {seating}",
        v.players, v.active
    );
    if v.sits_out_dealer {
        let _ = writeln!(o, "the dealer sits out each hand");
    }

    let _ = writeln!(o, "\n[deck] {} cards", v.cards.len());
    for s in &v.suits {
        let n = v
            .cards
            .iter()
            .filter(|c| v.suits.get(c.suit as usize).is_some_and(|x| x.name == s.name))
            .count();
        match s.bid_rank {
            Some(rank) => {
                let _ = writeln!(o, "suit {:<10} {:<3} bidding rank {rank}, {n} cards", s.name, s.code);
            }
            None => {
                let _ = writeln!(o, "suit {:<10} {:<3} no bidding rank, {n} cards", s.name, s.code);
            }
        }
    }
    let ranks: Vec<String> = v.ranks.iter().map(|r| format!("{} ({})", r.code, r.name)).collect();
    let _ = writeln!(o, "ranks: {}", ranks.join(", "));

    let _ = writeln!(o, "\n[orders] highest first");
    for ord in &v.orders {
        let _ = writeln!(o, "{:<12} {}", ord.name, rank_codes(v, &ord.ranks));
    }
    let _ = writeln!(o, "\n[points]");
    for p in &v.points {
        let cells: Vec<String> = p
            .by_rank
            .iter()
            .enumerate()
            .map(|(r, pts)| format!("{} {pts}", v.ranks.get(r).map(|r| r.code.as_str()).unwrap_or("?")))
            .collect();
        let _ = writeln!(
            o,
            "{:<12} {}  (suit total {})",
            p.name,
            cells.join(", "),
            p.by_rank.iter().sum::<i32>()
        );
    }
    let _ = writeln!(o, "last trick   {}", v.last_trick);

    let _ = writeln!(
        o,
        "\n[deal] {} cards to each active player, {} on the table",
        v.hand_size(),
        v.talon_size()
    );
    for step in &v.deal {
        let line = match step {
            DealStep::Packet { size, hidden: false } => format!("packet of {size} to each, taken up"),
            DealStep::Packet { size, hidden: true } => {
                format!("packet of {size} to each, face down until the pickup")
            }
            DealStep::Indicator => "the indicator, face up: its suit is the original suit".to_string(),
            DealStep::Talon { size, face_up: false } => format!("{size} to the talon, face down"),
            DealStep::Talon { size, face_up: true } => format!("{size} to the talon, face up on top"),
        };
        let _ = writeln!(o, "- {line}");
    }
    let stages: Vec<&str> = v
        .stages
        .iter()
        .filter(|s| {
            // the round spoken with trick 1 is this stage's in the list, when anything may be said
            let trick_one_round = **s == HandStage::BackRound
                && v.announcing.back_with_first_trick
                && v.contracts.iter().any(|c| c.announcements != Announcements::None);
            !v.stage_uses(**s).is_empty() || trick_one_round
        })
        .map(|s| match s {
            HandStage::FrontRound => "the front announcement round",
            HandStage::Pickup => "the pickup",
            HandStage::Switch => "the switch",
            HandStage::Exchange => "the exchange",
            HandStage::TalonDraw => "the talon draw",
            HandStage::NameTrumps => "trumps named",
            HandStage::PartnerCall => "the partner call",
            HandStage::BackRound if v.announcing.back_with_first_trick && v.announcing.back_declarer_first => {
                "the back round (the declarer's turn before the lead, then with trick 1)"
            }
            HandStage::BackRound if v.announcing.back_with_first_trick => "the back round (with trick 1)",
            HandStage::BackRound => "the back round",
            HandStage::Tricks => "the tricks",
        })
        .collect();
    let _ = writeln!(o, "after the auction: {}", stages.join(", "));

    let _ = writeln!(o, "\n[bidding]");
    if let Some(na) = &v.bidding.no_auction {
        let _ = writeln!(o, "{}", no_auction_words(v, na));
    } else {
        bidding_rounds(v, &mut o);
    }
    bid_ladders(v, &mut o);

    let _ = writeln!(o, "\n[contracts]");
    for c in &v.contracts {
        contract(v, c, &mut o);
    }
    after_contracts(v, &mut o);
    o
}

/// A game without an auction, in words.
fn no_auction_words(v: &Variant, na: &crate::model::NoAuction) -> String {
    let names: Vec<&str> = na
        .contracts
        .iter()
        .map(|&c| v.contracts.get(c).map(|c| c.name.as_str()).unwrap_or("?"))
        .collect();
    let name = names.first().copied().unwrap_or("?");
    if na.forehand_chooses() {
        format!(
            "no auction: forehand names the contract of every hand, {}, and declares it",
            names.join(" or ")
        )
    } else if na.forehand_declares {
        format!("no auction: every hand is contract {name}, forehand its declarer")
    } else {
        format!("no auction: every hand is contract {name}, everyone for himself")
    }
}

/// The trumps of a contract, in words.
fn trumps_words(v: &Variant, c: &Contract) -> String {
    match c.chosen_trumps {
        Some(ch) if c.trumps && ch.or_none => {
            return "named by the declarer after the talon draw: any suit, or no trumps".to_string()
        }
        Some(_) if c.trumps => return "named by the declarer after the talon draw: any suit".to_string(),
        _ => {}
    }
    if c.called_suit_trumps && c.trumps {
        return "the suit of the card the declarer calls for his partner".to_string();
    }
    match c.fixed_trump {
        Some(s) if c.trumps => format!(
            "always {}, whatever is bid",
            v.suits.get(s as usize).map(|s| s.name.as_str()).unwrap_or("?")
        ),
        _ if c.trumps => "the suit won in the bidding".to_string(),
        _ => "none".to_string(),
    }
}

/// A `duties` line other than the default (follow suit, trump when void), in words.
fn duties_words(d: Duties) -> Option<String> {
    if d == Duties::default() {
        return None;
    }
    let beat = "unable to follow, beat the trick if able (with a trump, or a higher trump over its trumps)";
    let void = match (d.trump_when_void, d.overtrump) {
        (true, true) => format!("{beat}, else trump if able (undertrump)"),
        (true, false) => "unable to follow, trump if able".to_string(),
        (false, true) => format!("{beat}, else any card"),
        (false, false) => "unable to follow, any card".to_string(),
    };
    let mut s = vec!["follow suit".to_string(), void];
    match d.head {
        Head::Never => {}
        Head::Always => s.push("always beat the trick's best card if able (head the trick)".to_string()),
        Head::TrumpLead => {
            s.push("on a trump lead, a player following suit beats the trick's best card if able".to_string())
        }
    }
    Some(s.join("; "))
}

fn bidding_rounds(v: &Variant, o: &mut String) {
    if v.bids_suits() {
        let _ = writeln!(
            o,
            "a suit bid makes contract {}",
            v.contracts
                .get(v.bidding.suit_contract)
                .map(|c| c.name.as_str())
                .unwrap_or("?")
        );
    }
    for r in &v.bidding.rounds {
        let line = match &r.shape {
            RoundShape::AcceptIndicator => {
                "each in turn accepts the original suit as trumps, or passes; the first acceptance ends the bidding"
                    .to_string()
            }
            RoundShape::Ascending {
                ladder,
                until_pass,
                no_indicator,
                with_figures,
                single_step,
                hold_by_priority,
                forced_last,
                ties_by_suit,
            } => {
                let mut s = format!(
                    "ascending bids over ladder {}",
                    v.bid_ladders.get(*ladder).map(|l| l.name.as_str()).unwrap_or("?")
                );
                s.push_str(if *until_pass {
                    ", in turn until all but the highest bidder have passed"
                } else {
                    ", one turn each"
                });
                if *no_indicator {
                    s.push_str(", the original suit may not be bid");
                }
                if *with_figures {
                    s.push_str(", bids may carry front figures");
                }
                if *single_step {
                    s.push_str(", each bid exactly one step above the standing bid (the first bid the lowest)");
                }
                if *hold_by_priority {
                    s.push_str(", a player who speaks before the holder in the round's order may only hold the standing bid (becoming its holder) or pass; the others raise or pass; a pass is final");
                }
                if *forced_last {
                    s.push_str(if v.bidding.contract_choice == ContractChoice::AtLeastBid {
                        ", when all others pass without a bid the last player is declarer without a bid"
                    } else if v.bidding.forced_bid == ForcedBid::Lowest {
                        ", when all others pass without a bid the last player is declarer of the ladder's lowest entry without a bid (forced-bid lowest)"
                    } else {
                        ", when all others pass without a bid the last player may not pass: he bids, any bid the round allows"
                    });
                }
                if *ties_by_suit {
                    s.push_str(", a bid may equal the standing one: both bidders name the trump suit they intend, the higher-ranking suit's bid stands and fixes the trumps, the other bidder has passed");
                }
                s
            }
            RoundShape::FirstClaim { contract } => format!(
                "the first to claim {} gets it",
                v.contracts.get(*contract).map(|c| c.name.as_str()).unwrap_or("?")
            ),
            RoundShape::EachBids { .. } | RoundShape::HighestBids { .. } => numeric_round(v, &r.shape),
        };
        let _ = writeln!(o, "round {}: {line}", r.number);
    }
    if v.bidding.contract_choice == ContractChoice::AtLeastBid {
        let _ = writeln!(
            o,
            "contract: after the auction the declarer names a contract of the ladder at or above his final bid (any one without a bid)"
        );
    }
    if let Some(sw) = &v.bidding.switch {
        let to = v.contracts.get(sw.to).map(|c| c.name.as_str()).unwrap_or("?");
        let _ = writeln!(
            o,
            "switch: after the pickup the declarer, then each player in turn, may change the contract to {to} while the game and the declarer's figures, with their kontras, are worth at most {}",
            sw.at_most
        );
    }
    // a round where the last player is forced to declare never ends with all passing
    let forced = v
        .bidding
        .rounds
        .iter()
        .any(|r| matches!(r.shape, RoundShape::Ascending { forced_last: true, .. }));
    // an `each-bids` round has no pass: the hand never passes out
    let never_passes = v
        .bidding
        .rounds
        .iter()
        .any(|r| matches!(r.shape, RoundShape::EachBids { .. }));
    let _ = writeln!(
        o,
        "all pass: {}",
        match v.bidding.all_pass {
            _ if forced => "never: the last player declares (forced-last)".into(),
            _ if never_passes => "never: every player bids in the each-bids round".into(),
            AllPass::Contract(c) => format!("play {}", v.contracts.get(c).map(|c| c.name.as_str()).unwrap_or("?")),
            AllPass::Redeal => "throw in and deal again".into(),
        }
    );
}

fn bid_ladders(v: &Variant, o: &mut String) {
    for l in &v.bid_ladders {
        let entries: Vec<String> = l
            .entries
            .iter()
            .map(|e| match e {
                BidEntry::Suit(s) => v.suits.get(*s as usize).map(|s| s.name.clone()).unwrap_or_default(),
                BidEntry::Contract(c) => v.contracts.get(*c).map(|c| c.name.clone()).unwrap_or_default(),
            })
            .collect();
        let _ = writeln!(o, "ladder {}: {} (lowest to highest)", l.name, entries.join(" < "));
    }
}

/// One contract, in words.
fn contract(v: &Variant, c: &Contract, o: &mut String) {
    let _ = writeln!(o, "contract {} \"{}\"", c.name, c.title);
    let _ = writeln!(o, "  value {}", c.value);
    if let Some(nt) = c.value_no_trumps {
        let _ = writeln!(o, "  value without a trump suit in the hand: {nt}");
    }
    let _ = writeln!(o, "  trumps: {}", trumps_words(v, c));
    if !c.trump_cards.is_empty() {
        let cards: Vec<String> = c
            .trump_cards
            .iter()
            .map(|k| {
                let suit = v.suits.get(k.suit as usize).map(|s| s.name.as_str()).unwrap_or("?");
                let rank = v.ranks.get(k.rank as usize).map(|r| r.code.as_str()).unwrap_or("?");
                format!("{suit}.{rank}")
            })
            .collect();
        let _ = writeln!(
            o,
            "  trump cards: {} (highest first, above the trump suit's own cards; they follow as trumps, not as their suits)",
            cards.join(" ")
        );
    }
    if let Some(d) = duties_words(c.duties) {
        let _ = writeln!(o, "  duties: {d}");
    }
    match c.trump_order {
        Some(t) => {
            let _ = writeln!(
                o,
                "  trick order: {} for trumps, {} for the other suits",
                order_name(v, t),
                order_name(v, c.plain_order)
            );
        }
        None => {
            let _ = writeln!(o, "  trick order: {} for every suit", order_name(v, c.plain_order));
        }
    }
    if let Some((rank, order)) = c.order_if_called {
        let _ = writeln!(
            o,
            "  trick order if the called card is a {}: {} for every suit",
            v.ranks.get(rank as usize).map(|r| r.code.as_str()).unwrap_or("?"),
            order_name(v, order)
        );
    }
    if c.commits_face_down {
        let _ = writeln!(
            o,
            "  face-down card: the bidder lays face down, with his bid, the card he must play to trick 1 (the others see only its back); a higher bid gives it back to his hand"
        );
    }
    if let Some(j) = &c.joint {
        let _ = writeln!(
            o,
            "  joint: while it is the standing bid one other player may join it (a higher bid cancels both); each is judged alone; both make it: each of the two +{}, each other player -{}; one makes it: the other pays him {}; both fail: each of the two -{}, each other player +{}",
            j.both_win, j.both_win, j.one_wins, j.both_lose, j.both_lose
        );
    }
    if !c.raise_to.is_empty() {
        let names: Vec<&str> = c
            .raise_to
            .iter()
            .filter_map(|&t| v.contracts.get(t).map(|t| t.name.as_str()))
            .collect();
        let _ = writeln!(
            o,
            "  raise: the called partner may, at his turn in trick 1 before his card, raise it to {} (which shows him as the partner); the hand is then played and scored as that contract",
            names.join(" or ")
        );
    }
    if let Some(t) = c.declarer_open_after {
        let _ = writeln!(
            o,
            "  open hands: once trick {t} is played the declarer's side lays its hands face up for every seat"
        );
    }
    if let Some(t) = c.defence_open_after {
        let _ = writeln!(
            o,
            "  open hands: once trick {t} is played the declarer's opponents lay their hands face up for every seat (and may talk the play over)"
        );
    }
    if !c.bid_requires_same_suit.is_empty() {
        let ranks: Vec<&str> = c
            .bid_requires_same_suit
            .iter()
            .map(|&r| v.ranks.get(r as usize).map(|r| r.code.as_str()).unwrap_or("?"))
            .collect();
        let _ = writeln!(
            o,
            "  bid only by a player holding {} of one suit (checked when he bids)",
            ranks.join(" and ")
        );
    }
    match (c.trump_points, c.plain_points) {
        (None, None) => {
            let _ = writeln!(o, "  card points: do not count");
        }
        (t, p) => {
            let t = t
                .map(|t| format!("{} for trumps, ", points_name(v, t)))
                .unwrap_or_default();
            let p = p
                .map(|p| points_name(v, p).to_string())
                .unwrap_or_else(|| "none".into());
            let _ = writeln!(
                o,
                "  card points: {t}{p} (total {} with the last trick)",
                v.total_points(c)
            );
        }
    }
    let _ = writeln!(o, "  first lead: {}", seat_words(c.first_lead, v.seating));
    let win = match c.win {
        Win::MoreThanEach { with_melds: true } => {
            "the declarer's card points plus melds must be more than each opponent's"
        }
        Win::MoreThanEach { with_melds: false } => "the declarer's card points must be more than each opponent's",
        Win::NoTricks => "the declarer must take no trick",
        Win::MostTricks => "nobody declares; the player with the most tricks pays each other player",
        Win::MostCardPoints => {
            "nobody declares; the player with the most card points (his own tricks, with the last trick) pays the others, as the tie line says"
        }
        Win::Goal => "",
    };
    if let (Win::Goal, Some(goal), Some(each)) = (c.win, &c.goal, &c.each_scores) {
        let _ = writeln!(
            o,
            "  win: nobody declares; each player for himself {}: then he scores {} plus {} per trick of his bid, else {} per trick his tricks are off his bid (each score his own, not paid by the others)",
            goal.describe(v),
            each.made,
            each.per_bid,
            each.per_trick_off
        );
    } else if let (Win::Goal, Some(goal)) = (c.win, &c.goal) {
        let _ = writeln!(
            o,
            "  win: the declarer's side {}; else the other side wins",
            goal.describe(v)
        );
    } else if c.own.is_some() {
        let _ = writeln!(o, "  win: nobody declares; each player scores for himself (below)");
    } else {
        let _ = writeln!(o, "  win: {win}");
    }
    if let Some(own) = &c.own {
        let _ = writeln!(
            o,
            "  each player scores: {} (his own score, not paid by the others)",
            own.describe()
        );
    }
    if let Some(lost) = c.value_lost {
        let _ = writeln!(o, "  a lost game is worth {lost} (instead of the value)");
    }
    if let Some(per_point) = c.point_difference_value {
        let _ = writeln!(
            o,
            "  game value: {per_point} per point of difference between the two sides' totals (instead of the value)"
        );
    }
    if !c.minimum_by_melds.is_empty() {
        let rows: Vec<String> = c
            .minimum_by_melds
            .iter()
            .map(|(m, v)| format!("{m} meld points: {v}"))
            .collect();
        let _ = writeln!(
            o,
            "  minimum by melds: each side's total must reach the minimum its counted meld points give ({}; above a row, more by the meld points beyond it); a side that reaches its minimum beats one that does not, and if both do the higher total wins",
            rows.join(", ")
        );
    }
    if c.sides == SidesKind::DeclarerVsDefence {
        let _ = writeln!(
            o,
            "  sides: the declarer against the defence, which pools its tricks and card points"
        );
    }
    if c.sides.with_partner() {
        let _ = writeln!(o, "  sides: {}", partner_words(c, v));
    }
    if let Some(ot) = &c.overtricks {
        let each = ot
            .each
            .map(|e| e.to_string())
            .unwrap_or_else(|| "half the value".into());
        let _ = writeln!(
            o,
            "  overtricks: each trick of the winning side above {} adds {each}, before doubling",
            ot.above
        );
    }
    if let Some(d) = &c.deduct {
        let _ = writeln!(
            o,
            "  deduction: a game the declarer wins while this holds scores its value once less, not doubled: {}",
            d.describe(v)
        );
    }

    let most = if c.win == Win::MostCardPoints {
        "card points"
    } else {
        "tricks"
    };
    let tie = match c.tie {
        Tie::DeclarerLoses => "the declarer loses".to_string(),
        Tie::MostPayFewer => {
            format!("every player with the most {most} pays every player with fewer; all equal pays nobody")
        }
        Tie::MostPayTimes(times) => most_pay_words(&times, v.active, most),
        Tie::Nobody => "nobody pays".to_string(),
    };
    if c.each_scores.is_some() || c.own.is_some() {
        let _ = writeln!(o, "  tie: none, each player is scored for himself");
    } else {
        let _ = writeln!(o, "  tie: {tie}");
    }
    let mut melds = Vec::new();
    if c.melds.sequence {
        melds.push("sequences");
    }
    for (i, set) in v.melds.sets.iter().enumerate() {
        if c.melds.sets & (1 << i) != 0 {
            melds.push(set.name.as_str());
        }
    }
    for (i, marriage) in v.melds.marriages.iter().enumerate() {
        if c.melds.marriages & (1 << i) != 0 {
            melds.push(marriage.name.as_str());
        }
    }
    let _ = writeln!(
        o,
        "  melds: {}",
        if melds.is_empty() {
            "none".to_string()
        } else {
            melds.join(", ")
        }
    );
    if c.early_end_when_lost {
        let _ = writeln!(o, "  play stops as soon as the contract is lost");
    }
    let _ = writeln!(
        o,
        "  announcements: {}",
        match c.announcements {
            Announcements::All => "figures and kontras",
            Announcements::GameOnly => "kontras on the game only, no figures",
            Announcements::None => "none",
        }
    );
    if let Some(x) = c.exchange.and_then(|x| v.exchanges.get(x)) {
        let _ = writeln!(o, "  talon exchange: {}", x.name);
    }
    if let Some(d) = c.talon_draw {
        let _ = writeln!(o, "  talon draw: {}", talon_draw_words(d, c.discards_face_up));
    }
    match c.discard_points {
        Some(DiscardPoints::Declarer) => {
            let _ = writeln!(o, "  the discards' card points count for the declarer");
        }
        Some(DiscardPoints::Opponents) => {
            let _ = writeln!(
                o,
                "  the discards' card points count for the declarer's opponents (written to the first of them after him)"
            );
        }
        None => {}
    }
    if let Some(k) = &c.claims {
        claims_lines(k, o);
        if v.judges_trump_free_tricks() {
            let _ = writeln!(
                o,
                "  the tricks given by a claim or concession hold a trump ({}) for a condition on trump-free tricks",
                if k.claim_trumps_always {
                    "always: only tricks played can be free of trumps"
                } else {
                    "when a trump was still out at the claim, in a hand or in the trick on the table"
                }
            );
        }
    }
}

/// A contract's talon draw, in words.
fn talon_draw_words(d: TalonDraw, face_up: bool) -> String {
    if d.count == 0 && !d.up_to {
        return "none, the talon is not used".to_string();
    }
    let take = if d.up_to {
        format!("takes 0 to {} top talon cards, as he chooses,", d.count)
    } else {
        format!("takes the top {} talon cards", d.count)
    };
    let shown = if face_up { "face up" } else { "face down" };
    format!("the declarer {take} unseen by the others, then discards as many {shown} onto the rest")
}

/// The sections after the contracts.
fn after_contracts(v: &Variant, o: &mut String) {
    let _ = writeln!(o, "\n[announcing]");
    let _ = writeln!(
        o,
        "front round: {}",
        if v.announcing.front_round {
            "with the first cards, the declarer first"
        } else {
            "none"
        }
    );
    let _ = writeln!(
        o,
        "back round: {}",
        if v.announcing.back_with_first_trick && v.announcing.back_declarer_first {
            "the declarer's turn before the lead, then merged with the first trick (he speaks again with his card)"
        } else if v.announcing.back_with_first_trick {
            "merged with the first trick"
        } else if v.announcing.back_declarer_first {
            "before the first lead, the declarer first, then in turn"
        } else {
            "before the first lead"
        }
    );
    let _ = writeln!(
        o,
        "a round ends after {}",
        if v.announcing.all_speak_first {
            "everyone has spoken and two players pass in a row"
        } else if v.announcing.closes_with_first_trick {
            "trick 1 (each player speaks at his turn, with his card; nothing after it)"
        } else {
            "two passes in a row"
        }
    );

    let m = &v.melds;
    let _ = writeln!(o, "\n[melds]");
    if let Some(so) = m.sequence_order {
        let _ = writeln!(
            o,
            "sequences follow order {}; adjoining runs are one sequence",
            order_name(v, so)
        );
    }
    for s in &m.sequences {
        let _ = writeln!(o, "sequence {:<8} {} cards  {}", s.name, s.length, s.value);
    }
    if !m.sequences.is_empty() {
        let _ = writeln!(
            o,
            "equal best sequences: {}",
            if m.ties_by_suit_rank {
                "the higher suit wins"
            } else {
                "a trump sequence wins, else nobody scores sequences"
            }
        );
        let _ = writeln!(
            o,
            "the best sequence's holder scores {}",
            if m.one_per_length {
                "one sequence of each length"
            } else {
                "all his sequences"
            }
        );
    }
    for set in &m.sets {
        let _ = writeln!(
            o,
            "set {} ({} of a kind) {}, ranks {}; only the best caller's sets count",
            set.name,
            set.count,
            set.value,
            rank_codes(v, &set.ranks)
        );
        if let (Some(t), Some(p)) = (set.trump_order, set.plain_order) {
            let _ = writeln!(
                o,
                "rival {} compare by order {} with trumps, {} without",
                set.name,
                order_name(v, t),
                order_name(v, p)
            );
        }
    }
    for marriage in &m.marriages {
        if let Some(every) = marriage
            .every_suit
            .filter(|e| e.declare == crate::model::MarriageDeclare::ByLead)
        {
            let _ = writeln!(
                o,
                "marriage {}: {} and {} of one suit in one hand, {} in trumps, {} in another suit, counts for its holder and his side when he leads one of the two while holding the other{}",
                marriage.name,
                rank_codes(v, &[marriage.ranks.0]),
                rank_codes(v, &[marriage.ranks.1]),
                marriage.value,
                every.plain_value,
                if every.with_a_trick {
                    "; it counts only if the holder's side wins a trick"
                } else {
                    ""
                }
            );
            continue;
        }
        if let Some(every) = marriage.every_suit {
            let _ = writeln!(
                o,
                "marriage {}: {} and {} of one suit in one hand, {} in trumps and {} in another suit; {} by its holder at his turn in trick 1, just before his card{}",
                marriage.name,
                rank_codes(v, &[marriage.ranks.0]),
                rank_codes(v, &[marriage.ranks.1]),
                marriage.value,
                every.plain_value,
                match every.declare {
                    crate::model::MarriageDeclare::Announced => "announced (its value said, the cards not shown)",
                    crate::model::MarriageDeclare::Shown => "shown (both cards laid face up)",
                    // written above, with no call
                    crate::model::MarriageDeclare::ByLead => "registered by a lead",
                },
                if every.with_a_trick {
                    "; it counts only if the holder's side wins a trick"
                } else {
                    ""
                }
            );
            continue;
        }
        let _ = writeln!(
            o,
            "marriage {}: trump {} and {} in one hand, {}, counts without being announced",
            marriage.name,
            rank_codes(v, &[marriage.ranks.0]),
            rank_codes(v, &[marriage.ranks.1]),
            marriage.value
        );
    }

    let _ = writeln!(o, "\n[figures] values: back / front");
    for f in &v.figures {
        let back = f.back.map(|b| b.to_string()).unwrap_or_else(|| "-".into());
        let front = f.front.map(|b| b.to_string()).unwrap_or_else(|| "-".into());
        let _ = writeln!(
            o,
            "figure {} \"{}\": {back} / {front}; in {}",
            f.name,
            f.title,
            contract_names(v, &f.contracts)
        );
        if f.back.is_none() {
            let _ = writeln!(o, "  only front");
        }
        if let Some(nt) = f.back_no_trumps {
            let _ = writeln!(o, "  worth {nt} when the hand has no trump suit");
        }
        if let Some((up, c)) = &f.upgrade {
            let _ = writeln!(
                o,
                "  won when also {}, it scores {up} instead (doubled the same; never when lost)",
                c.describe(v)
            );
        }
        if f.front.is_none() {
            let _ = writeln!(o, "  only back");
        }
        if let Some(u) = f.unannounced {
            let _ = writeln!(
                o,
                "  made without being announced, it scores {u} for the side that made it, {} (nothing if missed)",
                if f.unannounced_unless_any {
                    "unless any player announced it"
                } else {
                    "unless one of its players announced it"
                }
            );
        }
        if f.replaces_game {
            let _ = writeln!(
                o,
                "  settled (announced, or made unannounced), its amount is paid instead of the game's"
            );
        }
        if f.settle_by_side {
            let _ = writeln!(
                o,
                "  announced by two players of one side, it is settled once for the side (as the first announcement)"
            );
        }
        // a game multiplier's condition and side are never used: the game's result decides
        for &c in f.contracts.iter().filter(|_| !f.multiplies_game) {
            if let Some(cond) = f.condition_in(c) {
                let cname = v.contracts.get(c).map(|c| c.name.as_str()).unwrap_or("?");
                let alias = if f.name_in(c) != f.name {
                    format!(" (called {})", f.name_in(c))
                } else {
                    String::new()
                };
                let _ = writeln!(o, "  in {cname}{alias}: {}", cond.describe(v));
            }
        }
        if !f.multiplies_game {
            let _ = writeln!(
                o,
                "  fulfilled by: {}",
                if f.fulfil_by_side {
                    "the announcer's side together (one hand for `holds`)"
                } else {
                    "the announcer alone, in his own tricks"
                }
            );
        }
        if f.multiplies_game {
            let _ = writeln!(
                o,
                "  announced, it multiplies the game by its value instead of being paid on its own"
            );
        }
        if !f.requires.is_empty() {
            let cards: Vec<String> = f.requires.iter().map(|c| cond::card_words(c, v)).collect();
            if f.requires_declarer_only {
                let _ = writeln!(
                    o,
                    "  the declarer may announce it only while holding {}; the others freely",
                    cards.join(", ")
                );
            } else {
                let _ = writeln!(o, "  only a player holding {} may announce it", cards.join(", "));
            }
        }
        if let Some(n) = f.requires_exchanged {
            let who = if f.requires_declarer_only {
                "the declarer may announce it only once he has"
            } else {
                "only a player who has"
            };
            let tail = if f.requires_declarer_only {
                "; the others freely"
            } else {
                " may announce it"
            };
            let cards = if n == 1 { "1 card" } else { &format!("{n} cards") };
            let _ = writeln!(
                o,
                "  {who} taken at least {cards} in the exchange (the indicator among them){tail}"
            );
        }
        if f.declarer_only {
            let _ = writeln!(o, "  only the declarer may announce it");
        }
        if f.first_turn_only {
            let _ = writeln!(o, "  announced only in the announcer's first turn of a round");
        }
        if let Some((card, trick)) = &f.keep {
            let _ = writeln!(
                o,
                "  the announcer may not play the {} before {} unless forced",
                cond::card_words(card, v),
                cond::trick_words(*trick)
            );
        }
    }
    for l in &v.figure_ladders {
        let names = figure_names(v, &l.figures);
        let _ = writeln!(
            o,
            "figure ladder {}: {} only in ascending order{}",
            l.name,
            names.join(" < "),
            if l.same_round_forbidden {
                "; never two of them in one round"
            } else {
                ""
            }
        );
    }

    let _ = writeln!(o, "\n[doubling]");
    for d in &v.doublings {
        let _ = writeln!(
            o,
            "ladder {}: {} levels, each x{} front, x{} back; top {}",
            d.name,
            d.levels.len(),
            d.front,
            d.back,
            d.levels.get(d.top).map(String::as_str).unwrap_or("?")
        );
        if d.adds != 0 {
            let _ = writeln!(
                o,
                "  each level said adds {} to the item's value, after its multiplier",
                d.adds
            );
        }
        for (i, l) in d.levels.iter().enumerate() {
            let _ = writeln!(
                o,
                "  {}. {l}: said by {}",
                i + 1,
                if i % 2 == 0 {
                    "the side against the item"
                } else {
                    "the item's side"
                }
            );
        }
        for (a, b) in &d.not_same_player {
            let name = |i: &usize| d.levels.get(*i).map(String::as_str).unwrap_or("?");
            let _ = writeln!(o, "  who said {} on an item may not say {} on it", name(a), name(b));
        }
        if d.game_only {
            let _ = writeln!(
                o,
                "  the levels are said on the game only, never on an announced figure"
            );
        }
        if let Some(n) = d.shows_talon_until {
            let _ = writeln!(
                o,
                "  once a level is said on any item, the talon lies face up for everyone until {n} trick{} played",
                if n == 1 { " is" } else { "s are" }
            );
        }
    }

    let _ = writeln!(o, "\n[calling]");
    match &v.calling {
        None => {
            let _ = writeln!(o, "none");
        }
        Some(c) => {
            let scope = match c.scope {
                CallScope::Off => "off: nobody may call",
                CallScope::Game => "the game only",
                CallScope::AnyFigure => "the game or any announced figure",
            };
            let _ = writeln!(o, "{}: {scope}", c.name);
            if c.scope != CallScope::Off {
                let with = figure_names(v, &c.allowed_with);
                if c.allowed_with_any {
                    let _ = writeln!(o, "  allowed whatever figures were announced");
                } else if with.is_empty() {
                    let _ = writeln!(o, "  allowed only when no figure was announced");
                } else {
                    let _ = writeln!(o, "  allowed when no figure was announced, or only {}", with.join(", "));
                }
                if !c.game_includes.is_empty() {
                    let with = figure_names(v, &c.game_includes);
                    let _ = writeln!(
                        o,
                        "  a call on the game also doubles {}, when announced",
                        with.join(", ")
                    );
                }
                if c.scope == CallScope::AnyFigure {
                    let by = if c.figure_calls_any_side {
                        "by any player"
                    } else {
                        "only by its announcer's side"
                    };
                    let _ = writeln!(o, "  an announced figure may be called {by}");
                    if !c.called_with_game.is_empty() {
                        let names = figure_names(v, &c.called_with_game);
                        let _ = writeln!(o, "  never called on its own, only with the game: {}", names.join(", "));
                    }
                }
                let _ = writeln!(
                    o,
                    "  turns to call: {}",
                    if c.call_round_reopens {
                        "one each, and one each again after every settled call"
                    } else {
                        "one each"
                    }
                );
                let _ = writeln!(
                    o,
                    "  the game given up: {}",
                    if c.given_up_plays_on {
                        "the hand is played on for the figures still undecided"
                    } else {
                        "the rest of the hand is not played"
                    }
                );
                let _ = writeln!(o, "  each call and raise multiplies by {}", c.multiplier);
                if let Some(d) = c.ladder.and_then(|d| v.doublings.get(d)) {
                    let _ = writeln!(
                        o,
                        "  raises: {}",
                        d.levels[..=d.top.min(d.levels.len().saturating_sub(1))].join(", ")
                    );
                }
                let _ = writeln!(
                    o,
                    "  call-back: {}",
                    if c.call_back {
                        "on: a kontra on a call is a plain doubling and may be called back"
                    } else {
                        "off"
                    }
                );
            }
        }
    }

    let _ = writeln!(o, "\n[exchange]");
    if v.exchanges.is_empty() {
        let _ = writeln!(o, "none");
    }
    for x in &v.exchanges {
        let _ = writeln!(o, "{}:", x.name);
        if let Some(r) = x.from_round {
            let _ = writeln!(o, "  only when the trump suit was fixed in bidding round {r}");
        }
        let ex: Vec<String> = x
            .exchangers
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let code = rank_codes(v, &[*r]);
                if i == 0 {
                    format!("the trump {code}")
                } else {
                    let shown = if x.fallback_on_indicator_only {
                        " the indicator"
                    } else {
                        " face up"
                    };
                    format!(
                        "the trump {code} when the {}{shown}",
                        rank_codes(v, &x.exchangers[..i]).replace(' ', " and ") + if i == 1 { " is" } else { " are" }
                    )
                }
            })
            .collect();
        let _ = writeln!(o, "  exchanged for the indicator: {}", ex.join("; "));
        let take: Vec<&str> = x
            .take
            .iter()
            .map(|t| match t {
                Take::TopCard => "the face-up top card",
                Take::TopChain => "then cards turned up from the top, while they qualify",
                Take::BottomChain => "then cards turned up from the bottom, while they qualify",
                Take::WholeTalon => "with both face-up cards, every qualifying card of the talon",
            })
            .collect();
        let _ = writeln!(
            o,
            "  also taken: {}",
            if take.is_empty() {
                "nothing".to_string()
            } else {
                take.join("; ")
            }
        );
        let mut q = Vec::new();
        if x.qualify_trumps {
            q.push("trumps".to_string());
        }
        q.extend(x.qualify_cards.iter().map(|c| cond::card_words(c, v)));
        let _ = writeln!(
            o,
            "  qualifying cards: {}",
            if q.is_empty() {
                "none".to_string()
            } else {
                q.join(" and ")
            }
        );
        let _ = writeln!(
            o,
            "  discards: {}",
            if x.discard_trumps { "any card" } else { "no trumps" }
        );
    }

    let _ = writeln!(o, "\n[scoring]");
    if v.scoring.pairwise {
        let _ = writeln!(
            o,
            "each item is paid pairwise: each member of the larger side pays or receives it once, from one member of the smaller side (2 against 2: each loser pays one winner; alone against 3: with each of them)"
        );
    } else if v.scoring.side_vs_side {
        let _ = writeln!(
            o,
            "each item is paid side against side: each member of the losing side pays each member of the winning side"
        );
    } else {
        let _ = writeln!(o, "each item is paid between the declarer and each opponent");
    }
    if v.scoring.sitting_out_with_opponents {
        let _ = writeln!(o, "a player sitting out is paid and pays with the opponents");
    }
    let _ = writeln!(
        o,
        "paper: {}",
        if v.scoring.paper_plus_minus {
            "the winner of each item adds its value, the loser subtracts it"
        } else {
            "each item is written as a positive number to whoever won it"
        }
    );
    if let Some(u) = &v.scoring.unit {
        let _ = writeln!(o, "amounts in {u}");
    }
    if let Some(session) = &v.scoring.session {
        let _ = writeln!(
            o,
            "session: each seat starts with {}{}, and each hand's payments are carried from hand to hand; {}",
            session.start,
            v.scoring.unit.as_deref().map(|u| format!(" {u}")).unwrap_or_default(),
            match session.ends {
                crate::model::SessionEnd::WhenOneCannotPay =>
                    "it ends after a hand in which a seat owes more than he has (paying his last is allowed)",
                crate::model::SessionEnd::ByAgreement =>
                    "the rules give no end: it ends when the players agree, and a balance may go below zero",
            }
        );
    }
    if let Some(r) = &v.scoring.robber {
        let _ = writeln!(
            o,
            "robber: first to {} gets a bonus of {}{}",
            r.target,
            r.bonus,
            if r.escalate {
                format!(
                    "; if several reach it in one deal, play on to {} for {}, and so on",
                    r.target * 2,
                    r.bonus * 2
                )
            } else {
                String::new()
            }
        );
    }
}

/// The names of figures given by id, in order (`?` for an id the variant does not have).
fn figure_names<'a>(v: &'a Variant, ids: &[FigureId]) -> Vec<&'a str> {
    ids.iter()
        .map(|f| v.figures.get(*f).map(|f| f.name.as_str()).unwrap_or("?"))
        .collect()
}

/// A contract's claims, in words: who may say what, what a dispute does, where tricks go.
fn claims_lines(k: &crate::model::Claims, o: &mut String) {
    let kinds = match (k.claim, k.concede) {
        (true, true) => "claim every remaining trick or concede them all",
        (true, false) => "claim every remaining trick",
        _ => "concede every remaining trick",
    };
    let _ = writeln!(
        o,
        "  claims: on his turn in the play the declarer may {kinds}; his hand is then open to every seat, and each opponent in turn accepts (all accept: the tricks go as said) or disputes (play goes on with the hand open)"
    );
    if k.claim {
        let _ = writeln!(
            o,
            "  a disputed claim fails when the declarer loses a trick: every trick since the claim goes to the opponents and play stops"
        );
    }
    if k.concede {
        let _ = writeln!(
            o,
            "  a disputed concession: {}",
            match k.disputed_concession {
                crate::model::DisputedConcession::Stands =>
                    "it stands, the tricks the declarer wins after it go to the opponents",
                crate::model::DisputedConcession::AsPlayed => "the tricks count as played",
            }
        );
        let _ = writeln!(
            o,
            "  a disputed concession the play confirms (the declarer wins no trick after it): {}",
            if k.confirmed_as_played {
                "the tricks count as played"
            } else {
                "the tricks since it go to one opponent, as conceded"
            }
        );
    }
    let side = if k.conceded_to == crate::model::Seat::DeclarerRight {
        "right"
    } else {
        "left"
    };
    let _ = writeln!(
        o,
        "  the tricks given to the opponents (every trick since the claim or concession, with the cards still out) go to {}the declarer's {side} neighbour",
        if k.to_opponent_with_tricks {
            "the only opponent who had won a trick before it, else "
        } else {
            ""
        }
    );
}

/// A contract's partnership in words (`sides called-card`, `trick-winner`, `fixed`).
fn partner_words(c: &crate::model::Contract, v: &Variant) -> String {
    let seats = |m: u16| {
        (0..16)
            .filter(|i| m & (1 << i) != 0)
            .map(|i| format!("seat {i}"))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    match c.sides {
        SidesKind::CalledCard { alone_if_own } => {
            let cards = c
                .callable
                .iter()
                .map(|s| crate::model::cond::card_words(s, v))
                .collect::<Vec<_>>()
                .join(", ");
            // `stages ... partner-call pickup`: the call comes between the packets, on the cards he has
            let when = if HandStage::comes_before(&v.stages, HandStage::PartnerCall, HandStage::Pickup)
                && v.has_hidden_packets()
            {
                "on the cards he holds before the hidden packets are dealt (a called card that comes to him in them makes him play alone)"
            } else {
                "after the auction and the exchange"
            };
            format!(
                "{when} the declarer calls one of: {cards}; its holder is his partner, \
                 known to the others when the card is played; {}; the two sides pool their tricks and card points",
                if alone_if_own {
                    "he may call a card of his own and then plays alone"
                } else {
                    "he calls a card he does not hold (one of his own only when he holds them all: then he plays alone)"
                }
            )
        }
        SidesKind::TrickWinner(t) => format!(
            "whoever wins {} is the declarer's partner (he plays alone if he wins it himself{}); the two sides pool their tricks and card points",
            crate::model::cond::trick_words(t),
            if c.partner_after_sweep {
                ", or if he lost a trick before it"
            } else {
                ""
            }
        ),
        SidesKind::Fixed([a, b]) => format!(
            "fixed partnerships by table seat: {} against {}; the declarer's partnership is his side, and each side pools its tricks and card points",
            seats(a),
            seats(b)
        ),
        SidesKind::DeclarerVsEach | SidesKind::DeclarerVsDefence => String::new(),
    }
}

/// A numeric bidding round in words (`each-bids`, `highest-bids`).
fn numeric_round(v: &Variant, shape: &RoundShape) -> String {
    let range = |min: u8, max: Option<u8>| match max {
        Some(max) => format!("{min} to {max}"),
        None => format!("{min} to the hand size ({})", v.hand_size()),
    };
    let name = |c: ContractId| v.contracts.get(c).map(|c| c.name.as_str()).unwrap_or("?");
    match *shape {
        RoundShape::EachBids {
            contract,
            min,
            max,
            last_not_total,
        } => format!(
            "each player in turn, forehand first, bids the number of tricks he will take ({}): his undertaking{}; then the hand is {} with no declarer",
            range(min, max),
            if last_not_total {
                "; the last bid may not make the bids add up to the number of tricks"
            } else {
                ""
            },
            name(contract)
        ),
        RoundShape::HighestBids { contract, min, max } => format!(
            "numeric bids ({}), each higher than the standing bid, in turn until all but the highest bidder have passed (a pass is final); the highest bidder declares {} with his bid as his undertaking",
            range(min, max),
            name(contract)
        ),
        _ => String::new(),
    }
}

/// `tie most-pay N ...` in words: what each of the players sharing the most pays, by their number.
fn most_pay_words(times: &[u8], active: u8, most: &str) -> String {
    let rows: Vec<String> = times
        .iter()
        .take(active.saturating_sub(1) as usize)
        .enumerate()
        .map(|(k, t)| {
            let who = if k == 0 {
                "one player has".to_string()
            } else {
                format!("{} share", k + 1)
            };
            let payer = if k == 0 { "he pays" } else { "each of them pays" };
            format!("{who} the most {most}: {payer} {t} times the value")
        })
        .collect();
    format!(
        "{}; the players with less share it evenly; all equal pays nobody",
        rows.join("; ")
    )
}
