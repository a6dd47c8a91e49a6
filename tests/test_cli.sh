#!/bin/sh
# The command line as a user meets it: exit statuses, JSON answers, and
# that a failing compile leaves earlier output alone.
# usage: test_cli.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"

check() { expect "$@"; } # NAME EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...

check version 0 "rtab 0." "$rtab" --version
check help 0 "usage: rtab" "$rtab" --help
check verb-help 0 "usage: rtab eval" "$rtab" eval --help
check help-verb 0 "usage: rtab eval" "$rtab" help eval
check help-not-a-verb 2 "not a verb" "$rtab" help frobnicate
check no-verb 2 "no verb" "$rtab"
check bad-verb 2 "unknown verb" "$rtab" frobnicate
check bad-option 2 "unknown option" "$rtab" check --frob tables/musket_pike.rtab
check missing-file 1 "cannot open" "$rtab" check "$tmp/nope.rtab"
check check-clean 0 "" "$rtab" check tables/musket_pike.rtab

check pursuit-tacw 0 '"outcome": "pursue_and_eliminate"' \
	"$rtab" eval tables/musket_pike.rtab cavalry_pursuit --set game=tacw --roll 3 --json
check pursuit-ngbg 0 '"outcome": "break_off"' \
	"$rtab" eval tables/musket_pike.rtab cavalry_pursuit --set game=ngbg --roll 3 --json
check melee-cap 0 '"modifier": 4, "modified_roll": 4' \
	"$rtab" eval tables/musket_pike.rtab melee --drm 7 --roll 0 --json
check melee-raw 0 '"modifier_raw": 7' \
	"$rtab" eval tables/musket_pike.rtab melee --drm 7 --roll 0 --json
check eval-rule 0 '"rule": "11.0"' \
	"$rtab" eval tables/musket_pike.rtab melee --drm 7 --roll 0 --json
check eval-bad-table 2 "nothing named 'mele'" "$rtab" eval tables/musket_pike.rtab mele --roll 3
check eval-bad-input 2 "unknown input" "$rtab" eval tables/musket_pike.rtab melee --set gme=tacw --roll 3
check eval-bad-value 2 "not a value of input 'game'" \
	"$rtab" eval tables/musket_pike.rtab melee --set game=wargame --roll 3
# Lists: a whole field at once sets the length; the largest rank bonus, one standard.
check list-field-values 0 '"modifier": 4' \
	"$rtab" eval tables/mass_battle.rtab combat_result --set units.rank_bonus=2,0,3 --set units.standard=true,true,false --json
check list-five-units 0 '"modifier": 20' \
	"$rtab" eval tables/mass_battle.rtab combat_result --set units.wounds=1,2,3,4,5 --set units.rank_bonus=1,2,0,3,4 --set units.standard=true,false,true,false,true --json
check list-item 0 '"modifier": 3' \
	"$rtab" eval tables/mass_battle.rtab combat_result --set units=2 --set 'units[2].rank_bonus=3' --json
check list-item-past-length 2 "list 'units' holds 1 item" \
	"$rtab" eval tables/mass_battle.rtab combat_result --set 'units[2].rank_bonus=3'
check list-too-many 2 "holds 1..16 items, not the 17" \
	"$rtab" eval tables/mass_battle.rtab combat_result --set units.wounds=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
check list-item-out-of-range 2 "item 17 is out of range" \
	"$rtab" eval tables/mass_battle.rtab combat_result --set 'units[17].wounds=1'
check list-length-disagrees 2 "gives 3 items, but list 'units' was set to 2" \
	"$rtab" eval tables/mass_battle.rtab combat_result --set units=2 --set units.wounds=1,2,3
# Every verb shows a list as a list: export (aggregates read back, one row per field), diff.
check list-export-aggregate 0 '| any(units.standard) |' \
	"$rtab" export tables/mass_battle.rtab --format markdown --proof
check list-export-field 0 '| units[1..16].wounds |' \
	"$rtab" export tables/mass_battle.rtab --format markdown --proof
sed 's/list 1..16 of/list 1..20 of/; s/wounds: int 0..100 = 0/wounds: int 0..50 = 0/' tables/mass_battle.rtab >"$tmp/mb_list.rtab"
check list-diff-length 1 'type: list 1..16 -> list 1..20' "$rtab" diff tables/mass_battle.rtab "$tmp/mb_list.rtab"
check list-diff-field 1 "changed input 'units.wounds'" "$rtab" diff tables/mass_battle.rtab "$tmp/mb_list.rtab"
check list-export-where 0 '| sum(units.wounds where standard and rank_bonus > 0) |' \
	"$rtab" export tests/golden/lists.rtab --format markdown --proof
check list-eval-where 0 '"modifier": 2' \
	"$rtab" eval tests/golden/lists.rtab led --set units.wounds=1,2,3 --set units.rank_bonus=0,4,0 --set units.standard=false,true,true --json
check eval-bad-face 2 "each within 0..9" "$rtab" eval tables/musket_pike.rtab melee --roll 10
check eval-no-roll 2 "--roll" "$rtab" eval tables/musket_pike.rtab melee

check explain-rules 0 "(rule 11.3.2)" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_leaders=1 --roll 5 --explain
check explain-labels 0 '"Attacker' "$rtab" eval tables/musket_pike.rtab melee --roll 0 --explain
check locale-ru 0 "Атакующий Уничтожен" "$rtab" eval tables/musket_pike.rtab melee --roll 0 --locale ru
check json-and-explain 2 "exclude each other" "$rtab" eval tables/musket_pike.rtab melee --roll 0 --json --explain
check transition-state 0 '"state": "scattered"' \
	"$rtab" eval tables/musket_pike.rtab formation_hit --set formation=wavering --json
check list-checks 0 "row-gap" "$rtab" check --list-checks
check unknown-check 2 "unknown option" "$rtab" check -Wno-such-check tables/musket_pike.rtab
check test-passes 0 "0 failed" "$rtab" test tables
check test-counts 0 " passed, 0 failed" "$rtab" test tables/musket_pike.rtab
check compile-help 0 "usage: rtab compile" "$rtab" compile --help
# Every table gets a resolver in C, printed from the lowering (exact numbers among
# them), under -Werror: nothing said of it.
for f in tests/exact/odds_halves.rtab tables/musket_pike.rtab; do
	if ! "$rtab" compile -Werror "$f" -o "$tmp/native_note" >"$tmp/native_note.out" 2>&1 ||
		[ -s "$tmp/native_note.out" ] || ! grep -q "rtab_lowered_table0_" "$tmp/native_note"/*.c; then
		echo "FAIL compile-resolvers: $f: no resolver printed from the lowering, or something said"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
done

if [ -f tables/mass_battle.rtab ]; then
	check reaction-unexpected 0 '"options": ["hold"]' \
		"$rtab" eval tables/mass_battle.rtab charge_reaction --set unexpected=true --json
fi
if [ -f tables/mass_battle.rtab ]; then
	check reaction-fleeing 0 '"options": []' \
		"$rtab" eval tables/mass_battle.rtab charge_reaction --set fleeing=true --json
	check distance-overrun 0 '"value": 7, "unit": "inches"' \
		"$rtab" eval tables/mass_battle.rtab overrun --roll 3,4 --json
fi
if [ -f tables/napoleonic_charge.rtab ]; then
	check double-six 0 '"outcome": "charged_pass"' \
		"$rtab" eval tables/napoleonic_charge.rtab charged_test --set other_test_modifiers=-12 --roll 6,6 --json
	check strict-lists-provisional 1 "[-Wprovisional]" "$rtab" check --strict tables/napoleonic_charge.rtab
fi
# A grid line's reason is listed as a row's is.
check strict-lists-grid-line 1 "provisional grid line in table 'crt': the line is smudged [-Wprovisional]" \
	"$rtab" check --strict tests/export/grid_marks.rtab

# A ratio's 'round down;' (docs/language.md): 2 against 5 is 1:2.5, read as 1:3 (-2),
# where the default reading (towards 1:1) reaches only 1:2 (-1).
cat >"$tmp/ratio_round.rtab" <<'RTAB'
ruleset ratio_round { locales en; en "R"; }
dice d6 = 1d6;
input attack: int 0..99 = 2 { en "Attack"; }
input defence: int 0..99 = 5 { en "Defence"; }
ratio force_ratio { en "Force ratio"; round down; 2:1 = +1; 1:2 = -1; 1:3 = -2; otherwise 0; }
modifier odds_drm { en "Odds"; value force_ratio(attack, defence); }
outcome lose { en "Lose"; }
outcome win { en "Win"; }
table t { en "T"; roll d6; modifiers odds_drm; rows { lose <=3; win >=4; } }
RTAB
check ratio-round-checks 0 "" "$rtab" check -Werror "$tmp/ratio_round.rtab"
check ratio-round-reads 0 '"modifier": -2' "$rtab" eval "$tmp/ratio_round.rtab" t --roll 5 --json
check ratio-round-export 0 "odds read down (in the defender's favour)" \
	"$rtab" export --format markdown --proof "$tmp/ratio_round.rtab"
sed 's/round down;/round sideways;/' "$tmp/ratio_round.rtab" >"$tmp/ratio_round_bad.rtab"
check ratio-round-bad-word 1 "'sideways' is no rounding" "$rtab" check "$tmp/ratio_round_bad.rtab"

# A worked example that the table contradicts fails, with its line, and rtab test exits 1.
cat >"$tmp/wrong.rtab" <<'RTAB'
ruleset wrong { locales en; en "W"; }
dice d6 = 1d6;
outcome hold { en "Hold"; }
outcome flee { en "Flee"; }
table morale { en "Morale"; roll d6; rows { flee 1-3; hold 4-6; } }
example misread { en "A 2 holds, says the page"; morale roll 2 -> hold; }
RTAB
check example-fails 1 "wrong.rtab:6:" "$rtab" test "$tmp/wrong.rtab"
check example-count 1 "0 passed, 1 failed" "$rtab" test "$tmp/wrong.rtab"

# lacks_ok NAME UNWANTED_SUBSTRING COMMAND...: the command succeeds, its output lacks it.
lacks_ok() {
	name=$1 unwanted=$2
	shift 2
	"$@" >/dev/null 2>&1 || { echo "FAIL $name: exit $?, expected 0"; failed=$((failed + 1)); return; }
	lacks "$name" "$unwanted" "$@"
}

# Each provisional reading a result used is listed, once, in JSON and in
# --explain; what a trigger passes on is shown with it (issue 11). What the
# result used marks it (issue 22): the cell it landed on, the modifier that
# applied, the row it used, the trigger that fired; and so does what decided
# that something does not apply (issue 37): a condition's reads mark the
# result whether it holds or not. The dice's reason marks the odds, not a
# result from faces given.
hi="--set attacker_type=heavy_infantry --set defender_type=heavy_infantry"
check reasons-json 0 '"blank Melee Matrix cell' \
	"$rtab" eval tables/musket_pike.rtab melee $hi --set attacker_formation=wavering --roll 9 --json
check reasons-json-modifier 0 'Attacker: wavering formation or open order: no value printed' \
	"$rtab" eval tables/musket_pike.rtab melee $hi --set attacker_formation=wavering --roll 9 --json
# An input whose domain or default is ours: its reason is listed while it holds its default
# and a condition read it, whether its modifier applied ...
check reasons-input-default 0 "defender's strength: the domain 1..99 and the default 10 are ours" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_strength=40 --roll 9 --json
check reasons-input-left-aside 0 "attacking leaders: the domain 0..3" \
	"$rtab" eval tables/musket_pike.rtab melee --roll 9 --json
# ... not once the caller sets it: what is left is the force ratio's reading (every melee
# reads it), the cell, the defender's formation and the modifier that applied.
check reasons-inputs-set 0 '"provisional_count": 4, "reasons": ["force ratio: the page prints' \
	"$rtab" eval tables/musket_pike.rtab melee $hi --set attacker_formation=wavering --set attacker_leaders=1 \
	--set defender_leaders=1 --set attacker_morale=6 --set defender_morale=6 --set attacker_strength=12 \
	--set defender_strength=12 --set flank_rear_hexes=1 --set attacker_cavalry_units=1 --roll 9 --json
lacks_ok reasons-input-set-unlisted "attacking leaders: the domain 0..3" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_leaders=1 --roll 9 --json
lacks_ok reasons-enum-value-unread "the unhurt formation: the page names no such state" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_formation=wavering \
	--set defender_formation=wavering --set attacker_leaders=1 --roll 9 --explain
check reasons-explain 0 "provisional:   force ratio: the page prints" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_strength=40 --roll 9 --explain
# A force ratio of 4:7: the bands, compared on the exact strengths (ours), give no
# modifier, where a ratio rounded to the nearest printed one (1:2) would give -1.
# The reading decided that the modifier does not apply: it marks the result.
check reasons-ratio-not-applied 0 "provisional:   force ratio: the page prints" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_strength=40 --set defender_strength=70 \
	--roll 7 --explain
check reasons-ratio-not-applied-drm 0 "total DRM:     +0" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_strength=40 --set defender_strength=70 \
	--roll 7 --explain
# A default melee (unit types the Melee Matrix does not print) reads no cell; a row whose
# roll label was lost names its own reason first; types the matrix prints read their cell
# (every cell of that matrix is provisional).
lacks_ok melee-default-no-cell "Melee Matrix cell" \
	"$rtab" eval tables/musket_pike.rtab melee --roll 7 --json
lacks_ok melee-hedgehog-no-cell "Melee Matrix cell" \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_type=hedgehog \
	--set defender_type=heavy_infantry --roll 7 --json
check melee-row-reason 0 '"reasons": ["roll label lost in extraction' \
	"$rtab" eval tables/musket_pike.rtab melee --roll 3 --json
check melee-cell-reason 0 '"blank Melee Matrix cell' \
	"$rtab" eval tables/musket_pike.rtab melee $hi --roll 7 --json
lacks_ok melee-die-unmarked "the die: the page says only" \
	"$rtab" eval tables/musket_pike.rtab melee --roll 7 --json
# No leader with the pursuer by our default: that default decided that the leader's
# modifier does not apply.
check pursuit-default-input 0 '"provisional_count": 1, "reasons": ["pursuit leader'"'"'s command rating' \
	"$rtab" eval tables/musket_pike.rtab cavalry_pursuit --roll 5 --json
check pursuit-modifier-marks 0 'Pursuing cavalry has charge orders: value lost in the extraction' \
	"$rtab" eval tables/musket_pike.rtab cavalry_pursuit --set pursuer_charge_orders=true --roll 5 --json
# A trigger's reason marks the result when it fires, and when its reading decides that it
# does not: no pursuit by no cavalry is decided by its count.
check trigger-fired-marks 0 'the failure-to-retreat exception' \
	"$rtab" eval tables/musket_pike.rtab melee --set defender_cavalry_units=1 --roll 1 --json
check trigger-unfired-marks 0 'the failure-to-retreat exception' \
	"$rtab" eval tables/musket_pike.rtab melee --roll 1 --json
check trigger-inputs-json 0 '"trigger_inputs": [{"formation": "wavering"}, {"formation": "normal"}]' \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_formation=wavering --roll 9 --json
check trigger-times 0 '"triggers": ["cavalry_pursuit", "cavalry_pursuit", "formation_hit", "formation_hit"]' \
	"$rtab" eval tables/musket_pike.rtab melee --set attacker_cavalry_units=2 --roll 9 --json
check trigger-inputs-explain 0 "then resolve:  charge_reaction (unexpected = true)" \
	"$rtab" eval tables/mass_battle.rtab pursuit_contact --set contacts_enemy_unit=true --explain
check reasons-transition 0 '"reasons": ["formation hit on an unhurt unit' \
	"$rtab" eval tables/musket_pike.rtab formation_hit --set formation=normal --json
check settled-transition 0 '"provisional_count": 0, "reasons": []' \
	"$rtab" eval tables/musket_pike.rtab formation_hit --set formation=wavering --json
check reasons-reactions 0 '"provisional_count": 2' \
	"$rtab" eval tables/mass_battle.rtab charge_reaction --json
check strict-names-construct 1 "provisional transition arc in transition 'formation_hit'" \
	"$rtab" check --strict tables/musket_pike.rtab
# check --strict lists exactly the unsettled readings: one error per 'provisional' written.
for t in mass_battle musket_pike napoleonic_charge; do
	written=$(grep -v '^[[:space:]]*#' "tables/$t.rtab" | grep -c 'provisional "')
	listed=$("$rtab" check --strict "tables/$t.rtab" 2>&1 | grep -c '\[-Wprovisional\]')
	if [ "$written" -gt 0 ] && [ "$written" -eq "$listed" ]; then
		passed=$((passed + 1))
	else
		echo "FAIL strict-lists-readings-$t: $written written, $listed listed"; failed=$((failed + 1))
	fi
done

# 'settled' catches a result that depends on a provisional reading.
cat >"$tmp/settled.rtab" <<'RTAB'
ruleset s { locales en; en "S"; }
dice d6 = 1d6;
outcome hold { en "Hold"; }
outcome flee { en "Flee"; }
table morale { en "Morale"; roll d6; rows { flee 1-3 provisional "smudged"; hold 4-6; } }
example morale_rows { en "Rows"; morale roll 5 -> hold settled; morale roll 2 -> flee settled; }
RTAB
check settled-fails 1 'expected settled, but it depends on 1 provisional reading: "smudged"' "$rtab" test "$tmp/settled.rtab"
sed 's/morale roll 2 -> flee settled/morale roll 2 -> flee provisional/' "$tmp/settled.rtab" >"$tmp/settled2.rtab"
check settled-passes 0 "1 passed, 0 failed" "$rtab" test "$tmp/settled2.rtab"

# ... and one that reads an input at the default that is ours, or an unsettled enum value.
cat >"$tmp/settled_inputs.rtab" <<'RTAB'
ruleset s { locales en; en "S"; }
dice d6 = 1d6;
enum morale { en "M"; steady { en "Steady"; } shaken { en "Shaken"; provisional "shaken is ours"; } }
input morale: morale = steady { en "Morale"; }
input leaders: int 0..3 = 0 { en "Leaders"; provisional "the domain 0..3 is ours"; }
outcome hold { en "Hold"; }
outcome flee { en "Flee"; }
modifier led { en "Led"; value leaders; }
modifier shaken { en "Shaken"; when morale == shaken; value -1; }
table check_morale { en "Morale"; roll d6; modifiers led, shaken; rows { flee 0-3; hold 4-9; } }
example defaults { en "D"; check_morale roll 5 -> hold settled; }
example shaken { en "S"; check_morale(leaders = 1, morale = shaken) roll 5 -> hold settled; }
example chosen { en "C"; check_morale(leaders = 1) roll 5 -> hold settled; }
RTAB
check settled-input-default 1 'expected settled, but it depends on 1 provisional reading: "the domain 0..3 is ours"' \
	"$rtab" test "$tmp/settled_inputs.rtab"
check settled-enum-value 1 'expected settled, but it depends on 1 provisional reading: "shaken is ours"' \
	"$rtab" test "$tmp/settled_inputs.rtab"
check settled-input-chosen 1 "1 passed, 2 failed" "$rtab" test "$tmp/settled_inputs.rtab"

# An example names what a trigger passes on; a wrong value fails it.
sed '/trigger { formation_hit(formation = wavering),$/{n;s/formation_hit(formation = scattered) }/formation_hit(formation = normal) }/;}' \
	tables/musket_pike.rtab >"$tmp/passes.rtab"
check trigger-inputs-example 1 "expected defender_shaken_retreat_1 triggering {formation_hit, formation_hit}" \
	"$rtab" test "$tmp/passes.rtab"
check trigger-inputs-example-ok 0 "0 failed" "$rtab" test tables/musket_pike.rtab

# Diagnostics on every verb that reads a file: quiet about the file's
# warnings unless asked, -Wno-CHECK and -Werror as rtab check takes them.
check_err() { # NAME EXPECTED_STATUS STDERR_SUBSTRING|"" (stderr empty) COMMAND...
	name=$1 want=$2 needle=$3
	shift 3
	"$@" >"$tmp/diag.out" 2>"$tmp/diag.all"
	status=$?
	# rtab vectors reports its count of vectors there: a result, not a diagnostic.
	grep -v '^rtab vectors: note: [0-9][0-9]* vectors for ' "$tmp/diag.all" >"$tmp/diag.err"
	if [ "$status" -ne "$want" ]; then
		echo "FAIL $name: exit $status, expected $want"; head -5 "$tmp/diag.err"; failed=$((failed + 1))
	elif [ -z "$needle" ] && [ -s "$tmp/diag.err" ]; then
		echo "FAIL $name: stderr should be empty"; head -5 "$tmp/diag.err"; failed=$((failed + 1))
	elif [ -n "$needle" ] && ! grep -qF -- "$needle" "$tmp/diag.err"; then
		echo "FAIL $name: stderr lacks '$needle'"; head -5 "$tmp/diag.err"; failed=$((failed + 1))
	elif [ "$status" -eq 0 ] && [ ! -s "$tmp/diag.out" ]; then
		echo "FAIL $name: no output"; failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
}
cat >"$tmp/warned.rtab" <<'RTAB'
ruleset warned { locales en; en "Warned"; }
dice d6 = 1d6;
input spare: bool = false { en "Spare"; }
outcome hold { en "Hold"; }
outcome rout { en "Rout"; }
table morale { en "Morale"; roll d6; rows { hold 1-3; rout 4-6; } }
example holds { en "A 2 holds"; morale roll 2 -> hold; }
RTAB
w=$tmp/warned.rtab
unused="input 'spare' is never used"
for verb in odds export vectors diff verify; do
	case $verb in
	odds) set -- odds "$w" morale ;;
	export) set -- export --format json "$w" ;;
	vectors) set -- vectors "$w" ;;
	diff) set -- diff "$w" "$w" ;;
	verify) set -- verify "$w" ;;
	esac
	# A file that does not load: diff and verify say so with 2, the others with 1.
	case $verb in diff | verify) noload=2 ;; *) noload=1 ;; esac
	check_err "$verb-quiet" 0 "" "$rtab" "$@"
	check_err "$verb-asked" 0 "$unused [-Wunused]" "$rtab" "$@" -Wunused
	check_err "$verb-wno" 0 "" "$rtab" "$@" -Wno-unused
	check_err "$verb-werror" $noload "error: $unused" "$rtab" "$@" -Werror
	check_err "$verb-werror-wno" 0 "" "$rtab" "$@" -Werror -Wno-unused
	check_err "$verb-bad-check" 2 "unknown option '-Wfoo'" "$rtab" "$@" -Wfoo
	check_err "$verb-cannot-off" 2 "cannot be turned off" "$rtab" "$@" -Wno-unknown-name
	check_err "$verb-diag-json" 0 '"check": "unused"' "$rtab" "$@" --diagnostics=json
done
# One file on both sides of diff (FILE FILE, FILE@original FILE): its errors,
# and the warnings asked for, are printed once, as rtab check prints them.
cat >"$tmp/syntax.rtab" <<'RTAB'
ruleset s { locales en; en "S"; }
dice d6 = 1d6;
outcome hold { en "Hold"; }
table morale { en "Morale"; roll d6; rows { hold 1-6 } }
RTAB
"$rtab" check "$tmp/syntax.rtab" 2>"$tmp/syntax.check"
ln -s syntax.rtab "$tmp/syntax_link.rtab"
for pair in "$tmp/syntax.rtab $tmp/syntax.rtab" "$tmp/syntax.rtab@original $tmp/syntax.rtab" \
	"$tmp/syntax.rtab $tmp/syntax_link.rtab"; do
	# shellcheck disable=SC2086
	"$rtab" diff $pair >/dev/null 2>"$tmp/syntax.diff"
	status=$?
	if [ "$status" -eq 2 ] && [ -s "$tmp/syntax.check" ] && cmp -s "$tmp/syntax.check" "$tmp/syntax.diff"; then
		passed=$((passed + 1))
	else
		echo "FAIL diff-same-file-errors-once ($pair): exit $status, stderr:"; cat "$tmp/syntax.diff"; failed=$((failed + 1))
	fi
done
"$rtab" diff "$w" "$w" -Wunused >/dev/null 2>"$tmp/warned.diff"
if [ "$(grep -c "$unused" "$tmp/warned.diff")" -eq 1 ]; then passed=$((passed + 1)); else
	echo "FAIL diff-same-file-warning-once:"; cat "$tmp/warned.diff"; failed=$((failed + 1)); fi

# --strict: a provisional value is an error, as in rtab check.
check_err odds-strict 1 "error: provisional" "$rtab" odds tables/musket_pike.rtab melee --strict
check_err export-strict 1 "error: provisional" "$rtab" export --format csv tables/musket_pike.rtab --strict
check_err odds-clean 0 "" "$rtab" odds tables/musket_pike.rtab melee

# A compile that fails writes nothing and keeps what was there.
mkdir "$tmp/out"
"$rtab" compile tables/musket_pike.rtab -o "$tmp/out" >/dev/null 2>&1
cp "$tmp/out/musket_pike.c" "$tmp/before.c"
sed 's/attacker_broken            1-2;/attacker_broken            1-3;/' tables/musket_pike.rtab >"$tmp/musket_pike.rtab"
check damaged-overlap 1 "musket_pike.rtab:" "$rtab" compile "$tmp/musket_pike.rtab" -o "$tmp/out"
if cmp -s "$tmp/out/musket_pike.c" "$tmp/before.c" && [ "$(ls "$tmp/out")" = "musket_pike.c
musket_pike.h" ]; then passed=$((passed + 1)); else echo "FAIL: a failed compile changed $tmp/out"; failed=$((failed + 1)); fi

# An automatic column is printed as "no roll" on its outcome's row only.
# A computed CRT exports as its printed grid: a line per roll, a code per column.
check export-grid-header 0 "table,roll,1:4,1:3,1:2,1:1,1.5:1,2:1,3:1,4:1,5:1" \
	"$rtab" export --format csv tables/classic_odds.rtab
check export-grid-line 0 "crt,1,AR,AR,NE,DR,DR,DR,DR,DE,DE" \
	"$rtab" export --format csv tables/classic_odds.rtab
check export-grid-patched 0 "determined_crt,1,EX,AR,NE,DR,DR,DR,DE,DE,DE" \
	"$rtab" export --format csv tables/classic_odds.rtab
check export-grid-cells 0 "crt,AE,attacker_eliminated,Attacker eliminated" \
	"$rtab" export --format csv tables/classic_odds.rtab
check export-grid-ends 0 "column 6:1+: defender_eliminated, without a roll" \
	"$rtab" export --format markdown --proof tables/classic_odds.rtab
check export-grid-ends-csv 0 'crt,"column 6:1+: defender_eliminated, without a roll"' \
	"$rtab" export --format csv tables/classic_odds.rtab
check export-grid-rule 0 "rule 7.8.1: roll 1 at 1:4" \
	"$rtab" export --format markdown --proof tables/classic_odds.rtab
# odds --all reads each column where the situation's shifts move it.
check odds-all-shift 0 "each column read 1 column to the right (column shifts)" \
	"$rtab" odds --all tables/classic_odds.rtab crt --set combined_arms=true
check odds-all-shift-json 0 '"column": "2:1", "read_as": "3:1"' \
	"$rtab" odds --all --format json tables/classic_odds.rtab crt --set combined_arms=true
# Odds headers say what the cumulative columns add up.
check odds-cumulative-headers 0 "this row or any above  this row or any below" \
	"$rtab" odds tables/classic_odds.rtab crt

# Vectors give what each trigger passes on and every provisional reason,
# as rtab eval does for the same situation.
if "$rtab" vectors tables/musket_pike.rtab melee >"$tmp/vec.jsonl" && python3 - "$rtab" "$tmp/vec.jsonl" <<'PY'
import json, subprocess, sys
rtab, path = sys.argv[1], sys.argv[2]
lines = [json.loads(l) for l in open(path)]
picked = [d for d in lines if d.get('trigger_inputs') and
          any(v != 'normal' for t in d['trigger_inputs'] for v in t.values())][:5]
assert picked, 'no vector passes a formation other than normal'
for d in picked:
    args = [rtab, 'eval', 'tables/musket_pike.rtab', 'melee', '--json', '--drm', str(d['drm']),
            '--roll', ','.join(map(str, d['faces']))]
    for k, v in d['inputs'].items():
        args += ['--set', '%s=%s' % (k, str(v).lower() if isinstance(v, bool) else v)]
    e = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    for key in ('triggers', 'trigger_inputs', 'reasons'):
        assert d[key] == e[key], (key, d[key], e[key])
PY
then passed=$((passed + 1)); else echo "FAIL: vectors' trigger_inputs/reasons differ from rtab eval"; failed=$((failed + 1)); fi

# A column that gives its result without a roll has no modified roll.
check eval-automatic-no-roll 0 "modified roll: none (no roll)" \
	"$rtab" eval tables/classic_odds.rtab crt --set attack=25 --set defence=5 --set combined_arms=true

check eval-automatic-roll-unused 0 "natural roll:  3 (not used: the column gives its result without a roll)" \
	"$rtab" eval tables/classic_odds.rtab crt --set attack=30 --set defence=5 --roll 3

# Two dice summed: each face, then their sum.
check eval-explain-faces-summed 0 "natural roll:  5+6 = 11" \
	"$rtab" eval tables/napoleonic_charge.rtab charger_test --roll 5,6 --explain

# A bad --diagnostics format is named as one, on every verb that takes it.
check diagnostics-format-check 2 "--diagnostics takes json or text, not 'xml'" \
	"$rtab" check --diagnostics=xml tables/classic_odds.rtab
check diagnostics-format-compile 2 "--diagnostics takes json or text, not 'xml'" \
	"$rtab" compile --diagnostics=xml tables/classic_odds.rtab -o "$tmp/diagfmt"
check diagnostics-format-eval 2 "--diagnostics takes json or text, not 'xml'" \
	"$rtab" eval tables/classic_odds.rtab crt --roll 1 --diagnostics=xml

# diff places a changed shift list or table end at its own statement
# (a variant's 'shifts', the 'above' line), not at the base's 'columns by'.
sed 's/shifts +cavalry_charge;/shifts combined_arms, cavalry_charge;/' \
	tables/classic_odds.rtab >"$tmp/shifts.rtab"
check diff-shifts-location 1 "was at tables/classic_odds.rtab:$(grep -n 'shifts +cavalry_charge;' tables/classic_odds.rtab | cut -d: -f1):3" \
	"$rtab" diff tables/classic_odds.rtab "$tmp/shifts.rtab"
sed 's/above 6:1 DE;/above 6:1 EX;/' tables/classic_odds.rtab >"$tmp/above.rtab"
check diff-above-location 1 "was at tables/classic_odds.rtab:$(grep -n 'above 6:1 DE;' tables/classic_odds.rtab | head -1 | cut -d: -f1):3" \
	"$rtab" diff tables/classic_odds.rtab "$tmp/above.rtab"

# A file that did not load prints no count line: "0 passed, 0 failed" would
# read as a file without examples.
check test-bad-edition 1 "no errata layer 'bogus'" "$rtab" test tests/errata/skirmish.rtab@bogus
out=$("$rtab" test tests/errata/skirmish.rtab@bogus 2>&1)
case $out in
*passed*) echo "FAIL test-bad-edition-count: a count line after a load error"; echo "$out"; failed=$((failed + 1)) ;;
*) passed=$((passed + 1)) ;;
esac
check test-count-when-loaded 0 "passed, 0 failed" "$rtab" test tables/classic_odds.rtab

# export --locale: the count is checked before the names, and a locale named
# twice is refused rather than printed as two equal columns.
check export-locale-three 2 "--locale takes one locale or two, not 'en,ru,fr'" \
	"$rtab" export --format csv tables/musket_pike.rtab --locale en,ru,fr
check export-locale-twice 2 "--locale names 'en' twice" \
	"$rtab" export --format csv tables/musket_pike.rtab --locale en,en
check export-locale-two 0 "" "$rtab" export --format csv tables/musket_pike.rtab --locale en,ru

# A 'like' variant's inherited rows keep the base's rule (7.3), the variant
# itself its own (7.7).
out=$("$rtab" export --format json tables/classic_odds.rtab 2>&1)
if printf '%s' "$out" | python3 -c '
import json, sys
t = {t["id"]: t for t in json.load(sys.stdin)["tables"]}
v = t["cavalry_crt"]
assert v["rule"] == "7.7", v["rule"]
assert v["rows"] and all(r["rule"] == "7.3" for r in v["rows"]), [r["rule"] for r in v["rows"]]
assert [r["rule"] for r in v["rows"]] == [r["rule"] for r in t["crt"]["rows"]]
'; then passed=$((passed + 1)); else echo "FAIL like-keeps-base-rule"; failed=$((failed + 1)); fi
check like-eval-rule 0 '"rule": "7.3"' "$rtab" eval --json tables/classic_odds.rtab cavalry_crt --set attack=4 --set defence=4 --roll 4

# A cell patch: the patched cell reads the patch's rule, the others the base's.
check patch-eval 0 '"outcome": "exchange", "label": "Exchange", "effects": [{"effect": "exchange", "args": []}], "code": "EX", "rule": "7.8.1"' \
	"$rtab" eval --json tables/classic_odds.rtab determined_crt --set attack=1 --set defence=4 --roll 1
check patch-eval-base-rule 0 '"rule": "7.3"' \
	"$rtab" eval --json tables/classic_odds.rtab determined_crt --set attack=1 --set defence=4 --roll 2
check patch-unchanged-quiet 0 "" "$rtab" check -Werror tables/classic_odds.rtab
# Two keys: the variant picks the line, --set names it.
check two-keys-eval 0 '"column": "fortified 2:1"' \
	"$rtab" eval --json tables/classic_odds.rtab assault_crt --set position=fortified --set attack=8 --set defence=4 --roll 3
check two-keys-none 0 "outcome:       none" \
	"$rtab" eval tables/classic_odds.rtab assault_crt --set position=fortified --set attack=2 --set defence=4
check two-keys-golden-examples 0 "passed, 0 failed" "$rtab" test tests/golden/two_keys.rtab
# 'value' is a keyword elsewhere, and names the key here: columns by value(X).
cat >"$tmp/value_key.rtab" <<'RTAB'
ruleset value_key { locales en; en "Value key"; }
dice d6 = 1d6;
input a: int 0..9 = 4 { en "A"; }
input b: int 0..9 = 1 { en "B"; }
outcome lose { en "Lose"; code L; }
outcome win { en "Win"; code W; }
table t {
  en "T";
  roll d6;
  columns by value(div_down(a - b, 2));
  grid {
         <=-1  0  >=+1
    1-3  L     L  W
    4-6  L     W  W
  }
}
RTAB
check value-key 0 '"column": ">=+1"' "$rtab" eval --json "$tmp/value_key.rtab" t --roll 2
# Exact numbers: a number input set as printed, values and distances shown exactly.
halves=tests/golden/exact_halves.rtab
check exact-distance 0 "value:         16.5 cm" "$rtab" eval $halves retire --set compulsory_move=25 --roll 4
check exact-distance-json 0 '"value": 16.5, "unit": "cm"' "$rtab" eval $halves retire --roll 4 --json
check exact-set-number 0 "value:         2.5 cm" \
	"$rtab" eval $halves frontage --set halved=true --set strength=2.5
check exact-set-other 0 "value:         1.5 cm" \
	"$rtab" eval $halves frontage --set halved=true --set strength=1.5
check exact-set-between-steps 2 "takes a number in 0..40 by 0.5, not '2.3'" \
	"$rtab" eval $halves frontage --set strength=2.3
check exact-set-not-a-number 2 "takes a number in 0..40 by 0.5, not '2,5'" \
	"$rtab" eval $halves frontage --set strength=2,5
check exact-set-int-input 2 "takes an integer in 0..40, not '12.5'" \
	"$rtab" eval $halves retire --set compulsory_move=12.5 --roll 4
check exact-roll-rounded 0 '"modifier": 2, "modified_roll": 3' \
	"$rtab" eval $halves melee --set strength=2.5 --set defence=1 --roll 1 --json
check exact-test 0 "1 passed, 0 failed" "$rtab" test $halves
sed -e 's|exact 1/4;|exact 1/8;|' -e 's|number 0..40 by 0.5 = 2.5|number 0..40 by 0.25 = 2.5|' \
	-e 's|roll 4 -> 16.5 cm;|roll 4 -> 16.5 cm; retire(compulsory_move = 25) roll 1 -> 13.5 cm;|' \
	$halves >"$tmp/exact_b.rtab"
check exact-diff-precision 1 "exact: 1/4 -> 1/8" "$rtab" diff $halves "$tmp/exact_b.rtab"
check exact-diff-type 1 "type: number 0..40 by 0.5 -> number 0..40 by 0.25" "$rtab" diff $halves "$tmp/exact_b.rtab"
check exact-diff-example 1 "roll 1 -> 13.5 cm" "$rtab" diff $halves "$tmp/exact_b.rtab"
check exact-odds-test 0 "1 passed, 0 failed" "$rtab" test tests/exact/odds_halves.rtab
check exact-rounding-test 0 "1 passed, 0 failed" "$rtab" test tests/exact/rounding.rtab
check exact-round-nearest 0 '"modifier": 2, "modified_roll": 3' \
	"$rtab" eval tests/exact/rounding.rtab t_near --set s=2.5 --roll 1 --json
check exact-trigger-inputs 0 '"trigger_inputs": [{"defence": 0.5}]' "$rtab" eval tests/exact/odds_halves.rtab crt \
	--set attack=2.5 --set defence=1 --roll 3 --json
check exact-odds-key 0 "(odds 2.5:2 read as 1:1)" "$rtab" eval tests/exact/odds_halves.rtab crt \
	--set attack=5 --set defence=2 --set in_woods=true --roll 3 --explain
check exact-odds-band 0 '"value": 1, "signed_value": 1' "$rtab" eval tests/exact/odds_halves.rtab morale \
	--set attack=2.5 --set defence=1 --roll 1 --json
check exact-napoleonic 0 "value:         13.5 cm" \
	"$rtab" eval tables/napoleonic_charge.rtab retire_move --set compulsory_move_cm=25 --roll 1
check exact-export-default 0 '"default_text": "2.5"' "$rtab" export --format json $halves
check exact-export-text 0 '"text": "compulsory_move / 2 + 1d6"' "$rtab" export --format json $halves

# Errors of compile under --diagnostics=json: JSON objects only, each naming
# the file, the line and the check (or null where no file is concerned).
json_only() { # NAME FIELD=VALUE... -- COMMAND...: every line of stderr is JSON with those fields
	name=$1
	shift
	want=""
	while [ "$1" != "--" ]; do want="$want $1"; shift; done
	shift
	"$@" >/dev/null 2>"$tmp/json_only.err"
	if python3 - "$tmp/json_only.err" $want <<'PY'
import json, sys
lines = open(sys.argv[1], encoding='utf-8').read().splitlines()
objs = [json.loads(l) for l in lines]  # a line of plain text fails here
assert objs, 'no diagnostic'
for w in sys.argv[2:]:
    k, v = w.split('=', 1)
    assert any(str(o.get(k)) == v for o in objs), (k, v, objs)
for o in objs:
    assert set(o) == {'file', 'line', 'column', 'severity', 'message', 'check'}, o
PY
	then passed=$((passed + 1)); else echo "FAIL $name"; cat "$tmp/json_only.err"; failed=$((failed + 1)); fi
}
cp tables/classic_odds.rtab "$tmp/classic_copy.rtab"
json_only compile-dup-json file="$tmp/classic_copy.rtab" line=5 check=c-name severity=error -- \
	"$rtab" compile --diagnostics=json -o "$tmp/dup_out" tables/classic_odds.rtab "$tmp/classic_copy.rtab"
: >"$tmp/not_a_dir"
json_only compile-dir-json file=None check=None severity=error -- \
	"$rtab" compile --diagnostics=json -o "$tmp/not_a_dir/x" tables/classic_odds.rtab
check compile-dir-text 1 "rtab compile: error: '$tmp/not_a_dir' is not a directory" \
	"$rtab" compile -o "$tmp/not_a_dir/x" tables/classic_odds.rtab

# The option tables: an unknown option names its verb; --help lists every
# option of the table and the shared ones, and the exit status of out of memory.
check compile-bad-option 2 "rtab compile: unknown option '--frob'" "$rtab" compile --frob tables/musket_pike.rtab
check compile-o-needs-value 2 "rtab compile: -o needs a value" "$rtab" compile tables/musket_pike.rtab -o
for opt in --list-checks --edition -WNAME -Wno-NAME -Werror --strict --diagnostics=json "3 out of memory"; do
	check "check-help$opt" 0 "$opt" "$rtab" check --help
done
for opt in "-o DIR" --edition -WNAME -Werror --strict --diagnostics=json "3 out of memory"; do
	check "compile-help$opt" 0 "$opt" "$rtab" compile --help
done
# An output that cannot be written, under --diagnostics=json: compile and
# export say so as JSON objects only, naming the input when the output would
# overwrite it; in text, with the verb's prefix.
mkdir -p "$tmp/busy/classic_odds.c"
json_only compile-rename-json file=None check=None severity=error -- \
	"$rtab" compile --diagnostics=json -o "$tmp/busy" tables/classic_odds.rtab
check compile-rename-text 1 "rtab compile: error: cannot rename" \
	"$rtab" compile -o "$tmp/busy" tables/classic_odds.rtab
: >"$tmp/a_file"
json_only export-nodir-json file=None check=None severity=error -- \
	"$rtab" export --format json --diagnostics=json -o "$tmp/a_file/x.json" tables/classic_odds.rtab
check export-nodir-text 1 "rtab export: error: '$tmp/a_file' is not a directory" \
	"$rtab" export --format json -o "$tmp/a_file/x.json" tables/classic_odds.rtab
# -o makes the directories it goes into, as compile does.
check export-mkdir 0 "" "$rtab" export --format json -o "$tmp/no_such_dir/deeper/x.json" tables/classic_odds.rtab
check export-mkdir-wrote 0 '"format": "rtab-export"' cat "$tmp/no_such_dir/deeper/x.json"
json_only export-self-json file="$tmp/classic_copy.rtab" check=None severity=error -- \
	"$rtab" export --format csv --diagnostics=json -o "$tmp/classic_copy.rtab" "$tmp/classic_copy.rtab"
json_only odds-warning-json severity=warning -- \
	"$rtab" odds --diagnostics=json tables/classic_odds.rtab crt --drm 3
json_only vectors-note-json severity=note -- \
	"$rtab" vectors --diagnostics=json tables/classic_odds.rtab crt

# Every verb's --help is generated from its option table: each option it
# lists is one the verb's parser takes (given before --help, the help still
# shows, exit 0), and an option outside the table is refused, naming the verb.
if python3 - "$rtab" >"$tmp/options.out" 2>&1 <<'PY'
import re, subprocess, sys
rtab = sys.argv[1]
def run(*args):
    return subprocess.run([rtab, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
top = run('--help').stdout
verbs = re.findall(r'^  ([a-z]+) ', top.split('Verbs:')[1].split('\n\n')[0], re.M)
checks = [l.split()[0] for l in run('check', '--list-checks').stdout.splitlines()]  # -Wunused is one
problems, count = [], 0
assert {'check', 'compile', 'eval', 'test', 'odds', 'diff', 'verify', 'export', 'vectors'} <= set(verbs) \
    and 'unused' in checks, (verbs, checks[:3])
for verb in verbs:
    text = run(verb, '--help').stdout
    usage = text.split('\n\n')[0]
    tags = re.findall(r'^  (-\S.*?)(?:\s{2,}|$)', text.split('\nOptions:\n')[1], re.M)
    shared = {'--edition', '-WNAME', '--diagnostics=json'}
    if verb == 'fmt':  # lays out the whole file, every errata layer: no edition to pick
        shared.discard('--edition')
    said = ' '.join(tags)
    problems += ['%s --help lacks %s' % (verb, o) for o in shared if o not in said]
    for tag in tags:
        for form in tag.split(', '):
            name, _, value = form.partition(' ')
            forms = {'-WNAME': ['-Wunused'], '-Wno-NAME': ['-Wno-unused'],
                     '--diagnostics=json|text': ['--diagnostics=json', '--diagnostics=text']}.get(name, [name])
            if value == 'N':
                value = '1'
            m = re.search(re.escape(name) + r' ([a-z]+)\|', usage)
            if value and m:
                value = m.group(1)  # the first of the values the synopsis names
            for f in forms:
                args = [verb, f] + ([value] if value else []) + ['--help']
                p = run(*args)
                count += 1
                if p.returncode != 0 or 'usage: rtab ' + verb not in p.stdout:
                    problems.append('rtab %s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr.strip()))
    p = run(verb, '--no-such-option')
    if p.returncode != 2 or "rtab %s: unknown option '--no-such-option'" % verb not in p.stderr:
        problems.append('rtab %s --no-such-option: exit %d: %s' % (verb, p.returncode, p.stderr.strip()))
print('\n'.join(problems) or '%d verbs, %d options taken' % (len(verbs), count))
sys.exit(1 if problems else 0)
PY
then passed=$((passed + 1)); else echo "FAIL verb-options"; cat "$tmp/options.out"; failed=$((failed + 1)); fi
check top-help-oom 0 "3 out of memory" "$rtab" --help
check check-list-checks 0 "c-name" "$rtab" check --list-checks
check check-edition-eq 0 "" "$rtab" check --edition=original tables/musket_pike.rtab

# A stacking group whose cap excludes 0 adds to a table only through its
# listed members that apply: a table listing none of them reads the roll as
# rolled, and every roll check proves covered has a row.
groups=tests/groups/capped_groups.rtab
check group-cap-unlisted 0 '"modifier": 0, "modified_roll": 3' "$rtab" eval $groups plain --roll 3 --json
check group-cap-unlisted-top 0 '"modifier": 0, "modified_roll": 6' "$rtab" eval $groups plain --roll 6 --json
check group-cap-none-applies 0 '"modifier": 0, "modified_roll": 3' "$rtab" eval $groups listed --roll 3 --json
check group-cap-applies 0 '"modifier": 4, "modified_roll": 7' "$rtab" eval $groups listed --set b=true --roll 3 --json
check group-cap-examples 0 "2 passed, 0 failed" "$rtab" test $groups
cp tables/classic_odds.rtab "$tmp/classic_unrelated.rtab"
printf 'group unrelated { en "Unrelated"; stack sum; cap 1..3; }\n' >>"$tmp/classic_unrelated.rtab"
check group-cap-unrelated 0 "6 passed, 0 failed" "$rtab" test "$tmp/classic_unrelated.rtab"

# Inputs open at an end (int >= 0, int <= 10, int): any value within the
# language's integers is taken, one past the open side is refused as the
# domain is written, and --exhaustive names the inputs it cannot walk.
open_input=tests/constructs/fixtures/open_input.rtab
check open-input-far 0 '"modified_roll": -249995' \
	"$rtab" eval $open_input shot --set zlosses=250000 --roll 5 --json
check open-input-below 2 "input 'zlosses' takes an integer >= 0, not '-1'" \
	"$rtab" eval $open_input shot --set zlosses=-1 --roll 5
check open-input-above 2 "input 'zmorale' takes an integer <= 10, not '11'" \
	"$rtab" eval $open_input shot --set zmorale=11 --roll 5
check open-input-exhaustive 1 "zlosses: int >= 0, zmorale: int <= 10, zpoints: int); write the bounds" \
	"$rtab" vectors $open_input --exhaustive

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
