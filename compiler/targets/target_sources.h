/* SPDX-License-Identifier: MIT */
/* The resolver of each target language, embedded at build time (embed.py). */
#ifndef RTAB_TARGETS_TARGET_SOURCES_H
#define RTAB_TARGETS_TARGET_SOURCES_H

extern const char target_source_python[];
extern const char target_source_js[];
extern const char target_source_ts[];
extern const char target_source_lua[];
extern const char target_source_csharp[];

#endif
