#!/usr/bin/env python3
"""A melee and the pursuits it triggers, in Python, through the module
`rtab compile --target python` writes from tables/musket_pike.rtab: the
example of Cavalry Pursuit 11.7.4 (three cavalry units pursue a broken
unit; a unit already eliminated by an earlier pursuit roll is not
eliminated again).

    rtab compile --target python tables/musket_pike.rtab -o out
    PYTHONPATH=out python3 examples/targets/pursuit.py MELEE_FACE PURSUIT_FACE...

Prints the melee's outcome, then each step it triggers, in order: what it
resolves, which trigger of the outcome it is and its repeat, the inputs it
passes on and what it gives.
"""
import sys

import musket_pike


def text(v):
    return ('true' if v else 'false') if isinstance(v, bool) else str(v)


def main(argv):
    melee_face, pursuit_faces = int(argv[1]), [[int(f)] for f in argv[2:]]
    # Three regiments of cuirassiers charge pikemen in This Accursed Civil War.
    units = {'game': 'tacw', 'attacker_type': 'cuirassiers', 'attacker_cavalry_units': 3,
             'defender_type': 'heavy_infantry', 'defender_morale': 4}
    try:
        c = musket_pike.chain('melee', units, [melee_face], 0, pursuit_faces)
    except musket_pike.RtabError as e:
        print('refused: %s' % e)
        return 1
    r = c['result']
    print('melee: %d %+d = %d: %s (rule %s)' % (r['natural'], r['modifier'], r['modified_roll'], r['outcome'], r['rule']))
    for s in c['steps']:
        kind = next(k for k in ('table', 'reactions', 'transition', 'distance', 'procedure') if k in s)
        passed = ', '.join('%s=%s' % (k, text(s['inputs'][k])) for k in sorted(s['inputs']))
        if 'error' in s:
            got = 'refused: %s' % s['error']
        elif kind == 'table':
            got = '%s (rule %s)' % (s['outcome'], s['rule'])
        elif kind == 'transition':
            got = text(s['state'])
        else:
            got = text(s.get('outcome'))
        print('%s %s, trigger %d, repeat %d (%s): %s' % (kind, s[kind], s['trigger'], s['repeat'], passed, got))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
