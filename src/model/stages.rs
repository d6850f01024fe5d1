//! What each stage of a hand is for in a variant: takes a built `Variant`, gives per stage of
//! `HandStage` the mechanisms that run in it (the front round, the hidden packets, a contract's
//! exchange, talon draw, named trumps or called partner, the back round or the declarer's turn
//! of it before the lead when it goes with trick 1), for the no-effect
//! check of `stages` and for explain, which lists the stages a hand can have.

use super::{Announcements, HandStage, SidesKind, Variant};

impl Variant {
    /// What runs in `stage` in this variant, in words (empty: nothing, and the stage is always
    /// passed over). The tricks are always played.
    pub fn stage_uses(&self, stage: HandStage) -> Vec<String> {
        let hidden = self.has_hidden_packets();
        let contracts = |what: &str, has: &dyn Fn(&super::Contract) -> bool| -> Vec<String> {
            self.contracts
                .iter()
                .filter(|c| has(c))
                .map(|c| format!("contract `{}`'s {what}", c.name))
                .collect()
        };
        match stage {
            HandStage::FrontRound if self.announcing.front_round && hidden => {
                vec!["the front round (`announcing`)".into()]
            }
            HandStage::Pickup if hidden => vec!["the hidden packets of the deal".into()],
            HandStage::Switch if self.bidding.switch.is_some() => vec!["the switch (`bidding`)".into()],
            HandStage::Exchange => contracts("exchange", &|c| c.exchange.is_some()),
            // (the draw takes at most `count` cards, `up-to` or not: none with 0)
            HandStage::TalonDraw => contracts("talon draw", &|c| c.talon_draw.is_some_and(|d| d.count > 0)),
            HandStage::NameTrumps => contracts("trumps named by the declarer", &|c| {
                c.trumps && c.chosen_trumps.is_some()
            }),
            HandStage::PartnerCall => contracts("called partner", &|c| matches!(c.sides, SidesKind::CalledCard { .. })),
            HandStage::BackRound if !self.announcing.back_with_first_trick => {
                contracts("back round", &|c| c.announcements != Announcements::None)
            }
            // with the first trick: the round is spoken in trick 1, and this stage holds only the
            // declarer's turn of it before the lead (`declarer-first`), or nothing
            HandStage::BackRound if self.announcing.back_declarer_first => {
                contracts("declarer's turn before the lead", &|c| {
                    c.announcements != Announcements::None
                })
            }
            HandStage::BackRound => Vec::new(),
            HandStage::Tricks => vec!["the trick play".into()],
            HandStage::FrontRound | HandStage::Pickup | HandStage::Switch => Vec::new(),
        }
    }
}
