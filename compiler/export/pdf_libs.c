/*
 * Opens pango's cairo library (which brings cairo, pango and gobject with
 * it) and finds each function the PDF writer calls, once per process.
 */
#include "export/pdf_libs.h"

#if defined(RTAB_HAVE_PANGOCAIRO)

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The library's name as the loader knows it; the build may name another. */
#ifndef RTAB_PANGOCAIRO_LIBRARY
#if defined(__APPLE__)
#define RTAB_PANGOCAIRO_LIBRARY "libpangocairo-1.0.0.dylib"
#else
#define RTAB_PANGOCAIRO_LIBRARY "libpangocairo-1.0.so.0"
#endif
#endif

static pdf_libs functions;
static const pdf_libs *opened;
static char failure[512];

/* A symbol's address as a function pointer: ISO C has no conversion from
 * void *, so its bytes are copied (what POSIX guarantees for dlsym). */
static int find(void *library, const char *name, void *field, size_t size)
{
	void *symbol = dlsym(library, name);
	if (!symbol || size != sizeof symbol) {
		snprintf(failure, sizeof failure,
			 "%s has no function %s: install a version of pango and cairo that rtab was built with",
			 RTAB_PANGOCAIRO_LIBRARY, name);
		return 0;
	}
	memcpy(field, &symbol, size);
	return 1;
}

const pdf_libs *pdf_libs_open(const char **why)
{
	if (opened || failure[0]) {
		*why = opened ? NULL : failure;
		return opened;
	}
	void *library = dlopen(RTAB_PANGOCAIRO_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		const char *error = dlerror();
		snprintf(failure, sizeof failure,
			 "%s: install the pango and cairo libraries (Debian: libpangocairo-1.0-0)",
			 error ? error : RTAB_PANGOCAIRO_LIBRARY);
		*why = failure;
		return NULL;
	}
	int found = 1;
#define PDF_LIB_FIND(name) found = found && find(library, #name, &functions.name, sizeof functions.name);
	PDF_LIB_FUNCTIONS(PDF_LIB_FIND)
#undef PDF_LIB_FIND
	if (!found) {
		dlclose(library);
		*why = failure;
		return NULL;
	}
	opened = &functions;
	*why = NULL;
	return opened;
}

#else

/* Built without cairo and pango (the fuzzers, WebAssembly): nothing to open,
 * and export_pdf_unavailable says so; ISO C wants a declaration here. */
typedef int pdf_libs_not_built;

#endif
