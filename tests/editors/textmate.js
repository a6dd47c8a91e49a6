#!/usr/bin/env node
// The TextMate grammar as VS Code runs it (vscode-textmate over
// vscode-oniguruma): the scopes of every token of tokens.rtab against the
// golden tokens.scopes, and no token of the bundled tables left without a
// scope of its own. Whitespace is the one thing left unscoped: every
// punctuation mark has a punctuation.* scope, every word and number its kind.
//
// usage: textmate.js SOURCE_ROOT [--update]
// Exits 77 when node's packages (npm ci --prefix tests/npm) are missing,
// unless RTAB_REQUIRE_TOOLS=1.
'use strict';
const fs = require('fs');
const path = require('path');
const { engine, grammar: loadGrammar, tokenize: tokenizeWith } = require('./grammar.js');

const root = path.resolve(process.argv[2]);
const update = process.argv.includes('--update') || process.env.RTAB_UPDATE_GOLDENS === '1';

function skip(why) {
  console.log(`SKIP: ${why}`);
  process.exit(process.env.RTAB_REQUIRE_TOOLS === '1' ? 1 : 77);
}

const e = engine(root);
if (!e) skip('vscode-textmate or vscode-oniguruma missing (npm ci --prefix tests/npm)');
const tokenize = (g, text) => tokenizeWith(e, g, text);

// A token has a scope of its own: one beyond the file's and the regions' (meta.*).
function ownScope(scopes) {
  return scopes.some((s) => s !== 'source.rtab' && !s.startsWith('meta.'));
}

// The lexer's keywords ("word" at the start of a rule) and the words that begin
// the statements constructs.def lists as WORDS, EXACT or PATCH.
function languageWords(root) {
  const front = path.join(root, 'compiler', 'front');
  const words = new Set();
  for (const m of fs.readFileSync(path.join(front, 'lexer.l'), 'utf8').matchAll(/^"([a-z_]+)"/gm))
    words.add(m[1]);
  const def = fs.readFileSync(path.join(front, 'constructs.def'), 'utf8');
  for (const m of def.matchAll(/^RTAB_STMT\([A-Z_]+,\s*"[a-z_]+",\s*(?:WORDS|EXACT|PATCH),\s*"([a-z_]+)"/gm))
    words.add(m[1]);
  return [...words].sort();
}

(async () => {
  const g = await loadGrammar(root, e);
  let failures = 0;

  const fixture = path.join(root, 'tests', 'editors', 'tokens.rtab');
  const golden = path.join(root, 'tests', 'editors', 'tokens.scopes');
  const lines = tokenize(g, fs.readFileSync(fixture, 'utf8'))
    .filter(([, , text]) => text.trim())
    .map(([l, c, text, scopes]) => `${l}:${c}\t${text}\t${scopes.filter((s) => s !== 'source.rtab').join(' ')}`);
  const actual = lines.join('\n') + '\n';
  if (update) {
    fs.writeFileSync(golden, actual);
  } else if (!fs.existsSync(golden) || fs.readFileSync(golden, 'utf8') !== actual) {
    const want = fs.existsSync(golden) ? fs.readFileSync(golden, 'utf8').split('\n') : [];
    const got = actual.split('\n');
    for (let i = 0; i < Math.max(want.length, got.length); i++)
      if (want[i] !== got[i]) {
        console.log(`FAIL tokens.scopes line ${i + 1}:\n- ${want[i]}\n+ ${got[i]}`);
        failures++;
        if (failures > 10) break;
      }
  }

  // Every word the language reserves or begins a statement with is highlighted as
  // such: the lexer's keywords and constructs.def's statement words, read from
  // the sources so that a new one without a grammar entry fails here.
  const words = languageWords(root);
  for (const w of words) {
    const line = w === 'outcomes' ? 'outcomes g { a; }' : w === 'grid' ? '  grid a { }' : `  ${w} x;`;
    const tok = tokenize(g, line).find(([, , text]) => text === w);
    const scopes = tok ? tok[3] : [];
    if (!scopes.some((sc) => /^(keyword|storage\.type|support\.type|constant\.language)\./.test(sc))) {
      console.log(`FAIL the word '${w}' of the language is not highlighted as one (${scopes.join(' ')})`);
      failures++;
    }
  }
  if (words.length < 40) {
    console.log(`FAIL only ${words.length} words read from compiler/front`);
    failures++;
  }

  const tables = path.join(root, 'tables');
  let tokens = 0;
  for (const name of fs.readdirSync(tables).filter((n) => n.endsWith('.rtab')).sort()) {
    for (const [l, c, text, scopes] of tokenize(g, fs.readFileSync(path.join(tables, name), 'utf8'))) {
      if (!text.trim()) continue;
      tokens++;
      if (!ownScope(scopes)) {
        console.log(`FAIL tables/${name}:${l}:${c}: '${text}' has no scope beyond ${scopes.join(' ')}`);
        failures++;
      }
    }
  }
  if (tokens === 0) {
    console.log('FAIL no token read from tables/');
    failures++;
  }
  console.log(`${tokens} tokens of tables/ scoped; ${failures} failures`);
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.log(`FAIL ${e.stack}`);
  process.exit(1);
});
