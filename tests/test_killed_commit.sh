#!/bin/sh
# A compile killed outright between the renames of its .c and its .h leaves
# a mixed pair and its journal; the next compile into that directory puts
# the earlier pair back by the journal (and says so) before it commits, so
# the pair and the directory end as a fresh compile's, with nothing left over.
# The same with no hard links (the earlier file renamed aside, so its name
# stands empty at the kill).
# usage: test_killed_commit.sh RTAB SOURCE_ROOT KILL_AT_RENAME_SO NO_HARDLINKS_SO
set -u
shim=$3 nolink=$4
case $shim in /*) ;; *) shim=$(pwd)/$shim ;; esac
case $nolink in /*) ;; *) nolink=$(pwd)/$nolink ;; esac
. "${0%/*}/setup.sh"

out=$tmp/out
src=$tmp/ruleset.rtab
cp tables/classic_odds.rtab "$src"
"$rtab" compile "$src" -o "$out" >/dev/null 2>&1 || { echo "first compile failed"; exit 1; }
cp -R "$out" "$tmp/before"
# The next printing: another label, so both files change.
sed 's/en "Attacker eliminated"/en "Attacker destroyed"/' "$src" >"$tmp/next.rtab"
grep -q 'Attacker destroyed' "$tmp/next.rtab" || { echo "the edit did not take"; exit 99; }
cp "$src" "$tmp/first.rtab"

for run in .h .c .h:nolink .c:nolink; do
	victim=${run%%:*} preload=$shim
	[ "$run" = "$victim" ] || preload="$shim $nolink"
	rm -rf "$out" && cp -R "$tmp/before" "$out"
	cp "$tmp/next.rtab" "$src"
	ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} LD_PRELOAD=$preload \
		RTAB_KILL_RENAME_SUFFIX=$victim "$rtab" compile "$src" -o "$out" >"$tmp/log" 2>&1
	status=$?
	[ "$status" -eq 137 ] || { fail "$run: the compile was not killed (exit $status)"; cat "$tmp/log"; continue; }
	ls "$out"/*.rtab-commit >/dev/null 2>&1 || fail "$run: no journal left by the killed compile"
	if [ "$run" = .h ]; then
		# Killed between the two renames: a mixed pair stands until the next run.
		cmp -s "$out/classic_odds.c" "$tmp/before/classic_odds.c" && fail "$run: the .c was not renamed before the kill"
		cmp -s "$out/classic_odds.h" "$tmp/before/classic_odds.h" || fail "$run: the .h changed though its rename was killed"
	fi
	# A run that writes there again (of the first printing, to see every
	# file end as it was) undoes the cut-short commit first.
	cp "$tmp/first.rtab" "$src"
	"$rtab" compile "$src" -o "$out" >"$tmp/log" 2>&1 || { fail "$run: the next compile failed"; cat "$tmp/log"; }
	grep -q "stopped between its renames" "$tmp/log" || { fail "$run: the repair is not said"; cat "$tmp/log"; }
	for f in "$tmp"/before/*; do
		cmp -s "$f" "$out/${f##*/}" || fail "$run: ${f##*/} is not the fresh compile's"
	done
	left=$(find "$out" -name '*.old.*' -o -name '*.tmp.*' -o -name '*.rtab-commit')
	[ -z "$left" ] || fail "$run: left behind: $left"
done

[ "$failed" -eq 0 ] || exit 1
echo "a compile killed between its renames is undone by the next"
