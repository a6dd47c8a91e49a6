// The classic odds CRT (tables/classic_odds.rtab, table crt, 7.3 to 7.6), ported by hand to
// C# as a careful programmer would: the baseline the library of `rtab compile --target
// csharp` is timed against on a grid odds table (bench/targets/targets.py). It fills the
// same result as the library's Resolve("crt", ...): the odds and their column (rounded in
// the defender's favour), the column shifts applied and the column read, the outcome of the
// roll (or of the column without one: no attack below 1:4, the defender eliminated at 6:1
// or more), its code, rule and effects, in a typed result. It reads the situation by input
// id and refuses what the library refuses (an unknown input, a value of another type or
// outside its domain, a wrong face, no face where a roll is needed). Everything it shows is
// written here: it reads no data at run time.
//
//   var crt = new HandwrittenCrt();
//   crt.Resolve(new Dictionary<string, object> {{"attack", 17}, {"defence", 6}}, 4);
using System;
using System.Collections.Generic;
using System.Linq;

/// <summary>A refusal, with the runtime's status.</summary>
public sealed class CrtError : Exception
{
    public readonly int Status;
    public CrtError(int status, string detail) : base(detail) { Status = status; }
}

public sealed class CrtApplied
{
    public string Modifier;
    public int Value, SignedValue;
    public CrtApplied(string modifier, int value, int signedValue)
    {
        Modifier = modifier;
        Value = value;
        SignedValue = signedValue;
    }
}

public sealed class CrtOutcome
{
    public readonly string Id, Code;
    public readonly object[] Effects;
    public CrtOutcome(string id, string code, object[] effects) { Id = id; Code = code; Effects = effects; }
}

public sealed class CrtResult
{
    public string Column, Key, KeyColumn;
    public int ColumnShift;
    public bool NoResult, Automatic;
    public int Natural, ModifiedRoll;
    public List<CrtApplied> Applied;
    public CrtOutcome Outcome;
}

public sealed class HandwrittenCrt
{
    static readonly string[] Columns = { "<1:4", "1:4", "1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1", "6:1+" };
    // The printed ratios num:den, in order: attack:defence reaches column c when
    // attack * den >= num * defence (cross-multiplied, exact).
    static readonly int[] RatioNum = { 1, 1, 1, 1, 3, 2, 3, 4, 5, 6 };
    static readonly int[] RatioDen = { 4, 3, 2, 1, 2, 1, 1, 1, 1, 1 };
    const int Automatic = 10;

    static object Effect(string kind, params object[] args)
    {
        return new Dictionary<string, object> { {"effect", kind}, {"args", args} };
    }
    static readonly CrtOutcome AE = new CrtOutcome("attacker_eliminated", "AE", new[] { Effect("eliminated", "attacker") });
    static readonly CrtOutcome AR = new CrtOutcome("attacker_retreats", "AR", new[] { Effect("retreat", "attacker", 2L) });
    static readonly CrtOutcome NE = new CrtOutcome("no_effect", "NE", new object[0]);
    static readonly CrtOutcome EX = new CrtOutcome("exchange", "EX", new[] { Effect("exchange") });
    static readonly CrtOutcome DR = new CrtOutcome("defender_retreats", "DR", new[] { Effect("retreat", "defender", 2L) });
    static readonly CrtOutcome DE = new CrtOutcome("defender_eliminated", "DE", new[] { Effect("eliminated", "defender") });
    // The grid (7.3): per rolled column 1:4 .. 5:1, the outcome of each roll 1..6.
    static readonly CrtOutcome[][] Grid = {
        new[] { AR, AE, AE, AE, AE, AE }, // 1:4
        new[] { AR, AR, AE, AE, AE, AE }, // 1:3
        new[] { NE, AR, AR, AE, AE, AE }, // 1:2
        new[] { DR, NE, AR, AR, AE, AE }, // 1:1
        new[] { DR, DR, NE, AR, AR, AE }, // 1.5:1
        new[] { DR, DR, EX, NE, AR, AR }, // 2:1
        new[] { DR, DR, DR, EX, NE, AR }, // 3:1
        new[] { DE, DR, DR, DR, EX, NE }, // 4:1
        new[] { DE, DE, DR, DR, DR, EX }, // 5:1
    };

    // The inputs of the ruleset, in this order: each one's name, its values (an enum's ids, or
    // null), whether it is a bool, its domain and default.
    public static readonly string[] Names = { "attack", "defence", "combined_arms", "across_river", "charge", "position" };
    const int ATTACK = 0, DEFENCE = 1, COMBINED_ARMS = 2, ACROSS_RIVER = 3;
    public static readonly string[][] Enums = { null, null, null, null, null, new[] { "open", "fortified" } };
    public static readonly bool[] Bools = { false, false, true, true, true, false };
    public static readonly int[] Min = { 0, 0, 0, 0, 0, 0 };
    public static readonly int[] Max = { 999, 999, 1, 1, 1, 1 };
    static readonly int[] Defaults = { 1, 1, 0, 0, 0, 0 };
    static readonly Dictionary<string, int> Index = Names.Select((n, i) => new KeyValuePair<string, int>(n, i))
        .ToDictionary(kv => kv.Key, kv => kv.Value);

    static bool Integral(object v) { return v is int || v is long || v is short || v is byte || v is sbyte || v is ushort || v is uint; }

    int[] Situation(IDictionary<string, object> given)
    {
        var v = (int[])Defaults.Clone();
        if (given != null) {
            foreach (var kv in given) {
                int i;
                if (kv.Key == null || !Index.TryGetValue(kv.Key, out i)) throw new CrtError(-3, "no input named " + kv.Key);
                object value = kv.Value;
                if (Enums[i] != null) {
                    int k = value is string ? Array.IndexOf(Enums[i], (string)value) : -1;
                    if (k < 0) throw new CrtError(-3, "input " + kv.Key + " is " + value + ", not one of its values");
                    v[i] = k;
                } else if (Bools[i]) {
                    if (!(value is bool)) throw new CrtError(-3, "input " + kv.Key + " is " + value + ", not true or false");
                    v[i] = (bool)value ? 1 : 0;
                } else {
                    long n = Integral(value) ? Convert.ToInt64(value) : long.MinValue;
                    if (n < Min[i] || n > Max[i]) throw new CrtError(-3, "input " + kv.Key + " is " + value + ", outside its domain");
                    v[i] = (int)n;
                }
            }
        }
        return v;
    }

    /// <summary>face -1: no roll given (enough where the column decides).</summary>
    public CrtResult Resolve(IDictionary<string, object> given, int face)
    {
        if (face != -1 && (face < 1 || face > 6)) throw new CrtError(-4, "face " + face);
        var v = Situation(given);
        int attack = v[ATTACK], defence = v[DEFENCE];
        var r = new CrtResult { Key = attack.ToString() + ":" + defence.ToString() };
        if (attack == 0 && defence == 0) {
            r.Column = Columns[0];
            r.NoResult = true;
            return r;
        }
        int col = 0;
        while (col < RatioNum.Length && (long)attack * RatioDen[col] >= (long)RatioNum[col] * defence) col++;
        r.KeyColumn = Columns[col];
        r.Applied = new List<CrtApplied>();
        if (v[COMBINED_ARMS] != 0) {
            r.Applied.Add(new CrtApplied("combined_arms", 1, 1));
            r.ColumnShift += 1;
        }
        if (v[ACROSS_RIVER] != 0) {
            r.Applied.Add(new CrtApplied("river", 2, -2));
            r.ColumnShift -= 2;
        }
        int column = Math.Min(Math.Max(col + r.ColumnShift, 0), Automatic);
        r.Column = Columns[column];
        if (column == 0) {
            r.NoResult = true;
            return r;
        }
        r.Natural = r.ModifiedRoll = face < 0 ? 0 : face;
        if (column == Automatic) {
            r.Automatic = true;
            r.Outcome = DE;
        } else if (face < 0) {
            throw new CrtError(-4, "the column " + Columns[column] + " needs a roll");
        } else {
            r.Outcome = Grid[column - 1][face - 1];
        }
        return r;
    }

    /// <summary>The result as `rtab vectors` writes it, to compare with the library's.</summary>
    public static Dictionary<string, object> Tree(CrtResult r)
    {
        var d = new Dictionary<string, object> {
            {"column", r.Column}, {"key", r.Key}, {"key_column", r.KeyColumn}, {"column_shift", r.ColumnShift},
        };
        if (r.NoResult) {
            d["outcome"] = null;
            d["no_result"] = true;
            return d;
        }
        d["automatic"] = r.Automatic;
        d["natural"] = r.Natural;
        d["modifier_raw"] = 0;
        d["modifier"] = 0;
        d["modified_roll"] = r.ModifiedRoll;
        d["applied"] = r.Applied.Select(a => (object)new Dictionary<string, object> {
            {"modifier", a.Modifier}, {"value", a.Value}, {"signed_value", a.SignedValue}, {"counted", true},
            {"shift", true}}).ToArray();
        d["natural_rule"] = false;
        d["rewritten_from"] = null;
        d["outcome"] = r.Outcome.Id;
        d["code"] = r.Outcome.Code;
        d["rule"] = "7.3";
        d["effects"] = r.Outcome.Effects;
        d["triggers"] = new object[0];
        d["trigger_of"] = new object[0];
        d["trigger_inputs"] = new object[0];
        d["provisional"] = null;
        return d;
    }
}
