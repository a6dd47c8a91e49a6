#!/bin/sh
# Compares what a command wrote (ACTUAL) with its golden file (EXPECTED):
# exit 0 when they are the same, else print the difference (- expected,
# + actual) and exit 1. With RTAB_UPDATE_GOLDENS=1 in the environment (what
# `meson compile -C build update-goldens` sets), writes ACTUAL over EXPECTED
# instead; with --optional, an empty ACTUAL then removes EXPECTED, and a
# missing EXPECTED reads as empty.
# usage: golden_diff.sh [--optional] EXPECTED ACTUAL
set -u
optional=
[ "$1" = --optional ] && { optional=1; shift; }
expected=$1 actual=$2
if [ "${RTAB_UPDATE_GOLDENS:-}" = 1 ]; then
	if [ -n "$optional" ] && [ ! -s "$actual" ]; then
		rm -f "$expected"
	elif ! cmp -s "$expected" "$actual"; then
		cp "$actual" "$expected" || exit 1
		echo "updated: $expected"
	fi
	exit 0
fi
[ -n "$optional" ] && [ ! -e "$expected" ] && expected=/dev/null
diff -u "$expected" "$actual"
