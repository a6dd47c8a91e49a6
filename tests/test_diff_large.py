#!/usr/bin/env python3
"""rtab diff of two tables of 30,000 rows (the limit) that differ in 300:
keyed comparison, not a search along the list per facet, and an outcome's
rows read as one (the rolls that give it), so that the work grows with the
rolls, not with rows times rows. What it costs is measured by bench/run
(diff_30k_rows_ms, diff_3000_checks_ms), never timed here: this test checks
what the reports say.
usage: test_diff_large.py RTAB"""
import os
import subprocess
import sys
import tempfile

ROWS = 30000
CHANGED = set(range(7, ROWS, 100))


def ruleset(changed):
    rows = "".join(f" {'b' if i in changed else 'a'} {i};\n" for i in range(1, ROWS + 1))
    return ('ruleset big { locales en; en "Big"; }\noutcome a { en "A"; }\noutcome b { en "B"; }\n'
            f'dice dn = 1d{ROWS};\ntable t {{ en "T"; roll dn;\nrows {{\n{rows}}} }}\n')


def main():
    rtab = os.path.abspath(sys.argv[1])
    changed = CHANGED
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        old, new = os.path.join(tmp, "old.rtab"), os.path.join(tmp, "new.rtab")
        with open(old, "w") as f:
            f.write(ruleset(set()))
        with open(new, "w") as f:
            f.write(ruleset(changed))
        same = subprocess.run([rtab, "diff", old, old], capture_output=True, text=True, timeout=60)
        text = subprocess.run([rtab, "diff", old, new], capture_output=True, text=True, timeout=60)
        json = subprocess.run([rtab, "diff", old, new, "--format", "json"], capture_output=True,
                              text=True, timeout=60)

    def fail(msg):
        nonlocal failures
        failures += 1
        print("FAIL", msg)

    if same.returncode != 0 or "no differences" not in same.stdout:
        fail(f"a file against itself: exit {same.returncode}\n{same.stdout[-500:]}{same.stderr[-500:]}")
    if text.returncode != 1:
        fail(f"the changed file: exit {text.returncode}, expected 1\n{text.stderr[-500:]}")
    # The rows of an outcome are the rolls that give it: 'b' gains the 300 changed rolls, 'a'
    # keeps the rest.
    rolls_b = ", ".join(str(r) for r in sorted(changed))
    runs_a, lo = [], 1
    for r in sorted(changed):
        runs_a.append(f"{lo}-{r - 1}" if lo < r - 1 else str(lo))
        lo = r + 1
    runs_a.append(f"{lo}-{ROWS}")
    for line in (f"  row 'b': (none) -> {rolls_b}\n", f"  row 'a': 1-{ROWS} -> {', '.join(runs_a)}\n"):
        if line not in text.stdout:
            fail(f"the text report lacks {line[:60]!r}...\n{text.stdout[:600]}")
    if "b: 0 (0%) -> 1/100 (1%)" not in text.stdout:
        fail("the odds of 'b' are not reported as moved to 1/100")
    if json.returncode != 1 or '"equal": false' not in json.stdout \
            or '{"what": "row \'b\'", "old": null, "new": "%s"' % rolls_b not in json.stdout:
        fail(f"--format json: exit {json.returncode}, the last row of 'b' not reported")
    print(f"diff of {ROWS} rows: {len(text.stdout)} bytes of report, {failures} failures")
    failures += many_checks(rtab)
    return 1 if failures else 0


CHECKS = 3000
CHECK_LINE = ' t(a = 1) roll 1 -> x;\n'


def checks_ruleset(changed):
    """An example of 3,000 checks of one situation (a fuzzer's find); changed:
    whether its first check says roll 4 -> y instead."""
    checks = CHECK_LINE * CHECKS
    if changed:
        checks = checks.replace(CHECK_LINE, ' t(a = 1) roll 4 -> y;\n', 1)
    return ('ruleset many { locales en; en "Many"; }\ndice d6 = 1d6;\ninput a: int 0..9 = 0 { en "A"; }\n'
           'outcome x { en "X"; }\noutcome y { en "Y"; }\n'
           'table t { en "T"; roll d6;\nrows {\n x 1-3;\n y 4-6;\n}\n}\n'
           'example e { en "E";\n' + checks + '}\n')


def many_checks(rtab):
    """Each check of a long example is read once, not once per other check,
    and the one changed is reported."""
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        old, new = os.path.join(tmp, "old.rtab"), os.path.join(tmp, "new.rtab")
        with open(old, "w") as f:
            f.write(checks_ruleset(False))
        with open(new, "w") as f:
            f.write(checks_ruleset(True))
        p = subprocess.run([rtab, "diff", old, new], capture_output=True, text=True, timeout=120)
    want = ["  check t(a = 1) roll 4: (none) -> t(a = 1) roll 4 -> y\n",
            f"  check t(a = 1) roll 1 #{CHECKS}: t(a = 1) roll 1 -> x -> (none)\n"]
    if p.returncode != 1 or any(w not in p.stdout for w in want):
        print(f"FAIL an example of {CHECKS} checks: exit {p.returncode}\n{p.stdout[:600]}{p.stderr[:300]}")
        failures += 1
    return failures


if __name__ == "__main__":
    sys.exit(main())
