/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700
#include "lsp/linked.h"

#include "front/layer_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A base read from disk is refused past this size, as the compiler refuses a source. */
#define MAX_BASE (64u << 20)
/* How many entries of a base's directory are looked at for layers naming it,
 * and how much of each file: the comment that names the base comes first. */
#define MAX_DIR_ENTRIES 4096
#define LAYER_HEAD 4096

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

char *lsp_uri_path(const char *uri)
{
	const char *p = strncmp(uri, "file://", 7) == 0 ? uri + 7 : uri;
	strbuf sb = {0};
	for (; *p; p++) {
		if (*p == '%' && hex_digit(p[1]) >= 0 && hex_digit(p[2]) >= 0) {
			sb_putc(&sb, (char)(hex_digit(p[1]) * 16 + hex_digit(p[2])));
			p += 2;
		} else {
			sb_putc(&sb, *p);
		}
	}
	return sb.data ? sb.data : xstrdup("");
}

/* The file: URI of an absolute path, its reserved bytes escaped. */
static char *path_uri(const char *path)
{
	strbuf sb = {0};
	sb_puts(&sb, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-._~", *p))
			sb_putc(&sb, (char)*p);
		else
			sb_printf(&sb, "%%%02X", *p);
	}
	return sb.data;
}

bool lsp_has_header(const char *text, size_t len)
{
	return layer_file_has_header(text, len);
}

/* The real path of path, or a copy of it when it does not resolve; to free. */
static char *real_path(const char *path)
{
	char *real = realpath(path, NULL);
	return real ? real : xstrdup(path);
}

/* The document open in the client whose file is path (a real path). */
static lsp_doc *open_doc_of(lsp_docs *docs, const char *path)
{
	for (lsp_doc *d = docs->first; d; d = d->next) {
		char *p = lsp_uri_path(d->uri), *real = real_path(p);
		bool same = strcmp(real, path) == 0;
		free(p);
		free(real);
		if (same)
			return d;
	}
	return NULL;
}

/* A regular file's bytes; a FIFO or a device is refused without blocking. */
static bool read_file(const char *path, strbuf *out)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	struct stat st;
	if (fd < 0)
		return false;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return false;
	}
	char chunk[65536];
	ssize_t n;
	bool ok = true;
	while (ok && (n = read(fd, chunk, sizeof chunk)) != 0) {
		ok = n > 0 && out->len + (size_t)n <= MAX_BASE;
		if (ok)
			sb_put(out, chunk, (size_t)n);
	}
	close(fd);
	return ok;
}

/* The first bytes of a regular file (at most LAYER_HEAD), without blocking. */
static bool read_head(const char *path, char *buf, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	struct stat st;
	*len = 0;
	if (fd < 0)
		return false;
	bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size <= MAX_BASE;
	while (ok && *len < LAYER_HEAD) {
		ssize_t n = read(fd, buf + *len, LAYER_HEAD - *len);
		if (n <= 0) {
			ok = n == 0;
			break;
		}
		*len += (size_t)n;
	}
	close(fd);
	return ok;
}

/* The real path of what a '# base: NAMED' comment in the file at own names. */
static char *named_base_path(const char *own, const char *named)
{
	char *path = layer_file_base_path(own, named);
	char *real = real_path(path);
	free(path);
	return real;
}

/* The base at path (a real path) as read from disk now, kept in docs->on_disk. */
static lsp_doc *disk_doc(lsp_docs *docs, const char *path)
{
	strbuf text = {0};
	if (!read_file(path, &text)) {
		sb_free(&text);
		return NULL;
	}
	char *uri = path_uri(path);
	lsp_doc *doc = NULL;
	for (lsp_doc *d = docs->on_disk; d && !doc; d = d->next)
		if (strcmp(d->uri, uri) == 0)
			doc = d;
	if (!doc) {
		doc = xcalloc(1, sizeof *doc);
		doc->uri = uri;
		doc->settings = &docs->settings;
		doc->docs = docs;
		doc->next = docs->on_disk;
		docs->on_disk = doc;
		doc_set_text(doc, text.data ? text.data : "", text.len);
	} else {
		free(uri);
		if (doc->text.len != text.len || memcmp(doc_text(doc), text.data ? text.data : "", text.len) != 0)
			doc_set_text(doc, text.data ? text.data : "", text.len);
	}
	sb_free(&text);
	return doc;
}

lsp_doc *lsp_base_of(lsp_doc *doc)
{
	const char *text = doc_text(doc);
	size_t len = doc->text.len;
	if (lsp_has_header(text, len))
		return NULL;
	char *named = layer_file_base(text, len);
	if (named) {
		char *own = lsp_uri_path(doc->uri);
		char *real = named_base_path(own, named);
		lsp_doc *base = open_doc_of(doc->docs, real);
		if (!base)
			base = disk_doc(doc->docs, real);
		free(real);
		free(own);
		free(named);
		/* A base is a ruleset of its own, not another layer file. */
		return base && base != doc && lsp_has_header(doc_text(base), base->text.len) ? base : NULL;
	}
	lsp_doc *only = NULL;
	for (lsp_doc *d = doc->docs ? doc->docs->first : NULL; d; d = d->next) {
		if (d == doc || !lsp_has_header(doc_text(d), d->text.len))
			continue;
		if (only)
			return NULL; /* more than one: which is meant is not known */
		only = d;
	}
	return only;
}

/* The layer files in base's directory, not open in the client, whose
 * '# base: PATH' comment names base: appended to out[n..max). */
static size_t disk_layers(lsp_doc *base, lsp_doc **out, size_t n, size_t max)
{
	char *own = lsp_uri_path(base->uri), *base_real = real_path(own);
	char *slash = strrchr(base_real, '/');
	char *dir = slash ? xstrndup(base_real, (size_t)(slash - base_real)) : xstrdup(".");
	DIR *dp = opendir(*dir ? dir : "/");
	size_t seen = 0;
	for (struct dirent *e; dp && n < max && seen < MAX_DIR_ENTRIES && (e = readdir(dp));) {
		size_t len = strlen(e->d_name);
		seen++;
		if (e->d_name[0] == '.' || len < 6 || strcmp(e->d_name + len - 5, ".rtab") != 0)
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name), *real = real_path(path);
		char head[LAYER_HEAD];
		size_t hlen;
		char *named = NULL;
		if (strcmp(real, base_real) != 0 && !open_doc_of(base->docs, real) && read_head(real, head, &hlen) &&
		    !lsp_has_header(head, hlen))
			named = layer_file_base(head, hlen);
		if (named) {
			char *names = named_base_path(real, named);
			lsp_doc *layer = strcmp(names, base_real) == 0 ? disk_doc(base->docs, real) : NULL;
			bool listed = false;
			for (size_t i = 0; layer && i < n; i++)
				listed |= out[i] == layer;
			if (layer && !listed)
				out[n++] = layer;
			free(names);
			free(named);
		}
		free(real);
		free(path);
	}
	if (dp)
		closedir(dp);
	free(dir);
	free(base_real);
	free(own);
	return n;
}

size_t lsp_ruleset_docs(lsp_doc *doc, lsp_doc **out, size_t max)
{
	size_t n = 0;
	if (max == 0)
		return 0;
	out[n++] = doc;
	lsp_doc *base = lsp_base_of(doc);
	if (!base && lsp_has_header(doc_text(doc), doc->text.len))
		base = doc;
	if (!base)
		return n;
	if (base != doc && n < max)
		out[n++] = base;
	for (lsp_doc *d = doc->docs ? doc->docs->first : NULL; d && n < max; d = d->next)
		if (d != doc && d != base && lsp_base_of(d) == base)
			out[n++] = d;
	return n;
}

size_t lsp_ruleset_docs_on_disk(lsp_doc *doc, lsp_doc **out, size_t max)
{
	size_t n = lsp_ruleset_docs(doc, out, max);
	lsp_doc *base = lsp_base_of(doc);
	if (!base && lsp_has_header(doc_text(doc), doc->text.len))
		base = doc;
	return base ? disk_layers(base, out, n, max) : n;
}
