/*
 * A structure-aware generator and mutator of .rtab sources, for
 * fuzz_frontend's LLVMFuzzerCustomMutator.
 *
 * The generator writes whole programs from the grammar, most of them
 * valid: every definition is declared before it is named, a table's rows
 * begin and end with an open range so that they cover every roll, triggers
 * never name a table (no cycles), and the values stay small enough for
 * their sums to fit, except where a "stress" choice makes them extreme on
 * purpose. Labels, rule references and reasons are odd strings (trigraphs,
 * escapes, comment ends, multi-byte UTF-8); counts are sometimes huge (tens
 * of thousands of enum values, options, steps, rules). The mutator changes
 * a source at the level of its tokens: an integer becomes an extreme value,
 * a string an odd one, a line is repeated many times.
 */
#include "rtab_gen.h"

#include "rtab.h"

#include <stdio.h>
#include <string.h>

typedef struct gen {
	uint64_t state;
	strbuf *o;
	size_t budget; /* bytes the program may still grow by */
	int nenums, ninputs_bool, ninputs_int, ninputs_enum, nout, nmod, ngroups, ndice;
	int nmatrix, nratio, nreact, ntrans, ndist, nproc, neffects;
	int list_max; /* items of the list input u (0: none) */
	int enum_size[8];
	int input_enum[8]; /* the enum of each enum input */
	int dice_faces[4]; /* faces per roll of each dice */
	int dice_lo[4][4], dice_hi[4][4], dice_count[4][4], dice_groups[4];
	bool stress;
	bool exact; /* the header declares `exact 1/2;`: decimals and '/' are legal */
	bool g0_each_way; /* group g0 keeps the largest bonus and penalty: each member is one of them */
} gen;

static uint64_t rnd(gen *g)
{
	/* splitmix64: a whole program from one seed. */
	uint64_t z = (g->state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static int below(gen *g, int n)
{
	return n <= 1 ? 0 : (int)(rnd(g) % (uint64_t)n);
}

static bool chance(gen *g, int percent)
{
	return below(g, 100) < percent;
}

static int between(gen *g, int lo, int hi)
{
	return lo + below(g, hi - lo + 1);
}

static const char *const odd_strings[] = {
	"?\?= ?\?/ ?\?' ?\?( ?\?) ?\?! ?\?< ?\?> ?\?-", /* every trigraph, escaped here */
	"?\?\?=?\?\\\\?",
	"*/ /* // #include",
	"\\\" \\\\ \\n \\t",
	"Ближний Бой",
	"日本語 ✓ 𝄞",
	"\\\\",
	"%s %d %n %%",
	"?",
	"",
	"a very long label, a very long label, a very long label, a very long label, a very long label",
};

static void put_string(gen *g)
{
	sb_putc(g->o, '"');
	if (chance(g, 60)) {
		sb_printf(g->o, "Label %d", below(g, 1000));
	} else {
		int n = between(g, 1, 3);
		for (int i = 0; i < n; i++)
			sb_puts(g->o, odd_strings[below(g, (int)(sizeof odd_strings / sizeof odd_strings[0]))]);
	}
	sb_putc(g->o, '"');
}

static void labels(gen *g, int nlocales)
{
	static const char *const loc[] = {"en", "ru"};
	for (int l = 0; l < nlocales; l++) {
		if (chance(g, 3))
			continue; /* a missing label: a warning */
		sb_printf(g->o, " %s ", loc[l]);
		put_string(g);
		sb_putc(g->o, ';');
	}
}

static void rule(gen *g)
{
	if (chance(g, 50)) {
		sb_puts(g->o, " @ ");
		put_string(g);
	}
}

/* A small constant, or (under stress) one at the edge of what the lexer takes. */
static long value(gen *g, long small)
{
	static const long extreme[] = {0, 1, -1, 32767, -32767, 65535, RTAB_MAX_ITEMS, RTAB_MAX_ITEMS + 1, 999999999,
				       1000000000, -1000000000, 16, 17, 255, 256};
	if (g->stress && chance(g, 20))
		return extreme[below(g, (int)(sizeof extreme / sizeof extreme[0]))];
	return between(g, (int)-small, (int)small);
}

static void gen_header(gen *g, int nlocales)
{
	sb_puts(g->o, "ruleset gen");
	rule(g);
	sb_printf(g->o, " {\n locales en%s;", nlocales > 1 ? ", ru" : "");
	g->exact = chance(g, 30);
	if (g->exact)
		sb_puts(g->o, " exact 1/2;");
	labels(g, nlocales);
	sb_puts(g->o, "\n}\n");
}

static void gen_dice(gen *g)
{
	int k = g->ndice++;
	int groups = chance(g, 75) ? 1 : 2, total = 0;
	sb_printf(g->o, "dice d%d = ", k);
	g->dice_groups[k] = groups;
	for (int i = 0; i < groups; i++) {
		int count = between(g, 1, 3), sides = between(g, 2, 12);
		int lo = chance(g, 20) ? between(g, -5, 0) : 1;
		if (g->stress && chance(g, 10))
			sides = chance(g, 50) ? 32767 : 1000;
		sb_printf(g->o, "%s%dd%d", i ? " + " : "", count, sides);
		if (lo != 1)
			sb_printf(g->o, " faces %d..%d", lo, lo + sides - 1);
		g->dice_count[k][i] = count;
		g->dice_lo[k][i] = lo;
		g->dice_hi[k][i] = lo + sides - 1;
		total += count;
	}
	g->dice_faces[k] = total;
	rule(g);
	sb_puts(g->o, ";\n");
}

static void gen_enum(gen *g, int nlocales)
{
	int k = g->nenums++;
	int n = between(g, 2, 6);
	if (g->stress && chance(g, 3))
		n = chance(g, 50) ? RTAB_MAX_ITEMS : RTAB_MAX_ITEMS + 1 + below(g, 100);
	if ((size_t)n * 12 > g->budget)
		n = between(g, 2, 6);
	g->budget -= (size_t)n * 12 < g->budget ? (size_t)n * 12 : g->budget;
	g->enum_size[k] = n;
	sb_printf(g->o, "enum e%d", k);
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	for (int v = 0; v < n; v++) {
		if (n > 100)
			sb_printf(g->o, " v%d;", v);
		else {
			sb_printf(g->o, "\n v%d {", v);
			labels(g, nlocales);
			sb_puts(g->o, " }");
		}
	}
	sb_puts(g->o, "\n}\n");
}

/* A list's most items past RTAB_MAX_LIST, to break the limit. */
#define RTAB_GEN_LIST_PAST 65

static void gen_inputs(gen *g, int nlocales)
{
	for (int i = 0; i < 2; i++) {
		sb_printf(g->o, "input b%d: bool = %s", g->ninputs_bool++, chance(g, 50) ? "true" : "false");
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_puts(g->o, " }\n");
	}
	for (int i = 0; i < 2; i++) {
		long lo = -value(g, 5) - 1, hi = value(g, 5);
		if (lo > hi) {
			long t = lo;
			lo = hi;
			hi = t;
		}
		if (g->stress && chance(g, 30)) {
			lo = -1000000000;
			hi = 1000000000;
		}
		sb_printf(g->o, "input n%d: int %ld..%ld", g->ninputs_int++, lo, hi);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_puts(g->o, " }\n");
	}
	/* A list input: read through aggregates and single items. */
	if (chance(g, 60)) {
		int hi = between(g, 1, 6), lo = below(g, hi + 1);
		if (g->stress && chance(g, 10))
			hi = RTAB_GEN_LIST_PAST; /* past the limit on purpose */
		g->list_max = hi;
		sb_printf(g->o, "input u: list %d..%d of { r: int 0..%d = 0 {", lo, hi, between(g, 1, 9));
		labels(g, nlocales);
		if (chance(g, 20))
			sb_puts(g->o, " provisional \"r is ours\";");
		sb_puts(g->o, " } s: bool = false {");
		labels(g, nlocales);
		sb_printf(g->o, " } } = %d", lo);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_puts(g->o, " }\n");
	}
	for (int e = 0; e < g->nenums && g->ninputs_enum < 8; e++) {
		g->input_enum[g->ninputs_enum] = e;
		sb_printf(g->o, "input k%d: e%d = v%d", g->ninputs_enum++, e, below(g, g->enum_size[e]));
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_puts(g->o, " }\n");
	}
}

static void gen_effects_outcomes(gen *g, int nlocales)
{
	g->neffects = 2;
	sb_puts(g->o, "effect retreat(who: e0, hexes: int)");
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	sb_puts(g->o, " }\neffect rout()");
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	sb_puts(g->o, " }\n");
	g->nout = between(g, 3, 6);
	for (int i = 0; i < g->nout; i++) {
		sb_printf(g->o, "outcome o%d", i);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		int ne = chance(g, 50) ? below(g, 3) : 0;
		if (g->stress && chance(g, 2))
			ne = RTAB_MAX_ITEMS + 1;
		if ((size_t)ne * 8 > g->budget)
			ne = 1;
		for (int k = 0; k < ne; k++)
			sb_printf(g->o, k % 2 ? " rout;" : " retreat(v%d, %ld);", below(g, g->enum_size[0]),
				  value(g, 3));
		sb_puts(g->o, " }\n");
	}
}

/* An integer expression over the inputs, matrices and ratios declared. */
static void int_expr(gen *g, int depth)
{
	int pick = below(g, depth > 2 ? 2 : 9);
	switch (pick) {
	case 0:
		sb_printf(g->o, "%ld", value(g, 3));
		return;
	case 1:
		sb_printf(g->o, "n%d", below(g, g->ninputs_int));
		return;
	case 2:
		sb_printf(g->o, "if b%d then ", below(g, g->ninputs_bool));
		int_expr(g, depth + 1);
		sb_puts(g->o, " else ");
		int_expr(g, depth + 1);
		return;
	case 3:
		if (g->nmatrix) {
			sb_printf(g->o, "mx%d(k0, k0)", below(g, g->nmatrix));
			return;
		}
		break;
	case 4:
		if (g->nratio) {
			sb_printf(g->o, "r%d(abs(n0), abs(n1))", below(g, g->nratio));
			return;
		}
		break;
	case 5:
		sb_puts(g->o, chance(g, 50) ? "min(" : "max(");
		int_expr(g, depth + 1);
		sb_puts(g->o, ", ");
		int_expr(g, depth + 1);
		sb_putc(g->o, ')');
		return;
	case 6:
		sb_puts(g->o, "half_down(");
		int_expr(g, depth + 1);
		sb_putc(g->o, ')');
		return;
	case 7:
		if (g->list_max) {
			static const char *const agg[] = {"max(u.r)", "min(u.r)", "sum(u.r)", "count(u.s)",
							  "count(u)"};
			if (chance(g, 25))
				sb_printf(g->o, "u[%d].r", between(g, 1, g->list_max));
			else
				sb_puts(g->o, agg[below(g, 5)]);
			return;
		}
		break;
	default:
		break;
	}
	sb_putc(g->o, '(');
	int_expr(g, depth + 1);
	sb_puts(g->o, chance(g, 50) ? " + " : " - ");
	int_expr(g, depth + 1);
	sb_putc(g->o, ')');
}

static void bool_expr(gen *g)
{
	if (g->list_max && chance(g, 15)) {
		sb_puts(g->o, chance(g, 50) ? "any(u.s)" : "all(u.s)");
		return;
	}
	switch (below(g, 4)) {
	case 0:
		sb_printf(g->o, "b%d", below(g, g->ninputs_bool));
		return;
	case 1:
		sb_printf(g->o, "k0 == v%d", below(g, g->enum_size[g->input_enum[0]]));
		return;
	case 2:
		sb_printf(g->o, "n%d >= %ld", below(g, g->ninputs_int), value(g, 4));
		return;
	default:
		sb_printf(g->o, "not b%d or b%d", below(g, g->ninputs_bool), below(g, g->ninputs_bool));
	}
}

static void gen_lookups(gen *g, int nlocales)
{
	int e = g->input_enum[0];
	g->nmatrix = between(g, 0, 1);
	for (int i = 0; i < g->nmatrix; i++) {
		sb_printf(g->o, "matrix mx%d(a: e%d, b: e%d)", i, e, e);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_printf(g->o, " default %ld;", value(g, 2));
		for (int c = 0; c < 3; c++) {
			int size = g->enum_size[e] < 50 ? g->enum_size[e] : 50;
			sb_printf(g->o, " v%d, v%d = %ld", c % size, c / size % size, value(g, 2));
			if (chance(g, 30)) {
				sb_puts(g->o, " provisional ");
				put_string(g);
			}
			sb_putc(g->o, ';');
		}
		sb_puts(g->o, " }\n");
	}
	g->nratio = between(g, 0, 1);
	for (int i = 0; i < g->nratio; i++) {
		sb_printf(g->o, "ratio r%d", i);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		int n = between(g, 1, 3);
		if (g->stress && chance(g, 3) && g->budget > 400000)
			n = RTAB_MAX_ITEMS + 1;
		for (int k = 1; k <= n; k++)
			sb_printf(g->o, " %d:1 = %ld;", k + 1, value(g, 2));
		sb_printf(g->o, " otherwise %ld; }\n", value(g, 1));
	}
	g->ngroups = between(g, 0, 1);
	for (int i = 0; i < g->ngroups; i++) {
		static const char *const stack[] = {"sum", "worst", "best", "largest_each_way"};
		sb_printf(g->o, "group g%d", i);
		rule(g);
		int kind = below(g, 4);
		g->g0_each_way = kind == 3;
		sb_printf(g->o, " { stack %s;", stack[kind]);
		if (chance(g, 50))
			sb_printf(g->o, " cap -%d..%d;", between(g, 0, 3), between(g, 0, 3));
		sb_puts(g->o, " }\n");
	}
}

static void gen_modifiers(gen *g, int nlocales)
{
	g->nmod = between(g, 0, 4);
	for (int i = 0; i < g->nmod; i++) {
		sb_printf(g->o, "modifier m%d", i);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		if (chance(g, 30))
			sb_puts(g->o, " for defender;");
		bool grouped = g->ngroups && chance(g, 40);
		if (grouped)
			sb_puts(g->o, " group g0;");
		if (chance(g, 50)) {
			sb_puts(g->o, " when ");
			bool_expr(g);
			sb_putc(g->o, ';');
		}
		/* In a largest_each_way group a member is a bonus or a penalty. */
		int way = grouped && g->g0_each_way ? 1 + below(g, 2) : 0;
		sb_puts(g->o, way == 1 ? " value max(0, " : way == 2 ? " value min(-1, " : " value ");
		int_expr(g, 0);
		sb_puts(g->o, way ? ");" : ";");
		if (chance(g, 20)) {
			sb_puts(g->o, " provisional ");
			put_string(g);
			sb_putc(g->o, ';');
		}
		sb_puts(g->o, " }\n");
	}
}

/* Rows that cover every roll: an open low end, middle ranges, an open high end. */
static void row_cells(gen *g, int ncols, const int *cuts, int ncuts, int r)
{
	for (int c = 0; c < ncols; c++) {
		int lo = cuts[c * 4 + (r == 0 ? 0 : r - 1)], hi = cuts[c * 4 + r];
		if (r == 0)
			sb_printf(g->o, " <=%d", hi);
		else if (r == ncuts)
			sb_printf(g->o, " >=%d", lo + 1);
		else if (lo + 1 == hi)
			sb_printf(g->o, " %d", hi);
		else
			sb_printf(g->o, " %d-%d", lo + 1, hi);
	}
}

static void gen_table(gen *g, int k, int nlocales)
{
	int d = below(g, g->ndice);
	int ncols = 1, e = -1, ncuts = between(g, 1, 3);
	int cuts[4 * 4];
	sb_printf(g->o, "table t%d", k);
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	sb_printf(g->o, "\n roll d%d;", d);
	if (g->nmod) {
		sb_puts(g->o, " modifiers m0");
		for (int i = 1; i < g->nmod; i++)
			if (chance(g, 60))
				sb_printf(g->o, ", m%d", i);
		sb_putc(g->o, ';');
	}
	if (chance(g, 60))
		sb_printf(g->o, " cap -%d..%d;", between(g, 0, 4), between(g, 0, 4));
	if (g->ninputs_enum && chance(g, 40)) {
		e = below(g, g->ninputs_enum);
		int size = g->enum_size[g->input_enum[e]];
		ncols = size < 3 ? size : between(g, 2, 3);
		sb_printf(g->o, "\n columns by k%d {", e);
		for (int c = 0; c < ncols; c++) {
			if (c == ncols - 1)
				sb_printf(g->o, " c%d = *;", c);
			else
				sb_printf(g->o, " c%d = v%d;", c, c);
		}
		sb_puts(g->o, " }");
	}
	for (int c = 0; c < ncols; c++) {
		int at = between(g, -4, 6);
		for (int i = 0; i < ncuts; i++) {
			cuts[c * 4 + i] = at;
			at += between(g, 1, 4);
		}
	}
	if (chance(g, 30)) {
		sb_puts(g->o, "\n natural");
		for (int f = 0; f < g->dice_faces[d]; f++) {
			int grp = 0, seen = 0;
			while (grp + 1 < g->dice_groups[d] && f >= seen + g->dice_count[d][grp])
				seen += g->dice_count[d][grp++];
			sb_printf(g->o, "%s%d", f ? ", " : " ", chance(g, 50) ? g->dice_lo[d][grp] : g->dice_hi[d][grp]);
		}
		sb_printf(g->o, " -> o%d", below(g, g->nout));
		rule(g);
		if (chance(g, 30)) {
			sb_puts(g->o, " provisional ");
			put_string(g);
		}
		sb_putc(g->o, ';');
	}
	if (chance(g, 30))
		sb_printf(g->o, "\n rewrite o%d -> o%d when b0;", below(g, g->nout), below(g, g->nout));
	sb_puts(g->o, "\n rows {\n ");
	for (int c = 0; c < ncols && e >= 0; c++)
		sb_printf(g->o, " c%d", c);
	for (int r = 0; r <= ncuts; r++) {
		sb_printf(g->o, "\n  o%d", below(g, g->nout));
		row_cells(g, ncols, cuts, ncuts, r);
		if (chance(g, 20))
			rule(g);
		if (chance(g, 15)) {
			sb_puts(g->o, " provisional ");
			put_string(g);
		}
		sb_putc(g->o, ';');
	}
	sb_puts(g->o, "\n }\n}\n");
}

static void gen_others(gen *g, int nlocales)
{
	int n = between(g, 0, 1);
	for (int i = 0; i < n; i++) {
		int opts = between(g, 1, 3);
		if (g->stress && chance(g, 3) && g->budget > 600000)
			opts = RTAB_MAX_ITEMS + 1;
		sb_printf(g->o, "reactions x%d", i);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		for (int k = 0; k < opts; k++) {
			sb_printf(g->o, "\n option p%d", k);
			if (opts < 100) {
				rule(g);
				sb_puts(g->o, " {");
				labels(g, nlocales);
				if (chance(g, 40))
					sb_printf(g->o, " unless b%d;", below(g, g->ninputs_bool));
				if (chance(g, 40))
					sb_printf(g->o, " leads o%d;", below(g, g->nout));
				sb_puts(g->o, " }");
			} else {
				sb_puts(g->o, " { }");
			}
		}
		sb_puts(g->o, "\n}\n");
	}
	if (g->ninputs_enum && chance(g, 50)) {
		sb_puts(g->o, "transition tr0 by k0");
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_printf(g->o, " v0 -> v%d; * -> v0; }\n", below(g, g->enum_size[g->input_enum[0]] < 50 ? g->enum_size[g->input_enum[0]] : 50));
	}
	if (chance(g, 50)) {
		sb_puts(g->o, "distance ds0");
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_printf(g->o, " value %dd6 + ", between(g, 1, 3));
		if (g->exact && chance(g, 50)) {
			/* exact halves: a whole expression halved exactly, plus a half */
			sb_putc(g->o, '(');
			int_expr(g, 1);
			sb_printf(g->o, ") / 2 + %d.5", between(g, 0, 20));
		} else {
			int_expr(g, 1);
		}
		sb_puts(g->o, " inches;");
		if (chance(g, 50))
			sb_printf(g->o, " value %dd%d cm;", between(g, 1, 4), between(g, 2, 10));
		if (chance(g, 30)) {
			sb_puts(g->o, " provisional ");
			put_string(g);
			sb_putc(g->o, ';');
		}
		sb_puts(g->o, " }\n");
	}
	if (chance(g, 50)) {
		int steps = between(g, 1, 3);
		if (g->stress && chance(g, 3) && g->budget > 800000)
			steps = RTAB_MAX_ITEMS + 1;
		sb_puts(g->o, "procedure pr0");
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		for (int k = 0; k < steps; k++) {
			sb_printf(g->o, "\n step s%d", k);
			if (steps < 100) {
				rule(g);
				sb_puts(g->o, " {");
				labels(g, nlocales);
				sb_puts(g->o, " when ");
				bool_expr(g);
				sb_printf(g->o, "; leads o%d; }", below(g, g->nout));
			} else {
				sb_puts(g->o, " { when b0; }");
			}
		}
		sb_puts(g->o, "\n tie {");
		labels(g, nlocales);
		sb_printf(g->o, " }\n otherwise o%d;\n}\n", below(g, g->nout));
	}
}

/*
 * The printed forms: a grid table over computed columns (odds, difference
 * columns), its shifts and automatic ends, a variant of it (`like`), an
 * outcome that triggers a table with inputs passed and `times`, in some
 * programs an outcome that carries a number (cells N1..N5, or NX for its
 * named value), examples whose expected results follow from the grid
 * written, and (last in the file) an errata layer that restates and removes.
 */
static void gen_printed(gen *g, int nlocales)
{
	static const char *const odds[] = {"1:4", "1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1"};
	static const char *const diff[] = {"-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4"};
	static const char *const rounding[] = {"down", "up", "nearest", "evens"};
	static const char *const codes[] = {"GA", "GB", "GC"};
	int kind = below(g, 3); /* 0 odds, 1 difference, 2 the same difference as value(A - B) */
	int faces = chance(g, 70) ? 6 : (chance(g, 50) ? 10 : 20);
	sb_printf(g->o, "dice gdie = 1d%d", faces);
	rule(g);
	sb_puts(g->o, ";\ninput ga: int 0..999 = 1");
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	if (chance(g, 20)) {
		sb_puts(g->o, " provisional ");
		put_string(g);
		sb_putc(g->o, ';');
	}
	sb_puts(g->o, " }\ninput gd: int 0..999 = 1 {");
	labels(g, nlocales);
	sb_puts(g->o, " }\ninput gs: bool = false {");
	labels(g, nlocales);
	sb_puts(g->o, " }\ninput gz: bool = false {");
	labels(g, nlocales);
	sb_puts(g->o, " }\ninput gr: bool = false {");
	labels(g, nlocales);
	sb_puts(g->o, " }\nmodifier gm");
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	bool left = chance(g, 30); /* a shift to the left may bring 'above' back into the grid */
	if (left)
		sb_puts(g->o, " for defender;");
	sb_printf(g->o, " when gs; value %d; }\n", between(g, 1, 3));
	for (int i = 0; i < 3; i++) {
		sb_printf(g->o, "outcome g%c", 'A' + i);
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_printf(g->o, " code %s;", codes[i]);
		if (i == 2 && chance(g, 70)) {
			sb_puts(g->o, " trigger t0");
			if (chance(g, 60))
				sb_printf(g->o, "(b0 = %s)", chance(g, 50) ? "true" : "false");
			if (chance(g, 50))
				/* At most the 16 (RTAB_MAX_TRIGGERS) a result lists; more is
				 * a -Wlimits error (the mutator's extreme numbers reach it). */
				sb_printf(g->o, " times %d", g->stress && chance(g, 20) ? 16 : between(g, 0, 3));
			sb_putc(g->o, ';');
		}
		sb_puts(g->o, " }\n");
	}
	/* An outcome that carries a number, printed N1..N5 (NX: all, read as 9). */
	bool numeric = chance(g, 40);
	int cell11_n = between(g, 1, 5);
	/* Some carry a flag too, printed '*' where set (N2*: a second number, 1 or 0). */
	bool flagged = numeric && chance(g, 50);
	int cell11_f = flagged && chance(g, 50);
	if (numeric) {
		sb_printf(g->o, "outcome gN(h: int 1..5 or all = 9 code X%s)", flagged ? ", f: bool" : "");
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_printf(g->o, " code \"N{h}%s\"; retreat(v0, h); }\n", flagged ? "{f?*}" : "");
	}
	bool all_given = false; /* some cell reads NX */
	/* A window of at least two columns around 1:1 (or 0). */
	int first = between(g, 0, 3), last = between(g, 4, 8);
	int mid = kind == 0 ? 3 : 4;
	if (kind != 0 && first > 4)
		first = 4;
	const char *const *heads = kind == 0 ? odds : diff;
	int below_r = chance(g, 40) ? -1 : below(g, 3);
	int above_r = chance(g, 40) ? -1 : below(g, 3);
	int cell11 = below(g, 3);
	/* One absent cell in a tenth of the programs: a roll lands on it (-Wrow-gap). */
	int gap_r = chance(g, 10) ? between(g, 2, faces) : 0, gap_c = between(g, first, last);
	sb_puts(g->o, "table gt");
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	sb_puts(g->o, "\n roll gdie;\n columns by ");
	if (kind == 0)
		sb_puts(g->o, "odds(ga, gd)");
	else if (kind == 1)
		sb_puts(g->o, "difference(ga, gd)");
	else
		sb_puts(g->o, "value(ga - gd)"); /* 'value' names the key here */
	/* A difference rounded up reads its first column, never 'below'. */
	if (chance(g, 80))
		sb_printf(g->o, " round %s", rounding[kind == 0 ? below(g, 4) : 0]);
	sb_puts(g->o, ";\n shifts gm;");
	sb_printf(g->o, "\n below %s;", below_r < 0 ? "none" : codes[below_r]);
	sb_printf(g->o, "\n above %s %s;", kind == 0 ? "6:1" : "+5", above_r < 0 ? "none" : codes[above_r]);
	sb_puts(g->o, "\n grid {\n   ");
	for (int c = first; c <= last; c++)
		sb_printf(g->o, " %s", heads[c]);
	for (int r = 1; r <= faces; r++) {
		sb_printf(g->o, "\n  %d", r);
		for (int c = first; c <= last; c++) {
			if (r == 1 && c == mid && numeric)
				sb_printf(g->o, " N%d%s", cell11_n, cell11_f ? "*" : "");
			else if (r == 1 && c == mid)
				sb_printf(g->o, " %s", codes[cell11]);
			else if (numeric && chance(g, 10)) {
				bool all = chance(g, 20);
				all_given |= all;
				sb_puts(g->o, all ? " NX" : chance(g, 50) ? " N1" : " N4");
				if (flagged && chance(g, 50))
					sb_putc(g->o, '*');
			}
			else if (r == gap_r && c == gap_c)
				sb_puts(g->o, chance(g, 50) ? " \xe2\x80\x94" : " --");
			else
				sb_printf(g->o, " %s", codes[below(g, 3)]);
		}
		if (chance(g, 10))
			rule(g);
		if (chance(g, 10)) {
			sb_puts(g->o, " provisional ");
			put_string(g);
		}
	}
	sb_puts(g->o, "\n }");
	/* A rewrite that computes the numbers of gN's results (the variant
	 * takes it too): h moved by one within 1..5, the flag set, cleared,
	 * flipped or passed on. A result of 'all' has no number to move: a
	 * rewrite before it, under the same condition, says what it reads as. */
	int moved = cell11_n, flag_to = cell11_f;
	bool rewritten = numeric && chance(g, 60);
	if (rewritten) {
		static const char *const flag_forms[] = {"f", "1 - f", "1", "0"};
		int up = chance(g, 50), flag_form = below(g, 4);
		const char *ff = flag_forms[flag_form];
		if (all_given)
			sb_printf(g->o, "\n rewrite gN(X%s) -> gN(%s%s%s) when gr;", flagged ? ", f" : "",
				  chance(g, 50) ? "all" : "5", flagged ? ", " : "", flagged ? ff : "");
		sb_printf(g->o, "\n rewrite gN(h%s) -> gN(%s%s%s) when gr;", flagged ? ", f" : "",
			  up ? "min(h + 1, 5)" : "max(h - 1, 1)", flagged ? ", " : "", flagged ? ff : "");
		moved = up ? (cell11_n < 5 ? cell11_n + 1 : 5) : (cell11_n > 1 ? cell11_n - 1 : 1);
		flag_to = flag_form == 0 ? cell11_f : flag_form == 1 ? !cell11_f : flag_form == 2;
	}
	sb_puts(g->o, "\n}\n");
	sb_puts(g->o, "table gv {\n like gt;");
	labels(g, nlocales);
	/* A cell patch: roll 1 at the middle column reads another code than gt's. */
	int patched = numeric || chance(g, 50) ? -1 : (cell11 + 1 + below(g, 2)) % 3;
	if (patched >= 0)
		sb_printf(g->o, "\n cell 1 at %s = %s;", heads[mid], codes[patched]);
	if (chance(g, 50))
		sb_puts(g->o, " shifts gm;");
	if (chance(g, 30))
		sb_puts(g->o, " below none;");
	sb_puts(g->o, "\n}\n");
	/* Examples whose results follow from what was written above. */
	sb_puts(g->o, "example gx");
	rule(g);
	sb_puts(g->o, " {");
	labels(g, nlocales);
	if (numeric && chance(g, 50))
		sb_printf(g->o, "\n gt(ga = 5, gd = 5) roll 1 -> gN(%d%s);", cell11_n,
			  !flagged ? "" : cell11_f ? ", true" : ", false");
	else if (numeric)
		sb_printf(g->o, "\n gt(ga = 5, gd = 5) roll 1 -> N%d%s;", cell11_n, cell11_f ? "*" : "");
	if (rewritten) /* the rewrite's numbers, worked out here */
		sb_printf(g->o, "\n gt(ga = 5, gd = 5, gr = true) roll 1 -> N%d%s;", moved, flag_to ? "*" : "");
	else
		sb_printf(g->o, "\n gt(ga = 5, gd = 5) roll 1 -> %s;", codes[cell11]);
	sb_printf(g->o, "\n gt(ga = 0, gd = 999) -> %s;", below_r < 0 ? "none" : codes[below_r]);
	sb_printf(g->o, "\n gt(ga = 999, gd = 1) -> %s;", above_r < 0 ? "none" : codes[above_r]);
	sb_printf(g->o, "\n gv(ga = 999, gd = 1, gs = %s) -> %s;", left ? "false" : "true", above_r < 0 ? "none" : codes[above_r]);
	if (patched >= 0)
		sb_printf(g->o, "\n gv(ga = 5, gd = 5) roll 1 -> %s;", codes[patched]);
	sb_puts(g->o, "\n}\n");
	if (chance(g, 60)) {
		sb_puts(g->o, "errata ge1 @ ");
		put_string(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_puts(g->o, "\n outcome gB");
		rule(g);
		sb_puts(g->o, " {");
		labels(g, nlocales);
		sb_puts(g->o, " code GB; }");
		if (chance(g, 70))
			sb_puts(g->o, "\n remove input gz;");
		sb_puts(g->o, "\n}\n");
	}
}

/* The sum of the inputs p0..p(n-1), each read once. */
static void sum_of_reasons(gen *g, int n)
{
	for (int i = 0; i < n; i++)
		sb_printf(g->o, "%sp%d", i ? " + " : "", i);
}

/*
 * More provisional reasons than a result lists (RTAB_MAX_REASONS): inputs
 * whose domains are ours, read by the conditions of a table's modifiers, a
 * provisional row that comes first and pushes the last listed reason off,
 * and a trigger whose exception reads the inputs again and whose 'times'
 * reads a number input where the numbers are exact.
 */
static void gen_reasons(gen *g, int nlocales)
{
	int n = between(g, RTAB_MAX_REASONS - 2, RTAB_MAX_REASONS + 8), cut = between(g, -4, 8);
	for (int i = 0; i < n; i++) {
		sb_printf(g->o, "input p%d: int 0..%d = 0 {", i, below(g, 3));
		labels(g, nlocales);
		sb_printf(g->o, " provisional \"p%d is ours\"; }\n", i);
	}
	if (g->exact)
		sb_printf(g->o, "input pq: number 0..4 by 0.5 = %d.5 { provisional \"pq is ours\"; }\n", below(g, 4));
	/* A group that stacks them, its cap holding 0 (the native code's kind). */
	static const char *const stack[] = {"sum", "worst", "best", "largest_each_way"};
	int kind = below(g, 4);
	bool each_way = kind == 3;
	sb_printf(g->o, "group pg { stack %s;", stack[kind]);
	if (chance(g, 50))
		sb_printf(g->o, " cap -%d..%d;", below(g, 3), below(g, 3));
	sb_puts(g->o, " }\n");
	for (int m = 0; m < 3; m++) {
		sb_printf(g->o, "modifier pm%d {", m);
		labels(g, nlocales);
		bool grouped = m == 2 || chance(g, 40);
		if (grouped)
			sb_puts(g->o, " group pg;");
		if (m < 2) {
			sb_puts(g->o, " when ");
			sum_of_reasons(g, n);
			sb_printf(g->o, " >= %d;", below(g, 2));
		}
		sb_puts(g->o, " value ");
		if (m == 0)
			sb_printf(g->o, "%d;", between(g, 1, 2));
		else if (m == 1)
			sb_printf(g->o, "p0 + p%d;", n - 1);
		else if (grouped && each_way) /* a bonus or a penalty, never either */
			sb_printf(g->o, "%sabs(p1 - p%d);", chance(g, 50) ? "-1 - " : "", n - 2);
		else
			sb_printf(g->o, "p1 - p%d;", n - 2);
		if (chance(g, 50))
			sb_printf(g->o, " provisional \"pm%d is ours\";", m);
		sb_puts(g->o, " }\n");
	}
	sb_puts(g->o, "outcome pA {");
	labels(g, nlocales);
	sb_printf(g->o, " trigger t0%s", chance(g, 50) ? "(b0 = true)" : "");
	if (g->exact && chance(g, 60))
		sb_puts(g->o, " times max(0, round_down(pq * 2) - 1)");
	else if (chance(g, 50))
		sb_printf(g->o, " times p%d + 1", below(g, n));
	sb_puts(g->o, " unless ");
	sum_of_reasons(g, n);
	sb_printf(g->o, " > %d%s; }\noutcome pB {", below(g, 3),
		  chance(g, 30) ? " provisional \"the chase is ours\"" : "");
	labels(g, nlocales);
	sb_printf(g->o, " }\ntable pt {");
	labels(g, nlocales);
	sb_printf(g->o, "\n roll d%d; modifiers pm0, pm1, pm2;", below(g, g->ndice));
	if (chance(g, 30))
		sb_printf(g->o, " cap -%d..%d;", between(g, 0, 4), between(g, 0, 4));
	sb_printf(g->o, "\n rows {\n  pA <=%d provisional \"the first row is ours\";\n  pB %d-%d;\n"
			"  pA >=%d provisional \"the last row is ours\";\n }\n}\n",
		  cut, cut + 1, cut + 2, cut + 3);
}

void rtab_gen_program(strbuf *o, uint64_t seed, size_t max_size)
{
	gen g = {.state = seed, .o = o, .budget = max_size};
	int nlocales = chance(&g, 70) ? 1 : 2;
	g.stress = chance(&g, 30);
	gen_header(&g, nlocales);
	int nd = between(&g, 1, 3);
	for (int i = 0; i < nd; i++)
		gen_dice(&g);
	int ne = between(&g, 1, 3);
	for (int i = 0; i < ne; i++)
		gen_enum(&g, nlocales);
	gen_inputs(&g, nlocales);
	gen_effects_outcomes(&g, nlocales);
	gen_lookups(&g, nlocales);
	gen_modifiers(&g, nlocales);
	int nt = between(&g, 1, 3);
	for (int i = 0; i < nt; i++)
		gen_table(&g, i, nlocales);
	gen_others(&g, nlocales);
	/* From a stream of its own: the rest of the program stays as it was. */
	gen reasons = g;
	reasons.state = seed ^ 0x5DEECE66Dull;
	if (chance(&reasons, 25))
		gen_reasons(&reasons, nlocales);
	gen_printed(&g, nlocales);
}

/* The start and end of the next token of a kind at or after from, or false. */
static bool find_token(const char *s, size_t n, size_t from, bool want_string, size_t *a, size_t *b)
{
	for (size_t i = from; i < n; i++) {
		if (want_string && s[i] == '"') {
			size_t j = i + 1;
			while (j < n && s[j] != '"' && s[j] != '\n')
				j += s[j] == '\\' && j + 1 < n ? 2 : 1;
			if (j < n && s[j] == '"') {
				*a = i + 1;
				*b = j;
				return true;
			}
			i = j;
		} else if (!want_string && s[i] >= '0' && s[i] <= '9' &&
			   (i == 0 || !(s[i - 1] == '_' || ((s[i - 1] | 0x20) >= 'a' && (s[i - 1] | 0x20) <= 'z') ||
					(s[i - 1] >= '0' && s[i - 1] <= '9')))) {
			size_t j = i;
			while (j < n && s[j] >= '0' && s[j] <= '9')
				j++;
			*a = i;
			*b = j;
			return true;
		}
	}
	return false;
}

/* The tokens "30000" and "30001" below are RTAB_MAX_ITEMS and one past it. */
_Static_assert(RTAB_MAX_ITEMS == 30000, "update the edge tokens of rtab_gen_mutate");

size_t rtab_gen_mutate(uint8_t *data, size_t size, size_t max_size, uint64_t seed)
{
	static const char *const extreme[] = {"0", "1", "2", "15", "16", "17", "255", "256", "32767",
					      "32768", "65535", "65536", "30000", "30001",
					      "999999999", "1000000000", "1000000001",
					      "2147483647", "2147483648", "99999999999999999999"};
	gen g = {.state = seed};
	strbuf out = {0};
	const char *s = (const char *)data;
	size_t a = 0, b = 0;
	int kind = below(&g, 3);

	if (kind < 2) {
		/* Replace one integer or string chosen at random among the first few dozen. */
		size_t from = size ? (size_t)below(&g, (int)size) : 0;
		if (!find_token(s, size, from, kind == 1, &a, &b) && !find_token(s, size, 0, kind == 1, &a, &b))
			return 0;
		sb_put(&out, s, a);
		if (kind == 0)
			sb_puts(&out, extreme[below(&g, (int)(sizeof extreme / sizeof extreme[0]))]);
		else
			sb_puts(&out, odd_strings[below(&g, (int)(sizeof odd_strings / sizeof odd_strings[0]))]);
		sb_put(&out, s + b, size - b);
	} else {
		/* Repeat one line many times: huge counts of whatever it holds. */
		size_t start = size ? (size_t)below(&g, (int)size) : 0;
		while (start > 0 && s[start - 1] != '\n')
			start--;
		size_t end = start;
		while (end < size && s[end] != '\n')
			end++;
		if (end == start)
			return 0;
		size_t times = (size_t)1 << below(&g, 16);
		sb_put(&out, s, end);
		for (size_t i = 0; i < times && out.len + (end - start) + 1 + (size - end) < max_size; i++) {
			sb_putc(&out, '\n');
			sb_put(&out, s + start, end - start);
		}
		sb_put(&out, s + end, size - end);
	}
	if (out.len > max_size) {
		sb_free(&out);
		return 0;
	}
	memcpy(data, out.data, out.len);
	size = out.len;
	sb_free(&out);
	return size;
}

size_t rtab_gen_replace(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	strbuf sb = {0};
	rtab_gen_program(&sb, (uint64_t)seed * 0x9E3779B97F4A7C15ull + size, max_size);
	size_t n = sb.len <= max_size ? sb.len : 0;
	if (n)
		memcpy(data, sb.data, n);
	sb_free(&sb);
	return n;
}
