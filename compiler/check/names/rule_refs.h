/* SPDX-License-Identifier: MIT */
/* Rule references per locale: read from a definition, shown in a locale. */
#ifndef RTAB_RULE_REFS_H
#define RTAB_RULE_REFS_H

#include "check/model.h"

/* A definition's rule reference: the one every locale shows without its own
 * (the first locale's, or the plain one) in *rule; those per locale, or NULL.
 * Reports a locale the ruleset does not declare, one given twice, and one
 * missing where the others are given. */
rtab_labels read_rule_refs(model *m, const ast_def *d, const char *what, const char **rule);

/* Every definition's rule (and the ruleset's) as the reader of that locale
 * sees it: its reference in that locale where it gives one per locale. For
 * the verbs that print one locale; the generated C keeps the first. */
void model_rules_in_locale(model *m, size_t locale);

#endif
