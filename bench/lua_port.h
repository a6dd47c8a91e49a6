/* The Lua 5.4 port (musket_pike.lua), embedded and called from C. */
#ifndef BENCH_LUA_PORT_H
#define BENCH_LUA_PORT_H

#include "handwritten.h"

#include <stddef.h>

/* Load the script and build one Lua table per situation (a field per input,
 * named as the ruleset names it). 0 on success; prints why not. */
int lua_port_open(const char *script, const rtab_ruleset *rs, const int32_t *situations,
		  size_t nsituations);
/* table: 0 melee, 1 cavalry pursuit, 2 failure to retreat. */
int lua_port_resolve(int table, size_t situation, int32_t face, int32_t drm, hw_lean *out);
/* Load the classic odds CRT's port (classic_odds_crt.lua) into the open state. */
int lua_port_crt_open(const char *script);
/* RTAB_OK and the lean result, RTAB_E_NO_RESULT where the attack is not allowed. */
int lua_port_crt(int32_t attack, int32_t defence, int32_t combined_arms, int32_t across_river,
		 int32_t face, hw_lean *out);
void lua_port_close(void);

#endif
