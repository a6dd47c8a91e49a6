/*
 * libFuzzer harnesses: the library behind rtab diff, verify, export, odds
 * and vectors, in memory. One source, built once per verb (meson passes
 * -DFUZZ_VERB=FUZZ_VERB_DIFF... and names the binary fuzz_diff...), so
 * that each verb has its own corpus and coverage, and every seed (a .rtab
 * file, as fuzz_frontend reads it) is a seed of each.
 *
 * Each input is loaded as fuzz_frontend loads it (load_text, as rtab check
 * does after reading a file; diagnostics to /dev/null). When it builds:
 *   - diff, verify: the input is two files split at the first NUL byte (the
 *     custom mutator makes such pairs from one file and a mutated copy).
 *     Both are read as facets and compared as rtab diff compares them
 *     (with the odds that moved, when their enumeration is small) and as
 *     rtab verify does (without labels and header, provisional marks by
 *     presence). Without a NUL the file is compared with itself, and then
 *     neither may report anything.
 *   - export: every format (JSON, CSV, Markdown, HTML), with no, one and two
 *     locales and plain values or not; the JSON must parse.
 *   - odds: every table's exact odds in the default situation, per column
 *     and over the grid of rtab odds --all, and every distance's values; the
 *     counts must add up to the rolls and, with no extra DRM, no roll may
 *     miss a row (rtab check proved it). Only enumerations of at most
 *     FUZZ_MAX_ROLLS rolls are made, so no input legitimately times out.
 *   - vectors: the vectors of every definition, and an exhaustive run with
 *     a small limit; every line must be a JSON object.
 * Each stage stops when the input has used FUZZ_BUDGET_SECONDS of CPU.
 * Nothing here writes a file.
 */
#include "analysis/diff.h"
#include "analysis/facets.h"
#include "analysis/odds.h"
#include "analysis/odds_grid.h"
#include "analysis/vectors.h"
#include "base/work.h"
#include "check/load.h"
#include "export/export.h"

#include "fuzz_common.h"
#include "json_check.h"
#include "rtab_gen.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FUZZ_VERB_DIFF 1
#define FUZZ_VERB_VERIFY 2
#define FUZZ_VERB_EXPORT 3
#define FUZZ_VERB_ODDS 4
#define FUZZ_VERB_VECTORS 5
#ifndef FUZZ_VERB
#error "FUZZ_VERB names the verb this harness drives (see fuzz/meson.build)"
#endif
#define FUZZ_PAIRS (FUZZ_VERB == FUZZ_VERB_DIFF || FUZZ_VERB == FUZZ_VERB_VERIFY)

/* Larger sources only slow the search, in the front end (fuzz_frontend's
 * part): a file of 88 KB whose rows overlap everywhere takes a minute. */
#define MAX_INPUT (1u << 16)
/* The most rolls one enumeration may walk (odds, the odds diff reports):
 * under the sanitizers a million rolls take seconds. */
#define FUZZ_MAX_ROLLS 4096u
#define FUZZ_BUDGET_SECONDS 2.0

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static FILE *sink;
static clock_t started;

static inline bool over_budget(void)
{
	return (double)(clock() - started) / CLOCKS_PER_SEC > FUZZ_BUDGET_SECONDS;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	sink = fopen("/dev/null", "w");
	if (!sink) {
		perror("fuzz_verbs: /dev/null");
		abort();
	}
	return 0;
}

/*
 * A quarter of the mutations write a program from the grammar (rtab_gen.c),
 * an eighth change one token or repeat a line; for diff and verify a
 * quarter make a pair: the first file, a NUL, and a mutated copy of it.
 * The rest are libFuzzer's own.
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
	case 2: {
		size_t n = rtab_gen_mutate(data, size, max_size, seed);
		if (n)
			return n;
		break;
	}
#if FUZZ_PAIRS
	case 3:
	case 4: {
		const uint8_t *nul = memchr(data, 0, size);
		size_t first = nul ? (size_t)(nul - data) : size;
		if (2 * first + 1 > max_size)
			break;
		memmove(data + first + 1, data, first);
		data[first] = 0;
		size_t room = max_size - first - 1;
		size_t n = seed % 2 ? rtab_gen_mutate(data + first + 1, first, room, seed)
				    : LLVMFuzzerMutate(data + first + 1, first, room);
		return first + 1 + (n ? n : first);
	}
#endif
	default:
		break;
	}
	return LLVMFuzzerMutate(data, size, max_size);
}

/* Load len bytes of text as rtab check loads a file; false when it does not build. */
static bool load(loaded *l, const uint8_t *data, size_t len, const char *name)
{
	char *text = xmalloc(len + 1);
	memcpy(text, data, len);
	text[len] = '\0';
	diag_options opts = {.json = len & 1, .max_work = FUZZ_MAX_WORK};
	return load_text(l, name, text, len, sink, &opts);
}

#if FUZZ_PAIRS
/* Every definition and facet of one side looked up on the other. */
static void cross_lookup(const facet_set *a, const facet_set *b)
{
	for (size_t i = 0; i < a->n; i++) {
		const facet_def *d = &a->defs[i];
		fuzz_touch(facet_kind_word(d->kind));
		(void)facets_kind_use(d->kind);
		const facet_def *o = facets_find(b, d->kind, d->id);
		for (size_t k = 0; k < d->n; k++) {
			const facet *f = &d->facets[k];
			fuzz_touch(f->value);
			(void)facet_is_provisional(f);
			if (o)
				fuzz_touch(facet_find(o, f->key) ? f->key : NULL);
		}
	}
}

#if FUZZ_VERB == FUZZ_VERB_DIFF
/* Whether the odds of both sides can be enumerated within the budget. */
static bool odds_small(const rtab_ruleset *rs)
{
	uint64_t work = 0;
	for (size_t t = 0; t < rs->ntables; t++) {
		const rtab_dice *d = fuzz_table_dice(rs, &rs->tables[t]);
		uint64_t rolls = d ? odds_dice_rolls(d) : 1;
		if (rolls == 0)
			return false;
		work += rolls * (rs->tables[t].ncolumns + 1u);
	}
	return work <= 16u * FUZZ_MAX_ROLLS;
}
#endif

static void check_diff(const diff_result *r, bool same, const char *verb)
{
	for (size_t i = 0; i < r->n; i++) {
		const diff_def *d = &r->defs[i];
		FUZZ_CHECK((d->old != NULL) == (d->what != DIFF_ADDED) &&
			   (d->new != NULL) == (d->what != DIFF_REMOVED),
			   "%s: a definition %s lacks a side", verb,
			   d->what == DIFF_ADDED ? "added" : d->what == DIFF_REMOVED ? "removed" : "changed");
		FUZZ_CHECK(d->what != DIFF_CHANGED || d->n > 0, "%s: '%s' changed in nothing", verb,
			   d->old->id);
		for (size_t k = 0; k < d->n; k++) {
			FUZZ_CHECK(d->changes[k].old || d->changes[k].new, "%s: a change of neither side",
				   verb);
			fuzz_touch(diff_key(&d->changes[k]));
		}
	}
	for (size_t i = 0; i < r->nodds; i++) {
		const diff_odds *o = &r->odds[i];
		FUZZ_CHECK(o->old_count <= o->old_total && o->new_count <= o->new_total,
			   "%s: odds of '%s' beyond their total", verb, o->table);
	}
	if (same && r->n) {
		const diff_def *d = &r->defs[0];
		const facet_def *fd = d->old ? d->old : d->new;
		const diff_change *c = d->n ? &d->changes[0] : NULL;
		fuzz_fail("%s: a file compared with itself differs in %zu definitions, first %s '%s'"
			  " (%s: '%s' against '%s')",
			  verb, r->n, facet_kind_word(fd->kind), fd->id, c ? diff_key(c) : "-",
			  c && c->old ? c->old->value : "-", c && c->new ? c->new->value : "-");
	}
	FUZZ_CHECK(!same || r->nodds == 0, "%s: a file compared with itself differs in %zu odds",
		   verb, r->nodds);
}

static void run_pair(const loaded *a, const loaded *b, bool same)
{
	facet_set fa, fb;
	diff_result r = {0};

	facets_build(&fa, &a->model);
	facets_build(&fb, &b->model);
	cross_lookup(&fa, &fb);
	if (!over_budget())
		cross_lookup(&fb, &fa);
#if FUZZ_VERB == FUZZ_VERB_DIFF
	diff_compare(&r, &fa, &fb, 0, NULL);
	if (!over_budget() && odds_small(&a->model.rs) && odds_small(&b->model.rs))
		diff_odds_compute(&r, &a->model, &b->model, NULL);
	check_diff(&r, same, "diff");
#else
	diff_compare(&r, &fa, &fb, DIFF_NO_LABELS | DIFF_NO_HEADER | DIFF_PROVISIONAL_MARKS, NULL);
	check_diff(&r, same, "verify");
#endif
	diff_free(&r);
	facets_free(&fa);
	facets_free(&fb);
}
#endif

#if FUZZ_VERB == FUZZ_VERB_EXPORT
static void run_export(const loaded *l, size_t size)
{
	static const export_emitter *const emitters[] = {&export_json_emitter, &export_csv_emitter,
							 &export_markdown_emitter, &export_html_emitter};
	const rtab_ruleset *rs = &l->model.rs;
	for (size_t e = 0; e < sizeof emitters / sizeof emitters[0] && !over_budget(); e++) {
		strbuf out = {0};
		export_ctx x = {.out = &out, .m = &l->model, .rs = rs, .source = "fuzz.rtab",
				.plain = (size >> e) & 1};
		/* As rtab export picks them: the first, or the last two in reverse (as
		 * --locale ru,en); none only when the ruleset declares none. */
		size_t want = 1 + (size >> 4) % 2;
		if (want > rs->nlocales)
			want = rs->nlocales;
		for (size_t i = 0; i < want; i++)
			x.locales[x.nlocales++] = want == 1 ? 0 : rs->nlocales - 1 - i;
		export_run(emitters[e], &x);
		/* CSV holds tables and matrices only: a ruleset without any gives nothing. */
		FUZZ_CHECK(out.len > 0 || (emitters[e] == &export_csv_emitter && !rs->ntables &&
					   !rs->nmatrices),
			   "export %s printed nothing", emitters[e]->format);
		FUZZ_CHECK(fuzz_touch(out.data) == out.len, "export %s printed a NUL byte",
			   emitters[e]->format);
		if (emitters[e] == &export_json_emitter) {
			size_t at = 0;
			FUZZ_CHECK(json_valid(out.data, out.len, &at),
				   "the JSON export is not JSON at byte %zu: ...%.60s", at,
				   out.data + (at > 30 ? at - 30 : 0));
		}
		sb_free(&out);
	}
}
#endif

#if FUZZ_VERB == FUZZ_VERB_ODDS
static void check_dist(const rtab_ruleset *rs, const rtab_table *t, const odds_dist *d,
		       bool no_extra)
{
	uint64_t sum = d->none + d->no_row;
	FUZZ_CHECK(d->noutcomes == rs->noutcomes, "odds of '%s': %zu outcomes of %u", t->id,
		   d->noutcomes, rs->noutcomes);
	for (size_t o = 0; o < d->noutcomes; o++) {
		FUZZ_CHECK(d->provisional[o] <= d->count[o], "odds of '%s': more provisional than rolls",
			   t->id);
		sum += d->count[o];
	}
	FUZZ_CHECK(sum == d->total, "odds of '%s': %llu rolls counted of %llu", t->id,
		   (unsigned long long)sum, (unsigned long long)d->total);
	FUZZ_CHECK(!no_extra || d->no_row == 0,
		   "odds of '%s' (checked without error): %llu rolls match no row, modified %ld..%ld",
		   t->id, (unsigned long long)d->no_row, (long)d->no_row_min, (long)d->no_row_max);
}

static void count_number(void *arg, const odds_number *line)
{
	FUZZ_CHECK(line->numbered <= line->rolls && line->rolls <= line->total,
		   "odds of a number: %llu numbered of %llu rolls of %llu",
		   (unsigned long long)line->numbered, (unsigned long long)line->rolls,
		   (unsigned long long)line->total);
	fuzz_touch(line->average.data);
	fuzz_touch(line->decimal.data);
	(*(size_t *)arg)++;
}

static void odds_of_table(const rtab_ruleset *rs, size_t ti, int32_t *inputs)
{
	const rtab_table *t = &rs->tables[ti];
	const rtab_dice *dice = fuzz_table_dice(rs, t);
	uint64_t rolls = dice ? odds_dice_rolls(dice) : 1;
	if (rolls == 0 || rolls > FUZZ_MAX_ROLLS)
		return;
	uint16_t *order = xcalloc(rs->noutcomes + 1u, sizeof *order);
	size_t n = odds_table_outcomes(rs, ti, order);
	FUZZ_CHECK(n <= rs->noutcomes, "odds of '%s': %zu outcomes listed", t->id, n);
	for (size_t k = 0; k < n; k++)
		FUZZ_CHECK(order[k] < rs->noutcomes, "odds of '%s': outcome %u", t->id, order[k]);
	free(order);

	int32_t lo, hi, shift = 0;
	odds_total_bounds(rs, ti, &lo, &hi);
	FUZZ_CHECK(lo <= hi, "odds of '%s': modifier totals %ld..%ld", t->id, (long)lo, (long)hi);
	if (odds_column_shift(rs, ti, inputs, &shift) == RTAB_OK)
		for (size_t c = 0; c < t->ncolumns; c++)
			FUZZ_CHECK(odds_shifted_column(rs, ti, c, shift) < t->ncolumns,
				   "odds of '%s': column %zu shifted out of the table", t->id, c);

	odds_dist d;
	int rc = odds_table(rs, ti, inputs, 0, &d);
	FUZZ_CHECK(rc == RTAB_OK || rc == RTAB_E_NO_RESULT ||
			   fuzz_refused_by_requirement(rs, inputs, rs->ninputs, rc),
		   "odds of '%s' fail: %s (%d)", t->id,
		   odds_status_message(rc), rc);
	if (rc == RTAB_OK) {
		check_dist(rs, t, &d, true);
		size_t lines = 0;
		odds_numbers(rs, d.count, d.total, count_number, &lines);
		strbuf sb = {0};
		for (size_t o = 0; o < d.noutcomes; o++) {
			odds_put_fraction(&sb, d.count[o], d.total);
			odds_put_percent(&sb, d.count[o], d.total);
		}
		sb_free(&sb);
		odds_dist_free(&d);
	}
	/* Each column, whatever the situation would read, with an extra DRM. */
	for (size_t c = 0; c < t->ncolumns && !over_budget(); c++) {
		(void)odds_column_value(rs, ti, c);
		rc = odds_table_column(rs, ti, c, inputs, (int32_t)c - 1, &d);
		if (rc == RTAB_OK) {
			check_dist(rs, t, &d, false);
			odds_dist_free(&d);
		}
	}
	/* rtab odds --all, when its grid is small. */
	if (!over_budget() && (uint64_t)t->ncolumns * ((uint64_t)((int64_t)hi - lo) + 1) * rolls <=
				      16u * FUZZ_MAX_ROLLS) {
		odds_grid g = {0};
		int32_t saved = t->column_input >= 0 ? inputs[t->column_input] : 0;
		rc = odds_grid_compute(rs, ti, inputs, NULL, &g);
		if (rc == RTAB_OK) {
			for (size_t cell = 0; cell < g.ncells; cell++) {
				uint64_t sum = 0;
				for (size_t k = 0; k < g.norder; k++)
					sum += g.counts[cell * g.norder + k];
				FUZZ_CHECK(!g.shown[cell] || sum == g.totals[cell],
					   "odds --all of '%s': cell %zu counts %llu of %llu rolls", t->id,
					   cell, (unsigned long long)sum, (unsigned long long)g.totals[cell]);
			}
		}
		odds_grid_free(&g);
		if (t->column_input >= 0)
			inputs[t->column_input] = saved;
	}
}

static void odds_of_distances(const rtab_ruleset *rs, const int32_t *inputs)
{
	for (size_t i = 0; i < rs->ndistances && !over_budget(); i++) {
		const rtab_distance *dist = &rs->distances[i];
		for (size_t f = 0; f < dist->nforms && !over_budget(); f++) {
			/* The rolls this form's value reads at most: every die it rolls, each once
			 * (each form its own: '20 + 1d6 cm' beside '12 + 9d6 inches'). */
			uint64_t rolls = 1;
			for (size_t k = 0; k < dist->forms[f].value.ninstrs && rolls <= FUZZ_MAX_ROLLS; k++) {
				const rtab_instr *in = &dist->forms[f].value.instrs[k];
				if (in->op == RTAB_OP_ROLL && in->arg >= 0 && (size_t)in->arg < rs->ndice) {
					uint64_t r = odds_dice_rolls(&rs->dice[in->arg]);
					rolls = r ? rolls * r : FUZZ_MAX_ROLLS + 1;
				}
			}
			if (rolls > FUZZ_MAX_ROLLS)
				continue;
			odds_values v;
			int rc = odds_distance(rs, i, f, inputs, NULL, &v);
			if (rc != RTAB_OK)
				continue;
			uint64_t sum = 0;
			for (size_t k = 0; k < v.n; k++) {
				FUZZ_CHECK(k == 0 || v.v[k - 1].value < v.v[k].value,
					   "odds of distance '%s': values out of order", dist->id);
				sum += v.v[k].count;
			}
			FUZZ_CHECK(sum == v.total, "odds of distance '%s': %llu of %llu", dist->id,
				   (unsigned long long)sum, (unsigned long long)v.total);
			odds_values_free(&v);
		}
	}
}

static void run_odds(const rtab_ruleset *rs)
{
	int32_t *inputs = xcalloc(rs->ninputs + 1u, sizeof *inputs);
	FUZZ_CHECK(rtab_inputs_default(rs, inputs, rs->ninputs) == RTAB_OK, "rtab_inputs_default fails");
	for (size_t t = 0; t < rs->ntables && !over_budget(); t++)
		odds_of_table(rs, t, inputs);
	odds_of_distances(rs, inputs);
	free(inputs);
}
#endif

#if FUZZ_VERB == FUZZ_VERB_VECTORS
static void count_note(void *arg, const char *message)
{
	fuzz_touch(message);
	(*(size_t *)arg)++;
}

/* Every line of out is one JSON object; returns how many lines. */
static size_t check_lines(const strbuf *out)
{
	size_t lines = 0;
	for (const char *p = out->data; p && *p;) {
		const char *nl = strchr(p, '\n');
		FUZZ_CHECK(nl, "vectors: the last line has no newline");
		size_t at = 0;
		FUZZ_CHECK(*p == '{' && json_valid(p, (size_t)(nl - p), &at),
			   "vectors: line %zu is not a JSON object (at byte %zu): %.80s", lines + 1, at, p);
		lines++;
		p = nl + 1;
	}
	return lines;
}

/* The vectors written into memory (open_memstream), then read back as a strbuf. */
static size_t vectors_to(strbuf *out, const rtab_ruleset *rs, const vectors_options *vo)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return 0;
	size_t n = vectors_write(f, rs, vo, NULL);
	fclose(f);
	sb_put(out, buf ? buf : "", len);
	free(buf);
	return n;
}

static void run_vectors(const rtab_ruleset *rs, const uint8_t *data, size_t size)
{
	size_t notes = 0;
	for (int exhaustive = 0; exhaustive < 2 && !over_budget(); exhaustive++) {
		strbuf out = {0};
		/* Every definition; the walk of a distance's faces is linear in its dice. */
		work_budget work = work_start(FUZZ_MAX_WORK);
		vectors_options vo = {NULL, 0, exhaustive, 1u + (size ? data[size - 1] % 64u : 0u), count_note,
				      &notes, &work};
		size_t n = vectors_to(&out, rs, &vo);
		size_t lines = check_lines(&out);
		FUZZ_CHECK(n == lines, "vectors: %zu counted, %zu lines written", n, lines);
		sb_free(&out);
	}
	/* Only the first of each kind named. */
	const char *names[1];
	if (rs->ntables && !over_budget()) {
		names[0] = rs->tables[0].id;
		FUZZ_CHECK(vectors_known(rs, names[0]), "vectors: table '%s' unknown", names[0]);
		strbuf out = {0};
		work_budget work = work_start(FUZZ_MAX_WORK);
		vectors_options vo = {names, 1, false, 8, count_note, &notes, &work};
		size_t n = vectors_to(&out, rs, &vo);
		FUZZ_CHECK(n == check_lines(&out), "vectors of '%s': the count is not the lines",
			   names[0]);
		sb_free(&out);
	}
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return -1;
	started = clock();
#if FUZZ_PAIRS
	const uint8_t *nul = memchr(data, 0, size);
	size_t first = nul ? (size_t)(nul - data) : size;
	loaded a, b;
	bool ok_a = load(&a, data, first, "old.rtab");
	bool ok_b = nul ? load(&b, nul + 1, size - first - 1, "new.rtab") : load(&b, data, size, "new.rtab");
	if (ok_a && ok_b)
		run_pair(&a, &b, !nul);
	loaded_free(&a);
	loaded_free(&b);
#else
	loaded l;
	if (load(&l, data, size, "fuzz.rtab")) {
#if FUZZ_VERB == FUZZ_VERB_EXPORT
		run_export(&l, size);
#elif FUZZ_VERB == FUZZ_VERB_ODDS
		run_odds(&l.model.rs);
#else
		run_vectors(&l.model.rs, data, size);
#endif
	}
	loaded_free(&l);
#endif
	return 0;
}
