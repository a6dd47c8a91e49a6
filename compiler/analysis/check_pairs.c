/* SPDX-License-Identifier: MIT */
/* Example checks of two files paired across units (see check_pairs.h). */
#include "analysis/check_pairs.h"

#include "analysis/quantity.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Figures a check's situation holds beyond this are compared as text. */
#define MAX_FIGURES 16

/* The figures of a check's situation ("crt(move = 40 cm) roll 3"), each
 * with the unit rs declares after it or none, and the key with each as '#';
 * SIZE_MAX past MAX_FIGURES. */
static size_t situation_figures(const rtab_ruleset *rs, const char *key, ratio *out, const char **units,
				strbuf *shape)
{
	size_t n = 0;
	for (const char *p = key; *p;) {
		bool after_word = p > key && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.');
		const char *digits = *p == '-' ? p + 1 : p;
		const char *end;
		ratio v;
		if (after_word || !isdigit((unsigned char)*digits) || !ratio_parse_decimal(p, &end, &v)) {
			sb_putc(shape, *p++);
			continue;
		}
		if (n == MAX_FIGURES)
			return SIZE_MAX;
		units[n] = NULL;
		for (size_t u = 0; *end == ' ' && u < rs->nunits; u++) {
			size_t len = strlen(rs->units[u].id);
			if (strncmp(end + 1, rs->units[u].id, len) == 0 && !isalnum((unsigned char)end[1 + len]) &&
			    end[1 + len] != '_') {
				units[n] = rs->units[u].id;
				end += 1 + len;
				break;
			}
		}
		out[n++] = v;
		sb_putc(shape, '#');
		p = end;
	}
	if (!shape->data)
		sb_puts(shape, "");
	return n;
}

/* Whether check keys ka (of the original a) and kb (of the translation b)
 * try the same situation, each length within the tolerance of the declared
 * conversion: an edition in inches tries 16 inches (40.64 cm) where the
 * original tries 40 cm, its whole inches unable to state 40 cm. *off: how
 * far apart, the largest ratio of two figures converted (at least 1), so
 * that of two checks within the tolerance the nearer pairs. */
static bool same_situation(const rtab_ruleset *a, const char *ka, const rtab_ruleset *b, const char *kb, ratio *off)
{
	ratio va[MAX_FIGURES], vb[MAX_FIGURES];
	const char *ua[MAX_FIGURES], *ub[MAX_FIGURES];
	strbuf sa = {0}, sb = {0};
	size_t na = situation_figures(a, ka, va, ua, &sa), nb = situation_figures(b, kb, vb, ub, &sb);
	bool same = na != SIZE_MAX && na == nb && strcmp(sa.data, sb.data) == 0;
	bool converted = false;
	*off = ratio_int(1);
	for (size_t k = 0; same && k < na; k++) {
		char *why;
		same = quantity_compare(a, va[k], ua[k], b, vb[k], ub[k], &why) == QUANTITY_EQUAL;
		free(why);
		ratio per_unit, x;
		int32_t tolerance;
		if (!same || !quantity_units_differ(ua[k], ub[k]))
			continue;
		converted = true;
		if (vb[k].num != 0 && va[k].num != 0 && quantity_factor(a, ua[k], b, ub[k], &per_unit, &tolerance) &&
		    ratio_mul(va[k], per_unit, &x) && ratio_mul(x, ratio_inverse(vb[k]), &x)) {
			if (ratio_compare(x, ratio_int(1)) < 0)
				x = ratio_inverse(x);
			if (ratio_compare(x, *off) > 0)
				*off = x;
		}
	}
	sb_free(&sa);
	sb_free(&sb);
	return same && converted;
}

/* The check of d (of the other side) that tries f's situation within the
 * declared conversion's tolerance and nearest it, or NULL. f_original: f
 * is the original's. */
static const facet *nearest_check(const facet *f, const facet_set *fs, const facet_def *d, const facet_set *ds,
				  bool f_original, ratio *best_off)
{
	const facet *best = NULL;
	for (size_t k = 0; k < d->n; k++) {
		const facet *g = &d->facets[k];
		ratio off;
		if (strncmp(g->key, "check ", 6) != 0)
			continue;
		if (f_original ? same_situation(&fs->m->rs, f->key, &ds->m->rs, g->key, &off)
			       : same_situation(&ds->m->rs, g->key, &fs->m->rs, f->key, &off))
			if (!best || ratio_compare(off, *best_off) < 0) {
				best = g;
				*best_off = off;
			}
	}
	return best;
}

/* By meaning, the check of d (of the other side) whose situation is f's
 * within the declared conversion's tolerance, each the other's nearest,
 * or NULL. f is of definition fd. */
const facet *check_within_tolerance(const facet *f, const facet_set *fs, const facet_def *fd,
					   const facet_def *d, const facet_set *ds, bool f_original)
{
	if (d->kind != DEF_EXAMPLE || strncmp(f->key, "check ", 6) != 0)
		return NULL;
	ratio off;
	const facet *g = nearest_check(f, fs, d, ds, f_original, &off);
	return g && nearest_check(g, ds, fd, fs, !f_original, &off) == f ? g : NULL;
}
