/*
 * The native resolver a ruleset's C carries (rtab_ruleset.native_resolve),
 * which rtab_resolve calls: the arguments that the interpreter would accept
 * (pointers, table, face count, every input within its domain) are checked
 * against constants, the inputs copied into a situation, and the table's
 * <ruleset>_explain_<table> gives the result. Anything else (a table without
 * native code, a ruleset other than the one the code was written for, such as
 * a copy that someone changed) goes to rtab_resolve_interpreted, and so does
 * every error: the interpreter then says what is wrong exactly as before, the
 * same status and the result's fields as it leaves them (errors are rare; the
 * native code fills the result in its own order).
 */
#include "emit_entry.h"
#include "emit_native.h"

#include <stdio.h>

bool emit_entry_wanted(const rtab_ruleset *rs)
{
	for (size_t i = 0; i < rs->ninputs; i++)
		if (rs->inputs[i].max < rs->inputs[i].min)
			return false; /* no situation is valid: the interpreter says so */
	for (size_t t = 0; t < rs->ntables; t++)
		if (table_native(rs, t))
			return true;
	return false; /* no native code to call */
}

void emit_entry_name(strbuf *o, const rtab_ruleset *rs)
{
	sb_printf(o, "%s_native_resolve_", rs->id);
}

static void signature(strbuf *o, const rtab_ruleset *rs)
{
	sb_puts(o, "static int ");
	emit_entry_name(o, rs);
	sb_puts(o, "(const rtab_ruleset *ruleset, size_t table, const int32_t *values,\n"
		   "\tsize_t nvalues, const int32_t *faces, size_t nfaces, int32_t extra_drm, rtab_result *out)");
}

void emit_entry_declaration(strbuf *o, const rtab_ruleset *rs)
{
	if (!emit_entry_wanted(rs))
		return;
	sb_puts(o, "\n");
	signature(o, rs);
	sb_puts(o, ";\n");
}

/* The domain of each input as an offset and a span: v is inside when (uint32_t)v - lo <= span. */
static void domain_arrays(strbuf *o, const rtab_ruleset *rs)
{
	const char *name[2] = {"lo", "span"};
	for (int k = 0; k < 2; k++) {
		sb_printf(o, "\nstatic const uint32_t %s_input_%s_[%u] = {", rs->id, name[k], rs->ninputs);
		for (size_t i = 0; i < rs->ninputs; i++) {
			const rtab_input *in = &rs->inputs[i];
			uint32_t v = k == 0 ? (uint32_t)in->min : (uint32_t)in->max - (uint32_t)in->min;
			sb_printf(o, "%s%s%luu", i ? "," : "", i % 8 ? " " : "\n\t", (unsigned long)v);
		}
		sb_puts(o, "\n};\n");
	}
}

void emit_entry_source(strbuf *o, const rtab_ruleset *rs)
{
	if (!emit_entry_wanted(rs))
		return;
	if (rs->ninputs)
		domain_arrays(o, rs);
	sb_puts(o, "\n/* rtab_resolve on this ruleset (rtab_ruleset.native_resolve): arguments the\n"
		   " * native resolvers take are checked here, anything else is left to the\n"
		   " * interpreter, which refuses it as rtab_resolve always did. */\n");
	signature(o, rs);
	sb_printf(o, "\n{\n\t%s_situation s;\n", rs->id);
	sb_puts(o, "\tunsigned bad;\n\tint rc;\n");
	sb_printf(o, "\tif (ruleset != &%s_ruleset || !out || (!faces && nfaces) || nfaces > RTAB_MAX_FACES ||\n"
		     "\t    table >= %u || nvalues != %u%s)\n"
		     "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n",
		  rs->id, rs->ntables, rs->ninputs, rs->ninputs ? " || !values" : "");
	if (rs->ninputs == 0) {
		sb_puts(o, "\tbad = 0;\n\ts.inputs[0] = 0;\n");
	} else {
		sb_printf(o, "\tbad = 0;\n"
			     "\tfor (size_t i = 0; i < %u; i++) {\n"
			     "\t\tint32_t v = values[i];\n"
			     "\t\ts.inputs[i] = v;\n"
			     "\t\tbad |= (uint32_t)v - %s_input_lo_[i] > %s_input_span_[i];\n"
			     "\t}\n",
			  rs->ninputs, rs->id, rs->id);
	}
	for (size_t i = 0; i < rs->ninputs; i++)
		if (rs->inputs[i].step > 1) /* a number input takes the multiples of its step */
			sb_printf(o, "\tbad |= ((int64_t)values[%zu] - %ld) %% %ld != 0;\n", i,
				  (long)rs->inputs[i].min, (long)rs->inputs[i].step);
	sb_puts(o, "\tif (bad)\n"
		   "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n"
		   "\tswitch (table) {\n");
	for (size_t t = 0; t < rs->ntables; t++)
		if (table_native(rs, t))
			sb_printf(o, "\tcase %zu: rc = %s_explain_%s(&s, faces, nfaces, extra_drm, out); break;\n", t,
				  rs->id, rs->tables[t].id);
	sb_puts(o, "\tdefault: /* a table without native code */\n"
		   "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n"
		   "\t}\n"
		   "\t/* An error: the interpreter's account of it, the result's fields as it leaves them. */\n"
		   "\tif (rc != RTAB_OK)\n"
		   "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n"
		   "\treturn RTAB_OK;\n}\n");
}
