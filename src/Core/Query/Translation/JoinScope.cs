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
    private readonly Expression?[] _presence;

    /// <summary>
    /// A scope over <paramref name="tables"/>, table <c>i</c> read through <paramref name="parameters"/>[i]. A table that
    /// appears again (a self-join) gets its own copy of the mapping, so each occurrence's columns are distinct objects and
    /// each is qualified by its own alias.
    /// </summary>
    public JoinScope(ParameterExpression[] parameters, TableMapping[] tables, Expression?[]? presence = null)
    {
        _presence = presence ?? new Expression?[tables.Length];
        var scoped = new TableMapping[tables.Length];
        for (var i = 0; i < tables.Length; i++)
        {
            scoped[i] = tables[i];
            for (var j = 0; j < i; j++)
            {
                if (ReferenceEquals(tables[i], tables[j]))
                {
                    scoped[i] = Occurrence(tables[i]);
                    break;
                }
            }
        }

        _parameters = parameters;
        _tables = scoped;
    }

    /// <summary>The parameters, one per table.</summary>
    public IReadOnlyList<ParameterExpression> Parameters => _parameters;

    /// <summary>The tables, in join order.</summary>
    public IReadOnlyList<TableMapping> Tables => _tables;

    /// <summary>The alias of table <paramref name="index"/>.</summary>
    public static string Alias(int index) => SqlAliases.Table(index);

    /// <summary>The index of the table read through <paramref name="parameter"/>, or -1.</summary>
    public int IndexOf(ParameterExpression parameter) => Array.IndexOf(_parameters, parameter);

    /// <summary>The key whose NULL marks a missing row of table <paramref name="index"/> (a left-joined table), or null when its row is never missing.</summary>
    public Expression? PresenceOf(int index) => _presence[index];

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

    /// <summary>A copy of <paramref name="table"/> with copies of its columns: the same names, kinds and constraints, other objects.</summary>
    private static TableMapping Occurrence(TableMapping table)
    {
        var columns = new ColumnMapping[table.Columns.Count];
        for (var c = 0; c < columns.Length; c++)
        {
            var column = table.Columns[c];
            columns[c] = new ColumnMapping(column.Name, column.MemberName, column.Kind, column.IsNullable)
            {
                IsPrimaryKey = column.IsPrimaryKey,
                KeyOrder = column.KeyOrder,
                References = column.References,
                IsAutoIncrement = column.IsAutoIncrement,
                IsNotNull = column.IsNotNull,
                MaxLength = column.MaxLength,
                Collation = column.Collation,
                RenamedFrom = column.RenamedFrom,
                ClrTypeName = column.ClrTypeName,
            };
        }

        return new TableMapping(table.EntityTypeName, table.TableName, columns, table.IndexDeclarations, table.WithoutRowId);
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
