#!/bin/sh
# Run one libFuzzer harness for a while:
#   fuzz/run.sh HARNESS SECONDS [LIBFUZZER_OPTION...]
# HARNESS is fuzz_frontend, fuzz_runtime, fuzz_diff, fuzz_verify, fuzz_export,
# fuzz_odds, fuzz_vectors, fuzz_lsp, fuzz_fmt or fuzz_conform. Configures build-fuzz/ with clang
# and builds the harness if needed, then fuzzes with one job and one worker,
# the dictionary and the seeds (for fuzz_frontend, assembled by fuzz/seeds.sh
# from the tests into build-fuzz/fuzz/seeds-frontend). New corpus entries go to
# build-fuzz/corpus/HARNESS/ (merged into fuzz/corpus/ only by hand, see
# fuzz/README.md) and crashes, leaks and timeouts to build-fuzz/crashes/.
set -eu

usage() {
	echo "usage: fuzz/run.sh fuzz_frontend|fuzz_runtime|fuzz_diff|fuzz_verify|fuzz_export|fuzz_odds|fuzz_vectors|fuzz_lsp|fuzz_fmt|fuzz_conform SECONDS [LIBFUZZER_OPTION...]" >&2
	exit 2
}
[ $# -ge 2 ] || usage
harness=$1 seconds=$2
shift 2
case $harness in
fuzz_frontend | fuzz_diff | fuzz_verify | fuzz_export | fuzz_odds | fuzz_vectors | fuzz_lsp | fuzz_fmt | fuzz_conform)
	seeds_target=fuzz/seeds-frontend ;;
fuzz_runtime) seeds_target= ;;
*) usage ;;
esac
case $seconds in
'' | *[!0-9]*) usage ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
if [ ! -f "$build/build.ninja" ]; then
	CC=${CC:-clang} meson setup "$build" "$root"
fi
# shellcheck disable=SC2086 # $seeds_target is one word or none
if ! ninja -C "$build" "fuzz/$harness" $seeds_target || [ ! -x "$build/fuzz/$harness" ]; then
	echo "run.sh: $build/fuzz/$harness was not built: see the errors above; the harnesses need clang" >&2
	echo "run.sh: with libFuzzer (apt-get install clang libclang-rt-14-dev llvm)." >&2
	echo "run.sh: (if $build was set up with another compiler, remove it and run again)" >&2
	exit 1
fi

seeds=$root/fuzz/corpus/runtime
[ -n "$seeds_target" ] && seeds=$build/fuzz/seeds-frontend
work=$build/corpus/$harness
crashes=$build/crashes
mkdir -p "$work" "$crashes"
dict=
[ -n "$seeds_target" ] && dict=-dict=$root/fuzz/rtab.dict

# The saved regressions are run by `meson test --suite fuzz`, not here: a
# campaign should not stop at the first known bug.

# With -jobs, libFuzzer writes the job's output to fuzz-0.log in the
# current directory: run it from a log directory in the build tree.
logs=$build/logs/$harness
mkdir -p "$logs"
cd "$logs"
rm -f fuzz-0.log
echo "run.sh: fuzzing $harness for $seconds s; output in $logs/fuzz-0.log"

# The first directory receives the new inputs; the seeds are only read.
# A wide redzone makes reads far past a small block (an index into an empty
# array) land in poisoned memory every time, not only when the neighbour is free.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:redzone=64}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
status=0
# shellcheck disable=SC2086 # $dict is one word or none
"$build/fuzz/$harness" -max_total_time="$seconds" -jobs=1 -workers=1 \
	-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix="$crashes/$harness-" $dict "$@" \
	"$work" "$seeds" || status=$?
tail -n 40 fuzz-0.log 2>/dev/null || true
echo "run.sh: corpus $work: $(ls "$work" | wc -l) inputs; crashes in $crashes: $(ls "$crashes" | wc -l) files"
exit "$status"
