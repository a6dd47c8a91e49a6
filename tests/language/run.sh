#!/bin/sh
# The forms of the language as docs/language.md shows them: each file here
# must check without a diagnostic, pass its own examples (which say what a
# result must be) and be in the canonical layout of rtab fmt.
# usage: run.sh RTAB DIR
set -u
rtab=$1 dir=$2
failed=0
for f in "$dir"/*.rtab; do
	name=$(basename "$f")
	out=$("$rtab" check "$f" 2>&1)
	if [ $? -ne 0 ] || [ -n "$out" ]; then
		echo "FAIL: rtab check $name:"
		echo "$out"
		failed=1
		continue
	fi
	if ! out=$("$rtab" test "$f" 2>&1); then
		echo "FAIL: rtab test $name:"
		echo "$out"
		failed=1
	fi
	if ! out=$("$rtab" fmt --check "$f" 2>&1); then
		echo "FAIL: rtab fmt --check $name:"
		echo "$out"
		failed=1
	fi
	[ $failed -eq 0 ] && echo "ok: $name"
done
exit $failed
