/* SPDX-License-Identifier: MIT */
/*
 * What a verb does with each kind of definition. Every verb keeps one table
 * indexed by def_kind, made from constructs.def so that a new kind fails to
 * compile until the verb names its handler for it, or says why it has none:
 *
 *     #define facets_TABLE {table_facets}
 *     #define facets_RULESET NOT_APPLICABLE("why, in words the user reads")
 *     #define RTAB_DEF(kind, name, phrase) [DEF_##kind] = facets_##kind,
 *     static const facet_reader readers[] = {
 *     #include "front/constructs.def"
 *     };
 *     VERB_TABLE_COMPLETE(readers);
 *
 * The entry type of each verb has its handler first and a `reason` field.
 */
#ifndef RTAB_CONSTRUCT_USE_H
#define RTAB_CONSTRUCT_USE_H

#include "front/ast.h"

#include <stdbool.h>

/* A verb does not handle a kind: why (a string literal, never empty). */
#define NOT_APPLICABLE(why) {.reason = "" why}

/* The table has one entry per kind of definition. */
#define VERB_TABLE_COMPLETE(table)                                        \
	_Static_assert(sizeof(table) / sizeof *(table) == DEF_KIND_COUNT_, \
		       #table ": one entry per kind of definition")

/* A verb's entry for a kind, as the coverage test and listings see it. */
typedef struct construct_use {
	bool handled;       /* the verb has a handler for the kind */
	const char *reason; /* otherwise why the kind does not apply to it */
} construct_use;

#define CONSTRUCT_USE(entry, handler) \
	((construct_use){(entry).handler != NULL, (entry).reason})

#endif
