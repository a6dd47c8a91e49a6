#!/bin/sh
# What a designer reads: a capped group member before and after its cap
# (--explain, --json), the expectation a failed example broke with both
# values, provisional readings summed up in one line by check and test
# (listed with -Wprovisional or --strict), and odds --all with percentages
# in every format.
# usage: test_reading.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"

count() { # NAME EXPECTED_LINES PATTERN COMMAND...
	name=$1 want=$2 pattern=$3
	shift 3
	n=$("$@" 2>&1 | grep -c -- "$pattern")
	if [ "$n" -eq "$want" ]; then passed=$((passed + 1)); else
		echo "FAIL $name: $n lines with '$pattern', expected $want"; failed=$((failed + 1)); fi
}

# A member of a capped group: +5 given, +4 counted (group g caps at 2..4).
g=tests/groups/capped_groups.rtab
expect cap-explain 0 "modifier:      +5 m \"M\" [group g capped at 2..4: counts +4 of +5]" \
	"$rtab" eval $g listed --roll 3 --set b=true --explain
expect cap-total 0 "total DRM:     +4" "$rtab" eval $g listed --roll 3 --set b=true --explain
expect cap-json 0 '"signed_value": 5, "counted": true, "shift": false, "rule": null, "after_cap": 4, "cap": {"group": "g", "min": 2, "max": 4}' \
	"$rtab" eval $g listed --roll 3 --set b=true --json
# The shares of the members add up to the capped total: +0 alone counts +2.
expect cap-floor 0 "counts +2 of +0" "$rtab" eval $g listed --roll 3 --set c=true --explain
# A modifier in no capped group says nothing of a cap.
out=$("$rtab" eval tables/musket_pike.rtab melee --roll 3 --set flank_rear_hexes=1 --json 2>&1)
case $out in *after_cap*) echo "FAIL cap-none: after_cap without a capped group"; failed=$((failed + 1)) ;;
*) passed=$((passed + 1)) ;; esac

# A failed example names the expectation it broke, with both values.
cat >"$tmp/ex.rtab" <<'RTAB'
ruleset ex { locales en; en "Ex"; }
dice d6 = 1d6;
input up: bool = false { en "Up"; }
outcome lo { en "Lo"; }
outcome hi { en "Hi"; }
modifier slope { en "Slope"; when up; value 1; }
table t { en "T"; roll d6; modifiers slope; rows { lo <=3; hi 4+; } }
example e {
  en "E";
  t(up = true) roll 4 -> hi modifier 2 roll 6;
}
RTAB
expect failed-modifier 1 "failed: modifier +1, expected +2" "$rtab" test "$tmp/ex.rtab"
expect failed-roll 1 "failed: modified roll 5, expected 6" "$rtab" test "$tmp/ex.rtab"

# Provisional readings: one summary line by default, the list on request.
m=tables/musket_pike.rtab
count check-summary 1 "provisional reading" "$rtab" check $m
expect check-summary-text 0 "tables/musket_pike.rtab: note: 56 provisional readings (values the source does not settle); list them with --strict or -Wprovisional" "$rtab" check $m
count check-no-list 0 "\[-Wprovisional\]" "$rtab" check $m
count check-listed 56 "warning: provisional.*\[-Wprovisional\]" "$rtab" check $m -Wprovisional
count check-strict 56 "error: provisional.*\[-Wprovisional\]" "$rtab" check $m --strict
count check-off 0 "provisional" "$rtab" check $m -Wno-provisional
count test-summary 1 "56 provisional readings" "$rtab" test $m
# Two editions of one file count a reading once.
cat $m tests/errata/musket_pike_second_printing.rtab >"$tmp/mp2.rtab"
expect check-editions-once 0 "56 provisional readings" "$rtab" check "$tmp/mp2.rtab"

# odds --all: percentages in every format.
o=tests/odds/odds_cases.rtab
expect all-text 0 "2/5 (40%)" "$rtab" odds $o capped --all
expect all-markdown 0 "| 2/5 (40%) |" "$rtab" odds $o capped --all --format markdown
expect all-csv-head 0 "outcome,-1,-1 %,+0,+0 %" "$rtab" odds $o capped --all --format csv
expect all-csv-row 0 "low,2/5,40,3/10,30" "$rtab" odds $o capped --all --format csv
expect all-json 0 '"probability": "2/5", "percent": 40' "$rtab" odds $o capped --all --format json

# A column whose sign the page prints apart from its number (<= -1) keeps
# that spelling, joined, in every output; fmt lays it out joined.
p=tests/printed/sign_apart.rtab
expect sign-apart-csv 0 "table,roll,<=-1,0..2,>=3" "$rtab" export $p --format csv
expect sign-apart-eval 0 '"column": "<=-1"' "$rtab" eval $p assault --set attack=0 --set defence=4 --roll 6 --json
expect sign-apart-fmt 0 "<=-1  0..2  >=3" "$rtab" fmt $p

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
