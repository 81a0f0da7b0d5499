namespace MicroDb.Npgsql.Benchmarks.Study004;

/// <summary>Dapper's parameter object for <c>@Rows</c> (a class, as Dapper reads parameters from properties).</summary>
public sealed class RowsArgument
{
    /// <summary>The bound value.</summary>
    public long Rows { get; set; }
}
