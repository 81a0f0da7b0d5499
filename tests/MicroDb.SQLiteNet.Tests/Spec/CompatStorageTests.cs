using MicroDb.SQLiteNet.Spec.Storage;

namespace MicroDb.SQLiteNet.Tests.Spec;

/// <summary>
/// Every case of the measured sqlite-net storage specification, run through MicroDb.SQLiteNet: the declared type, the
/// stored value (<c>typeof</c> and <c>quote()</c>), the parameter form and the value read back must be sqlite-net's.
/// </summary>
public sealed class CompatStorageTests
{
    private static readonly IStorageProbe Probe = new CompatProbe();

    private static IEnumerable<TestCaseData> Cases() =>
        SqliteNetStorageSpec.Cases().Select(c => new TestCaseData(c).SetName("Compat_stores_" + c.Name));

    [TestCaseSource(nameof(Cases))]
    public void Stores_like_sqlite_net(StorageCase c)
    {
        Observation actual = c.Run(Probe);
        Assert.Multiple(() =>
        {
            Assert.That(actual.Error, Is.EqualTo(c.Expected.Error), "error");
            Assert.That(actual.DeclaredType, Is.EqualTo(c.Expected.DeclaredType), "declared type");
            Assert.That(actual.StorageClass, Is.EqualTo(c.Expected.StorageClass), "typeof()");
            Assert.That(actual.Quote, Is.EqualTo(c.Expected.Quote), "quote()");
            Assert.That(actual.ReadBack, Is.EqualTo(c.Expected.ReadBack), "read back");
            Assert.That(actual.Bound, Is.EqualTo(c.Expected.Bound), "bound as parameter");
        });
    }
}
