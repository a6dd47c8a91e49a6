#!/usr/bin/env python3
"""Every count the runtime stores in 16 bits is checked (-Wlimits), and huge
definitions, generated here and never committed, are checked to the end with
the right message (the time each takes is printed, never asserted: a check
gone quadratic shows as a meson timeout).
The limit is read from runtime/rtab.h (RTAB_MAX_ITEMS), and docs/language.md
must quote the same number.
usage: test_limits.py RTAB SOURCE_ROOT"""
import math
import os
import re
import subprocess
import sys
import tempfile
import time

RTAB, ROOT = sys.argv[1], sys.argv[2]
with open(os.path.join(ROOT, "runtime", "rtab.h")) as f:
    LIMIT = int(re.search(r"^#define RTAB_MAX_ITEMS (\d+)", f.read(), re.M).group(1))
HEAD = 'ruleset r { locales en; en "R"; }\n'
failures = 0

with open(os.path.join(ROOT, "docs", "language.md")) as f:
    quoted = f"at most {LIMIT} definitions of one kind, and at most {LIMIT} items in one"
    if quoted not in " ".join(f.read().split()):
        failures += 1
        print(f"FAIL docs/language.md does not say {quoted!r} (RTAB_MAX_ITEMS in rtab.h)")


def run(name, text, want_status, needles, args=()):
    """Check text; want the exit status and every needle in the output."""
    global failures
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name + ".rtab")
        with open(path, "w") as f:
            f.write(HEAD + text)
        start = time.monotonic()
        p = subprocess.run([RTAB, "check", "-Wno-unused", "-Wno-missing-label", *args, path],
                           capture_output=True, text=True)
        took = time.monotonic() - start
    out = p.stdout + p.stderr
    problems = []
    if p.returncode != want_status:
        problems.append(f"exit {p.returncode}, expected {want_status}")
    problems += [f"output lacks {n!r}" for n in needles if n not in out]
    if problems:
        failures += 1
        print(f"FAIL {name}: " + "; ".join(problems))
        print(out[:2000])
    else:
        print(f"ok {name} ({took:.2f} s, {len(out)} bytes of diagnostics)")
    return out


def many(fmt, n):
    return "\n".join(fmt.format(i=i) for i in range(n)) + "\n"


N = LIMIT + 1
OVER = "[-Wlimits]"
run("enum_values", 'enum e { en "E";\n' + many("v{i};", N) + "}\n", 1,
    [f"enum 'e' has more than {LIMIT} values", OVER])
run("reaction_options", 'reactions x { en "X";\n' + many('option o{i} {{ en "O"; }}', N) + "}\n",
    1, [f"reaction set 'x' has more than {LIMIT} options", OVER])
run("outcome_effects", 'effect e() { en "E"; }\noutcome a { en "A";\n' + many("e;", N) + "}\n",
    1, [f"outcome 'a' has more than {LIMIT} effects", OVER])
TABLE = 'outcome a {{ en "A"; }}\ndice d6 = 1d6;\ntable t {{ en "T"; roll d6;\n{}rows {{ a 1-6; }} }}\n'
run("table_rewrites", TABLE.format(many("rewrite a -> a when true;", N)), 1,
    [f"table 't' has more than {LIMIT} rewrites", OVER])
run("natural_rules", TABLE.format(many("natural 1 -> a;", N)), 1,
    [f"table 't' has more than {LIMIT} natural-roll rules", OVER], args=["-Wno-masked-natural"])
run("procedure_steps", 'outcome a { en "A"; }\nprocedure p { en "P";\n'
    + many('step s{i} {{ en "S"; when true; }}', N) + "otherwise a; }\n", 1,
    [f"procedure 'p' has more than {LIMIT} steps", OVER])
# Distinct steps in lowest terms, each term within the 1..10000 a step may use.
coprime_steps = [f"{a}:{b} = 0;" for a in range(1, 251) for b in range(1, 251)
                 if math.gcd(a, b) == 1][:N + 1]
run("ratio_steps", 'ratio q { en "Q";\n' + "\n".join(coprime_steps)
    + "\notherwise 0; }\n", 1, [f"ratio 'q' has more than {LIMIT} steps", OVER])

# At the limit everything is held: a column per value of a LIMIT-value enum,
# each looked up by name (linear overall, not a scan per lookup).
cols = 'enum e { en "E";\n' + many("v{i};", LIMIT) + "}\ninput k: e;\n" \
    + 'outcome a { en "A"; }\ndice d6 = 1d6;\ntable t { en "T"; roll d6; columns by k {\n' \
    + many("c{i} = v{i};", LIMIT) + "}\nrows { a " + " ".join(["1-6"] * LIMIT) + "; } }\n"
run("columns_at_limit", cols, 0, [])

# A grid one line deep and LIMIT columns wide, every cell its own outcome,
# would make LIMIT rows over LIMIT columns: refused, not 14 GB of memory.
wide = 'enum e { en "E";\n' + many("v{i};", LIMIT) + "}\ninput k: e;\n" \
    + many('outcome o{i} {{ en "O"; }}', LIMIT) + 'dice d6 = 1d6;\n' \
    + 'table t { en "T"; roll d6; columns by k; grid {\n' \
    + " ".join(f"v{i}" for i in range(LIMIT)) + "\n1-6 " \
    + " ".join(f"o{i}" for i in range(LIMIT)) + "\n} }\n"
run("grid_rows_by_columns", wide, 1,
    ["the grid of table 't' makes more than", "split it into several tables", OVER])

# Duplicates are found in linear time: 70,000 values, every one given twice.
dup = run("enum_duplicates", 'enum e { en "E";\n' + many("v{i}; v{i};", 14000) + "}\n", 1,
          ["enum 'e' lists the value 'v13999' twice"])

# A natural roll repeated 3,000 times: each repeat reported once (not once per
# earlier rule), and quickly.
out = run("natural_repeated", TABLE.format(many("natural 6 -> a;", 3000)), 0,
          ["is the same as an earlier one"])
warnings = out.count("warning:")
if warnings != 2999:
    failures += 1
    print(f"FAIL natural_repeated: {warnings} warnings, expected 2999 (one per repeat)")

# 20,000 unknown names against 20,000 definitions: the "did you mean" search
# stays within a budget and the candidates are listed once, not per name
# (that was 3 GB of memory).
unk = 'dice d6 = 1d6;\n' + many('outcome o{i} {{ en "O"; }}', 20000) \
    + 'table t { en "T"; roll d6; rows {\n' + many(" x{i} 1;", 20000) + "} }\n"
run("unknown_names", unk, 1, ["unknown outcome 'x19999'"])

# Dice rolled in expressions are indexed in 16 bits as well: 64,000 different
# dice (8 forms of 8,000 distances) stop at the limit, reported.
dists = "".join(
    f'distance d{i} {{ en "D"; '
    + " ".join(f"value {1 + (i * 8 + f) // 30000}d{2 + (i * 8 + f) % 30000} {unit};"
               for f, unit in enumerate(["mm", "cm", "m", "inches", "feet", "yards", "paces", "hexes"]))
    + " }\n" for i in range(8000))
run("dice_count", dists, 1, ["too many different dice in this ruleset (at most 60000", OVER],
    args=["-Wno-unit-mismatch"])

sys.exit(1 if failures else 0)
