/* SPDX-License-Identifier: MIT */
#include "check/editions/edition.h"

#include "check/checks.h"
#include "check/editions/errata_patch.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

size_t edition_count(const ast_errata *layers)
{
	size_t n = 0;
	for (; layers; layers = layers->next)
		n++;
	return n;
}

long edition_layers(const ast_errata *layers, const char *name)
{
	if (!name)
		return (long)edition_count(layers);
	if (strcmp(name, EDITION_ORIGINAL) == 0)
		return 0;
	long i = 1;
	for (; layers; layers = layers->next, i++)
		if (strcmp(layers->id, name) == 0)
			return i;
	return -1;
}

const ast_errata *edition_layer(const ast_errata *layers, size_t i)
{
	for (; layers && i > 0; i--)
		layers = layers->next;
	return layers;
}

static bool str_eq(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static bool expr_eq(const ast_expr *a, const ast_expr *b)
{
	for (; a && b; a = a->next_arg, b = b->next_arg) {
		if (a->kind != b->kind || a->op != b->op || a->num != b->num || a->sides != b->sides ||
		    !str_eq(a->name, b->name) || !expr_eq(a->lhs, b->lhs) || !expr_eq(a->rhs, b->rhs) ||
		    !expr_eq(a->third, b->third) || !expr_eq(a->args, b->args))
			return false;
	}
	return !a && !b;
}

static bool ids_eq(const ast_id *a, const ast_id *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (!str_eq(a->id, b->id))
			return false;
	return !a && !b;
}

static bool args_eq(const ast_arg *a, const ast_arg *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (a->kind != b->kind || a->num != b->num || !str_eq(a->name, b->name) ||
		    !str_eq(a->key, b->key))
			return false;
	return !a && !b;
}

static bool cells_eq(const ast_cell *a, const ast_cell *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (a->kind != b->kind || a->lo != b->lo || a->hi != b->hi ||
		    a->open_lo != b->open_lo || a->open_hi != b->open_hi || !str_eq(a->name, b->name) ||
		    a->patched != b->patched || !str_eq(a->rule, b->rule) || !str_eq(a->text, b->text))
			return false;
	return !a && !b;
}

static bool rows_eq(const ast_rows *a, const ast_rows *b)
{
	if (!a || !b)
		return !a && !b;
	if (a->nrows != b->nrows || a->nranges != b->nranges)
		return false;
	for (size_t i = 0; i < a->nrows; i++) {
		const ast_row *x = &a->rows[i], *y = &b->rows[i];
		const ast_row_note *nx = ast_rows_note(a, i), *ny = ast_rows_note(b, i);
		if (!str_eq(x->name, y->name) || !str_eq(nx ? nx->rule : NULL, ny ? ny->rule : NULL) ||
		    !str_eq(nx ? nx->text : NULL, ny ? ny->text : NULL) || x->nranges != y->nranges)
			return false;
		for (uint32_t k = 0; k < x->nranges; k++) {
			const ast_range *p = &a->ranges[x->first + k], *q = &b->ranges[y->first + k];
			if (p->lo != q->lo || p->hi != q->hi)
				return false;
		}
	}
	return true;
}

static bool stmts_eq(const ast_stmt *a, const ast_stmt *b);

/* Two grids' lines, whether in the body or compact. */
static bool grid_lines_eq(const ast_stmt *a, const ast_stmt *b)
{
	ast_grid_walk wa, wb;
	const ast_stmt *x = ast_grid_first(&wa, a), *y = ast_grid_first(&wb, b);
	bool eq = true;
	for (; x && y && eq; x = ast_grid_next(&wa), y = ast_grid_next(&wb))
		eq = str_eq(x->rule, y->rule) && str_eq(x->text, y->text) && cells_eq(x->cells, y->cells);
	eq = eq && !x && !y;
	ast_grid_walk_end(&wa);
	ast_grid_walk_end(&wb);
	return eq;
}

static bool body_eq(const ast_stmt *a, const ast_stmt *b)
{
	return a->kind == ST_GRID ? grid_lines_eq(a, b) : stmts_eq(a->body, b->body);
}

static bool type_eq(const ast_type *a, const ast_type *b)
{
	return a->kind == b->kind && str_eq(a->name, b->name) && a->lo == b->lo && a->hi == b->hi &&
	       a->step == b->step;
}

static bool stmts_eq(const ast_stmt *a, const ast_stmt *b)
{
	for (; a && b; a = a->next, b = b->next) {
		if (a->kind != b->kind || !str_eq(a->name, b->name) || !str_eq(a->text, b->text) ||
		    !str_eq(a->rule, b->rule) || a->star != b->star || a->lo != b->lo ||
		    a->hi != b->hi || !str_eq(a->name2, b->name2) || a->has_drm != b->has_drm ||
		    a->has_roll != b->has_roll || a->drm != b->drm || a->expect != b->expect ||
		    a->expect_value != b->expect_value || a->expect_milli != b->expect_milli ||
		    a->has_expect_modifier != b->has_expect_modifier ||
		    a->has_expect_roll != b->has_expect_roll ||
		    a->expect_provisional != b->expect_provisional ||
		    a->has_expect_triggers != b->has_expect_triggers ||
		    a->expect_modifier != b->expect_modifier || a->expect_roll != b->expect_roll ||
		    !ids_eq(a->triggers, b->triggers) || !ids_eq(a->ids, b->ids) ||
		    !args_eq(a->args, b->args) || !expr_eq(a->expr, b->expr) ||
		    !expr_eq(a->result_args, b->result_args) ||
		    !cells_eq(a->cells, b->cells) || !cells_eq(a->step, b->step) ||
		    !expr_eq(a->times, b->times) || !args_eq(a->expect_args, b->expect_args) ||
		    a->all_values != b->all_values || a->expect_call != b->expect_call ||
		    a->expect_settled != b->expect_settled || a->minus != b->minus ||
		    !body_eq(a, b) || !rows_eq(a->rows, b->rows))
			return false;
	}
	return !a && !b;
}

bool ast_def_equal(const ast_def *a, const ast_def *b)
{
	const ast_dice_group *da = a->dice, *db = b->dice;
	const ast_param *pa = a->params, *pb = b->params;

	if (a->kind != b->kind || !str_eq(a->id, b->id) || !str_eq(a->rule, b->rule) ||
	    !str_eq(a->by, b->by) || !type_eq(&a->type, &b->type) || !expr_eq(a->init, b->init) ||
	    !stmts_eq(a->body, b->body))
		return false;
	for (; da && db; da = da->next, db = db->next)
		if (da->count != db->count || da->sides != db->sides || da->has_faces != db->has_faces ||
		    da->face_lo != db->face_lo || da->face_hi != db->face_hi)
			return false;
	for (; pa && pb; pa = pa->next, pb = pb->next)
		if (!str_eq(pa->id, pb->id) || !type_eq(&pa->type, &pb->type) ||
		    !expr_eq(pa->init, pb->init) || !stmts_eq(pa->body, pb->body))
			return false;
	return !da && !db && !pa && !pb;
}

/* The definitions of an edition while it is being put together. */
typedef struct slot {
	const ast_def *def;  /* NULL once removed */
	const ast_errata *by; /* the layer that gave it, or NULL for the main body */
	const ast_remove *removed; /* the removal that withdrew it */
	const ast_errata *removed_by;
	bool owned; /* def is an errata patch applied, made here */
} slot;

typedef struct slots {
	slot *v;
	size_t n, cap;
} slots;

static slot *slot_find(slots *s, def_kind kind, const char *id)
{
	for (size_t i = 0; i < s->n; i++) {
		const ast_def *d = s->v[i].def;
		const ast_remove *r = s->v[i].removed;
		if ((d && d->kind == kind && strcmp(d->id, id) == 0) ||
		    (!d && r && r->kind == kind && strcmp(r->id, id) == 0))
			return &s->v[i];
	}
	return NULL;
}

static slot *slot_add(slots *s)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 32;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	memset(&s->v[s->n], 0, sizeof s->v[0]);
	return &s->v[s->n++];
}

static void slots_body(slots *s, const ast_def *body)
{
	for (const ast_def *d = body; d; d = d->next)
		slot_add(s)->def = d;
}

/* Give slot at the definition def, releasing the one it held if made here. */
static void slot_set(slot *at, const ast_def *def, bool owned)
{
	if (at->owned)
		errata_patch_free((ast_def *)at->def);
	at->def = def;
	at->owned = owned;
}

static void slots_free(slots *s)
{
	for (size_t i = 0; i < s->n; i++)
		slot_set(&s->v[i], NULL, false);
	free(s->v);
}

/* patch KIND ID { ... } of one layer, applied to s. */
static void apply_patches(slots *s, const ast_errata *layer, diag_ctx *d)
{
	for (const ast_def *p = layer->patches; p; p = p->next) {
		const char *kind = def_kind_name(p->kind);
		bool wrong = false;
		for (const ast_def *e = layer->patches; d && e != p && !wrong; e = e->next)
			if (e->kind == p->kind && strcmp(e->id, p->id) == 0) {
				check_report_diag(d, CHECK_ERRATA, p->id_loc,
						  "errata layer '%s' patches %s '%s' twice; give its changes in one patch",
						  layer->id, kind, p->id);
				diag_report(d, SEV_NOTE, NULL, e->id_loc, "the first patch is here");
				wrong = true;
			}
		for (const ast_def *e = layer->defs; d && e && !wrong; e = e->next)
			if (e->kind == p->kind && strcmp(e->id, p->id) == 0) {
				check_report_diag(d, CHECK_ERRATA, p->loc,
						  "errata layer '%s' both restates and patches %s '%s'; keep one",
						  layer->id, kind, p->id);
				diag_report(d, SEV_NOTE, NULL, e->id_loc, "the restatement is here");
				wrong = true;
			}
		for (const ast_remove *r = layer->removes; d && r && !wrong; r = r->next)
			if (r->kind == p->kind && strcmp(r->id, p->id) == 0) {
				check_report_diag(d, CHECK_ERRATA, p->loc,
						  "errata layer '%s' both removes and patches %s '%s'; keep one",
						  layer->id, kind, p->id);
				diag_report(d, SEV_NOTE, NULL, r->loc, "the removal is here");
				wrong = true;
			}
		if (wrong)
			continue;
		slot *at = slot_find(s, p->kind, p->id);
		if (!at || !at->def) {
			if (!d)
				continue;
			if (at) {
				check_report_diag(d, CHECK_ERRATA, p->id_loc,
						  "errata layer '%s' patches %s '%s', which errata layer '%s' removed",
						  layer->id, kind, p->id, at->removed_by->id);
				diag_report(d, SEV_NOTE, NULL, at->removed->loc, "'%s' is removed here", p->id);
				continue;
			}
			check_report_diag(d, CHECK_ERRATA, p->id_loc,
					  "errata layer '%s' patches %s '%s', which nothing before it defines",
					  layer->id, kind, p->id);
			for (size_t i = 0; i < s->n; i++) {
				const ast_def *e = s->v[i].def;
				if (e && (strcmp(e->id, p->id) == 0 ||
					  (e->kind == p->kind &&
					   edit_distance(e->id, p->id) <= 1 + strlen(p->id) / 8))) {
					diag_report(d, SEV_NOTE, NULL, e->id_loc, "%s '%s' is defined here",
						    def_kind_name(e->kind), e->id);
					break;
				}
			}
			continue;
		}
		ast_def *merged = errata_patch_apply(at->def, p, layer->id, d);
		if (d && ast_def_equal(merged, at->def)) {
			check_report_diag(d, CHECK_ERRATA_UNCHANGED, p->id_loc,
					  "errata layer '%s' patches %s '%s' without changing it; correct the patch or drop it",
					  layer->id, kind, p->id);
			diag_report(d, SEV_NOTE, NULL, at->def->id_loc, "'%s' is defined here", p->id);
		}
		slot_set(at, merged, true);
		at->by = layer;
	}
}

/* Apply one layer to s; report what is wrong with it when d is given. */
static void apply_layer(slots *s, const ast_errata *layer, diag_ctx *d)
{
	for (const ast_def *def = layer->defs; def; def = def->next) {
		if (d) {
			for (const ast_def *e = layer->defs; e != def; e = e->next)
				if (e->kind == def->kind && strcmp(e->id, def->id) == 0) {
					check_report_diag(d, CHECK_DUPLICATE, def->id_loc,
							  "errata layer '%s' states %s '%s' twice", layer->id,
							  def_kind_name(def->kind), def->id);
					diag_report(d, SEV_NOTE, NULL, e->id_loc, "'%s' is first stated here", def->id);
					break;
				}
			for (const ast_remove *r = layer->removes; r; r = r->next)
				if (r->kind == def->kind && strcmp(r->id, def->id) == 0) {
					check_report_diag(d, CHECK_ERRATA, r->loc,
							  "errata layer '%s' both removes and restates %s '%s'; keep one",
							  layer->id, def_kind_name(def->kind), def->id);
					diag_report(d, SEV_NOTE, NULL, def->id_loc, "the restatement is here");
				}
		}
		slot *at = slot_find(s, def->kind, def->id);
		if (at && at->def) {
			if (d && ast_def_equal(at->def, def)) {
				check_report_diag(d, CHECK_ERRATA_UNCHANGED, def->id_loc,
						  "errata layer '%s' restates %s '%s' unchanged; correct it or drop it from the layer",
						  layer->id, def_kind_name(def->kind), def->id);
				if (at->by)
					diag_report(d, SEV_NOTE, NULL, at->def->id_loc,
						    "'%s' as errata layer '%s' left it is here", def->id, at->by->id);
				else
					diag_report(d, SEV_NOTE, NULL, at->def->id_loc,
						    "'%s' as the main body defines it is here", def->id);
			}
		} else if (at) {
			if (d) {
				check_report_diag(d, CHECK_ERRATA, def->id_loc,
						  "errata layer '%s' restates %s '%s', which errata layer '%s' removed",
						  layer->id, def_kind_name(def->kind), def->id, at->removed_by->id);
				diag_report(d, SEV_NOTE, NULL, at->removed->loc, "'%s' is removed here", def->id);
			}
		} else {
			/* An addition whose id is a letter or two off one that exists is
			 * most likely a restatement with a misspelt id. */
			for (size_t i = 0; d && i < s->n; i++) {
				const ast_def *e = s->v[i].def;
				if (e && e->kind == def->kind && edit_distance(e->id, def->id) <= 1 + strlen(def->id) / 8) {
					check_report_diag(d, CHECK_ERRATA_NEW, def->id_loc,
							  "errata layer '%s' adds %s '%s', which does not exist; did you mean to restate '%s'?",
							  layer->id, def_kind_name(def->kind), def->id, e->id);
					diag_report(d, SEV_NOTE, NULL, e->id_loc, "'%s' is defined here", e->id);
					break;
				}
			}
			at = slot_add(s);
		}
		slot_set(at, def, false);
		at->by = layer;
		at->removed = NULL;
		at->removed_by = NULL;
	}
	apply_patches(s, layer, d);
	for (const ast_remove *r = layer->removes; r; r = r->next) {
		slot *at = slot_find(s, r->kind, r->id);
		if (at && at->def && at->by == layer)
			continue; /* removed and restated (or patched) by the same layer: reported above */
		if (at && at->def) {
			slot_set(at, NULL, false);
			at->removed = r;
			at->removed_by = layer;
			continue;
		}
		if (!d)
			continue;
		if (at) {
			check_report_diag(d, CHECK_ERRATA, r->loc,
					  "errata layer '%s' removes %s '%s', which errata layer '%s' removed already",
					  layer->id, def_kind_name(r->kind), r->id, at->removed_by->id);
			diag_report(d, SEV_NOTE, NULL, at->removed->loc, "'%s' is removed here", r->id);
			continue;
		}
		check_report_diag(d, CHECK_ERRATA, r->loc,
				  "errata layer '%s' removes %s '%s', which nothing before it defines",
				  layer->id, def_kind_name(r->kind), r->id);
		for (size_t i = 0; i < s->n; i++)
			if (s->v[i].def && strcmp(s->v[i].def->id, r->id) == 0) {
				diag_report(d, SEV_NOTE, NULL, s->v[i].def->id_loc,
					    "%s '%s' is defined here; did you mean: remove %s %s;?",
					    def_kind_name(s->v[i].def->kind), r->id,
					    s->v[i].def->kind == DEF_BAND ? "ratio" : def_kind_name(s->v[i].def->kind),
					    r->id);
				break;
			}
	}
}

ast_def *edition_defs(const ast_def *body, const ast_errata *layers, size_t n)
{
	slots s = {0};
	slots_body(&s, body);
	for (const ast_errata *l = layers; l && n > 0; l = l->next, n--)
		apply_layer(&s, l, NULL);
	size_t live = 0;
	for (size_t i = 0; i < s.n; i++)
		live += s.v[i].def != NULL;
	ast_def *out = live ? xcalloc(live, sizeof *out) : NULL;
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (!s.v[i].def)
			continue;
		out[k] = *s.v[i].def;
		out[k].next = k + 1 < live ? &out[k + 1] : NULL;
		k++;
		if (s.v[i].owned) /* its body now the edition's */
			free((ast_def *)s.v[i].def);
	}
	if (out)
		out->tail = &out[live - 1];
	free(s.v);
	return out;
}

void edition_free(ast_def *defs)
{
	for (ast_def *d = defs; d; d = d->next)
		if (d->errata_patch) {
			ast_stmts_free(d->body);
			ast_part_refs_free(d->part_refs); /* copied for the patch, as its body */
		}
	free(defs); /* one block: the copies, the first at its start */
}

void edition_check(const ast_def *body, const ast_errata *layers, diag_ctx *d)
{
	slots s = {0};
	slots_body(&s, body);
	for (const ast_def *d0 = body; d0 && layers; d0 = d0->next)
		if (d0->loc.line > layers->loc.line ||
		    (d0->loc.line == layers->loc.line && d0->loc.col > layers->loc.col)) {
			check_report_diag(d, CHECK_ERRATA, d0->loc,
					  "%s '%s' follows the errata layers; the main body comes first and the layers last (to correct it, restate it inside a layer)",
					  def_kind_name(d0->kind), d0->id);
			diag_report(d, SEV_NOTE, NULL, layers->loc, "the first errata layer begins here");
		}
	for (const ast_errata *l = layers; l; l = l->next) {
		if (strcmp(l->id, EDITION_ORIGINAL) == 0)
			check_report_diag(d, CHECK_ERRATA, l->id_loc,
					  "an errata layer cannot be named '%s': that names the edition without any layer; rename it",
					  EDITION_ORIGINAL);
		for (const ast_errata *e = layers; e != l; e = e->next)
			if (strcmp(e->id, l->id) == 0) {
				check_report_diag(d, CHECK_ERRATA, l->id_loc,
						  "two errata layers are named '%s'; an edition is named by its layer, so each needs its own name",
						  l->id);
				diag_report(d, SEV_NOTE, NULL, e->id_loc, "the first '%s' is here", l->id);
				break;
			}
		apply_layer(&s, l, d);
	}
	slots_free(&s);
}
