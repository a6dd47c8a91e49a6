// SPDX-License-Identifier: MIT
// The workbench page of rtab site (docs/web.md): a ruleset edited in
// CodeMirror 6, checked as it is typed by rtab itself (rtab_wasi.js over
// rtab_wasm.js, loaded by the page before this bundle): the diagnostics of
// `rtab check --diagnostics=json` in the editor and in the list
// data-rtab-diagnostics, the tables as printed (`rtab export --format html`)
// and the exact odds (`rtab odds --json`, data-rtab-odds) of the table under
// the cursor. The text is kept in the browser's storage; opened from and
// saved to disk. Bundled into workbench.js by esbuild (web/meson.build).
import {EditorView, basicSetup} from 'codemirror';
import {EditorState} from '@codemirror/state';
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

const state = {rtab: null, name: null, locale: null, lastTable: null, checks: 0};

// rtab on the text in the editor, in the edition the site was written for.
function run(args, text) {
	const site = RTAB_SITE.rulesets.find((r) => r.name === state.name);
	const edition = site && site.edition ? ['--edition', site.edition] : [];
	return state.rtab.run([...args, ...edition], {[state.name]: text});
}

function storageKey(name) { return 'rtab-workbench:' + name; }

function el(tag, attrs, ...children) {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {}))
		if (v !== null && v !== undefined && v !== false)
			e.setAttribute(k, v === true ? '' : v);
	children.forEach((c) => c !== null && c !== undefined && e.append(c));
	return e;
}

// The diagnostics of rtab check on the text, as JSON objects.
async function check(text) {
	const r = await run(['check', '--diagnostics=json', state.name], text);
	const lines = (r.stdout + '\n' + r.stderr).split('\n').filter((l) => l.startsWith('{'));
	return {status: r.status, diagnostics: lines.map((l) => JSON.parse(l))};
}

function showDiagnostics(view, diagnostics) {
	const list = $('rtab-diagnostics');
	list.replaceChildren(...diagnostics.map((d) => {
		const where = d.line ? `${d.line}:${d.column}` : '';
		const item = el('li', {'data-rtab-line': d.line, 'data-rtab-column': d.column,
			'data-rtab-severity': d.severity, 'data-rtab-check': d.check, class: d.severity},
		el('button', {type: 'button', disabled: !d.line}, where),
		` ${d.severity}: ${d.message}${d.check ? ` [-W${d.check}]` : ''}`);
		item.querySelector('button').addEventListener('click', () => {
			const line = view.state.doc.line(Math.min(d.line, view.state.doc.lines));
			view.dispatch({selection: {anchor: line.from + Math.max(0, d.column - 1)}, scrollIntoView: true});
			view.focus();
		});
		return item;
	}));
	$('rtab-diagnostics-count').textContent = diagnostics.length
		? `${diagnostics.length} diagnostic${diagnostics.length === 1 ? '' : 's'}` : 'No diagnostics';
}

// The table whose definition the cursor is in: the last `table ID` above it.
function tableAt(view) {
	const upto = view.state.doc.sliceString(0, view.state.selection.main.head);
	const found = [...upto.matchAll(/(?:^|\n)\s*table\s+([A-Za-z_][A-Za-z0-9_]*)/g)];
	return found.length ? found[found.length - 1][1] : null;
}

async function showTable(view, text, clean) {
	const box = $('rtab-odds');
	const table = tableAt(view) || state.lastTable;
	$('rtab-odds-table').textContent = table ? table : 'none: put the cursor in a table';
	if (!clean || !table) {
		box.replaceChildren(el('p', {class: 'hint'}, clean ? '' : 'The odds appear when the file has no error.'));
		return;
	}
	state.lastTable = table;
	const r = await run(['odds', state.name, table, '--json'], text);
	box.dataset.rtabStatus = r.status;
	if (r.status !== 0) {
		box.replaceChildren(el('p', {class: 'error'}, r.stderr.trim()));
		return;
	}
	const o = JSON.parse(r.stdout);
	box.replaceChildren(el('table', {class: 'odds'},
		el('caption', {}, `${table}: ${o.rolls} rolls of ${o.dice}, the default situation`),
		el('thead', {}, el('tr', {}, el('th', {scope: 'col'}, 'Outcome'), el('th', {scope: 'col'}, 'Exact'),
			el('th', {scope: 'col'}, 'Percent'))),
		el('tbody', {}, ...o.outcomes.map((x) => el('tr', {'data-rtab-outcome': x.outcome || '', 'data-rtab-probability': x.probability},
			el('td', {}, x.label || x.outcome || '(no row)'), el('td', {class: 'num'}, x.probability),
			el('td', {class: 'num'}, `${x.percent}%`))))));
}

async function showPrinted(text, clean) {
	if (!clean)
		return;
	const r = await run(['export', '--format', 'html', state.name], text);
	if (r.status === 0)
		$('rtab-aid').srcdoc = r.stdout;
}

// The linter: rtab check on every pause in typing; the list, the odds and
// the printed tables follow the same text.
function rtabLinter() {
	return linter(async (view) => {
		const text = view.state.doc.toString();
		localStorage.setItem(storageKey(state.name), text);
		const started = performance.now();
		const {status, diagnostics} = await check(text);
		document.body.dataset.rtabCheckMs = Math.round(performance.now() - started);
		showDiagnostics(view, diagnostics);
		const clean = status === 0;
		await showTable(view, text, clean);
		await showPrinted(text, clean);
		document.body.dataset.rtabChecks = String(++state.checks);
		const doc = view.state.doc;
		return diagnostics.filter((d) => d.line > 0 && d.line <= doc.lines).map((d) => {
			const line = doc.line(d.line);
			const from = Math.min(line.from + Math.max(0, d.column - 1), line.to);
			const word = /^[A-Za-z0-9_"]+/.exec(doc.sliceString(from, line.to));
			return {from, to: from + (word ? word[0].length : 0), severity: d.severity === 'note' ? 'info' : d.severity,
				message: d.message + (d.check ? ` [-W${d.check}]` : ''), source: 'rtab check'};
		});
	}, {delay: 250});
}

function makeEditor(text) {
	const parent = $('rtab-editor');
	parent.replaceChildren();
	return new EditorView({
		parent,
		state: EditorState.create({
			doc: text,
			extensions: [basicSetup, rtabLanguage, syntaxHighlighting(style), lintGutter(), rtabLinter(),
				// tabindex: the editable text is a tab stop as it is, and says so to checkers (axe).
				EditorView.contentAttributes.of({'aria-label': 'The ruleset source', tabindex: '0'}),
				EditorView.updateListener.of((u) => {
					if (u.selectionSet && !u.docChanged)
						showTable(u.view, u.state.doc.toString(), $('rtab-diagnostics').querySelector('.error') === null);
				})],
		}),
	});
}

let view = null;

function open(name, text) {
	state.name = name;
	state.lastTable = null;
	view = makeEditor(text);
	window.rtabWorkbench.view = view;
}

async function main() {
	state.rtab = await RtabWasi.load(RTAB_WASM);
	const select = $('rtab-file');
	select.replaceChildren(...RTAB_SITE.rulesets.map((r) => el('option', {value: r.name}, r.name)));
	const choose = (name) => {
		const site = RTAB_SITE.rulesets.find((r) => r.name === name);
		open(name, localStorage.getItem(storageKey(name)) ?? site.source);
	};
	select.addEventListener('change', () => choose(select.value));
	$('rtab-revert').addEventListener('click', () => {
		const site = RTAB_SITE.rulesets.find((r) => r.name === state.name);
		if (site)
			view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: site.source}});
	});
	$('rtab-open').addEventListener('change', async (e) => {
		const file = e.target.files[0];
		if (!file)
			return;
		const text = await file.text();
		if (!RTAB_SITE.rulesets.some((r) => r.name === file.name))
			RTAB_SITE.rulesets.push({name: file.name, source: text});
		select.replaceChildren(...RTAB_SITE.rulesets.map((r) => el('option', {value: r.name, selected: r.name === file.name}, r.name)));
		open(file.name, text);
	});
	$('rtab-save').addEventListener('click', () => {
		const blob = new Blob([view.state.doc.toString()], {type: 'text/plain'});
		const a = el('a', {href: URL.createObjectURL(blob), download: state.name});
		document.body.append(a);
		a.click();
		a.remove();
	});
	choose(RTAB_SITE.rulesets[0].name);
	$('rtab-status').textContent = 'Ready';
	document.body.dataset.rtabReady = 'true';
}

window.rtabWorkbench = {view: null};
main().catch((e) => { $('rtab-status').textContent = 'Error: ' + e.message; });
