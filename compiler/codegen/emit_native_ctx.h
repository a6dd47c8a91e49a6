/* SPDX-License-Identifier: MIT */
/*
 * What the parts of the native resolvers share (emit_native.c and the
 * modules below it): the state of the function being written, and the
 * helpers of emit_native_expr.c that write lines, expressions and reasons.
 */
#ifndef RTAB_EMIT_NATIVE_CTX_H
#define RTAB_EMIT_NATIVE_CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtab.h"
#include "base/util.h"
#include "lower/fold.h"
#include "codegen/expr_intervals.h"

typedef struct nctx {
	strbuf *o;
	const rtab_ruleset *rs;
	size_t ti;
	bool full;
	unsigned nexpr; /* expressions emitted in this function, for unique labels */
	bool impure;    /* a statement emitted since reset may return, jump, note or divide */
	const fold_plan *fold; /* the lean code: modifiers folded into tables, or NULL */
	const fold_columns *vcols; /* the table's rewrites folded into virtual columns, or NULL */
	int64_t cell_lo, cell_hi; /* the rolls each column of cells covers (cell_range) */
	bool inside;              /* every modified roll is a printed one (a capped modifier) */
	bool wide;                /* the cells cover every roll of an extra within extra_lo..extra_hi */
	int64_t extra_lo, extra_hi;
	bool fast; /* the lean resolver for those extras, without a test on the roll */
	idmap reason_ids;   /* each distinct reason text, numbered in order of first use */
	idmap reason_lists; /* the names of the arrays of reason numbers written (keys owned) */
	strbuf *reason_arrays; /* those arrays, written before the resolvers that read them */
} nctx;

/* The number of a distinct reason text. */
unsigned reason_id(nctx *c, const char *why);
/* The array `name` of the numbers of whys[0..n) (0 where there is none), written once;
 * whys is freed. */
void reason_id_array(nctx *c, const char *name, const char **whys, size_t n);
void nindent(strbuf *o, int depth);
/* One line of code at depth tabs; notes whether it may return, jump, note or divide. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void nline(nctx *c, int depth, const char *fmt, ...);
/* "if (x<slot> leaves int32) return RTAB_E_OVERFLOW;" when the interval says it can. */
void check_range32(nctx *c, int depth, int slot, ival v);
/* The explanation of input k read into var, as the interpreter's note_input. */
void note_input_native(nctx *c, int depth, size_t k, const char *var);
/* Statements that compute expression e (passing expr_intervals) into the int32_t dest. */
void emit_expr(nctx *c, int depth, const rtab_expr *e, const char *dest);
/* " - 3u", " + 5u" or nothing: an unsigned 32-bit value less v (modulo 2^32). */
void emit_offset(strbuf *o, int64_t v);
/* The entries a folded table over these inputs starts with that no combination reaches,
 * or -1 (see emit_native_expr.c). */
int64_t index_pad(const rtab_ruleset *rs, const uint16_t *inputs, size_t n);
/* The index of a combination of inputs in a folded table. */
void input_index(nctx *c, const uint16_t *inputs, size_t n);

#endif
