// A melee and the pursuits it triggers, in JavaScript, through the module
// `rtab compile --target js` writes from tables/musket_pike.rtab: the example
// of Cavalry Pursuit 11.7.4 (three cavalry units pursue a broken unit; a unit
// already eliminated by an earlier pursuit roll is not eliminated again).
//
//   rtab compile --target js tables/musket_pike.rtab -o out
//   node examples/targets/pursuit.mjs out/musket_pike.mjs MELEE_FACE PURSUIT_FACE...
import { pathToFileURL } from 'node:url';
import { resolve as resolvePath } from 'node:path';

const [modulePath, meleeFace, ...pursuitFaces] = process.argv.slice(2);
const { default: musketPike, RtabError } = await import(pathToFileURL(resolvePath(modulePath)).href);
const sign = (n) => (n < 0 ? `${n}` : `+${n}`);

// Three regiments of cuirassiers charge pikemen in This Accursed Civil War.
const units = {
  game: 'tacw', attacker_type: 'cuirassiers', attacker_cavalry_units: 3,
  defender_type: 'heavy_infantry', defender_morale: 4,
};
try {
  const c = musketPike.chain('melee', units, [Number(meleeFace)], 0, pursuitFaces.map((f) => [Number(f)]));
  const r = c.result;
  console.log(`melee: ${r.natural} ${sign(r.modifier)} = ${r.modified_roll}: ${r.outcome} (rule ${r.rule})`);
  for (const s of c.steps) {
    const kind = ['table', 'reactions', 'transition', 'distance', 'procedure'].find((k) => k in s);
    const passed = Object.keys(s.inputs).sort().map((k) => `${k}=${s.inputs[k]}`).join(', ');
    let got;
    if ('error' in s) got = `refused: ${s.error}`;
    else if (kind === 'table') got = `${s.outcome} (rule ${s.rule})`;
    else if (kind === 'transition') got = `${s.state}`;
    else got = `${s.outcome}`;
    console.log(`${kind} ${s[kind]}, trigger ${s.trigger}, repeat ${s.repeat} (${passed}): ${got}`);
  }
} catch (e) {
  if (!(e instanceof RtabError)) throw e;
  console.log(`refused: ${e.message}`);
  process.exitCode = 1;
}
