-- A game's melee in Lua, as Tabletop Simulator or LÖVE would script it,
-- resolved by the module `rtab compile --target lua` writes from
-- tables/musket_pike.rtab:
--
--   rtab compile --target lua tables/musket_pike.rtab -o out
--   lua examples/targets/melee.lua out FACE [LOCALE]
local dir, face, locale = arg[1], tonumber(arg[2]), arg[3] or "en"
package.path = dir .. "/?.lua;" .. package.path
local musket_pike = require("musket_pike")

local function label(section, id) return musket_pike:label(section, id, locale) end

-- A regiment of cuirassiers with its colonel charges shaken pikemen.
local units = {attacker_type = "cuirassiers", attacker_cavalry_units = 1, attacker_leaders = 1,
               defender_type = "heavy_infantry", defender_morale = 4}
local ok, r = pcall(musket_pike.resolve, musket_pike, "melee", units, {face}, 0)
if not ok then
  print("refused: " .. tostring(r))
  os.exit(1)
end
local sign = r.modifier < 0 and "" or "+"
local next_steps = #r.triggers > 0 and table.concat(r.triggers, ", ") or "nothing"
print(string.format("%s: %d %s%d = %d: %s; then %s", label("tables", "melee"), r.natural, sign, r.modifier,
  r.modified_roll, label("outcomes", r.outcome), next_steps))
