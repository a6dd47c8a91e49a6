/* SPDX-License-Identifier: MIT */
/* rtab export: the lowered ruleset as JSON, CSV or Markdown, the player aid as HTML or PDF,
 * or the HTML print proof. */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "export/export.h"
#include "export/aid.h"
#include "check/load.h"
#include "check/names/rule_refs.h"
#include "check/editions/edition.h"
#include "base/output.h"
#include "base/msg.h"
#include "cli/cli_dirs.h"
#include "cli/cli_output.h"
#include "export/paper.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The formats of the emitters below. */
static const char *const formats[] = {"json", "csv", "markdown", "html", "pdf", NULL};

static const cli_opt options[] = {
	{"--format", 0, "F", "json, csv, markdown, html or pdf (required)", formats},
	{"--locale", 0, "L[,L2]",
	 "the labels to show (csv, markdown, html): one locale, or two side\n"
	 "by side (default: the ruleset's first two)", NULL},
	{"-o", 0, "OUT", "write OUT (whole or not at all) instead of standard output", NULL},
	{"--proof", 0, NULL, "html, markdown: the print proof for review (ids, expressions,\n"
	 "provisional values and rule references) instead of the player aid; pdf: the\n"
	 "player aid with each provisional reading marked (a dagger) and its reason below", NULL},
	{"--paper", 0, "P", "the player aid's paper (html, pdf): a4 (default), a5, letter, legal,\n"
	 "half-letter or card (5 x 8 in), in any case; NAME-landscape turns it", NULL},
	{"--changes-since", 0, "EDITION",
	 "pdf, html: a change bar beside every line and paragraph of the aid that\n"
	 "the aid of EDITION (an errata layer, or 'original') does not print", NULL},
	{"--bleed", 0, "MM", "pdf: each page on a larger sheet for a printer: a bleed of MM\n"
	 "millimetres (0 to 20, like 3 or 3.175) around the paper, crop marks at its\n"
	 "corners, and the trim and bleed boxes set", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "export",
	.usage = "rtab export --format json|csv|markdown|html|pdf FILE [--locale L[,L2]] [-o OUT]\n"
		 "                   [--edition NAME] [--paper P] [--proof] [--changes-since EDITION]\n"
		 "                   [--bleed MM]",
	.about = "\nWrite the whole ruleset for other tools and for print:\n"
		 "  json      every definition of the lowered ruleset, field by field, with readable\n"
		 "            forms beside the runtime's data (schema: docs/export-schema.json)\n"
		 "  csv       one section per table (ranges as printed, outcome ids and labels), then\n"
		 "            one per matrix\n"
		 "  markdown  the player aid as Markdown; with --proof, the review sheet of every\n"
		 "            definition\n"
		 "  html      the player aid a publisher prints: each table as printed, its modifiers\n"
		 "            as the card lists them, each matrix; with --proof, the print proof for\n"
		 "            review: every definition, provisional values marked, rule references\n"
		 "  pdf       the player aid as PDF pages (when rtab is built with cairo and pango):\n"
		 "            each table's grid with its lines as printed (open ends where the\n"
		 "            modifiers reach past the die), what its codes stand for, its\n"
		 "            modifiers and caps; each matrix and ratio band; page numbers and\n"
		 "            the edition on every page. SOURCE_DATE_EPOCH sets its date.\n"
		 "-o OUT creates OUT's missing directories.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.after = "Exit status: 0 success, 1 errors in the file, 2 bad usage, 3 out of memory.\n",
};

typedef struct export_args {
	const char *file, *out, *paper, *since, *bleed;
	bool proof;
} export_args;

static int take(void *arg, int opt, const char *value)
{
	export_args *a = arg;
	if (opt == 2)
		a->out = value;
	else if (opt == 3)
		a->proof = true;
	else if (opt == 4)
		a->paper = value;
	else if (opt == 5)
		a->since = value;
	else if (opt == 6)
		a->bleed = value;
	else if (opt < 0 && a->file)
		return usage_error("export", "unexpected argument '%s' (one FILE at a time)", value);
	else if (opt < 0)
		a->file = value;
	return EXIT_OK;
}

static const export_emitter *const emitters[] = {
	&export_json_emitter,
	&export_csv_emitter,
	&export_aid_markdown_emitter,
	&export_aid_html_emitter,
	&export_aid_pdf_emitter,
};

static int pick_locales(const rtab_ruleset *rs, const char *spec, export_ctx *c)
{
	if (!spec) {
		for (size_t i = 0; i < rs->nlocales && i < EXPORT_MAX_LOCALES; i++)
			c->locales[c->nlocales++] = i;
		return EXIT_OK;
	}
	/* The count first: naming a missing third locale would hide that there
	 * can be no third one. */
	size_t n = 1;
	for (const char *p = spec; *p; p++)
		n += *p == ',';
	if (n > EXPORT_MAX_LOCALES)
		return usage_error("export", "--locale takes one locale or two, not '%s'", spec);
	char *copy = xstrdup(spec);
	int status = EXIT_OK;
	for (char *l = copy, *next; l; l = next) {
		next = strchr(l, ',');
		if (next)
			*next++ = '\0';
		size_t k;
		status = cli_locale_find("export", rs, l, NULL, &k);
		if (status != EXIT_OK)
			break;
		if (c->nlocales > 0 && c->locales[0] == k) {
			status = usage_error("export", "--locale names '%s' twice; give one locale, or two different ones like en,ru",
					     l);
			break;
		}
		c->locales[c->nlocales++] = k;
	}
	free(copy);
	if (status == EXIT_OK && c->nlocales == 0)
		status = usage_error("export", "--locale needs a locale, like en or en,ru");
	return status;
}

int cmd_export(cli_ctx *c, int argc, char **argv)
{
	export_args a = {NULL, NULL, "a4", NULL, NULL, false};
	c->diag.errors_only = true; /* quiet about the file's warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);
	loaded l;
	strbuf out = {0};

	if (status == EXIT_OK && !c->format)
		status = usage_error("export", "give the format: --format json, csv, markdown, html or pdf");
	else if (status == EXIT_OK && strcmp(c->format, "pdf") == 0 && export_pdf_unavailable())
		status = usage_error("export", "--format pdf cannot be written: %s; use --format html and print it",
				     export_pdf_unavailable());
	else if (status == EXIT_OK && a.proof && strcmp(c->format, "html") != 0 && strcmp(c->format, "markdown") != 0 &&
		 strcmp(c->format, "pdf") != 0)
		status = usage_error("export", "--proof is a form of --format html, markdown or pdf, not of %s",
				     c->format);
	else if (status == EXIT_OK && a.since && (a.proof || (strcmp(c->format, "pdf") != 0 &&
							      strcmp(c->format, "html") != 0)))
		status = usage_error("export", "--changes-since marks the player aid: give it with --format pdf or "
					       "html, without --proof");
	else if (status == EXIT_OK && a.since && !*a.since)
		status = usage_error("export", "--changes-since needs the name of an errata layer, or 'original'");
	else if (status == EXIT_OK && a.bleed && strcmp(c->format, "pdf") != 0)
		status = usage_error("export", "--bleed sets the PDF's sheet: give it with --format pdf");
	else if (status == EXIT_OK && !a.file)
		status = usage_error("export", "give the FILE to export");
	paper_size size;
	paper_trim trim = {a.bleed != NULL, 0};
	if (status == EXIT_OK && !paper_find(a.paper, &size))
		status = usage_error("export", "--paper '%s' is no paper rtab knows; give %s", a.paper, paper_names);
	else if (status == EXIT_OK && a.bleed && !paper_bleed_parse(a.bleed, &trim.bleed_um))
		status = usage_error("export", "--bleed '%s' is no width in millimetres from 0 to 20; give one like 3 "
					       "or 3.175",
				     a.bleed);
	if (status)
		return status < 0 ? EXIT_OK : status;
	const export_emitter *e = emitters[0];
	for (size_t i = 0; i < sizeof emitters / sizeof emitters[0]; i++)
		if (strcmp(emitters[i]->format, c->format) == 0)
			e = emitters[i];
	/* The proof of HTML and Markdown is the review sheet of every definition; of PDF, the
	 * player aid with each provisional reading marked and its reason below. */
	if (a.proof && strcmp(c->format, "pdf") != 0)
		e = strcmp(c->format, "html") == 0 ? &export_html_emitter : &export_markdown_emitter;
	if (!cli_load(&l, a.file, c->edition, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	strbuf unset = {0};
	export_ctx x = {.out = &out, .m = &l.model, .rs = &l.model.rs, .source = a.file, .paper = a.paper,
			.trim = trim, .aid_proof = a.proof, .unset = &unset};
	/* The edition stamped on the aid: the last errata layer it applies. */
	const ast_errata *layer = l.nlayers > 0 ? edition_layer(l.errata, (size_t)l.nlayers - 1) : NULL;
	const char **layer_labels = NULL;
	if (layer) {
		x.edition = layer->id;
		x.edition_rule = layer->rule;
		layer_labels = xcalloc(x.rs->nlocales ? x.rs->nlocales : 1, sizeof *layer_labels);
		for (const ast_stmt *s = layer->labels; s; s = s->next)
			for (size_t k = 0; k < x.rs->nlocales; k++)
				if (strcmp(s->name, x.rs->locales[k]) == 0)
					layer_labels[k] = s->text;
		x.edition_labels = layer_labels;
	}
	status = pick_locales(x.rs, c->locale, &x);
	/* The phrases in the first locale named, where the catalogue has it,
	 * else in the language of the command line (--locale L,L2 leaves the
	 * process's language as it was: never the second's). */
	x.words = msg_chosen();
	if (status == EXIT_OK && c->locale)
		msg_find(x.rs->locales[x.locales[0]], &x.words);
	/* --changes-since: the same aid of the earlier edition, each line compared with it. */
	loaded since_l;
	bool since_loaded = false;
	export_ctx since = x;
	if (status == EXIT_OK && a.since) {
		const char *named = NULL; /* FILE@EDITION: the file alone, the earlier edition instead */
		char *path = cli_split_edition(a.file, &named);
		since_loaded = cli_load(&since_l, path, a.since, stderr, &c->diag);
		free(path);
		if (!since_loaded) {
			loaded_free(&since_l);
			status = EXIT_INPUT;
		} else {
			since.m = &since_l.model;
			since.rs = &since_l.model.rs;
			since.edition = NULL;
			for (size_t i = 0; i < since.nlocales; i++)
				if (since.locales[i] >= since.rs->nlocales ||
				    strcmp(since.rs->locales[since.locales[i]], x.rs->locales[x.locales[i]]) != 0)
					status = usage_error("export", "--changes-since %s: that edition has other locales "
								       "than the one exported",
							     a.since);
			if (strcmp(c->format, "json") != 0 && since.nlocales)
				model_rules_in_locale(&since_l.model, since.locales[0]);
			x.since = &since;
		}
	}
	/* The JSON export carries every locale's references (rules); the pages
	 * print the first chosen locale's. */
	if (status == EXIT_OK && strcmp(c->format, "json") != 0 && x.nlocales)
		model_rules_in_locale(&l.model, x.locales[0]);
	if (status == EXIT_OK)
		export_run(e, &x);
	if (status == EXIT_OK && x.failed) {
		cli_error("export", &c->diag, "%s; write it without --bleed", x.failed);
		status = EXIT_INPUT;
	}
	if (status == EXIT_OK) {
		/* The PDF aid prints provisional readings as the page does, unmarked: say how many. */
		size_t unsettled = strcmp(c->format, "pdf") == 0 && !a.proof ? aid_provisional_printed(&x) : 0;
		if (unsettled)
			cli_warning("export", &c->diag,
				    "the aid prints %zu provisional reading%s unmarked, as if the source settled "
				    "%s; --proof marks each with its reason, and --strict refuses to print them",
				    unsettled, unsettled == 1 ? "" : "s", unsettled == 1 ? "it" : "them");
		cli_unset_glyphs(a.file, &c->diag, unset.data);
		if (a.out) {
			output_file f = {.path = xstrdup(a.out), .data = out.data, .len = out.len};
			const char *input = l.path;
			output_report report = cli_output_report(c);
			if (!cli_make_parent_dirs("export", a.out, &c->diag) || output_is_input(&f, 1, &input, 1, &report) ||
			    !output_commit(&f, 1, &report))
				status = EXIT_INPUT;
			free(f.path);
		} else if (out.data) {
			fwrite(out.data, 1, out.len, stdout);
		}
	}
	sb_free(&out);
	sb_free(&unset);
	free(layer_labels);
	if (since_loaded)
		loaded_free(&since_l);
	loaded_free(&l);
	return status;
}
