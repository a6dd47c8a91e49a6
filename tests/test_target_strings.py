#!/usr/bin/env python3
"""Hostile strings through every target, read back byte for byte.

A ruleset whose title, an outcome's label and its rule reference hold every
character that reorders a line (the bidirectional controls, U+0085, U+2028,
U+2029), a quote, a backslash, a comment's end, a tab, a line break and text
of three scripts. Each target's module (Python, JavaScript as ECMAScript and
as CommonJS, Lua 5.1, 5.4 and LuaJIT, C# compiled by mcs, and the C of
rtab compile built with -Wall -Wextra -Werror: gcc warns of a raw
bidirectional control) is run by a host program that reads them through
the module's own API (label, rule, title; rtab_label and rtab_rule in C)
and writes them out; each must be the text exactly. The outcome has no
label in the second locale: every target gives the first locale's, as
rtab_label does. A tool that is missing is skipped (exit 77 when none is
there, unless RTAB_REQUIRE_TOOLS=1).

usage: test_target_strings.py RTAB SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
require = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
REORDERING = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u0085\u2028\u2029'
HOSTILE = 'access\u202e \u2066// admin\u2069 */ "quoted" \\back\\slash\\ tab\tline\n ' + REORDERING + \
    ' «ру» ελ 中 end'
TITLE, LABEL, RULE = 'T ' + HOSTILE, 'L ' + HOSTILE, 'R ' + HOSTILE
# What each host writes: the title, the label in each locale and the rule, NUL between them.
WANT = '\0'.join([TITLE, LABEL, LABEL, RULE])


def literal(text):
    return '"' + ''.join({'\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t'}.get(c, c) for c in text) + '"'


SOURCE = '''ruleset hostile { locales en, ru; en %s; }
dice d6 = 1d6;
outcome hit @ %s { en %s; }
table shot { en "Shot"; ru "Выстрел"; roll d6; rows { hit 1-6; } }
''' % (literal(TITLE), literal(RULE), literal(LABEL))

PY = '''import sys
sys.path.insert(0, sys.argv[1])
import hostile as m
out = [m.title('en'), m.label('outcomes', 'hit', 'en'), m.label('outcomes', 'hit', 'ru'), m.rule('outcomes', 'hit', 'en')]
sys.stdout.buffer.write('\\0'.join(out).encode('utf-8'))
'''
JS = '''import { createRequire } from 'node:module';
const path = process.argv[2];
const m = path.endsWith('.cjs') ? createRequire(import.meta.url)(path) : (await import(path)).default;
const out = [m.title('en'), m.label('outcomes', 'hit', 'en'), m.label('outcomes', 'hit', 'ru'), m.rule('outcomes', 'hit', 'en')];
process.stdout.write(Buffer.from(out.join('\\0'), 'utf8'));
'''
LUA = '''package.path = arg[1] .. "/?.lua;" .. package.path
local m = require("hostile")
io.write(m:title("en"), "\\0", m:label("outcomes", "hit", "en"), "\\0", m:label("outcomes", "hit", "ru"), "\\0",
         m:rule("outcomes", "hit", "en"))
'''
CS = '''using System;
using System.Text;
using Rtab.Hostile;
public static class Host
{
    public static int Main()
    {
        var rs = Rules.Ruleset;
        var text = string.Join("\\0", new[] { rs.Title("en"), rs.Label(OutcomeName.Hit, "en"), rs.Label(OutcomeName.Hit, "ru"),
                                              rs.Rule(OutcomeName.Hit, "en") });
        var bytes = new UTF8Encoding(false).GetBytes(text);
        using (var o = Console.OpenStandardOutput()) o.Write(bytes, 0, bytes.Length);
        return 0;
    }
}
'''
C = '''#include "hostile.h"
#include <stdio.h>
#include <string.h>
static void put(const char *s, int last)
{
\tfwrite(s, 1, strlen(s), stdout);
\tif (!last)
\t\tfputc(0, stdout);
}
int main(void)
{
\tconst rtab_ruleset *rs = &hostile_ruleset;
\tput(rtab_label(rs, rs->title, 0), 0);
\tput(rtab_label(rs, rs->outcomes[0].labels, 0), 0);
\tput(rtab_label(rs, rs->outcomes[0].labels, 1), 0);
\tput(rtab_rule(rs, rs->outcomes[0].rule, rs->outcomes[0].rules, 0), 1);
\treturn 0;
}
'''

failures, skipped, ran = [], [], []


def have(tool):
    return shutil.which(tool) is not None


def check(name, cmd, cwd):
    p = subprocess.run(cmd, capture_output=True, cwd=cwd, timeout=300)
    if p.returncode != 0:
        failures.append('%s: exit %d: %s' % (name, p.returncode, (p.stdout + p.stderr)[:800]))
        return
    try:
        got = p.stdout.decode('utf-8')
    except UnicodeDecodeError as e:
        failures.append('%s: not UTF-8: %s' % (name, e))
        return
    for what, g, w in zip(('title', 'label en', 'label ru (the first locale\'s)', 'rule'),
                          got.split('\0'), WANT.split('\0')):
        if g != w:
            failures.append('%s: the %s is %r, not %r' % (name, what, g, w))
    if got.count('\0') != WANT.count('\0'):
        failures.append('%s: wrote %r' % (name, got[:300]))
    ran.append(name)


with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, 'hostile.rtab')
    with open(src, 'w', encoding='utf-8') as f:
        f.write(SOURCE)
    for target in ('c', 'python', 'ts', 'lua', 'csharp'):
        p = subprocess.run([rtab, 'compile', '--target', target, src, '-o', tmp], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit('rtab compile --target %s: %s' % (target, p.stderr[:500]))
    for name in sorted(os.listdir(tmp)):
        if name.startswith('hostile') and not name.endswith('.rtab'):
            with open(os.path.join(tmp, name), encoding='utf-8') as f:
                raw = sorted({'U+%04X' % ord(c) for c in f.read() if c in REORDERING})
            if raw:
                failures.append('%s holds raw %s' % (name, ', '.join(raw)))

    def host(name, text):
        path = os.path.join(tmp, name)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        return path

    check('python', [sys.executable, host('host.py', PY), tmp], tmp)
    if have('node'):
        check('node .mjs', ['node', host('host.mjs', JS), os.path.join(tmp, 'hostile.mjs')], tmp)
        check('node .cjs', ['node', host('host.mjs', JS), os.path.join(tmp, 'hostile.cjs')], tmp)
    else:
        skipped.append('node')
    for lua in ('lua5.1', 'lua5.4', 'luajit'):
        if have(lua):
            check(lua, [lua, host('host.lua', LUA), tmp], tmp)
        else:
            skipped.append(lua)
    if have('mcs') and have('mono'):
        exe = os.path.join(tmp, 'host.exe')
        p = subprocess.run(['mcs', '-nologo', '-warnaserror+', '-out:' + exe, host('Host.cs', CS),
                            os.path.join(tmp, 'hostile.cs')], capture_output=True, text=True)
        if p.returncode != 0:
            failures.append('mcs: %s' % (p.stdout + p.stderr)[:800])
        else:
            check('C#', ['mono', exe], tmp)
    else:
        skipped.append('mcs/mono')
    cc = shutil.which('gcc') or shutil.which('cc')
    if cc:
        exe = os.path.join(tmp, 'host_c')
        p = subprocess.run([cc, '-std=c11', '-Wall', '-Wextra', '-Werror', '-I', tmp, '-I',
                            os.path.join(root, 'runtime'), host('host.c', C), os.path.join(tmp, 'hostile.c'),
                            os.path.join(root, 'runtime', 'rtab.c'), '-o', exe], capture_output=True, text=True)
        if p.returncode != 0:
            failures.append('%s -Werror on the generated C: %s' % (cc, (p.stdout + p.stderr)[:800]))
        else:
            check('C', [exe], tmp)
    else:
        skipped.append('cc')

for s in skipped:
    print('skipped: %s missing' % s)
for f in failures:
    print('FAIL ' + f)
if failures or (require and skipped):
    sys.exit(1)
if not ran:
    sys.exit(77)
print('ok: %s read the hostile title, labels and rule back exactly' % ', '.join(ran))
