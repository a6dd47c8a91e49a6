#!/bin/sh
# Damage each line of each bundled table in turn: rtab compile must name
# that file and line, exit 1, and leave the earlier output as it was.
# usage: test_damage.sh RTAB TABLES_DIR
set -u
rtab=$1 dir=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

for table in "$dir"/*.rtab; do
	name=$(basename "$table")
	mkdir -p "$tmp/out"
	"$rtab" compile "$table" -o "$tmp/out" >/dev/null 2>&1 || { echo "FAIL: $name does not compile"; exit 1; }
	(cd "$tmp/out" && cksum ./*) >"$tmp/before"
	lines=$(wc -l <"$table")
	n=1
	while [ "$n" -le "$lines" ]; do
		# A stray '@@' where the line starts: never valid, whatever the line held.
		awk -v n="$n" 'NR == n { $0 = "@@" $0 } { print }' "$table" >"$tmp/$name"
		"$rtab" compile "$tmp/$name" -o "$tmp/out" >/dev/null 2>"$tmp/err"
		status=$?
		(cd "$tmp/out" && cksum ./*) >"$tmp/after"
		if [ "$status" -ne 1 ]; then
			echo "FAIL: $name line $n damaged: exit $status, expected 1"; failed=$((failed + 1))
		elif ! grep -q "^$tmp/$name:$n:" "$tmp/err"; then
			echo "FAIL: $name line $n damaged: no diagnostic names line $n:"; head -3 "$tmp/err"
			failed=$((failed + 1))
		elif ! cmp -s "$tmp/before" "$tmp/after"; then
			echo "FAIL: $name line $n damaged: the output directory changed"; failed=$((failed + 1))
		else
			passed=$((passed + 1))
		fi
		n=$((n + 1))
	done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
