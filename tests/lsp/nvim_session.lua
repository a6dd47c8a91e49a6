-- Neovim's own LSP client (0.7+) against rtab lsp, headless:
--   RTAB=... RTAB_ROOT=... nvim --headless --clean -n -i NONE -c 'luafile tests/lsp/nvim_session.lua'
-- It opens a broken file, receives its diagnostics, hovers a name and jumps
-- to a definition, and asserts each; it quits with status 1 on a failure.
local rtab, root = os.getenv('RTAB'), os.getenv('RTAB_ROOT')
local failed = false

local function check(name, ok, detail)
  if ok then
    io.stdout:write('ok - ' .. name .. '\n')
  else
    failed = true
    io.stdout:write('not ok - ' .. name .. ': ' .. vim.inspect(detail) .. '\n')
  end
end

local function run()
  local path = root .. '/tests/lsp/broken.rtab'
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local client = vim.lsp.start_client({ name = 'rtab', cmd = { rtab, 'lsp' }, root_dir = root })
  check('the client starts the server', client ~= nil, client)
  vim.lsp.buf_attach_client(buf, client)

  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local function find(needle)
    for i, l in ipairs(lines) do
      local at = l:find(needle, 1, true)
      if at and not l:match('^#') then return i - 1, at - 1 end
    end
  end

  vim.wait(10000, function() return #vim.diagnostic.get(buf) >= 2 end, 20)
  local diags = vim.diagnostic.get(buf)
  check('two errors arrive as diagnostics', #diags == 2, diags)
  local unknown
  for _, d in ipairs(diags) do
    if d.message:find("unknown dice 'd66'", 1, true) then unknown = d end
  end
  -- Neovim turns the server's UTF-16 columns into bytes: after "Выстрелы"
  -- they differ, and only a right conversion lands on d66.
  local line, col = find('d66')
  check('the unknown dice is an error on its name', unknown ~= nil and unknown.severity == vim.diagnostic.severity.ERROR
    and unknown.lnum == line and unknown.col == col, unknown)

  local hline, hcol = find('dice d6')
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = hline, character = hcol + #'dice ' },
  }, 5000)
  local value = hover and hover[client] and hover[client].result and hover[client].result.contents.value
  check('hover on d6 shows the dice', value and value:find('**dice** `d6`', 1, true) and value:find('Rule 1.1', 1, true), hover)

  -- On 'hit' in the rows of table shots: the outcome is defined on line 8.
  local rline, rcol = find('rows { hit')
  vim.api.nvim_win_set_cursor(0, { rline + 1, rcol + #'rows { ' + 1 })
  vim.lsp.buf.definition()
  local want = select(1, find('outcome hit'))
  vim.wait(5000, function() return vim.api.nvim_win_get_cursor(0)[1] == want + 1 end, 20)
  local cursor = vim.api.nvim_win_get_cursor(0)
  check('go to definition jumps to the outcome', cursor[1] == want + 1 and cursor[2] == #'outcome ', cursor)

  vim.lsp.stop_client(client)
  vim.wait(2000, function() return vim.lsp.get_client_by_id(client) == nil end, 20)
end

local ok, err = pcall(run)
check('the session ran to its end', ok, err)
vim.cmd(failed and 'cquit 1' or 'qall!')
