/* SPDX-License-Identifier: MIT */
/*
 * rtab site: a static site of rulesets (docs/web.md). The pages and the
 * WebAssembly module come from the web assets (web/, built beside the rtab
 * command); the site adds the sources of the rulesets it shows, in
 * rulesets.js. Every page runs rtab.wasm in the browser, so the site opens
 * from file:// and from any static host, with no server.
 */
#ifndef RTAB_SITE_H
#define RTAB_SITE_H

#include "base/output.h"
#include "check/model.h"
#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

/* One ruleset of the site: the name its pages give it (a file name, no
 * directory), its source, the edition its pages read (NULL: every errata
 * layer; "original": none), and its model: what `rtab export --format json
 * NAME` prints of it (site_model_json), which the player aid reads at once
 * instead of running that export in the page; NULL: the page runs it;
 * and the odds it opens on. */
typedef struct site_ruleset {
	const char *name;
	const char *text;
	size_t len;
	const char *edition;
	const char *model_json;
	/* The odds the player aid opens on (analysis/odds_ahead.h): what `rtab
	 * odds NAME odds_definition --locale odds_locale --json` prints with
	 * every input at its default; NULL: the page asks its module. */
	const char *odds_definition;
	const char *odds_locale;
	const char *odds_json;
} site_ruleset;

/* The assets every site copies (the player aid: index.html), and those of
 * the workbench (workbench.html), which a build without its npm packages
 * lacks. NULL-terminated. */
extern const char *const site_assets[];
extern const char *const site_workbench_assets[];

/* The files of a site in dir, to commit with output_commit: the assets read
 * from assets_dir (the workbench's when it has them: *workbench), and
 * rulesets.js. False with *why set (to free) when an asset cannot be read;
 * files and n are then left empty. */
bool site_files(const site_ruleset *rulesets, size_t nrulesets, const char *assets_dir,
		const char *dir, output_file **files, size_t *n, bool *workbench, char **why);

/* What `rtab export --format json NAME` prints of the ruleset m (loaded in
 * the site's edition), to free. */
char *site_model_json(const model *m, const char *name);

/* The rulesets of a site whose FILEs are paths (n): a file with a
 * 'ruleset' header is a ruleset; a layer file (front/layer_file.h) joins
 * the ruleset of the FILE its '# base: PATH' comment names, or without one
 * the last ruleset before it. group[i]: the FILE whose ruleset FILE i
 * joins (i itself for a ruleset). False with *why set (to free) when a
 * file cannot be read or a layer's base is not among the FILEs. */
bool site_group_layers(char *const *paths, size_t n, size_t *group, char **why);

/* Free what site_files made. */
void site_files_free(output_file *files, size_t n);

/* The name a path has in a site: its last component ("tables/mp.rtab": "mp.rtab"). */
const char *site_name(const char *path);

#endif
