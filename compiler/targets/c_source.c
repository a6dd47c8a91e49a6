/* SPDX-License-Identifier: MIT */
/* rtab compile's C: the data, and the resolvers printed from the lowering (c_source.h). */
#include "targets/c_source.h"
#include "targets/print_c.h"
#include "codegen/emit_entry.h"
#include "codegen/emit_situation.h"

#include <stdlib.h>

/* What the code after the data needs: the lowering, and the name rs takes. */
typedef struct c_code {
	const ir_module *m;
	const char *name;
} c_code;

/* The situation's functions, the resolvers, the dispatch, then the entry behind
 * rtab_resolve: no result from the resolvers is taken as it is when every reason they
 * note is the data's own. */
static void write_code(strbuf *o, const rtab_ruleset *rs, const struct reason_text *rt, void *arg)
{
	const c_code *c = arg;
	emit_situation_source(o, rs);
	bool exact = print_c_lowered(o, c->m, c->name, rt);
	emit_situation_dispatch(o, rs);
	emit_entry_source(o, rs, exact, rs->nrequirements ? PRINT_C_REQUIREMENTS_BROKEN : NULL);
}

bool c_source_write(strbuf *c, strbuf *h, const rtab_ruleset *rs, const char *source_name,
		    const emit_c_options *opt, lower_error *why)
{
	emit_c_options with = opt ? *opt : (emit_c_options){0};
	ir_module *m = NULL;
	*why = (lower_error){NULL, -1};
	if (!with.data_only && !(m = lower_ruleset(rs, why)))
		return false;
	char *name = emit_c_name(rs, &with);
	c_code code = {m, name};
	with.code = with.data_only ? NULL : write_code;
	with.code_arg = with.data_only ? NULL : &code;
	emit_c_source(c, rs, source_name, &with);
	emit_c_header(h, rs, source_name, &with);
	free(name);
	if (m)
		ir_module_free(m);
	return true;
}
