/* rtab diff and rtab verify compare every field of the runtime's definitions:
 * facet_fields (compiler/analysis/facets.c) must name each field of each structure
 * that rtab.h declares, so that a field added there fails here until the
 * facets read it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/facets.h"
#include "rtab_fields.h"

/* Structures that are not definitions: programs, the ruleset, results. */
static const char *const not_definitions[] = {
	"rtab_instr", "rtab_expr", "rtab_fold", "rtab_fold_key", "rtab_ruleset", "rtab_applied_modifier",
	"rtab_eval_ctx", "rtab_result", "rtab_lean_result", NULL,
};

static const char *entry_of(const char *name)
{
	size_t len = strlen(name);
	for (size_t i = 0; facet_fields[i]; i++)
		if (strncmp(facet_fields[i], name, len) == 0 && facet_fields[i][len] == ':')
			return facet_fields[i] + len + 1;
	return NULL;
}

/* Is field (with or without its '-' mark) a word of the list? */
static int listed(const char *list, const char *field)
{
	size_t len = strlen(field);
	for (const char *p = list; *p;) {
		while (*p == ' ')
			p++;
		if (*p == '-')
			p++;
		const char *end = p;
		while (*end && *end != ' ')
			end++;
		if ((size_t)(end - p) == len && strncmp(p, field, len) == 0)
			return 1;
		p = end;
	}
	return 0;
}

static void every_field_is_read(void **state)
{
	int missing = 0;
	(void)state;
	for (size_t s = 0; s < rtab_nstruct_descs; s++) {
		const struct_desc *sd = &rtab_struct_descs[s];
		int skip = 0;
		for (size_t k = 0; not_definitions[k]; k++)
			skip |= strcmp(not_definitions[k], sd->name) == 0;
		if (skip)
			continue;
		const char *list = entry_of(sd->name);
		if (!list) {
			printf("structure %s is not in facet_fields\n", sd->name);
			missing++;
			continue;
		}
		for (size_t f = 0; f < sd->nfields; f++)
			if (!listed(list, sd->fields[f].name)) {
				printf("%s.%s is neither read nor derived by the facets\n", sd->name,
				       sd->fields[f].name);
				missing++;
			}
	}
	assert_int_equal(missing, 0);
}

static void no_stale_entry(void **state)
{
	int stale = 0;
	(void)state;
	for (size_t i = 0; facet_fields[i]; i++) {
		char name[64];
		const char *colon = strchr(facet_fields[i], ':');
		assert_non_null(colon);
		snprintf(name, sizeof name, "%.*s", (int)(colon - facet_fields[i]), facet_fields[i]);
		const struct_desc *sd = rtab_struct_desc(name);
		if (!sd) {
			printf("facet_fields names %s, which rtab.h no longer declares\n", name);
			stale++;
			continue;
		}
		/* Each word names a field of the structure. */
		for (const char *p = colon + 1; *p;) {
			while (*p == ' ')
				p++;
			if (*p == '-')
				p++;
			const char *end = p;
			while (*end && *end != ' ')
				end++;
			if (end == p)
				break;
			int found = 0;
			for (size_t f = 0; f < sd->nfields; f++)
				found |= strlen(sd->fields[f].name) == (size_t)(end - p) &&
					 strncmp(sd->fields[f].name, p, (size_t)(end - p)) == 0;
			if (!found) {
				printf("facet_fields lists %s.%.*s, which rtab.h does not declare\n", name,
				       (int)(end - p), p);
				stale++;
			}
			p = end;
		}
	}
	assert_int_equal(stale, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_field_is_read),
		cmocka_unit_test(no_stale_entry),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
