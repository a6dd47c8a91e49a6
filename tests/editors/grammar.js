// The TextMate grammar loaded as VS Code loads it (vscode-textmate over
// vscode-oniguruma, from tests/npm), and a file's tokens with their scopes.
'use strict';
const fs = require('fs');
const path = require('path');

// The engine, or null when tests/npm has not been installed (npm ci --prefix tests/npm).
function engine(root) {
  const modules = path.join(root, 'tests', 'npm', 'node_modules');
  try {
    return {
      modules,
      vsctm: require(path.join(modules, 'vscode-textmate')),
      oniguruma: require(path.join(modules, 'vscode-oniguruma')),
    };
  } catch (e) {
    return null;
  }
}

async function grammar(root, e) {
  const { vsctm, oniguruma, modules } = e;
  const wasm = fs.readFileSync(path.join(modules, 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.rtab') return null;
      const file = path.join(root, 'editors', 'rtab.tmLanguage.json');
      return vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  return registry.loadGrammar('source.rtab');
}

// [line, column, text, scopes] of every token of a file (columns in UTF-16 units, from 1).
function tokenize(e, g, text) {
  const out = [];
  let stack = e.vsctm.INITIAL;
  text.split('\n').forEach((line, n) => {
    const r = g.tokenizeLine(line, stack);
    for (const t of r.tokens) {
      const piece = line.slice(t.startIndex, t.endIndex);
      if (piece.length) out.push([n + 1, t.startIndex + 1, piece, t.scopes]);
    }
    stack = r.ruleStack;
  });
  return out;
}

module.exports = { engine, grammar, tokenize };
