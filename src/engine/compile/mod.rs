//! The compile room: takes a checked `Variant`, gives `Rules`, everything built once per rule
//! set and shared by every `Game` of it (the card and play tables, the figure tables, the meld
//! tables, the deal plan, the lead marriages, the stages used, the seat orders), and the errors
//! of building it. The room owns everything `Rules` holds, and no field of `Game`: a hand only
//! reads it.

pub mod error;
pub mod tables;

pub use error::{BundledError, CompileError};
pub use tables::Tables;

use crate::engine::core::{deal, game};
use crate::engine::melds::{self, marriage_lead};
use crate::engine::Seat;
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
