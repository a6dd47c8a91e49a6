/* SPDX-License-Identifier: MIT */
/* The reasons of a lowered module: each text once, as a numbered constant. */
#include "lower/ir_reasons.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

int32_t ir_reason(ir_module *m, const char *text)
{
	if (!text)
		return -1;
	for (size_t k = 0; k < m->nreasons; k++)
		if (strcmp(m->reasons[k], text) == 0)
			return (int32_t)k;
	m->reasons = xrealloc(m->reasons, (m->nreasons + 1) * sizeof *m->reasons);
	m->reasons[m->nreasons] = text;
	return (int32_t)m->nreasons++;
}

int32_t ir_reasons_of(ir_module *m, const char *const *texts, size_t n)
{
	bool any = false;
	for (size_t v = 0; v < n; v++)
		any |= texts[v] != NULL;
	if (!any)
		return -1;
	m->reason_lists = xrealloc(m->reason_lists, (m->nreason_lists + 1) * sizeof *m->reason_lists);
	ir_reason_list *l = &m->reason_lists[m->nreason_lists];
	l->n = n;
	l->reasons = xcalloc(n ? n : 1, sizeof *l->reasons);
	for (size_t v = 0; v < n; v++)
		l->reasons[v] = ir_reason(m, texts[v]);
	return (int32_t)m->nreason_lists++;
}

int32_t ir_enum_reasons(ir_module *m, uint16_t e)
{
	if (m->enum_reasons[e] != -2)
		return m->enum_reasons[e];
	const rtab_enum *en = &m->rs->enums[e];
	const char **texts = xcalloc(en->nvalues ? en->nvalues : 1, sizeof *texts);
	for (size_t v = 0; v < en->nvalues; v++)
		texts[v] = en->values[v].provisional;
	m->enum_reasons[e] = ir_reasons_of(m, texts, en->nvalues);
	free(texts);
	return m->enum_reasons[e];
}
