// SPDX-License-Identifier: MIT
// The web figures of bench/run, measured in the page by headless Chromium
// (puppeteer-core, tests/npm) on the site of Musket & Pike and the classic
// CRT (rtab site):
//   web_load_ms   the player aid opened from file://, until its first odds
//                 are shown (the page's own clock, performance.now()), median
//   web_module_ms the same page, until rtab.wasm answered its first command
//                 (the first odds are rtab site's: analysis/odds_ahead.h)
//   web_odds_ms   the exact odds of the melee in the page (rtab odds --json
//                 in rtab.wasm), median of the refreshes
//   web_check_ms  the workbench: rtab check of musket_pike.rtab after a
//                 keystroke, median
// and, beside each, the processor time the page's main thread spent on it
// (Chrome's TaskDuration counted in thread ticks, median): what the figure
// would be on an idle machine, where the wall-clock figures above count
// the share of the processor other processes leave the browser:
//   web_load_cpu_ms   the player aid's first load, its printed tables included
//   web_odds_cpu_ms   one odds of the melee in the page's module, the ruleset kept
//                     (the pages run rtab in a worker, which the main thread's
//                     time does not count: these run in the page's thread)
//   web_check_cpu_ms  one rtab check of musket_pike.rtab in the workbench's module
// Prints one JSON object; {"missing": WHY} without Chromium, puppeteer-core
// or the web assets.
// usage: node web_latency.js RTAB SOURCE_ROOT BUILD_DIR [RUNS]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');

const [rtab, root, build] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const runs = Number(process.argv[5] || 9);

function missing(why) {
	console.log(JSON.stringify({missing: why}));
	process.exit(0);
}

let puppeteer;
try {
	puppeteer = require(path.join(root, 'tests', 'npm', 'node_modules', 'puppeteer-core'));
} catch (e) {
	missing('puppeteer-core (npm ci --prefix tests/npm)');
}
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromium)
	missing('chromium');
if (!fs.existsSync(path.join(build, 'web', 'workbench.js')))
	missing('the web assets with the workbench (-Dweb, npm ci --prefix web/workbench)');

// The processor time of the page's main thread so far, ms (a CDP session
// with Performance enabled in thread ticks).
async function cpuMs(cdp) {
	const m = (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'TaskDuration');
	return Math.round(m.value * 1000);
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

(async () => {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rtab-bench-web-'));
	const site = path.join(tmp, 'site');
	const made = spawnSync(rtab, ['site', path.join(root, 'tables', 'musket_pike.rtab'),
		path.join(root, 'tables', 'classic_odds.rtab'), '-o', site], {encoding: 'utf8'});
	if (made.status !== 0)
		throw new Error('rtab site: ' + made.stderr);
	const browser = await puppeteer.launch({executablePath: chromium, headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run']});
	// The machine's load average (1 minute) as the run begins and ends: on a
	// shared machine the wall-clock figures count the other processes too.
	const figures = {load_before: Number(os.loadavg()[0].toFixed(1))};
	try {
		const loads = [], loadCpu = [], modules = [];
		let cdp = null;
		for (let i = 0; i < runs; i++) {
			const page = await browser.newPage();
			cdp = await page.createCDPSession();
			await cdp.send('Performance.enable', {timeDomain: 'threadTicks'});
			await page.goto('file://' + path.join(site, 'index.html'));
			await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
			loads.push(await page.evaluate(() => Number(document.body.dataset.rtabLoadMs)));
			await page.evaluate(() => window.rtabAid.idle());
			modules.push(await page.evaluate(() => Number(document.body.dataset.rtabModuleMs)));
			loadCpu.push(await cpuMs(cdp));
			if (i < runs - 1)
				await page.close();
		}
		figures.web_load_ms = median(loads);
		figures.web_module_ms = median(modules);

		// The melee is the first table of Musket & Pike: each change of the
		// other modifier asks its odds again.
		const page = (await browser.pages()).pop();
		await page.select('#rtab-table', 'melee');
		await page.evaluate(() => window.rtabAid.idle());
		const odds = [], oddsCpu = [];
		for (let i = 0; i < runs; i++) {
			await page.evaluate((drm) => {
				const d = document.getElementById('rtab-drm');
				d.value = String(drm);
				d.dispatchEvent(new Event('change'));
			}, i % 3);
			await page.evaluate(() => window.rtabAid.idle());
			odds.push(await page.$eval('[data-rtab-odds]', (e) => Number(e.dataset.rtabMs)));
		}
		figures.web_odds_ms = median(odds);
		// The page runs rtab in a worker, whose time the main thread's does
		// not count: the same odds in a module of the page's own thread
		// (RtabWasi.load's, the ruleset kept from the run before, as the
		// worker keeps it), its processor time.
		const oddsRun = (drm) => page.evaluate(async (d) => {
			const rtab = await RtabWasi.load(RTAB_WASM);
			const rs = RTAB_SITE.rulesets.find((r) => r.name === 'musket_pike.rtab');
			await rtab.run(['odds', rs.name, 'melee', '--drm', String(d), '--json', ...(rs.edition ? ['--edition', rs.edition] : [])],
				{[rs.name]: rs.source});
		}, drm);
		await oddsRun(0);
		for (let i = 0; i < runs; i++) {
			const before = await cpuMs(cdp);
			await oddsRun(i % 3);
			oddsCpu.push(await cpuMs(cdp) - before);
		}

		const bench = await browser.newPage();
		await bench.goto('file://' + path.join(site, 'workbench.html'));
		await bench.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
		const checks = [];
		let done = 0;
		for (let i = 0; i < runs; i++) {
			await bench.waitForFunction((n) => Number(document.body.dataset.rtabChecks || 0) > n, {timeout: 60000}, done);
			done = await bench.evaluate(() => Number(document.body.dataset.rtabChecks));
			if (i > 0) // the first check is the file's opening, not a keystroke
				checks.push(await bench.evaluate(() => Number(document.body.dataset.rtabCheckMs)));
			await bench.evaluate((k) => {
				const view = window.rtabWorkbench.view;
				// A space typed at the start, then taken away: a keystroke each.
				view.dispatch({changes: k % 2 ? {from: 0, to: 1} : {from: 0, insert: ' '}});
			}, i);
		}
		figures.web_check_ms = median(checks);
		// The check alone, in the page's module (compiled once: RtabWasi.load's), its processor time.
		const benchCdp = await bench.createCDPSession();
		await benchCdp.send('Performance.enable', {timeDomain: 'threadTicks'});
		const checkCpu = [];
		for (let i = 0; i < runs; i++) {
			const before = await cpuMs(benchCdp);
			await bench.evaluate(async () => {
				const rtab = await RtabWasi.load(RTAB_WASM);
				const text = window.rtabWorkbench.view.state.doc.toString();
				await rtab.run(['check', '--diagnostics=json', 'musket_pike.rtab'], {'musket_pike.rtab': text});
			});
			checkCpu.push(await cpuMs(benchCdp) - before);
		}
		figures.web_load_cpu_ms = median(loadCpu);
		figures.web_odds_cpu_ms = median(oddsCpu);
		figures.web_check_cpu_ms = median(checkCpu);
		figures.load_after = Number(os.loadavg()[0].toFixed(1));
	} finally {
		await browser.close();
		fs.rmSync(tmp, {recursive: true, force: true});
	}
	console.log(JSON.stringify(figures));
})().catch((e) => {
	console.log(JSON.stringify({missing: 'an error: ' + e.message}));
	process.exit(1);
});
