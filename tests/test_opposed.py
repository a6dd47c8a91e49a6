#!/usr/bin/env python3
"""Opposed rolls ('roll pursuer = 2d6; roll flee = 3d6; pursuer >= flee ->
destroyed;'): the exact odds rtab odds gives equal a brute-force count of
all 6^5 rolls made here; eval and the reference port give each roll's sum
and the same outcome for every roll.

Usage: test_opposed.py RTAB SOURCE_ROOT
"""

import itertools
import json
import os
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
sys.path.insert(0, os.path.join(root, 'examples', 'port-python'))
import rtab_port  # noqa: E402

SOURCE = '''ruleset opposed { locales en; en "Opposed"; }
outcome destroyed { en "Destroyed"; }
outcome escaped { en "Escaped"; }
modifier fast { en "Fast pursuer"; when fast_pursuer; value 1; }
input fast_pursuer: bool = false { en "Fast pursuer"; }
table pursuit @ "11.7.4" {
  en "Pursuit";
  roll pursuer = 2d6;
  roll flee = 3d6;
  modifiers fast;
  pursuer >= flee -> destroyed;
  flee > pursuer -> escaped;
}
'''
failures = []


def run(*args):
    p = subprocess.run(list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


with tempfile.TemporaryDirectory() as work:
    path = os.path.join(work, 'opposed.rtab')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(SOURCE)
    rolls = list(itertools.product(range(1, 7), repeat=5))
    for fast, bonus in (('false', 0), ('true', 1)):
        want = sum(1 for r in rolls if r[0] + r[1] + bonus >= sum(r[2:]))
        rc, out, err = run(rtab, 'odds', path, 'pursuit', '--set', 'fast_pursuer=' + fast, '--json')
        if rc != 0:
            failures.append('odds: exit %d: %s' % (rc, err))
            continue
        got = {o['outcome']: o['rolls'] for o in json.loads(out)['outcomes']}
        if json.loads(out)['rolls'] != 7776 or got.get('destroyed') != want or \
                got.get('escaped') != 7776 - want:
            failures.append('odds fast_pursuer=%s: %r, brute force %d destroyed of 7776'
                            % (fast, got, want))
    rc, out, err = run(rtab, 'export', '--format', 'json', path)
    port = rtab_port.Ruleset(json.loads(out)) if rc == 0 else None
    for faces in ((3, 4, 2, 2, 2), (1, 1, 1, 1, 1), (6, 6, 6, 6, 1), (2, 3, 1, 2, 2)):
        want = 'destroyed' if sum(faces[:2]) >= sum(faces[2:]) else 'escaped'
        rc, out, err = run(rtab, 'eval', path, 'pursuit', '--roll', ','.join(map(str, faces)),
                           '--json')
        got = json.loads(out) if rc == 0 else {}
        if got.get('outcome') != want or \
                got.get('rolls') != {'pursuer': sum(faces[:2]), 'flee': sum(faces[2:])}:
            failures.append('eval %r: %s%s' % (faces, out.strip()[:300], err))
        if port is not None:
            r = port.resolve('pursuit', {}, list(faces))
            if r['outcome'] != want or r.get('rolls') != got.get('rolls'):
                failures.append('port %r: %r %r, not %s' % (faces, r['outcome'], r.get('rolls'),
                                                             want))

for f in failures:
    print('FAIL: ' + f)
print('opposed: %d failures' % len(failures))
sys.exit(1 if failures else 0)
