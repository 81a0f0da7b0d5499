extern alias microdb;
using System.Reflection;
using System.Runtime.Versioning;
using SQLite;

namespace MicroDb.SQLiteNet.Tests;

/// <summary>
/// This project runs the compat package's tests on the netstandard2.0 builds: that they really are what is loaded, and
/// what those builds do differently (no DateOnly or TimeOnly, which netstandard2.0 lacks: sqlite-net's behaviour).
/// </summary>
public sealed class NetStandardAssetTests
{
    [Test]
    public void Loaded_MicroDb_assemblies_are_the_netstandard2_0_builds()
    {
        var assemblies = new[]
        {
            typeof(SQLiteConnection).Assembly,
            typeof(microdb::MicroDb.MicroDbConnection).Assembly,
            typeof(microdb::MicroDb.Runtime.Reflection.ReflectionMaps).Assembly,
        };

        Assert.That(assemblies.Select(a => (a.GetName().Name, a.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName)), Is.EqualTo(new[]
        {
            ("MicroDb.SQLiteNet", ".NETStandard,Version=v2.0"),
            ("MicroDb", ".NETStandard,Version=v2.0"),
            ("MicroDb.Runtime.Reflection", ".NETStandard,Version=v2.0"),
        }));
    }

    [Test]
    public void The_netstandard2_0_build_has_the_net10_API_except_DateOnly_and_TimeOnly()
    {
        var statement = typeof(microdb::MicroDb.Native.SqliteStatement);

        Assert.Multiple(() =>
        {
            Assert.That(statement.GetMethods().Where(m => m.GetParameters().Any(p => p.ParameterType.Name.Contains("DateOnly", StringComparison.Ordinal))), Is.Empty);
            Assert.That(statement.GetMethod("BindInt32"), Is.Not.Null);
            Assert.That(statement.GetMethod("GetDateTimeOffset"), Is.Not.Null);
        });
    }

    [Test]
    public void A_DateOnly_argument_throws_NotSupportedException_naming_the_type_and_stores_nothing()
    {
        var path = TempFiles.NewPath();
        try
        {
            using var db = new SQLiteConnection(path);
            db.Execute("CREATE TABLE t (d TEXT)");

            var error = Assert.Throws<NotSupportedException>(() => db.Execute("INSERT INTO t (d) VALUES (?)", new DateOnly(2024, 3, 5)));

            Assert.That(error!.Message, Does.Contain("System.DateOnly"));
            Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM t"), Is.Zero);
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }
}
