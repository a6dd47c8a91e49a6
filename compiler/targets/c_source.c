/* SPDX-License-Identifier: MIT */
/* rtab compile's C: the data, the native resolvers and those printed from the lowering (c_source.h). */
#include "targets/c_source.h"
#include "targets/print_c.h"
#include "codegen/emit_entry.h"
#include "codegen/emit_native.h"
#include "codegen/emit_situation.h"
#include "codegen/native_tables.h"
#include "lower/lower.h"

#include <stdlib.h>

/* What the code after the data needs: the lowering (NULL: no table printed from it). */
typedef struct c_code {
	const ir_module *m;
	const bool *lowered;
	const char *name;
} c_code;

/* The resolvers after the data, then the entry behind rtab_resolve: no result from the
 * printed resolvers is taken as it is when every reason they note is the data's own. */
static void write_code(strbuf *o, const rtab_ruleset *rs, const struct reason_text *rt, void *arg)
{
	const c_code *c = arg;
	bool exact = false;
	emit_situation_source(o, rs);
	emit_native_source(o, rs, c->lowered);
	if (c->m)
		exact = print_c_lowered(o, c->m, c->name, c->lowered, rt);
	emit_situation_dispatch(o, rs);
	emit_entry_source(o, rs, c->lowered, exact);
}

/* The tables the native generator does not write, to print from the lowering (*m its
 * lowering): NULL when there are none, or the ruleset does not lower. */
static bool *lowered_tables(const rtab_ruleset *rs, const emit_c_options *opt, ir_module **m)
{
	bool *lowered = xcalloc(rs->ntables + 1u, sizeof *lowered);
	bool any = false;
	for (size_t t = 0; t < rs->ntables; t++)
		any |= lowered[t] = opt->from_lowering || table_native_why(rs, t) != NULL;
	lower_error why = {0};
	*m = any ? lower_ruleset(rs, &why) : NULL;
	free(why.text);
	if (!*m) {
		free(lowered);
		return NULL;
	}
	return lowered;
}

void c_source_write(strbuf *c, strbuf *h, const rtab_ruleset *rs, const char *source_name,
		    const emit_c_options *opt, bool **lowered)
{
	emit_c_options with = opt ? *opt : (emit_c_options){0};
	ir_module *m = NULL;
	bool *printed = with.data_only ? NULL : lowered_tables(rs, &with, &m);
	char *name = emit_c_name(rs, &with);
	c_code code = {m, printed, name};
	with.lowered = printed;
	if (!with.data_only) {
		with.code = write_code;
		with.code_arg = &code;
	}
	emit_c_source(c, rs, source_name, &with);
	emit_c_header(h, rs, source_name, &with);
	free(name);
	if (m)
		ir_module_free(m);
	if (lowered)
		*lowered = printed;
	else
		free(printed);
}

const char *c_source_why_not(const rtab_ruleset *rs, size_t t, const bool *lowered)
{
	return lowered && lowered[t] ? NULL : table_native_why(rs, t);
}
