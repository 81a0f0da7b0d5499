using System.Collections.Generic;
using MicroDb;

namespace Broken;

[Table]
public class Order
{
    [PrimaryKey]
    public int Id { get; set; }

    public List<string> Lines { get; set; } = new();
}

[Table]
public class TwoKeys
{
    [PrimaryKey]
    public int A { get; set; }

    [PrimaryKey]
    public int B { get; set; }
}

[Table]
public class Fine
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [Ignore, Column("x")]
    public string? Skipped { get; set; }
}
