using System.Globalization;

namespace MicroDb.Tests.Reliability;

/// <summary>Environment switches of the reliability tests (documented in docs/reliability.md).</summary>
internal static class ReliabilitySettings
{
    /// <summary>MICRODB_LONG_TESTS=1: more kills, longer stress runs.</summary>
    public static bool LongTests => Environment.GetEnvironmentVariable("MICRODB_LONG_TESTS") == "1";

    /// <summary>A seed from <paramref name="variable"/> when set, else <paramref name="fallback"/>.</summary>
    public static int Seed(string variable, int fallback) =>
        int.TryParse(Environment.GetEnvironmentVariable(variable), NumberStyles.Integer, CultureInfo.InvariantCulture, out var seed) ? seed : fallback;
}
