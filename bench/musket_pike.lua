-- The Musket & Pike melee, cavalry pursuit and failure to retreat, ported
-- by hand to Lua 5.4 the way a porter who embeds a scripting language would
-- write them (bench/handwritten.c is the same logic in C). A situation is a
-- table with one field per input (named as in tables/musket_pike.rtab),
-- enum values as their index in declaration order. Each function returns
-- the outcome's index, the capped modifier and the modified roll.

-- unit_type
local CUIRASSIERS, ARQUEBUSIERS, HEAVY_INFANTRY, LIGHT_INFANTRY, WITHOUT_PIKES = 0, 1, 2, 3, 5
local NOT_IN_MATRIX = 6  -- a type the matrix does not print: no cell is read
-- game
local TACW, NGBG, SIA = 0, 1, 2
-- formation
local WAVERING, SCATTERED = 1, 2

-- Melee Matrix (11.3.8): matrix[attacker][defender], empty cells 0.
local matrix = {}
for a = 0, 6 do
  matrix[a] = {}
  for d = 0, 6 do matrix[a][d] = 0 end
end
matrix[CUIRASSIERS][WITHOUT_PIKES] = 2
matrix[ARQUEBUSIERS][CUIRASSIERS] = -1
matrix[ARQUEBUSIERS][WITHOUT_PIKES] = 1
matrix[HEAVY_INFANTRY][LIGHT_INFANTRY] = 1
matrix[HEAVY_INFANTRY][WITHOUT_PIKES] = 2
matrix[WITHOUT_PIKES][HEAVY_INFANTRY] = -1
matrix[WITHOUT_PIKES][LIGHT_INFANTRY] = 1

local function force_ratio(a, d)
  if a >= 4 * d then return 2 end
  if a >= 2 * d then return 1 end
  if 4 * a <= d then return -2 end
  if 2 * a <= d then return -1 end
  return 0
end

-- Melee Table (11.0): outcome by modified roll.
local function melee_outcome(roll)
  if roll <= 0 then return 0 end      -- attacker eliminated
  if roll <= 2 then return 1 end      -- attacker broken
  if roll <= 6 then return roll - 1 end -- 3..6: shaken, retreats (2, 1, 1, 2)
  if roll <= 8 then return 6 end      -- defender broken
  return 7                            -- defender eliminated
end

function melee(s, face, drm)
  if face < 0 or face > 9 then error("face") end
  local m = drm
  if s.attacker_leaders > 0 then m = m + 1 end  -- one leader per side
  if s.defender_leaders > 0 then m = m - 1 end
  m = m + s.attacker_morale - s.defender_morale
  m = m + force_ratio(s.attacker_strength, s.defender_strength)
  m = m + matrix[s.attacker_type][s.defender_type]
  if s.defending_cavalry_pistol_shot ~= 0 then m = m - 1 end
  m = m + s.flank_rear_hexes
  -- only the worst formation modifier per side
  if s.attacker_formation == SCATTERED then m = m - 2
  elseif s.attacker_formation == WAVERING or s.attacker_open_order ~= 0 then m = m - 1 end
  if s.defender_formation == SCATTERED then m = m + 2
  elseif s.defender_formation == WAVERING or s.defender_open_order ~= 0 then m = m + 1 end
  m = m + s.after_volley + s.heavy_infantry_impetus
  -- cavalry impetus is +2, but +1 in NGBG at Halmstad and for SiA's arquebusiers and light cavalry
  if s.cavalry_impetus ~= 0 then
    if (s.game == NGBG and s.halmstad ~= 0)
        or (s.game == SIA and (s.attacker_type == ARQUEBUSIERS or s.attacker_light_cavalry ~= 0)) then
      m = m + 1
    else
      m = m + 2
    end
  end
  if m > 4 then m = 4 elseif m < -4 then m = -4 end
  return melee_outcome(face + m), m, face + m
end

local BREAK_OFF, PURSUE_AND_ELIMINATE, PURSUE_OFF_MAP, INTO_VACATED_HEX, OFF_MAP_ONLY = 8, 9, 10, 11, 12

function cavalry_pursuit(s, face, drm)
  if face < 0 or face > 9 then error("face") end
  local m = drm + s.pursuer_charge_orders + s.pursuer_used_impetus
  local o
  if s.game == TACW then
    m = m - s.cromwell
    local r = face + m
    if r <= 2 then o = BREAK_OFF elseif r <= 5 then o = PURSUE_AND_ELIMINATE else o = PURSUE_OFF_MAP end
  else
    m = m - s.pursuit_leader_rating
    local r = face + m
    if r <= 4 then o = BREAK_OFF elseif r <= 8 then o = PURSUE_AND_ELIMINATE else o = PURSUE_OFF_MAP end
  end
  if o == PURSUE_AND_ELIMINATE and s.earlier_pursue_and_eliminate ~= 0 then o = BREAK_OFF
  elseif o == PURSUE_AND_ELIMINATE and s.pursued_eliminated_by_melee ~= 0 then o = INTO_VACATED_HEX
  elseif o == PURSUE_OFF_MAP and s.pursued_eliminated_by_melee ~= 0 then o = OFF_MAP_ONLY end
  return o, m, face + m
end

local ELIMINATED, STAND = 13, 14

function failure_to_retreat(s, face, drm)
  if face < 0 or face > 9 then error("face") end
  local m = drm
  if s.initial_morale <= 6 then m = m - 1 elseif s.initial_morale == 8 then m = m + 1 end
  if face + m <= 4 then return ELIMINATED, m, face + m end
  return STAND, m, face + m
end
