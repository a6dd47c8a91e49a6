/* SPDX-License-Identifier: MIT */
#include "front/ast.h"

#include "base/util.h"
#include "rtab.h"

#include <stdlib.h>
#include <string.h>

static const struct def_construct {
	const char *name, *phrase;
} def_constructs[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = {name, phrase},
#include "front/constructs.def"
};
_Static_assert(sizeof def_constructs / sizeof *def_constructs == DEF_KIND_COUNT_,
	       "one line of constructs.def per kind of definition");

_Static_assert(DEF_KIND_COUNT_ <= 32, "stmt_construct.in holds one bit per kind of definition");
#define IN(kind) (UINT32_C(1) << DEF_##kind)
static const stmt_construct stmt_constructs[] = {
#define RTAB_STMT(kind, name, form, word, what, home, in) \
	[ST_##kind] = {name, FORM_##form, word, what, home, in},
#include "front/constructs.def"
};
#undef IN
_Static_assert(sizeof stmt_constructs / sizeof *stmt_constructs == ST_KIND_COUNT_,
	       "one line of constructs.def per kind of statement");

const char *def_kind_name(def_kind kind)
{
	return kind < DEF_KIND_COUNT_ ? def_constructs[kind].name : "definition";
}

const char *def_kind_phrase(def_kind kind)
{
	return kind < DEF_KIND_COUNT_ ? def_constructs[kind].phrase : "a definition";
}

const stmt_construct *stmt_construct_of(stmt_kind kind)
{
	return &stmt_constructs[kind < ST_KIND_COUNT_ ? kind : ST_STRAY_WORDS];
}

const char *stmt_kind_name(stmt_kind kind)
{
	return stmt_construct_of(kind)->name;
}

bool def_takes_stmt(def_kind def, stmt_kind st)
{
	return def < DEF_KIND_COUNT_ && st < ST_KIND_COUNT_ && (stmt_constructs[st].in >> def & 1u);
}

stmt_kind stmt_kind_of_word(stmt_form form, const char *word)
{
	for (int k = 0; k < ST_KIND_COUNT_; k++)
		if (stmt_constructs[k].form == form && strcmp(stmt_constructs[k].word, word) == 0)
			return (stmt_kind)k;
	return ST_KIND_COUNT_;
}

/* What to write after a word that begins a statement, for a statement left
 * unfinished; at_end: only where the statement ends right after the word. */
static const struct {
	const char *word;
	bool at_end;
	const char *text;
} statement_hints[] = {
	{"below", true, "'below' names its result: below none; (no result), below DE; or below 0;"},
	{"above", true, "'above' names its result, after the step it starts at if any: above DE; above 6:1 DE; above more than 5:1 DE; above +7 0;"},
	{"shifts", true, "'shifts' lists the modifiers that move the column: shifts river, surprise;"},
	{"like", true, "'like' names the table this one is a variant of: like crt;"},
	{"code", true, "'code' gives the code a grid prints: code DR; (an outcome with numbers: code \"DR{hexes}\";)"},
	{"->", true, "write the result after '->': an outcome, its code or its numbers as printed (-> DE, -> 6/3, -> 7), or none"},
	{"roll", true, "'roll' names the dice: roll d6; (dice the ruleset declares) or roll pursuer = 2d6;"},
	{"when", true, "write the condition after 'when': when attack > 2;"},
	{"unless", true, "write the condition after 'unless': unless fleeing;"},
	{"value", true, "write the value after 'value': value +1; or value strength / 2 round down;"},
	{"modifiers", true, "list the modifiers after 'modifiers': modifiers leader, river;"},
	{"steps", true, "list the steps after 'steps': steps melee, charge;"},
	{"group", true, "name the stacking group after 'group': group formation;"},
	{"for", true, "say whose modifier it is: for attacker; or for defender;"},
	{"stack", true, "say how the group stacks: stack worst; stack best; stack largest_each_way; or stack sum;"},
	{"leads", true, "name the outcome after 'leads': leads held;"},
	{"trigger", true, "name what it triggers: trigger cavalry_pursuit;"},
	{"default", true, "give the value of the cells not listed: default 0;"},
	{"otherwise", true, "give what applies otherwise: otherwise 0; (a ratio) or otherwise no_effect; (a procedure)"},
	{"cap", true, "give the bounds of the cap: cap -3..3;"},
	{"within", true, "give the values after 'within': within -4..4;"},
	{"int", true, "give the bounds of the integers after 'int': int 0..9"},
	{"by", false, "'columns by' takes an input or a key: columns by INPUT; by odds(A, B); by difference(A, B); by value(X); two keys as by (INPUT, odds(A, B))"},
	{"provisional", false, "give the reason in quotes: provisional \"why\";"},
	{"rewrite", false, "a rewrite names two results as a cell prints them, by id, or by their numbers: rewrite result_1_0 -> 2/0 when full_assault; rewrite loss(a, d) -> loss(a + 1, d) when full_assault;"},
	{"@", false, "a rule reference is quoted: @ \"7.3\" (or one per locale: @ en \"7.3\" ru \"7.3\")"},
	{"..", false, "write the high end after '..': 0..9"},
};

const char *statement_hint(const char *word, bool at_end)
{
	for (size_t i = 0; i < sizeof statement_hints / sizeof *statement_hints; i++)
		if (strcmp(statement_hints[i].word, word) == 0 && (at_end || !statement_hints[i].at_end))
			return statement_hints[i].text;
	return NULL;
}

const ast_stmt *ast_grid_header(const ast_stmt *grid)
{
	const ast_stmt *l = grid ? grid->body : NULL;
	while (l && l->kind == ST_ODDS_LINE)
		l = l->next;
	return l;
}

ast_expr *ast_expr_new(expr_kind kind, src_loc loc)
{
	ast_expr *e = xcalloc(1, sizeof *e);
	e->kind = kind;
	e->loc = loc;
	return e;
}

ast_stmt *ast_stmt_new(stmt_kind kind, src_loc loc)
{
	ast_stmt *s = xcalloc(1, sizeof *s);
	s->kind = kind;
	s->loc = loc;
	return s;
}

ast_def *ast_def_new(def_kind kind, src_loc loc, char *id, src_loc id_loc)
{
	ast_def *d = xcalloc(1, sizeof *d);
	d->kind = kind;
	d->loc = loc;
	d->id = id;
	d->id_loc = id_loc;
	return d;
}

ast_id *ast_id_new(char *id, src_loc loc)
{
	ast_id *i = xcalloc(1, sizeof *i);
	i->id = id;
	i->loc = loc;
	return i;
}

ast_arg *ast_arg_new(arg_kind kind, src_loc loc)
{
	ast_arg *a = xcalloc(1, sizeof *a);
	a->kind = kind;
	a->loc = loc;
	return a;
}

ast_cell *ast_cell_new(src_loc loc)
{
	ast_cell *c = xcalloc(1, sizeof *c);
	c->loc = loc;
	return c;
}

ast_param *ast_param_new(char *id, src_loc loc, ast_type type)
{
	ast_param *p = xcalloc(1, sizeof *p);
	p->id = id;
	p->loc = loc;
	p->type = type;
	return p;
}

ast_dice_group *ast_dice_group_new(src_loc loc)
{
	ast_dice_group *g = xcalloc(1, sizeof *g);
	g->loc = loc;
	return g;
}

ast_rows *ast_rows_new(void)
{
	return xcalloc(1, sizeof(ast_rows));
}

void ast_rows_free(ast_rows *r)
{
	if (!r)
		return;
	free(r->rows);
	free(r->ranges);
	free(r->notes);
	arena_free(&r->text);
	free(r);
}

static const char *text_copy(arena *text, const char *s)
{
	return s ? arena_strndup(text, s, strlen(s)) : NULL;
}

/* The rule and reason of rows or grid lines, by index, in order. */
typedef struct note_list {
	ast_row_note **notes;
	size_t *n, *cap;
} note_list;

static void push_note(note_list l, ast_row_note n)
{
	if (*l.n == *l.cap) {
		*l.cap = *l.cap ? 2 * *l.cap : 16;
		*l.notes = xrealloc(*l.notes, *l.cap * sizeof **l.notes);
	}
	(*l.notes)[(*l.n)++] = n;
}

static const ast_row_note *find_note(const ast_row_note *notes, size_t n, size_t i)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (notes[mid].row < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && notes[lo].row == i ? &notes[lo] : NULL;
}

/* Every one of count items that gives no rule takes rule (copied into text). */
static void default_rule(note_list l, arena *text, size_t count, const char *rule)
{
	ast_row_note *old = *l.notes;
	size_t nold = *l.n, k = 0;
	const char *copy = text_copy(text, rule);
	*l.notes = NULL;
	*l.n = *l.cap = 0;
	for (size_t i = 0; i < count; i++) {
		ast_row_note n = {(uint32_t)i, copy, NULL, {0, 0}};
		if (k < nold && old[k].row == i) {
			n = old[k++];
			if (!n.rule)
				n.rule = copy;
		}
		push_note(l, n);
	}
	free(old);
}

#define ROW_NOTES(r) ((note_list){&(r)->notes, &(r)->nnotes, &(r)->cap_notes})

void ast_rows_add(ast_rows *r, const char *name, size_t name_len, src_loc loc, const char *rule,
		  const char *text, src_loc text_loc)
{
	if (r->nrows == r->cap_rows) {
		r->cap_rows = r->cap_rows ? 2 * r->cap_rows : 16;
		r->rows = xrealloc(r->rows, r->cap_rows * sizeof *r->rows);
	}
	if (rule || text)
		push_note(ROW_NOTES(r), (ast_row_note){(uint32_t)r->nrows, text_copy(&r->text, rule),
							text_copy(&r->text, text), text_loc});
	r->rows[r->nrows++] = (ast_row){arena_strndup(&r->text, name, name_len), loc,
					(uint32_t)r->nranges, 0};
}

void ast_rows_add_range(ast_rows *r, const ast_range *range)
{
	if (r->nranges == r->cap_ranges) {
		r->cap_ranges = r->cap_ranges ? 2 * r->cap_ranges : 16;
		r->ranges = xrealloc(r->ranges, r->cap_ranges * sizeof *r->ranges);
	}
	r->ranges[r->nranges++] = *range;
	r->rows[r->nrows - 1].nranges++;
}

const ast_row_note *ast_rows_note(const ast_rows *r, size_t i)
{
	return find_note(r->notes, r->nnotes, i);
}

void ast_rows_default_rule(ast_rows *r, const char *rule)
{
	default_rule(ROW_NOTES(r), &r->text, r->nrows, rule);
}

static ast_rows *rows_copy(const ast_rows *r)
{
	ast_rows *c = ast_rows_new();
	for (size_t i = 0; i < r->nrows; i++) {
		const ast_row *row = &r->rows[i];
		const ast_row_note *n = ast_rows_note(r, i);
		ast_rows_add(c, row->name, strlen(row->name), row->loc, n ? n->rule : NULL,
			     n ? n->text : NULL, n ? n->text_loc : (src_loc){0, 0});
		for (uint32_t k = 0; k < row->nranges; k++)
			ast_rows_add_range(c, &r->ranges[row->first + k]);
	}
	return c;
}

ast_glines *ast_glines_new(void)
{
	return xcalloc(1, sizeof(ast_glines));
}

void ast_glines_free(ast_glines *g)
{
	if (!g)
		return;
	free(g->first);
	free(g->cells);
	free(g->notes);
	arena_free(&g->text);
	free(g);
}

void ast_glines_add_line(ast_glines *g, const char *rule, const char *text, src_loc text_loc)
{
	if (g->nlines == g->cap_lines) {
		g->cap_lines = g->cap_lines ? 2 * g->cap_lines : 16;
		g->first = xrealloc(g->first, g->cap_lines * sizeof *g->first);
	}
	if (rule || text)
		push_note(ROW_NOTES(g), (ast_row_note){(uint32_t)g->nlines, text_copy(&g->text, rule),
							text_copy(&g->text, text), text_loc});
	g->first[g->nlines++] = (uint32_t)g->ncells;
}

void ast_glines_add_cell(ast_glines *g, const ast_gcell *c, size_t name_len)
{
	if (g->ncells == g->cap_cells) {
		g->cap_cells = g->cap_cells ? 2 * g->cap_cells : 32;
		g->cells = xrealloc(g->cells, g->cap_cells * sizeof *g->cells);
	}
	ast_gcell *to = &g->cells[g->ncells++];
	*to = *c;
	if (c->kind == CELL_NAME)
		to->name = arena_strndup(&g->text, c->name, name_len);
}

void ast_glines_drop_line(ast_glines *g)
{
	g->ncells = g->first[--g->nlines];
}

void ast_glines_default_rule(ast_glines *g, const char *rule)
{
	default_rule(ROW_NOTES(g), &g->text, g->nlines, rule);
}

static size_t glines_end(const ast_glines *g, size_t i)
{
	return i + 1 < g->nlines ? g->first[i + 1] : g->ncells;
}

/* A grid line as the grammar gives it, compact. */
static void glines_add_stmt(ast_glines *g, const ast_stmt *line)
{
	ast_glines_add_line(g, line->rule, line->text, line->text_loc);
	for (const ast_cell *c = line->cells; c; c = c->next) {
		ast_gcell gc = {.loc = c->loc, .kind = (uint8_t)c->kind, .open_lo = c->open_lo,
				.open_hi = c->open_hi};
		if (c->kind == CELL_NAME) {
			gc.name = c->name;
		} else {
			gc.lo = c->lo;
			gc.hi = c->hi;
		}
		ast_glines_add_cell(g, &gc, c->kind == CELL_NAME ? strlen(c->name) : 0);
	}
}

static ast_glines *glines_copy(const ast_glines *g)
{
	ast_glines *c = ast_glines_new();
	for (size_t i = 0; i < g->nlines; i++) {
		const ast_row_note *n = find_note(g->notes, g->nnotes, i);
		ast_glines_add_line(c, n ? n->rule : NULL, n ? n->text : NULL,
				    n ? n->text_loc : (src_loc){0, 0});
		for (size_t k = g->first[i]; k < glines_end(g, i); k++)
			ast_glines_add_cell(c, &g->cells[k],
					    g->cells[k].kind == CELL_NAME ? strlen(g->cells[k].name) : 0);
	}
	return c;
}

/* Whether every statement of a grid's body is an odds line (or it has none). */
static bool body_all_odds_lines(const ast_stmt *grid)
{
	for (const ast_stmt *l = grid->body; l; l = l->next)
		if (l->kind != ST_ODDS_LINE)
			return false;
	return true;
}

/* The header of a grid that has one and no line after it yet. */
static ast_stmt *lone_header(ast_stmt *grid)
{
	if (grid->lines && grid->lines->nlines)
		return NULL;
	ast_stmt *header = NULL;
	for (ast_stmt *l = grid->body; l; l = l->next)
		if (l->kind != ST_ODDS_LINE) {
			if (header)
				return NULL;
			header = l;
		}
	return header;
}

/* How many cells a line has, and whether every one is of KIND. */
static size_t count_cells(const ast_cell *c, cell_kind kind, bool *all)
{
	size_t n = 0;
	*all = true;
	for (; c; c = c->next, n++)
		*all &= c->kind == kind;
	return n;
}

/*
 * A page may print a name over each value column ('light  medium  heavy'
 * over '0-2  3-5  6+'): a first line of names, then a line of values and
 * nothing else, is one header, each value carrying the name over it. The
 * shape decides: a line of rolls under N names holds a roll and N cells, so
 * a line of numbers of any other length is the values. Where the two lines
 * differ in length the names or values left over stay in the header as they
 * are (a name, or a value without one), for the checks to report once; the
 * checks also say where a table's key takes no names.
 */
static bool names_over_values(ast_stmt *grid, ast_stmt *line)
{
	ast_stmt *header = lone_header(grid);
	bool names, values;
	if (!header || header->kind != ST_GRID_LINE || line->kind != ST_GRID_LINE || header->rule ||
	    header->text || line->rule || line->text)
		return false;
	size_t n = count_cells(header->cells, CELL_NAME, &names);
	size_t nvalues = count_cells(line->cells, CELL_RANGE, &values);
	if (!n || !names || !values || nvalues == n + 1)
		return false;
	ast_cell *name = header->cells, *v = line->cells, *last = NULL;
	for (; name && v; name = name->next, last = v, v = v->next) {
		v->name = name->name;
		v->name_loc = name->loc;
		name->name = NULL;
	}
	if (name) { /* names left over: the header keeps them after the values */
		ast_cell *rest = ast_cell_new(name->loc);
		rest->kind = CELL_NAME;
		rest->name = name->name;
		name->name = NULL;
		last->next = rest;
		for (ast_cell *more = name->next; more; more = more->next) {
			ast_cell *c = ast_cell_new(more->loc);
			c->kind = CELL_NAME;
			c->name = more->name;
			more->name = NULL;
			rest->next = c;
			rest = c;
		}
		line->cells->tail = rest;
	}
	ast_cells_free(header->cells);
	header->cells = line->cells;
	line->cells = NULL;
	ast_stmts_free(line);
	return true;
}

void ast_grid_add_line(ast_stmt *grid, ast_stmt *line)
{
	if (names_over_values(grid, line))
		return;
	/* Odds lines and the header under them stay statements (the checks read
	 * their kinds and names); the lines after the header are compact. */
	if (line->kind == ST_ODDS_LINE || body_all_odds_lines(grid)) {
		grid->body = AST_APPEND(grid->body, line);
		return;
	}
	if (!grid->lines)
		grid->lines = ast_glines_new();
	glines_add_stmt(grid->lines, line);
	ast_stmts_free(line);
}

/* Compact line i as a statement: its cells in w->cells. Only the fields a
 * line gives are written: the others stay as ast_grid_first zeroed them. */
static const ast_stmt *glines_view(ast_grid_walk *w, size_t i)
{
	const ast_glines *g = w->grid->lines;
	size_t first = g->first[i], n = glines_end(g, i) - first;
	if (n > w->cap) {
		w->cells = xrealloc(w->cells, 2 * n * sizeof *w->cells);
		memset(w->cells + w->cap, 0, (2 * n - w->cap) * sizeof *w->cells);
		w->cap = 2 * n;
	}
	for (size_t k = 0; k < n; k++) {
		const ast_gcell *gc = &g->cells[first + k];
		ast_cell *c = &w->cells[k];
		bool named = gc->kind == CELL_NAME;
		c->loc = gc->loc;
		c->kind = (cell_kind)gc->kind;
		c->lo = named ? 0 : gc->lo;
		c->hi = named ? 0 : gc->hi;
		c->open_lo = gc->open_lo;
		c->open_hi = gc->open_hi;
		c->name = named ? (char *)gc->name : NULL;
		c->next = k + 1 < n ? c + 1 : NULL;
		c->tail = k == 0 ? c + n - 1 : NULL;
	}
	const ast_row_note *note = g->nnotes ? find_note(g->notes, g->nnotes, i) : NULL;
	ast_stmt *v = &w->view;
	v->kind = ST_GRID_LINE;
	v->loc = n ? g->cells[first].loc : w->grid->loc;
	v->cells = n ? w->cells : NULL;
	v->rule = note ? (char *)note->rule : NULL;
	v->text = note ? (char *)note->text : NULL;
	v->text_loc = note ? note->text_loc : (src_loc){0, 0};
	return v;
}

const ast_stmt *ast_grid_first(ast_grid_walk *w, const ast_stmt *grid)
{
	*w = (ast_grid_walk){.grid = grid, .stmt = grid->body};
	if (w->stmt)
		return w->stmt;
	return grid->lines && grid->lines->nlines ? glines_view(w, 0) : NULL;
}

const ast_stmt *ast_grid_next(ast_grid_walk *w)
{
	if (w->stmt) {
		w->stmt = w->stmt->next;
		if (w->stmt)
			return w->stmt;
		w->line = 0;
	} else {
		w->line++;
	}
	const ast_glines *g = w->grid->lines;
	return g && w->line < g->nlines ? glines_view(w, w->line) : NULL;
}

void ast_grid_walk_end(ast_grid_walk *w)
{
	free(w->cells);
	w->cells = NULL;
	w->cap = 0;
}

static ast_cell *cells_copy(const ast_cell *l);

void ast_grid_expand(ast_stmt *grid)
{
	ast_glines *g = grid->lines;
	if (!g)
		return;
	ast_grid_walk w = {.grid = grid};
	for (size_t i = 0; i < g->nlines; i++) {
		const ast_stmt *v = glines_view(&w, i);
		ast_stmt *line = ast_stmt_new(ST_GRID_LINE, v->loc);
		line->cells = cells_copy(v->cells);
		line->rule = v->rule ? xstrdup(v->rule) : NULL;
		line->text = v->text ? xstrdup(v->text) : NULL;
		line->text_loc = v->text_loc;
		grid->body = AST_APPEND(grid->body, line);
	}
	ast_grid_walk_end(&w);
	grid->lines = NULL;
	ast_glines_free(g);
}

/* Expressions nest; free them without recursion so deep input cannot overflow the stack. */
static void expr_tree_free(ast_expr *e);

/* Frees e, its subtrees and the arguments that follow it (next_arg), without
 * recursion over the length of a list or of a chain of operators. */
void ast_expr_free(ast_expr *e)
{
	while (e) {
		ast_expr *sibling = e->next_arg;
		e->next_arg = NULL;
		expr_tree_free(e);
		e = sibling;
	}
}

static void expr_tree_free(ast_expr *e)
{
	while (e) {
		ast_expr *next;
		if (e->lhs && e->rhs) {
			/* Rotate so that at most one child remains, then descend. */
			ast_expr *l = e->lhs;
			e->lhs = l->rhs;
			l->rhs = e;
			e = l;
			continue;
		}
		next = e->lhs ? e->lhs : e->rhs;
		ast_expr_free(e->third);
		ast_expr_free(e->args);
		free(e->name);
		free(e->unit);
		free(e);
		e = next;
	}
}

void ast_type_free(ast_type *t)
{
	if (t) {
		free(t->name);
		t->name = NULL;
		free(t->unit);
		t->unit = NULL;
	}
}

void ast_ids_free(ast_id *l)
{
	while (l) {
		ast_id *n = l->next;
		free(l->id);
		free(l);
		l = n;
	}
}

void ast_args_free(ast_arg *l)
{
	while (l) {
		ast_arg *n = l->next;
		free(l->name);
		free(l->key);
		free(l->unit);
		free(l);
		l = n;
	}
}

void ast_cells_free(ast_cell *l)
{
	while (l) {
		ast_cell *n = l->next;
		free(l->name);
		free(l->rule);
		free(l->text);
		free(l);
		l = n;
	}
}

void ast_params_free(ast_param *l)
{
	while (l) {
		ast_param *n = l->next;
		free(l->id);
		ast_type_free(&l->type);
		ast_expr_free(l->init);
		ast_stmts_free(l->body);
		ast_args_free(l->specials);
		free(l);
		l = n;
	}
}

void ast_dice_free(ast_dice_group *l)
{
	while (l) {
		ast_dice_group *n = l->next;
		free(l);
		l = n;
	}
}

static void owned_str_free(char *s)
{
	free(s);
}

#define owned_ids_free ast_ids_free
#define owned_args_free ast_args_free
#define owned_expr_free ast_expr_free
#define owned_cells_free ast_cells_free
#define owned_stmts_free ast_stmts_free
#define owned_rows_free ast_rows_free
#define owned_glines_free ast_glines_free
#define FREE_OWNED(type, field) owned_##type##_free(l->field);

void ast_stmts_free(ast_stmt *l)
{
	while (l) {
		ast_stmt *n = l->next;
		AST_STMT_OWNED(FREE_OWNED)
		free(l);
		l = n;
	}
}

char *ast_part_rule_encode(const ast_stmt *locales)
{
	strbuf sb = {0};
	for (const ast_stmt *s = locales; s; s = s->next)
		sb_printf(&sb, "%c%s%c%s", AST_REFS_LOCALE, s->name, AST_REFS_TEXT, s->text ? s->text : "");
	return sb.data ? sb.data : xstrdup("");
}

void ast_part_refs_free(ast_part_refs *l)
{
	while (l) {
		ast_part_refs *n = l->next;
		ast_stmts_free(l->locales);
		free(l);
		l = n;
	}
}

static ast_stmt *stmts_copy(const ast_stmt *l);

ast_part_refs *ast_part_refs_copy(ast_part_refs *to, const ast_part_refs *l)
{
	for (; l; l = l->next) {
		ast_part_refs *c = xcalloc(1, sizeof *c);
		c->at = l->at;
		c->locales = stmts_copy(l->locales);
		to = AST_APPEND(to, c);
	}
	return to;
}

void ast_defs_free(ast_def *l)
{
	while (l) {
		ast_def *n = l->next;
		free(l->id);
		free(l->rule);
		ast_stmts_free(l->refs);
		ast_part_refs_free(l->part_refs);
		free(l->by);
		ast_stmts_free(l->body);
		ast_dice_free(l->dice);
		ast_type_free(&l->type);
		ast_expr_free(l->init);
		ast_params_free(l->params);
		free(l);
		l = n;
	}
}

void ast_removes_free(ast_remove *l)
{
	while (l) {
		ast_remove *n = l->next;
		free(l->id);
		free(l);
		l = n;
	}
}

void ast_errata_free(ast_errata *l)
{
	while (l) {
		ast_errata *n = l->next;
		free(l->id);
		free(l->rule);
		ast_stmts_free(l->labels);
		ast_defs_free(l->defs);
		ast_removes_free(l->removes);
		ast_defs_free(l->patches);
		free(l);
		l = n;
	}
}

static ast_expr *expr_copy_one(const ast_expr *e, int depth);

static char *dup_str(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static ast_id *ids_copy(const ast_id *l)
{
	ast_id *out = NULL;
	for (; l; l = l->next) {
		ast_id *i = ast_id_new(dup_str(l->id), l->loc);
		i->minus = l->minus;
		out = AST_APPEND(out, i);
	}
	return out;
}

static ast_arg *args_copy(const ast_arg *l)
{
	ast_arg *out = NULL;
	for (; l; l = l->next) {
		ast_arg *a = ast_arg_new(l->kind, l->loc);
		a->num = l->num;
		a->name = dup_str(l->name);
		a->key = dup_str(l->key);
		a->key_loc = l->key_loc;
		a->unit = dup_str(l->unit);
		a->unit_loc = l->unit_loc;
		out = AST_APPEND(out, a);
	}
	return out;
}

static ast_cell *cells_copy(const ast_cell *l)
{
	ast_cell *out = NULL;
	for (; l; l = l->next) {
		ast_cell *c = ast_cell_new(l->loc);
		c->kind = l->kind;
		c->lo = l->lo;
		c->hi = l->hi;
		c->open_lo = l->open_lo;
		c->open_hi = l->open_hi;
		c->name = dup_str(l->name);
		c->name_loc = l->name_loc;
		c->patched = l->patched;
		c->rule = dup_str(l->rule);
		c->text = dup_str(l->text);
		out = AST_APPEND(out, c);
	}
	return out;
}

/* An expression and the arguments that follow it (next_arg), copied. */
static ast_expr *expr_copy(const ast_expr *e, int depth)
{
	ast_expr *first = NULL, *last = NULL;
	for (; e && depth < 10000; e = e->next_arg) {
		ast_expr *c = ast_expr_new(e->kind, e->loc);
		c->op = e->op;
		c->num = e->num;
		c->sides = e->sides;
		c->name = dup_str(e->name);
		c->unit = dup_str(e->unit);
		c->unit_loc = e->unit_loc;
		c->lhs = e->lhs ? expr_copy_one(e->lhs, depth + 1) : NULL;
		c->rhs = e->rhs ? expr_copy_one(e->rhs, depth + 1) : NULL;
		c->third = e->third ? expr_copy_one(e->third, depth + 1) : NULL;
		c->args = expr_copy(e->args, depth + 1);
		if (!first)
			first = c;
		else
			last->next_arg = c;
		last = c;
	}
	if (first)
		first->last_arg = last;
	return first;
}

static ast_expr *expr_copy_one(const ast_expr *e, int depth)
{
	ast_expr *c = ast_expr_new(e->kind, e->loc);
	c->op = e->op;
	c->num = e->num;
	c->sides = e->sides;
	c->name = dup_str(e->name);
	c->unit = dup_str(e->unit);
	c->unit_loc = e->unit_loc;
	c->lhs = e->lhs ? expr_copy_one(e->lhs, depth + 1) : NULL;
	c->rhs = e->rhs ? expr_copy_one(e->rhs, depth + 1) : NULL;
	c->third = e->third ? expr_copy_one(e->third, depth + 1) : NULL;
	c->args = expr_copy(e->args, depth + 1);
	return c;
}

static ast_stmt *stmts_copy(const ast_stmt *l)
{
	ast_stmt *out = NULL;
	for (; l; l = l->next) {
		ast_stmt *c = ast_stmt_copy(l);
		out = AST_APPEND(out, c);
	}
	return out;
}

#define owned_str_copy dup_str
#define owned_ids_copy ids_copy
#define owned_args_copy args_copy
#define owned_expr_copy(e) expr_copy(e, 0)
#define owned_cells_copy cells_copy
#define owned_stmts_copy stmts_copy
#define owned_rows_copy(r) ((r) ? rows_copy(r) : NULL)
#define owned_glines_copy(g) ((g) ? glines_copy(g) : NULL)
#define COPY_OWNED(type, field) c->field = owned_##type##_copy(s->field);

ast_stmt *ast_stmt_copy(const ast_stmt *s)
{
	ast_stmt *c = ast_stmt_new(s->kind, s->loc);
	*c = *s;
	AST_STMT_OWNED(COPY_OWNED)
	c->next = c->tail = NULL;
	return c;
}

ast_expr *ast_expr_copy(const ast_expr *e)
{
	return e ? expr_copy_one(e, 0) : NULL;
}

static ast_expr *value_line_test(int op, const ast_expr *key, int64_t bound, src_loc loc)
{
	ast_expr *e = ast_expr_new(EX_BINARY, loc), *n = ast_expr_new(EX_INT, loc);
	n->num = bound;
	e->op = op;
	e->lhs = ast_expr_copy(key);
	e->rhs = n;
	return e;
}

/* The key a value line reads: value(X) is X, difference(A, B) is A - B; NULL
 * for another form or count of arguments (the checks report it). */
static ast_expr *value_line_key(const ast_stmt *cols)
{
	const ast_expr *a = cols->times, *b = a ? a->next_arg : NULL;
	if (strcmp(cols->name2, "value") == 0 && a && !b)
		return ast_expr_copy(a);
	if (strcmp(cols->name2, "difference") != 0 || !a || !b || b->next_arg)
		return NULL;
	ast_expr *e = ast_expr_new(EX_BINARY, cols->name2_loc);
	e->op = RTAB_OP_SUB;
	e->lhs = ast_expr_copy(a);
	e->rhs = ast_expr_copy(b);
	return e;
}

void ast_value_lines(ast_stmt *body)
{
	const ast_stmt *cols = NULL;
	for (const ast_stmt *s = body; s && !cols; s = s->next)
		if (s->kind == ST_COLUMNS && s->times && s->name2)
			cols = s;
	ast_expr *key = cols ? value_line_key(cols) : NULL;
	if (!key)
		return;
	/* Each line is named after the key and its values, as the columns print them. */
	const char *word = key->kind == EX_NAME ? key->name : cols->name2;
	for (ast_stmt *s = body; s; s = s->next) {
		ast_cell *r = s->step;
		if ((s->kind != ST_GRID && s->kind != ST_ROWS) || !r || r->kind != CELL_RANGE)
			continue;
		ast_expr *cond = NULL;
		if (r->lo != INT64_MIN)
			cond = value_line_test(RTAB_OP_GE, key, r->lo, r->loc);
		if (r->hi != INT64_MAX) {
			ast_expr *le = value_line_test(RTAB_OP_LE, key, r->hi, r->loc);
			if (cond) {
				ast_expr *both = ast_expr_new(EX_BINARY, r->loc);
				both->op = RTAB_OP_AND;
				both->lhs = cond;
				both->rhs = le;
				cond = both;
			} else {
				cond = le;
			}
		}
		if (r->lo == INT64_MIN)
			s->name = xasprintf("%s <=%lld", word, (long long)r->hi);
		else if (r->hi == INT64_MAX)
			s->name = xasprintf("%s >=%lld", word, (long long)r->lo);
		else if (r->lo == r->hi)
			s->name = xasprintf("%s %lld", word, (long long)r->lo);
		else
			s->name = xasprintf("%s %lld-%lld", word, (long long)r->lo, (long long)r->hi);
		s->name_loc = r->loc;
		if (s->kind == ST_GRID) /* a rows block stays one: 'rows 1-2 { ... }' */
			s->kind = ST_GRID_WHEN;
		s->expr = cond;
		ast_cells_free(s->step);
		s->step = NULL;
	}
	ast_expr_free(key);
}
