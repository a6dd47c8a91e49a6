/* SPDX-License-Identifier: MIT */
/* rtab fmt: tokens and comments from the scanner, laid out by braces, statements and grid lines. */
#include "format/format.h"

#include "format/clause_order.h"
#include "format/format_items.h"

#include "front/parse_ctx.h"
#include "front/scan.h"

#include <stdlib.h>
#include <string.h>

/* A line of the result: its code (indented) and the comment after it. */
typedef struct out_line {
	char *code;
	char *comment; /* NULL: none */
} out_line;

typedef struct writer {
	const items *in;
	out_line *lines;
	size_t nlines, cap;
	strbuf cur;          /* the line being built, without its indentation */
	int cur_indent;      /* its indentation, in columns */
	int depth;           /* blocks open */
	bool cont;           /* the statement goes on from a line above */
	bool ended;          /* the line being built is complete */
	bool opening;        /* the line being built opens a block */
	bool block_start;    /* no line yet in the block just opened */
	const item *last;    /* the last token of cur */
	int nesting;         /* parentheses and braces open in cur */
	size_t *breaks;      /* where cur may wrap: after a ',', or before a clause */
	int *break_nesting;  /* at what nesting; CLAUSE_BREAK before a clause */
	size_t nbreaks, cap_breaks;
} writer;

/* A break before a clause ('@ "rule"', 'unless ...'): taken when no list can wrap. */
#define CLAUSE_BREAK (-1)

static size_t byte_at(const items *in, src_loc at)
{
	if (at.line < 1)
		return 0;
	if ((size_t)at.line > in->nlines)
		return in->len;
	size_t p = in->line_starts[at.line - 1];
	for (int col = 1; col < at.col && p < in->len; col++) {
		p++;
		while (p < in->len && ((unsigned char)in->text[p] & 0xC0) == 0x80)
			p++;
	}
	return p;
}

static void collect(void *arg, const scan_item *s)
{
	items *in = arg;
	if (in->n == in->cap) {
		in->cap = in->cap ? in->cap * 2 : 256;
		in->v = xrealloc(in->v, in->cap * sizeof *in->v);
	}
	item *t = &in->v[in->n++];
	memset(t, 0, sizeof *t);
	t->token = s->token;
	t->line = s->first.line;
	t->end_line = s->last.line;
	if (s->token == NL) {
		/* The end of a grid line: a place, not text. */
		t->start = t->end = in->n > 1 ? in->v[in->n - 2].end : 0;
		return;
	}
	t->start = byte_at(in, s->first);
	t->end = byte_at(in, s->last);
	if (s->token == SCAN_COMMENT)
		while (t->end > t->start && strchr(" \t\r\n", in->text[t->end - 1]))
			t->end--;
}

/* The items of text, with the blanks before each; false on a scanner error. */
static bool scan_items(items *in, const char *text, size_t len, diag_ctx *diag)
{
	memset(in, 0, sizeof *in);
	in->text = text;
	in->len = len;
	size_t cap = 64;
	in->line_starts = xmalloc(cap * sizeof *in->line_starts);
	in->line_starts[in->nlines++] = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n') {
			if (in->nlines == cap) {
				cap *= 2;
				in->line_starts = xrealloc(in->line_starts, cap * sizeof *in->line_starts);
			}
			in->line_starts[in->nlines++] = i + 1;
		}
	int errors = diag->errors;
	rtab_scan(text, len, diag, collect, in);
	const item *prev = NULL, *before = NULL;
	for (size_t i = 0; i < in->n; i++) {
		item *t = &in->v[i];
		if (t->token == NL)
			continue;
		size_t from = prev ? prev->end : 0;
		t->space_before = prev && t->start > from;
		/* The key 'columns by value(X)', '(LINE, value(X))' is written against its '('. */
		if (t->token == '(' && prev && prev->token == VALUE && before &&
		    (before->token == BY || before->token == ',' || before->token == '('))
			t->space_before = false;
		/* The values of a line, 'grid <=2 {', 'rows >=9 {', are written as
		 * printed: the bound against its number (the scanner reads
		 * 'grid <= 2 {' alike, but the page prints '<=2'). */
		t->bound = (t->token == LE || t->token == GE) && prev && (prev->token == GRID || prev->token == ROWS);
		int newlines = 0;
		for (size_t p = from; p < t->start; p++)
			newlines += text[p] == '\n';
		t->blank_before = prev && newlines >= 2;
		before = prev;
		prev = t;
	}
	return diag->errors == errors;
}

static void items_free(items *in)
{
	free(in->v);
	free(in->line_starts);
}

static int char_width(unsigned long c)
{
	if ((c >= 0x300 && c <= 0x36F) || (c >= 0x200B && c <= 0x200F) || (c >= 0xFE00 && c <= 0xFE0F))
		return 0;
	if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
	    (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
	    (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
	    (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
	    (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
		return 2;
	return 1;
}

size_t format_display_width(const char *text, size_t n)
{
	size_t width = 0;
	for (size_t i = 0; i < n;) {
		unsigned char b = (unsigned char)text[i];
		size_t k = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
		unsigned long c = k == 1 ? b : (unsigned long)(b & (0x7F >> k));
		for (size_t j = 1; j < k && i + j < n; j++)
			c = (c << 6) | ((unsigned char)text[i + j] & 0x3F);
		width += (size_t)char_width(c);
		i += k;
	}
	return width;
}

static size_t width_of(const char *s)
{
	return format_display_width(s, strlen(s));
}

/* Tokens whose spacing can change what the scanner reads ('5+' '5 +',
 * '-1-2' '- 1 - 2', a '-' in a grid): kept as the source spaces them. */
static bool spacing_kept(int token)
{
	return token == '+' || token == '-' || token == '*' || token == '/' || token == ATLEAST ||
	       token == DOTDOT || token == DASH;
}

/* Tokens with a space on either side. */
static bool spaced(int token)
{
	return token == '=' || token == '@' || token == '{' || token == '}' || token == ARROW ||
	       token == EQ || token == NE || token == LE || token == GE || token == '<' || token == '>' ||
	       token == STRING;
}

/* Keywords that always stand apart from a '(' after them ('when (a or b)');
 * any other keyword written against one is a name there ('value(cf)', a
 * matrix called 'table(a, b)') and stays so. */
static bool operator_word(int token)
{
	return token == IF || token == THEN || token == ELSE || token == AND || token == OR ||
	       token == NOT || token == WHEN || token == UNLESS || token == TIMES || token == WHERE ||
	       token == BY;
}

/* Whether a space goes between two tokens on one line. */
static bool space_between(const item *a, const item *b)
{
	if (a->bound)
		return false;
	if (spacing_kept(a->token) || spacing_kept(b->token))
		return b->space_before;
	if (b->token == ';' || b->token == ',' || b->token == ')')
		return false;
	if (a->token == '(')
		return false;
	if (b->token == '(')
		return a->token != IDENT && (b->space_before || operator_word(a->token));
	if (b->token == ':')
		return a->token == IDENT || a->token == ')' ? false : b->space_before;
	if (a->token == ';' || a->token == ',' || a->token == ':' || spaced(a->token) || spaced(b->token))
		return true;
	return b->space_before;
}

static void put_text(strbuf *sb, const items *in, const item *t)
{
	sb_put(sb, in->text + t->start, t->end - t->start);
}

static char *indented(int indent, const char *text, size_t n)
{
	strbuf sb = {0};
	for (int i = 0; i < indent; i++)
		sb_putc(&sb, ' ');
	sb_put(&sb, text, n);
	if (!sb.data)
		sb_puts(&sb, "");
	return sb.data;
}

static void push_line(writer *w, char *code, char *comment)
{
	if (w->nlines == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 256;
		w->lines = xrealloc(w->lines, w->cap * sizeof *w->lines);
	}
	w->lines[w->nlines++] = (out_line){code, comment};
	w->block_start = false;
}

/* One blank line, where the source had one: never first in a block or the file. */
static void blank_line(writer *w)
{
	if (w->nlines == 0 || w->block_start || w->lines[w->nlines - 1].code[0] == '\0')
		return;
	push_line(w, xstrdup(""), NULL);
}

static int indent_now(const writer *w)
{
	return 2 * w->depth + (w->cont ? 4 : 0);
}

static char *comment_text(const writer *w, const item *c)
{
	return xstrndup(w->in->text + c->start, c->end - c->start);
}

/* Which breaks a wrapped line takes. */
enum wrap_by { WRAP_CLAUSES, WRAP_LIST, WRAP_BOTH };

/*
 * Wrap cur greedily at the breaks by takes (outer: the nesting of the
 * outermost list's commas), continuation lines indented further; push the
 * lines (the last with comment) when push. Returns how many lines, in
 * *wide how many are still wider than FORMAT_WIDTH, and in *over by how many
 * columns in all.
 */
static size_t wrap(writer *w, enum wrap_by by, int outer, bool push, const item *comment, size_t *wide,
		   size_t *over)
{
	const char *s = w->cur.data;
	size_t indent = (size_t)w->cur_indent, line_indent = indent, lines = 0;
	size_t line_from = 0, taken = 0; /* taken: the end of what fits so far */
	*wide = *over = 0;
	for (size_t k = 0; k <= w->nbreaks; k++) {
		if (k < w->nbreaks) {
			bool clause = w->break_nesting[k] == CLAUSE_BREAK;
			bool list = !clause && w->break_nesting[k] <= outer;
			if (!((clause && by != WRAP_LIST) || (list && by != WRAP_CLAUSES)))
				continue;
		}
		size_t end = k < w->nbreaks ? w->breaks[k] : w->cur.len;
		size_t width = line_indent + format_display_width(s + line_from, end - line_from);
		if (width > FORMAT_WIDTH && taken > line_from) {
			size_t done = line_indent + format_display_width(s + line_from, taken - line_from);
			*wide += done > FORMAT_WIDTH;
			*over += done > FORMAT_WIDTH ? done - FORMAT_WIDTH : 0;
			lines++;
			if (push)
				push_line(w, indented((int)line_indent, s + line_from, taken - line_from), NULL);
			line_from = taken;
			while (s[line_from] == ' ')
				line_from++;
			line_indent = indent + (w->cont ? 0 : 4);
		}
		taken = end;
	}
	size_t last = line_indent + format_display_width(s + line_from, w->cur.len - line_from);
	*wide += last > FORMAT_WIDTH;
	*over += last > FORMAT_WIDTH ? last - FORMAT_WIDTH : 0;
	if (push)
		push_line(w, indented((int)line_indent, s + line_from, w->cur.len - line_from),
			  comment ? comment_text(w, comment) : NULL);
	return lines + 1;
}

/* The pending line, wrapped after the commas of its outermost list when too wide. */
static void flush(writer *w, const item *comment)
{
	if (w->cur.len == 0) {
		if (comment) {
			/* A second comment after the same code: beside the first. */
			out_line *l = &w->lines[w->nlines - 1];
			char *text = comment_text(w, comment);
			if (l->comment) {
				char *both = xasprintf("%s %s", l->comment, text);
				free(l->comment);
				free(text);
				l->comment = both;
			} else {
				l->comment = text;
			}
		}
		return;
	}
	bool opening = w->opening;
	const char *s = w->cur.data;
	size_t indent = (size_t)w->cur_indent;
	if (indent + width_of(s) > FORMAT_WIDTH && w->nbreaks > 0) {
		/* The outermost list's commas, the clauses, or both: whichever
		 * leaves fewest lines too wide, then the least width past the
		 * margin (a text no break shortens is as wide either way), then
		 * fewest lines. */
		int outer = CLAUSE_BREAK, deepest = CLAUSE_BREAK;
		for (size_t k = 0; k < w->nbreaks; k++) {
			if (w->break_nesting[k] != CLAUSE_BREAK && (outer == CLAUSE_BREAK || w->break_nesting[k] < outer))
				outer = w->break_nesting[k];
			if (w->break_nesting[k] != CLAUSE_BREAK && w->break_nesting[k] > deepest)
				deepest = w->break_nesting[k];
		}
		static const enum wrap_by order[] = {WRAP_CLAUSES, WRAP_LIST, WRAP_BOTH};
		enum wrap_by best = WRAP_CLAUSES;
		int best_level = outer;
		size_t best_wide = (size_t)-1, best_over = 0, best_lines = 0;
		/* The lists inside the outermost one ('columns by (line, odds(a, b))')
		 * only while a line is still too wide. */
		for (int level = outer; level <= deepest && best_wide != 0; level++) {
			for (size_t o = 0; o < 3; o++) {
				size_t wide, over, lines = wrap(w, order[o], level, false, NULL, &wide, &over);
				if (wide < best_wide || (wide == best_wide && over < best_over) ||
				    (wide == best_wide && over == best_over && lines < best_lines)) {
					best = order[o];
					best_level = level;
					best_wide = wide;
					best_over = over;
					best_lines = lines;
				}
			}
			if (level == CLAUSE_BREAK)
				break;
		}
		size_t wide, over;
		wrap(w, best, best_level, true, comment, &wide, &over);
	} else {
		push_line(w, indented(w->cur_indent, s, w->cur.len), comment ? comment_text(w, comment) : NULL);
	}
	sb_clear(&w->cur);
	w->nbreaks = 0;
	w->nesting = 0;
	w->last = NULL;
	w->opening = false;
	w->block_start = opening;
}

static void add_break(writer *w, int nesting)
{
	if (w->nbreaks == w->cap_breaks) {
		w->cap_breaks = w->cap_breaks ? w->cap_breaks * 2 : 16;
		w->breaks = xrealloc(w->breaks, w->cap_breaks * sizeof *w->breaks);
		w->break_nesting = xrealloc(w->break_nesting, w->cap_breaks * sizeof *w->break_nesting);
	}
	w->breaks[w->nbreaks] = w->cur.len;
	w->break_nesting[w->nbreaks++] = nesting;
}

/* Tokens that start a clause of a statement, where a long one may wrap. */
static bool starts_clause(int token)
{
	return token == '@' || token == PROVISIONAL || token == UNLESS || token == WHEN ||
	       token == TIMES || token == WHERE || token == ARROW || token == AND || token == OR ||
	       token == THEN || token == ELSE;
}

static void append(writer *w, const item *t)
{
	if (w->cur.len && w->nesting == 0 && starts_clause(t->token))
		add_break(w, CLAUSE_BREAK);
	if (w->cur.len == 0) {
		if (t->blank_before && t->token != '}')
			blank_line(w);
		w->cur_indent = indent_now(w);
	} else if (space_between(w->last, t)) {
		sb_putc(&w->cur, ' ');
	}
	put_text(&w->cur, w->in, t);
	if (t->token == '(' || t->token == '{')
		w->nesting++;
	else if (t->token == ')' || t->token == '}')
		w->nesting--;
	else if (t->token == ',')
		add_break(w, w->nesting);
	w->last = t;
}

/* The '}' that closes the '{' at i, when the block is written on one line of
 * the source with no comment or grid line inside; else 0. */
static size_t inline_block(const items *in, size_t i)
{
	int depth = 0;
	for (size_t j = i; j < in->n; j++) {
		const item *t = &in->v[j];
		if (t->token == SCAN_COMMENT || t->token == NL || t->line != in->v[i].line)
			return 0;
		if (t->token == '{')
			depth++;
		else if (t->token == '}' && --depth == 0)
			return j;
	}
	return 0;
}

/* The '}' that closes the '{' at i when the braces hold a set of values
 * ('trigger { a, b }': no statement, comment or grid line inside), wherever
 * they are written; else 0. Such a set stays in its line, as a list. */
static size_t set_braces(const items *in, size_t i)
{
	int depth = 0;
	for (size_t j = i; j < in->n; j++) {
		int token = in->v[j].token;
		if (token == SCAN_COMMENT || token == NL || token == ';')
			return 0;
		if (token == '{')
			depth++;
		else if (token == '}' && --depth == 0)
			return j;
	}
	return 0;
}

/* What may follow a '}' on its line: the rest of the statement it is part of. */
static bool continues_after_brace(int token)
{
	return token == ';' || token == ',' || token == ')' || token == '=' || token == '@' ||
	       token == ARROW;
}

/* A line of a grid or a row of a 'rows' block: its cells (tokens written
 * together), then what follows them. */
typedef struct grid_row {
	char **cells;
	size_t ncells;
	strbuf tail;      /* provisional "why", @ "rule": after the cells */
	const item *comment;
	const item *own_comment; /* a line that holds a comment only */
	bool blank_before;
	size_t from; /* the column of its first cell */
	bool stub;   /* an odds line: its names and ':' in the first column */
	bool continued; /* the rest of a row whose first line a comment ended */
} grid_row;

static bool row_empty(const grid_row *r)
{
	return r->ncells == 0 && r->tail.len == 0 && !r->comment && !r->own_comment;
}

static void add_row(grid_row **rows, size_t *nrows, size_t *cap, grid_row *row)
{
	if (*nrows == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*rows = xrealloc(*rows, *cap * sizeof **rows);
	}
	(*rows)[(*nrows)++] = *row;
	memset(row, 0, sizeof *row);
}

static bool is_name(const char *cell)
{
	if (!((*cell >= 'A' && *cell <= 'Z') || (*cell >= 'a' && *cell <= 'z') || *cell == '_'))
		return false;
	for (; *cell; cell++)
		if (!((*cell >= 'A' && *cell <= 'Z') || (*cell >= 'a' && *cell <= 'z') || *cell == '_' ||
		      (*cell >= '0' && *cell <= '9')))
			return false;
	return true;
}

/* A row of a 'rows' block whose first statement carries the column ids
 * ('tacw others break_off <=2 <=4;'): the ids a line of their own, over the
 * columns after the names. */
static void add_block_row(grid_row **rows, size_t *nrows, size_t *cap, grid_row *row)
{
	if (row->continued) {
		add_row(rows, nrows, cap, row);
		return;
	}
	size_t names = 0;
	while (names < row->ncells && is_name(row->cells[names]))
		names++;
	if (names == 0 && row->ncells) {
		/* The steps over the columns ('0-2  3-5  6+', rows by a value): over
		 * the columns after the names, then the first row if it follows. */
		size_t steps = 0;
		while (steps < row->ncells && !is_name(row->cells[steps]))
			steps++;
		if (steps == row->ncells) {
			row->from = 1;
			add_row(rows, nrows, cap, row);
			return;
		}
		grid_row header = {.cells = xcalloc(steps, sizeof(char *)), .ncells = steps,
				   .blank_before = row->blank_before, .from = 1};
		memcpy(header.cells, row->cells, steps * sizeof(char *));
		memmove(row->cells, row->cells + steps, (row->ncells - steps) * sizeof(char *));
		row->ncells -= steps;
		row->blank_before = false;
		add_row(rows, nrows, cap, &header);
		add_row(rows, nrows, cap, row);
		return;
	}
	if (names >= 2 && names < row->ncells) {
		grid_row header = {.cells = xcalloc(names - 1, sizeof(char *)), .ncells = names - 1,
				   .blank_before = row->blank_before, .from = 1};
		memcpy(header.cells, row->cells, (names - 1) * sizeof(char *));
		memmove(row->cells, row->cells + names - 1, (row->ncells - names + 1) * sizeof(char *));
		row->ncells -= names - 1;
		row->blank_before = false;
		add_row(rows, nrows, cap, &header);
	}
	add_row(rows, nrows, cap, row);
}

/* An odds line ('woods, town:  -  1:3 ...'): its names up to the ':' make one
 * cell, which stands in the column of the rolls, and its odds follow it. */
static void join_stub(grid_row *row)
{
	size_t k = 0;
	for (; k < row->ncells; k++) {
		const char *c = row->cells[k];
		size_t n = strlen(c);
		if (k > 0 && strcmp(c, ":") == 0)
			break;
		if (!n || !((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || *c == '_'))
			return;
		if (c[n - 1] == ':')
			break;
		if (c[n - 1] != ',')
			return;
	}
	if (k == row->ncells)
		return;
	strbuf sb = {0};
	for (size_t c = 0; c <= k; c++) {
		if (c && strcmp(row->cells[c], ":") != 0)
			sb_putc(&sb, ' ');
		sb_puts(&sb, row->cells[c]);
		free(row->cells[c]);
	}
	row->cells[0] = sb.data;
	memmove(row->cells + 1, row->cells + k + 1, (row->ncells - k - 1) * sizeof *row->cells);
	row->ncells -= k;
	row->stub = true;
}

/* Whether a cell so far is a comparison alone (<=, >=): the number written
 * apart from it (<= -1) is the same cell, laid out joined (<=-1). */
static bool bare_sign(const char *cell)
{
	return cell[0] && strspn(cell, "<>=") == strlen(cell);
}

/* Append the text of t to the last cell of row. */
static void glue_to_cell(grid_row *row, const items *in, const item *t)
{
	char *cell = row->cells[row->ncells - 1];
	size_t n = strlen(cell), k = t->end - t->start;
	cell = xrealloc(cell, n + k + 1);
	memcpy(cell + n, in->text + t->start, k);
	cell[n + k] = '\0';
	row->cells[row->ncells - 1] = cell;
}

/*
 * Lay out the lines of a grid (a line ends at each NL token) or the rows of
 * a 'rows' block (a row ends at its ';') that start at item i, their cells in
 * columns; returns the index of the closing '}'. A grid line with fewer cells
 * (its header) stands under the last columns, a shorter row under the first.
 */
static size_t emit_grid(writer *w, size_t i, bool rows_block)
{
	const items *in = w->in;
	grid_row *rows = NULL;
	size_t nrows = 0, cap = 0;
	grid_row row = {0};
	const item *prev = NULL;
	bool in_tail = false, row_done = false;
	size_t k = i;
	for (; k < in->n && in->v[k].token != '}'; k++) {
		const item *t = &in->v[k];
		if (row_done) {
			/* A row's ';' is behind: a comment on its line is the row's. */
			row_done = false;
			in_tail = false;
			if (t->token == SCAN_COMMENT && t->line == prev->end_line) {
				row.comment = t;
				add_block_row(&rows, &nrows, &cap, &row);
				continue;
			}
			add_block_row(&rows, &nrows, &cap, &row);
		}
		bool ends_row = t->token == NL;
		if (t->token == ';' && rows_block) {
			if (row.tail.len)
				sb_putc(&row.tail, ';');
			else if (row.ncells)
				glue_to_cell(&row, in, t);
			else
				sb_putc(&row.tail, ';');
			row_done = true;
			prev = t;
			continue;
		}
		/* A grid's lines end at NL tokens; a 'rows' block has none. */
		bool ends_line = k + 1 < in->n && (in->v[k + 1].token == NL || in->v[k + 1].token == '}' ||
						   (rows_block && in->v[k + 1].line > t->end_line));
		if (t->token == SCAN_COMMENT && row_empty(&row)) {
			row.own_comment = t;
			row.blank_before = t->blank_before;
			ends_row = true;
		} else if (t->token == SCAN_COMMENT && ends_line && rows_block && !row_done && row.ncells &&
			   !in_tail && !row.comment) {
			/* A line of a row cut by a comment: a line of its own, the comment
			 * after it. The column ids over the rows ("a b  // the columns")
			 * stand over the columns after the names; the rest of any other
			 * row goes on the next line, in the columns after its start. */
			row.comment = t;
			size_t names = 0;
			while (names < row.ncells && is_name(row.cells[names]))
				names++;
			bool header = names == row.ncells && names >= 2;
			size_t next = header ? 0 : row.from + row.ncells;
			if (header)
				row.from = 1;
			add_row(&rows, &nrows, &cap, &row);
			row.from = next;
			row.continued = !header;
		} else if (t->token == SCAN_COMMENT && ends_line && !row.comment) {
			row.comment = t;
		} else if (t->token == SCAN_COMMENT && !in_tail && row.ncells &&
			   !memchr(in->text + t->start, '\n', t->end - t->start)) {
			/* A comment between the cells of a line: part of the cell before
			 * it, so that the cells after it stay in their columns. */
			char *cell = row.cells[row.ncells - 1];
			row.cells[row.ncells - 1] = xasprintf("%s %.*s", cell, (int)(t->end - t->start), in->text + t->start);
			free(cell);
			prev = t;
		} else if (t->token != NL) {
			if (row_empty(&row))
				row.blank_before = t->blank_before;
			if (t->token == PROVISIONAL || t->token == '@' || t->token == SCAN_COMMENT)
				in_tail = true;
			if (in_tail) {
				if (row.tail.len && (t->token == SCAN_COMMENT || space_between(prev, t)))
					sb_putc(&row.tail, ' ');
				put_text(&row.tail, in, t);
			} else if (row.ncells == 0 || (t->space_before && !bare_sign(row.cells[row.ncells - 1]))) {
				row.cells = xrealloc(row.cells, (row.ncells + 1) * sizeof *row.cells);
				row.cells[row.ncells++] = xstrndup(in->text + t->start, t->end - t->start);
			} else {
				glue_to_cell(&row, in, t);
			}
			prev = t;
		}
		if (ends_row && !row_empty(&row)) {
			if (!rows_block)
				join_stub(&row);
			add_row(&rows, &nrows, &cap, &row);
			in_tail = false;
		}
	}
	if (!row_empty(&row) && rows_block)
		add_block_row(&rows, &nrows, &cap, &row);
	else if (!row_empty(&row))
		add_row(&rows, &nrows, &cap, &row);
	size_t columns = 0;
	for (size_t r = 0; r < nrows; r++)
		if (rows[r].from + rows[r].ncells > columns)
			columns = rows[r].from + rows[r].ncells;
	for (size_t r = 0; r < nrows; r++)
		if (!rows_block)
			rows[r].from = rows[r].stub ? 0 : columns - rows[r].ncells;
	size_t *widths = xcalloc(columns + 1, sizeof *widths);
	for (size_t r = 0; r < nrows; r++)
		for (size_t c = 0; c < rows[r].ncells; c++) {
			size_t col = rows[r].from + c, wd = width_of(rows[r].cells[c]);
			if (wd > widths[col])
				widths[col] = wd;
		}
	bool first = true;
	for (size_t r = 0; r < nrows; r++) {
		grid_row *g = &rows[r];
		if (g->blank_before && !first)
			blank_line(w);
		first = false;
		if (g->own_comment) {
			push_line(w, indented(2 * w->depth, in->text + g->own_comment->start,
					      g->own_comment->end - g->own_comment->start),
				  NULL);
			continue;
		}
		/* A line with fewer cells (the header) stands under the last columns. */
		strbuf sb = {0};
		size_t from = g->from;
		for (size_t c = 0; c < from; c++)
			for (size_t s = 0; s < widths[c] + 2; s++)
				sb_putc(&sb, ' ');
		for (size_t c = 0; c < g->ncells; c++) {
			sb_puts(&sb, g->cells[c]);
			bool more = c + 1 < g->ncells || g->tail.len;
			for (size_t s = width_of(g->cells[c]); more && s < widths[from + c] + 2; s++)
				sb_putc(&sb, ' ');
			free(g->cells[c]);
		}
		if (g->tail.len)
			sb_put(&sb, g->tail.data, g->tail.len);
		while (sb.len && sb.data[sb.len - 1] == ' ')
			sb.len--;
		push_line(w, indented(2 * w->depth, sb.data ? sb.data : "", sb.len),
			  g->comment ? comment_text(w, g->comment) : NULL);
		sb_free(&sb);
		sb_free(&g->tail);
		free(g->cells);
	}
	free(widths);
	free(rows);
	return k;
}

/* The '{' at i opens a grid: 'grid {', 'grid VALUE {', 'grid VALUE, VALUE... {',
 * 'grid 0-2 {' or 'grid LINE when CONDITION {'. */
static bool opens_grid(const items *in, size_t i)
{
	if (i >= 1 && in->v[i - 1].token == GRID)
		return true;
	for (size_t j = i; j >= 2 && in->v[j - 1].token == IDENT; j -= 2) {
		if (in->v[j - 2].token == GRID)
			return true;
		if (in->v[j - 2].token != ',')
			break;
	}
	/* 'grid 0-2 {', 'grid <=2 {', 'grid 7+ {': the values of a first key */
	for (size_t j = i, n = 0; j >= 1 && n < 4; j--, n++) {
		int tok = in->v[j - 1].token;
		if (tok == GRID)
			return n > 0;
		if (tok != RANGE && tok != INT && tok != ATLEAST && tok != LE && tok != GE && tok != '-' &&
		    tok != '+' && tok != DOTDOT)
			break;
	}
	/* 'grid [LINE] when CONDITION {', 'grid [LINE] otherwise {' */
	bool condition = false;
	for (size_t j = i; j >= 1; j--) {
		int tok = in->v[j - 1].token;
		if (tok == ';' || tok == '{' || tok == '}')
			return false;
		if (tok == WHEN || tok == OTHERWISE)
			condition = true;
		else if (tok == GRID)
			return condition;
	}
	return false;
}

/* The '{' at i opens a 'rows' block of plain rows (no block inside), written on several lines. */
static bool opens_rows(const items *in, size_t i)
{
	/* 'rows {', and the rows of values of a first key: 'rows open {', 'rows close, column {' */
	size_t k = i;
	while (k >= 2 && in->v[k - 1].token == IDENT && (in->v[k - 2].token == ',' || in->v[k - 2].token == ROWS))
		k -= in->v[k - 2].token == ',' ? 2 : 1;
	/* ... of every value no range takes: 'rows otherwise {' */
	if (k >= 2 && in->v[k - 1].token == OTHERWISE && in->v[k - 2].token == ROWS)
		k--;
	/* ... and of a range of a first key read by value: 'rows 1-2 {', 'rows <=2 {', 'rows 7+ {' */
	for (size_t n = 0; n < 4 && k >= 2 && in->v[k - 1].token != ROWS; n++) {
		int tk = in->v[k - 1].token;
		if (tk != RANGE && tk != INT && tk != LE && tk != GE && tk != ATLEAST && tk != '-' &&
		    tk != '+' && tk != DOTDOT)
			break;
		k--;
	}
	/* ... and of a line chosen by a condition: 'rows [LINE] when CONDITION {',
	 * 'rows LINE otherwise {' */
	for (size_t j = i, condition = 0; (k < 1 || in->v[k - 1].token != ROWS) && j >= 1; j--) {
		int tok = in->v[j - 1].token;
		if (tok == ';' || tok == '{' || tok == '}')
			break;
		if (tok == WHEN || tok == OTHERWISE)
			condition = 1;
		else if (tok == ROWS) {
			k = condition ? j : k;
			break;
		}
	}
	if (k < 1 || in->v[k - 1].token != ROWS)
		return false;
	for (size_t j = i + 1; j < in->n; j++) {
		if (in->v[j].token == '{' || in->v[j].token == NL)
			return false;
		if (in->v[j].token == '}')
			return in->v[j].line != in->v[i].line;
	}
	return false;
}

/* The '}' at i: a line of its own, and the rest of its statement after it. */
static void close_block(writer *w, size_t i)
{
	const items *in = w->in;
	flush(w, NULL);
	w->depth--;
	w->cont = false;
	append(w, &in->v[i]);
	if (i + 1 >= in->n || !continues_after_brace(in->v[i + 1].token))
		w->ended = true;
}

/* The braces from i to j in the line being built; returns j. */
static size_t append_braces(writer *w, size_t i, size_t j)
{
	const items *in = w->in;
	for (size_t k = i; k <= j; k++)
		append(w, &in->v[k]);
	if (j + 1 >= in->n || !continues_after_brace(in->v[j + 1].token))
		w->ended = true;
	return j;
}

static void layout(writer *w)
{
	const items *in = w->in;
	int prev_end_line = 0;
	for (size_t i = 0; i < in->n; i++) {
		const item *t = &in->v[i];
		bool trailing = t->token == SCAN_COMMENT && i > 0 && t->line == prev_end_line;
		if (w->ended && !trailing) {
			flush(w, NULL);
			w->ended = false;
			w->cont = false;
		}
		prev_end_line = t->end_line;
		if (t->token == SCAN_COMMENT) {
			if (trailing) {
				bool mid_statement = w->cur.len && !w->ended;
				flush(w, t);
				w->ended = false;
				w->cont = mid_statement;
			} else {
				if (w->cur.len) {
					flush(w, NULL);
					w->cont = true;
				}
				if (t->blank_before)
					blank_line(w);
				push_line(w, indented(indent_now(w), in->text + t->start, t->end - t->start), NULL);
			}
			continue;
		}
		bool rows_block = t->token == '{' && opens_rows(in, i);
		if (t->token == '{' && (rows_block || opens_grid(in, i))) {
			append(w, t);
			size_t j = i + 1;
			if (j < in->n && in->v[j].token == SCAN_COMMENT && in->v[j].line == t->line)
				flush(w, &in->v[j++]);
			else
				flush(w, NULL);
			w->cont = false;
			w->depth++;
			i = emit_grid(w, j, rows_block);
			if (i >= in->n)
				break;
			prev_end_line = in->v[i].end_line;
			close_block(w, i);
			continue;
		}
		if (t->token == '{' && set_braces(in, i)) {
			i = append_braces(w, i, set_braces(in, i));
			prev_end_line = in->v[i].end_line;
			continue;
		}
		if (t->token == '{') {
			size_t j = inline_block(in, i);
			if (j) {
				strbuf block = {0};
				for (size_t k = i; k <= j; k++) {
					if (k > i && space_between(&in->v[k - 1], &in->v[k]))
						sb_putc(&block, ' ');
					put_text(&block, in, &in->v[k]);
				}
				size_t width = (size_t)(w->cur.len ? w->cur_indent : indent_now(w)) +
					       width_of(w->cur.data ? w->cur.data : "") + 1 + width_of(block.data);
				sb_free(&block);
				if (width <= FORMAT_WIDTH) {
					i = append_braces(w, i, j);
					prev_end_line = in->v[i].end_line;
					continue;
				}
			}
			append(w, t);
			w->ended = true;
			w->opening = true;
			w->depth++;
			continue;
		}
		if (t->token == '}') {
			close_block(w, i);
			continue;
		}
		append(w, t);
		if (t->token == ';')
			w->ended = true;
	}
	flush(w, NULL);
}

/* The width of the name that starts a line 'NAME { ... }' after its indentation,
 * or 0 for another line; *indent set to that indentation. */
static size_t named_block_name(const char *code, size_t *indent)
{
	size_t i = 0;
	while (code[i] == ' ')
		i++;
	*indent = i;
	size_t n = i;
	while ((code[n] >= 'A' && code[n] <= 'Z') || (code[n] >= 'a' && code[n] <= 'z') || code[n] == '_' ||
	       (n > i && code[n] >= '0' && code[n] <= '9'))
		n++;
	size_t len = strlen(code);
	if (n == i || strncmp(code + n, " { ", 3) != 0 || len < 2 || code[len - 1] != '}')
		return 0;
	return n - i;
}

/* Consecutive lines 'NAME { ... }' at one indentation (the values of an enum
 * with their labels) have their '{' in one column, as such lists are printed. */
static void align_named_blocks(writer *w)
{
	for (size_t i = 0; i < w->nlines;) {
		size_t indent, widest = named_block_name(w->lines[i].code, &indent), j = i + 1;
		for (size_t in2; widest && j < w->nlines; j++) {
			size_t name = named_block_name(w->lines[j].code, &in2);
			if (!name || in2 != indent)
				break;
			if (name > widest)
				widest = name;
		}
		for (size_t k = i; j > i + 1 && k < j; k++) {
			char *code = w->lines[k].code;
			size_t name = named_block_name(code, &indent);
			w->lines[k].code = xasprintf("%.*s%*s%s", (int)(indent + name), code, (int)(widest - name), "",
						     code + indent + name);
			free(code);
		}
		i = j;
	}
}

/* How far apart the ends of the code of lines whose comments share a column may be. */
#define COMMENT_SPREAD 24

/* The lines joined; trailing comments of consecutive lines of about the same
 * length in one column. */
static void join_lines(writer *w, strbuf *out)
{
	for (size_t i = 0; i < w->nlines;) {
		size_t j = i, column = 0, shortest = (size_t)-1;
		while (j < w->nlines && w->lines[j].comment) {
			size_t wd = width_of(w->lines[j].code);
			size_t lo = wd < shortest ? wd : shortest, hi = wd > column ? wd : column;
			if (j > i && hi - lo > COMMENT_SPREAD)
				break;
			shortest = lo;
			column = hi;
			j++;
		}
		if (j == i) {
			sb_puts(out, w->lines[i].code);
			sb_putc(out, '\n');
			i++;
			continue;
		}
		for (; i < j; i++) {
			const out_line *l = &w->lines[i];
			sb_puts(out, l->code);
			if (l->code[0]) {
				for (size_t s = width_of(l->code); s < column + 2; s++)
					sb_putc(out, ' ');
			}
			sb_puts(out, l->comment);
			sb_putc(out, '\n');
		}
	}
	/* No blank line at the end. */
	while (out->len >= 2 && out->data[out->len - 1] == '\n' && out->data[out->len - 2] == '\n')
		out->data[--out->len] = '\0';
}

static void writer_free(writer *w)
{
	for (size_t i = 0; i < w->nlines; i++) {
		free(w->lines[i].code);
		free(w->lines[i].comment);
	}
	free(w->lines);
	sb_free(&w->cur);
	free(w->breaks);
	free(w->break_nesting);
}

/* Whether the text parses: its syntax errors reported through diag. */
static bool parses(const char *text, size_t len, diag_ctx *diag)
{
	struct parse_ctx pc = {.diag = diag};
	int errors = diag->errors;
	rtab_parse(text, len, &pc);
	ast_defs_free(pc.defs);
	ast_errata_free(pc.errata);
	for (size_t i = 0; i < pc.ndiscarded; i++)
		free(pc.discarded[i]);
	free(pc.discarded);
	return diag->errors == errors;
}

/* The first item where the layout's tokens differ from the source's, or NULL. */
static const item *first_difference(const items *a, const items *b)
{
	for (size_t i = 0; i < a->n; i++) {
		if (i >= b->n)
			return &a->v[i];
		const item *x = &a->v[i], *y = &b->v[i];
		if (x->token != y->token)
			return x;
		if (x->token != NL && (x->end - x->start != y->end - y->start ||
				       memcmp(a->text + x->start, b->text + y->start, x->end - x->start) != 0))
			return x;
	}
	return b->n > a->n ? &a->v[a->n ? a->n - 1 : 0] : NULL;
}

bool format_source(const char *text, size_t len, diag_ctx *diag, strbuf *out)
{
	sb_clear(out);
	size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	if (!parses(text + bom, len - bom, diag))
		return false;
	items in;
	bool ok = scan_items(&in, text + bom, len - bom, diag);
	writer w = {.in = &in};
	if (ok) {
		sb_put(out, text, bom);
		clause_order(&in);
		layout(&w);
		align_named_blocks(&w);
		join_lines(&w, out);
	}
	writer_free(&w);
	if (ok) {
		/* The layout moves blanks and whole clauses only: put in the
		 * canonical order, the tokens and comments of the result are the
		 * source's, clause by clause, each kind of clause in its order. */
		diag_ctx quiet;
		diag_init(&quiet, diag->path, out->data + bom, out->len - bom, diag->out);
		items again;
		scan_items(&again, out->data + bom, out->len - bom, &quiet);
		diag_free(&quiet);
		clause_order(&again);
		const item *at = first_difference(&in, &again);
		if (at && in.n) {
			src_loc loc = {at->line, 1};
			diag_report(diag, SEV_ERROR, NULL, loc,
				    "rtab fmt would change what this line means, so the file is left as it is; "
				    "please report this with the file");
			ok = false;
		}
		items_free(&again);
	}
	items_free(&in);
	if (!ok)
		sb_clear(out);
	return ok;
}
