/*
 * Every verb keeps one table indexed by the kind of definition, made from
 * front/constructs.def. This walks each verb's table over every kind: each
 * entry is a handler or a reason a user can read, never neither nor both;
 * and the verbs that resolve a definition by name (eval, vectors) take
 * exactly the kinds a trigger leads to (RTAB_TARGET_*).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/evaluate.h"
#include "analysis/facets.h"
#include "analysis/vectors.h"
#include "check/sema.h"
#include "check/names/target_kinds.h"
#include "codegen/emit_c.h"
#include "export/export.h"
#include "lower/lower.h"

static const struct verb {
	const char *name;
	construct_use (*use)(def_kind kind);
} verbs[] = {
	{"lowering", sema_kind_use},     {"C source", emit_c_kind_use},
	{"export", export_kind_use},     {"diff and verify", facets_kind_use},
	{"eval", eval_kind_use},         {"vectors", vectors_kind_use},
	{"targets", target_use},         {"portable lowering", lower_kind_use},
};

static void every_entry_is_a_handler_or_a_reason(void **state)
{
	(void)state;
	for (size_t v = 0; v < sizeof verbs / sizeof *verbs; v++)
		for (int k = 0; k < DEF_KIND_COUNT_; k++) {
			construct_use u = verbs[v].use((def_kind)k);
			bool reason = u.reason && u.reason[0];
			if (u.handled == reason)
				fail_msg("%s, %s: %s", verbs[v].name, def_kind_name((def_kind)k),
					 u.handled ? "a handler and a reason" : "neither a handler nor a reason");
		}
}

static void eval_and_vectors_take_the_target_kinds(void **state)
{
	(void)state;
	bool seen[RTAB_TARGET_PROCEDURE + 1] = {false};
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		int target = target_kind_of((def_kind)k);
		assert_int_equal(target >= 0, target_use((def_kind)k).handled);
		if (eval_kind_use((def_kind)k).handled != (target >= 0))
			fail_msg("eval and the targets disagree on %s", def_kind_name((def_kind)k));
		if (vectors_kind_use((def_kind)k).handled != (target >= 0))
			fail_msg("vectors and the targets disagree on %s", def_kind_name((def_kind)k));
		if (target >= 0) {
			assert_true(target <= RTAB_TARGET_PROCEDURE);
			assert_false(seen[target]);
			seen[target] = true;
		}
	}
	for (int t = RTAB_TARGET_TABLE; t <= RTAB_TARGET_PROCEDURE; t++)
		if (!seen[t])
			fail_msg("target kind %d has no kind of definition", t);
}

/* Each section of the exports belongs to one kind of definition. */
static void every_export_section_has_its_kind(void **state)
{
	(void)state;
	int owners[EXPORT_KIND_COUNT_] = {0};
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		const export_kind *sections;
		size_t n = export_sections_of((def_kind)k, &sections);
		for (size_t i = 0; i < n; i++)
			owners[sections[i]]++;
	}
	for (int s = 0; s < EXPORT_KIND_COUNT_; s++)
		if (owners[s] != 1)
			fail_msg("section '%s' belongs to %d kinds", export_kind_key((export_kind)s), owners[s]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_entry_is_a_handler_or_a_reason),
		cmocka_unit_test(eval_and_vectors_take_the_target_kinds),
		cmocka_unit_test(every_export_section_has_its_kind),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
