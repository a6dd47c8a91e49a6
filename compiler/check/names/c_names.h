/* SPDX-License-Identifier: MIT */
/* The names the generated C of a model declares outside its file. */
#ifndef RTAB_C_NAMES_H
#define RTAB_C_NAMES_H

#include "check/model.h"

/* A name the generated C declares, and what it stands for. */
typedef struct c_name {
	char *name;     /* as it appears in the C (a tag as "enum NAME") */
	const char *id; /* the definition, or a phrase such as "the index of tables" */
	src_loc loc;
	int file;       /* for a check across the files compiled together */
} c_name;

/* Every name the generated .c and .h of a model declare outside the file:
 * header guard, external symbols, enum tags and enumerators. */
size_t c_names_collect(const model *m, c_name **out);
void c_names_sort(c_name *v, size_t n);
void c_names_free(c_name *v, size_t n);

/* Whether the generated C of a ruleset named cname (its id after --prefix)
 * would take the runtime's names: its files rtab.c and rtab.h (in any case,
 * for file systems that ignore it) and its symbols, which all begin with
 * rtab_ or RTAB_. */
bool c_name_is_runtimes(const char *cname);

#endif
