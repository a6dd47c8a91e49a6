/* SPDX-License-Identifier: MIT */
/*
 * The odds a page of rtab site shows first, computed when the site is
 * written (docs/web.md): the player aid opens on the first table (or
 * distance) of a ruleset in its first locale, every input at its default;
 * with these odds in rulesets.js the page shows them at once, before the
 * WebAssembly module has compiled and run its first command.
 */
#ifndef RTAB_ODDS_AHEAD_H
#define RTAB_ODDS_AHEAD_H

#include "base/util.h"
#include "check/model.h"

#include <stdbool.h>

/* The definition the player aid opens on: the first table, else the first
 * distance (the definitions rtab odds answers for, in the page's order);
 * NULL when the ruleset has neither. */
const char *odds_ahead_definition(const rtab_ruleset *rs);

/* What `rtab odds FILE ID --locale L --json [--edition EDITION]` prints for
 * the model m (loaded in that edition) with every input at its default, ID
 * odds_ahead_definition's and L the ruleset's first locale, appended to
 * out. False, out untouched, when that command would print no odds (the
 * defaults break a requirement, the enumeration is past the default work
 * budget, or the odds fail): the page then asks its module. Switches the
 * model's rule references to the first locale. */
bool odds_ahead_json(model *m, const char *edition, strbuf *out);

#endif
