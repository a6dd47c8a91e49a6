/* SPDX-License-Identifier: MIT */
/*
 * Layer files. A ruleset is a file with a 'ruleset' header; a file without
 * one (errata layers, or definitions, kept apart from the rules they
 * correct) is a layer file that continues a base file, as 'cat BASE LAYER'
 * would. A '# base: PATH' comment before the layer's first definition names
 * its base, PATH relative to the layer file. The language server links a
 * layer to its base by these; rtab site joins them (docs/errata.md).
 */
#ifndef RTAB_LAYER_FILE_H
#define RTAB_LAYER_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* True when text (len bytes) begins with a 'ruleset' header, after a
 * byte-order mark, blanks and comments: a ruleset of its own. */
bool layer_file_has_header(const char *text, size_t len);

/* The PATH of the first '# base: PATH' comment before the first token of
 * text, as written (to free), or NULL when there is none. */
char *layer_file_base(const char *text, size_t len);

/* The path of the base that a layer file at layer_path names (named, from
 * its '# base:' comment): named itself when absolute, else beside the
 * layer file. To free; not resolved through links. */
char *layer_file_base_path(const char *layer_path, const char *named);

#endif
