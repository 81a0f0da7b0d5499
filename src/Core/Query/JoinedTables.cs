using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>The joined tables: per table its map, parameter, join kind, ON condition and (left joins, where a row may be missing) its join key; the missing row itself is told by the table's rowid (<c>JoinQuery.PresenceOf</c>).</summary>
internal sealed class JoinedTables
{
    public JoinedTables(IEntityMap[] maps, ParameterExpression[] parameters, SqlJoinKind[] kinds, Expression?[] on, Expression?[] presence)
    {
        Maps = maps;
        Parameters = parameters;
        Kinds = kinds;
        On = on;
        Presence = presence;
        var tables = new TableMapping[maps.Length];
        for (var i = 0; i < tables.Length; i++)
        {
            tables[i] = maps[i].Table;
        }

        Scope = new JoinScope(parameters, tables);
    }

    public IEntityMap[] Maps { get; }

    public ParameterExpression[] Parameters { get; }

    public SqlJoinKind[] Kinds { get; }

    public Expression?[] On { get; }

    public Expression?[] Presence { get; }

    public JoinScope Scope { get; }

    public JoinedTables Add(IEntityMap map, ParameterExpression parameter, SqlJoinKind kind, Expression on, Expression? presence) =>
        new([.. Maps, map], [.. Parameters, parameter], [.. Kinds, kind], [.. On, on], [.. Presence, presence]);
}
