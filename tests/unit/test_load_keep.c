/*
 * The rulesets a process running many commands keeps (check/load.h:
 * load_kept, which the WebAssembly module of rtab site's pages enables):
 * the same text, edition and variant lent again, with what its load
 * printed said again; a changed text, another edition or variant loaded
 * anew; a text with an error never kept; off, every load is a fresh one.
 * Run under ASan in CI, it also holds the lending to owning nothing twice.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "check/load.h"

static const char clean[] =
	"ruleset r { locales en; en \"R\"; }\n"
	"dice d6 = 1d6;\n"
	"outcome lo { en \"Lo\"; }\n"
	"outcome hi { en \"Hi\"; }\n"
	"table t { en \"T\"; roll d6; rows { lo 1-3; hi 4-6; } }\n"
	"errata second @ \"E\" { en \"Second\"; table t { en \"T\"; roll d6; rows { lo 1-2; hi 3-6; } } }\n";

/* A warning its load prints (an outcome no table gives). */
static const char warned[] =
	"ruleset r { locales en; en \"R\"; }\n"
	"dice d6 = 1d6;\n"
	"outcome lo { en \"Lo\"; }\n"
	"outcome hi { en \"Hi\"; }\n"
	"outcome never { en \"Never\"; }\n"
	"table t { en \"T\"; roll d6; rows { lo 1-3; hi 4-6; } }\n";

static const char broken[] = "ruleset r { locales en; en \"R\"; }\ntable t {\n";

static char path[64];

static void write_file(const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* load_kept of path: whether it loaded, and what it printed (caller frees). */
static bool load(loaded *l, const char *edition, const char *variant, char **printed)
{
	size_t n = 0;
	FILE *out = open_memstream(printed, &n);
	assert_non_null(out);
	bool ok = load_kept(l, path, edition, variant, out, NULL);
	fclose(out);
	return ok;
}

/* The outcome a roll of 3 gives in the edition loaded: lo (0) in the
 * original, hi (1) in the second printing. */
static int outcome_at_3(const loaded *l)
{
	const rtab_table *t = &l->model.rs.tables[0];
	int row = rtab_column_row(&t->columns[0], (size_t)(3 - t->roll_min));
	assert_true(row >= 0);
	return t->rows[row].outcome;
}

static void test_lends_what_it_kept(void **state)
{
	(void)state;
	loaded a, b, c, d;
	char *pa, *pb, *pc, *pd;
	load_keep_enable(true);
	write_file(clean);
	assert_true(load(&a, NULL, NULL, &pa));
	assert_true(load(&b, NULL, NULL, &pb));
	assert_true(b.lent);
	assert_ptr_equal(a.model.rs.tables, b.model.rs.tables);
	assert_int_equal(outcome_at_3(&b), 1);
	/* Another edition, another variant: loaded anew, and right. */
	assert_true(load(&c, "original", NULL, &pc));
	assert_ptr_not_equal(c.model.rs.tables, a.model.rs.tables);
	assert_int_equal(outcome_at_3(&c), 0);
	assert_true(load(&d, NULL, "ru", &pd));
	assert_ptr_not_equal(d.model.rs.tables, a.model.rs.tables);
	loaded_free(&a);
	loaded_free(&b);
	loaded_free(&c);
	loaded_free(&d);
	free(pa);
	free(pb);
	free(pc);
	free(pd);
	load_keep_enable(false);
}

static void test_says_again_what_it_printed(void **state)
{
	(void)state;
	loaded a, b;
	char *pa, *pb;
	load_keep_enable(true);
	write_file(warned);
	assert_true(load(&a, NULL, NULL, &pa));
	assert_true(load(&b, NULL, NULL, &pb));
	assert_true(b.lent);
	assert_non_null(strstr(pa, "never"));
	assert_string_equal(pa, pb);
	loaded_free(&a);
	loaded_free(&b);
	free(pa);
	free(pb);
	load_keep_enable(false);
}

static void test_changed_text_is_loaded_anew(void **state)
{
	(void)state;
	loaded a, b, c;
	char *pa, *pb, *pc;
	load_keep_enable(true);
	write_file(clean);
	assert_true(load(&a, NULL, NULL, &pa));
	loaded_free(&a);
	write_file(broken);
	assert_false(load(&b, NULL, NULL, &pb));
	assert_false(b.lent);
	assert_non_null(strstr(pb, "error"));
	loaded_free(&b);
	/* Not kept: the same broken text is loaded, and reported, again. */
	assert_false(load(&c, NULL, NULL, &pc));
	assert_string_equal(pb, pc);
	loaded_free(&c);
	free(pa);
	free(pb);
	free(pc);
	load_keep_enable(false);
}

static void test_off_lends_nothing(void **state)
{
	(void)state;
	loaded a, b;
	char *pa, *pb;
	write_file(clean);
	assert_true(load(&a, NULL, NULL, &pa));
	assert_true(load(&b, NULL, NULL, &pb));
	assert_false(b.lent);
	assert_ptr_not_equal(a.model.rs.tables, b.model.rs.tables);
	loaded_free(&a);
	loaded_free(&b);
	free(pa);
	free(pb);
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/rtab-load-keep-%ld.rtab", (long)getpid());
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_off_lends_nothing),
		cmocka_unit_test(test_lends_what_it_kept),
		cmocka_unit_test(test_says_again_what_it_printed),
		cmocka_unit_test(test_changed_text_is_loaded_anew),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(path);
	return failed;
}
