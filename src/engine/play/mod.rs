//! Trick play as a state machine over bitmask hands: takes a `PlayTable` and the hands by
//! active position (forehand = 0), gives legal cards (follow suit, must trump, overtrump, head the trick, kept cards),
//! trick winners, card points, tricks and captures per position, and the early end; a placed
//! card can be taken back (`undo_point`, `unplace`) for a search that walks the play in place.
//! The play room beside it: the card turns of a `Game` (`card_turns.rs`), the random card draws
//! and card loop of the bots' fast path (`card_draws.rs`), claims and concessions (`claims.rs`),
//! the hands laid open (`open_hands.rs`).
//!
//! The room owns, of `Game`: the trick play (`play`), its first leader (`first_leader`) and the
//! claims (`claims`); its turns live in `Stage::Play` and `Stage::Claim`. The card loop writes
//! the core's `history` and `actions` itself (`card_draws::CardRun`), without `Game::record`.

pub(in crate::engine) mod card_draws;
pub(in crate::engine) mod card_turns;
pub mod claims;
pub(in crate::engine) mod open_hands;

use crate::engine::compile::tables::{PlayTable, MAX_CARDS, MAX_SEATS};
use crate::model::Head;
use crate::syntax::ast::TrickRef;
use std::hint::select_unpredictable;

/// Most tricks in a hand (64 cards, at least two players).
pub const MAX_TRICKS: usize = MAX_CARDS / 2;

/// A card that may not be played now, and the rule that forbids it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The play is over (all tricks played, or ended early).
    Over,
    /// The card is not in the player's hand.
    NotInHand,
    /// The player holds a card of the suit led and must follow suit.
    MustFollow,
    /// The player cannot follow suit, holds a trump and must trump.
    MustTrump,
    /// The player follows suit, holds a card that beats the trick and must head it (`head`).
    MustHead,
    /// The player cannot follow suit, holds a card that beats the trick and must play it
    /// (`overtrump`, or `head always`).
    MustOvertrump,
    /// The card is kept for a later trick by an announced figure and another card is legal.
    Kept,
    /// Another card lies face down for trick 1 (`commits face-down-card`).
    FaceDown,
}

impl PlayError {
    pub fn rule(self) -> &'static str {
        match self {
            PlayError::Over => "the play is over",
            PlayError::NotInHand => "the card is not in the player's hand",
            PlayError::MustFollow => "must follow suit",
            PlayError::MustTrump => "cannot follow suit, so must trump",
            PlayError::MustHead => "must head the trick: a card that beats it is held",
            PlayError::MustOvertrump => "cannot follow suit, so must beat the trick: a card that beats it is held",
            PlayError::Kept => "the card is kept for a later trick by an announced figure",
            PlayError::FaceDown => "the card laid face down with the bid must be played to trick 1",
        }
    }
}

/// One completed trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrickDone {
    pub winner: u8,
    pub card: u8,
    pub points: i32,
}

/// What `place` overwrites, saved before it (`Play::undo_point`) so that `Play::unplace` can
/// take the card back.
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    led_mask: u64,
    trick_cards: u64,
    trick_points: i32,
    win_pos: u8,
    win_card: u8,
    leader: u8,
    to_play: u8,
    trick_len: u8,
    ended_early: bool,
}

#[derive(Debug, Clone)]
pub struct Play {
    /// Active players; positions 0..n in turn order.
    pub n: u8,
    pub hands: [u64; MAX_SEATS],
    pub leader: u8,
    pub to_play: u8,
    /// Cards of the trick in progress, in play order from the leader.
    pub trick: [u8; MAX_SEATS],
    pub trick_len: u8,
    win_pos: u8,
    win_card: u8,
    led_mask: u64,
    /// Card points and cards of the trick in progress, added up as the cards are placed.
    trick_points: i32,
    trick_cards: u64,
    pub tricks_played: u8,
    pub total_tricks: u8,
    pub tricks_won: [u8; MAX_SEATS],
    pub points: [i32; MAX_SEATS],
    /// The cards in each position's won tricks.
    pub captured: [u64; MAX_SEATS],
    pub trick_winner: [u8; MAX_TRICKS],
    /// The card that won each trick.
    pub trick_card: [u8; MAX_TRICKS],
    /// Cards a position may not play before trick `keep_until` (0-based) unless forced.
    pub keep: [u64; MAX_SEATS],
    pub keep_until: [u8; MAX_SEATS],
    /// The cards played in this play when each position's `keep` came in force (its
    /// announcement): the duty binds only the plays from then on.
    pub keep_from: [u8; MAX_SEATS],
    /// The position whose first won trick ends the play (a lost no-tricks contract).
    pub early_end: Option<u8>,
    pub ended_early: bool,
    /// Cards laid face down with the bid (`commits face-down-card`): in trick 1 each is the only
    /// legal card of its owner, whatever the duties say (0 almost always).
    pub committed: u64,
}

impl Play {
    /// A play with these hands (by position), `leader` leading the first trick. The number of
    /// tricks is the size of the leader's hand.
    pub fn new(n: u8, hands: &[u64], leader: u8) -> Play {
        let mut p = Play {
            n: 1,
            hands: [0; MAX_SEATS],
            leader: 0,
            to_play: 0,
            trick: [0; MAX_SEATS],
            trick_len: 0,
            win_pos: 0,
            win_card: 0,
            led_mask: 0,
            trick_points: 0,
            trick_cards: 0,
            tricks_played: 0,
            total_tricks: 0,
            tricks_won: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            captured: [0; MAX_SEATS],
            trick_winner: [0; MAX_TRICKS],
            trick_card: [0; MAX_TRICKS],
            keep: [0; MAX_SEATS],
            keep_until: [0; MAX_SEATS],
            keep_from: [0; MAX_SEATS],
            early_end: None,
            ended_early: false,
            committed: 0,
        };
        p.restart(n, hands, leader);
        p
    }

    /// Starts this play over in place, as `Play::new` with these arguments would make it (a
    /// reused `Game` starts each hand's play without building and copying a new one). The
    /// pattern names every field, so a field added to `Play` and not reset here does not compile.
    pub fn restart(&mut self, n: u8, hands: &[u64], leader: u8) {
        let Play {
            n: n_slot,
            hands: hands_slot,
            leader: leader_slot,
            to_play,
            trick,
            trick_len,
            win_pos,
            win_card,
            led_mask,
            trick_points,
            trick_cards,
            tricks_played,
            total_tricks,
            tricks_won,
            points,
            captured,
            trick_winner,
            trick_card,
            keep,
            keep_until,
            keep_from,
            early_end,
            ended_early,
            committed,
        } = self;
        let n = n.clamp(1, MAX_SEATS as u8);
        *hands_slot = [0; MAX_SEATS];
        for (slot, hand) in hands_slot.iter_mut().zip(hands.iter()).take(n as usize) {
            *slot = *hand;
        }
        let leader = if leader < n { leader } else { leader % n };
        *n_slot = n;
        *leader_slot = leader;
        *to_play = leader;
        *trick = [0; MAX_SEATS];
        *trick_len = 0;
        *win_pos = leader;
        *win_card = 0;
        *led_mask = 0;
        *trick_points = 0;
        *trick_cards = 0;
        *tricks_played = 0;
        *total_tricks = hands_slot[leader as usize & (MAX_SEATS - 1)]
            .count_ones()
            .min(MAX_TRICKS as u32) as u8;
        *tricks_won = [0; MAX_SEATS];
        *points = [0; MAX_SEATS];
        *captured = [0; MAX_SEATS];
        *trick_winner = [0; MAX_TRICKS];
        *trick_card = [0; MAX_TRICKS];
        *keep = [0; MAX_SEATS];
        *keep_until = [0; MAX_SEATS];
        *keep_from = [0; MAX_SEATS];
        *early_end = None;
        *ended_early = false;
        *committed = 0;
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.ended_early || self.tricks_played >= self.total_tricks
    }

    /// The legal cards of the position to play (0 once the play is over).
    #[inline]
    pub fn legal(&self, t: &PlayTable) -> u64 {
        // a card laid face down with the bid goes to trick 1, exempt from every duty (0 but in
        // the few contracts that commit one); the card loops after trick 1 (`card_run`) and the
        // play-phase playout (no card committed) call `legal_as` and skip this test
        let committed = self.committed & self.hands[self.to_play as usize & (MAX_SEATS - 1)];
        if committed != 0 && self.tricks_played == 0 && !self.is_over() {
            return committed;
        }
        if t.beat_duty {
            self.legal_as::<true>(t)
        } else {
            self.legal_as::<false>(t)
        }
    }

    /// `legal` for a table whose `beat_duty` is `DUTY`, without the committed face-down card
    /// (only trick 1 has one): a card loop picks the version once per run (`card_run`, after
    /// trick 1), so that a table without the duty pays nothing for it per card.
    #[inline(always)]
    pub(crate) fn legal_as<const DUTY: bool>(&self, t: &PlayTable) -> u64 {
        if self.is_over() {
            return 0;
        }
        let p = self.to_play as usize & (MAX_SEATS - 1);
        let hand = self.hands[p];
        // selects rather than branches: which duty applies changes at random from card to card,
        // so a branch on it would often be mispredicted, and all three are a few operations
        let follow = hand & self.led_mask;
        let trumps = hand & t.void_trumps;
        let void_in_suit = if trumps != 0 { trumps } else { hand };
        let following = if follow != 0 { follow } else { void_in_suit };
        let mut m = if self.trick_len == 0 { hand } else { following };
        // the same for every card of the hand, so well predicted; the duty itself out of line
        if DUTY && self.trick_len != 0 {
            m = self.beating(t, m, follow != 0);
        }
        let keep = self.keep[p];
        if keep & m != 0 && m & !keep != 0 && self.tricks_played < self.keep_until[p] {
            m &= !keep;
        }
        m
    }

    /// Whether a duty to beat the trick applies to a player who follows suit (`following`) or
    /// cannot: `head always` always, `head trump-lead` when a trump was led and he follows,
    /// `overtrump` when he cannot follow.
    #[inline]
    fn must_beat(&self, t: &PlayTable, following: bool) -> bool {
        let led = 1u64.checked_shl(self.trick[0] as u32).unwrap_or(0);
        match t.head {
            Head::Always => true,
            Head::TrumpLead if following && t.trump_mask & led != 0 => true,
            _ => !following && t.overtrump,
        }
    }

    /// `m` narrowed to the cards that beat the trick's best card, when a duty to beat applies
    /// and some card of `m` beats it (otherwise `m`: who cannot beat plays as the other duties
    /// say, so a void player under `trump-when-void` still trumps).
    #[inline(never)]
    fn beating(&self, t: &PlayTable, m: u64, following: bool) -> u64 {
        if !self.must_beat(t, following) {
            return m;
        }
        let winners = m & t.beats[self.win_card as usize & (MAX_CARDS - 1)];
        if winners != 0 {
            winners
        } else {
            m
        }
    }

    /// Why a card is illegal for the position to play, if it is.
    pub fn check(&self, t: &PlayTable, card: u8) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        let bit = 1u64.checked_shl(card as u32).unwrap_or(0);
        let p = self.to_play as usize & (MAX_SEATS - 1);
        let hand = self.hands[p];
        if hand & bit == 0 {
            return Err(PlayError::NotInHand);
        }
        if self.legal(t) & bit != 0 {
            return Ok(());
        }
        if self.committed & hand != 0 && self.tricks_played == 0 {
            return Err(PlayError::FaceDown);
        }
        if self.trick_len > 0 && hand & self.led_mask != 0 && self.led_mask & bit == 0 {
            return Err(PlayError::MustFollow);
        }
        if self.trick_len > 0 && hand & self.led_mask == 0 && hand & t.void_trumps != 0 && t.void_trumps & bit == 0 {
            return Err(PlayError::MustTrump);
        }
        if self.trick_len > 0 && t.beat_duty && t.beats[self.win_card as usize & (MAX_CARDS - 1)] & bit == 0 {
            let following = hand & self.led_mask != 0;
            if self.must_beat(t, following) {
                return Err(if following {
                    PlayError::MustHead
                } else {
                    PlayError::MustOvertrump
                });
            }
        }
        Err(PlayError::Kept)
    }

    /// Plays a card after checking it; gives the trick when it completes.
    pub fn play(&mut self, t: &PlayTable, card: u8) -> Result<Option<TrickDone>, PlayError> {
        self.check(t, card)?;
        Ok(self.place(t, card))
    }

    /// Plays a card known to be legal (from `legal`).
    #[inline(always)]
    pub fn place(&mut self, t: &PlayTable, card: u8) -> Option<TrickDone> {
        let c = card as usize & (MAX_CARDS - 1);
        let b = 1u64 << c;
        let p = self.to_play;
        self.hands[p as usize & (MAX_SEATS - 1)] &= !b;
        self.trick[self.trick_len as usize & (MAX_SEATS - 1)] = card;
        self.trick_points += t.points[c];
        self.trick_cards |= b;
        // selects rather than branches, as in `legal`: whether the card takes the trick is random
        // from card to card, and a mispredicted branch costs more than both ways computed
        // (`select_unpredictable`: the compiler would otherwise turn these back into branches)
        let leads = self.trick_len == 0;
        let beats_winner = t.beats[self.win_card as usize & (MAX_CARDS - 1)] & b != 0;
        let takes = leads | beats_winner;
        self.led_mask = select_unpredictable(leads, t.suit_of_card(c), self.led_mask);
        // one select of the two bytes together: a select of a single byte has no cmov
        let won_by = select_unpredictable(takes, [p, card], [self.win_pos, self.win_card]);
        [self.win_pos, self.win_card] = won_by;
        self.trick_len += 1;
        self.to_play = crate::engine::core::game::next_pos(p, self.n);
        if self.trick_len < self.n {
            return None;
        }
        Some(self.complete_trick(t))
    }

    /// What `place` is about to change: give it back to `unplace` after the card.
    #[inline(always)]
    pub fn undo_point(&self) -> Undo {
        Undo {
            led_mask: self.led_mask,
            trick_cards: self.trick_cards,
            trick_points: self.trick_points,
            win_pos: self.win_pos,
            win_card: self.win_card,
            leader: self.leader,
            to_play: self.to_play,
            trick_len: self.trick_len,
            ended_early: self.ended_early,
        }
    }

    /// Takes back the card `place` just played, with the `undo_point` saved before it and what
    /// `place` gave: the play is as it was, but for the records of the tricks after the ones
    /// played (`trick_winner`, `trick_card` and `trick` past their lengths), which nothing reads.
    #[inline(always)]
    pub fn unplace(&mut self, card: u8, u: &Undo, done: Option<TrickDone>) {
        let b = 1u64 << (card as usize & (MAX_CARDS - 1));
        if let Some(d) = done {
            let w = d.winner as usize & (MAX_SEATS - 1);
            self.tricks_played -= 1;
            self.points[w] -= d.points;
            self.tricks_won[w] -= 1;
            self.captured[w] &= !(u.trick_cards | b);
        }
        self.hands[u.to_play as usize & (MAX_SEATS - 1)] |= b;
        self.led_mask = u.led_mask;
        self.trick_cards = u.trick_cards;
        self.trick_points = u.trick_points;
        self.win_pos = u.win_pos;
        self.win_card = u.win_card;
        self.leader = u.leader;
        self.to_play = u.to_play;
        self.trick_len = u.trick_len;
        self.ended_early = u.ended_early;
    }

    /// The trick in progress is complete: its winner takes it and leads the next.
    fn complete_trick(&mut self, t: &PlayTable) -> TrickDone {
        let w = self.win_pos as usize & (MAX_SEATS - 1);
        let k = self.tricks_played as usize & (MAX_TRICKS - 1);
        self.trick_winner[k] = self.win_pos;
        self.trick_card[k] = self.win_card;
        self.tricks_played += 1;
        let mut pts = self.trick_points;
        if self.tricks_played >= self.total_tricks {
            pts += t.last_trick;
        }
        self.points[w] += pts;
        self.captured[w] |= self.trick_cards;
        self.tricks_won[w] += 1;
        self.trick_len = 0;
        self.trick_points = 0;
        self.trick_cards = 0;
        self.leader = self.win_pos;
        self.to_play = self.win_pos;
        if self.early_end == Some(self.win_pos) {
            self.ended_early = true;
        }
        TrickDone {
            winner: self.win_pos,
            card: self.win_card,
            points: pts,
        }
    }

    /// The cards of the trick in progress.
    pub fn trick_mask(&self) -> u64 {
        self.trick_cards
    }

    /// The trick index (0-based) a written trick means: `3` is the third, `last-1` the one before the last.
    pub fn trick_index(&self, trick: TrickRef) -> Option<usize> {
        trick_index_in(self.total_tricks, trick)
    }
}

/// The index of a trick named by the rules in a play of `total` tricks (the finished hand
/// names its tricks the same way, `finished.rs`).
pub(in crate::engine) fn trick_index_in(total: u8, trick: TrickRef) -> Option<usize> {
    let total = total as u32;
    match trick {
        TrickRef::Number(n) if n >= 1 && n <= total => Some(n as usize - 1),
        TrickRef::FromLast(k) if k < total => Some((total - 1 - k) as usize),
        _ => None,
    }
}
