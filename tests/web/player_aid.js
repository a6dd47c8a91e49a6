// SPDX-License-Identifier: MIT
// The interactive player aid of rtab site in Chromium (puppeteer-core,
// tests/npm): the site of the bundled tables opened from file://; 200
// random situations (ruleset, table, every input, the faces; some typed and
// submitted from the keyboard) set in the page, and what the page shows
// read back from the DOM: the result (data-rtab-result) must be rtab eval
// --json's for that situation, as the rtab command gives it, and the odds
// (data-rtab-odds) rtab odds --json's, fraction for fraction; the page's
// own words in Russian, po/ru.po's. Then axe-core:
// no serious or critical accessibility violation. Screenshots are kept in
// meson-logs/web-aid.png and web-aid-ru.png (the page in Russian).
//
// usage: node player_aid.js RTAB SOURCE_ROOT BUILD_ROOT [SITUATIONS]
// Skips (77) without Chromium, puppeteer-core or the web assets, unless
// RTAB_REQUIRE_TOOLS=1.
'use strict';
const fs = require('fs');
const path = require('path');
const web = require('./browser.js');

const [rtab, root, buildRoot] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const situations = Number(process.argv[5] || 200);
const t = web.tools(root, buildRoot, 'rtab_wasm.js');
const native = (args, cwd) => web.native(rtab, args, cwd);
const fail = web.fail;

// A seeded generator: a failure names its seed and comes back with it.
let seed = Number(process.env.RTAB_WEB_SEED || Date.now() % 100000);
function random(n) {
	seed = (seed * 1103515245 + 12345) % 2147483648;
	return Math.floor((seed / 2147483648) * n);
}

web.run(t, async (browser, tmp) => {
	const tables = path.join(root, 'tables');
	const files = fs.readdirSync(tables).filter((f) => f.endsWith('.rtab')).sort();
	const site = web.writeSite(rtab, tmp, files.map((f) => path.join(tables, f)));
	console.log(`seed ${seed}; site of ${files.length} rulesets in ${site}`);
	const started = Date.now();
	const page = await web.openPage(browser, 'file://' + path.join(site, 'index.html'));
	console.log(`first load from file://: ${Date.now() - started} ms`);

	// The odds each ruleset opens on are rtab site's (odds_ahead in
	// rulesets.js, shown before the module has run: data-rtab-ahead), and
	// they are what rtab odds prints for the page's own arguments: the
	// controls as shown, in the page's locale.
	let ahead = 0;
	for (let i = 0; i < files.length; i++) {
		if (i > 0) {
			await page.select('#rtab-ruleset', String(i));
			await page.evaluate(() => window.rtabAid.idle());
		}
		const opened = await page.evaluate((k) => {
			const box = document.querySelector('[data-rtab-odds]');
			const set = [];
			for (const c of document.querySelectorAll('[data-rtab-input]'))
				if (!c.closest('label').hidden)
					set.push(`${c.dataset.rtabInput}=${c.type === 'checkbox' ? c.checked : c.value}`);
			return {ahead: box.dataset.rtabAhead, stored: RTAB_SITE.rulesets[k].odds_ahead || null, set,
				def: document.getElementById('rtab-table').value, locale: document.getElementById('rtab-locale').value,
				rows: [...box.querySelectorAll('tr[data-rtab-outcome]')].map((r) => [r.dataset.rtabOutcome, r.dataset.rtabProbability])};
		}, i);
		const what = `${files[i]} as it opens (${opened.def})`;
		// The page keeps the language chosen where the next ruleset has it: it
		// opens on rtab site's odds only in the ruleset's first locale.
		const locale = opened.stored ? opened.stored.locale : opened.locale;
		const odds = native(['odds', files[i], opened.def, ...opened.set.flatMap((x) => ['--set', x]), '--locale', locale,
			'--json'], tables);
		if (!opened.stored) {
			if (odds.status === 0)
				fail(`${what}: rtab odds answers, but rtab site wrote no odds for the page to open on`);
			continue;
		}
		if (locale !== opened.locale)
			continue;
		if (opened.ahead !== 'true')
			fail(`${what}: the page asked its module for the odds rtab site wrote (data-rtab-ahead ${opened.ahead})`);
		if (odds.status !== 0 || odds.stdout !== opened.stored.stdout)
			fail(`${what}: rtab site wrote odds other than rtab odds' for the page's situation ${opened.set.join(' ')}:\n` +
				`${opened.stored.stdout.slice(0, 300)}\nrtab odds (${odds.status}): ${(odds.stdout || odds.stderr).slice(0, 300)}`);
		const o = JSON.parse(odds.stdout || '{}');
		const want = o.forms ? o.forms.flatMap((f) => f.values.map((v) => [String(v.value), v.probability]))
			: (o.outcomes || []).map((x) => [x.outcome || '', x.probability]);
		if (JSON.stringify(want) !== JSON.stringify(opened.rows))
			fail(`${what}: the page shows the odds ${JSON.stringify(opened.rows)}, rtab odds' ${JSON.stringify(want)}`);
		ahead++;
	}
	if (!ahead)
		fail(`none of ${files.length} rulesets opens on the odds rtab site wrote`);
	console.log(`${ahead} of ${files.length} rulesets open on the odds rtab site wrote, each rtab odds' own`);
	let compared = 0, resolved = 0, rulesetIndex = 0, triggers = 0;
	const kinds = new Set();
	for (let n = 0; n < situations; n++) {
		// Choose the ruleset and a table as a player does, through their selects;
		// a player stays with a game for a while, each situation after the first
		// of a game set in what the one before left.
		if (n % 10 === 0) {
			rulesetIndex = random(files.length);
			await page.select('#rtab-ruleset', String(rulesetIndex));
			await page.evaluate(() => window.rtabAid.idle());
			await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
		}
		const tableIds = await page.$$eval('#rtab-table option', (os) => os.map((o) => o.value));
		if (!tableIds.length)
			continue;
		const tableId = tableIds[random(tableIds.length)];
		await page.select('#rtab-table', tableId);
		await page.evaluate(() => window.rtabAid.idle());
		// Every input at random, then the odds asked once (a change of the last control).
		const choices = await page.$$eval('[data-rtab-input]', (cs) => cs.map((c) => ({
			name: c.dataset.rtabInput, type: c.type, min: Number(c.min), max: Number(c.max),
			options: c.tagName === 'SELECT' ? [...c.options].map((o) => o.value) : null})));
		const values = {};
		for (const c of choices) {
			if (c.options)
				values[c.name] = c.options[random(c.options.length)];
			else if (c.type === 'checkbox')
				values[c.name] = random(2) === 1;
			else // small numbers most of the time: the lines of a table are near zero
				values[c.name] = String(random(4) ? c.min + random(Math.min(c.max - c.min, 12) + 1) : c.min + random(c.max - c.min + 1));
		}
		const drm = random(3) ? 0 : random(7) - 3;
		await page.evaluate((values, drm) => {
			for (const c of document.querySelectorAll('[data-rtab-input]')) {
				const v = values[c.dataset.rtabInput];
				if (c.type === 'checkbox')
					c.checked = v;
				else
					c.value = v;
			}
			const d = document.getElementById('rtab-drm');
			d.value = String(drm);
			d.dispatchEvent(new Event('change')); // the odds, once, and the list items shown
		}, values, drm);
		await page.evaluate(() => window.rtabAid.idle());
		// The faces: rolled by the page's button, or typed and submitted with Enter.
		const faces = await page.$$('[data-rtab-face]');
		if (faces.length && random(2)) {
			for (const f of faces) {
				const [lo, hi] = await f.evaluate((e) => [Number(e.min), Number(e.max)]);
				await f.click({clickCount: 3});
				await f.type(String(lo + random(hi - lo + 1)));
			}
			await page.keyboard.press('Enter');
		} else if (faces.length) {
			await page.click('#rtab-roll-button');
		} else {
			await page.click('#rtab-resolve-button');
		}
		await page.evaluate(() => window.rtabAid.idle());

		// What the page shows, read from the DOM.
		const shown = await page.evaluate(() => {
			const set = [];
			for (const c of document.querySelectorAll('[data-rtab-input]'))
				if (!c.closest('label').hidden)
					set.push(`${c.dataset.rtabInput}=${c.type === 'checkbox' ? c.checked : c.value}`);
			const result = document.querySelector('[data-rtab-result]');
			return {
				set,
				drm: document.getElementById('rtab-drm').value,
				faces: [...document.querySelectorAll('[data-rtab-face]')].map((f) => f.value),
				status: Number(result.dataset.rtabStatus),
				outcome: result.dataset.rtabOutcome,
				label: (result.querySelector('.outcome') || {}).textContent,
				facts: (result.querySelector('.outcome + p') || {}).textContent,
				error: (result.querySelector('.error') || {}).textContent,
				odds: [...document.querySelectorAll('[data-rtab-odds] tr[data-rtab-outcome]')].map((r) =>
					[r.dataset.rtabOutcome, r.dataset.rtabProbability]),
				pageStatus: document.getElementById('rtab-status').textContent,
				kind: document.querySelector('#rtab-table option:checked').parentElement.label,
				triggers: [...result.querySelectorAll('[data-rtab-resolve-on]')].map((b) => b.dataset.rtabResolveOn),
				oddsText: document.querySelector('[data-rtab-odds]').textContent,
				oddsStatus: Number(document.querySelector('[data-rtab-odds]').dataset.rtabStatus),
			};
		});
		if (shown.pageStatus !== 'Ready')
			fail(`the page's status after situation ${n}: ${shown.pageStatus}`);
		const file = files[rulesetIndex];
		const args = [file, tableId, ...shown.set.flatMap((s) => ['--set', s]),
			...(shown.drm !== '0' ? ['--drm', shown.drm] : [])];
		const what = `${args.join(' ')} --roll ${shown.faces.join(',')}`;
		const ev = native(['eval', ...args, ...(shown.faces.length ? ['--roll', shown.faces.join(',')] : []), '--json'], tables);
		if (ev.status !== shown.status) {
			fail(`${what}: the page's eval status ${shown.status}, rtab eval's ${ev.status}: ${ev.stderr}`);
		} else if (ev.status === 0) {
			const want = JSON.parse(ev.stdout);
			// The head of the result: a table's or a procedure's outcome, a reaction
			// set's options, a transition's change of state, a distance's value.
			const head = want.reactions ? 'Options: ' + want.options.join(', ')
				: want.transition ? `${want.from} → ${want.state}`
				: want.distance ? `${want.value} ${want.unit || ''}`.trim()
				: want.label || want.outcome || 'No result';
			if ((want.outcome || '') !== shown.outcome || head !== shown.label)
				fail(`${what}: the page shows ${shown.outcome} "${shown.label}", rtab eval gives ${want.outcome} "${want.label}"`);
			else if (want.table && !want.no_result && !shown.facts.includes(`modified roll ${want.modified_roll}`))
				fail(`${what}: the page says "${shown.facts}", rtab eval's modified roll is ${want.modified_roll}`);
			resolved += want.no_result ? 0 : 1;
			kinds.add(shown.kind);
			// What the result triggers: each target offered to resolve on, in order.
			if (JSON.stringify(want.triggers || []) !== JSON.stringify(shown.triggers))
				fail(`${what}: the page offers to resolve on ${JSON.stringify(shown.triggers)}, rtab eval triggers ${JSON.stringify(want.triggers)}`);
			triggers += shown.triggers.length;
		} else if (shown.error.trim() !== ev.stderr.trim()) {
			fail(`${what}: the page says "${shown.error}", rtab eval "${ev.stderr.trim()}"`);
		}
		const od = native(['odds', ...args, '--json'], tables);
		if (shown.kind !== 'Tables' && shown.kind !== 'Distances') {
			// No dice decide it: rtab odds refuses it, and the page says so.
			if (od.status === 0 || shown.odds.length || !/No dice decide it/.test(shown.oddsText))
				fail(`${what}: a ${shown.kind} entry: rtab odds exits ${od.status}, the page shows "${shown.oddsText}"`);
		} else if (od.status !== shown.oddsStatus) {
			fail(`${what}: the page's odds status ${shown.oddsStatus}, rtab odds' ${od.status}`);
		} else if (od.status === 0) {
			const o = JSON.parse(od.stdout);
			const want = o.forms ? o.forms.flatMap((f) => f.values.map((v) => [String(v.value), v.probability]))
				: o.outcomes.map((x) => [x.outcome || '', x.probability]);
			if (JSON.stringify(want) !== JSON.stringify(shown.odds))
				fail(`${what}: the page's odds ${JSON.stringify(shown.odds)}, rtab odds' ${JSON.stringify(want)}`);
		}
		compared++;
	}
	console.log(`${compared} situations compared (${resolved} resolved to an outcome), ${web.failures.count} failed`);
	if (resolved < compared / 4)
		fail(`only ${resolved} of ${compared} situations resolved: the situations hardly reach a table`);
	console.log(`kinds resolved: ${[...kinds].join(', ')}; ${triggers} triggers offered`);
	if (!kinds.has('Tables') || kinds.size < 3)
		fail(`the situations reached only ${[...kinds].join(', ')}: the page should offer every kind rtab eval resolves`);

	// A trigger resolved on: the melee's result that triggers the transition
	// formation_hit, resolved from its button: the page shows rtab eval's
	// answer for that transition in the situation the trigger sets. The
	// page opened again: every input at its default.
	await page.reload();
	await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
	await page.select('#rtab-ruleset', String(files.indexOf('musket_pike.rtab')));
	await page.evaluate(() => window.rtabAid.idle());
	await page.select('#rtab-table', 'melee');
	await page.evaluate(() => window.rtabAid.idle());
	await page.$eval('[data-rtab-face="0"]', (f) => { f.value = '9'; });
	await page.click('#rtab-resolve-button');
	await page.evaluate(() => window.rtabAid.idle());
	const button = await page.$('[data-rtab-resolve-on="formation_hit"]');
	if (!button) {
		fail('melee at 9: the page offers no way to resolve on formation_hit');
	} else {
		await button.click();
		await page.evaluate(() => window.rtabAid.idle());
		const after = await page.evaluate(() => ({def: document.getElementById('rtab-table').value,
			formation: document.querySelector('[data-rtab-input="formation"]').value,
			head: document.querySelector('[data-rtab-result] .outcome').textContent}));
		const want = JSON.parse(native(['eval', 'musket_pike.rtab', 'formation_hit', '--set', `formation=${after.formation}`,
			'--json'], tables).stdout);
		if (after.def !== 'formation_hit' || after.head !== `${want.from} → ${want.state}`)
			fail(`resolved on formation_hit: the page shows ${JSON.stringify(after)}, rtab eval ${want.from} → ${want.state}`);
		else
			console.log(`resolved on formation_hit from the melee: ${after.head}`);
	}

	// The page's own words in the language chosen: Musket & Pike read in
	// Russian, each of the page's fixed texts is po/ru.po's translation of
	// it, and none is left in English.
	// A melee rolled in English, then the language changed: the result is
	// resolved again, in Russian, at the same faces.
	const ru = web.readPo(path.join(root, 'po', 'ru.po'));
	await page.select('#rtab-table', 'melee');
	await page.evaluate(() => window.rtabAid.idle());
	await page.click('#rtab-roll-button');
	await page.evaluate(() => window.rtabAid.idle());
	const rolledEn = await page.$eval('[data-rtab-face="0"]', (f) => f.value);
	await page.select('#rtab-locale', 'ru');
	await page.evaluate(() => window.rtabAid.idle());
	const resultRu = await page.evaluate(() => ({face: document.querySelector('[data-rtab-face="0"]').value,
		text: document.getElementById('rtab-result').textContent}));
	if (resultRu.face !== rolledEn || /\b(Rolled|modified roll|rule|table:|outcome:)/.test(resultRu.text) ||
	    !resultRu.text.includes(ru['Rolled %s'].replace('%s', '')))
		fail(`the melee's result at ${rolledEn}, read in Russian: face ${resultRu.face}, "${resultRu.text.slice(0, 300)}"`);
	const texts = await page.evaluate(() => [...document.querySelectorAll(
		'main h2, main h3, legend, label > span:first-child, button, caption, th, p.hint, p.outcome, optgroup, [data-rtab-phrase]')]
		.map((e) => [e.dataset.rtabPhrase || null, (e.tagName === 'OPTGROUP' ? e.label : e.textContent).trim()]));
	let translated = 0;
	for (const [phrase, text] of texts) {
		if (phrase && ru[phrase] && text !== ru[phrase])
			fail(`in Russian, "${phrase}" reads "${text}", not po/ru.po's "${ru[phrase]}"`);
		else if (phrase)
			translated++;
		if (ru[text] && ru[text] !== text)
			fail(`in Russian, the page still reads "${text}" (po/ru.po: "${ru[text]}")`);
	}
	const title = await page.title();
	if (translated < 10 || !title.endsWith(ru['%s — player aid'].replace('%s', '')))
		fail(`in Russian: ${translated} marked phrases translated, the title "${title}"`);
	else
		console.log(`in Russian: ${translated} marked phrases and ${texts.length} texts read, none left in English`);
	await page.$eval('#rtab-result-heading', (h) => h.scrollIntoView());
	await page.screenshot({path: path.join(buildRoot, 'meson-logs', 'web-aid-ru.png')});
	await page.select('#rtab-locale', 'en');
	await page.evaluate(() => window.rtabAid.idle());

	await web.accessible(page, t.npm);
	await page.$eval('#rtab-resolve-heading', (h) => h.scrollIntoView());
	await web.finish(page, buildRoot, 'web-aid.png');
});
