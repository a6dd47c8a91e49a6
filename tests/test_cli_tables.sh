#!/bin/sh
# Tables as printed, from the command line: a grid by odds with shifts and
# automatic results, a differential grid, a quiet `rtab eval`, the
# diagnostic options of eval and test, and a --drm beyond what check proved.
# usage: test_cli_tables.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"

# NAME STATUS STDOUT_SUBSTRING STDERR_SUBSTRING ('' : stderr must be empty) COMMAND...
check() {
	name=$1 want=$2 out_needle=$3 err_needle=$4
	shift 4
	"$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	ok=true
	[ "$status" -eq "$want" ] || { echo "FAIL $name: exit $status, expected $want"; ok=false; }
	[ -z "$out_needle" ] || grep -qF -- "$out_needle" "$tmp/out" ||
		{ echo "FAIL $name: stdout lacks '$out_needle'"; ok=false; }
	if [ -z "$err_needle" ]; then
		[ ! -s "$tmp/err" ] || { echo "FAIL $name: stderr should be empty"; ok=false; }
	else
		grep -qF -- "$err_needle" "$tmp/err" || { echo "FAIL $name: stderr lacks '$err_needle'"; ok=false; }
	fi
	if $ok; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1)); head -5 "$tmp/out" "$tmp/err"
	fi
}

odds=tables/classic_odds.rtab
diff=tables/classic_differential.rtab
check odds-rounded-down 0 "column 2:1 (odds 17:6 read as 2:1)" "" \
	"$rtab" eval $odds crt --set attack=17 --set defence=6 --roll 4
check odds-shifted 0 "column 3:1 (odds 17:6 read as 2:1, shifted +1)" "" \
	"$rtab" eval $odds crt --set attack=17 --set defence=6 --set combined_arms=true --roll 4
check odds-shift-listed 0 "column shift:  +1 combined_arms" "" \
	"$rtab" eval $odds crt --set attack=17 --set defence=6 --set combined_arms=true --roll 4
check odds-one-and-a-half 0 '"column": "1.5:1"' "" \
	"$rtab" eval $odds crt --set attack=9 --set defence=6 --roll 3 --json
check odds-automatic-no-roll 0 '"automatic": true' "" \
	"$rtab" eval $odds crt --set attack=30 --set defence=5 --json
check odds-automatic-outcome 0 '"outcome": "defender_eliminated"' "" \
	"$rtab" eval $odds crt --set attack=30 --set defence=5 --json
check odds-not-allowed 0 "none: the table gives no result here" "" \
	"$rtab" eval $odds crt --set attack=3 --set defence=13
check odds-not-allowed-json 0 '"no_result": true' "" \
	"$rtab" eval $odds crt --set attack=3 --set defence=13 --json
check odds-zero-zero 0 "(odds 0:0)" "" \
	"$rtab" eval $odds crt --set attack=0 --set defence=0
# Odds 0:0 reach no column: none is named, in text or JSON (not the first,
# where the runtime's result leaves its column).
check odds-zero-zero-no-column 0 "table:         crt (odds 0:0)" "" \
	"$rtab" eval $odds crt --set attack=0 --set defence=0
check odds-zero-zero-json 0 '"column": null, "key": "0:0", "key_column": null' "" \
	"$rtab" eval $odds crt --set attack=0 --set defence=0 --json
# rtab vectors says the same of odds 0:0 as rtab eval: no column, every such vector.
check vectors-zero-zero-no-column 0 '"drm": 0, "column": null, "key": "0:0", "key_column": null' "vectors for classic_odds" \
	"$rtab" vectors $odds crt
if grep -F '"key": "0:0"' "$tmp/out" | grep -vqF '"column": null'; then
	echo "FAIL vectors-zero-zero-every-one: a vector at odds 0:0 names a column"
	failed=$((failed + 1))
elif ! grep -qF '"key": "0:0"' "$tmp/out"; then
	echo "FAIL vectors-zero-zero-every-one: no vector at odds 0:0"
	failed=$((failed + 1))
else
	passed=$((passed + 1))
fi
check odds-needs-roll 2 "" "needs the natural die faces" \
	"$rtab" eval $odds crt --set attack=9 --set defence=6
check variant-shift 0 "column 2:1 (odds 4:4 read as 1:1, shifted +2)" "" \
	"$rtab" eval $odds cavalry_crt --set attack=4 --set defence=4 --set charge=true --roll 4
check variant-same-grid 0 '"outcome": "attacker_retreats"' "" \
	"$rtab" eval $odds cavalry_crt --set attack=4 --set defence=4 --roll 4 --json
# A step counts only its own modifiers: a --drm from outside cannot get past
# that filter (the charger's test counts only the flank/rear modifier).
charge=tables/napoleonic_charge.rtab
check step-drm-refused 2 "" "--drm -3 cannot count at table 'charger_test': its step 'charger_test' counts only the modifiers named for it (flank_or_rear)" \
	"$rtab" eval $charge charger_test --roll 4,4 --drm -3
check step-drm-odds-refused 2 "" "--drm +2 cannot count at table 'charger_test'" \
	"$rtab" odds $charge charger_test --drm 2
check step-other-modifiers-filtered 0 '"modifier": 0' "" \
	"$rtab" eval $charge charger_test --set other_test_modifiers=-3 --roll 4,4 --json
check step-own-modifier-counts 0 '"modifier": 1' "" \
	"$rtab" eval $charge charger_test --set charging_flank_or_rear=true --roll 4,4 --json
# A drm that names the step's own modifier counts, with its value; one the
# step does not count is refused, naming the step's modifiers.
check step-drm-names-its-modifier 0 '"modifier": 1' "" \
	"$rtab" eval $charge charger_test --drm flank_or_rear --roll 4,4 --json
check step-drm-names-other-modifier 2 "" "--drm other_morale_modifiers: modifier 'other_morale_modifiers' does not count at step 'charger_test' of table 'charger_test' (its modifiers: flank_or_rear)" \
	"$rtab" eval $charge charger_test --drm other_morale_modifiers --roll 4,4
check drm-names-no-modifier 2 "" "--drm flank names no modifier" \
	"$rtab" eval $charge charger_test --drm flank --roll 4,4
# odds takes the same: the odds with that modifier applying, with its value.
check odds-drm-names-its-modifier 0 '"drm_modifier": "flank_or_rear", "modifier_raw": 1, "modifier": 1' "" \
	"$rtab" odds $charge charger_test --drm flank_or_rear --json
check odds-drm-modifier-text 0 "modifier +1 (flank_or_rear applies: --drm)" "" \
	"$rtab" odds $charge charger_test --drm flank_or_rear
check odds-drm-names-other-modifier 2 "" "--drm other_morale_modifiers: modifier 'other_morale_modifiers' does not count at step 'charger_test'" \
	"$rtab" odds $charge charger_test --drm other_morale_modifiers
check odds-drm-names-no-modifier 2 "" "--drm flank names no modifier" \
	"$rtab" odds $charge charger_test --drm flank
check diff-clamped 0 '"column": ">=+6"' "" \
	"$rtab" eval $diff combat --set attack=20 --set defence=3 --roll 1 --json
check diff-below 0 '"column": "<=-3"' "" \
	"$rtab" eval $diff combat --set attack=1 --set defence=9 --roll 1 --json
check diff-key 0 '"key": "-8"' "" \
	"$rtab" eval $diff combat --set attack=1 --set defence=9 --roll 1 --json

# A file with warnings: eval is quiet about them unless asked.
cat >"$tmp/warned.rtab" <<'RTAB'
ruleset warned { locales en; en "Warned"; }
dice d6 = 1d6;
input spare: bool = false;
outcome hold { en "Hold"; }
outcome rout { en "Rout"; }
table morale { en "Morale"; roll d6; rows { hold 1-3; rout 4-6; } }
example holds { en "A 2 holds"; morale roll 2 -> hold; }
RTAB
check eval-quiet 0 "outcome:       hold" "" "$rtab" eval "$tmp/warned.rtab" morale --roll 2
check eval-asked 0 "outcome:       hold" "never used [-Wunused]" \
	"$rtab" eval "$tmp/warned.rtab" morale --roll 2 -Wunused
check eval-werror 1 "" "error: input 'spare' has no 'en' label" \
	"$rtab" eval "$tmp/warned.rtab" morale --roll 2 -Werror
check eval-wno 0 "outcome:       hold" "" \
	"$rtab" eval "$tmp/warned.rtab" morale --roll 2 -Wno-missing-label -Wno-unused
check eval-bad-check 2 "" "unknown option '-Wno-such-check'" \
	"$rtab" eval "$tmp/warned.rtab" morale --roll 2 -Wno-such-check
check eval-cannot-off 2 "" "cannot be turned off" \
	"$rtab" eval "$tmp/warned.rtab" morale --roll 2 -Wno-unknown-name
check test-warns 0 "1 passed, 0 failed" "[-Wmissing-label]" "$rtab" test "$tmp/warned.rtab"
check test-wno 0 "1 passed, 0 failed" "" \
	"$rtab" test -Wno-missing-label -Wno-unused "$tmp/warned.rtab"
check test-werror 1 "" "error: input 'spare'" "$rtab" test -Werror "$tmp/warned.rtab"
check test-bad-check 2 "" "unknown option '-Wfrob'" "$rtab" test -Wfrob "$tmp/warned.rtab"

# A --drm beyond the rolls check proved is said, naming the roll.
check drm-beyond-no-row 1 "" "takes the modified roll to 11 (natural 6, modifier +5), beyond the rolls 1..6" \
	"$rtab" eval "$tmp/warned.rtab" morale --roll 6 --drm 5
check drm-within 0 "outcome:       rout" "" "$rtab" eval "$tmp/warned.rtab" morale --roll 2 --drm 3

# Odds lines over one grid: eval and odds name the result column a line reads;
# odds --all shows a result column once where its lines' odds agree.
lines=tests/printed/terrain_lines.rtab
check lines-eval 0 "column woods 1:2 (result column 2)" "" \
	"$rtab" eval $lines crt --set ground=woods --set attack=3 --set defence=6 --roll 3
check lines-eval-json 0 '"result_column": "1"' "" \
	"$rtab" eval $lines crt --set ground=town --set attack=3 --set defence=6 --roll 3 --json
check lines-odds 0 "column mountain 3:1 (result column 6)" "" \
	"$rtab" odds $lines crt --set ground=mountain --set attack=9 --set defence=3
check lines-odds-all 0 "6: clear 3:1; rough, town 4:1; woods 3:1; mountain 3:1" "" \
	"$rtab" odds $lines crt --all
# A shift moves each line's column within its own line: where that ends at
# different cells, the lines' columns over one result column stay apart.
check lines-odds-all-apart 0 "6: woods 3:1; mountain 3:1" "" \
	"$rtab" odds $lines crt --all --set surprise=true

# A line the modifiers take past the die prints open only at the far end of
# the rolls: "≤−2" and "15+", while the lines between keep both their ends;
# below 0 with a minus sign and an en dash ("−1–1"), never a hyphen a
# reader takes for a minus ("-1-1").
past=tests/printed/lines_past_the_die.rtab
check aid-past-die-lowest 0 "| ≤−2 | Routed |" "" "$rtab" export --format markdown $past
check aid-past-die-below 0 "| −1–1 | Shaken |" "" "$rtab" export --format markdown $past
check aid-past-die-above 0 "| 13-14 | Inspired |" "" "$rtab" export --format markdown $past
check aid-past-die-highest 0 "| 15+ | Heroic |" "" "$rtab" export --format markdown $past

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
