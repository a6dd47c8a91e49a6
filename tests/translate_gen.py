#!/usr/bin/env python3
"""Generate translations of a ruleset and hold `rtab verify` to them.

For a ruleset (an original), this writes

  (a) rewrites: translations that say the same rules in other words (the
      labels and references in another locale, the printed codes of the
      translated book, enum values in another order, the ends of the die
      written otherwise, column shifts in another order or with the side
      turned into a sign, a `like` variant written out in full, examples
      expecting an outcome by its id or its code, grid lines split into
      single rolls, a distance's two forms in the other order, example
      quantities in the other declared unit, the language's other
      spellings, conditions written otherwise, an example's checks in the
      other order, a grid as rows and rows as a grid, a condition's figure
      in the other unit); `rtab verify` must find nothing in them: exit 0,
      no error and no warning;

  (b) faults: the translation with labels translated and one rule changed
      (a cell, a variant's cell patch, a row's boundary, a condition's
      boundary, a condition turned round, a sign, a dropped
      modifier or shift or natural rule, a cap, a die, a rounding, a
      domain, a unit slipped in a value or a condition, two columns
      swapped, two columns' cells swapped under their header, a provisional
      mark dropped); `rtab verify` must report each
      as an error whose locations name the changed line on both sides.

Every rewrite and fault keeps the lines where they were (a removed line
stays as a blank one), so a fault's line is the same in both files.

Usage:
  translate_gen.py RTAB OUT_DIR RULESET...            print every case
  translate_gen.py RTAB OUT_DIR --known KNOWN RULESET...
      the test: exit 1 when a case fails that KNOWN does not list, or a
      case KNOWN lists now passes (its line must go).

KNOWN lists one case a line, `RULESET<TAB>CASE`, RULESET the file's name.
"""

import json
import os
import re
import subprocess
import sys

TRANSLATED_LOCALE = "de"


# ---------------------------------------------------------------------------
# Reading the source: code with strings and comments blanked out, so that a
# pattern finds only code, at the offsets of the original text.
# ---------------------------------------------------------------------------

def mask(text):
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                if text[j] == '\\':
                    j += 1
                j += 1
            for k in range(i + 1, min(j, n)):
                if out[k] != '\n':
                    out[k] = ' '
            i = j + 1
        elif c == '#':
            j = text.find('\n', i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = ' '
            i = j
        else:
            i += 1
    return ''.join(out)


def line_of(text, offset):
    return text.count('\n', 0, offset) + 1


class Definition:
    def __init__(self, kind, name, start, end):
        self.kind, self.name, self.start, self.end = kind, name, start, end


def definitions(text):
    """The top-level definitions: kind, name and their extent."""
    m = mask(text)
    defs = []
    i, n = 0, len(m)
    while i < n:
        w = re.compile(r'\s*([A-Za-z_]\w*)\s*([A-Za-z_]\w*)?').match(m, i)
        if not w or not w.group(1):
            break
        start = w.start(1)
        depth = 0
        j = w.end()
        while j < n:
            c = m[j]
            if c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    j += 1
                    break
            elif c == ';' and depth == 0:
                j += 1
                break
            j += 1
        defs.append(Definition(w.group(1), w.group(2) or '', start, j))
        i = j
    return defs


def find_def(text, kind, name):
    for d in definitions(text):
        if d.kind == kind and d.name == name:
            return d
    return None


def locales(text):
    m = re.search(r'\blocales\s+([\w\s,]+);', mask(text))
    return [x.strip() for x in m.group(1).split(',')] if m else []


def replace_spans(text, spans):
    """Replace (start, end, new) spans, which do not overlap."""
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


STRING = r'"(?:[^"\\\n]|\\.)*"'


# ---------------------------------------------------------------------------
# Grids
# ---------------------------------------------------------------------------

ROLL_PATTERNS = [
    (re.compile(r'^(<=)(-?\d+):?$'), lambda g: (None, int(g[1]))),
    (re.compile(r'^(>=)(-?\d+):?$'), lambda g: (int(g[1]), None)),
    (re.compile(r'^(-?\d+)\+:?$'), lambda g: (int(g[0]), None)),
    (re.compile(r'^(-?\d+)(?:-|\.\.)(-?\d+):?$'), lambda g: (int(g[0]), int(g[1]))),
    (re.compile(r'^(-?\d+):?$'), lambda g: (int(g[0]), int(g[0]))),
]


def parse_roll(token):
    for pattern, make in ROLL_PATTERNS:
        mm = pattern.match(token)
        if mm:
            return make(mm.groups())
    return None


def roll_text(low, high):
    if low is None:
        return '<=%d' % high
    if high is None:
        return '%d+' % low
    if low == high:
        return '%d' % low
    return '%d-%d' % (low, high)


class GridLine:
    """One line of a grid: where it is and what its words are."""

    def __init__(self, text, start, end):
        self.start, self.end = start, end
        self.text = text[start:end]
        code = mask(text)[start:end]
        cut = len(code)
        mm = re.search(r'@|\bprovisional\b', code)
        if mm:
            cut = mm.start()
        self.tail = self.text[cut:]
        self.words = code[:cut].split()
        self.indent = re.match(r'\s*', self.text).group(0)


class Grid:
    def __init__(self, text, table, start, body_start, end):
        self.table, self.start, self.body_start, self.end = table, start, body_start, end
        self.header = None
        self.values = None  # under printed names ('light' over '0-2'), the line of values
        self.lines = []
        m = mask(text)
        has_columns = re.search(r'\bcolumns\b', m[table.start:table.end]) is not None
        pos = body_start
        while pos < end:
            nl = m.find('\n', pos, end)
            nl = end if nl < 0 else nl
            if m[pos:nl].strip() and m[pos:nl].strip() != '}':
                line = GridLine(text, pos, nl)
                if self.header is None and not self.lines and (
                        has_columns or parse_roll(line.words[0]) is None):
                    self.header = line
                elif self.header is not None and not self.lines and self.values is None \
                        and len(line.words) == len(self.header.words) \
                        and all(re.match(r'^(<=|>=|≤|≥)?[+-]?\d', w) for w in line.words):
                    self.values = line  # a roll line has its roll first: one word more
                else:
                    self.lines.append(line)
            pos = nl + 1


def grids(text):
    """Every grid of every table, with its table's definition."""
    m = mask(text)
    found = []
    defs = definitions(text)
    # a table an errata layer replaces is not the one the ruleset reads
    replaced = {r.group(1) for d in defs if d.kind == 'errata'
                for r in re.finditer(r'\btable\s+(\w+)', m[d.start:d.end])}
    for d in defs:
        if d.kind != 'table' or d.name in replaced:
            continue
        for g in re.finditer(r'\bgrid\b[^{;]*\{', m[d.start:d.end]):
            body = d.start + g.end()
            close = m.find('}', body)
            found.append(Grid(text, d, d.start + g.start(), body, close))
    return found


def line_span(text, offset):
    start = text.rfind('\n', 0, offset) + 1
    end = text.find('\n', offset)
    return start, (len(text) if end < 0 else end)


def dice_faces(text):
    """Each simple die's least and greatest roll."""
    faces = {}
    for mm in re.finditer(r'\bdice\s+(\w+)\s*=\s*(\d+)d(\d+)(?:\s+faces\s+(-?\d+)\.\.(-?\d+))?',
                          mask(text)):
        count, sides = int(mm.group(2)), int(mm.group(3))
        if mm.group(4) is not None:
            low, high = int(mm.group(4)), int(mm.group(5))
        else:
            low, high = 1, sides
        faces[mm.group(1)] = (count * low, count * high, mm)
    return faces


# ---------------------------------------------------------------------------
# Rewrites: each returns the translation's text, or None where it does not
# apply. All but `labels` start from the labels translated.
# ---------------------------------------------------------------------------

def rewrite_labels(text):
    locs = locales(text)
    if not locs:
        return None
    first, others = locs[0], locs[1:]
    m = mask(text)
    spans = []
    mm = re.search(r'\blocales\s+[\w\s,]+;', m)
    spans.append((mm.start(), mm.end(), 'locales %s;' % TRANSLATED_LOCALE))
    names = '|'.join(re.escape(x) for x in locs)
    # per-locale references: @ en "a" ru "b"
    ref_locales = re.compile(r'@\s*((?:(?:%s)\s*%s\s*)+)' % (names, STRING))
    for r in ref_locales.finditer(text):
        if m[r.start()] != '@':
            continue
        parts = re.findall(r'(%s)\s*(%s)' % (names, STRING), r.group(1))
        wording = dict(parts).get(first, parts[0][1])
        spans.append((r.start(), r.end(),
                      '@ %s "Abschnitt %s" ' % (TRANSLATED_LOCALE, wording[1:-1])))
    taken = [(s, e) for s, e, _ in spans]

    def free(s, e):
        return all(e <= a or s >= b for a, b in taken)

    for r in re.finditer(r'@\s*(%s)' % STRING, text):
        if m[r.start()] == '@' and free(r.start(), r.end()):
            spans.append((r.start(), r.end(), '@ "Abschnitt %s"' % r.group(1)[1:-1]))
    for r in re.finditer(r'\b(%s)\s+(%s)(\s*;)?' % (names, STRING), text):
        if m[r.start()] == ' ' or not free(r.start(), r.end()):
            continue  # inside a string or a comment, or a reference done above
        if r.group(1) == first:
            spans.append((r.start(), r.end(),
                          '%s "DE %s"%s' % (TRANSLATED_LOCALE, r.group(2)[1:-1], r.group(3) or '')))
        elif r.group(1) in others:
            spans.append((r.start(), r.end(), ''))
    for r in re.finditer(r'\bprovisional\s+(%s)' % STRING, text):
        if m[r.start()] != ' ' and free(r.start(), r.end()):
            spans.append((r.start(), r.end(), 'provisional "DE %s"' % r.group(1)[1:-1]))
    return replace_spans(text, spans)


def code_map(text):
    """Each outcome's simple code and its id."""
    codes = {}
    m = mask(text)
    for d in definitions(text):
        if d.kind != 'outcome':
            continue
        c = re.search(r'\bcode\s+([A-Za-z_]\w*)\s*;', m[d.start:d.end])
        if c and not re.match(r'\s*\(', m[d.start + len('outcome ') + len(d.name):]):
            codes[c.group(1)] = d.name
    return codes


def rewrite_codes(text):
    codes = code_map(text)
    if not codes:
        return None
    m = mask(text)
    used = set(re.findall(r'\b[A-Za-z_]\w*\b', m))
    new = {}
    for code in codes:
        candidate = 'Q' + code[::-1]
        while candidate in used or candidate in new.values():
            candidate += 'Z'
        new[code] = candidate
    spans = []
    for r in re.finditer(r'\b(%s)\b' % '|'.join(map(re.escape, codes)), m):
        spans.append((r.start(), r.end(), new[r.group(1)]))
    return replace_spans(text, spans)


def rewrite_enum_order(text):
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'enum':
            continue
        body_start = m.index('{', d.start) + 1
        body_end = d.end - 1
        # values: `id { ... }` or `id;` at depth 0 of the body
        values = []
        i = body_start
        while i < body_end:
            w = re.compile(r'\s*([A-Za-z_]\w*)\s*(\{|;|")').match(m, i)
            if not w:
                break
            if w.group(2) == '"':  # a label: skip to its ';'
                i = m.index(';', w.end()) + 1
                continue
            if w.group(2) == ';':
                values.append((w.start(1), w.end()))
                i = w.end()
                continue
            close = m.index('}', w.end()) + 1
            values.append((w.start(1), close))
            i = close
        if len(values) < 2:
            continue
        texts = [text[s:e] for s, e in values]
        mine = [(s, e, t) for (s, e), t in zip(values, reversed(texts))]
        # a grid's header follows its enum's order: leave such an enum be
        if LOADER is None or LOADER(replace_spans(text, mine)):
            spans += mine
    return replace_spans(text, spans) if spans else None


def table_rolls(text, table, faces):
    mm = re.search(r'\broll\s+(\w+)\s*;', mask(text)[table.start:table.end])
    return faces.get(mm.group(1)) if mm else None


def rewrite_die_ends(text):
    """`1` as `<=1`, the last face `6` as `6+`, `5-6` as `5+`, where no
    modifier moves the roll."""
    faces = dice_faces(text)
    m = mask(text)
    spans = []
    for g in grids(text):
        body = m[g.table.start:g.table.end]
        if re.search(r'\b(modifiers|like)\b', body):
            continue
        rolls = table_rolls(text, g.table, faces)
        if not rolls:
            continue
        low, high = rolls[0], rolls[1]
        for line in g.lines:
            r = parse_roll(line.words[0])
            if r is None:
                continue
            new = None
            if r[0] == low and r[1] is not None and r[1] < high:
                new = '<=%d' % r[1]
            elif r[1] == high and r[0] is not None and r[0] > low:
                new = "%d+" % r[0]
            if new:
                at = line.start + m[line.start:line.end].index(line.words[0])
                spans.append((at, at + len(line.words[0]), new))
    return replace_spans(text, spans) if spans else None


def rewrite_rows_split(text):
    """A grid line over several rolls written as a line per roll."""
    m = mask(text)
    spans = []
    for g in grids(text):
        for line in g.lines:
            r = parse_roll(line.words[0])
            if r is None or r[0] is None or r[1] is None or r[0] == r[1]:
                continue
            at = m[line.start:line.end].index(line.words[0])
            rest = line.text[at + len(line.words[0]):]
            parts = [line.text[:at] + str(v) + ' ' * (len(line.words[0]) - len(str(v))) + rest
                     for v in range(r[0], r[1] + 1)]
            spans.append((line.start, line.end, '\n'.join(parts)))
    return replace_spans(text, spans) if spans else None


def rewrite_shift_order(text):
    m = mask(text)
    spans = []
    for r in re.finditer(r'\b(shifts|modifiers)\s+([^;{}]*);', m):
        items = [x.strip() for x in r.group(2).split(',')]
        if len(items) < 2 or any(not re.match(r'^\+?\w+$', x) for x in items):
            continue
        spans.append((r.start(2), r.end(2), ', '.join(reversed(items))))
    return replace_spans(text, spans) if spans else None


def shift_only_modifiers(text):
    """The modifiers named in some `shifts` and in no `modifiers` list."""
    m = mask(text)
    shifted, modified = set(), set()
    for r in re.finditer(r'\b(shifts|modifiers)\s+([^;{}]*);', m):
        names = {x.strip().lstrip('+') for x in r.group(2).split(',')}
        (shifted if r.group(1) == 'shifts' else modified).update(names)
    return shifted - modified


def rewrite_shift_sign(text):
    """`for defender; value 2;` as `value -2;` for a column shift."""
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'modifier' or d.name not in shift_only_modifiers(text):
            continue
        body = m[d.start:d.end]
        f = re.search(r'\bfor\s+defender\s*;', body)
        v = re.search(r'\bvalue\s+\+?(\d+)\s*;', body)
        if f and v:
            spans.append((d.start + f.start(), d.start + f.end(), ''))
            spans.append((d.start + v.start(), d.start + v.end(), 'value -%s;' % v.group(1)))
    return replace_spans(text, spans) if spans else None


def rewrite_example_ids(text):
    """Examples expect an outcome by its id where they give its code, and
    by its code where they give its id."""
    codes = code_map(text)
    if not codes:
        return None
    ids = {v: k for k, v in codes.items()}
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'example':
            continue
        for r in re.finditer(r'->\s*([A-Za-z_]\w*)\b(?!\s*\()', m[d.start:d.end]):
            word = r.group(1)
            new = codes.get(word) or ids.get(word)
            if new:
                spans.append((d.start + r.start(1), d.start + r.end(1), new))
    return replace_spans(text, spans) if spans else None


def table_grid_by_line(text, table):
    return [g for g in grids(text) if g.table.start == table.start]


def expand_like(text):
    """Every `like` table written out in full: its base's statements, its
    own labels, its shifts and modifiers added, its cells patched."""
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'table':
            continue
        body = m[d.start:d.end]
        lk = re.search(r'\blike\s+(\w+)\s*;', body)
        if not lk:
            continue
        base = find_def(text, 'table', lk.group(1))
        if base is None or re.search(r'\blike\b', m[base.start:base.end]):
            continue
        base_grids = table_grid_by_line(text, base)
        if len(base_grids) != 1:
            continue
        grid = base_grids[0]
        # the base's statements but its labels and its grid
        base_open = m.index('{', base.start) + 1
        base_stmts = text[base_open:grid.start]
        locs = '|'.join(map(re.escape, locales(text) + [TRANSLATED_LOCALE]))
        base_stmts = re.sub(r'(?m)^\s*(%s)\s+%s\s*;\s*\n' % (locs, STRING), '', base_stmts)
        base_stmts = re.sub(r'\b(%s)\s+%s\s*;\s*' % (locs, STRING), '', base_stmts)
        own = text[d.start:d.end]
        own_open = own.index('{') + 1
        header = own[:own_open]
        own_labels = ['  %s\n' % x for x in re.findall(r'\b(?:%s)\s+%s\s*;' % (locs, STRING), own[own_open:])]
        for kw in ('shifts', 'modifiers'):
            extra = re.search(r'\b%s\s+\+([^;]*);' % kw, body)
            if extra:
                added = ', '.join(x.strip().lstrip('+') for x in extra.group(1).split(','))
                if re.search(r'\b%s\s+[^;]*;' % kw, base_stmts):
                    base_stmts = re.sub(r'\b(%s\s+[^;]*);' % kw, r'\1, ' + added + ';', base_stmts, 1)
                else:
                    base_stmts += '  %s %s;\n' % (kw, added)
        # the grid, a line per roll, with the cells patched
        columns = grid.header.words if grid.header else []
        rows = []
        for line in grid.lines:
            r = parse_roll(line.words[0])
            cells = line.words[1:]
            if r[0] is None or r[1] is None:
                rows.append([r, list(cells), line.tail])
            else:
                for v in range(r[0], r[1] + 1):
                    rows.append([(v, v), list(cells), line.tail])
        ok = True
        for c in re.finditer(r'\bcell\s+(\S+)\s+at\s+(\S+)\s*=\s*(\w+)\s*((?:@\s*%s)?\s*(?:provisional\s+%s)?)\s*;'
                             % (STRING, STRING), own):
            r = parse_roll(c.group(1))
            if r is None or c.group(2) not in columns:
                ok = False
                break
            col = columns.index(c.group(2))
            hit = False
            for row in rows:
                if row[0][0] is not None and row[0][1] is not None and \
                        r[0] <= row[0][0] and row[0][1] <= r[1]:
                    row[1][col] = c.group(3)
                    if c.group(4).strip():
                        row[2] = ' ' + c.group(4).strip()
                    hit = True
            ok = ok and hit
        if not ok or re.search(r'\bcell\b', re.sub(r'\bcell\s+\S+\s+at\s+\S+\s*=[^;]*;', '', body)):
            continue
        width = max(len(w) for w in columns + [c for row in rows for c in row[1]]) + 2
        out = [header, '\n'] + own_labels + [base_stmts.rstrip(' ').rstrip('\n') + '\n']
        grid_head = text[grid.start:grid.body_start]
        out.append('  ' + grid_head.strip() + '\n')
        out.append('    ' + ' ' * 6 + ''.join(w.ljust(width) for w in columns).rstrip() + '\n')
        for row in rows:
            out.append('    ' + roll_text(*row[0]).ljust(6) +
                       ''.join(w.ljust(width) for w in row[1]).rstrip() + row[2].rstrip() + '\n')
        out.append('  }\n}')
        spans.append((d.start, d.end, ''.join(out)))
    return replace_spans(text, spans) if spans else None


def rewrite_distance_forms(text):
    """A distance's two forms, one per unit, in the other order."""
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'distance':
            continue
        vals = list(re.finditer(r'(?m)^[ \t]*value\b[^;]*;', m[d.start:d.end]))
        if len(vals) == 2:
            a, b = vals
            spans.append((d.start + a.start(), d.start + a.end(), text[d.start + b.start():d.start + b.end()]))
            spans.append((d.start + b.start(), d.start + b.end(), text[d.start + a.start():d.start + a.end()]))
    return replace_spans(text, spans) if spans else None


def conversions(text):
    """(unit, other unit, factor as a fraction) from `unit U = V * A / B`."""
    found = []
    for r in re.finditer(r'\bunit\s+(\w+)\s*=\s*(\w+)\s*\*\s*(\d+)\s*/\s*(\d+)', mask(text)):
        found.append((r.group(1), r.group(2), int(r.group(3)), int(r.group(4))))
    return found


def precision(text):
    from fractions import Fraction
    r = re.search(r'\bexact\s+1\s*/\s*(\d+)\s*;', mask(text))
    return Fraction(1, int(r.group(1))) if r else Fraction(1)


def tolerance(text):
    from fractions import Fraction
    r = re.search(r'\bunit\s+\w+\s*=[^;]*\bwithin\s+(\d+)\s*%', mask(text))
    return Fraction(int(r.group(1)), 100) if r else None


def printed(value):
    if value.denominator == 1:
        return '%d' % value.numerator
    whole = value.numerator // value.denominator
    tenths = (value - whole) * 10
    return '%d.%d' % (whole, tenths) if tenths.denominator == 1 else None


def rewrite_example_units(text):
    """An example's expected quantity in the other unit, rounded to the
    ruleset's precision as a translated book would print it, where that
    stays within the conversion's tolerance."""
    from fractions import Fraction
    conv = conversions(text)
    within = tolerance(text)
    if not conv or within is None:
        return None
    unit, other, num, den = conv[0]
    to_unit = Fraction(den, num)  # `unit U = V * num / den`: 1 U is num/den V
    step = precision(text)
    m = mask(text)
    forms = {}  # each distance's units
    for d in definitions(text):
        if d.kind == 'distance':
            forms[d.name] = set(re.findall(r'\bvalue\b[^;]*?(\w+)\s*;', m[d.start:d.end]))
    spans = []
    for d in definitions(text):
        if d.kind != 'example':
            continue
        for r in re.finditer(r'->\s*(\d+(?:\.\d+)?)\s+(\w+)\b', m[d.start:d.end]):
            statement = m[d.start:d.start + r.start()]
            statement = statement[max(statement.rfind(';'), statement.rfind('{')) + 1:]
            target = re.match(r'\s*(\w+)', statement)
            value = Fraction(r.group(1))
            if r.group(2) == other:
                exact, new_unit = value * to_unit, unit
            elif r.group(2) == unit:
                exact, new_unit = value / to_unit, other
            else:
                continue
            rounded = round(exact / step) * step
            shown = printed(rounded)
            if shown is None or exact == 0 or abs(rounded - exact) > within * exact:
                continue
            if not target or new_unit not in forms.get(target.group(1), ()):
                continue  # an example checks only the forms its distance gives
            span = (d.start + r.start(1), d.start + r.end(2), '%s %s' % (shown, new_unit))
            # a distance's two forms may read other inputs: keep a figure the
            # other form does not give as it was
            if LOADER is None or LOADER(replace_spans(text, [span])):
                spans.append(span)
    return replace_spans(text, spans) if spans else None


def check_statements(text, d):
    """(start, end) of each check of example d: from after the `;` or `{`
    before it to its `;` (a check may span lines)."""
    m = mask(text)
    body = m.index('{', d.start, d.end) + 1
    out, i = [], body
    for r in re.finditer(r';', m[body:d.end]):
        end = body + r.end()
        words = m[i:end].strip()
        if words and not re.match(r'(?:[a-z]{2}\s*$|provisional\b)', words) and '->' in words:
            out.append((i, end))
        i = end
    return out


def rewrite_edition_one_unit(text):
    """An edition in one unit of a book that prints a figure in two (cm with
    the inches in brackets): the forms of a distance in the other unit, the
    example checks expecting a quantity in it and the inputs only those
    read left out, where nothing else is measured in it (docs/verify.md:
    Editions in another unit)."""
    for kept, dropped, _, _ in conversions(text) + [(c[1], c[0], 0, 0) for c in conversions(text)]:
        m = mask(text)
        spans = []
        for d in definitions(text):
            if d.kind == 'distance':
                forms = list(re.finditer(r'(?m)^[ \t]*value\b[^;]*?(\w+)\s*;[ \t]*\n?', m[d.start:d.end]))
                units = [f.group(1) for f in forms]
                if kept in units and dropped in units:
                    spans += [(d.start + f.start(), d.start + f.end(), '') for f in forms if f.group(1) == dropped]
            elif d.kind == 'example':
                for a, b in check_statements(text, d):
                    if re.search(r'->\s*\d+(?:\.\d+)?\s+%s\b' % dropped, m[a:b]):
                        spans.append((a, b, ''))
        if not spans:
            continue
        new = replace_spans(text, spans)
        nm = mask(new)
        for d in definitions(new):
            if d.kind == 'input' and re.search(r'\b%s\b' % dropped, nm[d.start:d.end].split('{')[0]):
                rest = nm[:d.start] + nm[d.end:]
                if not re.search(r'\b%s\b' % re.escape(d.name), rest):
                    new = new[:d.start] + ' ' * (d.end - d.start) + new[d.end:]
                    nm = mask(new)
        body = '\n'.join(l for l in mask(new).split('\n') if not re.match(r'\s*unit\s', l))
        if re.search(r'\b%s\b' % dropped, body):
            continue  # something else is still measured in it
        if LOADER is None or LOADER(new):
            return new
    return None


def rows_blocks(text):
    """Every `rows { ... }` block: (start of its body, end of its body)."""
    m = mask(text)
    for r in re.finditer(r'\brows\s*\{', m):
        close = m.find('}', r.end())
        if close > 0:
            yield r.end(), close


def rewrite_synonyms(text):
    """The language's other spellings: `N+` as `>=N` and `>=N` as `N+`,
    `A-B` as `A..B`, `<=` as `≤` and `>=` as `≥` in conditions, `—` for
    `--`, `value +N` for `value N`."""
    m = mask(text)
    spans = []

    def roll_token(tok):
        mm = re.match(r'^(-?\d+)\+$', tok)
        if mm:
            return '>=' + mm.group(1)
        mm = re.match(r'^>=(-?\d+)$', tok)
        if mm:
            return mm.group(1) + '+'
        mm = re.match(r'^(-?\d+)-(-?\d+)$', tok)
        if mm:
            return '%s..%s' % (mm.group(1), mm.group(2))
        if tok == '--':
            return '\u2014'
        return None

    # the roll of each grid line
    for g in grids(text):
        for line in g.lines:
            new = roll_token(line.words[0].rstrip(':'))
            if new:
                at = line.start + m[line.start:line.end].index(line.words[0])
                spans.append((at, at + len(line.words[0].rstrip(':')), new))
    # the ranges of each row
    for start, end in rows_blocks(text):
        for r in re.finditer(r'(?<![\w.<>=+-])(-?\d+\+|>=-?\d+|-?\d+-\d+|--)(?![\w.])', m[start:end]):
            new = roll_token(r.group(1))
            if new:
                spans.append((start + r.start(1), start + r.end(1), new))
    taken = [(a, b) for a, b, _ in spans]
    for r in re.finditer(r'\b(when|unless)\b[^;{]*;', m):
        for c in re.finditer(r'(<=|>=)', m[r.start():r.end()]):
            at = r.start() + c.start()
            if all(at + 2 <= a or at >= b for a, b in taken):
                spans.append((at, at + 2, '\u2264' if c.group(1) == '<=' else '\u2265'))
    for d, r in in_defs(text, ('modifier',), r'\bvalue\s+(\d+)\s*;'):
        if r.group(1) != '0':
            spans.append((r.start(1), r.start(1), '+'))
    return replace_spans(text, spans) if spans else None


NEGATED = {'<': '>=', '<=': '>', '>': '<=', '>=': '<'}
MIRRORED = {'<': '>', '<=': '>=', '>': '<', '>=': '<='}


def bool_inputs(text):
    return set(re.findall(r'\binput\s+(\w+)\s*:\s*bool\b', mask(text)))


def rewrite_equivalent_expressions(text):
    """Conditions written otherwise, each atom in turn: `x >= 3` as `not (x
    < 3)` or `3 <= x`, `x == v` as `not (x != v)`, a true-or-false input
    `b` as `b == true`, `not b` as `b == false`, `a and b` as `b and a`."""
    m = mask(text)
    bools = bool_inputs(text)
    spans = []
    turn = 0
    atom = re.compile(r'(?<![\w.])(not\s+)?([A-Za-z_]\w*)(?:\s*(<=|>=|<|>|==|!=)\s*(-?\d+|[A-Za-z_]\w*))?(?![\w.(])')
    for r in re.finditer(r'\b(when|unless)\b([^;{]*)(;|\{)', m):
        body_start = r.start(2)
        body = m[r.start(2):r.end(2)]
        if re.search(r'\bprovisional\b|@', body) or '(' in body:
            continue
        parts = re.split(r'(\band\b|\bor\b)', body)
        if len(parts) == 3 and parts[1].strip() == 'and':
            a, b = parts[0].strip(), parts[2].strip()
            if a and b:
                lead = len(body) - len(body.lstrip())
                spans.append((body_start + lead, body_start + len(body.rstrip()), '%s and %s' % (b, a)))
                continue
        pos = 0
        for part in parts:
            here = body_start + pos
            pos += len(part)
            if part.strip() in ('and', 'or', ''):
                continue
            c = atom.fullmatch(part.strip())
            if not c:
                continue
            at = here + (len(part) - len(part.lstrip()))
            end_ = at + len(part.strip())
            neg, name, op, rhs = c.groups()
            if name in ('true', 'false', 'not', 'otherwise'):
                continue
            new = None
            if op is None and name in bools:
                new = '%s == %s' % (name, 'false' if neg else 'true')
            elif op in NEGATED and not neg and re.match(r'^-?\d+$', rhs):
                new = ('not (%s %s %s)' % (name, NEGATED[op], rhs) if turn % 2 == 0
                       else '%s %s %s' % (rhs, MIRRORED[op], name))
            elif op in ('==', '!=') and not neg:
                new = 'not (%s %s %s)' % (name, '!=' if op == '==' else '==', rhs)
            if new:
                turn += 1
                spans.append((at, end_, new))
    return replace_spans(text, spans) if spans else None


def rewrite_check_order(text):
    """The checks of each example in the other order."""
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'example':
            continue
        open_ = m.index('{', d.start) + 1
        stmts = []
        pos = open_
        while True:
            semi = m.find(';', pos, d.end - 1)
            if semi < 0:
                break
            stmts.append((pos, semi + 1))
            pos = semi + 1
        checks = [(a, b) for a, b in stmts if '->' in m[a:b] and '{' not in m[a:b]]
        if len(checks) < 2 or any('}' in m[a:b] for a, b in checks):
            continue
        texts = [text[a:b].strip() for a, b in checks]
        for (a, b), t in zip(checks, reversed(texts)):
            lead = re.match(r'\s*', text[a:b]).group(0)
            spans.append((a, b, lead + t))
    return replace_spans(text, spans) if spans else None


def parse_ranges(words):
    out = []
    for w in words:
        if w in ('--', '\u2014'):
            out.append(None)
            continue
        r = parse_roll(w)
        if r is None:
            return None
        out.append(r)
    return out


def simple_table(text, d):
    """Whether table d is one a grid and a rows block both print: one key
    (or none), no variant, no computed column, no patched cell."""
    body = mask(text)[d.start:d.end]
    if re.search(r'\b(like|cell|odds|difference|value|below|above|shifts|natural|lines?)\b', body):
        return False
    m = mask(text)
    for other in definitions(text):  # a base of a variant prints its grid
        if other.kind == 'table' and re.search(r'\blike\s+%s\b' % re.escape(d.name), m[other.start:other.end]):
            return False
    return len(re.findall(r'\b(grid|rows)\b', body)) == 1


def rewrite_grid_as_rows(text):
    """A table's grid written as a row per outcome (where each outcome's
    rolls in a column are one range), and a rows block as a grid."""
    m = mask(text)
    spans = []
    for g in grids(text):
        if not simple_table(text, g.table) or any(ln.tail.strip() for ln in g.lines):
            continue
        cols = g.header.words if g.header else ['']
        if any(len(ln.words) != len(cols) + 1 for ln in g.lines):
            continue
        rolls = [parse_roll(ln.words[0].rstrip(':')) for ln in g.lines]
        if None in rolls:
            continue
        order, ranges, ok = [], {}, True
        for c in range(len(cols)):
            last = None
            for r, ln in zip(rolls, g.lines):
                name = ln.words[c + 1]
                if name not in order:
                    order.append(name)
                key = (name, c)
                if key in ranges and last != name:
                    ok = False  # the outcome comes back lower down: no one range
                lo, hi = ranges.get(key, (r[0], r[1]))
                ranges[key] = (lo, r[1])
                last = name
        if not ok:
            continue
        ids = code_map(text)  # a row names its outcome by id
        order = [ids.get(x, x) for x in order]
        ranges = {(ids.get(k[0], k[0]), k[1]): v for k, v in ranges.items()}
        width = max(len(x) for x in order) + 2
        out = ['rows {\n']
        if g.header:
            out.append('    ' + ' ' * width + '  '.join(c.ljust(6) for c in cols).rstrip() + '\n')
        for name in order:
            cells = []
            for c in range(len(cols)):
                r = ranges.get((name, c))
                cells.append(('--' if r is None else roll_text(*r)).replace('+', '+').ljust(6))
            out.append('    ' + name.ljust(width) + '  '.join(cells).rstrip() + ';\n')
        out.append('  }')
        spans.append((g.start, g.end + 1, ''.join(out)))
    for start, end in rows_blocks(text):
        d = next((x for x in definitions(text) if x.start < start < x.end), None)
        if d is None or d.kind != 'table' or not simple_table(text, d):
            continue
        code = m[start:end]
        if re.search(r'@|\bprovisional\b', code):
            continue
        stmts = [x.strip() for x in code.split(';') if x.strip()]
        header = None
        if stmts and '\n' in stmts[0]:  # the column names stand above the first row
            first, rest = stmts[0].split('\n', 1)
            if all(parse_roll(w) is None and w not in ('--', '\u2014') for w in first.split()):
                header = first.split()
                stmts[0] = rest.strip()
        rows = [x.split() for x in stmts]
        ncols = len(header) if header else 1
        parsed = []
        for row in rows:
            rr = parse_ranges(row[1:])
            if rr is None or len(rr) != ncols:
                parsed = None
                break
            parsed.append((row[0], rr))
        if not parsed:
            continue
        points = set()
        open_lo = open_hi = False
        for _, rr in parsed:
            for r in rr:
                if r is None:
                    continue
                if r[0] is None:
                    open_lo = True
                else:
                    points.add(r[0])
                if r[1] is None:
                    open_hi = True
                else:
                    points.add(r[1] + 1)
        pts = sorted(points)
        spans_ = []
        if open_lo:
            spans_.append((None, pts[0] - 1))
        spans_ += [(a, b - 1) for a, b in zip(pts, pts[1:])]
        if open_hi:
            spans_.append((pts[-1], None))

        def holds(r, lo, hi):
            return (r[0] is None or (lo is not None and r[0] <= lo)) and \
                   (r[1] is None or (hi is not None and hi <= r[1]))

        grid_rows, ok = [], True
        for lo, hi in spans_:
            cells = []
            for c in range(ncols):
                hit = [name for name, rr in parsed if rr[c] is not None and holds(rr[c], lo, hi)]
                if len(hit) != 1:
                    ok = False
                    break
                cells.append(hit[0])
            if not ok:
                break
            grid_rows.append((roll_text(lo, hi), cells))
        if not ok:
            continue
        width = max(len(w) for _, cells in grid_rows for w in cells + (header or [])) + 2
        out = ['grid {\n']
        if header:
            out.append('    ' + ' ' * 6 + ''.join(w.ljust(width) for w in header).rstrip() + '\n')
        for roll, cells in grid_rows:
            out.append('    ' + roll.ljust(6) + ''.join(w.ljust(width) for w in cells).rstrip() + '\n')
        out.append('  ')
        rows_kw = m.rfind('rows', 0, start)
        spans.append((rows_kw, end, ''.join(out)))
    return replace_spans(text, spans) if spans else None


def rewrite_unit_figures(text):
    """A figure of a condition in the other declared unit, both ways, where
    the ruleset's precision holds it exactly (`zmove > 50 zinch` as `zmove >
    127 zcm`, and back): a translated book prints its own unit."""
    from fractions import Fraction
    conv = conversions(text)
    if not conv:
        return None
    unit, other, num, den = conv[0]
    per = Fraction(den, num)  # `unit U = V * num / den`: 1 U is num/den V, 1 V is den/num U
    step = precision(text)
    m = mask(text)
    spans = []
    for r in re.finditer(r'\b(when|unless)\b[^;{]*;', m):
        for c in re.finditer(r'(?<![\w.])(\d+(?:\.\d+)?)\s+(%s|%s)\b' % (re.escape(unit), re.escape(other)),
                             m[r.start():r.end()]):
            value = Fraction(c.group(1))
            if c.group(2) == other:
                new_value, new_unit = value * per, unit
            else:
                new_value, new_unit = value / per, other
            if (new_value / step).denominator != 1:
                continue
            shown = printed(new_value)
            if shown is None:
                continue
            span = (r.start() + c.start(1), r.start() + c.end(2), '%s %s' % (shown, new_unit))
            if LOADER is None or LOADER(replace_spans(text, [span])):
                spans.append(span)
    return replace_spans(text, spans) if spans else None


def group_cap_spans(text, extra):
    """A modifier's `value min(N, X)` (or `min(X, N)`) as a stacking group
    capped at N holding `value X`, the group defined after the ruleset's
    last definition: a translated book may print the cap on the group.
    extra is added to N (0: the same rule; 1: a fault). The group's other
    end lies below anything X reaches, so only N binds."""
    m = mask(text)
    defs = definitions(text)
    for d in defs:
        if d.kind != 'modifier':
            continue
        body = m[d.start:d.end]
        if re.search(r'\bgroup\b', body):
            continue
        r = re.search(r'\bvalue\s+min\(\s*(?:(\d+)\s*,\s*([^(),;]+?)|([^(),;]+?)\s*,\s*(\d+))\s*\)\s*;', body)
        if not r:
            continue
        cap = int(r.group(1) or r.group(4)) + extra
        inner = r.group(2) or r.group(3)
        group = 'gen_cap_' + d.name
        defender = re.search(r'\bfor\s+defender\b', body)
        bounds = '%d..1000000' % -cap if defender else '-1000000..%d' % cap
        spans = [(d.start + r.start(), d.start + r.end(),
                  'group %s; value %s;' % (group, inner.strip()))]
        loc = locales(text)[0] if locales(text) else TRANSLATED_LOCALE
        spans.append((defs[-1].end, defs[-1].end,
                      '\ngroup %s { %s "Obergrenze"; stack sum; cap %s; }\n' % (group, loc, bounds)))
        yield spans, d.start + r.start()


def rewrite_group_cap(text):
    for spans, _ in group_cap_spans(text, 0):
        new = replace_spans(text, spans)
        if LOADER is None or LOADER(new):
            return new
    return None


def rewrite_check_inputs(text):
    """The inputs an example's check sets in the other order:
    `crt(defence = 12, attack = 5)` for `crt(attack = 5, defence = 12)`."""
    m = mask(text)
    spans = []
    for d in definitions(text):
        if d.kind != 'example':
            continue
        for r in re.finditer(r'\b\w+\(([^()]*)\)', m[d.start:d.end]):
            args = [a.strip() for a in r.group(1).split(',')]
            if len(args) < 2 or not all(re.match(r'^\w+\s*=\s*[^=]+$', a) for a in args):
                continue
            s0, e0 = d.start + r.start(1), d.start + r.end(1)
            spans.append((s0, e0, ', '.join(reversed([text[s0:e0].split(',')[k].strip()
                                                       for k in range(len(args))]))))
    return replace_spans(text, spans) if spans else None


LOADER = None  # text -> whether it loads, set by main()


REWRITES = [
    ('labels', rewrite_labels),
    ('codes', rewrite_codes),
    ('enum_order', rewrite_enum_order),
    ('die_ends', rewrite_die_ends),
    ('rows_split', rewrite_rows_split),
    ('shift_order', rewrite_shift_order),
    ('shift_sign', rewrite_shift_sign),
    ('example_ids', rewrite_example_ids),
    ('like_full', expand_like),
    ('distance_forms', rewrite_distance_forms),
    ('example_units', rewrite_example_units),
    ('synonyms', rewrite_synonyms),
    ('equivalent_expressions', rewrite_equivalent_expressions),
    ('check_order', rewrite_check_order),
    ('rows_grid', rewrite_grid_as_rows),
    ('unit_figures', rewrite_unit_figures),
    ('group_cap', rewrite_group_cap),
    ('check_inputs', rewrite_check_inputs),
    ('edition_one_unit', rewrite_edition_one_unit),
]


def rewrite_all_at_once(text):
    """Every rewrite above applied in turn, each where the result still
    loads: a translator's file changes many things at once."""
    out, changed_any = text, False
    for name, fn in REWRITES:
        if name in ('labels', 'all_at_once'):
            continue
        new = fn(out)
        if new is not None and new != out and (LOADER is None or LOADER(new)):
            out, changed_any = new, True
    return out if changed_any else None


REWRITES.append(('all_at_once', rewrite_all_at_once))


# ---------------------------------------------------------------------------
# Faults: each yields candidates (translation, lines) - the translation's text
# and, per side, the lines a finding may name: the changed line (the same in
# both files), or for an item removed, in the translation, any line of the
# definition it was removed from. The first candidate that loads is taken.
# ---------------------------------------------------------------------------

def in_defs(text, kinds, pattern, flags=0):
    """Every match of pattern inside a definition of one of kinds."""
    m = mask(text)
    for d in definitions(text):
        if d.kind in kinds:
            for r in re.compile(pattern, flags).finditer(m, d.start, d.end):
                yield d, r


def changed(text, spans, at):
    line = line_of(text, at)
    return replace_spans(text, spans), {'original': {line}, 'translation': {line}}


def removed(text, spans, at, d):
    """An item removed from definition d: the translation's side is d."""
    line = line_of(text, at)
    new = replace_spans(text, spans)
    first = line_of(text, d.start)
    last = line_of(text, d.end)
    return new, {'original': {line}, 'translation': set(range(first, last + 1))}


def word_offsets(m, line):
    pos, offs = line.start, []
    for w in line.words:
        pos = m.index(w, pos)
        offs.append(pos)
        pos += len(w)
    return offs


def fault_cell(text):
    m = mask(text)
    for g in grids(text):
        names = sorted({w for ln in g.lines for w in ln.words[1:] if re.match(r'^[A-Za-z_]\w*$', w)})
        for line in g.lines[len(g.lines) // 2:] + g.lines[:len(g.lines) // 2]:
            cells = line.words[1:]
            offs = word_offsets(m, line)[1:]
            order = list(range(len(cells) // 2, len(cells))) + list(range(len(cells) // 2))
            for col in order:
                if not re.match(r'^[A-Za-z_]\w*$', cells[col]):
                    continue
                for other in names:
                    if other != cells[col]:
                        yield changed(text, [(offs[col], offs[col] + len(cells[col]), other)], offs[col])


def fault_cell_patch(text):
    """A variant's `cell` patch giving another outcome."""
    names = sorted({w for g in grids(text) for ln in g.lines for w in ln.words[1:]
                    if re.match(r'^[A-Za-z_]\w*$', w)})
    for d, r in in_defs(text, ('table',), r'\bcell\s+\S+\s+at\s+[^=;]+=\s*([A-Za-z_]\w*)'):
        for other in names:
            if other != r.group(1):
                yield changed(text, [(r.start(1), r.end(1), other)], r.start(1))


def fault_boundary_row(text):
    """Two grid lines `A-B`, `B+1-C` become `A-(B+1)`, `B+2-C`."""
    m = mask(text)
    for g in grids(text):
        for a, b in zip(g.lines, g.lines[1:]):
            ra, rb = parse_roll(a.words[0]), parse_roll(b.words[0])
            if ra is None or rb is None or None in (ra[1], rb[0]) or rb[0] != ra[1] + 1:
                continue
            if rb[1] is not None and rb[1] <= rb[0]:
                continue
            if a.words[1:] == b.words[1:]:
                continue
            pa = a.start + m[a.start:a.end].index(a.words[0])
            pb = b.start + m[b.start:b.end].index(b.words[0])
            text2 = replace_spans(text, [(pa, pa + len(a.words[0]), roll_text(ra[0], ra[1] + 1)),
                                         (pb, pb + len(b.words[0]), roll_text(rb[0] + 1, rb[1]))])
            lines = {line_of(text, pa), line_of(text, pb)}
            yield text2, {'original': lines, 'translation': lines}


def fault_boundary_cond(text):
    for d, r in in_defs(text, ('modifier', 'table', 'reactions', 'procedure'),
                        r'\b(?:when|unless)\b[^;{]*?(>=|<=|>|<)\s*(\d+)\b'):
        yield changed(text, [(r.start(2), r.end(2), str(int(r.group(2)) + 1))], r.start(2))


def fault_condition(text):
    """A condition turned round: `when b` as `when not b`, for a
    true-or-false input, wherever a condition is written."""
    bools = bool_inputs(text)
    for d, r in in_defs(text, ('modifier', 'table', 'reactions', 'procedure', 'outcome'),
                        r'\b(?:when|unless)\s+(not\s+)?([A-Za-z_]\w*)\s*(?=;|\{|\band\b|\bor\b)'):
        if r.group(2) in bools:
            if r.group(1):
                yield changed(text, [(r.start(1), r.end(1), '')], r.start(2))
            else:
                yield changed(text, [(r.start(2), r.start(2), 'not ')], r.start(2))


def fault_sign(text):
    for d, r in in_defs(text, ('modifier',), r'\bvalue\s+(\+?)(\d+)\s*;'):
        if r.group(2) != '0':
            yield changed(text, [(r.start(1), r.end(2), '-' + r.group(2))], r.start(2))


def fault_drop_listed(text, keyword):
    for d, r in in_defs(text, ('table',), r'\b%s\s+(\+?\w+(?:\s*,\s*\+?\w+)+)\s*;' % keyword):
        items = [x.strip() for x in r.group(1).split(',')]
        yield changed(text, [(r.start(1), r.end(1), ', '.join(items[1:]))], r.start(1))


def fault_drop_natural(text):
    for d, r in in_defs(text, ('table',), r'(?m)^[ \t]*natural\b[^;]*;'):
        yield removed(text, [(r.start(), r.end(), '')], r.start(), d)


def fault_cap(text):
    for d, r in in_defs(text, ('table', 'group'), r'\bcap\s+(-?\d+)\.\.(-?\d+)\s*;'):
        yield changed(text, [(r.start(2), r.end(2), str(int(r.group(2)) + 1))], r.start(2))


def fault_die(text):
    """A die with two faces more, on the translation whose grids are open
    at the die's ends (so that the new faces have a line)."""
    opened = rewrite_die_ends(text) or text
    for r in re.finditer(r'\bdice\s+\w+\s*=\s*(\d+)d(\d+)(\s+faces\s+(-?\d+)\.\.(-?\d+))?', mask(opened)):
        spans = [(r.start(2), r.end(2), str(int(r.group(2)) + 2))]
        if r.group(3):
            spans.append((r.start(5), r.end(5), str(int(r.group(5)) + 2)))
        line = line_of(opened, r.start(2))
        yield replace_spans(opened, spans), {'original': {line}, 'translation': {line}}


def fault_rounding(text):
    for d, r in in_defs(text, ('table',), r'\bround\s+(down|up|nearest|evens)\b'):
        new = 'up' if r.group(1) != 'up' else 'down'
        yield changed(text, [(r.start(1), r.end(1), new)], r.start(1))
    for r in re.finditer(r'\b(div_down|div_up)\s*\(', mask(text)):
        new = 'div_up' if r.group(1) == 'div_down' else 'div_down'
        yield changed(text, [(r.start(1), r.end(1), new)], r.start(1))


def fault_domain(text):
    for d, r in in_defs(text, ('input',), r':\s*int\s+(-?\d+)\.\.(\d+)'):
        if int(r.group(2)) - int(r.group(1)) >= 2:
            yield changed(text, [(r.start(2), r.end(2), str(int(r.group(2)) - 1))], r.start(2))


def other_unit(text, unit):
    for u, v, _, _ in conversions(text):
        if unit == u:
            return v
        if unit == v:
            return u
    return None


def fault_unit_value(text):
    """A figure left in the original's unit: `6 cm` for `6 inches`."""
    m = mask(text)
    for d in definitions(text):
        if d.kind not in ('distance', 'input', 'outcome', 'modifier', 'effect'):
            continue
        for r in re.finditer(r'(?<![\w.])(\d+(?:\.\d+)?)\s+(\w+)\b', m[d.start:d.end]):
            other = other_unit(text, r.group(2))
            if other and float(r.group(1)) != 0 and not re.match(r'\s*\.\.', m[d.start + r.end():]):
                s = d.start + r.start(2)
                yield changed(text, [(s, s + len(r.group(2)), other)], s)


def fault_unit_condition(text):
    """A threshold on a quantity read in the other unit: `move > 6 cm` for
    `move > 6 inches`."""
    conv = conversions(text)
    if not conv:
        return
    m = mask(text)
    units = {conv[0][0], conv[0][1]}
    inputs = {}
    for r in re.finditer(r'\binput\s+(\w+)\s*:\s*int\s+-?\d+\.\.\d+\s+(\w+)', m):
        if r.group(2) in units:
            inputs[r.group(1)] = r.group(2)
    for d in definitions(text):
        if d.kind == 'input' or d.kind == 'example':
            continue
        for r in re.finditer(r'\b(\w+)\s*(>=|<=|>|<)\s*(\d+)(\s+(\w+))?', m[d.start:d.end]):
            if r.group(1) not in inputs or r.group(3) == '0':
                continue
            if r.group(5) in units:
                s, e = d.start + r.start(5), d.start + r.end(5)
                yield changed(text, [(s, e, other_unit(text, r.group(5)))], s)
            else:
                s = d.start + r.end(3)
                yield changed(text, [(s, s, ' ' + other_unit(text, inputs[r.group(1)]))], s)


def fault_swap_column(text):
    m = mask(text)
    for g in grids(text):
        if g.header is None or len(g.header.words) < 2:
            continue
        words = g.header.words
        if any(':' in w or re.match(r'^[<>+-]?\d', w) for w in words):
            continue  # odds and values rise from left to right
        offs = word_offsets(m, g.header)
        for k in range(len(words) - 1):
            if all(len(ln.words) > k + 2 and ln.words[k + 1] == ln.words[k + 2] for ln in g.lines):
                continue  # two columns alike: swapping them changes nothing
            a, b = offs[k], offs[k + 1]
            yield changed(text, [(a, a + len(words[k]), words[k + 1]),
                                 (b, b + len(words[k + 1]), words[k])], a)


def fault_swap_cells(text):
    """Two neighbouring columns' cells swapped in every line of a grid whose
    header is computed (odds, differences: their order is the key's), the
    header left as it was: a translator's column set in the wrong place."""
    m = mask(text)
    for g in grids(text):
        if g.header is None or len(g.header.words) < 2:
            continue
        width = len(g.header.words)
        if any(len(ln.words) != width + 1 for ln in g.lines):
            continue
        for k in range(width - 1):
            spans, lines = [], set()
            for ln in g.lines:
                a, b = ln.words[k + 1], ln.words[k + 2]
                if a == b:
                    continue
                offs = word_offsets(m, ln)
                spans += [(offs[k + 1], offs[k + 1] + len(a), b), (offs[k + 2], offs[k + 2] + len(b), a)]
                lines.add(line_of(text, offs[k + 1]))
            if spans:
                yield replace_spans(text, spans), {'original': lines, 'translation': lines}


def fault_missing_mark(text):
    """A `provisional "..."` statement of its own dropped."""
    m = mask(text)
    for d in definitions(text):
        for r in re.finditer(r'(?m)^[ \t]*provisional\s+"[ ]*"\s*;[ \t]*$', m[d.start:d.end]):
            before = m[d.start:d.start + r.start()].rstrip()
            if before.endswith((';', '{', '}')):
                yield removed(text, [(d.start + r.start(), d.start + r.end(), '')], d.start + r.start(), d)


def fault_group_cap(text):
    """A min(N, X) moved onto a group capped at N + 1."""
    for spans, at in group_cap_spans(text, 1):
        yield changed(text, spans, at)


def fault_drop_form(text):
    """A distance's form in a unit the translation still measures in
    dropped: not an edition in one unit, a missing form."""
    m = mask(text)
    for d in definitions(text):
        if d.kind != 'distance':
            continue
        forms = list(re.finditer(r'(?m)^[ \t]*value\b[^;]*?(\w+)\s*;[ \t]*\n?', m[d.start:d.end]))
        if len(forms) < 2:
            continue
        for f in forms:
            rest = m[:d.start + f.start()] + m[d.start + f.end():]
            body = '\n'.join(l for l in rest.split('\n') if not re.match(r'\s*unit\s', l))
            if not re.search(r'\b%s\b' % f.group(1), body):
                continue
            # with the checks of that form, which would not load without it
            spans = [(d.start + f.start(), d.start + f.end(), '')]
            for e in definitions(text):
                if e.kind == 'example':
                    spans += [(a, b, '') for a, b in check_statements(text, e)
                              if re.match(r'\s*%s\b' % re.escape(d.name), m[a:b]) and
                              re.search(r'->\s*\d+(?:\.\d+)?\s+%s\b' % f.group(1), m[a:b])]
            yield removed(text, spans, d.start + f.start(), d)


FAULTS = [
    ('cell', fault_cell),
    ('cell_patch', fault_cell_patch),
    ('boundary_row', fault_boundary_row),
    ('boundary_cond', fault_boundary_cond),
    ('condition', fault_condition),
    ('sign', fault_sign),
    ('drop_modifier', lambda t: fault_drop_listed(t, 'modifiers')),
    ('drop_shift', lambda t: fault_drop_listed(t, 'shifts')),
    ('drop_natural', fault_drop_natural),
    ('cap', fault_cap),
    ('die', fault_die),
    ('rounding', fault_rounding),
    ('domain', fault_domain),
    ('unit_value', fault_unit_value),
    ('unit_condition', fault_unit_condition),
    ('swap_column', fault_swap_column),
    ('swap_cells', fault_swap_cells),
    ('missing_mark', fault_missing_mark),
    ('group_cap', fault_group_cap),
    ('drop_form', fault_drop_form),
]


# ---------------------------------------------------------------------------
# Running verify
# ---------------------------------------------------------------------------

def run_verify(rtab, original, translation):
    p = subprocess.run([rtab, 'verify', original, translation, '--format', 'json'],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    try:
        report = json.loads(p.stdout.decode())
    except ValueError:
        report = None
    return p.returncode, report, p.stderr.decode()


def locations(finding):
    """Every (side, line) a finding names, its differences' too."""
    out = set()
    totals = finding.get('totals', [])
    for item in [finding] + finding.get('differences', []) + (totals if isinstance(totals, list) else []):
        if not isinstance(item, dict):
            continue
        for side in ('original', 'translation'):
            loc = item.get(side + '_location')
            if isinstance(loc, dict) and loc.get('line'):
                out.add((side, loc['line']))
    return out


# A case verify could not decide (exit 4): neither passed nor a false
# finding or a miss, counted apart.
UNDECIDED = 'undecided'


def check_rewrite(rtab, original, path):
    rc, report, err = run_verify(rtab, original, path)
    if rc == 2 or report is None:
        first = err.strip().splitlines()[:1]
        return False, 'does not load: %s' % (first[0] if first else rc)
    bad = [f for f in report['findings'] if f['severity'] in ('error', 'warning')]
    if rc != 0 or bad:
        if not bad and rc == 4:
            return UNDECIDED, 'undecided: %s' % report['findings'][0]['message']
        f = bad[0] if bad else {'message': 'exit %d' % rc}
        return False, '%d false finding(s), first: %s' % (len(bad), f['message'])
    return True, ''


def check_fault(rtab, original, path, lines):
    rc, report, err = run_verify(rtab, original, path)
    if report is None:
        first = err.strip().splitlines()[:1]
        return False, 'exit %d, no report: %s' % (rc, first[0] if first else '')
    errors = [f for f in report['findings'] if f['severity'] == 'error']
    if rc == 4:
        return UNDECIDED, 'undecided: %s' % report['findings'][0]['message']
    if rc != 1 or not errors:
        return False, 'missed: exit %d, %d errors' % (rc, len(errors))
    for f in errors:
        locs = locations(f)
        if any(('original', n) in locs for n in lines['original']) and \
                any(('translation', n) in locs for n in lines['translation']):
            return True, ''
    where = sorted({x for f in errors for x in locations(f)})
    return False, 'found, not at line %s on both sides: %s (%s)' % (
        min(lines['original']), errors[0]['message'], ', '.join('%s:%d' % w for w in where[:6]))


def loads(rtab, path):
    return subprocess.run([rtab, 'check', path], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


MAX_CANDIDATES = 40


def cases(rtab, source, path_of):
    """(case name, kind, translation's path, fault lines) for a ruleset; a
    fault's first candidate that loads."""
    labelled = rewrite_labels(source)
    if labelled is None:
        return
    for name, fn in REWRITES:
        text = labelled if name == 'labels' else fn(labelled)
        if text is None or (text == labelled and name != 'labels'):
            continue
        path = path_of('rewrite.' + name)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        yield 'rewrite/' + name, 'rewrite', path, None
    for name, fn in FAULTS:
        path = path_of('fault.' + name)
        for k, (text, lines) in enumerate(fn(labelled)):
            if k == MAX_CANDIDATES:
                break
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            if loads(rtab, path):
                yield 'fault/' + name, 'fault', path, lines
                break


def main(argv):
    args = argv[1:]
    known_path = None
    if len(args) >= 4 and args[2] == '--known':
        known_path = args[3]
        args = args[:2] + args[4:]
    if len(args) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    rtab, out_dir = args[0], args[1]
    rulesets = []
    for arg in args[2:]:  # a folder: every ruleset in it
        if os.path.isdir(arg):
            rulesets += sorted(os.path.join(arg, f) for f in os.listdir(arg) if f.endswith('.rtab'))
        else:
            rulesets.append(arg)
    os.makedirs(out_dir, exist_ok=True)

    def loads_text(text):
        path = os.path.join(out_dir, 'candidate.rtab')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        return loads(rtab, path)

    global LOADER
    LOADER = loads_text
    known = set()
    if known_path:
        with open(known_path, encoding='utf-8') as f:
            for ln in f:
                ln = ln.split('#', 1)[0].strip()
                if ln:
                    known.add(tuple(ln.split('\t')[:2]))
    counts = {'rewrite': [0, 0, 0], 'fault': [0, 0, 0]}
    per_case = {}  # case -> [cases, failures, undecided]
    failing = set()
    for original in rulesets:
        base = os.path.basename(original)
        with open(original, encoding='utf-8') as f:
            source = f.read()
        check = subprocess.run([rtab, 'check', original], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
        if check.returncode != 0:
            continue  # a fixture that is not a whole ruleset on its own
        def path_of(case, stem=base[:-5]):
            return os.path.join(out_dir, '%s.%s.rtab' % (stem, case))

        for case, kind, path, line in cases(rtab, source, path_of):
            if kind == 'rewrite':
                ok, why = check_rewrite(rtab, original, path)
            else:
                ok, why = check_fault(rtab, original, path, line)
            counts[kind][0] += 1
            per_case.setdefault(case, [0, 0, 0])[0] += 1
            slot = 2 if ok == UNDECIDED else 1
            if ok is not True:
                counts[kind][slot] += 1
                per_case[case][slot] += 1
                failing.add((base, case))
            print('%s\t%s\t%s\t%s' % ('ok' if ok is True else 'UNDECIDED' if ok == UNDECIDED else 'FAIL',
                                     base, case, why))
    for case in sorted(per_case):
        print('%s: %d cases, %d %s, %d undecided' % (case, per_case[case][0], per_case[case][1],
                                                   'with false findings' if case.startswith('rewrite/')
                                                   else 'missed or misplaced', per_case[case][2]))
    print('rewrites: %d cases, %d with false findings, %d undecided' % tuple(counts['rewrite']))
    print('faults: %d cases, %d missed or misplaced, %d undecided' % tuple(counts['fault']))
    if known_path is None:
        return 0
    status = 0
    for base, case in sorted(failing - known):
        print('new failure: %s %s' % (base, case))
        status = 1
    ran = {os.path.basename(r) for r in rulesets}
    for base, case in sorted(known - failing):
        if base in ran:
            print('now passes, remove it from %s: %s\t%s' % (known_path, base, case))
            status = 1
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv))
