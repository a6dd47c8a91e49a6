#!/usr/bin/env python3
"""A modifier's condition is printed in the "When" column of the player aid
in the reader's words, each number with its input's unit in the form the
number takes (English: one, or more; Russian: 1, 21 ...; 2-4, 22-24 ...;
the rest): `when move > 6 inches;` reads "Move > 6 inches", in Russian
"Движение > 6 дюймов". A unit of the ruleset's own is said in the words
its declaration gives each locale, in the form the number takes (`unit
pace { en "pace|paces"; ru "шаг|шага|шагов"; }`, a word that never changes
as one form); one declared without words keeps its name. Read from the
HTML aid's markup (tests/aid_read.py), in each locale.

usage: test_print_units.py RTAB
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aid_read  # noqa: E402

rtab = os.path.abspath(sys.argv[1])
tmp = tempfile.mkdtemp()
SOURCE = '''ruleset units_when { locales en, ru; en "Units"; ru "Единицы"; unit inches; unit stride; unit hexes;
  unit bound { en "bound|bounds"; ru "скачок|скачка|скачков"; } unit mp { en "MP"; ru "ОД"; } }
dice d6 = 1d6;
input move: int 0..40 inches = 6 { en "Move"; ru "Движение"; }
input gap: int 0..40 stride = 0 { en "Gap"; ru "Разрыв"; }
input hexes_away: int 0..30 hexes = 0 { en "Range"; ru "Дальность"; }
input leap: int 0..40 bound = 0 { en "Leap"; ru "Прыжок"; }
input moves: int 0..20 mp = 0 { en "Moves"; ru "Ходы"; }
outcome hit { en "Hit"; ru "Попадание"; }
outcome miss { en "Miss"; ru "Промах"; }
modifier fast { en "Fast"; ru "Быстро"; when move > 6 inches; value 1; }
modifier crawl { en "Crawl"; ru "Ползком"; when move <= 1 inches; value -1; }
modifier near { en "Near"; ru "Близко"; when hexes_away < 2 hexes; value 1; }
modifier far { en "Far"; ru "Далеко"; when hexes_away >= 21 hexes; value -2; }
modifier wide { en "Wide"; ru "Широко"; when gap > 3 stride; value -1; }
modifier hop { en "Hop"; ru "Прыг"; when leap <= 1 bound; value 1; }
modifier jump { en "Jump"; ru "Скачок"; when leap > 3 bound; value -1; }
modifier soar { en "Soar"; ru "Полёт"; when leap >= 25 bound; value -2; }
modifier tired { en "Tired"; ru "Устал"; when moves > 2 mp; value -1; }
table shot { en "Shot"; ru "Выстрел"; roll d6; modifiers fast, crawl, near, far, wide, hop, jump, soar, tired;
  rows { hit >=4; miss <=3; } }
'''
WANT = {
    'en': {'Fast': 'Move > 6 inches', 'Crawl': 'Move \u2264 1 inch', 'Near': 'Range < 2 hexes',
           'Far': 'Range \u2265 21 hexes', 'Wide': 'Gap > 3 stride', 'Hop': 'Leap \u2264 1 bound',
           'Jump': 'Leap > 3 bounds', 'Soar': 'Leap \u2265 25 bounds', 'Tired': 'Moves > 2 MP'},
    'ru': {'Быстро': 'Движение > 6 дюймов', 'Ползком': 'Движение \u2264 1 дюйм', 'Близко': 'Дальность < 2 гекса',
           'Далеко': 'Дальность \u2265 21 гекс', 'Прыг': 'Прыжок \u2264 1 скачок',
           'Скачок': 'Прыжок > 3 скачка', 'Полёт': 'Прыжок \u2265 25 скачков', 'Устал': 'Ходы > 2 ОД'},
}
path = os.path.join(tmp, 'units_when.rtab')
with open(path, 'w', encoding='utf-8') as f:
    f.write(SOURCE)
failed = []
for locale, want in WANT.items():
    page = os.path.join(tmp, 'aid.%s.html' % locale)
    r = subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page],
                       capture_output=True, text=True)
    if r.returncode:
        print('FAIL: rtab export: %s' % r.stderr)
        sys.exit(1)
    units = aid_read.read_html(open(page, encoding='utf-8').read())
    rows = {row[0]: row for u in units for g in u.grids if len(g[0]) == 3 for row in g[1:]}
    for label, when in want.items():
        got = rows.get(label, [None, None, None])[2]
        if got != when:
            failed.append('%s: %s: When reads %r, not %r' % (locale, label, got, when))
for f in failed:
    print('FAIL', f)
print('%d conditions read' % sum(len(w) for w in WANT.values()))
sys.exit(1 if failed else 0)
