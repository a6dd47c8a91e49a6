#!/usr/bin/env python3
"""'round linear' in a ratio band on every path, against exact fractions.

A band that rounds 'linear, ties down' and one that rounds 'linear, ties up'
(docs/language.md, Ratio bands) read odds onto their ladder (every whole N:1
and 1:N and the band's own steps) at the nearest ratio measured on the ratio
itself. This test writes both bands over steps 10000:9999 and 9999:9998 (so
that the products of the comparison reach 2^57 and more), 2:1, 1:2 and 1:3,
and asks for the odds exactly midway between adjacent ladder steps and their
neighbours, large and small; the value each band must give comes from
Python's fractions here. Each case goes through rtab eval (the interpreter)
and each target rtab compile --target writes, run as a port (python3, node,
lua5.1, luajit, lua5.4, mono): one answer per situation as rtab conform
reads them. A target whose interpreter is missing is skipped (exit 77 when
none is there), unless RTAB_REQUIRE_TOOLS=1.

usage: test_band_linear.py RTAB
"""
import fractions
import json
import os
import shutil
import subprocess
import sys
import tempfile

F = fractions.Fraction
rtab = os.path.abspath(sys.argv[1])
require = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
STEPS = [(F(10000, 9999), 1), (F(9999, 9998), 2), (F(2), 3), (F(1, 2), -1), (F(1, 3), -2)]
TARGETS = [
    ('python', 'python', ['python3'], None, lambda d: ['python3', os.path.join(d, 'band_linear_exact.py')]),
    ('js', 'js', ['node'], None, lambda d: ['node', os.path.join(d, 'band_linear_exact.mjs')]),
    ('lua5.1', 'lua', ['lua5.1'], None, lambda d: ['lua5.1', os.path.join(d, 'band_linear_exact.lua')]),
    ('luajit', 'lua', ['luajit'], None, lambda d: ['luajit', os.path.join(d, 'band_linear_exact.lua')]),
    ('lua5.4', 'lua', ['lua5.4'], None, lambda d: ['lua5.4', os.path.join(d, 'band_linear_exact.lua')]),
    ('csharp', 'csharp', ['mcs', 'mono'],
     lambda d: ['mcs', '-nologo', '-out:' + os.path.join(d, 'band_linear_exact.exe'),
                os.path.join(d, 'band_linear_exact.cs'), os.path.join(d, 'band_linear_exact_conform.cs')],
     lambda d: ['mono', os.path.join(d, 'band_linear_exact.exe')]),
]
SOURCE = '''ruleset band_linear_exact { locales en; en "Band linear"; }
dice d6 = 1d6;
input attack: int >= 1 = 1 { en "Attack"; }
input defence: int >= 1 = 1 { en "Defence"; }
outcome hit { en "Hit"; }
%s
'''
BAND = '''ratio %s { en "Force"; round linear, ties %s; 10000:9999 = 1; 9999:9998 = 2; 2:1 = 3;
  1:2 = -1; 1:3 = -2; otherwise 0; }
modifier m_%s { en "Force"; value %s(attack, defence); }
table t_%s { en "T"; roll d6; modifiers m_%s; rows { hit >=-10; } }'''


def ladder_around(r):
    """The ladder steps just below and above r: whole odds and the band's steps."""
    whole = [F(r.numerator // r.denominator), F(-(-r.numerator // r.denominator))] if r >= 1 else \
        [F(1, -(-r.denominator // r.numerator)), F(1, r.denominator // r.numerator)]
    below = max([s for s in whole + [s for s, _ in STEPS] if s <= r])
    above = min([s for s in whole + [s for s, _ in STEPS] if s >= r])
    return below, above


def expected(r, ties_up):
    d, u = ladder_around(r)
    mid = (d + u) / 2
    x = d if (r < mid if ties_up else r <= mid) else u
    value = 0
    for s, v in STEPS:  # the most extreme step x reaches (at or above 1:1: x >= s; below: x <= s)
        if (s >= 1 and x >= s and (value == 0 or v > value)) or (s < 1 and x <= s and (value == 0 or v < value)):
            value = v
    return value


def cases():
    keys = set()
    pairs = [(F(1), F(10000, 9999)), (F(10000, 9999), F(9999, 9998)), (F(9999, 9998), F(2)), (F(2), F(3)),
             (F(1, 2), F(1)), (F(1, 3), F(1, 2)), (F(1, 4), F(1, 3))]
    for d, u in pairs:
        mid = (d + u) / 2
        for k in (1, 2, 3):
            a, b = mid.numerator * k, mid.denominator * k
            for da in (-1, 0, 1):
                if 1 <= a + da <= 10 ** 9 and b <= 10 ** 9:
                    keys.add((a + da, b))
    return sorted(keys)


def main():
    failures, report = [], []
    situations = [(band, a, b) for band in ('down', 'up') for a, b in cases()]
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, 'band_linear_exact.rtab')
        with open(src, 'w') as f:
            f.write(SOURCE % '\n'.join(BAND % ('b_' + s, s, s, 'b_' + s, s, s) for s in ('down', 'up')))
        for band, a, b in situations:
            want = expected(F(a, b), band == 'up')
            p = subprocess.run([rtab, 'eval', src, 't_' + band, '--set', 'attack=%d' % a, '--set',
                                'defence=%d' % b, '--roll', '1', '--json'], capture_output=True, text=True)
            got = json.loads(p.stdout).get('modifier') if p.returncode == 0 else p.stderr.strip()
            if got != want:
                failures.append('interpreter: ties %s, odds %d:%d: modifier %s, not %s' % (band, a, b, got, want))
        report.append('interpreter: %d situations' % len(situations))
        ran = 0
        for name, lang, tools, build, port in TARGETS:
            if not all(shutil.which(t) for t in tools):
                if require:
                    failures.append('%s: %s missing' % (name, ' '.join(tools)))
                continue
            out = os.path.join(work, name)
            p = subprocess.run([rtab, 'compile', '--target', lang, src, '-o', out], capture_output=True, text=True)
            if p.returncode == 0 and build:
                p = subprocess.run(build(out), capture_output=True, text=True)
            if p.returncode != 0:
                failures.append('%s: building: %s' % (name, (p.stdout + p.stderr)[:2000]))
                continue
            stdin = ''.join(json.dumps({'table': 't_' + band, 'inputs': {'attack': a, 'defence': b}, 'faces': [1]}) + '\n'
                            for band, a, b in situations)
            p = subprocess.run(port(out), input=stdin, capture_output=True, text=True, timeout=300)
            answers = p.stdout.splitlines()
            if p.returncode != 0 or len(answers) != len(situations):
                failures.append('%s: exit %d, %d answers of %d: %s' % (name, p.returncode, len(answers),
                                                                      len(situations), p.stderr[:2000]))
                continue
            for (band, a, b), line in zip(situations, answers):
                got, want = json.loads(line).get('modifier'), expected(F(a, b), band == 'up')
                if got != want:
                    failures.append('%s: ties %s, odds %d:%d: modifier %s, not %s' % (name, band, a, b, got, want))
            ran += 1
            report.append('%s: %d situations' % (name, len(situations)))
    for line in report:
        print('ok: ' + line)
    for line in failures:
        print('FAIL: ' + line)
    if failures:
        return 1
    return 0 if ran or require else 77


sys.exit(main())
