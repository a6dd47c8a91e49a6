/* SPDX-License-Identifier: MIT */
/* What several verbs parse alike: integers, --set INPUT=VALUE, lists of names. */
#include "cli/cli_inputs.h"

#include "base/msg.h"

#include "cli/cli.h"
#include "check/proofs/drm_modifier.h"
#include "text/value_text.h"
#include <ctype.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool cli_parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v > 1000000000L || v < -1000000000L)
		return false;
	*out = v;
	return true;
}

bool cli_parse_exact(const char *s, int32_t scale, int32_t *out)
{
	int64_t whole = 0, num = 0, den = 1, sc = scale > 1 ? scale : 1;
	const char *p = s;
	bool neg = *p == '-', digits = false;
	if (*p == '-' || *p == '+')
		p++;
	for (; *p >= '0' && *p <= '9'; p++, digits = true)
		if ((whole = whole * 10 + (*p - '0')) > 1000000000)
			return false;
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, digits = true) {
			if (den >= 1000000000)
				return false;
			num = num * 10 + (*p - '0');
			den *= 10;
		}
	}
	if (!digits || *p)
		return false;
	/* (whole + num/den) * sc must be whole */
	if ((num * sc) % den != 0)
		return false;
	int64_t v = whole * sc + num * sc / den;
	if (v > INT32_MAX)
		return false;
	*out = (int32_t)(neg ? -v : v);
	return true;
}

int cli_sets_add(const char *verb, cli_sets *s, const char *value)
{
	if (s->n == sizeof s->sets / sizeof s->sets[0])
		return usage_error(verb, "too many --set options");
	s->sets[s->n++] = value;
	return EXIT_OK;
}

/* The length input of a list whose field "LIST.FIELD" names, and the field's index in an item; -1 if none. */
static int list_field_of(const rtab_ruleset *rs, const char *name, size_t *field)
{
	const char *dot = strchr(name, '.');
	if (!dot || strchr(name, '['))
		return -1;
	char *list = xstrndup(name, (size_t)(dot - name));
	int len = rtab_find_input(rs, list);
	free(list);
	if (len < 0 || rs->inputs[len].list_role != RTAB_LIST_LENGTH)
		return -1;
	for (size_t k = (size_t)len + 1; k < rs->ninputs && rs->inputs[k].list_role == RTAB_LIST_FIELD &&
					 rs->inputs[k].list_item == 1; k++)
		if (strcmp(rs->inputs[k].list_field, dot + 1) == 0) {
			*field = k - (size_t)len - 1;
			return len;
		}
	return -1;
}

/* How many fields an item of the list whose length is input len has. */
static size_t list_fields(const rtab_ruleset *rs, int len)
{
	size_t n = 0;
	while ((size_t)len + 1 + n < rs->ninputs && rs->inputs[len + 1 + n].list_role == RTAB_LIST_FIELD &&
	       rs->inputs[len + 1 + n].list_item == 1)
		n++;
	return n;
}

/* --set LIST.FIELD=V1,V2,...: the list's length becomes the number of values
 * (set items one by one with --set LIST[I].FIELD=V and its length with --set LIST=N). */
static int set_list_field(const char *verb, const rtab_ruleset *rs, int32_t *inputs, uint8_t *set,
			  int len, size_t field, const char *name, const char *values)
{
	size_t nf = list_fields(rs, len), n = 1;
	for (const char *c = values; *c; c++)
		n += *c == ',';
	if (n < (size_t)rs->inputs[len].min || n > (size_t)rs->inputs[len].max)
		return usage_error(verb, "list '%s' holds %ld..%ld items, not the %zu given for '%s'",
				   rs->inputs[len].id, (long)rs->inputs[len].min,
				   (long)rs->inputs[len].max, n, name);
	if (set[len] && inputs[len] != (int32_t)n)
		return usage_error(verb, "'%s' gives %zu items, but list '%s' was set to %ld",
				   name, n, rs->inputs[len].id, (long)inputs[len]);
	inputs[len] = (int32_t)n;
	set[len] = 1;
	const char *p = values;
	for (size_t i = 0; i < n; i++) {
		const char *end = strchr(p, ',');
		size_t slot = (size_t)len + 1 + i * nf + field;
		char *one = xstrdup(rs->inputs[slot].id);
		char *v = end ? xstrndup(p, (size_t)(end - p)) : xstrdup(p);
		size_t sz = strlen(one) + strlen(v) + 2;
		char *item = xcalloc(sz, 1);
		snprintf(item, sz, "%s=%s", one, v);
		int rc = cli_set_input(verb, rs, inputs, item);
		free(item);
		free(v);
		free(one);
		if (rc != EXIT_OK)
			return rc;
		set[slot] = 1;
		p = end ? end + 1 : p + strlen(p);
	}
	return EXIT_OK;
}

int cli_sets_inputs(const char *verb, const rtab_ruleset *rs, const cli_sets *s, int32_t **out)
{
	int32_t *inputs = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *inputs);
	uint8_t *set = xcalloc(rs->ninputs ? rs->ninputs : 1, 1);
	int status = EXIT_OK;
	*out = inputs;
	rtab_inputs_default(rs, inputs, rs->ninputs);
	for (size_t i = 0; i < s->n && status == EXIT_OK; i++) {
		const char *eq = strchr(s->sets[i], '=');
		char *name = eq ? xstrndup(s->sets[i], (size_t)(eq - s->sets[i])) : NULL;
		size_t field;
		int len = name ? list_field_of(rs, name, &field) : -1;
		if (len >= 0) {
			status = set_list_field(verb, rs, inputs, set, len, field, name, eq + 1);
		} else {
			status = cli_set_input(verb, rs, inputs, s->sets[i]);
			int k = name ? rtab_find_input(rs, name) : -1;
			if (k >= 0)
				set[k] = 1;
		}
		free(name);
	}
	/* An item set past its list's length would be silently ignored: say so. */
	for (size_t k = 0; k < rs->ninputs && status == EXIT_OK; k++) {
		const rtab_input *in = &rs->inputs[k];
		if (set[k] && in->list_role == RTAB_LIST_FIELD && in->list_item > inputs[in->list_length])
			status = usage_error(verb,
					     "'%s' is set, but list '%s' holds %ld item%s; set --set %s=%u "
					     "(or give the whole field: --set %s.%s=V1,V2,...)",
					     in->id, rs->inputs[in->list_length].id,
					     (long)inputs[in->list_length],
					     inputs[in->list_length] == 1 ? "" : "s",
					     rs->inputs[in->list_length].id, in->list_item,
					     rs->inputs[in->list_length].id, in->list_field);
	}
	free(set);
	return status;
}

int cli_set_input(const char *verb, const rtab_ruleset *rs, int32_t *inputs, const char *set)
{
	const char *eq = strchr(set, '=');
	strbuf sb = {0};
	int rc = EXIT_OK;

	if (!eq)
		return usage_error(verb, "--set takes INPUT=VALUE, not '%s'", set);
	char *name = xstrndup(set, (size_t)(eq - set));
	const char *value = eq + 1;
	int i = rtab_find_input(rs, name);
	if (i < 0) {
		const char *open = strchr(name, '[');
		char *base = open ? xstrndup(name, (size_t)(open - name)) : NULL;
		int len = base ? rtab_find_input(rs, base) : -1;
		if (len >= 0 && rs->inputs[len].list_role == RTAB_LIST_LENGTH) {
			long item = strtol(open + 1, NULL, 10);
			if (item < 1 || item > rs->inputs[len].max)
				rc = usage_error(verb, "'%s': list '%s' holds items 1..%ld; item %ld is out of range",
						 name, base, (long)rs->inputs[len].max, item);
			else
				rc = usage_error(verb, "'%s': the items of list '%s' have no such field", name, base);
			free(base);
			goto done;
		}
		free(base);
		/* The inputs, a list as LIST and LIST.FIELD rather than each item's field. */
		for (size_t k = 0; k < rs->ninputs; k++) {
			const rtab_input *in = &rs->inputs[k];
			if (in->list_role == RTAB_LIST_FIELD && in->list_item != 1)
				continue;
			sb_puts(&sb, sb.len ? ", " : "");
			if (in->list_role == RTAB_LIST_FIELD)
				sb_printf(&sb, "%s.%s", rs->inputs[in->list_length].id, in->list_field);
			else
				sb_puts(&sb, in->id);
		}
		rc = usage_error(verb, "unknown input '%s' (inputs: %s)", name,
				 sb.data ? sb.data : "none");
		goto done;
	}
	const rtab_input *in = &rs->inputs[i];
	long v;
	if (in->type == RTAB_TYPE_ENUM) {
		const rtab_enum *e = &rs->enums[in->enum_index];
		int k = rtab_find_enum_value(e, value);
		if (k < 0) {
			sb_join_ids(&sb, &e->values[0].id, e->nvalues, sizeof(rtab_enum_value));
			rc = usage_error(verb, "'%s' is not a value of input '%s' (values: %s)", value,
					 name, sb.data);
			goto done;
		}
		inputs[i] = k;
	} else if (in->type == RTAB_TYPE_BOOL) {
		if (strcmp(value, "true") == 0 || strcmp(value, "1") == 0)
			inputs[i] = 1;
		else if (strcmp(value, "false") == 0 || strcmp(value, "0") == 0)
			inputs[i] = 0;
		else
			rc = usage_error(verb, "input '%s' is true or false, not '%s'", name, value);
	} else if (in->step > 0) {
		int32_t x;
		char lo[32], hi[32], step[32];
		rtab_format_exact(in->min, rs->scale, lo, sizeof lo);
		rtab_format_exact(in->max, rs->scale, hi, sizeof hi);
		rtab_format_exact(in->step, rs->scale, step, sizeof step);
		if (!cli_parse_exact(value, rs->scale, &x) || x < in->min || x > in->max ||
		    (x - in->min) % in->step != 0)
			rc = usage_error(verb, "input '%s' takes a number in %s..%s by %s, not '%s'", name,
					 lo, hi, step, value);
		else
			inputs[i] = x;
	} else if (!cli_parse_long(value, &v) || v < in->min || v > in->max) {
		strbuf dom = {0}; /* "int 0..40", "int >= 0", "int" */
		export_int_domain(&dom, in->min, in->max);
		rc = usage_error(verb, "input '%s' takes an integer%s%s, not '%s'", name,
				 export_open_below(in->min) || export_open_above(in->max) ? "" : " in",
				 dom.data + 3, value);
		sb_free(&dom);
	} else {
		inputs[i] = (int32_t)v;
	}
done:
	sb_free(&sb);
	free(name);
	return rc;
}

int cli_locale(const char *verb, const rtab_ruleset *rs, const char *locale, const char *missing,
	       size_t *out)
{
	int status = cli_locale_find(verb, rs, locale, missing, out);
	/* The headings follow the labels, where the catalogue has them. */
	if (status == EXIT_OK && locale)
		msg_use_locale(locale);
	return status;
}

int cli_locale_find(const char *verb, const rtab_ruleset *rs, const char *locale, const char *missing,
		    size_t *out)
{
	*out = 0;
	if (!locale)
		return EXIT_OK;
	int k = rtab_find_locale(rs, locale);
	if (k >= 0) {
		*out = (size_t)k;
		return EXIT_OK;
	}
	strbuf have = {0};
	for (size_t i = 0; i < rs->nlocales; i++)
		sb_printf(&have, "%s%s", i ? ", " : "", rs->locales[i]);
	int status = missing ? usage_error(verb, "%s '%s'; the accepted locales: %s", missing, locale,
					   have.data ? have.data : "none")
			     : usage_error(verb, "ruleset '%s' has no locale '%s'; the accepted locales: %s",
					   rs->id, locale, have.data ? have.data : "none");
	sb_free(&have);
	return status;
}

int cli_step_drm(const char *verb, const rtab_ruleset *rs, size_t t, long drm)
{
	strbuf why = {0};
	int status = drm_counts_at_step(rs, t, drm, &why) ? EXIT_OK : usage_error(verb, "%s", why.data);
	sb_free(&why);
	return status;
}

bool cli_drm_is_name(const char *value)
{
	return value[0] == '_' || isalpha((unsigned char)value[0]);
}

int cli_drm_modifier(const char *verb, const rtab_ruleset *rs, size_t t, const char *name,
		     const char *file, int *forced)
{
	strbuf why = {0};
	*forced = drm_modifier_named(rs, t, name, file, &why);
	int status = *forced >= 0 ? EXIT_OK : usage_error(verb, "%s", why.data);
	sb_free(&why);
	return status;
}
