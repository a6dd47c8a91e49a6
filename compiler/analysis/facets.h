/* SPDX-License-Identifier: MIT */
/*
 * A lowered ruleset as facets: every definition, by kind and id, as a list
 * of (what, value as printed, where) pairs read from the runtime model
 * (rtab_ruleset) and the source locations the model keeps. Two rulesets are
 * compared facet by facet; rtab diff and rtab verify are built on it.
 */
#ifndef RTAB_FACETS_H
#define RTAB_FACETS_H

#include "check/model.h"
#include "front/construct_use.h"

#include <stdbool.h>
#include <stddef.h>

/* How a facet is compared by meaning (DIFF_MEANING); as text otherwise. */
typedef enum facet_compare {
	FACET_TEXT = 0,   /* the value as printed */
	FACET_EXPR,       /* an expression: as a function of the inputs (expr_equal.h) */
	FACET_SET,        /* a list whose order has no meaning ("a, b, c"): as a set */
	FACET_ORDER_FREE, /* the place of an element in such a list: not compared */
	FACET_REFERENCE,  /* a rule reference: a label, present on both sides or neither */
	FACET_QUANTITY,   /* numbers in the facet's unit: equal under a declared conversion */
	FACET_UNIT,       /* a unit: the same, or one a declared conversion relates */
	FACET_LOCALE_REFERENCE, /* "rule LOCALE": a reference in one locale; the
				   meaning leaves it out (verify pairs it by locale) */
	FACET_ENUM_ORDER, /* an enum's order: by meaning, compared only where an
			     expression orders its values (<, <=, >, >=) */
	FACET_ROWS,       /* a table's rows per outcome: compared as written by diff;
			     by meaning left to the rolls (FACET_ROLL) */
	FACET_ROLL,       /* the outcome one roll of one column gives: compared only
			     by meaning, where it says which printed roll differs */
	FACET_CODE,       /* an outcome's printed code: a printed form, like a label;
			     by meaning outcomes pair by id, so it is not compared */
} facet_compare;

typedef struct facet {
	char *key;     /* "row 'held', column 'open'", "label en", "value 'tacw' label en" */
	char *value;   /* as printed: "3-4", "+2", "retreat(defender, 2)" */
	src_loc loc;
	const char *locale; /* for a label: its locale (and label_of says whose label) */
	char *label_of;     /* for a label: the key of its element ("" for the definition) */
	facet_compare compare;
	const rtab_expr *expr; /* FACET_EXPR: the expression, of the set's ruleset */
	const char *unit; /* FACET_EXPR, FACET_QUANTITY: the unit of its value, or NULL;
			     FACET_UNIT: the unit */
	char *slot; /* a key that leaves the unit out ("value 1" for "value in cm"):
		       by meaning, a facet whose key has no counterpart is matched by it */
	char *meaning; /* the value as compared by meaning where the printed one says
			  more than the rule (the rolls that can occur, not the
			  grid's open ends; an outcome by id, not by code), or NULL */
} facet;

/* The value f is compared by: its meaning where asked and given. */
const char *facet_compared_value(const facet *f, bool by_meaning);

typedef struct facet_def {
	def_kind kind;
	const char *id;
	src_loc loc;
	rtab_labels labels; /* the definition's own, or NULL */
	facet *facets;
	size_t n, cap;
} facet_def;

typedef struct facet_set {
	const model *m;
	facet_def *defs;
	size_t n;
} facet_set;

/* Per runtime structure, "name: field field -derived ...": every field the
 * facets read or derive, NULL-terminated (held to rtab.h by a test). */
extern const char *const facet_fields[];

/* Read every definition of m (m must have been built without error). */
void facets_build(facet_set *s, const model *m);

/* The same, to be held against other (NULL: none): an example's checks
 * with a quantity in a unit other measures nothing in (an edition in
 * another unit leaves them out) are ranked apart from the others of their
 * situation, so that the checks the edition keeps pair with its own. */
void facets_build_against(facet_set *s, const model *m, const rtab_ruleset *other);
void facets_free(facet_set *s);

/* The definition of that kind and id, or NULL. */
const facet_def *facets_find(const facet_set *s, def_kind kind, const char *id);

/* The facet with that key, or NULL. */
const facet *facet_find(const facet_def *d, const char *key);

/* Whether f is a provisional mark ("provisional", "cell ... provisional"):
 * its value is the reason, free text. */
bool facet_is_provisional(const facet *f);

/* The printed word for a kind in reports ("ratio" for DEF_BAND). */
const char *facet_kind_word(def_kind kind);

/* How the facets read a kind of definition (diff and verify compare them). */
construct_use facets_kind_use(def_kind kind);

#endif
