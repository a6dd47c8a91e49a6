#!/bin/sh
# rtab.h and the headers rtab compile emits are valid C++ too: each alone
# and all together in one translation unit, with g++ -std=c++11 and every
# warning an error; a C++ caller can name the ruleset and its indices.
# usage: test_cxx_headers.sh RUNTIME_DIR GENERATED_HEADER...
# (exit 77, skipped, without g++)
set -u
runtime=$1
shift
gxx=${CXX:-g++}
command -v "$gxx" >/dev/null 2>&1 || { echo "$gxx not installed: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
flags="-std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I$runtime"
status=0

compile() { # NAME SOURCE-FILE INCLUDE-DIRS...
	name=$1 src=$2
	shift 2
	# shellcheck disable=SC2086
	if out=$("$gxx" $flags "$@" "$src" 2>&1); then
		echo "ok: $name"
	else
		echo "FAIL: $name"; echo "$out" | head -30; status=1
	fi
}

{
	echo '#include "rtab.h"'
	echo 'static_assert(RTAB_OK == 0, "rtab.h: RTAB_OK");'
	echo 'const char *f(const rtab_ruleset *rs) { return rtab_status_message(RTAB_OK) ? rs->id : nullptr; }'
} >"$tmp/runtime.cpp"
compile rtab.h "$tmp/runtime.cpp"

: >"$tmp/all.cpp"
for h in "$@"; do
	base=$(basename "$h" .h)
	dir=$(dirname "$h")
	{
		echo "#include \"$base.h\""
		echo "const rtab_ruleset *ruleset_$base() { return &${base}_ruleset; }"
	} >"$tmp/$base.cpp"
	compile "$base.h" "$tmp/$base.cpp" "-I$dir"
	echo "#include \"$base.h\"" >>"$tmp/all.cpp"
	echo "const rtab_ruleset *all_$base = &${base}_ruleset;" >>"$tmp/all.cpp"
	alldirs="${alldirs:-} -I$dir"
done
if [ $# -gt 0 ]; then
	# shellcheck disable=SC2086
	compile "all headers in one unit" "$tmp/all.cpp" ${alldirs}
fi
exit $status
