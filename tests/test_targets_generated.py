#!/usr/bin/env python3
"""The resolvers printed from the portable lowering (Python, JavaScript, Lua, C#)
and the hand-written reference port (examples/port-python, reading the JSON
export) pass rtab conform on rulesets the fuzzer's generator writes
(fuzz/rtab_gen.c): shapes no bundled table or fixture has (empty rule
references, odd keys, deep expressions). Every valid generated ruleset must
compile for each target and agree with the interpreter on every vector.

usage: test_targets_generated.py RTAB GEN_MAIN [N]
Exit 77 when neither node nor lua5.4 is installed (unless RTAB_REQUIRE_TOOLS=1).
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import csharp_bundle  # noqa: E402

rtab, gen = (os.path.abspath(a) for a in sys.argv[1:3])
n = int(sys.argv[3]) if len(sys.argv) > 3 else 40
PORTS = {'python': ('python3', '.py'), 'js': ('node', '.mjs'), 'lua': ('lua5.4', '.lua'), 'csharp': ('mono', '.cs')}
PORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'examples', 'port-python', 'rtab_port.py')
ports = {t: p for t, p in PORTS.items() if shutil.which(p[0]) and (t != 'csharp' or shutil.which('mcs'))}
if set(ports) <= {'python'}:
    print('SKIP: neither node nor lua5.4 is installed')
    sys.exit(1 if os.environ.get('RTAB_REQUIRE_TOOLS') == '1' else 77)

failures, valid = [], 0
# How long rtab conform waits for an answer: a port's first answer waits for
# its interpreter to start, which on a loaded machine (mono, node) may take
# longer than conform's default of 10 s.
WAIT = ['--timeout', '120']
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([gen, tmp, str(n)], check=True)
    # The generator breaks a limit on purpose now and then: those it writes that check.
    paths = [p for p in sorted(glob.glob(os.path.join(tmp, '*.rtab')))
             if subprocess.run([rtab, 'check', p], capture_output=True).returncode == 0]
    bundled = csharp_bundle.bundle(rtab, paths, os.path.join(tmp, 'csharp-all')) if 'csharp' in ports else {}
    for path in paths:
        valid += 1
        # The reference port, from the JSON export.
        export = path[:-len('.rtab')] + '.json'
        subprocess.run([rtab, 'export', '--format', 'json', path, '-o', export], check=True)
        p = subprocess.run([rtab, 'conform', path, *WAIT, '--', sys.executable, PORT, export, '--conform'],
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            failures.append('%s (the reference port): %s' % (os.path.basename(path), (p.stdout + p.stderr)[-600:]))
        for target, (tool, suffix) in ports.items():
            out = path[:-len('.rtab')] + '-' + target
            p = subprocess.run([rtab, 'compile', '--target', target, path, '-o', out], capture_output=True, text=True)
            if p.returncode != 0:
                failures.append('%s: rtab compile --target %s: %s' % (os.path.basename(path), target, p.stderr[:300]))
                continue
            (module,) = [m for m in glob.glob(os.path.join(out, '*' + suffix)) if not m.endswith('_conform.cs')]
            if target == 'csharp' and path in bundled:
                p = subprocess.run([rtab, 'conform', path, *WAIT, '--', *bundled[path]], capture_output=True, text=True,
                                   timeout=600)
                if p.returncode != 0:
                    failures.append('%s (%s): %s' % (os.path.basename(path), target, (p.stdout + p.stderr)[-600:]))
                continue
            if target == 'csharp':
                # A library: compiled with the program beside it that answers conform.
                exe = module[:-len(suffix)] + '.exe'
                p = subprocess.run(['mcs', '-nologo', '-warnaserror+', '-out:' + exe, module,
                                    module[:-len(suffix)] + '_conform.cs'], capture_output=True, text=True)
                if p.returncode != 0:
                    failures.append('%s: mcs: %s' % (os.path.basename(path), (p.stdout + p.stderr)[:600]))
                    continue
                module = exe
            p = subprocess.run([rtab, 'conform', path, *WAIT, '--', tool, module], capture_output=True, text=True,
                               timeout=600)
            if p.returncode != 0:
                failures.append('%s (%s): %s' % (os.path.basename(path), target, (p.stdout + p.stderr)[-600:]))

for f in failures:
    print('FAIL ' + f)
print('%d generated rulesets valid, %s and the reference port checked on each' % (valid, ', '.join(sorted(ports))))
sys.exit(1 if failures or valid == 0 else 0)
