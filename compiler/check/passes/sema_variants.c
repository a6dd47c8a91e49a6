/* SPDX-License-Identifier: MIT */
/* Tables written 'like' another: merged with their base before they are resolved. */
#include "check/passes/sema_variants.h"

#include "check/checks.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_patch.h"

#include <stdlib.h>
#include <string.h>

/* Two statements fill the same place of a table: a variant's replaces its base's. */
static bool same_place(const ast_stmt *a, const ast_stmt *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == ST_STRAY_WORDS || a->kind == ST_LABEL)
		return strcmp(a->name, b->name) == 0;
	return true;
}

/*
 * 'table cavalry_crt { like crt; shifts ...; }': the variant is its own
 * statements, then every statement of the base it does not restate (a
 * grid, the columns, the shifts, the ends, labels per locale ...).
 */
static bool is_variant(const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_LIKE)
			return true;
	return false;
}

/* A statement copied from the base keeps the base's rule reference where it
 * gave none of its own (a row, a grid line, a natural rule, a rewrite read
 * the table's rule then), rather than taking the variant's; the base's
 * references per locale, where it gives them, in a part's form. */
static void keep_base_rule(ast_stmt *s, const char *rule)
{
	for (; s; s = s->next) {
		if (!s->rule && (s->kind == ST_ROW || s->kind == ST_GRID_LINE || s->kind == ST_NATURAL ||
				 s->kind == ST_REWRITE))
			s->rule = xstrdup(rule);
		if (s->rows)
			ast_rows_default_rule(s->rows, rule);
		if (s->lines)
			ast_glines_default_rule(s->lines, rule);
		keep_base_rule(s->body, rule);
	}
}

/* 'modifiers +X;' or 'shifts +X;' (a variant adds to its base's list). */
static bool is_list_addition(const ast_stmt *s)
{
	return s->kind == ST_MODIFIERS || s->kind == ST_SHIFTS;
}

static void add_base_list(ast_stmt *c, const ast_def *base)
{
	c->star = false;
	for (const ast_stmt *s = base ? base->body : NULL; s; s = s->next)
		if (same_place(s, c)) {
			ast_stmt *both = ast_stmt_copy(s);
			ast_id *mine = c->ids;
			c->ids = both->ids;
			both->ids = NULL;
			ast_stmts_free(both);
			if (!c->ids) {
				c->ids = mine;
			} else if (mine) { /* the whole list after the base's */
				c->ids->tail->next = mine;
				c->ids->tail = mine->tail ? mine->tail : mine;
			}
			return;
		}
}

/* '+' lists outside a variant have no base to add to; '-' lists belong in
 * an errata patch. */
static void report_stray_additions(model *m, const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->minus)
			check_report(m, CHECK_PATCH, s->loc,
				     "'%s -...' takes items out of a list in an errata patch (patch table %s { %s -X; }); here, write the list without them",
				     stmt_kind_name(s->kind), d->id, stmt_kind_name(s->kind));
		else if (s->star && is_list_addition(s))
			check_report(m, CHECK_PATCH, s->loc,
				     "'%s +...' adds to the list of the table a variant is 'like', and table '%s' is no variant: write the whole list (%s X, Y;)",
				     stmt_kind_name(s->kind), d->id, stmt_kind_name(s->kind));
}

static void add_variant(model *m, ast_def *v)
{
	m->variants = xrealloc(m->variants, (m->nvariants + 1) * sizeof *m->variants);
	m->variants[m->nvariants++] = v;
}

/* A table an errata layer patches: its 'cell' patches applied to the grid
 * or rows the edition before gave it. */
static void apply_errata_cells(model *m, size_t i)
{
	const ast_def *d = m->defs[DEF_TABLE][i];
	bool any = false;
	for (const ast_stmt *s = d->body; s; s = s->next)
		any |= s->kind == ST_PATCH;
	report_stray_additions(m, d);
	if (!any)
		return;
	ast_def *v = xcalloc(1, sizeof *v);
	*v = *d;
	v->body = NULL;
	v->next = v->tail = NULL;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		ast_stmt *c = ast_stmt_copy(s);
		v->body = AST_APPEND(v->body, c);
	}
	apply_cell_patches(m, v, d, false);
	add_variant(m, v);
	m->defs[DEF_TABLE][i] = v;
}

void expand_variants(model *m)
{
	size_t n = m->ndefs[DEF_TABLE];
	bool *variant = xcalloc(n ? n : 1, sizeof *variant);
	for (size_t i = 0; i < n; i++)
		variant[i] = is_variant(m->defs[DEF_TABLE][i]);
	for (size_t i = 0; i < n; i++) {
		const ast_def *d = m->defs[DEF_TABLE][i];
		const ast_stmt *like = NULL;
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind == ST_LIKE) {
				if (like)
					check_report(m, CHECK_DUPLICATE, s->loc, "table '%s' has a second 'like'",
						     d->id);
				else
					like = s;
			}
		if (!like && d->errata_patch) {
			apply_errata_cells(m, i);
			continue;
		}
		if (!like) {
			report_stray_patches(m, d);
			report_stray_additions(m, d);
			continue;
		}
		/* On a mistake in 'like', the table is its own statements, marked damaged. */
		const ast_def *base = NULL;
		if (!like->ids) {
			check_report(m, CHECK_MISSING, like->loc,
				     "'like' names the table this one is a variant of: like BASE;");
		} else if (like->ids->next) {
			check_report(m, CHECK_MISSING, like->ids->next->loc,
				     "a table is 'like' one other table, not several");
		} else {
			int b = resolve_def(m, DEF_TABLE, like->ids->id, like->ids->loc);
			if (b >= 0 && variant[b])
				check_report(m, CHECK_MISSING, like->ids->loc,
					     "table '%s' is itself a variant; write 'like' the table it is written out in",
					     like->ids->id);
			else if (b >= 0)
				base = m->defs[DEF_TABLE][b];
		}
		ast_def *v = xcalloc(1, sizeof *v);
		*v = *d;
		v->body = NULL;
		v->next = v->tail = NULL;
		v->damaged = d->damaged || !base;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_LIKE)
				continue;
			ast_stmt *c = ast_stmt_copy(s);
			if (s->star && is_list_addition(s))
				add_base_list(c, base); /* 'modifiers +X;': the base's, then X */
			v->body = AST_APPEND(v->body, c);
		}
		for (const ast_stmt *s = base ? base->body : NULL; s; s = s->next) {
			bool restated = false;
			for (const ast_stmt *t = d->body; t && !restated; t = t->next)
				restated = same_place(s, t);
			if (restated)
				continue;
			ast_stmt *c = ast_stmt_copy(s);
			if (base->rule) {
				/* The base's references per locale travel as a part's do. */
				char *rule = base->refs ? ast_part_rule_encode(base->refs) : NULL;
				keep_base_rule(c, rule ? rule : base->rule); /* a fresh copy: c->next is NULL */
				free(rule);
			}
			v->body = AST_APPEND(v->body, c);
		}
		bool own_grid = false;
		for (const ast_stmt *s = d->body; s; s = s->next)
			own_grid |= s->kind == ST_GRID;
		apply_cell_patches(m, v, base, own_grid);
		add_variant(m, v);
		m->defs[DEF_TABLE][i] = v;
	}
	free(variant);
}
