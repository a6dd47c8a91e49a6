/*
 * libFuzzer harness: the whole front end, in memory.
 *
 * The input is the text of a .rtab file. It goes through load_text, as
 * rtab check does after reading a file (rtab_parse, then model_build, even after syntax
 * errors); when the model builds, the C emitter prints it into strbufs and
 * every table is resolved by the runtime with the default inputs, each
 * value of its column input, and the lowest and the highest faces of its
 * dice; each result is printed by report.c (text, explain, JSON) as
 * `rtab eval` prints it. `rtab check` promises that every such roll has
 * exactly one row, so anything but RTAB_OK there is a bug, as is a broken
 * invariant of the lowered data (fuzz_common.h). Reaction sets,
 * transitions (over every state), distances and procedures are evaluated
 * too, and the file's worked examples are run as `rtab test` runs them.
 *
 * The diagnostic options (JSON or text, listing provisional values) are
 * taken from the input's length, so that the text itself stays a plain
 * .rtab file. Diagnostics go to /dev/null, opened once. Nothing here
 * writes a file.
 */
#include "targets/c_source.h"
#include "check/proofs/examples.h"
#include "check/load.h"
#include "check/model.h"
#include "front/parse_ctx.h"
#include "analysis/report.h"

#include "fuzz_common.h"
#include "rtab_gen.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

/*
 * Most inputs should be valid programs with extreme values, huge counts and
 * odd strings, not syntax errors: a quarter of the mutations write a whole
 * program from the grammar (rtab_gen.c), a quarter change one token or
 * repeat one line, the rest are libFuzzer's byte-level mutations.
 */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	switch (seed % 8) {
	case 0:
	case 1: {
		size_t n = rtab_gen_replace(data, size, max_size, seed);
		if (n)
			return n;
		break;
	}
	case 2:
	case 3: {
		size_t n = rtab_gen_mutate(data, size, max_size, seed);
		if (n)
			return n;
		break;
	}
	default:
		break;
	}
	return LLVMFuzzerMutate(data, size, max_size);
}

/* Randomness for the inputs and faces of one run: drawn from the input's bytes. */
static uint64_t draw(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* A value of [lo, hi]: an end, the middle, or any (64-bit arithmetic: no overflow). */
static int32_t draw_in(uint64_t *state, int32_t lo, int32_t hi)
{
	uint64_t r = draw(state);
	switch (r % 4) {
	case 0: return lo;
	case 1: return hi;
	default: return (int32_t)(lo + (int64_t)((r >> 8) % ((uint64_t)((int64_t)hi - lo) + 1)));
	}
}

/* A value of an input's domain: for a number input, on one of its steps. */
static int32_t draw_input(uint64_t *state, const rtab_input *in)
{
	int32_t v = draw_in(state, in->min, in->max);
	return in->step > 1 ? (int32_t)(in->min + ((int64_t)v - in->min) / in->step * in->step) : v;
}

/* Larger sources only slow the search; the compiler takes up to 64 MiB. */
#define MAX_INPUT (1u << 20)

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	sink = fopen("/dev/null", "w");
	if (!sink) {
		perror("fuzz_frontend: /dev/null");
		abort();
	}
	return 0;
}

/* Print a result as `rtab eval` does, in each mode and in each locale. */
static void report_all(const rtab_ruleset *rs, const rtab_result *r, const int32_t *inputs,
		       const int32_t *faces, size_t nfaces)
{
	static const report_mode modes[] = {REPORT_TEXT, REPORT_EXPLAIN, REPORT_JSON};
	for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
		strbuf out = {0};
		report rep = {.out = &out, .rs = rs, .locale = k % (rs->nlocales ? rs->nlocales : 1u),
			      .mode = modes[k], .inputs = inputs};
		report_table(&rep, r, faces, nfaces);
		fuzz_touch(out.data);
		sb_free(&out);
	}
}

/* Resolve one roll that `rtab check` says must have a row. */
static void resolve_one(const rtab_ruleset *rs, size_t table, const int32_t *inputs,
			const int32_t *faces, size_t nfaces)
{
	rtab_result r;
	int64_t natural = 0;
	for (size_t i = 0; i < nfaces; i++)
		natural += faces[i];
	int rc = rtab_resolve(rs, table, inputs, rs->ninputs, faces, nfaces, 0, &r);
	if (rc == RTAB_E_NO_RESULT)
		return; /* a 'none' column, or odds 0:0: no result, as the table says */
	FUZZ_CHECK(rc == RTAB_OK,
		   "table '%s' (checked without error) fails to resolve the natural roll %lld "
		   "with no extra DRM: %s (%d)",
		   rs->tables[table].id, (long long)natural, rtab_status_message(rc), rc);
	fuzz_check_result(rs, table, inputs, faces, nfaces, 0, &r);
	report_all(rs, &r, inputs, faces, nfaces);
}

static void exercise_table(const rtab_ruleset *rs, size_t table, int32_t *inputs)
{
	const rtab_table *t = &rs->tables[table];
	const rtab_dice *d = fuzz_table_dice(rs, t);
	int32_t lo[RTAB_MAX_FACES], hi[RTAB_MAX_FACES];
	size_t n = 0;

	for (size_t g = 0; d && g < d->ngroups; g++)
		for (size_t k = 0; k < d->groups[g].count && n < RTAB_MAX_FACES; k++, n++) {
			lo[n] = d->groups[g].face_min;
			hi[n] = d->groups[g].face_max;
		}

	FUZZ_CHECK(rtab_inputs_default(rs, inputs, rs->ninputs) == RTAB_OK,
		   "rtab_inputs_default fails");
	/* The language lets the declared defaults break a requirement (`rtab
	 * eval` with no inputs then refuses, naming it); they must still be in
	 * their domains, and nothing resolves at them. */
	int vrc = rtab_inputs_validate(rs, inputs, rs->ninputs);
	if (fuzz_refused_by_requirement(rs, inputs, rs->ninputs, vrc))
		return;
	FUZZ_CHECK(vrc == RTAB_OK, "the declared defaults are outside their domains (%d)", vrc);
	resolve_one(rs, table, inputs, lo, n);
	resolve_one(rs, table, inputs, hi, n);

	/* Every value of the column input (the others at their defaults). */
	if (t->column_input >= 0) {
		const rtab_input *in = &rs->inputs[t->column_input];
		int32_t saved = inputs[t->column_input];
		for (int32_t v = in->min; v <= in->max && v - in->min < 64; v++) {
			inputs[t->column_input] = v;
			resolve_one(rs, table, inputs, lo, n);
			resolve_one(rs, table, inputs, hi, n);
		}
		inputs[t->column_input] = saved;
	}
}

/*
 * Random situations: every input drawn from its domain (often at an end),
 * faces drawn from their dice, and a DRM from outside within the limit of a
 * literal. `rtab check` proved every modified roll of the domain has a row
 * and every modifier total fits 32 bits: without extra DRM the status must
 * be RTAB_OK (or no result, for a column marked 'none'); with one, never an
 * overflow.
 */
static void exercise_random(const rtab_ruleset *rs, int32_t *inputs, uint64_t seed)
{
	for (size_t t = 0; t < rs->ntables; t++) {
		const rtab_dice *d = fuzz_table_dice(rs, &rs->tables[t]);
		for (int round = 0; round < 8; round++) {
			int32_t faces[RTAB_MAX_FACES];
			size_t n = 0;
			for (size_t i = 0; i < rs->ninputs; i++)
				inputs[i] = draw_input(&seed, &rs->inputs[i]);
			for (size_t g = 0; d && g < d->ngroups; g++)
				for (size_t k = 0; k < d->groups[g].count && n < RTAB_MAX_FACES; k++)
					faces[n++] = draw_in(&seed, d->groups[g].face_min, d->groups[g].face_max);
			int32_t drm = round < 4 ? 0 : draw_in(&seed, -RTAB_INT_LIMIT, RTAB_INT_LIMIT);
			rtab_result r;
			int rc = rtab_resolve(rs, t, inputs, rs->ninputs, faces, n, drm, &r);
			if (drm == 0)
				FUZZ_CHECK(rc == RTAB_OK || rc == RTAB_E_NO_RESULT ||
						   fuzz_refused_by_requirement(rs, inputs, rs->ninputs, rc),
					   "table '%s' fails on a situation of its domain: %s (%d)",
					   rs->tables[t].id, rtab_status_message(rc), rc);
			else
				FUZZ_CHECK(rc != RTAB_E_OVERFLOW && rc != RTAB_E_RULESET && rc != RTAB_E_EXPR,
					   "table '%s' with an extra DRM of %ld fails: %s (%d)",
					   rs->tables[t].id, (long)drm, rtab_status_message(rc), rc);
			if (rc == RTAB_OK) {
				fuzz_check_result(rs, t, inputs, faces, n, drm, &r);
				report_all(rs, &r, inputs, faces, n);
			}
		}
	}
	for (int round = 0; round < 8; round++) {
		for (size_t i = 0; i < rs->ninputs; i++)
			inputs[i] = draw_input(&seed, &rs->inputs[i]);
		for (size_t i = 0; i < rs->nmodifiers; i++) {
			const rtab_modifier *m = &rs->modifiers[i];
			int32_t v;
			int rc = rtab_expr_eval(rs, &m->value, inputs, rs->ninputs, &v);
			FUZZ_CHECK(rc == RTAB_OK, "the value of modifier '%s' fails: %s (%d)", m->id,
				   rtab_status_message(rc), rc);
			FUZZ_CHECK(v >= m->min && v <= m->max,
				   "modifier '%s' is %ld, outside its checked bounds %ld..%ld", m->id,
				   (long)v, (long)m->min, (long)m->max);
		}
	}
}

/*
 * The slower mode (RTAB_FUZZ_STRICT_C=DIR in the environment): the emitted
 * .c and .h are written to DIR and compiled under strict ISO C, and as C++
 * when g++ is there. Any diagnostic is a bug of the emitter.
 */
static void compile_strict(const rtab_ruleset *rs, const strbuf *c, const strbuf *h)
{
	const char *dir = getenv("RTAB_FUZZ_STRICT_C");
	if (!dir || !*dir)
		return;
	strbuf path = {0}, cmd = {0};
	for (int k = 0; k < 2; k++) {
		path.len = 0;
		sb_printf(&path, "%s/%s.%s", dir, rs->id, k ? "h" : "c");
		FILE *f = fopen(path.data, "w");
		const strbuf *b = k ? h : c;
		FUZZ_CHECK(f && fwrite(b->data, 1, b->len, f) == b->len && fclose(f) == 0,
			   "cannot write %s", path.data);
	}
	sb_printf(&cmd,
		  "cc -std=c11 -pedantic -Wall -Wextra -Werror -fsyntax-only -I'%s' -I'%s' '%s/%s.c' &&"
		  " { ! command -v g++ >/dev/null || g++ -std=c++11 -Wall -Werror -fsyntax-only -x c++"
		  " -I'%s' -I'%s' '%s/%s.c'; }",
		  RTAB_FUZZ_RUNTIME_DIR, dir, dir, rs->id, RTAB_FUZZ_RUNTIME_DIR, dir, dir, rs->id);
	int rc = system(cmd.data);
	FUZZ_CHECK(rc == 0, "the generated C of '%s' does not compile under strict ISO C or as C++ (%s)",
		   rs->id, cmd.data);
	sb_free(&path);
	sb_free(&cmd);
}

/* A modifier's value, for any inputs in their domains, lies within the bounds
 * the compiler computed, and neither it nor the condition fails to evaluate. */
static void exercise_modifiers(const rtab_ruleset *rs, int32_t *inputs)
{
	for (int pass = 0; pass < 3; pass++) {
		for (size_t i = 0; i < rs->ninputs; i++)
			inputs[i] = pass == 0 ? rs->inputs[i].default_value
				    : pass == 1 ? rs->inputs[i].min
						: rs->inputs[i].max;
		for (size_t i = 0; i < rs->nmodifiers; i++) {
			const rtab_modifier *m = &rs->modifiers[i];
			int32_t v;
			int rc = rtab_expr_eval(rs, &m->condition, inputs, rs->ninputs, &v);
			FUZZ_CHECK(rc == RTAB_OK, "the condition of modifier '%s' fails: %s (%d)", m->id,
				   rtab_status_message(rc), rc);
			rc = rtab_expr_eval(rs, &m->value, inputs, rs->ninputs, &v);
			FUZZ_CHECK(rc == RTAB_OK, "the value of modifier '%s' fails: %s (%d)", m->id,
				   rtab_status_message(rc), rc);
			FUZZ_CHECK(v >= m->min && v <= m->max,
				   "modifier '%s' is %ld, outside its checked bounds %ld..%ld", m->id,
				   (long)v, (long)m->min, (long)m->max);
		}
	}
}

#if FUZZ_RTAB_V2
/*
 * Reaction sets, transitions, distances and procedures, with the default
 * inputs. A transition must give a next state from every state ("every
 * state must be given"); the others must succeed, and distances may only
 * complain about the number of faces.
 */
static void exercise_others(const rtab_ruleset *rs, int32_t *inputs)
{
	strbuf out = {0};
	report rep = {.out = &out, .rs = rs, .locale = 0, .mode = REPORT_JSON, .inputs = inputs};

	FUZZ_CHECK(rtab_inputs_default(rs, inputs, rs->ninputs) == RTAB_OK, "inputs_default");
	for (size_t i = 0; i < rs->nreaction_sets; i++) {
		uint16_t *opts = xcalloc(rs->reaction_sets[i].noptions + 1u, sizeof *opts);
		size_t n = 0, cap = rs->reaction_sets[i].noptions;
		int rc = rtab_reactions(rs, i, inputs, rs->ninputs, opts, cap, &n);
		FUZZ_CHECK(rc == RTAB_OK, "reaction set '%s' fails: %s (%d)", rs->reaction_sets[i].id,
			   rtab_status_message(rc), rc);
		FUZZ_CHECK(n <= rs->reaction_sets[i].noptions, "reaction set '%s': %zu of %u options",
			   rs->reaction_sets[i].id, n, rs->reaction_sets[i].noptions);
		for (size_t k = 0; k < n && k < cap; k++)
			FUZZ_CHECK(opts[k] < rs->reaction_sets[i].noptions && (k == 0 || opts[k] > opts[k - 1]),
				   "reaction set '%s': option %u", rs->reaction_sets[i].id, opts[k]);
		report_reactions(&rep, i, opts, n < cap ? n : cap);
		free(opts);
	}
	for (size_t i = 0; i < rs->ntransitions; i++) {
		const rtab_transition *tr = &rs->transitions[i];
		FUZZ_CHECK(tr->input < rs->ninputs, "transition '%s': input %u of %u", tr->id, tr->input,
			   rs->ninputs);
		const rtab_input *in = &rs->inputs[tr->input];
		int32_t saved = inputs[tr->input];
		for (int32_t v = in->min; v <= in->max && v - in->min < 256; v++) {
			int32_t next = -1;
			inputs[tr->input] = v;
			int rc = rtab_transition_next(rs, i, inputs, rs->ninputs, &next);
			FUZZ_CHECK(rc == RTAB_OK, "transition '%s' from state %ld fails: %s (%d)", tr->id,
				   (long)v, rtab_status_message(rc), rc);
			FUZZ_CHECK(next >= in->min && next <= in->max,
				   "transition '%s' from %ld leads to %ld, outside %ld..%ld", tr->id, (long)v,
				   (long)next, (long)in->min, (long)in->max);
			report_transition(&rep, i, v, next);
		}
		inputs[tr->input] = saved;
	}
	for (size_t i = 0; i < rs->ndistances; i++) {
		const rtab_distance *d = &rs->distances[i];
		int32_t faces[RTAB_MAX_FACES], values[8];
		bool ok[8] = {false};
		const char *prov = NULL;
		/* Dice in distances are NdM with faces 1..M: ones fit any of them. */
		for (size_t k = 0; k < RTAB_MAX_FACES; k++)
			faces[k] = 1;
		FUZZ_CHECK(d->nforms >= 1 && d->nforms <= 8, "distance '%s' has %u forms", d->id,
			   d->nforms);
		for (size_t n = 0; n <= RTAB_MAX_FACES; n++) {
			bool any = false;
			for (size_t f = 0; f < d->nforms; f++) {
				int rc = rtab_distance_eval(rs, i, f, inputs, rs->ninputs, faces, n,
							    &values[f], &prov);
				FUZZ_CHECK(rc == RTAB_OK || rc == RTAB_E_FACES,
					   "distance '%s' form %zu with %zu faces fails: %s (%d)", d->id, f,
					   n, rtab_status_message(rc), rc);
				ok[f] = rc == RTAB_OK;
				any |= ok[f];
			}
			if (any && ok[0]) {
				reasons why = {0};
				reasons_add(&why, prov);
				report_distance(&rep, i, values, ok, &why);
			}
		}
	}
#ifdef RTAB_NO_DICE
	for (size_t i = 0; i < rs->noutcomes; i++) {
		rtab_target targets[RTAB_MAX_TRIGGERS];
		size_t n = 0;
		int rc = rtab_outcome_triggers(rs, i, inputs, rs->ninputs, targets, RTAB_MAX_TRIGGERS, &n);
		FUZZ_CHECK(rc == RTAB_OK || fuzz_refused_by_requirement(rs, inputs, rs->ninputs, rc),
			   "the triggers of outcome '%s' fail: %s (%d)",
			   rs->outcomes[i].id, rtab_status_message(rc), rc);
		/* A trigger resolved `times N` is listed N times: up to the limit,
		 * and none from an outcome without triggers. */
		FUZZ_CHECK(n <= RTAB_MAX_TRIGGERS && (n == 0 || rs->outcomes[i].ntriggers > 0),
			   "outcome '%s': %zu listed from %u triggers", rs->outcomes[i].id, n,
			   rs->outcomes[i].ntriggers);
		for (size_t k = 0; k < n && k < RTAB_MAX_TRIGGERS; k++)
			FUZZ_CHECK(targets[k].index < fuzz_targets(rs, targets[k].kind),
				   "outcome '%s' triggers target %u of kind %u", rs->outcomes[i].id,
				   targets[k].index, targets[k].kind);
	}
#endif
	for (size_t i = 0; i < rs->nprocedures; i++) {
		int32_t step = -2;
		int rc = rtab_procedure_step_first(rs, i, inputs, rs->ninputs, &step);
		FUZZ_CHECK(rc == RTAB_OK, "procedure '%s' fails: %s (%d)", rs->procedures[i].id,
			   rtab_status_message(rc), rc);
		FUZZ_CHECK(step >= -1 && step < rs->procedures[i].nsteps, "procedure '%s': step %ld",
			   rs->procedures[i].id, (long)step);
		report_procedure(&rep, i, step);
	}
	fuzz_touch(out.data);
	sb_free(&out);
}
#endif

/* The lookups by name find what the compiler laid out. */
static void exercise_names(const rtab_ruleset *rs)
{
	for (size_t i = 0; i < rs->ntables; i++)
		FUZZ_CHECK(rtab_find_table(rs, rs->tables[i].id) == (int)i, "table '%s' not found",
			   rs->tables[i].id);
	for (size_t i = 0; i < rs->ninputs; i++)
		FUZZ_CHECK(rtab_find_input(rs, rs->inputs[i].id) == (int)i, "input '%s' not found",
			   rs->inputs[i].id);
	for (size_t i = 0; i < rs->noutcomes; i++)
		FUZZ_CHECK(rtab_find_outcome(rs, rs->outcomes[i].id) == (int)i,
			   "outcome '%s' not found", rs->outcomes[i].id);
	for (size_t i = 0; i < rs->nlocales; i++) {
		FUZZ_CHECK(rtab_find_locale(rs, rs->locales[i]) == (int)i, "locale '%s' not found",
			   rs->locales[i]);
		fuzz_touch(rtab_label(rs, rs->title, i));
	}
	fuzz_touch(rtab_label(rs, rs->title, rs->nlocales));
	for (size_t i = 0; i < rs->nenums; i++)
		for (size_t v = 0; v < rs->enums[i].nvalues; v++) {
			FUZZ_CHECK(rtab_find_enum_value(&rs->enums[i], rs->enums[i].values[v].id) == (int)v,
				   "value '%s' of enum '%s' not found", rs->enums[i].values[v].id,
				   rs->enums[i].id);
			for (size_t l = 0; l <= rs->nlocales; l++)
				fuzz_touch(rtab_label(rs, rs->enums[i].values[v].labels, l));
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	loaded l;
	char *text;

	if (size > MAX_INPUT)
		return -1;
	/* load_file hands the parser a NUL-terminated copy of the file. */
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	/* JSON or text diagnostics, with or without the provisional listing. */
	diag_options opts = {.json = size & 1, .list_provisional = (size >> 1) & 1,
			     .max_work = FUZZ_MAX_WORK};

	/* What rtab check does after reading the file, through the same function. */
	bool ok = load_text(&l, "fuzz.rtab", text, size, sink, &opts);
	const model *m = &l.model;

	if (ok) {
		const rtab_ruleset *rs = &m->rs;
		strbuf c = {0}, h = {0};
		int32_t *inputs;

		fuzz_check_ruleset(rs);
		/* What rtab compile writes: the data and the resolvers printed from the lowering.
		 * Every ruleset check accepts lowers. */
		lower_error why;
		bool written = c_source_write(&c, &h, rs, "fuzz.rtab", NULL, &why);
		FUZZ_CHECK(written, "the ruleset does not lower: %s", why.text ? why.text : "");
		FUZZ_CHECK(c.len > 0 && h.len > 0, "the emitter printed nothing");
		compile_strict(rs, &c, &h);
		sb_free(&c);
		sb_free(&h);

		/* Exactly ninputs long, so that ASan sees any write past them. */
		inputs = xmalloc((rs->ninputs ? rs->ninputs : 1) * sizeof *inputs);
		exercise_names(rs);
		exercise_modifiers(rs, inputs);
		for (size_t t = 0; t < rs->ntables; t++)
			exercise_table(rs, t, inputs);
		uint64_t seed = 1469598103934665603ull;
		for (size_t i = 0; i < size; i++)
			seed = (seed ^ data[i]) * 1099511628211ull;
		exercise_random(rs, inputs, seed);
#if FUZZ_RTAB_V2
		exercise_others(rs, inputs);
#endif
		free(inputs);

		/* The worked examples, as `rtab test` runs them (a failing one is no bug). */
		example_counts counts = {0, 0};
		examples_run(m, "fuzz.rtab", sink, (size & 4) != 0, &counts);
	}

	loaded_free(&l);
	return 0;
}
