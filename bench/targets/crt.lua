-- N rolls on the classic odds CRT through the module rtab compile --target lua writes,
-- timed in this process (CPU time, os.clock): bench/run's per-target figure for a grid
-- odds table.
--
--   lua crt.lua MODULE_DIR N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
-- handwritten: the same rolls through the hand-written port (handwritten_crt.lua), the
-- baseline; agree: the module and the port on N situations drawn over every input the CRT
-- reads (and faces from 0 to 7, or none), each result compared whole (exit 1 at the first
-- difference), then "agree N". The pool of situations and faces is the same in every
-- language (bench/targets/crt.py).
local dir, n, runs, mode = arg[1], tonumber(arg[2]), tonumber(arg[3]), arg[4] or "module"
local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. here .. "/?.lua;" .. package.path
local classic_odds = require("classic_odds")
local Crt = require("handwritten_crt")
local crt = Crt.new()

local pool = {}
for i = 0, 63 do
  pool[i] = {attack = 1 + (i * 7) % 40, defence = 1 + (i * 5) % 13, combined_arms = i % 3 == 0,
             across_river = i % 4 == 1}
end

-- Situation k of the agreement: every input the CRT reads, drawn (a fixed LCG, in the
-- inputs' sorted order).
local names = {}
for name in pairs(Crt.INPUTS) do names[#names + 1] = name end
table.sort(names)
local function drawn(k)
  local x = (k * 40503) % 65536
  local out = {}
  for _, name in ipairs(names) do
    x = (x * 25173 + 13849) % 65536
    local spec = Crt.INPUTS[name]
    if spec[1] == "bool" then out[name] = x % 2 == 1
    elseif spec[1] == "int" then out[name] = x % 8 ~= 0 and x % 31 or spec[2] + x % (spec[3] - spec[2] + 1)
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

local function checked(r)
  if r.no_result then return 100 end
  return r.modified_roll + r.column_shift + #r.effects
end

if mode == "agree" then
  for k = 0, n - 1 do
    local given = k % 2 == 1 and pool[k % 64] or drawn(k)
    local face = k % 9 ~= 0 and math.floor(k / 2) % 8 or nil
    local a = outcome_of(classic_odds.resolve, classic_odds, "crt", given, face and {face} or {}, 0)
    local b = outcome_of(crt.resolve, crt, given, face)
    if not same(a, b) then
      io.stderr:write(string.format("crt.lua: the module and the hand-written port differ on situation %d, face %s\n",
                                    k, tostring(face)))
      os.exit(1)
    end
  end
  print("agree " .. n)
  os.exit(0)
end

for _ = 1, runs do
  local checksum = 0
  local start = os.clock()
  if mode == "handwritten" then
    for k = 0, n - 1 do checksum = checksum + checked(crt:resolve(pool[k % 64], 1 + math.floor(k / 64) % 6)) end
  else
    for k = 0, n - 1 do
      checksum = checksum + checked(classic_odds:resolve("crt", pool[k % 64], {1 + math.floor(k / 64) % 6}, 0))
    end
  end
  io.write(string.format("%.1f %d\n", (os.clock() - start) * 1e9 / n, checksum))
  io.flush()
end
