-- The classic odds CRT (tables/classic_odds.rtab, table crt, 7.3 to 7.6), ported by hand to
-- Lua (5.1 to 5.4, LuaJIT) as a careful programmer would: the baseline the module of `rtab
-- compile --target lua` is timed against on a grid odds table (bench/targets/targets.py).
-- It fills the same result as the module's resolve("crt", ...): the odds and their column
-- (rounded in the defender's favour), the column shifts applied and the column read, the
-- outcome of the roll (or of the column without one: no attack below 1:4, the defender
-- eliminated at 6:1 or more), its code, rule and effects. It reads the situation by input
-- id and refuses what the module refuses (an unknown input, a value outside its domain, a
-- wrong face, no face where a roll is needed) with an error {status = S}. Absent values
-- are nil. Everything it shows is written here: it reads no data at run time.
--
--   local crt = Crt.new()
--   crt:resolve({attack = 17, defence = 6}, 4)

local COLUMNS = {[0] = "<1:4", "1:4", "1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1", "6:1+"}
-- The printed ratios num:den, in order: attack:defence reaches column c when
-- attack * den >= num * defence (cross-multiplied, exact).
local RATIO_NUM = {1, 1, 1, 1, 3, 2, 3, 4, 5, 6}
local RATIO_DEN = {4, 3, 2, 1, 2, 1, 1, 1, 1, 1}
local AUTOMATIC = 10

local AE = {outcome = "attacker_eliminated", code = "AE", effects = {{effect = "eliminated", args = {"attacker"}}}}
local AR = {outcome = "attacker_retreats", code = "AR", effects = {{effect = "retreat", args = {"attacker", 2}}}}
local NE = {outcome = "no_effect", code = "NE", effects = {}}
local EX = {outcome = "exchange", code = "EX", effects = {{effect = "exchange", args = {}}}}
local DR = {outcome = "defender_retreats", code = "DR", effects = {{effect = "retreat", args = {"defender", 2}}}}
local DE = {outcome = "defender_eliminated", code = "DE", effects = {{effect = "eliminated", args = {"defender"}}}}
-- The grid (7.3): per rolled column 1:4 .. 5:1, the outcome of each roll 1..6.
local GRID = {
  {AR, AE, AE, AE, AE, AE}, -- 1:4
  {AR, AR, AE, AE, AE, AE}, -- 1:3
  {NE, AR, AR, AE, AE, AE}, -- 1:2
  {DR, NE, AR, AR, AE, AE}, -- 1:1
  {DR, DR, NE, AR, AR, AE}, -- 1.5:1
  {DR, DR, EX, NE, AR, AR}, -- 2:1
  {DR, DR, DR, EX, NE, AR}, -- 3:1
  {DE, DR, DR, DR, EX, NE}, -- 4:1
  {DE, DE, DR, DR, DR, EX}, -- 5:1
}

-- Each input of the ruleset: its kind ("int" with its domain, "bool", or an enum's ids) and default.
local INPUTS = {
  attack = {"int", 0, 999, 1}, defence = {"int", 0, 999, 1}, combined_arms = {"bool", false},
  across_river = {"bool", false}, charge = {"bool", false},
  position = {"enum", {open = true, fortified = true}, "open"},
}

local function refuse(status) error({status = status}, 0) end

local Crt = {INPUTS = INPUTS}
Crt.__index = Crt

function Crt.new() return setmetatable({}, Crt) end

function Crt:situation(given)
  local v = {attack = 1, defence = 1, combined_arms = false, across_river = false, charge = false, position = "open"}
  for name, value in pairs(given) do
    local spec = INPUTS[name]
    if spec == nil then refuse(-3) end
    local kind = spec[1]
    if kind == "bool" then
      if value ~= true and value ~= false then refuse(-3) end
    elseif kind == "int" then
      if type(value) ~= "number" or value ~= math.floor(value) or value < spec[2] or value > spec[3] then refuse(-3) end
    elseif not spec[2][value] then
      refuse(-3)
    end
    v[name] = value
  end
  return v
end

-- face nil: no roll given (enough where the column decides).
function Crt:resolve(given, face)
  if face ~= nil and (type(face) ~= "number" or face ~= math.floor(face) or face < 1 or face > 6) then refuse(-4) end
  local v = self:situation(given)
  local attack, defence = v.attack, v.defence
  local key = string.format("%d:%d", attack, defence)
  if attack == 0 and defence == 0 then
    return {column = COLUMNS[0], key = key, column_shift = 0, no_result = true}
  end
  local col = 0
  while col < 10 and attack * RATIO_DEN[col + 1] >= RATIO_NUM[col + 1] * defence do col = col + 1 end
  local applied, shift = {}, 0
  if v.combined_arms then
    applied[#applied + 1] = {modifier = "combined_arms", value = 1, signed_value = 1, counted = true, shift = true}
    shift = shift + 1
  end
  if v.across_river then
    applied[#applied + 1] = {modifier = "river", value = 2, signed_value = -2, counted = true, shift = true}
    shift = shift - 2
  end
  local column = col + shift
  if column < 0 then column = 0 elseif column > AUTOMATIC then column = AUTOMATIC end
  if column == 0 then
    return {column = COLUMNS[0], key = key, key_column = COLUMNS[col], column_shift = shift, no_result = true}
  end
  local natural = face or 0
  local o
  if column == AUTOMATIC then o = DE
  elseif face == nil then refuse(-4)
  else o = GRID[column][face] end
  return {column = COLUMNS[column], key = key, key_column = COLUMNS[col], column_shift = shift,
          automatic = column == AUTOMATIC, natural = natural, modifier_raw = 0, modifier = 0, modified_roll = natural,
          applied = applied, natural_rule = false, outcome = o.outcome, code = o.code, rule = "7.3",
          effects = o.effects, triggers = {}, trigger_of = {}, trigger_inputs = {}}
end

return Crt
