#!/bin/sh
# Outputs on a file system without hard links: the earlier file is kept
# aside by a rename, so a recompile into the same directory and an export
# over an existing file succeed, and leave no backup behind.
# usage: test_no_hardlinks.sh RTAB SOURCE_ROOT NO_HARDLINKS_SO
set -u
shim=$3
case $shim in /*) ;; *) shim=$(pwd)/$shim ;; esac
. "${0%/*}/setup.sh"

# The preload stands for the file system only if link() really fails under it.
: >"$tmp/probe"
if ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$shim ln "$tmp/probe" "$tmp/probe2" 2>/dev/null; then
	echo "the preload does not take effect here"; exit 77
fi

nolink() { ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} LD_PRELOAD=$shim "$@"; }

nolink "$rtab" compile tables/musket_pike.rtab -o "$tmp/out" >"$tmp/log" 2>&1 ||
	{ fail "first compile"; cat "$tmp/log"; }
nolink "$rtab" compile tables/musket_pike.rtab -o "$tmp/out" >"$tmp/log" 2>&1 ||
	{ fail "recompile into the same directory"; cat "$tmp/log"; }
"$rtab" compile tables/musket_pike.rtab -o "$tmp/ref" >/dev/null 2>&1 || fail "reference compile"
for f in "$tmp"/ref/*; do
	cmp -s "$f" "$tmp/out/${f##*/}" || fail "recompile: ${f##*/} differs from a fresh compile"
done

printf 'stale\n' >"$tmp/mp.json"
nolink "$rtab" export tables/musket_pike.rtab --format json -o "$tmp/mp.json" >"$tmp/log" 2>&1 ||
	{ fail "export over an existing file"; cat "$tmp/log"; }
"$rtab" export tables/musket_pike.rtab --format json >"$tmp/mp.ref" 2>/dev/null
cmp -s "$tmp/mp.json" "$tmp/mp.ref" || fail "export: the file is not the new export"

left=$(find "$tmp" -name '*.old.*' -o -name '*.tmp.*')
[ -z "$left" ] || fail "backups or temporaries left behind: $left"

[ "$failed" -eq 0 ] || exit 1
echo "no hard links: recompile and export over a file pass"
