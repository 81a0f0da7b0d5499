using System.ComponentModel;
using System.Linq.Expressions;
using System.Reflection;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// For generated code: one intercepted call site, held in a static readonly field of the generated interceptors. It
/// carries the SQL the generator wrote and, per <c>?</c> in slot order, where the value is in the Where lambdas and which
/// member it is compared with. The member's column is resolved once per table mapping (not by name per call), and each
/// value is bound with the typed bind for its column kind. Not meant to be used by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed partial class InterceptedSite
{
    private readonly string _sql;

    private ValueSite[] _values = [];

    // The columns of the values for the table mapping they were resolved against (replaced whole, so reads need no lock).
    private Resolved? _resolved;

    /// <summary>Creates a site for <paramref name="sql"/>; add its values with <see cref="Value"/>.</summary>
    /// <param name="sql">The SQL the generator wrote.</param>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    public InterceptedSite(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        _sql = sql;
    }

    /// <summary>The SQL the generator wrote (with an IN list as long as the collection this thread's last bind read, <see cref="Text"/>).</summary>
    public string Sql => _lists is null ? _sql : ListSql(_sql);

    /// <summary>How many values the SQL binds.</summary>
    public int ValueCount => _values.Length;

    /// <summary>
    /// Adds the next value: the node at <paramref name="path"/> in the <paramref name="where"/>-th Where lambda, compared
    /// with <paramref name="member"/> of type <paramref name="memberType"/>. Call while building the site, before it is used.
    /// </summary>
    /// <param name="where">Which Where lambda, in call order.</param>
    /// <param name="path">The steps from the lambda's body to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand; in a sub-query, <c>a</c> a call's lambda's body and <c>o</c> the call it is made on.</param>
    /// <param name="member">The entity member the value is compared with; empty for a value compared with a sub-query's count (bound as the translator binds a value compared with no column).</param>
    /// <param name="memberType">The member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="where"/> is negative.</exception>
    public InterceptedSite Value(int where, string path, string member, Type memberType)
    {
        ArgumentNullException.ThrowIfNull(path);
        ArgumentNullException.ThrowIfNull(member);
        ArgumentNullException.ThrowIfNull(memberType);
        if (where < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(where), where, "The Where lambda's index cannot be negative.");
        }

        _values = [.. _values, new ValueSite(where, path, member, memberType)];
        return this;
    }

    /// <summary>
    /// Adds the next value of a join: the node at <paramref name="path"/> in the <paramref name="where"/>-th Where lambda,
    /// compared with <paramref name="member"/> of the <paramref name="table"/>-th joined table (0 the first). Call while
    /// building the site, before it is used.
    /// </summary>
    /// <param name="table">Which table, in join order.</param>
    /// <param name="where">Which Where lambda, in call order.</param>
    /// <param name="path">The steps from the lambda's body to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand.</param>
    /// <param name="member">The member of the table's type the value is compared with.</param>
    /// <param name="memberType">The member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="table"/> or <paramref name="where"/> is negative.</exception>
    public InterceptedSite JoinedValue(int table, int where, string path, string member, Type memberType)
    {
        if (table < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(table), table, "The table's index cannot be negative.");
        }

        Value(where, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Table = table };
        return this;
    }

    /// <summary>
    /// Adds the next value of a joined table's own Where (<c>db.Table&lt;TInner&gt;().Where(...)</c> passed to a join):
    /// the node at <paramref name="path"/> in the ON condition of the <paramref name="table"/>-th table, which the join
    /// builds as the key condition ANDed with each Where, compared with <paramref name="member"/> of that table. Call while
    /// building the site, before it is used.
    /// </summary>
    /// <param name="table">Which joined table (1 the first joined), in join order.</param>
    /// <param name="path">The steps from the ON condition's root to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand.</param>
    /// <param name="member">The member of the table's type the value is compared with.</param>
    /// <param name="memberType">The member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="table"/> is less than 1 (the first table has no ON condition).</exception>
    public InterceptedSite JoinedOnValue(int table, string path, string member, Type memberType)
    {
        if (table < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(table), table, "Only a joined table (1 or more) has an ON condition.");
        }

        Value(0, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Table = table, On = true };
        return this;
    }

    /// <summary>
    /// Adds the next value of a grouping's HAVING condition: the node at <paramref name="path"/> in the
    /// <paramref name="having"/>-th condition over the groups, compared with the key member <paramref name="member"/>, or
    /// with an aggregate when <paramref name="member"/> is null. Call while building the site, before it is used.
    /// </summary>
    /// <param name="having">Which condition over the groups (a Where after GroupBy), in call order.</param>
    /// <param name="path">The steps from the condition's body to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand.</param>
    /// <param name="member">The grouped entity's member the value is compared with (a sub-query's table's, when <paramref name="path"/> goes into a sub-query's lambda), or null (or empty) for an aggregate or a sub-query's count.</param>
    /// <param name="memberType">The member's type (for an aggregate, not used: the generator passes <c>object</c>).</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> or <paramref name="memberType"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="having"/> is negative.</exception>
    public InterceptedSite HavingValue(int having, string path, string? member, Type memberType)
    {
        if (having < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(having), having, "The HAVING condition's index cannot be negative.");
        }

        Value(having, path, member ?? "", memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Having = true };
        return this;
    }

    /// <summary>
    /// Adds the next value of a grouping's HAVING condition compared with an exact aggregate of <paramref name="member"/>
    /// (a decimal member's Sum or Average, a decimal's or DateTime's Min or Max): the node at <paramref name="path"/> in the
    /// <paramref name="having"/>-th condition over the groups, bound as the run-time translator binds a value compared with
    /// that aggregate's order key (a decimal's exact key text, a DateTime's ticks or ISO text prefix; under sqlite-net's
    /// format a DateTime as stored). Call while building the site, before it is used.
    /// </summary>
    /// <param name="having">Which condition over the groups (a Where after GroupBy), in call order.</param>
    /// <param name="path">The steps from the condition's body to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand.</param>
    /// <param name="member">The grouped entity's member the aggregate reads.</param>
    /// <param name="memberType">The value's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/>, <paramref name="member"/> or <paramref name="memberType"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="having"/> is negative.</exception>
    public InterceptedSite HavingKeyValue(int having, string path, string member, Type memberType)
    {
        ArgumentNullException.ThrowIfNull(member);
        HavingValue(having, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { OrderKey = true };
        return this;
    }

    /// <summary>
    /// Reads and adds the values of the grouping <paramref name="state"/> in slot order: the aggregates' in the SELECT list
    /// (<see cref="LiftedValue"/>, read from <paramref name="lifted"/>, the run-time plan's aggregates), its Where
    /// conditions' (each compared with a member), the computed key's (<see cref="KeyValue"/>, bound as the translator
    /// binds a value compared with no column), then its HAVING conditions' (a key member, or an aggregate, bound the same
    /// way). False when a value is null or the tree or the map is not the one the generator saw: the caller then runs the
    /// query on the run-time path.
    /// </summary>
    internal bool TryBind(GroupState state, InterceptedValues values, IReadOnlyList<Expression>? lifted = null)
    {
        var format = state.Connection.Storage;
        if (!SubqueriesHold(state))
        {
            return false;
        }

        for (var i = 0; i < _values.Length; i++)
        {
            var site = _values[i];
            if (!BoundUnder(i, format))
            {
                continue;
            }

            Expression? body = site.Key ? state.Key
                : site.Lifted ? (lifted is not null && site.Where < lifted.Count ? lifted[site.Where] : null)
                : site.Where < (site.Having ? state.Havings : state.Wheres).Length ? (site.Having ? state.Havings : state.Wheres)[site.Where] : null;
            // A computed key's operand may be read as the translator makes it a slot (a trimmed text, a text part: TryReadOperand).
            object? value = null;
            if (body is null || !(site.Key ? TryReadOperand(body, site.Path, out value) : TryRead(body, site.Path, out value)))
            {
                return false;
            }

            if (value is null && site.Key && site.Member.Length == 0 && IsNullBranch(body, site.Path))
            {
                // A conditional key's null branch (x.On ? x.Score : (double?)null): the translator binds it as a null slot.
                values.AddStored(null);
                continue;
            }

            if (value is null || (value = Admitted(i, value, format)) is null)
            {
                return false;
            }

            if (site.OrderKey)
            {
                // Compared with an exact aggregate's order key (SqlTranslator.ExactAggregateKey): bound as that key, except a
                // DateTime's Min/Max under sqlite-net's format, compared as stored (as a value compared with no column).
                var column = state.Map.Table.FindColumnByMember(site.Member);
                if (column is { Kind: ColumnKind.DateTime or ColumnKind.DateTimeText } && format.Kind == StorageFormatKind.SqliteNet)
                {
                    values.AddUnmapped(value, format);
                }
                else if (column is not null && SqlTranslator.ExactAggregateKeyValue(value, column.Kind) is { } key)
                {
                    values.AddStored(key);
                }
                else
                {
                    return false;
                }
            }
            else if (site.Member.Length == 0)
            {
                if (value is double.NaN or float.NaN)
                {
                    // An ordering comparison with NaN is false in C#: the run time writes no comparison at all.
                    return false;
                }

                values.AddUnmapped(value, format);
            }
            else if ((site.Lifted || !InSubquery(site.Path) ? state.Map.Table.FindColumnByMember(site.Member) : SubqueryColumn(state, site)) is { } column)
            {
                if (!AddValue(site, value, column, format, values))
                {
                    return false;
                }
            }
            else
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Reads and adds the values of the join <paramref name="query"/> (each compared with a member of one of its tables).
    /// False when a value is null or the tree or a map is not the one the generator saw: the caller then runs the query on
    /// the run-time path.
    /// </summary>
    internal bool TryBind<TResult>(JoinQuery<TResult> query, InterceptedValues values)
    {
        if (!SubqueriesHold(query) || !OnSubqueriesHold(query))
        {
            return false;
        }

        if (_values.Length == 0)
        {
            return true;
        }

        // An intercepted join's operators kept the lambdas as written (InterceptedJoin); the paths are the same there.
        var intercepted = query.Intercepted;
        var maps = intercepted?.Maps ?? query.Tables.Maps;
        var format = query.Connection.Storage;
        for (var i = 0; i < _values.Length; i++)
        {
            var site = _values[i];
            if (!BoundUnder(i, format))
            {
                continue;
            }

            if (site.Fixed is { } constant)
            {
                values.AddStored(constant);
                continue;
            }

            var start = 0;
            var onTable = site.OnTable ?? site.Table;
            var body = intercepted is not null
                ? site.On ? (site.OnTable is null ? intercepted.OnFilter(site.Table, site.Path, out start) : null) : WhereBody(query, site.Where)
                : site.On ? (onTable < maps.Length ? query.Tables.On[onTable] : null) : WhereBody(query, site.Where);
            if (site.Table >= maps.Length || body is null || !TryRead(body, site.Path, out var value, start) || value is null || (value = Admitted(i, value, format)) is null)
            {
                return false;
            }

            if (site.Member.Length == 0)
            {
                // Compared with a sub-query's count or aggregate: bound as the translator binds a value compared with no column.
                values.AddUnmapped(value, format);
                continue;
            }

            var column = !InSubquery(site.Path) ? maps[site.Table].Table.FindColumnByMember(site.Member)
                : site.On ? OnSubqueryColumn(query, site) : SubqueryColumn(query, site);
            if (column is null || !AddValue(site, value, column, format, values))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Reads and adds the values of <paramref name="query"/>. False when a value is null (the SQL would be another one) or
    /// the tree or the map is not the one the generator saw: the caller then runs the query on the run-time path.
    /// </summary>
    internal bool TryBind<T>(TableQuery<T> query, InterceptedValues values)
    {
        if (SqlFor(query.Connection.Storage) is null || !SubqueriesHold(query))
        {
            return false;
        }

        if (_values.Length == 0)
        {
            return true;
        }

        var columns = Columns(query.Table);
        if (columns is null)
        {
            return false;
        }

        for (var i = 0; i < _values.Length; i++)
        {
            var site = _values[i];
            if (site.Lifted || !BoundUnder(i, query.Connection.Storage))
            {
                // Bound before the Where values, by TryBindLifted (the SELECT list comes first); or another storage format's.
                continue;
            }

            if (!TryRead(query.WhereLambda(site.Where).Body, site.Path, out var value) || value is null || (value = Admitted(i, value, query.Connection.Storage)) is null
                || !AddWhereValue(query, site, columns[i], value, values))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The values' columns in <paramref name="table"/>, resolved on first use per mapping; null when a member is not mapped.</summary>
    private ColumnMapping[]? Columns(TableMapping table)
    {
        var resolved = _resolved;
        if (resolved is not null && ReferenceEquals(resolved.Table, table))
        {
            return resolved.Columns;
        }

        var columns = new ColumnMapping[_values.Length];
        for (var i = 0; i < columns.Length; i++)
        {
            if (InSubquery(_values[i].Path) || _values[i].Member.Length == 0 || _values[i].Lifted)
            {
                // Resolved per run against the sub-query's table (SubqueryColumn), or compared with no column (a sub-query's count).
                continue;
            }

            if (table.FindColumnByMember(_values[i].Member) is not { } column)
            {
                return null;
            }

            columns[i] = column;
        }

        _resolved = new Resolved(table, columns);
        return columns;
    }

    /// <summary>Reads the closed node at <paramref name="path"/>: a constant or a captured field directly, anything else with the interpreter.</summary>
    private static bool TryRead(Expression body, string path, out object? value, int start = 0)
    {
        value = null;
        if (!TryNavigate(body, path, out var node, start))
        {
            return false;
        }

        value = node switch
        {
            ConstantExpression constant => constant.Value,
            MemberExpression { Member: FieldInfo field, Expression: ConstantExpression closure } => field.GetValue(closure.Value),
            MemberExpression { Member: FieldInfo { IsStatic: true } field, Expression: null } => field.GetValue(null),
            _ => ExpressionInterpreter.EvaluateClosed(node),
        };
        return true;
    }

    /// <summary>
    /// Whether the node at <paramref name="path"/> is a conditional's branch (the path's last step <c>t</c> or <c>f</c>) that
    /// is the constant null (through conversions): the run-time translator writes such a branch as a slot bound to null.
    /// </summary>
    private static bool IsNullBranch(Expression body, string path)
    {
        if (path.Length == 0 || path[path.Length - 1] is not ('t' or 'f') || !TryNavigate(body, path, out var node))
        {
            return false;
        }

        while (node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } convert)
        {
            node = convert.Operand;
        }

        return node is ConstantExpression { Value: null } or DefaultExpression;
    }

    /// <summary>The node at <paramref name="path"/> (conversions without a method looked through before each step).</summary>
    private static bool TryNavigate(Expression body, string path, out Expression node, int start = 0)
    {
        node = body;
        for (var s = start; s < path.Length; s++)
        {
            var step = path[s];
            while (node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } convert)
            {
                node = convert.Operand;
            }

            switch (step)
            {
                case 'L' when node is BinaryExpression binary:
                    node = binary.Left;
                    break;
                case 'R' when node is BinaryExpression binary:
                    node = binary.Right;
                    break;
                case 'O' when node is UnaryExpression unary:
                    node = unary.Operand;
                    break;
                case 'o' when node is MethodCallExpression { Object: { } instance }:
                    // A sub-query's Where call before the call at hand (InterceptedSite.Subqueries.cs).
                    node = instance;
                    break;
                case 'a' when node is MethodCallExpression { Arguments.Count: > 0 } call && FirstLambda(call) is { } lambda:
                    node = lambda.Body;
                    break;
                case >= '0' and <= '9' when node is MethodCallExpression call && step - '0' < call.Arguments.Count:
                    // An argument of a call an ExecuteUpdate setter computes (Math.Max(x.Stock, min)), by its index.
                    node = call.Arguments[step - '0'];
                    break;
                case 'c' when node is ConditionalExpression conditional:
                    // A ?: in a setter or a group key (its test, then its branches).
                    node = conditional.Test;
                    break;
                case 't' when node is ConditionalExpression conditional:
                    node = conditional.IfTrue;
                    break;
                case 'f' when node is ConditionalExpression conditional:
                    node = conditional.IfFalse;
                    break;
                case >= '0' and <= '9' when node is NewExpression creation && step - '0' < creation.Arguments.Count:
                    // A part of a composite group key (new { Decade = x.Age / 10, x.City }), by its index.
                    node = creation.Arguments[step - '0'];
                    break;
                case >= '0' and <= '9' when node is MemberInitExpression init && step - '0' < init.Bindings.Count && init.Bindings[step - '0'] is MemberAssignment assigned:
                    // A member set by a projection's object initializer, by its index (InterceptedSite.Selector.cs).
                    node = assigned.Expression;
                    break;
                case 'n' when node is MemberInitExpression init:
                    // The constructor call of a projection's object initializer (its arguments by index).
                    node = init.NewExpression;
                    break;
                case 'm' when node is MemberExpression { Expression: { } instance }:
                    // The instance of a member read (string.Length of a computed text).
                    node = instance;
                    break;
                default:
                    return false;
            }
        }

        return true;
    }

    /// <summary>A call's first lambda argument: a table query's (its first argument) or LINQ's over a group (<c>Count(g, x =&gt; ...)</c>, its second).</summary>
    private static LambdaExpression? FirstLambda(MethodCallExpression call)
    {
        foreach (var argument in call.Arguments)
        {
            if (Unquote(argument) is LambdaExpression lambda)
            {
                return lambda;
            }
        }

        return null;
    }

    private sealed record ValueSite(int Where, string Path, string Member, Type MemberType)
    {
        /// <summary>In a join, the table of <see cref="Member"/>.</summary>
        public int Table { get; init; }

        /// <summary>An ExecuteUpdate value: <see cref="Where"/> is then the Set call's index and <see cref="Member"/> the member it sets.</summary>
        public bool Assigned { get; init; }

        /// <summary>An ExecuteUpdate value of a <c>?:</c> test, compared with <see cref="Member"/> (not the member set).</summary>
        public bool Compared { get; init; }

        /// <summary>In a join, whether the value is in the ON condition of <see cref="Table"/> (a joined table's own Where), or of <see cref="OnTable"/>.</summary>
        public bool On { get; init; }

        /// <summary>In a join, the table whose ON condition holds the value when it is not <see cref="Table"/> (a Where moved into a RIGHT JOIN's ON).</summary>
        public int? OnTable { get; init; }

        /// <summary>In a grouping, whether the value is in a HAVING condition (<see cref="Where"/> counts those).</summary>
        public bool Having { get; init; }

        /// <summary>In a grouping's HAVING, whether the value is compared with an exact aggregate's order key of <see cref="Member"/> (<see cref="HavingKeyValue"/>).</summary>
        public bool OrderKey { get; init; }

        /// <summary>Whether the value is inside a projection's lifted sub-query or a grouped result's aggregate (<see cref="Where"/> is then its index).</summary>
        public bool Lifted { get; init; }

        /// <summary>In a grouping, whether the value is in the computed key (the GROUP BY list; <see cref="Path"/> starts at the key selector's body).</summary>
        public bool Key { get; init; }

        /// <summary>In a join's ON condition, a constant the translator writes itself (a ulong key's sign bit, <see cref="JoinedFixedValue"/>): bound as it is, read from no lambda.</summary>
        public long? Fixed { get; init; }

        /// <summary>A date comparison's value: how it derives from the compared value, and so under which storage format it is bound (<see cref="DateValue"/>).</summary>
        public string? Form { get; init; }
    }

    private sealed record Resolved(TableMapping Table, ColumnMapping[] Columns);
}
