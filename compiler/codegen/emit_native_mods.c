/* SPDX-License-Identifier: MIT */
/*
 * The native resolvers' lists of modifiers (see emit_native.c): the
 * die-roll modifiers of a table and its column shifts, each condition and
 * value as C statements, the stacking of groups decided here, the totals
 * summed group by group in the interpreter's order. The two lists stack
 * apart: each has its own accumulators, named with its prefix.
 */
#include "codegen/emit_native_mods.h"
#include "codegen/native_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The "better" comparison of a stacking policy for one side: new value n against kept k. */
const char *prefers(uint8_t policy, int sign)
{
	bool high = (policy == RTAB_STACK_BEST) == (sign > 0);
	return high ? ">" : "<";
}

/* What a side's kept member starts as: beyond every int32 value, on the side it does not prefer. */
const char *keep_start(uint8_t policy, int sign)
{
	return strcmp(prefers(policy, sign), ">") == 0 ? "INT64_MIN" : "INT64_MAX";
}

/* Whether a group's cap leaves out 0: it holds only when a member applies. */
static bool cap_leaves_out_0(const rtab_group *g)
{
	return g->capped && (g->cap_min > 0 || g->cap_max < 0);
}

/* Whether the list has members of group g that count at table t's step. */
bool group_used(const rtab_ruleset *rs, const rtab_table *t, const mod_list *l, size_t g)
{
	for (size_t i = 0; i < l->n; i++) {
		const rtab_modifier *m = &rs->modifiers[l->ids[i]];
		if (rtab_modifier_counts_at_step(t, m) && m->group == (int)g)
			return true;
	}
	return false;
}

/* A value written as a constant ("value 1", "value -2"): its signed value. */
static bool constant_value(const rtab_modifier *m, int64_t *v)
{
	const rtab_expr *e = &m->value;
	if (e->ninstrs == 1 && e->instrs[0].op == RTAB_OP_CONST)
		*v = e->instrs[0].arg;
	else if (e->ninstrs == 2 && e->instrs[0].op == RTAB_OP_CONST && e->instrs[1].op == RTAB_OP_NEG &&
		 e->instrs[0].arg != INT32_MIN)
		*v = -(int64_t)e->instrs[0].arg;
	else
		return false;
	if (m->sign < 0)
		*v = -*v;
	return true;
}

/*
 * Whether every member of a stacking group on one side (0: +1, 1: -1) has a
 * constant value: then, in the lean result, the member that counts is the
 * first by preference whose condition holds, chosen by a chain of selects.
 */
static bool constant_side(const rtab_ruleset *rs, const rtab_table *t, const mod_list *l, int g, int side)
{
	if (g < 0 || rs->groups[g].stacking == RTAB_STACK_SUM)
		return false;
	for (size_t i = 0; i < l->n; i++) {
		const rtab_modifier *m = &rs->modifiers[l->ids[i]];
		int64_t v;
		if (rtab_modifier_counts_at_step(t, m) && m->group == g && (m->sign < 0) == side && !constant_value(m, &v))
			return false;
	}
	return true;
}

/* "(c1a_1 ? -2 : c1a_0 ? -1 : 0)": the value of one side of a group, its members (numbered
 * in the order listed) by preference; among equal values the first listed. */
static void emit_side_chain(nctx *c, const rtab_table *t, const mod_list *l, int g, int side)
{
	const rtab_ruleset *rs = c->rs;
	size_t order[RTAB_MAX_APPLIED], n = 0;
	int64_t val[RTAB_MAX_APPLIED];
	bool high = strcmp(prefers(rs->groups[g].stacking, side ? -1 : 1), ">") == 0;
	for (size_t i = 0; i < l->n && n < RTAB_MAX_APPLIED; i++) {
		const rtab_modifier *m = &rs->modifiers[l->ids[i]];
		if (!rtab_modifier_counts_at_step(t, m) || m->group != g || (m->sign < 0) != side)
			continue;
		constant_value(m, &val[n]);
		size_t j = n;
		for (; j > 0 && (high ? val[n] > val[order[j - 1]] : val[n] < val[order[j - 1]]); j--)
			order[j] = order[j - 1];
		order[j] = n++;
	}
	sb_putc(c->o, '(');
	for (size_t k = 0; k < n; k++)
		sb_printf(c->o, "%sc%d%s_%zu ? %lld : ", l->p, g, side ? "d" : "a", order[k], (long long)val[order[k]]);
	sb_puts(c->o, "0)");
}

/* Whether the lean code chooses this side of a group by a chain of selects. */
static bool chained(const nctx *c, const rtab_table *t, const mod_list *l, int g, int side)
{
	return !c->full && g >= 0 && g < 64 && constant_side(c->rs, t, l, g, side);
}

/*
 * Whether a modifier reads "applies when its value is not 0" (its condition is
 * its value's program followed by != 0) and counts in a plain sum: then its
 * value alone is what it adds. A stacking group keeps the worst or best of
 * the members that apply, where an applied 0 counts: those are left as they are.
 */
static bool nonzero_value(const rtab_ruleset *rs, const rtab_modifier *m)
{
	const rtab_expr *cnd = &m->condition, *v = &m->value;
	if (m->group >= 0 || cnd->ninstrs != v->ninstrs + 2u || v->ninstrs == 0)
		return false;
	for (size_t i = 0; i < v->ninstrs; i++)
		if (cnd->instrs[i].op != v->instrs[i].op || cnd->instrs[i].arg != v->instrs[i].arg ||
		    v->instrs[i].op == RTAB_OP_ROLL || v->instrs[i].op == RTAB_OP_JUMP ||
		    v->instrs[i].op == RTAB_OP_JUMP_IF_FALSE)
			return false;
	const rtab_instr *z = &cnd->instrs[v->ninstrs];
	if (z[0].op != RTAB_OP_CONST || z[0].arg != 0 || z[1].op != RTAB_OP_NE)
		return false;
	/* The defender's value is negated: INT32_MIN would be an error the interpreter reports. */
	sstate *st = xcalloc(v->ninstrs + 1u, sizeof *st);
	expr_intervals(rs, v, st);
	bool may_min = st[v->ninstrs].s[0].lo <= INT32_MIN;
	free(st);
	return !(m->sign < 0 && may_min);
}

void emit_modifiers_native(nctx *c, const rtab_table *t, const mod_list *l)
{
	const rtab_ruleset *rs = c->rs;
	const char *p = l->p;
	size_t member[64][2] = {{0}}; /* per group and side: members met so far */
	for (size_t i = 0; i < l->n; i++) {
		uint16_t mi = l->ids[i];
		const rtab_modifier *m = &rs->modifiers[mi];
		if (!rtab_modifier_counts_at_step(t, m))
			continue;
		if (l->fold && l->fold->modifier_folded[i]) {
			nline(c, 1, "/* %s %s: folded */", l->shift ? "shift" : "modifier", m->id);
			continue;
		}
		nline(c, 1, "/* %s %s */", l->shift ? "shift" : "modifier", m->id);
		if (!c->full && nonzero_value(rs, m)) {
			/* "when V != 0, value V": V itself (0 adds nothing when it does not apply). */
			emit_expr(c, 1, &m->value, "value");
			nline(c, 1, "%ssum_other += %svalue;", p, m->sign < 0 ? "-(int64_t)" : "");
			continue;
		}
		/* What a condition read decided the result whether it holds or not: the
		 * explaining code notes it either way (as the interpreter). */
		emit_expr(c, 1, &m->condition, "cond");
		if (m->group >= 0 && cap_leaves_out_0(&rs->groups[m->group]))
			nline(c, 1, "%sany_g%d |= cond != 0;", p, m->group);
		if (chained(c, t, l, m->group, m->sign < 0)) {
			nline(c, 1, "const int %sc%d%s_%zu = cond != 0;", p, m->group, m->sign < 0 ? "d" : "a",
			     member[m->group][m->sign < 0]++);
			continue;
		}
		/* The value's bounds, for the sign's overflow check. */
		sstate *st = xcalloc(m->value.ninstrs + 1u, sizeof *st);
		expr_intervals(rs, &m->value, st);
		bool may_min = st[m->value.ninstrs].s[0].lo <= INT32_MIN;
		free(st);
		if (!c->full && !(m->sign < 0 && may_min) && m->value.ninstrs <= 16) {
			/* A value that cannot fail nor branch is computed whether or not the
			 * modifier applies, and selected: no branch to mispredict. */
			strbuf value = {0}, *saved = c->o;
			c->o = &value;
			c->impure = false;
			emit_expr(c, 1, &m->value, "value");
			c->o = saved;
			if (!c->impure) {
				sb_puts(c->o, value.data);
				sb_free(&value);
				nline(c, 1, "sv = %svalue;", m->sign < 0 ? "-" : "");
				if (m->group < 0) {
					nline(c, 1, "%ssum_other += sv & -(int64_t)(cond != 0);", p);
				} else if (rs->groups[m->group].stacking == RTAB_STACK_SUM) {
					nline(c, 1, "%ssum_g%d += sv & -(int64_t)(cond != 0);", p, m->group);
				} else {
					const char *side = m->sign < 0 ? "d" : "a";
					nline(c, 1, "%skeep_g%d%s = cond && sv %s %skeep_g%d%s ? sv : %skeep_g%d%s;", p,
					     m->group, side, prefers(rs->groups[m->group].stacking, m->sign), p, m->group,
					     side, p, m->group, side);
				}
				continue;
			}
			sb_free(&value);
		}
		nline(c, 1, "if (cond) {");
		emit_expr(c, 2, &m->value, "value");
		if (c->full) {
			nline(c, 2, "slot = out->napplied++;");
			nline(c, 2, "out->applied[slot].modifier = %u;", mi);
			nline(c, 2, "out->applied[slot].value = value;");
		}
		if (m->sign < 0 && may_min)
			nline(c, 2, "if (value == INT32_MIN) return RTAB_E_OVERFLOW;");
		nline(c, 2, "sv = %svalue;", m->sign < 0 ? "-" : "");
		if (c->full) {
			nline(c, 2, "out->applied[slot].signed_value = sv;");
			nline(c, 2, "out->applied[slot].counted = 1;");
			nline(c, 2, "out->applied[slot].shift = %d;", l->shift ? 1 : 0);
			if (m->provisional)
				nline(c, 2, "%sa%zu = slot;", p, i);
		}
		if (m->group < 0) {
			nline(c, 2, "%ssum_other += sv;", p);
		} else if (rs->groups[m->group].stacking == RTAB_STACK_SUM) {
			nline(c, 2, "%ssum_g%d += sv;", p, m->group);
		} else {
			const char *side = m->sign < 0 ? "d" : "a";
			int g = m->group;
			/* keep starts beyond every value: the first member always wins. */
			nline(c, 2, "if (sv %s %skeep_g%d%s) {", prefers(rs->groups[g].stacking, m->sign), p, g, side);
			nline(c, 3, "%skeep_g%d%s = sv;", p, g, side);
			if (c->full) {
				nline(c, 3, "if (%sslot_g%d%s >= 0) out->applied[%sslot_g%d%s].counted = 0;", p, g,
				      side, p, g, side);
				nline(c, 3, "%sslot_g%d%s = slot;", p, g, side);
				nline(c, 2, "} else {");
				nline(c, 3, "out->applied[slot].counted = 0;");
			}
			nline(c, 2, "}");
		}
		nline(c, 1, "}");
	}
}

/* Sum the groups in the interpreter's order: each group of the ruleset, then the rest. */
void emit_sums(nctx *c, const rtab_table *t, const mod_list *l, const char *total, const char *start)
{
	const rtab_ruleset *rs = c->rs;
	const char *p = l->p;
	nline(c, 1, "%s = %s;", total, start);
	for (size_t u = 0; l->fold && u < l->fold->nunits; u++) {
		const fold_unit *fu = &l->fold->units[u];
		nindent(c->o, 1);
		sb_printf(c->o, "%s += rtab_native_f%zu_%zu_[", total, c->ti, u);
		input_index(c, fu->inputs, fu->ninputs);
		sb_puts(c->o, "];\n");
	}
	for (size_t g = 0; g <= rs->ngroups; g++) {
		bool other = g == rs->ngroups;
		const rtab_group *grp = other ? NULL : &rs->groups[g];
		bool used = other ? false : group_used(rs, t, l, g);
		if (other) {
			for (size_t i = 0; i < l->n; i++)
				if (rtab_modifier_counts_at_step(t, &rs->modifiers[l->ids[i]]) && rs->modifiers[l->ids[i]].group < 0)
					used = true;
		}
		if (used && !other && l->fold && l->fold->group_folded[g])
			continue; /* in a folded table, below */
		if (!used)
			continue; /* a group with no member here adds nothing */
		if (c->full) {
			/* The provisional values counted, in the interpreter's order. */
			for (size_t i = 0; i < l->n; i++) {
				const rtab_modifier *m = &rs->modifiers[l->ids[i]];
				if (!rtab_modifier_counts_at_step(t, m) || !m->provisional ||
				    (other ? m->group >= 0 : m->group != (int)g))
					continue;
				nline(c, 1, "if (%sa%zu >= 0 && out->applied[%sa%zu].counted) rtab_native_note_(out, &seen, %u, modifiers[%u].provisional);",
				     p, i, p, i, reason_id(c, m->provisional), l->ids[i]);
			}
		}
		if (other) {
			nline(c, 1, "%s += %ssum_other;", total, p);
		} else {
			nline(c, 1, "/* group %s */", grp->id);
			if (grp->stacking == RTAB_STACK_SUM)
				nline(c, 1, "gsum = %ssum_g%zu;", p, g);
			else
			{
				nindent(c->o, 1);
				sb_puts(c->o, "gsum = ");
				for (int side = 0; side < 2; side++) {
					const char *sd = side ? "d" : "a";
					sb_puts(c->o, side ? " + " : "");
					if (chained(c, t, l, (int)g, side))
						emit_side_chain(c, t, l, (int)g, side);
					else
						sb_printf(c->o, "(%skeep_g%zu%s == %s ? 0 : %skeep_g%zu%s)", p, g, sd,
							  keep_start(grp->stacking, side ? -1 : 1), p, g, sd);
				}
				sb_puts(c->o, ";\n");
			}
			if (cap_leaves_out_0(grp)) {
				/* The cap holds only when a member applies: else the group adds nothing. */
				nline(c, 1, "if (%sany_g%zu) {", p, g);
				nline(c, 2, "if (gsum < %ld) gsum = %ld;", (long)grp->cap_min, (long)grp->cap_min);
				nline(c, 2, "if (gsum > %ld) gsum = %ld;", (long)grp->cap_max, (long)grp->cap_max);
				nline(c, 1, "}");
			} else if (grp->capped) {
				nline(c, 1, "if (gsum < %ld) gsum = %ld;", (long)grp->cap_min, (long)grp->cap_min);
				nline(c, 1, "if (gsum > %ld) gsum = %ld;", (long)grp->cap_max, (long)grp->cap_max);
			}
			nline(c, 1, "%s += gsum;", total);
		}
	}
}

/* The accumulators of the list's groups. */
void emit_list_locals(nctx *c, const rtab_table *t, const mod_list *l)
{
	const rtab_ruleset *rs = c->rs;
	const char *p = l->p;
	for (size_t g = 0; g < rs->ngroups; g++) {
		if (!group_used(rs, t, l, g) || (l->fold && l->fold->group_folded[g]))
			continue;
		if (cap_leaves_out_0(&rs->groups[g]))
			nline(c, 1, "int %sany_g%zu = 0; /* whether a member applies */", p, g);
		if (rs->groups[g].stacking == RTAB_STACK_SUM) {
			nline(c, 1, "int64_t %ssum_g%zu = 0;", p, g);
			continue;
		}
		nline(c, 1, "int64_t %skeep_g%zua = %s, %skeep_g%zud = %s;", p, g,
		      keep_start(rs->groups[g].stacking, 1), p, g, keep_start(rs->groups[g].stacking, -1));
		if (c->full)
			nline(c, 1, "int %sslot_g%zua = -1, %sslot_g%zud = -1;", p, g, p, g);
		nline(c, 1, "(void)%skeep_g%zua; (void)%skeep_g%zud;", p, g, p, g);
		if (c->full)
			nline(c, 1, "(void)%sslot_g%zua; (void)%sslot_g%zud;", p, g, p, g);
	}
}

/* Explaining: where each provisional member was applied. */
void emit_list_slots(nctx *c, const rtab_table *t, const mod_list *l)
{
	const rtab_ruleset *rs = c->rs;
	for (size_t i = 0; i < l->n; i++) {
		const rtab_modifier *m = &rs->modifiers[l->ids[i]];
		if (rtab_modifier_counts_at_step(t, m) && m->provisional)
			nline(c, 1, "int %sa%zu = -1;", l->p, i);
	}
}
