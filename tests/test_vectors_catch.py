#!/usr/bin/env python3
"""Vectors that catch the bugs ports really have.

The reference port (examples/port-python) passes every vector of every
bundled ruleset and language fixture. Each mutation below plants one bug
of the kind ports of rules tables get wrong; the vectors of those rulesets
must tell every mutated port from rtab: at least one vector disagrees, and the first is
printed with its situation. A mutation that no vector catches fails.

Usage: test_vectors_catch.py RTAB SOURCE_ROOT [--sample]

The port as it stands must agree where each mutant first disagrees (else the
mutant was not what the vector caught). The whole tier checks that it agrees
on every vector of every ruleset; with --sample (the quick tier) only there:
the whole sweep of the port is vectors-three-ways-all's as well.
"""

import glob
import json
import os
import subprocess
import sys
import types

rtab, root = sys.argv[1], sys.argv[2]
sample = '--sample' in sys.argv[3:]
PORT = os.path.join(root, 'examples', 'port-python', 'rtab_port.py')
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vector_answer import KINDS  # noqa: E402
import vector_answer  # noqa: E402

# (what, the text of the port, what it becomes)
MUTATIONS = [
    ('off-by-one range boundary: the row of the roll above',
     "r = col['row_of_roll'][roll - t['roll_min']]",
     "r = col['row_of_roll'][min(roll - t['roll_min'] + 1, len(col['row_of_roll']) - 1)]"),
    ('a modifier on the wrong side: the defender\'s sign ignored',
     "'signed': -value if m['sign'] < 0 else value,",
     "'signed': value,"),
    ('the table\'s cap not applied',
     "modifier = min(max(modifier, t['cap_min']), t['cap_max'])",
     "modifier = modifier"),
    ('a group\'s cap not applied',
     "s = min(max(s, grp['cap_min']), grp['cap_max'])",
     "s = s"),
    ('natural-roll rules ignored',
     "nat = self.natural_rule(t, faces) if faces else -1",
     "nat = -1"),
    ('a column shift not clamped at the first column',
     "column = col if col < lo or col > hi else min(max(col + shift, lo), hi)",
     "column = col if col < lo or col > hi else min(col + shift, hi)"),
    ('a modifier missing in one column: the last column reads the roll without the first modifier',
     "        c = columns[column]\n",
     "        c = columns[column]\n"
     "        if column == len(columns) - 1 and len(columns) > 1:\n"
     "            roll -= next((a['signed'] for a in applied if not a['shift'] and a['counted']), 0)\n"),
    ('stacking: best and worst swapped',
     "keep_j = j_better if best else",
     "keep_j = (not j_better) if best else"),
    ('the extra DRM added after the cap',
     "modifier_raw = self.apply_list(t, t['modifiers'], False, inputs, ctx, applied, drm)\n"
     "        modifier = modifier_raw\n",
     "modifier_raw = self.apply_list(t, t['modifiers'], False, inputs, ctx, applied, 0)\n"
     "        modifier = modifier_raw\n"
     "        modifier_raw += drm\n"),
]


def load_port(source, name):
    mod = types.ModuleType(name)
    sys.modules[name] = mod  # what the port defines may look itself up
    exec(compile(source, PORT + ' (' + name + ')', 'exec'), mod.__dict__)
    return mod


def answer(port, rs, v):
    try:
        return vector_answer.answer(port, rs, v)
    except (IndexError, KeyError, TypeError, ValueError) as e:  # a mutated port may crash
        return {'crash': repr(e)}


def expected(v):
    return {k: x for k, x in v.items()
            if k not in KINDS + ['inputs', 'faces', 'drm', 'then', 'reasons']}


def first_difference(port, rulesets):
    for doc, vectors in rulesets():
        rs = port.Ruleset(doc)
        for v in vectors:
            got, want = answer(port, rs, v), expected(v)
            if {k: got.get(k) for k in want} != want:
                return v, {k: got.get(k) for k in want if got.get(k) != want[k]}
    return None


paths = sorted(glob.glob(os.path.join(root, 'tables', '*.rtab')))
paths += sorted(glob.glob(os.path.join(root, 'tests', 'groups', '*.rtab')))
paths += sorted(glob.glob(os.path.join(root, 'tests', 'constructs', 'fixtures', '*.rtab')))
loaded = {}  # path -> (doc, vectors), or None for a fixture of an error


def load(path):
    """A ruleset's export and vectors, made the first time a port needs
    them: most mutants are caught in the first few rulesets."""
    if path not in loaded:
        p = subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True, text=True)
        if p.returncode != 0:
            loaded[path] = None  # a fixture of an error: nothing to port
        else:
            out = subprocess.run([rtab, 'vectors', path], capture_output=True, text=True, check=True).stdout
            loaded[path] = (json.loads(p.stdout), [json.loads(line) for line in out.splitlines()])
    return loaded[path]


def rulesets_in_order():
    for path in paths:
        if load(path) is not None:
            yield loaded[path]


rulesets = rulesets_in_order
with open(PORT, encoding='utf-8') as f:
    source = f.read()
failures = 0
as_is = load_port(source, 'port_as_is')
if not sample and first_difference(as_is, rulesets) is not None:
    print('FAIL: the port as it stands disagrees with the vectors')
    failures += 1
for i, (what, old, new) in enumerate(MUTATIONS):
    if source.count(old) != 1:
        print('FAIL: mutation "%s": its text occurs %d times in the port' % (what, source.count(old)))
        failures += 1
        continue
    diff = first_difference(load_port(source.replace(old, new), 'port_mutant_%d' % i), rulesets)
    if diff is None:
        print('FAIL: no vector catches: %s' % what)
        failures += 1
    else:
        v, got = diff
        doc = next(d for d, vs in rulesets() if any(x is v for x in vs))
        if first_difference(as_is, lambda: [(doc, [v])]) is not None:
            print('FAIL: mutation "%s": the port as it stands disagrees there too' % what)
            failures += 1
            continue
        kind = next(k for k in KINDS if k in v)
        print('ok: caught: %s\n    at %s %s, inputs %s, faces %s, drm %s: got %s' % (
            what, kind, v[kind], json.dumps(v['inputs'], ensure_ascii=False)[:200], v.get('faces'),
            v.get('drm'), json.dumps(got, ensure_ascii=False)[:200]))
done = [r for r in loaded.values() if r is not None]
print('%d mutations, %d vectors of %d rulesets read, %d failures' % (
    len(MUTATIONS), sum(len(r[1]) for r in done), len(done), failures))
sys.exit(1 if failures else 0)
