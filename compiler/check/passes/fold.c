/* SPDX-License-Identifier: MIT */
/*
 * The interpreter evaluates a modifier's condition and value, and every
 * requirement, on each resolution, a step of its program at a time. A program
 * that reads only a few inputs of small ranges is a table of its values: the
 * compiler evaluates it on every combination with the runtime's own
 * evaluator, and the runtime reads one value (rtab_expr.fold).
 */
#include "check/passes/fold.h"

#include <stdlib.h>
#include <string.h>

/* At most so many inputs, and so many combinations: 4 KiB of values when they need 32 bits,
 * 16 KiB of one-byte values (a condition's 0 and 1, most modifiers' values). */
#define FOLD_KEYS 8u
#define FOLD_VALUES32 1024u
#define FOLD_VALUES8 16384u
/* Evaluations per file at most: a file of many large folds builds as fast (the editor
 * builds it on every change) and keeps the rest as programs. */
#define FOLD_WORK 1000000u

static bool foldable_op(uint8_t op)
{
	switch ((rtab_op)op) {
	case RTAB_OP_MATRIX: /* notes the cell's reason */
	case RTAB_OP_BAND:   /* notes the step's reason */
	case RTAB_OP_ROLL:   /* reads the dice */
	case RTAB_OP_JUMP_IF_FALSE:
	case RTAB_OP_JUMP: /* may skip an input: what is noted depends on the values */
		return false;
	default:
		return op < RTAB_OP_COUNT_;
	}
}

/* The shapes the runtime reads in place, without its loop (eval_quick in runtime/rtab.c): a
 * constant, an input, a negative constant, an input against a constant. */
static bool read_in_place(const rtab_expr *e)
{
	if (e->ninstrs <= 2)
		return true;
	const rtab_instr *in = e->instrs;
	return e->ninstrs == 3 && in[0].op == RTAB_OP_INPUT && in[1].op == RTAB_OP_CONST &&
	       in[2].op >= RTAB_OP_EQ && in[2].op <= RTAB_OP_GE;
}

void fold_expr(model *m, rtab_expr *e)
{
	const rtab_ruleset *rs = &m->rs;
	size_t n = rs->ninputs, nkeys = 0;
	rtab_fold_key keys[FOLD_KEYS];
	uint64_t total = 1;

	if (!e->instrs || e->fold || read_in_place(e))
		return;
	for (size_t i = 0; i < e->ninstrs; i++) {
		const rtab_instr *in = &e->instrs[i];
		if (!foldable_op(in->op))
			return;
		if (in->op != RTAB_OP_INPUT)
			continue;
		if (in->arg < 0 || (size_t)in->arg >= n || in->arg > UINT16_MAX)
			return;
		size_t j = 0;
		while (j < nkeys && keys[j].input != (uint16_t)in->arg)
			j++;
		if (j < nkeys)
			continue; /* read again: one key, in the order first read */
		const rtab_input *ip = &rs->inputs[in->arg];
		if (nkeys == FOLD_KEYS || ip->max < ip->min)
			return;
		/* every value of the range, those between a number's steps too: few enough here */
		uint64_t size = (uint64_t)((int64_t)ip->max - ip->min) + 1;
		total *= size;
		if (size > FOLD_VALUES8 || total > FOLD_VALUES8)
			return;
		keys[nkeys++] = (rtab_fold_key){(uint16_t)in->arg, ip->min, (uint32_t)size};
	}
	if (!nkeys)
		return; /* a constant program: eval's loop is short */
	if (m->fold_work + total > FOLD_WORK)
		return;
	m->fold_work += total;

	int32_t *vals = calloc((size_t)total, sizeof *vals);
	int32_t *in = calloc(n, sizeof *in);
	bool ok = vals && in, narrow = true;
	if (ok)
		rtab_inputs_default(rs, in, n);
	for (uint64_t k = 0; ok && k < total; k++) {
		uint64_t rest = k;
		for (size_t j = 0; j < nkeys; j++) {
			in[keys[j].input] = (int32_t)(keys[j].min + (int64_t)(rest % keys[j].size));
			rest /= keys[j].size;
		}
		ok = rtab_expr_eval(rs, e, in, n, &vals[k]) == RTAB_OK;
		narrow &= vals[k] >= INT8_MIN && vals[k] <= INT8_MAX;
	}
	if (ok && (narrow || total <= FOLD_VALUES32)) {
		rtab_fold *f = model_array(m, 1, sizeof *f);
		rtab_fold_key *fk = model_array(m, nkeys, sizeof *fk);
		memcpy(fk, keys, nkeys * sizeof *fk);
		memset(f, 0, sizeof *f);
		f->nkeys = (uint8_t)nkeys;
		f->keys = fk;
		f->nvalues = (uint32_t)total;
		if (narrow) {
			int8_t *v8 = model_array(m, (size_t)total, sizeof *v8);
			for (uint64_t k = 0; k < total; k++)
				v8[k] = (int8_t)vals[k];
			f->values8 = v8;
		} else {
			int32_t *v = model_array(m, (size_t)total, sizeof *v);
			memcpy(v, vals, (size_t)total * sizeof *v);
			f->values = v;
		}
		e->fold = f;
	}
	free(vals);
	free(in);
}
