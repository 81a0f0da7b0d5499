using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

// An intercepted query's sub-queries (db.Table<Line>().Any(l => ...), All, Count, LongCount and Select(...).Contains(...) in a Where): each run checks that the sub-query's
// table query is on the query's connection (or, the async connection's table, on its pool's writer: SubqueryConnection.Accepts) and reads its table as the run-time path does (SqlTranslator.Subqueries.cs);
// a value inside the sub-query's lambda (its path has an 'a' step) is encoded as a column of that table.
public sealed partial class InterceptedSite
{
    private (int Where, string Path)[] _subqueries = [];
    private (int Having, string Path)[] _havingSubqueries = [];

    // The sub-queries nested in a projection's lifted ones: which lifted call, and the path from it.
    private (int Lifted, string Path)[] _liftedSubqueries = [];

    /// <summary>
    /// Adds a sub-query: the call at <paramref name="path"/> in the <paramref name="where"/>-th Where lambda
    /// (<c>db.Table&lt;T&gt;().Any(...)</c>, <c>All(...)</c>, <c>Count(...)</c>, <c>LongCount(...)</c>, or <c>Contains</c> over
    /// <c>db.Table&lt;T&gt;().Select(...)</c>). A run whose table query there is not a plain table query
    /// on the query's connection runs on the run-time path. Call while building the site, before it is used.
    /// </summary>
    /// <param name="where">Which Where lambda, in call order.</param>
    /// <param name="path">The steps from the lambda's body to the call.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="where"/> is negative.</exception>
    public InterceptedSite Subquery(int where, string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        if (where < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(where), where, "The Where lambda's index cannot be negative.");
        }

        _subqueries = [.. _subqueries, (where, path)];
        return this;
    }

    /// <summary>
    /// Adds a sub-query of a grouping's HAVING condition: the call at <paramref name="path"/> in the <paramref name="having"/>-th
    /// condition over the groups (a Where after GroupBy), reading <c>g.Key</c> as the grouped table's member. A run whose table
    /// query there is not a plain table query on the query's connection runs on the run-time path. Call while building the
    /// site, before it is used.
    /// </summary>
    /// <param name="having">Which condition over the groups, in call order.</param>
    /// <param name="path">The steps from the condition's body to the call.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="having"/> is negative.</exception>
    public InterceptedSite HavingSubquery(int having, string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        if (having < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(having), having, "The HAVING condition's index cannot be negative.");
        }

        _havingSubqueries = [.. _havingSubqueries, (having, path)];
        return this;
    }

    /// <summary>
    /// Adds a value inside a projection's sub-query (<c>Lines = db.Table&lt;Line&gt;().Count(l =&gt; l.OrderId == o.Id &amp;&amp; l.Quantity &gt; min)</c>)
    /// or a grouped result's aggregate (<c>Adults = g.Count(x =&gt; x.Age &gt;= min)</c>): the node at <paramref name="path"/> from
    /// the <paramref name="lifted"/>-th sub-query or aggregate lifted out of the selector, compared with <paramref name="member"/>
    /// of the sub-query's table (of the grouped table, for an aggregate). Such values are bound first (the SELECT list comes
    /// before WHERE), in the order added. Call while building the site, before it is used.
    /// </summary>
    /// <param name="lifted">Which lifted sub-query (or a grouped result's aggregate), in the order the projection writes them.</param>
    /// <param name="path">The steps from the sub-query call to the value (its first an <c>a</c> or <c>o</c> step).</param>
    /// <param name="member">The member of the sub-query's table the value is compared with.</param>
    /// <param name="memberType">The member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="lifted"/> is negative.</exception>
    public InterceptedSite LiftedValue(int lifted, string path, string member, Type memberType)
    {
        if (lifted < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(lifted), lifted, "The lifted sub-query's index cannot be negative.");
        }

        Value(lifted, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Lifted = true };
        return this;
    }

    /// <summary>
    /// Adds a sub-query nested in a projection's sub-query (<c>db.Table&lt;Line&gt;().Count(l =&gt; l.OrderId == o.Id &amp;&amp;
    /// db.Table&lt;Sku&gt;().Any(s =&gt; s.Code == l.Sku))</c>): the call at <paramref name="path"/> from the
    /// <paramref name="lifted"/>-th sub-query lifted out of the selector. A run whose table query there is not a plain table
    /// query on the query's connection runs on the run-time path. Call while building the site, before it is used.
    /// </summary>
    /// <param name="lifted">Which lifted sub-query, in the order the projection writes them.</param>
    /// <param name="path">The steps from the lifted sub-query call to the nested call.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="lifted"/> is negative.</exception>
    public InterceptedSite LiftedSubquery(int lifted, string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        if (lifted < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(lifted), lifted, "The lifted sub-query's index cannot be negative.");
        }

        _liftedSubqueries = [.. _liftedSubqueries, (lifted, path)];
        return this;
    }

    /// <summary>Whether each sub-query nested in a projection's lifted ones (<paramref name="lifted"/>, the run-time plan's calls) reads a plain table query on <paramref name="connection"/>.</summary>
    internal bool LiftedSubqueriesHold(IReadOnlyList<Expression> lifted, MicroDbConnection connection)
    {
        foreach (var (index, path) in _liftedSubqueries)
        {
            if (index >= lifted.Count || !TryNavigate(lifted[index], path, out var call) || SourceOf(call, connection) is null)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Adds the next value of a grouping's computed key (<c>GroupBy(x =&gt; x.Age / 10)</c>, <c>x.Age &gt; min ? "old" : "young"</c>):
    /// the node at <paramref name="path"/> from the key selector's body, in the GROUP BY list (or an ORDER BY term that
    /// repeats the key), compared with <paramref name="member"/>, or, when <paramref name="member"/> is null, bound as the
    /// translator binds a value compared with no column. Call while building the site, before it is used.
    /// </summary>
    /// <param name="path">The steps from the key selector's body to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand, a digit a composite key's part, <c>c</c>/<c>t</c>/<c>f</c> a conditional's test, value if true, value if false.</param>
    /// <param name="member">The grouped entity's member the value is compared with, or null.</param>
    /// <param name="memberType">The member's type (not used without a member: the generator passes <c>object</c>).</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> or <paramref name="memberType"/> is null.</exception>
    public InterceptedSite KeyValue(string path, string? member, Type memberType)
    {
        Value(0, path, member ?? "", memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Key = true };
        return this;
    }

    /// <summary>Whether a value is read from a lifted sub-query or a grouped result's aggregate (the run time's plan is then needed to bind).</summary>
    internal bool LiftsValues
    {
        get
        {
            foreach (var site in _values)
            {
                if (site.Lifted)
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>
    /// Reads and adds the values inside a projection's lifted sub-queries (<paramref name="lifted"/>, the run-time plan's
    /// calls), each encoded as a column of its sub-query's table. False when a value is null or the tree is not the one
    /// the generator saw: the caller then runs the query on the run-time path.
    /// </summary>
    internal bool TryBindLifted(IReadOnlyList<Expression> lifted, MicroDbConnection connection, InterceptedValues values)
    {
        for (var i = 0; i < _values.Length; i++)
        {
            var site = _values[i];
            if (!site.Lifted)
            {
                continue;
            }

            // A value the SQL derives (a LIKE pattern, an IN list ...) or checks (.Text, .Real, .Compared) is admitted as a Where's.
            if (site.Where >= lifted.Count || !TryRead(lifted[site.Where], site.Path, out var value) || value is null
                || (value = Admitted(i, value, connection.Storage)) is null)
            {
                return false;
            }

            if (site.Member.Length == 0)
            {
                values.AddUnmapped(value, connection.Storage);
                continue;
            }

            if (!TryNavigate(lifted[site.Where], site.Path.Substring(0, site.Path.LastIndexOf('a')), out var call)
                || SourceOf(call, connection)?.Table.FindColumnByMember(site.Member) is not { } column)
            {
                return false;
            }

            values.Add(value, column, site.MemberType, connection.Storage);
        }

        return true;
    }

    /// <summary>Whether a value's path goes into a sub-query's lambda.</summary>
    private static bool InSubquery(string path) => path.IndexOf('a') >= 0;

    /// <summary>Whether every sub-query of the site reads a plain table query on <paramref name="query"/>'s connection.</summary>
    private bool SubqueriesHold<T>(TableQuery<T> query)
    {
        foreach (var (where, path) in _subqueries)
        {
            if (SourceOf(query, where, path) is null)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Whether every sub-query of the grouping's Where conditions (before GroupBy) and HAVING conditions reads a plain table query on its connection.</summary>
    private bool SubqueriesHold(GroupState state)
    {
        foreach (var (where, path) in _subqueries)
        {
            if (SourceOf(state.Wheres, state, where, path) is null)
            {
                return false;
            }
        }

        foreach (var (having, path) in _havingSubqueries)
        {
            if (SourceOf(state.Havings, state, having, path) is null)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The column of a value inside a sub-query of a grouping's Where or HAVING condition: the member of the sub-query's table.</summary>
    private static ColumnMapping? SubqueryColumn(GroupState state, ValueSite site) =>
        SourceOf(site.Having ? state.Havings : state.Wheres, state, site.Where, site.Path.Substring(0, site.Path.LastIndexOf('a')))?.Table.FindColumnByMember(site.Member);

    /// <summary>The table query the sub-query at <paramref name="path"/> of the grouping's <paramref name="index"/>-th Where or HAVING condition (<paramref name="conditions"/>) calls, when it is a plain one on its connection.</summary>
    private static ISubquerySource? SourceOf(Expression[] conditions, GroupState state, int index, string path) =>
        index < conditions.Length && TryNavigate(conditions[index], path, out var node) ? SourceOf(node, state.Connection) : null;

    /// <summary>Whether every sub-query of the join's Where conditions reads a plain table query on its connection.</summary>
    private bool SubqueriesHold<TResult>(JoinQuery<TResult> query)
    {
        foreach (var (where, path) in _subqueries)
        {
            if (SourceOf(query, where, path) is null)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The column of a value inside a sub-query of a join's Where condition: the member of the sub-query's table.</summary>
    private static ColumnMapping? SubqueryColumn<TResult>(JoinQuery<TResult> query, ValueSite site) =>
        SourceOf(query, site.Where, site.Path.Substring(0, site.Path.LastIndexOf('a')))?.Table.FindColumnByMember(site.Member);

    /// <summary>The table query the sub-query at <paramref name="path"/> of the join's <paramref name="where"/>-th condition calls, when it is a plain one on its connection.</summary>
    private static ISubquerySource? SourceOf<TResult>(JoinQuery<TResult> query, int where, string path) =>
        WhereBody(query, where) is { } body && TryNavigate(body, path, out var node) ? SourceOf(node, query.Connection) : null;

    /// <summary>The body of the join's <paramref name="where"/>-th Where condition (as an intercepted join's operators kept it), or null.</summary>
    private static Expression? WhereBody<TResult>(JoinQuery<TResult> query, int where) =>
        query.Intercepted is { } intercepted ? (where < intercepted.Wheres.Length ? intercepted.Wheres[where] : null)
        : where < query.WhereCount ? query.WhereBody(where) : null;

    /// <summary>
    /// Adds a Where value of <paramref name="query"/>: compared with <paramref name="column"/>, with a member of a sub-query's
    /// table, or (an empty member) with a sub-query's count, bound as the translator binds a value compared with no column.
    /// </summary>
    private static bool AddWhereValue<T>(TableQuery<T> query, ValueSite site, ColumnMapping? column, object value, InterceptedValues values)
    {
        if (site.Member.Length == 0)
        {
            values.AddUnmapped(value, query.Connection.Storage);
            return true;
        }

        if ((column ?? SubqueryColumn(query, site)) is not { } found)
        {
            return false;
        }

        return AddValue(site, value, found, query.Connection.Storage, values);
    }

    /// <summary>The column of a value inside a sub-query: the member of the (innermost, for a nested one) sub-query's table.</summary>
    private static ColumnMapping? SubqueryColumn<T>(TableQuery<T> query, ValueSite site) =>
        SourceOf(query, site.Where, site.Path.Substring(0, site.Path.LastIndexOf('a')))?.Table.FindColumnByMember(site.Member);

    /// <summary>The table query the sub-query at <paramref name="path"/> calls, when it is a plain one on the query's connection.</summary>
    private static ISubquerySource? SourceOf<T>(TableQuery<T> query, int where, string path)
    {
        if (where >= query.WhereCount || !TryNavigate(query.WhereLambda(where).Body, path, out var node))
        {
            return null;
        }

        return SourceOf(node, query.Connection);
    }

    /// <summary>Whether each of a projection's lifted sub-queries reads a plain table query on <paramref name="connection"/>.</summary>
    internal static bool LiftedHold(IReadOnlyList<Expression> lifted, MicroDbConnection connection)
    {
        foreach (var call in lifted)
        {
            if (SourceOf(call, connection) is null)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The table query the sub-query call <paramref name="node"/> reads, when it is a plain one on <paramref name="connection"/>.</summary>
    private static ISubquerySource? SourceOf(Expression node, MicroDbConnection connection)
    {
        // A Count compared through an integral conversion; Contains over Select(...) reads the Select's table query.
        while (node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } convert)
        {
            node = convert.Operand;
        }

        // The async connection's Contains is an instance call on the Select, LINQ's a static one taking it first.
        if (node is MethodCallExpression { Method.Name: "Contains" } contains
            && (contains.Object ?? (contains.Arguments.Count == 2 ? contains.Arguments[0] : null)) is MethodCallExpression { Method.Name: "Select" } select)
        {
            node = select;
        }

        if (node is not MethodCallExpression { Object: { } chain })
        {
            return null;
        }

        // The generator lowers the Where calls between the table query and the call (it writes their conditions), and before
        // them only db.Table<T>() with one level of Where conditions, OrderBy keys and constant Take/Skip counts (written from
        // the tree: its values are read by path). So what remains under the table query's own calls must be the table itself.
        while (chain is MethodCallExpression { Method.Name: "Where" or "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" or "Take" or "Skip", Object: { } before, Arguments.Count: 1 } own
            && SqlTranslator.IsTableQuery(own.Method.DeclaringType))
        {
            chain = before;
        }

        return ExpressionInterpreter.EvaluateClosed(chain) is ISubquerySource source && SubqueryConnection.Accepts(source, connection)
            && source.WhereLambdas.Count == 0 && source.LimitedSource is null && source.Limit is null && source.Offset == 0 && source.Orderings.Count == 0
            ? source
            : null;
    }

    private static Expression Unquote(Expression e) => e is UnaryExpression { NodeType: ExpressionType.Quote } quote ? quote.Operand : e;
}
