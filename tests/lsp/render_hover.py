#!/usr/bin/env python3
"""Render a hover of rtab lsp as an editor shows it, for docs/editors.md:
tests/lsp/render_hover.py RTAB OUT.png

A real session (tests/lsp/session.py, locale ru) opens tables/mass_battle.rtab
and hovers 'units' in 'value sum(units.wounds);'; the lines around it and the
hover's Markdown, rendered, are drawn as a page and captured by headless
Chromium."""
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'lsp'))
from session import Session  # noqa: E402


def markdown(text):
    """The Markdown the server writes: paragraphs, rules, fenced code, bold, code."""
    out = []
    for block in re.split(r'\n\n(?=(?:[^`]|`[^`]|``[^`])*(?:```[^`]*```(?:[^`]|`[^`]|``[^`])*)*$)', text):
        if block.startswith('```'):
            body = block.split('\n', 1)[1].rsplit('\n```', 1)[0]
            out.append('<pre>%s</pre>' % html.escape(body))
        elif block.strip() == '---':
            out.append('<hr>')
        else:
            t = html.escape(block)
            t = re.sub(r'\*\*(.+?)\*\*', r'<b>\1</b>', t)
            t = re.sub(r'`(.+?)`', r'<code>\1</code>', t)
            out.append('<p>%s</p>' % t)
    return '\n'.join(out)


def main():
    rtab, out_png = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    path = os.path.join(ROOT, 'tables', 'mass_battle.rtab')
    text = open(path, encoding='utf-8').read()
    lines = text.split('\n')
    line = next(i for i, l in enumerate(lines) if 'value sum(units.wounds);' in l)
    col = lines[line].index('units')
    s = Session(rtab, locale='ru')
    s.open('file://' + path, text)
    hover = s.request('textDocument/hover', {'textDocument': {'uri': 'file://' + path},
                                             'position': {'line': line, 'character': col}})
    s.close()
    first = line - 5
    rows = []
    for n in range(first, line + 9):
        src = html.escape(lines[n])
        if n == line:
            src = html.escape(lines[n][:col]) + '<u>units</u>' + html.escape(lines[n][col + 5:])
        rows.append('<div><span class="n">%4d</span> %s</div>' % (n + 1, src))
    page = '''<!doctype html><meta charset="utf-8"><style>
body { margin: 0; background: #1e1e1e; color: #d4d4d4; font: 15px/1.45 "DejaVu Sans Mono", monospace; }
.editor { padding: 14px 10px; white-space: pre; }
.n { color: #6e7681; }
u { text-decoration: none; background: #264f78; }
.hover { position: absolute; left: %dch; top: %dpx; width: 78ch; background: #252526;
  border: 1px solid #454545; padding: 4px 12px; font: 14px/1.4 "DejaVu Sans", sans-serif;
  white-space: normal; box-shadow: 0 4px 14px #000a; }
.hover pre { font: 13px/1.4 "DejaVu Sans Mono", monospace; background: #1e1e1e; padding: 6px 8px;
  white-space: pre-wrap; }
.hover code { font-family: "DejaVu Sans Mono", monospace; color: #9cdcfe; }
</style><div class="editor">%s</div><div class="hover">%s</div>''' % (
        col + 6, 14 + round(21.75 * (line - first + 1)), ''.join(rows), markdown(hover['contents']['value']))
    with tempfile.TemporaryDirectory(prefix='rtab-hover-') as tmp:
        page_path = os.path.join(tmp, 'hover.html')
        with open(page_path, 'w', encoding='utf-8') as f:
            f.write(page)
        browser = shutil.which('chromium') or shutil.which('chromium-browser')
        subprocess.run([browser, '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
                        '--window-size=1180,720', '--screenshot=' + out_png, 'file://' + page_path],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp)


if __name__ == '__main__':
    main()
