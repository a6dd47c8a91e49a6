#!/bin/sh
# The input 'earlier OUTCOME' reads, made by the checks, against the file's
# own input of the same form of name: every verb prints the made one as the
# rewrite writes it ('earlier off_map') and by its phrase ("An earlier repeat
# gave ..."), the file's own 'earlier_eliminated', which no 'earlier
# eliminated' reads, by its id and its own label. The made one cites the
# rule of the rewrite that reads it (else its table's).
# usage: test_earlier_inputs.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"
src=tests/export/earlier_inputs.rtab

expect check 0 '' "$rtab" check $src
expect examples 0 '1 passed, 0 failed' "$rtab" test $src
# The exports: the conditions as written, the labels as declared.
expect json-own 0 '"ref": "earlier_eliminated"}], "text": "earlier_eliminated"}' "$rtab" export --format json $src
expect json-made 0 '"ref": "earlier_off_map"}], "text": "earlier off_map"}' "$rtab" export --format json $src
expect proof-own 0 'eliminated reads as break_off when earlier_eliminated (rule 11.7)' \
	"$rtab" export --format markdown --proof $src
expect proof-made 0 'off_map reads as break_off when earlier off_map (rule 11.7.4)' \
	"$rtab" export --format markdown --proof $src
expect aid-own 0 'Eliminated may read as Break off when Eliminated in the last battle (rule 11.7).' \
	"$rtab" export --format markdown $src
expect aid-made 0 'Pursued off the map may read as Break off when An earlier repeat gave Pursued off the map' \
	"$rtab" export --format markdown $src
expect aid-trigger 0 'passing on whether an earlier repeat gave Pursued off the map.' \
	"$rtab" export --format markdown $src
lacks aid-not-made 'repeat gave Eliminated' "$rtab" export --format markdown $src
lacks html-not-made 'repeat gave Eliminated' "$rtab" export --format html $src
lacks json-not-made 'earlier eliminated' "$rtab" export --format json $src
# diff and verify: a change of the file's own input's condition, then of the made one's.
sed 's/break_off when earlier_eliminated;/break_off when not earlier_eliminated;/' $src >"$tmp/own.rtab"
expect diff-own 1 'rewrite eliminated -> break_off when: earlier_eliminated -> not earlier_eliminated' \
	"$rtab" diff $src "$tmp/own.rtab"
expect verify-own 1 'when earlier_eliminated = false: the original does not hold' \
	"$rtab" verify $src "$tmp/own.rtab"
lacks verify-own-not-made 'earlier eliminated' "$rtab" verify $src "$tmp/own.rtab"
sed 's/when earlier off_map/when not earlier off_map/' $src >"$tmp/made.rtab"
expect diff-made 1 'rewrite off_map -> break_off when: earlier off_map -> not earlier off_map' \
	"$rtab" diff $src "$tmp/made.rtab"
expect verify-made 1 'when not earlier off_map: the original does not hold' \
	"$rtab" verify $src "$tmp/made.rtab"
# The made input cites the rule of the rewrite that reads it, per locale,
# else its table's: the JSON export, the proof sheet, the C data.
expect json-rule 0 '"id": "earlier_off_map", "labels": {"en": "An earlier repeat gave Pursued off the map", "ru": "Более ранний повтор дал «За край карты»"}, "rule": "11.7.4", "rules": {"en": "11.7.4", "ru": "с. 12"}' \
	"$rtab" export --format json $src
expect json-table-rule 0 '"rule": "11.8", "rules": {"en": "11.8", "ru": "с. 13"}, "type": 0' \
	"$rtab" export --format json $src
expect json-own-rule 0 '"id": "earlier_eliminated", "labels": {"en": "Eliminated in the last battle", "ru": "Уничтожен в прошлом бою"}, "rule": null' \
	"$rtab" export --format json $src
expect proof-rule-ru 0 '| earlier_off_map | Более ранний повтор дал «За край карты» | bool | false | с. 12 |' \
	"$rtab" export --format markdown --proof --locale ru $src
expect proof-table-rule 0 '| earlier_break_off | An earlier repeat gave Break off | Более ранний повтор дал «Отход» | bool | false | 11.8 |' \
	"$rtab" export --format markdown --proof $src
mkdir "$tmp/c"
"$rtab" compile $src -o "$tmp/c" 2>/dev/null
expect c-rule 0 '{.id = "earlier_off_map", .labels = input2_labels, .rule = "11.7.4", .rules = input2_rules,' \
	cat "$tmp/c/earlier_inputs.c"
expect c-rules 0 'static const char *const input2_rules[] = {"11.7.4", "с. 12"};' cat "$tmp/c/earlier_inputs.c"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
