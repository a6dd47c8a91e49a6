#!/usr/bin/env python3
"""The rows of every table as the generated C holds them (tests/rows/rows_dump.c,
through the accessors of rtab.h) are the rows of the compiler's model (rtab export
--format json), and each table took the form it was written for (make_rows.py).

usage: test_rows.py RTAB ROWS_DUMP RULESET.rtab"""
import json
import subprocess
import sys

rtab, dump, source = sys.argv[1:4]


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


p = subprocess.run([rtab, 'export', '--format', 'json', source], capture_output=True, text=True)
if p.returncode != 0:
    fail('rtab export: exit %d: %s' % (p.returncode, p.stderr))
model = json.loads(p.stdout)
p = subprocess.run([dump], capture_output=True, text=True)
if p.returncode != 0:
    fail('%s: exit %d: %s' % (dump, p.returncode, p.stderr))

forms = {}
rows = {}
for line in p.stdout.splitlines():
    if line.startswith('table '):
        _, tid, form, notes = line.split(' ')
        forms[tid] = (form, notes)
        rows[tid] = []
    else:
        head, rule, why = line.split('\t')
        _, tid, _, outcome = head.split(' ')
        rows[tid].append((outcome, None if rule == '-' else rule, None if why == '-' else why))

want_forms = {'far': ('narrow16', '3+index'), 'shared': ('narrow8', '1'), 'bare': ('narrow8', '0'),
              'many': ('wide', '0')}
if forms != want_forms:
    fail('the forms of the rows: %r, expected %r' % (forms, want_forms))

checked = 0
for t in model['tables']:
    want = [(r['outcome_id'], r['rule'], r['provisional']) for r in t['rows']]
    got = rows.get(t['id'])
    if got != want:
        for k, (g, w) in enumerate(zip(got or [], want)):
            if g != w:
                fail('table %s row %d: the generated C reads %r, the model %r' % (t['id'], k, g, w))
        fail('table %s: %d rows in the generated C, %d in the model' % (t['id'], len(got or []), len(want)))
    checked += len(want)
if checked < 300:
    fail('only %d rows compared' % checked)
print('ok: %d rows of %d tables read alike from the generated C and the model' % (checked, len(model['tables'])))
