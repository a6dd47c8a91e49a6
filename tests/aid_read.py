"""The player aid read back as a reader sees it: its units (a heading, then
grids and paragraphs), each grid as rows of cell texts.

- HTML: from the markup (<section>, <h2>, <table>, <p>), a cell that spans
  several lines (rowspan) repeated on each;
- PDF: from the words `pdftotext -bbox` finds and where they stand. A grid's
  cells are set one per rectangle, centred (the first column left), so the
  words of one column never cross into the next: the columns are the runs
  of overlapping words, the rows the lines where a column that never wraps
  has text (see _grid). The HTML of the same aid says only how many grids each unit has
  and how many columns each; every cell is read from the PDF.
"""
import hashlib
import html
import re
import subprocess
from html.parser import HTMLParser

# DejaVu Sans: a word's box from pdftotext is the font's bounding box, 1.551 em high.
EM_PER_BOX = 1.551


class Unit:
    def __init__(self, heading):
        self.heading = heading
        self.grids = []   # each a list of rows, each a list of cell texts; row 0 the header
        self.text = []    # the paragraphs
        self.leads = []   # per grid, the paragraph just before it ('' if none): the key value it serves
        self.seen = 0     # the paragraphs before the last grid


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


class _HTMLAid(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.units, self.cell, self.row, self.grid, self.para, self.head = [], None, None, None, None, None
        self.spans = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'h2':
            self.head = []
        elif tag == 'table':
            self.grid, self.spans = [], {}
        elif tag == 'tr':
            self.row = []
        elif tag in ('td', 'th'):
            self.cell = []
            self.rowspan = int(a.get('rowspan', '1'))
        elif tag == 'p' and self.units:
            self.para = []
        elif tag == 'br' and self.para is not None:
            self.para.append('\n')

    def handle_endtag(self, tag):
        if tag == 'h2' and self.head is not None:
            self.units.append(Unit(norm(''.join(self.head))))
            self.head = None
        elif tag in ('td', 'th') and self.cell is not None:
            # A cell an earlier line spans down into comes first.
            while len(self.row) in self.spans and self.spans[len(self.row)][1] > 0:
                text, left = self.spans[len(self.row)]
                self.spans[len(self.row)] = (text, left - 1)
                self.row.append(text)
            text = norm(''.join(self.cell))
            if self.rowspan > 1:
                self.spans[len(self.row)] = (text, self.rowspan - 1)
            self.row.append(text)
            self.cell = None
        elif tag == 'tr' and self.row is not None:
            while len(self.row) in self.spans and self.spans[len(self.row)][1] > 0:
                text, left = self.spans[len(self.row)]
                self.spans[len(self.row)] = (text, left - 1)
                self.row.append(text)
            self.grid.append(self.row)
            self.row = None
        elif tag == 'table' and self.grid is not None:
            self.units[-1].grids.append(self.grid)
            u = self.units[-1]
            # Only a paragraph between the last grid and this one leads to it.
            u.leads.append(u.text[-1] if len(u.text) > u.seen else '')
            u.seen = len(u.text)
            self.grid = None
        elif tag == 'p' and self.para is not None:
            self.units[-1].text.append(''.join(self.para))
            self.para = None

    def handle_data(self, data):
        for buf in (self.cell, self.para, self.head):
            if buf is not None:
                buf.append(data)
                return


def read_html(markup):
    p = _HTMLAid()
    p.feed(markup)
    return p.units


# The words of the PDF last read, by its bytes: read_pdf and font_sizes of one
# file run pdftotext once.
_last_read = [None, None]


def pdf_words(path):
    """Every word: (page, x0, y0, x1, y1, text), and each page's (width, height)."""
    with open(path, 'rb') as f:
        key = hashlib.sha256(f.read()).digest()
    if _last_read[0] == key:
        words, sizes = _last_read[1]
        return list(words), list(sizes)
    out = subprocess.run(['pdftotext', '-bbox', path, '-'], capture_output=True, text=True, check=True).stdout
    words, sizes = [], []
    for n, (w, h, body) in enumerate(re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S)):
        sizes.append((float(w), float(h)))
        for a, b, c, d, t in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', body):
            words.append((n, float(a), float(b), float(c), float(d), html.unescape(t)))
    _last_read[:] = [key, (tuple(words), tuple(sizes))]
    return words, sizes


def _lines(words):
    """Words grouped into lines (same page, same top), in reading order."""
    lines = []
    for w in sorted(words, key=lambda w: (w[0], round(w[2], 1), w[1])):
        if lines and lines[-1][0][0] == w[0] and abs(lines[-1][0][2] - w[2]) < 0.6:
            lines[-1].append(w)
        else:
            lines.append([w])
    return [sorted(ln, key=lambda w: w[1]) for ln in lines]


def _parts(lines):
    """A grid too wide for the page is printed in parts one below the other (its first
    column repeated in each), a wider gap between them than between its lines; one too
    tall goes on over the next page (its header repeated). Each part with whether it
    goes on from the one before on a new page."""
    parts = [([lines[0]], False)] if lines else []
    for prev, line in zip(lines, lines[1:]):
        gap = line[0][2] - max(w[4] for w in prev)
        if line[0][0] != prev[0][0]:
            parts.append(([], True))
        elif gap > 0.55 * (line[0][4] - line[0][2]):
            parts.append(([], False))
        parts[-1][0].append(line)
    return parts


def _spans(words):
    """The runs of words that overlap horizontally."""
    spans = []
    for w in sorted(words, key=lambda w: w[1]):
        if spans and w[1] < spans[-1][1] - 0.01:
            spans[-1][1] = max(spans[-1][1], w[3])
        else:
            spans.append([w[1], w[3]])
    return spans


def _header_lines(part, header):
    """How many lines of a part its header row takes: the lines from its top whose words are all
    words of the header's cells (a word broken at the end of a line matches a piece of one),
    up to the first that is not. The header's cells wrap, and not alike in every part."""
    words = {w for cell in header for w in cell.split()}

    def of_header(t):
        t = t.rstrip('-\u2010')
        if t in words:
            return True
        return bool(t) and not re.fullmatch(r'[-+\u2212\u2264]?[\d:.]+\+?', t) and any(t in h for h in words)
    n = 0
    while n < len(part) and all(of_header(w[5]) for w in part[n]):
        n += 1
    return max(n, 1)


def _columns_of(part, nhead, header):
    """Which columns of the grid a part prints: (a, b) when its header lines hold the words of
    the first header cell and of the cells a..b-1, else None."""
    got = sorted(w[5] for ln in part[:nhead] for w in ln)
    first = header[0].split()
    for a in range(1, len(header)):
        for b in range(a + 1, len(header) + 1):
            if sorted(first + [w for cell in header[a:b] for w in cell.split()]) == got:
                return a, b
    return None


def _part_rows(part, sp, nhead):
    """The rows of one part: the header (its first nhead lines), then a row wherever the first
    column starts a cell: a line of the first column (set at the part's left edge) that is
    apart from the one above it by a cell's padding, not touching it as a wrapped line does."""
    words = [w for ln in part for w in ln]
    left = min(w[1] for w in words)

    def col(w):
        return next(i for i, s in enumerate(sp) if s[0] - 0.01 <= w[1] and w[3] <= s[1] + 0.01)
    tops, bottom = [round(part[0][0][2], 1)], None
    for ln in part[nhead:]:
        if abs(ln[0][1] - left) > 1.0:
            continue
        if bottom is None or ln[0][2] - bottom > 1.0:
            tops.append(round(ln[0][2], 1))
        bottom = max(w[4] for w in ln)
    rows = [[[] for _ in sp] for _ in tops]
    for w in sorted(words, key=lambda w: (round(w[2], 1), w[1])):
        r = max([i for i, t in enumerate(tops) if t <= round(w[2], 1) + 0.05] or [0])
        rows[r][col(w)].append(w[5])
    return [[' '.join(c) for c in row] for row in rows]


def _merge_spans(spans, want):
    """Close the narrowest gaps between runs of words until there are want of them."""
    while sum(len(s) for s in spans) > want:
        p, k = min(((p, k) for p in range(len(spans)) for k in range(len(spans[p]) - 1)),
                   key=lambda pk: spans[pk[0]][pk[1] + 1][0] - spans[pk[0]][pk[1]][1])
        spans[p][k:k + 2] = [[spans[p][k][0], spans[p][k + 1][1]]]


def _grid(lines, ncols, header):
    """Rows of cells from the lines of one grid. No word crosses from one column into the
    next, and the gaps between columns are the widest (each cell is padded on both sides):
    the columns are the runs of overlapping words, the narrowest gaps closed until the grid
    has its number of columns. A grid too wide for the page is printed in parts, the first
    column repeated in each; one too tall goes on over the next pages, its header repeated.
    Each part's header says which columns it prints; the parts of the same columns are read
    one below the other (the header once), then the columns side by side (the first once)."""
    parts = [part for part, _ in _parts(lines)]
    groups, order = {}, []
    for part in parts:
        nhead = _header_lines(part, header)
        cols = _columns_of(part, nhead, header)
        if cols is None:
            if len(parts) > 1:
                return None, 'a part whose header %r names no run of the columns %r' % (
                    ' '.join(w[5] for ln in part[:nhead] for w in ln), header)
            cols = (1, ncols)
        spans = [_spans([w for ln in part for w in ln])]
        want = 1 + cols[1] - cols[0]
        if len(spans[0]) < want:
            return None, 'read back with %d columns, expected %d' % (len(spans[0]), want)
        _merge_spans(spans, want)
        rows = _part_rows(part, spans[0], nhead)
        if cols in groups:
            groups[cols] += rows[1:] if rows and rows[0] == groups[cols][0] else rows
        else:
            groups[cols] = rows
            order.append(cols)
    order.sort()
    if [a for a, _ in order] != [1] + [b for _, b in order[:-1]] or order[-1][1] != ncols:
        return None, 'printed in parts of the columns %s, not each of 1..%d once' % (order, ncols - 1)
    table = groups[order[0]]
    for cols in order[1:]:
        if len(groups[cols]) != len(table):
            return None, 'printed in parts of %d and %d lines' % (len(table), len(groups[cols]))
        table = [x + y[1:] for x, y in zip(table, groups[cols])]
    return table, None


def height(line):
    return line[0][4] - line[0][2]


def heading_size(lines, i):
    """A heading is set larger than what follows it (11 pt over 8.5 pt, at any scale)."""
    return i + 1 < len(lines) and height(lines[i]) > 1.2 * min(height(ln) for ln in lines[i + 1:i + 4])


def _opens_header(line, header):
    """Whether a line of the PDF is the first line of this header: its first cell (or the words of it
    set before the cell wraps), then the first word of its second cell. A grid cut into groups of
    columns repeats its first cell ("Roll") over each group: that line is no new grid."""
    words = [w[5] for w in line]
    first = header[0].split()
    if len(header) < 2 or not header[1].split():
        return norm(' '.join(words)).startswith(header[0])
    second = header[1].split()[0]
    return any(words[:k] == first[:k] and len(words) > k and words[k] == second for k in range(1, len(first) + 1))


def read_pdf(path, shape, page_margin=44.0):
    """The units of a one-locale aid PDF, shaped as the HTML units `shape`
    (headings, number of grids and their columns). Returns (units, problems)."""
    words, sizes = pdf_words(path)
    body = [w for w in words if page_margin <= w[2] and w[4] <= sizes[w[0]][1] - page_margin + 8]
    lines = _lines(body)
    texts = [norm(' '.join(w[5] for w in ln)) for ln in lines]
    problems, units, at = [], [], 0
    # Where each unit's heading starts.
    starts = []
    def heading_text(i):
        """A heading with the lines it wraps onto ("Combat Results Table" / "(continued) (7.3)")."""
        j = i + 1
        while j < len(lines) and lines[j][0][0] == lines[i][0][0] and abs(height(lines[j]) - height(lines[i])) < 0.1:
            j += 1
        return norm(' '.join(texts[i:j]))

    for u in shape:
        first = u.heading[:40]
        k = next((i for i in range(at, len(lines)) if texts[i].startswith(first[:len(texts[i])]) and
                  len(texts[i]) >= min(len(first), 8) and heading_size(lines, i) and
                  heading_text(i).startswith(first[:len(heading_text(i))])), None)
        if k is None:
            problems.append('the heading %r is not in the PDF' % u.heading)
            starts.append(None)
            continue
        starts.append(k)
        at = k + 1
    for n, u in enumerate(shape):
        out = Unit(u.heading)
        out.leads = u.leads
        units.append(out)
        if starts[n] is None:
            continue
        end = next((s for s in starts[n + 1:] if s is not None), len(lines))
        k = starts[n] + 1
        while k < end and height(lines[k]) > height(lines[starts[n]]) - 0.1:  # the heading's second line
            k += 1
        left = lines[starts[n]][0][1]
        # Grid lines are set in from the unit's left edge by a cell's padding; paragraphs are not.
        run, runs = [], []
        for i in range(k, end):
            if heading_size(lines, i):  # the heading again over a page it goes on to
                continue
            if lines[i][0][1] > left + 1.0:
                run.append(lines[i])
            else:
                out.text.append(texts[i])
                if run:
                    runs.append(run)
                run = []
        if run:
            runs.append(run)
        grid_lines = [ln for r in runs for ln in r]
        # Split the grid lines into the grids the shape has, each starting at its header's first cell.
        bounds, i = [], 0
        for g in u.grids:
            if bounds:
                head = g[0][0]
                x = grid_lines[i][0][1] if i < len(grid_lines) else 0
                j = next((j for j in range(i + 1, len(grid_lines)) if head and abs(grid_lines[j][0][1] - x) < 1.0 and
                          _opens_header(grid_lines[j], g[0])), None)
                if j is None:
                    problems.append('%s: a grid headed %r is not in the PDF' % (u.heading, head))
                    break
                bounds[-1] = (bounds[-1][0], j)
                i = j
            bounds.append((i, len(grid_lines)))
        for g, (a, b) in zip(u.grids, bounds):
            rows, problem = _grid(grid_lines[a:b], len(g[0]), g[0])
            if problem:
                problems.append('%s: a grid %s' % (u.heading, problem))
                out.grids.append([])
                continue
            # A cell that spans several lines (an end column) is printed once, on its first line.
            for r in range(2, len(rows)):
                for c in range(1, len(rows[r])):
                    if not rows[r][c]:
                        rows[r][c] = rows[r - 1][c]
            out.grids.append(rows)
    return units, problems


def font_sizes(path):
    """Every word's font size in points, as its box gives it: (size, page, text)."""
    words, _ = pdf_words(path)
    return [((w[4] - w[2]) / EM_PER_BOX, w[0] + 1, w[5]) for w in words]


def pdf_pages(path):
    """The text of each page, laid out (pdftotext -layout)."""
    info = subprocess.run(['pdfinfo', path], capture_output=True, text=True, check=True).stdout
    n = int(re.search(r'^Pages:\s+(\d+)', info, re.M).group(1))
    return [subprocess.run(['pdftotext', '-layout', '-f', str(p), '-l', str(p), path, '-'],
                           capture_output=True, text=True, check=True).stdout for p in range(1, n + 1)]
