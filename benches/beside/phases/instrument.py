"""Instruments a copy of the crate for phases.sh: the bots' step loop (`sim::play_out`) reads the
CPU's time-stamp counter around each step and adds the cycles to the stage the step began in
(`N + 10` when the step ended that stage, 8 for the step that ended the hand), the deal of
`random_hand_in` to bucket 9, and a trick-1 talk step (stage Play) is split where `talk_step`
applies its action (17: deciding, 18: applying). Usage: instrument.py CRATE_DIR."""
import os
import re
import sys

root = sys.argv[1]
lib = f"{root}/src/lib.rs"
s = open(lib).read()
open(lib, "w").write(s.replace("#![deny(unsafe_code)]", ""))

# the simulation moved from the engine to the bots with the engine's rooms (issue 31): a base
# commit from before the move has it at the old path
path = f"{root}/src/bots/sim.rs"
if not os.path.exists(path):
    path = f"{root}/src/engine/sim.rs"
s = open(path).read()
start = s.index("fn play_out(g: &mut Game, rng: &mut HandRng, buf: &mut Vec<Action>) {")
end = s.index("\n}\n", start) + 3
body = s[start:end]
phase = "g.phase" if "let phase = g.phase;" in body else "g.phase()"
arms = body[body.index("let stepped = match phase {") + len("let stepped = match phase {"):]
arms = arms[: arms.index("};")].strip()
loop = """pub static CYCLES: [std::sync::atomic::AtomicU64; 20] = [const { std::sync::atomic::AtomicU64::new(0) }; 20];
pub static STEPS: [std::sync::atomic::AtomicU64; 20] = [const { std::sync::atomic::AtomicU64::new(0) }; 20];
static MARK: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
#[inline(always)]
fn tsc() -> u64 { unsafe { core::arch::x86_64::_rdtsc() } }
#[inline(always)]
fn add(k: usize, t: u64) {
    CYCLES[k].fetch_add(t, std::sync::atomic::Ordering::Relaxed);
    STEPS[k].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}
#[inline(always)]
fn mark() { MARK.store(tsc(), std::sync::atomic::Ordering::Relaxed); }
fn bucket(p: Phase) -> usize {
    match p { Phase::Bidding => 0, Phase::Front => 1, Phase::Back => 2, Phase::Exchange => 3, Phase::Play => 4, Phase::Call => 5, _ => 6 }
}
fn play_out(g: &mut Game, rng: &mut HandRng, buf: &mut Vec<Action>) {
    while !g.is_over() {
        let t0 = tsc();
        let phase = PHASE;
        let k = if phase == Phase::Play && g.play_random_cards(rng) > 0 {
            7
        } else {
            let stepped = match phase {
                ARMS
            };
            if !stepped { break; }
            bucket(phase)
        };
        let t1 = tsc();
        if k == 4 {
            let m = MARK.load(std::sync::atomic::Ordering::Relaxed);
            if m > t0 && m < t1 { add(17, m - t0); add(18, t1 - m); }
        }
        add(if g.is_over() { 8 } else if k < 7 && bucket(PHASE) != k { 10 + k } else { k }, t1 - t0);
    }
}
""".replace("PHASE", phase).replace("ARMS", arms)
s = s[:start] + loop + s[end:]
deal = "    g.redeal_random(dealer, &mut rng);\n    play_out(g, &mut rng, buf);"
assert deal in s, "random_hand_in has changed: update phases/instrument.py"
s = s.replace(deal, "    let t0 = tsc();\n    g.redeal_random(dealer, &mut rng);\n    add(9, tsc() - t0);\n    play_out(g, &mut rng, buf);")
# a mark just before each action `talk_step` applies
talk = s.index("fn talk_step(")
talk_end = s.index("\n}\n", talk)
part = re.sub(r"^(\s*)(g\.apply_talk\()", r"\1mark();\n\1\2", s[talk:talk_end], flags=re.M)
s = s[:talk] + part + s[talk_end:]
open(path, "w").write(s)
