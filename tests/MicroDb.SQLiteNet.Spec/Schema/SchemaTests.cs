using System.Text.Encodings.Web;
using System.Text.Json;

namespace MicroDb.SQLiteNet.Spec.Schema;

/// <summary>Checks sqlite-net's schema text and CreateTable results against <see cref="SchemaSpec"/>.</summary>
public sealed class SchemaTests
{
    private static IEnumerable<TestCaseData> Scenarios() =>
        SchemaScenarios.All.Keys.Select(k => new TestCaseData(k).SetName("SqliteNet_" + k));

    [TestCaseSource(nameof(Scenarios))]
    public void Schema(string scenario)
    {
        Dictionary<string, string> actual = SchemaScenarios.All[scenario]();
        IReadOnlyDictionary<string, string> expected = SchemaSpec.Expected[scenario];
        Assert.Multiple(() =>
        {
            Assert.That(actual.Keys, Is.EquivalentTo(expected.Keys), "facts");
            foreach ((string fact, string value) in expected)
                Assert.That(actual.GetValueOrDefault(fact), Is.EqualTo(value), fact);
        });
    }

    // Re-measures every scenario into a temp JSON file, for updating SchemaSpec by hand; never in CI.
    [Test, Explicit("Writes observations for updating the schema specification")]
    public void Print_schema_observations()
    {
        var all = SchemaScenarios.All.ToDictionary(kv => kv.Key, kv => kv.Value());
        string path = Path.Combine(Path.GetTempPath(), "mdbspec-schema.json");
        File.WriteAllText(path, JsonSerializer.Serialize(all,
            new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, WriteIndented = true }));
        TestContext.Out.WriteLine("Observations written to " + path);
    }
}
