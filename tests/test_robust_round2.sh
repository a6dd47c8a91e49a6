#!/bin/sh
# The second robustness review (issue 24) on the command line: what a verb
# accepts, refuses and reports. Each check failed before its fix.
# usage: test_robust_round2.sh RTAB SOURCE_ROOT
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

# Running no example is no success: a file without examples fails, saying so.
printf 'ruleset plain { locales en; en "Plain"; }\n' >"$tmp/plain.rtab"
check test-no-examples 1 "no example in the file: nothing was tested" "$rtab" test "$tmp/plain.rtab"
mkdir "$tmp/noexamples"
cp "$tmp/plain.rtab" "$tmp/noexamples/a.rtab"
printf 'ruleset other { locales en; en "Other"; }\n' >"$tmp/noexamples/b.rtab"
check test-no-examples-dir 1 "no example in the files" "$rtab" test "$tmp/noexamples"
check test-examples-pass 0 "passed, 0 failed" "$rtab" test tables/musket_pike.rtab

# FILE@ names no edition: a usage error in every verb, not the default edition.
sk=tests/errata/skirmish.rtab
check empty-edition-check 2 "the edition after '@' is missing" "$rtab" check "$sk@"
check empty-edition-compile 2 "the edition after '@' is missing" "$rtab" compile "$sk@" -o "$tmp/out"
[ -e "$tmp/out" ] && fail "empty-edition-compile: wrote $tmp/out"
check empty-edition-test 2 "the edition after '@' is missing" "$rtab" test "$sk@"
check empty-edition-diff 2 "the edition after '@' is missing" "$rtab" diff "$sk" "$sk@"
check empty-edition-export 2 "the edition after '@' is missing" "$rtab" export "$sk@" --format json
# A file whose own name ends in '@' is still read as it is.
cp "$tmp/plain.rtab" "$tmp/at@"
check file-named-at 0 "" "$rtab" check "$tmp/at@"

# -1+ reads as >=-1, as 1+ reads as >=1.
cat >"$tmp/neg.rtab" <<'RTAB'
ruleset m { locales en; en "M"; }
input pen: int 0..3 = 0 { en "Penalty"; }
outcome low { en "Low"; }
outcome high { en "High"; }
dice d6 = 1d6;
modifier pen { en "Penalty"; value -pen; }
table t { en "T"; roll d6; modifiers pen; rows { low <=-2; high -1+; } }
example e { en "E"; t(pen = 3) roll 2 -> high; t(pen = 3) roll 1 -> low; t(pen = 0) roll 6 -> high; }
RTAB
sed 's/high -1+;/high >=-1;/' "$tmp/neg.rtab" >"$tmp/neg_ge.rtab"
check negative-at-least 0 "1 passed, 0 failed" "$rtab" test "$tmp/neg.rtab"
check negative-at-least-same 0 "no differences" "$rtab" diff "$tmp/neg.rtab" "$tmp/neg_ge.rtab"

# check of files given together reports what compile of them refuses.
mkdir "$tmp/linked"
printf 'ruleset dup { locales en; en "D"; }\n' >"$tmp/linked/a.rtab"
cp "$tmp/linked/a.rtab" "$tmp/linked/b.rtab"
printf 'ruleset Dup { locales en; en "D"; }\n' >"$tmp/linked/c.rtab"
printf 'ruleset a_b { locales en; en "F"; }\noutcome o { en "O"; }\ntable c { en "T"; rows { o 0; } }\n' >"$tmp/linked/ab.rtab"
printf 'ruleset a { locales en; en "F"; }\nenum b_table { en "E"; c { en "C"; } }\ninput x: b_table { en "X"; }\noutcome o { en "O"; }\ntable t { en "T"; columns by x { c = c; } rows { o 0; } }\n' >"$tmp/linked/x.rtab"
for verb in check compile; do
	check "$verb-same-id" 1 "ruleset 'dup' is also defined by" "$rtab" $verb "$tmp/linked/a.rtab" "$tmp/linked/b.rtab"
	check "$verb-case-only" 1 "differs from ruleset 'dup' of" "$rtab" $verb "$tmp/linked/a.rtab" "$tmp/linked/c.rtab"
	check "$verb-c-names" 1 "becomes the C name A_B_TABLE_C, like 'c' of" \
		"$rtab" $verb "$tmp/linked/ab.rtab" "$tmp/linked/x.rtab"
done
check check-linked-alone 0 "" "$rtab" check "$tmp/linked/ab.rtab"
check check-linked-apart 0 "" "$rtab" check "$tmp/linked/a.rtab" "$tmp/linked/ab.rtab"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
