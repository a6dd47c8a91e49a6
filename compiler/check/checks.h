/* SPDX-License-Identifier: MIT */
/* The named checks: every semantic diagnostic names the check that fired. */
#ifndef RTAB_CHECKS_H
#define RTAB_CHECKS_H

#include "base/diag.h"

typedef enum check_id {
	CHECK_SYNTAX_ORDER,      /* the ruleset header: present, first, once */
	CHECK_UNKNOWN_NAME,
	CHECK_DUPLICATE,
	CHECK_MISPLACED,         /* a statement that does not belong in its definition */
	CHECK_MISSING,           /* a statement a definition needs */
	CHECK_C_NAME,            /* generated C names must not collide */
	CHECK_TYPE,              /* operand and value types */
	CHECK_EFFECT_ARGS,       /* arity and types of effect arguments */
	CHECK_BAD_RANGE,         /* a range whose low end is above its high end, bad dice */
	CHECK_COLUMNS,           /* column input values mapped exactly once */
	CHECK_ROW_SHAPE,         /* one roll range per column; header names the columns */
	CHECK_ROW_GAP,
	CHECK_ROW_OVERLAP,
	CHECK_MISSING_LABEL,
	CHECK_LIMITS,            /* sizes the runtime cannot represent */
	CHECK_MATRIX_CELLS,      /* every cell of a matrix has a value */
	CHECK_TRANSITION,        /* a transition says what every state becomes */
	CHECK_UNITS,             /* distances carry known units */
	CHECK_EXAMPLE,           /* examples name what exists */
	CHECK_PROVISIONAL,       /* values the source does not settle (listed by check) */
	CHECK_UNREACHABLE_ROW,   /* rows no roll that can occur reaches */
	CHECK_MASKED_NATURAL,    /* natural-roll rules hidden by an earlier one */
	CHECK_UNUSED,            /* definitions nothing uses */
	CHECK_TRIGGER_CYCLE,     /* a table that can trigger itself */
	CHECK_LOOKUP_DOMAIN,     /* a matrix cell or ratio value outside its declared range */
	CHECK_UNIT_MISMATCH,     /* two forms of a distance that disagree beyond rounding */
	CHECK_NO_OPTION,         /* a situation in which a reaction set allows nothing, unsaid */
	CHECK_ERRATA,            /* errata layers: named once, not 'original', last, removing what exists */
	CHECK_ERRATA_UNCHANGED,  /* an errata layer restates a definition without changing it */
	CHECK_ERRATA_NEW,        /* an errata layer adds a definition whose id is one letter off another's */
	CHECK_PATCH,             /* a variant's cell patches name cells of its base's grid */
	CHECK_PATCH_UNCHANGED,   /* a cell patch changes what it patches */
	CHECK_NUMERIC,           /* outcomes that carry numbers: patterns, cells, domains */
	CHECK_EXACT,             /* `exact 1/N;` and decimals the precision holds */
	CHECK_INEXACT,           /* a division or product that may have no exact value */
	CHECK_FRACTIONAL,        /* an exact number where the rule needs a whole one, unrounded */
	CHECK_REQUIRE,           /* some situation meets every requirement on the inputs */
	CHECK_UNIT_DECLARATION,  /* units: declared once, converting without a cycle, exactly */
	CHECK_UNIT_CONVERSION,   /* quantities of different units meet without a declared conversion */
	CHECK_UNIT_PRINTED,      /* a printed pair of figures disagrees with the declared conversion */
	CHECK_UNIT_PLACEMENT,    /* a unit on what is no quantity (an enum, a bool) */
	CHECK_MISSING_UNIT,      /* a quantity without its unit, where the file declares units */
	CHECK_OUTCOME_GROUP,     /* an outcome group names outcomes, each once, and no outcome's name */
	CHECK_ROUND_RANGES,      /* a rounding per range of odds covers every odds once; thresholds rise */
	CHECK_UNREACHABLE_COLUMN, /* a column no odds reach under the table's reading */
	CHECK_RULE_REFERENCE,    /* rule references per locale: declared locales, each once */
	CHECK_MISSING_REFERENCE, /* a definition with references per locale lacks one */
	CHECK_LINE_CONDITIONS,   /* the conditions of a table's lines: exclusive, covering (or otherwise) */
	CHECK_ODDS_LINES,        /* odds lines over a shared grid: values, rising odds, each over a result column */
	CHECK_WORK_BUDGET,       /* a proof left undone past the work budget (--max-work) */
	CHECK_COUNT_
} check_id;

typedef struct check_info {
	const char *name;
	severity default_severity;
	bool configurable; /* false: the data cannot be lowered without it; always an error */
	const char *summary;
} check_info;

extern const check_info rtab_checks[CHECK_COUNT_];

/* The check of that name, or -1. */
int check_find(const char *name);

/* Apply -WNAME, -Wno-NAME, -Werror, --strict or --diagnostics=json|text to opts.
 * Returns 1 when arg was such an option, 0 when it is not one, -1 when it names no
 * check, -2 when it would turn off a check the compiler cannot do without. */
int check_parse_option(const char *arg, diag_options *opts);

struct model;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void check_report(struct model *m, check_id id, src_loc loc, const char *fmt, ...);

/* A finding of a configurable check that the file already marks as a provisional
 * reading: reported as a note, unless the check is off. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void check_report_marked(struct model *m, check_id id, src_loc loc, const char *fmt, ...);

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void check_note(struct model *m, src_loc loc, const char *fmt, ...);

/* The findings of one check on one table are at most CHECK_TABLE_CAP (a
 * line copied 3,000 times overlaps 2,999 times): between
 * check_cap_begin and check_cap_end, the findings past it are counted, not
 * printed (nor their notes), and check_cap_end says how many there were, in
 * a note at the table. A normal file's findings are all printed. */
#define CHECK_TABLE_CAP 20
void check_cap_begin(struct model *m, const char *table, src_loc at);
void check_cap_end(struct model *m);

/* The same for findings outside a model (the errata layers of a file). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void check_report_diag(diag_ctx *d, check_id id, src_loc loc, const char *fmt, ...);

#endif
