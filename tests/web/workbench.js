// SPDX-License-Identifier: MIT
// The workbench of rtab site in Chromium (puppeteer-core, tests/npm), each
// answer compared with the rtab command's on the same text:
//   - a mistake typed shows rtab check's diagnostic at its line and column,
//     with its message and check, listed and marked; its "did you mean"
//     fix (rtab lsp's code action), clicked, takes it away;
//   - hover over a name shows rtab lsp's hover (the definition's source);
//   - completion, typed in a table's roll, offers rtab lsp's names (the dice);
//   - a cell changed, the odds shown are rtab odds --json's; a control of
//     the situation changed, rtab odds --json's at that situation; the
//     result of the faces entered, rtab eval --json's; the examples'
//     tally, rtab test's;
//   - an edition chosen, the errata sheet shown is rtab diff's from it;
//     an errata layer file given with its base: its edition offered, and
//     the sheet rtab diff's of the two; the cursor inside a table's id, its
//     odds; completion at a statement's start in an outcome;
//   - a finding planted in a translation, verify lists it at its line,
//     as rtab verify does, and its button puts the cursor there;
//   - Russian chosen: the page's own words po/ru.po's, the odds' labels
//     rtab odds --locale ru's, and the player aid opened next in Russian;
//     German chosen for Border Raid: its words po/de.po's;
// then axe-core: no serious or critical violation. Screenshots in
// meson-logs/: web-workbench.png, web-workbench-errata.png,
// web-workbench-verify.png.
//
// usage: node workbench.js RTAB SOURCE_ROOT BUILD_ROOT
// Skips (77) without Chromium, puppeteer-core or the workbench's bundle,
// unless RTAB_REQUIRE_TOOLS=1.
'use strict';
const fs = require('fs');
const path = require('path');
const web = require('./browser.js');

const [rtab, root, buildRoot] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const t = web.tools(root, buildRoot, 'workbench.js');
const fail = web.fail;

// rtab ARGS on texts (name → text) in a directory of their own.
let scratch = null;
function native(texts, args, stdin) {
	const dir = fs.mkdtempSync(path.join(scratch, 'run-'));
	for (const [name, text] of Object.entries(texts))
		fs.writeFileSync(path.join(dir, name), text);
	const r = require('child_process').spawnSync(rtab, args, {cwd: dir, encoding: 'utf8', input: stdin, maxBuffer: 1 << 28});
	if (r.error)
		throw r.error;
	return r;
}

// rtab lsp on name's text: the answer to one request at a position.
function nativeLsp(name, text, method, position) {
	const uri = 'file:///' + name;
	const messages = [
		{jsonrpc: '2.0', id: 0, method: 'initialize', params: {capabilities: {}}},
		{jsonrpc: '2.0', method: 'textDocument/didOpen', params: {textDocument: {uri, languageId: 'rtab', version: 1, text}}},
		{jsonrpc: '2.0', id: 1, method, params: {textDocument: {uri}, position}},
		{jsonrpc: '2.0', id: 2, method: 'shutdown'}, {jsonrpc: '2.0', method: 'exit'}];
	const input = messages.map((m) => `Content-Length: ${Buffer.byteLength(JSON.stringify(m))}\r\n\r\n${JSON.stringify(m)}`).join('');
	const out = native({}, ['lsp'], input).stdout;
	const answer = out.split(/Content-Length: [0-9]+\r\n\r\n/).filter((b) => b.trim()).map((b) => JSON.parse(b)).find((a) => a.id === 1);
	return answer && answer.result;
}

async function checked(page, after) {
	await page.waitForFunction((n) => Number(document.body.dataset.rtabChecks || 0) > n, {timeout: 60000}, after);
	await page.evaluate(() => window.rtabWorkbench.idle());
	return page.evaluate(() => Number(document.body.dataset.rtabChecks));
}

function shownDiagnostics(page) {
	return page.$$eval('[data-rtab-diagnostics] li', (ls) => ls.map((l) => ({
		line: Number(l.dataset.rtabLine), column: Number(l.dataset.rtabColumn),
		severity: l.dataset.rtabSeverity, check: l.dataset.rtabCheck || null, text: l.textContent})));
}

function text(page) { return page.evaluate(() => window.rtabWorkbench.view.state.doc.toString()); }

// Put the cursor at offset of the editor's text.
async function cursorAt(page, offset) {
	await page.evaluate((at) => {
		const view = window.rtabWorkbench.view;
		view.focus();
		view.dispatch({selection: {anchor: at}, scrollIntoView: true});
	}, offset);
}

// Replace from..to of the editor's text, as typing would.
function edit(page, from, to, insert) {
	return page.evaluate((from, to, insert) => window.rtabWorkbench.view.dispatch({changes: {from, to, insert}}), from, to, insert);
}

// The situation the controls show, as --set takes it (the shown inputs only).
function shownSituation(page) {
	return page.evaluate(() => [...document.querySelectorAll('#rtab-inputs [data-rtab-input]')]
		.filter((c) => !c.closest('label').hidden)
		.flatMap((c) => ['--set', `${c.dataset.rtabInput}=${c.type === 'checkbox' ? c.checked : c.value}`]));
}

function shownOdds(page) {
	return page.$$eval('[data-rtab-odds] tr[data-rtab-outcome]', (rs) => rs.map((r) => [r.dataset.rtabOutcome, r.dataset.rtabProbability]));
}

function oddsOf(r) {
	return r.status === 0 ? JSON.parse(r.stdout).outcomes.map((o) => [o.outcome || '', o.probability]) : null;
}

async function mistakeAndFix(page, checks) {
	const name = 'musket_pike.rtab';
	const source = fs.readFileSync(path.join(root, 'tables', name), 'utf8');
	const word = 'morale(defender, broken)';
	const at = source.indexOf(word) + 'moral'.length;
	await cursorAt(page, at);
	await page.keyboard.press('Delete');
	checks = await checked(page, checks);
	const broken = source.slice(0, at) + source.slice(at + 1);
	const want = native({[name]: broken}, ['check', '--diagnostics=json', name]).stdout.split('\n')
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
	if (!await page.$$eval('.cm-lintRange-error', (ms) => ms.length))
		fail('the editor marks no error in the text');

	// The fix of rtab lsp's code action, offered beside the diagnostic and clicked.
	const fix = await page.$('[data-rtab-diagnostics] [data-rtab-fix]');
	const title = fix && await fix.evaluate((b) => b.textContent);
	if (!fix || title !== "Replace 'moral' with 'morale'") {
		fail(`no quick fix "Replace 'moral' with 'morale'" beside the diagnostic (${title})`);
		await page.keyboard.type('e');
	} else {
		await fix.click();
	}
	checks = await checked(page, checks);
	const after = (await shownDiagnostics(page)).filter((d) => d.severity === 'error');
	if (after.length)
		fail(`the fix applied, the page still shows ${JSON.stringify(after)}`);
	if (await text(page) !== source)
		fail('the fix applied, the text is not the source as it was');
	else if (fix)
		console.log(`clicked "${title}": no error, the text as it was`);
	console.log(`web_check_ms ${await page.evaluate(() => Number(document.body.dataset.rtabCheckMs))} ` +
		`(rtab check of ${name} in the page, after a keystroke)`);
	return checks;
}

// Hover over 'morale' in morale(defender, broken): rtab lsp's hover, its source shown.
async function hover(page) {
	const name = 'musket_pike.rtab';
	const source = await text(page);
	const at = source.indexOf('morale(defender, broken)') + 2;
	const line = source.slice(0, at).split('\n').length - 1;
	const want = nativeLsp(name, source, 'textDocument/hover', {line, character: at - source.lastIndexOf('\n', at - 1) - 1});
	const code = want && /```rtab\n([\s\S]*?)\n```/.exec(want.contents.value);
	if (!code) {
		fail(`rtab lsp gives no hover with source at line ${line + 1}: ${JSON.stringify(want)}`);
		return;
	}
	await cursorAt(page, at);
	const box = await page.evaluate((pos) => {
		const r = window.rtabWorkbench.view.coordsAtPos(pos);
		return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
	}, at);
	await page.mouse.move(box.x, box.y);
	const shown = await page.waitForSelector('[data-rtab-hover] pre', {timeout: 20000}).then((e) => e.evaluate((p) => p.textContent))
		.catch(() => null);
	if (shown !== code[1])
		fail(`hover over 'morale' shows ${JSON.stringify(shown)}, rtab lsp ${JSON.stringify(code[1])}`);
	else
		console.log(`hover over 'morale': rtab lsp's docs, ${shown.split('\n')[0]}`);
	await page.mouse.move(5, 5);
}

// Completion of a table's dice, typed: rtab lsp's names (the dice of the ruleset).
async function complete(page, checks) {
	const name = 'musket_pike.rtab';
	const source = await text(page);
	const at = source.indexOf('\n  roll d10;') + '\n  roll '.length;
	await edit(page, at, at + 'd10'.length, '');
	await cursorAt(page, at);
	await page.keyboard.type('d');
	const labels = await page.waitForSelector('.cm-tooltip-autocomplete li', {timeout: 20000})
		.then(() => page.$$eval('.cm-tooltip-autocomplete li', (ls) => ls.map((l) => l.querySelector('.cm-completionLabel').textContent)))
		.catch(() => []);
	const typed = await text(page);
	const pos = at + 1;
	const want = nativeLsp(name, typed, 'textDocument/completion',
		{line: typed.slice(0, pos).split('\n').length - 1, character: pos - typed.lastIndexOf('\n', pos - 1) - 1});
	const wanted = ((want && want.items) || []).map((i) => i.label).filter((l) => l.startsWith('d'));
	if (!labels.includes('d10') || JSON.stringify(wanted) !== JSON.stringify(labels))
		fail(`completion of 'roll d' offers ${JSON.stringify(labels)}; rtab lsp ${JSON.stringify(wanted)}`);
	else
		console.log(`completion of 'roll d' offers ${JSON.stringify(labels)}, as rtab lsp`);
	await page.keyboard.press('Escape');
	await edit(page, at, at + 1, 'd10');
	return checked(page, checks);
}

// The classic CRT: a cell changed, then a control of the situation, then faces resolved.
async function crt(page, checks) {
	const name = 'classic_odds.rtab';
	await page.select('#rtab-file', name);
	checks = await checked(page, checks);
	const crtText = await text(page);
	const lines = crtText.split('\n');
	const tableLine = lines.findIndex((l) => /^\s*table\s+crt\b/.test(l));
	const rowLine = lines.findIndex((l, i) => i > tableLine && /^\s*[0-9]+\s+\S+\s+\S+/.test(l));
	const cells = lines[rowLine].trim().split(/\s+/);
	const swapped = cells.findIndex((c, i) => i > 1 && c !== cells[1]);
	if (tableLine < 0 || rowLine < 0 || swapped < 0) {
		fail('no grid line of table crt with two different cells in classic_odds.rtab');
		return checks;
	}
	const newRow = lines[rowLine].replace(new RegExp(`(\\s)${cells[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s)`),
		`$1${cells[swapped]}$2`);
	const from = lines.slice(0, rowLine).join('\n').length + 1;
	await page.evaluate((from, to, insert) => {
		const view = window.rtabWorkbench.view;
		view.dispatch({changes: {from, to, insert}, selection: {anchor: from}});
	}, from, from + lines[rowLine].length, newRow);
	checks = await checked(page, checks);
	const edited = lines.slice(0, rowLine).concat([newRow], lines.slice(rowLine + 1)).join('\n');
	let situation = await shownSituation(page);
	let want = oddsOf(native({[name]: edited}, ['odds', name, 'crt', ...situation, '--json']));
	let shown = await shownOdds(page);
	if (!situation.length || JSON.stringify(shown) !== JSON.stringify(want))
		fail(`the cell '${cells[1]}' of '${lines[rowLine].trim()}' made '${cells[swapped]}': the page's odds ` +
			`${JSON.stringify(shown)}, rtab odds' ${JSON.stringify(want)} (situation ${situation.join(' ')})`);
	else
		console.log(`changed a cell of crt: the odds shown are rtab odds' (${shown.length} outcomes)`);

	// A control of the situation: the attack's factors, then the odds again.
	await page.evaluate(() => { document.querySelector('details.situation').open = true; });
	await page.$eval('[data-rtab-input="attack"]', (c) => {
		c.value = '7';
		c.dispatchEvent(new Event('change'));
	});
	await page.evaluate(() => window.rtabWorkbench.idle());
	await page.waitForFunction(() => true);
	situation = await shownSituation(page);
	want = oddsOf(native({[name]: edited}, ['odds', name, 'crt', ...situation, '--json']));
	shown = await shownOdds(page);
	const before = oddsOf(native({[name]: edited}, ['odds', name, 'crt', '--json']));
	if (!situation.includes('attack=7') || JSON.stringify(shown) !== JSON.stringify(want) ||
	    JSON.stringify(want) === JSON.stringify(before))
		fail(`attack set to 7: the page's odds ${JSON.stringify(shown)}, rtab odds' ${JSON.stringify(want)} ` +
			`(the default situation's: ${JSON.stringify(before)})`);
	else
		console.log(`attack=7: the odds shown are rtab odds' at that situation`);

	// Faces entered and resolved: rtab eval --json's outcome.
	const faces = await page.$$('#rtab-faces [data-rtab-face]');
	for (const f of faces) {
		await f.click({clickCount: 3});
		await f.type('4');
	}
	await page.click('#rtab-resolve-button');
	await page.evaluate(() => window.rtabWorkbench.idle());
	const result = await page.$eval('[data-rtab-result]', (r) => ({outcome: r.dataset.rtabOutcome, status: r.dataset.rtabStatus}));
	const ev = native({[name]: edited}, ['eval', name, 'crt', ...situation, '--roll', faces.map(() => '4').join(','), '--json']);
	const evOutcome = ev.status === 0 ? JSON.parse(ev.stdout).outcome || '' : null;
	if (!faces.length || String(ev.status) !== result.status || (ev.status === 0 && evOutcome !== result.outcome))
		fail(`faces 4 resolved: the page shows ${JSON.stringify(result)}, rtab eval ${ev.status} ${evOutcome}`);
	else
		console.log(`faces ${faces.map(() => '4').join(',')} resolved: ${result.outcome}, as rtab eval`);

	// The examples: rtab test's tally of the text.
	const tally = /[0-9]+ passed, [0-9]+ failed/.exec(native({[name]: edited}, ['test', name]).stdout);
	const shownTally = await page.$eval('#rtab-examples-count', (e) => e.textContent);
	if (!tally || shownTally !== tally[0])
		fail(`the examples: the page says "${shownTally}", rtab test "${tally && tally[0]}"`);
	else
		console.log(`the examples: ${shownTally}, as rtab test`);
	await web.finish(page, buildRoot, 'web-workbench.png');
	return checks;
}

// An edition chosen: the errata sheet is rtab diff's from that edition.
async function errata(page, checks) {
	const name = 'skirmish.rtab';
	await page.select('#rtab-file', name);
	checks = await checked(page, checks);
	const source = await text(page);
	const editions = await page.$$eval('#rtab-edition option', (os) => os.map((o) => o.value).filter(Boolean));
	if (JSON.stringify(editions) !== JSON.stringify(['original', 'first_printing', 'second_printing']))
		fail(`the editions offered for ${name}: ${JSON.stringify(editions)}`);
	// Each edition's sheet: rtab diff's, and the change made since that edition on it
	// (the first printing's errata changed the arms matrix; the second printing's, the assault table).
	const sheets = {};
	for (const edition of ['original', 'first_printing']) {
		await page.select('#rtab-edition', edition);
		await page.evaluate(() => window.rtabWorkbench.idle());
		const shown = await page.$eval('[data-rtab-errata]', (f) => ({hidden: f.hidden, srcdoc: f.srcdoc, edition: f.dataset.rtabEdition}));
		const want = native({[name]: source}, ['diff', `${name}@${edition}`, name, '--format', 'html', '--odds']);
		if (want.status !== 1 || shown.hidden || shown.edition !== edition || shown.srcdoc !== want.stdout)
			fail(`edition ${edition}: the errata sheet shown is not rtab diff's (exit ${want.status}; shown ${shown.srcdoc.length} characters)`);
		await page.waitForFunction((e) => document.querySelector('[data-rtab-errata]').dataset.rtabShown === e, {timeout: 20000}, edition);
		sheets[edition] = await page.$eval('[data-rtab-errata]', (f) => f.contentDocument.body.textContent);
		console.log(`edition ${edition}: the errata sheet is rtab diff's (${want.stdout.length} characters)`);
	}
	if (!/roll 7\+: Defender routed → Pursued/.test(sheets.first_printing) || /Arms matrix/.test(sheets.first_printing) ||
	    !/Arms matrix, cell cavalry, infantry: \+2 \(was \+1\)/.test(sheets.original))
		fail(`the sheets do not show the changes since their editions: ${JSON.stringify(sheets).slice(0, 400)}`);
	await page.$eval('[data-rtab-errata]', (f) => f.scrollIntoView());
	await page.screenshot({path: path.join(buildRoot, 'meson-logs', 'web-workbench-errata.png')});
	return checks;
}

// An errata layer in a file of its own (border_raid_errata.rtab, '# base:'),
// given to rtab site: the ruleset shown is its base followed by it, the
// edition selector offers the layer's edition and the sheet is rtab diff's
// of the two together. The cursor in the middle of a table's id: that
// table's odds. A statement begun in an outcome: rtab lsp's completion.
async function layerFile(page, checks) {
	const name = 'border_raid.rtab';
	await page.select('#rtab-file', name);
	checks = await checked(page, checks);
	const source = await text(page);
	const joined = fs.readFileSync(path.join(root, 'tests', 'web', name), 'utf8') +
		fs.readFileSync(path.join(root, 'tests', 'web', 'border_raid_errata.rtab'), 'utf8');
	if (source !== joined)
		fail(`${name}: the workbench's text is not the base followed by its layer file (${source.length} characters, not ${joined.length})`);
	const editions = await page.$$eval('#rtab-edition option', (os) => os.map((o) => o.value).filter(Boolean));
	if (JSON.stringify(editions) !== JSON.stringify(['original', 'second_printing']))
		fail(`the editions offered for ${name} and its layer file: ${JSON.stringify(editions)}`);
	await page.select('#rtab-edition', 'original');
	await page.evaluate(() => window.rtabWorkbench.idle());
	await page.waitForFunction(() => document.querySelector('[data-rtab-errata]').dataset.rtabShown === 'original', {timeout: 20000});
	const shown = await page.$eval('[data-rtab-errata]', (f) => ({srcdoc: f.srcdoc, body: f.contentDocument.body.textContent}));
	const want = native({[name]: source}, ['diff', `${name}@original`, name, '--format', 'html', '--odds']);
	if (want.status !== 1 || shown.srcdoc !== want.stdout || !/Beyond 8 inches \(was Beyond 6 inches\)/.test(shown.body))
		fail(`${name}@original: the errata sheet shown is not rtab diff's of the base and its layer (exit ${want.status}): ${shown.body.slice(0, 300)}`);
	else
		console.log(`${name} with its layer file: editions ${JSON.stringify(editions)}, the sheet against original is rtab diff's`);
	// The cursor inside the id of 'table nerve_test': its odds, not a prefix's.
	const inId = source.indexOf('table nerve_test') + 'table ne'.length;
	await cursorAt(page, inId);
	await page.waitForFunction(() => /nerve_test/.test(document.getElementById('rtab-odds-table').textContent), {timeout: 20000})
		.catch(() => {});
	await page.evaluate(() => window.rtabWorkbench.idle());
	const odds = await page.$$eval('[data-rtab-odds] [data-rtab-outcome]', (rs) => rs.map((r) => [r.dataset.rtabOutcome, r.dataset.rtabProbability]));
	const wantOdds = JSON.parse(native({[name]: source}, ['odds', name, 'nerve_test', '--set', 'leader_near=true', '--json']).stdout)
		.outcomes.map((o) => [o.outcome, o.probability]);
	if (JSON.stringify(odds) !== JSON.stringify(wantOdds))
		fail(`the cursor in 'table ne|rve_test': the odds shown ${JSON.stringify(odds)}, rtab odds ${JSON.stringify(wantOdds)}`);
	else
		console.log(`the cursor inside the id of table nerve_test: its odds, as rtab odds (${JSON.stringify(odds)})`);
	// ... and the tables as printed show it: the frame scrolled to its heading
	// (the last table: as far as the frame scrolls), in view.
	const printed = await page.waitForFunction(() => document.getElementById('rtab-aid').dataset.rtabShowing === 'nerve_test',
		{timeout: 20000}).then(() => page.$eval('#rtab-aid', (f) => {
		const h = f.contentDocument.querySelector('[data-rtab-current]');
		return {heading: h ? h.textContent.trim() : null, top: h ? Math.round(h.getBoundingClientRect().top) : null,
			scrolled: f.contentWindow.scrollY, height: f.clientHeight};
	})).catch(() => null);
	if (!printed || !/^Nerve test/.test(printed.heading) || printed.scrolled <= 0 || printed.top < 0 || printed.top > printed.height - 40)
		fail(`the cursor in table nerve_test: the tables as printed show ${JSON.stringify(printed)}`);
	else
		console.log(`the tables as printed scrolled to "${printed.heading}"`);
	// A new statement in an outcome, after its effect: the effects and the outcome's words.
	const after = source.indexOf('casualties(2);') + 'casualties(2);'.length;
	await edit(page, after, after, '\n  ');
	await cursorAt(page, after + 3);
	await page.keyboard.type('c');
	const labels = await page.waitForSelector('.cm-tooltip-autocomplete li', {timeout: 20000})
		.then(() => page.$$eval('.cm-tooltip-autocomplete li', (ls) => ls.map((l) => l.querySelector('.cm-completionLabel').textContent)))
		.catch(() => []);
	if (JSON.stringify(labels) !== JSON.stringify(['casualties', 'code']))
		fail(`completion of 'c' at a statement's start in an outcome offers ${JSON.stringify(labels)}`);
	else
		console.log(`completion at a statement's start in an outcome offers ${JSON.stringify(labels)}`);
	await page.keyboard.press('Escape');
	await edit(page, after, after + 4, '');
	return checked(page, checks);
}

// A finding planted in a translation: verify lists rtab verify's, at its line.
async function verify(page, checks) {
	const name = 'close_combat_ru.rtab', original = 'close_combat_en.rtab';
	await page.select('#rtab-file', name);
	checks = await checked(page, checks);
	const source = await text(page);
	const planted = source.indexOf('value 1;', source.indexOf('modifier veterans'));
	const line = source.slice(0, planted).split('\n').length;
	await edit(page, planted, planted + 'value 1;'.length, 'value 2;');
	checks = await checked(page, checks);
	await page.select('#rtab-verify-with', original);
	await page.select('#rtab-verify-role', 'translation');
	await page.click('#rtab-verify');
	await page.evaluate(() => window.rtabWorkbench.idle());
	const edited = await text(page);
	const originalText = fs.readFileSync(path.join(root, 'tests', 'verify', original), 'utf8');
	const want = JSON.parse(native({[name]: edited, [original]: originalText}, ['verify', original, name, '--format', 'json']).stdout);
	const shown = await page.$$eval('[data-rtab-findings] li', (ls) => ls.map((l) => ({line: Number(l.dataset.rtabLine),
		severity: l.dataset.rtabSeverity, text: l.textContent})));
	const wantLines = want.findings.map((f) => [f.severity, f.translation_location ? f.translation_location.line : 0]);
	if (JSON.stringify(shown.map((f) => [f.severity, f.line])) !== JSON.stringify(wantLines))
		fail(`verify: the page lists ${JSON.stringify(shown)}, rtab verify ${JSON.stringify(wantLines)}`);
	const mine = shown.find((f) => f.line === line && f.severity === 'error' && f.text.includes("modifier 'veterans'"));
	if (!mine) {
		fail(`verify: no error for modifier 'veterans' at line ${line}: ${JSON.stringify(shown)}`);
	} else {
		await page.click(`[data-rtab-findings] li[data-rtab-line="${line}"] button`);
		const cursorLine = await page.evaluate(() => {
			const v = window.rtabWorkbench.view;
			return v.state.doc.lineAt(v.state.selection.main.head).number;
		});
		if (cursorLine !== line)
			fail(`verify: the finding's button puts the cursor on line ${cursorLine}, not ${line}`);
		else
			console.log(`verify: the planted finding at line ${line}: ${mine.text.slice(0, 80)}`);
	}
	await page.$eval('[data-rtab-findings]', (f) => f.scrollIntoView());
	await page.screenshot({path: path.join(buildRoot, 'meson-logs', 'web-workbench-verify.png')});
	return checks;
}

// The page's own words in the language chosen: Musket & Pike read in
// Russian, each of the workbench's fixed texts is po/ru.po's translation,
// none left in English; rtab's answers asked in Russian (the odds' labels
// are rtab odds --locale ru's); and the player aid opened next reads in
// the language chosen here.
async function russian(browser, page, checks, site) {
	const name = 'musket_pike.rtab';
	await page.select('#rtab-file', name);
	checks = await checked(page, checks);
	await page.click('#rtab-revert'); // the published text: completion's test left a 'roll d' in it
	checks = await checked(page, checks);
	const source = await text(page);
	// English first (close_combat_ru.rtab, in Russian only, opened before,
	// left the page in Russian), then Russian chosen.
	await page.select('#rtab-locale', 'en');
	await page.evaluate(() => window.rtabWorkbench.idle());
	await cursorAt(page, source.indexOf('table melee') + 'table '.length);
	await page.evaluate(() => window.rtabWorkbench.idle());
	await page.select('#rtab-locale', 'ru');
	await page.evaluate(() => window.rtabWorkbench.idle());
	const ru = web.readPo(path.join(root, 'po', 'ru.po'));
	const texts = await page.evaluate(() => [...document.querySelectorAll(
		'header h1, main h2, main h3, legend, summary, label > span:first-child, button, caption, th, p.hint, a, ' +
		'option[data-rtab-phrase], select > option[value=""], #rtab-status, #rtab-diagnostics-count, #rtab-examples-count, ' +
		'[data-rtab-phrase]')].map((e) => [e.dataset.rtabPhrase || null, e.textContent.trim()])
		.concat([...document.querySelectorAll('iframe')].map((f) => [null, f.title]),
			[[null, document.querySelector('.cm-content').getAttribute('aria-label')]]));
	let translated = 0;
	for (const [phrase, shown] of texts) {
		if (phrase && ru[phrase] && shown !== ru[phrase])
			fail(`in Russian, "${phrase}" reads "${shown}", not po/ru.po's "${ru[phrase]}"`);
		else if (phrase)
			translated++;
		if (ru[shown] && ru[shown] !== shown)
			fail(`in Russian, the workbench still reads "${shown}" (po/ru.po: "${ru[shown]}")`);
	}
	const counts = await page.evaluate(() => [document.getElementById('rtab-diagnostics-count').textContent,
		document.getElementById('rtab-examples-count').textContent, document.title]);
	const situation = await shownSituation(page);
	const asked = native({[name]: source}, ['odds', name, 'melee', ...situation, '--locale', 'ru', '--json']);
	if (asked.status !== 0)
		fail(`rtab odds ${name} melee ${situation.join(' ')} --locale ru: exit ${asked.status}: ${asked.stderr}`);
	const odds = asked.status === 0 ? JSON.parse(asked.stdout) : {outcomes: []};
	const labels = await page.$$eval('[data-rtab-odds] tr[data-rtab-outcome] td:first-child', (tds) => tds.map((d) => d.textContent));
	const caption = await page.$eval('[data-rtab-odds] caption', (c) => c.textContent);
	const wantCaption = ru['%s: %s rolls of %s, in the situation set'].replace('%s', 'melee').replace('%s', odds.rolls)
		.replace('%s', odds.dice);
	if (JSON.stringify(labels) !== JSON.stringify(odds.outcomes.map((o) => o.label || o.outcome)) || caption !== wantCaption)
		fail(`in Russian, the melee's odds read ${JSON.stringify(labels)} "${caption}", rtab odds --locale ru ` +
			`${JSON.stringify(odds.outcomes.map((o) => o.label))} "${wantCaption}"`);
	const count = new RegExp('^' + ru['%s diagnostics'].replace('%s', '[0-9]+') + '$');
	const tally = new RegExp('^' + ru['%s passed, %s failed'].replace(/%s/g, '[0-9]+') + '$');
	if (translated < 20 || !(counts[0] === ru['No diagnostics'] || counts[0] === ru['1 diagnostic'] || count.test(counts[0])) ||
	    !tally.test(counts[1]) || counts[2] !== ru['rtab workbench'])
		fail(`in Russian: ${translated} marked phrases translated; the counts and title read ${JSON.stringify(counts)}`);
	else
		console.log(`in Russian: ${translated} marked phrases and ${texts.length} texts read, none left in English; ` +
			`the melee's odds labelled as rtab odds --locale ru labels them`);
	await page.screenshot({path: path.join(buildRoot, 'meson-logs', 'web-workbench-ru.png')});
	const aid = await web.openPage(browser, 'file://' + path.join(site, 'index.html'));
	const aidLocale = await aid.evaluate(() => [document.getElementById('rtab-locale').value,
		document.getElementById('rtab-resolve-heading').textContent]);
	if (aidLocale[0] !== 'ru' || aidLocale[1] !== ru['Resolve a roll'])
		fail(`the player aid opened after Russian was chosen in the workbench reads ${JSON.stringify(aidLocale)}`);
	await aid.close();
	await page.select('#rtab-locale', 'en');
	await page.evaluate(() => window.rtabWorkbench.idle());
	return checks;
}

// German, a language of po/ and of border_raid.rtab (locales en, de):
// each of the page's marked words is po/de.po's.
async function german(page, checks) {
	await page.select('#rtab-file', 'border_raid.rtab');
	checks = await checked(page, checks);
	await page.select('#rtab-locale', 'de');
	await page.evaluate(() => window.rtabWorkbench.idle());
	const de = web.readPo(path.join(root, 'po', 'de.po'));
	const marked = await page.$$eval('[data-rtab-phrase]', (es) => es.map((e) => [e.dataset.rtabPhrase, e.textContent.trim()]));
	const wrong = marked.filter(([phrase, shown]) => !de[phrase] || shown !== de[phrase]);
	if (wrong.length || marked.length < 20)
		fail(`in German, of ${marked.length} marked phrases these are not po/de.po's: ${JSON.stringify(wrong)}`);
	else
		console.log(`in German: ${marked.length} marked phrases, each po/de.po's`);
	await page.select('#rtab-locale', 'en');
	await page.evaluate(() => window.rtabWorkbench.idle());
	return checks;
}

web.run(t, async (browser, tmp) => {
	scratch = tmp;
	const site = web.writeSite(rtab, tmp, [path.join(root, 'tables', 'musket_pike.rtab'), path.join(root, 'tables', 'classic_odds.rtab'),
		path.join(root, 'tests', 'errata', 'skirmish.rtab'), path.join(root, 'tests', 'verify', 'close_combat_en.rtab'),
		path.join(root, 'tests', 'verify', 'close_combat_ru.rtab'), path.join(root, 'tests', 'web', 'border_raid_errata.rtab'),
		path.join(root, 'tests', 'web', 'border_raid.rtab')]);
	const page = await web.openPage(browser, 'file://' + path.join(site, 'workbench.html'));
	let checks = await checked(page, 0);
	checks = await mistakeAndFix(page, checks);
	await hover(page);
	checks = await complete(page, checks);
	checks = await crt(page, checks);
	checks = await errata(page, checks);
	checks = await layerFile(page, checks);
	checks = await verify(page, checks);
	checks = await russian(browser, page, checks, site);
	checks = await german(page, checks);
	await web.accessible(page, t.npm);
	for (const e of page.errors)
		fail('the page: ' + e);
});
