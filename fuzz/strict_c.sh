#!/bin/sh
# The front-end harness in its slower mode: the C it emits for every
# valid input is compiled under strict ISO C (cc -std=c11 -pedantic
# -Werror) and as C++ (g++, when present).
#   strict_c.sh HARNESS_BINARY WORK_DIR [LIBFUZZER_OPTION...] -- CORPUS_DIR...
set -eu
command -v cc >/dev/null 2>&1 || { echo "skip: no cc"; exit 77; }
work=$2
rm -rf "$work-c"
mkdir -p "$work-c"
RTAB_FUZZ_STRICT_C=$work-c
export RTAB_FUZZ_STRICT_C
exec "$(dirname "$0")/smoke.sh" "$@"
