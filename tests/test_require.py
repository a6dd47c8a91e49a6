#!/usr/bin/env python3
"""Requirements on the inputs (`require ID: CONDITION { en "message"; }`),
through every verb that meets a situation: check proves some situation meets
them, eval and odds refuse one that breaks them naming the requirement, an
example in such a situation fails, vectors visit it only as the refusal at
the requirement's boundary, and the runtime
(interpreted, native through rtab_resolve, the generated situation_init) and
the reference port refuse it with RTAB_E_REQUIRE.

Usage: test_require.py RTAB SOURCE_ROOT
"""

import json
import os
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
sys.path.insert(0, os.path.join(root, 'examples', 'port-python'))
import rtab_port  # noqa: E402

FIXTURE = os.path.join(root, 'tests', 'require', 'pursuit.rtab')
NAME = 'cuirassiers_are_cavalry'
failures = []


def run(*args, cwd=None):
    p = subprocess.run(list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                       timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def expect(what, ok, detail=''):
    if not ok:
        failures.append('%s%s' % (what, ': ' + detail if detail else ''))


def written(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


with open(FIXTURE, encoding='utf-8') as f:
    source = f.read()

with tempfile.TemporaryDirectory() as tmp:
    # check: satisfiable passes; one no situation meets, or two that exclude
    # each other, are errors of the named check.
    rc, out, err = run(rtab, 'check', FIXTURE)
    expect('check passes a satisfiable requirement', rc == 0, err)
    never = written(tmp, 'never.rtab', source.replace(
        'attacker != cuirassiers or cavalry_units > 0', 'cavalry_units > 4'))
    rc, out, err = run(rtab, 'check', never)
    expect('check refuses a requirement no situation meets',
           rc == 1 and "requirement '%s' holds in no situation" % NAME in err and '[-Wrequire]' in err, err)
    both = written(tmp, 'both.rtab', source.replace('outcome pursue', '''
require no_cavalry: cavalry_units == 0 or attacker == line { en "Only line units count cavalry"; }
require only_cuirassiers: attacker == cuirassiers { en "Only cuirassiers pursue"; }
outcome pursue'''))
    rc, out, err = run(rtab, 'check', both)
    expect('check refuses requirements that exclude each other',
           rc == 1 and 'the requirements together hold in no situation' in err, err)

    # eval and odds: refused, naming the requirement and its message.
    broken = ['--set', 'attacker=cuirassiers']
    rc, out, err = run(rtab, 'eval', FIXTURE, 'pursuit', *broken, '--roll', '4')
    expect('eval refuses a situation breaking a requirement',
           rc == 1 and out == '' and "breaks requirement '%s': Cuirassiers are cavalry" % NAME in err,
           '%d %r %r' % (rc, out, err))
    rc, out, err = run(rtab, 'eval', FIXTURE, 'pursuit', *broken, '--set', 'cavalry_units=1',
                       '--roll', '3', '--json')
    expect('eval resolves a situation meeting it', rc == 0 and json.loads(out)['outcome'] == 'pursue',
           err)
    rc, out, err = run(rtab, 'odds', FIXTURE, 'pursuit', *broken)
    expect('odds refuses a situation breaking a requirement',
           rc == 1 and out == '' and "breaks requirement '%s'" % NAME in err, err)

    # test: an example in a refused situation fails, naming the requirement.
    bad_example = written(tmp, 'example.rtab', source.replace(
        'cavalry_units = 1) roll 3', 'cavalry_units = 0) roll 3'))
    rc, out, err = run(rtab, 'test', bad_example)
    expect('an example breaking a requirement fails naming it',
           rc == 1 and "requirement '%s'" % NAME in out + err, out + err)

    # vectors: cuirassiers appear, never without cavalry units.
    rc, out, err = run(rtab, 'vectors', FIXTURE)
    vectors = [json.loads(line) for line in out.splitlines() if line.strip()]
    cuirassiers = [v for v in vectors if v.get('inputs', {}).get('attacker') == 'cuirassiers']
    expect('vectors visit cuirassiers with cavalry units', rc == 0 and cuirassiers, err)
    # A situation that breaks it only at the requirement's boundary, refused
    # there as the runtime refuses it (a port must refuse it too).
    broken_vectors = [v for v in cuirassiers if v['inputs']['cavalry_units'] == 0]
    expect('vectors visit a situation a requirement refuses only as its refusal',
           broken_vectors and all(v.get('error') == 'the situation breaks a requirement of the ruleset'
                                  for v in broken_vectors), broken_vectors[:2])

    # the reference port, from the JSON export.
    rc, out, err = run(rtab, 'export', '--format', 'json', FIXTURE)
    port = rtab_port.Ruleset(json.loads(out))
    try:
        port.resolve('pursuit', {'attacker': 'cuirassiers'}, faces=[4])
        expect('the port refuses a situation breaking a requirement', False)
    except rtab_port.RtabError as e:
        expect('the port says RTAB_E_REQUIRE', e.status == rtab_port.E_REQUIRE, str(e))
    r = port.resolve('pursuit', {'attacker': 'cuirassiers', 'cavalry_units': 1}, faces=[3])
    expect('the port resolves a situation meeting it', r['outcome'] == 'pursue', str(r))

    # the generated C: rtab_resolve (native) and situation_init refuse it.
    out_dir = os.path.join(tmp, 'c')
    os.makedirs(out_dir)
    rc, out, err = run(rtab, 'compile', FIXTURE, '-o', out_dir)
    expect('compile', rc == 0, err)
    main = written(out_dir, 'main.c', r'''
#include "pursuit_rules.h"
#include <stdio.h>
int main(void)
{
	const int32_t broken[] = {1, 0}, met[] = {1, 1}, faces[] = {4};
	int32_t which = -2;
	rtab_result r;
	pursuit_rules_situation s;
	int bad = 0;
	bad |= rtab_resolve(&pursuit_rules_ruleset, 0, broken, 2, faces, 1, 0, &r) != RTAB_E_REQUIRE;
	bad |= rtab_resolve_interpreted(&pursuit_rules_ruleset, 0, broken, 2, faces, 1, 0, &r) != RTAB_E_REQUIRE;
	bad |= rtab_requirement_broken(&pursuit_rules_ruleset, broken, 2, &which) != RTAB_OK || which != 0;
	bad |= pursuit_rules_situation_init(&s, broken, 2) != RTAB_E_REQUIRE;
	bad |= rtab_resolve(&pursuit_rules_ruleset, 0, met, 2, faces, 1, 0, &r) != RTAB_OK || r.modified_roll != 6;
	printf("%s\n", bad ? "wrong" : "refused");
	return bad;
}
''')
    sources = [os.path.join(out_dir, n) for n in sorted(os.listdir(out_dir)) if n.endswith('.c')]
    exe = os.path.join(tmp, 'pursuit')
    cc = os.environ.get('CC', 'cc').split()
    rc, out, err = run(*cc, '-std=c11', '-I', os.path.join(root, 'runtime'), '-I', out_dir, '-o', exe,
                       *sources, os.path.join(root, 'runtime', 'rtab.c'))
    expect('the generated C builds', rc == 0, err)
    if rc == 0:
        rc, out, err = run(exe)
        expect('the generated C refuses the situation', rc == 0 and out.strip() == 'refused', out + err)

for f in failures:
    print('FAIL:', f)
print('require: %d failures' % len(failures))
sys.exit(1 if failures else 0)
