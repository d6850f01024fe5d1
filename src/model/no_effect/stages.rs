//! The no-effect checks of `stages`: takes the model's stage order beside the mechanisms the
//! variant defines; gives a `kartya::no-effect` error where a mechanism's stage is not listed
//! (it would never happen), where a stage would see only the first packets (listed before the
//! pickup), and where the order says what the engine cannot do (a front round after the pickup,
//! a stage between `back-round` and `tricks` when the back round goes with trick 1), and where
//! the declarer's turn before the lead of `back-round with-first-trick declarer-first` is no
//! turn of its own (he leads trick 1 and speaks first in it in every contract with
//! announcements).

use super::*;
use crate::model::build::words::HandStage as StageWord;

const AT: &[&str] = &["game", "stages"];

pub(super) fn check(v: &Variant, out: &mut Out) {
    let word = StageWord::word_of;
    let hidden = v.has_hidden_packets();
    let used = |s: HandStage| !v.stage_uses(s).is_empty();
    for stage in HandStage::DEFAULT_ORDER {
        if v.stages.contains(&stage) {
            continue;
        }
        if let Some(what) = v.stage_uses(stage).first() {
            out.at(
                AT,
                format!("{what} never happens: `stages` does not list `{}`", word(stage)),
                "stage missing",
                format!("list `{}` in `stages`", word(stage)),
            );
        }
    }
    // a stage before the pickup sees the first packets only: an exchange, a switch or a talon
    // draw would be made on half a hand (trumps may be named on the first cards, and a partner
    // called on them: Rufmariasch, Königrufen)
    if hidden {
        let early = [
            HandStage::Switch,
            HandStage::Exchange,
            HandStage::TalonDraw,
            HandStage::BackRound,
        ];
        for stage in early {
            if used(stage) && HandStage::comes_before(&v.stages, stage, HandStage::Pickup) {
                out.at_word(
                    AT,
                    word(stage),
                    format!(
                        "`{}` is listed before `pickup`: it would be held with the first packets only",
                        word(stage)
                    ),
                    "before the pickup",
                    format!("list `{}` after `pickup`", word(stage)),
                );
            }
        }
        if used(HandStage::FrontRound) && HandStage::comes_before(&v.stages, HandStage::Pickup, HandStage::FrontRound) {
            out.at_word(
                AT,
                "pickup",
                "`pickup` is listed before `front-round`: the front round is held with the first cards only, before the pickup".into(),
                "front round after the pickup",
                "list `front-round` before `pickup`, or write `front-round none` in `announcing`".into(),
            );
        }
    }
    if used(HandStage::FrontRound) && HandStage::comes_before(&v.stages, HandStage::BackRound, HandStage::FrontRound) {
        out.at_word(
            AT,
            "back-round",
            "`back-round` is listed before `front-round`: the front round is the first announcement round".into(),
            "back round first",
            "list `front-round` before `back-round`".into(),
        );
    }
    // the call fixes the partner on the hands as they are, and the play is set up after it:
    // nothing may change the hands or the contract after it
    for stage in [HandStage::Switch, HandStage::Exchange, HandStage::TalonDraw] {
        if used(stage)
            && used(HandStage::PartnerCall)
            && HandStage::comes_before(&v.stages, HandStage::PartnerCall, stage)
        {
            out.at_word(
                AT,
                word(stage),
                format!("`{}` is listed after `partner-call`: it would change the hands or the contract after the partner is called", word(stage)),
                "after the call",
                format!("list `{}` before `partner-call`", word(stage)),
            );
        }
    }
    // what is announced in the back round is judged with the trumps known
    let called_suit = v
        .contracts
        .iter()
        .any(|c| c.called_suit_trumps && matches!(c.sides, SidesKind::CalledCard { .. }));
    let names_trumps = [
        (HandStage::NameTrumps, used(HandStage::NameTrumps)),
        (HandStage::PartnerCall, called_suit),
    ];
    for (stage, names) in names_trumps {
        if names && used(HandStage::BackRound) && HandStage::comes_before(&v.stages, HandStage::BackRound, stage) {
            out.at_word(
                AT,
                word(stage),
                format!(
                    "`{}` is listed after `back-round`: the back round would be spoken before the trumps are known",
                    word(stage)
                ),
                "trumps after the back round",
                format!("list `{}` before `back-round`", word(stage)),
            );
        }
    }
    // with the back round spoken in trick 1, `back-round` holds nothing: a stage listed after it
    // would come before that round, not after it
    if v.announcing.back_with_first_trick {
        let after = v
            .stages
            .iter()
            .skip_while(|s| **s != HandStage::BackRound)
            .skip(1)
            .filter(|s| **s != HandStage::Tricks);
        for stage in after {
            out.at_word(
                AT,
                word(*stage),
                format!(
                    "`{}` is listed after `back-round`, but the back round goes with the first trick (`back-round with-first-trick`): it would come before that round",
                    word(*stage)
                ),
                "after back-round",
                format!("list `{}` before `back-round`, or write `back-round before-first-lead` in `announcing`", word(*stage)),
            );
        }
    }
    // the declarer's turn before the lead is a turn of its own only where he does not lead
    // trick 1 (and speak first in it) anyway
    let a = &v.announcing;
    if a.back_with_first_trick && a.back_declarer_first {
        let own_turn = v
            .contracts
            .iter()
            .any(|c| c.announcements != Announcements::None && c.first_lead != Seat::Declarer);
        if !own_turn {
            out.at_word(
                &["announcing", "back-round"],
                "declarer-first",
                "`declarer-first` gives the declarer a turn before the lead of trick 1, but in every contract with announcements he leads trick 1 and speaks first in it (or no contract has announcements)".into(),
                "no turn of its own",
                "drop `declarer-first`".into(),
            );
        }
    }
}
