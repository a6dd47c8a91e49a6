/* SPDX-License-Identifier: MIT */
/*
 * The interactive player aid of rtab site (docs/web.md). Every answer comes
 * from rtab itself, run in the page (rtab_wasi.js over rtab_wasm.js): the
 * tables as printed are `rtab export --format html`, a roll is `rtab eval
 * --json` and `--explain`, the odds are `rtab odds --json`, all on the
 * sources of rulesets.js. Nothing is computed here but the page.
 *
 * Stable hooks for automated clients: data-rtab-input="NAME" on the control
 * of each input of the situation (the name --set takes), data-rtab-face="I"
 * on the I-th face of the roll, data-rtab-control on the other controls,
 * data-rtab-result (data-rtab-outcome: the outcome's id, data-rtab-status:
 * the exit status of rtab eval) and data-rtab-odds (a row per outcome with
 * data-rtab-outcome and data-rtab-probability, the exact fraction);
 * window.rtabAid.idle() resolves once every answer asked for is shown.
 */
(function () {
	'use strict';

	const $ = (id) => document.getElementById(id);
	const state = {rtab: null, index: 0, model: null, locale: null, table: null, busy: Promise.resolve(),
		loading: Promise.resolve()};

	function el(tag, attrs, ...children) {
		const e = document.createElement(tag);
		for (const [k, v] of Object.entries(attrs || {}))
			if (v !== null && v !== undefined && v !== false)
				e.setAttribute(k, v === true ? '' : v);
		for (const c of children)
			if (c !== null && c !== undefined)
				e.append(c);
		return e;
	}

	function label(labels, id) {
		if (!labels)
			return id;
		return labels[state.locale] || labels[state.model.locales[0]] || id;
	}

	function ruleset() { return RTAB_SITE.rulesets[state.index]; }

	/* One rtab command on the current ruleset, in the edition the site was
	 * written for; its answer {status, stdout, stderr}. */
	function rtab(args) {
		const rs = ruleset();
		return state.rtab.run(rs.edition ? [...args, '--edition', rs.edition] : args, {[rs.name]: rs.source});
	}

	function localeArgs() { return state.locale ? ['--locale', state.locale] : []; }

	/* The controls of the situation, one per input; a list's items shown up to its length. */
	function buildInputs() {
		const box = $('rtab-inputs');
		box.replaceChildren();
		const m = state.model;
		for (const input of m.inputs) {
			const name = input.id;
			let control;
			if (input.type_name === 'enum') {
				const en = m.enums[input.enum_index];
				control = el('select', {'data-rtab-input': name});
				for (const v of en.values)
					control.append(el('option', {value: v.id, selected: v.id === input.default_text}, label(v.labels, v.id)));
			} else if (input.type_name === 'bool') {
				control = el('input', {type: 'checkbox', 'data-rtab-input': name, checked: input.default_text === 'true'});
			} else {
				control = el('input', {type: 'number', 'data-rtab-input': name, min: input.min, max: input.max,
					step: 1, value: input.default_text, required: true});
			}
			const unit = input.unit ? ' (' + input.unit + ')' : '';
			const row = el('label', {'data-rtab-row': name}, el('span', {}, label(input.labels, name) + unit), control);
			if (input.list_role === 2) {
				row.dataset.rtabList = input.list_length_id;
				row.dataset.rtabItem = input.list_item;
			}
			box.append(row);
			control.addEventListener('change', () => refresh(false));
		}
		showListItems();
	}

	/* A list's item fields are part of the situation only up to the list's length. */
	function showListItems() {
		for (const row of $('rtab-inputs').querySelectorAll('[data-rtab-list]')) {
			const length = document.querySelector(`[data-rtab-input="${CSS.escape(row.dataset.rtabList)}"]`);
			row.hidden = !length || Number(row.dataset.rtabItem) > Number(length.value);
		}
	}

	function table() { return state.model.tables.find((t) => t.id === state.table); }

	/* The faces of the table's dice: one number per face, within its group's faces. */
	function buildFaces() {
		const box = $('rtab-faces');
		box.replaceChildren();
		const t = table();
		const dice = t && t.dice >= 0 ? state.model.dice[t.dice] : null;
		$('rtab-roll-button').disabled = !dice;
		if (!dice) {
			box.append(el('p', {class: 'hint'}, 'This table rolls no dice: it is read from the situation alone.'));
			return;
		}
		let i = 0;
		for (const g of dice.groups)
			for (let k = 0; k < g.count; k++, i++)
				box.append(el('label', {}, `Face ${i + 1} `, el('input', {type: 'number', 'data-rtab-face': i,
					min: g.face_min, max: g.face_max, step: 1, value: g.face_min, required: true})));
	}

	/* --set NAME=VALUE for every shown input, as rtab eval and rtab odds take it. */
	function situationArgs() {
		const args = [];
		for (const c of $('rtab-inputs').querySelectorAll('[data-rtab-input]')) {
			if (c.closest('label').hidden)
				continue;
			const value = c.type === 'checkbox' ? (c.checked ? 'true' : 'false') : c.value;
			args.push('--set', `${c.dataset.rtabInput}=${value}`);
		}
		const drm = $('rtab-drm').value.trim();
		if (drm !== '' && drm !== '0')
			args.push('--drm', drm);
		return args;
	}

	function facesArg() {
		const faces = [...$('rtab-faces').querySelectorAll('[data-rtab-face]')].map((f) => f.value.trim());
		return faces.length ? ['--roll', faces.join(',')] : [];
	}

	function showError(box, r) {
		box.replaceChildren(el('p', {class: 'error', role: 'alert'}, (r.stderr || r.stdout).trim()));
	}

	async function resolve() {
		const box = $('rtab-result');
		const base = ['eval', ruleset().name, state.table, ...situationArgs(), ...facesArg(), ...localeArgs()];
		const r = await rtab([...base, '--json']);
		box.dataset.rtabStatus = r.status;
		delete box.dataset.rtabOutcome;
		if (r.status !== 0) {
			showError(box, r);
			return;
		}
		const res = JSON.parse(r.stdout);
		const steps = await rtab([...base, '--explain']);
		const outcomeId = res.outcome || '';
		box.dataset.rtabOutcome = outcomeId;
		const head = el('p', {class: 'outcome'}, res.label || outcomeId || 'No result');
		const facts = res.no_result
			? el('p', {}, 'The table gives no result in this situation' + (res.column ? ` (column ${res.column})` : '') + '.')
			: el('p', {}, `Rolled ${(res.faces || []).join(', ')}; modified roll ${res.modified_roll}` +
				(res.modifier ? ` (modifier ${res.modifier > 0 ? '+' : ''}${res.modifier})` : '') +
				(res.code && res.code !== outcomeId ? `; code ${res.code}` : '') +
				(res.rule ? `; rule ${res.rule}` : ''));
		const explain = el('pre', {class: 'steps', 'aria-label': 'How the rules produced it'}, steps.stdout.trim());
		box.replaceChildren(head, facts, explain);
	}

	async function odds() {
		const box = $('rtab-odds');
		const started = performance.now();
		const r = await rtab(['odds', ruleset().name, state.table, ...situationArgs(), ...localeArgs(), '--json']);
		/* How long the odds took in the page, for bench/web_latency.js. */
		box.dataset.rtabMs = Math.round(performance.now() - started);
		box.dataset.rtabStatus = r.status;
		if (r.status !== 0) {
			showError(box, r);
			return;
		}
		const o = JSON.parse(r.stdout);
		const rows = (o.outcomes || []).map((x) => el('tr', {'data-rtab-outcome': x.outcome || '', 'data-rtab-probability': x.probability},
			el('td', {}, x.label || x.outcome || '(no row)'),
			el('td', {class: 'num'}, x.probability),
			el('td', {class: 'num'}, `${x.percent}%`),
			el('td', {'aria-hidden': 'true'}, el('span', {class: 'bar', style: `width: ${Math.round(Number(x.percent) * 1.5)}px`}))));
		box.replaceChildren(el('table', {class: 'odds'},
			el('caption', {}, `${o.rolls} equally likely rolls of ${o.dice}` + (o.column && o.column !== 'all' ? `, column ${o.column}` : '')),
			el('thead', {}, el('tr', {}, el('th', {scope: 'col'}, 'Outcome'), el('th', {scope: 'col'}, 'Exact'),
				el('th', {scope: 'col'}, 'Percent'), el('th', {scope: 'col'}, el('span', {class: 'visually-hidden'}, 'Bar')))),
			el('tbody', {}, ...rows)));
	}

	/* Runs one after another: a later change waits for the answer to the earlier one. */
	function serial(work) {
		state.busy = state.busy.then(work).catch((e) => { $('rtab-status').textContent = 'Error: ' + e.message; });
		return state.busy;
	}

	function refresh(withResult) {
		showListItems();
		return serial(async () => {
			await odds();
			if (withResult)
				await resolve();
			$('rtab-status').textContent = 'Ready';
			if (!document.body.dataset.rtabLoadMs) /* from the page's start to its first odds */
				document.body.dataset.rtabLoadMs = Math.round(performance.now());
			document.body.dataset.rtabReady = 'true';
		});
	}

	async function showPrinted() {
		const r = await rtab(['export', '--format', 'html', ruleset().name, ...localeArgs()]);
		const frame = $('rtab-aid');
		frame.srcdoc = r.status === 0 ? r.stdout : `<pre>${r.stderr.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`;
	}

	function chooseTable(id) {
		state.table = id;
		buildFaces();
		$('rtab-result').replaceChildren(el('p', {class: 'hint'}, 'Roll the dice, or enter the faces rolled and resolve them.'));
		delete $('rtab-result').dataset.rtabOutcome;
		return refresh(false);
	}

	function fillTables() {
		const select = $('rtab-table');
		select.replaceChildren(...state.model.tables.map((t) =>
			el('option', {value: t.id, selected: t.id === state.table}, label(t.labels, t.id))));
	}

	async function chooseRuleset(index) {
		document.body.dataset.rtabReady = 'false';
		state.index = index;
		const r = await rtab(['export', '--format', 'json', ruleset().name]);
		if (r.status !== 0) {
			$('rtab-status').textContent = r.stderr;
			return;
		}
		state.model = JSON.parse(r.stdout);
		if (!state.locale || !state.model.locales.includes(state.locale))
			state.locale = state.model.locales[0];
		$('rtab-locale').replaceChildren(...state.model.locales.map((l) => el('option', {value: l, selected: l === state.locale}, l)));
		state.table = state.model.tables.length ? state.model.tables[0].id : null;
		relabel();
		/* The printed tables and the first odds are asked together: each run is a module of its own. */
		const printed = showPrinted();
		if (state.table)
			await chooseTable(state.table);
		await printed;
	}

	/* What the locale changes: the labels of the page's controls and the tables as printed. */
	function relabel() {
		const title = label(state.model.title, state.model.id);
		$('rtab-title').textContent = title;
		document.title = title + ' — player aid';
		document.documentElement.lang = state.locale;
		fillTables();
		buildInputs();
	}

	function roll() {
		const faces = [...$('rtab-faces').querySelectorAll('[data-rtab-face]')];
		const random = new Uint32Array(faces.length);
		crypto.getRandomValues(random);
		faces.forEach((f, i) => {
			const lo = Number(f.min), hi = Number(f.max);
			f.value = lo + (random[i] % (hi - lo + 1));
		});
		return serial(resolve);
	}

	async function main() {
		state.rtab = await RtabWasi.load(RTAB_WASM);
		const rulesets = $('rtab-ruleset');
		rulesets.replaceChildren(...RTAB_SITE.rulesets.map((r, i) => el('option', {value: i}, r.name)));
		$('rtab-ruleset-label').hidden = RTAB_SITE.rulesets.length < 2;
		rulesets.addEventListener('change', () => { state.loading = chooseRuleset(Number(rulesets.value)); });
		$('rtab-locale').addEventListener('change', () => {
			state.locale = $('rtab-locale').value;
			relabel();
			state.loading = showPrinted().then(() => refresh(false));
		});
		$('rtab-table').addEventListener('change', () => chooseTable($('rtab-table').value));
		$('rtab-drm').addEventListener('change', () => refresh(false));
		$('rtab-roll-button').addEventListener('click', roll);
		$('rtab-form').addEventListener('submit', (e) => {
			e.preventDefault();
			serial(resolve);
		});
		/* The printed tables grow their frame to their height: the page scrolls, not the frame. */
		$('rtab-aid').addEventListener('load', () => {
			const doc = $('rtab-aid').contentDocument;
			if (doc && doc.documentElement)
				$('rtab-aid').style.height = (doc.documentElement.scrollHeight + 20) + 'px';
		});
		state.loading = chooseRuleset(0);
		await state.loading;
	}

	window.rtabAid = {
		idle: async () => {
			await state.loading;
			await state.busy;
		},
	};
	main().catch((e) => { $('rtab-status').textContent = 'Error: ' + e.message; });
})();
