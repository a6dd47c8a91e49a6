// N melees through the file rtab compile --target csharp writes, timed in this
// process (CPU time): bench/run's per-target figure.
//
//   mcs -optimize+ -out:bench.exe Melee.cs musket_pike.cs
//   mono bench.exe N RUNS -> one line per run: "ns CHECKSUM"
// The pool of situations and faces is the same in every language (bench/targets/).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using Rtab.MusketPike;

public static class BenchMelee
{
    public static void Main(string[] args)
    {
        long n = long.Parse(args[0]);
        int runs = int.Parse(args[1]);
        var pool = new Dictionary<string, object>[64];
        for (int i = 0; i < 64; i++) {
            pool[i] = new Dictionary<string, object> {
                {"attacker_leaders", i % 4}, {"defender_leaders", i / 4 % 4}, {"attacker_morale", 1 + i % 10},
                {"defender_morale", 1 + i * 3 % 10}, {"flank_rear_hexes", i % 5},
            };
        }
        var self = Process.GetCurrentProcess();
        for (int run = 0; run < runs; run++) {
            long checksum = 0;
            self.Refresh();
            var start = self.TotalProcessorTime;
            for (long k = 0; k < n; k++) {
                try {
                    var r = Rules.Ruleset.Resolve("melee", pool[k % 64], new[] { (int)(1 + k / 64 % 6) }, 0);
                    checksum += r.ModifiedRoll + r.Triggers.Count;
                } catch (RtabException) {
                    checksum += 1000;
                }
            }
            self.Refresh();
            double ns = (self.TotalProcessorTime - start).TotalMilliseconds * 1e6 / n;
            Console.WriteLine(ns.ToString("F1", CultureInfo.InvariantCulture) + " " + checksum);
        }
    }
}
