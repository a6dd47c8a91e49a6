#!/bin/sh
# The robustness review (issue 12) on the command line: hostile files,
# directories, output paths and streams. Each check failed before its fix.
# usage: test_robust.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"

check() { # NAME EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...
	name=$1 want=$2 needle=$3
	shift 3
	out=$(timeout 20 "$@" 2>&1)
	status=$?
	if [ "$status" -ne "$want" ]; then
		fail "$name: exit $status, expected $want"; echo "$out" | head -20; return
	fi
	case $out in
	*"$needle"*) passed=$((passed + 1)) ;;
	*) fail "$name: output lacks '$needle'"; echo "$out" | head -20 ;;
	esac
}

mini() { # FILE ID: a small valid ruleset
	printf 'ruleset %s { locales en; en "M"; }\n' "$2" >"$1"
}

# 7. Only regular files are read: a FIFO must not block check or test.
mkfifo "$tmp/fifo.rtab"
check fifo-check 1 "not a regular file (a pipe)" "$rtab" check "$tmp/fifo.rtab"
mkdir "$tmp/withfifo"
mkfifo "$tmp/withfifo/a.rtab"
check fifo-test-dir 1 "not a regular file (a pipe)" "$rtab" test "$tmp/withfifo"
check dir-as-file 1 "not a regular file (a directory)" "$rtab" check "$tmp"
check fifo-eval 1 "not a regular file" "$rtab" eval "$tmp/fifo.rtab" t --roll 1

# 8. An output that is an input (links resolved) is refused, the input kept.
mkdir "$tmp/self"
mini "$tmp/self/mini.h" mini
cp "$tmp/self/mini.h" "$tmp/self.orig"
check output-is-input 1 "would overwrite it" "$rtab" compile "$tmp/self/mini.h" -o "$tmp/self"
cmp -s "$tmp/self/mini.h" "$tmp/self.orig" || fail "output-is-input: the input changed"
ln -s mini.h "$tmp/self/link.rtab"
check output-is-input-link 1 "would overwrite it" "$rtab" compile "$tmp/self/link.rtab" -o "$tmp/self"
cmp -s "$tmp/self/mini.h" "$tmp/self.orig" || fail "output-is-input-link: the input changed"
mkdir "$tmp/other"
ln "$tmp/self/mini.h" "$tmp/other/mini.c"
check output-is-input-hardlink 1 "would overwrite it" "$rtab" compile "$tmp/self/mini.h" -o "$tmp/other"
cp tables/musket_pike.rtab "$tmp/self/mp.rtab"
check export-over-input 1 "would overwrite it" "$rtab" export "$tmp/self/mp.rtab" --format json -o "$tmp/self/mp.rtab"
cmp -s tables/musket_pike.rtab "$tmp/self/mp.rtab" || fail "export-over-input: the input changed"
# FILE@EDITION names FILE: the comparison is with FILE, not the argument.
mkdir "$tmp/edition"
cp tests/errata/skirmish.rtab "$tmp/edition/skirmish.h"
check output-is-input-edition 1 "would overwrite it" \
	"$rtab" compile "$tmp/edition/skirmish.h@first_printing" -o "$tmp/edition"
cmp -s tests/errata/skirmish.rtab "$tmp/edition/skirmish.h" || fail "output-is-input-edition: the input changed"
[ ! -e "$tmp/edition/skirmish.c" ] && passed=$((passed + 1)) || fail "output-is-input-edition: a .c written"
cp tests/errata/skirmish.rtab "$tmp/edition/sk.rtab"
check export-over-input-edition 1 "would overwrite it" \
	"$rtab" export "$tmp/edition/sk.rtab@first_printing" --format json -o "$tmp/edition/sk.rtab"
cmp -s tests/errata/skirmish.rtab "$tmp/edition/sk.rtab" || fail "export-over-input-edition: the input changed"

# 12. Running no example is an error, not "0 passed, 0 failed".
mkdir "$tmp/empty"
check test-empty-dir 1 "holds no .rtab file" "$rtab" test "$tmp/empty"
check test-stdin 2 "not from standard input" "$rtab" test -
if [ "$(id -u)" != 0 ]; then
	mkdir "$tmp/locked" && cp tables/musket_pike.rtab "$tmp/locked/" && chmod 000 "$tmp/locked"
	check test-unreadable-dir 1 "cannot read the directory" "$rtab" test "$tmp/locked"
fi

# 13. An answer that cannot be written is a failure, for every verb.
if [ -w /dev/full ]; then
	check full-eval-json 1 "cannot write the standard output" \
		sh -c '"$0" eval tables/musket_pike.rtab melee --roll 3 --json >/dev/full' "$rtab"
	check full-eval-text 1 "cannot write the standard output" \
		sh -c '"$0" eval tables/musket_pike.rtab melee --roll 3 >/dev/full' "$rtab"
	check full-help 1 "cannot write the standard output" sh -c '"$0" --help >/dev/full' "$rtab"
	check full-check-json 1 "cannot write the standard output" \
		sh -c '"$0" check --diagnostics=json -Wprovisional tables/musket_pike.rtab >/dev/full' "$rtab"
	check full-test 1 "cannot write the standard output" \
		sh -c '"$0" test tables >/dev/full' "$rtab"
	# check lists provisional values as notes on stderr and exits 0 otherwise.
	check full-stderr 1 "" sh -c '"$0" check tables/napoleonic_charge.rtab 2>/dev/full' "$rtab"
	check full-list-checks 1 "cannot write" sh -c '"$0" check --list-checks >/dev/full' "$rtab"
fi

# 16. -o creates the missing parents of the output directory.
check output-parents 0 "" "$rtab" compile tables/musket_pike.rtab -o "$tmp/a/b/c"
[ -f "$tmp/a/b/c/musket_pike.c" ] && [ -f "$tmp/a/b/c/musket_pike.h" ] || fail "output-parents: no files"
touch "$tmp/plain"
check output-under-file 1 "not a directory" "$rtab" compile tables/musket_pike.rtab -o "$tmp/plain/x"

# 9. JSON diagnostics are valid UTF-8 and messages are never cut: a file
# name that is not UTF-8, a bad escape of a raw byte, a 3000-byte reason.
json_ok() { # FILE: every line a JSON object, the whole valid UTF-8
	python3 -c 'import json, sys
for line in open(sys.argv[1], "rb").read().decode("utf-8").splitlines():
    json.loads(line)' "$1"
}
weird=$(printf '%s/bad\377name\033[31m.rtab' "$tmp")
reason=$(python3 -c 'print("é" * 1500)')
{
	printf 'ruleset r { locales en; en "R\\\377"; }\n'
	printf 'modifier m { en "M"; value 1; provisional "%s"; }\n' "$reason"
} >"$weird"
"$rtab" check --diagnostics=json -Wprovisional "$weird" >"$tmp/diag.json" 2>&1
json_ok "$tmp/diag.json" && passed=$((passed + 1)) || fail "json-utf8: not valid JSON in UTF-8"
grep -q "$reason" "$tmp/diag.json" && passed=$((passed + 1)) || fail "json-uncut: the reason was cut"
"$rtab" check --diagnostics=json "$tmp/nope.rtab" >"$tmp/nope.json" 2>&1
if json_ok "$tmp/nope.json" && grep -q '"cannot open' "$tmp/nope.json"; then
	passed=$((passed + 1))
else
	fail "json-cannot-open: not a JSON diagnostic"; cat "$tmp/nope.json"
fi

# 15. Control bytes in names and messages never reach the terminal raw.
"$rtab" check "$weird" >"$tmp/diag.txt" 2>&1
if LC_ALL=C grep -q "$(printf '\033')" "$tmp/diag.txt"; then
	fail "no-raw-escape: an ESC byte was echoed"
else
	passed=$((passed + 1))
fi
check escape-in-argument 2 "unknown verb 'x\x1B[2J'" "$rtab" "$(printf 'x\033[2J')"
check escape-visible 1 'bad\xFFname\x1B[31m.rtab' "$rtab" check "$weird"

# 10. A distance whose forms roll different dice: every form can be shown.
cat >"$tmp/dist.rtab" <<'RTAB'
ruleset r { locales en; en "R"; }
distance move { en "M"; value 1d6 inches; value 2d6 cm; }
RTAB
check distance-one-roll 0 '"forms": [{"value": 3, "unit": "inches"}, {"value": null, "unit": "cm"}]' \
	"$rtab" eval "$tmp/dist.rtab" move --roll 3 --json
check distance-later-form 0 '"value": 7, "unit": "cm"' "$rtab" eval "$tmp/dist.rtab" move --roll 3,4 --json
check distance-per-form 0 '"forms": [{"value": 3, "unit": "inches"}, {"value": 7, "unit": "cm"}]' \
	"$rtab" eval "$tmp/dist.rtab" move --roll 3 --roll 3,4 --json
check distance-rolls-count 2 "give one --roll for all, or one per form" \
	"$rtab" eval "$tmp/dist.rtab" move --roll 3 --roll 3,4 --roll 1
check distance-no-fit 2 "inches: 1, cm: 2" "$rtab" eval "$tmp/dist.rtab" move --roll 1,2,3

# 11. A reaction set of 300 options allowed: all 300 listed.
{
	echo 'ruleset r { locales en; en "R"; }'
	echo 'reactions many { en "X";'
	i=0
	while [ $i -lt 300 ]; do echo "option o$i { en \"O\"; }"; i=$((i + 1)); done
	echo '}'
} >"$tmp/many.rtab"
check reactions-300 0 '"o299"' "$rtab" eval "$tmp/many.rtab" many --json

# 15. Clear errors: the range of --drm, every die's faces, a leading BOM.
check drm-range 2 "--drm takes an integer within -1000000000..1000000000, not '2147483647'" \
	"$rtab" eval tables/musket_pike.rtab melee --drm 2147483647 --roll 3
cat >"$tmp/mixed.rtab" <<'RTAB'
ruleset r { locales en; en "R"; }
dice mixed = 1d6 + 1d10;
outcome a { en "A"; }
table t { en "T"; roll mixed; rows { a 2-16; } }
RTAB
check faces-every-die 2 "give 2 faces: 1 within 1..6, then 1 within 1..10" \
	"$rtab" eval "$tmp/mixed.rtab" t --roll 3
{ printf '\357\273\277'; cat "$tmp/mixed.rtab"; } >"$tmp/bom.rtab"
check bom-accepted 0 '"outcome": "a"' "$rtab" eval "$tmp/bom.rtab" t --roll 3,4 --json

# 5. Outputs are committed as a whole.
leftovers() { # DIR: temporaries or kept-aside files left behind
	find "$1" -name '*.tmp.*' -o -name '*.old.*' | head -5
}
# A signal while the files are written (here SIGXFSZ from a file size
# limit): the temporaries go, the earlier outputs stay.
mkdir "$tmp/sig"
echo old >"$tmp/sig/musket_pike.c"
sh -c 'ulimit -c 0; ulimit -f 8; "$0" compile tables/musket_pike.rtab -o "$1" 2>/dev/null' \
	"$rtab" "$tmp/sig" 2>/dev/null
[ $? -ne 0 ] || fail "signal-cleans: the compile did not fail"
[ -z "$(leftovers "$tmp/sig")" ] && passed=$((passed + 1)) || fail "signal-cleans: $(leftovers "$tmp/sig")"
[ "$(cat "$tmp/sig/musket_pike.c")" = old ] && passed=$((passed + 1)) || fail "signal-keeps: the old .c changed"
# A rename that fails (the .h is a directory) puts the .c back.
mkdir -p "$tmp/rb/musket_pike.h/x"
echo old >"$tmp/rb/musket_pike.c"
check rename-fails 1 "cannot rename" "$rtab" compile tables/musket_pike.rtab -o "$tmp/rb"
[ "$(cat "$tmp/rb/musket_pike.c")" = old ] && passed=$((passed + 1)) || fail "rename-rollback: a new .c beside an old .h"
[ -z "$(leftovers "$tmp/rb")" ] && passed=$((passed + 1)) || fail "rename-rollback: $(leftovers "$tmp/rb")"
# Two versions compiled at once, again and again: each .c/.h pair is one version's.
mkdir "$tmp/race"
for v in 1 2; do
	{
		echo 'ruleset race { locales en; en "R"; }'
		echo 'outcome a { en "A"; }'
		i=0
		while [ $i -lt 150 ]; do echo "table v${v}_t$i { en \"T\"; rows { a 0; } }"; i=$((i + 1)); done
	} >"$tmp/v$v.rtab"
done
i=0 mixed=0
while [ $i -lt 10 ]; do
	"$rtab" compile "$tmp/v1.rtab" -o "$tmp/race" 2>/dev/null &
	"$rtab" compile "$tmp/v2.rtab" -o "$tmp/race" 2>/dev/null &
	wait
	c=$(grep -c '"v1_t' "$tmp/race/race.c") h=$(grep -c 'RACE_TABLE_V1_T' "$tmp/race/race.h")
	{ [ "$c" -gt 0 ] && [ "$h" -eq 0 ]; } || { [ "$c" -eq 0 ] && [ "$h" -gt 0 ]; } && mixed=$((mixed + 1))
	i=$((i + 1))
done
[ "$mixed" -eq 0 ] && passed=$((passed + 1)) || fail "concurrent-pairs: $mixed of 10 runs left a mixed pair"

# 6. Files compiled together: the union of their C names, and file names
# that differ only in case.
mkdir "$tmp/c6"
mini "$tmp/c6/Foo.rtab" Foo
mini "$tmp/c6/foo.rtab" foo
check case-only 1 "differs from ruleset 'Foo' of" "$rtab" compile "$tmp/c6/Foo.rtab" "$tmp/c6/foo.rtab" -o "$tmp/c6/out"
printf 'ruleset a_b { locales en; en "F"; }\noutcome o { en "O"; }\ntable c { en "T"; rows { o 0; } }\n' >"$tmp/c6/ab.rtab"
printf 'ruleset a { locales en; en "F"; }\nenum b_table { en "E"; c { en "C"; } }\ninput x: b_table { en "X"; }\noutcome o { en "O"; }\ntable t { en "T"; columns by x { c = c; } rows { o 0; } }\n' >"$tmp/c6/a.rtab"
check c-names-across 1 "becomes the C name A_B_TABLE_C, like 'c' of" \
	"$rtab" compile "$tmp/c6/ab.rtab" "$tmp/c6/a.rtab" -o "$tmp/c6/out"
check c-tags-across 1 "becomes the C name enum a_b_table" \
	"$rtab" compile "$tmp/c6/ab.rtab" "$tmp/c6/a.rtab" -o "$tmp/c6/out"
[ ! -e "$tmp/c6/out" ] && passed=$((passed + 1)) || fail "c-names-across: output written"
check c-names-alone 0 "" "$rtab" compile "$tmp/c6/a.rtab" -o "$tmp/c6/out"

# Outputs that are no regular file are written, never replaced: a FIFO (its
# reader gets the export and the FIFO stays) and /dev/stdout in a pipe; a
# symbolic link to a file in another directory is refused (the file it
# names is not written: tests/test_outputs.sh), and so is a link to nothing.
mkdir "$tmp/targets" "$tmp/targets/elsewhere"
mkfifo "$tmp/targets/fifo"
cat "$tmp/targets/fifo" >"$tmp/targets/from_fifo" &
reader=$!
check export-to-fifo 0 "" "$rtab" export tables/classic_odds.rtab --format json -o "$tmp/targets/fifo"
# A FIFO renamed over leaves its reader waiting for ever.
[ -p "$tmp/targets/fifo" ] && passed=$((passed + 1)) || { fail "export-to-fifo: the FIFO was replaced"; kill $reader; }
wait $reader
grep -q '"format": "rtab-export"' "$tmp/targets/from_fifo" && passed=$((passed + 1)) ||
	fail "export-to-fifo: the reader got no export"
# /dev/stdout's own shape (a link to /proc/self/fd/1) in the scratch directory:
# the real one only when not root, where a regression could not replace it.
ln -s /proc/self/fd/1 "$tmp/targets/stdout"
out=$("$rtab" export tables/classic_odds.rtab --format csv -o "$tmp/targets/stdout" | head -c 100000)
case $out in *'crt,1,AR'*) passed=$((passed + 1)) ;; *) fail "export-to-stdout: nothing in the pipe" ;; esac
[ -L "$tmp/targets/stdout" ] && passed=$((passed + 1)) || fail "export-to-stdout: the link was replaced"
if [ "$(id -u)" -ne 0 ]; then
	out=$("$rtab" export tables/classic_odds.rtab --format csv -o /dev/stdout | head -c 100000)
	case $out in *'crt,1,AR'*) passed=$((passed + 1)) ;; *) fail "export-to-dev-stdout: nothing in the pipe" ;; esac
fi
echo old >"$tmp/targets/elsewhere/real.json"
ln -s ../targets/elsewhere/real.json "$tmp/targets/link.json"
check export-through-link 1 "is a symbolic link" "$rtab" export tables/classic_odds.rtab --format json -o "$tmp/targets/link.json"
[ -L "$tmp/targets/link.json" ] && passed=$((passed + 1)) || fail "export-through-link: the link was replaced"
[ "$(cat "$tmp/targets/elsewhere/real.json")" = old ] && passed=$((passed + 1)) ||
	fail "export-through-link: the file the link names was written"
[ -z "$(leftovers "$tmp/targets")$(leftovers "$tmp/targets/elsewhere")" ] && passed=$((passed + 1)) ||
	fail "export-through-link: $(leftovers "$tmp/targets")"
ln -s nowhere "$tmp/targets/dangling"
check export-dangling-link 1 "is a symbolic link to nothing" \
	"$rtab" export tables/classic_odds.rtab --format json -o "$tmp/targets/dangling"
[ -L "$tmp/targets/dangling" ] && passed=$((passed + 1)) || fail "export-dangling-link: the link was replaced"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
