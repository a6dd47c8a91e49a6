#!/bin/sh
# Enumerations counted before they are done (issue 24): a verb refuses at
# once, saying the limit and what to do, or finishes quickly. Each run has
# a small memory ceiling (ulimit -v) and a timeout, so work done before a
# refusal fails here. usage: test_enumeration.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# NAME SECONDS KBYTES EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...
check() {
	name=$1 secs=$2 kb=$3 want=$4 needle=$5
	shift 5
	out=$( (ulimit -v "$kb"; timeout "$secs" "$@") 2>&1)
	status=$?
	if [ "$status" -ne "$want" ]; then
		fail "$name: exit $status, expected $want"; echo "$out" | head -5; return
	fi
	case $out in
	*"$needle"*) passed=$((passed + 1)) ;;
	*) fail "$name: output lacks '$needle'"; echo "$out" | head -5 ;;
	esac
}

cat >"$tmp/big.rtab" <<'RTAB'
ruleset big { locales en; en "Big"; }
dice many = 8d8;
input m: int 0..20 = 0 { en "M"; }
modifier mm { en "MM"; when m > 0; value m; }
outcome lo { en "Lo"; }
outcome hi { en "Hi"; }
distance far { en "Far"; value 16d6 inches; }
table t { en "T"; roll many; modifiers mm; rows { lo <=36; hi >=37; } }
table plain { en "Plain"; roll many; rows { lo <=36; hi >=37; } }
RTAB

# 16d6 is 6^16 sequences: refused at the first too deep, not after 2^24 of them.
check odds-distance-16d6 5 60000 1 "counted before any is resolved): roll fewer dice" \
	"$rtab" odds "$tmp/big.rtab" far
# 21 totals of 8^8 rolls: refused before a roll is resolved, with the counts.
check odds-all-over 2 60000 1 "--all would resolve 1 column x 21 modifier totals x 16777216 rolls" \
	"$rtab" odds "$tmp/big.rtab" t --all
# One cell of 8^8 rolls: the situation's modifier is read from one roll, not from all.
check odds-all-one-cell 20 60000 0 "hi,1970569/4194304" "$rtab" odds "$tmp/big.rtab" plain --all --format csv

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
