-- SPDX-License-Identifier: MIT-0
-- The support file of rtab's Lua target: what the resolver printed from the
-- lowering (compiler/lower, after this file in the module) calls on: the
-- errors, the checked arithmetic (with cmp_wide, a comparison of products past
-- 2^53), the reading of a situation, the labels, a chain's steps, over the data
-- of `rtab export --format json`. What resolves (a key's column and its rounding,
-- a ratio band's step, a matrix's cell, a natural roll) is printed from the
-- lowering, decided at compile time (docs/lowering.md).
-- Lua 5.1 to 5.4 and LuaJIT; no library beyond the standard one (string,
-- table, math; io only where it answers rtab conform).
local required_as = ...

-- LuaJIT traces these functions; the printed resolvers of the tables with many
-- modifiers run in its interpreter (the end of the module says which).

local INT32_MIN, INT32_MAX = -2147483648, 2147483647
local NO_DICE = 65535
-- The rtab data model (RTAB_DATA_VERSION of runtime/rtab.h) this support reads: data of
-- another model is refused at load, as the C library refuses it.
local DATA_MODEL = 7
-- JSON null inside arrays (nil would end an array), in the data and in the results of
-- rtab conform. A result the API returns has no NULL member: null is nil there.
local NULL = setmetatable({}, {__tostring = function() return "null" end})
local ARRAY = {}

local MESSAGES = {
  [-1] = "a required argument is NULL",
  [-2] = "no such table",
  [-3] = "an input is missing or outside its domain",
  [-4] = "wrong number of dice faces, or a face outside its die",
  [-5] = "the modified roll matches no row",
  [-6] = "the column input selects no column",
  [-7] = "malformed expression, or division by zero",
  [-8] = "arithmetic overflow",
  [-9] = "inconsistent ruleset data",
  [-10] = "no such outcome, reaction set, transition, distance or procedure",
  [-11] = "the transition is not defined for this state",
  [-12] = "the table gives no result here (e.g. the attack is not allowed)",
  [-13] = "an exact division or product has no exact value at the ruleset's precision",
  [-14] = "an extra modifier given to a table with a step, which counts only its own modifiers",
  [-15] = "the situation breaks a requirement of the ruleset",
  [-16] = "the ruleset data was generated for another rtab data model: regenerate it",
}
local E_TABLE, E_INPUT, E_FACES, E_NO_ROW, E_COLUMN, E_EXPR, E_OVERFLOW = -2, -3, -4, -5, -6, -7, -8
local E_RULESET, E_INDEX, E_STATE, E_NO_RESULT, E_INEXACT = -9, -10, -11, -12, -13
local E_STEP_DRM, E_REQUIRE, E_VERSION = -14, -15, -16
local COLUMN_AUTOMATIC, COLUMN_NONE = 1, 2
local TARGET_KEYS = {"tables", "reaction_sets", "transitions", "distances", "procedures"}
-- What a chain step names, by target kind (as the situations of rtab conform).
local CHAIN_KINDS = {[0] = "table", "reactions", "transition", "distance", "procedure"}
local floor = math.floor

-- Every refusal of the module is raised as a table of metatable RtabError: status (the
-- runtime's RTAB_E_*), reason (the runtime's message for it), input (the input it is about,
-- or nil) and message: the reason and, when known, what is wrong; tostring(e) is the message.
local RtabError = {__tostring = function(e) return e.message end}
RtabError.__index = RtabError
local function fail(status, detail, input)
  local reason = MESSAGES[status] or "unknown status"
  local message = reason
  if detail ~= nil then message = reason .. ": " .. detail end
  error(setmetatable({status = status, reason = reason, message = message, input = input}, RtabError), 0)
end
local function is_status(e) return getmetatable(e) == RtabError end
-- A value as a message shows it: a string quoted, a table by its kind.
local function shown(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then return "a table" end
  return tostring(v)
end
local function is_integer(v)
  return type(v) == "number" and v == v and v % 1 == 0 and v > -9007199254740992 and v < 9007199254740992
end
-- An integer of a float's value (Lua 5.3 and later; 3.0 is read as 3).
local to_integer = math.tointeger or function(v) return v end
local math_type = math.type
-- faces: a table of integers (the faces of the dice, in order), else a failure naming it.
local function check_faces(faces, what)
  if type(faces) ~= "table" then
    fail(E_FACES, (what or "faces") .. " = " .. shown(faces) .. " is not a table of integers")
  end
  -- Each face read once: Lua 5.3 and later an integer at once (a face given as 3.0 is read
  -- as 3 below), Lua 5.1 and LuaJIT a whole number within the doubles' integers (is_integer).
  local floats = false
  for i = 1, #faces do
    local f = faces[i]
    if math_type then
      if math_type(f) ~= "integer" then
        if not is_integer(f) then
          fail(E_FACES, string.format("%s[%d] = %s is not an integer", what or "faces", i, shown(f)))
        end
        floats = true
      end
    elseif type(f) ~= "number" or f % 1 ~= 0 or f <= -9007199254740992 or f >= 9007199254740992 then
      fail(E_FACES, string.format("%s[%d] = %s is not an integer", what or "faces", i, shown(f)))
    end
  end
  if not floats then return faces end
  local out = {}
  for i = 1, #faces do out[i] = to_integer(faces[i]) end
  return out
end

local function nn(v) if v == NULL then return nil end return v end
local function array(t) return setmetatable(t or {}, ARRAY) end
local function or_null(v) if v == nil then return NULL end return v end
local function check32(v)
  if v < INT32_MIN or v > INT32_MAX then fail(E_OVERFLOW) end
  return v
end
local function sign(x) if x > 0 then return 1 elseif x < 0 then return -1 end return 0 end
local function min(a, b) if a < b then return a end return b end
local function max(a, b) if a > b then return a end return b end
local function index_of(list, v)
  for i = 1, #list do if list[i] == v then return i end end
  return nil
end

-- -a, which int32 holds for every a but its least.
local function negate(a)
  if a == INT32_MIN then fail(E_OVERFLOW) end
  return -a
end

-- a / b, rounded down or up; a division by zero is a malformed expression.
local function divide(a, b, up)
  if b == 0 then fail(E_EXPR) end
  if up then return check32(-floor(-a / b)) end
  return check32(floor(a / b))
end

-- The faces dice in a program read, and the provisional reason a result shows: the
-- first reason noted, unless the reason of what decided (note_first) leads. (The runtime
-- keeps the whole list; a result shows its first, and so the module keeps that one.)
local Context = {}
Context.__index = Context
local NO_FACES = {}
function Context.new(faces)
  local f = NO_FACES
  if faces ~= nil and #faces > 0 then
    f = {}
    for i = 1, #faces do f[i] = faces[i] end
  end
  return setmetatable({faces = f, next_face = 0, first = nil}, Context)
end
-- A context is a table of faces, next_face and first: a table's resolver reads no dice and
-- takes TABLE_CONTEXT, its first cleared (a resolver runs to its end before another starts:
-- none calls another, nor code of the caller's), and notes with these functions.
local TABLE_CONTEXT = {faces = NO_FACES, next_face = 0}
local function note(ctx, why)
  if ctx.first == nil and why ~= NULL then ctx.first = why end
end
local function note_first(ctx, why)
  if why ~= nil and why ~= NULL then ctx.first = why end
end
function Context:provisional() return or_null(self.first) end
Context.note, Context.note_first = note, note_first

-- <0, 0 or >0 as x1 * y1 is below, at or above x2 * y2 (x below 2^46, y below 2^31),
-- exactly: in limbs of 2^24, every partial product below 2^53 (exact in a double).
local function cmp_wide(x1, y1, x2, y2)
  local B = 16777216 -- 2^24
  local function limbs(x, y)
    local xh, xl, yh, yl = floor(x / B), x % B, floor(y / B), y % B
    local r0, r1, r2 = xl * yl, xl * yh + xh * yl, xh * yh
    local c0 = floor(r0 / B)
    r1 = r1 + c0
    return r2 + floor(r1 / B), r1 % B, r0 % B
  end
  local a2, a1, a0 = limbs(x1, y1)
  local b2, b1, b0 = limbs(x2, y2)
  if a2 ~= b2 then return a2 < b2 and -1 or 1 end
  if a1 ~= b1 then return a1 < b1 and -1 or 1 end
  return sign(a0 - b0)
end

local function exact_op(name, scale, a, b)
  if scale < 1 then fail(E_EXPR) end
  local r
  if name == "scale" then
    r = a * scale
  elseif name == "mul_exact" then
    if (a * b) % scale ~= 0 then fail(E_INEXACT) end
    r = floor(a * b / scale)
  else
    if b == 0 then fail(E_EXPR) end
    if (a * scale) % b ~= 0 then fail(E_INEXACT) end
    r = floor(a * scale / b)
  end
  return check32(r)
end

local Ruleset = {}
Ruleset.__index = Ruleset

-- data: the export; lowered: the resolver the module printed from its lowering; stamp: the
-- data model and the source hash the resolver was printed for (both must be the data's).
-- A refusal at load is raised as a string, the runtime's message and what is wrong: it
-- ends a require, and every interpreter prints a string (Lua 5.1's no error table).
function Ruleset.new(data, lowered, stamp)
  local function refuse(detail) error(MESSAGES[E_VERSION] .. ": " .. detail, 0) end
  if type(data) ~= "table" or data.format ~= "rtab-export" or data.version ~= 1 then
    refuse("the data is not an rtab export of version 1")
  end
  if data.data_version ~= DATA_MODEL or stamp.data_version ~= DATA_MODEL then
    refuse(string.format("the data is of data model %s, its resolver of %s; this support reads " ..
      "data model %d: run rtab compile --target again", tostring(data.data_version),
      tostring(stamp.data_version), DATA_MODEL))
  end
  if data.source_hash ~= stamp.source_hash then
    refuse(string.format("the data is of the source %s, its resolver of %s: both must come from " ..
      "one run of rtab compile --target", tostring(data.source_hash), tostring(stamp.source_hash)))
  end
  -- Exact numbers (`exact 1/N;`) are held as value * scale; 0 or none: whole numbers.
  local scale = nn(data.scale)
  if scale == nil or scale == 0 then scale = 1 end
  local self = setmetatable({x = data, inputs = data.inputs, scale = scale, by_id = {}, lowered = lowered,
                             outcome_parts = {}, locales = data.locales, NULL = NULL, RtabError = RtabError,
                             DATA_MODEL = DATA_MODEL, SOURCE_HASH = data.source_hash, MESSAGES = MESSAGES},
                            Ruleset)
  -- The target id of each trigger (from 0) of each outcome (from 0): a table's result lists them.
  self.trigger_ids = {}
  for o, outcome in ipairs(data.outcomes) do
    local ids = {}
    for j, tr in ipairs(outcome.triggers or {}) do ids[j - 1] = tr.target.id end
    self.trigger_ids[o - 1] = ids
  end
  local keys = {"inputs", "outcomes"}
  for _, k in ipairs(TARGET_KEYS) do keys[#keys + 1] = k end
  for _, key in ipairs(keys) do
    local ids = {}
    for i, d in ipairs(data[key]) do ids[d.id] = i end
    self.by_id[key] = ids
  end
  -- Read once: each input's default (from 1), each enum input's index of its values by id, each band's steps.
  self.defaults, self.enum_value_index = {}, {}
  -- Each integer input without a step: its range (what a situation checks of it); each boolean input.
  -- self:requirement_broken(inputs) calls the printed function itself (no call in between).
  self.requirement_broken = lowered.requirement_broken
  -- Whether the ruleset has requirements at all (none: a table's roll reads none).
  self.requires = #data.requirements > 0
  -- The resolver of each table by its id.
  self.table_resolvers = {}
  for i, t in ipairs(data.tables) do self.table_resolvers[t.id] = lowered.tables[i - 1] end
  self.plain_int, self.bool_input, self.ninputs = {}, {}, #data.inputs
  for i, inp in ipairs(data.inputs) do
    self.defaults[i] = inp.default_value
    if inp.type_name == "bool" then
      self.bool_input[i] = true
    elseif inp.type_name ~= "enum" and inp.type_name ~= "number" and (inp.step or 0) <= 1 then
      self.plain_int[i] = {inp.min, inp.max}
    end
  end
  -- Each enum's value ids by index (from 0): what a trigger passes on shows its values by id.
  self.enum_ids = {}
  for e, enum in ipairs(data.enums) do
    local ids = {}
    for j, v in ipairs(enum.values) do ids[j - 1] = v.id end
    self.enum_ids[e - 1] = ids
  end
  return self
end

local table_move, unpack = table.move, table.unpack or unpack
-- A copy of an array (from 1) of n values.
local function copy_array(t, n)
  -- A constructor makes the array at its size at once (table.move into {} grows it step by step).
  if n <= 200 then return {unpack(t, 1, n)} end
  if table_move then return table_move(t, 1, n, 1, {}) end
  local out = {}
  for i = 1, n do out[i] = t[i] end
  return out
end

-- The inputs as the runtime holds them (from 1): defaults, then the given ones by id, each of
-- its type (an enum value's id, a boolean, an integer, a number): anything else is refused.
-- Each value given is checked against its input's domain as it is read (the defaults lie in
-- theirs: the compiler checked).
function Ruleset:situation(given)
  local values = copy_array(self.defaults, self.ninputs)
  if given == nil then return values end
  if type(given) ~= "table" then fail(E_INPUT, "the inputs = " .. shown(given) .. " are not a table of input ids to values") end
  local ids, inputs, plain_int, bool = self.by_id.inputs, self.inputs, self.plain_int, self.bool_input
  for name, value in pairs(given) do
    local k = ids[name]
    if k == nil then fail(E_INPUT, "no input is named " .. shown(name), name) end
    local v
    -- The common cases at once: an integer within its input's range (no step), a boolean.
    local range = plain_int[k]
    if range and type(value) == "number" and value % 1 == 0 and value >= range[1] and value <= range[2] then
      v = math_type and to_integer(value) or value -- (Lua 5.1 and LuaJIT: no integers, no call)
    elseif bool[k] and (value == true or value == false) then
      v = value and 1 or 0
    else
      local inp = inputs[k]
      v = self:input_value(k, value)
      if v < inp.min or v > inp.max or ((inp.step or 0) > 1 and (v - inp.min) % inp.step ~= 0) then
        self:validate_input(k, v)
      end
    end
    values[k] = v
  end
  return values
end

-- A number input's value as a decimal numeral: a decimal numeral in a string ("12.5", "-3"),
-- an integer as its digits, or a float as the shortest numeral that reads back as the same
-- number (0.1 is "0.1"); nil for anything else.
local function decimal_of(value)
  if type(value) == "string" then
    if value:match("^[-+]?%d+$") or value:match("^[-+]?%d+%.%d+$") then return value end
    return nil
  end
  if type(value) ~= "number" or value ~= value or value - value ~= 0 then return nil end
  if math_type and math_type(value) == "integer" then return string.format("%d", value) end
  for places = 1, 17 do
    local numeral = string.format("%." .. places .. "g", value)
    if tonumber(numeral) == value then return numeral end
  end
  return string.format("%.17g", value)
end

-- A decimal numeral times scale, exactly, in decimal digits (no rounding, no tolerance: 0.1 +
-- 0.2, which is 0.30000000000000004, is not on a step of 1/10); else nil and why ("step": not
-- a multiple of 1/scale; "range": more than 15 digits, past what every Lua holds exactly).
local function scaled_exactly(numeral, scale)
  local sign, whole, fraction, exponent = numeral:match("^([-+]?)(%d+)%.?(%d*)[eE]?([-+]?%d*)$")
  if whole == nil then return nil, "step" end
  fraction = fraction:gsub("0+$", "")
  local shift = (tonumber(exponent) or 0) - #fraction
  -- Past its trailing zeros, a numeral with more than 400 places is on no step of 1/scale
  -- (scale is 2^a 5^b, a and b below 400); a float's exponent never reaches 400.
  if shift < -400 or shift > 400 then return nil, "step" end
  -- The digits times scale, from the last: each product and carry is far below 2^53.
  local digits, product, carry = whole .. fraction, {}, 0
  for i = #digits, 1, -1 do
    local d = (digits:byte(i) - 48) * scale + carry
    product[#product + 1] = d % 10
    carry = floor((d - d % 10) / 10)
  end
  while carry > 0 do
    product[#product + 1] = carry % 10
    carry = floor((carry - carry % 10) / 10)
  end
  -- product holds the digits from the last: drop the -shift places the numeral had, each a 0.
  local first = 1
  if shift < 0 then
    for i = 1, -shift do
      if (product[i] or 0) ~= 0 then return nil, "step" end
    end
    first = 1 - shift
  end
  local text = {}
  for i = #product, first, -1 do text[#text + 1] = string.char(48 + product[i]) end
  local integer = (table.concat(text):gsub("^0+", ""))
  if shift > 0 and integer ~= "" then integer = integer .. string.rep("0", shift) end
  if integer == "" then return 0 end
  if #integer > 15 then return nil, "range" end
  local value = to_integer(tonumber(integer))
  return sign == "-" and -value or value
end

-- The value of input k (from 1) as the runtime holds it, from a value of its type, else a failure.
local function refuse(inp, value, what) fail(E_INPUT, inp.id .. " = " .. shown(value) .. " is not " .. what, inp.id) end

function Ruleset:input_value(k, value)
  local inp = self.inputs[k]
  if inp.type_name == "enum" then
    local values = self.x.enums[inp.enum_index + 1].values
    local index = self.enum_value_index[k]
    if index == nil then
      index = {}
      for j, e in ipairs(values) do if index[e.id] == nil then index[e.id] = j - 1 end end
      self.enum_value_index[k] = index
    end
    local j = type(value) == "string" and index[value]
    if j then return j end
    local ids = {}
    for i, e in ipairs(values) do ids[i] = e.id end
    refuse(inp, value, "one of " .. table.concat(ids, ", "))
  elseif inp.type_name == "bool" then
    if type(value) ~= "boolean" then refuse(inp, value, "a boolean (true or false)") end
    return value and 1 or 0
  elseif inp.type_name == "number" then
    local numeral = decimal_of(value)
    if numeral == nil then refuse(inp, value, "a number (a finite number or a decimal numeral in a string)") end
    local scaled, why = scaled_exactly(numeral, self.scale)
    if scaled == nil then
      refuse(inp, value, why == "range" and "within the numbers the resolver holds (10^15 steps of the precision)"
        or "a multiple of 1/" .. self.scale)
    end
    return scaled
  end
  if not is_integer(value) then refuse(inp, value, "an integer") end
  return to_integer(value)
end

-- Labels and rule references ------------------------------------------------

-- The sections of the export whose definitions have labels and rule references.
local LABELLED = {"inputs", "enums", "dice", "effect_kinds", "outcomes", "modifiers", "groups", "tables",
  "matrices", "bands", "reaction_sets", "transitions", "distances", "procedures", "numeric_outcomes",
  "requirements", "units", "examples"}

function Ruleset:check_locale(locale)
  if locale == nil then return self.x.locales[1] end
  if index_of(self.x.locales, locale) == nil then
    fail(E_INDEX, "no locale is named " .. shown(locale) .. " (the ruleset's: " .. table.concat(self.x.locales, ", ") .. ")")
  end
  return locale
end

-- The definition `id` of a section of the export ("tables", "outcomes", "inputs", ...),
-- else a failure naming it.
function Ruleset:definition(section, id)
  if index_of(LABELLED, section) == nil or self.x[section] == nil then
    fail(E_INDEX, "no section of the ruleset is named " .. shown(section) .. " (" .. table.concat(LABELLED, ", ") .. ")")
  end
  for _, d in ipairs(self.x[section]) do
    if type(d) == "table" and d.id == id then return d end
  end
  fail(E_INDEX, "nothing of " .. section .. " is named " .. shown(id))
end

-- The label of a definition in a locale (as rtab_label: the first locale's where that one has
-- none), or nil; locale: the first when not given.
function Ruleset:label(section, id, locale)
  locale = self:check_locale(locale)
  local labels = self:definition(section, id).labels or {}
  return nn(labels[locale]) or nn(labels[self.x.locales[1]])
end

-- The rule reference of a definition in a locale (as rtab_rule: its own for that locale, else
-- the one for every locale), or nil.
function Ruleset:rule(section, id, locale)
  locale = self:check_locale(locale)
  local d = self:definition(section, id)
  return nn((d.rules or {})[locale]) or nn(d.rule)
end

-- The ruleset's title in a locale (the first locale's where that one has none).
function Ruleset:title(locale)
  locale = self:check_locale(locale)
  return nn(self.x.title[locale]) or nn(self.x.title[self.x.locales[1]])
end

-- A scaled number as the rules print it: 25 at scale 2 is 12.5.
function Ruleset:exact(scaled)
  if self.scale == 1 or scaled % self.scale == 0 then return floor(scaled / self.scale) end
  return scaled / self.scale
end

function Ruleset:validate(inputs)
  self:validate_domains(inputs)
  if self:requirement_broken(inputs) ~= nil then fail(E_REQUIRE) end
end

function Ruleset:validate_domains(inputs)
  if #inputs ~= #self.inputs then
    fail(E_INPUT, string.format("%d inputs, not the ruleset's %d", #inputs, #self.inputs))
  end
  for i = 1, #inputs do self:validate_input(i, inputs[i]) end
end

-- Whether v lies in the domain of input i (from 1), else a failure.
function Ruleset:validate_input(i, v)
  local inp = self.inputs[i]
  if v < inp.min or v > inp.max or ((inp.step or 0) > 1 and (v - inp.min) % inp.step ~= 0) then
    fail(E_INPUT, inp.id .. " = " .. shown(self:value_of(i, v)) .. " is outside its domain", inp.id)
  end
end

-- The id of the first requirement the situation breaks, or nil.
function Ruleset:requirement_broken(inputs)
  return self.lowered.requirement_broken(self, inputs)
end

function Ruleset:number_text(v)
  if v == floor(v) then return string.format("%d", v) end
  return (string.format("%.10f", v):gsub("0+$", ""))
end

-- What the outcome leads to: each target's id, a trigger resolved N times N times.
function Ruleset:triggers(outcome, inputs, ctx)
  local out = array()
  for i, f in ipairs(self:fired(outcome, inputs, ctx)) do out[i] = f.trigger.target.id end
  return out
end

-- The outcome's triggers that fire, each as {index = which trigger of the outcome (from 0),
-- trigger = it}, a trigger resolved N times listed N times, its repeats in order.
function Ruleset:fired(outcome, inputs, ctx)
  local fire = self.lowered.fired[outcome]
  if fire == nil then return {} end
  local triggers, out = self.x.outcomes[outcome + 1].triggers, {}
  for i, k in ipairs(fire(self, inputs, ctx)) do out[i] = {index = k, trigger = triggers[k + 1]} end
  return out
end

-- The situation trigger k (from 0) of the outcome passes on (as the runtime holds it) for
-- the repeat after those that gave the outcomes `earlier` (indices, false for none).
function Ruleset:trigger_situation(outcome, k, inputs, earlier)
  return self.lowered.passed[outcome][k](self, inputs, earlier or {})
end

-- An input's value (from 1) as the vectors write it: an enum value's id, a boolean, a number.
function Ruleset:value_of(i, v)
  local inp = self.inputs[i]
  if inp.type_name == "enum" then return self.x.enums[inp.enum_index + 1].values[v + 1].id end
  if inp.type_name == "bool" then return v ~= 0 end
  if inp.type_name == "number" then return self:exact(v) end
  return v
end

-- What trigger k of the outcome passes on, by input id (as `trigger_inputs`).
function Ruleset:passed_on(outcome, k, inputs, earlier, passed)
  passed = passed or self:trigger_situation(outcome, k, inputs, earlier)
  return self.lowered.shown[outcome][k](self, passed)
end

-- A roll on a table and what its outcome triggers, resolved in turn: then[i] are the faces
-- of the i-th step (a table or distance; {} for the others). Each repeat of a trigger gets
-- what it passes on for that repeat ('earlier': the outcomes of the repeats before it).
-- {outcome = ..., result = the table's result, steps = {...}}.
function Ruleset:chain_raw(table_id, given, faces, drm, then_faces, inputs)
  inputs = inputs or self:situation(given)
  then_faces = then_faces or {}
  if type(then_faces) ~= "table" then fail(E_FACES, "then = " .. shown(then_faces) .. " is not a table of faces") end
  for i = 1, #then_faces do check_faces(then_faces[i], "then[" .. i .. "]") end
  local r = self:resolve_raw(table_id, nil, faces, drm, inputs)
  if r.no_result then return {outcome = NULL, result = r, steps = array()} end
  local outcome = self.by_id.outcomes[r.outcome] - 1
  local fired = self:fired(outcome, inputs)
  local steps, gave = array(), {}
  for i, f in ipairs(fired) do
    local earlier = {}
    for j = 1, i - 1 do
      if fired[j].index == f.index then earlier[#earlier + 1] = gave[j] end
    end
    local target = f.trigger.target
    local step = {[CHAIN_KINDS[target.kind]] = target.id, trigger = f.index, ["repeat"] = #earlier + 1}
    local ok, err = pcall(function()
      local passed = self:trigger_situation(outcome, f.index, inputs, earlier)
      step.inputs = self:passed_on(outcome, f.index, inputs, earlier, passed)
      gave[i] = self:chain_step(target, passed, then_faces[i] or {}, step)
    end)
    if not ok then
      if not is_status(err) then error(err, 0) end
      step.inputs = step.inputs or {}
      step.error = err.reason
    end
    if gave[i] == nil then gave[i] = false end
    steps[i] = step
  end
  return {outcome = r.outcome, result = r, steps = steps}
end

-- One step of a chain, its result added to step; the outcome index it gave, or false.
function Ruleset:chain_step(target, passed, faces, step)
  local name, kind = target.id, target.kind
  if kind == 0 then
    local r = self:resolve_raw(name, nil, faces, 0, passed)
    if r.no_result then
      step.outcome, step.no_result = NULL, true
      return false
    end
    step.outcome, step.code, step.rule = r.outcome, r.code, r.rule
    return self.by_id.outcomes[r.outcome] - 1
  elseif kind == 1 then
    step.options = self:lowered_call("reaction_sets", name, passed).options
  elseif kind == 2 then
    local fine, t = pcall(self.lowered_call, self, "transitions", name, passed)
    if not fine and not (is_status(t) and t.status == E_STATE) then error(t, 0) end
    step.state = fine and t.state or NULL
  elseif kind == 3 then
    step.values = self:lowered_call("distances", name, passed, nil, check_faces(faces)).values
  else
    local p = self:lowered_call("procedures", name, passed)
    step.step, step.outcome = p.step, p.outcome
    if p.outcome ~= NULL then return self.by_id.outcomes[p.outcome] - 1 end
  end
  return false
end

function Ruleset:numbers(o, r)
  if (o.nvalues or 0) == 0 then return end
  local params = self.x.numeric_outcomes[o.numeric + 1].params
  local numbers = {}
  for i, p in ipairs(params) do
    if i <= #o.values then numbers[p.id] = o.values[i] end
  end
  r.numbers = numbers
end

function Ruleset:effects(o)
  local out = array()
  for _, e in ipairs(o.effects) do
    local kind = self.x.effect_kinds[e.kind + 1]
    local args = array()
    for i = 1, min(#e.args, #kind.params) do
      local p = kind.params[i]
      if p.enum_index >= 0 then
        args[i] = self.x.enums[p.enum_index + 1].values[e.args[i] + 1].id
      else
        args[i] = e.args[i]
      end
    end
    local effect = {effect = kind.id, args = args}
    -- The unit of each argument, when a parameter of the kind has one.
    local units, any_unit = array(), false
    for i = 1, min(#args, #kind.params) do
      units[i] = or_null(nn(kind.params[i].unit))
      if units[i] ~= NULL then any_unit = true end
    end
    for i = #args + 1, #kind.params do
      if nn(kind.params[i].unit) ~= nil then any_unit = true end
    end
    if any_unit then effect.units = units end
    out[#out + 1] = effect
  end
  return out
end

-- The result of a column without one (an attack not allowed): what was read up to it
-- (null: what stands for absent, as a table's resolver is given it).
local function no_result(column, key, key_column, column_shift, null)
  return {column = column, key = key, key_column = key_column, column_shift = column_shift,
          outcome = null, no_result = true}
end

-- What a result shows of outcome k (from 0): its id, code, effects and numbers, shared
-- by every result that gives it.
function Ruleset:outcome_part(k)
  local p = self.outcome_parts[k]
  if p == nil then
    local o = self.x.outcomes[k + 1]
    p = {id = o.id, code = o.code, effects = self:effects(o)}
    self:numbers(o, p)
    self.outcome_parts[k] = p
  end
  return p
end

-- Definition `name` of a kind ("tables", "reaction_sets", ...), resolved by the lowered resolver.
function Ruleset:lowered_call(key, name, inputs, given, a, b)
  local i = self.by_id[key][name]
  if i == nil then
    if key == "tables" then fail(E_TABLE, "no table is named " .. shown(name)) end
    fail(E_INDEX, "nothing of " .. key .. " is named " .. shown(name))
  end
  if inputs == nil then
    inputs = self:situation(given) -- checked as it is read
    if self:requirement_broken(inputs) ~= nil then fail(E_REQUIRE) end
  else
    self:validate(inputs)
  end
  return self.lowered[key][i - 1](self, inputs, a, b)
end

-- A result as the API returns it: JSON null (NULL) is nil in every table but an array,
-- where NULL holds the place (nil would end the array). The members that may be null are
-- a result's own, a reaction set's leads, a distance's values, a chain's steps: only
-- those are read (a result's modifiers, effects and trigger inputs never hold null).
local function plain(t)
  for k, x in pairs(t) do
    if x == NULL then t[k] = nil end
  end
  return t
end
local function plain_values(values)
  for i = 1, #values do plain(values[i]) end
  return values
end

-- One roll on a results table, with `null` for what is absent: NULL (as rtab conform reads
-- it) or nil (as resolve returns it). A table's resolver writes null where a value is absent.
local function resolve_table(self, table_id, given, faces, drm, inputs, null)
  drm = drm or 0
  if drm ~= 0 and not is_integer(drm) then fail(E_INPUT, "drm = " .. shown(drm) .. " is not an integer") end
  local resolver = self.table_resolvers[table_id]
  if resolver == nil then fail(E_TABLE, "no table is named " .. shown(table_id)) end
  -- A situation read from given is checked as it is read; one given whole, here.
  local read = inputs == nil
  inputs = inputs or self:situation(given)
  faces = check_faces(faces or {})
  if not read then self:validate_domains(inputs) end
  if self.requires and self:requirement_broken(inputs) ~= nil then fail(E_REQUIRE) end
  return resolver(self, inputs, faces, drm == 0 and 0 or to_integer(drm), null)
end

-- One roll on a results table, with NULL for null (as rtab conform reads it).
function Ruleset:resolve_raw(table_id, given, faces, drm, inputs)
  return resolve_table(self, table_id, given, faces, drm, inputs, NULL)
end

-- One roll on a results table: the result as `rtab vectors` writes it, nil for null (the
-- members of a table's result that may be null: key, key_column, rewritten_from, outcome,
-- code, rule, provisional).
function Ruleset:resolve(table_id, given, faces, drm)
  return resolve_table(self, table_id, given, faces, drm, nil, nil)
end

function Ruleset:reactions(name, given)
  local r = self:lowered_call("reaction_sets", name, nil, given)
  plain(r.leads)
  return r
end

function Ruleset:transition(name, given)
  return plain(self:lowered_call("transitions", name, nil, given))
end

function Ruleset:distance(name, given, faces)
  local r = plain(self:lowered_call("distances", name, nil, given, check_faces(faces or {})))
  plain_values(r.values)
  return r
end

function Ruleset:procedure(name, given)
  return plain(self:lowered_call("procedures", name, nil, given))
end

-- A roll on a table and what its outcome triggers (chain_raw), nil for null.
function Ruleset:chain(table_id, given, faces, drm, then_faces)
  local c = plain(self:chain_raw(table_id, given, faces, drm, then_faces))
  plain(c.result)
  for _, step in ipairs(c.steps) do
    plain(step)
    if step.values then plain_values(step.values) end
  end
  return c
end

local json = {}

function json.decode(s)
  local pos = 1
  local value
  local function space() pos = s:find("[^ \t\r\n]", pos) or #s + 1 end
  local function str()
    local out, i = {}, pos + 1
    while true do
      local c = s:sub(i, i)
      if c == '"' then break end
      if c == "" then error("a string without its end") end
      if c == "\\" then
        local e = s:sub(i + 1, i + 1)
        local simple = ({b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", ['"'] = '"', ["\\"] = "\\", ["/"] = "/"})[e]
        if simple then
          out[#out + 1] = simple
          i = i + 2
        else
          local u = tonumber(s:sub(i + 2, i + 5), 16)
          if u < 0x80 then out[#out + 1] = string.char(u)
          elseif u < 0x800 then out[#out + 1] = string.char(0xC0 + floor(u / 64), 0x80 + u % 64)
          else out[#out + 1] = string.char(0xE0 + floor(u / 4096), 0x80 + floor(u / 64) % 64, 0x80 + u % 64) end
          i = i + 6
        end
      else
        out[#out + 1] = c
        i = i + 1
      end
    end
    pos = i + 1
    return table.concat(out)
  end
  function value()
    space()
    local c = s:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1
      space()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return t end
      while true do
        space()
        local k = str()
        space()
        pos = pos + 1 -- ':'
        t[k] = value()
        space()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return t end
      end
    elseif c == "[" then
      local t = array()
      pos = pos + 1
      space()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return t end
      while true do
        t[#t + 1] = value()
        space()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return t end
      end
    elseif c == '"' then
      return str()
    elseif s:sub(pos, pos + 3) == "true" then pos = pos + 4 return true
    elseif s:sub(pos, pos + 4) == "false" then pos = pos + 5 return false
    elseif s:sub(pos, pos + 3) == "null" then pos = pos + 4 return NULL
    end
    local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    pos = pos + #num
    return tonumber(num)
  end
  return value()
end

function json.encode(v)
  if v == nil or v == NULL then return "null" end
  local kind = type(v)
  if kind == "boolean" then return tostring(v) end
  if kind == "number" then
    if v == floor(v) and math.abs(v) < 2 ^ 53 then return string.format("%d", v) end
    return string.format("%.17g", v)
  end
  if kind == "string" then
    return '"' .. v:gsub('[%c"\\]', function(c)
      return ({['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t"})[c] or
          string.format("\\u%04x", c:byte())
    end) .. '"'
  end
  local parts = {}
  if getmetatable(v) == ARRAY then
    for i = 1, #v do parts[i] = json.encode(v[i]) end
    return "[" .. table.concat(parts, ", ") .. "]"
  end
  for k, x in pairs(v) do parts[#parts + 1] = json.encode(k) .. ": " .. json.encode(x) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- The members of a table's result that are lists.
local RESULT_ARRAYS = {"applied", "effects", "triggers", "trigger_of", "trigger_inputs"}

-- The answer to one situation of `rtab conform`: the result, or {error = message}.
local function answer(ruleset, s)
  local given = {}
  for k, v in pairs(s.inputs or {}) do given[k] = v end
  local ok, r = pcall(function()
    if s.table then
      -- A result's lists are plain tables (nothing to mark on every roll): JSON arrays here.
      local r = ruleset:resolve_raw(s.table, given, s.faces or {}, s.drm or 0)
      for _, k in ipairs(RESULT_ARRAYS) do
        if type(r[k]) == "table" then array(r[k]) end
      end
      return r
    end
    if s.reactions then return ruleset:lowered_call("reaction_sets", s.reactions, nil, given) end
    if s.transition then
      local fine, t = pcall(ruleset.lowered_call, ruleset, "transitions", s.transition, nil, given)
      if not fine and is_status(t) and t.status == E_STATE then return {state = NULL} end
      if not fine then error(t, 0) end
      return t
    end
    if s.distance then
      return ruleset:lowered_call("distances", s.distance, nil, given, check_faces(s.faces or {}))
    end
    if s.chain then
      local c = ruleset:chain_raw(s.chain, given, s.faces or {}, s.drm or 0, s["then"] or {})
      return {outcome = c.outcome, steps = c.steps}
    end
    return ruleset:lowered_call("procedures", s.procedure, nil, given)
  end)
  if ok then return r end
  if is_status(r) then return {error = r.reason} end
  error(r, 0)
end

-- Run as a script (not required, not inside a game that has no io): the
-- port side of rtab conform, one answer line per situation line.
local function is_main()
  return required_as == nil and type(arg) == "table" and io ~= nil
end

local function serve(ruleset)
  for line in io.lines() do
    if line:find("%S") then
      io.write(json.encode(answer(ruleset, json.decode(line))), "\n")
      io.stdout:flush()
    end
  end
end
