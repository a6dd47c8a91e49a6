/* The syntax tree of one .rtab file, with source locations. */
#ifndef RTAB_AST_H
#define RTAB_AST_H

#include <stdbool.h>
#include <stdint.h>

/* Line and column (counted in UTF-8 characters), both from 1. */
typedef struct src_loc {
	int line, col;
} src_loc;

typedef enum expr_kind {
	EX_INT,
	EX_BOOL,
	EX_NAME, /* an input, or an enum value resolved against the other operand */
	EX_UNARY,
	EX_BINARY,
} expr_kind;

typedef struct ast_expr {
	expr_kind kind;
	src_loc loc;
	int op; /* rtab_op for unary and binary */
	int64_t num;
	char *name;
	struct ast_expr *lhs, *rhs;
} ast_expr;

typedef struct ast_id {
	char *id;
	src_loc loc;
	struct ast_id *next, *tail;
} ast_id;

typedef enum arg_kind { ARG_INT, ARG_NAME } arg_kind;

typedef struct ast_arg {
	arg_kind kind;
	src_loc loc;
	int64_t num;
	char *name;
	struct ast_arg *next, *tail;
} ast_arg;

/* A roll range of one row in one column; open ends are INT64 bounds. */
typedef struct ast_cell {
	src_loc loc;
	int64_t lo, hi;
	bool open_lo, open_hi;
	struct ast_cell *next, *tail;
} ast_cell;

typedef enum type_kind { TY_BOOL, TY_INT, TY_NAMED } type_kind;

typedef struct ast_type {
	type_kind kind;
	src_loc loc;
	char *name;
	int64_t lo, hi;
} ast_type;

typedef struct ast_param {
	char *id;
	src_loc loc;
	ast_type type;
	struct ast_param *next, *tail;
} ast_param;

typedef struct ast_dice_group {
	src_loc loc;
	int64_t count, sides;
	bool has_faces;
	int64_t face_lo, face_hi;
	struct ast_dice_group *next, *tail;
} ast_dice_group;

typedef enum stmt_kind {
	ST_LABEL,     /* LOCALE "text"; */
	ST_LOCALES,   /* locales a, b; */
	ST_VALUE,     /* enum value: ID; or ID { labels } */
	ST_EFFECT,    /* kind(args); */
	ST_TRIGGER,   /* trigger TABLE; */
	ST_WHEN,      /* when EXPR; */
	ST_AMOUNT,    /* value EXPR; */
	ST_ROLL,      /* roll DICE; */
	ST_MODIFIERS, /* modifiers a, b; */
	ST_CAP,       /* cap LO..HI; */
	ST_COLUMNS,   /* columns by INPUT { specs } */
	ST_COLSPEC,   /* ID = values; or ID = *; */
	ST_ROWS,      /* rows { header? rows } */
	ST_HEADER,    /* column ids above the rows */
	ST_ROW,       /* OUTCOME cells [@ rule] [provisional "why"]; */
} stmt_kind;

typedef struct ast_stmt {
	stmt_kind kind;
	src_loc loc;
	char *name; /* locale, value, effect kind, table, dice, column input or outcome */
	src_loc name_loc;
	char *text; /* label text, provisional reason */
	src_loc text_loc;
	char *rule;
	bool star;
	int64_t lo, hi;
	ast_id *ids;
	ast_arg *args;
	ast_expr *expr;
	ast_cell *cells;
	struct ast_stmt *body;
	struct ast_stmt *next, *tail;
} ast_stmt;

typedef enum def_kind {
	DEF_RULESET,
	DEF_DICE,
	DEF_ENUM,
	DEF_INPUT,
	DEF_EFFECT,
	DEF_OUTCOME,
	DEF_MODIFIER,
	DEF_TABLE,
	DEF_KIND_COUNT_
} def_kind;

typedef struct ast_def {
	def_kind kind;
	src_loc loc;
	char *id;
	src_loc id_loc;
	char *rule;
	ast_stmt *body;
	ast_dice_group *dice;
	ast_type type;
	ast_expr *init;
	ast_param *params;
	struct ast_def *next, *tail;
} ast_def;

const char *def_kind_name(def_kind kind);

ast_expr *ast_expr_new(expr_kind kind, src_loc loc);
ast_stmt *ast_stmt_new(stmt_kind kind, src_loc loc);
ast_def *ast_def_new(def_kind kind, src_loc loc, char *id, src_loc id_loc);
ast_id *ast_id_new(char *id, src_loc loc);
ast_arg *ast_arg_new(arg_kind kind, src_loc loc);
ast_cell *ast_cell_new(src_loc loc);
ast_param *ast_param_new(char *id, src_loc loc, ast_type type);
ast_dice_group *ast_dice_group_new(src_loc loc);

/* Append to a list kept with its tail on the head, in O(1). */
#define AST_APPEND(list, item)                            \
	((list) ? ((list)->tail->next = (item), (list)->tail = (item), (list)) \
		: ((item)->tail = (item), (item)))

void ast_expr_free(ast_expr *e);
void ast_ids_free(ast_id *l);
void ast_args_free(ast_arg *l);
void ast_cells_free(ast_cell *l);
void ast_params_free(ast_param *l);
void ast_dice_free(ast_dice_group *l);
void ast_stmts_free(ast_stmt *l);
void ast_defs_free(ast_def *l);
void ast_type_free(ast_type *t);

#endif
