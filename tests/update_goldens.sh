#!/bin/sh
# Run by `meson compile -C build update-goldens` (RTAB_UPDATE_GOLDENS=1 set):
# the tests that compare with golden files, each writing what it got over
# its golden file instead (golden_diff.sh). Their programs are built first
# by the target's dependencies, so meson test does not rebuild.
# usage: update_goldens.sh MESON BUILD_DIR
set -eu
meson=$1 build=$2
"$meson" test -C "$build" --no-rebuild --quiet --suite golden --suite bad --suite generated
"$meson" test -C "$build" --no-rebuild --quiet errata odds fuzz-dict-current aid-golden
