#!/bin/sh
# rtab odds: fractions worked by hand, the golden outputs in tests/odds/,
# and --all on the melee table (its speed is measured by bench/run).
# usage: test_odds.sh RTAB SOURCE_ROOT   (RTAB_UPDATE_GOLDENS=1: see golden_diff.sh)
set -u
. "${0%/*}/setup.sh"
f=tests/odds/odds_cases.rtab


# The probability of OUTCOME in the JSON of `rtab odds ARGS...` must be WANT.
prob() { # OUTCOME WANT ARGS...
	outcome=$1 want=$2
	shift 2
	got=$("$rtab" odds "$@" --json) || { fail "rtab odds $*: exit $?"; return; }
	case $got in
	*"{\"outcome\": \"$outcome\", "*"\"probability\": \"$want\","*) passed=$((passed + 1)) ;;
	*) fail "rtab odds $*: $outcome is not $want"; echo "$got" ;;
	esac
}

# A modifier far past the grid's -1000..1000 window: --all shows its true
# total, not an empty or inverted range.
for t in up:+32767:hi down:-32767:lo; do
	name=${t%%:*} rest=${t#*:}
	total=${rest%%:*} outcome=${rest#*:}
	out=$("$rtab" odds tests/odds/huge_modifier.rtab "$name" --all 2>&1)
	case $out in
	*"$total"*"$outcome "*"1 (100%)"*) passed=$((passed + 1)) ;;
	*) fail "rtab odds huge_modifier.rtab $name --all: no column $total with $outcome certain"; echo "$out" ;;
	esac
done

# 2d6 sums: 15, 6 and 15 of 36 rolls.
prob low 5/12 $f sums
prob mid 1/6 $f sums
prob high 5/12 $f sums
# A d10 read 0-9, bonus 5 capped at +2: faces 0 / 1-5 / 6-9.
prob low 1/10 $f capped --set bonus=5
prob mid 1/2 $f capped --set bonus=5
prob high 2/5 $f capped --set bonus=5
# The cap bites from below too: -1 at least, whatever the --drm: rolls -1..8,
# low is faces 0-3, high face 9 alone.
prob low 2/5 $f capped --drm -9
prob high 1/10 $f capped --drm -9
# A natural double six passes at any modifier; without it no roll reaches 10.
prob pass 1/36 $f charge --drm -5
prob low 35/36 $f charge --drm -5
# An outcome that cannot occur appears, with "0".
prob high 0 $f sums --drm -20
prob mid 0 $f sums --drm -20
prob low 1 $f sums --drm -20
# A distance: half of 5 (2) plus 2d6; 9 = 2 + 7 has 6 of 36 rolls.
got=$("$rtab" odds $f charge_move --set moved=5 --json)
case $got in *'{"value": 9, "rolls": 6, "probability": "1/6"'*) passed=$((passed + 1)) ;; *) fail "charge_move 9 is not 1/6"; echo "$got" ;; esac
# A computed column (tables/classic_odds.rtab): 2:1 reads its column (rolls
# 1-2 DR, 3 EX, 4 NE, 5-6 AR); 30:5 is beyond 5:1, DE without a roll; 3:13
# is below 1:4, no result at all.
c=tables/classic_odds.rtab
prob defender_retreats 1/3 $c crt --set attack=2 --set defence=1
prob exchange 1/6 $c crt --set attack=2 --set defence=1
prob attacker_retreats 1/3 $c crt --set attack=2 --set defence=1
prob defender_eliminated 1 $c crt --set attack=30 --set defence=5
got=$("$rtab" odds $c crt --set attack=3 --set defence=13 --json)
case $got in *'{"outcome": null, "no_result": true, "label": null, "rolls": 6, "probability": "1"'*) passed=$((passed + 1)) ;; *) fail "3:13 is not 'no result' with certainty"; echo "$got" ;; esac
# The issue's promise: TACW pursuit 3/10, 3/10 and 4/10.
out=$("$rtab" odds tables/musket_pike.rtab cavalry_pursuit --set game=tacw)
for want in "break_off  *3/10" "pursue_and_eliminate  *3/10" "pursue_off_map  *4/10"; do
	if echo "$out" | grep -q "$want"; then passed=$((passed + 1)); else fail "pursuit lacks '$want'"; echo "$out"; fi
done

# A modified roll past every row is "(no row)", apart from "(no result)",
# with a warning on stderr: crt 1:1 has rows for 1..6, --drm 3 takes faces
# 4-6 to 7..9.
got=$("$rtab" odds $c crt --drm 3 --json 2>"$tmp/err")
case $got in *'{"outcome": null, "no_row": true, "label": null, "rolls": 3, "probability": "1/2"'*) passed=$((passed + 1)) ;; *) fail "crt --drm 3: faces 4-6 are not (no row)"; echo "$got" ;; esac
case $got in *'"no_result"'*) fail "crt --drm 3 counts no row as no result"; echo "$got" ;; *) passed=$((passed + 1)) ;; esac
grep -q "warning: 3 of 6 rolls take the modified roll to 7..9 (modifier +3), where column '1:1' of table 'crt' has no row" "$tmp/err" && passed=$((passed + 1)) || { fail "crt --drm 3: no warning"; cat "$tmp/err"; }
"$rtab" odds $c crt --drm 3 2>/dev/null | grep -q '^  (no row)  *3/6 .*the modified roll matches no row$' && passed=$((passed + 1)) || fail "crt --drm 3: no (no row) line"
# 3:13 (a 'none' column) is no result, never no row, and no warning.
"$rtab" odds $c crt --set attack=3 --set defence=13 2>"$tmp/err" | grep -q '^  (no result)  *6/6' && [ ! -s "$tmp/err" ] && passed=$((passed + 1)) || fail "3:13: not (no result) alone"

# One column lists its outcomes in the order of its rolls, those that cannot
# occur last: rows printed high first, cumulative over the rolls.
cat >"$tmp/rev.rtab" <<'RTAB'
ruleset rev @ "1" { locales en; en "Rev"; }
dice d6 = 1d6 @ "1";
outcome low @ "1" { en "Low"; }
outcome mid @ "1" { en "Mid"; }
outcome high @ "1" { en "High"; }
outcome never @ "1" { en "Never"; }
table t @ "1" { en "T"; roll d6; rows { high >=5; never 9; mid 3-4; low <=2; } }
RTAB
got=$("$rtab" odds "$tmp/rev.rtab" t --format csv 2>&1 | awk -F, 'NF == 0 { exit } NR > 1 { printf "%s:%s:%s ", $1, $5, $6 }')
want="low:1/3:1 mid:2/3:2/3 high:1:1/3 never:1:0 "
[ "$got" = "$want" ] && passed=$((passed + 1)) || fail "order of rolls: got '$got', want '$want'"

# The edition read is named: --edition or FILE@EDITION.
e=tests/errata/skirmish.rtab
"$rtab" odds $e@first_printing assault | grep -qx "edition: first_printing" && passed=$((passed + 1)) || fail "FILE@EDITION: no edition line"
"$rtab" odds $e assault --edition original --json | grep -q '^{"ruleset": "[a-z_]*", "edition": "original", ' && passed=$((passed + 1)) || fail "--edition: no JSON edition"
"$rtab" odds $e assault | grep -q "^edition:" && fail "an edition line without --edition" || passed=$((passed + 1))

# Usage errors and the file's own errors.
"$rtab" odds $f nothing >/dev/null 2>"$tmp/err"; s=$?
[ $s -eq 2 ] && grep -q "no table or distance named 'nothing'" "$tmp/err" && passed=$((passed + 1)) || fail "unknown name: exit $s"
"$rtab" odds $f sums --all --drm 1 >/dev/null 2>&1; s=$?
[ $s -eq 2 ] && passed=$((passed + 1)) || fail "--all --drm: exit $s"
"$rtab" odds $f sums --format yaml >/dev/null 2>&1; s=$?
[ $s -eq 2 ] && passed=$((passed + 1)) || fail "--format yaml: exit $s"
printf 'ruleset x { locales en; }\ntable t { roll d7; }\n' >"$tmp/bad.rtab"
"$rtab" odds "$tmp/bad.rtab" t >/dev/null 2>"$tmp/err"; s=$?
[ $s -eq 1 ] && grep -q "bad.rtab:2:" "$tmp/err" && passed=$((passed + 1)) || fail "a bad file: exit $s"; 
# Too many rolls to enumerate: refused at once, never sampled.
cat >"$tmp/big.rtab" <<'RTAB'
ruleset big @ "1" { locales en; en "Big"; }
dice many = 8d10 @ "1";
outcome low @ "1" { en "Low"; }
outcome high @ "1" { en "High"; }
table t @ "1" { en "T"; roll many; rows { low <=40; high >=41; } }
RTAB
"$rtab" odds "$tmp/big.rtab" t >/dev/null 2>"$tmp/err"; s=$?
[ $s -eq 1 ] && grep -q "more rolls than can be enumerated exactly" "$tmp/err" && passed=$((passed + 1)) || fail "8d10: exit $s"
"$rtab" odds "$tmp/big.rtab" t --all >/dev/null 2>"$tmp/err"; s=$?
[ $s -eq 1 ] && grep -q "more rolls than can be enumerated exactly" "$tmp/err" && passed=$((passed + 1)) || fail "8d10 --all: exit $s"
# The options of rtab check, as on every verb.
"$rtab" odds $f sums -Wno-unused -Werror >/dev/null 2>&1; s=$?
[ $s -eq 0 ] && passed=$((passed + 1)) || fail "-Wno-unused -Werror: exit $s"
"$rtab" odds $f sums -Wbogus >/dev/null 2>"$tmp/err"; s=$?
[ $s -eq 2 ] && grep -q "unknown option '-Wbogus'" "$tmp/err" && passed=$((passed + 1)) || fail "-Wbogus: exit $s"
"$rtab" odds --help | grep -q "usage: rtab odds" && passed=$((passed + 1)) || fail "odds --help"

# Golden outputs.
while IFS='|' read -r name args; do
	case $name in '#'*|'') continue ;; esac
	# shellcheck disable=SC2086
	"$rtab" odds $args >"$tmp/out" 2>&1
	if sh "$golden_diff" "tests/odds/$name.out" "$tmp/out"; then passed=$((passed + 1)); else fail "golden $name (above: - expected, + actual)"; fi
done <tests/odds/cases.txt

# --all on the whole melee table succeeds and gives a grid; its speed is
# measured by bench/run (odds_all_melee_ms), never asserted here.
if "$rtab" odds tables/musket_pike.rtab melee --all >"$tmp/all" 2>&1 && [ -s "$tmp/all" ]; then
	passed=$((passed + 1))
else
	fail "--all on the melee"; head -5 "$tmp/all"
fi

# A group's probability is that of any of its members: 2d6 <= 5 is 10 of 36.
case $("$rtab" odds tests/odds/groups.rtab melee --json) in
*'{"group": "attacker_loss", "label": "Any attacker loss", "members": ["attacker_eliminated", "attacker_retreats"], "rolls": 10, "probability": "5/18"'*) passed=$((passed + 1)) ;;
*) fail "attacker_loss is not 10 of 36 rolls" ;;
esac
# --group that names no outcome of the table, names one twice, takes a
# taken name or has no '=': a usage error naming the table's outcomes.
g=tests/odds/groups.rtab
bad_group() { # WANT ARGS...
	want=$1
	shift
	"$rtab" odds $g melee "$@" >/dev/null 2>"$tmp/err"; s=$?
	if [ $s -eq 2 ] && grep -qF -- "$want" "$tmp/err"; then passed=$((passed + 1)); else fail "odds $*: exit $s, wants '$want'"; cat "$tmp/err"; fi
}
bad_group "'attacker_retreat' is no outcome of table 'melee' (its outcomes: attacker_eliminated, attacker_retreats, no_effect, defender_retreats, defender_eliminated)" --group x=attacker_retreat
bad_group "--group x names 'no_effect' twice" --group x=no_effect,no_effect
bad_group "'attacker_loss' names an outcome or a group already" --group attacker_loss=no_effect
bad_group "'no_effect' names an outcome or a group already" --group no_effect=no_effect
bad_group "--group needs NAME=OUTCOME,OUTCOME..., not 'x'" --group x
bad_group "--group needs NAME=OUTCOME,OUTCOME..., not '=no_effect'" --group =no_effect
"$rtab" odds $f charge_move --group x=low >/dev/null 2>"$tmp/err"; s=$?
[ $s -eq 2 ] && grep -q "applies to tables only" "$tmp/err" && passed=$((passed + 1)) || fail "--group on a distance: exit $s"

echo "passed $passed, failed $failed"
[ $failed -eq 0 ]
