#!/usr/bin/env python3
"""A melee and the pursuits it triggers, through the generated API alone:
examples/targets/pursuit.py, pursuit.mjs, pursuit.lua (Lua 5.1, 5.4 and
LuaJIT) and Pursuit.cs (mcs and mono) follow the chain of a Musket & Pike
melee with three cavalry units (the example of Cavalry Pursuit 11.7.4) with
the module of their language. For every face of the melee die and several
rolls of the pursuit die, every program prints the same lines, and each
line is what rtab eval gives for that step in the situation the step says
it was passed (the melee's, with the inputs its trigger sets). Exit 77
without node, lua, mcs and mono (unless RTAB_REQUIRE_TOOLS=1).

usage: test_target_pursuit.py RTAB SOURCE_ROOT
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.chdir(root)
ruleset = 'tables/musket_pike.rtab'
# What the programs set (examples/targets/pursuit.*).
situation = {'game': 'tacw', 'attacker_type': 'cuirassiers', 'attacker_cavalry_units': '3',
             'defender_type': 'heavy_infantry', 'defender_morale': '4'}
tools = ['node', 'lua5.1', 'luajit', 'lua5.4', 'mcs', 'mono']
missing = [t for t in tools if not shutil.which(t)]
if missing and os.environ.get('RTAB_REQUIRE_TOOLS') == '1':
    print('FAIL missing: %s' % ', '.join(missing))
    sys.exit(1)
STEP = re.compile(r'^(table|reactions|transition|distance|procedure) (\w+), trigger (\d+), repeat (\d+) '
                  r'\(([^)]*)\): (\S+)')
failures = []


def evaluate(name, given, face=None):
    cmd = [rtab, 'eval', ruleset, name, '--json']
    for k, v in given.items():
        cmd += ['--set', '%s=%s' % (k, v)]
    if face is not None:
        cmd += ['--roll', str(face)]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)


with tempfile.TemporaryDirectory() as out:
    for target in ('python', 'js', 'lua', 'csharp'):
        subprocess.run([rtab, 'compile', '--target', target, ruleset, '-o', out], check=True)
    programs = {
        'python': [sys.executable, 'examples/targets/pursuit.py'],
        'node': ['node', 'examples/targets/pursuit.mjs', os.path.join(out, 'musket_pike.mjs')],
    }
    for lua in ('lua5.1', 'luajit', 'lua5.4'):
        programs[lua] = [lua, 'examples/targets/pursuit.lua', out]
    if shutil.which('mcs') and shutil.which('mono'):
        exe = os.path.join(out, 'pursuit.exe')
        subprocess.run(['mcs', '-nologo', '-warnaserror+', '-out:' + exe,
                        'examples/targets/Pursuit.cs', os.path.join(out, 'musket_pike.cs')], check=True)
        programs['mono'] = ['mono', exe]
    programs = {k: v for k, v in programs.items() if shutil.which(v[0])}
    env = dict(os.environ, PYTHONPATH=out)
    checked = pursuits = 0
    rolls = [('3', '3', '6'), ('6', '3', '3'), ('0', '9', '4')]
    for face in range(0, 10):
        melee = evaluate('melee', situation, face)
        for dice in rolls:
            def run(name, face=face, dice=dice):
                p = subprocess.run(programs[name] + [str(face), *dice], capture_output=True, text=True, env=env)
                return name, p.stdout if p.returncode == 0 else 'exit %d: %s' % (p.returncode, p.stderr)
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                outputs = dict(pool.map(run, programs))
            where = 'melee die %d, pursuit dice %s' % (face, ' '.join(dice))
            if len(set(outputs.values())) != 1:
                failures.append('%s: the programs differ: %s' % (where, outputs))
            lines = outputs['python'].splitlines()
            if not lines or not lines[0].endswith(': %s (rule %s)' % (melee['outcome'], '11.0')):
                failures.append('%s: %r, rtab eval gives %s' % (where, lines[:1], melee['outcome']))
                continue
            tables = 0
            for line in lines[1:]:
                m = STEP.match(line)
                if not m:
                    failures.append('%s: %r is no step' % (where, line))
                    continue
                kind, name, got = m.group(1), m.group(2), m.group(6)
                given = dict(situation)
                for pair in filter(None, m.group(5).split(', ')):
                    k, _, v = pair.partition('=')
                    given[k] = v
                if kind == 'table':
                    want = evaluate(name, given, dice[tables] if tables < len(dice) else None)['outcome']
                    tables += 1
                    pursuits += name == 'cavalry_pursuit'
                elif kind == 'transition':
                    want = evaluate(name, given).get('state')
                else:
                    continue
                if got != want:
                    failures.append('%s: %r, rtab eval gives %s' % (where, line, want))
            if melee['triggers'].count('cavalry_pursuit') != sum(l.startswith('table cavalry_pursuit') for l in lines):
                failures.append('%s: the pursuits are not the %d the melee triggers' % (
                    where, melee['triggers'].count('cavalry_pursuit')))
            checked += 1
    # The worked example of 11.7.4: the first unit rolls 3 and eliminates the
    # broken unit, the second rolls 3 but the unit is already eliminated, so it
    # breaks off; the third rolls 6 and pursues off the map.
    example = subprocess.run(programs['python'] + ['6', '3', '3', '6'], capture_output=True, text=True,
                             env=env).stdout.splitlines()
    said = [STEP.match(l).group(6) for l in example[1:4] if STEP.match(l)]
    if not example or 'defender_broken' not in example[0] or said != ['pursue_and_eliminate', 'break_off', 'pursue_off_map']:
        failures.append('the example of 11.7.4 is not followed: %s' % example)
    print('%d chains (%d pursuits), %d programs (%s) agree with rtab eval' % (
        checked, pursuits, len(programs), ', '.join(programs)))
for f in failures[:20]:
    print('FAIL ' + f)
sys.exit(1 if failures else (77 if len(programs) == 1 else 0))
