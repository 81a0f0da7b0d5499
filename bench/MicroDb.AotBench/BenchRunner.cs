using System.Diagnostics;

namespace MicroDb.AotBench;

/// <summary>
/// A small measured runner (BenchmarkDotNet's NativeAOT toolchain needs the net10 NativeAOT pack, absent here).
/// The sides of a case are measured interleaved: each round times every side once, in turn, so a burst of load
/// from other jobs on this shared machine hits all sides of the round instead of one side's whole series.
/// A full GC precedes each timed iteration; allocated bytes are those of the measuring thread.
/// </summary>
internal sealed class BenchRunner(int warmups, int iterations)
{
    /// <summary>The least time spent warming up each case (when warm-up is on).</summary>
    public static readonly TimeSpan WarmupTime = TimeSpan.FromSeconds(2);

    /// <summary>Timed iterations (rounds) per case.</summary>
    public int Iterations => iterations;

    /// <summary>Warm-up rounds per case.</summary>
    public int Warmups => warmups;

    /// <summary>Measures the sides of one case, interleaved; each call of a side's body performs <paramref name="ops"/> operations.</summary>
    /// <param name="caseName">The case.</param>
    /// <param name="ops">Operations per call of a body.</param>
    /// <param name="sides">The sides that could be set up.</param>
    public IEnumerable<Measurement> Measure(string caseName, int ops, IReadOnlyList<Side> sides)
    {
        // At least `warmups` rounds and, when warming up at all, at least WarmupTime: under the JIT, tiered
        // compilation promotes hot methods to optimized code only after a call-counting delay, in the background;
        // a fixed count of long iterations measured the first side at tier 0 (seen: explicit Deserialize 2x
        // slower than the identical generated code after 2 warm-up iterations). Harmless under NativeAOT.
        var warmupClock = Stopwatch.StartNew();
        for (var i = 0; i < warmups || (warmups > 0 && warmupClock.Elapsed < WarmupTime); i++)
        {
            foreach (var side in sides)
            {
                side.Before?.Invoke();
                side.Body();
                side.After?.Invoke();
            }
        }

        var times = sides.Select(_ => new double[iterations]).ToArray();
        var allocated = new long[sides.Count];
        for (var i = 0; i < iterations; i++)
        {
            for (var s = 0; s < sides.Count; s++)
            {
                var side = sides[s];
                side.Before?.Invoke();
                GC.Collect();
                GC.WaitForPendingFinalizers();
                var bytes = GC.GetAllocatedBytesForCurrentThread();
                var start = Stopwatch.GetTimestamp();
                side.Body();
                var end = Stopwatch.GetTimestamp();
                allocated[s] += GC.GetAllocatedBytesForCurrentThread() - bytes;
                times[s][i] = (end - start) * (1e9 / Stopwatch.Frequency) / ops;
                side.After?.Invoke();
            }
        }

        for (var s = 0; s < sides.Count; s++)
        {
            var sorted = times[s];
            Array.Sort(sorted);
            var median = sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
            var result = new Measurement
            {
                Case = caseName,
                Side = sides[s].Name,
                IsBaseline = sides[s].IsBaseline,
                MedianNs = median,
                MinNs = sorted[0],
                BytesPerOp = (double)allocated[s] / ((long)iterations * ops),
            };
            Console.WriteLine($"  {caseName,-28} {result.Side,-28} median {Format.Time(result.MedianNs),10}  min {Format.Time(result.MinNs),10}  {Format.Bytes(result.BytesPerOp)}/op");
            yield return result;
        }
    }

    /// <summary>
    /// Runs a side's setup; a mapping failure (the reflection path under NativeAOT) becomes a failed measurement
    /// carrying the exception's message instead of stopping the run.
    /// </summary>
    /// <param name="caseName">The case.</param>
    /// <param name="side">The side.</param>
    /// <param name="setup">The setup.</param>
    /// <param name="failure">The failed measurement, when setup threw.</param>
    /// <returns>True when setup succeeded.</returns>
    public static bool TrySetup(string caseName, string side, Action setup, out Measurement? failure)
    {
        failure = null;
        try
        {
            setup();
            return true;
        }
        catch (MicroDbMappingException e)
        {
            failure = Failed(caseName, side, e);
        }
        catch (Exception e) when (e is NotSupportedException or MissingMethodException or TypeLoadException)
        {
            // Not expected; reported with its type so a surprise under AOT is visible rather than hidden.
            failure = Failed(caseName, side, e);
        }

        return false;
    }

    private static Measurement Failed(string caseName, string side, Exception e)
    {
        Console.WriteLine($"  {caseName,-28} {side,-28} FAILED: {e.GetType().Name}: {e.Message}");
        return new Measurement { Case = caseName, Side = side, Failure = $"{e.GetType().Name}: {e.Message}" };
    }
}
