/* SPDX-License-Identifier: MIT */
/* Names that read a list input: "units.rank_bonus" (a field of every item),
 * "units[2].rank_bonus" (one item's), and the ones that read it wrongly. */
#include "check/names/list_names.h"

#include "check/checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int list_of_name(const model *m, const char *name, const char **field)
{
	const char *dot = strchr(name, '.');
	*field = NULL;
	if (!dot || strchr(name, '['))
		return -1;
	char buf[256];
	size_t n = (size_t)(dot - name);
	if (n >= sizeof buf)
		return -1;
	memcpy(buf, name, n);
	buf[n] = '\0';
	int k = model_find(m, DEF_INPUT, buf);
	if (k < 0 || m->rs.inputs[k].list_role != RTAB_LIST_LENGTH)
		return -1;
	*field = dot + 1;
	return k;
}

int list_field_input(const model *m, int list, const char *field, size_t item)
{
	char id[512];
	if ((size_t)snprintf(id, sizeof id, "%s[%zu].%s", m->rs.inputs[list].id, item, field) >=
	    sizeof id)
		return -1;
	int k = model_find(m, DEF_INPUT, id);
	return k >= 0 && m->defs[DEF_INPUT][k]->list_of ? k : -1;
}

/* A name that reads a list wrongly: a field of every item outside an
 * aggregate, an item past the list's most, a field it does not have. */
bool list_name_error(model *m, const char *name, src_loc loc)
{
	const char *field;
	int list = list_of_name(m, name, &field);
	if (list >= 0) {
		check_report(m, CHECK_TYPE, loc,
			     "'%s' is a field of every item of list '%s'; read it through an aggregate "
			     "(max, min, sum, any, all, count: 'max(%s)') or name one item ('%s[1].%s')",
			     name, m->rs.inputs[list].id, name, m->rs.inputs[list].id, field);
		return true;
	}
	const char *open = strchr(name, '['), *dot = strchr(name, '.');
	if (!open || !dot || dot < open)
		return false;
	char base[256];
	size_t n = (size_t)(open - name);
	if (n >= sizeof base)
		return false;
	memcpy(base, name, n);
	base[n] = '\0';
	list = model_find(m, DEF_INPUT, base);
	if (list < 0 || m->rs.inputs[list].list_role != RTAB_LIST_LENGTH)
		return false;
	long item = strtol(open + 1, NULL, 10);
	if (item < 1 || item > m->rs.inputs[list].max) {
		check_report(m, CHECK_UNKNOWN_NAME, loc,
			     "'%s': list '%s' holds items 1..%ld; item %ld is out of range", name,
			     base, (long)m->rs.inputs[list].max, item);
		return true;
	}
	check_report(m, CHECK_UNKNOWN_NAME, loc, "'%s': the items of list '%s' have no field '%s'",
		     name, base, dot + 1);
	return true;
}
