#!/bin/sh
# Smoke run of one harness, for `meson test --suite fuzz`:
#   smoke.sh HARNESS_BINARY WORK_DIR [LIBFUZZER_OPTION...] -- CORPUS_DIR...
# Runs every seed and regression input, then searches briefly. New inputs
# and any crash go to WORK_DIR (in the build tree), never to the sources;
# corpus directories that do not exist are skipped.
set -eu
bin=$1 work=$2
shift 2
rm -rf "$work"
mkdir -p "$work/new"
count=$# i=0 dirs=0
while [ "$i" -lt "$count" ]; do
	a=$1
	shift
	i=$((i + 1))
	if [ "$dirs" = 0 ]; then
		if [ "$a" = -- ]; then
			dirs=1
			set -- "$@" "-artifact_prefix=$work/" "$work/new"
		else
			set -- "$@" "$a"
		fi
	elif [ -d "$a" ]; then
		set -- "$@" "$a"
	fi
done
[ "$dirs" = 1 ] || set -- "$@" "-artifact_prefix=$work/" "$work/new"
# libFuzzer exits 77 on a crash by default, which meson reads as "skipped":
# a crash must fail the test.
exec "$bin" -error_exitcode=1 "$@"
