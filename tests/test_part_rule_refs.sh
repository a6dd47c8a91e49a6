#!/bin/sh
# Rule references per locale on the parts of definitions (a row, a grid
# line, a cell patch, a natural rule, a rewrite, a trigger, an option, a
# step): every verb shows the part's own reference in the locale it prints
# in; the C data, the JSON export and the target modules carry every
# locale's; rtab fmt keeps them; rtab verify pairs a translation's with the
# original's, and finds one missing in the translation's locale at the
# part's line on both sides.
# usage: test_part_rule_refs.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"
src=tests/export/part_rule_refs.rtab

expect check 0 "" "$rtab" check -Werror $src
# eval, in each locale: a row, a natural rule, a rewrite, a grid line, a
# variant's cell patch, a step and an option give their own.
expect eval-row-ru 0 'результат:     hit "Попал" (правило 7.9 Попадания)' "$rtab" eval $src t --roll 5 --locale ru --explain
expect eval-row-en 0 'outcome:       hit "Hit" (rule 7.3 Hits)' "$rtab" eval $src t --roll 5 --explain
expect eval-row-json-ru 0 '"rule": "7.9 Попадания"' "$rtab" eval $src t --roll 5 --locale ru --json
lacks eval-row-json-ru-only '7.3 Hits' "$rtab" eval $src t --roll 5 --locale ru --json
expect eval-natural-ru 0 '(правило 8.0 Шестёрки)' "$rtab" eval $src t --roll 6 --locale ru --explain
expect eval-rewrite-ru 0 'что читается как rout (правило 8.2 Бегство)' "$rtab" eval $src t --roll 2 --set fleeing=true --locale ru --explain
expect eval-row-of-table 0 'результат:     miss "Мимо" (правило Таблица 3)' "$rtab" eval $src t --roll 2 --locale ru --explain
expect eval-grid-line-ru 0 'результат:     miss "Мимо" (правило 8.1.1)' "$rtab" eval $src pursuit --roll 2 --locale ru --explain
expect eval-cell-patch-ru 0 'результат:     miss "Мимо" (правило 8.1.2 Свежие)' "$rtab" eval $src pursuit_fresh --set ground=woods --roll 4 --locale ru --explain
expect eval-cell-patch-en 0 'outcome:       miss "Miss" (rule 7.5.2 Fresh)' "$rtab" eval $src pursuit_fresh --set ground=woods --roll 4 --explain
expect eval-step-ru 0 'шаг:           rally "Сбор" (правило с. 59 Сбор)' "$rtab" eval $src falling_back --set fresh=true --locale ru --explain
expect eval-option-ru 0 'вариант:       hold "Стоять" (правило с. 60 Стоять) -> hit' "$rtab" eval $src charge_reaction --locale ru --explain
# The review sheet and the CSV in the chosen locale.
expect markdown-ru 0 '| 4-6 | hit | H | Попал | 7.9 Попадания |' "$rtab" export --format markdown --proof --locale ru $src
expect markdown-patch-ru 0 '| - | 4 | miss | M | Мимо | 8.1.2 Свежие |' "$rtab" export --format markdown --proof --locale ru $src
expect markdown-natural-ru 0 '(правило 8.0 Шестёрки)' "$rtab" export --format markdown --proof --locale ru $src
lacks markdown-ru-only '7.3 Hits' "$rtab" export --format markdown --proof --locale ru $src
expect markdown-en 0 '| 4-6 | hit | H | Hit | 7.3 Hits |' "$rtab" export --format markdown --proof --locale en $src
expect csv-ru 0 '7.9 Попадания' "$rtab" export --format csv --locale ru $src
expect html-proof-ru 0 '8.1.2 Свежие' "$rtab" export --format html --proof --locale ru $src
# The JSON export: the first locale's as the part's rule, every locale's as its rules.
"$rtab" export --format json $src >"$tmp/export.json"
expect json-row 0 '"rule": "7.3 Hits", "provisional": null, "rules": {"en": "7.3 Hits", "ru": "7.9 Попадания"}' cat "$tmp/export.json"
expect json-parts 0 'ok' python3 - "$tmp/export.json" <<'EOP'
import json, sys
d = json.load(open(sys.argv[1], encoding='utf-8'))
table = {t['id']: t for t in d['tables']}
got = [table['t']['natural'][0]['rules']['ru'], table['t']['rewrites'][0]['rules']['ru'],
       table['pursuit']['rows'][0]['rules']['ru'], table['pursuit_fresh']['rows'][-1]['rules']['ru'],
       [o for o in d['outcomes'] if o['id'] == 'hit'][0]['triggers'][0]['rules']['ru'],
       d['reaction_sets'][0]['options'][0]['rules']['ru'], d['procedures'][0]['steps'][0]['rules']['ru']]
want = ['8.0 Шестёрки', '8.2 Бегство', '8.1.1', '8.1.2 Свежие', '8.1 Преследование', 'с. 60 Стоять', 'с. 59 Сбор']
# A part that gives none, or one for every locale, has no rules.
plain = [r for r in table['t']['rows'] if r['outcome_id'] == 'miss'][0]
print('ok' if got == want and 'rules' not in plain else 'got %s' % got)
EOP
# diff: a part's reference changed in one locale, said in that locale at its line.
sed 's/ru "7\.9 Попадания"/ru "7.10 Попадания"/' $src >"$tmp/new.rtab"
expect diff-row-ru 1 "row 'hit' rule ru: 7.9 Попадания -> 7.10 Попадания" "$rtab" diff $src "$tmp/new.rtab" --locale ru
expect diff-row-at 1 "now at $tmp/new.rtab:35:5" "$rtab" diff $src "$tmp/new.rtab" --locale ru
# The C data: every locale's beside the first's, and it compiles as it is.
mkdir "$tmp/c" "$tmp/py"
"$rtab" compile $src -o "$tmp/c" 2>/dev/null
expect c-row 0 'static const char *const table0_row_note0_rules[] = {"7.3 Hits", "7.9 Попадания"};' cat "$tmp/c/r.c"
expect c-row-note 0 '{"7.3 Hits", NULL, table0_row_note0_rules},' cat "$tmp/c/r.c"
expect c-step 0 '.rules = step0_0_rules}' cat "$tmp/c/r.c"
if command -v cc >/dev/null 2>&1; then
	expect c-compiles 0 "" cc -std=c11 -Wall -Wextra -Wpedantic -Werror -Iruntime -I"$tmp/c" -c "$tmp/c/r.c" -o "$tmp/r.o"
fi
"$rtab" compile --target python $src -o "$tmp/py" 2>/dev/null
expect python-row 0 '"rules": {"en": "7.3 Hits", "ru": "7.9 Попадания"}' cat "$tmp/py/r.py"
# rtab fmt: the form is kept, and laid out as any reference.
expect fmt-canonical 0 "" "$rtab" fmt --check $src
sed 's/@ en "7\.3 Hits"  *ru/@   en "7.3 Hits"    ru/' $src >"$tmp/spaced.rtab"
"$rtab" fmt "$tmp/spaced.rtab" >"$tmp/formatted.rtab"
expect fmt-round-trip 0 "" cmp "$tmp/formatted.rtab" $src

# verify: the German translation, which cites the German book per locale,
# is clean; a part's reference left without its German text is found at
# the part's line in both files.
en=tests/verify/part_refs_en.rtab de=tests/verify/part_refs_de.rtab
expect verify-faithful 0 "0 errors, 0 warnings" "$rtab" verify $en $de
# missing ID PART SED PATTERN_IN_DE PATTERN_IN_EN [FINDINGS]: the German text
# of a part's reference removed; the finding at both lines (at the original's
# outcome where PATTERN_IN_EN is '-': a row the translation's cell patch
# makes is paired with the original's rows of its outcome as a whole).
missing() {
	# (expect sets name, want and needle: these are kept apart.)
	m_id=$1 m_part=$2 m_cut=$3 m_count=${6:-1 error}
	m_tline=$(grep -n "$4" $de | cut -d: -f1) m_oline=$(grep -n "$5" $en | cut -d: -f1)
	sed "s/ de \"$m_cut\"//" $de >"$tmp/$m_id.rtab"
	expect "verify-missing-$m_id" 1 "$tmp/$m_id.rtab:$m_tline:" "$rtab" verify $en "$tmp/$m_id.rtab"
	[ "$5" = - ] || expect "verify-missing-$m_id-original" 1 "$en:$m_oline:" "$rtab" verify $en "$tmp/$m_id.rtab"
	expect "verify-missing-$m_id-message" 1 "$m_part, has no rule reference in 'de'" "$rtab" verify $en "$tmp/$m_id.rtab"
	expect "verify-missing-$m_id-count" 1 "$m_count, 0 warnings" "$rtab" verify $en "$tmp/$m_id.rtab"
	expect "verify-missing-$m_id-check" 0 "is given per locale but not in 'de'" "$rtab" check "$tmp/$m_id.rtab"
}
missing row "table 'combat', row 'hit'" '8\.3 Treffer' '8.3 Treffer' '7.3 Hits'
missing natural "table 'combat', natural 6" '8\.4 Sechsen' '8.4 Sechsen' '7.4 Sixes'
missing rewrite "table 'combat', rewrite miss -> rout" '8\.6 Flucht' '8.6 Flucht' '7.6 Flight'
# (The grid line is pursuit_fresh's too, which takes pursuit's grid: found in both.)
missing grid-line "table 'pursuit', row 'miss'" '8\.5\.1' '8.5.1' '7.5.1' '2 errors'
missing cell "table 'pursuit_fresh', row 'miss'" '8\.5\.2 Frisch' '8.5.2 Frisch' -
missing trigger "outcome 'hit', trigger pursuit" '8\.5 Verfolgung' '8.5 Verfolgung' '7.5 Pursuit'
missing option "reactions 'charge_reaction', option 'hold'" 'S\. 61 Halten' 'S. 61 Halten' 'p. 54 Hold'
missing step "procedure 'falling_back', step 'rally'" 'S\. 60 Sammeln' 'S. 60 Sammeln' 'p. 53 Rally'
# A reference in a locale the translation does not declare: an error at the locale.
sed 's/ de "8\.3 Treffer"/ fr "8.3 Treffer"/' $de >"$tmp/fr.rtab"
tline=$(grep -n '8.3 Treffer' $de | cut -d: -f1)
expect verify-undeclared 2 "$tmp/fr.rtab:$tline:32: error: a rule reference in table 'combat' is in locale 'fr'" "$rtab" verify $en "$tmp/fr.rtab"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
