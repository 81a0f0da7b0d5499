namespace MicroDb.Npgsql.Tests;

/// <summary>A three-column composite key (text, long, short in key order), for the three-value lookups.</summary>
[Table("pg_stock_keys")]
public sealed class PgStockKey
{
    [PrimaryKey(Order = 2)]
    public long Shelf { get; set; }

    [PrimaryKey(Order = 1)]
    public string Site { get; set; } = "";

    [PrimaryKey(Order = 3)]
    public short Bin { get; set; }

    public int Qty { get; set; }
}
