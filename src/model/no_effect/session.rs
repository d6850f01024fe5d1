//! The checks of a session balance (`scoring { session ... }`): takes the model's scoring, gives
//! an error where the session and the robbers would count different sessions. A robber's paper
//! restarts only when a robber is completed (and in a simulation with each chunk of 256 hands),
//! while a session of tokens ends when a seat cannot pay: the robber would run on across it, so
//! the two together are not what a table plays.

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    let Some(session) = &v.scoring.session else { return };
    if v.scoring.robber.is_some() && session.ends == SessionEnd::WhenOneCannotPay {
        out.at(
            &["scoring", "session"],
            "`session ... ends when-one-cannot-pay` ends a session that the robber's paper does not end: the robber would run on across it".into(),
            "a session the robbers do not know",
            "keep one: remove the `robber` line (the balance is the session), or write `ends by-agreement` (the robbers are the session)".into(),
        );
    }
}
