// A game's melee in C#, as a Unity or Godot script would call it, resolved by
// the library `rtab compile --target csharp` writes from tables/musket_pike.rtab:
//
//   rtab compile --target csharp tables/musket_pike.rtab -o out
//   mcs -out:melee.exe examples/targets/Melee.cs out/musket_pike.cs
//   mono melee.exe FACE [LOCALE]
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Rtab.MusketPike;

public static class Melee
{
    public static int Main(string[] args)
    {
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = true };
        int face = int.Parse(args[0]);
        string locale = args.Length > 1 ? args[1] : "en";
        var rules = Rules.Ruleset;
        // A regiment of cuirassiers with its colonel charges shaken pikemen.
        // Its names are enums (TableName, InputName, OutcomeName); an enum value is its id.
        var units = new Dictionary<InputName, object> {
            {InputName.AttackerType, "cuirassiers"}, {InputName.AttackerCavalryUnits, 1}, {InputName.AttackerLeaders, 1},
            {InputName.DefenderType, "heavy_infantry"}, {InputName.DefenderMorale, 4},
        };
        try {
            TableResult r = rules.Resolve(TableName.Melee, units, new[] { face });
            output.WriteLine("{0}: {1} {2}{3} = {4}: {5}; then {6}", rules.Label(TableName.Melee, locale), r.Natural,
                             r.Modifier < 0 ? "" : "+", r.Modifier, r.ModifiedRoll,
                             rules.Label(r.Outcome.Value, locale),
                             r.Triggers.Count > 0 ? string.Join(", ", r.Triggers) : "nothing");
            return 0;
        } catch (RtabException e) {
            output.WriteLine("refused: " + e.Message);
            return 1;
        }
    }
}
