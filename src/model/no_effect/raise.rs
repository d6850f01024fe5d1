//! The no-effect checks of `raise-by partner in-first-trick to C...`: takes the model's
//! contracts, gives a `kartya::no-effect` error where the raise could never be made as written:
//! the contract has no called partner to raise it, or a target is the contract itself, a
//! contract without a called partner (the raiser would lose the side he raised for), or one
//! whose trumps are found otherwise (the raise keeps the trumps already named).

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    for (ci, c) in v.contracts.iter().enumerate() {
        if c.raise_to.is_empty() {
            continue;
        }
        let n = c.name.as_str();
        if !matches!(c.sides, SidesKind::CalledCard { .. }) {
            out.at(
                &["contract", n, "raise-by"],
                format!("contract `{n}` has no called partner, so nobody can raise it"),
                "no partner",
                format!("give contract `{n}` `sides called-card CARD ...`, or take out `raise-by`"),
            );
            continue;
        }
        for &t in &c.raise_to {
            let Some(target) = v.contracts.get(t) else { continue };
            let tn = target.name.as_str();
            if t == ci {
                out.at(
                    &["contract", n, "raise-by"],
                    format!("contract `{n}` is raised to itself, which changes nothing"),
                    "raised to itself",
                    format!("take `{tn}` out of the raise of `{n}`"),
                );
            } else if !matches!(target.sides, SidesKind::CalledCard { .. }) {
                out.at(
                    &["contract", n, "raise-by"],
                    format!("contract `{n}` is raised to `{tn}`, which has no called partner: the raiser would leave the side he raised for"),
                    "the target has no partner",
                    format!("give contract `{tn}` `sides called-card CARD ...`, or take `{tn}` out of the raise of `{n}`"),
                );
            } else if target.trumps != c.trumps
                || target.fixed_trump != c.fixed_trump
                || target.chosen_trumps.is_some() != c.chosen_trumps.is_some()
                || target.called_suit_trumps != c.called_suit_trumps
            {
                out.at(
                    &["contract", n, "raise-by"],
                    format!("contract `{n}` is raised to `{tn}`, whose trumps are found otherwise: a raise in trick 1 keeps the trumps already named"),
                    "other trumps",
                    format!("give contract `{tn}` the `trumps` line of `{n}`, or take `{tn}` out of the raise of `{n}`"),
                );
            }
        }
    }
}
