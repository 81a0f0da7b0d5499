// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
using System;
using System.Collections.Generic;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// Which columns a join's result selects, the same on both front ends: per table, in table order, the columns of the
/// members the result reads; every column of a table whose row the result uses whole (or reads through a member that
/// maps to no column, which may read any). A row the result only compares with null (<c>c == null ? x : c.Name</c>)
/// needs no column for that test: a left-joined table's presence column (<see cref="SqlJoinPresence"/>), selected after
/// every table's columns, tells.
/// </summary>
internal static class SqlJoinColumns
{
    /// <summary>Appends the selected columns of one table, qualified by its alias, to <paramref name="projection"/>.</summary>
    /// <param name="projection">The SELECT list so far.</param>
    /// <param name="alias">The table's alias.</param>
    /// <param name="columns">The table's columns, in table order.</param>
    /// <param name="name">A column's name.</param>
    /// <param name="read">Whether the result reads column <c>i</c>; null when it reads the whole row.</param>
    /// <typeparam name="TColumn">A column as the front end knows it.</typeparam>
    /// <returns>Each column's ordinal in the SELECT list, -1 for a column not selected.</returns>
    public static int[] Append<TColumn>(List<SqlExpression> projection, string alias, IReadOnlyList<TColumn> columns, Func<TColumn, string> name, Func<int, bool>? read)
    {
        var ordinals = new int[columns.Count];
        for (var c = 0; c < columns.Count; c++)
        {
            ordinals[c] = -1;
            if (read is null || read(c))
            {
                ordinals[c] = projection.Count;
                projection.Add(new SqlColumn(name(columns[c]), alias));
            }
        }

        return ordinals;
    }
}
