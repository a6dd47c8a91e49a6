/* SPDX-License-Identifier: MIT */
/* The names of the checks (their descriptions: checks.h), apart so that the
 * model can count findings per check without depending on the checks. */
#ifndef RTAB_CHECK_ID_H
#define RTAB_CHECK_ID_H

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
	CHECK_STACKING,          /* a member of a largest_each_way group: a bonus or a penalty, never both */
	CHECK_COUNT_
} check_id;

#endif
