#!/bin/sh
# A bad input must fail with exit status 1, print exactly the expected
# diagnostics, and leave the output directory as it was.
# usage: run_bad.sh RTAB DIR NAME [INPUT_DIR]
# Runs in INPUT_DIR (DIR unless given: the build writes the large inputs)
# on NAME.rtab and expects DIR/NAME.err. DIR/NAME.args, when present, holds
# extra options for rtab check and compile (e.g. -Werror, --strict,
# --diagnostics=json).
# RTAB_UPDATE_GOLDENS=1 rewrites NAME.err (see golden_diff.sh).
set -u
rtab=$1 dir=$2 name=$3 input_dir=${4:-$2}
golden_diff="$(cd "$(dirname "$0")" && pwd)/golden_diff.sh"
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
dir=$(cd "$dir" && pwd) || exit 99
cd "$input_dir" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

args=
[ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
# shellcheck disable=SC2086 # the options are words
"$rtab" check $args "$name.rtab" 2>"$tmp/stderr" >"$tmp/stdout"
status=$?
if [ "$status" -ne 1 ]; then
	echo "FAIL: rtab check $name.rtab exited $status, expected 1"
	cat "$tmp/stderr"
	exit 1
fi
# JSON diagnostics go to standard output.
case $args in *--diagnostics=json*) cat "$tmp/stdout" >>"$tmp/stderr" ;; esac
if ! sh "$golden_diff" "$dir/$name.err" "$tmp/stderr"; then
	echo "FAIL: diagnostics of $name.rtab differ from $name.err (above: - expected, + actual)"
	exit 1
fi

# compile must write nothing and keep what was there.
mkdir "$tmp/out"
echo "earlier output" >"$tmp/out/keep.c"
# shellcheck disable=SC2086
"$rtab" compile $args "$name.rtab" -o "$tmp/out" 2>/dev/null >/dev/null
status=$?
if [ "$status" -ne 1 ]; then
	echo "FAIL: rtab compile $name.rtab exited $status, expected 1"
	exit 1
fi
if [ "$(ls "$tmp/out")" != "keep.c" ] || [ "$(cat "$tmp/out/keep.c")" != "earlier output" ]; then
	echo "FAIL: rtab compile $name.rtab changed the output directory:"
	ls -la "$tmp/out"
	exit 1
fi
echo "ok: $name"
