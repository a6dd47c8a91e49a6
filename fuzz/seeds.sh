#!/bin/sh
# Assemble the seeds of fuzz_frontend from the sources of the tests:
#   fuzz/seeds.sh ROOT OUTDIR [FILE...]
# Copies into OUTDIR (emptied first) every .rtab of ROOT/tables (as
# table-NAME.rtab), of ROOT/tests/*/ (as DIR-NAME.rtab: bad-, golden-...)
# and of ROOT/examples/*/ (example-NAME.rtab), then each FILE (the large
# inputs the build writes for tests/bad, as bad-NAME.rtab), then
# ROOT/fuzz/corpus/frontend, the seeds that exist nowhere else. Files over
# 128 KiB (the stress cases of tests/bad) are left out: they only slow the
# search. Run by the build (fuzz/meson.build) and by fuzz/run.sh.
set -eu
[ $# -ge 2 ] || { echo "usage: fuzz/seeds.sh ROOT OUTDIR [FILE...]" >&2; exit 2; }
root=$1 out=$2
shift 2
rm -rf "$out"
mkdir -p "$out"

seed() { # FILE NAME
	if [ -f "$1" ] && [ "$(wc -c <"$1")" -le 131072 ]; then
		cp "$1" "$out/$2"
	fi
}

for f in "$root"/tables/*.rtab; do
	seed "$f" "table-$(basename "$f")"
done
for f in "$root"/tests/*/*.rtab; do
	seed "$f" "$(basename "$(dirname "$f")")-$(basename "$f")"
done
for f in "$root"/examples/*/*.rtab; do
	seed "$f" "example-$(basename "$f")"
done
for f in "$@"; do
	seed "$f" "bad-$(basename "$f")"
done
for f in "$root"/fuzz/corpus/frontend/*; do
	seed "$f" "$(basename "$f")"
done
