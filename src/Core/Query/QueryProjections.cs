using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>The query model pieces of a table that every query of it reuses: its source and its full column list.</summary>
internal static class QueryProjections
{
    private static readonly ConditionalWeakTable<TableMapping, Pieces> Cache = new();

    /// <summary>Every column, in <see cref="TableMapping.Columns"/> order.</summary>
    public static ValueList<SqlExpression> AllColumns(TableMapping table) => Cache.GetValue(table, Create).Columns;

    /// <summary>The table as a query source.</summary>
    public static SqlTable Source(TableMapping table) => Cache.GetValue(table, Create).Source;

    /// <summary>SELECT 1: a row per match, no column read.</summary>
    public static ValueList<SqlExpression> One { get; } = new([SqlLiteral.One]);

    /// <summary>SELECT count(*).</summary>
    public static ValueList<SqlExpression> CountAll { get; } = new([new SqlFunction("count", new SqlLiteral("*"))]);

    private static Pieces Create(TableMapping table)
    {
        var columns = new SqlExpression[table.Columns.Count];
        for (var i = 0; i < columns.Length; i++)
        {
            columns[i] = new SqlColumn(table.Columns[i].Name);
        }

        return new Pieces(new SqlTable(table.TableName), new ValueList<SqlExpression>(columns));
    }

    private sealed record Pieces(SqlTable Source, ValueList<SqlExpression> Columns);
}
