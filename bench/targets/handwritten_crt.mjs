// The classic odds CRT (tables/classic_odds.rtab, table crt, 7.3 to 7.6), ported by hand
// to JavaScript as a careful programmer would: the baseline the module of `rtab compile
// --target js` is timed against on a grid odds table (bench/targets/targets.py). It fills
// the same result as the module's resolve('crt', ...): the odds and their column (rounded
// in the defender's favour), the column shifts applied and the column read, the outcome of
// the roll (or of the column without one: no attack below 1:4, the defender eliminated at
// 6:1 or more), its code, rule and effects. It reads the situation by input id and refuses
// what the module refuses (an unknown input, a value outside its domain, a wrong face, no
// face where a roll is needed). Everything it shows is written here: it reads no data at
// run time.
//
//   const crt = new Crt();
//   crt.resolve({ attack: 17, defence: 6 }, 4);

const COLUMNS = ['<1:4', '1:4', '1:3', '1:2', '1:1', '1.5:1', '2:1', '3:1', '4:1', '5:1', '6:1+'];
// The printed ratios num:den, in order: attack:defence reaches column c when
// attack * den >= num * defence (cross-multiplied, exact).
const RATIO_NUM = [1, 1, 1, 1, 3, 2, 3, 4, 5, 6];
const RATIO_DEN = [4, 3, 2, 1, 2, 1, 1, 1, 1, 1];
const AUTOMATIC = COLUMNS.length - 1;

const AE = { outcome: 'attacker_eliminated', code: 'AE', effects: [{ effect: 'eliminated', args: ['attacker'] }] };
const AR = { outcome: 'attacker_retreats', code: 'AR', effects: [{ effect: 'retreat', args: ['attacker', 2] }] };
const NE = { outcome: 'no_effect', code: 'NE', effects: [] };
const EX = { outcome: 'exchange', code: 'EX', effects: [{ effect: 'exchange', args: [] }] };
const DR = { outcome: 'defender_retreats', code: 'DR', effects: [{ effect: 'retreat', args: ['defender', 2] }] };
const DE = { outcome: 'defender_eliminated', code: 'DE', effects: [{ effect: 'eliminated', args: ['defender'] }] };
// The grid (7.3): per rolled column 1:4 .. 5:1, the outcome of each roll 1..6.
const GRID = [
  [AR, AE, AE, AE, AE, AE], // 1:4
  [AR, AR, AE, AE, AE, AE], // 1:3
  [NE, AR, AR, AE, AE, AE], // 1:2
  [DR, NE, AR, AR, AE, AE], // 1:1
  [DR, DR, NE, AR, AR, AE], // 1.5:1
  [DR, DR, EX, NE, AR, AR], // 2:1
  [DR, DR, DR, EX, NE, AR], // 3:1
  [DE, DR, DR, DR, EX, NE], // 4:1
  [DE, DE, DR, DR, DR, EX], // 5:1
];

// Each input of the ruleset: its domain (an int's bounds, 'bool', or an enum's ids) and default.
export const INPUTS = {
  attack: [[0, 999], 1], defence: [[0, 999], 1], combined_arms: ['bool', false], across_river: ['bool', false],
  charge: ['bool', false], position: [['open', 'fortified'], 'open'],
};
const NAMES = Object.keys(INPUTS);

/** A refusal, with the runtime's status. */
export class CrtError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export class Crt {
  situation(given) {
    const v = {};
    for (const name of NAMES) v[name] = INPUTS[name][1];
    for (const name in given) {
      const spec = INPUTS[name];
      if (spec === undefined) throw new CrtError(-3, `no input named ${name}`);
      const kind = spec[0], value = given[name];
      if (kind === 'bool') {
        if (value !== true && value !== false) throw new CrtError(-3, `input ${name} is ${value}, not true or false`);
      } else if (typeof kind[0] === 'number') {
        if (!Number.isInteger(value) || value < kind[0] || value > kind[1]) {
          throw new CrtError(-3, `input ${name} is ${value}, outside ${kind[0]}..${kind[1]}`);
        }
      } else if (!kind.includes(value)) {
        throw new CrtError(-3, `input ${name} is ${value}, not one of ${kind.join(', ')}`);
      }
      v[name] = value;
    }
    return v;
  }

  /** face null: no roll given (enough where the column decides). */
  resolve(given, face = null) {
    if (face !== null && (!Number.isInteger(face) || face < 1 || face > 6)) throw new CrtError(-4, `face ${face}`);
    const v = this.situation(given);
    const attack = v.attack, defence = v.defence;
    const key = `${attack}:${defence}`;
    if (attack === 0 && defence === 0) {
      return { column: COLUMNS[0], key, key_column: null, column_shift: 0, outcome: null, no_result: true };
    }
    let col = 0;
    while (col < RATIO_NUM.length && attack * RATIO_DEN[col] >= RATIO_NUM[col] * defence) col++;
    const applied = [];
    let shift = 0;
    if (v.combined_arms) {
      applied.push({ modifier: 'combined_arms', value: 1, signed_value: 1, counted: true, shift: true });
      shift += 1;
    }
    if (v.across_river) {
      applied.push({ modifier: 'river', value: 2, signed_value: -2, counted: true, shift: true });
      shift -= 2;
    }
    const column = Math.min(Math.max(col + shift, 0), AUTOMATIC);
    if (column === 0) {
      return { column: COLUMNS[0], key, key_column: COLUMNS[col], column_shift: shift, outcome: null, no_result: true };
    }
    const natural = face ?? 0;
    let o;
    if (column === AUTOMATIC) o = DE;
    else if (face === null) throw new CrtError(-4, `the column ${COLUMNS[column]} needs a roll`);
    else o = GRID[column - 1][face - 1];
    return {
      column: COLUMNS[column], key, key_column: COLUMNS[col], column_shift: shift, automatic: column === AUTOMATIC,
      natural, modifier_raw: 0, modifier: 0, modified_roll: natural, applied, natural_rule: false,
      rewritten_from: null, outcome: o.outcome, code: o.code, rule: '7.3', effects: o.effects, triggers: [],
      trigger_of: [], trigger_inputs: [], provisional: null,
    };
  }
}
