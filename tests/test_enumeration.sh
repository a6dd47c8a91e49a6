#!/bin/sh
# Enumerations counted before they are done (issue 24): a verb refuses at
# once, saying the limit and what to do, or finishes quickly. Each run has
# a small memory ceiling (ulimit -v) and a timeout, so work done before a
# refusal fails here. usage: test_enumeration.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"

# Under AddressSanitizer the memory ceiling cannot hold (its shadow memory
# alone reserves terabytes of address space) and the code runs slower: the
# ceiling is left out and the timeouts stretched; the timeouts still catch
# work done before a refusal.
limit_memory=true slow=1
if grep -q __asan_init "$rtab" 2>/dev/null; then
	limit_memory=false slow=5
fi
ceiling() { if $limit_memory; then ulimit -v "$1"; fi; }

# NAME SECONDS KBYTES EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...
check() {
	name=$1 secs=$2 kb=$3 want=$4 needle=$5
	shift 5
	out=$( (ceiling "$kb"; timeout $((secs * slow)) "$@") 2>&1)
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
table ones { en "Ones"; roll many; modifiers mm; natural 1, 1, 1, 1, 1, 1, 1, 1 -> hi; rows { lo <=36; hi >=37; } }
table duel { en "Duel"; roll a = 4d8; roll b = 4d8; modifiers mm; a >= b -> hi; a < b -> lo; }
RTAB

# 16d6 is 6^16 sequences: refused at the first too deep, not after 2^24 of them.
check odds-distance-16d6 5 60000 1 "counted before any is resolved): roll fewer dice" \
	"$rtab" odds "$tmp/big.rtab" far
# 21 totals of 8^8 rolls read face by face (two rolls compared): refused
# before a roll is resolved, with the counts.
check odds-all-over 2 60000 1 "--all would resolve 1 column x 21 modifier totals x 16777216 rolls" \
	"$rtab" odds "$tmp/big.rtab" duel --all
# One cell of them: past the work budget, said before a roll is resolved.
check odds-past-work 2 60000 1 "past the work budget of 200000000 steps; raise it with --max-work N" \
	"$rtab" odds "$tmp/big.rtab" duel
# A natural rule leaves the sums: 57 sums and the rule a cell, the rule's one
# roll of eight ones counted apart (+0: the 7882276 rolls 'plain' gives hi,
# 1970569/4194304, and that roll).
check odds-all-natural 5 60000 0 "hi,7882277/16777216" \
	"$rtab" odds "$tmp/big.rtab" ones --all --format csv
# The same table read only by its sum: 57 sums a cell, resolved at once
# (it once took 2.4 s a cell), with the counts of all 8^8 rolls.
check odds-all-by-sum 5 60000 0 "hi,1970569/4194304,46.98,2223735/4194304" \
	"$rtab" odds "$tmp/big.rtab" t --all --format csv
# One cell of 8^8 rolls: the situation's modifier is read from one roll, not from all.
check odds-all-one-cell 20 60000 0 "hi,1970569/4194304" "$rtab" odds "$tmp/big.rtab" plain --all --format csv

# Vectors are written as they are made, and the set that keeps them unique
# holds hashes of one definition's: 360,004 vectors (178 MB) in 100 MB.
cat >"$tmp/vec.rtab" <<'RTAB'
ruleset vec { locales en; en "Vec"; }
dice two = 2d6;
input a: int 0..99 = 0 { en "A"; }
input b: int 0..99 = 0 { en "B"; }
modifier ma { en "MA"; when a > 50; value 1; }
modifier mb { en "MB"; when b > 50; value -1; }
outcome lo { en "Lo"; }
outcome hi { en "Hi"; }
table t { en "T"; roll two; modifiers ma, mb; rows { lo <=7; hi >=8; } }
RTAB
# One run: the count on standard error, the distinct situations counted on
# the way (the column aside, every vector is another situation).
( (ceiling 100000; timeout $((60 * slow)) "$rtab" vectors "$tmp/vec.rtab" --exhaustive --limit 1000000 \
	2>"$tmp/vec.err"); echo $? >"$tmp/vec.status") | sed "s/, \"column\".*//" | sort -u | wc -l >"$tmp/vec.lines"
if [ "$(cat "$tmp/vec.status")" -ne 0 ]; then
	fail "vectors-streamed: exit $(cat "$tmp/vec.status")"; head -5 "$tmp/vec.err"
elif ! grep -q "360010 vectors for vec" "$tmp/vec.err"; then
	fail "vectors-streamed: output lacks '360010 vectors for vec'"; head -5 "$tmp/vec.err"
else
	passed=$((passed + 1))
fi
lines=$(cat "$tmp/vec.lines")
[ "$lines" -eq 360010 ] && passed=$((passed + 1)) || fail "vectors-unique: $lines distinct situations"
# A limit whose work cannot finish quickly is refused before any is done.
check vectors-limit-refused 2 60000 2 "--limit 1000000000 is more than 1000000" \
	"$rtab" vectors "$tmp/vec.rtab" --exhaustive --limit 1000000000

# A small --limit without --exhaustive bounds nothing more than the default:
# the count of situations once stopped growing at the limit, under the
# bound it is compared with, and every combination of a list's items was
# written (24 million vectors for a limit of 11).
cat >"$tmp/walk.rtab" <<'RTAB'
ruleset walk { locales en; en "W"; unit inches; }
input n: int 0..5 = 0 { en "N"; }
input u: list 0..5 of { r: int 0..7 = 0 { en "R"; } s: bool = false { en "S"; } } = 0 { en "U"; }
distance ds { en "D"; value 2d6 + max(u.r) + n inches; }
RTAB
check vectors-small-limit 20 100000 0 "vectors for walk" \
	sh -c "'$rtab' vectors '$tmp/walk.rtab' --limit 11 >/dev/null"
# A fuzzed file of rows overlapping everywhere, and definitions given twice:
# check answers at once with its errors (under the sanitizers it once took
# 54 s reporting every pair of rows; the row checks now go once over each
# column's rows, sorted, one report per row).
check row-overlaps 10 200000 1 "is defined twice" "$rtab" check tests/enumeration/row-overlaps.rtab
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
