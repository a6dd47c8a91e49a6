/* SPDX-License-Identifier: MIT */
/* The ruleset's names as the typed targets declare them, from the export's
 * tree: TypeScript's literal types (in the .d.mts and, inside the namespace
 * that is the CommonJS module, in the .d.cts) and C#'s enums. */
#ifndef RTAB_TARGETS_TYPED_NAMES_H
#define RTAB_TARGETS_TYPED_NAMES_H

#include "base/json_read.h"
#include "base/util.h"

/* export type TableName = "melee" | ...; InputName, OutcomeName, ...,
 * Locale, and the interface Situation (each input and its values' type). */
void ts_put_names(strbuf *b, const json_value *tree);

/* The declarations of the ECMAScript module (support, the support file of
 * compiler/targets/ts) as members of namespace `name`: what a .d.cts says of
 * a CommonJS module whose module.exports is that namespace. The namespace is
 * left open for the ruleset's own members. */
void ts_open_namespace(strbuf *b, const char *name, const char *support);

/* public enum TableName, InputName and OutcomeName: one member per
 * definition, in the order of the data (an enum's value is the definition's
 * index); each member the id in PascalCase (cavalry_pursuit:
 * CavalryPursuit), a '_' before a leading digit, a repeat of a member
 * already in the enum numbered (_2, _3, ...), its id in a comment. */
void csharp_put_names(strbuf *b, const json_value *tree);

#endif
