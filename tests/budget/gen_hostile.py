#!/usr/bin/env python3
"""Writes the hostile fixtures of tests/budget/ (committed; run again only to
change them): files small to read and long to prove or enumerate.
usage: gen_hostile.py DIR"""
import os
import re
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def write(name, text):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(text)


# odds: 8d8 (16,777,216 rolls), natural rules, 30 modifiers reading a matrix.
kinds = ["foot", "horse", "guns", "elite"]
lines = ['# 8d8 with natural-roll rules and 30 modifiers, each reading a matrix.',
         'ruleset pool { locales en; en "Pool"; }',
         'dice pool = 8d8;',
         'enum kind { en "Kind"; ' + " ".join(f'{k} {{ en "{k}"; }}' for k in kinds) + " }",
         'outcome fail { en "Fail"; }', 'outcome pass { en "Pass"; }', 'outcome rout { en "Rout"; }',
         'matrix edge(a: kind, b: kind) { en "Edge"; default 0;',
         '  foot, horse = -1; horse, foot = +1; guns, foot = +1; elite, foot = +1; foot, elite = -1; }']
for i in range(30):
    lines.append(f'input a{i}: kind = {kinds[i % 4]} {{ en "A{i}"; }}')
    lines.append(f'input b{i}: kind = {kinds[(i * 3 + 1) % 4]} {{ en "B{i}"; }}')
    lines.append(f'modifier m{i} {{ en "M{i}"; value edge(a{i}, b{i}); }}')
lines.append('table melee { en "Melee"; roll pool;')
lines.append('  modifiers ' + ", ".join(f"m{i}" for i in range(30)) + ";")
lines.append('  natural 1, 1, 1, 1, 1, 1, 1, 1 -> fail;')
lines.append('  natural 8, 8, 8, 8, 8, 8, 8, 8 -> rout;')
lines.append('  rows { fail <=36; pass 37-60; rout >=61; } }')
write("odds_pool.rtab", "\n".join(lines) + "\n")

# diff: 20 columns over 8d8 with a natural rule, two editions a cell apart.
def columns(last):
    cols = " ".join(f"c{j}" for j in range(20))
    rows = [f"  <=30 " + " ".join(["lo"] * 20),
            f"  31-40 " + " ".join(["mid"] * 19 + [last]),
            f"  >=41 " + " ".join(["hi"] * 20)]
    return "\n".join(['ruleset wide { locales en; en "Wide"; }',
                      'dice pool = 8d8;',
                      'enum col { en "Col"; ' + " ".join(f'c{j} {{ en "C{j}"; }}' for j in range(20)) + " }",
                      'input which: col = c0 { en "Column"; }',
                      'outcome lo { en "Lo"; }', 'outcome mid { en "Mid"; }', 'outcome hi { en "Hi"; }',
                      'table wide { en "Wide"; roll pool; columns by which;',
                      '  natural 1, 1, 1, 1, 1, 1, 1, 1 -> lo;',
                      f'  grid {{\n        {cols}', *rows, "  } }"]) + "\n"


write("diff_wide_a.rtab", columns("mid"))
write("diff_wide_b.rtab", columns("hi"))

# check: 40 requirements, each over three inputs of 130 values. met only at
# the top of their ranges: the end of the walk through every situation.
lines = ['# 40 requirements over 120 inputs: each holds in 4 situations of a million, at the top of the ranges.',
         'ruleset needs { locales en; en "Needs"; }',
         'dice d6 = 1d6;', 'outcome ok { en "OK"; }', 'outcome no { en "No"; }']
for i in range(120):
    lines.append(f'input v{i}: int 0..99 = 0 {{ en "Value {i}"; }}')
for r in range(40):
    a, b, c = 3 * r, 3 * r + 1, 3 * r + 2
    lines.append(f'require need{r}: v{a} + v{b} + v{c} >= 297 {{ en "Need {r}"; }}')
lines.append('modifier bonus { en "Bonus"; value div_down(v0, 50); }')
lines.append('table t { en "T"; roll d6; modifiers bonus; rows { no <=3; ok >=4; } }')
write("check_requirements.rtab", "\n".join(lines) + "\n")

# check: the same, but each met only inside the ranges (98, 98, 98), late in
# the walk through every situation: no end of a range is a witness.
out = []
for l in lines:
    m = re.match(r"require need(\d+): v(\d+) \+ v(\d+) \+ v(\d+) >= 297", l)
    if m:
        r, a, b, c = m.groups()
        l = l.replace(">= 297", f"== 294 and v{a} == v{b} and v{b} == v{c}")
    out.append(l)
out[0] = "# 40 requirements over 120 inputs, each met only at (98, 98, 98): every proof walks a million situations."
write("check_hidden.rtab", "\n".join(out) + "\n")

# check: the conditions of 20 lines of one table over three inputs of 130 values.
lines = ['# A table whose 20 lines are chosen by conditions over 2197000 situations.',
         'ruleset lined { locales en; en "Lined"; }',
         'dice d6 = 1d6;', 'outcome lo { en "Lo"; }', 'outcome hi { en "Hi"; }',
         'input x: int 0..129 = 0 { en "X"; }', 'input y: int 0..129 = 0 { en "Y"; }',
         'input z: int 0..129 = 0 { en "Z"; }',
         'table t { en "T"; roll d6; columns by (when, difference(x, y));']
for k in range(19):
    lines.append(f'  grid l{k} when div_down(x + y + z, 20) == {k} {{\n       <=0  >=1\n    1-3 lo  lo\n    4-6 hi  hi\n  }}')
lines.append('  grid l19 otherwise {\n       <=0  >=1\n    1-3 lo  lo\n    4-6 hi  hi\n  }')
lines.append('}')
write("check_lines.rtab", "\n".join(lines) + "\n")

# verify: 20 modifiers, each written in another order in the translation,
# every one equal over 2^21 situations of three inputs of 128 values.
lines = ['# 20 modifiers over three inputs of 128 values each (2^21 situations a modifier).',
         'ruleset vm { locales en; en "VM"; }', 'dice d6 = 1d6;',
         'outcome lo { en "Lo"; }', 'outcome hi { en "Hi"; }']
for i in range(60):
    lines.append(f'input x{i}: int 0..127 = 0 {{ en "X{i}"; }}')
for i in range(20):
    a, b, c = 3 * i, 3 * i + 1, 3 * i + 2
    lines.append(f'modifier m{i} {{ en "M{i}"; when x{a} + x{b} > x{c}; value div_down(x{a} * x{b} + x{c}, 1000); }}')
lines.append('table t { en "T"; roll d6; modifiers ' + ", ".join(f"m{i}" for i in range(20))
             + '; cap -3..3; rows { lo <=3; hi >=4; } }')
original = "\n".join(lines) + "\n"
write("verify_original.rtab", original)
translation = re.sub(r"value div_down\(x(\d+) \* x(\d+) \+ x(\d+), 1000\)", r"value div_down(x\2 * x\1 + x\3, 1000)",
                     original)
translation = re.sub(r"when x(\d+) \+ x(\d+) > x(\d+);", r"when x\2 + x\1 > x\3;", translation)
write("verify_translation.rtab", translation.replace("# 20 modifiers", "# The same 20 modifiers, commuted,"))
