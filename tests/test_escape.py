#!/usr/bin/env python3
"""Hostile text in every text field reaches every writer as text.

A ruleset whose every label (in both locales), rule reference, provisional
reason and title is hostile: markup (<script>, an event handler, a
javascript: link), Markdown links, a formula for a spreadsheet, quotes,
backslashes, trigraphs, a comment's end and a line break. Every writer
prints it (export in every format, compile, diff, verify, odds) and each
output is checked in its own language: HTML parsed, no element but the
writer's own, no event handler, no javascript: URL; Markdown without a '<'
that opens markup nor a link; CSV without a cell a spreadsheet reads as a
formula; JSON that parses and gives the text back exactly; C that compiles
(with -Werror: gcc warns of bidirectional controls) and whose strings are the text exactly,
with no character that reorders a line standing raw. Identifiers are ASCII letters,
digits and '_' only (the lexer refuses anything else), so ids carry no
hostile text.

With --chromium, each HTML page is also rendered in headless Chromium (one
browser for every page) and the DOM it ends with is checked the same way
(exit 77 without Chromium), and each Markdown output is turned into HTML by the Markdown processors a
publisher feeds it to (cmark, the CommonMark reference, with raw HTML let
through as GitHub-style sites and Jekyll do; Python-Markdown, which MkDocs
uses), then rendered and checked like a page.

usage: test_escape.py RTAB SOURCE_ROOT [--chromium]
"""
import csv
import html.parser
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
chromium = None
if '--chromium' in sys.argv[3:]:
    chromium = shutil.which('chromium') or shutil.which('chromium-browser')
    if not chromium:
        print('SKIP: chromium is not installed')
        sys.exit(77)
    # One browser renders every page (tests/headless.py).
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import headless  # noqa: E402
    browser = headless.Browser(chromium)
failures = []


def fail(msg):
    failures.append(msg)


# What a spreadsheet takes for a formula, by its first character.
STARTS = ['=', '+', '-', '@', '\t']
BODY = ('HYPERLINK("javascript:alert(1)";"x")<script>alert(1)</script><img src=x onerror=alert(2)>'
        '<a href="javascript:alert(3)">a</a>[l](javascript:alert(4)) ![i](javascript:alert(5)) '
        '<javascript:alert(6)> <!-- c --> "q" \'a\' \\ ??= ??/ */ /* & &amp; &lt;b&gt; | `c` *e* _u_ '
        '\u00abру\u00bb \u202e\u2066rtl\u2069\u2028 </title></style>')
texts = []


def hostile(tag, newline=False):
    """A hostile text naming its field, its start rotating through what a
    spreadsheet reads as a formula."""
    t = STARTS[len(texts) % len(STARTS)] + BODY + ' ' + tag
    if newline:
        t += '\n[r]: javascript:alert(7)\n<script>alert(8)</script>'
    texts.append(t)
    return t


def q(t):
    return '"' + t.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n').replace('\t', '\\t') + '"'


def labels(tag):
    return 'en %s; ru %s;' % (q(hostile(tag + ' en')), q(hostile(tag + ' ru')))


def rule(tag):
    return '@ ' + q(hostile(tag + ' rule'))


source = '''
ruleset hostile %(rs_rule)s {
  locales en, ru;
  %(rs_labels)s
}

dice d6 = 1d6 %(dice_rule)s provisional %(dice_why)s;

enum arm %(arm_rule)s {
  %(arm_labels)s
  foot { %(foot_labels)s provisional %(foot_why)s; }
  horse { %(horse_labels)s }
}

input attacker: arm = horse %(in_rule)s { %(in_labels)s provisional %(in_why)s; }
input attack: int 0..99 = 3 { %(att_labels)s }
input defence: int 0..99 = 2 { %(def_labels)s }

effect retreat(hexes: int) %(eff_rule)s { %(eff_labels)s }

outcome held %(held_rule)s { %(held_labels)s }
outcome routed %(routed_rule)s { %(routed_labels)s retreat(2); }
outcome attacker_retreats { en "Attacker retreats"; code AR; }
outcome defender_retreats { en "Defender retreats"; code DR; }

matrix arms(attacker: arm) %(mx_rule)s {
  %(mx_labels)s
  default 0;
  horse = +1 provisional %(mx_why)s;
}

modifier matchup %(mod_rule)s {
  %(mod_labels)s
  value arms(attacker);
}

table assault %(tb_rule)s {
  %(tb_labels)s
  roll d6;
  modifiers matchup;
  cap -2..2;
  rows {
    held <=3;
    routed >=4 provisional %(row_why)s;
  }
}

table crt %(crt_rule)s {
  %(crt_labels)s
  roll d6;
  columns by odds(attack, defence) round down;
  grid {
         1:2  1:1  2:1
    1-3  AR   AR   DR
    4-6  AR   DR   DR   provisional %(grid_why)s
  }
}

errata first {
  en "First"; ru "First";
}

errata second %(er_rule)s {
  %(er_labels)s
  outcome held %(held2_rule)s { %(held2_labels)s }
}
''' % {
    'rs_rule': rule('ruleset'), 'rs_labels': labels('title'),
    'dice_rule': rule('dice'), 'dice_why': q(hostile('dice reason', True)),
    'arm_rule': rule('enum'), 'arm_labels': labels('enum'),
    'foot_labels': labels('value foot'), 'foot_why': q(hostile('value reason', True)),
    'horse_labels': labels('value horse'),
    'in_rule': rule('input'), 'in_labels': labels('input'), 'in_why': q(hostile('input reason', True)),
    'att_labels': labels('attack'), 'def_labels': labels('defence'),
    'eff_rule': rule('effect'), 'eff_labels': labels('effect'),
    'held_rule': rule('outcome held'), 'held_labels': labels('outcome held'),
    'routed_rule': rule('outcome routed'), 'routed_labels': labels('outcome routed'),
    'mx_rule': rule('matrix'), 'mx_labels': labels('matrix'), 'mx_why': q(hostile('cell reason', True)),
    'mod_rule': rule('modifier'), 'mod_labels': labels('modifier'),
    'tb_rule': rule('table'), 'tb_labels': labels('table'), 'row_why': q(hostile('row reason', True)),
    'crt_rule': rule('crt'), 'crt_labels': labels('crt'), 'grid_why': q(hostile('grid reason', True)),
    'er_rule': rule('errata'), 'er_labels': labels('errata'),
    'held2_rule': rule('errata held'), 'held2_labels': labels('errata held'),
}

tmp = tempfile.mkdtemp(prefix='rtab_escape_')
path = os.path.join(tmp, 'hostile.rtab')
with open(path, 'w', encoding='utf-8') as f:
    f.write(source)


def run(*args, ok=(0, 1)):
    r = subprocess.run([rtab, *args], capture_output=True, cwd=root)
    if r.returncode not in ok:
        fail('rtab %s: exit %d: %s' % (' '.join(args), r.returncode, r.stderr.decode(errors='replace')[:2000]))
    return r.stdout.decode('utf-8')


# ---- HTML: parsed, nothing live ----

class Html(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.text = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        self.text.append(data)


# What the writers themselves print, and what a Markdown processor makes of
# Markdown (its headings, rules, code blocks).
HTML_TAGS = {'h4', 'h5', 'h6', 'hr', 'pre', 'html', 'head', 'meta', 'title', 'style', 'body', 'h1', 'h2', 'h3', 'p', 'br', 'wbr', 'span', 'div',
             'section', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'ol', 'li', 'code', 'em', 'strong',
             'small', 'a', 'dl', 'dt', 'dd', 'caption'}


def rendered(what, out):
    """The DOM Chromium ends with after loading the page."""
    page = os.path.join(tmp, 'page.html')
    with open(page, 'w', encoding='utf-8') as f:
        f.write(out)
    dom = browser.rendered('file://' + page)
    if '<body' not in dom:
        fail('%s: chromium rendered nothing: %s' % (what, dom[:500]))
        return None
    return dom


def check_html(what, out, must_hold):
    if chromium:
        out = rendered(what, out)
        if out is None:
            return
        what += ' (rendered)'
    p = Html()
    p.feed(out)
    p.close()
    for tag in p.tags:
        if tag not in HTML_TAGS:
            fail('%s: an element <%s> the writer does not print' % (what, tag))
    for name, value in p.attrs:
        if name.startswith('on'):
            fail('%s: an event handler %s=%r' % (what, name, value))
        if value and re.sub(r'\s', '', value).lower().startswith('javascript:'):
            fail('%s: a javascript: URL in %s=%r' % (what, name, value))
    if p.tags.count('script'):
        fail('%s: a <script> element' % what)
    # A <wbr> may follow each '_'; the text reads the same without it.
    text = ''.join(p.text)
    for t in must_hold:
        if t.replace('\n', ' ') not in text.replace('\n', ' '):
            fail('%s: the text %r is not there as text' % (what, field(t)))


# ---- Markdown: no '<' that opens markup, no link ----

def markdown_processors():
    """The Markdown processors installed, as commands reading stdin."""
    found = []
    if shutil.which('cmark'):
        found.append(('cmark', ['cmark', '--unsafe']))
    # Python-Markdown may belong to the system's Python rather than the one
    # running this test.
    for py in dict.fromkeys([sys.executable, '/usr/bin/python3']):
        if os.path.exists(py) and subprocess.run([py, '-c', 'import markdown'], capture_output=True).returncode == 0:
            found.append(('Python-Markdown', [py, '-m', 'markdown', '-x', 'tables']))
            break
    return found


processors = markdown_processors() if chromium else []
if chromium and len(processors) < 2 and os.environ.get('RTAB_REQUIRE_TOOLS') == '1':
    print('FAIL: cmark and Python-Markdown are required (RTAB_REQUIRE_TOOLS=1); found %s'
          % [n for n, _ in processors])
    sys.exit(1)


def check_markdown(what, out):
    for name, cmd in processors:
        page = subprocess.run(cmd, input=out, capture_output=True, text=True, timeout=60)
        if page.returncode != 0:
            fail('%s: %s failed: %s' % (what, name, page.stderr[-500:]))
            continue
        check_html('%s, through %s' % (what, name),
                   '<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body>'
                   + page.stdout + '</body></html>', [])
    for m in re.finditer(r'<[A-Za-z/!?]', out):
        line = out[:m.start()].count('\n') + 1
        fail('%s: line %d: %r opens markup' % (what, line, out[m.start():m.start() + 30]))
    for m in re.finditer(r'(?<!\\)\]\s*(?<!\\)\(', out):
        if out[m.end() - 2] != '\\':
            fail('%s: a link %r' % (what, out[max(0, m.start() - 20):m.end() + 20]))
    for line in out.split('\n'):
        if re.match(r' {0,3}\[[^\]]*\]:', line):
            fail('%s: a link definition %r' % (what, line[:60]))
    if 'javascript:' in out and '](javascript:' in out:
        fail('%s: a javascript: link' % what)


# ---- CSV: no cell a spreadsheet reads as a formula ----

NUMERIC = re.compile(r'^[-+0-9.,/:% \u2020]*[0-9][-+0-9.,/:% \u2020]*$')


def check_csv(what, out):
    cells = [c for row in csv.reader(io.StringIO(out)) for c in row]
    for c in cells:
        if c[:1] in ('=', '+', '-', '@', '\t', '\r') and not NUMERIC.match(c):
            fail('%s: the cell %r reads as a formula' % (what, c[:60]))
    hits = [t for t in texts if "'" + t.replace('\n', ' ') in [c.replace('\n', ' ') for c in cells]
            or "'" + t in cells]
    if not hits:
        fail('%s: no hostile text kept, behind its quote, as a cell' % what)


# ---- JSON: parses, and gives the text back exactly ----

def strings_of(v, into):
    if isinstance(v, str):
        into.add(v)
    elif isinstance(v, dict):
        for k, x in v.items():
            into.add(k)
            strings_of(x, into)
    elif isinstance(v, list):
        for x in v:
            strings_of(x, into)
    return into


def check_json(what, out, must_hold, lines=False):
    found = set()
    try:
        docs = [json.loads(l) for l in out.splitlines() if l.strip()] if lines else [json.loads(out)]
    except ValueError as e:
        fail('%s: not JSON: %s' % (what, e))
        return
    for d in docs:
        strings_of(d, found)
    joined = '\0'.join(found)
    for t in must_hold:
        if t not in found and t not in joined:
            fail('%s: the text %r does not come back exactly' % (what, field(t)))


# The last edition (what every verb reads by default) holds the errata
# layer's outcome instead of the main body's.
def field(t):
    return t.split('\n')[0].split('</style> ', 1)[1]


superseded = [t for t in texts if field(t).startswith('outcome held')]
layer = [t for t in texts if field(t).startswith('errata ')]
default = [t for t in texts if t not in superseded and t not in layer]

# The print formats (HTML, Markdown) leave out the enums' values, the
# reasons of dice and inputs, and the ruleset's rule.
unprinted = ('value ', 'dice reason', 'input reason', 'ruleset rule')
printed = [t for t in default if not field(t).startswith(unprinted)]

# export, every format
check_html('export html', run('export', '--format', 'html', '--proof', path, ok=(0,)),
           printed)
md = run('export', '--format', 'markdown', '--proof', path, ok=(0,))
check_markdown('export markdown', md)
check_markdown('export markdown (the player aid)', run('export', '--format', 'markdown', path, ok=(0,)))
for t in printed:
    if field(t) not in md:
        fail('export markdown: the field %r is missing' % field(t))
exported_csv = run('export', '--format', 'csv', path, ok=(0,))
check_csv('export csv', exported_csv)
# Numbers stay numbers: the matrix's signed cell, the rows' ranges.
rows = list(csv.reader(io.StringIO(exported_csv)))
for want in (['arms', 'horse', '+1'], ['assault', '<=3', 'held']):
    if not any(r[:len(want)] == want for r in rows):
        fail('export csv: no row %s (a number neutralised?)' % want)
check_json('export json', run('export', '--format', 'json', path, ok=(0,)), default)
check_json('export json of the original', run('export', '--format', 'json', path + '@original', ok=(0,)),
           superseded)

# diff: the edition before the layer against the last
older, newer = path + '@first', path
for fmt in ('markdown', 'html', 'json', 'text'):
    out = run('diff', older, newer, '--format', fmt)
    if fmt == 'markdown':
        check_markdown('diff markdown', out)
    elif fmt == 'html':
        check_html('diff html', out, [t for t in texts if field(t) == 'errata held en'])
    elif fmt == 'json':
        check_json('diff json', out, [t for t in texts if field(t) in ('errata held en', 'outcome held en')])
    if 'errata held' not in out:
        fail('diff %s: the changed label is not reported' % fmt)

# verify: one file (its checks), and the file against itself
for fmt in ('html', 'json'):
    for args in ((path,), (path, path)):
        out = run('verify', *args, '--format', fmt)
        # Against itself, verify quotes each label as possibly untranslated.
        quoted = [t for t in default if field(t) == 'title en'] if len(args) == 2 else []
        if fmt == 'html':
            check_html('verify html', out, quoted)
        else:
            check_json('verify json', out, quoted)

# odds: the labels of the outcomes in every format
for fmt in ('markdown', 'csv', 'json'):
    out = run('odds', path, 'assault', '--format', fmt, ok=(0,))
    {'markdown': check_markdown, 'csv': lambda w, o: [check_csv(w, o)] if "'" in o else None,
     'json': lambda w, o: check_json(w, o, [])}[fmt]('odds ' + fmt, out)

# ---- C: compiles, and its strings are the text exactly ----

cdir = os.path.join(tmp, 'c')
run('compile', path, '-o', cdir, ok=(0,))
cc = shutil.which('cc') or shutil.which('gcc')
gen_c = os.path.join(cdir, 'hostile.c')
if not os.path.exists(gen_c):
    fail('compile wrote no hostile.c')
elif cc:
    inc = ['-I', cdir, '-I', os.path.join(root, 'runtime')]
    r = subprocess.run([cc, '-std=c11', '-trigraphs', '-Wall', '-Wextra', '-Wtrigraphs', '-Werror', '-pedantic',
                        '-c', gen_c, '-o', os.path.join(tmp, 'hostile.o')] + inc, capture_output=True)
    if r.returncode:
        fail('the generated C does not compile: %s' % r.stderr.decode(errors='replace')[:2000])
    code = open(gen_c, encoding='utf-8').read()
    for ch in ('\u202e', '\u2066', '\u2069', '\u2028'):
        if ch in code:
            fail('the generated C holds U+%04X raw' % ord(ch))
    # The literals, not what a comment holds (the text itself holds "*/").
    literals = [m.group(0) for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|/\*.*?\*/|//[^\n]*', code, re.S)
                if m.group(0).startswith('"')]
    prog = os.path.join(tmp, 'strings.c')
    with open(prog, 'w', encoding='utf-8') as f:
        f.write('#include <stdio.h>\n#include <string.h>\nstatic const char *const s[] = {\n')
        f.write(',\n'.join(literals))
        f.write('\n};\nint main(void)\n{\n\tfor (size_t i = 0; i < sizeof s / sizeof *s; i++)\n'
                '\t\tfwrite(s[i], 1, strlen(s[i]) + 1, stdout);\n\treturn 0;\n}\n')
    exe = os.path.join(tmp, 'strings')
    r = subprocess.run([cc, '-std=c11', '-trigraphs', '-Wtrigraphs', '-Werror', prog, '-o', exe], capture_output=True)
    if r.returncode:
        fail('the strings of the generated C do not compile: %s' % r.stderr.decode(errors='replace')[:2000])
    else:
        printed = set(subprocess.run([exe], capture_output=True).stdout.decode('utf-8').split('\0'))
        for t in default:
            if t not in printed:
                fail('the generated C does not hold the text %r exactly' % field(t))

if chromium:
    browser.close()
shutil.rmtree(tmp)
if failures:
    print('\n'.join(failures[:60]))
    print('%d failures' % len(failures))
    sys.exit(1)
print('escape: %d hostile texts through every writer' % len(texts))
