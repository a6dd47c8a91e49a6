# SPDX-License-Identifier: MIT-0
# The support file of rtab's Python target: what the resolver printed from the
# lowering (compiler/lower, after this file in the module) calls on: the
# errors, the checked arithmetic, the reading and checking of a situation, the
# labels and rule references, a chain's steps and the protocol of `rtab
# conform`. What resolves (a key's column and its rounding, a ratio band's
# step, a matrix's cell, a natural roll) is printed from the lowering, decided
# at compile time (docs/lowering.md). Python 3.8 or later, the standard library
# only.
import decimal
import json
import sys

INT32_MIN, INT32_MAX = -2 ** 31, 2 ** 31 - 1

# The runtime's statuses and their messages (runtime/rtab.c).
MESSAGES = {
    -1: 'a required argument is NULL',
    -2: 'no such table',
    -3: 'an input is missing or outside its domain',
    -4: 'wrong number of dice faces, or a face outside its die',
    -5: 'the modified roll matches no row',
    -6: 'the column input selects no column',
    -7: 'malformed expression, or division by zero',
    -8: 'arithmetic overflow',
    -9: 'inconsistent ruleset data',
    -10: 'no such outcome, reaction set, transition, distance or procedure',
    -11: 'the transition is not defined for this state',
    -12: 'the table gives no result here (e.g. the attack is not allowed)',
    -13: "an exact division or product has no exact value at the ruleset's precision",
    -14: 'an extra modifier given to a table with a step, which counts only its own modifiers',
    -15: 'the situation breaks a requirement of the ruleset',
    -16: 'the ruleset data was generated for another rtab data model: regenerate it',
}
E_TABLE, E_INPUT, E_FACES, E_NO_ROW, E_COLUMN, E_EXPR, E_OVERFLOW, E_RULESET, E_INDEX, E_STATE = \
    -2, -3, -4, -5, -6, -7, -8, -9, -10, -11
E_NO_RESULT, E_INEXACT, E_STEP_DRM, E_REQUIRE, E_VERSION = -12, -13, -14, -15, -16
COLUMN_AUTOMATIC, COLUMN_NONE = 1, 2
TARGET_KEYS = ['tables', 'reaction_sets', 'transitions', 'distances', 'procedures']
# What a chain step names, by target kind (as the situations of rtab conform).
CHAIN_KINDS = ['table', 'reactions', 'transition', 'distance', 'procedure']
# What label() and rule() read, by kind.
LABELLED = ['tables', 'outcomes', 'inputs', 'modifiers', 'enums', 'reaction_sets', 'transitions', 'distances',
            'procedures', 'dice', 'effect_kinds', 'groups', 'requirements']


class RtabError(Exception):
    """A refusal of the runtime: status is its status (rtab.h), message its message;
    str() adds what was wrong where the module knows it (the input and its value)."""

    def __init__(self, status, detail=None):
        self.status = status
        self.message = MESSAGES.get(status, 'unknown status')
        self.detail = detail
        super().__init__(self.message if detail is None else '%s: %s' % (self.message, detail))


def check32(v):
    if v < INT32_MIN or v > INT32_MAX:
        raise RtabError(E_OVERFLOW)
    return v


def negate(a):
    """-a, which int32 holds for every a but its least."""
    if a == INT32_MIN:
        raise RtabError(E_OVERFLOW)
    return -a


def divide(a, b, up):
    """a / b rounded down or up; a division by zero is a malformed expression."""
    if b == 0:
        raise RtabError(E_EXPR)
    return check32(-((-a) // b) if up else a // b)


def exact_op(name, scale, a, b):
    """Exact numbers scaled by scale: never rounded (runtime/rtab.c exact_op)."""
    if scale < 1:
        raise RtabError(E_EXPR)
    if name == 'scale':
        r = a * scale
    elif name == 'mul_exact':
        if (a * b) % scale:
            raise RtabError(E_INEXACT)
        r = a * b // scale
    else:
        if b == 0:
            raise RtabError(E_EXPR)
        if (a * scale) % b:
            raise RtabError(E_INEXACT)
        r = a * scale // b
    return check32(r)



def no_result(column, key, key_column, column_shift):
    """The result of a column without one (an attack not allowed): what was read up to it."""
    return {'column': column, 'key': key, 'key_column': key_column, 'column_shift': column_shift,
            'outcome': None, 'no_result': True}


# A table's resolver makes its Context with new_object and sets its three fields itself (what
# __init__ would do, without the call: a table resolves many times a second).
new_object = object.__new__


class Context:
    """The faces dice in a program read, and the provisional reason a result shows: the
    first reason noted, unless the reason of what decided (note_first) leads. (The runtime
    keeps the whole list; a result shows its first, and so the module keeps that one.)"""
    __slots__ = ('faces', 'next_face', 'first')

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.next_face = 0
        self.first = None

    @property
    def provisional(self):
        return self.first

    def note(self, why):
        if self.first is None:
            self.first = why

    def note_first(self, why):
        if why is not None:
            self.first = why


def _is_int(v):
    return type(v) is int  # not a bool, not 1.7, not '3'


def _shown(v):
    return repr(v) if not isinstance(v, str) else "'%s'" % v


class Ruleset:
    """A ruleset's resolver: data is the export (DATA), lowered the resolver printed from
    its lowering (LOWERED), stamp the data model and the source hash it was printed for
    (STAMP: both must be the data's)."""

    def __init__(self, data, lowered, stamp):
        if data.get('format') != 'rtab-export' or data.get('version') != 1:
            raise RtabError(E_VERSION, 'not an rtab export of version 1')
        if data.get('data_version') != DATA_MODEL or stamp.get('data_version') != DATA_MODEL:
            raise RtabError(E_VERSION, 'the data is of data model %r, its resolver of %r; this module reads '
                            'data model %d: run rtab compile --target again'
                            % (data.get('data_version'), stamp.get('data_version'), DATA_MODEL))
        if data.get('source_hash') != stamp.get('source_hash'):
            raise RtabError(E_VERSION, 'the data is of the source %s, its resolver of %s: both must come from '
                            'one run of rtab compile --target' % (data.get('source_hash'), stamp.get('source_hash')))
        self.source_hash = data.get('source_hash')
        self.x = data
        self.lowered = lowered
        self.inputs = data['inputs']
        # Exact numbers (`exact 1/N;`): number inputs are held as value * scale.
        self.scale = data.get('scale') or 1
        self.locales = list(data.get('locales') or [])
        self.by_id = {}
        for key in ['inputs', 'outcomes'] + LABELLED:
            self.by_id[key] = {d['id']: i for i, d in enumerate(data.get(key) or [])}
        self.outcome_parts = {}
        # The target id of each trigger of each outcome (a table's result lists them).
        self.trigger_ids = [[tr['target']['id'] for tr in o.get('triggers') or []] for o in data['outcomes']]
        self.enum_ids = [[v['id'] for v in e['values']] for e in data['enums']]
        self._enum_index = [{v: i for i, v in enumerate(ids)} for ids in self.enum_ids]
        self._defaults = [i['default_value'] for i in self.inputs]
        # The integers read without read_input: (index, min, max) of each int input without a step.
        self._plain_ints = {i['id']: (k, i['min'], i['max']) for k, i in enumerate(self.inputs)
                            if i['type_name'] == 'int' and i.get('step', 0) <= 1}
        # The same for the booleans: the index of each bool input.
        self._bools = {i['id']: k for k, i in enumerate(self.inputs) if i['type_name'] == 'bool'}

    # -- situations ------------------------------------------------------

    def situation(self, given=None):
        """The inputs as the runtime holds them: defaults, then the given ones by id (an enum
        value by its id, a bool as True or False, an integer as an int, a number as an int or
        a decimal.Decimal). Anything else is an RtabError naming the input."""
        values = list(self._defaults)
        if given is None:
            return values
        if not hasattr(given, 'items'):
            raise RtabError(E_INPUT, 'the situation is a %s, not a mapping of input ids to values'
                            % type(given).__name__)
        plain, bools = self._plain_ints, self._bools
        for name, value in given.items():
            p = plain.get(name)
            if p is not None and type(value) is int and p[1] <= value <= p[2]:
                values[p[0]] = value
                continue
            if type(value) is bool:
                b = bools.get(name)
                if b is not None:
                    values[b] = 1 if value else 0  # as read_input reads it
                    continue
            k = self.by_id['inputs'].get(name)
            if k is None:
                raise RtabError(E_INPUT, 'no input named %s' % _shown(name))
            values[k] = self.read_input(k, value)
        return values

    def read_input(self, k, value):
        """The value of input k as the runtime holds it, checked."""
        inp = self.inputs[k]
        kind, name = inp['type_name'], inp['id']
        if kind == 'enum':
            v = self._enum_index[inp['enum_index']].get(value) if isinstance(value, str) else None
            if v is None:
                raise RtabError(E_INPUT, 'input %s is %s, not one of %s' % (
                    name, _shown(value), ', '.join(self.enum_ids[inp['enum_index']])))
        elif kind == 'bool':
            if not isinstance(value, bool):
                raise RtabError(E_INPUT, 'input %s is %s, not True or False' % (name, _shown(value)))
            v = int(value)
        elif kind == 'number':
            if _is_int(value):
                v = value * self.scale
            elif isinstance(value, decimal.Decimal) and value.is_finite():
                scaled = value * self.scale
                if scaled != scaled.to_integral_value():
                    raise RtabError(E_INPUT, 'input %s is %s, not a multiple of 1/%d' % (name, value, self.scale))
                v = int(scaled)
            else:
                raise RtabError(E_INPUT, 'input %s is %s, not an int or a decimal.Decimal' % (name, _shown(value)))
        else:
            if not _is_int(value):
                raise RtabError(E_INPUT, 'input %s is %s, not an int' % (name, _shown(value)))
            v = value
        if v < inp['min'] or v > inp['max'] or (inp.get('step', 0) > 1 and (v - inp['min']) % inp['step']):
            raise RtabError(E_INPUT, 'input %s is %s, outside its domain %s to %s' % (
                name, _shown(value), self.value_of(k, inp['min']), self.value_of(k, inp['max'])))
        return v

    def exact(self, scaled):
        """A scaled number as the rules print it: 25 at scale 2 is 12.5 (a Decimal)."""
        if self.scale == 1 or scaled % self.scale == 0:
            return scaled // self.scale
        # scale divides a power of ten (it is 2^a 5^b): the quotient is a finite decimal.
        digits, power = 0, 1
        while power % self.scale:
            digits, power = digits + 1, power * 10
            if digits > 40:
                raise RtabError(E_RULESET, 'a scale of %d has no finite decimal' % self.scale)
        return decimal.Decimal(scaled * (power // self.scale)).scaleb(-digits).normalize()

    def validate(self, inputs):
        self.validate_domains(inputs)
        broken = self.lowered['requirement_broken'](self, inputs)
        if broken is not None:
            raise RtabError(E_REQUIRE, 'requirement %s' % broken)

    def validate_domains(self, inputs):
        if len(inputs) != len(self.inputs):
            raise RtabError(E_INPUT, '%d inputs, not %d' % (len(inputs), len(self.inputs)))
        for i, v in enumerate(inputs):
            self.validate_input(i, v)

    def validate_input(self, i, v):
        """Whether v lies in the domain of input i (else RtabError)."""
        inp = self.inputs[i]
        if not _is_int(v) or v < inp['min'] or v > inp['max'] or \
                (inp.get('step', 0) > 1 and (v - inp['min']) % inp['step']):
            raise RtabError(E_INPUT, 'input %s is %s, outside its domain' % (inp['id'], _shown(v)))

    def requirement_broken(self, inputs):
        """The id of the first requirement the situation breaks, or None."""
        return self.lowered['requirement_broken'](self, inputs)

    # -- tables ----------------------------------------------------------

    def resolve(self, table, given=None, faces=(), drm=0, inputs=None):
        """One roll on a results table: the result as `rtab vectors` writes it. faces: the
        dice's faces (ints); drm: a modifier from outside (an int)."""
        k = self.by_id['tables'].get(table) if isinstance(table, str) else None
        if k is None:
            raise RtabError(E_TABLE, 'no table named %s' % _shown(table))
        faces = list(faces)
        for f in faces:
            if type(f) is not int:
                self._faces(faces)  # names the face that is not an int
        if type(drm) is not int:
            raise RtabError(E_INPUT, 'the modifier from outside (drm) is %s, not an int' % _shown(drm))
        # _checked, written out (a table resolves many times a second).
        if inputs is None:
            inputs = self.situation(given)
        else:
            self.validate_domains(inputs)
        broken = self.lowered['requirement_broken'](self, inputs)
        if broken is not None:
            raise RtabError(E_REQUIRE, 'requirement %s' % broken)
        return self.lowered['tables'][k](self, inputs, faces, drm)

    def _checked(self, given, inputs):
        """The situation, valid: read from given (each value checked as it is read; the
        defaults lie in their domains, as the compiler checked), or the inputs as the
        runtime holds them, checked whole; and no requirement broken."""
        if inputs is None:
            inputs = self.situation(given)
        else:
            self.validate_domains(inputs)
        broken = self.lowered['requirement_broken'](self, inputs)
        if broken is not None:
            raise RtabError(E_REQUIRE, 'requirement %s' % broken)
        return inputs

    @staticmethod
    def _faces(faces):
        out = list(faces)
        for i, f in enumerate(out):
            if not _is_int(f):
                raise RtabError(E_FACES, 'face %d is %s, not an int' % (i + 1, _shown(f)))
        return out

    def outcome_part(self, k):
        """What a result shows of outcome k: its id, code, effects and numbers (shared by
        every result that gives it: do not change them)."""
        p = self.outcome_parts.get(k)
        if p is None:
            o = self.x['outcomes'][k]
            p = {'id': o['id'], 'code': o['code'], 'effects': self.effects(o), 'numbers': self.numbers(o)}
            self.outcome_parts[k] = p
        return p

    def triggers(self, outcome, inputs, ctx=None):
        """What the outcome leads to: each target's id, a trigger resolved N times N times."""
        return [tr['target']['id'] for _, tr in self.fired(outcome, inputs, ctx)]

    def fired(self, outcome, inputs, ctx=None):
        """The outcome's triggers that fire, each as (which trigger of the outcome, the
        trigger), a trigger resolved N times listed N times, its repeats in order."""
        fire = self.lowered['fired'][outcome]
        if fire is None:
            return []
        triggers = self.x['outcomes'][outcome]['triggers']
        return [(k, triggers[k]) for k in fire(self, inputs, ctx)]

    def trigger_situation(self, outcome, k, inputs, earlier=()):
        """The situation trigger k of the outcome passes on for the repeat after those that
        gave the outcomes `earlier` (indices; None: none)."""
        return self.lowered['passed'][outcome][k](self, inputs, list(earlier))

    def passed_on(self, outcome, k, inputs, earlier=(), passed=None):
        """What trigger k of the outcome passes on, by input id (as `trigger_inputs`)."""
        out = self.trigger_situation(outcome, k, inputs, earlier) if passed is None else passed
        return self.lowered['shown'][outcome][k](self, out)

    def value_of(self, i, v):
        """An input's value as the vectors write it: an enum value's id, a bool, a number."""
        inp = self.inputs[i]
        if inp['type_name'] == 'enum':
            return self.enum_ids[inp['enum_index']][v]
        if inp['type_name'] == 'bool':
            return v != 0
        return self.exact(v) if inp['type_name'] == 'number' else v

    def chain(self, table, given=None, faces=(), drm=0, then=(), inputs=None):
        """A roll on a table and what its outcome triggers, resolved in turn: then[i] are the
        faces of the i-th step (a table or distance; [] for the others). Each repeat of a
        trigger gets what it passes on for that repeat ('earlier': the outcomes of the repeats
        before it). {'outcome': ..., 'result': the table's result, 'steps': [...]}."""
        inputs = self.situation(given) if inputs is None else inputs
        r = self.resolve(table, None, faces, drm, inputs)
        if r.get('no_result'):
            return {'outcome': None, 'result': r, 'steps': []}
        outcome = self.by_id['outcomes'][r['outcome']]
        fired = self.fired(outcome, inputs)
        steps, gave = [], []
        then = list(then)
        for i, (k, tr) in enumerate(fired):
            earlier = [g for (kk, _), g in zip(fired[:i], gave) if kk == k]
            target = tr['target']
            step = {CHAIN_KINDS[target['kind']]: target['id'], 'trigger': k, 'repeat': len(earlier) + 1}
            got = None
            try:
                passed = self.trigger_situation(outcome, k, inputs, earlier)
                step['inputs'] = self.passed_on(outcome, k, inputs, earlier, passed)
                got = self.chain_step(target, passed, then[i] if i < len(then) else [], step)
            except RtabError as e:
                step.setdefault('inputs', {})
                step['error'] = e.message
            gave.append(got)
            steps.append(step)
        return {'outcome': r['outcome'], 'result': r, 'steps': steps}

    def chain_step(self, target, passed, faces, step):
        """One step of a chain, its result added to step; the outcome index it gave, or None."""
        kind, name = target['kind'], target['id']
        if kind == 0:
            r = self.resolve(name, None, faces, 0, passed)
            if r.get('no_result'):
                step.update(outcome=None, no_result=True)
                return None
            step.update(outcome=r['outcome'], code=r['code'], rule=r['rule'])
            return self.by_id['outcomes'][r['outcome']]
        if kind == 1:
            step['options'] = self.reactions(name, None, passed)['options']
        elif kind == 2:
            try:
                step['state'] = self.transition(name, None, passed)['state']
            except RtabError as e:
                if e.status != E_STATE:
                    raise
                step['state'] = None
        elif kind == 3:
            step['values'] = self.distance(name, None, faces, passed)['values']
        else:
            p = self.procedure(name, None, passed)
            step.update(step=p['step'], outcome=p['outcome'])
            return self.by_id['outcomes'][p['outcome']] if p['outcome'] is not None else None
        return None

    def numbers(self, o):
        """The numbers an outcome carries ("6/3": {'e': 6, 'lw': 3}), or None."""
        if not o.get('nvalues'):
            return None
        params = self.x['numeric_outcomes'][o['numeric']]['params']
        return {p['id']: v for p, v in zip(params, o['values'])}

    def effects(self, o):
        out = []
        for e in o['effects']:
            kind = self.x['effect_kinds'][e['kind']]
            args = []
            for a, p in zip(e['args'], kind['params']):
                args.append(self.x['enums'][p['enum_index']]['values'][a]['id'] if p['enum_index'] >= 0 else a)
            effect = {'effect': kind['id'], 'args': args}
            # The unit of each argument, when a parameter of the kind has one.
            if any(p.get('unit') for p in kind['params']):
                effect['units'] = [p.get('unit') for p in kind['params']][:len(args)]
            out.append(effect)
        return out

    # -- the others ------------------------------------------------------

    def _lowered(self, key, name, given, inputs, *rest):
        k = self.by_id[key].get(name) if isinstance(name, str) else None
        if k is None:
            raise RtabError(E_INDEX, 'no %s named %s' % (key[:-1].replace('_', ' '), _shown(name)))
        return self.lowered[key][k](self, self._checked(given, inputs), *rest)

    def reactions(self, name, given=None, inputs=None):
        return self._lowered('reaction_sets', name, given, inputs)

    def transition(self, name, given=None, inputs=None):
        return self._lowered('transitions', name, given, inputs)

    def distance(self, name, given=None, faces=(), inputs=None):
        return self._lowered('distances', name, given, inputs, self._faces(faces))

    def procedure(self, name, given=None, inputs=None):
        return self._lowered('procedures', name, given, inputs)

    # -- labels and rule references --------------------------------------

    def _item(self, kind, name):
        if kind not in self.by_id or name not in self.by_id[kind]:
            raise RtabError(E_INDEX, 'no %s named %s' % (kind, _shown(name)))
        return self.x[kind][self.by_id[kind][name]]

    def _locale(self, locale):
        if locale is None:
            return self.locales[0] if self.locales else None
        if locale not in self.locales:
            raise RtabError(E_INDEX, 'no locale %s (the ruleset has %s)' % (_shown(locale), ', '.join(self.locales)))
        return locale

    def label(self, kind, name, locale=None):
        """The label of definition `name` of a kind ('tables', 'outcomes', 'inputs', ...) in a
        locale of the ruleset (None: its first), as rtab_label: the first locale's where that
        one has none; None where neither has one."""
        labels = self._item(kind, name).get('labels') or {}
        got = labels.get(self._locale(locale))
        return got if got is not None else labels.get(self._locale(None))

    def title(self, locale=None):
        """The ruleset's title in a locale (None: the first), the first locale's where that
        one has none."""
        titles = self.x.get('title') or {}
        got = titles.get(self._locale(locale))
        return got if got is not None else titles.get(self._locale(None))

    def rule(self, kind, name, locale=None):
        """The rule reference of definition `name` of a kind, in a locale (where it has one
        per locale), or None."""
        item = self._item(kind, name)
        locale = self._locale(locale)
        per_locale = item.get('rules')
        if isinstance(per_locale, dict) and per_locale.get(locale) is not None:
            return per_locale[locale]
        return item.get('rule')


def number_text(v):
    """A number as a key shows it: 12.5, not 12.50 nor 1.25E+1."""
    if isinstance(v, decimal.Decimal):
        text = format(v.normalize(), 'f')
        return text
    return '%d' % v


# -- the protocol of rtab conform -------------------------------------------

def answer(ruleset, s):
    """The answer to one situation of `rtab conform`: the result, or the runtime's refusal
    as {'error': message}."""
    given = s.get('inputs', {})
    try:
        if 'table' in s:
            return ruleset.resolve(s['table'], given, s.get('faces', []), s.get('drm', 0))
        if 'reactions' in s:
            return ruleset.reactions(s['reactions'], given)
        if 'transition' in s:
            try:
                return ruleset.transition(s['transition'], given)
            except RtabError as e:
                if e.status == E_STATE:
                    return {'state': None}
                raise
        if 'distance' in s:
            return ruleset.distance(s['distance'], given, s.get('faces', []))
        if 'chain' in s:
            c = ruleset.chain(s['chain'], given, s.get('faces', []), s.get('drm', 0), s.get('then', []))
            return {'outcome': c['outcome'], 'steps': c['steps']}
        return ruleset.procedure(s['procedure'], given)
    except RtabError as e:
        return {'error': e.message}


def to_json(v):
    """v as JSON, an exact Decimal as the number it is (json.dumps would need a float)."""
    if isinstance(v, dict):
        return '{' + ', '.join('%s: %s' % (json.dumps(k, ensure_ascii=False), to_json(x)) for k, x in v.items()) + '}'
    if isinstance(v, (list, tuple)):
        return '[' + ', '.join(to_json(x) for x in v) + ']'
    if isinstance(v, decimal.Decimal):
        return number_text(v)
    return json.dumps(v, ensure_ascii=False)


def serve(ruleset, lines, out):
    """One answer line per situation line, flushed: the port side of rtab conform."""
    for line in lines:
        if line.strip():
            s = json.loads(line, parse_float=decimal.Decimal)
            out.write(to_json(answer(ruleset, s)) + '\n')
            out.flush()
