#!/usr/bin/env python3
"""N melees through the module rtab compile --target python writes, timed in
this process (CPU time): bench/run's per-target figure.

usage: melee.py MODULE_DIR N RUNS -> one line per run: "ns CHECKSUM"
The pool of situations and faces is the same in every language (bench/targets/).
"""
import os
import sys
import time

sys.path.insert(0, sys.argv[1])
import musket_pike  # noqa: E402

n, runs = int(sys.argv[2]), int(sys.argv[3])
pool = [{'attacker_leaders': i % 4, 'defender_leaders': i // 4 % 4, 'attacker_morale': 1 + i % 10,
         'defender_morale': 1 + i * 3 % 10, 'flank_rear_hexes': i % 5} for i in range(64)]
for _ in range(runs):
    checksum = 0
    start = time.process_time()
    for k in range(n):
        try:
            r = musket_pike.resolve('melee', pool[k % 64], faces=[1 + k // 64 % 6], drm=0)
            checksum += r['modified_roll'] + len(r['triggers'])
        except musket_pike.RtabError:
            checksum += 1000
    elapsed = time.process_time() - start
    print('%.1f %d' % (elapsed * 1e9 / n, checksum), flush=True)
