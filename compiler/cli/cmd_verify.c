/* SPDX-License-Identifier: MIT */
/* rtab verify: its options; the verb itself is analysis/verify.c. */
#include "cli/cli.h"
#include "analysis/verify.h"
#include "cli/cli_inputs.h"
#include "export/aid.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In the order of vformat. */
static const char *const formats[] = {"text", "json", "html", "pdf", NULL};
static const char *const papers[] = {"a4", "letter", NULL};

static const cli_opt options[] = {
	{"--locale", 0, "L",
	 "the translation's locale (default: its first locale that the\n"
	 "original does not declare)", NULL},
	{"--format", 0, "F",
	 "text (default); json, for tools; html, the two rulebooks' tables\n"
	 "side by side, each difference highlighted at its cell; pdf, the same\n"
	 "as pages (when rtab is built with cairo and pango)", formats},
	{"--paper", 0, "P", "the paper of --format pdf: a4 (default) or letter", papers},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "verify",
	.usage = "rtab verify ORIGINAL TRANSLATION [--locale L] [--format text|json|html|pdf]\n"
		 "                   [--paper letter|a4]\n"
		 "       rtab verify FILE [--format text|json|html|pdf]",
	.about = "\nCheck that TRANSLATION encodes the same rules as ORIGINAL (same ids), by\n"
		 "meaning: expressions as functions of the inputs (every situation, a normal\n"
		 "form or reachable intervals, and the method said), modifier lists and\n"
		 "reaction options as sets, modifiers and groups by their tables' totals,\n"
		 "rule references as labels present on both sides. Every difference of\n"
		 "meaning (ranges, matrix cells, ratio steps,\n"
		 "modifiers, groups, caps, dice, effects and their arguments, triggers,\n"
		 "rewrites, natural rules, reaction options, transitions, distances and\n"
		 "units, procedures, examples) and every id on one side only is an error,\n"
		 "with both source locations. Every label the original gives must be given\n"
		 "in the translation's locale L: a missing one is an error, one\n"
		 "identical to the original's text a warning (possibly untranslated), and so\n"
		 "is a provisional reason word for word the original's.\n"
		 "A provisional mark must be on the same elements on both sides; its\n"
		 "reason is free text that a translation translates: a different one is faithful.\n"
		 "With one FILE: every label present in every locale it declares.\n"
		 "Each side may be FILE@EDITION; --edition NAME applies to both.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.diag_help = "the options of rtab check, for reading the files: a clean call\n"
		     "shows no warning of the files (the findings of verify are its\n"
		     "output, and always shown)",
	.after = "Exit status: 0 faithful (warnings allowed), 1 errors, 2 a file that does\n"
		 "not load or bad usage, 3 out of memory, 4 no error but a comparison\n"
		 "undecided (too many situations and no exact form): not proved faithful.\n",
};

typedef enum vformat { VF_TEXT, VF_JSON, VF_HTML, VF_PDF } vformat;
static bool load_side(verify_side *s, const char *edition, const diag_options *opts)
{
	s->ok = cli_load(&s->l, s->arg, edition, stderr, opts);
	return s->ok;
}

/* The translation's locale: --locale, else its first the original lacks, else its first. */
static int pick_locale(verify *v, const char *locale)
{
	const rtab_ruleset *t = &v->t.l.model.rs;
	if (locale) {
		strbuf missing = {0};
		sb_printf(&missing, "the translation %s declares no locale", v->t.arg);
		int rc = cli_locale("verify", t, locale, missing.data, &v->tlocale);
		sb_free(&missing);
		return rc;
	}
	v->tlocale = verify_default_locale(v);
	return EXIT_OK;
}

typedef struct verify_args {
	cli_pair pair;
	const char *paper;
} verify_args;

static int take(void *arg, int opt, const char *value)
{
	verify_args *a = arg;
	if (opt == 2) { /* --paper */
		a->paper = value;
		return EXIT_OK;
	}
	return cli_take_pair(&a->pair, opt, value);
}

int cmd_verify(cli_ctx *c, int argc, char **argv)
{
	verify v = {0};
	verify_args args = {{"verify", {NULL, NULL}, 0}, NULL};
	cli_pair *pair = &args.pair;
	c->diag.errors_only = true; /* quiet about the files' warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &args);

	if (status)
		return status < 0 ? EXIT_OK : status;
	size_t npos = pair->n;
	const char *locale = c->locale, *edition = c->edition;
	vformat format = c->format ? (vformat)cli_choice(formats, c->format) : VF_TEXT;
	v.o.arg = pair->files[0];
	v.t.arg = pair->files[1];
	if (npos == 0)
		return usage_error("verify", "give ORIGINAL and TRANSLATION, or one FILE");
	v.pair = npos == 2;
	if (!v.pair && locale)
		return usage_error("verify", "--locale applies to a translation; with one FILE every locale is checked");
	const char *no_pdf = format == VF_PDF ? export_pdf_unavailable() : NULL;
	if (no_pdf)
		return usage_error("verify", "--format pdf cannot be written: %s; use --format html and print it",
				   no_pdf);
	if (args.paper && format != VF_PDF)
		return usage_error("verify", "--paper applies to --format pdf");

	strbuf out = {0}, unset = {0}; /* unset: the characters a PDF printed without a glyph */
	bool ok = load_side(&v.o, edition, &c->diag);
	if (v.pair)
		ok &= load_side(&v.t, edition, &c->diag);
	if (!ok) {
		status = EXIT_USAGE;
		goto done;
	}
	verify_side_facets(&v.o, v.pair ? &v.t : NULL);
	if (v.pair)
		verify_side_facets(&v.t, &v.o);
	if (v.pair) {
		if ((status = pick_locale(&v, locale)) != EXIT_OK)
			goto done;
		v.work = work_start(c->diag.max_work);
		verify_pair(&v);
	} else {
		verify_single(&v);
	}
	switch (format) {
	case VF_TEXT: verify_render_text(&out, &v); break;
	case VF_JSON: verify_render_json(&out, &v); break;
	case VF_HTML: verify_render_html(&out, &v); break;
	case VF_PDF: verify_render_pdf(&out, &v, args.paper, &unset); break;
	}
	cli_unset_glyphs(v.pair ? v.t.l.path : v.o.l.path, &c->diag, unset.data);
	if (out.data)
		fwrite(out.data, 1, out.len, stdout);
	status = v.errors ? EXIT_INPUT : v.undecided ? EXIT_UNDECIDED : EXIT_OK;
done:
	sb_free(&out);
	sb_free(&unset);
	verify_free(&v);
	loaded_free(&v.o.l);
	if (v.pair)
		loaded_free(&v.t.l);
	return status;
}
