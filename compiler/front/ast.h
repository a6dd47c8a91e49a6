/* SPDX-License-Identifier: MIT */
/* The syntax tree of one .rtab file, with source locations. */
#ifndef RTAB_AST_H
#define RTAB_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/loc.h"
#include "base/util.h"

/* Integers in the source stay within +-RTAB_INT_LIMIT (the lexer clamps and
 * reports larger ones), so that sums in the checks cannot overflow. */
#define RTAB_INT_LIMIT 1000000000

/* An int input written without a bound at one end ('int', 'int >= 0',
 * 'int <= 10') holds RTAB_INT_LIMIT there: its end is open. A value computed
 * from an open end ('losses + 1') lies at or past the limit. */
static inline bool int_open_below(int64_t lo)
{
	return lo <= -RTAB_INT_LIMIT;
}

static inline bool int_open_above(int64_t hi)
{
	return hi >= RTAB_INT_LIMIT;
}

typedef enum expr_kind {
	EX_INT,
	EX_BOOL,
	EX_NAME, /* an input, or an enum value resolved against the other operand */
	EX_UNARY,
	EX_BINARY,
	EX_CALL, /* a matrix, a ratio band or a built-in: name(args) */
	EX_DICE, /* NdM rolled inside an expression */
	EX_IF,   /* if lhs then rhs else third */
	EX_DECIMAL, /* a decimal literal like 12.5: num in thousandths (12500) */
} expr_kind;

/* Decimals in the source (12.5, 0.25) are read in thousandths: at most 3 decimals. */
#define RTAB_MILLI 1000

typedef struct ast_expr {
	expr_kind kind;
	src_loc loc;
	int op; /* rtab_op for unary and binary */
	int64_t num, sides;
	char *name;
	struct ast_expr *lhs, *rhs, *third;
	struct ast_expr *args;     /* of a call, linked by next_arg */
	struct ast_expr *next_arg;
	struct ast_expr *last_arg; /* on the first argument: the last, to append in O(1) */
	char *unit; /* a number or dice written with its unit ('6 inch', '2d6 cm'), or NULL */
	src_loc unit_loc;
} ast_expr;

typedef struct ast_id {
	char *id;
	src_loc loc;
	bool minus; /* '-X' of an errata patch's list: X taken out */
	struct ast_id *next, *tail;
} ast_id;

typedef enum arg_kind { ARG_INT, ARG_NAME, ARG_DECIMAL /* num in thousandths */ } arg_kind;

typedef struct ast_arg {
	arg_kind kind;
	src_loc loc;
	int64_t num;
	char *name;
	char *key; /* NAME = value, in an example's inputs */
	src_loc key_loc;
	char *unit; /* ARG_INT written with its unit: retreat(defender, 2 hex) */
	src_loc unit_loc;
	struct ast_arg *next, *tail;
} ast_arg;

/* What a cell of a row or an item of a grid line holds. */
typedef enum cell_kind {
	CELL_RANGE = 0, /* a roll range (or a number): lo..hi, open ends at INT64 bounds */
	CELL_NAME,      /* an outcome id or code (grids), a column label */
	CELL_ABSENT,    /* '—' or '-': no row here */
	CELL_RATIO,     /* N:M odds, 1.5:1 as lo = 3, hi = 2 */
	CELL_COLON,     /* the ':' after a grid line's roll */
} cell_kind;

/* A roll range of one row in one column; open ends are INT64 bounds. */
typedef struct ast_cell {
	src_loc loc;
	cell_kind kind;
	int64_t lo, hi;
	bool open_lo, open_hi;
	char *name; /* CELL_NAME; on a CELL_RANGE of a grid's header, the name
		     * printed over the column's values (light over 0-2) */
	src_loc name_loc; /* where that name is printed */
	/* A grid cell a variant's 'cell' patch wrote: its own rule and reason
	 * (NULL: the table's rule, none) instead of its line's. */
	bool patched;
	char *rule, *text;
	struct ast_cell *next, *tail;
} ast_cell;

/* One roll range of a row of a 'rows' block: lo..hi, an open end at its INT64
 * bound (only '<=', '>=' and 'N+' write one); '—' (no row in this column) as
 * lo INT64_MAX and hi INT64_MIN, which no written range gives. */
typedef struct ast_range {
	int64_t lo, hi;
	src_loc loc;
} ast_range;

static inline bool ast_range_absent(const ast_range *r)
{
	return r->lo == INT64_MAX && r->hi == INT64_MIN;
}

/* A row of a 'rows' block: OUTCOME RANGES [@ rule] [provisional "why"];
 * its name in the block's arena, its ranges in the block's ranges, its rule
 * and reason (rare) in the block's notes. */
typedef struct ast_row {
	const char *name; /* the outcome as written */
	src_loc loc;      /* of the outcome's name: where the row is written */
	uint32_t first, nranges;
} ast_row;

/* The rule and reason of a row that gives either, by the row's index. */
typedef struct ast_row_note {
	uint32_t row;
	const char *rule; /* NULL: the table's */
	const char *text; /* the provisional reason, or NULL */
	src_loc text_loc;
} ast_row_note;

/* The rows of a 'rows' block, kept compact: a table may have a million. */
typedef struct ast_rows {
	ast_row *rows;
	size_t nrows, cap_rows;
	ast_range *ranges;
	size_t nranges, cap_ranges;
	ast_row_note *notes; /* in the order of their rows */
	size_t nnotes, cap_notes;
	arena text; /* names, rules and reasons */
} ast_rows;

ast_rows *ast_rows_new(void);
void ast_rows_free(ast_rows *r);
/* Append a row (strings copied) with no ranges yet; then its ranges, in order. */
void ast_rows_add(ast_rows *r, const char *name, size_t name_len, src_loc loc, const char *rule,
		  const char *text, src_loc text_loc);
void ast_rows_add_range(ast_rows *r, const ast_range *range);
/* The rule and reason of row i, or NULL when it gives neither. */
const ast_row_note *ast_rows_note(const ast_rows *r, size_t i);
/* Every row that gives no rule takes this one (a copy). */
void ast_rows_default_rule(ast_rows *r, const char *rule);
static inline const ast_range *ast_row_ranges(const ast_rows *r, const ast_row *row)
{
	return r->ranges + row->first;
}

/* A cell of a grid line in a grid's compact lines (ast_glines). */
typedef struct ast_gcell {
	union {
		struct {
			int64_t lo, hi; /* CELL_RANGE, CELL_RATIO, CELL_ABSENT (1, 0) */
		};
		const char *name; /* CELL_NAME, in the lines' arena */
	};
	src_loc loc;
	uint8_t kind; /* cell_kind */
	bool open_lo, open_hi;
} ast_gcell;

/* The lines of a grid after its first, kept compact: a table may have a
 * million. Line i's cells are cells[first[i]] up to the next line's first;
 * its rule and reason (rare) are in notes, by the line's index. */
typedef struct ast_glines {
	uint32_t *first;
	size_t nlines, cap_lines;
	ast_gcell *cells;
	size_t ncells, cap_cells;
	ast_row_note *notes;
	size_t nnotes, cap_notes;
	arena text; /* names, rules and reasons */
} ast_glines;

ast_glines *ast_glines_new(void);
void ast_glines_free(ast_glines *g);
/* Append a line with no cells yet (rule and reason copied; NULL: none), then its cells. */
void ast_glines_add_line(ast_glines *g, const char *rule, const char *text, src_loc text_loc);
/* A cell of the last line; a CELL_NAME's name is the name_len bytes at c->name (copied). */
void ast_glines_add_cell(ast_glines *g, const ast_gcell *c, size_t name_len);
/* Take the last line back, with its cells (a line that gives no rule or reason). */
void ast_glines_drop_line(ast_glines *g);
/* Every line that gives no rule takes this one (a copy). */
void ast_glines_default_rule(ast_glines *g, const char *rule);

typedef enum type_kind {
	TY_BOOL,
	TY_INT,
	TY_NAMED,
	TY_LIST,
	TY_NUMBER, /* name MIN..MAX by STEP ('number'): lo, hi, step in thousandths */
} type_kind;

/* TY_LIST: 'list LO..HI of { fields }', the fields in the definition's params. */
typedef struct ast_type {
	type_kind kind;
	src_loc loc;
	char *name;
	int64_t lo, hi;
	int64_t step; /* TY_NUMBER */
	char *unit;   /* 'int 0..30 inch': the unit of the quantity, or NULL */
	src_loc unit_loc;
} ast_type;

typedef struct ast_param {
	char *id;
	src_loc loc;
	ast_type type;
	struct ast_expr *init; /* a list field's default, or NULL */
	struct ast_stmt *body; /* a list field's labels and provisional reason */
	/* 'or NAME = N [code CODE]' after a numeric outcome's parameter: kind ARG_INT,
	 * name the special value, num its number, key its code (or NULL) */
	struct ast_arg *specials;
	struct ast_param *next, *tail;
} ast_param;

typedef struct ast_dice_group {
	src_loc loc;
	int64_t count, sides;
	bool has_faces;
	int64_t face_lo, face_hi;
	struct ast_dice_group *next, *tail;
} ast_dice_group;

/* The kinds of definition, one per line of front/constructs.def. */
typedef enum def_kind {
#define RTAB_DEF(kind, ...) DEF_##kind,
#include "front/constructs.def"
	DEF_KIND_COUNT_
} def_kind;

/* The kinds of statement, one per line of front/constructs.def. */
typedef enum stmt_kind {
#define RTAB_STMT(kind, ...) ST_##kind,
#include "front/constructs.def"
	ST_KIND_COUNT_
} stmt_kind;

/* The comparison of two rolls a table declares (ST_COMPARE's lo). */
typedef enum compare_kind { CMP_LT = 1, CMP_LE, CMP_GT, CMP_GE, CMP_EQ } compare_kind;

/* How the grammar knows a statement (see front/constructs.def). */
typedef enum stmt_form { FORM_KEYWORD, FORM_WORDS, FORM_EXACT, FORM_PATCH } stmt_form;

typedef enum expect_kind { EXPECT_NAME, EXPECT_SET, EXPECT_VALUE } expect_kind;

/* What a statement's owned fields hold: each is freed and copied by its kind. */
typedef char *ast_owned_str;
typedef ast_id *ast_owned_ids;
typedef ast_arg *ast_owned_args;
typedef ast_expr *ast_owned_expr;
typedef ast_cell *ast_owned_cells;
typedef struct ast_stmt *ast_owned_stmts;
typedef ast_rows *ast_owned_rows;
typedef ast_glines *ast_owned_glines;

/* The fields of a statement that own memory, each with what it holds: the
 * struct, ast_stmts_free and ast_stmt_copy are made from this one list. */
#define AST_STMT_OWNED(X)                                                          \
	X(str, name)   /* locale, value, effect kind, table, dice, column input or       \
			  outcome; a misspelt statement's word as written */             \
	X(str, text)   /* label text, provisional reason */                               \
	X(str, rule)                                                                      \
	X(str, name2)  /* the target of an arc or rewrite; a distance's unit */           \
	X(ids, ids)    /* the names of a list; ST_PATCH: the word before the column */    \
	X(ids, triggers)     /* ST_CHECK: what the result must trigger, in any order */  \
	X(args, args)  /* ST_REWRITE: 'loss(a, d) -> ...', the numbers its result binds */ \
	X(args, expect_args) /* ST_CHECK: '-> loss(6, 3)', the outcome's numbers */      \
	X(expr, expr)  /* ST_COLUMNS: the key's arguments (linked by next_arg) */         \
	X(expr, times) /* trigger ... times EXPR; ST_COLUMNS: the first key's arguments */ \
	X(expr, result_args) /* ST_REWRITE: '-> loss(a + 1, d)', its result's numbers  \
				(linked by next_arg) */                                     \
	X(cells, cells) /* ST_PATCH: the rolls, then the result (CELL_NAME, or           \
			   CELL_ABSENT for '-') */                                       \
	X(cells, step) /* ST_ABOVE, ST_BELOW: 'above 7:1 X'; ST_PATCH: the column */      \
	X(stmts, body) /* a block; ST_ROWS: its headers; ST_GRID: its lines */            \
	X(rows, rows)  /* ST_ROWS */                                                      \
	X(glines, lines) /* ST_GRID: its lines after the first (in body), or NULL */

#define AST_STMT_MEMBER(type, field) ast_owned_##type field;

typedef struct ast_stmt {
	stmt_kind kind;
	src_loc loc;
	AST_STMT_OWNED(AST_STMT_MEMBER)
	src_loc name_loc;
	src_loc text_loc;
	src_loc name2_loc;
	bool star;     /* '*' of a column or an arc; a '+' list of a variant; ST_ROWS: 'rows otherwise' */
	bool by_condition; /* ST_ROWS written 'rows [NAME] when CONDITION' or 'rows NAME otherwise' */
	bool misspelt; /* ST_EXACT, ST_PATCH: begun by another word than the statement's */
	int64_t lo, hi;
	/* An example's check. */
	bool has_drm, has_roll;
	int64_t drm;
	expect_kind expect;
	int64_t expect_value;
	bool expect_milli; /* expect_value is a decimal, in thousandths */
	bool has_expect_modifier, has_expect_roll, expect_provisional, expect_settled, has_expect_triggers;
	int64_t expect_modifier, expect_roll;
	bool all_values;    /* ST_COLUMNS: 'columns by INPUT;' (every value its own column) */
	bool expect_call;   /* ST_CHECK: '-> loss(6, 3)', a numeric outcome and its numbers */
	bool minus;         /* 'modifiers +X, -Y;': some item is taken out of the list (an errata patch) */
	struct ast_stmt *next, *tail;
} ast_stmt;

/* What front/constructs.def says of a statement kind. */
typedef struct stmt_construct {
	const char *name;  /* in dumps and listings */
	stmt_form form;
	const char *word;  /* WORDS, EXACT, PATCH: the identifier that begins it */
	const char *what;  /* as a message names it */
	const char *home;  /* where a message says it belongs: "a group" */
	uint32_t in;       /* the definitions that take it, one bit per def_kind (constructs.def) */
} stmt_construct;

const stmt_construct *stmt_construct_of(stmt_kind kind);
const char *stmt_kind_name(stmt_kind kind);
/* The kind of the given form that word begins, or ST_KIND_COUNT_. */
stmt_kind stmt_kind_of_word(stmt_form form, const char *word);
/* Whether the body of a definition of kind def takes a statement of kind st,
 * as the 'in' column of constructs.def says. */
bool def_takes_stmt(def_kind def, stmt_kind st);
/* What to write after word (a statement's first word, '->', '@' ...) when
 * the statement is unfinished there (at_end: it ends right after the word);
 * NULL where there is no hint. */
const char *statement_hint(const char *word, bool at_end);
/* A grid's header, the line that names its columns: its first line after the
 * odds lines ('clear:  1:3  1:2 ...') that stand above it; NULL if none. */
const struct ast_stmt *ast_grid_header(const struct ast_stmt *grid);


/*
 * A part of a definition (a row, a grid line, a cell patch, a natural rule, a
 * rewrite, a trigger, an option, a step) may give its rule reference per
 * locale, '@ en "7.3" de "8.2"'. Its rule then holds every locale's in one
 * string, each AST_REFS_LOCALE LOCALE AST_REFS_TEXT TEXT, so that it travels
 * wherever a plain reference travels (the compact rows and grid lines, a
 * variant's copy, a patch, the comparison of editions) and is read apart
 * where the part is lowered (part_rule_refs in check/names/rule_refs.h). No
 * string of the language holds these control characters (the scanner
 * refuses them). The locale words, with their places, stay on the
 * definition (ast_def.part_refs), for the check of the locales.
 */
#define AST_REFS_LOCALE '\x1f'
#define AST_REFS_TEXT '\x1e'

typedef struct ast_part_refs {
	src_loc at;        /* the '@' */
	ast_stmt *locales; /* ST_LABEL per locale: name the locale, text the reference */
	struct ast_part_refs *next, *tail;
} ast_part_refs;

/* The rule of a part that gives references per locale (see AST_REFS_LOCALE). */
char *ast_part_rule_encode(const ast_stmt *locales);
static inline bool ast_rule_per_locale(const char *rule)
{
	return rule && rule[0] == AST_REFS_LOCALE;
}
void ast_part_refs_free(ast_part_refs *l);
/* Copies of the references of l, appended to the list to (NULL: a new list). */
ast_part_refs *ast_part_refs_copy(ast_part_refs *to, const ast_part_refs *l);

typedef struct ast_def {
	def_kind kind;
	src_loc loc;
	char *id;
	src_loc id_loc;
	char *rule;
	ast_stmt *refs; /* @ en "..." ru "...": ST_LABEL per locale; NULL for a plain @ "..." */
	ast_part_refs *part_refs; /* its parts' references per locale, in order */
	ast_stmt *body;
	ast_dice_group *dice;
	ast_type type;
	ast_expr *init;
	ast_param *params;
	char *by; /* the input a transition follows */
	bool damaged; /* error recovery dropped part of it */
	bool instance; /* an outcome with numbers put in (its labels are checked on its declaration) */
	/* An errata patch applied: the statements the edition before gave, those
	 * the patch replaces, and its 'cell' patches still to apply; the body is
	 * the edition's own (edition_free frees it). */
	bool errata_patch;
	src_loc by_loc;
	/* An input the compiler made for one field of one item of a list input
	 * (never in a parsed list of definitions): the list, the item, the field. */
	const struct ast_def *list_of;
	const char *list_name; /* "units.wounds": the field of every item */
	int list_item;
	const struct ast_param *list_field;
	struct ast_def *next, *tail;
} ast_def;

const char *def_kind_name(def_kind kind);
/* The kind with its article, where a message says a statement belongs: "a table". */
const char *def_kind_phrase(def_kind kind);

/* remove KIND ID; in an errata layer. */
typedef struct ast_remove {
	def_kind kind;
	char *id;
	src_loc loc, id_loc;
	struct ast_remove *next, *tail;
} ast_remove;

/* errata NAME @ "ref" { labels; definitions restated or added; remove KIND ID; } */
typedef struct ast_errata {
	char *id;
	src_loc loc, id_loc;
	char *rule;
	ast_stmt *labels;    /* LOCALE "text"; */
	ast_def *defs;       /* restated in full, or new, in order */
	ast_remove *removes; /* in order */
	ast_def *patches;    /* patch KIND ID { statements }: the kind, id and statements */
	bool damaged;        /* error recovery dropped part of it */
	struct ast_errata *next, *tail;
} ast_errata;

void ast_removes_free(ast_remove *l);
void ast_errata_free(ast_errata *l);

ast_expr *ast_expr_new(expr_kind kind, src_loc loc);
ast_stmt *ast_stmt_new(stmt_kind kind, src_loc loc);
ast_def *ast_def_new(def_kind kind, src_loc loc, char *id, src_loc id_loc);
ast_id *ast_id_new(char *id, src_loc loc);
ast_arg *ast_arg_new(arg_kind kind, src_loc loc);
ast_cell *ast_cell_new(src_loc loc);
ast_param *ast_param_new(char *id, src_loc loc, ast_type type);
ast_dice_group *ast_dice_group_new(src_loc loc);

/* Append to a list kept with its tail on the head, in O(1). Both arguments are
 * evaluated more than once: pass names, not calls (a call would append one
 * copy and leak the others). */
#define AST_APPEND(list, item)                            \
	((list) ? ((list)->tail->next = (item), (list)->tail = (item), (list)) \
		: ((item)->tail = (item), (item)))

/* The lines of a grid, in order: the statements of its body, then its compact
 * lines, each read as a statement ST_GRID_LINE that stays valid until the
 * next call. ast_grid_walk_end frees what the walk holds. */
typedef struct ast_grid_walk {
	const ast_stmt *grid, *stmt;
	size_t line;
	ast_stmt view;
	ast_cell *cells;
	size_t cap;
} ast_grid_walk;
const ast_stmt *ast_grid_first(ast_grid_walk *w, const ast_stmt *grid);
const ast_stmt *ast_grid_next(ast_grid_walk *w);
void ast_grid_walk_end(ast_grid_walk *w);
/* Move a grid's compact lines into its body as statements, for what edits them. */
void ast_grid_expand(ast_stmt *grid);
/* Append a grid line the grammar read: the first into the body, the rest compact. */
void ast_grid_add_line(ast_stmt *grid, ast_stmt *line);

/* A deep copy of a statement (its block too), to own and free apart. */
ast_stmt *ast_stmt_copy(const ast_stmt *s);
/* An expression copied (without the arguments that follow it). */
ast_expr *ast_expr_copy(const ast_expr *e);
/* A table whose first of two keys is a value ('columns by (value(range),
 * value(fire))') names each grid by the values it reads ('grid 0-2 { ... }'):
 * each such grid becomes the line read when the key lies there, a line
 * chosen by a condition ('grid range 0-2 when range >= 0 and range <= 2'),
 * which the checks prove exclusive and covering as any such lines. */
void ast_value_lines(ast_stmt *body);

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
