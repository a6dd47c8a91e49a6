/* SPDX-License-Identifier: MIT */
/* rtab site: a static site of rulesets, the player aid and the workbench (docs/web.md). */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "cli/cli_dirs.h"
#include "cli/cli_output.h"
#include "cli/options.h"
#include "export/site.h"
#include "analysis/odds_ahead.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OPT_DIR };

static const cli_opt options[] = {
	[OPT_DIR] = {"-o", 0, "DIR", "write the site into DIR (required; made when missing)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "site",
	.usage = "rtab site FILE... -o DIR",
	.about = "\nWrite a static site of the rulesets into DIR: index.html, the interactive\n"
		 "player aid (every table as printed, the situation set with controls, a\n"
		 "roll resolved with its effects, triggers and rules, the exact odds of\n"
		 "every outcome), and workbench.html, an editor that checks the source as\n"
		 "it is typed (with the fixes, hover and completion of rtab lsp, the odds and\n"
		 "result under the cursor, the examples, the errata sheet against an edition,\n"
		 "verify against a second file). The pages run rtab itself, built for\n"
		 "WebAssembly, in the browser: they open from file:// or any static host,\n"
		 "with no server.\n"
		 "A FILE without a 'ruleset' header is an errata layer file: it continues the\n"
		 "FILE its '# base: PATH' comment names, or else the ruleset before it\n"
		 "(rtab site BASE LAYER), as 'cat BASE LAYER' would; the pages show them as one.\n"
		 "Each FILE is checked first; a file with errors writes nothing. The pages\n"
		 "show the edition --edition or FILE@NAME names (default: every errata layer).\n"
		 "The pages and the module are read from the web assets: $RTAB_WEB_DIR, or\n"
		 "web/ beside the rtab command (a build), or ../share/rtab/web (installed).",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.after = "Exit status: 0 success, 1 errors in a file (or no web assets, or DIR not\n"
		 "written), 2 bad usage, 3 out of memory.\n"};

typedef struct site_args {
	const char **files;
	size_t nfiles;
	const char *dir;
} site_args;

/* The path of a FILE or FILE@NAME argument (to free), and its edition in *edition. */
static char *site_path(const cli_ctx *c, const char *arg, const char **edition)
{
	*edition = c->edition;
	return cli_split_edition(arg, edition);
}

static int take(void *arg, int opt, const char *value)
{
	site_args *a = arg;
	if (opt == OPT_DIR)
		a->dir = value;
	else
		a->files[a->nfiles++] = value;
	return EXIT_OK;
}

/* Whether dir holds the web assets (its module: the last built). */
static bool has_assets(const char *dir)
{
	char *probe = xasprintf("%s/rtab_wasm.js", dir);
	struct stat st;
	bool found = stat(probe, &st) == 0 && S_ISREG(st.st_mode);
	free(probe);
	return found;
}

/* The web assets: $RTAB_WEB_DIR, else beside the command that runs (a build
 * tree's web/, an installation's ../share/rtab/web); NULL when none has them. */
static char *assets_dir(void)
{
	const char *env = getenv("RTAB_WEB_DIR");
	if (env && *env)
		return xstrdup(env);
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	static const char *const beside[] = {"web", "../share/rtab/web"};
	for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
		char *dir = xasprintf("%s/%s", exe, beside[i]);
		if (has_assets(dir))
			return dir;
		free(dir);
	}
	return NULL;
}

int cmd_site(cli_ctx *c, int argc, char **argv)
{
	site_args a = {xcalloc((size_t)argc, sizeof(char *)), 0, NULL};
	c->diag.errors_only = true; /* quiet about the files' warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);
	if (status == EXIT_OK && a.nfiles == 0)
		status = usage_error("site", "give the .rtab FILEs the site shows");
	else if (status == EXIT_OK && !a.dir)
		status = usage_error("site", "give the directory to write: -o DIR");
	for (size_t i = 0; status == EXIT_OK && i < a.nfiles; i++)
		status = cli_check_edition_arg("site", a.files[i]);
	char **paths = xcalloc(a.nfiles ? a.nfiles : 1, sizeof *paths);
	site_ruleset *rulesets = xcalloc(a.nfiles ? a.nfiles : 1, sizeof *rulesets);
	size_t *group = xcalloc(a.nfiles ? a.nfiles : 1, sizeof *group);
	for (size_t i = 0; i < a.nfiles; i++) {
		paths[i] = site_path(c, a.files[i], &rulesets[i].edition);
		rulesets[i].name = site_name(paths[i]);
	}
	char *why = NULL;
	if (status == EXIT_OK && !site_group_layers(paths, a.nfiles, group, &why)) {
		cli_error("site", &c->diag, "%s", why);
		status = EXIT_INPUT;
	}
	/* The rulesets, each with its layer files: a layer's FILE@NAME names the ruleset's edition. */
	size_t nrulesets = 0;
	for (size_t i = 0; status == EXIT_OK && i < a.nfiles; i++)
		if (group[i] != i && rulesets[i].edition != c->edition)
			rulesets[group[i]].edition = rulesets[i].edition;
	for (size_t i = 0; status == EXIT_OK && i < a.nfiles; i++)
		if (group[i] == i)
			rulesets[nrulesets++] = rulesets[i];
	for (size_t i = 0; status == EXIT_OK && i < nrulesets; i++)
		for (size_t k = 0; k < i; k++)
			if (strcmp(rulesets[i].name, rulesets[k].name) == 0) {
				status = usage_error("site", "'%s' and '%s' have the same name in a site; rename one",
						     rulesets[k].name, rulesets[i].name);
				break;
			}
	if (status) {
		for (size_t i = 0; i < a.nfiles; i++)
			free(paths[i]);
		free(paths);
		free(group);
		free(why);
		free(rulesets);
		free(a.files);
		return status < 0 ? EXIT_OK : status;
	}
	char *assets = assets_dir();
	if (!assets) {
		cli_error("site", &c->diag,
			  "no web assets: this rtab was built without -Dweb (clang and wasi-libc, "
			  "docs/web.md); build it with them, or set RTAB_WEB_DIR to a built web/ directory");
		status = EXIT_INPUT;
	}
	loaded *files = xcalloc(nrulesets, sizeof *files);
	const char **members = xcalloc(a.nfiles, sizeof *members);
	for (size_t i = 0, head = 0; assets && i < nrulesets; i++, head++) {
		while (group[head] != head)
			head++;
		size_t n = 0;
		members[n++] = paths[head];
		for (size_t k = 0; k < a.nfiles; k++)
			if (group[k] == head && k != head)
				members[n++] = paths[k];
		if (!load_files_joined(&files[i], members, n, rulesets[i].edition, stderr, &c->diag))
			status = EXIT_INPUT;
		else
			rulesets[i].model_json = site_model_json(&files[i].model, rulesets[i].name);
		strbuf odds = {0};
		if (status == EXIT_OK && odds_ahead_json(&files[i].model, rulesets[i].edition, &odds)) {
			rulesets[i].odds_definition = odds_ahead_definition(&files[i].model.rs);
			rulesets[i].odds_locale = files[i].model.rs.locales[0];
			rulesets[i].odds_json = odds.data;
		}
		rulesets[i].text = files[i].text;
		rulesets[i].len = files[i].len;
	}
	output_file *out = NULL;
	size_t nout = 0;
	bool workbench = false;
	if (status == EXIT_OK && !site_files(rulesets, nrulesets, assets, a.dir, &out, &nout, &workbench, &why)) {
		cli_error("site", &c->diag, "%s", why);
		status = EXIT_INPUT;
	}
	if (status == EXIT_OK && !workbench)
		cli_note("site", &c->diag,
			 "no workbench.html: the web assets in '%s' have no editor bundle (its npm packages: "
			 "npm ci --prefix web/workbench, then build again); the player aid is written",
			 assets);
	output_report report = cli_output_report(c);
	if (status == EXIT_OK &&
	    (!cli_make_dirs("site", a.dir, &c->diag) ||
	     output_is_input(out, nout, (const char *const *)paths, a.nfiles, &report) ||
	     !output_commit(out, nout, &report)))
		status = EXIT_INPUT;
	site_files_free(out, nout);
	free(why);
	for (size_t i = 0; i < nrulesets; i++) {
		if (assets)
			loaded_free(&files[i]);
		free((char *)rulesets[i].model_json);
		free((char *)rulesets[i].odds_json);
	}
	for (size_t i = 0; i < a.nfiles; i++)
		free(paths[i]);
	free(files);
	free(members);
	free(group);
	free(paths);
	free(rulesets);
	free(assets);
	free(a.files);
	return status;
}
