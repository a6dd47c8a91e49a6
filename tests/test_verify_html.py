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
import html
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
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import headless  # noqa: E402


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
# One browser renders every page (tests/headless.py); the frame that
# measures the wide page reads the page it holds, a file beside it.
browser = headless.Browser(chromium, ['--allow-file-access-from-files'])
render = browser.rendered

with tempfile.TemporaryDirectory() as tmp:
    page = os.path.join(tmp, 'verify.html')
    with open(page, 'wb') as f:
        p = subprocess.run([rtab, 'verify', '--format', 'html', 'tests/verify/original.rtab',
                            'tests/verify/faulty.rtab'], cwd=root, stdout=f, stderr=subprocess.PIPE,
                           check=False)
    if p.returncode != 1:
        failed.append('rtab verify --format html exited %d, expected 1' % p.returncode)
    text = render('file://' + page)
    if '<table' not in text:
        failed.append('chromium rendered nothing: %s' % text[-500:])
    t = Tables()
    t.feed(text)
    got = [[[('*' if d else '') + c for c, d in row] for row in table] for table in t.tables]
    if got != EXPECTED:
        failed.append('the rendered tables differ:\n  got      %r\n  expected %r' % (got, EXPECTED))
    for needle in ('20 errors, 1 warning', 'disorder(broken)', 'distance \'overrun\' is in the original'):
        if needle not in text:
            failed.append('the rendered page lacks %r' % needle)

    # Every definition side by side, at the item; nothing empty.
    # each value beside its line on its own side
    for needle in ('<th>value</th><td class="at">67</td><td class="differs">2</td>'
                   '<td class="at">68</td><td class="differs">1</td>',
                   '>group</h2>', '>reactions</h2>', '>transition</h2>', '>distance</h2>',
                   '>procedure</h2>', '>modifier</h2>',
                   '<th>state wavering</th><td class="at">124</td><td class="differs">broken</td>'
                   '<td class="at">126</td><td class="differs">normal</td>'):
        if needle not in text:
            failed.append('the rendered page lacks %r' % needle)
    # the table as each grid prints it, roll by roll, each side's line beside
    # its cells: roll 5 gives 'routed' on the original's line 78 and 'held'
    # on the translation's line 79; the rolls alike stay one row
    for needle in ('<tr><th>5</th><td class="differs">routed</td><td class="at">78</td></tr>',
                   '<tr><th>5</th><td class="differs">held</td><td class="at">79</td></tr>',
                   '<tr><th>6..9</th><td>routed</td><td class="at">78</td></tr>'):
        if needle not in text:
            failed.append('the rendered page lacks the printed grid row %r' % needle)
    # every finding in full: both places and every difference, as the text report says it
    full = subprocess.run([rtab, 'verify', 'tests/verify/original.rtab', 'tests/verify/faulty.rtab'],
                          cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    for line in full.stdout.decode('utf-8').splitlines()[:40]:
        if 'note: ' in line and 'means' in line:
            break  # the proofs follow the findings
        if html.escape(line, quote=False) not in text:
            failed.append('the rendered findings lack the line %r' % line)
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
    text = render('file://' + page)
    for needle in ("<td>the translation lacks 'flank'</td>", '<td>the branches are swapped; when move = 0',
                   '<td>the same, exhaustively, over 169 situations</td>'):
        if needle not in text:
            failed.append('the rendered close-combat page lacks %r' % needle)

    # A table of 13 columns, both sides in a window 800 pixels wide: split
    # into parts and wrapped, no table past the window's right edge.
    wide_de = os.path.join(tmp, 'lone_wolf_de.rtab')
    with open(os.path.join(root, 'tables', 'lone_wolf_style.rtab'), encoding='utf-8') as f:
        src = f.read()
    with open(wide_de, 'w', encoding='utf-8') as f:
        f.write(src.replace('locales en;', 'locales de;').replace(' en "', ' de "DE '))
    page = os.path.join(tmp, 'wide.html')
    with open(page, 'wb') as f:
        subprocess.run([rtab, 'verify', '--format', 'html', 'tables/lone_wolf_style.rtab', wide_de],
                       cwd=root, stdout=f, stderr=subprocess.PIPE, check=False)
    frame = os.path.join(tmp, 'frame.html')
    with open(frame, 'w', encoding='utf-8') as f:
        f.write('<!DOCTYPE html><html><body style="margin:0">'
                '<iframe id="f" src="wide.html" style="width:800px;height:600px;border:0" onload="'
                "var d=this.contentDocument,w=d.documentElement.clientWidth,bad=[],n=0;"
                "d.querySelectorAll('table').forEach(function(t){n++;var r=t.getBoundingClientRect();"
                "if(r.right>w+1)bad.push(t.className+' '+Math.round(r.right));});"
                "document.getElementById('out').textContent='tables '+n+' past the edge '+bad.length+': '+bad.join(', ');"
                '"></iframe><pre id="out">not measured</pre></body></html>')
    text = render('file://' + frame, size=(820, 700))
    import re
    measured = re.search(r'tables (\d+) past the edge (\d+):([^<]*)', text)
    if not measured or int(measured.group(1)) < 4:
        failed.append('the wide page was not measured: %r' % (measured.group(0) if measured else text[-300:]))
    elif measured.group(2) != '0':
        failed.append('tables past the right edge of an 800-pixel window: %s' % measured.group(3))

    # rtab diff --format html --odds: the changed cell, old and new, and how
    # the odds moved (printed only with --odds), in the rendered DOM.
    page = os.path.join(tmp, 'diff.html')
    with open(page, 'wb') as f:
        p = subprocess.run([rtab, 'diff', '--format', 'html', '--odds', 'tests/errata/skirmish.rtab@original',
                            'tests/errata/skirmish.rtab@first_printing'], cwd=root, stdout=f,
                           stderr=subprocess.PIPE, check=False)
    if p.returncode != 1:
        failed.append('rtab diff --format html exited %d, expected 1' % p.returncode)
    text = render('file://' + page)
    for needle in ('<li>Arms matrix, cell cavalry, infantry: +2 (was +1)</li>',
                   'Attack repulsed 16.67% → 0%'):
        if needle not in text:
            failed.append('the rendered diff lacks %r' % needle)

browser.close()
for f in failed:
    print('FAIL:', f)
print('%d failed' % len(failed))
sys.exit(1 if failed else 0)
