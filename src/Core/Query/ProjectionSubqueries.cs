using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// The sub-queries of a projection (<c>o =&gt; new { o.Id, Lines = db.Table&lt;Line&gt;().Count(l =&gt; l.OrderId == o.Id) }</c>):
/// each call on a table query that gives one value (Count, LongCount, Any, All, Sum, Min, Max, Average, or
/// <c>Select(...).Contains</c>) is lifted out of the selector as a scalar sub-query column of the same statement, and
/// the selector reads its value from the row as <c>(T)values[i]</c>. The columns are translated on each run (with the
/// values captured then), outside the translation cache, after the entity's columns.
/// </summary>
internal sealed class ProjectionSubqueries
{
    private ProjectionSubqueries(Expression body, ParameterExpression parameter, ParameterExpression values, List<Expression> lifted)
    {
        Body = body;
        Parameter = parameter;
        Values = values;
        Lifted = lifted;
    }

    /// <summary>The selector's body with each sub-query replaced by a read of its value.</summary>
    public Expression Body { get; }

    /// <summary>The selector's (entity) parameter, which the lifted sub-queries read (a join's first table's).</summary>
    public ParameterExpression Parameter { get; }

    /// <summary>The parameter the values are read from (an <c>object?[]</c>).</summary>
    public ParameterExpression Values { get; }

    /// <summary>Each lifted sub-query (over <see cref="Parameter"/>), in column order.</summary>
    public IReadOnlyList<Expression> Lifted { get; }

    /// <summary>The selector's sub-queries lifted out, or null when it has none.</summary>
    /// <exception cref="NotSupportedException">A table query in the selector does not end in one value.</exception>
    public static ProjectionSubqueries? Lift(LambdaExpression selector) => Lift(selector.Body, selector.Parameters[0], selector);

    /// <summary>The sub-queries of a result <paramref name="body"/> (a join's, over its tables' parameters) lifted out, or null when it has none.</summary>
    /// <exception cref="NotSupportedException">A table query in the result does not end in one value.</exception>
    public static ProjectionSubqueries? Lift(Expression body, ParameterExpression parameter, Expression quoted)
    {
        if (!SubqueryConnection.Holds(body))
        {
            return null;
        }

        var values = Expression.Parameter(typeof(object[]), "values");
        var lifted = new List<Expression>();
        var rest = new Lifter(values, lifted).Visit(body);
        if (SubqueryConnection.Holds(rest))
        {
            throw new NotSupportedException($"MicroDb cannot translate '{quoted}' to SQL: a sub-query in a projection must end in Count, LongCount, Any, All, Sum, Min, Max, Average or Select(...).Contains (one value per row); other table queries would run once per row.");
        }

        return new ProjectionSubqueries(rest, parameter, values, lifted);
    }

    /// <summary>Translates each sub-query once, so one without SQL form fails where Select is called.</summary>
    public void Check(TableMapping table, MicroDbConnection connection) => Columns(QueryProjections.One, table, connection, []);

    /// <summary><paramref name="columns"/> followed by the sub-query values, their arguments appended to <paramref name="args"/>.</summary>
    public ValueList<SqlExpression> Columns(ValueList<SqlExpression> columns, TableMapping table, MicroDbConnection connection, List<object?> args) =>
        Columns(columns, table, connection, connection.Storage, args);

    /// <summary>
    /// As <see cref="Columns(ValueList{SqlExpression}, TableMapping, MicroDbConnection, List{object?})"/> for any
    /// connection object whose table queries the sub-queries must be made on (MicroDb.Npgsql's), in its <paramref name="storage"/> (dialect).
    /// </summary>
    public ValueList<SqlExpression> Columns(ValueList<SqlExpression> columns, TableMapping table, object connection, StorageFormat storage, List<object?> args)
    {
        var all = new SqlExpression[columns.Count + Lifted.Count];
        for (var i = 0; i < columns.Count; i++)
        {
            all[i] = columns[i];
        }

        using var subqueries = SubqueryConnection.Enter(connection);
        for (var i = 0; i < Lifted.Count; i++)
        {
            all[columns.Count + i] = SqlTranslator.TranslateLifted(table, storage, Parameter, Lifted[i], args);
        }

        return new ValueList<SqlExpression>(all);
    }

    /// <summary>Reads value <paramref name="index"/> from column <paramref name="ordinal"/> as the type LINQ gives it.</summary>
    public object? Read(Native.SqliteStatement statement, int ordinal, int index)
    {
        var raw = statement.GetValue(ordinal);
        var type = Lifted[index].Type;
        if (raw is null && type.IsValueType && Nullable.GetUnderlyingType(type) is null)
        {
            // Min, Max or Average over no rows: LINQ throws for a non-nullable result.
            throw new InvalidOperationException($"The sub-query '{Lifted[index]}' has no rows, so there is no value to aggregate.");
        }

        // An int Count or Sum that does not fit throws, as LINQ's checked sum does.
        var target = Nullable.GetUnderlyingType(type) ?? type;
        return raw is long total && target == typeof(int) ? checked((int)total) : ExpressionInterpreter.ConvertValue(raw, type);
    }

    private sealed class Lifter(ParameterExpression values, List<Expression> lifted) : ExpressionVisitor
    {
        protected override Expression VisitMethodCall(MethodCallExpression node)
        {
            if (!SqlTranslator.IsSubqueryCall(node))
            {
                return base.VisitMethodCall(node);
            }

            lifted.Add(node);
            return Expression.Convert(Expression.ArrayIndex(values, Expression.Constant(lifted.Count - 1)), node.Type);
        }

        // A lambda nested in the selector (a LINQ-to-Objects call over a captured list) has its own parameters: left as is.
        protected override Expression VisitLambda<TDelegate>(Expression<TDelegate> node) => node;
    }
}
