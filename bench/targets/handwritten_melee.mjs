// The Musket & Pike melee (tables/musket_pike.rtab, 11.0 to 11.3.8), ported by hand to
// JavaScript as a careful programmer would: the baseline the module of `rtab compile
// --target js` is timed against (bench/targets/targets.py). It fills the same result as
// the module's resolve('melee', ...): the modifiers applied (stacking decided), the
// modifier and the modified roll, the outcome, its code, rule and effects, the triggers
// with which trigger of the outcome each is and what each passes on, and the first
// provisional reason; it reads the situation by input id and refuses what the module
// refuses (an unknown input, a value outside its domain, a broken requirement, a wrong face).
//
//   const melee = new Melee(DATA);   // the texts and effects, read once
//   melee.resolve({ attacker_morale: 7 }, 4);

const CUIR = 0, ARQ = 1, LI = 3, HEDGEHOG = 4, HIWP = 5, NOT_IN_MATRIX = 6, HI = 2;
const WAVERING = 1, SCATTERED = 2;
const NGBG = 1, SIA = 2;
const UNIT_TYPES = ['cuirassiers', 'arquebusiers', 'heavy_infantry', 'light_infantry', 'hedgehog',
  'heavy_infantry_without_pikes', 'not_in_matrix'];
const FORMATIONS = ['normal', 'wavering', 'scattered', 'hedgehog'];
const GAMES = ['tacw', 'ngbg', 'sia', 'other'];
const OUTCOMES = ['attacker_eliminated', 'attacker_broken', 'attacker_shaken_retreat_2', 'attacker_shaken_retreat_1',
  'defender_shaken_retreat_1', 'defender_shaken_retreat_2', 'defender_broken', 'defender_eliminated'];
// The Melee Matrix (11.3.8): [attacker * 7 + defender], 0 where it prints nothing.
const MATRIX = new Int8Array(49);
MATRIX[CUIR * 7 + HIWP] = 2; MATRIX[ARQ * 7 + CUIR] = -1; MATRIX[ARQ * 7 + HIWP] = 1;
MATRIX[HI * 7 + LI] = 1; MATRIX[HI * 7 + HIWP] = 2; MATRIX[HIWP * 7 + HI] = -1; MATRIX[HIWP * 7 + LI] = 1;
// The row of each modified roll -4..13 (the cap keeps it there).
const ROW = [0, 0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 7, 7, 7];

// Each input the melee reads: its kind (an int's domain, 'bool', or an enum's ids) and default.
export const INPUTS = {
  game: [GAMES, 3], attacker_type: [UNIT_TYPES, NOT_IN_MATRIX], defender_type: [UNIT_TYPES, NOT_IN_MATRIX],
  attacker_leaders: [[0, 3], 0], defender_leaders: [[0, 3], 0],
  attacker_morale: [[1, 10], 5], defender_morale: [[1, 10], 5],
  attacker_strength: [[1, 99], 10], defender_strength: [[1, 99], 10],
  defending_cavalry_pistol_shot: ['bool', false], flank_rear_hexes: [[0, 4], 0],
  attacker_formation: [FORMATIONS, 0], attacker_open_order: ['bool', false],
  defender_formation: [FORMATIONS, 0], defender_open_order: ['bool', false],
  after_volley: ['bool', false], heavy_infantry_impetus: ['bool', false], cavalry_impetus: ['bool', false],
  halmstad: ['bool', false], attacker_light_cavalry: ['bool', false], eliminated_failing_to_retreat: ['bool', false],
  attacker_cavalry_units: [[0, 6], 0], defender_cavalry_units: [[0, 6], 0],
};
const NAMES = Object.keys(INPUTS);

/** A refusal, with the runtime's status. */
export class MeleeError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

function applied(modifier, value, sign) {
  return { modifier, value, signed_value: value * sign, counted: true, shift: false };
}

export class Melee {
  /** The texts a result shows (the reasons, the effects), read once from the export. */
  constructor(data) {
    const inputs = Object.fromEntries(data.inputs.map((i) => [i.id, i]));
    this.reason = Object.fromEntries(['attacker_leaders', 'defender_leaders', 'attacker_morale', 'defender_morale',
      'attacker_strength', 'defender_strength'].map((n) => [n, inputs[n].provisional]));
    this.ratioReason = data.bands.find((b) => b.id === 'force_ratio').provisional;
    const melee = data.tables.find((t) => t.id === 'melee');
    this.rowReason = melee.rows.map((r) => r.provisional ?? null);
    this.rowRule = melee.rows.map((r) => r.rule ?? melee.rule);
    this.effects = {};
    for (const o of data.outcomes) {
      this.effects[o.id] = o.effects.map((e) => {
        const kind = data.effect_kinds[e.kind];
        const args = e.args.slice(0, kind.params.length).map((a, i) => (kind.params[i].enum_index >= 0
          ? data.enums[kind.params[i].enum_index].values[a].id : a));
        const effect = { effect: kind.id, args };
        if (kind.params.some((p) => p.unit)) effect.units = kind.params.map((p) => p.unit ?? null).slice(0, args.length);
        return effect;
      });
    }
  }

  situation(given) {
    const v = {};
    for (const name of NAMES) v[name] = INPUTS[name][1];
    for (const name in given) {
      const spec = INPUTS[name];
      if (spec === undefined) throw new MeleeError(-3, `no input of the melee named ${name}`);
      const kind = spec[0];
      let value = given[name];
      if (kind === 'bool') {
        if (value !== true && value !== false) throw new MeleeError(-3, `input ${name} is ${value}, not true or false`);
      } else if (typeof kind[0] === 'number') {
        if (!Number.isInteger(value) || value < kind[0] || value > kind[1]) {
          throw new MeleeError(-3, `input ${name} is ${value}, outside ${kind[0]}..${kind[1]}`);
        }
      } else {
        value = kind.indexOf(value);
        if (value < 0) throw new MeleeError(-3, `input ${name} is ${given[name]}, not one of ${kind.join(', ')}`);
      }
      v[name] = value;
    }
    // The three requirements of the rules (11.7.1, 11.3.8).
    if ((v.attacker_type === CUIR || v.attacker_type === ARQ || v.attacker_light_cavalry) && v.attacker_cavalry_units === 0) {
      throw new MeleeError(-15, 'attacking_cavalry_counted');
    }
    if ((v.defender_type === CUIR || v.defender_type === ARQ) && v.defender_cavalry_units === 0) {
      throw new MeleeError(-15, 'defending_cavalry_counted');
    }
    if (v.attacker_light_cavalry && v.attacker_type !== NOT_IN_MATRIX) throw new MeleeError(-15, 'light_cavalry_not_in_matrix');
    return v;
  }

  resolve(given, face) {
    if (!Number.isInteger(face) || face < 0 || face > 9) throw new MeleeError(-4, `face ${face}`);
    const v = this.situation(given);
    const al = v.attacker_leaders, dl = v.defender_leaders, am = v.attacker_morale, dm = v.defender_morale;
    const ast = v.attacker_strength, dst = v.defender_strength, att = v.attacker_type, def = v.defender_type;
    const mods = [];
    let total = 0;
    // Leaders (11.3.2): one per side counts.
    if (al >= 1) { mods.push(applied('attacker_leader', 1, 1)); total += 1; }
    if (al >= 2) { const m = applied('attacker_second_leader', 1, 1); m.counted = false; mods.push(m); }
    if (dl >= 1) { mods.push(applied('defender_leader', 1, -1)); total -= 1; }
    if (dl >= 2) { const m = applied('defender_second_leader', 1, -1); m.counted = false; mods.push(m); }
    if (am !== dm) { mods.push(applied('morale_difference', am - dm, 1)); total += am - dm; }
    const ratio = (ast >= 4 * dst) + (ast >= 2 * dst) - (4 * ast <= dst) - (2 * ast <= dst);
    if (ratio !== 0) { mods.push(applied('force_ratio_modifier', ratio, 1)); total += ratio; }
    if (att !== NOT_IN_MATRIX && att !== HEDGEHOG && def !== NOT_IN_MATRIX) {
      const cell = MATRIX[att * 7 + def];
      mods.push(applied('melee_matrix_modifier', cell, 1));
      total += cell;
    }
    if (v.defending_cavalry_pistol_shot) { mods.push(applied('pistol_shot', 1, -1)); total -= 1; }
    if (v.flank_rear_hexes > 0) { mods.push(applied('flank_rear', v.flank_rear_hexes, 1)); total += v.flank_rear_hexes; }
    // Formation (11.3): only the worst per side counts.
    let attForm = null, defForm = null;
    if (v.attacker_formation === WAVERING || v.attacker_open_order) {
      attForm = applied('attacker_wavering_or_open_order', -1, 1);
      mods.push(attForm);
    }
    if (v.attacker_formation === SCATTERED) {
      if (attForm !== null) attForm.counted = false;
      attForm = applied('attacker_scattered', -2, 1);
      mods.push(attForm);
    }
    if (v.after_volley) { mods.push(applied('after_volley', 1, 1)); total += 1; }
    if (v.heavy_infantry_impetus) { mods.push(applied('heavy_infantry_impetus', 1, 1)); total += 1; }
    if (v.cavalry_impetus) {
      // +2, but +1 in NGBG at Halmstad and for SiA's arquebusiers and light cavalry (11.3.6).
      if (v.game === NGBG && v.halmstad) { mods.push(applied('cavalry_impetus_ngbg_halmstad', 1, 1)); total += 1; }
      else if (v.game === SIA && (att === ARQ || v.attacker_light_cavalry)) {
        mods.push(applied('cavalry_impetus_sia', 1, 1));
        total += 1;
      } else { mods.push(applied('cavalry_impetus', 2, 1)); total += 2; }
    }
    if (v.defender_formation === WAVERING || v.defender_open_order) {
      defForm = applied('defender_wavering_or_open_order', -1, -1);
      mods.push(defForm);
    }
    if (v.defender_formation === SCATTERED) {
      if (defForm !== null) defForm.counted = false;
      defForm = applied('defender_scattered', -2, -1);
      mods.push(defForm);
    }
    if (attForm !== null) total += attForm.signed_value;
    if (defForm !== null) total += defForm.signed_value;
    const modifier = total > 4 ? 4 : total < -4 ? -4 : total;
    const roll = face + modifier;
    const row = ROW[roll + 4];
    const outcome = OUTCOMES[row];
    // The first provisional reason: the row's own, else the first input read at its
    // ours-not-the-page's default, else the force ratio's reading.
    let why = this.rowReason[row];
    if (why === null) {
      const r = this.reason;
      why = al === 0 ? r.attacker_leaders : dl === 0 ? r.defender_leaders : am === 5 ? r.attacker_morale
        : dm === 5 ? r.defender_morale : ast === 10 ? r.attacker_strength : dst === 10 ? r.defender_strength
          : this.ratioReason;
    }
    // The triggers (11.7.1, 11.0, 11.3.2), in the order the outcome lists them.
    const triggers = [], triggerOf = [], passed = [];
    let k = 0;
    if (row <= 1 || row >= 6) {
      const attackerLost = row <= 1;
      const loser = attackerLost ? att : def;
      if (loser !== LI && !((row === 1 || row === 6) && v.eliminated_failing_to_retreat)) {
        const n = attackerLost ? v.defender_cavalry_units : v.attacker_cavalry_units;
        const eliminated = row === 0 || row === 7;
        for (let i = 0; i < n; i++) {
          triggers.push('cavalry_pursuit');
          triggerOf.push(0);
          // the first repeat's situation: no earlier repeat eliminated the unit
          passed.push({ pursued_eliminated_by_melee: eliminated, earlier_pursue_and_eliminate: false });
        }
      }
      k = 1;
    }
    triggers.push('formation_hit'); triggerOf.push(k); passed.push({ formation: FORMATIONS[v.attacker_formation] });
    if (def !== HEDGEHOG) {
      triggers.push('formation_hit'); triggerOf.push(k + 1); passed.push({ formation: FORMATIONS[v.defender_formation] });
    }
    if (al !== 0) { triggers.push('leader_loss_check'); triggerOf.push(k + 2); passed.push({ leader_side: 'attacker' }); }
    if (dl !== 0) { triggers.push('leader_loss_check'); triggerOf.push(k + 3); passed.push({ leader_side: 'defender' }); }
    return {
      column: 'all', key: null, key_column: 'all', column_shift: 0, automatic: false, natural: face,
      modifier_raw: total, modifier, modified_roll: roll, applied: mods, natural_rule: false, rewritten_from: null,
      outcome, code: outcome, rule: this.rowRule[row], effects: this.effects[outcome], triggers,
      trigger_of: triggerOf, trigger_inputs: passed, provisional: why,
    };
  }
}
