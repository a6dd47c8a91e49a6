// N rolls on the classic odds CRT through the library rtab compile --target csharp writes,
// timed in this process (CPU time): bench/run's per-target figure for a grid odds table.
//
//   mcs -optimize+ -main:BenchCrt -out:crt.exe Crt.cs HandwrittenCrt.cs classic_odds.cs
//   mono crt.exe N RUNS [handwritten|agree] -> one line per run: "ns CHECKSUM"
// handwritten: the same rolls through the hand-written port (HandwrittenCrt.cs), the
// baseline; agree: the library and the port on N situations drawn over every input the
// CRT reads (and faces from 0 to 7, or none), each result compared whole (exit 1 at the
// first difference), then "agree N". The pool of situations and faces is the same in every
// language (bench/targets/crt.py).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Text;
using Rtab.ClassicOdds;

public static class BenchCrt
{
    /// <summary>Situation k of the agreement: every input the CRT reads, drawn (the fixed LCG of crt.py).</summary>
    static Dictionary<string, object> Drawn(long k)
    {
        ulong x = (ulong)k * 2654435761UL % 4294967296UL;
        var d = new Dictionary<string, object>();
        for (int i = 0; i < HandwrittenCrt.Names.Length; i++) {
            x = (x * 1103515245UL + 12345UL) % 2147483648UL;
            var name = HandwrittenCrt.Names[i];
            if (HandwrittenCrt.Bools[i]) d[name] = x % 2 == 1;
            else if (HandwrittenCrt.Enums[i] != null) d[name] = HandwrittenCrt.Enums[i][(int)(x % (ulong)HandwrittenCrt.Enums[i].Length)];
            else if (x % 8 != 0) d[name] = (int)(x % 31);
            else d[name] = HandwrittenCrt.Min[i] + (int)(x % (ulong)(HandwrittenCrt.Max[i] - HandwrittenCrt.Min[i] + 1));
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
        } catch (CrtError e) {
            tree = new Dictionary<string, object> { {"error", e.Status} };
        }
        var b = new StringBuilder();
        Canonical(b, tree);
        return b.ToString();
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
            for (long k = 0; k < n; k++) {
                var given = k % 2 == 1 ? pool[k % 64] : Drawn(k);
                int face = k % 9 == 0 ? -1 : (int)(k / 2 % 8);
                string a = Outcome(() => Rules.Ruleset.Resolve("crt", given, face < 0 ? new int[0] : new[] { face }).ToTree());
                string b = Outcome(() => HandwrittenCrt.Tree(crt.Resolve(given, face)));
                if (a != b) {
                    Console.Error.WriteLine("Crt.cs: the library and the hand-written port differ on situation " + k +
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
                    var r = crt.Resolve(pool[k % 64], (int)(1 + k / 64 % 6));
                    checksum += Checked(r.NoResult, r.ModifiedRoll, r.ColumnShift, r.NoResult ? 0 : r.Outcome.Effects.Length);
                }
            } else {
                for (long k = 0; k < n; k++) {
                    var r = Rules.Ruleset.Resolve("crt", pool[k % 64], new[] { (int)(1 + k / 64 % 6) }, 0);
                    checksum += Checked(r.NoResult, r.ModifiedRoll, r.ColumnShift, r.Effects.Count);
                }
            }
            self.Refresh();
            double ns = (self.TotalProcessorTime - start).TotalMilliseconds * 1e6 / n;
            Console.WriteLine(ns.ToString("F1", CultureInfo.InvariantCulture) + " " + checksum);
        }
        return 0;
    }
}
