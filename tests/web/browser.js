// SPDX-License-Identifier: MIT
// What every browser test of the web pages needs (docs/web.md):
// puppeteer-core (npm ci --prefix tests/npm) driving Debian's chromium
// headless, a site written by rtab site, failures counted, axe-core run on a
// page, and a screenshot kept in meson-logs/ as the test's artifact.
//
// A missing tool skips the test (exit 77), unless RTAB_REQUIRE_TOOLS=1 (CI),
// which makes it a failure.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');

function skip(why) {
	console.log(`${why}: skipped`);
	process.exit(process.env.RTAB_REQUIRE_TOOLS === '1' ? 1 : 77);
}

// The tools, or a skip naming the missing one. asset: the file of
// BUILD_ROOT/web the test needs (rtab_wasm.js: the module; workbench.js:
// the editor's bundle).
function tools(root, buildRoot, asset) {
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
	if (!fs.existsSync(path.join(buildRoot, 'web', asset)))
		skip(asset === 'workbench.js' ? 'the workbench is not built (npm ci --prefix web/workbench, and -Dweb)'
			: 'the web assets are not built (-Dweb needs clang and wasi-libc)');
	return {puppeteer, chromium, npm};
}

function launch(t) {
	return t.puppeteer.launch({executablePath: t.chromium, headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run']});
}

// A page of 1280×900 whose script errors (and failed loads) are collected in page.errors.
async function openPage(browser, url) {
	const page = await browser.newPage();
	await page.setViewport({width: 1280, height: 900});
	page.errors = [];
	page.on('pageerror', (e) => page.errors.push(e.message));
	page.on('requestfailed', (r) => page.errors.push('request failed: ' + r.url() + ': ' + (r.failure() || {}).errorText));
	await page.goto(url);
	await page.waitForSelector('body[data-rtab-ready="true"]', {timeout: 60000});
	return page;
}

// rtab site FILE... -o a new directory under tmp; its path, or throws with rtab's message.
function writeSite(rtab, tmp, files) {
	const site = fs.mkdtempSync(path.join(tmp, 'site-'));
	const made = spawnSync(rtab, ['site', ...files, '-o', site], {encoding: 'utf8'});
	if (made.status !== 0)
		throw new Error(`rtab site: exit ${made.status}: ${made.stderr}`);
	return site;
}

// rtab ARGS in cwd (spawnSync's answer: status, stdout, stderr).
function native(rtab, args, cwd) {
	const r = spawnSync(rtab, args, {cwd, encoding: 'utf8', maxBuffer: 1 << 28});
	if (r.error)
		throw r.error;
	return r;
}

// Failures: each printed as it is found; the exit status counts them.
const failures = {count: 0};
function fail(msg) {
	failures.count++;
	console.log('FAIL ' + msg);
}

// axe-core on the page as it stands: every serious or critical violation fails.
async function accessible(page, npm) {
	await page.addScriptTag({path: path.join(npm, 'axe-core', 'axe.min.js')});
	// No preload: axe would fetch the style sheets, which a page from file:// may not.
	const axe = await page.evaluate(() => axe.run(document, {iframes: false, preload: false}));
	for (const v of axe.violations)
		if (v.impact === 'serious' || v.impact === 'critical')
			fail(`axe-core: ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
	console.log(`axe-core: ${axe.violations.length} violations, ${axe.passes.length} rules passed`);
}

// The page's script errors fail; the screenshot is kept as meson-logs/NAME.
async function finish(page, buildRoot, name) {
	for (const e of page.errors)
		fail('the page: ' + e);
	await page.screenshot({path: path.join(buildRoot, 'meson-logs', name)});
}

// The test's body with a browser and a scratch directory, both gone after;
// exit status 1 if anything failed.
function run(t, body) {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rtab-web-'));
	(async () => {
		const browser = await launch(t);
		try {
			await body(browser, tmp);
		} finally {
			await browser.close();
			fs.rmSync(tmp, {recursive: true, force: true});
		}
		process.exit(failures.count ? 1 : 0);
	})().catch((e) => {
		console.log(e.stack);
		fs.rmSync(tmp, {recursive: true, force: true});
		process.exit(1);
	});
}

// msgid -> msgstr of a PO file (one entry a msgid line and a msgstr line,
// each possibly continued by quoted lines).
function readPo(file) {
	const out = {};
	let field = null, cur = {};
	const unquote = (q) => JSON.parse(q);
	for (const line of (fs.readFileSync(file, 'utf8') + '\n').split('\n')) {
		const m = /^(msgid|msgstr) (".*")$/.exec(line);
		if (m) {
			field = m[1];
			cur[field] = unquote(m[2]);
		} else if (/^".*"$/.test(line) && field) {
			cur[field] += unquote(line);
		} else if (!line.trim()) {
			if (cur.msgid && cur.msgstr)
				out[cur.msgid] = cur.msgstr;
			cur = {};
			field = null;
		}
	}
	return out;
}

module.exports = {tools, launch, openPage, writeSite, native, fail, failures, accessible, finish, run, skip, readPo};
