#!/bin/sh
# Outputs of the third robustness review: no output is written through a
# symbolic link planted in its place (compile's .c and .h, --report, export,
# and the journal of a commit); fmt -i keeps an edit saved while it works
# (stood for by a preload), the file's owner, group and mode, and its hard
# links; a ruleset whose C name is the runtime's is refused (-Wc-name).
# usage: test_outputs.sh RTAB SOURCE_ROOT EDIT_AT_LOCK_SO
set -u
shim=$3
case $shim in /*) ;; *) shim=$(pwd)/$shim ;; esac
. "${0%/*}/setup.sh"

# planted NAME LINK COMMAND...: LINK, a link to a victim file, is refused
# by name (exit 1), the victim and the link left as they were.
planted() {
	name=$1 link=$2
	shift 2
	printf 'victim\n' >"$tmp/victim"
	rm -f "$link"
	ln -s "$tmp/victim" "$link"
	expect "$name" 1 "is a symbolic link" "$@"
	[ "$(cat "$tmp/victim")" = victim ] && passed=$((passed + 1)) ||
		fail "$name: the file the planted link names was overwritten"
	[ -L "$link" ] && passed=$((passed + 1)) || fail "$name: the link was replaced"
	rm -f "$link"
}

mkdir "$tmp/out"
planted compile-c "$tmp/out/musket_pike.c" "$rtab" compile tables/musket_pike.rtab -o "$tmp/out"
[ ! -e "$tmp/out/musket_pike.h" ] && passed=$((passed + 1)) || fail "compile-c: the .h was written alone"
planted compile-h "$tmp/out/musket_pike.h" "$rtab" compile tables/musket_pike.rtab -o "$tmp/out"
planted compile-report "$tmp/report.txt" \
	"$rtab" compile tables/musket_pike.rtab -o "$tmp/out" --report "$tmp/report.txt"
planted export "$tmp/mp.json" "$rtab" export tables/musket_pike.rtab --format json -o "$tmp/mp.json"
# A link to nothing yet: the file it names is not made.
ln -s "$tmp/made" "$tmp/dangling.json"
expect export-dangling 1 "is a symbolic link to nothing" \
	"$rtab" export tables/musket_pike.rtab --format json -o "$tmp/dangling.json"
[ ! -e "$tmp/made" ] && passed=$((passed + 1)) || fail "export-dangling: the file the link names was made"
# The journal of a commit is made afresh beside the first output.
printf 'victim\n' >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/out/musket_pike.c.rtab-commit"
"$rtab" compile tables/musket_pike.rtab -o "$tmp/out" >"$tmp/log" 2>&1 ||
	{ fail "journal link: the compile failed"; cat "$tmp/log"; }
[ "$(cat "$tmp/victim")" = victim ] && passed=$((passed + 1)) ||
	fail "journal link: the file a link in the journal's place names was written"
# A descriptor named as a file is still written: /dev/stdout redirected to a file.
"$rtab" export tables/classic_odds.rtab --format csv -o /dev/stdout >"$tmp/redirected.csv" 2>"$tmp/log"
grep -q 'crt,1,AR' "$tmp/redirected.csv" && passed=$((passed + 1)) ||
	fail "export to /dev/stdout redirected to a file: $(cat "$tmp/log")"

# fmt -i: an edit saved between the read and the rename is kept, and said.
messy=tests/fmt/messy.rtab
edited() { ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} LD_PRELOAD=$shim "$@"; }
cp "$messy" "$tmp/edit.rtab"
RTAB_EDIT_FILE=$tmp/edit.rtab RTAB_EDIT_TEXT='// saved meanwhile
' edited "$rtab" fmt -i "$tmp/edit.rtab" >"$tmp/log" 2>&1
status=$?
[ $status -eq 1 ] && passed=$((passed + 1)) || fail "fmt -i of a file edited meanwhile: exit $status, not 1"
grep -q "edit.rtab' changed while rtab worked on it" "$tmp/log" && passed=$((passed + 1)) ||
	fail "fmt -i of a file edited meanwhile: no error naming it: $(cat "$tmp/log")"
tail -n 1 "$tmp/edit.rtab" | grep -q 'saved meanwhile' && passed=$((passed + 1)) ||
	fail "fmt -i lost the edit saved meanwhile"
# The same with a hard link (written in place).
cp "$messy" "$tmp/edit2.rtab"
ln "$tmp/edit2.rtab" "$tmp/edit2-link.rtab"
RTAB_EDIT_FILE=$tmp/edit2.rtab RTAB_EDIT_TEXT='// saved meanwhile
' edited "$rtab" fmt -i "$tmp/edit2.rtab" >"$tmp/log" 2>&1
[ $? -eq 1 ] && tail -n 1 "$tmp/edit2.rtab" | grep -q 'saved meanwhile' && passed=$((passed + 1)) ||
	fail "fmt -i of a hard-linked file edited meanwhile: $(cat "$tmp/log")"

"$rtab" fmt "$messy" >"$tmp/laid_out"
# Hard links: every name sees the layout, still one file.
cp "$messy" "$tmp/a.rtab"
ln "$tmp/a.rtab" "$tmp/b.rtab"
"$rtab" fmt -i "$tmp/a.rtab" || fail "fmt -i of a file with a hard link failed"
cmp -s "$tmp/b.rtab" "$tmp/laid_out" && passed=$((passed + 1)) ||
	fail "fmt -i split the hard link: the other name keeps the old text"
[ "$(stat -c %i "$tmp/a.rtab")" = "$(stat -c %i "$tmp/b.rtab")" ] && passed=$((passed + 1)) ||
	fail "fmt -i split the hard link into two files"
[ "$(stat -c %h "$tmp/a.rtab")" = 2 ] && passed=$((passed + 1)) || fail "fmt -i: the file has $(stat -c %h "$tmp/a.rtab") names"
ls "$tmp" | grep -q '\.tmp\.\|\.old\.' && fail "fmt -i left a temporary: $(ls "$tmp")" || passed=$((passed + 1))

# Owner and group: another user's file (the superuser may give it), or
# another group of ours.
cp "$messy" "$tmp/owned.rtab"
chmod 664 "$tmp/owned.rtab"
want=
if [ "$(id -u)" -eq 0 ] && chown 65534:65534 "$tmp/owned.rtab" 2>/dev/null; then
	want=65534:65534
else
	for g in $(id -G); do
		[ "$g" = "$(id -g)" ] && continue
		chgrp "$g" "$tmp/owned.rtab" 2>/dev/null && want=$(id -u):$g && break
	done
fi
if [ -n "$want" ]; then
	"$rtab" fmt -i "$tmp/owned.rtab" || fail "fmt -i of another owner's file failed"
	cmp -s "$tmp/owned.rtab" "$tmp/laid_out" && passed=$((passed + 1)) || fail "fmt -i: owned.rtab not laid out"
	[ "$(stat -c %u:%g "$tmp/owned.rtab")" = "$want" ] && passed=$((passed + 1)) ||
		fail "fmt -i changed the owner and group from $want to $(stat -c %u:%g "$tmp/owned.rtab")"
	[ "$(stat -c %a "$tmp/owned.rtab")" = 664 ] && passed=$((passed + 1)) ||
		fail "fmt -i changed the mode to $(stat -c %a "$tmp/owned.rtab")"
else
	echo "note: no other owner or group to give a file here; the owner is not checked"
fi

# A ruleset whose C name is the runtime's: refused by -Wc-name, nothing
# written; another --prefix takes it.
mkdir "$tmp/rt" "$tmp/rtout"
sed 's/^ruleset musket_pike/ruleset rtab/' tables/musket_pike.rtab >"$tmp/rt/mp.rtab"
grep -q '^ruleset rtab' "$tmp/rt/mp.rtab" || fail "the ruleset was not renamed"
printf '/* the vendored runtime */\n' >"$tmp/rtout/rtab.h"
expect c-name-runtime 1 "belongs to rtab's runtime" "$rtab" compile "$tmp/rt/mp.rtab" -o "$tmp/rtout"
expect c-name-runtime-named 1 "[-Wc-name]" "$rtab" compile "$tmp/rt/mp.rtab" -o "$tmp/rtout"
[ "$(cat "$tmp/rtout/rtab.h")" = '/* the vendored runtime */' ] && [ ! -e "$tmp/rtout/rtab.c" ] &&
	passed=$((passed + 1)) || fail "c-name-runtime: the runtime's files were written"
sed 's/^ruleset musket_pike/ruleset pike/' tables/musket_pike.rtab >"$tmp/rt/pike.rtab"
expect c-name-prefix 1 "with --prefix 'rtab_'" "$rtab" compile --prefix rtab_ "$tmp/rt/pike.rtab" -o "$tmp/rtout"
expect c-name-prefix-other 0 "" "$rtab" compile --prefix game_ "$tmp/rt/mp.rtab" -o "$tmp/rtout"
[ -e "$tmp/rtout/game_rtab.c" ] && passed=$((passed + 1)) || fail "c-name-prefix-other: no game_rtab.c"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
