//! The no-effect checks of claims: takes the contracts with their claim statements, gives a
//! `kartya::no-effect` error where a claim rule could never be used in a hand (claims in a
//! contract that has no declarer, the claim details without `claims`, a rule for disputed
//! concessions where no concession may be made, `claim-trumps` where no condition asks about
//! trumps in tricks).

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    for c in &v.contracts {
        let n = c.name.as_str();
        match &c.claims {
            Some(k) => {
                if !has_declarer(v, c) {
                    out.at(
                        &["contract", n, "claims"],
                        format!("contract `{n}` has no declarer, and only the declarer may claim or concede"),
                        "nobody could claim",
                        format!("take `claims` out of contract `{n}`, or give it a declarer (a bid, or `no-auction {n} declarer forehand`)"),
                    );
                }
                if !v.judges_trump_free_tricks() && out.entry(&["contract", n, "claim-trumps"]).is_some() {
                    out.at(
                        &["contract", n, "claim-trumps"],
                        "no condition asks whether tricks hold a trump (`no-trump-in last-tricks N`), so `claim-trumps` never applies".to_string(),
                        "nothing reads it",
                        "drop this line, or judge trump-free tricks with `no-trump-in last-tricks N`".to_string(),
                    );
                }
                for key in ["concession-disputed", "concession-confirmed"] {
                    if !k.concede && out.entry(&["contract", n, key]).is_some() {
                        out.at(
                            &["contract", n, key],
                            format!("contract `{n}` allows no concession, so `{key}` never applies"),
                            "no concession to dispute",
                            format!("add `concede` to the `claims` line of contract `{n}`, or drop this line"),
                        );
                    }
                }
            }
            None => {
                for key in [
                    "conceded-to",
                    "concession-disputed",
                    "concession-confirmed",
                    "claim-trumps",
                ] {
                    if out.entry(&["contract", n, key]).is_some() {
                        out.at(
                            &["contract", n, key],
                            format!("contract `{n}` has no `claims`, so `{key}` never applies"),
                            "no claims in this contract",
                            format!("add `claims claim concede` to contract `{n}`, or drop this line"),
                        );
                    }
                }
            }
        }
    }
}
