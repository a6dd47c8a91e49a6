/* SPDX-License-Identifier: MIT */
/* What wasi-libc leaves out that the rtab command calls: declared for every
 * file of the WebAssembly module (build_wasm.py includes it first), defined
 * in libc_wasi.c. */
#ifndef RTAB_LIBC_WASI_H
#define RTAB_LIBC_WASI_H

/* The files of the module have no links: a path is its own real path once it exists. */
char *realpath(const char *path, char *resolved);

#endif
