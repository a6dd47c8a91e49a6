/* SPDX-License-Identifier: MIT */
/* The rolls a natural-roll rule decides (see odds_natural.h). */
#include "analysis/odds_natural.h"

#include <string.h>

/* The faces of a rule as distinct values, each with how many times it is named. */
typedef struct split {
	const rtab_dice *d;
	size_t nvalues;
	int32_t value[RTAB_MAX_FACES];
	unsigned left[RTAB_MAX_FACES]; /* of each value, not yet given to a group of dice */
	int32_t chosen[RTAB_MAX_FACES]; /* the faces given so far, die by die */
	int32_t *faces;                 /* where the first whole roll goes */
	bool found;
} split;

static uint64_t factorial(unsigned n)
{
	uint64_t f = 1;
	for (unsigned k = 2; k <= n; k++)
		f *= k; /* n <= RTAB_MAX_FACES: 16! < 2^45 */
	return f;
}

static uint64_t give_group(split *s, size_t g, size_t at);

/* The ways to give group g the `room` faces it still lacks from values j on
 * (placed from chosen[at]), then every later group its own: `ways` orders
 * the faces already given to g, as the multinomial count_g! / prod(taken!). */
static uint64_t give_values(split *s, size_t g, size_t j, unsigned room, size_t at, uint64_t denominator)
{
	const rtab_die_group *grp = &s->d->groups[g];
	if (j == s->nvalues)
		return room ? 0 : factorial(grp->count) / denominator * give_group(s, g + 1, at);
	uint64_t total = 0;
	unsigned most = s->left[j] < room ? s->left[j] : room;
	if (s->value[j] < grp->face_min || s->value[j] > grp->face_max)
		most = 0; /* no die of this group shows it */
	for (unsigned take = 0; take <= most; take++) {
		for (unsigned k = 0; k < take; k++)
			s->chosen[at + k] = s->value[j];
		s->left[j] -= take;
		total += give_values(s, g, j + 1, room - take, at + take, denominator * factorial(take));
		s->left[j] += take;
	}
	return total;
}

static uint64_t give_group(split *s, size_t g, size_t at)
{
	if (g < s->d->ngroups)
		return give_values(s, g, 0, s->d->groups[g].count, at, 1);
	for (size_t j = 0; j < s->nvalues; j++)
		if (s->left[j])
			return 0;
	if (!s->found) {
		memcpy(s->faces, s->chosen, at * sizeof *s->faces);
		s->found = true;
	}
	return 1;
}

uint64_t odds_natural_rolls(const rtab_dice *d, const rtab_natural_rule *nr, int32_t *faces)
{
	size_t total = 0;
	for (size_t g = 0; g < d->ngroups; g++)
		total += d->groups[g].count;
	if (nr->nfaces != total || total > RTAB_MAX_FACES)
		return 0;
	split s = {.d = d, .faces = faces};
	for (size_t k = 0; k < nr->nfaces; k++) {
		size_t j = 0;
		while (j < s.nvalues && s.value[j] != nr->faces[k])
			j++;
		if (j == s.nvalues)
			s.value[s.nvalues++] = nr->faces[k];
		s.left[j]++;
	}
	return give_group(&s, 0, 0);
}

/* Whether a and b name the same faces, in any order. */
static bool same_faces(const rtab_natural_rule *a, const rtab_natural_rule *b)
{
	if (a->nfaces != b->nfaces)
		return false;
	bool used[RTAB_MAX_FACES] = {false};
	for (size_t k = 0; k < a->nfaces; k++) {
		size_t j = 0;
		while (j < b->nfaces && (used[j] || b->faces[j] != a->faces[k]))
			j++;
		if (j == b->nfaces)
			return false;
		used[j] = true;
	}
	return true;
}

bool odds_natural_masked(const rtab_table *t, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (same_faces(&t->natural[k], &t->natural[i]))
			return true;
	return false;
}
