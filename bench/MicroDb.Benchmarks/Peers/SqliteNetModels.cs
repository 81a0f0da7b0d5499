extern alias sqlitenet;

namespace MicroDb.Benchmarks.Peers;

// sqlite-net-pcl's attributes (namespace SQLite) have the same names as MicroDb's (Table, PrimaryKey, ...):
// its models are separate classes with fully qualified attributes, mapped to the same tables and schema.

/// <summary>Study 001's row for sqlite-net-pcl (table "Test", same schema as <see cref="Models.TestRow"/>).</summary>
[sqlitenet::SQLite.Table("Test")]
public sealed class NetTestRow
{
    /// <summary>The row id.</summary>
    [sqlitenet::SQLite.PrimaryKey, sqlitenet::SQLite.AutoIncrement]
    public long Id { get; set; }

    /// <summary>The text.</summary>
    [sqlitenet::SQLite.MaxLength(500)]
    public string? TextData { get; set; }
}

/// <summary>Study 002's object for sqlite-net-pcl (table "TextRecord", same schema as <see cref="Models.TextRecord"/>).</summary>
[sqlitenet::SQLite.Table("TextRecord")]
public sealed class NetTextRecord
{
    /// <summary>The key.</summary>
    [sqlitenet::SQLite.PrimaryKey]
    public int Id { get; set; }

    /// <summary>A title.</summary>
    public string? Title { get; set; }

    /// <summary>An author name.</summary>
    public string? Author { get; set; }

    /// <summary>An e-mail address.</summary>
    public string? Email { get; set; }

    /// <summary>A street line.</summary>
    public string? Street { get; set; }

    /// <summary>A city.</summary>
    public string? City { get; set; }

    /// <summary>A country.</summary>
    public string? Country { get; set; }

    /// <summary>A sentence or two.</summary>
    public string? Summary { get; set; }

    /// <summary>Free notes.</summary>
    public string? Notes { get; set; }

    /// <summary>A small integer.</summary>
    public int Rating { get; set; }

    /// <summary>A price.</summary>
    public double Price { get; set; }
}

/// <summary>Study 000/004's row for sqlite-net-pcl (table "bench_row", the schema of <see cref="Concurrency.BenchRow"/>).</summary>
[sqlitenet::SQLite.Table("bench_row")]
public sealed class NetBenchRow
{
    /// <summary>The key.</summary>
    [sqlitenet::SQLite.PrimaryKey, sqlitenet::SQLite.AutoIncrement]
    public long Id { get; set; }

    /// <summary>A random integer.</summary>
    public long Number { get; set; }

    /// <summary>A random short text.</summary>
    public string Text { get; set; } = "";

    /// <summary>A random real.</summary>
    public double Value { get; set; }
}
