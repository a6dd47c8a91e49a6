#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rtab_wasm.js: the module rtab.wasm as a classic script, gzipped, in base64.

A page opened from file:// may run scripts but fetch no file, so the module
travels in one: RtabWasi.load(RTAB_WASM) decodes, inflates and compiles it.
Gzipped first: the page parses a quarter of the text (the browser's own
DecompressionStream inflates it in a few milliseconds). Reproducible: the
gzip header carries no time and no name.
usage: embed_wasm.py rtab.wasm rtab_wasm.js
"""
import base64
import gzip
import sys

with open(sys.argv[1], 'rb') as f:
    packed = gzip.compress(f.read(), compresslevel=9, mtime=0)
data = base64.b64encode(packed).decode('ascii')
with open(sys.argv[2], 'w') as f:
    f.write('/* rtab.wasm (web/build_wasm.py), gzipped, in base64: docs/web.md */\n')
    f.write('var RTAB_WASM = "%s";\n' % data)
