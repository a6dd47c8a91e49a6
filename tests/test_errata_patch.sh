#!/bin/sh
# Errata that patch: the second printing of Musket & Pike (one results cell,
# one modifier's value, one modifier added, one removed) written as a layer
# of patches only, read by every verb in both editions; a grid cell patched
# by a layer; patches inside a layer's own order.
# usage: test_errata_patch.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"


f=$tmp/musket_pike_2.rtab
cat tables/musket_pike.rtab tests/errata/musket_pike_second_printing.rtab >"$f"

# Every edition checks with no error; the layer holds no restated table.
expect check 0 "" "$rtab" check "$f"
lacks check-no-error "error:" "$rtab" check "$f"
lacks layer-restates-nothing "restated" sh -c "grep -Eq '^ *(table|matrix) ' tests/errata/musket_pike_second_printing.rtab && echo restated"

# One cell: roll 5 at TACW was Pursue and eliminate, is Pursue off map;
# the column's other rolls and the other column are as printed.
expect cell-new 0 "outcome:       pursue_off_map" "$rtab" eval "$f" cavalry_pursuit --roll 5 --set game=tacw
expect cell-old 0 "outcome:       pursue_and_eliminate" "$rtab" eval "$f@original" cavalry_pursuit --roll 5 --set game=tacw
expect cell-neighbour 0 "outcome:       pursue_and_eliminate" "$rtab" eval "$f" cavalry_pursuit --roll 4 --set game=tacw
expect cell-other-column 0 "outcome:       pursue_and_eliminate" "$rtab" eval "$f" cavalry_pursuit --roll 5 --set game=other
expect cell-odds 0 "5/10          1/2       50" "$rtab" odds "$f" cavalry_pursuit --set game=tacw
expect cell-odds-original 0 "4/10          2/5       40" "$rtab" odds "$f@original" cavalry_pursuit --set game=tacw
# The rules and labels of the table are kept: the export of the patched
# table still has its title and the rewrites of 11.7.4.
expect cell-export 0 "" "$rtab" export --format markdown --proof "$f" -o "$tmp/mp2.md"
expect cell-keeps-title 0 "Cavalry Pursuit" cat "$tmp/mp2.md"
expect cell-keeps-rewrites 0 "11.7.4" cat "$tmp/mp2.md"

# One value: pistol shot is worth 2 to the defender (-2 on the roll).
expect value-new 0 "modified roll: 6" "$rtab" eval "$f" melee --roll 8 --set defending_cavalry_pistol_shot=true
expect value-old 0 "modified roll: 7" "$rtab" eval "$f@original" melee --roll 8 --set defending_cavalry_pistol_shot=true
# Its label, side and condition are the original's.
expect value-keeps-label 0 "Defending cavalry expends its pistol shot" "$rtab" eval "$f" melee --roll 8 --set defending_cavalry_pistol_shot=true --explain

# One modifier added to the melee's list, one taken out.
expect added 0 "modified roll: 7" "$rtab" eval "$f" melee --roll 8 --set defender_in_town=true
expect added-not-original 2 "unknown input 'defender_in_town'" "$rtab" eval "$f@original" melee --roll 8 --set defender_in_town=true
expect removed 0 "modified roll: 8" "$rtab" eval "$f" melee --roll 6 --set cavalry_impetus=true --set after_volley=true
expect removed-original 0 "modified roll: 9" "$rtab" eval "$f@original" melee --roll 6 --set cavalry_impetus=true --set after_volley=true

# The worked examples: the layer's pass, and exactly the first printing's
# that read a changed value fail.
expect test-second 1 "25 passed, 3 failed" "$rtab" test "$f"
for e in pursuit_columns flank_rear_and_pistol_shot attacker_bonuses; do
	expect "test-breaks-$e" 1 "example $e @" "$rtab" test "$f"
done
lacks test-layer-example "example second_printing_changes @" "$rtab" test "$f"
expect test-original 0 "27 passed, 0 failed" "$rtab" test "$f@original"

# The generated C of each edition compiles from the patched definitions.
expect compile 0 "" "$rtab" compile "$f" -o "$tmp/c2"
grep -q pursue_off_map "$tmp/c2"/*.c && passed=$((passed + 1)) || { echo "FAIL compile-output"; failed=$((failed + 1)); }

# A grid cell patched by a layer, the same correction as grid_cell.rtab's
# restated table; and a second layer patching the same cell again wins.
g=$tmp/grid_patch.rtab
awk '/^errata/ { exit } { print }' tests/errata/grid_cell.rtab >"$g"
cat >>"$g" <<'LAYER'
errata reprint @ "Errata" {
  en "Reprint";
  patch table crt { cell 3-4 at 2:1 = DE @ "E1"; }
}
errata third @ "Errata 3" {
  en "Third";
  patch table crt { cell 3-4 at 2:1 = AR; cell 1 at 1:1 = DE; }
}
LAYER
expect grid-check 0 "" "$rtab" check -Werror "$g"
expect grid-patched 0 "outcome:       defender_eliminated" "$rtab" eval "$g@reprint" crt --roll 3
expect grid-original 0 "outcome:       defender_retreats" "$rtab" eval "$g@original" crt --roll 3
expect grid-split 0 "outcome:       defender_retreats" "$rtab" eval "$g@reprint" crt --roll 5 --set attack=1
expect grid-later-layer 0 "outcome:       attacker_retreats" "$rtab" eval "$g" crt --roll 4
expect grid-later-layer-2 0 "outcome:       defender_eliminated" "$rtab" eval "$g" crt --roll 1 --set attack=1
# A patch that changes nothing is a warning, as in a variant.
sed 's/cell 3-4 at 2:1 = DE @ "E1";/cell 1-2 at 2:1 = DR;/' "$g" >"$tmp/grid_same.rtab"
expect grid-unchanged 0 "already gives there" "$rtab" check "$tmp/grid_same.rtab"

# Patching twice in one layer, patching and restating, a '-' list outside a patch.
cat >"$tmp/twice.rtab" <<'BAD'
ruleset r { locales en; en "R"; }
dice d6 = 1d6;
input up: bool = false { en "Up"; }
outcome a { en "A"; }
outcome b { en "B"; }
modifier m { en "M"; when up; value 1; }
table t { en "T"; roll d6; modifiers -m; rows { a <=3; b 4+; } }
errata e @ "E" {
  en "E";
  patch modifier m { value 2; }
  patch modifier m { value 3; }
}
BAD
expect patch-twice 1 "errata layer 'e' patches modifier 'm' twice" "$rtab" check "$tmp/twice.rtab"
expect minus-outside 1 "'modifiers -...' takes items out of a list in an errata patch" "$rtab" check "$tmp/twice.rtab"
expect patch-word 1 "write patch table t { ... }" sh -c "sed 's/patch modifier m { value 3; }/change table t { cap 0..1; }/' '$tmp/twice.rtab' >'$tmp/word.rtab'; '$rtab' check '$tmp/word.rtab'"

# The errata sheet of the second printing: goldens per format and locale.
for loc in en ru; do
	golden "sheet-md-$loc" 1 "tests/errata/sheet_second_printing.$loc.md" \
		"$rtab" diff "$f@original" "$f" --format markdown --locale $loc --odds
	golden "sheet-html-$loc" 1 "tests/errata/sheet_second_printing.$loc.html" \
		"$rtab" diff "$f@original" "$f" --format html --locale $loc --odds
done
# What a reader needs, in their words and signs; no ids, no file:line.
expect sheet-cell 1 "This Accursed Civil War, roll 5: Pursue and eliminate → Pursue off map and eliminate" "$rtab" diff "$f@original" "$f" --format markdown
expect sheet-value-signed 1 "Defending cavalry expends its pistol shot: −1 → −2" "$rtab" diff "$f@original" "$f" --format markdown
expect sheet-new 1 "New: Defender in a town hex, −1" "$rtab" diff "$f@original" "$f" --format markdown
expect sheet-removed 1 "Removed: Attacker: immediately after a volley, +1" "$rtab" diff "$f@original" "$f" --format markdown
expect sheet-odds-touched 1 "Odds when The defender is in a town hex: Attacker eliminated 10% → 20%" "$rtab" diff "$f@original" "$f" --format markdown --odds
lacks sheet-odds-asked "Odds" "$rtab" diff "$f@original" "$f" --format markdown
lacks sheet-no-location ".rtab:" "$rtab" diff "$f@original" "$f" --format markdown
lacks sheet-no-ids "pursue_and_eliminate" "$rtab" diff "$f@original" "$f" --format markdown
# The new input's line in the joined file: the layer's own line past the tables' length.
patch_line=$(($(wc -l <tables/musket_pike.rtab) + $(grep -n -m1 '^ *input ' tests/errata/musket_pike_second_printing.rtab | cut -d: -f1)))
expect sheet-locations 1 "2.rtab:$patch_line" "$rtab" diff "$f@original" "$f" --format markdown --locations
for word in "Errata:" "Odds" "roll " "(was" "New:" "Removed:" "when"; do
	lacks "sheet-ru-no-$word" "$word" "$rtab" diff "$f@original" "$f" --format markdown --locale ru --odds
done
expect sheet-ru-words 1 "бросок 5: Преследование и Уничтожение → Преследование за пределы карты и Уничтожение" "$rtab" diff "$f@original" "$f" --format markdown --locale ru
expect sheet-at 1 "Odds at defending_cavalry_pistol_shot=true, flank_rear_hexes=1: " "$rtab" diff "$f@original" "$f" --format html --odds --at defending_cavalry_pistol_shot=true,flank_rear_hexes=1
expect sheet-set 1 "Odds at defender_in_town=true: " "$rtab" diff "$f@original" "$f" --format html --odds --set defender_in_town=true

# A layer of one's own: a modifier made more negative on each side, a value
# per hex, a column that serves several games, a cell; signed values, labels,
# never the source's expression or an id.
p="$tmp/print_layer.rtab"
cat tables/musket_pike.rtab tests/errata/print_layer.rtab >"$p"
expect sheet-more-negative 1 "Attacker: scattered: −2 → −3" "$rtab" diff "$p@original" "$p" --format markdown
expect sheet-defender-side 1 "Defender: scattered: +2 → +3" "$rtab" diff "$p@original" "$p" --format markdown
expect sheet-per-hex 1 "Per flank/rear hex the defender is attacked from: 0 … +4 → 0 … +8" "$rtab" diff "$p@original" "$p" --format markdown
expect sheet-column-labels 1 "Nothing Gained But Glory, Saints in Armor, Other games, roll 5: Pursue and eliminate → Break off" "$rtab" diff "$p@original" "$p" --format markdown
expect sheet-one-column 1 "roll 5: Stand → Eliminated" "$rtab" diff "$p@original" "$p" --format markdown
expect sheet-edition-label 1 "Reprint errata (Errata to the reprint), correcting original." "$rtab" diff "$p@original" "$p" --format markdown
expect sheet-edition-label-ru 1 "исправления к изданию «первое»" "$rtab" diff "$p@original" "$p" --format markdown --locale ru
for word in "flank_rear_hexes" "+(" "others" "_scattered"; do
	lacks "sheet-no-source-$word" "$word" "$rtab" diff "$p@original" "$p" --format markdown
done
expect sheet-at-unknown 2 "unknown input 'nosuch'" "$rtab" diff "$f@original" "$f" --format markdown --at nosuch=1
expect sheet-at-malformed 2 "--at takes INPUT=VALUE pairs" "$rtab" diff "$f@original" "$f" --format markdown --at junk
# A grid's cell patch reads as a cell change, with the printed codes.
expect sheet-grid-cell 1 "2:1, roll 3-4: DR → DE" "$rtab" diff "$g@original" "$g@reprint" --format markdown
# The patch splits the row of DE in two (3-4 from the erratum, 5-6 as
# printed): diff reads an outcome's rows as the rolls that give it, so the
# report is the cells that moved and the erratum's rule, nothing renumbered.
expect diff-split-row 1 "row 'defender_eliminated', column '2:1': 5-6 -> 3-6" "$rtab" diff "$g@original" "$g@reprint"
expect diff-split-rule 1 "row 'defender_eliminated' rule: (none) -> E1 (column '2:1' 3-4)" "$rtab" diff "$g@original" "$g@reprint"
lacks diff-split-no-second-row "#2" "$rtab" diff "$g@original" "$g@reprint"

# Odds lines above one grid: a patched cell of result column 4 is one
# change, reported as that result column (text) and once on the sheet with
# every line that reads it; a line restated with another odds is one line,
# not the columns it is lowered to.
o=$tmp/odds_lines.rtab
sed -n '/^ruleset/,$p' tests/constructs/fixtures/st_odds_line.rtab >"$o"
cat >>"$o" <<'LAYER'
errata reprint @ "Errata" {
  en "Reprint";
  patch table crt { cell 3-4 at 4 = DE @ "E1"; }
}
LAYER
expect lines-cell 1 "row 'defender_eliminated', result column '4': 5-6 -> 3-6" "$rtab" diff "$o@original" "$o"
lacks lines-cell-no-end-column "<1:3" "$rtab" diff "$o@original" "$o"
expect lines-sheet-once 1 "- result column 4 (Clear 2:1 / Woods, Town 3:1 / Mountain 2:1), roll 3-4: DR → DE" "$rtab" diff "$o@original" "$o" --format markdown
# Two result columns patched alike: an item each, as the grid prints them.
sed -n '/^ruleset/,$p' tests/constructs/fixtures/st_odds_line.rtab >"$tmp/lines_two.rtab"
cat >>"$tmp/lines_two.rtab" <<'LAYER'
errata reprint @ "Errata" {
  en "Reprint";
  patch table crt { cell 3-4 at 4 = DE @ "E1"; cell 3-4 at 2 = DE @ "E2"; }
}
LAYER
expect lines-sheet-two-columns 1 "- result column 2 (Clear 1:2 / Woods, Town 1:1 / Mountain 1:2), roll 3-4: NE → DE" "$rtab" diff "$tmp/lines_two.rtab@original" "$tmp/lines_two.rtab" --format markdown
expect lines-sheet-two-columns-4 1 "- result column 4 (Clear 2:1 / Woods, Town 3:1 / Mountain 2:1), roll 3-4: DR → DE" "$rtab" diff "$tmp/lines_two.rtab@original" "$tmp/lines_two.rtab" --format markdown
expect lines-sheet-ru 1 "колонка результата 4 (" env LANGUAGE=ru LANG=ru_RU.UTF-8 "$rtab" diff "$o@original" "$o" --format markdown
expect lines-sheet-odds-once 1 "Odds at the default situation, Clear 2:1 / Woods, Town 3:1 / Mountain 2:1: Defender retreats" "$rtab" diff "$o@original" "$o" --format markdown --odds
sed -n '/^ruleset/,$p' tests/constructs/fixtures/st_odds_line.rtab >"$tmp/lines_restated.rtab"
cat >>"$tmp/lines_restated.rtab" <<'LAYER'
errata reprint @ "Errata" {
  en "Reprint";
  table crt { en "CRT"; roll d6; columns by (ground, odds(attack, defence));
    below none;
    above DE;
    grid {
      clear:        1:3  1:2  1:1  2:1  3:1
      woods, town:  1:2  1:1  2:1  3:1  4:1
      mountain:     1:3  1:2  1:1  2:1
                    1    2    3    4    5
      1-2           AR   AR   NE   DR   DR
      3-4           AR   NE   DR   DR   DE
      5-6           NE   DR   DR   DE   DE
    }
  }
}
LAYER
expect lines-restated 1 "odds line 'mountain': - 1:2 1:1 2:1 - -> 1:3 1:2 1:1 2:1 -" "$rtab" diff "$tmp/lines_restated.rtab@original" "$tmp/lines_restated.rtab"
lacks lines-restated-no-lowered "column 'mountain" "$rtab" diff "$tmp/lines_restated.rtab@original" "$tmp/lines_restated.rtab"
# Each side's line is where it is printed: the fixture's, and the layer's.
ml_old=$(grep -n '^    mountain:' "$tmp/lines_restated.rtab" | head -1 | cut -d: -f1)
ml_new=$(grep -n '^      mountain:' "$tmp/lines_restated.rtab" | head -1 | cut -d: -f1)
expect lines-restated-where 1 "lines_restated.rtab:$ml_old:5, now at $tmp/lines_restated.rtab:$ml_new:7" "$rtab" diff "$tmp/lines_restated.rtab@original" "$tmp/lines_restated.rtab"
expect lines-restated-sheet 1 "odds line 'mountain': 1:3 1:2 1:1 2:1 - (was - 1:2 1:1 2:1 -)" "$rtab" diff "$tmp/lines_restated.rtab@original" "$tmp/lines_restated.rtab" --format markdown
# A value with a grid of its own beside the odds lines keeps its own columns:
# its steps and its cells are reported (they were dropped with the lines' ends).
cat >"$tmp/own.rtab" <<'RTAB'
ruleset own { locales en; en "Own"; }
dice d6 = 1d6;
enum terrain { en "Terrain"; clear { en "Clear"; } swamp { en "Swamp"; } }
input ground: terrain = clear { en "Ground"; }
input attack: int 0..30 = 1 { en "Attack"; }
input defence: int 1..30 = 1 { en "Defence"; }
outcome no_effect { en "No effect"; code NE; }
outcome defender_retreats { en "Defender retreats"; code DR; }
table crt { en "CRT"; roll d6; columns by (ground, odds(attack, defence));
  below none;
  grid {
    clear:  1:1  2:1
            1    2
    1-3     NE   DR
    4-6     DR   DR
  }
  grid swamp {
         1:1  3:1
    1-4  NE   NE
    5-6  NE   DR
  }
}
RTAB
sed 's/    5-6  NE   DR/    5-6  DR   DR/' "$tmp/own.rtab" >"$tmp/own_cell.rtab"
expect own-grid-cell 1 "row 'no_effect', column 'swamp 1:1': 1-6 -> 1-4" "$rtab" diff "$tmp/own.rtab" "$tmp/own_cell.rtab"
sed 's/         1:1  3:1/         1:1  4:1/' "$tmp/own.rtab" >"$tmp/own_step.rtab"
expect own-grid-step 1 "grid 'swamp': 1:1 3:1 -> 1:1 4:1" "$rtab" diff "$tmp/own.rtab" "$tmp/own_step.rtab"
# ... located at its own 'grid swamp', not at the table's columns
gl=$(grep -n "grid swamp" "$tmp/own.rtab" | cut -d: -f1)
expect own-grid-where 1 "own.rtab:$gl:3, now at $tmp/own_step.rtab:$gl:3" "$rtab" diff "$tmp/own.rtab" "$tmp/own_step.rtab"
sed 's/    below none;/    below AR;/' "$tmp/lines_restated.rtab" >"$tmp/lines_below.rtab"
expect lines-below 1 "below: no result -> " "$rtab" diff "$tmp/lines_restated.rtab@original" "$tmp/lines_below.rtab"

# An odds step of a ratio patched takes the place of the step of its odds
# (4:2 is 2:1), as docs/errata.md says: no step given twice; eval, odds and
# diff read the new value.
r=$tmp/ratio.rtab
cp tables/musket_pike.rtab "$r"
printf 'errata fix @ "E" {\n  en "Fix"; ru "Fix";\n  patch ratio force_ratio { 4:2 = +2; }\n}\n' >>"$r"
lacks ratio-step-replaced "error:" "$rtab" check "$r"
expect ratio-step-eval 0 "+2 force_ratio_modifier" "$rtab" eval "$r" melee --set attacker_strength=20 \
	--set defender_strength=10 --roll 3 --explain
expect ratio-step-original 0 "+1 force_ratio_modifier" "$rtab" eval "$r@original" melee --set attacker_strength=20 \
	--set defender_strength=10 --roll 3 --explain
expect ratio-step-diff 1 "step 2:1: +1 -> +2" "$rtab" diff "$r@original" "$r"

# A transition's arc patched takes the place of the arc from its state (and
# '* -> S' of the arc from the rest): no state given twice; eval and diff
# read the new arc, the original edition the old.
t=$tmp/transition.rtab
cat >"$t" <<'RTAB'
ruleset tr { locales en; en "Tr"; }
enum formation { en "Formation"; normal { en "Normal"; } wavering { en "Wavering"; } scattered { en "Scattered"; } }
input f: formation = normal { en "F"; }
transition hit by f {
  en "Hit";
  normal -> wavering;
  * -> scattered;
}
errata second @ "E2" {
  en "Second";
  patch transition hit { normal -> scattered; * -> wavering; }
}
RTAB
expect arc-patched-check 0 "" "$rtab" check "$t"
lacks arc-patched-no-twice "twice" "$rtab" check "$t"
expect arc-patched-eval 0 "state:         normal -> scattered" "$rtab" eval "$t" hit --set f=normal
expect arc-patched-star 0 "state:         scattered -> wavering" "$rtab" eval "$t" hit --set f=scattered
expect arc-patched-original 0 "state:         normal -> wavering" "$rtab" eval "$t@original" hit --set f=normal
expect arc-patched-diff 1 "normal" "$rtab" diff "$t@original" "$t"

# 'above STEP X' patched with a new step changes the table: no warning that
# the patch changes nothing; the new edition reads 5:1 as the automatic result.
a=$tmp/above.rtab
cat >"$a" <<'RTAB'
ruleset ab { locales en; en "Ab"; }
dice d6 = 1d6;
input attack: int 0..99 = 4 { en "Attack"; }
input defence: int 1..99 = 2 { en "Defence"; }
outcome ar { en "AR"; code AR; }
outcome dr { en "DR"; code DR; }
outcome de { en "DE"; code DE; }
table crt {
  en "CRT"; roll d6; columns by odds(attack, defence); below none;
  above 6:1 DE;
  grid {
         1:1  2:1  3:1
    1-3  AR   AR   DR
    4-6  AR   DR   DR
  }
}
errata reprint @ "E" { en "Reprint"; patch table crt { above 5:1 DE; } }
RTAB
expect above-step-check 0 "" "$rtab" check -Werror "$a"
lacks above-step-patched "without changing it" "$rtab" check "$a"
expect above-step-new 0 "outcome:       de" "$rtab" eval "$a" crt --set attack=10 --set defence=2 --roll 1
expect above-step-original 0 "outcome:       dr" "$rtab" eval "$a@original" crt --set attack=10 --set defence=2 --roll 1
# The same step is still a patch that changes nothing.
sed 's/above 5:1 DE; }/above 6:1 DE; }/' "$a" >"$a.same.rtab"
expect above-step-same 0 "without changing it" "$rtab" check "$a.same.rtab"

# An option of a reaction set and a step of a procedure patched take the
# place of the one of their name: no name given twice; the order is kept.
o=$tmp/options.rtab
cat >"$o" <<'RTAB'
ruleset r { locales en; en "R"; }
input fleeing: bool = false { en "Fleeing"; }
input shaken: bool = false { en "Shaken"; }
outcome held { en "Held"; }
outcome ran { en "Ran"; }
outcome none_left { en "None"; }
reactions charge {
  en "Charge reactions";
  option hold { en "Hold"; unless fleeing; leads held; }
  option flee { en "Flee"; leads ran; }
}
procedure rally {
  en "Rally";
  step steady { en "Steady"; when not shaken; leads held; }
  step rout { en "Rout"; when shaken; leads ran; }
  otherwise none_left;
}
errata second @ "E2" {
  en "Second";
  patch reactions charge { option hold { en "Hold fast"; unless fleeing or shaken; leads held; } }
  patch procedure rally { step steady { en "Steady"; when not shaken and not fleeing; leads held; } }
}
RTAB
expect option-patched-check 0 "" "$rtab" check "$o"
lacks option-patched-not-twice "two options" "$rtab" check "$o"
lacks option-patched-new "hold" "$rtab" eval "$o" charge --set shaken=true
expect option-patched-original 0 "option:        hold -> held" "$rtab" eval "$o@original" charge --set shaken=true
expect step-patched-new 0 "step:          none applies" "$rtab" eval "$o" rally --set fleeing=true
expect step-patched-original 0 "step:          steady" "$rtab" eval "$o@original" rally --set fleeing=true

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
