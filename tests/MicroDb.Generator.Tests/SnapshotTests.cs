using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Each folder in Snapshots/ is a case: input.cs (or, for AllTypes, the shared model's files embedded by the project
/// file), the expected generated files and diagnostics.txt.
/// </summary>
public class SnapshotTests
{
    private static IEnumerable<string> Cases() => Snapshot.Cases();

    [TestCaseSource(nameof(Cases))]
    public void Generated_files_match_snapshot(string caseName)
    {
        var result = GeneratorHarness.Run(Snapshot.Inputs(caseName));
        var actual = Snapshot.Actual(result);

        // Whatever the case expects, the generated code itself must compile cleanly.
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));

        if (Snapshot.Updating)
        {
            Snapshot.Write(caseName, actual);
            Assert.Warn($"Snapshot '{caseName}' rewritten; review the diff.");
            return;
        }

        var expected = Snapshot.Expected(caseName);
        Assert.That(actual.Keys.Order(StringComparer.Ordinal), Is.EqualTo(expected.Keys.Order(StringComparer.Ordinal)),
            "Generated file set differs; run with MICRODB_UPDATE_SNAPSHOTS=1 and review the diff.");
        foreach (var (name, text) in expected)
        {
            Assert.That(actual[name], Is.EqualTo(text), $"{caseName}/{name} differs; run with MICRODB_UPDATE_SNAPSHOTS=1 and review the diff.");
        }
    }

    [Test]
    public void Snapshot_cases_exist()
    {
        // Guards against a moved folder silently turning the snapshot suite into zero cases.
        Assert.That(Snapshot.Cases().Count(), Is.GreaterThanOrEqualTo(5));
    }
}
