// SPDX-License-Identifier: MIT-0
// The support file of rtab's JavaScript target: what the resolver printed from
// the lowering (compiler/lower, after this file in the module) calls on: the
// errors, the checked arithmetic, the situation read from what a caller gives,
// the labels and rule references, and the data of `rtab export --format json`
// for what a result shows (outcomes, effects). What resolves (a key's column
// and its rounding, a ratio band's step, a matrix's cell, a natural roll) is
// printed from the lowering, decided at compile time (docs/lowering.md).

const INT32_MIN = -(2 ** 31), INT32_MAX = 2 ** 31 - 1;
/** The rtab data model (RTAB_DATA_VERSION of runtime/rtab.h) this support reads: data of
 * another model is refused at load, as the C library refuses it. */
export const DATA_MODEL = 7;

/** The runtime's statuses and their messages (runtime/rtab.c). */
export const MESSAGES = {
  '-1': 'a required argument is NULL',
  '-2': 'no such table',
  '-3': 'an input is missing or outside its domain',
  '-4': 'wrong number of dice faces, or a face outside its die',
  '-5': 'the modified roll matches no row',
  '-6': 'the column input selects no column',
  '-7': 'malformed expression, or division by zero',
  '-8': 'arithmetic overflow',
  '-9': 'inconsistent ruleset data',
  '-10': 'no such outcome, reaction set, transition, distance or procedure',
  '-11': 'the transition is not defined for this state',
  '-12': 'the table gives no result here (e.g. the attack is not allowed)',
  '-13': "an exact division or product has no exact value at the ruleset's precision",
  '-14': 'an extra modifier given to a table with a step, which counts only its own modifiers',
  '-15': 'the situation breaks a requirement of the ruleset',
  '-16': 'the ruleset data was generated for another rtab data model: regenerate it',
};
const E_TABLE = -2, E_INPUT = -3, E_FACES = -4, E_NO_ROW = -5, E_COLUMN = -6, E_EXPR = -7, E_OVERFLOW = -8,
  E_RULESET = -9, E_INDEX = -10, E_STATE = -11, E_NO_RESULT = -12, E_INEXACT = -13,
  E_STEP_DRM = -14, E_REQUIRE = -15, E_VERSION = -16;
const COLUMN_AUTOMATIC = 1, COLUMN_NONE = 2;
const TARGET_KEYS = ['tables', 'reaction_sets', 'transitions', 'distances', 'procedures'];
// What a chain step names, by target kind (as the situations of rtab conform).
const CHAIN_KINDS = ['table', 'reactions', 'transition', 'distance', 'procedure'];
// The sections of the export whose definitions have labels and rule references.
const LABELLED = ['inputs', 'enums', 'dice', 'effect_kinds', 'outcomes', 'modifiers', 'groups', 'tables',
  'matrices', 'bands', 'reaction_sets', 'transitions', 'distances', 'procedures', 'numeric_outcomes',
  'requirements', 'units', 'examples'];

/** Every refusal of the module: status (the runtime's RTAB_E_*), reason (the runtime's
 * message for it, rtab_strerror), input (the input it is about, or null), and message: the
 * reason and, when known, what is wrong ("attacker_morale = \"7\" is not an integer"). */
export class RtabError extends Error {
  constructor(status, detail = null, input = null) {
    const reason = MESSAGES[status] ?? 'unknown status';
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'RtabError';
    this.status = status;
    this.reason = reason;
    this.input = input;
  }
}

/** A value as a message shows it: a string quoted, NaN as NaN, an object by its kind. */
function shown(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v == null) return String(v);
  return Array.isArray(v) ? 'an array' : `a value of type ${typeof v}`;
}

/** A number input's value as a decimal numeral: a BigInt, a decimal numeral in a string
 * ("12.5", "-3"), or a finite number as JavaScript writes it (String(0.1) is "0.1", the
 * shortest numeral that reads back as the same number); null for anything else. */
function decimalOf(value) {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string' && /^[-+]?\d+(\.\d+)?$/.test(value)) return value;
  return null;
}

/** A decimal numeral times scale as a BigInt, exactly (no rounding, no tolerance: 0.1 + 0.2,
 * which JavaScript writes 0.30000000000000004, is not on a step of 1/10); null when it is not
 * an integer. */
function scaledExactly(numeral, scale) {
  const m = /^([-+]?)(\d+)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(numeral);
  if (!m) return null;
  const fraction = (m[3] || '').replace(/0+$/, '');
  const exponent = Number(m[4] || '0') - fraction.length;
  // Past its trailing zeros, a numeral with more places than 400 is on no step of 1/scale
  // (scale is 2^a 5^b, a and b below 400); a double's exponent never reaches 400.
  if (exponent < -400 || exponent > 400) return null;
  let scaled = BigInt(m[2] + fraction) * BigInt(scale);
  if (exponent >= 0) {
    scaled *= 10n ** BigInt(exponent);
  } else {
    const divisor = 10n ** BigInt(-exponent);
    if (scaled % divisor !== 0n) return null;
    scaled /= divisor;
  }
  return m[1] === '-' ? -scaled : scaled;
}

/** faces: an array of integers (the faces of the dice, in order), else RtabError naming it. */
function checkFaces(faces, what = 'faces') {
  if (!Array.isArray(faces)) throw new RtabError(E_FACES, `${what} = ${shown(faces)} is not an array of integers`);
  for (let i = 0; i < faces.length; i++) {
    const f = faces[i];
    if (!Number.isInteger(f)) throw new RtabError(E_FACES, `${what}[${i}] = ${shown(f)} is not an integer`);
  }
  return faces;
}

/** The refusal of a value given for input inp: what it is not. */
function refusal(inp, value, what) {
  return new RtabError(E_INPUT, `${inp.id} = ${shown(value)} is not ${what}`, inp.id);
}

function check32(v) {
  if (v < INT32_MIN || v > INT32_MAX) throw new RtabError(E_OVERFLOW);
  return v;
}

/** -a, which int32 holds for every a but its least. */
function negate(a) {
  if (a === INT32_MIN) throw new RtabError(E_OVERFLOW);
  return -a;
}

/** The faces dice in a program read, and the provisional reasons reached. */
class Context {
  constructor(faces = []) {
    this.faces = faces.slice();
    this.nextFace = 0;
    this.reasons = [];
  }
  get provisional() { return this.reasons.length ? this.reasons[0] : null; }
  note(why) { if (why != null && !this.reasons.includes(why)) this.reasons.push(why); }
  noteFirst(why) {
    if (why == null) return;
    const i = this.reasons.indexOf(why);
    if (i >= 0) this.reasons.splice(i, 1);
    this.reasons.unshift(why);
  }
}

export class Ruleset {
  /** data: the export; lowered: the resolver printed from the lowering (LOWERED); stamp: the
   * data model and the source hash the resolver was printed for (both must be the data's). */
  constructor(data, lowered, stamp) {
    if (!data || data.format !== 'rtab-export' || data.version !== 1) {
      throw new RtabError(E_VERSION, 'the data is not an rtab export of version 1');
    }
    if (data.data_version !== DATA_MODEL || stamp.data_version !== DATA_MODEL) {
      throw new RtabError(E_VERSION, `the data is of data model ${data.data_version}, its resolver of ` +
        `${stamp.data_version}; this support reads data model ${DATA_MODEL}: run rtab compile --target again`);
    }
    if (data.source_hash !== stamp.source_hash) {
      throw new RtabError(E_VERSION, `the data is of the source ${data.source_hash}, its resolver of ` +
        `${stamp.source_hash}: both must come from one run of rtab compile --target`);
    }
    this.x = data;
    this.sourceHash = data.source_hash;
    this.lowered = lowered;
    this.outcomeParts = [];
    this.inputs = data.inputs;
    this.scale = data.scale || 1;
    this.byId = {};
    for (const key of ['inputs', 'outcomes', ...TARGET_KEYS]) {
      this.byId[key] = new Map(data[key].map((d, i) => [d.id, i]));
    }
    // Read once: each input's default, each enum's index of its values by id.
    this.defaults = data.inputs.map((i) => i.default_value);
    this.enumIndex = data.enums.map((e) => {
      const index = new Map();
      e.values.forEach((v, j) => { if (!index.has(v.id)) index.set(v.id, j); });
      return index;
    });
  }

  /** The inputs as the runtime holds them: defaults, then the given ones by id, each of its
   * type (an enum value's id, a boolean, an integer, a number): anything else is refused. */
  situation(given = {}) {
    const values = this.defaults.slice();
    if (given === null || given === undefined) return values;
    if (typeof given !== 'object' || Array.isArray(given)) {
      throw new RtabError(E_INPUT, `the inputs = ${shown(given)} are not an object of input ids to values`);
    }
    // Each value given is checked against its input's domain as it is read (the defaults lie
    // in theirs: the compiler checked).
    const ids = this.byId.inputs, inputs = this.inputs;
    for (const name of Object.keys(given)) {
      const k = ids.get(name);
      if (k === undefined) throw new RtabError(E_INPUT, `no input is named ${shown(name)}`, name);
      const v = this.inputValue(k, given[name]), inp = inputs[k];
      if (v < inp.min || v > inp.max || ((inp.step || 0) > 1 && (v - inp.min) % inp.step)) this.validateInput(k, v);
      values[k] = v;
    }
    return values;
  }

  /** The value of input k as the runtime holds it, from a value of its type, else RtabError. */
  inputValue(k, value) {
    const inp = this.inputs[k];
    if (inp.type_name === 'int') {
      if (!Number.isInteger(value)) throw refusal(inp, value, 'an integer');
      return value;
    }
    if (inp.type_name === 'enum') {
      const v = typeof value === 'string' ? this.enumIndex[inp.enum_index].get(value) : undefined;
      if (v === undefined) {
        throw refusal(inp, value, `one of ${this.x.enums[inp.enum_index].values.map((e) => e.id).join(', ')}`);
      }
      return v;
    }
    if (inp.type_name === 'bool') {
      if (typeof value !== 'boolean') throw refusal(inp, value, 'a boolean (true or false)');
      return value ? 1 : 0;
    }
    if (inp.type_name === 'number') {
      const decimal = decimalOf(value);
      if (decimal === null) throw refusal(inp, value, 'a number (a finite number, a BigInt or a decimal numeral in a string)');
      const scaled = scaledExactly(decimal, this.scale);
      if (scaled === null) throw refusal(inp, value, `a multiple of 1/${this.scale}`);
      if (scaled > BigInt(Number.MAX_SAFE_INTEGER) || scaled < -BigInt(Number.MAX_SAFE_INTEGER)) {
        throw refusal(inp, value, 'within the numbers the resolver holds (2^53 steps of the precision)');
      }
      return Number(scaled);
    }
    if (!Number.isInteger(value)) throw refusal(inp, value, 'an integer');
    return value;
  }

  /** A scaled number as the rules print it: 25 at scale 2 is 12.5. */
  exact(scaled) {
    return this.scale === 1 ? scaled : scaled / this.scale;
  }

  validate(inputs) {
    this.validateDomains(inputs);
    if (this.requirementBroken(inputs) !== null) throw new RtabError(E_REQUIRE);
  }

  validateDomains(inputs) {
    if (inputs.length !== this.inputs.length) {
      throw new RtabError(E_INPUT, `${inputs.length} inputs, not the ruleset's ${this.inputs.length}`);
    }
    for (let i = 0; i < inputs.length; i++) this.validateInput(i, inputs[i]);
  }

  /** Whether v lies in the domain of input i (else RtabError). */
  validateInput(i, v) {
    const inp = this.inputs[i];
    if (v < inp.min || v > inp.max || ((inp.step || 0) > 1 && (v - inp.min) % inp.step)) {
      throw new RtabError(E_INPUT, `${inp.id} = ${shown(this.valueOf(i, v))} is outside its domain`, inp.id);
    }
  }

  // -- labels and rule references -----------------------------------------

  /** The locales of the ruleset, the first the one a missing label falls back to. */
  get locales() { return this.x.locales; }

  /** Locale `locale` by its index (RtabError naming it when the ruleset has no such locale). */
  localeIndex(locale) {
    const k = this.x.locales.indexOf(locale);
    if (k < 0) {
      throw new RtabError(E_INDEX, `no locale is named ${shown(locale)} (the ruleset's: ${this.x.locales.join(', ')})`);
    }
    return k;
  }

  /** The definition `id` of a section of the export ('tables', 'outcomes', 'inputs',
   * 'modifiers', 'enums', ...), else RtabError naming it. */
  definition(section, id) {
    const list = LABELLED.includes(section) ? this.x[section] : null;
    if (!list) throw new RtabError(E_INDEX, `no section of the ruleset is named ${shown(section)} (${LABELLED.join(', ')})`);
    const d = list.find((e) => e && e.id === id);
    if (!d) throw new RtabError(E_INDEX, `nothing of ${section} is named ${shown(id)}`);
    return d;
  }

  /** The label of a definition in a locale (as rtab_label: the first locale's where that one has
   * none), or null; locale: the first when not given. */
  label(section, id, locale = this.x.locales[0]) {
    this.localeIndex(locale);
    const labels = this.definition(section, id).labels || {};
    return labels[locale] ?? labels[this.x.locales[0]] ?? null;
  }

  /** The rule reference of a definition in a locale (as rtab_rule: its own for that locale,
   * else the one for every locale), or null. */
  rule(section, id, locale = this.x.locales[0]) {
    this.localeIndex(locale);
    const d = this.definition(section, id);
    return (d.rules || {})[locale] ?? d.rule ?? null;
  }

  /** The ruleset's title in a locale (the first locale's where that one has none). */
  title(locale = this.x.locales[0]) {
    this.localeIndex(locale);
    return this.x.title[locale] ?? this.x.title[this.x.locales[0]] ?? null;
  }

  /** The id of the first requirement the situation breaks, or null. */
  requirementBroken(inputs) {
    return this.lowered.requirementBroken(this, inputs);
  }

  // -- tables -----------------------------------------------------------

  /** One roll on a results table: the result as `rtab vectors` writes it. */
  resolve(table, given = {}, faces = [], drm = 0, inputs = null) {
    const k = this.byId.tables.get(table);
    if (k === undefined) throw new RtabError(E_TABLE, `no table is named ${shown(table)}`);
    // A situation read from given is checked as it is read; one given whole, here.
    if (inputs === null) inputs = this.situation(given);
    else this.validateDomains(inputs);
    checkFaces(faces);
    if (!Number.isInteger(drm)) throw new RtabError(E_INPUT, `drm = ${shown(drm)} is not an integer`);
    if (this.requirementBroken(inputs) !== null) throw new RtabError(E_REQUIRE);
    return this.lowered.tables[k](this, inputs, faces.slice(), drm);
  }

  /** What a result shows of outcome k (its effects and numbers frozen: every result shares them). */
  outcomePart(k) {
    let p = this.outcomeParts[k];
    if (p === undefined) {
      const o = this.x.outcomes[k];
      p = deepFreeze({ id: o.id, code: o.code, effects: this.effects(o), ...this.numbers(o) });
      this.outcomeParts[k] = p;
    }
    return p;
  }

  /** What the outcome leads to: each target's id, a trigger resolved N times N times. */
  triggers(outcome, inputs, ctx = null) {
    return this.fired(outcome, inputs, ctx).map(([, tr]) => tr.target.id);
  }

  /** The outcome's triggers that fire, each as [which trigger of the outcome, the trigger],
   * a trigger resolved N times listed N times, its repeats in order. */
  fired(outcome, inputs, ctx = null) {
    const fire = this.lowered.fired[outcome];
    return fire ? fire(this, inputs, ctx) : [];
  }

  /** The situation trigger k of the outcome passes on (as the runtime holds it) for the
   * repeat after those that gave the outcomes `earlier` (indices; null: none). */
  triggerSituation(outcome, k, inputs, earlier = []) {
    return this.lowered.passed[outcome][k](this, inputs, earlier);
  }

  /** What trigger k of the outcome passes on, by input id (as `trigger_inputs`). */
  passedOn(outcome, k, inputs, earlier = [], passed = null) {
    const out = passed ?? this.triggerSituation(outcome, k, inputs, earlier);
    return this.lowered.shown[outcome][k](this, out);
  }

  /** An input's value as the vectors write it: an enum value's id, a boolean, a number. */
  valueOf(i, v) {
    const inp = this.inputs[i];
    if (inp.type_name === 'enum') return this.x.enums[inp.enum_index].values[v].id;
    if (inp.type_name === 'bool') return v !== 0;
    return inp.type_name === 'number' ? this.exact(v) : v;
  }

  /** A roll on a table and what its outcome triggers, resolved in turn: then[i] are the
   * faces of the i-th step (a table or distance; [] for the others). Each repeat of a
   * trigger gets what it passes on for that repeat ('earlier': the outcomes of the repeats
   * before it). {outcome, result, steps}. */
  chain(table, given = {}, faces = [], drm = 0, then = [], inputs = null) {
    inputs = inputs ?? this.situation(given);
    if (!Array.isArray(then)) throw new RtabError(E_FACES, `then = ${shown(then)} is not an array of arrays of faces`);
    then.forEach((f, i) => checkFaces(f, `then[${i}]`));
    const r = this.resolve(table, null, faces, drm, inputs);
    if (r.no_result) return { outcome: null, result: r, steps: [] };
    const outcome = this.byId.outcomes.get(r.outcome);
    const fired = this.fired(outcome, inputs);
    const steps = [], gave = [];
    fired.forEach(([k, tr], i) => {
      const earlier = gave.filter((g, j) => fired[j][0] === k);
      const target = tr.target;
      const step = { [CHAIN_KINDS[target.kind]]: target.id, trigger: k, repeat: earlier.length + 1 };
      let got = null;
      try {
        const passed = this.triggerSituation(outcome, k, inputs, earlier);
        step.inputs = this.passedOn(outcome, k, inputs, earlier, passed);
        got = this.chainStep(target, passed, then[i] ?? [], step);
      } catch (e) {
        if (!(e instanceof RtabError)) throw e;
        step.inputs = step.inputs ?? {};
        step.error = e.reason;
      }
      gave.push(got);
      steps.push(step);
    });
    return { outcome: r.outcome, result: r, steps };
  }

  /** One step of a chain, its result added to step; the outcome index it gave, or null. */
  chainStep(target, passed, faces, step) {
    const name = target.id;
    switch (target.kind) {
      case 0: {
        const r = this.resolve(name, null, faces, 0, passed);
        if (r.no_result) { Object.assign(step, { outcome: null, no_result: true }); return null; }
        Object.assign(step, { outcome: r.outcome, code: r.code, rule: r.rule });
        return this.byId.outcomes.get(r.outcome);
      }
      case 1: step.options = this.reactions(name, null, passed).options; return null;
      case 2:
        try {
          step.state = this.transition(name, null, passed).state;
        } catch (e) {
          if (!(e instanceof RtabError) || e.status !== E_STATE) throw e;
          step.state = null;
        }
        return null;
      case 3: step.values = this.distance(name, null, faces, passed).values; return null;
      default: {
        const p = this.procedure(name, null, passed);
        Object.assign(step, { step: p.step, outcome: p.outcome });
        return p.outcome === null ? null : this.byId.outcomes.get(p.outcome);
      }
    }
  }

  numbers(o) {
    if (!o.nvalues) return {};
    const params = this.x.numeric_outcomes[o.numeric].params;
    const numbers = {};
    params.forEach((p, i) => { if (i < o.values.length) numbers[p.id] = o.values[i]; });
    return { numbers };
  }

  effects(o) {
    return o.effects.map((e) => {
      const kind = this.x.effect_kinds[e.kind];
      const args = [];
      for (let i = 0; i < Math.min(e.args.length, kind.params.length); i++) {
        const p = kind.params[i];
        args.push(p.enum_index >= 0 ? this.x.enums[p.enum_index].values[e.args[i]].id : e.args[i]);
      }
      const effect = { effect: kind.id, args };
      // The unit of each argument, when a parameter of the kind has one.
      if (kind.params.some((p) => p.unit)) effect.units = kind.params.map((p) => p.unit ?? null).slice(0, args.length);
      return effect;
    });
  }

  // -- the others -------------------------------------------------------

  /** Definition `name` of a kind ('reaction_sets', ...), resolved by the lowered resolver. */
  lowered_(key, name, inputs, given, ...rest) {
    const k = this.byId[key].get(name);
    if (k === undefined) throw new RtabError(E_INDEX, `nothing of ${key} is named ${shown(name)}`);
    inputs = inputs ?? this.situation(given);
    this.validate(inputs);
    return this.lowered[key][k](this, inputs, ...rest);
  }

  reactions(name, given = {}, inputs = null) {
    return this.lowered_('reaction_sets', name, inputs, given);
  }

  transition(name, given = {}, inputs = null) {
    return this.lowered_('transitions', name, inputs, given);
  }

  distance(name, given = {}, faces = [], inputs = null) {
    return this.lowered_('distances', name, inputs, given, checkFaces(faces).slice());
  }

  procedure(name, given = {}, inputs = null) {
    return this.lowered_('procedures', name, inputs, given);
  }
}

function noResult(r) {
  return {
    column: r.column, key: r.key, key_column: r.key_column, column_shift: r.column_shift,
    outcome: null, no_result: true,
  };
}

function deepFreeze(v) {
  if (v !== null && typeof v === 'object') {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
}

function exactOp(name, scale, a, b) {
  if (scale < 1) throw new RtabError(E_EXPR);
  let r;
  if (name === 'scale') r = a * scale;
  else if (name === 'mul_exact') {
    if ((a * b) % scale) throw new RtabError(E_INEXACT);
    r = Math.floor((a * b) / scale);
  } else {
    if (b === 0) throw new RtabError(E_EXPR);
    if ((a * scale) % b) throw new RtabError(E_INEXACT);
    r = Math.floor((a * scale) / b);
  }
  return check32(r);
}

/** a / b, rounded down or up; a division by zero is a malformed expression. */
function divide(a, b, up) {
  if (b === 0) throw new RtabError(E_EXPR);
  return check32(up ? Math.ceil(a / b) : Math.floor(a / b));
}

/** The answer to one situation of `rtab conform`: the result, or {error}. */
export function answer(ruleset, s) {
  const given = s.inputs || {};
  try {
    if ('table' in s) return ruleset.resolve(s.table, given, s.faces || [], s.drm || 0);
    if ('reactions' in s) return ruleset.reactions(s.reactions, given);
    if ('transition' in s) {
      try {
        return ruleset.transition(s.transition, given);
      } catch (e) {
        if (e instanceof RtabError && e.status === E_STATE) return { state: null };
        throw e;
      }
    }
    if ('distance' in s) return ruleset.distance(s.distance, given, s.faces || []);
    if ('chain' in s) {
      const c = ruleset.chain(s.chain, given, s.faces || [], s.drm || 0, s.then || []);
      return { outcome: c.outcome, steps: c.steps };
    }
    return ruleset.procedure(s.procedure, given);
  } catch (e) {
    if (e instanceof RtabError) return { error: e.reason };
    throw e;
  }
}

/** Whether the module at url is the program node runs. */
function isMain(url) {
  const p = globalThis.process;
  if (!p || !p.argv || !p.argv[1]) return false;
  return decodeURIComponent(new URL(url).pathname) === p.argv[1];
}

/** The port side of rtab conform: one answer line per situation line. */
function serve(ruleset) {
  const p = globalThis.process;
  let pending = '';
  p.stdin.setEncoding('utf8');
  p.stdin.on('data', (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line.trim()) p.stdout.write(JSON.stringify(answer(ruleset, JSON.parse(line))) + '\n');
    }
  });
}
