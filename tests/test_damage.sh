#!/bin/sh
# Damage each line of each bundled table in turn: rtab compile must name
# that file and line, exit 1, and leave the earlier output as it was.
# The lines are shared out among one worker per processor.
# usage: test_damage.sh RTAB TABLES_DIR
set -u
rtab=$1 dir=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
workers=$(nproc 2>/dev/null || echo 2)

# damage TABLE NAME WORKER: every line n with n % workers == WORKER.
damage() {
	table=$1 name=$2 w=$3 wd="$tmp/w$3"
	mkdir -p "$wd"
	lines=$(wc -l <"$table")
	n=$((w + 1))
	passed=0 failed=0
	while [ "$n" -le "$lines" ]; do
		# A stray '@@' where the line starts: never valid, whatever the line held.
		awk -v n="$n" 'NR == n { $0 = "@@" $0 } { print }' "$table" >"$wd/$name"
		"$rtab" compile "$wd/$name" -o "$tmp/out" >/dev/null 2>"$wd/err"
		status=$?
		(cd "$tmp/out" && cksum ./*) >"$wd/after"
		if [ "$status" -ne 1 ]; then
			echo "FAIL: $name line $n damaged: exit $status, expected 1"; failed=$((failed + 1))
		elif ! grep -q "^$wd/$name:$n:" "$wd/err"; then
			echo "FAIL: $name line $n damaged: no diagnostic names line $n:"; head -3 "$wd/err"
			failed=$((failed + 1))
		elif ! cmp -s "$tmp/before" "$wd/after"; then
			echo "FAIL: $name line $n damaged: the output directory changed"; failed=$((failed + 1))
		else
			passed=$((passed + 1))
		fi
		n=$((n + workers))
	done
	echo "$passed $failed" >"$wd/count"
}

total_passed=0 total_failed=0
for table in "$dir"/*.rtab; do
	name=$(basename "$table")
	rm -rf "$tmp/out" && mkdir -p "$tmp/out"
	"$rtab" compile "$table" -o "$tmp/out" >/dev/null 2>&1 || { echo "FAIL: $name does not compile"; exit 1; }
	(cd "$tmp/out" && cksum ./*) >"$tmp/before"
	w=0
	while [ "$w" -lt "$workers" ]; do
		damage "$table" "$name" "$w" &
		w=$((w + 1))
	done
	wait
	w=0
	while [ "$w" -lt "$workers" ]; do
		read -r p f <"$tmp/w$w/count" || { echo "FAIL: worker $w of $name gave no count"; exit 1; }
		total_passed=$((total_passed + p)) total_failed=$((total_failed + f))
		w=$((w + 1))
	done
done
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ] && [ "$total_passed" -gt 0 ]
