/* SPDX-License-Identifier: MIT */
/* The .rtab grammar: a pure parser that recovers at each statement. */
%require "3.8"
%define api.pure full
%define api.push-pull push
%define api.prefix {rtab_yy}
%define parse.error detailed
%define parse.lac full
%locations
%expect 0
%param {yyscan_t scanner}
%parse-param {struct parse_ctx *ctx}

%code top {
/* How deep the parser's stack may grow: deeper nesting is reported, not fatal. */
#define YYMAXDEPTH 10000
}

%code requires {
#include "front/ast.h"
typedef void *yyscan_t;
struct parse_ctx;
struct rtab_dice_tok { int64_t count, sides; };
struct rtab_range_tok { int64_t lo, hi; };
/* A result printed as a code (codeword: one token like 6/3) or a number. */
struct rtab_code_tok { char *text; bool codeword; };
/* A definition's rule reference: the text given first, and the per-locale ones (ST_LABEL). */
struct ast_ref_tok { char *text; struct ast_stmt *locales; };
}

%code {
#include "front/parse_ctx.h"
#include "front/scan.h"
#include "lexer.h"
#include "rtab.h"

#include <string.h>

#include <stdlib.h>

int rtab_yylex(RTAB_YYSTYPE *lval, RTAB_YYLTYPE *lloc, yyscan_t scanner);

/* The hint for the token before the one the parser stumbled on. */
static const char *syntax_hint_for(const struct parse_ctx *ctx)
{
	/* '@ en "7.3" ru;', '@ en "7.3" "8.2"': a locale of a rule reference
	 * without its text, a text without its locale. */
	if (ctx->in_reference && (ctx->token_before == IDENT || (ctx->token_before == STRING && ctx->token_now == STRING)))
		return "a rule reference per locale gives each locale its text in quotes: @ en \"7.3\" de \"8.2\"";
	const char *hint = ctx->word_before[0] ? statement_hint(ctx->word_before, ctx->token_now == ';') : NULL;
	/* 'above 6:1 ;': the statement's first word says what is missing. */
	if (!hint && ctx->token_now == ';' && (strcmp(ctx->word_of_statement, "below") == 0 ||
						strcmp(ctx->word_of_statement, "above") == 0))
		hint = statement_hint(ctx->word_of_statement, true);
	/* 'rewrite loss(a, d) -> ...': a rewrite names results, it computes none. */
	if (!hint && strcmp(ctx->word_of_statement, "rewrite") == 0)
		hint = statement_hint("rewrite", false);
	return hint;
}

/* A grid's header written with commas ('left, right', an enum's values):
 * the grammar reads a line of names and commas as the start of an odds line
 * for several values ('woods, town: ...') and stops at its end. The line's
 * names separated by blanks into buf, and where its first comma is; false
 * when the source is not at hand or the line does not fit. */
static bool header_with_commas(const diag_ctx *d, int line, char *buf, size_t n, src_loc *comma)
{
	if (!d->text || line < 1 || n == 0)
		return false;
	const char *p = d->text, *end = d->text + d->len;
	for (int at = 1; at < line; p++) {
		if (p >= end)
			return false;
		at += *p == '\n';
	}
	size_t k = 0;
	comma->line = 0;
	for (int col = 1; p < end && *p != '\n' && *p != '#' && *p != '}' && *p != '/'; p++) {
		bool gap = *p == ',' || *p == ' ' || *p == '\t' || *p == '\r';
		if (*p == ',' && !comma->line)
			*comma = (src_loc){line, col};
		if (((unsigned char)*p & 0xC0) != 0x80)
			col++;
		if (gap && (k == 0 || buf[k - 1] == ' '))
			continue;
		if (k + 1 >= n)
			return false;
		buf[k++] = gap ? ' ' : *p;
	}
	while (k > 0 && buf[k - 1] == ' ')
		k--;
	buf[k] = '\0';
	return k > 0 && comma->line;
}

static void rtab_yyerror(RTAB_YYLTYPE *lloc, yyscan_t scanner, struct parse_ctx *ctx, const char *msg)
{
	struct lex_extra *x = rtab_yyget_extra(scanner);
	src_loc l = {lloc->first_line, lloc->first_column};
	const char *unexpected = strstr(msg, "unexpected ");
	const char *tail = strstr(msg, ", expecting ';'");
	/* 'roll d6 d8;': the '=' of a roll the table names is no likelier than the ';'. */
	bool semi = tail && (strcmp(tail, ", expecting ';'") == 0 || strcmp(tail, ", expecting ';' or '='") == 0);
	bool at_end = strstr(msg, "unexpected end of file") != NULL;

	/* From here on every row goes through the grammar (error recovery). */
	lex_rows_off(scanner);
	/* The unterminated string or comment that swallowed the end was reported. */
	if (at_end && x->eof_reported)
		return;

	char names[256], outcome[64];
	src_loc comma;
	/* 'when not later eliminated', 'when x and later eliminated': a word before
	 * an outcome in a rewrite's condition, where 'earlier' belongs. (At the
	 * condition's start the grammar reads it: earlier_name.) */
	if (ctx->after_when && ctx->token_now == IDENT && ctx->token_before == IDENT && ctx->word_before[0] &&
	    strcmp(ctx->word_of_statement, "rewrite") == 0 &&
	    diag_source_word(ctx->diag, l, outcome, sizeof outcome)) {
		outcome[strcspn(outcome, ";)")] = '\0';
		src_loc word = l; /* at the word, where the outcome's line has it */
		if (x->prev_end.line == l.line && x->prev_end.col > (int)strlen(ctx->word_before))
			word.col = x->prev_end.col - (int)strlen(ctx->word_before);
		diag_report(ctx->diag, SEV_ERROR, NULL, word,
			    "syntax error: '%s %s' is no condition; a rewrite reads whether an earlier repeat gave an outcome as 'earlier %s', with 'not', 'and' and 'or' as any condition: when not earlier %s",
			    ctx->word_before, outcome, outcome, outcome);
		return;
	}
	/* A missing ';' is best shown where it belongs: after the previous token. */
	if (x->grid == 2 && strcmp(msg, "syntax error, unexpected end of line, expecting ':' or ','") == 0 &&
	    header_with_commas(ctx->diag, l.line, names, sizeof names, &comma)) {
		diag_report(ctx->diag, SEV_ERROR, NULL, comma,
			    "syntax error: a grid's header names its columns separated by blanks, not commas; write: %s",
			    names);
		return;
	} else if (unexpected && semi && x->prev_end.line == l.line) {
		unexpected += strlen("unexpected ");
		diag_report(ctx->diag, SEV_ERROR, NULL, x->prev_end, "syntax error, missing ';' before %.*s",
			    (int)(tail - unexpected), unexpected);
	} else if (unexpected && semi && x->prev_end.line > 0) {
		/* The token is on a later line: it may be the mistake, or the ';' may be missing. */
		diag_report(ctx->diag, SEV_ERROR, NULL, l, "%s", msg);
		diag_report(ctx->diag, SEV_NOTE, NULL, x->prev_end, "or is a ';' missing here?");
	} else if (unexpected && strncmp(unexpected, "unexpected keyword", 18) == 0 &&
		   strstr(msg, "expecting identifier")) {
		diag_report(ctx->diag, SEV_ERROR, NULL, l, "%s (a keyword cannot be used as a name)", msg);
	} else if (unexpected && !at_end && x->prev_end.line > 0 && x->prev_end.line < l.line &&
		   x->prev_first != ';' && x->prev_first != '{' && x->prev_first != '}') {
		/* The token starts a later line, and the line before did not end a statement. */
		diag_report(ctx->diag, SEV_ERROR, NULL, l, "%s", msg);
		diag_report(ctx->diag, SEV_NOTE, NULL, x->prev_end, "or is a ';' missing here?");
	} else if (strcmp(msg, "memory exhausted") == 0) {
		diag_report(ctx->diag, SEV_ERROR, NULL, l,
			    "nesting too deep: the parser holds at most %d open levels", YYMAXDEPTH);
	} else {
		diag_report(ctx->diag, SEV_ERROR, NULL, l, "%s", msg);
	}
	const char *hint = syntax_hint_for(ctx);
	if (hint && strcmp(msg, "memory exhausted") != 0)
		diag_report(ctx->diag, SEV_NOTE, NULL, l, "%s", hint);
	/* A '(' left open explains only what a ')' would have come before. */
	bool closes = ctx->token_now == ';' || ctx->token_now == '{' || ctx->token_now == '}' || at_end;
	if (x->paren_depth > 0 && closes && strcmp(msg, "memory exhausted") != 0) {
		src_loc open = x->open_parens[(x->paren_depth > LEX_MAX_DEPTH ? LEX_MAX_DEPTH : x->paren_depth) - 1];
		diag_report(ctx->diag, SEV_NOTE, NULL, open, "this '(' is not closed");
	}
	if (at_end && x->depth > 0) {
		src_loc open = x->open_braces[(x->depth > LEX_MAX_DEPTH ? LEX_MAX_DEPTH : x->depth) - 1];
		diag_report(ctx->diag, SEV_NOTE, NULL, open, "this '{' is not closed");
	}
}

#define LOC(yl) ((src_loc){(yl).first_line, (yl).first_column})

/* 'earlier OUTCOME' in a rewrite's condition: a name no identifier is,
 * "earlier OUTCOME", which the checks read as the repeat's input. Another
 * word than 'earlier' is a mistake, said once. */
static ast_expr *earlier_name(struct parse_ctx *ctx, char *word, RTAB_YYLTYPE wl, char *outcome,
			      RTAB_YYLTYPE ol)
{
	ast_expr *e = ast_expr_new(EX_NAME, LOC(ol));
	if (strcmp(word, "earlier") != 0) {
		diag_report(ctx->diag, SEV_ERROR, NULL, LOC(wl),
			    "syntax error: '%s %s' is no condition; a rewrite reads a condition (when x > 2) or whether an earlier repeat gave an outcome (when earlier %s)",
			    word, outcome, outcome);
		ctx->damaged = true;
	}
	e->name = xasprintf("earlier %s", outcome);
	free(word);
	free(outcome);
	return e;
}

static ast_expr *binary(int op, ast_expr *l, ast_expr *r, RTAB_YYLTYPE yl)
{
	ast_expr *e = ast_expr_new(EX_BINARY, LOC(yl));
	e->op = op;
	e->lhs = l;
	e->rhs = r;
	return e;
}

static ast_expr *unary(int op, ast_expr *x, RTAB_YYLTYPE yl)
{
	ast_expr *e = ast_expr_new(EX_UNARY, LOC(yl));
	e->op = op;
	e->lhs = x;
	return e;
}

static ast_expr *number(int64_t v, RTAB_YYLTYPE yl)
{
	ast_expr *e = ast_expr_new(EX_INT, LOC(yl));
	e->num = v;
	return e;
}

/* A number or dice written with its unit: '6 inch', '2d6 cm'. */
static ast_expr *with_unit(ast_expr *e, char *unit, RTAB_YYLTYPE yl)
{
	e->unit = unit;
	e->unit_loc = LOC(yl);
	return e;
}

/* 'value x / 2 round down;' reads '2 round' as a number with its unit: when
 * the last number of e carries the unit 'round', it was the rounding the rule
 * states after the value, which the caller makes a call of round_WORD. */
static bool take_rounding(ast_expr *e)
{
	while (e && (e->kind == EX_BINARY || e->kind == EX_UNARY || e->kind == EX_IF))
		e = e->kind == EX_BINARY ? e->rhs : e->kind == EX_IF ? e->third : e->lhs;
	if (!e || !e->unit || strcmp(e->unit, "round") != 0)
		return false;
	free(e->unit);
	e->unit = NULL;
	return true;
}

/* "a/2" without spaces reads as one word (a code like 6/3): in an expression
 * it is the exact division a / 2, each part a number or a name. */
static ast_expr *word_division(char *text, RTAB_YYLTYPE yl)
{
	ast_expr *e = NULL;
	RTAB_YYLTYPE at = yl;
	const char *p = text;
	for (;;) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		bool digits = n > 0 && strspn(p, "0123456789") == n;
		ast_expr *x = digits ? number(strtoll(p, NULL, 10), at) : ast_expr_new(EX_NAME, LOC(at));
		if (!digits)
			x->name = xstrndup(p, n);
		e = e ? binary(RTAB_OP_DIV_EXACT, e, x, at) : x;
		if (!slash)
			break;
		at.first_column += (int)n + 1;
		p = slash + 1;
	}
	free(text);
	return e;
}

/* "1/2" without spaces, as `exact 1/2;` writes it: lo 1, hi 2 (0 for what is not a number). */
static void word_fraction(const char *text, int64_t *lo, int64_t *hi)
{
	const char *slash = strchr(text, '/');
	bool ok = slash && strchr(slash + 1, '/') == NULL && strspn(text, "0123456789") == (size_t)(slash - text) &&
		  strspn(slash + 1, "0123456789") == strlen(slash + 1) && slash - text < 10 && strlen(slash + 1) < 10;
	*lo = ok ? strtoll(text, NULL, 10) : 0;
	*hi = ok ? strtoll(slash + 1, NULL, 10) : 0;
}

static ast_cell *cell(RTAB_YYLTYPE yl, int64_t lo, int64_t hi, bool open_lo, bool open_hi)
{
	ast_cell *c = ast_cell_new(LOC(yl));
	c->lo = lo;
	c->hi = hi;
	c->open_lo = open_lo;
	c->open_hi = open_hi;
	return c;
}

/* The cells of 'round MODE below X, ...' or 'at least T, ...': the first
 * word after the key is in ids; a rounding's word leads its range. */
static ast_cell *key_reading_cells(char *word, RTAB_YYLTYPE at, ast_cell *reading)
{
	ast_cell *w = cell(at, 0, 0, false, false);
	w->kind = CELL_NAME;
	w->name = word;
	w->next = reading;
	w->tail = reading->tail;
	return w;
}

/* 'round linear, ties up': the four words, in order. */
static ast_id *rounding_words(char *a, RTAB_YYLTYPE at_a, char *b, RTAB_YYLTYPE at_b, char *c,
			      RTAB_YYLTYPE at_c, char *d, RTAB_YYLTYPE at_d)
{
	ast_id *ids = ast_id_new(a, LOC(at_a)), *mode = ast_id_new(b, LOC(at_b));
	ast_id *ties = ast_id_new(c, LOC(at_c)), *side = ast_id_new(d, LOC(at_d));
	ids->tail = ids;
	ids = AST_APPEND(ids, mode);
	ids = AST_APPEND(ids, ties);
	return AST_APPEND(ids, side);
}

static ast_stmt *named_stmt(stmt_kind kind, RTAB_YYLTYPE at, char *name, RTAB_YYLTYPE name_at)
{
	ast_stmt *s = ast_stmt_new(kind, LOC(at));
	s->name = name;
	s->name_loc = LOC(name_at);
	return s;
}

/* The first of two keys into a 'columns' statement: its word (an input,
 * 'when', or 'value' and 'difference' with their arguments in times). */
static void first_key(ast_stmt *cols, ast_stmt *key)
{
	cols->name2 = key->name;
	cols->name2_loc = key->name_loc;
	cols->times = key->expr;
	key->name = NULL;
	key->expr = NULL;
	ast_stmts_free(key);
}

/* A grid line that starts with a name and ':' ('clear:  1:3  1:2 ...') is an
 * odds line: the odds each result column stands for on that line. */
static void odds_line(ast_stmt *line)
{
	ast_cell *name = line->cells, *colon = name ? name->next : NULL;
	if (!colon || name->kind != CELL_NAME || colon->kind != CELL_COLON)
		return;
	line->kind = ST_ODDS_LINE;
	line->name = name->name;
	line->name_loc = name->loc;
	name->name = NULL;
	line->cells = colon->next;
	if (line->cells)
		line->cells->tail = name->tail;
	colon->next = NULL;
	ast_cells_free(name);
}

/* A statement the grammar knows by its shape ('exact 1/2;', a 'cell' patch):
 * begun by another word, it is kept (with the word) for the checks to report
 * where it stands. */
static ast_stmt *formed_stmt(stmt_kind kind, RTAB_YYLTYPE at, char *word)
{
	ast_stmt *s = ast_stmt_new(kind, LOC(at));
	if (strcmp(word, stmt_construct_of(kind)->word) == 0) {
		free(word);
		return s;
	}
	s->misspelt = true;
	s->name = word;
	s->name_loc = LOC(at);
	return s;
}

/* 'WORD a, b;' and its kin: the statement WORD begins (shifts, below, like ...),
 * or ST_STRAY_WORDS with the word when it begins none (a ';' may be missing). */
static ast_stmt *word_stmt(RTAB_YYLTYPE at, char *word)
{
	stmt_kind kind = stmt_kind_of_word(FORM_WORDS, word);
	if (kind == ST_KIND_COUNT_)
		return named_stmt(ST_STRAY_WORDS, at, word, at);
	free(word);
	return ast_stmt_new(kind, LOC(at));
}

/* The step of an end, and the words before it ('more than 5:1'), in name2. */
static void end_step_of(ast_stmt *s, ast_cell *step)
{
	if (step && step->next) {
		s->name2 = step->next->name;
		s->name2_loc = step->next->loc;
		step->next->name = NULL;
		ast_cells_free(step->next);
		step->next = NULL;
	}
	s->step = step;
}

/* 'below 0;', 'above 7:1 2/0 provisional "why";': an end whose result is
 * printed as a code or a number (step: its odds or value, or NULL). A word
 * that begins no such statement, before a fraction, is 'exact 1/2;'. */
static ast_stmt *end_stmt(RTAB_YYLTYPE at, char *word, ast_cell *step, char *code, bool codeword,
			  RTAB_YYLTYPE code_at, char *why, RTAB_YYLTYPE why_at)
{
	if (!step && !why && codeword && stmt_kind_of_word(FORM_WORDS, word) == ST_KIND_COUNT_) {
		ast_stmt *s = formed_stmt(ST_EXACT, at, word);
		word_fraction(code, &s->lo, &s->hi);
		s->text_loc = LOC(code_at);
		free(code);
		return s;
	}
	ast_stmt *s = word_stmt(at, word);
	s->ids = ast_id_new(code, LOC(code_at));
	s->ids->tail = s->ids;
	end_step_of(s, step);
	s->text = why;
	s->text_loc = LOC(why_at);
	return s;
}

/* 'cell ROLLS at COLUMN = RESULT': cells holds the rolls, then the result (an
 * outcome or code, or '—'); step the column; ids the word before the column. */
static ast_stmt *patch_stmt(RTAB_YYLTYPE at, char *word, ast_cell *rolls, char *at_word,
			    RTAB_YYLTYPE at_word_loc, ast_cell *column, ast_cell *result, char *rule,
			    char *why, RTAB_YYLTYPE why_at)
{
	ast_stmt *s = formed_stmt(ST_PATCH, at, word);
	rolls->tail = rolls;
	s->cells = rolls;
	if (at_word) {
		s->ids = ast_id_new(at_word, LOC(at_word_loc));
		s->ids->tail = s->ids;
	}
	if (column)
		column->tail = column;
	s->step = column;
	result->tail = result;
	rolls->next = result;
	rolls->tail = result;
	s->rule = rule;
	s->text = why;
	s->text_loc = LOC(why_at);
	return s;
}
}

%code {
/* A part's references per locale: its rule as one string, and the locale
 * words kept until the definition they are in is complete. */
static char *part_rule_refs(struct parse_ctx *ctx, RTAB_YYLTYPE at, ast_stmt *locales)
{
	ast_part_refs *r = xcalloc(1, sizeof *r);
	r->at = LOC(at);
	r->locales = locales;
	ctx->part_refs = AST_APPEND(ctx->part_refs, r);
	return ast_part_rule_encode(locales);
}

/* The parts' references read since the definition d began are d's; those of
 * a definition error recovery dropped before it are let go. */
static void take_part_refs(struct parse_ctx *ctx, ast_def *d)
{
	ast_part_refs *kept = NULL;
	for (ast_part_refs *r = ctx->part_refs, *n; r; r = n) {
		n = r->next;
		r->next = NULL;
		if (r->at.line > d->loc.line || (r->at.line == d->loc.line && r->at.col >= d->loc.col))
			kept = AST_APPEND(kept, r);
		else
			ast_part_refs_free(r);
	}
	d->part_refs = kept;
	ctx->part_refs = NULL;
}

/* The last name of a row is its outcome; the names before it are a header. */
static ast_stmt *split_row(ast_id *names, ast_cell *cells, char *rule, char *provisional,
			   RTAB_YYLTYPE provisional_at)
{
	ast_id *last = names, *before = NULL;
	while (last->next) {
		before = last;
		last = last->next;
	}
	ast_stmt *row = ast_stmt_new(ST_ROW, last->loc);
	row->name = last->id;
	row->name_loc = last->loc;
	row->cells = cells;
	row->rule = rule;
	row->text = provisional;
	row->text_loc = LOC(provisional_at);
	if (!before) {
		free(last);
		return row;
	}
	before->next = NULL;
	names->tail = before;
	free(last);
	ast_stmt *header = ast_stmt_new(ST_HEADER, names->loc);
	header->ids = names;
	header->next = row;
	header->tail = row;
	return header;
}
}

%code {
static size_t keyword_hash(const char *s, size_t n)
{
	size_t h = n;
	for (size_t i = 0; i < n; i++)
		h = h * 31 + (unsigned char)s[i];
	return h & 255;
}

/* A row as parsed (a header may arrive in front of it) into its block. */
static void add_rowitem(ast_stmt *block, ast_stmt *item)
{
	ast_stmt *row = item;
	if (item->kind == ST_HEADER) {
		row = item->next;
		item->next = NULL;
		item->lo = (int64_t)block->rows->nrows;
		item->tail = item;
		block->body = AST_APPEND(block->body, item);
	}
	if (!row)
		return;
	ast_rows_add(block->rows, row->name, strlen(row->name), row->loc, row->rule, row->text,
		     row->text_loc);
	for (const ast_cell *c = row->cells; c; c = c->next) {
		bool absent = c->kind == CELL_ABSENT;
		ast_range r = {absent ? INT64_MAX : c->lo, absent ? INT64_MIN : c->hi, c->loc};
		ast_rows_add_range(block->rows, &r);
	}
	ast_stmts_free(row);
}
}

%union {
	char *str;
	int64_t num;
	struct rtab_dice_tok dice;
	struct rtab_range_tok range;
	ast_expr *expr;
	ast_def *def;
	ast_stmt *stmt;
	ast_id *id;
	ast_arg *arg;
	ast_cell *cell;
	ast_param *param;
	ast_dice_group *group;
	ast_type type;
	ast_errata *errata;
	int kind;
	struct ast_ref_tok ref;
	struct rtab_code_tok code;
}

%token RULESET "keyword 'ruleset'" LOCALES "keyword 'locales'" DICE "keyword 'dice'" FACES "keyword 'faces'" ENUM "keyword 'enum'"
%token INPUT "keyword 'input'" EFFECT "keyword 'effect'" OUTCOME "keyword 'outcome'" MODIFIER "keyword 'modifier'"
%token MODIFIERS "keyword 'modifiers'" TABLE "keyword 'table'" TRIGGER "keyword 'trigger'" WHEN "keyword 'when'" VALUE "keyword 'value'"
%token ROLL "keyword 'roll'" CAP "keyword 'cap'" COLUMNS "keyword 'columns'" BY "keyword 'by'" ROWS "keyword 'rows'"
%token PROVISIONAL "keyword 'provisional'" BOOL "keyword 'bool'" INT_KW "keyword 'int'" TRUE "keyword 'true'" FALSE "keyword 'false'"
%token AND "keyword 'and'" OR "keyword 'or'" NOT "keyword 'not'"
%token MATRIX "keyword 'matrix'" DEFAULT "keyword 'default'" RATIO "keyword 'ratio'" OTHERWISE "keyword 'otherwise'" GROUP "keyword 'group'"
%token STACK "keyword 'stack'" FOR "keyword 'for'" STEPS "keyword 'steps'" STEP "keyword 'step'" NATURAL "keyword 'natural'" REWRITE "keyword 'rewrite'"
%token UNLESS "keyword 'unless'" REACTIONS "keyword 'reactions'" OPTION "keyword 'option'" LEADS "keyword 'leads'"
%token TRANSITION "keyword 'transition'" DISTANCE "keyword 'distance'" IF "keyword 'if'" THEN "keyword 'then'" ELSE "keyword 'else'"
%token RANGE_KW "keyword 'within'" TIMES "keyword 'times'" SETTLED "keyword 'settled'" WHERE "keyword 'where'"
%token ERRATA "keyword 'errata'"
%token OUTCOMES "keyword 'outcomes'"
%token EARLIER "keyword 'earlier'"
%token PROCEDURE "keyword 'procedure'" TIE "keyword 'tie'" EXAMPLE "keyword 'example'" REQUIRE "keyword 'require'" DRM "keyword 'drm'" ARROW "'->'"
%token LE "'<='" GE "'>='" EQ "'=='" NE "'!='" DOTDOT "'..'"
%token <str> IDENT "identifier" STRING "string" CODEWORD "code like 6/3"
%token <num> INT "integer" ATLEAST "'N+'" DECNUM "decimal like 12.5"
%token <dice> DICESPEC "dice like 2d6"
%token <range> RANGE "range like 3-5"
%token <range> ODDS "odds like 1:4"
%token GRID "keyword 'grid'" NL "end of line" DASH "'—'"

%type <def> definition
%type <stmt> stmts stmt colspecs colspec rowitems rowitem block body_opt checks check expect
%type <stmt> grid_lines grid_line line_key rewrite_from
%type <id> edit_items
%type <cell> line_values gitems gitem patch_rolls patch_column patch_result
%type <id> idlist names
%type <arg> args args_opt arg sets sets_opt set specials
%type <cell> cells odds_cells cell faces key_reading key_bound end_step threshold
%type <param> params params_opt param fields field
%type <group> dice_groups dice_group
%type <expr> expr init_opt exprs rewrite_cond
%type <str> rule_opt part_rule_opt provisional_opt word colkey result
%type <code> end_code
%type <stmt> trigger_tail texpects texpect
%type <num> sint sdec decpart
%type <range> bounds numrange
%type <type> type base_type
%type <errata> layer_items
%type <kind> def_kw
%type <ref> ref_opt
%type <stmt> locale_refs
%type <num> compare_op
%type <range> unit_factor
%type <num> unit_number unit_within

%destructor { parse_discard(ctx, $$); } <str>
%destructor { ast_expr_free($$); } <expr>
%destructor { ast_defs_free($$); } <def>
%destructor { ast_stmts_free($$); } <stmt>
%destructor { ast_ids_free($$); } <id>
%destructor { ast_args_free($$); } <arg>
%destructor { ast_cells_free($$); } <cell>
%destructor { ast_params_free($$); } <param>
%destructor { ast_dice_free($$); } <group>
%destructor { ast_type_free(&$$); } <type>
%destructor { ast_errata_free($$); } <errata>
%destructor { parse_discard(ctx, $$.text); ast_stmts_free($$.locales); } <ref>
%destructor { parse_discard(ctx, $$.text); } <code>

/* A number before a word takes it as its unit ('6 inch'): shift the word. */
%precedence NUMBER_ALONE
%precedence IDENT
%precedence ELSE
%left OR
%left AND
%precedence NOT
%nonassoc EQ NE '<' LE '>' GE
%left '+' '-'
%left '*' '/'
%precedence UNARY

%start file

%%

file:
	definitions
	;

/* Each definition is handed to ctx as soon as it is complete, so that an
 * error at the end of the file loses nothing that parsed. */
definitions:
	%empty
	| definitions definition {
		if ($2) {
			$2->damaged = ctx->damaged;
			take_part_refs(ctx, $2);
			ctx->defs = AST_APPEND(ctx->defs, $2);
		}
		ctx->damaged = false;
	}
	| definitions ERRATA IDENT rule_opt '{' layer_items '}' {
		$6->id = $3; $6->loc = LOC(@2); $6->id_loc = LOC(@3); $6->rule = $4;
		$6->damaged |= ctx->damaged;
		ctx->errata = AST_APPEND(ctx->errata, $6);
		ctx->damaged = false;
	}
	;

/* The body of an errata layer: its labels, the definitions it restates or
 * adds, and remove KIND ID; for those it withdraws. */
layer_items:
	%empty { $$ = xcalloc(1, sizeof *$$); }
	| layer_items definition {
		$$ = $1;
		if ($2) {
			$2->damaged = ctx->damaged;
			take_part_refs(ctx, $2);
			$$->defs = AST_APPEND($$->defs, $2);
		}
		$$->damaged |= ctx->damaged;
		ctx->damaged = false;
	}
	| layer_items IDENT STRING ';' {
		$$ = $1;
		ast_stmt *l = named_stmt(ST_LABEL, @2, $2, @2); l->text = $3; l->text_loc = LOC(@3);
		$$->labels = AST_APPEND($$->labels, l);
	}
	| layer_items IDENT def_kw IDENT ';' {
		$$ = $1;
		if (strcmp($2, "remove") != 0) {
			diag_report(ctx->diag, SEV_ERROR, NULL, LOC(@2),
				    "'%s' is not a statement of an errata layer; write remove %s %s;",
				    $2, def_kind_name((def_kind)$3), $4);
			free($4);
			$$->damaged = true;
		} else {
			ast_remove *r = xcalloc(1, sizeof *r);
			r->kind = (def_kind)$3; r->id = $4; r->loc = LOC(@2); r->id_loc = LOC(@4);
			$$->removes = AST_APPEND($$->removes, r);
		}
		free($2);
	}
	/* patch KIND ID { statements }: what an erratum changes, without the rest. */
	| layer_items IDENT def_kw IDENT block {
		$$ = $1;
		if (strcmp($2, "patch") != 0) {
			diag_report(ctx->diag, SEV_ERROR, NULL, LOC(@2),
				    "'%s' is not a statement of an errata layer; write patch %s %s { ... }",
				    $2, def_kind_name((def_kind)$3), $4);
			free($4);
			ast_stmts_free($5);
			$$->damaged = true;
		} else {
			ast_def *p = ast_def_new((def_kind)$3, LOC(@2), $4, LOC(@4));
			p->body = $5;
			/* Its parts' references, checked with the patched definition's. */
			take_part_refs(ctx, p);
			$$->patches = AST_APPEND($$->patches, p);
		}
		free($2);
	}
	;

def_kw:
	DICE { $$ = DEF_DICE; }
	| ENUM { $$ = DEF_ENUM; }
	| INPUT { $$ = DEF_INPUT; }
	| EFFECT { $$ = DEF_EFFECT; }
	| OUTCOME { $$ = DEF_OUTCOME; }
	| MODIFIER { $$ = DEF_MODIFIER; }
	| TABLE { $$ = DEF_TABLE; }
	| MATRIX { $$ = DEF_MATRIX; }
	| RATIO { $$ = DEF_BAND; }
	| GROUP { $$ = DEF_GROUP; }
	| REACTIONS { $$ = DEF_REACTIONS; }
	| TRANSITION { $$ = DEF_TRANSITION; }
	| DISTANCE { $$ = DEF_DISTANCE; }
	| PROCEDURE { $$ = DEF_PROCEDURE; }
	| EXAMPLE { $$ = DEF_EXAMPLE; }
	| REQUIRE { $$ = DEF_REQUIRE; }
	;

definition:
	RULESET IDENT ref_opt block {
		$$ = ast_def_new(DEF_RULESET, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| DICE IDENT '=' dice_groups ref_opt provisional_opt ';' {
		$$ = ast_def_new(DEF_DICE, LOC(@1), $2, LOC(@2)); $$->dice = $4; $$->rule = $5.text; $$->refs = $5.locales;
		if ($6) {
			$$->body = ast_stmt_new(ST_PROVISIONAL, LOC(@6));
			$$->body->text = $6; $$->body->text_loc = LOC(@6);
		}
	}
	| ENUM IDENT ref_opt block {
		$$ = ast_def_new(DEF_ENUM, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| INPUT word ':' type init_opt ref_opt body_opt {
		$$ = ast_def_new(DEF_INPUT, LOC(@1), $2, LOC(@2));
		$$->type = $4; $$->init = $5; $$->rule = $6.text; $$->refs = $6.locales; $$->body = $7;
	}
	| INPUT word ':' IDENT bounds IDENT '{' fields '}' init_opt rule_opt body_opt {
		/* input units: list 1..16 of { rank_bonus: int 0..10 = 0; ... } = 1 @ "rule" { labels } */
		if (strcmp($4, "list") != 0 || strcmp($6, "of") != 0)
			diag_report(ctx->diag, SEV_ERROR, NULL, LOC(@4),
				    "syntax error: a list input is written 'list LO..HI of { FIELD: TYPE; ... }'");
		$$ = ast_def_new(DEF_INPUT, LOC(@1), $2, LOC(@2));
		$$->type = (ast_type){.kind = TY_LIST, .loc = LOC(@4), .lo = $5.lo, .hi = $5.hi};
		$$->params = $8; $$->init = $10; $$->rule = $11; $$->body = $12;
		free($4); free($6);
	}
	| EFFECT IDENT '(' params_opt ')' ref_opt body_opt {
		$$ = ast_def_new(DEF_EFFECT, LOC(@1), $2, LOC(@2));
		$$->params = $4; $$->rule = $6.text; $$->refs = $6.locales; $$->body = $7;
	}
	| EFFECT IDENT ref_opt body_opt {
		$$ = ast_def_new(DEF_EFFECT, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| OUTCOME IDENT ref_opt block {
		$$ = ast_def_new(DEF_OUTCOME, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| OUTCOME IDENT '(' params_opt ')' ref_opt block {
		/* An outcome that carries numbers: loss(enemy: int 0..99, self: int 0..99). */
		$$ = ast_def_new(DEF_OUTCOME, LOC(@1), $2, LOC(@2));
		$$->params = $4; $$->rule = $6.text; $$->refs = $6.locales; $$->body = $7;
		if (!$4)
			$$->params = ast_param_new(NULL, LOC(@3), (ast_type){.kind = TY_INT, .loc = LOC(@3)});
	}
	| MODIFIER IDENT ref_opt block {
		$$ = ast_def_new(DEF_MODIFIER, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| TABLE IDENT ref_opt block {
		$$ = ast_def_new(DEF_TABLE, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
		ast_value_lines($$->body);
	}
	| MATRIX IDENT '(' params_opt ')' ref_opt block {
		$$ = ast_def_new(DEF_MATRIX, LOC(@1), $2, LOC(@2));
		$$->params = $4; $$->rule = $6.text; $$->refs = $6.locales; $$->body = $7;
	}
	| RATIO IDENT ref_opt block {
		$$ = ast_def_new(DEF_BAND, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| GROUP IDENT ref_opt block {
		$$ = ast_def_new(DEF_GROUP, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| REACTIONS IDENT ref_opt block {
		$$ = ast_def_new(DEF_REACTIONS, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| TRANSITION IDENT BY IDENT ref_opt block {
		$$ = ast_def_new(DEF_TRANSITION, LOC(@1), $2, LOC(@2));
		$$->by = $4; $$->by_loc = LOC(@4); $$->rule = $5.text; $$->refs = $5.locales; $$->body = $6;
	}
	| DISTANCE IDENT ref_opt block {
		$$ = ast_def_new(DEF_DISTANCE, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| PROCEDURE IDENT ref_opt block {
		$$ = ast_def_new(DEF_PROCEDURE, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| REQUIRE IDENT ':' expr ref_opt body_opt {
		/* require ID: CONDITION @ "rule" { en "message"; } */
		$$ = ast_def_new(DEF_REQUIRE, LOC(@1), $2, LOC(@2)); $$->init = $4; $$->rule = $5.text; $$->refs = $5.locales; $$->body = $6;
	}
	| OUTCOMES IDENT ref_opt block {
		/* outcomes NAME @ "rule" { en "label"; member; member; } */
		$$ = ast_def_new(DEF_OUTCOMES, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $4;
	}
	| EXAMPLE IDENT ref_opt '{' checks '}' {
		$$ = ast_def_new(DEF_EXAMPLE, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $5;
	}
	| EXAMPLE IDENT ref_opt '{' checks error '}' {
		$$ = ast_def_new(DEF_EXAMPLE, LOC(@1), $2, LOC(@2)); $$->rule = $3.text; $$->refs = $3.locales; $$->body = $5;
		ctx->damaged = true;
	}
	| error ';' { $$ = NULL; }
	| error block { ast_stmts_free($2); $$ = NULL; }
	;

/* A name: an identifier, or a keyword where no keyword can stand (an input,
 * a parameter, an operand, an example's input), so that 'input steps: int;'
 * and 'value ratio * 2;' read as they are written. */
word:
	IDENT
	| RATIO { $$ = xstrdup("ratio"); }
	| STEPS { $$ = xstrdup("steps"); }
	| STEP { $$ = xstrdup("step"); }
	| GROUP { $$ = xstrdup("group"); }
	| TABLE { $$ = xstrdup("table"); }
	| DICE { $$ = xstrdup("dice"); }
	| MATRIX { $$ = xstrdup("matrix"); }
	| DISTANCE { $$ = xstrdup("distance"); }
	| TRANSITION { $$ = xstrdup("transition"); }
	| PROCEDURE { $$ = xstrdup("procedure"); }
	| REACTIONS { $$ = xstrdup("reactions"); }
	| OPTION { $$ = xstrdup("option"); }
	| EXAMPLE { $$ = xstrdup("example"); }
	| REQUIRE { $$ = xstrdup("require"); }
	| DEFAULT { $$ = xstrdup("default"); }
	| FACES { $$ = xstrdup("faces"); }
	| LEADS { $$ = xstrdup("leads"); }
	| TIE { $$ = xstrdup("tie"); }
	| DRM { $$ = xstrdup("drm"); }
	| STACK { $$ = xstrdup("stack"); }
	| CAP { $$ = xstrdup("cap"); }
	| COLUMNS { $$ = xstrdup("columns"); }
	| ROWS { $$ = xstrdup("rows"); }
	| NATURAL { $$ = xstrdup("natural"); }
	| REWRITE { $$ = xstrdup("rewrite"); }
	| ENUM { $$ = xstrdup("enum"); }
	| EFFECT { $$ = xstrdup("effect"); }
	| OUTCOME { $$ = xstrdup("outcome"); }
	| INPUT { $$ = xstrdup("input"); }
	| LOCALES { $$ = xstrdup("locales"); }
	| WHERE { $$ = xstrdup("where"); }
	;

/* The key of a computed column: odds, difference, value ('value' is a keyword elsewhere). */
colkey:
	IDENT
	| VALUE { $$ = xstrdup("value"); }
	;

rule_opt:
	%empty { $$ = NULL; }
	| '@' STRING { $$ = $2; }
	;

/* A part's rule reference (a row, a grid line, a cell patch, a natural rule,
 * a rewrite, a trigger, an option, a step): one for every locale, or one per
 * locale held in one string (AST_REFS_LOCALE), its locale words kept for the
 * check of the definition the part is in. */
part_rule_opt:
	%empty { $$ = NULL; }
	| '@' STRING { $$ = $2; }
	| '@' locale_refs { $$ = part_rule_refs(ctx, @1, $2); }
	;

/* A definition's rule reference: one for every locale, or one per locale
 * (@ en "Combat Resolution" ru "Итоги боя"); text is the first given. */
ref_opt:
	%empty { $$ = (struct ast_ref_tok){NULL, NULL}; }
	| '@' STRING { $$ = (struct ast_ref_tok){$2, NULL}; }
	| '@' locale_refs { $$ = (struct ast_ref_tok){xstrdup($2->text), $2}; }
	;

locale_refs:
	IDENT STRING {
		ast_stmt *r = named_stmt(ST_LABEL, @1, $1, @1); r->text = $2; r->text_loc = LOC(@2);
		$$ = AST_APPEND((ast_stmt *)NULL, r);
	}
	| locale_refs IDENT STRING {
		ast_stmt *r = named_stmt(ST_LABEL, @2, $2, @2); r->text = $3; r->text_loc = LOC(@3);
		$$ = AST_APPEND($1, r);
	}
	;

body_opt:
	';' { $$ = NULL; }
	| block
	;

block:
	'{' stmts '}' { $$ = $2; }
	| '{' stmts error '}' { $$ = $2; ctx->damaged = true; }
	;

stmts:
	%empty { $$ = NULL; }
	| stmts stmt { $$ = AST_APPEND($1, $2); }
	| stmts error ';' { $$ = $1; ctx->damaged = true; }
	;

stmt:
	IDENT STRING ';' {
		$$ = named_stmt(ST_LABEL, @1, $1, @1); $$->text = $2; $$->text_loc = LOC(@2);
	}
	| LOCALES idlist ';' { $$ = ast_stmt_new(ST_LOCALES, LOC(@1)); $$->ids = $2; }
	| IDENT ';' { $$ = named_stmt(ST_VALUE, @1, $1, @1); }
	| IDENT block { $$ = named_stmt(ST_VALUE, @1, $1, @1); $$->body = $2; }
	| IDENT '(' args_opt ')' ';' { $$ = named_stmt(ST_EFFECT, @1, $1, @1); $$->args = $3; }
	| TRIGGER IDENT sets_opt trigger_tail {
		$$ = $4; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); $$->args = $3;
	}
	| UNLESS expr ';' { $$ = ast_stmt_new(ST_UNLESS, LOC(@1)); $$->expr = $2; }
	| WHEN expr ';' { $$ = ast_stmt_new(ST_WHEN, LOC(@1)); $$->expr = $2; }
	| VALUE expr ';' { $$ = ast_stmt_new(ST_AMOUNT, LOC(@1)); $$->expr = $2; }
	| VALUE expr IDENT ';' {
		$$ = ast_stmt_new(ST_AMOUNT, LOC(@1));
		if (take_rounding($2)) {
			/* value EXPR round WORD; where EXPR ends in a number */
			$$->expr = ast_expr_new(EX_CALL, LOC(@3));
			$$->expr->name = xasprintf("round_%s", $3);
			$$->expr->args = $2;
			$2->last_arg = $2;
			free($3);
		} else {
			$$->expr = $2; $$->name2 = $3; $$->name2_loc = LOC(@3);
		}
	}
	| VALUE expr IDENT IDENT ';' {
		/* value EXPR round down|up|nearest; the rounding the rule states, as a
		 * call of round_down(EXPR) etc. (another pair of words is no built-in). */
		$$ = ast_stmt_new(ST_AMOUNT, LOC(@1));
		$$->expr = ast_expr_new(EX_CALL, LOC(@3));
		$$->expr->name = xasprintf("%s_%s", $3, $4);
		$$->expr->args = $2;
		$2->last_arg = $2;
		free($3);
		free($4);
	}
	| IDENT INT '/' INT ';' {
		$$ = formed_stmt(ST_EXACT, @1, $1); $$->lo = $2; $$->hi = $4; $$->text_loc = LOC(@2);
	}
	/* An end whose result is a code or a number: 'below 0;', 'above 7:1 2/0;'
	 * (and 'exact 1/2;', a fraction after a word that begins no end). */
	| IDENT end_code provisional_opt ';' {
		$$ = end_stmt(@1, $1, NULL, $2.text, $2.codeword, @2, $3, @3);
	}
	| IDENT end_step end_code provisional_opt ';' {
		$$ = end_stmt(@1, $1, $2, $3.text, $3.codeword, @3, $4, @4);
	}
	| IDENT sint end_code provisional_opt ';' {
		$$ = end_stmt(@1, $1, cell(@2, $2, $2, false, false), $3.text, $3.codeword, @3, $4, @4);
	}
	/* unit cm = inch * 100 / 254 within 10%;  1 cm is 100/254 inch */
	| IDENT IDENT '=' IDENT unit_factor unit_within ';' {
		$$ = word_stmt(@1, $1);
		$$->ids = ast_id_new($2, LOC(@2)); $$->ids->tail = $$->ids;
		$$->name2 = $4; $$->name2_loc = LOC(@4);
		$$->lo = $5.lo; $$->hi = $5.hi; $$->text_loc = LOC(@5);
		$$->has_drm = $6 >= 0; $$->drm = $6;
	}
	| IDENT IDENT '=' IDENT unit_factor unit_within block {
		$$ = word_stmt(@1, $1);
		$$->ids = ast_id_new($2, LOC(@2)); $$->ids->tail = $$->ids;
		$$->name2 = $4; $$->name2_loc = LOC(@4);
		$$->lo = $5.lo; $$->hi = $5.hi; $$->text_loc = LOC(@5);
		$$->has_drm = $6 >= 0; $$->drm = $6;
		$$->body = $7;
	}
	| DEFAULT sint provisional_opt ';' {
		$$ = ast_stmt_new(ST_DEFAULT, LOC(@1)); $$->lo = $2; $$->text = $3; $$->text_loc = LOC(@3);
	}
	| idlist '=' sint provisional_opt ';' {
		$$ = ast_stmt_new(ST_CELL, $1->loc); $$->ids = $1; $$->lo = $3;
		$$->text = $4; $$->text_loc = LOC(@4);
	}
	| INT ':' INT '=' sint provisional_opt ';' {
		$$ = ast_stmt_new(ST_BAND_STEP, LOC(@1)); $$->lo = $1; $$->hi = $3; $$->drm = $5;
		$$->text = $6; $$->text_loc = LOC(@6);
	}
	| OTHERWISE sint provisional_opt ';' {
		$$ = ast_stmt_new(ST_OTHERWISE, LOC(@1)); $$->lo = $2; $$->text = $3; $$->text_loc = LOC(@3);
	}
	| ODDS '=' sint provisional_opt ';' {
		$$ = ast_stmt_new(ST_BAND_STEP, LOC(@1)); $$->lo = $1.lo; $$->hi = $1.hi; $$->drm = $3;
		$$->text = $4; $$->text_loc = LOC(@4);
	}
	| IDENT idlist ';' { $$ = word_stmt(@1, $1); $$->ids = $2; }
	/* 'round linear, ties up;' (a ratio band's rounding): the words in ids. */
	| IDENT idlist ',' IDENT IDENT ';' {
		ast_id *ties = ast_id_new($4, LOC(@4)), *side = ast_id_new($5, LOC(@5));
		$$ = word_stmt(@1, $1);
		$$->ids = AST_APPEND($2, ties);
		$$->ids = AST_APPEND($$->ids, side);
	}
	| IDENT end_step IDENT ';' {
		$$ = word_stmt(@1, $1); $$->ids = ast_id_new($3, LOC(@3)); $$->ids->tail = $$->ids;
		end_step_of($$, $2);
	}
	| IDENT sint IDENT ';' {
		$$ = word_stmt(@1, $1); $$->ids = ast_id_new($3, LOC(@3)); $$->ids->tail = $$->ids;
		$$->step = cell(@2, $2, $2, false, false);
	}
	/* 'below none provisional "why";', 'above 7:1 DE provisional "why";': an end
	 * whose reading the source does not settle. */
	| IDENT idlist PROVISIONAL STRING ';' {
		$$ = word_stmt(@1, $1); $$->ids = $2; $$->text = $4; $$->text_loc = LOC(@4);
	}
	| IDENT end_step IDENT PROVISIONAL STRING ';' {
		$$ = word_stmt(@1, $1); $$->ids = ast_id_new($3, LOC(@3)); $$->ids->tail = $$->ids;
		end_step_of($$, $2);
		$$->text = $5; $$->text_loc = LOC(@5);
	}
	| IDENT sint IDENT PROVISIONAL STRING ';' {
		$$ = word_stmt(@1, $1); $$->ids = ast_id_new($3, LOC(@3)); $$->ids->tail = $$->ids;
		$$->step = cell(@2, $2, $2, false, false);
		$$->text = $5; $$->text_loc = LOC(@5);
	}
	/* 'note 1:2 { en "..."; }': labels on a whole column, named as the grid prints it. */
	| IDENT ODDS block {
		$$ = word_stmt(@1, $1); $$->body = $3;
		$$->step = cell(@2, $2.lo, $2.hi, false, false); $$->step->kind = CELL_RATIO;
	}
	| IDENT sint block { $$ = word_stmt(@1, $1); $$->body = $3; $$->step = cell(@2, $2, $2, false, false); }
	/* 'note 34..50 { ... }', 'note <=0 { ... }': a value column as the grid prints it. */
	| IDENT sint DOTDOT sint block { $$ = word_stmt(@1, $1); $$->body = $5; $$->step = cell(@2, $2, $4, false, false); }
	| IDENT RANGE block { $$ = word_stmt(@1, $1); $$->body = $3; $$->step = cell(@2, $2.lo, $2.hi, false, false); }
	| IDENT LE sint block { $$ = word_stmt(@1, $1); $$->body = $4; $$->step = cell(@2, INT64_MIN, $3, true, false); }
	| IDENT GE sint block { $$ = word_stmt(@1, $1); $$->body = $4; $$->step = cell(@2, $3, INT64_MAX, false, true); }
	| IDENT IDENT block {
		$$ = word_stmt(@1, $1); $$->body = $3;
		if ($$->kind == ST_UNIT) { /* 'unit stride { en "stride|strides"; }': the unit's words */
			$$->ids = ast_id_new($2, LOC(@2)); $$->ids->tail = $$->ids;
		} else {
			$$->step = cell(@2, 0, 0, false, false); $$->step->kind = CELL_NAME; $$->step->name = $2;
		}
	}
	| GRID '{' grid_lines '}' { $$ = $3; $$->loc = LOC(@1); lex_grid_end(scanner); }
	| GRID IDENT '{' grid_lines '}' {
		$$ = $4; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); lex_grid_end(scanner);
	}
	/* The grid of the values of a first key read by value: 'grid 0-2 { ... }'. */
	| GRID line_values '{' grid_lines '}' {
		$$ = $4; $$->loc = LOC(@1); $$->step = $2; lex_grid_end(scanner);
	}
	/* One grid for several values of the variant: 'grid woods, town { ... }'. */
	| GRID IDENT ',' idlist '{' grid_lines '}' {
		$$ = $6; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); $$->ids = $4;
		lex_grid_end(scanner);
	}
	/* A line chosen by a condition: 'grid cavalry when attacker_cavalry { ... }',
	 * 'grid otherwise { ... }' (the name is optional). */
	| GRID WHEN expr '{' grid_lines '}' {
		$$ = $5; $$->kind = ST_GRID_WHEN; $$->loc = LOC(@1); $$->expr = $3; lex_grid_end(scanner);
	}
	| GRID IDENT WHEN expr '{' grid_lines '}' {
		$$ = $6; $$->kind = ST_GRID_WHEN; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2);
		$$->expr = $4; lex_grid_end(scanner);
	}
	| GRID OTHERWISE '{' grid_lines '}' {
		$$ = $4; $$->kind = ST_GRID_WHEN; $$->loc = LOC(@1); lex_grid_end(scanner);
	}
	| GRID IDENT OTHERWISE '{' grid_lines '}' {
		$$ = $5; $$->kind = ST_GRID_WHEN; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2);
		lex_grid_end(scanner);
	}
	| OTHERWISE IDENT ';' { $$ = named_stmt(ST_OTHERWISE, @1, $2, @2); }
	| STACK IDENT ';' { $$ = named_stmt(ST_STACK, @1, $2, @2); }
	| FOR IDENT ';' { $$ = named_stmt(ST_FOR, @1, $2, @2); }
	| GROUP IDENT ';' { $$ = named_stmt(ST_GROUP, @1, $2, @2); }
	| STEPS idlist ';' { $$ = ast_stmt_new(ST_STEPS, LOC(@1)); $$->ids = $2; }
	| PROVISIONAL STRING ';' {
		$$ = ast_stmt_new(ST_PROVISIONAL, LOC(@1)); $$->text = $2; $$->text_loc = LOC(@2);
	}
	| STEP IDENT ';' { $$ = named_stmt(ST_STEP, @1, $2, @2); }
	| STEP IDENT part_rule_opt block { $$ = named_stmt(ST_STEP, @1, $2, @2); $$->rule = $3; $$->body = $4; }
	| NATURAL faces ARROW result part_rule_opt provisional_opt ';' {
		$$ = named_stmt(ST_NATURAL, @1, $4, @4); $$->cells = $2; $$->rule = $5;
		$$->text = $6; $$->text_loc = LOC(@6);
	}
	| REWRITE rewrite_from ARROW result WHEN rewrite_cond part_rule_opt provisional_opt ';' {
		$$ = $2; $$->loc = LOC(@1); $$->name2 = $4; $$->name2_loc = LOC(@4);
		$$->expr = $6; $$->rule = $7; $$->text = $8; $$->text_loc = LOC(@8);
	}
	/* A result's numbers computed from those the left side binds:
	 * 'rewrite loss(a, d) -> loss(a + 1, d) when full_assault;'. */
	| REWRITE rewrite_from ARROW IDENT '(' exprs ')' WHEN rewrite_cond part_rule_opt provisional_opt ';' {
		$$ = $2; $$->loc = LOC(@1); $$->name2 = $4; $$->name2_loc = LOC(@4); $$->result_args = $6;
		$$->expr = $9; $$->rule = $10; $$->text = $11; $$->text_loc = LOC(@11);
	}
	| OPTION IDENT part_rule_opt block { $$ = named_stmt(ST_OPTION, @1, $2, @2); $$->rule = $3; $$->body = $4; }
	| LEADS IDENT ';' { $$ = named_stmt(ST_LEADS, @1, $2, @2); }
	| IDENT ARROW IDENT part_rule_opt provisional_opt ';' {
		$$ = named_stmt(ST_ARC, @1, $1, @1); $$->name2 = $3; $$->name2_loc = LOC(@3); $$->rule = $4;
		$$->text = $5; $$->text_loc = LOC(@5);
	}
	| '*' ARROW IDENT part_rule_opt provisional_opt ';' {
		$$ = ast_stmt_new(ST_ARC, LOC(@1)); $$->star = true; $$->name2 = $3; $$->name2_loc = LOC(@3);
		$$->rule = $4; $$->text = $5; $$->text_loc = LOC(@5);
	}
	| TIE block { $$ = ast_stmt_new(ST_TIE, LOC(@1)); $$->body = $2; }
	| ROLL IDENT ';' { $$ = named_stmt(ST_ROLL, @1, $2, @2); }
	/* A roll the table declares: 'roll pursuer = 2d6;' (or a declared dice's name). */
	| ROLL IDENT '=' DICESPEC ';' {
		$$ = named_stmt(ST_ROLL, @1, $2, @2);
		$$->expr = ast_expr_new(EX_DICE, LOC(@4)); $$->expr->num = $4.count; $$->expr->sides = $4.sides;
	}
	| ROLL IDENT '=' IDENT ';' {
		$$ = named_stmt(ST_ROLL, @1, $2, @2); $$->name2 = $4; $$->name2_loc = LOC(@4);
	}
	/* Two rolls compared (an opposed roll): 'pursuer >= flee -> destroyed;'. */
	| IDENT compare_op IDENT ARROW IDENT part_rule_opt provisional_opt ';' {
		$$ = named_stmt(ST_COMPARE, @1, $1, @1); $$->name2 = $3; $$->name2_loc = LOC(@3);
		$$->lo = $2; $$->ids = ast_id_new($5, LOC(@5)); $$->ids->tail = $$->ids;
		$$->rule = $6; $$->text = $7; $$->text_loc = LOC(@7);
	}
	| MODIFIERS idlist ';' { $$ = ast_stmt_new(ST_MODIFIERS, LOC(@1)); $$->ids = $2; }
	/* A variant's 'modifiers +X, Y;' and 'shifts +X;': its base's list and these. */
	/* An errata patch's 'modifiers +X, -Y;' also takes items out; a name
	 * without a sign goes as the one before it. */
	| MODIFIERS edit_items ';' {
		$$ = ast_stmt_new(ST_MODIFIERS, LOC(@1)); $$->ids = $2; $$->star = true;
		for (const ast_id *i = $2; i; i = i->next)
			$$->minus |= i->minus;
	}
	| IDENT '+' idlist ';' { $$ = word_stmt(@1, $1); $$->ids = $3; $$->star = true; }
	| CAP bounds ';' { $$ = ast_stmt_new(ST_CAP, LOC(@1)); $$->lo = $2.lo; $$->hi = $2.hi; }
	| RANGE_KW bounds ';' { $$ = ast_stmt_new(ST_DOMAIN, LOC(@1)); $$->lo = $2.lo; $$->hi = $2.hi; }
	| COLUMNS BY IDENT '{' colspecs '}' {
		$$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->body = $5;
	}
	| COLUMNS BY IDENT ';' { $$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->all_values = true; }
	| COLUMNS BY colkey '(' exprs ')' ';' { $$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->expr = $5; }
	| COLUMNS BY colkey '(' exprs ')' IDENT IDENT ';' {
		/* 'round MODE': the two words, in ids. */
		$$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->expr = $5;
		$$->ids = ast_id_new($7, LOC(@7)); $$->ids->tail = $$->ids;
		ast_id *mode = ast_id_new($8, LOC(@8));
		$$->ids = AST_APPEND($$->ids, mode);
	}
	/* 'round linear, ties up': the rounding, then the side a tie reads, in ids. */
	| COLUMNS BY colkey '(' exprs ')' IDENT IDENT ',' IDENT IDENT ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->expr = $5;
		$$->ids = rounding_words($7, @7, $8, @8, $10, @10, $11, @11);
	}
	/* 'round up below 1:1, nearest from 1:1' (a rounding per range of odds) or
	 * 'at least 0.33, 0.5, 1' (the ratio each column needs): in cells. */
	| COLUMNS BY colkey '(' exprs ')' IDENT IDENT key_reading ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->expr = $5;
		$$->ids = ast_id_new($7, LOC(@7)); $$->ids->tail = $$->ids;
		$$->cells = key_reading_cells($8, @8, $9);
	}
	| COLUMNS BY '(' line_key ',' colkey '(' exprs ')' ')' IDENT IDENT key_reading ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $6, @6); $$->expr = $8;
		first_key($$, $4);
		$$->ids = ast_id_new($11, LOC(@11)); $$->ids->tail = $$->ids;
		$$->cells = key_reading_cells($12, @12, $13);
	}
	/* Two enum keys: a grid per value of the first, its columns the second's values. */
	| COLUMNS BY '(' line_key ',' IDENT ')' ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $6, @6); $$->all_values = true;
		first_key($$, $4);
	}
	/* Two keys: a variant (an enum input) by a computed column, one grid per variant. */
	| COLUMNS BY '(' line_key ',' colkey '(' exprs ')' ')' ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $6, @6); $$->expr = $8;
		first_key($$, $4);
	}
	| COLUMNS BY '(' line_key ',' colkey '(' exprs ')' ')' IDENT IDENT ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $6, @6); $$->expr = $8;
		first_key($$, $4);
		$$->ids = ast_id_new($11, LOC(@11)); $$->ids->tail = $$->ids;
		ast_id *mode = ast_id_new($12, LOC(@12));
		$$->ids = AST_APPEND($$->ids, mode);
	}
	| COLUMNS BY '(' line_key ',' colkey '(' exprs ')' ')' IDENT IDENT ',' IDENT IDENT ';' {
		$$ = named_stmt(ST_COLUMNS, @1, $6, @6); $$->expr = $8;
		first_key($$, $4);
		$$->ids = rounding_words($11, @11, $12, @12, $14, @14, $15, @15);
	}
	| ROWS '{' rowitems '}' { $$ = $3; $$->loc = LOC(@1); lex_rows_end(scanner); }
	/* The rows of a value of the first of two keys: 'rows open { ... }', and of
	 * several: 'rows close, column { ... }' (as 'grid VALUE'). */
	| ROWS IDENT '{' rowitems '}' {
		$$ = $4; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); lex_rows_end(scanner);
	}
	/* The rows of a range of a first key read by value: 'rows 1-2 { ... }'
	 * (as 'grid 1-2'), its header the steps of the second key. */
	| ROWS line_values '{' rowitems '}' {
		$$ = $4; $$->loc = LOC(@1); $$->step = $2; lex_rows_end(scanner);
	}
	/* ... and of every value no range takes: 'rows otherwise { ... }'. */
	| ROWS OTHERWISE '{' rowitems '}' {
		$$ = $4; $$->loc = LOC(@1); $$->star = true; lex_rows_end(scanner);
	}
	| ROWS IDENT ',' idlist '{' rowitems '}' {
		$$ = $6; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); $$->ids = $4;
		lex_rows_end(scanner);
	}
	/* A line chosen by a condition, in the row form: 'rows cavalry when
	 * attacker_cavalry { ... }', 'rows infantry otherwise { ... }' (as 'grid
	 * NAME when', the name optional). */
	| ROWS WHEN expr '{' rowitems '}' {
		$$ = $5; $$->loc = LOC(@1); $$->expr = $3; $$->by_condition = true; lex_rows_end(scanner);
	}
	| ROWS IDENT WHEN expr '{' rowitems '}' {
		$$ = $6; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); $$->expr = $4;
		$$->by_condition = true; lex_rows_end(scanner);
	}
	| ROWS IDENT OTHERWISE '{' rowitems '}' {
		$$ = $5; $$->loc = LOC(@1); $$->name = $2; $$->name_loc = LOC(@2); $$->star = true;
		$$->by_condition = true; lex_rows_end(scanner);
	}
	/* A variant's cell patch: 'cell 1 at 3:1 = DR;', 'cell 5-6 at 1:1 = DE @ "7.8";'. */
	| IDENT patch_rolls IDENT patch_column '=' patch_result part_rule_opt provisional_opt ';' {
		$$ = patch_stmt(@1, $1, $2, $3, @3, $4, $6, $7, $8, @8);
	}
	| IDENT sint IDENT patch_column '=' patch_result part_rule_opt provisional_opt ';' {
		$$ = patch_stmt(@1, $1, cell(@2, $2, $2, false, false), $3, @3, $4, $6, $7, $8, @8);
	}
	| IDENT patch_rolls '=' patch_result part_rule_opt provisional_opt ';' {
		$$ = patch_stmt(@1, $1, $2, NULL, @1, NULL, $4, $5, $6, @6);
	}
	| IDENT sint '=' patch_result part_rule_opt provisional_opt ';' {
		$$ = patch_stmt(@1, $1, cell(@2, $2, $2, false, false), NULL, @1, NULL, $4, $5, $6, @6);
	}
	;

/* A result as a grid cell names it: an outcome, its code, or its numbers as
 * printed ('6/3', '7', '2*'). */
result:
	IDENT
	| CODEWORD
	| sint { $$ = xasprintf("%lld", (long long)$1); }
	;

/* What a rewrite changes: a result, or an outcome with numbers whose each
 * number is bound to a name (or fixed): 'loss(a, d)', 'loss(a, 0)'. */
rewrite_from:
	result { $$ = named_stmt(ST_REWRITE, @1, $1, @1); }
	| IDENT '(' args ')' { $$ = named_stmt(ST_REWRITE, @1, $1, @1); $$->args = $3; }
	;

/* The result of an end printed as a code or a number: 'below 0;', 'above 2/0;'. */
end_code:
	CODEWORD { $$.text = $1; $$.codeword = true; }
	| sint { $$.text = xasprintf("%lld", (long long)$1); $$.codeword = false; }
	;

/* The first key of two: an enum input, 'when' (each grid names its
 * condition) or a value ('value(range)': each grid names the values it reads). */
line_key:
	IDENT { $$ = named_stmt(ST_COLUMNS, @1, $1, @1); }
	| WHEN { $$ = named_stmt(ST_COLUMNS, @1, xstrdup("when"), @1); }
	| colkey '(' exprs ')' { $$ = named_stmt(ST_COLUMNS, @1, $1, @1); $$->expr = $3; }
	;

/* The values of the first key a grid is for: 'grid 0-2 { ... }', 'grid 6+ { ... }'. */
line_values:
	LE sint { $$ = cell(@$, INT64_MIN, $2, true, false); }
	| GE sint { $$ = cell(@$, $2, INT64_MAX, false, true); }
	| ATLEAST { $$ = cell(@$, $1, INT64_MAX, false, true); }
	| '-' ATLEAST { $$ = cell(@$, -$2, INT64_MAX, false, true); }
	| sint { $$ = cell(@$, $1, $1, false, false); }
	| RANGE { $$ = cell(@$, $1.lo, $1.hi, false, false); }
	| sint DOTDOT sint { $$ = cell(@$, $1, $3, false, false); }
	;

compare_op:
	'<' { $$ = CMP_LT; }
	| LE { $$ = CMP_LE; }
	| '>' { $$ = CMP_GT; }
	| GE { $$ = CMP_GE; }
	| EQ { $$ = CMP_EQ; }
	;

/* The factor of a unit's conversion, in thousandths over a whole divisor. */
unit_factor:
	%empty { $$.lo = RTAB_MILLI; $$.hi = 1; }
	| '*' unit_number { $$.lo = $2; $$.hi = 1; }
	| '*' unit_number '/' INT { $$.lo = $2; $$.hi = $4; }
	| '*' CODEWORD { word_fraction($2, &$$.lo, &$$.hi); $$.lo *= RTAB_MILLI; free($2); }
	| '/' INT { $$.lo = RTAB_MILLI; $$.hi = $2; }
	;

unit_number:
	INT { $$ = $1 * RTAB_MILLI; }
	| DECNUM
	;

/* How far a printed conversion may stray, in thousandths of a percent; -1: not said. */
unit_within:
	%empty { $$ = -1; }
	| RANGE_KW unit_number '%' { $$ = $2; }
	;

/* The rolls a patch changes: as a grid line's roll, but a single number (sint) apart. */
patch_rolls:
	LE sint { $$ = cell(@$, INT64_MIN, $2, true, false); }
	| GE sint { $$ = cell(@$, $2, INT64_MAX, false, true); }
	| ATLEAST { $$ = cell(@$, $1, INT64_MAX, false, true); }
	| '-' ATLEAST { $$ = cell(@$, -$2, INT64_MAX, false, true); }
	| RANGE { $$ = cell(@$, $1.lo, $1.hi, false, false); }
	| sint DOTDOT sint { $$ = cell(@$, $1, $3, false, false); }
	;

/* The column, as the grid's first line prints it. */
patch_column:
	cell
	| IDENT { $$ = cell(@1, 0, 0, false, false); $$->kind = CELL_NAME; $$->name = $1; }
	| ODDS { $$ = cell(@1, $1.lo, $1.hi, false, false); $$->kind = CELL_RATIO; }
	;

/* As a grid cell: an outcome, its code, numbers, or '—' (no result). */
patch_result:
	cell
	| IDENT { $$ = cell(@1, 0, 0, false, false); $$->kind = CELL_NAME; $$->name = $1; }
	| CODEWORD { $$ = cell(@1, 0, 0, false, false); $$->kind = CELL_NAME; $$->name = $1; }
	;

/* After 'trigger NAME(sets)': [times EXPR] [unless EXPR] [@ rule] [provisional "why"] ';' */
trigger_tail:
	part_rule_opt provisional_opt ';' {
		$$ = ast_stmt_new(ST_TRIGGER, LOC(@$)); $$->rule = $1; $$->text = $2; $$->text_loc = LOC(@2);
	}
	| UNLESS expr part_rule_opt provisional_opt ';' {
		$$ = ast_stmt_new(ST_TRIGGER, LOC(@$)); $$->expr = $2; $$->rule = $3;
		$$->text = $4; $$->text_loc = LOC(@4);
	}
	| TIMES expr trigger_tail { $$ = $3; ast_expr_free($$->times); $$->times = $2; }
	;

edit_items:
	'+' IDENT { $$ = ast_id_new($2, LOC(@2)); $$->tail = $$; }
	| '-' IDENT { $$ = ast_id_new($2, LOC(@2)); $$->tail = $$; $$->minus = true; }
	| edit_items ',' IDENT { ast_id *i = ast_id_new($3, LOC(@3)); i->minus = $1->tail->minus; $$ = AST_APPEND($1, i); }
	| edit_items ',' '+' IDENT { ast_id *i = ast_id_new($4, LOC(@4)); $$ = AST_APPEND($1, i); }
	| edit_items ',' '-' IDENT { ast_id *i = ast_id_new($4, LOC(@4)); i->minus = true; $$ = AST_APPEND($1, i); }
	;

idlist:
	IDENT { $$ = ast_id_new($1, LOC(@1)); $$->tail = $$; }
	| idlist ',' IDENT { ast_id *i = ast_id_new($3, LOC(@3)); $$ = AST_APPEND($1, i); }
	;

args_opt:
	%empty { $$ = NULL; }
	| args
	;

args:
	arg { $$ = $1; $$->tail = $$; }
	| args ',' arg { $$ = AST_APPEND($1, $3); }
	;

arg:
	word { $$ = ast_arg_new(ARG_NAME, LOC(@1)); $$->name = $1; }
	| sint { $$ = ast_arg_new(ARG_INT, LOC(@1)); $$->num = $1; }
	| sint IDENT { $$ = ast_arg_new(ARG_INT, LOC(@1)); $$->num = $1; $$->unit = $2; $$->unit_loc = LOC(@2); }
	;

sint:
	INT
	| '-' INT { $$ = -$2; }
	| '+' INT { $$ = $2; }
	;

/* After 'round MODE': 'below 1:1, nearest from 1:1' (each range a CELL_NAME
 * of its rounding, then its bounds named by their word); after 'at least':
 * '0.33, 0.5, 1' (each a CELL_RATIO in thousandths). */
key_reading:
	IDENT key_bound { $$ = $2; $$->name = $1; $$->tail = $$; }
	| IDENT key_bound IDENT key_bound {
		$$ = $2; $$->name = $1; $$->tail = $$; $4->name = $3; $$ = AST_APPEND($$, $4);
	}
	| threshold { $$ = $1; $$->tail = $$; }
	| key_reading ',' IDENT IDENT key_bound {
		ast_cell *mode = cell(@3, 0, 0, false, false); mode->kind = CELL_NAME; mode->name = $3;
		$5->name = $4; $$ = AST_APPEND($1, mode); $$ = AST_APPEND($$, $5);
	}
	| key_reading ',' IDENT IDENT key_bound IDENT key_bound {
		ast_cell *mode = cell(@3, 0, 0, false, false); mode->kind = CELL_NAME; mode->name = $3;
		$5->name = $4; $7->name = $6;
		$$ = AST_APPEND($1, mode); $$ = AST_APPEND($$, $5); $$ = AST_APPEND($$, $7);
	}
	| key_reading ',' threshold { $$ = AST_APPEND($1, $3); }
	;

/* Where a range of the key starts or ends: odds, or a value (CELL_RANGE). */
/* The step of 'above': 'above 6:1 X' (from 6:1 on), 'above more than 5:1 X'
 * (past 5:1 only); the two words ride on the step's next cell. */
end_step:
	ODDS { $$ = cell(@1, $1.lo, $1.hi, false, false); $$->kind = CELL_RATIO; }
	| IDENT IDENT key_bound {
		$$ = $3;
		$$->next = ast_cell_new(LOC(@1));
		$$->next->kind = CELL_NAME;
		$$->next->name = xasprintf("%s %s", $1, $2);
		free($1);
		free($2);
	}
	;

key_bound:
	ODDS { $$ = cell(@1, $1.lo, $1.hi, false, false); $$->kind = CELL_RATIO; }
	| sint { $$ = cell(@1, $1, $1, false, false); }
	;

/* A column's threshold as printed, 0.33 as 330:1000; a fraction 1/3 or odds 1:3
 * exactly, where three decimals would not say it. */
threshold:
	INT { $$ = cell(@1, $1 * RTAB_MILLI, RTAB_MILLI, false, false); $$->kind = CELL_RATIO; }
	| DECNUM { $$ = cell(@1, $1, RTAB_MILLI, false, false); $$->kind = CELL_RATIO; }
	| CODEWORD {
		/* 1/3 (anything else, like 6/3R, is 0/0: refused with the fix by check) */
		int64_t lo, hi;
		word_fraction($1, &lo, &hi);
		free($1);
		$$ = cell(@1, lo, hi, false, false); $$->kind = CELL_RATIO;
	}
	| ODDS { $$ = cell(@1, $1.lo, $1.hi, false, false); $$->kind = CELL_RATIO; }
	;

/* A number as printed, in thousandths: 40, 12.5, -0.25. */
sdec:
	sint { $$ = $1 * RTAB_MILLI; }
	| DECNUM
	| '-' DECNUM { $$ = -$2; }
	| '+' DECNUM { $$ = $2; }
	;

/* A decimal with its sign, in thousandths. */
decpart:
	DECNUM
	| '-' DECNUM { $$ = -$2; }
	| '+' DECNUM { $$ = $2; }
	;

/* The range of a number input, in thousandths: 0..40, 0.5..12.5. */
numrange:
	bounds { $$.lo = $1.lo * RTAB_MILLI; $$.hi = $1.hi * RTAB_MILLI; }
	| sint DOTDOT decpart { $$.lo = $1 * RTAB_MILLI; $$.hi = $3; }
	| decpart DOTDOT sdec { $$.lo = $1; $$.hi = $3; }
	;

bounds:
	sint DOTDOT sint { $$.lo = $1; $$.hi = $3; }
	| RANGE
	;

colspecs:
	%empty { $$ = NULL; }
	| colspecs colspec { $$ = AST_APPEND($1, $2); }
	| colspecs error ';' { $$ = $1; ctx->damaged = true; }
	;

colspec:
	IDENT '=' idlist ';' { $$ = named_stmt(ST_COLSPEC, @1, $1, @1); $$->ids = $3; }
	| IDENT '=' '*' ';' { $$ = named_stmt(ST_COLSPEC, @1, $1, @1); $$->star = true; }
	;

/* The block's rows go into its ast_rows (the scanner adds the plain ones
 * itself: see lex_rows_begin); its headers into its body. */
rowitems:
	%empty {
		$$ = ast_stmt_new(ST_ROWS, LOC(@$));
		$$->rows = ast_rows_new();
		lex_rows_begin(scanner, $$->rows);
	}
	| rowitems rowitem { $$ = $1; add_rowitem($$, $2); }
	| rowitems error ';' { $$ = $1; ctx->damaged = true; }
	;

/* A header of column ids may stand above the first row, with or without ';'. */
rowitem:
	names cells part_rule_opt provisional_opt ';' {
		$$ = split_row($1, $2, $3, $4, @4);
	}
	| names ';' { $$ = ast_stmt_new(ST_HEADER, LOC(@1)); $$->ids = $1; }
	/* A header of steps ('0-2  3-5  6+'), over the columns of a computed key. */
	| cells ';' { $$ = ast_stmt_new(ST_HEADER, LOC(@1)); $$->cells = $1; }
	| cells IDENT cells part_rule_opt provisional_opt ';' {
		$$ = ast_stmt_new(ST_HEADER, LOC(@1)); $$->cells = $1;
		ast_id *name = ast_id_new($2, LOC(@2));
		name->tail = name;
		$$->next = split_row(name, $3, $4, $5, @5);
		$$->tail = $$->next;
	}
	/* ... or of odds ('1:2  1:1  2:1'), over the columns of odds(A, B). */
	| odds_cells ';' { $$ = ast_stmt_new(ST_HEADER, LOC(@1)); $$->cells = $1; }
	| odds_cells IDENT cells part_rule_opt provisional_opt ';' {
		$$ = ast_stmt_new(ST_HEADER, LOC(@1)); $$->cells = $1;
		ast_id *name = ast_id_new($2, LOC(@2));
		name->tail = name;
		$$->next = split_row(name, $3, $4, $5, @5);
		$$->tail = $$->next;
	}
	;

odds_cells:
	ODDS { $$ = cell(@1, $1.lo, $1.hi, false, false); $$->kind = CELL_RATIO; $$->tail = $$; }
	| odds_cells ODDS {
		ast_cell *c = cell(@2, $2.lo, $2.hi, false, false);
		c->kind = CELL_RATIO;
		$$ = AST_APPEND($1, c);
	}
	;

names:
	IDENT { $$ = ast_id_new($1, LOC(@1)); $$->tail = $$; }
	| names IDENT { ast_id *i = ast_id_new($2, LOC(@2)); $$ = AST_APPEND($1, i); }
	;

provisional_opt:
	%empty { $$ = NULL; }
	| PROVISIONAL STRING { $$ = $2; }
	;

cells:
	cell { $$ = $1; $$->tail = $$; }
	| cells cell { $$ = AST_APPEND($1, $2); }
	;

cell:
	LE sint { $$ = cell(@$, INT64_MIN, $2, true, false); }
	| GE sint { $$ = cell(@$, $2, INT64_MAX, false, true); }
	| ATLEAST { $$ = cell(@$, $1, INT64_MAX, false, true); }
	| '-' ATLEAST { $$ = cell(@$, -$2, INT64_MAX, false, true); } /* -1+ as >=-1 */
	| sint { $$ = cell(@$, $1, $1, false, false); }
	| RANGE { $$ = cell(@$, $1.lo, $1.hi, false, false); }
	| sint DOTDOT sint { $$ = cell(@$, $1, $3, false, false); }
	| DASH { $$ = cell(@$, 1, 0, false, false); $$->kind = CELL_ABSENT; }
	;

/* A grid: its first line names the columns, each further line is a printed row.
 * The lines after the first are kept compact (the scanner adds the plain ones
 * itself: see lex_grid_lines). */
grid_lines:
	%empty { $$ = ast_stmt_new(ST_GRID, LOC(@$)); }
	| grid_lines grid_line {
		$$ = $1;
		ast_grid_add_line($$, $2);
		if (!$$->lines)
			$$->lines = ast_glines_new();
		lex_grid_lines(scanner, $$->lines);
	}
	| grid_lines error NL { $$ = $1; ctx->damaged = true; }
	;

grid_line:
	gitems part_rule_opt provisional_opt NL {
		$$ = ast_stmt_new(ST_GRID_LINE, $1->loc); $$->cells = $1; $$->rule = $2;
		$$->text = $3; $$->text_loc = LOC(@3);
		odds_line($$);
	}
	/* An odds line for several values: 'woods, town:  -  1:3  1:2 ...'. */
	| IDENT ',' idlist ':' gitems part_rule_opt provisional_opt NL {
		$$ = named_stmt(ST_ODDS_LINE, @1, $1, @1); $$->ids = $3; $$->cells = $5; $$->rule = $6;
		$$->text = $7; $$->text_loc = LOC(@7);
	}
	;

gitems:
	gitem { $$ = $1; $$->tail = $$; }
	| gitems gitem { $$ = AST_APPEND($1, $2); }
	;

gitem:
	cell
	| IDENT { $$ = cell(@1, 0, 0, false, false); $$->kind = CELL_NAME; $$->name = $1; }
	| CODEWORD { $$ = cell(@1, 0, 0, false, false); $$->kind = CELL_NAME; $$->name = $1; }
	| ODDS { $$ = cell(@1, $1.lo, $1.hi, false, false); $$->kind = CELL_RATIO; }
	| ':' { $$ = cell(@1, 0, 0, false, false); $$->kind = CELL_COLON; }
	;

/* A rewrite's condition; 'earlier OUTCOME' is an expression of its own
 * (below). Two names in a row are a mistake for it, said once. */
rewrite_cond:
	expr
	| IDENT IDENT { $$ = earlier_name(ctx, $1, @1, $2, @2); }
	| IDENT IDENT AND expr { $$ = binary(RTAB_OP_AND, earlier_name(ctx, $1, @1, $2, @2), $4, @3); }
	| IDENT IDENT OR expr { $$ = binary(RTAB_OP_OR, earlier_name(ctx, $1, @1, $2, @2), $4, @3); }
	;

faces:
	sint { $$ = cell(@1, $1, $1, false, false); $$->tail = $$; }
	| faces ',' sint { ast_cell *c = cell(@3, $3, $3, false, false); $$ = AST_APPEND($1, c); }
	;

checks:
	%empty { $$ = NULL; }
	| checks check { $$ = AST_APPEND($1, $2); }
	| checks error ';' { $$ = $1; ctx->damaged = true; }
	;

/* TARGET(INPUT = VALUE, ...) [roll F, F] [drm N] -> EXPECTED; */
check:
	IDENT STRING ';' {
		$$ = named_stmt(ST_LABEL, @1, $1, @1); $$->text = $2; $$->text_loc = LOC(@2);
	}
	| IDENT sets_opt ARROW expect ';' {
		$$ = $4; $$->loc = LOC(@1); $$->name = $1; $$->name_loc = LOC(@1); $$->args = $2;
	}
	| IDENT sets_opt ROLL faces ARROW expect ';' {
		$$ = $6; $$->loc = LOC(@1); $$->name = $1; $$->name_loc = LOC(@1); $$->args = $2;
		$$->cells = $4; $$->has_roll = true;
	}
	| IDENT sets_opt ROLL faces DRM sint ARROW expect ';' {
		$$ = $8; $$->loc = LOC(@1); $$->name = $1; $$->name_loc = LOC(@1); $$->args = $2;
		$$->cells = $4; $$->has_roll = true; $$->has_drm = true; $$->drm = $6;
	}
	/* 'drm flank_or_rear': that modifier applies, with its value (in text). */
	| IDENT sets_opt ROLL faces DRM IDENT ARROW expect ';' {
		$$ = $8; $$->loc = LOC(@1); $$->name = $1; $$->name_loc = LOC(@1); $$->args = $2;
		$$->cells = $4; $$->has_roll = true; $$->has_drm = true; $$->text = $6; $$->text_loc = LOC(@6);
	}
	;

sets_opt:
	%empty { $$ = NULL; }
	| '(' ')' { $$ = NULL; }
	| '(' sets ')' { $$ = $2; }
	;

sets:
	set { $$ = $1; $$->tail = $$; }
	| sets ',' set { $$ = AST_APPEND($1, $3); }
	;

set:
	word '=' word { $$ = ast_arg_new(ARG_NAME, LOC(@3)); $$->name = $3; $$->key = $1; $$->key_loc = LOC(@1); }
	| word '=' sint { $$ = ast_arg_new(ARG_INT, LOC(@3)); $$->num = $3; $$->key = $1; $$->key_loc = LOC(@1); }
	| word '=' word word {
		/* 'x = earlier OUTCOME' in a trigger: the name, then the outcome (as a unit). */
		$$ = ast_arg_new(ARG_NAME, LOC(@3)); $$->name = $3; $$->key = $1; $$->key_loc = LOC(@1);
		$$->unit = $4; $$->unit_loc = LOC(@4);
	}
	| word '=' DECNUM { $$ = ast_arg_new(ARG_DECIMAL, LOC(@3)); $$->num = $3; $$->key = $1; $$->key_loc = LOC(@1); }
	| word '=' '-' DECNUM { $$ = ast_arg_new(ARG_DECIMAL, LOC(@3)); $$->num = -$4; $$->key = $1; $$->key_loc = LOC(@1); }
	| word '=' TRUE { $$ = ast_arg_new(ARG_INT, LOC(@3)); $$->num = 1; $$->key = $1; $$->key_loc = LOC(@1); }
	| word '=' FALSE { $$ = ast_arg_new(ARG_INT, LOC(@3)); $$->num = 0; $$->key = $1; $$->key_loc = LOC(@1); }
	;

expect:
	IDENT { $$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_NAME; $$->name2 = $1; $$->name2_loc = LOC(@1); }
	| OTHERWISE { $$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_NAME; $$->name2 = xstrdup("otherwise"); $$->name2_loc = LOC(@1); }
	| CODEWORD { $$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_NAME; $$->name2 = $1; $$->name2_loc = LOC(@1); }
	| IDENT '(' args_opt ')' {
		/* A numeric outcome with its numbers: loss(6, 3), loss(killed, 2). */
		$$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_NAME; $$->name2 = $1; $$->name2_loc = LOC(@1);
		$$->expect_call = true; $$->expect_args = $3;
	}
	| '{' '}' { $$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_SET; }
	| '{' idlist '}' { $$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_SET; $$->ids = $2; }
	| sint {
		/* a result printed as a number: '-> 7' */
		$$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_NAME;
		$$->name2 = xasprintf("%lld", (long long)$1); $$->name2_loc = LOC(@1);
	}
	| sint IDENT {
		$$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_VALUE; $$->expect_value = $1;
		$$->name2 = $2; $$->name2_loc = LOC(@2);
	}
	| DECNUM IDENT {
		$$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_VALUE; $$->expect_value = $1;
		$$->expect_milli = true; $$->name2 = $2; $$->name2_loc = LOC(@2);
	}
	| '-' DECNUM IDENT {
		$$ = ast_stmt_new(ST_CHECK, LOC(@1)); $$->expect = EXPECT_VALUE; $$->expect_value = -$2;
		$$->expect_milli = true; $$->name2 = $3; $$->name2_loc = LOC(@3);
	}
	| expect MODIFIER sint { $$ = $1; $$->has_expect_modifier = true; $$->expect_modifier = $3; }
	| expect ROLL sint { $$ = $1; $$->has_expect_roll = true; $$->expect_roll = $3; }
	| expect PROVISIONAL { $$ = $1; $$->expect_provisional = true; }
	| expect SETTLED { $$ = $1; $$->expect_settled = true; }
	| expect TRIGGER '{' '}' { $$ = $1; $$->has_expect_triggers = true; }
	| expect TRIGGER '{' texpects '}' {
		/* The names in order, and each with the inputs it must pass on. */
		$$ = $1; $$->has_expect_triggers = true;
		ast_ids_free($$->triggers); $$->triggers = NULL;
		for (ast_stmt *t = $4; t; t = t->next) {
			ast_id *i = ast_id_new(xstrdup(t->name), t->name_loc);
			$$->triggers = AST_APPEND($$->triggers, i);
		}
		ast_stmts_free($$->body); $$->body = $4;
	}
	;

/* An expected trigger: TARGET or TARGET(INPUT = VALUE, ...), what it passes on. */
texpects:
	texpect { $$ = $1; $$->tail = $$; }
	| texpects ',' texpect { $$ = AST_APPEND($1, $3); }
	;

texpect:
	IDENT sets_opt { $$ = named_stmt(ST_CHECK, @1, $1, @1); $$->args = $2; }
	;

exprs:
	expr { $$ = $1; $$->last_arg = $$; }
	| exprs ',' expr {
		$1->last_arg->next_arg = $3;
		$1->last_arg = $3;
		$$ = $1;
	}
	;

/* The fields of one item of a list input. */
fields:
	%empty { $$ = NULL; }
	| fields field { $$ = AST_APPEND($1, $2); }
	| fields error ';' { $$ = $1; ctx->damaged = true; }
	;

field:
	word ':' type init_opt body_opt {
		$$ = ast_param_new($1, LOC(@1), $3); $$->init = $4; $$->body = $5;
	}
	;

params_opt:
	%empty { $$ = NULL; }
	| params
	;

params:
	param { $$ = $1; $$->tail = $$; }
	| params ',' param { $$ = AST_APPEND($1, $3); }
	;

param:
	word ':' type specials { $$ = ast_param_new($1, LOC(@1), $3); $$->specials = $4; }
	;

/* A numeric outcome's parameter may take named values besides its numbers:
 * 'or killed = 100 code K'. */
specials:
	%empty { $$ = NULL; }
	| specials OR IDENT '=' sint {
		ast_arg *a = ast_arg_new(ARG_INT, LOC(@3)); a->name = $3; a->num = $5;
		$$ = AST_APPEND($1, a);
	}
	| specials OR IDENT '=' sint IDENT IDENT {
		ast_arg *a = ast_arg_new(ARG_INT, LOC(@3)); a->name = $3; a->num = $5;
		a->key = $7; a->key_loc = LOC(@7);
		if (strcmp($6, "code") != 0)
			diag_report(ctx->diag, SEV_ERROR, NULL, LOC(@6),
				    "syntax error, unexpected '%s' after the value of '%s'; write: or %s = %lld code CODE",
				    $6, $3, $3, (long long)$5);
		free($6);
		$$ = AST_APPEND($1, a);
	}
	| specials OR IDENT '=' sint IDENT dash_code {
		/* 'or none = 0 code -': a page that prints '-' where a side has no number */
		ast_arg *a = ast_arg_new(ARG_INT, LOC(@3)); a->name = $3; a->num = $5;
		a->key = xstrdup("-"); a->key_loc = LOC(@7);
		if (strcmp($6, "code") != 0)
			diag_report(ctx->diag, SEV_ERROR, NULL, LOC(@6),
				    "syntax error, unexpected '%s' after the value of '%s'; write: or %s = %lld code -",
				    $6, $3, $3, (long long)$5);
		free($6);
		$$ = AST_APPEND($1, a);
	}
	;

dash_code: '-' | DASH ;

type:
	base_type
	| base_type IDENT { $$ = $1; $$.unit = $2; $$.unit_loc = LOC(@2); }
	;

base_type:
	BOOL { $$ = (ast_type){.kind = TY_BOOL, .loc = LOC(@1)}; }
	| INT_KW { $$ = (ast_type){.kind = TY_INT, .loc = LOC(@1), .lo = -RTAB_INT_LIMIT, .hi = RTAB_INT_LIMIT}; }
	| INT_KW bounds { $$ = (ast_type){.kind = TY_INT, .loc = LOC(@1), .lo = $2.lo, .hi = $2.hi}; }
	| INT_KW GE sint { $$ = (ast_type){.kind = TY_INT, .loc = LOC(@1), .lo = $3, .hi = RTAB_INT_LIMIT}; }
	| INT_KW LE sint { $$ = (ast_type){.kind = TY_INT, .loc = LOC(@1), .lo = -RTAB_INT_LIMIT, .hi = $3}; }
	| IDENT { $$ = (ast_type){.kind = TY_NAMED, .loc = LOC(@1), .name = $1}; }
	| IDENT numrange BY sdec {
		$$ = (ast_type){.kind = TY_NUMBER, .loc = LOC(@1), .name = $1, .lo = $2.lo, .hi = $2.hi, .step = $4};
	}
	;

init_opt:
	%empty { $$ = NULL; }
	| '=' expr { $$ = $2; }
	;

dice_groups:
	dice_group { $$ = $1; $$->tail = $$; }
	| dice_groups '+' dice_group { $$ = AST_APPEND($1, $3); }
	;

dice_group:
	DICESPEC {
		$$ = ast_dice_group_new(LOC(@1)); $$->count = $1.count; $$->sides = $1.sides;
	}
	| DICESPEC FACES bounds {
		$$ = ast_dice_group_new(LOC(@1)); $$->count = $1.count; $$->sides = $1.sides;
		$$->has_faces = true; $$->face_lo = $3.lo; $$->face_hi = $3.hi;
	}
	;

expr:
	expr OR expr { $$ = binary(RTAB_OP_OR, $1, $3, @2); }
	| expr AND expr { $$ = binary(RTAB_OP_AND, $1, $3, @2); }
	| NOT expr { $$ = unary(RTAB_OP_NOT, $2, @1); }
	| expr EQ expr { $$ = binary(RTAB_OP_EQ, $1, $3, @2); }
	| expr NE expr { $$ = binary(RTAB_OP_NE, $1, $3, @2); }
	| expr '<' expr { $$ = binary(RTAB_OP_LT, $1, $3, @2); }
	| expr LE expr { $$ = binary(RTAB_OP_LE, $1, $3, @2); }
	| expr '>' expr { $$ = binary(RTAB_OP_GT, $1, $3, @2); }
	| expr GE expr { $$ = binary(RTAB_OP_GE, $1, $3, @2); }
	| expr '+' expr { $$ = binary(RTAB_OP_ADD, $1, $3, @2); }
	| expr '-' expr { $$ = binary(RTAB_OP_SUB, $1, $3, @2); }
	| expr '*' expr { $$ = binary(RTAB_OP_MUL, $1, $3, @2); }
	| expr '/' expr { $$ = binary(RTAB_OP_DIV_EXACT, $1, $3, @2); }
	| '-' expr %prec UNARY { $$ = unary(RTAB_OP_NEG, $2, @1); }
	| '+' expr %prec UNARY { $$ = $2; }
	| '(' expr ')' { $$ = $2; }
	| INT %prec NUMBER_ALONE { $$ = number($1, @1); }
	| INT IDENT { $$ = with_unit(number($1, @1), $2, @2); }
	| DECNUM %prec NUMBER_ALONE { $$ = ast_expr_new(EX_DECIMAL, LOC(@1)); $$->num = $1; }
	| DECNUM IDENT { $$ = ast_expr_new(EX_DECIMAL, LOC(@1)); $$->num = $1; $$ = with_unit($$, $2, @2); }
	| CODEWORD { $$ = word_division($1, @1); }
	| RANGE { $$ = binary(RTAB_OP_SUB, number($1.lo, @1), number($1.hi, @1), @1); }
	| TRUE { $$ = ast_expr_new(EX_BOOL, LOC(@1)); $$->num = 1; }
	| FALSE { $$ = ast_expr_new(EX_BOOL, LOC(@1)); $$->num = 0; }
	| word { $$ = ast_expr_new(EX_NAME, LOC(@1)); $$->name = $1; }
	| IDENT '(' exprs ')' { $$ = ast_expr_new(EX_CALL, LOC(@1)); $$->name = $1; $$->args = $3; }
	| IDENT '(' word WHERE expr ')' {
		/* an aggregate over the items of a list that satisfy a condition */
		$$ = ast_expr_new(EX_CALL, LOC(@1)); $$->name = $1;
		$$->args = ast_expr_new(EX_NAME, LOC(@3)); $$->args->name = $3; $$->args->last_arg = $$->args;
		$$->third = $5;
	}
	| DICESPEC %prec NUMBER_ALONE { $$ = ast_expr_new(EX_DICE, LOC(@1)); $$->num = $1.count; $$->sides = $1.sides; }
	| DICESPEC IDENT {
		$$ = ast_expr_new(EX_DICE, LOC(@1)); $$->num = $1.count; $$->sides = $1.sides;
		$$ = with_unit($$, $2, @2);
	}
	/* An earlier repeat of the trigger that resolves the table gave OUTCOME:
	 * "earlier OUTCOME", a name no identifier is, which the checks read in a
	 * rewrite's condition only (sema_earlier.c), with 'not', 'and', 'or'. */
	| EARLIER IDENT { $$ = ast_expr_new(EX_NAME, LOC(@2)); $$->name = xasprintf("earlier %s", $2); free($2); }
	| IF expr THEN expr ELSE expr %prec ELSE {
		$$ = ast_expr_new(EX_IF, LOC(@1)); $$->lhs = $2; $$->rhs = $4; $$->third = $6;
	}
	;

%%

void parse_discard(struct parse_ctx *p, char *s)
{
	if (!s)
		return;
	if (p->ndiscarded == p->cap_discarded) {
		p->cap_discarded = p->cap_discarded ? p->cap_discarded * 2 : 16;
		p->discarded = xrealloc(p->discarded, p->cap_discarded * sizeof *p->discarded);
	}
	p->discarded[p->ndiscarded++] = s;
}

/* A token as the scanner gave it; word: a keyword's text (NULL for any other token). */
struct lexed {
	int token;
	YYSTYPE val;
	YYLTYPE loc;
	char *word;
};

static bool symbol_is_keyword(yysymbol_kind_t sym)
{
	return strncmp(yysymbol_name(sym), "keyword '", 9) == 0;
}

/* at: the location of the token before, which the end of the file keeps. */
static void lex_next(yyscan_t scanner, struct lexed *t, YYLTYPE *at)
{
	memset(t, 0, sizeof *t);
	t->loc = *at;
	t->token = rtab_yylex(&t->val, &t->loc, scanner);
	*at = t->loc;
	/* 'grid' changed how the scanner reads what follows: it stays a keyword. */
	if (t->token != GRID && symbol_is_keyword(YYTRANSLATE(t->token)))
		t->word = xstrndup(rtab_yyget_text(scanner), (size_t)rtab_yyget_leng(scanner));
}

/*
 * Whether the parser, in the state ps holds, would shift the symbols syms[0..n)
 * one after another: its own tables run on a copy of its stack of states, as
 * LAC does, without touching the parser.
 */
static bool would_shift(const yypstate *ps, const yysymbol_kind_t *syms, int n)
{
	size_t depth = (size_t)(ps->yyssp - ps->yyss) + 1, cap = depth + 64;
	yy_state_t *stack = xmalloc(cap * sizeof *stack);
	memcpy(stack, ps->yyss, depth * sizeof *stack);
	bool shifted = true;
	for (int i = 0; i < n && shifted; i++) {
		yysymbol_kind_t sym = syms[i];
		for (;;) {
			int state = stack[depth - 1];
			if (state == YYFINAL && sym == YYSYMBOL_YYEOF)
				break;
			int rule;
			int k = yypact[state];
			if (!yypact_value_is_default(k) && 0 <= k + sym && k + sym <= YYLAST &&
			    yycheck[k + sym] == sym) {
				int action = yytable[k + sym];
				if (action > 0) {
					if (depth == cap)
						stack = xrealloc(stack, (cap *= 2) * sizeof *stack);
					stack[depth++] = (yy_state_t)action;
					break;
				}
				if (yytable_value_is_error(action)) {
					shifted = false;
					break;
				}
				rule = -action;
			} else {
				rule = yydefact[state];
				if (rule == 0) {
					shifted = false;
					break;
				}
			}
			depth -= (size_t)yyr2[rule];
			int lhs = yyr1[rule] - YYNTOKENS, top = stack[depth - 1];
			int g = yypgoto[lhs] + top;
			if (depth == cap)
				stack = xrealloc(stack, (cap *= 2) * sizeof *stack);
			stack[depth++] = (yy_state_t)(0 <= g && g <= YYLAST && yycheck[g] == top ? yytable[g]
											: yydefgoto[lhs]);
		}
	}
	free(stack);
	return shifted;
}

/* Whether first, then the token after it (a keyword there read either way), would shift. */
static bool reads_on(const yypstate *ps, yysymbol_kind_t first, const struct lexed *after)
{
	yysymbol_kind_t syms[2] = {first, YYTRANSLATE(after->token)};
	if (would_shift(ps, syms, 2))
		return true;
	syms[1] = YYSYMBOL_IDENT;
	return after->word && would_shift(ps, syms, 2);
}

/*
 * A keyword is a keyword only where the grammar can take it: every word the
 * language uses may name a definition and stand wherever a name stands. Where
 * the parser can shift the keyword but no name, it stays a keyword; where it
 * can shift a name but not the keyword, it is that name. Where it can shift
 * both (a statement may begin with 'when' or with an enum value called so),
 * the token after it decides, the keyword first: 'when x;' is a condition,
 * 'when;' and 'when { en "..."; }' a value.
 */
static void read_contextually(const yypstate *ps, yyscan_t scanner, struct lexed *t,
			      struct lexed *next, bool *have_next, YYLTYPE *at, int defining)
{
	if (!t->word)
		return;
	yysymbol_kind_t kw = YYTRANSLATE(t->token), name = YYSYMBOL_IDENT;
	bool kw_ok = would_shift(ps, &kw, 1), name_ok = would_shift(ps, &name, 1);
	if (kw_ok && name_ok) {
		if (!*have_next) {
			lex_next(scanner, next, at);
			*have_next = true;
		}
		kw_ok = reads_on(ps, kw, next) || !reads_on(ps, name, next);
		/* 'earlier and x', 'earlier or x': a name (an input called so) before
		 * the operator, not 'earlier' of an outcome called 'and'. */
		if (t->token == EARLIER && (next->token == AND || next->token == OR || next->token == THEN ||
					    next->token == ELSE))
			kw_ok = false;
		/* A name alone ('when;') is a value of an enum, an effect of an outcome
		 * or a member of a group; elsewhere 'roll;' is a 'roll' left unfinished. */
		if (!kw_ok && next->token == ';' && defining != ENUM && defining != OUTCOME && defining != OUTCOMES)
			kw_ok = true;
	}
	if (name_ok && !kw_ok) {
		t->token = IDENT;
		t->val.str = t->word;
		t->word = NULL;
	}
}

/* Where the tokens go besides the parser: fn, told of each one as the parser
 * reads it (a keyword read as a name is an identifier), or NULL. */
struct token_sink {
	scan_fn fn;
	void *arg;
};

static void tell(const struct token_sink *sink, const struct lexed *t)
{
	if (!sink || t->token == 0)
		return;
	scan_item item = {t->token, {t->loc.first_line, t->loc.first_column}, {t->loc.last_line, t->loc.last_column}};
	sink->fn(sink->arg, &item);
}

static void lexed_free(struct lexed *t)
{
	free(t->word);
	if (t->token == IDENT || t->token == STRING || t->token == CODEWORD)
		free(t->val.str);
}

/* Run the parser over the text, handing each token to sink too. */
static int parse_text(const char *text, size_t len, struct parse_ctx *p, struct lex_extra *extra,
		      const struct token_sink *sink)
{
	yyscan_t scanner;
	if (rtab_yylex_init_extra(extra, &scanner) != 0)
		return -1;
	yypstate *ps = rtab_yypstate_new();
	if (!ps) {
		rtab_yylex_destroy(scanner);
		return -1;
	}
	/* The scanner's copy of the text, ending in the two NULs it needs
	 * (what yy_scan_bytes makes, one byte at a time). */
	char *copy = xmalloc(len + 2);
	memcpy(copy, text, len);
	copy[len] = copy[len + 1] = '\0';
	YY_BUFFER_STATE buf = rtab_yy_scan_buffer(copy, len + 2, scanner);
	struct lexed t, next;
	bool have_next = false;
	YYLTYPE at = {1, 1, 1, 1};
	/* The keyword of the definition being read, and the braces open in it. */
	int defining = 0, depth = 0;
	bool in_errata = false;
	int rc;
	do {
		if (have_next) {
			t = next;
			have_next = false;
		} else {
			lex_next(scanner, &t, &at);
		}
		read_contextually(ps, scanner, &t, &next, &have_next, &at, defining);
		free(t.word);
		tell(sink, &t);
		/* The parser may free the identifier's text: its word is kept first
		 * (a keyword's as its name says, "keyword 'roll'"; '->', '@', '..'). */
		char word[sizeof p->word_before] = "";
		const char *name = yysymbol_name(YYTRANSLATE(t.token));
		if (t.token == IDENT && strlen(t.val.str) < sizeof word)
			strcpy(word, t.val.str);
		else if (strncmp(name, "keyword '", 9) == 0 && strlen(name) - 10 < sizeof word)
			memcpy(word, name + 9, strlen(name) - 10);
		else if (t.token == ARROW || t.token == '@' || t.token == DOTDOT)
			strcpy(word, t.token == ARROW ? "->" : t.token == '@' ? "@" : "..");
		p->token_now = t.token;
		rc = rtab_yypush_parse(ps, t.token, &t.val, &t.loc, scanner, p);
		bool starts = p->token_before == 0 || p->token_before == ';' || p->token_before == '{' ||
			      p->token_before == '}';
		if (starts)
			memcpy(p->word_of_statement, word, sizeof word);
		p->after_when = (p->after_when && !starts) || t.token == WHEN;
		p->token_before = t.token;
		p->in_reference = t.token == '@' || (p->in_reference && (t.token == IDENT || t.token == STRING));
		memcpy(p->word_before, word, sizeof word);
		if (t.token == '{')
			depth++;
		else if (t.token == '}' && depth > 0)
			depth--;
		else if (t.token == ERRATA && depth == 0)
			in_errata = true;
		else if (strncmp(name, "keyword '", 9) == 0 && (depth == 0 || (depth == 1 && in_errata))) {
			in_errata &= depth == 1;
			defining = t.token;
		}
	} while (rc == YYPUSH_MORE);
	/* A parser that gave up leaves the rest to the scanner alone. */
	for (bool more = have_next || t.token != 0; more && sink;) {
		if (!have_next)
			lex_next(scanner, &next, &at);
		have_next = false;
		tell(sink, &next);
		more = next.token != 0;
		lexed_free(&next);
	}
	if (have_next)
		lexed_free(&next);
	rtab_yypstate_delete(ps);
	rtab_yy_delete_buffer(buf, scanner);
	free(copy);
	rtab_yylex_destroy(scanner);
	sb_free(&extra->str);
	return rc;
}

int rtab_parse(const char *text, size_t len, struct parse_ctx *p)
{
	struct lex_extra extra = {.diag = p->diag, .line = 1, .col = 1, .rows_off = p->rows_by_grammar};
	int rc = parse_text(text, len, p, &extra, NULL);
	ast_part_refs_free(p->part_refs); /* of a definition left unfinished */
	p->part_refs = NULL;
	p->plain_rows = extra.plain_rows;
	p->plain_grid_lines = extra.plain_grid_lines;
	return rc;
}

static void scan_comment(void *arg, src_loc first, src_loc end)
{
	const struct token_sink *sink = arg;
	scan_item item = {SCAN_COMMENT, first, end};
	sink->fn(sink->arg, &item);
}

/* The tokens of text as the parser reads them, and its comments, in order;
 * rows and grid lines go through as tokens. What the parser builds is
 * thrown away. */
void rtab_scan(const char *text, size_t len, diag_ctx *diag, scan_fn fn, void *arg)
{
	struct token_sink sink = {fn, arg};
	struct parse_ctx pc = {.diag = diag, .rows_by_grammar = true};
	struct lex_extra extra = {.diag = diag, .line = 1, .col = 1, .rows_off = true,
				  .on_comment = scan_comment, .comment_arg = &sink};
	parse_text(text, len, &pc, &extra, &sink);
	ast_part_refs_free(pc.part_refs);
	ast_defs_free(pc.defs);
	ast_errata_free(pc.errata);
	for (size_t i = 0; i < pc.ndiscarded; i++)
		free(pc.discarded[i]);
	free(pc.discarded);
}

/* Whether the n bytes at s spell a keyword: a token named "keyword '...'".
 * The scanner asks before it reads a row by itself (a keyword is no outcome). */
bool rtab_is_keyword(const char *s, size_t n)
{
	/* The keywords in a small open-addressing table, built on first use. */
	static const char *table[256];
	static bool built;
	if (!built) {
		for (int k = 0; k < YYNTOKENS; k++) {
			const char *name = yysymbol_name((yysymbol_kind_t)k);
			size_t len = strlen(name);
			if (strncmp(name, "keyword '", 9) != 0 || name[len - 1] != '\'')
				continue;
			size_t h = keyword_hash(name + 9, len - 10);
			while (table[h])
				h = (h + 1) & 255;
			table[h] = name + 9;
		}
		built = true;
	}
	for (size_t h = keyword_hash(s, n); table[h]; h = (h + 1) & 255)
		if (strncmp(table[h], s, n) == 0 && table[h][n] == '\'')
			return true;
	return false;
}
