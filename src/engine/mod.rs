//! The engine: takes a checked `Variant`, gives compiled `Rules` (tables, seats, deal plan),
//! dealing, trick play, the `Game` state machine with scoring, and random-bot simulation.
//! No game fact lives here: every card, order, contract and figure comes from the variant.

pub mod action;
mod additive_doubling;
mod announce;
mod bid_figures;
mod bid_holding;
mod bidding;
pub mod calling;
mod card_draws;
mod card_turns;
pub mod claims;
mod commit;
pub mod deal;
mod discard_points;
mod dispatch;
mod equal_bids;
mod error;
pub mod exchange;
mod finished;
pub mod game;
mod goal_sequence;
mod goals;
mod hand_flow;
mod joint;
mod level_auction;
pub mod marriage_lead;
mod marriages;
mod meld_tables;
pub mod melds;
mod minimums;
mod observation;
mod open_hands;
pub mod paper;
mod partner;
pub mod play;
mod raise;
pub mod rng;
pub mod score;
mod score_most;
mod seat_view;
pub mod seats;
pub mod session;
pub mod sim;
mod stage;
mod switch;
pub mod tables;
pub mod talon_draw;
mod trick_log;
mod undertakings;

pub use deal::{Deal, DealError};
pub use error::{BundledError, CompileError};
pub use game::{Action, Game, IllegalAction, Observation, Phase, PileCard};
pub use play::{Play, PlayError};
pub use seats::{Pos, Seat};
pub use sim::{simulate, Summary};
pub use tables::{PlayTable, Tables};
pub use trick_log::SeenTrick;

use crate::model::{HandStage, Variant};
use std::sync::Arc;

/// A variant compiled for play; shared by every `Game` of it.
#[derive(Debug, Clone)]
pub struct Rules {
    pub variant: Variant,
    pub tables: Tables,
    pub figures: tables::FigureTables,
    pub melds: melds::MeldTables,
    /// The deal steps compiled for the active players.
    pub deal_plan: deal::DealPlan,
    /// Marriages registered by a lead (`marriage_lead.rs`).
    pub marriage_leads: marriage_lead::LeadMarriages,
    /// The variant's stages after the auction that something in it uses
    /// (`Variant::stage_uses`), in its order: the others would always be passed over.
    pub stages: Vec<HandStage>,
    /// The table seats of the active positions, forehand first, for each dealer seat.
    pub seat_orders: Vec<[Seat; tables::MAX_SEATS]>,
    /// `digest()`, made on first use.
    digest: std::sync::OnceLock<String>,
}

impl Rules {
    pub fn new(variant: Variant) -> Result<Arc<Rules>, CompileError> {
        let tables = Tables::compile(&variant)?;
        let plan = deal::plan_size(&variant.deal, variant.active);
        if plan != tables.n_cards as u32 {
            return Err(CompileError::DealPlan {
                plan,
                deck: tables.n_cards,
            });
        }
        let mut figures = tables::FigureTables::compile(&variant)?;
        figures.compile_requirements(&variant, &tables);
        let melds = melds::MeldTables::compile(&variant, &tables);
        let deal_plan = deal::DealPlan::compile(&variant.deal, variant.active);
        let marriage_leads = marriage_lead::LeadMarriages::compile(&variant, &tables);
        let mut stages: Vec<HandStage> = variant
            .stages
            .iter()
            .copied()
            .filter(|s| *s != HandStage::Tricks && !variant.stage_uses(*s).is_empty())
            .collect();
        // the tricks end every list (the builder requires it of a written one): the walk in
        // `hand_flow.rs` always ends in the play
        stages.push(HandStage::Tricks);
        let seat_orders = (0..variant.players.max(1))
            .map(|d| game::seat_order(&variant, d))
            .collect();
        Ok(Arc::new(Rules {
            stages,
            seat_orders,
            marriage_leads,
            deal_plan,
            variant,
            tables,
            figures,
            melds,
            digest: std::sync::OnceLock::new(),
        }))
    }

    /// A digest of the rules as read (the checked model, so not the files' comments or layout):
    /// FNV-1a of 64 bits over the model's JSON, as 16 hex digits. A record carries it, so that a
    /// record is not replayed under other rules than it was played under (another variant's name
    /// written in, or the files changed since).
    pub fn digest(&self) -> &str {
        self.digest.get_or_init(|| {
            use std::hash::Hasher;
            let mut h = crate::resolve::Fnv::default();
            h.write(serde_json::to_string(&self.variant).unwrap_or_default().as_bytes());
            format!("{:016x}", h.finish())
        })
    }
}

/// Loads a bundled variant (with the files it extends) and compiles it.
pub fn bundled_rules(name: &str) -> Result<Arc<Rules>, BundledError> {
    let b = crate::bundled::find(name).ok_or_else(|| BundledError::Unknown(name.into()))?;
    let mut sources = crate::source::SourceSet::new();
    let id = sources.add(crate::bundled::display_path(&b), b.text, crate::source::Origin::Bundled);
    let loaded = crate::load::load(&mut sources, id, &[]);
    let v = loaded.variant.ok_or_else(|| BundledError::DoesNotLoad {
        name: name.into(),
        diagnostics: loaded.diags.len(),
    })?;
    Rules::new(v).map_err(BundledError::Compile)
}
