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
void lua_port_close(void);

#endif
