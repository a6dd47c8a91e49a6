// N melees through the library rtab compile --target csharp writes, timed in this
// process (CPU time): bench/run's per-target figure.
//
//   mcs -optimize+ -out:bench.exe Melee.cs HandwrittenMelee.cs musket_pike.cs
//   mono bench.exe N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// handwritten: the same melees through the hand-written port (HandwrittenMelee.cs), the
// baseline; agree: the library and the port on N situations drawn over every input the
// melee reads, each result compared whole (exit 1 at the first difference), then "agree N".
// The pool of situations and faces is the same in every language (bench/targets/).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Text;
using Rtab.MusketPike;

public static class BenchMelee
{
    /// <summary>Situation k of the agreement: every input the melee reads, drawn (the fixed LCG of melee.py).</summary>
    static Dictionary<string, object> Drawn(long k)
    {
        ulong x = (ulong)k * 2654435761UL % 4294967296UL;
        var d = new Dictionary<string, object>();
        for (int i = 0; i < HandwrittenMelee.Names.Length; i++) {
            x = (x * 1103515245UL + 12345UL) % 2147483648UL;
            var name = HandwrittenMelee.Names[i];
            if (HandwrittenMelee.Bools[i]) d[name] = x % 2 == 1;
            else if (HandwrittenMelee.Enums[i] != null) d[name] = HandwrittenMelee.Enums[i][(int)(x % (ulong)HandwrittenMelee.Enums[i].Length)];
            else d[name] = HandwrittenMelee.Min[i] + (int)(x % (ulong)(HandwrittenMelee.Max[i] - HandwrittenMelee.Min[i] + 1));
        }
        return d;
    }

    /// <summary>A tree as JSON with its keys sorted: two results compared whole.</summary>
    static void Canonical(StringBuilder b, object v)
    {
        var d = v as IDictionary<string, object>;
        if (d != null) {
            b.Append('{');
            foreach (var key in d.Keys.OrderBy(s => s, StringComparer.Ordinal)) {
                b.Append('"').Append(key).Append("\":");
                Canonical(b, d[key]);
                b.Append(',');
            }
            b.Append('}');
        } else if (v is string) {
            b.Append('"').Append((string)v).Append('"');
        } else if (v is bool) {
            b.Append((bool)v ? "true" : "false");
        } else if (v is System.Collections.IEnumerable) {
            b.Append('[');
            foreach (var item in (System.Collections.IEnumerable)v) {
                Canonical(b, item);
                b.Append(',');
            }
            b.Append(']');
        } else {
            b.Append(v == null ? "null" : Convert.ToString(v, CultureInfo.InvariantCulture));
        }
    }

    static string Outcome(Func<Dictionary<string, object>> f)
    {
        Dictionary<string, object> tree;
        try {
            tree = f();
        } catch (RtabException e) {
            tree = new Dictionary<string, object> { {"error", e.Status} };
        } catch (MeleeError e) {
            tree = new Dictionary<string, object> { {"error", e.Status} };
        }
        var b = new StringBuilder();
        Canonical(b, tree);
        return b.ToString();
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
            for (long k = 0; k < n; k++) {
                var given = k % 2 == 1 ? pool[k % 64] : Drawn(k);
                int face = (int)(k % 2 == 1 ? k / 64 % 10 : k % 10);
                string a = Outcome(() => Rules.Ruleset.Resolve("melee", given, new[] { face }).ToTree());
                string b = Outcome(() => HandwrittenMelee.Tree(melee.Resolve(given, face)));
                if (a != b) {
                    Console.Error.WriteLine("Melee.cs: the library and the hand-written port differ on situation " + k +
                                            ", face " + face + ":\n  " + a + "\n  " + b);
                    return 1;
                }
            }
            Console.WriteLine("agree " + n);
            return 0;
        }
        var self = Process.GetCurrentProcess();
        for (int run = 0; run < runs; run++) {
            long checksum = 0;
            self.Refresh();
            var start = self.TotalProcessorTime;
            if (mode == "handwritten") {
                for (long k = 0; k < n; k++) {
                    try {
                        var r = melee.Resolve(pool[k % 64], (int)(1 + k / 64 % 6));
                        checksum += r.ModifiedRoll + r.Triggers.Count;
                    } catch (MeleeError) {
                        checksum += 1000;
                    }
                }
            } else {
                for (long k = 0; k < n; k++) {
                    try {
                        var r = Rules.Ruleset.Resolve("melee", pool[k % 64], new[] { (int)(1 + k / 64 % 6) }, 0);
                        checksum += r.ModifiedRoll + r.Triggers.Count;
                    } catch (RtabException) {
                        checksum += 1000;
                    }
                }
            }
            self.Refresh();
            double ns = (self.TotalProcessorTime - start).TotalMilliseconds * 1e6 / n;
            Console.WriteLine(ns.ToString("F1", CultureInfo.InvariantCulture) + " " + checksum);
        }
        return 0;
    }
}
