#!/usr/bin/env python3
"""Damage each line of each bundled table in turn: a diagnostic must name
that file and that line.

A stray '@@' where the line starts is never valid, whatever the line held.
Every damaged copy of a table is checked in one `rtab check` run (which
checks each file on its own and reports all of a file's errors), so the
whole sweep costs a few processes per table rather than several per line.
`rtab compile`'s own promise on a damaged file (exit 1, the diagnostic
names the line, the earlier output left byte for byte as it was) is run on
one line in STRIDE of each table, a different residue for each table, and
on its first and last lines.

With --sample (the quick tier, and the sanitized run of CI) only those
lines are damaged, each through rtab check and rtab compile.

usage: test_damage.py RTAB TABLES_DIR [--sample]
"""
import atexit
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

from dir_bytes import dir_bytes

STRIDE = 40

rtab, tables = os.path.abspath(sys.argv[1]), sys.argv[2]
only_sample = sys.argv[3:] == ['--sample']
tmp = tempfile.mkdtemp()
atexit.register(shutil.rmtree, tmp, ignore_errors=True)
failed = []
checked = compiled = 0


def damaged_copy(lines, n, name):
    """The table with '@@' before its line n (1-based), as DIR/NAME, the name kept."""
    d = os.path.join(tmp, 'line%d' % n)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, name)
    with open(path, 'w', encoding='utf-8', newline='') as f:
        f.write(''.join(line if i != n - 1 else '@@' + line for i, line in enumerate(lines)))
    return path


for index, table in enumerate(sorted(glob.glob(os.path.join(tables, '*.rtab')))):
    name = os.path.basename(table)
    with open(table, encoding='utf-8', newline='') as f:
        lines = f.read().splitlines(keepends=True)
    out = os.path.join(tmp, 'out')
    os.makedirs(out, exist_ok=True)
    for stale in os.listdir(out):
        os.remove(os.path.join(out, stale))
    r = subprocess.run([rtab, 'compile', table, '-o', out], capture_output=True, text=True)
    if r.returncode:
        sys.exit('FAIL: %s does not compile:\n%s' % (name, r.stderr))
    before = dir_bytes(out)

    sample = {1, len(lines)} | set(range(1 + index % STRIDE, len(lines) + 1, STRIDE))
    damaged = sorted(sample) if only_sample else range(1, len(lines) + 1)
    copies = {n: damaged_copy(lines, n, name) for n in damaged}
    r = subprocess.run([rtab, 'check'] + list(copies.values()), capture_output=True, text=True)
    if r.returncode != 1:
        failed.append('%s: rtab check of every damaged copy exited %d, expected 1' % (name, r.returncode))
    named = set()
    for m in re.finditer(r'^(.*?):(\d+):\d+: error: ', r.stderr + r.stdout, re.M):
        named.add((m.group(1), int(m.group(2))))
    for n, path in copies.items():
        checked += 1
        if (path, n) not in named:
            failed.append('%s line %d damaged: no error names line %d' % (name, n, n))

    for n in sorted(sample):
        compiled += 1
        r = subprocess.run([rtab, 'compile', copies[n], '-o', out], capture_output=True, text=True)
        where = '%s line %d damaged, rtab compile' % (name, n)
        if r.returncode != 1:
            failed.append('%s: exit %d, expected 1' % (where, r.returncode))
        elif not re.search(r'^%s:%d:\d+: error: ' % (re.escape(copies[n]), n), r.stderr, re.M):
            failed.append('%s: no error names line %d:\n%s' % (where, n, r.stderr[:300]))
        elif dir_bytes(out) != before:
            failed.append('%s: the output directory changed' % where)

for f in failed[:50]:
    print('FAIL:', f)
if len(failed) > 50:
    print('... and %d more failures' % (len(failed) - 50))
print('%d damaged lines named by rtab check, %d of them also through rtab compile; %d failures' %
      (checked, compiled, len(failed)))
sys.exit(1 if failed or not checked else 0)
