#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rtab_wasm.js: the module rtab.wasm as a classic script, in base64.

A page opened from file:// may run scripts but fetch no file, so the module
travels in one: RtabWasi.load(RTAB_WASM) compiles it.
usage: embed_wasm.py rtab.wasm rtab_wasm.js
"""
import base64
import sys

with open(sys.argv[1], 'rb') as f:
    data = base64.b64encode(f.read()).decode('ascii')
with open(sys.argv[2], 'w') as f:
    f.write('/* rtab.wasm (web/build_wasm.py), in base64: docs/web.md */\n')
    f.write('var RTAB_WASM = "%s";\n' % data)
