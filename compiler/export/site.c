/* SPDX-License-Identifier: MIT */
/* The files of rtab site: the web assets and the rulesets as a script. */
#define _XOPEN_SOURCE 700
#include "export/site.h"

#include "base/json.h"
#include "base/msg.h"
#include "front/layer_file.h"
#include "export/export.h"
#include "rtab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* index.html is the player aid; workbench.html the editor. Each page loads
 * rtab_wasi.js (the runtime of the module), rtab_wasm.js (the module),
 * rulesets.js (written here) and situation.js (the controls of a situation,
 * and rtab's answers drawn). */
const char *const site_assets[] = {
	"index.html", "aid.js", "situation.js", "site.css", "rtab_wasi.js", "rtab_wasm.js", NULL,
};
const char *const site_workbench_assets[] = {"workbench.html", "workbench.js", NULL};

/* Whether path can be opened for reading. */
static bool readable(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

const char *site_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The whole of path, or NULL with *why set. */
static char *read_all(const char *path, size_t *len, char **why)
{
	FILE *f = fopen(path, "rb");
	strbuf sb = {0};
	if (!f) {
		*why = xasprintf("cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	char chunk[65536];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		sb_put(&sb, chunk, got);
	bool failed = ferror(f);
	fclose(f);
	if (failed) {
		*why = xasprintf("cannot read '%s': %s", path, strerror(errno));
		sb_free(&sb);
		return NULL;
	}
	*len = sb.len;
	return sb.data ? sb.data : xstrdup("");
}

/* The real path of path, or a copy of it when it does not resolve; to free. */
static char *real_path(const char *path)
{
	char *real = realpath(path, NULL);
	return real ? real : xstrdup(path);
}

bool site_group_layers(char *const *paths, size_t n, size_t *group, char **why)
{
	char **real = xcalloc(n ? n : 1, sizeof *real);
	bool ok = true;
	size_t last = n; /* the last ruleset seen: a layer without '# base:' continues it */
	for (size_t i = 0; i < n; i++)
		real[i] = real_path(paths[i]);
	for (size_t i = 0; ok && i < n; i++) {
		size_t len;
		char *text = read_all(paths[i], &len, why);
		if (!text) {
			ok = false;
			break;
		}
		group[i] = i;
		if (layer_file_has_header(text, len)) {
			last = i;
			free(text);
			continue;
		}
		char *named = layer_file_base(text, len);
		free(text);
		if (named) {
			char *path = layer_file_base_path(paths[i], named), *base = real_path(path);
			size_t k = 0;
			while (k < n && (k == i || strcmp(real[k], base) != 0))
				k++;
			if (k == n)
				*why = xasprintf("'%s' is an errata layer file whose '# base: %s' names '%s', which is not "
						 "among the files of the site; give its base too: rtab site %s %s -o DIR",
						 paths[i], named, path, path, paths[i]);
			else
				group[i] = k;
			free(base);
			free(path);
			free(named);
			ok = k < n;
		} else if (last < n) {
			group[i] = last;
		} else {
			*why = xasprintf("'%s' has no 'ruleset' header and no '# base: PATH' comment: an errata layer file "
					 "continues a ruleset; give its base before it (rtab site BASE %s -o DIR), or name "
					 "it in a comment at its top: # base: PATH",
					 paths[i], paths[i]);
			ok = false;
		}
	}
	for (size_t i = 0; ok && i < n; i++)
		if (group[i] != i && group[group[i]] != group[i]) {
			*why = xasprintf("'%s' names '%s' as its base, which is itself a layer file: name the "
					 "file with the 'ruleset' header", paths[i], paths[group[i]]);
			ok = false;
		}
	for (size_t i = 0; i < n; i++)
		free(real[i]);
	free(real);
	return ok;
}

char *site_model_json(const model *m, const char *name)
{
	strbuf out = {0};
	/* The JSON export reads no locale, edition or paper: these are all it takes. */
	export_ctx x = {.out = &out, .m = m, .rs = &m->rs, .source = name};
	export_run(&export_json_emitter, &x);
	return out.data ? out.data : xstrdup("");
}

/* The catalogue's texts of the pages' own words, as RTAB_SITE.phrases
 * holds them: {"ru": {"Roll the dice": "Бросить кубики", ...}, ...}. */
typedef struct phrases_out {
	json_writer *w;
	const char *locale; /* of the object open, or NULL */
} phrases_out;

static void put_phrase(const char *locale, const char *id, const char *text, void *arg)
{
	phrases_out *p = arg;
	if (!p->locale || strcmp(p->locale, locale) != 0) {
		if (p->locale)
			json_end_object(p->w);
		json_line_break(p->w, "\n  ");
		json_key(p->w, locale);
		json_begin_object(p->w);
		p->locale = locale;
	}
	json_member_string(p->w, id, text);
}

/* rulesets.js: RTAB_SITE.rulesets, each ruleset's name, edition, source,
 * model (a JSON object, as JavaScript reads it) and the odds its player aid
 * opens on (odds_ahead: the definition, the locale and what rtab odds
 * --json prints), in the order given; and
 * RTAB_SITE.phrases, the pages' own words in each language of rtab's
 * message catalogue (po/), which the player aid shows in the locale chosen. */
static char *rulesets_script(const site_ruleset *rulesets, size_t n, size_t *len)
{
	strbuf sb = {0};
	json_writer w = json_writer_on(&sb, false);
	sb_puts(&sb, "/* The rulesets of this site, written by rtab site (docs/web.md). */\n"
		     "var RTAB_SITE = ");
	json_begin_object(&w);
	json_member_string(&w, "rtab_version", RTAB_VERSION);
	json_key(&w, "rulesets");
	json_begin_array(&w);
	for (size_t i = 0; i < n; i++) {
		json_line_break(&w, "\n  ");
		json_begin_object(&w);
		json_member_string(&w, "name", rulesets[i].name);
		json_member_string(&w, "edition", rulesets[i].edition);
		json_member_string(&w, "source", rulesets[i].text);
		if (rulesets[i].model_json) {
			json_line_break(&w, "\n   ");
			json_key(&w, "model");
			json_put_raw(&w, rulesets[i].model_json, strlen(rulesets[i].model_json));
		}
		if (rulesets[i].odds_json) {
			json_line_break(&w, "\n   ");
			json_key(&w, "odds_ahead");
			json_begin_object(&w);
			json_member_string(&w, "definition", rulesets[i].odds_definition);
			json_member_string(&w, "locale", rulesets[i].odds_locale);
			json_member_string(&w, "stdout", rulesets[i].odds_json);
			json_end_object(&w);
		}
		json_end_object(&w);
	}
	json_line_break(&w, "\n");
	json_end_array(&w);
	json_line_break(&w, "\n");
	json_key(&w, "phrases");
	json_begin_object(&w);
	phrases_out p = {&w, NULL};
	msg_each_page_phrase(put_phrase, &p);
	if (p.locale)
		json_end_object(&w);
	json_line_break(&w, "\n");
	json_end_object(&w);
	json_end_object(&w);
	sb_puts(&sb, ";\n");
	*len = sb.len;
	return sb.data;
}

bool site_files(const site_ruleset *rulesets, size_t nrulesets, const char *assets_dir,
		const char *dir, output_file **files, size_t *n, bool *workbench, char **why)
{
	const char *names[16];
	size_t nassets = 0;
	for (size_t i = 0; site_assets[i]; i++)
		names[nassets++] = site_assets[i];
	char *bundle = xasprintf("%s/%s", assets_dir, site_workbench_assets[1]);
	*workbench = readable(bundle);
	free(bundle);
	for (size_t i = 0; *workbench && site_workbench_assets[i]; i++)
		names[nassets++] = site_workbench_assets[i];
	output_file *out = xcalloc(nassets + 1, sizeof *out);
	*files = NULL;
	*n = 0;
	*why = NULL;
	for (size_t i = 0; i < nassets; i++) {
		char *from = xasprintf("%s/%s", assets_dir, names[i]);
		size_t len = 0;
		char *data = read_all(from, &len, why);
		free(from);
		if (!data) {
			site_files_free(out, i);
			return false;
		}
		out[i] = (output_file){.path = xasprintf("%s/%s", dir, names[i]), .data = data, .len = len};
	}
	size_t len = 0;
	char *script = rulesets_script(rulesets, nrulesets, &len);
	out[nassets] = (output_file){.path = xasprintf("%s/rulesets.js", dir), .data = script, .len = len};
	*files = out;
	*n = nassets + 1;
	return true;
}

void site_files_free(output_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(files[i].path);
		free((char *)files[i].data);
	}
	free(files);
}
