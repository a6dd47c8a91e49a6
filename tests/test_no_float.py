#!/usr/bin/env python3
"""No floating point in the code that resolves: arithmetic that decides a
result is exact (integers, cross-multiplied), on every path.

Looked at, outside comments:
  - the runtime (runtime/rtab.c, rtab.h, rtab_lowered.h): no double, float or floating
    literal;
  - the printers of the native C (compiler/targets/print_c.c, c_source.c,
    compiler/codegen/emit_entry.c, emit_situation.c): none in the C they print
    (their string literals) nor in how they decide, and none in the committed
    generated/*.c;
  - the lowering (compiler/lower/) and its printers (compiler/targets/print_*.c):
    none in how they decide, none in the code they print;
  - the support files of the targets (compiler/targets/*/) and the Python port
    examples/port-python/rtab_port.py): no floating literal (2.0, 1e300), no
    double/float, no rounding of a float (Math.round, float(), a true
    division in Python).
  - the compiler's decisions about quantities (a figure in two units, the
    factor between units, a tolerance, the value of an input nearest
    another's: compiler/base/ratio.c, check/passes/units.c, check/proofs/post_checks.c,
    analysis/quantity.c, expr_equal.c, diff.c): floating point only in the
    arguments of a message (check_report, sb_printf, xasprintf), which print
    a figure and decide nothing.
A line that needs one without deciding a result is listed in ALLOWED below
with the reason; an entry that no longer matches a line fails the test too,
so the list stays what the code is.

usage: test_no_float.py SOURCE_ROOT
"""
import glob
import os
import re
import sys

root = os.path.abspath(sys.argv[1])

FLOAT_LITERAL = r'(?<![\w.])(\d+\.\d*|\.\d+|\d+[eE][-+]?\d+)(?![\w.])'
C_FORBIDDEN = re.compile(r'\b(double|float)\b|' + FLOAT_LITERAL + r'|\bfabs\b|\bfloor\b|\bceil\b|\bround\b\s*\(')
JS_FORBIDDEN = re.compile(FLOAT_LITERAL + r'|Math\.(round|fround|sqrt|pow|trunc)\b|parseFloat|toFixed')
LUA_FORBIDDEN = re.compile(FLOAT_LITERAL + r'|math\.(huge|sqrt|pow|fmod)\b')
CS_FORBIDDEN = re.compile(r'\b(double|float|Double|Single)\b|' + FLOAT_LITERAL + r'|Math\.Round\b')
PY_FORBIDDEN = re.compile(FLOAT_LITERAL + r'|\bfloat\b|\bmath\.(sqrt|floor|ceil)\b|[^/]/[^/=]')

# (file, text the line contains) -> why the line may keep it.
ALLOWED = {
    ('compiler/targets/csharp/RtabResolver.cs', 'if (scaled != Math.Round(scaled))'):
        'a number input as a decimal (exact in base 10): whether it is on a step of the scale',
    ('examples/port-python/rtab_port.py', 'ensure_ascii=False, default=float)'):
        'printing an exact Decimal as a JSON number',
    ('examples/port-python/rtab_port.py', 'return decimal.Decimal(scaled) / decimal.Decimal(self.scale)'):
        'an exact Decimal for printing (a power of 2 and 5: the quotient is exact)',
    ('compiler/base/ratio.h', 'double ratio_approx(ratio r);'):
        'a figure for a message, documented as never for a decision',
    ('compiler/base/ratio.c', 'double ratio_approx(ratio r)'):
        'the same, its definition',
    ('compiler/base/ratio.c', 'return (double)r.num / (double)r.den;'):
        'the same, its body',
    ('compiler/check/passes/units.c', 'double k = (double)num / (double)den, s = (double)S;'):
        'the figures a -Wunit-printed message prints, after the exact comparison decided',
    ('compiler/analysis/quantity.c', 'double a_approx = ratio_approx(va), b_approx = ratio_approx(vb);'):
        'the figures of the message of a difference the exact comparison found',
}

# A call that prints a message: floating point in its arguments decides nothing.
MESSAGE_CALL = re.compile(r'\b(check_report\w*|sb_printf|xasprintf|snprintf|fprintf)\s*\(')


def strip_comments(text, line_comment, block=None, strings=True):
    """The text with comments blanked (newlines kept); string literals blanked too
    unless strings is False."""
    out, i, n = [], 0, len(text)
    while i < n:
        if block and text.startswith(block[0], i):
            j = text.find(block[1], i + len(block[0]))
            j = n if j < 0 else j + len(block[1])
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif line_comment and text.startswith(line_comment, i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text[i] in '"\'':
            q, j = text[i], i + 1
            while j < n and text[j] != q and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(text[i:j] if not strings else q + ' ' * (j - i - 2) + q)
            i = j
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


failures, used, looked = [], set(), 0


def scan(rel, text, forbidden):
    global looked
    looked += 1
    original = open(os.path.join(root, rel), encoding='utf-8').read().splitlines()
    for no, line in enumerate(text.splitlines(), 1):
        m = forbidden.search(line)
        if not m:
            continue
        source = original[no - 1] if no <= len(original) else line
        allowed = [key for key in ALLOWED if key[0] == rel and key[1] in source]
        if allowed:
            used.update(allowed)
            continue
        failures.append('%s:%d: %r: floating point where a result is decided (make it exact, or list the line '
                        'in tests/test_no_float.py with why it decides nothing)\n    %s'
                        % (rel, no, m.group(0), source.strip()))


def scan_messages_only(rel, text):
    """Like scan, but a statement that prints a message may carry floating
    point in its arguments."""
    global looked
    looked += 1
    original = open(os.path.join(root, rel), encoding='utf-8').read().splitlines()
    statement, first = [], 1
    for no, line in enumerate(text.splitlines(), 1):
        if not statement:
            first = no
        statement.append(line)
        if not re.search(r'[;{}]\s*$', line):
            continue
        whole = ' '.join(statement)
        statement = []
        if not C_FORBIDDEN.search(whole) or MESSAGE_CALL.search(whole):
            continue
        for k in range(first, no + 1):
            m = C_FORBIDDEN.search(text.splitlines()[k - 1])
            if not m:
                continue
            source = original[k - 1]
            allowed = [key for key in ALLOWED if key[0] == rel and key[1] in source]
            if allowed:
                used.update(allowed)
                continue
            failures.append('%s:%d: %r: floating point where a result is decided (make it exact with '
                            'base/ratio.h, or list the line in tests/test_no_float.py with why it decides '
                            'nothing)\n    %s' % (rel, k, m.group(0), source.strip()))


def files(pattern):
    return sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, pattern)))


for rel in ['runtime/rtab.c', 'runtime/rtab.h', 'runtime/rtab_lowered.h']:
    scan(rel, strip_comments(open(os.path.join(root, rel)).read(), '//', ('/*', '*/')), C_FORBIDDEN)
# The printers of the native C: what they print (their strings) and how they decide.
for rel in ['compiler/targets/print_c.c', 'compiler/targets/c_source.c', 'compiler/codegen/emit_entry.c',
            'compiler/codegen/emit_situation.c']:
    src = open(os.path.join(root, rel)).read()
    scan(rel, strip_comments(src, '//', ('/*', '*/')), C_FORBIDDEN)
    for no, line in enumerate(strip_comments(src, '//', ('/*', '*/'), strings=False).splitlines(), 1):
        printed = ' '.join(m.group(0) for m in re.finditer(r'"(\\.|[^"\\\n])*"', line))
        m = re.search(r'\b(double|float)\b|\b\d+\.\d+|\d[eE][-+]?\d', printed)
        if m:
            failures.append('%s:%d: prints %r: floating point in the native code\n    %s'
                            % (rel, no, m.group(0), line.strip()))
for rel in files('generated/*.c') + files('generated/*.h'):
    scan(rel, strip_comments(open(os.path.join(root, rel)).read(), '//', ('/*', '*/')), C_FORBIDDEN)
for rel in files('compiler/targets/js/*.mjs') + files('compiler/targets/ts/*.mts'):
    scan(rel, strip_comments(open(os.path.join(root, rel)).read(), '//', ('/*', '*/')), JS_FORBIDDEN)
# The printers of the lowering: what they print (their strings) and how they decide.
for rel in files('compiler/targets/print_*.c') + files('compiler/lower/*.c'):
    src = open(os.path.join(root, rel)).read()
    scan(rel, strip_comments(src, '//', ('/*', '*/')), C_FORBIDDEN)
    for no, line in enumerate(strip_comments(src, '//', ('/*', '*/'), strings=False).splitlines(), 1):
        printed = ' '.join(m.group(0) for m in re.finditer(r'"(\\.|[^"\\\n])*"', line))
        m = JS_FORBIDDEN.search(printed)
        if m:
            failures.append('%s:%d: prints %r: floating point in the code a target runs\n    %s'
                            % (rel, no, m.group(0), line.strip()))
for rel in files('compiler/targets/lua/*.lua'):
    src = open(os.path.join(root, rel)).read()
    src = re.sub(r'--\[\[.*?\]\]', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), src, flags=re.S)
    scan(rel, strip_comments(src, '--'), LUA_FORBIDDEN)
for rel in files('compiler/targets/csharp/*.cs'):
    scan(rel, strip_comments(open(os.path.join(root, rel)).read(), '//', ('/*', '*/')), CS_FORBIDDEN)
for rel in ['examples/port-python/rtab_port.py'] + files('compiler/targets/python/*.py'):
    src = open(os.path.join(root, rel)).read()
    src = re.sub(r'("""|\'\'\').*?\1', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), src, flags=re.S)
    scan(rel, strip_comments(src, '#'), PY_FORBIDDEN)

for rel in ['compiler/base/ratio.h', 'compiler/base/ratio.c', 'compiler/check/passes/units.c',
            'compiler/check/proofs/post_checks.c', 'compiler/analysis/quantity.c', 'compiler/analysis/expr_equal.c',
            'compiler/analysis/diff.c']:
    scan_messages_only(rel, strip_comments(open(os.path.join(root, rel)).read(), '//', ('/*', '*/')))

for key in sorted(set(ALLOWED) - used):
    failures.append('%s: the allowed line %r is gone: take it off the list in tests/test_no_float.py' % key)
if failures:
    print('\n'.join(failures))
    sys.exit(1)
print('ok: %d files resolve without floating point (%d lines allowed, each with its reason)' % (looked, len(used)))
