/* SPDX-License-Identifier: MIT */
/* The export driver and what every format shares (see export.h). */
#include "export/export.h"

#include <stdlib.h>
#include <string.h>

/* The titles as the proofs print them: msg("Enumerations") msg("Inputs")
 * msg("Dice") msg("Effects") msg("Outcomes") msg("Stacking groups")
 * msg("Matrices") msg("Ratio bands") msg("Modifiers") msg("Tables")
 * msg("Reactions") msg("Transitions") msg("Distances") msg("Procedures")
 * msg("Outcomes with numbers") msg("Examples") msg("Requirements")
 * msg("Outcome groups") */
static const struct {
	const char *key, *title;
} kinds[EXPORT_KIND_COUNT_] = {
	[EXPORT_ENUMS] = {"enums", "Enumerations"},
	[EXPORT_INPUTS] = {"inputs", "Inputs"},
	[EXPORT_DICE] = {"dice", "Dice"},
	[EXPORT_EFFECT_KINDS] = {"effect_kinds", "Effects"},
	[EXPORT_OUTCOMES] = {"outcomes", "Outcomes"},
	[EXPORT_GROUPS] = {"groups", "Stacking groups"},
	[EXPORT_MATRICES] = {"matrices", "Matrices"},
	[EXPORT_BANDS] = {"bands", "Ratio bands"},
	[EXPORT_MODIFIERS] = {"modifiers", "Modifiers"},
	[EXPORT_TABLES] = {"tables", "Tables"},
	[EXPORT_REACTION_SETS] = {"reaction_sets", "Reactions"},
	[EXPORT_TRANSITIONS] = {"transitions", "Transitions"},
	[EXPORT_DISTANCES] = {"distances", "Distances"},
	[EXPORT_PROCEDURES] = {"procedures", "Procedures"},
	[EXPORT_NUMERIC_OUTCOMES] = {"numeric_outcomes", "Outcomes with numbers"},
	[EXPORT_EXAMPLES] = {"examples", "Examples"},
	[EXPORT_REQUIREMENTS] = {"requirements", "Requirements"},
	[EXPORT_OUTCOME_GROUPS] = {"outcome_groups", "Outcome groups"},
};

const char *export_kind_key(export_kind kind)
{
	return kinds[kind].key;
}

const char *export_kind_title(export_kind kind)
{
	return kinds[kind].title;
}

size_t export_count(const export_ctx *c, export_kind kind)
{
	const rtab_ruleset *rs = c->rs;
	switch (kind) {
	case EXPORT_ENUMS: return rs->nenums;
	case EXPORT_INPUTS: return rs->ninputs;
	case EXPORT_DICE: return rs->ndice;
	case EXPORT_EFFECT_KINDS: return rs->neffect_kinds;
	case EXPORT_OUTCOMES: return rs->noutcomes;
	case EXPORT_GROUPS: return rs->ngroups;
	case EXPORT_MATRICES: return rs->nmatrices;
	case EXPORT_BANDS: return rs->nbands;
	case EXPORT_MODIFIERS: return rs->nmodifiers;
	case EXPORT_TABLES: return rs->ntables;
	case EXPORT_REACTION_SETS: return rs->nreaction_sets;
	case EXPORT_TRANSITIONS: return rs->ntransitions;
	case EXPORT_DISTANCES: return rs->ndistances;
	case EXPORT_PROCEDURES: return rs->nprocedures;
	case EXPORT_REQUIREMENTS: return rs->nrequirements;
	case EXPORT_NUMERIC_OUTCOMES: return rs->nnumeric_outcomes;
	case EXPORT_EXAMPLES: return c->m ? c->m->nexamples : 0;
	case EXPORT_OUTCOME_GROUPS: return c->m && c->m->outcome_groups ? c->m->ndefs[DEF_OUTCOMES] : 0;
	case EXPORT_KIND_COUNT_: break;
	}
	return 0;
}

/* The sections each kind of definition fills. */
typedef struct export_sections {
	export_kind section[2];
	size_t n;
	const char *reason;
} export_sections;

#define SECTION(kind) {{kind}, 1, NULL}
#define export_RULESET NOT_APPLICABLE("no section: the ruleset's id, title and locales open every document")
#define export_DICE SECTION(EXPORT_DICE)
#define export_ENUM SECTION(EXPORT_ENUMS)
#define export_INPUT SECTION(EXPORT_INPUTS)
#define export_EFFECT SECTION(EXPORT_EFFECT_KINDS)
#define export_OUTCOME {{EXPORT_OUTCOMES, EXPORT_NUMERIC_OUTCOMES}, 2, NULL}
#define export_MODIFIER SECTION(EXPORT_MODIFIERS)
#define export_TABLE SECTION(EXPORT_TABLES)
#define export_MATRIX SECTION(EXPORT_MATRICES)
#define export_BAND SECTION(EXPORT_BANDS)
#define export_GROUP SECTION(EXPORT_GROUPS)
#define export_REACTIONS SECTION(EXPORT_REACTION_SETS)
#define export_TRANSITION SECTION(EXPORT_TRANSITIONS)
#define export_DISTANCE SECTION(EXPORT_DISTANCES)
#define export_PROCEDURE SECTION(EXPORT_PROCEDURES)
#define export_EXAMPLE SECTION(EXPORT_EXAMPLES)
#define export_REQUIRE SECTION(EXPORT_REQUIREMENTS)
#define export_OUTCOMES SECTION(EXPORT_OUTCOME_GROUPS)

static const export_sections sections_of[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = export_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(sections_of);

size_t export_sections_of(def_kind kind, const export_kind **sections)
{
	*sections = sections_of[kind].section;
	return sections_of[kind].n;
}

construct_use export_kind_use(def_kind kind)
{
	return (construct_use){sections_of[kind].n > 0, sections_of[kind].reason};
}

const export_kind export_print_order[] = {
	EXPORT_TABLES, EXPORT_MODIFIERS, EXPORT_GROUPS, EXPORT_MATRICES, EXPORT_BANDS,
	EXPORT_OUTCOMES, EXPORT_NUMERIC_OUTCOMES, EXPORT_OUTCOME_GROUPS, EXPORT_REACTION_SETS, EXPORT_TRANSITIONS, EXPORT_DISTANCES,
	EXPORT_PROCEDURES, EXPORT_REQUIREMENTS, EXPORT_INPUTS, EXPORT_ENUMS, EXPORT_DICE, EXPORT_EFFECT_KINDS,
	EXPORT_EXAMPLES, EXPORT_KIND_COUNT_,
};

void export_run(const export_emitter *e, export_ctx *c)
{
	e->begin(c);
	for (int n = 0; n < EXPORT_KIND_COUNT_; n++) {
		int k = e->order ? (int)e->order[n] : n;
		if (!e->item || k == EXPORT_KIND_COUNT_)
			break;
		c->nitem = 0;
		if (e->section)
			e->section(c, (export_kind)k);
		for (size_t i = 0; i < export_count(c, (export_kind)k); i++) {
			e->item(c, (export_kind)k, i);
			c->nitem++;
		}
		if (e->section_end)
			e->section_end(c, (export_kind)k);
	}
	if (e->end)
		e->end(c);
}

const char *export_label(const export_ctx *c, rtab_labels l, size_t i)
{
	if (!l || i >= c->nlocales)
		return "";
	const char *s = l[c->locales[i]];
	return s ? s : "";
}

void export_row_range(strbuf *sb, const export_ctx *c, size_t t, size_t col, size_t row)
{
	const rtab_table *tab = &c->rs->tables[t];
	if (c->m && c->m->tables && c->m->tables[t].cells && tab->ncolumns && tab->nrows) {
		const model_cell *cell = &c->m->tables[t].cells[col * tab->nrows + row];
		export_range(sb, cell->lo, cell->hi);
		return;
	}
	/* Without the source: the rolls that the lowered column maps to the row. */
	const rtab_column *cl = &tab->columns[col];
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	for (int64_t r = tab->roll_min; rtab_column_rolls(cl) && r <= tab->roll_max; r++)
		if (rtab_column_row(cl, (size_t)(r - tab->roll_min)) == (int)row) {
			lo = r < lo ? r : lo;
			hi = r > hi ? r : hi;
		}
	if (cl->below_row == (int16_t)row)
		lo = INT64_MIN;
	if (cl->above_row == (int16_t)row)
		hi = INT64_MAX;
	export_range(sb, lo, hi);
}

