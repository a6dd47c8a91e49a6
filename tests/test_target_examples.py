#!/usr/bin/env python3
"""The game-shaped examples of examples/targets/ resolve a melee through the
modules rtab compile --target writes (Melee.cs compiled by mcs with the C#
module): for every face of the die, each prints the same line, whose outcome
is the one rtab eval gives. Exit 77 without node, lua, mcs and mono (unless
RTAB_REQUIRE_TOOLS=1).

usage: test_target_examples.py RTAB SOURCE_ROOT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.chdir(root)
ruleset = 'tables/musket_pike.rtab'
situation = ['--set', 'attacker_type=cuirassiers', '--set', 'attacker_cavalry_units=1', '--set', 'attacker_leaders=1',
             '--set', 'defender_type=heavy_infantry', '--set', 'defender_morale=4']
tools = ['node', 'lua5.1', 'luajit', 'lua5.4', 'mcs', 'mono']
missing = [t for t in tools if not shutil.which(t)]
if missing and os.environ.get('RTAB_REQUIRE_TOOLS') == '1':
    print('FAIL missing: %s' % ', '.join(missing))
    sys.exit(1)
failures = []
with tempfile.TemporaryDirectory() as out:
    for target in ('python', 'js', 'lua', 'csharp'):
        subprocess.run([rtab, 'compile', '--target', target, ruleset, '-o', out], check=True)
    doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', ruleset], capture_output=True,
                                    text=True, check=True).stdout)
    labels = {o['id']: o['labels'] for o in doc['outcomes']}
    examples = {
        'python': [sys.executable, 'examples/targets/melee.py'],
        'node': ['node', 'examples/targets/melee.mjs', os.path.join(out, 'musket_pike.mjs')],
    }
    for lua in ('lua5.1', 'luajit', 'lua5.4'):
        examples[lua] = [lua, 'examples/targets/melee.lua', out]
    if shutil.which('mcs') and shutil.which('mono'):
        exe = os.path.join(out, 'melee.exe')
        subprocess.run(['mcs', '-nologo', '-warnaserror+', '-out:' + exe, 'examples/targets/Melee.cs',
                        os.path.join(out, 'musket_pike.cs')], check=True)
        examples['mono'] = ['mono', exe]
    examples = {k: v for k, v in examples.items() if shutil.which(v[0])}
    env = dict(os.environ, PYTHONPATH=out)
    checked = 0
    for face in range(0, 10):
        want = json.loads(subprocess.run([rtab, 'eval', ruleset, 'melee', *situation, '--roll', str(face), '--json'],
                                         capture_output=True, text=True, check=True).stdout)
        for locale in ('en', 'ru'):
            lines = {}
            for name, command in examples.items():
                p = subprocess.run(command[:1] + command[1:] + [str(face), locale], capture_output=True, text=True,
                                   env=env)
                lines[name] = p.stdout.strip() if p.returncode == 0 else 'exit %d: %s' % (p.returncode, p.stderr)
            if len(set(lines.values())) != 1:
                failures.append('face %d %s: the examples differ: %s' % (face, locale, lines))
            line = lines['python']
            if ': %s; then ' % labels[want['outcome']][locale] not in line or \
                    ' = %d: ' % want['modified_roll'] not in line:
                failures.append('face %d %s: %r is not what rtab eval gives (%s)' % (face, locale, line, want['outcome']))
            checked += 1
    print('%d situations, %d examples (%s) agree with rtab eval' % (checked, len(examples), ', '.join(examples)))
for f in failures:
    print('FAIL ' + f)
sys.exit(1 if failures else (77 if len(examples) == 1 else 0))
