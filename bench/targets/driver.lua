-- N resolutions through the module rtab compile --target lua writes, timed in this
-- process (CPU time, os.clock): bench/run's per-target figures.
--
--   lua driver.lua BENCH MODULE_DIR N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
-- BENCH: melee (Musket & Pike's melee) or crt (the classic odds CRT: odds rounded to a
-- column, two column shifts, both ends without a roll).
-- handwritten: the same resolutions through the hand-written port (handwritten_melee.lua,
-- handwritten_crt.lua), the baseline; agree: the module and the port on N situations drawn
-- over every input the table reads (the CRT also with no face), each result compared whole
-- (exit 1 at the first difference), then "agree N". The pool of situations and faces is
-- the same in every language (bench/targets/driver.py).
local bench, dir, n, runs, mode = arg[1], arg[2], tonumber(arg[3]), tonumber(arg[4]), arg[5] or "module"
local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. here .. "/?.lua;" .. package.path

local cases = {}

-- The melee: its module, its hand-written port and how a result is summed.
function cases.melee()
  local module = require("musket_pike")
  local Port = require("handwritten_melee")
  local pool = {}
  for i = 0, 63 do
    pool[i] = {attacker_leaders = i % 4, defender_leaders = math.floor(i / 4) % 4, attacker_morale = 1 + i % 10,
               defender_morale = 1 + (i * 3) % 10, flank_rear_hexes = i % 5}
  end
  return {
    module = module, table = "melee", pool = pool, port = Port.new(module.x), INPUTS = Port.INPUTS, refuses = true,
    draw_int = function(x, lo, hi) return lo + x % (hi - lo + 1) end,
    agree_case = function(k, drawn)
      if k % 2 == 1 then return pool[k % 64], math.floor(k / 64) % 10 end
      return drawn, k % 10
    end,
    checksum = function(r) return r.modified_roll + #r.triggers end,
  }
end

-- The CRT: odds from below 1:4 to above 6:1, with and without each shift.
function cases.crt()
  local module = require("classic_odds")
  local Port = require("handwritten_crt")
  local pool = {}
  for i = 0, 63 do
    pool[i] = {attack = 1 + (i * 7) % 40, defence = 1 + (i * 5) % 13, combined_arms = i % 3 == 0,
               across_river = i % 4 == 1}
  end
  return {
    module = module, table = "crt", pool = pool, port = Port.new(), INPUTS = Port.INPUTS, refuses = false,
    -- Small forces mostly (every column), now and then anything in the domain.
    draw_int = function(x, lo, hi) return x % 8 ~= 0 and x % 31 or lo + x % (hi - lo + 1) end,
    agree_case = function(k, drawn)
      return k % 2 == 1 and pool[k % 64] or drawn, k % 9 ~= 0 and math.floor(k / 2) % 8 or nil
    end,
    checksum = function(r)
      if r.no_result then return 100 end
      return r.modified_roll + r.column_shift + #r.effects
    end,
  }
end

if not cases[bench] then
  io.stderr:write("driver.lua: no bench '" .. tostring(bench) .. "' (melee or crt)\n")
  os.exit(2)
end
local c = cases[bench]()

-- Situation k of the agreement: every input the table reads, drawn (a fixed LCG, in the
-- inputs' sorted order).
local names = {}
for name in pairs(c.INPUTS) do names[#names + 1] = name end
table.sort(names)
local function drawn(k)
  local x = (k * 40503) % 65536
  local out = {}
  for _, name in ipairs(names) do
    x = (x * 25173 + 13849) % 65536
    local spec = c.INPUTS[name]
    if spec[1] == "bool" then out[name] = x % 2 == 1
    elseif spec[1] == "int" then out[name] = c.draw_int(x, spec[2], spec[3])
    else
      local ids = {}
      for id in pairs(spec[2]) do ids[#ids + 1] = id end
      table.sort(ids)
      out[name] = ids[x % #ids + 1]
    end
  end
  return out
end

-- A value with the module's null sentinel read as nil.
local function plain(v)
  if type(v) ~= "table" then return v end
  if next(v) == nil and tostring(v) == "null" then return nil end
  local out = {}
  for key, x in pairs(v) do out[key] = plain(x) end
  return out
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for key, x in pairs(a) do if not same(x, b[key]) then return false end end
  for key in pairs(b) do if a[key] == nil then return false end end
  return true
end

local function outcome_of(f, ...)
  local ok, r = pcall(f, ...)
  if ok then return plain(r) end
  if type(r) == "table" and r.status then return {error = r.status} end
  error(r, 0)
end

if mode == "agree" then
  for k = 0, n - 1 do
    local given, face = c.agree_case(k, drawn(k))
    local a = outcome_of(c.module.resolve, c.module, c.table, given, face and {face} or {}, 0)
    local b = outcome_of(c.port.resolve, c.port, given, face)
    if not same(a, b) then
      io.stderr:write(string.format("driver.lua %s: the module and the hand-written port differ on situation %d, face %s\n",
                                    bench, k, tostring(face)))
      os.exit(1)
    end
  end
  print("agree " .. n)
  os.exit(0)
end

-- Both loops alike: the melee's catch a refused situation (its pool holds some), the CRT's
-- call straight (every situation of its pool resolves), as a port would write each.
local pool, port, module, tbl, sum = c.pool, c.port, c.module, c.table, c.checksum
local function counted(ok, r)
  if ok then return sum(r) end
  if type(r) == "table" and r.status then return 1000 end
  error(r, 0)
end
for _ = 1, runs do
  local checksum = 0
  local start = os.clock()
  if mode == "handwritten" and c.refuses then
    for k = 0, n - 1 do
      checksum = checksum + counted(pcall(port.resolve, port, pool[k % 64], 1 + math.floor(k / 64) % 6))
    end
  elseif mode == "handwritten" then
    for k = 0, n - 1 do checksum = checksum + sum(port:resolve(pool[k % 64], 1 + math.floor(k / 64) % 6)) end
  elseif c.refuses then
    for k = 0, n - 1 do
      checksum = checksum + counted(pcall(module.resolve, module, tbl, pool[k % 64], {1 + math.floor(k / 64) % 6}, 0))
    end
  else
    for k = 0, n - 1 do
      checksum = checksum + sum(module:resolve(tbl, pool[k % 64], {1 + math.floor(k / 64) % 6}, 0))
    end
  end
  io.write(string.format("%.1f %d\n", (os.clock() - start) * 1e9 / n, checksum))
  io.flush()
end
