#!/bin/sh
# A compile killed outright (SIGKILL) between its renames leaves temporaries
# and backups beside its outputs: the next compile into that directory
# removes those of its outputs' own names that are older than it, and
# nothing else.
# usage: test_leftovers.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"

out=$tmp/out
"$rtab" compile tables/musket_pike.rtab -o "$out" >/dev/null 2>&1 || { echo "first compile failed"; exit 1; }
stale="musket_pike.c.tmp.Ab12Cd musket_pike.h.old.Xy34Zw musket_pike.h.tmp.000000"
kept="notes.tmp.Ab12Cd musket_pike.c.tmp.toolong musket_pike.c.old.Ab12C musket_pike.c.bak"
for f in $stale $kept; do
	printf 'half\n' >"$out/$f"
	touch -d '1 hour ago' "$out/$f"
done
# Not older than the run about to start (another run's, kept): dated a minute
# ahead, so that a slow start past a second's boundary cannot make it older.
printf 'new\n' >"$out/musket_pike.c.tmp.Fr3sh0"
touch -d '1 minute' "$out/musket_pike.c.tmp.Fr3sh0"
"$rtab" compile tables/musket_pike.rtab -o "$out" >"$tmp/log" 2>&1 || { fail "recompile"; cat "$tmp/log"; }
for f in $stale; do [ -e "$out/$f" ] && fail "the stale $f is left"; done
for f in $kept musket_pike.c.tmp.Fr3sh0; do [ -e "$out/$f" ] || fail "$f, not rtab's or not stale, was removed"; done
"$rtab" compile tables/musket_pike.rtab -o "$tmp/ref" >/dev/null 2>&1
for f in musket_pike.c musket_pike.h; do cmp -s "$out/$f" "$tmp/ref/$f" || fail "$f is not the fresh compile's"; done
[ "$failed" -eq 0 ] || exit 1
echo "stale temporaries and backups removed, others kept"
