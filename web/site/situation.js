/* SPDX-License-Identifier: MIT */
/*
 * The situation of a roll, as both pages of rtab site set it and show what
 * rtab answers (docs/web.md): a control per input of the ruleset (an enum a
 * select, an int a number field within its range, a bool a checkbox; a
 * list's items shown up to its length), the faces of the dice, the other
 * modifier; the result of `rtab eval --json` with its `--explain` steps, and
 * the odds of `rtab odds --json`. Nothing is computed here: the arguments
 * are built for rtab, and its answers drawn.
 *
 * Hooks: data-rtab-input="NAME" on each input's control (NAME as --set
 * takes it), data-rtab-face="I" on each face, data-rtab-outcome and
 * data-rtab-status on the result box, a row per outcome with
 * data-rtab-outcome and data-rtab-probability in the odds box.
 * A classic script: it defines RtabSituation in the page.
 */
(function (root) {
	'use strict';

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

	/* The pages' own words in the language chosen: RTAB_SITE.phrases[locale]
	 * (rtab site writes them from rtab's message catalogue, po/), English
	 * where it has none. */
	let phrases = {};

	/* phrase in the language chosen, each %s the next of args. */
	function t(phrase, ...args) {
		let i = 0;
		return (phrases[phrase] || phrase).replace(/%s/g, () => String(args[i++]));
	}

	/* The page's words in locale: those of the elements marked data-rtab-phrase
	 * (the English kept in the attribute), and t()'s from then on. */
	function usePhrases(locale) {
		const site = typeof RTAB_SITE === 'object' ? RTAB_SITE : {};
		phrases = (site.phrases && site.phrases[locale]) || {};
		for (const e of document.querySelectorAll('[data-rtab-phrase]')) {
			if (!e.dataset.rtabPhrase)
				e.dataset.rtabPhrase = e.textContent;
			e.textContent = t(e.dataset.rtabPhrase);
		}
	}

	/* The language a reader chose last, on either page (the browser's
	 * storage), where locales has it; else locales' first. */
	const LOCALE_KEY = 'rtab-site:locale';
	function preferredLocale(locales) {
		let kept = null;
		try {
			kept = localStorage.getItem(LOCALE_KEY);
		} catch (e) { /* no storage: the ruleset's first locale */ }
		return locales.includes(kept) ? kept : locales[0];
	}

	function keepLocale(locale) {
		try {
			localStorage.setItem(LOCALE_KEY, locale);
		} catch (e) { /* no storage: the choice lasts as long as the page */ }
	}

	/* A label in locale, else the model's first locale's, else the id. */
	function label(model, locale, labels, id) {
		if (!labels)
			return id;
		return labels[locale] || labels[model.locales[0]] || id;
	}

	/* The controls of the situation in box, one per input of model;
	 * onChange(control) after any of them changes. */
	function buildInputs(box, model, locale, onChange) {
		box.replaceChildren();
		for (const input of model.inputs) {
			const name = input.id;
			let control;
			if (input.type_name === 'enum') {
				const en = model.enums[input.enum_index];
				control = el('select', {'data-rtab-input': name});
				for (const v of en.values)
					control.append(el('option', {value: v.id, selected: v.id === input.default_text},
						label(model, locale, v.labels, v.id)));
			} else if (input.type_name === 'bool') {
				control = el('input', {type: 'checkbox', 'data-rtab-input': name, checked: input.default_text === 'true'});
			} else {
				control = el('input', {type: 'number', 'data-rtab-input': name, min: input.min, max: input.max,
					step: 1, value: input.default_text, required: true});
			}
			const unit = input.unit ? ' (' + input.unit + ')' : '';
			const row = el('label', {'data-rtab-row': name}, el('span', {}, label(model, locale, input.labels, name) + unit), control);
			if (input.list_role === 2) {
				row.dataset.rtabList = input.list_length_id;
				row.dataset.rtabItem = input.list_item;
			}
			box.append(row);
			control.addEventListener('change', () => onChange(control));
		}
		showListItems(box);
	}

	/* A list's item fields are part of the situation only up to the list's length. */
	function showListItems(box) {
		for (const row of box.querySelectorAll('[data-rtab-list]')) {
			const length = box.querySelector(`[data-rtab-input="${CSS.escape(row.dataset.rtabList)}"]`);
			row.hidden = !length || Number(row.dataset.rtabItem) > Number(length.value);
		}
	}

	/* The faces of dice (model.dice[i], or null: none) in box, one number
	 * field per face within its group's faces. */
	function buildFaces(box, dice) {
		box.replaceChildren();
		if (!dice) {
			box.append(el('p', {class: 'hint'}, t('This table rolls no dice: it is read from the situation alone.')));
			return;
		}
		let i = 0;
		for (const g of dice.groups)
			for (let k = 0; k < g.count; k++, i++)
				box.append(el('label', {}, t('Face %s', i + 1) + ' ', el('input', {type: 'number', 'data-rtab-face': i,
					min: g.face_min, max: g.face_max, step: 1, value: g.face_min, required: true})));
	}

	/* --set NAME=VALUE for every shown input of box, and --drm, as rtab eval and rtab odds take them. */
	function situationArgs(box, drm) {
		const args = [];
		for (const c of box.querySelectorAll('[data-rtab-input]')) {
			if (c.closest('label').hidden)
				continue;
			const value = c.type === 'checkbox' ? (c.checked ? 'true' : 'false') : c.value;
			args.push('--set', `${c.dataset.rtabInput}=${value}`);
		}
		drm = (drm || '').trim();
		if (drm !== '' && drm !== '0')
			args.push('--drm', drm);
		return args;
	}

	/* --roll with the faces of box, as typed. */
	function facesArg(box) {
		const faces = [...box.querySelectorAll('[data-rtab-face]')].map((f) => f.value.trim());
		return faces.length ? ['--roll', faces.join(',')] : [];
	}

	/* Random faces in box's fields, from the browser's crypto.getRandomValues. */
	function rollFaces(box) {
		const faces = [...box.querySelectorAll('[data-rtab-face]')];
		const random = new Uint32Array(faces.length);
		crypto.getRandomValues(random);
		faces.forEach((f, i) => {
			const lo = Number(f.min), hi = Number(f.max);
			f.value = lo + (random[i] % (hi - lo + 1));
		});
	}

	function showError(box, r) {
		box.replaceChildren(el('p', {class: 'error', role: 'alert'}, (r.stderr || r.stdout).trim()));
	}

	/* The answer of rtab eval --json (r) and of --explain (steps) in box. */
	function showResult(box, r, steps) {
		box.dataset.rtabStatus = r.status;
		delete box.dataset.rtabOutcome;
		if (r.status !== 0) {
			showError(box, r);
			return;
		}
		const res = JSON.parse(r.stdout);
		const outcomeId = res.outcome || '';
		box.dataset.rtabOutcome = outcomeId;
		const head = el('p', {class: 'outcome'}, res.label || outcomeId || t('No result'));
		const facts = res.no_result
			? el('p', {}, res.column ? t('The table gives no result in this situation (column %s).', res.column)
				: t('The table gives no result in this situation.'))
			: el('p', {}, [res.faces ? t('Rolled %s', res.faces.join(', ')) : null,
				res.modified_roll !== undefined && res.modified_roll !== null ? t('modified roll %s', res.modified_roll) +
					(res.modifier ? t(' (modifier %s)', (res.modifier > 0 ? '+' : '') + res.modifier) : '') : null,
				res.code && res.code !== outcomeId ? t('code %s', res.code) : null,
				res.rule ? t('rule %s', res.rule) : null].filter(Boolean).join('; '));
		const explain = el('pre', {class: 'steps', 'aria-label': t('How the rules produced it')}, steps ? steps.stdout.trim() : '');
		box.replaceChildren(head, facts, explain);
	}

	/* The answer of rtab odds --json (r) in box; caption: what the odds are of. */
	function showOdds(box, r, caption) {
		box.dataset.rtabStatus = r.status;
		if (r.status !== 0) {
			showError(box, r);
			return;
		}
		const o = JSON.parse(r.stdout);
		const rows = (o.outcomes || []).map((x) => el('tr', {'data-rtab-outcome': x.outcome || '', 'data-rtab-probability': x.probability},
			el('td', {}, x.label || x.outcome || t('(no row)')),
			el('td', {class: 'num'}, x.probability),
			el('td', {class: 'num'}, `${x.percent}%`),
			el('td', {'aria-hidden': 'true'}, el('span', {class: 'bar', style: `width: ${Math.round(Number(x.percent) * 1.5)}px`}))));
		box.replaceChildren(el('table', {class: 'odds'},
			el('caption', {}, caption(o)),
			el('thead', {}, el('tr', {}, el('th', {scope: 'col'}, t('Outcome')), el('th', {scope: 'col'}, t('Exact')),
				el('th', {scope: 'col'}, t('Percent')), el('th', {scope: 'col'}, el('span', {class: 'visually-hidden'}, t('Bar'))))),
			el('tbody', {}, ...rows)));
	}

	root.RtabSituation = {el, t, usePhrases, preferredLocale, keepLocale, label, buildInputs, showListItems, buildFaces, situationArgs, facesArg, rollFaces,
		showError, showResult, showOdds};
})(globalThis);
