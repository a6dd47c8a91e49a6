/* The rtab evaluator: resolves rolls against the data model of rtab.h. */
#include "rtab.h"

#include <string.h>

const char *rtab_status_message(int status)
{
	switch (status) {
	case RTAB_OK: return "success";
	case RTAB_E_NULL: return "a required argument is NULL";
	case RTAB_E_TABLE: return "no such table";
	case RTAB_E_INPUT: return "an input is missing or outside its domain";
	case RTAB_E_FACES: return "wrong number of dice faces, or a face outside its die";
	case RTAB_E_NO_ROW: return "the modified roll matches no row";
	case RTAB_E_COLUMN: return "the column input selects no column";
	case RTAB_E_EXPR: return "malformed expression, or division by zero";
	case RTAB_E_OVERFLOW: return "arithmetic overflow";
	case RTAB_E_RULESET: return "inconsistent ruleset data";
	default: return "unknown status";
	}
}

static int find_id(const char *id, const void *base, size_t n, size_t stride, size_t offset)
{
	if (!id || !base)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const char *name;
		memcpy(&name, (const char *)base + i * stride + offset, sizeof name);
		if (name && strcmp(name, id) == 0)
			return (int)i;
	}
	return -1;
}

#define FIND(rs, field, count, type, id) \
	((rs) ? find_id((id), (rs)->field, (rs)->count, sizeof(type), offsetof(type, id)) : -1)

int rtab_find_table(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, tables, ntables, rtab_table, id);
}

int rtab_find_input(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, inputs, ninputs, rtab_input, id);
}

int rtab_find_outcome(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, outcomes, noutcomes, rtab_outcome, id);
}

int rtab_find_enum_value(const rtab_enum *e, const char *id)
{
	return e ? find_id(id, e->values, e->nvalues, sizeof(rtab_enum_value),
			   offsetof(rtab_enum_value, id))
		 : -1;
}

int rtab_find_locale(const rtab_ruleset *rs, const char *id)
{
	if (!rs || !id)
		return -1;
	for (size_t i = 0; i < rs->nlocales; i++)
		if (strcmp(rs->locales[i], id) == 0)
			return (int)i;
	return -1;
}

const char *rtab_label(const rtab_ruleset *rs, rtab_labels labels, size_t locale)
{
	if (!rs || !labels || rs->nlocales == 0)
		return NULL;
	if (locale < rs->nlocales && labels[locale])
		return labels[locale];
	return labels[0];
}

int rtab_inputs_default(const rtab_ruleset *rs, int32_t *inputs, size_t ninputs)
{
	if (!rs || (!inputs && ninputs))
		return RTAB_E_NULL;
	if (ninputs != rs->ninputs)
		return RTAB_E_INPUT;
	for (size_t i = 0; i < ninputs; i++)
		inputs[i] = rs->inputs[i].default_value;
	return RTAB_OK;
}

int rtab_inputs_validate(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs)
{
	if (!rs || (!inputs && ninputs))
		return RTAB_E_NULL;
	if (ninputs != rs->ninputs)
		return RTAB_E_INPUT;
	for (size_t i = 0; i < ninputs; i++)
		if (inputs[i] < rs->inputs[i].min || inputs[i] > rs->inputs[i].max)
			return RTAB_E_INPUT;
	return RTAB_OK;
}

static int arith(rtab_op op, int32_t a, int32_t b, int32_t *out)
{
	int64_t r;
	switch (op) {
	case RTAB_OP_ADD: r = (int64_t)a + b; break;
	case RTAB_OP_SUB: r = (int64_t)a - b; break;
	case RTAB_OP_MUL: r = (int64_t)a * b; break;
	case RTAB_OP_EQ: r = a == b; break;
	case RTAB_OP_NE: r = a != b; break;
	case RTAB_OP_LT: r = a < b; break;
	case RTAB_OP_LE: r = a <= b; break;
	case RTAB_OP_GT: r = a > b; break;
	case RTAB_OP_GE: r = a >= b; break;
	case RTAB_OP_AND: r = a && b; break;
	case RTAB_OP_OR: r = a || b; break;
	default: return RTAB_E_EXPR;
	}
	if (r < INT32_MIN || r > INT32_MAX)
		return RTAB_E_OVERFLOW;
	*out = (int32_t)r;
	return RTAB_OK;
}

int rtab_expr_eval(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		   size_t ninputs, int32_t *value)
{
	int32_t stack[RTAB_MAX_EXPR_STACK];
	size_t sp = 0;

	if (!rs || !expr || !value || (!inputs && ninputs) || (!expr->instrs && expr->ninstrs))
		return RTAB_E_NULL;
	if (expr->ninstrs == 0) {
		*value = 1;
		return RTAB_OK;
	}
	for (size_t i = 0; i < expr->ninstrs; i++) {
		const rtab_instr *in = &expr->instrs[i];
		int rc;
		switch ((rtab_op)in->op) {
		case RTAB_OP_CONST:
		case RTAB_OP_INPUT:
			if (sp == RTAB_MAX_EXPR_STACK)
				return RTAB_E_EXPR;
			if (in->op == RTAB_OP_CONST) {
				stack[sp++] = in->arg;
			} else {
				if (in->arg < 0 || (size_t)in->arg >= ninputs)
					return RTAB_E_EXPR;
				stack[sp++] = inputs[in->arg];
			}
			break;
		case RTAB_OP_NEG:
			if (sp < 1)
				return RTAB_E_EXPR;
			if (stack[sp - 1] == INT32_MIN)
				return RTAB_E_OVERFLOW;
			stack[sp - 1] = -stack[sp - 1];
			break;
		case RTAB_OP_NOT:
			if (sp < 1)
				return RTAB_E_EXPR;
			stack[sp - 1] = !stack[sp - 1];
			break;
		default:
			if (in->op >= RTAB_OP_COUNT_ || sp < 2)
				return RTAB_E_EXPR;
			rc = arith((rtab_op)in->op, stack[sp - 2], stack[sp - 1], &stack[sp - 2]);
			if (rc != RTAB_OK)
				return rc;
			sp--;
			break;
		}
	}
	if (sp != 1)
		return RTAB_E_EXPR;
	*value = stack[0];
	return RTAB_OK;
}

static int natural_sum(const rtab_dice *d, const int32_t *faces, size_t nfaces, int32_t *sum)
{
	size_t k = 0;
	int32_t total = 0;

	if (nfaces != d->nfaces || !faces)
		return RTAB_E_FACES;
	for (size_t g = 0; g < d->ngroups; g++) {
		const rtab_die_group *grp = &d->groups[g];
		for (size_t j = 0; j < grp->count; j++, k++) {
			if (k >= nfaces || faces[k] < grp->face_min || faces[k] > grp->face_max)
				return RTAB_E_FACES;
			total += faces[k];
		}
	}
	if (k != nfaces)
		return RTAB_E_RULESET;
	*sum = total;
	return RTAB_OK;
}

static int apply_modifiers(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
			   size_t ninputs, rtab_result *out)
{
	int64_t total = out->modifier_raw;

	for (size_t i = 0; i < t->nmodifiers; i++) {
		const rtab_modifier *m;
		int32_t holds, value;
		int rc;

		if (t->modifiers[i] >= rs->nmodifiers)
			return RTAB_E_RULESET;
		m = &rs->modifiers[t->modifiers[i]];
		rc = rtab_expr_eval(rs, &m->condition, inputs, ninputs, &holds);
		if (rc != RTAB_OK)
			return rc;
		if (!holds)
			continue;
		rc = rtab_expr_eval(rs, &m->value, inputs, ninputs, &value);
		if (rc != RTAB_OK)
			return rc;
		if (out->napplied == RTAB_MAX_APPLIED)
			return RTAB_E_RULESET;
		out->applied[out->napplied].modifier = t->modifiers[i];
		out->applied[out->napplied].value = value;
		out->napplied++;
		total += value;
		if (total < INT32_MIN || total > INT32_MAX)
			return RTAB_E_OVERFLOW;
	}
	out->modifier_raw = (int32_t)total;
	return RTAB_OK;
}

static int pick_column(const rtab_table *t, const int32_t *inputs, size_t ninputs, uint16_t *col)
{
	int32_t v;

	if (t->column_input < 0) {
		*col = 0;
		return t->ncolumns == 1 ? RTAB_OK : RTAB_E_RULESET;
	}
	if ((size_t)t->column_input >= ninputs)
		return RTAB_E_RULESET;
	v = inputs[t->column_input];
	*col = t->column_of_value[v];
	return *col < t->ncolumns ? RTAB_OK : RTAB_E_COLUMN;
}

static int lookup_row(const rtab_table *t, const rtab_column *c, int32_t roll, uint16_t *row)
{
	int32_t r;

	if (roll < t->roll_min)
		r = c->below_row;
	else if (roll > t->roll_max)
		r = c->above_row;
	else
		r = c->row_of_roll[roll - t->roll_min];
	if (r < 0)
		return RTAB_E_NO_ROW;
	if (r >= t->nrows)
		return RTAB_E_RULESET;
	*row = (uint16_t)r;
	return RTAB_OK;
}

int rtab_resolve(const rtab_ruleset *rs, size_t table, const int32_t *inputs, size_t ninputs,
		 const int32_t *faces, size_t nfaces, int32_t extra_drm, rtab_result *out)
{
	const rtab_table *t;
	int64_t roll;
	int rc;

	if (!rs || !out || (!faces && nfaces))
		return RTAB_E_NULL;
	if (table >= rs->ntables)
		return RTAB_E_TABLE;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	t = &rs->tables[table];
	if (t->dice >= rs->ndice)
		return RTAB_E_RULESET;

	memset(out, 0, sizeof *out);
	out->table = (uint16_t)table;
	rc = natural_sum(&rs->dice[t->dice], faces, nfaces, &out->natural);
	if (rc != RTAB_OK)
		return rc;
	out->modifier_raw = extra_drm;
	rc = apply_modifiers(rs, t, inputs, ninputs, out);
	if (rc != RTAB_OK)
		return rc;
	out->modifier = out->modifier_raw;
	if (t->capped) {
		if (out->modifier < t->cap_min)
			out->modifier = t->cap_min;
		if (out->modifier > t->cap_max)
			out->modifier = t->cap_max;
	}
	roll = (int64_t)out->natural + out->modifier;
	if (roll < INT32_MIN || roll > INT32_MAX)
		return RTAB_E_OVERFLOW;
	out->modified_roll = (int32_t)roll;

	rc = pick_column(t, inputs, ninputs, &out->column);
	if (rc != RTAB_OK)
		return rc;
	rc = lookup_row(t, &t->columns[out->column], out->modified_roll, &out->row);
	if (rc != RTAB_OK)
		return rc;
	out->outcome = t->rows[out->row].outcome;
	if (out->outcome >= rs->noutcomes)
		return RTAB_E_RULESET;
	out->provisional = t->rows[out->row].provisional;
	return RTAB_OK;
}
