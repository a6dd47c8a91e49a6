#!/bin/sh
# round_down(x / n), round_up(x / n) with x exact and n an input: a result
# for every legal input (issue 24), and round_nearest of such a division
# reported by check at the expression. usage: test_exact_division.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0
f=tests/exact/divide_by_input.rtab
out=$("$rtab" test "$f" 2>&1) || { echo "FAIL examples: $out"; failed=1; }
# Every legal input resolves: x in halves 0..10, n 1..5.
for t in t_down t_up t_word; do
	for x in 0 0.5 1 2.5 7 9.5 10; do
		for n in 1 2 3 4 5; do
			"$rtab" eval "$f" $t --set x=$x --set n=$n --roll 6 >/dev/null 2>"$tmp/err" ||
				{ echo "FAIL $t x=$x n=$n: $(cat "$tmp/err")"; failed=1; }
		done
	done
done
sed 's/round_down(x \/ n)/round_nearest(x \/ n)/' "$f" >"$tmp/nearest.rtab"
out=$("$rtab" check "$tmp/nearest.rtab" 2>&1)
case $out in
*"9:36: error: round_nearest of a division by a value that is not a constant"*) ;;
*) echo "FAIL round_nearest not reported at the expression: $out"; failed=1 ;;
esac
[ "$failed" -eq 0 ] && echo "ok"
[ "$failed" -eq 0 ]
