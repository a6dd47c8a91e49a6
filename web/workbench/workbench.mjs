// SPDX-License-Identifier: MIT
// The workbench page of rtab site (docs/web.md): a ruleset edited in
// CodeMirror 6, checked as it is typed by rtab itself (rtab_wasi.js over
// rtab_wasm.js, which RtabWasi.moduleText adds to the page): the diagnostics of
// `rtab check --diagnostics=json` in the editor and in the list
// data-rtab-diagnostics, with the "did you mean" fixes of `rtab lsp`
// (codeAction) applied by a click; hover and completion from `rtab lsp`
// too, its server run in the page over standard input; beside the editor,
// the definition under the cursor with the situation set by controls
// (situation.js), its result (`rtab eval`) and exact odds (`rtab odds`),
// the examples' results (`rtab test`), the errata sheet against an
// edition (`rtab diff`), verify against a second file (`rtab verify`),
// and the tables as printed (`rtab export --format html`). The text is
// kept in the browser's storage; opened from and saved to disk. Bundled
// into workbench.js by esbuild (web/meson.build).
import {EditorView, basicSetup} from 'codemirror';
import {hoverTooltip} from '@codemirror/view';
import {EditorState, Compartment} from '@codemirror/state';
import {StreamLanguage, HighlightStyle, syntaxHighlighting} from '@codemirror/language';
import {linter, lintGutter} from '@codemirror/lint';
import {tags} from '@lezer/highlight';
import grammar from '../../editors/rtab.tmLanguage.json';

const $ = (id) => document.getElementById(id);

// The words of the TextMate grammar's keyword rules (editors/), by kind: one
// list of the language's words for every editor.
function grammarWords() {
	const kinds = {keyword: new Set(), definition: new Set(), atom: new Set(), type: new Set()};
	const add = (set, match) => {
		const m = /^\\b\(([a-z_|]+)\)\\b/.exec(match);
		if (m)
			m[1].split('|').forEach((w) => set.add(w));
	};
	const walk = (o) => {
		if (Array.isArray(o))
			return o.forEach(walk);
		if (!o || typeof o !== 'object')
			return;
		if (o.match && o.name) {
			if (o.name.startsWith('constant.language'))
				add(kinds.atom, o.match);
			else if (o.name.startsWith('support.type'))
				add(kinds.type, o.match);
			else if (o.name.startsWith('keyword'))
				add(kinds.keyword, o.match);
		}
		if (o.match && o.captures && o.captures['1'] && o.captures['1'].name === 'storage.type.definition.rtab')
			add(kinds.definition, o.match);
		Object.values(o).forEach(walk);
	};
	walk(grammar.repository);
	return kinds;
}

const words = grammarWords();
const rtabLanguage = StreamLanguage.define({
	name: 'rtab',
	startState: () => ({}),
	token(stream) {
		if (stream.eatSpace())
			return null;
		if (stream.match('#') || stream.match('//')) {
			stream.skipToEnd();
			return 'comment';
		}
		if (stream.match(/^"(?:[^"\\]|\\.)*"?/))
			return 'string';
		if (stream.match('@'))
			return 'meta';
		if (stream.match(/^[+-]?[0-9]+(?:d[0-9]+|(?:\.\.|-)[0-9]+|:[0-9]+)?/))
			return 'number';
		const w = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
		if (w) {
			const word = w[0];
			if (words.definition.has(word))
				return 'keyword';
			if (words.keyword.has(word))
				return 'keyword';
			if (words.atom.has(word))
				return 'atom';
			if (words.type.has(word))
				return 'typeName';
			return 'variableName';
		}
		stream.next();
		return null;
	},
});

const style = HighlightStyle.define([
	{tag: tags.comment, color: '#5b6a5b', fontStyle: 'italic'},
	{tag: tags.string, color: '#7a3d00'},
	{tag: tags.keyword, color: '#6b1d86', fontWeight: 'bold'},
	{tag: tags.number, color: '#0b5c8a'},
	{tag: tags.atom, color: '#0b5c8a'},
	{tag: tags.typeName, color: '#1d6b2d'},
	{tag: tags.meta, color: '#8a0b3c'},
]);

const S = RtabSituation, el = S.el, t = S.t;
const state = {rtab: null, name: null, lastDef: null, checks: 0, model: null, modelText: null, clean: false,
	fixes: new Map(), verified: false, locale: null, diagnostics: null, tally: null, redraw: false};

function site(name) { return RTAB_SITE.rulesets.find((r) => r.name === name); }

// The language the page reads in: the labels of the ruleset's locale and
// the page's own words from rtab's message catalogue (po/, through
// RTAB_SITE.phrases); rtab's answers a person reads are asked in it too.
function localeArgs() { return state.locale ? ['--locale', state.locale] : []; }

// rtab on the text in the editor (and other files: name → text), in the
// edition the site was written for.
function run(args, text, others) {
	const s = site(state.name);
	const edition = s && s.edition ? ['--edition', s.edition] : [];
	return state.rtab.run([...args, ...edition], {...(others || {}), [state.name]: text});
}

// The language server of `rtab lsp` on text: the requests [{method,
// params}] after the document is opened, each answered in order (its
// result, or null). One run of the module: initialize, didOpen, the
// requests, shutdown and exit, over standard input.
async function lsp(text, requests) {
	const uri = 'file:///' + state.name;
	const doc = {textDocument: {uri}};
	const messages = [
		{jsonrpc: '2.0', id: 0, method: 'initialize', params: {capabilities: {}}},
		{jsonrpc: '2.0', method: 'initialized', params: {}},
		{jsonrpc: '2.0', method: 'textDocument/didOpen', params: {textDocument: {uri, languageId: 'rtab', version: 1, text}}},
		...requests.map((r, i) => ({jsonrpc: '2.0', id: i + 1, method: r.method, params: {...doc, ...r.params}})),
		{jsonrpc: '2.0', id: requests.length + 1, method: 'shutdown'},
		{jsonrpc: '2.0', method: 'exit'},
	];
	const encoder = new TextEncoder();
	const input = messages.map((m) => {
		const body = JSON.stringify(m);
		return `Content-Length: ${encoder.encode(body).length}\r\n\r\n${body}`;
	}).join('');
	const r = await state.rtab.run(['lsp'], {[state.name]: text}, input);
	// Each answer is one line of JSON after its header.
	const answers = r.stdout.split(/Content-Length: [0-9]+\r\n\r\n/).filter((b) => b.trim()).map((b) => JSON.parse(b));
	return requests.map((_, i) => {
		const a = answers.find((x) => x.id === i + 1);
		return a ? a.result : null;
	});
}

// A position of the editor as the language server counts it (UTF-16, from 0).
function lspPosition(doc, pos) {
	const line = doc.lineAt(pos);
	return {line: line.number - 1, character: pos - line.from};
}

function lspOffset(doc, p) {
	const line = doc.line(Math.min(p.line + 1, doc.lines));
	return Math.min(line.from + p.character, line.to);
}

function storageKey(name) { return 'rtab-workbench:' + name; }

// The diagnostics of rtab check on the text, as JSON objects.
async function check(text) {
	const r = await run(['check', '--diagnostics=json', state.name], text);
	const lines = (r.stdout + '\n' + r.stderr).split('\n').filter((l) => l.startsWith('{'));
	return {status: r.status, diagnostics: lines.map((l) => JSON.parse(l))};
}

function gotoLine(view, line, column) {
	const l = view.state.doc.line(Math.max(1, Math.min(line, view.state.doc.lines)));
	view.dispatch({selection: {anchor: Math.min(l.from + Math.max(0, (column || 1) - 1), l.to)}, scrollIntoView: true});
	view.focus();
}

// The "did you mean" fixes of rtab lsp (textDocument/codeAction) for the
// diagnostics that suggest one: diagnostic index → {title, changes}.
async function quickFixes(text, doc, diagnostics) {
	const fixes = new Map();
	const asked = diagnostics.map((d, i) => [d, i]).filter(([d]) => d.line > 0 && / did you mean /.test(d.message));
	if (!asked.length)
		return fixes;
	const requests = asked.map(([d]) => ({method: 'textDocument/codeAction', params: {
		range: {start: {line: d.line - 1, character: d.column - 1}, end: {line: d.line - 1, character: d.column - 1}},
		context: {diagnostics: [{range: {start: {line: d.line - 1, character: d.column - 1},
			end: {line: d.line - 1, character: d.column - 1}}, message: d.message}]}}}));
	const answers = await lsp(text, requests);
	answers.forEach((actions, k) => {
		const action = (actions || []).find((a) => a.kind === 'quickfix' && a.edit);
		if (!action)
			return;
		const edits = Object.values(action.edit.changes || {})[0] || [];
		fixes.set(asked[k][1], {title: action.title, changes: edits.map((e) => ({from: lspOffset(doc, e.range.start),
			to: lspOffset(doc, e.range.end), insert: e.newText}))});
	});
	return fixes;
}

function applyFix(view, fix) {
	view.dispatch({changes: fix.changes, selection: {anchor: fix.changes[0].from + fix.changes[0].insert.length}});
	view.focus();
}

function showDiagnostics(view, diagnostics, fixes) {
	const list = $('rtab-diagnostics');
	list.replaceChildren(...diagnostics.map((d, i) => {
		const where = d.line ? `${d.line}:${d.column}` : '';
		/* A diagnostic of the whole file (no line) has no place to go to. */
		const go = d.line ? el('button', {type: 'button'}, where) : null;
		if (go)
			go.addEventListener('click', () => gotoLine(view, d.line, d.column));
		const item = el('li', {'data-rtab-line': d.line, 'data-rtab-column': d.column,
			'data-rtab-severity': d.severity, 'data-rtab-check': d.check, class: d.severity},
		go, ` ${d.severity}: ${d.message}${d.check ? ` [-W${d.check}]` : ''}`);
		const fix = fixes.get(i);
		if (fix) {
			const b = el('button', {type: 'button', class: 'fix', 'data-rtab-fix': fix.changes[0].insert}, fix.title);
			b.addEventListener('click', () => applyFix(view, fix));
			item.append(' ', b);
		}
		return item;
	}));
	state.diagnostics = diagnostics.length;
	showDiagnosticsCount();
}

// t('1 diagnostic'), t('%s diagnostics'), t('No diagnostics'), t('checking…').
function showDiagnosticsCount() {
	const n = state.diagnostics;
	$('rtab-diagnostics-count').textContent = n === null ? t('checking…')
		: n === 0 ? t('No diagnostics') : n === 1 ? t('1 diagnostic') : t('%s diagnostics', n);
}

// What rtab eval resolves, by the word that begins its definition; odds: rtab odds answers for it.
const DEFINING = {table: {key: 'tables', odds: true}, distance: {key: 'distances', odds: true},
	reactions: {key: 'reaction_sets', odds: false}, transition: {key: 'transitions', odds: false},
	procedure: {key: 'procedures', odds: false}};

// The definition the cursor is in: the last `table ID` (or reactions,
// transition, distance, procedure) above it or on its line, read whole
// (the cursor may be in the middle of the id): {word, id}.
function definitionAt(view) {
	const doc = view.state.doc;
	const upto = doc.sliceString(0, doc.lineAt(view.state.selection.main.head).to);
	const found = [...upto.matchAll(/(?:^|\n)\s*(table|distance|reactions|transition|procedure)\s+([A-Za-z_][A-Za-z0-9_]*)/g)];
	return found.length ? {word: found[found.length - 1][1], id: found[found.length - 1][2]} : null;
}

// The dice of a definition of the model: a table's, or every roll of a distance's forms.
function diceOf(model, word, def) {
	if (word === 'table')
		return def.dice >= 0 ? model.dice[def.dice] : null;
	if (word !== 'distance')
		return null;
	const groups = [];
	for (const form of def.forms || [])
		for (const instr of (form.value && form.value.instrs) || [])
			if (instr.op_name === 'roll') {
				const dice = model.dice.find((x) => x.id === instr.ref);
				if (dice)
					groups.push(...dice.groups);
			}
	return groups.length ? {groups} : null;
}

// The controls of the situation, from the model of the text as it stands;
// the values already set are kept where the input still takes them.
function buildSituation(model) {
	const box = $('rtab-inputs');
	const before = new Map([...box.querySelectorAll('[data-rtab-input]')].map((c) =>
		[c.dataset.rtabInput, c.type === 'checkbox' ? c.checked : c.value]));
	S.buildInputs(box, model, state.locale, () => refreshDefinition());
	for (const c of box.querySelectorAll('[data-rtab-input]')) {
		if (!before.has(c.dataset.rtabInput))
			continue;
		const v = before.get(c.dataset.rtabInput);
		if (c.type === 'checkbox')
			c.checked = v;
		else if (c.tagName !== 'SELECT' || [...c.options].some((o) => o.value === v))
			c.value = v;
	}
	S.showListItems(box);
}

function situationArgs() { return S.situationArgs($('rtab-inputs'), $('rtab-drm').value); }

// The definition under the cursor: its faces, and its odds in the situation
// set (data-rtab-odds) when the text has no error.
async function showDefinition(view) {
	const box = $('rtab-odds');
	const at = definitionAt(view) || state.lastDef;
	$('rtab-odds-table').textContent = at ? `${at.word} ${at.id}` : t('nothing: put the cursor in a table');
	if (!state.clean || !at || !state.model) {
		box.replaceChildren(el('p', {class: 'hint'}, state.clean ? '' : t('The odds appear when the file has no error.')));
		return;
	}
	const changed = state.redraw || !state.lastDef || state.lastDef.id !== at.id;
	state.redraw = false;
	state.lastDef = at;
	const def = (state.model[DEFINING[at.word].key] || []).find((d) => d.id === at.id);
	if (changed || !$('rtab-faces').childElementCount) {
		const dice = def ? diceOf(state.model, at.word, def) : null;
		S.buildFaces($('rtab-faces'), dice);
		$('rtab-roll-button').disabled = !dice;
		$('rtab-result').replaceChildren(el('p', {class: 'hint'}, t('Roll the dice, or enter the faces and resolve them.')));
	}
	showPrintedDefinition();
	await showOdds(view.state.doc.toString());
}

// The definition under the cursor in the tables as printed: the frame
// scrolled to its heading (its label, then its rule reference), which is
// marked data-rtab-current; the frame's data-rtab-showing names it.
function showPrintedDefinition() {
	const frame = $('rtab-aid');
	const doc = frame.contentDocument;
	const at = state.lastDef;
	if (!doc || !doc.body || !at || !state.model)
		return;
	for (const h of doc.querySelectorAll('[data-rtab-current]'))
		h.removeAttribute('data-rtab-current');
	delete frame.dataset.rtabShowing;
	const def = (state.model[DEFINING[at.word].key] || []).find((d) => d.id === at.id);
	const label = def ? S.label(state.model, state.locale, def.labels, def.id) : null;
	const headings = label ? [...doc.querySelectorAll('h2, h3')] : [];
	const text = (h) => h.textContent.trim();
	const heading = headings.find((h) => text(h) === label || text(h).startsWith(label + ' ('));
	if (!heading)
		return;
	heading.setAttribute('data-rtab-current', at.id);
	const win = doc.defaultView;
	win.scrollTo(0, heading.getBoundingClientRect().top + win.scrollY - 8);
	frame.dataset.rtabShowing = at.id;
}

async function showOdds(text) {
	const box = $('rtab-odds');
	const at = state.lastDef;
	if (!at || !DEFINING[at.word].odds) {
		box.dataset.rtabStatus = 0;
		box.replaceChildren(el('p', {class: 'hint'}, t('No dice decide it: rtab eval gives its answer from the situation.')));
		return;
	}
	const r = await run(['odds', state.name, at.id, ...situationArgs(), ...localeArgs(), '--json'], text);
	if (r.status === 0 && at.word === 'distance') {
		const o = JSON.parse(r.stdout);
		box.dataset.rtabStatus = 0;
		box.replaceChildren(...o.forms.map((f) => el('table', {class: 'odds'},
			el('caption', {}, t('%s: %s rolls, in %s', at.id, f.rolls, f.unit || t('units'))),
			el('tbody', {}, ...f.values.map((v) => el('tr', {'data-rtab-outcome': String(v.value), 'data-rtab-probability': v.probability},
				el('td', {}, String(v.value)), el('td', {class: 'num'}, v.probability), el('td', {class: 'num'}, `${v.percent}%`)))))));
		return;
	}
	S.showOdds(box, r, (o) => t('%s: %s rolls of %s, in the situation set', at.id, o.rolls, o.dice));
}

// The odds again after a control of the situation changed.
function refreshDefinition() {
	S.showListItems($('rtab-inputs'));
	if (state.clean && view)
		return showOdds(view.state.doc.toString());
	return Promise.resolve();
}

// rtab eval --json and --explain of the definition under the cursor, at the faces set.
async function resolve() {
	const at = state.lastDef;
	if (!at || !state.clean)
		return;
	const base = ['eval', state.name, at.id, ...situationArgs(), ...S.facesArg($('rtab-faces')), ...localeArgs()];
	const text = view.state.doc.toString();
	const r = await run([...base, '--json'], text);
	S.showResult($('rtab-result'), r, r.status === 0 ? await run([...base, '--explain'], text) : null);
}

// The examples written in the file, run: rtab test's report.
async function showExamples(text) {
	const r = await run(['test', state.name], text);
	const box = $('rtab-examples');
	box.dataset.rtabStatus = r.status;
	box.textContent = (r.stdout + r.stderr).split('\n').filter((l) => !/provisional readings/.test(l)).join('\n').trim();
	state.tally = /([0-9]+) passed, ([0-9]+) failed/.exec(r.stdout);
	showTally();
}

function showTally() {
	$('rtab-examples-count').textContent = state.tally ? t('%s passed, %s failed', state.tally[1], state.tally[2]) : '';
}

// The errata layers of the text, in order: the editions an errata sheet can be against.
function editions(text) {
	return [...text.matchAll(/(?:^|\n)\s*errata\s+([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

function fillEditions(text) {
	const select = $('rtab-edition');
	const chosen = select.value;
	const names = ['original', ...editions(text)];
	select.replaceChildren(el('option', {value: ''}, names.length > 1 ? t('choose an edition') : t('no errata layer in this file')),
		...names.map((n) => el('option', {value: n, selected: n === chosen}, n)));
}

// The errata sheet (rtab diff --format html --odds) from the edition chosen to the text as it stands.
async function showErrata(text) {
	const edition = $('rtab-edition').value;
	const frame = $('rtab-errata');
	frame.hidden = !edition;
	if (!edition)
		return;
	const r = await run(['diff', `${state.name}@${edition}`, state.name, '--format', 'html', '--odds', ...localeArgs()], text);
	frame.dataset.rtabStatus = r.status;
	frame.dataset.rtabEdition = edition;
	delete frame.dataset.rtabShown;
	/* rtab diff: 0 the same, 1 different, both a sheet; 2 an error. */
	frame.srcdoc = r.status <= 1 ? r.stdout
		: `<pre>${(r.stderr || r.stdout).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`;
}

// rtab verify of the text against the other file chosen: each finding listed,
// those in this file with a button to their line.
async function verify(text) {
	const other = $('rtab-verify-with').value;
	const s = site(other);
	if (!other || !s || other === state.name) {
		$('rtab-verify-summary').textContent = t('Choose another file of the site, or open one from the disk.');
		return;
	}
	const mine = $('rtab-verify-role').value;
	const args = mine === 'translation' ? [other, state.name] : [state.name, other];
	const r = await run(['verify', ...args, '--format', 'json'], text, {[other]: localStorage.getItem(storageKey(other)) ?? s.source});
	state.verified = true;
	const list = $('rtab-findings');
	list.dataset.rtabStatus = r.status;
	let report;
	try {
		report = JSON.parse(r.stdout);
	} catch (e) {
		$('rtab-verify-summary').textContent = (r.stderr || r.stdout).trim();
		list.replaceChildren();
		return;
	}
	const side = mine === 'translation' ? 'translation_location' : 'original_location';
	const otherSide = mine === 'translation' ? 'original_location' : 'translation_location';
	$('rtab-verify-summary').textContent = t('%s against %s: errors %s, warnings %s', args[1], args[0], report.errors,
		report.warnings);
	list.replaceChildren(...(report.findings || []).map((f) => {
		const at = f[side], there = f[otherSide];
		const item = el('li', {class: f.severity, 'data-rtab-severity': f.severity, 'data-rtab-line': at ? at.line : null,
			'data-rtab-column': at ? at.column : null});
		if (at) {
			const go = el('button', {type: 'button'}, `${at.line}:${at.column}`);
			go.addEventListener('click', () => gotoLine(view, at.line, at.column));
			item.append(go);
		}
		item.append(` ${f.severity}: ${f.message}` + (there ? ` (${there.file}:${there.line})` : ''));
		const details = (f.differences || []).map((d) => `${d.what}: ${d.original} → ${d.translation}${d.detail ? ` (${d.detail})` : ''}`);
		if (details.length)
			item.append(el('br'), details.join('; '));
		return item;
	}));
}

async function showPrinted(text) {
	const r = await run(['export', '--format', 'html', state.name, ...localeArgs()], text);
	if (r.status === 0)
		$('rtab-aid').srcdoc = r.stdout;
}

// The model of the text (rtab export --format json), for the situation's controls.
async function loadModel(text) {
	if (state.modelText === text)
		return;
	const r = await run(['export', '--format', 'json', state.name], text);
	if (r.status !== 0)
		return;
	state.model = JSON.parse(r.stdout);
	state.modelText = text;
	fillLocales(state.model.locales);
	buildSituation(state.model);
}

// The linter: rtab check on every pause in typing; the rest of the page
// follows the same text when it has no error.
function rtabLinter() {
	return linter(async (v) => {
		const text = v.state.doc.toString();
		localStorage.setItem(storageKey(state.name), text);
		const started = performance.now();
		const {status, diagnostics} = await check(text);
		/* Another file opened meanwhile: this answer is no longer the page's. */
		if (v !== view)
			return [];
		document.body.dataset.rtabCheckMs = Math.round(performance.now() - started);
		const doc = v.state.doc;
		const fixes = await quickFixes(text, doc, diagnostics);
		if (v !== view)
			return [];
		showDiagnostics(v, diagnostics, fixes);
		state.clean = status === 0;
		fillEditions(text);
		if (state.clean) {
			await loadModel(text);
			await showDefinition(v);
			await showPrinted(text);
			await showExamples(text);
			await showErrata(text);
			if (state.verified)
				await verify(text);
		} else {
			await showDefinition(v);
		}
		if (v !== view)
			return [];
		document.body.dataset.rtabChecks = String(++state.checks);
		return diagnostics.map((d, i) => [d, i]).filter(([d]) => d.line > 0 && d.line <= doc.lines).map(([d, i]) => {
			const line = doc.line(d.line);
			const from = Math.min(line.from + Math.max(0, d.column - 1), line.to);
			const word = /^[A-Za-z0-9_"]+/.exec(doc.sliceString(from, line.to));
			const fix = fixes.get(i);
			return {from, to: from + (word ? word[0].length : 0), severity: d.severity === 'note' ? 'info' : d.severity,
				message: d.message + (d.check ? ` [-W${d.check}]` : ''), source: 'rtab check',
				actions: fix ? [{name: fix.title, apply: (ev) => applyFix(ev, fix)}] : []};
		});
	}, {delay: 250});
}

// Markdown of rtab lsp's hover, drawn: code blocks, **strong**, `code`.
function markdown(text) {
	const box = el('div', {class: 'rtab-hover-body', 'data-rtab-hover': ''});
	text.split(/```[a-z]*\n?/).forEach((part, i) => {
		if (i % 2) {
			box.append(el('pre', {}, part.replace(/\n$/, '')));
			return;
		}
		for (const para of part.split(/\n\n+/).filter((p) => p.trim())) {
			const p = el('p', {});
			for (const bit of para.split(/(\*\*[^*]+\*\*|`[^`]+`)/))
				p.append(bit.startsWith('**') ? el('strong', {}, bit.slice(2, -2)) : bit.startsWith('`') ? el('code', {}, bit.slice(1, -1)) : bit);
			box.append(p);
		}
	});
	return box;
}

// Hover: rtab lsp's textDocument/hover at the word under the pointer.
const rtabHover = hoverTooltip(async (v, pos) => {
	const doc = v.state.doc;
	const [answer] = await lsp(doc.toString(), [{method: 'textDocument/hover', params: {position: lspPosition(doc, pos)}}]);
	if (!answer || !answer.contents)
		return null;
	const value = typeof answer.contents === 'string' ? answer.contents : answer.contents.value;
	const from = answer.range ? lspOffset(doc, answer.range.start) : pos;
	const to = answer.range ? lspOffset(doc, answer.range.end) : pos;
	return {pos: from, end: to, above: true, create: () => {
		const dom = el('div', {class: 'rtab-hover'}, markdown(value));
		return {dom};
	}};
}, {hoverTime: 300});

// Completion: rtab lsp's textDocument/completion at the cursor.
const LSP_KINDS = {3: 'function', 6: 'variable', 10: 'property', 12: 'enum', 13: 'enum', 14: 'keyword', 20: 'enum', 21: 'constant', 22: 'type'};
async function rtabComplete(ctx) {
	const word = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
	if (!ctx.explicit && !word)
		return null;
	const doc = ctx.state.doc;
	const [answer] = await lsp(doc.toString(), [{method: 'textDocument/completion', params: {position: lspPosition(doc, ctx.pos)}}]);
	const items = answer ? (Array.isArray(answer) ? answer : answer.items || []) : [];
	if (!items.length)
		return null;
	return {from: word ? word.from : ctx.pos, options: items.map((i) => ({label: i.label, detail: i.detail,
		type: LSP_KINDS[i.kind] || 'text', info: i.documentation ? (i.documentation.value || i.documentation) : undefined})),
	validFor: /^[A-Za-z0-9_]*$/};
}

// The editable text's name, in the page's language (a compartment: it changes with the language).
const editorLabel = new Compartment();
function labelled() {
	// tabindex: the editable text is a tab stop as it is, and says so to checkers (axe).
	return EditorView.contentAttributes.of({'aria-label': t('The ruleset source'), tabindex: '0'});
}

function makeEditor(text) {
	const parent = $('rtab-editor');
	parent.replaceChildren();
	return new EditorView({
		parent,
		state: EditorState.create({
			doc: text,
			extensions: [basicSetup, rtabLanguage, rtabLanguage.data.of({autocomplete: rtabComplete}),
				syntaxHighlighting(style), lintGutter(), rtabLinter(), rtabHover,
				editorLabel.of(labelled()),
				EditorView.updateListener.of((u) => {
					if (u.selectionSet && !u.docChanged)
						showDefinition(u.view);
				})],
		}),
	});
}

let view = null;

function fillFiles() {
	const names = RTAB_SITE.rulesets.map((r) => r.name);
	$('rtab-file').replaceChildren(...names.map((n) => el('option', {value: n, selected: n === state.name}, n)));
	const other = $('rtab-verify-with');
	const chosen = other.value;
	other.replaceChildren(el('option', {value: ''}, t('choose a file')),
		...names.filter((n) => n !== state.name).map((n) => el('option', {value: n, selected: n === chosen}, n)));
}

// The languages of the ruleset in the language select: the one chosen last
// (on either page: S.preferredLocale) where the ruleset has it, else its first.
function fillLocales(locales) {
	const list = locales && locales.length ? locales : ['en'];
	const chosen = list.includes(state.locale) ? state.locale : S.preferredLocale(list);
	$('rtab-locale').replaceChildren(...list.map((l) => el('option', {value: l, selected: l === chosen}, l)));
	if (chosen !== state.locale)
		useLocale(chosen);
}

// The page's own words in locale, and what it draws of the ruleset's.
function useLocale(locale) {
	state.locale = locale;
	S.usePhrases(locale);
	document.documentElement.lang = locale;
	document.title = t('rtab workbench');
	$('rtab-aid').title = t('The tables as printed');
	$('rtab-errata').title = t('The errata sheet against the edition chosen');
	showDiagnosticsCount();
	showTally();
	fillFiles();
	if (document.body.dataset.rtabReady === 'true')
		$('rtab-status').textContent = t('Ready');
	if (view) {
		fillEditions(view.state.doc.toString());
		view.dispatch({effects: editorLabel.reconfigure(labelled())});
	}
}

// A language chosen: the page's words, the situation's labels and rtab's
// answers in it; the situation set and a result shown are kept.
async function chooseLocale(locale) {
	S.keepLocale(locale);
	useLocale(locale);
	if (!view)
		return;
	const text = view.state.doc.toString();
	if (state.model)
		buildSituation(state.model);
	const shown = !!$('rtab-result').querySelector('.outcome, .error');
	/* The faces' labels and the hint drawn again; the faces set are kept. */
	const faces = [...$('rtab-faces').querySelectorAll('[data-rtab-face]')].map((f) => f.value);
	state.redraw = true;
	await showDefinition(view);
	$('rtab-faces').querySelectorAll('[data-rtab-face]').forEach((f, i) => {
		if (i < faces.length)
			f.value = faces[i];
	});
	if (shown)
		await resolve();
	if (state.clean) {
		await showPrinted(text);
		await showErrata(text);
	}
}

function open(name, text) {
	state.name = name;
	state.lastDef = null;
	state.model = null;
	state.modelText = null;
	state.verified = false;
	$('rtab-findings').replaceChildren();
	$('rtab-verify-summary').textContent = '';
	$('rtab-edition').value = '';
	$('rtab-inputs').replaceChildren();
	/* Nothing of the file before is left, nor drawn in its language. */
	$('rtab-result').replaceChildren();
	delete $('rtab-result').dataset.rtabOutcome;
	delete $('rtab-result').dataset.rtabStatus;
	$('rtab-faces').replaceChildren();
	state.diagnostics = null;
	state.tally = null;
	const s = site(name);
	fillLocales(s && s.model ? s.model.locales : state.locale ? [state.locale] : null);
	fillFiles();
	view = makeEditor(text);
	window.rtabWorkbench.view = view;
}

// Runs one after another, as the linter's: the page's state follows the last.
let busy = Promise.resolve();
function serial(work) {
	busy = busy.then(work).catch((e) => { $('rtab-status').textContent = t('Error: %s', e.message); });
	return busy;
}

async function main() {
	state.rtab = await RtabWasi.loadWorker(await RtabWasi.moduleText());
	const choose = (name) => open(name, localStorage.getItem(storageKey(name)) ?? site(name).source);
	$('rtab-file').addEventListener('change', () => choose($('rtab-file').value));
	$('rtab-revert').addEventListener('click', () => {
		const s = site(state.name);
		if (s)
			view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: s.source}});
	});
	$('rtab-open').addEventListener('change', async (e) => {
		const file = e.target.files[0];
		if (!file)
			return;
		const text = await file.text();
		if (!site(file.name))
			RTAB_SITE.rulesets.push({name: file.name, source: text});
		open(file.name, text);
	});
	$('rtab-save').addEventListener('click', () => {
		const blob = new Blob([view.state.doc.toString()], {type: 'text/plain'});
		const a = el('a', {href: URL.createObjectURL(blob), download: state.name});
		document.body.append(a);
		a.click();
		a.remove();
	});
	$('rtab-drm').addEventListener('change', () => serial(refreshDefinition));
	$('rtab-roll-button').addEventListener('click', () => {
		S.rollFaces($('rtab-faces'));
		serial(resolve);
	});
	$('rtab-form').addEventListener('submit', (e) => {
		e.preventDefault();
		serial(resolve);
	});
	$('rtab-edition').addEventListener('change', () => serial(() => showErrata(view.state.doc.toString())));
	/* Which edition's sheet the frame shows, once it is shown (for automated clients). */
	$('rtab-errata').addEventListener('load', () => { $('rtab-errata').dataset.rtabShown = $('rtab-errata').dataset.rtabEdition || ''; });
	/* The tables as printed drawn again: the definition under the cursor shown in them. */
	$('rtab-aid').addEventListener('load', showPrintedDefinition);
	$('rtab-verify').addEventListener('click', () => serial(() => verify(view.state.doc.toString())));
	$('rtab-locale').addEventListener('change', () => serial(() => chooseLocale($('rtab-locale').value)));
	choose(RTAB_SITE.rulesets[0].name);
	$('rtab-status').textContent = t('Ready');
	document.body.dataset.rtabReady = 'true';
}

window.rtabWorkbench = {view: null, idle: () => busy};
main().catch((e) => { $('rtab-status').textContent = t('Error: %s', e.message); });
