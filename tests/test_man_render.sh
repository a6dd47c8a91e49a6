#!/bin/sh
# man/rtab.1 renders without a single groff warning (-ww: all of them), and
# no rendered line is wider than an 80-column terminal.
# usage: test_man_render.sh MANPAGE   (exit 77, skipped, without groff)
set -u
page=$1
command -v groff >/dev/null 2>&1 || { echo "groff not installed: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
# What `man` runs for an 80-column terminal: line length 78n, UTF-8 output.
if ! groff -man -Tutf8 -ww -rLL=78n -rLT=78n "$page" >"$tmp/out" 2>"$tmp/err"; then
	echo "FAIL: groff exited with an error"; cat "$tmp/err"; exit 1
fi
if [ -s "$tmp/err" ]; then
	echo "FAIL: groff warns:"; cat "$tmp/err"; exit 1
fi
# The width, counted in characters: plain ASCII, no overstriking.
groff -man -Tascii -P-cbou -rLL=78n -rLT=78n "$page" >"$tmp/text" 2>/dev/null || exit 1
wide=$(awk 'length($0) > 80 { print NR ": " $0 }' "$tmp/text")
if [ -n "$wide" ]; then
	echo "FAIL: lines wider than 80 columns:"; echo "$wide"; exit 1
fi
for want in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS "EXIT STATUS" EXAMPLES; do
	grep -q "^$want\$" "$tmp/text" || { echo "FAIL: no section $want"; exit 1; }
done
echo "rendered $(wc -l <"$tmp/text") lines, no warning"
