#!/bin/sh
# rtab verify compares meaning (issue 19): a close-combat original and its
# Russian translation written anew (equal expressions rewritten, lists
# reordered, references translated, a group's cap for a min) pass clean and
# say how each equality was proved; a copy with one planted fault of each
# kind reports each exactly, at the item, and nothing else; the methods
# beyond trying every situation (a normal form, reachable intervals) and
# inputs that differ in domain; quantities in two units, equal by the
# declared conversion (15 cm for 6 inches) or not (6 cm for 6 inches).
# usage: test_verify_meaning.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"
v=tests/verify
en=$v/close_combat_en.rtab ru=$v/close_combat_ru.rtab bad=$v/close_combat_faulty.rtab

# The faithful translation: clean, each rewriting proved and how.
expect faithful 0 "0 errors, 0 warnings" "$rtab" verify "$en" "$ru"
expect proof-branches 0 "distance 'follow_up', value in inches: \"if move > 15 then 3d6 else 2d6\" means the original's \"if move <= 6 then 2d6 else 3d6\" (exhaustively, over 13 situations and every roll of the dice)" "$rtab" verify "$en" "$ru"
expect proof-true 0 "modifier 'rear', when: \"rear_attack\" means the original's \"rear_attack == true\" (exhaustively, over 2 situations)" "$rtab" verify "$en" "$ru"
expect proof-negation 0 "modifier 'outpaced', value: \"pursuer - flee\" means the original's \"-(flee - pursuer)\"" "$rtab" verify "$en" "$ru"
expect proof-set 0 "table 'melee', modifiers: \"wounded, rabble, veterans, support, flank, rear\" means the original's \"rear, flank, support, veterans, rabble, wounded\" (as a set)" "$rtab" verify "$en" "$ru"
expect proof-cap 0 "group 'support_cap', in the translation only, means the same (the same total modifier of table 'melee', exhaustively, over 7 situations)" "$rtab" verify "$en" "$ru"
expect proof-json 0 '"proved": "exhaustively, over 169 situations"' "$rtab" verify "$en" "$ru" --format json

# The faulty copy: its golden, and as many findings as planted faults.
"$rtab" verify "$en" "$bad" >"$tmp/out" 2>/dev/null
status=$?
if [ $status -ne 1 ]; then
	echo "FAIL faulty: exit $status, expected 1"; failed=$((failed + 1))
elif ! sh "$golden_diff" $v/close_combat_faulty.txt "$tmp/out"; then
	echo "FAIL faulty: output differs from $v/close_combat_faulty.txt"; failed=$((failed + 1))
else
	passed=$((passed + 1))
fi
faults=$(grep -c '# FAULT: ' "$bad") warnings=$(grep -c '# FAULT (warning)' "$bad")
expect faulty-count 1 "$faults errors, $warnings warning" "$rtab" verify "$en" "$bad"
expect faulty-value 1 "always: the original 1, the translation 2" "$rtab" verify "$en" "$bad"
expect faulty-strict 1 "the comparison '>=' is '>', strict, in the translation; when wounds = 2" "$rtab" verify "$en" "$bad"
expect faulty-swapped 1 "the branches are swapped; when move = 0" "$rtab" verify "$en" "$bad"
expect faulty-missing 1 "the translation lacks 'flank'" "$rtab" verify "$en" "$bad"
expect faulty-extra 1 "option 'rout': in the translation only ($bad:78:3)" "$rtab" verify "$en" "$bad"
expect faulty-unit 1 "the translation's 6 cm for the original's 6 inches: 6 inches is 15.24 cm under the declared conversion (within 5%)" "$rtab" verify "$en" "$bad"
expect faulty-cap 1 "cap: original \"-3..3\"" "$rtab" verify "$en" "$bad"
expect faulty-label 1 "the 'ru' label \"Militia\" is the original's 'en' text" "$rtab" verify "$en" "$bad"

# A group capped at 2 for a min(3, ...): the totals differ, and say where.
sed 's/cap -3\.\.3; }/cap -2..2; }/' "$ru" >"$tmp/cap2.rtab"
expect cap-differs 1 "group 'support_cap' is in the translation but not in the original" "$rtab" verify "$en" "$tmp/cap2.rtab"
expect cap-differs-where 1 "in table 'melee', when supports = 3: the original's total modifier 3, the translation's 2 (exhaustively)" "$rtab" verify "$en" "$tmp/cap2.rtab"

# An input of another domain: said so, and the meaning not compared over it.
sed 's/input pursuer: int 0\.\.12/input pursuer: int 0..10/' "$ru" >"$tmp/domain.rtab"
expect domain 1 "input 'pursuer' is int 0..12 in the original, int 0..10 in the translation: not compared beyond that" "$rtab" verify "$en" "$tmp/domain.rtab"
sed 's/input move: int 0\.\.30 cm/input move: int 0..20 cm/' "$ru" >"$tmp/domain_cm.rtab"
expect domain-units 1 "input 'move' is int 0..12 inches in the original, int 0..20 cm in the translation; the translation's 20 cm for the original's 12 inches: 12 inches is 30.48 cm under the declared conversion (within 5%): not compared beyond that" "$rtab" verify "$en" "$tmp/domain_cm.rtab"

# Quantities in two units: the same situation is the same move, 6 inches
# for 15 cm; every figure converted, and a wrong one said in both units.
expect units-domain 0 "input 'move', type: \"int 0..30\" means the original's \"int 0..12\" (by the declared conversion, 1 inches = 2.54 cm within 5%)" "$rtab" verify "$en" "$ru"
expect units-default 0 "input 'move', default: \"15\" means the original's \"6\"" "$rtab" verify "$en" "$ru"
expect units-effect 0 "outcome 'beaten', effect 1: \"fall_back(5 cm)\" means the original's \"fall_back(2 inches)\"" "$rtab" verify "$en" "$ru"
expect units-threshold 0 "distance 'follow_up', value in inches: \"if move > 15 then 3d6 else 2d6\" means the original's \"if move <= 6 then 2d6 else 3d6\" (exhaustively, over 13 situations and every roll of the dice)" "$rtab" verify "$en" "$ru"
sed 's/value if move > 15 cm then/value if move > 6 cm then/' "$ru" >"$tmp/threshold.rtab"
expect units-threshold-wrong 1 "the translation's 6 cm for the original's 6 inches: 6 inches is 15.24 cm under the declared conversion (within 5%); when move = 3 inches (8 cm in the translation)" "$rtab" verify "$en" "$tmp/threshold.rtab"
sed 's/fall_back(5 cm)/fall_back(2 cm)/' "$ru" >"$tmp/effect.rtab"
expect units-effect-wrong 1 "the translation's 2 cm for the original's 2 inches: 2 inches is 5.08 cm" "$rtab" verify "$en" "$tmp/effect.rtab"
sed 's|^  unit cm = inches \* 100 / 254 within 5%;|  unit cm;|' "$ru" >"$tmp/unrelated.rtab"
expect units-unrelated 1 "input 'move': the original is in inches, the translation in cm, and neither file declares a conversion between them; declare one (unit cm = inches * N / D;): not compared beyond that" "$rtab" verify "$en" "$tmp/unrelated.rtab"
# A dice expression in another unit: 2d6 cm is 2d6 * 10 mm, not 2d6 mm.
dist() { # FILE UNITS VALUE
	cat >"$1" <<EOR
ruleset d { locales en; en "D"; $2 }
distance run { en "Run"; value $3; }
EOR
}
dist "$tmp/dist_cm.rtab" "unit cm;" "2d6 cm"
dist "$tmp/dist_mm.rtab" "unit cm; unit mm = cm / 10;" "2d6 * 10 mm"
dist "$tmp/dist_mm_wrong.rtab" "unit cm; unit mm = cm / 10;" "2d6 mm"
expect units-dice 0 "distance 'run', value in cm: \"2d6 * 10\" means the original's \"2d6\" (exhaustively, over 1 situation and every roll of the dice)" "$rtab" verify "$tmp/dist_cm.rtab" "$tmp/dist_mm.rtab"
expect units-dice-wrong 1 "always: the original rolls 2..12 cm, the translation 2..12 mm; the translation's 2 mm for the original's 2 cm: 2 cm is 20 mm under the declared conversion" "$rtab" verify "$tmp/dist_cm.rtab" "$tmp/dist_mm_wrong.rtab"

# References are labels: translated, they are the same; dropped, an error.
sed 's/^modifier flank @ "[^"]*" {/modifier flank {/' "$ru" >"$tmp/noref.rtab"
expect reference-missing 1 "rule: original \"2.1\" ($en:40:10), translation: none" "$rtab" verify "$en" "$tmp/noref.rtab"
expect reference-missing-count 1 "1 error, 0 warnings" "$rtab" verify "$en" "$tmp/noref.rtab"

# References per locale (@ en "..." ru "..."): each side's in its own locale;
# a page number the same in both is no finding, one missing in the
# translation's locale is.
cat >"$tmp/refs_en.rtab" <<'EOR'
ruleset refs @ "Rules" { locales en; en "Rules"; }
dice d6 = 1d6;
outcome hit @ "7.4" { en "Hit"; }
table t @ "7.3" { en "T"; roll d6; rows { hit 1-6; } }
EOR
cat >"$tmp/refs_ru.rtab" <<'EOR'
ruleset refs @ ru "Правила" en "Rules" { locales ru, en; ru "Правила"; en "Rules"; }
dice d6 = 1d6;
outcome hit @ ru "7.4" en "7.4" { ru "Попал"; en "Hit"; }
table t @ ru "с. 12" en "p. 9" { ru "Т"; en "T"; roll d6; rows { hit 1-6; } }
EOR
expect reference-locales 0 "0 errors, 0 warnings" "$rtab" verify "$tmp/refs_en.rtab" "$tmp/refs_ru.rtab"
sed 's/^table t @ ru "с. 12" en "p. 9"/table t @ en "p. 9"/' "$tmp/refs_ru.rtab" >"$tmp/refs_noru.rtab"
expect reference-locale-missing 1 "table 't' has no rule reference in 'ru'; the original's in 'en' is \"7.3\"" "$rtab" verify "$tmp/refs_en.rtab" "$tmp/refs_noru.rtab"

# Beyond every situation: a normal form, and reachable intervals.
big() { # FILE VALUE_OF_M VALUE_OF_Z
	cat >"$1" <<EOR
ruleset big { locales en; en "Big"; }
dice d6 = 1d6;
input a: int 0..5000 = 0 { en "A"; }
input b: int 0..5000 = 0 { en "B"; }
outcome lost { en "Lost"; }
outcome won { en "Won"; }
modifier m { en "M"; value $2; }
modifier z { en "Z"; value $3; }
table t { en "T"; roll d6; modifiers m, z; rows { lost <=3; won >=4; } }
EOR
}
big "$tmp/big_a.rtab" "a - b" "min(a + b, 0)"
big "$tmp/big_b.rtab" "-(b - a)" "0"
expect normal-form 0 "modifier 'm', value: \"-(b - a)\" means the original's \"a - b\" (by a normal form)" "$rtab" verify "$tmp/big_a.rtab" "$tmp/big_b.rtab"
expect intervals 0 "modifier 'z', value: \"0\" means the original's \"min(a + b, 0)\" (by reachable intervals)" "$rtab" verify "$tmp/big_a.rtab" "$tmp/big_b.rtab"
big "$tmp/big_c.rtab" "b - a" "0"
expect normal-form-differs 1 "their sums of inputs differ (by a normal form)" "$rtab" verify "$tmp/big_a.rtab" "$tmp/big_c.rtab"

# A numeric result in the wrong unit: B2 in cm for B2 in inches.
numeric() { # FILE UNITS DOMAIN CELL
	cat >"$1" <<EOR
ruleset n { locales en; en "N"; $2 }
dice d6 = 1d6;
input a: int 0..1 = 0 { en "A"; }
outcome back(d: int $3) { en "Back {d}"; code "B{d}"; }
outcome held { en "Held"; code H; }
table t { en "T"; roll d6; columns by value(a); grid {
     0   1
  1  $4  H
  2  $4  H
  3  H   H
  4  H   H
  5  H   H
  6  H   H
} }
EOR
}
numeric "$tmp/numbers_in.rtab" "unit inches;" "1..12 inches" B2
numeric "$tmp/numbers_cm.rtab" "unit inches; unit cm = inches * 100 / 254 within 5%;" "1..30 cm" B2
expect units-numbers-wrong 1 "numbers: original \"back(2)\" ($tmp/numbers_in.rtab:4:9), translation \"back(2)\" ($tmp/numbers_cm.rtab:4:9)
    the translation's 2 cm for the original's 2 inches: 2 inches is 5.08 cm" "$rtab" verify "$tmp/numbers_in.rtab" "$tmp/numbers_cm.rtab"

# A threshold written alike on both sides over an input measured in two
# units ('move > 6' over inches, over cm: a figure left unconverted) is
# compared over the converted situations, not passed for its text.
cat >"$tmp/u_in.rtab" <<'EOR'
ruleset u { locales en; en "U"; unit inches; unit cm = inches * 100 / 254 within 5%; }
dice d6 = 1d6;
input move: int 0..12 inches = 0 { en "Move"; }
modifier far { en "Far"; when move > 6 inches; value 1; }
outcome a { en "A"; }
outcome b { en "B"; }
table t { en "T"; roll d6; modifiers far; rows { a <=3; b >=4; } }
EOR
sed -e 's/en "/de "D/g' -e 's/locales en/locales de/' -e 's/int 0..12 inches/int 0..30 cm/' \
	-e 's/move > 6 inches/move > 6 cm/' "$tmp/u_in.rtab" >"$tmp/u_cm.rtab"
sed -e 's/move > 6 inches/move > 6/' "$tmp/u_in.rtab" >"$tmp/u_bare_in.rtab"
sed -e 's/move > 6 cm/move > 6/' "$tmp/u_cm.rtab" >"$tmp/u_bare_cm.rtab"
sed -e 's/move > 6 cm/move > 15 cm/' "$tmp/u_cm.rtab" >"$tmp/u_right.rtab"
unit_slip="the translation's 6 cm for the original's 6 inches: 6 inches is 15.24 cm under the declared conversion (within 5%); when move = 3 inches (8 cm in the translation): the original does not hold, the translation's holds"
expect units-same-text 1 "$unit_slip" "$rtab" verify "$tmp/u_in.rtab" "$tmp/u_cm.rtab"
expect units-bare-threshold 1 "$unit_slip" "$rtab" verify "$tmp/u_bare_in.rtab" "$tmp/u_bare_cm.rtab"
expect units-threshold-converted 0 "0 errors, 0 warnings" "$rtab" verify "$tmp/u_in.rtab" "$tmp/u_right.rtab"

# Numbers as written: in a ruleset of exact halves ('exact 1/2') a whole
# modifier is not halved ("the original 1", not 0.5), while a distance's
# exact value prints as the exact number it is.
cat >"$tmp/half_en.rtab" <<'EOR'
ruleset h { locales en; en "H"; exact 1/2; }
dice d6 = 1d6;
input move: int 0..10 = 4 { en "Move"; }
modifier far { en "Far"; when move > 6; value 1; }
outcome a { en "A"; }
outcome b { en "B"; }
table t { en "T"; roll d6; modifiers far; rows { a <=3; b >=4; } }
distance back { en "Back"; value move / 2 cm; }
EOR
sed -e 's/en "/de "D/g' -e 's/locales en/locales de/' -e 's/value 1;/value 2;/' \
	-e 's|value move / 2 cm|value move / 2 + 0.5 cm|' "$tmp/half_en.rtab" >"$tmp/half_de.rtab"
expect exact-whole-as-written 1 "always: the original 1, the translation 2" "$rtab" verify "$tmp/half_en.rtab" "$tmp/half_de.rtab"
expect exact-value-as-written 1 "when move = 0: the original 0, the translation 0.5" "$rtab" verify "$tmp/half_en.rtab" "$tmp/half_de.rtab"

# Two checks of one situation in the other order, one by the numbered
# outcome's code and one by its call, are the same example.
cat >"$tmp/ex_en.rtab" <<'EOR'
ruleset x { locales en; en "X"; }
dice d6 = 1d6;
outcome loss(e: int 0..9, h: int 0..9) { en "Loss {e}, {h}"; code "{e}/{h}"; }
table t { en "T"; roll d6;
  grid {
    1-3  1/2
    4-6  3/4
  }
}
example e { en "E"; t roll 2 -> loss(1, 2); t roll 2 -> 1/2; t roll 5 -> 3/4; }
EOR
sed -e 's/en "/de "D/g' -e 's/locales en/locales de/' \
	-e 's|t roll 2 -> loss(1, 2); t roll 2 -> 1/2;|t roll 2 -> 1/2; t roll 2 -> loss(1, 2);|' "$tmp/ex_en.rtab" >"$tmp/ex_de.rtab"
expect checks-reordered 0 "0 errors, 0 warnings" "$rtab" verify "$tmp/ex_en.rtab" "$tmp/ex_de.rtab"

# Inputs open at an end (int >= 0, int <= 10, int): a condition and a capped
# support are compared as functions at each threshold, never as written.
oi=$v/open_inputs.rtab
sed -e 's/en "/de "D/g' -e 's/locales en/locales de/' \
	-e 's/when morale >= 8 or points > 100;/when 100 < points or not (morale < 8);/' \
	-e 's/when morale < 0 and losses > 5;/when losses >= 6 and morale <= -1;/' \
	-e 's/value min(3, supports);/group support_cap; value supports;/' \
	-e 's/^table shot/group support_cap @ "2.4" { de "DCap"; stack sum; cap -1000..3; }\ntable shot/' "$oi" >"$tmp/oi_de.rtab"
expect open-faithful 0 "0 errors, 0 warnings" "$rtab" verify "$oi" "$tmp/oi_de.rtab"
expect open-proof 0 "modifier 'brave', when: \"100 < points or not morale < 8\" means the original's \"morale >= 8 or points > 100\" (exhaustively, over 30 situations: 'morale', 'points' at each threshold, next to it and at the ends of the domain)" "$rtab" verify "$oi" "$tmp/oi_de.rtab"
expect open-cap 0 "group 'support_cap', in the translation only, means the same (the same total modifier of table 'shot', exhaustively, over 6 situations: 'supports' at each threshold" "$rtab" verify "$oi" "$tmp/oi_de.rtab"
sed -e 's/cap -1000..3;/cap -1000..4;/' "$tmp/oi_de.rtab" >"$tmp/oi_cap.rtab"
expect open-cap-differs 1 "when supports = 4: the original's total modifier 3, the translation's 4" "$rtab" verify "$oi" "$tmp/oi_cap.rtab"
sed -e 's/points or not (morale < 8)/points or not (morale < 9)/' "$tmp/oi_de.rtab" >"$tmp/oi_cond.rtab"
# The situation reported is the one nearest the defaults (points = 0 and 99
# differ here from points = 101), not an end of the domain (points = -1000000000).
expect open-threshold-differs 1 "when morale = 8, points = 99: the original holds, the translation's does not hold" "$rtab" verify "$oi" "$tmp/oi_cond.rtab"

# A comparison no method decides (two inputs of 20001 values multiplied: too
# many situations, no exact form, no thresholds) is undecided: its own
# severity and count, exit 4 (not proved faithful), never passed, never an
# error; beside a real difference the exit is 1.
cat >"$tmp/und_en.rtab" <<'EOR'
ruleset u { locales en; en "U"; }
dice d6 = 1d6;
input x: int -10000..10000 = 0 { en "X"; }
input z: int -10000..10000 = 0 { en "Z"; }
input y: int 0..10 = 0 { en "Y"; }
outcome hit { en "Hit"; }
outcome miss { en "Miss"; }
modifier sq { en "Sq"; when x * z > 10; value 1; }
modifier lin { en "Lin"; when y >= 3; value 1; }
table t { en "T"; roll d6; modifiers sq, lin; rows { hit >=4; miss <=3; } }
EOR
sed -e 's/en "/de "D/g' -e 's/locales en/locales de/' -e 's/x \* z > 10/z * x >= 11/' "$tmp/und_en.rtab" >"$tmp/und_de.rtab"
sed -e 's/y >= 3/y >= 4/' "$tmp/und_de.rtab" >"$tmp/und_bad.rtab"
expect undecided 4 "undecided: modifier 'sq': whether it means the original's could not be decided; compared as written" "$rtab" verify "$tmp/und_en.rtab" "$tmp/und_de.rtab"
expect undecided-count 4 "0 errors, 1 undecided, 0 warnings" "$rtab" verify "$tmp/und_en.rtab" "$tmp/und_de.rtab"
expect undecided-json 4 '"errors": 0, "undecided": 1, "warnings": 0' "$rtab" verify "$tmp/und_en.rtab" "$tmp/und_de.rtab" --format json
expect undecided-json-severity 4 '{"severity": "undecided", "kind": "modifier", "id": "sq"' "$rtab" verify "$tmp/und_en.rtab" "$tmp/und_de.rtab" --format json
expect undecided-html 4 '<li class="undecided"><pre>' "$rtab" verify "$tmp/und_en.rtab" "$tmp/und_de.rtab" --format html
expect undecided-with-error 1 "1 error, 1 undecided, 0 warnings" "$rtab" verify "$tmp/und_en.rtab" "$tmp/und_bad.rtab"

# A German translation of tables/classic_odds.rtab as a translator writes it
# (its own codes and section references, the values and shifts in another
# order, the river's shift negated, conditions rewritten, examples by code or
# id, their checks and the inputs of a check in another order): faithful.
expect classic-odds-de 0 "0 errors, 0 warnings" "$rtab" verify tables/classic_odds.rtab $v/classic_odds_de.rtab
sed -e 's/crt(defence = 12, attack = 5) roll 2 -> AZ;/crt(defence = 12, attack = 5) roll 2 -> AV;/' $v/classic_odds_de.rtab >"$tmp/co_bad.rtab"
expect classic-odds-de-check 1 "check crt(attack = 5, defence = 12) roll 2: original \"crt(attack = 5, defence = 12) roll 2 -> AR\" (tables/classic_odds.rtab:73:3), translation \"crt(defence = 12, attack = 5) roll 2 -> AV\" ($tmp/co_bad.rtab:75:3)" "$rtab" verify tables/classic_odds.rtab "$tmp/co_bad.rtab"

# An example's situation in another unit: move = 13 (inches) is the metric
# edition's move = 33 (cm), both the situation "move = 33 cm"; 31 cm is not.
cat >"$tmp/sit_in.rtab" <<'EOR'
ruleset u { locales en; en "Units"; unit inches; unit cm = inches * 100 / 254 within 5%; }
dice d6 = 1d6;
input move: int 0..20 inches = 0 { en "Move"; }
input fresh: bool = false { en "Fresh"; }
outcome hit { en "Hit"; code H; }
outcome miss { en "Miss"; code M; }
modifier close { en "Close"; when move <= 13; value 1; }
table t { en "Table"; roll d6; modifiers close; rows { hit >=4; miss <=3; } }
example e { en "E"; t(move = 13, fresh = true) roll 3 -> hit; t(move = 14) roll 3 -> miss; }
EOR
cat >"$tmp/sit_cm.rtab" <<'EOR'
ruleset u { locales de; de "Einheiten"; unit inches; unit cm = inches * 100 / 254 within 5%; }
dice d6 = 1d6;
input move: int 0..51 cm = 0 { de "Bewegung"; }
input fresh: bool = false { de "Frisch"; }
outcome hit { de "Treffer"; code T; }
outcome miss { de "Fehlschuss"; code F; }
modifier close { de "Nah"; when move <= 33; value 1; }
table t { de "Tabelle"; roll d6; modifiers close; rows { hit >=4; miss <=3; } }
example e { de "B"; t(move = 36) roll 3 -> F; t(fresh = true, move = 33) roll 3 -> T; }
EOR
expect situation-units 0 "0 errors, 0 warnings" "$rtab" verify "$tmp/sit_in.rtab" "$tmp/sit_cm.rtab"
sed -e 's/move = 33) roll 3/move = 31) roll 3/' "$tmp/sit_cm.rtab" >"$tmp/sit_bad.rtab"
# A bool as written (fresh = true), in the key and in the check.
expect situation-units-differ 1 "check t(fresh = true, move = 31 cm) roll 3: original: none ($tmp/sit_in.rtab:9:9, in its definition), translation \"t(fresh = true, move = 31) roll 3 -> T\"" "$rtab" verify "$tmp/sit_in.rtab" "$tmp/sit_bad.rtab"

# A count times a length is a length: a metric edition's 1d6 * 2.5 cm (for
# 1d6 inches) reads without -Wmissing-unit, as 2.5 * 1d6 cm does.
cat >"$tmp/count_cm.rtab" <<'EOR'
ruleset mu { locales en; en "M"; exact 1/2; unit inches; unit cm = inches * 100 / 254 within 5%; }
distance a { en "A"; value 1d6 * 2.5 cm; value 1d6 inches; }
distance b { en "B"; value 2.5 * 1d6 cm; }
EOR
expect count-times-length 0 "" "$rtab" check -Werror "$tmp/count_cm.rtab"

# A metric edition gives both forms in cm (2d6 cm, and 1d6 * 2.5 cm for the
# original's 1d6 inches): rtab test checks each form its faces fit.
cat >"$tmp/two_cm.rtab" <<'EOR'
ruleset mu { locales en; en "M"; exact 1/2; unit inches; unit cm = inches * 100 / 254 within 5%; }
distance a { en "A"; value 2d6 cm; value 1d6 * 2.5 cm; }
example e { en "E"; a roll 3,4 -> 7 cm; a roll 4 -> 10 cm; }
EOR
expect second-form-in-one-unit 0 "1 passed, 0 failed" "$rtab" test "$tmp/two_cm.rtab"
sed 's/roll 4 -> 10 cm/roll 4 -> 11 cm/' "$tmp/two_cm.rtab" >"$tmp/two_cm_bad.rtab"
expect second-form-wrong 1 "a gave 10 cm, expected 11 cm" "$rtab" test "$tmp/two_cm_bad.rtab"
sed 's/roll 4 -> 10 cm/roll 4,4,4 -> 10 cm/' "$tmp/two_cm.rtab" >"$tmp/two_cm_faces.rtab"
expect second-form-no-fit 1 "wrong number of dice faces" "$rtab" test "$tmp/two_cm_faces.rtab"

# A value column is named by its steps as the page prints them: a translation
# that prints 0..2, 3..5, >=6 and -4..-1 where the original prints 0-2, 3-5,
# 6+ and -4--1 has the same columns; a step moved is still a finding, named
# by the column.
cat >"$tmp/steps_en.rtab" <<'EOR'
ruleset st { locales en; en "S"; }
dice d6 = 1d6;
input fire: int -9..20 = 3 { en "Fire"; }
outcome hit { en "Hit"; code H; }
outcome miss { en "Miss"; code M; }
table fire_table { en "Fire"; roll d6; columns by value(fire);
  grid {
         <=-5  -4--1  0-2  3-5  6+
    1-3  M     M      M    M    H
    4-6  M     M      M    H    H
  }
}
EOR
sed -e 's/<=-5  -4--1  0-2  3-5  6+/≤-5   -4..-1 0..2 3..5 >=6/' -e 's/locales en; en "S"/locales ru; ru "С"/' \
	-e 's/en "Fire"/ru "Огонь"/g' -e 's/en "Hit"/ru "Попадание"/' -e 's/en "Miss"/ru "Промах"/' \
	"$tmp/steps_en.rtab" >"$tmp/steps_ru.rtab"
expect steps-spelled-otherwise 0 "0 errors, 0 warnings" "$rtab" verify "$tmp/steps_en.rtab" "$tmp/steps_ru.rtab"
sed -e 's/<=-5  -4--1  0-2  3-5  6+/≤-5   -4..-1 0..2 3..5 >=6/' "$tmp/steps_en.rtab" >"$tmp/steps_en2.rtab"
expect steps-spelled-otherwise-diff 0 "no differences" "$rtab" diff "$tmp/steps_en.rtab" "$tmp/steps_en2.rtab"
sed -e 's/<=-5  -4--1  0-2  3-5  6+/<=-5  -4--1  0-3  4-5  6+/' "$tmp/steps_en.rtab" >"$tmp/steps_moved.rtab"
expect steps-moved 1 "column '0-3'" "$rtab" verify "$tmp/steps_en.rtab" "$tmp/steps_moved.rtab"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
