/* The player aid as one document of units (see aid.h): a unit per table,
 * matrix and ratio band, in each locale chosen. */
#include "export/aid.h"

#include "base/msg.h"
#include "check/passes/sema_numeric_rewrite.h"
#include "export/aid_parts.h"
#include "export/aid_words.h"

#include <stdlib.h>
#include <string.h>


/* Whether text is a whole number, as the left side of a rewrite fixes one. */
static bool whole_number(const char *text, long long *n)
{
	char *end;
	*n = strtoll(text, &end, 10);
	return *text && !*end;
}

/* What a flag prints where it is set: its place's text in the label
 * ({retreat?; the defender retreats}), else in the code pattern ({retreat?*}). */
static bool flag_text(const rtab_numeric_outcome *n, size_t p, const char *text, size_t len, strbuf *out)
{
	size_t code_len;
	const char *code = export_flag_text(n, p, &code_len);
	if (!text && !code)
		return false;
	sb_put(out, text ? text : code, text ? len : code_len);
	return true;
}

/* One side of a rewrite that computes numbers, in the author's form and the
 * outcome's label: "Losses a/d", "Losses min(a+1, 5)/d" (a named value by its
 * name, a number in a unit with the unit's words, a flag's text where it is
 * set, in brackets where a name passes it on). A side that names a plain
 * result is that result's label. */
static void rewrite_side(strbuf *sb, const export_ctx *c, size_t slot, const ast_stmt *s, bool right,
			 uint16_t plain)
{
	const rtab_ruleset *rs = c->rs;
	const char *name = right ? s->name2 : s->name;
	const rtab_numeric_outcome *n = NULL;
	for (size_t i = 0; name && (right ? s->result_args != NULL : s->args != NULL) && i < rs->nnumeric_outcomes; i++)
		if (strcmp(rs->numeric_outcomes[i].id, name) == 0)
			n = &rs->numeric_outcomes[i];
	const char *label = n ? export_label(c, n->labels, slot) : "";
	if (n && !*label && c->nlocales > 1)
		label = export_label(c, n->labels, slot ? 0 : 1);
	if (!n || !*label) {
		if (n) { /* no label: the side as written */
			strbuf both = {0};
			numeric_rewrite_text(&both, s);
			const char *arrow = strstr(both.data, " -> ");
			if (arrow)
				sb_put(sb, right ? arrow + 4 : both.data, right ? strlen(arrow + 4) : (size_t)(arrow - both.data));
			sb_free(&both);
		} else {
			sb_puts(sb, aid_outcome_text(c, slot, plain, false));
		}
		return;
	}
	for (const char *p = label; *p;) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		const char *q = close ? memchr(p, '?', (size_t)(close - p)) : NULL;
		size_t k = n->nparams, idlen = close ? (size_t)((q ? q : close) - p - 1) : 0;
		for (size_t i = 0; close && i < n->nparams; i++)
			if (strlen(n->params[i].id) == idlen && strncmp(n->params[i].id, p + 1, idlen) == 0)
				k = i;
		if (k == n->nparams) {
			sb_putc(sb, *p++);
			continue;
		}
		const rtab_outcome_param *pa = &n->params[k];
		strbuf arg = {0}, flag = {0};
		sb_puts(&arg, "");
		numeric_rewrite_arg_text(&arg, s, right, k, true);
		long long v;
		if (flag_text(n, k, q ? q + 1 : NULL, q ? (size_t)(close - q - 1) : 0, &flag)) {
			bool set = strcmp(arg.data, "true") == 0 || (whole_number(arg.data, &v) && v != 0);
			bool unset = strcmp(arg.data, "false") == 0 || (whole_number(arg.data, &v) && v == 0);
			/* A name: "[*]", set or not as the result read from is, where the
			 * other side passes it on in its place; else "[*: 1 - f]". */
			strbuf other = {0};
			bool same = s->name2 && strcmp(s->name, s->name2) == 0 &&
				    numeric_rewrite_arg_text(&other, s, !right, k, true) &&
				    strcmp(other.data, arg.data) == 0;
			sb_free(&other);
			if (set)
				sb_puts(sb, flag.data ? flag.data : "");
			else if (!unset && same)
				sb_printf(sb, "[%s]", flag.data ? flag.data : "");
			else if (!unset)
				sb_printf(sb, "[%s: %s]", flag.data ? flag.data : "", arg.data);
		} else {
			const char *named = NULL;
			for (size_t j = 0; j < pa->nspecials && !named; j++)
				if (strcmp(pa->specials[j].id, arg.data) == 0 || strcmp(pa->specials[j].code, arg.data) == 0)
					named = pa->specials[j].id;
			if (named)
				sb_puts(sb, named);
			else if (pa->unit) /* a name stands for many: the form of many */
				aid_count_words(sb, c, slot, whole_number(arg.data, &v) ? v : 5, arg.data, pa->unit);
			else
				sb_puts(sb, arg.data);
		}
		sb_free(&arg);
		sb_free(&flag);
		p = close + 1;
	}
}

static void table_unit(const export_ctx *c, size_t slot, size_t ti, aid_doc *d)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_table *t = &rs->tables[ti];
	aid_unit *u =
		aid_unit_add(d, aid_word(c, slot, t->labels, msg_in(c->words, "Table")), t->rule);
	strbuf sb = {0};
	bool codes = false;
	for (size_t r = 0; r < t->nrows; r++)
		codes |= rs->outcomes[rtab_row_outcome(t, r)].code != NULL;
	if (t->dice != RTAB_NO_DICE && t->nrolls == 2) {
		/* Opposed rolls: each roll's dice by its name, taken from the groups in order. */
		strbuf dice[2] = {{0}, {0}};
		const rtab_dice *dc = &rs->dice[t->dice];
		size_t k = 0, left = t->rolls[0].nfaces;
		for (size_t gi = 0; gi < dc->ngroups && k < 2; gi++) {
			unsigned count = dc->groups[gi].count;
			while (count && k < 2) {
				unsigned take = count < left ? count : (unsigned)left;
				sb_printf(&dice[k], "%s%ud%d", dice[k].len ? " + " : "", take,
					  dc->groups[gi].face_max - dc->groups[gi].face_min + 1);
				count -= take;
				left -= take;
				if (!left && ++k < 2)
					left = t->rolls[k].nfaces;
			}
		}
		sb_printf(&sb,
			  msg_in(c->words,
				 "Roll %s for %s and %s for %s: the line read is the first less the second."),
			  dice[0].data ? dice[0].data : "", t->rolls[0].id,
			  dice[1].data ? dice[1].data : "", t->rolls[1].id);
		sb_free(&dice[0]);
		sb_free(&dice[1]);
	} else if (t->dice != RTAB_NO_DICE) {
		strbuf dice = {0};
		const rtab_dice *dc = &rs->dice[t->dice];
		for (size_t k = 0; k < dc->ngroups; k++)
			sb_printf(&dice, "%s%ud%d", k ? " + " : "", dc->groups[k].count,
				  dc->groups[k].face_max - dc->groups[k].face_min + 1);
		sb_printf(&sb,
			  t->nmodifiers ? msg_in(c->words, "Roll %s and add the modifiers.")
					: msg_in(c->words, "Roll %s."),
			  dice.data ? dice.data : "");
		aid_proof_mark(c, u, &sb, dc->provisional);
		sb_free(&dice);
	} else {
		sb_puts(&sb, msg_in(c->words, "No roll: the total of the modifiers picks the line."));
	}
	aid_text_part(u, &sb);
	aid_results_grid(c, slot, t, u, codes);
	aid_code_legend(c, slot, t, &sb);
	aid_text_part(u, &sb);
	for (size_t i = 0; i < t->nnatural; i++) {
		const rtab_natural_rule *nr = &t->natural[i];
		strbuf faces = {0};
		for (size_t f = 0; f < nr->nfaces; f++)
			sb_printf(&faces, "%s%ld", f ? ", " : "", (long)nr->faces[f]);
		sb_printf(&sb, msg_in(c->words, "A natural %s: %s, whatever the modifiers."),
			  faces.data ? faces.data : "",
			  aid_outcome_text(c, slot, nr->outcome, false));
		aid_proof_mark(c, u, &sb, nr->provisional);
		sb_putc(&sb, '\n');
		sb_free(&faces);
	}
	for (size_t i = 0; i < t->nrewrites; i++) {
		const rtab_rewrite *rw = &t->rewrites[i];
		/* A rewrite that computes numbers is one line, as written: "Losses
		 * a/d may read as Losses min(a+1, 5)/d", not one per result. */
		bool first;
		const ast_stmt *src = numeric_rewrite_source(c->m, ti, i, &first);
		if (src && !first)
			continue;
		if (src) {
			strbuf from = {0}, to = {0};
			rewrite_side(&from, c, slot, src, false, rw->from);
			rewrite_side(&to, c, slot, src, true, rw->to);
			sb_printf(&sb, msg_in(c->words, "%s may read as %s"), from.data ? from.data : "",
				  to.data ? to.data : "");
			sb_free(&from);
			sb_free(&to);
		} else {
			sb_printf(&sb, msg_in(c->words, "%s may read as %s"),
				  aid_outcome_text(c, slot, rw->from, false),
				  aid_outcome_text(c, slot, rw->to, false));
		}
		strbuf when = {0};
		if (rw->condition.ninstrs && aid_expr_words(&when, c, slot, &rw->condition, -1))
			sb_printf(&sb, msg_in(c->words, " when %s"), when.data);
		else if (rw->condition.ninstrs) /* a condition the words do not cover: the rule says it */
			sb_puts(&sb, msg_in(c->words, " in the case its rule states"));
		sb_free(&when);
		if (rw->rule)
			sb_printf(&sb, msg_in(c->words, " (rule %s)"), rw->rule);
		sb_putc(&sb, '.');
		aid_proof_mark(c, u, &sb, rw->provisional);
		sb_putc(&sb, '\n');
	}
	for (size_t j = 0; j < t->ncolumns; j++) {
		const rtab_column *col = &t->columns[j];
		size_t first = 0;
		while (first < j && strcmp(t->columns[first].id, col->id) != 0)
			first++;
		if (!col->note || first < j || !*export_label(c, col->note, slot))
			continue;
		strbuf head = {0};
		aid_column_header(&head, c, slot, t, j);
		sb_printf(&sb, "%s: %s\n", head.data, export_label(c, col->note, slot));
		sb_free(&head);
	}
	aid_key_notes(c, slot, t, u, &sb, codes);
	aid_text_part(u, &sb);
	aid_result_effects(c, slot, t, u, &sb, codes);
	aid_text_lines(u, &sb);
	bool *groups = xcalloc(rs->ngroups ? rs->ngroups : 1, sizeof *groups);
	aid_modifier_grid(c, slot, t, t->modifiers, t->nmodifiers, u, msg_in(c->words, "Modifier"),
			  groups);
	aid_modifier_grid(c, slot, t, t->shifts, t->nshifts, u, msg_in(c->words, "Column shift"),
			  groups);
	aid_caps(c, slot, t, groups, &sb);
	aid_text_part(u, &sb);
	free(groups);
	sb_free(&sb);
	aid_proof_reasons(u);
}

static void matrix_unit(const export_ctx *c, size_t slot, size_t mi, aid_doc *d)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_matrix *m = &rs->matrices[mi];
	aid_unit *u =
		aid_unit_add(d, aid_word(c, slot, m->labels, msg_in(c->words, "Matrix")), m->rule);
	if (m->ndims < 2)
		return;
	/* The last key across, the others down (one line per combination). */
	const rtab_enum *across = &rs->enums[m->dims[m->ndims - 1]];
	size_t nrows = 1;
	for (size_t k = 0; k + 1 < m->ndims; k++)
		nrows *= rs->enums[m->dims[k]].nvalues;
	aid_part *p = aid_part_new(u, AID_GRID);
	grid_init(&p->g, across->nvalues + 1u);
	grid_cell(&p->g, "");
	for (size_t v = 0; v < across->nvalues; v++) {
		grid_cell(&p->g, aid_word(c, slot, across->values[v].labels, across->values[v].id));
		p->g.right[v + 1] = true;
	}
	strbuf sb = {0};
	for (size_t r = 0; r < nrows; r++) {
		size_t rest = r, div = nrows;
		for (size_t k = 0; k + 1 < m->ndims; k++) {
			const rtab_enum *e = &rs->enums[m->dims[k]];
			div /= e->nvalues;
			size_t v = rest / div;
			rest %= div;
			sb_printf(&sb, "%s%s", k ? ", " : "", aid_word(c, slot, e->values[v].labels, e->values[v].id));
		}
		grid_cell(&p->g, sb.data);
		sb_clear(&sb);
		for (size_t v = 0; v < across->nvalues; v++) {
			aid_put_signed(&sb, rtab_matrix_cell(m, r * across->nvalues + v));
			aid_proof_mark(c, u, &sb, rtab_matrix_reason(m, r * across->nvalues + v));
			grid_cell(&p->g, sb.data);
			sb_clear(&sb);
		}
	}
	sb_free(&sb);
	aid_proof_reasons(u);
}

static void odds_text(strbuf *sb, int32_t num, int32_t den)
{
	if (den && num % den == 0)
		sb_printf(sb, "%ld:1", (long)(num / den));
	else if (num && den % num == 0)
		sb_printf(sb, "1:%ld", (long)(den / num));
	else
		sb_printf(sb, "%ld:%ld", (long)num, (long)den);
}

static void band_unit(const export_ctx *c, size_t slot, size_t bi, aid_doc *d)
{
	const rtab_band *b = &c->rs->bands[bi];
	aid_unit *u = aid_unit_add(d, aid_word(c, slot, b->labels, b->id), b->rule);
	aid_part *p = aid_part_new(u, AID_GRID);
	strbuf sb = {0};
	grid_init(&p->g, 2);
	grid_cell(&p->g, msg_in(c->words, "Odds"));
	grid_cell(&p->g, msg_in(c->words, "Value"));
	for (size_t i = 0; i < b->nsteps; i++) {
		const rtab_band_step *st = &b->steps[i];
		if (st->num < st->den)
			sb_puts(&sb, AT_MOST);
		odds_text(&sb, st->num, st->den);
		if (st->num >= st->den)
			sb_putc(&sb, '+');
		grid_cell(&p->g, sb.data);
		sb_clear(&sb);
		aid_put_signed(&sb, st->value);
		aid_proof_mark(c, u, &sb, b->step_provisional ? b->step_provisional[i] : NULL);
		grid_cell(&p->g, sb.data);
		sb_clear(&sb);
	}
	grid_cell(&p->g, msg_in(c->words, "otherwise"));
	aid_put_signed(&sb, b->otherwise);
	aid_proof_mark(c, u, &sb, b->otherwise_provisional);
	grid_cell(&p->g, sb.data);
	sb_clear(&sb);
	switch (b->rounding) {
	case RTAB_ROUND_EVENS:
		sb_puts(&sb, msg_in(c->words, "Odds between two lines read towards 1:1."));
		break;
	case RTAB_ROUND_DOWN:
		sb_puts(&sb, msg_in(c->words,
				    "Odds between two lines read down, in the defender's favour."));
		break;
	case RTAB_ROUND_UP:
		sb_puts(&sb, msg_in(c->words,
				    "Odds between two lines read up, in the attacker's favour."));
		break;
	case RTAB_ROUND_NEAREST:
		sb_puts(&sb, msg_in(c->words, "Odds between two lines read as the nearest line."));
		break;
	default: break;
	}
	aid_proof_mark(c, u, &sb, b->provisional);
	aid_text_part(u, &sb);
	sb_free(&sb);
	aid_proof_reasons(u);
}

void aid_build(const export_ctx *all, size_t slot, aid_doc *d)
{
	const rtab_ruleset *rs = all->rs;
	memset(d, 0, sizeof *d);
	d->lang = rs->locales[all->locales[slot]];
	/* The fixed phrases in the aid's own language, whatever the environment
	 * or the other locale beside it asks: the units are built in a context
	 * that speaks it. */
	export_ctx own = *all;
	own.words = aid_doc_words(d);
	const export_ctx *c = &own;
	d->title = xstrdup(aid_word(c, slot, rs->title, rs->id));
	strbuf sb = {0};
	sb_printf(&sb, msg_in(c->words, "Edition: %s"),
		  !c->edition ? msg_in(c->words, "original")
			      : aid_word(c, slot, c->edition_labels, c->edition));
	if (c->edition_rule)
		sb_printf(&sb, " \xC2\xB7 %s", c->edition_rule);
	else if (rs->rule)
		sb_printf(&sb, " \xC2\xB7 %s", rs->rule);
	if (c->aid_proof) /* a proof is not the card: say so on every page */
		sb_printf(&sb, " \xC2\xB7 %s",
			  msg_in(c->words, "proof: provisional readings marked †"));
	d->stamp = xstrdup(sb.data);
	sb_free(&sb);
	for (size_t i = 0; i < rs->ntables; i++)
		table_unit(c, slot, i, d);
	for (size_t i = 0; i < rs->nmatrices; i++)
		matrix_unit(c, slot, i, d);
	for (size_t i = 0; i < rs->nbands; i++)
		band_unit(c, slot, i, d);
}

void aid_free(aid_doc *d)
{
	for (size_t i = 0; i < d->nunits; i++) {
		aid_unit *u = &d->units[i];
		for (size_t k = 0; k < u->nparts; k++) {
			free(u->parts[k].text);
			free(u->parts[k].span);
			free(u->parts[k].changed_rows);
			if (u->parts[k].kind == AID_GRID)
				grid_free(&u->parts[k].g);
		}
		free(u->parts);
		for (size_t k = 0; k < u->nreasons; k++)
			free(u->reasons[k]);
		free(u->reasons);
		free(u->heading);
		free(u->rule);
	}
	free(d->units);
	free(d->title);
	free(d->stamp);
	memset(d, 0, sizeof *d);
}

void aid_build_all(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES])
{
	for (size_t i = 0; i < c->nlocales; i++)
		aid_build(c, i, &docs[i]);
}

void aid_free_all(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES])
{
	for (size_t i = 0; i < c->nlocales; i++)
		aid_free(&docs[i]);
}

size_t aid_provisional_printed(const export_ctx *c)
{
	const rtab_ruleset *rs = c->rs;
	size_t n = 0;
	uint16_t *outs = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *outs);
	for (size_t ti = 0; ti < rs->ntables; ti++) {
		const rtab_table *t = &rs->tables[ti];
		n += t->dice != RTAB_NO_DICE && t->dice < rs->ndice && rs->dice[t->dice].provisional;
		for (size_t r = 0; r < t->nrows; r++)
			n += rtab_row_provisional(t, r) != NULL;
		for (size_t j = 0; j < t->ncolumns; j++)
			n += t->columns[j].kind != RTAB_COLUMN_ROLLED && t->columns[j].provisional;
		for (size_t i = 0; i < t->nnatural; i++)
			n += t->natural[i].provisional != NULL;
		for (size_t i = 0; i < t->nrewrites; i++)
			n += t->rewrites[i].provisional != NULL;
		for (size_t i = 0; i < t->nmodifiers; i++)
			n += aid_counts(t, &rs->modifiers[t->modifiers[i]]) && rs->modifiers[t->modifiers[i]].provisional;
		for (size_t i = 0; i < t->nshifts; i++)
			n += aid_counts(t, &rs->modifiers[t->shifts[i]]) && rs->modifiers[t->shifts[i]].provisional;
		/* What each result does: the triggers of every outcome the table gives. */
		size_t no = aid_table_outcomes(rs, t, outs);
		for (size_t i = 0; i < no; i++)
			for (size_t k = 0; k < rs->outcomes[outs[i]].ntriggers; k++)
				n += rs->outcomes[outs[i]].triggers[k].provisional != NULL;
	}
	free(outs);
	for (size_t mi = 0; mi < rs->nmatrices; mi++) {
		const rtab_matrix *m = &rs->matrices[mi];
		size_t cells = m->ndims ? 1 : 0;
		for (size_t k = 0; k < m->ndims; k++)
			cells *= rs->enums[m->dims[k]].nvalues;
		for (size_t i = 0; m->ndims >= 2 && i < cells; i++)
			n += rtab_matrix_reason(m, i) != NULL;
	}
	for (size_t bi = 0; bi < rs->nbands; bi++) {
		const rtab_band *b = &rs->bands[bi];
		n += (b->provisional != NULL) + (b->otherwise_provisional != NULL);
		for (size_t i = 0; b->step_provisional && i < b->nsteps; i++)
			n += b->step_provisional[i] != NULL;
	}
	return n;
}

void aid_emit_end(export_ctx *c)
{
	(void)c;
}
