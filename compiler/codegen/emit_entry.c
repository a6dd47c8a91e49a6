/* SPDX-License-Identifier: MIT */
/*
 * The native resolver a ruleset's C carries (rtab_ruleset.native_resolve),
 * which rtab_resolve calls: the arguments that the interpreter would accept
 * (pointers, table, face count, every input within its domain) are checked
 * against constants, the inputs read as a situation, and the table's
 * <ruleset>_explain_<table> gives the result. Anything else (a ruleset other
 * than the one the code was written for, such as a copy that someone changed)
 * goes to rtab_resolve_interpreted, and so does every error: the interpreter
 * then says what is wrong exactly as before, the same status and the result's
 * fields as it leaves them (errors are rare; the resolvers fill the result in
 * their own order), except RTAB_E_NO_RESULT: a 'none' column or odds 0:0 is a
 * common answer, whose fields the resolvers leave as the interpreter does.
 */
#include "codegen/emit_entry.h"


bool emit_entry_wanted(const rtab_ruleset *rs)
{
	for (size_t i = 0; i < rs->ninputs; i++)
		if (rs->inputs[i].max < rs->inputs[i].min)
			return false; /* no situation is valid: the interpreter says so */
	return rs->ntables > 0; /* else no resolver to call */
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

/* Whether input i's domain is 0..2^k-1: then v is inside when (uint32_t)v <= 2^k-1, and a
 * run of such inputs with the same k is checked at once by OR-ing them first. 0: it is not. */
static uint32_t power_mask(const rtab_input *in)
{
	uint32_t m = (uint32_t)in->max;
	if (in->min != 0 || in->max < 0 || (in->step > 1) || (m & (m + 1)) != 0)
		return 0;
	return m;
}

/*
 * "bad" becomes non-zero when an input lies outside its domain, in a few
 * straight-line instructions per input (they are many, the call is short):
 * the inputs of domain 0..2^k-1 OR-ed together for each k and compared once
 * (most inputs are bools: one OR each), any other input by one unsigned
 * comparison, (uint32_t)v - min > max - min.
 */
static void domain_checks(strbuf *o, const rtab_ruleset *rs)
{
	sb_puts(o, "\tbad = 0;\n");
	for (uint32_t k = 1; k < 32; k++) {
		uint32_t mask = (uint32_t)(((uint64_t)1 << k) - 1);
		size_t n = 0;
		for (size_t i = 0; i < rs->ninputs; i++) {
			if (power_mask(&rs->inputs[i]) != mask)
				continue;
			sb_printf(o, n ? " | values[%zu]" : "\tbad |= (uint32_t)(values[%zu]", i);
			if (++n % 8 == 0)
				sb_puts(o, "\n\t\t");
		}
		if (n)
			sb_printf(o, ") > %luu;\n", (unsigned long)mask);
	}
	for (size_t i = 0; i < rs->ninputs; i++) {
		const rtab_input *in = &rs->inputs[i];
		if (power_mask(in))
			continue;
		if (in->min == 0)
			sb_printf(o, "\tbad |= (uint32_t)values[%zu] > %luu;\n", i, (unsigned long)in->max);
		else
			sb_printf(o, "\tbad |= (uint32_t)values[%zu] - %luu > %luu;\n", i,
				  (unsigned long)(uint32_t)in->min,
				  (unsigned long)((uint32_t)in->max - (uint32_t)in->min));
		if (in->step > 1) /* a number input takes the multiples of its step */
			sb_printf(o, "\tbad |= ((int64_t)values[%zu] - %ld) %% %ld != 0;\n", i, (long)in->min,
				  (long)in->step);
	}
}

void emit_entry_source(strbuf *o, const rtab_ruleset *rs, bool no_result_exact, const char *requirements_broken)
{
	if (!emit_entry_wanted(rs))
		return;
	sb_puts(o, "\n/* rtab_resolve on this ruleset (rtab_ruleset.native_resolve): arguments the\n"
		   " * resolvers take are checked here, anything else is left to the\n"
		   " * interpreter, which refuses it as rtab_resolve always did. */\n");
	signature(o, rs);
	sb_puts(o, "\n{\n");
	sb_printf(o, "\tconst %s_situation *s;\n", rs->id);
	if (!rs->ninputs)
		sb_printf(o, "\tstatic const %s_situation none = {{0}};\n", rs->id);
	sb_puts(o, "\tunsigned bad;\n\tint rc;\n");
	sb_printf(o, "\tif (ruleset != &%s_ruleset || !out || (!faces && nfaces) || nfaces > RTAB_MAX_FACES ||\n"
		     "\t    table >= %u || nvalues != %u%s)\n"
		     "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n",
		  rs->id, rs->ntables, rs->ninputs, rs->ninputs ? " || !values" : "");
	if (rs->ninputs) {
		domain_checks(o, rs);
		/* The situation is the inputs themselves (a struct of one int32_t array of as many):
		 * the resolvers read them through s->inputs, nothing is copied. */
		sb_printf(o, "\ts = (const %s_situation *)(const void *)values;\n", rs->id);
	} else {
		sb_puts(o, "\tbad = 0;\n\ts = &none;\n");
	}
	if (requirements_broken)
		sb_printf(o, "\tbad |= !bad && %s(%s);\n", requirements_broken, rs->ninputs ? "values" : "s->inputs");
	sb_puts(o, "\tif (bad)\n"
		   "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n"
		   "\tswitch (table) {\n");
	for (size_t t = 0; t < rs->ntables; t++)
		if (!no_result_exact)
			/* No result too goes to the interpreter: the resolver lists the same texts as
			 * reasons, not the same strings, and rtab_resolve leaves every byte as the
			 * interpreter does (with no reason to list, the bytes are the same). */
			sb_printf(o, "\tcase %zu: rc = %s_explain_%s(s, faces, nfaces, extra_drm, out);\n"
				     "\t\tif (rc == RTAB_E_NO_RESULT)\n"
				     "\t\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, "
				     "extra_drm, out);\n"
				     "\t\tbreak;\n", t, rs->id, rs->tables[t].id);
		else
			sb_printf(o, "\tcase %zu: rc = %s_explain_%s(s, faces, nfaces, extra_drm, out); break;\n", t,
				  rs->id, rs->tables[t].id);
	sb_puts(o, "\tdefault: /* not reached: the table was checked above */\n"
		   "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n"
		   "\t}\n"
		   "\t/* An error: the interpreter's account of it, the result's fields as it leaves them\n"
		   "\t * (no result, a 'none' column or odds 0:0, is an answer: the resolvers leave\n"
		   "\t * them so themselves). */\n"
		   "\tif (rc != RTAB_OK && rc != RTAB_E_NO_RESULT)\n"
		   "\t\treturn rtab_resolve_interpreted(ruleset, table, values, nvalues, faces, nfaces, extra_drm, out);\n"
		   "\treturn rc;\n}\n");
}
