#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Exit 0 when CC links a wasm32-wasi program against SYSROOT's wasi-libc.

usage: probe_wasi.py CC SYSROOT
"""
import os
import subprocess
import sys
import tempfile

PROGRAM = '#include <stdio.h>\nint main(void) { puts("rtab"); return 0; }\n'

with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, 'probe.c')
    with open(src, 'w') as f:
        f.write(PROGRAM)
    r = subprocess.run([sys.argv[1], '--target=wasm32-wasi', '--sysroot=' + sys.argv[2], src,
                        '-o', os.path.join(tmp, 'probe.wasm')], capture_output=True, text=True)
    sys.stderr.write(r.stderr[-400:])
    sys.exit(r.returncode)
