-- N melees through the module rtab compile --target lua writes, timed in this
-- process (CPU time, os.clock): bench/run's per-target figure.
--
--   lua melee.lua MODULE_DIR N RUNS -> one line per run: "ns CHECKSUM"
-- The pool of situations and faces is the same in every language (bench/targets/).
local dir, n, runs = arg[1], tonumber(arg[2]), tonumber(arg[3])
package.path = dir .. "/?.lua;" .. package.path
local musket_pike = require("musket_pike")

local pool = {}
for i = 0, 63 do
  pool[i] = {attacker_leaders = i % 4, defender_leaders = math.floor(i / 4) % 4, attacker_morale = 1 + i % 10,
             defender_morale = 1 + (i * 3) % 10, flank_rear_hexes = i % 5}
end
for _ = 1, runs do
  local checksum = 0
  local start = os.clock()
  for k = 0, n - 1 do
    local ok, r = pcall(musket_pike.resolve, musket_pike, "melee", pool[k % 64], {1 + math.floor(k / 64) % 6}, 0)
    if ok then
      checksum = checksum + r.modified_roll + #r.triggers
    elseif type(r) == "table" and r.status then
      checksum = checksum + 1000
    else
      error(r, 0)
    end
  end
  io.write(string.format("%.1f %d\n", (os.clock() - start) * 1e9 / n, checksum))
  io.flush()
end
