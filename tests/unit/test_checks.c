/*
 * Unit tests of the named checks and of lowering: small sources are parsed,
 * built with model_build, and the diagnostics (check name, line:col, text)
 * or the lowered tables are compared with what is expected.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check/model.h"
#include "check/sema.h"
#include "base/util.h"
#include "front/parse_ctx.h"
#include "rtab.h"

/*
 * Every case appends to this prelude, which is clean (no diagnostic) and
 * exactly 11 lines long: the case's own text starts on line 12. The
 * modifier pm and the table pt on its last line use every definition, so
 * that none is reported unused.
 */
static const char prelude[] =
	"ruleset r { locales en; en \"R\"; }\n"                                              /* 1 */
	"dice d6 = 1d6;\n"                                                                 /* 2 */
	"enum side { en \"Side\"; attacker { en \"A\"; } defender { en \"D\"; } }\n"             /* 3 */
	"enum game { en \"Game\"; tacw { en \"T\"; } ngbg { en \"N\"; } other { en \"O\"; } }\n" /* 4 */
	"input who: side = attacker { en \"Who\"; }\n"                                      /* 5 */
	"input game: game = other { en \"Game\"; }\n"                                       /* 6 */
	"input lvl: int 0..3 = 0 { en \"Level\"; }\n"                                       /* 7 */
	"input flag: bool = false { en \"Flag\"; }\n"                                       /* 8 */
	"effect retreat(s: side, hexes: int) { en \"Retreat\"; }\n"                         /* 9 */
	"outcome hold { en \"Hold\"; }\n"                                                   /* 10 */
	"outcome back { en \"Back\"; retreat(defender, 1); }"                                /* 11 */
	" modifier pm { en \"PM\"; when flag and who == attacker and game == tacw; value lvl; }"
	" table pt { en \"PT\"; roll d6; modifiers pm; cap 0..0; rows { hold 1-3; back 4-6; } }\n";

typedef struct built {
	char *src;
	FILE *f;
	char *out;
	size_t outlen;
	diag_ctx diag;
	struct parse_ctx pc;
	model m;
	bool ok;
} built;

/* Parse prelude + text (the parse must be clean) and build the model. */
static void build(built *b, const char *text)
{
	size_t n = strlen(prelude), k = strlen(text);
	memset(b, 0, sizeof *b);
	b->src = malloc(n + k + 1);
	assert_non_null(b->src);
	memcpy(b->src, prelude, n);
	memcpy(b->src + n, text, k + 1);
	b->f = open_memstream(&b->out, &b->outlen);
	assert_non_null(b->f);
	diag_init(&b->diag, "t.rtab", b->src, n + k, b->f);
	b->pc.diag = &b->diag;
	assert_int_equal(rtab_parse(b->src, n + k, &b->pc), 0);
	assert_int_equal(fflush(b->f), 0);
	if (b->diag.errors)
		fail_msg("the source does not parse:\n%s", b->out);
	b->ok = model_build(&b->m, b->pc.defs, &b->diag);
	assert_int_equal(fflush(b->f), 0);
}

static void built_free(built *b)
{
	model_free(&b->m);
	ast_defs_free(b->pc.defs);
	diag_free(&b->diag);
	fclose(b->f);
	free(b->out);
	free(b->src);
}

/* The first line of the output, without its newline. */
static char *first_line(const char *out)
{
	size_t n = strcspn(out, "\n");
	char *s = malloc(n + 1);
	assert_non_null(s);
	memcpy(s, out, n);
	s[n] = '\0';
	return s;
}

/* True when line (without newline) is a whole line of out. */
static bool has_line(const char *out, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, line, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
			return true;
	return false;
}

/* Every error and warning names its check: "... [-WNAME]". */
static void assert_checks_named(const char *out)
{
	for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		size_t n = strcspn(p, "\n");
		if (strncmp(p, "t.rtab:", 7) != 0)
			continue; /* a quoted line or a caret */
		const char *sev = strstr(p, ": error: ");
		if (!sev || sev > p + n)
			sev = strstr(p, ": warning: ");
		if (!sev || sev > p + n)
			continue; /* a note */
		const char *w = strstr(p, " [-W");
		if (!w || w > p + n || p[n - 1] != ']')
			fail_msg("a diagnostic names no check: %.*s", (int)n, p);
	}
}

/* The number of diagnostics of that check. */
static int count_check(const char *out, const char *check)
{
	char tag[64];
	int n = 0;
	snprintf(tag, sizeof tag, " [-W%s]\n", check);
	for (const char *p = strstr(out, tag); p; p = strstr(p + 1, tag))
		n++;
	return n;
}

/* ------------------------------------------------------------------------ */
/* Each named check: the first diagnostic, exactly, and the counts.          */
/* ------------------------------------------------------------------------ */

/*
 * Definitions that a case adds but does not use are reported by the check
 * 'unused'; the warnings counted are those of the other checks.
 */
typedef struct check_case {
	const char *what;
	const char *src;   /* appended to the prelude: its first line is line 12 */
	const char *check; /* the check the first diagnostic names */
	int line, col;
	const char *severity;
	const char *message;
	const char *also; /* another whole line of the output, or NULL */
	int errors, warnings;
} check_case;

static const check_case check_cases[] = {
	/* unknown-name */
	{"an unknown outcome in a row, with a suggestion",
	 "table t { en \"T\"; roll d6; rows { hodl 1-6; } }\n",
	 "unknown-name", 12, 35, "error", "unknown outcome 'hodl'; did you mean 'hold'?", NULL, 1, 0},
	{"an unknown dice, with a suggestion",
	 "table t { en \"T\"; roll d66; rows { hold 1-6; } }\n",
	 "unknown-name", 12, 24, "error", "unknown dice 'd66'; did you mean 'd6'?", NULL, 1, 0},
	{"an unknown enum value in an effect, with a suggestion",
	 "outcome x { en \"X\"; retreat(defnder, 1); }\n",
	 "unknown-name", 12, 29, "error",
	 "unknown value 'defnder' of enum 'side'; did you mean 'defender'?", NULL, 1, 0},
	{"an unknown input in a condition, with a suggestion",
	 "modifier m { en \"M\"; when flga; value 1; }\n",
	 "unknown-name", 12, 27, "error", "unknown input 'flga'; did you mean 'flag'?", NULL, 1, 0},
	{"an unknown name too far from any to suggest one",
	 "outcome x { en \"X\"; trigger zzzzzz; }\n",
	 "unknown-name", 12, 29, "error",
	 "unknown table, reaction set, transition, distance or procedure 'zzzzzz'", NULL, 1, 0},
	{"an unknown locale of a label",
	 "outcome x { en \"X\"; em \"Y\"; }\n",
	 "unknown-name", 12, 21, "error", "unknown locale 'em'; did you mean 'en'?", NULL, 1, 0},
	{"an unknown modifier in a table",
	 "table t { en \"T\"; roll d6; modifiers nope; rows { hold 1-6; } }\n",
	 "unknown-name", 12, 38, "error", "unknown modifier 'nope'", NULL, 1, 0},

	/* duplicate-definition */
	{"an outcome defined twice",
	 "outcome hold { en \"H2\"; }\n",
	 "duplicate-definition", 12, 9, "error", "outcome 'hold' is defined twice",
	 "t.rtab:10:9: note: 'hold' is first defined here", 1, 0},
	{"the same id for two kinds is no duplicate, but a second label is",
	 "table hold { en \"T\"; en \"T2\"; roll d6; rows { hold 1-6; } }\n",
	 "duplicate-definition", 12, 22, "error", "table 'hold' has a second 'en' label",
	 "t.rtab:12:14: note: the first 'en' label is here", 1, 0},
	{"a table that lists a modifier twice",
	 "modifier m { en \"M\"; value 0; }\n"
	 "table t { en \"T\"; roll d6; modifiers m, m; rows { hold 1-6; } }\n",
	 "duplicate-definition", 13, 41, "error", "table 't' lists modifier 'm' twice", NULL, 1, 0},

	/* row-gap */
	{"a gap inside the range of the dice names the roll and the next row",
	 "table t { en \"T\"; roll d6; rows { hold 1-2; back 4-6; } }\n",
	 "row-gap", 12, 40, "error",
	 "table 't' has no row for the modified roll 3 (rolls that can occur: 1..6)",
	 "t.rtab:12:50: note: the next row, 'back', starts at 4", 1, 0},
	{"gaps at both ends",
	 "table t { en \"T\"; roll d6; rows { hold 2-3; back 4-5; } }\n",
	 "row-gap", 12, 40, "error",
	 "table 't' has no row for the modified roll 1 (rolls that can occur: 1..6)",
	 "t.rtab:12:50: error: table 't' has no row for the modified roll 6 (rolls that can occur: 1..6) [-Wrow-gap]",
	 2, 0},
	{"a modifier widens the rolls that can occur; the gap names several rolls",
	 "modifier m { en \"M\"; when flag; value lvl; }\n"
	 "table t { en \"T\"; roll d6; modifiers m; rows { hold 1-3; back 4-6; } }\n",
	 "row-gap", 13, 63, "error",
	 "table 't' has no row for the modified rolls 7..9 (rolls that can occur: 1..9)", NULL, 1, 0},
	{"a negative modifier that always applies lowers both ends",
	 "modifier m { en \"M\"; value -2; }\n"
	 "table t { en \"T\"; roll d6; modifiers m; rows { hold 1-3; back 4-6; } }\n",
	 "row-gap", 13, 53, "error",
	 "table 't' has no row for the modified rolls -1..0 (rolls that can occur: -1..4)", NULL, 1, 0},
	{"the cap bounds the rolls that can occur",
	 "modifier m { en \"M\"; value lvl * 3; }\n"
	 "table t { en \"T\"; roll d6; modifiers m; cap -1..1; rows { hold <=3; back 4-6; } }\n",
	 "row-gap", 13, 74, "error",
	 "table 't' has no row for the modified roll 7 (rolls that can occur: 0..7)", NULL, 1, 0},
	{"a gap in one column of several",
	 "table t { en \"T\"; roll d6; columns by game { tacw = tacw; others = *; }\n"
	 "  rows { hold 1-3 1-2; back 4-6 4-6; } }\n",
	 "row-gap", 13, 19, "error",
	 "column 'others' of table 't' has no row for the modified roll 3 (rolls that can occur: 1..6)",
	 NULL, 1, 0},

	/* row-overlap */
	{"two rows overlap: both are named, with the rolls",
	 "table t { en \"T\"; roll d6; rows { hold 1-4; back 3-6; } }\n",
	 "row-overlap", 12, 50, "error",
	 "in table 't', rows 'hold' and 'back' both match the modified rolls 3..4",
	 "t.rtab:12:40: note: row 'hold' is here", 1, 0},
	{"open ends overlap on one roll",
	 "table t { en \"T\"; roll d6; rows { hold <=3; back >=3; } }\n",
	 "row-overlap", 12, 50, "error",
	 "in table 't', rows 'hold' and 'back' both match the modified roll 3", NULL, 1, 0},
	{"an overlap in one column of several",
	 "table t { en \"T\"; roll d6; columns by game { tacw = tacw; others = *; }\n"
	 "  rows { hold 1-3 1-4; back 4-6 4-6; } }\n",
	 "row-overlap", 13, 33, "error",
	 "in column 'others' of table 't', rows 'hold' and 'back' both match the modified roll 4",
	 NULL, 1, 0},

	/* column-coverage */
	{"enum values without a column, each reported",
	 "table t { en \"T\"; roll d6;\n"
	 "  columns by game { tacw = tacw; }\n"
	 "  rows { hold 1-6; } }\n",
	 "column-coverage", 13, 3, "error",
	 "value 'ngbg' of 'game' has no column; name it in a column, or add: others = *;",
	 "t.rtab:13:3: error: value 'other' of 'game' has no column; name it in a column, or add: others = *; [-Wcolumn-coverage]",
	 2, 0},
	{"a value given to two columns",
	 "table t { en \"T\"; roll d6;\n"
	 "  columns by game { a = tacw, ngbg; b = ngbg; c = *; }\n"
	 "  rows { hold 1-6 1-6 1-6; } }\n",
	 "column-coverage", 13, 41, "error", "value 'ngbg' of 'game' is given to two columns",
	 "t.rtab:13:21: note: column 'a' already takes it", 1, 0},
	{"two columns that take the remaining values",
	 "table t { en \"T\"; roll d6;\n"
	 "  columns by game { a = tacw; c = *; d = *; }\n"
	 "  rows { hold 1-6 1-6 1-6; } }\n",
	 "column-coverage", 13, 38, "error", "only one column can take the remaining values ('*')",
	 "t.rtab:13:31: note: 'c' already takes them", 1, 0},

	/* row-shape */
	{"a row with more roll ranges than columns",
	 "table t { en \"T\"; roll d6; rows { hold 1-6 1-6; } }\n",
	 "row-shape", 12, 35, "error", "row 'hold' gives 2 roll ranges, but the table has 1 column",
	 NULL, 1, 0},
	{"a row with fewer roll ranges than columns",
	 "table t { en \"T\"; roll d6; columns by game { tacw = tacw; others = *; }\n"
	 "  rows { hold 1-6; } }\n",
	 "row-shape", 13, 10, "error", "row 'hold' gives 1 roll range, but the table has 2 columns",
	 NULL, 1, 0},
	{"a header that misnames a column",
	 "table t { en \"T\"; roll d6; columns by game { tacw = tacw; others = *; }\n"
	 "  rows { tacw other\n"
	 "         hold 1-6 1-6; } }\n",
	 "row-shape", 13, 15, "error", "the header names 'other' where column 2 is 'others'", NULL,
	 1, 0},
	{"a header with too many names",
	 "table t { en \"T\"; roll d6; columns by game { tacw = tacw; others = *; }\n"
	 "  rows { tacw others extra; hold 1-6 1-6; } }\n",
	 "row-shape", 13, 10, "error", "the header names more columns than the table's 2", NULL, 1,
	 0},
	{"a header with too few names",
	 "table t { en \"T\"; roll d6; columns by game { tacw = tacw; others = *; }\n"
	 "  rows { tacw; hold 1-6 1-6; } }\n",
	 "row-shape", 13, 10, "error", "the header names fewer columns than the table's 2", NULL, 1,
	 0},
	{"a table without rows",
	 "table t { en \"T\"; roll d6; rows { } }\n",
	 "row-shape", 12, 28, "error", "table 't' has no rows; add a grid (grid { one line per roll }) or: rows { OUTCOME RANGE; }", NULL,
	 1, 0},

	/* effect-arguments */
	{"too few arguments",
	 "outcome x { en \"X\"; retreat(defender); }\n",
	 "effect-arguments", 12, 21, "error",
	 "effect 'retreat' takes 2 arguments, but outcome 'x' gives 1",
	 "t.rtab:9:8: note: 'retreat' is declared here", 1, 0},
	{"too many arguments",
	 "outcome x { en \"X\"; retreat(defender, 1, 2); }\n",
	 "effect-arguments", 12, 21, "error",
	 "effect 'retreat' takes 2 arguments, but outcome 'x' gives 3", NULL, 1, 0},
	{"a bare effect name gives no arguments",
	 "outcome x { en \"X\"; retreat; }\n",
	 "effect-arguments", 12, 21, "error",
	 "effect 'retreat' takes 2 arguments, but outcome 'x' gives 0", NULL, 1, 0},
	{"a number for an enum parameter",
	 "outcome x { en \"X\"; retreat(1, 1); }\n",
	 "effect-arguments", 12, 29, "error",
	 "parameter 's' of effect 'retreat' takes a value of enum 'side', not a number", NULL, 1, 0},
	{"a name for an integer parameter",
	 "outcome x { en \"X\"; retreat(defender, far); }\n",
	 "effect-arguments", 12, 39, "error",
	 "parameter 'hexes' of effect 'retreat' is an integer, not 'far'", NULL, 1, 0},

	/* type-mismatch */
	{"an int as a condition",
	 "modifier m { en \"M\"; when lvl; value 1; }\n",
	 "type-mismatch", 12, 27, "error",
	 "a 'when' condition must be a condition (bool), but this is int", NULL, 1, 0},
	{"a bool as a value",
	 "modifier m { en \"M\"; value flag; }\n",
	 "type-mismatch", 12, 28, "error", "a 'value' must be an integer, but this is bool", NULL, 1, 0},
	{"an enum compared with an int",
	 "modifier m { en \"M\"; when who == 1; value 1; }\n",
	 "type-mismatch", 12, 31, "error",
	 "cannot compare enum 'side' with int; use a value of 'side' (attacker, defender)", NULL, 1, 0},
	{"inputs of two enums compared",
	 "modifier m { en \"M\"; when who != game; value 1; }\n",
	 "type-mismatch", 12, 31, "error",
	 "cannot compare enum 'side' with enum 'game'; use a value of 'side' (attacker, defender)", NULL,
	 1, 0},
	{"a bool in arithmetic",
	 "modifier m { en \"M\"; value lvl + flag; }\n",
	 "type-mismatch", 12, 34, "error",
	 "an operand of arithmetic must be an integer, but this is bool", NULL, 1, 0},
	{"an enum ordered",
	 "modifier m { en \"M\"; when who < 1; value 1; }\n",
	 "type-mismatch", 12, 27, "error",
	 "an operand of an ordering must be an integer, but this is side", NULL, 1, 0},
	{"'not' of an int",
	 "modifier m { en \"M\"; when not lvl; value 1; }\n",
	 "type-mismatch", 12, 31, "error", "the operand of 'not' must be a condition (bool), but this is int",
	 NULL, 1, 0},
	{"'and' of an int",
	 "modifier m { en \"M\"; when flag and lvl; value 1; }\n",
	 "type-mismatch", 12, 36, "error",
	 "an operand of 'and'/'or' must be a condition (bool), but this is int", NULL, 1, 0},
	{"a number as the default of an enum input",
	 "input z: side = 1 { en \"Z\"; }\n",
	 "type-mismatch", 12, 17, "error", "a default must be a constant enum value", NULL, 1, 0},
	{"an expression as the default of an int input",
	 "input z: int 0..9 = lvl { en \"Z\"; }\n",
	 "type-mismatch", 12, 21, "error", "a default must be a constant integer", NULL, 1, 0},
	{"columns chosen by an int input",
	 "table t { en \"T\"; roll d6; columns by lvl { a = x; } rows { hold 1-6; } }\n",
	 "type-mismatch", 12, 39, "error",
	 "columns are chosen by an enum input, and 'lvl' is not one (a number? write: columns by value(lvl);)", NULL, 1, 0},
	{"a bool effect parameter",
	 "effect e(x: bool) { en \"E\"; }\n",
	 "type-mismatch", 12, 13, "error",
	 "effect parameters are enums or int; use an enum for 'x'", NULL, 1, 0},

	/* bad-range */
	{"a roll range written backwards",
	 "table t { en \"T\"; roll d6; rows { hold 6-1; back 1-6; } }\n",
	 "bad-range", 12, 40, "error", "the range 6-1 is empty; write the low end first", NULL, 1, 0},
	{"an empty cap",
	 "table t { en \"T\"; roll d6; cap 3..-3; rows { hold 1-6; } }\n",
	 "bad-range", 12, 28, "error", "the cap 3..-3 is empty; write the low end first", NULL, 1, 0},
	{"an empty int domain",
	 "input x: int 5..1 { en \"X\"; }\n",
	 "bad-range", 12, 10, "error", "the range 5..1 is empty; write the low end first", NULL, 1, 0},
	{"a default outside the domain",
	 "input y: int 0..3 = 7 { en \"Y\"; }\n",
	 "bad-range", 12, 21, "error", "the default 7 lies outside 0..3", NULL, 1, 0},
	{"a negative default outside the domain",
	 "input y: int 0..3 = -1 { en \"Y\"; }\n",
	 "bad-range", 12, 21, "error", "the default -1 lies outside 0..3", NULL, 1, 0},
	{"faces that do not match the die",
	 "dice d = 1d6 faces 0..9;\n",
	 "bad-range", 12, 10, "error", "faces 0..9 make 10 faces, but the die has 6", NULL, 1, 0},
	{"no dice at all",
	 "dice e = 0d6;\n",
	 "bad-range", 12, 10, "error", "0d6 is not a roll; use at least one die of two or more sides",
	 NULL, 1, 0},
	{"a one-sided die",
	 "dice e = 2d1;\n",
	 "bad-range", 12, 10, "error", "2d1 is not a roll; use at least one die of two or more sides",
	 NULL, 1, 0},
	{"an enum without values",
	 "enum none { en \"None\"; }\n",
	 "bad-range", 12, 6, "error", "enum 'none' has no values", NULL, 1, 0},

	/* matrix-cells, transition-states, units, example */
	{"a matrix without a default misses cells",
	 "matrix mx(a: side, b: game) { en \"M\"; attacker, tacw = 1; }\n",
	 "matrix-cells", 12, 8, "error",
	 "matrix 'mx' has no value for (attacker, ngbg) and maybe other cells; give them, or add: default 0;", NULL, 1, 0},
	{"a transition that forgets a state",
	 "transition tr by who { en \"T\"; attacker -> defender; }\n",
	 "transition-states", 12, 12, "error",
	 "transition 'tr' does not say what state 'defender' becomes; add: defender -> STATE;", NULL, 1,
	 0},
	{"a distance in an unknown unit, and one without a unit",
	 "distance d { en \"D\"; value 1d6 furlongs; }\n"
	 "distance e { en \"E\"; value 2; }\n",
	 "units", 12, 32, "error",
	 "unknown unit 'furlongs'; use mm, cm, m, inches, feet, yards, paces, hexes, squares, miles or km",
	 "t.rtab:13:22: error: give the value's unit after it: mm, cm, m, inches, feet, yards, paces, hexes, squares, miles or km [-Wunits]",
	 2, 0},
	{"an example that sets an input outside its domain, and one that checks nothing",
	 "table t { en \"T\"; roll d6; rows { hold 1-3; back 4-6; } }\n"
	 "example x { en \"X\"; t(lvl = 9) roll 3 -> hold; }\n"
	 "example y { en \"Y\"; }\n",
	 "example", 13, 29, "error", "input 'lvl' takes an integer in 0..3",
	 "t.rtab:14:9: error: example 'y' checks nothing [-Wexample]", 2, 0},
	{"an example of a table without its roll",
	 "table t { en \"T\"; roll d6; rows { hold 1-3; back 4-6; } }\n"
	 "example x { en \"X\"; t -> hold; }\n",
	 "example", 13, 21, "error", "table 't' rolls 1 face: add: roll F", NULL, 1, 0},

	/* unused: a warning */
	{"an outcome and a modifier nothing uses",
	 "outcome x { en \"X\"; }\nmodifier m { en \"M\"; value 1; }\n",
	 "unused", 12, 9, "warning", "outcome 'x' is never used",
	 "t.rtab:13:10: warning: modifier 'm' is never used [-Wunused]", 0, 2},

	/* missing-label: a warning, and the build still succeeds */
	{"an outcome without a label",
	 "outcome x { retreat(defender, 1); }\n",
	 "missing-label", 12, 9, "warning", "outcome 'x' has no 'en' label; add en \"...\";", NULL, 0,
	 1},
	{"enum values without labels",
	 "enum e { en \"E\"; a; b { } }\n",
	 "missing-label", 12, 18, "warning", "enum value 'a' has no 'en' label; add en \"...\";",
	 "t.rtab:12:21: warning: enum value 'b' has no 'en' label; add en \"...\"; [-Wmissing-label]",
	 0, 2},
	{"a table without a label",
	 "table t { roll d6; rows { hold 1-6; } }\n",
	 "missing-label", 12, 7, "warning", "table 't' has no 'en' label; add en \"...\";", NULL, 0, 1},

	/* misplaced-statement */
	{"'roll' in an outcome",
	 "outcome x { en \"X\"; roll d6; }\n",
	 "misplaced-statement", 12, 21, "error",
	 "'roll' does not belong in an outcome; it belongs in a table", NULL, 1, 0},
	{"'value' in a table",
	 "table t { en \"T\"; value 1; roll d6; rows { hold 1-6; } }\n",
	 "misplaced-statement", 12, 19, "error",
	 "'value' does not belong in a table; it belongs in a modifier", NULL, 1, 0},
	{"'trigger' in an enum",
	 "enum e { en \"E\"; trigger t; a { en \"A\"; } }\n",
	 "misplaced-statement", 12, 18, "error",
	 "'trigger' does not belong in an enum; it belongs in an outcome", NULL, 1, 0},
	{"'locales' in a table",
	 "table t { en \"T\"; locales en; roll d6; rows { hold 1-6; } }\n",
	 "misplaced-statement", 12, 19, "error",
	 "'locales' does not belong in a table; it belongs in the ruleset header", NULL, 1, 0},
	{"an effect in a modifier",
	 "modifier m { en \"M\"; retreat(defender, 1); value 1; }\n",
	 "misplaced-statement", 12, 22, "error",
	 "an effect does not belong in a modifier; it belongs in an outcome", NULL, 1, 0},
	{"'cap' in an outcome",
	 "outcome x { en \"X\"; cap 1..2; }\n",
	 "misplaced-statement", 12, 21, "error",
	 "'cap' does not belong in an outcome; it belongs in a table or a group", NULL, 1, 0},
	/* Each statement names its own home (front/constructs.def), not a table's. */
	{"'stack' in a table",
	 "table t { en \"T\"; stack sum; roll d6; rows { hold 1-6; } }\n",
	 "misplaced-statement", 12, 19, "error",
	 "'stack' does not belong in a table; it belongs in a group", NULL, 1, 0},
	{"'for' in an outcome",
	 "outcome x { en \"X\"; for attacker; }\n",
	 "misplaced-statement", 12, 21, "error",
	 "'for' does not belong in an outcome; it belongs in a modifier", NULL, 1, 0},
	{"an odds step in a table",
	 "table t { en \"T\"; 2:1 = 3; roll d6; rows { hold 1-6; } }\n",
	 "misplaced-statement", 12, 19, "error",
	 "an odds step (A:B = N) does not belong in a table; it belongs in a ratio", NULL, 1, 0},
	{"an arc in a modifier",
	 "modifier m { en \"M\"; a -> b; value 1; }\n",
	 "misplaced-statement", 12, 22, "error",
	 "an arc (STATE -> STATE) does not belong in a modifier; it belongs in a transition", NULL, 1, 0},

	/* missing-statement */
	{"a modifier without a value",
	 "modifier m { en \"M\"; when flag; }\n",
	 "missing-statement", 12, 10, "error", "modifier 'm' has no value; add: value +1;", NULL, 1, 0},
};

/* Every case runs; each difference is printed, then the test fails. */
static void test_named_checks(void **state)
{
	int failed = 0;
	(void)state;
	for (size_t i = 0; i < sizeof check_cases / sizeof check_cases[0]; i++) {
		const check_case *c = &check_cases[i];
		char want[1024];
		built b;
		build(&b, c->src);
		const char *out = b.out ? b.out : "";
		char *first = first_line(out);
		snprintf(want, sizeof want, "t.rtab:%d:%d: %s: %s [-W%s]", c->line, c->col,
			 c->severity, c->message, c->check);
		int warnings = b.diag.warnings;
		if (strcmp(c->check, "unused") != 0)
			warnings -= count_check(out, "unused");
		bool bad = strcmp(first, want) != 0 || (c->also && !has_line(out, c->also)) ||
			   b.diag.errors != c->errors || warnings != c->warnings ||
			   b.ok != (c->errors == 0);
		if (bad) {
			/* cmocka's messages are short: one call per part. */
			print_error("case: %s\n", c->what);
			print_error("--- expected (%d errors, %d warnings):\n%s\n", c->errors,
				    c->warnings, want);
			if (c->also)
				print_error("%s\n", c->also);
			print_error("+++ actual (%d errors, %d warnings; built: %d):\n", b.diag.errors,
				    warnings, b.ok);
			print_error("%s\n", out);
			failed++;
		}
		free(first);
		assert_checks_named(out);
		built_free(&b);
	}
	assert_int_equal(failed, 0);
}

/* Every mistake of a file is reported in one run, each by its check. */
static void test_every_mistake_reported(void **state)
{
	static const char src[] =
		"table t { en \"T\"; roll d6; rows { hodl 1-2; back 4-6; } }\n"      /* 12 */
		"outcome x { en \"X\"; retreat(defender); }\n"                       /* 13 */
		"modifier m { en \"M\"; when lvl; value 1; }\n"                      /* 14 */
		"outcome back { en \"B\"; }\n";                                     /* 15 */
	static const char *const lines[] = {
		"t.rtab:15:9: error: outcome 'back' is defined twice [-Wduplicate-definition]",
		"t.rtab:11:9: note: 'back' is first defined here",
		"t.rtab:14:27: error: a 'when' condition must be a condition (bool), but this is int [-Wtype-mismatch]",
		"t.rtab:13:21: error: effect 'retreat' takes 2 arguments, but outcome 'x' gives 1 [-Weffect-arguments]",
		"t.rtab:12:35: error: unknown outcome 'hodl'; did you mean 'hold'? [-Wunknown-name]",
		"t.rtab:12:40: error: table 't' has no row for the modified roll 3 (rolls that can occur: 1..6) [-Wrow-gap]",
	};
	built b;
	(void)state;
	build(&b, src);
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		if (!has_line(b.out, lines[i]))
			fail_msg("missing the line:\n%s\nin:\n%s", lines[i], b.out);
	assert_int_equal(b.diag.errors, 5);
	assert_int_equal(b.diag.warnings, count_check(b.out, "unused"));
	assert_false(b.ok);
	built_free(&b);
}

/* ------------------------------------------------------------------------ */
/* Clean sources: no diagnostic, and the lowered tables.                     */
/* ------------------------------------------------------------------------ */

typedef struct column_want {
	const char *id;
	const char *dense; /* row_of_roll over roll_min..roll_max, space-separated */
	int below, above;
} column_want;

typedef struct lower_case {
	const char *what;
	const char *src;
	int32_t roll_min, roll_max;
	const char *column_of_value; /* per value of the column input, or NULL */
	uint16_t ncolumns;
	column_want cols[3];
} lower_case;

static const lower_case lower_cases[] = {
	{"closed ranges over one d6",
	 "table t { en \"T\"; roll d6; rows { hold 1-3; back 4-6; } }\n",
	 1, 6, NULL, 1, {{"all", "0 0 0 1 1 1", -1, -1}}},
	{"open ends serve the rolls past the dense range",
	 "table t { en \"T\"; roll d6; rows { hold <=2; back 3+; } }\n",
	 1, 6, NULL, 1, {{"all", "0 0 1 1 1 1", 0, 1}}},
	{"every form of range",
	 "outcome c { en \"C\"; }\noutcome d { en \"D\"; }\n"
	 "table t { en \"T\"; roll d6; rows { hold ≤ 1; back 2..3; c 4-4; d ≥ 5; } }\n",
	 1, 6, NULL, 1, {{"all", "0 1 1 2 3 3", 0, 3}}},
	{"a conditional positive modifier widens the top only",
	 "modifier m { en \"M\"; when flag; value 2; }\n"
	 "table t { en \"T\"; roll d6; modifiers m; rows { hold <=3; back 4+; } }\n",
	 1, 8, NULL, 1, {{"all", "0 0 0 1 1 1 1 1", 0, 1}}},
	{"a modifier that always applies shifts both ends",
	 "modifier m { en \"M\"; value -lvl; }\n"
	 "table t { en \"T\"; roll d6; modifiers m; rows { hold <=0; back 1-6; } }\n",
	 -2, 6, NULL, 1, {{"all", "0 0 0 1 1 1 1 1 1", 0, -1}}},
	{"a cap bounds the total modifier",
	 "modifier m { en \"M\"; value lvl * 4; }\n"
	 "table t { en \"T\"; roll d6; modifiers m; cap -1..1; rows { hold <=3; back 4-7; } }\n",
	 0, 7, NULL, 1, {{"all", "0 0 0 0 1 1 1 1", 0, -1}}},
	{"written ends beyond the rolls that can occur widen the dense range",
	 "table t { en \"T\"; roll d6; rows { hold -1-3; back 4-9; } }\n",
	 -1, 9, NULL, 1, {{"all", "0 0 0 0 0 1 1 1 1 1 1", -1, -1}}},
	{"a die read 0-9",
	 "dice d10 = 1d10 faces 0..9;\n"
	 "table t { en \"T\"; roll d10; rows { hold <=4; back 5-9; } }\n",
	 0, 9, NULL, 1, {{"all", "0 0 0 0 0 1 1 1 1 1", 0, -1}}},
	{"two dice and a sum of groups",
	 "dice two = 1d6 + 1d6 faces 0-5;\n"
	 "table t { en \"T\"; roll two; rows { hold 1-6; back 7+; } }\n",
	 1, 11, NULL, 1, {{"all", "0 0 0 0 0 0 1 1 1 1 1", -1, 1}}},
	{"a table without a roll is keyed by its modifier total alone",
	 "modifier m { en \"M\"; value lvl; }\n"
	 "table t { en \"T\"; modifiers m; rows { hold <=1; back 2+; } }\n",
	 0, 3, NULL, 1, {{"all", "0 0 1 1", 0, 1}}},
	{"columns by an enum input, with the remaining values in one",
	 "table t { en \"T\"; roll d6;\n"
	 "  columns by game { tacw = tacw; others = *; }\n"
	 "  rows {        tacw  others\n"
	 "    hold        <=2   <=4;\n"
	 "    back        3+    5+;\n"
	 "  } }\n",
	 1, 6, "0 1 1", 2, {{"tacw", "0 0 1 1 1 1", 0, 1}, {"others", "0 0 0 0 1 1", 0, 1}}},
	{"three columns, values in declaration order",
	 "table t { en \"T\"; roll d6;\n"
	 "  columns by game { o = other; n = ngbg; t = tacw; }\n"
	 "  rows { hold 1 1-2 1-3; back 2-6 3-6 4-6; } }\n",
	 1, 6, "2 1 0", 3,
	 {{"o", "0 1 1 1 1 1", -1, -1}, {"n", "0 0 1 1 1 1", -1, -1}, {"t", "0 0 0 1 1 1", -1, -1}}},
};

static char *render_dense(const int16_t *v, int32_t n)
{
	strbuf sb = {0};
	sb_puts(&sb, "");
	for (int32_t i = 0; i < n; i++)
		sb_printf(&sb, "%s%d", i ? " " : "", v[i]);
	return sb.data;
}

static void test_lowering(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof lower_cases / sizeof lower_cases[0]; i++) {
		const lower_case *c = &lower_cases[i];
		built b;
		print_message("case: %s\n", c->what);
		build(&b, c->src);
		assert_string_equal(b.out ? b.out : "", "");
		assert_true(b.ok);
		int ti = rtab_find_table(&b.m.rs, "t");
		assert_true(ti >= 0);
		const rtab_table *t = &b.m.rs.tables[ti];
		assert_int_equal(t->roll_min, c->roll_min);
		assert_int_equal(t->roll_max, c->roll_max);
		assert_int_equal(t->ncolumns, c->ncolumns);
		if (c->column_of_value) {
			int in = rtab_find_input(&b.m.rs, "game");
			assert_int_equal(t->column_input, in);
			const rtab_enum *e = &b.m.rs.enums[b.m.rs.inputs[in].enum_index];
			int16_t of[16];
			for (size_t k = 0; k < e->nvalues; k++)
				of[k] = (int16_t)t->column_of_value[k];
			char *s = render_dense(of, e->nvalues);
			assert_string_equal(s, c->column_of_value);
			free(s);
		} else {
			assert_int_equal(t->column_input, -1);
		}
		for (size_t j = 0; j < t->ncolumns; j++) {
			const rtab_column *col = &t->columns[j];
			assert_string_equal(col->id, c->cols[j].id);
			assert_non_null(col->row_of_roll);
			char *s = render_dense(col->row_of_roll, t->roll_max - t->roll_min + 1);
			assert_string_equal(s, c->cols[j].dense);
			free(s);
			assert_int_equal(col->below_row, c->cols[j].below);
			assert_int_equal(col->above_row, c->cols[j].above);
		}
		built_free(&b);
	}
}

/* The clean prelude itself, lowered into the runtime's structures. */
static void test_clean_prelude(void **state)
{
	built b;
	(void)state;
	build(&b, "");
	assert_string_equal(b.out ? b.out : "", "");
	assert_true(b.ok);
	const rtab_ruleset *rs = &b.m.rs;
	assert_string_equal(rs->id, "r");
	assert_int_equal(rs->nlocales, 1);
	assert_string_equal(rs->locales[0], "en");
	assert_string_equal(rtab_label(rs, rs->title, 0), "R");

	static const struct {
		const char *id;
		uint8_t type;
		int32_t min, max, def;
	} inputs[] = {
		{"who", RTAB_TYPE_ENUM, 0, 1, 0},
		{"game", RTAB_TYPE_ENUM, 0, 2, 2},
		{"lvl", RTAB_TYPE_INT, 0, 3, 0},
		{"flag", RTAB_TYPE_BOOL, 0, 1, 0},
	};
	assert_int_equal(rs->ninputs, 4);
	for (size_t i = 0; i < 4; i++) {
		assert_string_equal(rs->inputs[i].id, inputs[i].id);
		assert_int_equal(rs->inputs[i].type, inputs[i].type);
		assert_int_equal(rs->inputs[i].min, inputs[i].min);
		assert_int_equal(rs->inputs[i].max, inputs[i].max);
		assert_int_equal(rs->inputs[i].default_value, inputs[i].def);
	}
	assert_int_equal(rs->inputs[0].enum_index, 0);
	assert_int_equal(rs->inputs[1].enum_index, 1);
	assert_int_equal(rs->inputs[2].enum_index, -1);

	assert_int_equal(rs->ndice, 1);
	assert_int_equal(rs->dice[0].nfaces, 1);
	assert_int_equal(rs->dice[0].min, 1);
	assert_int_equal(rs->dice[0].max, 6);
	assert_int_equal(rs->dice[0].groups[0].face_min, 1);
	assert_int_equal(rs->dice[0].groups[0].face_max, 6);

	int back = rtab_find_outcome(rs, "back");
	assert_int_equal(back, 1);
	assert_int_equal(rs->outcomes[back].neffects, 1);
	assert_int_equal(rs->outcomes[back].effects[0].kind, 0);
	assert_int_equal(rs->outcomes[back].effects[0].nargs, 2);
	assert_int_equal(rs->outcomes[back].effects[0].args[0], 1); /* defender */
	assert_int_equal(rs->outcomes[back].effects[0].args[1], 1);
	built_free(&b);
}

/* The lowered model resolves rolls through the runtime. */
typedef struct resolve_case {
	int32_t flag, lvl, game;
	int32_t face;
	int32_t modified_roll;
	const char *outcome;
} resolve_case;

static void test_lowered_resolves(void **state)
{
	static const char src[] =
		"modifier m { en \"M\"; when flag; value lvl + 1; }\n"
		"table t { en \"T\"; roll d6; modifiers m; cap -2..2;\n"
		"  columns by game { tacw = tacw; others = *; }\n"
		"  rows { hold <=3 <=4; back 4+ 5+; } }\n";
	static const resolve_case cases[] = {
		{0, 0, 0, 3, 3, "hold"}, {0, 0, 0, 4, 4, "back"}, {0, 0, 2, 4, 4, "hold"},
		{1, 0, 0, 3, 4, "back"}, {1, 3, 2, 1, 3, "hold"}, {1, 3, 2, 3, 5, "back"},
		{1, 3, 1, 6, 8, "back"},
	};
	built b;
	(void)state;
	build(&b, src);
	assert_string_equal(b.out ? b.out : "", "");
	assert_true(b.ok);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const resolve_case *c = &cases[i];
		int32_t in[4];
		rtab_result r;
		assert_int_equal(rtab_inputs_default(&b.m.rs, in, 4), RTAB_OK);
		in[1] = c->game;
		in[2] = c->lvl;
		in[3] = c->flag;
		size_t t = (size_t)rtab_find_table(&b.m.rs, "t");
		assert_int_equal(rtab_resolve(&b.m.rs, t, in, 4, &c->face, 1, 0, &r), RTAB_OK);
		assert_int_equal(r.modified_roll, c->modified_roll);
		assert_string_equal(b.m.rs.outcomes[r.outcome].id, c->outcome);
	}
	built_free(&b);
}

/*
 * The bounds of a product saturate instead of overflowing, so a product
 * that may leave 32 bits is reported rather than wrapping to a bound of 0.
 */
static void test_product_bounds_overflow(void **state)
{
	static const char src[] =
		"input big: int 0..2000000 = 0 { en \"B\"; }\n"
		"modifier m { en \"M\"; value (big * big) * (big * big); }\n";
	built b;
	(void)state;
	build(&b, src);
	assert_false(b.ok);
	char *first = first_line(b.out);
	assert_string_equal(first, "t.rtab:13:33: error: this part of the expression may overflow a 32-bit integer [-Wlimits]");
	free(first);
	built_free(&b);
}

/*
 * A grid line copied many times overlaps the rows of its outcomes in every
 * column: the overlaps are reported (the first CHECK_TABLE_CAP, then a count),
 * and the model keeps a row per outcome of each copy, not a row per cell,
 * so that its cells (rows x columns) grow with the table, not its square.
 */
static void test_copied_line_rows(void **state)
{
	enum { COPIES = 1000 };
	strbuf src = {0};
	sb_puts(&src, "table t { en \"T\"; roll d6; columns by game { a = tacw; b = ngbg; c = other; } grid {\n"
		      "  a b c\n  1-2 hold hold back\n");
	for (int i = 0; i < COPIES; i++)
		sb_puts(&src, "  3 hold back back\n");
	sb_puts(&src, "  4-6 back back back\n} }\n");
	built b;
	(void)state;
	build(&b, src.data);
	assert_false(b.ok);
	assert_non_null(strstr(b.out, "[-Wrow-overlap]"));
	assert_non_null(strstr(b.out, "more findings of -Wrow-overlap, not shown"));
	int t = rtab_find_table(&b.m.rs, "t");
	assert_true(t >= 0);
	/* Two outcomes a copy (hold in a, back in b and c), and the lines around it. */
	assert_in_range(b.m.rs.tables[t].nrows, COPIES, 2 * COPIES + 8);
	built_free(&b);
	sb_free(&src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_named_checks),
		cmocka_unit_test(test_every_mistake_reported),
		cmocka_unit_test(test_lowering),
		cmocka_unit_test(test_clean_prelude),
		cmocka_unit_test(test_lowered_resolves),
		cmocka_unit_test(test_product_bounds_overflow),
		cmocka_unit_test(test_copied_line_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
