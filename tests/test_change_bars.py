#!/usr/bin/env python3
"""The reprinted aid marks what changed: `rtab export --changes-since EDITION`
puts a change bar beside every line of a grid and every paragraph that the aid
of EDITION does not print, and beside nothing else.

The second printing of Musket & Pike (tests/errata/musket_pike_second_printing.rtab
appended to tables/musket_pike.rtab: one results cell, one modifier's value, one
modifier added, one removed) is printed in English and in Russian, as HTML and as
PDF on A4 and on a card. What changed is worked out here, from the aids of the
two editions printed without bars (their HTML read back: a line of a grid is
changed when the old aid's grid in the same place has no line of the same cells,
a paragraph when the old unit has no paragraph of the same text). Then:

- HTML: exactly those lines (`<tr class="changed">`) and paragraphs
  (`<p class="changed">`) are marked;
- PDF: the page drawn with pdftoppm has a black bar in the left margin beside
  the first line of each of them, and none beside any other line of a grid or
  paragraph found on the page;
- bad input: --changes-since with a format other than pdf and html, with
  --proof, or naming no edition of the file is refused with a clear message.

Skipped (exit 77) without poppler or an rtab with PDF, unless RTAB_REQUIRE_TOOLS=1.

usage: test_change_bars.py RTAB SOURCE_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aid_read  # noqa: E402
import pdf_tools  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
pdf_tools.require(pdf_tools.poppler(), [rtab, 'export', '--format', 'pdf', 'tables/classic_odds.rtab'])
tmp = tempfile.mkdtemp()
failed = []
counts = {'marked': 0, 'plain': 0}

# The bar, as aid_pdf_draw.c draws it: BAR_WIDTH wide, BAR_GAP left of the block, the block at MARGIN,
# a cell's text PAD in from its left edge.
MARGIN, PAD, BAR_GAP, BAR_WIDTH = 48.0, 3.0, 6.0, 2.5
DPI = 144

ruleset = os.path.join(tmp, 'musket_pike_2.rtab')
with open(ruleset, 'w', encoding='utf-8') as out:
    for part in ('tables/musket_pike.rtab', 'tests/errata/musket_pike_second_printing.rtab'):
        with open(part, encoding='utf-8') as f:
            out.write(f.read())


def run(*args):
    return subprocess.run([rtab, *args], capture_output=True, text=True)


class MarkedHTML(HTMLParser):
    """The aid's units, each grid's rows as (cells, marked) and each paragraph as (text, marked)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.units, self.head, self.cell, self.row, self.para = [], None, None, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        marked = 'changed' in (a.get('class') or '').split()
        if tag == 'h2':
            self.head = []
        elif tag == 'table':
            self.units[-1]['grids'].append([])
        elif tag == 'tr':
            self.row = ([], marked)
        elif tag in ('td', 'th'):
            self.cell = []
        elif tag == 'p' and self.units:
            self.para = ([], marked)
        elif tag == 'br' and self.para is not None:
            self.para[0].append('\n')

    def handle_endtag(self, tag):
        if tag == 'h2':
            self.units.append({'heading': aid_read.norm(''.join(self.head)), 'grids': [], 'paras': []})
            self.head = None
        elif tag in ('td', 'th') and self.cell is not None:
            self.row[0].append(aid_read.norm(''.join(self.cell)))
            self.cell = None
        elif tag == 'tr' and self.row is not None:
            self.units[-1]['grids'][-1].append((tuple(self.row[0]), self.row[1]))
            self.row = None
        elif tag == 'p' and self.para is not None:
            self.units[-1]['paras'].append((''.join(self.para[0]).strip(), self.para[1]))
            self.para = None

    def handle_data(self, data):
        for buf in (self.cell, self.head, self.para[0] if self.para else None):
            if buf is not None:
                buf.append(data)
                return


def read_marked(path):
    p = MarkedHTML()
    with open(path, encoding='utf-8') as f:
        p.feed(f.read())
    return p.units


def expected_changes(new, old):
    """{(heading, grid index, cells)} and {(heading, paragraph)} of new that old does not print.
    A cell an end column prints once over several lines (rowspan) makes rows of the HTML
    shorter: they are compared as printed, the same way in both editions."""
    rows, paras = set(), set()
    for u in new:
        was = next((w for w in old if w['heading'] == u['heading']), None)
        for k, g in enumerate(u['grids']):
            og = was['grids'][k] if was and k < len(was['grids']) else []
            for i, (cells, _) in enumerate(g):
                if not any(cells == oc for oc, _ in (og[:1] if i == 0 else og[1:])):
                    rows.add((u['heading'], k, cells))
        for text, _ in u['paras']:
            if not was or text not in [t for t, _ in was['paras']]:
                paras.add((u['heading'], text))
    return rows, paras


def check_html(where, marked, rows, paras):
    for u in marked:
        for k, g in enumerate(u['grids']):
            for cells, bar in g:
                want = (u['heading'], k, cells) in rows
                counts['marked' if want else 'plain'] += 1
                if bar != want:
                    failed.append('%s: %s, line %s: %s' % (where, u['heading'], ' | '.join(cells),
                                                             'marked, but it did not change' if bar else
                                                             'changed, but has no bar'))
        for text, bar in u['paras']:
            want = (u['heading'], text) in paras
            counts['marked' if want else 'plain'] += 1
            if bar != want:
                failed.append('%s: %s, paragraph %r: %s' % (where, u['heading'], text[:60],
                                                           'marked, but it did not change' if bar else
                                                           'changed, but has no bar'))


def page_image(pdf, page):
    """Page (from 0) as a grey image: (width, height, bytes), one byte a pixel, 0 black."""
    out = os.path.join(tmp, 'page')
    subprocess.run(['pdftoppm', '-gray', '-r', str(DPI), '-f', str(page + 1), '-l', str(page + 1), pdf, out],
                   check=True)
    name = next(f for f in os.listdir(tmp) if f.startswith('page') and f.endswith('.pgm'))
    with open(os.path.join(tmp, name), 'rb') as f:
        data = f.read()
    os.remove(os.path.join(tmp, name))
    m = re.match(rb'P5\s+(\d+)\s+(\d+)\s+(\d+)\s', data)
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end():]


def has_bar(image, y0, y1):
    """Whether the margin left of the blocks is black between y0 and y1 (points), at their middle."""
    w, h, px = image
    scale = DPI / 72.0
    y = int((y0 + y1) / 2 * scale)
    x0, x1 = int((MARGIN - BAR_GAP - BAR_WIDTH + 0.5) * scale), int((MARGIN - BAR_GAP - 0.5) * scale)
    return any(px[y * w + x] < 96 for x in range(x0, x1 + 1))


def agreeing(own, words):
    """How many words from the start of own and of words are the same."""
    n = 0
    while n < len(own) and n < len(words) and own[n] == words[n]:
        n += 1
    return n


def first_cell_words(lines, n, boundary):
    """The words of the first cell of the grid line that starts on lines[n], over the lines it
    wraps onto (each touching the one above): the words left of boundary."""
    out = [w[5] for w in lines[n] if w[3] <= boundary]
    k = n + 1
    while (k < len(lines) and lines[k][0][0] == lines[n][0][0] and
           lines[k][0][2] - max(w[4] for w in lines[k - 1]) < 1.0):
        out += [w[5] for w in lines[k] if w[3] <= boundary]
        k += 1
    return out


def check_pdf(where, pdf, new, rows, paras):
    """Each line of the PDF that begins a grid's line or a paragraph of the aid: a bar beside it
    exactly when that line or paragraph changed."""
    words, _ = aid_read.pdf_words(pdf)
    lines = aid_read._lines(words)
    images = {}
    starts = []  # (squeezed text of a line's start, changed) for every grid line and paragraph
    for u in new:
        for k, g in enumerate(u['grids']):
            for cells, _ in g[1:]:
                first = cells[0].split()
                if first:
                    starts.append((u['heading'], ' '.join(first), (u['heading'], k, cells) in rows, cells))
        for text, _ in u['paras']:
            starts.append((u['heading'], ' '.join(text.split()), (u['heading'], text) in paras, None))
    seen = set()
    heading = None
    for n, ln in enumerate(lines):
        at = n
        text = aid_read.norm(' '.join(w[5] for w in ln))
        # A cell's or a paragraph's first line stands apart from the line above it (a cell's
        # padding, the gap between parts); the lines it wraps onto touch the one above.
        if n and lines[n - 1][0][0] == ln[0][0] and ln[0][2] - max(w[4] for w in lines[n - 1]) < 1.0:
            continue
        for h in {s[0] for s in starts}:
            if text and h.startswith(text) and len(text) >= min(len(h), 12):
                heading = h
        # The aid's lines this one may begin: those whose first words it begins with, as far as
        # its words go or until the first cell wraps (the line's next word is another cell's).
        line_words, best, hits = text.split(), 0, []
        for s in starts:
            # A grid's line starts a cell's padding in from the margin, a paragraph at it.
            if s[0] != heading or abs(ln[0][1] - (MARGIN if s[3] is None else MARGIN + PAD)) > 1.0:
                continue
            own = s[1].split()
            n = 0
            while n < len(own) and n < len(line_words) and own[n] == line_words[n]:
                n += 1
            if n == 0 or (n < len(own) and n < len(line_words) and s[3] is None):
                continue  # a paragraph goes on along its line
            if n > best:
                best, hits = n, []
            if n == best:
                hits.append(s)
        if not hits:
            continue
        # A line of a grid starts at its first cell (a cell's padding in); a paragraph at the margin.
        want = {s[2] for s in hits}
        if len(want) > 1 and all(s[3] is not None for s in hits) and best < len(ln):
            # Grid lines whose first cells start alike ("Defending leader", "Defending cavalry
            # ..."): told apart by the first cell's words on the lines it wraps onto, those left
            # of where the line's next cell starts.
            cell = first_cell_words(lines, at, ln[best][1])
            longest = max(agreeing(s[1].split(), cell) for s in hits)
            hits = [s for s in hits if agreeing(s[1].split(), cell) == longest]
            want = {s[2] for s in hits}
        if len(want) > 1:  # two lines of the aid that start alike, one changed: not told apart here
            continue
        page = ln[0][0]
        if page not in images:
            images[page] = page_image(pdf, page)
        bar = has_bar(images[page], ln[0][2], max(w[4] for w in ln))
        want = want.pop()
        seen.add((hits[0][0], hits[0][1], want))
        counts['marked' if want else 'plain'] += 1
        if bar != want:
            failed.append('%s: page %d, %r: %s' % (where, page + 1, text[:60],
                                                  'a change bar, but it did not change' if bar else
                                                  'changed, but no change bar'))
    for h, start, want, cells in starts:
        if want and (h, start, want) not in seen:
            failed.append('%s: %s: the changed %r is not found in the PDF' % (where, h, start))


for locale in ('en', 'ru'):
    plain = {}
    for edition in ('original', None):
        page = os.path.join(tmp, 'aid.%s.%s.html' % (locale, edition))
        args = ['export', '--format', 'html', '--locale', locale, ruleset, '-o', page]
        r = run(*(args + (['--edition', edition] if edition else [])))
        if r.returncode:
            failed.append('export %s: %s' % (' '.join(args), r.stderr.strip()))
            continue
        plain[edition] = read_marked(page)
    if len(plain) < 2:
        continue
    rows, paras = expected_changes(plain[None], plain['original'])
    if not rows:
        failed.append('%s: the second printing changes no line of the aid (the cell, the modifiers)' % locale)
    page = os.path.join(tmp, 'aid.%s.bars.html' % locale)
    r = run('export', '--format', 'html', '--locale', locale, '--changes-since', 'original', ruleset, '-o', page)
    if r.returncode:
        failed.append('%s html: exit %d: %s' % (locale, r.returncode, r.stderr.strip()))
    else:
        check_html('%s html' % locale, read_marked(page), rows, paras)
    for paper in ('a4', 'card'):
        pdf = os.path.join(tmp, 'aid.%s.%s.pdf' % (locale, paper))
        r = run('export', '--format', 'pdf', '--locale', locale, '--paper', paper, '--changes-since', 'original',
                ruleset, '-o', pdf)
        if r.returncode:
            failed.append('%s %s pdf: exit %d: %s' % (locale, paper, r.returncode, r.stderr.strip()))
            continue
        check_pdf('%s %s pdf' % (locale, paper), pdf, plain[None], rows, paras)

# The same edition against itself: no bar at all.
r = run('export', '--format', 'html', '--locale', 'en', '--changes-since', 'original', '--edition', 'original',
        ruleset)
if r.returncode or 'class="changed"' in r.stdout:
    failed.append('the original against itself: %s' % (r.stderr.strip() or 'bars where nothing changed'))

# Bad input: a clear message, exit 2 for usage and 1 for an edition the file lacks.
for args, status, says in (
        (['--format', 'markdown', '--changes-since', 'original'], 2, '--changes-since marks the player aid'),
        (['--format', 'html', '--proof', '--changes-since', 'original'], 2, '--changes-since marks the player aid'),
        (['--format', 'pdf', '--changes-since', 'third_printing'], 1, 'third_printing'),
        (['--format', 'pdf', '--changes-since='], 2, '--changes-since needs the name')):
    r = run('export', *args, ruleset, '-o', os.path.join(tmp, 'bad.out'))
    if r.returncode != status or says not in r.stderr:
        failed.append('rtab export %s: exit %d (want %d), %r (want it to say %r)' %
                      (' '.join(args), r.returncode, status, r.stderr.strip()[:200], says))

for f in failed:
    print('FAIL:', f)
print('change bars: %d changed lines and paragraphs marked, %d unchanged left plain (HTML and PDF, en and ru, '
      'a4 and card); %d failures' % (counts['marked'], counts['plain'], len(failed)))
sys.exit(1 if failed else 0)
