/* Conditions, effects and triggers in a card's words (see aid_words.h). */
#include "export/aid_words.h"

#include "base/msg.h"
#include "base/unit_words.h"

#include <stdlib.h>
#include <string.h>

#define MINUS "\xE2\x88\x92" /* U+2212 */

const char *aid_word(const export_ctx *c, size_t slot, rtab_labels l, const char *fallback)
{
	const char *s = export_label(c, l, slot);
	if (!*s && c->nlocales > 1)
		s = export_label(c, l, slot ? 0 : 1);
	return *s ? s : fallback;
}

/* ---- a program in words ---- */

/* How tightly a phrase binds: an operand binding less is put in brackets. */
enum { W_OR = 1, W_AND, W_NOT, W_CMP, W_ADD, W_MUL, W_ATOM };

typedef struct phrase {
	char *text;
	int bind;
	int input;    /* a bare input: its index, else -1 */
	bool literal; /* a bare constant: value */
	int32_t value;
} phrase;

typedef struct words {
	const export_ctx *c;
	size_t slot;
	phrase stack[RTAB_MAX_EXPR_STACK * 2];
	size_t sp;
	bool bad;
} words;

static void push(words *w, phrase p)
{
	if (w->sp == sizeof w->stack / sizeof w->stack[0]) {
		free(p.text);
		w->bad = true;
		return;
	}
	w->stack[w->sp++] = p;
}

static phrase pop(words *w)
{
	if (!w->sp) {
		w->bad = true;
		return (phrase){xstrdup("?"), W_ATOM, -1, false, 0};
	}
	return w->stack[--w->sp];
}

static const rtab_input *input_of(const words *w, int i)
{
	return i >= 0 && (size_t)i < w->c->rs->ninputs ? &w->c->rs->inputs[i] : NULL;
}

static void put_number(strbuf *sb, long v)
{
	sb_printf(sb, v < 0 ? MINUS "%ld" : "%ld", v < 0 ? -v : v);
}

/* The ruleset's own words for unit in locale l of the aid, form by form
 * ("шаг|шага|шагов"), or NULL. */
static const char *ruleset_unit_words(const rtab_ruleset *rs, size_t l, const char *unit)
{
	for (size_t i = 0; i < rs->nunits && l < rs->nlocales; i++)
		if (strcmp(rs->units[i].id, unit) == 0)
			return rs->units[i].labels ? rs->units[i].labels[l] : NULL;
	return NULL;
}

/* n of unit in the words of the aid's language (the ruleset's locale of its
 * slot), in the form the number takes there (base/plural.h). */
static void put_quantity(strbuf *sb, const export_ctx *c, size_t slot, long n, const char *unit)
{
	put_number(sb, n);
	sb_putc(sb, ' ');
	/* The catalogue's words in the language the aid of slot is built in (aid.c). */
	unit_after_number(sb, c->words, c->rs->locales[c->locales[slot]], n, unit,
			  ruleset_unit_words(c->rs, c->locales[slot], unit));
}

void aid_count_words(strbuf *sb, const export_ctx *c, size_t slot, long long n, const char *n_text,
		     const char *unit)
{
	unit_count(sb, c->words, c->rs->locales[c->locales[slot]], n, n_text, unit,
		   ruleset_unit_words(c->rs, c->locales[slot], unit));
}

/* A constant as a value of input in (its enum value's label, yes or no), else a
 * number, followed by the input's unit in the reader's words ("6 inches"). */
static void put_value(strbuf *sb, const words *w, const rtab_input *in, int32_t v)
{
	const rtab_ruleset *rs = w->c->rs;
	if (in && in->type == RTAB_TYPE_ENUM && in->enum_index >= 0 && in->enum_index < rs->nenums &&
	    v >= 0 && v < rs->enums[in->enum_index].nvalues) {
		const rtab_enum_value *ev = &rs->enums[in->enum_index].values[v];
		sb_puts(sb, aid_word(w->c, w->slot, ev->labels, ev->id));
	} else if (in && in->type == RTAB_TYPE_BOOL && (v == 0 || v == 1)) {
		sb_puts(sb, v ? msg_in(w->c->words, "yes") : msg_in(w->c->words, "no"));
	} else if (in && in->unit && !in->step) {
		put_quantity(sb, w->c, w->slot, v, in->unit);
	} else {
		put_number(sb, v);
	}
}

static void put_operand(strbuf *sb, const phrase *p, int bind)
{
	if (p->bind < bind)
		sb_printf(sb, "(%s)", p->text);
	else
		sb_puts(sb, p->text);
}

/* A comparison of an input with one of its values: "Ground: Woods",
 * "Ground: not Woods", "Charge orders", "not Charge orders"; else NULL. */
static char *compare_value(const words *w, int op, const phrase *a, const phrase *b)
{
	const rtab_input *in = input_of(w, a->input);
	if (!in || !b->literal || (op != RTAB_OP_EQ && op != RTAB_OP_NE))
		return NULL;
	strbuf sb = {0};
	bool is = op == RTAB_OP_EQ;
	if (in->type == RTAB_TYPE_BOOL && (b->value == 0 || b->value == 1)) {
		if (is == (b->value == 1))
			sb_puts(&sb, a->text);
		else
			sb_printf(&sb, msg_in(w->c->words, "not %s"), a->text);
	} else if (in->type == RTAB_TYPE_ENUM) {
		strbuf v = {0};
		put_value(&v, w, in, b->value);
		sb_printf(&sb, "%s: ", a->text);
		sb_printf(&sb, is ? "%s" : msg_in(w->c->words, "not %s"), v.data);
		sb_free(&v);
	} else {
		return NULL;
	}
	return sb.data;
}

static void infix(words *w, int op)
{
	static const struct {
		int op, bind;
		const char *sign;
	} ops[] = {
		{RTAB_OP_ADD, W_ADD, " + "},		  {RTAB_OP_SUB, W_ADD, " " MINUS " "},
		{RTAB_OP_MUL, W_MUL, " \xC3\x97 "},	  {RTAB_OP_EQ, W_CMP, " = "},
		{RTAB_OP_NE, W_CMP, " \xE2\x89\xA0 "},	  {RTAB_OP_LT, W_CMP, " < "},
		{RTAB_OP_LE, W_CMP, " \xE2\x89\xA4 "},	  {RTAB_OP_GT, W_CMP, " > "},
		{RTAB_OP_GE, W_CMP, " \xE2\x89\xA5 "},
	};
	phrase b = pop(w), a = pop(w);
	char *said = compare_value(w, op, &a, &b);
	if (!said)
		said = compare_value(w, op, &b, &a);
	if (said) {
		push(w, (phrase){said, W_CMP, -1, false, 0});
		goto done;
	}
	strbuf sb = {0};
	if (op == RTAB_OP_AND || op == RTAB_OP_OR) {
		int bind = op == RTAB_OP_AND ? W_AND : W_OR;
		strbuf l = {0}, r = {0};
		put_operand(&l, &a, bind);
		put_operand(&r, &b, bind);
		sb_printf(&sb,
			  op == RTAB_OP_AND ? msg_in(w->c->words, "%s and %s")
					    : msg_in(w->c->words, "%s or %s"),
			  l.data, r.data);
		sb_free(&l);
		sb_free(&r);
		push(w, (phrase){sb.data, bind, -1, false, 0});
		goto done;
	}
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		if (ops[i].op != op)
			continue;
		int right = ops[i].bind == W_CMP ? W_ADD : ops[i].bind + (op == RTAB_OP_SUB);
		put_operand(&sb, &a, ops[i].bind == W_CMP ? W_ADD : ops[i].bind);
		sb_puts(&sb, ops[i].sign);
		if (b.literal && ops[i].bind == W_CMP)
			put_value(&sb, w, input_of(w, a.input), b.value);
		else
			put_operand(&sb, &b, right);
		push(w, (phrase){sb.data, ops[i].bind, -1, false, 0});
		goto done;
	}
	w->bad = true;
done:
	free(a.text);
	free(b.text);
}

bool aid_expr_words(strbuf *sb, const export_ctx *c, size_t slot, const rtab_expr *e, int as_input)
{
	words w = {.c = c, .slot = slot};
	for (size_t i = 0; i < e->ninstrs && !w.bad; i++) {
		const rtab_instr *in = &e->instrs[i];
		strbuf t = {0};
		switch ((rtab_op)in->op) {
		case RTAB_OP_CONST:
			put_number(&t, in->arg);
			push(&w, (phrase){t.data ? t.data : xstrdup(""), W_ATOM, -1, true, in->arg});
			break;
		case RTAB_OP_INPUT: {
			const rtab_input *x = input_of(&w, in->arg);
			if (!x || x->list_role) { /* a list's item reads as its aggregate, which words do not say */
				w.bad = true;
				break;
			}
			push(&w, (phrase){xstrdup(aid_word(c, slot, x->labels, x->id)), W_ATOM, in->arg, false, 0});
			break;
		}
		case RTAB_OP_NOT: {
			phrase a = pop(&w);
			strbuf o = {0};
			put_operand(&o, &a, W_NOT);
			sb_printf(&t, msg_in(c->words, "not %s"), o.data);
			sb_free(&o);
			free(a.text);
			push(&w, (phrase){t.data, W_NOT, -1, false, 0});
			break;
		}
		case RTAB_OP_NEG: {
			phrase a = pop(&w);
			sb_puts(&t, MINUS);
			put_operand(&t, &a, W_ATOM);
			free(a.text);
			push(&w, (phrase){t.data, W_ATOM, -1, false, 0});
			break;
		}
		case RTAB_OP_ADD: case RTAB_OP_SUB: case RTAB_OP_MUL: case RTAB_OP_EQ: case RTAB_OP_NE:
		case RTAB_OP_LT: case RTAB_OP_LE: case RTAB_OP_GT: case RTAB_OP_GE: case RTAB_OP_AND:
		case RTAB_OP_OR:
			infix(&w, in->op);
			break;
		default: /* lookups, aggregates, branches, exact numbers */
			w.bad = true;
			break;
		}
	}
	bool ok = !w.bad && w.sp == 1;
	if (ok) {
		phrase *p = &w.stack[0];
		if (p->literal && as_input >= 0)
			put_value(sb, &w, input_of(&w, as_input), p->value);
		else
			sb_puts(sb, p->text);
	}
	for (size_t i = 0; i < w.sp; i++)
		free(w.stack[i].text);
	return ok;
}

/* ---- effects and triggers ---- */

void aid_effect_words(strbuf *sb, const export_ctx *c, size_t slot, const rtab_effect *e)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_effect_kind *k = &rs->effect_kinds[e->kind];
	sb_puts(sb, aid_word(c, slot, k->labels, k->id));
	for (size_t a = 0; a < e->nargs; a++) {
		const rtab_param *p = a < k->nparams ? &k->params[a] : NULL;
		sb_puts(sb, a ? ", " : " (");
		if (p && p->enum_index >= 0 && p->enum_index < rs->nenums && e->args[a] >= 0 &&
		    e->args[a] < rs->enums[p->enum_index].nvalues) {
			const rtab_enum_value *v = &rs->enums[p->enum_index].values[e->args[a]];
			sb_puts(sb, aid_word(c, slot, v->labels, v->id));
		} else {
			if (p && p->unit && e->args[a] == 0) /* "no hexes", not "0 hexes" */
				aid_count_words(sb, c, slot, 0, "0", p->unit);
			else if (p && p->unit)
				put_quantity(sb, c, slot, e->args[a], p->unit);
			else
				put_number(sb, e->args[a]);
		}
	}
	if (e->nargs)
		sb_putc(sb, ')');
}

static rtab_labels target_labels(const rtab_ruleset *rs, rtab_target t)
{
	switch ((rtab_target_kind)t.kind) {
	case RTAB_TARGET_TABLE: return t.index < rs->ntables ? rs->tables[t.index].labels : NULL;
	case RTAB_TARGET_REACTIONS: return t.index < rs->nreaction_sets ? rs->reaction_sets[t.index].labels : NULL;
	case RTAB_TARGET_TRANSITION: return t.index < rs->ntransitions ? rs->transitions[t.index].labels : NULL;
	case RTAB_TARGET_DISTANCE: return t.index < rs->ndistances ? rs->distances[t.index].labels : NULL;
	case RTAB_TARGET_PROCEDURE: return t.index < rs->nprocedures ? rs->procedures[t.index].labels : NULL;
	}
	return NULL;
}

/* The labels of the inputs an expression reads, each once, joined by ", ". */
static void times_inputs(strbuf *sb, const export_ctx *c, size_t slot, const rtab_expr *e)
{
	const rtab_ruleset *rs = c->rs;
	for (size_t i = 0; i < e->ninstrs; i++) {
		const rtab_instr *in = &e->instrs[i];
		bool seen = in->op != RTAB_OP_INPUT || in->arg < 0 || (size_t)in->arg >= rs->ninputs;
		for (size_t k = 0; k < i && !seen; k++)
			seen = e->instrs[k].op == RTAB_OP_INPUT && e->instrs[k].arg == in->arg;
		if (seen)
			continue;
		const rtab_input *x = &rs->inputs[in->arg];
		sb_printf(sb, "%s%s", sb->len ? ", " : "", aid_word(c, slot, x->labels, x->id));
	}
}

void aid_trigger_words(strbuf *sb, const export_ctx *c, size_t slot, const rtab_trigger *t)
{
	const rtab_ruleset *rs = c->rs;
	sb_puts(sb, aid_word(c, slot, target_labels(rs, t->target), export_target_id(rs, t->target)));
	strbuf w = {0};
	if (t->times.ninstrs && aid_expr_words(&w, c, slot, &t->times, -1)) {
		if (t->times.ninstrs == 1 && t->times.instrs[0].op == RTAB_OP_CONST)
			sb_printf(sb, msg_in(c->words, ", %s times"), w.data);
		else
			sb_printf(sb, msg_in(c->words, ", as many times as %s"), w.data);
	} else if (t->times.ninstrs) {
		/* A count words cannot say (a rounding, a maximum): the card names
		 * what it depends on rather than let "Then: X" read as once. */
		sb_clear(&w);
		times_inputs(&w, c, slot, &t->times);
		if (w.len)
			sb_printf(sb, msg_in(c->words, ", a number of times that depends on %s"),
				  w.data);
		else
			sb_puts(sb, msg_in(c->words, ", a number of times the rules give"));
	}
	for (size_t k = 0; k < t->nsets; k++) {
		const rtab_trigger_set *s = &t->sets[k];
		const rtab_input *in = s->input < rs->ninputs ? &rs->inputs[s->input] : NULL;
		if (!in)
			continue;
		sb_clear(&w);
		/* The input 'earlier OUTCOME' is labelled by what it says ("An earlier
		 * repeat gave Eliminated"): the phrase alone, not label and value. */
		if (s->each == RTAB_SET_EARLIER && s->earlier < rs->noutcomes &&
		    expr_earlier_outcome(c->m, s->input) == (int)s->earlier) {
			sb_puts(sb, k ? "; " : ", ");
			sb_printf(sb, msg_in(c->words, "passing on whether an earlier repeat gave %s"),
				  aid_word(c, slot, rs->outcomes[s->earlier].labels, rs->outcomes[s->earlier].id));
			continue;
		}
		if (s->each == RTAB_SET_REPEAT)
			sb_puts(&w, msg_in(c->words, "the number of the repeat"));
		else if (s->each == RTAB_SET_EARLIER && s->earlier < rs->noutcomes)
			sb_printf(&w, msg_in(c->words, "whether an earlier repeat gave %s"),
				  aid_word(c, slot, rs->outcomes[s->earlier].labels,
					   rs->outcomes[s->earlier].id));
		else if (!aid_expr_words(&w, c, slot, &s->value, (int)s->input))
			continue;
		sb_printf(sb, k ? "; %s: %s" : msg_in(c->words, ", with %s: %s"),
			  aid_word(c, slot, in->labels, in->id), w.data);
	}
	sb_clear(&w);
	/* "unless not X" as "only if X" */
	rtab_expr held = {(uint16_t)(t->unless.ninstrs - 1), t->unless.instrs, NULL};
	bool negated = t->unless.ninstrs > 1 && t->unless.instrs[held.ninstrs].op == RTAB_OP_NOT;
	if (negated && aid_expr_words(&w, c, slot, &held, -1))
		sb_printf(sb, msg_in(c->words, ", only if %s"), w.data);
	else if (t->unless.ninstrs && aid_expr_words(&w, c, slot, &t->unless, -1))
		sb_printf(sb, msg_in(c->words, ", unless %s"), w.data);
	if (t->rule)
		sb_printf(sb, " (%s)", t->rule);
	sb_free(&w);
}

static bool same_expr(const rtab_expr *a, const rtab_expr *b)
{
	if (a->ninstrs != b->ninstrs)
		return false;
	for (size_t i = 0; i < a->ninstrs; i++)
		if (a->instrs[i].op != b->instrs[i].op || a->instrs[i].arg != b->instrs[i].arg)
			return false;
	return true;
}

bool aid_trigger_same(const rtab_trigger *a, const rtab_trigger *b)
{
	if (a->target.kind != b->target.kind || a->target.index != b->target.index || a->nsets != b->nsets ||
	    !same_expr(&a->unless, &b->unless) || !same_expr(&a->times, &b->times) ||
	    (a->rule == NULL) != (b->rule == NULL) || (a->rule && strcmp(a->rule, b->rule) != 0))
		return false;
	for (size_t k = 0; k < a->nsets; k++)
		if (a->sets[k].input != b->sets[k].input || a->sets[k].each != b->sets[k].each ||
		    a->sets[k].earlier != b->sets[k].earlier || !same_expr(&a->sets[k].value, &b->sets[k].value))
			return false;
	return true;
}
