#!/usr/bin/env python3
"""Native code equal to the interpreter, on every bundled ruleset and fixture and on
rulesets nobody wrote by hand.

The bundled rulesets and the fixtures of the native suite (tests/meson.build), then the
fuzzer's program generator (fuzz/rtab_gen.c, through gen_main) writes
programs from fixed seeds; each one `rtab check` accepts is compiled to C by
`rtab compile`, compiled and linked with tests/test_native.c and the runtime
(runtime/rtab.c) by the C compiler, and run: the lean and the full native
resolvers and rtab_resolve against the interpreter on every field of the
result, on the boundaries (every input at its minimum, maximum and default,
the faces at the ends of their dice, extra modifiers up to the ends of int32),
an exhaustive enumeration where the inputs a table reads are few, and random
situations. About a quarter of the programs carry more provisional reasons
than a result lists. A program `rtab compile` writes whose C does not compile
fails the test too.

The fixtures of the disagreements found so far (tests/exact's
many_reasons_trigger and exact_times, and tests/native_prop/*.rtab) go through
the same steps first, at -O3; the bundled rulesets and the other fixtures at -O1,
which halves the C compiler's share. Every results table's resolver is printed
from the lowering: a table whose C calls the interpreter fails the test.

The programs are compiled a dozen at a time (each with its own --prefix) and
linked into one executable with tests/test_native.c, which is compiled once
and reaches each program's entry points through tests/native_api.h; each
program still runs alone, in a process of its own. When a batch's C does not
compile, each of its programs is compiled alone, so that the complaint names
its program.

usage: native_prop.py RTAB GEN_MAIN SOURCE_ROOT CC...
Environment, for longer campaigns:
  RTAB_NATIVE_PROP_SEEDS    programs to generate (default 40)
  RTAB_NATIVE_PROP_FIRST    the first seed (default 1)
  RTAB_NATIVE_PROP_SECONDS  keep generating, batch after batch of seeds, until
                            this many seconds have passed (default: one batch)
  RTAB_NATIVE_PROP_CASES    random cases per table (default 300)
  RTAB_NATIVE_PROP_JOBS     programs at a time (default 2)
  RTAB_NATIVE_PROP_CFLAGS   more flags for the C compiler (-fsanitize=...)
  RTAB_NATIVE_PROP_KEEP     a folder to copy every program that fails into
Exit status 0: every program agreed; 1: a difference (the seed, the program
and the driver's report are printed); 77: no C compiler.
"""
import concurrent.futures
import glob
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

RTAB_MAX_REASONS = 16
MAX_SIZE = 65536
EXHAUSTIVE_LIMIT = 20000
# Programs compiled and linked into one executable.
BATCH = 12


def env_int(name, default):
    value = os.environ.get(name, '')
    return int(value) if value else default


def native_fixtures(root):
    """The bundled rulesets and the folders of fixtures the native suite compiles from
    (tests/meson.build); a fixture of an error there is refused, and skipped."""
    names = sorted(glob.glob(os.path.join(root, 'tables', '*.rtab')))
    for folder in ('golden', 'exact', 'groups', 'native', 'printed', os.path.join('constructs', 'fixtures')):
        names += sorted(glob.glob(os.path.join(root, 'tests', folder, '*.rtab')))
    return [n for n in names if n not in names[:names.index(n)]]


class Runner:
    """Programs compiled in batches: each program's C is written with its own
    prefix (rtab compile --prefix), so that a batch's programs link into one
    executable with tests/test_native.c, built once (without RS), which reaches
    each ruleset's entry points through native_apis (tests/native_api.h, an
    entry per program written beside them). The C compiler starts three times
    a batch rather than once a program, and the comparison itself is compiled
    once; the emitted C is compiled at the program's level of optimisation.
    The executable's first argument chooses the program that runs, each in a
    process of its own."""

    def __init__(self, rtab, gen_main, root, cc, work):
        self.rtab, self.gen_main, self.root, self.cc, self.work = rtab, gen_main, root, cc, work
        self.cases = env_int('RTAB_NATIVE_PROP_CASES', 300)
        self.cflags = shlex.split(os.environ.get('RTAB_NATIVE_PROP_CFLAGS', ''))
        self.keep = os.environ.get('RTAB_NATIVE_PROP_KEEP', '')
        self.objects = []
        self.serial = itertools.count(1)
        self.serial_lock = threading.Lock()

    def compile_runtime(self):
        """The runtime and the comparison of results, compiled once."""
        for src in ('runtime/rtab.c', 'tests/result_equal.c'):
            obj = os.path.join(self.work, os.path.basename(src) + '.o')
            subprocess.run(self.cc + ['-std=c11', '-O1', '-c', '-I', os.path.join(self.root, 'runtime')] +
                           self.cflags + [os.path.join(self.root, src), '-o', obj], check=True)
            self.objects.append(obj)
        obj = os.path.join(self.work, 'test_native.o')
        subprocess.run(self.strict('-O1') + ['-c', os.path.join(self.root, 'tests', 'test_native.c'), '-o', obj],
                       check=True)
        self.objects.append(obj)

    def emit(self, source, out):
        """rtab compile of one program into out, its names under a prefix of its
        own: (verdict, details, stats, prefixed ruleset name or None)."""
        with self.serial_lock:
            prefix = 'np%d_' % next(self.serial)
        done = subprocess.run([self.rtab, 'compile', '-Wno-provisional', '--prefix', prefix, source, '-o', out],
                              capture_output=True, text=True)
        if done.returncode == 1:
            return 'refused', '', {}, None
        if done.returncode != 0:
            return 'fail', 'rtab compile: exit %d\n%s' % (done.returncode, done.stderr[-2000:]), {}, None
        headers = glob.glob(os.path.join(out, prefix + '*.h'))
        if len(headers) != 1:
            return 'fail', 'rtab compile wrote %d headers' % len(headers), {}, None
        rs = os.path.basename(headers[0])[:-2]
        with open(os.path.join(out, rs + '.c'), encoding='utf-8') as f:
            c_text = f.read()
        with open(headers[0], encoding='utf-8') as f:
            listed = re.search(r'^enum %s_table \{\n(.*?)^\};' % re.escape(rs), f.read(), re.M | re.S)
        tables = listed.group(1).count('\n') if listed else 0
        printed = len(re.findall(r'^/\* table \S+, printed from its lowering: ', c_text, re.M))
        return 'agree', '', {'tables_printed': printed, 'tables_interpreted': tables - printed}, rs

    def strict(self, opt):
        # Strict ISO C, as fuzz/strict_c.sh holds the emitted C to.
        return self.cc + ['-std=c11', '-pedantic', '-Wall', '-Wextra', '-Werror', opt,
                          '-I', os.path.join(self.root, 'runtime'), '-I', os.path.join(self.root, 'tests')] + self.cflags

    def build(self, out, programs, opt):
        """Compile and link the programs [(k, rs)] of the folder out into out/batch,
        program k the (k+1)-th of native_apis: None, or the C compiler's complaint."""
        by_place = dict(programs)
        with open(os.path.join(out, 'apis.c'), 'w', encoding='utf-8') as f:
            f.write('#include "native_api.h"\n')
            for k in range(max(by_place) + 1):
                rs = by_place.get(k)
                if not rs:
                    continue
                f.write('#include "%s.h"\n' % rs)
                f.write('static int %s_api_init(void *s, const int32_t *values, size_t nvalues)\n'
                        '{\n\treturn %s_situation_init(s, values, nvalues);\n}\n' % (rs, rs))
                f.write('static int %s_api_set(void *s, size_t input, int32_t value)\n'
                        '{\n\treturn %s_situation_set(s, input, value);\n}\n' % (rs, rs))
                for verb, result in (('resolve', 'rtab_lean_result'), ('explain', 'rtab_result')):
                    f.write('static int %s_api_%s(size_t table, const void *s, const int32_t *faces, size_t nfaces, '
                            'int32_t drm, %s *out)\n{\n\treturn %s_%s(table, s, faces, nfaces, drm, out);\n}\n'
                            % (rs, verb, result, rs, verb))
                f.write('static const struct native_api %s_api = {&%s_ruleset, sizeof(%s_situation), %s_api_init, '
                        '%s_api_set, %s_api_resolve, %s_api_explain};\n' % ((rs,) * 7))
            f.write('const struct native_api *const native_apis[] = {%s};\n'
                    % ', '.join('&%s_api' % by_place[k] if k in by_place else 'NULL'
                                for k in range(max(by_place) + 1)))
            f.write('const size_t native_napis = %d;\n' % (max(by_place) + 1))
        steps = [self.strict('-O0') + ['-c', 'apis.c'],
                 self.strict(opt) + ['-c'] + [rs + '.c' for _, rs in programs],
                 self.cc + self.cflags + ['apis.o'] + [rs + '.o' for _, rs in programs] + self.objects +
                 ['-o', 'batch']]
        for step in steps:
            done = subprocess.run(step, cwd=out, capture_output=True, text=True)
            if done.returncode != 0:
                return done.stderr[-3000:]
        return None

    def batch(self, name, sources, opt='-O3'):
        """Check, compile (the emitted C at optimisation opt) and compare a batch of
        programs: a (verdict, details, stats) for each source, in order."""
        out = os.path.join(self.work, name)
        os.makedirs(out, exist_ok=True)
        results, programs = [], []
        for k, source in enumerate(sources):
            verdict, details, stats, rs = self.emit(source, out)
            results.append([verdict, details, stats])
            if rs:
                programs.append((k, rs))
        if programs and self.build(out, programs, opt) is not None:
            # Some program's C does not compile: each alone, so that the complaint is its own.
            for k, rs in programs:
                alone = os.path.join(out, 'alone-%d' % k)
                os.makedirs(alone)
                for suffix in ('.c', '.h'):
                    shutil.copy(os.path.join(out, rs + suffix), alone)
                complaint = self.build(alone, [(k, rs)], opt)
                if complaint is not None:
                    results[k][:2] = ['fail', 'the generated C does not compile:\n' + complaint]
            programs = [(k, rs) for k, rs in programs if results[k][0] == 'agree']
            if programs:
                complaint = self.build(out, programs, opt)
                if complaint is not None:
                    for k, _ in programs:
                        results[k][:2] = ['fail', 'the batch does not link:\n' + complaint]
                    programs = []
        for k, rs in programs:
            stats = results[k][2]
            try:
                done = subprocess.run([os.path.join(out, 'batch'), str(k), str(self.cases), str(EXHAUSTIVE_LIMIT)],
                                      capture_output=True, text=True, timeout=300)
            except subprocess.TimeoutExpired:
                results[k][:2] = ['fail', 'the comparison took more than 300 s']
                continue
            last = done.stdout.strip().split('\n')[-1] if done.stdout.strip() else ''
            m = re.match(r'(\d+) cases, (\d+) differences, at most (\d+) provisional reasons', last)
            if done.returncode != 0 or not m:
                results[k][:2] = ['fail', 'the comparison: exit %d\n%s%s' % (done.returncode, done.stdout[-1500:],
                                                                              done.stderr[-3000:])]
                continue
            stats['cases'] = int(m.group(1))
            stats['max_reasons'] = int(m.group(3))
        if all(r[0] != 'fail' for r in results):
            shutil.rmtree(out, ignore_errors=True)
        return [tuple(r) for r in results]


def batches(items, size):
    """items in consecutive batches of at most size."""
    return [items[i:i + size] for i in range(0, len(items), size)]


def main():
    if len(sys.argv) < 5:
        print(__doc__)
        return 2
    rtab, gen_main, root, cc = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    if not shutil.which(cc[0]):
        print('skip: no C compiler')
        return 77
    seeds = env_int('RTAB_NATIVE_PROP_SEEDS', 40)
    first = env_int('RTAB_NATIVE_PROP_FIRST', 1)
    seconds = env_int('RTAB_NATIVE_PROP_SECONDS', 0)
    jobs = env_int('RTAB_NATIVE_PROP_JOBS', 2)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix='native-prop-') as work:
        runner = Runner(rtab, gen_main, root, cc, work)
        runner.compile_runtime()
        fixtures = [os.path.join(root, 'tests', 'exact', n + '.rtab')
                    for n in ('many_reasons_trigger', 'exact_times')]
        fixtures += sorted(glob.glob(os.path.join(root, 'tests', 'native_prop', '*.rtab')))
        regressions = set(fixtures)
        fixtures += [f for f in native_fixtures(root) if f not in regressions]
        totals = {'agree': 0, 'refused': 0, 'fail': 0, 'cases': 0, 'max_reasons': 0,
                  'over_limit': 0, 'tables_printed': 0, 'tables_interpreted': 0}

        def account(label, verdict, details, stats, source):
            totals[verdict] += 1
            for k in ('cases', 'tables_printed', 'tables_interpreted'):
                totals[k] += stats.get(k, 0)
            totals['max_reasons'] = max(totals['max_reasons'], stats.get('max_reasons', 0))
            totals['over_limit'] += stats.get('max_reasons', 0) > RTAB_MAX_REASONS
            if verdict == 'fail':
                print('FAIL: %s (%s)\n%s' % (label, source, details), flush=True)
                if runner.keep:
                    os.makedirs(runner.keep, exist_ok=True)
                    shutil.copy(source, os.path.join(runner.keep, os.path.basename(source)))

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            # The bundled rulesets and fixtures (about a hundred and eighty) at -O1, which
            # halves the C compiler's share; the regressions and the generated programs at -O3.
            regressions_first = [f for f in fixtures if f in regressions]
            others = [f for f in fixtures if f not in regressions]
            futures = {pool.submit(runner.batch, 'fixtures-%d-%s' % (i, opt[1:]), group, opt): group
                       for i, (group, opt) in enumerate([(g, '-O3') for g in batches(regressions_first, BATCH)] +
                                                        [(g, '-O1') for g in batches(others, BATCH)])}
            for fut in concurrent.futures.as_completed(futures):
                for path, (verdict, details, stats) in zip(futures[fut], fut.result()):
                    if verdict == 'refused' and path in regressions:
                        verdict, details = 'fail', 'rtab compile refuses a regression fixture'
                    account(path, verdict, details, stats, path)
        batch = first
        while True:
            programs = os.path.join(work, 'programs-%d' % batch)
            os.makedirs(programs)
            subprocess.run([gen_main, programs, str(seeds), str(MAX_SIZE), str(batch)], check=True)
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                futures = {pool.submit(runner.batch, 'seeds-%d' % group[0],
                                       [os.path.join(programs, 'gen-%d.rtab' % s) for s in group]): group
                           for group in batches(list(range(batch, batch + seeds)), BATCH)}
                for fut in concurrent.futures.as_completed(futures):
                    for s, result in zip(futures[fut], fut.result()):
                        source = os.path.join(programs, 'gen-%d.rtab' % s)
                        account('seed %d (gen_main DIR 1 %d %d)' % (s, MAX_SIZE, s), *result, source)
            shutil.rmtree(programs, ignore_errors=True)
            batch += seeds
            if time.monotonic() - start >= seconds:
                break
        print('seeds %d..%d: %d programs agree, %d refused by check, %d differ; %d cases; '
              'tables printed from the lowering %d, interpreted %d; %d programs past %d provisional reasons (at most %d); '
              '%.0f s' % (first, batch - 1, totals['agree'], totals['refused'], totals['fail'], totals['cases'],
                          totals['tables_printed'], totals['tables_interpreted'],
                          totals['over_limit'],
                          RTAB_MAX_REASONS, totals['max_reasons'], time.monotonic() - start))
        if totals['fail']:
            return 1
        if totals['tables_interpreted']:
            print('FAIL: %d tables left to the interpreter: every table gets a resolver in C'
                  % totals['tables_interpreted'])
            return 1
        # The comparison must have seen what it is there for.
        if totals['over_limit'] == 0 or totals['agree'] < 2 + (batch - first) // 2:
            print('FAIL: too few programs compared, or none past %d provisional reasons' % RTAB_MAX_REASONS)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
