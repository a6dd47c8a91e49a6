/*
 * A ruleset's native entry points reached through pointers, so that one
 * build of tests/test_native.c (without RS) compares many rulesets:
 * tests/native_prop.py writes an entry for each ruleset of a program, each
 * function a plain call of the ruleset's own (<ruleset>_situation_init,
 * _situation_set, _resolve, _explain), and lists them in native_apis.
 */
#ifndef RTAB_TESTS_NATIVE_API_H
#define RTAB_TESTS_NATIVE_API_H

#include <stddef.h>
#include <stdint.h>

#include "rtab.h"

struct native_api {
	const rtab_ruleset *ruleset;
	size_t situation_size; /* sizeof (<ruleset>_situation) */
	int (*situation_init)(void *s, const int32_t *values, size_t nvalues);
	int (*situation_set)(void *s, size_t input, int32_t value);
	int (*resolve)(size_t table, const void *s, const int32_t *faces, size_t nfaces, int32_t drm,
		       rtab_lean_result *out);
	int (*explain)(size_t table, const void *s, const int32_t *faces, size_t nfaces, int32_t drm,
		       rtab_result *out);
};

extern const struct native_api *const native_apis[];
extern const size_t native_napis;

#endif
