#!/usr/bin/env python3
"""rtab verify on editions in another unit (docs/verify.md: Editions in
another unit): the German metric and inch editions of Napoleonic charge
(tests/verify/napoleonic_charge_de_metric.rtab, _de_inch.rtab) against the
original, which prints cm with inches in brackets.

- each edition verifies clean: the figures the edition does not print (the
  bracketed inches of the metric edition, the cm of the inch edition where
  the original gives inches too) are left aside and said so, every other
  figure is compared by the declared conversion within its tolerance;
- a fault planted in either edition, one at a time (a figure, a boundary, a
  unit left unconverted, a dropped factor, a wrong example), is one error
  whose locations are the planted line in the edition and its line in the
  original;
- the two editions against each other differ only where the original's two
  scales differ (the compulsory move entered per scale, the 1D6 added in each
  scale's unit, the light cavalry example's 15 cm [9"]).

usage: test_verify_editions.py RTAB SOURCE_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
original = 'tables/napoleonic_charge.rtab'
metric = 'tests/verify/napoleonic_charge_de_metric.rtab'
inch = 'tests/verify/napoleonic_charge_de_inch.rtab'
failed = passed = 0


def verify(a, b):
    r = subprocess.run([rtab, 'verify', a, b], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def check(name, ok, out=''):
    global failed, passed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f'FAIL {name}')
        print('\n'.join(out.splitlines()[:30]))


def line_of(path, text):
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        if text in line:
            return n
    raise SystemExit(f'{path}: no line holds {text!r}')


# Faithful: clean, and the left-aside figures said, not passed in silence.
for edition, unit in ((metric, 'inches'), (inch, 'cm')):
    status, out = verify(original, edition)
    check(f'{edition}: clean', status == 0 and out.rstrip().endswith('0 errors, 0 warnings'), out)
    aside = re.findall(r'left aside \(the translation, an edition in another unit, measures nothing in (\w+)\)', out)
    check(f'{edition}: left aside in {unit}', aside and set(aside) == {unit}, out)
status, out = verify(original, inch)
check('inch: 40 cm is 16 inches',
      "check supporting_fire_point(start_gap_cm = 40 cm): \"supporting_fire_point(start_gap_cm = 16) -> 8 inches\" "
      "means the original's \"supporting_fire_point(start_gap_cm = 40) -> 20 cm\"" in out, out)
check('inch: 16 cm is 6.5 inches, said so',
      'friendly_unit_gap_cm = 6.5, compulsory_move_cm = 12) -> beyond_half_compulsory_move provisional" means the original\'s '
      '"friendly_units_behind(friendly_unit_behind = true, friendly_unit_gap_cm = 16, compulsory_move_cm = 30) '
      '-> beyond_half_compulsory_move provisional" (the same situation: each figure the original\'s under the '
      'declared conversion, within its tolerance)' in out, out)
check('inch: a domain stepped by halves', "type: \"number 0..79 by 0.5\" means the original's \"int 0..200\"" in out, out)

# Planted faults: (edition, what, the line's text in the edition, replaced
# by, the original's line's text). A domain left in cm is also said where
# the distance that reads it is not compared beyond it: two errors.
consequences = {'a bound left in cm': 2}
faults = [
    (metric, 'a dropped half', 'value compulsory_move_cm / 2 + 1d6 cm;',
     'value compulsory_move_cm + 1d6 cm;', 'value compulsory_move_cm / 2 + 1d6 cm;'),
    (metric, 'a natural roll', 'natural 6, 6 -> pass', 'natural 5, 5 -> pass', 'natural 6, 6 -> pass'),
    (metric, 'a domain', 'input start_gap_cm: int 0..1000 cm', 'input start_gap_cm: int 0..100 cm',
     'input start_gap_cm: int 0..1000 cm'),
    (metric, "an example's figure", 'supporting_fire_point(start_gap_cm = 40) -> 20 cm;',
     'supporting_fire_point(start_gap_cm = 40) -> 21 cm;', 'supporting_fire_point(start_gap_cm = 40) -> 20 cm;'),
    (metric, 'a comparison turned strict', 'friendly_unit_gap_cm * 2 <= compulsory_move_cm',
     'friendly_unit_gap_cm * 2 < compulsory_move_cm', 'friendly_unit_gap_cm * 2 <= compulsory_move_cm'),
    (inch, 'a bound left in cm', 'input start_gap_cm: int 0..394 inches', 'input start_gap_cm: int 0..1000 inches',
     'input start_gap_cm: int 0..1000 cm'),
    (inch, 'a dropped factor', 'friendly_unit_gap_cm * 2 <= compulsory_move_cm',
     'friendly_unit_gap_cm <= compulsory_move_cm', 'friendly_unit_gap_cm * 2 <= compulsory_move_cm'),
    (inch, 'the cm figure in inches', 'value 9 inches + 1d6 inches;', 'value 15 inches + 1d6 inches;',
     'value 9 inches + 1d6 inches;'),
    (inch, "an example's figure left in cm", 'supporting_fire_point(start_gap_cm = 16) -> 8 inches;',
     'supporting_fire_point(start_gap_cm = 16) -> 20 inches;', 'supporting_fire_point(start_gap_cm = 40) -> 20 cm;'),
    (inch, "a half in an example", 'rout_move(compulsory_move_in = 9) roll 2 -> 6.5 inches;',
     'rout_move(compulsory_move_in = 9) roll 2 -> 7.5 inches;', 'rout_move(compulsory_move_in = 9) roll 2 -> 6.5 inches;'),
    (inch, 'an inch added', 'value counter_charge_gap_cm / 2 inches;', 'value counter_charge_gap_cm / 2 + 1 inches;',
     'value counter_charge_gap_cm / 2 cm;'),
]
with tempfile.TemporaryDirectory() as tmp:
    for edition, what, before, after, in_original in faults:
        text = open(edition, encoding='utf-8').read()
        assert before in text, (edition, before)  # its first line, as line_of finds
        planted = os.path.join(tmp, os.path.basename(edition))
        with open(planted, 'w', encoding='utf-8') as f:
            f.write(text.replace(before, after, 1))
        tline, oline = line_of(planted, after), line_of(original, in_original)
        status, out = verify(original, planted)
        name = f'{os.path.basename(edition)}: {what}'
        errors = re.search(r'^(\d+) errors?, \d+ warnings?$', out, re.M)
        want = consequences.get(what, 1)
        check(f'{name}: {want} error(s)', status == 1 and errors and errors.group(1) == str(want), out)
        check(f'{name}: at {planted}:{tline} and {original}:{oline}',
              f'{planted}:{tline}:' in out and f'{original}:{oline}:' in out, out)

# The two editions against each other: what differs is the original's two
# scales, and only that.
status, out = verify(metric, inch)
found = sorted(set(re.findall(r"error: (?:distance|example|input) '(\w+)'", out)))
check('metric against inch: the scales', status == 1 and found == [
    'compulsory_move_in', 'light_cavalry_retire', 'light_cavalry_retires', 'light_cavalry_routs',
    'odd_compulsory_move', 'retire_move', 'rout_move'], out)

print(f'{passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
