#!/usr/bin/env python3
"""The work budget of every verb (README: The work budget) on hostile files
(tests/budget/, written by gen_hostile.py): each verb finishes within the
budget with the result, or names what it left undone, the construct's
file:line:col and --max-work, with the exit status that says so. Messages
and exit statuses are asserted, never times.
usage: test_budget.py RTAB SOURCE_ROOT [slow]
  slow: also the proofs that need a budget raised (seconds each)."""
import os
import re
import subprocess
import sys

RTAB, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SLOW = len(sys.argv) > 3 and sys.argv[3] == "slow"
HERE = os.path.join(ROOT, "tests", "budget")
sys.path.insert(0, os.path.join(ROOT, "tests", "lsp"))
failures = 0


def run(name, args, status, present=(), absent=(), count=None):
    """rtab args: want the exit status, every text of present in its output
    (stdout and stderr), none of absent; count: (text, n) seen n times."""
    global failures
    p = subprocess.run([RTAB, *args], capture_output=True, text=True, cwd=HERE)
    out = p.stdout + p.stderr
    problems = []
    if p.returncode != status:
        problems.append(f"exit {p.returncode}, expected {status}")
    problems += [f"lacks {t!r}" for t in present if not re.search(t, out)]
    problems += [f"has {t!r}" for t in absent if re.search(t, out)]
    if count and len(re.findall(count[0], out)) != count[1]:
        problems.append(f"{count[0]!r} {len(re.findall(count[0], out))} times, expected {count[1]}")
    if problems:
        failures += 1
        print(f"FAIL {name}: " + "; ".join(problems))
        print(out[:3000])
    else:
        print(f"ok {name}")
    return out


BUDGET = r"--max-work N"

# check: 40 requirements over a million situations each, met at the ends of
# their ranges: proved, within the budget, with nothing to say.
run("check requirements met at the ends", ["check", "check_requirements.rtab"], 0,
    absent=["work-budget", "requirement"])
# ... met only inside their ranges: the proofs the budget stops are named,
# each on its requirement's line, and the option that raises the budget.
hidden = ["check", "check_hidden.rtab"]
out = run("check requirements past the budget", hidden, 0,
          [r"check_hidden\.rtab:\d+:\d+: warning: requirement 'need\d+': not proved that some "
           r"situation meets it: the proof stopped at the work budget of 200000000 steps; raise it with "
           + BUDGET, r"warning: the requirements together: not proved", r"\[-Wwork-budget\]"])
# The same proofs stopped by a smaller budget (as quick to say): -Werror and
# -Wno-work-budget act on them.
smaller = hidden + ["--max-work", "20000000"]
run("check requirements past the budget, -Werror", smaller + ["-Werror"], 1, [r"error: requirement 'need\d+'"])
run("check requirements past the budget, -Wno-work-budget", smaller + ["-Wno-work-budget"], 0,
    absent=["requirement"])
# A smaller budget leaves every proof undone: one warning each, none said twice.
run("check requirements, a budget of a thousand steps", hidden + ["--max-work", "1000"], 0,
    count=(r"warning: requirement 'need\d+'", 40))
# The conditions of 20 lines over a million situations: refused before the
# first situation, as an error of line-conditions naming the budget.
run("check line conditions past the budget", ["check", "check_lines.rtab"], 1,
    [r"check_lines\.rtab:9:7: error: the line conditions of table 't' read 2197000 situations of "
     r"\d+ steps each, past the work budget of 200000000 steps: .* raise the budget with --max-work N "
     r"\[-Wline-conditions\]"])
run("--max-work refuses what is not a number of steps", ["check", "--max-work", "0", "check_lines.rtab"], 2,
    [r"rtab check: --max-work takes a number of steps from 1 to 1000000000000000, not '0'"])
run("--max-work=N refuses a number past 10^15", ["odds", "--max-work=2000000000000000", "odds_pool.rtab", "melee"],
    2, [r"--max-work takes a number of steps"])

# odds: 8d8 with natural rules and 30 modifiers reading a matrix, resolved by
# the sums and the rules within the budget.
run("odds of 8d8 with natural rules", ["odds", "odds_pool.rtab", "melee"], 0,
    [r"16777216 equally likely rolls", r"rout +165/16777216"])
run("odds --all of 8d8 with natural rules", ["odds", "odds_pool.rtab", "melee", "--all"], 0,
    [r"rout"])
run("odds past a small budget", ["odds", "--max-work", "1000", "odds_pool.rtab", "melee"], 1,
    [r"odds_pool\.rtab:\d+:7: error: odds of table 'melee' \(59 resolutions of \d+ steps each\) needs \d+ "
     r"steps, past the work budget of 1000 steps; raise it with " + BUDGET],
    absent=["equally likely rolls"])
run("odds --all past a small budget", ["odds", "--max-work", "50000", "odds_pool.rtab", "melee", "--all"], 1,
    [r"error: odds --all of table 'melee' \(\d+ cells of 59 resolutions each\) needs \d+ steps, past the "
     r"work budget of 50000 steps"])

# diff: 20 columns of 8d8 with a natural rule on each side, one cell apart.
pair = ["diff", "diff_wide_a.rtab", "diff_wide_b.rtab"]
run("diff of 20 columns of 8d8", pair, 1,
    [r"table 'wide', column 'c19':", r"mid: \d+/\d+ \(\d+(\.\d+)?%\) -> 0 \(0%\)"],
    absent=["not compared"])
run("diff's errata sheet of 20 columns of 8d8", pair + ["--format", "markdown", "--odds"], 1, [r"Odds"],
    absent=["not compared"])
run("diff past a small budget", pair + ["--max-work", "1000"], 1,
    [r"diff_wide_b\.rtab:\d+:7: note: the odds at the default situation of table 'wide' not compared: "
     r"past the work budget of 1000 steps; raise it with " + BUDGET,
     r"odds of table 'wide' not compared: past the work budget \(--max-work\)"],
    absent=[r"table 'wide', column 'c19':"])
run("diff's errata sheet past a small budget", pair + ["--format", "markdown", "--odds", "--max-work", "1000"], 1,
    [r"note: the errata sheet's odds of table 'wide' not compared: past the work budget of 1000 steps"])

# verify: 20 modifiers written in another order, each equal over 2^21
# situations: the budget tries every situation of the first few; the others
# are undecided, each naming the budget, counted apart from the errors: not
# proved faithful (exit 4), never passed.
vpair = ["verify", "verify_original.rtab", "verify_translation.rtab"]
run("verify past the budget", vpair, 4,
    [r"verify_translation\.rtab:66:24: note: modifier 'm0', when: .* \(exhaustively, over 2097152 situations\)",
     r"verify_translation\.rtab:85:10: undecided: modifier 'm19': whether it means the original's could not be "
     r"decided; compared as written\n.*\n  when: .*\n    trying every "
     r"situation would take \d+ steps, past the work budget of 200000000; raise it with " + BUDGET,
     r"0 errors, \d+ undecided, \d+ warnings"])
run("verify past a small budget: nothing tried", vpair + ["--max-work", "1000"], 4,
    [r"undecided: modifier 'm0'", r"0 errors, 20 undecided, \d+ warnings"], absent=[r"exhaustively"],
    count=(r"past the work budget of 1000;", 40))

# vectors and conform: a run the budget stops is an error at the definition
# where it stopped (the vectors written are not all there are), never a
# shorter file passed off as whole.
mp = os.path.join(ROOT, "tables", "musket_pike.rtab")
stopped = [r"musket_pike\.rtab:\d+:\d+: error: the vectors stopped at 'melee' \(those written are not all "
           r"there are\): past the work budget of 100000 steps; raise it with " + BUDGET]
run("vectors past a small budget", ["vectors", mp, "--max-work", "100000"], 1, stopped)
run("vectors within the budget", ["vectors", mp], 0, [r"note: 1455 vectors for musket_pike"],
    absent=["stopped", "work budget"])
run("conform past a small budget: the port is not started", ["conform", mp, "--max-work", "100000", "--",
    "/nonexistent/port"], 1, stopped, absent=["cannot start"])
# A condition no search reaches (30 inputs summing to one value) is said, with a count.
needle = os.path.join(os.environ.get("TMPDIR", "/tmp"), "rtab-budget-needle-%d.rtab" % os.getpid())
with open(needle, "w") as f:
    f.write('ruleset needle { locales en; en "Needle"; }\ndice d6 = 1d6;\n'
            'outcome ok { en "OK"; }\noutcome no { en "No"; }\n')
    f.writelines('input v%d: int 0..99 = 0 { en "Value %d"; }\n' % (i, i) for i in range(30))
    f.write('modifier needle { en "Needle"; when %s == 2911; value 1; }\n' % " + ".join("v%d" % i for i in range(30)))
    f.write('table t { en "T"; roll d6; modifiers needle; rows { no <=3; ok >=4; } }\n')
try:
    run("vectors: a condition no search reaches is counted", ["vectors", needle], 0,
        [r"note: \d+ times no situation was found that makes a condition true \(or false\) by changing at most 3 "
         r"inputs in 200000 tries: where one exists, its vectors are missing"])
finally:
    os.unlink(needle)

# The language server: the diagnostics of the edits that came together are
# published once, for the last text; a request among them is answered first.
from session import Session  # noqa: E402

with open(os.path.join(HERE, "check_hidden.rtab")) as f:
    text = f.read()
uri = "file://" + os.path.join(HERE, "check_hidden.rtab")
s = Session(RTAB)
first = s.open(uri, text)
problems = []
if not any(d.get("code") == "work-budget" and "not proved" in d["message"] for d in first):
    problems.append("no work-budget warning among the diagnostics")
burst = b""
for version in (2, 3, 4):
    burst += s.frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 1}}, "text": "#"}]}})
burst += s.frame({"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": {
    "textDocument": {"uri": uri}, "position": {"line": 125, "character": 10}}})
s.write(burst)  # one write: the server finds them all waiting
seen = []
while True:
    m = s.receive()
    seen.append(m.get("id") if "id" in m else (m["method"], m["params"].get("version")))
    if m.get("method") == "textDocument/publishDiagnostics":
        break
if seen != [99, ("textDocument/publishDiagnostics", 4)]:
    problems.append(f"after three edits and a hover, the server sent {seen}: expected the hover's answer, "
                    "then the diagnostics of version 4 alone")
s.close()
if problems:
    failures += 1
    print("FAIL lsp: " + "; ".join(problems))
else:
    print("ok lsp: the edits of a burst proved once, the hover answered first")

if SLOW:
    run("check requirements with the budget raised", hidden + ["--max-work", "1000000000"], 0,
        absent=["work-budget", "requirement"])
    run("verify with the budget raised", vpair + ["--max-work", "2000000000"], 0, [r"m19', value: .*exhaustively"],
        absent=["work budget"])
    run("check line conditions with the budget raised", ["check", "check_lines.rtab", "--max-work", "600000000"],
        0, absent=["line-conditions"])

sys.exit(1 if failures else 0)
