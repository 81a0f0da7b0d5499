using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Sub-queries over a table inside a lambda (issue 22): db.Table<Line>().Any(...), All(...), Count(...) and
// Select(x => x.Id).Contains(...) become EXISTS, NOT EXISTS, a scalar (SELECT count(*) ...) and IN (SELECT ...) or EXISTS
// of the same statement. Each inner lambda is translated by an inner translator that shares this one's slots: its own
// table is aliased "s<depth>", and a member of an outer row is a column qualified by the outer table (its name, or its join
// alias), so SQLite reads it from the outer row (a correlated sub-query). An inner query over a table an enclosing query
// also reads translates over a copy of the table's mapping, so its columns and the outer row's stay apart. An inner query
// with Take/Skip is read as (SELECT ... LIMIT ...) AS "s<depth>". Such shapes are not cached.
internal sealed partial class SqlTranslator
{
    // The translator of the enclosing query (null: this is not an inner one) and this inner table's alias.
    private SqlTranslator? _outer;
    private string? _qualifier;
    private int _depth;

    // True for a translator of one sub-query value lifted out of a projection (read by the row reader, not compared in SQL).
    private bool _lifted;

    private bool UsesOuter(Expression e) => _outer is not null && _outer.Uses(e);

    // Whether this translator's lambda holds a sub-query form of the async connection's table (computed once): such a call
    // cannot be evaluated first as a value (it only translates), so an expression holding one is never treated as closed.
    private bool? _holdsAsync;

    private bool HoldsAsyncSubquery(Expression e) =>
        (_holdsAsync ??= SubqueryConnection.HoldsAsync(_body)) && SubqueryConnection.HoldsAsync(e);

    /// <summary>
    /// Translates a sub-query value lifted out of a projection (<c>db.Table&lt;Line&gt;().Count(l =&gt; l.OrderId == o.Id)</c>, over <paramref name="parameter"/>) and
    /// appends its arguments to <paramref name="args"/> in the order its markers are written.
    /// </summary>
    internal static SqlExpression TranslateLifted(TableMapping table, StorageFormat format, ParameterExpression parameter, Expression body, List<object?> args)
    {
        var translator = new SqlTranslator(table, format, body, parameter, body) { _lifted = true };
        var node = translator.Translate(body);
        return Renumber(node, translator._slots, body, args);
    }

    /// <summary>As <see cref="TranslateLifted"/>, for a sub-query in a join's result, over <paramref name="scope"/>'s tables.</summary>
    internal static SqlExpression TranslateLiftedJoined(JoinScope scope, StorageFormat format, Expression body, List<object?> args)
    {
        var translator = new SqlTranslator(scope.Tables[0], format, body, scope.Parameters[0], body) { _scope = scope, _lifted = true };
        var node = translator.Translate(body);
        return Renumber(node, translator._slots, body, args);
    }

    /// <summary>True when <paramref name="call"/> is a sub-query form the translator nests (a call on a table query, or Contains over one).</summary>
    internal static bool IsSubqueryCall(MethodCallExpression call) =>
        call.Object is not null && IsTableQuery(call.Method.DeclaringType) && call.Method.Name is "Any" or "All" or "Count" or "LongCount" or "Sum" or "Min" or "Max" or "Average"
        || call.Method.Name == "Contains" && (call.Object ?? (call.Arguments.Count > 0 ? call.Arguments[0] : null)) is MethodCallExpression { Method.Name: "Select" } select
            && IsTableQuery(select.Method.DeclaringType);

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

    // Core's table queries, and another database's (MicroDb.Npgsql's NpgsqlTableQuery<T>) through the interface they implement.
    /// <summary>True for a table query type a sub-query can be made of (SQLite's, the async one's, or another database's <see cref="ISubquerySource"/>).</summary>
    internal static bool IsTableQuery(Type? type) =>
        type is { IsGenericType: true } && (type.GetGenericTypeDefinition() == typeof(TableQuery<>) || type.GetGenericTypeDefinition() == typeof(AsyncTableQuery<>) || typeof(ISubquerySource).IsAssignableFrom(type));

    private static string Describe(object connection) => connection is MicroDbConnection sqlite ? $"database '{sqlite.DatabasePath}'" : $"a {connection.GetType().Name}";

    private static LambdaExpression? LambdaOf(Expression e) => StripQuote(e) as LambdaExpression;

    private static Expression StripQuote(Expression e) => e is UnaryExpression { NodeType: ExpressionType.Quote } quote ? quote.Operand : e;

    /// <summary><c>table.Any(...)</c>, <c>All(...)</c>, <c>Count(...)</c>, <c>LongCount(...)</c> over a table query: a sub-query, or null.</summary>
    private SqlExpression? TryTranslateSubquery(MethodCallExpression call)
    {
        if (call.Object is null || !IsTableQuery(call.Method.DeclaringType) || call.Method.Name is not ("Any" or "All" or "Count" or "LongCount" or "Sum" or "Min" or "Max" or "Average"))
        {
            return null;
        }

        if (call.Method.Name is "Sum" or "Min" or "Max" or "Average")
        {
            return AggregateSubquery(call);
        }

        var inner = Subquery(call, call.Object);
        var lambda = call.Arguments.Count == 1 ? LambdaOf(call.Arguments[0]) : null;
        if (call.Arguments.Count == 1 && lambda is null)
        {
            throw Unsupported(call, $"'{call.Method.Name}' needs its condition written as a lambda");
        }

        switch (call.Method.Name)
        {
            case "All":
                // No row where the condition is false. The translator's conditions are two-valued (never NULL), so NOT is exact.
                inner.Predicates.Add(Group(new SqlUnary(SqlUnaryOperator.Not, Group(InnerPredicate(inner, lambda!)))));
                return Group(new SqlUnary(SqlUnaryOperator.Not, new SqlExists(InnerModel(inner, QueryProjections.One))));
            case "Any":
                AddPredicate(inner, lambda);
                return new SqlExists(InnerModel(inner, QueryProjections.One));
            default:
                AddPredicate(inner, lambda);
                return new SqlScalarQuery(InnerModel(inner, QueryProjections.CountAll));
        }
    }

    /// <summary>
    /// <c>table.Sum(x =&gt; x.Qty)</c>, <c>Min</c>, <c>Max</c>, <c>Average</c> over a table query as a scalar sub-query, for
    /// integer, double and float values (a decimal is stored as text and would be added as REAL; LINQ's Min and Max of a
    /// string compare by culture). A sum over no rows is 0, as LINQ's; Min, Max and Average over no rows are NULL, which
    /// is LINQ's answer for a nullable result; for a non-nullable one LINQ throws, which only a projection's reader can do.
    /// </summary>
    private SqlExpression AggregateSubquery(MethodCallExpression call)
    {
        var name = call.Method.Name;
        if (call.Arguments.Count != 1 || LambdaOf(call.Arguments[0]) is not { } selector)
        {
            throw Unsupported(call, $"'{name}' over a sub-query needs its selector written as a lambda");
        }

        var type = Underlying(selector.ReturnType);
        if (Native)
        {
            // Native storage (PostgreSQL): the group aggregates' forms and refusals (SqlTranslator.NativeAggregates), over the inner table.
            // SQLite's forms (total(), avg() of integers) are not PostgreSQL's results.
            return NativeAggregateSubquery(call, name, selector, type);
        }

        var integral = type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte);
        if (!integral && type != typeof(double) && type != typeof(float))
        {
            throw Unsupported(call, $"{name} of '{type.Name}' over a sub-query has no exact SQL translation; only integer, double and float values are aggregated in SQL");
        }

        if (name is not "Sum" && !CanBeNull(call.Type) && !(_lifted && ReferenceEquals(call, _body)))
        {
            throw Unsupported(call, $"{name} over no rows throws in LINQ, which a condition cannot do in SQL; use a nullable selector ('(int?)x.Value') or select the value instead");
        }

        var inner = Subquery(call, call.Object!);
        var translator = Inner(inner.Table, inner.Alias, selector);
        var value = translator.Translate(translator._body);
        // LINQ's Sum skips nulls and gives 0 for none; SQL's sum gives NULL for none (total() adds as REAL, 0.0 for none):
        // SqlAggregates, shared with the build-time front end.
        var aggregate = SqlAggregates.OfSubquery(name, value, integral);

        return new SqlScalarQuery(InnerModel(inner, new ValueList<SqlExpression>([aggregate])));
    }

    /// <summary>
    /// <see cref="AggregateSubquery"/> under native storage: the aggregate of the inner rows by
    /// <see cref="NativeGroupAggregate"/>'s rules (which kinds, which forms: <c>coalesce(sum(x), 0)</c>, integer averages
    /// as the exact sum over the count, Min/Max of kinds ordered as .NET orders them), as a scalar sub-query.
    /// </summary>
    private SqlExpression NativeAggregateSubquery(MethodCallExpression call, string name, LambdaExpression selector, Type type)
    {
        if (name is not "Sum" && !CanBeNull(call.Type) && !(_lifted && ReferenceEquals(call, _body)))
        {
            throw Unsupported(call, $"{name} over no rows throws in LINQ, which a condition cannot do in SQL; use a nullable selector ('(int?)x.Value') or select the value instead");
        }

        var inner = Subquery(call, call.Object!);
        var translator = Inner(inner.Table, inner.Alias, selector);
        var aggregate = translator.NativeGroupAggregate(call, name, translator._body, type, "a sub-query");
        return new SqlScalarQuery(InnerModel(inner, new ValueList<SqlExpression>([aggregate])));
    }

    /// <summary>
    /// <c>table.Select(x =&gt; x.Key).Contains(value)</c>: <c>value IN (SELECT key ...)</c> for a non-nullable integral key;
    /// for another key type <c>EXISTS (SELECT 1 ... WHERE key = value)</c> with the translator's equality (so decimals
    /// compare by value, DateTime by ticks whatever the kind, strings ordinally, and a null key matches a null value, as
    /// <c>Contains</c> does). Null when <paramref name="source"/> is not that form, or its key is of another type and it
    /// neither reads the row nor was made on the query's connection (the caller then binds its values as a list).
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
            // An inner query that does not read the row and was made on another connection is run first (its values bound as a list).
            if (!Uses(source) && !(ExpressionInterpreter.EvaluateClosed(chain) is ISubquerySource made && SubqueryConnection.Accepts(made, SubqueryConnection.Current)))
            {
                return null;
            }

            if (Underlying(keyType) == typeof(byte[]))
            {
                throw Unsupported(call, $"'{selector}' gives byte[] keys, which Contains compares by reference; that has no SQL form");
            }

            var correlated = Subquery(call, chain);
            var keys = Inner(correlated.Table, correlated.Alias, selector);
            keys.RejectTextEnum(call, keys._body);
            correlated.Predicates.Add(keys.Equality(keys._body, value, negate: false));
            return new SqlExists(InnerModel(correlated, QueryProjections.One));
        }

        var inner = Subquery(call, chain);
        var translator = Inner(inner.Table, inner.Alias, selector);

        // IN compares the two columns as Equality does: not when they store equal values differently ((int)enum by name).
        // The outer row's value against a key stored by name is refused unless it is a column stored alike; one known
        // before the query runs is bound as the name it stands for, as Equality binds it.
        translator.RejectColumnsStoredDifferently(translator._body, value);
        var key = translator.Translate(translator._body);
        var projection = new ValueList<SqlExpression>([key]);
        var needle = !Uses(value) && translator.TryColumn(translator._body, out var keyColumn, out var keyMemberType) && keyColumn.Kind == ColumnKind.EnumText
            ? Value(Evaluate(value), keyColumn, keyMemberType)
            : Translate(value);
        var @in = new SqlInQuery(needle, InnerModel(inner, projection), Negated: false);

        // A null value is in no list of non-null keys: false, not SQL's NULL (which NOT would keep NULL).
        return CanBeNull(value.Type) ? Group(And(new SqlIsNull(Translate(value), Negated: true), @in)) : @in;
    }

    /// <summary>
    /// The inner query a sub-query starts from: <paramref name="chain"/> is a table query known before the query runs,
    /// then any Where calls that read the outer row. Gives its table (a copy when an enclosing query reads it too), its
    /// alias, what it reads (the table, or its Take/Skip as a sub-query) and its conditions (its own Where lambdas and the
    /// correlated ones, in order).
    /// </summary>
    private InnerQuery Subquery(Expression call, Expression chain)
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
            throw Unsupported(call, "a sub-query must start at a table query that does not depend on the row (db.Table<T>(), then Where, OrderBy, Skip and Take with values known before the query runs), followed by Where calls that may read the row");
        }

        if (Evaluate(chain) is not ISubquerySource source)
        {
            throw Unsupported(call, "only a query over a table (db.Table<T>() and Where) can be a sub-query");
        }

        // The outer statement runs on one connection: the inner query must be made on it.
        var connection = SubqueryConnection.Current
            ?? throw Unsupported(call, $"a sub-query over the table '{source.Table.TableName}' is translated only in a query's Where, Select, OrderBy or grouped Where (and Count, Any, First ... with a condition)");
        // An async connection's table query is made on its pool's writer and runs on whichever pooled connection runs the outer query.
        if (!SubqueryConnection.Accepts(source, connection))
        {
            throw Unsupported(call, $"the sub-query over the table '{source.Table.TableName}' was made on another connection ({Describe(source.Connection)}) than the query it is in ({Describe(connection)}); one statement runs on one connection, so use the same connection object");
        }

        // The shape's SQL depends on the inner query's own lambdas, which the cache does not see: never cached.
        UncacheableSequence();
        var alias = SqlAliases.Subquery(_depth);

        // Over a table an enclosing query reads, the inner rows need columns of their own (told apart by reference).
        var table = Reads(source.Table) ? AliasCopy(source.Table) : source.Table;
        var predicates = new List<SqlExpression>();
        SqlSource from;
        if (IsLimited(source))
        {
            from = new SqlSubquery(Level(source, table, alias), alias);
        }
        else
        {
            from = source.LimitedSource is { } limited ? new SqlSubquery(Level(limited, table, alias), alias) : new SqlTable(source.Table.TableName, alias);
            foreach (var lambda in source.WhereLambdas)
            {
                predicates.Add(TranslatePredicate(Inner(table, alias, lambda)));
            }
        }

        var inner = new InnerQuery(table, alias, from, predicates);
        foreach (var lambda in correlated)
        {
            predicates.Add(InnerPredicate(inner, lambda));
        }

        return inner;
    }

    private static bool IsLimited(ISubquerySource source) => source.Limit is not null || source.Offset > 0;

    /// <summary>
    /// One level of an inner query read as a table: SELECT every column of what it reads, its conditions, and for a
    /// limited level its orderings, LIMIT and OFFSET. Every level is aliased as the sub-query (each sees its own first).
    /// </summary>
    private QueryModel Level(ISubquerySource level, TableMapping table, string alias)
    {
        SqlSource from = level.LimitedSource is { } limited ? new SqlSubquery(Level(limited, table, alias), alias) : new SqlTable(level.Table.TableName, alias);
        var predicates = new List<SqlExpression>();
        foreach (var lambda in level.WhereLambdas)
        {
            predicates.Add(TranslatePredicate(Inner(table, alias, lambda)));
        }

        var orderings = new List<SqlOrdering>();
        if (IsLimited(level))
        {
            foreach (var ordering in level.Orderings)
            {
                var key = ordering.Term ?? TranslateOrderKey(Inner(table, alias, ordering.KeySelector!));
                orderings.Add(new SqlOrdering(key, ordering.Descending));
            }
        }

        return new QueryModel(
            from,
            QueryProjections.AllColumns(level.Table),
            false,
            predicates.Count == 0 ? ValueList<SqlExpression>.Empty : new ValueList<SqlExpression>([.. predicates]),
            orderings.Count == 0 ? ValueList<SqlOrdering>.Empty : new ValueList<SqlOrdering>([.. orderings]),
            level.Limit,
            level.Offset);
    }

    /// <summary>A copy of <paramref name="table"/> whose columns are new objects, for an inner query over a table an enclosing query reads.</summary>
    private static TableMapping AliasCopy(TableMapping table)
    {
        var columns = new ColumnMapping[table.Columns.Count];
        for (var i = 0; i < columns.Length; i++)
        {
            var c = table.Columns[i];
            columns[i] = new ColumnMapping(c.Name, c.MemberName, c.Kind, c.IsNullable)
            {
                IsPrimaryKey = c.IsPrimaryKey,
                KeyOrder = c.KeyOrder,
                References = c.References,
                IsAutoIncrement = c.IsAutoIncrement,
                IsNotNull = c.IsNotNull,
                MaxLength = c.MaxLength,
                Collation = c.Collation,
                RenamedFrom = c.RenamedFrom,
                ClrTypeName = c.ClrTypeName,
            };
        }

        return new TableMapping(table.EntityTypeName, table.TableName, columns, table.IndexDeclarations, table.WithoutRowId);
    }

    private void AddPredicate(InnerQuery inner, LambdaExpression? lambda)
    {
        if (lambda is not null)
        {
            inner.Predicates.Add(InnerPredicate(inner, lambda));
        }
    }

    private SqlExpression InnerPredicate(InnerQuery inner, LambdaExpression lambda) => TranslatePredicate(Inner(inner.Table, inner.Alias, lambda));

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

    private static QueryModel InnerModel(InnerQuery inner, ValueList<SqlExpression> projection) =>
        QueryModel.Select(inner.From, projection) with
        {
            Predicates = inner.Predicates.Count == 0 ? ValueList<SqlExpression>.Empty : new ValueList<SqlExpression>([.. inner.Predicates]),
        };

    /// <summary>An inner query being built: the table its lambdas read, its alias, its source and its conditions so far.</summary>
    private sealed record InnerQuery(TableMapping Table, string Alias, SqlSource From, List<SqlExpression> Predicates);
}
