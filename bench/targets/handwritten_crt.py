"""The classic odds CRT (tables/classic_odds.rtab, table crt, 7.3 to 7.6), ported by hand to
Python as a careful programmer would: the baseline the module of `rtab compile --target
python` is timed against on a grid odds table (bench/targets/targets.py). It fills the same
result as the module's resolve('crt', ...): the odds and their column (rounded in the
defender's favour), the column shifts applied and the column read, the outcome of the roll
(or of the column without one: no attack below 1:4, the defender eliminated at 6:1 or more),
its code, rule and effects. It reads the situation by input id and refuses what the module
refuses (an unknown input, a value outside its domain, a wrong face, no face where a roll
is needed). Everything it shows is written here: it reads no data at run time.

    crt = Crt()
    crt.resolve({'attack': 17, 'defence': 6}, 4)
"""

COLUMNS = ['<1:4', '1:4', '1:3', '1:2', '1:1', '1.5:1', '2:1', '3:1', '4:1', '5:1', '6:1+']
# The printed ratios num:den, in order: attack:defence reaches column c when
# attack * den >= num * defence (cross-multiplied, exact).
RATIOS = [(1, 4), (1, 3), (1, 2), (1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
AUTOMATIC = len(COLUMNS) - 1

AE = {'outcome': 'attacker_eliminated', 'code': 'AE', 'effects': [{'effect': 'eliminated', 'args': ['attacker']}]}
AR = {'outcome': 'attacker_retreats', 'code': 'AR', 'effects': [{'effect': 'retreat', 'args': ['attacker', 2]}]}
NE = {'outcome': 'no_effect', 'code': 'NE', 'effects': []}
EX = {'outcome': 'exchange', 'code': 'EX', 'effects': [{'effect': 'exchange', 'args': []}]}
DR = {'outcome': 'defender_retreats', 'code': 'DR', 'effects': [{'effect': 'retreat', 'args': ['defender', 2]}]}
DE = {'outcome': 'defender_eliminated', 'code': 'DE', 'effects': [{'effect': 'eliminated', 'args': ['defender']}]}
# The grid (7.3): per rolled column 1:4 .. 5:1, the outcome of each roll 1..6.
GRID = [
    [AR, AE, AE, AE, AE, AE],  # 1:4
    [AR, AR, AE, AE, AE, AE],  # 1:3
    [NE, AR, AR, AE, AE, AE],  # 1:2
    [DR, NE, AR, AR, AE, AE],  # 1:1
    [DR, DR, NE, AR, AR, AE],  # 1.5:1
    [DR, DR, EX, NE, AR, AR],  # 2:1
    [DR, DR, DR, EX, NE, AR],  # 3:1
    [DE, DR, DR, DR, EX, NE],  # 4:1
    [DE, DE, DR, DR, DR, EX],  # 5:1
]

# Each input of the ruleset: its domain ('int' bounds or 'bool') and default.
INPUTS = {'attack': ((0, 999), 1), 'defence': ((0, 999), 1), 'combined_arms': ('bool', False),
          'across_river': ('bool', False), 'charge': ('bool', False),
          'position': (['open', 'fortified'], 'open')}


class CrtError(Exception):
    """A refusal, with the runtime's status."""

    def __init__(self, status, detail):
        super().__init__(detail)
        self.status = status


class Crt:
    def situation(self, given):
        v = {name: default for name, (_, default) in INPUTS.items()}
        for name, value in given.items():
            kind = INPUTS.get(name)
            if kind is None:
                raise CrtError(-3, 'no input named %r' % name)
            kind = kind[0]
            if kind == 'bool':
                if value is not True and value is not False:
                    raise CrtError(-3, 'input %s is %r, not True or False' % (name, value))
            elif isinstance(kind, tuple):
                if type(value) is not int or not kind[0] <= value <= kind[1]:
                    raise CrtError(-3, 'input %s is %r, outside %d..%d' % (name, value, kind[0], kind[1]))
            elif value not in kind:
                raise CrtError(-3, 'input %s is %r, not one of %s' % (name, value, ', '.join(kind)))
            v[name] = value
        return v

    def resolve(self, given, face=None):
        """face None: no roll given (enough where the column decides)."""
        if face is not None and (type(face) is not int or not 1 <= face <= 6):
            raise CrtError(-4, 'face %r' % (face,))
        v = self.situation(given)
        attack, defence = v['attack'], v['defence']
        key = '%d:%d' % (attack, defence)
        if attack == 0 and defence == 0:
            return {'column': COLUMNS[0], 'key': key, 'key_column': None, 'column_shift': 0,
                    'outcome': None, 'no_result': True}
        col = 0
        for num, den in RATIOS:
            if attack * den < num * defence:
                break
            col += 1
        applied, shift = [], 0
        if v['combined_arms']:
            applied.append({'modifier': 'combined_arms', 'value': 1, 'signed_value': 1, 'counted': True,
                            'shift': True})
            shift += 1
        if v['across_river']:
            applied.append({'modifier': 'river', 'value': 2, 'signed_value': -2, 'counted': True, 'shift': True})
            shift -= 2
        column = min(max(col + shift, 0), AUTOMATIC)
        if column == 0:
            return {'column': COLUMNS[0], 'key': key, 'key_column': COLUMNS[col], 'column_shift': shift,
                    'outcome': None, 'no_result': True}
        natural = face if face is not None else 0
        if column == AUTOMATIC:
            o = DE
        elif face is None:
            raise CrtError(-4, 'the column %s needs a roll' % COLUMNS[column])
        else:
            o = GRID[column - 1][face - 1]
        return {'column': COLUMNS[column], 'key': key, 'key_column': COLUMNS[col], 'column_shift': shift,
                'automatic': column == AUTOMATIC, 'natural': natural, 'modifier_raw': 0, 'modifier': 0,
                'modified_roll': natural, 'applied': applied, 'natural_rule': False, 'rewritten_from': None,
                'outcome': o['outcome'], 'code': o['code'], 'rule': '7.3', 'effects': o['effects'],
                'triggers': [], 'trigger_of': [], 'trigger_inputs': [], 'provisional': None}
