#!/usr/bin/env python3
"""N melees through the module rtab compile --target python writes, timed in
this process (CPU time): bench/run's per-target figure.

usage: melee.py MODULE_DIR N RUNS [handwritten|agree]
  -> one line per run: "ns CHECKSUM"
handwritten: the same melees through the hand-written port (handwritten_melee.py), the
baseline; agree: the module and the port on N situations drawn over every input the melee
reads, each result compared whole (exit 1 at the first difference), then "agree N".
The pool of situations and faces is the same in every language (bench/targets/).
"""
import os
import sys
import time

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import musket_pike  # noqa: E402
import handwritten_melee  # noqa: E402

n, runs = int(sys.argv[2]), int(sys.argv[3])
mode = sys.argv[4] if len(sys.argv) > 4 else 'module'
pool = [{'attacker_leaders': i % 4, 'defender_leaders': i // 4 % 4, 'attacker_morale': 1 + i % 10,
         'defender_morale': 1 + i * 3 % 10, 'flank_rear_hexes': i % 5} for i in range(64)]
melee = handwritten_melee.Melee(musket_pike.DATA)


def drawn(k):
    """Situation k of the agreement: every input the melee reads, drawn (a fixed LCG)."""
    x = k * 2654435761 % 2 ** 32
    out = {}
    for name, (kind, _) in handwritten_melee.INPUTS.items():
        x = (x * 1103515245 + 12345) % 2 ** 31
        if kind == 'bool':
            out[name] = x % 2 == 1
        elif isinstance(kind, tuple):
            out[name] = kind[0] + x % (kind[1] - kind[0] + 1)
        else:
            out[name] = kind[x % len(kind)]
    return out


def outcome_of(resolve, *args):
    try:
        return resolve(*args)
    except (musket_pike.RtabError, handwritten_melee.MeleeError) as e:
        return {'error': e.status}


if mode == 'agree':
    for k in range(n):
        given, face = (pool[k % 64], k // 64 % 10) if k % 2 else (drawn(k), k % 10)
        a = outcome_of(musket_pike.resolve, 'melee', given, [face], 0)
        b = outcome_of(melee.resolve, given, face)
        if a != b:
            sys.exit('melee.py: the module and the hand-written port differ on %r, face %d:\n  %r\n  %r'
                     % (given, face, a, b))
    print('agree %d' % n)
    sys.exit(0)

for _ in range(runs):
    checksum = 0
    start = time.process_time()
    if mode == 'handwritten':
        for k in range(n):
            try:
                r = melee.resolve(pool[k % 64], 1 + k // 64 % 6)
                checksum += r['modified_roll'] + len(r['triggers'])
            except handwritten_melee.MeleeError:
                checksum += 1000
    else:
        for k in range(n):
            try:
                r = musket_pike.resolve('melee', pool[k % 64], faces=[1 + k // 64 % 6], drm=0)
                checksum += r['modified_roll'] + len(r['triggers'])
            except musket_pike.RtabError:
                checksum += 1000
    elapsed = time.process_time() - start
    print('%.1f %d' % (elapsed * 1e9 / n, checksum), flush=True)
