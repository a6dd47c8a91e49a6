/* SPDX-License-Identifier: MIT */
/*
 * The support of the resolvers printed from the lowering (rtab compile's C,
 * compiler/targets/print_c.c), included by the generated C after rtab.h:
 * arithmetic checked as rtab_resolve checks it and the reasons noted into an
 * rtab_result as it notes them, inline (a stacking group's choice is printed
 * as comparisons, decided by the lowering); what
 * needs the runtime's own reading (a computed key's column, the step of a
 * ratio band that rounds, a matrix's cell, a natural roll, exact numbers)
 * called from it (rtab.h), so that both decide alike. Not an API of its own: its names end
 * in '_' and change with the compiler.
 */
#ifndef RTAB_LOWERED_H
#define RTAB_LOWERED_H

#include "rtab.h"


#if defined(__GNUC__)
#define RTAB_LOWERED_ static inline __attribute__((unused))
#else
#define RTAB_LOWERED_ static inline
#endif

/* A step that may fail: its status returned at once. */
#define RTAB_LOWERED_TRY_(x) \
	do { \
		int rc_ = (x); \
		if (rc_ != RTAB_OK) \
			return rc_; \
	} while (0)

/* A reason noted once, told apart by its number id (from 1; texts[id] its text, each text one
 * number): seen holds a bit per number, set while the reason is among those listed (the first
 * RTAB_MAX_REASONS); past the list's room one not listed counts each time it is met, as
 * rtab_resolve counts it. */
RTAB_LOWERED_ void rtab_lowered_note_id_(rtab_result *out, uint64_t *seen, unsigned id, const char *why)
{
	uint64_t bit = (uint64_t)1 << (id & 63);
	if (seen[id >> 6] & bit)
		return;
	if (out->nprovisional < RTAB_MAX_REASONS) {
		seen[id >> 6] |= bit;
		out->reasons[out->nprovisional] = why;
	}
	if (!out->provisional)
		out->provisional = why;
	if (out->nprovisional < UINT16_MAX)
		out->nprovisional++;
}

/* The same, named first: the outcome's own uncertainty leads the list. A text has one pointer
 * (texts[id]): the one listed is found by it; when the list was full, the last listed makes
 * room (its number found among the ntexts texts). */
RTAB_LOWERED_ void rtab_lowered_note_first_id_(rtab_result *out, uint64_t *seen, unsigned id,
					       const char *const *texts, size_t ntexts)
{
	const char *why = texts[id];
	size_t at, n;
	rtab_lowered_note_id_(out, seen, id, why);
	out->provisional = why;
	n = out->nprovisional < RTAB_MAX_REASONS ? out->nprovisional : RTAB_MAX_REASONS;
	if (seen[id >> 6] >> (id & 63) & 1) {
		for (at = 0; at < n && out->reasons[at] != why; at++)
			;
	} else { /* the list was full: the last listed makes room */
		at = n ? n - 1 : 0;
		for (size_t k = 1; k < ntexts; k++)
			if (texts[k] == out->reasons[at])
				seen[k >> 6] &= ~((uint64_t)1 << (k & 63));
		seen[id >> 6] |= (uint64_t)1 << (id & 63);
	}
	for (; at > 0; at--)
		out->reasons[at] = out->reasons[at - 1];
	out->reasons[0] = why;
}

/* v into *r, when int32 holds it. */
RTAB_LOWERED_ int rtab_lowered_fit_(int32_t *r, int64_t v)
{
	if (v < INT32_MIN || v > INT32_MAX)
		return RTAB_E_OVERFLOW;
	*r = (int32_t)v;
	return RTAB_OK;
}

/* a / b rounded down (up: towards plus infinity); b 0 is a malformed expression. */
RTAB_LOWERED_ int rtab_lowered_div_(int32_t *r, int32_t a, int32_t b, int up)
{
	int64_t q;
	if (b == 0)
		return RTAB_E_EXPR;
	q = (int64_t)a / b;
	if ((int64_t)a % b != 0) {
		int negative = (a < 0) != (b < 0);
		if (!up && negative)
			q--;
		else if (up && !negative)
			q++;
	}
	return rtab_lowered_fit_(r, q);
}

/* A whole number made exact (a * scale), a * b / scale and a * scale / b: the runtime's. */
RTAB_LOWERED_ int rtab_lowered_scale_(int32_t *r, int32_t scale, int32_t a)
{
	return rtab_exact(RTAB_OP_SCALE, scale, a, 0, r);
}

RTAB_LOWERED_ int rtab_lowered_mul_exact_(int32_t *r, int32_t scale, int32_t a, int32_t b)
{
	return rtab_exact(RTAB_OP_MUL_EXACT, scale, a, b, r);
}

RTAB_LOWERED_ int rtab_lowered_div_exact_(int32_t *r, int32_t scale, int32_t a, int32_t b)
{
	return rtab_exact(RTAB_OP_DIV_EXACT, scale, a, b, r);
}

/* The cell of matrix index at keys (one per dimension) into *r, its number into *cell. */
RTAB_LOWERED_ int rtab_lowered_matrix_(int32_t *r, const rtab_ruleset *rs, size_t index, const int32_t *keys,
				       size_t *cell)
{
	RTAB_LOWERED_TRY_(rtab_matrix_find(rs, index, keys, cell));
	*r = rtab_matrix_cell(&rs->matrices[index], *cell);
	return RTAB_OK;
}

/* The column of table t a computed key reads as among the columns [first, n): the runtime's. */
RTAB_LOWERED_ int rtab_lowered_read_key_(const rtab_table *t, size_t first, size_t n, int64_t num, int64_t den,
					 int *col)
{
	uint16_t column;
	RTAB_LOWERED_TRY_(rtab_key_column(t, first, n, num, den, &column));
	*col = column;
	return RTAB_OK;
}

/* A trigger (number which of its outcome) resolved times times: listed while the result holds them
 * (out NULL, the lean form: counted only). */
RTAB_LOWERED_ int rtab_lowered_fire_(rtab_result *out, size_t *nt, const rtab_trigger *tr, size_t which,
				     int32_t times)
{
	if (times < 0)
		return RTAB_E_RULESET;
	for (int32_t k = 0; k < times; k++) {
		if (out && *nt < RTAB_MAX_TRIGGERS) {
			out->triggered[*nt] = tr->target;
			out->triggered_by[*nt] = (uint8_t)which;
		}
		(*nt)++;
	}
	return RTAB_OK;
}

#endif
