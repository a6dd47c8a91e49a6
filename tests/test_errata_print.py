#!/usr/bin/env python3
"""The errata sheet a printer takes, applied with a pen.

For errata layers that change a results cell, a pursuit column serving
several games, a CRT cell, a modifier made more negative on each side, a
per-hex modifier, a modifier added and one removed: the sheet is printed
as PDF (`rtab diff OLD NEW --format pdf --locale L -o FILE`, read back with
pdftotext) and as Markdown, in every locale; each of its lines is applied
to the old edition's player aid (its HTML, read back as cells: aid_read.py)
as a reader would with a pen ("roll 5: Stand → Eliminated" rewrites that
cell; "Attacker: scattered: −2 → −3" that value; "New: ..." adds a
modifier, "Removed: ..." strikes one), and the card so corrected must be
the new edition's card, cell for cell. A line that names a cell or a value
the old card does not print as the line says is a failure. The PDF also
carries the edition and "Page N of M" on every page, no word below 7 pt,
and no id where a label exists.

Skipped (exit 77) without pdftotext or an rtab with PDF, unless
RTAB_REQUIRE_TOOLS=1.

usage: test_errata_print.py RTAB SOURCE_ROOT
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aid_read  # noqa: E402
import aid_truth  # noqa: E402
import pdf_tools  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
pdf_tools.require(pdf_tools.poppler(), [rtab, 'export', '--format', 'pdf', 'tables/classic_odds.rtab'])
tmp = tempfile.mkdtemp()
failed = []
counts = {'lines': 0, 'cells': 0}
ARROW = ' \u2192 '
PAGE = {'en': 'Page %d of %d', 'ru': 'Страница %d из %d'}
EDITION = {'en': 'Edition:', 'ru': 'Издание:'}

LAYERS = [('tables/musket_pike.rtab', 'tests/errata/print_layer.rtab'),
          ('tables/musket_pike.rtab', 'tests/errata/musket_pike_second_printing.rtab'),
          ('tables/classic_odds.rtab', 'tests/errata/print_layer_crt.rtab')]


def fail(where, what):
    failed.append('%s: %s' % (where, what))


def reach(path, table):
    """The modified rolls of a table that can occur: its dice and the bounds odds --all sees."""
    doc = aid_truth.run_json(rtab, ['export', '--format', 'json', path])
    t = next(t for t in doc['tables'] if t['id'] == table)
    odds = aid_truth.run_json(rtab, ['odds', path, table, '--all', '--format', 'json']) or {}
    lo, hi = (odds.get('modifiers') or [0, 0])
    if t.get('dice_id') is None:
        return lo, hi
    ns = [n for n, _ in aid_truth.face_choices(doc, t)]
    return min(ns) + lo, max(ns) + hi


def rolls_of(text, lo, hi):
    t = text.replace('\u2212', '-')
    for pattern, span in ((r'(-?\d+)', lambda a: (a, a)), (r'(-?\d+)-(-?\d+)', lambda a, b: (a, b)),
                          (r'(-?\d+)\+', lambda a: (a, hi)), ('\u2264' + r'(-?\d+)', lambda b: (lo, b))):
        m = re.fullmatch(pattern, t)
        if m:
            a, b = span(*map(int, m.groups()))
            return range(max(a, lo), min(b, hi) + 1)
    return None


def card(path, locale, tables):
    """The aid as cells: {table label: {'cells': {(header, roll): text}, 'mods': {label: value}}}."""
    page = os.path.join(tmp, 'card.html')
    subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page], check=True)
    with open(page, encoding='utf-8') as f:
        units = aid_read.read_html(f.read())
    out = {}
    for u in units:
        label = next((lab for lab in tables if u.heading == lab or u.heading.startswith(lab + ' (')), None)
        if not label:
            continue
        t = tables[label]
        lo, hi = reach(path, t)
        cells, mods = {}, {}
        for g in u.grids:
            if all(rolls_of(r[0], lo, hi) is not None for r in g[1:]):
                for row in g[1:]:
                    for head, cell in zip(g[0][1:], row[1:]):
                        for r in rolls_of(row[0], lo, hi):
                            cells[(head, r)] = cell
            else:
                for row in g[1:]:
                    mods[row[0]] = row[1]
        out[label] = {'cells': cells, 'mods': mods, 'reach': (lo, hi)}
    return out


def sheet_lines(text, headings):
    """The sheet's lines per table heading: {heading: [line, ...]}, wrapped lines joined. A
    line after a blank one that is no change is a heading (a table's, or another)."""
    out, current, last, blank = {}, None, None, True
    for raw in text.splitlines():
        line = aid_read.norm(raw).lstrip('#').strip()
        if not line:
            blank = True
            continue
        if re.fullmatch(r'(Page|Страница) \d+ (of|из) \d+', line):
            continue
        bullet = line.startswith('\u2022 ') or line.startswith('- ')
        if blank and not bullet:
            current = next((h for h in headings if line == h or line.startswith(h + ' (') or
                            line.startswith(h + ' \u2014')), None)
            last = None
            if current:
                out.setdefault(current, [])
        elif bullet:
            last = out[current] if current else None
            if last is not None:
                last.append(line[2:])
        elif last is not None:
            last[-1] += ' ' + line
        blank = False
    return out


def apply(where, old, lines, labels_new):
    """The old card with the sheet's lines applied, as a pen would."""
    cells, mods = dict(old['cells']), dict(old['mods'])
    lo, hi = old['reach']
    heads = sorted({h for h, _ in cells}, key=len, reverse=True)
    for line in lines:
        counts['lines'] += 1
        m = re.fullmatch(r'(?:(.*), )?(?:roll|бросок) (\S+): (.*?)' + ARROW + '(.*)', line)
        if m:
            columns, rolls, was, now = m.groups()
            rs = rolls_of(rolls, lo, hi)
            named = [h for h in heads if columns is None or h == columns]
            if rs is None or not named:
                fail(where, 'the line %r names no cell of the card' % line)
                continue
            for h in named:
                for r in rs:
                    if (h, r) not in cells:
                        continue
                    if cells[(h, r)] != was:
                        fail(where, '%r: the card prints %r at %s, roll %d' % (line, cells[(h, r)], h, r))
                    cells[(h, r)] = now
            continue
        m = re.fullmatch(r'(?:New|Новое): (.*), (\S+(?: \u2026 \S+)?)(?: \(.*\))?', line)
        if m:
            mods[m.group(1)] = m.group(2)
            continue
        m = re.fullmatch(r'(?:Removed|Удалено): (.*), (\S+(?: \u2026 \S+)?)(?: \(.*\))?', line)
        if m:
            if mods.pop(m.group(1), None) is None:
                fail(where, '%r: the card has no such modifier' % line)
            continue
        m = re.fullmatch(r'(.*): (.*?)' + ARROW + '(.*)', line)
        if m and m.group(1) in mods:
            if mods[m.group(1)] != m.group(2):
                fail(where, '%r: the card prints %r' % (line, mods[m.group(1)]))
            mods[m.group(1)] = m.group(3)
            continue
        if line.startswith(('Odds', 'Вероятности')):
            continue
        fail(where, 'a line no pen can apply: %r' % line)
    return cells, mods


for base, layer in LAYERS:
    path = os.path.join(tmp, os.path.basename(layer))
    with open(path, 'w', encoding='utf-8') as out:
        for part in (base, layer):
            with open(part, encoding='utf-8') as f:
                out.write(f.read())
    doc = aid_truth.run_json(rtab, ['export', '--format', 'json', path])
    ids = {d['id'] for k in ('tables', 'modifiers', 'outcomes', 'inputs') for d in doc[k] if '_' in d['id']}
    for locale in doc['locales']:
        where = '%s %s' % (layer, locale)
        tables = {(t['labels'].get(locale) or t['id']): t['id'] for t in doc['tables']}
        old, new = card(path + '@original', locale, tables), card(path, locale, tables)
        pdf = os.path.join(tmp, 'sheets', locale, 'sheet.pdf')  # -o makes the directories
        subprocess.run([rtab, 'diff', path + '@original', path, '--format', 'pdf', '--locale', locale,
                        '-o', pdf])
        pages = aid_read.pdf_pages(pdf) if os.path.exists(pdf) else []
        if not pages:
            fail(where, 'rtab diff --format pdf wrote no PDF')
            continue
        for i, p in enumerate(pages):
            if PAGE[locale] % (i + 1, len(pages)) not in p or EDITION[locale] not in p:
                fail(where, 'page %d of the sheet lacks its number or the edition' % (i + 1))
        small = [s for s in aid_read.font_sizes(pdf) if s[0] < 6.95]
        if small:
            fail(where, 'the sheet sets %d words below 7 pt' % len(small))
        md = subprocess.run([rtab, 'diff', path + '@original', path, '--format', 'markdown', '--locale', locale],
                            capture_output=True, text=True).stdout.replace('\\', '')
        # The pages without their frame (the title and the edition at the head of each).
        body = '\n'.join(p.split(EDITION[locale], 1)[-1].split('\n', 1)[-1] for p in pages)
        for form, text in (('pdf', body), ('markdown', md)):
            for i in sorted(ids):
                if re.search(r'(?<![\w.])%s(?![\w])' % re.escape(i), text):
                    fail('%s %s' % (where, form), 'the sheet prints the id %r' % i)
            lines = sheet_lines(text, tables)
            for label in tables:
                if label not in old or label not in new:
                    continue
                cells, mods = apply('%s %s, %s' % (where, form, label), old[label], lines.get(label, []), tables)
                want = new[label]
                for key in sorted(set(cells) | set(want['cells']), key=str):
                    counts['cells'] += 1
                    if cells.get(key) != want['cells'].get(key):
                        fail('%s %s, %s' % (where, form, label), '%s, roll %s: the corrected card prints %r, the new '
                             'one %r' % (key[0], key[1], cells.get(key), want['cells'].get(key)))
                if mods != want['mods']:
                    fail('%s %s, %s' % (where, form, label), 'the corrected modifiers %r are not the new card\'s %r' %
                         (sorted(set(mods.items()) ^ set(want['mods'].items())), ''))

for f in failed:
    print('FAIL:', f)
print('%d sheet lines applied, %d cells compared; %d failures' % (counts['lines'], counts['cells'], len(failed)))
sys.exit(1 if failed else 0)
