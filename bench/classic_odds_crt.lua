-- The classic odds CRT (tables/classic_odds.rtab, table crt) by hand in Lua 5.4, as
-- bench/handwritten_crt.c writes it in C: the odds column by cross-multiplying, the
-- shifts clamped to the ends, then the grid. Returns outcome, modifier, modified roll;
-- nil when the attack is not allowed (no odds, or below 1:4).

local AE, AR, NE, EX, DR, DE = 0, 1, 2, 3, 4, 5
local step_num = {1, 1, 1, 1, 3, 2, 3, 4, 5, 6}
local step_den = {4, 3, 2, 1, 2, 1, 1, 1, 1, 1}
local grid = {
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

function crt(attack, defence, combined_arms, across_river, face)
  if face < 1 or face > 6 then error("face") end
  if attack == 0 and defence == 0 then return nil end
  local col = 0
  for i = 1, 10 do
    if attack * step_den[i] >= step_num[i] * defence then col = col + 1 end
  end
  col = col + combined_arms - 2 * across_river
  if col < 0 then col = 0 elseif col > 10 then col = 10 end
  if col == 0 then return nil end
  if col == 10 then return DE, 0, face end
  return grid[col][face], 0, face
end
