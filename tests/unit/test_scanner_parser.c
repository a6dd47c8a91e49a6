/*
 * Unit tests of the scanner and the parser: source text in, syntax tree and
 * diagnostics out. Every test is a table of cases run by one loop.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "front/parse_ctx.h"
#include "rtab.h"

/* Sources may hold NUL bytes, so each carries its length. */
#define SRC(s) s, sizeof(s) - 1

/* ------------------------------------------------------------------------ */
/* Parsing a string, with the diagnostics captured in memory.                */
/* ------------------------------------------------------------------------ */

typedef struct parsed {
	FILE *f;
	char *out; /* every diagnostic, as printed */
	size_t outlen;
	diag_ctx diag;
	struct parse_ctx pc;
	int rc;
} parsed;

/* by_grammar: every row through the grammar, none read by the scanner itself. */
static void parse_text_as(parsed *p, const char *src, size_t len, bool by_grammar)
{
	memset(p, 0, sizeof *p);
	p->f = open_memstream(&p->out, &p->outlen);
	assert_non_null(p->f);
	diag_init(&p->diag, "t.rtab", src, len, p->f);
	p->pc.diag = &p->diag;
	p->pc.rows_by_grammar = by_grammar;
	p->rc = rtab_parse(src, len, &p->pc);
	assert_int_equal(fflush(p->f), 0);
}

static void parse_text(parsed *p, const char *src, size_t len)
{
	parse_text_as(p, src, len, false);
}

static void parsed_free(parsed *p)
{
	for (size_t i = 0; i < p->pc.ndiscarded; i++)
		free(p->pc.discarded[i]);
	free(p->pc.discarded);
	ast_defs_free(p->pc.defs);
	ast_errata_free(p->pc.errata);
	diag_free(&p->diag);
	fclose(p->f);
	free(p->out);
}

/* ------------------------------------------------------------------------ */
/* A compact, deterministic rendering of the syntax tree.                    */
/* ------------------------------------------------------------------------ */

static void put_loc(strbuf *sb, bool locs, src_loc l)
{
	if (locs)
		sb_printf(sb, "@%d:%d", l.line, l.col);
}

static void put_text(strbuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (; *s; s++) {
		switch (*s) {
		case '"': sb_puts(sb, "\\\""); break;
		case '\\': sb_puts(sb, "\\\\"); break;
		case '\n': sb_puts(sb, "\\n"); break;
		case '\t': sb_puts(sb, "\\t"); break;
		default: sb_putc(sb, *s);
		}
	}
	sb_putc(sb, '"');
}

static const char *op_name(int op)
{
	switch (op) {
	case RTAB_OP_NEG: return "neg";
	case RTAB_OP_NOT: return "not";
	case RTAB_OP_ADD: return "+";
	case RTAB_OP_SUB: return "-";
	case RTAB_OP_MUL: return "*";
	case RTAB_OP_EQ: return "==";
	case RTAB_OP_NE: return "!=";
	case RTAB_OP_LT: return "<";
	case RTAB_OP_LE: return "<=";
	case RTAB_OP_GT: return ">";
	case RTAB_OP_GE: return ">=";
	case RTAB_OP_AND: return "and";
	case RTAB_OP_OR: return "or";
	case RTAB_OP_DIV_EXACT: return "/";
	default: return "?";
	}
}

static void put_expr_plain(strbuf *sb, bool locs, const ast_expr *e);

/* A number or dice written with its unit: "1d6[cm]". */
static void put_expr(strbuf *sb, bool locs, const ast_expr *e)
{
	put_expr_plain(sb, locs, e);
	if (e->unit)
		sb_printf(sb, "[%s]", e->unit);
}

static void put_expr_plain(strbuf *sb, bool locs, const ast_expr *e)
{
	switch (e->kind) {
	case EX_INT: sb_printf(sb, "%lld", (long long)e->num); break;
	case EX_BOOL: sb_puts(sb, e->num ? "true" : "false"); break;
	case EX_NAME: sb_puts(sb, e->name); break;
	case EX_UNARY:
		sb_printf(sb, "(%s ", op_name(e->op));
		put_expr(sb, locs, e->lhs);
		sb_putc(sb, ')');
		break;
	case EX_BINARY:
		sb_printf(sb, "(%s ", op_name(e->op));
		put_expr(sb, locs, e->lhs);
		sb_putc(sb, ' ');
		put_expr(sb, locs, e->rhs);
		sb_putc(sb, ')');
		break;
	case EX_CALL:
		sb_printf(sb, "%s(", e->name);
		for (const ast_expr *a = e->args; a; a = a->next_arg) {
			put_expr(sb, locs, a);
			if (a->next_arg)
				sb_puts(sb, ", ");
		}
		sb_putc(sb, ')');
		break;
	case EX_DICE: sb_printf(sb, "%lldd%lld", (long long)e->num, (long long)e->sides); break;
	case EX_DECIMAL: sb_printf(sb, "%lld/1000", (long long)e->num); break;
	case EX_IF:
		sb_puts(sb, "(if ");
		put_expr(sb, locs, e->lhs);
		sb_putc(sb, ' ');
		put_expr(sb, locs, e->rhs);
		sb_putc(sb, ' ');
		put_expr(sb, locs, e->third);
		sb_putc(sb, ')');
		break;
	}
	put_loc(sb, locs, e->loc);
}

static void put_ids(strbuf *sb, bool locs, const ast_id *i)
{
	for (; i; i = i->next) {
		sb_puts(sb, i->id);
		put_loc(sb, locs, i->loc);
		if (i->next)
			sb_putc(sb, ',');
	}
}

static void put_end(strbuf *sb, int64_t v)
{
	if (v == INT64_MIN)
		sb_puts(sb, "-inf");
	else if (v == INT64_MAX)
		sb_puts(sb, "+inf");
	else
		sb_printf(sb, "%lld", (long long)v);
}

static void put_type(strbuf *sb, const ast_type *t)
{
	switch (t->kind) {
	case TY_BOOL: sb_puts(sb, "bool"); break;
	case TY_INT: sb_printf(sb, "int %lld..%lld", (long long)t->lo, (long long)t->hi); break;
	case TY_NAMED: sb_puts(sb, t->name); break;
	case TY_LIST: sb_printf(sb, "list %lld..%lld", (long long)t->lo, (long long)t->hi); break;
	case TY_NUMBER:
		sb_printf(sb, "%s %lld..%lld by %lld /1000", t->name, (long long)t->lo, (long long)t->hi,
			  (long long)t->step);
		break;
	}
	if (t->unit)
		sb_printf(sb, " %s", t->unit);
}

static void put_stmts(strbuf *sb, bool locs, const ast_stmt *s);

static void put_stmt(strbuf *sb, bool locs, const ast_stmt *s);

/* A grid's lines, those of its body and its compact ones alike. */
static void put_grid_lines(strbuf *sb, bool locs, const ast_stmt *grid)
{
	ast_grid_walk walk;
	sb_puts(sb, " {");
	for (const ast_stmt *l = ast_grid_first(&walk, grid); l; l = ast_grid_next(&walk)) {
		sb_putc(sb, ' ');
		put_stmt(sb, locs, l);
		sb_putc(sb, ';');
	}
	ast_grid_walk_end(&walk);
	sb_puts(sb, " }");
}

static void put_cell(strbuf *sb, bool locs, const ast_cell *c)
{
	sb_putc(sb, ' ');
	if (c->kind == CELL_NAME)
		sb_puts(sb, c->name);
	else if (c->kind == CELL_ABSENT)
		sb_puts(sb, "-");
	else if (c->kind == CELL_COLON)
		sb_puts(sb, ":");
	else if (c->kind == CELL_RATIO)
		sb_printf(sb, "%lld/%lld", (long long)c->lo, (long long)c->hi);
	else {
		put_end(sb, c->lo);
		sb_puts(sb, "..");
		put_end(sb, c->hi);
	}
	put_loc(sb, locs, c->loc);
}

/* A row of a block, as a row statement was written: 'row NAME cells [@rule] [provisional "why"]@loc'. */
static void put_row(strbuf *sb, bool locs, const ast_rows *rr, const ast_row *r)
{
	sb_printf(sb, "row %s", r->name);
	for (uint32_t k = 0; k < r->nranges; k++) {
		const ast_range *c = &ast_row_ranges(rr, r)[k];
		sb_putc(sb, ' ');
		put_end(sb, ast_range_absent(c) ? 1 : c->lo); /* '—' as the grammar's cell writes it */
		sb_puts(sb, "..");
		put_end(sb, ast_range_absent(c) ? 0 : c->hi);
		put_loc(sb, locs, c->loc);
	}
	const ast_row_note *n = ast_rows_note(rr, (size_t)(r - rr->rows));
	if (n && n->rule)
		sb_printf(sb, " @%s", n->rule);
	if (n && n->text) {
		sb_puts(sb, " provisional ");
		put_text(sb, n->text);
	}
	put_loc(sb, locs, r->loc);
}

static void put_stmt(strbuf *sb, bool locs, const ast_stmt *s);

/* A 'rows' block: its headers (in its body) each above the row it names. */
static void put_rows(strbuf *sb, bool locs, const ast_stmt *s)
{
	const ast_stmt *h = s->body;
	size_t n = s->rows ? s->rows->nrows : 0;
	sb_puts(sb, " {");
	for (size_t i = 0; i <= n; i++) {
		for (; h && h->lo <= (int64_t)i; h = h->next) {
			sb_putc(sb, ' ');
			put_stmt(sb, locs, h);
			sb_putc(sb, ';');
		}
		if (i == n)
			break;
		sb_putc(sb, ' ');
		put_row(sb, locs, s->rows, &s->rows->rows[i]);
		sb_putc(sb, ';');
	}
	sb_puts(sb, " }");
}

static void put_stmt(strbuf *sb, bool locs, const ast_stmt *s)
{
	switch (s->kind) {
	case ST_LABEL:
		sb_printf(sb, "%s ", s->name);
		put_text(sb, s->text);
		put_loc(sb, locs, s->text_loc);
		break;
	case ST_LOCALES:
		sb_puts(sb, "locales ");
		put_ids(sb, locs, s->ids);
		break;
	case ST_EXACT:
		sb_printf(sb, "%s %lld/%lld", s->misspelt ? s->name : stmt_kind_name(s->kind), (long long)s->lo,
			  (long long)s->hi);
		break;
	case ST_VALUE:
		sb_printf(sb, "value %s", s->name);
		if (s->body)
			put_stmts(sb, locs, s->body);
		break;
	case ST_EFFECT:
		sb_printf(sb, "effect %s(", s->name);
		for (const ast_arg *a = s->args; a; a = a->next) {
			if (a->kind == ARG_INT)
				sb_printf(sb, "%lld%s%s", (long long)a->num, a->unit ? " " : "", a->unit ? a->unit : "");
			else
				sb_puts(sb, a->name);
			put_loc(sb, locs, a->loc);
			if (a->next)
				sb_putc(sb, ',');
		}
		sb_putc(sb, ')');
		break;
	case ST_TRIGGER:
		sb_printf(sb, "trigger %s", s->name);
		if (s->expr) {
			sb_puts(sb, " unless ");
			put_expr(sb, locs, s->expr);
		}
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		break;
	case ST_WHEN:
		sb_puts(sb, "when ");
		put_expr(sb, locs, s->expr);
		break;
	case ST_AMOUNT:
		sb_puts(sb, "amount ");
		put_expr(sb, locs, s->expr);
		if (s->name2)
			sb_printf(sb, " %s", s->name2);
		break;
	case ST_ROLL: sb_printf(sb, "roll %s", s->name); break;
	case ST_MODIFIERS:
		sb_puts(sb, "modifiers ");
		put_ids(sb, locs, s->ids);
		break;
	case ST_CAP: sb_printf(sb, "cap %lld..%lld", (long long)s->lo, (long long)s->hi); break;
	case ST_DOMAIN: sb_printf(sb, "within %lld..%lld", (long long)s->lo, (long long)s->hi); break;
	case ST_COLUMNS:
		sb_puts(sb, "columns by ");
		if (s->name2)
			sb_printf(sb, "%s x ", s->name2);
		sb_puts(sb, s->name);
		if (s->all_values)
			sb_puts(sb, " (every value)");
		if (s->expr) {
			sb_putc(sb, '(');
			for (const ast_expr *a = s->expr; a; a = a->next_arg) {
				put_expr(sb, locs, a);
				sb_puts(sb, a->next_arg ? ", " : "");
			}
			sb_putc(sb, ')');
		}
		if (s->expr && s->ids && s->ids->next)
			sb_printf(sb, " %s %s", s->ids->id, s->ids->next->id);
		put_stmts(sb, locs, s->body);
		break;
	case ST_COLSPEC:
		sb_printf(sb, "%s = ", s->name);
		if (s->star)
			sb_putc(sb, '*');
		put_ids(sb, locs, s->ids);
		break;
	case ST_ROWS:
		sb_puts(sb, "rows");
		put_rows(sb, locs, s);
		break;
	case ST_HEADER:
		sb_puts(sb, "header ");
		put_ids(sb, locs, s->ids);
		break;
	case ST_ROW:
		sb_printf(sb, "row %s", s->name);
		for (const ast_cell *c = s->cells; c; c = c->next) {
			sb_putc(sb, ' ');
			put_end(sb, c->lo);
			sb_puts(sb, "..");
			put_end(sb, c->hi);
			put_loc(sb, locs, c->loc);
		}
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		if (s->text) {
			sb_puts(sb, " provisional ");
			put_text(sb, s->text);
		}
		break;
	case ST_GRID:
		sb_puts(sb, "grid");
		if (s->name)
			sb_printf(sb, " %s", s->name);
		put_grid_lines(sb, locs, s);
		break;
	case ST_GRID_WHEN:
		sb_puts(sb, "grid");
		if (s->name)
			sb_printf(sb, " %s", s->name);
		if (s->expr) {
			sb_puts(sb, " when ");
			put_expr(sb, locs, s->expr);
		} else {
			sb_puts(sb, " otherwise");
		}
		put_stmts(sb, locs, s->body);
		break;
	case ST_GRID_LINE:
	case ST_ODDS_LINE:
	case ST_PATCH:
		sb_puts(sb, stmt_kind_name(s->kind));
		if (s->kind == ST_ODDS_LINE) {
			sb_printf(sb, " %s", s->name);
			put_ids(sb, locs, s->ids);
		}
		if (s->misspelt)
			sb_printf(sb, " %s", s->name);
		for (const ast_cell *c = s->cells; c; c = c->next) {
			put_cell(sb, locs, c);
			if (s->kind == ST_PATCH && c == s->cells && s->step) {
				sb_printf(sb, " %s", s->ids ? s->ids->id : "?");
				put_cell(sb, locs, s->step);
			}
		}
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		if (s->text) {
			sb_puts(sb, " provisional ");
			put_text(sb, s->text);
		}
		break;
	case ST_NOTE:
		sb_puts(sb, "note");
		put_cell(sb, locs, s->step);
		put_stmts(sb, locs, s->body);
		break;
	case ST_SHIFTS:
	case ST_CLAMP:
	case ST_BELOW:
	case ST_ABOVE:
	case ST_LIKE:
	case ST_CODE:
	case ST_ROUND:
	case ST_STRAY_WORDS:
		sb_printf(sb, "%s ", stmt_kind_name(s->kind));
		if (s->name)
			sb_printf(sb, "%s ", s->name);
		if (s->star)
			sb_putc(sb, '+');
		if (s->step)
			sb_printf(sb, "%lld%s%lld ", (long long)s->step->lo,
				  s->step->kind == CELL_RATIO ? "/" : "=", (long long)s->step->hi);
		put_ids(sb, locs, s->ids);
		break;
	case ST_UNIT:
		sb_puts(sb, "unit ");
		put_ids(sb, locs, s->ids);
		if (s->name2)
			sb_printf(sb, " = %s * %lld/%lld", s->name2, (long long)s->lo, (long long)s->hi);
		if (s->has_drm)
			sb_printf(sb, " within %lld", (long long)s->drm);
		break;
	case ST_DEFAULT: sb_printf(sb, "default %lld", (long long)s->lo); break;
	case ST_CELL:
		sb_puts(sb, "cell ");
		put_ids(sb, locs, s->ids);
		sb_printf(sb, " = %lld", (long long)s->lo);
		if (s->text) {
			sb_puts(sb, " provisional ");
			put_text(sb, s->text);
		}
		break;
	case ST_BAND_STEP:
		sb_printf(sb, "band %lld:%lld = %lld", (long long)s->lo, (long long)s->hi,
			  (long long)s->drm);
		break;
	case ST_OTHERWISE:
		if (s->name)
			sb_printf(sb, "otherwise %s", s->name);
		else
			sb_printf(sb, "otherwise %lld", (long long)s->lo);
		break;
	case ST_STACK: sb_printf(sb, "stack %s", s->name); break;
	case ST_FOR: sb_printf(sb, "for %s", s->name); break;
	case ST_GROUP: sb_printf(sb, "group %s", s->name); break;
	case ST_STEPS:
		sb_puts(sb, "steps ");
		put_ids(sb, locs, s->ids);
		break;
	case ST_PROVISIONAL:
		sb_puts(sb, "provisional ");
		put_text(sb, s->text);
		break;
	case ST_STEP:
	case ST_OPTION:
		sb_printf(sb, "%s %s", s->kind == ST_STEP ? "step" : "option", s->name);
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		if (s->body)
			put_stmts(sb, locs, s->body);
		break;
	case ST_NATURAL:
		sb_puts(sb, "natural ");
		for (const ast_cell *c = s->cells; c; c = c->next)
			sb_printf(sb, "%lld%s", (long long)c->lo, c->next ? "," : "");
		sb_printf(sb, " -> %s", s->name);
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		if (s->text) {
			sb_puts(sb, " provisional ");
			put_text(sb, s->text);
		}
		break;
	case ST_REWRITE:
		sb_printf(sb, "rewrite %s -> %s when ", s->name, s->name2);
		put_expr(sb, locs, s->expr);
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		break;
	case ST_UNLESS:
		sb_puts(sb, "unless ");
		put_expr(sb, locs, s->expr);
		break;
	case ST_LEADS: sb_printf(sb, "leads %s", s->name); break;
	case ST_ARC:
		sb_printf(sb, "arc %s -> %s", s->star ? "*" : s->name, s->name2);
		if (s->rule)
			sb_printf(sb, " @%s", s->rule);
		break;
	case ST_COMPARE:
		sb_printf(sb, "compare %s %lld %s -> %s", s->name, (long long)s->lo, s->name2,
			  s->ids ? s->ids->id : "");
		break;
	case ST_TIE:
		sb_puts(sb, "tie");
		put_stmts(sb, locs, s->body);
		break;
	case ST_CHECK:
		sb_printf(sb, "check %s(", s->name);
		for (const ast_arg *a = s->args; a; a = a->next) {
			if (a->kind == ARG_INT)
				sb_printf(sb, "%s=%lld", a->key, (long long)a->num);
			else
				sb_printf(sb, "%s=%s", a->key, a->name);
			if (a->next)
				sb_putc(sb, ',');
		}
		sb_putc(sb, ')');
		if (s->has_roll) {
			sb_puts(sb, " roll ");
			for (const ast_cell *c = s->cells; c; c = c->next)
				sb_printf(sb, "%lld%s", (long long)c->lo, c->next ? "," : "");
		}
		if (s->has_drm)
			sb_printf(sb, " drm %lld", (long long)s->drm);
		sb_puts(sb, " -> ");
		switch (s->expect) {
		case EXPECT_NAME: sb_puts(sb, s->name2); break;
		case EXPECT_SET:
			sb_putc(sb, '{');
			put_ids(sb, locs, s->ids);
			sb_putc(sb, '}');
			break;
		case EXPECT_VALUE:
			sb_printf(sb, "%lld %s", (long long)s->expect_value, s->name2);
			break;
		}
		if (s->has_expect_modifier)
			sb_printf(sb, " modifier %lld", (long long)s->expect_modifier);
		if (s->has_expect_roll)
			sb_printf(sb, " roll %lld", (long long)s->expect_roll);
		if (s->expect_provisional)
			sb_puts(sb, " provisional");
		break;
	case ST_KIND_COUNT_: break;
	}
	put_loc(sb, locs, s->loc);
}

static void put_stmts(strbuf *sb, bool locs, const ast_stmt *s)
{
	sb_puts(sb, " {");
	for (; s; s = s->next) {
		sb_putc(sb, ' ');
		put_stmt(sb, locs, s);
		sb_putc(sb, ';');
	}
	sb_puts(sb, " }");
}

static void put_def(strbuf *sb, bool locs, const ast_def *d)
{
	sb_printf(sb, "%s", def_kind_name(d->kind));
	put_loc(sb, locs, d->loc);
	sb_printf(sb, " %s", d->id);
	put_loc(sb, locs, d->id_loc);
	if (d->rule)
		sb_printf(sb, " @%s", d->rule);
	switch (d->kind) {
	case DEF_DICE:
		sb_puts(sb, " =");
		for (const ast_dice_group *g = d->dice; g; g = g->next) {
			sb_printf(sb, " %lldd%lld", (long long)g->count, (long long)g->sides);
			if (g->has_faces)
				sb_printf(sb, " faces %lld..%lld", (long long)g->face_lo,
					  (long long)g->face_hi);
			put_loc(sb, locs, g->loc);
			if (g->next)
				sb_puts(sb, " +");
		}
		break;
	case DEF_INPUT:
		sb_puts(sb, ": ");
		put_type(sb, &d->type);
		if (d->init) {
			sb_puts(sb, " = ");
			put_expr(sb, locs, d->init);
		}
		break;
	case DEF_TRANSITION:
		sb_printf(sb, " by %s", d->by);
		put_loc(sb, locs, d->by_loc);
		break;
	case DEF_EFFECT:
	case DEF_MATRIX:
		sb_putc(sb, '(');
		for (const ast_param *p = d->params; p; p = p->next) {
			sb_printf(sb, "%s: ", p->id);
			put_type(sb, &p->type);
			if (p->next)
				sb_puts(sb, ", ");
		}
		sb_putc(sb, ')');
		break;
	default:
		break;
	}
	if (d->body)
		put_stmts(sb, locs, d->body);
}

/* The whole tree, one definition per line. */
static char *dump_defs(const ast_def *defs, bool locs)
{
	strbuf sb = {0};
	sb_puts(&sb, "");
	for (const ast_def *d = defs; d; d = d->next) {
		put_def(&sb, locs, d);
		sb_putc(&sb, '\n');
	}
	return sb.data;
}

/* ------------------------------------------------------------------------ */
/* Definitions and statements: the tree of every construct of the language.  */
/* ------------------------------------------------------------------------ */

typedef struct tree_case {
	const char *what;
	const char *src;
	bool locs;
	const char *tree;
} tree_case;

static const tree_case tree_cases[] = {
	{"ruleset header with a rule, locales and labels",
	 "ruleset musket_pike @ \"Series rules\" {\n"
	 "  locales en, ru;\n"
	 "  en \"Musket & Pike\";\n"
	 "  ru \"Мушкет и пика\";\n"
	 "}\n",
	 false,
	 "ruleset musket_pike @Series rules { locales en,ru; en \"Musket & Pike\"; ru \"Мушкет и пика\"; }\n"},
	{"dice: faces given, faces by default, several dice, a sum of groups",
	 "dice d10 = 1d10 faces 0..9 @ \"1.0\";\n"
	 "dice d6 = 1d6;\n"
	 "dice two_d6 = 2d6;\n"
	 "dice mixed = 1d6 + 2d10 faces 0-9;\n",
	 false,
	 "dice d10 @1.0 = 1d10 faces 0..9\n"
	 "dice d6 = 1d6\n"
	 "dice two_d6 = 2d6\n"
	 "dice mixed = 1d6 + 2d10 faces 0..9\n"},
	{"enum: labels, values with and without a block",
	 "enum game @ \"11.7.2\" {\n"
	 "  en \"Game\"; ru \"Игра серии\";\n"
	 "  tacw { en \"TACW\"; ru \"TACW\"; }\n"
	 "  other;\n"
	 "}\n",
	 false,
	 "enum game @11.7.2 { en \"Game\"; ru \"Игра серии\"; value tacw { en \"TACW\"; ru \"TACW\"; }; value other; }\n"},
	{"inputs: enum, bool, bounded int, plain int, negative default, no block",
	 "input game: game = other @ \"11.7.2\" { en \"Game\"; ru \"Игра\"; }\n"
	 "input leader_present: bool = false;\n"
	 "input attacker_morale: int 0..10 = 5;\n"
	 "input shift: int -3-3 = -1;\n"
	 "input plain: int;\n",
	 false,
	 "input game @11.7.2: game = other { en \"Game\"; ru \"Игра\"; }\n"
	 "input leader_present: bool = false\n"
	 "input attacker_morale: int 0..10 = 5\n"
	 "input shift: int -3..3 = (neg 1)\n"
	 "input plain: int -1000000000..1000000000\n"},
	{"effect kinds: parameters typed by an enum or int; none at all",
	 "effect retreat(who: side, hexes: int) @ \"11.0\" { en \"Retreat\"; ru \"Отступление\"; }\n"
	 "effect eliminate(who: side);\n"
	 "effect nothing();\n",
	 false,
	 "effect retreat @11.0(who: side, hexes: int -1000000000..1000000000) { en \"Retreat\"; ru \"Отступление\"; }\n"
	 "effect eliminate(who: side)\n"
	 "effect nothing()\n"},
	{"outcome: labels, effects with names and signed integers, a bare effect, a trigger",
	 "outcome defender_broken @ \"11.0\" {\n"
	 "  en \"Defender's morale broken\";\n"
	 "  morale(defender, broken);\n"
	 "  retreat(defender, 2);\n"
	 "  shift(-1, +3);\n"
	 "  rally();\n"
	 "  eliminate;\n"
	 "  trigger cavalry_pursuit;\n"
	 "}\n",
	 false,
	 "outcome defender_broken @11.0 { en \"Defender's morale broken\"; effect morale(defender,broken); "
	 "effect retreat(defender,2); effect shift(-1,3); effect rally(); value eliminate; "
	 "trigger cavalry_pursuit; }\n"},
	{"modifier: when and value",
	 "modifier sia_arquebusiers @ \"11.3.8\" {\n"
	 "  en \"SiA\"; ru \"SiA: Аркебузиры\";\n"
	 "  when game == sia and attacker_light;\n"
	 "  value +1;\n"
	 "}\n",
	 false,
	 "modifier sia_arquebusiers @11.3.8 { en \"SiA\"; ru \"SiA: Аркебузиры\"; "
	 "when (and (== game sia) attacker_light); amount 1; }\n"},
	{"table: roll, modifiers, cap, columns by an input, header and rows",
	 "table cavalry_pursuit @ \"11.7.2\" {\n"
	 "  en \"Cavalry Pursuit\";\n"
	 "  roll d10;\n"
	 "  modifiers a, b;\n"
	 "  cap -4..4;\n"
	 "  columns by game {\n"
	 "    tacw = tacw;\n"
	 "    two = ngbg, sia;\n"
	 "    others = *;\n"
	 "  }\n"
	 "  rows {\n"
	 "                          tacw   two   others\n"
	 "    break_off             <=2    <=3   <=4;\n"
	 "    pursue_and_eliminate  3-5    4..7  5-8 @ \"11.7.3\";\n"
	 "    pursue_off_map        >=6    8+    >=9 provisional \"the page is torn\";\n"
	 "  }\n"
	 "}\n",
	 false,
	 "table cavalry_pursuit @11.7.2 { en \"Cavalry Pursuit\"; roll d10; modifiers a,b; cap -4..4; "
	 "columns by game { tacw = tacw; two = ngbg,sia; others = *; }; "
	 "rows { header tacw,two,others; row break_off -inf..2 -inf..3 -inf..4; "
	 "row pursue_and_eliminate 3..5 4..7 5..8 @11.7.3; "
	 "row pursue_off_map 6..+inf 8..+inf 9..+inf provisional \"the page is torn\"; }; }\n"},
	{"table: a header ended by ';', a rule and a provisional reason on one row, cap as a range",
	 "table t {\n"
	 "  cap -2-2;\n"
	 "  rows { a b; x 1 2 @ \"r\" provisional \"why\"; y 3 4; }\n"
	 "}\n",
	 false,
	 "table t { cap -2..2; rows { header a,b; row x 1..1 2..2 @r provisional \"why\"; row y 3..3 4..4; }; }\n"},
	{"triggers: with a rule, and suppressed 'unless' a condition holds",
	 "outcome o {\n"
	 "  trigger t @ \"1.1\";\n"
	 "  trigger cavalry_pursuit unless loser_light_infantry and not x @ \"11.7.1\";\n"
	 "}\n",
	 false,
	 "outcome o { trigger t @1.1; trigger cavalry_pursuit unless (and loser_light_infantry (not x)) @11.7.1; }\n"},
	{"modifier: side, stacking group, steps and a provisional value",
	 "modifier defender_wavering @ \"11.3\" {\n"
	 "  en \"Wavering\";\n"
	 "  for defender;\n"
	 "  group formation;\n"
	 "  steps melee, charge;\n"
	 "  when defender_formation == wavering;\n"
	 "  value 1;\n"
	 "  provisional \"the value was lost; +1 assumed\";\n"
	 "}\n",
	 false,
	 "modifier defender_wavering @11.3 { en \"Wavering\"; for defender; group formation; steps melee,charge; "
	 "when (== defender_formation wavering); amount 1; provisional \"the value was lost; +1 assumed\"; }\n"},
	{"matrix: keys, a default, cells with and without a provisional reason",
	 "matrix melee_matrix(attacker: unit_type, defender: unit_type) @ \"11.3.8\" {\n"
	 "  en \"Melee Matrix\";\n"
	 "  default 0;\n"
	 "  cuirassiers, arquebusiers = +2 provisional \"column lost in extraction\";\n"
	 "  arquebusiers, heavy_infantry = -1;\n"
	 "}\n",
	 false,
	 "matrix melee_matrix @11.3.8(attacker: unit_type, defender: unit_type) { en \"Melee Matrix\"; default 0; "
	 "cell cuirassiers,arquebusiers = 2 provisional \"column lost in extraction\"; "
	 "cell arquebusiers,heavy_infantry = -1; }\n"},
	{"ratio band: steps and otherwise",
	 "ratio force_ratio @ \"11.3.8\" {\n"
	 "  en \"Force ratio\";\n"
	 "  4:1 = +2;\n"
	 "  2:1 = +1;\n"
	 "  1:2 = -1;\n"
	 "  otherwise 0;\n"
	 "}\n",
	 false,
	 "ratio force_ratio @11.3.8 { en \"Force ratio\"; band 4:1 = 2; band 2:1 = 1; band 1:2 = -1; otherwise 0; }\n"},
	{"ratio band: odds as one token, 1.5:1 as 3:2, a rounding",
	 "ratio r { 1.5:1 = 1; 1 : 3 = -1; 2.25:1 = 2; round down; }\n",
	 false,
	 "ratio r { band 3:2 = 1; band 1:3 = -1; band 9:4 = 2; round down; }\n"},
	{"grid: header of odds, lines ended by the line (blank lines and comments skipped), dashes, a last line ended by '}'",
	 "table crt {\n"
	 "  columns by odds(a, b) round down;\n"
	 "  shifts x, y;\n"
	 "  below none;\n"
	 "  above 7:1 DE;\n"
	 "  grid {\n"
	 "         1:4  1.5:1  # the columns\n"
	 "\n"
	 "    1:   AE   —\n"
	 "    2-3  -    DR  @ \"7.4\" provisional \"why\"\n"
	 "    >=4  DE   -- }\n"
	 "}\n",
	 false,
	 "table crt { columns by odds(a, b) round down { }; shifts x,y; below none; "
	 "above 7/1 DE; grid { line 1/4 3/2; line 1..1 : AE -; "
	 "line 2..3 - DR @7.4 provisional \"why\"; line 4..+inf DE -; }; }\n"},
	{"cell patches of a variant: a roll, a range, open rolls, odds, a name, a value column, '—', a rule and a reason",
	 "table v {\n"
	 "  like crt;\n"
	 "  cell 1 at 3:1 = DR;\n"
	 "  cell 5-6 at 1.5:1 = DE @ \"7.8\";\n"
	 "  cell <=0 at tacw = — provisional \"why\";\n"
	 "  cell 6+ at -2 = AE;\n"
	 "  cell 2..3 = NE;\n"
	 "  cell >=4 = X;\n"
	 "}\n",
	 false,
	 "table v { like crt; patch 1..1 at 3/1 DR; patch 5..6 at 3/2 DE @7.8; "
	 "patch -inf..0 at tacw - provisional \"why\"; patch 6..+inf at -2..-2 AE; patch 2..3 NE; "
	 "patch 4..+inf X; }\n"},
	{"statements begun by a word: typed by the word, which stays a name elsewhere; a word that begins "
	 "none, and shapes begun by another word, keep the word",
	 "enum e { shifts; below; like; code; round; }\n"
	 "outcome o { code like; }\n"
	 "table v { shifts +a, b; below -1 X; above like; foo bar; cel 1 at 3:1 = DR; exakt 1/2; }\n",
	 false,
	 "enum e { value shifts; value below; value like; value code; value round; }\n"
	 "outcome o { code like; }\n"
	 "table v { shifts +a,b; below -1=-1 X; above like; words foo bar; patch cel 1..1 at 3/1 DR; exakt 1/2; }\n"},
	{"column notes: by odds, by a column id, by a value; 'note' stays a name elsewhere",
	 "enum e { note; note { en \"N\"; } }\n"
	 "table v { note 1.5:1 { en \"Halved\"; ru \"R\"; } note tacw { en \"T\"; } note -2 { } "
	 "nota 1:2 { en \"x\"; } }\n",
	 false,
	 "enum e { value note; value note { en \"N\"; }; }\n"
	 "table v { note 3/2 { en \"Halved\"; ru \"R\"; }; note tacw { en \"T\"; }; note -2..-2 { }; "
	 "words nota 1/2 ; }\n"},
	{"two keys: a variant by odds with a rounding, a grid per variant; columns by value(X)",
	 "table t {\n"
	 "  columns by (kind, odds(a, b)) round down;\n"
	 "  grid normal {\n"
	 "         1:1  2:1\n"
	 "    1-6  AR   DR\n"
	 "  }\n"
	 "}\n"
	 "table v { columns by value(a); }\n",
	 false,
	 "table t { columns by kind x odds(a, b) round down { }; grid normal { line 1/1 2/1; line 1..6 AR DR; }; }\n"
	 "table v { columns by value(a) { }; }\n"},
	{"columns by every value, by a difference; an effect declared without parentheses",
	 "table t { columns by terrain; }\n"
	 "table d { columns by difference(a, b); grid { -2 0 +3\n 1 X Y Z\n } }\n"
	 "effect rout;\n",
	 false,
	 "table t { columns by terrain (every value) { }; }\n"
	 "table d { columns by difference(a, b) { }; grid { line -2..-2 0..0 3..3; line 1..1 X Y Z; }; }\n"
	 "effect rout()\n"},
	{"keywords as names where no keyword can stand: an input, a parameter, an operand, an example's input",
	 "input ratio: int 0..9 = 1;\n"
	 "effect loses(who: side, steps: int);\n"
	 "modifier m { when ratio > 2; value steps; }\n"
	 "example e { t(ratio = 3, table = group) roll 1 -> x; }\n",
	 false,
	 "input ratio: int 0..9 = 1\n"
	 "effect loses(who: side, steps: int -1000000000..1000000000)\n"
	 "modifier m { when (> ratio 2); amount steps; }\n"
	 "example e { check t(ratio=3,table=group) roll 1 -> x; }\n"},
	{"'earlier' before a name reads an earlier outcome (with not, and, or); before an operator or alone a name",
	 "input earlier: bool = false;\n"
	 "modifier m { when earlier and not earlier; value 1; }\n"
	 "table t { rewrite a -> b when not earlier a or earlier; rewrite a -> b when (earlier table) and earlier or x; }\n",
	 false,
	 "input earlier: bool = false\n"
	 "modifier m { when (and earlier (not earlier)); amount 1; }\n"
	 "table t { rewrite a -> b when (or (not earlier a) earlier); rewrite a -> b when (or (and earlier table earlier) x); }\n"},
	{"keywords as names anywhere a name stands; where a statement may begin with either, the word after decides",
	 "enum terrain { when { en \"Open\"; } default; value; }\n"
	 "input table: terrain = when;\n"
	 "input modifier: int 0..3 = 0;\n"
	 "outcome roll { en \"A\"; }\n"
	 "modifier group { when modifier > 0 and not value; value modifier; }\n"
	 "table table { modifiers group; columns by (table, value(modifier)); rows { hold 1; roll 2; } }\n"
	 "example e { table(table = when, modifier = 2) roll 5 -> roll modifier 2 roll 7; }\n",
	 false,
	 "enum terrain { value when { en \"Open\"; }; value default; value value; }\n"
	 "input table: terrain = when\n"
	 "input modifier: int 0..3 = 0\n"
	 "outcome roll { en \"A\"; }\n"
	 "modifier group { when (and (> modifier 0) (not value)); amount modifier; }\n"
	 "table table { modifiers group; columns by table x value(modifier) { }; rows { row hold 1..1; row roll 2..2; }; }\n"
	 "example e { check table(table=when,modifier=2) roll 5 -> roll modifier 2 roll 7; }\n"},
	{"results as printed wherever a result is named: a number, a code, a mark; a*2 stays a product",
	 "table t { below 0; above 7:1 2/0; above +3 2* provisional \"why\"; natural 6 -> 7;\n"
	 "  rewrite result_1_0 -> 2*/1 when a*2 > b; }\n"
	 "example e { t roll 1 -> 7; t roll 2 -> -3; t roll 3 -> DR*; }\n",
	 false,
	 "table t { below 0; above 7/1 2/0; above 3=3 2*; natural 6 -> 7; rewrite result_1_0 -> 2*/1 when (> (* a 2) b); }\n"
	 "example e { check t() roll 1 -> 7; check t() roll 2 -> -3; check t() roll 3 -> DR*; }\n"},
	{"stacking groups: worst, best, sum with a cap",
	 "group formation @ \"11.3\" { en \"Formation\"; stack worst; }\n"
	 "group rank_bonus { stack best; }\n"
	 "group terrain { stack sum; cap -2..2; }\n",
	 false,
	 "group formation @11.3 { en \"Formation\"; stack worst; }\n"
	 "group rank_bonus { stack best; }\n"
	 "group terrain { stack sum; cap -2..2; }\n"},
	{"table: a step, natural-roll rules and a rewrite",
	 "table charge {\n"
	 "  roll two_d6;\n"
	 "  step charge;\n"
	 "  natural 6, 6 -> pass @ \"2.1\";\n"
	 "  natural 1,1 → fail provisional \"unclear\";\n"
	 "  rewrite rout -> retreat when game == tacw and eliminated @ \"11.7.4\";\n"
	 "  rows { pass 7+; fail <=6; }\n"
	 "}\n",
	 false,
	 "table charge { roll two_d6; step charge; natural 6,6 -> pass @2.1; natural 1,1 -> fail provisional \"unclear\"; "
	 "rewrite rout -> retreat when (and (== game tacw) eliminated) @11.7.4; "
	 "rows { row pass 7..+inf; row fail -inf..6; }; }\n"},
	{"reaction set: options with labels, when, unless and leads",
	 "reactions charge_reaction @ \"p. 54\" {\n"
	 "  en \"Charge reactions\";\n"
	 "  option hold { en \"Hold\"; unless fleeing; leads held; }\n"
	 "  option flee @ \"p. 55\" { when brave or not unexpected; }\n"
	 "}\n",
	 false,
	 "reaction set charge_reaction @p. 54 { en \"Charge reactions\"; option hold { en \"Hold\"; unless fleeing; leads held; }; "
	 "option flee @p. 55 { when (or brave (not unexpected)); }; }\n"},
	{"transition: arcs, a rule on one, and the rest",
	 "transition formation_hit by formation @ \"11.0\" {\n"
	 "  en \"Formation hit\";\n"
	 "  normal -> wavering;\n"
	 "  wavering → scattered @ \"11.1\";\n"
	 "  * -> hedgehog;\n"
	 "}\n",
	 false,
	 "transition formation_hit @11.0 by formation { en \"Formation hit\"; arc normal -> wavering; "
	 "arc wavering -> scattered @11.1; arc * -> hedgehog; }\n"},
	{"distances: values with units, dice and a conditional",
	 "distance retire_move @ \"p. 12\" {\n"
	 "  value half_down(compulsory_move_cm) + 1d6 cm;\n"
	 "  value half_down(compulsory_move_in) + 1d6 inches;\n"
	 "}\n"
	 "distance flee { value if move > 6 then 3d6 else 2d6 inches; }\n",
	 false,
	 "distance retire_move @p. 12 { amount (+ half_down(compulsory_move_cm) 1d6[cm]); "
	 "amount (+ half_down(compulsory_move_in) 1d6[inches]); }\n"
	 "distance flee { amount (if (> move 6) 3d6 2d6[inches]); }\n"},
	{"units: declared with conversions, on types, numbers, dice and arguments",
	 "ruleset r { unit inch; unit cm = inch * 100 / 254 within 10%; unit hex = inch * 4; }\n"
	 "input move: int 0..30 inch = 6;\n"
	 "effect retreat(distance: int hex);\n"
	 "outcome back { retreat(2 hex); }\n"
	 "modifier m { when move > 6 inch and move < 15.5 cm; value x / 2 round down; }\n"
	 "distance d { value 2d6 inch; }\n",
	 false,
	 "ruleset r { unit inch; unit cm = inch * 100000/254 within 10000; unit hex = inch * 4000/1; }\n"
	 "input move: int 0..30 inch = 6\n"
	 "effect retreat(distance: int -1000000000..1000000000 hex)\n"
	 "outcome back { effect retreat(2 hex); }\n"
	 "modifier m { when (and (> move 6[inch]) (< move 15500/1000[cm])); amount round_down((/ x 2)); }\n"
	 "distance d { amount 2d6[inch]; }\n"},
	{"procedure: steps with guards and leads, a tie-break, otherwise",
	 "procedure falling_out @ \"p. 53\" {\n"
	 "  en \"Falling out of combat\";\n"
	 "  step a { en \"A\"; when has_a; }\n"
	 "  step b @ \"p. 54\" { when has_b; leads move_back; }\n"
	 "  tie { en \"The active player chooses\"; }\n"
	 "  otherwise no_more_foes;\n"
	 "}\n",
	 false,
	 "procedure falling_out @p. 53 { en \"Falling out of combat\"; step a { en \"A\"; when has_a; }; "
	 "step b @p. 54 { when has_b; leads move_back; }; tie { en \"The active player chooses\"; }; "
	 "otherwise no_more_foes; }\n"},
	{"example: every form of check",
	 "example pursuit @ \"11.7.4\" {\n"
	 "  en \"Three cavalry units\";\n"
	 "  cavalry_pursuit(game = tacw) roll 3 -> pursue_and_eliminate;\n"
	 "  cavalry_pursuit(game = tacw, already = true, lost = false) roll 3 -> break_off;\n"
	 "  melee roll 0 drm -7 -> shaken modifier -4 roll 4 provisional;\n"
	 "  charge_reaction(unexpected = true) -> {hold, flee};\n"
	 "  charge_reaction() -> {};\n"
	 "  formation_hit(formation = wavering) -> scattered;\n"
	 "  retire_move(cm = 30, in = -2) roll 4, 5 -> 19 cm;\n"
	 "  falling_out -> otherwise;\n"
	 "}\n",
	 false,
	 "example pursuit @11.7.4 { en \"Three cavalry units\"; "
	 "check cavalry_pursuit(game=tacw) roll 3 -> pursue_and_eliminate; "
	 "check cavalry_pursuit(game=tacw,already=1,lost=0) roll 3 -> break_off; "
	 "check melee() roll 0 drm -7 -> shaken modifier -4 roll 4 provisional; "
	 "check charge_reaction(unexpected=1) -> {hold,flee}; "
	 "check charge_reaction() -> {}; "
	 "check formation_hit(formation=wavering) -> scattered; "
	 "check retire_move(cm=30,in=-2) roll 4,5 -> 19 cm; "
	 "check falling_out() -> otherwise; }\n"},
	{"the locations of definitions, ids, statements, cells and expressions",
	 "ruleset r {\n"
	 "  locales en;\n"
	 "}\n"
	 "  modifier m { when x >= 3; value 1 - y; }\n"
	 "table t {\n"
	 "\trows { a <=2 3-5\n"
	 "         ≥ 6; }\n"
	 "}\n",
	 true,
	 "ruleset@1:1 r@1:9 { locales en@2:11@2:3; }\n"
	 "modifier@4:3 m@4:12 { when (>= x@4:21 3@4:26)@4:23@4:16; amount (- 1@4:35 y@4:39)@4:37@4:29; }\n"
	 "table@5:1 t@5:7 { rows { row a -inf..2@6:11 3..5@6:15 6..+inf@7:10@6:9; }@6:2; }\n"},
	{"definitions of every kind in one file keep their order",
	 "ruleset r { locales en; }\n"
	 "dice d6 = 1d6;\n"
	 "enum e { a; }\n"
	 "input i: e = a;\n"
	 "effect k(x: e);\n"
	 "outcome o { k(a); }\n"
	 "modifier m { value 1; }\n"
	 "table t { roll d6; rows { o 1-6; } }\n",
	 false,
	 "ruleset r { locales en; }\n"
	 "dice d6 = 1d6\n"
	 "enum e { value a; }\n"
	 "input i: e = a\n"
	 "effect k(x: e)\n"
	 "outcome o { effect k(a); }\n"
	 "modifier m { amount 1; }\n"
	 "table t { roll d6; rows { row o 1..6; }; }\n"},
	{"an empty file and a file of comments parse to nothing", "# only a comment\n", false, ""},
};

static void test_tree(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof tree_cases / sizeof tree_cases[0]; i++) {
		const tree_case *c = &tree_cases[i];
		parsed p;
		print_message("case: %s\n", c->what);
		parse_text(&p, c->src, strlen(c->src));
		assert_string_equal(p.out ? p.out : "", "");
		assert_int_equal(p.diag.errors, 0);
		assert_int_equal(p.rc, 0);
		char *tree = dump_defs(p.pc.defs, c->locs);
		assert_string_equal(tree, c->tree);
		free(tree);
		parsed_free(&p);
	}
}

/* ------------------------------------------------------------------------ */
/* Roll ranges: every written form, with its low and high ends.              */
/* ------------------------------------------------------------------------ */

typedef struct cell_case {
	const char *text;
	int64_t lo, hi;
	bool open_lo, open_hi;
} cell_case;

#define LOW INT64_MIN
#define HIGH INT64_MAX

static const cell_case cell_cases[] = {
	{"<=0", LOW, 0, true, false},
	{"<= -1", LOW, -1, true, false},
	{"<=+2", LOW, 2, true, false},
	{"≤ 2", LOW, 2, true, false},
	{"≤2", LOW, 2, true, false},
	{">=9", 9, HIGH, false, true},
	{">= -3", -3, HIGH, false, true},
	{"≥ 9", 9, HIGH, false, true},
	{"5+", 5, HIGH, false, true},
	{"0+", 0, HIGH, false, true},
	{"7", 7, 7, false, false},
	{"0", 0, 0, false, false},
	{"-3", -3, -3, false, false},
	{"+4", 4, 4, false, false},
	{"3-5", 3, 5, false, false},
	{"3..5", 3, 5, false, false},
	{"3 .. 5", 3, 5, false, false},
	{"-4--2", -4, -2, false, false},
	{"-3-5", -3, 5, false, false},
	{"-2..-1", -2, -1, false, false},
	{"+1-+3", 1, 3, false, false},
	{"1000000000", 1000000000, 1000000000, false, false},
	{"-1000000000..1000000000", -1000000000, 1000000000, false, false},
	/* Written backwards: the parser keeps it; the checks reject it (bad-range). */
	{"5-3", 5, 3, false, false},
};

static void test_cells(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cell_cases / sizeof cell_cases[0]; i++) {
		const cell_case *c = &cell_cases[i];
		char src[128];
		parsed p;
		print_message("cell: %s\n", c->text);
		/* "table t { rows { a " is 19 characters: every cell starts at column 20. */
		snprintf(src, sizeof src, "table t { rows { a %s; } }", c->text);
		parse_text(&p, src, strlen(src));
		assert_string_equal(p.out ? p.out : "", "");
		assert_non_null(p.pc.defs);
		const ast_stmt *rows = p.pc.defs->body;
		assert_non_null(rows);
		assert_int_equal(rows->kind, ST_ROWS);
		assert_non_null(rows->rows);
		assert_int_equal(rows->rows->nrows, 1);
		const ast_row *row = &rows->rows->rows[0];
		assert_string_equal(row->name, "a");
		assert_int_equal(row->nranges, 1);
		const ast_range *cell = ast_row_ranges(rows->rows, row);
		assert_true(cell->lo == c->lo);
		assert_true(cell->hi == c->hi);
		assert_int_equal(cell->lo == INT64_MIN, c->open_lo);
		assert_int_equal(cell->hi == INT64_MAX, c->open_hi);
		assert_false(ast_range_absent(cell));
		assert_int_equal(cell->loc.line, 1);
		assert_int_equal(cell->loc.col, 20);
		parsed_free(&p);
	}
}

/* Several cells in one row: their order, and their columns counted in characters. */
typedef struct row_case {
	const char *text;
	const char *cells; /* as put_stmt renders them, with locations */
} row_case;

static const row_case row_cases[] = {
	{"<=2 3-5 >=6", "row a -inf..2@1:20 3..5@1:24 6..+inf@1:28@1:18"},
	{"≤2 3..5 ≥6", "row a -inf..2@1:20 3..5@1:23 6..+inf@1:28@1:18"},
	{"5+ 4 -4--2", "row a 5..+inf@1:20 4..4@1:23 -4..-2@1:25@1:18"},
	{"1 -2", "row a 1..1@1:20 -2..-2@1:22@1:18"},
	{"— 4-6", "row a 1..0@1:20 4..6@1:22@1:18"},
	{"1 @ \"7.1\"", "row a 1..1@1:20 @7.1@1:18"},
	{"1 provisional \"unsure\"", "row a 1..1@1:20 provisional \"unsure\"@1:18"},
	{"1 @ \"7.1\" provisional \"un\\\"sure\"", "row a 1..1@1:20 @7.1 provisional \"un\\\"sure\"@1:18"},
};

static void test_rows(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof row_cases / sizeof row_cases[0]; i++) {
		const row_case *c = &row_cases[i];
		char src[128];
		strbuf sb = {0};
		parsed p;
		print_message("row: %s\n", c->text);
		snprintf(src, sizeof src, "table t { rows { a %s; } }", c->text);
		parse_text(&p, src, strlen(src));
		assert_string_equal(p.out ? p.out : "", "");
		assert_non_null(p.pc.defs);
		assert_non_null(p.pc.defs->body);
		assert_non_null(p.pc.defs->body->rows);
		assert_int_equal(p.pc.defs->body->rows->nrows, 1);
		put_row(&sb, true, p.pc.defs->body->rows, &p.pc.defs->body->rows->rows[0]);
		assert_string_equal(sb.data, c->cells);
		sb_free(&sb);
		parsed_free(&p);
	}
}

/* ------------------------------------------------------------------------ */
/* Expressions: precedence and associativity.                                */
/* ------------------------------------------------------------------------ */

typedef struct expr_case {
	const char *text;
	const char *tree;
} expr_case;

static const expr_case expr_cases[] = {
	{"a", "a"},
	{"true", "true"},
	{"false", "false"},
	{"42", "42"},
	{"12.5", "12500/1000"},
	{"0.25 + x", "(+ 250/1000 x)"},
	{"a / 2 * b", "(* (/ a 2) b)"},
	{"a + b / 2", "(+ a (/ b 2))"},
	{"a/2", "(/ a 2)"},
	{"a / 2 round down", "round_down((/ a 2))"},
	{"a + 0.5 round nearest", "round_nearest((+ a 500/1000))"},
	{"a/b/4 + 1", "(+ (/ (/ a b) 4) 1)"},
	{"-x", "(neg x)"},
	{"+x", "x"},
	{"not a", "(not a)"},
	{"(a)", "a"},
	{"a or b and c", "(or a (and b c))"},
	{"a and b or c", "(or (and a b) c)"},
	{"not a and b", "(and (not a) b)"},
	{"not x == y", "(not (== x y))"},
	{"a or b or c", "(or (or a b) c)"},
	{"x == 1 and y != 2", "(and (== x 1) (!= y 2))"},
	{"x ≠ 1", "(!= x 1)"},
	{"x < 1 or x <= 2 or x > 3 or x >= 4", "(or (or (or (< x 1) (<= x 2)) (> x 3)) (>= x 4))"},
	{"x ≤ 1 and x ≥ 0", "(and (<= x 1) (>= x 0))"},
	{"1 + 2 * 3", "(+ 1 (* 2 3))"},
	{"(1 + 2) * 3", "(* (+ 1 2) 3)"},
	{"a - b - c", "(- (- a b) c)"},
	{"a * b * c", "(* (* a b) c)"},
	{"-a * b", "(* (neg a) b)"},
	{"- (a - 1)", "(neg (- a 1))"},
	{"x + 1 >= y * 2", "(>= (+ x 1) (* y 2))"},
	/* "3-5" is one token, a range; in an expression it is the subtraction. */
	{"3-5", "(- 3 5)"},
	{"x-1", "(- x 1)"},
	{"if a then 1 else 2", "(if a 1 2)"},
	{"if a then 1 else 2 + 3", "(if a 1 (+ 2 3))"},
	{"if a then 1 else if b then 2 else 3", "(if a 1 (if b 2 3))"},
	{"1 + (if a then 1 else 2)", "(+ 1 (if a 1 2))"},
	{"if x > 6 then 3d6 else 2d6", "(if (> x 6) 3d6 2d6)"},
	{"melee_matrix(attacker_type, defender_type)", "melee_matrix(attacker_type, defender_type)"},
	{"force_ratio(a * 2, b) - 1", "(- force_ratio((* a 2), b) 1)"},
	{"min(a, b) + max(1, -c)", "(+ min(a, b) max(1, (neg c)))"},
	{"abs(div_up(a, 2)) * div_down(b, 3)", "(* abs(div_up(a, 2)) div_down(b, 3))"},
	{"half_up(x) + half_down(y) + 1d6", "(+ (+ half_up(x) half_down(y)) 1d6)"},
	{"game == sia and (attacker_light or not leader)",
	 "(and (== game sia) (or attacker_light (not leader)))"},
};

static void test_exprs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof expr_cases / sizeof expr_cases[0]; i++) {
		const expr_case *c = &expr_cases[i];
		char src[256];
		strbuf sb = {0};
		parsed p;
		print_message("expr: %s\n", c->text);
		snprintf(src, sizeof src, "modifier m { value %s; }", c->text);
		parse_text(&p, src, strlen(src));
		assert_string_equal(p.out ? p.out : "", "");
		assert_non_null(p.pc.defs);
		assert_non_null(p.pc.defs->body);
		assert_int_equal(p.pc.defs->body->kind, ST_AMOUNT);
		put_expr(&sb, false, p.pc.defs->body->expr);
		assert_string_equal(sb.data, c->tree);
		sb_free(&sb);
		parsed_free(&p);
	}
}

/* ------------------------------------------------------------------------ */
/* Strings and comments.                                                     */
/* ------------------------------------------------------------------------ */

typedef struct label_case {
	const char *what;
	const char *src; /* the label of outcome o, somewhere in src */
	const char *text;
	int line, col;   /* of the opening quote */
} label_case;

static const label_case label_cases[] = {
	{"plain", "outcome o { en \"Hold\"; }", "Hold", 1, 16},
	{"empty", "outcome o { en \"\"; }", "", 1, 16},
	{"every escape", "outcome o { en \"a\\\"b\\\\c\\nd\\te\"; }", "a\"b\\c\nd\te", 1, 16},
	{"an escaped backslash before the closing quote", "outcome o { en \"end\\\\\"; }", "end\\",
	 1, 16},
	{"UTF-8 kept as is", "outcome o { ru \"Мораль ≤ 2 — «Сломлена»\"; }",
	 "Мораль ≤ 2 — «Сломлена»", 1, 16},
	{"four-byte UTF-8", "outcome o { en \"\xF0\x9F\x8E\xB2 die\"; }", "\xF0\x9F\x8E\xB2 die", 1,
	 16},
	{"comment markers inside a string are text",
	 "outcome o { en \"a # b // c /* d */ e\"; }", "a # b // c /* d */ e", 1, 16},
	{"after a line comment", "# first\noutcome o { en \"x\"; } # trailing", "x", 2, 16},
	{"after a // comment", "// first \"quoted\"\noutcome o { en \"x\"; } // trailing", "x", 2,
	 16},
	{"after a block comment over several lines",
	 "/* one\n * two { } ; \"\n * три */ outcome o { en \"x\"; }", "x", 3, 26},
	{"a block comment inside a definition",
	 "outcome /* the id: */ o { /* label: */ en /* here */ \"x\"; }", "x", 1, 54},
	{"a block comment with stars and a slash", "/*** a * / b **/outcome o { en \"x\"; }", "x", 1,
	 32},
	{"a line comment ending the file without a newline", "outcome o { en \"x\"; } // end", "x",
	 1, 16},
	{"a block comment does not nest", "/* a /* b */ outcome o { en \"x\"; }", "x", 1, 29},
	{"a '#' comment hides a '/*'", "# /* not a comment\noutcome o { en \"x\"; }", "x", 2, 16},
	{"tabs and CRLF line ends", "outcome o {\r\n\ten\t\"x\";\r\n}\r\n", "x", 2, 5},
};

static void test_labels(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof label_cases / sizeof label_cases[0]; i++) {
		const label_case *c = &label_cases[i];
		parsed p;
		print_message("label: %s\n", c->what);
		parse_text(&p, c->src, strlen(c->src));
		assert_string_equal(p.out ? p.out : "", "");
		assert_int_equal(p.diag.errors, 0);
		const ast_def *d = p.pc.defs;
		assert_non_null(d);
		assert_null(d->next);
		assert_int_equal(d->kind, DEF_OUTCOME);
		assert_string_equal(d->id, "o");
		assert_non_null(d->body);
		assert_int_equal(d->body->kind, ST_LABEL);
		assert_null(d->body->next);
		assert_string_equal(d->body->text, c->text);
		assert_int_equal(d->body->text_loc.line, c->line);
		assert_int_equal(d->body->text_loc.col, c->col);
		parsed_free(&p);
	}
}

/* ------------------------------------------------------------------------ */
/* Bad inputs: the exact diagnostics, their count, and what survives.        */
/* ------------------------------------------------------------------------ */

typedef struct bad_case {
	const char *what;
	const char *src;
	size_t len;
	const char *out;  /* every line printed */
	int errors;
	const char *defs; /* ids of the definitions that parsed, space-separated */
} bad_case;

static const bad_case bad_cases[] = {
	{"a stray character",
	 SRC("outcome a { en \"A\"; } $ outcome b { en \"B\"; }\n"),
	 "t.rtab:1:23: error: unexpected character '$'\n"
	 " outcome a { en \"A\"; } $ outcome b { en \"B\"; }\n"
	 "                       ^\n",
	 1, "a b"},
	{"a non-ASCII character outside a string, after Cyrillic text on its line",
	 SRC("ruleset r { locales en, ru; }\n"
	     "enum g { ru \"Игра серии\"; € en \"x\"; }\n"),
	 "t.rtab:2:27: error: unexpected character '€' (U+20AC); identifiers are ASCII, put other text in a quoted label\n"
	 " enum g { ru \"Игра серии\"; € en \"x\"; }\n"
	 "                           ^\n",
	 1, "r g"},
	{"a missing ';' after Cyrillic text: columns count characters, not bytes",
	 SRC("enum g { ru \"Игра\" x; }\n"),
	 "t.rtab:1:19: error: syntax error, missing ';' before identifier\n"
	 " enum g { ru \"Игра\" x; }\n"
	 "                   ^\n",
	 1, "g"},
	{"an unexpected token after a ≤ and a comment holding multi-byte characters",
	 SRC("table t { rows { a ≤2 /* ≥ Ё */ , ; } }\n"),
	 "t.rtab:1:33: error: syntax error, unexpected ','\n"
	 " table t { rows { a ≤2 /* ≥ Ё */ , ; } }\n"
	 "                                 ^\n",
	 1, "t"},
	{"a syntax error after a Cyrillic label and comment on its line",
	 SRC("enum g { ru \"Игра\"; /* ≥ Ё */ = }\n"),
	 "t.rtab:1:31: error: syntax error, unexpected '='\n"
	 " enum g { ru \"Игра\"; /* ≥ Ё */ = }\n"
	 "                               ^\n",
	 1, "g"},
	{"an unknown escape",
	 SRC("outcome a { en \"A\\q\"; }\noutcome b { en \"B\"; }\n"),
	 "t.rtab:1:18: error: unknown escape '\\q' in a string; use \\\" \\\\ \\n or \\t\n"
	 " outcome a { en \"A\\q\"; }\n"
	 "                  ^\n",
	 1, "a b"},
	{"an unterminated string stops at the end of its line",
	 SRC("outcome a { en \"Hold; }\noutcome b { en \"B\"; }\n"),
	 "t.rtab:1:16: error: unterminated string: add the closing '\"' on the same line\n"
	 " outcome a { en \"Hold; }\n"
	 "                ^\n"
	 "t.rtab:2:1: error: syntax error, unexpected keyword 'outcome', expecting ';'\n"
	 " outcome b { en \"B\"; }\n"
	 " ^\n"
	 "t.rtab:1:24: note: or is a ';' missing here?\n"
	 " outcome a { en \"Hold; }\n"
	 "                        ^\n",
	 2, "a"},
	{"an unterminated comment",
	 SRC("outcome a { en \"A\"; }\n/* never\n   closed\n"),
	 "t.rtab:2:1: error: unterminated comment: '/*' has no matching '*/'\n"
	 " /* never\n"
	 " ^\n",
	 1, "a"},
	{"control characters and NUL bytes in strings",
	 SRC("outcome a { en \"A\001\"; ru \"\0B\"; }"),
	 "t.rtab:1:18: error: control character 0x01 in a string; write it as an escape\n"
	 " outcome a { en \"A \"; ru \" B\"; }\n"
	 "                  ^\n"
	 "t.rtab:1:26: error: NUL byte in a string\n"
	 " outcome a { en \"A \"; ru \" B\"; }\n"
	 "                          ^\n",
	 2, "a"},
	{"NUL bytes and invalid UTF-8 in the source, a comment and a string",
	 SRC("outcome a { en \"\xE9\"; }\0 /* \0 \xFF */ \xC3 outcome b;"),
	 "t.rtab:1:17: error: invalid UTF-8 byte 0xE9 in a string\n"
	 " outcome a { en \"?\"; }  /*   ? */ ? outcome b;\n"
	 "                 ^\n"
	 "t.rtab:1:22: error: NUL byte in the source\n"
	 " outcome a { en \"?\"; }  /*   ? */ ? outcome b;\n"
	 "                      ^\n"
	 "t.rtab:1:27: error: NUL byte in a comment\n"
	 " outcome a { en \"?\"; }  /*   ? */ ? outcome b;\n"
	 "                           ^\n"
	 "t.rtab:1:29: error: invalid UTF-8 byte 0xFF in a comment\n"
	 " outcome a { en \"?\"; }  /*   ? */ ? outcome b;\n"
	 "                             ^\n"
	 "t.rtab:1:34: error: invalid UTF-8 byte 0xC3\n"
	 " outcome a { en \"?\"; }  /*   ? */ ? outcome b;\n"
	 "                                  ^\n"
	 "t.rtab:1:45: error: syntax error, unexpected ';', expecting '{' or '(' or '@'\n"
	 " outcome a { en \"?\"; }  /*   ? */ ? outcome b;\n"
	 "                                             ^\n",
	 6, "a"},
	{"integers beyond the limit, in a cell and in a dice spec",
	 SRC("table t { rows { a 1-2000000000; } }\ndice d = 1d99999999999;\n"),
	 "t.rtab:1:22: error: integer '2000000000' is out of range (at most 1000000000 in magnitude)\n"
	 " table t { rows { a 1-2000000000; } }\n"
	 "                      ^\n"
	 "t.rtab:2:12: error: integer '99999999999' is out of range (at most 1000000000 in magnitude)\n"
	 " dice d = 1d99999999999;\n"
	 "            ^\n",
	 2, "t d"},
	{"a missing '}' at the end of the file",
	 SRC("table t {\n  rows {\n    a 1-6;\n  }\n"),
	 "t.rtab:4:4: error: syntax error, unexpected end of file\n"
	 "   }\n"
	 "    ^\n"
	 "t.rtab:1:9: note: this '{' is not closed\n"
	 " table t {\n"
	 "         ^\n",
	 1, ""},
	{"one error per definition: every one is reported, the good ones survive",
	 SRC("ruleset r { locales en; }\n"
	     "dice d6 = 1d6 faces;\n"
	     "outcome a { en \"A\"; }\n"
	     "enum e { en \"E\" \"F\"; z; }\n"
	     "outcome b { en \"B\" }\n"
	     "table t { roll d6; rows { a 1-3; b 4-6; } }\n"),
	 "t.rtab:2:20: error: syntax error, unexpected ';', expecting integer or range like 3-5 or '+' or '-'\n"
	 " dice d6 = 1d6 faces;\n"
	 "                    ^\n"
	 "t.rtab:4:19: error: syntax error, missing ';' before string\n"
	 " enum e { en \"E\" \"F\"; z; }\n"
	 "                   ^\n"
	 "t.rtab:5:19: error: syntax error, missing ';' before '}'\n"
	 " outcome b { en \"B\" }\n"
	 "                   ^\n",
	 3, "r a e b t"},
	{"statement-level recovery: a bad statement loses only itself",
	 SRC("table t {\n"
	     "  en \"T\";\n"
	     "  roll d6 d8;\n"
	     "  modifiers a;\n"
	     "  rows {\n"
	     "    a, 1-3;\n"
	     "    b 4-6;\n"
	     "    c 7 ) ;\n"
	     "    d 8;\n"
	     "  }\n"
	     "  cap 1..;\n"
	     "  cap -1..1;\n"
	     "}\n"
	     "outcome after;\n"),
	 "t.rtab:3:10: error: syntax error, missing ';' before identifier\n"
	 "   roll d6 d8;\n"
	 "          ^\n"
	 "t.rtab:6:6: error: syntax error, unexpected ','\n"
	 "     a, 1-3;\n"
	 "      ^\n"
	 "t.rtab:8:9: error: syntax error, unexpected ')'\n"
	 "     c 7 ) ;\n"
	 "         ^\n"
	 "t.rtab:11:10: error: syntax error, unexpected ';', expecting integer or '+' or '-'\n"
	 "   cap 1..;\n"
	 "          ^\n"
	 "t.rtab:11:10: note: write the high end after '..': 0..9\n"
	 "   cap 1..;\n"
	 "          ^\n"
	 "t.rtab:14:14: error: syntax error, unexpected ';', expecting '{' or '(' or '@'\n"
	 " outcome after;\n"
	 "              ^\n",
	 5, "t"},
};

/* The ids of the parsed definitions, space-separated. */
static char *def_ids(const ast_def *defs)
{
	strbuf sb = {0};
	sb_puts(&sb, "");
	for (const ast_def *d = defs; d; d = d->next)
		sb_printf(&sb, "%s%s", d == defs ? "" : " ", d->id);
	return sb.data;
}

/* Every case runs; each difference is printed, then the test fails. */
static void test_bad_inputs(void **state)
{
	int failed = 0;
	(void)state;
	for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		const bad_case *c = &bad_cases[i];
		parsed p;
		parse_text(&p, c->src, c->len);
		char *ids = def_ids(p.pc.defs);
		const char *out = p.out ? p.out : "";
		if (strcmp(out, c->out) != 0 || p.diag.errors != c->errors || p.diag.warnings != 0 ||
		    strcmp(ids, c->defs) != 0) {
			/* cmocka's messages are short: one call per part. */
			print_error("bad: %s\n", c->what);
			print_error("--- expected (%d errors; definitions '%s'):\n", c->errors, c->defs);
			print_error("%s", c->out);
			print_error("+++ actual (%d errors, %d warnings; definitions '%s'):\n",
				    p.diag.errors, p.diag.warnings, ids);
			print_error("%s\n", out);
			failed++;
		}
		free(ids);
		parsed_free(&p);
	}
	assert_int_equal(failed, 0);
}

/*
 * The scanner reads plain rows ('o1 5;', 'o2 3-4 -1;') of a 'rows' block by
 * itself, without tokens. Every block here must give the same tree, the same
 * locations and the same diagnostics as when each row goes through the grammar.
 */
static const char *const plain_row_sources[] = {
	"table t { rows { a 1; b 2; c 3; } }",
	"table t {\n  rows {\n    a 1;\n\tb   2 ;\r\n    c\t3\t;\n  }\n}\n",
	"table t { rows { a -1; b +2; c -3-4; d +3--4; e 5-+6; f 1 2 3 4 5 6 7 8 9; } }",
	"table t { rows { a 1-2 3-4; b 999999999; c 1000000000; d 12345678901; e 0001; } }",
	"table t { rows { a 1; default 2; b 3; grid 4; rows 5; and 6; } }",
	"table t { rows { a 1; b 2+; c 3; d 4.5; e 5/6; f 1:2; g 5d6; h 1..2; } }",
	"table t { rows { a 1; b 2 @ \"r\"; c 3 provisional \"why\"; d 4; } }",
	"table t { rows { h1 h2; a 1 2; x y 3 4; b 5 6; c; } }",
	"table t { rows { a 1; /* c */ b 2; # c\n c 3; // c\n d 4; } }",
	"table t { rows { a 1; b — 2; c - 3; d 4 —; } }",
	"table t { rows { a 1; b 2 ) ; c 3; d 4; } }",
	"table t { rows { a 1; b 2 c 3; d 4; } }",
	"table t { rows { a 1; b 2; } e 3; rows { f 4; } }",
	"table t { rows { a 1; b\n2; c 3\n; d\t4; } }",
	"table t { rows { a 1; b.c 2; d[1] 3; e/f 4; É 5; g 6; } }",
	"table t { rows { a 1; b 2;",
	"table t { rows { a 1; b 2",
	"table t { rows { a 1; b 2; \"s\" 3; (c) 4; } }",
	"table t { rows { a 1; b 2; } } table u { rows { c 3; d 4 5; } } table v { grid { x y\n 1 a b } }",
	"errata e { table t { rows { a 1; b 2; } } }",
	"table t { rows { a 1; provisional 2; values 3; value 4 5; b 6; } }",
	"table t { rows { a 1;\n  # a note\n  b 2; /* x */ c 3;\n} }",
};

/* src read with the scanner's plain rows and grid lines, and through the
 * grammar alone: the same tree, locations and diagnostics. How many rows and
 * grid lines the scanner read by itself goes to the counts. */
static void assert_same_both_ways(const char *src, size_t *plain_rows, size_t *plain_grid_lines)
{
	parsed fast, slow;
	parse_text_as(&fast, src, strlen(src), false);
	parse_text_as(&slow, src, strlen(src), true);
	assert_int_equal(slow.pc.plain_rows, 0);
	assert_int_equal(slow.pc.plain_grid_lines, 0);
	*plain_rows = fast.pc.plain_rows;
	*plain_grid_lines = fast.pc.plain_grid_lines;
	char *a = dump_defs(fast.pc.defs, true), *b = dump_defs(slow.pc.defs, true);
	assert_string_equal(a, b);
	free(a);
	free(b);
	a = dump_defs(fast.pc.errata ? fast.pc.errata->defs : NULL, true);
	b = dump_defs(slow.pc.errata ? slow.pc.errata->defs : NULL, true);
	assert_string_equal(a, b);
	assert_string_equal(fast.out ? fast.out : "", slow.out ? slow.out : "");
	assert_int_equal(fast.rc, slow.rc);
	assert_int_equal(fast.diag.errors, slow.diag.errors);
	free(a);
	free(b);
	parsed_free(&fast);
	parsed_free(&slow);
}

static void test_plain_rows(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof plain_row_sources / sizeof plain_row_sources[0]; i++) {
		size_t rows, lines;
		print_message("rows: %s\n", plain_row_sources[i]);
		assert_same_both_ways(plain_row_sources[i], &rows, &lines);
		if (i < 4) /* plain rows only: all of them read by the scanner */
			assert_true(rows >= 3);
	}
}

/*
 * The scanner reads the plain lines of a grid after its first ('3  AE  -/1R  —')
 * by itself, into the grid's compact lines. Every grid here must give the same
 * lines, locations and diagnostics as when each line goes through the grammar.
 */
static const char *const plain_grid_sources[] = {
	"table t { grid {\n 1 a\n 2 b\n 3 c\n } }",
	"table t {\n  grid {\n       1:4  1:3  1:2\n    1  AR   AR   NE\n    2-3  AE/DR  -/1R  —\n"
	"\t4\t--  –  x_y\r\n    -1  a  b  c\n    +5-6 a b c\n    -3--2 a/- 1/2 z\n  }\n}\n",
	"table t { grid {\n x\n 1 a\n 2 grid\n 3 outcomes\n 4 b\n 5 c\n } }",
	"table t { grid {\n x\n 1 a\n 2 provisional\n 3 and\n 4 b\n } }",
	"table t { grid {\n x\n 1 a @ \"r\"\n 2 b provisional \"why\"\n 3 c # note\n 4 d /* c */\n 5 e\n"
	" 6+ f\n <=0 g\n 7 8\n 9 1.5\n 10 a.b\n 11 d6\n 12 É\n 13 a }\n}",
	"table t { grid {\n x\n\n 1 a\n # c\n\n 2 b\n /* multi\n line */ 3 c\n 4 d\n 5 e } }",
	"table t { grid {\n x\n 1 a\n 2 ) b\n 3 c\n 4 d\n } }",
	"table t { grid {\n x\n 1 a\n 2 b\n 3 c",
	"table t { grid {\n x\n 1 a\n 2 b\n 3 c\n",
	"table t { grid w {\n 1:1\n 1 a\n 2 b\n }\n grid u, v {\n 1:1\n 1 c\n 2 d\n } }",
	"errata e { table t { grid {\n x\n 1 a\n 2 b\n } } }",
	"table t { grid {\n x\n 1 a\n 1000000000 b\n 999999999 c\n 0001 d\n 12345678901 e\n } }",
	"table t { grid {\n x\n 1\n 2 a\n 3 - \n 4 a b\n} }",
	"table t { grid {\n x\n 1: a\n 2 : b\n 3 c\n 4 \"s\" d\n 5 e\n } }",
	"table t { grid {\n x y\n 1 a b\n 2 c d\n } rows { e 1; f 2; } grid {\n 1 g\n 2 h\n } }",
};

static void test_plain_grid_lines(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof plain_grid_sources / sizeof plain_grid_sources[0]; i++) {
		size_t rows, lines;
		print_message("grid: %s\n", plain_grid_sources[i]);
		assert_same_both_ways(plain_grid_sources[i], &rows, &lines);
		if (i < 2) /* plain lines only: all but the first read by the scanner */
			assert_true(lines >= 2);
		if (i == 2) /* the lines whose item is a keyword go through the grammar */
			assert_int_equal(lines, 3);
	}
}

/* The statements that survive statement-level recovery in a table. */
static void test_recovery_keeps_statements(void **state)
{
	static const char src[] = "table t {\n"
				  "  en \"T\";\n"
				  "  roll d6 d8;\n"
				  "  modifiers a;\n"
				  "  rows { a, 1-3; b 4-6; c 7 ) ; d 8; }\n"
				  "  cap 1..;\n"
				  "  cap -1..1;\n"
				  "}\n";
	parsed p;
	(void)state;
	parse_text(&p, src, sizeof src - 1);
	assert_int_equal(p.diag.errors, 4);
	char *tree = dump_defs(p.pc.defs, false);
	assert_string_equal(tree, "table t { en \"T\"; modifiers a; rows { row b 4..6; row d 8..8; }; cap -1..1; }\n");
	free(tree);
	parsed_free(&p);
}

/*
 * A string left open at the end of the file is reported once: the syntax
 * error that the swallowed end would cause says nothing new.
 */
static void test_missing_semicolon_after_open_string_at_eof(void **state)
{
	static const char src[] = "outcome a { en \"Hold";
	static const char want[] =
		"t.rtab:1:16: error: unterminated string: add the closing '\"' on the same line\n"
		" outcome a { en \"Hold\n"
		"                ^\n";
	parsed p;
	(void)state;
	parse_text(&p, src, sizeof src - 1);
	assert_string_equal(p.out, want);
	assert_int_equal(p.diag.errors, 1);
	parsed_free(&p);
}

/*
 * After an identifier that starts a statement, the expected tokens are those
 * of every statement it may start (lookahead correction), not only the
 * continuations of a matrix cell: "enum e { x y z; }" must not claim that only
 * '=' or ',' may follow ("x y;" is a statement of words, such as "shifts a;").
 */
static void test_expected_tokens_after_identifier(void **state)
{
	static const char src[] = "enum e { x y z; }\n";
	parsed p;
	(void)state;
	parse_text(&p, src, sizeof src - 1);
	assert_int_equal(p.diag.errors, 1);
	bool wrong = strstr(p.out, "unexpected identifier, expecting '=' or ','\n") != NULL;
	bool names_semicolon = strstr(p.out, "';'") != NULL;
	bool lists_nothing = strstr(p.out, "t.rtab:1:14: error: syntax error, unexpected identifier\n") != NULL;
	parsed_free(&p);
	assert_false(wrong);
	assert_true(names_semicolon || lists_nothing);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_plain_rows),
		cmocka_unit_test(test_plain_grid_lines),
		cmocka_unit_test(test_exprs),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_bad_inputs),
		cmocka_unit_test(test_recovery_keeps_statements),
		cmocka_unit_test(test_expected_tokens_after_identifier),
		cmocka_unit_test(test_missing_semicolon_after_open_string_at_eof),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
