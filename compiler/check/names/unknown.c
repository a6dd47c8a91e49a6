/* SPDX-License-Identifier: MIT */
/* Unknown names, reported with the nearest candidate as a suggestion. */
#include "check/names/unknown.h"

#include "check/checks.h"

#include <string.h>

void report_unknown(model *m, src_loc loc, const char *what, const char *id,
		    const char *const *candidates, size_t n, size_t stride)
{
	report_unknown_in(m, loc, what, id, NULL, candidates, n, stride);
}

#define SUGGESTION_BUDGET 2000000 /* candidates compared, over a whole file */

void report_unknown_in(model *m, src_loc loc, const char *what, const char *id, const char *within,
		       const char *const *candidates, size_t n, size_t stride)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	size_t limit = strlen(id) / 3 + 1;

	/* A name whose definition a syntax error swallowed was reported already. */
	for (size_t i = 0; i < m->ndiscarded; i++)
		if (strcmp(m->discarded[i], id) == 0)
			return;

	/* Suggestions cost an edit distance per candidate: past a budget (thousands
	 * of unknown names against thousands of definitions) the check stays
	 * linear and the names are reported without one. */
	if (m->suggestion_work > SUGGESTION_BUDGET)
		n = 0;
	m->suggestion_work += n;
	size_t idlen = strlen(id);
	for (size_t i = 0; i < n; i++) {
		const char *c = *(const char *const *)((const char *)candidates + i * stride);
		size_t clen = strlen(c);
		if ((clen > idlen ? clen - idlen : idlen - clen) > limit)
			continue; /* too far in length alone */
		size_t d = edit_distance(id, c);
		if (d <= limit && d < best_d) {
			best = c;
			best_d = d;
		}
	}
	if (best)
		check_report(m, CHECK_UNKNOWN_NAME, loc, "unknown %s '%s'%s%s; did you mean '%s'?", what,
			     id, within ? " " : "", within ? within : "", best);
	else
		check_report(m, CHECK_UNKNOWN_NAME, loc, "unknown %s '%s'%s%s", what, id,
			     within ? " " : "", within ? within : "");
}
