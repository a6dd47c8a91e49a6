#!/usr/bin/env python3
"""Every generated target passes rtab conform on every bundled ruleset and on
every construct fixture of the language (tests/constructs/fixtures); the
fixtures a target cannot be made from are listed with the reason. A target
whose interpreter is missing is skipped (exit 77 when none is there),
unless RTAB_REQUIRE_TOOLS=1.

usage: test_targets.py RTAB SOURCE_ROOT [--sample] [TARGET...]

With --sample (the quick tier) only the bundled rulesets are compiled, each
for one interpreter of one language family (python, js, lua5.4 in turn, so
every bundled ruleset and every family is run once); the slow tier runs
every target on every bundled ruleset and construct fixture.
"""
import concurrent.futures
import functools
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import csharp_bundle  # noqa: E402

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
sample = '--sample' in sys.argv[3:]
wanted = [a for a in sys.argv[3:] if a != '--sample'] or \
    (['python', 'js', 'lua5.4'] if sample else ['python', 'js', 'ts', 'lua5.1', 'luajit', 'lua5.4'])  # csharp: its own test
os.chdir(root)
require = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
tsc = os.path.join(root, 'tests', 'npm', 'node_modules', 'typescript', 'bin', 'tsc')

# How each target is compiled (rtab's --target), which tools it needs, and
# how its module is run as a port: a function of the directory and the id.
TARGETS = {
    'python': ('python', ['python3'], lambda d, i: ['python3', os.path.join(d, i + '.py')]),
    'js': ('js', ['node'], lambda d, i: ['node', os.path.join(d, i + '.mjs')]),
    'lua5.1': ('lua', ['lua5.1'], lambda d, i: ['lua5.1', os.path.join(d, i + '.lua')]),
    'luajit': ('lua', ['luajit'], lambda d, i: ['luajit', os.path.join(d, i + '.lua')]),
    'lua5.4': ('lua', ['lua5.4'], lambda d, i: ['lua5.4', os.path.join(d, i + '.lua')]),
    'csharp': ('csharp', ['mcs', 'mono'], lambda d, i: ['mono', os.path.join(d, i + '.exe')]),
}
# The targets whose module is compiled before it runs: the command, given the
# directory and the id.
COMPILE = {
    'csharp': lambda d, i: ['mcs', '-nologo', '-warnaserror+', '-out:' + os.path.join(d, i + '.exe'),
                            os.path.join(d, i + '.cs'), os.path.join(d, i + '_conform.cs')],
}
failures, skipped = [], []
# How long rtab conform waits for an answer: a port's first answer waits for
# its interpreter to start, which on a loaded machine (mono, node) may take
# longer than conform's default of 10 s.
WAIT = ['--timeout', '120']


def have(tool):
    return os.path.exists(tool) if os.path.isabs(tool) else shutil.which(tool) is not None


@functools.lru_cache(maxsize=None)
def ruleset_id(path):
    """The ruleset's id, or None and why not (asked once a file: every target's job asks it)."""
    p = subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[0] if p.stderr.strip() else 'exit %d' % p.returncode
    import json
    return json.loads(p.stdout)['id'], None


def build(name, path, out):
    """Compile path for target name into out; None, or why it cannot."""
    lang = TARGETS[name][0]
    p = subprocess.run([rtab, 'compile', '--target', lang, path, '-o', out], capture_output=True, text=True)
    if p.returncode != 0:
        return 'rtab compile --target %s fails: %s' % (lang, p.stderr.strip()[:300])
    rid, _ = ruleset_id(path)
    if name in COMPILE:
        p = subprocess.run(COMPILE[name](out, rid), capture_output=True, text=True)
        if p.returncode != 0:
            return '%s fails on the module: %s' % (COMPILE[name](out, rid)[0], (p.stdout + p.stderr).strip()[:1000])
    return None


def one(name, path):
    rid, why = ruleset_id(path)
    if rid is None:
        return ('cannot', name, path, 'the file has errors: ' + why)
    if name == 'csharp' and path in bundled:
        p = subprocess.run([rtab, 'conform', path, *WAIT, '--', *bundled[path]], capture_output=True, text=True,
                           timeout=300)
        if p.returncode != 0:
            return ('fail', name, path, 'exit %d: %s%s' % (p.returncode, p.stdout[:3000], p.stderr[:1000]))
        return ('ok', name, path, p.stdout.strip())
    out, problem = module(name, path)
    if problem:
        return ('fail', name, path, problem)
    p = subprocess.run([rtab, 'conform', path, *WAIT, '--', *TARGETS[name][2](out, rid)],
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return ('fail', name, path, 'exit %d: %s%s' % (p.returncode, p.stdout[:3000], p.stderr[:1000]))
    return ('ok', name, path, p.stdout.strip())


# The modules built, each once: the interpreters of one language (lua5.1,
# luajit, lua5.4) run the module rtab compile wrote for the first of them.
modules_dir = tempfile.mkdtemp()
modules, module_locks, locks_lock = {}, {}, threading.Lock()


def module(name, path):
    """(the module's directory, None) or (None, why it cannot be built)."""
    key = (name if name in COMPILE else TARGETS[name][0], path)
    with locks_lock:
        lock = module_locks.setdefault(key, threading.Lock())
    with lock:
        if key not in modules:
            out = tempfile.mkdtemp(dir=modules_dir)
            problem = build(name, path, out)
            modules[key] = (None, problem) if problem else (out, None)
        return modules[key]


def typecheck_ts(paths):
    """The ts target's declarations against its module, in strict TypeScript: one
    tsc run over a program per module (ECMAScript and CommonJS) that reads every
    ruleset's tables (its module is the js target's, which conforms above)."""
    with tempfile.TemporaryDirectory() as out:
        checks = []
        for k, path in enumerate(paths):
            rid, _ = ruleset_id(path)
            if rid is None:
                continue
            d = os.path.join(out, str(k))
            p = subprocess.run([rtab, 'compile', '--target', 'ts', path, '-o', d], capture_output=True, text=True)
            if p.returncode != 0 or not os.path.exists(os.path.join(d, rid + '.d.mts')):
                failures.append('ts on %s: %s' % (path, p.stderr[:300]))
                continue
            checks.append(os.path.join(d, 'check.mts'))
            with open(checks[-1], 'w') as f:
                f.write("import ruleset, { DATA, RtabError, type TableName, type TableResult } from './%s.mjs';\n"
                        "for (const t of DATA.tables) {\n"
                        "  try {\n"
                        "    const r: TableResult = ruleset.resolve(t.id as TableName, {}, [], 0);\n"
                        "    const o: string | null = r.outcome;\n"
                        "    const units: (string | null)[] | undefined = r.no_result ? [] : r.effects[0]?.units;\n"
                        "    void o;\n"
                        "    void units;\n"
                        "  } catch (e) {\n"
                        "    if (!(e instanceof RtabError)) throw e;\n"
                        "    const status: number = e.status;\n"
                        "    void status;\n"
                        "  }\n"
                        "}\n" % rid)
            # The CommonJS module through its own declarations: module.exports is the ruleset.
            checks.append(os.path.join(d, 'check.cts'))
            with open(checks[-1], 'w') as f:
                f.write("import ruleset = require('./%s.cjs');\n"
                        "for (const t of ruleset.DATA.tables) {\n"
                        "  try {\n"
                        "    const r: ruleset.TableResult = ruleset.resolve(t.id as ruleset.TableName, {}, [], 0);\n"
                        "    const o: ruleset.OutcomeName | null = r.outcome;\n"
                        "    void o;\n"
                        "  } catch (e) {\n"
                        "    if (!(e instanceof ruleset.RtabError)) throw e;\n"
                        "  }\n"
                        "}\n" % rid)
        p = subprocess.run(['node', tsc, '--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution',
                            'nodenext', '--target', 'es2020', *checks], capture_output=True, text=True)
        if p.returncode != 0:
            failures.append('tsc: %s' % (p.stdout + p.stderr)[:3000])
        else:
            print('ok: ts: tsc --strict accepts the declarations (.d.mts and .d.cts) of %d modules' % (len(checks) // 2))


# And the line read before the key: its reason first (tests/native/line_reasons.rtab); a key
# compared with a midpoint by products past 2^53 (tests/targets/wide_steps.rtab); stacking
# groups that keep one member among three or four per side and the dice of a program, the
# sample too (tests/targets/keep_and_roll.rtab).
files = sorted(glob.glob('tables/*.rtab')) + ['tests/targets/keep_and_roll.rtab'] + \
    ([] if sample else sorted(glob.glob('tests/constructs/fixtures/*.rtab')) +
     ['tests/native/line_reasons.rtab', 'tests/targets/wide_steps.rtab'])
jobs = []
if 'ts' in wanted:
    wanted.remove('ts')
    if have('node') and have(tsc):
        typecheck_ts(files)
        jobs.append(None)
    else:
        (failures if require else skipped).append('ts: node or tests/npm typescript missing')
for name in wanted:
    missing = [t for t in TARGETS[name][1] if not have(t)]
    if missing:
        (failures if require else skipped).append('%s: %s missing' % (name, ', '.join(missing)))
        continue
    jobs += [(name, f) for f in files]
if sample:
    # One family per ruleset, in turn: the k-th ruleset goes to the k-th
    # family (mod their number), so no ruleset and no family is left out.
    families = [n for n in wanted if any(j and j[0] == n for j in jobs)]
    jobs = [j for j in jobs if j is None or
            (families and families[files.index(j[1]) % len(families)] == j[0])]
bundle_dir = tempfile.mkdtemp()
csharp_files = [j[1] for j in jobs if j and j[0] == 'csharp']
bundled = csharp_bundle.bundle(rtab, csharp_files, bundle_dir) if len(csharp_files) > 1 else {}
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    results = list(pool.map(lambda j: one(*j), [j for j in jobs if j]))
shutil.rmtree(bundle_dir, ignore_errors=True)
shutil.rmtree(modules_dir, ignore_errors=True)
cannot = {}
for verdict, name, path, text in results:
    if verdict == 'fail':
        failures.append('%s on %s: %s' % (name, path, text))
    elif verdict == 'cannot':
        cannot.setdefault((path, text), []).append(name)
    else:
        print('ok: %s on %s: %s' % (name, path, text))
for (path, text), names in sorted(cannot.items()):
    print('not made: %s (%s): %s' % (path, ', '.join(names), text))
for s in skipped:
    print('skipped: ' + s)
for f in failures:
    print('FAIL ' + f)
if failures:
    sys.exit(1)
if not jobs:
    sys.exit(77)
