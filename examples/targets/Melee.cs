// A game's melee in C#, as a Unity or Godot script would call it, resolved by
// the file `rtab compile --target csharp` writes from tables/musket_pike.rtab:
//
//   rtab compile --target csharp tables/musket_pike.rtab -o out
//   mcs -main:Melee -out:melee.exe examples/targets/Melee.cs out/musket_pike.cs
//   mono melee.exe FACE [LOCALE]
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Rtab.MusketPike;

public static class Melee
{
    static string Label(string section, string id, string locale)
    {
        var item = ((object[])Rules.Data[section]).Cast<Dictionary<string, object>>().First(d => (string)d["id"] == id);
        var labels = (Dictionary<string, object>)item["labels"];
        return (string)(labels.ContainsKey(locale) ? labels[locale] : labels["en"]);
    }

    public static int Main(string[] args)
    {
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = true };
        long face = long.Parse(args[0]);
        string locale = args.Length > 1 ? args[1] : "en";
        // A regiment of cuirassiers with its colonel charges shaken pikemen.
        var units = new Dictionary<string, object> {
            {"attacker_type", "cuirassiers"}, {"attacker_cavalry_units", 1}, {"attacker_leaders", 1},
            {"defender_type", "heavy_infantry"}, {"defender_morale", 4},
        };
        try {
            var r = Rules.Ruleset.Resolve("melee", units, new[] { face }, 0);
            var triggers = (object[])r["triggers"];
            long modifier = (long)r["modifier"];
            output.WriteLine("{0}: {1} {2}{3} = {4}: {5}; then {6}", Label("tables", "melee", locale), r["natural"],
                             modifier < 0 ? "" : "+", modifier, r["modified_roll"],
                             Label("outcomes", (string)r["outcome"], locale),
                             triggers.Length > 0 ? string.Join(", ", triggers) : "nothing");
            return 0;
        } catch (RtabError e) {
            output.WriteLine("refused: " + e.Message);
            return 1;
        }
    }
}
