using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query;
using Npgsql;

namespace MicroDb.Npgsql;

// GroupBy (issue 24): Core's grouping (GroupState, the translator's group rules) with PostgreSQL's format; run here.
public sealed partial class NpgsqlTableQuery<T>
{
    /// <summary>
    /// Groups the rows by <paramref name="keySelector"/> (a member, or an anonymous type of members for a composite key),
    /// run as SQL GROUP BY: the groups are read through their key and aggregates, never loaded.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The grouping key.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is ordered or limited.</exception>
    public NpgsqlGroupByQuery<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> keySelector) => new(_db, Grouping<TKey, T>(keySelector, null), [ReadEntity]);

    /// <summary>Groups the rows by <paramref name="keySelector"/>; each group's elements are <paramref name="elementSelector"/>'s values (<c>g.Sum()</c> adds them).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The element type.</typeparam>
    /// <param name="keySelector">The grouping key.</param>
    /// <param name="elementSelector">The value each row contributes to its group.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is ordered or limited.</exception>
    public NpgsqlGroupByQuery<TKey, TElement> GroupBy<TKey, TElement>(Expression<Func<T, TKey>> keySelector, Expression<Func<T, TElement>> elementSelector)
    {
        ArgumentNullException.ThrowIfNull(elementSelector);
        return new(_db, Grouping(keySelector, elementSelector), [ReadEntity]);
    }

    // The grouped table's entity from the columns at ordinals (-1: not selected), through its map's typed contract.
    internal object? ReadEntity(NpgsqlDataReader reader, int[] ordinals)
    {
        var row = new TypedRowReader(reader, ordinals);
        return ((ITypedColumns<T>)_map).ReadColumns(ref row);
    }

    private GroupState Grouping<TKey, TElement>(Expression<Func<T, TKey>> keySelector, Expression<Func<T, TElement>>? elementSelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        if (_source is not null || IsLimited || _orderings.Length > 0)
        {
            throw new NotSupportedException(
                $"MicroDb.Npgsql cannot group the query on '{_map.Table.TableName}': it is ordered or limited (OrderBy, Skip, Take); order and limit the groups instead.");
        }

        var element = keySelector.Parameters[0];
        var wheres = new Expression[_wheres.Length];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(_wheres[i], element);
        }

        var elementBody = elementSelector is null ? element : RowSubstitution.Apply(elementSelector, element);
        var group = Expression.Parameter(typeof(IGrouping<TKey, TElement>), "g");
        var state = new GroupState(PostgresFormat, _map, element, elementBody, group, keySelector.Body, wheres);
        state.CheckKeys();
        return state;
    }
}
