-- The Musket & Pike melee (tables/musket_pike.rtab, 11.0 to 11.3.8), ported by hand to
-- Lua (5.1 to 5.4, LuaJIT) as a careful programmer would: the baseline the module of
-- `rtab compile --target lua` is timed against (bench/targets/targets.py). It fills the
-- same result as the module's resolve("melee", ...): the modifiers applied (stacking
-- decided), the modifier and the modified roll, the outcome, its code, rule and effects,
-- the triggers with which trigger of the outcome each is (from 0) and what each passes on,
-- and the first provisional reason; it reads the situation by input id and refuses what
-- the module refuses (an unknown input, a value outside its domain, a broken requirement,
-- a wrong face) with an error {status = S}. Absent values are nil.
--
--   local melee = Melee.new(musket_pike.x)   -- the texts and effects, read once
--   melee:resolve({attacker_morale = 7}, 4)

local CUIR, ARQ, HI, LI, HEDGEHOG, HIWP, NOT_IN_MATRIX = 0, 1, 2, 3, 4, 5, 6
local WAVERING, SCATTERED = 1, 2
local NGBG, SIA = 1, 2
local UNIT_TYPES = {[0] = "cuirassiers", "arquebusiers", "heavy_infantry", "light_infantry", "hedgehog",
                    "heavy_infantry_without_pikes", "not_in_matrix"}
local FORMATIONS = {[0] = "normal", "wavering", "scattered", "hedgehog"}
local GAMES = {[0] = "tacw", "ngbg", "sia", "other"}
local OUTCOMES = {[0] = "attacker_eliminated", "attacker_broken", "attacker_shaken_retreat_2",
                  "attacker_shaken_retreat_1", "defender_shaken_retreat_1", "defender_shaken_retreat_2",
                  "defender_broken", "defender_eliminated"}
-- The Melee Matrix (11.3.8): [attacker * 7 + defender], 0 where it prints nothing.
local MATRIX = {}
for i = 0, 48 do MATRIX[i] = 0 end
MATRIX[CUIR * 7 + HIWP], MATRIX[ARQ * 7 + CUIR], MATRIX[ARQ * 7 + HIWP] = 2, -1, 1
MATRIX[HI * 7 + LI], MATRIX[HI * 7 + HIWP], MATRIX[HIWP * 7 + HI], MATRIX[HIWP * 7 + LI] = 1, 2, -1, 1
-- The row of each modified roll -4..13 (the cap keeps it there).
local ROW = {[0] = 0, 0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 7, 7, 7}

local function ids(list)
  local out = {}
  for i = 0, #list do out[list[i]] = i end
  return out
end

-- Each input the melee reads: its kind ("int" with its domain, "bool", or an enum's ids) and default.
local INPUTS = {
  game = {"enum", ids(GAMES), 3}, attacker_type = {"enum", ids(UNIT_TYPES), NOT_IN_MATRIX},
  defender_type = {"enum", ids(UNIT_TYPES), NOT_IN_MATRIX},
  attacker_leaders = {"int", 0, 3, 0}, defender_leaders = {"int", 0, 3, 0},
  attacker_morale = {"int", 1, 10, 5}, defender_morale = {"int", 1, 10, 5},
  attacker_strength = {"int", 1, 99, 10}, defender_strength = {"int", 1, 99, 10},
  defending_cavalry_pistol_shot = {"bool", false}, flank_rear_hexes = {"int", 0, 4, 0},
  attacker_formation = {"enum", ids(FORMATIONS), 0}, attacker_open_order = {"bool", false},
  defender_formation = {"enum", ids(FORMATIONS), 0}, defender_open_order = {"bool", false},
  after_volley = {"bool", false}, heavy_infantry_impetus = {"bool", false}, cavalry_impetus = {"bool", false},
  halmstad = {"bool", false}, attacker_light_cavalry = {"bool", false},
  eliminated_failing_to_retreat = {"bool", false},
  attacker_cavalry_units = {"int", 0, 6, 0}, defender_cavalry_units = {"int", 0, 6, 0},
}

local function refuse(status) error({status = status}, 0) end

local function applied(modifier, value, sign)
  return {modifier = modifier, value = value, signed_value = value * sign, counted = true, shift = false}
end

local Melee = {INPUTS = INPUTS, UNIT_TYPES = UNIT_TYPES, FORMATIONS = FORMATIONS, GAMES = GAMES}
Melee.__index = Melee

-- The texts a result shows (the reasons, the effects), read once from the export (arrays from 1).
function Melee.new(data)
  local self = setmetatable({reason = {}, effects = {}}, Melee)
  for _, i in ipairs(data.inputs) do self.reason[i.id] = i.provisional end
  for _, b in ipairs(data.bands) do if b.id == "force_ratio" then self.ratio_reason = b.provisional end end
  for _, t in ipairs(data.tables) do
    if t.id == "melee" then
      self.row_reason, self.row_rule = {}, {}
      for r, row in ipairs(t.rows) do
        self.row_reason[r - 1] = row.provisional
        self.row_rule[r - 1] = row.rule or t.rule
      end
    end
  end
  for _, o in ipairs(data.outcomes) do
    local effects = {}
    for _, e in ipairs(o.effects) do
      local kind = data.effect_kinds[e.kind + 1]
      local args, units, any_unit = {}, {}, false
      for i, p in ipairs(kind.params) do
        if i <= #e.args then
          local a = e.args[i]
          args[i] = p.enum_index >= 0 and data.enums[p.enum_index + 1].values[a + 1].id or a
        end
        if p.unit then any_unit = true end
      end
      local effect = {effect = kind.id, args = args}
      if any_unit then
        for i = 1, #args do units[i] = kind.params[i].unit end
        effect.units = units
      end
      effects[#effects + 1] = effect
    end
    self.effects[o.id] = effects
  end
  return self
end

function Melee:situation(given)
  local v = {}
  for name, spec in pairs(INPUTS) do v[name] = spec[#spec] end
  for name, value in pairs(given) do
    local spec = INPUTS[name]
    if spec == nil then refuse(-3) end
    local kind = spec[1]
    if kind == "bool" then
      if value ~= true and value ~= false then refuse(-3) end
    elseif kind == "int" then
      if type(value) ~= "number" or value % 1 ~= 0 or value < spec[2] or value > spec[3] then refuse(-3) end
    else
      value = spec[2][value]
      if value == nil then refuse(-3) end
    end
    v[name] = value
  end
  -- The three requirements of the rules (11.7.1, 11.3.8).
  if (v.attacker_type == CUIR or v.attacker_type == ARQ or v.attacker_light_cavalry) and v.attacker_cavalry_units == 0 then
    refuse(-15)
  end
  if (v.defender_type == CUIR or v.defender_type == ARQ) and v.defender_cavalry_units == 0 then refuse(-15) end
  if v.attacker_light_cavalry and v.attacker_type ~= NOT_IN_MATRIX then refuse(-15) end
  return v
end

function Melee:resolve(given, face)
  if type(face) ~= "number" or face % 1 ~= 0 or face < 0 or face > 9 then refuse(-4) end
  local v = self:situation(given)
  local al, dl, am, dm = v.attacker_leaders, v.defender_leaders, v.attacker_morale, v.defender_morale
  local ast, dst, att, def = v.attacker_strength, v.defender_strength, v.attacker_type, v.defender_type
  local mods, total = {}, 0
  -- Leaders (11.3.2): one per side counts.
  if al >= 1 then mods[#mods + 1] = applied("attacker_leader", 1, 1); total = total + 1 end
  if al >= 2 then
    local m = applied("attacker_second_leader", 1, 1)
    m.counted = false
    mods[#mods + 1] = m
  end
  if dl >= 1 then mods[#mods + 1] = applied("defender_leader", 1, -1); total = total - 1 end
  if dl >= 2 then
    local m = applied("defender_second_leader", 1, -1)
    m.counted = false
    mods[#mods + 1] = m
  end
  if am ~= dm then mods[#mods + 1] = applied("morale_difference", am - dm, 1); total = total + am - dm end
  local ratio = 0
  if ast >= 4 * dst then ratio = 2 elseif ast >= 2 * dst then ratio = 1
  elseif 4 * ast <= dst then ratio = -2 elseif 2 * ast <= dst then ratio = -1 end
  if ratio ~= 0 then mods[#mods + 1] = applied("force_ratio_modifier", ratio, 1); total = total + ratio end
  if att ~= NOT_IN_MATRIX and att ~= HEDGEHOG and def ~= NOT_IN_MATRIX then
    local cell = MATRIX[att * 7 + def]
    mods[#mods + 1] = applied("melee_matrix_modifier", cell, 1)
    total = total + cell
  end
  if v.defending_cavalry_pistol_shot then mods[#mods + 1] = applied("pistol_shot", 1, -1); total = total - 1 end
  if v.flank_rear_hexes > 0 then
    mods[#mods + 1] = applied("flank_rear", v.flank_rear_hexes, 1)
    total = total + v.flank_rear_hexes
  end
  -- Formation (11.3): only the worst per side counts.
  local att_form, def_form
  if v.attacker_formation == WAVERING or v.attacker_open_order then
    att_form = applied("attacker_wavering_or_open_order", -1, 1)
    mods[#mods + 1] = att_form
  end
  if v.attacker_formation == SCATTERED then
    if att_form then att_form.counted = false end
    att_form = applied("attacker_scattered", -2, 1)
    mods[#mods + 1] = att_form
  end
  if v.after_volley then mods[#mods + 1] = applied("after_volley", 1, 1); total = total + 1 end
  if v.heavy_infantry_impetus then mods[#mods + 1] = applied("heavy_infantry_impetus", 1, 1); total = total + 1 end
  if v.cavalry_impetus then
    -- +2, but +1 in NGBG at Halmstad and for SiA's arquebusiers and light cavalry (11.3.6).
    if v.game == NGBG and v.halmstad then
      mods[#mods + 1] = applied("cavalry_impetus_ngbg_halmstad", 1, 1); total = total + 1
    elseif v.game == SIA and (att == ARQ or v.attacker_light_cavalry) then
      mods[#mods + 1] = applied("cavalry_impetus_sia", 1, 1); total = total + 1
    else
      mods[#mods + 1] = applied("cavalry_impetus", 2, 1); total = total + 2
    end
  end
  if v.defender_formation == WAVERING or v.defender_open_order then
    def_form = applied("defender_wavering_or_open_order", -1, -1)
    mods[#mods + 1] = def_form
  end
  if v.defender_formation == SCATTERED then
    if def_form then def_form.counted = false end
    def_form = applied("defender_scattered", -2, -1)
    mods[#mods + 1] = def_form
  end
  if att_form then total = total + att_form.signed_value end
  if def_form then total = total + def_form.signed_value end
  local modifier = total > 4 and 4 or total < -4 and -4 or total
  local roll = face + modifier
  local row = ROW[roll + 4]
  local outcome = OUTCOMES[row]
  -- The first provisional reason: the row's own, else the first input read at its
  -- ours-not-the-page's default, else the force ratio's reading.
  local why = self.row_reason[row]
  if why == nil then
    local r = self.reason
    if al == 0 then why = r.attacker_leaders elseif dl == 0 then why = r.defender_leaders
    elseif am == 5 then why = r.attacker_morale elseif dm == 5 then why = r.defender_morale
    elseif ast == 10 then why = r.attacker_strength elseif dst == 10 then why = r.defender_strength
    else why = self.ratio_reason end
  end
  -- The triggers (11.7.1, 11.0, 11.3.2), in the order the outcome lists them.
  local triggers, trigger_of, passed = {}, {}, {}
  local k = 0
  if row <= 1 or row >= 6 then
    local attacker_lost = row <= 1
    local loser = attacker_lost and att or def
    if loser ~= LI and not ((row == 1 or row == 6) and v.eliminated_failing_to_retreat) then
      local n = attacker_lost and v.defender_cavalry_units or v.attacker_cavalry_units
      local eliminated = row == 0 or row == 7
      for _ = 1, n do
        triggers[#triggers + 1] = "cavalry_pursuit"
        trigger_of[#trigger_of + 1] = 0
        -- the first repeat's situation: no earlier repeat eliminated the unit
        passed[#passed + 1] = {pursued_eliminated_by_melee = eliminated, earlier_pursue_and_eliminate = false}
      end
    end
    k = 1
  end
  local n = #triggers
  triggers[n + 1], trigger_of[n + 1], passed[n + 1] = "formation_hit", k, {formation = FORMATIONS[v.attacker_formation]}
  n = n + 1
  if def ~= HEDGEHOG then
    triggers[n + 1], trigger_of[n + 1], passed[n + 1] = "formation_hit", k + 1,
      {formation = FORMATIONS[v.defender_formation]}
    n = n + 1
  end
  if al ~= 0 then
    triggers[n + 1], trigger_of[n + 1], passed[n + 1] = "leader_loss_check", k + 2, {leader_side = "attacker"}
    n = n + 1
  end
  if dl ~= 0 then
    triggers[n + 1], trigger_of[n + 1], passed[n + 1] = "leader_loss_check", k + 3, {leader_side = "defender"}
  end
  return {column = "all", key_column = "all", column_shift = 0, automatic = false, natural = face,
          modifier_raw = total, modifier = modifier, modified_roll = roll, applied = mods, natural_rule = false,
          outcome = outcome, code = outcome, rule = self.row_rule[row], effects = self.effects[outcome],
          triggers = triggers, trigger_of = trigger_of, trigger_inputs = passed, provisional = why}
end

return Melee
