#!/usr/bin/env node
// A .rtab file highlighted by the TextMate grammar, as an HTML page: each
// token a span coloured by its most specific scope (a light theme). The
// screenshot docs/editors-highlight.png is this page shot by headless
// Chromium (see editors/README.md).
//
// usage: highlight_html.js SOURCE_ROOT FILE [FIRST_LINE LAST_LINE] > PAGE.html
'use strict';
const fs = require('fs');
const path = require('path');
const { engine, grammar, tokenize } = require('./grammar.js');

// The first prefix that a token's innermost scope starts with picks its colour.
const THEME = [
  ['comment', '#6a737d', 'italic'],
  ['string.quoted.double.rule-reference', '#b08800'],
  ['keyword.operator.rule-reference', '#b08800'],
  ['keyword.other.provisional', '#d73a49', 'bold'],
  ['string.quoted.double.provisional', '#d73a49'],
  ['constant.character.escape', '#005cc5'],
  ['variable.other.placeholder', '#6f42c1'],
  ['string', '#22863a'],
  ['entity.name.tag.locale', '#e36209', 'bold'],
  ['storage.type', '#d73a49', 'bold'],
  ['entity.name', '#6f42c1', 'bold'],
  ['keyword.control', '#d73a49'],
  ['keyword.operator', '#d73a49'],
  ['keyword', '#d73a49'],
  ['support.type', '#005cc5'],
  ['constant.numeric', '#005cc5'],
  ['constant.language', '#005cc5'],
  ['constant.other.code', '#1b7c83', 'bold'],
  ['constant.other.cell', '#1b7c83'],
  ['variable', '#24292e'],
  ['punctuation', '#586069'],
];

function style(scopes) {
  for (let i = scopes.length - 1; i >= 0; i--)
    for (const [prefix, colour, weight] of THEME)
      if (scopes[i] === prefix || scopes[i].startsWith(prefix + '.'))
        return `color:${colour}` + (weight === 'bold' ? ';font-weight:bold' : weight ? `;font-style:${weight}` : '');
  return '';
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

(async () => {
  const root = path.resolve(process.argv[2]);
  const file = process.argv[3];
  const first = Number(process.argv[4] || 1), last = Number(process.argv[5] || Infinity);
  const e = engine(root);
  if (!e) {
    console.error('vscode-textmate missing: npm ci --prefix tests/npm');
    process.exit(1);
  }
  const g = await grammar(root, e);
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const html = lines.map(() => []);
  for (const [l, , piece, scopes] of tokenize(e, g, text)) {
    const css = style(scopes);
    html[l - 1].push(css ? `<span style="${css}">${escape(piece)}</span>` : escape(piece));
  }
  const body = html.slice(first - 1, Math.min(last, lines.length)).map((parts) => parts.join('')).join('\n');
  process.stdout.write(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${escape(path.basename(file))}</title>
<style>body{margin:0;background:#fff}pre{margin:0;padding:16px 20px;font:14px/1.45 "DejaVu Sans Mono",monospace;color:#24292e}</style>
</head><body><pre>${body}</pre></body></html>
`);
})();
