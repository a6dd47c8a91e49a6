/* Helpers shared by the passes that resolve a file into a model. */
#ifndef RTAB_SEMA_H
#define RTAB_SEMA_H

#include "checks.h"
#include "model.h"

void *model_array(model *m, size_t n, size_t size);

/* The most items of one kind in one definition that the runtime's 16-bit
 * counts (and 16-bit signed indices) hold. */
#define MAX_ITEMS 30000

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
	int64_t lo, hi;
} expr_type;

/* Compile e to a postfix program; want is the kind expected. */
bool compile_expr(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		  expr_type *type);

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
void lower_tables(model *m);

#endif
