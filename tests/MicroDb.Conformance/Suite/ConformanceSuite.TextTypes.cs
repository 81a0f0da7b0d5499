using System.Text;
using MicroDb.Conformance.Models;
using MicroDb.Mapping;

namespace MicroDb.Conformance;

public abstract partial class ConformanceSuite
{
    private static IEnumerable<TestCaseData> Bookmarks()
    {
        yield return new TestCaseData("https://example.com/path/page?x=1&y=2#frag", "héllo wörld — 日本語 🎉").SetName("{m}(absolute)");
        yield return new TestCaseData("relative/path?q=1", "").SetName("{m}(relative)");
        yield return new TestCaseData(null, null).SetName("{m}(nulls)");
    }

    [TestCaseSource(nameof(Bookmarks))]
    public void Uri_and_StringBuilder_round_trip_as_text(string? link, string? notes)
    {
        var db = OpenWith<Bookmark>();
        var expected = new Bookmark
        {
            Link = link is null ? null : new Uri(link, UriKind.RelativeOrAbsolute),
            Notes = notes is null ? null : new StringBuilder(notes),
        };
        db.Insert(expected);

        var actual = db.Get<Bookmark>(expected.Id);
        Assert.That(actual.Link?.OriginalString, Is.EqualTo(link));
        Assert.That(actual.Notes?.ToString(), Is.EqualTo(notes));
        Assert.That(RawRows(db, "Bookmark").Single(), Is.EqualTo("1|" + Quote(link) + "|" + Quote(notes)));

        var map = db.GetMap<Bookmark>();
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            map.Serialize(writer, expected);
        }

        stream.Position = 0;
        using var reader = new BinaryReader(stream);
        var copy = map.Deserialize(reader);
        Assert.That((copy.Link?.OriginalString, copy.Notes?.ToString()), Is.EqualTo((link, notes)));
    }

    [Test]
    public void Uri_and_StringBuilder_columns_are_declared_as_text()
    {
        var db = OpenWith<Bookmark>();
        var table = db.GetMap<Bookmark>().Table;
        Assert.That(table.FindColumn("Link")!.Kind, Is.EqualTo(ColumnKind.Uri));
        Assert.That(table.FindColumn("Notes")!.Kind, Is.EqualTo(ColumnKind.StringBuilder));
        Assert.That(db.GetTableInfo("Bookmark").Select(c => c.Type), Is.EqualTo(new[] { "INTEGER", "TEXT", "varchar(200)" }));
    }

    [Test]
    public void Uri_and_StringBuilder_bind_as_query_arguments()
    {
        var db = OpenWith<Bookmark>();
        db.Insert(new Bookmark { Link = new Uri("https://example.com/a"), Notes = new StringBuilder("n") });

        Assert.That(db.ExecuteScalar<long>("SELECT COUNT(*) FROM Bookmark WHERE Link = ? AND Notes = ?", new Uri("https://example.com/a"), new StringBuilder("n")), Is.EqualTo(1));
    }

    [Test]
    public void Text_that_is_not_a_uri_is_an_error_naming_the_column()
    {
        var db = OpenWith<Bookmark>();
        db.Execute("INSERT INTO Bookmark (Link) VALUES ('http://[not a uri')");

        var error = Assert.Throws<MicroDbException>(() => db.Table<Bookmark>().ToList())!;
        Assert.That(error.Message, Does.Contain("'Link'").And.Contain("not a URI"));
    }

    private static string Quote(string? text) => text is null ? "NULL" : "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";
}
