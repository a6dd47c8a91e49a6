#!/bin/sh
# The input 'earlier OUTCOME' reads, made by the checks, against the file's
# own input of the same form of name: every verb prints the made one as the
# rewrite writes it ('earlier off_map') and by its phrase ("An earlier repeat
# gave ..."), the file's own 'earlier_eliminated', which no 'earlier
# eliminated' reads, by its id and its own label.
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
