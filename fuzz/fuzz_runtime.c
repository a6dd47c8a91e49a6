/*
 * libFuzzer harness: the runtime's public API against the committed
 * generated/ rulesets.
 *
 * The fuzz bytes are decoded into the arguments of rtab_resolve (a table
 * index, possibly out of range; input values, possibly out of their
 * domains; a face count and faces, possibly off the die; an extra DRM) and
 * of the other rtab_* functions. The harness knows which arguments are
 * bad, and checks:
 *   - with any bad argument, a negative status that names one of them;
 *   - with good ones and no extra DRM, RTAB_OK (`rtab check` proved it);
 *   - on RTAB_OK, the invariants of fuzz_common.h (indices in range,
 *     modified_roll == natural + modifier, the modifier within the cap...).
 *
 * Every ruleset whose generated .c exists when the build is configured is
 * linked in; meson passes their ids as RTAB_FUZZ_RULESETS=X(id)X(id)...
 */
#include "rtab.h"

#include "fuzz_common.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef RTAB_FUZZ_RULESETS
#define RTAB_FUZZ_RULESETS X(musket_pike)
#endif

#define X(id) extern const rtab_ruleset id##_ruleset;
RTAB_FUZZ_RULESETS
#undef X

static const rtab_ruleset *const rulesets[] = {
#define X(id) &id##_ruleset,
	RTAB_FUZZ_RULESETS
#undef X
};
#define NRULESETS (sizeof rulesets / sizeof rulesets[0])

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* The committed data must itself be consistent, or nothing below means much. */
	for (size_t i = 0; i < NRULESETS; i++)
		fuzz_check_ruleset(rulesets[i]);
	return 0;
}

/* Reading the fuzz bytes; past the end, everything reads as zero. */
typedef struct reader {
	const uint8_t *p;
	size_t n;
} reader;

static uint8_t u8(reader *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

static uint32_t u32(reader *r)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++)
		v |= (uint32_t)u8(r) << (8 * i);
	return v;
}

/*
 * A value meant for the domain lo..hi: mostly inside it, sometimes just
 * outside, sometimes any int32 at all.
 */
static int32_t value_near(reader *r, int32_t lo, int32_t hi)
{
	uint8_t mode = u8(r);
	int64_t span = (int64_t)hi - lo + 1;

	if (mode < 0xE0) {
		uint32_t k = mode < 0x80 ? mode : u32(r);
		return (int32_t)(lo + (int64_t)(k % (uint64_t)span));
	}
	switch (mode & 7) {
	case 0: return lo == INT32_MIN ? lo : lo - 1;
	case 1: return hi == INT32_MAX ? hi : hi + 1;
	case 2: return INT32_MIN;
	case 3: return INT32_MAX;
	default: return (int32_t)u32(r);
	}
}

/* The bad arguments, as flags. */
enum {
	BAD_NULL = 1,
	BAD_TABLE = 2,
	BAD_INPUT = 4,
	BAD_FACES = 8,
};

static bool status_names(int rc, unsigned bad)
{
	return ((bad & BAD_NULL) && rc == RTAB_E_NULL) || ((bad & BAD_TABLE) && rc == RTAB_E_TABLE) ||
	       ((bad & BAD_INPUT) && rc == RTAB_E_INPUT) || ((bad & BAD_FACES) && rc == RTAB_E_FACES);
}

/* The lookups by name, and the label lookups, with a string from the input. */
static void exercise_names(const rtab_ruleset *rs, reader *r)
{
	char id[64];
	size_t n = u8(r) % sizeof id, k = 0;
	for (; k < n && r->n; k++)
		id[k] = (char)u8(r);
	id[k] = '\0';

	int i = rtab_find_table(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->ntables && strcmp(rs->tables[i].id, id) == 0), "find_table");
	i = rtab_find_input(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->ninputs && strcmp(rs->inputs[i].id, id) == 0), "find_input");
	i = rtab_find_outcome(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->noutcomes && strcmp(rs->outcomes[i].id, id) == 0),
		   "find_outcome");
	i = rtab_find_locale(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->nlocales && strcmp(rs->locales[i], id) == 0), "find_locale");
	for (size_t e = 0; e < rs->nenums; e++) {
		i = rtab_find_enum_value(&rs->enums[e], id);
		FUZZ_CHECK(i < 0 || (i < rs->enums[e].nvalues &&
				     strcmp(rs->enums[e].values[i].id, id) == 0),
			   "find_enum_value");
	}
#if FUZZ_RTAB_V2
	i = rtab_find_reaction_set(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->nreaction_sets && strcmp(rs->reaction_sets[i].id, id) == 0),
		   "find_reaction_set");
	i = rtab_find_transition(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->ntransitions && strcmp(rs->transitions[i].id, id) == 0),
		   "find_transition");
	i = rtab_find_distance(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->ndistances && strcmp(rs->distances[i].id, id) == 0),
		   "find_distance");
	i = rtab_find_procedure(rs, id);
	FUZZ_CHECK(i < 0 || (i < rs->nprocedures && strcmp(rs->procedures[i].id, id) == 0),
		   "find_procedure");
#endif
	/* NULLs are answered with -1, never a crash. */
	FUZZ_CHECK(rtab_find_table(NULL, id) == -1 && rtab_find_table(rs, NULL) == -1,
		   "find_table(NULL)");
	FUZZ_CHECK(rtab_find_locale(NULL, id) == -1 && rtab_find_locale(rs, NULL) == -1,
		   "find_locale(NULL)");
	FUZZ_CHECK(rtab_find_enum_value(NULL, id) == -1, "find_enum_value(NULL)");

	size_t locale = u8(r);
	fuzz_touch(rtab_label(rs, rs->title, locale));
	if (rs->noutcomes)
		fuzz_touch(rtab_label(rs, rs->outcomes[u8(r) % rs->noutcomes].labels, locale));
	FUZZ_CHECK(rtab_label(NULL, rs->title, locale) == NULL, "label(NULL)");
	FUZZ_CHECK(rtab_label(rs, NULL, locale) == NULL, "label(rs, NULL)");
	FUZZ_CHECK(rtab_status_message((int)(int8_t)u8(r)) != NULL, "status_message");
}

/* Expressions evaluated on inputs possibly out of their domains: any status, no crash. */
static void exercise_exprs(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			   reader *r)
{
	if (!rs->nmodifiers)
		return;
	const rtab_modifier *m = &rs->modifiers[u8(r) % rs->nmodifiers];
	int32_t v;
	int rc = rtab_expr_eval(rs, &m->condition, inputs, ninputs, &v);
	FUZZ_CHECK(rc <= 0, "expr_eval status %d", rc);
	rc = rtab_expr_eval(rs, &m->value, inputs, ninputs, &v);
	FUZZ_CHECK(rc <= 0, "expr_eval status %d", rc);
	if (rc == RTAB_OK && ninputs == rs->ninputs &&
	    rtab_inputs_validate(rs, inputs, ninputs) == RTAB_OK)
		FUZZ_CHECK(v >= m->min && v <= m->max,
			   "modifier '%s' is %ld, outside its checked bounds %ld..%ld", m->id, (long)v,
			   (long)m->min, (long)m->max);
	FUZZ_CHECK(rtab_expr_eval(NULL, &m->value, inputs, ninputs, &v) == RTAB_E_NULL &&
			   rtab_expr_eval(rs, NULL, inputs, ninputs, &v) == RTAB_E_NULL &&
			   rtab_expr_eval(rs, &m->value, inputs, ninputs, NULL) == RTAB_E_NULL,
		   "expr_eval(NULL)");
}

#if FUZZ_RTAB_V2
/* The newer entry points: bad indices yield negative statuses, never a crash. */
static void exercise_v2(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			const int32_t *faces, size_t nfaces, reader *r)
{
	uint16_t options[8];
	size_t count = 0;
	int32_t out = 0;
	const char *prov = NULL;
	size_t set = u8(r) % (rs->nreaction_sets + 2u);
	size_t cap = u8(r) % 9;
	int rc = rtab_reactions(rs, set, inputs, ninputs, options, cap, &count);
	FUZZ_CHECK(rc <= 0, "reactions status %d", rc);
	if (set >= rs->nreaction_sets)
		FUZZ_CHECK(rc < 0, "reactions: set %zu of %u gives %d", set, rs->nreaction_sets, rc);
	if (rc == RTAB_OK)
		for (size_t i = 0; i < count && i < cap; i++)
			FUZZ_CHECK(options[i] < rs->reaction_sets[set].noptions, "reactions: option %u",
				   options[i]);
	size_t tr = u8(r) % (rs->ntransitions + 2u);
	rc = rtab_transition_next(rs, tr, inputs, ninputs, &out);
	FUZZ_CHECK(rc <= 0, "transition status %d", rc);
	if (tr >= rs->ntransitions)
		FUZZ_CHECK(rc < 0, "transition %zu of %u gives %d", tr, rs->ntransitions, rc);
	size_t dist = u8(r) % (rs->ndistances + 2u), form = u8(r) % 4;
	rc = rtab_distance_eval(rs, dist, form, inputs, ninputs, faces, nfaces, &out, &prov);
	FUZZ_CHECK(rc <= 0, "distance status %d", rc);
	if (dist >= rs->ndistances)
		FUZZ_CHECK(rc < 0, "distance %zu of %u gives %d", dist, rs->ndistances, rc);
	fuzz_touch(prov);
#ifdef RTAB_NO_DICE
	rtab_target targets[4];
	size_t outcome = u8(r) % (rs->noutcomes + 2u);
	cap = u8(r) % 5;
	rc = rtab_outcome_triggers(rs, outcome, inputs, ninputs, targets, cap, &count);
	FUZZ_CHECK(rc <= 0, "outcome_triggers status %d", rc);
	if (outcome >= rs->noutcomes)
		FUZZ_CHECK(rc < 0, "outcome_triggers: outcome %zu of %u gives %d", outcome,
			   rs->noutcomes, rc);
	if (rc == RTAB_OK)
		for (size_t i = 0; i < count && i < cap; i++)
			FUZZ_CHECK(targets[i].index < fuzz_targets(rs, targets[i].kind),
				   "outcome_triggers: target %u of kind %u", targets[i].index,
				   targets[i].kind);
#endif
	size_t proc = u8(r) % (rs->nprocedures + 2u);
	rc = rtab_procedure_step_first(rs, proc, inputs, ninputs, &out);
	FUZZ_CHECK(rc <= 0, "procedure status %d", rc);
	if (proc >= rs->nprocedures)
		FUZZ_CHECK(rc < 0, "procedure %zu of %u gives %d", proc, rs->nprocedures, rc);
	if (rc == RTAB_OK)
		FUZZ_CHECK(out >= -1 && out < rs->procedures[proc].nsteps, "procedure step %ld",
			   (long)out);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	reader rd = {data, size};
	const rtab_ruleset *rs = rulesets[u8(&rd) % NRULESETS];
	uint8_t flags = u8(&rd);
	unsigned bad = 0;

	/* The table: usually one of them, sometimes just past the end, sometimes anything. */
	uint8_t tb = u8(&rd);
	size_t table = tb < 0xF0 ? tb % (rs->ntables + 1u) : tb == 0xFF ? SIZE_MAX : u32(&rd);
	if (table >= rs->ntables)
		bad |= BAD_TABLE;

	/* The inputs: the declared count, or (rarely) another. */
	size_t ninputs = rs->ninputs;
	if ((flags & 0x07) == 0x07) {
		ninputs = u8(&rd) % (rs->ninputs + 3u);
		if (ninputs != rs->ninputs)
			bad |= BAD_INPUT;
	}
	int32_t *inputs = malloc((ninputs ? ninputs : 1) * sizeof *inputs);
	for (size_t i = 0; i < ninputs; i++) {
		if (i < rs->ninputs) {
			const rtab_input *in = &rs->inputs[i];
			inputs[i] = value_near(&rd, in->min, in->max);
			if (inputs[i] < in->min || inputs[i] > in->max)
				bad |= BAD_INPUT;
		} else {
			inputs[i] = (int32_t)u32(&rd);
		}
	}

	/* The faces: the count the table's dice want, or another; each near its die. */
	const rtab_dice *d = !(bad & BAD_TABLE) ? fuzz_table_dice(rs, &rs->tables[table])
			     : rs->ndice ? &rs->dice[0] : NULL;
	size_t nfaces = d ? d->nfaces : 0;
	if ((flags & 0x38) == 0x38) {
		nfaces = u8(&rd) % (RTAB_MAX_FACES + 3u);
		if (nfaces != (d ? d->nfaces : 0u))
			bad |= BAD_FACES;
	}
	int32_t *faces = malloc((nfaces ? nfaces : 1) * sizeof *faces);
	size_t k = 0;
	for (size_t g = 0; d && g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, k++) {
			if (k >= nfaces)
				continue;
			faces[k] = value_near(&rd, d->groups[g].face_min, d->groups[g].face_max);
			if (faces[k] < d->groups[g].face_min || faces[k] > d->groups[g].face_max)
				bad |= BAD_FACES;
		}
	for (; k < nfaces; k++)
		faces[k] = (int32_t)u32(&rd);

	/* The extra DRM: none, small or anything. */
	uint8_t dm = u8(&rd);
	int32_t extra = dm < 0x40 ? 0 : dm < 0xF0 ? (int32_t)(int8_t)u8(&rd) : (int32_t)u32(&rd);

	/* NULL pointers, rarely. */
	const rtab_ruleset *rs_arg = rs;
	const int32_t *inputs_arg = inputs, *faces_arg = faces;
	rtab_result result, *out = &result;
	if ((flags & 0xC0) == 0xC0) {
		switch (u8(&rd) % 4) {
		case 0: rs_arg = NULL; break;
		case 1: out = NULL; break;
		case 2:
			if (ninputs) {
				inputs_arg = NULL;
				bad |= BAD_NULL;
			}
			break;
		default:
			if (nfaces) {
				faces_arg = NULL;
				bad |= BAD_NULL;
			}
		}
		if (!rs_arg || !out)
			bad |= BAD_NULL;
	}

	if (bad & BAD_TABLE)
		bad &= ~(unsigned)BAD_FACES; /* no table, no dice to be wrong about */
	int rc = rtab_resolve(rs_arg, table, inputs_arg, ninputs, faces_arg, nfaces, extra, out);
	/* A 'none' or automatic column decides without a roll: it reads no faces. */
	if (bad == BAD_FACES && (rc == RTAB_E_NO_RESULT || (rc == RTAB_OK && result.automatic)))
		bad = 0;
	if (rc == RTAB_E_STEP_DRM) {
		/* A table with a step counts only its step's modifiers: an extra DRM
		 * is refused, whatever else is wrong with the arguments. */
		FUZZ_CHECK(rs_arg && table < rs->ntables && rs->tables[table].step >= 0 && extra != 0,
			   "RTAB_E_STEP_DRM for table %zu, extra DRM %ld", table, (long)extra);
	} else if (bad) {
		/* A situation that breaks a requirement may be refused so before its faces are read. */
		FUZZ_CHECK(rc < 0 && (status_names(rc, bad) ||
				      (!(bad & (BAD_NULL | BAD_TABLE | BAD_INPUT)) &&
				       fuzz_refused_by_requirement(rs, inputs, ninputs, rc))),
			   "bad arguments (flags %#x) give status %d (%s)", bad, rc,
			   rtab_status_message(rc));
	} else {
		FUZZ_CHECK(rc != RTAB_E_RULESET && rc != RTAB_E_EXPR && rc != RTAB_E_COLUMN &&
				   rc != RTAB_E_NULL && rc != RTAB_E_TABLE && rc != RTAB_E_INPUT &&
				   rc != RTAB_E_FACES,
			   "table '%s', good arguments, extra DRM %ld: status %d (%s)",
			   rs->tables[table].id, (long)extra, rc, rtab_status_message(rc));
		/* A roll the compiler proved covered: the natural one, with no extra DRM.
		 * A 'none' column or an absent cell is a result the table declares. */
		if (extra == 0)
			FUZZ_CHECK(rc == RTAB_OK || rc == RTAB_E_NO_RESULT ||
					   fuzz_refused_by_requirement(rs, inputs, ninputs, rc),
				   "table '%s', good arguments, no extra DRM: status %d (%s)",
				   rs->tables[table].id, rc, rtab_status_message(rc));
		if (rc == RTAB_OK)
			fuzz_check_result(rs, table, inputs, faces, nfaces, extra, &result);
	}

	/* The rest of the API, on the same arguments. */
	int32_t *defaults = malloc((ninputs ? ninputs : 1) * sizeof *defaults);
	int drc = rtab_inputs_default(rs, defaults, ninputs);
	FUZZ_CHECK(ninputs == rs->ninputs ? drc == RTAB_OK : drc == RTAB_E_INPUT,
		   "inputs_default(%zu of %u): %d", ninputs, rs->ninputs, drc);
	if (drc == RTAB_OK) {
		/* The defaults may break a requirement (the language allows it). */
		int dvrc = rtab_inputs_validate(rs, defaults, ninputs);
		FUZZ_CHECK(dvrc == RTAB_OK || fuzz_refused_by_requirement(rs, defaults, ninputs, dvrc),
			   "the defaults do not validate: %d", dvrc);
	}
	FUZZ_CHECK(rtab_inputs_default(NULL, defaults, ninputs) == RTAB_E_NULL, "inputs_default(NULL)");
	int vrc = rtab_inputs_validate(rs, inputs, ninputs);
	FUZZ_CHECK((vrc == RTAB_OK || (!(bad & BAD_INPUT) && fuzz_refused_by_requirement(rs, inputs, ninputs, vrc))) ==
			   !(bad & BAD_INPUT),
		   "inputs_validate gives %d, flags %#x", vrc,
		   bad);
	free(defaults);
	exercise_exprs(rs, inputs, ninputs, &rd);
#if FUZZ_RTAB_V2
	exercise_v2(rs, inputs, ninputs, faces, nfaces, &rd);
#endif
	exercise_names(rs, &rd);

	free(inputs);
	free(faces);
	return 0;
}
