/*
 * Every row of every table of the generated rows_forms ruleset, as the
 * accessors of rtab.h read it from the C the compiler wrote, and the form
 * each table's rows took. tests/rows/test_rows.py compares this with the
 * compiler's own model (rtab export --format json).
 *
 *   table ID FORM NOTES    FORM: wide, narrow8 or narrow16; NOTES: nrow_notes, "+index"
 *                          when each row has its own note index
 *   row ID R OUTCOME<TAB>RULE<TAB>PROVISIONAL   ("-" for NULL)
 */
#include <stdio.h>

#include "rows_forms.h"

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

int main(void)
{
	const rtab_ruleset *rs = &rows_forms_ruleset;
	for (size_t i = 0; i < rs->ntables; i++) {
		const rtab_table *t = &rs->tables[i];
		const char *form = t->rows ? "wide" : t->row_outcome8 ? "narrow8" : t->row_outcome16 ? "narrow16" : "none";
		printf("table %s %s %u%s\n", t->id, form, t->nrow_notes, t->row_note ? "+index" : "");
		for (size_t r = 0; r < t->nrows; r++) {
			uint16_t o = rtab_row_outcome(t, r);
			printf("row %s %zu %s\t%s\t%s\n", t->id, r, o < rs->noutcomes ? rs->outcomes[o].id : "?",
			       or_dash(rtab_row_rule(t, r)), or_dash(rtab_row_provisional(t, r)));
		}
	}
	return ferror(stdout) ? 1 : 0;
}
