#!/bin/sh
# Inputs that once crashed, leaked or broke an invariant (found by the
# fuzzers): rtab check must now answer each with exit status 0 or 1.
# usage: test_regressions.sh RTAB DIR
set -u
rtab=$1 dir=$2
passed=0 failed=0
for f in "$dir"/*; do
	[ -f "$f" ] || continue
	"$rtab" check "$f" >/dev/null 2>&1
	status=$?
	if [ "$status" -le 1 ]; then
		passed=$((passed + 1))
	else
		echo "FAIL: $f: exit status $status"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
