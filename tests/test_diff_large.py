#!/usr/bin/env python3
"""rtab diff of two tables of 30,000 rows (the limit) that differ in 300:
keyed comparison, not a search along the list per facet, and an outcome's
rows read as one (the rolls that give it), so that the work grows with the
rolls, not with rows times rows. Before, this took 4 s of CPU (12 s wall,
more with --format json); now a few hundredths.
usage: test_diff_large.py RTAB"""
import os
import resource
import subprocess
import sys
import tempfile

ROWS = 30000
BUDGET = 1.5  # CPU seconds for all three runs: quadratic comparison took 4 per run


def ruleset(changed):
    rows = "".join(f" {'b' if i in changed else 'a'} {i};\n" for i in range(1, ROWS + 1))
    return ('ruleset big { locales en; en "Big"; }\noutcome a { en "A"; }\noutcome b { en "B"; }\n'
            f'dice dn = 1d{ROWS};\ntable t {{ en "T"; roll dn;\nrows {{\n{rows}}} }}\n')


def main():
    rtab = os.path.abspath(sys.argv[1])
    changed = set(range(7, ROWS, 100))
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        old, new = os.path.join(tmp, "old.rtab"), os.path.join(tmp, "new.rtab")
        with open(old, "w") as f:
            f.write(ruleset(set()))
        with open(new, "w") as f:
            f.write(ruleset(changed))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        same = subprocess.run([rtab, "diff", old, old], capture_output=True, text=True, timeout=60)
        text = subprocess.run([rtab, "diff", old, new], capture_output=True, text=True, timeout=60)
        json = subprocess.run([rtab, "diff", old, new, "--format", "json"], capture_output=True,
                              text=True, timeout=60)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

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
    if cpu > BUDGET:
        fail(f"three diffs of {ROWS} rows took {cpu:.2f} s of CPU (budget {BUDGET} s)")
    print(f"diff of {ROWS} rows: {cpu:.2f} s of CPU for three runs")
    failures += many_checks(rtab)
    return 1 if failures else 0


CHECKS = 3000
CHECKS_BUDGET = 2.0  # CPU seconds: each check read again per other check took about 20


def many_checks(rtab):
    """An example of 3,000 checks of one situation (a fuzzer's find): each check
    is read once, not once per other check, and the one changed is reported."""
    checks = ' t(a = 1) roll 1 -> x;\n' * CHECKS
    src = ('ruleset many { locales en; en "Many"; }\ndice d6 = 1d6;\ninput a: int 0..9 = 0 { en "A"; }\n'
           'outcome x { en "X"; }\noutcome y { en "Y"; }\n'
           'table t { en "T"; roll d6;\nrows {\n x 1-3;\n y 4-6;\n}\n}\n'
           'example e { en "E";\n' + checks + '}\n')
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        old, new = os.path.join(tmp, "old.rtab"), os.path.join(tmp, "new.rtab")
        with open(old, "w") as f:
            f.write(src)
        with open(new, "w") as f:
            f.write(src.replace(' t(a = 1) roll 1 -> x;\n', ' t(a = 1) roll 4 -> y;\n', 1))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([rtab, "diff", old, new], capture_output=True, text=True, timeout=120)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    want = ["  check t(a = 1) roll 4: (none) -> t(a = 1) roll 4 -> y\n",
            f"  check t(a = 1) roll 1 #{CHECKS}: t(a = 1) roll 1 -> x -> (none)\n"]
    if p.returncode != 1 or any(w not in p.stdout for w in want):
        print(f"FAIL an example of {CHECKS} checks: exit {p.returncode}\n{p.stdout[:600]}{p.stderr[:300]}")
        failures += 1
    if cpu > CHECKS_BUDGET:
        print(f"FAIL an example of {CHECKS} checks took {cpu:.2f} s of CPU (budget {CHECKS_BUDGET} s)")
        failures += 1
    print(f"diff of an example of {CHECKS} checks: {cpu:.2f} s of CPU")
    return failures


sys.exit(main())
