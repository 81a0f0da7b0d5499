using System.Diagnostics;

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// The interleaved Stopwatch runner shared by the headline (<c>bench/MicroDb.Benchmarks -- --quick</c>) and the
/// NativeAOT bench (<c>bench/MicroDb.AotBench</c>): one rule, one place.
/// <list type="bullet">
/// <item>Each round times every side of a case once, in a new random order (fixed seed), so a burst of load from other
/// jobs on the machine, or a drift in CPU frequency, hits all sides of the round instead of one side's whole series.</item>
/// <item>The ratio of a side is the median over rounds of its time divided by the baseline's time in the same round,
/// with a 95% confidence interval from the order statistics of those per-round ratios.</item>
/// <item>Timed bodies are short (about a millisecond or less: cases split long work into chunks that rotate from round
/// to round), so most rounds run without being preempted on a busy machine, and the medians ignore the rounds that were.</item>
/// <item>Each side's untimed <see cref="Side.Before"/> runs right before its timed body, then a gen0 collection (a full
/// collection at the start of every 16th round); allocated bytes are those of the measuring thread.</item>
/// <item>Warm-up: at least <see cref="Warmups"/> rounds and, when warming up at all, at least <see cref="WarmupTime"/>:
/// under the JIT, tiered compilation promotes hot methods only after a call-counting delay, in the background.</item>
/// </list>
/// </summary>
/// <param name="warmups">Warm-up rounds per case (0: none, for smoke runs).</param>
/// <param name="minRounds">Least measured rounds per case.</param>
/// <param name="maxRounds">Most measured rounds per case.</param>
/// <param name="caseTime">Measure until at least this long has passed (and <paramref name="minRounds"/> are done).</param>
public sealed class BenchRunner(int warmups, int minRounds, int maxRounds, TimeSpan caseTime)
{
    private readonly Random _order = new(20261122);

    /// <summary>The least time spent warming up each case (when warm-up is on).</summary>
    public static readonly TimeSpan WarmupTime = TimeSpan.FromSeconds(2);

    /// <summary>Warm-up rounds per case.</summary>
    public int Warmups => warmups;

    /// <summary>Least measured rounds per case.</summary>
    public int MinRounds => minRounds;

    /// <summary>Most measured rounds per case.</summary>
    public int MaxRounds => maxRounds;

    /// <summary>Least measuring time per case.</summary>
    public TimeSpan CaseTime => caseTime;

    /// <summary>Measures the sides of one case, interleaved in random order; each call of a side's body performs <paramref name="ops"/> operations (a fraction when a body does a chunk of one operation).</summary>
    /// <param name="caseName">The case.</param>
    /// <param name="ops">Operations per call of a body.</param>
    /// <param name="sides">The sides that could be set up.</param>
    public IEnumerable<Measurement> Measure(string caseName, double ops, IReadOnlyList<Side> sides)
    {
        var order = Enumerable.Range(0, sides.Count).ToArray();
        var warmupClock = Stopwatch.StartNew();
        for (var i = 0; i < warmups || (warmups > 0 && warmupClock.Elapsed < WarmupTime); i++)
        {
            _order.Shuffle(order);
            foreach (var s in order)
            {
                var side = sides[s];
                side.Before?.Invoke();
                side.Body();
                side.After?.Invoke();
            }
        }

        var times = sides.Select(_ => new List<double>()).ToArray();
        var allocated = new long[sides.Count];
        var clock = Stopwatch.StartNew();
        var rounds = 0;
        while (rounds < maxRounds && (rounds < minRounds || clock.Elapsed < caseTime))
        {
            _order.Shuffle(order);
            if (rounds % 16 == 0)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }

            foreach (var s in order)
            {
                var side = sides[s];
                side.Before?.Invoke();
                GC.Collect(0, GCCollectionMode.Forced, blocking: true);
                var bytes = GC.GetAllocatedBytesForCurrentThread();
                var start = Stopwatch.GetTimestamp();
                side.Body();
                var end = Stopwatch.GetTimestamp();
                allocated[s] += GC.GetAllocatedBytesForCurrentThread() - bytes;
                times[s].Add((end - start) * (1e9 / Stopwatch.Frequency) / ops);
                side.After?.Invoke();
            }

            rounds++;
        }

        var baseline = Array.FindIndex(sides.ToArray(), s => s.IsBaseline);
        for (var s = 0; s < sides.Count; s++)
        {
            var sorted = times[s].Order().ToArray();
            var (ratio, low, high) = baseline < 0 ? (double.NaN, double.NaN, double.NaN)
                : RatioStatistics(times[s], times[baseline]);
            var result = new Measurement
            {
                Case = caseName,
                Side = sides[s].Name,
                Role = sides[s].Role,
                MedianNs = Median(sorted),
                MinNs = sorted[0],
                Ratio = ratio,
                RatioLow = low,
                RatioHigh = high,
                Times = times[s],
                Rounds = rounds,
                BytesPerOp = allocated[s] / (rounds * ops),
            };
            var ratioText = double.IsNaN(ratio) ? "" : $"  ratio {Format.Ratio(ratio)} [{Format.Ratio(low)}–{Format.Ratio(high)}]";
            Console.WriteLine($"  {caseName,-30} {result.Side,-30} median {Format.Time(result.MedianNs),10}  min {Format.Time(result.MinNs),10}{ratioText,-26} {Format.Bytes(result.BytesPerOp)}/op  ({rounds} rounds)");
            yield return result;
        }
    }

    /// <summary>Median of the per-round ratios and its 95% confidence interval (ranks n/2 ± 0.98·√n of the sorted ratios).</summary>
    /// <param name="side">The side's times, by round.</param>
    /// <param name="baseline">The baseline's times, by round.</param>
    public static (double Ratio, double Low, double High) RatioStatistics(IReadOnlyList<double> side, IReadOnlyList<double> baseline)
    {
        var ratios = side.Select((t, i) => t / baseline[i]).Order().ToArray();
        var n = ratios.Length;
        var half = 0.98 * Math.Sqrt(n);
        var lo = Math.Clamp((int)Math.Floor((n / 2.0) - half), 0, n - 1);
        var hi = Math.Clamp((int)Math.Ceiling((n / 2.0) + half), 0, n - 1);
        return (Median(ratios), ratios[lo], ratios[hi]);
    }

    private static double Median(double[] sorted) =>
        sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;

    /// <summary>
    /// Runs a side's setup; a mapping failure (the reflection path under NativeAOT) becomes a failed measurement
    /// carrying the exception's message instead of stopping the run.
    /// </summary>
    /// <param name="caseName">The case.</param>
    /// <param name="side">The side.</param>
    /// <param name="role">The side's role.</param>
    /// <param name="setup">The setup.</param>
    /// <param name="failure">The failed measurement, when setup threw.</param>
    /// <returns>True when setup succeeded.</returns>
    public static bool TrySetup(string caseName, string side, SideRole role, Action setup, out Measurement? failure)
    {
        failure = null;
        try
        {
            setup();
            return true;
        }
        catch (MicroDbMappingException e)
        {
            failure = Failed(caseName, side, role, e);
        }
        catch (Exception e) when (e is NotSupportedException or MissingMethodException or TypeLoadException)
        {
            // Not expected; reported with its type so a surprise under AOT is visible rather than hidden.
            failure = Failed(caseName, side, role, e);
        }

        return false;
    }

    private static Measurement Failed(string caseName, string side, SideRole role, Exception e)
    {
        Console.WriteLine($"  {caseName,-30} {side,-30} FAILED: {e.GetType().Name}: {e.Message}");
        return new Measurement { Case = caseName, Side = side, Role = role, Failure = $"{e.GetType().Name}: {e.Message}" };
    }
}
