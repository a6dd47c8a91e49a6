#!/usr/bin/env python3
"""docs/audit.md, held to the tables it describes, line by line.

Each row of a seed's table names where the sentence is encoded (`mb:name`,
`mp:name`, `nc:name`: a definition of tables/mass_battle.rtab,
musket_pike.rtab or napoleonic_charge.rtab) and the examples that prove it
(`name` in the proof column). Here:
  - every `file:definition` is a definition of that file;
  - every proof example is an example of the seed's file, and `rtab test -v`
    reports it passing;
  - a row whose status is `provisional` or `contradiction` names a definition
    that carries a `provisional` mark (the mark it claims is there), and every
    row encoded in any way has a proof example;
  - the status column's counts are the totals the Totals section states, and
    the rows per seed are its sentence counts;
  - the count of provisional readings it states per file is what `rtab check`
    reports;
  - the requirements it names refuse the situation it says they refuse.

Usage: test_audit.py RTAB SOURCE_ROOT
"""

import os
import re
import subprocess
import sys

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
AUDIT = os.path.join(root, 'docs', 'audit.md')
FILES = {'mb': 'tables/mass_battle.rtab', 'mp': 'tables/musket_pike.rtab',
         'nc': 'tables/napoleonic_charge.rtab'}
SEED_FILE = {'000': 'mb', '001': 'mb', '002': 'mp', '003': 'mp', '004': 'nc'}
STATUSES = ('encoded', 'provisional', 'contradiction', 'label', 'comment', '—')
DEFINITION = re.compile(
    r'^(?:ruleset|dice|enum|input|effect|outcome|modifier|table|matrix|ratio|group|'
    r'reactions|transition|distance|procedure|example|require|outcomes)\s+(\w+)', re.M)
failures = []


def definition_text(key, name):
    """The text of the definitions so named (an input and a modifier may share
    a name), each up to the next definition."""
    source = sources[key]
    starts = list(DEFINITION.finditer(source))
    text = ''
    for i, m in enumerate(starts):
        if m.group(1) == name:
            end = starts[i + 1].start() if i + 1 < len(starts) else len(source)
            text += source[m.start():end]
    return text


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def run(*args):
    p = subprocess.run(list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root,
                       timeout=120)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]


text = open(AUDIT, encoding='utf-8').read()
sources = {k: open(os.path.join(root, f), encoding='utf-8').read() for k, f in FILES.items()}
definitions = {k: set(DEFINITION.findall(s)) for k, s in sources.items()}
examples = {k: {m for m in re.findall(r'^example\s+(\w+)', s, re.M)} for k, s in sources.items()}

# Which examples pass, per file.
passing = {}
for key, path in FILES.items():
    rc, out, err = run(rtab, 'test', '-v', path)
    passing[key] = set(re.findall(r': example (\w+) @ .*: ok$', out + err, re.M))
    if rc != 0:
        fail('%s: rtab test exits %d' % (path, rc))

# The rows, seed by seed.
rows = []
seed = None
for line in text.splitlines():
    m = re.match(r'## Seed (\d{3})\b', line)
    if m:
        seed = m.group(1)
        continue
    if line.startswith('## '):
        seed = None
        continue
    if seed is None or not line.startswith('| ') or line.startswith('| # ') or line.startswith('|---'):
        continue
    c = cells(line)
    if len(c) != 5:
        fail('seed %s: a row with %d columns, not 5: %s' % (seed, len(c), line[:60]))
        continue
    rows.append((seed,) + tuple(c))

counts = {s: 0 for s in STATUSES}
per_seed = {}
for seed, num, says, where, proof, status in rows:
    key = SEED_FILE[seed]
    here = 'seed %s #%s' % (seed, num)
    per_seed[seed] = per_seed.get(seed, 0) + 1
    word = status.split()[0].rstrip(':;,') if status else ''
    if word not in STATUSES:
        fail('%s: status %r is none of %s' % (here, status, ', '.join(STATUSES)))
    else:
        counts[word] += 1
    for prefix, name in re.findall(r'`(mb|mp|nc):(\w+)', where + ' ' + status):
        if name not in definitions[prefix]:
            fail('%s: `%s:%s` is no definition of %s' % (here, prefix, name, FILES[prefix]))
    proofs = [] if proof == '—' else re.findall(r'`(\w+)`', proof)
    if proof != '—' and not proofs:
        fail('%s: the proof names no example: %r' % (here, proof))
    for name in proofs:
        if name not in examples[key]:
            fail('%s: proof `%s` is no example of %s' % (here, name, FILES[key]))
        elif name not in passing[key]:
            fail('%s: proof `%s` does not pass in %s' % (here, name, FILES[key]))
    if word in ('encoded', 'provisional', 'contradiction') and not proofs:
        fail('%s: status %s without a proof example' % (here, word))
    if word in ('provisional', 'contradiction'):
        named = re.findall(r'`(mb|mp|nc):(\w+)', where)
        if not any(re.search(r'^(?!\s*#).*\bprovisional\b', definition_text(k, n), re.M)
                   for k, n in named):
            fail('%s: status %s, but none of %s carries a provisional mark'
                 % (here, word, ', '.join('%s:%s' % x for x in named) or 'its definitions'))

# The Totals section against the status column.
totals = text[text.index('## Totals'):]
stated = dict(re.findall(r'^- `([^`]+)`[^*]*\*\*(\d+)\*\*', totals, re.M))
for s in STATUSES:
    if s not in stated:
        fail('Totals: no line for `%s`' % s)
    elif int(stated[s]) != counts[s]:
        fail('Totals: `%s` is %s, the status column counts %d' % (s, stated[s], counts[s]))
m = re.search(r'sentences audited: (.*?) = \*\*(\d+)\*\*', totals, re.S)
if not m:
    fail('Totals: no "sentences audited" line')
else:
    parts = re.findall(r'(\d+) \((?:seed )?(\d{3})\)', m.group(1))
    for n, s in parts:
        if per_seed.get(s) != int(n):
            fail('Totals: seed %s states %s sentences, its table has %s rows' % (s, n, per_seed.get(s)))
    if len(parts) != len(SEED_FILE) or int(m.group(2)) != len(rows):
        fail('Totals: %s sentences stated, %d rows' % (m.group(2), len(rows)))

# The provisional readings rtab check lists, per file.
m = re.search(r'lists \*\*(\d+)\*\* provisional readings \((\d+) in\s+`mass_battle`,\s+'
              r'(\d+) in\s+`musket_pike`,\s+(\d+) in\s+`napoleonic_charge`', totals)
if not m:
    fail('Totals: no count of provisional readings per file')
else:
    total = 0
    for key, n in zip(('mb', 'mp', 'nc'), m.groups()[1:]):
        rc, out, err = run(rtab, 'check', FILES[key])
        got = re.search(r'note: (\d+) provisional readings', err)
        got = int(got.group(1)) if got else 0
        total += got
        if got != int(n):
            fail('%s: rtab check lists %d provisional readings, audit.md says %s' % (FILES[key], got, n))
    if total != int(m.group(1)):
        fail('Totals: %s provisional readings stated, the files have %d' % (m.group(1), total))

# The requirements the audit cites refuse what it says they refuse.
for args, name in [
        (('tables/musket_pike.rtab', 'melee', '--set', 'attacker_type=cuirassiers', '--roll', '7'),
         'attacking_cavalry_counted'),
        (('tables/mass_battle.rtab', 'fresh_enemy_combat', '--set', 'already_in_unresolved_combat=true',
          '--set', 'already_in_fought_combat=true'), 'one_combat_state')]:
    if name not in text:
        fail('audit.md does not name the requirement %s' % name)
    rc, out, err = run(rtab, 'eval', *args)
    if rc != 1 or name not in out + err:
        fail('rtab eval %s: exit %d, expected 1 naming %s' % (' '.join(args), rc, name))

print('%d rows: %s' % (len(rows), ', '.join('%s %d' % (s, counts[s]) for s in STATUSES)))
sys.exit(1 if failures else 0)
