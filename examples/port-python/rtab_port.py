#!/usr/bin/env python3
"""A reference port of the rtab runtime: Python 3, standard library only.

It reads the JSON that `rtab export --format json FILE` writes (see
docs/export.md and docs/export-schema.json) and resolves tables, reaction
sets, transitions, distances and procedures exactly as runtime/rtab.c
does: the same programs, the same stacking, caps, natural rolls, rewrites
and exceptions, the same errors. It is the model to follow when porting
rtab rules into another language; tests/test_vectors.py proves that it
agrees with the C runtime on every conformance vector (docs/vectors.md).

    import json, rtab_port
    rs = rtab_port.Ruleset(json.load(open('musket_pike.json')))
    r = rs.resolve('cavalry_pursuit', {'game': 'tacw'}, faces=[3], drm=0)
    r['outcome']   # 'pursue_and_eliminate'

Command line: rtab_port.py EXPORT.json NAME [INPUT=VALUE]... [--roll F,F] [--drm N]
prints the result as JSON; rtab_port.py EXPORT.json --conform answers the
situations of `rtab conform` (docs/conformance.md), one JSON line each:

    rtab conform tables/musket_pike.rtab -- python3 rtab_port.py musket_pike.json --conform
"""
import decimal
import json
import sys

INT32_MIN, INT32_MAX = -2 ** 31, 2 ** 31 - 1
NO_DICE = 65535

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
}
E_TABLE, E_INPUT, E_FACES, E_NO_ROW, E_COLUMN, E_EXPR, E_OVERFLOW, E_RULESET, E_INDEX, E_STATE, E_NO_RESULT = \
    -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12
E_INEXACT = -13
E_STEP_DRM = -14
E_REQUIRE = -15
STACK_SUM, STACK_WORST, STACK_BEST, STACK_LARGEST_EACH_WAY = 0, 1, 2, 3
ROUND_EVENS, ROUND_DOWN, ROUND_UP, ROUND_NEAREST = 0, 1, 2, 3
ROUND_LINEAR, ROUND_LINEAR_UP, ROUND_DOWN_STRICT = 4, 5, 6
KEY_INPUT, KEY_ODDS, KEY_VALUE, KEY_ENUM = 0, 1, 2, 3
COLUMN_ROLLED, COLUMN_AUTOMATIC, COLUMN_NONE = 0, 1, 2
MAX_STEP_TERM = 10000
TARGET_KEYS = ['tables', 'reaction_sets', 'transitions', 'distances', 'procedures']
# What a chain step names, by target kind (as the situations of rtab conform).
CHAIN_KINDS = ['table', 'reactions', 'transition', 'distance', 'procedure']
# What a trigger passes on per repeat: a value; the repeat's number; whether an earlier repeat gave X.
SET_SAME, SET_REPEAT, SET_EARLIER = 0, 1, 2


class RtabError(Exception):
    """A status of the runtime; str() is the runtime's message."""

    def __init__(self, status):
        super().__init__(MESSAGES.get(status, 'unknown status'))
        self.status = status


def check32(v):
    if v < INT32_MIN or v > INT32_MAX:
        raise RtabError(E_OVERFLOW)
    return v


class Context:
    """The faces that dice in a program read, and the provisional values reached."""

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.next_face = 0
        self.reasons = []

    @property
    def provisional(self):
        return self.reasons[0] if self.reasons else None

    def note(self, why):
        """Each distinct reason once, in the order reached."""
        if why is not None and why not in self.reasons:
            self.reasons.append(why)

    def note_first(self, why):
        """The outcome's own reason leads the list."""
        if why is None:
            return
        if why in self.reasons:
            self.reasons.remove(why)
        self.reasons.insert(0, why)


class Ruleset:
    def __init__(self, export):
        if export.get('format') != 'rtab-export' or export.get('version') != 1:
            raise ValueError('not an rtab export of version 1')
        self.x = export
        self.inputs = export['inputs']
        # Exact numbers (`exact 1/N;`): number inputs and distances are held
        # as value * scale; they are read and written as exact decimals.
        self.scale = export.get('scale') or 1
        self.by_id = {}
        for key in ['inputs', 'outcomes'] + TARGET_KEYS:
            self.by_id[key] = {d['id']: i for i, d in enumerate(export[key])}

    # -- situations ------------------------------------------------------

    def situation(self, given=None):
        """The inputs as the runtime holds them: defaults, then the given ones
        (by id: enum values by id, booleans, integers)."""
        values = [i['default_value'] for i in self.inputs]
        for name, value in (given or {}).items():
            k = self.by_id['inputs'][name]
            inp = self.inputs[k]
            if inp['type_name'] == 'enum':
                names = [v['id'] for v in self.x['enums'][inp['enum_index']]['values']]
                values[k] = names.index(value)
            elif inp['type_name'] == 'bool':
                values[k] = 1 if value in (True, 1, 'true') else 0
            elif inp['type_name'] == 'number':
                scaled = decimal.Decimal(str(value)) * self.scale
                if scaled != scaled.to_integral_value():
                    raise RtabError(E_INPUT)
                values[k] = int(scaled)
            else:
                values[k] = int(value)
        return values

    def exact(self, scaled):
        """A scaled number as the rules print it: 25 at scale 2 is 12.5."""
        if self.scale == 1 or scaled % self.scale == 0:
            return scaled // self.scale
        return decimal.Decimal(scaled) / decimal.Decimal(self.scale)

    def validate(self, inputs):
        self.validate_domains(inputs)
        if self.requirement_broken(inputs) is not None:
            raise RtabError(E_REQUIRE)

    def validate_domains(self, inputs):
        if len(inputs) != len(self.inputs):
            raise RtabError(E_INPUT)
        for v, inp in zip(inputs, self.inputs):
            if v < inp['min'] or v > inp['max']:
                raise RtabError(E_INPUT)
            if inp.get('step', 0) > 1 and (v - inp['min']) % inp['step']:
                raise RtabError(E_INPUT)

    def requirement_broken(self, inputs):
        """The id of the first requirement the situation breaks, or None."""
        for req in self.x.get('requirements', []):
            if not self.eval(req['condition'], inputs):
                return req['id']
        return None

    # -- programs --------------------------------------------------------

    def eval(self, expr, inputs, ctx=None):
        instrs = expr['instrs']
        if not instrs:
            return 1
        stack = []
        i = 0
        while i < len(instrs):
            name, arg = instrs[i]['op_name'], instrs[i]['arg']
            if name in ('const', 'const_exact'):
                stack.append(arg)
            elif name == 'scale':
                stack.append(exact_op(name, arg, stack.pop(), 0))
            elif name in ('mul_exact', 'div_exact'):
                b, a = stack.pop(), stack.pop()
                stack.append(exact_op(name, arg, a, b))
            elif name == 'input':
                stack.append(inputs[arg])
                self.note_input(arg, inputs[arg], ctx)
            elif name == 'roll':
                stack.append(self.roll(arg, ctx))
            elif name in ('neg', 'abs'):
                a = stack.pop()
                if a == INT32_MIN:
                    raise RtabError(E_OVERFLOW)
                stack.append(-a if name == 'neg' or a < 0 else a)
            elif name == 'not':
                stack.append(0 if stack.pop() else 1)
            elif name == 'matrix':
                stack.append(self.matrix(arg, stack, ctx))
            elif name == 'band':
                b, a = stack.pop(), stack.pop()
                stack.append(self.band(arg, a, b, ctx))
            elif name == 'jump_if_false':
                if stack.pop() == 0:
                    i += arg
            elif name == 'jump':
                i += arg
            else:
                b, a = stack.pop(), stack.pop()
                stack.append(arith(name, a, b))
            i += 1
        if len(stack) != 1:
            raise RtabError(E_EXPR)
        return stack[0]

    def note_input(self, i, v, ctx):
        """An input read: its reason when it holds its default, its enum value's reason."""
        if ctx is None:
            return
        inp = self.inputs[i]
        if inp.get('provisional') is not None and v == inp['default_value']:
            ctx.note(inp['provisional'])
        if inp['type'] == 2 and inp['enum_index'] >= 0:  # an enum
            values = self.x['enums'][inp['enum_index']]['values']
            if 0 <= v < len(values):
                ctx.note(values[v].get('provisional'))

    def roll(self, index, ctx):
        d = self.x['dice'][index]
        if ctx is None or len(ctx.faces) - ctx.next_face < d['nfaces']:
            raise RtabError(E_FACES)
        total = 0
        for g in d['groups']:
            for _ in range(g['count']):
                f = ctx.faces[ctx.next_face]
                ctx.next_face += 1
                if f < g['face_min'] or f > g['face_max']:
                    raise RtabError(E_FACES)
                total += f
        ctx.note(d.get('provisional'))
        return total

    def matrix(self, index, stack, ctx):
        m = self.x['matrices'][index]
        cell = 0
        keys = stack[len(stack) - m['ndims']:]
        del stack[len(stack) - m['ndims']:]
        for key, dim in zip(keys, m['dims']):
            n = self.x['enums'][dim]['nvalues']
            if key < 0 or key >= n:
                raise RtabError(E_INPUT)
            cell = cell * n + key
        if m['provisional'] is not None and ctx is not None:
            ctx.note(m['provisional'][cell])
        return m['cells'][cell]

    def band(self, index, a, b, ctx=None):
        band = self.x['bands'][index]
        note = ctx.note if ctx is not None else (lambda why: None)
        if a < 0 or b < 0:
            raise RtabError(E_INPUT)
        note(band.get('provisional'))
        if a == 0 and b == 0:
            note(band.get('otherwise_provisional'))
            return band['otherwise']
        for st in band['steps']:
            if not (0 < st['num'] <= MAX_STEP_TERM and 0 < st['den'] <= MAX_STEP_TERM):
                raise RtabError(E_RULESET)
        if band.get('rounding', ROUND_EVENS) != ROUND_EVENS and a > 0 and b > 0:
            a, b = band_round(band, a, b)
        best = None
        for st in band['steps']:
            favourable = st['num'] >= st['den']
            lhs, rhs = a * st['den'], st['num'] * b
            if (lhs < rhs) if favourable else (lhs > rhs):
                continue
            if best is None:
                best = st
                continue
            cmp = st['num'] * best['den'] - best['num'] * st['den']
            if (cmp > 0) if favourable else (cmp < 0):
                best = st
        if best is None:
            note(band.get('otherwise_provisional'))
            return band['otherwise']
        steps_why = band.get('step_provisional')
        if steps_why:
            note(steps_why[band['steps'].index(best)])
        return best['value']

    # -- tables ----------------------------------------------------------

    def resolve(self, table, given=None, faces=(), drm=0, inputs=None):
        """One roll on a results table: the result as `rtab vectors` writes it.
        A column that gives no result answers {'no_result': True, ...}."""
        t = self.x['tables'][self.by_id['tables'][table]]
        inputs = self.situation(given) if inputs is None else inputs
        self.validate(inputs)
        faces = list(faces)
        columns = t['columns']
        if not columns:
            raise RtabError(E_RULESET)
        if t['step'] >= 0 and drm:
            raise RtabError(E_STEP_DRM)  # a modifier from outside belongs to no step
        faces_later = False  # none given: fine if the column needs no roll
        natural = 0
        if t['dice'] == NO_DICE:
            if faces:
                raise RtabError(E_FACES)
        elif not faces and any(c.get('kind', COLUMN_ROLLED) != COLUMN_ROLLED for c in columns):
            faces_later = True
        else:
            natural = self.natural_sum(self.x['dice'][t['dice']], faces)
            if t.get('rolls'):
                # An opposed roll: each declared roll's faces times its sign.
                natural, k = 0, 0
                for r in t['rolls']:
                    natural += r['sign'] * sum(faces[k:k + r['nfaces']])
                    k += r['nfaces']
        ctx = Context()  # the dice's reason marks the odds, not a result from faces given
        applied = []
        modifier_raw = self.apply_list(t, t['modifiers'], False, inputs, ctx, applied, drm)
        modifier = modifier_raw
        if t['capped']:
            modifier = min(max(modifier, t['cap_min']), t['cap_max'])
        roll = check32(natural + modifier)
        r = {'column': columns[0]['id'], 'key': None, 'key_column': None, 'column_shift': 0,
             'automatic': False, 'natural': natural, 'modifier_raw': modifier_raw,
             'modifier': modifier, 'modified_roll': roll}
        if t.get('rolls') and faces:
            # Each declared roll's sum, as rtab eval and rtab vectors show them.
            r['rolls'], k = {}, 0
            for tr in t['rolls']:
                r['rolls'][tr['id']] = sum(faces[k:k + tr['nfaces']])
                k += tr['nfaces']
        # The column: the input's or the key's, then shifted, then clamped.
        try:
            col = self.key_column(t, inputs, ctx, r)
        except RtabError as e:
            if e.status == E_NO_RESULT:
                return self.no_result(r)
            raise
        r['key_column'] = columns[col]['id']
        shift = self.apply_list(t, t.get('shifts', []), True, inputs, ctx, applied, 0)
        r['column_shift'] = shift
        first, end = self.run(t, inputs)
        # 'clamp shifts;': a key on an end column stays there; a shift stops at the printed columns.
        stops = t.get('shift_stops', 0)
        lo, hi = first + (1 if stops & 1 else 0), end - 1 - (1 if stops & 2 else 0)
        column = col if col < lo or col > hi else min(max(col + shift, lo), hi)
        c = columns[column]
        r['column'] = c['id']
        r['applied'] = [{'modifier': self.x['modifiers'][a['modifier']]['id'], 'value': a['value'],
                         'signed_value': a['signed'], 'counted': a['counted'], 'shift': a['shift']}
                        for a in applied]
        kind = c.get('kind', COLUMN_ROLLED)
        nat = self.natural_rule(t, faces) if faces else -1
        row = None
        if kind == COLUMN_NONE:
            # 'below none provisional "why"': "not allowed" may be a reading too.
            ctx.note_first(c.get('provisional'))
            return self.no_result(r) | ({'provisional': ctx.provisional} if c.get('provisional') else {})
        if kind == COLUMN_AUTOMATIC:
            r['automatic'] = True
            nat = -1
            outcome, why = c['automatic'], c.get('provisional')
        elif kind != COLUMN_ROLLED:
            raise RtabError(E_RULESET)
        elif faces_later:
            raise RtabError(E_FACES)
        elif nat >= 0:
            outcome = t['natural'][nat]['outcome']
            why = t['natural'][nat]['provisional']
        else:
            row = self.row(t, c, roll)
            outcome = t['rows'][row]['outcome']
            why = t['rows'][row]['provisional']
        ctx.note_first(why)
        rewritten_from, rewrite = None, None
        for rw in t['rewrites']:
            if rw['from'] != outcome:
                continue
            # The rewrite's reading decides the outcome whether it changes it or lets it
            # stand: what its condition read and its reason are noted either way.
            holds = self.eval(rw['condition'], inputs, ctx)
            ctx.note(rw.get('provisional'))
            if not holds:
                continue
            rewritten_from, outcome, rewrite = outcome, rw['to'], rw
            break
        fired = self.fired(outcome, inputs, ctx)
        o = self.x['outcomes'][outcome]
        r.update({
            'natural_rule': nat >= 0,
            'rewritten_from': None if rewritten_from is None else self.x['outcomes'][rewritten_from]['id'],
            'outcome': o['id'], 'code': o['code'],
            'rule': decided_rule(t, rewrite, nat, row if kind == COLUMN_ROLLED and nat < 0 else None),
            'effects': self.effects(o), 'triggers': [tr['target']['id'] for _, tr in fired],
            'trigger_of': [k for k, _ in fired],
            'trigger_inputs': [self.passed_on(outcome, k, inputs) for k, _ in fired],
            'provisional': ctx.provisional,
        })
        r.update(self.numbers(o))
        return r

    @staticmethod
    def no_result(r):
        # A key that reaches no column (odds 0:0) names none, as rtab eval does.
        column = r['column'] if r['key_column'] is not None else None
        return {'column': column} | {k: r[k] for k in ('key', 'key_column', 'column_shift')} | \
            {'outcome': None, 'no_result': True}

    def apply_list(self, t, indices, shift, inputs, ctx, applied, start):
        """Apply the modifiers of a list (die-roll modifiers, or column shifts);
        their total, stacking groups and group caps applied, added to start."""
        first = len(applied)
        for mi in indices:
            m = self.x['modifiers'][mi]
            if t['step'] >= 0 and not (m['steps'] >> t['step']) & 1:
                continue
            # What the condition read decided the result whether it holds or not.
            if not self.eval(m['condition'], inputs, ctx):
                continue
            value = self.eval(m['value'], inputs, ctx)
            if value == INT32_MIN and m['sign'] < 0:
                raise RtabError(E_OVERFLOW)
            applied.append({'modifier': mi, 'value': value, 'signed': -value if m['sign'] < 0 else value,
                            'counted': True, 'shift': shift})
        mine = applied[first:]
        self.stack(mine)
        total = start
        ngroups = len(self.x['groups'])
        for g in range(ngroups + 1):
            s, members = 0, False
            for a in mine:
                m = self.x['modifiers'][a['modifier']]
                mg = ngroups if m['group'] < 0 else m['group']
                if mg != g or not a['counted']:
                    continue
                s += a['signed']
                members = True
                ctx.note(m['provisional'])
            # A group adds nothing, whatever its cap, when none of its members applies.
            if g < ngroups and self.x['groups'][g]['capped'] and members:
                grp = self.x['groups'][g]
                s = min(max(s, grp['cap_min']), grp['cap_max'])
            total = check32(total + s)
        return total

    def key_column(self, t, inputs, ctx, r):
        """The column before any shift: the input's, or the computed key's."""
        kind = t.get('key_kind', KEY_INPUT)
        if t.get('column_input', -1) >= 0:
            self.note_input(t['column_input'], inputs[t['column_input']], ctx)
        if kind == KEY_INPUT:
            return self.column(t, inputs)
        if kind == KEY_ENUM:
            return self.enum_key_column(t, inputs, ctx)
        a = self.eval(t['key_a'], inputs, ctx)
        b = self.eval(t['key_b'], inputs, ctx) if kind == KEY_ODDS else 1
        r['key'] = '%s:%s' % (self.exact(a), self.exact(b)) if kind == KEY_ODDS \
            else ('+%d' % a if a > 0 else '%d' % a)
        if kind == KEY_ODDS and (a < 0 or b < 0):
            raise RtabError(E_INPUT)
        if kind == KEY_ODDS and a == 0 and b == 0:
            raise RtabError(E_NO_RESULT)
        first, end = self.run(t, inputs, ctx)
        return read_key(t, a, b, first, end)

    def enum_key_column(self, t, inputs, ctx):
        """Two enums: the run of the first's value, then the column of the second's
        (column_of_key, a row of values per run)."""
        first, end = self.run(t, inputs, ctx)
        k = self.eval(t['key_a'], inputs, ctx)
        keys, nruns = t.get('column_of_key') or [], len(t.get('column_end_of_value') or [])
        if t['column_input'] < 0 or not nruns or len(keys) % nruns:
            raise RtabError(E_RULESET)
        n = len(keys) // nruns
        if not 0 <= k < n:
            raise RtabError(E_RULESET)
        col = keys[inputs[t['column_input']] * n + k]
        if not first <= col < end:
            raise RtabError(E_RULESET)
        return col

    def run(self, t, inputs, ctx=None):
        """The columns [first, end) a computed key reads among and shifts stay in: a
        two-key table's run for its variant's value (column_end_of_value), or for
        the line whose condition holds (line_key), else all."""
        ends = t.get('column_end_of_value') or []
        if t.get('nlines', 0) and ends:
            v = self.eval(t['line_key'], inputs, ctx)
            if not 0 <= v < t['nlines']:
                raise RtabError(E_RULESET)
        elif t.get('key_kind', KEY_INPUT) == KEY_INPUT or t['column_input'] < 0 or not ends:
            return 0, len(t['columns'])
        else:
            v = inputs[t['column_input']]
        first, end = t['column_of_value'][v], ends[v]
        if not first < end <= len(t['columns']):
            raise RtabError(E_RULESET)
        return first, end

    def natural_sum(self, d, faces):
        if len(faces) != d['nfaces']:
            raise RtabError(E_FACES)
        k = total = 0
        for g in d['groups']:
            for _ in range(g['count']):
                if faces[k] < g['face_min'] or faces[k] > g['face_max']:
                    raise RtabError(E_FACES)
                total += faces[k]
                k += 1
        return total

    def stack(self, applied):
        """Within each stacking group and side, keep only the member its policy names
        (die-roll modifiers and column shifts stack apart: one list at a time); under
        largest_each_way one among the side's bonuses (members whose value is never
        below 0) and one among its penalties (never above 0)."""
        mods, groups = self.x['modifiers'], self.x['groups']
        for i, ai in enumerate(applied):
            mi = mods[ai['modifier']]
            if mi['group'] < 0 or not ai['counted']:
                continue
            policy = groups[mi['group']]['stacking']
            if policy == STACK_SUM:
                continue
            for aj in applied[i + 1:]:
                mj = mods[aj['modifier']]
                if mj['group'] != mi['group'] or mj['sign'] != mi['sign'] or not aj['counted']:
                    continue
                a, b = ai['signed'], aj['signed']
                best = policy == STACK_BEST
                if policy == STACK_LARGEST_EACH_WAY:
                    # A bonus: a member whose value is never below 0; a penalty: never above 0.
                    best = mi['min'] >= 0 or (mi['max'] > 0 and ai['value'] >= 0)
                    if best != (mj['min'] >= 0 or (mj['max'] > 0 and aj['value'] >= 0)):
                        continue
                j_better = b > a if mi['sign'] > 0 else b < a
                keep_j = j_better if best else (b < a if mi['sign'] > 0 else b > a)
                if keep_j:
                    ai['counted'] = False
                    break
                aj['counted'] = False

    def column(self, t, inputs):
        if t['column_input'] < 0:
            if len(t['columns']) != 1:
                raise RtabError(E_RULESET)
            return 0
        col = t['column_of_value'][inputs[t['column_input']]]
        if col >= t['ncolumns']:
            raise RtabError(E_COLUMN)
        return col

    def row(self, t, col, roll):
        if col['row_of_roll'] is None:
            raise RtabError(E_RULESET)
        if roll < t['roll_min']:
            r = col['below_row']
        elif roll > t['roll_max']:
            r = col['above_row']
        else:
            r = col['row_of_roll'][roll - t['roll_min']]
        if r < 0:
            raise RtabError(E_NO_ROW)
        return r

    @staticmethod
    def natural_rule(t, faces):
        mine = sorted(faces)
        for i, nr in enumerate(t['natural']):
            if sorted(nr['faces']) == mine:
                return i
        return -1

    def triggers(self, outcome, inputs, ctx=None):
        """What the outcome leads to: each target's id, a trigger resolved N times N times."""
        return [tr['target']['id'] for _, tr in self.fired(outcome, inputs, ctx)]

    def fired(self, outcome, inputs, ctx=None):
        """The outcome's triggers that fire, each as (which trigger of the outcome, the trigger),
        a trigger resolved N times listed N times, its repeats in order."""
        out = []
        note = ctx.note if ctx is not None else (lambda why: None)
        for k, tr in enumerate(self.x['outcomes'][outcome]['triggers']):
            times_expr = tr.get('times') or {'instrs': []}
            # Its reading (its condition, its count) decides whether and how often it
            # fires: its reason and what it read are noted, fired or not.
            note(tr.get('provisional'))
            suppressed = tr['unless']['instrs'] and self.eval(tr['unless'], inputs, ctx)
            times = 0 if suppressed else self.eval(times_expr, inputs, ctx) if times_expr['instrs'] else 1
            if times < 0:
                raise RtabError(E_RULESET)
            out.extend([(k, tr)] * times)
        return out

    def trigger_situation(self, outcome, k, inputs, earlier=()):
        """The situation trigger k of the outcome passes on, as the runtime holds it, for the
        repeat after those that gave the outcomes `earlier` (indices; None: none): every input
        as in inputs, but those it sets; 'repeat' the repeat's number, 'earlier X' whether an
        earlier repeat gave X."""
        tr = self.x['outcomes'][outcome]['triggers'][k]
        out = list(inputs)
        for st in tr.get('sets', []):
            each = st.get('each', SET_SAME)
            if each == SET_REPEAT:
                out[st['input']] = len(earlier) + 1
            elif each == SET_EARLIER:
                out[st['input']] = int(st['earlier'] in earlier)
            else:
                out[st['input']] = self.eval(st['value'], inputs)
        self.validate_domains(out)
        return out

    def passed_on(self, outcome, k, inputs, earlier=()):
        """What trigger k of the outcome passes on, by input id (as `trigger_inputs`)."""
        tr = self.x['outcomes'][outcome]['triggers'][k]
        out = self.trigger_situation(outcome, k, inputs, earlier)
        return {self.inputs[st['input']]['id']: self.value_of(st['input'], out[st['input']])
                for st in tr.get('sets', [])}

    def value_of(self, i, v):
        """An input's value as the vectors write it: an enum value's id, a bool, a number."""
        inp = self.inputs[i]
        if inp['type_name'] == 'enum':
            return self.x['enums'][inp['enum_index']]['values'][v]['id']
        if inp['type_name'] == 'bool':
            return bool(v)
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
                step['inputs'] = {self.inputs[st['input']]['id']: self.value_of(st['input'], passed[st['input']])
                                  for st in tr.get('sets', [])}
                step_faces = then[i] if i < len(then) else []
                got = self.chain_step(target, passed, step_faces, step)
            except RtabError as e:
                step.setdefault('inputs', {})
                step['error'] = str(e)
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
        """The numbers an outcome carries ("6/3": {'e': 6, 'lw': 3}), or nothing."""
        if not o.get('nvalues'):
            return {}
        params = self.x['numeric_outcomes'][o['numeric']]['params']
        return {'numbers': {p['id']: v for p, v in zip(params, o['values'])}}

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

    def reactions(self, name, given=None, inputs=None):
        rset = self.x['reaction_sets'][self.by_id['reaction_sets'][name]]
        inputs = self.situation(given) if inputs is None else inputs
        self.validate(inputs)
        options = []
        if not (rset['none_when']['instrs'] and self.eval(rset['none_when'], inputs)):
            options = [o for o in rset['options'] if self.eval(o['guard'], inputs)]
        return {'options': [o['id'] for o in options],
                'leads': {o['id']: (self.x['outcomes'][o['outcome']]['id'] if o['outcome'] >= 0 else None)
                          for o in options}}

    def transition(self, name, given=None, inputs=None):
        t = self.x['transitions'][self.by_id['transitions'][name]]
        inputs = self.situation(given) if inputs is None else inputs
        self.validate(inputs)
        nxt = t['next'][inputs[t['input']]]
        if nxt < 0:
            raise RtabError(E_STATE)
        values = self.x['enums'][self.inputs[t['input']]['enum_index']]['values']
        return {'state': values[nxt]['id']}

    def distance(self, name, given=None, faces=(), inputs=None):
        d = self.x['distances'][self.by_id['distances'][name]]
        inputs = self.situation(given) if inputs is None else inputs
        self.validate(inputs)
        values, provisional = [], None
        for form in d['forms']:
            ctx = Context(faces)
            try:
                v = self.eval(form['value'], inputs, ctx)
                if ctx.next_face != len(ctx.faces):
                    raise RtabError(E_FACES)
            except RtabError:
                values.append({'value': None, 'unit': form['unit']})
                continue
            ctx.note_first(d['provisional'])
            if provisional is None:
                provisional = ctx.provisional
            values.append({'value': self.exact(v), 'unit': form['unit']})
        return {'values': values, 'provisional': provisional}

    def procedure(self, name, given=None, inputs=None):
        p = self.x['procedures'][self.by_id['procedures'][name]]
        inputs = self.situation(given) if inputs is None else inputs
        self.validate(inputs)
        step = next((s for s in p['steps'] if self.eval(s['guard'], inputs)), None)
        outcome = step['outcome'] if step else p['otherwise']
        r = {'step': step['id'] if step else None,
             'outcome': self.x['outcomes'][outcome]['id'] if outcome >= 0 else None}
        if outcome >= 0:
            r['effects'] = self.effects(self.x['outcomes'][outcome])
            r['triggers'] = self.triggers(outcome, inputs)
            r.update(self.numbers(self.x['outcomes'][outcome]))
        return r


def decided_rule(t, rewrite, nat, row):
    """The rule reference of what decided a result: the rewrite that changed it, the
    natural-roll rule, the row read (when each has its own), else the table's. A reference
    is there when it is not null: an empty one ("") is one too, as in the runtime."""
    if rewrite is not None and rewrite.get('rule') is not None:
        return rewrite['rule']
    if nat >= 0 and t['natural'][nat].get('rule') is not None:
        return t['natural'][nat]['rule']
    if nat < 0 and row is not None and t['rows'][row].get('rule') is not None:
        return t['rows'][row]['rule']
    return t['rule']


def cmp_odds(a, b, p, q):
    """<0, 0 or >0 as a:b is below, at or above p:q."""
    left, right = a * q, p * b
    return (left > right) - (left < right)


def odds_position(a, b):
    """Where odds a:b (a, b > 0) lie in printed steps, as a fraction (n, m):
    N:1 at N, 1:N at 2 - N."""
    return (a, b) if a >= b else (2 * a - b, a)


MIDWAY_LIMIT = 1 << 32


def odds_midway(dp, dq, up, uq):
    """The odds midway, in printed steps, between dp:dq and up:uq (runtime/rtab.c
    rtab_odds_midway): round nearest reads odds at or below them down."""
    if min(dp, dq, up, uq) <= 0 or max(dp, dq, up, uq) > 0x7fffffff:
        raise RtabError(E_RULESET)
    n1, m1 = odds_position(dp, dq)
    n2, m2 = odds_position(up, uq)
    mn, md = n1 * m2 + n2 * m1, 2 * m1 * m2
    if md >= MIDWAY_LIMIT or abs(mn) >= MIDWAY_LIMIT:
        raise RtabError(E_RULESET)
    tn, td = (mn, md) if mn >= md else (md, 2 * md - mn)
    if tn >= MIDWAY_LIMIT or td >= MIDWAY_LIMIT:
        raise RtabError(E_RULESET)
    return tn, td


def nearest_odds_down(a, b, dp, dq, up, uq):
    """Whether round nearest reads a:b as dp:dq (below it) rather than up:uq: exactly,
    a tie reads down. A step 0:q lies infinitely far below any odds."""
    if dp == 0:
        return False
    return cmp_odds(a, b, *odds_midway(dp, dq, up, uq)) <= 0


def effective_rounding(rounding, at_or_above_evens):
    if rounding == ROUND_EVENS:
        return ROUND_DOWN if at_or_above_evens else ROUND_UP
    return rounding


def band_round(band, a, b):
    """Round a:b (both > 0) to the ladder of whole odds and the band's steps."""
    if a >= b:
        dp, dq = a // b, 1
        up, uq = dp + (a % b != 0), 1
    else:
        dp, dq = 1, (b + a - 1) // a
        up, uq = 1, b // a
    for st in band['steps']:
        p, q = st['num'], st['den']
        if cmp_odds(p, q, a, b) <= 0 and cmp_odds(p, q, dp, dq) > 0:
            dp, dq = p, q
        if cmp_odds(p, q, a, b) >= 0 and cmp_odds(p, q, up, uq) < 0:
            up, uq = p, q
    mode = effective_rounding(band.get('rounding', ROUND_EVENS), a >= b)
    if mode > ROUND_LINEAR_UP:
        raise RtabError(E_RULESET)
    if mode in (ROUND_LINEAR, ROUND_LINEAR_UP):
        # a:b against (dp/dq + up/uq) / 2, exactly; under LINEAR_UP a tie reads up
        left, right = 2 * a * dq * uq, b * (dp * uq + up * dq)
        down = left < right if mode == ROUND_LINEAR_UP else left <= right
    else:
        down = mode == ROUND_DOWN or (mode == ROUND_NEAREST and nearest_odds_down(a, b, dp, dq, up, uq))
    return (dp, dq) if down else (up, uq)


def key_rounding(t, num, den):
    """The rounding of the range of the key ('round up below 1:1, nearest from
    1:1'), or the table's one rounding."""
    ranges = t.get('round_ranges') or []
    if not ranges:
        return t['rounding']
    mode = ranges[0]['rounding']
    for r in ranges[1:]:
        if t['key_kind'] == KEY_VALUE:
            k = (num > r['from_num']) - (num < r['from_num'])
        else:
            k = cmp_odds(num, den, r['from_num'], r['from_den'])
        if k >= 0:
            mode = r['rounding']
    return mode


def read_key(t, num, den, first, n):
    """The column a computed key reads as among columns [first, n), under the table's
    rounding; the ends clamp."""
    cols = t['columns']
    value = t['key_kind'] == KEY_VALUE

    def cmp(i, a, b):
        c = cols[i]
        if value:
            return (a > c['step_num']) - (a < c['step_num'])
        return cmp_odds(a, b, c['step_num'], c['step_den'])

    if t.get('above_strict', 0):  # 'above more than S': only a key past S reads it
        if n < first + 2 or n > len(cols) or cols[n - 1].get('kind', COLUMN_ROLLED) == COLUMN_ROLLED:
            raise RtabError(E_RULESET)
        a = cols[n - 1]
        if not value and not (0 <= a['step_num'] <= MAX_STEP_TERM and 0 < a['step_den'] <= MAX_STEP_TERM):
            raise RtabError(E_RULESET)
        if cmp(n - 2, a['step_num'], a['step_den']) < 0:
            raise RtabError(E_RULESET)
        if cmp(n - 1, num, den) > 0:
            return n - 1
        n -= 1
    down = up = passed = n  # passed: the greatest step below the key
    for i in range(first, n):
        c = cols[i]
        if not value and not (0 <= c['step_num'] <= MAX_STEP_TERM and 0 < c['step_den'] <= MAX_STEP_TERM):
            raise RtabError(E_RULESET)
        if i > first and cmp(i - 1, c['step_num'], c['step_den']) <= 0:
            raise RtabError(E_RULESET)
        k = cmp(i, num, den)
        if k >= 0:
            down = i
        if k > 0:
            passed = i
        if k <= 0 and up == n:
            up = i
    mode = effective_rounding(key_rounding(t, num, den), num >= 0 if value else num >= den)
    if mode > ROUND_DOWN_STRICT or n <= first:
        raise RtabError(E_RULESET)
    if mode == ROUND_DOWN_STRICT:  # 'more than'
        return first if passed == n else passed
    if down == n:
        return up
    if up == n:
        return down
    if mode == ROUND_DOWN:
        return down
    if mode == ROUND_UP:
        return up
    d, u = cols[down], cols[up]
    ties_up = mode == ROUND_LINEAR_UP  # else a tie reads down
    if value:
        twice, mid = 2 * num, d['step_num'] + u['step_num']
        return down if (twice < mid if ties_up else twice <= mid) else up
    if mode in (ROUND_LINEAR, ROUND_LINEAR_UP):
        # the midpoint on the ratio itself (rtab_odds_linear_midway); a step 0:q
        # lies infinitely far below
        if d['step_num'] == 0:
            return up
        tn = d['step_num'] * u['step_den'] + u['step_num'] * d['step_den']
        td = 2 * d['step_den'] * u['step_den']
        return down if (num * td < tn * den if ties_up else num * td <= tn * den) else up
    return down if nearest_odds_down(num, den, d['step_num'], d['step_den'], u['step_num'], u['step_den']) else up


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


def arith(name, a, b):
    if name == 'add':
        r = a + b
    elif name == 'sub':
        r = a - b
    elif name == 'mul':
        r = a * b
    elif name in ('eq', 'ne', 'lt', 'le', 'gt', 'ge'):
        r = int({'eq': a == b, 'ne': a != b, 'lt': a < b, 'le': a <= b, 'gt': a > b, 'ge': a >= b}[name])
    elif name == 'and':
        r = int(bool(a) and bool(b))
    elif name == 'or':
        r = int(bool(a) or bool(b))
    elif name == 'min':
        r = min(a, b)
    elif name == 'max':
        r = max(a, b)
    elif name in ('div_down', 'div_up'):
        if b == 0:
            raise RtabError(E_EXPR)
        r = a // b if name == 'div_down' else -((-a) // b)
    else:
        raise RtabError(E_EXPR)
    return check32(r)


def answer(rs, situation):
    """The answer to one situation of `rtab conform`: the result, or the
    runtime's refusal as {'error': message}."""
    given = situation.get('inputs', {})
    try:
        if 'table' in situation:
            return rs.resolve(situation['table'], given, situation.get('faces', []), situation.get('drm', 0))
        if 'reactions' in situation:
            return rs.reactions(situation['reactions'], given)
        if 'transition' in situation:
            try:
                return rs.transition(situation['transition'], given)
            except RtabError as e:
                if e.status == E_STATE:
                    return {'state': None}
                raise
        if 'distance' in situation:
            return rs.distance(situation['distance'], given, situation.get('faces', []))
        if 'chain' in situation:
            c = rs.chain(situation['chain'], given, situation.get('faces', []), situation.get('drm', 0),
                         situation.get('then', []))
            return {'outcome': c['outcome'], 'steps': c['steps']}
        return rs.procedure(situation['procedure'], given)
    except RtabError as e:
        return {'error': str(e)}


def serve(rs, lines, out):
    """One answer line per situation line, flushed: the port side of rtab conform."""
    for line in lines:
        if line.strip():
            situation = json.loads(line, parse_float=decimal.Decimal)
            out.write(json.dumps(answer(rs, situation), ensure_ascii=False, default=float) + '\n')
            out.flush()


def main(argv):
    if len(argv) == 3 and argv[2] == '--conform':
        with open(argv[1], encoding='utf-8') as f:
            serve(Ruleset(json.load(f, parse_float=decimal.Decimal)), sys.stdin, sys.stdout)
        return 0
    if len(argv) < 3:
        print(__doc__)
        return 2
    with open(argv[1], encoding='utf-8') as f:
        rs = Ruleset(json.load(f))
    name, given, faces, drm = argv[2], {}, [], 0
    args = iter(argv[3:])
    for a in args:
        if a == '--roll':
            faces = [int(x) for x in next(args).split(',')]
        elif a == '--drm':
            drm = int(next(args))
        else:
            k, _, v = a.partition('=')
            given[k] = v
    try:
        if name in rs.by_id['tables']:
            out = rs.resolve(name, given, faces, drm)
        elif name in rs.by_id['reaction_sets']:
            out = rs.reactions(name, given)
        elif name in rs.by_id['transitions']:
            out = rs.transition(name, given)
        elif name in rs.by_id['distances']:
            out = rs.distance(name, given, faces)
        elif name in rs.by_id['procedures']:
            out = rs.procedure(name, given)
        else:
            print('nothing named %r' % name, file=sys.stderr)
            return 2
    except RtabError as e:
        print('error: %s' % e, file=sys.stderr)
        return 1
    print(json.dumps(out, ensure_ascii=False, default=float))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
