#!/usr/bin/env python3
"""The bad-input corpus, many cases in one process: each NAME.rtab must make
`rtab check` exit 1 and print exactly NAME.err, and `rtab compile` must exit
1 and leave its output directory as it was. One process for a group of
cases spares a shell, a temporary directory and a diff per case (the
corpus has over two hundred); every failing case is still named.

usage: run_bad_corpus.py RTAB DIR INPUT_DIR NAME...
Runs in INPUT_DIR (where the build writes the large inputs) on NAME.rtab and
expects DIR/NAME.err. DIR/NAME.args, when present, holds extra options for
rtab check and compile (e.g. -Werror, --strict, --diagnostics=json).
RTAB_UPDATE_GOLDENS=1 rewrites NAME.err instead of comparing."""
import difflib
import os
import shlex
import subprocess
import sys
import tempfile


def check_case(rtab, golden_dir, name, scratch):
    """The failures of one case, as lines (none when it passes)."""
    args_file = os.path.join(golden_dir, name + '.args')
    args = shlex.split(open(args_file).read()) if os.path.exists(args_file) else []
    r = subprocess.run([rtab, 'check'] + args + [name + '.rtab'], capture_output=True)
    if r.returncode != 1:
        return ['rtab check %s.rtab exited %d, expected 1' % (name, r.returncode),
                r.stderr.decode('utf-8', 'replace')]
    actual = r.stderr
    # JSON diagnostics go to standard output.
    if '--diagnostics=json' in ' '.join(args):
        actual += r.stdout
    expected_path = os.path.join(golden_dir, name + '.err')
    if os.environ.get('RTAB_UPDATE_GOLDENS') == '1':
        old = open(expected_path, 'rb').read() if os.path.exists(expected_path) else None
        if old != actual:
            with open(expected_path, 'wb') as f:
                f.write(actual)
            print('updated: ' + expected_path)
    else:
        expected = open(expected_path, 'rb').read() if os.path.exists(expected_path) else b''
        if expected != actual:
            diff = difflib.unified_diff(expected.decode('utf-8', 'replace').splitlines(True),
                                        actual.decode('utf-8', 'replace').splitlines(True),
                                        expected_path, 'actual')
            return ['diagnostics of %s.rtab differ from %s.err (- expected, + actual):' % (name, name),
                    ''.join(diff)]
    # compile must write nothing and keep what was there.
    out = os.path.join(scratch, name)
    os.mkdir(out)
    keep = os.path.join(out, 'keep.c')
    with open(keep, 'w') as f:
        f.write('earlier output\n')
    r = subprocess.run([rtab, 'compile'] + args + [name + '.rtab', '-o', out], capture_output=True)
    if r.returncode != 1:
        return ['rtab compile %s.rtab exited %d, expected 1' % (name, r.returncode)]
    if os.listdir(out) != ['keep.c'] or open(keep).read() != 'earlier output\n':
        return ['rtab compile %s.rtab changed the output directory: %s' % (name, sorted(os.listdir(out)))]
    return []


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    rtab, golden_dir, input_dir = (os.path.abspath(a) for a in sys.argv[1:4])
    os.chdir(input_dir)
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in sys.argv[4:]:
            problems = check_case(rtab, golden_dir, name, scratch)
            if problems:
                failed += 1
                print('FAIL: ' + name)
                for p in problems:
                    print(p.rstrip('\n'))
    print('%d cases, %d failed' % (len(sys.argv) - 4, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
