/* rtab eval: resolve one roll with the runtime, on the in-memory ruleset. */
#include "cli.h"
#include "load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
	"usage: rtab eval FILE TABLE [--set INPUT=VALUE]... [--drm N] --roll F[,F...]\n"
	"                 [--json] [--locale LOCALE]\n"
	"\n"
	"Resolve one roll on TABLE. --roll gives the natural die faces; --drm adds a\n"
	"modifier computed outside (before the cap); inputs not set take their\n"
	"declared defaults. --json prints one JSON object; --locale picks the\n"
	"language of the labels (default: the ruleset's first locale).\n";

typedef struct eval_args {
	const char *file, *table, *locale;
	const char *sets[64];
	size_t nsets;
	const char *roll;
	long drm;
	int json;
} eval_args;

static bool parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v > 1000000000L || v < -1000000000L)
		return false;
	*out = v;
	return true;
}

static int parse_args(int argc, char **argv, eval_args *a)
{
	size_t npos = 0;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			fputs(help, stdout);
			return -1;
		}
		if (strcmp(arg, "--json") == 0) {
			a->json = 1;
			continue;
		}
		if (strcmp(arg, "--set") == 0 || strcmp(arg, "--drm") == 0 ||
		    strcmp(arg, "--roll") == 0 || strcmp(arg, "--locale") == 0) {
			if (i + 1 == argc)
				return usage_error("eval", "%s needs a value", arg);
			const char *v = argv[++i];
			if (arg[2] == 's') {
				if (a->nsets == sizeof a->sets / sizeof a->sets[0])
					return usage_error("eval", "too many --set options");
				a->sets[a->nsets++] = v;
			} else if (arg[2] == 'd') {
				if (!parse_long(v, &a->drm))
					return usage_error("eval", "--drm needs an integer, not '%s'", v);
			} else if (arg[2] == 'r') {
				a->roll = v;
			} else {
				a->locale = v;
			}
			continue;
		}
		if (arg[0] == '-' && arg[1] && !(arg[1] >= '0' && arg[1] <= '9'))
			return usage_error("eval", "unknown option '%s'", arg);
		if (npos == 0)
			a->file = arg;
		else if (npos == 1)
			a->table = arg;
		else
			return usage_error("eval", "unexpected argument '%s'", arg);
		npos++;
	}
	if (!a->file || !a->table)
		return usage_error("eval", "give a FILE and a TABLE");
	if (!a->roll)
		return usage_error("eval", "give the natural die faces with --roll F[,F...]");
	return 0;
}

static void list_choices(strbuf *sb, const void *base, size_t n, size_t stride)
{
	for (size_t i = 0; i < n; i++) {
		sb_puts(sb, i ? ", " : "");
		sb_puts(sb, *(const char *const *)((const char *)base + i * stride));
	}
}

static int set_input(const rtab_ruleset *rs, int32_t *inputs, const char *set)
{
	const char *eq = strchr(set, '=');
	strbuf sb = {0};
	int rc = EXIT_OK;

	if (!eq)
		return usage_error("eval", "--set takes INPUT=VALUE, not '%s'", set);
	char *name = xstrndup(set, (size_t)(eq - set));
	const char *value = eq + 1;
	int i = rtab_find_input(rs, name);
	if (i < 0) {
		list_choices(&sb, &rs->inputs[0].id, rs->ninputs, sizeof(rtab_input));
		rc = usage_error("eval", "unknown input '%s' (inputs: %s)", name,
				 sb.data ? sb.data : "none");
		goto done;
	}
	const rtab_input *in = &rs->inputs[i];
	long v;
	if (in->type == RTAB_TYPE_ENUM) {
		const rtab_enum *e = &rs->enums[in->enum_index];
		int k = rtab_find_enum_value(e, value);
		if (k < 0) {
			list_choices(&sb, &e->values[0].id, e->nvalues, sizeof(rtab_enum_value));
			rc = usage_error("eval", "'%s' is not a value of input '%s' (values: %s)", value,
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
			rc = usage_error("eval", "input '%s' is true or false, not '%s'", name, value);
	} else if (!parse_long(value, &v) || v < in->min || v > in->max) {
		rc = usage_error("eval", "input '%s' takes an integer in %ld..%ld, not '%s'", name,
				 (long)in->min, (long)in->max, value);
	} else {
		inputs[i] = (int32_t)v;
	}
done:
	sb_free(&sb);
	free(name);
	return rc;
}

static int parse_faces(const char *roll, int32_t *faces, size_t *nfaces)
{
	const char *p = roll;
	*nfaces = 0;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (end == p || errno || v < -100000 || v > 100000 || (*end && *end != ','))
			return usage_error("eval", "--roll takes die faces like 3 or 6,6, not '%s'", roll);
		if (*nfaces == RTAB_MAX_FACES)
			return usage_error("eval", "--roll takes at most %d faces", RTAB_MAX_FACES);
		faces[(*nfaces)++] = (int32_t)v;
		if (!*end)
			return EXIT_OK;
		p = end + 1;
	}
}

static void json_labels(strbuf *o, const rtab_ruleset *rs, rtab_labels l, size_t locale)
{
	const char *s = rtab_label(rs, l, locale);
	if (s)
		sb_put_json_string(o, s);
	else
		sb_puts(o, "null");
}

static void effect_arg(strbuf *o, const rtab_ruleset *rs, const rtab_effect *e, size_t a, bool json)
{
	const rtab_param *p = &rs->effect_kinds[e->kind].params[a];
	if (p->enum_index >= 0) {
		const char *id = rs->enums[p->enum_index].values[e->args[a]].id;
		if (json)
			sb_put_json_string(o, id);
		else
			sb_puts(o, id);
	} else {
		sb_printf(o, "%ld", (long)e->args[a]);
	}
}

static void print_json(strbuf *o, const rtab_ruleset *rs, const rtab_result *r,
		       const int32_t *faces, size_t nfaces, size_t locale)
{
	const rtab_table *t = &rs->tables[r->table];
	const rtab_row *row = &t->rows[r->row];
	const rtab_outcome *out = &rs->outcomes[r->outcome];

	sb_puts(o, "{\"ruleset\": ");
	sb_put_json_string(o, rs->id);
	sb_puts(o, ", \"table\": ");
	sb_put_json_string(o, t->id);
	sb_puts(o, ", \"column\": ");
	sb_put_json_string(o, t->columns[r->column].id);
	sb_puts(o, ", \"faces\": [");
	for (size_t i = 0; i < nfaces; i++)
		sb_printf(o, "%s%ld", i ? ", " : "", (long)faces[i]);
	sb_printf(o, "], \"natural\": %ld, \"modifier_raw\": %ld, \"modifier\": %ld, "
		     "\"modified_roll\": %ld, \"applied\": [",
		  (long)r->natural, (long)r->modifier_raw, (long)r->modifier, (long)r->modified_roll);
	for (size_t i = 0; i < r->napplied; i++) {
		const rtab_modifier *m = &rs->modifiers[r->applied[i].modifier];
		sb_puts(o, i ? ", {\"modifier\": " : "{\"modifier\": ");
		sb_put_json_string(o, m->id);
		sb_printf(o, ", \"value\": %ld, \"rule\": ", (long)r->applied[i].value);
		if (m->rule)
			sb_put_json_string(o, m->rule);
		else
			sb_puts(o, "null");
		sb_puts(o, "}");
	}
	sb_puts(o, "], \"outcome\": ");
	sb_put_json_string(o, out->id);
	sb_puts(o, ", \"label\": ");
	json_labels(o, rs, out->labels, locale);
	sb_puts(o, ", \"rule\": ");
	if (row->rule)
		sb_put_json_string(o, row->rule);
	else
		sb_puts(o, "null");
	sb_puts(o, ", \"provisional\": ");
	if (r->provisional)
		sb_put_json_string(o, r->provisional);
	else
		sb_puts(o, "null");
	sb_puts(o, ", \"effects\": [");
	for (size_t i = 0; i < out->neffects; i++) {
		const rtab_effect *e = &out->effects[i];
		sb_puts(o, i ? ", {\"effect\": " : "{\"effect\": ");
		sb_put_json_string(o, rs->effect_kinds[e->kind].id);
		sb_puts(o, ", \"args\": [");
		for (size_t a = 0; a < e->nargs; a++) {
			sb_puts(o, a ? ", " : "");
			effect_arg(o, rs, e, a, true);
		}
		sb_puts(o, "]}");
	}
	sb_puts(o, "], \"triggers\": [");
	for (size_t i = 0; i < out->ntriggers; i++) {
		sb_puts(o, i ? ", " : "");
		sb_put_json_string(o, rs->tables[out->triggers[i]].id);
	}
	sb_puts(o, "]}\n");
}

static void print_text(strbuf *o, const rtab_ruleset *rs, const rtab_result *r, size_t locale)
{
	const rtab_table *t = &rs->tables[r->table];
	const rtab_row *row = &t->rows[r->row];
	const rtab_outcome *out = &rs->outcomes[r->outcome];
	const char *label = rtab_label(rs, out->labels, locale);

	sb_printf(o, "table:         %s", t->id);
	if (t->rule)
		sb_printf(o, " (rule %s)", t->rule);
	if (t->column_input >= 0)
		sb_printf(o, ", column %s", t->columns[r->column].id);
	sb_printf(o, "\nnatural roll:  %ld\n", (long)r->natural);
	for (size_t i = 0; i < r->napplied; i++) {
		const rtab_modifier *m = &rs->modifiers[r->applied[i].modifier];
		sb_printf(o, "modifier:      %+ld %s", (long)r->applied[i].value, m->id);
		if (m->rule)
			sb_printf(o, " (rule %s)", m->rule);
		sb_putc(o, '\n');
	}
	sb_printf(o, "total DRM:     %+ld", (long)r->modifier_raw);
	if (t->capped && r->modifier != r->modifier_raw)
		sb_printf(o, ", capped to %+ld (cap %ld..%ld)", (long)r->modifier, (long)t->cap_min,
			  (long)t->cap_max);
	sb_printf(o, "\nmodified roll: %ld\n", (long)r->modified_roll);
	sb_printf(o, "outcome:       %s", out->id);
	if (label)
		sb_printf(o, " \"%s\"", label);
	if (row->rule)
		sb_printf(o, " (rule %s)", row->rule);
	sb_putc(o, '\n');
	if (r->provisional)
		sb_printf(o, "provisional:   %s\n", r->provisional);
	for (size_t i = 0; i < out->neffects; i++) {
		const rtab_effect *e = &out->effects[i];
		sb_printf(o, "effect:        %s(", rs->effect_kinds[e->kind].id);
		for (size_t a = 0; a < e->nargs; a++) {
			sb_puts(o, a ? ", " : "");
			effect_arg(o, rs, e, a, false);
		}
		sb_puts(o, ")\n");
	}
	for (size_t i = 0; i < out->ntriggers; i++)
		sb_printf(o, "then resolve:  %s\n", rs->tables[out->triggers[i]].id);
}

int cmd_eval(int argc, char **argv)
{
	eval_args a = {0};
	loaded l;
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces = 0, locale = 0;
	int32_t *inputs = NULL;
	int status = parse_args(argc, argv, &a);

	if (status)
		return status < 0 ? EXIT_OK : status;
	if (!load_file(&l, a.file, stderr)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	strbuf sb = {0};
	int t = rtab_find_table(rs, a.table);
	if (t < 0) {
		list_choices(&sb, &rs->tables[0].id, rs->ntables, sizeof(rtab_table));
		status = usage_error("eval", "no table '%s' in %s (tables: %s)", a.table, a.file,
				     sb.data ? sb.data : "none");
		goto done;
	}
	if (a.locale) {
		int k = rtab_find_locale(rs, a.locale);
		if (k < 0) {
			status = usage_error("eval", "ruleset '%s' has no locale '%s'", rs->id, a.locale);
			goto done;
		}
		locale = (size_t)k;
	}
	inputs = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *inputs);
	rtab_inputs_default(rs, inputs, rs->ninputs);
	for (size_t i = 0; i < a.nsets && status == EXIT_OK; i++)
		status = set_input(rs, inputs, a.sets[i]);
	if (status == EXIT_OK)
		status = parse_faces(a.roll, faces, &nfaces);
	if (status != EXIT_OK)
		goto done;

	rtab_result r;
	int rc = rtab_resolve(rs, (size_t)t, inputs, rs->ninputs, faces, nfaces, (int32_t)a.drm, &r);
	if (rc == RTAB_E_FACES) {
		const rtab_dice *d = &rs->dice[rs->tables[t].dice];
		status = usage_error("eval", "table '%s' rolls %s: give %u face%s, each within %d..%d",
				     a.table, d->id, d->nfaces, d->nfaces == 1 ? "" : "s",
				     d->groups[0].face_min, d->groups[0].face_max);
		goto done;
	}
	if (rc != RTAB_OK) {
		fprintf(stderr, "rtab eval: %s: %s\n", a.table, rtab_status_message(rc));
		status = EXIT_INPUT;
		goto done;
	}
	if (a.json)
		print_json(&sb, rs, &r, faces, nfaces, locale);
	else
		print_text(&sb, rs, &r, locale);
	fputs(sb.data, stdout);
done:
	sb_free(&sb);
	free(inputs);
	loaded_free(&l);
	return status;
}
