/* Whether two rtab_results say the same thing, field by field (shared by the tests and bench/). */
#ifndef RTAB_TESTS_RESULT_EQUAL_H
#define RTAB_TESTS_RESULT_EQUAL_H

#include "rtab.h"

/* 1 when a and b agree on every field a caller may read; else 0, and *field names the first
 * that differs. */
int rtab_results_equal(const rtab_result *a, const rtab_result *b, const char **field);

#endif
