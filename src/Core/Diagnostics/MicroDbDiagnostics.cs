using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Runtime.CompilerServices;

namespace MicroDb;

/// <summary>
/// The names under which MicroDb reports every statement it runs to <see cref="System.Diagnostics.ActivitySource"/> and
/// <see cref="System.Diagnostics.Metrics.Meter"/> listeners (OpenTelemetry: <c>AddSource("MicroDb")</c>,
/// <c>AddMeter("MicroDb")</c>). Nothing is measured or allocated while nobody listens.
/// </summary>
public static class MicroDbDiagnostics
{
    /// <summary>The name of MicroDb's <see cref="System.Diagnostics.ActivitySource"/>: one client activity per statement.</summary>
    public const string ActivitySourceName = "MicroDb";

    /// <summary>The name of MicroDb's <see cref="System.Diagnostics.Metrics.Meter"/>.</summary>
    public const string MeterName = "MicroDb";

    /// <summary>The histogram of statement durations, in seconds (OpenTelemetry's database client metric).</summary>
    public const string DurationInstrumentName = "db.client.operation.duration";

    /// <summary>The counter of statements run.</summary>
    public const string StatementCountInstrumentName = "microdb.statements";

    /// <summary>The activity name of a statement whose first keyword is not known (an empty or unusual SQL text).</summary>
    public const string DefaultActivityName = "sqlite";

    internal static readonly ActivitySource Source = new(ActivitySourceName, typeof(MicroDbDiagnostics).Assembly.GetName().Version?.ToString());

    internal static readonly Meter Meter = new(MeterName, typeof(MicroDbDiagnostics).Assembly.GetName().Version?.ToString());

    // Statements run in microseconds to seconds: finer buckets than the 5 ms default floor.
    internal static readonly Histogram<double> Duration = Meter.CreateHistogram(
        DurationInstrumentName,
        unit: "s",
        description: "Duration of the statements MicroDb ran.",
        tags: null,
        advice: new InstrumentAdvice<double> { HistogramBucketBoundaries = [0.00001, 0.00005, 0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10] });

    internal static readonly Counter<long> Statements = Meter.CreateCounter<long>(StatementCountInstrumentName, unit: "{statement}", description: "Statements MicroDb ran.");

    /// <summary>True when an activity listener or a metrics listener wants statements (three field reads).</summary>
    internal static bool IsObserved
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Source.HasListeners() || Duration.Enabled || Statements.Enabled;
    }
}
