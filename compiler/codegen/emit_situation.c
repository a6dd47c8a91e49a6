/* SPDX-License-Identifier: MIT */
/* The situation, its functions and the dispatch by table index (see emit_situation.h). */
#include "codegen/emit_situation.h"

#include <ctype.h>
#include <stdbool.h>

static void c_upper(strbuf *o, const char *s)
{
	for (; *s; s++)
		sb_putc(o, (char)toupper((unsigned char)*s));
}

/* The signature of a table's entry point, without the final ";" or "{". */
static void signature(strbuf *o, const rtab_ruleset *rs, const char *table, bool full)
{
	sb_printf(o, "int %s_%s_%s(const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
		     "\tint32_t extra_drm, %s *out)",
		  rs->id, full ? "explain" : "resolve", table, rs->id,
		  full ? "rtab_result" : "rtab_lean_result");
}

/* The signature of the dispatch, without the final ";" or "{". */
static void dispatch_signature(strbuf *o, const rtab_ruleset *rs, bool full)
{
	sb_printf(o, "int %s_%s(size_t table, const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
		     "\tint32_t extra_drm, %s *out)",
		  rs->id, full ? "explain" : "resolve", rs->id, full ? "rtab_result" : "rtab_lean_result");
}

void emit_situation_header(strbuf *o, const rtab_ruleset *rs)
{
	sb_printf(o,
		  "\n/*\n"
		  " * Native resolvers. A situation holds the inputs, checked once:\n"
		  " * fill it with %s_situation_init (NULL, 0: the defaults) and change one\n"
		  " * input with %s_situation_set; do not write its fields directly.\n"
		  " * %s_resolve_<table> gives what a game needs (outcome, modifier, modified\n"
		  " * roll); %s_explain_<table> fills the full rtab_result, exactly as\n"
		  " * rtab_resolve does. Both return RTAB_OK or a negative rtab_status.\n"
		  " */\n",
		  rs->id, rs->id, rs->id, rs->id);
	sb_printf(o, "typedef struct %s_situation {\n\tint32_t inputs[%u];\n} %s_situation;\n\n", rs->id,
		  rs->ninputs ? rs->ninputs : 1, rs->id);
	sb_printf(o, "int %s_situation_init(%s_situation *s, const int32_t *values, size_t nvalues);\n",
		  rs->id, rs->id);
	sb_printf(o, "int %s_situation_set(%s_situation *s, size_t input, int32_t value);\n", rs->id,
		  rs->id);
	for (size_t t = 0; t < rs->ntables; t++) {
		for (int full = 0; full < 2; full++) {
			signature(o, rs, rs->tables[t].id, full);
			sb_puts(o, ";\n");
		}
	}
	sb_puts(o, "/* By table index (");
	c_upper(o, rs->id);
	sb_puts(o, "_TABLE_...); RTAB_E_TABLE for no such table. */\n");
	for (int full = 0; full < 2; full++) {
		dispatch_signature(o, rs, full);
		sb_puts(o, ";\n");
	}
}

void emit_situation_source(strbuf *o, const rtab_ruleset *rs)
{
	sb_printf(o,
		  "\nint %s_situation_init(%s_situation *s, const int32_t *values, size_t nvalues)\n{\n"
		  "\tint rc;\n"
		  "\tif (!s) return RTAB_E_NULL;\n"
		  "\tif (!values && nvalues == 0)\n"
		  "\t\treturn rtab_inputs_default(&%s_ruleset, s->inputs, %u);\n"
		  "\trc = rtab_inputs_validate(&%s_ruleset, values, nvalues);\n"
		  "\tif (rc != RTAB_OK) return rc;\n"
		  "\tfor (size_t i = 0; i < nvalues; i++) s->inputs[i] = values[i];\n"
		  "\treturn RTAB_OK;\n}\n",
		  rs->id, rs->id, rs->id, rs->ninputs, rs->id);
	sb_printf(o, "\nint %s_situation_set(%s_situation *s, size_t input, int32_t value)\n{\n"
		     "\tif (!s) return RTAB_E_NULL;\n", rs->id, rs->id);
	if (!rs->ninputs) {
		sb_puts(o, "\t(void)input; (void)value;\n\treturn RTAB_E_INPUT;\n}\n");
		return;
	}
	sb_printf(o, "\tif (input >= %u || value < inputs[input].min || value > inputs[input].max)\n"
		     "\t\treturn RTAB_E_INPUT;\n",
		  rs->ninputs);
	if (rs->scale > 1) /* a number input takes the multiples of its step */
		sb_puts(o, "\tif (inputs[input].step > 1 && ((int64_t)value - inputs[input].min) % "
			   "inputs[input].step != 0)\n\t\treturn RTAB_E_INPUT;\n");
	sb_puts(o, "\ts->inputs[input] = value;\n\treturn RTAB_OK;\n}\n");
}

void emit_situation_dispatch(strbuf *o, const rtab_ruleset *rs)
{
	for (int full = 0; full < 2; full++) {
		sb_putc(o, '\n');
		dispatch_signature(o, rs, full);
		sb_puts(o, "\n{\n\tswitch (table) {\n");
		for (size_t t = 0; t < rs->ntables; t++)
			sb_printf(o, "\tcase %zu: return %s_%s_%s(s, faces, nfaces, extra_drm, out);\n", t, rs->id,
				  full ? "explain" : "resolve", rs->tables[t].id);
		sb_puts(o, "\tdefault:\n\t\t(void)s; (void)faces; (void)nfaces; (void)extra_drm; (void)out;\n"
			   "\t\treturn RTAB_E_TABLE;\n\t}\n}\n");
	}
}
