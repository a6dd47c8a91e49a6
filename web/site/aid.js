/* SPDX-License-Identifier: MIT */
/*
 * The interactive player aid of rtab site (docs/web.md). Every answer comes
 * from rtab itself, run in the page (rtab_wasi.js over rtab_wasm.js): the
 * tables as printed are `rtab export --format html`, a roll is `rtab eval
 * --json` and `--explain`, the odds are `rtab odds --json`, all on the
 * sources of rulesets.js (whose models, `rtab export --format json`, rtab
 * site wrote there). Nothing is computed here but the page. Every kind
 * rtab eval resolves is offered: tables, distances, reaction sets,
 * transitions, procedures; a result's triggers each with a button that
 * resolves on its target, in the situation the result sets.
 *
 * Stable hooks for automated clients: data-rtab-input="NAME" on the control
 * of each input of the situation (the name --set takes), data-rtab-face="I"
 * on the I-th face of the roll, data-rtab-control on the other controls,
 * data-rtab-result (data-rtab-outcome: the outcome's id, data-rtab-status:
 * the exit status of rtab eval), data-rtab-resolve-on="ID" on a trigger's
 * button, and data-rtab-odds (a row per outcome with
 * data-rtab-outcome and data-rtab-probability, the exact fraction);
 * window.rtabAid.idle() resolves once every answer asked for is shown.
 */
(function () {
	'use strict';

	const $ = (id) => document.getElementById(id);
	const S = RtabSituation, el = S.el, t = S.t;
	const state = {rtab: null, index: 0, model: null, locale: null, def: null, ahead: null, busy: Promise.resolve(),
		loading: Promise.resolve()};

	function label(labels, id) { return S.label(state.model, state.locale, labels, id); }

	function ruleset() { return RTAB_SITE.rulesets[state.index]; }

	/* One rtab command on the current ruleset, in the edition the site was
	 * written for; its answer {status, stdout, stderr}. */
	async function rtab(args) {
		const rs = ruleset();
		const r = await (await state.rtab).run(rs.edition ? [...args, '--edition', rs.edition] : args, {[rs.name]: rs.source});
		/* From the page's start to the module's first answer, for bench/web_latency.js. */
		if (!document.body.dataset.rtabModuleMs)
			document.body.dataset.rtabModuleMs = Math.round(performance.now());
		return r;
	}

	/* The odds the page opens on, which rtab site computed (odds_ahead in
	 * rulesets.js): the answer of rtab odds for these arguments, if they are
	 * the opening's (its definition and locale, the controls as first built,
	 * no other modifier), once; else null, and the module answers. */
	function oddsAhead(args) {
		const ahead = state.ahead;
		state.ahead = null;
		return ahead && ahead.key === JSON.stringify(args) ? {status: 0, stdout: ahead.stdout, stderr: ''} : null;
	}

	function localeArgs() { return state.locale ? ['--locale', state.locale] : []; }

	/* What rtab eval resolves, by kind: the key of the model's list, its
	 * heading, whether rtab odds answers for it (the dice decide it), and
	 * what the roll says of one that rolls no dice: each a phrase t()
	 * translates, named here as t('Tables'), t('Distances'),
	 * t('Reaction sets'), t('Transitions'), t('Procedures'),
	 * t('This distance rolls no dice: it is read from the situation alone.'),
	 * t('This reaction set rolls no dice: it is read from the situation alone.'),
	 * t('This transition rolls no dice: it is read from the situation alone.'),
	 * t('This procedure rolls no dice: it is read from the situation alone.'). */
	const KINDS = [
		{key: 'tables', name: 'Tables', odds: true,
			none: 'This table rolls no dice: it is read from the situation alone.'},
		{key: 'distances', name: 'Distances', odds: true,
			none: 'This distance rolls no dice: it is read from the situation alone.'},
		{key: 'reaction_sets', name: 'Reaction sets', odds: false,
			none: 'This reaction set rolls no dice: it is read from the situation alone.'},
		{key: 'transitions', name: 'Transitions', odds: false,
			none: 'This transition rolls no dice: it is read from the situation alone.'},
		{key: 'procedures', name: 'Procedures', odds: false,
			none: 'This procedure rolls no dice: it is read from the situation alone.'},
	];

	/* Every definition rtab eval resolves: {kind, def}, by kind, in the ruleset's order. */
	function definitions() {
		const out = [];
		for (const kind of KINDS)
			for (const def of state.model[kind.key] || [])
				out.push({kind, def});
		return out;
	}

	function current() { return definitions().find((d) => d.def.id === state.def); }

	/* The dice rolled for a definition: a table's, or every roll of a distance's forms. */
	function diceOf(d) {
		const m = state.model;
		if (d.kind.key === 'tables')
			return d.def.dice >= 0 ? m.dice[d.def.dice] : null;
		if (d.kind.key !== 'distances')
			return null;
		const groups = [];
		for (const form of d.def.forms || [])
			for (const instr of (form.value && form.value.instrs) || [])
				if (instr.op_name === 'roll') {
					const dice = m.dice.find((x) => x.id === instr.ref);
					if (dice)
						groups.push(...dice.groups);
				}
		return groups.length ? {groups} : null;
	}

	function buildFaces() {
		const d = current();
		const dice = d ? diceOf(d) : null;
		S.buildFaces($('rtab-faces'), dice);
		$('rtab-roll-button').disabled = !dice;
		if (d && !dice)
			$('rtab-faces').replaceChildren(el('p', {class: 'hint'}, t(d.kind.none)));
	}

	function situationArgs() { return S.situationArgs($('rtab-inputs'), $('rtab-drm').value); }

	/* What the result triggers: each target with the inputs the result sets
	 * for it, and a button that resolves it in that situation. */
	function triggered(res) {
		const ids = res.triggers || [];
		if (!ids.length)
			return null;
		const list = el('ul', {class: 'triggers', 'data-rtab-triggers': ''});
		ids.forEach((id, i) => {
			const sets = (res.trigger_inputs || [])[i] || {};
			const d = definitions().find((x) => x.def.id === id);
			const what = Object.entries(sets).map(([k, v]) => `${k}=${v}`).join(', ');
			const button = el('button', {type: 'button', 'data-rtab-resolve-on': id},
				t('Resolve %s', d ? label(d.def.labels, id) : id));
			button.addEventListener('click', () => { state.loading = resolveOn(id, sets); });
			list.append(el('li', {}, button, what ? t(' with %s', what) : ''));
		});
		return el('div', {}, el('p', {}, t('This result triggers:')), list);
	}

	async function resolve() {
		const box = $('rtab-result');
		const base = ['eval', ruleset().name, state.def, ...situationArgs(), ...S.facesArg($('rtab-faces')),
			...localeArgs()];
		const r = await rtab([...base, '--json']);
		if (r.status !== 0) {
			S.showResult(box, r, null);
			return;
		}
		S.showResult(box, r, await rtab([...base, '--explain']));
		const res = JSON.parse(r.stdout);
		if (res.reactions)
			box.querySelector('.outcome').textContent = t('Options: %s', (res.options || []).join(', '));
		else if (res.transition)
			box.querySelector('.outcome').textContent = `${res.from} → ${res.state}`;
		else if (res.distance)
			box.querySelector('.outcome').textContent = `${res.value} ${res.unit || ''}`.trim();
		const more = triggered(res);
		if (more)
			box.append(more);
	}

	/* Resolve a result's trigger: its target chosen, the inputs it sets set, the dice rolled. */
	async function resolveOn(id, sets) {
		$('rtab-table').value = id;
		await chooseTable(id);
		for (const [name, value] of Object.entries(sets)) {
			const c = document.querySelector(`[data-rtab-input="${CSS.escape(name)}"]`);
			if (c && c.type === 'checkbox')
				c.checked = value === true || value === 'true' || value === 1;
			else if (c)
				c.value = String(value);
		}
		await refresh(false);
		return roll();
	}

	async function odds() {
		const box = $('rtab-odds');
		const d = current();
		if (!d || !d.kind.odds) {
			box.dataset.rtabStatus = 0;
			box.replaceChildren(el('p', {class: 'hint'}, t('No dice decide it: rtab eval gives its answer from the situation.')));
			return;
		}
		const started = performance.now();
		const args = ['odds', ruleset().name, state.def, ...situationArgs(), ...localeArgs(), '--json'];
		const ahead = oddsAhead(args);
		const r = ahead || await rtab(args);
		/* How long the odds took in the page, for bench/web_latency.js; whether rtab site computed them. */
		box.dataset.rtabMs = Math.round(performance.now() - started);
		box.dataset.rtabAhead = ahead ? 'true' : 'false';
		if (d.kind.key === 'distances' && r.status === 0)
			return showDistanceOdds(box, JSON.parse(r.stdout));
		S.showOdds(box, r, (o) => o.column && o.column !== 'all'
			? t('%s equally likely rolls of %s, column %s', o.rolls, o.dice, o.column)
			: t('%s equally likely rolls of %s', o.rolls, o.dice));
	}

	/* A distance's odds: each form's values, their exact chances. */
	function showDistanceOdds(box, o) {
		box.dataset.rtabStatus = 0;
		box.replaceChildren(...(o.forms || []).map((f) => el('table', {class: 'odds'},
			el('caption', {}, t('%s equally likely rolls, in %s', f.rolls, f.unit || t('units'))),
			el('thead', {}, el('tr', {}, el('th', {scope: 'col'}, t('Value')), el('th', {scope: 'col'}, t('Exact')),
				el('th', {scope: 'col'}, t('Percent')))),
			el('tbody', {}, ...f.values.map((v) => el('tr', {'data-rtab-outcome': String(v.value), 'data-rtab-probability': v.probability},
				el('td', {}, String(v.value)), el('td', {class: 'num'}, v.probability), el('td', {class: 'num'}, `${v.percent}%`)))))));
	}

	/* Runs one after another: a later change waits for the answer to the earlier one. */
	function serial(work) {
		state.busy = state.busy.then(work).catch((e) => { $('rtab-status').textContent = t('Error: %s', e.message); });
		return state.busy;
	}

	function refresh(withResult) {
		S.showListItems($('rtab-inputs'));
		return serial(async () => {
			await odds();
			if (withResult)
				await resolve();
			$('rtab-status').textContent = t('Ready');
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
		state.def = id;
		buildFaces();
		$('rtab-result').replaceChildren(el('p', {class: 'hint'}, t('Roll the dice, or enter the faces rolled and resolve them.')));
		delete $('rtab-result').dataset.rtabOutcome;
		return refresh(false);
	}

	/* The definitions rtab eval resolves, grouped by kind. */
	function fillTables() {
		const select = $('rtab-table');
		select.replaceChildren();
		for (const kind of KINDS) {
			const defs = state.model[kind.key] || [];
			if (defs.length)
				select.append(el('optgroup', {label: t(kind.name)}, ...defs.map((d) =>
					el('option', {value: d.id, selected: d.id === state.def}, label(d.labels, d.id)))));
		}
	}

	async function chooseRuleset(index) {
		document.body.dataset.rtabReady = 'false';
		state.index = index;
		/* rtab site wrote the model (rtab export --format json) beside the source. */
		if (ruleset().model) {
			state.model = ruleset().model;
		} else {
			const r = await rtab(['export', '--format', 'json', ruleset().name]);
			if (r.status !== 0) {
				$('rtab-status').textContent = r.stderr;
				return;
			}
			state.model = JSON.parse(r.stdout);
		}
		if (!state.locale || !state.model.locales.includes(state.locale))
			state.locale = S.preferredLocale(state.model.locales);
		$('rtab-locale').replaceChildren(...state.model.locales.map((l) => el('option', {value: l, selected: l === state.locale}, l)));
		const first = definitions()[0];
		state.def = first ? first.def.id : null;
		relabel();
		/* The arguments of the opening's odds, the controls as just built: rtab
		 * site's answer stands for them (every input at its default). */
		const ahead = ruleset().odds_ahead;
		state.ahead = ahead && ahead.definition === state.def && ahead.locale === state.locale
			? {key: JSON.stringify(['odds', ruleset().name, state.def, ...situationArgs(), ...localeArgs(), '--json']),
				stdout: ahead.stdout} : null;
		/* The odds first: they are what the page is opened for; the tables as printed follow. */
		if (state.def)
			await chooseTable(state.def);
		await showPrinted();
	}

	/* What the locale changes: the page's own words (po/ through
	 * RTAB_SITE.phrases), the labels of its controls and the tables as printed. */
	function relabel(keep) {
		/* The situation and the faces set, kept across a change of language. */
		const controls = () => document.querySelectorAll('#rtab-inputs [data-rtab-input], #rtab-faces [data-rtab-face]');
		const key = (c) => c.dataset.rtabInput !== undefined ? 'input:' + c.dataset.rtabInput : 'face:' + c.dataset.rtabFace;
		const set = keep ? new Map([...controls()].map((c) => [key(c), c.type === 'checkbox' ? c.checked : c.value])) : new Map();
		S.usePhrases(state.locale);
		const title = label(state.model.title, state.model.id);
		$('rtab-title').textContent = title;
		document.title = t('%s — player aid', title);
		$('rtab-aid').title = t('The tables as printed');
		document.documentElement.lang = state.locale;
		fillTables();
		S.buildInputs($('rtab-inputs'), state.model, state.locale, () => refresh(false));
		if (state.def)
			buildFaces();
		for (const c of controls())
			if (set.has(key(c))) {
				if (c.type === 'checkbox')
					c.checked = set.get(key(c));
				else
					c.value = set.get(key(c));
			}
		S.showListItems($('rtab-inputs'));
	}

	function roll() {
		S.rollFaces($('rtab-faces'));
		return serial(resolve);
	}

	async function main() {
		/* The module is read, inflated and compiled while the page is built
		 * from the models of rulesets.js and shows the odds rtab site
		 * computed: the first command waits for it, not the page. */
		/* In the page's thread: the aid has no typing to keep live, and a
		 * worker's start and messages cost its first load and each odds
		 * more than the runs themselves (docs/web.md, the figures). */
		state.rtab = RtabWasi.moduleText().then(RtabWasi.load);
		const rulesets = $('rtab-ruleset');
		rulesets.replaceChildren(...RTAB_SITE.rulesets.map((r, i) => el('option', {value: i}, r.name)));
		$('rtab-ruleset-label').hidden = RTAB_SITE.rulesets.length < 2;
		rulesets.addEventListener('change', () => { state.loading = chooseRuleset(Number(rulesets.value)); });
		$('rtab-locale').addEventListener('change', () => {
			state.locale = $('rtab-locale').value;
			S.keepLocale(state.locale);
			/* A result shown is resolved again, in the new language. */
			const shown = !!$('rtab-result').querySelector('.outcome, .error');
			relabel(true);
			state.loading = showPrinted().then(() => refresh(shown));
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
	main().catch((e) => { $('rtab-status').textContent = t('Error: %s', e.message); });
})();
