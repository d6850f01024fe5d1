//! Compiles a checked `Variant` into runtime tables: card ids (0..n in `variant.cards` order),
//! suit masks, and per contract and trump suit the trick-strength (`beats`) and card-point lookups.

use crate::model::{CardSel, ContractId, Head, Order, PointsTable, RankId, SuitId, SuitSel, Variant};

/// Card ids fit a `u64` mask.
pub const MAX_CARDS: usize = 64;
pub const MAX_SUITS: usize = 8;
/// Players at the table (and so active players) the engine supports.
pub const MAX_SEATS: usize = 8;

pub use crate::engine::compile::error::CompileError;

/// Everything trick play needs for one contract with one trump suit (or none).
#[derive(Debug, Clone)]
pub struct PlayTable {
    pub contract: ContractId,
    pub trump: Option<SuitId>,
    /// The cards of the trump suit (0 without trumps).
    pub trump_mask: u64,
    /// `beats[c]`: the cards that take the trick from `c` while `c` is winning it
    /// (higher cards of its suit, and every trump when `c` is not a trump).
    pub beats: [u64; MAX_CARDS],
    /// `suit_masks[c]`: every card of `c`'s suit (the cards that follow when `c` is led).
    pub suit_masks: [u64; MAX_CARDS],
    /// Card points of each card in this contract (0 when card points do not count).
    pub points: [i32; MAX_CARDS],
    /// Whether card points count at all (and so the last-trick bonus).
    pub counts_points: bool,
    /// The last-trick bonus in this contract.
    pub last_trick: i32,
    /// The cards a player who cannot follow suit must play if he holds any: the trumps under
    /// `trump-when-void`, else none (he plays any card).
    pub void_trumps: u64,
    /// Whether a duty to beat the trick applies (`overtrump`, `head`): the general path of
    /// `Play::legal`, out of the default one.
    pub beat_duty: bool,
    /// `overtrump`: a player who cannot follow suit must beat the trick if he can.
    pub overtrump: bool,
    /// `head`: a player who follows suit must beat the trick if he can.
    pub head: Head,
}

impl PlayTable {
    /// The mask of the suit of a card.
    #[inline]
    pub fn suit_of_card(&self, c: usize) -> u64 {
        self.suit_masks[c & (MAX_CARDS - 1)]
    }

    /// Card points of every card in a mask.
    #[inline]
    pub fn mask_points(&self, mut m: u64) -> i32 {
        let mut p = 0;
        while m != 0 {
            p += self.points[(m.trailing_zeros() as usize) & (MAX_CARDS - 1)];
            m &= m - 1;
        }
        p
    }
}

/// The compiled deck and the play tables of every contract.
#[derive(Debug, Clone)]
pub struct Tables {
    pub n_cards: u8,
    pub n_suits: u8,
    /// Every card of the deck.
    pub all: u64,
    pub suit_of: [SuitId; MAX_CARDS],
    pub rank_of: [RankId; MAX_CARDS],
    pub suit_mask: [u64; MAX_SUITS],
    /// `rank_masks[r]`: every card of rank `r`.
    rank_masks: Vec<u64>,
    /// `by_contract[c][s]`: index into `play` for trump suit `s`; `[MAX_SUITS]` = no trump.
    by_contract: Vec<[usize; MAX_SUITS + 1]>,
    /// `if_called[c]`: the index into `play` of contract `c`'s `order-if-called` table.
    if_called: Vec<Option<usize>>,
    pub play: Vec<PlayTable>,
}

/// Strength of each rank in an order: highest first gets the largest number; absent ranks 0.
pub(in crate::engine) fn strengths(order: Option<&Order>, n_ranks: usize) -> Vec<u8> {
    let mut s = vec![0u8; n_ranks];
    if let Some(o) = order {
        let len = o.ranks.len();
        for (i, r) in o.ranks.iter().enumerate() {
            if let Some(slot) = s.get_mut(*r as usize) {
                *slot = len.saturating_sub(i).min(u8::MAX as usize) as u8;
            }
        }
    }
    s
}

fn rank_points(table: Option<&PointsTable>, rank: RankId) -> i32 {
    table.and_then(|t| t.by_rank.get(rank as usize).copied()).unwrap_or(0)
}

impl Tables {
    pub fn compile(v: &Variant) -> Result<Tables, CompileError> {
        if v.cards.is_empty() || v.cards.len() > MAX_CARDS {
            return Err(CompileError::Cards(v.cards.len()));
        }
        if v.suits.len() > MAX_SUITS {
            return Err(CompileError::Suits(v.suits.len()));
        }
        if v.players as usize > MAX_SEATS || v.active < 2 || v.active > v.players {
            return Err(CompileError::Seats {
                players: v.players,
                active: v.active,
            });
        }
        let mut t = Tables {
            n_cards: v.cards.len() as u8,
            n_suits: v.suits.len() as u8,
            all: 0,
            suit_of: [0; MAX_CARDS],
            rank_of: [0; MAX_CARDS],
            suit_mask: [0; MAX_SUITS],
            rank_masks: Vec::new(),
            by_contract: Vec::with_capacity(v.contracts.len()),
            if_called: Vec::with_capacity(v.contracts.len()),
            play: Vec::new(),
        };
        for (i, c) in v.cards.iter().enumerate() {
            if c.suit as usize >= MAX_SUITS {
                return Err(CompileError::CardSuit { card: i, suit: c.suit });
            }
            t.all |= 1u64 << i;
            t.suit_of[i] = c.suit;
            t.rank_of[i] = c.rank;
            t.suit_mask[c.suit as usize] |= 1u64 << i;
            let r = c.rank as usize;
            if t.rank_masks.len() <= r {
                t.rank_masks.resize(r + 1, 0);
            }
            if let Some(m) = t.rank_masks.get_mut(r) {
                *m |= 1u64 << i;
            }
        }
        for (ci, contract) in v.contracts.iter().enumerate() {
            let slots = t.push_contract_tables(v, ci, contract, contract.plain_order);
            t.by_contract.push(slots);
        }
        // `order-if-called`: a second table per contract, after every contract's own, so the
        // others keep their places
        for (ci, contract) in v.contracts.iter().enumerate() {
            let alt = contract
                .order_if_called
                .map(|(_, o)| t.push_contract_tables(v, ci, contract, o)[MAX_SUITS]);
            t.if_called.push(alt);
        }
        Ok(t)
    }

    /// Compiles the play tables of one contract, with `plain_order_id` for the order of its
    /// plain suits (the contract's own, or its `order-if-called` one), onto `play`; gives the
    /// slots by trump suit (`by_contract`).
    fn push_contract_tables(
        &mut self,
        v: &Variant,
        ci: usize,
        contract: &crate::model::Contract,
        plain_order_id: usize,
    ) -> [usize; MAX_SUITS + 1] {
        let t = self;
        let n_ranks = v.ranks.len();
        let plain_order = strengths(v.orders.get(plain_order_id), n_ranks);
        let trump_order = match contract.trump_order {
            Some(o) => strengths(v.orders.get(o), n_ranks),
            None => plain_order.clone(),
        };
        let plain_points = contract.plain_points.and_then(|p| v.points.get(p));
        let trump_points = contract.trump_points.and_then(|p| v.points.get(p)).or(plain_points);
        let counts = plain_points.is_some() || trump_points.is_some();
        let mut slots = [usize::MAX; MAX_SUITS + 1];
        let trumps: Vec<Option<SuitId>> = if contract.trumps {
            (0..t.n_suits).map(Some).chain([None]).collect()
        } else {
            vec![None]
        };
        // `trump-cards`: trumps wherever their suit, highest first, above the trump suit
        let mut trump_cards = 0u64;
        let mut card_rank = [0u8; MAX_CARDS];
        let n_trump_cards = contract.trump_cards.len();
        for (k, tc) in contract.trump_cards.iter().enumerate() {
            if let Some(id) = t.card(tc.suit, tc.rank) {
                trump_cards |= 1u64 << id;
                card_rank[id as usize & (MAX_CARDS - 1)] = (n_trump_cards - k).min(u8::MAX as usize) as u8;
            }
        }
        let duties = contract.duties;
        for trump in trumps {
            let suit_trumps = trump.map(|s| t.suit_mask[s as usize & (MAX_SUITS - 1)]).unwrap_or(0);
            let trump_mask = suit_trumps | trump_cards;
            let mut pt = PlayTable {
                contract: ci,
                trump,
                trump_mask,
                beats: [0; MAX_CARDS],
                suit_masks: [0; MAX_CARDS],
                points: [0; MAX_CARDS],
                counts_points: counts,
                last_trick: if counts { v.last_trick } else { 0 },
                void_trumps: if duties.trump_when_void { trump_mask } else { 0 },
                beat_duty: duties.overtrump || duties.head != Head::Never,
                overtrump: duties.overtrump,
                head: duties.head,
            };
            // a card's strength within the cards it competes with (its suit, or the trumps):
            // a trump card above every card of the trump suit, by its place in the list
            let strength = |i: usize| -> u16 {
                let r = t.rank_of[i] as usize;
                if trump_cards & (1u64 << i) != 0 {
                    return 0x100 + card_rank[i & (MAX_CARDS - 1)] as u16;
                }
                let table = if suit_trumps & (1u64 << i) != 0 {
                    &trump_order
                } else {
                    &plain_order
                };
                table.get(r).copied().unwrap_or(0) as u16
            };
            for i in 0..v.cards.len() {
                let is_trump = trump_mask & (1u64 << i) != 0;
                // the cards that follow when `i` is led: the trumps, or its suit without
                // the trump cards (which belong to the trumps)
                let suit = if is_trump {
                    trump_mask
                } else {
                    t.suit_mask[t.suit_of[i] as usize & (MAX_SUITS - 1)] & !trump_cards
                };
                let mut m = 0u64;
                let mut rest = suit;
                while rest != 0 {
                    let d = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if strength(d) > strength(i) {
                        m |= 1u64 << d;
                    }
                }
                if !is_trump {
                    m |= trump_mask;
                }
                pt.beats[i] = m;
                pt.suit_masks[i] = suit;
                // card points stay with the card's own suit, a trump card's too
                pt.points[i] = if suit_trumps & (1u64 << i) != 0 {
                    rank_points(trump_points, t.rank_of[i])
                } else {
                    rank_points(plain_points, t.rank_of[i])
                };
            }
            let slot = trump.map(|s| s as usize).unwrap_or(MAX_SUITS);
            if let Some(x) = slots.get_mut(slot) {
                *x = t.play.len();
            }
            t.play.push(pt);
        }
        slots
    }

    /// The play table of a contract with a trump suit (ignored when the contract has none).
    pub fn table(&self, contract: ContractId, trump: Option<SuitId>) -> Option<&PlayTable> {
        let slots = self.by_contract.get(contract)?;
        let idx = trump
            .and_then(|s| slots.get(s as usize).copied())
            .filter(|i| *i != usize::MAX)
            .unwrap_or(slots[MAX_SUITS]);
        self.play.get(idx)
    }

    /// The index into `play` of contract `contract`'s `order-if-called` table, when the called
    /// card `called` has its rank.
    pub fn table_if_called(&self, contract: ContractId, called: Option<u8>, rank: Option<RankId>) -> Option<usize> {
        let (card, rank) = (called?, rank?);
        (self.rank_of[card as usize & (MAX_CARDS - 1)] == rank)
            .then(|| self.if_called.get(contract).copied().flatten())
            .flatten()
    }

    /// The index into `play` of that table (see `table`).
    pub fn table_index(&self, contract: ContractId, trump: Option<SuitId>) -> Option<usize> {
        let slots = self.by_contract.get(contract)?;
        let idx = trump
            .and_then(|s| slots.get(s as usize).copied())
            .filter(|i| *i != usize::MAX)
            .unwrap_or(slots[MAX_SUITS]);
        (idx < self.play.len()).then_some(idx)
    }

    /// The id of the card of this suit and rank.
    pub fn card(&self, suit: SuitId, rank: RankId) -> Option<u8> {
        let m = self.suit_mask.get(suit as usize).copied().unwrap_or(0) & self.rank_mask(rank);
        (m != 0).then(|| m.trailing_zeros() as u8)
    }

    /// The suit of a card (`MAX_SUITS` bounds the index).
    #[inline]
    pub fn suit(&self, card: u8) -> SuitId {
        self.suit_of[card as usize & (MAX_CARDS - 1)]
    }

    /// The cards a selector means under a trump suit: `trump.7` is empty without trumps.
    pub fn sel_mask(&self, sel: &CardSel, trump: Option<SuitId>) -> u64 {
        let ranks = self.rank_mask(sel.rank);
        match sel.suit {
            SuitSel::Any => ranks,
            SuitSel::Suit(s) => ranks & self.suit_mask.get(s as usize).copied().unwrap_or(0),
            SuitSel::Trump => match trump {
                Some(s) => ranks & self.suit_mask.get(s as usize).copied().unwrap_or(0),
                None => 0,
            },
        }
    }

    /// Every card of a rank.
    #[inline]
    pub fn rank_mask(&self, rank: RankId) -> u64 {
        self.rank_masks.get(rank as usize).copied().unwrap_or(0)
    }
}

/// Iterates the card ids of a mask, lowest first.
pub fn cards(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(c)
        }
    })
}

/// Figure announcement lookups as masks over figure ids: which figures each contract admits
/// front and back, which only the declarer may announce, and the ladder restrictions.
#[derive(Debug, Clone, Default)]
pub struct FigureTables {
    pub front: Vec<u64>,
    pub back: Vec<u64>,
    pub declarer_only: u64,
    /// The figures announced only in the announcer's first turn of a round (`announce-turn first`).
    pub first_turn_only: u64,
    /// The figures with card requirements (`requires`).
    pub requires: u64,
    /// `requires_cards[f][t]`: every card figure `f` requires, together, under the trump state
    /// `t` (a suit id, `MAX_SUITS` while no trump is fixed); `None` when one of its selectors
    /// names no card then (a trump card without a trump), so that it cannot be met. Filled by
    /// `compile_requirements` once the card tables exist.
    pub requires_cards: Vec<[Option<u64>; MAX_SUITS + 1]>,
    /// The figures that multiply the game instead of being items of their own.
    pub game_multipliers: u64,
    /// The figures a call on the game doubles with it (`game-includes`), when calling is played.
    pub game_includes: u64,
    /// `not_after[f]`: figures that, once announced by a player, forbid him `f` (itself, and
    /// every figure at or above `f` on a ladder).
    pub not_after: Vec<u64>,
    /// `not_same_round[f]`: ladder-mates that may not share a round with `f`.
    pub not_same_round: Vec<u64>,
    /// The same two relations read the other way: `blocks_after[g]` holds every `f` whose
    /// `not_after` holds `g`, so the figures a player's announcements forbid are found by going
    /// over what he said (a few) rather than over every figure.
    pub blocks_after: Vec<u64>,
    pub blocks_same_round: Vec<u64>,
    /// The figures that score made unannounced (`unannounced V`) and those that replace the
    /// game (`replaces-game`): scoring looks for them only when there are any.
    pub unannounced: u64,
    pub replaces_game: u64,
}

impl FigureTables {
    /// `requires_cards`, from the card tables: each selector's cards under each trump state.
    pub fn compile_requirements(&mut self, v: &Variant, t: &Tables) {
        self.requires_cards = v
            .figures
            .iter()
            .map(|fig| {
                std::array::from_fn(|state| {
                    let trump = (state < MAX_SUITS).then_some(state as SuitId);
                    fig.requires.iter().try_fold(0u64, |all, sel| {
                        let m = t.sel_mask(sel, trump);
                        (m != 0).then_some(all | m)
                    })
                })
            })
            .collect();
    }

    pub fn compile(v: &Variant) -> Result<FigureTables, CompileError> {
        if v.figures.len() > 64 {
            return Err(CompileError::Figures(v.figures.len()));
        }
        let mut t = FigureTables {
            front: vec![0; v.contracts.len()],
            back: vec![0; v.contracts.len()],
            declarer_only: 0,
            first_turn_only: 0,
            requires: 0,
            requires_cards: Vec::new(),
            game_multipliers: 0,
            game_includes: v
                .calling
                .as_ref()
                .filter(|c| c.scope != crate::model::CallScope::Off)
                .map(|c| {
                    c.game_includes
                        .iter()
                        .fold(0u64, |m, &f| m | 1u64.checked_shl(f as u32).unwrap_or(0))
                })
                .unwrap_or(0),
            not_after: (0..v.figures.len()).map(|f| 1u64 << f).collect(),
            not_same_round: vec![0; v.figures.len()],
            blocks_after: vec![0; v.figures.len()],
            blocks_same_round: vec![0; v.figures.len()],
            unannounced: 0,
            replaces_game: 0,
        };
        for (f, fig) in v.figures.iter().enumerate() {
            if fig.unannounced.is_some() {
                t.unannounced |= 1u64 << f;
            }
            if fig.replaces_game {
                t.replaces_game |= 1u64 << f;
            }
            for &c in &fig.contracts {
                if let (Some(fr), Some(bk)) = (t.front.get_mut(c), t.back.get_mut(c)) {
                    if fig.front.is_some() {
                        *fr |= 1u64 << f;
                    }
                    if fig.back.is_some() {
                        *bk |= 1u64 << f;
                    }
                }
            }
            if fig.declarer_only {
                t.declarer_only |= 1u64 << f;
            }
            if fig.first_turn_only {
                t.first_turn_only |= 1u64 << f;
            }
            if !fig.requires.is_empty() || fig.requires_exchanged.is_some() {
                t.requires |= 1u64 << f;
            }
            if fig.multiplies_game {
                t.game_multipliers |= 1u64 << f;
            }
        }
        for ladder in &v.figure_ladders {
            for (i, &f) in ladder.figures.iter().enumerate() {
                let at_or_above = ladder
                    .figures
                    .iter()
                    .skip(i)
                    .fold(0u64, |m, &g| m | 1u64.checked_shl(g as u32).unwrap_or(0));
                let mates = ladder
                    .figures
                    .iter()
                    .filter(|&&g| g != f)
                    .fold(0u64, |m, &g| m | 1u64.checked_shl(g as u32).unwrap_or(0));
                if let Some(x) = t.not_after.get_mut(f) {
                    *x |= at_or_above;
                }
                if ladder.same_round_forbidden {
                    if let Some(x) = t.not_same_round.get_mut(f) {
                        *x |= mates;
                    }
                }
            }
        }
        for (f, (after, round)) in t.not_after.iter().zip(&t.not_same_round).enumerate() {
            for (g, (ba, br)) in t
                .blocks_after
                .iter_mut()
                .zip(t.blocks_same_round.iter_mut())
                .enumerate()
            {
                if after & (1u64 << g) != 0 {
                    *ba |= 1u64 << f;
                }
                if round & (1u64 << g) != 0 {
                    *br |= 1u64 << f;
                }
            }
        }
        Ok(t)
    }
}
