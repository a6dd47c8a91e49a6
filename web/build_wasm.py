#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build rtab.wasm: the rtab command for WebAssembly (wasm32-wasi).

The same sources as the rtab command, compiled by clang for wasm32-wasi
against Debian's wasi-libc, with the two files that need processes and
signals (base/output.c, base/child.c) replaced by web/wasi/'s. The
module is a WASI reactor: one instance runs command after command, each
rtab_command() (web/wasi/session_wasi.c) main() with the argv and the
files in memory of its run (web/js/rtab_wasi.js).

usage: build_wasm.py OUT.wasm DEPFILE CC SYSROOT SRCROOT BUILDROOT -- SOURCE...
Reproducible: no debug information, no paths of the build machine (the
macro prefix map), objects linked in the order given.
"""
import concurrent.futures
import os
import shutil
import subprocess
import sys

# The files of the command that the module replaces (web/wasi/).
REPLACED = ('compiler/base/output.c', 'compiler/base/child.c')
# The generated scanner is not ours to keep warning-free (as compiler/meson.build says).
SCANNER = 'lexer.c'


def main(argv):
    sep = argv.index('--')
    out, depfile, cc, sysroot, srcroot, buildroot = argv[1:sep]
    sources = [s for s in argv[sep + 1:] if s.endswith('.c')
               and not any(os.path.abspath(s).endswith(r) for r in REPLACED)]
    srcroot, buildroot = os.path.abspath(srcroot), os.path.abspath(buildroot)
    objdir = out + '.p'
    os.makedirs(objdir, exist_ok=True)
    launcher = [shutil.which('ccache')] if shutil.which('ccache') else []
    base = launcher + [cc, '--target=wasm32-wasi', '--sysroot=' + sysroot, '-std=c11', '-O2',
                       '-DNDEBUG', '-I' + os.path.join(srcroot, 'compiler'),
                       '-I' + os.path.join(srcroot, 'runtime'),
                       '-I' + os.path.join(buildroot, 'compiler'),
                       '-include', os.path.join(srcroot, 'web', 'wasi', 'libc_wasi.h'),
                       # tmpfile: declared (deprecated) by wasi-libc, defined in libc_wasi.c.
                       '-Wno-deprecated-declarations',
                       '-ffile-prefix-map=' + srcroot + '=.',
                       '-ffile-prefix-map=' + buildroot + '=.']

    def compile_one(i_src):
        i, src = i_src
        obj = os.path.join(objdir, '%03d_%s.o' % (i, os.path.basename(src)[:-2]))
        extra = ['-D_POSIX_C_SOURCE=200809L', '-w'] if os.path.basename(src) == SCANNER else []
        r = subprocess.run(base + extra + ['-MD', '-MF', obj + '.d', '-c', src, '-o', obj],
                           capture_output=True, text=True)
        return obj, r

    jobs = int(os.environ.get('RTAB_WASM_JOBS', '2'))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(compile_one, enumerate(sources)))
    failed = False
    for obj, r in results:
        sys.stderr.write(r.stderr)
        failed = failed or r.returncode != 0
    if failed:
        return 1
    link = [cc, '--target=wasm32-wasi', '--sysroot=' + sysroot, '-O2', '-mexec-model=reactor', '-o', out,
            # The parser and the proofs recurse: a stack of 8 MiB, as a native thread has.
            '-Wl,-z,stack-size=8388608', '-Wl,--strip-all']
    r = subprocess.run(link + [o for o, _ in results])
    if r.returncode == 0:
        write_depfile(out, depfile, [o + '.d' for o, _ in results])
    return r.returncode


def write_depfile(out, depfile, parts):
    """One depfile for the module: every header any of its objects read."""
    deps = set()
    for part in parts:
        with open(part) as f:
            text = f.read().replace('\\\n', ' ')
        deps.update(text.split(':', 1)[1].split())
    with open(depfile, 'w') as f:
        f.write('%s: %s\n' % (out, ' \\\n '.join(sorted(deps))))


if __name__ == '__main__':
    sys.exit(main(sys.argv))
