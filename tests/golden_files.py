#!/usr/bin/env python3
"""Every golden file belongs to a test that compares with it, and every case
has its golden files: a golden left behind when a case is renamed or
dropped, or a case whose expected file was never written, fails here.
usage: golden_files.py SOURCE_ROOT"""
import glob
import os
import re
import sys

root = sys.argv[1]
problems = []


def stems(pattern):
    return {os.path.basename(p).rsplit('.', 1)[0] for p in glob.glob(os.path.join(root, pattern))}


def meson_names(path):
    """The quoted names of a meson.build (the lists of cases)."""
    with open(os.path.join(root, path)) as f:
        return set(re.findall(r"'([a-z0-9_]+)'", re.sub(r'#.*', '', f.read())))


def need(cases, pattern, what):
    for c in sorted(cases - stems(pattern)):
        problems.append('%s: case %s has no %s' % (what, c, pattern.replace('*', c)))


def known(pattern, cases, what):
    for s in sorted(stems(pattern) - cases):
        problems.append('%s: %s belongs to no case' % (what, pattern.replace('*', s)))


listed = meson_names('tests/golden/meson.build')
golden = stems('tests/golden/*.rtab')
known('tests/golden/*.rtab', listed, 'tests/golden/meson.build')
for ext in ('c', 'h'):
    need(golden, 'tests/golden/*.' + ext, 'tests/golden')
for ext in ('c', 'h', 'err'):
    known('tests/golden/*.' + ext, golden, 'tests/golden')

listed = meson_names('tests/bad/meson.build')
bad = stems('tests/bad/*.err')
known('tests/bad/*.err', listed, 'tests/bad/meson.build')
known('tests/bad/*.rtab', bad, 'tests/bad')
known('tests/bad/*.args', bad, 'tests/bad')
need(listed & stems('tests/bad/*.rtab'), 'tests/bad/*.err', 'tests/bad')

with open(os.path.join(root, 'tests/odds/cases.txt')) as f:
    odds = {line.split('|')[0] for line in f if line.strip() and not line.startswith('#')}
need(odds, 'tests/odds/*.out', 'tests/odds/cases.txt')
known('tests/odds/*.out', odds, 'tests/odds/cases.txt')

tables = stems('tables/*.rtab')
for ext in ('c', 'h'):
    need(tables, 'generated/*.' + ext, 'generated')
    known('generated/*.' + ext, tables, 'generated')

for p in problems:
    print('FAIL', p)
print('%d golden file problems' % len(problems))
sys.exit(1 if problems else 0)
