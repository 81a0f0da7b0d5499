using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>The joined tables: per table its map, parameter, join kind, ON condition and (left joins, where a row may be missing) its join key; the missing row itself is told by the table's rowid (<c>JoinQuery.PresenceOf</c>).</summary>
internal sealed class JoinedTables
{
    public JoinedTables(IEntityMap[] maps, ParameterExpression[] parameters, SqlJoinKind[] kinds, Expression?[] on, Expression?[] presence, ParameterExpression[]? groups = null)
    {
        Groups = groups ?? [];
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

        Scope = new JoinScope(parameters, tables, presence);
    }

    public IEntityMap[] Maps { get; }

    public ParameterExpression[] Parameters { get; }

    public SqlJoinKind[] Kinds { get; }

    public Expression?[] On { get; }

    public Expression?[] Presence { get; }

    public JoinScope Scope { get; }

    /// <summary>
    /// The groups of flattened GroupJoins that query syntax carries along in its transparent identifiers
    /// (<c>from c in g.DefaultIfEmpty()</c> followed by more clauses): present in the row, but with no SQL form.
    /// </summary>
    public ParameterExpression[] Groups { get; }

    /// <summary>Throws when <paramref name="e"/> reads one of <see cref="Groups"/> (a group used as a value, <c>g.Count()</c>).</summary>
    /// <exception cref="NotSupportedException">It does.</exception>
    public void RejectGroups(Expression e)
    {
        foreach (var group in Groups)
        {
            if (ParameterFinder.Uses(e, group))
            {
                throw new NotSupportedException($"MicroDb cannot translate '{e}': it uses the group '{group.Name}' of a GroupJoin itself, which has no SQL form in a join.");
            }
        }
    }

    /// <summary>The FROM clause: the first table joined with each next one on its translated ON condition (arguments appended in order).</summary>
    public SqlSource Source(StorageFormat format, List<object?> args)
    {
        SqlSource source = new SqlTable(Maps[0].Table.TableName, JoinScope.Alias(0));
        for (var i = 1; i < Maps.Length; i++)
        {
            var on = SqlTranslator.TranslateJoined(Scope, format, On[i]!, TranslationKind.Predicate, args);
            source = new SqlJoin(source, new SqlTable(Maps[i].Table.TableName, JoinScope.Alias(i)), Kinds[i], on);
        }

        return source;
    }

    public JoinedTables Add(IEntityMap map, ParameterExpression parameter, SqlJoinKind kind, Expression on, Expression? presence, ParameterExpression? group = null) =>
        new([.. Maps, map], [.. Parameters, parameter], [.. Kinds, kind], [.. On, on], [.. Presence, presence], group is null ? Groups : [.. Groups, group]);
}
