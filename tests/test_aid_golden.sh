#!/bin/sh
# The player aid of one table (tests/aid/crt.rtab) in English and in Russian,
# exactly as `rtab export --format html` writes it (goldens tests/aid/crt.LOCALE.html;
# `meson compile -C build update-goldens` rewrites them).
# usage: test_aid_golden.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for locale in en ru; do
	if ! "$rtab" export --format html --locale $locale "$root/tests/aid/crt.rtab" -o "$tmp/crt.$locale.html"; then
		echo "FAIL: rtab export --format html --locale $locale exited non-zero"
		status=1
		continue
	fi
	sh "$root/tests/golden_diff.sh" "$root/tests/aid/crt.$locale.html" "$tmp/crt.$locale.html" || status=1
done
exit $status
