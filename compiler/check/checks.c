/* SPDX-License-Identifier: MIT */
/* The table of named checks, and the entry points their diagnostics go through. */
#include "check/checks.h"

#include "check/model_data.h"

#include <stdarg.h>
#include <string.h>

const check_info rtab_checks[CHECK_COUNT_] = {
	[CHECK_SYNTAX_ORDER] = {"ruleset-header", SEV_ERROR, false, "one ruleset header, first, with its locales"},
	[CHECK_UNKNOWN_NAME] = {"unknown-name", SEV_ERROR, false, "every name refers to a definition"},
	[CHECK_DUPLICATE] = {"duplicate-definition", SEV_ERROR, false, "nothing is defined twice"},
	[CHECK_MISPLACED] = {"misplaced-statement", SEV_ERROR, false, "statements belong to their definition"},
	[CHECK_MISSING] = {"missing-statement", SEV_ERROR, false, "definitions have the statements they need"},
	[CHECK_C_NAME] = {"c-name", SEV_ERROR, false, "names stay distinct in the generated C"},
	[CHECK_TYPE] = {"type-mismatch", SEV_ERROR, false, "operands and values have the right type"},
	[CHECK_EFFECT_ARGS] = {"effect-arguments", SEV_ERROR, false, "effects get the arguments their kind declares"},
	[CHECK_BAD_RANGE] = {"bad-range", SEV_ERROR, false, "ranges and dice are not empty"},
	[CHECK_COLUMNS] = {"column-coverage", SEV_ERROR, false, "every column value has exactly one column"},
	[CHECK_ROW_SHAPE] = {"row-shape", SEV_ERROR, false, "one roll range per column in every row"},
	[CHECK_ROW_GAP] = {"row-gap", SEV_ERROR, true, "every modified roll that can occur has a row"},
	[CHECK_ROW_OVERLAP] = {"row-overlap", SEV_ERROR, true, "no modified roll has two rows"},
	[CHECK_MISSING_LABEL] = {"missing-label", SEV_WARNING, true, "a label for every declared locale"},
	[CHECK_LIMITS] = {"limits", SEV_ERROR, false, "sizes the runtime can hold"},
	[CHECK_MATRIX_CELLS] = {"matrix-cells", SEV_ERROR, false, "every cell of a matrix has a value or a default"},
	[CHECK_TRANSITION] = {"transition-states", SEV_ERROR, false, "a transition is defined for every state"},
	[CHECK_UNITS] = {"units", SEV_ERROR, false, "distances carry a known unit; a file that declares units writes only those"},
	[CHECK_EXAMPLE] = {"example", SEV_ERROR, false, "examples run what exists with values of its domain"},
	[CHECK_PROVISIONAL] = {"provisional", SEV_NOTE, true, "values the source does not settle"},
	[CHECK_UNREACHABLE_ROW] = {"unreachable-row", SEV_WARNING, true, "every row can be reached by some roll"},
	[CHECK_MASKED_NATURAL] = {"masked-natural", SEV_WARNING, true, "no natural-roll rule hides another"},
	[CHECK_UNUSED] = {"unused", SEV_WARNING, true, "every definition is used"},
	[CHECK_LOOKUP_DOMAIN] = {"lookup-domain", SEV_ERROR, true, "matrix cells and ratio values lie in their declared range"},
	[CHECK_UNIT_MISMATCH] = {"unit-mismatch", SEV_NOTE, true, "forms of a distance in convertible units agree within rounding (off unless asked)"},
	[CHECK_NO_OPTION] = {"reaction-options", SEV_WARNING, true, "every situation leaves an option, or the set says none"},
	[CHECK_TRIGGER_CYCLE] = {"trigger-cycle", SEV_ERROR, true, "no table can trigger itself"},
	[CHECK_ERRATA] = {"errata", SEV_ERROR, false, "errata layers come last, are named once (not 'original') and remove or restate what exists"},
	[CHECK_ERRATA_UNCHANGED] = {"errata-unchanged", SEV_WARNING, true, "an errata layer changes what it restates"},
	[CHECK_ERRATA_NEW] = {"errata-new", SEV_WARNING, true, "what an errata layer adds is not a misspelt restatement"},
	[CHECK_PATCH] = {"cell-patch", SEV_ERROR, false, "a variant's 'cell' patches name printed cells of its base's grid; '+' lists add to a base"},
	[CHECK_PATCH_UNCHANGED] = {"patch-unchanged", SEV_WARNING, true, "a variant's 'cell' patch changes the cell it names"},
	[CHECK_NUMERIC] = {"numeric-outcome", SEV_ERROR, false, "an outcome with numbers has a code pattern naming each parameter once; every cell read by it gives numbers within their domains"},
	[CHECK_EXACT] = {"exact-numbers", SEV_ERROR, false, "the precision `exact 1/N;` holds every decimal written"},
	[CHECK_INEXACT] = {"inexact-division", SEV_ERROR, false, "a division or product has an exact value at the ruleset's precision"},
	[CHECK_FRACTIONAL] = {"fractional-roll", SEV_ERROR, false, "an exact number is rounded as the rule says before it counts as whole (a die roll, a column, a count)"},
	[CHECK_REQUIRE] = {"require", SEV_ERROR, false, "some situation meets every requirement on the inputs"},
	[CHECK_UNIT_DECLARATION] = {"unit-declaration", SEV_ERROR, false, "each unit is declared once and converts to a declared unit, without a cycle, by a factor the precision holds"},
	[CHECK_UNIT_CONVERSION] = {"unit-conversion", SEV_ERROR, false, "quantities compared or added are in one unit, or a number is written in a unit a declared conversion turns exactly into the other's"},
	[CHECK_UNIT_PRINTED] = {"unit-printed", SEV_WARNING, true, "the figures a distance prints in two units agree under the declared conversion, within its tolerance"},
	[CHECK_UNIT_PLACEMENT] = {"unit-placement", SEV_ERROR, false, "a unit stands on a number, not on an enum or a bool"},
	[CHECK_MISSING_UNIT] = {"missing-unit", SEV_WARNING, true, "in a file that declares units, a number used with a quantity gives its unit"},
	[CHECK_OUTCOME_GROUP] = {"outcome-group", SEV_ERROR, false, "an outcome group names existing outcomes, each once, at least one, under a name no outcome has"},
	[CHECK_ROUND_RANGES] = {"round-ranges", SEV_ERROR, false, "the ranges of a rounding per range of odds cover every odds exactly once; the ratios of 'at least' rise, one per column"},
	[CHECK_UNREACHABLE_COLUMN] = {"unreachable-column", SEV_WARNING, true, "some odds other than 0:N reach every column of a table"},
	[CHECK_RULE_REFERENCE] = {"rule-reference", SEV_ERROR, false, "a rule reference per locale names a declared locale, once"},
	[CHECK_MISSING_REFERENCE] = {"missing-reference", SEV_WARNING, true, "a definition that gives rule references per locale gives one in every locale"},
	[CHECK_LINE_CONDITIONS] = {"line-conditions", SEV_ERROR, false, "the conditions of a table's lines are exclusive and cover every situation (or a line says otherwise)"},
	[CHECK_ODDS_LINES] = {"odds-lines", SEV_ERROR, false, "each odds line above a grid names values of the variant, and its odds rise, without a gap, each over one of the grid's result columns"},
	[CHECK_WORK_BUDGET] = {"work-budget", SEV_WARNING, true, "every proof is done within the work budget (--max-work)"},
	[CHECK_STACKING] = {"stacking", SEV_ERROR, false,
			    "each member of a group that keeps the largest bonus and penalty is one of them"},
};

int check_find(const char *name)
{
	for (int i = 0; i < CHECK_COUNT_; i++)
		if (strcmp(rtab_checks[i].name, name) == 0)
			return i;
	return -1;
}

int check_parse_option(const char *arg, diag_options *opts)
{
	if (strcmp(arg, "-Werror") == 0) {
		opts->werror = true;
		return 1;
	}
	if (strcmp(arg, "--strict") == 0) {
		opts->strict = true;
		return 1;
	}
	if (strncmp(arg, "--diagnostics=", 14) == 0) {
		if (strcmp(arg + 14, "json") != 0 && strcmp(arg + 14, "text") != 0)
			return -1;
		opts->json = arg[14] == 'j';
		return 1;
	}
	if (strncmp(arg, "-W", 2) != 0)
		return 0;
	/* A check whose own name begins with "no-" is found before "no-" is read as "off". */
	int id = check_find(arg + 2);
	bool off = id < 0 && strncmp(arg + 2, "no-", 3) == 0;
	if (off)
		id = check_find(arg + 5);
	if (id < 0)
		return -1;
	if (!rtab_checks[id].configurable)
		return -2;
	opts->level[id] = (unsigned char)(off ? LEVEL_OFF : LEVEL_ON);
	return 1;
}

/* The severity a check reports with in this run, or -1 when it is off. */
static int severity_of(const diag_ctx *d, check_id id)
{
	const diag_options *o = d->opts;
	diag_level level = o ? (diag_level)o->level[id] : LEVEL_DEFAULT;
	severity sev = rtab_checks[id].default_severity;

	if (!rtab_checks[id].configurable)
		return SEV_ERROR;
	if (level == LEVEL_OFF)
		return -1;
	if (id == CHECK_UNIT_MISMATCH)
		return level == LEVEL_ON ? SEV_WARNING : -1; /* game scales differ by design */
	if (id == CHECK_PROVISIONAL) {
		/* Listed by 'check' as notes; -Wprovisional warns, --strict rejects. */
		if (o && o->strict)
			return SEV_ERROR;
		if (level == LEVEL_ON)
			return SEV_WARNING;
		return o && o->list_provisional ? SEV_NOTE : -1;
	}
	return sev;
}

void check_report(model *m, check_id id, src_loc loc, const char *fmt, ...)
{
	strbuf msg = {0}; /* never cut: a message may quote long names and labels */
	va_list ap;
	int sev = severity_of(m->diag, id);
	/* A grid line a syntax error dropped: the lines around it do not match
	 * the header, which the syntax error explains already. */
	if (m->shape_muted && id == CHECK_ROW_SHAPE)
		sev = -1;
	m->note_muted = sev < 0;
	if (sev < 0 && id == CHECK_PROVISIONAL)
		diag_unlisted_add(m->diag, loc);
	if (sev < 0)
		return;
	if (m->cap.table && sev != SEV_NOTE && ++m->cap.shown[id] > CHECK_TABLE_CAP) {
		/* Counted as printed findings are, not printed; nor are its notes. */
		m->cap.hidden[id]++;
		if (sev == SEV_ERROR || (m->diag->opts && m->diag->opts->werror))
			m->diag->errors++;
		else
			m->diag->warnings++;
		m->note_muted = true;
		return;
	}
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	diag_report(m->diag, (severity)sev, rtab_checks[id].name, loc, "%s", msg.data ? msg.data : "");
	sb_free(&msg);
}

void check_cap_begin(model *m, const char *table, src_loc at)
{
	memset(&m->cap, 0, sizeof m->cap);
	m->cap.table = table;
	m->cap.at = at;
}

void check_cap_end(model *m)
{
	for (size_t id = 0; id < CHECK_COUNT_ && m->cap.table; id++)
		if (m->cap.hidden[id])
			diag_report(m->diag, SEV_NOTE, NULL, m->cap.at,
				    "table '%s' has %u more findings of -W%s, not shown: the first %d are above; correct them, and check again",
				    m->cap.table, (unsigned)m->cap.hidden[id], rtab_checks[id].name,
				    CHECK_TABLE_CAP);
	memset(&m->cap, 0, sizeof m->cap);
}

void check_report_diag(diag_ctx *d, check_id id, src_loc loc, const char *fmt, ...)
{
	strbuf msg = {0};
	va_list ap;
	int sev = severity_of(d, id);
	if (sev < 0)
		return;
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	diag_report(d, (severity)sev, rtab_checks[id].name, loc, "%s", msg.data ? msg.data : "");
	sb_free(&msg);
}

void check_report_marked(model *m, check_id id, src_loc loc, const char *fmt, ...)
{
	strbuf msg = {0};
	va_list ap;
	int sev = severity_of(m->diag, id);
	m->note_muted = sev < 0;
	if (sev < 0)
		return;
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	diag_report(m->diag, SEV_NOTE, rtab_checks[id].name, loc, "%s", msg.data ? msg.data : "");
	sb_free(&msg);
}

void check_note(model *m, src_loc loc, const char *fmt, ...)
{
	strbuf msg = {0};
	va_list ap;
	if (m->note_muted)
		return;
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	diag_report(m->diag, SEV_NOTE, NULL, loc, "%s", msg.data ? msg.data : "");
	sb_free(&msg);
}
