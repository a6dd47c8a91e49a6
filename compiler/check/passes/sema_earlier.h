/* SPDX-License-Identifier: MIT */
/* 'rewrite A -> B when earlier OUTCOME': whether an earlier repeat of the
 * trigger that resolves a table gave OUTCOME, read as an input of its own. */
#ifndef RTAB_SEMA_EARLIER_H
#define RTAB_SEMA_EARLIER_H

#include "check/model.h"

/* Before the inputs: an input 'earlier_OUTCOME' (bool, false) for each
 * outcome a rewrite's condition reads so, unless the file declares it. */
void make_earlier_inputs(model *m);

/* After the tables: every trigger repeated 'times N' of a table that reads
 * 'earlier OUTCOME' passes it on, as 'earlier_OUTCOME = earlier OUTCOME'
 * would, unless it sets that input itself. */
void pass_earlier_on(model *m);

/* The input an 'earlier OUTCOME' name ("earlier OUTCOME") reads: its id,
 * 'earlier_OUTCOME', into buf; NULL when name is no such name. */
const char *earlier_input_id(const char *name, char *buf, size_t size);

#endif
