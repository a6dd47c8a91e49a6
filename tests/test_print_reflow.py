#!/usr/bin/env python3
"""The player aid reflows rather than strands or cuts what it can keep
whole, read back from the PDF (pdftotext -bbox) of every bundled ruleset,
in each of its locales, on every paper size portrait and landscape:

- a grid is cut into groups of columns only when it cannot fit the page's
  width with its body cells wrapped as narrow as a header wraps (84 pt):
  for each grid of three columns or more (its cells read from the HTML aid
  of the same locale), the widest its columns can need so wrapped is
  worked out from the widths of its words as the PDF sets them (the
  longest word of each cell, else the cell up to 84 pt, plus the cell's
  padding); a grid that fits so must have its whole header on one line;
- a heading is never left at the foot of a page with only its lead-in: a
  unit that goes on over the next page ("(continued)") and whose next page
  goes on with a grid has a line of a grid under its heading on its page.

The Russian Melee Table of Musket & Pike on A4 (its modifiers, three long
columns) is the case that found the first; the second, the Cavalry
Pursuit's heading and its "Roll 1d10" at the foot of a Russian page.

usage: test_print_reflow.py RTAB SOURCE_ROOT [RULESET...]
"""
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aid_read  # noqa: E402
import pdf_tools  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
pdf_tools.require(pdf_tools.poppler(), [rtab, 'export', '--format', 'pdf', 'tables/classic_odds.rtab'])
PAPERS = ['a4', 'a5', 'letter', 'legal', 'half-letter', 'card', 'a4-landscape', 'card-landscape']
MARGIN = 48.0     # each side of the page's body (aid_pdf.c)
PAD = 3.0         # inside a cell, each side
HEAD_WIDTH = 84.0  # the narrowest a cell wraps before its grid is cut into groups
SPACE = 0.318     # DejaVu Sans's space, in ems
CELL_POINTS = 8.0
CONTINUED = ('(continued)', '(продолжение)')
tmp = tempfile.mkdtemp()
failed, counts = [], {'pdfs': 0, 'grids': 0, 'headings': 0, 'pairs': 0, 'pair_words': 0}


def locales_of(path):
    out = subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)['locales']


def word_width(word, width_of):
    """A word's width as the PDF sets it; one the PDF breaks at a line's end (after a '/' or
    '-') as its two pieces; None if it is not in the PDF at the cells' size."""
    if word in width_of:
        return width_of[word]
    for k in range(1, len(word)):
        if word[:k] in width_of and word[k:] in width_of:
            return width_of[word[:k]] + width_of[word[k:]]
    return None


def widest_need(grid, width_of):
    """The width a grid's columns need with each body cell wrapped at HEAD_WIDTH (a header
    cell wraps there already), none narrower than its longest word; None if a word is unknown."""
    need = 0.0
    for c in range(len(grid[0])):
        col = 0.0
        for row in grid:
            widths = [word_width(w, width_of) for w in row[c].split()]
            if None in widths:
                return None
            natural = sum(widths) + SPACE * CELL_POINTS * max(len(widths) - 1, 0)
            col = max(col, max(max(widths, default=0.0), min(natural, HEAD_WIDTH)) + 2 * PAD)
        need += col
    return need


def header_on_one_line(lines, header):
    """Whether a line holds the first word of every header cell, in order."""
    firsts = [h.split()[0] for h in header if h.split()]
    for ln in lines:
        texts, at = [w[5] for w in ln], 0
        for f in firsts:
            at = texts.index(f, at) + 1 if f in texts[at:] else -1
            if at < 0:
                break
        if at > 0:
            return True
    return False


def headings(lines):
    """Each heading: the index of its first line, its text (its lines joined)."""
    heads = [i for i in range(len(lines)) if aid_read.heading_size(lines, i)]
    out = []
    for i in heads:
        if i - 1 in heads and lines[i - 1][0][0] == lines[i][0][0]:
            continue  # the second line of a heading
        j = i + 1
        while j in heads and lines[j][0][0] == lines[i][0][0]:
            j += 1
        out.append((i, ' '.join(w[5] for ln in lines[i:j] for w in ln), j))
    return out


def unit_lines(lines, heads, heading):
    """The lines of the unit under heading, over every page it goes on to."""
    starts = [k for k, (i, text, _) in enumerate(heads) if text.startswith(heading[:30])]
    if not starts:
        return []
    k = starts[0]
    end = next((i for i, text, _ in heads[k + 1:] if not any(c in text for c in CONTINUED)), len(lines))
    return lines[heads[k][0]:end]


def check_groups(where, units, words, lines, body_width):
    width_of = {}
    for w in words:  # the words set at a cell's size (8 pt), bold in a header or not
        if abs((w[4] - w[2]) / aid_read.EM_PER_BOX - CELL_POINTS) < 0.2:
            width_of[w[5]] = max(width_of.get(w[5], 0.0), w[3] - w[1])
    heads = headings(lines)
    for u in units:
        for g in u.grids:
            if len(g[0]) < 3:
                continue
            need = widest_need(g, width_of)
            if need is None or need > body_width:
                continue
            counts['grids'] += 1
            if not header_on_one_line(unit_lines(lines, heads, u.heading), g[0]):
                failed.append('%s: %s: a grid of %d columns that fits %.0f pt wrapped (%.0f pt) is cut into '
                              'groups of columns' % (where, u.heading, len(g[0]), body_width, need))


def check_headings(where, lines):
    heads = [i for i in range(len(lines)) if aid_read.heading_size(lines, i)]
    for i in heads:
        page, left = lines[i][0][0], lines[i][0][1]
        if i - 1 in heads and lines[i - 1][0][0] == page:
            continue  # the second line of a heading
        j = i + 1
        while j < len(lines) and lines[j][0][0] == page and j in heads:
            j += 1
        heading = ' '.join(w[5] for ln in lines[i:j] for w in ln)
        if any(c in heading for c in CONTINUED):
            continue  # a unit going on at the top of a page
        under = [ln for ln in lines[j:] if ln[0][0] == page]
        if any(k in heads for k in range(j, j + len(under))):
            continue  # another unit starts under it on its page
        after = [k for k in range(len(lines)) if lines[k][0][0] == page + 1]
        if not after:
            continue
        k = after[0]
        top = ' '.join(w[5] for m in range(k, min(k + 3, len(lines))) for w in lines[m])
        if not any(c in top for c in CONTINUED):
            continue
        while k < len(lines) and k in heads:
            k += 1
        counts['headings'] += 1
        grid_under = any(ln[0][1] > left + 1.0 for ln in under)
        goes_on_with_grid = k < len(lines) and lines[k][0][0] == page + 1 and lines[k][0][1] > left + 1.0
        if not grid_under and goes_on_with_grid:
            failed.append('%s: page %d ends with the heading %r and its %d line(s) of lead-in; its first '
                          'grid starts the next page' % (where, page + 1, heading, len(under)))


MIN_POINTS = 7.0


def pieces_in(word, got):
    """Whether a word is in the PDF broken at a line's end (after a '/' or '-') into two."""
    return any(got[word[:k]] and got[word[k:]] for k in range(1, len(word)))


def check_pair(where, units_of, pdf):
    """Side by side (--locale en,ru): no word below MIN_POINTS, and every word each locale's aid prints
    (its headings, paragraphs and cells, from the HTML) in the PDF at least as often: a pair cut over
    pages has lost no line."""
    words, _ = aid_read.pdf_words(pdf)
    small = [((w[4] - w[2]) / aid_read.EM_PER_BOX, w[0] + 1, w[5]) for w in words
             if (w[4] - w[2]) / aid_read.EM_PER_BOX < MIN_POINTS - 0.05]
    counts['pair_words'] += len(words)
    if small:
        size, page, word = min(small)
        failed.append('%s: %d words below %g pt, the least %r at %.1f pt on page %d' %
                      (where, len(small), MIN_POINTS, word, size, page))
    want = collections.Counter()
    for units in units_of.values():
        for u in units:
            for t in [u.heading] + u.text + [c for g in u.grids for row in g for c in row]:
                want.update(t.split())
    got = collections.Counter(w[5] for w in words)
    lost = sorted(w for w, n in want.items() if got[w] < n and not pieces_in(w, got))
    if lost:
        failed.append('%s: %d words the aids of %s print are not in the PDF (or fewer times), e.g. %s' %
                      (where, len(lost), '/'.join(units_of), lost[:5]))


paths = sys.argv[3:] or sorted(glob.glob('tables/*.rtab'))
for path in paths:
    locales = locales_of(path)
    if len(locales) > 1:  # the locales side by side
        units_of = {}
        for locale in locales:
            page = os.path.join(tmp, 'aid.html')
            subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page], check=True,
                           capture_output=True)
            units_of[locale] = aid_read.read_html(open(page, encoding='utf-8').read())
        for paper in PAPERS:
            where = '%s %s %s' % (path, ','.join(locales), paper)
            pdf = os.path.join(tmp, 'pair.pdf')
            r = subprocess.run([rtab, 'export', '--format', 'pdf', '--locale', ','.join(locales), '--paper', paper,
                                path, '-o', pdf], capture_output=True)
            if r.returncode:
                failed.append('%s: export failed: %s' % (where, r.stderr.decode()))
                continue
            counts['pairs'] += 1
            check_pair(where, units_of, pdf)
    for locale in locales:
        page = os.path.join(tmp, 'aid.html')
        subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page], check=True,
                       capture_output=True)
        units = aid_read.read_html(open(page, encoding='utf-8').read())
        for paper in PAPERS:
            where = '%s %s %s' % (path, locale, paper)
            pdf = os.path.join(tmp, 'aid.pdf')
            r = subprocess.run([rtab, 'export', '--format', 'pdf', '--locale', locale, '--paper', paper, path,
                                '-o', pdf], capture_output=True)
            if r.returncode:
                failed.append('%s: export failed: %s' % (where, r.stderr.decode()))
                continue
            counts['pdfs'] += 1
            words, sizes = aid_read.pdf_words(pdf)
            body = [w for w in words if 44 <= w[2] and w[4] <= sizes[w[0]][1] - 44 + 8]
            lines = aid_read._lines(body)
            check_groups(where, units, body, lines, sizes[0][0] - 2 * MARGIN)
            check_headings(where, lines)

print('%d PDFs; %d grids that fit wrapped, %d headings of units that go on over a page; %d PDFs of locales side '
      'by side, %d words read back' %
      (counts['pdfs'], counts['grids'], counts['headings'], counts['pairs'], counts['pair_words']))
for f in failed:
    print('FAIL', f)
sys.exit(1 if failed else 0)
