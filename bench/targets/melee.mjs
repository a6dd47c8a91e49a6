// N melees through the module rtab compile --target js writes, timed in this
// process (CPU time): bench/run's per-target figure.
//
//   node melee.mjs MODULE_DIR N RUNS -> one line per run: "ns CHECKSUM"
// The pool of situations and faces is the same in every language (bench/targets/).
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const [dir, nText, runsText] = process.argv.slice(2);
const { default: musketPike, RtabError } = await import(pathToFileURL(resolve(join(dir, 'musket_pike.mjs'))).href);
const n = Number(nText), runs = Number(runsText);
const pool = Array.from({ length: 64 }, (_, i) => ({
  attacker_leaders: i % 4, defender_leaders: Math.floor(i / 4) % 4, attacker_morale: 1 + (i % 10),
  defender_morale: 1 + ((i * 3) % 10), flank_rear_hexes: i % 5,
}));
for (let run = 0; run < runs; run++) {
  let checksum = 0;
  const start = process.cpuUsage();
  for (let k = 0; k < n; k++) {
    try {
      const r = musketPike.resolve('melee', pool[k % 64], [1 + (Math.floor(k / 64) % 6)], 0);
      checksum += r.modified_roll + r.triggers.length;
    } catch (e) {
      if (!(e instanceof RtabError)) throw e;
      checksum += 1000;
    }
  }
  const used = process.cpuUsage(start);
  console.log(`${(((used.user + used.system) * 1000) / n).toFixed(1)} ${checksum}`);
}
