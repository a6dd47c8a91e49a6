/*
 * libFuzzer harness: rtab conform's protocol with its port (base/child.c,
 * analysis/conform.c, analysis/conform_run.c: the run rtab conform makes), in
 * memory and over real pipes, with no process.
 *
 * The input is a .rtab source and, after the first NUL byte, what the port
 * writes (any bytes: answers, lines without an end, NUL bytes, a line of
 * 60 KB). The source's coverage vectors are written as rtab conform writes
 * them (vectors_to); each becomes the situation sent to the port, which
 * must be one line of JSON, and is written to a pipe nobody reads (it
 * fills: the write must say so, never block); the port's next line is read
 * from a pipe holding its bytes, and, when it is a JSON object, held
 * against the vector. A port answering with the vector itself, or with
 * the vector written again by the JSON writer, agrees; every difference
 * counted is one line of the report.
 * Nothing is written to disk.
 */
#define _POSIX_C_SOURCE 200809L
#include "analysis/conform.h"
#include "analysis/vectors.h"
#include "base/json.h"
#include "base/work.h"
#include "check/load.h"
#include "analysis/conform_run.h"

#include "fuzz_common.h"
#include "json_check.h"
#include "rtab_gen.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Larger sources only slow the search; the port's bytes must fit a pipe. */
#define MAX_INPUT (1u << 16)
#define MAX_PORT_BYTES 60000u
/* The vectors sent: the protocol is the same for the rest. */
#define MAX_VECTORS 64u

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	sink = fopen("/dev/null", "w");
	if (!sink) {
		perror("fuzz_conform: /dev/null");
		abort();
	}
	return 0;
}

/* A quarter of the mutations write a program from the grammar (rtab_gen.c)
 * before the port's bytes; the rest are libFuzzer's, over both. */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	if (seed % 4 == 0) {
		const uint8_t *nul = memchr(data, 0, size);
		size_t first = nul ? (size_t)(nul - data) : size, rest = size - first;
		uint8_t *tail = xmalloc(rest + 1);
		memcpy(tail, data + first, rest);
		size_t n = rtab_gen_replace(data, first, max_size > rest ? max_size - rest : 0, seed);
		if (n && n + rest <= max_size) {
			memcpy(data + n, tail, rest);
			free(tail);
			return n + rest;
		}
		memcpy(data + first, tail, rest);
		free(tail);
	}
	return LLVMFuzzerMutate(data, size, max_size);
}

static bool load(loaded *l, const uint8_t *data, size_t len)
{
	char *text = xmalloc(len + 1);
	memcpy(text, data, len);
	text[len] = '\0';
	diag_options opts = {.max_work = FUZZ_MAX_WORK};
	return load_text(l, "fuzz.rtab", text, len, sink, &opts);
}

/* The coverage vectors written into memory, as rtab conform writes them to its file. */
static void vectors_to(strbuf *out, const rtab_ruleset *rs, const vectors_options *vo)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return;
	vectors_write(f, rs, vo, NULL);
	fclose(f);
	sb_put(out, buf ? buf : "", len);
	free(buf);
}

static size_t lines_of(const strbuf *b)
{
	size_t n = 0;
	for (size_t i = 0; i < b->len; i++)
		n += b->data[i] == '\n';
	return n;
}

/* A port with no process: a pipe it reads and nobody empties (non-blocking, as
 * child_start makes it), and a pipe holding what it writes, closed. */
typedef struct fake_port {
	child c;
	int unread; /* the read end of the pipe the port is given situations on */
} fake_port;

static bool port_open(fake_port *p, const uint8_t *bytes, size_t n)
{
	int to[2], from[2];
	if (pipe(to) != 0)
		return false;
	if (pipe(from) != 0) {
		close(to[0]);
		close(to[1]);
		return false;
	}
	fcntl(to[1], F_SETFL, fcntl(to[1], F_GETFL) | O_NONBLOCK);
	for (size_t done = 0; done < n;) {
		ssize_t w = write(from[1], bytes + done, n - done);
		FUZZ_CHECK(w > 0, "fuzz_conform: cannot fill the port's pipe");
		done += (size_t)w;
	}
	close(from[1]);
	memset(p, 0, sizeof *p);
	p->c.pid = -1;
	p->c.to = to[1];
	p->c.from = from[0];
	p->unread = to[0];
	return true;
}

static void port_close(fake_port *p)
{
	close(p->c.to);
	close(p->c.from);
	close(p->unread);
	sb_free(&p->c.pending);
}

/* One vector through the port. */
static void one(const rtab_ruleset *rs, conform_run *r, const char *line, size_t len)
{
	size_t at = 0;
	FUZZ_CHECK(json_valid(line, len, &at), "a vector that is not JSON at byte %zu: %.*s", at,
		   (int)(len < 300 ? len : 300), line);
	const char *error;
	size_t where;
	char *copy = xstrndup(line, len);
	json_value *vector = json_parse(copy, &error, &where);
	FUZZ_CHECK(vector && vector->kind == JSON_OBJECT, "a vector the JSON reader refuses: %s", error);
	char *situation = conform_situation(vector);
	FUZZ_CHECK(situation, "a vector rtab writes names nothing to resolve: %.300s", copy);
	FUZZ_CHECK(!strchr(situation, '\n') && json_valid(situation, strlen(situation), &at),
		   "the situation sent is not one line of JSON: %.300s", situation);
	char *what = conform_what(vector);
	fuzz_touch(what);
	fuzz_touch(conform_rule(rs, vector));
	fuzz_touch(conform_decided(vector));
	strbuf changed = {0};
	size_t nchanged = conform_changed(rs, vector, &changed);
	FUZZ_CHECK((nchanged == 0) == (changed.len == 0), "conform_changed counts %zu, says '%s'", nchanged,
		   changed.data ? changed.data : "");
	sb_free(&changed);

	/* The vector itself, and the vector as the writer writes it, agree. */
	strbuf diffs = {0}, rewritten = {0};
	FUZZ_CHECK(conform_compare(vector, vector, &diffs) == 0, "a vector differs from itself:\n%s", diffs.data);
	json_write(&rewritten, vector);
	json_value *again = json_parse(rewritten.data, &error, &where);
	FUZZ_CHECK(again, "a vector written again does not parse (%s): %.300s", error, rewritten.data);
	FUZZ_CHECK(conform_compare(vector, again, &diffs) == 0, "a vector written again differs:\n%s", diffs.data);
	json_value_free(again);
	sb_free(&rewritten);
	/* An empty answer differs in every field the vector has, one line each. */
	json_value *empty = json_parse("{}", &error, &where);
	size_t n = conform_compare(vector, empty, &diffs);
	FUZZ_CHECK(n == lines_of(&diffs), "%zu differences counted, %zu reported", n, lines_of(&diffs));
	json_value_free(empty);
	diffs.len = 0;

	/* Then through the port as rtab conform sends it. */
	size_t before = r->differing;
	bool ok = conform_run_one(r, copy);
	FUZZ_CHECK(ok == !r->failure, "conform_run_one says %s, its failure is %s", ok ? "ok" : "failed",
		   r->failure ? r->failure : "none");
	FUZZ_CHECK(!r->failure || (*r->failure && !strchr(r->failure, '\n')),
		   "a failure that is not one line: '%s'", r->failure);
	FUZZ_CHECK(r->differing - before <= 1, "one vector counted as %zu differing", r->differing - before);
	sb_free(&diffs);
	free(what);
	free(situation);
	json_value_free(vector);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return -1;
	const uint8_t *nul = memchr(data, 0, size);
	size_t first = nul ? (size_t)(nul - data) : size;
	const uint8_t *port_bytes = nul ? nul + 1 : data + size;
	size_t nport = nul ? size - first - 1 : 0;
	if (nport > MAX_PORT_BYTES)
		nport = MAX_PORT_BYTES;
	loaded l;
	if (load(&l, data, first)) {
		strbuf vectors = {0};
		work_budget work = work_start(FUZZ_MAX_WORK);
		vectors_options vo = {NULL, 0, false, 8, NULL, NULL, &work};
		vectors_to(&vectors, &l.model.rs, &vo);
		fake_port port;
		if (port_open(&port, port_bytes, nport)) {
			conform_run r = {.rs = &l.model.rs, .port = &port.c, .timeout_s = 0, .shown_max = 10,
					 .report = sink};
			const char *p = vectors.data, *end = vectors.data + vectors.len;
			for (size_t k = 0; p && p < end && k < MAX_VECTORS && !r.failure; k++) {
				const char *nl = memchr(p, '\n', (size_t)(end - p));
				size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
				r.count++;
				one(&l.model.rs, &r, p, n);
				p += n + 1;
			}
			conform_run_summary(&r);
			conform_run_free(&r);
			port_close(&port);
		}
		sb_free(&vectors);
	}
	loaded_free(&l);
	return 0;
}
