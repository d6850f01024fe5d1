//! The engine's and the record reader's errors are typed: takes bundled rules and action words
//! that read as nothing, gives the case each error is (`BundledError`, `ActionError`,
//! `CompileError`), so a caller matches on what went wrong, not on a message.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;

use engine_util::rules;
use kartya::engine::{bundled_rules, BundledError, CompileError, Game, Rules};
use kartya::record::notation::parse_action;
use kartya::record::ActionError;

#[test]
fn an_unknown_bundled_name_is_its_own_case() {
    let e = bundled_rules("no-such-variant").unwrap_err();
    assert_eq!(e, BundledError::Unknown("no-such-variant".into()));
    assert_eq!(e.to_string(), "no bundled variant `no-such-variant`");
}

#[test]
fn action_words_that_read_as_nothing_say_which_word() {
    let r = rules("alsos-3p");
    let g = Game::new(r, kartya::engine::Seat(0), 1);
    assert_eq!(
        parse_action(&g, "frobnicate now"),
        Err(ActionError::NotAnAction("frobnicate".into()))
    );
    assert_eq!(parse_action(&g, "play X.99"), Err(ActionError::NotACard("X.99".into())));
    assert_eq!(
        parse_action(&g, "draw many"),
        Err(ActionError::NotADrawCount("many".into()))
    );
    assert_eq!(
        parse_action(&g, "kontra nothing"),
        Err(ActionError::NotAnnounced {
            verb: "kontra".into(),
            item: "nothing".into()
        })
    );
}

#[test]
fn a_variant_past_the_engine_limits_is_a_compile_error_case() {
    let mut v = rules("alsos-3p").variant.clone();
    v.active = 1;
    let e = Rules::new(v).unwrap_err();
    assert!(matches!(e, CompileError::Seats { active: 1, .. }), "{e:?}");
    assert!(e.to_string().starts_with("cannot compile the variant: "));
}
