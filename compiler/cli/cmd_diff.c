/* SPDX-License-Identifier: MIT */
/* rtab diff: what changed between two rulesets or two editions of one. */
#include "cli/cli.h"
#include "base/msg.h"
#include "cli/cli_inputs.h"
#include "analysis/diff.h"
#include "analysis/diff_report.h"
#include "analysis/errata_sheet.h"
#include "check/editions/edition.h"
#include "check/names/rule_refs.h"
#include "analysis/odds.h"
#include "cli/cli_dirs.h"
#include "cli/cli_output.h"
#include "cli/options.h"
#include "export/aid.h"
#include "export/paper.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* In the order of diff_format. */
static const char *const formats[] = {"text", "markdown", "json", "html", "pdf", NULL};

static const cli_opt options[] = {
	{"--format", 0, "F",
	 "text (default); markdown, html and pdf, the errata sheet ready\n"
	 "to publish; json, for tools", formats},
	{"--locale", 0, "L", "the labels and the sheet's words (default: the first locale)", NULL},
	{"--set", 0, "INPUT=VALUE", "markdown, html: also give the odds at this situation", NULL},
	{"--at", 0, "A=1,B=2", "markdown, html: also the odds at this situation (repeatable)", NULL},
	{"--locations", 0, NULL, "markdown, html, pdf: the file and line of each change", NULL},
	{"--odds", 0, NULL, "markdown, html, pdf: how the odds move where each change applies", NULL},
	{"--paper", 0, "P", "pdf: the sheet's paper, as rtab export's (default a4)", NULL},
	{"-o", 0, "OUT", "write OUT (whole or not at all; its missing directories made)\n"
	 "instead of standard output", NULL},
	{"--bleed", 0, "MM", "pdf: each page on a larger sheet with a bleed of MM millimetres\n"
	 "and crop marks, as rtab export's", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
enum { OPT_FORMAT, OPT_LOCALE, OPT_SET, OPT_AT, OPT_LOCATIONS, OPT_ODDS, OPT_PAPER, OPT_OUT, OPT_BLEED };

#define MAX_SITUATIONS 32

/* The files, and the situations --set and --at name (the first: --set's). */
typedef struct diff_args {
	cli_pair files;
	cli_sets at[MAX_SITUATIONS + 1];
	size_t nat;
	bool locations, odds;
	const char *paper, *out, *bleed;
} diff_args;

static int take(void *arg, int opt, const char *value)
{
	diff_args *a = arg;
	switch (opt) {
	case OPT_SET: return cli_sets_add("diff", &a->at[0], value);
	case OPT_AT: {
		if (a->nat == MAX_SITUATIONS)
			return usage_error("diff", "too many --at options (at most %d)", MAX_SITUATIONS);
		cli_sets *s = &a->at[++a->nat];
		for (const char *p = value; *p;) {
			const char *end = strchr(p, ',');
			size_t n = end ? (size_t)(end - p) : strlen(p);
			if (!n || !memchr(p, '=', n))
				return usage_error("diff", "--at takes INPUT=VALUE pairs separated by commas, like a=1,b=2, not '%s'",
						   value);
			int rc = cli_sets_add("diff", s, xstrndup(p, n));
			if (rc != EXIT_OK)
				return rc;
			p = end ? end + 1 : p + n;
		}
		if (!s->n)
			return usage_error("diff", "--at needs INPUT=VALUE pairs, like a=1,b=2");
		return EXIT_OK;
	}
	case OPT_LOCATIONS: a->locations = true; return EXIT_OK;
	case OPT_ODDS: a->odds = true; return EXIT_OK;
	case OPT_PAPER: a->paper = value; return EXIT_OK;
	case OPT_OUT: a->out = value; return EXIT_OK;
	case OPT_BLEED: a->bleed = value; return EXIT_OK;
	default: return cli_take_pair(&a->files, opt, value);
	}
}

static const cli_verb verb = {
	.name = "diff",
	.usage = "rtab diff OLD NEW [--format text|markdown|json|html|pdf] [--locale L]\n"
		 "                 [--set INPUT=VALUE]... [--at A=1,B=2]... [--locations] [--odds]\n"
		 "                 [--paper P] [--bleed MM] [-o OUT]",
	.about = "\nCompare two rulesets, each a FILE or FILE@EDITION (the edition with the\n"
		 "errata layers up to EDITION; 'original': none). Print every definition\n"
		 "added, removed or changed, by kind and id, and within each changed one\n"
		 "what changed (table rows per column as printed, matrix cells, ratio steps,\n"
		 "modifiers, groups, caps, effects, triggers, labels per locale, rule\n"
		 "references, provisional marks ...), each with its source location on both\n"
		 "sides; then, per table and column, how the odds of its outcomes moved at\n"
		 "the default situation (every input at its default, no extra modifier).\n"
		 "--edition NAME applies to a side not written FILE@EDITION.\n"
		 "\n"
		 "markdown, html and pdf are the errata sheet a publisher prints: grouped by\n"
		 "table and rule reference, in the words and signs of the locale, each change\n"
		 "as a pen makes it on the card ('Failure to Retreat, roll 5: Stand ->\n"
		 "Eliminated'; 'Attacker: scattered: -2 -> -3', signed as the card prints it);\n"
		 "with --odds, the odds where each change applies and at the situations --set\n"
		 "and --at name; no file:line unless --locations. The PDF (when rtab is built\n"
		 "with cairo and pango) carries the edition and a page number on every page.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.diag_help = "the options of rtab check: the files' warnings are shown only\n"
		     "when one of these asks for them; an error in either file (with\n"
		     "-Werror, a warning too) stops the verb with exit status 2",
	.after = "Exit status: 0 equal, 1 different, 2 errors, 3 out of memory.\n",
};

typedef enum diff_format { FMT_TEXT, FMT_MARKDOWN, FMT_JSON, FMT_HTML, FMT_PDF } diff_format;

typedef struct side {
	const char *arg;
	loaded l;
	facet_set facets;
	const ast_errata *layer; /* the last layer its edition applies, or NULL */
	size_t locale;
} side;

typedef struct diff_ctx {
	side old, new;
	diff_result r;
	diff_format format;
} diff_ctx;

/* The edition a side reads, for titles. */
static const char *edition_name(const side *s)
{
	return s->layer ? s->layer->id : s->l.errata ? EDITION_ORIGINAL : NULL;
}

/* Where the odds of a table were left out past the work budget: said on its line. */
static void past_work(side *s, const char *table, const char *what, uint64_t limit)
{
	int t = rtab_find_table(&s->l.model.rs, table);
	if (t < 0)
		return;
	char text[300];
	snprintf(text, sizeof text, "%s of table '%s' not compared:", what, table);
	diag_past_work(&s->l.diag, SEV_NOTE, s->l.model.tables[t].def->id_loc, text, UINT64_MAX, limit);
}

static bool load_side(side *s, const char *edition, const diag_options *opts)
{
	if (!cli_load(&s->l, s->arg, edition, stderr, opts))
		return false;
	if (s->l.nlayers > 0)
		s->layer = edition_layer(s->l.errata, (size_t)s->l.nlayers - 1);
	facets_build(&s->facets, &s->l.model);
	return true;
}

/* Whether two arguments (FILE or FILE@EDITION) name one file: its errors are
 * the file's, whichever edition reads it, and said once. */
static bool same_file(const char *a, const char *b)
{
	const char *ea = NULL, *eb = NULL;
	char *pa = cli_split_edition(a, &ea), *pb = cli_split_edition(b, &eb);
	struct stat sa, sb;
	bool same = stat(pa, &sa) == 0 && stat(pb, &sb) == 0 && sa.st_dev == sb.st_dev &&
		    sa.st_ino == sb.st_ino;
	free(pa);
	free(pb);
	return same;
}

static void free_at(diff_args *a)
{
	for (size_t k = 1; k <= a->nat; k++)
		for (size_t i = 0; i < a->at[k].n; i++)
			free((char *)a->at[k].sets[i]);
}

/* The inputs of both sides at a situation: the old edition takes the
 * settings of the inputs it has. */
static int situation(const cli_sets *set, const diff_ctx *c, sheet_situation *out)
{
	cli_sets old = {0};
	strbuf text = {0};
	for (size_t i = 0; i < set->n; i++) {
		const char *v = set->sets[i];
		size_t n = strcspn(v, "=.[");
		char *name = xstrndup(v, n);
		if (rtab_find_input(&c->old.l.model.rs, name) >= 0)
			old.sets[old.n++] = v;
		free(name);
		sb_printf(&text, "%s%s", i ? ", " : "", v);
	}
	out->text = text.data;
	int status = cli_sets_inputs("diff", &c->new.l.model.rs, set, &out->new_inputs);
	if (status == EXIT_OK)
		status = cli_sets_inputs("diff", &c->old.l.model.rs, &old, &out->old_inputs);
	return status;
}

static diff_report_side report_side(const side *s)
{
	return (diff_report_side){s->arg, s->l.path, edition_name(s), s->locale, s->l.model.rs.nlocales};
}

static sheet_side side_of(const side *s)
{
	sheet_side out = {&s->l.model.rs, s->locale, s->arg, edition_name(s), NULL, NULL, &s->l.model};
	if (s->layer) {
		const char *want = s->l.model.rs.nlocales ? s->l.model.rs.locales[s->locale] : NULL;
		for (const ast_stmt *l = s->layer->labels; l; l = l->next)
			if (want && strcmp(l->name, want) == 0)
				out.layer_label = l->text;
		out.layer_rule = s->layer->rule;
	}
	return out;
}

int cmd_diff(cli_ctx *x, int argc, char **argv)
{
	diff_ctx c = {0};
	diff_args a = {.files = {"diff", {NULL, NULL}, 0}};
	sheet_situation situations[MAX_SITUATIONS + 1] = {{0}};
	size_t nsituations = 0;
	x->diag.errors_only = true; /* quiet about the files' warnings unless asked (-W...) */
	int status = cli_parse(&verb, x, argc, argv, take, &a);

	if (status == EXIT_OK && a.files.n != 2)
		status = usage_error("diff", "give OLD and NEW, each a FILE or FILE@EDITION");
	if (status) {
		free_at(&a);
		return status < 0 ? EXIT_OK : status;
	}
	c.old.arg = a.files.files[0];
	c.new.arg = a.files.files[1];
	c.format = x->format ? (diff_format)cli_choice(formats, x->format) : FMT_TEXT;
	paper_size size;
	const char *no_pdf = c.format == FMT_PDF ? export_pdf_unavailable() : NULL;
	if (no_pdf)
		status = usage_error("diff", "--format pdf cannot be written: %s; use --format html and print it",
				     no_pdf);
	else if (a.paper && !paper_find(a.paper, &size))
		status = usage_error("diff", "--paper '%s' is no paper rtab knows; give %s", a.paper, paper_names);
	else if (a.paper && c.format != FMT_PDF)
		status = usage_error("diff", "--paper applies to --format pdf");
	paper_trim trim = {a.bleed != NULL, 0};
	if (status == EXIT_OK && a.bleed && c.format != FMT_PDF)
		status = usage_error("diff", "--bleed sets the PDF's sheet: give it with --format pdf");
	else if (status == EXIT_OK && a.bleed && !paper_bleed_parse(a.bleed, &trim.bleed_um))
		status = usage_error("diff", "--bleed '%s' is no width in millimetres from 0 to 20; give one like 3 or "
					     "3.175",
				     a.bleed);
	if (status) {
		free_at(&a);
		return status;
	}
	const char *locale = x->locale, *edition = x->edition;

	bool ok_old = load_side(&c.old, edition, &x->diag);
	/* One file on both sides: what its first reading said is not said again. */
	diag_options new_opts = x->diag;
	if (same_file(c.old.arg, c.new.arg))
		new_opts.said = &c.old.l.diag;
	bool ok_new = load_side(&c.new, edition, &new_opts);
	strbuf out = {0};
	if (!ok_old || !ok_new) {
		status = EXIT_USAGE;
		goto done;
	}
	if (locale) {
		strbuf missing = {0};
		sb_printf(&missing, "'%s' has no locale", c.new.arg);
		status = cli_locale("diff", &c.new.l.model.rs, locale, missing.data, &c.new.locale);
		sb_free(&missing);
		if (status != EXIT_OK)
			goto done;
		/* The old ruleset may predate the locale: its first stands in. */
		int k = rtab_find_locale(&c.old.l.model.rs, locale);
		c.old.locale = k < 0 ? 0 : (size_t)k;
	}
	model_rules_in_locale(&c.old.l.model, c.old.locale);
	model_rules_in_locale(&c.new.l.model, c.new.locale);
	for (size_t k = a.at[0].n ? 0 : 1; k <= a.nat && status == EXIT_OK; k++) {
		status = situation(&a.at[k], &c, &situations[nsituations]);
		nsituations++;
	}
	if (status != EXIT_OK)
		goto done;
	work_budget work = work_start(x->diag.max_work);
	const char *left_out = NULL;
	diff_compare(&c.r, &c.old.facets, &c.new.facets, 0, &work);
	diff_odds_compute(&c.r, &c.old.l.model, &c.new.l.model, &work);
	diff_report_side ro = report_side(&c.old), rn = report_side(&c.new);
	switch (c.format) {
	case FMT_TEXT: diff_report_text(&out, &ro, &rn, &c.r); break;
	case FMT_JSON: diff_report_json(&out, &ro, &rn, &c.r); break;
	case FMT_MARKDOWN:
	case FMT_HTML:
	case FMT_PDF: {
		sheet_side o = side_of(&c.old), n = side_of(&c.new);
		aid_doc doc = {0};
		sheet_options opts = {c.format == FMT_HTML ? SHEET_HTML : c.format == FMT_PDF ? SHEET_PAGES : SHEET_MARKDOWN,
				      a.locations, a.odds, &doc, situations, nsituations, &work, &left_out};
		errata_sheet(&out, &o, &n, &c.r, &opts);
		strbuf unset = {0};
		if (c.format == FMT_PDF && !aid_pdf_write(&out, &doc, 1, a.paper, &trim, &unset)) {
			cli_error("diff", &x->diag, "cairo wrote a PDF whose pages rtab cannot give a trim box; "
						   "write it without --bleed");
			status = EXIT_USAGE;
		} else if (c.format == FMT_PDF) {
			cli_unset_glyphs(c.new.l.path, &x->diag, unset.data);
		}
		sb_free(&unset);
		aid_free(&doc);
		break;
	}
	}
	if (status != EXIT_OK)
		goto done;
	for (size_t i = 0; i < c.r.npast_work; i++)
		past_work(&c.new, c.r.past_work[i], "the odds at the default situation", work.limit);
	if (left_out)
		past_work(&c.new, left_out, "the errata sheet's odds", work.limit);
	if (a.out) {
		output_file f = {.path = xstrdup(a.out), .data = out.data, .len = out.len};
		const char *inputs[2] = {c.old.l.path, c.new.l.path};
		output_report report = cli_output_report(x);
		if (!cli_make_parent_dirs("diff", a.out, &x->diag) || output_is_input(&f, 1, inputs, 2, &report) ||
		    !output_commit(&f, 1, &report)) {
			free(f.path);
			status = EXIT_USAGE;
			goto done;
		}
		free(f.path);
	} else if (out.data) {
		fwrite(out.data, 1, out.len, stdout);
	}
	status = c.r.n || c.r.nodds ? EXIT_INPUT : EXIT_OK;
done:
	for (size_t k = 0; k < nsituations; k++) {
		free((char *)situations[k].text);
		free(situations[k].old_inputs);
		free(situations[k].new_inputs);
	}
	free_at(&a);
	sb_free(&out);
	diff_free(&c.r);
	if (ok_old)
		facets_free(&c.old.facets);
	if (ok_new)
		facets_free(&c.new.facets);
	loaded_free(&c.old.l);
	loaded_free(&c.new.l);
	return status;
}
