#!/usr/bin/env python3
"""The speed of each rtab compile --target module: the same N melees of
tables/musket_pike.rtab (a pool of 64 situations, the faces in turn) in one
process per language, timed there in CPU time, RUNS runs each; prints one
"NAME ns CHECKSUM [HANDWRITTEN_NS]" line per language, the median run. Every
language must give the same checksum (the sum of the modified rolls and the
counts of triggers): a driver that resolves something else fails here. Then
the same for N rolls on a grid odds table, the CRT of tables/classic_odds.rtab
(odds rounded to a column, two column shifts, no attack below 1:4, the
defender eliminated without a roll from 6:1): one "crt:NAME ..." line per
language (bench/targets/driver.*, Crt.cs; handwritten_crt.*, HandwrittenCrt.cs).

Beside each module (Python, JavaScript, Lua, C#) the same melees run through a
careful hand-written port in that language that fills the same result
(bench/targets/handwritten_melee.*, HandwrittenMelee.cs): first both resolve 2 000 situations drawn
over every input the melee reads and must agree on every field of every
result (or refuse alike), then the port is timed as the module is. bench/run
reads these figures beside the native C code's.

usage: targets.py RTAB N RUNS
Exit 77 when fewer than two languages are installed (unless RTAB_REQUIRE_TOOLS=1).
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RULESET = os.path.join(ROOT, 'tables', 'musket_pike.rtab')
CRT_RULESET = os.path.join(ROOT, 'tables', 'classic_odds.rtab')

# name: (the --target, the tools, the command given the module directory); each driver
# also times the hand-written port (a last argument "handwritten") and checks that it
# agrees with the module ("agree").
DRIVERS = {
    'python': ('python', ['python3'], lambda d: ['python3', os.path.join(HERE, 'driver.py'), 'melee', d]),
    'node': ('js', ['node'], lambda d: ['node', os.path.join(HERE, 'driver.mjs'), 'melee', d]),
    'lua5.1': ('lua', ['lua5.1'], lambda d: ['lua5.1', os.path.join(HERE, 'driver.lua'), 'melee', d]),
    'lua5.4': ('lua', ['lua5.4'], lambda d: ['lua5.4', os.path.join(HERE, 'driver.lua'), 'melee', d]),
    'luajit': ('lua', ['luajit'], lambda d: ['luajit', os.path.join(HERE, 'driver.lua'), 'melee', d]),
    'mono': ('csharp', ['mcs', 'mono'], lambda d: ['mono', os.path.join(d, 'bench.exe')]),
}
# The same for the CRT (driver.* crt).
CRT_DRIVERS = {
    'python': ('python', ['python3'], lambda d: ['python3', os.path.join(HERE, 'driver.py'), 'crt', d]),
    'node': ('js', ['node'], lambda d: ['node', os.path.join(HERE, 'driver.mjs'), 'crt', d]),
    'lua5.1': ('lua', ['lua5.1'], lambda d: ['lua5.1', os.path.join(HERE, 'driver.lua'), 'crt', d]),
    'lua5.4': ('lua', ['lua5.4'], lambda d: ['lua5.4', os.path.join(HERE, 'driver.lua'), 'crt', d]),
    'luajit': ('lua', ['luajit'], lambda d: ['luajit', os.path.join(HERE, 'driver.lua'), 'crt', d]),
    'mono': ('csharp', ['mcs', 'mono'], lambda d: ['mono', os.path.join(d, 'crt.exe')]),
}
# Each bench: its ruleset, its drivers, the C# program's sources beside the module (bench/targets/).
BENCHES = {
    'melee': (RULESET, DRIVERS, 'bench.exe', 'BenchMelee', ['Melee.cs', 'BenchCommon.cs', 'HandwrittenMelee.cs']),
    'crt': (CRT_RULESET, CRT_DRIVERS, 'crt.exe', 'BenchCrt', ['Crt.cs', 'BenchCommon.cs', 'HandwrittenCrt.cs']),
}


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


HANDWRITTEN = {'python', 'node', 'lua5.1', 'lua5.4', 'luajit', 'mono'}
AGREE = 2000


def timed(name, command, n, runs, mode=()):
    """The median ns per resolution and the checksum of one driver's runs."""
    p = subprocess.run(command + [str(n), str(runs)] + list(mode), capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit('bench/targets: %s failed (%d):\n%s' % (name, p.returncode, p.stderr))
    lines = [line.split() for line in p.stdout.splitlines()]
    sums = {int(c) for _, c in lines}
    if len(lines) != runs or len(sums) != 1:
        sys.exit('bench/targets: %s gave %r' % (name, p.stdout))
    return median(float(ns) for ns, _ in lines), sums.pop()


def measure(rtab, n, runs, bench='melee'):
    """{name: (median ns per resolution, checksum, the hand-written port's median ns or
    None)} for every language installed; the names missing. bench: 'melee' or 'crt'."""
    ruleset, drivers, exe, main_class, sources = BENCHES[bench]
    figures, missing = {}, []
    with tempfile.TemporaryDirectory(prefix='rtab-bench-targets-') as out:
        for target in sorted({t for t, _, _ in drivers.values()}):
            subprocess.run([rtab, 'compile', '--target', target, ruleset, '-o', out], check=True)
        for name, (target, tools, command) in drivers.items():
            if not all(shutil.which(t) for t in tools):
                missing.append(name)
                continue
            if target == 'csharp':
                module = os.path.splitext(os.path.basename(ruleset))[0] + '.cs'
                subprocess.run(['mcs', '-nologo', '-optimize+', '-main:' + main_class, '-out:' + os.path.join(out, exe)]
                               + [os.path.join(HERE, f) for f in sources] + [os.path.join(out, module)], check=True)
            ns, checksum = timed(name, command(out), n, runs)
            handwritten = None
            if name in HANDWRITTEN:
                p = subprocess.run(command(out) + [str(AGREE), '1', 'agree'], capture_output=True, text=True)
                if p.returncode != 0 or p.stdout.split() != ['agree', str(AGREE)]:
                    sys.exit('bench/targets: %s: the hand-written port does not fill the same results:\n%s%s'
                             % (name, p.stdout, p.stderr))
                handwritten, hw_checksum = timed(name + ' (hand-written)', command(out), n, runs, ['handwritten'])
                if hw_checksum != checksum:
                    sys.exit('bench/targets: %s: the hand-written port resolves other melees (%d, not %d)'
                             % (name, hw_checksum, checksum))
            figures[name] = (ns, checksum, handwritten)
    return figures, missing


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: targets.py RTAB N RUNS')
    rtab, n, runs = os.path.abspath(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    status = 0
    for bench in BENCHES:
        figures, missing = measure(rtab, n, runs, bench)
        prefix = '' if bench == 'melee' else bench + ':'
        for name, (ns, checksum, handwritten) in figures.items():
            print('%s%s %.1f %d%s' % (prefix, name, ns, checksum, ' %.1f' % handwritten if handwritten else ''))
        for name in missing:
            print('missing: %s%s' % (prefix, name))
        if len({c for _, c, _ in figures.values()}) > 1:
            print('FAIL: the languages resolve different %s rolls (checksums differ)' % bench)
            status = 1
        if missing and os.environ.get('RTAB_REQUIRE_TOOLS') == '1':
            status = 1
        if len(figures) < 2 and not status:
            status = 77
    sys.exit(status)


if __name__ == '__main__':
    main()
