/* SPDX-License-Identifier: MIT */
/* The names the generated C of a model declares outside its file. */
#include "check/names/c_names.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int cmp_c_names(const void *a, const void *b)
{
	const c_name *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	if (c)
		return c;
	if (x->file != y->file)
		return x->file - y->file;
	return x->loc.line != y->loc.line ? x->loc.line - y->loc.line : x->loc.col - y->loc.col;
}

typedef struct c_names {
	c_name *v;
	size_t n, cap;
} c_names;

/* Add PREFIX + [_ KIND] + _ + ID, in upper case when upcase. */
static void add_c_name(c_names *cn, bool upcase, const char *prefix, const char *kind,
		       const char *id, const char *what, src_loc loc)
{
	strbuf sb = {0};
	sb_printf(&sb, "%s%s%s_", prefix, kind ? "_" : "", kind ? kind : "");
	for (const char *c = id; *c; c++) /* as the emitter spells a list item's field */
		if (*c == '[' || *c == '.')
			sb_putc(&sb, '_');
		else if (*c != ']')
			sb_putc(&sb, *c);
	for (char *p = sb.data; upcase && *p; p++)
		*p = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
	if (cn->n == cn->cap) {
		cn->cap = cn->cap ? cn->cap * 2 : 64;
		cn->v = xrealloc(cn->v, cn->cap * sizeof *cn->v);
	}
	cn->v[cn->n++] = (c_name){sb.data, what, loc, 0};
}

size_t c_names_collect(const model *m, c_name **out)
{
	static const struct {
		def_kind kind;
		const char *word, *index;
	} kinds[] = {
		{DEF_TABLE, "table", "the index of tables"},
		{DEF_INPUT, "input", "the index of inputs"},
		{DEF_OUTCOME, "outcome", "the index of outcomes"},
		{DEF_EFFECT, "effect", "the index of effects"},
		{DEF_MODIFIER, "modifier", "the index of modifiers"},
		{DEF_REACTIONS, "reactions", "the index of reaction sets"},
		{DEF_TRANSITION, "transition", "the index of transitions"},
		{DEF_DISTANCE, "distance", "the index of distances"},
		{DEF_PROCEDURE, "procedure", "the index of procedures"},
	};
	static const char *const fixed[] = {"ruleset", "situation", "situation_init", "situation_set",
					    "resolve", "explain"};
	c_names cn = {0};
	const char *rs = m->rs.id;
	src_loc at = m->ruleset_def ? m->ruleset_def->id_loc : (src_loc){0, 0};
	strbuf tag = {0};

	/* The header guard, the external symbols and the tags of the header. */
	add_c_name(&cn, true, "RTAB_GENERATED", NULL, rs, rs, at);
	cn.v[cn.n - 1].name = xrealloc(cn.v[cn.n - 1].name, strlen(cn.v[cn.n - 1].name) + 3);
	strcat(cn.v[cn.n - 1].name, "_H");
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		add_c_name(&cn, false, rs, NULL, fixed[i], rs, at);
	sb_printf(&tag, "enum %s", rs); /* enum and struct tags share one name space */
	add_c_name(&cn, false, tag.data, NULL, "situation", "the struct of the native resolvers", at);
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		if (m->ndefs[kinds[k].kind])
			add_c_name(&cn, false, tag.data, NULL, kinds[k].word, kinds[k].index, at);
		for (size_t i = 0; i < m->ndefs[kinds[k].kind]; i++)
			add_c_name(&cn, true, rs, kinds[k].word, m->defs[kinds[k].kind][i]->id,
				   m->defs[kinds[k].kind][i]->id, m->defs[kinds[k].kind][i]->id_loc);
	}
	for (size_t i = 0; i < m->ndefs[DEF_TABLE]; i++) {
		const ast_def *d = m->defs[DEF_TABLE][i];
		add_c_name(&cn, false, rs, "resolve", d->id, d->id, d->id_loc);
		add_c_name(&cn, false, rs, "explain", d->id, d->id, d->id_loc);
	}
	for (size_t i = 0; i < m->ndefs[DEF_ENUM]; i++) {
		const ast_def *d = m->defs[DEF_ENUM][i];
		add_c_name(&cn, false, tag.data, NULL, d->id, d->id, d->id_loc);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind == ST_VALUE)
				add_c_name(&cn, true, rs, d->id, s->name, s->name, s->name_loc);
	}
	sb_free(&tag);
	*out = cn.v;
	return cn.n;
}

void c_names_sort(c_name *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_c_names);
}

void c_names_free(c_name *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

bool c_name_is_runtimes(const char *cname)
{
	return strcasecmp(cname, "rtab") == 0 || strncasecmp(cname, "rtab_", 5) == 0;
}
