/* SPDX-License-Identifier: MIT */
/*
 * Errata layers and editions. A ruleset may end with named, ordered errata
 * layers; the edition NAME is the main body with the layers up to and
 * including NAME applied, resolved here on the syntax tree before a model
 * is built from it.
 */
#ifndef RTAB_EDITION_H
#define RTAB_EDITION_H

#include "front/ast.h"
#include "base/diag.h"

#include <stdbool.h>
#include <stddef.h>

/* The edition without any layer. No layer may take this name. */
#define EDITION_ORIGINAL "original"

size_t edition_count(const ast_errata *layers);

/* How many layers the edition named name applies: 0 for "original", the
 * number of layers for NULL (the default: every layer); -1 when no layer has
 * that name. */
long edition_layers(const ast_errata *layers, const char *name);

/* The layer at index i (0-based), or NULL. */
const ast_errata *edition_layer(const ast_errata *layers, size_t i);

/* The definitions of the edition that applies the first n layers: shallow
 * copies of the definitions, linked in order (a restated definition keeps
 * the place of the one it replaces; an added one comes after the body).
 * NULL when there are none. Release with edition_free, which frees the
 * copies and never what they point to. */
ast_def *edition_defs(const ast_def *body, const ast_errata *layers, size_t n);
void edition_free(ast_def *defs);

/* Report what is wrong with the layers themselves: a layer named
 * 'original' or twice, a definition restated unchanged, a removal or
 * restatement of what does not exist. */
void edition_check(const ast_def *body, const ast_errata *layers, diag_ctx *d);

/* The two definitions say the same, wherever they are written. */
bool ast_def_equal(const ast_def *a, const ast_def *b);

#endif
