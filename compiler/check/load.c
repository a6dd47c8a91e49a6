/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "check/load.h"

#include "check/checks.h"
#include "check/editions/edition.h"
#include "check/sema.h"
#include "front/parse_ctx.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SOURCE (64u << 20)

static const src_loc nowhere = {0, 0}; /* a message about the whole file */

/*
 * Open a source for reading, refusing what is not a regular file: a FIFO
 * or a device would block or never end. The open itself does not block.
 */
FILE *open_regular(const char *path, diag_ctx *d)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	FILE *f;

	if (fd < 0) {
		diag_report(d, SEV_ERROR, NULL, nowhere, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0) {
		diag_report(d, SEV_ERROR, NULL, nowhere, "cannot read: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_report(d, SEV_ERROR, NULL, nowhere, "not a regular file (%s); give a .rtab file", S_ISDIR(st.st_mode)   ? "a directory"
			: S_ISFIFO(st.st_mode) ? "a pipe"
			: S_ISSOCK(st.st_mode) ? "a socket"
					       : "a device");
		close(fd);
		return NULL;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	f = fdopen(fd, "rb");
	if (!f) {
		diag_report(d, SEV_ERROR, NULL, nowhere, "cannot open: %s", strerror(errno));
		close(fd);
	}
	return f;
}

bool load_read_all(const char *path, char **text, size_t *len, diag_ctx *d)
{
	FILE *f = open_regular(path, d);
	strbuf sb = {0};
	char chunk[65536];
	size_t n;

	if (!f)
		return false;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (sb.len + n > MAX_SOURCE) {
			diag_report(d, SEV_ERROR, NULL, nowhere, "the file is larger than %u MiB", MAX_SOURCE >> 20);
			fclose(f);
			sb_free(&sb);
			return false;
		}
		sb_put(&sb, chunk, n);
	}
	if (ferror(f)) {
		diag_report(d, SEV_ERROR, NULL, nowhere, "cannot read: %s", strerror(errno));
		fclose(f);
		sb_free(&sb);
		return false;
	}
	fclose(f);
	*len = sb.len;
	*text = sb.data ? sb.data : xstrdup("");
	return true;
}

bool load_file(loaded *l, const char *path, FILE *out, const diag_options *opts)
{
	return load_file_edition(l, path, NULL, out, opts);
}

bool load_file_edition(loaded *l, const char *path, const char *edition, FILE *out,
		       const diag_options *opts)
{
	char *text;
	size_t len;

	diag_ctx d;
	diag_init(&d, path, NULL, 0, out);
	d.opts = opts;
	if (!load_read_all(path, &text, &len, &d)) {
		memset(l, 0, sizeof *l);
		return false;
	}
	return load_text_edition(l, path, text, len, edition, out, opts);
}

static bool load_text_parts(loaded *l, const char *name, char *text, size_t len, const char *edition,
			    FILE *out, const diag_options *opts, diag_part *parts, size_t nparts);

bool load_files_joined(loaded *l, const char *const *paths, size_t n, const char *edition, FILE *out,
		       const diag_options *opts)
{
	strbuf joined = {0};
	diag_part *parts = n > 1 ? xcalloc(n - 1, sizeof *parts) : NULL;
	int line = 1;
	for (size_t i = 0; i < n; i++) {
		char *text;
		size_t len;
		diag_ctx d;
		diag_init(&d, paths[i], NULL, 0, out);
		d.opts = opts;
		if (!load_read_all(paths[i], &text, &len, &d)) {
			for (size_t k = 0; k + 1 < i; k++)
				free((char *)parts[k].path);
			free(parts);
			sb_free(&joined);
			memset(l, 0, sizeof *l);
			return false;
		}
		/* A layer's own byte-order mark is not text of the ruleset. */
		size_t bom = i > 0 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
		if (i > 0)
			parts[i - 1] = (diag_part){xstrdup(paths[i]), line};
		sb_put(&joined, text + bom, len - bom);
		if (i + 1 < n && (len == bom || text[len - 1] != '\n'))
			sb_putc(&joined, '\n');
		for (size_t k = bom; k < len; k++)
			line += text[k] == '\n';
		if (i + 1 < n && (len == bom || text[len - 1] != '\n'))
			line++;
		free(text);
	}
	char *text = joined.data ? joined.data : xstrdup("");
	return load_text_parts(l, paths[0], text, joined.len, edition, out, opts, parts, n > 1 ? n - 1 : 0);
}

bool load_text_edition(loaded *l, const char *name, char *text, size_t len, const char *edition,
		       FILE *out, const diag_options *opts)
{
	return load_text_parts(l, name, text, len, edition, out, opts, NULL, 0);
}

bool load_text(loaded *l, const char *name, char *text, size_t len, FILE *out,
	       const diag_options *opts)
{
	return load_text_edition(l, name, text, len, NULL, out, opts);
}

/* Build every edition, in order, keeping the model of the one asked for. */
static bool build_editions(loaded *l)
{
	long n = (long)edition_count(l->errata);
	bool ok = l->diag.errors == 0;

	/* What is used is counted on the edition compiled: an outcome only a
	 * layer's corrected table gives is no dead definition of the original. */
	const diag_options *opts = l->diag.opts;
	diag_options other = {0};
	if (opts)
		other = *opts;
	other.level[CHECK_UNUSED] = LEVEL_OFF;
	l->diag.dedupe = true;
	for (long k = 0; k <= n; k++) {
		l->diag.opts = k == l->nlayers ? opts : &other;
		ast_def *defs = edition_defs(l->defs, l->errata, (size_t)k);
		strbuf context = {0};
		if (k > 0) {
			const ast_errata *layer = edition_layer(l->errata, (size_t)(k - 1));
			sb_printf(&context, "in edition '%s': the main body with the errata layers up to '%s'",
				  layer->id, layer->id);
			l->diag.context = context.data;
			l->diag.context_loc = layer->id_loc;
		}
		int before = l->diag.errors;
		model m;
		l->diag.errors = 0;
		ok &= model_build(&m, defs, &l->diag);
		l->diag.errors += before;
		diag_flush(&l->diag);
		l->diag.context = NULL;
		l->diag.opts = opts;
		if (k == l->nlayers) {
			l->model = m;
			l->edition = defs;
			l->context = context;
		} else {
			model_free(&m);
			edition_free(defs);
			sb_free(&context);
		}
	}
	l->built = true;
	return ok && l->diag.errors == 0;
}

/* load_text_edition of a text joined from files: parts (nparts, l's to
 * free) say where each file after the first begins. */
static bool load_text_parts(loaded *l, const char *name, char *text, size_t len, const char *edition,
			    FILE *out, const diag_options *opts, diag_part *parts, size_t nparts)
{
	struct parse_ctx pc = {0};

	memset(l, 0, sizeof *l);
	l->path = xstrdup(name);
	l->text = text;
	l->len = len;
	l->parts = parts;
	l->nparts = nparts;
	/* A UTF-8 byte-order mark at the very start is allowed, and skipped. */
	size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	text += bom;
	len -= bom;
	diag_init(&l->diag, l->path, text, len, out);
	l->diag.parts = parts;
	l->diag.nparts = nparts;
	l->diag.opts = opts;
	/* A 'like' variant is lowered from its base's statements: an error in
	 * them (the same message, the same place) is the base's, printed once. */
	l->diag.dedupe = true;
	pc.diag = &l->diag;
	if (len == 0) {
		src_loc top = {1, 1};
		diag_report(&l->diag, SEV_ERROR, NULL, top,
			    "the file is empty; begin it with: ruleset ID { locales en; }");
		return false;
	}
	rtab_parse(text, len, &pc);
	l->defs = pc.defs;
	l->errata = pc.errata;
	l->discarded = pc.discarded;
	l->ndiscarded = pc.ndiscarded;
	l->nlayers = edition_layers(l->errata, edition);
	if (l->nlayers < 0) {
		strbuf names = {0};
		for (const ast_errata *e = l->errata; e; e = e->next)
			sb_printf(&names, ", %s", e->id);
		diag_report(&l->diag, SEV_ERROR, NULL, (src_loc){0, 0},
			    "no errata layer '%s'; the editions are: %s%s", edition, EDITION_ORIGINAL,
			    names.data ? names.data : "");
		sb_free(&names);
		return false;
	}
	if (l->diag.errors) {
		/* Resolve what parsed, so one run reports syntax and semantic errors alike. */
		l->edition = edition_defs(l->defs, l->errata, (size_t)l->nlayers);
		model_build_recovered(&l->model, l->errata ? l->edition : l->defs, &l->diag,
				      l->discarded, l->ndiscarded);
		l->built = true;
		return false;
	}
	if (l->errata) {
		edition_check(l->defs, l->errata, &l->diag);
		return build_editions(l);
	}
	l->built = true;
	return model_build(&l->model, l->defs, &l->diag);
}

void loaded_free(loaded *l)
{
	if (l->lent) {
		diag_free(&l->diag);
		memset(l, 0, sizeof *l);
		return;
	}
	if (l->built)
		model_free(&l->model);
	edition_free(l->edition);
	sb_free(&l->context);
	ast_defs_free(l->defs);
	ast_errata_free(l->errata);
	for (size_t i = 0; i < l->ndiscarded; i++)
		free(l->discarded[i]);
	free(l->discarded);
	diag_free(&l->diag);
	for (size_t i = 0; i < l->nparts; i++)
		free((char *)l->parts[i].path);
	free(l->parts);
	free(l->text);
	free(l->path);
	memset(l, 0, sizeof *l);
}
