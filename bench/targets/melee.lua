-- N melees through the module rtab compile --target lua writes, timed in this
-- process (CPU time, os.clock): bench/run's per-target figure.
--
--   lua melee.lua MODULE_DIR N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
-- handwritten: the same melees through the hand-written port (handwritten_melee.lua), the
-- baseline; agree: the module and the port on N situations drawn over every input the
-- melee reads, each result compared whole (exit 1 at the first difference), then "agree N".
-- The pool of situations and faces is the same in every language (bench/targets/).
local dir, n, runs, mode = arg[1], tonumber(arg[2]), tonumber(arg[3]), arg[4] or "module"
local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. here .. "/?.lua;" .. package.path
local musket_pike = require("musket_pike")
local Melee = require("handwritten_melee")
local melee = Melee.new(musket_pike.x)

local pool = {}
for i = 0, 63 do
  pool[i] = {attacker_leaders = i % 4, defender_leaders = math.floor(i / 4) % 4, attacker_morale = 1 + i % 10,
             defender_morale = 1 + (i * 3) % 10, flank_rear_hexes = i % 5}
end

-- Situation k of the agreement: every input the melee reads, drawn (a fixed LCG, in the
-- inputs' sorted order).
local names = {}
for name in pairs(Melee.INPUTS) do names[#names + 1] = name end
table.sort(names)
local function drawn(k)
  local x = (k * 40503) % 65536
  local out = {}
  for _, name in ipairs(names) do
    x = (x * 25173 + 13849) % 65536
    local spec = Melee.INPUTS[name]
    if spec[1] == "bool" then out[name] = x % 2 == 1
    elseif spec[1] == "int" then out[name] = spec[2] + x % (spec[3] - spec[2] + 1)
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
    local given, face = drawn(k), k % 10
    if k % 2 == 1 then given, face = pool[k % 64], math.floor(k / 64) % 10 end
    local a = outcome_of(musket_pike.resolve, musket_pike, "melee", given, {face}, 0)
    local b = outcome_of(melee.resolve, melee, given, face)
    if not same(a, b) then
      io.stderr:write(string.format("melee.lua: the module and the hand-written port differ on situation %d, face %d\n",
                                    k, face))
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
    for k = 0, n - 1 do
      local ok, r = pcall(melee.resolve, melee, pool[k % 64], 1 + math.floor(k / 64) % 6)
      if ok then checksum = checksum + r.modified_roll + #r.triggers
      elseif type(r) == "table" and r.status then checksum = checksum + 1000
      else error(r, 0) end
    end
  else
    for k = 0, n - 1 do
      local ok, r = pcall(musket_pike.resolve, musket_pike, "melee", pool[k % 64], {1 + math.floor(k / 64) % 6}, 0)
      if ok then checksum = checksum + r.modified_roll + #r.triggers
      elseif type(r) == "table" and r.status then checksum = checksum + 1000
      else error(r, 0) end
    end
  end
  io.write(string.format("%.1f %d\n", (os.clock() - start) * 1e9 / n, checksum))
  io.flush()
end
