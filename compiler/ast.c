#include "ast.h"

#include "util.h"

#include <stdlib.h>

const char *def_kind_name(def_kind kind)
{
	static const char *const names[DEF_KIND_COUNT_] = {
		"ruleset", "dice",      "enum",     "input",     "effect",
		"outcome", "modifier",  "table",    "matrix",    "ratio",
		"group",   "reaction set", "transition", "distance", "procedure",
		"example",
	};
	return kind < DEF_KIND_COUNT_ ? names[kind] : "definition";
}

ast_expr *ast_expr_new(expr_kind kind, src_loc loc)
{
	ast_expr *e = xcalloc(1, sizeof *e);
	e->kind = kind;
	e->loc = loc;
	return e;
}

ast_stmt *ast_stmt_new(stmt_kind kind, src_loc loc)
{
	ast_stmt *s = xcalloc(1, sizeof *s);
	s->kind = kind;
	s->loc = loc;
	return s;
}

ast_def *ast_def_new(def_kind kind, src_loc loc, char *id, src_loc id_loc)
{
	ast_def *d = xcalloc(1, sizeof *d);
	d->kind = kind;
	d->loc = loc;
	d->id = id;
	d->id_loc = id_loc;
	return d;
}

ast_id *ast_id_new(char *id, src_loc loc)
{
	ast_id *i = xcalloc(1, sizeof *i);
	i->id = id;
	i->loc = loc;
	return i;
}

ast_arg *ast_arg_new(arg_kind kind, src_loc loc)
{
	ast_arg *a = xcalloc(1, sizeof *a);
	a->kind = kind;
	a->loc = loc;
	return a;
}

ast_cell *ast_cell_new(src_loc loc)
{
	ast_cell *c = xcalloc(1, sizeof *c);
	c->loc = loc;
	return c;
}

ast_param *ast_param_new(char *id, src_loc loc, ast_type type)
{
	ast_param *p = xcalloc(1, sizeof *p);
	p->id = id;
	p->loc = loc;
	p->type = type;
	return p;
}

ast_dice_group *ast_dice_group_new(src_loc loc)
{
	ast_dice_group *g = xcalloc(1, sizeof *g);
	g->loc = loc;
	return g;
}

/* Expressions nest; free them without recursion so deep input cannot overflow the stack. */
static void expr_tree_free(ast_expr *e);

/* Frees e, its subtrees and the arguments that follow it (next_arg), without
 * recursion over the length of a list or of a chain of operators. */
void ast_expr_free(ast_expr *e)
{
	while (e) {
		ast_expr *sibling = e->next_arg;
		e->next_arg = NULL;
		expr_tree_free(e);
		e = sibling;
	}
}

static void expr_tree_free(ast_expr *e)
{
	while (e) {
		ast_expr *next;
		if (e->lhs && e->rhs) {
			/* Rotate so that at most one child remains, then descend. */
			ast_expr *l = e->lhs;
			e->lhs = l->rhs;
			l->rhs = e;
			e = l;
			continue;
		}
		next = e->lhs ? e->lhs : e->rhs;
		ast_expr_free(e->third);
		ast_expr_free(e->args);
		free(e->name);
		free(e);
		e = next;
	}
}

void ast_type_free(ast_type *t)
{
	if (t) {
		free(t->name);
		t->name = NULL;
	}
}

void ast_ids_free(ast_id *l)
{
	while (l) {
		ast_id *n = l->next;
		free(l->id);
		free(l);
		l = n;
	}
}

void ast_args_free(ast_arg *l)
{
	while (l) {
		ast_arg *n = l->next;
		free(l->name);
		free(l->key);
		free(l);
		l = n;
	}
}

void ast_cells_free(ast_cell *l)
{
	while (l) {
		ast_cell *n = l->next;
		free(l->name);
		free(l);
		l = n;
	}
}

void ast_params_free(ast_param *l)
{
	while (l) {
		ast_param *n = l->next;
		free(l->id);
		ast_type_free(&l->type);
		free(l);
		l = n;
	}
}

void ast_dice_free(ast_dice_group *l)
{
	while (l) {
		ast_dice_group *n = l->next;
		free(l);
		l = n;
	}
}

void ast_stmts_free(ast_stmt *l)
{
	while (l) {
		ast_stmt *n = l->next;
		free(l->name);
		free(l->text);
		free(l->rule);
		free(l->name2);
		ast_ids_free(l->ids);
		ast_ids_free(l->triggers);
		ast_args_free(l->args);
		ast_expr_free(l->expr);
		ast_expr_free(l->times);
		ast_cells_free(l->cells);
		ast_cells_free(l->step);
		ast_stmts_free(l->body);
		free(l);
		l = n;
	}
}

void ast_defs_free(ast_def *l)
{
	while (l) {
		ast_def *n = l->next;
		free(l->id);
		free(l->rule);
		free(l->by);
		ast_stmts_free(l->body);
		ast_dice_free(l->dice);
		ast_type_free(&l->type);
		ast_expr_free(l->init);
		ast_params_free(l->params);
		free(l);
		l = n;
	}
}

void ast_removes_free(ast_remove *l)
{
	while (l) {
		ast_remove *n = l->next;
		free(l->id);
		free(l);
		l = n;
	}
}

void ast_errata_free(ast_errata *l)
{
	while (l) {
		ast_errata *n = l->next;
		free(l->id);
		free(l->rule);
		ast_stmts_free(l->labels);
		ast_defs_free(l->defs);
		ast_removes_free(l->removes);
		free(l);
		l = n;
	}
}
