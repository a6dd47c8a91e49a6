/* A structure-aware generator and mutator of .rtab sources (see rtab_gen.c). */
#ifndef RTAB_GEN_H
#define RTAB_GEN_H

#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Append to o a program drawn from seed, of about max_size bytes at most. */
void rtab_gen_program(strbuf *o, uint64_t seed, size_t max_size);

/* Change one token or line of the source data[0..size): the new size (at
 * most max_size), or 0 when nothing could be changed. */
/* Replace data by a whole program generated from the grammar (the harnesses'
 * custom mutators); its length, or 0 when none fits in max_size. */
size_t rtab_gen_replace(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

size_t rtab_gen_mutate(uint8_t *data, size_t size, size_t max_size, uint64_t seed);

#endif
