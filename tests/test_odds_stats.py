#!/usr/bin/env python3
"""The statistics of rtab odds (mean, variance, standard deviation, lower
quantiles, lowest and highest) against a brute-force enumeration of every
roll made here: a 2d6 table with a modifier and with --drm, d6 against d6
(an opposed roll: the modified roll is the difference), a 3d6 distance, and
a table whose results carry numbers and an effect's argument, one situation
and every cell of --all; the same numbers in markdown and csv; custom
--quantiles, and bad ones refused.

Usage: test_odds_stats.py RTAB SOURCE_ROOT
"""

import itertools
import json
import os
import subprocess
import sys
import tempfile
from decimal import ROUND_HALF_UP, Decimal, getcontext
from fractions import Fraction

rtab = os.path.abspath(sys.argv[1])
failures = []
checked = 0
getcontext().prec = 50

# The numbered table: 2d6 roll -> steps lost (None: eliminated, 99).
STEPS = {2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 4, 11: None, 12: None}
ELIMINATED = 99
grid_lines = '\n'.join('    %d L%s' % (r, 'E' if s is None else s) for r, s in STEPS.items())
SOURCE = '''ruleset stats_cases { locales en; en "Statistics"; }
dice two_d6 = 2d6;
enum side { en "Side"; attacker { en "Attacker"; } defender { en "Defender"; } }
effect loses(who: side, steps: int) { en "Loses steps"; }
input bonus: int 0..3 = 0 { en "Bonus"; }
modifier bonus_mod { en "Bonus"; when bonus > 0; value bonus; }
outcome low { en "Low"; }
outcome high { en "High"; }
outcome won { en "Won"; }
outcome lost { en "Lost"; }
outcome loss(steps: int 0..9 or eliminated = 99 code E) { en "Loses {steps}"; code "L{steps}"; loses(defender, steps); }
table sums { en "Sums"; roll two_d6; modifiers bonus_mod; rows { low <=7; high >=8; } }
table duel { en "Duel"; roll a = 1d6; roll b = 1d6; a >= b -> won; b > a -> lost; }
distance march { en "March"; value 3d6 inches; }
table hurt {
  en "Hurt";
  roll two_d6;
  grid {
%s
  }
}
''' % grid_lines


def run(*args):
    p = subprocess.run([rtab] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def decimal3(x):
    """x to at most three places, half away from zero, trailing zeros dropped."""
    d = Decimal(abs(x.numerator)) / Decimal(x.denominator) if isinstance(x, Fraction) else abs(x)
    s = str(d.quantize(Decimal('0.001'), rounding=ROUND_HALF_UP))
    s = s.rstrip('0').rstrip('.') if '.' in s else s
    return ('-' if x < 0 and s != '0' else '') + s


def fraction_text(x):
    return str(x.numerator) if x.denominator == 1 else '%d/%d' % (x.numerator, x.denominator)


def brute_stats(values, quantiles):
    """values: a list of (value, weight). The statistics rtab promises."""
    total = sum(w for _, w in values)
    mean = Fraction(sum(v * w for v, w in values), total)
    var = sum(w * (v - mean) ** 2 for v, w in values) / total
    ordered = sorted(values)
    qs = {}
    for q in quantiles:
        cum = 0
        for v, w in ordered:
            cum += w
            if Fraction(cum, total) >= Fraction(q):
                qs[q] = v
                break
    return {'mean': fraction_text(mean), 'mean_decimal': decimal3(mean),
            'variance': fraction_text(var), 'sd': decimal3(Decimal(var.numerator / Decimal(var.denominator)).sqrt()),
            'min': ordered[0][0], 'max': ordered[-1][0], 'quantiles': qs}


def same(what, got, want):
    global checked
    checked += 1
    have = {'mean': got['mean'], 'mean_decimal': str(got['mean_decimal']), 'variance': got['variance'],
            'sd': str(got['sd']), 'min': got['min'], 'max': got['max'],
            'quantiles': {k: v for k, v in got['quantiles'].items()}}
    want = dict(want, mean_decimal=str(want['mean_decimal']), sd=str(want['sd']),
                quantiles={k: v for k, v in want['quantiles'].items()})
    # JSON numbers come back as numbers: compare their text.
    have['mean_decimal'] = decimal3(Decimal(have['mean_decimal']))
    have['sd'] = decimal3(Decimal(have['sd']))
    if have != want:
        failures.append('%s: rtab %r, brute force %r' % (what, have, want))


def stat_of(statistics, kind, which=None):
    for s in statistics:
        if s['kind'] == kind and s.get('which') == which:
            return s
    return None


def weighted(pairs):
    out = {}
    for v in pairs:
        out[v] = out.get(v, 0) + 1
    return sorted(out.items())


Q = ['0.1', '0.5', '0.9']
with tempfile.TemporaryDirectory() as work:
    path = os.path.join(work, 'stats.rtab')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(SOURCE)
    two_d6 = list(itertools.product(range(1, 7), repeat=2))

    # 2d6 with the bonus (a modifier) and with --drm: the modified roll.
    for args, shift in ((['--set', 'bonus=2'], 2), (['--drm', '-3'], -3), ([], 0)):
        rc, out, err = run('odds', path, 'sums', '--json', *args)
        if rc != 0:
            failures.append('odds sums %s: exit %d: %s' % (args, rc, err))
            continue
        got = stat_of(json.loads(out)['statistics'], 'modified_roll')
        same('sums %s modified roll' % args, got, brute_stats(weighted(a + b + shift for a, b in two_d6), Q))

    # d6 against d6: the modified roll of an opposed roll is their difference.
    rc, out, err = run('odds', path, 'duel', '--json')
    got = stat_of(json.loads(out)['statistics'], 'modified_roll') if rc == 0 else None
    same('duel modified roll', got or {}, brute_stats(weighted(a - b for a, b in two_d6), Q)) if got else \
        failures.append('odds duel: exit %d: %s' % (rc, err))

    # A 3d6 distance, with other quantiles.
    q5 = ['0.05', '0.25', '0.5', '0.75', '0.95']
    rc, out, err = run('odds', path, 'march', '--json', '--quantiles', ','.join(q5))
    if rc == 0:
        got = json.loads(out)['forms'][0]['statistics']
        same('march 3d6', got, brute_stats(weighted(sum(r) for r in itertools.product(range(1, 7), repeat=3)), q5))
    else:
        failures.append('odds march: exit %d: %s' % (rc, err))

    # Numbers results carry: steps (eliminated left out) and the effect's argument (99 counted).
    rc, out, err = run('odds', path, 'hurt', '--json')
    if rc == 0:
        st = json.loads(out)['statistics']
        numbered = [STEPS[a + b] for a, b in two_d6 if STEPS[a + b] is not None]
        same('hurt steps', stat_of(st, 'numeric') or {}, brute_stats(weighted(numbered), Q))
        want_rolls = fraction_text(Fraction(len(numbered), 36))
        checked += 1
        if (stat_of(st, 'numeric') or {}).get('rolls') != want_rolls:
            failures.append('hurt steps: rolls %r, want %s' % (stat_of(st, 'numeric'), want_rolls))
        effect = [ELIMINATED if STEPS[a + b] is None else STEPS[a + b] for a, b in two_d6]
        same('hurt loses(defender)', stat_of(st, 'effect', 'defender') or {}, brute_stats(weighted(effect), Q))
        checked += 1
        if stat_of(st, 'effect', 'attacker'):
            failures.append('hurt: statistics of loses(attacker), which no result gives')
    else:
        failures.append('odds hurt: exit %d: %s' % (rc, err))

    # --all: every modifier total of sums is a cell with its own modified roll.
    rc, out, err = run('odds', path, 'sums', '--all', '--json')
    if rc == 0:
        for cell in json.loads(out)['columns'][0]['totals']:
            m = cell['modifier']
            same('sums --all %+d' % m, stat_of(cell['statistics'], 'modified_roll') or {},
                 brute_stats(weighted(a + b + m for a, b in two_d6), Q))
    else:
        failures.append('odds sums --all: exit %d: %s' % (rc, err))

    # The same numbers in every format: text, markdown and csv lines, and --all rows.
    want = brute_stats(weighted(a + b + 2 for a, b in two_d6), Q)
    row = [want['mean'], want['mean_decimal'], want['sd'], str(want['min'])] + \
          [str(want['quantiles'][q]) for q in Q] + [str(want['max'])]
    for fmt, sep in (('text', None), ('markdown', '|'), ('csv', ',')):
        rc, out, err = run('odds', path, 'sums', '--set', 'bonus=2', '--format', fmt)
        line = [ln for ln in out.split('\n') if 'modified roll' in ln]
        cells = [c.strip() for c in (line[0].split(sep) if sep else line[0].split('  '))] if line else []
        cells = [c for c in cells if c]
        checked += 1
        if rc != 0 or cells[-len(row):] != row:
            failures.append('odds --format %s: statistics line %r, want ... %r' % (fmt, line, row))
    rc, out, err = run('odds', path, 'sums', '--all')
    checked += 1
    median = [ln for ln in out.split('\n') if ln.strip().startswith('modified roll: median')]
    if rc != 0 or not median or median[0].split()[3:] != [str(7 + m) for m in range(0, 4)]:
        failures.append('odds sums --all: median row %r' % median)

    # Bad quantiles: a usage error naming the form.
    for bad in ('1.5', 'half', '0.1,,0.2', ','.join(['0.5'] * 10)):
        rc, out, err = run('odds', path, 'sums', '--quantiles', bad)
        checked += 1
        if rc != 2 or '--quantiles needs decimals from 0 to 1' not in err:
            failures.append('--quantiles %s: exit %d: %s' % (bad, rc, err))

for f in failures:
    print('FAIL:', f)
print('%d checked, %d failed' % (checked, len(failures)))
sys.exit(1 if failures else 0)
