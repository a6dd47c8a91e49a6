/* SPDX-License-Identifier: MIT */
/* rtab compile: emit C for each ruleset, or nothing at all on any error. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "check/names/link_names.h"
#include "cli/cli_dirs.h"
#include "codegen/emit_c.h"
#include "targets/c_source.h"
#include "targets/targets.h"
#include "check/load.h"
#include "base/output.h"
#include "cli/cli_output.h"
#include "cli/options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_DIR, OPT_TARGET, OPT_PREFIX, OPT_DATA_ONLY, OPT_FROM_LOWERING, OPT_REPORT };
static const char *const target_choices[] = {"c", "python", "js", "ts", "lua", "csharp", NULL};

static const cli_opt options[] = {
	[OPT_DIR] = {"-o", 0, "DIR", "write DIR/<ruleset>.c and .h (default: generated)", NULL},
	[OPT_TARGET] = {"--target", 0, "LANG", "the language: c (the default), python, js, ts (js and its\n"
					       "declarations), lua or csharp", target_choices},
	[OPT_PREFIX] = {"--prefix", 0, "PREFIX",
			"C: put PREFIX before every external name and the file names\n"
			"(game_: game_musket_pike_ruleset, GAME_MUSKET_PIKE_TABLE_MELEE, game_musket_pike.h)",
			NULL},
	[OPT_DATA_ONLY] = {"--data-only", 0, NULL,
			   "C: the data alone, no native resolvers (rtab_resolve interprets)", NULL},
	[OPT_FROM_LOWERING] = {"--from-lowering", 0, NULL,
			       "C: accepted and ignored, for older scripts: every table's resolver is\n"
			       "printed from the lowering (the default, and the only way)", NULL},
	[OPT_REPORT] = {"--report", 0, "FILE",
			"C: write FILE, a line per results table: 'TABLE native' (its resolver in\n"
			"the C), or 'TABLE interpreter: WHY' (--data-only)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "compile",
	.usage = "rtab compile [OPTIONS] FILE... [-o DIR] [--target c|python|js|ts|lua|csharp]",
	.about = "\nCheck each .rtab file and write DIR/<ruleset>.c and DIR/<ruleset>.h\n"
	"(DIR defaults to 'generated'). If any file has an error, nothing is\n"
	"written and earlier outputs are left as they were. The diagnostic options\n"
	"are those of 'rtab check'; --edition NAME (or FILE@NAME) emits the edition\n"
	"with the errata layers up to NAME. --target writes a module of another\n"
	"language instead: the data and a resolver with rtab_resolve's results\n"
	"(DIR/<ruleset>.py; .mjs and .cjs, with .d.mts and .d.cts for ts; .lua;\n"
	".cs and <ruleset>_conform.cs).",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG_LISTED,
	.after = "Exit status: 0 written, 1 errors in a file (nothing written), 2 bad usage,\n"
	"3 out of memory.\n"};

typedef struct compile_args {
	const char *dir;
	const char *target;
	const char **paths;
	size_t npaths;
	emit_c_options emit;
	bool from_lowering; /* --from-lowering, which changes nothing now: refused where it was */
	const char *report; /* --report FILE, or NULL */
} compile_args;

/* A prefix must keep every name a C identifier: a letter or '_' first. */
static bool c_prefix(const char *p)
{
	if (!isalpha((unsigned char)*p) && *p != '_')
		return false;
	for (; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
	return true;
}

static int take(void *arg, int opt, const char *value)
{
	compile_args *a = arg;
	switch (opt) {
	case OPT_DIR: a->dir = value; break;
	case OPT_TARGET: a->target = value; break;
	case OPT_PREFIX:
		if (!c_prefix(value))
			return usage_error("compile",
					   "--prefix must start a C identifier (letters, digits and '_', "
					   "not a digit first), not '%s'", value);
		a->emit.prefix = value;
		break;
	case OPT_DATA_ONLY: a->emit.data_only = true; break;
	case OPT_FROM_LOWERING: a->from_lowering = true; break;
	case OPT_REPORT: a->report = value; break;
	default: a->paths[a->npaths++] = value;
	}
	return EXIT_OK;
}

/* A ruleset check accepted that the lowering cannot write: a bug of rtab's, said where it
 * is (nothing is written). --data-only needs no lowering. */
static int not_lowered(loaded *f, lower_error *why, const char *target)
{
	const model *fm = &f->model;
	diag_report(&f->diag, SEV_ERROR, "lowering",
		    why->table >= 0 ? fm->tables[why->table].def->id_loc : fm->ruleset_def->id_loc,
		    "%s: --target %s cannot be written%s; please report it, with the file", why->text, target,
		    strcmp(target, "c") == 0 ? " (--data-only writes the data alone)" : "");
	free(why->text);
	return EXIT_INPUT;
}

int cmd_compile(cli_ctx *c, int argc, char **argv)
{
	compile_args a = {"generated", "c", xcalloc((size_t)argc, sizeof(char *)), 0, {0}, false, NULL};
	int status = cli_parse(&verb, c, argc, argv, take, &a);
	const char *dir = a.dir, **paths = a.paths, *edition = c->edition;
	size_t npaths = a.npaths;
	const diag_options opts = c->diag;

	if (status != EXIT_OK) {
		free(paths);
		return status < 0 ? EXIT_OK : status;
	}
	if (npaths == 0) {
		free(paths);
		return usage_error("compile", "no input file");
	}
	if (strcmp(a.target, "c") != 0 && (a.emit.prefix || a.emit.data_only)) {
		free(paths);
		return usage_error("compile", "%s names C symbols and files: it goes with --target c, "
				   "not --target %s", a.emit.prefix ? "--prefix" : "--data-only", a.target);
	}
	if (strcmp(a.target, "c") != 0 && a.from_lowering) {
		free(paths);
		return usage_error("compile", "--from-lowering chooses how the C resolvers are written: it goes "
				   "with --target c, not --target %s (whose resolvers are all printed from it)", a.target);
	}
	if (a.emit.data_only && a.from_lowering) {
		free(paths);
		return usage_error("compile", "--data-only writes no resolvers, and --from-lowering says how to "
				   "write them: give one of the two");
	}
	if (strcmp(a.target, "c") != 0 && a.report) {
		free(paths);
		return usage_error("compile", "--report says which tables get C resolvers: it goes "
				   "with --target c, not --target %s", a.target);
	}

	loaded *files = xcalloc(npaths, sizeof *files);
	/* Each file's two (a target's up to TARGET_MAX_FILES), and the report. */
	size_t per_file = TARGET_MAX_FILES > 2 ? TARGET_MAX_FILES : 2;
	strbuf *texts = xcalloc(npaths * per_file + 1, sizeof *texts);
	output_file *outs = xcalloc(npaths * per_file + 1, sizeof *outs);
	strbuf report_text = {0};
	size_t nouts = 0; /* each C file's two, or a target's files */
	for (size_t i = 0; i < npaths; i++) {
		if (!cli_load(&files[i], paths[i], edition, stderr, &opts))
			status = EXIT_INPUT;
	}
	if (linked_names_clash(files, npaths, paths))
		status = EXIT_INPUT;
	if (strcmp(a.target, "c") == 0 && runtime_names_clash(files, npaths, a.emit.prefix))
		status = EXIT_INPUT;
	if (status == EXIT_OK && !cli_make_dirs("compile", dir, &opts))
		status = EXIT_INPUT;
	if (status == EXIT_OK) {
		for (size_t i = 0; i < npaths; i++) {
			const rtab_ruleset *rs = &files[i].model.rs;
			const char *src = path_basename(paths[i]);
			if (strcmp(a.target, "c") != 0) {
				target_file made[TARGET_MAX_FILES];
				lower_error why;
				size_t nmade = target_emit(a.target, &files[i].model, src, made, &why);
				if (nmade == 0) {
					status = not_lowered(&files[i], &why, a.target);
					continue;
				}
				for (size_t k = 0; k < nmade; k++) {
					outs[nouts].path = xasprintf("%s/%s", dir, made[k].name);
					texts[nouts] = made[k].text;
					outs[nouts].data = texts[nouts].data;
					outs[nouts].len = texts[nouts].len;
					nouts++;
					free(made[k].name);
				}
				continue;
			}
			lower_error why;
			if (!c_source_write(&texts[nouts], &texts[nouts + 1], rs, src, &a.emit, &why)) {
				status = not_lowered(&files[i], &why, a.target);
				continue;
			}
			for (size_t t = 0; a.report && t < rs->ntables; t++)
				sb_printf(&report_text, "%s %s\n", rs->tables[t].id,
					  a.emit.data_only ? "interpreter: --data-only writes no native resolvers" : "native");
			char *cname = emit_c_name(rs, &a.emit);
			for (size_t k = 0; k < 2; k++) {
				strbuf p = {0};
				sb_printf(&p, "%s/%s.%s", dir, cname, k ? "h" : "c");
				outs[nouts].path = p.data;
				outs[nouts].data = texts[nouts].data;
				outs[nouts].len = texts[nouts].len;
				nouts++;
			}
			free(cname);
		}
		if (a.report) {
			outs[nouts].path = xstrdup(a.report);
			outs[nouts].data = report_text.data ? report_text.data : "";
			outs[nouts].len = report_text.len;
			nouts++;
		}
		output_report report = cli_output_report(c);
		/* The files read, FILE@EDITION resolved to FILE. */
		const char **inputs = xcalloc(npaths, sizeof *inputs);
		for (size_t i = 0; i < npaths; i++)
			inputs[i] = files[i].path;
		bool clash = output_is_input(outs, nouts, inputs, npaths, &report);
		free(inputs);
		if (clash)
			status = EXIT_INPUT;
		else if (status == EXIT_OK && !output_commit(outs, nouts, &report))
			status = EXIT_INPUT;
	}
	for (size_t i = 0; i < npaths * per_file + 1; i++) {
		free(outs[i].path);
		sb_free(&texts[i]);
	}
	sb_free(&report_text);
	for (size_t i = 0; i < npaths; i++)
		loaded_free(&files[i]);
	free(outs);
	free(texts);
	free(files);
	free(paths);
	return status;
}
