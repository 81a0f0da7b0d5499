namespace MicroDb.Tests.Reflection;

// Models that break a rule. They live outside the conformance folder because the generator refuses them at build time.
public class TwoKeys
{
    [PrimaryKey]
    public int A { get; set; }

    [PrimaryKey]
    public int B { get; set; }
}

public class AutoIncrementText
{
    [PrimaryKey, AutoIncrement]
    public string? Id { get; set; }
}

public class AutoIncrementNotKey
{
    [PrimaryKey]
    public int Id { get; set; }

    [AutoIncrement]
    public int Counter { get; set; }
}

public class UnsupportedMember
{
    [PrimaryKey]
    public int Id { get; set; }

    public List<int>? Numbers { get; set; }
}

public class DuplicateColumns
{
    [Column("x")]
    public int First { get; set; }

    [Column("X")]
    public int Second { get; set; }
}

public class NoUsableConstructor
{
    public NoUsableConstructor(int somethingElse) => Id = somethingElse;

    public int Id { get; }
}

public struct StructModel
{
    public int Id { get; set; }
}

public class NoColumns
{
    [Ignore]
    public int Hidden { get; set; }
}

// A get-only member under MicroDb's attributes is refused (MicroDb's own rule, MDB0004), where the same member on a
// sqlite-net model (tests/MicroDb.Tests/SqliteNet) is left out as sqlite-net leaves it out.
[Table("md_computed")]
public class MicroDbComputed
{
    [PrimaryKey]
    public int Id { get; set; }

    public int ReadOnlyCount { get; } = 3;
}

public class CompositeKeySameOrder
{
    [PrimaryKey(Order = 1)]
    public int A { get; set; }

    [PrimaryKey(Order = 1)]
    public int B { get; set; }
}

public class CompositeKeyAutoIncrement
{
    [PrimaryKey(Order = 1), AutoIncrement]
    public int A { get; set; }

    [PrimaryKey(Order = 2)]
    public int B { get; set; }
}

public class ReferencesKeylessParent
{
    [References(typeof(NoKeyParent))]
    public int ParentId { get; set; }
}

public class NoKeyParent
{
    public int Value { get; set; }
}

public class ReferencesCompositeParent
{
    [References(typeof(CompositeKeySameOrder))]
    public int ParentId { get; set; }
}

public class ReferencesUnknownColumn
{
    [References(typeof(NoKeyParent), Column = "Missing")]
    public int ParentId { get; set; }
}
