/* The parts of the player aid and the words its builders share (see aid_parts.h). */
#include "export/aid_parts.h"

#include "base/msg.h"
#include "export/aid_words.h"
#include "front/key_kinds.h"

#include <stdlib.h>
#include <string.h>

#define PROOF_MARK " " DAGGER /* after the value it marks */

key_reading aid_key_reading_of(const rtab_table *t)
{
	key_reading r = {false, false, false};
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		r.by_input = true;
		break;
	case RTAB_KEY_ENUM:
		r.by_enum = true;
		break;
	case RTAB_KEY_ODDS:
		r.odds = true;
		break;
	case RTAB_KEY_VALUE:
		break;
	}
	return r;
}

aid_part *aid_part_new(aid_unit *u, aid_part_kind kind)
{
	u->parts = xrealloc(u->parts, (u->nparts + 1) * sizeof *u->parts);
	aid_part *p = &u->parts[u->nparts++];
	memset(p, 0, sizeof *p);
	p->kind = kind;
	return p;
}

void aid_text_part(aid_unit *u, strbuf *sb)
{
	while (sb->len && sb->data[sb->len - 1] == '\n')
		sb->data[--sb->len] = '\0';
	if (!sb->len)
		return;
	aid_part *p = aid_part_new(u, AID_TEXT);
	p->text = xstrdup(sb->data);
	sb_clear(sb);
}

/* Each line of sb a paragraph of its own: a page may end between them. */
void aid_text_lines(aid_unit *u, strbuf *sb)
{
	strbuf line = {0};
	for (const char *p = sb->data ? sb->data : "", *nl; *p; p = *nl ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		sb_put(&line, p, (size_t)(nl - p));
		aid_text_part(u, &line);
	}
	sb_free(&line);
	sb_clear(sb);
}

/* In a proof, a provisional reading: its mark after what sb prints, its
 * reason kept for the list under the unit (each reason once). */
void aid_proof_mark(const export_ctx *c, aid_unit *u, strbuf *sb, const char *why)
{
	if (!c->aid_proof || !why)
		return;
	sb_puts(sb, PROOF_MARK);
	for (size_t i = 0; i < u->nreasons; i++)
		if (strcmp(u->reasons[i], why) == 0)
			return;
	u->reasons = xrealloc(u->reasons, (u->nreasons + 1) * sizeof *u->reasons);
	u->reasons[u->nreasons++] = xstrdup(why);
}

/* The reasons of a proof's marks, under the unit they mark. */
void aid_proof_reasons(aid_unit *u)
{
	strbuf sb = {0};
	for (size_t i = 0; i < u->nreasons; i++)
		sb_printf(&sb, "%s %s\n", DAGGER, u->reasons[i]);
	if (u->nreasons)
		aid_text_lines(u, &sb);
	sb_free(&sb);
}

void aid_put_signed(strbuf *sb, long v)
{
	sb_printf(sb, v > 0 ? "+%ld" : v < 0 ? MINUS "%ld" : "%ld", v < 0 ? -v : v);
}

msg_lang aid_doc_words(const aid_doc *d)
{
	msg_lang words = msg_english();
	msg_find(d->lang, &words);
	return words;
}

aid_unit *aid_unit_add(aid_doc *d, const char *heading, const char *rule)
{
	d->units = xrealloc(d->units, (d->nunits + 1) * sizeof *d->units);
	aid_unit *u = &d->units[d->nunits++];
	*u = (aid_unit){xstrdup(heading), rule ? xstrdup(rule) : NULL, NULL, 0, NULL, 0};
	return u;
}

void aid_text_add(aid_unit *u, const char *text)
{
	strbuf sb = {0};
	sb_puts(&sb, text);
	aid_text_part(u, &sb);
	sb_free(&sb);
}

/* What a cell prints for an outcome: its code, else its label. */
const char *aid_outcome_text(const export_ctx *c, size_t slot, uint16_t o, bool codes)
{
	const rtab_outcome *out = &c->rs->outcomes[o];
	if (codes && out->code)
		return out->code;
	return aid_word(c, slot, out->labels, out->id);
}

/* A column's header as the page writes it: its label, else the labels of
 * the values of the column input it serves, else its name as written. */
void aid_column_header(strbuf *sb, const export_ctx *c, size_t slot, const rtab_table *t, size_t j)
{
	const rtab_column *col = &t->columns[j];
	const char *l = export_label(c, col->labels, slot);
	if (*l) {
		sb_puts(sb, l);
		return;
	}
	int key = table_enum_key_input(t);
	if (aid_key_reading_of(t).by_enum && key >= 0 && t->column_input >= 0 && t->column_of_key) {
		/* The labels of the second input's values this column serves, on any line. */
		const rtab_enum *e = &c->rs->enums[c->rs->inputs[key].enum_index];
		size_t nkey = e->nvalues, n = 0, nruns = t->ncolumn_of_key / (nkey ? nkey : 1);
		for (size_t k = 0; k < nkey; k++) {
			bool serves = false;
			for (size_t v = 0; v < nruns && !serves; v++)
				serves = t->column_of_key[v * nkey + k] == j;
			if (serves)
				sb_printf(sb, "%s%s", n++ ? ", " : "", aid_word(c, slot, e->values[k].labels, e->values[k].id));
		}
		if (n)
			return;
	}
	if (aid_key_reading_of(t).by_input && t->column_input >= 0) {
		const rtab_enum *e = &c->rs->enums[c->rs->inputs[t->column_input].enum_index];
		size_t n = 0;
		for (size_t v = 0; v < e->nvalues; v++)
			if (t->column_of_value[v] == j)
				sb_printf(sb, "%s%s", n++ ? ", " : "", aid_word(c, slot, e->values[v].labels, e->values[v].id));
		if (n)
			return;
	}
	sb_puts(sb, t->ncolumns == 1 ? msg_in(c->words, "Result") : col->id);
}

/* Whether a table counts a modifier: a table with a step only those of its step. */
bool aid_counts(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || t->step >= RTAB_MAX_STEPS || ((m->steps >> t->step) & 1u);
}

/* The outcomes a table gives, in the order a reader meets them: its rows,
 * its end columns, its natural rolls, what its rewrites give. */
size_t aid_table_outcomes(const rtab_ruleset *rs, const rtab_table *t, uint16_t *out)
{
	size_t n = 0;
	bool *seen = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *seen);
#define TAKE(o)                                             \
	do {                                                \
		uint16_t o_ = (o);                          \
		if (o_ < rs->noutcomes && !seen[o_]) {      \
			seen[o_] = true;                    \
			out[n++] = o_;                      \
		}                                           \
	} while (0)
	for (size_t r = 0; r < t->nrows; r++)
		TAKE(rtab_row_outcome(t, r));
	for (size_t j = 0; j < t->ncolumns; j++)
		if (t->columns[j].kind == RTAB_COLUMN_AUTOMATIC)
			TAKE(t->columns[j].automatic);
	for (size_t i = 0; i < t->nnatural; i++)
		TAKE(t->natural[i].outcome);
	for (size_t i = 0; i < t->nrewrites; i++)
		TAKE(t->rewrites[i].to);
#undef TAKE
	free(seen);
	return n;
}
