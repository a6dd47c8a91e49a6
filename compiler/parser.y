/* The .rtab grammar: a pure parser that recovers at each statement. */
%require "3.8"
%define api.pure full
%define api.prefix {rtab_yy}
%define parse.error detailed
%locations
%expect 0
%param {yyscan_t scanner}
%parse-param {struct parse_ctx *ctx}

%code requires {
#include "ast.h"
typedef void *yyscan_t;
struct parse_ctx;
struct rtab_dice_tok { int64_t count, sides; };
struct rtab_range_tok { int64_t lo, hi; };
}

%code {
#include "parse_ctx.h"
#include "lexer.h"
#include "rtab.h"

#include <stdlib.h>

int rtab_yylex(RTAB_YYSTYPE *lval, RTAB_YYLTYPE *lloc, yyscan_t scanner);

static void rtab_yyerror(RTAB_YYLTYPE *lloc, yyscan_t scanner, struct parse_ctx *ctx, const char *msg)
{
	(void)scanner;
	src_loc l = {lloc->first_line, lloc->first_column};
	diag_report(ctx->diag, SEV_ERROR, NULL, l, "%s", msg);
}

#define LOC(yl) ((src_loc){(yl).first_line, (yl).first_column})

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

static ast_cell *cell(RTAB_YYLTYPE yl, int64_t lo, int64_t hi, bool open_lo, bool open_hi)
{
	ast_cell *c = ast_cell_new(LOC(yl));
	c->lo = lo;
	c->hi = hi;
	c->open_lo = open_lo;
	c->open_hi = open_hi;
	return c;
}

static ast_stmt *named_stmt(stmt_kind kind, RTAB_YYLTYPE at, char *name, RTAB_YYLTYPE name_at)
{
	ast_stmt *s = ast_stmt_new(kind, LOC(at));
	s->name = name;
	s->name_loc = LOC(name_at);
	return s;
}
}

%code {
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
}

%token RULESET "ruleset" LOCALES "locales" DICE "dice" FACES "faces" ENUM "enum"
%token INPUT "input" EFFECT "effect" OUTCOME "outcome" MODIFIER "modifier"
%token MODIFIERS "modifiers" TABLE "table" TRIGGER "trigger" WHEN "when" VALUE "value"
%token ROLL "roll" CAP "cap" COLUMNS "columns" BY "by" ROWS "rows"
%token PROVISIONAL "provisional" BOOL "bool" INT_KW "int" TRUE "true" FALSE "false"
%token AND "and" OR "or" NOT "not"
%token LE "<=" GE ">=" EQ "==" NE "!=" DOTDOT ".."
%token <str> IDENT "identifier" STRING "string"
%token <num> INT "integer" ATLEAST "'N+'"
%token <dice> DICESPEC "dice like 2d6"
%token <range> RANGE "range like 3-5"

%type <def> definitions definition
%type <stmt> stmts stmt colspecs colspec rowitems rowitem block body_opt
%type <id> idlist names
%type <arg> args args_opt arg
%type <cell> cells cell
%type <param> params params_opt param
%type <group> dice_groups dice_group
%type <expr> expr init_opt
%type <str> rule_opt provisional_opt
%type <num> sint
%type <range> bounds
%type <type> type

%destructor { free($$); } <str>
%destructor { ast_expr_free($$); } <expr>
%destructor { ast_defs_free($$); } <def>
%destructor { ast_stmts_free($$); } <stmt>
%destructor { ast_ids_free($$); } <id>
%destructor { ast_args_free($$); } <arg>
%destructor { ast_cells_free($$); } <cell>
%destructor { ast_params_free($$); } <param>
%destructor { ast_dice_free($$); } <group>
%destructor { ast_type_free(&$$); } <type>

%left OR
%left AND
%precedence NOT
%nonassoc EQ NE '<' LE '>' GE
%left '+' '-'
%left '*'
%precedence UNARY

%start file

%%

file:
	definitions { ctx->defs = $1; }
	;

definitions:
	%empty { $$ = NULL; }
	| definitions definition { $$ = $2 ? AST_APPEND($1, $2) : $1; }
	;

definition:
	RULESET IDENT rule_opt block {
		$$ = ast_def_new(DEF_RULESET, LOC(@1), $2, LOC(@2)); $$->rule = $3; $$->body = $4;
	}
	| DICE IDENT '=' dice_groups rule_opt ';' {
		$$ = ast_def_new(DEF_DICE, LOC(@1), $2, LOC(@2)); $$->dice = $4; $$->rule = $5;
	}
	| ENUM IDENT rule_opt block {
		$$ = ast_def_new(DEF_ENUM, LOC(@1), $2, LOC(@2)); $$->rule = $3; $$->body = $4;
	}
	| INPUT IDENT ':' type init_opt rule_opt body_opt {
		$$ = ast_def_new(DEF_INPUT, LOC(@1), $2, LOC(@2));
		$$->type = $4; $$->init = $5; $$->rule = $6; $$->body = $7;
	}
	| EFFECT IDENT '(' params_opt ')' rule_opt body_opt {
		$$ = ast_def_new(DEF_EFFECT, LOC(@1), $2, LOC(@2));
		$$->params = $4; $$->rule = $6; $$->body = $7;
	}
	| OUTCOME IDENT rule_opt block {
		$$ = ast_def_new(DEF_OUTCOME, LOC(@1), $2, LOC(@2)); $$->rule = $3; $$->body = $4;
	}
	| MODIFIER IDENT rule_opt block {
		$$ = ast_def_new(DEF_MODIFIER, LOC(@1), $2, LOC(@2)); $$->rule = $3; $$->body = $4;
	}
	| TABLE IDENT rule_opt block {
		$$ = ast_def_new(DEF_TABLE, LOC(@1), $2, LOC(@2)); $$->rule = $3; $$->body = $4;
	}
	| error ';' { $$ = NULL; }
	| error block { ast_stmts_free($2); $$ = NULL; }
	;

rule_opt:
	%empty { $$ = NULL; }
	| '@' STRING { $$ = $2; }
	;

body_opt:
	';' { $$ = NULL; }
	| block
	;

block:
	'{' stmts '}' { $$ = $2; }
	| '{' stmts error '}' { $$ = $2; }
	;

stmts:
	%empty { $$ = NULL; }
	| stmts stmt { $$ = AST_APPEND($1, $2); }
	| stmts error ';' { $$ = $1; }
	;

stmt:
	IDENT STRING ';' {
		$$ = named_stmt(ST_LABEL, @1, $1, @1); $$->text = $2; $$->text_loc = LOC(@2);
	}
	| LOCALES idlist ';' { $$ = ast_stmt_new(ST_LOCALES, LOC(@1)); $$->ids = $2; }
	| IDENT ';' { $$ = named_stmt(ST_VALUE, @1, $1, @1); }
	| IDENT block { $$ = named_stmt(ST_VALUE, @1, $1, @1); $$->body = $2; }
	| IDENT '(' args_opt ')' ';' { $$ = named_stmt(ST_EFFECT, @1, $1, @1); $$->args = $3; }
	| TRIGGER IDENT ';' { $$ = named_stmt(ST_TRIGGER, @1, $2, @2); }
	| WHEN expr ';' { $$ = ast_stmt_new(ST_WHEN, LOC(@1)); $$->expr = $2; }
	| VALUE expr ';' { $$ = ast_stmt_new(ST_AMOUNT, LOC(@1)); $$->expr = $2; }
	| ROLL IDENT ';' { $$ = named_stmt(ST_ROLL, @1, $2, @2); }
	| MODIFIERS idlist ';' { $$ = ast_stmt_new(ST_MODIFIERS, LOC(@1)); $$->ids = $2; }
	| CAP bounds ';' { $$ = ast_stmt_new(ST_CAP, LOC(@1)); $$->lo = $2.lo; $$->hi = $2.hi; }
	| COLUMNS BY IDENT '{' colspecs '}' {
		$$ = named_stmt(ST_COLUMNS, @1, $3, @3); $$->body = $5;
	}
	| ROWS '{' rowitems '}' { $$ = ast_stmt_new(ST_ROWS, LOC(@1)); $$->body = $3; }
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
	IDENT { $$ = ast_arg_new(ARG_NAME, LOC(@1)); $$->name = $1; }
	| sint { $$ = ast_arg_new(ARG_INT, LOC(@1)); $$->num = $1; }
	;

sint:
	INT
	| '-' INT { $$ = -$2; }
	| '+' INT { $$ = $2; }
	;

bounds:
	sint DOTDOT sint { $$.lo = $1; $$.hi = $3; }
	| RANGE
	;

colspecs:
	%empty { $$ = NULL; }
	| colspecs colspec { $$ = AST_APPEND($1, $2); }
	| colspecs error ';' { $$ = $1; }
	;

colspec:
	IDENT '=' idlist ';' { $$ = named_stmt(ST_COLSPEC, @1, $1, @1); $$->ids = $3; }
	| IDENT '=' '*' ';' { $$ = named_stmt(ST_COLSPEC, @1, $1, @1); $$->star = true; }
	;

rowitems:
	%empty { $$ = NULL; }
	| rowitems rowitem {
		/* A row may arrive with its header in front of it. */
		if ($2->kind == ST_HEADER && $2->next) {
			ast_stmt *row = $2->next;
			$2->next = NULL;
			$$ = AST_APPEND($1, $2);
			$$ = AST_APPEND($$, row);
		} else {
			$$ = AST_APPEND($1, $2);
		}
	}
	| rowitems error ';' { $$ = $1; }
	;

/* A header of column ids may stand above the first row, with or without ';'. */
rowitem:
	names cells rule_opt provisional_opt ';' {
		$$ = split_row($1, $2, $3, $4, @4);
	}
	| names ';' { $$ = ast_stmt_new(ST_HEADER, LOC(@1)); $$->ids = $1; }
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
	| sint { $$ = cell(@$, $1, $1, false, false); }
	| RANGE { $$ = cell(@$, $1.lo, $1.hi, false, false); }
	| sint DOTDOT sint { $$ = cell(@$, $1, $3, false, false); }
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
	IDENT ':' type { $$ = ast_param_new($1, LOC(@1), $3); }
	;

type:
	BOOL { $$ = (ast_type){.kind = TY_BOOL, .loc = LOC(@1)}; }
	| INT_KW { $$ = (ast_type){.kind = TY_INT, .loc = LOC(@1), .lo = -RTAB_INT_LIMIT, .hi = RTAB_INT_LIMIT}; }
	| INT_KW bounds { $$ = (ast_type){.kind = TY_INT, .loc = LOC(@1), .lo = $2.lo, .hi = $2.hi}; }
	| IDENT { $$ = (ast_type){.kind = TY_NAMED, .loc = LOC(@1), .name = $1}; }
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
	| '-' expr %prec UNARY { $$ = unary(RTAB_OP_NEG, $2, @1); }
	| '+' expr %prec UNARY { $$ = $2; }
	| '(' expr ')' { $$ = $2; }
	| INT { $$ = number($1, @1); }
	| RANGE { $$ = binary(RTAB_OP_SUB, number($1.lo, @1), number($1.hi, @1), @1); }
	| TRUE { $$ = ast_expr_new(EX_BOOL, LOC(@1)); $$->num = 1; }
	| FALSE { $$ = ast_expr_new(EX_BOOL, LOC(@1)); $$->num = 0; }
	| IDENT { $$ = ast_expr_new(EX_NAME, LOC(@1)); $$->name = $1; }
	;

%%

int rtab_parse(const char *text, size_t len, struct parse_ctx *p)
{
	yyscan_t scanner;
	struct lex_extra extra = {.diag = p->diag, .line = 1, .col = 1};
	int rc;

	if (rtab_yylex_init_extra(&extra, &scanner) != 0)
		return -1;
	YY_BUFFER_STATE buf = rtab_yy_scan_bytes(text, (int)len, scanner);
	rc = rtab_yyparse(scanner, p);
	rtab_yy_delete_buffer(buf, scanner);
	rtab_yylex_destroy(scanner);
	sb_free(&extra.str);
	return rc;
}
