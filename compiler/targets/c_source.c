/* SPDX-License-Identifier: MIT */
/* rtab compile's C: the data, the native resolvers and those printed from the lowering (c_source.h). */
#include "targets/c_source.h"
#include "targets/print_c.h"
#include "codegen/native_tables.h"
#include "lower/lower.h"

#include <stdlib.h>

/* The tables the native generator does not write, printed from the lowering into *text:
 * NULL when there are none, or the ruleset does not lower. */
static bool *print_lowered(strbuf *text, const rtab_ruleset *rs, emit_c_options *opt)
{
	bool *lowered = xcalloc(rs->ntables + 1u, sizeof *lowered);
	bool any = false;
	for (size_t t = 0; t < rs->ntables; t++)
		any |= lowered[t] = opt->from_lowering || table_native_why(rs, t) != NULL;
	lower_error why = {0};
	ir_module *m = any ? lower_ruleset(rs, &why) : NULL;
	if (!m) {
		free(why.text);
		free(lowered);
		return NULL;
	}
	char *name = emit_c_name(rs, opt);
	opt->lowered_no_result_exact = print_c_lowered(text, m, name, lowered);
	free(name);
	ir_module_free(m);
	return lowered;
}

void c_source_write(strbuf *c, strbuf *h, const rtab_ruleset *rs, const char *source_name,
		    const emit_c_options *opt, bool **lowered)
{
	emit_c_options with = opt ? *opt : (emit_c_options){0};
	strbuf text = {0};
	bool *printed = with.data_only ? NULL : print_lowered(&text, rs, &with);
	with.lowered = printed;
	with.lowered_source = text.data;
	emit_c_source(c, rs, source_name, &with);
	emit_c_header(h, rs, source_name, &with);
	sb_free(&text);
	if (lowered)
		*lowered = printed;
	else
		free(printed);
}

const char *c_source_why_not(const rtab_ruleset *rs, size_t t, const bool *lowered)
{
	return lowered && lowered[t] ? NULL : table_native_why(rs, t);
}
