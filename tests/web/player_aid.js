// SPDX-License-Identifier: MIT
// The interactive player aid of rtab site in Chromium (puppeteer-core,
// tests/npm): the site of the bundled tables opened from file://; 200
// random situations (ruleset, table, every input, the faces; some typed and
// submitted from the keyboard) set in the page, and what the page shows
// read back from the DOM: the result (data-rtab-result) must be rtab eval
// --json's for that situation, as the rtab command gives it, and the odds
// (data-rtab-odds) rtab odds --json's, fraction for fraction. Then axe-core:
// no serious or critical accessibility violation. A screenshot is kept in
// meson-logs/web-aid.png.
//
// usage: node player_aid.js RTAB SOURCE_ROOT BUILD_ROOT [SITUATIONS]
// Skips (77) without Chromium, puppeteer-core or the web assets, unless
// RTAB_REQUIRE_TOOLS=1.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');

const [rtab, root, buildRoot] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const situations = Number(process.argv[5] || 200);
const required = process.env.RTAB_REQUIRE_TOOLS === '1';

function skip(why) {
	console.log(`${why}: skipped`);
	process.exit(required ? 1 : 77);
}

const npm = path.join(root, 'tests', 'npm', 'node_modules');
let puppeteer;
try {
	puppeteer = require(path.join(npm, 'puppeteer-core'));
} catch (e) {
	skip('puppeteer-core not installed (npm ci --prefix tests/npm)');
}
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromium)
	skip('chromium not installed');
if (!fs.existsSync(path.join(buildRoot, 'web', 'rtab_wasm.js')))
	skip('the web assets are not built (-Dweb needs clang and wasi-libc)');

function native(args, cwd) {
	const r = spawnSync(rtab, args, {cwd, encoding: 'utf8', maxBuffer: 1 << 28});
	if (r.error)
		throw r.error;
	return r;
}

// A seeded generator: a failure names its seed and comes back with it.
let seed = Number(process.env.RTAB_WEB_SEED || Date.now() % 100000);
function random(n) {
	seed = (seed * 1103515245 + 12345) % 2147483648;
	return Math.floor((seed / 2147483648) * n);
}

let failures = 0;
function fail(msg) {
	failures++;
	console.log('FAIL ' + msg);
}

(async () => {
	const tables = path.join(root, 'tables');
	const files = fs.readdirSync(tables).filter((f) => f.endsWith('.rtab')).sort();
	const site = fs.mkdtempSync(path.join(os.tmpdir(), 'rtab-site-'));
	const made = native(['site', ...files.map((f) => path.join(tables, f)), '-o', site]);
	if (made.status !== 0) {
		fail(`rtab site: exit ${made.status}: ${made.stderr}`);
		process.exit(1);
	}
	console.log(`seed ${seed}; site of ${files.length} rulesets in ${site}`);
	const browser = await puppeteer.launch({executablePath: chromium, headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run']});
	try {
		const page = await browser.newPage();
		await page.setViewport({width: 1280, height: 900});
		const errors = [];
		const started = Date.now();
		page.on('pageerror', (e) => errors.push(e.message));
		page.on('requestfailed', (r) => errors.push('request failed: ' + r.url() + ': ' + (r.failure() || {}).errorText));
		
		await page.goto('file://' + path.join(site, 'index.html'));
		await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
		console.log(`first load from file://: ${Date.now() - started} ms`);

		let compared = 0, resolved = 0, rulesetIndex = 0;
		for (let n = 0; n < situations; n++) {
			if (n % 10 === 0) // a player stays with a game for a while
				rulesetIndex = random(files.length);
			// Choose the ruleset and a table as a player does, through their selects.
			await page.select('#rtab-ruleset', String(rulesetIndex));
			await page.evaluate(() => window.rtabAid.idle());
			await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
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
				if ((want.outcome || '') !== shown.outcome || (want.label || want.outcome || 'No result') !== shown.label)
					fail(`${what}: the page shows ${shown.outcome} "${shown.label}", rtab eval gives ${want.outcome} "${want.label}"`);
				else if (!want.no_result && !shown.facts.includes(`modified roll ${want.modified_roll}`))
					fail(`${what}: the page says "${shown.facts}", rtab eval's modified roll is ${want.modified_roll}`);
				resolved += want.no_result ? 0 : 1;
			} else if (shown.error.trim() !== ev.stderr.trim()) {
				fail(`${what}: the page says "${shown.error}", rtab eval "${ev.stderr.trim()}"`);
			}
			const od = native(['odds', ...args, '--json'], tables);
			if (od.status !== shown.oddsStatus) {
				fail(`${what}: the page's odds status ${shown.oddsStatus}, rtab odds' ${od.status}`);
			} else if (od.status === 0) {
				const want = JSON.parse(od.stdout).outcomes.map((o) => [o.outcome || '', o.probability]);
				if (JSON.stringify(want) !== JSON.stringify(shown.odds))
					fail(`${what}: the page's odds ${JSON.stringify(shown.odds)}, rtab odds' ${JSON.stringify(want)}`);
			}
			compared++;
		}
		console.log(`${compared} situations compared (${resolved} resolved to an outcome), ${failures} failed`);
		if (resolved < compared / 4)
			fail(`only ${resolved} of ${compared} situations resolved: the situations hardly reach a table`);

		// Accessibility: axe-core on the page as a player finds it.
		await page.addScriptTag({path: path.join(npm, 'axe-core', 'axe.min.js')});
		// No preload: axe would fetch the style sheets, which a page from file:// may not.
		const axe = await page.evaluate(() => axe.run(document, {iframes: false, preload: false}));
		for (const v of axe.violations)
			if (v.impact === 'serious' || v.impact === 'critical')
				fail(`axe-core: ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
		console.log(`axe-core: ${axe.violations.length} violations, ${axe.passes.length} rules passed`);
		for (const e of errors)
			fail('the page: ' + e);
		await page.screenshot({path: path.join(buildRoot, 'meson-logs', 'web-aid.png'), fullPage: false});
	} finally {
		await browser.close();
		fs.rmSync(site, {recursive: true, force: true});
	}
	process.exit(failures ? 1 : 0);
})().catch((e) => {
	console.log(e.stack);
	process.exit(1);
});
