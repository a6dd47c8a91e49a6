#!/usr/bin/env python3
"""Round nearest on every path, against exact arithmetic done here.

'round nearest' reads the nearest column (or ratio step) counted in printed
steps (N:1 at N, 1:N at 2 - N) and a tie reads down (docs/language.md,
Columns). This test writes a ruleset whose odds tables and ratio bands all
round nearest, over
  - the ladder of tenths: 1:10, 1:9.9, ..., 1:1.1, 1:1, 1.1:1, ..., 10:1;
  - the printed ratios of every odds table and ratio band of tables/ and of
    the fixtures in tests/ (each rising run of steps as its own table);
and for every pair of adjacent steps it asks for the odds exactly midway
between them (which must read down) and their nearest neighbours on either
side: the simplest odds a:b strictly between each step and the midpoint, and
the odds closest to the midpoint with twice its denominator. The expected
column (or ratio value) comes from Python's exact fractions here, not from
rtab. Each case goes through
  - the interpreter (rtab_resolve_interpreted in runtime/rtab.c) and the
    native C that rtab compile emits (rtab_resolve), compiled, linked with the
    runtime and run;
  - each target rtab compile --target writes, run as a port under its
    interpreter (python3, node, lua5.1, luajit, lua5.4, mono), one answer per
    situation as rtab conform reads them.
It prints, per path, the cases and adjacent pairs it checked, and how many
pairs the floating-point measure the paths used before (doubles: key - down
<= up - key) reads up at their exact midpoint.

A target whose interpreter is missing is skipped (exit 77 when the C compiler
is missing too), unless RTAB_REQUIRE_TOOLS=1.

usage: test_nearest_ties.py RTAB SOURCE_ROOT CC...
"""
import fractions
import glob
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

F = fractions.Fraction
rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
cc = sys.argv[3:] or ['cc']
require = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
RULESET = 'nearest_ties'
INPUT_MAX = 1000000000  # the language's int limit: wide printed steps have midpoints past 10^8

# How each target is compiled (rtab's --target), the tools it needs, how its
# module is built (if it is) and run as a port, given the folder.
TARGETS = [
    ('python', 'python', ['python3'], None, lambda d: ['python3', os.path.join(d, RULESET + '.py')]),
    ('js', 'js', ['node'], None, lambda d: ['node', os.path.join(d, RULESET + '.mjs')]),
    ('lua5.1', 'lua', ['lua5.1'], None, lambda d: ['lua5.1', os.path.join(d, RULESET + '.lua')]),
    ('luajit', 'lua', ['luajit'], None, lambda d: ['luajit', os.path.join(d, RULESET + '.lua')]),
    ('lua5.4', 'lua', ['lua5.4'], None, lambda d: ['lua5.4', os.path.join(d, RULESET + '.lua')]),
    ('csharp', 'csharp', ['mcs', 'mono'],
     lambda d: ['mcs', '-nologo', '-out:' + os.path.join(d, RULESET + '.exe'), os.path.join(d, RULESET + '.cs'),
                os.path.join(d, RULESET + '_conform.cs')],
     lambda d: ['mono', os.path.join(d, RULESET + '.exe')]),
]


# -- exact arithmetic -------------------------------------------------------

def position(r):
    """Where odds r (> 0) lie in printed steps: N:1 at N, 1:N at 2 - N."""
    return r if r >= 1 else 2 - 1 / r


def odds_at(p):
    """The odds at position p in printed steps."""
    return p if p >= 1 else 1 / (2 - p)


def midway(d, u):
    return odds_at((position(d) + position(u)) / 2)


def simplest_between(lo, hi):
    """The odds with the smallest terms strictly between lo and hi (0 <= lo < hi;
    hi may be None for no bound): the Stern-Brocot search."""
    fl = math.floor(lo)
    if hi is None or fl + 1 < hi:
        return F(fl + 1)
    # lo and hi both within [fl, fl + 1]: one over the simplest between the
    # reciprocals of what is left above fl.
    inner = simplest_between(1 / (hi - fl), None if lo == fl else 1 / (lo - fl))
    return fl + 1 / inner


def old_float_down(a, b, d, u):
    """The measure the paths used before: positions in doubles, key - down <= up - key."""
    def pos(x, y):
        return x / y if x >= y else 2.0 - y / x
    key = pos(a, b)
    return key - pos(d.numerator, d.denominator) <= pos(u.numerator, u.denominator) - key


def cases_between(d, u):
    """The keys checked between adjacent steps d < u: (key, reads down)."""
    t = midway(d, u)
    keys = [(t, True), (simplest_between(d, t), True), (simplest_between(t, u), False)]
    two = 2 * t.denominator
    keys += [(F(2 * t.numerator - 1, two), True), (F(2 * t.numerator + 1, two), False)]
    seen, out = set(), []
    for k, down in keys:
        if d < k < u and k not in seen:
            seen.add(k)
            out.append((k, down))
    return out


def band_value(steps, r):
    """The value of a ratio band (steps: [(odds, value)]) that odds r reach, once rounded
    onto the ladder: the most extreme step r reaches, or None for otherwise."""
    best = None
    for s, v in steps:
        fav = s >= 1
        if (fav and r >= s) or (not fav and r <= s):
            if best is None or (fav and s > best[0]) or (not fav and s < best[0]):
                best = (s, v)
    return None if best is None else best[1]


def band_ladder(steps):
    """The ladder a band rounds onto from its least step to its greatest: its steps and
    every whole odds N:1 and 1:N between them."""
    lo, hi = min(steps), max(steps)
    rungs = set(steps)
    for p in range(math.floor(position(lo)), math.ceil(position(hi)) + 1):
        r = odds_at(F(p))
        if lo <= r <= hi:
            rungs.add(r)
    return sorted(rungs)


# -- the ruleset ------------------------------------------------------------

def tenths():
    up = [F(n, 10) for n in range(10, 101)]
    return sorted(set(up) | {1 / s for s in up})


def printed_ladders():
    """Each rising run of odds steps of the bundled tables and fixtures (tables and bands)."""
    runs = set()
    files = sorted(glob.glob(os.path.join(root, 'tables', '*.rtab')) +
                   glob.glob(os.path.join(root, 'tests', '**', '*.rtab'), recursive=True))
    for path in files:
        if os.sep + 'bad' + os.sep in path:
            continue
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        if 'odds(' not in text and 'ratio' not in text:
            continue
        p = subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True, text=True)
        if p.returncode != 0:
            continue
        x = json.loads(p.stdout)
        for t in x.get('tables', []):
            if t.get('key_kind') != 1:
                continue
            run = []
            for c in t['columns']:
                s = F(c['step_num'], c['step_den']) if c['step_num'] > 0 else None
                if s is None or (run and s <= run[-1]):
                    if len(run) > 1:
                        runs.add(tuple(run))
                    run = [] if s is None else [s]
                else:
                    run.append(s)
            if len(run) > 1:
                runs.add(tuple(run))
        for b in x.get('bands', []):
            steps = sorted({F(s['num'], s['den']) for s in b['steps']})
            if len(steps) > 1:
                runs.add(tuple(steps))
    return sorted(runs)


def ratio_text(r):
    return '%d:%d' % (r.numerator, r.denominator)


def write_ruleset(path, ladders):
    """One odds table and one ratio band per ladder; returns the cases:
    [(definition, 'column' | 'band', key, expected column (index) or value, pair,
    whether the floating-point measure of before gives it)]."""
    lines = ['ruleset %s { locales en; en "Round nearest at its ties"; }' % RULESET,
             'dice d6 = 1d6;',
             'input attack: int 0..%d = 1 { en "Attack"; }' % INPUT_MAX,
             'input defence: int 0..%d = 1 { en "Defence"; }' % INPUT_MAX,
             'outcome hit { en "Hit"; }']
    cases, seen = [], set()  # a pair of steps another ladder has brought is not asked again
    for i, steps in enumerate(ladders):
        ids = [ratio_text(s) for s in steps]
        lines += ['table t%d { en "Ladder %d"; roll d6; columns by odds(attack, defence) round nearest;' % (i, i),
                  '  grid {', '    ' + ' '.join(ids), '    1-6 ' + ' '.join('hit' for _ in ids), '  }', '}']
        for k in range(1, len(steps)):
            d, u = steps[k - 1], steps[k]
            if ('column', d, u) in seen:
                continue
            seen.add(('column', d, u))
            for key, down in cases_between(d, u):
                right = old_float_down(key.numerator, key.denominator, d, u) == down
                cases.append(('t%d' % i, 'column', key, k - 1 if down else k, (i, k), right))
        values = [(s, j + 1) for j, s in enumerate(steps)]
        lines += ['ratio r%d { en "Ladder %d"; round nearest; %s otherwise 0; }'
                  % (i, i, ' '.join('%s = %d;' % (ratio_text(s), v) for s, v in values)),
                  'modifier m%d { en "Ladder %d"; value r%d(attack, defence); }' % (i, i, i),
                  'table b%d { en "Ladder %d"; roll d6; modifiers m%d; rows { hit <= 1000; } }' % (i, i, i)]
        ladder = band_ladder(steps)
        for k in range(1, len(ladder)):
            d, u = ladder[k - 1], ladder[k]
            # Between two whole odds far from every step (2000:1 and 2001:1) the answer
            # is the same step's value: pairs that touch a step, or within 1:10..10:1.
            near = d in steps or u in steps or -8 <= position(d) and position(u) <= 10
            if ('band', d, u) in seen or not near:
                continue
            seen.add(('band', d, u))
            for key, down in cases_between(d, u):
                right = old_float_down(key.numerator, key.denominator, d, u) == down
                value = band_value(values, d if down else u) or 0
                old = band_value(values, d if old_float_down(key.numerator, key.denominator, d, u) else u) or 0
                cases.append(('b%d' % i, 'band', key, value, (i, -k), right or old == value))
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return cases


# -- the paths --------------------------------------------------------------

HARNESS = r'''
#include <stdio.h>
#include "rtab.h"
#include "%s.h"
/* Lines "TABLE ATTACK DEFENCE": the interpreter's and the native code's column and
 * modifier total, at roll 1. */
int main(void)
{
	const rtab_ruleset *rs = &%s_ruleset;
	int ia = rtab_find_input(rs, "attack"), ib = rtab_find_input(rs, "defence");
	char name[64];
	long a, b;
	if (ia < 0 || ib < 0 || rs->ninputs != 2)
		return 2;
	while (scanf("%%63s %%ld %%ld", name, &a, &b) == 3) {
		int t = rtab_find_table(rs, name);
		int32_t in[2], face = 1;
		rtab_result ri, rn;
		in[ia] = (int32_t)a;
		in[ib] = (int32_t)b;
		if (t < 0)
			return 2;
		int si = rtab_resolve_interpreted(rs, (size_t)t, in, 2, &face, 1, 0, &ri);
		int sn = rtab_resolve(rs, (size_t)t, in, 2, &face, 1, 0, &rn);
		printf("%%d %%d %%ld %%d %%d %%ld\n", si, ri.column, (long)ri.modifier, sn, rn.column,
		       (long)rn.modifier);
	}
	return 0;
}
''' % (RULESET, RULESET)


def have(tool):
    return shutil.which(tool) is not None


class Check:
    def __init__(self, cases, columns):
        self.cases, self.columns = cases, columns
        self.failures = []
        self.wrong = {}  # path -> the pairs it reads wrong

    def outcome(self, path, what):
        """The line of the report of a path: what it was asked, and how it did."""
        if path in self.wrong:
            return 'FAIL: %s: %s; %d pairs read wrong' % (path, what, len(self.wrong[path]))
        return 'ok: %s: %s' % (path, what)

    def judge(self, path, k, column, modifier):
        """One answer of a path to case k; a failure is kept (the first few shown)."""
        name, kind, key, want, _, _ = self.cases[k]
        if kind == 'column':  # the column's id, as rtab prints it (10:97 is 1:9.7)
            want = self.columns[name][want]
        got = column if kind == 'column' else modifier
        if got != want:
            self.wrong.setdefault(path, set()).add((name, self.cases[k][4]))
            self.failures.append('%s: %s at %s: %r, exact arithmetic says %r'
                                 % (path, name, ratio_text(key), got, want))

    def pairs(self, kinds=('column', 'band'), natively=None):
        return len({(c[0], c[4]) for c in self.cases if c[1] in kinds and (natively is None or c[0] in natively)})


def run_c(check, work, report):
    """The interpreter and the native code, through a program linked with the runtime."""
    out = os.path.join(work, 'c')
    p = subprocess.run([rtab, 'compile', '-Wno-unused', os.path.join(work, RULESET + '.rtab'), '-o', out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        check.failures.append('rtab compile: ' + p.stderr[:2000])
        return False
    with open(os.path.join(out, 'harness.c'), 'w') as f:
        f.write(HARNESS)
    exe = os.path.join(out, 'harness')
    p = subprocess.run([*cc, '-std=c11', '-O1', '-I', os.path.join(root, 'runtime'), '-I', out, '-o', exe,
                        os.path.join(out, 'harness.c'), os.path.join(out, RULESET + '.c'),
                        os.path.join(root, 'runtime', 'rtab.c')], capture_output=True, text=True)
    if p.returncode != 0:
        check.failures.append('the C compiler on the generated code: ' + (p.stdout + p.stderr)[:2000])
        return False
    with open(os.path.join(out, RULESET + '.c')) as f:
        code = f.read()
    natively = {c[0] for c in check.cases if '/* table %s, printed from its lowering: ' % c[0] in code}
    stdin = ''.join('%s %d %d\n' % (c[0], c[2].numerator, c[2].denominator) for c in check.cases)
    p = subprocess.run([exe], input=stdin, capture_output=True, text=True, timeout=300)
    answers = p.stdout.splitlines()
    if p.returncode != 0 or len(answers) != len(check.cases):
        check.failures.append('the C program: exit %d, %d answers' % (p.returncode, len(answers)))
        return False
    for k, line in enumerate(answers):
        si, ci, mi, sn, cn, mn = (int(v) for v in line.split())
        table = check.cases[k][0]
        if si != 0 or sn != 0:
            check.failures.append('%s: status %d (interpreter), %d (native)' % (table, si, sn))
            continue
        check.judge('interpreter', k, check.columns[table][ci], mi)
        check.judge('native C' if table in natively else 'rtab_resolve', k, check.columns[table][cn], mn)
    report.append(check.outcome('interpreter', '%d cases, %d pairs' % (len(check.cases), check.pairs())))
    n = sum(1 for c in check.cases if c[0] in natively)
    report.append(check.outcome('native C', '%d cases, %d pairs (%d odds tables, each resolver printed from '
                                'the lowering)' % (n, check.pairs(natively=natively), len(natively))))
    return True


def run_target(check, work, name, lang, build, port, report):
    out = os.path.join(work, name)
    p = subprocess.run([rtab, 'compile', '-Wno-unused', '--target', lang, os.path.join(work, RULESET + '.rtab'),
                        '-o', out], capture_output=True, text=True)
    if p.returncode != 0:
        check.failures.append('%s: rtab compile --target %s: %s' % (name, lang, p.stderr[:2000]))
        return
    if build:
        p = subprocess.run(build(out), capture_output=True, text=True)
        if p.returncode != 0:
            check.failures.append('%s: building the module: %s' % (name, (p.stdout + p.stderr)[:2000]))
            return
    stdin = ''.join(json.dumps({'table': c[0], 'inputs': {'attack': c[2].numerator, 'defence': c[2].denominator},
                                'faces': [1]}) + '\n' for c in check.cases)
    p = subprocess.run(port(out), input=stdin, capture_output=True, text=True, timeout=600)
    answers = p.stdout.splitlines()
    if p.returncode != 0 or len(answers) != len(check.cases):
        check.failures.append('%s: exit %d, %d answers of %d: %s' % (name, p.returncode, len(answers),
                                                                     len(check.cases), p.stderr[:2000]))
        return
    for k, line in enumerate(answers):
        a = json.loads(line)
        if 'error' in a:
            check.failures.append('%s: %s: error %s' % (name, check.cases[k][0], a['error']))
            continue
        check.judge(name, k, a.get('column'), a.get('modifier'))
    report.append(check.outcome(name, '%d cases, %d pairs' % (len(check.cases), check.pairs())))


def main():
    if not have(cc[0]):
        if require:
            print('FAIL: no C compiler (%s)' % cc[0])
            return 1
        print('SKIP: no C compiler (%s)' % cc[0])
        return 77
    ladders = [tuple(tenths())] + [l for l in printed_ladders() if l != tuple(tenths())]
    report, skipped = [], []
    with tempfile.TemporaryDirectory() as work:
        cases = write_ruleset(os.path.join(work, RULESET + '.rtab'), ladders)
        p = subprocess.run([rtab, 'export', '--format', 'json', os.path.join(work, RULESET + '.rtab')],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print('FAIL: the ruleset written does not compile:\n' + p.stderr[:3000])
            return 1
        columns = {t['id']: [c['id'] for c in t['columns']] for t in json.loads(p.stdout)['tables']}
        check = Check(cases, columns)
        run_c(check, work, report)
        for name, lang, tools, build, port in TARGETS:
            missing = [t for t in tools if not have(t)]
            if missing:
                (check.failures if require else skipped).append('%s: %s missing' % (name, ', '.join(missing)))
                continue
            run_target(check, work, name, lang, build, port, report)
    tables = {c[0] for c in cases if c[1] == 'column'}
    wrong = {(c[0], c[4]) for c in cases if not c[5]}
    print('%d ladders (the tenths from 1:10 to 10:1 and %d runs of printed steps): %d adjacent pairs of columns '
          'and %d of ratio steps, %d cases' % (len(ladders), len(ladders) - 1, check.pairs(('column',)),
                                              check.pairs(('band',)), len(cases)))
    print('the floating-point measure used before reads %d of those pairs wrong (%d of the columns\', %d of the '
          'ratio steps\'; tenths: %d)'
          % (len(wrong), len({w for w in wrong if w[0] in tables}), len({w for w in wrong if w[0] not in tables}),
             len({w for w in wrong if w[0] in ('t0', 'b0')})))
    for line in report:
        print(line)
    for line in skipped:
        print('skipped: ' + line)
    if check.failures:
        print('%d answers differ from exact arithmetic:' % len(check.failures))
        for line in check.failures[:40]:
            print('  ' + line)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
