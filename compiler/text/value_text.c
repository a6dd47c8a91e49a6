/* SPDX-License-Identifier: MIT */
/* The text forms of values (see value_text.h). */
#include "text/value_text.h"

#include "base/json.h"
#include "base/msg.h"
#include "front/ast.h"

void export_range(strbuf *sb, int64_t lo, int64_t hi)
{
	if (lo > hi)
		sb_puts(sb, "-");
	else if (lo == INT64_MIN && hi == INT64_MAX)
		sb_puts(sb, "any");
	else if (lo == INT64_MIN)
		sb_printf(sb, "<=%lld", (long long)hi);
	else if (hi == INT64_MAX)
		sb_printf(sb, ">=%lld", (long long)lo);
	else if (lo == hi)
		sb_printf(sb, "%lld", (long long)lo);
	else
		sb_printf(sb, "%lld-%lld", (long long)lo, (long long)hi);
}

const char *export_target_kind(int kind)
{
	switch ((rtab_target_kind)kind) {
	case RTAB_TARGET_TABLE: return "table";
	case RTAB_TARGET_REACTIONS: return "reactions";
	case RTAB_TARGET_TRANSITION: return "transition";
	case RTAB_TARGET_DISTANCE: return "distance";
	case RTAB_TARGET_PROCEDURE: return "procedure";
	}
	return "?";
}

const char *export_target_id(const rtab_ruleset *rs, rtab_target t)
{
	const char *id = rtab_target_id(rs, t);
	return id ? id : "?";
}

const char *export_flag_text(const rtab_numeric_outcome *n, size_t p, size_t *len)
{
	const char *id = n->params[p].id;
	size_t idlen = strlen(id);
	for (const char *c = n->code ? strchr(n->code, '{') : NULL; c; c = strchr(c + 1, '{')) {
		const char *q = strchr(c, '?'), *e = strchr(c, '}');
		if (q && e && q < e && (size_t)(q - c - 1) == idlen && strncmp(c + 1, id, idlen) == 0) {
			*len = (size_t)(e - q - 1);
			return q + 1;
		}
	}
	*len = 0;
	return NULL;
}

void export_outcome_numbers(strbuf *sb, const rtab_ruleset *rs, const rtab_outcome *o)
{
	if (!o->nvalues || o->numeric >= rs->nnumeric_outcomes)
		return;
	const rtab_numeric_outcome *n = &rs->numeric_outcomes[o->numeric];
	for (size_t p = 0; p < o->nvalues && p < n->nparams; p++) {
		const rtab_outcome_param *pa = &n->params[p];
		const char *named = NULL;
		for (size_t k = 0; k < pa->nspecials; k++)
			if (pa->specials[k].value == o->values[p])
				named = pa->specials[k].id;
		sb_printf(sb, "%s%s ", p ? ", " : "", pa->id);
		size_t len;
		const char *flag = export_flag_text(n, p, &len);
		if (flag && o->values[p]) /* a flag as the cell prints it: retreat * */
			sb_put(sb, flag, len);
		else if (flag)
			sb_puts(sb, "(not set)");
		else if (named)
			sb_printf(sb, "%s (%ld)", named, (long)o->values[p]);
		else
			sb_printf(sb, "%ld", (long)o->values[p]);
	}
}

void export_numeric_params_text(strbuf *sb, const rtab_numeric_outcome *n, unsigned flags)
{
	for (size_t p = 0; p < n->nparams; p++) {
		const rtab_outcome_param *pa = &n->params[p];
		if (p < sizeof flags * 8 && (flags >> p & 1u)) { /* printed or left out: 0 or 1 */
			sb_printf(sb, "%s%s: bool", p ? ", " : "", pa->id);
			continue;
		}
		sb_printf(sb, "%s%s: int %ld..%ld", p ? ", " : "", pa->id, (long)pa->min, (long)pa->max);
		if (pa->unit)
			sb_printf(sb, " %s", pa->unit);
		for (size_t k = 0; k < pa->nspecials; k++)
			sb_printf(sb, " or %s = %ld code %s", pa->specials[k].id, (long)pa->specials[k].value,
				  pa->specials[k].code);
	}
}

void export_effect_text(strbuf *sb, const rtab_ruleset *rs, const rtab_effect *e)
{
	const rtab_effect_kind *k = &rs->effect_kinds[e->kind];
	sb_printf(sb, "%s(", k->id);
	for (size_t a = 0; a < e->nargs; a++) {
		int16_t en = a < k->nparams ? k->params[a].enum_index : -1;
		sb_puts(sb, a ? ", " : "");
		if (en >= 0 && e->args[a] >= 0 && e->args[a] < rs->enums[en].nvalues)
			sb_puts(sb, rs->enums[en].values[e->args[a]].id);
		else
			sb_printf(sb, "%ld", (long)e->args[a]);
		if (en < 0 && a < k->nparams && k->params[a].unit)
			sb_printf(sb, " %s", k->params[a].unit);
	}
	sb_putc(sb, ')');
}

void export_effect_units(json_writer *w, const rtab_effect_kind *k, const rtab_effect *e)
{
	bool any = false;
	for (size_t p = 0; p < k->nparams; p++)
		any |= k->params[p].unit != NULL;
	if (!any)
		return;
	json_key(w, "units");
	json_begin_array(w);
	for (size_t a = 0; a < e->nargs; a++)
		json_put_string(w, a < k->nparams ? k->params[a].unit : NULL);
	json_end_array(w);
}

void export_units_text(strbuf *sb, const rtab_ruleset *rs)
{
	for (size_t i = 0; i < rs->nunits; i++) {
		const rtab_unit *u = &rs->units[i];
		sb_printf(sb, "%s%s", i ? "; " : "", u->id);
		if (u->base >= 0 && u->base < rs->nunits)
			sb_printf(sb, " = %s * %lld / %lld", rs->units[u->base].id, (long long)u->num,
				  (long long)u->den);
		if (u->tolerance >= 0)
			sb_printf(sb, " within %g%%", u->tolerance / 1000.0);
	}
}

void export_input_value(strbuf *sb, const rtab_ruleset *rs, size_t i, int32_t v)
{
	const rtab_input *in = &rs->inputs[i];
	char num[32];
	if (in->type == RTAB_TYPE_ENUM)
		sb_puts(sb, rs->enums[in->enum_index].values[v].id);
	else if (in->type == RTAB_TYPE_BOOL)
		sb_puts(sb, v ? "true" : "false");
	else if (in->step > 0 && rtab_format_exact(v, rs->scale, num, sizeof num) == RTAB_OK)
		sb_puts(sb, num);
	else
		sb_printf(sb, "%ld", (long)v);
}

void export_number_domain(strbuf *sb, const rtab_ruleset *rs, const rtab_input *in)
{
	char lo[32], hi[32], step[32];
	rtab_format_exact(in->min, rs->scale, lo, sizeof lo);
	rtab_format_exact(in->max, rs->scale, hi, sizeof hi);
	rtab_format_exact(in->step, rs->scale, step, sizeof step);
	sb_printf(sb, "number %s..%s by %s", lo, hi, step);
}

bool export_open_below(int64_t lo)
{
	return int_open_below(lo);
}

bool export_open_above(int64_t hi)
{
	return int_open_above(hi);
}

void export_int_domain(strbuf *sb, int64_t lo, int64_t hi)
{
	bool below = export_open_below(lo), above = export_open_above(hi);
	if (below && above)
		sb_puts(sb, "int");
	else if (above)
		sb_printf(sb, "int >= %lld", (long long)lo);
	else if (below)
		sb_printf(sb, "int <= %lld", (long long)hi);
	else
		sb_printf(sb, "int %lld..%lld", (long long)lo, (long long)hi);
}

static void put_signed(strbuf *sb, int64_t v)
{
	/* The minus sign a printed card uses (U+2212), as the exports write it. */
	if (v < 0)
		sb_printf(sb, "\xE2\x88\x92%lld", -(long long)v);
	else
		sb_printf(sb, "%s%lld", v > 0 ? "+" : "", (long long)v);
}

void export_signed_span(strbuf *sb, msg_lang words, int64_t lo, int64_t hi)
{
	bool below = export_open_below(lo), above = export_open_above(hi);
	if (below && above) {
		sb_puts(sb, msg_in(words, "any"));
	} else if (below) {
		sb_puts(sb, "\xE2\x89\xA4 "); /* ≤ */
		put_signed(sb, hi);
	} else if (above) {
		sb_puts(sb, "\xE2\x89\xA5 "); /* ≥ */
		put_signed(sb, lo);
	} else {
		put_signed(sb, lo);
		sb_puts(sb, " \xE2\x80\xA6 ");
		put_signed(sb, hi);
	}
}
