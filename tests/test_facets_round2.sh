#!/bin/sh
# What diff and verify compare (issue 24): a reordered enum is reported,
# since its values' C constants change, and a table whose column reads the
# same set of values is not; two-file verify checks the errata layers' labels. usage: test_facets_round2.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $*"; failed=1; }

cat >"$tmp/a.rtab" <<'RTAB'
ruleset eo { locales en; en "EO"; }
dice d6 = 1d6;
enum terrain { en "Terrain"; open { en "Open"; } wood { en "Wood"; } town { en "Town"; } }
input ground: terrain = open { en "Ground"; }
outcome lo { en "Lo"; }
outcome hi { en "Hi"; }
table t { en "T"; roll d6; columns by ground { cover = wood, town; clear = open; }
  rows {
    cover clear
    lo <=3 <=2;
    hi 4+ 3+;
  }
}
RTAB
sed 's/open { en "Open"; } wood { en "Wood"; } town { en "Town"; }/town { en "Town"; } wood { en "Wood"; } open { en "Open"; }/' \
	"$tmp/a.rtab" >"$tmp/b.rtab"
out=$("$rtab" diff "$tmp/a.rtab" "$tmp/b.rtab" 2>&1)
case $out in
*"changed enum 'terrain'"*"order: open, wood, town -> town, wood, open"*) ;;
*) fail "reordered enum not reported: $out" ;;
esac
case $out in
*"table 't'"*) fail "table reading the same values reported changed: $out" ;;
esac
# The same set of values, listed in another order in the column: no change.
sed 's/cover = wood, town;/cover = town, wood;/' "$tmp/a.rtab" >"$tmp/c.rtab"
out=$("$rtab" diff "$tmp/a.rtab" "$tmp/c.rtab" 2>&1)
[ $? -eq 0 ] || fail "same column values reported: $out"

# Two-file verify reads the errata layers' labels as the definitions'
# (in Russian: --locale ru chooses the catalogue's language too).
sk=tests/errata/skirmish.rtab
sed -e 's/  en "First printing errata"; ru "[^"]*";/  en "First printing errata";/' \
	-e 's/  en "Second printing errata"; ru "[^"]*";/  en "Second printing errata"; ru "Second printing errata";/' \
	"$sk" >"$tmp/sk_ru.rtab"
out=$("$rtab" verify "$sk" "$tmp/sk_ru.rtab" --locale ru 2>&1)
status=$?
[ $status -eq 1 ] || fail "verify with an errata layer unlabelled: exit $status"
case $out in
*"64:8: error: у слоя исправлений 'first_printing' нет метки 'ru'"*) ;;
*) fail "missing errata label not reported: $out" ;;
esac
case $out in
*"warning: слой исправлений 'second_printing': метка 'ru' \"Second printing errata\" совпадает с текстом 'en' оригинала"*) ;;
*) fail "untranslated errata label not reported: $out" ;;
esac
out=$("$rtab" verify "$sk" "$sk" --locale ru 2>&1) || fail "verify of the file against itself: $out"

# Lines chosen by conditions (issue 37): a changed condition is reported as its
# line's, where the line is written, not as the program that chooses a line.
sed 's/grid square when attacker_cavalry and defender_in_square {/grid square when defender_in_square {/' \
	examples/cavalry_line.rtab >"$tmp/cl.rtab"
out=$("$rtab" diff examples/cavalry_line.rtab "$tmp/cl.rtab" 2>&1)
case $out in
*"line 'square' read when: attacker_cavalry and defender_in_square -> defender_in_square"*) ;;
*) fail "a line's changed condition not named by its line: $out" ;;
esac
case $out in
*"line 'cavalry' read when"*) fail "an unchanged line's condition reported: $out" ;;
esac

[ "$failed" -eq 0 ] && echo ok
[ "$failed" -eq 0 ]
