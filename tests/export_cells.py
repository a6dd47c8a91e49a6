"""What the print formats show of a table row, derived from the JSON export
(shared by tests/test_export.py and tests/test_html.py)."""


def printed(doc, t, row):
    """A row's cells as a printed table shows them: the range in a rolled
    column; in an automatic one "no roll" on the row of its outcome and "-"
    on the others; "none" where no result is given."""
    out = []
    for col, rng in zip(t['columns'], row['ranges']):
        kind = col.get('kind_name', 'rolled')
        auto = 'no roll' if col.get('automatic') == row['outcome'] else '-'
        out.append(auto if kind == 'automatic' else
                   'none' if kind == 'none' else rng)
    return out


def marked(doc, t, row):
    """The same with the provisional mark where the row is provisional."""
    return [c + (' \u2020' if row['provisional'] and col.get('kind_name', 'rolled') == 'rolled' else '')
            for c, col in zip(printed(doc, t, row), t['columns'])]


def is_grid(t):
    """A table the print formats show as its printed grid: a computed column
    (odds, a difference, a value) and dice."""
    return t.get('key_kind', 0) != 0 and t['dice'] != 65535


def grid_lines(doc, t):
    """A computed table as its page prints it: per line (rolls with the same
    cells in every rolled column) the roll as printed, then each rolled
    column's cell: the outcome's code, or an em dash where there is none."""
    cols = [c for c in t['columns'] if c.get('kind_name', 'rolled') == 'rolled']
    lo, hi = t['roll_min'], t['roll_max']
    open_lo = any(c['below_row'] >= 0 for c in cols)
    open_hi = any(c['above_row'] >= 0 for c in cols)
    first, last = lo - open_lo, hi + open_hi

    def row(c, r):
        if r < lo:
            return c['below_row']
        if r > hi:
            return c['above_row']
        return c['row_of_roll'][r - lo]

    def cell(c, r):
        k = row(c, r)
        if k < 0:
            return '\u2014'
        return doc['outcomes'][t['rows'][k]['outcome']]['code']

    lines, r = [], first
    while r <= last:
        end = r
        while end + 1 <= last and all(row(c, end + 1) == row(c, r) for c in cols):
            end += 1
        below, above = open_lo and r == first, open_hi and end == last
        label = ('any' if below and above else '<=%d' % end if below else '>=%d' % r if above
                 else '%d' % r if r == end else '%d-%d' % (r, end))
        lines.append([label] + [cell(c, r) for c in cols])
        r = end + 1
    return lines
