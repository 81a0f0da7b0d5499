using System.Globalization;

namespace MicroDb.Benchmarks.Headline;

/// <summary>Number formatting for the console and the markdown table.</summary>
public static class Format
{
    /// <summary>A time in the largest unit that keeps it at or above 1.</summary>
    /// <param name="ns">Nanoseconds.</param>
    public static string Time(double ns) => ns switch
    {
        >= 1e6 => (ns / 1e6).ToString("N3", CultureInfo.InvariantCulture) + " ms",
        >= 1e3 => (ns / 1e3).ToString("N2", CultureInfo.InvariantCulture) + " µs",
        _ => ns.ToString("N1", CultureInfo.InvariantCulture) + " ns",
    };

    /// <summary>Bytes, whole numbers with separators.</summary>
    /// <param name="bytes">Bytes.</param>
    public static string Bytes(double bytes) => Math.Round(bytes).ToString("N0", CultureInfo.InvariantCulture) + " B";

    /// <summary>A ratio with two decimals.</summary>
    /// <param name="ratio">The ratio.</param>
    public static string Ratio(double ratio) => ratio.ToString("F2", CultureInfo.InvariantCulture);

    /// <summary>A fraction as a percentage with one decimal.</summary>
    /// <param name="fraction">The fraction (0.05 is 5%).</param>
    public static string Percent(double fraction) => (fraction * 100).ToString("F1", CultureInfo.InvariantCulture) + "%";
}
