#!/bin/sh
# What a programmer copies from the README and meets when embedding:
# - the README's first embedding program compiles warning-free and runs
#   clean (under AddressSanitizer and UBSan when the compiler has them),
#   against the generated tables and the runtime;
# - generated C compiled against an rtab.h of another data model stops at
#   an #error that names both models;
# - the version in meson.build, rtab.h, the man page and CHANGELOG.md agree.
# usage: test_embedding.sh SOURCE_ROOT GENERATED_DIR CC...
set -u
root=$1 gen=$2
shift 2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

# The first C block of "## Embedding the runtime", as it stands.
awk '/^## Embedding the runtime/ { s = 1; next }
     s && /^```c$/ { b = 1; next }
     b && /^```$/ { exit }
     b { print }' "$root/README.md" > "$tmp/readme_example.c"
grep -q 'int main' "$tmp/readme_example.c" || fail "the README's embedding example is not a whole program"
san=
if echo 'int main(void){return 0;}' > "$tmp/probe.c" &&
   "$@" -fsanitize=address,undefined "$tmp/probe.c" -o "$tmp/probe" 2>/dev/null && "$tmp/probe"; then
	san="-fsanitize=address,undefined -fno-sanitize-recover=all"
fi
# shellcheck disable=SC2086
if out=$("$@" -std=c11 -Wall -Wextra -Werror $san -I"$root/runtime" -I"$gen" \
	"$tmp/readme_example.c" "$gen/musket_pike.c" "$root/runtime/rtab.c" -o "$tmp/readme" 2>&1); then
	if run=$(ASAN_OPTIONS=detect_leaks=0 "$tmp/readme" 2>&1); then
		echo "ok: the README's embedding example runs: $run"
	else
		fail "the README's embedding example exits non-zero: $run"
	fi
else
	fail "the README's embedding example does not compile:"; echo "$out" | head -20
fi

# Another data model: a copy of rtab.h that speaks model 999.
mkdir "$tmp/other"
sed 's/^#define RTAB_DATA_VERSION .*/#define RTAB_DATA_VERSION 999/' "$root/runtime/rtab.h" > "$tmp/other/rtab.h"
model=$(sed -n 's/^#define RTAB_DATA_VERSION \([0-9]*\)$/\1/p' "$root/runtime/rtab.h")
if out=$("$@" -std=c11 -fsyntax-only -I"$tmp/other" "$gen/musket_pike.c" 2>&1); then
	fail "generated C compiled against an rtab.h of another data model"
elif echo "$out" | grep -q "#error.*data model $model.*RTAB_DATA_VERSION"; then
	echo "ok: another data model stops at the #error naming model $model"
else
	fail "another data model fails without the #error:"; echo "$out" | head -5
fi

# One version everywhere.
v_meson=$(sed -n "s/^  version : '\([^']*\)',$/\1/p" "$root/meson.build")
v_header=$(sed -n 's/^#define RTAB_VERSION "\(.*\)"$/\1/p' "$root/runtime/rtab.h")
v_parts=$(sed -n 's/^#define RTAB_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$root/runtime/rtab.h" | paste -sd.)
v_man=$(sed -n 's/^\.TH RTAB 1 [^ ]* "rtab \([^"]*\)".*/\1/p' "$root/man/rtab.1")
v_log=$(sed -n 's/^## \([0-9][0-9.]*\) .*/\1/p' "$root/CHANGELOG.md" | head -1)
for v in "$v_header" "$v_parts" "$v_man" "$v_log"; do
	[ "$v" = "$v_meson" ] || fail "versions disagree: meson.build '$v_meson', rtab.h '$v_header' ($v_parts), man page '$v_man', CHANGELOG.md '$v_log'"
done
[ $status -eq 0 ] && echo "ok: version $v_meson in meson.build, rtab.h, the man page and CHANGELOG.md"
exit $status
