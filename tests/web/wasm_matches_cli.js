// SPDX-License-Identifier: MIT
// rtab.wasm (web/) answers as the rtab command does: the same standard
// output, standard error and exit status for check --diagnostics=json on
// every bundled table and every file of tests/bad, eval --json of every
// table at every face of a one-die roll, odds --json of every table, the
// player aid's HTML, fmt, and diff of the errata fixtures' first and last
// editions; and, as a page asks them of one instance of the module, which
// keeps the rulesets eval and odds loaded (check/load.h: load_kept), the
// odds and eval --explain of Musket & Pike's tables in one locale, then the
// other, then the first again, each errata fixture's editions in turn, and
// a text changed under the same name (an error added, then taken away).
//
// usage: node wasm_matches_cli.js RTAB RTAB_WASM SOURCE_ROOT
// Skips (77) without rtab.wasm, unless RTAB_REQUIRE_TOOLS=1.
'use strict';
const fs = require('fs');
const path = require('path');
const {spawnSync} = require('child_process');

const [rtab, wasmPath, root] = process.argv.slice(2).map((p) => path.resolve(p));
if (!fs.existsSync(wasmPath)) {
	console.log(`${wasmPath}: not built (-Dweb needs clang and wasi-libc): skipped`);
	process.exit(process.env.RTAB_REQUIRE_TOOLS === '1' ? 1 : 77);
}
const {load} = require(path.join(root, 'web', 'js', 'rtab_wasi.js'));

let failures = 0, runs = 0;

function native(dir, args) {
	const r = spawnSync(rtab, args, {cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28});
	if (r.error)
		throw r.error;
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

async function same(wasm, dir, files, args) {
	const mem = {};
	for (const f of files)
		mem[f] = fs.readFileSync(path.join(dir, f));
	const w = await wasm.run(args, mem);
	const n = native(dir, args);
	runs++;
	for (const k of ['status', 'stdout', 'stderr'])
		if (w[k] !== n[k]) {
			failures++;
			console.log(`FAIL rtab ${args.join(' ')} (in ${dir}): ${k} differs\n` +
				`  rtab:      ${JSON.stringify(n[k]).slice(0, 600)}\n` +
				`  rtab.wasm: ${JSON.stringify(w[k]).slice(0, 600)}`);
			return null;
		}
	return n;
}

(async () => {
	// Reproducible: the module names no directory of the machine that built it.
	const bytes = fs.readFileSync(wasmPath);
	for (const dir of [root, path.dirname(path.dirname(wasmPath))])
		if (bytes.includes(Buffer.from(dir))) {
			failures++;
			console.log(`FAIL ${wasmPath} holds the path ${dir}: the build is not reproducible`);
		}
	const wasm = await load(bytes);
	const tables = path.join(root, 'tables'), bad = path.join(root, 'tests', 'bad');
	const bundled = fs.readdirSync(tables).filter((f) => f.endsWith('.rtab')).sort();
	const broken = fs.readdirSync(bad).filter((f) => f.endsWith('.rtab')).sort();
	for (const f of bundled)
		await same(wasm, tables, [f], ['check', '--diagnostics=json', f]);
	for (const f of broken)
		await same(wasm, bad, [f], ['check', '--diagnostics=json', f]);
	for (const f of bundled) {
		const exported = await same(wasm, tables, [f], ['export', '--format', 'json', f]);
		if (!exported)
			continue;
		const rs = JSON.parse(exported.stdout);
		for (const t of rs.tables) {
			await same(wasm, tables, [f], ['odds', f, t.id, '--json']);
			const dice = t.dice >= 0 ? rs.dice[t.dice] : null;
			if (!dice || dice.nfaces !== 1)
				continue;
			const g = dice.groups[0];
			for (let face = g.face_min; face <= g.face_max; face++)
				await same(wasm, tables, [f], ['eval', f, t.id, '--roll', String(face), '--json']);
		}
		await same(wasm, tables, [f], ['export', '--format', 'html', f]);
		await same(wasm, tables, [f], ['fmt', f]);
	}
	// The errata sheet: each file's first printing against its last.
	const errata = path.join(root, 'tests', 'errata');
	for (const f of fs.readdirSync(errata).filter((n) => n.endsWith('.rtab')).sort())
		await same(wasm, errata, [f], ['diff', f + '@original', f]);
	// What the instance keeps follows the locale, the edition and the text.
	const mp = 'musket_pike.rtab';
	const model = JSON.parse(native(tables, ['export', '--format', 'json', mp]).stdout);
	for (const locale of [null, 'ru', null, 'ru'])
		for (const t of model.tables.slice(0, 6)) {
			const l = locale ? ['--locale', locale] : [];
			await same(wasm, tables, [mp], ['odds', mp, t.id, '--json', ...l]);
			await same(wasm, tables, [mp], ['eval', mp, t.id, '--roll', '4', '--explain', ...l]);
		}
	for (const f of fs.readdirSync(errata).filter((n) => n.endsWith('.rtab')).sort()) {
		const exported = native(errata, ['export', '--format', 'json', f]);
		if (exported.status !== 0)
			continue;
		const rs = JSON.parse(exported.stdout);
		for (const edition of ['@original', '', '@original'])
			for (const t of rs.tables.slice(0, 2))
				await same(wasm, errata, [f], ['odds', f + edition, t.id, '--json']);
	}
	const edited = fs.mkdtempSync(path.join(require('os').tmpdir(), 'rtab-wasm-'));
	const clean = fs.readFileSync(path.join(tables, 'classic_odds.rtab'), 'utf8');
	const crt = JSON.parse(native(tables, ['export', '--format', 'json', 'classic_odds.rtab']).stdout).tables[0].id;
	for (const text of [clean, clean + '\ntable broken {\n', clean, clean.replace(/\n/, '\n\n')]) {
		fs.writeFileSync(path.join(edited, 'crt.rtab'), text);
		await same(wasm, edited, ['crt.rtab'], ['odds', 'crt.rtab', crt, '--json']);
		await same(wasm, edited, ['crt.rtab'], ['eval', 'crt.rtab', crt, '--roll', '3', '--explain']);
	}
	fs.rmSync(edited, {recursive: true, force: true});
	console.log(`${runs} commands compared, ${failures} differ`);
	process.exit(failures || runs < 100 ? 1 : 0);
})().catch((e) => {
	console.log(e.stack);
	process.exit(1);
});
