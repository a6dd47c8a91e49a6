#!/usr/bin/env python3
"""A game's melee in Python, resolved by the module `rtab compile --target
python` writes from tables/musket_pike.rtab:

    rtab compile --target python tables/musket_pike.rtab -o out
    PYTHONPATH=out python3 examples/targets/melee.py FACE [LOCALE]
"""
import sys

import musket_pike


def label(section, ident, locale):
    item = next(d for d in musket_pike.DATA[section] if d['id'] == ident)
    return item['labels'].get(locale) or item['labels']['en']


def main(argv):
    face, locale = int(argv[1]), argv[2] if len(argv) > 2 else 'en'
    # A regiment of cuirassiers with its colonel charges shaken pikemen.
    units = {'attacker_type': 'cuirassiers', 'attacker_cavalry_units': 1, 'attacker_leaders': 1,
             'defender_type': 'heavy_infantry', 'defender_morale': 4}
    try:
        r = musket_pike.resolve('melee', units, faces=[face], drm=0)
    except musket_pike.RtabError as e:
        print('refused: %s' % e)
        return 1
    print('%s: %d %+d = %d: %s; then %s' % (
        label('tables', 'melee', locale), r['natural'], r['modifier'], r['modified_roll'],
        label('outcomes', r['outcome'], locale), ', '.join(r['triggers']) or 'nothing'))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
