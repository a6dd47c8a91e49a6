#!/usr/bin/env python3
"""Compile the message catalogues (po/LOCALE.po) into C, at build time.

usage: po_compile.py OUT.c PO...

Each PO file is read as gettext writes it (msgid / msgstr pairs of quoted,
possibly continued strings; comments and the header entry skipped); its
locale is its file name. The output holds the locales in the order given
and, for every msgid of the first (English) catalogue, sorted by msgid for
a binary search, its text in each locale (NULL where a catalogue lacks it
or leaves it empty: the msgid stands in), and whether it is a phrase of
the pages of rtab site (a "#: web/..." reference comment in the first
catalogue: msg_each_page_phrase). A msgid of a later catalogue that the
first lacks fails the build: it would never be looked up.
"""
import os
import sys


def unquote(s, path, n):
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        sys.exit(f"{path}:{n}: expected a quoted string, got {s!r}")
    out, i, body = [], 0, s[1:-1]
    escapes = {'n': '\n', 't': '\t', '"': '"', '\\': '\\'}
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body):
            if body[i + 1] not in escapes:
                sys.exit(f"{path}:{n}: unknown escape \\{body[i + 1]}")
            out.append(escapes[body[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def read_po(path, refs=None):
    """The msgid -> msgstr of path; refs, when given, gets msgid -> its "#:" references."""
    entries, key, field = {}, None, None
    cur, pending = {}, []  # pending: the "#:" references of the entry to come
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')

    def flush():
        if 'msgid' in cur and cur['msgid']:
            if cur['msgid'] in entries:
                sys.exit(f"{path}: msgid {cur['msgid']!r} given twice")
            entries[cur['msgid']] = cur.get('msgstr', '')
            if refs is not None:
                refs[cur['msgid']] = cur.get('refs', [])
        cur.clear()

    for n, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s.startswith('#'):
            if not s:
                flush()
            elif s.startswith('#:'):
                pending.extend(s[2:].split())
            continue
        if s.startswith('msgid '):
            flush()
            cur['refs'], pending = pending, []
            field = 'msgid'
            cur[field] = unquote(s[6:], path, n)
        elif s.startswith('msgstr '):
            field = 'msgstr'
            cur[field] = unquote(s[7:], path, n)
        elif s.startswith('"') and field:
            cur[field] += unquote(s, path, n)
        else:
            sys.exit(f"{path}:{n}: not a line of a PO file: {s!r}")
    flush()
    return entries


def c_string(s):
    out = ['"']
    for ch in s:
        if ch == '"' or ch == '\\':
            out.append('\\' + ch)
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\t':
            out.append('\\t')
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, pos = sys.argv[1], sys.argv[2:]
    locales = [os.path.splitext(os.path.basename(p))[0] for p in pos]
    refs = {}
    cats = [read_po(pos[0], refs)] + [read_po(p) for p in pos[1:]]
    for p, cat in zip(pos[1:], cats[1:]):
        for k in cat:
            if k not in cats[0]:
                sys.exit(f"{p}: msgid {k!r} is not in {pos[0]}")
    ids = sorted(cats[0], key=lambda s: s.encode('utf-8'))
    lines = ['/* Made by po_compile.py from ' + ', '.join(os.path.basename(p) for p in pos) +
             '; do not edit. */', '#include "base/msg_table.h"', '',
             f'const size_t msg_nlocales = {len(locales)};',
             'const char *const msg_locale_names[] = {' +
             ', '.join(c_string(l) for l in locales) + '};',
             f'const size_t msg_nentries = {len(ids)};',
             'const msg_entry msg_entries[] = {']
    for k in ids:
        texts = [c_string(c[k]) if c.get(k) else 'NULL' for c in cats]
        page = any(r.startswith('web/') for r in refs.get(k, []))
        lines.append('\t{' + c_string(k) + ', {' + ', '.join(texts) + '}, ' + ('true' if page else 'false') + '},')
    if not ids:
        lines.append('\t{NULL, {NULL}, false},')
    lines.append('};')
    with open(out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')


main()
