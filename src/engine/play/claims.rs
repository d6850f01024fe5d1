//! Claims and concessions in the play (`claims` in a contract): takes the hand in play, gives
//! the declarer's `ClaimRest` / `ConcedeRest` on his turn, the opponents' `AcceptClaim` /
//! `DisputeClaim` answers (`Phase::Claim`), the open hand, and the settlement of the tricks into
//! the play (`tricks_won`, `points`, `captured`, `trick_winner`, `trick_card`), as scoring reads it.
//!
//! A settlement gives every trick since the claim to one seat (the declarer for a claim, else one
//! opponent). Which cards those tricks capture matters to card-point contracts, so the cards
//! still out are played out first, each seat playing its lowest legal card: the captures are
//! then exactly the cards since the claim, every trick has its cards, and each given trick
//! counts as won with the card its new owner played in it. A disputed claim or concession is
//! played on, the hand open; the first trick that goes against what was said settles it as if
//! it had been accepted when it was said (a concession only under `concession-disputed stands`).
//! Whether the given tricks hold a trump is judged from the claim, not from the play-out
//! (`claim-trumps`, `claimed_trump`).

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{next_pos, Action, Game, Phase};
use crate::engine::core::stage::Stage;
use crate::engine::play::MAX_TRICKS;
use crate::model::{Claims, DisputedConcession, Seat};

/// What the declarer said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ClaimKind {
    /// He takes every remaining trick.
    Claim,
    /// He takes none of them.
    Concede,
}

/// How a claim or concession ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ClaimOutcome {
    /// Every opponent accepted: the tricks went as said.
    Accepted,
    /// Disputed and played out as said: the tricks count as played.
    PlayedOut,
    /// Disputed, and a trick went against it: every trick since it went to the opponents
    /// (a failed claim, or a concession that stands).
    Settled,
    /// Disputed, and the play gave the opponents every trick since it: settled as an accepted
    /// concession (`concession-confirmed conceded-to`).
    Confirmed,
    /// Disputed, still being played.
    Open,
}

/// A claim or concession made in this hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct Made {
    pub kind: ClaimKind,
    pub outcome: ClaimOutcome,
    /// Complete tricks when it was said.
    pub at_trick: u8,
    /// The position that receives the tricks if it is settled against the declarer (worked out
    /// from the tricks before it, `Claims::conceded_to`).
    pub opponent: u8,
    /// Per position, tricks, points and captures when it was said.
    pub tricks: [u8; MAX_SEATS],
    pub points: [i32; MAX_SEATS],
    pub captured: [u64; MAX_SEATS],
    /// Per trick since it was said, the card each position played in it.
    pub cards: [[u8; MAX_SEATS]; MAX_TRICKS],
}

/// The claims of the hand in play.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct ClaimState {
    /// The contract's rules, set when the play starts (none: no claims in this hand).
    pub rules: Option<Claims>,
    pub made: Option<Made>,
    /// The cards an accepted claim or concession put into the remaining tricks without anyone
    /// playing them: nobody saw them fall (`played_cards` leaves them out).
    pub settled: u64,
    /// The leader of the trick in progress when the claim settled the rest: the last leader any
    /// seat saw.
    pub settled_leader: u8,
}

/// What the sheet says about a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ClaimNote {
    pub kind: ClaimKind,
    pub outcome: ClaimOutcome,
    /// Table seat of the declarer who said it.
    pub by: u8,
    /// Complete tricks when it was said.
    pub after_tricks: u8,
    /// Table seat that took the tricks since it, when they were given to one seat.
    pub to: Option<u8>,
}

impl Game {
    /// Claims become possible (or not) for the contract being played.
    pub(in crate::engine) fn start_claims(&mut self) {
        let rules = self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .and_then(|c| c.claims);
        self.claims = ClaimState {
            rules: rules.filter(|_| self.declarer.is_some()),
            made: None,
            settled: 0,
            settled_leader: 0,
        };
    }

    /// Whether the contract being played lets the declarer claim, and concede (both false
    /// without claims).
    #[inline]
    pub(crate) fn claim_kinds(&self) -> (bool, bool) {
        self.claims.rules.map_or((false, false), |k| (k.claim, k.concede))
    }

    /// Whether the declarer may claim or concede now: his turn in the play, no claim made yet,
    /// not while trick 1 has melds or a raise open (its talk may be open: it waits in the claim).
    pub(crate) fn claim_open(&self) -> bool {
        self.claims.rules.is_some()
            && self.claims.made.is_none()
            && self.phase() == Phase::Play
            && self.declarer == Some(self.play.to_play)
            && !self.play.is_over()
            && !self.melds_or_raise_in_trick_one()
    }

    /// Whether trick 1 has melds or a raise open: no claim then. The talk of trick 1 does not
    /// bar one ([002]: "at any point"): `Stage::Claim` keeps it, and a dispute gives it back.
    fn melds_or_raise_in_trick_one(&self) -> bool {
        self.play.tricks_played == 0 && (self.meld_open() || self.contract_raise_open())
    }

    /// The declarer's actions of claims now (none unless `claim_open`).
    pub(in crate::engine) fn claim_actions(&self, out: &mut Vec<Action>) {
        let Some(k) = self.claims.rules.filter(|_| self.claim_open()) else {
            return;
        };
        if k.claim {
            out.push(Action::ClaimRest);
        }
        if k.concede {
            out.push(Action::ConcedeRest);
        }
    }

    /// Why a claim action is illegal now, if it is.
    pub(in crate::engine) fn check_claim(&self, action: Action) -> Result<(), &'static str> {
        let Some(k) = self.claims.rules else {
            return Err("claims: this contract has no claims (`claims` in the contract)");
        };
        match action {
            Action::ClaimRest | Action::ConcedeRest => {
                if self.claims.made.is_some() {
                    return Err("claims: the declarer claims or concedes once a hand, and has done so");
                }
                if self.phase() != Phase::Play || self.declarer != Some(self.play.to_play) {
                    return Err("claims: only the declarer may claim or concede, on his turn to play");
                }
                if self.play.is_over() {
                    return Err("claims: the play is over");
                }
                if self.melds_or_raise_in_trick_one() {
                    return Err("claims: not while melds or a raise are open in trick 1");
                }
                if action == Action::ClaimRest && !k.claim {
                    return Err("claims: this contract allows no claim of every remaining trick (`claims concede`)");
                }
                if action == Action::ConcedeRest && !k.concede {
                    return Err("claims: this contract allows no concession (`claims claim`)");
                }
                Ok(())
            }
            Action::AcceptClaim | Action::DisputeClaim if self.phase() == Phase::Claim => Ok(()),
            _ => Err("claims: nothing has been claimed or conceded to accept or dispute"),
        }
    }

    /// The opponents' answers while a claim waits for them.
    pub(in crate::engine) fn answer_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::AcceptClaim);
        out.push(Action::DisputeClaim);
    }

    /// Applies a legal claim action.
    pub(in crate::engine) fn apply_claim(&mut self, action: Action) {
        match action {
            Action::ClaimRest | Action::ConcedeRest => self.say_claim(action == Action::ClaimRest),
            Action::AcceptClaim => {
                let (Some(d), Stage::Claim { answering, talk }) = (self.declarer, self.stage) else {
                    return;
                };
                let Some(m) = self.claims.made.as_mut() else { return };
                let answering = next_pos(answering, self.n);
                self.stage = Stage::Claim { answering, talk };
                if answering == d {
                    m.outcome = ClaimOutcome::Accepted;
                    let to = if m.kind == ClaimKind::Claim { d } else { m.opponent };
                    self.settle(to);
                }
            }
            Action::DisputeClaim => {
                if let Some(m) = self.claims.made.as_mut() {
                    m.outcome = ClaimOutcome::Open;
                }
                // the play goes on, with the talk of trick 1 the claim was made in
                let talk = match self.stage {
                    Stage::Claim { talk, .. } => talk,
                    _ => None,
                };
                self.stage = Stage::Play(talk);
            }
            _ => {}
        }
    }

    fn say_claim(&mut self, claim: bool) {
        let (Some(d), Some(k)) = (self.declarer, self.claims.rules) else {
            return;
        };
        let p = &self.play;
        let mut m = Made {
            kind: if claim { ClaimKind::Claim } else { ClaimKind::Concede },
            outcome: ClaimOutcome::Open,
            at_trick: p.tricks_played,
            opponent: conceded_to(&k, d, self.n, &p.tricks_won, self.rules.variant.seating),
            tricks: p.tricks_won,
            points: p.points,
            captured: p.captured,
            cards: [[0; MAX_SEATS]; MAX_TRICKS],
        };
        // the cards already in the trick in progress
        for i in 0..p.trick_len {
            let pos = (p.leader + i) % self.n;
            m.cards[0][pos as usize & (MAX_SEATS - 1)] = p.trick[i as usize & (MAX_SEATS - 1)];
        }
        self.claims.made = Some(m);
        let talk = match self.stage {
            Stage::Play(talk) => talk,
            _ => None,
        };
        self.stage = Stage::Claim {
            answering: next_pos(d, self.n),
            talk,
        };
    }

    /// Notes a card played after a claim (`pos` played it as the `trick_len`-th card of the trick
    /// in progress, before it was placed).
    pub(in crate::engine) fn note_claim_card(&mut self, pos: u8, card: u8) {
        let tricks_played = self.play.tricks_played;
        if let Some(m) = self.claims.made.as_mut() {
            let k = tricks_played.saturating_sub(m.at_trick) as usize;
            if let Some(row) = m.cards.get_mut(k) {
                row[pos as usize & (MAX_SEATS - 1)] = card;
            }
        }
    }

    /// After a trick of a disputed claim or concession: settles it when the trick went against
    /// what was said (true: the hand is over).
    pub(in crate::engine) fn check_disputed_trick(&mut self) -> bool {
        let (Some(d), Some(m), Some(k)) = (self.declarer, self.claims.made, self.claims.rules) else {
            return false;
        };
        if m.outcome != ClaimOutcome::Open {
            return false;
        }
        let last = self.play.tricks_played.saturating_sub(1) as usize;
        let declarer_won = self.play.trick_winner.get(last) == Some(&d);
        let against = match m.kind {
            ClaimKind::Claim => !declarer_won,
            ClaimKind::Concede => declarer_won && k.disputed_concession == DisputedConcession::Stands,
        };
        if against {
            if let Some(m) = self.claims.made.as_mut() {
                m.outcome = ClaimOutcome::Settled;
            }
            self.settle(m.opponent);
            return true;
        }
        if self.play.is_over() {
            // a concession the play confirmed: the declarer took no trick since it
            let confirmed = m.kind == ClaimKind::Concede
                && !k.confirmed_as_played
                && self.play.tricks_won.get(d as usize) == m.tricks.get(d as usize);
            if let Some(made) = self.claims.made.as_mut() {
                made.outcome = if confirmed {
                    ClaimOutcome::Confirmed
                } else {
                    ClaimOutcome::PlayedOut
                };
            }
            if confirmed {
                self.settle(m.opponent);
                return true;
            }
        }
        false
    }

    /// Gives every trick since the claim to position `to`: the cards still out are played out
    /// (lowest legal card first), then the tricks, points and captures gained since the claim
    /// by anyone become `to`'s, each such trick won with the card `to` played in it; the hand ends.
    fn settle(&mut self, to: u8) {
        let Some(t) = self.rules.tables.play.get(self.table) else {
            return;
        };
        self.play.early_end = None;
        self.claims.settled_leader = self.play.leader;
        while !self.play.is_over() {
            let m = self.play.legal(t);
            if m == 0 {
                break;
            }
            let card = m.trailing_zeros() as u8;
            let pos = self.play.to_play;
            let tricks_played = self.play.tricks_played;
            if let Some(made) = self.claims.made.as_mut() {
                let k = tricks_played.saturating_sub(made.at_trick) as usize;
                if let Some(row) = made.cards.get_mut(k) {
                    row[pos as usize & (MAX_SEATS - 1)] = card;
                }
            }
            self.play.place(t, card);
            self.claims.settled |= 1u64 << (card & 63);
        }
        let Some(m) = self.claims.made else { return };
        let held_trump = self.claimed_trump(&m);
        let p = &mut self.play;
        let to_i = to as usize & (MAX_SEATS - 1);
        let (mut tricks, mut points, mut captured) = (0u8, 0i32, 0u64);
        for q in 0..MAX_SEATS {
            tricks += p.tricks_won[q] - m.tricks[q].min(p.tricks_won[q]);
            points += p.points[q] - m.points[q];
            captured |= p.captured[q] & !m.captured[q];
            p.tricks_won[q] = m.tricks[q];
            p.points[q] = m.points[q];
            p.captured[q] = m.captured[q];
        }
        p.tricks_won[to_i] += tricks;
        p.points[to_i] += points;
        p.captured[to_i] |= captured;
        for k in m.at_trick as usize..(p.tricks_played as usize).min(MAX_TRICKS) {
            p.trick_winner[k] = to;
            let card = m.cards.get(k - m.at_trick as usize).map(|r| r[to_i]).unwrap_or(0);
            p.trick_card[k] = held_trump.unwrap_or(card);
        }
        self.finish();
    }

    /// The trump card the tricks given by claim `m` count as won with, if they hold a trump
    /// (`no-trump-in last-tricks N` reads a trick's card, A11 (c)): the claim says nothing of
    /// how they would be played, so they hold one when a trump was still out at the claim (in a
    /// hand or in the trick on the table: the cards played since it, all of them once played
    /// out), and with `claim-trumps always` whenever the hand has trumps. None: they hold none,
    /// and count as won with the card their new owner played.
    fn claimed_trump(&self, m: &Made) -> Option<u8> {
        let trumps = self.table()?.trump_mask;
        let k = self.claims.rules?;
        let rows = (self.play.tricks_played.saturating_sub(m.at_trick) as usize).min(MAX_TRICKS);
        let mut since = 0u64;
        for row in &m.cards[..rows] {
            for &c in &row[..(self.n as usize).min(MAX_SEATS)] {
                since |= 1u64.checked_shl(c as u32).unwrap_or(0);
            }
        }
        let out = if k.claim_trumps_always { trumps } else { since & trumps };
        (out != 0).then(|| out.trailing_zeros() as u8)
    }

    /// The declarer's cards laid open to every seat after a claim or concession (0 before).
    pub fn open_hand(&self) -> u64 {
        match (self.claims.made, self.declarer) {
            (Some(_), Some(d)) if self.phase() != Phase::Over => self.play.hands.get(d as usize).copied().unwrap_or(0),
            _ => 0,
        }
    }

    /// The claim of the hand, for the sheet.
    #[inline(never)] // only hands with a claim: kept out of the scoring code
    pub fn claim_note(&self) -> Option<ClaimNote> {
        let m = self.claims.made?;
        let d = self.declarer?;
        let to = match (m.outcome, m.kind) {
            (ClaimOutcome::Accepted, ClaimKind::Claim) => Some(d),
            (ClaimOutcome::Accepted, ClaimKind::Concede) | (ClaimOutcome::Settled | ClaimOutcome::Confirmed, _) => {
                Some(m.opponent)
            }
            _ => None,
        };
        Some(ClaimNote {
            kind: m.kind,
            outcome: m.outcome,
            by: self.seat_at(d),
            after_tricks: m.at_trick,
            to: to.map(|p| self.seat_at(p)),
        })
    }

    /// Whether a claim of every remaining trick cannot fail: the declarer leads, and no card the
    /// opponents hold beats any of his (so whatever he leads wins, and he keeps the lead).
    pub(crate) fn claim_is_certain(&self) -> bool {
        let (Some(d), Some(t)) = (self.declarer, self.table()) else {
            return false;
        };
        if self.play.trick_len != 0 || self.play.to_play != d {
            return false;
        }
        let mut mine = self.play.hands[d as usize & (MAX_SEATS - 1)];
        let mut theirs = 0u64;
        for q in 0..self.n {
            if q != d {
                theirs |= self.play.hands[q as usize & (MAX_SEATS - 1)];
            }
        }
        let mut beaten_by = 0u64;
        while mine != 0 {
            beaten_by |= t.beats[mine.trailing_zeros() as usize & (crate::engine::compile::tables::MAX_CARDS - 1)];
            mine &= mine - 1;
        }
        beaten_by & theirs == 0
    }
}

/// The opponent position that takes the tricks given up by declarer `d` of `n` players: the only
/// opponent with a trick when the rules say so and there is one, else the neighbour named.
fn conceded_to(k: &Claims, d: u8, n: u8, tricks: &[u8; MAX_SEATS], seating: crate::model::Seating) -> u8 {
    if k.to_opponent_with_tricks {
        let mut with = (0..n).filter(|&q| q != d && tricks[q as usize & (MAX_SEATS - 1)] > 0);
        if let (Some(only), None) = (with.next(), with.next()) {
            return only;
        }
    }
    // positions go in turn order; as for the first lead (`start_play`), the left neighbour
    // plays after the declarer under clockwise seating, and just before him otherwise
    let clockwise = seating == crate::model::Seating::Clockwise;
    let after = next_pos(d, n);
    let before = (d + n - 1) % n.max(1);
    match (k.conceded_to == Seat::DeclarerRight, clockwise) {
        (false, true) | (true, false) => after,
        (false, false) | (true, true) => before,
    }
}
