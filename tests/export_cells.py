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
