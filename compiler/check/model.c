/* SPDX-License-Identifier: MIT */
/* The model's lookups: definitions and enum values by id, arrays in its
 * arena, anonymous dice, and the room left for the items of a definition. */
#include "check/model.h"

#include "check/checks.h"

#include <stdio.h>
#include <string.h>

void *model_array(model *m, size_t n, size_t size)
{
	return arena_alloc(&m->arena, n * size);
}

rtab_column *model_columns(model *m, model_table *mt, size_t n)
{
	mt->columns = model_array(m, n ? n : 1, sizeof *mt->columns);
	mt->column_steps = model_array(m, n ? n : 1, sizeof *mt->column_steps);
	return mt->columns;
}

void model_column_steps(model *m, model_table *mt, size_t c, int64_t lo, int64_t hi)
{
	char buf[64];
	if (lo == INT64_MIN)
		snprintf(buf, sizeof buf, "<=%lld", (long long)hi);
	else if (hi == INT64_MAX)
		snprintf(buf, sizeof buf, "%lld+", (long long)lo);
	else if (lo == hi)
		snprintf(buf, sizeof buf, "%lld", (long long)lo);
	else
		snprintf(buf, sizeof buf, lo < 0 || hi < 0 ? "%lld..%lld" : "%lld-%lld",
			 (long long)lo, (long long)hi);
	mt->column_steps[c] = arena_strdup(&m->arena, buf);
}

work_budget *model_work(model *m)
{
	if (!m->work.limit)
		m->work = work_start(m->diag && m->diag->opts ? m->diag->opts->max_work : 0);
	return &m->work;
}

bool item_room(model *m, size_t have, src_loc loc, const char *what, const char *owner_kind,
	       const char *owner)
{
	if (have < RTAB_MAX_ITEMS)
		return true;
	if (have == RTAB_MAX_ITEMS)
		check_report(m, CHECK_LIMITS, loc, "%s '%s' has more than %d %s; split it", owner_kind,
			     owner, RTAB_MAX_ITEMS, what);
	return false;
}

int model_enum_value(const model *m, int enum_index, const char *id)
{
	if (enum_index < 0 || (size_t)enum_index >= m->rs.nenums)
		return -1;
	return m->enum_values ? idmap_get(&m->enum_values[enum_index], id)
			      : rtab_find_enum_value(&m->rs.enums[enum_index], id);
}

static size_t hash_id(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int model_find(const model *m, def_kind kind, const char *id)
{
	size_t cap = m->index_cap[kind];
	if (!cap)
		return -1;
	for (size_t h = hash_id(id) & (cap - 1);; h = (h + 1) & (cap - 1)) {
		uint32_t slot = m->index[kind][h];
		if (slot == 0)
			return -1;
		if (strcmp(m->defs[kind][slot - 1]->id, id) == 0)
			return slot - 1 < m->ndefs[kind] ? (int)(slot - 1) : -1; /* past a limit: dropped */
	}
}

/* Index definition i of kind by its id (the table is sized for every definition). */
void index_def(model *m, def_kind kind, size_t i)
{
	size_t cap = m->index_cap[kind];
	size_t h = hash_id(m->defs[kind][i]->id) & (cap - 1);
	while (m->index[kind][h])
		h = (h + 1) & (cap - 1);
	m->index[kind][h] = (uint32_t)(i + 1);
}

/* The ids of every definition of a kind, as candidates for a suggestion. */
const char *const *def_names(model *m, def_kind kind)
{
	/* Built once per kind: an unknown name per row must not cost a copy each. */
	if (m->def_names[kind])
		return m->def_names[kind];
	const char **names = model_array(m, m->ndefs[kind], sizeof *names);
	for (size_t i = 0; i < m->ndefs[kind]; i++)
		names[i] = m->defs[kind][i]->id;
	m->def_names[kind] = names;
	return names;
}

void model_use(model *m, def_kind kind, int i)
{
	if (i >= 0 && (size_t)i < m->ndefs[kind])
		m->used[kind][i] = true;
}

void model_set_defs(model *m, def_kind kind, const ast_def **defs, size_t n)
{
	m->defs[kind] = model_array(m, n ? n : 1, sizeof *defs);
	memcpy(m->defs[kind], defs, n * sizeof *defs);
	bool *bad = model_array(m, n ? n : 1, sizeof *bad);
	for (size_t i = 0; i < n; i++)
		bad[i] = defs[i]->damaged;
	m->bad[kind] = bad;
	m->used[kind] = model_array(m, n ? n : 1, sizeof(bool));
	m->ndefs[kind] = n;
	m->index_cap[kind] = 16;
	while (m->index_cap[kind] < 2 * n)
		m->index_cap[kind] *= 2;
	m->index[kind] = model_array(m, m->index_cap[kind], sizeof(uint32_t));
	m->def_names[kind] = NULL;
	for (size_t i = 0; i < n; i++)
		index_def(m, kind, i);
}

int model_dice_for(model *m, int count, int sides)
{
	char id[48];
	snprintf(id, sizeof id, "%dd%d", count, sides);
	rtab_die_group g = {(uint8_t)count, 1, (int16_t)sides};
	return model_dice_groups(m, id, &g, 1, count, count * sides);
}

int model_dice_groups(model *m, const char *id, const rtab_die_group *groups, size_t ngroups,
		      int32_t min, int32_t max)
{
	int known = idmap_get(&m->anonymous_dice, id);
	if (known >= 0)
		return known;
	if (m->rs.ndice >= MAX_DICE)
		return -1; /* the caller reports it */
	if (m->rs.ndice == m->dice_cap) {
		m->dice_cap = m->dice_cap ? m->dice_cap * 2 : 8;
		m->dice = xrealloc(m->dice, m->dice_cap * sizeof *m->dice);
	}
	rtab_die_group *g = model_array(m, ngroups, sizeof *g);
	size_t nfaces = 0;
	for (size_t i = 0; i < ngroups; i++) {
		g[i] = groups[i];
		nfaces += groups[i].count;
	}
	m->dice[m->rs.ndice] = (rtab_dice){.id = arena_strdup(&m->arena, id),
					   .ngroups = (uint8_t)ngroups, .groups = g,
					   .nfaces = (uint8_t)nfaces, .min = min, .max = max};
	m->rs.dice = m->dice;
	idmap_put(&m->anonymous_dice, m->dice[m->rs.ndice].id, m->rs.ndice);
	return m->rs.ndice++;
}

unsigned model_numeric_flags(const model *m, size_t i)
{
	unsigned flags = 0, bit = 1;
	if (!m || i >= m->nnumeric)
		return 0;
	for (const ast_param *p = m->numeric_defs[i]->params; p && bit; p = p->next, bit <<= 1)
		if (p->type.kind == TY_BOOL)
			flags |= bit;
	return flags;
}
