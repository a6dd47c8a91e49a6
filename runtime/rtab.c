/* SPDX-License-Identifier: MIT-0 */
/* The rtab evaluator: resolves rolls against the data model of rtab.h. */
#include "rtab.h"

#include <stdbool.h>
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
	case RTAB_E_INDEX: return "no such outcome, reaction set, transition, distance or procedure";
	case RTAB_E_STATE: return "the transition is not defined for this state";
	case RTAB_E_NO_RESULT: return "the table gives no result here (e.g. the attack is not allowed)";
	case RTAB_E_INEXACT:
		return "an exact division or product has no exact value at the ruleset's precision";
	case RTAB_E_VERSION:
		return "the ruleset data was generated for another rtab data model: regenerate it";
	case RTAB_E_REQUIRE: return "the situation breaks a requirement of the ruleset";
	case RTAB_E_STEP_DRM:
		return "an extra modifier given to a table with a step, which counts only its own modifiers";
	default: return "unknown status";
	}
}

const char *rtab_version(void)
{
	return RTAB_VERSION;
}

int rtab_data_version(void)
{
	return RTAB_DATA_VERSION;
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

int rtab_outcome_value(const rtab_ruleset *rs, size_t outcome, const char *param, int32_t *value)
{
	if (!rs || !param || !value)
		return RTAB_E_NULL;
	if (outcome >= rs->noutcomes)
		return RTAB_E_INDEX;
	const rtab_outcome *o = &rs->outcomes[outcome];
	if (o->nvalues == 0 || !o->values || o->numeric >= rs->nnumeric_outcomes)
		return RTAB_E_INDEX;
	const rtab_numeric_outcome *n = &rs->numeric_outcomes[o->numeric];
	for (size_t i = 0; i < n->nparams && i < o->nvalues; i++)
		if (n->params[i].id && strcmp(n->params[i].id, param) == 0) {
			*value = o->values[i];
			return RTAB_OK;
		}
	return RTAB_E_INDEX;
}

int rtab_find_enum_value(const rtab_enum *e, const char *id)
{
	return e ? find_id(id, e->values, e->nvalues, sizeof(rtab_enum_value),
			   offsetof(rtab_enum_value, id))
		 : -1;
}

int rtab_find_reaction_set(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, reaction_sets, nreaction_sets, rtab_reaction_set, id);
}

int rtab_find_transition(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, transitions, ntransitions, rtab_transition, id);
}

int rtab_find_distance(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, distances, ndistances, rtab_distance, id);
}

int rtab_find_procedure(const rtab_ruleset *rs, const char *id)
{
	return FIND(rs, procedures, nprocedures, rtab_procedure, id);
}

const char *rtab_target_id(const rtab_ruleset *rs, rtab_target t)
{
	if (!rs)
		return NULL;
	switch ((rtab_target_kind)t.kind) {
	case RTAB_TARGET_TABLE: return t.index < rs->ntables ? rs->tables[t.index].id : NULL;
	case RTAB_TARGET_REACTIONS:
		return t.index < rs->nreaction_sets ? rs->reaction_sets[t.index].id : NULL;
	case RTAB_TARGET_TRANSITION:
		return t.index < rs->ntransitions ? rs->transitions[t.index].id : NULL;
	case RTAB_TARGET_DISTANCE: return t.index < rs->ndistances ? rs->distances[t.index].id : NULL;
	case RTAB_TARGET_PROCEDURE:
		return t.index < rs->nprocedures ? rs->procedures[t.index].id : NULL;
	}
	return NULL;
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

const char *rtab_rule(const rtab_ruleset *rs, const char *rule, rtab_labels rules, size_t locale)
{
	if (rs && rules && locale < rs->nlocales && rules[locale])
		return rules[locale];
	return rule;
}

int rtab_inputs_default(const rtab_ruleset *rs, int32_t *inputs, size_t ninputs)
{
	if (!rs || (!inputs && ninputs))
		return RTAB_E_NULL;
	if (rs->data_version != RTAB_DATA_VERSION)
		return RTAB_E_VERSION;
	if (ninputs != rs->ninputs)
		return RTAB_E_INPUT;
	for (size_t i = 0; i < ninputs; i++)
		inputs[i] = rs->inputs[i].default_value;
	return RTAB_OK;
}

/* Whether v is in the domain of input in (its range, and its step for a number). */
static inline bool input_in_domain(const rtab_input *in, int32_t v)
{
	if (v < in->min || v > in->max)
		return false;
	return in->step <= 1 || ((int64_t)v - in->min) % in->step == 0;
}

static int requirement_broken(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			      int32_t *which);

/* rtab_inputs_check: each input in its domain, then the requirements. Which inputs have
 * reasons to note is found as they are read (note_input_first), not here: a table reads
 * few of the inputs a ruleset declares. */
static int check_inputs(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			int32_t *bad)
{
	if (bad)
		*bad = -1;
	if (!rs || (!inputs && ninputs))
		return RTAB_E_NULL;
	if (rs->data_version != RTAB_DATA_VERSION)
		return RTAB_E_VERSION;
	if (ninputs != rs->ninputs)
		return RTAB_E_INPUT;
	for (size_t i = 0; i < ninputs; i++)
		if (!input_in_domain(&rs->inputs[i], inputs[i])) {
			if (bad)
				*bad = (int32_t)i;
			return RTAB_E_INPUT;
		}
	int32_t which;
	int rc = requirement_broken(rs, inputs, ninputs, &which);
	return rc != RTAB_OK ? rc : which >= 0 ? RTAB_E_REQUIRE : RTAB_OK;
}

int rtab_inputs_check(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
		      int32_t *bad)
{
	return check_inputs(rs, inputs, ninputs, bad);
}

int rtab_requirement_broken(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			    int32_t *which)
{
	if (!rs || !which || (!inputs && ninputs) || (!rs->requirements && rs->nrequirements))
		return RTAB_E_NULL;
	return requirement_broken(rs, inputs, ninputs, which);
}

int rtab_inputs_validate(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs)
{
	return rtab_inputs_check(rs, inputs, ninputs, NULL);
}

/* A function of the hot path that must be inlined where it is called (the compilers' own
 * estimate leaves the commonest shapes of expressions behind a call). */
#if defined(__GNUC__)
#define HOT_INLINE static inline __attribute__((always_inline))
#else
#define HOT_INLINE static inline
#endif

/* The exact operations: a scaled by scale (a whole number made exact), a * b / scale
 * and a * scale / b, each exactly or not at all. */
static int exact_op(rtab_op op, int32_t scale, int32_t a, int32_t b, int32_t *out)
{
	int64_t r;
	if (scale < 1)
		return RTAB_E_EXPR;
	if (op == RTAB_OP_SCALE) {
		r = (int64_t)a * scale;
	} else if (op == RTAB_OP_MUL_EXACT) {
		int64_t p = (int64_t)a * b;
		if (p % scale != 0)
			return RTAB_E_INEXACT;
		r = p / scale;
	} else {
		if (b == 0)
			return RTAB_E_EXPR;
		int64_t p = (int64_t)a * scale;
		if (p % b != 0)
			return RTAB_E_INEXACT;
		r = p / b;
	}
	if (r < INT32_MIN || r > INT32_MAX)
		return RTAB_E_OVERFLOW;
	*out = (int32_t)r;
	return RTAB_OK;
}

int rtab_exact(int op, int32_t scale, int32_t a, int32_t b, int32_t *value)
{
	if (!value)
		return RTAB_E_NULL;
	if (op != RTAB_OP_SCALE && op != RTAB_OP_MUL_EXACT && op != RTAB_OP_DIV_EXACT)
		return RTAB_E_EXPR;
	return exact_op((rtab_op)op, scale, a, b, value);
}

int rtab_format_exact(int32_t scaled, int32_t scale, char *buf, size_t cap)
{
	char tmp[32];
	size_t n = 0, digits = 0;
	int32_t s = scale;
	if (!buf || cap == 0)
		return RTAB_E_NULL;
	if (scale < 0)
		return RTAB_E_EXPR;
	if (scale <= 1)
		s = 1;
	/* The decimals a fraction of 1/s needs: s must divide 10^digits. */
	for (int64_t p = 1; p % s != 0; p *= 10)
		if (++digits > 9)
			return RTAB_E_EXPR;
	int64_t v = scaled, pow10 = 1;
	for (size_t i = 0; i < digits; i++)
		pow10 *= 10;
	bool neg = v < 0;
	uint64_t mag = (uint64_t)(neg ? -v : v) * (uint64_t)(pow10 / s);
	/* Digits from the right; trailing zeros of the fraction dropped. */
	uint64_t frac = mag % (uint64_t)pow10, whole = mag / (uint64_t)pow10;
	size_t fd = digits;
	while (fd > 0 && frac % 10 == 0) {
		frac /= 10;
		fd--;
	}
	for (size_t i = 0; i < fd; i++) {
		tmp[n++] = (char)('0' + frac % 10);
		frac /= 10;
	}
	if (fd > 0)
		tmp[n++] = '.';
	do {
		tmp[n++] = (char)('0' + whole % 10);
		whole /= 10;
	} while (whole > 0);
	if (neg)
		tmp[n++] = '-';
	if (n + 1 > cap)
		return RTAB_E_NULL;
	for (size_t i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	return RTAB_OK;
}

/* A comparison: its value to *r, and true; false for any other operation. */
static inline bool compare(rtab_op op, int32_t a, int32_t b, int32_t *r)
{
	switch (op) {
	case RTAB_OP_EQ: *r = a == b; return true;
	case RTAB_OP_NE: *r = a != b; return true;
	case RTAB_OP_LT: *r = a < b; return true;
	case RTAB_OP_LE: *r = a <= b; return true;
	case RTAB_OP_GT: *r = a > b; return true;
	case RTAB_OP_GE: *r = a >= b; return true;
	default: return false;
	}
}

static inline int arith(rtab_op op, int32_t a, int32_t b, int32_t *out)
{
	if (compare(op, a, b, out))
		return RTAB_OK;
	int64_t r;
	switch (op) {
	case RTAB_OP_ADD: r = (int64_t)a + b; break;
	case RTAB_OP_SUB: r = (int64_t)a - b; break;
	case RTAB_OP_MUL: r = (int64_t)a * b; break;
	case RTAB_OP_AND: r = a && b; break;
	case RTAB_OP_OR: r = a || b; break;
	case RTAB_OP_MIN: r = a < b ? a : b; break;
	case RTAB_OP_MAX: r = a > b ? a : b; break;
	case RTAB_OP_DIV_DOWN:
	case RTAB_OP_DIV_UP:
		if (b == 0)
			return RTAB_E_EXPR;
		r = (int64_t)a / b;
		if ((int64_t)a % b != 0) {
			bool negative = (a < 0) != (b < 0);
			if (op == RTAB_OP_DIV_DOWN && negative)
				r--;
			else if (op == RTAB_OP_DIV_UP && !negative)
				r++;
		}
		break;
	default: return RTAB_E_EXPR;
	}
	if (r < INT32_MIN || r > INT32_MAX)
		return RTAB_E_OVERFLOW;
	*out = (int32_t)r;
	return RTAB_OK;
}

/* Record a provisional reason once (a value read twice is one reason). */
static void note_provisional(rtab_eval_ctx *ctx, const char *why)
{
	if (!ctx || !why)
		return;
	if (ctx->reasons) {
		size_t n = ctx->nprovisional < ctx->reasons_cap ? ctx->nprovisional : ctx->reasons_cap;
		/* The same text is most often the same string: the address, then the text. */
		for (size_t i = 0; i < n; i++) {
			const char *r = ctx->reasons[i];
			if (r == why || (r[0] == why[0] && strcmp(r, why) == 0))
				return;
		}
		if (ctx->nprovisional < ctx->reasons_cap)
			ctx->reasons[ctx->nprovisional] = why;
	}
	if (!ctx->provisional)
		ctx->provisional = why;
	if (ctx->nprovisional < UINT16_MAX)
		ctx->nprovisional++;
}

/*
 * The state of one resolution inside the runtime: the caller's context (NULL:
 * nothing is noted) and the inputs whose reasons were noted already. Within
 * one resolution an input holds one value, so noting it again would note the
 * same reasons, which are noted once: the second time is skipped at once.
 * (Only while the reasons noted are all in the context's list: past its
 * room, or without a list, note_provisional counts a repeat again, and so
 * the repeat is noted as before.)
 */
typedef struct ectx {
	rtab_eval_ctx *ctx;
	uint64_t noted; /* bit i: input i (below 64) noted */
	uint64_t quiet; /* bit i: input i (below 64) has nothing to note in this resolution (its
			   value is fixed): a part of noted that a re-read keeps */
	/* The reasons listed in the context, by their numbers (rtab_ruleset.reason_text): at[n]
	 * is 1 + where reason n (below 256) was listed last; it is listed there still when the
	 * list reaches that far and holds it there (a reason has one address per number, so
	 * taking reasons back needs no change here). unnumbered: how many listed reasons have no
	 * number (while any has none, a reason is looked for by its text, as without numbers). */
	const char *reason_text;
	uint32_t reason_text_size;
	bool other_notes; /* set by eval at a ratio band, a matrix, dice or a jump: more than the
			     inputs read may be noted */
	uint16_t unnumbered;
	uint8_t at[256];
} ectx;

/* The number of a reason of the data's reason text (from 1), or 0: none (another text, or a
 * number past ectx.at). */
static inline unsigned reason_number(const ectx *e, const char *why)
{
	uintptr_t at = (uintptr_t)why - (uintptr_t)e->reason_text;
	unsigned n;
	if (!e->reason_text || at < 2 || at >= e->reason_text_size)
		return 0;
	n = (unsigned)(unsigned char)why[-2] | (unsigned)(unsigned char)why[-1] << 8;
	return n < 256 ? n : 0;
}

/* The marks of the reasons listed in the context, from the list itself. */
static void relist(ectx *e)
{
	rtab_eval_ctx *ctx = e->ctx;
	e->unnumbered = 0;
	if (!ctx || !ctx->reasons)
		return;
	for (size_t k = 0; k < ctx->nprovisional && k < ctx->reasons_cap; k++) {
		unsigned n = reason_number(e, ctx->reasons[k]);
		if (n)
			e->at[n] = (uint8_t)(k + 1);
		else
			e->unnumbered++;
	}
}

/* The state of a resolution (or of an evaluation) that notes into ctx (NULL: nothing). */
static void ectx_start(ectx *e, const rtab_ruleset *rs, rtab_eval_ctx *ctx)
{
	e->ctx = ctx;
	/* Without a context nothing is noted: every input counts as noted already. */
	e->noted = e->quiet = ctx ? 0 : ~(uint64_t)0;
	/* Data of another model has no reason text (rtab_resolve refuses it first). */
	e->reason_text = rs && rs->data_version == RTAB_DATA_VERSION ? rs->reason_text : NULL;
	e->reason_text_size = e->reason_text ? rs->reason_text_size : 0;
	e->unnumbered = 0;
	/* at[] is read only when noting, and nothing is noted without a context. */
	if (e->reason_text && ctx)
		memset(e->at, 0, sizeof e->at);
	if (ctx && ctx->nprovisional)
		relist(e);
}

/* note_provisional, a reason with a number found among those listed at once. */
static void note(ectx *e, const char *why)
{
	rtab_eval_ctx *ctx = e->ctx;
	unsigned n;
	size_t k;
	if (!ctx || !why)
		return;
	n = reason_number(e, why);
	if (!n || e->unnumbered || !ctx->reasons || ctx->reasons_cap > UINT8_MAX) {
		uint16_t before = ctx->nprovisional;
		note_provisional(ctx, why);
		if (ctx->reasons && ctx->nprovisional != before && before < ctx->reasons_cap) {
			if (n && before < UINT8_MAX)
				e->at[n] = (uint8_t)(before + 1);
			else
				e->unnumbered++;
		}
		return;
	}
	k = e->at[n];
	if (k && k <= ctx->nprovisional && k <= ctx->reasons_cap && ctx->reasons[k - 1] == why)
		return; /* listed */
	if (ctx->nprovisional < ctx->reasons_cap) {
		ctx->reasons[ctx->nprovisional] = why;
		e->at[n] = (uint8_t)(ctx->nprovisional + 1);
	}
	if (!ctx->provisional)
		ctx->provisional = why;
	if (ctx->nprovisional < UINT16_MAX)
		ctx->nprovisional++;
}

/* note_input past its first test: the input's first reading in this resolution. */
static void note_input_first(const rtab_ruleset *rs, ectx *e, size_t i, int32_t v)
{
	const rtab_input *in;
	rtab_eval_ctx *ctx = e->ctx;
	uint64_t bit = i < 64 ? (uint64_t)1 << i : 0;
	if (!ctx || i >= rs->ninputs)
		return;
	in = &rs->inputs[i];
	if (!in->provisional && in->type != RTAB_TYPE_ENUM) {
		e->quiet |= bit; /* most inputs: nothing to note, now or later */
		e->noted |= bit;
		return;
	}
	const char *own = in->provisional && v == in->default_value ? in->provisional : NULL;
	const char *held = NULL;
	if (in->type == RTAB_TYPE_ENUM && in->enum_index >= 0 && (size_t)in->enum_index < rs->nenums) {
		const rtab_enum *en = &rs->enums[in->enum_index];
		if (v >= 0 && v < en->nvalues && en->values)
			held = en->values[v].provisional;
	}
	if (!own && !held) {
		e->quiet |= bit; /* its value has no reason: nothing to note in this resolution */
		e->noted |= bit;
		return;
	}
	if (own)
		note(e, own);
	if (held)
		note(e, held);
	/* Its reasons are in the list now (none past its room): a repeat would change nothing. */
	if (ctx->reasons && ctx->nprovisional <= ctx->reasons_cap)
		e->noted |= bit;
}

/*
 * An input read by a condition, a value, a key or a column: the input's own
 * reason (its domain or default is not the source's) when it holds its
 * default value, and the reason of the enum value it holds.
 */
HOT_INLINE void note_input(const rtab_ruleset *rs, ectx *e, size_t i, int32_t v)
{
	if (i >= 64 || !(e->noted >> i & 1))
		note_input_first(rs, e, i, v);
}

/* The same, named first: the outcome's own uncertainty leads the list. */
static void note_provisional_first(rtab_eval_ctx *ctx, const char *why)
{
	size_t at, n;
	note_provisional(ctx, why);
	ctx->provisional = why;
	if (!ctx->reasons || ctx->reasons_cap == 0)
		return;
	n = ctx->nprovisional < ctx->reasons_cap ? ctx->nprovisional : ctx->reasons_cap;
	for (at = 0; at < n && strcmp(ctx->reasons[at], why) != 0; at++)
		;
	if (at == n) /* the list was full: make room by dropping the last */
		at = n - 1;
	for (; at > 0; at--)
		ctx->reasons[at] = ctx->reasons[at - 1];
	ctx->reasons[0] = why;
}

int rtab_matrix_find(const rtab_ruleset *rs, size_t index, const int32_t *keys, size_t *cell)
{
	const rtab_matrix *m;
	size_t at = 0;

	if (!rs || !cell || index >= rs->nmatrices)
		return !rs || !cell ? RTAB_E_NULL : RTAB_E_EXPR;
	m = &rs->matrices[index];
	if (m->ndims == 0 || !keys)
		return m->ndims == 0 ? RTAB_E_EXPR : RTAB_E_NULL;
	for (size_t k = 0; k < m->ndims; k++) {
		if (m->dims[k] >= rs->nenums)
			return RTAB_E_RULESET;
		uint16_t n = rs->enums[m->dims[k]].nvalues;
		if (keys[k] < 0 || keys[k] >= n)
			return RTAB_E_INPUT;
		at = at * n + (size_t)keys[k];
	}
	if (!m->cells && !m->cells8 && !m->cells16)
		return RTAB_E_RULESET;
	*cell = at;
	return RTAB_OK;
}

/* Pop the keys of a matrix from the top of the stack and push its cell. */
static int matrix_lookup(const rtab_ruleset *rs, int32_t index, int32_t *stack, size_t *sp,
			 ectx *e)
{
	const rtab_matrix *m;
	size_t cell = 0;

	if (index < 0 || (size_t)index >= rs->nmatrices)
		return RTAB_E_EXPR;
	m = &rs->matrices[index];
	if (*sp < m->ndims)
		return RTAB_E_EXPR;
	int rc = rtab_matrix_find(rs, (size_t)index, stack + (*sp - m->ndims), &cell);
	if (rc != RTAB_OK)
		return rc;
	*sp -= m->ndims;
	note(e, rtab_matrix_reason(m, cell));
	stack[(*sp)++] = rtab_matrix_cell(m, cell);
	return RTAB_OK;
}

/* <0, 0 or >0 as a:b is below, at or above p:q (sides below 2^31, terms below 2^32: no overflow). */
static int cmp_odds(int64_t a, int64_t b, int64_t p, int64_t q)
{
	int64_t l = a * q, r = p * b;
	return (l > r) - (l < r);
}

/* Where odds a:b (a, b > 0) lie in printed steps, as the fraction *n / *m: N:1 at N,
 * 1:N at 2 - N (1:1 at 1, 1:2 at 0, 1:3 at -1). */
static void odds_position(int64_t a, int64_t b, int64_t *n, int64_t *m)
{
	if (a >= b) {
		*n = a;
		*m = b;
	} else {
		*n = 2 * a - b;
		*m = a;
	}
}

#define MIDWAY_LIMIT ((int64_t)1 << 32)

int rtab_odds_midway(int64_t dp, int64_t dq, int64_t up, int64_t uq, int64_t *tn, int64_t *td)
{
	int64_t n1, m1, n2, m2;
	if (!tn || !td)
		return RTAB_E_NULL;
	if (dp <= 0 || dq <= 0 || up <= 0 || uq <= 0 || dp > INT32_MAX || dq > INT32_MAX ||
	    up > INT32_MAX || uq > INT32_MAX)
		return RTAB_E_RULESET;
	odds_position(dp, dq, &n1, &m1); /* |n| and m below 2^31 */
	odds_position(up, uq, &n2, &m2);
	/* The midpoint's position mn / md (each product below 2^62). */
	int64_t mn = n1 * m2 + n2 * m1, md = 2 * m1 * m2;
	if (md >= MIDWAY_LIMIT || mn >= MIDWAY_LIMIT || mn <= -MIDWAY_LIMIT)
		return RTAB_E_RULESET;
	if (mn >= md) { /* at or above 1:1: the odds mn:md */
		*tn = mn;
		*td = md;
	} else { /* below 1:1: 1:(2 - mn / md) */
		*tn = md;
		*td = 2 * md - mn;
	}
	return *tn < MIDWAY_LIMIT && *td < MIDWAY_LIMIT ? RTAB_OK : RTAB_E_RULESET;
}

int rtab_odds_linear_midway(int64_t dp, int64_t dq, int64_t up, int64_t uq, int64_t *tn, int64_t *td)
{
	if (!tn || !td)
		return RTAB_E_NULL;
	if (dp < 0 || dq <= 0 || up < 0 || uq <= 0 || dp > RTAB_MAX_STEP_TERM || dq > RTAB_MAX_STEP_TERM ||
	    up > RTAB_MAX_STEP_TERM || uq > RTAB_MAX_STEP_TERM)
		return RTAB_E_RULESET;
	*tn = dp * uq + up * dq; /* each below 2^28 */
	*td = 2 * dq * uq;
	return RTAB_OK;
}

/* Between the step dp:dq below a:b and up:uq above it, which NEAREST takes: *down for
 * the one below. A step 0:q lies infinitely far below any odds. */
static int nearest_odds_down(int64_t a, int64_t b, int64_t dp, int64_t dq, int64_t up, int64_t uq,
			     bool *down)
{
	int64_t tn = 0, td = 1;
	if (dp == 0) {
		*down = false;
		return RTAB_OK;
	}
	int rc = rtab_odds_midway(dp, dq, up, uq, &tn, &td);
	*down = cmp_odds(a, b, tn, td) <= 0; /* sides below 2^31, terms below 2^32 */
	return rc;
}

/* The rounding that applies to a key: EVENS reads down at or above 1:1 (or 0), up below. */
static uint8_t effective_rounding(uint8_t rounding, bool at_or_above_evens)
{
	if (rounding == RTAB_ROUND_EVENS)
		return at_or_above_evens ? RTAB_ROUND_DOWN : RTAB_ROUND_UP;
	return rounding;
}

/* x * y as the 128-bit number *hi * 2^64 + *lo, exactly (no type of 128 bits in C11). */
static void wide_product(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
	uint64_t xl = x & 0xffffffffu, xh = x >> 32, yl = y & 0xffffffffu, yh = y >> 32;
	uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	*lo = (mid << 32) | (ll & 0xffffffffu);
	*hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* <0, 0 or >0 as x1 * y1 is below, at or above x2 * y2, compared in 128 bits. */
static int cmp_wide(uint64_t x1, uint64_t y1, uint64_t x2, uint64_t y2)
{
	uint64_t h1, l1, h2, l2;
	wide_product(x1, y1, &h1, &l1);
	wide_product(x2, y2, &h2, &l2);
	if (h1 != h2)
		return h1 < h2 ? -1 : 1;
	return (l1 > l2) - (l1 < l2);
}

/* Whether round linear reads a:b as dp:dq rather than up:uq (dp:dq <= a:b <= up:uq, every
 * term positive): a:b at or below (dp/dq + up/uq) / 2, i.e. 2 a dq uq <= b (dp uq + up dq);
 * under LINEAR_UP a tie reads up. The sides are below 2^31 and every term too (a whole
 * odds of the ladder is at most a:b rounded up), so 2 a dq < 2^63 and dp uq + up dq <
 * 2^63; each side is one product of two of them, compared in 128 bits. */
static bool linear_odds_down(int64_t a, int64_t b, int64_t dp, int64_t dq, int64_t up, int64_t uq,
			     bool ties_up)
{
	int c = cmp_wide((uint64_t)(2 * a * dq), (uint64_t)uq, (uint64_t)b, (uint64_t)(dp * uq + up * dq));
	return ties_up ? c < 0 : c <= 0;
}

/* Round a:b (both > 0) to the ladder of whole odds and the band's steps. */
static int band_round(const rtab_band *band, int64_t *a, int64_t *b)
{
	int64_t dp, dq, up, uq; /* the ladder's steps just below and above a:b */
	if (*a >= *b) {
		dp = *a / *b;
		up = dp + (*a % *b != 0);
		dq = uq = 1;
	} else {
		dp = up = 1;
		dq = (*b + *a - 1) / *a;
		uq = *b / *a;
	}
	for (size_t i = 0; i < band->nsteps; i++) {
		int64_t p = band->steps[i].num, q = band->steps[i].den;
		if (cmp_odds(p, q, *a, *b) <= 0 && cmp_odds(p, q, dp, dq) > 0) {
			dp = p;
			dq = q;
		}
		if (cmp_odds(p, q, *a, *b) >= 0 && cmp_odds(p, q, up, uq) < 0) {
			up = p;
			uq = q;
		}
	}
	uint8_t mode = effective_rounding(band->rounding, *a >= *b);
	bool down = mode == RTAB_ROUND_DOWN;
	if (mode > RTAB_ROUND_LINEAR_UP)
		return RTAB_E_RULESET;
	if (mode == RTAB_ROUND_LINEAR || mode == RTAB_ROUND_LINEAR_UP)
		down = linear_odds_down(*a, *b, dp, dq, up, uq, mode == RTAB_ROUND_LINEAR_UP);
	if (mode == RTAB_ROUND_NEAREST) {
		int rc = nearest_odds_down(*a, *b, dp, dq, up, uq, &down);
		if (rc != RTAB_OK)
			return rc;
	}
	*a = down ? dp : up;
	*b = down ? dq : uq;
	return RTAB_OK;
}

int rtab_band_reach(const rtab_band *band, int32_t a32, int32_t b32, int *step)
{
	const rtab_band_step *best = NULL;
	int64_t a = a32, b = b32;

	if (!band || !step)
		return RTAB_E_NULL;
	*step = -1;
	if (a < 0 || b < 0)
		return RTAB_E_INPUT;
	if (a == 0 && b == 0)
		return RTAB_OK; /* no forces on either side: no ratio to read */
	for (size_t i = 0; i < band->nsteps; i++)
		if (band->steps[i].num <= 0 || band->steps[i].den <= 0 ||
		    band->steps[i].num > RTAB_MAX_STEP_TERM || band->steps[i].den > RTAB_MAX_STEP_TERM)
			return RTAB_E_RULESET;
	if (band->rounding != RTAB_ROUND_EVENS && a > 0 && b > 0) {
		int rc = band_round(band, &a, &b);
		if (rc != RTAB_OK)
			return rc;
	}
	for (size_t i = 0; i < band->nsteps; i++) {
		const rtab_band_step *st = &band->steps[i];
		int64_t lhs = a * st->den, rhs = (int64_t)st->num * b;
		bool favourable = st->num >= st->den;
		if (favourable ? lhs < rhs : lhs > rhs)
			continue;
		if (!best) {
			best = st;
			continue;
		}
		/* Compare st with best as fractions: keep the one furthest from 1:1. */
		int64_t cmp = (int64_t)st->num * best->den - (int64_t)best->num * st->den;
		if (favourable ? cmp > 0 : cmp < 0)
			best = st;
	}
	*step = best ? (int)(best - band->steps) : -1;
	return RTAB_OK;
}

/* The most extreme step of a ratio band that a:b (rounded as the band says) reaches. */
static int band_lookup(const rtab_ruleset *rs, int32_t index, int32_t a, int32_t b, int32_t *out,
		       ectx *e)
{
	const rtab_band *band;
	int step;

	if (index < 0 || (size_t)index >= rs->nbands)
		return RTAB_E_EXPR;
	band = &rs->bands[index];
	if (a < 0 || b < 0)
		return RTAB_E_INPUT;
	note(e, band->provisional);
	int rc = rtab_band_reach(band, a, b, &step);
	if (rc != RTAB_OK)
		return rc;
	*out = step >= 0 ? band->steps[step].value : band->otherwise;
	if (step >= 0 && band->step_provisional)
		note(e, band->step_provisional[step]);
	else if (step < 0)
		note(e, band->otherwise_provisional);
	return RTAB_OK;
}

static int roll_dice(const rtab_ruleset *rs, int32_t index, ectx *e, int32_t *sum)
{
	rtab_eval_ctx *ctx = e->ctx;
	const rtab_dice *d;
	int32_t total = 0;

	if (index < 0 || (size_t)index >= rs->ndice)
		return RTAB_E_EXPR;
	d = &rs->dice[index];
	if (!ctx || !ctx->faces || ctx->nfaces - ctx->next_face < d->nfaces ||
	    ctx->next_face > ctx->nfaces)
		return RTAB_E_FACES;
	for (size_t g = 0; g < d->ngroups; g++) {
		const rtab_die_group *grp = &d->groups[g];
		for (size_t j = 0; j < grp->count; j++) {
			int32_t f = ctx->faces[ctx->next_face++];
			if (f < grp->face_min || f > grp->face_max)
				return RTAB_E_FACES;
			total += f;
		}
	}
	*sum = total;
	note(e, d->provisional);
	return RTAB_OK;
}

static int eval(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		size_t ninputs, ectx *e, int32_t *value);

int rtab_expr_eval_ctx(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		       size_t ninputs, rtab_eval_ctx *ctx, int32_t *value)
{
	ectx e;
	ectx_start(&e, rs, ctx);
	if (!rs || !expr || !value || (!inputs && ninputs) || (!expr->instrs && expr->ninstrs))
		return RTAB_E_NULL;
	return eval(rs, expr, inputs, ninputs, &e, value);
}

/* eval, after the checks of rtab_expr_eval_ctx on the expression itself. */

/* The two operands of a binary operation, popped: false when the stack holds fewer. */
static inline bool pop_pair(const int32_t *stack, size_t *sp, int32_t *a, int32_t *b)
{
	if (*sp < 2)
		return false;
	*b = stack[--*sp];
	*a = stack[*sp - 1];
	return true;
}

/* a + b, a - b or a * b into *out, or false beyond int32. */
static inline bool in_range(int64_t r, int32_t *out)
{
	if (r < INT32_MIN || r > INT32_MAX)
		return false;
	*out = (int32_t)r;
	return true;
}

/*
 * rtab_expr_eval_ctx, its pointers checked (within the runtime: by the caller).
 * The postfix program on a stack, one step per instruction, each operation its
 * own case: the inputs are read, and their reasons noted, in program order.
 */
static int eval(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		size_t ninputs, ectx *e, int32_t *value)
{
	int32_t stack[RTAB_MAX_EXPR_STACK];
	size_t sp = 0;
	/* An empty program (instrs may be NULL) is true: no pointer arithmetic on it. */
	if (expr->ninstrs == 0) {
		*value = 1;
		return RTAB_OK;
	}
	const rtab_instr *in = expr->instrs, *end = expr->instrs + expr->ninstrs;
	for (; in < end; in++) {
		int32_t a, b;
		int rc;
		switch ((rtab_op)in->op) {
		case RTAB_OP_CONST:
		case RTAB_OP_CONST_EXACT:
			if (sp == RTAB_MAX_EXPR_STACK)
				return RTAB_E_EXPR;
			stack[sp++] = in->arg;
			continue;
		case RTAB_OP_INPUT:
			if ((uint32_t)in->arg >= ninputs) /* a negative arg too */
				return RTAB_E_EXPR;
			b = inputs[in->arg];
			note_input(rs, e, (size_t)in->arg, b);
			if (sp == RTAB_MAX_EXPR_STACK)
				return RTAB_E_EXPR;
			/* An input against a constant ("leaders >= 1"), the commonest step of a
			 * condition, in one: the same value, read and noted the same. */
			if (end - in > 2 && sp + 1 < RTAB_MAX_EXPR_STACK && in[1].op == RTAB_OP_CONST &&
			    compare((rtab_op)in[2].op, b, in[1].arg, &stack[sp])) {
				sp++;
				in += 2;
				continue;
			}
			stack[sp++] = b;
			continue;
		case RTAB_OP_EQ:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a == b;
			continue;
		case RTAB_OP_NE:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a != b;
			continue;
		case RTAB_OP_LT:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a < b;
			continue;
		case RTAB_OP_LE:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a <= b;
			continue;
		case RTAB_OP_GT:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a > b;
			continue;
		case RTAB_OP_GE:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a >= b;
			continue;
		case RTAB_OP_AND:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a && b;
			continue;
		case RTAB_OP_OR:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a || b;
			continue;
		case RTAB_OP_MIN:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a < b ? a : b;
			continue;
		case RTAB_OP_MAX:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			stack[sp - 1] = a > b ? a : b;
			continue;
		case RTAB_OP_ADD:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			if (!in_range((int64_t)a + b, &stack[sp - 1]))
				return RTAB_E_OVERFLOW;
			continue;
		case RTAB_OP_SUB:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			if (!in_range((int64_t)a - b, &stack[sp - 1]))
				return RTAB_E_OVERFLOW;
			continue;
		case RTAB_OP_MUL:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			if (!in_range((int64_t)a * b, &stack[sp - 1]))
				return RTAB_E_OVERFLOW;
			continue;
		case RTAB_OP_DIV_DOWN:
		case RTAB_OP_DIV_UP:
			if (!pop_pair(stack, &sp, &a, &b))
				return RTAB_E_EXPR;
			rc = arith((rtab_op)in->op, a, b, &stack[sp - 1]);
			if (rc != RTAB_OK)
				return rc;
			continue;
		case RTAB_OP_ROLL:
			e->other_notes = true;
			if (sp == RTAB_MAX_EXPR_STACK)
				return RTAB_E_EXPR;
			rc = roll_dice(rs, in->arg, e, &stack[sp++]);
			if (rc != RTAB_OK)
				return rc;
			continue;
		case RTAB_OP_NEG:
		case RTAB_OP_ABS:
			if (sp < 1)
				return RTAB_E_EXPR;
			if (stack[sp - 1] == INT32_MIN)
				return RTAB_E_OVERFLOW;
			if (in->op == RTAB_OP_NEG || stack[sp - 1] < 0)
				stack[sp - 1] = -stack[sp - 1];
			continue;
		case RTAB_OP_NOT:
			if (sp < 1)
				return RTAB_E_EXPR;
			stack[sp - 1] = !stack[sp - 1];
			continue;
		case RTAB_OP_MATRIX:
			e->other_notes = true;
			rc = matrix_lookup(rs, in->arg, stack, &sp, e);
			if (rc != RTAB_OK)
				return rc;
			continue;
		case RTAB_OP_BAND:
			e->other_notes = true;
			if (sp < 2)
				return RTAB_E_EXPR;
			rc = band_lookup(rs, in->arg, stack[sp - 2], stack[sp - 1], &stack[sp - 2], e);
			if (rc != RTAB_OK)
				return rc;
			sp--;
			continue;
		case RTAB_OP_SCALE:
			if (sp < 1)
				return RTAB_E_EXPR;
			rc = exact_op(RTAB_OP_SCALE, in->arg, stack[sp - 1], 0, &stack[sp - 1]);
			if (rc != RTAB_OK)
				return rc;
			continue;
		case RTAB_OP_MUL_EXACT:
		case RTAB_OP_DIV_EXACT:
			if (sp < 2)
				return RTAB_E_EXPR;
			rc = exact_op((rtab_op)in->op, in->arg, stack[sp - 2], stack[sp - 1], &stack[sp - 2]);
			if (rc != RTAB_OK)
				return rc;
			sp--;
			continue;
		case RTAB_OP_JUMP_IF_FALSE:
		case RTAB_OP_JUMP:
			e->other_notes = true;
			if (in->arg < 0 || (size_t)in->arg > (size_t)(end - in - 1))
				return RTAB_E_EXPR;
			if (in->op == RTAB_OP_JUMP_IF_FALSE) {
				if (sp < 1)
					return RTAB_E_EXPR;
				if (stack[--sp] != 0)
					continue;
			}
			in += in->arg;
			continue;
		case RTAB_OP_COUNT_:
		default: return RTAB_E_EXPR;
		}
	}
	if (sp != 1)
		return RTAB_E_EXPR;
	*value = stack[0];
	return RTAB_OK;
}

/* Where the inputs' combination lies in an expression's fold (rtab_expr.fold). False when
 * the fold cannot answer: a value outside a key's range (rtab_requirement_broken may be
 * given one) or, in data no compiler wrote, a key beyond the inputs, a combination beyond
 * the values or no values: the program answers then. */
HOT_INLINE bool fold_index(const rtab_fold *f, const int32_t *inputs, size_t ninputs, uint64_t *at)
{
	const rtab_fold_key *key = f->keys;
	uint64_t k = 0, scale = 1; /* wrap only in data no compiler wrote: k is bounded below */
	if (!key || (!f->values8 && !f->values))
		return false;
	for (size_t j = 0; j < f->nkeys; j++, key++) {
		if (key->input >= ninputs)
			return false;
		uint32_t off = (uint32_t)inputs[key->input] - (uint32_t)key->min;
		if (off >= key->size)
			return false;
		k += off * scale;
		scale *= key->size;
	}
	*at = k;
	return k < f->nvalues;
}

HOT_INLINE int32_t fold_value(const rtab_fold *f, uint64_t at)
{
	return f->values8 ? f->values8[at] : f->values[at];
}

/* An expression's value read from its fold, its keys' reasons noted in their order, as the
 * program notes them (it reads nothing else between them). */
HOT_INLINE bool folded_value(const rtab_ruleset *rs, const rtab_fold *f, const int32_t *inputs,
			     size_t ninputs, ectx *e, int32_t *value)
{
	uint64_t at;
	if (!fold_index(f, inputs, ninputs, &at))
		return false;
	*value = fold_value(f, at);
	if (e->ctx)
		for (size_t j = 0; j < f->nkeys; j++)
			note_input(rs, e, f->keys[j].input, inputs[f->keys[j].input]);
	return true;
}

/* eval, with the commonest shapes in place, without the loop: no condition, a constant (most
 * modifiers' values), an input compared with a constant (most conditions), a folded
 * program. */
HOT_INLINE int eval_quick(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
			  size_t ninputs, ectx *e, int32_t *value)
{
	const rtab_instr *ins = expr->instrs;
	if (expr->fold && folded_value(rs, expr->fold, inputs, ninputs, e, value))
		return RTAB_OK;
	switch (expr->ninstrs) {
	case 0:
		*value = 1;
		return RTAB_OK;
	case 1: /* a constant (most values), an input ("after_volley") */
		if (ins[0].op == RTAB_OP_CONST) {
			*value = ins[0].arg;
			return RTAB_OK;
		}
		if (ins[0].op == RTAB_OP_INPUT && (uint32_t)ins[0].arg < ninputs) {
			*value = inputs[ins[0].arg];
			note_input(rs, e, (size_t)ins[0].arg, *value);
			return RTAB_OK;
		}
		break;
	case 2: /* a negative constant ("-1") */
		if (ins[0].op == RTAB_OP_CONST && ins[1].op == RTAB_OP_NEG && ins[0].arg != INT32_MIN) {
			*value = -ins[0].arg;
			return RTAB_OK;
		}
		break;
	case 3: /* an input against a constant ("leaders >= 1"): most conditions */
		if (ins[0].op == RTAB_OP_INPUT && ins[1].op == RTAB_OP_CONST &&
		    (uint32_t)ins[0].arg < ninputs &&
		    compare((rtab_op)ins[2].op, inputs[ins[0].arg], ins[1].arg, value)) {
			note_input(rs, e, (size_t)ins[0].arg, inputs[ins[0].arg]);
			return RTAB_OK;
		}
		break;
	default: break;
	}
	return eval(rs, expr, inputs, ninputs, e, value);
}

/* eval_quick, after the checks of rtab_expr_eval_ctx on the expression itself. */
static int eval_checked(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
			size_t ninputs, ectx *e, int32_t *value)
{
	if (!expr->instrs && expr->ninstrs)
		return RTAB_E_NULL;
	return eval_quick(rs, expr, inputs, ninputs, e, value);
}

/* rtab_requirement_broken, its pointers checked: each requirement evaluated as it stands,
 * noting nothing (a broken situation is refused, not explained). */
static int requirement_broken(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			      int32_t *which)
{
	ectx e;
	*which = -1;
	if (!rs->nrequirements)
		return RTAB_OK;
	if (!rs->requirements)
		return RTAB_E_NULL;
	ectx_start(&e, rs, NULL);
	for (size_t i = 0; i < rs->nrequirements; i++) {
		const rtab_expr *cond = &rs->requirements[i].condition;
		int32_t holds = 0;
		int rc = RTAB_OK;
		uint64_t at;
		/* Checked before every resolution, noting nothing: the fold read in place, not
		 * through eval_checked (whose general entry cost more than the read). */
		if (cond->fold && fold_index(cond->fold, inputs, ninputs, &at))
			holds = fold_value(cond->fold, at);
		else
			rc = eval_checked(rs, cond, inputs, ninputs, &e, &holds);
		if (rc != RTAB_OK)
			return rc;
		if (!holds) {
			*which = (int32_t)i;
			return RTAB_OK;
		}
	}
	return RTAB_OK;
}

int rtab_expr_eval(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		   size_t ninputs, int32_t *value)
{
	return rtab_expr_eval_ctx(rs, expr, inputs, ninputs, NULL, value);
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

/* The natural roll of a table that declares its rolls: each roll's sum times its sign. */
static int32_t signed_rolls(const rtab_table *t, const int32_t *faces)
{
	int32_t total = 0;
	size_t k = 0;

	for (size_t r = 0; r < t->nrolls; r++)
		for (size_t j = 0; j < t->rolls[r].nfaces; j++)
			total += t->rolls[r].sign * faces[k++];
	return total;
}

/* Whether the rolls a table declares read exactly its dice's faces. */
static bool rolls_fit(const rtab_table *t, const rtab_dice *d)
{
	size_t n = 0;

	for (size_t r = 0; t->rolls && r < t->nrolls; r++)
		n += t->rolls[r].nfaces;
	return t->rolls && n == d->nfaces;
}

size_t rtab_table_nruns(const rtab_ruleset *rs, size_t table)
{
	if (!rs || table >= rs->ntables)
		return 0;
	const rtab_table *t = &rs->tables[table];
	if (t->nlines)
		return t->nlines;
	if (t->column_input < 0 || (size_t)t->column_input >= rs->ninputs)
		return 0;
	return (size_t)rs->inputs[t->column_input].max + 1;
}

int rtab_column_above_strict(const rtab_ruleset *rs, size_t table, size_t column)
{
	if (!rs || table >= rs->ntables)
		return 0;
	const rtab_table *t = &rs->tables[table];
	if (!t->above_strict || column >= t->ncolumns || t->columns[column].kind == RTAB_COLUMN_ROLLED)
		return 0;
	size_t nruns = rtab_table_nruns(rs, table);
	if (!nruns || !t->column_end_of_value)
		return column + 1 == t->ncolumns;
	for (size_t v = 0; v < nruns; v++)
		if (t->column_end_of_value[v] == column + 1)
			return 1;
	return 0;
}

int rtab_table_roll_sums(const rtab_ruleset *rs, size_t table, const int32_t *faces,
			 size_t nfaces, int32_t *sums, size_t cap, size_t *count)
{
	int32_t total;

	if (!rs || !count || (!sums && cap) || (!faces && nfaces))
		return RTAB_E_NULL;
	if (table >= rs->ntables)
		return RTAB_E_TABLE;
	const rtab_table *t = &rs->tables[table];
	*count = 0;
	if (t->nrolls == 0)
		return RTAB_OK;
	if (t->dice >= rs->ndice || !rolls_fit(t, &rs->dice[t->dice]))
		return RTAB_E_RULESET;
	int rc = natural_sum(&rs->dice[t->dice], faces, nfaces, &total);
	if (rc != RTAB_OK)
		return rc;
	size_t k = 0;
	for (size_t r = 0; r < t->nrolls; r++) {
		int32_t sum = 0;
		for (size_t j = 0; j < t->rolls[r].nfaces; j++)
			sum += faces[k++];
		if (r < cap)
			sums[r] = sum;
	}
	*count = t->nrolls;
	return RTAB_OK;
}

int rtab_modifier_counts_at_step(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || (t->step < RTAB_MAX_STEPS && (m->steps >> t->step) & 1u);
}

/* Whether member m, of value v, is one of its side's bonuses under
 * largest_each_way (else one of its penalties): its value is never below 0
 * (a constant 0 too), or never above 0. A defender's value is subtracted, so
 * its bonus lowers the roll. A value that may be either (which the checks
 * refuse) goes by its sign. */
static bool is_bonus(const rtab_modifier *m, int32_t v)
{
	return m->min >= 0 || (m->max > 0 && v >= 0);
}

/* Within each stacking group and side, keep only the member its policy names
 * (among the applied entries from first on: die-roll modifiers and column
 * shifts stack apart); under largest_each_way, one among the side's bonuses
 * and one among its penalties. The first of equals is kept. */
static void apply_stacking(const rtab_ruleset *rs, rtab_result *out, size_t first)
{
	for (size_t i = first; i < out->napplied; i++) {
		const rtab_modifier *mi = &rs->modifiers[out->applied[i].modifier];
		if (mi->group < 0 || !out->applied[i].counted)
			continue;
		uint8_t policy = rs->groups[mi->group].stacking;
		if (policy == RTAB_STACK_SUM)
			continue;
		for (size_t j = i + 1; j < out->napplied; j++) {
			const rtab_modifier *mj = &rs->modifiers[out->applied[j].modifier];
			if (mj->group != mi->group || mj->sign != mi->sign || !out->applied[j].counted)
				continue;
			/* The side wants its total high when its sign is +1. */
			int64_t a = out->applied[i].signed_value, b = out->applied[j].signed_value;
			bool best = policy == RTAB_STACK_BEST;
			if (policy == RTAB_STACK_LARGEST_EACH_WAY) {
				best = is_bonus(mi, out->applied[i].value);
				if (best != is_bonus(mj, out->applied[j].value))
					continue;
			}
			bool j_better_for_side = mi->sign > 0 ? b > a : b < a;
			bool keep_j = best ? j_better_for_side : (mi->sign > 0 ? b < a : b > a);
			if (keep_j) {
				out->applied[i].counted = 0;
				break;
			}
			out->applied[j].counted = 0;
		}
	}
}

/* The applied entries from first on, summed into *total: the counted members,
 * a capped group's total capped (a group contributes only through its members
 * that apply: one with none adds nothing, whatever its cap), each counted
 * member's reason noted, group by group in the groups' order, the ungrouped
 * last. For any number of groups. */
static void sum_groups_many(const rtab_ruleset *rs, rtab_result *out, size_t first, ectx *e,
			    int64_t *total)
{
	/* The groups with a member here (the first 64; later ones are always looked at). */
	uint64_t used = 0;
	for (size_t i = first; i < out->napplied; i++) {
		int16_t g = rs->modifiers[out->applied[i].modifier].group;
		if (g >= 64)
			used = UINT64_MAX;
		else if (g >= 0)
			used |= (uint64_t)1 << g;
	}

	/* Sum the counted members; a capped group contributes its capped total. */
	for (size_t g = 0; g <= rs->ngroups; g++) {
		int64_t sum = 0;
		bool members = false;
		if (g < rs->ngroups && g < 64 && !(used >> g & 1))
			continue; /* no member here: the group adds nothing */
		for (size_t i = first; i < out->napplied; i++) {
			const rtab_modifier *m = &rs->modifiers[out->applied[i].modifier];
			size_t mg = m->group < 0 ? rs->ngroups : (size_t)m->group;
			if (mg != g || !out->applied[i].counted)
				continue;
			sum += out->applied[i].signed_value;
			members = true;
			note(e, m->provisional);
		}
		if (g < rs->ngroups && rs->groups[g].capped && members) {
			if (sum < rs->groups[g].cap_min)
				sum = rs->groups[g].cap_min;
			if (sum > rs->groups[g].cap_max)
				sum = rs->groups[g].cap_max;
		}
		*total += sum; /* no int64 overflow: at most RTAB_MAX_APPLIED int32 terms */
	}
}

/* The same in one pass over the entries, for rulesets of at most 64 groups. */
static void sum_groups(const rtab_ruleset *rs, rtab_result *out, size_t first, ectx *e,
		       int64_t *total)
{
	int64_t gsum[64], other = 0;
	uint64_t used = 0;
	uint8_t noted[RTAB_MAX_APPLIED], key[RTAB_MAX_APPLIED];
	size_t nnoted = 0;

	for (size_t i = first; i < out->napplied; i++) {
		const rtab_applied_modifier *a = &out->applied[i];
		const rtab_modifier *m = &rs->modifiers[a->modifier];
		if (!a->counted)
			continue;
		if (m->group < 0) {
			other += a->signed_value;
		} else {
			uint64_t bit = (uint64_t)1 << m->group;
			if (!(used & bit))
				gsum[m->group] = 0;
			used |= bit;
			gsum[m->group] += a->signed_value;
		}
		if (m->provisional) { /* noted below, in the order of the groups (stable) */
			size_t k = nnoted++;
			uint8_t g = (uint8_t)(m->group < 0 ? 64 : m->group);
			for (; k > 0 && key[k - 1] > g; k--) {
				key[k] = key[k - 1];
				noted[k] = noted[k - 1];
			}
			key[k] = g;
			noted[k] = (uint8_t)i;
		}
	}
	for (size_t k = 0; k < nnoted; k++)
		note(e, rs->modifiers[out->applied[noted[k]].modifier].provisional);
	for (size_t g = 0; g < rs->ngroups; g++) {
		const rtab_group *grp = &rs->groups[g];
		if (!(used >> g & 1))
			continue; /* no member applies: the group adds nothing, whatever its cap */
		int64_t sum = gsum[g];
		if (grp->capped) {
			if (sum < grp->cap_min)
				sum = grp->cap_min;
			if (sum > grp->cap_max)
				sum = grp->cap_max;
		}
		*total += sum;
	}
	*total += other; /* no int64 overflow: at most RTAB_MAX_APPLIED int32 terms */
}

/* What evaluating an expression that reads inputs only (no ratio band, matrix, dice or jump:
 * each input instruction is read once, in order) notes: its inputs' reasons, in order. */
static void note_inputs_read(const rtab_ruleset *rs, ectx *e, const rtab_expr *expr,
			     const int32_t *inputs, size_t ninputs)
{
	for (size_t i = 0; i < expr->ninstrs; i++) {
		const rtab_instr *in = &expr->instrs[i];
		if (in->op == RTAB_OP_INPUT && (uint32_t)in->arg < ninputs)
			note_input(rs, e, (size_t)in->arg, inputs[in->arg]);
	}
}

/* Apply the modifiers of a list (die-roll modifiers, or column shifts) and
 * add their total, stacking groups and group caps applied, to *total. */
static int apply_list(const rtab_ruleset *rs, const rtab_table *t, const uint16_t *list, size_t n,
		      uint8_t shift, const int32_t *inputs, size_t ninputs, ectx *e,
		      rtab_result *out, int64_t *total)
{
	size_t first = out->napplied;
	/* Read once: the writes to out and to the context cannot change them. */
	const rtab_modifier *modifiers = rs->modifiers;
	size_t nmodifiers = rs->nmodifiers, ngroups = rs->ngroups;
	int16_t step = t->step;

	ectx silent; /* notes nothing (every input is taken as noted) */
	silent.ctx = NULL;
	silent.noted = silent.quiet = UINT64_MAX;

	if (n && !list)
		return RTAB_E_RULESET;
	for (size_t i = 0; i < n; i++) {
		const rtab_modifier *m;
		int32_t holds, value;
		int rc;

		if (list[i] >= nmodifiers)
			return RTAB_E_RULESET;
		m = &modifiers[list[i]];
		if (step >= 0 && !rtab_modifier_counts_at_step(t, m))
			continue;
		if (m->group >= 0 && (size_t)m->group >= ngroups)
			return RTAB_E_RULESET;
		if ((!m->condition.instrs && m->condition.ninstrs) || (!m->value.instrs && m->value.ninstrs))
			return RTAB_E_NULL;
		/* What a condition read decided the result whether it holds or not (a reading
		 * that leaves a modifier aside decides as much as one that applies it), so it
		 * notes what it read, in order, either way. It is first evaluated without
		 * noting: one that read inputs only notes them from the program. */
		silent.other_notes = false;
		rc = e->ctx ? eval_quick(rs, &m->condition, inputs, ninputs, &silent, &holds) : -1;
		if (rc == RTAB_OK && !silent.other_notes) {
			note_inputs_read(rs, e, &m->condition, inputs, ninputs);
		} else {
			rc = eval_quick(rs, &m->condition, inputs, ninputs, e, &holds);
			if (rc != RTAB_OK)
				return rc;
		}
		if (!holds)
			continue;
		rc = eval_quick(rs, &m->value, inputs, ninputs, e, &value);
		if (rc != RTAB_OK)
			return rc;
		if (out->napplied == RTAB_MAX_APPLIED)
			return RTAB_E_RULESET;
		rtab_applied_modifier *a = &out->applied[out->napplied++];
		a->modifier = list[i];
		a->value = value;
		if (value == INT32_MIN && m->sign < 0)
			return RTAB_E_OVERFLOW;
		a->signed_value = m->sign < 0 ? -value : value;
		a->counted = 1;
		a->shift = shift;
	}
	apply_stacking(rs, out, first);
	if (rs->ngroups <= 64)
		sum_groups(rs, out, first, e, total);
	else
		sum_groups_many(rs, out, first, e, total);
	/* Only the total must fit: a partial sum past 32 bits is no error. */
	if (*total < INT32_MIN || *total > INT32_MAX)
		return RTAB_E_OVERFLOW;
	return RTAB_OK;
}

static int apply_modifiers(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
			   size_t ninputs, ectx *e, rtab_result *out)
{
	int64_t total = out->modifier_raw;
	int rc = apply_list(rs, t, t->modifiers, t->nmodifiers, 0, inputs, ninputs, e, out, &total);
	if (rc == RTAB_OK)
		out->modifier_raw = (int32_t)total;
	return rc;
}

/* Insertion sort: a handful of faces, and the runtime never allocates. */
static void sort_faces(int32_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		int32_t x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* The natural-roll rule whose faces are these faces, in any order, or -1. */
static int natural_rule(const rtab_table *t, const int32_t *faces, size_t nfaces)
{
	int32_t mine[RTAB_MAX_FACES], theirs[RTAB_MAX_FACES];

	memcpy(mine, faces, nfaces * sizeof *faces);
	sort_faces(mine, nfaces);
	for (size_t i = 0; i < t->nnatural; i++) {
		const rtab_natural_rule *nr = &t->natural[i];
		if (nr->nfaces != nfaces)
			continue;
		memcpy(theirs, nr->faces, nfaces * sizeof *theirs);
		sort_faces(theirs, nfaces);
		if (memcmp(mine, theirs, nfaces * sizeof *mine) == 0)
			return (int)i;
	}
	return -1;
}

int rtab_natural_rule_of(const rtab_table *t, const int32_t *faces, size_t nfaces)
{
	if (!t || !faces || nfaces == 0 || nfaces > RTAB_MAX_FACES)
		return -1;
	return natural_rule(t, faces, nfaces);
}

static int apply_rewrites(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
			  size_t ninputs, ectx *e, rtab_result *out)
{
	for (size_t i = 0; i < t->nrewrites; i++) {
		const rtab_rewrite *rw = &t->rewrites[i];
		int32_t holds;
		int rc;
		if (rw->from != out->outcome)
			continue;
		/* The rewrite's reading decides the outcome whether it changes it or lets it
		 * stand: its reason and what its condition read mark the result either way. */
		rc = eval_checked(rs, &rw->condition, inputs, ninputs, e, &holds);
		if (rc != RTAB_OK)
			return rc;
		note(e, rw->provisional);
		if (!holds)
			continue;
		if (rw->to >= rs->noutcomes)
			return RTAB_E_RULESET;
		out->rewritten_from = (int16_t)out->outcome;
		out->rewrite = (int16_t)i;
		out->outcome = rw->to;
		break;
	}
	return RTAB_OK;
}

/* The outcome's triggers that apply, each as many times as it is resolved;
 * by[k] (when given) says which trigger of the outcome targets[k] is. */
static int collect_triggers(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			    ectx *e, size_t outcome, rtab_target *targets, uint8_t *by,
			    size_t cap, size_t *count)
{
	const rtab_outcome *o = &rs->outcomes[outcome];
	*count = 0;
	for (size_t i = 0; i < o->ntriggers; i++) {
		const rtab_trigger *tr = &o->triggers[i];
		int32_t suppressed = 0, times = 1;
		int rc;
		/* Its reading (its condition, its count) decides whether and how often it
		 * fires: its reason and what it read mark the result, fired or not. */
		note(e, tr->provisional);
		if (tr->unless.ninstrs) {
			rc = eval_checked(rs, &tr->unless, inputs, ninputs, e, &suppressed);
			if (rc != RTAB_OK)
				return rc;
		}
		if (!suppressed && tr->times.ninstrs) {
			rc = eval_checked(rs, &tr->times, inputs, ninputs, e, &times);
			if (rc != RTAB_OK)
				return rc;
			if (times < 0)
				return RTAB_E_RULESET;
		}
		if (suppressed || times == 0)
			continue;
		for (int32_t k = 0; k < times; k++) {
			if (*count < cap) {
				targets[*count] = tr->target;
				if (by)
					by[*count] = (uint8_t)i;
			}
			(*count)++;
		}
	}
	return RTAB_OK;
}

int rtab_outcome_triggers_by(const rtab_ruleset *rs, size_t outcome, const int32_t *inputs,
			     size_t ninputs, rtab_target *targets, uint8_t *by, size_t cap,
			     size_t *count)
{
	int rc;
	if (!rs || !count || (!targets && cap) || (!by && cap))
		return RTAB_E_NULL;
	if (outcome >= rs->noutcomes)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	ectx none;
	ectx_start(&none, rs, NULL);
	return collect_triggers(rs, inputs, ninputs, &none, outcome, targets, by, cap, count);
}

int rtab_trigger_inputs(const rtab_ruleset *rs, size_t outcome, size_t trigger,
			const int32_t *inputs, size_t ninputs, int32_t *out)
{
	const rtab_trigger *tr;
	int rc;
	if (!rs || !out || (!inputs && ninputs))
		return RTAB_E_NULL;
	if (outcome >= rs->noutcomes || trigger >= rs->outcomes[outcome].ntriggers)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	tr = &rs->outcomes[outcome].triggers[trigger];
	/* Every value is computed from the triggering situation, then written. */
	int32_t values[RTAB_MAX_SETS];
	if (tr->nsets > RTAB_MAX_SETS)
		return RTAB_E_RULESET;
	for (size_t i = 0; i < tr->nsets; i++) {
		if (tr->sets[i].input >= ninputs)
			return RTAB_E_RULESET;
		rc = rtab_expr_eval(rs, &tr->sets[i].value, inputs, ninputs, &values[i]);
		if (rc != RTAB_OK)
			return rc;
	}
	memmove(out, inputs, ninputs * sizeof *out);
	for (size_t i = 0; i < tr->nsets; i++)
		out[tr->sets[i].input] = values[i];
	return rtab_inputs_validate(rs, out, ninputs);
}

int rtab_trigger_repeat_inputs(const rtab_ruleset *rs, size_t outcome, size_t trigger,
			       const uint16_t *earlier, size_t nearlier, const int32_t *inputs,
			       size_t ninputs, int32_t *out)
{
	int rc;
	if (!earlier && nearlier)
		return RTAB_E_NULL;
	rc = rtab_trigger_inputs(rs, outcome, trigger, inputs, ninputs, out);
	if (rc != RTAB_OK)
		return rc;
	const rtab_trigger *tr = &rs->outcomes[outcome].triggers[trigger];
	for (size_t i = 0; i < tr->nsets; i++) {
		const rtab_trigger_set *st = &tr->sets[i];
		if (st->each == RTAB_SET_REPEAT) {
			out[st->input] = nearlier < INT32_MAX ? (int32_t)nearlier + 1 : INT32_MAX;
		} else if (st->each == RTAB_SET_EARLIER) {
			int32_t seen = 0;
			for (size_t k = 0; k < nearlier && !seen; k++)
				seen = earlier[k] == st->earlier;
			out[st->input] = seen;
		}
	}
	/* A repeat past the domain of the input that counts them is refused. */
	return rtab_inputs_validate(rs, out, ninputs);
}

int rtab_outcome_triggers(const rtab_ruleset *rs, size_t outcome, const int32_t *inputs,
			  size_t ninputs, rtab_target *targets, size_t cap, size_t *count)
{
	int rc;
	if (!rs || !count || (!targets && cap))
		return RTAB_E_NULL;
	if (outcome >= rs->noutcomes)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	ectx none;
	ectx_start(&none, rs, NULL);
	return collect_triggers(rs, inputs, ninputs, &none, outcome, targets, NULL, cap, count);
}

/* <0, 0 or >0 as the key num:den (a value: num) is below, at or above the
 * step step_num:step_den. */
static int cmp_key_step(const rtab_table *t, int64_t num, int64_t den, int32_t step_num, int32_t step_den)
{
	switch ((rtab_key_kind)t->key_kind) {
	case RTAB_KEY_VALUE:
		return (num > step_num) - (num < step_num);
	case RTAB_KEY_ODDS:
		return cmp_odds(num, den, step_num, step_den);
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		break; /* an input's column has no steps: key_column reads no key */
	}
	return 0;
}

/* <0, 0 or >0 as the key is below, at or above the step of column i. */
static int cmp_key(const rtab_table *t, int64_t num, int64_t den, size_t i)
{
	return cmp_key_step(t, num, den, t->columns[i].step_num, t->columns[i].step_den);
}

/* The rounding of the range of odds (or values) the key falls in, or the
 * table's one rounding. */
static uint8_t key_rounding(const rtab_table *t, int64_t num, int64_t den)
{
	if (!t->round_ranges || !t->nround_ranges)
		return t->rounding;
	uint8_t mode = t->round_ranges[0].rounding;
	for (size_t i = 1; i < t->nround_ranges; i++) {
		const rtab_round_range *r = &t->round_ranges[i];
		if (cmp_key_step(t, num, den, r->from_num, r->from_den) >= 0)
			mode = r->rounding;
	}
	return mode;
}

/* The column a computed key reads as among the columns [first, n) (see
 * rtab_rounding); the ends clamp. */
static int read_key(const rtab_table *t, size_t first, size_t n, int64_t num, int64_t den,
		    uint16_t *col)
{
	size_t down = n, up = n, passed = n; /* passed: the greatest step below a:b */
	bool odds = false, evens_or_above = false;

	switch ((rtab_key_kind)t->key_kind) {
	case RTAB_KEY_ODDS:
		odds = true;
		evens_or_above = num >= den;
		break;
	case RTAB_KEY_VALUE:
		evens_or_above = num >= 0;
		break;
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		return RTAB_E_RULESET; /* an input's column has no key to read */
	}
	if (t->above_strict) { /* 'above more than S': only a key past S reads it */
		if (n < first + 2 || n > t->ncolumns || t->columns[n - 1].kind == RTAB_COLUMN_ROLLED)
			return RTAB_E_RULESET;
		const rtab_column *a = &t->columns[n - 1];
		if (odds && (a->step_num < 0 || a->step_den <= 0 || a->step_num > RTAB_MAX_STEP_TERM ||
			     a->step_den > RTAB_MAX_STEP_TERM))
			return RTAB_E_RULESET;
		if (cmp_key(t, a->step_num, a->step_den, n - 2) < 0)
			return RTAB_E_RULESET; /* the step lies at or past the last printed column */
		if (cmp_key(t, num, den, n - 1) > 0) {
			*col = (uint16_t)(n - 1);
			return RTAB_OK;
		}
		down = up = passed = --n;
	}
	for (size_t i = first; i < n; i++) {
		const rtab_column *c = &t->columns[i];
		if (odds &&
		    (c->step_num < 0 || c->step_den <= 0 || c->step_num > RTAB_MAX_STEP_TERM ||
		     c->step_den > RTAB_MAX_STEP_TERM))
			return RTAB_E_RULESET;
		if (i > first && cmp_key(t, c->step_num, c->step_den, i - 1) <= 0)
			return RTAB_E_RULESET; /* steps must rise */
		int cmp = cmp_key(t, num, den, i);
		if (cmp >= 0)
			down = i;
		if (cmp > 0)
			passed = i;
		if (cmp <= 0 && up == n)
			up = i;
	}
	uint8_t mode = effective_rounding(key_rounding(t, num, den), evens_or_above);
	if (mode > RTAB_ROUND_DOWN_STRICT || n <= first)
		return RTAB_E_RULESET;
	if (mode == RTAB_ROUND_DOWN_STRICT)
		*col = (uint16_t)(passed == n ? first : passed); /* none passed: as below the first */
	else if (down == n)
		*col = (uint16_t)up; /* below the first step */
	else if (up == n)
		*col = (uint16_t)down; /* above the last */
	else if (mode == RTAB_ROUND_DOWN)
		*col = (uint16_t)down;
	else if (mode == RTAB_ROUND_UP)
		*col = (uint16_t)up;
	else {
		const rtab_column *d = &t->columns[down], *u = &t->columns[up];
		bool is_down = true; /* a tie reads down, but under LINEAR_UP */
		bool ties_up = mode == RTAB_ROUND_LINEAR_UP;
		if (!odds) {
			int64_t twice = 2 * num, mid = (int64_t)d->step_num + u->step_num;
			is_down = ties_up ? twice < mid : twice <= mid;
		} else if ((mode == RTAB_ROUND_LINEAR || ties_up) && d->step_num == 0) {
			is_down = false; /* a step 0:q lies infinitely far below, as for NEAREST */
		} else if (mode == RTAB_ROUND_LINEAR || ties_up) {
			int64_t tn, td;
			int rc = rtab_odds_linear_midway(d->step_num, d->step_den, u->step_num, u->step_den,
							 &tn, &td);
			if (rc != RTAB_OK)
				return rc;
			/* num, den below 2^31, tn, td below 2^28: the products fit */
			is_down = ties_up ? num * td < tn * den : num * td <= tn * den;
		} else {
			int rc = nearest_odds_down(num, den, d->step_num, d->step_den, u->step_num,
						   u->step_den, &is_down);
			if (rc != RTAB_OK)
				return rc;
		}
		*col = (uint16_t)(is_down ? down : up);
	}
	return RTAB_OK;
}

int rtab_key_column(const rtab_table *t, size_t first, size_t end, int64_t num, int64_t den, uint16_t *column)
{
	if (!t || !column)
		return RTAB_E_NULL;
	if (end > t->ncolumns || !t->columns)
		return RTAB_E_RULESET;
	return read_key(t, first, end, num, den, column);
}

/* The columns [*first, *end) the key reads among: the run of the variant
 * input's value in a two-key table, else every column; *run the run's
 * number (0 when there is one). */
static int key_run(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
		   size_t ninputs, ectx *e, size_t *first, size_t *end, int32_t *run)
{
	int32_t v;

	*first = 0;
	*end = t->ncolumns;
	*run = 0;
	switch ((rtab_key_kind)t->key_kind) {
	case RTAB_KEY_INPUT:
		return RTAB_OK; /* the input's value chooses among every column */
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
	case RTAB_KEY_ENUM:
		break;
	}
	if (t->column_input < 0 && !t->nlines)
		return RTAB_OK;
	if (!t->column_of_value || !t->column_end_of_value)
		return RTAB_E_RULESET;
	if (t->nlines) { /* the line whose condition holds */
		int rc = eval_checked(rs, &t->line_key, inputs, ninputs, e, &v);
		if (rc != RTAB_OK)
			return rc;
		if (v < 0 || v >= t->nlines)
			return RTAB_E_RULESET;
	} else {
		if ((size_t)t->column_input >= ninputs)
			return RTAB_E_RULESET;
		v = inputs[t->column_input];
		if (v < 0 || v >= rs->inputs[t->column_input].max + 1)
			return RTAB_E_RULESET;
	}
	*first = t->column_of_value[v];
	*end = t->column_end_of_value[v];
	*run = v;
	if (*first >= *end || *end > t->ncolumns)
		return RTAB_E_RULESET;
	return RTAB_OK;
}

/* The column of the second enum key's value in run v (RTAB_KEY_ENUM). */
static int enum_key_column(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
			   size_t ninputs, ectx *e, int32_t run, size_t first, size_t end,
			   uint16_t *col)
{
	int32_t k;
	size_t nruns = rtab_table_nruns(rs, (size_t)(t - rs->tables));
	int rc = eval_checked(rs, &t->key_a, inputs, ninputs, e, &k);
	if (rc != RTAB_OK)
		return rc;
	if (nruns == 0 || !t->column_of_key || t->ncolumn_of_key % nruns != 0)
		return RTAB_E_RULESET;
	size_t n = t->ncolumn_of_key / nruns;
	if (k < 0 || (size_t)k >= n || run < 0 || (size_t)run >= nruns)
		return RTAB_E_RULESET;
	*col = t->column_of_key[(size_t)run * n + (size_t)k];
	return first <= *col && *col < end ? RTAB_OK : RTAB_E_RULESET;
}

/* The column before any shift: the input's, or the key's. */
static int key_column(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
		      size_t ninputs, ectx *e, rtab_result *out, size_t first,
		      size_t end, int32_t run, uint16_t *col)
{
	int32_t a, b = 1, v;
	int rc;

	switch ((rtab_key_kind)t->key_kind) {
	case RTAB_KEY_INPUT:
		if (t->column_input < 0) {
			*col = 0;
			return t->ncolumns == 1 ? RTAB_OK : RTAB_E_RULESET;
		}
		if ((size_t)t->column_input >= ninputs)
			return RTAB_E_RULESET;
		v = inputs[t->column_input];
		if (v < 0 || v >= rs->inputs[t->column_input].max + 1 || !t->column_of_value)
			return RTAB_E_RULESET;
		note_input(rs, e, (size_t)t->column_input, v);
		*col = t->column_of_value[v];
		return *col < t->ncolumns ? RTAB_OK : RTAB_E_COLUMN;
	case RTAB_KEY_ODDS:
		rc = eval_checked(rs, &t->key_a, inputs, ninputs, e, &a);
		if (rc == RTAB_OK)
			rc = eval_checked(rs, &t->key_b, inputs, ninputs, e, &b);
		if (rc != RTAB_OK)
			return rc;
		out->key_num = a;
		out->key_den = b;
		if (a < 0 || b < 0)
			return RTAB_E_INPUT;
		if (a == 0 && b == 0)
			return RTAB_E_NO_RESULT; /* no forces on either side: no odds to read */
		return read_key(t, first, end, a, b, col);
	case RTAB_KEY_VALUE:
		rc = eval_checked(rs, &t->key_a, inputs, ninputs, e, &a);
		if (rc != RTAB_OK)
			return rc;
		out->key_num = a;
		out->key_den = b;
		return read_key(t, first, end, a, b, col);
	case RTAB_KEY_ENUM:
		return enum_key_column(rs, t, inputs, ninputs, e, run, first, end, col);
	}
	return RTAB_E_RULESET;
}

static int pick_column(const rtab_ruleset *rs, const rtab_table *t, const int32_t *inputs,
		       size_t ninputs, ectx *e, rtab_result *out)
{
	uint16_t col = 0;
	int64_t shift = 0, pos;
	size_t first, end;
	int32_t run;
	int rc = key_run(rs, t, inputs, ninputs, e, &first, &end, &run);
	bool variant = false; /* a two-key table: the variant's run, then the key */

	switch ((rtab_key_kind)t->key_kind) {
	case RTAB_KEY_INPUT:
		break;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
	case RTAB_KEY_ENUM:
		variant = t->column_input >= 0;
		break;
	}
	if (rc == RTAB_OK && variant)
		note_input(rs, e, (size_t)t->column_input, inputs[t->column_input]); /* the variant */
	if (rc == RTAB_OK)
		rc = key_column(rs, t, inputs, ninputs, e, out, first, end, run, &col);
	if (rc != RTAB_OK)
		return rc;
	out->key_column = (int16_t)col;
	rc = apply_list(rs, t, t->shifts, t->nshifts, 1, inputs, ninputs, e, out, &shift);
	if (rc != RTAB_OK)
		return rc;
	out->column_shift = (int32_t)shift;
	/* 'clamp shifts;': an end column is the key's alone, and a shift stops at the
	 * printed columns. */
	int64_t lo = (int64_t)first + (t->shift_stops & RTAB_SHIFT_STOP_BELOW ? 1 : 0);
	int64_t hi = (int64_t)end - 1 - (t->shift_stops & RTAB_SHIFT_STOP_ABOVE ? 1 : 0);
	if (lo > hi)
		return RTAB_E_RULESET;
	if (col < lo || col > hi) {
		out->column = col;
		return RTAB_OK;
	}
	pos = (int64_t)col + shift;
	if (pos < lo)
		pos = lo;
	if (pos > hi)
		pos = hi;
	out->column = (uint16_t)pos;
	return RTAB_OK;
}

static int lookup_row(const rtab_table *t, const rtab_column *c, int32_t roll, uint16_t *row)
{
	int32_t r;

	if (!rtab_column_rolls(c))
		return RTAB_E_RULESET;
	if (roll < t->roll_min)
		r = c->below_row;
	else if (roll > t->roll_max)
		r = c->above_row;
	else
		r = rtab_column_row(c, (size_t)(roll - t->roll_min));
	if (r < 0)
		return RTAB_E_NO_ROW;
	if (r >= t->nrows)
		return RTAB_E_RULESET;
	*row = (uint16_t)r;
	return RTAB_OK;
}

/* A column that gives its result without a roll. */
static bool has_unrolled_column(const rtab_table *t)
{
	for (size_t i = 0; i < t->ncolumns; i++)
		if (t->columns[i].kind != RTAB_COLUMN_ROLLED)
			return true;
	return false;
}

int rtab_resolve(const rtab_ruleset *rs, size_t table, const int32_t *inputs, size_t ninputs,
		 const int32_t *faces, size_t nfaces, int32_t extra_drm, rtab_result *out)
{
	/* Data of another model may not hold a native resolver where this one does: the
	 * interpreter refuses it. */
	if (!rs || rs->data_version != RTAB_DATA_VERSION || !rs->native_resolve)
		return rtab_resolve_interpreted(rs, table, inputs, ninputs, faces, nfaces, extra_drm,
						out);
	/* The native resolver leaves every error to the interpreter, which names the bad
	 * input; an answer it gives itself has none. */
	if (out)
		out->bad_input = -1;
	return rs->native_resolve(rs, table, inputs, ninputs, faces, nfaces, extra_drm, out);
}

int rtab_resolve_interpreted(const rtab_ruleset *rs, size_t table, const int32_t *inputs,
			     size_t ninputs, const int32_t *faces, size_t nfaces, int32_t extra_drm,
			     rtab_result *out)
{
	const rtab_table *t;
	rtab_eval_ctx ctx = {0};
	ectx e;
	const char *why;

	ctx.reasons = out ? out->reasons : NULL;
	ctx.reasons_cap = RTAB_MAX_REASONS;
	ectx_start(&e, rs, &ctx);
	int64_t roll;
	int rc, nat;
	bool faces_later = false; /* none given: fine if the column needs no roll */

	if (out)
		out->bad_input = -1;
	if (!rs || !out || (!faces && nfaces))
		return RTAB_E_NULL;
	if (table >= rs->ntables)
		return RTAB_E_TABLE;
	if (nfaces > RTAB_MAX_FACES)
		return RTAB_E_FACES;
	rc = check_inputs(rs, inputs, ninputs, &out->bad_input);
	if (rc != RTAB_OK)
		return rc;
	t = &rs->tables[table];
	if (t->dice >= rs->ndice && t->dice != RTAB_NO_DICE)
		return RTAB_E_RULESET;
	if (t->ncolumns == 0 || !t->columns)
		return RTAB_E_RULESET;
	/* A modifier from outside belongs to no step: counting it would undo the step's filter. */
	if (t->step >= 0 && extra_drm != 0)
		return RTAB_E_STEP_DRM;

	/* Only the fixed fields: the applied and triggered arrays are valid up to their counts. */
	out->table = (uint16_t)table;
	out->column = out->row = out->outcome = 0;
	out->napplied = out->ntriggered = 0;
	out->provisional = NULL;
	out->nprovisional = 0;
	out->natural_rule = out->rewritten_from = out->rewrite = -1;
	out->key_num = out->key_den = 0;
	out->key_column = -1;
	out->column_shift = 0;
	out->automatic = 0;
	out->natural = 0;
	if (t->dice == RTAB_NO_DICE) {
		if (nfaces != 0)
			return RTAB_E_FACES;
	} else if (nfaces == 0 && has_unrolled_column(t)) {
		faces_later = true;
	} else {
		rc = natural_sum(&rs->dice[t->dice], faces, nfaces, &out->natural);
		if (rc != RTAB_OK)
			return rc;
		if (t->nrolls) {
			if (!rolls_fit(t, &rs->dice[t->dice]))
				return RTAB_E_RULESET;
			out->natural = signed_rolls(t, faces);
		}
		/* The dice's reason (which faces there are) marks the odds, not a result
		 * resolved from faces given. */
	}
	out->modifier_raw = extra_drm;
	rc = apply_modifiers(rs, t, inputs, ninputs, &e, out);
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

	rc = pick_column(rs, t, inputs, ninputs, &e, out);
	if (rc != RTAB_OK)
		return rc;
	const rtab_column *col = &t->columns[out->column];
	nat = nfaces ? natural_rule(t, faces, nfaces) : -1;
	if (col->kind == RTAB_COLUMN_NONE) {
		out->row = UINT16_MAX;
		if (col->provisional) { /* "not allowed" may itself be a reading */
			note_provisional_first(&ctx, col->provisional);
			relist(&e);
			out->provisional = ctx.provisional;
			out->nprovisional = ctx.nprovisional;
		}
		return RTAB_E_NO_RESULT;
	} else if (col->kind == RTAB_COLUMN_AUTOMATIC) {
		/* The column decides without a roll. */
		out->automatic = 1;
		out->row = UINT16_MAX;
		out->outcome = col->automatic;
		why = col->provisional;
	} else if (col->kind != RTAB_COLUMN_ROLLED) {
		return RTAB_E_RULESET;
	} else if (faces_later) {
		return RTAB_E_FACES;
	} else if (nat >= 0) {
		/* The natural roll decides, whatever the modifiers. */
		out->natural_rule = (int16_t)nat;
		out->row = UINT16_MAX;
		out->outcome = t->natural[nat].outcome;
		why = t->natural[nat].provisional;
	} else {
		rc = lookup_row(t, col, out->modified_roll, &out->row);
		if (rc != RTAB_OK)
			return rc;
		out->outcome = rtab_row_outcome(t, out->row);
		why = rtab_row_provisional(t, out->row);
	}
	/* The outcome's own uncertainty is the one to name first. */
	if (why) {
		note_provisional_first(&ctx, why);
		relist(&e);
		/* Past the list's room it pushed the last listed reason off: an input
		 * noted before may be listed no more, so a re-read looks again (and
		 * counts it, as a reason not listed counts each time it is met). */
		if (ctx.nprovisional > ctx.reasons_cap)
			e.noted = e.quiet;
	}
	if (out->outcome >= rs->noutcomes)
		return RTAB_E_RULESET;
	rc = apply_rewrites(rs, t, inputs, ninputs, &e, out);
	if (rc == RTAB_OK) {
		size_t n;
		rc = collect_triggers(rs, inputs, ninputs, &e, out->outcome, out->triggered,
				      out->triggered_by, RTAB_MAX_TRIGGERS, &n);
		if (rc == RTAB_OK && n > RTAB_MAX_TRIGGERS)
			rc = RTAB_E_RULESET;
		out->ntriggered = (uint16_t)(n > RTAB_MAX_TRIGGERS ? RTAB_MAX_TRIGGERS : n);
	}
	out->provisional = ctx.provisional;
	out->nprovisional = ctx.nprovisional;
	return rc;
}

int rtab_reactions(const rtab_ruleset *rs, size_t set, const int32_t *inputs, size_t ninputs,
		   uint16_t *options, size_t cap, size_t *count)
{
	const rtab_reaction_set *rset;
	int rc;

	if (!rs || !count || (!options && cap))
		return RTAB_E_NULL;
	if (set >= rs->nreaction_sets)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	rset = &rs->reaction_sets[set];
	*count = 0;
	if (rset->none_when.ninstrs) {
		int32_t none;
		rc = rtab_expr_eval(rs, &rset->none_when, inputs, ninputs, &none);
		if (rc != RTAB_OK || none)
			return rc;
	}
	for (size_t i = 0; i < rset->noptions; i++) {
		int32_t allowed;
		rc = rtab_expr_eval(rs, &rset->options[i].guard, inputs, ninputs, &allowed);
		if (rc != RTAB_OK)
			return rc;
		if (!allowed)
			continue;
		if (*count < cap)
			options[*count] = (uint16_t)i;
		(*count)++;
	}
	return RTAB_OK;
}

int rtab_transition_next(const rtab_ruleset *rs, size_t transition, const int32_t *inputs,
			 size_t ninputs, int32_t *state)
{
	const rtab_transition *tr;
	int rc;

	if (!rs || !state)
		return RTAB_E_NULL;
	if (transition >= rs->ntransitions)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	tr = &rs->transitions[transition];
	if (tr->input >= ninputs || inputs[tr->input] < 0)
		return RTAB_E_RULESET;
	int16_t next = tr->next[inputs[tr->input]];
	if (next < 0)
		return RTAB_E_STATE;
	*state = next;
	return RTAB_OK;
}

int rtab_distance_eval_why(const rtab_ruleset *rs, size_t distance, size_t form,
			   const int32_t *inputs, size_t ninputs, const int32_t *faces,
			   size_t nfaces, int32_t *value, const char **reasons, size_t cap,
			   size_t *nreasons)
{
	rtab_eval_ctx ctx = {faces, nfaces, 0, NULL, 0, reasons,
			     (uint16_t)(cap > UINT16_MAX ? UINT16_MAX : cap)};
	const rtab_distance *d;
	int rc;

	if (!rs || !value || (!faces && nfaces) || (!reasons && cap))
		return RTAB_E_NULL;
	if (distance >= rs->ndistances)
		return RTAB_E_INDEX;
	d = &rs->distances[distance];
	if (form >= d->nforms)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	rc = rtab_expr_eval_ctx(rs, &d->forms[form].value, inputs, ninputs, &ctx, value);
	if (rc != RTAB_OK)
		return rc;
	if (ctx.next_face != nfaces)
		return RTAB_E_FACES;
	if (d->provisional)
		note_provisional_first(&ctx, d->provisional);
	if (nreasons)
		*nreasons = ctx.nprovisional;
	return RTAB_OK;
}

int rtab_distance_eval(const rtab_ruleset *rs, size_t distance, size_t form,
		       const int32_t *inputs, size_t ninputs, const int32_t *faces, size_t nfaces,
		       int32_t *value, const char **provisional)
{
	const char *reasons[RTAB_MAX_REASONS];
	size_t n = 0;
	int rc = rtab_distance_eval_why(rs, distance, form, inputs, ninputs, faces, nfaces, value,
					reasons, RTAB_MAX_REASONS, &n);
	if (rc == RTAB_OK && provisional)
		*provisional = n ? reasons[0] : NULL;
	return rc;
}

int rtab_procedure_step_first(const rtab_ruleset *rs, size_t procedure, const int32_t *inputs,
			      size_t ninputs, int32_t *step)
{
	const rtab_procedure *p;
	int rc;

	if (!rs || !step)
		return RTAB_E_NULL;
	if (procedure >= rs->nprocedures)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, ninputs);
	if (rc != RTAB_OK)
		return rc;
	p = &rs->procedures[procedure];
	*step = -1;
	for (size_t i = 0; i < p->nsteps; i++) {
		int32_t applies;
		rc = rtab_expr_eval(rs, &p->steps[i].guard, inputs, ninputs, &applies);
		if (rc != RTAB_OK)
			return rc;
		if (applies) {
			*step = (int32_t)i;
			break;
		}
	}
	return RTAB_OK;
}
