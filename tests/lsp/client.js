// rtab lsp driven by a real client library (vscode-jsonrpc, as VS Code's
// language client uses it): node tests/lsp/client.js RTAB SOURCE_ROOT NODE_MODULES
'use strict';
const assert = require('assert');
const cp = require('child_process');
const fs = require('fs');
const path = require('path');

const [rtab, root, modules] = process.argv.slice(2).map((p) => path.resolve(p));
const rpc = require(path.resolve(modules, 'vscode-jsonrpc', 'node'));

const tablePath = path.join(root, 'tables', 'mass_battle.rtab');
const brokenPath = path.join(root, 'tests', 'lsp', 'broken.rtab');
const tableUri = 'file://' + tablePath;
const brokenUri = 'file://' + brokenPath;
const tableText = fs.readFileSync(tablePath, 'utf8');
const pikePath = path.join(root, 'tables', 'musket_pike.rtab');
const pikeUri = 'file://' + pikePath;
const pikeText = fs.readFileSync(pikePath, 'utf8');
const brokenText = fs.readFileSync(brokenPath, 'utf8');

// JavaScript strings count UTF-16 code units, as the protocol does: the
// expected positions come from indexOf on the lines.
function positionOf(text, needle, nth = 0, from = 0) {
  const lines = text.split('\n');
  let seen = 0;
  for (let line = from; line < lines.length; line++) {
    let at = -1;
    const re = new RegExp('\\b' + needle + '\\b', 'g');
    let m;
    while ((m = re.exec(lines[line])) !== null) {
      if (lines[line].trimStart().startsWith('#')) break;
      if (seen++ === nth) { at = m.index; break; }
    }
    if (at >= 0) return { line, character: at };
  }
  throw new Error('no ' + needle + ' in the text');
}

function textAt(text, range) {
  const lines = text.split('\n');
  assert.strictEqual(range.start.line, range.end.line, 'one-line range');
  return lines[range.start.line].slice(range.start.character, range.end.character);
}

let failures = 0;
async function check(name, fn) {
  try {
    await fn();
    console.log('ok - ' + name);
  } catch (e) {
    failures++;
    console.log('not ok - ' + name + '\n  ' + String(e.stack || e).split('\n').join('\n  '));
  }
}

async function main() {
  const child = cp.spawn(rtab, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin));
  const published = new Map();
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published.set(p.uri, p);
    for (const w of waiters.splice(0)) w();
  });
  conn.listen();
  // The next diagnostics of uri (those of its version).
  function diagnostics(uri, version) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no diagnostics for ' + uri)), 10000);
      const look = () => {
        const p = published.get(uri);
        if (p && p.version === version) { clearTimeout(timer); resolve(p.diagnostics); } else waiters.push(look);
      };
      look();
    });
  }
  const doc = (uri) => ({ textDocument: { uri } });

  await check('initialize answers the capabilities', async () => {
    const r = await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, locale: 'ru-RU' });
    const c = r.capabilities;
    assert.deepStrictEqual(c.textDocumentSync, { openClose: true, change: 2 });
    for (const k of ['hoverProvider', 'definitionProvider', 'referencesProvider', 'documentSymbolProvider',
      'documentFormattingProvider'])
      assert.strictEqual(c[k], true, k);
    assert.ok(c.completionProvider && c.codeActionProvider);
    conn.sendNotification('initialized', {});
  });

  await check('a bundled table opens without an error or a warning', async () => {
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri: tableUri, languageId: 'rtab', version: 1, text: tableText } });
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri: pikeUri, languageId: 'rtab', version: 1, text: pikeText } });
    await diagnostics(pikeUri, 1);
    const d = await diagnostics(tableUri, 1);
    // rtab check lists its provisional values as notes (all of them with
    // -Wprovisional): information here.
    const check = cp.spawnSync(rtab, ['check', '-Wprovisional', '--diagnostics=json', tablePath], { encoding: 'utf8' });
    const lines = check.stdout.trim().split('\n').filter(Boolean).map(JSON.parse);
    assert.strictEqual(check.status, 0);
    assert.ok(d.every((x) => x.severity === 3), JSON.stringify(d.filter((x) => x.severity !== 3)));
    assert.strictEqual(d.length, lines.filter((l) => l.check !== null).length);
  });

  let unknown;
  await check('a broken file gets the diagnostics of rtab check, in UTF-16 columns', async () => {
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri: brokenUri, languageId: 'rtab', version: 7, text: brokenText } });
    const d = await diagnostics(brokenUri, 7);
    const errors = d.filter((x) => x.severity === 1);
    assert.strictEqual(errors.length, 2, JSON.stringify(d));
    unknown = d.find((x) => x.code === 'unknown-name');
    assert.ok(unknown, 'an unknown-name diagnostic');
    assert.match(unknown.message, /unknown dice 'd66'; did you mean 'd6'\? \[-Wunknown-name\]/);
    // After "Выстрелы" on the line: Cyrillic letters are one unit each in UTF-16, two bytes in UTF-8.
    assert.deepStrictEqual(unknown.range.start, positionOf(brokenText, 'd66'));
    assert.strictEqual(textAt(brokenText, unknown.range), 'd66');
    const twice = d.find((x) => x.code === 'duplicate-definition');
    assert.ok(twice && twice.relatedInformation.length === 1, JSON.stringify(twice));
    assert.strictEqual(twice.relatedInformation[0].message, "'miss' is first defined here");
    assert.deepStrictEqual(twice.relatedInformation[0].location.range.start, positionOf(brokenText, 'miss'));
  });

  await check('the code action fixes the misspelt name, and the fix clears the error', async () => {
    const actions = await conn.sendRequest('textDocument/codeAction', { ...doc(brokenUri), range: unknown.range, context: { diagnostics: [unknown] } });
    assert.strictEqual(actions.length, 1);
    assert.strictEqual(actions[0].kind, 'quickfix');
    const edits = actions[0].edit.changes[brokenUri];
    assert.deepStrictEqual(edits, [{ range: unknown.range, newText: 'd6' }]);
    // The edit sent back as an incremental change.
    conn.sendNotification('textDocument/didChange', { textDocument: { uri: brokenUri, version: 8 }, contentChanges: [{ range: edits[0].range, text: edits[0].newText }] });
    const d = await diagnostics(brokenUri, 8);
    assert.ok(!d.some((x) => x.code === 'unknown-name'), JSON.stringify(d));
    assert.ok(d.some((x) => x.code === 'duplicate-definition'));
  });

  await check('incremental edits after Cyrillic text land where the client means', async () => {
    const at = positionOf(brokenText, 'd66'); // on the line of "Выстрелы", now reading d6
    conn.sendNotification('textDocument/didChange', { textDocument: { uri: brokenUri, version: 9 }, contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 2 } }, text: 'd8' }] });
    const d = await diagnostics(brokenUri, 9);
    const u = d.find((x) => x.code === 'unknown-name');
    assert.ok(u && /unknown dice 'd8'/.test(u.message), JSON.stringify(d));
    assert.deepStrictEqual(u.range, { start: at, end: { line: at.line, character: at.character + 2 } });
  });

  await check('hover shows the labels in the client locale, the rule and the definition', async () => {
    const line = tableText.split('\n').findIndex((l) => l.includes('must_charge(pursuer)'));
    const at = { line, character: tableText.split('\n')[line].indexOf('pursuer') + 3 };
    const h = await conn.sendRequest('textDocument/hover', { ...doc(tableUri), position: at });
    assert.ok(h && h.contents.kind === 'markdown');
    assert.match(h.contents.value, /\*\*enum value\*\* `pursuer`/);
    assert.match(h.contents.value, /Преследующее подразделение/);
    const t = await conn.sendRequest('textDocument/hover', { ...doc(tableUri), position: positionOf(tableText, 'role', 0) });
    assert.ok(t, 'hover on a table');
    assert.match(t.contents.value, /Rule /);
    assert.match(t.contents.value, /```rtab\nenum role @ "Преследование нового противника" \{/);
  });

  await check('definition and references of an id', async () => {
    const use = positionOf(pikeText, 'd10', 1);
    const defs = await conn.sendRequest('textDocument/definition', { ...doc(pikeUri), position: use });
    assert.strictEqual(defs.length, 1);
    assert.deepStrictEqual(defs[0].range.start, positionOf(pikeText, 'd10', 0));
    const refs = await conn.sendRequest('textDocument/references', { ...doc(pikeUri), position: use, context: { includeDeclaration: true } });
    assert.ok(refs.length >= 2);
    for (const r of refs) assert.strictEqual(textAt(pikeText, r.range), 'd10');
    const others = await conn.sendRequest('textDocument/references', { ...doc(pikeUri), position: use, context: { includeDeclaration: false } });
    assert.strictEqual(others.length, refs.length - 1);
  });

  await check('completion offers what fits the place', async () => {
    const line = pikeText.split('\n').findIndex((l) => l === '  roll d10;');
    const at = { line, character: '  roll '.length };
    const c = await conn.sendRequest('textDocument/completion', { ...doc(pikeUri), position: at });
    const labels = c.items.map((i) => i.label);
    assert.ok(labels.includes('d10'), labels.join(' '));
    assert.ok(c.items.every((i) => i.detail === 'dice'), JSON.stringify(c.items));
    const top = await conn.sendRequest('textDocument/completion', { ...doc(pikeUri), position: { line: 0, character: 0 } });
    assert.ok(top.items.some((i) => i.label === 'table' && i.kind === 14));
    // After 'input ID:': the types, and the enums as types.
    const inputLine = pikeText.split('\n').findIndex((l) => /^input \w+: /.test(l));
    const typeAt = { line: inputLine, character: pikeText.split('\n')[inputLine].indexOf(': ') + 2 };
    const types = (await conn.sendRequest('textDocument/completion', { ...doc(pikeUri), position: typeAt })).items;
    assert.ok(['int', 'bool'].every((t) => types.some((i) => i.label === t)), JSON.stringify(types));
    assert.ok(types.some((i) => i.detail === 'enum') && !types.some((i) => i.label === 'table'));
    // In a block of rows: the outcomes, by id and by code.
    const rowsLine = brokenText.split('\n').findIndex((l) => l.includes('rows { '));
    const cell = { line: rowsLine, character: brokenText.split('\n')[rowsLine].indexOf('rows { ') + 7 };
    const rows = (await conn.sendRequest('textDocument/completion', { ...doc(brokenUri), position: cell })).items.map((i) => i.label);
    assert.deepStrictEqual(rows.sort(), ['H', 'M', 'M2', 'hit', 'miss'], rows.join(' '));
    // At a statement's start inside an outcome (comments above it, with
    // words and a full stop, must not be taken for its opening word): the
    // effects and the outcome's statement words, and nothing else.
    const lines = pikeText.split('\n');
    const morale = lines.findIndex((l, i) => l === '  morale(defender, broken);' && /^outcome defender_broken /.test(lines[i - 3]));
    assert.ok(morale > 0 && lines[morale - 4].startsWith('#'), 'the outcome defender_broken follows a comment');
    const inOutcome = (await conn.sendRequest('textDocument/completion', { ...doc(pikeUri), position: { line: morale + 1, character: 2 } })).items;
    const effects = [...pikeText.matchAll(/^effect (\w+)/gm)].map((m) => m[1]);
    assert.ok(effects.length > 0 && effects.every((e) => inOutcome.some((i) => i.label === e && i.detail === 'effect')), JSON.stringify(inOutcome));
    assert.ok(['trigger', 'code'].every((w) => inOutcome.some((i) => i.label === w && i.kind === 14)), JSON.stringify(inOutcome));
    assert.ok(inOutcome.every((i) => i.detail === 'effect' || i.kind === 14), JSON.stringify(inOutcome));
  });

  await check('document symbols outline every definition', async () => {
    const s = await conn.sendRequest('textDocument/documentSymbol', doc(tableUri));
    const expected = [...tableText.matchAll(/^(ruleset|dice|enum|input|effect|outcome|modifier|table|matrix|ratio|group|reactions|transition|distance|procedure|example|require|outcomes)\s+(\w+)/gm)].map((m) => m[2]);
    assert.deepStrictEqual(s.map((x) => x.name).sort(), expected.sort());
    const role = s.find((x) => x.kind === 10);
    assert.ok(role && role.children.length > 0 && role.children.every((c) => c.kind === 22));
  });

  // A layer file (no 'ruleset' header) continues the base its '# base:'
  // comment names: open beside it, or only on disk.
  const layerPath = path.join(root, 'tests', 'lsp', 'pike_errata.rtab');
  const layerUri = 'file://' + layerPath;
  const layerText = fs.readFileSync(layerPath, 'utf8');
  const pursuitLine = pikeText.split('\n').findIndex((l) => l.startsWith('table cavalry_pursuit '));
  const pursuitDef = { line: pursuitLine, character: 'table '.length };
  await check('a layer file reaches the definitions of its base, open or on disk', async () => {
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri: layerUri, languageId: 'rtab', version: 1, text: layerText } });
    const d = await diagnostics(layerUri, 1);
    // Only its own mistake: the table, outcome and column it patches are the base's.
    const errors = d.filter((x) => x.severity === 1);
    assert.strictEqual(errors.length, 1, JSON.stringify(d));
    assert.match(errors[0].message, /unknown input 'halmstadt'; did you mean 'halmstad'\?/);
    assert.strictEqual(textAt(layerText, errors[0].range), 'halmstadt');
    const use = positionOf(layerText, 'cavalry_pursuit');
    const defs = await conn.sendRequest('textDocument/definition', { ...doc(layerUri), position: use });
    assert.deepStrictEqual(defs.map((x) => [x.uri, x.range.start]), [[pikeUri, pursuitDef]]);
    const hover = await conn.sendRequest('textDocument/hover', { ...doc(layerUri), position: use });
    assert.match(hover.contents.value, /^\*\*table\*\* `cavalry_pursuit`/);
    assert.match(hover.contents.value, /Rule 11\.7\.2/);
    assert.deepStrictEqual(hover.range.start, use);
    // From the base, the references include the layer's use.
    const refs = await conn.sendRequest('textDocument/references', { ...doc(pikeUri), position: pursuitDef, context: { includeDeclaration: true } });
    const inLayer = refs.filter((r) => r.uri === layerUri);
    assert.deepStrictEqual(inLayer.map((r) => r.range.start), [use]);
    assert.ok(refs.some((r) => r.uri === pikeUri && r.range.start.line === pursuitLine), JSON.stringify(refs));
    // The base closed in the client: read from disk, the same answers.
    conn.sendNotification('textDocument/didClose', doc(pikeUri));
    const fromDisk = await conn.sendRequest('textDocument/definition', { ...doc(layerUri), position: positionOf(layerText, 'halmstadt') });
    assert.strictEqual(fromDisk.length, 0, 'a misspelt id is defined nowhere: ' + JSON.stringify(fromDisk));
    const again = await conn.sendRequest('textDocument/definition', { ...doc(layerUri), position: use });
    assert.deepStrictEqual(again.map((x) => [x.uri, x.range.start]), [[pikeUri, pursuitDef]]);
    const outcome = await conn.sendRequest('textDocument/hover', { ...doc(layerUri), position: positionOf(layerText, 'pursue_off_map') });
    assert.match(outcome.contents.value, /^\*\*outcome\*\* `pursue_off_map`/);
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri: pikeUri, languageId: 'rtab', version: 2, text: pikeText } });
    await diagnostics(pikeUri, 2);
  });

  await check('a position outside the document gets an empty answer', async () => {
    const far = { line: 100000, character: 0 };
    assert.strictEqual(await conn.sendRequest('textDocument/hover', { ...doc(tableUri), position: far }), null);
    assert.deepStrictEqual(await conn.sendRequest('textDocument/definition', { ...doc(tableUri), position: far }), []);
    assert.deepStrictEqual(await conn.sendRequest('textDocument/references', { ...doc(tableUri), position: { line: 0, character: 9999 }, context: { includeDeclaration: true } }), []);
    assert.deepStrictEqual((await conn.sendRequest('textDocument/completion', { ...doc(tableUri), position: far })).items, []);
  });

  await check('half-typed text never stops the server', async () => {
    let version = 10;
    for (let cut = 1; cut < tableText.length; cut += Math.ceil(tableText.length / 40)) {
      conn.sendNotification('textDocument/didChange', { textDocument: { uri: tableUri, version: ++version }, contentChanges: [{ text: tableText.slice(0, cut) }] });
      await diagnostics(tableUri, version);
      const end = tableText.slice(0, cut).split('\n');
      await conn.sendRequest('textDocument/completion', { ...doc(tableUri), position: { line: end.length - 1, character: end[end.length - 1].length } });
    }
  });

  await check('an unknown method is -32601 and the server goes on', async () => {
    await assert.rejects(conn.sendRequest('rtab/nothing', {}), (e) => e.code === -32601);
    assert.ok(await conn.sendRequest('textDocument/documentSymbol', doc(tableUri)));
  });

  await check('shutdown, then exit with status 0', async () => {
    assert.strictEqual(await conn.sendRequest('shutdown'), null);
    conn.sendNotification('exit');
    assert.strictEqual(await exited, 0);
  });
  conn.dispose();
}

// Messages no client library sends: framed by hand.
function rawSession(input, args = []) {
  const r = cp.spawnSync(rtab, ['lsp', ...args], { input, encoding: 'utf8' });
  const replies = r.stdout.split(/Content-Length: \d+\r\n\r\n/).filter(Boolean).map(JSON.parse);
  return { status: r.status, replies };
}

const frame = (s) => 'Content-Length: ' + Buffer.byteLength(s) + '\r\n\r\n' + s;

function malformedSession() {
  return rawSession([
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
    '{"jsonrpc":"2.0","id":2,"method":',
    '[1,2,3]',
    '{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}',
    '{"jsonrpc":"2.0","id":3,"method":"no/such"}',
    '{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///none"},"position":{"line":0,"character":0}}}',
    '{"jsonrpc":"2.0","id":5,"method":"shutdown"}',
    '{"jsonrpc":"2.0","method":"exit"}',
  ].map(frame).join(''));
}

check('malformed messages get the protocol error codes, and the server goes on', async () => {
  const { status, replies } = malformedSession();
  assert.strictEqual(status, 0);
  assert.deepStrictEqual(replies.map((m) => m.error ? m.error.code : m.id), [1, -32700, -32600, -32600, -32601, 4, 5]);
  assert.strictEqual(replies[5].result, null);
}).then(() => check('the options of rtab check choose the diagnostics', async () => {
  const open = (args, uri = brokenUri, text = brokenText) => rawSession([
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'rtab', version: 1, text } } }),
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'shutdown' }),
    JSON.stringify({ jsonrpc: '2.0', method: 'exit' }),
  ].map(frame).join(''), args).replies.find((m) => m.method === 'textDocument/publishDiagnostics').params.diagnostics;
  const codes = (d) => d.filter((x) => x.severity <= 2).map((x) => x.code).sort();
  assert.deepStrictEqual(codes(open([])), ['duplicate-definition', 'unknown-name']);
  // --strict: the provisional values of a bundled table are errors.
  const strict = open(['--strict'], tableUri, tableText);
  assert.ok(strict.length > 0 && strict.every((x) => x.severity === 1 && x.code === 'provisional'), JSON.stringify(strict[0]));
  assert.ok(open(['-Wno-provisional'], tableUri, tableText).length === 0);
  assert.strictEqual(open(['--edition', 'nosuch']).filter((x) => /no errata layer 'nosuch'/.test(x.message)).length, 1);
})).then(main).then(() => {
  if (failures) {
    console.log(failures + ' failed');
    process.exit(1);
  }
}, (e) => { console.log(e); process.exit(1); });
