/* SPDX-License-Identifier: MIT */
/* rtab eval: resolve one roll with the runtime, on the in-memory ruleset. */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "check/drm_modifier.h"
#include "check/sema_require.h"
#include "check/load.h"
#include "check/rule_refs.h"
#include "check/target_kinds.h"
#include "analysis/report.h"
#include "cli/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_opt options[] = {
	{"--set", 0, "INPUT=VALUE",
	 "an input of the situation (inputs not set take their declared\n"
	 "defaults); a list input: its length (units=3), an item's field\n"
	 "(units[2].wounds=1), or a field of every item, which sets the\n"
	 "length (units.wounds=4,1,0)", NULL},
	{"--drm", 0, "N|MODIFIER", "a table: a modifier computed outside, added before the cap; or a modifier of the table by name, which applies with its value", NULL},
	{"--roll", 0, "F[,F...]",
	 "the natural die faces (a table: required); a distance whose\n"
	 "forms roll different dice: one --roll per form, in order", NULL},
	{"--json", 0, NULL, "print one JSON object", NULL},
	{"--explain", 0, NULL, "print every step with its rule reference and labels", NULL},
	{"--locale", 0, "LOCALE", "the language of the labels (default: the ruleset's first locale)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
enum { OPT_SET, OPT_DRM, OPT_ROLL, OPT_JSON, OPT_EXPLAIN };

static const cli_verb verb = {
	.name = "eval",
	.usage = "rtab eval FILE NAME [--set INPUT=VALUE]... [--drm N|MODIFIER] [--roll F[,F...]]\n"
		 "                 [--json | --explain] [--locale LOCALE] [--edition NAME]",
	.about = "\nEvaluate NAME in the situation the inputs give:\n"
		 "  a table       resolve one roll: --roll gives the natural die faces (required),\n"
		 "                --drm adds a modifier computed outside (before the cap), or\n"
		 "                names a modifier of the table that applies with its value;\n"
		 "  reactions     list the options allowed;\n"
		 "  a transition  give the next state;\n"
		 "  a distance    give its value for the faces of --roll, in each of its units\n"
		 "                (forms that roll different dice: one --roll per form, in order);\n"
		 "  a procedure   give the first step that applies.\n"
		 "A clean call prints only its result: the file's errors stop it, its warnings\n"
		 "are not shown unless asked. A --drm that takes the modified roll beyond the\n"
		 "rolls rtab check proved is said on standard error.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG | CLI_NEGATIVE,
	.after = "Exit status: 0 success, 1 errors in the file or in the resolution, 2 bad usage,\n"
		 "3 out of memory.\n",
};

typedef struct eval_args {
	const char *file, *table;
	size_t npos;
	cli_sets sets; /* --set INPUT=VALUE */
	const char *roll;     /* the first --roll */
	const char *rolls[8]; /* a distance: one for all forms, or one per form */
	size_t nrolls;
	long drm;
	const char *drm_modifier; /* --drm NAME: that modifier applies, with its value */
	int json, explain, has_drm;
	const diag_options *diag;
} eval_args;

static int take(void *arg, int opt, const char *value)
{
	eval_args *a = arg;
	switch (opt) {
	case OPT_SET: return cli_sets_add("eval", &a->sets, value);
	case OPT_DRM:
		if (cli_drm_is_name(value) && !a->has_drm) {
			a->drm_modifier = value;
			a->has_drm = 1;
			return EXIT_OK;
		}
		if (a->drm_modifier || !cli_parse_long(value, &a->drm))
			return usage_error("eval", "--drm takes an integer within -%d..%d, not '%s'",
					   RTAB_INT_LIMIT, RTAB_INT_LIMIT, value);
		a->has_drm = 1;
		return EXIT_OK;
	case OPT_ROLL:
		if (a->nrolls == sizeof a->rolls / sizeof a->rolls[0])
			return usage_error("eval", "too many --roll options (one per form of a distance at most)");
		a->rolls[a->nrolls++] = value;
		a->roll = a->rolls[0];
		return EXIT_OK;
	case OPT_JSON: a->json = 1; return EXIT_OK;
	case OPT_EXPLAIN: a->explain = 1; return EXIT_OK;
	case -1:
		if (a->npos == 2)
			return usage_error("eval", "unexpected argument '%s'", value);
		*(a->npos++ ? &a->table : &a->file) = value;
		return EXIT_OK;
	default: return EXIT_OK; /* --locale: in the context */
	}
}

/* "2 faces: 1 within 1..6, then 1 within 1..10": every group of the dice. */
static void dice_faces_phrase(strbuf *sb, const rtab_dice *d)
{
	sb_printf(sb, "%u face%s", d->nfaces, d->nfaces == 1 ? "" : "s");
	for (size_t g = 0; g < d->ngroups; g++) {
		if (d->ngroups == 1)
			sb_puts(sb, ", each ");
		else
			sb_printf(sb, "%s%u ", g == 0 ? ": " : ", then ", d->groups[g].count);
		sb_printf(sb, "within %d..%d", d->groups[g].face_min, d->groups[g].face_max);
	}
}

/* How many faces form f of a distance reads: the dice it rolls. */
static size_t form_faces(const rtab_ruleset *rs, const rtab_distance_form *f)
{
	size_t n = 0;
	for (size_t i = 0; i < f->value.ninstrs; i++)
		if (f->value.instrs[i].op == RTAB_OP_ROLL && (size_t)f->value.instrs[i].arg < rs->ndice)
			n += rs->dice[f->value.instrs[i].arg].nfaces;
	return n;
}

static int parse_faces(const char *roll, int32_t *faces, size_t *nfaces)
{
	const char *p = roll;
	*nfaces = 0;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (end == p || errno || v < -100000 || v > 100000 || (*end && *end != ','))
			return usage_error("eval", "--roll takes die faces like 3 or 6,6, not '%s'", roll);
		if (*nfaces == RTAB_MAX_FACES)
			return usage_error("eval", "--roll takes at most %d faces", RTAB_MAX_FACES);
		faces[(*nfaces)++] = (int32_t)v;
		if (!*end)
			return EXIT_OK;
		p = end + 1;
	}
}

/* A --drm that takes the modified roll beyond what rtab check proved: say so, naming the roll. */
static void beyond_checked(const model *m, size_t t, const eval_args *a, const rtab_result *r,
			   int rc)
{
	const model_table *mt = &m->tables[t];
	const rtab_table *tab = &m->rs.tables[t];
	if (!a->has_drm || (rc != RTAB_OK && rc != RTAB_E_NO_ROW) || r->automatic ||
	    (r->modified_roll >= mt->reach_lo && r->modified_roll <= mt->reach_hi))
		return;
	strbuf then = {0};
	if (rc == RTAB_E_NO_ROW && tab->ncolumns > 1)
		sb_printf(&then, "column '%s' has no row for it", tab->columns[r->column].id);
	else
		sb_puts(&then, rc == RTAB_E_NO_ROW ? "no row takes it" : "the result is the open end's row");
	cli_warning("eval", a->diag,
		    "--drm %+ld takes the modified roll to %ld (natural %ld, modifier %+ld), beyond the rolls %lld..%lld that rtab check proved for table '%s': %s",
		    a->drm, (long)r->modified_roll, (long)r->natural, (long)r->modifier,
		    (long long)mt->reach_lo, (long long)mt->reach_hi, tab->id, then.data);
	sb_free(&then);
}

static int eval_table(const model *m, size_t t, const int32_t *inputs, const eval_args *a,
		      report *rep)
{
	const rtab_ruleset *rs = &m->rs;
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces = 0;
	rtab_result r;
	const rtab_dice *d = rs->tables[t].dice == RTAB_NO_DICE ? NULL : &rs->dice[rs->tables[t].dice];

	if (!d && a->roll)
		return usage_error("eval", "table '%s' rolls no dice: it is keyed by its modifiers alone; drop --roll",
				   a->table);
	if (a->nrolls > 1)
		return usage_error("eval", "table '%s' takes one --roll", a->table);
	if (cli_step_drm("eval", rs, t, a->drm) != EXIT_OK)
		return EXIT_USAGE;
	int forced = -1;
	if (a->drm_modifier) {
		int status = cli_drm_modifier("eval", rs, t, a->drm_modifier, a->file, &forced);
		if (status != EXIT_OK)
			return status;
	}
	if (d && a->roll) {
		int status = parse_faces(a->roll, faces, &nfaces);
		if (status != EXIT_OK)
			return status;
	}
	int rc = forced >= 0 ? resolve_with_modifier(rs, t, inputs, rs->ninputs, faces, nfaces, (size_t)forced, &r)
			     : rtab_resolve(rs, t, inputs, rs->ninputs, faces, nfaces, (int32_t)a->drm, &r);
	beyond_checked(m, t, a, &r, rc);
	if (rc == RTAB_E_FACES && !a->roll)
		return usage_error("eval", "table '%s' needs the natural die faces: --roll F%s",
				   a->table, d->nfaces > 1 ? ",F..." : "");
	if (rc == RTAB_E_NO_RESULT) {
		report_no_result(rep, &r);
		return EXIT_OK;
	}
	if (rc == RTAB_E_FACES) {
		strbuf need = {0};
		dice_faces_phrase(&need, d);
		rc = usage_error("eval", "table '%s' rolls %s: give %s", a->table, d->id, need.data);
		sb_free(&need);
		return rc;
	}
	if (rc != RTAB_OK) {
		cli_error("eval", a->diag, "%s: %s", a->table, rtab_status_message(rc));
		return EXIT_INPUT;
	}
	report_table(rep, &r, faces, nfaces);
	return EXIT_OK;
}

/* The status of a resolution other than a table's. */
static int resolved(const eval_args *a, int rc)
{
	if (rc != RTAB_OK) {
		cli_error("eval", a->diag, "%s: %s", a->table, rtab_status_message(rc));
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

static int eval_reactions(const model *m, size_t k, const int32_t *inputs, const eval_args *a,
		              report *rep)
{
	const rtab_ruleset *rs = &m->rs;
	int rc;
	size_t cap = rs->reaction_sets[k].noptions, n = 0;
	uint16_t *opts = xcalloc(cap ? cap : 1, sizeof *opts); /* every option, however many */
	rc = rtab_reactions(rs, k, inputs, rs->ninputs, opts, cap, &n);
	if (rc == RTAB_OK)
		report_reactions(rep, k, opts, n < cap ? n : cap);
	free(opts);
	return resolved(a, rc);
}

static int eval_transition(const model *m, size_t k, const int32_t *inputs, const eval_args *a,
		               report *rep)
{
	const rtab_ruleset *rs = &m->rs;
	int rc;
	int32_t next;
	rc = rtab_transition_next(rs, k, inputs, rs->ninputs, &next);
	if (rc == RTAB_OK)
		report_transition(rep, k, inputs[rs->transitions[k].input], next);
	return resolved(a, rc);
}

static int eval_distance(const model *m, size_t k, const int32_t *inputs, const eval_args *a,
		             report *rep)
{
	const rtab_ruleset *rs = &m->rs;
	int rc;
	const rtab_distance *dist = &rs->distances[k];
	int32_t values[8];
	bool ok[8] = {false};
	size_t nok = 0;
	reasons why = {0};
	/* One --roll for every form, or one per form when they roll different dice. */
	if (a->nrolls > 1 && a->nrolls != dist->nforms)
		return usage_error("eval", "distance '%s' has %u form%s: give one --roll for all, or one per form",
				   a->table, dist->nforms, dist->nforms == 1 ? "" : "s");
	rc = RTAB_OK;
	for (size_t f = 0; f < dist->nforms && f < 8; f++) {
		int32_t faces[RTAB_MAX_FACES];
		size_t nfaces = 0;
		const char *roll = a->nrolls > 1 ? a->rolls[f] : a->roll;
		reasons form_why = {0};
		if (roll && parse_faces(roll, faces, &nfaces) != EXIT_OK)
			return EXIT_USAGE;
		int frc = rtab_distance_eval_why(rs, k, f, inputs, rs->ninputs, faces,
						 nfaces, &values[f], form_why.why,
						 RTAB_MAX_REASONS, &form_why.total);
		ok[f] = frc == RTAB_OK;
		nok += ok[f];
		form_why.n = form_why.total < RTAB_MAX_REASONS ? form_why.total : RTAB_MAX_REASONS;
		for (size_t i = 0; ok[f] && i < form_why.n; i++)
			reasons_add(&why, form_why.why[i]);
		if (frc != RTAB_OK && frc != RTAB_E_FACES)
			rc = frc;
	}
	if (rc == RTAB_OK && nok < dist->nforms && (nok == 0 || a->nrolls > 1)) {
		/* Say what each form needs rather than hide it. */
		strbuf need = {0};
		for (size_t f = 0; f < dist->nforms; f++)
			sb_printf(&need, "%s%s: %zu", f ? ", " : "", dist->forms[f].unit,
				  form_faces(rs, &dist->forms[f]));
		rc = usage_error("eval", "distance '%s' needs one face per die each form rolls (%s); give --roll F,F... once for all forms, or once per form",
				 a->table, need.data);
		sb_free(&need);
		return rc;
	}
	if (rc == RTAB_OK)
		report_distance(rep, k, values, ok, &why);
	return resolved(a, rc);
}

static int eval_procedure(const model *m, size_t k, const int32_t *inputs, const eval_args *a,
		              report *rep)
{
	const rtab_ruleset *rs = &m->rs;
	int rc;
	int32_t step;
	rc = rtab_procedure_step_first(rs, k, inputs, rs->ninputs, &step);
	if (rc == RTAB_OK)
		report_procedure(rep, k, step);
	return resolved(a, rc);
}

/* What eval does with each kind of definition: the kinds of check/target_kinds.h
 * are resolved, and naming any other says why it is not. */
typedef struct evaluator {
	int (*eval)(const model *m, size_t k, const int32_t *inputs, const eval_args *a, report *rep);
	bool drm; /* takes --drm */
	const char *reason;
} evaluator;

#define NOT_EVALUABLE(what) \
	NOT_APPLICABLE(what "; eval names a table, reaction set, transition, distance or procedure")
#define eval_RULESET NOT_EVALUABLE("the ruleset is the whole file")
#define eval_DICE NOT_EVALUABLE("dice are rolled by the tables that name them")
#define eval_ENUM NOT_EVALUABLE("an enum is a list of values, resolved by nothing")
#define eval_INPUT NOT_EVALUABLE("an input is set with --set")
#define eval_EFFECT NOT_EVALUABLE("an effect is what an outcome does")
#define eval_OUTCOME NOT_EVALUABLE("an outcome is what a table gives")
#define eval_MODIFIER NOT_EVALUABLE("a modifier is applied by the tables that list it")
#define eval_TABLE {.eval = eval_table, .drm = true}
#define eval_MATRIX NOT_EVALUABLE("a matrix is read by the expressions that name it")
#define eval_BAND NOT_EVALUABLE("a ratio is read by the expressions that name it")
#define eval_GROUP NOT_EVALUABLE("a group stacks the modifiers of tables")
#define eval_REACTIONS {.eval = eval_reactions}
#define eval_TRANSITION {.eval = eval_transition}
#define eval_DISTANCE {.eval = eval_distance}
#define eval_PROCEDURE {.eval = eval_procedure}
#define eval_OUTCOMES NOT_EVALUABLE("an outcome group is read by 'rtab odds'")
#define eval_EXAMPLE NOT_EVALUABLE("an example is checked by 'rtab test'")
#define eval_REQUIRE NOT_EVALUABLE("a requirement is checked on the situation of whatever is evaluated")

static const evaluator evaluators[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = eval_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(evaluators);

construct_use eval_kind_use(def_kind kind)
{
	return CONSTRUCT_USE(evaluators[kind], eval);
}

/* Resolve what a->table names, or say why nothing can be. */
static int eval_named(const model *m, const eval_args *a, const int32_t *inputs, report *rep)
{
	const rtab_ruleset *rs = &m->rs;
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		int i = evaluators[k].eval ? target_find(rs, (def_kind)k, a->table) : -1;
		if (i >= 0 && a->has_drm && !evaluators[k].drm)
			return usage_error("eval", "--drm applies to tables only");
		strbuf broken = {0};
		if (i >= 0 && requirement_broken_text(rs, inputs, &broken)) {
			cli_error("eval", a->diag, "%s: the situation breaks %s", a->table, broken.data);
			sb_free(&broken);
			return EXIT_INPUT;
		}
		if (i >= 0)
			return evaluators[k].eval(m, (size_t)i, inputs, a, rep);
	}
	for (int k = 0; k < DEF_KIND_COUNT_; k++)
		if (!evaluators[k].eval && model_find(m, (def_kind)k, a->table) >= 0)
			return usage_error("eval", "%s '%s' cannot be evaluated: %s", def_kind_name((def_kind)k),
					   a->table, evaluators[k].reason);
	strbuf sb = {0};
	cli_list_choices(&sb, &rs->tables[0].id, rs->ntables, sizeof(rtab_table));
	cli_list_choices(&sb, &rs->reaction_sets[0].id, rs->nreaction_sets,
		     sizeof(rtab_reaction_set));
	cli_list_choices(&sb, &rs->transitions[0].id, rs->ntransitions, sizeof(rtab_transition));
	cli_list_choices(&sb, &rs->distances[0].id, rs->ndistances, sizeof(rtab_distance));
	cli_list_choices(&sb, &rs->procedures[0].id, rs->nprocedures, sizeof(rtab_procedure));
	int status = usage_error("eval", "nothing named '%s' in %s (names: %s)", a->table,
				 a->file, sb.data ? sb.data : "none");
	sb_free(&sb);
	return status;
}

int cmd_eval(cli_ctx *c, int argc, char **argv)
{
	eval_args a = {.diag = &c->diag};
	loaded l;
	size_t locale = 0;
	int32_t *inputs = NULL;
	c->diag.errors_only = true; /* quiet about the file's warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);

	if (status == EXIT_OK && (!a.file || !a.table))
		status = usage_error("eval", "give a FILE and the NAME of a table, reaction set, transition, distance or procedure");
	else if (status == EXIT_OK && a.json && a.explain)
		status = usage_error("eval", "--json and --explain exclude each other");
	if (status)
		return status < 0 ? EXIT_OK : status;
	if (!cli_load(&l, a.file, c->edition, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	strbuf out = {0};
	status = cli_locale("eval", rs, c->locale, NULL, &locale);
	if (status != EXIT_OK)
		goto done;
	model_rules_in_locale(&l.model, locale);
	status = cli_sets_inputs("eval", rs, &a.sets, &inputs);
	if (status != EXIT_OK)
		goto done;

	report rep = {&out, rs, locale,
		      a.json ? REPORT_JSON : a.explain ? REPORT_EXPLAIN : REPORT_TEXT, inputs,
		      &l.model};
	status = eval_named(&l.model, &a, inputs, &rep);
	if (status == EXIT_OK && out.data)
		fputs(out.data, stdout);
done:
	sb_free(&out);
	free(inputs);
	loaded_free(&l);
	return status;
}
