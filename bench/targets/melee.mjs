// N melees through the module rtab compile --target js writes, timed in this
// process (CPU time): bench/run's per-target figure.
//
//   node melee.mjs MODULE_DIR N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// handwritten: the same melees through the hand-written port (handwritten_melee.mjs), the
// baseline; agree: the module and the port on N situations drawn over every input the
// melee reads, each result compared whole (exit 1 at the first difference), then "agree N".
// The pool of situations and faces is the same in every language (bench/targets/).
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Melee, MeleeError, INPUTS } from './handwritten_melee.mjs';

const [dir, nText, runsText, mode = 'module'] = process.argv.slice(2);
const module = await import(pathToFileURL(resolve(join(dir, 'musket_pike.mjs'))).href);
const { default: musketPike, RtabError, DATA } = module;
const n = Number(nText), runs = Number(runsText);
const pool = Array.from({ length: 64 }, (_, i) => ({
  attacker_leaders: i % 4, defender_leaders: Math.floor(i / 4) % 4, attacker_morale: 1 + (i % 10),
  defender_morale: 1 + ((i * 3) % 10), flank_rear_hexes: i % 5,
}));
const melee = new Melee(DATA);

/** Situation k of the agreement: every input the melee reads, drawn (the fixed LCG of melee.py). */
function drawn(k) {
  let x = Number((BigInt(k) * 2654435761n) % 4294967296n);
  const out = {};
  for (const [name, [kind]] of Object.entries(INPUTS)) {
    x = Number((BigInt(x) * 1103515245n + 12345n) % 2147483648n);
    if (kind === 'bool') out[name] = x % 2 === 1;
    else if (typeof kind[0] === 'number') out[name] = kind[0] + (x % (kind[1] - kind[0] + 1));
    else out[name] = kind[x % kind.length];
  }
  return out;
}

function outcomeOf(f) {
  try {
    return JSON.parse(JSON.stringify(f()));
  } catch (e) {
    if (e instanceof RtabError || e instanceof MeleeError) return { error: e.status };
    throw e;
  }
}

if (mode === 'agree') {
  for (let k = 0; k < n; k++) {
    const [given, face] = k % 2 ? [pool[k % 64], Math.floor(k / 64) % 10] : [drawn(k), k % 10];
    const a = outcomeOf(() => musketPike.resolve('melee', given, [face], 0));
    const b = outcomeOf(() => melee.resolve(given, face));
    if (!isDeepStrictEqual(a, b)) {
      console.error(`melee.mjs: the module and the hand-written port differ on ${JSON.stringify(given)}, face ${face}:\n`
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
    for (let k = 0; k < n; k++) {
      try {
        const r = melee.resolve(pool[k % 64], 1 + (Math.floor(k / 64) % 6));
        checksum += r.modified_roll + r.triggers.length;
      } catch (e) {
        if (!(e instanceof MeleeError)) throw e;
        checksum += 1000;
      }
    }
  } else {
    for (let k = 0; k < n; k++) {
      try {
        const r = musketPike.resolve('melee', pool[k % 64], [1 + (Math.floor(k / 64) % 6)], 0);
        checksum += r.modified_roll + r.triggers.length;
      } catch (e) {
        if (!(e instanceof RtabError)) throw e;
        checksum += 1000;
      }
    }
  }
  const used = process.cpuUsage(start);
  console.log(`${(((used.user + used.system) * 1000) / n).toFixed(1)} ${checksum}`);
}
