#!/usr/bin/env python3
"""rtab lsp formats a document as rtab fmt does: one edit of the whole
text whose result is byte for byte `rtab fmt`'s, across Cyrillic labels
(positions in UTF-16); no edit for a laid-out text; null for a text that
does not parse, which is left as it is.

Usage: test_formatting.py RTAB SOURCE_ROOT
"""
import os
import subprocess
import sys

rtab, root = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import Session  # noqa: E402

failures = []


def apply(text, edits):
    """The text after the edits (whole-text edits: from the start to an end position)."""
    for e in edits:
        lines = text.split('\n')
        end = e['range']['end']
        # The end in UTF-16 units on its line, as the server counts them.
        line = lines[end['line']] if end['line'] < len(lines) else ''
        units, cut = 0, len(line)
        for i, ch in enumerate(line):
            if units >= end['character']:
                cut = i
                break
            units += 2 if ord(ch) > 0xFFFF else 1
        tail = '\n'.join([line[cut:]] + lines[end['line'] + 1:])
        assert e['range']['start'] == {'line': 0, 'character': 0}, e
        text = e['newText'] + tail
    return text


messy = os.path.join(root, 'tests', 'fmt', 'messy.rtab')
with open(messy, encoding='utf-8') as f:
    source = f.read()
want = subprocess.run([rtab, 'fmt', messy], capture_output=True, text=True, check=True).stdout
s = Session(rtab)
uri = 'file://' + messy
s.open(uri, source)
caps = s.request('textDocument/formatting', {'textDocument': {'uri': uri},
                                             'options': {'tabSize': 2, 'insertSpaces': True}})
got = apply(source, caps or [])
if got != want:
    failures.append('the formatted document differs from rtab fmt')
# Laid out already: no edit.
s.notify('textDocument/didChange', {'textDocument': {'uri': uri, 'version': 2},
                                    'contentChanges': [{'text': want}]})
s.wait_diagnostics(uri, 2)
again = s.request('textDocument/formatting', {'textDocument': {'uri': uri}, 'options': {}})
if again != []:
    failures.append('a laid-out document gets edits: %r' % again)
# A syntax error: null, nothing changed.
s.notify('textDocument/didChange', {'textDocument': {'uri': uri, 'version': 3},
                                    'contentChanges': [{'text': want + '\ntable broken {'}]})
s.wait_diagnostics(uri, 3)
broken = s.request('textDocument/formatting', {'textDocument': {'uri': uri}, 'options': {}})
if broken is not None:
    failures.append('a document with a syntax error gets edits: %r' % broken)
rc = s.close()
if rc != 0:
    failures.append('the server exited %d' % rc)
print('\n'.join('FAIL: ' + f for f in failures) or 'ok: formatting is rtab fmt, none when laid out, null when broken')
sys.exit(1 if failures else 0)
