/* The lines of an aid another edition does not print: its change bars (see aid.h). */
#include "export/aid.h"

#include <stdlib.h>
#include <string.h>

/* Whether old prints a line with the cells of line r of g. */
static bool has_line(const grid *old, const grid *g, size_t r)
{
	if (!old || old->ncols != g->ncols)
		return false;
	for (size_t o = r ? 1 : 0; o < (r ? grid_rows(old) : 1); o++) {
		bool same = true;
		for (size_t c = 0; c < g->ncols && same; c++)
			same = strcmp(grid_at(old, o, c), grid_at(g, r, c)) == 0;
		if (same)
			return true;
	}
	return false;
}

void aid_mark_changes(aid_doc *d, const aid_doc *old)
{
	for (size_t i = 0; i < d->nunits; i++) {
		aid_unit *u = &d->units[i];
		const aid_unit *was = NULL;
		for (size_t k = 0; k < old->nunits && !was; k++)
			if (strcmp(old->units[k].heading, u->heading) == 0)
				was = &old->units[k];
		size_t grids = 0;
		for (size_t k = 0; k < u->nparts; k++) {
			aid_part *p = &u->parts[k];
			if (p->kind == AID_TEXT) {
				p->changed = true;
				for (size_t o = 0; was && o < was->nparts && p->changed; o++)
					p->changed = was->parts[o].kind != AID_TEXT || strcmp(was->parts[o].text, p->text) != 0;
				continue;
			}
			/* The grid in the same place: the grids-th of the old unit. */
			const grid *og = NULL;
			for (size_t o = 0, n = 0; was && o < was->nparts && !og; o++)
				if (was->parts[o].kind == AID_GRID && n++ == grids)
					og = &was->parts[o].g;
			grids++;
			size_t rows = grid_rows(&p->g);
			p->changed_rows = xcalloc(rows ? rows : 1, sizeof *p->changed_rows);
			for (size_t r = 0; r < rows; r++)
				p->changed_rows[r] = !has_line(og, &p->g, r);
		}
	}
}

void aid_build_marked(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES])
{
	aid_build_all(c, docs);
	if (!c->since)
		return;
	aid_doc old[EXPORT_MAX_LOCALES];
	aid_build_all(c->since, old);
	for (size_t i = 0; i < c->nlocales && i < c->since->nlocales; i++)
		aid_mark_changes(&docs[i], &old[i]);
	aid_free_all(c->since, old);
}
