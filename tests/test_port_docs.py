#!/usr/bin/env python3
"""The numbers and outputs the porting docs show are what the tool prints:
each is read from the page and the command it documents is run.

- docs/conformance.md: the commands of its first example, run as written,
  print the line shown after them; a port that leaves out the rewrite of
  Cavalry Pursuit 11.7.4 (the reference port fed the export without it)
  prints the report shown, line by line;
- docs/vectors.md: the note `rtab vectors` prints on musket_pike;
- docs/targets.md: the results its examples show in comments (the chain of
  11.7.4, a label, a rule reference, the outcome of the C# example), got
  from a module of `rtab compile --target python`;
- examples/port-python/README.md: the length of the reference port.

usage: test_port_docs.py RTAB SOURCE_ROOT
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
failures = []


def read(path):
    with open(os.path.join(root, path), encoding='utf-8') as f:
        return f.read()


def run(cmd, cwd):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=600)


def documented(cmd, tmp):
    """A command as a page writes it, to run from tmp: rtab the one built, the paths of
    the source tree in it."""
    words = shlex.split(cmd)
    if words[0] == 'rtab':
        words[0] = rtab
    return [os.path.join(root, w) if w.startswith(('tables/', 'examples/')) else w for w in words]


def shown_lines(block):
    """The lines of an output a page shows; a line cut short ends in '...}': the text before."""
    return [line[:-len(', ...}')] if line.endswith(', ...}') else line
            for line in block.strip('\n').split('\n') if line.strip() != '...']


def printed_in_order(what, shown, printed):
    """Each line shown is the start of a line printed, in order."""
    lines = printed.splitlines()
    i = 0
    for want in shown:
        while i < len(lines) and not lines[i].startswith(want):
            i += 1
        if i == len(lines):
            failures.append('%s: the page shows %r; the tool printed:\n%s' % (what, want, printed[:3000]))
            return
        i += 1


with tempfile.TemporaryDirectory() as tmp:
    conformance = read('docs/conformance.md')
    # The first example: $ lines, then what the last one printed.
    m = re.search(r'\n((?:    \$ [^\n]+\n)+)    ([^$\n][^\n]*)\n', conformance)
    if not m:
        sys.exit('test_port_docs: docs/conformance.md has no example of commands and their output')
    for line in m.group(1).splitlines():
        p = run(documented(line.strip()[2:], tmp), tmp)
    printed_in_order('docs/conformance.md, ' + line.strip(), [m.group(2)], p.stdout + p.stderr)

    # The report of a port that leaves out a rewrite, from the export without it.
    m = re.search(r'\n    (rtab conform [^\n]*cavalry_pursuit[^\n]*)\n.*?\n```\n(vector [^`]*)```', conformance, re.S)
    if not m:
        sys.exit('test_port_docs: docs/conformance.md has no report of the port without the rewrite')
    with open(os.path.join(tmp, 'musket_pike.json'), encoding='utf-8') as f:
        data = json.load(f)
    pursuit = next(t for t in data['tables'] if t['id'] == 'cavalry_pursuit')
    pursuit['rewrites'] = [r for r in pursuit['rewrites'] if r['rule'] != '11.7.4']
    pursuit['nrewrites'] = len(pursuit['rewrites'])
    with open(os.path.join(tmp, 'without_11_7_4.json'), 'w', encoding='utf-8') as f:
        json.dump(data, f)
    p = run(documented(m.group(1), tmp), tmp)
    printed_in_order('docs/conformance.md, the report', shown_lines(m.group(2)), p.stdout + p.stderr)

    m = re.search(r'The note on standard error counts them: `([^`]*)`', read('docs/vectors.md'))
    p = run([rtab, 'vectors', os.path.join(root, 'tables/musket_pike.rtab')], tmp)
    note = ' '.join(m.group(1).split()) if m else None
    if not note or note not in p.stderr:
        failures.append('docs/vectors.md shows the note %r; rtab vectors prints %r' % (note, p.stderr))

    # docs/targets.md, through the Python module.
    subprocess.run([rtab, 'compile', '--target', 'python', os.path.join(root, 'tables/musket_pike.rtab'),
                    '-o', tmp], check=True)
    sys.path.insert(0, tmp)
    import musket_pike  # noqa: E402 (written just above)
    targets = read('docs/targets.md')
    units = {'game': 'tacw', 'attacker_type': 'cuirassiers', 'attacker_cavalry_units': 3,
             'defender_type': 'heavy_infantry', 'defender_morale': 4}  # examples/targets/pursuit.py's
    c = musket_pike.chain('melee', units, [6], 0, [[3], [3], [6]])
    got = {
        r"# (\[[^\]]*\]): the example of 11\.7\.4":
            repr([s['outcome'] for s in c['steps'] if s.get('table') == 'cavalry_pursuit']),
        r"ruleset\.label\('outcomes', 'defender_broken', 'ru'\)\s+// '([^']*)'":
            musket_pike.label('outcomes', 'defender_broken', 'ru'),
        r'musket_pike:rule\("tables", "cavalry_pursuit", "en"\)\s+-- \'([^\']*)\'':
            musket_pike.rule('tables', 'cavalry_pursuit', 'en'),
        r'new\[\] \{4\}\)\.OutcomeId\s+// "([^"]*)"':
            musket_pike.resolve('melee', {'attacker_morale': 7}, faces=[4])['outcome'],
    }
    for pattern, value in got.items():
        m = re.search(pattern, targets)
        if not m or m.group(1) != value:
            failures.append('docs/targets.md shows %r where the module gives %r (%s)'
                            % (m and m.group(1), value, pattern))
    # Each call of the Python module the page shows runs (but the refusal it shows after >>>).
    for call in re.findall(r'^    (musket_pike\.\w+\(.*\).*)$', targets, re.M):
        try:
            eval(call, {'musket_pike': musket_pike, 'units': units})
        except Exception as e:  # noqa: BLE001 (any error of the call is the page's)
            failures.append('docs/targets.md: %s raises %r' % (call, e))
    m = re.search(r'OutcomeName\.(\w+)', targets)
    pascal = ''.join(w[:1].upper() + w[1:] for w in got[list(got)[3]].split('_'))
    if not m or m.group(1) != pascal:
        failures.append('docs/targets.md shows OutcomeName.%s, the C# name of what the example gives is %s'
                        % (m and m.group(1), pascal))

    m = re.search(r'in about ([\d,]+) lines', read('examples/port-python/README.md'))
    lines = read('examples/port-python/rtab_port.py').count('\n')
    if not m or abs(int(m.group(1).replace(',', '')) - lines) > lines // 10:
        failures.append('examples/port-python/README.md: "about %s lines"; rtab_port.py has %d'
                        % (m and m.group(1), lines))

for f in failures:
    print('FAIL ' + f)
if failures:
    sys.exit(1)
print('ok: the outputs shown by docs/conformance.md, docs/vectors.md, docs/targets.md and the port README')
