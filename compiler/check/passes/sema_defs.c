/* SPDX-License-Identifier: MIT */
/* Matrices, ratio bands, stacking groups, steps, reactions, transitions,
 * distances and procedures. */
#include "check/passes/sema_defs.h"
#include "check/passes/sema_grid.h"
#include "check/passes/sema_reading.h"

#include "check/passes/body.h"
#include "check/names/rule_refs.h"
#include "check/checks.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_exact.h"
#include "check/passes/sema_expr.h"
#include "check/names/target_kinds.h"
#include "check/passes/units.h"
#include "check/names/unknown.h"
#include "front/stackings.h"

#include <stdlib.h>
#include <string.h>

/* Statements of a definition that its kind does not take (the 'in' column of
 * constructs.def) are misplaced. */
static void only(model *m, const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (!def_takes_stmt(d->kind, s->kind))
			report_misplaced(m, s, def_kind_phrase(d->kind));
}

/* The runtime's array of the definitions of kind k (size bytes each), its
 * count in *count: what each resolve_ below begins with. */
static void *defs_array(model *m, def_kind k, size_t size, uint16_t *count)
{
	*count = (uint16_t)m->ndefs[k];
	return model_array(m, m->ndefs[k], size);
}

/* Definition i of kind k: its statements that its kind does not take
 * said, then its id, labels and rule reference read (what: "group"). */
static const ast_def *def_begin(model *m, def_kind k, size_t i, const char *what, const char **id,
				rtab_labels *labels, const char **rule, rtab_labels *rules)
{
	const ast_def *d = m->defs[k][i];
	only(m, d);
	def_head(m, d, what, id, labels, rule, rules);
	return d;
}

static const ast_stmt *first_stmt(const ast_stmt *body, stmt_kind kind)
{
	for (const ast_stmt *s = body; s; s = s->next)
		if (s->kind == kind)
			return s;
	return NULL;
}

int model_step(model *m, const char *id, src_loc loc, bool declare)
{
	for (size_t i = 0; i < m->rs.nsteps; i++)
		if (strcmp(m->rs.steps[i], id) == 0)
			return (int)i;
	if (!declare) {
		report_unknown_in(m, loc, "step", id, "(steps are named by modifiers' 'steps')",
				  m->rs.steps, m->rs.nsteps, sizeof(char *));
		return -1;
	}
	if (m->rs.nsteps == RTAB_MAX_STEPS) {
		check_report(m, CHECK_LIMITS, loc, "too many steps (at most %d)", RTAB_MAX_STEPS);
		return -1;
	}
	((const char **)m->rs.steps)[m->rs.nsteps] = arena_strdup(&m->arena, id);
	return m->rs.nsteps++;
}

void resolve_steps(model *m)
{
	m->rs.steps = model_array(m, RTAB_MAX_STEPS, sizeof(char *));
	for (size_t i = 0; i < m->ndefs[DEF_MODIFIER]; i++)
		for (const ast_stmt *s = m->defs[DEF_MODIFIER][i]->body; s; s = s->next)
			if (s->kind == ST_STEPS)
				for (const ast_id *id = s->ids; id; id = id->next)
					model_step(m, id->id, id->loc, true);
}

bool resolve_target(model *m, const char *id, src_loc loc, rtab_target *out)
{
	/* The kinds that resolve, in the order of constructs.def (check/names/target_kinds.c). */
	size_t n = 0, j = 0;
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		int target = target_kind_of((def_kind)k);
		if (target < 0)
			continue;
		int i = model_find(m, (def_kind)k, id);
		if (i >= 0) {
			model_use(m, (def_kind)k, i);
			out->kind = (uint8_t)target;
			out->index = (uint16_t)i;
			return true;
		}
		n += m->ndefs[k];
	}
	/* Built once: an unknown target per trigger must not cost a copy each. */
	const char **names = (const char **)m->target_names;
	if (!names) {
		names = model_array(m, n ? n : 1, sizeof *names);
		for (int k = 0; k < DEF_KIND_COUNT_; k++)
			for (size_t i = 0; target_kind_of((def_kind)k) >= 0 && i < m->ndefs[k]; i++)
				names[j++] = m->defs[k][i]->id;
		m->target_names = names;
	}
	report_unknown(m, loc, "table, reaction set, transition, distance or procedure", id, names,
		       n, sizeof *names);
	return false;
}

void resolve_matrices(model *m)
{
	rtab_matrix *out = defs_array(m, DEF_MATRIX, sizeof *out, &m->rs.nmatrices);
	m->rs.matrices = out;
	for (size_t i = 0; i < m->rs.nmatrices; i++) {
		const ast_def *d = m->defs[DEF_MATRIX][i];
		rtab_matrix *mx = &out[i];
		size_t ndims = 0, ncells = 1;
		const ast_stmt *def = NULL;
		bool ok = true;

		only(m, d);
		def_head(m, d, "matrix", &mx->id, &mx->labels, &mx->rule, &mx->rules);
		for (const ast_param *p = d->params; p; p = p->next)
			ndims++;
		uint16_t *dims = model_array(m, ndims ? ndims : 1, sizeof *dims);
		mx->dims = dims;
		for (const ast_param *p = d->params; p; p = p->next) {
			int e = p->type.kind == TY_NAMED ? model_find(m, DEF_ENUM, p->type.name) : -1;
			model_use(m, DEF_ENUM, e);
			if (e < 0) {
				if (p->type.kind == TY_NAMED)
					resolve_def(m, DEF_ENUM, p->type.name, p->type.loc);
				else
					check_report(m, CHECK_TYPE, p->type.loc,
						     "a matrix is keyed by enums; '%s' is not one", p->id);
				ok = false;
				continue;
			}
			dims[mx->ndims++] = (uint16_t)e;
			if (m->rs.enums[e].nvalues == 0)
				ok = false; /* the empty enum is reported */
			ncells *= m->rs.enums[e].nvalues ? m->rs.enums[e].nvalues : 1;
		}
		if (!ok || ndims < 1 || ndims > 8 || ncells > 1000000) {
			m->bad[DEF_MATRIX][i] = true;
			if (ok)
				check_report(m, CHECK_LIMITS, d->id_loc,
					     "a matrix has 1 to 8 keys and at most 1000000 cells");
			mx->ndims = 0;
			continue;
		}
		int32_t *cells = model_array(m, ncells, sizeof *cells);
		const char **prov = model_array(m, ncells, sizeof *prov);
		bool *set = xcalloc(ncells, sizeof *set);
		bool any_prov = false;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_DEFAULT) {
				if (def) {
					check_report(m, CHECK_DUPLICATE, s->loc,
						     "matrix '%s' has two defaults", d->id);
					continue;
				}
				def = s;
				continue;
			}
			if (s->kind != ST_CELL)
				continue;
			size_t cell = 0, k = 0;
			bool good = true;
			for (const ast_id *key = s->ids; key; key = key->next, k++) {
				if (k >= ndims) {
					good = false;
					break;
				}
				int v = resolve_enum_value(m, dims[k], key->id, key->loc);
				good &= v >= 0;
				cell = cell * m->rs.enums[dims[k]].nvalues + (size_t)(v < 0 ? 0 : v);
			}
			if (k != ndims) {
				check_report(m, CHECK_ROW_SHAPE, s->loc,
					     "a cell of matrix '%s' names %zu keys; it has %zu", d->id,
					     k, ndims);
				continue;
			}
			if (!good)
				continue;
			if (set[cell]) {
				check_report(m, CHECK_DUPLICATE, s->loc, "this cell of matrix '%s' is given twice",
					     d->id);
				continue;
			}
			set[cell] = true;
			cells[cell] = (int32_t)s->lo;
			prov[cell] = arena_strdup(&m->arena, s->text);
			any_prov |= s->text != NULL;
		}
		mx->min = INT32_MAX;
		mx->max = INT32_MIN;
		for (size_t c = 0; c < ncells; c++) {
			if (!set[c]) {
				if (!def) {
					/* Name the first missing cell by its keys. */
					strbuf keys = {0};
					size_t rest = c, span = ncells;
					for (size_t k = 0; k < ndims; k++) {
						const rtab_enum *E = &m->rs.enums[dims[k]];
						span /= E->nvalues;
						sb_printf(&keys, "%s%s", k ? ", " : "", E->values[rest / span].id);
						rest %= span;
					}
					check_report(m, CHECK_MATRIX_CELLS, d->id_loc,
						     "matrix '%s' has no value for (%s) and maybe other cells; give them, or add: default 0;",
						     d->id, keys.data);
					sb_free(&keys);
					break;
				}
				cells[c] = (int32_t)def->lo;
				if (def->text) {
					prov[c] = arena_strdup(&m->arena, def->text);
					any_prov = true;
				}
			}
			mx->min = cells[c] < mx->min ? cells[c] : mx->min;
			mx->max = cells[c] > mx->max ? cells[c] : mx->max;
		}
		free(set);
		const ast_stmt *range = first_stmt(d->body, ST_DOMAIN);
		for (const ast_stmt *s = d->body; range && s; s = s->next)
			if ((s->kind == ST_CELL || s->kind == ST_DEFAULT) && (s->lo < range->lo || s->lo > range->hi))
				check_report(m, CHECK_LOOKUP_DOMAIN, s->loc,
					     "matrix '%s' gives %lld here, outside its range %lld..%lld",
					     d->id, (long long)s->lo, (long long)range->lo,
					     (long long)range->hi);
		mx->cells = cells;
		mx->provisional = any_prov ? prov : NULL;
	}
}

void resolve_bands(model *m)
{
	rtab_band *out = defs_array(m, DEF_BAND, sizeof *out, &m->rs.nbands);
	m->rs.bands = out;
	for (size_t i = 0; i < m->rs.nbands; i++) {
		rtab_band *b = &out[i];
		const ast_def *d = def_begin(m, DEF_BAND, i, "ratio",
					    &b->id, &b->labels, &b->rule, &b->rules);
		b->provisional = block_provisional(m, d->body);
		size_t k = count_stmts(d->body, ST_BAND_STEP);
		rtab_band_step *steps = model_array(m, k ? k : 1, sizeof *steps);
		const char **step_prov = model_array(m, k ? k : 1, sizeof *step_prov);
		bool any_prov = false;
		idmap seen = {0}; /* each step's ratio in lowest terms */
		b->steps = steps;
		const ast_stmt *round = NULL;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_ROUND) {
				/* 'round MODE;': how odds between two printed ones read. */
				/* 'round linear, ties up;': the nearest by the ratio itself, a tie's side stated */
				bool linear = s->ids && strcmp(s->ids->id, "linear") == 0;
				if (s->star || !s->ids || (s->ids->next && !linear)) {
					report_misplaced(m, s, "a ratio");
				} else if (round) {
					check_report(m, CHECK_DUPLICATE, s->loc, "ratio '%s' has a second 'round'", d->id);
					check_note(m, round->loc, "the first 'round' is here");
				} else {
					round = s;
					parse_column_rounding(m, s->ids, &b->rounding);
				}
			}
			if (s->kind == ST_OTHERWISE) {
				if (s->name)
					check_report(m, CHECK_TYPE, s->loc,
						     "a ratio's 'otherwise' is a number, not '%s'", s->name);
				b->otherwise = (int32_t)s->lo;
				b->otherwise_provisional = arena_strdup(&m->arena, s->text);
			}
			if (s->kind != ST_BAND_STEP)
				continue;
			if (s->lo < 1 || s->hi < 1) {
				check_report(m, CHECK_BAD_RANGE, s->loc,
					     "a ratio step is written A:B with A and B at least 1");
				continue;
			}
			if (s->lo > RTAB_MAX_STEP_TERM || s->hi > RTAB_MAX_STEP_TERM) {
				check_report(m, CHECK_BAD_RANGE, s->loc,
					     "the terms of a ratio step are 1 to %d, not %lld:%lld",
					     RTAB_MAX_STEP_TERM, (long long)s->lo, (long long)s->hi);
				continue;
			}
			if (!item_room(m, b->nsteps, s->loc, "steps", "ratio", d->id))
				break;
			int64_t x = s->lo, y = s->hi;
			while (y) {
				int64_t r = x % y;
				x = y;
				y = r;
			}
			char *key = model_array(m, 48, 1);
			snprintf(key, 48, "%lld:%lld", (long long)(s->lo / x), (long long)(s->hi / x));
			if (idmap_put(&seen, key, 0) >= 0)
				check_report(m, CHECK_DUPLICATE, s->loc,
					     "ratio '%s' gives %lld:%lld twice", d->id,
					     (long long)s->lo, (long long)s->hi);
			steps[b->nsteps++] = (rtab_band_step){(int32_t)s->lo, (int32_t)s->hi, (int32_t)s->drm};
			step_prov[b->nsteps - 1] = arena_strdup(&m->arena, s->text);
			any_prov |= s->text != NULL;
		}
		idmap_free(&seen);
		b->step_provisional = any_prov ? step_prov : NULL;
		const ast_stmt *range = first_stmt(d->body, ST_DOMAIN);
		for (const ast_stmt *s = d->body; range && s; s = s->next) {
			int64_t v = s->kind == ST_BAND_STEP ? s->drm : s->lo;
			if ((s->kind == ST_BAND_STEP || (s->kind == ST_OTHERWISE && !s->name)) &&
			    (v < range->lo || v > range->hi))
				check_report(m, CHECK_LOOKUP_DOMAIN, s->loc,
					     "ratio '%s' gives %lld here, outside its range %lld..%lld", d->id,
					     (long long)v, (long long)range->lo, (long long)range->hi);
		}
	}
}

void resolve_groups(model *m)
{
	rtab_group *out = defs_array(m, DEF_GROUP, sizeof *out, &m->rs.ngroups);
	m->rs.groups = out;
	for (size_t i = 0; i < m->rs.ngroups; i++) {
		rtab_group *g = &out[i];
		const ast_def *d = def_begin(m, DEF_GROUP, i, "group",
					    &g->id, &g->labels, &g->rule, &g->rules);
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_CAP) {
				g->capped = 1;
				g->cap_min = (int32_t)s->lo;
				g->cap_max = (int32_t)s->hi;
				if (s->lo > s->hi)
					check_report(m, CHECK_BAD_RANGE, s->loc, "the cap %lld..%lld is empty",
						     (long long)s->lo, (long long)s->hi);
			} else if (s->kind == ST_STACK) {
				rtab_stacking kind;
				char words[80];
				if (stacking_of_word(s->name, &kind))
					g->stacking = (uint8_t)kind;
				else
					check_report(m, CHECK_UNKNOWN_NAME, s->name_loc, "unknown stacking '%s'; use %s",
						     s->name, stacking_words(words, sizeof words));
			}
		}
	}
}

/* What an option of a reaction set and a step of a procedure both begin
 * with (what: "option", "step"): a name no other of d's has (said where one
 * does), its rule reference (d's when it gives none) and its labels. Its
 * id, in the model's arena. */
static const char *read_part(model *m, const ast_def *d, const ast_stmt *s, idmap *names,
			     const char *what, rtab_labels *rules, const char **rule,
			     rtab_labels *labels)
{
	if (idmap_put(names, s->name, 0) >= 0)
		check_report(m, CHECK_DUPLICATE, s->name_loc, "%s '%s' has two %ss '%s'",
			     def_kind_name(d->kind), d->id, what, s->name);
	*rules = part_rule_refs(m, s->rule ? s->rule : d->rule, rule);
	*labels = read_labels(m, s->body, what, s->name, s->name_loc, true);
	return arena_strdup(&m->arena, s->name);
}

/* A 'when' guard, an 'unless' exclusion, and a 'leads' outcome, as options and steps have. */
static void guard_and_outcome(model *m, const ast_stmt *body, rtab_expr *guard, int16_t *outcome,
			      const char **provisional)
{
	*provisional = block_provisional(m, body);
	const ast_expr *when = NULL, *unless = NULL;
	*outcome = -1;
	for (const ast_stmt *s = body; s; s = s->next) {
		if (s->kind == ST_WHEN)
			when = s->expr;
		else if (s->kind == ST_UNLESS)
			unless = s->expr;
		else if (s->kind == ST_LEADS)
			*outcome = (int16_t)resolve_def(m, DEF_OUTCOME, s->name, s->name_loc);
		else if (s->kind != ST_LABEL && s->kind != ST_PROVISIONAL)
			report_misplaced(m, s, "an option or a step");
	}
	/* "allowed when W unless U" is the guard W and not U. */
	ast_expr not_u = {.kind = EX_UNARY, .op = RTAB_OP_NOT, .lhs = (ast_expr *)unless};
	ast_expr both = {.kind = EX_BINARY, .op = RTAB_OP_AND, .lhs = (ast_expr *)when, .rhs = &not_u};
	const ast_expr *g = when && unless ? &both : when ? when : unless ? &not_u : NULL;
	if (unless) {
		not_u.loc = unless->loc;
		both.loc = unless->loc;
	}
	expr_type t;
	if (g)
		compile_expr(m, g, RTAB_TYPE_BOOL, guard, &t);
}

void resolve_reactions(model *m)
{
	rtab_reaction_set *out = defs_array(m, DEF_REACTIONS, sizeof *out, &m->rs.nreaction_sets);
	m->rs.reaction_sets = out;
	for (size_t i = 0; i < m->rs.nreaction_sets; i++) {
		rtab_reaction_set *r = &out[i];
		const ast_def *d = def_begin(m, DEF_REACTIONS, i, "reaction set",
					    &r->id, &r->labels, &r->rule, &r->rules);
		size_t k = count_stmts(d->body, ST_OPTION);
		rtab_option *opts = model_array(m, k ? k : 1, sizeof *opts);
		idmap names = {0};
		r->options = opts;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			expr_type t;
			if (s->kind == ST_UNLESS) {
				/* "unless C;" on the set: in situation C the unit has no reaction at all. */
				if (r->none_when.ninstrs)
					check_report(m, CHECK_DUPLICATE, s->loc,
						     "reaction set '%s' has a second 'unless'; join them with 'or'",
						     d->id);
				else
					compile_expr(m, s->expr, RTAB_TYPE_BOOL, &r->none_when, &t);
				continue;
			}
			if (s->kind != ST_OPTION)
				continue;
			if (!item_room(m, r->noptions, s->name_loc, "options", "reaction set", d->id))
				break;
			rtab_option *o = &opts[r->noptions++];
			o->id = read_part(m, d, s, &names, "option", &o->rules, &o->rule, &o->labels);
			guard_and_outcome(m, s->body, &o->guard, &o->outcome, &o->provisional);
		}
		idmap_free(&names);
	}
}

void resolve_transitions(model *m)
{
	rtab_transition *out = defs_array(m, DEF_TRANSITION, sizeof *out, &m->rs.ntransitions);
	m->rs.transitions = out;
	for (size_t i = 0; i < m->rs.ntransitions; i++) {
		rtab_transition *tr = &out[i];
		const ast_def *d = def_begin(m, DEF_TRANSITION, i, "transition",
					    &tr->id, &tr->labels, &tr->rule, &tr->rules);
		int in = resolve_def(m, DEF_INPUT, d->by, d->by_loc);
		if (in < 0)
			continue;
		if (m->rs.inputs[in].type != RTAB_TYPE_ENUM) {
			check_report(m, CHECK_TYPE, d->by_loc,
				     "a transition follows an enum input, and '%s' is not one", d->by);
			continue;
		}
		int e = m->rs.inputs[in].enum_index;
		size_t nv = m->rs.enums[e].nvalues;
		int16_t *next = model_array(m, nv ? nv : 1, sizeof *next);
		const char **prov = model_array(m, nv ? nv : 1, sizeof *prov);
		bool any_prov = false;
		const ast_stmt **from = xcalloc(nv ? nv : 1, sizeof *from);
		const ast_stmt *star = NULL;
		tr->input = (uint16_t)in;
		tr->next = next;
		for (size_t v = 0; v < nv; v++)
			next[v] = -1;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind != ST_ARC)
				continue;
			int to = resolve_enum_value(m, e, s->name2, s->name2_loc);
			if (to < 0)
				m->bad[DEF_TRANSITION][i] = true;
			if (s->star) {
				/* One '*' arc: a second would silently win over the first.
				 * (An arc to an unknown state is said as that alone.) */
				if (star && to >= 0) {
					check_report(m, CHECK_DUPLICATE, s->loc,
						     "transition '%s' gives '*' (every other state) twice; keep one '* -> STATE;'",
						     d->id);
					check_note(m, star->loc, "first given here");
				} else if (!star)
					star = s;
				continue;
			}
			int f = resolve_enum_value(m, e, s->name, s->name_loc);
			if (f < 0)
				m->bad[DEF_TRANSITION][i] = true;
			if (f < 0 || to < 0)
				continue;
			if (from[f]) {
				check_report(m, CHECK_DUPLICATE, s->loc,
					     "transition '%s' gives state '%s' twice", d->id, s->name);
				check_note(m, from[f]->loc, "first given here");
				continue;
			}
			from[f] = s;
			next[f] = (int16_t)to;
			prov[f] = arena_strdup(&m->arena, s->text);
			any_prov |= s->text != NULL;
		}
		if (star) {
			int to = model_enum_value(m, e, star->name2);
			for (size_t v = 0; v < nv; v++)
				if (next[v] < 0 && to >= 0) {
					next[v] = (int16_t)to;
					prov[v] = arena_strdup(&m->arena, star->text);
					any_prov |= star->text != NULL;
				}
		}
		tr->provisional = any_prov ? prov : NULL;
		for (size_t v = 0; v < nv && !m->bad[DEF_TRANSITION][i] && !d->damaged; v++)
			if (next[v] < 0)
				check_report(m, CHECK_TRANSITION, d->id_loc,
					     "transition '%s' does not say what state '%s' becomes; add: %s -> STATE;",
					     d->id, m->rs.enums[e].values[v].id, m->rs.enums[e].values[v].id);
		free(from);
	}
}

void resolve_distances(model *m)
{
	rtab_distance *out = defs_array(m, DEF_DISTANCE, sizeof *out, &m->rs.ndistances);
	m->distance_bounds = model_array(m, m->rs.ndistances ? m->rs.ndistances : 1, sizeof *m->distance_bounds);
	m->rs.distances = out;
	for (size_t i = 0; i < m->rs.ndistances; i++) {
		rtab_distance *dist = &out[i];
		const ast_def *d = def_begin(m, DEF_DISTANCE, i, "distance",
					    &dist->id, &dist->labels, &dist->rule, &dist->rules);
		size_t k = count_stmts(d->body, ST_AMOUNT);
		if ((k == 0 && !d->damaged) || k > 8) {
			check_report(m, CHECK_MISSING, d->id_loc,
				     "distance '%s' needs 1 to 8 values, e.g.: value 2d6 inches;", d->id);
			continue;
		}
		rtab_distance_form *forms = model_array(m, k, sizeof *forms);
		dist->forms = forms;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			expr_type t;
			if (s->kind == ST_PROVISIONAL)
				dist->provisional = arena_strdup(&m->arena, s->text);
			if (s->kind != ST_AMOUNT)
				continue;
			m->allow_dice = true;
			t.lo = t.hi = 0;
			m->expr_unit = NULL;
			/* At a precision 1/N every form gives an exact number (scaled). */
			if (compile_expr(m, s->expr, EXPR_NUMERIC, &forms[dist->nforms].value, &t))
				expr_make_exact(m, &forms[dist->nforms].value, &t);
			m->allow_dice = false;
			/* The unit after the value, else the unit of what it computes ('2d6 inch'). */
			const char *unit = s->name2 ? s->name2 : m->expr_unit == UNITS_ANY ? NULL : m->expr_unit;
			if (!unit && m->expr_unit == UNITS_ANY && m->diag->errors)
				; /* its unit was reported */
			else if (!unit)
				check_report(m, CHECK_UNITS, s->loc,
					     m->rs.nunits ? "give the value's unit: a unit the ruleset declares, after the value or on its numbers (value 2d6 inch;)"
							  : "give the value's unit after it: mm, cm, m, inches, feet, yards, paces, hexes, squares, miles or km");
			else if (s->name2 && (m->rs.nunits ? units_find(&m->rs, unit) < 0 : !units_builtin(unit)))
				check_report(m, CHECK_UNITS, s->name2_loc,
					     m->rs.nunits ? "unit '%s' is not declared; declare it in the ruleset header: unit %s;"
							  : "unknown unit '%s'; use mm, cm, m, inches, feet, yards, paces, hexes, squares, miles or km",
					     unit, unit);
			size_t nfaces = 0;
			for (size_t k2 = 0; k2 < forms[dist->nforms].value.ninstrs; k2++)
				if (forms[dist->nforms].value.instrs[k2].op == RTAB_OP_ROLL)
					nfaces += m->rs.dice[forms[dist->nforms].value.instrs[k2].arg].nfaces;
			if (nfaces > RTAB_MAX_FACES)
				check_report(m, CHECK_LIMITS, s->expr->loc,
					     "this value rolls %zu dice; a roll has at most %d", nfaces,
					     RTAB_MAX_FACES);
			m->distance_bounds[i][dist->nforms][0] = t.lo;
			m->distance_bounds[i][dist->nforms][1] = t.hi;
			forms[dist->nforms].unit = arena_strdup(&m->arena, unit ? unit : "");
			dist->nforms++;
		}
	}
}

void resolve_procedures(model *m)
{
	rtab_procedure *out = defs_array(m, DEF_PROCEDURE, sizeof *out, &m->rs.nprocedures);
	m->rs.procedures = out;
	for (size_t i = 0; i < m->rs.nprocedures; i++) {
		rtab_procedure *p = &out[i];
		const ast_def *d = def_begin(m, DEF_PROCEDURE, i, "procedure",
					    &p->id, &p->labels, &p->rule, &p->rules);
		p->provisional = block_provisional(m, d->body);
		p->otherwise = -1;
		size_t k = count_stmts(d->body, ST_STEP);
		rtab_procedure_step *steps = model_array(m, k ? k : 1, sizeof *steps);
		idmap names = {0};
		p->steps = steps;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_TIE) {
				p->tie_break = read_labels(m, s->body, "tie-break of procedure", d->id,
							   s->loc, true);
			} else if (s->kind == ST_OTHERWISE) {
				if (s->name)
					p->otherwise = (int16_t)resolve_def(m, DEF_OUTCOME, s->name,
									    s->name_loc);
				else
					check_report(m, CHECK_TYPE, s->loc,
						     "a procedure's 'otherwise' names an outcome");
			} else if (s->kind == ST_STEP) {
				if (!item_room(m, p->nsteps, s->name_loc, "steps", "procedure", d->id))
					break;
				rtab_procedure_step *st = &steps[p->nsteps++];
				st->id = read_part(m, d, s, &names, "step", &st->rules, &st->rule,
						   &st->labels);
				guard_and_outcome(m, s->body, &st->guard, &st->outcome, &st->provisional);
			}
		}
		idmap_free(&names);
	}
}
