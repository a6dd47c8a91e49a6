/* Resolution of names, labels and the definitions other than tables. */
#include "check/sema.h"
#include "check/sema_list.h"

#include <stdlib.h>
#include <string.h>

void *model_array(model *m, size_t n, size_t size)
{
	return arena_alloc(&m->arena, n * size);
}

bool item_room(model *m, size_t have, src_loc loc, const char *what, const char *owner_kind,
	       const char *owner)
{
	if (have < RTAB_MAX_ITEMS)
		return true;
	if (have == RTAB_MAX_ITEMS)
		check_report(m, CHECK_LIMITS, loc, "%s '%s' has more than %d %s; split it", owner_kind,
			     owner, RTAB_MAX_ITEMS, what);
	return false;
}

int model_enum_value(const model *m, int enum_index, const char *id)
{
	if (enum_index < 0 || (size_t)enum_index >= m->rs.nenums)
		return -1;
	return m->enum_values ? idmap_get(&m->enum_values[enum_index], id)
			      : rtab_find_enum_value(&m->rs.enums[enum_index], id);
}

static size_t hash_id(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int model_find(const model *m, def_kind kind, const char *id)
{
	size_t cap = m->index_cap[kind];
	if (!cap)
		return -1;
	for (size_t h = hash_id(id) & (cap - 1);; h = (h + 1) & (cap - 1)) {
		uint32_t slot = m->index[kind][h];
		if (slot == 0)
			return -1;
		if (strcmp(m->defs[kind][slot - 1]->id, id) == 0)
			return slot - 1 < m->ndefs[kind] ? (int)(slot - 1) : -1; /* past a limit: dropped */
	}
}

/* Index definition i of kind by its id (the table is sized for every definition). */
static void index_def(model *m, def_kind kind, size_t i)
{
	size_t cap = m->index_cap[kind];
	size_t h = hash_id(m->defs[kind][i]->id) & (cap - 1);
	while (m->index[kind][h])
		h = (h + 1) & (cap - 1);
	m->index[kind][h] = (uint32_t)(i + 1);
}

void report_unknown(model *m, src_loc loc, const char *what, const char *id,
		    const char *const *candidates, size_t n, size_t stride)
{
	report_unknown_in(m, loc, what, id, NULL, candidates, n, stride);
}

#define SUGGESTION_BUDGET 2000000 /* candidates compared, over a whole file */

void report_unknown_in(model *m, src_loc loc, const char *what, const char *id, const char *within,
		       const char *const *candidates, size_t n, size_t stride)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	size_t limit = strlen(id) / 3 + 1;

	/* A name whose definition a syntax error swallowed was reported already. */
	for (size_t i = 0; i < m->ndiscarded; i++)
		if (strcmp(m->discarded[i], id) == 0)
			return;

	/* Suggestions cost an edit distance per candidate: past a budget (thousands
	 * of unknown names against thousands of definitions) the check stays
	 * linear and the names are reported without one. */
	if (m->suggestion_work > SUGGESTION_BUDGET)
		n = 0;
	m->suggestion_work += n;
	size_t idlen = strlen(id);
	for (size_t i = 0; i < n; i++) {
		const char *c = *(const char *const *)((const char *)candidates + i * stride);
		size_t clen = strlen(c);
		if ((clen > idlen ? clen - idlen : idlen - clen) > limit)
			continue; /* too far in length alone */
		size_t d = edit_distance(id, c);
		if (d <= limit && d < best_d) {
			best = c;
			best_d = d;
		}
	}
	if (best)
		check_report(m, CHECK_UNKNOWN_NAME, loc, "unknown %s '%s'%s%s; did you mean '%s'?", what,
			     id, within ? " " : "", within ? within : "", best);
	else
		check_report(m, CHECK_UNKNOWN_NAME, loc, "unknown %s '%s'%s%s", what, id,
			     within ? " " : "", within ? within : "");
}

/* The ids of every definition of a kind, as candidates for a suggestion. */
static const char *const *def_names(model *m, def_kind kind)
{
	/* Built once per kind: an unknown name per row must not cost a copy each. */
	if (m->def_names[kind])
		return m->def_names[kind];
	const char **names = model_array(m, m->ndefs[kind], sizeof *names);
	for (size_t i = 0; i < m->ndefs[kind]; i++)
		names[i] = m->defs[kind][i]->id;
	m->def_names[kind] = names;
	return names;
}

void model_use(model *m, def_kind kind, int i)
{
	if (i >= 0 && (size_t)i < m->ndefs[kind])
		m->used[kind][i] = true;
}

void model_set_defs(model *m, def_kind kind, const ast_def **defs, size_t n)
{
	m->defs[kind] = model_array(m, n ? n : 1, sizeof *defs);
	memcpy(m->defs[kind], defs, n * sizeof *defs);
	bool *bad = model_array(m, n ? n : 1, sizeof *bad);
	for (size_t i = 0; i < n; i++)
		bad[i] = defs[i]->damaged;
	m->bad[kind] = bad;
	m->used[kind] = model_array(m, n ? n : 1, sizeof(bool));
	m->ndefs[kind] = n;
	m->index_cap[kind] = 16;
	while (m->index_cap[kind] < 2 * n)
		m->index_cap[kind] *= 2;
	m->index[kind] = model_array(m, m->index_cap[kind], sizeof(uint32_t));
	m->def_names[kind] = NULL;
	for (size_t i = 0; i < n; i++)
		index_def(m, kind, i);
}

int resolve_def(model *m, def_kind kind, const char *id, src_loc loc)
{
	int i = model_find(m, kind, id);
	if (i < 0 && kind == DEF_OUTCOME) {
		/* An outcome that carries numbers, named as a cell prints it: DR2. */
		int n = numeric_lookup(m, id, loc);
		if (n >= 0) {
			model_use(m, kind, n);
			return n;
		}
		if (n == -2)
			return -1;
	}
	model_use(m, kind, i);
	if (i < 0) {
		report_unknown(m, loc, def_kind_name(kind), id, def_names(m, kind), m->ndefs[kind],
			       sizeof(const char *));
		if (kind == DEF_OUTCOME)
			numeric_note_patterns(m, loc);
	}
	return i;
}

int resolve_enum_value(model *m, int enum_index, const char *id, src_loc loc)
{
	const rtab_enum *e = &m->rs.enums[enum_index];
	int v = model_enum_value(m, enum_index, id);
	if (v < 0 && !m->bad[DEF_ENUM][enum_index]) {
		strbuf within = {0};
		sb_printf(&within, "of enum '%s'", e->id);
		report_unknown_in(m, loc, "value", id, within.data, &e->values[0].id, e->nvalues,
				  sizeof(rtab_enum_value));
		sb_free(&within);
	}
	return v;
}

rtab_labels read_labels(model *m, const ast_stmt *body, const char *what, const char *id,
			src_loc loc, bool want_labels)
{
	size_t n = m->rs.nlocales;
	const char **labels = model_array(m, n ? n : 1, sizeof *labels);
	const ast_stmt **seen = xcalloc(n ? n : 1, sizeof *seen);

	/* Without a header there are no locales to check against: that error is reported. */
	if (!m->ruleset_def || n == 0) {
		free(seen);
		return labels;
	}
	/* After a syntax error a label may simply have been dropped. */
	want_labels &= m->syntax_errors == 0;
	for (const ast_stmt *s = body; s; s = s->next) {
		if (s->kind != ST_LABEL)
			continue;
		int l = rtab_find_locale(&m->rs, s->name);
		if (l < 0 && strcmp(s->name, "code") == 0 && strcmp(what, "outcome") == 0)
			continue; /* a code pattern: read (and reported) with the numeric outcomes */
		if (l < 0) {
			report_unknown(m, s->name_loc, "locale", s->name, m->rs.locales, n,
				       sizeof(const char *));
			want_labels = false; /* the misspelt locale is the finding */
			continue;
		}
		if (seen[l]) {
			check_report(m, CHECK_DUPLICATE, s->loc, "%s '%s' has a second '%s' label",
				     what, id, s->name);
			check_note(m, seen[l]->loc, "the first '%s' label is here", s->name);
			continue;
		}
		seen[l] = s;
		labels[l] = arena_strdup(&m->arena, s->text);
	}
	free(seen);
	if (want_labels)
		for (size_t l = 0; l < n; l++)
			if (!labels[l])
				check_report(m, CHECK_MISSING_LABEL, loc,
					     "%s '%s' has no '%s' label; add %s \"...\";", what, id,
					     m->rs.locales[l], m->rs.locales[l]);
	return labels;
}

size_t count_stmts(const ast_stmt *body, stmt_kind kind)
{
	size_t n = 0;
	for (const ast_stmt *s = body; s; s = s->next)
		n += s->kind == kind;
	return n;
}

const char *block_provisional(model *m, const ast_stmt *body)
{
	for (const ast_stmt *s = body; s; s = s->next)
		if (s->kind == ST_PROVISIONAL)
			return arena_strdup(&m->arena, s->text);
	return NULL;
}

void def_head(model *m, const ast_def *d, const char *what, const char **id, rtab_labels *labels,
	      const char **rule)
{
	*id = arena_strdup(&m->arena, d->id);
	*rule = arena_strdup(&m->arena, d->rule);
	*labels = read_labels(m, d->body, what, d->id, d->id_loc, !d->instance);
}

static const char *stmt_keyword(stmt_kind k)
{
	switch (k) {
	case ST_LABEL: return "a label";
	case ST_LOCALES: return "'locales'";
	case ST_EXACT: return "'exact'";
	case ST_VALUE: return "an enum value";
	case ST_EFFECT: return "an effect";
	case ST_TRIGGER: return "'trigger'";
	case ST_WHEN: return "'when'";
	case ST_AMOUNT: return "'value'";
	case ST_ROLL: return "'roll'";
	case ST_MODIFIERS: return "'modifiers'";
	case ST_CAP: return "'cap'";
	case ST_COLUMNS: return "'columns'";
	case ST_ROWS: return "'rows'";
	case ST_GRID: return "'grid'";
	case ST_PATCH: return "a 'cell' patch";
	default: return "this statement";
	}
}

static const char *stmt_home(stmt_kind k)
{
	switch (k) {
	case ST_LOCALES:
	case ST_EXACT: return "the ruleset header";
	case ST_VALUE: return "an enum";
	case ST_EFFECT:
	case ST_TRIGGER: return "an outcome";
	case ST_WHEN:
	case ST_AMOUNT: return "a modifier";
	default: return "a table";
	}
}

void report_misplaced(model *m, const ast_stmt *s, const char *where)
{
	if (s->kind == ST_WORDS) {
		bool known = strcmp(s->name, "shifts") == 0 || strcmp(s->name, "below") == 0 ||
			     strcmp(s->name, "above") == 0 || strcmp(s->name, "code") == 0 ||
			     strcmp(s->name, "round") == 0 || strcmp(s->name, "like") == 0;
		if (!known)
			check_report(m, CHECK_MISPLACED, s->loc,
				     "'%s %s' is no statement of %s; is a ';' missing after '%s'?", s->name,
				     s->ids ? s->ids->id : "...", where, s->name);
		else
			check_report(m, CHECK_MISPLACED, s->loc, "'%s' does not belong in %s; it belongs in %s",
				     s->name, where,
				     strcmp(s->name, "code") == 0    ? "an outcome"
				     : strcmp(s->name, "round") == 0 ? "a ratio"
								     : "a table");
		return;
	}
	check_report(m, CHECK_MISPLACED, s->loc, "%s does not belong in %s; it belongs in %s",
		     stmt_keyword(s->kind), where, stmt_home(s->kind));
}

static void collect(model *m, const ast_def *defs)
{
	size_t cap[DEF_KIND_COUNT_] = {0};
	bool first = true;

	for (const ast_def *d = defs; d; d = d->next)
		cap[d->kind] += list_input_count(d);
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		m->defs[k] = model_array(m, cap[k] ? cap[k] : 1, sizeof(const ast_def *));
		m->used[k] = model_array(m, cap[k] ? cap[k] : 1, sizeof(bool));
		m->bad[k] = model_array(m, cap[k] ? cap[k] : 1, sizeof(bool));
		m->index_cap[k] = 16;
		while (m->index_cap[k] < 2 * cap[k])
			m->index_cap[k] *= 2;
		m->index[k] = model_array(m, m->index_cap[k], sizeof(uint32_t));
	}

	for (const ast_def *d = defs; d; d = d->next, first = false) {
		int prev = model_find(m, d->kind, d->id);
		if (d->kind == DEF_RULESET) {
			if (m->ruleset_def) {
				check_report(m, CHECK_SYNTAX_ORDER, d->loc,
					     "a file holds one ruleset; '%s' is a second", d->id);
				check_note(m, m->ruleset_def->loc, "the ruleset '%s' begins here",
					   m->ruleset_def->id);
				continue;
			}
			if (!first)
				check_report(m, CHECK_SYNTAX_ORDER, d->loc,
					     "the ruleset header must be the first definition of the file");
			m->ruleset_def = d;
		}
		if (prev >= 0) {
			check_report(m, CHECK_DUPLICATE, d->id_loc, "%s '%s' is defined twice",
				     def_kind_name(d->kind), d->id);
			check_note(m, m->defs[d->kind][prev]->id_loc, "'%s' is first defined here",
				   d->id);
			continue;
		}
		m->defs[d->kind][m->ndefs[d->kind]] = d;
		m->bad[d->kind][m->ndefs[d->kind]] = d->damaged;
		index_def(m, d->kind, m->ndefs[d->kind]++);
		/* A list input: its items' fields follow it. */
		size_t nitems;
		const ast_def *items = list_item_defs(m, d, &nitems);
		for (size_t i = 0; i < nitems; i++) {
			const ast_def *s = &items[i];
			int dup = model_find(m, DEF_INPUT, s->id);
			if (dup >= 0) {
				check_report(m, CHECK_DUPLICATE, s->id_loc, "input '%s' is defined twice",
					     s->id);
				check_note(m, m->defs[DEF_INPUT][dup]->id_loc,
					   "'%s' is first defined here", s->id);
				continue;
			}
			m->defs[DEF_INPUT][m->ndefs[DEF_INPUT]] = s;
			m->bad[DEF_INPUT][m->ndefs[DEF_INPUT]] = s->damaged;
			index_def(m, DEF_INPUT, m->ndefs[DEF_INPUT]++);
		}
	}
	if (!m->ruleset_def && !m->syntax_errors) {
		src_loc top = {defs ? defs->loc.line : 0, defs ? defs->loc.col : 0};
		check_report(m, CHECK_SYNTAX_ORDER, top,
			     "no ruleset header; begin the file with: ruleset ID { locales en; }");
	}
}

/* Two statements fill the same place of a table: a variant's replaces its base's. */
static bool same_place(const ast_stmt *a, const ast_stmt *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == ST_WORDS || a->kind == ST_LABEL)
		return strcmp(a->name, b->name) == 0;
	return true;
}

/*
 * 'table cavalry_crt { like crt; shifts ...; }': the variant is its own
 * statements, then every statement of the base it does not restate (a
 * grid, the columns, the shifts, the ends, labels per locale ...).
 */
static bool is_variant(const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_WORDS && strcmp(s->name, "like") == 0)
			return true;
	return false;
}

/* A statement copied from the base keeps the base's rule reference where it
 * gave none of its own (a row, a grid line, a natural rule, a rewrite read
 * the table's rule then), rather than taking the variant's. */
static void keep_base_rule(ast_stmt *s, const char *rule)
{
	for (; s; s = s->next) {
		if (!s->rule && (s->kind == ST_ROW || s->kind == ST_GRID_LINE || s->kind == ST_NATURAL ||
				 s->kind == ST_REWRITE))
			s->rule = xstrdup(rule);
		if (s->rows)
			ast_rows_default_rule(s->rows, rule);
		keep_base_rule(s->body, rule);
	}
}

/* 'modifiers +X;' or 'shifts +X;' (a variant adds to its base's list). */
static bool is_list_addition(const ast_stmt *s)
{
	return s->kind == ST_MODIFIERS || (s->kind == ST_WORDS && strcmp(s->name, "shifts") == 0);
}

static void add_base_list(ast_stmt *c, const ast_def *base)
{
	c->star = false;
	for (const ast_stmt *s = base ? base->body : NULL; s; s = s->next)
		if (same_place(s, c)) {
			ast_stmt *both = ast_stmt_copy(s);
			ast_id *mine = c->ids;
			c->ids = both->ids;
			both->ids = NULL;
			ast_stmts_free(both);
			if (!c->ids) {
				c->ids = mine;
			} else if (mine) { /* the whole list after the base's */
				c->ids->tail->next = mine;
				c->ids->tail = mine->tail ? mine->tail : mine;
			}
			return;
		}
}

/* '+' lists outside a variant have no base to add to. */
static void report_stray_additions(model *m, const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->star && is_list_addition(s))
			check_report(m, CHECK_PATCH, s->loc,
				     "'%s +...' adds to the list of the table a variant is 'like', and table '%s' is no variant: write the whole list (%s X, Y;)",
				     s->kind == ST_MODIFIERS ? "modifiers" : s->name, d->id,
				     s->kind == ST_MODIFIERS ? "modifiers" : s->name);
}

static void expand_variants(model *m)
{
	size_t n = m->ndefs[DEF_TABLE];
	bool *variant = xcalloc(n ? n : 1, sizeof *variant);
	for (size_t i = 0; i < n; i++)
		variant[i] = is_variant(m->defs[DEF_TABLE][i]);
	for (size_t i = 0; i < n; i++) {
		const ast_def *d = m->defs[DEF_TABLE][i];
		const ast_stmt *like = NULL;
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind == ST_WORDS && strcmp(s->name, "like") == 0) {
				if (like)
					check_report(m, CHECK_DUPLICATE, s->loc, "table '%s' has a second 'like'",
						     d->id);
				else
					like = s;
			}
		if (!like) {
			report_stray_patches(m, d);
			report_stray_additions(m, d);
			continue;
		}
		/* On a mistake in 'like', the table is its own statements, marked damaged. */
		const ast_def *base = NULL;
		if (like->ids->next) {
			check_report(m, CHECK_MISSING, like->ids->next->loc,
				     "a table is 'like' one other table, not several");
		} else {
			int b = resolve_def(m, DEF_TABLE, like->ids->id, like->ids->loc);
			if (b >= 0 && variant[b])
				check_report(m, CHECK_MISSING, like->ids->loc,
					     "table '%s' is itself a variant; write 'like' the table it is written out in",
					     like->ids->id);
			else if (b >= 0)
				base = m->defs[DEF_TABLE][b];
		}
		ast_def *v = xcalloc(1, sizeof *v);
		*v = *d;
		v->body = NULL;
		v->next = v->tail = NULL;
		v->damaged = d->damaged || !base;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_WORDS && strcmp(s->name, "like") == 0)
				continue;
			ast_stmt *c = ast_stmt_copy(s);
			if (s->star && is_list_addition(s))
				add_base_list(c, base); /* 'modifiers +X;': the base's, then X */
			v->body = AST_APPEND(v->body, c);
		}
		for (const ast_stmt *s = base ? base->body : NULL; s; s = s->next) {
			bool restated = false;
			for (const ast_stmt *t = d->body; t && !restated; t = t->next)
				restated = same_place(s, t);
			if (restated)
				continue;
			ast_stmt *c = ast_stmt_copy(s);
			if (base->rule)
				keep_base_rule(c, base->rule); /* a fresh copy: c->next is NULL */
			v->body = AST_APPEND(v->body, c);
		}
		bool own_grid = false;
		for (const ast_stmt *s = d->body; s; s = s->next)
			own_grid |= s->kind == ST_GRID;
		apply_cell_patches(m, v, base, own_grid);
		m->variants = xrealloc(m->variants, (m->nvariants + 1) * sizeof *m->variants);
		m->variants[m->nvariants++] = v;
		m->defs[DEF_TABLE][i] = v;
	}
	free(variant);
}

/* Triggers and 'rtab eval' name tables, reaction sets, transitions,
 * distances and procedures alike: one name must not stand for two. */
static void check_target_names(model *m)
{
	static const def_kind kinds[] = {DEF_TABLE, DEF_REACTIONS, DEF_TRANSITION, DEF_DISTANCE,
					 DEF_PROCEDURE};
	idmap names = {0};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (size_t i = 0; i < m->ndefs[kinds[k]]; i++) {
			const ast_def *d = m->defs[kinds[k]][i];
			int prev = idmap_put(&names, d->id, (int)k);
			if (prev < 0)
				continue;
			const ast_def *first = m->defs[kinds[prev]][model_find(m, kinds[prev], d->id)];
			check_report(m, CHECK_DUPLICATE, d->id_loc,
				     "%s '%s' has the name of %s '%s'; a trigger or 'rtab eval' could not tell them apart: rename one",
				     def_kind_name(d->kind), d->id, def_kind_name(first->kind), first->id);
			check_note(m, first->id_loc, "the %s is here", def_kind_name(first->kind));
		}
	idmap_free(&names);
}

/* The ruleset's id names the generated files and C symbols. */
#define MAX_RULESET_ID 200

static void resolve_ruleset(model *m)
{
	const ast_def *d = m->ruleset_def;
	const ast_stmt *locales = NULL, *exact = NULL;

	m->rs.id = d ? arena_strdup(&m->arena, d->id) : "unnamed";
	if (!d)
		return;
	m->rs.rule = arena_strdup(&m->arena, d->rule);
	if (strlen(d->id) > MAX_RULESET_ID)
		check_report(m, CHECK_LIMITS, d->id_loc,
			     "the ruleset id is %zu characters long; at most %d, for it names the generated files",
			     strlen(d->id), MAX_RULESET_ID);
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind == ST_LOCALES) {
			if (locales) {
				check_report(m, CHECK_DUPLICATE, s->loc, "the locales are declared twice");
				check_note(m, locales->loc, "first declared here");
				continue;
			}
			locales = s;
		} else if (s->kind == ST_EXACT) {
			resolve_exact(m, s, &exact);
		} else if (s->kind != ST_LABEL) {
			report_misplaced(m, s, "the ruleset header");
		}
	}
	if (!locales) {
		check_report(m, CHECK_SYNTAX_ORDER, d->loc,
			     "ruleset '%s' declares no locales; add: locales en;", d->id);
		return;
	}
	size_t n = 0;
	for (const ast_id *i = locales->ids; i; i = i->next)
		n++;
	const char **names = model_array(m, n, sizeof *names);
	for (const ast_id *i = locales->ids; i; i = i->next) {
		bool dup = false;
		for (size_t j = 0; j < m->rs.nlocales; j++)
			dup |= strcmp(names[j], i->id) == 0;
		if (dup) {
			check_report(m, CHECK_DUPLICATE, i->loc, "locale '%s' is listed twice", i->id);
			continue;
		}
		if (m->rs.nlocales == UINT8_MAX) {
			check_report(m, CHECK_LIMITS, i->loc, "too many locales (at most %d)", UINT8_MAX);
			break;
		}
		names[m->rs.nlocales++] = arena_strdup(&m->arena, i->id);
	}
	m->rs.locales = names;
}

static void resolve_enums(model *m)
{
	rtab_enum *enums = model_array(m, m->ndefs[DEF_ENUM], sizeof *enums);
	m->rs.enums = enums;
	m->rs.nenums = (uint16_t)m->ndefs[DEF_ENUM];
	m->enum_values = xcalloc(m->ndefs[DEF_ENUM] ? m->ndefs[DEF_ENUM] : 1, sizeof *m->enum_values);
	for (size_t i = 0; i < m->ndefs[DEF_ENUM]; i++) {
		const ast_def *d = m->defs[DEF_ENUM][i];
		rtab_enum *e = &enums[i];
		bool full = false;

		def_head(m, d, "enum", &e->id, &e->labels, &e->rule);
		size_t n = count_stmts(d->body, ST_VALUE);
		rtab_enum_value *values = model_array(m, n ? n : 1, sizeof *values);
		e->values = values;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_LABEL)
				continue;
			if (s->kind != ST_VALUE) {
				report_misplaced(m, s, "an enum");
				continue;
			}
			if (full || !item_room(m, e->nvalues, s->name_loc, "values", "enum", d->id)) {
				full = true;
				continue;
			}
			int prev = idmap_get(&m->enum_values[i], s->name);
			if (prev >= 0) {
				check_report(m, CHECK_DUPLICATE, s->name_loc,
					     "enum '%s' lists the value '%s' twice", d->id, s->name);
				continue;
			}
			for (const ast_stmt *b = s->body; b; b = b->next)
				if (b->kind != ST_LABEL && b->kind != ST_PROVISIONAL)
					report_misplaced(m, b, "an enum value");
			values[e->nvalues].provisional = block_provisional(m, s->body);
			values[e->nvalues].id = arena_strdup(&m->arena, s->name);
			idmap_put(&m->enum_values[i], values[e->nvalues].id, e->nvalues);
			values[e->nvalues].labels =
				read_labels(m, s->body, "enum value", s->name, s->name_loc, true);
			e->nvalues++;
		}
		if (e->nvalues == 0 && !d->damaged)
			check_report(m, CHECK_BAD_RANGE, d->id_loc, "enum '%s' has no values", d->id);
	}
}

/* The domain of a declared type; false if the type is unknown. */
static bool resolve_type(model *m, const ast_type *t, rtab_type_kind *kind, int *enum_index,
			 int64_t *lo, int64_t *hi)
{
	*enum_index = -1;
	switch (t->kind) {
	case TY_LIST:
		/* Lists are inputs only (their fields have plain types): resolved in sema_list.c. */
		return false;
	case TY_BOOL:
		*kind = RTAB_TYPE_BOOL;
		*lo = 0;
		*hi = 1;
		return true;
	case TY_INT:
		*kind = RTAB_TYPE_INT;
		*lo = t->lo;
		*hi = t->hi;
		if (t->lo > t->hi) {
			check_report(m, CHECK_BAD_RANGE, t->loc,
				     "the range %lld..%lld is empty; write the low end first",
				     (long long)t->lo, (long long)t->hi);
			return false;
		}
		return true;
	case TY_NUMBER:
		check_report(m, CHECK_TYPE, t->loc,
			     "an exact number is the type of an input only; a parameter is an int or an enum");
		return false;
	case TY_NAMED:
		*kind = RTAB_TYPE_ENUM;
		*enum_index = model_find(m, DEF_ENUM, t->name);
		model_use(m, DEF_ENUM, *enum_index);
		if (*enum_index < 0) {
			report_unknown(m, t->loc, "type (an enum, bool or int)", t->name,
				       def_names(m, DEF_ENUM), m->ndefs[DEF_ENUM], sizeof(char *));
			return false;
		}
		*lo = 0;
		*hi = m->rs.enums[*enum_index].nvalues - 1;
		return true;
	}
	return false;
}

static void resolve_inputs(model *m)
{
	rtab_input *inputs = model_array(m, m->ndefs[DEF_INPUT], sizeof *inputs);
	m->rs.inputs = inputs;
	m->rs.ninputs = (uint16_t)m->ndefs[DEF_INPUT];
	for (size_t i = 0; i < m->ndefs[DEF_INPUT]; i++) {
		const ast_def *d = m->defs[DEF_INPUT][i];
		rtab_input *in = &inputs[i];
		rtab_type_kind kind = RTAB_TYPE_INT;
		int enum_index;
		int64_t lo = 0, hi = 0, def;
		bool list_done;

		if (!list_resolve_input(m, i, in, &list_done))
			m->bad[DEF_INPUT][i] = true;
		if (list_done)
			continue;
		if (!d->list_of) {
			def_head(m, d, "input", &in->id, &in->labels, &in->rule);
			for (const ast_stmt *s = d->body; s; s = s->next)
				if (s->kind != ST_LABEL && s->kind != ST_PROVISIONAL)
					report_misplaced(m, s, "an input");
			in->provisional = block_provisional(m, d->body);
		}
		if (d->type.kind == TY_NUMBER) {
			if (!resolve_number_type(m, &d->type, in)) {
				m->bad[DEF_INPUT][i] = true;
				continue;
			}
			in->default_value = in->min <= 0 && in->max >= 0 ? 0 : in->min;
			if (d->init) {
				ast_arg a = {.kind = d->init->kind == EX_DECIMAL ? ARG_DECIMAL : ARG_INT,
					     .loc = d->init->loc, .num = d->init->num};
				int64_t v;
				if (d->init->kind != EX_DECIMAL && d->init->kind != EX_INT)
					check_report(m, CHECK_TYPE, d->init->loc,
						     "a default must be a constant number");
				else if (input_number_arg(m, in, &a, in->id, &v))
					in->default_value = (int32_t)v;
			}
			continue;
		}
		if (!resolve_type(m, &d->type, &kind, &enum_index, &lo, &hi)) {
			m->bad[DEF_INPUT][i] = true;
			continue;
		}
		in->type = (uint8_t)kind;
		in->enum_index = (int16_t)enum_index;
		in->min = (int32_t)lo;
		in->max = (int32_t)hi;
		def = kind == RTAB_TYPE_INT && lo <= 0 && hi >= 0 ? 0 : lo;
		if (d->init && const_value(m, d->init, kind, enum_index, &def) &&
		    (def < lo || def > hi))
			check_report(m, CHECK_BAD_RANGE, d->init->loc,
				     "the default %lld lies outside %lld..%lld", (long long)def,
				     (long long)lo, (long long)hi);
		in->default_value = (int32_t)def;
	}
}

int model_dice_for(model *m, int count, int sides)
{
	char id[48];
	snprintf(id, sizeof id, "%dd%d", count, sides);
	int known = idmap_get(&m->anonymous_dice, id);
	if (known >= 0)
		return known;
	if (m->rs.ndice >= MAX_DICE)
		return -1; /* the caller reports it */
	if (m->rs.ndice == m->dice_cap) {
		m->dice_cap = m->dice_cap ? m->dice_cap * 2 : 8;
		m->dice = xrealloc(m->dice, m->dice_cap * sizeof *m->dice);
	}
	rtab_die_group *g = model_array(m, 1, sizeof *g);
	g->count = (uint8_t)count;
	g->face_min = 1;
	g->face_max = (int16_t)sides;
	m->dice[m->rs.ndice] = (rtab_dice){.id = arena_strdup(&m->arena, id), .ngroups = 1,
					   .groups = g, .nfaces = (uint8_t)count, .min = count,
					   .max = count * sides};
	m->rs.dice = m->dice;
	idmap_put(&m->anonymous_dice, m->dice[m->rs.ndice].id, m->rs.ndice);
	return m->rs.ndice++;
}

static void resolve_dice(model *m)
{
	m->dice_cap = m->ndefs[DEF_DICE] + 8;
	m->dice = xcalloc(m->dice_cap, sizeof *m->dice);
	rtab_dice *dice = m->dice;
	m->rs.dice = dice;
	m->rs.ndice = (uint16_t)m->ndefs[DEF_DICE];
	for (size_t i = 0; i < m->ndefs[DEF_DICE]; i++) {
		const ast_def *d = m->defs[DEF_DICE][i];
		rtab_dice *dc = &dice[i];
		size_t n = 0, total = 0;

		dc->id = arena_strdup(&m->arena, d->id);
		dc->rule = arena_strdup(&m->arena, d->rule);
		dc->provisional = block_provisional(m, d->body);
		for (const ast_dice_group *g = d->dice; g; g = g->next)
			n++;
		rtab_die_group *groups = model_array(m, n, sizeof *groups);
		dc->groups = groups;
		for (const ast_dice_group *g = d->dice; g; g = g->next) {
			int64_t lo = g->has_faces ? g->face_lo : 1;
			int64_t hi = g->has_faces ? g->face_hi : g->sides;
			if (g->count < 0 || g->sides < 0) { /* the lexer reported the literal */
				m->bad[DEF_DICE][i] = true;
				break;
			}
			if (g->count < 1 || g->sides < 2) {
				check_report(m, CHECK_BAD_RANGE, g->loc,
					     "%lldd%lld is not a roll; use at least one die of two or more sides",
					     (long long)g->count, (long long)g->sides);
				continue;
			}
			if (hi - lo + 1 != g->sides) {
				check_report(m, CHECK_BAD_RANGE, g->loc,
					     "faces %lld..%lld make %lld faces, but the die has %lld",
					     (long long)lo, (long long)hi, (long long)(hi - lo + 1),
					     (long long)g->sides);
				continue;
			}
			total += (size_t)g->count;
			/* Every literal the lexer let through is held or reported here. */
			if (total > RTAB_MAX_FACES || hi > INT16_MAX || lo < -INT16_MAX) {
				check_report(m, CHECK_LIMITS, g->loc,
					     "%lldd%lld: too many dice or faces; at most %d dice in all, with faces within +-%d",
					     (long long)g->count, (long long)g->sides, RTAB_MAX_FACES,
					     INT16_MAX);
				m->bad[DEF_DICE][i] = true;
				break;
			}
			groups[dc->ngroups].count = (uint8_t)g->count;
			groups[dc->ngroups].face_min = (int16_t)lo;
			groups[dc->ngroups].face_max = (int16_t)hi;
			dc->ngroups++;
			dc->nfaces = (uint8_t)total;
			dc->min += (int32_t)(g->count * lo);
			dc->max += (int32_t)(g->count * hi);
		}
	}
}

static void resolve_effect_kinds(model *m)
{
	rtab_effect_kind *kinds = model_array(m, m->ndefs[DEF_EFFECT], sizeof *kinds);
	m->rs.effect_kinds = kinds;
	m->rs.neffect_kinds = (uint16_t)m->ndefs[DEF_EFFECT];
	for (size_t i = 0; i < m->ndefs[DEF_EFFECT]; i++) {
		const ast_def *d = m->defs[DEF_EFFECT][i];
		rtab_effect_kind *k = &kinds[i];
		size_t n = 0;

		def_head(m, d, "effect", &k->id, &k->labels, &k->rule);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind != ST_LABEL)
				report_misplaced(m, s, "an effect declaration");
		for (const ast_param *p = d->params; p; p = p->next)
			n++;
		rtab_param *params = model_array(m, n ? n : 1, sizeof *params);
		k->params = params;
		for (const ast_param *p = d->params; p; p = p->next) {
			rtab_type_kind kind;
			int enum_index;
			int64_t lo, hi;
			if (k->nparams == RTAB_MAX_ARGS) {
				check_report(m, CHECK_LIMITS, p->loc,
					     "effect '%s' has too many parameters (at most %d)", d->id,
					     RTAB_MAX_ARGS);
				break;
			}
			for (const ast_param *q = d->params; q != p; q = q->next)
				if (strcmp(q->id, p->id) == 0)
					check_report(m, CHECK_DUPLICATE, p->loc,
						     "effect '%s' has two parameters named '%s'", d->id,
						     p->id);
			if (!resolve_type(m, &p->type, &kind, &enum_index, &lo, &hi))
				enum_index = -1;
			if (kind == RTAB_TYPE_BOOL)
				check_report(m, CHECK_TYPE, p->type.loc,
					     "effect parameters are enums or int; use an enum for '%s'",
					     p->id);
			params[k->nparams].id = arena_strdup(&m->arena, p->id);
			params[k->nparams].enum_index = (int16_t)enum_index;
			k->nparams++;
		}
	}
}

static void resolve_modifiers(model *m)
{
	rtab_modifier *mods = model_array(m, m->ndefs[DEF_MODIFIER], sizeof *mods);
	m->rs.modifiers = mods;
	m->rs.nmodifiers = (uint16_t)m->ndefs[DEF_MODIFIER];
	for (size_t i = 0; i < m->ndefs[DEF_MODIFIER]; i++) {
		const ast_def *d = m->defs[DEF_MODIFIER][i];
		rtab_modifier *mod = &mods[i];
		const ast_stmt *when = NULL, *value = NULL;

		def_head(m, d, "modifier", &mod->id, &mod->labels, &mod->rule);
		mod->sign = 1;
		mod->group = -1;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			const ast_stmt **slot = s->kind == ST_WHEN ? &when : s->kind == ST_AMOUNT ? &value : NULL;
			if (s->kind == ST_LABEL)
				continue;
			if (s->kind == ST_FOR) {
				if (strcmp(s->name, "attacker") == 0 || strcmp(s->name, "defender") == 0)
					mod->sign = s->name[0] == 'a' ? 1 : -1;
				else
					check_report(m, CHECK_UNKNOWN_NAME, s->name_loc,
						     "a modifier is for 'attacker' (adds) or 'defender' (subtracts), not '%s'",
						     s->name);
				continue;
			}
			if (s->kind == ST_GROUP) {
				int g = resolve_def(m, DEF_GROUP, s->name, s->name_loc);
				mod->group = (int16_t)g;
				continue;
			}
			if (s->kind == ST_STEPS) {
				for (const ast_id *id = s->ids; id; id = id->next) {
					int k = model_step(m, id->id, id->loc, true);
					if (k >= 0)
						mod->steps |= 1u << k;
				}
				continue;
			}
			if (s->kind == ST_PROVISIONAL) {
				mod->provisional = arena_strdup(&m->arena, s->text);
				continue;
			}
			if (!slot) {
				report_misplaced(m, s, "a modifier");
				continue;
			}
			if (*slot) {
				check_report(m, CHECK_DUPLICATE, s->loc, "modifier '%s' has two %s statements",
					     d->id, s->kind == ST_WHEN ? "'when'" : "'value'");
				check_note(m, (*slot)->loc, "the first is here");
				continue;
			}
			*slot = s;
		}
		expr_type t;
		if (when)
			compile_expr(m, when->expr, RTAB_TYPE_BOOL, &mod->condition, &t);
		if (!value && d->damaged)
			continue;
		if (!value) {
			check_report(m, CHECK_MISSING, d->id_loc,
				     "modifier '%s' has no value; add: value +1;", d->id);
			continue;
		}
		if (compile_expr(m, value->expr, RTAB_TYPE_INT, &mod->value, &t)) {
			mod->min = (int32_t)t.lo;
			mod->max = (int32_t)t.hi;
			if (mod->sign < 0 && t.lo == INT32_MIN)
				check_report(m, CHECK_LIMITS, value->expr->loc,
					     "the defender's value may be %d, which cannot be subtracted in 32 bits",
					     INT32_MIN);
		}
		if (value->name2)
			check_report(m, CHECK_MISPLACED, value->name2_loc,
				     "a modifier's value has no unit; units belong to distances");
	}
}

static void resolve_effect(model *m, const ast_def *d, const ast_stmt *s, rtab_effect *eff)
{
	int k = resolve_def(m, DEF_EFFECT, s->name, s->name_loc);
	size_t nargs = 0;
	const rtab_effect_kind *kind;

	if (k < 0)
		return;
	kind = &m->rs.effect_kinds[k];
	for (const ast_arg *a = s->args; a; a = a->next)
		nargs++;
	if (nargs != kind->nparams) {
		check_report(m, CHECK_EFFECT_ARGS, s->name_loc,
			     "effect '%s' takes %u argument%s, but outcome '%s' gives %zu", kind->id,
			     kind->nparams, kind->nparams == 1 ? "" : "s", d->id, nargs);
		check_note(m, m->defs[DEF_EFFECT][k]->id_loc, "'%s' is declared here", kind->id);
		return;
	}
	int32_t *args = model_array(m, nargs ? nargs : 1, sizeof *args);
	size_t i = 0;
	for (const ast_arg *a = s->args; a; a = a->next, i++) {
		const rtab_param *p = &kind->params[i];
		if (p->enum_index < 0) {
			if (a->kind != ARG_INT)
				check_report(m, CHECK_EFFECT_ARGS, a->loc,
					     "parameter '%s' of effect '%s' is an integer, not '%s'",
					     p->id, kind->id, a->name);
			args[i] = (int32_t)a->num;
		} else if (a->kind != ARG_NAME) {
			check_report(m, CHECK_EFFECT_ARGS, a->loc,
				     "parameter '%s' of effect '%s' takes a value of enum '%s', not a number",
				     p->id, kind->id, m->rs.enums[p->enum_index].id);
		} else {
			int v = resolve_enum_value(m, p->enum_index, a->name, a->loc);
			args[i] = v < 0 ? 0 : v;
		}
	}
	eff->kind = (uint16_t)k;
	eff->nargs = (uint8_t)nargs;
	eff->args = args;
}

/* 'trigger NAME(INPUT = EXPR, ...)': the situation passed on. */
static void resolve_trigger_sets(model *m, const ast_stmt *s, rtab_trigger *tr)
{
	size_t n = 0;
	for (const ast_arg *a = s->args; a; a = a->next)
		n++;
	if (n > RTAB_MAX_SETS) {
		check_report(m, CHECK_LIMITS, s->loc, "a trigger passes on at most %d inputs",
			     RTAB_MAX_SETS);
		return;
	}
	rtab_trigger_set *sets = model_array(m, n ? n : 1, sizeof *sets);
	tr->sets = sets;
	for (const ast_arg *a = s->args; a; a = a->next) {
		int in = resolve_def(m, DEF_INPUT, a->key, a->key_loc);
		if (in < 0)
			continue;
		for (size_t j = 0; j < tr->nsets; j++)
			if (sets[j].input == in)
				check_report(m, CHECK_DUPLICATE, a->key_loc,
					     "the trigger sets input '%s' twice", a->key);
		const rtab_input *ip = &m->rs.inputs[in];
		rtab_trigger_set *st = &sets[tr->nsets++];
		st->input = (uint16_t)in;
		if (a->kind == ARG_NAME && ip->type == RTAB_TYPE_ENUM &&
		    rtab_find_enum_value(&m->rs.enums[ip->enum_index], a->name) >= 0) {
			/* A value of the input's enum. */
			int v = rtab_find_enum_value(&m->rs.enums[ip->enum_index], a->name);
			rtab_instr *ins = model_array(m, 1, sizeof *ins);
			ins->op = RTAB_OP_CONST;
			ins->arg = v;
			st->value = (rtab_expr){1, ins};
			continue;
		}
		if (a->kind == ARG_NAME) {
			/* Another input of the same type: its value in the triggering situation. */
			int from = resolve_def(m, DEF_INPUT, a->name, a->loc);
			if (from < 0)
				continue;
			const rtab_input *fp = &m->rs.inputs[from];
			if (fp->type != ip->type || fp->enum_index != ip->enum_index ||
			    (fp->step > 0) != (ip->step > 0))
				check_report(m, CHECK_TYPE, a->loc,
					     "input '%s' is not of the type of '%s'", a->name, a->key);
			rtab_instr *ins = model_array(m, 1, sizeof *ins);
			ins->op = RTAB_OP_INPUT;
			ins->arg = from;
			st->value = (rtab_expr){1, ins};
			continue;
		}
		int64_t v = 0;
		input_number_arg(m, ip, a, a->key, &v);
		rtab_instr *ins = model_array(m, 1, sizeof *ins);
		ins->op = RTAB_OP_CONST;
		ins->arg = (int32_t)v;
		st->value = (rtab_expr){1, ins};
	}
}

/* A result holds at most RTAB_MAX_TRIGGERS triggers and the runtime refuses
 * a negative count: both are proven here from the bounds of 'times', so
 * that no situation fails at run time for want of room. listed counts the
 * most triggers the outcome can list up to s; it is reported once. */
static void check_times(model *m, const ast_def *d, const ast_stmt *s, const expr_type *t,
			int64_t *listed)
{
	int64_t before = *listed;
	if (s->times && t->lo < 0)
		check_report(m, CHECK_LIMITS, s->times->loc,
			     "'times' can be %lld here, and a trigger cannot be resolved a negative "
			     "number of times; bound it, e.g. 'times max(0, ...)'",
			     (long long)t->lo);
	*listed += s->times ? (t->hi > 0 ? t->hi : 0) : 1;
	if (before > RTAB_MAX_TRIGGERS || *listed <= RTAB_MAX_TRIGGERS)
		return;
	if (s->times && s->times->kind == EX_INT && before == 0)
		check_report(m, CHECK_LIMITS, s->times->loc,
			     "'times %lld' lists the target more than the %d times a result holds; "
			     "resolve it at most %d times",
			     (long long)s->times->num, RTAB_MAX_TRIGGERS, RTAB_MAX_TRIGGERS);
	else
		check_report(m, CHECK_LIMITS, s->times ? s->times->loc : s->loc,
			     "outcome '%s' can list %lld triggers by here, more than the %d a result "
			     "holds; bound the 'times' of its triggers (e.g. 'times min(N, ...)')",
			     d->id, (long long)*listed, RTAB_MAX_TRIGGERS);
}

static void resolve_outcomes(model *m)
{
	rtab_outcome *outs = model_array(m, m->ndefs[DEF_OUTCOME], sizeof *outs);
	m->rs.outcomes = outs;
	m->rs.noutcomes = (uint16_t)m->ndefs[DEF_OUTCOME];
	for (size_t i = 0; i < m->ndefs[DEF_OUTCOME]; i++) {
		const ast_def *d = m->defs[DEF_OUTCOME][i];
		rtab_outcome *o = &outs[i];
		size_t ne = 0, nt = 0;
		int64_t listed = 0; /* the most triggers the outcome can list so far */

		def_head(m, d, "outcome", &o->id, &o->labels, &o->rule);
		for (const ast_stmt *s = d->body; s; s = s->next) {
			ne += s->kind == ST_EFFECT || s->kind == ST_VALUE;
			nt += s->kind == ST_TRIGGER;
		}
		rtab_effect *effects = model_array(m, ne ? ne : 1, sizeof *effects);
		rtab_trigger *triggers = model_array(m, nt ? nt : 1, sizeof *triggers);
		o->effects = effects;
		o->triggers = triggers;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			switch (s->kind) {
			case ST_LABEL:
				break;
			case ST_EFFECT:
			case ST_VALUE: /* a bare name is an effect without arguments */
				if (s->body)
					report_misplaced(m, s, "an outcome");
				if (item_room(m, o->neffects, s->loc, "effects", "outcome", d->id))
					resolve_effect(m, d, s, &effects[o->neffects++]);
				break;
			case ST_TRIGGER: {
				rtab_trigger *tr = &triggers[o->ntriggers];
				expr_type t;
				if (!resolve_target(m, s->name, s->name_loc, &tr->target))
					break;
				if (s->expr)
					compile_expr(m, s->expr, RTAB_TYPE_BOOL, &tr->unless, &t);
				if (!s->times)
					check_times(m, d, s, &t, &listed);
				else if (compile_expr_as(m, s->times, RTAB_TYPE_INT, &tr->times, &t,
							 "a 'times' count"))
					check_times(m, d, s, &t, &listed);
				resolve_trigger_sets(m, s, tr);
				tr->rule = arena_strdup(&m->arena, s->rule ? s->rule : d->rule);
				tr->provisional = arena_strdup(&m->arena, s->text);
				o->ntriggers++;
				break;
			}
			case ST_WORDS:
				if (strcmp(s->name, "code") == 0)
					break; /* read with the grids (resolve_outcome_or_code) */
				report_misplaced(m, s, "an outcome");
				break;
			default:
				report_misplaced(m, s, "an outcome");
			}
		}
	}
}

static void check_count_limits(model *m)
{
	for (int k = 0; k < DEF_KIND_COUNT_; k++)
		if (m->ndefs[k] > RTAB_MAX_ITEMS) {
			check_report(m, CHECK_LIMITS, m->defs[k][RTAB_MAX_ITEMS]->loc,
				     "too many %s definitions (at most %d)", def_kind_name((def_kind)k),
				     RTAB_MAX_ITEMS);
			m->ndefs[k] = RTAB_MAX_ITEMS;
		}
}

bool model_build(model *m, const ast_def *defs, diag_ctx *d)
{
	return model_build_recovered(m, defs, d, NULL, 0);
}

bool model_build_recovered(model *m, const ast_def *defs, diag_ctx *d,
			   char *const *discarded, size_t ndiscarded)
{
	memset(m, 0, sizeof *m);
	m->diag = d;
	m->discarded = discarded;
	m->ndiscarded = ndiscarded;
	m->syntax_errors = d->errors;
	collect(m, defs);
	check_count_limits(m);
	check_target_names(m);
	expand_variants(m);
	resolve_ruleset(m);
	if (m->ruleset_def)
		m->rs.title = read_labels(m, m->ruleset_def->body, "ruleset", m->ruleset_def->id,
					  m->ruleset_def->id_loc, true);
	expand_numeric_outcomes(m);
	resolve_enums(m);
	resolve_dice(m);
	resolve_inputs(m);
	resolve_effect_kinds(m);
	resolve_steps(m);
	resolve_matrices(m);
	resolve_bands(m);
	resolve_groups(m);
	resolve_modifiers(m);
	resolve_outcomes(m);
	lower_numeric_outcomes(m);
	check_outcome_codes(m);
	resolve_tables(m);
	resolve_reactions(m);
	resolve_transitions(m);
	resolve_distances(m);
	resolve_procedures(m);
	for (size_t i = 0; i < rtab_ncheck_passes; i++)
		rtab_check_passes[i].run(m);
	if (d->errors)
		return false;
	lower_tables(m);
	if (d->errors == 0)
		resolve_examples(m);
	return d->errors == 0;
}

void model_free(model *m)
{
	for (size_t i = 0; m->tables && i < m->ndefs[DEF_TABLE]; i++) {
		free(m->tables[i].cells);
		free(m->tables[i].row_names);
		free(m->tables[i].row_locs);
	}
	for (size_t i = 0; m->enum_values && i < m->ndefs[DEF_ENUM]; i++)
		idmap_free(&m->enum_values[i]);
	free(m->enum_values);
	idmap_free(&m->anonymous_dice);
	free(m->tables);
	for (size_t i = 0; i < m->nvariants; i++) {
		ast_stmts_free(m->variants[i]->body);
		free(m->variants[i]);
	}
	free(m->variants);
	free(m->dice);
	free(m->examples);
	numeric_free(m);
	arena_free(&m->arena);
}
