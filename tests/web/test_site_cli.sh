#!/bin/sh
# rtab site as a user meets it: the files a site holds, the sources and
# editions in rulesets.js, and what it refuses (no -o, two files of one name,
# a file with errors: nothing written; no web assets: said, exit 1).
# usage: test_site_cli.sh RTAB SOURCE_ROOT BUILD_ROOT
# Skips (77) when the web assets are not built, unless RTAB_REQUIRE_TOOLS=1.
set -u
rtab=$1 root=$2 build=$3
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
if [ ! -f "$build/web/rtab_wasm.js" ]; then
	echo "the web assets are not built (-Dweb needs clang and wasi-libc): skipped"
	[ "${RTAB_REQUIRE_TOOLS:-0}" = 1 ] && exit 1
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

mp=$root/tables/musket_pike.rtab crt=$root/tables/classic_odds.rtab
"$rtab" site "$mp" "$crt" -o "$tmp/site/deep" 2>"$tmp/err" || fail "site exits $?: $(cat "$tmp/err")"
for f in index.html aid.js situation.js site.css rtab_wasi.js rtab_wasm.js rulesets.js; do
	[ -s "$tmp/site/deep/$f" ] && ok || fail "site wrote no $f"
done
cmp -s "$build/web/rtab_wasm.js" "$tmp/site/deep/rtab_wasm.js" && ok || fail "rtab_wasm.js is not the build's"
if [ -f "$build/web/workbench.js" ]; then
	[ -s "$tmp/site/deep/workbench.html" ] && [ -s "$tmp/site/deep/workbench.js" ] && ok || fail "site wrote no workbench"
fi
# rulesets.js holds each source as it is, under its file name, in the order given.
if command -v node >/dev/null; then
	node -e '
const fs = require("fs");
global.window = global;
eval(fs.readFileSync(process.argv[1], "utf8") + ";global.RTAB_SITE = RTAB_SITE;");
const rs = RTAB_SITE.rulesets;
const want = [["musket_pike.rtab", process.argv[2]], ["classic_odds.rtab", process.argv[3]]];
if (rs.length !== 2 || want.some(([n, p], i) => rs[i].name !== n || rs[i].source !== fs.readFileSync(p, "utf8") || rs[i].edition !== null))
	process.exit(1);
' "$tmp/site/deep/rulesets.js" "$mp" "$crt" && ok || fail "rulesets.js does not hold the two sources as they are"
	# ... and each model as rtab export --format json prints it (the player aid reads it at once).
	for f in "$mp" "$crt"; do
		"$rtab" export --format json "$f" >"$tmp/model.json" || fail "export --format json $f"
		node -e '
const fs = require("fs");
eval(fs.readFileSync(process.argv[1], "utf8") + ";global.RTAB_SITE = RTAB_SITE;");
const r = RTAB_SITE.rulesets.find((x) => x.name === require("path").basename(process.argv[2]));
const want = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
process.exit(r && JSON.stringify(r.model) === JSON.stringify(want) ? 0 : 1);
' "$tmp/site/deep/rulesets.js" "$f" "$tmp/model.json" && ok || fail "rulesets.js: the model of $f is not rtab export --format json's"
	done
fi

# FILE@NAME and --edition: the edition the pages read.
errata=$root/tests/errata/skirmish.rtab
"$rtab" site "$errata@first_printing" -o "$tmp/ed" 2>"$tmp/err" || fail "site FILE@first_printing exits $?: $(cat "$tmp/err")"
grep -q '"name": "skirmish.rtab", "edition": "first_printing"' "$tmp/ed/rulesets.js" && ok ||
	fail "site FILE@first_printing: rulesets.js names no edition: $(head -c 300 "$tmp/ed/rulesets.js")"

# Refused: no -o; two files of one name; a file with errors (nothing written).
"$rtab" site "$mp" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -q 'give the directory to write: -o DIR' "$tmp/err" && ok || fail "site without -o: $(cat "$tmp/err")"
mkdir "$tmp/other" && cp "$crt" "$tmp/other/musket_pike.rtab"
"$rtab" site "$mp" "$tmp/other/musket_pike.rtab" -o "$tmp/dup" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -q 'have the same name in a site' "$tmp/err" && [ ! -e "$tmp/dup" ] && ok ||
	fail "site of two files named alike: $(cat "$tmp/err")"
sed 's/morale(defender, broken)/moral(defender, broken)/' "$mp" >"$tmp/broken.rtab"
"$rtab" site "$tmp/broken.rtab" -o "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "unknown effect 'moral'; did you mean 'morale'" "$tmp/err" && [ ! -e "$tmp/bad/index.html" ] && ok ||
	fail "site of a file with an error: exit $?, $(cat "$tmp/err")"
RTAB_WEB_DIR=$tmp/nowhere "$rtab" site "$mp" -o "$tmp/none" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "cannot read '$tmp/nowhere/index.html'" "$tmp/err" && [ ! -e "$tmp/none/index.html" ] && ok ||
	fail "site with RTAB_WEB_DIR naming no assets: $(cat "$tmp/err")"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
