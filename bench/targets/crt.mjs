// N rolls on the classic odds CRT through the module rtab compile --target js writes,
// timed in this process (CPU time): bench/run's per-target figure for a grid odds table.
//
//   node crt.mjs MODULE_DIR N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// handwritten: the same rolls through the hand-written port (handwritten_crt.mjs), the
// baseline; agree: the module and the port on N situations drawn over every input the CRT
// reads (and faces from 0 to 7, or none), each result compared whole (exit 1 at the first
// difference), then "agree N". The pool of situations and faces is the same in every
// language (bench/targets/crt.py).
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Crt, CrtError, INPUTS } from './handwritten_crt.mjs';

const [dir, nText, runsText, mode = 'module'] = process.argv.slice(2);
const module = await import(pathToFileURL(resolve(join(dir, 'classic_odds.mjs'))).href);
const { default: classicOdds, RtabError } = module;
const n = Number(nText), runs = Number(runsText);
const pool = Array.from({ length: 64 }, (_, i) => ({
  attack: 1 + ((i * 7) % 40), defence: 1 + ((i * 5) % 13), combined_arms: i % 3 === 0, across_river: i % 4 === 1,
}));
const crt = new Crt();

/** Situation k of the agreement: every input the CRT reads, drawn (the fixed LCG of crt.py). */
function drawn(k) {
  let x = Number((BigInt(k) * 2654435761n) % 4294967296n);
  const out = {};
  for (const [name, [kind]] of Object.entries(INPUTS)) {
    x = Number((BigInt(x) * 1103515245n + 12345n) % 2147483648n);
    if (kind === 'bool') out[name] = x % 2 === 1;
    else if (typeof kind[0] === 'number') out[name] = x % 8 ? x % 31 : kind[0] + (x % (kind[1] - kind[0] + 1));
    else out[name] = kind[x % kind.length];
  }
  return out;
}

function outcomeOf(f) {
  try {
    return JSON.parse(JSON.stringify(f()));
  } catch (e) {
    if (e instanceof RtabError || e instanceof CrtError) return { error: e.status };
    throw e;
  }
}

function checked(r) {
  return r.no_result ? 100 : r.modified_roll + r.column_shift + r.effects.length;
}

if (mode === 'agree') {
  for (let k = 0; k < n; k++) {
    const given = k % 2 ? pool[k % 64] : drawn(k);
    const face = k % 9 === 0 ? null : Math.floor(k / 2) % 8;
    const a = outcomeOf(() => classicOdds.resolve('crt', given, face === null ? [] : [face], 0));
    const b = outcomeOf(() => crt.resolve(given, face));
    if (!isDeepStrictEqual(a, b)) {
      console.error(`crt.mjs: the module and the hand-written port differ on ${JSON.stringify(given)}, face ${face}:\n`
        + `  ${JSON.stringify(a)}\n  ${JSON.stringify(b)}`);
      process.exit(1);
    }
  }
  console.log(`agree ${n}`);
  process.exit(0);
}

for (let run = 0; run < runs; run++) {
  let checksum = 0;
  const start = process.cpuUsage();
  if (mode === 'handwritten') {
    for (let k = 0; k < n; k++) checksum += checked(crt.resolve(pool[k % 64], 1 + (Math.floor(k / 64) % 6)));
  } else {
    for (let k = 0; k < n; k++) {
      checksum += checked(classicOdds.resolve('crt', pool[k % 64], [1 + (Math.floor(k / 64) % 6)], 0));
    }
  }
  const used = process.cpuUsage(start);
  console.log(`${(((used.user + used.system) * 1000) / n).toFixed(1)} ${checksum}`);
}
