/* The C emitter: prints a lowered ruleset as static const initializers. */
#ifndef RTAB_EMIT_C_H
#define RTAB_EMIT_C_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>
#include "base/util.h"
#include "front/construct_use.h"

/* source_name appears in the banner; it should not depend on the build directory. */
void emit_c_source(strbuf *out, const rtab_ruleset *rs, const char *source_name);

/* How the C source holds a kind of definition. */
construct_use emit_c_kind_use(def_kind kind);
void emit_c_header(strbuf *out, const rtab_ruleset *rs, const char *source_name);

#endif
