/* SPDX-License-Identifier: MIT */
/* Comparing two rulesets facet by facet, and the odds that moved (see diff.h). */
#include "analysis/diff.h"

#include "analysis/check_pairs.h"
#include "analysis/expr_equal.h"
#include "analysis/odds.h"
#include "analysis/quantity.h"

#include <ctype.h>

#include <stdlib.h>
#include <string.h>

const char *diff_key(const diff_change *c)
{
	return c->old ? c->old->key : c->new->key;
}

static bool wanted(const facet *f, const facet_def *d, unsigned flags)
{
	if ((flags & DIFF_NO_LABELS) && f->locale)
		return false;
	if ((flags & DIFF_MEANING) && (f->compare == FACET_LOCALE_REFERENCE || f->compare == FACET_ROWS))
		return false;
	if (!(flags & DIFF_MEANING) && f->compare == FACET_ROLL)
		return false;
	if ((flags & DIFF_NO_HEADER) && d->kind == DEF_RULESET)
		return false;
	return true;
}

static void push_change(diff_def *d, const facet *a, const facet *b, char *detail, bool undecided)
{
	if ((d->n & (d->n - 1)) == 0) /* at 0, 1, 2, 4, ...: doubling, not one at a time */
		d->changes = xrealloc(d->changes, (d->n ? 2 * d->n : 1) * sizeof *d->changes);
	d->changes[d->n++] = (diff_change){a, b, detail, undecided};
}

static void push_proof(diff_result *r, const facet_def *d, const facet *a, const facet *b, char *how)
{
	r->proofs = xrealloc(r->proofs, (r->nproofs + 1) * sizeof *r->proofs);
	r->proofs[r->nproofs++] = (diff_proof){d, NULL, a, b, how, false};
}

/* The unit that makes f (or input definition d, where f is NULL) of the
 * original one the translation b, an edition in another unit, leaves out:
 * a figure, a form of a distance, a check or an input in a unit b measures
 * nothing in. Where the original prints a quantity in two units (cm with
 * inches in brackets), an edition in one prints it once, in its own; a
 * quantity the original prints in that unit only has its counterpart in
 * the edition by key or by place, and is compared by conversion. */
static const char *edition_leaves_out(const facet *f, const facet_def *d, const rtab_ruleset *a,
				      const rtab_ruleset *b)
{
	const char *unit = NULL;
	if (f)
		unit = f->compare == FACET_UNIT || f->compare == FACET_QUANTITY || f->compare == FACET_EXPR ? f->unit
										      : NULL;
	else if (d->kind == DEF_INPUT) {
		int in = rtab_find_input(a, d->id);
		unit = in >= 0 ? a->inputs[in].unit : NULL;
	}
	return unit && !quantity_measured_in(b, unit) ? unit : NULL;
}

static void push_left_aside(diff_result *r, const facet_def *d, const facet *a, const char *unit)
{
	push_proof(r, d, a, NULL,
		   xasprintf("the translation, an edition in another unit, measures nothing in %s", unit));
	r->proofs[r->nproofs - 1].left_aside = true;
}

/* The items of a list "a, b, c", sorted. */
static char **set_items(const char *list, size_t *n)
{
	char **items = NULL;
	*n = 0;
	for (const char *p = list; *p;) {
		const char *end = strstr(p, ", ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		items = xrealloc(items, (*n + 1) * sizeof *items);
		items[(*n)++] = xstrndup(p, len);
		p += len + (end ? 2 : 0);
	}
	for (size_t i = 1; i < *n; i++) /* few items: insertion */
		for (size_t j = i; j > 0 && strcmp(items[j - 1], items[j]) > 0; j--) {
			char *t = items[j];
			items[j] = items[j - 1];
			items[j - 1] = t;
		}
	return items;
}

/* NULL when the lists hold the same items, else which each side lacks. */
static char *set_difference(const char *a, const char *b)
{
	size_t na, nb;
	char **ia = set_items(a, &na), **ib = set_items(b, &nb);
	strbuf missing = {0}, extra = {0};
	size_t i = 0, j = 0;
	while (i < na || j < nb) {
		int c = i == na ? 1 : j == nb ? -1 : strcmp(ia[i], ib[j]);
		if (c < 0)
			sb_printf(&missing, "%s'%s'", missing.len ? ", " : "", ia[i++]);
		else if (c > 0)
			sb_printf(&extra, "%s'%s'", extra.len ? ", " : "", ib[j++]);
		else
			i++, j++;
	}
	char *out = NULL;
	if (missing.len || extra.len)
		out = xasprintf("%s%s%s%s%s", missing.len ? "the translation lacks " : "",
				missing.len ? missing.data : "", missing.len && extra.len ? "; " : "",
				extra.len ? "the translation adds " : "", extra.len ? extra.data : "");
	for (size_t k = 0; k < na; k++)
		free(ia[k]);
	for (size_t k = 0; k < nb; k++)
		free(ib[k]);
	free(ia);
	free(ib);
	sb_free(&missing);
	sb_free(&extra);
	return out;
}

/* Numbers a printed value holds beyond this are compared as text. */
#define MAX_QUANTITIES 16

/* The numbers of a printed value ("int 0..12", "fall_back(2)"), and the
 * value with each of them as '#'; SIZE_MAX past MAX_QUANTITIES. */
static size_t numbers_of(const char *text, const char *unit, ratio *out, strbuf *shape)
{
	size_t unit_len = unit ? strlen(unit) : 0;
	size_t n = 0;
	for (const char *p = text; *p;) {
		bool after_word = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
		const char *digits = *p == '-' || *p == '+' ? p + 1 : p;
		if (after_word || !isdigit((unsigned char)*digits)) {
			sb_putc(shape, *p++);
			continue;
		}
		const char *end;
		ratio v;
		if (!ratio_parse_decimal(p, &end, &v) || n == MAX_QUANTITIES)
			return SIZE_MAX; /* more digits than exact arithmetic holds: compared as text */
		out[n++] = v;
		sb_putc(shape, '#');
		p = end;
		/* "2 inches": the unit is the facet's, compared with the number */
		if (unit_len && *p == ' ' && strncmp(p + 1, unit, unit_len) == 0 &&
		    !isalnum((unsigned char)p[1 + unit_len]) && p[1 + unit_len] != '_')
			p += 1 + unit_len;
	}
	if (!shape->data)
		sb_puts(shape, "");
	return n;
}

/* "by the declared conversion, 1 inches = 2.54 cm within 5%" (owned), or
 * NULL when no conversion of either file relates the facets' units. */
static char *conversion_text(const facet_set *a, const facet *fa, const facet_set *b, const facet *fb)
{
	ratio per_unit;
	int32_t tolerance;
	if (!quantity_factor(&a->m->rs, fa->unit, &b->m->rs, fb->unit, &per_unit, &tolerance))
		return NULL;
	if (tolerance >= 0)
		return xasprintf("by the declared conversion, 1 %s = %.4g %s within %g%%", fa->unit,
				 ratio_approx(per_unit), fb->unit, tolerance / 1000.0);
	return xasprintf("by the declared conversion, 1 %s = %.4g %s", fa->unit, ratio_approx(per_unit), fb->unit);
}

/* A domain in a unit as its bounds: "number 0..79 by 0.5" is "int
 * 0..79". An edition in a coarser unit may step finer to state the
 * original's figures (16 cm as 6.5 inches); the steps are the figures'
 * precision, not a rule (owned). */
static char *domain_bounds(const char *text)
{
	const char *by = strstr(text, " by ");
	if (strncmp(text, "number ", 7) != 0 || !by)
		return xstrdup(text);
	return xasprintf("int %.*s", (int)(by - text - 7), text + 7);
}

/* The numbers of two facets in their units: the same printed form, each
 * number equal under the declared conversion. */
static bool same_quantities(diff_result *r, const facet_def *d, const facet_set *a, const facet *fa,
			    const facet_set *b, const facet *fb, char **detail)
{
	ratio na[MAX_QUANTITIES], nb[MAX_QUANTITIES];
	strbuf sa = {0}, sb = {0};
	bool units = quantity_units_differ(fa->unit, fb->unit);
	char *ta = units ? domain_bounds(facet_compared_value(fa, true)) : xstrdup(facet_compared_value(fa, true));
	char *tb = units ? domain_bounds(facet_compared_value(fb, true)) : xstrdup(facet_compared_value(fb, true));
	size_t ca = numbers_of(ta, fa->unit, na, &sa), cb = numbers_of(tb, fb->unit, nb, &sb);
	bool shaped = ca != SIZE_MAX && ca == cb && strcmp(sa.data, sb.data) == 0;
	free(ta);
	free(tb);
	sb_free(&sa);
	sb_free(&sb);
	if (!shaped)
		return false;
	for (size_t k = 0; k < ca; k++) {
		char *why;
		if (quantity_compare(&a->m->rs, na[k], fa->unit, &b->m->rs, nb[k], fb->unit, &why) != QUANTITY_EQUAL) {
			*detail = why;
			return false;
		}
	}
	char *how = conversion_text(a, fa, b, fb);
	push_proof(r, d, fa, fb, how ? how : xstrdup("the same figures"));
	return true;
}

/* Two units: the same quantity when a declared conversion relates them. */
static bool related_units(diff_result *r, const facet_def *d, const facet_set *a, const facet *fa,
			  const facet_set *b, const facet *fb, char **detail)
{
	if (!quantity_units_differ(fa->unit, fb->unit))
		return false;
	char *how = conversion_text(a, fa, b, fb);
	if (!how) {
		*detail = quantity_unrelated_text(fa->unit, fb->unit);
		return false;
	}
	push_proof(r, d, fa, fb, how);
	return true;
}

/* Whether instruction k of e is an ordering comparison (<, <=, >, >=). */
static bool orders(const rtab_expr *e, size_t k)
{
	uint8_t op = e->instrs[k].op;
	return op == RTAB_OP_LT || op == RTAB_OP_LE || op == RTAB_OP_GT || op == RTAB_OP_GE;
}

/* Whether an expression of s orders the values of enum id: an input of that
 * enum one of the two operands of <, <=, > or >= (an enum is compared with a
 * value or another input, so an operand is one instruction). */
static bool enum_ordered(const facet_set *s, const char *id)
{
	const rtab_ruleset *rs = &s->m->rs;
	for (size_t i = 0; i < s->n; i++)
		for (size_t k = 0; k < s->defs[i].n; k++) {
			const rtab_expr *e = s->defs[i].facets[k].expr;
			if (s->defs[i].facets[k].compare != FACET_EXPR || !e)
				continue;
			for (size_t j = 0; j < e->ninstrs; j++) {
				const rtab_instr *in = &e->instrs[j];
				if (in->op != RTAB_OP_INPUT || in->arg < 0 || (size_t)in->arg >= rs->ninputs)
					continue;
				const rtab_input *input = &rs->inputs[in->arg];
				if (input->type != RTAB_TYPE_ENUM || input->enum_index < 0 ||
				    (size_t)input->enum_index >= rs->nenums ||
				    strcmp(rs->enums[input->enum_index].id, id) != 0)
					continue;
				if ((j + 1 < e->ninstrs && orders(e, j + 1)) || (j + 2 < e->ninstrs && orders(e, j + 2)))
					return true;
			}
		}
	return false;
}

/*
 * Two facets of the same key whose texts differ, compared by meaning: true
 * when they mean the same (the proof recorded), else false with what differs.
 */
static bool same_meaning(diff_result *r, const facet_def *d, const facet_set *a, const facet *fa,
			 const facet_set *b, const facet *fb, char **detail, bool *undecided)
{
	*detail = NULL;
	*undecided = false;
	switch (fa->compare) {
	case FACET_EXPR: {
		if (fb->compare != FACET_EXPR || !fa->expr || !fb->expr)
			return false;
		expr_verdict v;
		expr_compare_units(a->m, fa->expr, fa->unit, b->m, fb->expr, fb->unit, r->work, &v);
		char *how = expr_method_text(&v);
		if (v.equal) {
			push_proof(r, d, fa, fb, how);
			free(v.why);
			return true;
		}
		*detail = v.method == EXPR_UNDEFINED ? xstrdup(v.why) : xasprintf("%s (%s)", v.why, how);
		*undecided = v.method == EXPR_UNPROVEN;
		free(v.why);
		free(how);
		return false;
	}
	case FACET_SET:
		*detail = set_difference(fa->value, fb->value);
		if (*detail)
			return false;
		push_proof(r, d, fa, fb, xstrdup("as a set"));
		return true;
	case FACET_QUANTITY:
		return same_quantities(r, d, a, fa, b, fb, detail);
	case FACET_UNIT:
		return related_units(r, d, a, fa, b, fb, detail);
	case FACET_ENUM_ORDER:
		if (enum_ordered(a, d->id) || enum_ordered(b, d->id))
			return false;
		push_proof(r, d, fa, fb, xstrdup("no expression orders its values"));
		return true;
	case FACET_CODE:
		push_proof(r, d, fa, fb, xstrdup("a printed code: each book prints its own"));
		return true;
	case FACET_ORDER_FREE:
	case FACET_REFERENCE:
	case FACET_LOCALE_REFERENCE:
		return true;
	case FACET_ROWS:
	case FACET_ROLL:
	case FACET_TEXT:
		break;
	}
	return false;
}

/* By meaning, a reference of an element (a row's, a natural rule's) that the
 * other side's element lacks is there all the same when the other side's
 * definition gives one: the element's reference is its definition's. */
static bool inherits_reference(const facet *f, const facet_def *other, unsigned flags)
{
	if (!(flags & DIFF_MEANING) || f->compare != FACET_REFERENCE || strcmp(f->key, "rule") == 0)
		return false;
	for (size_t k = 0; k < other->n; k++)
		if (strcmp(other->facets[k].key, "rule") == 0)
			return true;
	return false;
}

/* Whether expression e of a reads an input that b measures in another unit:
 * then the same text is not the same rule ("move > 6" over inches and over
 * cm), and the expression is compared over the converted situations. */
static bool reads_converted_input(const rtab_ruleset *a, const rtab_expr *e, const rtab_ruleset *b)
{
	for (size_t k = 0; e && k < e->ninstrs; k++) {
		if (e->instrs[k].op != RTAB_OP_INPUT || e->instrs[k].arg < 0 || (size_t)e->instrs[k].arg >= a->ninputs)
			continue;
		const rtab_input *in = &a->inputs[e->instrs[k].arg];
		int j = rtab_find_input(b, in->id);
		if (j >= 0 && quantity_units_differ(in->unit, b->inputs[j].unit))
			return true;
	}
	return false;
}

static diff_def *push_def(diff_result *r, diff_what what, const facet_def *a, const facet_def *b)
{
	if ((r->n & (r->n - 1)) == 0)
		r->defs = xrealloc(r->defs, (r->n ? 2 * r->n : 1) * sizeof *r->defs);
	diff_def *d = &r->defs[r->n++];
	*d = (diff_def){what, a, b, NULL, 0, NULL, false};
	return d;
}

/*
 * Lookups are keyed: each side's definitions sorted by kind and id, each
 * definition's facets by key, found by binary search. A table of 30,000 rows
 * has some 90,000 facets; a search along the list for each was quadratic.
 * Of equal keys the first in the list sorts first, as a linear search finds it.
 */
static int def_order(const void *x, const void *y)
{
	const facet_def *a = *(const void *const *)x, *b = *(const void *const *)y;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	int c = strcmp(a->id ? a->id : "", b->id ? b->id : "");
	return c ? c : (a > b) - (a < b);
}

static int facet_order(const void *x, const void *y)
{
	const facet *a = *(const void *const *)x, *b = *(const void *const *)y;
	int c = strcmp(a->key, b->key);
	return c ? c : (a > b) - (a < b);
}

/* Pointers to the n elements of size bytes at base, in that order. */
static const void **sorted(const void *base, size_t n, size_t size, int (*order)(const void *, const void *))
{
	const void **v = xcalloc(n ? n : 1, sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = (const char *)base + i * size;
	qsort(v, n, sizeof *v, order);
	return v;
}

/* The same definition on the other side: by kind and id (the header by kind). */
static const facet_def *counterpart(const facet_set *s, const void *const *by_id, const facet_def *d)
{
	if (d->kind == DEF_RULESET)
		return s->n && s->defs[0].kind == DEF_RULESET ? &s->defs[0] : NULL;
	const char *id = d->id ? d->id : "";
	size_t lo = 0, hi = s->n;
	while (lo < hi) { /* the first not before (kind, id) */
		size_t mid = lo + (hi - lo) / 2;
		const facet_def *m = by_id[mid];
		if (m->kind < d->kind || (m->kind == d->kind && strcmp(m->id ? m->id : "", id) < 0))
			lo = mid + 1;
		else
			hi = mid;
	}
	const facet_def *found = lo < s->n ? by_id[lo] : NULL;
	return found && found->kind == d->kind && strcmp(found->id ? found->id : "", id) == 0 ? found : NULL;
}

/* By meaning, the facet of d in the same slot (a distance's form in another unit). */
static const facet *slot_find(const facet_def *d, const char *slot, unsigned flags)
{
	for (size_t k = 0; slot && (flags & DIFF_MEANING) && k < d->n; k++)
		if (d->facets[k].slot && strcmp(d->facets[k].slot, slot) == 0)
			return &d->facets[k];
	return NULL;
}

static const facet *keyed_find(const void *const *by_key, size_t n, const char *key)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const facet *f = by_key[mid];
		if (strcmp(f->key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	const facet *found = lo < n ? by_key[lo] : NULL;
	return found && strcmp(found->key, key) == 0 ? found : NULL;
}

/* Whether table t of rs counts the modifier, or a member of the group, named id. */
static bool table_uses(const rtab_ruleset *rs, const rtab_table *t, def_kind kind, const char *id)
{
	for (size_t k = 0; k < t->nmodifiers; k++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[k]];
		if (kind == DEF_MODIFIER ? strcmp(m->id, id) == 0
					 : m->group >= 0 && strcmp(rs->groups[m->group].id, id) == 0)
			return true;
	}
	return false;
}

/* Add id to the list once. */
static void add_id(const char ***ids, size_t *n, const char *id)
{
	for (size_t k = 0; k < *n; k++)
		if (strcmp((*ids)[k], id) == 0)
			return;
	*ids = xrealloc(*ids, (*n + 1) * sizeof **ids);
	(*ids)[(*n)++] = id;
}

/* The modifiers that stack with the modifier or group named id, on either
 * side: a group's members, and the members of every group they are in. */
static const char **stacking_cluster(const rtab_ruleset *a, const rtab_ruleset *b, def_kind kind, const char *id,
				     size_t *n)
{
	const char **ids = NULL;
	const char **groups = NULL;
	size_t ngroups = 0;
	*n = 0;
	if (kind == DEF_MODIFIER)
		add_id(&ids, n, id);
	else
		add_id(&groups, &ngroups, id);
	for (size_t before = SIZE_MAX; before != *n + ngroups;) {
		before = *n + ngroups;
		for (int side = 0; side < 2; side++) {
			const rtab_ruleset *rs = side ? b : a;
			for (size_t m = 0; m < rs->nmodifiers; m++) {
				const rtab_modifier *md = &rs->modifiers[m];
				const char *g = md->group >= 0 ? rs->groups[md->group].id : NULL;
				bool in_group = false, listed = false;
				for (size_t k = 0; g && k < ngroups; k++)
					in_group |= strcmp(groups[k], g) == 0;
				for (size_t k = 0; k < *n; k++)
					listed |= strcmp(ids[k], md->id) == 0;
				if (in_group)
					add_id(&ids, n, md->id);
				if (listed && g)
					add_id(&groups, &ngroups, g);
			}
		}
	}
	free(groups);
	return ids;
}

/*
 * A modifier or a stacking group that differs means the same when every
 * table that counts it, on either side, gives the same total of the
 * modifiers stacking with it in every situation (a min(3, ...) for a group
 * capped at 3): then it is dropped from the differences, and how that was
 * proved recorded.
 */
static bool same_totals(diff_result *r, diff_def *d, const model *model_a, const model *model_b)
{
	const rtab_ruleset *a = &model_a->rs, *b = &model_b->rs;
	const facet_def *fd = d->old ? d->old : d->new;
	if (fd->kind != DEF_MODIFIER && fd->kind != DEF_GROUP)
		return false;
	/* What the totals show: not the steps a modifier counts at, nor its marks. */
	static const char *const totalled[] = {"value", "when", "group", "for", "stack", "cap", NULL};
	for (size_t k = 0; k < d->n; k++) {
		bool shown = false;
		for (size_t j = 0; totalled[j]; j++)
			shown |= strcmp(diff_key(&d->changes[k]), totalled[j]) == 0;
		if (!shown)
			return false;
	}
	size_t ncluster;
	const char **cluster = stacking_cluster(a, b, fd->kind, fd->id, &ncluster);
	const char **ids = xcalloc(ncluster + 1, sizeof *ids);
	strbuf how = {0};
	size_t n = 0;
	bool same = true, undecided = false;
	for (int side = 0; side < 2 && same; side++) {
		const rtab_ruleset *rs = side ? b : a, *other = side ? a : b;
		for (size_t t = 0; t < rs->ntables && same; t++) {
			if (!table_uses(rs, &rs->tables[t], fd->kind, fd->id))
				continue;
			int u = rtab_find_table(other, rs->tables[t].id);
			if (u < 0) {
				same = false;
				break;
			}
			if (side && table_uses(a, &a->tables[u], fd->kind, fd->id))
				continue; /* compared from the original's side */
			size_t ta = side ? (size_t)u : t, tb = side ? t : (size_t)u, nids = 0;
			/* The cluster's modifiers the original's table counts, in its order. */
			for (size_t k = 0; k < a->tables[ta].nmodifiers; k++) {
				const char *mid = a->modifiers[a->tables[ta].modifiers[k]].id;
				for (size_t c = 0; c < ncluster; c++)
					if (strcmp(cluster[c], mid) == 0)
						ids[nids++] = mid;
			}
			expr_verdict v;
			totals_compare(model_a, ta, model_b, tb, ids, nids, r->work, &v);
			same = nids && v.equal;
			undecided |= nids && v.method == EXPR_UNPROVEN;
			/* A change that says where already, unless the stacking changed:
			 * then only the totals do. */
			bool explained = false, regrouped = false;
			for (size_t k = 0; k < d->n; k++) {
				explained |= d->changes[k].detail != NULL;
				regrouped |= strcmp(diff_key(&d->changes[k]), "group") == 0;
			}
			explained &= !regrouped;
			/* Another modifier of the cluster that differs shares the blame. */
			for (size_t j = 0; j < r->n && !explained; j++) {
				const facet_def *od = r->defs[j].old ? r->defs[j].old : r->defs[j].new;
				for (size_t c = 0; c < ncluster && &r->defs[j] != d && od->kind == DEF_MODIFIER; c++)
					explained |= strcmp(cluster[c], od->id) == 0;
			}
			if (!same && nids && v.method == EXPR_EXHAUSTIVE && !explained)
				d->totals = xasprintf("in table '%s', %s (exhaustively)", rs->tables[t].id, v.why);
			if (same) {
				char *m = expr_method_text(&v);
				sb_printf(&how, "%s'%s', %s", n++ ? "; " : "", rs->tables[t].id, m);
				free(m);
			}
			free(v.why);
		}
	}
	/* Totals no method decided: what they show is undecided, not a difference. */
	d->undecided = !same && undecided;
	for (size_t k = 0; k < d->n && d->undecided; k++)
		d->changes[k].undecided = true;
	if (same && n) {
		push_proof(r, d->old, NULL, NULL, xasprintf("the same total modifier of table %s", how.data));
		r->proofs[r->nproofs - 1].new_def = d->new;
	}
	sb_free(&how);
	free(cluster);
	free(ids);
	return same && n;
}

void diff_compare(diff_result *r, const facet_set *a, const facet_set *b, unsigned flags, work_budget *work)
{
	const void **sorted_a = sorted(a->defs, a->n, sizeof *a->defs, def_order);
	const void **sorted_b = sorted(b->defs, b->n, sizeof *b->defs, def_order);
	memset(r, 0, sizeof *r);
	r->work = work;
	for (size_t i = 0; i < a->n; i++) {
		const facet_def *da = &a->defs[i];
		const facet_def *db = counterpart(b, sorted_b, da);
		if (da->kind == DEF_RULESET && (flags & DIFF_NO_HEADER))
			continue;
		if (!db) {
			const char *unit = flags & DIFF_MEANING ? edition_leaves_out(NULL, da, &a->m->rs, &b->m->rs) : NULL;
			if (unit)
				push_left_aside(r, da, NULL, unit);
			else
				push_def(r, DIFF_REMOVED, da, NULL);
			continue;
		}
		const void **keys_a = sorted(da->facets, da->n, sizeof *da->facets, facet_order);
		const void **keys_b = sorted(db->facets, db->n, sizeof *db->facets, facet_order);
		diff_def tmp = {DIFF_CHANGED, da, db, NULL, 0, NULL, false};
		for (size_t k = 0; k < da->n; k++) {
			const facet *fa = &da->facets[k];
			if (!wanted(fa, da, flags))
				continue;
			const facet *fb = keyed_find(keys_b, db->n, fa->key);
			/* By place only where the place is not taken by its own key:
			 * the forms of a distance pair by unit first. */
			if (!fb && (fb = slot_find(db, fa->slot, flags)) != NULL && keyed_find(keys_a, da->n, fb->key))
				fb = NULL;
			bool tolerated = false; /* a check paired by its figures converted */
			if (!fb && (flags & DIFF_MEANING) && (fb = check_within_tolerance(fa, a, da, db, b, true)) != NULL) {
				tolerated = !keyed_find(keys_a, da->n, fb->key);
				fb = tolerated ? fb : NULL;
			}
			char *detail = NULL;
			bool undecided = false;
			if (fb && (flags & DIFF_MEANING) && fa->compare == FACET_ORDER_FREE)
				continue;
			/* A roll one side cannot reach: the dice, modifiers or cap that
			 * make it so are reported where they are written. */
			if (!fb && fa->compare == FACET_ROLL)
				continue;
			if (!fb && inherits_reference(fa, db, flags))
				continue;
			const char *unit = !fb && (flags & DIFF_MEANING) ? edition_leaves_out(fa, da, &a->m->rs, &b->m->rs)
									 : NULL;
			if (unit) {
				push_left_aside(r, da, fa, unit);
				continue;
			}
			/* The same figures in two units are not the same quantity. */
			/* The same text means the same; other texts may too (facet.meaning). */
			bool meaning = flags & DIFF_MEANING;
			bool converted = fb && meaning && fa->compare == FACET_EXPR &&
					 reads_converted_input(&a->m->rs, fa->expr, &b->m->rs);
			bool differ = fb && (converted || (strcmp(fa->value, fb->value) != 0 &&
					      strcmp(facet_compared_value(fa, meaning), facet_compared_value(fb, meaning)) != 0) ||
					     ((flags & DIFF_MEANING) && quantity_units_differ(fa->unit, fb->unit)));
			if (!fb || (differ &&
				    !((flags & DIFF_PROVISIONAL_MARKS) && facet_is_provisional(fa)) &&
				    !((flags & DIFF_MEANING) && same_meaning(r, da, a, fa, b, fb, &detail, &undecided))))
				push_change(&tmp, fa, fb, detail, undecided);
			else if (tolerated && !differ) /* the same expectation: say which situation it is */
				push_proof(r, da, fa, fb,
					   xstrdup("the same situation: each figure the original's under the declared conversion, within its tolerance"));
		}
		for (size_t k = 0; k < db->n; k++) {
			const facet *fb = &db->facets[k];
			if (wanted(fb, db, flags) && fb->compare != FACET_ROLL && !inherits_reference(fb, da, flags) &&
			    !keyed_find(keys_a, da->n, fb->key) &&
			    !slot_find(da, fb->slot, flags) &&
			    !((flags & DIFF_MEANING) && check_within_tolerance(fb, b, db, da, a, false)))
				push_change(&tmp, NULL, fb, NULL, false);
		}
		free(keys_a);
		free(keys_b);
		if (tmp.n) {
			diff_def *d = push_def(r, DIFF_CHANGED, da, db);
			d->changes = tmp.changes;
			d->n = tmp.n;
		}
	}
	for (size_t i = 0; i < b->n; i++) {
		const facet_def *db = &b->defs[i];
		if (db->kind == DEF_RULESET)
			continue;
		if (!counterpart(a, sorted_a, db))
			push_def(r, DIFF_ADDED, NULL, db);
	}
	free(sorted_a);
	free(sorted_b);
	if (!(flags & DIFF_MEANING))
		return;
	size_t kept = 0;
	for (size_t i = 0; i < r->n; i++) {
		if (same_totals(r, &r->defs[i], a->m, b->m)) {
			for (size_t k = 0; k < r->defs[i].n; k++)
				free(r->defs[i].changes[k].detail);
			free(r->defs[i].changes);
			continue;
		}
		r->defs[kept++] = r->defs[i];
	}
	r->n = kept;
}

/* The default inputs of rs, with the column input of table t at column c's first value. */
static int32_t *situation(const rtab_ruleset *rs, size_t t, size_t c)
{
	int32_t *in = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *in);
	rtab_inputs_default(rs, in, rs->ninputs);
	int32_t v = odds_column_value(rs, t, c);
	if (rs->tables[t].column_input >= 0 && v >= 0)
		in[rs->tables[t].column_input] = v;
	return in;
}

/* Whether the odds of one column on both sides fit in the budget (spent if so);
 * a table past it is listed once. */
static bool odds_fit(diff_result *r, const rtab_ruleset *a, size_t ta, const rtab_ruleset *b, size_t tb,
		     work_budget *work)
{
	uint64_t sa = odds_table_steps(a, ta), sb = odds_table_steps(b, tb);
	if (work_spend(work, sa > UINT64_MAX - sb ? UINT64_MAX : sa + sb))
		return true;
	const char *id = b->tables[tb].id;
	if (!r->npast_work || strcmp(r->past_work[r->npast_work - 1], id) != 0) {
		r->past_work = xrealloc(r->past_work, (r->npast_work + 1) * sizeof *r->past_work);
		r->past_work[r->npast_work++] = id;
	}
	return false;
}

static void compare_column(diff_result *r, const rtab_ruleset *a, size_t ta, size_t ca,
			   const rtab_ruleset *b, size_t tb, size_t cb, work_budget *work)
{
	if (!odds_fit(r, a, ta, b, tb, work))
		return;
	int32_t *ia = situation(a, ta, ca), *ib = situation(b, tb, cb);
	odds_dist da, db;
	/* A computed column is read as it is, whatever odds the default situation gives. */
	int ra = odds_key_computed(&a->tables[ta]) ? odds_table_column(a, ta, ca, ia, 0, &da)
							  : odds_table(a, ta, ia, 0, &da);
	int rb = odds_key_computed(&b->tables[tb]) ? odds_table_column(b, tb, cb, ib, 0, &db)
							  : odds_table(b, tb, ib, 0, &db);
	free(ia);
	free(ib);
	if (ra == RTAB_E_NO_RESULT && rb == RTAB_E_NO_RESULT)
		return; /* no result in either: nothing to compare */
	if (ra != RTAB_OK || rb != RTAB_OK) {
		if (ra == RTAB_OK)
			odds_dist_free(&da);
		if (rb == RTAB_OK)
			odds_dist_free(&db);
		r->unenumerated = xrealloc(r->unenumerated, (r->nunenumerated + 1) * sizeof *r->unenumerated);
		r->unenumerated[r->nunenumerated++] = b->tables[tb].id;
		return;
	}
	/* Every outcome either table can give, in the new table's printed order. */
	uint16_t *oa = xcalloc(a->noutcomes + 1u, sizeof *oa), *ob = xcalloc(b->noutcomes + 1u, sizeof *ob);
	size_t na = odds_table_outcomes(a, ta, oa), nb = odds_table_outcomes(b, tb, ob);
	for (size_t k = 0; k < nb + na; k++) {
		const char *id = k < nb ? b->outcomes[ob[k]].id : a->outcomes[oa[k - nb]].id;
		int ia2 = rtab_find_outcome(a, id), ib2 = rtab_find_outcome(b, id);
		if (k >= nb && ib2 >= 0) {
			bool seen = false;
			for (size_t j = 0; j < nb; j++)
				seen |= ob[j] == ib2;
			if (seen)
				continue;
		}
		uint64_t ca2 = ia2 >= 0 ? da.count[ia2] : 0, cb2 = ib2 >= 0 ? db.count[ib2] : 0;
		/* ca2/da.total == cb2/db.total, cross-multiplied (each at most 2^24). */
		if (ca2 * db.total == cb2 * da.total)
			continue;
		r->odds = xrealloc(r->odds, (r->nodds + 1) * sizeof *r->odds);
		r->odds[r->nodds++] = (diff_odds){b->tables[tb].id, b->tables[tb].columns[cb].id, id,
						  ca2, da.total, cb2, db.total};
	}
	free(oa);
	free(ob);
	odds_dist_free(&da);
	odds_dist_free(&db);
}

/* Whether column c of a table under odds lines reads a result column an earlier one reads. */
static bool read_before(const model_table *mt, size_t c)
{
	for (size_t j = 0; mt->result_of_column && mt->result_of_column[c] && j < c; j++)
		if (mt->result_of_column[j] == mt->result_of_column[c])
			return true;
	return false;
}

void diff_odds_compute(diff_result *r, const model *ma, const model *mb, work_budget *work)
{
	const rtab_ruleset *a = &ma->rs, *b = &mb->rs;
	for (size_t tb = 0; tb < b->ntables; tb++) {
		int ta = rtab_find_table(a, b->tables[tb].id);
		if (ta < 0)
			continue;
		for (size_t cb = 0; cb < b->tables[tb].ncolumns; cb++)
			for (size_t ca = 0; ca < a->tables[ta].ncolumns && !read_before(&mb->tables[tb], cb); ca++)
				if (strcmp(a->tables[ta].columns[ca].id, b->tables[tb].columns[cb].id) == 0)
					compare_column(r, a, (size_t)ta, ca, b, tb, cb, work);
	}
}

void diff_free(diff_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		for (size_t k = 0; k < r->defs[i].n; k++)
			free(r->defs[i].changes[k].detail);
		free(r->defs[i].changes);
		free(r->defs[i].totals);
	}
	for (size_t i = 0; i < r->nproofs; i++)
		free(r->proofs[i].how);
	free(r->proofs);
	free(r->defs);
	free(r->odds);
	free(r->unenumerated);
	free(r->past_work);
	memset(r, 0, sizeof *r);
}
