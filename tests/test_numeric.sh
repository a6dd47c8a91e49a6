#!/bin/sh
# Outcomes that carry numbers, through every verb: a damage pair read from
# a grid cell ("8/2", "K/0") reaches eval (text and JSON), odds, test,
# compile, export (json, csv, markdown, html), vectors and diff as numbers.
# usage: test_numeric.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"
lw=tables/lone_wolf_style.rtab

fail() {
	echo "FAIL: $*"
	failed=$((failed + 1))
}

# has WHAT FILE TEXT: FILE holds TEXT (fixed string).
has() {
	if grep -qF -- "$3" "$2"; then
		echo "ok: $1"
	else
		fail "$1: no '$3' in:"
		head -20 "$2"
	fi
}

# eval: the pair by parameter, and K as the named value with its number.
"$rtab" eval $lw combat --set hero_skill=15 --set enemy_skill=16 --roll 7 >"$tmp/eval.txt" 2>&1
has "eval shows the numbers" "$tmp/eval.txt" "numbers:       e 8, lw 2"
has "eval puts them into the effects" "$tmp/eval.txt" "effect:        loses_endurance(enemy, 8)"
"$rtab" eval $lw combat --set hero_skill=28 --set enemy_skill=12 --roll 0 --json >"$tmp/eval.json" 2>&1
has "eval --json gives the numbers" "$tmp/eval.json" '"numeric": "loss", "numbers": {"e": 100, "lw": 0}, "named_numbers": {"e": "killed"}'
has "eval --json labels them" "$tmp/eval.json" '"label": "Endurance lost: enemy killed, hero 0"'

# odds: each pair counted on its own (column -2..-1: ten rolls, ten pairs).
"$rtab" odds $lw combat --set hero_skill=15 --set enemy_skill=16 >"$tmp/odds.txt" 2>&1
has "odds counts the pair 8/2" "$tmp/odds.txt" "loss_8_2        1/10         1/10"
has "odds counts the pair 11/0" "$tmp/odds.txt" "loss_11_0       1/10         1/10"

"$rtab" odds $lw combat --set hero_skill=35 --set enemy_skill=16 >"$tmp/odds2.txt" 2>&1
has "odds averages the enemy's loss" "$tmp/odds2.txt" "e of loss: average 90/7 (12.857) on 7/10 of the rolls, killed 3/10"
has "odds averages the hero's loss" "$tmp/odds2.txt" "lw of loss: average 11/10 (1.1) on every roll"
"$rtab" odds $lw combat --set hero_skill=35 --set enemy_skill=16 --json >"$tmp/odds2.json" 2>&1
has "odds --json gives the numbers" "$tmp/odds2.json" '"param": "e", "rolls": "1", "numbered": "7/10", "average": "90/7", "average_decimal": "12.857", "named": {"killed": "3/10"}'

# test: an example that expects the wrong pair fails, naming what it got.
sed 's|roll 7 -> loss(8, 2);|roll 7 -> loss(8, 3);|' $lw >"$tmp/wrong.rtab"
if "$rtab" test "$tmp/wrong.rtab" >"$tmp/test.txt" 2>&1; then
	fail "rtab test passed an example expecting loss(8, 3) where the table gives 8/2"
else
	has "test fails a wrong pair" "$tmp/test.txt" "loss_8_2"
fi

# compile: the numbers are data of the generated C.
"$rtab" compile $lw -o "$tmp/c" >/dev/null 2>&1 || fail "compile"
has "compile writes the numbers" "$tmp/c/lone_wolf_style.c" ".nvalues = 2, .values = outcome"
has "compile writes the pattern" "$tmp/c/lone_wolf_style.c" '.code = "{e}/{lw}"'

# export: every format lists the numeric outcome with its parameters.
"$rtab" export --format json $lw -o "$tmp/x.json" >/dev/null 2>&1 || fail "export json"
has "export json: the declaration" "$tmp/x.json" '"code": "{e}/{lw}"'
has "export json: the numbers of an outcome" "$tmp/x.json" '"id": "loss_8_2"'
for f in csv markdown html; do
	proof=; [ $f = csv ] || proof=--proof
	"$rtab" export --format $f $proof $lw -o "$tmp/x.$f" >/dev/null 2>&1 || fail "export $f"
	has "export $f: a cell's pair and label" "$tmp/x.$f" "Endurance lost: enemy killed, hero 0"
done
for f in markdown html; do
	has "export $f --proof: the parameters" "$tmp/x.$f" "e: int 0..99 or killed = 100 code K"
done

# vectors: the numbers beside the outcome.
"$rtab" vectors $lw combat >"$tmp/v.jsonl" 2>/dev/null || fail "vectors"
has "vectors give the numbers" "$tmp/v.jsonl" '"outcome": "loss_0_8", "numbers": {"e": 0, "lw": 8}'

# diff: a changed pair, and a changed domain.
sed 's|^    7  3/5    4/5      5/4     6/3     7/2     8/2 |    7  3/5    4/5      5/4     6/3     7/2     8/3 |' $lw >"$tmp/cell.rtab"
"$rtab" diff $lw "$tmp/cell.rtab" >"$tmp/diff1.txt" 2>&1
has "diff names the new pair" "$tmp/diff1.txt" "row 'loss_8_3', column '-2..-1': - -> 7"
sed 's/lw: int 0..99 or killed/lw: int 0..50 or killed/' $lw >"$tmp/dom.rtab"
"$rtab" diff $lw "$tmp/dom.rtab" >"$tmp/diff2.txt" 2>&1
has "diff names the changed domain" "$tmp/diff2.txt" "lw: int 0..50 or killed = 100 code K"

# diff: a changed label of the declaration is one change, not one per pair.
sed 's/en "Endurance lost: enemy {e}, hero {lw}";/en "Endurance lost: enemy {e}, Lone Wolf {lw}";/' $lw >"$tmp/label.rtab"
"$rtab" diff $lw "$tmp/label.rtab" >"$tmp/diff3.txt" 2>&1
has "diff names the declaration's label" "$tmp/diff3.txt" "label en: Endurance lost: enemy {e}, hero {lw} -> Endurance lost: enemy {e}, Lone Wolf {lw}"
n=$(grep -c '^changed' "$tmp/diff3.txt")
[ "$n" -eq 1 ] || fail "diff of one label lists $n changed definitions, expected 1"

# check: a number outside its domain, at the cell.
sed 's|^    1  0/K    0/K |    1  0/K    120/K |' $lw >"$tmp/dom2.rtab"
"$rtab" check "$tmp/dom2.rtab" >"$tmp/check.txt" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "check of a number outside its domain exited $status, expected 1"
has "check names the cell" "$tmp/check.txt" "dom2.rtab:44:15: error: '120/K' gives e 120, outside 0..99"

# A declaration with a rule reference per locale: each instantiation takes its own copy of
# the references (the copy was appended through a macro that evaluated it three times: one
# reference leaked two copies, two crashed every verb).
cat >"$tmp/refs.rtab" <<'RTAB'
ruleset refs { locales en, ru; en "Refs"; ru "Ссылки"; }
dice d6 = 1d6;
outcome loss(h: int 1..5) @ en "7.1" ru "7.1р" { en "Loss {h}"; ru "Потеря {h}"; code "L{h}"; }
table t { en "T"; ru "Т"; roll d6; rows { L1 1-3; L2 4-6; } }
RTAB
"$rtab" check "$tmp/refs.rtab" >"$tmp/refs.txt" 2>&1 || fail "check of per-locale references exited $?"
"$rtab" eval "$tmp/refs.rtab" t --roll 5 --locale ru >"$tmp/refs_eval.txt" 2>&1 || fail "eval of per-locale references"
has "eval reads the instantiation" "$tmp/refs_eval.txt" "Потеря 2"
"$rtab" export --format json "$tmp/refs.rtab" >"$tmp/refs.json" 2>&1 || fail "export of per-locale references"
has "each instantiation keeps the references" "$tmp/refs.json" '"rules": {"en": "7.1", "ru": "7.1р"}, "neffects": 0'
[ "$(grep -o '"rules": {"en": "7.1", "ru": "7.1р"}' "$tmp/refs.json" | wc -l)" -eq 3 ] ||
	fail "the declaration and its two instantiations do not all carry both references"

# A flag reads as its cell prints it ("1/1*": retreat *), set or not, in text and JSON.
flags=tests/language/result_flags.rtab
"$rtab" eval $flags assault --set attack=6 --set defence=6 --roll 5 >"$tmp/flag.txt" 2>&1 || fail "eval of a flag"
has "eval prints a set flag as its cell" "$tmp/flag.txt" "numbers:       a 1, d 1, retreat *"
"$rtab" eval $flags assault --set attack=6 --set defence=6 --roll 3 >"$tmp/noflag.txt" 2>&1 || fail "eval of no flag"
has "eval says a flag is not set" "$tmp/noflag.txt" "numbers:       a 1, d 1, retreat (not set)"
"$rtab" eval $flags assault --set attack=6 --set defence=6 --roll 5 --json >"$tmp/flag.json" 2>&1
has "eval --json gives a set flag as its cell" "$tmp/flag.json" '"named_numbers": {}, "flags": {"retreat": "*"}'
"$rtab" eval $flags assault --set attack=6 --set defence=6 --roll 3 --json >"$tmp/noflag.json" 2>&1
has "eval --json gives an unset flag as nothing" "$tmp/noflag.json" '"flags": {"retreat": ""}'
"$rtab" eval $lw combat --set hero_skill=15 --set enemy_skill=16 --roll 7 --json >"$tmp/noflags.json" 2>&1
grep -q '"flags"' "$tmp/noflags.json" && fail "eval --json lists flags for an outcome that has none"

# A rewrite that computes numbers prints as written, one line each (not one
# per result it reads), in the aid (Markdown) and in CSV.
rn=tests/native_prop/rewrite_numbers.rtab
"$rtab" export --format markdown $rn >"$tmp/rn.md" 2>&1 || fail "export markdown of numeric rewrites"
has "the aid prints a rewrite as written" "$tmp/rn.md" "Losses a/d may read as Losses min(a+1, 5)/d when Full assault."
has "the aid prints a named value by its name" "$tmp/rn.md" "Losses a/eliminated may read as Halted, attacker loses a when Dug in and Full assault."
[ "$(grep -c 'may read as' "$tmp/rn.md")" -eq 8 ] ||
	fail "the aid prints $(grep -c 'may read as' "$tmp/rn.md") rewrite lines for the 4 rewrites of each of 2 tables"
"$rtab" export --format csv $rn >"$tmp/rn.csv" 2>&1 || fail "export csv of numeric rewrites"
has "csv prints a rewrite as written" "$tmp/rn.csv" 'assault,"loss(a, d) reads as loss(a, div_down(d, 2)) when dug_in"'
[ "$(grep -c 'reads as' "$tmp/rn.csv")" -eq 8 ] || fail "csv prints one line per result a rewrite reads"

[ "$failed" -eq 0 ] || exit 1
