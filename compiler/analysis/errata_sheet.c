/* SPDX-License-Identifier: MIT */
#include "analysis/errata_sheet.h"

#include "analysis/odds.h"
#include "base/escape.h"
#include "base/msg.h"
#include "check/model.h"
#include "export/aid.h"
#include "export/html_table.h"
#include "text/expr_text.h"
#include "text/value_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MINUS "\xe2\x88\x92" /* U+2212, the minus sign a card prints */

/* Items kept to be joined by their text: the column each was found in, the result
 * column it reads under odds lines (or NULL), the text. */
typedef struct kept_list {
	struct kept_item {
		char *column, *result, *text;
	} *v;
	size_t n;
} kept_list;

typedef struct sheet {
	strbuf *out;
	const sheet_side *o, *n;
	const diff_result *r;
	const sheet_options *opts;
	bool *done; /* per definition of r: shown in a table's group */
	bool open;  /* a list is open */
	aid_unit *unit; /* SHEET_PAGES: the unit items go to */
	strbuf para;    /* SHEET_PAGES: the items of the unit not yet a paragraph */
	/* A table's cell changes, and the odds of one situation, kept until every column is
	 * read: the same change in several columns (odds lines over one result column) is
	 * one item. */
	kept_list cells, odds;
} sheet;

static const char *label(const rtab_ruleset *rs, rtab_labels l, size_t locale, const char *id)
{
	const char *s = l ? rtab_label(rs, l, locale) : NULL;
	return s && *s ? s : id;
}

static int find_modifier(const rtab_ruleset *rs, const char *id)
{
	for (size_t i = 0; i < rs->nmodifiers; i++)
		if (strcmp(rs->modifiers[i].id, id) == 0)
			return (int)i;
	return -1;
}

/* ---- output: a heading, then items, in Markdown or HTML ---- */

static void put_text(sheet *s, const char *text)
{
	if (s->opts->format == SHEET_PAGES)
		sb_puts(&s->para, text);
	else if (s->opts->format == SHEET_HTML)
		html_escape(s->out, text);
	else
		markdown_escape(s->out, text, true);
}

static void close_list(sheet *s)
{
	if (s->open && s->opts->format == SHEET_HTML)
		sb_puts(s->out, "</ul>\n");
	if (s->opts->format == SHEET_PAGES && s->para.len && s->unit)
		aid_text_add(s->unit, s->para.data);
	sb_clear(&s->para);
	s->open = false;
}

static void heading(sheet *s, int level, const char *text, const char *rule)
{
	close_list(s);
	if (s->opts->format == SHEET_PAGES) {
		if (level == 1) {
			free(s->opts->doc->title);
			s->opts->doc->title = xstrdup(text);
		}
		s->unit = aid_unit_add(s->opts->doc, text, level > 1 ? rule : NULL);
		return;
	}
	if (s->opts->format == SHEET_HTML)
		sb_printf(s->out, "<h%d>", level);
	else
		sb_printf(s->out, "\n%.*s ", level, "####");
	put_text(s, text);
	if (rule) {
		sb_puts(s->out, " — ");
		put_text(s, rule);
	}
	sb_puts(s->out, s->opts->format == SHEET_HTML ? "" : "\n");
	if (s->opts->format == SHEET_HTML)
		sb_printf(s->out, "</h%d>\n", level);
}

static void paragraph(sheet *s, const char *text)
{
	close_list(s);
	if (s->opts->format != SHEET_PAGES)
		sb_puts(s->out, s->opts->format == SHEET_HTML ? "<p>" : "\n");
	put_text(s, text);
	if (s->opts->format != SHEET_PAGES)
		sb_puts(s->out, s->opts->format == SHEET_HTML ? "</p>\n" : "\n");
	close_list(s);
}

static void item(sheet *s, const char *text)
{
	if (s->opts->format == SHEET_PAGES) {
		/* One paragraph per change, a bullet before it. */
		close_list(s);
		sb_puts(&s->para, "\xE2\x80\xA2 ");
		put_text(s, text);
		close_list(s);
		return;
	}
	if (!s->open) {
		sb_puts(s->out, s->opts->format == SHEET_HTML ? "<ul>\n" : "\n");
		s->open = true;
	}
	sb_puts(s->out, s->opts->format == SHEET_HTML ? "<li>" : "- ");
	put_text(s, text);
	sb_puts(s->out, s->opts->format == SHEET_HTML ? "</li>\n" : "\n");
}

static void itemf(sheet *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void itemf(sheet *s, const char *fmt, ...)
{
	strbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	item(s, b.data ? b.data : "");
	sb_free(&b);
}

static void keep(kept_list *l, const char *column, const char *result, char *text)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof *l->v);
	l->v[l->n++] = (struct kept_item){xstrdup(column ? column : ""), result ? xstrdup(result) : NULL, text};
}

static bool same_result(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Each text kept once, in order, with the columns of every item that has it (and reads
 * the same result column) joined ("clear 2:1 / woods, town 3:1"; "" for none), to emit;
 * the list is emptied. */
static void flush_kept(sheet *s, kept_list *l, const char *where,
		       void (*emit)(sheet *s, const char *where, const char *columns, const char *result,
				    const char *text))
{
	for (size_t i = 0; i < l->n; i++) {
		if (!l->v[i].text)
			continue;
		strbuf columns = {0};
		sb_puts(&columns, l->v[i].column);
		for (size_t j = i + 1; j < l->n; j++)
			if (l->v[j].text && strcmp(l->v[j].text, l->v[i].text) == 0 &&
			    same_result(l->v[j].result, l->v[i].result)) {
				if (*l->v[j].column)
					sb_printf(&columns, "%s%s", columns.len ? " / " : "", l->v[j].column);
				free(l->v[j].text);
				l->v[j].text = NULL;
			}
		emit(s, where, columns.data ? columns.data : "", l->v[i].result, l->v[i].text);
		sb_free(&columns);
		free(l->v[i].text);
	}
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].column);
		free(l->v[i].result);
	}
	free(l->v);
	*l = (kept_list){0};
}

/* A change of a cell, its column and the result column it reads (or NULL) apart (the text
 * is formatted with "" for the column, which fmt takes first). */
static void cell_itemf(sheet *s, const char *column, const char *result, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void cell_itemf(sheet *s, const char *column, const char *result, const char *fmt, ...)
{
	strbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	keep(&s->cells, column, result, b.data ? b.data : xstrdup(""));
}

/* "TACW, roll 3-4: Pursue and eliminate (was 3-5)"; under odds lines the result column as
 * the grid prints it, then the lines that read it: "result column 4 (clear 2:1 / woods,
 * town 3:1), roll 3-4: DR → DE" */
static void cell_item(sheet *s, const char *where, const char *columns, const char *result,
		      const char *text)
{
	(void)where;
	strbuf line = {0};
	if (result && *columns)
		sb_printf(&line, msg("result column %s (%s), "), result, columns);
	else if (result)
		sb_printf(&line, msg("result column %s, "), result);
	else if (*columns)
		sb_printf(&line, "%s, ", columns);
	sb_puts(&line, text);
	item(s, line.data);
	sb_free(&line);
}

/* ---- modifiers as a card prints them ---- */

static void put_signed(strbuf *sb, long v)
{
	sb_printf(sb, v > 0 ? "+%ld" : v < 0 ? MINUS "%ld" : "%ld", v < 0 ? -v : v);
}

static bool reads_op(const rtab_expr *e, rtab_op op, int32_t *arg)
{
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == op) {
			*arg = e->instrs[i].arg;
			return true;
		}
	return false;
}

/* The value on the roll as the card prints it, from the side's point of
 * view (a defender's modifier subtracts): a fixed value signed ("−3", however
 * the source spells it), a value read from a matrix or a ratio band by its
 * label, any other computed value by its range ("0 … +4"); never the
 * source's expression. */
static void signed_value(strbuf *sb, const rtab_ruleset *rs, size_t locale, const rtab_modifier *m)
{
	int32_t k;
	long a = (long)m->sign * m->min, b = (long)m->sign * m->max;
	if (a == b) {
		put_signed(sb, a);
	} else if (reads_op(&m->value, RTAB_OP_MATRIX, &k) && (size_t)k < rs->nmatrices) {
		sb_printf(sb, msg("see %s"), label(rs, rs->matrices[k].labels, locale, rs->matrices[k].id));
	} else if (reads_op(&m->value, RTAB_OP_BAND, &k) && (size_t)k < rs->nbands) {
		sb_printf(sb, msg("see %s"), label(rs, rs->bands[k].labels, locale, rs->bands[k].id));
	} else {
		export_signed_span(sb, msg_chosen(), a < b ? a : b, a < b ? b : a);
	}
}

/* The input and value a condition asks for, when it asks for one: 'when X;'
 * or 'when X == v;'. */
static bool simple_condition(const rtab_expr *e, int *input, int32_t *value)
{
	if (e->ninstrs == 1 && e->instrs[0].op == RTAB_OP_INPUT) {
		*input = e->instrs[0].arg;
		*value = 1;
		return true;
	}
	if (e->ninstrs == 3 && e->instrs[0].op == RTAB_OP_INPUT && e->instrs[1].op == RTAB_OP_CONST &&
	    e->instrs[2].op == RTAB_OP_EQ) {
		*input = e->instrs[0].arg;
		*value = e->instrs[1].arg;
		return true;
	}
	return false;
}

/* The condition in words: the labels of the input and value it reads;
 * nothing for a condition of several inputs (the modifier's label says it,
 * as on the card). */
static void condition_text(strbuf *sb, const rtab_ruleset *rs, size_t locale, const rtab_expr *e)
{
	int in;
	int32_t v;
	if (!e->ninstrs) {
		sb_puts(sb, msg("always"));
		return;
	}
	if (simple_condition(e, &in, &v)) {
		const rtab_input *x = &rs->inputs[in];
		sb_puts(sb, label(rs, x->labels, locale, x->id));
		if (x->type == RTAB_TYPE_ENUM && x->enum_index >= 0 && v >= 0 &&
		    v < rs->enums[x->enum_index].nvalues) {
			const rtab_enum_value *ev = &rs->enums[x->enum_index].values[v];
			sb_printf(sb, ": %s", label(rs, ev->labels, locale, ev->id));
		} else if (x->type != RTAB_TYPE_BOOL) {
			sb_printf(sb, " = %ld", (long)v);
		}
		return;
	}
}

/* "Defender in a town hex, −1 (when: The defender is in a town hex)" */
static void modifier_card(strbuf *sb, const rtab_ruleset *rs, size_t locale, const rtab_modifier *m)
{
	sb_printf(sb, "%s, ", label(rs, m->labels, locale, m->id));
	signed_value(sb, rs, locale, m);
	strbuf when = {0};
	condition_text(&when, rs, locale, &m->condition);
	if (when.data)
		sb_printf(sb, " (%s %s)", msg("when:"), when.data);
	sb_free(&when);
}

/* What changed of a modifier in both editions, each as its own line. */
static void modifier_changes(sheet *s, const rtab_modifier *a, const rtab_modifier *b)
{
	const rtab_ruleset *ra = s->o->rs, *rb = s->n->rs;
	const char *name = label(rb, b->labels, s->n->locale, b->id);
	strbuf was = {0}, now = {0};
	signed_value(&was, ra, s->o->locale, a);
	signed_value(&now, rb, s->n->locale, b);
	if (strcmp(was.data, now.data) != 0)
		itemf(s, msg("%s: %s → %s"), name, was.data, now.data);
	sb_free(&was);
	sb_free(&now);
	condition_text(&was, ra, s->o->locale, &a->condition);
	condition_text(&now, rb, s->n->locale, &b->condition);
	strbuf src_was = {0}, src_now = {0}; /* the conditions as written: compared, never printed */
	export_expr_text(&src_was, s->o->model, &a->condition);
	export_expr_text(&src_now, s->n->model, &b->condition);
	bool changed = strcmp(src_was.data ? src_was.data : "", src_now.data ? src_now.data : "") != 0;
	sb_free(&src_was);
	sb_free(&src_now);
	if (changed && (!was.data || !now.data))
		itemf(s, msg("%s: its condition changed"), name);
	else if (was.data && now.data && strcmp(was.data, now.data) != 0)
		itemf(s, msg("%s: when %s (was when %s)"), name, now.data, was.data);
	sb_free(&was);
	sb_free(&now);
	const char *old_name = label(ra, a->labels, s->o->locale, a->id);
	if (strcmp(old_name, name) != 0)
		itemf(s, msg("%s (was %s)"), name, old_name);
}

/* ---- tables: the cells that changed ---- */

typedef struct rolls {
	int64_t lo, hi; /* of the table, both editions */
	int64_t die_lo, die_hi;
} rolls;

static const char *outcome_at(const rtab_ruleset *rs, const rtab_table *t, const rtab_column *c, int64_t roll)
{
	if (!rtab_column_rolls(c) || roll < t->roll_min || roll > t->roll_max)
		return NULL;
	int row = rtab_column_row(c, (size_t)(roll - t->roll_min));
	return row < 0 ? NULL : rs->outcomes[rtab_row_outcome(t, (size_t)row)].id;
}

static bool same_id(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static const char *printed_outcome(const rtab_ruleset *rs, size_t locale, const char *id, bool code)
{
	int k = id ? rtab_find_outcome(rs, id) : -1;
	if (k < 0)
		return "—";
	const rtab_outcome *o = &rs->outcomes[k];
	return code && o->code ? o->code : label(rs, o->labels, locale, o->id);
}

/* Under odds lines, the result column a column reads, as the grid's header prints it
 * ("4"), or NULL. */
static const char *printed_result_column(const sheet_side *side, const rtab_table *t, size_t column)
{
	if (!side->model || !side->model->tables)
		return NULL;
	return model_result_id(&side->model->tables[t - side->rs->tables], column);
}

/* A column as the card heads it: its label, else the labels of the values
 * of the column input it serves ("Nothing Gained But Glory, Saints in
 * Armor, Other games"), else its name as written ("3:1"). */
static void column_name(strbuf *sb, const rtab_ruleset *rs, size_t locale, const rtab_table *t, size_t j)
{
	const rtab_column *col = &t->columns[j];
	const char *own = col->labels ? rtab_label(rs, col->labels, locale) : NULL;
	if (own && *own) {
		sb_puts(sb, own);
		return;
	}
	size_t n = 0;
	if (!odds_key_computed(t) && t->column_input >= 0 && rs->inputs[t->column_input].enum_index >= 0) {
		const rtab_enum *e = &rs->enums[rs->inputs[t->column_input].enum_index];
		for (size_t v = 0; v < e->nvalues; v++)
			if (t->column_of_value[v] == j)
				sb_printf(sb, "%s%s", n++ ? ", " : "", label(rs, e->values[v].labels, locale, e->values[v].id));
	} else if (t->column_input >= 0 && rs->inputs[t->column_input].enum_index >= 0) {
		/* A grid per value of an input, each by a key: "Open ground 1:3". */
		const rtab_enum *e = &rs->enums[rs->inputs[t->column_input].enum_index];
		size_t ids = 0;
		for (size_t v = 0; v < e->nvalues; v++)
			if (t->column_of_value[v] <= j && j < t->column_end_of_value[v]) {
				sb_printf(sb, "%s%s", n++ ? ", " : "", label(rs, e->values[v].labels, locale, e->values[v].id));
				ids += strlen(e->values[v].id) + (ids ? 2 : 0);
			}
		if (n && strlen(col->id) > ids + 1) {
			sb_printf(sb, " %s", col->id + ids + 1);
			return;
		}
		sb_clear(sb);
		n = 0;
	}
	if (!n)
		sb_puts(sb, col->id);
}

/* Rolls r..end as the card prints them: "5", "3-4", "9+" and "≤0" past the die. */
static void roll_span(char *out, size_t size, int64_t r, int64_t end, const rolls *rr)
{
	bool open_lo = r == rr->lo && r < rr->die_lo, open_hi = end == rr->hi && end > rr->die_hi;
	if (open_lo && open_hi)
		snprintf(out, size, "%s", msg("any"));
	else if (open_hi)
		snprintf(out, size, "%lld+", (long long)r);
	else if (open_lo)
		snprintf(out, size, "\xe2\x89\xa4%lld", (long long)end);
	else if (end == r)
		snprintf(out, size, "%lld", (long long)r);
	else
		snprintf(out, size, "%lld-%lld", (long long)r, (long long)end);
}

/* Each run of rolls whose cell changed, as a pen corrects the card: "Failure to
 * Retreat, roll 5: Stand → Eliminated"; "3:1, roll 1: DR → DE". */
static void column_changes(sheet *s, const rtab_table *ta, const rtab_column *ca, const rtab_table *tb,
			   const rtab_column *cb, bool one_column)
{
	const rtab_ruleset *ra = s->o->rs, *rb = s->n->rs;
	rolls rr = {ta->roll_min < tb->roll_min ? ta->roll_min : tb->roll_min,
		    ta->roll_max > tb->roll_max ? ta->roll_max : tb->roll_max, INT64_MIN, INT64_MAX};
	if (tb->dice < rb->ndice) {
		rr.die_lo = rb->dice[tb->dice].min;
		rr.die_hi = rb->dice[tb->dice].max;
	}
	strbuf name = {0};
	if (!one_column)
		column_name(&name, rb, s->n->locale, tb, (size_t)(cb - tb->columns));
	const char *col = name.data;
	const char *result = printed_result_column(s->n, tb, (size_t)(cb - tb->columns));
	bool codes = false;
	for (size_t r = 0; r < tb->nrows; r++)
		codes |= rb->outcomes[rtab_row_outcome(tb, r)].code != NULL;
	for (int64_t r = rr.lo; r <= rr.hi; r++) {
		const char *a = outcome_at(ra, ta, ca, r), *b = outcome_at(rb, tb, cb, r);
		if (same_id(a, b))
			continue;
		int64_t end = r;
		while (end < rr.hi && same_id(outcome_at(ra, ta, ca, end + 1), a) &&
		       same_id(outcome_at(rb, tb, cb, end + 1), b))
			end++;
		char roll[64];
		roll_span(roll, sizeof roll, r, end, &rr);
		cell_itemf(s, col, result, msg("%sroll %s: %s → %s"), "", roll,
			   printed_outcome(ra, s->o->locale, a, codes), printed_outcome(rb, s->n->locale, b, codes));
		r = end;
	}
	sb_free(&name);
}

/* ---- odds where a change applies ---- */

static int32_t *defaults(const rtab_ruleset *rs)
{
	int32_t *in = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *in);
	rtab_inputs_default(rs, in, rs->ninputs);
	return in;
}

/* The column of table t the situation in reads, with column c's value set
 * when the table's column follows an input. */
static int odds_at(const rtab_ruleset *rs, size_t t, size_t c, int32_t *in, odds_dist *d)
{
	if (odds_key_computed(&rs->tables[t]))
		return odds_table_column(rs, t, c, in, 0, d);
	int32_t v = odds_column_value(rs, t, c);
	if (rs->tables[t].column_input >= 0 && v >= 0)
		in[rs->tables[t].column_input] = v;
	return odds_table(rs, t, in, 0, d);
}

static void odds_line(sheet *s, size_t ta, size_t ca, size_t tb, size_t cb, int32_t *ia, int32_t *ib,
		      const char *where)
{
	const rtab_ruleset *ra = s->o->rs, *rb = s->n->rs;
	odds_dist da, db;
	uint64_t sa = odds_table_steps(ra, ta), sb = odds_table_steps(rb, tb);
	if (s->opts->work && !work_spend(s->opts->work, sa > UINT64_MAX - sb ? UINT64_MAX : sa + sb)) {
		if (s->opts->left_out && !*s->opts->left_out)
			*s->opts->left_out = rb->tables[tb].id;
		return;
	}
	if (odds_at(ra, ta, ca, ia, &da) != RTAB_OK)
		return;
	if (odds_at(rb, tb, cb, ib, &db) != RTAB_OK) {
		odds_dist_free(&da);
		return;
	}
	strbuf line = {0};
	uint16_t *ob = xcalloc(rb->noutcomes + 1u, sizeof *ob);
	size_t nb = odds_table_outcomes(rb, tb, ob);
	for (size_t k = 0; k < nb; k++) {
		const char *id = rb->outcomes[ob[k]].id;
		int oa = rtab_find_outcome(ra, id);
		uint64_t na = oa >= 0 ? da.count[oa] : 0, nb2 = db.count[ob[k]];
		if (na * db.total == nb2 * da.total)
			continue;
		strbuf p = {0}, q = {0};
		odds_put_percent(&p, na, da.total);
		odds_put_percent(&q, nb2, db.total);
		sb_printf(&line, "%s%s %s%% → %s%%", line.data ? "; " : "",
			  label(rb, rb->outcomes[ob[k]].labels, s->n->locale, id), p.data, q.data);
		sb_free(&p);
		sb_free(&q);
	}
	if (line.data) {
		if (rb->tables[tb].ncolumns > 1) {
			strbuf name = {0};
			column_name(&name, rb, s->n->locale, &rb->tables[tb], cb);
			keep(&s->odds, name.data, NULL, line.data);
			sb_free(&name);
			line = (strbuf){0};
		} else
			itemf(s, msg("Odds %s: %s"), where, line.data);
	}
	sb_free(&line);
	free(ob);
	odds_dist_free(&da);
	odds_dist_free(&db);
}

/* "Odds at the default situation, clear 2:1 / woods, town 3:1: ..." */
static void odds_item(sheet *s, const char *where, const char *columns, const char *result,
		      const char *text)
{
	(void)result; /* the odds name the lines they read */
	itemf(s, msg("Odds %s, %s: %s"), where, columns, text);
}

/* Each column both editions print, as (old, new) indices. */
static size_t shared_columns(const rtab_table *a, const rtab_table *b, size_t *ca, size_t *cb)
{
	size_t n = 0;
	for (size_t j = 0; j < b->ncolumns; j++)
		for (size_t i = 0; i < a->ncolumns; i++)
			if (strcmp(a->columns[i].id, b->columns[j].id) == 0) {
				ca[n] = i;
				cb[n++] = j;
			}
	return n;
}

/* The odds in every column, at one situation (given for each side, or the
 * defaults with one input set). */
static void odds_everywhere(sheet *s, size_t ta, size_t tb, const int32_t *ia0, const int32_t *ib0,
			    const char *set_input, int32_t set_value, const char *where)
{
	const rtab_ruleset *ra = s->o->rs, *rb = s->n->rs;
	size_t *ca = xcalloc(rb->tables[tb].ncolumns + 1u, sizeof *ca);
	size_t *cb = xcalloc(rb->tables[tb].ncolumns + 1u, sizeof *cb);
	size_t n = shared_columns(&ra->tables[ta], &rb->tables[tb], ca, cb);
	for (size_t k = 0; k < n; k++) {
		int32_t *ia = defaults(ra), *ib = defaults(rb);
		if (ia0)
			memcpy(ia, ia0, ra->ninputs * sizeof *ia);
		if (ib0)
			memcpy(ib, ib0, rb->ninputs * sizeof *ib);
		int xa = set_input ? rtab_find_input(ra, set_input) : -1;
		int xb = set_input ? rtab_find_input(rb, set_input) : -1;
		if (xa >= 0)
			ia[xa] = set_value;
		if (xb >= 0)
			ib[xb] = set_value;
		odds_line(s, ta, ca[k], tb, cb[k], ia, ib, where);
		free(ia);
		free(ib);
	}
	free(ca);
	free(cb);
	flush_kept(s, &s->odds, where, odds_item);
}

/* The odds at the default situation, at each situation where a changed
 * modifier of the table applies, and at the situations the user names. */
static void table_odds(sheet *s, size_t ta, size_t tb, const int *mods, size_t nmods)
{
	const rtab_ruleset *ra = s->o->rs, *rb = s->n->rs;
	odds_everywhere(s, ta, tb, NULL, NULL, NULL, 0, msg("at the default situation"));
	for (size_t k = 0; k < nmods; k++) {
		const rtab_ruleset *rs = mods[k] >= 0 ? rb : ra;
		const rtab_modifier *m = &rs->modifiers[mods[k] >= 0 ? mods[k] : -1 - mods[k]];
		size_t locale = mods[k] >= 0 ? s->n->locale : s->o->locale;
		int in;
		int32_t v;
		if (!simple_condition(&m->condition, &in, &v))
			continue;
		strbuf where = {0};
		sb_puts(&where, msg("when "));
		condition_text(&where, rs, locale, &m->condition);
		odds_everywhere(s, ta, tb, NULL, NULL, rs->inputs[in].id, v, where.data);
		sb_free(&where);
	}
	for (size_t k = 0; k < s->opts->nsituations; k++) {
		const sheet_situation *u = &s->opts->situations[k];
		strbuf where = {0};
		sb_printf(&where, msg("at %s"), u->text);
		odds_everywhere(s, ta, tb, u->old_inputs, u->new_inputs, NULL, 0, where.data);
		sb_free(&where);
	}
}

/* ---- the groups ---- */

static const diff_def *def_change(const sheet *s, def_kind kind, const char *id, size_t *at)
{
	for (size_t i = 0; i < s->r->n; i++) {
		const facet_def *f = s->r->defs[i].new ? s->r->defs[i].new : s->r->defs[i].old;
		if (f->kind == kind && strcmp(f->id, id) == 0) {
			if (at)
				*at = i;
			return &s->r->defs[i];
		}
	}
	return NULL;
}

static bool listed(const rtab_table *t, size_t m)
{
	for (size_t k = 0; k < t->nmodifiers; k++)
		if (t->modifiers[k] == m)
			return true;
	return false;
}

/* A change of a facet with no printed form of its own: "cap: −3..3 (was −4..4)". */
static void generic_change(sheet *s, const char *name, const diff_change *ch)
{
	const char *key = diff_key(ch);
	if (ch->old && ch->new)
		itemf(s, msg("%s, %s: %s (was %s)"), name, key, ch->new->value, ch->old->value);
	else if (ch->new)
		itemf(s, msg("%s, %s: %s (new)"), name, key, ch->new->value);
	else
		itemf(s, msg("%s, %s: removed (was %s)"), name, key, ch->old->value);
}

static void location(sheet *s, const facet_def *f, const sheet_side *side)
{
	if (!s->opts->locations || !f)
		return;
	itemf(s, msg("Source: %s:%d"), side->path, f->loc.line);
}

/* A modifier added to or taken out of a table's list, as its card reads;
 * the definition's own addition or removal is then shown. */
static void list_item(sheet *s, const sheet_side *side, const rtab_modifier *m, diff_what what)
{
	strbuf card = {0};
	modifier_card(&card, side->rs, side->locale, m);
	if (what == DIFF_ADDED)
		itemf(s, msg("New: %s"), card.data);
	else
		itemf(s, msg("Removed: %s"), card.data);
	sb_free(&card);
	size_t mi;
	if (def_change(s, DEF_MODIFIER, m->id, &mi) && s->r->defs[mi].what == what)
		s->done[mi] = true;
}

/* What else of a modifier changed than modifier_changes shows (its value
 * as the card prints it, its condition, its label): its side where the
 * printed value does not show it, its group, steps, mark or reference. */
static void modifier_rest(sheet *s, const diff_def *d, const rtab_modifier *a, const rtab_modifier *b)
{
	const char *name = label(s->n->rs, b->labels, s->n->locale, b->id);
	/* A fixed value prints signed: its side changed with it. */
	bool side_shown = a->min == a->max && b->min == b->max;
	for (size_t k = 0; k < d->n; k++) {
		const char *key = diff_key(&d->changes[k]);
		if (strcmp(key, "value") == 0 || strcmp(key, "when") == 0 || strncmp(key, "label ", 6) == 0 ||
		    (strcmp(key, "for") == 0 && side_shown))
			continue;
		generic_change(s, name, &d->changes[k]);
	}
}

static void table_group(sheet *s, size_t ta, size_t tb)
{
	const rtab_ruleset *ra = s->o->rs, *rb = s->n->rs;
	const rtab_table *a = &ra->tables[ta], *b = &rb->tables[tb];
	size_t at = 0;
	const diff_def *d = def_change(s, DEF_TABLE, b->id, &at);
	int *mods = xcalloc((size_t)a->nmodifiers + b->nmodifiers + 1, sizeof *mods);
	size_t nmods = 0;
	bool any = d != NULL;
	/* The modifiers the edition changed, added or took out of the list. */
	for (size_t k = 0; k < b->nmodifiers; k++) {
		const rtab_modifier *m = &rb->modifiers[b->modifiers[k]];
		int om = find_modifier(ra, m->id);
		if (om < 0 || !listed(a, (size_t)om) || def_change(s, DEF_MODIFIER, m->id, NULL))
			mods[nmods++] = b->modifiers[k];
	}
	for (size_t k = 0; k < a->nmodifiers; k++) {
		int nm = find_modifier(rb, ra->modifiers[a->modifiers[k]].id);
		if (nm < 0 || !listed(b, (size_t)nm))
			mods[nmods++] = -1 - (int)a->modifiers[k];
	}
	/* Moved odds are shown only with --odds: without, their heading would stand empty. */
	bool moved = false;
	for (size_t i = 0; s->opts->odds && i < s->r->nodds; i++)
		moved |= strcmp(s->r->odds[i].table, b->id) == 0;
	if (!any && !nmods && !moved) {
		free(mods);
		return;
	}
	heading(s, 2, label(rb, b->labels, s->n->locale, b->id), b->rule);
	if (d) {
		s->done[at] = true;
		location(s, d->new, s->n);
	}
	for (size_t cb = 0; cb < b->ncolumns; cb++)
		for (size_t ca = 0; ca < a->ncolumns; ca++)
			if (strcmp(a->columns[ca].id, b->columns[cb].id) == 0)
				column_changes(s, a, &a->columns[ca], b, &b->columns[cb], b->ncolumns == 1);
	flush_kept(s, &s->cells, NULL, cell_item);
	for (size_t k = 0; k < nmods; k++) {
		if (mods[k] < 0) {
			list_item(s, s->o, &ra->modifiers[-1 - mods[k]], DIFF_REMOVED);
			continue;
		}
		const rtab_modifier *m = &rb->modifiers[mods[k]];
		int om = find_modifier(ra, m->id);
		if (om >= 0 && listed(a, (size_t)om)) {
			size_t mi;
			const diff_def *md = def_change(s, DEF_MODIFIER, m->id, &mi);
			if (md)
				s->done[mi] = true;
			modifier_changes(s, &ra->modifiers[om], m);
			if (md)
				modifier_rest(s, md, &ra->modifiers[om], m);
			continue;
		}
		list_item(s, s->n, m, DIFF_ADDED);
	}
	/* What else changed of the table: its cap, rewrites, labels ... */
	for (size_t k = 0; d && k < d->n; k++) {
		const char *key = diff_key(&d->changes[k]);
		if (strncmp(key, "row ", 4) != 0 && strncmp(key, "cell ", 5) != 0 && strcmp(key, "modifiers") != 0)
			generic_change(s, label(rb, b->labels, s->n->locale, b->id), &d->changes[k]);
	}
	if (s->opts->odds)
		table_odds(s, ta, tb, mods, nmods);
	free(mods);
}

static void other_changes(sheet *s)
{
	bool any = false;
	for (size_t i = 0; i < s->r->n; i++) {
		const diff_def *d = &s->r->defs[i];
		if (s->done[i])
			continue;
		const facet_def *f = d->new ? d->new : d->old;
		const sheet_side *side = d->new ? s->n : s->o;
		if (!any)
			heading(s, 2, msg("Other changes"), NULL);
		any = true;
		const char *name = f->labels ? label(side->rs, f->labels, side->locale, f->id) : f->id;
		strbuf what = {0};
		/* msg("ruleset") msg("dice") msg("enum") msg("input") msg("effect") msg("outcome")
		 * msg("modifier") msg("table") msg("matrix") msg("ratio") msg("group")
		 * msg("reaction set") msg("transition") msg("distance") msg("procedure") msg("example") */
		sb_printf(&what, "%s %s", msg(facet_kind_word(f->kind)), name);
		if (f->kind == DEF_MODIFIER) {
			int m = find_modifier(side->rs, f->id);
			if (m >= 0) {
				sb_free(&what);
				modifier_card(&what, side->rs, side->locale, &side->rs->modifiers[m]);
			}
		}
		if (d->what == DIFF_ADDED)
			itemf(s, msg("New: %s"), what.data);
		else if (d->what == DIFF_REMOVED)
			itemf(s, msg("Removed: %s"), what.data);
		else
			for (size_t k = 0; k < d->n; k++)
				generic_change(s, name, &d->changes[k]);
		location(s, f, side);
		sb_free(&what);
	}
}

/* An edition as the sheet names it: its layer's label, "original" in the
 * sheet's words, else its name or file. */
static const char *edition_name(const sheet_side *side)
{
	if (side->layer_label)
		return side->layer_label;
	if (side->edition && strcmp(side->edition, "original") == 0)
		return msg("original");
	return side->edition ? side->edition : side->path;
}

void errata_sheet(strbuf *out, const sheet_side *old, const sheet_side *new, const diff_result *r,
		  const sheet_options *opts)
{
	sheet s = {.out = out, .o = old, .n = new, .r = r, .opts = opts, .done = xcalloc(r->n + 1, sizeof(bool))};
	const rtab_ruleset *rb = new->rs;
	const char *title = label(rb, rb->title, new->locale, rb->id);
	strbuf h = {0};
	sb_printf(&h, msg("Errata: %s"), title);
	if (opts->format == SHEET_HTML)
		html_page_begin(out, h.data, rb->nlocales ? rb->locales[new->locale] : "en");
	heading(&s, 1, h.data, NULL);
	sb_free(&h);
	strbuf what = {0};
	sb_puts(&what, new->layer_label ? new->layer_label : new->edition ? edition_name(new) : "");
	if (new->layer_rule)
		sb_printf(&what, what.len ? " (%s)" : "%s", new->layer_rule);
	if (what.len && (old->edition || new->edition))
		sb_printf(&h, msg("%s, correcting %s."), what.data, edition_name(old));
	else if (what.len)
		sb_printf(&h, "%s.", what.data);
	if (h.data)
		paragraph(&s, h.data);
	if (opts->format == SHEET_PAGES) {
		/* The stamp on every page: the edition, where the publisher printed it. */
		sb_clear(&what);
		sb_printf(&what, msg("Edition: %s"), edition_name(new));
		if (new->layer_rule)
			sb_printf(&what, " \xC2\xB7 %s", new->layer_rule);
		opts->doc->stamp = xstrdup(what.data);
		opts->doc->lang = rb->nlocales ? rb->locales[new->locale] : "en";
	}
	sb_free(&what);
	sb_free(&h);
	for (size_t tb = 0; tb < rb->ntables; tb++) {
		int ta = rtab_find_table(old->rs, rb->tables[tb].id);
		if (ta >= 0)
			table_group(&s, (size_t)ta, tb);
	}
	other_changes(&s);
	if (!r->n && !r->nodds)
		paragraph(&s, msg("No differences."));
	close_list(&s);
	sb_free(&s.para);
	if (opts->format == SHEET_HTML)
		html_page_end(out);
	free(s.done);
}
