/* SPDX-License-Identifier: MIT */
/* Rolls and column steps as a printed table shows them. */
#include "check/passes/table_text.h"
#include "front/key_kinds.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void format_rolls(char *buf, size_t n, int64_t lo, int64_t hi)
{
	if (lo == INT64_MIN && hi == INT64_MAX)
		snprintf(buf, n, "any");
	else if (lo == INT64_MIN)
		snprintf(buf, n, "<=%lld", (long long)hi);
	else if (hi == INT64_MAX)
		snprintf(buf, n, ">=%lld", (long long)lo);
	else if (lo == hi)
		snprintf(buf, n, "%lld", (long long)lo);
	else
		snprintf(buf, n, "%lld-%lld", (long long)lo, (long long)hi);
}

/* "1.5:1", "1:4", "1:2.5" as printed where the terms allow, else "3:7". */
void format_step(char *buf, size_t n, const rtab_table *t, int64_t num, int64_t den)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_VALUE:
		snprintf(buf, n, num > 0 ? "+%lld" : "%lld", (long long)num);
		return;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_INPUT: /* a threshold's odds (format_named_column) */
	case RTAB_KEY_ENUM:
		break;
	}
	bool up = num >= den;
	int64_t a = up ? num : den, b = up ? den : num;
	/* a/b as an exact decimal with at most three places, when it is one. */
	for (int places = 0, scale = 1; places <= 3 && b > 0; places++, scale *= 10) {
		if ((a * scale) % b != 0)
			continue;
		int64_t v = a * scale / b;
		char dec[48];
		if (places == 0)
			snprintf(dec, sizeof dec, "%lld", (long long)v);
		else
			snprintf(dec, sizeof dec, "%lld.%0*lld", (long long)(v / scale), places,
				 (long long)(v % scale));
		snprintf(buf, n, up ? "%s:1" : "1:%s", dec);
		return;
	}
	snprintf(buf, n, "%lld:%lld", (long long)num, (long long)den);
}

void format_threshold(char *buf, size_t n, int64_t num, int64_t den)
{
	for (int places = 0, scale = 1; places <= 3 && den > 0; places++, scale *= 10) {
		if ((num * scale) % den != 0)
			continue;
		int64_t v = num * scale / den;
		if (places == 0)
			snprintf(buf, n, "%lld", (long long)v);
		else
			snprintf(buf, n, "%lld.%0*lld", (long long)(v / scale), places, (long long)(v % scale));
		return;
	}
	snprintf(buf, n, "%lld/%lld", (long long)num, (long long)den);
}

void format_named_column(char *buf, size_t n, const rtab_table *t, const ast_cell *c)
{
	rtab_table odds = {.key_kind = RTAB_KEY_ODDS};
	bool value = false;
	switch (table_key_kind(t)) {
	case RTAB_KEY_VALUE:
		value = true;
		break;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		break;
	}
	if (c->kind == CELL_NAME)
		snprintf(buf, n, "%s", c->name);
	else if (c->kind == CELL_RATIO)
		format_step(buf, n, &odds, c->lo, c->hi);
	else if (value)
		format_step(buf, n, t, c->lo, 1);
	else
		snprintf(buf, n, "%lld", (long long)c->lo);
}

bool column_has_name(const rtab_table *t, const rtab_column *col, const ast_cell *c)
{
	char id[96];
	format_named_column(id, sizeof id, t, c);
	if (col->id && strcmp(col->id, id) == 0)
		return true;
	switch (table_key_kind(t)) {
	case RTAB_KEY_VALUE: /* a value column is kept as printed (34..50): name it by where it starts */
		return c->kind == CELL_RANGE && col->kind == RTAB_COLUMN_ROLLED &&
		       col->step_num == (c->lo == INT64_MIN ? c->hi : c->lo);
	case RTAB_KEY_ODDS:
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		break;
	}
	return false;
}
