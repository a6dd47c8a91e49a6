/*
 * A ruleset written in the language, built by the real front end for a unit
 * test: the source must parse and build without a diagnostic.
 */
#ifndef RTAB_TEST_BUILT_SOURCE_H
#define RTAB_TEST_BUILT_SOURCE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check/model.h"
#include "check/sema.h"
#include "front/parse_ctx.h"

typedef struct built {
	FILE *f;
	char *out;
	size_t outlen;
	diag_ctx diag;
	struct parse_ctx pc;
	model m;
} built;

static inline void build_source(built *b, const char *source)
{
	size_t n = strlen(source);
	memset(b, 0, sizeof *b);
	b->f = open_memstream(&b->out, &b->outlen);
	assert_non_null(b->f);
	diag_init(&b->diag, "t.rtab", source, n, b->f);
	b->pc.diag = &b->diag;
	assert_int_equal(rtab_parse(source, n, &b->pc), 0);
	bool ok = model_build(&b->m, b->pc.defs, &b->diag);
	assert_int_equal(fflush(b->f), 0);
	if (!ok || b->diag.errors)
		fail_msg("the source does not build:\n%s", b->out);
}

static inline void built_free(built *b)
{
	model_free(&b->m);
	ast_defs_free(b->pc.defs);
	diag_free(&b->diag);
	fclose(b->f);
	free(b->out);
}

#endif
