/*
 * The support of the resolvers printed from the lowering (rtab compile,
 * compiler/targets/print_c.c): arithmetic checked as rtab_resolve checks it,
 * the reasons noted as it notes them, a stacking group's choice, a natural
 * roll, a computed key's column, a matrix's cell and a ratio band's step,
 * each decided as runtime/rtab.c decides it. Static: each ruleset's C holds
 * its own copy.
 */

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

/* A reason noted once (the same text is the same reason); past the list's
 * room one not listed counts each time it is met. out NULL: nothing noted. */
RTAB_LOWERED_ void rtab_lowered_note_(rtab_result *out, const char *why)
{
	size_t n;
	if (!out || !why)
		return;
	n = out->nprovisional < RTAB_MAX_REASONS ? out->nprovisional : RTAB_MAX_REASONS;
	for (size_t i = 0; i < n; i++)
		if (out->reasons[i] == why || strcmp(out->reasons[i], why) == 0)
			return;
	if (out->nprovisional < RTAB_MAX_REASONS)
		out->reasons[out->nprovisional] = why;
	if (!out->provisional)
		out->provisional = why;
	if (out->nprovisional < UINT16_MAX)
		out->nprovisional++;
}

/* The same, named first: the outcome's own uncertainty leads the list. */
RTAB_LOWERED_ void rtab_lowered_note_first_(rtab_result *out, const char *why)
{
	size_t at, n;
	if (!why)
		return;
	rtab_lowered_note_(out, why);
	out->provisional = why;
	n = out->nprovisional < RTAB_MAX_REASONS ? out->nprovisional : RTAB_MAX_REASONS;
	for (at = 0; at < n && strcmp(out->reasons[at], why) != 0; at++)
		;
	if (at == n) /* the list was full: make room by dropping the last */
		at = n - 1;
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

/* a * b / scale (b 0: a * scale, a whole number made exact) and a * scale / b, exactly. */
RTAB_LOWERED_ int rtab_lowered_scale_(int32_t *r, int32_t scale, int32_t a)
{
	if (scale < 1)
		return RTAB_E_EXPR;
	return rtab_lowered_fit_(r, (int64_t)a * scale);
}

RTAB_LOWERED_ int rtab_lowered_mul_exact_(int32_t *r, int32_t scale, int32_t a, int32_t b)
{
	int64_t p = (int64_t)a * b;
	if (scale < 1)
		return RTAB_E_EXPR;
	if (p % scale != 0)
		return RTAB_E_INEXACT;
	return rtab_lowered_fit_(r, p / scale);
}

RTAB_LOWERED_ int rtab_lowered_div_exact_(int32_t *r, int32_t scale, int32_t a, int32_t b)
{
	int64_t p = (int64_t)a * scale;
	if (scale < 1 || b == 0)
		return RTAB_E_EXPR;
	if (p % b != 0)
		return RTAB_E_INEXACT;
	return rtab_lowered_fit_(r, p / b);
}

/* The cell of matrix index at keys (one per dimension), its reason noted. */
RTAB_LOWERED_ int rtab_lowered_matrix_(int32_t *r, const rtab_ruleset *rs, size_t index, const int32_t *keys,
				       rtab_result *out)
{
	const rtab_matrix *m = &rs->matrices[index];
	size_t cell = 0;
	if (m->ndims == 0)
		return RTAB_E_EXPR;
	for (size_t k = 0; k < m->ndims; k++) {
		uint16_t n;
		if (m->dims[k] >= rs->nenums)
			return RTAB_E_RULESET;
		n = rs->enums[m->dims[k]].nvalues;
		if (keys[k] < 0 || keys[k] >= n)
			return RTAB_E_INPUT;
		cell = cell * n + (size_t)keys[k];
	}
	if (!m->cells && !m->cells8 && !m->cells16)
		return RTAB_E_RULESET;
	rtab_lowered_note_(out, rtab_matrix_reason(m, cell));
	*r = rtab_matrix_cell(m, cell);
	return RTAB_OK;
}

/* <0, 0 or >0 as a:b is below, at or above p:q. */
RTAB_LOWERED_ int rtab_lowered_cmp_odds_(int64_t a, int64_t b, int64_t p, int64_t q)
{
	int64_t l = a * q, r = p * b;
	return (l > r) - (l < r);
}

/* Whether NEAREST reads a:b as dp:dq, the step below it, rather than up:uq. */
RTAB_LOWERED_ int rtab_lowered_nearest_down_(int64_t a, int64_t b, int64_t dp, int64_t dq, int64_t up, int64_t uq,
					     int *down)
{
	int64_t tn = 0, td = 1;
	int rc;
	if (dp == 0) { /* a step 0:q lies infinitely far below */
		*down = 0;
		return RTAB_OK;
	}
	rc = rtab_odds_midway(dp, dq, up, uq, &tn, &td);
	*down = rtab_lowered_cmp_odds_(a, b, tn, td) <= 0;
	return rc;
}

RTAB_LOWERED_ uint8_t rtab_lowered_rounding_(uint8_t rounding, int at_or_above_evens)
{
	if (rounding == RTAB_ROUND_EVENS)
		return at_or_above_evens ? RTAB_ROUND_DOWN : RTAB_ROUND_UP;
	return rounding;
}

/* a:b (both > 0) rounded to the ladder of whole odds and the band's steps. */
RTAB_LOWERED_ int rtab_lowered_band_round_(const rtab_band *band, int64_t *a, int64_t *b)
{
	int64_t dp, dq, up, uq;
	int down;
	uint8_t mode;
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
		if (rtab_lowered_cmp_odds_(p, q, *a, *b) <= 0 && rtab_lowered_cmp_odds_(p, q, dp, dq) > 0) {
			dp = p;
			dq = q;
		}
		if (rtab_lowered_cmp_odds_(p, q, *a, *b) >= 0 && rtab_lowered_cmp_odds_(p, q, up, uq) < 0) {
			up = p;
			uq = q;
		}
	}
	mode = rtab_lowered_rounding_(band->rounding, *a >= *b);
	down = mode == RTAB_ROUND_DOWN;
	if (mode > RTAB_ROUND_NEAREST)
		return RTAB_E_RULESET;
	if (mode == RTAB_ROUND_NEAREST)
		RTAB_LOWERED_TRY_(rtab_lowered_nearest_down_(*a, *b, dp, dq, up, uq, &down));
	*a = down ? dp : up;
	*b = down ? dq : uq;
	return RTAB_OK;
}

/* The most extreme step of ratio band index that a:b (rounded as the band says) reaches. */
RTAB_LOWERED_ int rtab_lowered_band_(int32_t *r, const rtab_ruleset *rs, size_t index, int32_t a32, int32_t b32,
				     rtab_result *out)
{
	const rtab_band *band = &rs->bands[index];
	const rtab_band_step *best = NULL;
	int64_t a = a32, b = b32;
	if (a < 0 || b < 0)
		return RTAB_E_INPUT;
	rtab_lowered_note_(out, band->provisional);
	if (a == 0 && b == 0) { /* no forces on either side: no ratio to read */
		*r = band->otherwise;
		rtab_lowered_note_(out, band->otherwise_provisional);
		return RTAB_OK;
	}
	for (size_t i = 0; i < band->nsteps; i++)
		if (band->steps[i].num <= 0 || band->steps[i].den <= 0 || band->steps[i].num > RTAB_MAX_STEP_TERM ||
		    band->steps[i].den > RTAB_MAX_STEP_TERM)
			return RTAB_E_RULESET;
	if (band->rounding != RTAB_ROUND_EVENS && a > 0 && b > 0)
		RTAB_LOWERED_TRY_(rtab_lowered_band_round_(band, &a, &b));
	for (size_t i = 0; i < band->nsteps; i++) {
		const rtab_band_step *st = &band->steps[i];
		int64_t lhs = a * st->den, rhs = (int64_t)st->num * b, cmp;
		int favourable = st->num >= st->den;
		if (favourable ? lhs < rhs : lhs > rhs)
			continue;
		if (!best) {
			best = st;
			continue;
		}
		cmp = (int64_t)st->num * best->den - (int64_t)best->num * st->den; /* furthest from 1:1 */
		if (favourable ? cmp > 0 : cmp < 0)
			best = st;
	}
	*r = best ? best->value : band->otherwise;
	if (best && band->step_provisional)
		rtab_lowered_note_(out, band->step_provisional[best - band->steps]);
	else if (!best)
		rtab_lowered_note_(out, band->otherwise_provisional);
	return RTAB_OK;
}

/* A stacking group keeps one member per side: the first best (best) or worst of those applied. */
RTAB_LOWERED_ void rtab_lowered_keep_(rtab_applied_modifier *const *members, size_t n, int best, int sign)
{
	rtab_applied_modifier *keep = NULL;
	for (size_t i = 0; i < n; i++) {
		rtab_applied_modifier *m = members[i];
		int32_t x, y;
		int better, worse;
		if (!m || !m->counted)
			continue;
		if (!keep) {
			keep = m;
			continue;
		}
		x = keep->signed_value;
		y = m->signed_value;
		better = sign > 0 ? y > x : y < x;
		worse = sign > 0 ? y < x : y > x;
		if (best ? better : worse) {
			keep->counted = 0;
			keep = m;
		} else {
			m->counted = 0;
		}
	}
}

RTAB_LOWERED_ void rtab_lowered_keep_pair_(rtab_applied_modifier *a, rtab_applied_modifier *b, int best, int sign)
{
	rtab_applied_modifier *const members[2] = {a, b};
	rtab_lowered_keep_(members, 2, best, sign);
}

/* The natural-roll rule of table t whose faces are these, in any order, or -1. */
RTAB_LOWERED_ int rtab_lowered_natural_(const rtab_table *t, const int32_t *faces, size_t nfaces)
{
	int32_t mine[RTAB_MAX_FACES], theirs[RTAB_MAX_FACES];
	if (nfaces == 0 || nfaces > RTAB_MAX_FACES)
		return -1;
	memcpy(mine, faces, nfaces * sizeof *faces);
	for (size_t i = 1; i < nfaces; i++)
		for (size_t j = i; j > 0 && mine[j - 1] > mine[j]; j--) {
			int32_t x = mine[j];
			mine[j] = mine[j - 1];
			mine[j - 1] = x;
		}
	for (size_t n = 0; n < t->nnatural; n++) {
		const rtab_natural_rule *nr = &t->natural[n];
		if (nr->nfaces != nfaces)
			continue;
		memcpy(theirs, nr->faces, nfaces * sizeof *theirs);
		for (size_t i = 1; i < nfaces; i++)
			for (size_t j = i; j > 0 && theirs[j - 1] > theirs[j]; j--) {
				int32_t x = theirs[j];
				theirs[j] = theirs[j - 1];
				theirs[j - 1] = x;
			}
		if (memcmp(mine, theirs, nfaces * sizeof *mine) == 0)
			return (int)n;
	}
	return -1;
}

/* <0, 0 or >0 as the key num:den (a value: num) is below, at or above a step. */
RTAB_LOWERED_ int rtab_lowered_cmp_step_(int odds, int64_t num, int64_t den, int32_t step_num, int32_t step_den)
{
	if (odds)
		return rtab_lowered_cmp_odds_(num, den, step_num, step_den);
	return (num > step_num) - (num < step_num);
}

/* The column of table t a computed key reads as among the columns [first, n) (see rtab_rounding). */
RTAB_LOWERED_ int rtab_lowered_read_key_(const rtab_table *t, size_t first, size_t n, int64_t num, int64_t den,
					 int *col)
{
	size_t down = n, up = n, passed = n; /* passed: the greatest step below the key */
	int odds = 0, evens_or_above = 0;
	uint8_t mode;
	switch ((rtab_key_kind)t->key_kind) {
	case RTAB_KEY_ODDS:
		odds = 1;
		evens_or_above = num >= den;
		break;
	case RTAB_KEY_VALUE:
		evens_or_above = num >= 0;
		break;
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		return RTAB_E_RULESET; /* an input's column has no key to read */
	}
	for (size_t i = first; i < n; i++) {
		const rtab_column *c = &t->columns[i];
		int cmp;
		if (odds && (c->step_num < 0 || c->step_den <= 0 || c->step_num > RTAB_MAX_STEP_TERM ||
			     c->step_den > RTAB_MAX_STEP_TERM))
			return RTAB_E_RULESET;
		if (i > first && rtab_lowered_cmp_step_(odds, c->step_num, c->step_den, t->columns[i - 1].step_num,
							t->columns[i - 1].step_den) <= 0)
			return RTAB_E_RULESET; /* steps must rise */
		cmp = rtab_lowered_cmp_step_(odds, num, den, c->step_num, c->step_den);
		if (cmp >= 0)
			down = i;
		if (cmp > 0)
			passed = i;
		if (cmp <= 0 && up == n)
			up = i;
	}
	mode = t->rounding;
	if (t->round_ranges && t->nround_ranges) {
		mode = t->round_ranges[0].rounding;
		for (size_t i = 1; i < t->nround_ranges; i++)
			if (rtab_lowered_cmp_step_(odds, num, den, t->round_ranges[i].from_num, t->round_ranges[i].from_den) >= 0)
				mode = t->round_ranges[i].rounding;
	}
	mode = rtab_lowered_rounding_(mode, evens_or_above);
	if (mode > RTAB_ROUND_DOWN_STRICT || n <= first)
		return RTAB_E_RULESET;
	if (mode == RTAB_ROUND_DOWN_STRICT) {
		*col = (int)(passed == n ? first : passed); /* none passed: as below the first */
	} else if (down == n) {
		*col = (int)up;
	} else if (up == n) {
		*col = (int)down;
	} else if (mode == RTAB_ROUND_DOWN) {
		*col = (int)down;
	} else if (mode == RTAB_ROUND_UP) {
		*col = (int)up;
	} else {
		const rtab_column *d = &t->columns[down], *u = &t->columns[up];
		int is_down, ties_up = mode == RTAB_ROUND_LINEAR_UP;
		if (!odds) {
			int64_t twice = 2 * num, mid = (int64_t)d->step_num + u->step_num;
			is_down = ties_up ? twice < mid : twice <= mid;
		} else if ((mode == RTAB_ROUND_LINEAR || ties_up) && d->step_num == 0) {
			is_down = 0; /* a step 0:q lies infinitely far below */
		} else if (mode == RTAB_ROUND_LINEAR || ties_up) {
			int64_t tn, td;
			RTAB_LOWERED_TRY_(rtab_odds_linear_midway(d->step_num, d->step_den, u->step_num, u->step_den, &tn, &td));
			is_down = ties_up ? num * td < tn * den : num * td <= tn * den;
		} else {
			RTAB_LOWERED_TRY_(rtab_lowered_nearest_down_(num, den, d->step_num, d->step_den, u->step_num,
								     u->step_den, &is_down));
		}
		*col = (int)(is_down ? down : up);
	}
	return RTAB_OK;
}

/* A trigger (number which of its outcome) resolved times times: listed while the result holds them. */
RTAB_LOWERED_ int rtab_lowered_fire_(rtab_result *out, size_t *nt, const rtab_trigger *tr, size_t which,
				     int32_t times)
{
	if (times < 0)
		return RTAB_E_RULESET;
	for (int32_t k = 0; k < times; k++) {
		if (*nt < RTAB_MAX_TRIGGERS) {
			out->triggered[*nt] = tr->target;
			out->triggered_by[*nt] = (uint8_t)which;
		}
		(*nt)++;
	}
	return RTAB_OK;
}
