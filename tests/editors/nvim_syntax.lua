-- Neovim (headless) opens tests/editors/tokens.rtab with editors/vim on its
-- runtime path: the file type is detected, and the syntax group at chosen
-- places (the Nth occurrence of a text on a line) is the one expected.
-- Run by nvim_syntax.sh; writes its findings to the file named by RTAB_OUT.
local expected = {
  -- line, text, occurrence, group
  {1, '#', 1, 'rtabComment'},
  {3, 'a block', 1, 'rtabComment'},
  {4, 'comment', 1, 'rtabComment'},
  {5, 'ruleset', 1, 'rtabDefinition'},
  {5, 'tokens', 1, 'rtabDefName'},
  {5, '@', 1, 'rtabRuleAt'},
  -- a rule reference per locale: the locales are tags, the texts rules
  {40, '@', 1, 'rtabRuleAt'},
  {40, 'en', 1, 'rtabRuleLocale'},
  {40, 'Combat', 1, 'rtabRule'},
  {40, 'ru', 1, 'rtabRuleLocale'},
  {40, 'Итоги', 1, 'rtabRule'},
  {40, 'en', 2, 'rtabLocale'},
  {5, '1.0', 1, 'rtabRule'},
  {6, 'locales', 1, 'rtabKeyword'},
  {6, 'ru', 1, 'rtabLocaleName'},
  {7, 'en', 1, 'rtabLocale'},
  {7, 'Tokens', 1, 'rtabString'},
  {7, '\\"', 1, 'rtabEscape'},
  {7, 'ru', 1, 'rtabLocale'},
  {10, '2d6', 1, 'rtabDice'},
  {10, 'faces', 1, 'rtabKeyword'},
  {10, '1..6', 1, 'rtabRange'},
  {11, 'attacker', 1, 'rtabIdentifier'},
  {12, 'int', 1, 'rtabType'},
  {12, '1', 1, 'rtabNumber'},
  {13, 'false', 1, 'rtabBoolean'},
  {13, 'provisional', 1, 'rtabProvisional'},
  {13, 'not in the rules', 1, 'rtabProvisionalWhy'},
  {14, '{hexes}', 1, 'rtabPlaceholder'},
  {15, 'code', 1, 'rtabContextual'},
  {15, 'DR;', 1, 'rtabCode'},
  {15, 'retreat(', 1, 'rtabFunction'},
  {17, 'when', 1, 'rtabConditional'},
  {17, 'and', 1, 'rtabLogical'},
  {17, '>=', 1, 'rtabOperator'},
  {17, '-1.5', 1, 'rtabDecimal'},
  {22, 'round', 1, 'rtabContextual'},
  {25, '3:1', 1, 'rtabOdds'},
  {26, 'grid', 1, 'rtabKeyword'},
  {27, '1.5:1', 1, 'rtabOdds'},
  {28, '2-3', 1, 'rtabRange'},
  {28, '—', 1, 'rtabEmptyCell'},
  {28, '-', 2, 'rtabEmptyCell'},
  {28, 'DR', 1, 'rtabCell'},
  {28, '6/3', 1, 'rtabCode'},
  {28, '@', 1, 'rtabRuleAt'},
  {28, '1.7.1', 1, 'rtabRule'},
  {29, 'K/0', 1, 'rtabCode'},
  {29, 'provisional', 1, 'rtabProvisional'},
  {29, 'smudged', 1, 'rtabProvisionalWhy'},
  {30, '5+', 1, 'rtabAtLeast'},
  {30, '# a comment', 1, 'rtabComment'},
  {31, '-1+', 1, 'rtabAtLeast'},
  {32, '}', 1, 'rtabKeyword'},
  {37, 'crt', 1, 'rtabFunction'},
  {37, '->', 1, 'rtabOperator'},
  {37, 'DR', 1, 'rtabIdentifier'},
}

local report = {}
local failures = 0
if vim.bo.filetype ~= 'rtab' then
  table.insert(report, 'FAIL filetype is "' .. vim.bo.filetype .. '", not rtab (ftdetect)')
  failures = failures + 1
end
for _, e in ipairs(expected) do
  local line, text, nth, group = e[1], e[2], e[3], e[4]
  local s = vim.fn.getline(line)
  local col = 0
  for _ = 1, nth do
    col = string.find(s, text, col + 1, true)
    if not col then break end
  end
  if not col then
    table.insert(report, string.format('FAIL %d: no occurrence %d of %q', line, nth, text))
    failures = failures + 1
  else
    local name = vim.fn.synIDattr(vim.fn.synID(line, col, 1), 'name')
    if name ~= group then
      table.insert(report, string.format('FAIL %d:%d %q is %q, not %q', line, col, text, name, group))
      failures = failures + 1
    end
  end
end
-- Every word the language reserves or begins a statement with is highlighted as
-- such: the lexer's keywords and constructs.def's statement words, read from the
-- sources so that a new one without a syntax entry fails here.
local root = os.getenv('RTAB_ROOT')
local words, seen = {}, {}
for l in io.lines(root .. '/compiler/front/lexer.l') do
  local w = l:match('^"([a-z_]+)"')
  if w and not seen[w] then seen[w] = true; table.insert(words, w) end
end
for l in io.lines(root .. '/compiler/front/constructs.def') do
  local w = l:match('^RTAB_STMT%([A-Z_]+,%s*"[a-z_]+",%s*WORDS,%s*"([a-z_]+)"')
    or l:match('^RTAB_STMT%([A-Z_]+,%s*"[a-z_]+",%s*EXACT,%s*"([a-z_]+)"')
    or l:match('^RTAB_STMT%([A-Z_]+,%s*"[a-z_]+",%s*PATCH,%s*"([a-z_]+)"')
  if w and not seen[w] then seen[w] = true; table.insert(words, w) end
end
local highlighted = {rtabDefinition = true, rtabKeyword = true, rtabContextual = true,
  rtabConditional = true, rtabLogical = true, rtabBoolean = true, rtabType = true,
  rtabProvisional = true}
if #words < 40 then
  table.insert(report, string.format('FAIL only %d words read from compiler/front', #words))
  failures = failures + 1
end
vim.cmd('enew')
vim.bo.filetype = 'rtab'
for i, w in ipairs(words) do
  local text = w == 'outcomes' and 'outcomes g { a; }' or w == 'grid' and '  grid a { }' or ('  ' .. w .. ' x;')
  vim.api.nvim_buf_set_lines(0, i - 1, i, false, {text})
end
vim.cmd('syntax sync fromstart')
for i, w in ipairs(words) do
  local col = string.find(vim.fn.getline(i), w, 1, true)
  local name = vim.fn.synIDattr(vim.fn.synID(i, col, 1), 'name')
  if not highlighted[name] then
    table.insert(report, string.format("FAIL the word '%s' of the language is %q, not highlighted as one", w, name))
    failures = failures + 1
  end
end
table.insert(report, string.format('%d places and %d words checked, %d failures', #expected, #words, failures))
local f = io.open(os.getenv('RTAB_OUT'), 'w')
f:write(table.concat(report, '\n') .. '\n')
f:close()
vim.cmd(failures == 0 and 'qa!' or 'cq!')
