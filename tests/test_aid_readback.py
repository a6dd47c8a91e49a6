#!/usr/bin/env python3
"""The printed card is the table: every player aid rtab prints, read back
and compared with what rtab resolves.

For every bundled ruleset and language fixture, in each of its locales, the
aid is printed as HTML (read from its markup) and as PDF on two paper sizes
(every size on its share of the rulesets, or each size named by --papers;
RTAB_AID_EVERY_PAPER=1 prints every size for each), read back with
`pdftotext -bbox` (aid_read.py), and each results
table's grid is compared with `rtab eval` (aid_truth.py) over every modified
roll that can occur and every column:

- every roll that can occur is on exactly one printed line, and a line
  reaches past the die's faces only as an open end (`≤0`, `11+`), printed
  open wherever the modifiers take the roll past the die;
- every cell prints the outcome eval gives there (its code, else its label
  in the locale; `—` where the table gives none);
- each column's header is its label (the labels of the values it serves,
  or under a key its step), never an id;
- each modifier and column shift prints the value eval applies it with,
  signed from the side's point of view;
- each matrix cell and ratio step prints the value of the ruleset's data;
- no id of a definition with a label in the locale appears in the text;
- what the card says beside the grids: each result's effects as `rtab eval
  --json` gives them, in their labels; each table, procedure or other it
  triggers, with the inputs its condition and count read named by their
  labels; each rewrite with its condition in words; how a CRT's key reads
  between two columns (the locale's phrase from po/); each end column
  without a roll; what a `—` means;
- (PDF) no word is set below 7 pt.

The counts are printed at the end: rulesets x locales x papers, cells
compared, cells differing.

Skipped (exit 77) without pdftotext or an rtab with PDF, unless
RTAB_REQUIRE_TOOLS=1.

usage: test_aid_readback.py RTAB SOURCE_ROOT [--papers=P,Q] [PATH...]
"""
import functools
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aid_read  # noqa: E402
import aid_truth  # noqa: E402
import pdf_tools  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
# --papers P,Q (the quick sample): those papers only.
papers_asked = [a.split('=', 1)[1].split(',') for a in sys.argv[3:] if a.startswith('--papers=')]
sys.argv[3:] = [a for a in sys.argv[3:] if not a.startswith('--papers=')]
os.chdir(root)
pdf_tools.require(pdf_tools.poppler(), [rtab, 'export', '--format', 'pdf', 'tables/classic_odds.rtab'])
PAPERS = papers_asked[-1] if papers_asked else ['a4', 'a5', 'letter', 'legal', 'half-letter', 'card', 'A4-landscape']
# Without --papers, each ruleset and locale is printed on PAPERS_EACH of the papers, the
# choice turning from one to the next, so that every paper is read back on about 2/7 of
# the rulesets and the sweep costs a quarter of every paper on every one
# (RTAB_AID_EVERY_PAPER=1: every paper for each).
PAPERS_EACH = len(PAPERS) if papers_asked or os.environ.get('RTAB_AID_EVERY_PAPER') == '1' else 2
MIN_POINTS = 7.0
AT_MOST = '\u2264'
MINUS = '\u2212'
EN_DASH = '\u2013'  # between a range's ends when one is below 0
NO_RESULT = '\u2014'

# Every bundled ruleset and every fixture of the tests that loads (tests/bad holds none that does;
# an errata layer alone does not load), each read back whole.
paths = sys.argv[3:] or (sorted(glob.glob('tables/*.rtab')) +
                         sorted(p for p in glob.glob('tests/**/*.rtab', recursive=True)
                                if not p.startswith(os.path.join('tests', 'bad', ''))))
# Fixtures whose cards this read-back cannot read yet (it says so when it runs).
NOT_READ = {os.path.join('tests', d, 'value_names.rtab'):
            "a table of named values prints a line 'value' over its rolls, which the read-back does not parse"
            for d in ('language', os.path.join('constructs', 'fixtures'))}
# Where pdftotext cannot read the words as the PDF sets them, the HTML alone is compared.
PDF_UNREAD = {os.path.join('tests', 'strict', 'trigraphs.rtab'):
              "pdftotext reads the labels' '??(' as two words, '?? (' (a gap it finds between the glyphs)"}
failed, counts = [], {'docs': 0, 'cells': 0, 'differ': 0, 'modifiers': 0, 'matrix': 0, 'rulesets': 0,
                                     'says': 0, 'says_differ': 0, 'pairs': 0, 'papers': set()}
tmp = tempfile.mkdtemp()
unread = []  # what is left to the HTML, or not read, and why


def fail(where, what):
    failed.append('%s: %s' % (where, what))


def label(labels, locale, fallback):
    labels = labels or {}
    return labels.get(locale) or next((v for v in labels.values() if v), None) or fallback


def parse_roll(text):
    """A printed line's rolls: (lo, hi), None for an open end; or None when it is no roll.

    A reader takes a hyphen for a range, never for a minus: a number below 0 is
    printed with a minus sign (U+2212), and a range with such an end with an en
    dash (U+2013): '−3–−1', '−1–1', never '-3--1' or '-1-1'."""
    num = '(%s?\\d+)' % MINUS
    m = re.fullmatch(num, text)
    if m:
        return printed_int(m.group(1)), printed_int(m.group(1))
    m = re.fullmatch(r'(\d+)-(\d+)', text) or re.fullmatch(num + EN_DASH + num, text)
    if m and (EN_DASH not in text or MINUS in text):
        return printed_int(m.group(1)), printed_int(m.group(2))
    m = re.fullmatch(num + r'\+', text)
    if m:
        return printed_int(m.group(1)), None
    m = re.fullmatch(AT_MOST + num, text)
    if m:
        return None, printed_int(m.group(1))
    if text in {phrase(os.path.basename(po)[:-3], 'any') for po in glob.glob('po/*.po')} | {'any'}:  # every roll
        return None, None
    return None


def printed_int(text):
    """A printed number: its minus sign as Python reads one."""
    return int(text.replace(MINUS, '-'))


# The key kinds of rtab.h's rtab_key_kind.
KEY_ODDS, KEY_VALUE, KEY_ENUM = 1, 2, 3


def expected_headers(doc, t, locale):
    """What each column's header prints: its label, else the labels of the values of the column
    input it serves, else its step under a key (the key's value heads its own grid)."""
    heads = []
    inp = doc['inputs'][t['column_input']] if t['column_input'] >= 0 else None
    values = doc['enums'][inp['enum_index']]['values'] if inp and inp.get('enum_index', -1) >= 0 else []
    for col in t['columns']:
        own = label(col['labels'], locale, None)
        if own:
            heads.append(own)
        elif t['key_kind'] == 0 and col['values']:
            heads.append(', '.join(label(v['labels'], locale, v['id']) for v in values if v['id'] in col['values']))
        elif t['key_kind'] == KEY_ENUM and col['values'] and col['id'].startswith(', '.join(col['values']) + ' '):
            # Two enums: a column is headed by the label of the second enum's value.
            vid = col['id'][len(', '.join(col['values'])) + 1:]
            second = doc['inputs'][t['key_a']['instrs'][0]['arg']]
            named = {v['id']: v for v in doc['enums'][second['enum_index']]['values']}
            heads.append(label(named[vid]['labels'], locale, vid) if vid in named else vid)
        elif t['key_kind'] != 0 and col['values'] and col['id'].startswith(', '.join(col['values']) + ' '):
            heads.append(col['id'][len(', '.join(col['values'])) + 1:])
        else:
            heads.append(col['id'])
    return heads


def outcome_text(doc, t, oid, locale):
    if oid is None:
        return NO_RESULT
    o = next(o for o in doc['outcomes'] if o['id'] == oid)
    if uses_codes(doc, t) and has_code(o):
        return o['code']
    return label(o['labels'], locale, oid)


def has_code(o):
    """The JSON gives an outcome without a code its id as code."""
    return o.get('code') and o['code'] != o['id']


def uses_codes(doc, t):
    """A table whose outcomes have codes prints the codes."""
    return any(has_code(doc['outcomes'][r['outcome']]) for r in t['rows'])


def labelled_ids(doc, locale):
    """Ids of definitions and enum values that have a label of their own in the locale."""
    ids = set()
    for key in ('tables', 'modifiers', 'outcomes', 'inputs', 'enums', 'matrices', 'groups', 'bands'):
        for d in doc.get(key, []):
            lab = (d.get('labels') or {}).get(locale)
            if lab and lab != d['id']:
                ids.add(d['id'])
    for e in doc['enums']:
        for v in e['values']:
            lab = (v.get('labels') or {}).get(locale)
            if lab and lab.lower() != v['id'].lower():
                ids.add(v['id'])
    return ids


def served_columns(doc, t, locale, lead):
    """The columns a grid serves when the paragraph over it names a value of the table's column input
    ("Defender's position: Fortified hex": a grid per value, in the enum's order); else None."""
    if t['key_kind'] == 0 or t['column_input'] < 0 or not lead:
        return None
    inp = doc['inputs'][t['column_input']]
    if inp.get('enum_index', -1) < 0:
        return None
    values = doc['enums'][inp['enum_index']]['values']
    named = {j for j, col in enumerate(t['columns']) if col['values'] and lead.endswith(
        ': ' + ', '.join(label(v['labels'], locale, v['id']) for v in values if v['id'] in col['values']))}
    return named or None


def compare_results(where, doc, t, info, grid, locale, heads, taken, served=None):
    """One results grid against eval: its lines' rolls, its cells, its headers; of the columns served
    (all when None)."""
    lo, hi = info['reach']
    die = info['die'] or (lo, hi)
    # Under odds lines the header names result columns, and each line above the grid says
    # which of its columns reads each (its values' labels, then the step): every one is checked.
    lines = [row for row in grid[1:] if row[0].endswith(':')]
    cols = []
    for k, h in enumerate(grid[0][1:]):
        if lines:
            inp = doc['inputs'][t['column_input']]
            values = {v['id']: label(v['labels'], locale, v['id']) for v in doc['enums'][inp['enum_index']]['values']}
            read = [c for row in lines if row[k + 1] != NO_RESULT for c in t['columns']
                    if ', '.join(values[v] for v in c['values']) + ':' == row[0] and c['id'].endswith(' ' + row[k + 1])]
            if not read:
                fail(where, 'the result column %r is read by no line' % h)
                return
            cols.append(read)
            continue
        j = next((j for j in range(len(heads)) if heads[j] == h and j not in taken and
                  (served is None or j in served)), None)
        if j is None and len(t['columns']) == 1:
            j = 0
        if j is None:
            fail(where, 'the header %r names no column (the columns print as %s)' % (h, heads))
            return
        taken.add(j)
        cols.append([t['columns'][j]])
    covered = {}
    for row in grid[1:]:
        if row[0].endswith(':'):  # a line of odds over the result columns
            continue
        rolls = parse_roll(row[0])
        if rolls is None:
            fail(where, 'the line %r is no roll' % row[0])
            continue
        a, b = rolls
        if info['die'] is None:  # no dice: the total alone picks the line, its ends open
            pass
        elif a is None and not lo < die[0]:
            fail(where, 'the line %r is open below, but no roll goes below %d' % (row[0], die[0]))
        elif b is None and not hi > die[1]:
            fail(where, 'the line %r is open above, but no roll goes above %d' % (row[0], die[1]))
        a = lo if a is None else a
        b = hi if b is None else b
        if a > b or a < lo or b > hi:
            fail(where, 'the line %r prints rolls that cannot occur (%d..%d can)' % (row[0], lo, hi))
        rolls_here = [r for r in range(max(a, lo), min(b, hi) + 1)
                      if any((c['id'], r) in info['cells'] for cs in cols for c in cs)]
        for r in rolls_here:
            if r in covered:
                fail(where, 'roll %d is on two lines, %r and %r' % (r, covered[r], row[0]))
            covered[r] = row[0]
        for c, cell in ((c, cell) for cs, cell in zip(cols, row[1:]) for c in cs):
            for r in rolls_here:
                if (c['id'], r) not in info['cells']:
                    continue
                if info['cells'][(c['id'], r)] == 'natural':  # the natural-roll rule printed under the grid
                    continue
                if info['cells'][(c['id'], r)] == '?':
                    fail(where, 'column %r, roll %d: rtab eval resolved it in no situation' % (c['id'], r))
                    continue
                want = outcome_text(doc, t, info['cells'][(c['id'], r)], locale)
                counts['cells'] += 1
                if cell != want:
                    counts['differ'] += 1
                    fail(where, 'column %r, roll %d (line %r) prints %r; eval gives %r' % (c['id'], r, row[0], cell, want))
    missing = sorted(r for r in range(lo, hi + 1)
                     if r not in covered and any((c['id'], r) in info['cells'] for cs in cols for c in cs))
    if missing:
        counts['cells'] += len(missing) * len(cols)
        counts['differ'] += len(missing) * len(cols)
        fail(where, 'the modified rolls %s can occur but no line prints them' % missing)


# An int input's bound at this magnitude is no bound: `int >= 0` reaches up without end.
OPEN_BOUND = 1000000000


def signed_span(lo, hi, locale):
    """A modifier's range as a card prints it: '-2 \u2026 +3'; an open end '\u2264 0', '\u2265 +1'."""
    if lo <= -OPEN_BOUND and hi >= OPEN_BOUND:
        return phrase(locale, 'any')
    if lo <= -OPEN_BOUND:
        return '\u2264 ' + aid_truth.signed(hi)
    if hi >= OPEN_BOUND:
        return '\u2265 ' + aid_truth.signed(lo)
    return aid_truth.signed(lo) + ' \u2026 ' + aid_truth.signed(hi)


def compare_modifiers(where, doc, t, info, grid, locale):
    # A label read back from a PDF may break after a '/' with no space in it: compared without spaces.
    mods = {squeeze(label(m['labels'], locale, m['id'])): m for m in doc['modifiers']
            if m['id'] in t.get('modifiers_ids', []) + t.get('shifts_ids', [])}
    for row in grid[1:]:
        m = mods.get(squeeze(row[0]))
        if m is None:
            fail(where, 'the modifier %r is none of the table\'s' % row[0])
            continue
        want = info['modifiers'].get(m['id']) if m['min'] == m['max'] else None
        if want is None:  # computed: its range or the grid it reads
            lo, hi = sorted((m['sign'] * m['min'], m['sign'] * m['max']))
            span = signed_span(lo, hi, locale)
            ok = row[1] in (span, aid_truth.signed(lo)) or \
                any(label(x['labels'], locale, x['id']) in row[1] for x in doc['matrices'] + doc.get('bands', []))
            want = row[1] if ok else span
        counts['modifiers'] += 1
        if row[1] != want:
            counts['differ'] += 1
            fail(where, 'modifier %r prints %r; eval applies it as %r' % (row[0], row[1], want))


def compare_matrix(where, doc, mx, grid, locale):
    dims = [doc['enums'][k] for k in mx['dims']]
    across = dims[-1]['values']
    heads = [label(v['labels'], locale, v['id']) for v in across]
    if grid[0][1:] != heads:
        fail(where, 'the header %r is not the labels %r' % (grid[0][1:], heads))
    for r, row in enumerate(grid[1:]):
        for v, cell in enumerate(row[1:]):
            want = aid_truth.signed(mx['cells'][r * len(across) + v])
            counts['matrix'] += 1
            if cell != want:
                counts['differ'] += 1
                fail(where, 'row %r, %r prints %r; the matrix holds %r' % (row[0], grid[0][v + 1], cell, want))


def compare_band(where, doc, b, grid):
    values = [aid_truth.signed(s['value']) for s in b['steps']] + [aid_truth.signed(b['otherwise'])]
    printed = [row[1] for row in grid[1:]]
    counts['matrix'] += len(values)
    if printed != values:
        counts['differ'] += sum(1 for a, c in zip(printed, values) if a != c) or 1
        fail(where, 'the steps print %r; the band holds %r' % (printed, values))


def read_po(locale):
    """The message catalogue of a locale: {English phrase: its text}."""
    out, cur, field = {}, {}, None
    path = os.path.join('po', locale + '.po')
    if not os.path.exists(path):
        return out
    for line in open(path, encoding='utf-8').read().split('\n') + ['']:
        t = line.strip()
        if not t or t.startswith('#'):
            if not t and cur.get('msgid'):
                out[cur['msgid']] = cur.get('msgstr', '')
            if not t:
                cur, field = {}, None
            continue
        if t.startswith('msgid ') or t.startswith('msgstr '):
            field, _, t = t.partition(' ')
            cur[field] = ''
        cur[field] += json.loads(t)
    return out


CATALOGUES = {}


def phrase(locale, english):
    """A fixed phrase as the card prints it in the locale (English where the catalogue has none)."""
    if locale not in CATALOGUES:
        CATALOGUES[locale] = read_po(locale)
    return CATALOGUES[locale].get(english) or english


def squeeze(text):
    """Text with no white space: a paragraph set over several lines of a PDF reads as one."""
    return re.sub(r'\s+', '', text)


def number(v):
    return MINUS + str(-v) if v < 0 else str(v)


# The units a card names in the reader's words: the word for one of each.
UNIT_ONE = {'hexes': 'hex', 'inches': 'inch', 'feet': 'foot', 'yards': 'yard', 'paces': 'pace',
            'squares': 'square', 'miles': 'mile', 'mm': 'mm', 'cm': 'cm', 'm': 'm', 'km': 'km'}


def unit_words(unit, n, locale):
    """n of a unit as the card says it: the locale's word for that number (English: one, or
    more; Russian: 1, 21 ...; 2-4, 22-24 ...; the rest); a unit rtab does not know, its name."""
    if unit not in UNIT_ONE:
        return unit
    if UNIT_ONE[unit] == unit:  # an abbreviation (cm, km): one form for every number
        return phrase(locale, unit)
    n = abs(n)
    if re.split(r'[-_.@]', locale)[0] == 'ru':
        if n % 10 == 1 and n % 100 != 11:
            return phrase(locale, UNIT_ONE[unit])
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return phrase(locale, unit)
        return phrase(locale, unit + ' (5 or more)')
    return UNIT_ONE[unit] if n == 1 else unit


def effect_words(doc, kind_id, args, locale):
    """An effect as the card says it: its label, then its arguments' labels and numbers."""
    k = next(k for k in doc['effect_kinds'] if k['id'] == kind_id)
    said = []
    for p, a in zip(k['params'], args):
        if p.get('enum_index', -1) >= 0:
            values = doc['enums'][p['enum_index']]['values']
            v = values[a] if isinstance(a, int) else next(v for v in values if v['id'] == a)
            said.append(label(v['labels'], locale, v['id']))
        else:
            if p.get('unit') and a == 0:  # none of a unit as the language says it: "no hexes"
                said.append(phrase(locale, 'no %s') % unit_words(p['unit'], a, locale))
            else:
                said.append(number(a) + (' ' + unit_words(p['unit'], a, locale) if p.get('unit') else ''))
    return label(k['labels'], locale, k['id']) + (' (%s)' % ', '.join(said) if said else '')


TARGETS = {'table': 'tables', 'reactions': 'reaction_sets', 'transition': 'transitions',
           'distance': 'distances', 'procedure': 'procedures'}


def target_label(doc, target, locale):
    d = doc[TARGETS[target['kind_name']]][target['index']]
    return label(d.get('labels'), locale, d['id'])


def table_outcomes(doc, t):
    """The outcomes a table gives, as the card lists what they do: its rows, its end columns,
    its natural rolls, what its rewrites give."""
    out = []
    for o in [r['outcome'] for r in t['rows']] + [c['automatic'] for c in t['columns'] if c['kind'] == 1] + \
            [n['outcome'] for n in t.get('natural', [])] + [r['to'] for r in t.get('rewrites', [])]:
        if o not in out:
            out.append(o)
    return out


def read_inputs(expr):
    return [i['ref'] for i in expr.get('instrs', []) if i.get('op_name') == 'input' and i.get('ref')]


def is_numeric(doc, o):
    return bool(doc['outcomes'][o].get('nvalues'))


def unit_forms(doc, unit, locale):
    """Every word a card may print after a number of unit in the locale, longest first."""
    forms = set()
    for u in doc.get('units', []):
        if u['id'] == unit:
            forms |= set(label(u.get('labels'), locale, '').split('|'))
    forms |= {unit_words(unit, n, locale) for n in (1, 2, 5)}
    return sorted((squeeze(f) for f in forms if f), key=len, reverse=True)


def side_pattern(doc, o, side, locale):
    """A regular expression of one side of a printed rewrite: the outcome's label, or for an
    outcome that carries numbers its declared label with a group for each number."""
    out = doc['outcomes'][o]
    if not out.get('nvalues'):
        return re.escape(squeeze(label(out['labels'], locale, out['id']))), []
    n = doc['numeric_outcomes'][out['numeric']]
    template = label(n.get('labels'), locale, None)
    if template is None:
        return None, []
    params = [p['id'] for p in n['params']]
    flags = dict(re.findall(r'\{(\w+)\?([^}]*)\}', n.get('code') or ''))
    pattern, names, pos = '', [], 0
    for m in re.finditer(r'\{(\w+)(?:\?([^}]*))?\}', template):
        if m.group(1) not in params:
            continue
        pattern += re.escape(squeeze(template[pos:m.start()]))
        g = '%s%d' % (side, len(names))
        names.append((m.group(1), g))
        if m.group(1) in flags:
            shown = re.escape(squeeze(m.group(2) if m.group(2) is not None else flags[m.group(1)]))
            pattern += r'(?P<%s>(?:\[%s(?::[^\]]+)?\]|%s)?)' % (g, shown, shown)
        else:
            pattern += r'(?P<%s>[\w()+*,\-\u2212]+?)' % g  # a number, a name or a formula
        pos = m.end()
    return pattern + re.escape(squeeze(template[pos:])), names


def number_of(doc, n, pid, said, locale):
    """A printed number of parameter pid back as what it says: a number, a named value's name
    (its number), a name or a formula (its text), or a flag (1, 0, or its formula)."""
    p = next(p for p in n['params'] if p['id'] == pid)
    flags = dict(re.findall(r'\{(\w+)\?([^}]*)\}', n.get('code') or ''))
    if pid in flags:
        if said.startswith('['):
            return said[1:-1].partition(':')[2] or None  # None: as the result read from
        return '1' if said else '0'
    for sp in p.get('specials', []):
        if said == squeeze(sp['id']):
            return str(sp['value'])
    if p.get('unit'):
        for f in unit_forms(doc, p['unit'], locale):
            if said == squeeze(phrase(locale, 'no %s') % f):
                return '0'
            if said.endswith(f) and len(said) > len(f):
                return said[:-len(f)]
    return said


def work_out(formula, names):
    """A printed formula (min(a+1,5), div_down(d,2)) over the names bound, or None."""
    funcs = {'min': min, 'max': max, 'div_down': lambda x, y: x // y, 'div_up': lambda x, y: -(-x // y)}
    try:
        return int(eval(formula.replace(MINUS, '-'), {'__builtins__': {}}, dict(funcs, **names)))
    except Exception:  # not a formula of these names
        return None


def find_formula(doc, rw, text, locale):
    """Where a rewrite's printed line starts and its head ends: the line whose left side names
    the result rw reads from (its names bound to its numbers) and whose right side, worked out
    over them, gives the result rw reads as; (-1, -1, why) where none does."""
    frm, fnames = side_pattern(doc, rw['from'], 'f', locale)
    to, tnames = side_pattern(doc, rw['to'], 't', locale)
    if frm is None or to is None:
        return -1, -1, 'an outcome with numbers and no label in the locale'
    head = squeeze(phrase(locale, '%s may read as %s'))
    when = squeeze(phrase(locale, ' when %s').split('%s')[0])
    pattern = re.escape(head).replace(re.escape('%s'), '(%s)', 1).replace(re.escape('%s'), '(%s)', 1) % (frm, to)
    ends = [when, squeeze(phrase(locale, ' in the case its rule states')),
            squeeze(phrase(locale, ' (rule %s)').split('%s')[0]), '.']
    pattern += '(?=%s)' % '|'.join(re.escape(e) for e in ends)
    src, dst = doc['outcomes'][rw['from']], doc['outcomes'][rw['to']]
    rx, at = re.compile(pattern), 0
    while True:
        m = rx.search(text, at)
        if not m:
            break
        at = m.start() + 1  # the next try starts later: a line a group reached across is read too
        bound, ok = {}, True
        if src.get('nvalues'):
            n = doc['numeric_outcomes'][src['numeric']]
            ids = [p['id'] for p in n['params']]
            for pid, g in fnames:
                v = src['values'][ids.index(pid)]
                said = number_of(doc, n, pid, m.group(g), locale)
                if said is None or re.fullmatch(r'[A-Za-z_]\w*', said):
                    bound[said or pid] = v
                elif work_out(said, {}) != v:
                    ok = False
        if ok and dst.get('nvalues'):
            n = doc['numeric_outcomes'][dst['numeric']]
            ids = [p['id'] for p in n['params']]
            for pid, g in tnames:
                said = number_of(doc, n, pid, m.group(g), locale)
                want = dst['values'][ids.index(pid)]
                got = bound.get(pid) if said is None else work_out(said, bound)
                ok = ok and got == want
        if ok:
            return m.start(), m.end(), ''
    return -1, -1, 'no line %s' % pattern


def compare_says(where, doc, truth, t, unit, locale):
    """What the card says beside the grid against the model and eval: each result's effects (as
    eval gives them) and what it triggers, the conditions of rewrites in the inputs' labels,
    how odds between two columns read, the end columns without a roll, what a `—` means."""
    text = squeeze(' '.join(unit.text))
    inputs = {i['id']: i for i in doc['inputs']}
    outs = table_outcomes(doc, t)
    starts = {}
    for o in outs:
        out = doc['outcomes'][o]
        if not out['effects'] and not out['triggers']:
            continue
        printed = outcome_text(doc, t, out['id'], locale)
        got = truth.results.get((t['id'], out['id']))
        if got is not None:  # eval's effects are the model's
            model = [(e['kind_id'], e['args']) for e in out['effects']]
            given = [(e['effect'], e['args']) for e in got.get('effects', [])]
            if [effect_words(doc, *m, locale) for m in model] != [effect_words(doc, *g, locale) for g in given]:
                fail(where, '%s: eval gives the effects %s, the model %s' % (out['id'], given, model))
        effects = [effect_words(doc, e['kind_id'], e['args'], locale) for e in out['effects']]
        head = squeeze(printed + ' \u2014 ' + ('; '.join(effects) if effects else phrase(locale, 'Then: ')))
        k = text.find(head)
        if k < 0:
            counts['says_differ'] += 1
            fail(where, 'what %r does is not printed as %r' % (printed, printed + ' \u2014 ' + '; '.join(effects)))
            continue
        counts['says'] += 1
        starts[o] = k
    shared = phrase(locale, 'After every result: %s').split('%s')[0]
    common = text.find(squeeze(shared)) if shared.strip() else -1
    bounds = sorted(list(starts.values()) + ([common] if common >= 0 else []) + [len(text)])
    for o, k in starts.items():
        out = doc['outcomes'][o]
        mine = text[k:next(b for b in bounds if b > k)]
        before = text[common:next(b for b in bounds if b > common)] if common >= 0 else ''
        fired = set((truth.results.get((t['id'], out['id'])) or {}).get('triggers', []))
        for tr in out['triggers']:
            fired.discard(tr['target']['id'])
            said = squeeze(target_label(doc, tr['target'], locale))
            where_said = mine if said in mine else before if said in before else None
            counts['says'] += 1
            if where_said is None:
                counts['says_differ'] += 1
                fail(where, '%s leads to %r, which its line does not say' % (out['id'], tr['target']['id']))
                continue
            for ref in read_inputs(tr.get('unless') or {}) + read_inputs(tr.get('times') or {}):
                if squeeze(label(inputs[ref]['labels'], locale, ref)) not in where_said:
                    counts['says_differ'] += 1
                    fail(where, '%s: the condition of %r is not said in the words of %r' %
                         (out['id'], tr['target']['id'], ref))
        if fired:
            fail(where, '%s: eval triggers %s, which the model does not list' % (out['id'], sorted(fired)))
    grouped = set()  # the printed lines of rewrites that compute numbers, by where they start
    for rw in t.get('rewrites', []):
        frm = label(doc['outcomes'][rw['from']]['labels'], locale, rw['from_id'])
        to = label(doc['outcomes'][rw['to']]['labels'], locale, rw['to_id'])
        head = squeeze(phrase(locale, '%s may read as %s') % (frm, to))
        k = text.find(head)
        counts['says'] += 1
        if is_numeric(doc, rw['from']) or is_numeric(doc, rw['to']):
            # One line per rewrite as written ("Losses a/d may read as Losses min(a+1, 5)/d"):
            # its formula, worked out for this result, gives the result the model reads it as.
            k, end, why = find_formula(doc, rw, text, locale)
            if k < 0:
                counts['says_differ'] += 1
                fail(where, 'the rewrite %s -> %s is not printed as a line whose numbers work out to it (%s)' %
                     (rw['from_id'], rw['to_id'], why))
                continue
            grouped.add(k)
            head = text[k:end]
        if k < 0:
            counts['says_differ'] += 1
            fail(where, 'the rewrite %s -> %s is not printed' % (rw['from_id'], rw['to_id']))
            continue
        line = text[k + len(head):k + len(head) + 800]
        when = squeeze(phrase(locale, ' when %s').split('%s')[0])
        if rw['condition'].get('ninstrs') and not line.startswith(when):
            counts['says_differ'] += 1
            fail(where, 'the rewrite %s -> %s is printed without its condition' % (rw['from_id'], rw['to_id']))
        for ref in read_inputs(rw['condition']):
            if squeeze(label(inputs[ref]['labels'], locale, ref)) not in line:
                counts['says_differ'] += 1
                fail(where, 'the condition of the rewrite %s -> %s does not name %r in words' %
                     (rw['from_id'], rw['to_id'], ref))
    if t['key_kind'] in (KEY_ODDS, KEY_VALUE):  # a key read against steps: its rounding is said
        ranges = t.get('round_ranges') or [{'rounding': t['rounding']}]
        odds = t['key_kind'] == 1
        words = {0: ('odds between two columns read towards 1:1', 'a value between two columns reads towards 0'),
                 1: ("odds between two columns read down, in the defender's favour",
                     'a value between two columns reads as the lower column'),
                 2: ("odds between two columns read up, in the attacker's favour",
                     'a value between two columns reads as the higher column'),
                 3: ('odds between two columns read as the nearest column',
                     'a value between two columns reads as the nearest column'),
                 4: ('odds between two columns read as the column nearest their ratio; exactly midway, the lower',
                     'a value between two columns reads as the nearest column; exactly midway, the lower'),
                 5: ('odds between two columns read as the column nearest their ratio; exactly midway, the higher',
                     'a value between two columns reads as the nearest column; exactly midway, the higher'),
                 6: ('a column is reached by odds more than its ratio, not equal to it',
                     'a column is reached by odds more than its ratio, not equal to it')}
        said = phrase(locale, words[ranges[0]['rounding']][0 if odds else 1])
        counts['says'] += 1
        if squeeze(said[:1].upper() + said[1:] + '.') not in text:
            counts['says_differ'] += 1
            fail(where, 'the rounding of the key (%d) is not printed as %r' % (ranges[0]['rounding'], said))
    lines_above = any(g and any(r[0].endswith(':') for r in g[1:]) for g in unit.grids)
    for j, col in enumerate(t['columns']):
        if col['kind'] != 1 or lines_above:
            continue
        head = expected_headers(doc, t, locale)[j]
        if t['key_kind'] != 0 and t['column_input'] >= 0 and not label(col['labels'], locale, None):
            values = doc['enums'][doc['inputs'][t['column_input']]['enum_index']]['values']
            head = ', '.join(label(v['labels'], locale, v['id']) for v in values if v['id'] in col['values']) + \
                ' ' + head
        said = phrase(locale, '%s: %s, without a roll.') % (head, outcome_text(doc, t, col['automatic_id'], locale))
        counts['says'] += 1
        if squeeze(said) not in text:
            counts['says_differ'] += 1
            fail(where, 'the column %r gives %s without a roll; the card does not say %r' %
                 (col['id'], col['automatic_id'], said))
    if any(cell == NO_RESULT for g in unit.grids for row in g[1:] for cell in row[1:]):
        said = phrase(locale, '%s: no result.') % NO_RESULT
        counts['says'] += 1
        if squeeze(said) not in text:
            counts['says_differ'] += 1
            fail(where, 'the grid prints %s, and the card does not say what it means' % NO_RESULT)


def compare_doc(where, doc, truth, units, locale, ids):
    tables = doc['tables']
    matrices = [m for m in doc['matrices'] if len(m['dims']) >= 2]
    if len(units) != len(tables) + len(doc['matrices']) + len(doc.get('bands', [])):
        fail(where, '%d units printed, the ruleset has %d tables, matrices and bands' %
             (len(units), len(tables) + len(doc['matrices']) + len(doc.get('bands', []))))
        return
    for t, u in zip(tables, units):
        w = '%s, %s' % (where, u.heading)
        heads = expected_headers(doc, t, locale)
        taken = set()
        results = [g for g in u.grids if g and all(parse_roll(r[0]) or r[0].endswith(':') for r in g[1:])]
        if not results:
            fail(w, 'no grid of rolls read back')
        for g in u.grids:
            for r in g[1:]:
                if r and re.fullmatch(r'[\u2264]?-\d+\+?|-?\d+--?\d+', r[0]) and not re.fullmatch(r'\d+-\d+', r[0]):
                    fail(w, "the line '%s' prints a hyphen a reader takes for a minus or a range: a number below "
                         "0 with a minus sign (U+2212), a range with such an end with an en dash (U+2013)" % r[0])
        leads = getattr(u, 'leads', [])
        for g in results:
            k = next(k for k, x in enumerate(u.grids) if x is g)
            served = served_columns(doc, t, locale, leads[k] if k < len(leads) else '')
            compare_results(w, doc, t, truth.tables[t['id']], g, locale, heads, taken, served)
        for g in u.grids:
            if g and g not in results:
                compare_modifiers(w, doc, t, truth.tables[t['id']], g, locale)
        compare_says(w, doc, truth, t, u, locale)
        # The headers and lines of a grid: no id of a value of the column input that has a label.
        keyed = set()
        if t['column_input'] >= 0:
            enum = doc['enums'][doc['inputs'][t['column_input']]['enum_index']]
            keyed = {v['id'] for v in enum['values'] if v['id'] in ids}
        for g in u.grids:
            for cell in g[0] + [row[0] for row in g[1:]]:
                for word in re.findall(r'[\w.]+', cell):
                    if word in keyed or ('_' in word and word in ids):
                        fail(w, 'the grid prints the id %r where it has a label' % word)
    for mx, u in zip(doc['matrices'], units[len(tables):]):
        if mx in matrices and u.grids and u.grids[0]:
            compare_matrix('%s, %s' % (where, u.heading), doc, mx, u.grids[0], locale)
    for b, u in zip(doc.get('bands', []), units[len(tables) + len(doc['matrices']):]):
        if u.grids and u.grids[0]:
            compare_band('%s, %s' % (where, u.heading), doc, b, u.grids[0])
    text = ' '.join([u.heading for u in units] + [p for u in units for p in u.text])
    for i in sorted(i for i in ids if '_' in i):
        if re.search(r'(?<![\w.])%s(?![\w])' % re.escape(i), text):
            fail(where, 'the text prints the id %r' % i)


@functools.lru_cache(maxsize=None)
def fonts_for(language):
    """The installed fonts that set the language (fc-list), asked once a language."""
    return subprocess.run(['fc-list', ':lang=' + language], capture_output=True,
                          text=True).stdout.strip() if shutil.which('fc-list') else 'unknown'


for path in paths:
    if path in NOT_READ and not sys.argv[3:]:
        unread.append('%s: not read back: %s' % (path, NOT_READ[path]))
        continue
    doc = aid_truth.run_json(rtab, ['export', '--format', 'json', path])
    if doc is None or not doc.get('tables') and not doc.get('matrices'):
        continue
    truth = aid_truth.Truth(rtab, path)
    counts['rulesets'] += 1
    name = os.path.basename(path)[:-5]
    for locale in doc['locales']:
        ids = labelled_ids(doc, locale)
        # A locale no installed font can set prints boxes for its letters: its PDF is not read.
        fonts = fonts_for(locale.split('-')[0].split('_')[0])
        page = os.path.join(tmp, '%s.%s.html' % (name, locale))
        subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page], check=True)
        with open(page, encoding='utf-8') as f:
            shape = aid_read.read_html(f.read())
        compare_doc('%s %s html' % (path, locale), doc, truth, shape, locale, ids)
        counts['docs'] += 1
        if not fonts or path in PDF_UNREAD:
            unread.append('%s %s: its PDF: %s' % (path, locale, PDF_UNREAD.get(path) or 'no font installed sets it'))
            continue
        turn = counts['pairs']
        counts['pairs'] += 1
        for paper in ([PAPERS[(turn + k * 3) % len(PAPERS)] for k in range(PAPERS_EACH)]
                      if PAPERS_EACH < len(PAPERS) else PAPERS):
            counts['papers'].add(paper)
            pdf = os.path.join(tmp, '%s.%s.%s.pdf' % (name, locale, paper))
            # (Its stderr counts the provisional readings it prints: test_print_prepress.py reads that.)
            r = subprocess.run([rtab, 'export', '--format', 'pdf', '--locale', locale, '--paper', paper, path,
                                '-o', pdf], capture_output=True, text=True)
            where = '%s %s %s pdf' % (path, locale, paper)
            if r.returncode:
                fail(where, 'rtab export exited %d: %s' % (r.returncode, r.stderr.strip()[-300:]))
                continue
            units, problems = aid_read.read_pdf(pdf, shape)
            for p in problems:
                fail(where, p)
            if not problems:
                compare_doc(where, doc, truth, units, locale, ids)
            small = [(s, p, w) for s, p, w in aid_read.font_sizes(pdf) if s < MIN_POINTS - 0.05]
            if small:
                s, p, w = min(small)
                fail(where, '%d words below %g pt, the least %r at %.1f pt on page %d' % (len(small), MIN_POINTS, w, s, p))
            counts['docs'] += 1

if counts['pairs'] >= len(PAPERS) and set(PAPERS) - counts['papers']:
    failed.append('no ruleset was printed on %s' % ', '.join(sorted(set(PAPERS) - counts['papers'])))
for u in unread:
    print('Not read back:', u)
for f in failed:
    print('FAIL:', f)
print('%d rulesets, %d documents (locales x HTML and %d of papers %s); %d cells compared with rtab eval, %d modifier values, '
      '%d matrix and band values; %d differ; %d effects, triggers, rewrites and key notes read back, %d differ; '
      '%d failures' %
      (counts['rulesets'], counts['docs'], PAPERS_EACH, '/'.join(p for p in PAPERS if p in counts['papers']), counts['cells'], counts['modifiers'], counts['matrix'],
       counts['differ'], counts['says'], counts['says_differ'], len(failed)))
sys.exit(1 if failed else 0)
