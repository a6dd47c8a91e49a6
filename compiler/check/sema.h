/* Helpers shared by the passes that resolve a file into a model. */
#ifndef RTAB_SEMA_H
#define RTAB_SEMA_H

#include "check/checks.h"
#include "check/model.h"

void *model_array(model *m, size_t n, size_t size);

/* Room for one more item in a definition that holds have already; when
 * there is none, says so once (-Wlimits, at the first item past the limit). */
bool item_room(model *m, size_t have, src_loc loc, const char *what, const char *owner_kind,
	       const char *owner);

/* Index of a value of an enum by its id, or -1 (linear time overall). */
int model_enum_value(const model *m, int enum_index, const char *id);

/* Index of the definition of that kind and id, or -1. */
int model_find(const model *m, def_kind kind, const char *id);

/* Report an unknown name, suggesting the nearest of candidates. */
void report_unknown(model *m, src_loc loc, const char *what, const char *id,
		    const char *const *candidates, size_t n, size_t stride);

/* The same, saying where the name was looked for ("of enum 'side'"). */
void report_unknown_in(model *m, src_loc loc, const char *what, const char *id, const char *within,
		       const char *const *candidates, size_t n, size_t stride);

/* Resolve id as a definition of kind; reports and returns -1 if unknown. */
int resolve_def(model *m, def_kind kind, const char *id, src_loc loc);

/* Resolve id as a value of an enum; reports and returns -1 if unknown. */
int resolve_enum_value(model *m, int enum_index, const char *id, src_loc loc);

/* The labels of a definition (its ST_LABEL statements), one per locale. */
rtab_labels read_labels(model *m, const ast_stmt *body, const char *what, const char *id,
			src_loc loc, bool want_labels);

/* How many statements of a kind a body holds. */
size_t count_stmts(const ast_stmt *body, stmt_kind kind);

/* The id, labels and rule reference every runtime structure starts with. */
/* The reason of the first 'provisional "why";' in a block, or NULL. */
const char *block_provisional(model *m, const ast_stmt *body);
void def_head(model *m, const ast_def *d, const char *what, const char **id, rtab_labels *labels,
	      const char **rule);

/* Report a statement that does not belong where it is written. */
void report_misplaced(model *m, const ast_stmt *s, const char *where);

/* Typed expressions. */
typedef struct expr_type {
	rtab_type_kind kind;
	int enum_index;
	int64_t lo, hi; /* as the runtime holds them: an EXPR_EXACT value scaled */
	int64_t grain;  /* every value is a multiple of grain/scale (0: always 0; set by
			   the walk for INT and EXPR_EXACT) */
} expr_type;

/* The kind of an exact number (a ruleset with `exact 1/N;`, N > 1): the
 * runtime holds it scaled by the ruleset's scale. Never an input's type. */
#define EXPR_EXACT ((rtab_type_kind)3)
/* What compile_expr accepts where a number may be exact (a distance, odds). */
#define EXPR_NUMERIC ((rtab_type_kind)4)

/* The greatest common divisor of |a| and |b| (0 when both are 0). */
int64_t exact_gcd(int64_t a, int64_t b);

/* The ruleset's scale: 1 for whole numbers only. */
int32_t model_scale(const model *m);

/* A number of the source in thousandths as the runtime holds it (scaled);
 * reports (exact-numbers) a number finer than the ruleset's precision. */
bool model_exact(model *m, int64_t milli, src_loc loc, int64_t *scaled);

/* The value an argument (a number, a decimal, true/false) gives input ip,
 * checked against its domain and step; false after reporting. */
bool input_number_arg(model *m, const rtab_input *ip, const ast_arg *a, const char *key,
		      int64_t *out);

/* `exact 1/N;` in the ruleset header (seen: the first one met). */
void resolve_exact(model *m, const ast_stmt *s, const ast_stmt **seen);

/* The domain of `number LO..HI by STEP`, scaled into in; false after reporting. */
bool resolve_number_type(model *m, const ast_type *t, rtab_input *in);

/* Append RTAB_OP_SCALE to a compiled whole-number expression (making it exact). */
void expr_make_exact(model *m, rtab_expr *e, expr_type *t);

/* Compile e to a postfix program; want is the kind expected. */
bool compile_expr(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		  expr_type *type);

/* The same; role names what e is in a type error ("a 'times' count"). */
bool compile_expr_as(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		     expr_type *type, const char *role);

/* The constant value of e (a default value) of the given type. */
bool const_value(model *m, const ast_expr *e, rtab_type_kind kind, int enum_index, int64_t *out);

/* Index of a named step; declare adds it (from a modifier), else it must exist. */
int model_step(model *m, const char *id, src_loc loc, bool declare);

/* Resolve the target of a trigger: a table, reaction set, transition, distance or procedure. */
bool resolve_target(model *m, const char *id, src_loc loc, rtab_target *out);

void resolve_steps(model *m);
void resolve_matrices(model *m);
void resolve_bands(model *m);
void resolve_groups(model *m);
void resolve_reactions(model *m);
void resolve_transitions(model *m);
void resolve_distances(model *m);
void resolve_procedures(model *m);
void resolve_examples(model *m);
void resolve_tables(model *m);

/* Tables as printed (sema_grid.c). */
bool parse_rounding(model *m, const char *word, src_loc loc, uint8_t *out);
/* The ST_WORDS statement 'word ...;' of a definition (a second is reported), or NULL. */
const ast_stmt *table_word(model *m, const ast_def *d, const char *word);
/* Every outcome's 'code': one short name, not another's. */
void check_outcome_codes(model *m);
/* An outcome by its id, or by the code it declares; reports an unknown name. */
int resolve_outcome_or_code(model *m, const char *name, src_loc loc);
/* The outcome an id or code names, or -1; reports nothing. */
int outcome_of_name(model *m, const char *name);
/* Rolls as a grid line prints them: "3", "3-4", "<=0", ">=7", "any". */
void format_rolls(char *buf, size_t n, int64_t lo, int64_t hi);
/* A variant's 'cell' patches (sema_patch.c): applied to the grid it takes
 * from base (NULL: 'like' named no table) and removed from its body. */
void apply_cell_patches(model *m, ast_def *v, const ast_def *base, bool own_grid);
/* 'cell' patches in a table that is no variant. */
void report_stray_patches(model *m, const ast_def *d);
/* A column step as printed: 1.5:1, 1:4, +2. */
void format_step(char *buf, size_t n, const rtab_table *t, int64_t num, int64_t den);
size_t header_width(const ast_stmt *header);
/* The key of a computed column, and the columns (from first on) the grid's header gives. */
bool resolve_key_columns(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols,
			 const ast_stmt *header, rtab_column *columns, size_t first);
/* The parts of resolve_key_columns: the key (its rounding too), then the
 * steps of the columns a header prints. */
bool compile_key(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols);
bool resolve_key_header(model *m, rtab_table *t, const ast_stmt *cols, const ast_stmt *header,
			rtab_column *columns, size_t first);
/* One grid of a table and the columns its cells fill: first, and width of them. */
typedef struct grid_part {
	const ast_stmt *grid;
	size_t first, width;
} grid_part;
/* The lines of one or more grids (two keys: one per variant), lowered as one. */
void resolve_grids(model *m, const ast_def *d, rtab_table *t, model_table *mt,
		   const grid_part *parts, size_t nparts, bool has_header);
/* 'below X;' / 'above [STEP] X;': the automatic column at the start of the run
 * of columns from first (below), or at t->ncolumns (above, counted). */
void end_column(model *m, rtab_table *t, const ast_stmt *w, bool above, size_t first);
/* Two keys, 'columns by (VARIANT, odds(A, B))' with 'grid VALUE { ... }' per
 * value (sema_twokey.c): the columns, their ends and the grids. */
void resolve_two_key_table(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			   const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above);
/* The lines of a grid, lowered to rows and cells as the row form is. */
void resolve_grid(model *m, const ast_def *d, rtab_table *t, model_table *mt, const ast_stmt *grid,
		  bool has_header);
void lower_tables(model *m);

/* Outcomes that carry numbers (sema_numeric.c). */
/* Replace the definitions of a kind (and their index) by defs[0..n). */
void model_set_defs(model *m, def_kind kind, const ast_def **defs, size_t n);
/* Take the numeric outcomes out of the outcomes, read their patterns, and add
 * one outcome per distinct instantiation the tables name ("6/3", "DR2"). */
void expand_numeric_outcomes(model *m);
/* Fill rs.numeric_outcomes, and the numbers of each instantiation. */
void lower_numeric_outcomes(model *m);
/* The instantiation a name stands for ("6/3", "DR2"): its outcome index; -1
 * when the name is no numeric outcome's; -2 when an error was reported. */
int numeric_lookup(model *m, const char *name, src_loc loc);
/* The instantiation an example names as loss(6, 3), or -1 (reported). */
int numeric_call(model *m, const char *name, const ast_arg *args, src_loc loc);
/* A note listing the code patterns, after an unknown outcome name. */
void numeric_note_patterns(model *m, src_loc loc);
void numeric_free(model *m);
/* The text of a grid cell printed as a bare number ("3" hexes) when numeric
 * outcomes may read it, else NULL. */
const char *numeric_cell_text(model *m, const ast_cell *c);

#endif
