/* SPDX-License-Identifier: MIT */
/*
 * The rulesets a long-running process keeps between its commands
 * (check/load.h: load_kept). A page runs rtab once for every change of a
 * control; three quarters of an odds of Musket & Pike is parsing and
 * checking its text again, which a kept load skips.
 */
#define _POSIX_C_SOURCE 200809L
#include "check/load.h"

#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A few: a page alternates between two rulesets (verify), or two locales. */
#define KEPT 4

typedef struct keeping {
	loaded l;
	char *edition, *variant; /* NULL: none given */
	diag_options opts;
	bool has_opts;
	char *printed; /* what the load printed, said again on each lending */
	size_t nprinted;
	unsigned long last_used;
} keeping;

static bool enabled;
static keeping kept[KEPT];
static unsigned long clock_of_use;

void load_keep_enable(bool on)
{
	enabled = on;
}

static bool same_string(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Field by field: the struct's padding is no part of the options. */
static bool same_options(const keeping *k, const diag_options *o)
{
	if (!o || !k->has_opts)
		return !o && !k->has_opts;
	const diag_options *m = &k->opts;
	return memcmp(m->level, o->level, sizeof m->level) == 0 && m->werror == o->werror && m->json == o->json &&
	       m->list_provisional == o->list_provisional && m->strict == o->strict &&
	       m->errors_only == o->errors_only && m->max_work == o->max_work;
}

static void forget(keeping *k)
{
	loaded_free(&k->l);
	free(k->edition);
	free(k->variant);
	free(k->printed);
	memset(k, 0, sizeof *k);
}

/* The diagnostics of a lent load: the keeper's, copied, writing to out
 * (the set of messages printed is the verb's to add to); what the load
 * printed said again when say. */
static void lend(loaded *l, const keeping *k, FILE *out, const diag_options *opts, bool say)
{
	*l = k->l;
	l->lent = true;
	const diag_ctx *d = &k->l.diag;
	l->diag.out = out;
	l->diag.opts = opts;
	l->diag.line_starts = NULL;
	l->diag.nlines = 0;
	l->diag.seen = d->seen_cap ? xcalloc(d->seen_cap, sizeof *l->diag.seen) : NULL;
	for (size_t i = 0; i < d->seen_cap; i++)
		l->diag.seen[i] = d->seen[i] ? xstrdup(d->seen[i]) : NULL;
	l->diag.unlisted = NULL;
	l->diag.cap_unlisted = 0;
	if (d->nunlisted) {
		l->diag.unlisted = xcalloc(d->nunlisted, sizeof *l->diag.unlisted);
		memcpy(l->diag.unlisted, d->unlisted, d->nunlisted * sizeof *d->unlisted);
		l->diag.cap_unlisted = d->nunlisted;
	}
	l->model.diag = &l->diag;
	if (say && k->nprinted)
		fwrite(k->printed, 1, k->nprinted, out);
}

bool load_kept(loaded *l, const char *path, const char *edition, const char *variant, FILE *out,
	       const diag_options *opts)
{
	if (!enabled)
		return load_file_edition(l, path, edition, out, opts);
	char *text;
	size_t len;
	diag_ctx d;
	diag_init(&d, path, NULL, 0, out);
	d.opts = opts;
	if (!load_read_all(path, &text, &len, &d)) {
		memset(l, 0, sizeof *l);
		return false;
	}
	keeping *free_slot = &kept[0];
	for (size_t i = 0; i < KEPT; i++) {
		keeping *k = &kept[i];
		if (k->l.text && k->l.len == len && strcmp(k->l.path, path) == 0 &&
		    memcmp(k->l.text, text, len) == 0 && same_string(k->edition, edition) &&
		    same_string(k->variant, variant) && same_options(k, opts)) {
			free(text);
			k->last_used = ++clock_of_use;
			lend(l, k, out, opts, true);
			return true;
		}
		if (k->last_used < free_slot->last_used)
			free_slot = k;
	}
	/* Loaded once, what it prints caught to be said again. */
	char *printed = NULL;
	size_t nprinted = 0;
	FILE *caught = open_memstream(&printed, &nprinted);
	if (!caught)
		return load_text_edition(l, path, text, len, edition, out, opts);
	bool ok = load_text_edition(l, path, text, len, edition, caught, opts);
	fclose(caught);
	l->diag.out = out;
	if (nprinted)
		fwrite(printed, 1, nprinted, out);
	if (!ok) {
		free(printed);
		return false;
	}
	keeping *k = free_slot;
	forget(k);
	k->l = *l;
	k->l.diag.out = NULL;
	k->l.model.diag = &k->l.diag;
	k->edition = edition ? xstrdup(edition) : NULL;
	k->variant = variant ? xstrdup(variant) : NULL;
	k->has_opts = opts != NULL;
	if (opts)
		k->opts = *opts;
	k->printed = printed;
	k->nprinted = nprinted;
	k->last_used = ++clock_of_use;
	lend(l, k, out, opts, false);
	return true;
}
