// SPDX-License-Identifier: MIT-0
// The support file of rtab's C# target: what the resolver printed from the
// lowering (compiler/lower; the class Lowered after this file in the library)
// calls on: the errors, the checked arithmetic, the reading and checking of a
// situation, the typed results, a chain's steps, the labels and the protocol
// of `rtab conform`. What resolves (a key's column and its rounding, a ratio
// band's step, a matrix's cell, a natural roll) is printed from the lowering,
// decided at compile time (docs/lowering.md).
// C# 7 and the base class library only (no Unity API). The export's tree
// (Rules.Data: Dictionary<string, object> objects, object[] arrays, string,
// long, decimal, bool, null) is read once, when the ruleset loads; a
// resolution reads the printed constants and the typed copies made then.
// Within the ruleset's namespace, System is global::System (a ruleset may be named system).
using global::System;
using global::System.Collections.Generic;
using global::System.Globalization;
using global::System.IO;
using global::System.Linq;
using global::System.Text;

/// <summary>Every refusal of the module: Status (the runtime's RTAB_E_*), Reason (the runtime's
/// message for it, rtab_strerror), Input (the input it is about, or null) and Message: the
/// reason and, when known, what is wrong.</summary>
public class RtabException : Exception
{
    public static readonly Dictionary<int, string> Messages = new Dictionary<int, string> {
        {-1, "a required argument is NULL"},
        {-2, "no such table"},
        {-3, "an input is missing or outside its domain"},
        {-4, "wrong number of dice faces, or a face outside its die"},
        {-5, "the modified roll matches no row"},
        {-6, "the column input selects no column"},
        {-7, "malformed expression, or division by zero"},
        {-8, "arithmetic overflow"},
        {-9, "inconsistent ruleset data"},
        {-10, "no such outcome, reaction set, transition, distance or procedure"},
        {-11, "the transition is not defined for this state"},
        {-12, "the table gives no result here (e.g. the attack is not allowed)"},
        {-13, "an exact division or product has no exact value at the ruleset's precision"},
        {-14, "an extra modifier given to a table with a step, which counts only its own modifiers"},
        {-15, "the situation breaks a requirement of the ruleset"},
        {-16, "the ruleset data was generated for another rtab data model: regenerate it"},
    };
    public readonly int Status;
    public readonly string Reason;
    public readonly string Input;
    public RtabException(int status, string detail = null, string input = null)
        : base(ReasonOf(status) + (detail != null ? ": " + detail : ""))
    {
        Status = status;
        Reason = ReasonOf(status);
        Input = input;
    }
    static string ReasonOf(int status) { return Messages.ContainsKey(status) ? Messages[status] : "unknown status"; }
}

/// <summary>The faces the dice of a program read, and the provisional reason a result shows:
/// the last one noted first (a row's, a column's), else the first one noted.</summary>
sealed class RtabContext
{
    internal readonly long[] Faces;
    internal int NextFace;
    internal string Provisional;
    internal RtabContext(long[] faces) { Faces = faces; NextFace = 0; }
    internal void Note(string why) { if (Provisional == null) Provisional = why; }
    internal void NoteFirst(string why) { if (why != null) Provisional = why; }
}

/// <summary>The statuses of the runtime and its checked arithmetic (runtime/rtab.c), for the
/// printed resolver and the support alike.</summary>
static class RtabOdds
{
    internal const int E_TABLE = -2, E_INPUT = -3, E_FACES = -4, E_NO_ROW = -5, E_COLUMN = -6, E_EXPR = -7,
        E_OVERFLOW = -8, E_RULESET = -9, E_INDEX = -10, E_STATE = -11, E_NO_RESULT = -12, E_INEXACT = -13,
        E_STEP_DRM = -14, E_REQUIRE = -15, E_VERSION = -16;

    internal static long FloorDiv(long a, long b) { long q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }
    internal static long CeilDiv(long a, long b) { return -FloorDiv(-a, b); }

    internal static long Check32(long v)
    {
        if (v < int.MinValue || v > int.MaxValue) throw new RtabException(E_OVERFLOW);
        return v;
    }
}

/// <summary>What the printed resolver (the class Lowered) gives the support: each definition's
/// method by its index; and the helpers that printed code calls.</summary>
abstract class RtabLowered
{
    protected const long INT32_MIN = int.MinValue;
    protected const int E_INPUT = RtabOdds.E_INPUT, E_FACES = RtabOdds.E_FACES, E_NO_ROW = RtabOdds.E_NO_ROW,
        E_COLUMN = RtabOdds.E_COLUMN, E_OVERFLOW = RtabOdds.E_OVERFLOW, E_RULESET = RtabOdds.E_RULESET,
        E_INDEX = RtabOdds.E_INDEX, E_STATE = RtabOdds.E_STATE, E_STEP_DRM = RtabOdds.E_STEP_DRM;
    protected const int COLUMN_AUTOMATIC = 1, COLUMN_NONE = 2;
    protected const int EXACT_SCALE = 0, EXACT_MUL = 1, EXACT_DIV = 2;
    /// <summary>The triggers of an outcome that has none.</summary>
    protected static readonly List<int> NoneFired = new List<int>();

    /// <summary>The source hash of the ruleset the resolver was printed from.</summary>
    internal abstract string SourceHash { get; }
    internal abstract string RequirementBroken(Ruleset R, long[] inputs);
    internal abstract TableResult Table(int k, Ruleset R, long[] inputs, long[] faces, long drm);
    internal abstract ReactionsResult Reactions(int k, Ruleset R, long[] inputs);
    internal abstract TransitionResult Transition(int k, Ruleset R, long[] inputs);
    internal abstract DistanceResult Distance(int k, Ruleset R, long[] inputs, long[] faces);
    internal abstract ProcedureResult Procedure(int k, Ruleset R, long[] inputs);
    /// <summary>Which triggers of the outcome fire, each repeat listed (never to be changed).</summary>
    internal abstract List<int> Fired(int outcome, Ruleset R, long[] inputs, RtabContext ctx);
    /// <summary>The situation trigger k of the outcome passes on, after the repeats that gave `earlier`.</summary>
    internal abstract long[] Passed(int outcome, int k, Ruleset R, long[] inputs, IList<long> earlier);
    /// <summary>Shown of what Passed gives, from the values the trigger sets alone.</summary>
    internal abstract Dictionary<string, object> Given(int outcome, int k, Ruleset R, long[] inputs, IList<long> earlier);
    /// <summary>What trigger k of the outcome passes on, by input id, as a result shows it.</summary>
    internal abstract Dictionary<string, object> Shown(int outcome, int k, Ruleset R, long[] passed);

    protected static long Check32(long v) { return RtabOdds.Check32(v); }

    /// <summary>A copy of a situation (Array.Clone is several times slower under mono).</summary>
    internal static long[] Copy(long[] values)
    {
        var copy = new long[values.Length];
        Array.Copy(values, copy, values.Length);
        return copy;
    }

    /// <summary>-a, which int32 holds for every a but its least.</summary>
    protected static long Negate(long a)
    {
        if (a == INT32_MIN) throw new RtabException(E_OVERFLOW);
        return -a;
    }

    /// <summary>a / b, rounded down or up; a division by zero is a malformed expression.</summary>
    protected static long Divide(long a, long b, bool up)
    {
        if (b == 0) throw new RtabException(RtabOdds.E_EXPR);
        return Check32(up ? RtabOdds.CeilDiv(a, b) : RtabOdds.FloorDiv(a, b));
    }

    protected static long ExactOp(int op, long scale, long a, long b)
    {
        if (scale < 1) throw new RtabException(RtabOdds.E_EXPR);
        long r;
        if (op == EXACT_SCALE) r = a * scale;
        else if (op == EXACT_MUL) {
            if ((a * b) % scale != 0) throw new RtabException(RtabOdds.E_INEXACT);
            r = RtabOdds.FloorDiv(a * b, scale);
        } else {
            if (b == 0) throw new RtabException(RtabOdds.E_EXPR);
            if ((a * scale) % b != 0) throw new RtabException(RtabOdds.E_INEXACT);
            r = RtabOdds.FloorDiv(a * scale, b);
        }
        return Check32(r);
    }
}

/// <summary>A ruleset: its data read once, its situations checked, its definitions resolved by
/// the printed resolver; the labels and rule references of every locale.</summary>
public class Ruleset
{
    const int E_TABLE = RtabOdds.E_TABLE, E_INPUT = RtabOdds.E_INPUT, E_FACES = RtabOdds.E_FACES,
        E_RULESET = RtabOdds.E_RULESET, E_INDEX = RtabOdds.E_INDEX, E_STATE = RtabOdds.E_STATE,
        E_REQUIRE = RtabOdds.E_REQUIRE, E_VERSION = RtabOdds.E_VERSION;
    /// <summary>The rtab data model (RTAB_DATA_VERSION of runtime/rtab.h) this support reads:
    /// data of another model is refused at load, as the C library refuses it.</summary>
    public const int DataModel = 7;
    static readonly string[] TargetKeys = { "tables", "reaction_sets", "transitions", "distances", "procedures" };
    // What a chain step names, by target kind (as the situations of rtab conform).
    static readonly string[] ChainKinds = { "table", "reactions", "transition", "distance", "procedure" };
    static readonly IList<string> NoStrings = new string[0];
    static readonly IList<int> NoInts = new int[0];
    static readonly IList<IDictionary<string, object>> NoInputs = new IDictionary<string, object>[0];
    static readonly long[] NoEarlier = new long[0];

    /// <summary>The ruleset as `rtab export --format json` writes it (docs/export.md).</summary>
    public readonly Dictionary<string, object> X;
    /// <summary>The hash of the ruleset the data was compiled from (its source_hash).</summary>
    public readonly string SourceHash;
    readonly RtabLowered lowered;
    readonly long scale;
    readonly Dictionary<string, Dictionary<string, int>> byId = new Dictionary<string, Dictionary<string, int>>();
    readonly Dictionary<string, int> inputIds, tableIds;

    const int TYPE_INT = 0, TYPE_BOOL = 1, TYPE_ENUM = 2, TYPE_NUMBER = 3;
    sealed class InputSpec
    {
        internal string Id;
        internal int Type;
        internal long Min, Max, Step, Default;
        internal int Enum = -1;
    }
    sealed class OutcomeSpec
    {
        internal string Id, Code;
        internal IList<Effect> Effects;
        internal object[] EffectsTree;
        internal IDictionary<string, int> Numbers;
        internal int[] TargetKind;
        internal string[] TargetId;
    }
    readonly InputSpec[] inputs;
    readonly long[] defaults;
    readonly string[][] enumIds;
    readonly OutcomeSpec[] outcomes;

    /// <summary>data: the export; dataModel, sourceHash: what the resolver was generated for
    /// (both must be the data's, and the printed resolver's).</summary>
    public Ruleset(Dictionary<string, object> data, long dataModel, string sourceHash)
    {
        if (Str(data, "format") != "rtab-export" || Num(data, "version") != 1)
            throw new RtabException(E_VERSION, "the data is not an rtab export of version 1");
        if (Num(data, "data_version") != DataModel || dataModel != DataModel)
            throw new RtabException(E_VERSION, "the data is of data model " + Num(data, "data_version") +
                ", its resolver of " + dataModel + "; this support reads data model " + DataModel +
                ": run rtab compile --target again");
        lowered = new Lowered();
        if (Str(data, "source_hash") != sourceHash || lowered.SourceHash != sourceHash)
            throw new RtabException(E_VERSION, "the data is of the source " + Str(data, "source_hash") +
                ", its resolver of " + lowered.SourceHash + ": both must come from one run of rtab compile --target");
        SourceHash = sourceHash;
        X = data;
        scale = Num(data, "scale") == 0 ? 1 : Num(data, "scale");
        foreach (var key in new[] { "inputs", "outcomes" }.Concat(TargetKeys)) {
            var ids = new Dictionary<string, int>();
            var list = Arr(data, key);
            for (int i = 0; i < list.Length; i++) ids[Str(list[i], "id")] = i;
            byId[key] = ids;
        }
        inputIds = byId["inputs"];
        tableIds = byId["tables"];
        enumIds = Arr(data, "enums").Select(e => Arr(e, "values").Select(v => Str(v, "id")).ToArray()).ToArray();
        inputs = Arr(data, "inputs").Select(i => new InputSpec {
            Id = Str(i, "id"), Type = TypeOf(Str(i, "type_name")), Min = Num(i, "min"), Max = Num(i, "max"), Step = Num(i, "step"),
            Default = Num(i, "default_value"), Enum = (int)Num(i, "enum_index", -1),
        }).ToArray();
        defaults = inputs.Select(i => i.Default).ToArray();
        outcomes = Arr(data, "outcomes").Select(ReadOutcome).ToArray();
    }

    static int TypeOf(string name)
    {
        return name == "enum" ? TYPE_ENUM : name == "bool" ? TYPE_BOOL : name == "number" ? TYPE_NUMBER : TYPE_INT;
    }

    OutcomeSpec ReadOutcome(object o)
    {
        var effects = Arr(o, "effects").Select(e => {
            var kind = Item("effect_kinds", Num(e, "kind"));
            var parameters = Arr(kind, "params");
            var eargs = Arr(e, "args");
            var args = new List<object>();
            for (int i = 0; i < Math.Min(eargs.Length, parameters.Length); i++) {
                long en = Num(parameters[i], "enum_index", -1);
                args.Add(en >= 0 ? Str(Arr(Item("enums", en), "values")[ToLong(eargs[i])], "id") : eargs[i]);
            }
            var effect = new Dictionary<string, object> { {"effect", Str(kind, "id")}, {"args", args.ToArray()} };
            // The unit of each argument, when a parameter of the kind has one.
            if (parameters.Any(p => Has(p, "unit")))
                effect["units"] = parameters.Take(args.Count).Select(p => Get(p, "unit")).ToArray();
            return effect;
        }).ToArray();
        Dictionary<string, int> numbers = null;
        if (Num(o, "nvalues") != 0) {
            var parameters = Arr(Item("numeric_outcomes", Num(o, "numeric")), "params");
            var vals = Arr(o, "values");
            numbers = new Dictionary<string, int>();
            for (int i = 0; i < parameters.Length && i < vals.Length; i++)
                numbers[Str(parameters[i], "id")] = (int)ToLong(vals[i]);
        }
        var triggers = Arr(o, "triggers");
        return new OutcomeSpec {
            Id = Str(o, "id"), Code = Str(o, "code"),
            Effects = effects.Select(e => new Effect(e)).ToList().AsReadOnly(),
            EffectsTree = effects.Cast<object>().ToArray(),
            Numbers = numbers,
            TargetKind = triggers.Select(t => (int)Num(Get(t, "target"), "kind")).ToArray(),
            TargetId = triggers.Select(t => Str(Get(t, "target"), "id")).ToArray(),
        };
    }

    // -- reading the tree (when the ruleset loads, and for labels) -----------

    static object Get(object o, string key)
    {
        var d = o as Dictionary<string, object>;
        object v;
        return d != null && d.TryGetValue(key, out v) ? v : null;
    }
    static bool Has(object o, string key) { return Get(o, key) != null; }
    static long ToLong(object v)
    {
        if (v == null) return 0;
        if (v is bool) return (bool)v ? 1 : 0;
        if (v is decimal) return (long)(decimal)v;
        return Convert.ToInt64(v, CultureInfo.InvariantCulture);
    }
    static long Num(object o, string key, long otherwise = 0)
    {
        var v = Get(o, key);
        return v == null ? otherwise : ToLong(v);
    }
    static string Str(object o, string key) { return Get(o, key) as string; }
    static object[] Arr(object o, string key) { return Get(o, key) as object[] ?? new object[0]; }
    object Item(string key, long i) { return Arr(X, key)[i]; }

    /// <summary>The index of definition `name` of a section, else the refusal naming it.</summary>
    int Find(string key, string name)
    {
        int i;
        if (name == null || !(key == "tables" ? tableIds : byId[key]).TryGetValue(name, out i))
            throw new RtabException(key == "tables" ? E_TABLE : E_INDEX,
                                    (key == "tables" ? "no table" : "nothing of " + key) + " is named " + Shown(name));
        return i;
    }

    // -- situations ---------------------------------------------------------

    /// <summary>The inputs as the runtime holds them: defaults, then the given ones by id, each
    /// of its type (an enum value's id, a bool, an integer: int, long, short..., an exact number:
    /// an integer or a decimal); anything else is refused, naming the input.</summary>
    public long[] Situation(IDictionary<string, object> given)
    {
        var values = RtabLowered.Copy(defaults);
        if (given == null) return values;
        foreach (var kv in given) {
            int k;
            if (kv.Key == null || !inputIds.TryGetValue(kv.Key, out k))
                throw new RtabException(E_INPUT, "no input is named " + Shown(kv.Key), kv.Key);
            values[k] = InputValue(k, kv.Value);
            ValidateInput(k, values[k]);
        }
        return values;
    }

    /// <summary>A value as a message shows it: a string quoted, a number as C# writes it.</summary>
    static string Shown(object v)
    {
        if (v == null) return "null";
        if (v is string) return "\"" + v + "\"";
        if (v is bool) return (bool)v ? "true" : "false";
        return Convert.ToString(v, CultureInfo.InvariantCulture) + " (" + v.GetType().Name + ")";
    }

    static bool Integral(object v)
    {
        return v is int || v is long || v is short || v is byte || v is sbyte || v is ushort || v is uint;
    }

    /// <summary>The value of input k as the runtime holds it, from a value of its type.</summary>
    long InputValue(int k, object value)
    {
        var inp = inputs[k];
        if (inp.Type == TYPE_ENUM) {
            var vals = enumIds[inp.Enum];
            int v = value is string ? Array.IndexOf(vals, (string)value) : -1;
            if (v < 0) throw Refused(inp, value, "one of " + string.Join(", ", vals));
            return v;
        }
        if (inp.Type == TYPE_BOOL) {
            if (!(value is bool)) throw Refused(inp, value, "a bool (true or false)");
            return (bool)value ? 1 : 0;
        }
        if (inp.Type == TYPE_NUMBER) {
            if (!Integral(value) && !(value is decimal)) throw Refused(inp, value, "an exact number (an integer or a decimal)");
            decimal scaled = Convert.ToDecimal(value, CultureInfo.InvariantCulture) * scale;
            if (scaled != Math.Round(scaled)) throw Refused(inp, value, "a multiple of 1/" + scale);
            return (long)scaled;
        }
        if (value is int) return (int)value;
        if (!Integral(value)) throw Refused(inp, value, "an integer (int or long)");
        return Convert.ToInt64(value, CultureInfo.InvariantCulture);
    }

    static RtabException Refused(InputSpec inp, object value, string what)
    {
        return new RtabException(E_INPUT, inp.Id + " = " + Shown(value) + " is not " + what, inp.Id);
    }

    /// <summary>A situation checked: each value in its domain (but one that Situation made, whose
    /// defaults are and whose given values it checked: inDomain), and every requirement.</summary>
    void Validate(long[] values, bool inDomain = false)
    {
        if (!inDomain) {
            if (values == null || values.Length != inputs.Length)
                throw new RtabException(E_INPUT, (values == null ? 0 : values.Length) + " inputs, not the ruleset's " + inputs.Length);
            for (int i = 0; i < values.Length; i++) ValidateInput(i, values[i]);
        }
        if (lowered.RequirementBroken(this, values) != null) throw new RtabException(E_REQUIRE);
    }

    /// <summary>Whether v lies in the domain of input i (else the refusal naming it).</summary>
    internal void ValidateInput(int i, long v)
    {
        var inp = inputs[i];
        if (v < inp.Min || v > inp.Max || (inp.Step > 1 && (v - inp.Min) % inp.Step != 0))
            throw new RtabException(E_INPUT, inp.Id + " = " + Shown(ValueOf(i, v)) + " is outside its domain", inp.Id);
    }

    /// <summary>The id of the first requirement the situation breaks, or null.</summary>
    public string RequirementBroken(long[] values)
    {
        return lowered.RequirementBroken(this, values);
    }

    // -- labels and rule references -------------------------------------------------

    static readonly string[] Labelled = { "inputs", "enums", "dice", "effect_kinds", "outcomes", "modifiers",
        "groups", "tables", "matrices", "bands", "reaction_sets", "transitions", "distances", "procedures",
        "numeric_outcomes", "requirements", "units", "examples" };

    /// <summary>The locales of the ruleset, the first the one a missing label falls back to.</summary>
    public IList<string> Locales { get { return Arr(X, "locales").Cast<string>().ToList(); } }

    string CheckLocale(string locale)
    {
        var locales = Locales;
        if (locale == null) return locales[0];
        if (!locales.Contains(locale))
            throw new RtabException(E_INDEX, "no locale is named " + Shown(locale) + " (the ruleset's: " +
                                    string.Join(", ", locales) + ")");
        return locale;
    }

    /// <summary>The definition id of a section of the export ("tables", "outcomes", ...).</summary>
    public Dictionary<string, object> Definition(string section, string id)
    {
        if (section == null || !Labelled.Contains(section) || !X.ContainsKey(section))
            throw new RtabException(E_INDEX, "no section of the ruleset is named " + Shown(section) + " (" +
                                    string.Join(", ", Labelled) + ")");
        foreach (var d in Arr(X, section))
            if (Str(d, "id") == id) return (Dictionary<string, object>)d;
        throw new RtabException(E_INDEX, "nothing of " + section + " is named " + Shown(id));
    }

    /// <summary>A definition's label in a locale (as rtab_label: the first locale's where that
    /// one has none), or null; locale: the first when null.</summary>
    public string Label(string section, string id, string locale = null)
    {
        locale = CheckLocale(locale);
        var labels = Get(Definition(section, id), "labels");
        return Get(labels, locale) as string ?? Get(labels, Locales[0]) as string;
    }

    /// <summary>A definition's rule reference in a locale (as rtab_rule: its own for that
    /// locale, else the one for every locale), or null.</summary>
    public string Rule(string section, string id, string locale = null)
    {
        locale = CheckLocale(locale);
        var d = Definition(section, id);
        return Get(Get(d, "rules"), locale) as string ?? Str(d, "rule");
    }

    /// <summary>The ruleset's title in a locale.</summary>
    public string Title(string locale = null)
    {
        locale = CheckLocale(locale);
        return Get(Get(X, "title"), locale) as string ?? Get(Get(X, "title"), Locales[0]) as string;
    }

    // -- what the printed resolver calls ----------------------------------------------

    /// <summary>A scaled number as the rules print it: 25 at scale 2 is 12.5.</summary>
    internal decimal Exact(long scaled)
    {
        return scale == 1 ? scaled : (decimal)scaled / scale;
    }

    /// <summary>A scaled number as a key shows it: 12.5, 3.</summary>
    internal string ExactText(long scaled)
    {
        if (scale == 1 || scaled % scale == 0) return (scaled / scale).ToString(CultureInfo.InvariantCulture);
        return ((decimal)scaled / scale).ToString(CultureInfo.InvariantCulture);
    }

    /// <summary>An input's value as the vectors write it: an enum value's id, a bool, an int, a number.</summary>
    internal object ValueOf(long i, long v)
    {
        var inp = inputs[i];
        if (inp.Type == TYPE_ENUM) return enumIds[inp.Enum][v];
        if (inp.Type == TYPE_BOOL) return v != 0;
        if (inp.Type == TYPE_NUMBER) {
            if (scale == 1 || v % scale == 0) return (int)(v / scale);
            return (decimal)v / scale;
        }
        return (int)v;
    }

    internal string EnumId(int e, long v) { return enumIds[e][v]; }

    internal string OutcomeId(long k) { return outcomes[k].Id; }

    /// <summary>The outcome's triggers that fire (which trigger of the outcome each is), a
    /// trigger resolved N times listed N times, its repeats in order.</summary>
    internal List<int> Fired(long outcome, long[] values, RtabContext ctx)
    {
        return lowered.Fired((int)outcome, this, values, ctx);
    }

    /// <summary>A roll's outcome into its result: the outcome, its code, effects and numbers, the
    /// rule that decided, what its triggers resolve next and what each passes on.</summary>
    internal void Decided(TableResult r, long outcome, string rule, List<int> fired, long[] values)
    {
        var o = outcomes[outcome];
        r.OutcomeId = o.Id;
        r.Code = o.Code;
        r.Rule = rule;
        r.Effects = o.Effects;
        r.EffectsTree = o.EffectsTree;
        r.Numbers = o.Numbers;
        if (fired.Count == 0) {
            r.Triggers = NoStrings;
            r.TriggerOf = NoInts;
            r.TriggerInputs = NoInputs;
            return;
        }
        var triggers = new string[fired.Count];
        var of = new int[fired.Count];
        var passed = new IDictionary<string, object>[fired.Count];
        for (int i = 0; i < fired.Count; i++) {
            int k = fired[i];
            triggers[i] = o.TargetId[k];
            of[i] = k;
            passed[i] = lowered.Given((int)outcome, k, this, values, NoEarlier);
        }
        r.Triggers = triggers;
        r.TriggerOf = of;
        r.TriggerInputs = passed;
    }

    /// <summary>A procedure's result: the step that decided (or null) and its outcome's parts.</summary>
    internal ProcedureResult ProcedureOutcome(string step, long outcome, long[] values)
    {
        if (outcome < 0) return new ProcedureResult(step, null, new Effect[0], null, NoStrings, null);
        var o = outcomes[outcome];
        var fired = Fired(outcome, values, null);
        return new ProcedureResult(step, o.Id, o.Effects, o.EffectsTree, fired.Select(k => o.TargetId[k]).ToList().AsReadOnly(),
                                   o.Numbers);
    }

    // -- resolving ------------------------------------------------------------------

    static long[] Faces(IList<long> faces) { return faces == null ? new long[0] : faces.ToArray(); }

    static long[] Faces(IList<int> faces)
    {
        if (faces == null) return new long[0];
        var f = new long[faces.Count];
        for (int i = 0; i < f.Length; i++) f[i] = faces[i];
        return f;
    }

    TableResult Rolled(string table, long[] values, long[] faces, long drm, bool inDomain = false)
    {
        int k = Find("tables", table);
        Validate(values, inDomain);
        return lowered.Table(k, this, values, faces, drm);
    }

    /// <summary>One roll on a results table: faces in the order of the dice's groups, drm a
    /// modifier from outside.</summary>
    public TableResult Resolve(string table, IDictionary<string, object> inputs = null, IList<int> faces = null,
                               int drm = 0)
    {
        return Rolled(table, Situation(inputs), Faces(faces), drm, true);
    }

    /// <summary>One roll on a results table: the result as `rtab vectors` writes it (a tree).</summary>
    public Dictionary<string, object> ResolveTree(string table, IDictionary<string, object> given = null,
                                                  IList<long> faces = null, long drm = 0)
    {
        return ResolveValues(table, Situation(given), faces, drm);
    }

    /// <summary>ResolveTree, with the inputs as the runtime holds them (Situation's values).</summary>
    public Dictionary<string, object> ResolveValues(string table, long[] values, IList<long> faces = null, long drm = 0)
    {
        return Rolled(table, values, Faces(faces), drm).ToTree();
    }

    /// <summary>A roll on a table and each step its outcome triggers, in order; then[i]: the
    /// faces of the i-th step.</summary>
    public ChainResult Chain(string table, IDictionary<string, object> inputs = null, IList<int> faces = null,
                             int drm = 0, IList<IList<int>> then = null)
    {
        var steps = then == null ? null : then.Select(f => Faces(f)).ToList();
        List<Dictionary<string, object>> trees;
        var r = Chained(table, Situation(inputs), Faces(faces), drm, steps, out trees);
        return new ChainResult(r, trees.Select(s => new ChainStep(s)).ToList().AsReadOnly());
    }

    // -- the typed API: the ruleset's names as its enums (TableName, InputName, OutcomeName) --

    /// <summary>One roll on a results table named by its enum, the inputs by theirs; as Resolve.</summary>
    public TableResult Resolve(TableName table, IDictionary<InputName, object> inputs = null, IList<int> faces = null,
                               int drm = 0)
    {
        return Resolve(table.Id(), Given(inputs), faces, drm);
    }

    /// <summary>A chain from a table named by its enum, the inputs by theirs; as Chain.</summary>
    public ChainResult Chain(TableName table, IDictionary<InputName, object> inputs = null, IList<int> faces = null,
                             int drm = 0, IList<IList<int>> then = null)
    {
        return Chain(table.Id(), Given(inputs), faces, drm, then);
    }

    public string Label(TableName name, string locale = null) { return Label("tables", name.Id(), locale); }
    public string Label(InputName name, string locale = null) { return Label("inputs", name.Id(), locale); }
    public string Label(OutcomeName name, string locale = null) { return Label("outcomes", name.Id(), locale); }
    public string Rule(TableName name, string locale = null) { return Rule("tables", name.Id(), locale); }
    public string Rule(InputName name, string locale = null) { return Rule("inputs", name.Id(), locale); }
    public string Rule(OutcomeName name, string locale = null) { return Rule("outcomes", name.Id(), locale); }

    static Dictionary<string, object> Given(IDictionary<InputName, object> inputs)
    {
        if (inputs == null) return null;
        var given = new Dictionary<string, object>();
        foreach (var kv in inputs) given[kv.Key.Id()] = kv.Value;
        return given;
    }

    /// <summary>The id of a name of the typed API: the definition of its section at its index
    /// (a value no member has is refused).</summary>
    internal string NameId(string section, string type, int index)
    {
        var list = Arr(X, section);
        if (index < 0 || index >= list.Length)
            throw new RtabException(section == "tables" ? E_TABLE : section == "inputs" ? E_INPUT : E_INDEX,
                                    type + " " + index + " is no member of the enum (it has " + list.Length + ")");
        return Str(list[index], "id");
    }

    /// <summary>The outcome named id as its enum, or null for null.</summary>
    internal OutcomeName? OutcomeOf(string id)
    {
        if (id == null) return null;
        return (OutcomeName)Find("outcomes", id);
    }

    /// <summary>Chain as a tree: {outcome, result, steps}.</summary>
    public Dictionary<string, object> ChainTree(string table, IDictionary<string, object> given = null,
                                                IList<long> faces = null, long drm = 0, IList<IList<long>> then = null)
    {
        var steps = then == null ? null : then.Select(f => Faces(f)).ToList();
        List<Dictionary<string, object>> trees;
        var r = Chained(table, Situation(given), Faces(faces), drm, steps, out trees);
        return new Dictionary<string, object> {
            {"outcome", r.OutcomeId}, {"result", r.ToTree()}, {"steps", trees.Cast<object>().ToArray()},
        };
    }

    /// <summary>A roll and what its outcome triggers, resolved in turn: each repeat of a trigger
    /// gets what it passes on for that repeat ('earlier': the outcomes of the repeats before it).</summary>
    TableResult Chained(string table, long[] values, long[] faces, long drm, IList<long[]> then,
                        out List<Dictionary<string, object>> steps)
    {
        steps = new List<Dictionary<string, object>>();
        var r = Rolled(table, values, faces, drm);
        if (r.NoResult) return r;
        long outcome = byId["outcomes"][r.OutcomeId];
        var fired = Fired(outcome, values, null);
        var o = outcomes[outcome];
        var gave = new List<long>();
        for (int i = 0; i < fired.Count; i++) {
            int k = fired[i];
            var earlier = new List<long>();
            for (int j = 0; j < i; j++) if (fired[j] == k) earlier.Add(gave[j]);
            var step = new Dictionary<string, object> {
                {ChainKinds[o.TargetKind[k]], o.TargetId[k]}, {"trigger", (long)k}, {"repeat", (long)earlier.Count + 1},
            };
            long got = -1;
            try {
                var passed = lowered.Passed((int)outcome, k, this, values, earlier);
                step["inputs"] = lowered.Shown((int)outcome, k, this, passed);
                got = ChainStep(o.TargetKind[k], o.TargetId[k], passed,
                                then != null && i < then.Count ? then[i] : new long[0], step);
            } catch (RtabException e) {
                if (!step.ContainsKey("inputs")) step["inputs"] = new Dictionary<string, object>();
                step["error"] = e.Reason;
            }
            gave.Add(got);
            steps.Add(step);
        }
        return r;
    }

    /// <summary>One step of a chain, its result added to step; the outcome index it gave, or -1.</summary>
    long ChainStep(int kind, string name, long[] passed, long[] faces, Dictionary<string, object> step)
    {
        switch (kind) {
        case 0: {
            var r = Rolled(name, passed, faces, 0);
            if (r.NoResult) { step["outcome"] = null; step["no_result"] = true; return -1; }
            step["outcome"] = r.OutcomeId;
            step["code"] = r.Code;
            step["rule"] = r.Rule;
            return byId["outcomes"][r.OutcomeId];
        }
        case 1: step["options"] = ReactionsOf(name, passed).Options.Cast<object>().ToArray(); return -1;
        case 2:
            try {
                step["state"] = TransitionOf(name, passed).State;
            } catch (RtabException e) {
                if (e.Status != E_STATE) throw;
                step["state"] = null;
            }
            return -1;
        case 3: step["values"] = DistanceOf(name, passed, faces).ToTree()["values"]; return -1;
        default: {
            var p = ProcedureOf(name, passed);
            step["step"] = p.Step;
            step["outcome"] = p.OutcomeId;
            return p.OutcomeId == null ? -1 : byId["outcomes"][p.OutcomeId];
        }
        }
    }

    ReactionsResult ReactionsOf(string name, long[] values)
    {
        int k = Find("reaction_sets", name);
        Validate(values);
        return lowered.Reactions(k, this, values);
    }

    TransitionResult TransitionOf(string name, long[] values)
    {
        int k = Find("transitions", name);
        Validate(values);
        return lowered.Transition(k, this, values);
    }

    DistanceResult DistanceOf(string name, long[] values, long[] faces)
    {
        int k = Find("distances", name);
        Validate(values);
        return lowered.Distance(k, this, values, faces);
    }

    ProcedureResult ProcedureOf(string name, long[] values)
    {
        int k = Find("procedures", name);
        Validate(values);
        return lowered.Procedure(k, this, values);
    }

    public ReactionsResult Reactions(string name, IDictionary<string, object> inputs = null)
    {
        return ReactionsOf(name, Situation(inputs));
    }

    public TransitionResult Transition(string name, IDictionary<string, object> inputs = null)
    {
        return TransitionOf(name, Situation(inputs));
    }

    public DistanceResult Distance(string name, IDictionary<string, object> inputs = null, IList<int> faces = null)
    {
        var values = Situation(inputs);
        return DistanceOf(name, values, Faces(faces));
    }

    public ProcedureResult Procedure(string name, IDictionary<string, object> inputs = null)
    {
        return ProcedureOf(name, Situation(inputs));
    }

    public Dictionary<string, object> ReactionsTree(string name, IDictionary<string, object> given = null)
    {
        return Reactions(name, given).ToTree();
    }

    public Dictionary<string, object> TransitionTree(string name, IDictionary<string, object> given = null)
    {
        return Transition(name, given).ToTree();
    }

    public Dictionary<string, object> DistanceTree(string name, IDictionary<string, object> given = null, IList<long> faces = null)
    {
        var values = Situation(given);
        return DistanceOf(name, values, Faces(faces)).ToTree();
    }

    public Dictionary<string, object> ProcedureTree(string name, IDictionary<string, object> given = null)
    {
        return Procedure(name, given).ToTree();
    }

    // -- rtab conform -------------------------------------------------------------

    /// <summary>The answer to one situation of `rtab conform`: the result, or {error}.</summary>
    public Dictionary<string, object> Answer(Dictionary<string, object> s)
    {
        var given = Get(s, "inputs") as Dictionary<string, object>;
        var faces = (Get(s, "faces") as object[] ?? new object[0]).Select(ToLong).ToList();
        try {
            if (s.ContainsKey("table")) return ResolveTree(Str(s, "table"), given, faces, Num(s, "drm"));
            if (s.ContainsKey("reactions")) return ReactionsTree(Str(s, "reactions"), given);
            if (s.ContainsKey("transition")) {
                try {
                    return TransitionTree(Str(s, "transition"), given);
                } catch (RtabException e) {
                    if (e.Status == E_STATE) return new Dictionary<string, object> { {"state", null} };
                    throw;
                }
            }
            if (s.ContainsKey("distance")) return DistanceTree(Str(s, "distance"), given, faces);
            if (s.ContainsKey("chain")) {
                var then = (Get(s, "then") as object[] ?? new object[0])
                    .Select(f => (IList<long>)((f as object[]) ?? new object[0]).Select(ToLong).ToList()).ToList();
                var c = ChainTree(Str(s, "chain"), given, faces, Num(s, "drm"), then);
                return new Dictionary<string, object> { {"outcome", c["outcome"]}, {"steps", c["steps"]} };
            }
            return ProcedureTree(Str(s, "procedure"), given);
        } catch (RtabException e) {
            return new Dictionary<string, object> { {"error", e.Reason} };
        }
    }

    /// <summary>The port side of rtab conform: one answer line per situation line.</summary>
    public void Serve(TextReader input, TextWriter output)
    {
        string line;
        while ((line = input.ReadLine()) != null) {
            if (line.Trim().Length == 0) continue;
            output.Write(RtabJson.Write(Answer((Dictionary<string, object>)RtabJson.Read(line))));
            output.Write('\n');
            output.Flush();
        }
    }
}

/// <summary>Reading the trees of a chain's steps into the typed results.</summary>
static class RtabTree
{
    public static object Get(Dictionary<string, object> d, string key)
    {
        object v;
        return d != null && d.TryGetValue(key, out v) ? v : null;
    }
    public static string Str(Dictionary<string, object> d, string key) { return Get(d, key) as string; }
    public static int Int(object v) { return v == null ? 0 : Convert.ToInt32(v, CultureInfo.InvariantCulture); }
    public static int Int(Dictionary<string, object> d, string key) { return Int(Get(d, key)); }
    public static bool Bool(Dictionary<string, object> d, string key) { return Get(d, key) is bool && (bool)Get(d, key); }
    public static IList<object> List(Dictionary<string, object> d, string key)
    {
        return (Get(d, key) as object[]) ?? new object[0];
    }
    public static IList<string> Strings(Dictionary<string, object> d, string key)
    {
        return List(d, key).Select(v => v as string).ToList().AsReadOnly();
    }
    /// <summary>An input's value as a host reads it: an enum value's id, a bool, an int, a decimal.</summary>
    public static object Value(object v) { return v is long ? (object)Convert.ToInt32(v, CultureInfo.InvariantCulture) : v; }
    public static IDictionary<string, object> Values(object tree)
    {
        var d = tree as IDictionary<string, object>;
        var output = new Dictionary<string, object>();
        if (d != null) foreach (var kv in d) output[kv.Key] = Value(kv.Value);
        return output;
    }
    /// <summary>A map of ints as a tree (null: none).</summary>
    public static Dictionary<string, object> Tree(IDictionary<string, int> d)
    {
        return d == null ? null : d.ToDictionary(kv => kv.Key, kv => (object)kv.Value);
    }
}

/// <summary>The id of each member of the ruleset's enums (TableName, InputName, OutcomeName):
/// what the data, the string API, labels and `rtab eval` name it (CavalryPursuit.Id() is
/// "cavalry_pursuit").</summary>
public static class Names
{
    public static string Id(this TableName name) { return Rules.Ruleset.NameId("tables", "TableName", (int)name); }
    public static string Id(this InputName name) { return Rules.Ruleset.NameId("inputs", "InputName", (int)name); }
    public static string Id(this OutcomeName name) { return Rules.Ruleset.NameId("outcomes", "OutcomeName", (int)name); }
    internal static OutcomeName? OutcomeOf(string id) { return Rules.Ruleset.OutcomeOf(id); }
}

/// <summary>A modifier whose condition held, as rtab_resolve lists it.</summary>
public sealed class AppliedModifier
{
    public string Modifier { get; private set; }
    public int Value { get; private set; }
    public int SignedValue { get; private set; }
    /// <summary>False when its stacking group kept another member.</summary>
    public bool Counted { get; internal set; }
    /// <summary>A column shift (the table's shifts), not a die-roll modifier.</summary>
    public bool Shift { get; private set; }
    internal AppliedModifier(string modifier, long value, long signedValue, bool shift)
    {
        Modifier = modifier;
        Value = (int)value;
        SignedValue = (int)signedValue;
        Counted = true;
        Shift = shift;
    }
    internal Dictionary<string, object> ToTree()
    {
        return new Dictionary<string, object> {
            {"modifier", Modifier}, {"value", Value}, {"signed_value", SignedValue}, {"counted", Counted}, {"shift", Shift},
        };
    }
}

/// <summary>An effect of an outcome: its kind, its arguments (an enum value's id, a string,
/// or an int), each argument's unit (null without one; Units null when no parameter has one).</summary>
public sealed class Effect
{
    public string Kind { get; private set; }
    public IList<object> Args { get; private set; }
    public IList<string> Units { get; private set; }
    internal Effect(Dictionary<string, object> d)
    {
        Kind = RtabTree.Str(d, "effect");
        Args = RtabTree.List(d, "args").Select(RtabTree.Value).ToList().AsReadOnly();
        Units = d.ContainsKey("units") ? RtabTree.Strings(d, "units") : null;
    }
}

/// <summary>One roll on a results table (docs/vectors.md). A column without a result has
/// NoResult true, Outcome null and only the column fields.</summary>
public sealed class TableResult
{
    static readonly IList<AppliedModifier> NoneApplied = new AppliedModifier[0];
    static readonly IList<Effect> NoEffects = new Effect[0];
    static readonly IList<string> NoStrings = new string[0];
    static readonly IList<int> NoInts = new int[0];
    static readonly IList<IDictionary<string, object>> NoInputs = new IDictionary<string, object>[0];

    public string Column { get; internal set; }
    public string Key { get; internal set; }
    public string KeyColumn { get; internal set; }
    public int ColumnShift { get; internal set; }
    public bool NoResult { get; private set; }
    public bool Automatic { get; internal set; }
    public int Natural { get; private set; }
    public int ModifierRaw { get; private set; }
    public int Modifier { get; private set; }
    public int ModifiedRoll { get; private set; }
    /// <summary>An opposed roll: the sum of each roll the table declares, by name; else null.</summary>
    public IDictionary<string, int> Rolls { get; internal set; }
    public IList<AppliedModifier> Applied { get; internal set; }
    public bool NaturalRule { get; internal set; }
    /// <summary>The outcome a rewrite replaced, else null; RewrittenFromId: its id.</summary>
    public OutcomeName? RewrittenFrom { get { return Names.OutcomeOf(RewrittenFromId); } }
    public string RewrittenFromId { get; internal set; }
    /// <summary>The outcome, null without a result; OutcomeId: its id (as the data names it).</summary>
    public OutcomeName? Outcome { get { return Names.OutcomeOf(OutcomeId); } }
    public string OutcomeId { get; internal set; }
    public string Code { get; internal set; }
    /// <summary>The rule reference of what decided: the rewrite, the natural-roll rule, the row, else the table.</summary>
    public string Rule { get; internal set; }
    public IList<Effect> Effects { get; internal set; }
    /// <summary>What to resolve next, a trigger resolved N times listed N times.</summary>
    public IList<string> Triggers { get; internal set; }
    /// <summary>For each of Triggers: which trigger of the outcome it comes from (from 0).</summary>
    public IList<int> TriggerOf { get; internal set; }
    /// <summary>For each of Triggers: the inputs it passes on, by id.</summary>
    public IList<IDictionary<string, object>> TriggerInputs { get; internal set; }
    public string Provisional { get; internal set; }
    /// <summary>Empty: a result shows its first provisional reason (Provisional).</summary>
    public IList<string> Reasons { get; private set; }
    /// <summary>The numbers of a numeric outcome, by parameter; else null.</summary>
    public IDictionary<string, int> Numbers { get; internal set; }
    internal object[] EffectsTree;
    bool provisionalShown; // a column without a result: whether the result shows Provisional

    internal TableResult(string column, long natural, long modifierRaw, long modifier, long roll)
    {
        Column = column;
        Natural = (int)natural;
        ModifierRaw = (int)modifierRaw;
        Modifier = (int)modifier;
        ModifiedRoll = (int)roll;
        Applied = NoneApplied;
        Effects = NoEffects;
        Triggers = NoStrings;
        TriggerOf = NoInts;
        TriggerInputs = NoInputs;
        Reasons = NoStrings;
    }

    /// <summary>The result of a column without one: the column fields, and the reason of the
    /// column when it has one (shown: the provisional reason then).</summary>
    internal TableResult Unresolved(bool shown, string provisional)
    {
        var r = new TableResult(Column, 0, 0, 0, 0) { Key = Key, KeyColumn = KeyColumn, ColumnShift = ColumnShift };
        r.NoResult = true;
        r.provisionalShown = shown;
        if (shown) r.Provisional = provisional;
        return r;
    }

    /// <summary>The result as `rtab vectors` writes it.</summary>
    public Dictionary<string, object> ToTree()
    {
        var d = new Dictionary<string, object> {
            {"column", Column}, {"key", Key}, {"key_column", KeyColumn}, {"column_shift", ColumnShift},
        };
        if (NoResult) {
            d["outcome"] = null;
            d["no_result"] = true;
            if (provisionalShown) d["provisional"] = Provisional;
            return d;
        }
        d["automatic"] = Automatic;
        d["natural"] = Natural;
        d["modifier_raw"] = ModifierRaw;
        d["modifier"] = Modifier;
        d["modified_roll"] = ModifiedRoll;
        if (Rolls != null) d["rolls"] = RtabTree.Tree(Rolls);
        d["applied"] = Applied.Select(a => (object)a.ToTree()).ToArray();
        d["natural_rule"] = NaturalRule;
        d["rewritten_from"] = RewrittenFromId;
        d["outcome"] = OutcomeId;
        d["code"] = Code;
        d["rule"] = Rule;
        d["effects"] = EffectsTree ?? new object[0];
        d["triggers"] = Triggers.Cast<object>().ToArray();
        d["trigger_of"] = TriggerOf.Cast<object>().ToArray();
        d["trigger_inputs"] = TriggerInputs.Cast<object>().ToArray();
        d["provisional"] = Provisional;
        if (Numbers != null) d["numbers"] = RtabTree.Tree(Numbers);
        return d;
    }
}

/// <summary>One step of a chain: what it resolves (Kind: "table", "reactions", "transition",
/// "distance" or "procedure"; Name), which trigger of the outcome it is and its repeat (from 1),
/// the inputs it was passed, and what it gave (Error: the runtime's message where it refused).</summary>
public sealed class ChainStep
{
    static readonly string[] Kinds = { "table", "reactions", "transition", "distance", "procedure" };
    public string Kind { get; private set; }
    public string Name { get; private set; }
    public int Trigger { get; private set; }
    public int Repeat { get; private set; }
    public IDictionary<string, object> Inputs { get; private set; }
    /// <summary>The outcome of a table or a procedure, else null; OutcomeId: its id.</summary>
    public OutcomeName? Outcome { get { return Names.OutcomeOf(OutcomeId); } }
    public string OutcomeId { get; private set; }
    public bool NoResult { get; private set; }
    public string Code { get; private set; }
    public string Rule { get; private set; }
    public string State { get; private set; }
    public IList<string> Options { get; private set; }
    public IList<DistanceValue> Values { get; private set; }
    public string Step { get; private set; }
    public string Error { get; private set; }
    internal ChainStep(Dictionary<string, object> d)
    {
        Kind = Kinds.First(d.ContainsKey);
        Name = RtabTree.Str(d, Kind);
        Trigger = RtabTree.Int(d, "trigger");
        Repeat = RtabTree.Int(d, "repeat");
        Inputs = RtabTree.Values(RtabTree.Get(d, "inputs"));
        OutcomeId = RtabTree.Str(d, "outcome");
        NoResult = RtabTree.Bool(d, "no_result");
        Code = RtabTree.Str(d, "code");
        Rule = RtabTree.Str(d, "rule");
        State = RtabTree.Str(d, "state");
        Options = d.ContainsKey("options") ? RtabTree.Strings(d, "options") : null;
        Values = d.ContainsKey("values") ? RtabTree.List(d, "values").Select(v => DistanceValue.Of((Dictionary<string, object>)v))
                                                   .ToList().AsReadOnly() : null;
        Step = RtabTree.Str(d, "step");
        Error = RtabTree.Str(d, "error");
    }
}

/// <summary>A roll on a table followed through what its outcome triggers (Ruleset.Chain).</summary>
public sealed class ChainResult
{
    /// <summary>The outcome of the roll (null without a result); OutcomeId: its id.</summary>
    public OutcomeName? Outcome { get { return Result.Outcome; } }
    public string OutcomeId { get { return Result.OutcomeId; } }
    public TableResult Result { get; private set; }
    public IList<ChainStep> Steps { get; private set; }
    internal ChainResult(TableResult result, IList<ChainStep> steps)
    {
        Result = result;
        Steps = steps;
    }
}

public sealed class ReactionsResult
{
    public IList<string> Options { get; private set; }
    /// <summary>What each option leads to: an outcome's id, or null.</summary>
    public IDictionary<string, string> Leads { get; private set; }
    internal ReactionsResult(List<string> options, Dictionary<string, string> leads)
    {
        Options = options.AsReadOnly();
        Leads = leads;
    }
    public Dictionary<string, object> ToTree()
    {
        return new Dictionary<string, object> {
            {"options", Options.Cast<object>().ToArray()}, {"leads", Leads.ToDictionary(kv => kv.Key, kv => (object)kv.Value)},
        };
    }
}

public sealed class TransitionResult
{
    public string State { get; private set; }
    internal TransitionResult(string state) { State = state; }
    public Dictionary<string, object> ToTree() { return new Dictionary<string, object> { {"state", State} }; }
}

/// <summary>A distance in one form: its value (null where the form has none here) and unit.</summary>
public sealed class DistanceValue
{
    public decimal? Value { get; private set; }
    public string Unit { get; private set; }
    internal DistanceValue(decimal? value, string unit)
    {
        Value = value;
        Unit = unit;
    }
    internal static DistanceValue Of(Dictionary<string, object> d)
    {
        var v = RtabTree.Get(d, "value");
        return new DistanceValue(v == null ? (decimal?)null : Convert.ToDecimal(v, CultureInfo.InvariantCulture),
                                 RtabTree.Str(d, "unit"));
    }
    internal Dictionary<string, object> ToTree()
    {
        object v = null;
        if (Value != null) v = Value.Value == decimal.Truncate(Value.Value) ? (object)(long)Value.Value : Value.Value;
        return new Dictionary<string, object> { {"value", v}, {"unit", Unit} };
    }
}

public sealed class DistanceResult
{
    public IList<DistanceValue> Values { get; private set; }
    public string Provisional { get; private set; }
    internal DistanceResult(List<DistanceValue> values, string provisional)
    {
        Values = values.AsReadOnly();
        Provisional = provisional;
    }
    public Dictionary<string, object> ToTree()
    {
        return new Dictionary<string, object> {
            {"values", Values.Select(v => (object)v.ToTree()).ToArray()}, {"provisional", Provisional},
        };
    }
}

public sealed class ProcedureResult
{
    public string Step { get; private set; }
    /// <summary>The outcome of the step that decided, else null; OutcomeId: its id.</summary>
    public OutcomeName? Outcome { get { return Names.OutcomeOf(OutcomeId); } }
    public string OutcomeId { get; private set; }
    public IList<Effect> Effects { get; private set; }
    public IList<string> Triggers { get; private set; }
    public IDictionary<string, int> Numbers { get; private set; }
    readonly object[] effectsTree;
    internal ProcedureResult(string step, string outcome, IList<Effect> effects, object[] effectsTree,
                             IList<string> triggers, IDictionary<string, int> numbers)
    {
        Step = step;
        OutcomeId = outcome;
        Effects = effects;
        this.effectsTree = effectsTree;
        Triggers = triggers;
        Numbers = numbers;
    }
    public Dictionary<string, object> ToTree()
    {
        var d = new Dictionary<string, object> { {"step", Step}, {"outcome", OutcomeId} };
        if (OutcomeId == null) return d;
        d["effects"] = effectsTree;
        d["triggers"] = Triggers.Cast<object>().ToArray();
        if (Numbers != null) d["numbers"] = RtabTree.Tree(Numbers);
        return d;
    }
}

/// <summary>Just enough JSON for the conform protocol: objects as Dictionary, arrays
/// as object[], integers as long, other numbers as decimal.</summary>
public static class RtabJson
{
    public static object Read(string text)
    {
        int i = 0;
        var v = Value(text, ref i);
        Space(text, ref i);
        if (i != text.Length) throw new FormatException("JSON: text after the value");
        return v;
    }

    static void Space(string s, ref int i) { while (i < s.Length && char.IsWhiteSpace(s[i])) i++; }

    static object Value(string s, ref int i)
    {
        Space(s, ref i);
        if (i >= s.Length) throw new FormatException("JSON: unexpected end");
        char c = s[i];
        if (c == '{') {
            var d = new Dictionary<string, object>();
            i++;
            Space(s, ref i);
            if (s[i] == '}') { i++; return d; }
            while (true) {
                Space(s, ref i);
                var key = (string)Value(s, ref i);
                Space(s, ref i);
                if (s[i++] != ':') throw new FormatException("JSON: ':' expected");
                d[key] = Value(s, ref i);
                Space(s, ref i);
                if (s[i] == ',') { i++; continue; }
                if (s[i++] == '}') return d;
                throw new FormatException("JSON: ',' or '}' expected");
            }
        }
        if (c == '[') {
            var a = new List<object>();
            i++;
            Space(s, ref i);
            if (s[i] == ']') { i++; return a.ToArray(); }
            while (true) {
                a.Add(Value(s, ref i));
                Space(s, ref i);
                if (s[i] == ',') { i++; continue; }
                if (s[i++] == ']') return a.ToArray();
                throw new FormatException("JSON: ',' or ']' expected");
            }
        }
        if (c == '"') {
            var b = new StringBuilder();
            for (i++; s[i] != '"'; i++) {
                if (s[i] != '\\') { b.Append(s[i]); continue; }
                char e = s[++i];
                switch (e) {
                case 'n': b.Append('\n'); break;
                case 't': b.Append('\t'); break;
                case 'r': b.Append('\r'); break;
                case 'b': b.Append('\b'); break;
                case 'f': b.Append('\f'); break;
                case 'u': b.Append((char)Convert.ToInt32(s.Substring(i + 1, 4), 16)); i += 4; break;
                default: b.Append(e); break;
                }
            }
            i++;
            return b.ToString();
        }
        if (s.Length - i >= 4 && s.Substring(i, 4) == "true") { i += 4; return true; }
        if (s.Length - i >= 5 && s.Substring(i, 5) == "false") { i += 5; return false; }
        if (s.Length - i >= 4 && s.Substring(i, 4) == "null") { i += 4; return null; }
        int start = i;
        while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;
        var number = s.Substring(start, i - start);
        if (number.Length == 0) throw new FormatException("JSON: unexpected '" + c + "'");
        long l;
        if (long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out l)) return l;
        return decimal.Parse(number, NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    public static string Write(object v)
    {
        var b = new StringBuilder();
        Put(b, v);
        return b.ToString();
    }

    static void Put(StringBuilder b, object v)
    {
        if (v == null) { b.Append("null"); return; }
        if (v is bool) { b.Append((bool)v ? "true" : "false"); return; }
        var s = v as string;
        if (s != null) {
            b.Append('"');
            foreach (char c in s) {
                if (c == '"' || c == '\\') b.Append('\\').Append(c);
                else if (c == '\n') b.Append("\\n");
                else if (c < 0x20) b.Append("\\u").Append(((int)c).ToString("x4"));
                else b.Append(c);
            }
            b.Append('"');
            return;
        }
        var d = v as IDictionary<string, object>;
        if (d != null) {
            b.Append('{');
            bool first = true;
            foreach (var kv in d) {
                if (!first) b.Append(',');
                first = false;
                Put(b, kv.Key);
                b.Append(':');
                Put(b, kv.Value);
            }
            b.Append('}');
            return;
        }
        var list = v as global::System.Collections.IEnumerable;
        if (list != null) {
            b.Append('[');
            bool first = true;
            foreach (var item in list) {
                if (!first) b.Append(',');
                first = false;
                Put(b, item);
            }
            b.Append(']');
            return;
        }
        b.Append(Convert.ToString(v, CultureInfo.InvariantCulture));
    }
}
