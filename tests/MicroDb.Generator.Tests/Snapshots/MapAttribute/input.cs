using MicroDb;

[assembly: MicroDbMap(typeof(Legacy.Customer), TableName = "legacy_customers")]
[assembly: MicroDbMap(typeof(Legacy.Note))]

namespace Legacy;

// No MicroDb attributes on the types themselves: they are requested at assembly level.
public class Customer
{
    public int Id { get; set; }
    public string? Name { get; set; }
}

public class Note
{
    public string Text { get; set; } = "";
}
