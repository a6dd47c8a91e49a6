/* What several verbs parse alike: integers, --set INPUT=VALUE, lists of names. */
#include "cli_inputs.h"

#include "cli.h"

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

void cli_list_choices(strbuf *sb, const void *base, size_t n, size_t stride)
{
	for (size_t i = 0; i < n; i++) {
		sb_puts(sb, sb->len ? ", " : "");
		sb_puts(sb, *(const char *const *)((const char *)base + i * stride));
	}
}

int cli_sets_add(const char *verb, cli_sets *s, const char *value)
{
	if (s->n == sizeof s->sets / sizeof s->sets[0])
		return usage_error(verb, "too many --set options");
	s->sets[s->n++] = value;
	return EXIT_OK;
}

int cli_sets_inputs(const char *verb, const rtab_ruleset *rs, const cli_sets *s, int32_t **out)
{
	int32_t *inputs = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *inputs);
	int status = EXIT_OK;
	*out = inputs;
	rtab_inputs_default(rs, inputs, rs->ninputs);
	for (size_t i = 0; i < s->n && status == EXIT_OK; i++)
		status = cli_set_input(verb, rs, inputs, s->sets[i]);
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
		cli_list_choices(&sb, &rs->inputs[0].id, rs->ninputs, sizeof(rtab_input));
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
			cli_list_choices(&sb, &e->values[0].id, e->nvalues, sizeof(rtab_enum_value));
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
		rc = usage_error(verb, "input '%s' takes an integer in %ld..%ld, not '%s'", name,
				 (long)in->min, (long)in->max, value);
	} else {
		inputs[i] = (int32_t)v;
	}
done:
	sb_free(&sb);
	free(name);
	return rc;
}

int cli_locale(const char *verb, const rtab_ruleset *rs, const char *locale, size_t *out)
{
	*out = 0;
	if (!locale)
		return EXIT_OK;
	int k = rtab_find_locale(rs, locale);
	if (k < 0)
		return usage_error(verb, "ruleset '%s' has no locale '%s'", rs->id, locale);
	*out = (size_t)k;
	return EXIT_OK;
}
