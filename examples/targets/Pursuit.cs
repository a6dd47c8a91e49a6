// A melee and the pursuits it triggers, in C#, through the file
// `rtab compile --target csharp` writes from tables/musket_pike.rtab: the
// example of Cavalry Pursuit 11.7.4 (three cavalry units pursue a broken unit;
// a unit already eliminated by an earlier pursuit roll is not eliminated again).
//
//   rtab compile --target csharp tables/musket_pike.rtab -o out
//   mcs -main:Pursuit -out:pursuit.exe examples/targets/Pursuit.cs out/musket_pike.cs
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
        var units = new Dictionary<string, object> {
            {"game", "tacw"}, {"attacker_type", "cuirassiers"}, {"attacker_cavalry_units", 3},
            {"defender_type", "heavy_infantry"}, {"defender_morale", 4},
        };
        var pursuitFaces = args.Skip(1).Select(f => (IList<long>)new List<long> { long.Parse(f) }).ToList();
        Dictionary<string, object> c;
        try {
            c = Rules.Ruleset.Chain("melee", units, new long[] { long.Parse(args[0]) }, 0, pursuitFaces);
        } catch (RtabError e) {
            Console.WriteLine("refused: " + e.Message);
            return 1;
        }
        var r = (Dictionary<string, object>)c["result"];
        long modifier = (long)r["modifier"];
        Console.WriteLine(string.Format("melee: {0} {1}{2} = {3}: {4} (rule {5})", r["natural"], modifier < 0 ? "" : "+",
                                        modifier, r["modified_roll"], r["outcome"], r["rule"]));
        foreach (Dictionary<string, object> s in (object[])c["steps"]) {
            var kind = new[] { "table", "reactions", "transition", "distance", "procedure" }.First(k => s.ContainsKey(k));
            var inputs = (Dictionary<string, object>)s["inputs"];
            var passed = string.Join(", ", inputs.Keys.OrderBy(k => k, StringComparer.Ordinal)
                                                   .Select(k => k + "=" + Text(inputs[k])));
            string got;
            if (s.ContainsKey("error")) got = "refused: " + s["error"];
            else if (kind == "table") got = Text(s["outcome"]) + " (rule " + Text(s["rule"]) + ")";
            else if (kind == "transition") got = Text(s["state"]);
            else got = Text(s.ContainsKey("outcome") ? s["outcome"] : null);
            Console.WriteLine(string.Format("{0} {1}, trigger {2}, repeat {3} ({4}): {5}", kind, s[kind], s["trigger"],
                                            s["repeat"], passed, got));
        }
        return 0;
    }
}
