using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Sub-queries over another table inside Where (issue 22): db.Table<Line>().Any(...), All(...), Count(...) and
// Select(x => x.Id).Contains(...) become EXISTS, NOT EXISTS, a scalar (SELECT count(*) ...) and IN (SELECT ...) of the
// same statement. Each inner lambda is translated by an inner translator that shares this one's slots: its own table is
// aliased "s<depth>", and a member of an outer row is a column qualified by the outer table (its name, or its join alias),
// so SQLite reads it from the outer row (a correlated sub-query). Such shapes are not cached.
internal sealed partial class SqlTranslator
{
    // The translator of the enclosing query (null: this is not an inner one) and this inner table's alias.
    private SqlTranslator? _outer;
    private string? _qualifier;
    private int _depth;

    private bool UsesOuter(Expression e) => _outer is not null && _outer.Uses(e);

    /// <summary>The qualifier of <paramref name="column"/>: none over one table, its join alias, or the sub-query's alias.</summary>
    private string? QualifierOf(ColumnMapping column)
    {
        if (_outer is null)
        {
            return _scope?.AliasOf(column);
        }

        return Owns(column) ? _qualifier : _outer.OuterQualifierOf(column);
    }

    /// <summary>How a sub-query names a column of this (enclosing) translator's tables.</summary>
    private string OuterQualifierOf(ColumnMapping column)
    {
        if (_outer is not null)
        {
            return Owns(column) ? _qualifier! : _outer.OuterQualifierOf(column);
        }

        return _scope is not null ? _scope.AliasOf(column) : _table.TableName;
    }

    private bool Owns(ColumnMapping column)
    {
        foreach (var own in _table.Columns)
        {
            if (ReferenceEquals(own, column))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True when this translator or an enclosing one reads <paramref name="table"/> (a self-correlated sub-query).</summary>
    private bool Reads(TableMapping table)
    {
        if (_scope is not null)
        {
            foreach (var joined in _scope.Tables)
            {
                if (joined.TableName == table.TableName)
                {
                    return true;
                }
            }
        }
        else if (_table.TableName == table.TableName)
        {
            return true;
        }

        return _outer is not null && _outer.Reads(table);
    }

    private static bool IsTableQuery(Type? type) => type is { IsGenericType: true } && type.GetGenericTypeDefinition() == typeof(TableQuery<>);

    private static LambdaExpression? LambdaOf(Expression e) => StripQuote(e) as LambdaExpression;

    private static Expression StripQuote(Expression e) => e is UnaryExpression { NodeType: ExpressionType.Quote } quote ? quote.Operand : e;

    /// <summary><c>table.Any(...)</c>, <c>All(...)</c>, <c>Count(...)</c>, <c>LongCount(...)</c> over a table query: a sub-query, or null.</summary>
    private SqlExpression? TryTranslateSubquery(MethodCallExpression call)
    {
        if (call.Object is null || !IsTableQuery(call.Method.DeclaringType) || call.Method.Name is not ("Any" or "All" or "Count" or "LongCount"))
        {
            return null;
        }

        var (source, alias, predicates) = Subquery(call, call.Object);
        var lambda = call.Arguments.Count == 1 ? LambdaOf(call.Arguments[0]) : null;
        if (call.Arguments.Count == 1 && lambda is null)
        {
            throw Unsupported(call, $"'{call.Method.Name}' needs its condition written as a lambda");
        }

        switch (call.Method.Name)
        {
            case "All":
                // No row where the condition is false. The translator's conditions are two-valued (never NULL), so NOT is exact.
                predicates.Add(Group(new SqlUnary(SqlUnaryOperator.Not, Group(InnerPredicate(source.Table, alias, lambda!)))));
                return Group(new SqlUnary(SqlUnaryOperator.Not, new SqlExists(InnerModel(source, alias, QueryProjections.One, predicates))));
            case "Any":
                AddPredicate(predicates, source, alias, lambda);
                return new SqlExists(InnerModel(source, alias, QueryProjections.One, predicates));
            default:
                AddPredicate(predicates, source, alias, lambda);
                return new SqlScalarQuery(InnerModel(source, alias, QueryProjections.CountAll, predicates));
        }
    }

    /// <summary>
    /// <c>table.Select(x =&gt; x.Key).Contains(value)</c> as <c>value IN (SELECT key ...)</c>, for a non-nullable integral
    /// key; null when <paramref name="source"/> is not that form (or its key is of another type: the caller then binds
    /// the inner query's values as a list, which needs it not to depend on the row).
    /// </summary>
    private SqlExpression? TryInSubquery(MethodCallExpression call, Expression source, Expression value)
    {
        if (source is not MethodCallExpression { Method.Name: "Select", Object: { } chain, Arguments.Count: 1 } select
            || !IsTableQuery(select.Method.DeclaringType)
            || LambdaOf(select.Arguments[0]) is not { } selector)
        {
            return null;
        }

        var keyType = selector.ReturnType;
        if (CanBeNull(keyType) || !IsIntegral(keyType))
        {
            if (Uses(source))
            {
                throw Unsupported(call, $"only a non-nullable integral key can be searched in a sub-query that reads the row ('{selector}' gives {keyType.Name})");
            }

            return null;
        }

        var (table, alias, predicates) = Subquery(call, chain);
        var inner = Inner(table.Table, alias, selector);
        var key = inner.Translate(inner._body);
        var projection = new ValueList<SqlExpression>([key]);
        var @in = new SqlInQuery(Translate(value), InnerModel(table, alias, projection, predicates), Negated: false);

        // A null value is in no list of non-null keys: false, not SQL's NULL (which NOT would keep NULL).
        return CanBeNull(value.Type) ? Group(And(new SqlIsNull(Translate(value), Negated: true), @in)) : @in;
    }

    /// <summary>
    /// The inner query a sub-query starts from: <paramref name="chain"/> is a table query known before the query runs,
    /// then any Where calls that read the outer row. Gives its source, its alias and its conditions (its own Where lambdas
    /// and the correlated ones, in order).
    /// </summary>
    private (ISubquerySource Source, string Alias, List<SqlExpression> Predicates) Subquery(Expression call, Expression chain)
    {
        var correlated = new List<LambdaExpression>();
        while (Uses(chain) && chain is MethodCallExpression { Method.Name: "Where", Object: { } next, Arguments.Count: 1 } where
            && IsTableQuery(where.Method.DeclaringType) && LambdaOf(where.Arguments[0]) is { } condition)
        {
            correlated.Insert(0, condition);
            chain = next;
        }

        if (Uses(chain))
        {
            throw Unsupported(call, "a sub-query must start at a table query that does not depend on the row (db.Table<T>(), then Where)");
        }

        if (Evaluate(chain) is not ISubquerySource source)
        {
            throw Unsupported(call, "only a query over a table (db.Table<T>() and Where) can be a sub-query");
        }

        // The outer statement runs on one connection: the inner query must be made on it.
        var connection = SubqueryConnection.Current
            ?? throw Unsupported(call, $"a sub-query over the table '{source.Table.TableName}' is translated only in TableQuery<T>.Where (and Count, Any, First ... with a condition)");
        if (!ReferenceEquals(source.Connection, connection))
        {
            throw Unsupported(call, $"the sub-query over the table '{source.Table.TableName}' was made on another connection (database '{source.Connection.DatabasePath}') than the query it is in (database '{connection.DatabasePath}'); one statement runs on one connection, so use the same connection object");
        }

        if (SubqueryConnection.OverSubquery)
        {
            throw Unsupported(call, $"a sub-query over the table '{source.Table.TableName}' in a Where after Take or Skip has no SQL translation; filter before Take/Skip");
        }

        if (source.IsLimitedOrNested)
        {
            throw Unsupported(call, $"a sub-query over the table '{source.Table.TableName}' with Take or Skip has no SQL translation");
        }

        if (Reads(source.Table))
        {
            throw Unsupported(call, $"a sub-query over the table '{source.Table.TableName}', which the enclosing query also reads, has no SQL translation yet");
        }

        if (_group is not null)
        {
            throw Unsupported(call, "a sub-query inside a grouped query has no SQL translation");
        }

        // The shape's SQL depends on the inner query's own lambdas, which the cache does not see: never cached.
        UncacheableSequence();
        var alias = "s" + _depth.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var predicates = new List<SqlExpression>();
        foreach (var lambda in source.WhereLambdas)
        {
            predicates.Add(InnerPredicate(source.Table, alias, lambda));
        }

        foreach (var lambda in correlated)
        {
            predicates.Add(InnerPredicate(source.Table, alias, lambda));
        }

        return (source, alias, predicates);
    }

    private void AddPredicate(List<SqlExpression> predicates, ISubquerySource source, string alias, LambdaExpression? lambda)
    {
        if (lambda is not null)
        {
            predicates.Add(InnerPredicate(source.Table, alias, lambda));
        }
    }

    private SqlExpression InnerPredicate(TableMapping table, string alias, LambdaExpression lambda) => TranslatePredicate(Inner(table, alias, lambda));

    /// <summary>A translator for <paramref name="lambda"/> over the inner table, sharing this one's slots and sites.</summary>
    private SqlTranslator Inner(TableMapping table, string alias, LambdaExpression lambda) =>
        new(table, _format, lambda.Body, lambda.Parameters[0], lambda)
        {
            _outer = this,
            _qualifier = alias,
            _depth = _depth + 1,
            _slots = _slots,
            _recording = _recording,
        };

    private static QueryModel InnerModel(ISubquerySource source, string alias, ValueList<SqlExpression> projection, List<SqlExpression> predicates) =>
        QueryModel.Select(new SqlTable(source.Table.TableName, alias), projection) with
        {
            Predicates = predicates.Count == 0 ? ValueList<SqlExpression>.Empty : new ValueList<SqlExpression>([.. predicates]),
        };
}
