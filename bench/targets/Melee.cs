// N melees through the library rtab compile --target csharp writes, timed in this
// process (CPU time): bench/run's per-target figure.
//
//   mcs -optimize+ -main:BenchMelee -out:bench.exe Melee.cs BenchCommon.cs HandwrittenMelee.cs musket_pike.cs
//   mono bench.exe N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// The modes are driver.py's: handwritten, the same melees through the hand-written port
// (HandwrittenMelee.cs); agree, the library and the port compared whole on N situations.
using System;
using System.Collections.Generic;
using Rtab.MusketPike;

public static class BenchMelee
{
    static int? StatusOf(Exception e)
    {
        if (e is RtabException) return ((RtabException)e).Status;
        if (e is MeleeError) return ((MeleeError)e).Status;
        return null;
    }

    public static int Main(string[] args)
    {
        long n = long.Parse(args[0]);
        int runs = int.Parse(args[1]);
        string mode = args.Length > 2 ? args[2] : "module";
        var pool = new Dictionary<string, object>[64];
        for (int i = 0; i < 64; i++) {
            pool[i] = new Dictionary<string, object> {
                {"attacker_leaders", i % 4}, {"defender_leaders", i / 4 % 4}, {"attacker_morale", 1 + i % 10},
                {"defender_morale", 1 + i * 3 % 10}, {"flank_rear_hexes", i % 5},
            };
        }
        var melee = new HandwrittenMelee(Rules.Data);
        if (mode == "agree") {
            Func<long, Dictionary<string, object>> given = k => k % 2 == 1 ? pool[k % 64] :
                BenchCommon.Drawn(k, HandwrittenMelee.Names, HandwrittenMelee.Bools, HandwrittenMelee.Enums,
                                  HandwrittenMelee.Min, HandwrittenMelee.Max, (x, lo, hi) => lo + (int)(x % (ulong)(hi - lo + 1)));
            Func<long, int> face = k => (int)(k % 2 == 1 ? k / 64 % 10 : k % 10);
            return BenchCommon.Agree("Melee.cs", n,
                k => BenchCommon.Outcome(() => Rules.Ruleset.Resolve("melee", given(k), new[] { face(k) }).ToTree(), StatusOf),
                k => BenchCommon.Outcome(() => HandwrittenMelee.Tree(melee.Resolve(given(k), face(k))), StatusOf));
        }
        // A refused situation counts 1000 on both sides (the pool holds some).
        if (mode == "handwritten")
            BenchCommon.Time(n, runs, k => {
                try {
                    var r = melee.Resolve(pool[k % 64], (int)(1 + k / 64 % 6));
                    return r.ModifiedRoll + r.Triggers.Count;
                } catch (MeleeError) {
                    return 1000;
                }
            });
        else
            BenchCommon.Time(n, runs, k => {
                try {
                    var r = Rules.Ruleset.Resolve("melee", pool[k % 64], new[] { (int)(1 + k / 64 % 6) }, 0);
                    return r.ModifiedRoll + r.Triggers.Count;
                } catch (RtabException) {
                    return 1000;
                }
            });
        return 0;
    }
}
