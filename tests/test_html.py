#!/usr/bin/env python3
"""The HTML print proofs, rendered in headless Chromium: every table's
cells (its ranges as printed, outcome ids and labels in each locale shown),
every matrix cell and every modifier are in the rendered DOM, and
provisional values carry their mark. Skipped (exit 77) without chromium.
With --static, the page's own markup is read instead of Chromium's DOM (the
same checks, in a fraction of the time: the quick suite's HTML export).

usage: test_html.py RTAB SOURCE_ROOT [--static]
"""
import glob
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export_cells import grid_lines, is_grid, marked  # noqa: E402
import headless  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
static = sys.argv[3:] == ['--static']
os.chdir(root)
chromium = shutil.which('chromium') or shutil.which('chromium-browser')
if not chromium and not static:
    print('SKIP: chromium is not installed')
    sys.exit(77)


class Cells(html.parser.HTMLParser):
    """The text of every table cell, and which cells are marked provisional."""

    def __init__(self):
        super().__init__()
        self.cells, self.marked, self.cur, self.cls = [], [], None, None

    def handle_starttag(self, tag, attrs):
        if tag in ('td', 'th'):
            self.cur, self.cls = [], dict(attrs).get('class', '')

    def handle_data(self, data):
        if self.cur is not None:
            self.cur.append(data)

    def handle_endtag(self, tag):
        if tag in ('td', 'th') and self.cur is not None:
            text = ''.join(self.cur).strip()
            self.cells.append(text)
            if 'provisional' in self.cls:
                self.marked.append(text)
            self.cur = None


failed = []
tmp = tempfile.mkdtemp()
# One browser renders every page (tests/headless.py).
browser = None if static else headless.Browser(chromium)
try:
    for path in sorted(glob.glob('tables/*.rtab')):
        doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', path],
                                        capture_output=True, text=True, check=True).stdout)
        for locales in (doc['locales'][:2], doc['locales'][:1]):
            page = os.path.join(tmp, 'proof.html')
            subprocess.run([rtab, 'export', '--format', 'html', '--proof', '--locale', ','.join(locales), path,
                            '-o', page], check=True)
            if static:
                with open(page, encoding='utf-8') as f:
                    markup = f.read()
            else:
                markup = browser.rendered('file://' + page)
                if '<table' not in markup:
                    failed.append('%s %s: chromium rendered nothing: %s' % (path, locales, markup[-500:]))
                    continue
            p = Cells()
            p.feed(markup)
            cells = set(p.cells)
            want = []
            for t in doc['tables']:
                if is_grid(t):
                    # The printed grid, then each cell's outcome and labels.
                    for line in grid_lines(doc, t):
                        want += [x for x in line if x not in p.marked]
                    for row in t['rows']:
                        o = doc['outcomes'][row['outcome']]
                        want += [o['code'], o['id']] + [o['labels'][l] for l in locales if o['labels'][l]]
                    continue
                for row in t['rows']:
                    row_cells = marked(doc, t, row)
                    want += row_cells + [row['outcome_id']]
                    o = doc['outcomes'][row['outcome']]
                    want += [o['labels'][l] for l in locales if o['labels'][l]]
                    if row['provisional'] and row_cells[0] not in p.marked:
                        failed.append('%s: row %s of %s is not marked provisional' % (path, row['outcome_id'], t['id']))
            for m in doc['matrices']:
                for cell in m['by_keys']:
                    want += cell['keys']
            for mod in doc['modifiers']:
                want += [mod['id'], mod['value']['text'] + (' \u2020' if mod['provisional'] else '')]
            missing = [w for w in want if w not in cells]
            for w in missing[:10]:
                failed.append('%s (%s): the cell %r is not in the rendered page' % (path, ','.join(locales), w))
            print('ok: %s (%s): %d cells rendered, %d checked' % (path, ','.join(locales), len(p.cells), len(want)))
finally:
    if browser:
        browser.close()
    shutil.rmtree(tmp, ignore_errors=True)
for f in failed:
    print('FAIL:', f)
sys.exit(1 if failed else 0)
