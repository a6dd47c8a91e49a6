#!/bin/sh
# Run a harness on each saved regression input, one process per input:
#   regress.sh HARNESS_BINARY DIR
# Prints PASS or FAIL (with the first line of the report) per input, then
# "N passed, N failed"; exits 1 when any failed.
set -u
bin=$1 dir=$2
pass=0 fail=0
for f in "$dir"/*; do
	[ -f "$f" ] || continue
	if out=$("$bin" -runs=1 "$f" 2>&1); then
		pass=$((pass + 1))
		echo "PASS $(basename "$f")"
	else
		fail=$((fail + 1))
		why=$(printf '%s\n' "$out" | grep -m1 -E 'invariant broken|runtime error|ERROR: (Address|Leak|libFuzzer)' | cut -c1-200)
		echo "FAIL $(basename "$f"): $why"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
