/* Field-by-field comparison of two results: see result_equal.h. */
#include "result_equal.h"

#include <string.h>

#define SAME(f)                    \
	do {                       \
		if (a->f != b->f) { \
			*field = #f;   \
			return 0;      \
		}                  \
	} while (0)

int rtab_results_equal(const rtab_result *a, const rtab_result *b, const char **field)
{
	SAME(table);
	SAME(column);
	SAME(outcome);
	SAME(natural_rule);
	if (a->natural_rule < 0)
		SAME(row); /* a natural rule leaves no row */
	SAME(natural);
	SAME(key_num);
	SAME(key_den);
	SAME(key_column);
	SAME(column_shift);
	SAME(automatic);
	SAME(modifier_raw);
	SAME(modifier);
	SAME(modified_roll);
	SAME(napplied);
	for (size_t i = 0; i < a->napplied && i < RTAB_MAX_APPLIED; i++) {
		SAME(applied[i].modifier);
		SAME(applied[i].value);
		SAME(applied[i].signed_value);
		SAME(applied[i].counted);
		SAME(applied[i].shift);
	}
	SAME(nprovisional);
	if ((a->provisional == NULL) != (b->provisional == NULL) ||
	    (a->provisional && strcmp(a->provisional, b->provisional) != 0)) {
		*field = "provisional";
		return 0;
	}
	for (size_t i = 0; i < a->nprovisional && i < RTAB_MAX_REASONS; i++)
		if (strcmp(a->reasons[i], b->reasons[i]) != 0) {
			*field = "reasons";
			return 0;
		}
	SAME(rewritten_from);
	SAME(rewrite);
	SAME(ntriggered);
	for (size_t i = 0; i < a->ntriggered && i < RTAB_MAX_TRIGGERS; i++) {
		SAME(triggered[i].kind);
		SAME(triggered[i].index);
		SAME(triggered_by[i]);
	}
	*field = NULL;
	return 1;
}
