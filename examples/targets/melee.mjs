// A game's melee in JavaScript, resolved by the module `rtab compile --target
// js` writes from tables/musket_pike.rtab:
//
//   rtab compile --target js tables/musket_pike.rtab -o out
//   node examples/targets/melee.mjs out/musket_pike.mjs FACE [LOCALE]
import { pathToFileURL } from 'node:url';
import { resolve as resolvePath } from 'node:path';

const [modulePath, faceText, locale = 'en'] = process.argv.slice(2);
const { default: musketPike, RtabError } = await import(pathToFileURL(resolvePath(modulePath)).href);

const label = (section, id) => musketPike.label(section, id, locale);
const sign = (n) => (n < 0 ? `${n}` : `+${n}`);

// A regiment of cuirassiers with its colonel charges shaken pikemen.
const units = {
  attacker_type: 'cuirassiers', attacker_cavalry_units: 1, attacker_leaders: 1,
  defender_type: 'heavy_infantry', defender_morale: 4,
};
try {
  const r = musketPike.resolve('melee', units, [Number(faceText)], 0);
  if (r.no_result) throw new Error('the melee gives no result');
  const then = r.triggers.length ? r.triggers.join(', ') : 'nothing';
  console.log(`${label('tables', 'melee')}: ${r.natural} ${sign(r.modifier)} = ${r.modified_roll}: ` +
    `${label('outcomes', r.outcome)}; then ${then}`);
} catch (e) {
  if (!(e instanceof RtabError)) throw e;
  console.log(`refused: ${e.message}`);
  process.exitCode = 1;
}
