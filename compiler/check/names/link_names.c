/* SPDX-License-Identifier: MIT */
/* Files compiled together, and checked together, are linked together: their
 * names must not clash. */
#include "check/names/link_names.h"
#include "check/names/c_names.h"
#include "check/checks.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Files compiled together are linked together: the union of their C names
 * must stay distinct, and so must their file names where case is ignored.
 */
static bool c_names_clash(loaded *files, size_t n)
{
	c_name *all = NULL;
	size_t nall = 0;
	bool clash = false;
	for (size_t f = 0; f < n; f++) {
		c_name *v;
		size_t k = c_names_collect(&files[f].model, &v);
		all = xrealloc(all, (nall + k + 1) * sizeof *all);
		for (size_t i = 0; i < k; i++) {
			v[i].file = (int)f;
			all[nall++] = v[i];
		}
		free(v);
		for (size_t g = 0; g < f; g++) {
			const char *a = files[f].model.rs.id, *b = files[g].model.rs.id;
			if (strcmp(a, b) != 0 && strcasecmp(a, b) == 0) {
				diag_report(&files[f].diag, SEV_ERROR, rtab_checks[CHECK_C_NAME].name,
					    files[f].model.ruleset_def->id_loc,
					    "ruleset '%s' differs from ruleset '%s' of %s only in case: their files and header guards would clash; rename one",
					    a, b, files[g].path);
				clash = true;
			}
		}
	}
	c_names_sort(all, nall);
	for (size_t i = 1; i < nall; i++) {
		const c_name *p = &all[i - 1], *c = &all[i];
		if (p->file == c->file || strcmp(p->name, c->name) != 0 ||
		    strcasecmp(files[p->file].model.rs.id, files[c->file].model.rs.id) == 0)
			continue;
		diag_report(&files[c->file].diag, SEV_ERROR, rtab_checks[CHECK_C_NAME].name, c->loc,
			    "'%s' becomes the C name %s, like '%s' of %s compiled with it; rename one of them",
			    c->id, c->name, p->id, files[p->file].path);
		clash = true;
	}
	c_names_free(all, nall);
	return clash;
}

static bool usable(const loaded *l)
{
	return l->built && !l->diag.errors;
}

bool linked_names_clash(loaded *files, size_t n, const char *const *paths)
{
	bool clash = false, all = true;
	for (size_t i = 0; i < n; i++) {
		if (!usable(&files[i])) {
			all = false;
			continue;
		}
		for (size_t j = 0; j < i; j++) {
			if (usable(&files[j]) && strcmp(files[j].model.rs.id, files[i].model.rs.id) == 0) {
				diag_report(&files[i].diag, SEV_ERROR, rtab_checks[CHECK_C_NAME].name,
					    files[i].model.ruleset_def->id_loc,
					    "ruleset '%s' is also defined by %s; each ruleset needs its own id",
					    files[i].model.rs.id, paths[j]);
				clash = true;
			}
		}
	}
	if (!clash && all && n > 1)
		clash = c_names_clash(files, n);
	return clash;
}

bool runtime_names_clash(loaded *files, size_t n, const char *prefix)
{
	bool clash = false;
	for (size_t i = 0; i < n; i++) {
		if (!usable(&files[i]))
			continue;
		const char *id = files[i].model.rs.id;
		char *cname = xasprintf("%s%s", prefix ? prefix : "", id);
		if (c_name_is_runtimes(cname)) {
			diag_report(&files[i].diag, SEV_ERROR, rtab_checks[CHECK_C_NAME].name,
				    files[i].model.ruleset_def->id_loc,
				    "ruleset '%s'%s%s%s becomes the C name '%s', which belongs to rtab's runtime: "
				    "its files rtab.c and rtab.h would be overwritten and its names rtab_* and "
				    "RTAB_* clash; rename the ruleset, or compile with another --prefix",
				    id, prefix ? " (with --prefix '" : "", prefix ? prefix : "", prefix ? "')" : "",
				    cname);
			clash = true;
		}
		free(cname);
	}
	return clash;
}
