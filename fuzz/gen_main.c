/*
 * rtab_gen from the command line: gen_main DIR COUNT [MAX_SIZE [FIRST]]
 * writes COUNT generated programs DIR/gen-N.rtab (seeds FIRST..FIRST+COUNT-1,
 * FIRST 1 by default), so that a test can check that most of them are valid,
 * compile and compare them, and a person can read them.
 */
#include "rtab_gen.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	long count = strtol(argv[2], NULL, 10);
	size_t max = argc > 3 ? (size_t)strtoul(argv[3], NULL, 10) : 65536;
	long first = argc > 4 ? strtol(argv[4], NULL, 10) : 1;
	for (long i = first; i < first + count; i++) {
		strbuf sb = {0};
		char path[4096];
		rtab_gen_program(&sb, (uint64_t)i, max);
		snprintf(path, sizeof path, "%s/gen-%ld.rtab", argv[1], i);
		FILE *f = fopen(path, "w");
		if (!f || fwrite(sb.data, 1, sb.len, f) != sb.len || fclose(f) != 0) {
			perror(path);
			return 1;
		}
		sb_free(&sb);
	}
	return 0;
}
