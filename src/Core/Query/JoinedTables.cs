using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>The joined tables: per table its map, parameter, join kind, ON condition and (left joins, where a row may be missing) its join key; the missing row itself is told by <see cref="PresenceColumn"/>.</summary>
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

    /// <summary>
    /// Right-joins one more table: every row of it is kept, and each table joined so far may now be missing, told by its
    /// rowid (its presence is its own parameter, the marker <see cref="IsRowIdPresence"/> reads).
    /// </summary>
    public JoinedTables AddRight(IEntityMap map, ParameterExpression parameter, Expression on)
    {
        var presence = new Expression?[Presence.Length + 1];
        for (var i = 0; i < Presence.Length; i++)
        {
            presence[i] = Presence[i] ?? Parameters[i];
        }

        return new([.. Maps, map], [.. Parameters, parameter], [.. Kinds, SqlJoinKind.Right], [.. On, on], presence, Groups);
    }

    /// <summary>True when <paramref name="presence"/> (of a table read through <paramref name="parameter"/>) means "missing when its rowid is NULL" (set by a later right join).</summary>
    public static bool IsRowIdPresence(Expression presence, ParameterExpression parameter) => ReferenceEquals(presence, parameter);

    /// <summary>The index of the table every row joined so far has (the first, or the last right-joined one): the row as a whole is missing when it is.</summary>
    public int Anchor()
    {
        for (var i = Kinds.Length - 1; i > 0; i--)
        {
            if (Kinds[i] == SqlJoinKind.Right)
            {
                return i;
            }
        }

        return 0;
    }

    /// <summary>
    /// The value of <paramref name="table"/> (joined as table <paramref name="index"/>) that is NULL only where no row matched: its rowid, or where there is none
    /// (a WITHOUT ROWID table, or a database without rowids, <see cref="QueryDialect.HasRowId"/>) its first key column.
    /// Not the join key: a stored NULL can match (a non-nullable double's NaN is stored as NULL on SQLite), and that row is not missing.
    /// </summary>
    public static SqlExpression PresenceColumn(TableMapping table, int index, StorageFormat storage)
    {
        var withoutRowId = table.WithoutRowId || !storage.Dialect.HasRowId;
        return SqlJoinPresence.Of(JoinScope.Alias(index), withoutRowId, withoutRowId ? table.PrimaryKeyColumns[0].Name : null);
    }

    /// <summary>
    /// Throws when a table that may be missing has nothing to tell it by: no rowid on <paramref name="storage"/>'s database
    /// and no primary key.
    /// </summary>
    /// <exception cref="NotSupportedException">Such a table is in the join.</exception>
    public void RequirePresence(StorageFormat storage, string name)
    {
        for (var i = 0; i < Maps.Length; i++)
        {
            var table = Maps[i].Table;
            if (Presence[i] is not null && !storage.Dialect.HasRowId && table.PrimaryKeyColumns.Count == 0)
            {
                throw new NotSupportedException(
                    $"MicroDb cannot translate {name} with '{table.TableName}' on {storage.Dialect.Name}: a table there has no rowid, so a table whose row may be missing needs a primary key to tell it.");
            }
        }
    }

    public JoinedTables Add(IEntityMap map, ParameterExpression parameter, SqlJoinKind kind, Expression on, Expression? presence, ParameterExpression? group = null) =>
        new([.. Maps, map], [.. Parameters, parameter], [.. Kinds, kind], [.. On, on], [.. Presence, presence], group is null ? Groups : [.. Groups, group]);
}
