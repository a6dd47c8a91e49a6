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

# An errata layer in a file of its own (no 'ruleset' header) continues its
# base: the ruleset before it, or the file its '# base:' comment names in any
# order. The site shows them as one ruleset, as 'cat BASE LAYER' would; its
# model is that text's (in its last edition, the layer's).
layer=$root/tests/errata/musket_pike_second_printing.rtab
mkdir "$tmp/joined" "$tmp/joined_named"
cat "$mp" "$layer" >"$tmp/joined/musket_pike.rtab"
"$rtab" export --format json "$tmp/joined/musket_pike.rtab" >"$tmp/joined.json" || fail "export of the joined text"
mkdir "$tmp/layers" && cp "$mp" "$tmp/layers/musket_pike.rtab" &&
	{ echo "# base: musket_pike.rtab"; cat "$layer"; } >"$tmp/layers/second.rtab"
cat "$tmp/layers/musket_pike.rtab" "$tmp/layers/second.rtab" >"$tmp/joined_named/musket_pike.rtab"
"$rtab" export --format json "$tmp/joined_named/musket_pike.rtab" >"$tmp/joined_named.json" || fail "export of the joined text"
check_layered() { # site_dir joined_source joined_model what
	node -e '
const fs = require("fs");
eval(fs.readFileSync(process.argv[1], "utf8") + ";global.RTAB_SITE = RTAB_SITE;");
const rs = RTAB_SITE.rulesets;
const model = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const ok = rs.length === 2 && rs[0].name === "musket_pike.rtab" && rs[1].name === "classic_odds.rtab" &&
	rs[0].source === fs.readFileSync(process.argv[2], "utf8") && rs[0].edition === null &&
	JSON.stringify(rs[0].model) === JSON.stringify(model);
if (!ok) { console.log(rs.map((r) => r.name).join(" ")); process.exit(1); }
' "$1/rulesets.js" "$2" "$3" && ok || fail "site $4: rulesets.js does not hold the base and its layer as one ruleset"
}
if command -v node >/dev/null; then
	"$rtab" site "$mp" "$layer" "$crt" -o "$tmp/layered" 2>"$tmp/err" || fail "site BASE LAYER exits $?: $(cat "$tmp/err")"
	check_layered "$tmp/layered" "$tmp/joined/musket_pike.rtab" "$tmp/joined.json" "BASE LAYER"
	"$rtab" site "$tmp/layers/second.rtab" "$tmp/layers/musket_pike.rtab" "$crt" -o "$tmp/named" 2>"$tmp/err" ||
		fail "site LAYER BASE (# base:) exits $?: $(cat "$tmp/err")"
	check_layered "$tmp/named" "$tmp/joined_named/musket_pike.rtab" "$tmp/joined_named.json" "LAYER BASE with '# base:'"
fi
# A mistake in the layer is reported at its line in the layer file.
sed 's/cell 5 at tacw = pursue_off_map/cell 5 at tacw = pursue_of_map/' "$layer" >"$tmp/bad_layer.rtab"
line=$(grep -n 'pursue_of_map' "$tmp/bad_layer.rtab" | cut -d: -f1)
"$rtab" site "$mp" "$tmp/bad_layer.rtab" -o "$tmp/badlayer" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ -n "$line" ] && grep -q "^$tmp/bad_layer.rtab:$line:[0-9]*: error: 'pursue_of_map'" "$tmp/err" &&
	[ ! -e "$tmp/badlayer/index.html" ] && ok || fail "site with a mistake in a layer (line $line): $(head -3 "$tmp/err")"
# A layer with no base before it nor named: refused, and said how to give one.
"$rtab" site "$layer" "$mp" -o "$tmp/nobase" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "has no 'ruleset' header and no '# base: PATH' comment" "$tmp/err" && [ ! -e "$tmp/nobase" ] && ok ||
	fail "site of a layer before any base: $(cat "$tmp/err")"
{ echo "# base: elsewhere.rtab"; cat "$layer"; } >"$tmp/layers/lost.rtab"
"$rtab" site "$mp" "$tmp/layers/lost.rtab" -o "$tmp/lost" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "which is not among the files of the site; give its base too" "$tmp/err" && ok ||
	fail "site of a layer whose named base is not given: $(cat "$tmp/err")"

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
