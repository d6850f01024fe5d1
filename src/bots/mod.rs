//! Bots: takes one seat's view of a hand (`View`: what that seat may see, nothing more) and a
//! seeded stream, gives the seat's action (`Bot`); `play_hand` plays a whole hand of a run with
//! a `BotSet`, reproducibly from (seed, hand index) at any thread count.
//!
//! The rule a bot keeps: it reads the hand only through `View`, which offers the seat's own
//! cards, the public record (cards played, the trick, announcements, the contract, the side
//! the seat knows it is on) and the compiled rules, never another seat's hidden cards.
//! docs/ARCHITECTURE.md ("The hand's API") and docs/bots.md say the same.

mod cardplay;
pub mod duplicate;
mod figure_aims;
pub mod heuristic;
mod pimc_bot;
pub mod random;
pub mod sampled;
pub mod sim;
pub mod strength;

pub use pimc_bot::PimcBot;
pub use sampled::{CardPlay, SampledBot, SampledOptions};

use crate::bots::sim::{hand_dealer, random_hand_in};
use crate::engine::game::{Announced, Levels};
use crate::engine::rng::{hand_rng, HandRng};
use crate::engine::{Action, Game, IllegalAction, Observation, Phase, PlayTable, Pos, Rules, Seat};
use crate::model::ContractId;

/// A player: asked for its seat's action whenever that seat is to act.
pub trait Bot: Send {
    /// The kind's name, as `--bots` spells it and the JSON reports it.
    fn name(&self) -> &'static str;
    /// The action of `view`'s seat now; it must be one of `view.legal_actions_into`'s. Every
    /// random choice draws from `rng` (the hand's stream), so a hand replays from its seed.
    fn act(&mut self, view: &View<'_>, rng: &mut HandRng) -> Action;
    /// A new hand begins (for a bot that keeps memory within a hand).
    fn start_hand(&mut self) {}
    /// Whether this bot is today's random bot, so that a set made only of them may take the
    /// engine's random fast path (`sim::random_hand_in`, the same hands the trait would not
    /// give draw for draw, and several times faster).
    fn is_fast_random(&self) -> bool {
        false
    }
    /// Whether this bot reads the hand's history (the cards played in order): `play_hand`
    /// then keeps it even in a run that does not (`simulate`'s games keep none).
    fn needs_history(&self) -> bool {
        false
    }
}

/// The bots a run knows, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Heuristic,
    Pimc,
    /// Every non-card decision valued by sampled worlds (`sampled.rs`), heuristic cards.
    Sampled,
    /// The same with pimc's cards.
    SampledPimc,
}

impl BotKind {
    pub const ALL: [BotKind; 5] = [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Pimc,
        BotKind::Sampled,
        BotKind::SampledPimc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Pimc => "pimc",
            BotKind::Sampled => "sampled",
            BotKind::SampledPimc => "sampled-pimc",
        }
    }

    /// The kind spelt `name` (as `--bots` takes it).
    pub fn parse(name: &str) -> Option<BotKind> {
        BotKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A new bot of this kind.
    pub fn make(self) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(random::RandomBot::default()),
            BotKind::Heuristic => Box::new(heuristic::HeuristicBot::default()),
            BotKind::Pimc => Box::new(PimcBot::default()),
            BotKind::Sampled => Box::new(SampledBot::default()),
            BotKind::SampledPimc => Box::new(SampledBot::with_options(SampledOptions {
                cards: CardPlay::Pimc,
                ..SampledOptions::default()
            })),
        }
    }
}

/// One bot per table seat, and a buffer the random fast path reuses.
pub struct BotSet {
    bots: Vec<Box<dyn Bot>>,
    buf: Vec<Action>,
    /// Whether a set of random bots only may take the engine's fast path.
    fast_path: bool,
}

impl BotSet {
    /// The given bots, the first for table seat 0 and so on.
    pub fn new(bots: Vec<Box<dyn Bot>>) -> BotSet {
        BotSet {
            bots,
            buf: Vec::with_capacity(64),
            fast_path: true,
        }
    }

    /// This set always asking its bots through the trait, random ones too: a comparison of
    /// bot sets then plays the same random bot wherever one sits (the fast path's random
    /// hands are not draw for draw the trait's).
    pub fn stepped(mut self) -> BotSet {
        self.fast_path = false;
        self
    }

    /// A bot of `kind` at each of `seats` table seats.
    pub fn uniform(kind: BotKind, seats: u8) -> BotSet {
        BotSet::new((0..seats).map(|_| kind.make()).collect())
    }

    /// A bot of `kinds[i]` at table seat `i`.
    pub fn of_kinds(kinds: &[BotKind]) -> BotSet {
        BotSet::new(kinds.iter().map(|k| k.make()).collect())
    }

    /// The names of the bots, by table seat.
    pub fn names(&self) -> Vec<&'static str> {
        self.bots.iter().map(|b| b.name()).collect()
    }

    fn all_fast_random(&self) -> bool {
        self.fast_path && self.bots.iter().all(|b| b.is_fast_random())
    }
}

/// Actions a hand may take before `play_hand` calls it stuck: far above any bundled game's
/// (a few hundred at most), so only a bot that loops reaches it.
const MAX_ACTIONS: usize = 10_000;

/// Plays hand `index` of a run in `g` (a `Game` of the run's rules, reused from hand to hand):
/// the dealer rotates and the deal comes from the stream (seed, index) as in `simulate`, then
/// each seat's bot acts on its `View` until the hand is over, drawing from the same stream.
/// The deal does not depend on the bots, so two bot sets play the same deals. A set of random
/// bots only plays exactly the hands of `sim::random_hand_in`. An action a bot takes that the
/// rules refuse is the error (the hand stops there).
pub fn play_hand(g: &mut Game, bots: &mut BotSet, seed: u64, index: u64) -> Result<(), IllegalAction> {
    if bots.all_fast_random() {
        random_hand_in(g, seed, index, &mut bots.buf);
        return Ok(());
    }
    let mut rng = hand_rng(seed, index);
    let dealer = hand_dealer(g.rules(), index);
    if bots.bots.iter().any(|b| b.needs_history()) {
        g.set_keep_history(true);
    }
    g.redeal_random(dealer, &mut rng);
    for b in bots.bots.iter_mut() {
        b.start_hand();
    }
    while !g.is_over() {
        let seat = g.to_act_seat();
        let Some(bot) = bots.bots.get_mut(seat.0 as usize) else {
            return Err(stuck(g, "no bot sits at the seat to act"));
        };
        let action = bot.act(&View { game: g, seat }, &mut rng);
        g.apply(action)?;
        if g.actions_taken() > MAX_ACTIONS {
            return Err(stuck(g, "the bots did not end the hand"));
        }
    }
    Ok(())
}

fn stuck(g: &Game, rule: &'static str) -> IllegalAction {
    IllegalAction {
        index: g.actions_taken(),
        seat: g.to_act_seat(),
        action: Action::Pass,
        rule,
    }
}

/// A hand as one seat may see it: the only door a bot has into the hand.
pub struct View<'a> {
    game: &'a Game,
    seat: Seat,
}

impl<'a> View<'a> {
    /// The view of `seat` (for tools and tests that drive a bot by hand).
    pub fn new(game: &'a Game, seat: Seat) -> View<'a> {
        View { game, seat }
    }
    pub fn seat(&self) -> Seat {
        self.seat
    }
    /// The seat's active position (forehand 0), if it plays this hand.
    pub fn pos(&self) -> Option<Pos> {
        self.game.pos_of(self.seat)
    }
    pub fn rules(&self) -> &'a Rules {
        self.game.rules()
    }
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }
    /// The active players of the hand.
    pub fn active(&self) -> u8 {
        self.game.play_state().n.max(self.rules().variant.active)
    }
    /// The position to act (this seat's, when a bot is asked).
    pub fn to_act(&self) -> Pos {
        self.game.to_act()
    }
    pub fn seat_of(&self, pos: Pos) -> Seat {
        self.game.seat_of(pos)
    }
    /// The active position of a table seat (None for a seat sitting out).
    pub fn pos_of(&self, seat: Seat) -> Option<Pos> {
        self.game.pos_of(seat)
    }
    /// The bidding round in progress (index into the variant's `bidding.rounds`), while bidding.
    pub fn bid_round(&self) -> Option<usize> {
        self.game.bid_round()
    }
    /// What `Choose(i)` names while the declarer chooses his contract (public: the choice).
    pub fn choice_entry(&self, i: u8) -> Option<crate::model::BidEntry> {
        self.game.choice_entry(i)
    }
    /// The face-up indicator card of the deal, if any (every seat sees it).
    pub fn indicator(&self) -> Option<u8> {
        self.game.deal().indicator
    }
    /// The trump suit of the hand, once known.
    pub fn trump(&self) -> Option<crate::model::SuitId> {
        self.game.trump()
    }
    /// The seat's own cards it may look at now.
    pub fn hand(&self) -> u64 {
        self.game.hand_of(self.seat)
    }
    /// Every legal action now.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.game.legal_actions_into(out)
    }
    /// When only cards may be played: the legal cards (the fast path).
    pub fn legal_cards(&self) -> Option<u64> {
        self.game.legal_cards()
    }
    /// The cards every seat has seen played to tricks (the trick in progress included).
    pub fn played(&self) -> u64 {
        self.game.played_cards()
    }
    /// The leader of the trick in progress and its cards so far.
    pub fn trick(&self) -> (Pos, &'a [u8]) {
        self.game.trick_in_progress()
    }
    /// Tricks completed.
    pub fn tricks_played(&self) -> u8 {
        self.game.play_state().tricks_played
    }
    /// Tricks in the hand.
    pub fn total_tricks(&self) -> u8 {
        self.game.play_state().total_tricks
    }
    /// The index of the trick the rules name (`3`, `last`, `last-1`) in this hand's play.
    pub fn trick_index(&self, trick: crate::syntax::ast::TrickRef) -> Option<usize> {
        self.game.play_state().trick_index(trick)
    }
    /// The play table of the contract being played (public rules: orders, trumps, points).
    pub fn play_table(&self) -> Option<&'a PlayTable> {
        self.game.play_table()
    }
    pub fn contract(&self) -> Option<ContractId> {
        self.game.contract()
    }
    pub fn declarer(&self) -> Option<Seat> {
        self.game.declarer()
    }
    /// The active positions this seat knows to be on its side, itself included.
    pub fn side(&self) -> u16 {
        self.game.side_known_to(self.seat)
    }
    pub fn announcements(&self) -> &'a [Announced] {
        self.game.announcements()
    }
    pub fn game_levels(&self) -> Levels {
        self.game.game_levels()
    }
    /// The hand itself, for `crate::pimc` alone: its information set (`pimc::info`) reads the
    /// seat's observation and facts every seat knows (how many cards each holds, who holds a
    /// card laid open), and its worlds replace every hidden card; tests/pimc.rs checks that the
    /// real deal is one of the worlds and every world fits what the seat saw.
    pub(crate) fn sampler_game(&self) -> &'a Game {
        self.game
    }
    /// Everything the seat may know, as one owned value with the history (allocates: for bots
    /// that reason over the whole record, such as a sampler of hidden cards).
    pub fn observation(&self) -> Observation {
        self.game.observation(self.seat)
    }
}

/// `sim::simulate_shard` with bots of `kind` at every seat: the same deals, the same summary
/// (hands whose bot took an illegal action counted in `illegal`); the random kind is the
/// engine's own run, byte for byte.
pub fn simulate_shard(
    rules: &std::sync::Arc<Rules>,
    hands: u64,
    seed: u64,
    shard: crate::bots::sim::Shard,
    kind: BotKind,
    done: &(dyn Fn(u64) + Sync),
) -> crate::bots::sim::Summary {
    if kind == BotKind::Random {
        return crate::bots::sim::simulate_shard(rules, hands, seed, shard, done);
    }
    let players = rules.variant.players;
    crate::bots::sim::simulate_shard_by(rules, hands, seed, shard, done, &|| {
        let mut set = BotSet::uniform(kind, players);
        move |g: &mut Game, i: u64| play_hand(g, &mut set, seed, i).is_ok()
    })
}
