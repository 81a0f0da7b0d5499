using MicroDb.SQLiteNet.Spec.Schema;

namespace MicroDb.SQLiteNet.Tests.Spec;

/// <summary>
/// The schema scenarios of the sqlite-net specification, run through MicroDb.SQLiteNet (the scenario source is compiled
/// here against the compat package): the traced DDL, sqlite_master, indexes and results must be sqlite-net's.
/// </summary>
public sealed class CompatSchemaTests
{
    private static IEnumerable<TestCaseData> Scenarios() =>
        SchemaScenarios.All.Keys.Select(k => new TestCaseData(k).SetName("Compat_" + k));

    [TestCaseSource(nameof(Scenarios))]
    public void Schema_like_sqlite_net(string scenario)
    {
        Dictionary<string, string> actual = SchemaScenarios.All[scenario]();
        IReadOnlyDictionary<string, string> expected = SchemaSpec.Expected[scenario];
        Assert.Multiple(() =>
        {
            Assert.That(actual.Keys, Is.EquivalentTo(expected.Keys), "facts");
            foreach ((string fact, string value) in expected)
            {
                Assert.That(actual.GetValueOrDefault(fact), Is.EqualTo(value), fact);
            }
        });
    }
}
