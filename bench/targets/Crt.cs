// N rolls on the classic odds CRT through the library rtab compile --target csharp writes,
// timed in this process (CPU time): bench/run's per-target figure for a grid odds table.
//
//   mcs -optimize+ -main:BenchCrt -out:crt.exe Crt.cs BenchCommon.cs HandwrittenCrt.cs classic_odds.cs
//   mono crt.exe N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// The modes are driver.py's: handwritten, the same rolls through the hand-written port
// (HandwrittenCrt.cs); agree, the library and the port compared whole on N situations
// (faces from 0 to 7, or none).
using System;
using System.Collections.Generic;
using Rtab.ClassicOdds;

public static class BenchCrt
{
    static int? StatusOf(Exception e)
    {
        if (e is RtabException) return ((RtabException)e).Status;
        if (e is CrtError) return ((CrtError)e).Status;
        return null;
    }

    static long Checked(bool noResult, int roll, int shift, int effects)
    {
        return noResult ? 100 : roll + shift + effects;
    }

    public static int Main(string[] args)
    {
        long n = long.Parse(args[0]);
        int runs = int.Parse(args[1]);
        string mode = args.Length > 2 ? args[2] : "module";
        var pool = new Dictionary<string, object>[64];
        for (int i = 0; i < 64; i++) {
            pool[i] = new Dictionary<string, object> {
                {"attack", 1 + i * 7 % 40}, {"defence", 1 + i * 5 % 13}, {"combined_arms", i % 3 == 0},
                {"across_river", i % 4 == 1},
            };
        }
        var crt = new HandwrittenCrt();
        if (mode == "agree") {
            // Small forces mostly (every column), now and then anything in the domain.
            Func<long, Dictionary<string, object>> given = k => k % 2 == 1 ? pool[k % 64] :
                BenchCommon.Drawn(k, HandwrittenCrt.Names, HandwrittenCrt.Bools, HandwrittenCrt.Enums,
                                  HandwrittenCrt.Min, HandwrittenCrt.Max,
                                  (x, lo, hi) => x % 8 != 0 ? (int)(x % 31) : lo + (int)(x % (ulong)(hi - lo + 1)));
            Func<long, int> face = k => k % 9 == 0 ? -1 : (int)(k / 2 % 8);
            return BenchCommon.Agree("Crt.cs", n,
                k => BenchCommon.Outcome(() => Rules.Ruleset.Resolve("crt", given(k),
                                                                     face(k) < 0 ? new int[0] : new[] { face(k) }).ToTree(), StatusOf),
                k => BenchCommon.Outcome(() => HandwrittenCrt.Tree(crt.Resolve(given(k), face(k))), StatusOf));
        }
        // Every situation of the pool resolves: both sides call straight.
        if (mode == "handwritten")
            BenchCommon.Time(n, runs, k => {
                var r = crt.Resolve(pool[k % 64], (int)(1 + k / 64 % 6));
                return Checked(r.NoResult, r.ModifiedRoll, r.ColumnShift, r.NoResult ? 0 : r.Outcome.Effects.Length);
            });
        else
            BenchCommon.Time(n, runs, k => {
                var r = Rules.Ruleset.Resolve("crt", pool[k % 64], new[] { (int)(1 + k / 64 % 6) }, 0);
                return Checked(r.NoResult, r.ModifiedRoll, r.ColumnShift, r.Effects.Count);
            });
        return 0;
    }
}
