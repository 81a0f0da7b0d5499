namespace MicroDb.Tests.Core;

public sealed class StorageFormatTests
{
    [TestCase("")]
    [TestCase("   ")]
    public void SqliteNet_refuses_an_empty_DateTime_format(string format)
    {
        var e = Assert.Throws<ArgumentException>(() => StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: format));

        Assert.That(e!.ParamName, Is.EqualTo("dateTimeStringFormat"));
        Assert.That(e.Message, Does.Contain("empty"));
    }

    [Test]
    public void SqliteNet_refuses_an_invalid_DateTime_format_before_anything_is_written()
    {
        var e = Assert.Throws<ArgumentException>(() => StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "Q"));

        Assert.That(e!.Message, Does.Contain("'Q'"));
        Assert.That(e.InnerException, Is.TypeOf<FormatException>());
    }

    [Test]
    public void SqliteNet_without_a_format_uses_sqlite_nets_default_and_formats_compare_by_value()
    {
        var format = StorageFormat.SqliteNet(storeDateTimeAsTicks: false);

        Assert.That(format.DateTimeStringFormat, Is.EqualTo(StorageFormat.SqliteNetDefaultDateTimeFormat));
        Assert.That(format, Is.EqualTo(StorageFormat.SqliteNet(false, StorageFormat.SqliteNetDefaultDateTimeFormat)));
        Assert.That(format, Is.Not.EqualTo(StorageFormat.SqliteNet()));
        Assert.That(format, Is.Not.EqualTo(StorageFormat.MicroDb));
    }
}
