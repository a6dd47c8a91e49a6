/*
 * The third evaluator of the conformance test: the generated C of the
 * bundled rulesets, linked with librtab (rtab_resolve answers a table with
 * the generated native resolver where the table has one: the conformance
 * vectors, which the interpreter wrote, are checked against the native code). tests/test_vectors.py feeds it one
 * request per line (indices, as the runtime takes them) and compares each
 * answer with the vector rtab wrote and with the reference port.
 *
 *   RULESET table T NINPUTS V... NFACES F... DRM
 *       -> ok OUTCOME MODIFIER MODIFIED_ROLL NTRIGGERS KIND:INDEX...<TAB>PROVISIONAL
 *   RULESET reactions S NINPUTS V...          -> ok N OPTION...
 *   RULESET transition T NINPUTS V...         -> ok STATE
 *   RULESET distance D NINPUTS V... NFACES F... -> ok NFORMS (VALUE|-)...<TAB>PROVISIONAL
 *   RULESET procedure P NINPUTS V...          -> ok STEP
 * "none COLUMN" where the table gives no result, and "err STATUS" where
 * the runtime refuses.
 */
#include "vectors_rulesets.h" /* every bundled ruleset: written by tests/meson.build */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	const rtab_ruleset *rs;
} rulesets[] = {VECTORS_RULESETS};

static bool read_ints(char **p, int32_t *out, size_t cap, size_t *n)
{
	char *end;
	long count = strtol(*p, &end, 10);
	if (end == *p || count < 0 || (size_t)count > cap)
		return false;
	*p = end;
	for (long i = 0; i < count; i++) {
		out[i] = (int32_t)strtol(*p, &end, 10);
		if (end == *p)
			return false;
		*p = end;
	}
	*n = (size_t)count;
	return true;
}

int main(void)
{
	char line[65536];
	while (fgets(line, sizeof line, stdin)) {
		char name[64], kind[32];
		int index, used;
		int32_t inputs[1024], faces[RTAB_MAX_FACES];
		size_t ninputs = 0, nfaces = 0;
		const rtab_ruleset *rs = NULL;
		if (sscanf(line, "%63s %31s %d%n", name, kind, &index, &used) != 3) {
			puts("bad request");
			continue;
		}
		for (size_t i = 0; i < sizeof rulesets / sizeof rulesets[0]; i++)
			if (strcmp(rulesets[i].name, name) == 0)
				rs = rulesets[i].rs;
		char *p = line + used;
		if (!rs || !read_ints(&p, inputs, 1024, &ninputs)) {
			puts("bad request");
			continue;
		}
		int rc;
		if (strcmp(kind, "table") == 0) {
			rtab_result r;
			long drm;
			if (!read_ints(&p, faces, RTAB_MAX_FACES, &nfaces)) {
				puts("bad request");
				continue;
			}
			drm = strtol(p, NULL, 10);
			rc = rtab_resolve(rs, (size_t)index, inputs, ninputs, faces, nfaces, (int32_t)drm, &r);
			if (rc == RTAB_E_NO_RESULT) {
				printf("none %u\n", r.column);
				continue;
			}
			if (rc == RTAB_OK) {
				printf("ok %u %ld %ld %u", r.outcome, (long)r.modifier, (long)r.modified_roll,
				       r.ntriggered);
				for (size_t i = 0; i < r.ntriggered; i++)
					printf(" %u:%u", r.triggered[i].kind, r.triggered[i].index);
				/* The numbers the outcome carries, as the generated data holds them. */
				const rtab_outcome *o = &rs->outcomes[r.outcome];
				for (size_t i = 0; i < o->nvalues; i++)
					printf("%s%ld", i ? "," : " =", (long)o->values[i]);
				printf("\t%s\n", r.provisional ? r.provisional : "");
			}
		} else if (strcmp(kind, "reactions") == 0) {
			uint16_t opts[256];
			size_t n;
			rc = rtab_reactions(rs, (size_t)index, inputs, ninputs, opts, 256, &n);
			if (rc == RTAB_OK) {
				printf("ok %zu", n);
				for (size_t i = 0; i < n && i < 256; i++)
					printf(" %u", opts[i]);
				putchar('\n');
			}
		} else if (strcmp(kind, "transition") == 0) {
			int32_t state;
			rc = rtab_transition_next(rs, (size_t)index, inputs, ninputs, &state);
			if (rc == RTAB_OK)
				printf("ok %ld\n", (long)state);
		} else if (strcmp(kind, "distance") == 0) {
			const char *prov = NULL;
			if (!read_ints(&p, faces, RTAB_MAX_FACES, &nfaces) || (size_t)index >= rs->ndistances) {
				puts("bad request");
				continue;
			}
			rc = RTAB_OK;
			printf("ok %u", rs->distances[index].nforms);
			for (size_t f = 0; f < rs->distances[index].nforms; f++) {
				int32_t v;
				const char *why = NULL;
				if (rtab_distance_eval(rs, (size_t)index, f, inputs, ninputs, faces, nfaces, &v,
						       &why) == RTAB_OK) {
					printf(" %ld", (long)v);
					if (why && !prov)
						prov = why;
				} else {
					printf(" -");
				}
			}
			printf("\t%s\n", prov ? prov : "");
		} else if (strcmp(kind, "procedure") == 0) {
			int32_t step;
			rc = rtab_procedure_step_first(rs, (size_t)index, inputs, ninputs, &step);
			if (rc == RTAB_OK)
				printf("ok %ld\n", (long)step);
		} else {
			puts("bad request");
			continue;
		}
		if (rc != RTAB_OK)
			printf("err %d\n", rc);
		fflush(stdout);
	}
	return 0;
}
