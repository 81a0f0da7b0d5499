extern alias microdb;
using System.Reflection;
using System.Runtime.Versioning;
using microdb::MicroDb.Mapping;
using Notes;

namespace MicroDb.SQLiteNet.Tests.Library;

/// <summary>
/// A netstandard2.0 library written against sqlite-net's API (tests/MicroDb.SQLiteNet.NetStandardLibrary), run by this
/// net10.0 app: compiled here into MicroDb.SQLiteNet.Tests (the app gets the net10.0 builds of MicroDb, which the library
/// was not compiled against) and into MicroDb.SQLiteNet.NetStandard.Tests (the netstandard2.0 builds).
/// </summary>
public sealed class NetStandardLibraryTests
{
    private string _path = null!;

    [SetUp]
    public void CreatePath() => _path = TempFiles.NewPath();

    [TearDown]
    public void DeleteFiles() => TempFiles.Delete(_path);

    [Test]
    public void Library_is_a_netstandard2_0_assembly()
    {
        Assert.That(typeof(NoteStore).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName, Is.EqualTo(".NETStandard,Version=v2.0"));
    }

    [Test]
    public void Library_runs_schema_crud_linq_sql_and_transactions()
    {
        using var store = new NoteStore(_path);
        var a1 = store.Add("alpha", "the first note", new DateTime(2024, 1, 1, 8, 0, 0, DateTimeKind.Utc));
        var a2 = store.Add("almond", "the second note", new DateTime(2024, 1, 3, 8, 0, 0, DateTimeKind.Utc));
        var b = store.Add("beta", "other", new DateTime(2024, 1, 2, 8, 0, 0, DateTimeKind.Utc));
        var tag1 = store.AddTag(a1, "work");
        var tag2 = store.AddTag(a1, "home");

        Assert.Multiple(() =>
        {
            Assert.That((a1, a2, b), Is.EqualTo((1, 2, 3)));
            Assert.That((tag1, tag2), Is.EqualTo((1, 2)), "the key written back through Tag's private setter");
            Assert.That(store.Find(a2)!.Body, Is.EqualTo("the second note"));
            Assert.That(store.Find(42), Is.Null);
            Assert.That(store.Complete(a2), Is.EqualTo(1));
            Assert.That(store.Open("al").Select(n => n.Title), Is.EqualTo(new[] { "alpha" }));
            Assert.That(store.TagsOf(a1), Is.EqualTo(new[] { "home", "work" }));
            Assert.That(store.Find(a1)!.Written, Is.EqualTo(new DateTime(2024, 1, 1, 8, 0, 0, DateTimeKind.Utc)));
            Assert.That(store.Delete(a1), Is.EqualTo(3), "two tags and the note");
            Assert.That(store.Count(), Is.EqualTo(2));
        });
    }

    [Test]
    public void Library_model_with_public_members_has_a_generated_map_and_the_private_setter_one_falls_back()
    {
        using (new NoteStore(_path))
        {
        }

        Assert.Multiple(() =>
        {
            Assert.That(EntityMapRegistry.GetGenerated<Note>(), Is.Not.Null, "registered by the library's module initializer");
            Assert.That(EntityMapRegistry.GetGenerated<Tag>(), Is.Null, "no [UnsafeAccessor] in a netstandard2.0 compilation: mapped by reflection");
        });
    }

    [Test]
    public async Task Library_runs_the_async_api()
    {
        var (count, firstTitle, tagged) = await NoteStore.RunAsync(_path);

        Assert.That((count, firstTitle, tagged), Is.EqualTo((2, "a", 1)));
    }
}
