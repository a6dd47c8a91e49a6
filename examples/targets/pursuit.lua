-- A melee and the pursuits it triggers, in Lua, through the module
-- `rtab compile --target lua` writes from tables/musket_pike.rtab: the example
-- of Cavalry Pursuit 11.7.4 (three cavalry units pursue a broken unit; a unit
-- already eliminated by an earlier pursuit roll is not eliminated again).
--
--   rtab compile --target lua tables/musket_pike.rtab -o out
--   lua examples/targets/pursuit.lua out MELEE_FACE PURSUIT_FACE...
local dir, melee_face = arg[1], tonumber(arg[2])
package.path = dir .. "/?.lua;" .. package.path
local musket_pike = require("musket_pike")

local pursuit_faces = {}
for i = 3, #arg do pursuit_faces[#pursuit_faces + 1] = {tonumber(arg[i])} end

-- Three regiments of cuirassiers charge pikemen in This Accursed Civil War.
local units = {game = "tacw", attacker_type = "cuirassiers", attacker_cavalry_units = 3,
               defender_type = "heavy_infantry", defender_morale = 4}
local ok, c = pcall(musket_pike.chain, musket_pike, "melee", units, {melee_face}, 0, pursuit_faces)
if not ok then
  print("refused: " .. tostring(c))
  os.exit(1)
end
local r = c.result
print(string.format("melee: %d %s%d = %d: %s (rule %s)", r.natural, r.modifier < 0 and "" or "+", r.modifier,
  r.modified_roll, r.outcome, tostring(r.rule)))
-- What a step resolves: its kind is the key that names it.
for _, s in ipairs(c.steps) do
  local kind
  for _, k in ipairs({"table", "reactions", "transition", "distance", "procedure"}) do
    if s[k] and not kind then kind = k end
  end
  local names = {}
  for k in pairs(s.inputs) do names[#names + 1] = k end
  table.sort(names)
  local passed = {}
  for i, k in ipairs(names) do passed[i] = k .. "=" .. tostring(s.inputs[k]) end
  local got
  if s.error then got = "refused: " .. s.error
  elseif kind == "table" then got = tostring(s.outcome) .. " (rule " .. tostring(s.rule) .. ")"
  elseif kind == "transition" then got = tostring(s.state)
  else got = tostring(s.outcome) end
  print(string.format("%s %s, trigger %d, repeat %d (%s): %s", kind, s[kind], s.trigger, s["repeat"],
    table.concat(passed, ", "), got))
end
