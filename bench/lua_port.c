/* The Lua 5.4 port, embedded: see lua_port.h. */
#include "lua_port.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>

static lua_State *L;
static const char *const functions[3] = {"melee", "cavalry_pursuit", "failure_to_retreat"};

/* Stack layout while open: 1 the situations, 2..4 the three functions. */
enum { SITUATIONS = 1, FIRST_FUNCTION = 2, BASE = 4 };

int lua_port_open(const char *script, const rtab_ruleset *rs, const int32_t *situations,
		  size_t nsituations)
{
	L = luaL_newstate();
	if (!L)
		return -1;
	luaL_openlibs(L);
	if (luaL_dofile(L, script) != LUA_OK) {
		fprintf(stderr, "lua: %s\n", lua_tostring(L, -1));
		lua_close(L);
		L = NULL;
		return -1;
	}
	lua_settop(L, 0);
	lua_createtable(L, (int)nsituations, 0);
	for (size_t s = 0; s < nsituations; s++) {
		lua_createtable(L, 0, rs->ninputs);
		for (size_t i = 0; i < rs->ninputs; i++) {
			lua_pushinteger(L, situations[s * rs->ninputs + i]);
			lua_setfield(L, -2, rs->inputs[i].id);
		}
		lua_rawseti(L, SITUATIONS, (lua_Integer)s + 1);
	}
	for (int f = 0; f < 3; f++) {
		if (lua_getglobal(L, functions[f]) != LUA_TFUNCTION) {
			fprintf(stderr, "lua: %s: no function %s\n", script, functions[f]);
			lua_close(L);
			L = NULL;
			return -1;
		}
	}
	return 0;
}

int lua_port_resolve(int table, size_t situation, int32_t face, int32_t drm, hw_lean *out)
{
	lua_pushvalue(L, FIRST_FUNCTION + table);
	lua_rawgeti(L, SITUATIONS, (lua_Integer)situation + 1);
	lua_pushinteger(L, face);
	lua_pushinteger(L, drm);
	if (lua_pcall(L, 3, 3, 0) != LUA_OK) {
		lua_settop(L, BASE);
		return RTAB_E_FACES;
	}
	out->outcome = (int32_t)lua_tointeger(L, -3);
	out->modifier = (int32_t)lua_tointeger(L, -2);
	out->modified_roll = (int32_t)lua_tointeger(L, -1);
	lua_settop(L, BASE);
	return RTAB_OK;
}

static int crt_ref = LUA_NOREF;

int lua_port_crt_open(const char *script)
{
	if (!L || luaL_dofile(L, script) != LUA_OK) {
		fprintf(stderr, "lua: %s\n", L ? lua_tostring(L, -1) : "the port is not open");
		return -1;
	}
	lua_settop(L, BASE);
	if (lua_getglobal(L, "crt") != LUA_TFUNCTION) {
		fprintf(stderr, "lua: %s: no function crt\n", script);
		return -1;
	}
	crt_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	return 0;
}

int lua_port_crt(int32_t attack, int32_t defence, int32_t combined_arms, int32_t across_river,
		 int32_t face, hw_lean *out)
{
	int rc = RTAB_OK;
	lua_rawgeti(L, LUA_REGISTRYINDEX, crt_ref);
	lua_pushinteger(L, attack);
	lua_pushinteger(L, defence);
	lua_pushinteger(L, combined_arms);
	lua_pushinteger(L, across_river);
	lua_pushinteger(L, face);
	if (lua_pcall(L, 5, 3, 0) != LUA_OK)
		rc = RTAB_E_FACES;
	else if (lua_isnil(L, -3))
		rc = RTAB_E_NO_RESULT;
	else {
		out->outcome = (int32_t)lua_tointeger(L, -3);
		out->modifier = (int32_t)lua_tointeger(L, -2);
		out->modified_roll = (int32_t)lua_tointeger(L, -1);
	}
	lua_settop(L, BASE);
	return rc;
}

void lua_port_close(void)
{
	if (L)
		lua_close(L);
	L = NULL;
}
