#!/bin/sh
# The player aid of one table (tests/aid/crt.rtab) in English and in Russian,
# exactly as `rtab export --format html` and `--format markdown` write it
# (goldens tests/aid/crt.LOCALE.html and .md; `meson compile -C build
# update-goldens` rewrites them).
# usage: test_aid_golden.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for format in html:html markdown:md; do
	name=${format%%:*} ext=${format#*:}
	for locale in en ru; do
		if ! "$rtab" export --format $name --locale $locale "$root/tests/aid/crt.rtab" -o "$tmp/crt.$locale.$ext"; then
			echo "FAIL: rtab export --format $name --locale $locale exited non-zero"
			status=1
			continue
		fi
		sh "$root/tests/golden_diff.sh" "$root/tests/aid/crt.$locale.$ext" "$tmp/crt.$locale.$ext" || status=1
	done
done
exit $status
