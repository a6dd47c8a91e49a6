#!/usr/bin/env python3
"""rtab fmt over every .rtab file of the repository that parses.

Usage: test_fmt.py RTAB SOURCE_ROOT [--sample]

With --sample (the quick tier) the bad-input corpus (tests/bad) and the
construct fixtures (which tests/constructs formats on its own) are left to
the slow tier's whole sweep, and of tests/ one file in SAMPLE_STRIDE (by
name) is taken; tables/ and examples/ are taken whole.

For each file (tables/, tests/, examples/) that rtab fmt accepts:
- idempotence: fmt of the formatted text is the formatted text;
- meaning: rtab compile of the file and of its formatted text write the same
  C (the same name in two directories, so the banner names the same file)
  and exit alike; rtab test gives the same results (standard output and
  exit status; the locations in notes move with the layout);
- fmt --check accepts the formatted text and refuses the source exactly
  when the two differ.
A file already in fmt's layout is its own formatted text: each of those
steps is taken once on it.
Files fmt refuses must be ones rtab check also refuses with a syntax error.
"""

import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

from dir_bytes import dir_bytes


def run(args, **kw):
    return subprocess.run(args, capture_output=True, **kw)


def check_file(rtab, root, path, work):
    rel = os.path.relpath(path, root)
    problems = []
    fmt = run([rtab, 'fmt', path])
    if fmt.returncode != 0:
        check = run([rtab, 'check', path])
        if check.returncode == 0:
            problems.append(f'{rel}: fmt refused a file that check accepts:\n{fmt.stderr.decode()}')
        return rel, False, problems
    src_dir = os.path.join(work, 'src')
    fmt_dir = os.path.join(work, 'fmt')
    os.makedirs(src_dir)
    os.makedirs(fmt_dir)
    name = os.path.basename(path)
    shutil.copy(path, os.path.join(src_dir, name))
    with open(os.path.join(fmt_dir, name), 'wb') as f:
        f.write(fmt.stdout)

    with open(path, 'rb') as f:
        source = f.read()
    check_src = run([rtab, 'fmt', '--check', path])
    if check_src.returncode != (0 if source == fmt.stdout else 1):
        problems.append(f'{rel}: --check exits {check_src.returncode} on the source')
    # A file already in fmt's layout is its own formatted text: fmt of it is the
    # fmt above, its --check the one above, its compile and test those of the
    # source; each is asked once.
    same = source == fmt.stdout
    again = fmt if same else run([rtab, 'fmt', os.path.join(fmt_dir, name)])
    if again.returncode != 0 or again.stdout != fmt.stdout:
        problems.append(f'{rel}: not idempotent (fmt of fmt differs)')
    check_fmt = check_src if same else run([rtab, 'fmt', '--check', os.path.join(fmt_dir, name)])
    if check_fmt.returncode != 0 or check_fmt.stdout:
        problems.append(f'{rel}: --check refuses the formatted text:\n{check_fmt.stdout.decode()}')

    results = []
    for directory in (src_dir, fmt_dir)[:1 if same else 2]:
        out = os.path.join(directory, 'out')
        compiled = run([rtab, 'compile', os.path.join(directory, name), '-o', out])
        generated = dir_bytes(out) if os.path.isdir(out) else {}
        tested = run([rtab, 'test', os.path.join(directory, name)])
        results.append((compiled.returncode, generated, tested.returncode,
                        re.sub(rb':\d+:\d+:', b':', tested.stdout.replace(directory.encode(), b'DIR'))))
    results += results[:1] if same else []
    if results[0][:2] != results[1][:2]:
        problems.append(f'{rel}: rtab compile writes other C (or exits otherwise) after fmt')
    if results[0][2:] != results[1][2:]:
        problems.append(f'{rel}: rtab test gives other results after fmt')
    if results[0][0] == 0 and not results[0][1]:
        problems.append(f'{rel}: compile wrote nothing to compare')
    return rel, True, problems


# --sample: one file of tests/ in this many.
SAMPLE_STRIDE = 3


def main():
    rtab, root = sys.argv[1], sys.argv[2]
    sample = '--sample' in sys.argv[3:]
    skip = {'node_modules'} | ({'bad', 'constructs'} if sample else set())
    paths = []
    for top in ('tables', 'tests', 'examples'):
        for base, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if d not in skip]
            paths += [os.path.join(base, f) for f in files if f.endswith('.rtab')]
    paths.sort()
    if sample:
        tests = os.path.join(root, 'tests') + os.sep
        mine = [p for p in paths if p.startswith(tests)]
        paths = [p for p in paths if not p.startswith(tests)] + mine[::SAMPLE_STRIDE]
    problems, formatted = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        jobs = int(os.environ.get('RTAB_TEST_JOBS', '2'))
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            futures = [pool.submit(check_file, rtab, root, p, os.path.join(tmp, str(i)))
                       for i, p in enumerate(paths)]
            for fut in futures:
                rel, ok, found = fut.result()
                formatted += ok
                problems += found
    for p in problems:
        print(p)
    print(f'{formatted} of {len(paths)} files formatted and compared; {len(problems)} problems')
    if formatted < len(paths) // 2:
        print('fewer than half of the files were formatted: the test proves little')
        return 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
