/* SPDX-License-Identifier: MIT */
/* A lowered ruleset as facets (see facets.h). */
#include "analysis/facets.h"

#include "analysis/quantity.h"

#include "text/expr_text.h"
#include "text/value_text.h"
#include "analysis/odds.h"
#include "base/ratio.h"
#include "check/passes/table_text.h"
#include "front/key_kinds.h"
#include "front/stackings.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *expr_text(const model *m, const rtab_expr *e)
{
	strbuf sb = {0};
	export_expr_text(&sb, m, e);
	return sb.data ? sb.data : xstrdup("");
}

/* Every field of the runtime's definitions, and whether the facets read it
 * (a test holds this list to rtab.h: a field added there fails it until it
 * is read here, or listed as derived). "-" marks what is derived from
 * fields read (counts, bounds computed by the compiler, indices whose
 * element is read by name). */
const char *const facet_fields[] = {
	"rtab_enum_value: id labels provisional",
	"rtab_enum: id labels rule rules -nvalues values",
	"rtab_input: id labels rule rules type enum_index min max default_value provisional list_role list_length list_item list_field step unit",
	"rtab_die_group: count face_min face_max",
	"rtab_dice: id rule rules -ngroups groups -nfaces -min -max provisional",
	"rtab_matrix: id labels rule rules -ndims dims cells provisional -min -max -cells8 -cells16 -reason_of -reasons",
	"rtab_band_step: num den value",
	"rtab_band: id labels rule rules -nsteps steps otherwise rounding provisional otherwise_provisional step_provisional",
	"rtab_group: id labels rule rules stacking capped cap_min cap_max",
	"rtab_modifier: id labels rule rules condition value -min -max sign group steps provisional",
	"rtab_param: id enum_index unit",
	"rtab_unit: id labels base num den tolerance",
	"rtab_effect_kind: id labels rule rules -nparams params",
	"rtab_effect: kind -nargs args",
	"rtab_target: kind index",
	"rtab_trigger_set: input value each earlier",
	"rtab_trigger: target unless rule provisional -nsets sets times rules",
	"rtab_outcome: id labels rule rules -neffects effects -ntriggers triggers -nvalues values numeric code",
	"rtab_special_value: id code value",
	"rtab_outcome_param: id min max -nspecials specials unit",
	"rtab_numeric_outcome: id labels rule rules code -nparams params",
	"rtab_row: outcome rule provisional rules",
	"rtab_row_note: -rule -provisional -rules",
	"rtab_natural_rule: -nfaces faces outcome rule provisional rules",
	"rtab_rewrite: from to condition rule provisional rules",
	"rtab_column: id labels row_of_roll below_row above_row kind automatic step_num step_den -row_of_roll8 note provisional",
	"rtab_table: id labels rule rules dice column_input column_of_value -ncolumns columns -nrows rows -nmodifiers "
	"modifiers capped cap_min cap_max -roll_min -roll_max step -nnatural natural -nrewrites rewrites key_kind "
	"rounding key_a key_b -nshifts shifts column_end_of_value -row_outcome8 -row_outcome16 -nrow_notes "
	"-row_notes -row_note -nrolls rolls -nround_ranges round_ranges -nlines line_key shift_stops "
	"-ncolumn_of_key column_of_key above_strict",
	"rtab_round_range: from_num from_den rounding",
	"rtab_table_roll: id nfaces sign",
	"rtab_option: id labels rule guard outcome provisional rules",
	"rtab_reaction_set: id labels rule rules -noptions options none_when",
	"rtab_transition: id labels rule rules input next provisional",
	"rtab_distance_form: value unit",
	"rtab_distance: id labels rule rules -nforms forms provisional",
	"rtab_procedure_step: id labels rule guard outcome provisional rules",
	"rtab_procedure: id labels rule rules -nsteps steps tie_break otherwise provisional",
	"rtab_requirement: id labels rule rules condition",
	NULL,
};

/* ---- collecting ------------------------------------------------------------ */

typedef struct builder {
	facet_set *s;
	const model *m;
	const rtab_ruleset *rs;
	facet_def *d;
	const ast_def *ast;
	const rtab_ruleset *other; /* the ruleset held against, or NULL */
} builder;

static void add(builder *b, src_loc loc, char *key, char *value)
{
	facet_def *d = b->d;
	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 16;
		d->facets = xrealloc(d->facets, d->cap * sizeof *d->facets);
	}
	d->facets[d->n++] = (facet){key, value, loc.line ? loc : d->loc, NULL, NULL, FACET_TEXT, NULL, NULL, NULL, NULL};
}

/* How the facet just added is compared by meaning. */
static void compared_as(builder *b, facet_compare how)
{
	b->d->facets[b->d->n - 1].compare = how;
}

/* The facet just added is an expression, compared as a function of the inputs. */
static void expr_facet(builder *b, const rtab_expr *e)
{
	compared_as(b, FACET_EXPR);
	b->d->facets[b->d->n - 1].expr = e;
}

/* The facet just added holds numbers in unit (none: compared as text). */
static void in_unit(builder *b, const char *unit, facet_compare how)
{
	if (!unit)
		return;
	facet *f = &b->d->facets[b->d->n - 1];
	if (f->compare == FACET_TEXT)
		f->compare = how;
	f->unit = unit;
}

/* key is printf'd; value is taken (may be NULL: no facet). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void addf(builder *b, src_loc loc, char *value, const char *keyfmt, ...)
{
	if (!value)
		return;
	strbuf key = {0};
	va_list ap;
	va_start(ap, keyfmt);
	sb_vprintf(&key, keyfmt, ap);
	va_end(ap);
	add(b, loc, key.data ? key.data : xstrdup(""), value);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* The labels of an element: one facet per locale that has one. */
static void add_labels(builder *b, src_loc loc, const char *of, rtab_labels labels,
		       const ast_stmt *body)
{
	if (!labels)
		return;
	for (size_t l = 0; l < b->rs->nlocales; l++) {
		if (!labels[l])
			continue;
		src_loc at = loc;
		for (const ast_stmt *s = body; s; s = s->next)
			if (s->kind == ST_LABEL && strcmp(s->name, b->rs->locales[l]) == 0)
				at = s->text_loc;
		addf(b, at, xstrdup(labels[l]), "%s%slabel %s", of, *of ? " " : "", b->rs->locales[l]);
		facet *f = &b->d->facets[b->d->n - 1];
		f->locale = b->rs->locales[l];
		f->label_of = xstrdup(of);
	}
}

static const ast_stmt *find_stmt(const ast_stmt *body, stmt_kind kind, const char *name, size_t nth)
{
	for (const ast_stmt *s = body; s; s = s->next) {
		if (s->kind != kind || (name && (!s->name || strcmp(s->name, name) != 0)))
			continue;
		if (nth-- == 0)
			return s;
	}
	return NULL;
}

static src_loc stmt_loc(const builder *b, stmt_kind kind, const char *name, size_t nth)
{
	const ast_stmt *s = b->ast ? find_stmt(b->ast->body, kind, name, nth) : NULL;
	return s ? s->loc : (src_loc){0, 0};
}

/* The range a matrix's or a ratio's values are declared 'within': a bound of
 * the source that the lowered data (only the values given) does not keep. */
static void within_facet(builder *b)
{
	const ast_stmt *s = b->ast ? find_stmt(b->ast->body, ST_DOMAIN, NULL, 0) : NULL;
	if (s)
		addf(b, s->loc, xasprintf("%lld..%lld", (long long)s->lo, (long long)s->hi), "within");
}

static void begin(builder *b, def_kind kind, size_t i, const char *id, rtab_labels labels,
		  const char *rule, rtab_labels rules)
{
	facet_set *s = b->s;
	s->defs = xrealloc(s->defs, (s->n + 1) * sizeof *s->defs);
	facet_def *d = &s->defs[s->n++];
	memset(d, 0, sizeof *d);
	b->ast = i < b->m->ndefs[kind] ? b->m->defs[kind][i] : NULL;
	d->kind = kind;
	d->id = id;
	d->loc = b->ast ? b->ast->id_loc : (src_loc){0, 0};
	d->labels = labels;
	b->d = d;
	addf(b, d->loc, dup_or_null(rule), "rule");
	if (rule)
		compared_as(b, FACET_REFERENCE);
	for (size_t l = 0; rules && l < b->rs->nlocales; l++) {
		addf(b, d->loc, dup_or_null(rules[l]), "rule %s", b->rs->locales[l]);
		if (rules[l])
			compared_as(b, FACET_LOCALE_REFERENCE);
	}
	add_labels(b, d->loc, "", labels, b->ast ? b->ast->body : NULL);
}

/* A part's references per locale beside its facet "ELEM rule" (key): "ELEM
 * rule LOCALE", as a definition's are beside its "rule". */
static void part_refs(builder *b, src_loc at, const char *key, rtab_labels rules)
{
	for (size_t l = 0; rules && l < b->rs->nlocales; l++)
		if (rules[l]) {
			addf(b, at, xstrdup(rules[l]), "%s %s", key, b->rs->locales[l]);
			compared_as(b, FACET_LOCALE_REFERENCE);
		}
}

static char *signed_text(int64_t v)
{
	return xasprintf("%s%lld", v > 0 ? "+" : "", (long long)v);
}

static char *value_of(const rtab_ruleset *rs, int enum_index, int64_t v)
{
	if (enum_index >= 0 && enum_index < rs->nenums && v >= 0 && v < rs->enums[enum_index].nvalues)
		return xstrdup(rs->enums[enum_index].values[v].id);
	return xasprintf("%lld", (long long)v);
}

static char *target_text(const rtab_ruleset *rs, rtab_target t)
{
	switch (t.kind) {
	case RTAB_TARGET_TABLE: return t.index < rs->ntables ? xstrdup(rs->tables[t.index].id) : NULL;
	case RTAB_TARGET_REACTIONS: return t.index < rs->nreaction_sets ? xstrdup(rs->reaction_sets[t.index].id) : NULL;
	case RTAB_TARGET_TRANSITION: return t.index < rs->ntransitions ? xstrdup(rs->transitions[t.index].id) : NULL;
	case RTAB_TARGET_DISTANCE: return t.index < rs->ndistances ? xstrdup(rs->distances[t.index].id) : NULL;
	case RTAB_TARGET_PROCEDURE: return t.index < rs->nprocedures ? xstrdup(rs->procedures[t.index].id) : NULL;
	default: return NULL;
	}
}

static const char *outcome_id(const rtab_ruleset *rs, int o)
{
	return o >= 0 && o < rs->noutcomes ? rs->outcomes[o].id : "(none)";
}

static void ruleset_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	begin(b, DEF_RULESET, 0, rs->id, rs->title, b->m->ruleset_def ? b->m->ruleset_def->rule : NULL,
	      rs->rules);
	strbuf sb = {0};
	for (size_t l = 0; l < rs->nlocales; l++)
		sb_printf(&sb, "%s%s", l ? ", " : "", rs->locales[l]);
	addf(b, stmt_loc(b, ST_LOCALES, NULL, 0), sb.data ? sb.data : xstrdup(""), "locales");
	addf(b, b->d->loc, xstrdup(rs->id), "id");
	addf(b, stmt_loc(b, ST_EXACT, NULL, 0), xasprintf("1/%d", rs->scale > 1 ? (int)rs->scale : 1),
	     "exact");
	for (size_t u = 0; u < rs->nunits; u++) {
		const rtab_unit *x = &rs->units[u];
		strbuf def = {0};
		if (x->base >= 0 && x->base < rs->nunits)
			sb_printf(&def, "= %s * %lld/%lld", rs->units[x->base].id, (long long)x->num,
				  (long long)x->den);
		else
			sb_puts(&def, "a unit of its own");
		if (x->tolerance >= 0)
			sb_printf(&def, " within %g%%", x->tolerance / 1000.0);
		/* The declaration of this unit, for the places of its facets. */
		const ast_stmt *decl = NULL;
		for (const ast_stmt *s = b->ast ? b->ast->body : NULL; s && !decl; s = s->next)
			for (const ast_id *i = s->kind == ST_UNIT ? s->ids : NULL; i && !decl; i = i->next)
				if (strcmp(i->id, x->id) == 0)
					decl = s;
		addf(b, decl ? decl->loc : stmt_loc(b, ST_UNIT, NULL, 0), def.data, "unit %s", x->id);
		char of[160];
		snprintf(of, sizeof of, "unit %s", x->id);
		add_labels(b, decl ? decl->loc : b->d->loc, of, x->labels, decl ? decl->body : NULL);
	}
}

static void dice_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < b->m->ndefs[DEF_DICE] && i < rs->ndice; i++) {
		const rtab_dice *d = &rs->dice[i];
		begin(b, DEF_DICE, i, d->id, NULL, d->rule, d->rules);
		strbuf sb = {0};
		for (size_t g = 0; g < d->ngroups; g++) {
			const rtab_die_group *dg = &d->groups[g];
			sb_printf(&sb, "%s%ud%d", g ? " + " : "", dg->count, dg->face_max - dg->face_min + 1);
			if (dg->face_min != 1)
				sb_printf(&sb, " faces %d..%d", dg->face_min, dg->face_max);
		}
		addf(b, b->d->loc, sb.data ? sb.data : xstrdup(""), "dice");
		addf(b, stmt_loc(b, ST_PROVISIONAL, NULL, 0), dup_or_null(d->provisional), "provisional");
	}
}

static void enum_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nenums; i++) {
		const rtab_enum *e = &rs->enums[i];
		begin(b, DEF_ENUM, i, e->id, e->labels, e->rule, e->rules);
		/* The order numbers the values (their C constants, what inputs store). */
		strbuf order = {0};
		for (size_t v = 0; v < e->nvalues; v++)
			sb_printf(&order, "%s%s", v ? ", " : "", e->values[v].id);
		addf(b, b->d->loc, order.data ? order.data : xstrdup(""), "order");
		compared_as(b, FACET_ENUM_ORDER);
		for (size_t v = 0; v < e->nvalues; v++) {
			const ast_stmt *s = b->ast ? find_stmt(b->ast->body, ST_VALUE, e->values[v].id, 0) : NULL;
			src_loc at = s ? s->name_loc : b->d->loc;
			addf(b, at, xstrdup("defined"), "value '%s'", e->values[v].id);
			const ast_stmt *mark = s ? find_stmt(s->body, ST_PROVISIONAL, NULL, 0) : NULL;
			addf(b, mark ? mark->loc : at, dup_or_null(e->values[v].provisional), "value '%s' provisional",
			     e->values[v].id);
			char *of = xasprintf("value '%s'", e->values[v].id);
			add_labels(b, at, of, e->values[v].labels, s ? s->body : NULL);
			free(of);
		}
	}
}

/* "number 0..40 by 0.5": a number input's domain, exact. */
static char *exact_type(const rtab_ruleset *rs, const rtab_input *in)
{
	strbuf sb = {0};
	export_number_domain(&sb, rs, in);
	return sb.data;
}

static void input_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->ninputs; i++) {
		const rtab_input *in = &rs->inputs[i];
		/* A list's field is declared once: its first item stands for all (the
		 * list's length, whose type says how many, is a facet of its own). */
		if (in->list_role == RTAB_LIST_FIELD && in->list_item != 1)
			continue;
		const ast_def *ad = i < b->m->ndefs[DEF_INPUT] ? b->m->defs[DEF_INPUT][i] : NULL;
		begin(b, DEF_INPUT, i, ad && ad->list_name ? ad->list_name : in->id, in->labels, in->rule, in->rules);
		char *type = in->list_role == RTAB_LIST_LENGTH ? xasprintf("list %d..%d", in->min, in->max)
			     : in->type == RTAB_TYPE_BOOL ? xstrdup("bool")
			     : in->type == RTAB_TYPE_ENUM && in->enum_index >= 0 && in->enum_index < rs->nenums
				     ? xstrdup(rs->enums[in->enum_index].id)
				     : in->step > 0 ? exact_type(rs, in)
				     : xasprintf("int %d..%d", in->min, in->max);
		addf(b, b->ast ? b->ast->type.loc : b->d->loc, type, "type");
		in_unit(b, in->unit, FACET_QUANTITY);
		char num[32];
		char *def = in->type == RTAB_TYPE_BOOL ? xstrdup(in->default_value ? "true" : "false")
			    : in->step > 0 && rtab_format_exact(in->default_value, rs->scale, num, sizeof num) == RTAB_OK
				    ? xstrdup(num)
				    : value_of(rs, in->type == RTAB_TYPE_ENUM ? in->enum_index : -1,
								  in->default_value);
		addf(b, b->ast && b->ast->init ? b->ast->init->loc : b->d->loc, def, "default");
		in_unit(b, in->unit, FACET_QUANTITY);
		addf(b, stmt_loc(b, ST_PROVISIONAL, NULL, 0), dup_or_null(in->provisional), "provisional");
		addf(b, b->ast && b->ast->type.unit ? b->ast->type.unit_loc : b->d->loc, dup_or_null(in->unit),
		     "unit");
		in_unit(b, in->unit, FACET_UNIT);
		if (in->list_role == RTAB_LIST_LENGTH)
			addf(b, b->d->loc, xstrdup("the length of a list"), "list");
		else if (in->list_role == RTAB_LIST_FIELD && in->list_length >= 0 &&
			 in->list_length < rs->ninputs)
			addf(b, b->d->loc,
			     xasprintf("field %s of item %u of list %s", in->list_field ? in->list_field : "?",
				       in->list_item, rs->inputs[in->list_length].id),
			     "list");
	}
}

static void effect_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->neffect_kinds; i++) {
		const rtab_effect_kind *k = &rs->effect_kinds[i];
		begin(b, DEF_EFFECT, i, k->id, k->labels, k->rule, k->rules);
		strbuf sb = {0};
		for (size_t p = 0; p < k->nparams; p++)
			sb_printf(&sb, "%s%s: %s", p ? ", " : "", k->params[p].id,
				  k->params[p].enum_index >= 0 && k->params[p].enum_index < rs->nenums
					  ? rs->enums[k->params[p].enum_index].id : "int");
		addf(b, b->d->loc, sb.data ? sb.data : xstrdup(""), "parameters");
		for (size_t p = 0; p < k->nparams; p++) {
			addf(b, b->d->loc, dup_or_null(k->params[p].unit), "parameter '%s' unit", k->params[p].id);
			in_unit(b, k->params[p].unit, FACET_UNIT);
		}
	}
}

/* The one unit of an effect's integer parameters, or NULL (none, or not one). */
static const char *effect_unit(const rtab_effect_kind *k)
{
	const char *unit = NULL;
	for (size_t p = 0; p < k->nparams; p++) {
		if (k->params[p].enum_index >= 0)
			continue;
		if (!k->params[p].unit || (unit && strcmp(unit, k->params[p].unit) != 0))
			return NULL;
		unit = k->params[p].unit;
	}
	return unit;
}

/* The one unit of an outcome's numbers, or NULL (none, or not one). */
static const char *numbers_unit(const rtab_numeric_outcome *n)
{
	const char *unit = NULL;
	for (size_t p = 0; p < n->nparams; p++) {
		if (!n->params[p].unit || (unit && strcmp(unit, n->params[p].unit) != 0))
			return NULL;
		unit = n->params[p].unit;
	}
	return unit;
}

/* Whether e is a whole constant (2, -2), and which. */
static bool constant_value(const rtab_expr *e, int64_t *v)
{
	if (e->ninstrs == 1 && e->instrs[0].op == RTAB_OP_CONST) {
		*v = e->instrs[0].arg;
		return true;
	}
	if (e->ninstrs == 2 && e->instrs[0].op == RTAB_OP_CONST && e->instrs[1].op == RTAB_OP_NEG) {
		*v = -(int64_t)e->instrs[0].arg;
		return true;
	}
	return false;
}

static void outcome_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->noutcomes; i++) {
		const rtab_outcome *o = &rs->outcomes[i];
		/* An outcome with numbers put in has its declaration's labels (compared
		 * there, once), not labels of its own. */
		begin(b, DEF_OUTCOME, i, o->id, o->nvalues ? NULL : o->labels, o->rule, o->rules);
		/* An outcome with numbers prints its numbers in its declaration's
		 * pattern: compared as its numbers and that pattern. */
		if (!o->nvalues) {
			addf(b, stmt_loc(b, ST_CODE, NULL, 0), dup_or_null(o->code), "code");
			if (o->code) /* a translated book prints its own codes */
				compared_as(b, FACET_CODE);
		}
		for (size_t e = 0; e < o->neffects; e++) {
			const rtab_effect *ef = &o->effects[e];
			if (ef->kind >= rs->neffect_kinds)
				continue;
			strbuf sb = {0};
			export_effect_text(&sb, rs, ef);
			addf(b, stmt_loc(b, ST_EFFECT, NULL, e), sb.data, "effect %zu", e + 1);
			in_unit(b, effect_unit(&rs->effect_kinds[ef->kind]), FACET_QUANTITY);
		}
		for (size_t t = 0; t < o->ntriggers; t++) {
			const rtab_trigger *tr = &o->triggers[t];
			char *name = target_text(rs, tr->target);
			if (!name)
				continue;
			/* A target triggered twice (once per side) is told apart by its order. */
			size_t nth = 0;
			for (size_t k = 0; k < t; k++)
				nth += o->triggers[k].target.kind == tr->target.kind &&
				       o->triggers[k].target.index == tr->target.index;
			char *target = nth ? xasprintf("%s #%zu", name, nth + 1) : xstrdup(name);
			src_loc at = stmt_loc(b, ST_TRIGGER, name, nth);
			addf(b, at, xstrdup("yes"), "trigger %s", target);
			if (tr->unless.ninstrs) {
				addf(b, at, expr_text(b->m, &tr->unless), "trigger %s unless", target);
				expr_facet(b, &tr->unless);
			}
			if (tr->times.ninstrs) {
				addf(b, at, expr_text(b->m, &tr->times), "trigger %s times", target);
				expr_facet(b, &tr->times);
			}
			for (size_t k = 0; k < tr->nsets; k++)
				if (tr->sets[k].input < rs->ninputs) {
					const rtab_trigger_set *st = &tr->sets[k];
					const rtab_input *set = &rs->inputs[st->input];
					int64_t value;
					/* An enum value by its name: the two files may number it otherwise. */
					bool named = st->each == RTAB_SET_SAME && set->type == RTAB_TYPE_ENUM &&
						     constant_value(&st->value, &value);
					char *v = st->each == RTAB_SET_REPEAT ? xstrdup("repeat")
						  : st->each == RTAB_SET_EARLIER && st->earlier < rs->noutcomes
						  ? xasprintf("earlier %s", rs->outcomes[st->earlier].id)
						  : named ? value_of(rs, set->enum_index, value)
						  : expr_text(b->m, &st->value);
					addf(b, at, v, "trigger %s sets %s", target, rs->inputs[st->input].id);
					/* 'repeat' and 'earlier X' differ per repeat: their words are
					 * compared, not the first repeat's value (1, false). */
					if (st->each == RTAB_SET_SAME && !named) {
						expr_facet(b, &tr->sets[k].value);
						in_unit(b, rs->inputs[tr->sets[k].input].unit, FACET_EXPR);
					}
				}
			if (tr->rule) {
				addf(b, at, xstrdup(tr->rule), "trigger %s rule", target);
				compared_as(b, FACET_REFERENCE);
				part_refs(b, at, b->d->facets[b->d->n - 1].key, tr->rules);
			}
			if (tr->provisional)
				addf(b, at, xstrdup(tr->provisional), "trigger %s provisional", target);
			free(target);
			free(name);
		}
		if (o->nvalues && o->numeric < rs->nnumeric_outcomes) {
			strbuf sb = {0};
			for (size_t v = 0; v < o->nvalues; v++)
				sb_printf(&sb, "%s%ld", v ? ", " : "", (long)o->values[v]);
			addf(b, b->d->loc, xasprintf("%s(%s)", rs->numeric_outcomes[o->numeric].id,
						      sb.data ? sb.data : ""), "numbers");
			in_unit(b, numbers_unit(&rs->numeric_outcomes[o->numeric]), FACET_QUANTITY);
			sb_free(&sb);
		}
	}
	/* Outcomes declared with numeric parameters: compared as outcomes. */
	for (size_t i = 0; i < rs->nnumeric_outcomes; i++) {
		const rtab_numeric_outcome *n = &rs->numeric_outcomes[i];
		begin(b, DEF_OUTCOME, SIZE_MAX, n->id, n->labels, n->rule, n->rules);
		b->ast = i < b->m->nnumeric ? b->m->numeric_defs[i] : NULL;
		if (b->ast) {
			/* begin() knew no syntax for it: place its rule and labels now. */
			b->d->loc = b->ast->id_loc;
			for (size_t k = 0; k < b->d->n; k++) {
				facet *f = &b->d->facets[k];
				f->loc = b->ast->id_loc;
				for (const ast_stmt *s = b->ast->body; s && f->locale; s = s->next)
					if (s->kind == ST_LABEL && strcmp(s->name, f->locale) == 0)
						f->loc = s->text_loc;
			}
		}
		strbuf sb = {0};
		export_numeric_params_text(&sb, n, model_numeric_flags(b->m, i));
		addf(b, b->d->loc, sb.data ? sb.data : xstrdup(""), "parameters");
		in_unit(b, numbers_unit(n), FACET_QUANTITY);
		addf(b, b->d->loc, dup_or_null(n->code), "code");
		if (n->code)
			compared_as(b, FACET_CODE);
	}
}

static void modifier_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nmodifiers; i++) {
		const rtab_modifier *md = &rs->modifiers[i];
		begin(b, DEF_MODIFIER, i, md->id, md->labels, md->rule, md->rules);
		/* A constant value counts by its sign: 'for defender; value 2' adds what
		 * 'value -2' adds, to a total modifier as to a column shift. */
		int64_t constant;
		bool fixed = constant_value(&md->value, &constant);
		addf(b, stmt_loc(b, ST_FOR, NULL, 0), xstrdup(md->sign < 0 ? "defender" : "attacker"), "for");
		char *counted = fixed ? xasprintf("%+lld, counted", (long long)(md->sign < 0 ? -constant : constant)) : NULL;
		if (fixed)
			b->d->facets[b->d->n - 1].meaning = xstrdup(counted);
		if (md->condition.ninstrs) {
			addf(b, stmt_loc(b, ST_WHEN, NULL, 0), expr_text(b->m, &md->condition), "when");
			expr_facet(b, &md->condition);
		}
		addf(b, stmt_loc(b, ST_AMOUNT, NULL, 0), expr_text(b->m, &md->value), "value");
		expr_facet(b, &md->value);
		if (fixed)
			b->d->facets[b->d->n - 1].meaning = counted;
		if (md->group >= 0 && md->group < rs->ngroups)
			addf(b, stmt_loc(b, ST_GROUP, NULL, 0), xstrdup(rs->groups[md->group].id), "group");
		strbuf sb = {0};
		for (size_t s = 0; s < rs->nsteps && s < 32; s++)
			if (md->steps & (UINT32_C(1) << s))
				sb_printf(&sb, "%s%s", sb.len ? ", " : "", rs->steps[s]);
		addf(b, stmt_loc(b, ST_STEPS, NULL, 0), sb.data, "steps");
		addf(b, stmt_loc(b, ST_PROVISIONAL, NULL, 0), dup_or_null(md->provisional), "provisional");
	}
}

static void matrix_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nmatrices; i++) {
		const rtab_matrix *mx = &rs->matrices[i];
		begin(b, DEF_MATRIX, i, mx->id, mx->labels, mx->rule, mx->rules);
		strbuf keys = {0};
		size_t ncells = 1;
		bool ok = true;
		for (size_t k = 0; k < mx->ndims; k++) {
			ok &= mx->dims[k] < rs->nenums;
			if (!ok)
				break;
			sb_printf(&keys, "%s%s", k ? ", " : "", rs->enums[mx->dims[k]].id);
			ncells *= rs->enums[mx->dims[k]].nvalues;
		}
		addf(b, b->d->loc, keys.data ? keys.data : xstrdup(""), "keys");
		within_facet(b);
		if (!ok)
			continue;
		src_loc def_at = stmt_loc(b, ST_DEFAULT, NULL, 0);
		for (size_t c = 0; c < ncells; c++) {
			/* Row-major: the last key varies fastest. */
			size_t rest = c, idx[16] = {0};
			for (size_t k = mx->ndims; k-- > 0;) {
				size_t nv = rs->enums[mx->dims[k]].nvalues;
				idx[k < 16 ? k : 15] = rest % nv;
				rest /= nv;
			}
			strbuf name = {0};
			for (size_t k = 0; k < mx->ndims && k < 16; k++)
				sb_printf(&name, "%s%s", k ? ", " : "", rs->enums[mx->dims[k]].values[idx[k]].id);
			/* The cell's own statement, else the default. */
			src_loc at = def_at;
			for (const ast_stmt *s = b->ast ? b->ast->body : NULL; s; s = s->next) {
				if (s->kind != ST_CELL)
					continue;
				size_t k = 0;
				const ast_id *id = s->ids;
				for (; id && k < mx->ndims && k < 16; id = id->next, k++)
					if (strcmp(id->id, rs->enums[mx->dims[k]].values[idx[k]].id) != 0)
						break;
				if (!id && k == mx->ndims)
					at = s->loc;
			}
			addf(b, at, signed_text(rtab_matrix_cell(mx, c)), "cell %s", name.data);
			if (rtab_matrix_reason(mx, c))
				addf(b, at, xstrdup(rtab_matrix_reason(mx, c)), "cell %s provisional", name.data);
			sb_free(&name);
		}
	}
}

static const char *rounding_name(uint8_t r)
{
	static const char *const names[] = {"evens",		"down",		   "up",       "nearest",
					    "linear, ties down", "linear, ties up", "more than"};
	return r < sizeof names / sizeof names[0] ? names[r] : "?";
}

/* Where the statement of that kind (shifts, above, below) is written in the
 * definition; fallback when it is not (a variant's own statement comes first). */
static src_loc words_loc(const builder *b, stmt_kind kind, src_loc fallback)
{
	const ast_stmt *s = b->ast ? find_stmt(b->ast->body, kind, NULL, 0) : NULL;
	return s ? s->loc : fallback;
}

/* The labels of a note on a whole column, once per id (a grid per variant
 * repeats the column), placed at its 'note' statement. */
static void column_note_facets(builder *b, const rtab_table *t, const model_table *mt, size_t c)
{
	const rtab_column *col = &t->columns[c];
	for (size_t k = 0; k < c; k++)
		if (strcmp(t->columns[k].id, col->id) == 0)
			return;
	const ast_stmt *s = b->ast ? b->ast->body : NULL;
	for (; s; s = s->next) {
		if (s->kind != ST_NOTE)
			continue;
		if (column_has_name(t, col, s->step))
			break;
	}
	char *of = xasprintf("column '%s' note", model_column_name(mt, t, c));
	add_labels(b, s ? s->loc : b->d->loc, of, col->note, s ? s->body : NULL);
	free(of);
}

/* Whether statement l (an odds line, a grid) names value. */
static bool serves_value(const ast_stmt *l, const char *value)
{
	bool serves = l->name && strcmp(l->name, value) == 0;
	for (const ast_id *id = l->ids; id && !serves; id = id->next)
		serves = strcmp(id->id, value) == 0;
	return serves;
}

/* Where the odds line serving value stands above its grid, or the grid of its own it has
 * ('grid swamp { ... }'); fallback when neither is found. */
static src_loc odds_line_loc(const model_table *mt, const char *value, src_loc fallback)
{
	for (const ast_stmt *l = mt->odds_grid ? mt->odds_grid->body : NULL; l && l->kind == ST_ODDS_LINE;
	     l = l->next)
		if (serves_value(l, value))
			return l->loc;
	for (const ast_stmt *g = mt->def ? mt->def->body : NULL; g; g = g->next)
		if (g->kind == ST_GRID && g != mt->odds_grid && serves_value(g, value))
			return g->loc;
	return fallback;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Under odds lines, the table's columns as its page prints them: a facet per
 * line ("odds line 'woods, town'": its odds over each result column, '-'
 * where it has none; "grid 'swamp'": the steps of a value's grid of its
 * own) and its ends once ('below', 'above'), not the columns each line is
 * lowered to. */
static void odds_line_facets(builder *b, const rtab_table *t, const model_table *mt, src_loc at)
{
	const rtab_ruleset *rs = b->rs;
	const rtab_input *in = &rs->inputs[t->column_input];
	bool ends_done = false;
	for (int32_t v = in->min; v <= in->max; v++) {
		size_t first = t->column_of_value[v - in->min], end = t->column_end_of_value[v - in->min];
		bool seen = false;
		for (int32_t u = in->min; u < v && !seen; u++)
			seen = t->column_of_value[u - in->min] == first;
		if (seen || first >= end || end > t->ncolumns)
			continue;
		strbuf names = {0}, steps = {0};
		/* The line's values by name, sorted: reordering the enum changes none. */
		char **served = xcalloc((size_t)((int64_t)in->max - v + 1), sizeof *served);
		size_t nserved = 0;
		for (int32_t u = v; u <= in->max; u++)
			if (t->column_of_value[u - in->min] == first)
				served[nserved++] = value_of(rs, in->type == RTAB_TYPE_ENUM ? in->enum_index : -1, u);
		if (in->type == RTAB_TYPE_ENUM)
			qsort(served, nserved, sizeof *served, cmp_name);
		for (size_t k = 0; k < nserved; k++) {
			sb_printf(&names, "%s%s", names.len ? ", " : "", served[k]);
			free(served[k]);
		}
		free(served);
		bool own = false; /* a grid of its own: rolled columns over no result column */
		for (size_t j = first; j < end; j++)
			own |= t->columns[j].kind == RTAB_COLUMN_ROLLED && !mt->result_of_column[j];
		for (size_t k = 0; own && k + first < end; k++)
			if (t->columns[first + k].kind == RTAB_COLUMN_ROLLED)
				sb_printf(&steps, "%s%d:%d", steps.len ? " " : "", t->columns[first + k].step_num,
					  t->columns[first + k].step_den);
		for (size_t k = 0; !own && k < mt->nresults; k++) {
			size_t j = first;
			while (j < end && mt->result_of_column[j] != k + 1)
				j++;
			if (j < end)
				sb_printf(&steps, "%s%d:%d", k ? " " : "", t->columns[j].step_num, t->columns[j].step_den);
			else
				sb_printf(&steps, "%s-", k ? " " : "");
		}
		src_loc line_at = at;
		if (in->type == RTAB_TYPE_ENUM && in->enum_index >= 0 && (size_t)in->enum_index < rs->nenums &&
		    v >= 0 && v < rs->enums[in->enum_index].nvalues)
			line_at = odds_line_loc(mt, rs->enums[in->enum_index].values[v].id, at);
		addf(b, line_at, steps.data, own ? "grid '%s'" : "odds line '%s'", names.data);
		sb_free(&names);
		for (size_t j = first; j < end && !ends_done; j++) {
			const rtab_column *col = &t->columns[j];
			if (col->kind == RTAB_COLUMN_ROLLED)
				continue;
			bool below = j == first;
			src_loc end_at = words_loc(b, below ? ST_BELOW : ST_ABOVE, at);
			/* 'above 6:1 DE': from its step; without one (a step no odds reach) it has none. */
			strbuf gives = {0};
			if (!below && (int64_t)col->step_num < (int64_t)RTAB_MAX_STEP_TERM * col->step_den)
				sb_printf(&gives, "from %d:%d, ", col->step_num, col->step_den);
			if (col->kind == RTAB_COLUMN_AUTOMATIC)
				sb_printf(&gives, "automatic %s", outcome_id(rs, col->automatic));
			else
				sb_puts(&gives, "no result");
			addf(b, end_at, gives.data, below ? "below" : "above");
			if (col->provisional)
				addf(b, end_at, xstrdup(col->provisional), "%s provisional", below ? "below" : "above");
		}
		ends_done = true;
	}
}

static src_loc grid_cell_loc(const model_table *mt, size_t c, int64_t v, src_loc anchor);

/* Where the grid of the first key's value `line` prints `value` over a column. */
static src_loc enum_header_loc(const model_table *mt, const char *line, const char *value, src_loc fallback)
{
	for (const ast_stmt *g = mt && mt->def ? mt->def->body : NULL; g; g = g->next) {
		if (g->kind != ST_GRID || !g->name)
			continue;
		bool serves = strcmp(g->name, line) == 0;
		for (const ast_id *i = g->ids; i && !serves; i = i->next)
			serves = strcmp(i->id, line) == 0;
		const ast_stmt *header = serves ? ast_grid_header(g) : NULL;
		for (const ast_cell *c = header ? header->cells : NULL; c; c = c->next)
			if (c->kind == CELL_NAME && strcmp(c->name, value) == 0)
				return c->loc;
	}
	return fallback;
}

/* Where the one grid of a table keyed by odds or a value prints the head of
 * its column c (the printed name over a value, or the step), so that a
 * column whose step changes is named where the page heads it; fallback for
 * a table of several grids or none. The header's cell is found by its step,
 * which rises from column to column: the header prints no end column, and
 * may print a column '—' throughout. */
static src_loc header_cell_loc(const model_table *mt, const rtab_table *t, size_t c, bool odds, src_loc fallback)
{
	const ast_stmt *grid = NULL;
	for (const ast_stmt *g = mt && mt->def ? mt->def->body : NULL; g; g = g->next)
		if (g->kind == ST_GRID) {
			if (grid)
				return fallback;
			grid = g;
		}
	const ast_stmt *header = grid ? ast_grid_header(grid) : NULL;
	if (!header || mt->result_of_column)
		return fallback;
	const rtab_column *col = &t->columns[c];
	for (const ast_cell *cell = header->cells; cell; cell = cell->next) {
		if (cell->kind != CELL_RANGE && cell->kind != CELL_RATIO)
			continue;
		int64_t step = cell->lo == INT64_MIN ? cell->hi : cell->lo; /* a value's open low end */
		if (odds ? cell->lo == col->step_num && cell->hi == col->step_den : step == col->step_num)
			return cell->name ? cell->name_loc : cell->loc;
	}
	return fallback;
}

/* A table keyed by two enums: what each value of the second reads on each
 * line of the first, the outcome of every roll in its column, at the name
 * over that column (a translation that sets a name over the wrong cells
 * differs there). */
static void enum_key_facets(builder *b, const rtab_table *t, const model_table *mt)
{
	const rtab_ruleset *rs = b->rs;
	size_t table = (size_t)(t - rs->tables), nruns = rtab_table_nruns(rs, table);
	int key = table_enum_key_input(t);
	src_loc at = stmt_loc(b, ST_COLUMNS, NULL, 0);
	if (key < 0 || key >= rs->ninputs || nruns == 0 || !t->column_of_key || t->column_input < 0)
		return;
	const rtab_input *in = &rs->inputs[key];
	addf(b, at, xstrdup(in->id), "columns, then by");
	size_t n = t->ncolumn_of_key / nruns;
	for (size_t v = 0; v < nruns; v++) {
		char *line = value_of(rs, rs->inputs[t->column_input].enum_index, (int64_t)v);
		for (size_t k = 0; k < n; k++) {
			uint16_t c = t->column_of_key[v * n + k];
			if (c >= t->ncolumns)
				continue;
			char *value = value_of(rs, in->enum_index, (int64_t)k);
			strbuf reads = {0};
			const rtab_column *col = &t->columns[c];
			for (int64_t r = t->roll_min; r <= t->roll_max && rtab_column_rolls(col); r++) {
				int row = rtab_column_row(col, (size_t)(r - t->roll_min));
				sb_printf(&reads, "%s%s", r > t->roll_min ? " " : "",
					  row >= 0 && row < t->nrows ? rs->outcomes[rtab_row_outcome(t, (size_t)row)].id : "-");
			}
			addf(b, enum_header_loc(mt, line, value, at), reads.data ? reads.data : xstrdup("-"),
			     "what %s, %s reads, roll by roll", line, value);
			free(value);
		}
		free(line);
	}
}

/* How a table chooses its column, beyond an input: computed keys, steps, shifts,
 * columns that give a result without a roll. */
static void column_facets(builder *b, size_t i, const rtab_table *t, const model_table *mt)
{
	const rtab_ruleset *rs = b->rs;
	src_loc at = stmt_loc(b, ST_COLUMNS, NULL, 0);
	bool odds = false, computed = true;
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		computed = false; /* column_facets' caller names the input */
		break;
	case RTAB_KEY_ENUM:
		computed = false;
		enum_key_facets(b, t, mt);
		break;
	case RTAB_KEY_ODDS:
		odds = true;
		break;
	case RTAB_KEY_VALUE:
		break;
	}
	if (computed) {
		char *ka = expr_text(b->m, &t->key_a);
		char *kb = odds ? expr_text(b->m, &t->key_b) : NULL;
		addf(b, at, kb ? xasprintf("odds %s : %s", ka, kb) : xasprintf("value %s", ka), "columns by");
		free(ka);
		free(kb);
		addf(b, at, xstrdup(rounding_name(t->rounding)), "rounding");
	}
	if (t->nlines && mt && mt->line_grids && mt->line_conditions && mt->nline_conditions == t->nlines) {
		/* 'grid NAME when COND': each line's condition apart, where it is written, so
		 * that a change names its line, not the program that chooses among them. */
		for (size_t l = 0; l < mt->nline_conditions; l++) {
			const ast_stmt *g = mt->line_grids[l];
			char name[32];
			snprintf(name, sizeof name, "line %zu", l + 1);
			const rtab_expr *c = &mt->line_conditions[l];
			addf(b, g->loc, c->ninstrs ? expr_text(b->m, c) : xstrdup("otherwise"), "line '%s' read when",
			     g->name ? g->name : c->ninstrs ? name : "otherwise");
			if (c->ninstrs) /* a condition: by meaning, as a function of the inputs */
				expr_facet(b, c);
		}
	} else if (t->nlines) {
		addf(b, at, expr_text(b->m, &t->line_key), "line chosen by");
	}
	strbuf shifts = {0};
	for (size_t k = 0; k < t->nshifts; k++)
		if (t->shifts[k] < rs->nmodifiers)
			sb_printf(&shifts, "%s%s", k ? ", " : "", rs->modifiers[t->shifts[k]].id);
	addf(b, words_loc(b, ST_SHIFTS, at), shifts.data, "column shifts");
	if (shifts.data) /* summed: their order has no meaning */
		compared_as(b, FACET_SET);
	/* 'clamp shifts;': where a shift stops, apart from what the ends give. */
	addf(b, words_loc(b, ST_CLAMP, at),
	     t->shift_stops ? xstrdup("shifts stop at the printed columns; the ends serve the key alone") : NULL,
	     "clamp");
	/* 'above more than 5:1 X;': the above column reads a key past its step only. */
	addf(b, words_loc(b, ST_ABOVE, at), t->above_strict ? xstrdup("more than its step") : NULL, "above reads");
	if (mt && mt->result_of_column && t->column_input >= 0 && t->column_end_of_value) {
		odds_line_facets(b, t, mt, at);
		return;
	}
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		/* 'above 6:1 DE;', 'below none;': the end columns of each run */
		bool end = col->kind != RTAB_COLUMN_ROLLED;
		bool first = c == 0 || (t->column_end_of_value && odds_column_value(b->rs, i, c) !=
									 odds_column_value(b->rs, i, c - 1));
		src_loc col_at = end ? words_loc(b, first ? ST_BELOW : ST_ABOVE, at)
			       : computed ? header_cell_loc(mt, t, c, odds, at) : at;
		/* a column the grid prints as '—' throughout: at its cell of the first line */
		src_loc dead_at = mt && col->kind == RTAB_COLUMN_NONE ? grid_cell_loc(mt, c, mt->reach_lo, (src_loc){0, 0})
								      : (src_loc){0, 0};
		if (dead_at.line)
			col_at = dead_at;
		const char *name = model_column_name(mt, t, c);
		if (odds)
			addf(b, col_at, xasprintf("%d:%d", col->step_num, col->step_den), "column '%s' step", name);
		else if (computed)
			addf(b, col_at, xasprintf("%d", col->step_num), "column '%s' step", name);
		if (col->kind == RTAB_COLUMN_AUTOMATIC)
			addf(b, col_at, xasprintf("automatic %s", outcome_id(rs, col->automatic)), "column '%s' gives",
			     name);
		else if (col->kind == RTAB_COLUMN_NONE)
			addf(b, col_at, xstrdup("no result"), "column '%s' gives", name);
		if (col->provisional)
			addf(b, col_at, xstrdup(col->provisional), "column '%s' provisional", name);
		if (col->note)
			column_note_facets(b, t, mt, c);
	}
}

static void band_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nbands; i++) {
		const rtab_band *bd = &rs->bands[i];
		begin(b, DEF_BAND, i, bd->id, bd->labels, bd->rule, bd->rules);
		for (size_t s = 0; s < bd->nsteps; s++) {
			src_loc at = {0, 0};
			size_t k = 0;
			for (const ast_stmt *st = b->ast ? b->ast->body : NULL; st; st = st->next)
				if (st->kind == ST_BAND_STEP && k++ == s)
					at = st->loc;
			addf(b, at, signed_text(bd->steps[s].value), "step %d:%d", bd->steps[s].num,
			     bd->steps[s].den);
			if (bd->step_provisional && bd->step_provisional[s])
				addf(b, at, xstrdup(bd->step_provisional[s]), "step %d:%d provisional",
				     bd->steps[s].num, bd->steps[s].den);
		}
		addf(b, stmt_loc(b, ST_OTHERWISE, NULL, 0), signed_text(bd->otherwise), "otherwise");
		addf(b, stmt_loc(b, ST_OTHERWISE, NULL, 0), dup_or_null(bd->otherwise_provisional),
		     "otherwise provisional");
		if (bd->rounding != RTAB_ROUND_EVENS)
			addf(b, b->d->loc, xstrdup(rounding_name(bd->rounding)), "rounding");
		addf(b, b->d->loc, dup_or_null(bd->provisional), "provisional");
		within_facet(b);
	}
}

static void group_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->ngroups; i++) {
		const rtab_group *g = &rs->groups[i];
		begin(b, DEF_GROUP, i, g->id, g->labels, g->rule, g->rules);
		addf(b, stmt_loc(b, ST_STACK, NULL, 0), xstrdup(stacking_word((rtab_stacking)g->stacking)),
		     "stack");
		if (g->capped)
			addf(b, stmt_loc(b, ST_CAP, NULL, 0), xasprintf("%d..%d", g->cap_min, g->cap_max), "cap");
	}
}

static void close_run(strbuf *sb, int64_t lo, int64_t hi, bool open_lo, bool open_hi)
{
	if (sb->len)
		sb_puts(sb, ", ");
	if (open_lo && open_hi)
		sb_puts(sb, "any");
	else if (open_lo)
		sb_printf(sb, "<=%lld", (long long)hi);
	else if (open_hi)
		sb_printf(sb, ">=%lld", (long long)lo);
	else if (lo == hi)
		sb_printf(sb, "%lld", (long long)hi);
	else
		sb_printf(sb, "%lld-%lld", (long long)lo, (long long)hi);
}

/* For each row r, the rolls of column c that read it, as printed: "<=2", "3-4",
 * ">=5". One pass over the rolls for all rows (one per row was quadratic). */
static char **row_ranges(const rtab_table *t, size_t c)
{
	const rtab_column *col = &t->columns[c];
	strbuf *sb = xcalloc(t->nrows ? t->nrows : 1, sizeof *sb);
	char **out = xcalloc(t->nrows ? t->nrows : 1, sizeof *out);
	int64_t run_lo = t->roll_min;
	for (int64_t v = t->roll_min; v <= (int64_t)t->roll_max; v++) {
		int row = rtab_column_row(col, (size_t)(v - t->roll_min));
		bool last = v == t->roll_max || rtab_column_row(col, (size_t)(v + 1 - t->roll_min)) != row;
		if (!last)
			continue;
		if (row >= 0 && (size_t)row < t->nrows)
			close_run(&sb[row], run_lo, v, run_lo == t->roll_min && col->below_row == (int16_t)row,
				  v == t->roll_max && col->above_row == (int16_t)row);
		run_lo = v + 1;
	}
	for (size_t r = 0; r < t->nrows; r++) {
		if (!sb[r].len && col->below_row == (int16_t)r)
			sb_printf(&sb[r], "<=%lld", (long long)t->roll_min - 1);
		if (!sb[r].len && col->above_row == (int16_t)r)
			sb_printf(&sb[r], ">=%lld", (long long)t->roll_max + 1);
		out[r] = sb[r].data ? sb[r].data : xstrdup("-");
	}
	free(sb);
	return out;
}

/* The outcome of row r, or n (one slot for an outcome out of range, or no row). */
static size_t row_outcome_slot(const rtab_table *t, int row, size_t n)
{
	if (row < 0 || (size_t)row >= t->nrows)
		return n;
	uint16_t o = rtab_row_outcome(t, (size_t)row);
	return o < n ? o : n;
}

/* The outcome of the row column col reads at roll v (n: out of range), n + 1 for none. */
static size_t outcome_at(const rtab_table *t, const rtab_column *col, int64_t v, size_t n)
{
	int row = rtab_column_row(col, (size_t)(v - t->roll_min));
	return row < 0 ? n + 1 : row_outcome_slot(t, row, n);
}

/* For each outcome, the rolls of column c that read one of its rows: "<=2",
 * "3-4, 6". A table's rows are where its outcomes stand: an outcome printed
 * as two rows (apart in a grid, or a cell an erratum patched) reads as one,
 * so that a row split is no change and a moved cell is one. With open_ends
 * false, only the rolls that can occur: "<=1" on a d6 is "1". */
static char **outcome_ranges(const rtab_table *t, size_t c, size_t n, bool open_ends)
{
	const rtab_column *col = &t->columns[c];
	strbuf *sb = xcalloc(n + 1, sizeof *sb);
	char **out = xcalloc(n + 1, sizeof *out);
	size_t below = row_outcome_slot(t, col->below_row, n), above = row_outcome_slot(t, col->above_row, n);
	if (!open_ends) /* only the rolls that can occur */
		below = above = n + 2;
	int64_t run_lo = t->roll_min;
	for (int64_t v = t->roll_min; v <= (int64_t)t->roll_max; v++) {
		size_t o = outcome_at(t, col, v, n);
		bool last = v == t->roll_max || outcome_at(t, col, v + 1, n) != o;
		if (!last)
			continue;
		if (o < n)
			close_run(&sb[o], run_lo, v, run_lo == t->roll_min && below == o,
				  v == t->roll_max && above == o);
		run_lo = v + 1;
	}
	for (size_t o = 0; o < n; o++) {
		if (!sb[o].len && below == o)
			sb_printf(&sb[o], "<=%lld", (long long)t->roll_min - 1);
		if (!sb[o].len && above == o)
			sb_printf(&sb[o], ">=%lld", (long long)t->roll_max + 1);
		out[o] = sb[o].data;
	}
	free(sb);
	return out;
}

/* Under odds lines, the result column whose cells column c reads (its
 * index), -2 when an earlier column reads it already, -1 for none. */
static int shared_result(const model_table *mt, size_t c)
{
	if (!mt->result_of_column || !mt->result_of_column[c])
		return -1;
	for (size_t j = 0; j < c; j++)
		if (mt->result_of_column[j] == mt->result_of_column[c])
			return -2;
	return mt->result_of_column[c] - 1;
}

/* What the rows of an outcome printed apart say beside their cells (a rule, a
 * reason): each told by its cells, "errata 2 (column 'tacw' 3-4)", so that
 * the facet follows the row, not its turn. next[r]: the next row of r's
 * outcome (t->nrows: none). */
static char *rows_note(const rtab_table *t, const model_table *mt, char ***ranges, const size_t *next,
		       size_t first, const char *(*note_of)(const rtab_table *, size_t, size_t), size_t locale)
{
	strbuf sb = {0};
	for (size_t r = first; r < t->nrows; r = next[r]) {
		const char *note = note_of(t, r, locale);
		if (!note)
			continue;
		sb_printf(&sb, "%s%s (", sb.len ? "; " : "", note);
		bool any = false;
		for (size_t c = 0; c < t->ncolumns; c++) {
			int result = mt ? shared_result(mt, c) : -1;
			if (result == -2 || strcmp(ranges[c][r], "-") == 0)
				continue;
			if (result >= 0)
				sb_printf(&sb, "%sresult column '%s' %s", any ? ", " : "", mt->result_ids[result],
					  ranges[c][r]);
			else
				sb_printf(&sb, "%scolumn '%s' %s", any ? ", " : "",
					  model_column_name(mt, t, c), ranges[c][r]);
			any = true;
		}
		sb_puts(&sb, ")");
	}
	return sb.data;
}

/* A row's rule where it is its own (a row without one carries the table's;
 * one that gives them per locale is its own). */
static const char *row_own_rule(const rtab_table *t, size_t r, size_t locale)
{
	(void)locale;
	const char *rule = rtab_row_rule(t, r);
	if (rtab_row_rules(t, r))
		return rule;
	return rule && (!t->rule || strcmp(t->rule, rule) != 0) ? rule : NULL;
}

/* A row's own reference in a locale, where it gives them per locale. */
static const char *row_rule_in(const rtab_table *t, size_t r, size_t locale)
{
	rtab_labels rules = rtab_row_rules(t, r);
	return rules ? rules[locale] : NULL;
}

static const char *row_provisional(const rtab_table *t, size_t r, size_t locale)
{
	(void)locale;
	return rtab_row_provisional(t, r);
}

/* The cells of an outcome's rows in column c, for its facet: where the first
 * of its rows that has a cell there prints it. */
static src_loc outcome_cell_loc(const rtab_table *t, const model_table *mt, char ***ranges,
				const size_t *next, size_t first, size_t c, src_loc row_at)
{
	if (!mt || !mt->cells || !mt->has_rows || mt->shape_bad)
		return row_at;
	for (size_t r = first; r < t->nrows; r = next[r])
		if (strcmp(ranges[c][r], "-") != 0)
			return mt->cells[c * t->nrows + r].loc;
	return mt->cells[c * t->nrows + first].loc;
}

/* The rows of a table as its outcomes' cells (outcome_ranges), in the order
 * of each outcome's first row: "row 'held', column 'tacw'" holds every roll
 * of that column that gives it. */
static void row_facets(builder *b, const rtab_table *t, const model_table *mt)
{
	const rtab_ruleset *rs = b->rs;
	size_t n = rs->noutcomes, ncols = t->ncolumns ? t->ncolumns : 1, nrows = t->nrows;
	char ***cells = xcalloc(ncols, sizeof *cells), ***ranges = xcalloc(ncols, sizeof *ranges);
	char ***rolls = xcalloc(ncols, sizeof *rolls);
	size_t *next = xcalloc(nrows ? nrows : 1, sizeof *next), *last = xcalloc(n + 1, sizeof *last);
	for (size_t c = 0; c < t->ncolumns; c++) {
		cells[c] = outcome_ranges(t, c, n, true);
		rolls[c] = outcome_ranges(t, c, n, false);
		ranges[c] = row_ranges(t, c);
	}
	for (size_t o = 0; o <= n; o++)
		last[o] = nrows;
	for (size_t r = nrows; r-- > 0;) {
		size_t o = row_outcome_slot(t, (int)r, n);
		next[r] = last[o];
		last[o] = r;
	}
	for (size_t first = 0; first < nrows; first++) {
		size_t o = row_outcome_slot(t, (int)first, n);
		if (last[o] != first) /* not the outcome's first row */
			continue;
		char *row = xasprintf("row '%s'", outcome_id(rs, o < n ? (int)o : -1));
		src_loc row_at = mt && (mt->row_locs || mt->rows) && mt->has_rows ? model_row_loc(mt, first) : b->d->loc;
		for (size_t c = 0; c < t->ncolumns; c++) {
			int result = mt ? shared_result(mt, c) : -1;
			/* Under odds lines: the first line's column says it; an end column gives no cell
			 * ('below', 'above' say what it gives). */
			if (result == -2 ||
			    (result == -1 && mt && mt->result_of_column && t->columns[c].kind != RTAB_COLUMN_ROLLED))
				continue;
			src_loc at = outcome_cell_loc(t, mt, ranges, next, first, c, row_at);
			char *value = xstrdup(o < n && cells[c][o] ? cells[c][o] : "-");
			if (result >= 0)
				addf(b, at, value, "%s, result column '%s'", row, mt->result_ids[result]);
			else if (t->ncolumns == 1 && t->column_input < 0)
				addf(b, at, value, "%s", row);
			else
				addf(b, at, value, "%s, column '%s'", row,
				     model_column_name(mt, t, c));
			b->d->facets[b->d->n - 1].meaning = xstrdup(o < n && rolls[c][o] ? rolls[c][o] : "-");
			compared_as(b, FACET_ROWS);
		}
		bool apart = next[first] < nrows; /* the outcome has other rows */
		char *rules = apart ? rows_note(t, mt, ranges, next, first, row_own_rule, 0)
				       : dup_or_null(row_own_rule(t, first, 0));
		/* A locale that one of the outcome's rows giving references per
		 * locale leaves out is missing for the outcome, said at that row. */
		src_loc rules_at = row_at;
		bool *lacking = xcalloc(rs->nlocales ? rs->nlocales : 1, sizeof *lacking);
		for (size_t r = first; r < nrows; r = next[r]) {
			rtab_labels per = rtab_row_rules(t, r);
			bool lacks = false;
			for (size_t l = 0; per && l < rs->nlocales; l++)
				if (!per[l])
					lacking[l] = lacks = true;
			if (lacks && mt && (mt->row_locs || mt->rows) && mt->has_rows && rules_at.line == row_at.line &&
			    rules_at.col == row_at.col)
				rules_at = model_row_loc(mt, r);
		}
		addf(b, rules_at, rules, "%s rule", row);
		if (rules)
			compared_as(b, FACET_REFERENCE);
		for (size_t l = 0; rules && l < rs->nlocales; l++) {
			char *in = lacking[l] ? NULL
				   : apart    ? rows_note(t, mt, ranges, next, first, row_rule_in, l)
					      : dup_or_null(row_rule_in(t, first, l));
			if (in) {
				addf(b, rules_at, in, "%s rule %s", row, rs->locales[l]);
				compared_as(b, FACET_LOCALE_REFERENCE);
			}
		}
		free(lacking);
		addf(b, row_at,
		     apart ? rows_note(t, mt, ranges, next, first, row_provisional, 0)
			      : dup_or_null(rtab_row_provisional(t, first)),
		     "%s provisional", row);
		free(row);
	}
	for (size_t c = 0; c < t->ncolumns; c++) {
		for (size_t o = 0; o <= n; o++) {
			free(cells[c][o]);
			free(rolls[c][o]);
		}
		for (size_t r = 0; r < nrows; r++)
			free(ranges[c][r]);
		free(cells[c]);
		free(rolls[c]);
		free(ranges[c]);
	}
	free(cells);
	free(rolls);
	free(ranges);
	free(next);
	free(last);
}

/* The row column col reads at modified roll v: past the table's ends, its
 * 'below' or 'above' row. */
static int row_at_roll(const rtab_table *t, const rtab_column *col, int64_t v)
{
	if (v < t->roll_min)
		return col->below_row;
	if (v > t->roll_max)
		return col->above_row;
	return rtab_column_row(col, (size_t)(v - t->roll_min));
}

/* The cells of a grid line after its roll (and its ':'), or NULL for a line
 * that is not a roll's (a header). */
static const ast_cell *line_cells(const ast_stmt *line)
{
	const ast_cell *roll = line->cells;
	if (!roll || roll->kind != CELL_RANGE)
		return NULL;
	const ast_cell *cell = roll->next;
	return cell && cell->kind == CELL_COLON ? cell->next : cell;
}

/* The first line of a grid after its odds lines and, where the table has a
 * 'columns' statement, its header. */
static const ast_stmt *first_roll_line(ast_grid_walk *walk, const ast_stmt *grid, bool header)
{
	const ast_stmt *line = ast_grid_first(walk, grid);
	while (line && line->kind == ST_ODDS_LINE)
		line = ast_grid_next(walk);
	if (header && line)
		line = ast_grid_next(walk);
	return line;
}

/* The k-th cell of the first line of grid whose roll holds v, or {0, 0}. */
static src_loc roll_cell_in(const ast_stmt *grid, bool header, int64_t v, size_t k)
{
	src_loc at = {0, 0};
	ast_grid_walk walk;
	for (const ast_stmt *line = first_roll_line(&walk, grid, header); line && !at.line;
	     line = ast_grid_next(&walk)) {
		const ast_cell *roll = line->cells, *cell = line_cells(line);
		if (!cell || (!roll->open_lo && v < roll->lo) || (!roll->open_hi && v > roll->hi))
			continue;
		for (size_t j = 0; cell && j < k; j++)
			cell = cell->next;
		if (cell)
			at = cell->loc;
	}
	ast_grid_walk_end(&walk);
	return at;
}

/* Whether grid prints a cell at anchor, and in which of its columns (k). */
static bool cell_column_in(const ast_stmt *grid, bool header, src_loc anchor, size_t *k)
{
	bool found = false;
	ast_grid_walk walk;
	for (const ast_stmt *line = first_roll_line(&walk, grid, header); line && !found;
	     line = ast_grid_next(&walk)) {
		size_t j = 0;
		for (const ast_cell *cell = line_cells(line); cell && !found; cell = cell->next, j++)
			if (cell->loc.line == anchor.line && cell->loc.col == anchor.col) {
				*k = j;
				found = true;
			}
	}
	ast_grid_walk_end(&walk);
	return found;
}

/* Where a table's grid prints roll v of column c: the cell of the first
 * line whose roll holds v. A cell's row may hold the lines of several (a
 * result recurring down a column is one row), so its cell is where the first
 * of them prints it; a roll is printed on its own line. Of grids per key
 * ('grid woods, town', 'grid cavalry when ...'), the one that prints anchor,
 * a cell of column c, in the same column. {0, 0}: not in a grid of the
 * table's own (rows, a variant's base, odds lines). */
static src_loc grid_cell_loc(const model_table *mt, size_t c, int64_t v, src_loc anchor)
{
	const ast_def *d = mt->def;
	if (!d || mt->result_of_column)
		return (src_loc){0, 0};
	bool header = find_stmt(d->body, ST_COLUMNS, NULL, 0) != NULL;
	const ast_stmt *grid = NULL;
	size_t ngrids = 0;
	for (const ast_stmt *s = d->body; s; s = s->next)
		if ((s->kind == ST_GRID || s->kind == ST_GRID_WHEN) && !ngrids++)
			grid = s;
	if (ngrids == 1) /* its columns are the table's rolled ones */
		return c >= mt->first_rolled && c < (size_t)mt->first_rolled + mt->nrolled
			       ? roll_cell_in(grid, header, v, c - mt->first_rolled)
			       : (src_loc){0, 0};
	for (const ast_stmt *s = d->body; s && anchor.line; s = s->next) {
		size_t k;
		if ((s->kind == ST_GRID || s->kind == ST_GRID_WHEN) && cell_column_in(s, header, anchor, &k))
			return roll_cell_in(s, header, v, k);
	}
	return (src_loc){0, 0};
}

/* Every modified roll that can occur, in every column: the outcome it gives,
 * as the grid prints it, at the cell that prints it. By meaning a table's
 * rows are compared here, so that a difference names its printed roll and
 * line on both sides ("roll 3, column '2:1': original EX, translation DR"). */
static void roll_facets(builder *b, const rtab_table *t, const model_table *mt)
{
	const rtab_ruleset *rs = b->rs;
	if (!mt || !t->nrows)
		return;
	int64_t lo = mt->reach_lo, hi = mt->reach_hi;
	if (lo > hi || hi - lo > 1024) /* no rolls known, or too many to name one by one */
		return;
	bool cells = mt->cells && mt->has_rows && !mt->shape_bad;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		int result = shared_result(mt, c);
		if (result == -2 || !rtab_column_rolls(col) ||
		    (result == -1 && mt->result_of_column && col->kind != RTAB_COLUMN_ROLLED))
			continue;
		const char *name = model_column_name(mt, t, c);
		char *column = result >= 0 ? xasprintf(", result column '%s'", mt->result_ids[result])
			       : t->ncolumns == 1 && t->column_input < 0 ? xstrdup("")
									 : xasprintf(", column '%s'", name);
		for (int64_t v = lo; v <= hi; v++) {
			int row = row_at_roll(t, col, v);
			bool has = row >= 0 && (size_t)row < t->nrows;
			src_loc cell_at = has && cells ? mt->cells[c * t->nrows + (size_t)row].loc : (src_loc){0, 0};
			src_loc at = grid_cell_loc(mt, c, v, cell_at);
			if (!at.line)
				at = cell_at.line ? cell_at : has ? model_row_loc(mt, (size_t)row) : b->d->loc;
			const char *printed = has ? model_row_name(mt, (size_t)row) : "-";
			addf(b, at, xstrdup(printed ? printed : "?"), "roll %lld%s", (long long)v, column);
			compared_as(b, FACET_ROLL);
			b->d->facets[b->d->n - 1].meaning =
				xstrdup(has ? outcome_id(rs, (int)rtab_row_outcome(t, (size_t)row)) : "-");
		}
		free(column);
	}
}

/* Whether column c of two-key table i is read for value v of its variant
 * input: v's run of columns holds it. A grid for several values ('grid
 * woods, town') serves each of them, whichever the enum lists first. */
static bool column_serves(const rtab_ruleset *rs, size_t i, size_t c, int32_t v)
{
	const rtab_table *t = &rs->tables[i];
	const rtab_input *in = &rs->inputs[t->column_input];
	size_t run = (size_t)((int64_t)v - in->min), nruns = rtab_table_nruns(rs, i);
	if (t->nlines || nruns != (size_t)((int64_t)in->max - in->min + 1)) /* runs are lines, not values */
		return odds_column_value(rs, i, c) == v;
	if (run >= nruns)
		return false;
	if (!t->column_end_of_value)
		return t->column_of_value[run] == c;
	return t->column_of_value[run] <= c && c < t->column_end_of_value[run];
}

static void table_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->ntables; i++) {
		const rtab_table *t = &rs->tables[i];
		const model_table *mt = b->m->tables && i < b->m->ndefs[DEF_TABLE] ? &b->m->tables[i] : NULL;
		begin(b, DEF_TABLE, i, t->id, t->labels, t->rule, t->rules);
		addf(b, stmt_loc(b, ST_ROLL, NULL, 0),
		     xstrdup(t->dice == RTAB_NO_DICE ? "none" : t->dice < rs->ndice ? rs->dice[t->dice].id : "?"),
		     "roll");
		if (t->nrolls) {
			/* The rolls by name, as the natural roll reads them; their dice are the roll's. */
			strbuf rolls = {0};
			for (size_t r = 0; r < t->nrolls; r++)
				sb_printf(&rolls, "%s%s (%u dice)", r == 0 ? "" : t->rolls[r].sign < 0 ? " - " : " + ",
					  t->rolls[r].id, t->rolls[r].nfaces);
			addf(b, stmt_loc(b, ST_ROLL, NULL, 0), rolls.data, "rolls");
		}
		if (t->column_input >= 0 && t->column_input < rs->ninputs) {
			const rtab_input *in = &rs->inputs[t->column_input];
			src_loc cols_at = stmt_loc(b, ST_COLUMNS, NULL, 0);
			/* the variant's, then the key's (or, two enums, the second's) */
			bool two_keys = odds_key_computed(t) || t->column_end_of_value;
			addf(b, cols_at, xstrdup(in->id), two_keys ? "columns by variant" : "columns by");
			/* Under odds lines each line's facet names its values. */
			bool lines = mt && mt->result_of_column && t->column_end_of_value;
			for (size_t c = 0; c < t->ncolumns && !lines; c++) {
				/* A set of values, by name: reordering the enum changes none. */
				char **names = xcalloc((size_t)((int64_t)in->max - in->min + 1), sizeof *names);
				size_t n = 0;
				for (int32_t v = in->min; v <= in->max; v++)
					if (two_keys ? column_serves(rs, i, c, v) : t->column_of_value[v - in->min] == c)
						names[n++] = value_of(rs, in->type == RTAB_TYPE_ENUM ? in->enum_index : -1, v);
				if (in->type == RTAB_TYPE_ENUM)
					qsort(names, n, sizeof *names, cmp_name);
				strbuf vals = {0};
				for (size_t k = 0; k < n; k++) {
					sb_printf(&vals, "%s%s", k ? ", " : "", names[k]);
					free(names[k]);
				}
				free(names);
				addf(b, cols_at, vals.data ? vals.data : xstrdup("-"),
				     "column '%s' values", model_column_name(mt, t, c));
			}
		}
		for (size_t c = 0; c < t->ncolumns; c++)
			add_labels(b, b->d->loc, model_column_name(mt, t, c), t->columns[c].labels,
				   NULL);
		strbuf mods = {0};
		for (size_t k = 0; k < t->nmodifiers; k++)
			if (t->modifiers[k] < rs->nmodifiers)
				sb_printf(&mods, "%s%s", k ? ", " : "", rs->modifiers[t->modifiers[k]].id);
		if (mods.data) {
			addf(b, stmt_loc(b, ST_MODIFIERS, NULL, 0), mods.data, "modifiers");
			compared_as(b, FACET_SET);
		}
		if (t->capped)
			addf(b, stmt_loc(b, ST_CAP, NULL, 0), xasprintf("%d..%d", t->cap_min, t->cap_max), "cap");
		if (t->step >= 0 && t->step < rs->nsteps)
			addf(b, stmt_loc(b, ST_STEP, NULL, 0), xstrdup(rs->steps[t->step]), "step");
		column_facets(b, i, t, mt);
		row_facets(b, t, mt);
		roll_facets(b, t, mt);
		for (size_t n = 0; n < t->nnatural; n++) {
			const rtab_natural_rule *nr = &t->natural[n];
			strbuf faces = {0};
			for (size_t f = 0; f < nr->nfaces; f++)
				sb_printf(&faces, "%s%d", f ? ", " : "", nr->faces[f]);
			/* A rule repeated for the same faces (-Wmasked-natural) keys by its turn. */
			size_t nth = 0;
			for (size_t e = 0; e < n; e++)
				nth += t->natural[e].nfaces == nr->nfaces &&
				       memcmp(t->natural[e].faces, nr->faces, nr->nfaces * sizeof *nr->faces) == 0;
			if (nth)
				sb_printf(&faces, " #%zu", nth + 1);
			src_loc at = stmt_loc(b, ST_NATURAL, NULL, n);
			addf(b, at, xstrdup(outcome_id(rs, nr->outcome)), "natural %s", faces.data);
			if (nr->rule) {
				addf(b, at, xstrdup(nr->rule), "natural %s rule", faces.data);
				compared_as(b, FACET_REFERENCE);
				part_refs(b, at, b->d->facets[b->d->n - 1].key, nr->rules);
			}
			addf(b, at, dup_or_null(nr->provisional), "natural %s provisional", faces.data);
			sb_free(&faces);
		}
		for (size_t w = 0; w < t->nrewrites; w++) {
			const rtab_rewrite *rw = &t->rewrites[w];
			/* A rewrite that computes numbers writes several: each shows its statement. */
			const uint16_t *source = mt ? mt->rewrite_source : NULL;
			src_loc at = stmt_loc(b, ST_REWRITE, NULL, source ? source[w] : w);
			/* Rewrites between the same outcomes (under other conditions) key by their turn. */
			size_t nth = 0;
			for (size_t e = 0; e < w; e++)
				nth += t->rewrites[e].from == rw->from && t->rewrites[e].to == rw->to;
			const char *from = outcome_id(rs, rw->from);
			char *to = nth ? xasprintf("%s #%zu", outcome_id(rs, rw->to), nth + 1)
				       : xstrdup(outcome_id(rs, rw->to));
			addf(b, at, expr_text(b->m, &rw->condition), "rewrite %s -> %s when", from, to);
			expr_facet(b, &rw->condition);
			if (rw->rule) {
				addf(b, at, xstrdup(rw->rule), "rewrite %s -> %s rule", from, to);
				compared_as(b, FACET_REFERENCE);
				part_refs(b, at, b->d->facets[b->d->n - 1].key, rw->rules);
			}
			addf(b, at, dup_or_null(rw->provisional), "rewrite %s -> %s provisional", from, to);
			free(to);
		}
	}
}

static void reaction_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nreaction_sets; i++) {
		const rtab_reaction_set *r = &rs->reaction_sets[i];
		begin(b, DEF_REACTIONS, i, r->id, r->labels, r->rule, r->rules);
		if (r->none_when.ninstrs) {
			addf(b, b->d->loc, expr_text(b->m, &r->none_when), "no reaction when");
			expr_facet(b, &r->none_when);
		}
		for (size_t o = 0; o < r->noptions; o++) {
			const rtab_option *op = &r->options[o];
			const ast_stmt *s = b->ast ? find_stmt(b->ast->body, ST_OPTION, op->id, 0) : NULL;
			src_loc at = s ? s->loc : b->d->loc;
			char *of = xasprintf("option '%s'", op->id);
			addf(b, at, xstrdup(o ? r->options[o - 1].id : "(first)"), "%s after", of);
			compared_as(b, FACET_ORDER_FREE); /* options are offered together */
			if (op->guard.ninstrs) { /* at its 'unless' line */
				const ast_stmt *u = s ? find_stmt(s->body, ST_UNLESS, NULL, 0) : NULL;
				addf(b, u ? u->loc : at, expr_text(b->m, &op->guard), "%s allowed when", of);
				expr_facet(b, &op->guard);
			}
			if (op->outcome >= 0) {
				const ast_stmt *l = s ? find_stmt(s->body, ST_LEADS, NULL, 0) : NULL;
				addf(b, l ? l->loc : at, xstrdup(outcome_id(rs, op->outcome)), "%s leads", of);
			}
			addf(b, at, dup_or_null(op->provisional), "%s provisional", of);
			if (op->rule) {
				addf(b, at, xstrdup(op->rule), "%s rule", of);
				compared_as(b, FACET_REFERENCE);
				part_refs(b, at, b->d->facets[b->d->n - 1].key, op->rules);
			}
			add_labels(b, at, of, op->labels, s ? s->body : NULL);
			free(of);
		}
	}
}

static void transition_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->ntransitions; i++) {
		const rtab_transition *t = &rs->transitions[i];
		begin(b, DEF_TRANSITION, i, t->id, t->labels, t->rule, t->rules);
		if (t->input >= rs->ninputs)
			continue;
		const rtab_input *in = &rs->inputs[t->input];
		addf(b, b->ast ? b->ast->by_loc : b->d->loc, xstrdup(in->id), "by");
		int e = in->type == RTAB_TYPE_ENUM ? in->enum_index : -1;
		for (int32_t v = in->min; v <= in->max; v++) {
			char *from = value_of(rs, e, v);
			const ast_stmt *s = b->ast ? find_stmt(b->ast->body, ST_ARC, from, 0) : NULL;
			if (!s && b->ast)
				for (const ast_stmt *st = b->ast->body; st; st = st->next)
					if (st->kind == ST_ARC && st->star)
						s = st;
			int16_t next = t->next[v - in->min];
			addf(b, s ? s->loc : b->d->loc, next < 0 ? xstrdup("-") : value_of(rs, e, next),
			     "state %s", from);
			if (t->provisional && t->provisional[v - in->min])
				addf(b, s ? s->loc : b->d->loc, xstrdup(t->provisional[v - in->min]),
				     "state %s provisional", from);
			free(from);
		}
	}
}

static void distance_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->ndistances; i++) {
		const rtab_distance *d = &rs->distances[i];
		begin(b, DEF_DISTANCE, i, d->id, d->labels, d->rule, d->rules);
		for (size_t f = 0; f < d->nforms; f++) {
			addf(b, stmt_loc(b, ST_AMOUNT, NULL, f), expr_text(b->m, &d->forms[f].value), "value in %s",
			     d->forms[f].unit ? d->forms[f].unit : "?");
			expr_facet(b, &d->forms[f].value);
			in_unit(b, d->forms[f].unit, FACET_EXPR);
			b->d->facets[b->d->n - 1].slot = xasprintf("value %zu", f + 1);
		}
		addf(b, stmt_loc(b, ST_PROVISIONAL, NULL, 0), dup_or_null(d->provisional), "provisional");
	}
}

static void procedure_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nprocedures; i++) {
		const rtab_procedure *p = &rs->procedures[i];
		begin(b, DEF_PROCEDURE, i, p->id, p->labels, p->rule, p->rules);
		for (size_t s = 0; s < p->nsteps; s++) {
			const rtab_procedure_step *st = &p->steps[s];
			const ast_stmt *a = b->ast ? find_stmt(b->ast->body, ST_STEP, st->id, 0) : NULL;
			src_loc at = a ? a->loc : b->d->loc;
			char *of = xasprintf("step '%s'", st->id);
			addf(b, at, xstrdup(s ? p->steps[s - 1].id : "(first)"), "%s after", of);
			if (st->guard.ninstrs) { /* at its 'when' line, where a difference is */
				const ast_stmt *w = a ? find_stmt(a->body, ST_WHEN, NULL, 0) : NULL;
				addf(b, w ? w->loc : at, expr_text(b->m, &st->guard), "%s when", of);
				expr_facet(b, &st->guard);
			}
			if (st->outcome >= 0) {
				const ast_stmt *l = a ? find_stmt(a->body, ST_LEADS, NULL, 0) : NULL;
				addf(b, l ? l->loc : at, xstrdup(outcome_id(rs, st->outcome)), "%s leads", of);
			}
			if (st->rule) {
				addf(b, at, xstrdup(st->rule), "%s rule", of);
				compared_as(b, FACET_REFERENCE);
				part_refs(b, at, b->d->facets[b->d->n - 1].key, st->rules);
			}
			addf(b, at, dup_or_null(st->provisional), "%s provisional", of);
			add_labels(b, at, of, st->labels, a ? a->body : NULL);
			free(of);
		}
		const ast_stmt *tie = b->ast ? find_stmt(b->ast->body, ST_TIE, NULL, 0) : NULL;
		add_labels(b, tie ? tie->loc : b->d->loc, "tie", p->tie_break, tie ? tie->body : NULL);
		if (p->otherwise >= 0)
			addf(b, stmt_loc(b, ST_OTHERWISE, NULL, 0), xstrdup(outcome_id(rs, p->otherwise)),
			     "otherwise");
		addf(b, b->d->loc, dup_or_null(p->provisional), "provisional");
	}
}

static void requirement_facets(builder *b)
{
	const rtab_ruleset *rs = b->rs;
	for (size_t i = 0; i < rs->nrequirements; i++) {
		const rtab_requirement *r = &rs->requirements[i];
		begin(b, DEF_REQUIRE, i, r->id, r->labels, r->rule, r->rules);
		addf(b, b->ast && b->ast->init ? b->ast->init->loc : b->d->loc, expr_text(b->m, &r->condition), "condition");
	}
}

static void outcome_group_facets(builder *b)
{
	for (size_t i = 0; b->m->outcome_groups && i < b->m->ndefs[DEF_OUTCOMES]; i++) {
		const model_outcome_group *g = &b->m->outcome_groups[i];
		begin(b, DEF_OUTCOMES, i, g->id, g->labels, g->rule, g->rules);
		strbuf members = {0};
		for (size_t k = 0; k < g->nmembers; k++)
			sb_printf(&members, "%s%s", k ? ", " : "", b->rs->outcomes[g->members[k]].id);
		addf(b, b->d->loc, members.data ? members.data : xstrdup(""), "members");
	}
}

/* An example's check as written: target(inputs) roll F drm N -> expected. */
/* A decimal of the source (thousandths) as written: 16.5. */
static void put_milli(strbuf *sb, int64_t milli)
{
	char num[32];
	if (milli >= INT32_MIN && milli <= INT32_MAX &&
	    rtab_format_exact((int32_t)milli, RTAB_MILLI, num, sizeof num) == RTAB_OK)
		sb_puts(sb, num);
	else
		sb_printf(sb, "%lld/%d", (long long)milli, RTAB_MILLI);
}

/* What a check tries: "crt(attack = 8, defence = 4) roll 3". */
/* Whether input id of rs is a bool (its value written true or false). */
static bool is_bool_input(const rtab_ruleset *rs, const char *id)
{
	int in = rs && id ? rtab_find_input(rs, id) : -1;
	return in >= 0 && rs->inputs[in].type == RTAB_TYPE_BOOL;
}

static void check_situation(strbuf *sb, const rtab_ruleset *rs, const ast_stmt *s)
{
	sb_puts(sb, s->name ? s->name : "?");
	if (s->args) {
		sb_putc(sb, '(');
		for (const ast_arg *a = s->args; a; a = a->next) {
			sb_printf(sb, "%s%s = ", a == s->args ? "" : ", ", a->key ? a->key : "?");
			if (a->kind == ARG_NAME)
				sb_puts(sb, a->name);
			else if (a->kind == ARG_DECIMAL)
				put_milli(sb, a->num);
			else if (is_bool_input(rs, a->key))
				sb_puts(sb, a->num ? "true" : "false");
			else
				sb_printf(sb, "%lld", (long long)a->num);
		}
		sb_putc(sb, ')');
	}
	if (s->has_roll) {
		sb_puts(sb, " roll ");
		for (const ast_cell *c = s->cells; c; c = c->next)
			sb_printf(sb, "%s%lld", c == s->cells ? "" : ", ", (long long)c->lo);
	}
	if (s->has_drm && s->text)
		sb_printf(sb, " drm %s", s->text);
	else if (s->has_drm)
		sb_printf(sb, " drm %lld", (long long)s->drm);
}

/* A situation's value of an input measured in a unit, as written with its
 * unit ("18 inches"): a translation measuring the input in another unit
 * tries the same situation where its figure converts to this one within
 * the declared tolerance (diff.c pairs the two checks so). False where the
 * input has no unit. */
static bool situation_quantity(strbuf *sb, const rtab_ruleset *rs, const char *input, ratio v)
{
	int in = rs ? rtab_find_input(rs, input) : -1;
	const char *unit = in >= 0 ? rs->inputs[in].unit : NULL;
	if (!unit || RTAB_MILLI % v.den != 0)
		return false;
	put_milli(sb, v.num * (RTAB_MILLI / v.den));
	sb_printf(sb, " %s", unit);
	return true;
}

static int arg_order(const void *x, const void *y)
{
	const ast_arg *a = *(const ast_arg *const *)x, *b = *(const ast_arg *const *)y;
	return strcmp(a->key ? a->key : "", b->key ? b->key : "");
}

/* What a check tries, by meaning: its inputs in the order of their ids (a
 * translation may set them in another), a length with its unit
 * ("crt(attack = 8, defence = 4) roll 3", "pursue(move = 18 inches)"). */
static void check_key(strbuf *sb, const rtab_ruleset *rs, const ast_stmt *s)
{
	size_t n = 0;
	for (const ast_arg *a = s->args; a; a = a->next)
		n++;
	const ast_arg **args = xcalloc(n + 1, sizeof *args);
	n = 0;
	for (const ast_arg *a = s->args; a; a = a->next)
		args[n++] = a;
	qsort(args, n, sizeof *args, arg_order);
	sb_puts(sb, s->name ? s->name : "?");
	if (n) {
		sb_putc(sb, '(');
		for (size_t k = 0; k < n; k++) {
			const ast_arg *a = args[k];
			sb_printf(sb, "%s%s = ", k ? ", " : "", a->key ? a->key : "?");
			ratio v = a->kind == ARG_DECIMAL ? ratio_of(a->num, RTAB_MILLI) : ratio_int(a->num);
			if (a->kind == ARG_NAME)
				sb_puts(sb, a->name);
			else if (a->kind == ARG_INT && is_bool_input(rs, a->key))
				sb_puts(sb, a->num ? "true" : "false"); /* as written: fresh = true */
			else if (a->key && situation_quantity(sb, rs, a->key, v))
				continue;
			else if (a->kind == ARG_DECIMAL)
				put_milli(sb, a->num);
			else
				sb_printf(sb, "%lld", (long long)a->num);
		}
		sb_putc(sb, ')');
	}
	free(args);
	strbuf rest = {0};
	ast_stmt bare = *s;
	bare.name = "";
	bare.args = NULL;
	check_situation(&rest, rs, &bare);
	if (rest.data)
		sb_puts(sb, rest.data);
	sb_free(&rest);
}

/* The outcome a check names, by id where rs is given and it names one by its code. */
static const char *expected_name(const rtab_ruleset *rs, const char *name)
{
	if (!rs || !name)
		return name;
	for (size_t o = 0; o < rs->noutcomes; o++)
		if (strcmp(rs->outcomes[o].id, name) == 0)
			return name;
	for (size_t o = 0; o < rs->noutcomes; o++)
		if (rs->outcomes[o].code && !rs->outcomes[o].nvalues && strcmp(rs->outcomes[o].code, name) == 0)
			return rs->outcomes[o].id;
	return name;
}

/* What a check expects: "DR roll 4"; with rs, an outcome by its id (with
 * resolved, the outcome the check resolved to: a numbered outcome's code
 * "8/2" is its call "loss(8, 2)"). */
static void check_expectation(strbuf *sb, const ast_stmt *s, const rtab_ruleset *rs, const char *resolved)
{
	if (s->expect == EXPECT_SET) {
		sb_putc(sb, '{');
		for (const ast_id *i = s->ids; i; i = i->next)
			sb_printf(sb, "%s%s", i == s->ids ? "" : ", ", expected_name(rs, i->id));
		sb_putc(sb, '}');
	} else if (s->expect == EXPECT_VALUE) {
		if (s->expect_milli)
			put_milli(sb, s->expect_value);
		else
			sb_printf(sb, "%lld", (long long)s->expect_value);
		sb_printf(sb, " %s", s->name2 ? s->name2 : "");
	} else if (resolved) {
		sb_puts(sb, resolved);
	} else {
		sb_puts(sb, s->name2 ? expected_name(rs, s->name2) : "?");
		if (s->expect_call) {
			/* A numeric outcome and its numbers: loss(8, 2). */
			sb_putc(sb, '(');
			for (const ast_arg *a = s->expect_args; a; a = a->next) {
				sb_puts(sb, a == s->expect_args ? "" : ", ");
				if (a->kind == ARG_NAME)
					sb_puts(sb, a->name);
				else
					sb_printf(sb, "%lld", (long long)a->num);
			}
			sb_putc(sb, ')');
		}
	}
	if (s->has_expect_modifier)
		sb_printf(sb, " modifier %lld", (long long)s->expect_modifier);
	if (s->has_expect_roll)
		sb_printf(sb, " roll %lld", (long long)s->expect_roll);
	if (s->expect_provisional)
		sb_puts(sb, " provisional");
	if (s->has_expect_triggers) {
		sb_puts(sb, " trigger {");
		for (const ast_id *i = s->triggers; i; i = i->next)
			sb_printf(sb, "%s%s", i == s->triggers ? "" : ", ", i->id);
		sb_putc(sb, '}');
	}
}

static char *check_text(const rtab_ruleset *rs, const ast_stmt *s)
{
	strbuf sb = {0};
	check_situation(&sb, rs, s);
	sb_puts(&sb, " -> ");
	check_expectation(&sb, s, NULL, NULL);
	return sb.data;
}

/* The outcome a check of a table resolved to, by id, or NULL. */
static const char *resolved_outcome(const builder *b, const ast_def *d, const ast_stmt *s)
{
	const model *m = b->m;
	for (size_t i = 0; m->examples && i < m->nexamples; i++) {
		if (m->examples[i].def != d)
			continue;
		for (size_t k = 0; k < m->examples[i].nchecks; k++) {
			const model_check *c = &m->examples[i].checks[k];
			if (c->stmt == s && c->target.kind == RTAB_TARGET_TABLE && c->expected >= 0 &&
			    c->expected < b->rs->noutcomes && s->expect != EXPECT_SET && s->expect != EXPECT_VALUE)
				return b->rs->outcomes[c->expected].id;
		}
	}
	return NULL;
}

/* A check's expected quantity in the base unit of its unit (a distance's
 * forms, 19 cm and 7.5 inches, both in inches), exactly; false where it has
 * none or its unit is not one the ruleset declares. */
static bool check_quantity(const rtab_ruleset *rs, const ast_stmt *s, ratio *out)
{
	if (s->expect != EXPECT_VALUE || !s->name2)
		return false;
	*out = s->expect_milli ? ratio_of(s->expect_value, RTAB_MILLI) : ratio_int(s->expect_value);
	int u = -1;
	for (size_t k = 0; k < rs->nunits && u < 0; k++)
		if (strcmp(rs->units[k].id, s->name2) == 0)
			u = (int)k;
	for (size_t hops = 0; u >= 0 && rs->units[u].base >= 0; hops++) {
		if (hops > rs->nunits || !ratio_mul(*out, ratio_of(rs->units[u].num, rs->units[u].den), out))
			return false;
		u = rs->units[u].base;
	}
	return u >= 0;
}

/* What check s tries, and what it expects by meaning (owned, both). */
static void check_parts(const builder *b, const ast_def *d, const ast_stmt *s, char **situation, char **expect)
{
	strbuf sit = {0}, exp = {0};
	check_key(&sit, b->rs, s);
	check_expectation(&exp, s, b->rs, resolved_outcome(b, d, s));
	*situation = sit.data ? sit.data : xstrdup("");
	*expect = exp.data ? exp.data : xstrdup("");
}

/* The unit of check s's quantity where the ruleset held against measures
 * in it (NULL: a check of no quantity, or nothing held against). */
static const char *check_unit(const builder *b, const ast_stmt *s)
{
	bool quantity = s->expect == EXPECT_VALUE && s->name2 && !s->has_expect_modifier && !s->has_expect_roll;
	return quantity && b->other ? s->name2 : NULL;
}

/* A check of an example, read once: what it tries and expects (owned),
 * and the unit it is ranked apart by (check_left_out). */
typedef struct check_read {
	const ast_stmt *s;
	char *situation, *expect;
	const char *left_out;
} check_read;

/* The unit of quantity check c[i] where the ruleset held against measures
 * nothing in it and its example checks the same situation in a unit it
 * does (the cm with the inches in brackets: an edition in one unit keeps
 * one of the two), else NULL. */
static const char *check_left_out(const builder *b, const check_read *c, size_t n, size_t i)
{
	const char *unit = check_unit(b, c[i].s);
	if (!unit || quantity_measured_in(b->other, unit))
		return NULL;
	for (size_t j = 0; j < n; j++) {
		const char *u = j != i ? check_unit(b, c[j].s) : NULL;
		if (u && quantity_measured_in(b->other, u) && strcmp(c[j].situation, c[i].situation) == 0)
			return unit;
	}
	return NULL;
}

/* Check c[i]'s facet: keyed by what it tries (the order of checks is free;
 * a situation tried twice keys by the rank of its expectation among them,
 * so that two checks of one situation in the other order are no change; a
 * quantity by its size in its base unit), its expectation compared by
 * meaning: an outcome by id, a quantity in its unit. */
static void check_facet(builder *b, check_read *c, size_t n, size_t i)
{
	const ast_stmt *s = c[i].s;
	size_t nth = 0;
	for (size_t j = 0; j < n; j++) {
		if (j == i || !c[j].left_out != !c[i].left_out || strcmp(c[j].situation, c[i].situation) != 0)
			continue;
		/* a quantity may be written in another unit: ranked by its size */
		ratio qs, qe;
		int cmp = s->expect != EXPECT_VALUE ? strcmp(c[j].expect, c[i].expect)
			: check_quantity(b->rs, s, &qs) && check_quantity(b->rs, c[j].s, &qe) ? ratio_compare(qe, qs)
			: 0;
		nth += cmp < 0 || (cmp == 0 && j < i);
	}
	/* One the held-against side leaves out is ranked apart, keyed by its unit. */
	char *apart = c[i].left_out ? xasprintf(", in %s", c[i].left_out) : xstrdup("");
	if (nth)
		addf(b, s->loc, check_text(b->rs, s), "check %s%s #%zu", c[i].situation, apart, nth + 1);
	else
		addf(b, s->loc, check_text(b->rs, s), "check %s%s", c[i].situation, apart);
	free(apart);
	facet *f = &b->d->facets[b->d->n - 1];
	f->meaning = xstrdup(c[i].expect); /* the others' ranks still read c[i].expect */
	if (s->expect == EXPECT_VALUE && s->name2 && !s->has_expect_modifier && !s->has_expect_roll) {
		f->compare = FACET_QUANTITY;
		f->unit = s->name2;
	}
}

/* The facets of example d's checks: each read once, then ranked (an
 * example of many checks of one situation costs no more than reading them). */
static void check_facets(builder *b, const ast_def *d)
{
	size_t n = 0;
	for (const ast_stmt *s = d->body; s; s = s->next)
		n += s->kind == ST_CHECK;
	check_read *c = xcalloc(n ? n : 1, sizeof *c);
	n = 0;
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_CHECK) {
			c[n].s = s;
			check_parts(b, d, s, &c[n].situation, &c[n].expect);
			n++;
		}
	for (size_t i = 0; i < n; i++)
		c[i].left_out = check_left_out(b, c, n, i);
	for (size_t i = 0; i < n; i++)
		check_facet(b, c, n, i);
	for (size_t i = 0; i < n; i++) {
		free(c[i].situation);
		free(c[i].expect);
	}
	free(c);
}

static void example_facets(builder *b)
{
	const model *m = b->m;
	for (size_t i = 0; i < m->ndefs[DEF_EXAMPLE]; i++) {
		const ast_def *d = m->defs[DEF_EXAMPLE][i];
		/* Examples are not lowered: their labels are read from the source. */
		size_t nl = m->rs.nlocales;
		const char **labels = xcalloc(nl ? nl : 1, sizeof *labels);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind == ST_LABEL)
				for (size_t l = 0; l < nl; l++)
					if (strcmp(s->name, m->rs.locales[l]) == 0)
						labels[l] = s->text;
		begin(b, DEF_EXAMPLE, i, d->id, NULL, d->rule, NULL);
		add_labels(b, d->id_loc, "", labels, d->body);
		free(labels);
		check_facets(b, d);
	}
}

/* The reader of each kind of definition, and the word a report names the
 * kind by where it differs from def_kind_name. */
typedef struct facet_reader {
	void (*read)(builder *b);
	const char *word;
	const char *reason;
} facet_reader;

#define facets_RULESET {ruleset_facets, NULL, NULL}
#define facets_DICE {dice_facets, NULL, NULL}
#define facets_ENUM {enum_facets, NULL, NULL}
#define facets_INPUT {input_facets, NULL, NULL}
#define facets_EFFECT {effect_facets, NULL, NULL}
#define facets_OUTCOME {outcome_facets, NULL, NULL}
#define facets_MODIFIER {modifier_facets, NULL, NULL}
#define facets_TABLE {table_facets, NULL, NULL}
#define facets_MATRIX {matrix_facets, NULL, NULL}
#define facets_BAND {band_facets, "ratio", NULL}
#define facets_GROUP {group_facets, NULL, NULL}
#define facets_REACTIONS {reaction_facets, "reactions", NULL}
#define facets_TRANSITION {transition_facets, NULL, NULL}
#define facets_DISTANCE {distance_facets, NULL, NULL}
#define facets_PROCEDURE {procedure_facets, NULL, NULL}
#define facets_EXAMPLE {example_facets, NULL, NULL}
#define facets_REQUIRE {requirement_facets, NULL, NULL}
#define facets_OUTCOMES {outcome_group_facets, NULL, NULL}

static const facet_reader readers[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = facets_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(readers);

/* The order of a report: the tables after what they use. */
static const def_kind reading_order[] = {
	DEF_RULESET, DEF_DICE, DEF_ENUM, DEF_INPUT, DEF_EFFECT, DEF_OUTCOME, DEF_MODIFIER, DEF_MATRIX,
	DEF_BAND, DEF_GROUP, DEF_TABLE, DEF_REACTIONS, DEF_TRANSITION, DEF_DISTANCE, DEF_PROCEDURE,
	DEF_EXAMPLE, DEF_REQUIRE, DEF_OUTCOMES,
};
_Static_assert(sizeof reading_order / sizeof *reading_order == DEF_KIND_COUNT_,
	       "every kind in the order of a report");

const char *facet_kind_word(def_kind kind)
{
	return readers[kind].word ? readers[kind].word : def_kind_name(kind);
}

construct_use facets_kind_use(def_kind kind)
{
	construct_use use = CONSTRUCT_USE(readers[kind], read);
	bool ordered = false;
	for (size_t i = 0; i < sizeof reading_order / sizeof *reading_order; i++)
		ordered |= reading_order[i] == kind;
	use.handled &= ordered; /* a reader left out of the order would never run */
	return use;
}

void facets_build(facet_set *s, const model *m)
{
	facets_build_against(s, m, NULL);
}

void facets_build_against(facet_set *s, const model *m, const rtab_ruleset *other)
{
	builder b = {s, m, &m->rs, NULL, NULL, other};
	memset(s, 0, sizeof *s);
	s->m = m;
	for (size_t i = 0; i < sizeof reading_order / sizeof *reading_order; i++)
		readers[reading_order[i]].read(&b);
}

void facets_free(facet_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		for (size_t k = 0; k < s->defs[i].n; k++) {
			free(s->defs[i].facets[k].key);
			free(s->defs[i].facets[k].value);
			free(s->defs[i].facets[k].label_of);
			free(s->defs[i].facets[k].slot);
			free(s->defs[i].facets[k].meaning);
		}
		free(s->defs[i].facets);
	}
	free(s->defs);
	memset(s, 0, sizeof *s);
}

const facet_def *facets_find(const facet_set *s, def_kind kind, const char *id)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->defs[i].kind == kind && strcmp(s->defs[i].id, id) == 0)
			return &s->defs[i];
	return NULL;
}

bool facet_is_provisional(const facet *f)
{
	static const char word[] = "provisional";
	size_t n = strlen(f->key), w = sizeof word - 1;
	return !f->locale && n >= w && strcmp(f->key + n - w, word) == 0 && (n == w || f->key[n - w - 1] == ' ');
}

const char *facet_compared_value(const facet *f, bool by_meaning)
{
	return by_meaning && f->meaning ? f->meaning : f->value;
}

const facet *facet_find(const facet_def *d, const char *key)
{
	for (size_t i = 0; i < d->n; i++)
		if (strcmp(d->facets[i].key, key) == 0)
			return &d->facets[i];
	return NULL;
}
