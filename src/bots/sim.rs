//! Simulation with random legal bots: takes compiled `Rules`, a number of hands and a seed,
//! gives a `Summary` (contract mix, declarer results per contract, figure rates, payments per
//! seat, written paper totals and robbers, the sessions of a balance). Hands run in parallel with rayon; hand i draws from the stream (seed, i), so the
//! result does not depend on the thread count.

use crate::engine::core::game::{Action, Game, Phase};
use crate::engine::core::rng::{below, hand_rng, random_card, HandRng};
use crate::engine::melds::MeldCall;
use crate::engine::Rules;
use rayon::prelude::*;
use std::sync::Arc;

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ContractStats {
    pub name: String,
    pub played: u64,
    /// With a partner (`sides` other than the declarer alone), "declarer" means the declarer's
    /// side: won and lost count the side's results.
    pub declarer_won: u64,
    pub declarer_lost: u64,
    /// Only for a contract whose declarer may have a partner: the hands he played alone (his
    /// own card called, or the card that makes the partner never played to him). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer_alone: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FigureStats {
    pub name: String,
    pub announced: u64,
    pub won: u64,
}

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub hands: u64,
    pub seed: u64,
    pub redeals: u64,
    pub contracts: Vec<ContractStats>,
    pub figures: Vec<FigureStats>,
    /// Sum of payments per table seat (zero-sum per hand, so the sum is zero).
    pub total_payment: Vec<i64>,
    pub mean_payment: Vec<f64>,
    /// Hands whose payments did not sum to zero, or with `each-scores` to what the players
    /// scored for themselves (should be none).
    pub non_zero_sum: u64,
    pub cards_played: u64,
    /// Written (paper) scores per table seat, summed (`paper::written`).
    pub paper_total: Vec<i64>,
    /// Robbers completed, each chunk of 256 hands counted as a session of its own.
    pub robbers: u64,
    /// With `scoring { session ... }`: the sessions of the balance (`engine/session/`). Absent
    /// otherwise, so the summaries of other rules are what they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<crate::engine::session::SessionStats>,
    /// Hands in which a bot took an action the rules refused (the hand stopped there). Left
    /// out of the JSON when none, as the random bots never do.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub illegal: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Summary {
    fn empty(rules: &Rules, seed: u64) -> Summary {
        let v = &rules.variant;
        Summary {
            seed,
            contracts: v
                .contracts
                .iter()
                .map(|c| ContractStats {
                    name: c.name.clone(),
                    declarer_alone: c.sides.with_partner().then_some(0),
                    ..Default::default()
                })
                .collect(),
            figures: v
                .figures
                .iter()
                .map(|f| FigureStats {
                    name: f.name.clone(),
                    ..Default::default()
                })
                .collect(),
            total_payment: vec![0; v.players as usize],
            paper_total: vec![0; v.players as usize],
            session: crate::engine::session::Balance::of_variant(v).map(|_| Default::default()),
            ..Default::default()
        }
    }

    fn add(&mut self, g: &Game) {
        self.hands += 1;
        self.cards_played += g.cards_played() as u64;
        let Some(s) = g.result() else { return };
        if s.redeal {
            self.redeals += 1;
            return;
        }
        if let Some(c) = s.contract.and_then(|c| self.contracts.get_mut(c)) {
            c.played += 1;
            match s.items.first().and_then(|i| i.won) {
                Some(true) if s.declarer.is_some() => c.declarer_won += 1,
                Some(false) if s.declarer.is_some() => c.declarer_lost += 1,
                _ => {}
            }
            if let Some(alone) = c.declarer_alone.as_mut() {
                *alone += (s.declarer.is_some() && g.partner().is_none()) as u64;
            }
        }
        // figures made unannounced are not announcements: the summary counts the announced
        for item in s.items.iter().skip(1).filter(|i| !i.unannounced) {
            if let Some(f) = item.figure.and_then(|f| self.figures.get_mut(f)) {
                f.announced += 1;
                f.won += (item.won == Some(true)) as u64;
            }
        }
        let w = crate::engine::session::paper::written(&g.rules().variant.scoring, s);
        for (t, p) in self.paper_total.iter_mut().zip(w.iter()) {
            *t = t.saturating_add(*p);
        }
        // a sum that would overflow is not a sum to zero: counted, not wrapped
        let mut sum = Some(0i64);
        for (t, p) in self.total_payment.iter_mut().zip(s.payments.iter()) {
            *t = t.saturating_add(*p);
            sum = sum.and_then(|v| v.checked_add(*p));
        }
        if sum != Some(s.own_scores) || s.payments.iter().skip(self.total_payment.len()).any(|p| *p != 0) {
            self.non_zero_sum += 1;
        }
    }

    /// Adds `o`'s counts to these (the two must come from the same rules); the means are left
    /// for `finish`. Every count is an integer sum, so any order of merging gives the same.
    pub fn merge(mut self, o: Summary) -> Summary {
        self.hands += o.hands;
        self.redeals += o.redeals;
        self.non_zero_sum += o.non_zero_sum;
        self.cards_played += o.cards_played;
        self.robbers += o.robbers;
        self.illegal += o.illegal;
        for (a, b) in self.paper_total.iter_mut().zip(o.paper_total) {
            *a = a.saturating_add(b);
        }
        for (a, b) in self.contracts.iter_mut().zip(o.contracts) {
            a.played += b.played;
            a.declarer_won += b.declarer_won;
            a.declarer_lost += b.declarer_lost;
            if let (Some(x), Some(y)) = (a.declarer_alone.as_mut(), b.declarer_alone) {
                *x += y;
            }
        }
        for (a, b) in self.figures.iter_mut().zip(o.figures) {
            a.announced += b.announced;
            a.won += b.won;
        }
        for (a, b) in self.total_payment.iter_mut().zip(o.total_payment) {
            *a = a.saturating_add(b);
        }
        self.session = match (self.session, o.session) {
            (Some(a), Some(b)) => Some(a.merge(&b)),
            (a, b) => a.or(b),
        };
        self
    }
}

/// One random legal action: cards on the fast path; in announcement turns the quiet choice
/// (pass, or a card during trick 1) with probability 3/4, otherwise a random call; a meld it may
/// call (its true melds: only those are legal) it calls with probability 7/8 at each step of its
/// turn, and it exchanges with probability 7/8 when it may, then discards at random.
///
/// The announcement, trick-1 and exchange turns draw straight from the state's masks (the calls
/// open are counted and one is picked, `Game::say_options`); the other phases draw from
/// `legal_actions`. Every choice is a legal action of the state, with the same odds.
pub fn random_step(g: &mut Game, rng: &mut HandRng, buf: &mut Vec<Action>) -> bool {
    if g.play_random_card(rng) {
        return true;
    }
    let phase = g.phase();
    match phase {
        Phase::Play if g.claim_open() && claim_turn(g, rng) => true,
        Phase::Play if g.contract_raise_open() && raise_turn(g, rng) => true,
        Phase::Front | Phase::Back | Phase::Play => talk_step(g, rng),
        Phase::Exchange => exchange_step(g, rng),
        _ => listed_step(g, rng, buf),
    }
}

/// An announcement turn (the front or back round, or trick 1 with its announcements): a meld
/// with probability 7/8 when one is open, then the quiet choice with probability 3/4 (or when
/// nothing may be said), else a random figure or doubling level.
#[inline(always)]
fn talk_step(g: &mut Game, rng: &mut HandRng) -> bool {
    let phase = g.phase();
    if phase != Phase::Front {
        // the sequence first, else the first open set row
        let meld = match g.open_melds() {
            (Some(row), _) => Some(MeldCall::Sequence(row)),
            (None, 0) => g.open_marriage_call(),
            (None, sets) => Some(MeldCall::Set(sets.trailing_zeros() as u8)),
        };
        if let Some(m) = meld {
            if below(rng, 8) != 0 {
                g.apply_talk(Action::Meld(m));
                return true;
            }
        }
    }
    let in_play = phase == Phase::Play;
    let cards = if in_play { g.cards_to_play() } else { 0 };
    let has_quiet = !in_play || cards != 0;
    let may_say = !in_play || g.trick_one_talk();
    let want_quiet = below(rng, 4) != 0;
    if may_say && (!want_quiet || !has_quiet) {
        let options = g.say_options(phase == Phase::Front);
        let n = options.count();
        if let Some(a) = (n > 0).then(|| options.nth(below(rng, n))).flatten() {
            g.apply_talk(a);
            return true;
        }
    }
    if !has_quiet {
        return false;
    }
    let quiet = if in_play {
        Action::Play(random_card(rng, cards))
    } else {
        Action::Pass
    };
    g.apply_talk(quiet);
    true
}

/// The declarer's turn in a contract with claims: a claim that cannot fail he always makes;
/// otherwise he claims with probability 1/64 and concedes with probability 1/64 (when the
/// contract allows each), so that random hands meet failed claims and concessions without
/// being dominated by them; else (false) the turn goes on as `talk_step`, which the caller
/// calls: one call site of `talk_step` per loop keeps it inlined into the hot loop.
fn claim_turn(g: &mut Game, rng: &mut HandRng) -> bool {
    let (claim, concede) = g.claim_kinds();
    if claim && g.claim_is_certain() {
        g.apply_legal(Action::ClaimRest);
        return true;
    }
    match below(rng, 64) {
        0 if claim => g.apply_legal(Action::ClaimRest),
        1 if concede => g.apply_legal(Action::ConcedeRest),
        _ => return false,
    }
    true
}

/// The called partner's turn in trick 1 with a raise open (`raise.rs`): he raises with
/// probability 1/4 to a random allowed contract; else (false) the turn goes on as `talk_step`.
fn raise_turn(g: &mut Game, rng: &mut HandRng) -> bool {
    if below(rng, 4) != 0 {
        return false;
    }
    match g.raise_option(|n| below(rng, n)) {
        Some(a) => {
            g.apply_legal(a);
            true
        }
        None => false,
    }
}

/// The talon exchange: the holder exchanges with probability 7/8, then discards random legal
/// cards; every other position passes, drawing nothing (its pass is forced, and the random
/// hands stay those of the stream before every position was asked).
fn exchange_step(g: &mut Game, rng: &mut HandRng) -> bool {
    let a = if !g.exchange_choice_open() && g.discardable() == 0 {
        Action::Pass
    } else if !g.exchange_state().exchanged {
        if below(rng, 8) != 0 {
            Action::Exchange
        } else {
            Action::Pass
        }
    } else {
        let m = g.discardable();
        if m == 0 {
            return false;
        }
        Action::Discard(random_card(rng, m))
    };
    g.apply_in_exchange(a);
    true
}

/// The other phases (bidding, calling, the switch): a random action of the legal list, the
/// quiet one (pass or play on) with probability 3/4 in the calling round when both kinds are open.
fn listed_step(g: &mut Game, rng: &mut HandRng, buf: &mut Vec<Action>) -> bool {
    // a round of one call or pass: the list's two actions, drawn as from the list
    if let Some(pair) = g.call_or_pass() {
        g.apply_in_bidding(pair[below(rng, 2) as usize & 1]);
        return true;
    }
    g.legal_actions_into(buf);
    if buf.is_empty() {
        return false;
    }
    if let Some(m) = buf
        .iter()
        .find(|a| matches!(a, Action::Meld(_) | Action::Exchange))
        .copied()
    {
        if below(rng, 8) != 0 {
            g.apply_legal(m);
            return true;
        }
        if m == Action::Exchange {
            g.apply_legal(Action::Pass);
            return true;
        }
        buf.retain(|a| !matches!(a, Action::Meld(_)));
    }
    let choice = listed_choice(buf, g.phase(), rng);
    match choice {
        Some(a) => {
            g.apply_legal(a);
            true
        }
        None => false,
    }
}

/// The random bots' pick among listed actions (the engine's `listed_step` and the trait's
/// random bot both): where one may talk, a quiet action (pass, a card, play on) with probability
/// 3/4 when both quiet and loud ones are open, else any listed action, each as likely. One
/// definition, so that the two draw the same numbers for the same list.
pub(crate) fn listed_choice(buf: &[Action], phase: Phase, rng: &mut HandRng) -> Option<Action> {
    let talk = matches!(
        phase,
        Phase::Front | Phase::Back | Phase::Play | Phase::Call | Phase::Switch
    );
    let quiet = |a: &Action| matches!(a, Action::Pass | Action::Play(_) | Action::PlayOn);
    let n_quiet = buf.iter().filter(|a| quiet(a)).count() as u32;
    let n_loud = buf.len() as u32 - n_quiet;
    if talk && n_quiet > 0 && n_loud > 0 {
        let want_quiet = below(rng, 4) != 0;
        let k = below(rng, if want_quiet { n_quiet } else { n_loud }) as usize;
        buf.iter().filter(|a| quiet(a) == want_quiet).nth(k).copied()
    } else {
        buf.get(below(rng, buf.len() as u32) as usize).copied()
    }
}

/// Plays hand `index` of a run with random bots: the dealer rotates, the deal and every choice
/// come from the stream (seed, index).
pub fn random_hand(rules: &Arc<Rules>, seed: u64, index: u64, buf: &mut Vec<Action>) -> Game {
    let mut rng = hand_rng(seed, index);
    let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
    let mut g = Game::from_deal(Arc::clone(rules), hand_dealer(rules, index), deal);
    play_out(&mut g, &mut rng, buf);
    g
}

/// `random_hand` played in an existing `Game` of the same rules (`Game::redeal`): the same hand,
/// without allocating.
pub fn random_hand_in(g: &mut Game, seed: u64, index: u64, buf: &mut Vec<Action>) {
    let mut rng = hand_rng(seed, index);
    let dealer = hand_dealer(g.rules(), index);
    g.redeal_random(dealer, &mut rng);
    play_out(g, &mut rng, buf);
}

/// The dealer of hand `index`: the deal rotates.
pub fn hand_dealer(rules: &Rules, index: u64) -> crate::engine::Seat {
    crate::engine::Seat((index % rules.variant.players.max(1) as u64) as u8)
}

/// Random legal actions until the hand is over: the actions `random_step` would take, step for
/// step (the test `play_out_takes_the_steps_of_random_step` holds it to that).
fn play_out(g: &mut Game, rng: &mut HandRng, buf: &mut Vec<Action>) {
    while !g.is_over() {
        // as `random_step`, without asking twice for a card-only state in the play: cards alone
        // go by the fast path, and a turn of trick 1 with its calls by `talk_step`
        let phase = g.phase();
        if phase == Phase::Play && g.play_random_cards(rng) > 0 {
            continue;
        }
        let stepped = match phase {
            Phase::Play if g.claim_open() && claim_turn(g, rng) => true,
            Phase::Play if g.contract_raise_open() && raise_turn(g, rng) => true,
            Phase::Play | Phase::Front | Phase::Back => talk_step(g, rng),
            Phase::Exchange => exchange_step(g, rng),
            _ => listed_step(g, rng, buf),
        };
        if !stepped {
            break;
        }
    }
}

/// Plays `hands` random hands; the same seed gives the same summary at any thread count.
pub fn simulate(rules: &Arc<Rules>, hands: u64, seed: u64) -> Summary {
    simulate_with_progress(rules, hands, seed, &|_| {})
}

/// `simulate`, calling `done(n)` after each chunk of `n` hands (from the worker threads, in any
/// order) so that a caller can show progress; the results do not depend on it.
pub fn simulate_with_progress(rules: &Arc<Rules>, hands: u64, seed: u64, done: &(dyn Fn(u64) + Sync)) -> Summary {
    simulate_shard(rules, hands, seed, Shard::WHOLE, done)
}

/// Hands run in chunks of this many: each chunk is a session of its own for the robbers, so a
/// shard is a run of whole chunks.
pub const CHUNK: u64 = 256;

/// Shard `index` of `of` (1-based) of a run: the chunks of 256 hands it plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub of: u64,
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 1, of: 1 };

    /// The hands of this shard of a run of `hands`: whole chunks, the shards as even as chunks
    /// allow (a shard past the last chunk plays none). Empty for an index outside 1..=of.
    pub fn hands(self, hands: u64) -> std::ops::Range<u64> {
        if self.index == 0 || self.index > self.of {
            return 0..0;
        }
        let chunks = hands.div_ceil(CHUNK) as u128;
        let bound = |k: u64| ((chunks * k as u128 / self.of as u128) as u64 * CHUNK).min(hands);
        bound(self.index - 1)..bound(self.index)
    }
}

/// `simulate_with_progress` for the hands of one shard of a run of `hands`: hand i is the hand
/// i of the whole run, so `finish` over the merged shards gives what one run gives.
pub fn simulate_shard(rules: &Arc<Rules>, hands: u64, seed: u64, shard: Shard, done: &(dyn Fn(u64) + Sync)) -> Summary {
    simulate_shard_by(rules, hands, seed, shard, done, &|| {
        let mut buf = Vec::with_capacity(64);
        move |g: &mut Game, i: u64| {
            random_hand_in(g, seed, i, &mut buf);
            true
        }
    })
}

/// `simulate_shard` with other players: each chunk of hands gets its own player from `player`
/// (so it may keep buffers or bots), which plays hand `i` of the run in the chunk's `Game`
/// and says whether every action it took was legal (a hand where one was not counts in
/// `Summary::illegal`). The random bots' player is monomorphised into the loop.
pub fn simulate_shard_by<P, F>(
    rules: &Arc<Rules>,
    hands: u64,
    seed: u64,
    shard: Shard,
    done: &(dyn Fn(u64) + Sync),
    player: &F,
) -> Summary
where
    P: FnMut(&mut Game, u64) -> bool,
    F: Fn() -> P + Sync,
{
    let range = shard.hands(hands);
    let (first, last) = (range.start / CHUNK, range.end.div_ceil(CHUNK));
    let s = (first..last)
        .into_par_iter()
        .map(|c| {
            let mut part = Summary::empty(rules, seed);
            let mut play = player();
            let mut paper = crate::engine::session::paper::Paper::new(&rules.variant.scoring, rules.variant.players);
            // the session balance runs within the chunk, so that a shard plays whole sessions
            let mut balance = crate::engine::session::Balance::of_variant(&rules.variant);
            // one game for the chunk, dealt anew for each hand (`random_hand_in` plays the hand
            // `random_hand` would); the summary reads the state and the sheet, not the history
            let mut g = Game::new(Arc::clone(rules), crate::engine::Seat(0), seed);
            g.set_keep_history(false);
            for i in c * CHUNK..((c + 1) * CHUNK).min(range.end) {
                if !play(&mut g, i) {
                    part.illegal += 1;
                }
                part.add(&g);
                if let Some(s) = g.result().filter(|s| !s.redeal) {
                    part.robbers += paper.add(s).is_some() as u64;
                    if let (Some(b), Some(st)) = (balance.as_mut(), part.session.as_mut()) {
                        st.add_hand(b, &s.payments);
                    }
                }
            }
            if let (Some(b), Some(st)) = (balance.as_mut(), part.session.as_mut()) {
                st.close(b);
            }
            done(((c + 1) * CHUNK).min(range.end) - c * CHUNK);
            part
        })
        .reduce(|| Summary::empty(rules, seed), Summary::merge);
    finish(s, seed)
}

/// The summary's seed and means, from its sums: the last step of a run, and of `merge`.
pub fn finish(mut s: Summary, seed: u64) -> Summary {
    s.seed = seed;
    s.mean_payment = s
        .total_payment
        .iter()
        .map(|t| if s.hands > 0 { *t as f64 / s.hands as f64 } else { 0.0 })
        .collect();
    if let Some(st) = s.session.as_mut() {
        st.finish();
    }
    s
}

/// The play phase alone, as the yardstick measures it: a shuffled deal by the plan, a random
/// trump suit of a trump contract (if any), random legal cards from forehand; gives the card
/// points per position. The stream is the caller's.
pub fn random_playout(
    rules: &Rules,
    contract: usize,
    rng: &mut HandRng,
    leader: u8,
) -> [i32; crate::engine::compile::tables::MAX_SEATS] {
    let t = &rules.tables;
    let deal = rules.deal_plan.deal_random(t, rng);
    let trump = if rules.variant.contracts.get(contract).is_some_and(|c| c.trumps) {
        Some(below(rng, t.n_suits as u32) as u8)
    } else {
        None
    };
    let Some(pt) = t.table(contract, trump) else {
        return [0; crate::engine::compile::tables::MAX_SEATS];
    };
    if pt.beat_duty {
        playout_cards::<true>(&deal, pt, rng, leader)
    } else {
        playout_cards::<false>(&deal, pt, rng, leader)
    }
}

/// Random legal cards from `leader` to the end of the play of `deal` under a table whose
/// `beat_duty` is `DUTY`; gives the card points per position. Each version is a function of its
/// own with its own `Play`: the duty's out-of-line `beating` takes the play by reference, and a
/// play whose address escapes anywhere in a function lives in memory in all of it, so the
/// version without the duty would load and store every field per card (the play phase ran 25%
/// slower so).
#[inline(never)]
fn playout_cards<const DUTY: bool>(
    deal: &crate::engine::core::deal::Deal,
    pt: &crate::engine::compile::tables::PlayTable,
    rng: &mut HandRng,
    leader: u8,
) -> [i32; crate::engine::compile::tables::MAX_SEATS] {
    let mut p = crate::engine::play::Play::new(deal.n, &deal.hands, leader);
    while !p.is_over() {
        let m = p.legal_as::<DUTY>(pt);
        if m == 0 {
            break;
        }
        p.place(pt, random_card(rng, m));
    }
    p.points
}
