#!/bin/sh
# Errata layers and editions as a publisher meets them: --edition and
# FILE@EDITION on every verb, the examples an erratum breaks, the edition
expect odds-edition 0 "routed      4/6" "$rtab" odds "$f" assault --edition first_printing
expect odds-original 0 "routed      3/6" "$rtab" odds "$f@original" assault

# compile emits.
# usage: test_errata.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
f=tests/errata/skirmish.rtab

expect() { # NAME EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...
	name=$1 want=$2 needle=$3
	shift 3
	out=$("$@" 2>&1)
	status=$?
	if [ "$status" -ne "$want" ]; then
		echo "FAIL $name: exit $status, expected $want"; echo "$out" | head -20
		failed=$((failed + 1)); return
	fi
	case $out in
	*"$needle"*) passed=$((passed + 1)) ;;
	*) echo "FAIL $name: output lacks '$needle'"; echo "$out" | head -20; failed=$((failed + 1)) ;;
	esac
}

# Every edition checks clean.
expect check-all 0 "" "$rtab" check "$f"
# The original edition: the matrix gives +1, so a 3 holds; the example passes.
expect eval-original 0 "modified roll: 4" "$rtab" eval "$f" assault --roll 3 --edition original
expect eval-original-at 0 "modified roll: 4" "$rtab" eval "$f@original" assault --roll 3
expect test-original 0 "1 passed, 0 failed" "$rtab" test --edition original "$f"
# first_printing corrects the cell to +2: the worked example breaks.
expect eval-first 0 "outcome:       routed" "$rtab" eval "$f" assault --roll 3 --edition=first_printing
expect test-first 1 "example 'cavalry_charge': assault gave routed" "$rtab" test "$f@first_printing"
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
