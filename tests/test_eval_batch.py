#!/usr/bin/env python3
"""rtab eval --batch answers each request line exactly as `rtab eval ... --json`
answers it alone.

For every bundled ruleset: each results table at its lowest and highest faces,
with and without a DRM from outside, each reaction set, transition, distance
and procedure by name, and requests that are wrong (an unknown name, a bad
roll, an unknown input, an option a line does not take). A request that
resolves gives the same JSON object as the single call; one that fails gives
{"line": N, "exit": STATUS, "error": MESSAGE} where the single call exits with
STATUS and prints MESSAGE. Blank lines and '#' lines are not answered; a line past the length
limit is refused and the next one still answered; answers come as each line
is read (the process kept as a co-process); the exit status is 1 when any
request failed, 0 otherwise; options a batch cannot take are usage errors.

usage: test_eval_batch.py RTAB SOURCE_ROOT
"""
import glob
import json
import os
import subprocess
import sys

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
failed = []
compared = 0


def fail(msg):
    failed.append(msg)


def requests(doc):
    dice = {d['id']: d for d in doc['dice']}
    out = []
    for t in doc['tables']:
        d = dice.get(t.get('dice_id'))
        if d is None:
            out.append([t['id']])
            continue
        faces = [f for g in d['groups'] for f in [(g['face_min'], g['face_max'])] * g['count']]
        nrolls = 2 if t.get('nrolls') == 2 else 1
        for pick in (0, 1):
            roll = ','.join(str(f[pick]) for f in faces * nrolls)
            out.append([t['id'], '--roll', roll])
            out.append([t['id'], '--roll', roll, '--drm', '1'])
    for kind in ('reaction_sets', 'transitions', 'distances', 'procedures'):
        out += [[x['id']] for x in doc.get(kind, [])]
    out.append(['no_such_name', '--roll', '1'])
    if doc['tables']:
        out.append([doc['tables'][0]['id'], '--roll', 'x'])
        out.append([doc['tables'][0]['id'], '--set', 'no_such_input=1', '--roll', '1'])
    return out


for path in sorted(glob.glob('tables/*.rtab')):
    doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True,
                                    text=True, check=True).stdout)
    asked = requests(doc)
    lines = ['# requests of %s' % path, ''] + [' '.join(r) for r in asked]
    r = subprocess.run([rtab, 'eval', path, '--batch'], input='\n'.join(lines) + '\n', capture_output=True,
                       text=True)
    answers = r.stdout.splitlines()
    if len(answers) != len(asked):
        fail('%s: %d requests, %d answers' % (path, len(asked), len(answers)))
        continue
    any_error = False
    for n, (req, answer) in enumerate(zip(asked, answers), 3):
        got = json.loads(answer)
        alone = subprocess.run([rtab, 'eval', path] + req + ['--json'], capture_output=True, text=True)
        compared += 1
        where = '%s line %d (%s)' % (path, n, ' '.join(req))
        if alone.returncode == 0:
            if got != json.loads(alone.stdout):
                fail('%s: the batch answers %s, eval alone %s' % (where, answer[:200], alone.stdout[:200]))
        elif (got.get('line') != n or got.get('exit') != alone.returncode or not got.get('error')
              or got['error'] not in alone.stderr):
            fail('%s: eval alone exits %d with %r; the batch answers %s' %
                 (where, alone.returncode, alone.stderr[:200], answer[:200]))
        else:
            any_error = True
    if r.returncode != (1 if any_error else 0):
        fail('%s: the batch exited %d' % (path, r.returncode))

# A line past the limit is refused; the next is still answered; the status says a request failed.
path = 'tables/classic_odds.rtab'
r = subprocess.run([rtab, 'eval', path, '--batch'], input='crt ' + 'x' * 70000 + '\ncrt --roll 3\n',
                   capture_output=True, text=True)
answers = [json.loads(a) for a in r.stdout.splitlines()]
if (r.returncode != 1 or len(answers) != 2 or 'longer than' not in answers[0].get('error', '')
        or answers[1].get('outcome') is None):
    fail('a line too long: exit %d, answers %r' % (r.returncode, r.stdout[:300]))

# Answered as read: one request written, its answer read, before standard input closes.
p = subprocess.Popen([rtab, 'eval', path, '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     text=True, bufsize=1)
for roll in (1, 6):
    p.stdin.write('crt --roll %d\n' % roll)
    p.stdin.flush()
    if json.loads(p.stdout.readline()).get('faces') != [roll]:
        fail('the co-process did not answer --roll %d as it was asked' % roll)
p.stdin.close()
if p.wait() != 0:
    fail('the co-process exited %d after two good requests' % p.returncode)

# What a batch cannot take: a NAME on the command line, per-request options there.
for args, says in ((['crt'], 'FILE alone'), (['--roll', '3'], 'from each line'),
                   (['--explain'], 'explains one request')):
    r = subprocess.run([rtab, 'eval', path, '--batch'] + args, input='', capture_output=True, text=True)
    if r.returncode != 2 or says not in r.stderr:
        fail('--batch %s: exit %d, %r' % (' '.join(args), r.returncode, r.stderr[:200]))

for f in failed:
    print('FAIL:', f)
print('%d batch answers compared with rtab eval alone; %d failures' % (compared, len(failed)))
sys.exit(1 if failed or compared < 50 else 0)
