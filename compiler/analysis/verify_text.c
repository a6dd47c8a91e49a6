/* SPDX-License-Identifier: MIT */
/* rtab verify's findings as text and as JSON (see verify.h). */
#include "analysis/verify.h"

#include "base/json.h"
#include "base/msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "2 errors, 1 warning" in the chosen language. */
const char *verify_tally(const verify *v)
{
	static char text[160];
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

static void text_value(strbuf *sb, bool original, const verify_side *s, const facet *f)
{
	if (!f) {
		sb_puts(sb, original ? msg("original: none") : msg("translation: none"));
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
	else
		put_loc(sb, p->new_def ? &v->t : &v->o, proof_def(p)->loc);
	char *m = proof_message(p);
	sb_printf(sb, ": note: %s\n", m);
	free(m);
}

void verify_render_text(strbuf *sb, const verify *v)
{
	for (size_t i = 0; i < v->n; i++) {
		const verify_finding *f = &v->f[i];
		const verify_side *at = f->tloc.line ? &v->t : &v->o;
		put_loc(sb, at, f->tloc.line ? f->tloc : f->oloc);
		sb_printf(sb, ": %s: %s\n", f->warning ? "warning" : "error", f->message);
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
			text_value(sb, true, &v->o, c->old);
			sb_puts(sb, ", ");
			text_value(sb, false, &v->t, c->new);
			sb_putc(sb, '\n');
			if (c->detail && !f->diff->totals) /* the totals say it for the table */
				sb_printf(sb, "    %s\n", c->detail);
		}
		if (f->diff && f->diff->totals)
			sb_printf(sb, "  %s\n", f->diff->totals);
	}
	/* What is written differently but means the same, and how that was proved. */
	for (size_t i = 0; i < v->r.nproofs; i++)
		proof_text(sb, v, &v->r.proofs[i]);
	sb_printf(sb, "%s\n", verify_tally(v));
}

/* ---- json ---- */

static void json_loc(strbuf *sb, const verify_side *s, src_loc loc)
{
	if (!loc.line) {
		sb_puts(sb, "null");
		return;
	}
	sb_putc(sb, '{');
	json_file_line(sb, s->l.path, loc.line, loc.col);
	sb_putc(sb, '}');
}

void verify_render_json(strbuf *sb, const verify *v)
{
	sb_puts(sb, "{\"original\": ");
	json_string(sb, v->o.l.path);
	sb_puts(sb, ", \"translation\": ");
	json_string(sb, v->pair ? v->t.l.path : NULL);
	if (v->pair) {
		sb_puts(sb, ", \"original_locale\": ");
		json_string(sb, v->o.l.model.rs.locales[v->olocale]);
		sb_puts(sb, ", \"locale\": ");
		json_string(sb, v->t.l.model.rs.locales[v->tlocale]);
	}
	sb_printf(sb, ",\n \"errors\": %d, \"warnings\": %d,\n \"findings\": [", v->errors, v->warnings);
	for (size_t i = 0; i < v->n; i++) {
		const verify_finding *f = &v->f[i];
		sb_printf(sb, "%s\n  {\"severity\": \"%s\", \"kind\": ", i ? "," : "", f->warning ? "warning" : "error");
		json_string(sb, f->kind < DEF_KIND_COUNT_ ? facet_kind_word(f->kind) : "errata");
		sb_puts(sb, ", \"id\": ");
		json_string(sb, f->id);
		sb_puts(sb, ", \"message\": ");
		json_string(sb, f->message);
		sb_puts(sb, ", \"original_location\": ");
		json_loc(sb, &v->o, f->oloc);
		sb_puts(sb, ", \"translation_location\": ");
		json_loc(sb, &v->t, f->tloc);
		if (f->diff) {
			sb_puts(sb, ", \"differences\": [");
			for (size_t k = 0; k < f->diff->n; k++) {
				const diff_change *c = &f->diff->changes[k];
				sb_puts(sb, k ? ",\n    {\"what\": " : "\n    {\"what\": ");
				json_string(sb, diff_key(c));
				sb_puts(sb, ", \"original\": ");
				json_string(sb, c->old ? c->old->value : NULL);
				sb_puts(sb, ", \"translation\": ");
				json_string(sb, c->new ? c->new->value : NULL);
				sb_puts(sb, ", \"original_location\": ");
				json_loc(sb, &v->o, c->old ? c->old->loc : (src_loc){0, 0});
				sb_puts(sb, ", \"translation_location\": ");
				json_loc(sb, &v->t, c->new ? c->new->loc : (src_loc){0, 0});
				if (c->detail) {
					sb_puts(sb, ", \"detail\": ");
					json_string(sb, c->detail);
				}
				sb_putc(sb, '}');
			}
			sb_putc(sb, ']');
			if (f->diff->totals) {
				sb_puts(sb, ", \"totals\": ");
				json_string(sb, f->diff->totals);
			}
		}
		sb_putc(sb, '}');
	}
	sb_puts(sb, "],\n \"equal_in_meaning\": [");
	for (size_t i = 0; i < v->r.nproofs; i++) {
		const diff_proof *p = &v->r.proofs[i];
		sb_printf(sb, "%s\n  {\"kind\": ", i ? "," : "");
		json_string(sb, facet_kind_word(proof_def(p)->kind));
		sb_puts(sb, ", \"id\": ");
		json_string(sb, proof_def(p)->id);
		sb_puts(sb, ", \"what\": ");
		json_string(sb, p->old ? p->old->key : NULL);
		sb_puts(sb, ", \"original\": ");
		json_string(sb, p->old ? p->old->value : NULL);
		sb_puts(sb, ", \"translation\": ");
		json_string(sb, p->new ? p->new->value : NULL);
		sb_puts(sb, ", \"proved\": ");
		json_string(sb, p->how);
		sb_puts(sb, ", \"original_location\": ");
		json_loc(sb, &v->o, p->old ? p->old->loc : p->old_def ? p->old_def->loc : (src_loc){0, 0});
		sb_puts(sb, ", \"translation_location\": ");
		json_loc(sb, &v->t, p->new ? p->new->loc : p->new_def ? p->new_def->loc : (src_loc){0, 0});
		sb_putc(sb, '}');
	}
	sb_puts(sb, "]}\n");
}
