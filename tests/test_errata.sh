#!/bin/sh
# Errata layers and editions as a publisher meets them: --edition and
# FILE@EDITION on every verb, the examples an erratum breaks, the edition
# compile emits.
# usage: test_errata.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"
f=tests/errata/skirmish.rtab

# Every edition checks clean.
expect check-all 0 "" "$rtab" check "$f"
# The original edition: the matrix gives +1, so a 3 holds; the example passes.
expect eval-original 0 "modified roll: 4" "$rtab" eval "$f" assault --roll 3 --edition original
expect eval-original-at 0 "modified roll: 4" "$rtab" eval "$f@original" assault --roll 3
expect test-original 0 "1 passed, 0 failed" "$rtab" test --edition original "$f"
# first_printing corrects the cell to +2: the worked example breaks.
expect eval-first 0 "outcome:       routed" "$rtab" eval "$f" assault --roll 3 --edition=first_printing
expect test-first 1 "example 'cavalry_charge': assault gave routed" "$rtab" test "$f@first_printing"
expect test-first-edition 1 "the examples ran against edition 'first_printing'" "$rtab" test "$f@first_printing"
# The default is every layer: second_printing's new row answers a 6.
expect eval-default 0 "outcome:       pursued" "$rtab" eval "$f" assault --roll 6
expect eval-second-gone 2 "unknown input 'in_woods'" "$rtab" eval "$f" assault --roll 6 --set in_woods=true
expect eval-first-has 0 "woods_cover" "$rtab" eval "$f@first_printing" assault --roll 6 --set in_woods=true --explain
# FILE@EDITION wins over --edition for its file.
expect at-wins 0 "modified roll: 4" "$rtab" eval "$f@original" assault --roll 3 --edition second_printing
# Unknown editions and a missing value.
expect unknown-edition 1 "no errata layer 'third'; the editions are: original, first_printing, second_printing" "$rtab" check "$f@third"
expect edition-no-value 2 "--edition needs the name" "$rtab" check "$f" --edition
expect edition-bundled 1 "no errata layer 'x'" "$rtab" eval tables/musket_pike.rtab melee --roll 3 --edition x
expect original-bundled 0 "outcome:" "$rtab" eval tables/musket_pike.rtab melee --roll 3 --edition original

expect odds-edition 0 "routed      4/6" "$rtab" odds "$f" assault --edition first_printing
expect odds-original 0 "routed      3/6" "$rtab" odds "$f@original" assault

# A layer that corrects one grid cell is a correction: -Werror passes, the cell changes.
g=tests/errata/grid_cell.rtab
expect grid-cell-correction 0 "" "$rtab" check -Werror "$g"
expect grid-cell-corrected 0 "outcome:       defender_eliminated" "$rtab" eval "$g" crt --roll 3
expect grid-cell-original 0 "outcome:       defender_retreats" "$rtab" eval "$g@original" crt --roll 3
# The same layer with the cell as the main body has it restates the table unchanged.
awk 'NR > 28 && /3-4  DR   DE/ { sub(/DE/, "DR") } { print }' "$g" >"$tmp/grid_same.rtab"
expect grid-cell-unchanged 0 "restates table 'crt' unchanged" "$rtab" check "$tmp/grid_same.rtab"

# compile emits the default edition; --edition picks another.
"$rtab" compile "$f" -o "$tmp/default" >/dev/null 2>&1
"$rtab" compile "$f" --edition original -o "$tmp/original" >/dev/null 2>&1
if grep -q '"pursued"' "$tmp/default/skirmish.c" && ! grep -q '"pursued"' "$tmp/original/skirmish.c" &&
	grep -q '"woods_cover"' "$tmp/original/skirmish.c"; then
	passed=$((passed + 1))
else
	echo "FAIL compile-edition: the default edition lacks 'pursued' or the original one has it"
	failed=$((failed + 1))
fi

# rtab diff: the golden outputs, byte for byte, and its exit status.
golden diff-first 1 tests/errata/diff_first.txt "$rtab" diff "$f@original" "$f@first_printing"
golden diff-second 1 tests/errata/diff_second.md "$rtab" diff "$f@first_printing" "$f" --format markdown
golden diff-all 1 tests/errata/diff_all.json "$rtab" diff "$f@original" "$f" --format json
expect diff-equal 0 "no differences" "$rtab" diff "$f" "$f@second_printing"
expect diff-bad-file 2 "cannot open" "$rtab" diff "$f" "$tmp/none.rtab"
expect diff-bad-format 2 "--format takes" "$rtab" diff "$f" "$f" --format docx
expect diff-one-side 2 "give OLD and NEW" "$rtab" diff "$f"
python3 -c 'import json,sys; json.load(sys.stdin)' <tests/errata/diff_all.json && passed=$((passed + 1)) || { echo "FAIL diff-json: not JSON"; failed=$((failed + 1)); }

# One cell changed in a bundled table: that cell, both locations and the odds
# it moves, nothing else.
sed 's/^\(    pursue_and_eliminate  *3-5  *\)5-8;/\15-7;/; s/^\(    pursue_off_map  *6+  *\)9+;/\18+;/' \
	tables/musket_pike.rtab >"$tmp/reprint.rtab"
"$rtab" diff tables/musket_pike.rtab "$tmp/reprint.rtab" >"$tmp/one" 2>&1
status=$?
if cmp -s tables/musket_pike.rtab "$tmp/reprint.rtab"; then
	echo "FAIL diff-one-cell: the cavalry pursuit rows read otherwise now: update the sed above"
	failed=$((failed + 1))
elif [ "$status" -eq 1 ] && [ "$(grep -c '^changed\|^added\|^removed' "$tmp/one")" -eq 1 ] &&
	grep -q "^  row 'pursue_and_eliminate', column 'others': 5-8 -> 5-7$" "$tmp/one" &&
	grep -q "^  row 'pursue_off_map', column 'others': >=9 -> >=8$" "$tmp/one" &&
	grep -q "was at tables/musket_pike.rtab:[0-9]*:[0-9]*, now at $tmp/reprint.rtab:" "$tmp/one" &&
	grep -q "pursue_off_map: 1/10 (10%) -> 1/5 (20%)" "$tmp/one" &&
	[ "$(wc -l <"$tmp/one")" -eq 11 ]; then
	passed=$((passed + 1))
else
	echo "FAIL diff-one-cell (exit $status):"; cat "$tmp/one"
	failed=$((failed + 1))
fi

# The errata sheet states every change a layer makes to a modifier a table
# lists: a side given for a value read from a matrix prints no sign, so the
# side is said; a table whose only news is moved odds gets no heading
# without --odds (it would stand empty).
awk '/^errata first_printing/ { exit } { print }' "$f" >"$tmp/side.rtab"
printf 'errata side @ "E" {\n  en "Side"; ru "Side";\n  patch modifier matchup { for defender; }\n}\n' >>"$tmp/side.rtab"
expect sheet-modifier-side 1 "Arms matrix, for: defender (was attacker)" \
	"$rtab" diff "$tmp/side.rtab@original" "$tmp/side.rtab" --format markdown
lacks sheet-no-empty-table "## Assault" "$rtab" diff "$f@original" "$f@first_printing" --format markdown
expect sheet-moved-odds 1 "## Assault" "$rtab" diff "$f@original" "$f@first_printing" --format markdown --odds

# Rules repeated under one key (natural rules for the same faces, rewrites
# between the same outcomes): a file compared with itself shows nothing.
expect diff-self-repeated-keys 0 "no differences" "$rtab" diff tests/errata/repeated_keys.rtab tests/errata/repeated_keys.rtab
expect verify-self-repeated-keys 0 "0 errors" "$rtab" verify tests/errata/repeated_keys.rtab tests/errata/repeated_keys.rtab

# rtab verify: each planted fault once and nothing else; a faithful translation passes.
v=tests/verify
golden verify-faulty 1 $v/faulty.txt "$rtab" verify $v/original.rtab $v/faulty.rtab
golden verify-faulty-json 1 $v/faulty.json "$rtab" verify $v/original.rtab $v/faulty.rtab --format json
faults=$(grep -c '# FAULT:' $v/faulty.rtab)
expect verify-one-per-fault 1 "$faults errors, 1 warning" "$rtab" verify $v/original.rtab $v/faulty.rtab
expect verify-faithful 0 "0 errors, 0 warnings" "$rtab" verify $v/original.rtab $v/translation.rtab
# --locale ru also speaks Russian (the message catalogue).
expect verify-faithful-locale 0 "ошибок: 0, предупреждений: 0" "$rtab" verify $v/original.rtab $v/translation.rtab --locale ru
expect verify-no-locale 2 "declares no locale 'de'" "$rtab" verify $v/original.rtab $v/translation.rtab --locale de
expect verify-single 1 "outcome 'held' has no 'ru' label" "$rtab" verify $v/faulty.rtab
expect verify-single-ok 0 "0 errors, 0 warnings" "$rtab" verify "$f"
expect verify-single-edition 0 "0 errors, 0 warnings" "$rtab" verify "$f@original"
expect verify-editions 1 "table 'assault' differs from the original" "$rtab" verify "$f@original" "$f"
expect verify-bad-file 2 "cannot open" "$rtab" verify $v/original.rtab "$tmp/none.rtab"
# A provisional reason is free text that a translator translates: a different
# reason is faithful, a mark dropped on one side is not.
sed 's|^dice d10 = 1d10 faces 0..9 @ "2.0";|dice d10 = 1d10 faces 0..9 @ "2.0" provisional "faces read from a smudged scan";|; s|^  cavalry, infantry = +1;|  cavalry, infantry = +1 provisional "cell lost in extraction";|' \
	$v/original.rtab >"$tmp/prov_orig.rtab"
sed 's|^dice d10 = 1d10 faces 0..9 @ "2.0";|dice d10 = 1d10 faces 0..9 @ "2.0" provisional "грани прочитаны по нечёткому скану";|; s|^  cavalry, infantry = +1;|  cavalry, infantry = +1 provisional "клетка утеряна при извлечении";|' \
	$v/translation.rtab >"$tmp/prov_trans.rtab"
sed 's| provisional "клетка утеряна при извлечении"||' "$tmp/prov_trans.rtab" >"$tmp/prov_dropped.rtab"
expect verify-provisional-translated 0 "0 errors, 0 warnings" "$rtab" verify "$tmp/prov_orig.rtab" "$tmp/prov_trans.rtab"
expect verify-provisional-dropped 1 "cell cavalry, infantry provisional" "$rtab" verify "$tmp/prov_orig.rtab" "$tmp/prov_dropped.rtab"
# A reason left word for word as the original's: a warning, as for a label.
sed 's|provisional "клетка утеряна при извлечении"|provisional "cell lost in extraction"|' "$tmp/prov_trans.rtab" >"$tmp/prov_same.rtab"
expect verify-provisional-untranslated 0 'cell cavalry, infantry: the provisional reason "cell lost in extraction" is the original'"'"'s text; possibly untranslated' "$rtab" verify "$tmp/prov_orig.rtab" "$tmp/prov_same.rtab"
expect verify-provisional-untranslated-count 0 "0 errors, 1 warning" "$rtab" verify "$tmp/prov_orig.rtab" "$tmp/prov_same.rtab"
python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if d["errors"] == '"$faults"' else 1)' <$v/faulty.json &&
	passed=$((passed + 1)) || { echo "FAIL verify-json: not JSON or not one error per fault"; failed=$((failed + 1)); }

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
