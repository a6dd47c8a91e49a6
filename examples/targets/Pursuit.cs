// A melee and the pursuits it triggers, in C#, through the library
// `rtab compile --target csharp` writes from tables/musket_pike.rtab: the
// example of Cavalry Pursuit 11.7.4 (three cavalry units pursue a broken unit;
// a unit already eliminated by an earlier pursuit roll is not eliminated again).
//
//   rtab compile --target csharp tables/musket_pike.rtab -o out
//   mcs -out:pursuit.exe examples/targets/Pursuit.cs out/musket_pike.cs
//   mono pursuit.exe MELEE_FACE PURSUIT_FACE...
using System;
using System.Collections.Generic;
using System.Linq;
using Rtab.MusketPike;

public static class Pursuit
{
    static string Text(object v)
    {
        if (v == null) return "null";
        if (v is bool) return (bool)v ? "true" : "false";
        return Convert.ToString(v, System.Globalization.CultureInfo.InvariantCulture);
    }

    public static int Main(string[] args)
    {
        // Three regiments of cuirassiers charge pikemen in This Accursed Civil War.
        // The names of the ruleset are enums (TableName, InputName, OutcomeName): a misspelt
        // one does not compile.
        var units = new Dictionary<InputName, object> {
            {InputName.Game, "tacw"}, {InputName.AttackerType, "cuirassiers"}, {InputName.AttackerCavalryUnits, 3},
            {InputName.DefenderType, "heavy_infantry"}, {InputName.DefenderMorale, 4},
        };
        var pursuitFaces = args.Skip(1).Select(f => (IList<int>)new[] { int.Parse(f) }).ToList();
        ChainResult c;
        try {
            c = Rules.Ruleset.Chain(TableName.Melee, units, new[] { int.Parse(args[0]) }, 0, pursuitFaces);
        } catch (RtabException e) {
            Console.WriteLine("refused: " + e.Message);
            return 1;
        }
        TableResult r = c.Result;
        Console.WriteLine(string.Format("melee: {0} {1}{2} = {3}: {4} (rule {5})", r.Natural, r.Modifier < 0 ? "" : "+",
                                        r.Modifier, r.ModifiedRoll, r.Outcome.Value.Id(), Text(r.Rule)));
        foreach (ChainStep s in c.Steps) {
            var passed = string.Join(", ", s.Inputs.Keys.OrderBy(k => k, StringComparer.Ordinal)
                                                 .Select(k => k + "=" + Text(s.Inputs[k])));
            string got;
            if (s.Error != null) got = "refused: " + s.Error;
            else if (s.Kind == "table") got = Text(s.OutcomeId) + " (rule " + Text(s.Rule) + ")";
            else if (s.Kind == "transition") got = Text(s.State);
            else got = Text(s.OutcomeId);
            Console.WriteLine(string.Format("{0} {1}, trigger {2}, repeat {3} ({4}): {5}", s.Kind, s.Name, s.Trigger,
                                            s.Repeat, passed, got));
        }
        return 0;
    }
}
