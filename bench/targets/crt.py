#!/usr/bin/env python3
"""N rolls on the classic odds CRT through the module rtab compile --target python writes,
timed in this process (CPU time): bench/run's per-target figure for a grid odds table.

usage: crt.py MODULE_DIR N RUNS [handwritten|agree]
  -> one line per run: "ns CHECKSUM"
handwritten: the same rolls through the hand-written port (handwritten_crt.py), the
baseline; agree: the module and the port on N situations drawn over every input the CRT
reads (and faces from 0 to 7, or none), each result compared whole (exit 1 at the first
difference), then "agree N". The pool of situations and faces is the same in every
language (bench/targets/): odds from below 1:4 to above 6:1, with and without each shift.
"""
import os
import sys
import time

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import classic_odds  # noqa: E402
import handwritten_crt  # noqa: E402

n, runs = int(sys.argv[2]), int(sys.argv[3])
mode = sys.argv[4] if len(sys.argv) > 4 else 'module'
pool = [{'attack': 1 + i * 7 % 40, 'defence': 1 + i * 5 % 13, 'combined_arms': i % 3 == 0,
         'across_river': i % 4 == 1} for i in range(64)]
crt = handwritten_crt.Crt()


def drawn(k):
    """Situation k of the agreement: every input the CRT reads, drawn (a fixed LCG)."""
    x = k * 2654435761 % 2 ** 32
    out = {}
    for name, (kind, _) in handwritten_crt.INPUTS.items():
        x = (x * 1103515245 + 12345) % 2 ** 31
        if kind == 'bool':
            out[name] = x % 2 == 1
        elif isinstance(kind, tuple):
            # Small forces mostly (every column), now and then anything in the domain.
            out[name] = x % 31 if x % 8 else kind[0] + x % (kind[1] - kind[0] + 1)
        else:
            out[name] = kind[x % len(kind)]
    return out


def outcome_of(resolve, *args):
    try:
        return resolve(*args)
    except (classic_odds.RtabError, handwritten_crt.CrtError) as e:
        return {'error': e.status}


if mode == 'agree':
    for k in range(n):
        given = pool[k % 64] if k % 2 else drawn(k)
        face = None if k % 9 == 0 else k // 2 % 8
        a = outcome_of(classic_odds.resolve, 'crt', given, [] if face is None else [face], 0)
        b = outcome_of(crt.resolve, given, face)
        if a != b:
            sys.exit('crt.py: the module and the hand-written port differ on %r, face %r:\n  %r\n  %r'
                     % (given, face, a, b))
    print('agree %d' % n)
    sys.exit(0)

for _ in range(runs):
    checksum = 0
    start = time.process_time()
    if mode == 'handwritten':
        for k in range(n):
            r = crt.resolve(pool[k % 64], 1 + k // 64 % 6)
            checksum += 100 if r.get('no_result') else r['modified_roll'] + r['column_shift'] + len(r['effects'])
    else:
        for k in range(n):
            r = classic_odds.resolve('crt', pool[k % 64], faces=[1 + k // 64 % 6], drm=0)
            checksum += 100 if r.get('no_result') else r['modified_roll'] + r['column_shift'] + len(r['effects'])
    elapsed = time.process_time() - start
    print('%.1f %d' % (elapsed * 1e9 / n, checksum), flush=True)
