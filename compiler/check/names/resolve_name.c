/* SPDX-License-Identifier: MIT */
/* Names resolved to definitions and enum values; unknown ones are reported. */
#include "check/names/resolve_name.h"

#include "check/passes/sema_numeric.h"
#include "check/names/unknown.h"

int resolve_def(model *m, def_kind kind, const char *id, src_loc loc)
{
	int i = model_find(m, kind, id);
	if (i < 0 && kind == DEF_OUTCOME) {
		/* An outcome that carries numbers, named as a cell prints it: DR2. */
		int n = numeric_lookup(m, id, loc);
		if (n >= 0) {
			model_use(m, kind, n);
			return n;
		}
		if (n == -2)
			return -1;
	}
	model_use(m, kind, i);
	if (i < 0) {
		report_unknown(m, loc, def_kind_name(kind), id, def_names(m, kind), m->ndefs[kind],
			       sizeof(const char *));
		if (kind == DEF_OUTCOME)
			numeric_note_patterns(m, id, loc);
	}
	return i;
}

int resolve_enum_value(model *m, int enum_index, const char *id, src_loc loc)
{
	const rtab_enum *e = &m->rs.enums[enum_index];
	int v = model_enum_value(m, enum_index, id);
	if (v < 0 && !m->bad[DEF_ENUM][enum_index]) {
		strbuf within = {0};
		sb_printf(&within, "of enum '%s'", e->id);
		report_unknown_in(m, loc, "value", id, within.data, &e->values[0].id, e->nvalues,
				  sizeof(rtab_enum_value));
		sb_free(&within);
	}
	return v;
}
