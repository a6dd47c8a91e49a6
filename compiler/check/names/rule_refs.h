/* SPDX-License-Identifier: MIT */
/* Rule references per locale: read from a definition, shown in a locale. */
#ifndef RTAB_RULE_REFS_H
#define RTAB_RULE_REFS_H

#include "check/model.h"

/* A definition's rule reference: the one every locale shows without its own
 * (the first locale's, or the plain one) in *rule; those per locale, or NULL.
 * Reports a locale the ruleset does not declare, one given twice, and one
 * missing where the others are given, in its references and in those of
 * its parts (ast_def.part_refs). */
rtab_labels read_rule_refs(model *m, const ast_def *d, const char *what, const char **rule);

/* A part's rule reference as written (a row's, a trigger's, a step's; NULL
 * for none), which may give one per locale (AST_REFS_LOCALE): the one a
 * reader without a locale sees in *rule (the first locale's), and those per
 * locale, or NULL. The locales are checked with the definition's own
 * (read_rule_refs). */
rtab_labels part_rule_refs(model *m, const char *written, const char **rule);

/* Every definition's rule (and the ruleset's) as the reader of that locale
 * sees it: its reference in that locale where it gives one per locale. For
 * the verbs that print one locale; the generated C keeps the first. */
void model_rules_in_locale(model *m, size_t locale);

#endif
