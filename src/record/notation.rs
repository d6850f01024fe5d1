//! Cards and actions in the variant's own words: `piros.7`, `bid tök`, `hold`, `choose egy`, `announce ultimó`,
//! `kontra game`, `play makk.A`, `meld kvint`, `exchange`, `discard piros.9`, `call game`, `give-up`, `play-on`, `raise`, `call-back`, `switch`, `draw 2`, `trumps kőr`, `no-trumps`. Reading is lenient (suit codes, any case); writing is canonical.

use super::action_error::ActionError;
use crate::engine::game::Item;
use crate::engine::melds::MeldCall;
use crate::engine::{Action, Game};
use crate::model::{BidEntry, RoundShape, Variant};

/// `suit.rank` with the suit's name and the rank's code.
pub fn card_name(v: &Variant, id: u8) -> String {
    match v.cards.get(id as usize) {
        Some(c) => format!(
            "{}.{}",
            v.suits.get(c.suit as usize).map(|s| s.name.as_str()).unwrap_or("?"),
            v.ranks.get(c.rank as usize).map(|r| r.code.as_str()).unwrap_or("?")
        ),
        None => format!("card#{id}"),
    }
}

/// Reads a card; the flag says whether it was written canonically.
pub fn parse_card(v: &Variant, text: &str) -> Option<(u8, bool)> {
    let (s, r) = text.split_once('.')?;
    let (suit, exact_suit) = match v.suits.iter().position(|x| x.name == s) {
        Some(i) => (i, true),
        None => (
            v.suits
                .iter()
                .position(|x| x.code.eq_ignore_ascii_case(s) || x.name.to_lowercase() == s.to_lowercase())?,
            false,
        ),
    };
    let (rank, exact_rank) = match v.ranks.iter().position(|x| x.code == r) {
        Some(i) => (i, true),
        None => (
            v.ranks
                .iter()
                .position(|x| x.code.eq_ignore_ascii_case(r) || x.name.to_lowercase() == r.to_lowercase())?,
            false,
        ),
    };
    let id = v
        .cards
        .iter()
        .position(|c| c.suit as usize == suit && c.rank as usize == rank)?;
    Some((id as u8, exact_suit && exact_rank))
}

/// The name of the bid `index` of the round in progress.
fn bid_name(game: &Game, index: u8) -> Option<String> {
    let v = &game.rules().variant;
    let round = v.bidding.rounds.get(game.bid_round()?)?;
    let RoundShape::Ascending { ladder, .. } = round.shape else {
        return None;
    };
    let entry = v.bid_ladders.get(ladder)?.entries.get(index as usize)?;
    Some(match entry {
        BidEntry::Suit(s) => v.suits.get(*s as usize)?.name.clone(),
        BidEntry::Contract(c) => v.contracts.get(*c)?.name.clone(),
    })
}

/// The name of entry `index` of the ladder the declarer chooses his contract from.
fn choice_name(game: &Game, index: u8) -> Option<String> {
    let v = &game.rules().variant;
    Some(match game.choice_entry(index)? {
        BidEntry::Suit(s) => v.suits.get(s as usize)?.name.clone(),
        BidEntry::Contract(c) => v.contracts.get(c)?.name.clone(),
    })
}

/// The name of a doublable item: `game`, or the figure's name (with `#n` when the same figure
/// was announced more than once).
fn item_name(game: &Game, item: Item) -> String {
    let v = &game.rules().variant;
    match item {
        Item::Game => "game".into(),
        Item::Figure(k) => {
            let anns = game.announcements();
            let Some(a) = anns.get(k as usize) else {
                return format!("figure#{k}");
            };
            let name = v.figures.get(a.figure).map(|f| f.name.clone()).unwrap_or_default();
            let same: Vec<usize> = anns
                .iter()
                .enumerate()
                .filter(|(_, x)| x.figure == a.figure)
                .map(|(i, _)| i)
                .collect();
            if same.len() > 1 {
                let n = same.iter().position(|i| *i == k as usize).unwrap_or(0) + 1;
                format!("{name}#{n}")
            } else {
                name
            }
        }
    }
}

/// An action in words, in the state `game` is in before it is applied.
pub fn action_text(game: &Game, action: Action) -> String {
    let v = &game.rules().variant;
    match action {
        Action::Pass => "pass".into(),
        Action::Accept => "accept".into(),
        Action::Claim => "claim".into(),
        Action::Hold => "hold".into(),
        Action::Choose(i) => format!("choose {}", choice_name(game, i).unwrap_or_else(|| format!("#{i}"))),
        Action::BidNumber(n) => format!("bid {n}"),
        Action::Bid(i) => format!("bid {}", bid_name(game, i).unwrap_or_else(|| format!("#{i}"))),
        Action::Announce(f) => format!(
            "announce {}",
            v.figures.get(f as usize).map(|f| f.name.as_str()).unwrap_or("?")
        ),
        Action::Kontra(item) => format!("kontra {}", item_name(game, item)),
        Action::Play(c) => format!("play {}", card_name(v, c)),
        Action::Meld(MeldCall::Sequence(i)) => format!(
            "meld {}",
            v.melds
                .sequences
                .get(i as usize)
                .map(|r| r.name.as_str())
                .unwrap_or("?")
        ),
        Action::Meld(MeldCall::Set(i)) => format!(
            "meld {}",
            v.melds.sets.get(i as usize).map(|r| r.name.as_str()).unwrap_or("?")
        ),
        // the class of a marriage of every suit, not its suit: an announced one shows no card
        Action::Meld(MeldCall::Marriage { row, trump }) => format!(
            "meld {} {}",
            v.melds
                .marriages
                .get(row as usize)
                .map(|r| r.name.as_str())
                .unwrap_or("?"),
            if trump { "trump" } else { "plain" }
        ),
        Action::Exchange => "exchange".into(),
        Action::Discard(c) => format!("discard {}", card_name(v, c)),
        Action::Call(item) => format!("call {}", item_name(game, item)),
        Action::GiveUp => "give-up".into(),
        Action::PlayOn => "play-on".into(),
        Action::Raise => "raise".into(),
        Action::CallBack => "call-back".into(),
        Action::Switch => "switch".into(),
        Action::Draw(k) => format!("draw {k}"),
        Action::NameTrumps(suit) => format!(
            "trumps {}",
            v.suits.get(suit as usize).map(|s| s.name.as_str()).unwrap_or("?")
        ),
        Action::NoTrumps => "no-trumps".into(),
        Action::ClaimRest => "claim-rest".into(),
        Action::ConcedeRest => "concede-rest".into(),
        Action::AcceptClaim => "accept-claim".into(),
        Action::DisputeClaim => "dispute-claim".into(),
        Action::CallCard(c) => format!("call {}", card_name(v, c)),
        Action::LayFaceDown(c) => format!("lay-face-down {}", card_name(v, c)),
        Action::Join => "join".into(),
        Action::RaiseTo(c) => format!(
            "raise-to {}",
            v.contracts.get(usize::from(c)).map(|c| c.name.as_str()).unwrap_or("?")
        ),
    }
}

/// Reads an action in the state `game` is in. Unknown words are an `ActionError`; whether the
/// action is legal is left to `Game::apply`, which names the rule.
pub fn parse_action(game: &Game, text: &str) -> Result<Action, ActionError> {
    let v = &game.rules().variant;
    let text = text.trim();
    let (verb, arg) = text.split_once(' ').map(|(a, b)| (a, b.trim())).unwrap_or((text, ""));
    match verb {
        "pass" => Ok(Action::Pass),
        "accept" => Ok(Action::Accept),
        "claim" => Ok(Action::Claim),
        "hold" => Ok(Action::Hold),
        "join" => Ok(Action::Join),
        "raise-to" => v
            .contracts
            .iter()
            .position(|c| c.name == arg)
            .and_then(|i| u8::try_from(i).ok())
            .map(Action::RaiseTo)
            .ok_or_else(|| ActionError::NotAContract(arg.into())),
        "choose" => (0..=u8::MAX)
            .map_while(|i| choice_name(game, i).map(|n| (i, n)))
            .find(|(_, n)| n == arg)
            .map(|(i, _)| Action::Choose(i))
            .ok_or_else(|| ActionError::NotAChoice(arg.into())),
        "play" => parse_card(v, arg)
            .map(|(c, _)| Action::Play(c))
            .ok_or_else(|| ActionError::NotACard(arg.into())),
        "lay-face-down" => parse_card(v, arg)
            .map(|(c, _)| Action::LayFaceDown(c))
            .ok_or_else(|| ActionError::NotACard(arg.into())),
        "discard" => parse_card(v, arg)
            .map(|(c, _)| Action::Discard(c))
            .ok_or_else(|| ActionError::NotACard(arg.into())),
        "exchange" => Ok(Action::Exchange),
        "give-up" => Ok(Action::GiveUp),
        "play-on" => Ok(Action::PlayOn),
        "raise" => Ok(Action::Raise),
        "call-back" => Ok(Action::CallBack),
        "switch" => Ok(Action::Switch),
        "claim-rest" => Ok(Action::ClaimRest),
        "concede-rest" => Ok(Action::ConcedeRest),
        "accept-claim" => Ok(Action::AcceptClaim),
        "dispute-claim" => Ok(Action::DisputeClaim),
        "draw" => arg
            .parse::<u8>()
            .map(Action::Draw)
            .map_err(|_| ActionError::NotADrawCount(arg.into())),
        "trumps" => v
            .suits
            .iter()
            .position(|s| s.name == arg || s.code.eq_ignore_ascii_case(arg))
            .and_then(|i| u8::try_from(i).ok())
            .map(Action::NameTrumps)
            .ok_or_else(|| ActionError::NoSuit(arg.into())),
        "no-trumps" => Ok(Action::NoTrumps),
        // a set row by its name, else a sequence row
        // a marriage of every suit: `meld NAME trump` or `meld NAME plain`
        "meld" if arg.ends_with(" trump") || arg.ends_with(" plain") => {
            let (name, class) = arg.rsplit_once(' ').unwrap_or((arg, ""));
            v.melds
                .marriages
                .iter()
                .position(|r| r.name == name.trim() && r.every_suit.is_some())
                .and_then(|i| u8::try_from(i).ok())
                .map(|row| {
                    Action::Meld(MeldCall::Marriage {
                        row,
                        trump: class == "trump",
                    })
                })
                .ok_or_else(|| ActionError::NoEverySuitMarriage(name.trim().into()))
        }
        "meld" => match v.melds.sets.iter().position(|r| r.name == arg) {
            Some(i) => u8::try_from(i)
                .map(|i| Action::Meld(MeldCall::Set(i)))
                .map_err(|_| ActionError::NotASet(arg.into())),
            None => v
                .melds
                .sequences
                .iter()
                .position(|r| r.name == arg)
                .and_then(|i| u8::try_from(i).ok())
                .map(|i| Action::Meld(MeldCall::Sequence(i)))
                .ok_or_else(|| ActionError::NoSequence(arg.into())),
        },
        "announce" => v
            .figures
            .iter()
            .position(|f| f.name == arg || f.aliases.iter().any(|(_, a)| a == arg))
            .map(Action::announce)
            .ok_or_else(|| ActionError::NoFigure(arg.into())),
        "bid" if game.numeric_round() => arg
            .parse::<u8>()
            .map(Action::BidNumber)
            .map_err(|_| ActionError::NotATrickCount(arg.into())),
        "bid" => {
            let legal = game.legal_actions();
            if let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Action::Bid(i) if bid_name(game, *i).as_deref() == Some(arg)))
            {
                return Ok(*a);
            }
            // a known bid that is not legal here: let `apply` say why
            for i in 0..=u8::MAX {
                match bid_name(game, i) {
                    Some(n) if n == arg => return Ok(Action::Bid(i)),
                    Some(_) => {}
                    None => break,
                }
            }
            Err(ActionError::NotABid(arg.into()))
        }
        // a partner's card (a card's `SUIT.RANK`), else an item to call
        "call" if arg.contains('.') => parse_card(v, arg)
            .map(|(c, _)| Action::CallCard(c))
            .ok_or_else(|| ActionError::NotACard(arg.into())),
        "kontra" | "call" => {
            let wrap = if verb == "kontra" { Action::Kontra } else { Action::Call };
            if arg == "game" {
                return Ok(wrap(Item::Game));
            }
            let n = game.announcements().len();
            (0..n as u16)
                .map(Item::Figure)
                .find(|it| item_name(game, *it) == arg)
                .map(wrap)
                .ok_or_else(|| ActionError::NotAnnounced {
                    verb: verb.into(),
                    item: arg.into(),
                })
        }
        _ => Err(ActionError::NotAnAction(verb.into())),
    }
}

/// The texts of a game's actions, each written in the state before it was applied.
pub fn history_texts(game: &Game) -> Vec<String> {
    let mut replay = Game::from_deal(game.rules_arc(), game.dealer(), game.deal().clone());
    let mut out = Vec::new();
    for (_, a) in game.history() {
        out.push(action_text(&replay, *a));
        if replay.apply(*a).is_err() {
            break;
        }
    }
    out
}

/// What a player says at the table for `action`, in the variant's own words, where that differs
/// from the action's written form (`action_text`): the doubling level it says (`rekontra on
/// adu` for `kontra game`), the calling round's name (`gyerünk on adu` for `call game`). `game`
/// is the hand before the action. None where the written form is already the table's word.
pub fn spoken_words(game: &Game, action: Action) -> Option<String> {
    let v = &game.rules().variant;
    let on = |item: Item| match item {
        Item::Game => game
            .contract()
            .and_then(|c| v.contracts.get(c))
            .map(|c| c.name.clone())
            .unwrap_or_else(|| "the game".into()),
        _ => item_name(game, item),
    };
    match action {
        Action::Kontra(item) => {
            let said = match item {
                Item::Game => game.game_levels().said,
                Item::Figure(k) => game.announcements().get(k as usize)?.levels.said,
            };
            let level = v.doublings.first()?.levels.get(said as usize)?;
            Some(format!("{level} on {}", on(item)))
        }
        Action::Call(item) => Some(format!("{} on {}", v.calling.as_ref()?.name, on(item))),
        _ => None,
    }
}
