"""The Musket & Pike melee (tables/musket_pike.rtab, 11.0 to 11.3.8), ported by hand to
Python as a careful programmer would: the baseline the module of `rtab compile --target
python` is timed against (bench/targets/targets.py). It fills the same result as the
module's resolve('melee', ...): the modifiers applied (stacking decided), the modifier and
the modified roll, the outcome, its code, rule and effects, the triggers with which
trigger of the outcome each is and what each passes on, and the first provisional reason;
it reads the situation by input id and refuses what the module refuses (an unknown input,
a value outside its domain, a broken requirement, a wrong face).

    melee = Melee(musket_pike.DATA)       # the texts and effects, read once
    melee.resolve({'attacker_morale': 7}, 4)
"""

# Enum values, in the order the rules declare them.
CUIR, ARQ, HI, LI, HEDGEHOG, HIWP, NOT_IN_MATRIX = range(7)
NORMAL, WAVERING, SCATTERED = 0, 1, 2
TACW, NGBG, SIA = 0, 1, 2
UNIT_TYPES = ['cuirassiers', 'arquebusiers', 'heavy_infantry', 'light_infantry', 'hedgehog',
              'heavy_infantry_without_pikes', 'not_in_matrix']
FORMATIONS = ['normal', 'wavering', 'scattered', 'hedgehog']
GAMES = ['tacw', 'ngbg', 'sia', 'other']
OUTCOMES = ['attacker_eliminated', 'attacker_broken', 'attacker_shaken_retreat_2', 'attacker_shaken_retreat_1',
            'defender_shaken_retreat_1', 'defender_shaken_retreat_2', 'defender_broken', 'defender_eliminated']
# The Melee Matrix (11.3.8): [attacker][defender], 0 where it prints nothing.
MATRIX = [[0] * 7 for _ in range(7)]
MATRIX[CUIR][HIWP], MATRIX[ARQ][CUIR], MATRIX[ARQ][HIWP] = 2, -1, 1
MATRIX[HI][LI], MATRIX[HI][HIWP], MATRIX[HIWP][HI], MATRIX[HIWP][LI] = 1, 2, -1, 1
# The row of each modified roll -4..13 (the cap keeps it there).
ROW = [0, 0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 7, 7, 7]

# Each input the melee reads: its kind ('int' with its domain, 'bool', or an enum's ids) and default.
INPUTS = {
    'game': (GAMES, 3), 'attacker_type': (UNIT_TYPES, NOT_IN_MATRIX), 'defender_type': (UNIT_TYPES, NOT_IN_MATRIX),
    'attacker_leaders': ((0, 3), 0), 'defender_leaders': ((0, 3), 0),
    'attacker_morale': ((1, 10), 5), 'defender_morale': ((1, 10), 5),
    'attacker_strength': ((1, 99), 10), 'defender_strength': ((1, 99), 10),
    'defending_cavalry_pistol_shot': ('bool', False), 'flank_rear_hexes': ((0, 4), 0),
    'attacker_formation': (FORMATIONS, NORMAL), 'attacker_open_order': ('bool', False),
    'defender_formation': (FORMATIONS, NORMAL), 'defender_open_order': ('bool', False),
    'after_volley': ('bool', False), 'heavy_infantry_impetus': ('bool', False), 'cavalry_impetus': ('bool', False),
    'halmstad': ('bool', False), 'attacker_light_cavalry': ('bool', False),
    'eliminated_failing_to_retreat': ('bool', False),
    'attacker_cavalry_units': ((0, 6), 0), 'defender_cavalry_units': ((0, 6), 0),
}


class MeleeError(Exception):
    """A refusal, with the runtime's status."""

    def __init__(self, status, detail):
        super().__init__(detail)
        self.status = status


def applied(modifier, value, sign):
    return {'modifier': modifier, 'value': value, 'signed_value': value * sign, 'counted': True, 'shift': False}


class Melee:
    def __init__(self, data):
        """The texts a result shows (the reasons, the effects), read once from the export."""
        inputs = {i['id']: i for i in data['inputs']}
        self.reason = {name: inputs[name]['provisional'] for name in ('attacker_leaders', 'defender_leaders',
                                                                      'attacker_morale', 'defender_morale',
                                                                      'attacker_strength', 'defender_strength')}
        self.ratio_reason = next(b for b in data['bands'] if b['id'] == 'force_ratio')['provisional']
        melee = next(t for t in data['tables'] if t['id'] == 'melee')
        self.row_reason = [r.get('provisional') for r in melee['rows']]
        self.row_rule = [r.get('rule') if r.get('rule') is not None else melee['rule'] for r in melee['rows']]
        self.effects = {}
        for o in data['outcomes']:
            effects = []
            for e in o['effects']:
                kind = data['effect_kinds'][e['kind']]
                args = [data['enums'][p['enum_index']]['values'][a]['id'] if p['enum_index'] >= 0 else a
                        for a, p in zip(e['args'], kind['params'])]
                effect = {'effect': kind['id'], 'args': args}
                if any(p.get('unit') for p in kind['params']):
                    effect['units'] = [p.get('unit') for p in kind['params']][:len(args)]
                effects.append(effect)
            self.effects[o['id']] = effects

    def situation(self, given):
        v = {name: default for name, (_, default) in INPUTS.items()}
        for name, value in given.items():
            kind = INPUTS.get(name)
            if kind is None:
                raise MeleeError(-3, 'no input of the melee named %r' % name)
            kind = kind[0]
            if kind == 'bool':
                if value is not True and value is not False:
                    raise MeleeError(-3, 'input %s is %r, not True or False' % (name, value))
            elif isinstance(kind, tuple):
                if type(value) is not int or not kind[0] <= value <= kind[1]:
                    raise MeleeError(-3, 'input %s is %r, outside %d..%d' % (name, value, kind[0], kind[1]))
            else:
                if value not in kind:
                    raise MeleeError(-3, 'input %s is %r, not one of %s' % (name, value, ', '.join(kind)))
                value = kind.index(value)
            v[name] = value
        # The three requirements of the rules (11.7.1, 11.3.8).
        if v['attacker_type'] in (CUIR, ARQ) or v['attacker_light_cavalry']:
            if v['attacker_cavalry_units'] == 0:
                raise MeleeError(-15, 'attacking_cavalry_counted')
        if v['defender_type'] in (CUIR, ARQ) and v['defender_cavalry_units'] == 0:
            raise MeleeError(-15, 'defending_cavalry_counted')
        if v['attacker_light_cavalry'] and v['attacker_type'] != NOT_IN_MATRIX:
            raise MeleeError(-15, 'light_cavalry_not_in_matrix')
        return v

    def resolve(self, given, face):
        if type(face) is not int or not 0 <= face <= 9:
            raise MeleeError(-4, 'face %r' % (face,))
        v = self.situation(given)
        al, dl, am, dm = v['attacker_leaders'], v['defender_leaders'], v['attacker_morale'], v['defender_morale']
        ast, dst = v['attacker_strength'], v['defender_strength']
        att_type, def_type = v['attacker_type'], v['defender_type']
        mods = []
        total = 0
        # Leaders (11.3.2): one per side counts.
        if al >= 1:
            mods.append(applied('attacker_leader', 1, 1))
            total += 1
        if al >= 2:
            m = applied('attacker_second_leader', 1, 1)
            m['counted'] = False
            mods.append(m)
        if dl >= 1:
            mods.append(applied('defender_leader', 1, -1))
            total -= 1
        if dl >= 2:
            m = applied('defender_second_leader', 1, -1)
            m['counted'] = False
            mods.append(m)
        if am != dm:
            mods.append(applied('morale_difference', am - dm, 1))
            total += am - dm
        ratio = (ast >= 4 * dst) + (ast >= 2 * dst) - (4 * ast <= dst) - (2 * ast <= dst)
        if ratio:
            mods.append(applied('force_ratio_modifier', ratio, 1))
            total += ratio
        if att_type != NOT_IN_MATRIX and att_type != HEDGEHOG and def_type != NOT_IN_MATRIX:
            cell = MATRIX[att_type][def_type]
            mods.append(applied('melee_matrix_modifier', cell, 1))
            total += cell
        if v['defending_cavalry_pistol_shot']:
            mods.append(applied('pistol_shot', 1, -1))
            total -= 1
        if v['flank_rear_hexes'] > 0:
            mods.append(applied('flank_rear', v['flank_rear_hexes'], 1))
            total += v['flank_rear_hexes']
        # Formation (11.3): only the worst per side counts.
        att_form = def_form = None
        if v['attacker_formation'] == WAVERING or v['attacker_open_order']:
            att_form = applied('attacker_wavering_or_open_order', -1, 1)
            mods.append(att_form)
        if v['attacker_formation'] == SCATTERED:
            if att_form is not None:
                att_form['counted'] = False
            att_form = applied('attacker_scattered', -2, 1)
            mods.append(att_form)
        if v['after_volley']:
            mods.append(applied('after_volley', 1, 1))
            total += 1
        if v['heavy_infantry_impetus']:
            mods.append(applied('heavy_infantry_impetus', 1, 1))
            total += 1
        if v['cavalry_impetus']:
            # +2, but +1 in NGBG at Halmstad and for SiA's arquebusiers and light cavalry (11.3.6).
            if v['game'] == NGBG and v['halmstad']:
                mods.append(applied('cavalry_impetus_ngbg_halmstad', 1, 1))
                total += 1
            elif v['game'] == SIA and (att_type == ARQ or v['attacker_light_cavalry']):
                mods.append(applied('cavalry_impetus_sia', 1, 1))
                total += 1
            else:
                mods.append(applied('cavalry_impetus', 2, 1))
                total += 2
        if v['defender_formation'] == WAVERING or v['defender_open_order']:
            def_form = applied('defender_wavering_or_open_order', -1, -1)
            mods.append(def_form)
        if v['defender_formation'] == SCATTERED:
            if def_form is not None:
                def_form['counted'] = False
            def_form = applied('defender_scattered', -2, -1)
            mods.append(def_form)
        if att_form is not None:
            total += att_form['signed_value']
        if def_form is not None:
            total += def_form['signed_value']
        modifier = total if -4 <= total <= 4 else (4 if total > 4 else -4)
        roll = face + modifier
        row = ROW[roll + 4]
        outcome = OUTCOMES[row]
        # What the result counts as provisional first: the row's own reason, else the first
        # input read at its ours-not-the-page's default, else the force ratio's reading.
        why = self.row_reason[row]
        if why is None:
            reason = self.reason
            why = (reason['attacker_leaders'] if al == 0 else reason['defender_leaders'] if dl == 0 else
                   reason['attacker_morale'] if am == 5 else reason['defender_morale'] if dm == 5 else
                   reason['attacker_strength'] if ast == 10 else reason['defender_strength'] if dst == 10 else
                   self.ratio_reason)
        # The triggers (11.7.1, 11.0, 11.3.2), in the order the outcome lists them.
        triggers, trigger_of, passed = [], [], []
        k = 0
        if row in (0, 1, 6, 7):
            attacker_lost = row <= 1
            loser = att_type if attacker_lost else def_type
            if loser != LI and not (row in (1, 6) and v['eliminated_failing_to_retreat']):
                # The first repeat's situation: no earlier repeat eliminated the unit.
                pursuit = {'pursued_eliminated_by_melee': row in (0, 7), 'earlier_pursue_and_eliminate': False}
                for _ in range(v['defender_cavalry_units'] if attacker_lost else v['attacker_cavalry_units']):
                    triggers.append('cavalry_pursuit')
                    trigger_of.append(0)
                    passed.append(pursuit)
            k = 1
        triggers.append('formation_hit')
        trigger_of.append(k)
        passed.append({'formation': FORMATIONS[v['attacker_formation']]})
        if def_type != HEDGEHOG:
            triggers.append('formation_hit')
            trigger_of.append(k + 1)
            passed.append({'formation': FORMATIONS[v['defender_formation']]})
        if al != 0:
            triggers.append('leader_loss_check')
            trigger_of.append(k + 2)
            passed.append({'leader_side': 'attacker'})
        if dl != 0:
            triggers.append('leader_loss_check')
            trigger_of.append(k + 3)
            passed.append({'leader_side': 'defender'})
        return {'column': 'all', 'key': None, 'key_column': 'all', 'column_shift': 0, 'automatic': False,
                'natural': face, 'modifier_raw': total, 'modifier': modifier, 'modified_roll': roll,
                'applied': mods, 'natural_rule': False, 'rewritten_from': None, 'outcome': outcome,
                'code': outcome, 'rule': self.row_rule[row], 'effects': self.effects[outcome],
                'triggers': triggers, 'trigger_of': trigger_of, 'trigger_inputs': passed, 'provisional': why}
