#!/bin/sh
# The forms of the language as docs/language.md shows them: each file here
# must check without a diagnostic, pass its own examples (which say what a
# result must be) and be in the canonical layout of rtab fmt; NAME.eval
# holds lines 'ARGS|TEXT': what rtab eval NAME.rtab ARGS must print.
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
	# NAME.eval: lines 'ARGS|TEXT', what rtab eval FILE ARGS must print.
	evals=${f%.rtab}.eval
	if [ -f "$evals" ]; then
		while IFS='|' read -r args want; do
			# shellcheck disable=SC2086 # the arguments are words
			got=$("$rtab" eval "$f" $args 2>&1)
			case $got in
			*"$want"*) ;;
			*) echo "FAIL: rtab eval $name $args does not say: $want"; echo "$got"; failed=1 ;;
			esac
		done <"$evals"
	fi
	[ $failed -eq 0 ] && echo "ok: $name"
done
exit $failed
