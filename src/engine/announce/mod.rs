//! Announcement rounds as part of `Game`: takes the variant's figures, figure ladders and the
//! first doubling ladder, gives the figures and doubling levels a player may say (front or back),
//! their checks, and the round flow that ends after two passes in a row. The round's `Talk` is
//! read from and written into the stage that has it (`Stage::Front`, `Stage::Back`, or
//! `Stage::Play` in trick 1), never from `Game`. Beside it: the calling rounds after trick 1
//! (`calling.rs`) and doubling levels that add (`additive_doubling.rs`).
//!
//! The room owns, of `Game`: the announcements and their rounds (`anns`, `ann_round`), the
//! figures said per position (`said_front`, `said_back`), the game's doubling levels
//! (`game_levels`) and the calls (`ext`: calling, the switch's flag, bidding with figures);
//! its turns live in `Stage::Front`, `Stage::Back`, `Stage::Call` and the talk of
//! `Stage::Play` in trick 1. It writes the talon room's `draw.shown` (a doubling that shows the
//! talon), and a call settled in the play ends the play early or frees a player's kept cards
//! (`play.ended_early`, `play.keep`).

pub(in crate::engine) mod additive_doubling;
pub mod calling;

use crate::engine::auction::bid_figures::unmet_reason;
use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{next_pos, Action, Announced, Game, Item, Levels, Phase};
use crate::engine::core::rng::nth_bit;
use crate::engine::core::stage::{Stage, Talk};
use crate::model::{Announcements, Doubling, FigureId};

/// The figures and doubling levels open to a speaker (`Game::say_options`), in the order of
/// `say_actions`: figures by id, a kontra on the game, kontras on announced figures.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SayOptions {
    figures: u64,
    kontra_game: bool,
    /// Bit `i` of the words: a kontra on announcement `i`. Each player announces each of at most
    /// 64 figures once, so `MAX_SEATS` words hold every announcement.
    kontra_figures: [u64; MAX_SEATS],
    /// The words in use (one per 64 announcements made).
    words: usize,
}

impl SayOptions {
    pub(crate) fn count(&self) -> u32 {
        self.figures.count_ones()
            + self.kontra_game as u32
            + self
                .kontra_figures
                .iter()
                .take(self.words)
                .map(|w| w.count_ones())
                .sum::<u32>()
    }

    /// The `k`-th option (0-based), if there is one.
    pub(crate) fn nth(&self, mut k: u32) -> Option<Action> {
        let n = self.figures.count_ones();
        if k < n {
            return Some(Action::Announce(nth_bit(self.figures, k) as u16));
        }
        k -= n;
        if self.kontra_game {
            if k == 0 {
                return Some(Action::Kontra(Item::Game));
            }
            k -= 1;
        }
        for (w, &word) in self.kontra_figures.iter().enumerate().take(self.words) {
            let n = word.count_ones();
            if k < n {
                let i = w * 64 + nth_bit(word, k) as usize;
                return Some(Action::Kontra(Item::Figure(i as u16)));
            }
            k -= n;
        }
        None
    }
}

impl Game {
    /// The position speaking now in an announcement turn: the round's speaker, or the player to
    /// play during the trick-1 announcements (a compare, where `turn` decodes every stage).
    #[inline]
    pub(in crate::engine) fn speaker(&self) -> u8 {
        match self.stage {
            Stage::Front(talk) | Stage::Back(talk) => talk.speaker,
            _ => self.play.to_play,
        }
    }

    pub(in crate::engine) fn talk_actions(&self, front: bool, out: &mut Vec<Action>) {
        self.say_actions(front, out);
        out.push(Action::Pass);
    }

    /// Figures and doubling levels the speaker may say (not `Pass`).
    pub(in crate::engine) fn say_actions(&self, front: bool, out: &mut Vec<Action>) {
        let o = self.say_options(front);
        out.extend((0..o.count()).filter_map(|k| o.nth(k)));
    }

    /// What the speaker may say, as masks: the list `say_actions` gives, without building it
    /// (a bot drawing one of them counts and picks).
    pub(crate) fn say_options(&self, front: bool) -> SayOptions {
        let pos = self.speaker();
        let mut o = SayOptions {
            figures: self.announceable(pos, front),
            ..Default::default()
        };
        let Ok((d, declarer)) = self.kontra_base() else {
            return o;
        };
        o.kontra_game = Self::kontra_level(d, declarer, pos, self.game_levels, true).is_ok();
        o.words = self.anns.len().div_ceil(64).min(MAX_SEATS);
        // `kontra_level` for each announcement, as one bit without a branch: which ones are open
        // changes from turn to turn
        let levels_open = d.levels.len().min(d.top.saturating_add(1));
        let multipliers = self.rules.figures.game_multipliers;
        let speaker_is_declarer = declarer & 1u16.checked_shl(pos as u32).unwrap_or(0) != 0;
        for (i, a) in self.anns.iter().enumerate() {
            let l = a.levels.said as usize;
            let multiplies = multipliers & 1u64.checked_shl(a.figure as u32).unwrap_or(0) != 0;
            let owner_is_declarer = declarer & 1u16.checked_shl(a.by as u32).unwrap_or(0) != 0;
            let said_by_this_side = (speaker_is_declarer == owner_is_declarer) == (l % 2 == 1);
            let open = !multiplies & !d.game_only & (l < levels_open) & said_by_this_side;
            // a per-player restriction (`not-same-player`): only ladders that have one pay for it
            let open = open && (d.not_same_player.is_empty() || !same_player_barred(d, a.levels, pos));
            if let Some(w) = o.kontra_figures.get_mut(i / 64) {
                *w |= (open as u64) << (i % 64);
            }
        }
        o
    }

    pub(in crate::engine) fn check_say(&self, front: bool, action: Action) -> Result<(), &'static str> {
        let pos = self.speaker();
        match action {
            Action::Pass => Ok(()),
            Action::Announce(f) => {
                let f = f as FigureId;
                if f < 64 && self.announceable(pos, front) & (1u64 << f) != 0 {
                    Ok(())
                } else {
                    Err(self
                        .can_announce(pos, f, front)
                        .err()
                        .unwrap_or("the figure may not be announced now"))
                }
            }
            Action::Kontra(item) => self.can_kontra(pos, item),
            _ => Err("not an announcement"),
        }
    }

    /// The figures the position may announce now in the front round or a back round, as a mask
    /// over figure ids (the compiled form of `can_announce`).
    fn announceable(&self, pos: u8, front: bool) -> u64 {
        let ft = &self.rules.figures;
        let Some(c) = self.contract else { return 0 };
        if self.contract_announcements() != Announcements::All {
            return 0;
        }
        let mut m = if front { ft.front.get(c) } else { ft.back.get(c) }
            .copied()
            .unwrap_or(0);
        if Some(pos) != self.declarer {
            m &= !ft.declarer_only;
        }
        if self.has_spoken(pos) {
            m &= !ft.first_turn_only;
        }
        let p = pos as usize % MAX_SEATS;
        let before = self.said_front[p] | self.said_back[p];
        let this_round = if front { self.said_front[p] } else { self.said_back[p] };
        m &= !self.unmet_requirements(pos);
        // what the player said before forbids, and what he said this round
        let mut blocked = 0u64;
        let mut said = before;
        while said != 0 {
            let g = said.trailing_zeros() as usize;
            said &= said - 1;
            blocked |= ft.blocks_after.get(g).copied().unwrap_or(0);
        }
        let mut said = this_round;
        while said != 0 {
            let g = said.trailing_zeros() as usize;
            said &= said - 1;
            blocked |= ft.blocks_same_round.get(g).copied().unwrap_or(0);
        }
        m & !blocked
    }

    fn can_announce(&self, pos: u8, f: FigureId, front: bool) -> Result<(), &'static str> {
        let v = &self.rules.variant;
        if self.contract_announcements() != Announcements::All {
            return Err("no figure may be announced in this contract");
        }
        let fig = v.figures.get(f).ok_or("no such figure")?;
        if !self.contract.is_some_and(|c| fig.contracts.contains(&c)) {
            return Err("the figure is not played in this contract");
        }
        if front && fig.front.is_none() {
            return Err("the figure may not be announced front");
        }
        if !front && fig.back.is_none() {
            return Err("the figure may not be announced back");
        }
        if fig.declarer_only && Some(pos) != self.declarer {
            return Err("only the declarer may announce the figure");
        }
        if fig.first_turn_only && self.has_spoken(pos) {
            return Err("the figure is announced only in the announcer's first turn of the round");
        }
        if f < 64 && self.unmet_requirements(pos) & (1u64 << f) != 0 {
            return Err(unmet_reason(fig));
        }
        if self.anns.iter().any(|a| a.by == pos && a.figure == f) {
            return Err("the player has already announced the figure");
        }
        for ladder in &v.figure_ladders {
            let Some(i) = ladder.figures.iter().position(|x| *x == f) else {
                continue;
            };
            for (a, round) in self.anns.iter().zip(&self.ann_round) {
                if a.by != pos {
                    continue;
                }
                let Some(j) = ladder.figures.iter().position(|x| *x == a.figure) else {
                    continue;
                };
                if j >= i {
                    return Err("a figure of a ladder may not follow a higher one");
                }
                if ladder.same_round_forbidden && *round == round_id(front) {
                    return Err("two figures of the ladder may not be announced in one round");
                }
            }
        }
        Ok(())
    }

    /// Whether the position has ended a turn in the announcement round in progress.
    fn has_spoken(&self, pos: u8) -> bool {
        let spoke = match self.stage {
            Stage::Front(talk) | Stage::Back(talk) | Stage::Play(Some(talk)) => talk.spoke,
            _ => 0,
        };
        spoke & 1u16.checked_shl(pos as u32).unwrap_or(0) != 0
    }

    fn item_levels(&self, item: Item) -> Option<(Levels, bool)> {
        match item {
            Item::Game => Some((self.game_levels, true)),
            Item::Figure(i) => self.anns.get(i as usize).map(|a| {
                (
                    a.levels,
                    self.declarer_side() & 1u16.checked_shl(a.by as u32).unwrap_or(0) != 0,
                )
            }),
        }
    }

    fn can_kontra(&self, pos: u8, item: Item) -> Result<(), &'static str> {
        let (d, declarer) = self.kontra_base()?;
        let (levels, owner_is_declarer) = self.item_levels(item).ok_or("no such announced item")?;
        if let Item::Figure(i) = item {
            if d.game_only {
                return Err("the doubling is said on the game only (`on game`)");
            }
            if self
                .anns
                .get(i as usize)
                .is_some_and(|a| self.is_game_multiplier(a.figure))
            {
                return Err("the figure multiplies the game: kontra the game");
            }
        }
        Self::kontra_level(d, declarer, pos, levels, owner_is_declarer)
    }

    /// What any kontra needs: the doubling ladder, a contract with announcements, the declarer;
    /// gives the ladder and the declarer's side as known now (positions: he and his partner).
    fn kontra_base(&self) -> Result<(&Doubling, u16), &'static str> {
        let d = self
            .rules
            .variant
            .doublings
            .first()
            .ok_or("the variant has no doubling")?;
        if self.contract_announcements() == Announcements::None {
            return Err("nothing may be announced in this contract");
        }
        if self.declarer.is_none() {
            return Err("there is no declarer to double");
        }
        Ok((d, self.declarer_side()))
    }

    /// Whether the next doubling level on an item (its levels so far, whether the declarer owns
    /// it) is open to the position.
    fn kontra_level(
        d: &Doubling,
        declarer: u16,
        pos: u8,
        levels: Levels,
        owner_is_declarer: bool,
    ) -> Result<(), &'static str> {
        let l = levels.said as usize;
        if l >= d.levels.len() || l > d.top {
            return Err("the doubling ladder is at its top");
        }
        let speaker_is_declarer = declarer & 1u16.checked_shl(pos as u32).unwrap_or(0) != 0;
        // even levels (kontra, ...) against the item's owner, odd levels (rekontra, ...) by the owner's side
        let by_owner = l % 2 == 1;
        if (speaker_is_declarer == owner_is_declarer) != by_owner {
            return Err("this doubling level is said by the other side");
        }
        if same_player_barred(d, levels, pos) {
            return Err("the player who said the earlier level on the item may not say this one");
        }
        Ok(())
    }

    pub(in crate::engine) fn apply_say(&mut self, front: bool, action: Action) {
        let pos = self.speaker();
        match action {
            Action::Announce(f) => {
                let f = f as FigureId;
                self.anns.push(Announced {
                    figure: f,
                    by: pos,
                    front,
                    levels: Levels::default(),
                });
                self.ann_round.push(round_id(front));
                let p = pos as usize % MAX_SEATS;
                let said = if front {
                    &mut self.said_front
                } else {
                    &mut self.said_back
                };
                said[p] |= 1u64.checked_shl(f as u32).unwrap_or(0);
                if self.phase() != Phase::Front {
                    self.apply_keep(self.anns.len() - 1);
                }
                self.said();
            }
            Action::Kontra(item) => {
                let factor = self
                    .rules
                    .variant
                    .doublings
                    .first()
                    .map(|d| if front { d.front } else { d.back })
                    .unwrap_or(1);
                let levels = match item {
                    Item::Game => Some(&mut self.game_levels),
                    Item::Figure(i) => self.anns.get_mut(i as usize).map(|a| &mut a.levels),
                };
                if let Some(l) = levels {
                    if l.said < 16 {
                        l.sayers |= (pos as u64 & 0xF) << (4 * l.said as u32);
                    }
                    l.said += 1;
                    l.multiplier = l.multiplier.saturating_mul(factor);
                }
                // the talon turned face up now is seen by every seat, and remembered
                self.draw.shown |= self.talon_shown_by_doubling() != 0;
                self.said();
            }
            _ => self.pass_turn(),
        }
    }

    /// Something was said this turn (and, in trick 1, in the trick).
    fn said(&mut self) {
        match &mut self.stage {
            Stage::Front(talk) | Stage::Back(talk) => talk.said_this_turn = true,
            Stage::Play(Some(talk)) => {
                talk.said_this_turn = true;
                talk.said_in_trick = true;
            }
            // (a say is checked and routed only in an announcement turn, which has its talk)
            _ => {}
        }
    }

    /// A pass ends the turn; a turn with nothing said counts toward two passes in a row, which
    /// end the round once it has had its `min_turns`. Small and inlined: most announcement turns are passes.
    #[inline]
    pub(in crate::engine) fn pass_turn(&mut self) {
        let n = self.n;
        // (a pass is legal only in the front and back rounds: in trick 1 a card ends the turn)
        let (Stage::Front(talk) | Stage::Back(talk)) = &mut self.stage else {
            return;
        };
        if end_turn(talk, n) || (matches!(self.stage, Stage::Back(_)) && self.lone_turn_ends()) {
            self.end_talk_round();
        }
    }

    /// Two passes in a row: the front round and a back round held before the first lead go on
    /// to the variant's next stage (`hand_flow.rs`); a back round that went on after trick 1
    /// goes back to the play.
    #[inline(never)] // once per round: kept out of the turns' code
    fn end_talk_round(&mut self) {
        let before_lead = self.play.tricks_played == 0 && self.play.trick_len == 0;
        if self.phase() == Phase::Front || before_lead {
            self.advance();
            return;
        }
        self.stage = Stage::Play(None);
        self.start_calling();
    }
}

/// The round an announcement is made in, as `ann_round` keeps it: 1 for the front round, 2 for
/// a back round (spoken alone, with trick 1, or after it).
fn round_id(front: bool) -> u8 {
    if front {
        1
    } else {
        2
    }
}

/// A pass ends the speaker's turn of `talk` (`n` players): a turn with nothing said counts toward
/// two passes in a row, which end the round once it has had its `min_turns`. Gives whether the
/// round is over.
#[inline]
pub(in crate::engine) fn end_turn(talk: &mut Talk, n: u8) -> bool {
    talk.spoke |= 1u16.checked_shl(talk.speaker as u32).unwrap_or(0);
    let passes = talk.passes.saturating_add(1);
    talk.passes = if talk.said_this_turn { 0 } else { passes };
    talk.said_this_turn = false;
    talk.speaker = next_pos(talk.speaker, n);
    talk.turns = talk.turns.saturating_add(1);
    talk.passes >= 2 && talk.turns >= talk.min_turns
}

/// Whether `not-same-player A B` bars the position from the item's next level: the next level
/// is `B` and the position said `A` on this item.
fn same_player_barred(d: &Doubling, levels: Levels, pos: u8) -> bool {
    let next = levels.said as usize;
    d.not_same_player
        .iter()
        .any(|&(a, b)| b == next && a < next && levels.sayer(a) == pos)
}

#[cfg(test)]
mod tests {
    use crate::bots::sim;
    use crate::engine::bundled_rules;
    use crate::engine::core::game::{Game, Item, Phase};
    use crate::engine::core::rng::hand_rng;
    use std::sync::Arc;

    /// The compiled mask (`announceable`) and the rule-by-rule check (`can_announce`) agree for
    /// every position and figure at every announcement turn of random hands; so do the kontras
    /// open to the speaker (`say_options`) and `can_kontra`.
    #[test]
    fn the_announceable_mask_is_the_rule_by_rule_check() {
        // every bundled file with figures said front and back and a doubling ladder (the
        // variants are chosen by what they have, not by name)
        let mut files = 0;
        for b in crate::bundled::all() {
            let name = b.name;
            let loaded = bundled_rules(name);
            assert!(loaded.is_ok(), "{name} loads");
            let Ok(r) = loaded else { return };
            let said_both = r.figures.front.iter().any(|m| *m != 0) && r.figures.back.iter().any(|m| *m != 0);
            if !said_both || r.variant.doublings.is_empty() {
                continue;
            }
            files += 1;
            let mut buf = Vec::new();
            let mut turns = 0;
            let mut kontras_open = 0;
            for i in 0..300u64 {
                let mut rng = hand_rng(3, i);
                let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
                let mut g = Game::from_deal(Arc::clone(&r), crate::engine::Seat((i % 3) as u8), deal);
                while !g.is_over() {
                    if matches!(g.phase(), Phase::Front | Phase::Back | Phase::Play) {
                        let front = g.phase() == Phase::Front;
                        for pos in 0..g.n {
                            let m = g.announceable(pos, front);
                            for f in 0..r.variant.figures.len() {
                                let ok = g.can_announce(pos, f, front).is_ok();
                                assert_eq!(m & (1 << f) != 0, ok, "{name} hand {i} pos {pos} figure {f}");
                            }
                        }
                        // and the kontras open to the speaker are those `can_kontra` allows
                        let o = g.say_options(front);
                        let speaker = g.speaker();
                        let game_ok = g.can_kontra(speaker, Item::Game).is_ok();
                        assert_eq!(o.kontra_game, game_ok, "{name} hand {i}: kontra on the game");
                        for k in 0..g.anns.len() {
                            let open = o.kontra_figures[k / 64] & (1u64 << (k % 64)) != 0;
                            let ok = g.can_kontra(speaker, Item::Figure(k as u16)).is_ok();
                            assert_eq!(open, ok, "{name} hand {i}: kontra on announcement {k}");
                            kontras_open += open as u32;
                        }
                        turns += 1;
                    }
                    if !sim::random_step(&mut g, &mut rng, &mut buf) {
                        break;
                    }
                }
            }
            assert!(turns > 1000, "{name}: {turns} announcement turns");
            assert!(kontras_open > 100, "{name}: {kontras_open} kontras on figures open");
        }
        assert!(files >= 8, "only {files} bundled files with figures and kontras");
    }
}
