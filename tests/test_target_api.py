#!/usr/bin/env python3
"""The API of the JavaScript (ECMAScript and CommonJS), TypeScript, Lua and
C# modules is strict where a game's code is loose, as real generated modules
run by node, tsc, lua5.1, lua5.4, luajit and mcs/mono show:

- an input of the wrong type (a numeral in a string, NaN, 1.7 for an
  integer, "yes" or 1 for a boolean, an unknown enum value or input) and a
  face "3" are refusals of the language's one error type (JS RtabError, Lua
  a table of metatable RtabError whose tostring is the message, C#
  RtabException), carrying the runtime's status and a message that names the
  input; an unknown table is one too;
- a good situation gives what rtab eval gives;
- labels and rule references per locale (and an unknown locale refused);
- Lua: JSON null is nil in a result (`if r.rewritten_from then` is false);
- JavaScript: require() of the .cjs gives the same ruleset without .default;
- TypeScript: tsc --strict accepts a correct host program and rejects a
  misspelt table, an unknown enum value and an unknown input, through the
  .d.mts and the .d.cts (which declares all the ECMAScript module has);
  a project tsc compiles into dist/ runs with the module in generated/;
- C#: no Main in the library: one program with its own Main compiles
  against two rulesets at once and a ruleset named `system`, results typed
  with int fields; the names as enums (every member's id the export's, the
  typed API giving what the string API and rtab eval give, a misspelt
  member an error of mcs, ids alike numbered);
- every module refuses at load data of another source (a module whose data
  and printed resolver come from two compiles), and every generated file
  starts with its SPDX line.

Exit 77 when none of the tools is there (unless RTAB_REQUIRE_TOOLS=1).

usage: test_target_api.py RTAB SOURCE_ROOT
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
os.chdir(root)
RULESET = 'tables/musket_pike.rtab'
require = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
tsc = os.path.join(root, 'tests', 'npm', 'node_modules', 'typescript', 'bin', 'tsc')
failures, skipped, ran = [], [], []

# name -> (what the host gives: inputs, faces; the status, the input the refusal names)
BAD = {
    'numeral': ({'attacker_morale': '3'}, [4], -3, 'attacker_morale'),
    'nan': ({'attacker_morale': 'NaN'}, [4], -3, 'attacker_morale'),
    'fraction': ({'attacker_morale': 1.7}, [4], -3, 'attacker_morale'),
    'yes': ({'cavalry_impetus': 'yes'}, [4], -3, 'cavalry_impetus'),
    'one_for_bool': ({'cavalry_impetus': 1}, [4], -3, 'cavalry_impetus'),
    'enum_value': ({'game': 'chess'}, [4], -3, 'game'),
    'unknown_input': ({'attacker_moral': 7}, [4], -3, 'attacker_moral'),
    'face': ({}, ['3'], -4, None),
}
GOOD = {'attacker_morale': 7, 'cavalry_impetus': True, 'game': 'tacw'}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def have(tool):
    return os.path.exists(tool) if os.path.isabs(tool) else shutil.which(tool) is not None


def export(path):
    return json.loads(run([rtab, 'export', '--format', 'json', path], check=True).stdout)


def evaluate(given, face):
    cmd = [rtab, 'eval', RULESET, 'melee', '--json', '--roll', str(face)]
    for k, v in given.items():
        cmd += ['--set', '%s=%s' % (k, str(v).lower() if isinstance(v, bool) else v)]
    return json.loads(run(cmd, check=True).stdout)


def check_answers(lang, text, data, want):
    """The JSON lines a host program printed, against what each case must give."""
    got = {}
    for line in text.splitlines():
        try:
            a = json.loads(line)
        except ValueError:
            failures.append('%s: not a JSON line: %r' % (lang, line))
            continue
        got[a['case']] = a
    for case, (_, _, status, name) in BAD.items():
        if lang == 'csharp' and case == 'face':
            continue  # a face is an int in C#: the compiler refuses a string
        a = got.get(case)
        if a is None or 'error' not in a:
            failures.append('%s: %s: no refusal, got %r' % (lang, case, a))
            continue
        e = a['error']
        if e.get('status') != status or e.get('input') != name or e.get('is_error') is not True:
            failures.append('%s: %s: refused with %r, not status %d naming %r in the one error type'
                            % (lang, case, e, status, name))
        if name and name not in e.get('message', ''):
            failures.append('%s: %s: the message %r does not name %s' % (lang, case, e.get('message'), name))
        if not e.get('message', '').startswith(data['messages'][str(status)]):
            failures.append('%s: %s: the message %r is not the runtime\'s' % (lang, case, e.get('message')))
    a = got.get('table', {}).get('error', {})
    if a.get('status') != -2 or 'mele' not in a.get('message', ''):
        failures.append('%s: an unknown table: %r' % (lang, got.get('table')))
    a = got.get('locale', {}).get('error', {})
    if a.get('status') != -10 or 'fr' not in a.get('message', ''):
        failures.append('%s: an unknown locale: %r' % (lang, got.get('locale')))
    good = got.get('good', {})
    for key in ('outcome', 'modified_roll', 'rule'):
        if good.get(key) != want[key]:
            failures.append('%s: the good situation gives %s %r, rtab eval %r' % (lang, key, good.get(key), want[key]))
    if good.get('rewritten_from_falsy') is not True:
        failures.append('%s: rewritten_from of a result without a rewrite is not falsy: %r' % (lang, good))
    labels = good.get('labels', {})
    for locale in data['locales']:
        if labels.get(locale) != data['outcome_labels'][want['outcome']][locale]:
            failures.append('%s: the label of %s in %s: %r' % (lang, want['outcome'], locale, labels.get(locale)))
    if good.get('pursuit_rule') != data['pursuit_rule']:
        failures.append('%s: the rule of cavalry_pursuit: %r, the export %r'
                        % (lang, good.get('pursuit_rule'), data['pursuit_rule']))
    ran.append(lang)


def check_csharp_typed(tmp, out, doc):
    """The typed C# API (CS_TYPED) against the export and rtab eval; a misspelt
    member is an error of mcs."""
    clash = os.path.join(tmp, 'clash.rtab')
    with open(clash, 'w', encoding='utf-8') as f:
        f.write(CLASH_RULESET)
    run([rtab, 'compile', '--target', 'csharp', clash, '-o', out], check=True)
    host = os.path.join(out, 'Typed.cs')
    libs = [os.path.join(out, 'musket_pike.cs'), os.path.join(out, 'clash.cs')]
    for misspelt, needle in (('TableName.Melee, units, new[] { face }', 'TableName.Mele, units, new[] { face }'),
                             ('{InputName.Game, "tacw"}', '{InputName.game, "tacw"}'),
                             ('case OutcomeName.DefenderBroken:', 'case OutcomeName.DefenderBroke:')):
        with open(host, 'w') as f:
            f.write(CS_TYPED.replace(misspelt, needle))
        p = run(['mcs', '-nologo', '-out:' + os.path.join(out, 'typed.exe'), host, *libs])
        if p.returncode == 0 or 'CS0117' not in p.stdout + p.stderr:
            failures.append('mcs: a misspelt member (%s) is not refused: %s' % (needle, (p.stdout + p.stderr)[:600]))
    with open(host, 'w') as f:
        f.write(CS_TYPED)
    exe = os.path.join(out, 'typed.exe')
    p = run(['mcs', '-nologo', '-warnaserror+', '-out:' + exe, host, *libs])
    if p.returncode != 0:
        failures.append('mcs: the typed host does not compile: %s' % (p.stdout + p.stderr)[:1500])
        return
    p = run(['mono', exe])
    if p.returncode != 0:
        failures.append('mono: the typed host: exit %d: %s' % (p.returncode, (p.stdout + p.stderr)[:1000]))
        return
    lines = {}
    for line in p.stdout.splitlines():
        key, _, rest = line.partition(' ')
        lines.setdefault(key, []).append(rest)
    for enum, section in (('tables', 'tables'), ('inputs', 'inputs'), ('outcomes', 'outcomes')):
        ids = [m.split('=', 1)[1] for m in lines.get(enum, [''])[0].split()]
        if ids != [d['id'] for d in doc[section]]:
            failures.append('C#: the members of the enum of %s give %r, the export %r'
                            % (section, ids, [d['id'] for d in doc[section]]))
    labels = {o['id']: o['labels'] for o in doc['outcomes']}
    pursuit_rule = next(t['rule'] for t in doc['tables'] if t['id'] == 'cavalry_pursuit')
    given = {'attacker_type': 'cuirassiers', 'attacker_cavalry_units': 3, 'game': 'tacw',
             'defender_type': 'heavy_infantry', 'defender_morale': 4}
    faces = lines.get('face', [])
    if len(faces) != 10:
        failures.append('C#: the typed host resolved %d faces, not 10: %r' % (len(faces), p.stdout[:500]))
    for line in faces:
        face, typed, by_string, broken, no_rewrite, rule, label = line.split(' ', 6)
        want = evaluate(given, int(face))['outcome']
        if (typed, by_string, broken) != (want, want, str(want == 'defender_broken')):
            failures.append('C#: face %s: the typed API gives %s (switch: %s), the string API %s, rtab eval %s'
                            % (face, typed, broken, by_string, want))
        if (no_rewrite, label, rule) != ('True', labels[want]['ru'], pursuit_rule):
            failures.append('C#: face %s: RewrittenFrom null %s, label %r, rule %r' % (face, no_rewrite, label, rule))
    chains = lines.get('chain', ['', ''])
    pursuits = [st.split(':')[1].split('=') for st in chains[0].split()[1:] if st.startswith('cavalry_pursuit:')]
    if chains[0] != chains[1] or pursuits != [['pursue_and_eliminate'] * 2, ['break_off'] * 2, ['pursue_off_map'] * 2]:
        failures.append('C#: the typed chain of 11.7.4 gives %r, the string API %r' % tuple(chains))
    undefined = lines.get('undefined', [''])[0]
    if not undefined.startswith('-2 no such table') or 'TableName 99' not in undefined:
        failures.append('C#: a TableName no member has: %r' % undefined)
    clash = lines.get('clash', [''])[0]
    if clash != 'HitHard=hit_hard HitHard_2=hitHard HitHard_3=hit__hard _2nd=_2nd HitHard2=HitHard_2':
        failures.append('C#: the members of ids alike: %r' % clash)
    ran.append('csharp typed')


def splice(first, second, start, end):
    """The text of first with its data (from the line starting with start to the
    first line after it that is end) taken from second: data and resolver of two compiles."""
    def block(text):
        i = text.index('\n' + start) + 1
        j = text.index('\n' + end + '\n', i) + len(end) + 2
        return i, j
    i, j = block(first)
    k, m = block(second)
    return first[:i] + second[k:m] + first[j:]


JS_HOST = r'''
const path = process.argv[2];
const m = path.endsWith('.cjs') ? require(path) : await import(path);
const rs = m.default;
const cases = JSON.parse(process.argv[3]);
const out = (o) => console.log(JSON.stringify(o));
const err = (e) => ({ is_error: e instanceof m.RtabError, status: e.status, input: e.input, message: e.message });
const value = (v) => (v === 'NaN' ? NaN : v);
for (const [name, [given, faces]] of Object.entries(cases)) {
  const g = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, value(v)]));
  try { out({ case: name, answer: rs.resolve('melee', g, faces, 0) }); } catch (e) { out({ case: name, error: err(e) }); }
}
try { rs.resolve('mele', {}, [4], 0); out({ case: 'table' }); } catch (e) { out({ case: 'table', error: err(e) }); }
try { rs.label('outcomes', 'stand', 'fr'); out({ case: 'locale' }); } catch (e) { out({ case: 'locale', error: err(e) }); }
const r = rs.resolve('melee', JSON.parse(process.argv[4]), [Number(process.argv[5])], 0);
const labels = Object.fromEntries(rs.locales.map((l) => [l, rs.label('outcomes', r.outcome, l)]));
out({ case: 'good', outcome: r.outcome, modified_roll: r.modified_roll, rule: r.rule, labels,
      rewritten_from_falsy: !r.rewritten_from, pursuit_rule: rs.rule('tables', 'cavalry_pursuit', 'en'),
      require_default: m === rs });
'''

LUA_HOST = r'''
package.path = arg[1] .. "/?.lua;" .. package.path
local m = require("musket_pike")
local function out(t)
  local parts = {}
  for k, v in pairs(t) do
    local text
    if type(v) == "table" then
      local inner = {}
      for k2, v2 in pairs(v) do
        local s = type(v2) == "string" and string.format("%q", v2):gsub("\\\n", "\\n") or tostring(v2)
        inner[#inner + 1] = string.format("%q: %s", k2, s)
      end
      text = "{" .. table.concat(inner, ", ") .. "}"
    elseif type(v) == "string" then text = string.format("%q", v)
    else text = tostring(v) end
    parts[#parts + 1] = string.format("%q: %s", k, text)
  end
  print("{" .. table.concat(parts, ", ") .. "}")
end
local function err(e)
  return {is_error = getmetatable(e) == m.RtabError, status = e.status, input = e.input, message = tostring(e)}
end
local cases = {
  numeral = {{attacker_morale = "3"}, {4}}, nan = {{attacker_morale = 0 / 0}, {4}},
  fraction = {{attacker_morale = 1.7}, {4}}, yes = {{cavalry_impetus = "yes"}, {4}},
  one_for_bool = {{cavalry_impetus = 1}, {4}}, enum_value = {{game = "chess"}, {4}},
  unknown_input = {{attacker_moral = 7}, {4}}, face = {{}, {"3"}},
}
for name, c in pairs(cases) do
  local ok, e = pcall(m.resolve, m, "melee", c[1], c[2], 0)
  if ok then out({case = name}) else out({case = name, error = err(e)}) end
end
local ok, e = pcall(m.resolve, m, "mele", {}, {4}, 0)
out({case = "table", error = not ok and err(e) or nil})
ok, e = pcall(m.label, m, "outcomes", "stand", "fr")
out({case = "locale", error = not ok and err(e) or nil})
local r = m:resolve("melee", {attacker_morale = 7, cavalry_impetus = true, game = "tacw"}, {tonumber(arg[2])}, 0)
local labels = {}
for _, l in ipairs(m.locales) do labels[l] = m:label("outcomes", r.outcome, l) end
local falsy = true
if r.rewritten_from then falsy = false end
out({case = "good", outcome = r.outcome, modified_roll = r.modified_roll, rule = r.rule, labels = labels,
     rewritten_from_falsy = falsy and rawget(r, "rewritten_from") == nil,
     pursuit_rule = m:rule("tables", "cavalry_pursuit", "en")})
'''

CS_HOST = r'''
using System;
using System.Collections.Generic;
using System.Linq;
using MP = Rtab.MusketPike;

public static class Host
{
    static string Q(string s) { return s == null ? "null" : "\"" + s.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\""; }
    static string Err(MP.RtabException e)
    {
        return "{\"is_error\": true, \"status\": " + e.Status + ", \"input\": " + Q(e.Input) + ", \"message\": " + Q(e.Message) + "}";
    }
    static void Try(string name, Action a)
    {
        try { a(); Console.WriteLine("{\"case\": " + Q(name) + "}"); }
        catch (MP.RtabException e) { Console.WriteLine("{\"case\": " + Q(name) + ", \"error\": " + Err(e) + "}"); }
    }
    public static int Main(string[] args)
    {
        var rs = MP.Rules.Ruleset;
        var cases = new Dictionary<string, Dictionary<string, object>> {
            {"numeral", new Dictionary<string, object> {{"attacker_morale", "3"}}},
            {"nan", new Dictionary<string, object> {{"attacker_morale", double.NaN}}},
            {"fraction", new Dictionary<string, object> {{"attacker_morale", 1.7}}},
            {"yes", new Dictionary<string, object> {{"cavalry_impetus", "yes"}}},
            {"one_for_bool", new Dictionary<string, object> {{"cavalry_impetus", 1}}},
            {"enum_value", new Dictionary<string, object> {{"game", "chess"}}},
            {"unknown_input", new Dictionary<string, object> {{"attacker_moral", 7}}},
        };
        foreach (var c in cases) Try(c.Key, () => rs.Resolve("melee", c.Value, new[] { 4 }));
        Try("table", () => rs.Resolve("mele", null, new[] { 4 }));
        Try("locale", () => rs.Label("outcomes", "stand", "fr"));
        MP.TableResult r = rs.Resolve("melee", new Dictionary<string, object> {
            {"attacker_morale", 7}, {"cavalry_impetus", true}, {"game", "tacw"}}, new[] { int.Parse(args[0]) });
        int roll = r.ModifiedRoll;  // an int, not a boxed long
        var labels = string.Join(", ", rs.Locales.Select(l => Q(l) + ": " + Q(rs.Label("outcomes", r.OutcomeId, l))));
        Console.WriteLine("{\"case\": \"good\", \"outcome\": " + Q(r.OutcomeId) + ", \"modified_roll\": " + roll +
                          ", \"rule\": " + Q(r.Rule) + ", \"labels\": {" + labels + "}, \"rewritten_from_falsy\": " +
                          (r.RewrittenFrom == null ? "true" : "false") + ", \"pursuit_rule\": " +
                          Q(rs.Rule("tables", "cavalry_pursuit", "en")) + "}");
        // Two more rulesets in the same program: another bundled one and one named system.
        var odds = Rtab.ClassicOdds.Rules.Ruleset;
        var sys = Rtab.System.Rules.Ruleset.Resolve("shot", null, new[] { 5 });
        Console.Error.WriteLine("others: " + odds.Locales.Count + " " + sys.OutcomeId);
        return sys.Outcome == Rtab.System.OutcomeName.Hit ? 0 : 3;
    }
}
'''

# The typed API: the ruleset's names as enums. Prints, one line each: every
# member of each enum and its id; each face's outcome by the typed and by the
# string API (and the label read by the enum); the chain of three cavalry
# units; an enum value no member has; the names of a ruleset whose ids differ
# only in case and underscores.
CS_TYPED = r'''
using System;
using System.Collections.Generic;
using System.Linq;
using Rtab.MusketPike;

public static class Typed
{
    static string Members<T>(Func<T, string> id)
    {
        return string.Join(" ", Enum.GetValues(typeof(T)).Cast<T>().Select(m => m + "=" + id(m)));
    }
    public static int Main(string[] args)
    {
        var rs = Rules.Ruleset;
        Console.WriteLine("tables " + Members<TableName>(n => n.Id()));
        Console.WriteLine("inputs " + Members<InputName>(n => n.Id()));
        Console.WriteLine("outcomes " + Members<OutcomeName>(n => n.Id()));
        var units = new Dictionary<InputName, object> {
            {InputName.AttackerType, "cuirassiers"}, {InputName.AttackerCavalryUnits, 3}, {InputName.Game, "tacw"},
            {InputName.DefenderType, "heavy_infantry"}, {InputName.DefenderMorale, 4},
        };
        var byId = units.ToDictionary(kv => kv.Key.Id(), kv => kv.Value);
        for (int face = 0; face <= 9; face++) {
            TableResult r = rs.Resolve(TableName.Melee, units, new[] { face });
            OutcomeName outcome = r.Outcome.Value;
            bool broken = false;
            switch (outcome) {
            case OutcomeName.DefenderBroken: broken = true; break;
            default: break;
            }
            Console.WriteLine("face " + face + " " + outcome.Id() + " " + rs.Resolve("melee", byId, new[] { face }).OutcomeId +
                              " " + broken + " " + (r.RewrittenFrom == null) + " " + rs.Rule(TableName.CavalryPursuit) +
                              " " + rs.Label(outcome, "ru"));
        }
        var then = new IList<int>[] { new[] { 3 }, new[] { 3 }, new[] { 6 } };
        foreach (var c in new[] { rs.Chain(TableName.Melee, units, new[] { 6 }, 0, then), rs.Chain("melee", byId, new[] { 6 }, 0, then) })
            Console.WriteLine("chain " + c.Outcome.Value.Id() + " " + string.Join(" ", c.Steps.Select(
                st => st.Name + ":" + (st.Outcome.HasValue ? st.Outcome.Value.Id() + "=" + st.OutcomeId : "-"))));
        try {
            rs.Resolve((TableName)99, units, new[] { 4 });
            Console.WriteLine("undefined accepted");
        } catch (RtabException e) {
            Console.WriteLine("undefined " + e.Status + " " + e.Message);
        }
        Console.WriteLine("clash " + Members<Rtab.Clash.OutcomeName>(n => Rtab.Clash.Names.Id(n)));
        return 0;
    }
}
'''
# Names whose PascalCase is the same (hit_hard, hitHard and hit__hard are all HitHard),
# or starts with a digit.
CLASH_RULESET = (
    'ruleset clash { locales en; en "Clash"; }\ndice d6 = 1d6;\n'
    'outcome hit_hard { en "A"; }\noutcome hitHard { en "B"; }\noutcome hit__hard { en "C"; }\n'
    'outcome _2nd { en "D"; }\noutcome HitHard_2 { en "E"; }\n'
    'table shot { en "Shot"; roll d6; rows { hit_hard 6; hitHard 5; hit__hard 4; _2nd 3; HitHard_2 <=2; } }\n')

TS_GOOD = r'''
import ruleset, { RtabError, type TableName, type TableResult, type Situation } from './musket_pike.mjs';
const units: Partial<Situation> = { game: 'tacw', attacker_type: 'cuirassiers', attacker_cavalry_units: 3 };
const table: TableName = 'melee';
const r: TableResult = ruleset.resolve(table, units, [6], 0);
if (!r.no_result) {
  const roll: number = r.modified_roll;
  const outcome: string = r.outcome;
  const label: string | null = ruleset.label('outcomes', outcome, 'ru');
  const rule: string | null = r.rule;
  void roll; void label; void rule;
}
try { ruleset.chain('melee', units, [6], 0, [[3], [3], [6]]); } catch (e) { if (e instanceof RtabError) console.log(e.status, e.input); }
'''
# Each a line of its own after TS_GOOD, and what tsc's error on that line names.
TS_BAD = {
    'a misspelt table': ("ruleset.resolve('mele', {}, [6], 0);", '"mele"'),
    'an unknown enum value': ("ruleset.resolve('melee', { game: 'chess' }, [6], 0);", '"chess"'),
    'an unknown input': ("ruleset.resolve('melee', { attacker_moral: 7 }, [6], 0);", 'attacker_moral'),
    'a string for a number': ("ruleset.resolve('melee', { attacker_morale: '3' }, [6], 0);", "'string'"),
    'a field of no result unnarrowed': ("export const x: number = ruleset.resolve('melee', {}, [6], 0).natural;",
                                        'natural'),
}

# The CommonJS module through its own declarations (.d.cts): module.exports is
# the ruleset, its types members of it. A line per member the module has at
# run time is added (MEMBERS), so a member left out of the declarations fails.
TS_CTS_GOOD = r'''
import ruleset = require('./musket_pike.cjs');
const units: Partial<ruleset.Situation> = { game: 'tacw', attacker_type: 'cuirassiers', attacker_cavalry_units: 3 };
const table: ruleset.TableName = 'melee';
const r: ruleset.TableResult = ruleset.resolve(table, units, [6], 0);
if (!r.no_result) {
  const roll: number = r.modified_roll;
  const outcome: ruleset.OutcomeName = r.outcome;
  const label: string | null = ruleset.label('outcomes', outcome, 'ru');
  void roll; void label;
}
const hash: string = ruleset.SOURCE_HASH + ruleset.sourceHash;
const made: ruleset.Ruleset = new ruleset.Ruleset(ruleset.DATA, null, { data_version: ruleset.DATA_MODEL, source_hash: hash });
void made;
try { ruleset.chain('melee', units, [6], 0, [[3], [3], [6]]); } catch (e) { if (e instanceof ruleset.RtabError) console.log(e.status, e.input); }
'''
TS_CTS_BAD = {
    'a misspelt table': ("ruleset.resolve('mele', {}, [6], 0);", '"mele"'),
    'an unknown enum value': ("ruleset.resolve('melee', { game: 'chess' }, [6], 0);", '"chess"'),
    'a field of no result unnarrowed': ("export const x: number = ruleset.resolve('melee', {}, [6], 0).natural;",
                                        'natural'),
}
MEMBERS = r'''
const m = await import(process.argv[2]);
console.log(Object.keys(m).filter((k) => k !== 'default').join('\n'));
'''


def ruleset_members(d_mts):
    """The members the ECMAScript declarations give class Ruleset (what the ruleset has)."""
    body = d_mts[d_mts.index('export declare class Ruleset {'):]
    body = body[:body.index('\n}\n')]
    return re.findall(r'^  (?:readonly )?(\w+)[(:]', body, re.M)


def check_tsc(out, program, name, bad):
    """tsc --strict accepts program (a file name, its text) and refuses each of bad's lines
    (what: (line, what the error names)) after it."""
    def tsc_run(text):
        with open(os.path.join(out, name), 'w') as f:
            f.write(text)
        return run(['node', tsc, '--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext',
                    '--target', 'es2020', os.path.join(out, name)])
    p = tsc_run(program)
    if p.returncode != 0:
        failures.append('tsc rejects a correct host program (%s): %s' % (name, p.stdout[:1500]))
    first = program.count('\n') + 1
    p = tsc_run(program + ''.join(line + '\n' for line, _ in bad.values()))
    errors = {}
    for m in re.finditer(re.escape(name) + r'\((\d+),\d+\): error (.*)', p.stdout):
        errors.setdefault(int(m.group(1)), []).append(m.group(2))
    for k, (what, (line, needle)) in enumerate(bad.items()):
        said = ' '.join(errors.get(first + k, []))
        if needle not in said:
            failures.append('tsc (%s) accepts %s (line %d: %r): %s' % (name, what, first + k, said, p.stdout[:800]))


def check_tsc_project(tmp, want, face):
    """A TypeScript project as docs/targets.md sets it up: tsc compiles src/ into dist/ and
    copies no .mjs, so the module stays in generated/, beside both, and the program tsc
    wrote runs."""
    proj = os.path.join(tmp, 'project')
    os.makedirs(os.path.join(proj, 'src'))
    run([rtab, 'compile', '--target', 'ts', RULESET, '-o', os.path.join(proj, 'generated')], check=True)
    with open(os.path.join(proj, 'src', 'main.mts'), 'w') as f:
        f.write("import ruleset from '../generated/musket_pike.mjs';\n"
                "console.log(ruleset.resolve('melee', %s, [%d], 0).outcome);\n" % (json.dumps(GOOD), face))
    with open(os.path.join(proj, 'tsconfig.json'), 'w') as f:
        json.dump({'compilerOptions': {'strict': True, 'module': 'nodenext', 'moduleResolution': 'nodenext',
                                       'target': 'es2020', 'rootDir': 'src', 'outDir': 'dist'},
                   'include': ['src']}, f)
    p = run(['node', tsc, '-p', proj])
    if p.returncode != 0:
        failures.append('tsc -p on a project: %s' % (p.stdout + p.stderr)[:800])
        return
    p = run(['node', os.path.join(proj, 'dist', 'main.mjs')])
    if p.returncode != 0 or p.stdout.strip() != want['outcome']:
        failures.append('the program tsc wrote: exit %d: %s, rtab eval gives %s'
                        % (p.returncode, (p.stdout + p.stderr)[:500], want['outcome']))


def check_spdx(out):
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name), encoding='utf-8') as f:
            first = f.readline().strip()
        if not re.match(r'^(//|--|#) SPDX-License-Identifier: MIT-0$', first):
            failures.append('%s: its first line is %r, not its SPDX line' % (name, first))


with tempfile.TemporaryDirectory() as tmp:
    out, other = os.path.join(tmp, 'out'), os.path.join(tmp, 'other')
    # The same ruleset with one label changed: a compile of another source.
    with open(RULESET, encoding='utf-8') as f:
        changed = f.read().replace('en "Musket & Pike: Close Combat";', 'en "Musket & Pike: Close Combat, revised";')
    if 'revised' not in changed:
        sys.exit('test_target_api: the title of %s is not where the test changes it' % RULESET)
    changed_path = os.path.join(tmp, 'musket_pike.rtab')
    with open(changed_path, 'w', encoding='utf-8') as f:
        f.write(changed)
    system_path = os.path.join(tmp, 'system.rtab')
    with open(system_path, 'w', encoding='utf-8') as f:
        f.write('ruleset system { locales en; en "System"; }\ndice d6 = 1d6;\n'
                'outcome hit { en "Hit"; }\noutcome miss { en "Miss"; }\n'
                'table shot { en "Shot"; roll d6; rows { hit >=4; miss <=3; } }\n')
    for target in ('ts', 'lua', 'csharp'):
        for src, d in ((RULESET, out), (changed_path, other)):
            run([rtab, 'compile', '--target', target, src, '-o', d], check=True)
    run([rtab, 'compile', '--target', 'csharp', 'tables/classic_odds.rtab', '-o', out], check=True)
    run([rtab, 'compile', '--target', 'csharp', system_path, '-o', out], check=True)
    check_spdx(out)
    doc = export(RULESET)
    data = {'locales': doc['locales'],
            'outcome_labels': {o['id']: o['labels'] for o in doc['outcomes']},
            'pursuit_rule': next(t['rule'] for t in doc['tables'] if t['id'] == 'cavalry_pursuit'),
            'messages': {'-2': 'no such table', '-3': 'an input is missing or outside its domain',
                         '-4': 'wrong number of dice faces, or a face outside its die'}}
    face = 4
    want = evaluate(GOOD, face)
    cases = {k: [v[0], v[1]] for k, v in BAD.items()}

    def refused_at_load(lang, cmd, text):
        p = run(cmd)
        if p.returncode == 0 or 'both must come from one run of rtab compile' not in p.stdout + p.stderr:
            failures.append('%s: a module whose data and resolver come from two compiles loads (exit %d): %s'
                            % (lang, p.returncode, (p.stdout + p.stderr)[:400]))

    if have('node'):
        for module in ('musket_pike.mjs', 'musket_pike.cjs'):
            host = os.path.join(out, 'host.mjs' if module.endswith('.mjs') else 'host.cjs')
            body = JS_HOST if module.endswith('.mjs') else '(async () => {\n%s\n})();\n' % JS_HOST
            with open(host, 'w') as f:
                f.write(body)
            p = run(['node', host, os.path.join(out, module), json.dumps(cases), json.dumps(GOOD), str(face)])
            if p.returncode != 0:
                failures.append('node %s: exit %d: %s' % (module, p.returncode, p.stderr[:1000]))
                continue
            check_answers('node ' + module, p.stdout, data, want)
            if module.endswith('.cjs') and '"require_default":true' not in p.stdout:
                failures.append('node: require() of the .cjs is not the ruleset itself')
            spliced = os.path.join(tmp, 'spliced' + module[-4:])
            with open(os.path.join(out, module)) as a, open(os.path.join(other, module)) as b:
                text = splice(a.read(), b.read(), 'export const DATA = ' if module.endswith('.mjs') else 'const DATA = ', '};')
            with open(spliced, 'w') as f:
                f.write(text)
            refused_at_load('node ' + module, ['node', spliced], text)
    else:
        skipped.append('node')

    if have('node') and have(tsc):
        check_tsc(out, TS_GOOD, 'check.mts', TS_BAD)
        # What the ECMAScript module exports and what its ruleset has: the CommonJS one has all of it.
        with open(os.path.join(out, 'members.mjs'), 'w') as f:
            f.write(MEMBERS)
        members = run(['node', os.path.join(out, 'members.mjs'), os.path.join(out, 'musket_pike.mjs')],
                      check=True).stdout.split()
        with open(os.path.join(out, 'musket_pike.d.mts'), encoding='utf-8') as f:
            members += ruleset_members(f.read())
        if 'RtabError' not in members or 'resolve' not in members or 'chain' not in members:
            failures.append('node: the members of the module: %r' % members)
        check_tsc(out, TS_CTS_GOOD + ''.join('void ruleset.%s;\n' % k for k in members), 'check.cts', TS_CTS_BAD)
        check_tsc_project(tmp, want, face)
        ran.append('tsc')
    else:
        skipped.append('tsc')

    for lua in ('lua5.1', 'lua5.4', 'luajit'):
        if not have(lua):
            skipped.append(lua)
            continue
        host = os.path.join(out, 'host.lua')
        with open(host, 'w') as f:
            f.write(LUA_HOST)
        p = run([lua, host, out, str(face)])
        if p.returncode != 0:
            failures.append('%s: exit %d: %s' % (lua, p.returncode, p.stderr[:1000]))
            continue
        # Lua's %q writes a newline as a backslash and a newline; none is in these texts.
        check_answers(lua, p.stdout, data, want)
        if lua != 'lua5.1':  # lua5.1's interpreter prints no error object but a string
            p = run([lua, '-e', 'package.path = "%s/?.lua;" .. package.path; '
                     'require("musket_pike"):resolve("melee", {attacker_morale = "3"}, {4}, 0)' % out])
            if 'attacker_morale = "3" is not an integer' not in p.stderr:
                failures.append('%s: an error raised to the top prints %r' % (lua, p.stderr[:300]))
        with open(os.path.join(out, 'musket_pike.lua')) as a, open(os.path.join(other, 'musket_pike.lua')) as b:
            text = splice(a.read(), b.read(), 'local DATA = ', '}')
        spliced = os.path.join(tmp, 'spliced.lua')
        with open(spliced, 'w') as f:
            f.write(text)
        refused_at_load(lua, [lua, spliced], text)

    if have('mcs') and have('mono'):
        host = os.path.join(out, 'Host.cs')
        with open(host, 'w') as f:
            f.write(CS_HOST)
        exe = os.path.join(out, 'host.exe')
        p = run(['mcs', '-nologo', '-warnaserror+', '-out:' + exe, host, os.path.join(out, 'musket_pike.cs'),
                 os.path.join(out, 'classic_odds.cs'), os.path.join(out, 'system.cs')])
        if p.returncode != 0:
            failures.append('mcs: a program with its own Main and three rulesets (one named system) does not '
                            'compile: %s' % (p.stdout + p.stderr)[:1500])
        else:
            p = run(['mono', exe, str(face)])
            if p.returncode != 0:
                failures.append('mono: exit %d: %s%s' % (p.returncode, p.stdout[-500:], p.stderr[:1000]))
            else:
                check_answers('csharp', p.stdout, data, want)
        # The conform program of one compile against the library of another.
        exe = os.path.join(tmp, 'mixed.exe')
        p = run(['mcs', '-nologo', '-out:' + exe, os.path.join(other, 'musket_pike.cs'),
                 os.path.join(out, 'musket_pike_conform.cs')])
        if p.returncode != 0:
            failures.append('mcs: %s' % (p.stdout + p.stderr)[:500])
        else:
            refused_at_load('mono', ['mono', exe], '')
        check_csharp_typed(tmp, out, doc)
    else:
        skipped.append('mcs/mono')

for s in skipped:
    print('skipped: %s missing' % s)
for f in failures:
    print('FAIL ' + f)
if failures or (require and skipped):
    sys.exit(1)
if not ran:
    sys.exit(77)
print('ok: %s: strict inputs, one error type, labels and rules per locale, data and resolver of one compile'
      % ', '.join(ran))
