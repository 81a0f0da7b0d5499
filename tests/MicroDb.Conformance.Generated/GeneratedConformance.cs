using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Query;

namespace MicroDb.Conformance.Generated;

/// <summary>The conformance suite on generated maps only: no reflection provider is configured, so any type without a generated map fails.</summary>
[TestFixture]
public sealed class GeneratedConformance : ConformanceSuite
{
    protected override MappingMode Mode => MappingMode.Generated;

    protected override MicroDbOptions Configure(MicroDbOptions options) => options;

    /// <summary>The runner checks intercepted queries (InterceptionCheckSetup): a query written inline here is intercepted and checked.</summary>
    [Test]
    public void Intercepted_queries_run_checked()
    {
        var seen = new List<StatementSource>();
        var db = Open(tweak: o => o.OnStatement = s => seen.Add(s.Source));
        db.CreateTable<Person>();
        db.Insert(new Person { Name = "Ada", Age = 36 });
        seen.Clear();
        var age = 36;
        var before = InterceptionCheck.Runs;

        var found = db.Table<Person>().Where(p => p.Age == age).ToList();

        Assert.That(InterceptionCheck.Enabled, Is.True);
        Assert.That(found.Select(p => p.Name), Is.EqualTo(new[] { "Ada" }));
        Assert.That(seen, Is.EqualTo(new[] { StatementSource.Intercepted, StatementSource.Linq }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
    }
}
