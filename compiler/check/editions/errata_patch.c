/* SPDX-License-Identifier: MIT */
/*
 * Errata that patch a definition in place:
 *
 *   errata second_printing @ "Errata, second printing" {
 *     patch table cavalry_pursuit { cell 5 at tacw = pursue_off_map @ "E2"; }
 *     patch table melee { modifiers +town_defender, -after_volley; }
 *     patch modifier pistol_shot { value 2; }
 *   }
 *
 * The merge is made on the syntax tree, so that every verb reads the
 * patched definition as if it had been restated; the 'cell' patches stay in
 * the body for the model, which knows the columns and outcomes they name.
 */
#include "check/editions/errata_patch.h"

#include "check/checks.h"
#include "base/util.h"
#include "rtab.h"

#include <stdlib.h>
#include <string.h>

/* How a layer's statement of each kind meets the base definition's. */
typedef enum layer_merge {
	MERGE_REPLACES,        /* a definition has at most one: the layer's takes its place */
	MERGE_SAME_LOCALE,     /* a label: the layer's replaces the base's of its locale */
	MERGE_SAME_CELL,       /* a matrix cell: the layer's replaces the base's of its keys */
	MERGE_SAME_STEP,       /* an odds step: the layer's replaces the base's of its ratios */
	MERGE_SAME_NAME,       /* a named part: the layer's replaces the base's of its name (an option,
				  a step; an arc, by the state it leaves) */
	MERGE_SAME_PATCHED,    /* a 'cell' patch: a later layer's replaces an earlier one's of its cells */
	MERGE_ADDED,           /* one of many (rows, effects, arcs...): the layer's is added after the base's */
} layer_merge;

/* The merge of each kind of statement. A switch with no default: a new kind
 * of statement does not compile until it says how a layer changes it. */
static layer_merge merge_of(stmt_kind k)
{
	switch (k) {
	case ST_LOCALES: case ST_WHEN: case ST_AMOUNT: case ST_ROLL: case ST_MODIFIERS:
	case ST_CAP: case ST_DOMAIN: case ST_COLUMNS: case ST_ROWS: case ST_DEFAULT:
	case ST_OTHERWISE: case ST_STACK: case ST_FOR: case ST_GROUP: case ST_STEPS:
	case ST_PROVISIONAL: case ST_GRID: case ST_TIE: case ST_SHIFTS: case ST_BELOW:
	case ST_ABOVE: case ST_CODE: case ST_ROUND: case ST_LIKE: case ST_EXACT:
		return MERGE_REPLACES;
	case ST_LABEL:
		return MERGE_SAME_LOCALE;
	case ST_CELL:
		return MERGE_SAME_CELL;
	case ST_BAND_STEP:
		return MERGE_SAME_STEP;
	case ST_ARC: case ST_OPTION: case ST_STEP:
		return MERGE_SAME_NAME;
	case ST_PATCH:
		return MERGE_SAME_PATCHED;
	case ST_VALUE: case ST_EFFECT: case ST_TRIGGER: case ST_COLSPEC: case ST_HEADER:
	case ST_ROW: case ST_NATURAL: case ST_REWRITE: case ST_UNLESS:
	case ST_LEADS: case ST_CHECK: case ST_GRID_LINE:
	case ST_NOTE: case ST_CLAMP: case ST_STRAY_WORDS: case ST_UNIT: case ST_COMPARE:
	case ST_GRID_WHEN: case ST_ODDS_LINE:
		return MERGE_ADDED;
	case ST_KIND_COUNT_:
		break;
	}
	return MERGE_ADDED;
}

static bool ids_same(const ast_id *a, const ast_id *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (strcmp(a->id, b->id) != 0)
			return false;
	return !a && !b;
}

/* Whether the odds a:b and c:d of two ratio steps are the same odds (4:2
 * is 2:1, as the ratio's own check of steps given twice reads them). */
static bool same_odds(int64_t a, int64_t b, int64_t c, int64_t d)
{
	if (a == c && b == d)
		return true;
	/* Terms past the ratio's limits are said by its check; compared exactly. */
	if (a < 1 || b < 1 || c < 1 || d < 1 || a > RTAB_MAX_STEP_TERM || b > RTAB_MAX_STEP_TERM ||
	    c > RTAB_MAX_STEP_TERM || d > RTAB_MAX_STEP_TERM)
		return false;
	return a * d == b * c;
}

/* The statement of the patch p that takes the place of s, or NULL. */
static bool replaces(const ast_stmt *p, const ast_stmt *s)
{
	if (p->kind != s->kind)
		return false;
	/* An option or a step replaces the one of its name; an arc from a state,
	 * or from every other ('*'), the one from it. */
	if (merge_of(p->kind) == MERGE_SAME_NAME)
		return p->star ? s->star : !s->star && p->name && s->name && strcmp(p->name, s->name) == 0;
	if (p->star || p->minus)
		return false;
	switch (merge_of(p->kind)) {
	case MERGE_REPLACES:
		return true;
	case MERGE_SAME_LOCALE:
		return strcmp(p->name, s->name) == 0;
	case MERGE_SAME_CELL:
		return ids_same(p->ids, s->ids);
	case MERGE_SAME_STEP:
		return same_odds(p->lo, p->hi, s->lo, s->hi); /* an odds step: 'lo:hi = DRM' */
	case MERGE_SAME_NAME:    /* above */
	case MERGE_SAME_PATCHED: /* same_cells, below: the earlier patch goes */
	case MERGE_ADDED:
		return false;
	}
	return false;
}

/* Two cell patches of the same cells: the later layer's wins. */
static bool same_cells(const ast_stmt *a, const ast_stmt *b)
{
	const ast_cell *ra = a->cells, *rb = b->cells;
	if (!ra || !rb || ra->lo != rb->lo || ra->hi != rb->hi || !a->step != !b->step)
		return false;
	if (!a->step)
		return true;
	if (a->step->kind != b->step->kind)
		return false;
	return a->step->kind == CELL_NAME ? strcmp(a->step->name, b->step->name) == 0
					  : a->step->lo == b->step->lo && a->step->hi == b->step->hi;
}

static bool listed(const ast_id *l, const char *id)
{
	for (; l; l = l->next)
		if (strcmp(l->id, id) == 0)
			return true;
	return false;
}

/* A '-X' of a modifier the list does not hold, or a '+X' of one it holds:
 * said at X, with where the list is. */
static void refuse_list_edit(diag_ctx *d, const ast_id *x, const ast_stmt *list,
			     const ast_def *prior, const char *layer)
{
	check_report_diag(d, CHECK_ERRATA, x->loc,
			  x->minus ? "errata layer '%s' takes '%s' out of the modifiers of %s '%s', which does not list it"
				   : "errata layer '%s' adds '%s' to the modifiers of %s '%s', which lists it already",
			  layer, x->id, def_kind_name(prior->kind), prior->id);
	diag_report(d, SEV_NOTE, NULL, list->loc.line ? list->loc : prior->id_loc,
		    "the modifiers of '%s' are listed here", prior->id);
}

/* 'modifiers +X, -Y;' applied to the list of the definition (list: its
 * 'modifiers' statement, or NULL when it has none). */
static void edit_list(ast_stmt *list, const ast_stmt *p, const ast_def *prior, const char *layer,
		      diag_ctx *d)
{
	for (const ast_id *x = p->ids; x; x = x->next) {
		/* '-X' of a modifier the list lacks, '+X' of one it has: refused. */
		if (x->minus != listed(list->ids, x->id)) {
			if (d)
				refuse_list_edit(d, x, list, prior, layer);
			continue;
		}
		if (x->minus) {
			ast_id **at = &list->ids;
			while (strcmp((*at)->id, x->id) != 0)
				at = &(*at)->next;
			ast_id *gone = *at;
			*at = gone->next;
			gone->next = NULL;
			ast_ids_free(gone);
			if (list->ids) {
				ast_id *t = list->ids;
				while (t->next)
					t = t->next;
				list->ids->tail = t;
			}
		} else {
			ast_id *c = ast_id_new(xstrdup(x->id), x->loc);
			list->ids = AST_APPEND(list->ids, c);
		}
	}
}

ast_def *errata_patch_apply(const ast_def *prior, const ast_def *patch, const char *layer,
			    diag_ctx *d)
{
	ast_def *m = xcalloc(1, sizeof *m);
	*m = *prior;
	/* The references per locale of its parts, the base's and the patch's:
	 * checked with the patched definition as its own would be. */
	m->part_refs =
		ast_part_refs_copy(ast_part_refs_copy(NULL, prior->part_refs), patch->part_refs);
	m->body = NULL;
	m->next = m->tail = NULL;
	m->errata_patch = true;
	m->damaged = prior->damaged || patch->damaged;
	bool *used = NULL;
	size_t n = 0;
	for (const ast_stmt *p = patch->body; p; p = p->next)
		n++;
	used = xcalloc(n ? n : 1, sizeof *used);

	ast_stmt *list = NULL; /* the 'modifiers' statement of the result */
	for (const ast_stmt *s = prior->body; s; s = s->next) {
		const ast_stmt *by = NULL;
		size_t k = 0;
		for (const ast_stmt *p = patch->body; p && !by; p = p->next, k++)
			if (replaces(p, s) || (p->kind == s->kind && merge_of(s->kind) == MERGE_SAME_PATCHED &&
						   same_cells(p, s))) {
				by = p;
				if (p->kind != ST_PATCH)
					used[k] = true;
			}
		if (by && by->kind == ST_PATCH)
			continue; /* an earlier layer's patch of the same cells */
		ast_stmt *c = ast_stmt_copy(by ? by : s);
		if (c->kind == ST_MODIFIERS && !list)
			list = c;
		m->body = AST_APPEND(m->body, c);
	}
	size_t k = 0;
	for (const ast_stmt *p = patch->body; p; p = p->next, k++) {
		if (used[k])
			continue;
		if (p->kind == ST_MODIFIERS && (p->star || p->minus)) {
			if (!list) {
				list = ast_stmt_new(ST_MODIFIERS, p->loc);
				m->body = AST_APPEND(m->body, list);
			}
			edit_list(list, p, prior, layer, d);
			continue;
		}
		ast_stmt *c = ast_stmt_copy(p);
		m->body = AST_APPEND(m->body, c);
	}
	free(used);
	return m;
}

void errata_patch_free(ast_def *merged)
{
	if (!merged)
		return;
	ast_stmts_free(merged->body);
	ast_part_refs_free(merged->part_refs);
	free(merged);
}
