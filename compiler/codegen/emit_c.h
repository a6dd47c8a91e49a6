/* SPDX-License-Identifier: MIT */
/* The C emitter: prints a lowered ruleset as static const initializers. */
#ifndef RTAB_EMIT_C_H
#define RTAB_EMIT_C_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>
#include "base/util.h"
#include "front/construct_use.h"

struct reason_text;

/* How the C is written (a zeroed struct: the data, named after the ruleset,
 * and the declarations of the resolvers that code, the caller's, defines). */
typedef struct emit_c_options {
	/* Put before every external name the files declare, and before the file
	 * names: "game_" makes game_musket_pike_ruleset, GAME_MUSKET_PIKE_TABLE_MELEE
	 * and game_musket_pike.h. NULL or "": none. A C identifier's start. */
	const char *prefix;
	/* The data alone: no resolvers, no situation type
	 * (rtab_ruleset.native_resolve NULL, so rtab_resolve interprets). */
	bool data_only;
	/* The code after the data (targets/c_source.c: the situation's functions, the
	 * resolvers and the entry behind rtab_resolve), given rs as named and the data's
	 * reason text (each text's number, codegen/reason_text.h). NULL: none, and no
	 * entry (rtab_ruleset.native_resolve NULL). */
	void (*code)(strbuf *out, const rtab_ruleset *rs, const struct reason_text *rt, void *arg);
	void *code_arg;
} emit_c_options;

/* The name the files and external symbols of rs take under opt: the
 * prefix and the ruleset's id (free it). */
char *emit_c_name(const rtab_ruleset *rs, const emit_c_options *opt);

/* source_name appears in the banner; it should not depend on the build
 * directory. opt may be NULL (the defaults). */
void emit_c_source(strbuf *out, const rtab_ruleset *rs, const char *source_name,
		   const emit_c_options *opt);

/* How the C source holds a kind of definition. */
construct_use emit_c_kind_use(def_kind kind);
void emit_c_header(strbuf *out, const rtab_ruleset *rs, const char *source_name,
		   const emit_c_options *opt);

#endif
