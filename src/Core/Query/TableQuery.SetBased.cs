using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Set-based writes: ExecuteUpdate and ExecuteDelete, each one UPDATE or DELETE statement built as an UpdateModel or
// DeleteModel (src/Shared/Query) from this query's filter, and printed by SqliteSqlWriter.
public sealed partial class TableQuery<T>
{
    /// <summary>
    /// Deletes the rows this query selects in one DELETE statement, and returns how many were deleted. Unlike
    /// <see cref="Delete()"/>, a query without a filter deletes every row (as EF Core's ExecuteDelete). With Take/Skip the
    /// rows are chosen by a sub-query on the key (or rowid), honouring the order.
    /// </summary>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="MicroDbConstraintException">A foreign key forbids the delete; nothing was deleted.</exception>
    public int ExecuteDelete()
    {
        var (sql, args) = BuildDelete();
        return Connection.Runner.Execute(sql, StatementArguments.Translated(args));
    }

    /// <summary>ExecuteDelete's statement: the DELETE text and its arguments (also what the interception check compares).</summary>
    internal (string Sql, List<object?> Args) BuildDelete()
    {
        var args = new List<object?>();
        var model = new DeleteModel(_map.Table.TableName, RowFilter(args, "ExecuteDelete"));
        var sql = new StringBuilder();
        var slots = new List<int>(args.Count);
        SqliteSqlWriter.Instance.WriteDelete(model, sql, slots);
        CheckSlotOrder(slots, args);
        return (sql.ToString(), args);
    }

    /// <summary>
    /// Updates the rows this query selects in one UPDATE statement, setting the columns <paramref name="setters"/> names,
    /// and returns how many rows were changed. A value is stored as an insert of it would store it (the column's kind and
    /// the connection's storage format); an expression over the row (<c>x =&gt; x.Price * 1.1m</c>) is computed by SQLite and
    /// is allowed for columns of numbers, strings and booleans.
    /// </summary>
    /// <param name="setters">The columns to set: <c>s =&gt; s.Set(x =&gt; x.Price, x =&gt; x.Price * 1.1m).Set(x =&gt; x.Name, "n")</c>.</param>
    /// <returns>The number of rows changed.</returns>
    /// <exception cref="ArgumentException">No column is set, or a member is not a mapped member of the row.</exception>
    /// <exception cref="NotSupportedException">An expression has no SQL translation, or its column's stored form cannot be computed in SQL; the message names it.</exception>
    /// <exception cref="MicroDbConstraintException">A NOT NULL, UNIQUE or foreign key constraint failed; nothing was changed.</exception>
    public int ExecuteUpdate(Func<UpdateSetters<T>, UpdateSetters<T>> setters) => ExecuteUpdateWith(Setters(setters));

    /// <summary>Runs <paramref name="setters"/> once on a new builder: the Set calls, at least one.</summary>
    internal UpdateSetters<T> Setters(Func<UpdateSetters<T>, UpdateSetters<T>> setters)
    {
        ArgumentNullException.ThrowIfNull(setters);
        var builder = setters(new UpdateSetters<T>());
        if (builder is null || builder.Setters.Count == 0)
        {
            throw new ArgumentException($"ExecuteUpdate on '{_map.Table.TableName}' sets no column: call Set at least once.", nameof(setters));
        }

        return builder;
    }

    /// <summary>ExecuteUpdate with the Set calls already made.</summary>
    internal int ExecuteUpdateWith(UpdateSetters<T> builder)
    {
        var (sql, args) = BuildUpdate(builder);
        return Connection.Runner.Execute(sql, StatementArguments.Translated(args));
    }

    /// <summary>ExecuteUpdate's statement: the UPDATE text and its arguments (also what the interception check compares).</summary>
    internal (string Sql, List<object?> Args) BuildUpdate(UpdateSetters<T> builder)
    {
        var table = _map.Table;
        var format = Connection.Storage;
        var args = new List<object?>();
        var assignments = new SqlAssignment[builder.Setters.Count];

        // A setter's value may read a sub-query over another table of this connection (x => db.Table<Line>().Count(...)).
        using var subqueries = SubqueryConnection.Enter(Connection);
        for (var i = 0; i < assignments.Length; i++)
        {
            var setter = builder.Setters[i];
            var column = SetBasedColumns.Of(_map.Table, setter.Member);
            assignments[i] = new SqlAssignment(column.Name, SetValue(column, setter, format, args));
        }

        var model = new UpdateModel(table.TableName, new ValueList<SqlAssignment>(assignments), RowFilter(args, "ExecuteUpdate"));
        var sql = new StringBuilder();
        var slots = new List<int>(args.Count);
        SqliteSqlWriter.Instance.WriteUpdate(model, sql, slots);
        CheckSlotOrder(slots, args);
        return (sql.ToString(), args);
    }

    /// <summary>The conditions of the rows this query selects: its predicates, or <c>key IN (SELECT key ... LIMIT ...)</c> after Take/Skip.</summary>
    private ValueList<SqlExpression> RowFilter(List<object?> args, string operation)
    {
        if (_source is null && !IsLimited)
        {
            return Predicates(args);
        }

        var table = _map.Table;
        SqlExpression key;
        if (table.PrimaryKey is { } primaryKey)
        {
            key = new SqlColumn(primaryKey.Name);
        }
        else if (_source is null)
        {
            key = SqlRowId.Instance;
        }
        else
        {
            throw new NotSupportedException($"{operation}() of a query that filters after Take/Skip needs a [PrimaryKey] on '{table.EntityTypeName}'.");
        }

        var selected = BuildModel(new ValueList<SqlExpression>([key]), includeOrder: true, args);
        return new ValueList<SqlExpression>([new SqlInQuery(key, selected, Negated: false)]);
    }

    /// <summary>The value a Set writes: a slot holding the value as the column stores it, or the translated expression.</summary>
    private SqlExpression SetValue(ColumnMapping column, UpdateSetters<T>.Setter setter, StorageFormat format, List<object?> args)
    {
        var value = setter.Value;
        if (setter.Expression is { } lambda)
        {
            if (ParameterFinder.Uses(lambda.Body, lambda.Parameters[0]))
            {
                if (!SqlSetBased.Computable(column.Kind))
                {
                    throw new NotSupportedException(SqlSetBased.NotComputable(column.Name, column.Kind, lambda.ToString()));
                }

                var node = TranslationCache.Translate(_map.Table, format, lambda, TranslationKind.Setter, args);

                // MicroDb's format stores decimal as text. SQLite's arithmetic is REAL: written back as its text with 15
                // significant digits, as a REAL is read into a decimal (sqlite-net's format stores the REAL itself).
                return column.Kind == ColumnKind.Decimal && format.Kind != StorageFormatKind.SqliteNet ? SqlSetBased.DecimalText(node) : node;
            }

            value = ExpressionInterpreter.EvaluateClosed(lambda.Body);
        }

        var slot = new SqlParameter(args.Count, column.Kind);
        // An enum stored by name is written only under a name (EnumTextRule), as an insert writes it.
        args.Add(column.Kind == ColumnKind.EnumText && value is Enum named
            ? EnumTextNaming.Write(named, column.Name, _map.Table.TableName)
            : ValueEncoding.ToStorage(value, column.StoreAsText, format));
        return slot;
    }
}
