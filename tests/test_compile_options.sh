#!/bin/sh
# rtab compile --prefix and --data-only, as a game that links two copies
# of a ruleset (or two rulesets of one name) and one that wants the data
# alone: both copies link into one program without a clash, each resolves
# as the committed tables do, and the data-only copy answers through the
# interpreter (native_resolve NULL) with the same results; --report says
# that every table gets native code (none under --data-only).
# usage: test_compile_options.sh RTAB SOURCE_ROOT CC...
. "${0%/*}/setup.sh"
shift 2
check() { # WHAT COMMAND...
	what=$1; shift
	if "$@" >"$tmp/out" 2>&1; then passed=$((passed + 1)); else
		echo "FAIL: $what"; head -20 "$tmp/out"; failed=$((failed + 1)); fi
}

check "compile --prefix game_" "$rtab" compile --prefix game_ tables/musket_pike.rtab -o "$tmp/p"
check "compile --data-only" "$rtab" compile --data-only --prefix data_ tables/musket_pike.rtab -o "$tmp/d"
check "prefixed files" test -f "$tmp/p/game_musket_pike.c" -a -f "$tmp/p/game_musket_pike.h"
check "the data keeps the ruleset's id" grep -q '\.id = "musket_pike",' "$tmp/p/game_musket_pike.c"
check "no native code in the data-only file" sh -c "! grep -q 'resolve_melee\|_situation' '$tmp/d/data_musket_pike.h'"
check "compile --report" "$rtab" compile --report "$tmp/report" tests/exact/odds_halves.rtab tables/classic_odds.rtab -o "$tmp/r"
check "the report: a line per results table, each native" sh -c "printf '%s\n' 'crt native' 'morale native' 'crt native' 'cavalry_crt native' 'determined_crt native' 'assault_crt native' | cmp - '$tmp/report'"
check "--from-lowering, the default now, changes nothing" sh -c "'$rtab' compile --from-lowering tables/classic_odds.rtab -o '$tmp/fl' && cmp '$tmp/fl/classic_odds.c' '$tmp/r/classic_odds.c'"
check "the report of --data-only: every table by the interpreter" sh -c "'$rtab' compile --data-only --report '$tmp/report2' tables/classic_odds.rtab -o '$tmp/r2' && grep -c 'interpreter: --data-only' '$tmp/report2' | grep -qx 4"
check "--report with another target is refused, nothing written" sh -c "'$rtab' compile --target lua --report '$tmp/report3' tables/classic_odds.rtab -o '$tmp/r3'; [ \$? -eq 2 ] && [ ! -e '$tmp/report3' ]"
check "a prefix that is no C identifier is refused" sh -c "'$rtab' compile --prefix 1x tables/musket_pike.rtab -o '$tmp/bad'; [ \$? -eq 2 ] && [ ! -e '$tmp/bad' ]"
cat >"$tmp/main.c" <<'C'
#include <stdio.h>
#include "musket_pike.h"
#include "game_musket_pike.h"
#include "data_musket_pike.h"
/* Every roll of the cavalry pursuit in every game, by the three copies. */
int main(void)
{
	const rtab_ruleset *copies[] = {&musket_pike_ruleset, &game_musket_pike_ruleset,
					&data_musket_pike_ruleset};
	int32_t in[MUSKET_PIKE_NINPUTS];
	if (GAME_MUSKET_PIKE_NINPUTS != MUSKET_PIKE_NINPUTS || (int)DATA_MUSKET_PIKE_TABLE_CAVALRY_PURSUIT != (int)MUSKET_PIKE_TABLE_CAVALRY_PURSUIT)
		return 1;
	if (data_musket_pike_ruleset.native_resolve || !game_musket_pike_ruleset.native_resolve)
		return 2;
	rtab_inputs_default(&musket_pike_ruleset, in, MUSKET_PIKE_NINPUTS);
	const rtab_enum *games = &musket_pike_ruleset.enums[musket_pike_ruleset.inputs[MUSKET_PIKE_INPUT_GAME].enum_index];
	for (int32_t g = 0; g < (int32_t)games->nvalues; g++)
		for (int32_t face = 1; face <= 6; face++) {
			rtab_result r[3];
			in[MUSKET_PIKE_INPUT_GAME] = g;
			for (int c = 0; c < 3; c++)
				if (rtab_resolve(copies[c], MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, in, MUSKET_PIKE_NINPUTS,
						 &face, 1, 0, &r[c]) != RTAB_OK)
					return 3;
			if (r[1].outcome != r[0].outcome || r[2].outcome != r[0].outcome ||
			    r[2].modified_roll != r[0].modified_roll)
				return 4;
		}
	puts("three copies agree on every pursuit roll");
	return 0;
}
C
# shellcheck disable=SC2068
check "the three copies link into one program" $@ -std=c11 -Wall -Wextra -Werror -Iruntime -Igenerated \
	-I"$tmp/p" -I"$tmp/d" "$tmp/main.c" generated/musket_pike.c "$tmp/p/game_musket_pike.c" \
	"$tmp/d/data_musket_pike.c" runtime/rtab.c -o "$tmp/main"
check "and agree" "$tmp/main"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
