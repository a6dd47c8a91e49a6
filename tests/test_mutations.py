#!/usr/bin/env python3
"""Deliberately wrong ports fail conformance: each bug below, planted in the
Python module rtab compile --target python writes, makes rtab conform exit 1
on at least one bundled ruleset with a message that names the situation
(the vector's number and what it resolves). A mutation that passes every
ruleset is a hole in the vectors.

usage: test_mutations.py RTAB SOURCE_ROOT
"""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.chdir(root)

# name: (what the resolver says, what the wrong port says instead)
MUTATIONS = {
    'off-by-one row boundary': (
        "            r = col['row_of_roll'][roll - t['roll_min']]",
        "            r = col['row_of_roll'][max(roll - t['roll_min'] - 1, 0)]"),
    'a modifier on the wrong side': (
        "'signed': -value if m['sign'] < 0 else value",
        "'signed': value"),
    'the cap not applied': (
        "        if t['capped']:\n            modifier = min(max(modifier, t['cap_min']), t['cap_max'])",
        "        pass"),
    'a natural rule ignored': (
        "        nat = self.natural_rule(t, faces) if faces else -1",
        "        nat = -1"),
    'a shift not clamped': (
        "        column = min(max(col + shift, first), end - 1)",
        "        column = col + shift"),
    'a modifier missing in one column': (
        "        c = columns[column]\n",
        "        c = columns[column]\n"
        "        if column == end - 1 and column > first and applied and not applied[0]['shift']:\n"
        "            roll -= applied[0]['signed']\n"),
}

# The bundled rulesets, and a fixture whose column shift runs past the last
# column: its coverage vectors never turn the shift on there (a hole of the
# vectors), so it runs with --exhaustive.
rulesets = sorted(glob.glob('tables/*.rtab')) + ['tests/constructs/fixtures/shifts.rtab']
OPTIONS = {'tests/constructs/fixtures/shifts.rtab': ['--exhaustive']}
failures = []
with tempfile.TemporaryDirectory() as tmp:
    modules = {}
    for path in rulesets:
        d = os.path.join(tmp, os.path.basename(path))
        subprocess.run([rtab, 'compile', '--target', 'python', path, '-o', d], check=True,
                       stderr=subprocess.DEVNULL)
        (name,) = os.listdir(d)
        with open(os.path.join(d, name), encoding='utf-8') as f:
            modules[path] = (os.path.join(d, name), f.read())

    def run(job):
        mutation, path = job
        good, bad = MUTATIONS[mutation]
        module, source = modules[path]
        if source.count(good) != 1:
            return mutation, path, None, 'the resolver no longer says %r once' % good
        wrong = module[:-3] + '_' + re.sub(r'\W+', '_', mutation) + '.py'
        with open(wrong, 'w', encoding='utf-8') as f:
            f.write(source.replace(good, bad))
        p = subprocess.run([rtab, 'conform', path, *OPTIONS.get(path, []), '--', sys.executable, wrong],
                           capture_output=True, text=True, timeout=300)
        return mutation, path, p, None

    jobs = [(m, p) for m in MUTATIONS for p in rulesets]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(run, jobs))
    caught = {m: [] for m in MUTATIONS}
    for mutation, path, p, problem in results:
        if problem:
            failures.append('%s: %s' % (mutation, problem))
            continue
        if p.returncode == 0:
            continue
        out = p.stdout + p.stderr
        named = re.search(r'vector \d+ \((table|reactions|transition|distance|procedure) \w+', out)
        if p.returncode != 1 or not named:
            failures.append('%s on %s: exit %d without naming the situation: %s' % (
                mutation, path, p.returncode, out[:500]))
            continue
        caught[mutation].append('%s (%s)' % (path, named.group(0)))
    for mutation, where in caught.items():
        if where:
            print('caught: %s: on %d of %d rulesets, e.g. %s' % (mutation, len(where), len(rulesets), where[0]))
        else:
            failures.append('%s passes conformance on every bundled ruleset' % mutation)

for f in failures:
    print('FAIL ' + f)
sys.exit(1 if failures else 0)
