/* SPDX-License-Identifier: MIT */
/* The canonical order of the clauses inside a definition, as a stable sort of its items. */
#include "format/clause_order.h"

#include "front/parse_ctx.h"
#include "front/scan.h"

#include <stdlib.h>
#include <string.h>

/* What a clause is, from its first tokens: a keyword's token, or one of these. */
enum clause_key {
	KEY_UNKNOWN = -100,
	KEY_LABEL,  /* LOCALE "text"; */
	KEY_OTHER,  /* no keyword: an enum value, an effect, a cell, a step, an arc, a check */
	KEY_LIKE,
	KEY_SHIFTS,
	KEY_CLAMP,
	KEY_BELOW,
	KEY_ABOVE,
	KEY_CODE,
	KEY_ROUND,
	KEY_NOTE,
	KEY_CELL,
	KEY_EXACT,
	KEY_UNIT,
};

/* The statements that begin with a word that is no keyword ('like crt;'). */
static const struct {
	const char *word;
	int key;
} words[] = {
	{"like", KEY_LIKE}, {"shifts", KEY_SHIFTS}, {"below", KEY_BELOW}, {"above", KEY_ABOVE},
	{"code", KEY_CODE}, {"round", KEY_ROUND},   {"note", KEY_NOTE},   {"cell", KEY_CELL},
	{"exact", KEY_EXACT}, {"unit", KEY_UNIT}, {"clamp", KEY_CLAMP},
};

#define MAX_RANKS 20

/* The rank of each kind of clause in one kind of definition; a kind of
 * clause not listed leaves the definition as it is written. Kinds with one
 * rank keep their order among themselves. */
static const struct {
	int definition; /* the keyword that begins it */
	struct {
		int key, rank;
	} ranks[MAX_RANKS];
} orders[] = {
	{RULESET, {{LOCALES, 0}, {KEY_LABEL, 1}, {KEY_EXACT, 2}, {KEY_UNIT, 3}, {PROVISIONAL, 4}}},
	{DICE, {{KEY_LABEL, 0}, {PROVISIONAL, 1}}},
	{ENUM, {{KEY_LABEL, 0}, {KEY_OTHER, 1}, {PROVISIONAL, 2}}},
	{INPUT, {{KEY_LABEL, 0}, {PROVISIONAL, 1}}},
	{EFFECT, {{KEY_LABEL, 0}, {PROVISIONAL, 1}}},
	{OUTCOME, {{KEY_LABEL, 0}, {KEY_CODE, 1}, {KEY_OTHER, 2}, {TRIGGER, 2}, {PROVISIONAL, 3}}},
	{MODIFIER,
	 {{KEY_LABEL, 0}, {FOR, 1}, {GROUP, 2}, {STEPS, 3}, {WHEN, 4}, {VALUE, 5}, {PROVISIONAL, 6}}},
	{TABLE,
	 {{KEY_LIKE, 0},
	  {KEY_LABEL, 1},
	  {ROLL, 2},
	  {STEP, 3},
	  {MODIFIERS, 4},
	  {CAP, 5},
	  {COLUMNS, 6},
	  {KEY_SHIFTS, 7},
	  {KEY_CLAMP, 8},
	  {KEY_NOTE, 9},
	  /* The clauses that name outcomes keep their order: an outcome with
	   * a parameter is made where it is first named, in that order. */
	  {KEY_BELOW, 10},
	  {KEY_ABOVE, 10},
	  {REWRITE, 10},
	  {NATURAL, 10},
	  {ROWS, 10},
	  {GRID, 10},
	  {KEY_OTHER, 10},
	  {KEY_CELL, 10},
	  {PROVISIONAL, 11}}},
	/* Lists of entries: 'provisional' under the labels, above the list. */
	{MATRIX, {{KEY_LABEL, 0}, {PROVISIONAL, 1}, {RANGE_KW, 2}, {DEFAULT, 3}, {KEY_OTHER, 4}}},
	{RATIO,
	 {{KEY_LABEL, 0}, {PROVISIONAL, 1}, {RANGE_KW, 2}, {KEY_ROUND, 3}, {KEY_OTHER, 4}, {OTHERWISE, 4}}},
	{GROUP, {{KEY_LABEL, 0}, {STACK, 1}, {CAP, 2}, {PROVISIONAL, 3}}},
	{REACTIONS, {{KEY_LABEL, 0}, {PROVISIONAL, 1}, {UNLESS, 2}, {OPTION, 2}}},
	{TRANSITION, {{KEY_LABEL, 0}, {PROVISIONAL, 1}, {KEY_OTHER, 2}}},
	{PROCEDURE, {{KEY_LABEL, 0}, {PROVISIONAL, 1}, {STEP, 2}, {TIE, 2}, {OTHERWISE, 2}}},
	{EXAMPLE, {{KEY_LABEL, 0}, {KEY_OTHER, 1}, {SETTLED, 1}, {PROVISIONAL, 2}}},
};

/* A clause: items [from, to), its first token at first. */
typedef struct clause {
	size_t from, to;
	int rank;
} clause;

#define NONE ((size_t)-1)

/* The next token after i that is no comment, or 0 at the end. */
static int next_token(const items *in, size_t i)
{
	for (size_t k = i + 1; k < in->n; k++)
		if (in->v[k].token != SCAN_COMMENT)
			return in->v[k].token;
	return 0;
}

/* Tokens that begin a clause with no keyword: a literal, a key, a sign. */
static bool literal(int token)
{
	return token == INT || token == ODDS || token == RANGE || token == DECNUM || token == CODEWORD ||
	       token == ATLEAST || token == DICESPEC || token == TRUE || token == FALSE || token == '-' ||
	       token == DASH || token == '(';
}

static int key_of(const items *in, size_t first)
{
	const item *t = &in->v[first];
	int next = next_token(in, first);
	static const char code[] = "code";
	if (t->token == IDENT && next == STRING && t->end - t->start == sizeof code - 1 &&
	    memcmp(in->text + t->start, code, sizeof code - 1) == 0)
		return KEY_CODE; /* code "D{steps}"; of an outcome with a parameter */
	if (t->token == IDENT && next == STRING)
		return KEY_LABEL;
	if (t->token == IDENT) {
		/* A word begins its statement only when names or numbers follow it. */
		bool words_follow = next == IDENT || literal(next) || next == '+' || next == '*';
		for (size_t w = 0; words_follow && w < sizeof words / sizeof *words; w++)
			if (strlen(words[w].word) == t->end - t->start &&
			    memcmp(in->text + t->start, words[w].word, t->end - t->start) == 0)
				return words[w].key;
		return KEY_OTHER;
	}
	return literal(t->token) ? KEY_OTHER : t->token;
}

/* The rank of key in the order of definition, or -1 when it has none. */
static int rank_of(size_t order, int key)
{
	for (size_t r = 0; r < MAX_RANKS && orders[order].ranks[r].key; r++)
		if (orders[order].ranks[r].key == key)
			return orders[order].ranks[r].rank;
	return -1;
}

/* What may follow a '}' in the same statement. */
static bool continues_after_brace(int token)
{
	return token == ';' || token == ',' || token == ')' || token == '=' || token == '@' ||
	       token == ARROW;
}

/* Sort the clauses of the body that starts at item from; *close set to its
 * '}' (in->n when missing). Returns whether a clause moved. */
static bool order_body(items *in, size_t from, size_t order, size_t *close)
{
	clause *clauses = NULL;
	size_t nclauses = 0, cap = 0, cur_from = NONE, cur_first = NONE;
	bool known = order != NONE, holds_statements = false;
	int depth = 1;
	/* A comment after the '{' on its line is the definition's, and stays. */
	if (from < in->n && in->v[from].token == SCAN_COMMENT && in->v[from].line == in->v[from - 1].end_line)
		from++;
	size_t k = from;
	for (; k < in->n; k++) {
		const item *t = &in->v[k];
		if (cur_from == NONE)
			cur_from = k;
		if (t->token == NL)
			holds_statements = true;
		if (t->token == SCAN_COMMENT || t->token == NL)
			continue;
		if (depth == 1 && t->token == '}')
			break;
		if (cur_first == NONE)
			cur_first = k;
		if (t->token == '{' && depth++ == 1)
			holds_statements = false;
		else if (t->token == '}')
			depth--;
		else if (depth > 1 && (t->token == ';' || t->token == NL))
			holds_statements = true;
		/* A block of statements ends its clause; a set ('-> { hold }
		 * provisional;') does not. */
		bool ends = depth == 1 && (t->token == ';' || (t->token == '}' && holds_statements &&
								!(k + 1 < in->n && continues_after_brace(in->v[k + 1].token))));
		if (!ends)
			continue;
		size_t to = k + 1;
		if (to < in->n && in->v[to].token == SCAN_COMMENT && in->v[to].line == t->end_line)
			to++;
		int rank = known ? rank_of(order, key_of(in, cur_first)) : -1;
		known = known && rank >= 0;
		if (nclauses == cap) {
			cap = cap ? cap * 2 : 16;
			clauses = xrealloc(clauses, cap * sizeof *clauses);
		}
		clauses[nclauses++] = (clause){cur_from, to, rank};
		k = to - 1;
		cur_from = cur_first = NONE;
	}
	*close = k;
	/* A clause cut off by the '}' is no statement the table knows. */
	known = known && cur_first == NONE && nclauses >= 2;
	bool moved = false;
	if (known) {
		/* Insertion sort: stable, and the clauses of a definition are few. */
		for (size_t i = 1; i < nclauses; i++) {
			clause c = clauses[i];
			size_t j = i;
			for (; j > 0 && clauses[j - 1].rank > c.rank; j--)
				clauses[j] = clauses[j - 1];
			clauses[j] = c;
			moved = moved || j != i;
		}
	}
	if (moved) {
		size_t start = clauses[0].from, end = clauses[0].to;
		for (size_t i = 1; i < nclauses; i++) {
			if (clauses[i].from < start)
				start = clauses[i].from;
			if (clauses[i].to > end)
				end = clauses[i].to;
		}
		item *sorted = xmalloc((end - start) * sizeof *sorted);
		size_t n = 0;
		for (size_t i = 0; i < nclauses; i++) {
			memcpy(sorted + n, in->v + clauses[i].from, (clauses[i].to - clauses[i].from) * sizeof *sorted);
			n += clauses[i].to - clauses[i].from;
		}
		memcpy(in->v + start, sorted, n * sizeof *sorted);
		free(sorted);
	}
	free(clauses);
	return moved;
}

bool clause_order(items *in)
{
	bool moved = false, at_start = true;
	size_t order = NONE;
	for (size_t i = 0; i < in->n; i++) {
		int token = in->v[i].token;
		if (token == SCAN_COMMENT || token == NL)
			continue;
		if (at_start) {
			order = NONE;
			for (size_t o = 0; o < sizeof orders / sizeof *orders; o++)
				if (orders[o].definition == token)
					order = o;
			at_start = false;
		}
		if (token == ';') {
			at_start = true;
		} else if (token == '{') {
			moved = order_body(in, i + 1, order, &i) || moved;
			at_start = !(i + 1 < in->n && continues_after_brace(in->v[i + 1].token));
		}
	}
	return moved;
}
