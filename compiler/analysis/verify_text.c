/* SPDX-License-Identifier: MIT */
/* rtab verify's findings as text and as JSON (see verify.h). */
#include "analysis/verify.h"

#include "base/json.h"
#include "base/msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *verify_severity(const verify_finding *f)
{
	return f->warning ? "warning" : f->undecided ? "undecided" : "error";
}

/* "2 errors, 1 warning" in the chosen language. */
const char *verify_tally(const verify *v)
{
	static char text[240];
	if (v->undecided) { /* rare: its own count between the two */
		char errors[64], undecided[64], warnings[64];
		snprintf(errors, sizeof errors, v->errors == 1 ? msg("%d error") : msg("%d errors"), v->errors);
		snprintf(undecided, sizeof undecided, msg("%d undecided"), v->undecided);
		snprintf(warnings, sizeof warnings, v->warnings == 1 ? msg("%d warning") : msg("%d warnings"),
			 v->warnings);
		snprintf(text, sizeof text, "%s, %s, %s", errors, undecided, warnings);
		return text;
	}
	snprintf(text, sizeof text,
		 v->errors == 1 ? v->warnings == 1 ? msg("%d error, %d warning") : msg("%d error, %d warnings")
		 : v->warnings == 1 ? msg("%d errors, %d warning")
				    : msg("%d errors, %d warnings"),
		 v->errors, v->warnings);
	return text;
}

static void put_loc(strbuf *sb, const verify_side *s, src_loc loc)
{
	sb_printf(sb, "%s:%d:%d", s->l.path, loc.line, loc.col);
}

/* A side's value of a difference and where it stands; a side that lacks
 * it, where it would stand (its definition, at def). */
static void text_value(strbuf *sb, bool original, const verify_side *s, const facet *f, src_loc def)
{
	if (!f) {
		sb_puts(sb, original ? msg("original: none") : msg("translation: none"));
		if (def.line) {
			sb_puts(sb, " (");
			put_loc(sb, s, def);
			sb_printf(sb, ", %s)", msg("in its definition"));
		}
		return;
	}
	strbuf at = {0};
	sb_printf(&at, "\"%s\" (", f->value);
	put_loc(&at, s, f->loc);
	sb_putc(&at, ')');
	sb_printf(sb, original ? msg("original %s") : msg("translation %s"), at.data);
	sb_free(&at);
}

/* The length of the element a key names ("option 'rout'" of "option 'rout'
 * leads"), or 0 when it names none. */
static size_t element_len(const char *key)
{
	const char *open = strstr(key, " '");
	const char *close = open ? strchr(open + 2, '\'') : NULL;
	/* "row 'x', column 'c'" names a cell, not an element of its own. */
	return open && open == strchr(key, ' ') && close && (!close[1] || close[1] == ' ') ? (size_t)(close - key + 1)
											   : 0;
}

/* How many changes from k on are of one element that only one side has. */
static size_t one_sided_run(const diff_def *d, size_t k)
{
	const diff_change *c = &d->changes[k];
	size_t len = element_len(diff_key(c)), n = 0;
	if (!len)
		return 0;
	for (size_t j = k; j < d->n; j++, n++) {
		const diff_change *e = &d->changes[j];
		if (strncmp(diff_key(e), diff_key(c), len) != 0 || !!e->old != !!c->old || !!e->new != !!c->new ||
		    element_len(diff_key(e)) != len)
			break;
	}
	return n;
}

/* The definition a proof is about, by the translation's name when it has one. */
static const facet_def *proof_def(const diff_proof *p)
{
	return p->new_def ? p->new_def : p->old_def;
}

/* How a proof reads: of one facet, or of a whole definition. */
static char *proof_message(const diff_proof *p)
{
	char *name = verify_def_name(proof_def(p));
	if (p->left_aside) {
		char *m = p->old ? xasprintf(msg("%s, %s: \"%s\" left aside (%s)"), name, p->old->key, p->old->value, p->how)
				 : xasprintf(msg("%s, in the original only: left aside (%s)"), name, p->how);
		free(name);
		return m;
	}
	char *m = p->old ? xasprintf(msg("%s, %s: \"%s\" means the original's \"%s\" (%s)"), name, p->old->key,
				     p->new->value, p->old->value, p->how)
		  : xasprintf(msg("%s%s means the same (%s)"), name,
			      !p->old_def ? msg(", in the translation only,") : !p->new_def ? msg(", in the original only,") : "",
			      p->how);
	free(name);
	return m;
}

static void proof_text(strbuf *sb, const verify *v, const diff_proof *p)
{
	if (p->new)
		put_loc(sb, &v->t, p->new->loc);
	else if (p->old && !p->new_def) /* left aside: where the original gives it */
		put_loc(sb, &v->o, p->old->loc);
	else
		put_loc(sb, p->new_def ? &v->t : &v->o, proof_def(p)->loc);
	char *m = proof_message(p);
	sb_printf(sb, ": note: %s\n", m);
	free(m);
}

/* One finding in full: its message, where on both sides, and each
 * difference with both values, both places and what differs. */
void verify_finding_text(strbuf *sb, const verify *v, size_t i)
{
	const verify_finding *f = &v->f[i];
	const verify_side *at = f->tloc.line ? &v->t : &v->o;
	put_loc(sb, at, f->tloc.line ? f->tloc : f->oloc);
	sb_printf(sb, ": %s: %s\n", verify_severity(f), f->message);
	if (f->tloc.line && f->oloc.line) {
		put_loc(sb, &v->o, f->oloc);
		sb_printf(sb, ": note: %s\n", msg("in the original"));
	}
	for (size_t k = 0; f->diff && k < f->diff->n; k++) {
		const diff_change *c = &f->diff->changes[k];
		size_t run = one_sided_run(f->diff, k);
		if (run > 1) { /* an element on one side only: once, as the element */
			size_t len = element_len(diff_key(c));
			sb_printf(sb, "  %.*s: %s (", (int)len, diff_key(c),
				  c->old ? msg("in the original only") : msg("in the translation only"));
			put_loc(sb, c->old ? &v->o : &v->t, c->old ? c->old->loc : c->new->loc);
			sb_puts(sb, ")\n");
			k += run - 1;
			continue;
		}
		sb_printf(sb, "  %s: ", diff_key(c));
		text_value(sb, true, &v->o, c->old, f->oloc);
		sb_puts(sb, ", ");
		text_value(sb, false, &v->t, c->new, f->tloc);
		sb_putc(sb, '\n');
		if (c->detail && !f->diff->totals) /* the totals say it for the table */
			sb_printf(sb, "    %s\n", c->detail);
	}
	if (f->diff && f->diff->totals)
		sb_printf(sb, "  %s\n", f->diff->totals);
}

void verify_render_text(strbuf *sb, const verify *v)
{
	for (size_t i = 0; i < v->n; i++)
		verify_finding_text(sb, v, i);
	/* What is written differently but means the same, and how that was proved. */
	for (size_t i = 0; i < v->r.nproofs; i++)
		proof_text(sb, v, &v->r.proofs[i]);
	sb_printf(sb, "%s\n", verify_tally(v));
}

/* ---- json ---- */

static void json_loc(json_writer *w, const char *key, const verify_side *s, src_loc loc)
{
	json_key(w, key);
	if (!loc.line) {
		json_put_null(w);
		return;
	}
	json_begin_object(w);
	json_member_string(w, "file", s->l.path);
	json_member_int(w, "line", loc.line);
	json_member_int(w, "column", loc.col);
	json_end_object(w);
}

static void json_finding(json_writer *w, const verify *v, const verify_finding *f)
{
	json_begin_object(w);
	json_member_string(w, "severity", verify_severity(f));
	json_member_string(w, "kind", f->kind < DEF_KIND_COUNT_ ? facet_kind_word(f->kind) : "errata");
	json_member_string(w, "id", f->id);
	json_member_string(w, "message", f->message);
	json_loc(w, "original_location", &v->o, f->oloc);
	json_loc(w, "translation_location", &v->t, f->tloc);
	if (f->diff) {
		json_key(w, "differences");
		json_begin_array(w);
		for (size_t k = 0; k < f->diff->n; k++) {
			const diff_change *c = &f->diff->changes[k];
			json_line_break(w, "\n    ");
			json_begin_object(w);
			json_member_string(w, "what", diff_key(c));
			json_member_string(w, "original", c->old ? c->old->value : NULL);
			json_member_string(w, "translation", c->new ? c->new->value : NULL);
			json_loc(w, "original_location", &v->o, c->old ? c->old->loc : (src_loc){0, 0});
			json_loc(w, "translation_location", &v->t, c->new ? c->new->loc : (src_loc){0, 0});
			if (c->detail)
				json_member_string(w, "detail", c->detail);
			if (c->undecided)
				json_member_bool(w, "undecided", true);
			json_end_object(w);
		}
		json_end_array(w);
		if (f->diff->totals)
			json_member_string(w, "totals", f->diff->totals);
	}
	json_end_object(w);
}

void verify_render_json(strbuf *sb, const verify *v)
{
	json_writer w = json_writer_on(sb, false);
	json_begin_object(&w);
	json_member_string(&w, "original", v->o.l.path);
	json_member_string(&w, "translation", v->pair ? v->t.l.path : NULL);
	if (v->pair) {
		json_member_string(&w, "original_locale", v->o.l.model.rs.locales[v->olocale]);
		json_member_string(&w, "locale", v->t.l.model.rs.locales[v->tlocale]);
	}
	json_line_break(&w, "\n ");
	json_member_int(&w, "errors", v->errors);
	json_member_int(&w, "undecided", v->undecided);
	json_member_int(&w, "warnings", v->warnings);
	json_line_break(&w, "\n ");
	json_key(&w, "findings");
	json_begin_array(&w);
	for (size_t i = 0; i < v->n; i++) {
		json_line_break(&w, "\n  ");
		json_finding(&w, v, &v->f[i]);
	}
	json_end_array(&w);
	json_line_break(&w, "\n ");
	json_key(&w, "equal_in_meaning");
	json_begin_array(&w);
	for (size_t i = 0; i < v->r.nproofs; i++) {
		const diff_proof *p = &v->r.proofs[i];
		json_line_break(&w, "\n  ");
		json_begin_object(&w);
		json_member_string(&w, "kind", facet_kind_word(proof_def(p)->kind));
		json_member_string(&w, "id", proof_def(p)->id);
		json_member_string(&w, "what", p->old ? p->old->key : NULL);
		json_member_string(&w, "original", p->old ? p->old->value : NULL);
		json_member_string(&w, "translation", p->new ? p->new->value : NULL);
		json_member_string(&w, "proved", p->how);
		if (p->left_aside)
			json_member_bool(&w, "left_aside", true);
		json_loc(&w, "original_location", &v->o, p->old ? p->old->loc : p->old_def ? p->old_def->loc : (src_loc){0, 0});
		json_loc(&w, "translation_location", &v->t,
			 p->new ? p->new->loc : p->new_def ? p->new_def->loc : (src_loc){0, 0});
		json_end_object(&w);
	}
	json_end_array(&w);
	json_end_object(&w);
	sb_putc(sb, '\n');
}
