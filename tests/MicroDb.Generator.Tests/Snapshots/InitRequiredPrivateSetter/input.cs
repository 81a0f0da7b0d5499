using System;
using MicroDb;

namespace People;

[Table]
public class Person
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; init; }

    public required string Name { get; set; }

    public string? Email { get; init; }

    public DateTime Created { get; private set; }

    public int Visits { get; protected set; }

    public void Touch() => Created = DateTime.UtcNow;
}

[Table]
public class Account
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; private set; }

    public string Owner { get; set; } = "";
}
