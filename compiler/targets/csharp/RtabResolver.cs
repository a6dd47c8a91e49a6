// The resolver of rtab's C# target: runtime/rtab.c step by step, over the
// data of `rtab export --format json` (as compiler/targets/js/rtab_resolver.mjs).
// C# 7 and the base class library only (no Unity API): the data is a tree of
// Dictionary<string, object> (objects), object[] (arrays), string, long,
// decimal (exact numbers), bool and null; so are the trees of `rtab conform`.
// The API gives typed results (TableResult, ChainResult, ...: int fields).
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

/// <summary>The faces dice in a program read, and the provisional reasons reached.</summary>
class RtabContext
{
    public readonly List<long> Faces;
    public int NextFace;
    public readonly List<string> Reasons = new List<string>();
    public RtabContext(IEnumerable<long> faces) { Faces = new List<long>(faces ?? new long[0]); }
    public object Provisional { get { return Reasons.Count > 0 ? Reasons[0] : null; } }
    public void Note(object why)
    {
        var s = why as string;
        if (s != null && !Reasons.Contains(s)) Reasons.Add(s);
    }
    public void NoteFirst(object why)
    {
        var s = why as string;
        if (s == null) return;
        Reasons.Remove(s);
        Reasons.Insert(0, s);
    }
}

public class Ruleset
{
    const long INT32_MIN = int.MinValue, INT32_MAX = int.MaxValue;
    const long NO_DICE = 65535;
    const int E_TABLE = -2, E_INPUT = -3, E_FACES = -4, E_NO_ROW = -5, E_COLUMN = -6, E_EXPR = -7, E_OVERFLOW = -8,
        E_RULESET = -9, E_INDEX = -10, E_STATE = -11, E_NO_RESULT = -12, E_INEXACT = -13, E_STEP_DRM = -14,
        E_REQUIRE = -15, E_VERSION = -16;
    /// <summary>The rtab data model (RTAB_DATA_VERSION of runtime/rtab.h) this resolver reads:
    /// data of another model is refused at load, as the C library refuses it.</summary>
    public const int DataModel = 6;
    const long STACK_SUM = 0, STACK_BEST = 2;
    const long ROUND_EVENS = 0, ROUND_DOWN = 1, ROUND_UP = 2, ROUND_NEAREST = 3;
    const long ROUND_LINEAR = 4, ROUND_LINEAR_UP = 5, ROUND_DOWN_STRICT = 6;
    const long KEY_INPUT = 0, KEY_ODDS = 1, KEY_VALUE = 2;
    const long COLUMN_ROLLED = 0, COLUMN_AUTOMATIC = 1, COLUMN_NONE = 2;
    const long MAX_STEP_TERM = 10000;
    static readonly string[] TargetKeys = { "tables", "reaction_sets", "transitions", "distances", "procedures" };

    /// <summary>The ruleset as `rtab export --format json` writes it (docs/export.md).</summary>
    public readonly Dictionary<string, object> X;
    readonly object[] inputs;
    readonly long scale;
    readonly Dictionary<string, Dictionary<string, int>> byId = new Dictionary<string, Dictionary<string, int>>();

    /// <summary>The hash of the ruleset the data was compiled from (its source_hash).</summary>
    public readonly string SourceHash;

    /// <summary>data: the export; dataModel, sourceHash: what the resolver was generated for
    /// (both must be the data's).</summary>
    public Ruleset(Dictionary<string, object> data, long dataModel, string sourceHash)
    {
        if (Str(data, "format") != "rtab-export" || Num(data, "version") != 1)
            throw new RtabException(E_VERSION, "the data is not an rtab export of version 1");
        if (Num(data, "data_version") != DataModel || dataModel != DataModel)
            throw new RtabException(E_VERSION, "the data is of data model " + Num(data, "data_version") +
                ", its resolver of " + dataModel + "; this resolver reads data model " + DataModel +
                ": run rtab compile --target again");
        if (Str(data, "source_hash") != sourceHash)
            throw new RtabException(E_VERSION, "the data is of the source " + Str(data, "source_hash") +
                ", its resolver of " + sourceHash + ": both must come from one run of rtab compile --target");
        SourceHash = sourceHash;
        X = data;
        inputs = Arr(data, "inputs");
        scale = Num(data, "scale") == 0 ? 1 : Num(data, "scale");
        foreach (var key in new[] { "inputs", "outcomes" }.Concat(TargetKeys)) {
            var ids = new Dictionary<string, int>();
            var list = Arr(data, key);
            for (int i = 0; i < list.Length; i++) ids[Str(list[i], "id")] = i;
            byId[key] = ids;
        }
    }

    // -- reading the tree ----------------------------------------------------

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
    static bool Empty(object expr) { return expr == null || Arr(expr, "instrs").Length == 0; }
    object Item(string key, long i) { return Arr(X, key)[i]; }

    object Find(string key, string name)
    {
        int i;
        if (name == null || !byId[key].TryGetValue(name, out i))
            throw new RtabException(key == "tables" ? E_TABLE : E_INDEX,
                                    (key == "tables" ? "no table" : "nothing of " + key) + " is named " + Shown(name));
        return Arr(X, key)[i];
    }

    static long Check32(long v)
    {
        if (v < INT32_MIN || v > INT32_MAX) throw new RtabException(E_OVERFLOW);
        return v;
    }

    /// <summary>The inputs as the runtime holds them: defaults, then the given ones by id, each
    /// of its type (an enum value's id, a bool, an integer: int, long, short..., an exact number:
    /// an integer or a decimal); anything else is refused, naming the input.</summary>
    public long[] Situation(IDictionary<string, object> given)
    {
        var values = inputs.Select(i => Num(i, "default_value")).ToArray();
        if (given == null) return values;
        foreach (var kv in given) {
            int k;
            if (kv.Key == null || !byId["inputs"].TryGetValue(kv.Key, out k))
                throw new RtabException(E_INPUT, "no input is named " + Shown(kv.Key), kv.Key);
            values[k] = InputValue(k, kv.Value);
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
        var id = Str(inp, "id");
        Func<string, RtabException> refuse = what => new RtabException(E_INPUT, id + " = " + Shown(value) + " is not " + what, id);
        var type = Str(inp, "type_name");
        if (type == "enum") {
            var vals = Arr(Item("enums", Num(inp, "enum_index")), "values");
            int v = value is string ? Array.FindIndex(vals, e => Str(e, "id") == (string)value) : -1;
            if (v < 0) throw refuse("one of " + string.Join(", ", vals.Select(e => Str(e, "id"))));
            return v;
        }
        if (type == "bool") {
            if (!(value is bool)) throw refuse("a bool (true or false)");
            return (bool)value ? 1 : 0;
        }
        if (type == "number") {
            if (!Integral(value) && !(value is decimal)) throw refuse("an exact number (an integer or a decimal)");
            decimal scaled = Convert.ToDecimal(value, CultureInfo.InvariantCulture) * scale;
            if (scaled != Math.Round(scaled)) throw refuse("a multiple of 1/" + scale);
            return (long)scaled;
        }
        if (!Integral(value)) throw refuse("an integer (int or long)");
        return Convert.ToInt64(value, CultureInfo.InvariantCulture);
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

    /// <summary>A scaled number as the rules print it: 25 at scale 2 is 12.5.</summary>
    object Exact(long scaled)
    {
        if (scale == 1 || scaled % scale == 0) return scaled / scale;
        return (decimal)scaled / scale;
    }

    void Validate(long[] values)
    {
        ValidateDomains(values);
        if (RequirementBroken(values) != null) throw new RtabException(E_REQUIRE);
    }

    void ValidateDomains(long[] values)
    {
        if (values.Length != inputs.Length)
            throw new RtabException(E_INPUT, values.Length + " inputs, not the ruleset's " + inputs.Length);
        for (int i = 0; i < inputs.Length; i++) {
            var inp = inputs[i];
            long v = values[i], step = Num(inp, "step");
            if (v < Num(inp, "min") || v > Num(inp, "max") || (step > 1 && (v - Num(inp, "min")) % step != 0))
                throw new RtabException(E_INPUT, Str(inp, "id") + " = " + Shown(ValueOf(i, v)) + " is outside its domain",
                                        Str(inp, "id"));
        }
    }

    /// <summary>The id of the first requirement the situation breaks, or null.</summary>
    public string RequirementBroken(long[] values)
    {
        foreach (var req in Arr(X, "requirements"))
            if (Eval(Get(req, "condition"), values, null) == 0) return Str(req, "id");
        return null;
    }

    // -- programs -------------------------------------------------------------

    long Eval(object expr, long[] values, RtabContext ctx)
    {
        var ins = Arr(expr, "instrs");
        if (ins.Length == 0) return 1;
        var stack = new List<long>();
        Func<long> pop = () => { if (stack.Count == 0) throw new RtabException(E_EXPR); long v = stack[stack.Count - 1]; stack.RemoveAt(stack.Count - 1); return v; };
        for (int i = 0; i < ins.Length; i++) {
            string name = Str(ins[i], "op_name");
            long arg = Num(ins[i], "arg");
            long a, b;
            switch (name) {
            case "const": case "const_exact": stack.Add(arg); break;
            case "scale": stack.Add(ExactOp(name, arg, pop(), 0)); break;
            case "mul_exact": case "div_exact": b = pop(); a = pop(); stack.Add(ExactOp(name, arg, a, b)); break;
            case "input": stack.Add(values[arg]); NoteInput(arg, values[arg], ctx); break;
            case "roll": stack.Add(Roll(arg, ctx)); break;
            case "neg": case "abs":
                a = pop();
                if (a == INT32_MIN) throw new RtabException(E_OVERFLOW);
                stack.Add(name == "neg" || a < 0 ? -a : a);
                break;
            case "not": stack.Add(pop() != 0 ? 0 : 1); break;
            case "matrix": stack.Add(Matrix(arg, stack, ctx)); break;
            case "band": b = pop(); a = pop(); stack.Add(Band(arg, a, b, ctx)); break;
            case "jump_if_false": if (pop() == 0) i += (int)arg; break;
            case "jump": i += (int)arg; break;
            default: b = pop(); a = pop(); stack.Add(Arith(name, a, b)); break;
            }
        }
        if (stack.Count != 1) throw new RtabException(E_EXPR);
        return stack[0];
    }

    void NoteInput(long i, long v, RtabContext ctx)
    {
        if (ctx == null) return;
        var inp = inputs[i];
        if (Has(inp, "provisional") && v == Num(inp, "default_value")) ctx.Note(Get(inp, "provisional"));
        if (Num(inp, "type") == 2 && Num(inp, "enum_index", -1) >= 0) {
            var vals = Arr(Item("enums", Num(inp, "enum_index")), "values");
            if (v >= 0 && v < vals.Length) ctx.Note(Get(vals[v], "provisional"));
        }
    }

    long Roll(long index, RtabContext ctx)
    {
        var d = Item("dice", index);
        if (ctx == null || ctx.Faces.Count - ctx.NextFace < Num(d, "nfaces")) throw new RtabException(E_FACES);
        long total = 0;
        foreach (var g in Arr(d, "groups")) {
            for (long k = 0; k < Num(g, "count"); k++) {
                long f = ctx.Faces[ctx.NextFace++];
                if (f < Num(g, "face_min") || f > Num(g, "face_max")) throw new RtabException(E_FACES);
                total += f;
            }
        }
        ctx.Note(Get(d, "provisional"));
        return total;
    }

    long Matrix(long index, List<long> stack, RtabContext ctx)
    {
        var m = Item("matrices", index);
        int ndims = (int)Num(m, "ndims");
        if (stack.Count < ndims) throw new RtabException(E_EXPR);
        var keys = stack.GetRange(stack.Count - ndims, ndims);
        stack.RemoveRange(stack.Count - ndims, ndims);
        var dims = Arr(m, "dims");
        long cell = 0;
        for (int k = 0; k < ndims; k++) {
            long n = Num(Item("enums", ToLong(dims[k])), "nvalues");
            if (keys[k] < 0 || keys[k] >= n) throw new RtabException(E_INPUT);
            cell = cell * n + keys[k];
        }
        if (Has(m, "provisional") && ctx != null) ctx.Note(Arr(m, "provisional")[cell]);
        return ToLong(Arr(m, "cells")[cell]);
    }

    long Band(long index, long a, long b, RtabContext ctx)
    {
        var band = Item("bands", index);
        Action<object> note = why => { if (ctx != null) ctx.Note(why); };
        if (a < 0 || b < 0) throw new RtabException(E_INPUT);
        note(Get(band, "provisional"));
        if (a == 0 && b == 0) { note(Get(band, "otherwise_provisional")); return Num(band, "otherwise"); }
        var steps = Arr(band, "steps");
        foreach (var st in steps) {
            long num = Num(st, "num"), den = Num(st, "den");
            if (!(num > 0 && num <= MAX_STEP_TERM && den > 0 && den <= MAX_STEP_TERM)) throw new RtabException(E_RULESET);
        }
        if (Num(band, "rounding", ROUND_EVENS) != ROUND_EVENS && a > 0 && b > 0) {
            var ab = BandRound(band, a, b);
            a = ab[0];
            b = ab[1];
        }
        int best = -1;
        for (int i = 0; i < steps.Length; i++) {
            long num = Num(steps[i], "num"), den = Num(steps[i], "den");
            bool favourable = num >= den;
            long lhs = a * den, rhs = num * b;
            if (favourable ? lhs < rhs : lhs > rhs) continue;
            if (best < 0) { best = i; continue; }
            long cmp = num * Num(steps[best], "den") - Num(steps[best], "num") * den;
            if (favourable ? cmp > 0 : cmp < 0) best = i;
        }
        if (best < 0) { note(Get(band, "otherwise_provisional")); return Num(band, "otherwise"); }
        if (Has(band, "step_provisional")) note(Arr(band, "step_provisional")[best]);
        return Num(steps[best], "value");
    }

    // -- tables -----------------------------------------------------------------

    /// <summary>One roll on a results table: the result as `rtab vectors` writes it (a tree).</summary>
    public Dictionary<string, object> ResolveTree(string table, IDictionary<string, object> given = null,
                                                  IList<long> faces = null, long drm = 0)
    {
        return ResolveValues(table, Situation(given), faces, drm);
    }

    /// <summary>Resolve, with the inputs as the runtime holds them (Situation's values).</summary>
    public Dictionary<string, object> ResolveValues(string table, long[] values, IList<long> faces = null, long drm = 0)
    {
        var t = Find("tables", table);
        Validate(values);
        faces = faces ?? new long[0];
        var columns = Arr(t, "columns");
        if (columns.Length == 0) throw new RtabException(E_RULESET);
        if (Num(t, "step") >= 0 && drm != 0) throw new RtabException(E_STEP_DRM); // a modifier from outside belongs to no step
        bool facesLater = false;
        long natural = 0, dice = Num(t, "dice");
        if (dice == NO_DICE) {
            if (faces.Count > 0) throw new RtabException(E_FACES);
        } else if (faces.Count == 0 && columns.Any(k => Num(k, "kind", COLUMN_ROLLED) != COLUMN_ROLLED)) {
            facesLater = true;
        } else {
            natural = NaturalSum(Item("dice", dice), faces);
            // An opposed roll: each declared roll's faces times its sign.
            if (Arr(t, "rolls").Length > 0) {
                natural = 0;
                foreach (var rs in RollSums(t, faces)) natural += Num(rs.Key, "sign") * rs.Value;
            }
        }
        var ctx = new RtabContext(null); // the dice's reason marks the odds, not a result from faces given
        var applied = new List<Applied>();
        long modifierRaw = ApplyList(t, Arr(t, "modifiers"), false, values, ctx, applied, drm);
        long modifier = modifierRaw;
        if (Equals(Get(t, "capped"), true) || Num(t, "capped") != 0)
            modifier = Math.Min(Math.Max(modifier, Num(t, "cap_min")), Num(t, "cap_max"));
        long roll = Check32(natural + modifier);
        var r = new Dictionary<string, object> {
            {"column", Str(columns[0], "id")}, {"key", null}, {"key_column", null}, {"column_shift", 0L},
            {"automatic", false}, {"natural", natural}, {"modifier_raw", modifierRaw}, {"modifier", modifier},
            {"modified_roll", roll},
        };
        // Each declared roll's sum, as rtab eval and rtab vectors show them.
        if (Arr(t, "rolls").Length > 0 && faces.Count > 0) {
            var sums = new Dictionary<string, object>();
            foreach (var rs in RollSums(t, faces)) sums[Str(rs.Key, "id")] = rs.Value;
            r["rolls"] = sums;
        }
        long col;
        try {
            col = KeyColumn(t, values, ctx, r);
        } catch (RtabException e) {
            if (e.Status == E_NO_RESULT) return NoResult(r);
            throw;
        }
        r["key_column"] = Str(columns[col], "id");
        long shift = ApplyList(t, Arr(t, "shifts"), true, values, ctx, applied, 0);
        r["column_shift"] = shift;
        var run = Run(t, values);
        // 'clamp shifts;': a key on an end column stays there; a shift stops at the printed columns.
        long stops = Num(t, "shift_stops", 0);
        long lo = run[0] + ((stops & 1) != 0 ? 1 : 0), hi = run[1] - 1 - ((stops & 2) != 0 ? 1 : 0);
        long column = col < lo || col > hi ? col : Math.Min(Math.Max(col + shift, lo), hi);
        var c = columns[column];
        r["column"] = Str(c, "id");
        r["applied"] = applied.Select(a => (object)new Dictionary<string, object> {
            {"modifier", Str(Item("modifiers", a.Modifier), "id")}, {"value", a.Value}, {"signed_value", a.Signed},
            {"counted", a.Counted}, {"shift", a.Shift},
        }).ToArray();
        long kind = Num(c, "kind", COLUMN_ROLLED);
        int nat = faces.Count > 0 ? NaturalRule(t, faces) : -1;
        long outcome, row = -1;
        object why;
        if (kind == COLUMN_NONE) {
            // 'below none provisional "why"': "not allowed" may be a reading too.
            ctx.NoteFirst(Get(c, "provisional"));
            var none = NoResult(r);
            if (Has(c, "provisional")) none["provisional"] = ctx.Provisional;
            return none;
        }
        if (kind == COLUMN_AUTOMATIC) {
            r["automatic"] = true;
            nat = -1;
            outcome = Num(c, "automatic");
            why = Get(c, "provisional");
        } else if (kind != COLUMN_ROLLED) {
            throw new RtabException(E_RULESET);
        } else if (facesLater) {
            throw new RtabException(E_FACES);
        } else if (nat >= 0) {
            var nr = Arr(t, "natural")[nat];
            outcome = Num(nr, "outcome");
            why = Get(nr, "provisional");
        } else {
            row = Row(t, c, roll);
            outcome = Num(Arr(t, "rows")[row], "outcome");
            why = Get(Arr(t, "rows")[row], "provisional");
        }
        ctx.NoteFirst(why);
        long rewrittenFrom = -1;
        object rewrite = null;
        foreach (var rw in Arr(t, "rewrites")) {
            if (Num(rw, "from") != outcome) continue;
            // The rewrite's reading decides the outcome whether it changes it or lets it
            // stand: what its condition read and its reason are noted either way.
            bool holds = Eval(Get(rw, "condition"), values, ctx) != 0;
            ctx.Note(Get(rw, "provisional"));
            if (!holds) continue;
            rewrittenFrom = outcome;
            outcome = Num(rw, "to");
            rewrite = rw;
            break;
        }
        var fired = Fired(outcome, values, ctx);
        var o = Item("outcomes", outcome);
        r["natural_rule"] = nat >= 0;
        r["rewritten_from"] = rewrittenFrom < 0 ? null : Str(Item("outcomes", rewrittenFrom), "id");
        r["outcome"] = Str(o, "id");
        r["code"] = Get(o, "code");
        r["rule"] = DecidedRule(t, rewrite, nat, row);
        r["effects"] = Effects(o);
        r["triggers"] = fired.Select(f => (object)Str(Get(f.Value, "target"), "id")).ToArray();
        r["trigger_of"] = fired.Select(f => (object)(long)f.Key).ToArray();
        r["trigger_inputs"] = fired.Select(f => (object)PassedOn(outcome, f.Key, values, null, null)).ToArray();
        r["provisional"] = ctx.Provisional;
        Numbers(o, r);
        return r;
    }

    class Applied
    {
        public long Modifier, Value, Signed;
        public bool Counted, Shift;
    }

    static Dictionary<string, object> NoResult(Dictionary<string, object> r)
    {
        return new Dictionary<string, object> {
            {"column", r["column"]}, {"key", r["key"]}, {"key_column", r["key_column"]},
            {"column_shift", r["column_shift"]}, {"outcome", null}, {"no_result", true},
        };
    }

    /// <summary>Apply the modifiers of a list (die-roll modifiers, or column shifts): their
    /// total, stacking groups and group caps applied, added to start.</summary>
    long ApplyList(object t, object[] indices, bool shift, long[] values, RtabContext ctx, List<Applied> applied, long start)
    {
        int first = applied.Count;
        long step = Num(t, "step");
        foreach (var index in indices) {
            long mi = ToLong(index);
            var m = Item("modifiers", mi);
            if (step >= 0 && ((Num(m, "steps") >> (int)step) & 1) == 0) continue;
            // What the condition read decided the result whether it holds or not.
            if (Eval(Get(m, "condition"), values, ctx) == 0) continue;
            long value = Eval(Get(m, "value"), values, ctx);
            if (value == INT32_MIN && Num(m, "sign") < 0) throw new RtabException(E_OVERFLOW);
            applied.Add(new Applied { Modifier = mi, Value = value, Signed = Num(m, "sign") < 0 ? -value : value,
                                      Counted = true, Shift = shift });
        }
        var mine = applied.GetRange(first, applied.Count - first);
        Stack(mine);
        long total = start;
        var groups = Arr(X, "groups");
        int ngroups = groups.Length;
        for (int g = 0; g <= ngroups; g++) {
            long s = 0;
            bool members = false;
            foreach (var a in mine) {
                var m = Item("modifiers", a.Modifier);
                long mg = Num(m, "group") < 0 ? ngroups : Num(m, "group");
                if (mg != g || !a.Counted) continue;
                s += a.Signed;
                members = true;
                ctx.Note(Get(m, "provisional"));
            }
            // A group adds nothing, whatever its cap, when none of its members applies.
            if (g < ngroups && (Equals(Get(groups[g], "capped"), true) || Num(groups[g], "capped") != 0) && members)
                s = Math.Min(Math.Max(s, Num(groups[g], "cap_min")), Num(groups[g], "cap_max"));
            total = Check32(total + s);
        }
        return total;
    }

    /// <summary>Within each stacking group and side, keep only the member its policy names.</summary>
    void Stack(List<Applied> applied)
    {
        for (int i = 0; i < applied.Count; i++) {
            var ai = applied[i];
            var mi = Item("modifiers", ai.Modifier);
            if (Num(mi, "group") < 0 || !ai.Counted) continue;
            long policy = Num(Item("groups", Num(mi, "group")), "stacking");
            if (policy == STACK_SUM) continue;
            long sign = Num(mi, "sign");
            for (int j = i + 1; j < applied.Count; j++) {
                var aj = applied[j];
                var mj = Item("modifiers", aj.Modifier);
                if (Num(mj, "group") != Num(mi, "group") || Num(mj, "sign") != sign || !aj.Counted) continue;
                long a = ai.Signed, b = aj.Signed;
                bool jBetter = sign > 0 ? b > a : b < a;
                bool keepJ = policy == STACK_BEST ? jBetter : sign > 0 ? b < a : b > a;
                if (keepJ) { ai.Counted = false; break; }
                aj.Counted = false;
            }
        }
    }

    long KeyColumn(object t, long[] values, RtabContext ctx, Dictionary<string, object> r)
    {
        long kind = Num(t, "key_kind", KEY_INPUT), columnInput = Num(t, "column_input", -1);
        if (columnInput >= 0) NoteInput(columnInput, values[columnInput], ctx);
        if (kind == KEY_INPUT) return Column(t, values);
        long a = Eval(Get(t, "key_a"), values, ctx);
        long b = kind == KEY_ODDS ? Eval(Get(t, "key_b"), values, ctx) : 1;
        r["key"] = kind == KEY_ODDS ? Text(Exact(a)) + ":" + Text(Exact(b)) : a > 0 ? "+" + a : a.ToString(CultureInfo.InvariantCulture);
        if (kind == KEY_ODDS && (a < 0 || b < 0)) throw new RtabException(E_INPUT);
        if (kind == KEY_ODDS && a == 0 && b == 0) throw new RtabException(E_NO_RESULT);
        var run = Run(t, values, ctx);
        return ReadKey(t, a, b, run[0], run[1]);
    }

    static string Text(object number) { return Convert.ToString(number, CultureInfo.InvariantCulture); }

    // The run of a two-key table: its variant's value, or the line whose condition holds (line_key).
    long[] Run(object t, long[] values, RtabContext ctx = null)
    {
        var ends = Arr(t, "column_end_of_value");
        long n = Arr(t, "columns").Length, columnInput = Num(t, "column_input", -1), nlines = Num(t, "nlines", 0);
        long v;
        if (nlines > 0 && ends.Length > 0) {
            v = Eval(Get(t, "line_key"), values, ctx);
            if (v < 0 || v >= nlines) throw new RtabException(E_RULESET);
        } else {
            if (Num(t, "key_kind", KEY_INPUT) == KEY_INPUT || columnInput < 0 || ends.Length == 0) return new[] { 0, n };
            v = values[columnInput];
        }
        long first = ToLong(Arr(t, "column_of_value")[v]), end = ToLong(ends[v]);
        if (!(first < end && end <= n)) throw new RtabException(E_RULESET);
        return new[] { first, end };
    }

    // An opposed roll: each declared roll with the sum of its faces, in order.
    static List<KeyValuePair<object, long>> RollSums(object t, IList<long> faces)
    {
        var sums = new List<KeyValuePair<object, long>>();
        int k = 0;
        foreach (var tr in Arr(t, "rolls")) {
            long sum = 0;
            for (long i = 0; i < Num(tr, "nfaces"); i++) sum += faces[k++];
            sums.Add(new KeyValuePair<object, long>(tr, sum));
        }
        return sums;
    }

    static long NaturalSum(object d, IList<long> faces)
    {
        if (faces.Count != Num(d, "nfaces")) throw new RtabException(E_FACES);
        int k = 0;
        long total = 0;
        foreach (var g in Arr(d, "groups")) {
            for (long n = 0; n < Num(g, "count"); n++, k++) {
                if (faces[k] < Num(g, "face_min") || faces[k] > Num(g, "face_max")) throw new RtabException(E_FACES);
                total += faces[k];
            }
        }
        return total;
    }

    long Column(object t, long[] values)
    {
        long columnInput = Num(t, "column_input", -1);
        if (columnInput < 0) {
            if (Arr(t, "columns").Length != 1) throw new RtabException(E_RULESET);
            return 0;
        }
        long col = ToLong(Arr(t, "column_of_value")[values[columnInput]]);
        if (col >= Num(t, "ncolumns")) throw new RtabException(E_COLUMN);
        return col;
    }

    static long Row(object t, object col, long roll)
    {
        if (Get(col, "row_of_roll") == null) throw new RtabException(E_RULESET);
        long r;
        if (roll < Num(t, "roll_min")) r = Num(col, "below_row");
        else if (roll > Num(t, "roll_max")) r = Num(col, "above_row");
        else r = ToLong(Arr(col, "row_of_roll")[roll - Num(t, "roll_min")]);
        if (r < 0) throw new RtabException(E_NO_ROW);
        return r;
    }

    /// <summary>The rule reference of what decided a result: the rewrite that changed it, the
    /// natural-roll rule, the row read (when each has its own), else the table's.</summary>
    static object DecidedRule(object t, object rewrite, long nat, long row)
    {
        if (rewrite != null && Has(rewrite, "rule")) return Get(rewrite, "rule");
        if (nat >= 0 && Has(Arr(t, "natural")[nat], "rule")) return Get(Arr(t, "natural")[nat], "rule");
        if (nat < 0 && row >= 0 && Has(Arr(t, "rows")[row], "rule")) return Get(Arr(t, "rows")[row], "rule");
        return Get(t, "rule");
    }

    /// <summary>What the outcome leads to: each target's id, a trigger resolved N times N times.</summary>
    object[] Triggers(long outcome, long[] values, RtabContext ctx)
    {
        return Fired(outcome, values, ctx).Select(f => (object)Str(Get(f.Value, "target"), "id")).ToArray();
    }

    /// <summary>The outcome's triggers that fire, each as (which trigger of the outcome, the
    /// trigger), a trigger resolved N times listed N times, its repeats in order.</summary>
    List<KeyValuePair<int, object>> Fired(long outcome, long[] values, RtabContext ctx)
    {
        var output = new List<KeyValuePair<int, object>>();
        Action<object> note = why => { if (ctx != null) ctx.Note(why); };
        var all = Arr(Item("outcomes", outcome), "triggers");
        for (int index = 0; index < all.Length; index++) {
            var tr = all[index];
            var timesExpr = Get(tr, "times");
            var unless = Get(tr, "unless");
            // Its reading (its condition, its count) decides whether and how often it
            // fires: its reason and what it read are noted, fired or not.
            note(Get(tr, "provisional"));
            bool suppressed = !Empty(unless) && Eval(unless, values, ctx) != 0;
            long times = suppressed ? 0 : Empty(timesExpr) ? 1 : Eval(timesExpr, values, ctx);
            if (times < 0) throw new RtabException(E_RULESET);
            for (long k = 0; k < times; k++) output.Add(new KeyValuePair<int, object>(index, tr));
        }
        return output;
    }

    const long SET_SAME = 0, SET_REPEAT = 1, SET_EARLIER = 2;
    static readonly string[] ChainKinds = { "table", "reactions", "transition", "distance", "procedure" };

    /// <summary>The situation trigger k of the outcome passes on (as the runtime holds it) for
    /// the repeat after those that gave the outcomes `earlier` (indices; -1: none).</summary>
    long[] TriggerSituation(long outcome, int k, long[] values, IList<long> earlier)
    {
        earlier = earlier ?? new long[0];
        var tr = Arr(Item("outcomes", outcome), "triggers")[k];
        var sets = Arr(tr, "sets");
        var computed = new long[sets.Length];
        for (int i = 0; i < sets.Length; i++) {
            long each = Num(sets[i], "each", SET_SAME);
            if (each == SET_REPEAT) computed[i] = earlier.Count + 1;
            else if (each == SET_EARLIER) computed[i] = earlier.Contains(Num(sets[i], "earlier", -2)) ? 1 : 0;
            else computed[i] = Eval(Get(sets[i], "value"), values, null);
        }
        var output = (long[])values.Clone();
        for (int i = 0; i < sets.Length; i++) output[Num(sets[i], "input")] = computed[i];
        ValidateDomains(output);
        return output;
    }

    /// <summary>An input's value as the vectors write it: an enum value's id, a bool, a number.</summary>
    object ValueOf(long i, long v)
    {
        var inp = inputs[i];
        var type = Str(inp, "type_name");
        if (type == "enum") return Str(Arr(Item("enums", Num(inp, "enum_index")), "values")[v], "id");
        if (type == "bool") return v != 0;
        return type == "number" ? Exact(v) : v;
    }

    /// <summary>What trigger k of the outcome passes on, by input id (as `trigger_inputs`).</summary>
    Dictionary<string, object> PassedOn(long outcome, int k, long[] values, IList<long> earlier, long[] passed)
    {
        var tr = Arr(Item("outcomes", outcome), "triggers")[k];
        passed = passed ?? TriggerSituation(outcome, k, values, earlier);
        var output = new Dictionary<string, object>();
        foreach (var st in Arr(tr, "sets")) {
            long input = Num(st, "input");
            output[Str(inputs[input], "id")] = ValueOf(input, passed[input]);
        }
        return output;
    }

    /// <summary>A roll on a table and what its outcome triggers, resolved in turn: then[i] are
    /// the faces of the i-th step (a table or distance; empty for the others). Each repeat of a
    /// trigger gets what it passes on for that repeat ('earlier': the outcomes of the repeats
    /// before it). {outcome, result, steps}.</summary>
    public Dictionary<string, object> ChainTree(string table, IDictionary<string, object> given = null,
                                                IList<long> faces = null, long drm = 0, IList<IList<long>> then = null)
    {
        var values = Situation(given);
        var r = ResolveValues(table, values, faces, drm);
        if (r.ContainsKey("no_result"))
            return new Dictionary<string, object> { {"outcome", null}, {"result", r}, {"steps", new object[0]} };
        long outcome = byId["outcomes"][(string)r["outcome"]];
        var fired = Fired(outcome, values, null);
        var steps = new List<object>();
        var gave = new List<long>();
        for (int i = 0; i < fired.Count; i++) {
            var earlier = new List<long>();
            for (int j = 0; j < i; j++) if (fired[j].Key == fired[i].Key) earlier.Add(gave[j]);
            var target = Get(fired[i].Value, "target");
            var step = new Dictionary<string, object> {
                {ChainKinds[Num(target, "kind")], Str(target, "id")}, {"trigger", (long)fired[i].Key},
                {"repeat", (long)earlier.Count + 1},
            };
            long got = -1;
            try {
                var passed = TriggerSituation(outcome, fired[i].Key, values, earlier);
                step["inputs"] = PassedOn(outcome, fired[i].Key, values, earlier, passed);
                got = ChainStep(target, passed, then != null && i < then.Count ? then[i] : new long[0], step);
            } catch (RtabException e) {
                if (!step.ContainsKey("inputs")) step["inputs"] = new Dictionary<string, object>();
                step["error"] = e.Reason;
            }
            gave.Add(got);
            steps.Add(step);
        }
        return new Dictionary<string, object> { {"outcome", r["outcome"]}, {"result", r}, {"steps", steps.ToArray()} };
    }

    /// <summary>One step of a chain, its result added to step; the outcome index it gave, or -1.</summary>
    long ChainStep(object target, long[] passed, IList<long> faces, Dictionary<string, object> step)
    {
        var name = Str(target, "id");
        switch (Num(target, "kind")) {
        case 0: {
            var r = ResolveValues(name, passed, faces, 0);
            if (r.ContainsKey("no_result")) { step["outcome"] = null; step["no_result"] = true; return -1; }
            step["outcome"] = r["outcome"];
            step["code"] = r["code"];
            step["rule"] = r["rule"];
            return byId["outcomes"][(string)r["outcome"]];
        }
        case 1: step["options"] = ReactionsValues(name, passed)["options"]; return -1;
        case 2:
            try {
                step["state"] = TransitionValues(name, passed)["state"];
            } catch (RtabException e) {
                if (e.Status != E_STATE) throw;
                step["state"] = null;
            }
            return -1;
        case 3: step["values"] = DistanceValues(name, passed, faces)["values"]; return -1;
        default: {
            var p = ProcedureValues(name, passed);
            step["step"] = p["step"];
            step["outcome"] = p["outcome"];
            return p["outcome"] == null ? -1 : byId["outcomes"][(string)p["outcome"]];
        }
        }
    }

    void Numbers(object o, Dictionary<string, object> r)
    {
        if (Num(o, "nvalues") == 0) return;
        var parameters = Arr(Item("numeric_outcomes", Num(o, "numeric")), "params");
        var vals = Arr(o, "values");
        var numbers = new Dictionary<string, object>();
        for (int i = 0; i < parameters.Length && i < vals.Length; i++) numbers[Str(parameters[i], "id")] = vals[i];
        r["numbers"] = numbers;
    }

    object[] Effects(object o)
    {
        return Arr(o, "effects").Select(e => {
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
            return (object)effect;
        }).ToArray();
    }

    // -- the others ---------------------------------------------------------------

    public Dictionary<string, object> ReactionsTree(string name, IDictionary<string, object> given = null)
    {
        return ReactionsValues(name, Situation(given));
    }

    Dictionary<string, object> ReactionsValues(string name, long[] values)
    {
        var rset = Find("reaction_sets", name);
        Validate(values);
        var options = new List<object>();
        var noneWhen = Get(rset, "none_when");
        if (!(!Empty(noneWhen) && Eval(noneWhen, values, null) != 0))
            options = Arr(rset, "options").Where(o => Eval(Get(o, "guard"), values, null) != 0).ToList();
        var leads = new Dictionary<string, object>();
        foreach (var o in options)
            leads[Str(o, "id")] = Num(o, "outcome") >= 0 ? Str(Item("outcomes", Num(o, "outcome")), "id") : null;
        return new Dictionary<string, object> {
            {"options", options.Select(o => (object)Str(o, "id")).ToArray()}, {"leads", leads},
        };
    }

    public Dictionary<string, object> TransitionTree(string name, IDictionary<string, object> given = null)
    {
        return TransitionValues(name, Situation(given));
    }

    Dictionary<string, object> TransitionValues(string name, long[] values)
    {
        var t = Find("transitions", name);
        Validate(values);
        long input = Num(t, "input");
        long next = ToLong(Arr(t, "next")[values[input]]);
        if (next < 0) throw new RtabException(E_STATE);
        var vals = Arr(Item("enums", Num(inputs[input], "enum_index")), "values");
        return new Dictionary<string, object> { {"state", Str(vals[next], "id")} };
    }

    public Dictionary<string, object> DistanceTree(string name, IDictionary<string, object> given = null, IList<long> faces = null)
    {
        return DistanceValues(name, Situation(given), faces);
    }

    Dictionary<string, object> DistanceValues(string name, long[] values, IList<long> faces)
    {
        var d = Find("distances", name);
        Validate(values);
        var output = new List<object>();
        object provisional = null;
        foreach (var form in Arr(d, "forms")) {
            var ctx = new RtabContext(faces);
            long v;
            try {
                v = Eval(Get(form, "value"), values, ctx);
                if (ctx.NextFace != ctx.Faces.Count) throw new RtabException(E_FACES);
            } catch (RtabException) {
                output.Add(new Dictionary<string, object> { {"value", null}, {"unit", Get(form, "unit")} });
                continue;
            }
            ctx.NoteFirst(Get(d, "provisional"));
            if (provisional == null) provisional = ctx.Provisional;
            output.Add(new Dictionary<string, object> { {"value", Exact(v)}, {"unit", Get(form, "unit")} });
        }
        return new Dictionary<string, object> { {"values", output.ToArray()}, {"provisional", provisional} };
    }

    public Dictionary<string, object> ProcedureTree(string name, IDictionary<string, object> given = null)
    {
        return ProcedureValues(name, Situation(given));
    }

    Dictionary<string, object> ProcedureValues(string name, long[] values)
    {
        var p = Find("procedures", name);
        Validate(values);
        var step = Arr(p, "steps").FirstOrDefault(s => Eval(Get(s, "guard"), values, null) != 0);
        long outcome = step != null ? Num(step, "outcome") : Num(p, "otherwise");
        var r = new Dictionary<string, object> {
            {"step", step != null ? Str(step, "id") : null},
            {"outcome", outcome >= 0 ? Str(Item("outcomes", outcome), "id") : null},
        };
        if (outcome >= 0) {
            var o = Item("outcomes", outcome);
            r["effects"] = Effects(o);
            r["triggers"] = Triggers(outcome, values, null);
            Numbers(o, r);
        }
        return r;
    }

    static int NaturalRule(object t, IList<long> faces)
    {
        var mine = faces.OrderBy(f => f).ToList();
        var rules = Arr(t, "natural");
        for (int i = 0; i < rules.Length; i++) {
            var theirs = Arr(rules[i], "faces").Select(ToLong).OrderBy(f => f).ToList();
            if (theirs.SequenceEqual(mine)) return i;
        }
        return -1;
    }

    static long Sign(long x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

    /// <summary>&lt;0, 0 or &gt;0 as a:b is below, at or above p:q.</summary>
    static long CmpOdds(long a, long b, long p, long q) { return Sign(a * q - p * b); }

    /// <summary>Where odds a:b (a, b &gt; 0) lie in printed steps, as the fraction n / m: N:1 at N, 1:N at 2 - N.</summary>
    static void OddsPosition(long a, long b, out long n, out long m)
    {
        if (a >= b) { n = a; m = b; } else { n = 2 * a - b; m = a; }
    }

    const long MIDWAY_LIMIT = 1L << 32;

    /// <summary>The odds tn:td midway, in printed steps, between dp:dq and up:uq (runtime/rtab.c
    /// rtab_odds_midway): round nearest reads odds at or below them down. Terms below 2^32.</summary>
    static void OddsMidway(long dp, long dq, long up, long uq, out long tn, out long td)
    {
        if (Math.Min(Math.Min(dp, dq), Math.Min(up, uq)) <= 0 || Math.Max(Math.Max(dp, dq), Math.Max(up, uq)) > int.MaxValue)
            throw new RtabException(E_RULESET);
        long n1, m1, n2, m2;
        OddsPosition(dp, dq, out n1, out m1);
        OddsPosition(up, uq, out n2, out m2);
        long mn = n1 * m2 + n2 * m1, md = 2 * m1 * m2; // each product below 2^62
        if (md >= MIDWAY_LIMIT || mn >= MIDWAY_LIMIT || mn <= -MIDWAY_LIMIT) throw new RtabException(E_RULESET);
        if (mn >= md) { tn = mn; td = md; } else { tn = md; td = 2 * md - mn; }
        if (tn >= MIDWAY_LIMIT || td >= MIDWAY_LIMIT) throw new RtabException(E_RULESET);
    }

    /// <summary>Whether round nearest reads a:b as dp:dq (below it) rather than up:uq: exactly, a
    /// tie reads down (sides below 2^31, midpoint terms below 2^32: products below 2^63). A step
    /// 0:q lies infinitely far below any odds.</summary>
    static bool NearestOddsDown(long a, long b, long dp, long dq, long up, long uq)
    {
        if (dp == 0) return false;
        long tn, td;
        OddsMidway(dp, dq, up, uq, out tn, out td);
        return a * td <= tn * b;
    }

    static long EffectiveRounding(long rounding, bool atOrAboveEvens)
    {
        if (rounding == ROUND_EVENS) return atOrAboveEvens ? ROUND_DOWN : ROUND_UP;
        return rounding;
    }

    static long FloorDiv(long a, long b) { long q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }
    static long CeilDiv(long a, long b) { return -FloorDiv(-a, b); }

    static long[] BandRound(object band, long a, long b)
    {
        long dp, dq, up, uq;
        if (a >= b) { dp = a / b; dq = 1; up = dp + (a % b != 0 ? 1 : 0); uq = 1; }
        else { dp = 1; dq = (b + a - 1) / a; up = 1; uq = b / a; }
        foreach (var st in Arr(band, "steps")) {
            long p = Num(st, "num"), q = Num(st, "den");
            if (CmpOdds(p, q, a, b) <= 0 && CmpOdds(p, q, dp, dq) > 0) { dp = p; dq = q; }
            if (CmpOdds(p, q, a, b) >= 0 && CmpOdds(p, q, up, uq) < 0) { up = p; uq = q; }
        }
        long mode = EffectiveRounding(Num(band, "rounding", ROUND_EVENS), a >= b);
        if (mode > ROUND_NEAREST) throw new RtabException(E_RULESET);
        bool down = mode == ROUND_DOWN || (mode == ROUND_NEAREST && NearestOddsDown(a, b, dp, dq, up, uq));
        return down ? new[] { dp, dq } : new[] { up, uq };
    }

    /// <summary>The rounding of the range the key falls in ('round up below 1:1, nearest from 1:1'), or the table's one.</summary>
    static long KeyRounding(object t, long num, long den)
    {
        var ranges = Arr(t, "round_ranges");
        if (ranges.Length == 0) return Num(t, "rounding");
        long mode = Num(ranges[0], "rounding");
        for (int i = 1; i < ranges.Length; i++) {
            long k = Num(t, "key_kind") == KEY_VALUE ? Sign(num - Num(ranges[i], "from_num"))
                : CmpOdds(num, den, Num(ranges[i], "from_num"), Num(ranges[i], "from_den"));
            if (k >= 0) mode = Num(ranges[i], "rounding");
        }
        return mode;
    }

    /// <summary>The column a computed key reads among [first, n), under the table's rounding.</summary>
    static long ReadKey(object t, long num, long den, long first, long n)
    {
        var cols = Arr(t, "columns");
        bool value = Num(t, "key_kind") == KEY_VALUE;
        Func<long, long, long, long> cmp = (i, a, b) => value ? Sign(a - Num(cols[i], "step_num"))
            : CmpOdds(a, b, Num(cols[i], "step_num"), Num(cols[i], "step_den"));
        long down = n, up = n, passed = n; // passed: the greatest step below the key
        for (long i = first; i < n; i++) {
            var c = cols[i];
            long sn = Num(c, "step_num"), sd = Num(c, "step_den");
            if (!value && !(sn >= 0 && sn <= MAX_STEP_TERM && sd > 0 && sd <= MAX_STEP_TERM)) throw new RtabException(E_RULESET);
            if (i > first && cmp(i - 1, sn, sd) <= 0) throw new RtabException(E_RULESET);
            long k = cmp(i, num, den);
            if (k >= 0) down = i;
            if (k > 0) passed = i;
            if (k <= 0 && up == n) up = i;
        }
        long mode = EffectiveRounding(KeyRounding(t, num, den), value ? num >= 0 : num >= den);
        if (mode > ROUND_DOWN_STRICT || n <= first) throw new RtabException(E_RULESET);
        if (mode == ROUND_DOWN_STRICT) return passed == n ? first : passed; // 'more than'
        if (down == n) return up;
        if (up == n) return down;
        if (mode == ROUND_DOWN) return down;
        if (mode == ROUND_UP) return up;
        var d = cols[down];
        var u = cols[up];
        bool tiesUp = mode == ROUND_LINEAR_UP; // else a tie reads down
        if (value) {
            long twice = 2 * num, mid = Num(d, "step_num") + Num(u, "step_num");
            return (tiesUp ? twice < mid : twice <= mid) ? down : up;
        }
        if (mode == ROUND_LINEAR || tiesUp) {
            // The midpoint on the ratio itself (rtab_odds_linear_midway); a step 0:q lies
            // infinitely far below. Terms below 2^28, key below 2^31: the products fit.
            if (Num(d, "step_num") == 0) return up;
            long tn = Num(d, "step_num") * Num(u, "step_den") + Num(u, "step_num") * Num(d, "step_den");
            long td = 2 * Num(d, "step_den") * Num(u, "step_den");
            return (tiesUp ? num * td < tn * den : num * td <= tn * den) ? down : up;
        }
        return NearestOddsDown(num, den, Num(d, "step_num"), Num(d, "step_den"), Num(u, "step_num"), Num(u, "step_den"))
            ? down : up;
    }

    static long ExactOp(string name, long scale, long a, long b)
    {
        if (scale < 1) throw new RtabException(E_EXPR);
        long r;
        if (name == "scale") r = a * scale;
        else if (name == "mul_exact") {
            if ((a * b) % scale != 0) throw new RtabException(E_INEXACT);
            r = FloorDiv(a * b, scale);
        } else {
            if (b == 0) throw new RtabException(E_EXPR);
            if ((a * scale) % b != 0) throw new RtabException(E_INEXACT);
            r = FloorDiv(a * scale, b);
        }
        return Check32(r);
    }

    static long Arith(string name, long a, long b)
    {
        long r;
        switch (name) {
        case "add": r = a + b; break;
        case "sub": r = a - b; break;
        case "mul": r = a * b; break;
        case "eq": r = a == b ? 1 : 0; break;
        case "ne": r = a != b ? 1 : 0; break;
        case "lt": r = a < b ? 1 : 0; break;
        case "le": r = a <= b ? 1 : 0; break;
        case "gt": r = a > b ? 1 : 0; break;
        case "ge": r = a >= b ? 1 : 0; break;
        case "and": r = a != 0 && b != 0 ? 1 : 0; break;
        case "or": r = a != 0 || b != 0 ? 1 : 0; break;
        case "min": r = Math.Min(a, b); break;
        case "max": r = Math.Max(a, b); break;
        case "div_down": case "div_up":
            if (b == 0) throw new RtabException(E_EXPR);
            r = name == "div_down" ? FloorDiv(a, b) : CeilDiv(a, b);
            break;
        default: throw new RtabException(E_EXPR);
        }
        return Check32(r);
    }

    // -- the typed API ------------------------------------------------------------------

    static List<long> Longs(IEnumerable<int> faces, string what)
    {
        if (faces == null) return new List<long>();
        return faces.Select(f => (long)f).ToList();
    }

    /// <summary>One roll on a results table: faces in the order of the dice's groups, drm a
    /// modifier from outside.</summary>
    public TableResult Resolve(string table, IDictionary<string, object> inputs = null, IList<int> faces = null,
                               int drm = 0)
    {
        return new TableResult(ResolveTree(table, inputs, Longs(faces, "faces"), drm));
    }

    /// <summary>A roll on a table and each step its outcome triggers, in order; then[i]: the
    /// faces of the i-th step.</summary>
    public ChainResult Chain(string table, IDictionary<string, object> inputs = null, IList<int> faces = null,
                             int drm = 0, IList<IList<int>> then = null)
    {
        var steps = then == null ? null : (IList<IList<long>>)then.Select(f => (IList<long>)Longs(f, "then")).ToList();
        return new ChainResult(ChainTree(table, inputs, Longs(faces, "faces"), drm, steps));
    }

    public ReactionsResult Reactions(string name, IDictionary<string, object> inputs = null)
    {
        return new ReactionsResult(ReactionsTree(name, inputs));
    }

    public TransitionResult Transition(string name, IDictionary<string, object> inputs = null)
    {
        return new TransitionResult(TransitionTree(name, inputs));
    }

    public DistanceResult Distance(string name, IDictionary<string, object> inputs = null, IList<int> faces = null)
    {
        return new DistanceResult(DistanceTree(name, inputs, Longs(faces, "faces")));
    }

    public ProcedureResult Procedure(string name, IDictionary<string, object> inputs = null)
    {
        return new ProcedureResult(ProcedureTree(name, inputs));
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

/// <summary>Reading the trees of the resolver into the typed results.</summary>
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
        var d = tree as Dictionary<string, object>;
        var output = new Dictionary<string, object>();
        if (d != null) foreach (var kv in d) output[kv.Key] = Value(kv.Value);
        return output;
    }
    public static IDictionary<string, int> Ints(Dictionary<string, object> d, string key)
    {
        var m = Get(d, key) as Dictionary<string, object>;
        if (m == null) return null;
        return m.ToDictionary(kv => kv.Key, kv => Int(kv.Value));
    }
    public static IList<Effect> Effects(Dictionary<string, object> d)
    {
        return List(d, "effects").Select(e => new Effect((Dictionary<string, object>)e)).ToList().AsReadOnly();
    }
}

/// <summary>A modifier whose condition held, as rtab_resolve lists it.</summary>
public sealed class AppliedModifier
{
    public string Modifier { get; private set; }
    public int Value { get; private set; }
    public int SignedValue { get; private set; }
    /// <summary>False when its stacking group kept another member.</summary>
    public bool Counted { get; private set; }
    /// <summary>A column shift (the table's shifts), not a die-roll modifier.</summary>
    public bool Shift { get; private set; }
    internal AppliedModifier(Dictionary<string, object> d)
    {
        Modifier = RtabTree.Str(d, "modifier");
        Value = RtabTree.Int(d, "value");
        SignedValue = RtabTree.Int(d, "signed_value");
        Counted = RtabTree.Bool(d, "counted");
        Shift = RtabTree.Bool(d, "shift");
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
    public string Column { get; private set; }
    public string Key { get; private set; }
    public string KeyColumn { get; private set; }
    public int ColumnShift { get; private set; }
    public bool NoResult { get; private set; }
    public bool Automatic { get; private set; }
    public int Natural { get; private set; }
    public int ModifierRaw { get; private set; }
    public int Modifier { get; private set; }
    public int ModifiedRoll { get; private set; }
    /// <summary>An opposed roll: the sum of each roll the table declares, by name; else null.</summary>
    public IDictionary<string, int> Rolls { get; private set; }
    public IList<AppliedModifier> Applied { get; private set; }
    public bool NaturalRule { get; private set; }
    public string RewrittenFrom { get; private set; }
    public string Outcome { get; private set; }
    public string Code { get; private set; }
    /// <summary>The rule reference of what decided: the rewrite, the natural-roll rule, the row, else the table.</summary>
    public string Rule { get; private set; }
    public IList<Effect> Effects { get; private set; }
    /// <summary>What to resolve next, a trigger resolved N times listed N times.</summary>
    public IList<string> Triggers { get; private set; }
    /// <summary>For each of Triggers: which trigger of the outcome it comes from (from 0).</summary>
    public IList<int> TriggerOf { get; private set; }
    /// <summary>For each of Triggers: the inputs it passes on, by id.</summary>
    public IList<IDictionary<string, object>> TriggerInputs { get; private set; }
    public string Provisional { get; private set; }
    public IList<string> Reasons { get; private set; }
    /// <summary>The numbers of a numeric outcome, by parameter; else null.</summary>
    public IDictionary<string, int> Numbers { get; private set; }
    internal TableResult(Dictionary<string, object> d)
    {
        Column = RtabTree.Str(d, "column");
        Key = RtabTree.Str(d, "key");
        KeyColumn = RtabTree.Str(d, "key_column");
        ColumnShift = RtabTree.Int(d, "column_shift");
        NoResult = RtabTree.Bool(d, "no_result");
        Automatic = RtabTree.Bool(d, "automatic");
        Natural = RtabTree.Int(d, "natural");
        ModifierRaw = RtabTree.Int(d, "modifier_raw");
        Modifier = RtabTree.Int(d, "modifier");
        ModifiedRoll = RtabTree.Int(d, "modified_roll");
        Rolls = RtabTree.Ints(d, "rolls");
        Applied = RtabTree.List(d, "applied").Select(a => new AppliedModifier((Dictionary<string, object>)a)).ToList().AsReadOnly();
        NaturalRule = RtabTree.Bool(d, "natural_rule");
        RewrittenFrom = RtabTree.Str(d, "rewritten_from");
        Outcome = RtabTree.Str(d, "outcome");
        Code = RtabTree.Str(d, "code");
        Rule = RtabTree.Str(d, "rule");
        Effects = RtabTree.Effects(d);
        Triggers = RtabTree.Strings(d, "triggers");
        TriggerOf = RtabTree.List(d, "trigger_of").Select(RtabTree.Int).ToList().AsReadOnly();
        TriggerInputs = RtabTree.List(d, "trigger_inputs").Select(RtabTree.Values).ToList().AsReadOnly();
        Provisional = RtabTree.Str(d, "provisional");
        Reasons = RtabTree.Strings(d, "reasons");
        Numbers = RtabTree.Ints(d, "numbers");
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
    public string Outcome { get; private set; }
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
        Outcome = RtabTree.Str(d, "outcome");
        NoResult = RtabTree.Bool(d, "no_result");
        Code = RtabTree.Str(d, "code");
        Rule = RtabTree.Str(d, "rule");
        State = RtabTree.Str(d, "state");
        Options = d.ContainsKey("options") ? RtabTree.Strings(d, "options") : null;
        Values = d.ContainsKey("values") ? DistanceResult.Read(d) : null;
        Step = RtabTree.Str(d, "step");
        Error = RtabTree.Str(d, "error");
    }
}

/// <summary>A roll on a table followed through what its outcome triggers (Ruleset.Chain).</summary>
public sealed class ChainResult
{
    public string Outcome { get; private set; }
    public TableResult Result { get; private set; }
    public IList<ChainStep> Steps { get; private set; }
    internal ChainResult(Dictionary<string, object> d)
    {
        Outcome = RtabTree.Str(d, "outcome");
        Result = new TableResult((Dictionary<string, object>)d["result"]);
        Steps = RtabTree.List(d, "steps").Select(s => new ChainStep((Dictionary<string, object>)s)).ToList().AsReadOnly();
    }
}

public sealed class ReactionsResult
{
    public IList<string> Options { get; private set; }
    /// <summary>What each option leads to: an outcome's id, or null.</summary>
    public IDictionary<string, string> Leads { get; private set; }
    internal ReactionsResult(Dictionary<string, object> d)
    {
        Options = RtabTree.Strings(d, "options");
        Leads = ((Dictionary<string, object>)d["leads"]).ToDictionary(kv => kv.Key, kv => kv.Value as string);
    }
}

public sealed class TransitionResult
{
    public string State { get; private set; }
    internal TransitionResult(Dictionary<string, object> d) { State = RtabTree.Str(d, "state"); }
}

/// <summary>A distance in one form: its value (null where the form has none here) and unit.</summary>
public sealed class DistanceValue
{
    public decimal? Value { get; private set; }
    public string Unit { get; private set; }
    internal DistanceValue(Dictionary<string, object> d)
    {
        var v = RtabTree.Get(d, "value");
        Value = v == null ? (decimal?)null : Convert.ToDecimal(v, CultureInfo.InvariantCulture);
        Unit = RtabTree.Str(d, "unit");
    }
}

public sealed class DistanceResult
{
    public IList<DistanceValue> Values { get; private set; }
    public string Provisional { get; private set; }
    internal static IList<DistanceValue> Read(Dictionary<string, object> d)
    {
        return RtabTree.List(d, "values").Select(v => new DistanceValue((Dictionary<string, object>)v)).ToList().AsReadOnly();
    }
    internal DistanceResult(Dictionary<string, object> d)
    {
        Values = Read(d);
        Provisional = RtabTree.Str(d, "provisional");
    }
}

public sealed class ProcedureResult
{
    public string Step { get; private set; }
    public string Outcome { get; private set; }
    public IList<Effect> Effects { get; private set; }
    public IList<string> Triggers { get; private set; }
    public IDictionary<string, int> Numbers { get; private set; }
    internal ProcedureResult(Dictionary<string, object> d)
    {
        Step = RtabTree.Str(d, "step");
        Outcome = RtabTree.Str(d, "outcome");
        Effects = RtabTree.Effects(d);
        Triggers = RtabTree.Strings(d, "triggers");
        Numbers = RtabTree.Ints(d, "numbers");
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
