/* SPDX-License-Identifier: MIT */
/* Reading a .rtab file through every stage up to a lowered ruleset. */
#ifndef RTAB_LOAD_H
#define RTAB_LOAD_H

#include "check/model.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct loaded {
	char *path;
	char *text;
	size_t len;
	diag_ctx diag;
	ast_def *defs;     /* the main body */
	ast_errata *errata; /* the errata layers, in order */
	ast_def *edition;  /* the definitions of the edition built (edition_defs), or NULL */
	long nlayers;      /* how many layers that edition applies */
	strbuf context;    /* the note that names an edition in its diagnostics */
	char **discarded;
	size_t ndiscarded;
	model model;
	bool built;
	diag_part *parts; /* the layer files joined after path (load_files_joined) */
	size_t nparts;
	/* Lent by the keeper (load_kept): all but diag is the keeper's, which
	 * loaded_free leaves alone. */
	bool lent;
} loaded;

/* Load path, reporting every diagnostic to out. True when it has no error.
 * opts may be NULL for the defaults. */
bool load_file(loaded *l, const char *path, FILE *out, const diag_options *opts);

/* The same for a source already in memory: text (len bytes, NUL-terminated
 * one past them) becomes l's, and name is the path its diagnostics give. */
bool load_text(loaded *l, const char *name, char *text, size_t len, FILE *out,
	       const diag_options *opts);

/* The same, building the edition named edition (NULL: every errata layer;
 * "original": none). Every edition of the file is checked; a finding that
 * first appears in an edition is followed by a note naming its layer. */
bool load_file_edition(loaded *l, const char *path, const char *edition, FILE *out,
		       const diag_options *opts);
bool load_text_edition(loaded *l, const char *name, char *text, size_t len, const char *edition,
		       FILE *out, const diag_options *opts);
/* A ruleset kept in several files: paths[0] the base, each after it a
 * layer file that continues it (front/layer_file.h), read as one text as
 * 'cat' would join them; each diagnostic names the file and line its text
 * came from. The rest as load_file_edition. */
bool load_files_joined(loaded *l, const char *const *paths, size_t n, const char *edition, FILE *out,
		       const diag_options *opts);
void loaded_free(loaded *l);

/* The text of path, read whole (a NUL one past it); false, said through d, when it cannot be. */
bool load_read_all(const char *path, char **text, size_t *len, diag_ctx *d);

/*
 * A process that runs many commands (the WebAssembly module of a page,
 * web/wasi/session_wasi.c) keeps the rulesets it loaded without error, so
 * the next eval or odds of the same text does not parse and check it
 * again. Off unless load_keep_enable(true): the rtab command loads anew.
 * load_kept is load_file_edition with the same output, byte for byte; what
 * it lends (l->lent) is read-only but for what the verb changes the same
 * way each time it runs with the same `variant` (eval and odds: the
 * locale their rule references are shown in, model_rules_in_locale), and
 * a text, edition, variant or diagnostics options differing from a kept
 * load's make another load. loaded_free as usual.
 */
void load_keep_enable(bool on);
bool load_kept(loaded *l, const char *path, const char *edition, const char *variant, FILE *out,
	       const diag_options *opts);

/* Open path for reading if it is a regular file; otherwise say why not through d and return NULL. Never blocks on a FIFO. */
FILE *open_regular(const char *path, diag_ctx *d);

#endif
