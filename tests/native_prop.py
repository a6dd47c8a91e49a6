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
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

RTAB_MAX_REASONS = 16
MAX_SIZE = 65536
EXHAUSTIVE_LIMIT = 20000


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
    def __init__(self, rtab, gen_main, root, cc, work):
        self.rtab, self.gen_main, self.root, self.cc, self.work = rtab, gen_main, root, cc, work
        self.cases = env_int('RTAB_NATIVE_PROP_CASES', 300)
        self.cflags = shlex.split(os.environ.get('RTAB_NATIVE_PROP_CFLAGS', ''))
        self.keep = os.environ.get('RTAB_NATIVE_PROP_KEEP', '')
        self.objects = []

    def compile_runtime(self):
        """The runtime and the comparison of results, compiled once."""
        for src in ('runtime/rtab.c', 'tests/result_equal.c'):
            obj = os.path.join(self.work, os.path.basename(src) + '.o')
            subprocess.run(self.cc + ['-std=c11', '-O1', '-c', '-I', os.path.join(self.root, 'runtime')] +
                           self.cflags + [os.path.join(self.root, src), '-o', obj], check=True)
            self.objects.append(obj)

    def one(self, name, source, opt='-O3'):
        """Check, compile (at optimisation opt) and compare one program: (verdict, details, stats)."""
        out = os.path.join(self.work, name)
        os.makedirs(out, exist_ok=True)
        done = subprocess.run([self.rtab, 'compile', '-Wno-provisional', source, '-o', out],
                              capture_output=True, text=True)
        if done.returncode == 1:
            return 'refused', '', {}
        if done.returncode != 0:
            return 'fail', 'rtab compile: exit %d\n%s' % (done.returncode, done.stderr[-2000:]), {}
        headers = glob.glob(os.path.join(out, '*.h'))
        if len(headers) != 1:
            return 'fail', 'rtab compile wrote %d headers' % len(headers), {}
        rs = os.path.basename(headers[0])[:-2]
        generated = os.path.join(out, rs + '.c')
        with open(generated, encoding='utf-8') as f:
            c_text = f.read()
        with open(headers[0], encoding='utf-8') as f:
            listed = re.search(r'^enum %s_table \{\n(.*?)^\};' % re.escape(rs), f.read(), re.M | re.S)
        tables = listed.group(1).count('\n') if listed else 0
        printed = len(re.findall(r'^/\* table \S+, printed from its lowering: ', c_text, re.M))
        stats = {'tables_printed': printed, 'tables_interpreted': tables - printed}
        exe = os.path.join(out, 'test_native')
        # Strict ISO C, as fuzz/strict_c.sh holds the emitted C to.
        done = subprocess.run(self.cc + ['-std=c11', '-pedantic', '-Wall', '-Wextra', '-Werror', opt,
                                         '-DRS=' + rs, '-DRS_HEADER="%s.h"' % rs,
                                         '-I', out, '-I', os.path.join(self.root, 'runtime'),
                                         '-I', os.path.join(self.root, 'tests')] + self.cflags +
                              [os.path.join(self.root, 'tests', 'test_native.c'), generated] +
                              self.objects + ['-o', exe], capture_output=True, text=True)
        if done.returncode != 0:
            return 'fail', 'the generated C does not compile:\n' + done.stderr[-3000:], stats
        try:
            done = subprocess.run([exe, str(self.cases), str(EXHAUSTIVE_LIMIT)], capture_output=True,
                                  text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return 'fail', 'the comparison took more than 300 s', stats
        last = done.stdout.strip().split('\n')[-1] if done.stdout.strip() else ''
        m = re.match(r'(\d+) cases, (\d+) differences, at most (\d+) provisional reasons', last)
        if done.returncode != 0 or not m:
            return 'fail', 'the comparison: exit %d\n%s%s' % (done.returncode, done.stdout[-1500:],
                                                              done.stderr[-3000:]), stats
        stats['cases'] = int(m.group(1))
        stats['max_reasons'] = int(m.group(3))
        shutil.rmtree(out, ignore_errors=True)
        return 'agree', '', stats


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
            futures = {pool.submit(runner.one, 'fixture-%d-%s' % (i, os.path.basename(path)[:-5]), path,
                                   '-O3' if path in regressions else '-O1'): path
                       for i, path in enumerate(fixtures)}
            for fut in concurrent.futures.as_completed(futures):
                path = futures[fut]
                verdict, details, stats = fut.result()
                if verdict == 'refused' and path in regressions:
                    verdict, details = 'fail', 'rtab compile refuses a regression fixture'
                account(path, verdict, details, stats, path)
        batch = first
        while True:
            programs = os.path.join(work, 'programs-%d' % batch)
            os.makedirs(programs)
            subprocess.run([gen_main, programs, str(seeds), str(MAX_SIZE), str(batch)], check=True)
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                futures = {pool.submit(runner.one, 'seed-%d' % s,
                                       os.path.join(programs, 'gen-%d.rtab' % s)): s
                           for s in range(batch, batch + seeds)}
                for fut in concurrent.futures.as_completed(futures):
                    s = futures[fut]
                    source = os.path.join(programs, 'gen-%d.rtab' % s)
                    account('seed %d (gen_main DIR 1 %d %d)' % (s, MAX_SIZE, s), *fut.result(), source)
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
