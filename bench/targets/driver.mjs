// N resolutions through the module rtab compile --target js writes, timed in this
// process (CPU time): bench/run's per-target figures.
//
//   node driver.mjs BENCH MODULE_DIR N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// BENCH: melee (Musket & Pike's melee) or crt (the classic odds CRT: odds rounded to a
// column, two column shifts, both ends without a roll).
// handwritten: the same resolutions through the hand-written port (handwritten_melee.mjs,
// handwritten_crt.mjs), the baseline; agree: the module and the port on N situations drawn
// over every input the table reads (the CRT also with no face), each result compared whole
// (exit 1 at the first difference), then "agree N". The pool of situations and faces is
// the same in every language (bench/targets/driver.py).
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const [bench, dir, nText, runsText, mode = 'module'] = process.argv.slice(2);
const n = Number(nText), runs = Number(runsText);
const load = (name) => import(pathToFileURL(resolve(join(dir, name))).href);

/** The melee: its module, its hand-written port and how a result is summed. */
async function meleeCase() {
  const { default: module, RtabError, DATA } = await load('musket_pike.mjs');
  const { Melee, MeleeError, INPUTS } = await import('./handwritten_melee.mjs');
  const pool = Array.from({ length: 64 }, (_, i) => ({
    attacker_leaders: i % 4, defender_leaders: Math.floor(i / 4) % 4, attacker_morale: 1 + (i % 10),
    defender_morale: 1 + ((i * 3) % 10), flank_rear_hexes: i % 5,
  }));
  return {
    module, table: 'melee', pool, port: new Melee(DATA), INPUTS, refuses: true,
    isError: (e) => e instanceof RtabError || e instanceof MeleeError,
    drawInt: (x, lo, hi) => lo + (x % (hi - lo + 1)),
    agreeCase: (k, drawn) => (k % 2 ? [pool[k % 64], Math.floor(k / 64) % 10] : [drawn, k % 10]),
    checksum: (r) => r.modified_roll + r.triggers.length,
  };
}

/** The CRT: odds from below 1:4 to above 6:1, with and without each shift. */
async function crtCase() {
  const { default: module, RtabError } = await load('classic_odds.mjs');
  const { Crt, CrtError, INPUTS } = await import('./handwritten_crt.mjs');
  const pool = Array.from({ length: 64 }, (_, i) => ({
    attack: 1 + ((i * 7) % 40), defence: 1 + ((i * 5) % 13), combined_arms: i % 3 === 0, across_river: i % 4 === 1,
  }));
  return {
    module, table: 'crt', pool, port: new Crt(), INPUTS, refuses: false,
    isError: (e) => e instanceof RtabError || e instanceof CrtError,
    // Small forces mostly (every column), now and then anything in the domain.
    drawInt: (x, lo, hi) => (x % 8 ? x % 31 : lo + (x % (hi - lo + 1))),
    agreeCase: (k, drawn) => [k % 2 ? pool[k % 64] : drawn, k % 9 === 0 ? null : Math.floor(k / 2) % 8],
    checksum: (r) => (r.no_result ? 100 : r.modified_roll + r.column_shift + r.effects.length),
  };
}

const cases = { melee: meleeCase, crt: crtCase };
if (!cases[bench]) {
  console.error(`driver.mjs: no bench '${bench}' (melee or crt)`);
  process.exit(2);
}
const c = await cases[bench]();

/** Situation k of the agreement: every input the table reads, drawn (the fixed LCG of driver.py). */
function drawn(k) {
  let x = Number((BigInt(k) * 2654435761n) % 4294967296n);
  const out = {};
  for (const [name, [kind]] of Object.entries(c.INPUTS)) {
    x = Number((BigInt(x) * 1103515245n + 12345n) % 2147483648n);
    if (kind === 'bool') out[name] = x % 2 === 1;
    else if (typeof kind[0] === 'number') out[name] = c.drawInt(x, kind[0], kind[1]);
    else out[name] = kind[x % kind.length];
  }
  return out;
}

function outcomeOf(f) {
  try {
    return JSON.parse(JSON.stringify(f()));
  } catch (e) {
    if (c.isError(e)) return { error: e.status };
    throw e;
  }
}

if (mode === 'agree') {
  for (let k = 0; k < n; k++) {
    const [given, face] = c.agreeCase(k, drawn(k));
    const a = outcomeOf(() => c.module.resolve(c.table, given, face === null ? [] : [face], 0));
    const b = outcomeOf(() => c.port.resolve(given, face));
    if (!isDeepStrictEqual(a, b)) {
      console.error(`driver.mjs ${bench}: the module and the hand-written port differ on ${JSON.stringify(given)}, `
        + `face ${face}:\n  ${JSON.stringify(a)}\n  ${JSON.stringify(b)}`);
      process.exit(1);
    }
  }
  console.log(`agree ${n}`);
  process.exit(0);
}

// Both loops alike: the melee's catch a refused situation (its pool holds some), the CRT's
// call straight (every situation of its pool resolves), as a port would write each.
const { pool, port, module, table, checksum: sum, isError, refuses } = c;
const resolveOne = mode === 'handwritten'
  ? (situation, face) => port.resolve(situation, face)
  : (situation, face) => module.resolve(table, situation, [face], 0);
for (let run = 0; run < runs; run++) {
  let checksum = 0;
  const start = process.cpuUsage();
  if (refuses) {
    for (let k = 0; k < n; k++) {
      try {
        checksum += sum(resolveOne(pool[k % 64], 1 + (Math.floor(k / 64) % 6)));
      } catch (e) {
        if (!isError(e)) throw e;
        checksum += 1000;
      }
    }
  } else {
    for (let k = 0; k < n; k++) checksum += sum(resolveOne(pool[k % 64], 1 + (Math.floor(k / 64) % 6)));
  }
  const used = process.cpuUsage(start);
  console.log(`${(((used.user + used.system) * 1000) / n).toFixed(1)} ${checksum}`);
}
