#!/usr/bin/env python3
"""The low findings of the third robustness review, each as a user meets it:

- `rtab fmt` lays out a 'rows' header line that holds a comment (it refused
  the file), and keeps the cells of a grid line holding an inline comment
  in their columns;
- no character that reorders a line (bidirectional controls, U+0085,
  U+2028, U+2029) stands raw in the generated code of any target, and the
  C strings still hold the text exactly;
- a label or reason cannot open a block (a heading, a list, a quote, a
  code fence, a rule) in the Markdown export or the player aid;
- `rtab vectors` writes the vectors of a natural rule with each face on its
  own die when the dice are of several kinds (1d6 + 1d10), and every
  vector is one the resolver accepts.

usage: test_robust_round3.py RTAB SOURCE_ROOT
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
failures = []
tmp = tempfile.mkdtemp(prefix='rtab_round3_')


def fail(msg):
    failures.append(msg)
    print('FAIL ' + msg)


def write(name, text):
    path = os.path.join(tmp, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


def run(*args):
    return subprocess.run([rtab, *args], capture_output=True, cwd=root)


HEAD = '''ruleset f { locales en; en "F"; }
dice d6 = 1d6;
enum side { en "Side"; a { en "A"; } b { en "B"; } }
input s: side = a { en "S"; }
outcome hit { en "Hit"; }
outcome miss { en "Miss"; }
'''

# ---- fmt: a comment on a 'rows' header line, an inline comment in a grid ----
rows = write('rows.rtab', HEAD + '''table t {
  en "T";
  roll d6;
  columns by s;
  rows {
    a b   // the columns
    hit <=3 <=2;
    miss >=4 >=3;
  }
}
''')
p = run('fmt', rows)
out = p.stdout.decode()
if p.returncode != 0:
    fail('fmt refuses a rows header line with a comment: %s' % p.stderr.decode()[:300])
else:
    lines = [l for l in out.split('\n') if 'the columns' in l]
    if len(lines) != 1 or not re.match(r'^\s+a\s+b\s+// the columns$', lines[0]):
        fail('fmt: the header line and its comment are not one line: %r' % lines)
    again = subprocess.run([rtab, 'fmt', '-'], input=p.stdout, capture_output=True)
    if again.stdout != p.stdout:
        fail('fmt of a rows header with a comment is not idempotent')
    first = [l for l in out.split('\n') if l.strip().startswith('hit')]
    if lines and first and lines[0].index(' a ') + 1 != first[0].index('<=3'):
        fail('fmt: the column id a does not stand over its column:\n%s\n%s' % (lines[0], first[0]))

grid = write('grid.rtab', HEAD + '''table g {
  en "G";
  roll d6;
  columns by s;
  grid {
          a    b
    1-3  hit /* low rolls */ miss
    4-6  miss hit
  }
}
''')
p = run('fmt', grid)
out = p.stdout.decode()
if p.returncode != 0:
    fail('fmt refuses a grid line with an inline comment: %s' % p.stderr.decode()[:300])
else:
    by_start = {l.split()[0]: l for l in out.split('\n') if l.strip() and l.split()[0] in ('a', '1-3', '4-6')}
    head, low, high = by_start.get('a', ''), by_start.get('1-3', ''), by_start.get('4-6', '')
    # The rolls in one column, each cell under its column's id.
    if not (low and high and head) or low.index('1-3') != high.index('4-6') or \
            low.rindex('miss') != head.index('b') or high.index('miss') != head.index('a') or \
            '/* low rolls */' not in low:
        fail('fmt misaligns a grid line holding an inline comment:\n%s' % '\n'.join([head, low, high]))
    if run('check', grid).returncode != 0:
        fail('the grid with an inline comment does not check')

# ---- characters that reorder a line, in the code of every target ----
REORDERING = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069',
              '\u200e', '\u200f', '\u061c', '\u0085', '\u2028', '\u2029']
trojan = 'access\u202e \u2066// admin\u2069 \u2066' + ''.join(REORDERING) + ' end'
bidi = write('bidi.rtab', '''ruleset bidi { locales en; en "%s"; }
dice d6 = 1d6;
outcome hit { en "%s"; }
table t { en "T"; roll d6; rows { hit 1-6; } }
''' % (trojan, trojan))
outdir = os.path.join(tmp, 'bidi_out')
for target in ('c', 'python', 'js', 'ts', 'lua', 'csharp'):
    p = run('compile', '--target', target, bidi, '-o', outdir)
    if p.returncode != 0:
        fail('compile --target %s: %s' % (target, p.stderr.decode()[:300]))
for name in sorted(os.listdir(outdir)):
    with open(os.path.join(outdir, name), encoding='utf-8') as f:
        code = f.read()
    raw = sorted({'U+%04X' % ord(c) for c in code if c in REORDERING})
    if raw:
        fail('%s holds raw %s' % (name, ', '.join(raw)))
cc = shutil.which('cc') or shutil.which('gcc')
if cc and os.path.exists(os.path.join(outdir, 'bidi.c')):
    prog = write('bidi_main.c', '#include "bidi.h"\n#include <stdio.h>\n#include <string.h>\n'
                 'int main(void)\n{\n\tconst char *s = bidi_ruleset.outcomes[0].labels[0];\n'
                 '\tfwrite(s, 1, strlen(s), stdout);\n\treturn 0;\n}\n')
    exe = os.path.join(tmp, 'bidi_main')
    p = subprocess.run([cc, '-std=c11', '-I', outdir, '-I', os.path.join(root, 'runtime'), prog,
                        os.path.join(outdir, 'bidi.c'), os.path.join(root, 'runtime', 'rtab.c'), '-o', exe],
                       capture_output=True)
    if p.returncode:
        fail('the generated C does not build: %s' % p.stderr.decode()[:500])
    elif subprocess.run([exe], capture_output=True).stdout.decode('utf-8') != trojan:
        fail('the generated C does not hold the label exactly')

# ---- Markdown: no block opened by a label or a reason ----
INJECTED = ['# injected heading', '- injected item', '+ injected item', '* injected item',
            '> injected quote', '1. injected list', '2) injected list', '```injected fence',
            '~~~injected fence', '=== injected', '--- injected', '   # injected indented']


def q(t):
    return '"' + t.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


md_src = write('md.rtab', '''ruleset md { locales en; en %s; }
dice d6 = 1d6;
enum arm { en "Arm"; foot { en "Foot"; } horse { en "Horse"; } }
input attacker: arm = horse { en "Attacker"; }
matrix arms(attacker: arm) { en "Arms"; default 0; horse = +1 provisional %s; }
modifier matchup { en "Matchup"; value arms(attacker); }
outcome hit { en %s; }
outcome miss { en "Miss"; }
table t {
  en %s;
  roll d6;
  modifiers matchup;
  cap -1..1;
  rows { hit <=3 provisional %s; miss >=4 provisional %s; }
}
''' % (q(INJECTED[0]), q('why\n' + '\n'.join(INJECTED)), q(INJECTED[4]), q(INJECTED[5]),
       q('\n'.join(INJECTED)), q('why\n' + '\n'.join(INJECTED))))
for args in (('export', '--format', 'markdown', md_src), ('export', '--format', 'markdown', '--proof', md_src)):
    p = run(*args)
    if p.returncode != 0:
        fail('%s: exit %d: %s' % (' '.join(args[:4]), p.returncode, p.stderr.decode()[:300]))
        continue
    text = p.stdout.decode()
    seen = 0
    for line in text.split('\n'):
        if 'injected' not in line:
            continue
        seen += 1
        # The writer's own headings hold labels too: a label at the start
        # of a line is what would open a block.
        if any(line.lstrip().startswith(t.lstrip()) for t in INJECTED):
            fail('%s: a label opens a block: %r' % (' '.join(args[:4]), line))
    if not seen:
        fail('%s: the labels are not there' % ' '.join(args[:4]))

# ---- vectors: natural-rule faces on their own dice ----
mixed = write('mixed.rtab', '''ruleset r { locales en; en "R"; }
dice mixed = 1d6 + 1d10;
outcome a { en "A"; }
outcome crit { en "Crit"; }
table t { en "T"; roll mixed; natural 1, 10 -> crit; natural 2, 9 -> crit; rows { a 2-16; } }
''')
p = run('vectors', mixed)
if p.returncode != 0:
    fail('vectors of mixed dice: %s' % p.stderr.decode()[:300])
vectors = [json.loads(l) for l in p.stdout.decode().splitlines() if l.strip()]
naturals = [v for v in vectors if v.get('natural_rule')]
if not naturals:
    fail('vectors of mixed dice: no vector of the natural rules')
for v in vectors:
    faces = v.get('faces', [])
    if len(faces) != 2 or not (1 <= faces[0] <= 6 and 1 <= faces[1] <= 10):
        fail('vectors of mixed dice: faces %s outside their dice (1d6 + 1d10): %s' % (faces, json.dumps(v)[:200]))
        break
if sorted(sorted(v['faces']) for v in naturals if v.get('natural_rule')) != \
        sorted(sorted(v['faces']) for v in naturals):
    fail('vectors of mixed dice: a natural-rule vector the rule does not decide')
seen_faces = [(tuple(v['faces']), v['drm']) for v in naturals]
if len(seen_faces) != len(set(seen_faces)):
    fail('vectors of mixed dice: a natural-rule vector written twice: %s' % sorted(seen_faces))
if not {tuple(sorted(v['faces'])) for v in naturals} >= {(1, 10), (2, 9)}:
    fail('vectors of mixed dice: not every natural rule has its vectors: %s' % [v['faces'] for v in naturals])

shutil.rmtree(tmp)
if failures:
    print('%d failures' % len(failures))
    sys.exit(1)
print('round 3: fmt comments, reordering characters, Markdown blocks, mixed dice')
