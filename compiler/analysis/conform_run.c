/* SPDX-License-Identifier: MIT */
/* rtab conform's run of a port through the vectors (analysis/conform_run.h). */
#include "analysis/conform_run.h"
#include "analysis/conform.h"
#include "base/json_read.h"
#include "base/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

__attribute__((format(printf, 2, 3)))
static void fail(conform_run *r, const char *fmt, ...);
static void fail(conform_run *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf b = {0};
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	free(r->failure);
	r->failure = b.data;
}

static void show_vector(const conform_run *r, const json_value *vector, const char *situation)
{
	char *what = conform_what(vector);
	const char *rule = conform_rule(r->rs, vector), *decided = conform_decided(vector);
	strbuf changed = {0};
	fprintf(r->report, "vector %zu (%s%s%s", r->count, what, rule ? ", rule " : "", rule ? rule : "");
	if (decided && (!rule || strcmp(decided, rule) != 0))
		fprintf(r->report, "; decided by rule %s", decided);
	fprintf(r->report, "): %s\n", situation);
	if (conform_changed(r->rs, vector, &changed))
		fprintf(r->report, "  set: %s; the others at their defaults\n", changed.data);
	sb_free(&changed);
	free(what);
}

/* The situation written to the port; false when it failed (said). */
static bool send_situation(conform_run *r, const char *what, const char *situation)
{
	switch (child_send(r->port, situation, (int)r->timeout_s * 1000)) {
	case CHILD_SENT:
		return true;
	case CHILD_CLOSED:
		/* A closed pipe: the port has ended, which is the finding, whether it
		 * ended before or after the vector was written. */
		fail(r, "the port ended without answering vector %zu (%s): %s", r->count, what, situation);
		return false;
	case CHILD_STALLED:
		fail(r, "the port does not read its input: vector %zu (%s) could not be written to it "
			"within %ld s (--timeout), its standard input full of the situations before; a "
			"port reads each situation, one line, before it answers it",
		     r->count, what, r->timeout_s);
		return false;
	case CHILD_WRITE_FAILED:
		fail(r, "cannot write vector %zu (%s) to the port: %s", r->count, what, strerror(errno));
		return false;
	}
	return false;
}

/* The port's answer line, or NULL when it failed (said). */
static char *read_answer(conform_run *r, const char *what, const char *situation)
{
	char *answer = NULL;
	switch (child_line(r->port, (int)r->timeout_s * 1000, &answer)) {
	case CHILD_LINE:
		return answer;
	case CHILD_EOF:
		fail(r, "the port ended without answering vector %zu (%s): %s", r->count, what, situation);
		break;
	case CHILD_TIMEOUT:
		fail(r, "the port gave no answer to vector %zu (%s) within %ld s (--timeout): %s", r->count,
		     what, r->timeout_s, situation);
		break;
	case CHILD_FAILED:
		fail(r, "cannot read the port's answer to vector %zu: %s", r->count, strerror(errno));
		break;
	}
	free(answer);
	return NULL;
}

/* The port's answer held against the vector; false when it is not an
 * answer (said). */
static bool judge(conform_run *r, const json_value *vector, const char *what, const char *situation,
		  const char *answer)
{
	const char *error;
	size_t where;
	json_value *got = json_parse(answer, &error, &where);
	if (!got || got->kind != JSON_OBJECT) {
		fail(r, "the port's answer to vector %zu (%s) is not a JSON object on one line (%s at byte "
			"%zu): '%.200s'; each answer is one line such as {\"outcome\": ...}",
		     r->count, what, got ? "another value" : error, got ? (size_t)0 : where, answer);
		json_value_free(got);
		return false;
	}
	strbuf diffs = {0};
	if (conform_compare(vector, got, &diffs) > 0 && ++r->differing <= r->shown_max) {
		show_vector(r, vector, situation);
		fputs(diffs.data, r->report);
	}
	sb_free(&diffs);
	json_value_free(got);
	return true;
}

bool conform_run_one(conform_run *r, const char *line)
{
	const char *error;
	size_t where;
	json_value *vector = json_parse(line, &error, &where);
	char *situation = vector ? conform_situation(vector) : NULL;
	if (!situation) {
		fail(r, "vector %zu is malformed: %s", r->count, line);
		json_value_free(vector);
		return false;
	}
	char *what = conform_what(vector), *answer = NULL;
	bool ok = send_situation(r, what, situation) && (answer = read_answer(r, what, situation)) &&
		  judge(r, vector, what, situation, answer);
	free(answer);
	free(what);
	free(situation);
	json_value_free(vector);
	return ok;
}

/* A vector written (or being written) to the port and not yet answered. */
typedef struct in_flight {
	size_t number;
	json_value *vector;
	char *situation, *what;
} in_flight;

/* The most written ahead of the answers: vectors, and bytes of situations. */
enum { AHEAD_VECTORS = 4096, AHEAD_BYTES = 1 << 20 };

typedef struct ahead {
	in_flight *q; /* a ring of AHEAD_VECTORS */
	size_t head, n, bytes;
	strbuf out; /* the situation being written, its newline after it */
	size_t out_done, out_number;
	char *out_what; /* its vector, said should it stall or the port end */
	char *malformed; /* the next vector is malformed: said once those before are answered */
	bool read_all, closed, gone;
} ahead;

static in_flight *nth(ahead *a, size_t i)
{
	return &a->q[(a->head + i) % AHEAD_VECTORS];
}

static void pop(ahead *a)
{
	in_flight *f = nth(a, 0);
	a->bytes -= strlen(f->situation) + 1;
	json_value_free(f->vector);
	free(f->situation);
	free(f->what);
	a->head = (a->head + 1) % AHEAD_VECTORS;
	a->n--;
}

/* The next vector of the file taken to be written, when there is room ahead. */
static void take_vector(conform_run *r, ahead *a, FILE *vectors, strbuf *line)
{
	int ch = 0;
	line->len = 0;
	line->data[0] = '\0';
	while ((ch = getc(vectors)) != EOF && ch != '\n')
		sb_putc(line, (char)ch);
	if (ch == EOF) {
		/* As conform_run_all always read: a last line without its newline is not a vector. */
		a->read_all = true;
		return;
	}
	size_t number = r->count + a->n + 1;
	const char *error;
	size_t where;
	json_value *vector = json_parse(line->data, &error, &where);
	char *situation = vector ? conform_situation(vector) : NULL;
	if (!situation) {
		a->malformed = xasprintf("vector %zu is malformed: %s", number, line->data);
		json_value_free(vector);
		return;
	}
	in_flight *f = &a->q[(a->head + a->n) % AHEAD_VECTORS];
	*f = (in_flight){number, vector, situation, conform_what(vector)};
	a->n++;
	a->bytes += strlen(situation) + 1;
	a->out.len = 0;
	a->out_number = number;
	free(a->out_what);
	a->out_what = xstrdup(f->what);
	sb_puts(&a->out, situation);
	sb_putc(&a->out, '\n');
	a->out_done = 0;
}

/* Every answer that has come whole held against its vector, in order. */
static bool judge_answers(conform_run *r, ahead *a)
{
	char *answer;
	while (a->n && child_take(r->port, &answer)) {
		in_flight *f = nth(a, 0);
		r->count = f->number;
		bool ok = judge(r, f->vector, f->what, f->situation, answer);
		free(answer);
		pop(a);
		if (!ok)
			return false;
	}
	return true;
}

/* Write ahead: situations written while the answers to those before come
 * back, each answer held against its vector in order. Neither side waits on
 * the other: the port's input does not block, and both pipes are waited on
 * together, so a port that reads all its input before it answers is given
 * it (as much as AHEAD_VECTORS and AHEAD_BYTES hold, then the end of its
 * input). --timeout bounds the wait for each answer (from the last byte the
 * port wrote, or from its first vector), and, when no answer is owed, the
 * wait for room to write. */
void conform_run_all(conform_run *r, FILE *vectors)
{
	ahead a = {.q = xcalloc(AHEAD_VECTORS, sizeof(in_flight))};
	strbuf line = {0};
	sb_puts(&line, "");
	sb_puts(&a.out, "");
	long long timeout_ms = r->timeout_s * 1000, answered_at = child_now_ms(), wrote_at = answered_at;
	while (!r->failure && judge_answers(r, &a)) {
		bool writing = a.out_done < a.out.len && !a.gone;
		if (!writing && !a.read_all && !a.malformed && !a.gone && a.n < AHEAD_VECTORS &&
		    a.bytes < AHEAD_BYTES) {
			if (!a.n)
				answered_at = child_now_ms();
			take_vector(r, &a, vectors, &line);
			wrote_at = child_now_ms();
			continue;
		}
		if (!writing && a.read_all && !a.closed) {
			child_close_input(r->port);
			a.closed = true;
		}
		if (!a.n && !writing) {
			if (a.malformed) {
				r->count++;
				fail(r, "%s", a.malformed);
			} else if (a.gone) {
				/* Answered, yet its input closed before the whole line was written. */
				r->count = a.out_number;
				fail(r, "the port ended without answering vector %zu (%s): %.*s", a.out_number,
				     a.out_what, (int)(a.out.len - 1), a.out.data);
			}
			break;
		}
		long long now = child_now_ms(), until = a.n ? answered_at + timeout_ms : wrote_at + timeout_ms;
		bool can_write = false, can_read = false;
		int ready = child_wait(r->port, writing, a.n > 0, until > now ? (int)(until - now) : 0, &can_write,
				       &can_read);
		if (ready < 0) {
			fail(r, "cannot wait for the port: %s", strerror(errno));
			break;
		}
		if (ready == 0 && a.n) {
			in_flight *f = nth(&a, 0);
			r->count = f->number;
			fail(r, "the port gave no answer to vector %zu (%s) within %ld s (--timeout): %s", f->number,
			     f->what, r->timeout_s, f->situation);
			break;
		}
		if (ready == 0) {
			/* No answer is owed (a port that answers what it has not read) and
			 * the pipe to it stays full. */
			r->count = a.out_number;
			fail(r, "the port does not read its input: vector %zu (%s) could not be written to it "
				"within %ld s (--timeout), its standard input full of the situations before; a "
				"port reads each situation, one line, before it answers it",
			     a.out_number, a.out_what, r->timeout_s);
			break;
		}
		if (can_read) {
			child_read got = child_fill(r->port);
			in_flight *f = nth(&a, 0);
			r->count = f->number;
			if (got == CHILD_EOF) {
				fail(r, "the port ended without answering vector %zu (%s): %s", f->number, f->what,
				     f->situation);
				break;
			}
			if (got == CHILD_FAILED) {
				fail(r, "cannot read the port's answer to vector %zu: %s", f->number, strerror(errno));
				break;
			}
			answered_at = child_now_ms();
		}
		if (can_write) {
			size_t before = a.out_done;
			child_write put = child_put(r->port, a.out.data, a.out.len, &a.out_done);
			if (a.out_done != before)
				wrote_at = child_now_ms();
			if (put == CHILD_CLOSED) {
				/* The port has ended: the answers it gave before are read, then its end is the finding. */
				a.gone = true;
			} else if (put == CHILD_WRITE_FAILED) {
				r->count = a.out_number;
				fail(r, "cannot write vector %zu (%s) to the port: %s", a.out_number, a.out_what,
				     strerror(errno));
				break;
			}
		}
	}
	while (a.n)
		pop(&a);
	free(a.q);
	free(a.malformed);
	free(a.out_what);
	sb_free(&a.out);
	sb_free(&line);
}

void conform_run_summary(const conform_run *r)
{
	if (r->differing > r->shown_max)
		fprintf(r->report, "... and %zu more\n", r->differing - r->shown_max);
	if (r->differing)
		fprintf(r->report, "%zu of %zu vectors of %s differ\n", r->differing, r->count, r->rs->id);
	else
		fprintf(r->report, "%zu vectors of %s: the port agrees on every one\n", r->count, r->rs->id);
}

void conform_run_free(conform_run *r)
{
	free(r->failure);
	r->failure = NULL;
}
