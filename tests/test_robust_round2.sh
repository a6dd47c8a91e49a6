#!/bin/sh
# The second robustness review (issue 24) on the command line: what a verb
# accepts, refuses and reports. Each check failed before its fix.
# usage: test_robust_round2.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

fail() { echo "FAIL $*"; failed=$((failed + 1)); }

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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
