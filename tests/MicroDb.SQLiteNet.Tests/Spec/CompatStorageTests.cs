using MicroDb.SQLiteNet.Spec.Storage;

namespace MicroDb.SQLiteNet.Tests.Spec;

/// <summary>
/// Every case of the measured sqlite-net storage specification, run through MicroDb.SQLiteNet: the declared type, the
/// stored value (<c>typeof</c> and <c>quote()</c>), the parameter form and the value read back must be sqlite-net's.
/// The exceptions are listed below with the reason: each is a case where sqlite-net fails.
/// </summary>
public sealed class CompatStorageTests
{
    private static readonly IStorageProbe Probe = new CompatProbe();

    /// <summary>sqlite-net throws on insert (a bug); MicroDb.SQLiteNet stores the value and reads it back unchanged.</summary>
    private static readonly Dictionary<string, string> StoredWhereSqliteNetFails = new()
    {
        ["ulong_MaxValue"] = "ulong above long.MaxValue is stored by its bit pattern (sqlite-net: OverflowException)",
        ["ulong_above_long_MaxValue"] = "as above",
        ["LongEnum_Big"] = "a long-backed enum value beyond int is stored as its number (sqlite-net binds enums as int: OverflowException)",
        ["FlagsTextEnum_ReadWrite"] = "a [StoreAsText] flags combination is stored as \"Read, Write\" (sqlite-net: KeyNotFoundException)",
    };

    /// <summary>sqlite-net cannot bind these as query arguments; MicroDb.SQLiteNet can (as a column is not supported, CreateTable still fails).</summary>
    private static readonly Dictionary<string, string> BoundWhereSqliteNetFails = new()
    {
        ["char_A"] = "a char argument binds as its code (integer)",
        ["char_e_acute"] = "as above",
        ["char_NUL"] = "as above",
        ["char_MaxValue"] = "as above",
        ["DateOnly"] = "a DateOnly argument binds as yyyy-MM-dd text",
        ["TimeOnly"] = "a TimeOnly argument binds as ticks",
    };

    /// <summary>Writing fails in both, with MicroDb's exception naming the column, table and value rather than a bare KeyNotFoundException.</summary>
    private static readonly Dictionary<string, string> WriteFailsDifferently = new()
    {
        ["TextEnum_undefined"] = "a [StoreAsText] enum value without a name has no text to be stored under: only names read back (issue 24's follow-up); as a query argument it still binds as its number's text, which no stored name equals",
    };

    /// <summary>Reading fails in both, with MicroDb's exception naming the column rather than a bare OverflowException.</summary>
    private static readonly Dictionary<string, string> ReadFailsDifferently = new()
    {
        ["decimal_MaxValue"] = "the stored REAL is beyond decimal's range",
        ["decimal_MinValue"] = "as above",
    };

    /// <summary>
    /// The netstandard2.0 build of MicroDb.SQLiteNet (tests/MicroDb.SQLiteNet.NetStandard.Tests) has no DateOnly or
    /// TimeOnly (netstandard2.0 lacks the types): binding them fails as in sqlite-net, with NotSupportedException.
    /// </summary>
    private static readonly bool NetStandardBuild = typeof(SQLite.SQLiteConnection).Assembly
        .GetCustomAttributes(typeof(System.Runtime.Versioning.TargetFrameworkAttribute), false)
        .Cast<System.Runtime.Versioning.TargetFrameworkAttribute>()
        .Any(a => a.FrameworkName.StartsWith(".NETStandard", StringComparison.Ordinal));

    private static IEnumerable<TestCaseData> Cases() =>
        SqliteNetStorageSpec.Cases().Select(c => new TestCaseData(c).SetName("Compat_stores_" + c.Name));

    [TestCaseSource(nameof(Cases))]
    public void Stores_like_sqlite_net(StorageCase c)
    {
        Observation actual = c.Run(Probe);
        Observation expected = c.Expected;
        if (StoredWhereSqliteNetFails.ContainsKey(c.Name))
        {
            Assert.Multiple(() =>
            {
                Assert.That(expected.Error, Does.StartWith("Insert:"), "sqlite-net fails on insert");
                Assert.That(actual.Error, Is.Null, "stored");
                Assert.That(actual.DeclaredType, Is.EqualTo(expected.DeclaredType), "declared type");
                Assert.That(actual.ReadBack, Is.EqualTo(c.Written), "read back");
            });
            return;
        }

        if (BoundWhereSqliteNetFails.ContainsKey(c.Name) && !(NetStandardBuild && c.Name is "DateOnly" or "TimeOnly"))
        {
            Assert.That(expected.Bound, Does.StartWith("!"), "sqlite-net cannot bind it");
            Assert.That(actual.Bound, Does.Not.StartWith("!"), "bound");
            expected = expected with { Bound = actual.Bound };
        }

        if (WriteFailsDifferently.ContainsKey(c.Name))
        {
            Assert.That(expected.Error, Is.EqualTo("Insert: KeyNotFoundException"));
            Assert.That(actual.Bound, Is.EqualTo("text '7'"), "bound as a query argument");
            expected = expected with { Error = "Insert: MicroDbException", ReadBack = null, Bound = actual.Bound };
        }

        if (ReadFailsDifferently.ContainsKey(c.Name))
        {
            Assert.That(expected.Error, Is.EqualTo("Read: OverflowException"));
            expected = expected with { Error = "Read: MicroDbException", ReadBack = "!MicroDbException" };
        }

        Assert.Multiple(() =>
        {
            Assert.That(actual.Error, Is.EqualTo(expected.Error), "error");
            Assert.That(actual.DeclaredType, Is.EqualTo(expected.DeclaredType), "declared type");
            Assert.That(actual.StorageClass, Is.EqualTo(expected.StorageClass), "typeof()");
            Assert.That(actual.Quote, Is.EqualTo(expected.Quote), "quote()");
            Assert.That(actual.ReadBack, Is.EqualTo(expected.ReadBack), "read back");
            Assert.That(actual.Bound, Is.EqualTo(expected.Bound), "bound as parameter");
        });
    }

    [Test]
    public void Every_listed_difference_is_a_case_of_the_specification()
    {
        var names = SqliteNetStorageSpec.Cases().Select(c => c.Name).ToHashSet();
        var listed = StoredWhereSqliteNetFails.Keys.Concat(BoundWhereSqliteNetFails.Keys).Concat(ReadFailsDifferently.Keys).Concat(WriteFailsDifferently.Keys);
        Assert.That(listed.Where(n => !names.Contains(n)), Is.Empty);
    }
}
