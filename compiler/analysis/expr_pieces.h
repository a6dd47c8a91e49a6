/* SPDX-License-Identifier: MIT */
/*
 * Where an expression can change how it reads one int input: the values of
 * the input at which a comparison with a constant turns, a min() or a cap
 * bends. Between two such values the expression, with every other input
 * fixed, is constant or a straight line in the input, so two expressions
 * that agree at each such value and next to it (and at the domain's ends)
 * agree everywhere: that is how verify compares conditions over inputs open
 * at an end (int >= 0, int) or too wide to try every value of, as functions
 * of the inputs and not as written.
 *
 * The reading is an abstract evaluation of the program, each stack value
 * classed by how it depends on the input x; a program that reads x in a way
 * the classes do not follow (x * x, x / 2, x against another input) gives
 * PIECE_UNKNOWN, and the caller tries every value or gives up.
 */
#ifndef RTAB_EXPR_PIECES_H
#define RTAB_EXPR_PIECES_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum piece_kind {
	PIECE_CONST,   /* one value: a[0] */
	PIECE_FREE,    /* does not depend on x (other inputs, dice) */
	PIECE_FLAT,    /* with the others fixed, constant between the values recorded */
	PIECE_AFFINE,  /* of x alone, exactly: a straight line a + b * x on each segment */
	PIECE_LINEAR,  /* with the others fixed, a straight line between the values recorded */
	PIECE_UNKNOWN, /* read in a way not followed */
} piece_kind;

/* Segments of an exact reading of x (a min(3, x), a cap): more are read as PIECE_LINEAR. */
#define PIECE_SEGMENTS 12

typedef struct piece_value {
	piece_kind kind;
	uint8_t n; /* PIECE_CONST, PIECE_AFFINE: its segments, the first from minus infinity */
	int64_t from[PIECE_SEGMENTS]; /* the first x of each segment but the first */
	int64_t a[PIECE_SEGMENTS], b[PIECE_SEGMENTS];
} piece_value;

/* The values of x where something may turn (each turn recorded at the whole
 * values on both sides of it). */
typedef struct pieces {
	int64_t *at;
	size_t n, cap;
} pieces;

/* How e of rs (no instructions: "always", the constant 1) depends on its
 * input number x; the turns found are added to p. */
piece_value pieces_expr(const rtab_ruleset *rs, const rtab_expr *e, int x, pieces *p);

/* The classes of the total of modifiers: a sum, a value scaled (a side's
 * sign), cond ? t : e, and min(v, hi) after max(v, lo) (a cap). */
piece_value pieces_constant(int64_t a);
piece_value pieces_add(piece_value v, piece_value w);
piece_value pieces_scale(piece_value v, int64_t k);
piece_value pieces_select(piece_value cond, piece_value t, piece_value e, pieces *p);
piece_value pieces_clamp(piece_value v, int64_t lo, int64_t hi, pieces *p);
/* min(v, w) (lowest) or max(v, w): the values where they cross are turns. */
piece_value pieces_min_max(piece_value v, piece_value w, bool lowest, pieces *p);
/* One of v and w, whichever is higher or lower for its side (a stacking
 * group's best or worst member): the values where they cross are turns. */
piece_value pieces_either(piece_value v, piece_value w, pieces *p);

/* Whether v is followed (not PIECE_UNKNOWN), and whether it is constant
 * between turns (no straight line in x). */
bool pieces_followed(piece_value v);
bool pieces_flat(piece_value v);

/* The values to try of a domain lo..hi: its ends, and each turn, the value
 * before and the value after it, inside the domain, sorted (owned *out). */
size_t pieces_values(const pieces *p, int32_t lo, int32_t hi, int32_t **out);

void pieces_free(pieces *p);

#endif
