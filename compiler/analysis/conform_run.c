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
	bool ok = false;
	if (!send_situation(r, what, situation) || !(answer = read_answer(r, what, situation)))
		goto done;
	json_value *got = json_parse(answer, &error, &where);
	if (!got || got->kind != JSON_OBJECT) {
		fail(r, "the port's answer to vector %zu (%s) is not a JSON object on one line (%s at byte "
			"%zu): '%.200s'; each answer is one line such as {\"outcome\": ...}",
		     r->count, what, got ? "another value" : error, got ? (size_t)0 : where, answer);
		json_value_free(got);
		goto done;
	}
	strbuf diffs = {0};
	if (conform_compare(vector, got, &diffs) > 0 && ++r->differing <= r->shown_max) {
		show_vector(r, vector, situation);
		fputs(diffs.data, r->report);
	}
	sb_free(&diffs);
	json_value_free(got);
	ok = true;
done:
	free(answer);
	free(what);
	free(situation);
	json_value_free(vector);
	return ok;
}

void conform_run_all(conform_run *r, FILE *vectors)
{
	strbuf line = {0};
	int ch;
	sb_puts(&line, "");
	while (!r->failure && (ch = getc(vectors)) != EOF) {
		if (ch != '\n') {
			sb_putc(&line, (char)ch);
			continue;
		}
		r->count++;
		conform_run_one(r, line.data);
		line.len = 0;
		line.data[0] = '\0';
	}
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
