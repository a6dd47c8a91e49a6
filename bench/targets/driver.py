#!/usr/bin/env python3
"""N resolutions through the module rtab compile --target python writes, timed
in this process (CPU time): bench/run's per-target figures.

usage: driver.py BENCH MODULE_DIR N RUNS [handwritten|agree]
  BENCH: melee (Musket & Pike's melee) or crt (the classic odds CRT: odds
  rounded to a column, two column shifts, both ends without a roll)
  -> one line per run: "ns CHECKSUM"
handwritten: the same resolutions through the hand-written port
(handwritten_melee.py, handwritten_crt.py), the baseline; agree: the module
and the port on N situations drawn over every input the table reads (the
CRT also with no face), each result compared whole (exit 1 at the first
difference), then "agree N". The pool of situations and faces is the same
in every language (bench/targets/).
"""
import os
import sys
import time
import types

bench, module_dir = sys.argv[1], sys.argv[2]
n, runs = int(sys.argv[3]), int(sys.argv[4])
mode = sys.argv[5] if len(sys.argv) > 5 else 'module'
sys.path.insert(0, module_dir)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def melee_case():
    """The melee: its module, its hand-written port and how a result is summed."""
    import musket_pike as module
    import handwritten_melee as port_module
    pool = [{'attacker_leaders': i % 4, 'defender_leaders': i // 4 % 4, 'attacker_morale': 1 + i % 10,
             'defender_morale': 1 + i * 3 % 10, 'flank_rear_hexes': i % 5} for i in range(64)]
    return types.SimpleNamespace(
        module=module, port_module=port_module, table='melee', pool=pool, refuses=True,
        port=port_module.Melee(module.DATA), errors=(module.RtabError, port_module.MeleeError),
        draw_int=lambda x, lo, hi: lo + x % (hi - lo + 1),
        agree_case=lambda k, drawn: (pool[k % 64], k // 64 % 10) if k % 2 else (drawn, k % 10),
        checksum=lambda r: r['modified_roll'] + len(r['triggers']))


def crt_case():
    """The CRT: odds from below 1:4 to above 6:1, with and without each shift."""
    import classic_odds as module
    import handwritten_crt as port_module
    pool = [{'attack': 1 + i * 7 % 40, 'defence': 1 + i * 5 % 13, 'combined_arms': i % 3 == 0,
             'across_river': i % 4 == 1} for i in range(64)]
    return types.SimpleNamespace(
        module=module, port_module=port_module, table='crt', pool=pool, refuses=False,
        port=port_module.Crt(), errors=(module.RtabError, port_module.CrtError),
        # Small forces mostly (every column), now and then anything in the domain.
        draw_int=lambda x, lo, hi: x % 31 if x % 8 else lo + x % (hi - lo + 1),
        agree_case=lambda k, drawn: (pool[k % 64] if k % 2 else drawn, None if k % 9 == 0 else k // 2 % 8),
        checksum=lambda r: 100 if r.get('no_result') else r['modified_roll'] + r['column_shift'] + len(r['effects']))


case = {'melee': melee_case, 'crt': crt_case}[bench]()


def drawn(k):
    """Situation k of the agreement: every input the table reads, drawn (a fixed LCG)."""
    x = k * 2654435761 % 2 ** 32
    out = {}
    for name, (kind, _) in case.port_module.INPUTS.items():
        x = (x * 1103515245 + 12345) % 2 ** 31
        if kind == 'bool':
            out[name] = x % 2 == 1
        elif isinstance(kind, tuple):
            out[name] = case.draw_int(x, kind[0], kind[1])
        else:
            out[name] = kind[x % len(kind)]
    return out


def outcome_of(resolve, *args):
    try:
        return resolve(*args)
    except case.errors as e:
        return {'error': e.status}


if mode == 'agree':
    for k in range(n):
        given, face = case.agree_case(k, drawn(k))
        a = outcome_of(case.module.resolve, case.table, given, [] if face is None else [face], 0)
        b = outcome_of(case.port.resolve, given, face)
        if a != b:
            sys.exit('driver.py %s: the module and the hand-written port differ on %r, face %r:\n  %r\n  %r'
                     % (bench, given, face, a, b))
    print('agree %d' % n)
    sys.exit(0)

# Both loops alike: the melee's catch a refused situation (its pool holds some), the CRT's
# call straight (every situation of its pool resolves), as a port would write each.
pool, checksum_of, errors = case.pool, case.checksum, case.errors
resolve = case.port.resolve if mode == 'handwritten' else (
    lambda situation, face, resolve=case.module.resolve, table=case.table: resolve(table, situation, [face], 0))
for _ in range(runs):
    checksum = 0
    start = time.process_time()
    if case.refuses:
        for k in range(n):
            try:
                checksum += checksum_of(resolve(pool[k % 64], 1 + k // 64 % 6))
            except errors:
                checksum += 1000
    else:
        for k in range(n):
            checksum += checksum_of(resolve(pool[k % 64], 1 + k // 64 % 6))
    elapsed = time.process_time() - start
    print('%.1f %d' % (elapsed * 1e9 / n, checksum), flush=True)
