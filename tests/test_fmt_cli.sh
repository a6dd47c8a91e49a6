#!/bin/sh
# rtab fmt as a user meets it: the layout of a messy file (a golden), standard
# input, --check, -i, and what it refuses (syntax errors, a read-only file).
# usage: test_fmt_cli.sh RTAB SOURCE_ROOT   (RTAB_UPDATE_GOLDENS=1: see golden_diff.sh)
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
golden_diff="$root/tests/golden_diff.sh"
tmp=$(mktemp -d) || exit 99
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
failed=0 passed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

messy=$root/tests/fmt/messy.rtab
"$rtab" fmt "$messy" >"$tmp/out" 2>"$tmp/err" || fail "fmt messy.rtab exits $?: $(cat "$tmp/err")"
if sh "$golden_diff" "$root/tests/fmt/messy.fmt" "$tmp/out"; then ok; else fail "layout of messy.rtab differs from messy.fmt"; fi
"$rtab" fmt - <"$messy" >"$tmp/stdin.out" && cmp -s "$tmp/stdin.out" "$tmp/out" && ok || fail "fmt - (stdin) differs from fmt FILE"

# Keys: value(cf) against its '(', a key of three lines wrapped at its inner
# commas within the margin (a golden), and read the same.
keys=$root/tests/fmt/keys.rtab
"$rtab" fmt "$keys" >"$tmp/keys.out" 2>"$tmp/err" || fail "fmt keys.rtab exits $?: $(cat "$tmp/err")"
if sh "$golden_diff" "$root/tests/fmt/keys.fmt" "$tmp/keys.out"; then ok; else fail "layout of keys.rtab differs from keys.fmt"; fi
awk 'length > 100 { exit 1 }' "$tmp/keys.out" && ok || fail "fmt keys.rtab writes a line wider than 100 columns"

# The order of clauses: a shuffled file in the canonical order (a golden),
# comments with their clauses, the order of natural rules, steps and checks
# kept as written; the result formatted already, and meaning the same.
shuffled=$root/tests/fmt/shuffled.rtab
"$rtab" fmt "$shuffled" >"$tmp/shuffled.out" 2>"$tmp/err" || fail "fmt shuffled.rtab exits $?: $(cat "$tmp/err")"
if sh "$golden_diff" "$root/tests/fmt/shuffled.fmt" "$tmp/shuffled.out"; then ok; else fail "order of shuffled.rtab differs from shuffled.fmt"; fi
"$rtab" fmt --check "$tmp/shuffled.out" >"$tmp/check3.out" 2>&1 && ok || fail "fmt of the ordered file changes it: $(cat "$tmp/check3.out")"
grep '^  \(natural\|step\|shot\)' "$tmp/shuffled.out" >"$tmp/kept"
printf '%s\n' '  natural 6, 6 -> hit;' '  natural 1, 1 -> fumble;' '  step first_step { en "First"; when cover; }' \
	'  step second_step { en "Second"; }' '  shot roll 6, 6 -> hit;' '  shot(cover = true) roll 1, 1 -> fumble;' \
	'  shot roll 5, 4 -> hit;' >"$tmp/kept.expected"
cmp -s "$tmp/kept" "$tmp/kept.expected" && ok ||
	fail "clauses whose order has meaning moved: $(cat "$tmp/kept")"
grep -q '^  en "In cover";  # the label goes first, with this comment$' "$tmp/shuffled.out" && ok ||
	fail "a comment did not move with its clause"
cp "$shuffled" "$tmp/shuffled.rtab"
"$rtab" test "$tmp/shuffled.rtab" >"$tmp/test1" 2>&1; s1=$?
"$rtab" test "$tmp/shuffled.out" >"$tmp/test2" 2>&1; s2=$?
[ $s1 -eq 0 ] && [ $s2 -eq 0 ] && ok || fail "the examples of the shuffled file do not pass before and after fmt"

# --check: a diff and 1 for a file not formatted, nothing and 0 for one that is.
"$rtab" fmt --check "$messy" >"$tmp/check.out" 2>&1
[ $? -eq 1 ] && ok || fail "--check of an unformatted file does not exit 1"
grep -q "^--- a/.*messy.rtab" "$tmp/check.out" && grep -q "^@@ -" "$tmp/check.out" &&
	grep -q "^+dice d6 = 1d6 @ \"7.1\";  # the die$" "$tmp/check.out" && ok ||
	fail "--check prints no unified diff: $(head -5 "$tmp/check.out")"
if command -v patch >/dev/null; then
cp "$messy" "$tmp/patched.rtab"
(cd "$tmp" && sed 's|^\(---\|+++\) [ab]/.*|\1 patched.rtab|' check.out | patch -s patched.rtab) &&
	cmp -s "$tmp/patched.rtab" "$tmp/out" && ok || fail "the diff of --check does not patch the file into its layout"
fi
"$rtab" fmt --check "$root/tests/fmt/messy.fmt" >"$tmp/check2.out" 2>&1 && [ ! -s "$tmp/check2.out" ] && ok ||
	fail "--check of a formatted file: $(cat "$tmp/check2.out")"

# -i: rewritten in place, its permissions kept.
cp "$messy" "$tmp/inplace.rtab"
chmod 640 "$tmp/inplace.rtab"
"$rtab" fmt -i "$tmp/inplace.rtab" && cmp -s "$tmp/inplace.rtab" "$tmp/out" && ok || fail "-i does not write the layout"
[ "$(stat -c %a "$tmp/inplace.rtab")" = 640 ] && ok || fail "-i changed the permissions to $(stat -c %a "$tmp/inplace.rtab")"
ls "$tmp" | grep -q '\.tmp\.\|\.old\.' && fail "-i left a temporary file: $(ls "$tmp")" || ok

# A read-only file: refused by name, unchanged (even for the superuser).
cp "$messy" "$tmp/readonly.rtab"
chmod 444 "$tmp/readonly.rtab"
"$rtab" fmt -i "$tmp/readonly.rtab" >"$tmp/ro.out" 2>&1
[ $? -eq 1 ] && ok || fail "-i of a read-only file does not exit 1"
grep -q "readonly.rtab.*read-only" "$tmp/ro.out" && ok || fail "-i of a read-only file does not name it: $(cat "$tmp/ro.out")"
cmp -s "$tmp/readonly.rtab" "$messy" && ok || fail "-i changed a read-only file"

# Syntax errors: the diagnostics, exit 1, nothing written.
printf 'ruleset broken {\n  locales en\n  en "x";\n}\ndice d6 = 1d6 @ ;\n' >"$tmp/broken.rtab"
cp "$tmp/broken.rtab" "$tmp/broken.orig"
"$rtab" fmt "$tmp/broken.rtab" >"$tmp/broken.out" 2>"$tmp/broken.err"
[ $? -eq 1 ] && ok || fail "fmt of a file with syntax errors does not exit 1"
[ ! -s "$tmp/broken.out" ] && ok || fail "fmt of a file with syntax errors printed a layout"
[ "$(grep -c "broken.rtab:[0-9]*:[0-9]*: error" "$tmp/broken.err")" -ge 2 ] && ok ||
	fail "fmt does not report every syntax error: $(cat "$tmp/broken.err")"
"$rtab" fmt -i "$tmp/broken.rtab" >/dev/null 2>&1
[ $? -eq 1 ] && cmp -s "$tmp/broken.rtab" "$tmp/broken.orig" && ok || fail "-i rewrote a file with syntax errors"

# Usage.
"$rtab" fmt --help | grep -q "usage: rtab fmt" && ok || fail "fmt --help"
"$rtab" fmt -i - </dev/null >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "-i of the standard input is no usage error"
"$rtab" fmt --check -i "$messy" >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "--check with -i is no usage error"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
