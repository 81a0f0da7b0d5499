using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Microsoft.Data.Sqlite with one prepared command per statement, parameters reused (the provider's fastest use).</summary>
/// <param name="path">The database file, opened with the same pragmas as the other providers.</param>
public sealed class MdsBlockStore(string path) : AdoBlockStore(MdsConnections.Open(path))
{
    /// <inheritdoc />
    protected override void Describe(DbCommand command, string sql, int parameters)
    {
        // Microsoft.Data.Sqlite binds by name: ?1, ?2 ...
        command.CommandText = BlockSql.Numbered(sql, "?");
        for (var i = 1; i <= parameters; i++)
        {
            command.Parameters.Add(new SqliteParameter { ParameterName = "?" + i.ToString(CultureInfo.InvariantCulture) });
        }
    }
}
