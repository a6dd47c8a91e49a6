#!/bin/sh
# The structure-aware generator of the front-end fuzzer writes programs
# that are valid most of the time (the rest break a limit on purpose), and
# every one is handled without a crash.
# usage: test_gen_valid.sh GEN_MAIN RTAB
set -u
gen=$1 rtab=$2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
n=100
"$gen" "$tmp" "$n" || { echo "FAIL: the generator failed"; exit 1; }
ok=0
for f in "$tmp"/*.rtab; do
	"$rtab" check "$f" >/dev/null 2>"$tmp/err"
	rc=$?
	case $rc in
	0) ok=$((ok + 1)) ;;
	1) ;;
	*) echo "FAIL: rtab check $f: exit $rc"; cat "$tmp/err"; exit 1 ;;
	esac
done
echo "$ok of $n generated programs are valid"
[ "$ok" -ge $((n * 7 / 10)) ] || { echo "FAIL: fewer than 70% valid"; exit 1; }
