/*
 * Walks every string of a compiled ruleset (labels, rule references,
 * provisional reasons, units) and compares its bytes with the one text the
 * source gave them all. Built from the generated C under strict ISO C, it
 * proves that the emitter's string literals keep their bytes.
 * usage: strings EXPECTED_TEXT   prints how many strings hold it exactly;
 * exits 1 when a string differs from it but holds a '?' or a character a
 * trigraph stands for.
 */
#include "rtab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const rtab_ruleset RULESET;

static const char *expected;
static long matches, bad;

static void one(const char *where, const char *s)
{
	if (!s)
		return;
	if (strcmp(s, expected) == 0) {
		matches++;
		if (getenv("STRINGS_VERBOSE"))
			printf("%s\n", where);
	} else if (strpbrk(s, "?#\\^[]|{}~")) {
		printf("%s: '%s' differs from the source's text\n", where, s);
		bad++;
	}
}

static void labels(const char *where, rtab_labels l)
{
	for (size_t i = 0; l && i < RULESET.nlocales; i++)
		one(where, l[i]);
}

#define HEAD(what, x) (labels(what, (x)->labels), one(what, (x)->rule))

int main(int argc, char **argv)
{
	const rtab_ruleset *rs = &RULESET;
	if (argc != 2)
		return 2;
	expected = argv[1];
	labels("title", rs->title);
	one("ruleset rule", rs->rule);
	for (size_t i = 0; i < rs->nenums; i++) {
		HEAD("enum", &rs->enums[i]);
		for (size_t v = 0; v < rs->enums[i].nvalues; v++)
			labels("enum value", rs->enums[i].values[v].labels);
	}
	for (size_t i = 0; i < rs->ninputs; i++)
		HEAD("input", &rs->inputs[i]);
	for (size_t i = 0; i < rs->ndice; i++)
		one("dice", rs->dice[i].rule);
	for (size_t i = 0; i < rs->neffect_kinds; i++)
		HEAD("effect", &rs->effect_kinds[i]);
	for (size_t i = 0; i < rs->noutcomes; i++) {
		const rtab_outcome *o = &rs->outcomes[i];
		HEAD("outcome", o);
		for (size_t t = 0; t < o->ntriggers; t++)
			one("trigger", o->triggers[t].rule);
	}
	for (size_t i = 0; i < rs->nmodifiers; i++) {
		HEAD("modifier", &rs->modifiers[i]);
		one("modifier provisional", rs->modifiers[i].provisional);
	}
	for (size_t i = 0; i < rs->ntables; i++) {
		const rtab_table *t = &rs->tables[i];
		HEAD("table", t);
		for (size_t c = 0; c < t->ncolumns; c++)
			labels("column", t->columns[c].labels);
		for (size_t r = 0; r < t->nrows; r++) {
			one("row", rtab_row_rule(t, r));
			one("row provisional", rtab_row_provisional(t, r));
		}
		for (size_t k = 0; k < t->nnatural; k++) {
			one("natural", t->natural[k].rule);
			one("natural provisional", t->natural[k].provisional);
		}
		for (size_t k = 0; k < t->nrewrites; k++)
			one("rewrite", t->rewrites[k].rule);
	}
	for (size_t i = 0; i < rs->nmatrices; i++) {
		const rtab_matrix *m = &rs->matrices[i];
		size_t n = 1;
		HEAD("matrix", m);
		for (size_t k = 0; k < m->ndims; k++)
			n *= rs->enums[m->dims[k]].nvalues;
		for (size_t c = 0; c < n; c++)
			one("matrix cell", rtab_matrix_reason(m, c));
	}
	for (size_t i = 0; i < rs->nbands; i++)
		HEAD("ratio", &rs->bands[i]);
	for (size_t i = 0; i < rs->ngroups; i++)
		HEAD("group", &rs->groups[i]);
	for (size_t i = 0; i < rs->nreaction_sets; i++) {
		const rtab_reaction_set *r = &rs->reaction_sets[i];
		HEAD("reactions", r);
		for (size_t k = 0; k < r->noptions; k++)
			HEAD("option", &r->options[k]);
	}
	for (size_t i = 0; i < rs->ntransitions; i++)
		HEAD("transition", &rs->transitions[i]);
	for (size_t i = 0; i < rs->ndistances; i++) {
		HEAD("distance", &rs->distances[i]);
		one("distance provisional", rs->distances[i].provisional);
		for (size_t f = 0; f < rs->distances[i].nforms; f++)
			one("unit", rs->distances[i].forms[f].unit);
	}
	for (size_t i = 0; i < rs->nprocedures; i++) {
		const rtab_procedure *p = &rs->procedures[i];
		HEAD("procedure", p);
		labels("tie-break", p->tie_break);
		for (size_t k = 0; k < p->nsteps; k++)
			HEAD("step", &p->steps[k]);
	}
	printf("%ld\n", matches);
	return bad ? 1 : 0;
}
