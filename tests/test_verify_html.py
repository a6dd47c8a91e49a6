#!/usr/bin/env python3
"""rtab verify --format html, rendered by headless Chromium: the two rulebooks'
results tables side by side, every cell present in the rendered DOM, and each
difference highlighted at its cell (class "differs") and nowhere else; every
kind of definition side by side, each difference highlighted at its item and
said in the reader's terms; no empty header row, no empty section; and
rtab diff --format html: the changed cell and the odds it moves.
Skipped (exit 77) without chromium.

usage: test_verify_html.py RTAB SOURCE_ROOT
"""
import html.parser
import os
import shutil
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
chromium = shutil.which('chromium') or shutil.which('chromium-browser')
if not chromium:
    print('SKIP: chromium is not installed')
    sys.exit(77)


class Tables(html.parser.HTMLParser):
    """Every <table class="results">: its cells as (text, differs) rows."""

    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.row, self.inside = [], None, None, False
        self.body = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'table':
            self.inside = a.get('class') == 'results'
            if self.inside:
                self.tables.append([])
        elif tag == 'tbody':
            self.body = True
        elif tag == 'tr' and self.inside and self.body:
            self.row = []
        elif tag in ('td', 'th') and self.row is not None:
            self.cell = ['', a.get('class') == 'differs']

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[0] += data

    def handle_endtag(self, tag):
        if tag in ('td', 'th') and self.cell is not None:
            self.row.append((self.cell[0].strip(), self.cell[1]))
            self.cell = None
        elif tag == 'tr' and self.row is not None:
            if self.tables:
                self.tables[-1].append(self.row)
            self.row = None
        elif tag == 'table':
            self.row, self.inside, self.body = None, False, False


# (the rows of the body as printed; a '*' marks a highlighted cell)
EXPECTED = [
    [['Attack repulsed', '<=2'], ['Defender holds', '*3-4'], ['Defender routed', '*>=5']],
    [['Атака отбита', '<=2'], ['*', '*3-5'], ['Оборона бежит', '*>=6']],
    [['Defender holds', '<=3'], ['Pursued', '>=4']],
    [['*', '<=3'], ['Преследование', '>=4']],
    [['Shaken', '<=6'], ['Steady', '>=7']],
    [['Потрясение', '<=6'], ['*Steady', '>=7']],
    [['Shaken', '<=4'], ['Steady', '>=5']],
    [['Потрясение', '<=4'], ['*Steady', '>=5']],
]

failed = []
with tempfile.TemporaryDirectory() as tmp:
    page = os.path.join(tmp, 'verify.html')
    with open(page, 'wb') as f:
        p = subprocess.run([rtab, 'verify', '--format', 'html', 'tests/verify/original.rtab',
                            'tests/verify/faulty.rtab'], cwd=root, stdout=f, stderr=subprocess.PIPE,
                           check=False)
    if p.returncode != 1:
        failed.append('rtab verify --format html exited %d, expected 1' % p.returncode)
    profile = os.path.join(tmp, 'profile')
    os.mkdir(profile)
    dom = subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
                          '--no-first-run', '--disable-background-networking',
                          '--disable-component-update', '--disable-sync',
                          '--user-data-dir=' + profile, '--dump-dom', 'file://' + page],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120, check=False)
    text = dom.stdout.decode('utf-8', 'replace')
    if dom.returncode != 0 or '<table' not in text:
        failed.append('chromium rendered nothing (exit %d)' % dom.returncode)
    t = Tables()
    t.feed(text)
    got = [[[('*' if d else '') + c for c, d in row] for row in table] for table in t.tables]
    if got != EXPECTED:
        failed.append('the rendered tables differ:\n  got      %r\n  expected %r' % (got, EXPECTED))
    for needle in ('20 errors, 1 warning', 'disorder(broken)', 'distance \'overrun\' is in the original'):
        if needle not in text:
            failed.append('the rendered page lacks %r' % needle)

    # Every definition side by side, at the item; nothing empty.
    for needle in ('<th>value</th><td class="differs">2</td><td class="differs">1</td>',
                   '>group</h2>', '>reactions</h2>', '>transition</h2>', '>distance</h2>',
                   '>procedure</h2>', '>modifier</h2>',
                   '<th>state wavering</th><td class="differs">broken</td><td class="differs">normal</td>'):
        if needle not in text:
            failed.append('the rendered page lacks %r' % needle)
    for empty in ('<tr></tr>', '<thead><tr><th></th></tr></thead>', '</h2>\n<h2>', '</h2><h2>'):
        if empty in text:
            failed.append('the rendered page has an empty row or section: %r' % empty)
    if not text.rstrip().endswith('</html>') or text.count('<h2') != text.count('</h2>'):
        failed.append('the rendered page is cut short')

    # The close-combat pair: the missing item, the swapped branch, each at its item.
    page = os.path.join(tmp, 'close_combat.html')
    with open(page, 'wb') as f:
        p = subprocess.run([rtab, 'verify', '--format', 'html', 'tests/verify/close_combat_en.rtab',
                            'tests/verify/close_combat_faulty.rtab'], cwd=root, stdout=f,
                           stderr=subprocess.PIPE, check=False)
    dom = subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
                          '--no-first-run', '--disable-background-networking',
                          '--disable-component-update', '--disable-sync',
                          '--user-data-dir=' + profile, '--dump-dom', 'file://' + page],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120, check=False)
    text = dom.stdout.decode('utf-8', 'replace')
    for needle in ("<td>the translation lacks 'flank'</td>", '<td>the branches are swapped; when move = 0',
                   '<td>the same, exhaustively, over 169 situations</td>'):
        if needle not in text:
            failed.append('the rendered close-combat page lacks %r' % needle)

    # rtab diff --format html --odds: the changed cell, old and new, and how
    # the odds moved (printed only with --odds), in the rendered DOM.
    page = os.path.join(tmp, 'diff.html')
    with open(page, 'wb') as f:
        p = subprocess.run([rtab, 'diff', '--format', 'html', '--odds', 'tests/errata/skirmish.rtab@original',
                            'tests/errata/skirmish.rtab@first_printing'], cwd=root, stdout=f,
                           stderr=subprocess.PIPE, check=False)
    if p.returncode != 1:
        failed.append('rtab diff --format html exited %d, expected 1' % p.returncode)
    dom = subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
                          '--no-first-run', '--disable-background-networking',
                          '--disable-component-update', '--disable-sync',
                          '--user-data-dir=' + profile, '--dump-dom', 'file://' + page],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120, check=False)
    text = dom.stdout.decode('utf-8', 'replace')
    for needle in ('<li>Arms matrix, cell cavalry, infantry: +2 (was +1)</li>',
                   'Attack repulsed 16.67% → 0%'):
        if needle not in text:
            failed.append('the rendered diff lacks %r' % needle)

for f in failed:
    print('FAIL:', f)
print('%d failed' % len(failed))
sys.exit(1 if failed else 0)
