#!/bin/sh
# The generated C under strict ISO C (MODE c11) or as C++ (MODE cxx): every
# bundled table and tests/strict/trigraphs.rtab, which holds every trigraph
# in every string the emitter writes and is compiled from a file whose name
# holds them too. In c11 mode the strings are then compared byte for byte
# at run time.
# usage: test_strict_c.sh RTAB SOURCE_ROOT c11|cxx
set -u
rtab=$1 root=$2 mode=$3
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

if [ "$mode" = cxx ]; then
	command -v g++ >/dev/null 2>&1 || { echo "skip: no g++"; exit 77; }
	cc_cmd="g++ -std=c++11 -fsyntax-only -x c++ -Wall -Wextra -Werror"
else
	command -v cc >/dev/null 2>&1 || { echo "skip: no cc"; exit 77; }
	cc_cmd="cc -std=c11 -pedantic -Wall -Wextra -Werror -Wtrigraphs"
fi

# A source name with trigraphs, a comment end and a backslash.
weird="$tmp/src/a??=b*?/c??\\d ??/"
mkdir -p "$weird" "$tmp/out" || exit 99
cp tests/strict/trigraphs.rtab "$weird/t??(.rtab" || exit 99
if ! "$rtab" compile tables/*.rtab "$weird/t??(.rtab" -o "$tmp/out"; then
	echo "FAIL: rtab compile"; exit 1
fi
fail=0
for c in "$tmp"/out/*.c; do
	# shellcheck disable=SC2086 # the compiler command is words
	if ! $cc_cmd -Iruntime -I"$tmp/out" -c "$c" -o "$c.o"; then
		echo "FAIL: $c does not compile: $cc_cmd"; fail=1
	fi
done
for h in "$tmp"/out/*.h; do
	echo "#include \"$(basename "$h")\"" >"$h.check.c"
	# shellcheck disable=SC2086
	if ! $cc_cmd -Iruntime -I"$tmp/out" -c "$h.check.c" -o "$h.o"; then
		echo "FAIL: $h does not compile alone: $cc_cmd"; fail=1
	fi
done
[ "$fail" = 0 ] || exit 1
[ "$mode" = cxx ] && { echo "ok: the generated C compiles as C++"; exit 0; }

text="??= ??/ ??' ??( ??) ??! ??< ??> ??- ???= ??"
# shellcheck disable=SC2086
$cc_cmd -Iruntime -I"$tmp/out" -DRULESET=trigraphs_ruleset tests/strict/strings.c \
	runtime/rtab.c "$tmp/out/trigraphs.c" -o "$tmp/strings" || { echo "FAIL: link"; exit 1; }
got=$("$tmp/strings" "$text") || { echo "FAIL: strings changed:"; echo "$got"; exit 1; }
# Each occurrence in the source, and the labels of the two enum values that
# the two columns of table 'morale' carry.
want=$(($(grep -o -F "\"$text\"" tests/strict/trigraphs.rtab | wc -l) + 4))
if [ "$got" -ne "$want" ]; then
	echo "FAIL: $got strings hold the source's text exactly, expected $want"; exit 1
fi
echo "ok: $got strings with every trigraph kept their bytes under -std=c11 -pedantic"
