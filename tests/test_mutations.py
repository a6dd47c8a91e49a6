#!/usr/bin/env python3
"""Deliberately wrong ports fail conformance: each bug below, planted in the
module rtab compile --target writes (Python, JavaScript, Lua or C#: in the
resolver printed from the lowering, in every table that has the construct,
or in its support file), makes rtab
conform exit 1 on at least one bundled ruleset or fixture, with a message
that names the situation (the vector's number and what it resolves). A
mutation that passes every ruleset is a hole in the vectors. Prints how
many were planted and how many caught.

usage: test_mutations.py RTAB SOURCE_ROOT [python|js|lua|csharp]
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import csharp_bundle  # noqa: E402

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
language = sys.argv[3] if len(sys.argv) > 3 else 'python'
os.chdir(root)

# An operand of the printed code: a register, or a constant written in its place.
OPERAND = r'(?<![\w.])(r\d+|\d+|\(-\d+\))'


def swap(m):
    """A comparison (its operator the second group) turned the other way: < for >, > for <."""
    return m.group(1) + ('<' if m.group(2) == '>' else '>') + m.group(3)


# name: {language: (what the resolver says, what the wrong port says instead)}
MUTATIONS = {
    'off-by-one row boundary': {
        'python': (re.compile(r'\+ roll - (-?\d+)\]'), r'+ max(roll - \1 - 1, 0)]'),
        'js': (re.compile(r'\+ roll - (-?\d+)\]'), r'+ Math.max(roll - \1 - 1, 0)]'),
        'lua': (re.compile(r'\+ roll - (-?\d+)\] end'), r'+ max(roll - \1 - 1, 0)] end'),
        'csharp': (re.compile(r'\+ roll - \((-?\d+)\)\]'), r'+ Math.Max(roll - (\1) - 1, 0)]')},
    'a modifier on the wrong side': {
        'python': ("'signed_value': -r", "'signed_value': r"),
        'js': (', signed_value: -r', ', signed_value: r'),
        'lua': (', signed_value = -r', ', signed_value = r'),
        'csharp': (', -r', ', r')},
    'the cap not applied': {
        'python': (re.compile(r'if modifier ([<>]) '), r'if False and modifier \1 '),
        'js': ("modifier = Math.min(Math.max(modifier, ", "// modifier = Math.min(Math.max(modifier, "),
        'lua': (re.compile(r'if modifier ([<>]) '), r'if false and modifier \1 '),
        'csharp': ('modifier = Math.Min(Math.Max(modifier, ', 'modifier = modifier; // Math.Min(Math.Max(modifier, ')},
    'a natural rule ignored': {
        language: (re.compile(r'(?<![\w.])nat = (\d+)'), 'nat = -1')
        for language in ('python', 'js', 'lua', 'csharp')},
    'a shift not clamped': {
        'python': (re.compile(r'if column ([<>]) '), r'if False and column \1 '),
        'js': ("const column = Math.min(Math.max(col + shift, first), end - 1);",
               "const column = col + shift;"),
        'lua': (re.compile(r'if column ([<>]) '), r'if false and column \1 '),
        'csharp': ('long column = Math.Min(Math.Max(col + shift, first), end - 1);', 'long column = col + shift;')},
    'a modifier missing in one column': {
        'python': (re.compile(r"(column_id = T\d+_COLUMN\[column\]\n)"),
                   r"\1    if column == end - 1 and column > first and applied and"
                   r" not applied[0]['shift']: roll -= applied[0]['signed_value']\n"),
        'js': ("r.applied = applied;\n",
               "r.applied = applied;\n  if (column === end - 1 && column > first && applied.length &&"
               " !applied[0].shift) roll -= applied[0].signed_value;\n"),
        'lua': ('column_id = t.COLUMN[column]\n',
                'column_id = t.COLUMN[column]\n  if column == last - 1 and column > first and #applied > 0 and'
                ' not applied[1].shift then roll = roll - applied[1].signed_value end\n'),
        'csharp': ('r.Applied = applied;\n',
                   'r.Applied = applied;\n  if (column == end - 1 && column > first && applied.Count > 0 &&'
                   ' !applied[0].Shift) roll -= applied[0].SignedValue;\n')},
    # The comparison a stacking group's choice is printed with, turned the other way.
    'best and worst stacking swapped': {
        'python': (re.compile(r"(\['signed_value'\] )([<>])( \w+\['signed_value'\]:)"), swap),
        'js': (re.compile(r'(\.signed_value )([<>])( \w+\.signed_value\))'), swap),
        'lua': (re.compile(r'(\.signed_value )([<>])( [\w\[\]]+\.signed_value then)'), swap),
        'csharp': (re.compile(r'(\.SignedValue )([<>])( \w+\.SignedValue\))'), swap)},
    'a requirement not checked': {
        'python': ('        if broken is not None:', '        if False:'),
        'js': ("    if (this.requirementBroken(inputs) !== null) throw new RtabError(E_REQUIRE);", ""),
        'lua': ('  if self.requires and self:requirement_broken(inputs) ~= nil then fail(E_REQUIRE) end', ''),
        'csharp': ('        if (lowered.RequirementBroken(this, values) != null) throw new RtabException(E_REQUIRE);', '')},
    # A comparison as a value (1 if r0 <= r1 else 0) or fused into the test that reads it
    # (if r0 <= 3:, (r0 <= 3) and ...): the same in every language.
    'at-most read as below': {
        language: (re.compile(OPERAND + r' <= ' + OPERAND + r'(?! <)'), r'\1 < \2')
        for language in ('python', 'js', 'lua', 'csharp')},
    'more-than read as at-least': {
        language: (re.compile(OPERAND + r' > ' + OPERAND), r'\1 >= \2')
        for language in ('python', 'js', 'lua', 'csharp')},
    "a trigger's exception ignored": {
        'python': (re.compile(r'suppressed = [^\n]+'), 'suppressed = False'),
        'js': (re.compile(r'const suppressed = [^\n]+;'), 'const suppressed = false;'),
        'lua': (re.compile(r'local suppressed = [^\n]+'), 'local suppressed = false'),
        'csharp': (re.compile(r'bool suppressed = [^\n]+;'), 'bool suppressed = false;')},
    'the exception of a repeated trigger ignored (light infantry is pursued)': {
        'python': (re.compile(r'suppressed = [^\n]+(\n\s+if not suppressed:\n(?!\s+times = 1\n))'),
                   r'suppressed = False\1'),
        'js': (re.compile(r'const suppressed = [^\n]+;(\n\s+if \(!suppressed\) \{\n(?!\s+times = 1;))'),
               r'const suppressed = false;\1'),
        'lua': (re.compile(r'local suppressed = [^\n]+(\n\s+if not suppressed then\n(?!\s+times = 1\n))'),
                r'local suppressed = false\1'),
        'csharp': (re.compile(r'bool suppressed = [^\n]+;(\n\s+if \(!suppressed\) \{\n(?!\s+times = 1;))'),
                   r'bool suppressed = false;\1')},
    'a repeated trigger resolved once': {
        'python': (re.compile(r'times = r\d+\n'), 'times = 1\n'),
        'js': (re.compile(r'times = (r\d+);'), 'times = 1;'),
        'lua': (re.compile(r'times = r\d+\n'), 'times = 1\n'),
        'csharp': (re.compile(r'times = (r\d+);'), 'times = 1;')},
    "a trigger's count off by one": {
        'python': (re.compile(r'times = (r\d+)\n'), r'times = \1 + 1\n'),
        'js': (re.compile(r'times = (r\d+);'), r'times = \1 + 1;'),
        'lua': (re.compile(r'times = (r\d+)\n'), r'times = \1 + 1\n'),
        'csharp': (re.compile(r'times = (r\d+);'), r'times = \1 + 1;')},
    'the inputs a trigger passes on dropped': {
        'python': (re.compile(r'out\[(\d+)\] = v\d+\n'), r'out[\1] = inputs[\1]\n'),
        'js': (re.compile(r'out\[(\d+)\] = v\d+;'), r'out[\1] = inputs[\1];'),
        'lua': (re.compile(r'out\[(\d+)\] = v\[\d+\]'), r'out[\1] = inputs[\1]'),
        'csharp': (re.compile(r'passed\[(\d+)\] = v\d+;'), r'passed[\1] = inputs[\1];')},
    "'earlier' never true": {
        'python': (re.compile(r'1 if \d+ in earlier else 0'), '0'),
        'js': (re.compile(r'earlier\.includes\(\d+\) \? 1 : 0'), '0'),
        'lua': (re.compile(r'index_of\(earlier, \d+\) and 1 or 0'), '0'),
        'csharp': (re.compile(r'earlier\.Contains\(\d+\) \? 1 : 0'), '0')},
    "'repeat' always 1": {
        'python': ('= len(earlier) + 1', '= 1'),
        'js': ("= earlier.length + 1;", "= 1;"),
        'lua': ('= #earlier + 1', '= 1'),
        'csharp': ('= earlier.Count + 1;', '= 1;')},
    'which trigger of the outcome, wrong': {
        'python': ("'trigger_of': fired,", "'trigger_of': list(range(len(fired))),"),
        'js': ("r.trigger_of = fired.map(([k]) => k);", "r.trigger_of = fired.map((_, i) => i);"),
        'lua': ('trigger_of = fired,',
                'trigger_of = (function() local of = {} for i = 1, #fired do of[i] = i - 1 end return of end)(),'),
        'csharp': ('of[i] = k;', 'of[i] = i;')},
    'a rewrite never applied': {
        'python': (re.compile(r'if r\d+ != 0:(\n\s+rewritten_from = outcome\n)'), r'if False:\1'),
        'js': (re.compile(r'if \(r\d+ !== 0\) \{(\n\s+rewrittenFrom = outcome;)'), r'if (false) {\1'),
        'lua': (re.compile(r'if r\d+ ~= 0 then(\n\s+rewritten_from = outcome\n)'), r'if false then\1'),
        'csharp': (re.compile(r'if \(r\d+ != 0\) \{(\n\s+rewrittenFrom = outcome;)'), r'if (false) {\1')},
    'a rewrite applied whatever its condition': {
        'python': (re.compile(r'if r\d+ != 0:(\n\s+rewritten_from = outcome\n)'), r'if True:\1'),
        'js': (re.compile(r'if \(r\d+ !== 0\) \{(\n\s+rewrittenFrom = outcome;)'), r'if (true) {\1'),
        'lua': (re.compile(r'if r\d+ ~= 0 then(\n\s+rewritten_from = outcome\n)'), r'if true then\1'),
        'csharp': (re.compile(r'if \(r\d+ != 0\) \{(\n\s+rewrittenFrom = outcome;)'), r'if (true) {\1')},
    "the rewrite's rule reference not given": {
        'python': ('if rewrite_rule is not None:', 'if False:'),
        'js': ("if (rewriteRule !== null) rule = rewriteRule;", "if (false) rule = rewriteRule;"),
        'lua': ('if rewrite_rule ~= nil and rewrite_rule ~= NULL then rule = rewrite_rule',
                'if false then rule = rewrite_rule'),
        'csharp': ('if (rewriteRule != null) rule = rewriteRule;', 'if (false) rule = rewriteRule;')},
    # A key or a ratio band whose rounding reads a tie on the other side: a test of the
    # key below a point decided at compile time (a step, a midpoint) read as at most it.
    # Only keys exactly at such a point tell (the vectors search the midpoints on either
    # side of each step).
    'a tie of a rounding on the wrong side': {
        language: (re.compile(r'a \* (\d+) < (\d+) \* b'), r'a * \1 <= \2 * b')
        for language in ('python', 'js', 'lua', 'csharp')},
    'the code swapped for the id': {
        'python': ("'code': o['code'], 'rule'", "'code': o['id'], 'rule'"),
        'js': ("r.code = o.code;", "r.code = o.id;"),
        'lua': ('local code = o.code\n', 'local code = o.id\n'),
        'csharp': ('r.Code = o.Code;', 'r.Code = o.Id;')},
}

# The rulesets tried, in this order, until one catches the mutation: the
# bundled ones, a fixture whose column shift runs past the last column (its
# coverage vectors never turn the shift on there, so --exhaustive), and the
# fixtures of what triggers pass on per repeat, and a band read round linear,
# ties up.
rulesets = ['tables/musket_pike.rtab', 'tables/classic_odds.rtab', 'tables/classic_differential.rtab',
            'tables/mass_battle.rtab', 'tables/napoleonic_charge.rtab', 'tables/lone_wolf_style.rtab',
            'tests/constructs/fixtures/shifts.rtab', 'tests/constructs/fixtures/trigger_repeat.rtab',
            'tests/constructs/fixtures/trigger_inputs.rtab', 'tests/language/band_linear_below.rtab']
OPTIONS = {'tests/constructs/fixtures/shifts.rtab': ['--exhaustive']}
RUNNER = {'python': [sys.executable], 'js': ['node'], 'lua': ['lua5.4'], 'csharp': ['mono']}
SUFFIX = {'python': '.py', 'js': '.mjs', 'lua': '.lua', 'csharp': '.cs'}

TOOLS = RUNNER[language][:1] + (['mcs'] if language == 'csharp' else [])
if not all(shutil.which(t) for t in TOOLS):
    print('SKIP: %s is not installed' % ' or '.join(TOOLS))
    sys.exit(1 if os.environ.get('RTAB_REQUIRE_TOOLS') == '1' else 77)

failures = []
with tempfile.TemporaryDirectory() as tmp:
    modules = {}
    for path in rulesets:
        d = os.path.join(tmp, os.path.basename(path))
        subprocess.run([rtab, 'compile', '--target', language, path, '-o', d], check=True,
                       stderr=subprocess.DEVNULL)
        (name,) = [n for n in os.listdir(d) if n.endswith(SUFFIX[language]) and not n.endswith('_conform.cs')]
        with open(os.path.join(d, name), encoding='utf-8') as f:
            modules[path] = (os.path.join(d, name), f.read())

    def plant(source, good, bad):
        """The source with the bug planted wherever the resolver says good (a string or a
        pattern: the JavaScript module prints one function per table), and how many times."""
        if isinstance(good, re.Pattern):
            return good.subn(bad, source)
        return source.replace(good, bad), source.count(good)

    def verdict(path, port):
        """Whether rtab conform on path catches the mutant port: (where, None), (None, problem),
        or None when every vector passes."""
        p = subprocess.run([rtab, 'conform', path, *OPTIONS.get(path, []), '--', *port],
                           capture_output=True, text=True, timeout=600)
        if p.returncode == 0:
            return None
        out = p.stdout + p.stderr
        named = re.search(r'vector \d+ \((table|reactions|transition|distance|procedure|chain) \w+', out)
        if p.returncode != 1 or not named:
            return None, 'on %s: exit %d without naming the situation: %s' % (path, p.returncode, out[:500])
        return '%s (%s)' % (path, named.group(0)), None

    # The rulesets in turn, each with every mutation that none before caught
    # planted in its module: the first ruleset whose vectors catch a mutation
    # (or the problem it meets there) is its result. The C# mutants of a
    # ruleset are compiled by one mcs into one program (csharp_bundle).
    found = {}  # mutation -> (where, problem)
    said = dict.fromkeys(MUTATIONS, 0)
    for path in rulesets:
        module, source = modules[path]
        ports = {}
        for mutation in MUTATIONS:
            if mutation in found:
                continue
            good, bad = MUTATIONS[mutation][language]
            wrong_source, n = plant(source, good, bad)
            said[mutation] += n
            if n == 0:
                continue  # nothing of this ruleset's resolver says it (a table without a cap)
            wrong = module[:-len(SUFFIX[language])] + '_' + re.sub(r'\W+', '_', mutation) + SUFFIX[language]
            with open(wrong, 'w', encoding='utf-8') as f:
                f.write(wrong_source)
            ports[mutation] = [*RUNNER[language], wrong]
        if language == 'csharp' and ports:
            # A library: the program that answers conform beside it, compiled with it.
            harness = module[:-len('.cs')] + '_conform.cs'
            pairs = []
            for mutation, (_, wrong) in ports.items():
                copy = wrong[:-len('.cs')] + '_conform.cs'
                shutil.copyfile(harness, copy)
                pairs.append((wrong, copy))
            commands = csharp_bundle.link(pairs, os.path.dirname(module), strict=False) or [None] * len(pairs)
            for (mutation, (_, wrong)), (_, copy), command in zip(list(ports.items()), pairs, commands):
                if command:
                    ports[mutation] = command
                    continue
                # On its own (its namespace as in the program, in both files), for its own error.
                exe = wrong[:-len('.cs')] + '.exe'
                p = subprocess.run(['mcs', '-nologo', '-out:' + exe, wrong, copy], capture_output=True, text=True)
                if p.returncode != 0:
                    found[mutation] = None, 'on %s: the module does not compile: %s' % (path, p.stdout[:500])
                    del ports[mutation]
                else:
                    ports[mutation] = [*RUNNER[language], exe]
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            for mutation, caught_here in zip(ports, pool.map(lambda m: verdict(path, ports[m]), ports)):
                if caught_here:
                    found[mutation] = caught_here
    results = []
    for mutation in MUTATIONS:
        if mutation in found:
            results.append((mutation, *found[mutation]))
        elif said[mutation] == 0:
            good = MUTATIONS[mutation][language][0]
            results.append((mutation, None, 'the resolver no longer says %r' % getattr(good, 'pattern', good)))
        else:
            results.append((mutation, None, 'passes conformance on every ruleset tried'))
    caught = 0
    for mutation, where, problem in results:
        if problem:
            failures.append('%s: %s' % (mutation, problem))
        else:
            caught += 1
            print('caught: %s: on %s' % (mutation, where))

for f in failures:
    print('FAIL ' + f)
print('%s: %d mutations planted, %d caught' % (language, len(MUTATIONS), caught))
sys.exit(1 if failures else 0)
