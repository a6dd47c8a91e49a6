#!/usr/bin/env python3
"""rtab conform drives a port as a child process: the reference port agrees
on every bundled ruleset; a port that is wrong is shown the vector, the
rule and the fields; a port that reads all its input before it answers
agrees too; a port that dies, hangs, does not read its input or prints
garbage is an error that names the vector.

usage: test_conform.py RTAB SOURCE_ROOT
"""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.chdir(root)
port = os.path.join(root, 'examples', 'port-python', 'rtab_port.py')
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL ' + msg)


def conform(path, command, *options, timeout=120):
    return subprocess.run([rtab, 'conform', path, *options, '--', *command],
                          capture_output=True, text=True, timeout=timeout)


with tempfile.TemporaryDirectory() as tmp:
    exports = {}

    def reference(path):
        exports[path] = os.path.join(tmp, os.path.basename(path) + '.json')
        subprocess.run([rtab, 'export', '--format', 'json', path, '-o', exports[path]], check=True)
        return conform(path, [sys.executable, port, exports[path], '--conform'])

    paths = sorted(glob.glob('tables/*.rtab')) + ['tests/golden/exact_halves.rtab']
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(reference, paths))
    for path, p in zip(paths, answers):
        if p.returncode != 0 or 'the port agrees on every one' not in p.stdout:
            fail('%s: the reference port does not conform (exit %d): %s%s' % (path, p.returncode, p.stdout[:2000], p.stderr))
        else:
            print('ok: %s: %s' % (path, p.stdout.strip()))

    mp, mp_json = 'tables/musket_pike.rtab', exports['tables/musket_pike.rtab']
    # NAMEs and --exhaustive pick the vectors as rtab vectors does.
    p = conform(mp, [sys.executable, port, mp_json, '--conform'], 'cavalry_pursuit')
    count = len(subprocess.run([rtab, 'vectors', mp, 'cavalry_pursuit'], capture_output=True, text=True,
                               check=True).stdout.splitlines())
    if p.returncode != 0 or not p.stdout.startswith('%d vectors of musket_pike' % count):
        fail('one table: %s %s' % (p.stdout, p.stderr))

    # A port with a modifier on the wrong side: the vector, the rule, the field.
    with open(port, encoding='utf-8') as f:
        source = f.read()
    planted = "'signed': -value if m['sign'] < 0 else value"
    assert planted in source
    wrong = os.path.join(tmp, 'wrong_side.py')
    with open(wrong, 'w', encoding='utf-8') as f:
        f.write(source.replace(planted, "'signed': value"))
    p = conform(mp, [sys.executable, wrong, mp_json, '--conform'])
    if p.returncode != 1 or 'vector ' not in p.stdout or '(table melee, rule ' not in p.stdout or \
            '  modifier: expected -1, got 1' not in p.stdout or ' vectors of musket_pike differ' not in p.stdout:
        fail('a modifier on the wrong side is not shown (exit %d): %s' % (p.returncode, p.stdout[:1500]))

    # A port that keeps the wrong member of a stacking group: the vectors hold
    # a situation where the two members apply with different values, also when
    # their values read inputs that default alike (tests/groups/pair_values.rtab).
    # The comparison turned around, ties kept as before (the first member).
    planted = "j_better = b > a if mi['sign'] > 0 else b < a"
    assert planted in source
    swapped = os.path.join(tmp, 'swapped.py')
    with open(swapped, 'w', encoding='utf-8') as f:
        f.write(source.replace(planted, "j_better = b < a if mi['sign'] > 0 else b > a"))
    pv = 'tests/groups/pair_values.rtab'
    pv_json = os.path.join(tmp, 'pair_values.json')
    subprocess.run([rtab, 'export', '--format', 'json', pv, '-o', pv_json], check=True)
    p = conform(pv, [sys.executable, port, pv_json, '--conform'])
    if p.returncode != 0 or 'the port agrees on every one' not in p.stdout:
        fail('pair_values: the reference port does not conform (exit %d): %s' % (p.returncode, p.stdout[:1500]))
    p = conform(pv, [sys.executable, swapped, pv_json, '--conform'])
    if p.returncode != 1 or 'counted: ' not in p.stdout and 'applied: ' not in p.stdout:
        fail('a port keeping the wrong member of a group is not caught (exit %d): %s' % (p.returncode, p.stdout[:1500]))

    # A port that ignores the rewrites (11.7.4's "already eliminated" among them):
    # the report names the rule that decided and the inputs set off their defaults.
    planted = "if rw['from'] != outcome:"
    assert source.count(planted) == 1
    wrong = os.path.join(tmp, 'no_rewrites.py')
    with open(wrong, 'w', encoding='utf-8') as f:
        f.write(source.replace(planted, "if True:"))
    p = conform(mp, [sys.executable, wrong, mp_json, '--conform'], 'cavalry_pursuit')
    shown = re.search(r'vector \d+ \(table cavalry_pursuit, rule 11\.7\.2; decided by rule 11\.7\.4\): .*\n'
                      r'  set: (.*); the others at their defaults\n', p.stdout)
    if p.returncode != 1 or not shown or 'earlier_pursue_and_eliminate = true (default false)' not in shown.group(1) or \
            '  rule: expected "11.7.4", got "11.7.2"' not in p.stdout:
        fail('a port without rewrites: the deciding rule and the inputs set are not shown (exit %d): %s' % (
            p.returncode, p.stdout[:1500]))

    # A port that reads all its input before it answers (the situations are
    # written ahead of the answers, then its input closed): it agrees; one that
    # reads it all and never answers is still an error after --timeout.
    p = conform(mp, ['sh', '-c', 'all=$(cat); printf "%s\\n" "$all" | "$0" "$@"', sys.executable, port, mp_json,
                     '--conform'], '--timeout', '5')
    if p.returncode != 0 or 'the port agrees on every one' not in p.stdout:
        fail('a port that reads all its input first: exit %d, %s %s' % (p.returncode, p.stdout[:500], p.stderr[:500]))
    p = conform(mp, ['sh', '-c', 'cat >/dev/null; exec sleep 30'], '--timeout', '1', timeout=60)
    if p.returncode != 1 or 'the port gave no answer to vector 1 (table melee) within 1 s' not in p.stderr:
        fail('a port that reads all and never answers: exit %d, %s %s' % (p.returncode, p.stdout[:500], p.stderr[:500]))

    # Ports that fail: each an error naming the first vector.
    cases = [
        ('dies', ['sh', '-c', 'exit 3'], [], 'the port ended without answering vector 1 (table melee)'),
        ('garbage', ['sh', '-c', 'read x; echo garbage; cat >/dev/null'], [],
         "the port's answer to vector 1 (table melee) is not a JSON object"),
        ('hangs', ['sh', '-c', 'exec sleep 30'], ['--timeout', '1'],
         'the port gave no answer to vector 1 (table melee) within 1 s'),
        ('missing', [os.path.join(tmp, 'no-such-port')], [], "cannot run '"),
        ('exits 4', ['sh', '-c', '"$0" "$@"; exit 4', sys.executable, port, mp_json, '--conform'],
         ['cavalry_pursuit'], 'the port ended with exit status 4 after its answers'),
    ]
    # A port that answers without reading its input: once the pipe to it is
    # full, --timeout ends the wait to write, as it ends the wait to read.
    try:
        p = conform(mp, ['sh', '-c', 'exec yes "{}"'], '--timeout', '1', timeout=60)
        if p.returncode != 1 or 'the port does not read its input: vector ' not in p.stdout + p.stderr \
                or 'within 1 s (--timeout)' not in p.stdout + p.stderr:
            fail('a port that does not read: exit %d, %s %s' % (p.returncode, p.stdout[-500:], p.stderr[:500]))
    except subprocess.TimeoutExpired:
        fail('a port that does not read: rtab conform still waits to write after 60 s')
    for name, command, options, message in cases:
        p = conform(mp, command, *options)
        if p.returncode != 1 or message not in p.stdout + p.stderr:
            fail('a port that %s: exit %d, %s %s' % (name, p.returncode, p.stdout[:500], p.stderr[:500]))
    # Bad usage: no command.
    p = subprocess.run([rtab, 'conform', mp], capture_output=True, text=True)
    if p.returncode != 2 or "give the port's command after '--'" not in p.stderr:
        fail('no command: exit %d %s' % (p.returncode, p.stderr))

if failures:
    print('%d failures' % len(failures))
    sys.exit(1)
