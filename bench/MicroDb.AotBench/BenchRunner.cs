using System.Diagnostics;

namespace MicroDb.AotBench;

/// <summary>
/// A small measured runner (BenchmarkDotNet's NativeAOT toolchain needs the net10 NativeAOT pack, absent here):
/// warm-up iterations, then timed iterations with a full GC before each, median and minimum per operation and
/// the bytes the measuring thread allocated.
/// </summary>
internal sealed class BenchRunner(int warmups, int iterations)
{
    /// <summary>The least time spent warming up each side (when warm-up is on).</summary>
    public static readonly TimeSpan WarmupTime = TimeSpan.FromSeconds(1);

    /// <summary>Timed iterations per side.</summary>
    public int Iterations => iterations;

    /// <summary>Warm-up iterations per side.</summary>
    public int Warmups => warmups;

    /// <summary>Runs <paramref name="body"/> (which performs <paramref name="ops"/> operations) and measures it.</summary>
    /// <param name="caseName">The case.</param>
    /// <param name="side">The side.</param>
    /// <param name="baseline">Whether this side is the case's baseline.</param>
    /// <param name="ops">Operations per call of <paramref name="body"/>.</param>
    /// <param name="body">The measured work.</param>
    /// <param name="before">Untimed work before each iteration (e.g. inserting the rows a delete removes).</param>
    /// <param name="after">Untimed work after each iteration (e.g. deleting the rows an insert added).</param>
    public Measurement Measure(string caseName, string side, bool baseline, int ops, Action body, Action? before = null, Action? after = null)
    {
        // At least `warmups` iterations and, when warming up at all, at least WarmupTime: under the JIT, tiered
        // compilation promotes hot methods to optimized code only after a call-counting delay, in the background;
        // a fixed count of long iterations would measure the first side at tier 0 (seen: explicit Deserialize 2x
        // slower than the identical generated code with 2 warm-up iterations). Harmless under NativeAOT.
        var warmupClock = Stopwatch.StartNew();
        for (var i = 0; i < warmups || (warmups > 0 && warmupClock.Elapsed < WarmupTime); i++)
        {
            before?.Invoke();
            body();
            after?.Invoke();
        }

        var times = new double[iterations];
        long allocated = 0;
        for (var i = 0; i < iterations; i++)
        {
            before?.Invoke();
            GC.Collect();
            GC.WaitForPendingFinalizers();
            var bytes = GC.GetAllocatedBytesForCurrentThread();
            var start = Stopwatch.GetTimestamp();
            body();
            var end = Stopwatch.GetTimestamp();
            allocated += GC.GetAllocatedBytesForCurrentThread() - bytes;
            times[i] = (end - start) * (1e9 / Stopwatch.Frequency) / ops;
            after?.Invoke();
        }

        Array.Sort(times);
        var median = times.Length % 2 == 1 ? times[times.Length / 2] : (times[(times.Length / 2) - 1] + times[times.Length / 2]) / 2;
        var result = new Measurement
        {
            Case = caseName,
            Side = side,
            IsBaseline = baseline,
            MedianNs = median,
            MinNs = times[0],
            BytesPerOp = (double)allocated / ((long)iterations * ops),
        };
        Console.WriteLine($"  {caseName,-28} {side,-22} median {Format.Time(result.MedianNs),10}  min {Format.Time(result.MinNs),10}  {Format.Bytes(result.BytesPerOp)}/op");
        return result;
    }

    /// <summary>
    /// Sets up and measures one side; a mapping failure (the reflection path under NativeAOT) becomes a
    /// failed measurement carrying the exception's message instead of stopping the run.
    /// </summary>
    /// <param name="caseName">The case.</param>
    /// <param name="side">The side.</param>
    /// <param name="run">Setup plus <see cref="Measure"/>.</param>
    public static Measurement Guard(string caseName, string side, Func<Measurement> run)
    {
        try
        {
            return run();
        }
        catch (MicroDbMappingException e)
        {
            return Failed(caseName, side, e);
        }
        catch (Exception e) when (e is NotSupportedException or MissingMethodException or TypeLoadException)
        {
            // Not expected; reported with its type so a surprise under AOT is visible rather than hidden.
            return Failed(caseName, side, e);
        }
    }

    private static Measurement Failed(string caseName, string side, Exception e)
    {
        Console.WriteLine($"  {caseName,-28} {side,-22} FAILED: {e.GetType().Name}: {e.Message}");
        return new Measurement { Case = caseName, Side = side, Failure = $"{e.GetType().Name}: {e.Message}" };
    }
}
