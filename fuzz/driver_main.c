/*
 * A harness without libFuzzer: each FILE named is given to the harness's
 * LLVMFuzzerTestOneInput once, as libFuzzer gives it a saved input
 * (`harness -runs=1 FILE`). Every compiler builds the harnesses so
 * (fuzz/meson.build), so a harness that no longer fits the compiler's API
 * breaks the ordinary build, not only the clang build of the campaigns.
 *
 *   usage: fuzz_NAME_driver FILE...
 * Exit status: 0 when every input ran; a broken invariant aborts.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Defined by most harnesses; a harness without one links too. */
#if defined(__GNUC__)
__attribute__((weak))
#endif
int LLVMFuzzerInitialize(int *argc, char ***argv);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

/* libFuzzer's mutator, which a custom mutator calls: nothing mutates here,
 * so it is never called; it is defined for the link. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
{
	(void)data;
	(void)max_size;
	return size;
}

static unsigned char *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0, got;
	unsigned char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			unsigned char *bigger = realloc(buf, cap *= 2);
			if (!bigger)
				free(buf);
			buf = bigger;
		}
	}
	fclose(f);
	*size = n;
	return buf;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		size_t size = 0;
		unsigned char *data = read_all(argv[i], &size);
		if (!data) {
			perror(argv[i]);
			return 1;
		}
		LLVMFuzzerTestOneInput(data, size);
		free(data);
		printf("ran %s (%zu bytes)\n", argv[i], size);
	}
	return 0;
}
