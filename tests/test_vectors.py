#!/usr/bin/env python3
"""Three evaluators agree on every conformance vector of every bundled ruleset
(and, but for the generated C, of the odds fixture):
the generated C linked with librtab (tests/vectors_c.c), `rtab eval --json`,
and the reference port (examples/port-python/rtab_port.py, which reads only
`rtab export --format json`). Each must give what `rtab vectors` wrote. The
port also runs the worked examples of each ruleset.

usage: test_vectors.py RTAB VECTORS_C SOURCE_ROOT [--sample]

The generated C and `rtab eval` (one `--batch` process per file) answer
every vector. With --sample (the quick tier), only the bundled rulesets are
swept, and the port answers a spread of each file's vectors (the first and
last of each table and kind, every refusal, one in PORT_STRIDE of the rest);
the slow tier runs the port on every vector, fixtures included.
"""
import decimal
import glob
import json
import re
import os
import subprocess
import sys
import tempfile

rtab, vectors_c, root = (os.path.abspath(a) for a in sys.argv[1:4])
sample = '--sample' in sys.argv[4:]
PORT_STRIDE = 4
os.chdir(root)
sys.path.insert(0, os.path.join(root, 'examples', 'port-python'))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtab_port  # noqa: E402
import vector_answer  # noqa: E402
from vector_answer import KINDS, kind_of  # noqa: E402

KEYS = {'table': 'tables', 'reactions': 'reaction_sets', 'transition': 'transitions',
        'distance': 'distances', 'procedure': 'procedures'}
TARGETS = ['tables', 'reaction_sets', 'transitions', 'distances', 'procedures']
failures = []


def fail(where, msg):
    failures.append('%s: %s' % (where, msg))
    if len(failures) <= 30:
        print('FAIL %s: %s' % (where, msg))


def expected(v):
    """The results a vector records (everything but its situation)."""
    return {k: x for k, x in v.items() if k not in KINDS + ['inputs', 'faces', 'drm', 'then']}


def port_expected(v):
    """What the port must give of a vector: the full list of reasons is
    checked against rtab eval (eval_compare) only."""
    return {k: x for k, x in expected(v).items() if k != 'reasons'}


def port_answer(rs, v):
    return vector_answer.answer(rtab_port, rs, v)


def c_request(rs, doc, v):
    kind = kind_of(v)
    index = rs.by_id[KEYS[kind]][v[kind]]
    inputs = rs.situation(v['inputs'])
    parts = [doc['id'], kind, str(index), str(len(inputs))] + [str(x) for x in inputs]
    if kind in ('table', 'distance'):
        parts += [str(len(v['faces']))] + [str(f) for f in v['faces']]
    if kind == 'table':
        parts.append(str(v['drm']))
    return ' '.join(parts)


def c_compare(rs, doc, v, line, where):
    """What the generated C answered, against the vector."""
    kind, want = kind_of(v), expected(v)
    head, _, prov = line.rstrip('\n').partition('\t')
    words = head.split()
    if words[0] == 'none':
        t = doc['tables'][doc_index(doc, 'tables', v['table'])]
        # A key that reaches no column (odds 0:0) names none, whichever the C's result is left at.
        column = t['columns'][int(words[1])]['id'] if want.get('key_column') is not None else None
        got = {'no_result': True, 'column': column}
        if got != {k: want.get(k) for k in got}:
            fail(where, 'the generated C gives no result at %s, the vector says %s' % (got, want))
        return
    if words[0] == 'err':
        status = int(words[1])
        got = {'error': rtab_port.MESSAGES[status]}
        if kind == 'transition' and status == rtab_port.E_STATE:
            got = {'state': None}
        if got != {k: want.get(k) for k in got}:
            fail(where, 'C refused (%s), the vector says %s' % (got, want))
        return
    if words[0] != 'ok':
        fail(where, 'C answered %r' % line)
        return
    if kind == 'table':
        n = int(words[4])
        got = {'outcome': doc['outcomes'][int(words[1])]['id'], 'modifier': int(words[2]),
               'modified_roll': int(words[3]),
               'triggers': [doc[TARGETS[int(k)]][int(i)]['id'] for k, i in (w.split(':') for w in words[5:5 + n])],
               'provisional': prov or None}
        numbers = [w for w in words[5 + n:] if w.startswith('=')]
        o = doc['outcomes'][int(words[1])]
        if numbers or o.get('nvalues'):
            params = doc['numeric_outcomes'][o['numeric']]['params'] if o.get('nvalues') else []
            got['numbers'] = {p['id']: int(x) for p, x in zip(params, numbers[0][1:].split(',') if numbers else [])}
    elif kind == 'reactions':
        rset = doc['reaction_sets'][doc_index(doc, 'reaction_sets', v['reactions'])]
        got = {'options': [rset['options'][int(i)]['id'] for i in words[2:]]}
    elif kind == 'transition':
        t = doc['transitions'][doc_index(doc, 'transitions', v['transition'])]
        values = doc['enums'][doc['inputs'][t['input']]['enum_index']]['values']
        got = {'state': values[int(words[1])]['id']}
    elif kind == 'distance':
        d = doc['distances'][doc_index(doc, 'distances', v['distance'])]
        got = {'values': [{'value': None if w == '-' else rs.exact(int(w)), 'unit': f['unit']}
                          for w, f in zip(words[2:], d['forms'])], 'provisional': prov or None}
    else:
        p = doc['procedures'][doc_index(doc, 'procedures', v['procedure'])]
        step = int(words[1])
        got = {'step': p['steps'][step]['id'] if step >= 0 else None}
    mine = {k: want.get(k) for k in got}
    if got != mine:
        fail(where, 'the generated C gives %s, the vector %s' % (got, mine))


def doc_index(doc, key, name):
    return next(i for i, d in enumerate(doc[key]) if d['id'] == name)


def eval_sample(vectors, stride):
    """The indexes of the vectors the port answers in the quick tier: the
    first and last vector of each kind and of each table, every error, and
    one in stride of the rest."""
    first, last = {}, {}
    for i, v in enumerate(vectors):
        key = (kind_of(v), v[kind_of(v)])
        first.setdefault(key, i)
        last[key] = i
    keep = set(first.values()) | set(last.values())
    keep |= {i for i, v in enumerate(vectors) if 'error' in v or i % stride == 0}
    return sorted(keep)


def eval_request(v):
    """The vector's situation as a request line of `rtab eval --batch`."""
    kind = kind_of(v)
    words = [v[kind]]
    for k, x in v['inputs'].items():
        words += ['--set', '%s=%s' % (k, ('true' if x else 'false') if isinstance(x, bool) else x)]
    if v.get('faces'):
        words += ['--roll', ','.join(str(f) for f in v['faces'])]
    if kind == 'table':
        words += ['--drm', str(v['drm'])]
    return ' '.join(words)


def eval_answers(path, chosen):
    """rtab eval's answer to each vector, all asked of one `rtab eval --batch`:
    its JSON, or {'exit': STATUS, 'stderr': MESSAGE} where it refuses."""
    p = subprocess.run([rtab, 'eval', path, '--batch'], input=''.join(eval_request(v) + '\n' for v in chosen),
                       capture_output=True, text=True)
    answers = [json.loads(a, parse_float=decimal.Decimal) for a in p.stdout.splitlines()]
    if len(answers) != len(chosen):
        fail(path, 'rtab eval --batch answered %d of %d requests: %s' % (len(answers), len(chosen), p.stderr[-300:]))
    return [{'exit': a['exit'], 'stderr': a['error']} if 'error' in a and 'line' in a else a for a in answers]


def eval_compare(v, got, where):
    kind, want = kind_of(v), expected(v)
    if 'exit' in got:
        # rtab eval names the requirement a situation breaks, where the runtime's message does not.
        refused = ('error' in want and got['exit'] == 1 and want['error'] in got['stderr']) or \
                  (want.get('error') == rtab_port.MESSAGES[rtab_port.E_REQUIRE] and got['exit'] == 1 and
                   'the situation breaks requirement ' in got['stderr']) or \
                  (kind == 'transition' and want.get('state') is None and got['exit'] == 1)
        if not refused:
            fail(where, 'rtab eval exits %d (%s), the vector says %s' % (got['exit'], got['stderr'].strip(), want))
        return
    if kind == 'distance':
        got = {'values': got['forms'], 'provisional': got['provisional']}
    elif kind == 'table' and 'applied' in got:
        fields = [k for k in ('modifier', 'value', 'signed_value', 'counted', 'shift') if k in got['applied'][0]] \
            if got['applied'] else []
        got['applied'] = [{k: a[k] for k in fields} for a in got['applied']]
        want = dict(want, applied=[{k: a[k] for k in fields} for a in want['applied']])
    elif kind == 'procedure':
        got = {k: got[k] for k in ('step', 'outcome', 'effects', 'triggers') if k in got}
        got.setdefault('outcome', None)
    # What rtab eval reports of the result (all of it but for fields a newer
    # vector may add); the outcome and what it does always.
    core = {'outcome', 'effects', 'triggers', 'provisional', 'modifier', 'modified_roll', 'options',
            'state', 'values', 'step', 'no_result', 'column'}
    keys = [k for k in want if k in got or k in core]
    mine = {k: want.get(k) for k in keys}
    theirs = {k: got.get(k) for k in keys}
    if mine != theirs:
        fail(where, 'rtab eval gives %s, the vector %s' % (theirs, mine))


def check_examples(rs, doc, path):
    n = 0
    for ex in doc['examples']:
        for ck in ex['checks']:
            where = '%s example %s' % (path, ex['id'])
            kind, want = ck['kind'], ck['expect']
            if kind == 'table':
                r = rs.resolve(ck['name'], ck['inputs'], ck['faces'], ck['drm'])
                ok = r['outcome'] == want['outcome'] and r.get('no_result', False) == want.get('no_result', False)
                ok &= want.get('modifier', r.get('modifier')) == r.get('modifier')
                ok &= want.get('modified_roll', r.get('modified_roll')) == r.get('modified_roll')
                ok &= not want.get('provisional') or r.get('provisional') is not None
                ok &= 'triggers' not in want or sorted(want['triggers']) == sorted(r.get('triggers', []))
            elif kind == 'reactions':
                r = rs.reactions(ck['name'], ck['inputs'])
                ok = sorted(r['options']) == sorted(want['options'])
            elif kind == 'transition':
                r = rs.transition(ck['name'], ck['inputs'])
                ok = r['state'] == want['state']
            elif kind == 'distance':
                r = rs.distance(ck['name'], ck['inputs'], ck['faces'])
                ok = any(f['value'] == want['value'] and f['unit'] == want['unit'] for f in r['values'])
                ok &= not want.get('provisional') or r['provisional'] is not None
            else:
                r = rs.procedure(ck['name'], ck['inputs'])
                ok = r['step'] == want['step']
            if not ok:
                fail(where, 'the port gives %s, the example expects %s' % (r, want))
            n += 1
    return n


def check_examples_safely(rs, doc, path):
    try:
        return check_examples(rs, doc, path)
    except rtab_port.RtabError as e:
        fail(path, 'the port refuses an example: %s' % e)
        return 0
    return n


def check_coverage(rs, doc, vectors, path):
    """What docs/vectors.md promises the vectors cover, checked on them."""
    tv = [v for v in vectors if 'table' in v and 'error' not in v]
    # Computed columns: each column boundary the vectors cross, both sides
    # (the key's step) - checked as every column being read, below.
    for t in doc['tables']:
        mine = [v for v in tv if v['table'] == t['id']]
        where = '%s table %s' % (path, t['id'])
        if t['dice'] != rtab_port.NO_DICE:
            d = doc['dice'][t['dice']]
            lo, hi = d['min'], d['max']
        else:
            lo = hi = 0
        reach = (lo + t['cap_min'], hi + t['cap_max']) if t['capped'] else (t['roll_min'], t['roll_max'])
        for c, col in enumerate(t['columns']):
            if not any(v['column'] == col['id'] for v in mine):
                fail(where, 'no vector reads column %s' % col['id'])
            if col.get('kind', 0) != 0:
                continue  # automatic or 'none': no rolls to cover
            rolls = {v['modified_roll'] for v in mine
                     if v['column'] == col['id'] and not v.get('no_result') and not v['natural_rule']}
            def row(r):
                if r < t['roll_min']:
                    return col['below_row']
                if r > t['roll_max']:
                    return col['above_row']
                return col['row_of_roll'][r - t['roll_min']]
            for r in range(max(reach[0], t['roll_min']), min(reach[1], t['roll_max']) + 1):
                if row(r) != row(r - 1) and r - 1 >= reach[0]:
                    for side in (r - 1, r):
                        if side not in rolls:
                            fail(where, 'no vector at roll %d of column %s (a row boundary)' % (side, col['id']))
            for k in range(len(t['rows'])):
                if not any(row(r) == k for r in rolls) and \
                        any(row(r) == k for r in range(reach[0], reach[1] + 1)):
                    fail(where, 'no vector reaches row %d of column %s' % (k, col['id']))
        mine = [v for v in mine if not v.get('no_result')]
        for nr in t['natural']:
            if not any(v['natural_rule'] and sorted(v['faces']) == sorted(nr['faces']) for v in mine):
                fail(where, 'no vector rolls the natural %s' % nr['faces'])
        for mi, mid in list(zip(t['modifiers'], t['modifiers_ids'])) + \
                list(zip(t.get('shifts', []), t.get('shifts_ids', []))):
            m = doc['modifiers'][mi]
            if t['step'] >= 0 and not (m['steps'] >> t['step']) & 1:
                continue
            on = any(a['modifier'] == mid for v in mine for a in v['applied'])
            off = any(all(a['modifier'] != mid for a in v['applied']) for v in mine)
            if not on or (m['condition']['instrs'] and not off):
                fail(where, 'modifier %s is not both on and off (on: %s, off: %s)' % (mid, on, off))
        if t['capped']:
            raws = {v['modifier_raw'] for v in mine}
            for want, test in (('below', lambda x: x < t['cap_min']), ('at the low bound', lambda x: x == t['cap_min']),
                               ('at the high bound', lambda x: x == t['cap_max']), ('above', lambda x: x > t['cap_max'])):
                if not any(test(x) for x in raws):
                    fail(where, 'no vector with a total modifier %s the cap' % want)
        for rw in t['rewrites']:
            if not any(v['rewritten_from'] == rw['from_id'] for v in mine):
                fail(where, 'the rewrite of %s is never applied' % rw['from_id'])
            if not any(v['outcome'] == rw['from_id'] for v in mine):
                fail(where, 'the rewrite of %s is never left unapplied' % rw['from_id'])
        # Ratio bands keyed by two inputs: every step at its exact ratio.
        for mi in t['modifiers']:
            for e in (doc['modifiers'][mi]['condition'], doc['modifiers'][mi]['value']):
                ins = e['instrs']
                for i, ins_i in enumerate(ins):
                    if ins_i['op_name'] != 'band' or i < 2 or \
                            ins[i - 2]['op_name'] != 'input' or ins[i - 1]['op_name'] != 'input':
                        continue
                    a_id, b_id = ins[i - 2]['ref'], ins[i - 1]['ref']
                    ratios = {(v['inputs'].get(a_id), v['inputs'].get(b_id)) for v in mine}
                    a_in = doc['inputs'][rs.by_id['inputs'][a_id]]
                    # One step past: 1, or a number input's own step (0.5).
                    one = rs.exact(a_in['step']) if a_in.get('step', 0) > 0 else 1
                    for st in doc['bands'][ins_i['arg']]['steps']:
                        exact = [(a, b) for a, b in ratios if a is not None and b and a * st['den'] == b * st['num']]
                        past = [(a, b) for a, b in ratios if b and (a + one) * st['den'] == b * st['num']]
                        if not exact or not past:
                            fail(where, 'ratio %s step %s: no vector at%s the boundary' % (
                                doc['bands'][ins_i['arg']]['id'], st['ratio'], '' if not exact else ' one below'))
        # Matrices keyed by inputs: every cell.
        for mi in t['modifiers']:
            for e in (doc['modifiers'][mi]['condition'], doc['modifiers'][mi]['value']):
                ins = e['instrs']
                for i, ins_i in enumerate(ins):
                    if ins_i['op_name'] != 'matrix':
                        continue
                    m = doc['matrices'][ins_i['arg']]
                    keys = ins[i - m['ndims']:i]
                    if len(keys) != m['ndims'] or any(k['op_name'] != 'input' for k in keys):
                        continue
                    seen = {tuple(v['inputs'].get(k['ref']) for k in keys) for v in mine}
                    for cell in m['by_keys']:
                        if tuple(cell['keys']) not in seen:
                            fail(where, 'matrix %s cell %s is in no vector' % (m['id'], cell['keys']))
    check_trigger_coverage(rs, doc, vectors, path)
    for tr in doc['transitions']:
        states = {v['inputs'].get(tr['input_id']) for v in vectors if v.get('transition') == tr['id']}
        if set(tr['arcs']) - states:
            fail(path, 'transition %s: states %s are in no vector' % (tr['id'], sorted(set(tr['arcs']) - states)))
    for p in doc['procedures']:
        steps = {v['step'] for v in vectors if v.get('procedure') == p['id']}
        for st in p['steps']:
            if st['id'] not in steps:
                fail(path, 'procedure %s: step %s is taken by no vector' % (p['id'], st['id']))


def never_gives(doc, tv, tr, st):
    """Whether no chain can make 'INPUT = earlier OUTCOME' true: the first
    repeat sees it false, and no vector of the target table with the
    trigger's constant sets (and that input false) gives OUTCOME, so no
    repeat does. Musket & Pike: a melee that eliminated the unit passes
    pursued_eliminated_by_melee = true, under which 11.7.2 turns every
    'pursue and eliminate' into 'pursue into the vacated hex'. Sets of
    enums and computed sets constrain nothing here, which only widens the
    search."""
    if tr['target']['kind_name'] != 'table':
        return False
    fixed = {s['input_id']: s['value']['instrs'][0]['arg'] for s in tr.get('sets', [])
             if s['each'] in (0, 2) and len(s['value']['instrs']) == 1
             and s['value']['instrs'][0]['op_name'] == 'const'
             and doc['inputs'][s['input']]['type_name'] in ('bool', 'int')}
    fixed[st['input_id']] = 0
    return not any(v['outcome'] == st['earlier_id'] for v in tv
                   if v['table'] == tr['target']['id']
                   and all(v['inputs'].get(k) == x for k, x in fixed.items()))


def check_trigger_coverage(rs, doc, vectors, path):
    """What the vectors promise of triggers (docs/vectors.md): each trigger of
    an outcome a table gives fires, repeated when a count says how often and
    suppressed by its exception; every 'earlier' both ways in a chain; every
    requirement broken."""
    tv = [v for v in vectors if 'table' in v and 'error' not in v and not v.get('no_result')]
    chains = [v for v in vectors if 'chain' in v]
    for t in doc['tables']:
        mine = [v for v in tv if v['table'] == t['id']]
        for o_id in {v['outcome'] for v in mine}:
            o = doc['outcomes'][rs.by_id['outcomes'][o_id]]
            given = [v for v in mine if v['outcome'] == o_id]
            for k, tr in enumerate(o['triggers']):
                where = '%s table %s outcome %s trigger %d (%s)' % (path, t['id'], o_id, k, tr['target']['id'])
                fires = [v['trigger_of'].count(k) for v in given]
                times = tr.get('times') or {'instrs': []}
                if times['instrs'] and any(i['op_name'] == 'input' for i in times['instrs']):
                    if not any(n >= 2 for n in fires) or not any(n == 1 for n in fires):
                        fail(where, 'its count is not both 1 and more in any vector (counts %s)' % sorted(set(fires)))
                if tr['unless']['instrs'] and not (any(fires) and not all(fires)):
                    fail(where, 'not both fired and suppressed (counts %s)' % sorted(set(fires)))
                for st in tr.get('sets', []):
                    if st.get('each') != 2:
                        continue
                    seen = {s['inputs'].get(st['input_id']) for v in chains if v['chain'] == t['id']
                            for s in v['steps'] if s.get('trigger') == k and v['outcome'] == o_id}
                    if not {True, False} <= seen and not never_gives(doc, tv, tr, st):
                        fail(where, "'%s = earlier %s' is not both ways in a chain (%s)" % (
                            st['input_id'], st['earlier_id'], seen))
    if doc.get('requirements') and not any(v.get('error') == rtab_port.MESSAGES[rtab_port.E_REQUIRE]
                                           for v in vectors):
        fail(path, 'no vector breaks a requirement')


# The construct fixtures of printed grids, through the port as well.
GRID_FIXTURES = ['tests/constructs/fixtures/%s.rtab' % n for n in ('result_dash', 'column_as_written', 'end_provisional', 'grid_values', 'dead_column', 'st_grid_when')]
total = 0
FIXTURES = ['tests/odds/odds_cases.rtab', 'tests/golden/exact_halves.rtab', 'tests/exact/odds_halves.rtab',
            'tests/exact/rounding.rtab'] + sorted(glob.glob('tests/printed/*.rtab')) + GRID_FIXTURES
for path in sorted(glob.glob('tables/*.rtab')) + ([] if sample else FIXTURES):
    doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', path],
                                    capture_output=True, text=True, check=True).stdout,
                     parse_float=decimal.Decimal)
    lines = subprocess.run([rtab, 'vectors', path], capture_output=True, text=True, check=True).stdout
    vectors = [json.loads(l, parse_float=decimal.Decimal) for l in lines.splitlines()]
    rs = rtab_port.Ruleset(doc)
    counts = {}
    for v in vectors:
        counts[kind_of(v)] = counts.get(kind_of(v), 0) + 1
    # The port.
    for i in (eval_sample(vectors, PORT_STRIDE) if sample else range(len(vectors))):
        v = vectors[i]
        got, want = port_answer(rs, v), port_expected(v)
        theirs = {k: got.get(k) for k in want}
        if theirs != want:
            fail('%s vector %d' % (path, i + 1), 'the port gives %s, the vector %s' % (theirs, want))
    # The generated C (of the bundled rulesets), all requests through one process.
    # A chain (a result and what it triggers) is the port's to follow: the C
    # and rtab eval resolve one definition at a time.
    single = [v for v in vectors if 'chain' not in v]
    if not path.startswith('tables/'):
        vectors_for_c = []
    else:
        vectors_for_c = single
    requests = ''.join(c_request(rs, doc, v) + '\n' for v in vectors_for_c)
    answers = subprocess.run([vectors_c], input=requests, capture_output=True, text=True, check=True).stdout
    answers = answers.splitlines()
    if len(answers) != len(vectors_for_c):
        fail(path, 'the generated C answered %d of %d requests' % (len(answers), len(vectors_for_c)))
    for i, (v, a) in enumerate(zip(vectors_for_c, answers)):
        c_compare(rs, doc, v, a, '%s vector %d (C)' % (path, i + 1))
    # rtab eval, every vector through one batch.
    chosen = [i for i in range(len(vectors)) if 'chain' not in vectors[i]]
    for i, got in zip(chosen, eval_answers(path, [vectors[i] for i in chosen])):
        eval_compare(vectors[i], got, '%s vector %d (eval)' % (path, i + 1))
    nex = check_examples_safely(rs, doc, path)
    check_coverage(rs, doc, vectors, path)
    total += len(vectors)
    print('ok: %s: %d vectors (%s) agree %s ways (rtab eval on %d); the port passes %d example checks' % (
        path, len(vectors), ', '.join('%d %s' % (n, k) for k, n in sorted(counts.items())),
        'three' if vectors_for_c else 'two (no generated C for a fixture)', len(chosen), nex))

# --exhaustive: every situation of the inputs read times every roll, where
# that is within the limit; the port agrees on each.
p = subprocess.run([rtab, 'vectors', 'tests/odds/odds_cases.rtab', 'capped', 'sums', '--exhaustive'],
                   capture_output=True, text=True, check=True)
ex = [json.loads(l) for l in p.stdout.splitlines()]
doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', 'tests/odds/odds_cases.rtab'],
                                capture_output=True, text=True, check=True).stdout)
rs = rtab_port.Ruleset(doc)
seen = {(v['inputs'].get('bonus'), tuple(v['faces'])) for v in ex if v['table'] == 'capped' and v['drm'] == 0}
if len(seen) != 6 * 10:
    fail('--exhaustive', 'table capped has %d of the 60 situations x rolls' % len(seen))
if len({tuple(v['faces']) for v in ex if v['table'] == 'sums'}) != 36:
    fail('--exhaustive', 'table sums lacks some of its 36 rolls')
for v in ex:
    got = port_answer(rs, v)
    if {k: got.get(k) for k in port_expected(v)} != port_expected(v):
        fail('--exhaustive', 'the port disagrees on %s' % v)
# Past the limit, --exhaustive is refused before anything is written: never
# a silent fallback to the coverage vectors.
p = subprocess.run([rtab, 'vectors', 'tables/musket_pike.rtab', 'melee', '--exhaustive', '--limit', '1000'],
                   capture_output=True, text=True)
if p.returncode != 1 or p.stdout or "table 'melee' has more situations than --limit 1000" not in p.stderr:
    fail('--exhaustive', 'the melee beyond the limit is not refused (exit %d, %d bytes written): %s'
         % (p.returncode, len(p.stdout), p.stderr))
# The same error as the verb's diagnostics: with --diagnostics=json, JSON alone.
p = subprocess.run([rtab, 'vectors', 'tables/musket_pike.rtab', 'melee', '--exhaustive', '--limit', '1000',
                    '--diagnostics=json'], capture_output=True, text=True)
notes = [json.loads(line) for line in p.stderr.splitlines()]
if p.returncode != 1 or not any("has more situations than --limit 1000" in n.get('message', '') and
                                n.get('severity') == 'error' for n in notes):
    fail('--exhaustive', 'the refusal beyond the limit is no JSON diagnostic: %s' % p.stderr)
# The coverage crosses every modifier with every column: the count is said.
p = subprocess.run([rtab, 'vectors', 'tables/musket_pike.rtab', 'melee'], capture_output=True, text=True)
m = re.search(r'(\d+) modifiers crossed with every column and its boundary rolls, (\d+) pairs', p.stderr)
if not m or int(m.group(1)) < 10 or int(m.group(2)) < 10:
    fail('crossing', 'the melee\'s modifiers are not crossed with its columns: %s' % p.stderr)
print('ok: --exhaustive: %d vectors for capped and sums' % len(ex))

# The port's command line, as its README shows it.
with open(os.path.join(tempfile.mkdtemp(), 'mp.json'), 'w', encoding='utf-8') as f:
    f.write(subprocess.run([rtab, 'export', '--format', 'json', 'tables/musket_pike.rtab'],
                           capture_output=True, text=True, check=True).stdout)
p = subprocess.run([sys.executable, os.path.join(root, 'examples', 'port-python', 'rtab_port.py'), f.name,
                    'cavalry_pursuit', 'game=tacw', '--roll', '3'], capture_output=True, text=True)
if p.returncode != 0 or json.loads(p.stdout).get('outcome') != 'pursue_and_eliminate':
    fail('rtab_port.py', 'the command line gives %r (exit %d)' % (p.stdout + p.stderr, p.returncode))

print('%d vectors, %d failures' % (total, len(failures)))
sys.exit(1 if failures or total == 0 else 0)
