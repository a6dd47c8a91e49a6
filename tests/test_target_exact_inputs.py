#!/usr/bin/env python3
"""A number input given to the JavaScript or Lua module is taken exactly, as
the runtime takes it: on a step of the ruleset's precision or refused, never
rounded to the nearest step within a tolerance.

tests/exact/exact_inputs.rtab reads x (hundredths) in tenths. Each case is a
value a host program writes (an expression of its language) and what the
module must make of it: the modifier floor(x * 10), worked out here with
exact fractions from the numeral the language prints for the value, or a
refusal of the input (status -3, naming x). 0.1 + 0.2 is the number
0.30000000000000004, not three tenths: refused, where a tolerance took it.
A numeral in a string ("0.3") is an exact decimal: taken. Run by node,
lua5.1, lua5.4 and luajit, those that are there.

Exit 77 when none of them is there (unless RTAB_REQUIRE_TOOLS=1).

usage: test_target_exact_inputs.py RTAB SOURCE_ROOT
"""
import fractions
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
FIXTURE = os.path.join(root, 'tests', 'exact', 'exact_inputs.rtab')
require = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
REFUSED = None

# (expression in JavaScript, in Lua or None, the exact value it stands for or REFUSED)
CASES = [
    ('0.3', '0.3', '0.3'),
    ('0.1 + 0.2', '0.1 + 0.2', REFUSED),             # 0.30000000000000004
    ('0.3000000000001', '0.3000000000001', REFUSED),  # within 1e-9 of a step, not on one
    ('2.55', '2.55', '2.55'),                         # 2.55 * 100 is 254.99999999999997 as a double
    ('-0.07', '-0.07', '-0.07'),
    ('1.005', '1.005', REFUSED),                      # thousandths, finer than the precision
    ('1e-7', '1e-7', REFUSED),
    ('7', '7', '7'),
    ('-100', '-100', '-100'),
    ('"0.3"', '"0.3"', '0.3'),                        # an exact decimal in a string
    ('"-12.34"', '"-12.34"', '-12.34'),
    ('"12.345"', '"12.345"', REFUSED),
    ('"12.340000"', '"12.340000"', '12.34'),
    ('"1e2"', '"1e2"', REFUSED),                      # a numeral, not an exponent
    ('"abc"', '"abc"', REFUSED),
    ('""', '""', REFUSED),
    ('NaN', '0/0', REFUSED),
    ('Infinity', '1/0', REFUSED),
    ('2 ** 60', '2^60', REFUSED),                     # outside what the resolver holds
    ('1e300', '1e300', REFUSED),
    ('12n', None, '12'),                              # a BigInt
    ('true', 'true', REFUSED),
]

JS_HOST = r'''
const m = await import(process.argv[2]);
const rs = m.default;
for (const [i, expr] of JSON.parse(process.argv[3]).entries()) {
  const value = eval(expr);
  try {
    const r = rs.resolve('t', { x: value }, [1], 0);
    console.log(JSON.stringify({ case: i, modifier: r.modifier }));
  } catch (e) {
    console.log(JSON.stringify({ case: i, status: e.status, input: e.input, is_error: e instanceof m.RtabError }));
  }
}
'''

LUA_HOST = r'''
package.path = arg[1] .. "/?.lua;" .. package.path
local m = require("exact_inputs")
local i = 0
for expr in io.lines(arg[2]) do
  local value = (loadstring or load)("return " .. expr)()
  local ok, r = pcall(m.resolve, m, "t", {x = value}, {1}, 0)
  if ok then
    print(string.format('{"case": %d, "modifier": %s}', i, string.format("%d", r.modifier)))
  else
    print(string.format('{"case": %d, "status": %d, "input": "%s", "is_error": %s}', i, r.status or 0,
      tostring(r.input), tostring(getmetatable(r) == m.RtabError)))
  end
  i = i + 1
end
'''


def expected(value):
    if value is REFUSED:
        return REFUSED
    return math.floor(fractions.Fraction(value) * 10)


def check(lang, out, cases):
    failures = []
    got = {}
    for line in out.splitlines():
        a = json.loads(line)
        got[a['case']] = a
    for i, (expr, value) in enumerate(cases):
        a, want = got.get(i), expected(value)
        if a is None:
            failures.append('%s: x = %s: no answer' % (lang, expr))
        elif want is REFUSED:
            if a.get('status') != -3 or a.get('input') != 'x' or a.get('is_error') is not True:
                failures.append('%s: x = %s is not on a step of 1/100, yet %r' % (lang, expr, a))
        elif a.get('modifier') != want:
            failures.append('%s: x = %s: modifier %r, exactly %d' % (lang, expr, a, want))
    return failures


def main():
    tmp = tempfile.mkdtemp(prefix='rtab_exact_inputs_')
    failures, ran = [], []
    try:
        for target in ('js', 'lua'):
            p = subprocess.run([rtab, 'compile', '--target', target, FIXTURE, '-o', tmp],
                               capture_output=True, text=True)
            if p.returncode != 0:
                print('rtab compile --target %s failed:\n%s' % (target, p.stderr))
                return 1
        if shutil.which('node'):
            cases = [(js, v) for js, _, v in CASES]
            with open(os.path.join(tmp, 'host.mjs'), 'w') as f:
                f.write(JS_HOST)
            p = subprocess.run(['node', os.path.join(tmp, 'host.mjs'), os.path.join(tmp, 'exact_inputs.mjs'),
                                json.dumps([c[0] for c in cases])],
                               capture_output=True, text=True)
            if p.returncode != 0:
                failures.append('node: %s' % p.stderr[-2000:])
            else:
                failures += check('node', p.stdout, cases)
                ran.append('node')
        cases = [(lua, v) for _, lua, v in CASES if lua is not None]
        with open(os.path.join(tmp, 'cases.txt'), 'w') as f:
            f.write(''.join(c[0] + '\n' for c in cases))
        with open(os.path.join(tmp, 'host.lua'), 'w') as f:
            f.write(LUA_HOST)
        for lua in ('lua5.1', 'lua5.4', 'luajit'):
            if not shutil.which(lua):
                continue
            p = subprocess.run([lua, os.path.join(tmp, 'host.lua'), tmp, os.path.join(tmp, 'cases.txt')],
                               capture_output=True, text=True)
            if p.returncode != 0:
                failures.append('%s: %s' % (lua, p.stderr[-2000:]))
                continue
            failures += check(lua, p.stdout, cases)
            ran.append(lua)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print('FAIL ' + f)
    if failures:
        return 1
    if not ran:
        print('SKIP: none of node, lua5.1, lua5.4, luajit')
        return 1 if require else 77
    print('ok: %d values, each taken exactly or refused, by %s' % (len(CASES), ', '.join(ran)))
    return 0


sys.exit(main())
