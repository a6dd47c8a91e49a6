/* SPDX-License-Identifier: MIT */
/* The state of the outcomes that carry numbers while a model is built, and
 * the making of their instantiations (numeric_state.c): below the reading of
 * cells (sema_numeric.c) and the rewrites that compute a result's numbers
 * (sema_numeric_rewrite.c), and private to them. */
#ifndef RTAB_NUMERIC_STATE_H
#define RTAB_NUMERIC_STATE_H

#include "check/model.h"

/* The most parameters of one numeric outcome (each instantiation carries one number per parameter). */
#define NUMERIC_MAX_PARAMS 8

/* A piece of a code pattern: literal text, or a parameter's place. */
typedef struct seg {
	const char *text; /* literal, or what a flag's place prints when it is set
			     ({retreat?*}: "*"); not NUL-terminated at len */
	size_t len;
	int param; /* -1: literal */
} seg;

typedef struct special {
	const char *id, *code;
	int64_t value;
} special;

typedef struct param {
	const char *id;
	const char *unit; /* of its numbers, or NULL */
	int64_t lo, hi;
	special *specials;
	size_t nspecials;
	bool flag; /* 'retreat: bool': 1 where the cell prints its place's text, else 0 */
} param;

typedef struct family {
	const ast_def *def;
	const char *pattern;
	seg *segs;
	size_t nsegs;
	param params[NUMERIC_MAX_PARAMS];
	size_t nparams;
	bool ok;    /* the declaration is sound: cells may be read against it */
	bool named; /* some cell matched its pattern (even with an error) */
} family;

typedef struct instance {
	int family;
	int64_t values[NUMERIC_MAX_PARAMS];
	int special[NUMERIC_MAX_PARAMS]; /* the special value given, or -1 */
	int outcome;                     /* its index among the outcomes */
	ast_def *def;
} instance;

struct numeric_state {
	family *fams;
	size_t nfams;
	instance *insts;
	size_t ninsts, cap;
	idmap texts;  /* a name as written -> instance + 1, or 0 when it was reported */
	idmap codes;  /* the plain outcomes' codes */
	idmap ids;    /* instance id -> instance */
	/* The instances the table being read gives (its cells, ends, natural
	 * rolls, patches: not its rewrites), in the order first named. */
	int *given;
	size_t ngiven, cap_given;
	bool in_rewrite; /* reading a rewrite's names: what it gives is not the table's */
	struct rewrite_pairs *rewrites; /* per rewrite that computes numbers */
	size_t nrewrites, cap_rewrites;
};

/* The results one rewrite that names an outcome's numbers changes, and what
 * each reads as: instance indices; -1 where the rewrite names a plain result. */
typedef struct rewrite_pairs {
	const ast_stmt *s;
	int *from, *to;
	size_t n;
} rewrite_pairs;

/* The place of the parameter named by the len bytes at name, or -1. */
int numeric_param_index(const family *f, const char *name, size_t len);
/* A parameter's place in a pattern or label, '{NAME}' or a flag's
 * '{NAME?TEXT}', at p ('{'): its parameter (-1: none), its text (or NULL),
 * and where the place ends (after '}'; NULL: not closed). */
typedef struct place {
	int param;
	const char *text;
	size_t len;
	const char *end;
} place;
place numeric_place(const family *f, const char *p);
/* An instantiation as a cell prints it: 9/2, K/0, 2/1* (allocated). */
char *numeric_printed(const family *f, const int64_t *values, const int *specials);
/* The id of an instantiation: loss_6_3, loss_killed_2, retreat_m1 (allocated). */
char *numeric_instance_id(const family *f, const int64_t *values, const int *specials);
/* The instantiation of family fi with these numbers: found, or added. */
int numeric_instance_of(model *m, int fi, const int64_t *values, const int *specials, src_loc loc);
#endif
