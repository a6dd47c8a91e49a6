// What the C# drivers of the melee (Melee.cs) and the CRT (Crt.cs) share: the situations
// of the agreement, results compared whole, and the timed runs (bench/targets/driver.py
// says what each mode does; the pool and the LCG are the same in every language).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Text;

public static class BenchCommon
{
    /// <summary>Situation k of the agreement: every input the table reads, drawn (the fixed
    /// LCG of driver.py); drawInt(x, min, max) draws an integer input.</summary>
    public static Dictionary<string, object> Drawn(long k, string[] names, bool[] bools, string[][] enums,
                                                   int[] min, int[] max, Func<ulong, int, int, int> drawInt)
    {
        ulong x = (ulong)k * 2654435761UL % 4294967296UL;
        var d = new Dictionary<string, object>();
        for (int i = 0; i < names.Length; i++) {
            x = (x * 1103515245UL + 12345UL) % 2147483648UL;
            if (bools[i]) d[names[i]] = x % 2 == 1;
            else if (enums[i] != null) d[names[i]] = enums[i][(int)(x % (ulong)enums[i].Length)];
            else d[names[i]] = drawInt(x, min[i], max[i]);
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

    /// <summary>The result of f as canonical JSON; a refusal as {"error": status}, where
    /// statusOf gives the status of an exception the resolver throws (null: not its own).</summary>
    public static string Outcome(Func<Dictionary<string, object>> f, Func<Exception, int?> statusOf)
    {
        Dictionary<string, object> tree;
        try {
            tree = f();
        } catch (Exception e) {
            int? status = statusOf(e);
            if (status == null)
                throw;
            tree = new Dictionary<string, object> { {"error", status.Value} };
        }
        var b = new StringBuilder();
        Canonical(b, tree);
        return b.ToString();
    }

    /// <summary>The agreement: N situations through both; 0, or 1 with the first difference said.</summary>
    public static int Agree(string who, long n, Func<long, string> library, Func<long, string> port)
    {
        for (long k = 0; k < n; k++) {
            string a = library(k), b = port(k);
            if (a != b) {
                Console.Error.WriteLine(who + ": the library and the hand-written port differ on situation " + k +
                                        ":\n  " + a + "\n  " + b);
                return 1;
            }
        }
        Console.WriteLine("agree " + n);
        return 0;
    }

    /// <summary>The least CPU time of a timed run, ms: the process's CPU time moves in steps of
    /// the system's tick (10 ms under Mono), as long as N resolutions of the CRT take.</summary>
    const double LeastRunMs = 300;

    /// <summary>Each run: N resolutions (one(k) sums resolution k), timed by the process's
    /// CPU time, printed as "ns CHECKSUM". A run passes over the same N resolutions again until
    /// it has lasted LeastRunMs, and ns is per resolution of all its passes; CHECKSUM is one
    /// pass's (every pass must give the same), as the other languages' drivers print it.</summary>
    public static void Time(long n, int runs, Func<long, long> one)
    {
        var self = Process.GetCurrentProcess();
        for (int run = 0; run < runs; run++) {
            long checksum = 0, passes = 0;
            self.Refresh();
            var start = self.TotalProcessorTime;
            TimeSpan elapsed;
            do {
                long sum = 0;
                for (long k = 0; k < n; k++)
                    sum += one(k);
                if (passes > 0 && sum != checksum)
                    throw new InvalidOperationException("a pass over the same resolutions gave another checksum");
                checksum = sum;
                passes++;
                self.Refresh();
                elapsed = self.TotalProcessorTime - start;
            } while (elapsed.TotalMilliseconds < LeastRunMs);
            double ns = elapsed.TotalMilliseconds * 1e6 / (n * passes);
            Console.WriteLine(ns.ToString("F1", CultureInfo.InvariantCulture) + " " + checksum);
        }
    }
}
