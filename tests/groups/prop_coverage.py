#!/usr/bin/env python3
"""Property: every roll `rtab check` proves covered resolves.

For random rulesets (stacking groups with caps that include 0 or exclude it,
on one side or both; members listed or not; tables capped or not; rows that
end open or closed near the bounds of the modifiers), a ruleset that check
accepts must resolve every situation of its inputs times every roll of its
dice (`rtab vectors --exhaustive`, no extra modifier) to a row: no "matches
no row". Rulesets check rejects are only counted; enough must pass for the
test to mean something.

usage: prop_coverage.py RTAB [COUNT] [SEED]
"""
import json
import os
import random
import subprocess
import sys
import tempfile

rtab = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 60
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 24)

DICE = {'d6': (1, 6), 'twod6': (2, 12), 'd3': (1, 3)}
DICE_TEXT = {'d6': '1d6', 'twod6': '2d6', 'd3': '1d3'}


def ruleset(seed):
    r = random.Random(seed)
    out = ['ruleset prop { locales en; en "Property"; }']
    out += ['dice %s = %s;' % (d, t) for d, t in DICE_TEXT.items()]
    out += ['input b%d: bool = %s { en "B%d"; }' % (i, r.choice(['false', 'true']), i) for i in range(3)]
    out += ['input n: int 0..3 = 0 { en "N"; }']
    out += ['outcome o%d { en "O%d"; }' % (i, i) for i in range(3)]
    groups = []
    for g in range(r.randint(1, 3)):
        stack = r.choice(['sum', 'best', 'worst'])
        cap = ''
        if r.random() < 0.8:
            lo = r.randint(-4, 3)
            cap = ' cap %d..%d;' % (lo, lo + r.randint(0, 3))
        out.append('group g%d { en "G%d"; stack %s;%s }' % (g, g, stack, cap))
        groups.append(g)
    mods = []
    for k in range(r.randint(0, 5)):
        parts = ['en "M%d";' % k]
        if r.random() < 0.7:
            parts.append('group g%d;' % r.choice(groups))
        if r.random() < 0.3:
            parts.append('for defender;')
        if r.random() < 0.8:
            parts.append('when %s;' % r.choice(['b0', 'b1', 'b2', 'not b0', 'n > 1', 'b1 and n == 3']))
        parts.append('value %s;' % r.choice(['%+d' % r.randint(-4, 4), 'n', '-n']))
        out.append('modifier m%d { %s }' % (k, ' '.join(parts)))
        mods.append('m%d' % k)
    for t in range(r.randint(1, 3)):
        dice = r.choice(list(DICE))
        dlo, dhi = DICE[dice]
        body = ['en "T%d";' % t, 'roll %s;' % dice]
        listed = [m for m in mods if r.random() < 0.5]
        if listed:
            body.append('modifiers %s;' % ', '.join(listed))
        if r.random() < 0.3:
            lo = r.randint(-3, 1)
            body.append('cap %d..%d;' % (lo, lo + r.randint(0, 3)))
        # Rows from a guess at the reachable rolls, ends open or closed.
        a, b = dlo - r.randint(0, 6), dhi + r.randint(0, 6)
        cut = r.randint(a, b - 1)
        first = '<=%d' % cut if r.random() < 0.3 else '%d..%d' % (a, cut)
        last = '>=%d' % (cut + 1) if r.random() < 0.3 else '%d..%d' % (cut + 1, b)
        body.append('rows { o0 %s; o1 %s; }' % (first, last))
        out.append('table t%d { %s }' % (t, ' '.join(body)))
    return '\n'.join(out) + '\n'


checked = passed_check = rolls = 0
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'prop.rtab')
    for i in range(count):
        text = ruleset(rng.getrandbits(32))
        with open(path, 'w') as f:
            f.write(text)
        checked += 1
        c = subprocess.run([rtab, 'check', '-Wno-unused', path], capture_output=True, text=True)
        errors = [l for l in c.stderr.splitlines() if ': error: ' in l]
        if c.returncode not in (0, 1) or any('has no row for' not in l for l in errors):
            sys.exit('the generator wrote a ruleset with other errors than gaps:\n%s%s' % (text, c.stderr))
        if c.returncode != 0:
            continue  # check finds a gap: no roll is proved covered
        passed_check += 1
        v = subprocess.run([rtab, 'vectors', path, '--exhaustive'], capture_output=True, text=True)
        if v.returncode != 0:
            sys.exit('rtab vectors failed on a checked ruleset:\n%s%s' % (text, v.stderr))
        for line in v.stdout.splitlines():
            case = json.loads(line)
            if case.get('drm', 0) != 0 or 'table' not in case:
                continue
            rolls += 1
            if 'error' in case:
                sys.exit('check proves %s covered, yet %s gives "%s" for %s:\n%s' %
                         (case['table'], json.dumps(case['faces']), case['error'],
                          json.dumps(case['inputs']), text))
print('%d rulesets, %d accepted by check, %d rolls resolved' % (checked, passed_check, rolls))
if passed_check < checked // 4 or rolls == 0:
    sys.exit('too few rulesets passed check for the property to mean anything')
