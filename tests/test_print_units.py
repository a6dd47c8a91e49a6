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

# The numbers a result carries, said in a sentence: a parameter in a unit
# reads as a count of it ("{d}" with `d: int 1..3 steps`: "1 step", "2
# steps"), and a count of none ("or none = 0") as the language says it,
# never "none steps" ("no steps", "keine Schritte", "0 шагов").
COUNTS = '''ruleset counts { locales en, ru, de; en "Counts"; ru "Счёт"; de "Zählung";
  unit steps { en "step|steps"; ru "шаг|шага|шагов"; de "Schritt|Schritte"; } }
dice d6 = 1d6;
outcome losses(a: int 1..3 steps or none = 0 code -, d: int 1..3 steps or none = 0 code -) {
  en "Attacker loses {a}, defender loses {d}"; ru "Атакующий теряет {a}, защитник теряет {d}";
  de "Angreifer verliert {a}, Verteidiger verliert {d}"; code "{a}/{d}"; }
table crt { en "CRT"; ru "ТБР"; de "KET"; roll d6; rows {
  losses_1_none 1; losses_none_1 2; losses_2_3 3; losses_3_2 4; losses_none_none 5..6; } }
'''
SAYS = {
    'en': ['1/-: Attacker loses 1 step, defender loses no steps', '-/1: Attacker loses no steps, defender loses 1 step',
           '2/3: Attacker loses 2 steps, defender loses 3 steps', '-/-: Attacker loses no steps, defender loses no steps'],
    'ru': ['1/-: Атакующий теряет 1 шаг, защитник теряет 0 шагов', '2/3: Атакующий теряет 2 шага, защитник теряет 3 шага',
           '-/-: Атакующий теряет 0 шагов, защитник теряет 0 шагов'],
    'de': ['1/-: Angreifer verliert 1 Schritt, Verteidiger verliert keine Schritte',
           '2/3: Angreifer verliert 2 Schritte, Verteidiger verliert 3 Schritte'],
}


def aid_says(name, source, says_by_locale):
    """Writes source as NAME.rtab, prints its aid as HTML in each locale and
    records each expected sentence the page does not hold; returns the path."""
    path = os.path.join(tmp, name + '.rtab')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(source)
    for locale, says in says_by_locale.items():
        page = os.path.join(tmp, '%s.%s.html' % (name, locale))
        r = subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page],
                           capture_output=True, text=True)
        if r.returncode:
            print('FAIL: rtab export: %s' % r.stderr)
            sys.exit(1)
        text = ' '.join(p for u in aid_read.read_html(open(page, encoding='utf-8').read()) for p in u.text)
        for line in says:
            if line not in text:
                failed.append('%s: the aid does not say %r:\n  %s' % (locale, line, text))
    return path


path = aid_says('counts', COUNTS, SAYS)
# What the aid says is what every verb says: rtab eval prints the same label.
r = subprocess.run([rtab, 'eval', path, 'crt', '--roll', '2'], capture_output=True, text=True)
if 'Attacker loses no steps, defender loses 1 step' not in r.stdout:
    failed.append('rtab eval crt --roll 2 does not say the count so:\n%s%s' % (r.stdout, r.stderr))
# A label that writes its word after the brace ('{d} steps', no unit) reads a
# named value of 0 as none of that word ("no steps", "keine Schritte"), not
# "none steps"; an effect's argument of 0 in a unit reads "no hexes", not
# "0 hexes"; in eval and the aid alike.
WORDS = '''ruleset words_after { locales en, de; en "Words"; de "Worte"; unit hexes; }
dice d6 = 1d6;
effect retreat(hexes: int hexes) { en "Retreat"; de "Rückzug"; }
outcome loss(d: int 1..3 or none = 0 code -) {
  en "Defender loses {d} steps"; de "Verteidiger verliert {d} Schritte"; code "{d}/R"; }
outcome back(h: int 0..3 hexes) { en "Back"; de "Zurück"; code "B{h}"; retreat(h); }
table t { en "T"; de "T"; roll d6; grid {
  1-2 -/R
  3-4 2/R
  5   B0
  6   B2
} }
'''
WORDS_SAY = {'en': ['-/R: Defender loses no steps', '2/R: Defender loses 2 steps', 'B0 \u2014 Retreat (no hexes)',
                    'B2 \u2014 Retreat (2 hexes)'],
             'de': ['-/R: Verteidiger verliert keine Schritte', 'B0 \u2014 R\u00fcckzug (keine Felder)']}
path = aid_says('words_after', WORDS, WORDS_SAY)
r = subprocess.run([rtab, 'eval', path, 't', '--roll', '1'], capture_output=True, text=True)
if '"Defender loses no steps"' not in r.stdout:
    failed.append('rtab eval t --roll 1 does not say "Defender loses no steps":\n%s%s' % (r.stdout, r.stderr))
for f in failed:
    print('FAIL', f)
print('%d conditions read, %d counts' % (sum(len(w) for w in WANT.values()), sum(len(s) for s in SAYS.values())))
sys.exit(1 if failed else 0)
