#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A page of rtab site: the shared head and tail (web/site/page_head.html,
page_tail.html: the style sheet, the status line, rtab's scripts) around a
page's body (web/site/*.body.html).

The body's first lines name what the head and tail need:
  <!-- title: Player aid -->
  <!-- script: aid.js -->
  <!-- about: what the page is -->
usage: build_page.py HEAD TAIL BODY OUT
"""
import re
import sys


def main(argv):
    head, tail, body, out = argv[1:5]
    with open(body, encoding='utf-8') as f:
        text = f.read()
    fields = dict(re.findall(r'^<!-- (title|script|about): (.*?) -->\n', text, re.M))
    missing = [k for k in ('title', 'script', 'about') if k not in fields]
    if missing:
        sys.stderr.write('%s: the body names no %s (a first line <!-- %s: ... -->)\n'
                         % (body, missing[0], missing[0]))
        return 1
    text = re.sub(r'^<!-- (title|script|about): .*? -->\n', '', text, flags=re.M)
    with open(head, encoding='utf-8') as f:
        page = f.read()
    with open(tail, encoding='utf-8') as f:
        end = f.read()
    for k, v in fields.items():
        page = page.replace('@%s@' % k.upper(), v)
        end = end.replace('@%s@' % k.upper(), v)
    with open(out, 'w', encoding='utf-8') as f:
        f.write(page + text + end)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
