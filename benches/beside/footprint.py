"""Hot code footprint from two `callgrind --dump-instr=yes` runs (footprint.sh): per run, the
64-byte lines holding an instruction executed in at least one hand in ten, in all and per
function; then the functions whose footprint differs most. Function names of the base build
(`kartya_base::`) are shown as the working tree's, so that both columns line up."""
import collections
import re
import sys


# the engine's rooms (issue 31) put its files one folder deeper, and the simulation in the bots:
# a function is named as in the flat layout, so that a base from before the move pairs with it
ROOMS = r"(core|compile|auction|talon|announce|sides|play|melds|score|session|views)::"


def same_name(name):
    name = re.sub(r"<impl kartya::engine::(core::)?game::Game>::", "", name)
    name = name.replace("kartya::bots::sim::", "kartya::engine::sim::")
    return re.sub(r"kartya::engine::" + ROOMS + r"(?=[a-z_]+::)", "kartya::engine::", name)


def hot_lines(path, min_count):
    """The set of hot 64-byte lines, and each line's function name."""
    names, counts, owner = {}, collections.Counter(), {}
    fn, addr, after_call = None, 0, False
    with open(path) as f:
        for line in f:
            m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line)
            if m:
                if m.group(3):
                    names[m.group(2)] = m.group(3).strip()
                if m.group(1) == "fn":
                    fn = m.group(2)
                continue
            if line.startswith("calls="):
                after_call = True  # the next cost line is the call's inclusive cost
                continue
            if not line or line[0] not in "0123456789+-":
                continue
            parts = line.split()
            a = parts[0]
            addr = int(a, 16) if a.startswith("0x") else addr + int(a) if a[0] in "+-" else addr
            if after_call:
                after_call = False
                continue
            if len(parts) >= 3 and parts[2].isdigit():
                counts[addr] += int(parts[2])
                owner[addr] = fn
    lines = {}
    for a, c in counts.items():
        if c >= min_count:
            lines.setdefault(a >> 6, owner[a])
    per = collections.Counter()
    for fid in lines.values():
        name = names.get(fid, fid).replace("kartya_base::", "kartya::")
        per[same_name(name)] += 64
    return len(lines) * 64, per


def main():
    base, new, hands = sys.argv[1], sys.argv[2], int(sys.argv[3])
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    min_count = max(1, hands // 10)
    b_total, b_per = hot_lines(base, min_count)
    n_total, n_per = hot_lines(new, min_count)
    print(f"hot code (lines executed in >= 1 hand in 10): base {b_total / 1024:.1f} KB, working tree {n_total / 1024:.1f} KB")
    print(f"{'base':>7} {'new':>7} {'change':>7}  function")
    keys = sorted(set(b_per) | set(n_per), key=lambda k: -max(b_per[k], n_per[k]))[:top]
    for k in keys:
        print(f"{b_per[k]:7d} {n_per[k]:7d} {n_per[k] - b_per[k]:+7d}  {k[:100]}")


main()
