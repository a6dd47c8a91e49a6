#!/bin/sh
# The compiler's output for NAME.rtab must match NAME.c and NAME.h byte for byte,
# and rtab check must report exactly NAME.err (empty when the file is clean).
# usage: run_golden.sh RTAB DIR NAME   (RTAB_UPDATE_GOLDENS=1: see golden_diff.sh)
set -u
rtab=$1 dir=$2 name=$3
golden_diff="$(cd "$(dirname "$0")" && pwd)/golden_diff.sh"
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$dir" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

if ! "$rtab" compile "$name.rtab" -o "$tmp" 2>"$tmp/stderr"; then
	echo "FAIL: rtab compile $name.rtab failed:"
	cat "$tmp/stderr"
	exit 1
fi
if ! sh "$golden_diff" --optional "$name.err" "$tmp/stderr"; then
	echo "FAIL: diagnostics of $name.rtab differ (above: - expected, + actual)"
	exit 1
fi
for ext in c h; do
	out=$(ls "$tmp"/*."$ext")
	if ! sh "$golden_diff" "$name.$ext" "$out"; then
		echo "FAIL: $name.$ext differs from the compiler's output (above: - expected, + actual)"
		exit 1
	fi
done
echo "ok: $name"
