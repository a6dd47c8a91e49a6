// SPDX-License-Identifier: MIT
// The workbench of rtab site in Chromium (puppeteer-core, tests/npm): a
// mistake typed into the editor shows rtab check's diagnostic, at its line
// and column with its message and check, in data-rtab-diagnostics; typing
// the fix takes it away; a cell changed in a table's grid, the odds shown
// (data-rtab-odds) are rtab odds --json's for the edited text. Then
// axe-core: no serious or critical violation. Screenshot in
// meson-logs/web-workbench.png.
//
// usage: node workbench.js RTAB SOURCE_ROOT BUILD_ROOT
// Skips (77) without Chromium, puppeteer-core or the workbench's bundle,
// unless RTAB_REQUIRE_TOOLS=1.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');

const [rtab, root, buildRoot] = process.argv.slice(2, 5).map((p) => path.resolve(p));
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
if (!fs.existsSync(path.join(buildRoot, 'web', 'workbench.js')))
	skip('the workbench is not built (npm ci --prefix web/workbench, and -Dweb)');

let failures = 0;
function fail(msg) {
	failures++;
	console.log('FAIL ' + msg);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rtab-workbench-'));

// rtab on a text, under the name the page gives it.
function native(name, text, args) {
	const dir = fs.mkdtempSync(path.join(tmp, 'run-'));
	fs.writeFileSync(path.join(dir, name), text);
	const r = spawnSync(rtab, args, {cwd: dir, encoding: 'utf8'});
	if (r.error)
		throw r.error;
	return r;
}

async function checked(page, after) {
	await page.waitForFunction((n) => Number(document.body.dataset.rtabChecks || 0) > n, {timeout: 60000}, after);
	return page.evaluate(() => Number(document.body.dataset.rtabChecks));
}

function shownDiagnostics(page) {
	return page.$$eval('[data-rtab-diagnostics] li', (ls) => ls.map((l) => ({
		line: Number(l.dataset.rtabLine), column: Number(l.dataset.rtabColumn),
		severity: l.dataset.rtabSeverity, check: l.dataset.rtabCheck || null, text: l.textContent})));
}

// Put the cursor at offset of the editor's text.
async function cursorAt(page, offset) {
	await page.evaluate((at) => {
		const view = window.rtabWorkbench.view;
		view.focus();
		view.dispatch({selection: {anchor: at}});
	}, offset);
}

(async () => {
	const tables = path.join(root, 'tables');
	const site = path.join(tmp, 'site');
	const made = spawnSync(rtab, ['site', path.join(tables, 'musket_pike.rtab'), path.join(tables, 'classic_odds.rtab'),
		'-o', site], {encoding: 'utf8'});
	if (made.status !== 0 || !fs.existsSync(path.join(site, 'workbench.html'))) {
		console.log(`rtab site: exit ${made.status}: ${made.stderr}`);
		process.exit(1);
	}
	const browser = await puppeteer.launch({executablePath: chromium, headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run']});
	try {
		const page = await browser.newPage();
		await page.setViewport({width: 1280, height: 900});
		const errors = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto('file://' + path.join(site, 'workbench.html'));
		await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
		let checks = await checked(page, 0);
		const name = 'musket_pike.rtab';
		const source = fs.readFileSync(path.join(tables, name), 'utf8');

		// A mistake typed: 'morale' loses its last letter.
		const word = 'morale(defender, broken)';
		const at = source.indexOf(word) + 'moral'.length;
		await cursorAt(page, at);
		await page.keyboard.press('Delete');
		checks = await checked(page, checks);
		const broken = source.slice(0, at) + source.slice(at + 1);
		const want = native(name, broken, ['check', '--diagnostics=json', name]).stdout.split('\n')
			.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).filter((d) => d.severity === 'error');
		const shown = (await shownDiagnostics(page)).filter((d) => d.severity === 'error');
		const line = source.slice(0, at).split('\n').length;
		if (!want.length || want[0].line !== line)
			fail(`rtab check does not find the mistake on line ${line}: ${JSON.stringify(want)}`);
		if (shown.length !== want.length)
			fail(`the page shows ${shown.length} errors, rtab check ${want.length}: ${JSON.stringify(shown)}`);
		for (let i = 0; i < Math.min(shown.length, want.length); i++) {
			const w = want[i], s = shown[i];
			if (s.line !== w.line || s.column !== w.column || s.check !== w.check || !s.text.includes(w.message))
				fail(`the page shows ${JSON.stringify(s)}, rtab check ${JSON.stringify(w)}`);
		}
		console.log(`typed a mistake on line ${line}: the page shows ${JSON.stringify(shown[0] && shown[0].text)}`);
		// The editor marks it too (CodeMirror's lint marks).
		const marks = await page.$$eval('.cm-lintRange-error', (ms) => ms.length);
		if (!marks)
			fail('the editor marks no error in the text');

		// The fix typed: the diagnostic goes.
		await cursorAt(page, at);
		await page.keyboard.type('e');
		checks = await checked(page, checks);
		const after = (await shownDiagnostics(page)).filter((d) => d.severity === 'error');
		if (after.length)
			fail(`the fix typed, the page still shows ${JSON.stringify(after)}`);
		const checkMs = await page.evaluate(() => Number(document.body.dataset.rtabCheckMs));
		console.log(`web_check_ms ${checkMs} (rtab check of ${name} in the page, after a keystroke)`);

		// A cell changed in the classic CRT: the odds shown are rtab odds' of the new text.
		await page.select('#rtab-file', 'classic_odds.rtab');
		checks = await checked(page, checks);
		const crt = await page.evaluate(() => window.rtabWorkbench.view.state.doc.toString());
		const lines = crt.split('\n');
		const tableLine = lines.findIndex((l) => /^\s*table\s+crt\b/.test(l));
		const rowLine = lines.findIndex((l, i) => i > tableLine && /^\s*[0-9]+\s+\S+\s+\S+/.test(l));
		const cells = lines[rowLine].trim().split(/\s+/);
		const swapped = cells.findIndex((c, i) => i > 1 && c !== cells[1]);
		if (tableLine < 0 || rowLine < 0 || swapped < 0) {
			fail('no grid line of table crt with two different cells in classic_odds.rtab');
		} else {
			const newRow = lines[rowLine].replace(new RegExp(`(\\s)${cells[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s)`),
				`$1${cells[swapped]}$2`);
			const from = lines.slice(0, rowLine).join('\n').length + 1;
			await page.evaluate((from, to, insert) => {
				const view = window.rtabWorkbench.view;
				view.dispatch({changes: {from, to, insert}, selection: {anchor: from}});
			}, from, from + lines[rowLine].length, newRow);
			checks = await checked(page, checks);
			const edited = lines.slice(0, rowLine).concat([newRow], lines.slice(rowLine + 1)).join('\n');
			const odds = native('classic_odds.rtab', edited, ['odds', 'classic_odds.rtab', 'crt', '--json']);
			const shownOdds = await page.$$eval('[data-rtab-odds] tr[data-rtab-outcome]', (rs) =>
				rs.map((r) => [r.dataset.rtabOutcome, r.dataset.rtabProbability]));
			const wantOdds = odds.status === 0 ? JSON.parse(odds.stdout).outcomes.map((o) => [o.outcome || '', o.probability]) : null;
			if (JSON.stringify(shownOdds) !== JSON.stringify(wantOdds))
				fail(`the cell '${cells[1]}' of '${lines[rowLine].trim()}' made '${cells[swapped]}': the page's odds ` +
					`${JSON.stringify(shownOdds)}, rtab odds' ${JSON.stringify(wantOdds)} (${odds.stderr})`);
			else
				console.log(`changed a cell of crt: the odds shown are rtab odds' (${shownOdds.length} outcomes)`);
		}

		await page.addScriptTag({path: path.join(npm, 'axe-core', 'axe.min.js')});
		const axe = await page.evaluate(() => axe.run(document, {iframes: false, preload: false}));
		for (const v of axe.violations)
			if (v.impact === 'serious' || v.impact === 'critical')
				fail(`axe-core: ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
		console.log(`axe-core: ${axe.violations.length} violations, ${axe.passes.length} rules passed`);
		for (const e of errors)
			fail('the page: ' + e);
		await page.screenshot({path: path.join(buildRoot, 'meson-logs', 'web-workbench.png')});
	} finally {
		await browser.close();
		fs.rmSync(tmp, {recursive: true, force: true});
	}
	process.exit(failures ? 1 : 0);
})().catch((e) => {
	console.log(e.stack);
	process.exit(1);
});
