// The Musket & Pike melee (tables/musket_pike.rtab, 11.0 to 11.3.8), ported by hand to
// C# as a careful programmer would: the baseline the library of `rtab compile --target
// csharp` is timed against (bench/targets/targets.py). It fills the same result as the
// library's Resolve("melee", ...): the modifiers applied (stacking decided), the modifier
// and the modified roll, the outcome, its code, rule and effects, the triggers with which
// trigger of the outcome each is and what each passes on, and the first provisional
// reason, in a typed result of int fields; it reads the situation by input id and refuses
// what the library refuses (an unknown input, a value of another type or outside its
// domain, a broken requirement, a wrong face).
//
//   var melee = new HandwrittenMelee(Rules.Data);   // the texts and effects, read once
//   melee.Resolve(new Dictionary<string, object> {{"attacker_morale", 7}}, 4);
using System;
using System.Collections.Generic;
using System.Linq;

/// <summary>A refusal, with the runtime's status.</summary>
public sealed class MeleeError : Exception
{
    public readonly int Status;
    public MeleeError(int status, string detail) : base(detail) { Status = status; }
}

public sealed class MeleeApplied
{
    public string Modifier;
    public int Value, SignedValue;
    public bool Counted = true, Shift;
    public MeleeApplied(string modifier, int value, int sign)
    {
        Modifier = modifier;
        Value = value;
        SignedValue = value * sign;
    }
}

public sealed class MeleeResult
{
    public string Column = "all", Key, KeyColumn = "all";
    public int ColumnShift;
    public bool Automatic, NaturalRule;
    public int Natural, ModifierRaw, Modifier, ModifiedRoll;
    public List<MeleeApplied> Applied;
    public string RewrittenFrom, Outcome, Code, Rule, Provisional;
    public object[] Effects;
    public List<string> Triggers = new List<string>();
    public List<int> TriggerOf = new List<int>();
    public List<Dictionary<string, object>> TriggerInputs = new List<Dictionary<string, object>>();
}

public sealed class HandwrittenMelee
{
    const int CUIR = 0, ARQ = 1, HI = 2, LI = 3, HEDGEHOG = 4, HIWP = 5, NOT_IN_MATRIX = 6;
    const int WAVERING = 1, SCATTERED = 2;
    const int NGBG = 1, SIA = 2;
    static readonly string[] UnitTypes = { "cuirassiers", "arquebusiers", "heavy_infantry", "light_infantry", "hedgehog",
        "heavy_infantry_without_pikes", "not_in_matrix" };
    static readonly string[] Formations = { "normal", "wavering", "scattered", "hedgehog" };
    static readonly string[] Games = { "tacw", "ngbg", "sia", "other" };
    static readonly string[] Outcomes = { "attacker_eliminated", "attacker_broken", "attacker_shaken_retreat_2",
        "attacker_shaken_retreat_1", "defender_shaken_retreat_1", "defender_shaken_retreat_2", "defender_broken",
        "defender_eliminated" };
    // The Melee Matrix (11.3.8): [attacker * 7 + defender], 0 where it prints nothing.
    static readonly int[] Matrix = new int[49];
    // The row of each modified roll -4..13 (the cap keeps it there).
    static readonly int[] Row = { 0, 0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 7, 7, 7 };

    // The inputs the melee reads, in this order: each one's name, its values (an enum's ids,
    // or null), its domain and default.
    public static readonly string[] Names = { "game", "attacker_type", "defender_type", "attacker_leaders",
        "defender_leaders", "attacker_morale", "defender_morale", "attacker_strength", "defender_strength",
        "defending_cavalry_pistol_shot", "flank_rear_hexes", "attacker_formation", "attacker_open_order",
        "defender_formation", "defender_open_order", "after_volley", "heavy_infantry_impetus", "cavalry_impetus",
        "halmstad", "attacker_light_cavalry", "eliminated_failing_to_retreat", "attacker_cavalry_units",
        "defender_cavalry_units" };
    const int GAME = 0, ATT_TYPE = 1, DEF_TYPE = 2, ATT_LEADERS = 3, DEF_LEADERS = 4, ATT_MORALE = 5, DEF_MORALE = 6,
        ATT_STRENGTH = 7, DEF_STRENGTH = 8, PISTOL = 9, FLANK = 10, ATT_FORM = 11, ATT_OPEN = 12, DEF_FORM = 13,
        DEF_OPEN = 14, AFTER_VOLLEY = 15, HI_IMPETUS = 16, CAV_IMPETUS = 17, HALMSTAD = 18, ATT_LIGHT_CAV = 19,
        FAILING = 20, ATT_CAV = 21, DEF_CAV = 22;
    public static readonly string[][] Enums = { Games, UnitTypes, UnitTypes, null, null, null, null, null, null, null,
        null, Formations, null, Formations, null, null, null, null, null, null, null, null, null };
    public static readonly bool[] Bools = Names.Select((n, i) => i == PISTOL || i == ATT_OPEN || i == DEF_OPEN ||
        (i >= AFTER_VOLLEY && i <= FAILING)).ToArray();
    public static readonly int[] Min = { 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    public static readonly int[] Max = { 3, 6, 6, 3, 3, 10, 10, 99, 99, 1, 4, 3, 1, 3, 1, 1, 1, 1, 1, 1, 1, 6, 6 };
    static readonly int[] Defaults = { 3, 6, 6, 0, 0, 5, 5, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    static readonly Dictionary<string, int> Index = Names.Select((n, i) => new KeyValuePair<string, int>(n, i))
        .ToDictionary(kv => kv.Key, kv => kv.Value);

    readonly string[] reason = new string[6]; // of attacker_leaders ... defender_strength at their defaults
    readonly string ratioReason;
    readonly string[] rowReason, rowRule;
    readonly Dictionary<string, object[]> effects = new Dictionary<string, object[]>();

    static HandwrittenMelee()
    {
        Matrix[CUIR * 7 + HIWP] = 2; Matrix[ARQ * 7 + CUIR] = -1; Matrix[ARQ * 7 + HIWP] = 1;
        Matrix[HI * 7 + LI] = 1; Matrix[HI * 7 + HIWP] = 2; Matrix[HIWP * 7 + HI] = -1; Matrix[HIWP * 7 + LI] = 1;
    }

    static object Get(object o, string key)
    {
        var d = o as Dictionary<string, object>;
        object v;
        return d != null && d.TryGetValue(key, out v) ? v : null;
    }
    static object[] Arr(object o, string key) { return (object[])Get(o, key); }
    static object ById(object[] list, string id) { return list.First(d => (string)Get(d, "id") == id); }

    /// <summary>The texts a result shows (the reasons, the rules, the effects), read once from the export.</summary>
    public HandwrittenMelee(Dictionary<string, object> data)
    {
        var inputs = Arr(data, "inputs");
        for (int i = 0; i < 6; i++) reason[i] = (string)Get(ById(inputs, Names[ATT_LEADERS + i]), "provisional");
        ratioReason = (string)Get(ById(Arr(data, "bands"), "force_ratio"), "provisional");
        var melee = ById(Arr(data, "tables"), "melee");
        rowReason = Arr(melee, "rows").Select(r => Get(r, "provisional") as string).ToArray();
        rowRule = Arr(melee, "rows").Select(r => (Get(r, "rule") ?? Get(melee, "rule")) as string).ToArray();
        var kinds = Arr(data, "effect_kinds");
        var enums = Arr(data, "enums");
        foreach (var o in Arr(data, "outcomes")) {
            effects[(string)Get(o, "id")] = Arr(o, "effects").Select(e => {
                var kind = kinds[(long)Get(e, "kind")];
                var ps = Arr(kind, "params");
                var args = Arr(e, "args").Take(ps.Length).Select((a, i) => (long)Get(ps[i], "enum_index") >= 0
                    ? Get(Arr(enums[(long)Get(ps[i], "enum_index")], "values")[(long)a], "id") : a).ToArray();
                var effect = new Dictionary<string, object> { {"effect", Get(kind, "id")}, {"args", args} };
                if (ps.Any(p => Get(p, "unit") != null))
                    effect["units"] = ps.Select(p => Get(p, "unit")).Take(args.Length).ToArray();
                return (object)effect;
            }).ToArray();
        }
    }

    static bool Integral(object v) { return v is int || v is long || v is short || v is byte || v is sbyte || v is ushort || v is uint; }

    int[] Situation(IDictionary<string, object> given)
    {
        var v = (int[])Defaults.Clone();
        if (given != null) {
            foreach (var kv in given) {
                int i;
                if (kv.Key == null || !Index.TryGetValue(kv.Key, out i)) throw new MeleeError(-3, "no input of the melee named " + kv.Key);
                object value = kv.Value;
                if (Enums[i] != null) {
                    int k = value is string ? Array.IndexOf(Enums[i], (string)value) : -1;
                    if (k < 0) throw new MeleeError(-3, "input " + kv.Key + " is " + value + ", not one of its values");
                    v[i] = k;
                } else if (Bools[i]) {
                    if (!(value is bool)) throw new MeleeError(-3, "input " + kv.Key + " is " + value + ", not true or false");
                    v[i] = (bool)value ? 1 : 0;
                } else {
                    long n = Integral(value) ? Convert.ToInt64(value) : long.MinValue;
                    if (n < Min[i] || n > Max[i]) throw new MeleeError(-3, "input " + kv.Key + " is " + value + ", outside its domain");
                    v[i] = (int)n;
                }
            }
        }
        // The three requirements of the rules (11.7.1, 11.3.8).
        if ((v[ATT_TYPE] == CUIR || v[ATT_TYPE] == ARQ || v[ATT_LIGHT_CAV] != 0) && v[ATT_CAV] == 0)
            throw new MeleeError(-15, "attacking_cavalry_counted");
        if ((v[DEF_TYPE] == CUIR || v[DEF_TYPE] == ARQ) && v[DEF_CAV] == 0) throw new MeleeError(-15, "defending_cavalry_counted");
        if (v[ATT_LIGHT_CAV] != 0 && v[ATT_TYPE] != NOT_IN_MATRIX) throw new MeleeError(-15, "light_cavalry_not_in_matrix");
        return v;
    }

    public MeleeResult Resolve(IDictionary<string, object> given, int face)
    {
        var v = Situation(given);
        if (face < 0 || face > 9) throw new MeleeError(-4, "face " + face);
        int al = v[ATT_LEADERS], dl = v[DEF_LEADERS], am = v[ATT_MORALE], dm = v[DEF_MORALE];
        int ast = v[ATT_STRENGTH], dst = v[DEF_STRENGTH], att = v[ATT_TYPE], def = v[DEF_TYPE];
        var mods = new List<MeleeApplied>();
        int total = 0;
        // Leaders (11.3.2): one per side counts.
        if (al >= 1) { mods.Add(new MeleeApplied("attacker_leader", 1, 1)); total += 1; }
        if (al >= 2) mods.Add(new MeleeApplied("attacker_second_leader", 1, 1) { Counted = false });
        if (dl >= 1) { mods.Add(new MeleeApplied("defender_leader", 1, -1)); total -= 1; }
        if (dl >= 2) mods.Add(new MeleeApplied("defender_second_leader", 1, -1) { Counted = false });
        if (am != dm) { mods.Add(new MeleeApplied("morale_difference", am - dm, 1)); total += am - dm; }
        int ratio = (ast >= 4 * dst ? 1 : 0) + (ast >= 2 * dst ? 1 : 0) - (4 * ast <= dst ? 1 : 0) - (2 * ast <= dst ? 1 : 0);
        if (ratio != 0) { mods.Add(new MeleeApplied("force_ratio_modifier", ratio, 1)); total += ratio; }
        if (att != NOT_IN_MATRIX && att != HEDGEHOG && def != NOT_IN_MATRIX) {
            int cell = Matrix[att * 7 + def];
            mods.Add(new MeleeApplied("melee_matrix_modifier", cell, 1));
            total += cell;
        }
        if (v[PISTOL] != 0) { mods.Add(new MeleeApplied("pistol_shot", 1, -1)); total -= 1; }
        if (v[FLANK] > 0) { mods.Add(new MeleeApplied("flank_rear", v[FLANK], 1)); total += v[FLANK]; }
        // Formation (11.3): only the worst per side counts.
        MeleeApplied attForm = null, defForm = null;
        if (v[ATT_FORM] == WAVERING || v[ATT_OPEN] != 0) {
            attForm = new MeleeApplied("attacker_wavering_or_open_order", -1, 1);
            mods.Add(attForm);
        }
        if (v[ATT_FORM] == SCATTERED) {
            if (attForm != null) attForm.Counted = false;
            attForm = new MeleeApplied("attacker_scattered", -2, 1);
            mods.Add(attForm);
        }
        if (v[AFTER_VOLLEY] != 0) { mods.Add(new MeleeApplied("after_volley", 1, 1)); total += 1; }
        if (v[HI_IMPETUS] != 0) { mods.Add(new MeleeApplied("heavy_infantry_impetus", 1, 1)); total += 1; }
        if (v[CAV_IMPETUS] != 0) {
            // +2, but +1 in NGBG at Halmstad and for SiA's arquebusiers and light cavalry (11.3.6).
            if (v[GAME] == NGBG && v[HALMSTAD] != 0) { mods.Add(new MeleeApplied("cavalry_impetus_ngbg_halmstad", 1, 1)); total += 1; }
            else if (v[GAME] == SIA && (att == ARQ || v[ATT_LIGHT_CAV] != 0)) {
                mods.Add(new MeleeApplied("cavalry_impetus_sia", 1, 1));
                total += 1;
            } else { mods.Add(new MeleeApplied("cavalry_impetus", 2, 1)); total += 2; }
        }
        if (v[DEF_FORM] == WAVERING || v[DEF_OPEN] != 0) {
            defForm = new MeleeApplied("defender_wavering_or_open_order", -1, -1);
            mods.Add(defForm);
        }
        if (v[DEF_FORM] == SCATTERED) {
            if (defForm != null) defForm.Counted = false;
            defForm = new MeleeApplied("defender_scattered", -2, -1);
            mods.Add(defForm);
        }
        if (attForm != null) total += attForm.SignedValue;
        if (defForm != null) total += defForm.SignedValue;
        int modifier = total > 4 ? 4 : total < -4 ? -4 : total;
        int roll = face + modifier;
        int row = Row[roll + 4];
        var r = new MeleeResult {
            Natural = face, ModifierRaw = total, Modifier = modifier, ModifiedRoll = roll, Applied = mods,
            Outcome = Outcomes[row], Code = Outcomes[row], Rule = rowRule[row], Effects = effects[Outcomes[row]],
        };
        // The first provisional reason: the row's own, else the first input read at its
        // ours-not-the-page's default, else the force ratio's reading.
        string why = rowReason[row];
        if (why == null) {
            why = al == 0 ? reason[0] : dl == 0 ? reason[1] : am == 5 ? reason[2] : dm == 5 ? reason[3]
                : ast == 10 ? reason[4] : dst == 10 ? reason[5] : ratioReason;
        }
        r.Provisional = why;
        // The triggers (11.7.1, 11.0, 11.3.2), in the order the outcome lists them.
        int k = 0;
        if (row <= 1 || row >= 6) {
            bool attackerLost = row <= 1;
            int loser = attackerLost ? att : def;
            if (loser != LI && !((row == 1 || row == 6) && v[FAILING] != 0)) {
                int n = attackerLost ? v[DEF_CAV] : v[ATT_CAV];
                bool eliminated = row == 0 || row == 7;
                for (int i = 0; i < n; i++) {
                    r.Triggers.Add("cavalry_pursuit");
                    r.TriggerOf.Add(0);
                    // The first repeat's situation: no earlier repeat eliminated the unit.
                    r.TriggerInputs.Add(new Dictionary<string, object> { {"pursued_eliminated_by_melee", eliminated},
                        {"earlier_pursue_and_eliminate", false} });
                }
            }
            k = 1;
        }
        r.Triggers.Add("formation_hit");
        r.TriggerOf.Add(k);
        r.TriggerInputs.Add(new Dictionary<string, object> { {"formation", Formations[v[ATT_FORM]]} });
        if (def != HEDGEHOG) {
            r.Triggers.Add("formation_hit");
            r.TriggerOf.Add(k + 1);
            r.TriggerInputs.Add(new Dictionary<string, object> { {"formation", Formations[v[DEF_FORM]]} });
        }
        if (al != 0) {
            r.Triggers.Add("leader_loss_check");
            r.TriggerOf.Add(k + 2);
            r.TriggerInputs.Add(new Dictionary<string, object> { {"leader_side", "attacker"} });
        }
        if (dl != 0) {
            r.Triggers.Add("leader_loss_check");
            r.TriggerOf.Add(k + 3);
            r.TriggerInputs.Add(new Dictionary<string, object> { {"leader_side", "defender"} });
        }
        return r;
    }

    /// <summary>The result as `rtab vectors` writes it, to compare with the library's.</summary>
    public static Dictionary<string, object> Tree(MeleeResult r)
    {
        return new Dictionary<string, object> {
            {"column", r.Column}, {"key", r.Key}, {"key_column", r.KeyColumn}, {"column_shift", r.ColumnShift},
            {"automatic", r.Automatic}, {"natural", r.Natural}, {"modifier_raw", r.ModifierRaw}, {"modifier", r.Modifier},
            {"modified_roll", r.ModifiedRoll},
            {"applied", r.Applied.Select(a => (object)new Dictionary<string, object> {
                {"modifier", a.Modifier}, {"value", a.Value}, {"signed_value", a.SignedValue}, {"counted", a.Counted},
                {"shift", a.Shift}}).ToArray()},
            {"natural_rule", r.NaturalRule}, {"rewritten_from", r.RewrittenFrom}, {"outcome", r.Outcome}, {"code", r.Code},
            {"rule", r.Rule}, {"effects", r.Effects}, {"triggers", r.Triggers.Cast<object>().ToArray()},
            {"trigger_of", r.TriggerOf.Cast<object>().ToArray()},
            {"trigger_inputs", r.TriggerInputs.Cast<object>().ToArray()}, {"provisional", r.Provisional},
        };
    }
}
