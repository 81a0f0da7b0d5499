using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// The tables of a join as the translator sees them: one lambda parameter, table and alias (<c>t0</c>, <c>t1</c> ...)
/// each, in join order. A member of parameter <c>i</c> is a column of table <c>i</c>, written qualified by its alias.
/// </summary>
internal sealed class JoinScope
{
    private readonly ParameterExpression[] _parameters;
    private readonly TableMapping[] _tables;

    /// <summary>A scope over <paramref name="tables"/>, table <c>i</c> read through <paramref name="parameters"/>[i].</summary>
    /// <exception cref="NotSupportedException">A table appears twice (a self-join).</exception>
    public JoinScope(ParameterExpression[] parameters, TableMapping[] tables)
    {
        for (var i = 0; i < tables.Length; i++)
        {
            for (var j = 0; j < i; j++)
            {
                if (ReferenceEquals(tables[i], tables[j]) || tables[i].TableName == tables[j].TableName)
                {
                    throw new NotSupportedException($"MicroDb cannot join the table '{tables[i].TableName}' to itself (a self-join); query it twice instead.");
                }
            }
        }

        _parameters = parameters;
        _tables = tables;
    }

    /// <summary>The parameters, one per table.</summary>
    public IReadOnlyList<ParameterExpression> Parameters => _parameters;

    /// <summary>The tables, in join order.</summary>
    public IReadOnlyList<TableMapping> Tables => _tables;

    /// <summary>The alias of table <paramref name="index"/>.</summary>
    public static string Alias(int index) => SqlAliases.Table(index);

    /// <summary>The table read through <paramref name="parameter"/>, or null when it is not one of the scope's.</summary>
    public TableMapping? TableOf(ParameterExpression parameter)
    {
        var index = Array.IndexOf(_parameters, parameter);
        return index < 0 ? null : _tables[index];
    }

    /// <summary>The alias of the table <paramref name="column"/> belongs to.</summary>
    public string AliasOf(ColumnMapping column)
    {
        for (var i = 0; i < _tables.Length; i++)
        {
            var columns = _tables[i].Columns;
            for (var c = 0; c < columns.Count; c++)
            {
                if (ReferenceEquals(columns[c], column))
                {
                    return Alias(i);
                }
            }
        }

        throw new InvalidOperationException($"The column '{column.Name}' belongs to none of the joined tables.");
    }

    /// <summary>True when <paramref name="e"/> reads any of the scope's parameters.</summary>
    public bool Uses(Expression e)
    {
        foreach (var parameter in _parameters)
        {
            if (ParameterFinder.Uses(e, parameter))
            {
                return true;
            }
        }

        return false;
    }
}
