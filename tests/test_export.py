#!/usr/bin/env python3
"""rtab export --format json: every bundled ruleset and fixture validates
against docs/export-schema.json; the validator rejects documents it must
reject; every field of every runtime structure reaches the export; the
CSV, Markdown and HTML exports carry every table's cells.

usage: test_export.py RTAB SOURCE_ROOT
"""
import csv
import glob
import io
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import json_schema  # noqa: E402
from export_cells import grid_lines, is_grid, marked, printed  # noqa: E402

rtab, root = sys.argv[1], sys.argv[2]
rtab = os.path.abspath(rtab)
os.chdir(root)
failed = []


def fail(msg):
    failed.append(msg)
    print('FAIL:', msg)


def export(fmt, path, *extra):
    proof = ('--proof',) if fmt in ('html', 'markdown') else ()  # the review sheet: ids, rules, provisional marks
    p = subprocess.run([rtab, 'export', '--format', fmt, path, *proof, *extra], capture_output=True, text=True)
    if p.returncode != 0 or p.stderr:
        fail('rtab export --format %s %s: exit %d, stderr %r' % (fmt, path, p.returncode, p.stderr))
    return p.stdout


with open('docs/export-schema.json', encoding='utf-8') as f:
    schema = json.load(f)

files = sorted(glob.glob('tables/*.rtab')) + ['tests/odds/odds_cases.rtab', 'tests/export/grid_marks.rtab',
         'tests/constructs/fixtures/round_ranges.rtab', 'tests/export/rule_refs.rtab',
         'tests/odds/groups.rtab']
docs = {}
for path in files:
    doc = json.loads(export('json', path))
    docs[path] = doc
    errors = json_schema.validate(doc, schema)
    for e in errors[:10]:
        fail('%s: %s' % (path, e))
    print('ok: %s validates (%d tables, %d modifiers, %d examples)' % (
        path, len(doc['tables']), len(doc['modifiers']), len(doc['examples'])))

# Outcome groups: each with its members in the order written.
groups = {g['id']: g for g in docs['tests/odds/groups.rtab'].get('outcome_groups', [])}
if not groups:
    fail('tests/odds/groups.rtab: no outcome_groups exported')
for gid, g in groups.items():
    if not g['members'] or not all(m in {o['id'] for o in docs['tests/odds/groups.rtab']['outcomes']} for m in g['members']):
        fail('outcome group %s: members %r are not outcomes of the ruleset' % (gid, g['members']))
for fmt in ('markdown', 'html'):
    text = export(fmt, 'tests/odds/groups.rtab').replace('<wbr>', '').replace('\\_', '_')
    for gid, g in groups.items():
        if ', '.join(g['members']) not in text:
            fail('%s --proof: outcome group %s does not list its members %s' % (fmt, gid, ', '.join(g['members'])))

# Examples whose inputs are exact numbers (2.5): the schema allows them.
for path in sorted(glob.glob('tests/exact/*.rtab')):
    doc = json.loads(export('json', path))
    exact = [v for e in doc['examples'] for c in e['checks'] for v in c['inputs'].values()
             if isinstance(v, float)]
    if path.endswith('rounding.rtab') and not exact:
        fail('%s: no example input is an exact number' % path)
    errors = json_schema.validate(doc, schema)
    for e in errors[:10]:
        fail('%s: %s' % (path, e))
    print('ok: %s validates (%d exact numbers in examples)' % (path, len(exact)))

# The validator must be able to fail.
doc = json.loads(json.dumps(docs['tables/musket_pike.rtab']))
doc['tables'][0]['rows'][0]['ranges'][0] = 'three'
del doc['modifiers'][0]['condition']['text']
doc['version'] = 2
errors = json_schema.validate(doc, schema)
for want in ['ranges[0]', 'the required key "text"', '$.version']:
    if not any(want in e for e in errors):
        fail('the validator did not report %s: %s' % (want, errors))

# Every field of every runtime structure reachable from the ruleset appears
# in the export under its C name.
with open('runtime/rtab.h', encoding='utf-8') as f:
    header = re.sub(r'/\*.*?\*/', ' ', f.read(), flags=re.S)
structs = {}
for m in re.finditer(r'typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*\w+\s*;', header, re.S):
    names = []
    for decl in m.group(2).split(';'):
        decl = ' '.join(decl.split())
        if decl:
            for d in decl.split(',')[0:]:
                name = re.findall(r'(\w+)\s*(?:\[\w+\])?\s*$', d)
                if name:
                    names.append(name[-1])
    structs[m.group(1)] = names
seen = {}


def collect(x):
    if isinstance(x, dict):
        for k, v in x.items():
            seen.setdefault(k, 0)
            seen[k] += 1
            collect(v)
    elif isinstance(x, list):
        for v in x:
            collect(v)


for doc in docs.values():
    collect(doc)
not_in_model = {'rtab_result', 'rtab_applied_modifier', 'rtab_eval_ctx', 'rtab_lean_result',
                # what rtab_expr.fold points to (derived from the program, not exported)
                'rtab_fold', 'rtab_fold_key'}
# The narrow forms the C emitter writes: the export gives their content under the wide name.
narrow_forms = {('rtab_column', 'row_of_roll8'), ('rtab_matrix', 'cells8'), ('rtab_matrix', 'cells16'),
                ('rtab_matrix', 'reason_of'), ('rtab_matrix', 'reasons'),
                ('rtab_table', 'row_outcome8'), ('rtab_table', 'row_outcome16'), ('rtab_table', 'nrow_notes'),
                ('rtab_table', 'row_notes'), ('rtab_table', 'row_note'),
                # generated code, not data: NULL in the model the exports read
                ('rtab_ruleset', 'native_resolve'),
                # an expression's values folded for the runtime: the program is exported
                ('rtab_expr', 'fold')}
for struct, fields in structs.items():
    if struct in not_in_model:
        continue
    for name in fields:
        if name not in seen and (struct, name) not in narrow_forms:
            fail('field %s.%s of runtime/rtab.h is in no export' % (struct, name))

# Expressions: each readable form, written back into the source, compiles to
# the very program it was read from.
with open('tests/export/expressions.rtab', encoding='utf-8') as f:
    source = f.read()
doc = json.loads(export('json', 'tests/export/expressions.rtab'))
lines = []
for line in source.splitlines():
    m = re.match(r'modifier (\w+) @ "3" \{ en "([^"]*)";', line)
    if m:
        mod = next(x for x in doc['modifiers'] if x['id'] == m.group(1))
        when = ' when %s;' % mod['condition']['text'] if mod['condition']['ninstrs'] else ''
        line = 'modifier %s @ "3" { en "%s";%s value %s; }' % (m.group(1), m.group(2), when, mod['value']['text'])
    lines.append(line)
with tempfile.TemporaryDirectory() as tmp:
    again = os.path.join(tmp, 'expressions.rtab')
    with open(again, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')
    doc2 = json.loads(export('json', again))
for m1, m2 in zip(doc['modifiers'], doc2['modifiers']):
    for part in ('condition', 'value'):
        if m1[part]['instrs'] != m2[part]['instrs']:
            fail('the %s of %s reads %r, which compiles to another program' % (part, m1['id'], m1[part]['text']))
print('ok: %d modifiers: each readable expression compiles back to its program' % len(doc['modifiers']))

# CSV: one section per table and matrix; every range as printed, every outcome id.
for path, doc in docs.items():
    text = export('csv', path)
    rows = list(csv.reader(io.StringIO(text)))
    for t in doc['tables']:
        mine = [r for r in rows if r and r[0] == t['id']]
        if is_grid(t):
            # The printed grid, then what each cell stands for.
            lines = grid_lines(doc, t)
            if [[x.replace(' \u2020', '') for x in r[1:]] for r in mine[:len(lines)]] != lines:
                fail('%s: CSV grid of %s is %s, not %s' % (path, t['id'], mine[:len(lines)], lines))
            for o in {doc['outcomes'][row['outcome']]['id'] for row in t['rows']}:
                code = next(x['code'] for x in doc['outcomes'] if x['id'] == o)
                if not any(r[1:3] == [code, o] for r in mine[len(lines):]):
                    fail('%s: CSV does not say what cell %s of %s stands for' % (path, code, t['id']))
            continue
        if len(mine) != len(t['rows']):
            fail('%s: CSV has %d rows of table %s, not %d' % (path, len(mine), t['id'], len(t['rows'])))
            continue
        for r, row in zip(mine, t['rows']):
            cells = printed(doc, t, row)
            if r[1:1 + len(cells)] != cells or r[1 + len(cells)] != row['outcome_id']:
                fail('%s: CSV row %s is not %s %s' % (path, r, cells, row['outcome_id']))

# Markdown: each table's ranges and outcomes, in a pipe table.
for path, doc in docs.items():
    text = export('markdown', path)
    for t in doc['tables']:
        if is_grid(t):
            for line in grid_lines(doc, t):
                if '| %s |' % ' | '.join(line) not in text.replace(' \u2020 |', ' |'):
                    fail('%s: Markdown lacks the line %s of %s' % (path, line, t['id']))
            continue
        for row in t['rows']:
            cells = ' | '.join(marked(doc, t, row))
            if '| %s | %s |' % (cells, row['outcome_id']) not in text:
                fail('%s: Markdown lacks the row %s -> %s of %s' % (path, cells, row['outcome_id'], t['id']))

    # Outcomes: their effects, and what they trigger (nothing where they trigger nothing).
    for o in doc['outcomes']:
        effects = '; '.join(e['text'] for e in o['effects'])
        if not o['triggers'] and '| %s |  | %s |' % (effects, o['rule']) not in text:
            fail('%s: Markdown lacks the outcome %s with its effects %r and no trigger' % (path, o['id'], effects))

# A printed grid's provisional line: its cells carry the mark in CSV and
# Markdown, and its reason, naming the cells, is beside the grid in every format.
fixture = 'tests/export/grid_marks.rtab'
reason = '\u2020 provisional (the line is smudged): rolls 3-4 at 1:2, rolls 3-4 at 1:1, rolls 3-4 at 2:1'
rows = list(csv.reader(io.StringIO(export('csv', fixture))))
if ['crt', '3-4', 'AR \u2020', 'DR \u2020', 'DE \u2020'] not in rows or ['crt', '1-2', 'AR', 'AR', 'DR'] not in rows:
    fail('%s: the CSV grid does not mark the provisional line alone: %s' % (fixture, rows))
for fmt in ('markdown', 'html'):
    text = export(fmt, fixture)
    if reason not in text:
        fail('%s: the %s export lacks %r' % (fixture, fmt, reason))
if '| 3-4 | AR \u2020 | DR \u2020 | DE \u2020 |' not in export('markdown', fixture):
    fail('%s: the Markdown grid does not mark the provisional line' % fixture)

# A printed grid's automatic ends and its reasons reach the CSV, beside the grid.
for note in ['column <1:2: attacker_eliminated, without a roll', 'column 3:1+: defender_eliminated, without a roll',
             reason]:
    if ['crt', note] not in rows:
        fail('%s: the CSV export lacks the note %r: %s' % (fixture, note, rows))

# Outcomes that carry numbers: each instantiation points at its declaration,
# holds one number per parameter within its domain (or a named value's), and
# its id and label are the declaration's with those numbers put in.
numeric_seen = 0
for path, doc in docs.items():
    for o in doc['outcomes']:
        if not o['nvalues']:
            if o['numeric_id'] is not None:
                fail('%s: plain outcome %s names a numeric outcome' % (path, o['id']))
            continue
        numeric_seen += 1
        n = doc['numeric_outcomes'][o['numeric']]
        if o['numeric_id'] != n['id'] or len(o['values']) != n['nparams']:
            fail('%s: outcome %s: numeric %r, %d values for %d parameters' % (
                path, o['id'], o['numeric_id'], len(o['values']), n['nparams']))
            continue
        parts, label = [n['id']], n['labels'].get('en') or ''
        for p, v in zip(n['params'], o['values']):
            named = [sv for sv in p['specials'] if sv['value'] == v]
            if not named and not p['min'] <= v <= p['max']:
                fail('%s: outcome %s: %s = %d outside %d..%d' % (path, o['id'], p['id'], v, p['min'], p['max']))
            text = named[0]['id'] if named else str(v)
            parts.append(text if v >= 0 or named else 'm%d' % -v)
            label = label.replace('{%s}' % p['id'], text)
        if o['id'] != '_'.join(parts):
            fail('%s: outcome %s should be named %s' % (path, o['id'], '_'.join(parts)))
        if (o['labels'].get('en') or '') != label:
            fail('%s: outcome %s is labelled %r, not %r' % (path, o['id'], o['labels'].get('en'), label))
if numeric_seen < 20:
    fail('only %d outcomes that carry numbers in the bundled tables' % numeric_seen)
else:
    print('ok: %d outcomes that carry numbers match their declarations' % numeric_seen)

# Usage errors.
for args, status in [(['export', 'tables/musket_pike.rtab'], 2),
                     (['export', '--format', 'yaml', 'tables/musket_pike.rtab'], 2),
                     (['export', '--format', 'html', '--locale', 'fr', 'tables/musket_pike.rtab'], 2),
                     (['export', '--format', 'html', '--locale', 'en,ru,en', 'tables/musket_pike.rtab'], 2),
                     (['export', '--format', 'json', 'nonexistent.rtab'], 1),
                     (['export', '--format', 'json', 'tables/musket_pike.rtab', '-Wbogus'], 2),
                     (['export', '--format', 'json', 'tables/musket_pike.rtab', '-Werror'], 0),
                     (['vectors', 'tables/musket_pike.rtab', 'melee', '-Wbogus'], 2),
                     (['export', '--format', 'pdf', '--paper', 'a3', 'tables/musket_pike.rtab'], 2),
                     (['export', '--format', 'json', '--proof', 'tables/musket_pike.rtab'], 2),
                     (['export', '--format', 'pdf', '--locale', 'fr', 'tables/musket_pike.rtab'], 2),
                     (['export', '--help'], 0)]:
    p = subprocess.run([rtab, *args], capture_output=True, text=True)
    if p.returncode != status:
        fail('rtab %s: exit %d, expected %d' % (' '.join(args), p.returncode, status))

# The paper of the player aid: an unknown size names the accepted ones and
# leaves the output as it was; each accepted one reaches the print style.
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, 'aid.html')
    with open(out, 'w') as f:
        f.write('before')
    p = subprocess.run([rtab, 'export', '--format', 'html', '--paper', 'a3', 'tables/classic_odds.rtab', '-o', out],
                       capture_output=True, text=True)
    if p.returncode != 2 or 'a4, a5, letter, legal, half-letter or card' not in p.stderr or open(out).read() != 'before':
        fail('export --paper a3: exit %d, %r, the output %r' % (p.returncode, p.stderr, open(out).read()[:20]))
    for paper, size in (('a4', 'size:A4'), ('letter', 'size:letter')):
        p = subprocess.run([rtab, 'export', '--format', 'html', '--paper', paper, 'tables/classic_odds.rtab'],
                           capture_output=True, text=True)
        if size not in p.stdout:
            fail('export --format html --paper %s: no %r in the print style' % (paper, size))

print('%d failures' % len(failed))
sys.exit(1 if failed else 0)
