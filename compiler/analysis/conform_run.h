/* SPDX-License-Identifier: MIT */
/*
 * rtab conform's run of a port: each conformance vector sent to it as one
 * line, its answer read and held against the vector (docs/conformance.md).
 * The verb and the fuzz harness of the protocol run the same code.
 */
#ifndef RTAB_ANALYSIS_CONFORM_RUN_H
#define RTAB_ANALYSIS_CONFORM_RUN_H

#include "rtab.h"
#include "base/child.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct conform_run {
	const rtab_ruleset *rs;
	child *port;
	long timeout_s; /* the longest wait for one answer, and for room to write */
	size_t shown_max; /* the differing vectors shown in full; the rest counted */
	FILE *report; /* where they are shown */
	size_t count, differing;
	char *failure; /* why the run stopped (the port failed, a bad vector), or NULL */
} conform_run;

/* One vector (a line of JSON as rtab vectors writes it) through the port;
 * false when the run must stop, with r->failure set. */
bool conform_run_one(conform_run *r, const char *line);

/* Every vector of a file of JSON lines through the port, until one fails. */
void conform_run_all(conform_run *r, FILE *vectors);

/* The result line: how many vectors differ, or that all agree. */
void conform_run_summary(const conform_run *r);

void conform_run_free(conform_run *r);

#endif
