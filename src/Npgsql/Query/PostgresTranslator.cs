using System.Collections;
using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql.Query;

/// <summary>
/// PostgreSQL's front end into the shared query model: translates a predicate or sort key over one mapped type into
/// <see cref="SqlExpression"/> nodes that <see cref="PostgresSqlWriter"/> writes. Values become typed
/// <see cref="NpgsqlParameter"/>s in the column encodings of docs/postgresql.md (slot k is parameter <c>$k+1</c>).
/// <para>
/// Why not <c>SqlTranslator</c>: its nodes carry SQLite's storage semantics (DateTime ticks with the kind in the top
/// bits, decimals as REAL or text, ulong bit patterns, NaN stored as NULL, casts to REAL/INTEGER), so its output is not
/// PostgreSQL's even with another writer. PostgreSQL stores each kind natively (timestamp, numeric, uuid, boolean ...),
/// whose order is .NET's, so this translator needs only what differs from LINQ-to-Objects there: NULL (three-valued
/// logic, NULLS LAST), NaN (equal to itself and greater than every number in PostgreSQL), and text order (the
/// database collation: every text comparison and sort key here is <c>COLLATE "C"</c>, ordinal).
/// </para>
/// Every condition it writes is two-valued (never NULL), so <c>!</c> and <c>||</c> keep C#'s meaning.
/// Anything else throws <see cref="NotSupportedException"/> naming the expression.
/// </summary>
internal sealed partial class PostgresTranslator
{
    private static readonly SqlLiteral True = new("TRUE");
    private static readonly SqlLiteral False = new("FALSE");
    private static readonly SqlLiteral NaN = new("'NaN'");

    private readonly TableMapping _table;
    private readonly LambdaExpression _lambda;
    private readonly ParameterExpression _parameter;
    private readonly List<NpgsqlParameter> _parameters;

    // What the translation cache needs (null when not recording): every closed value read (its node and value), and
    // how each parameter was made from its value, so a tree of the same shape can be bound again without translating.
    private readonly List<(Expression Node, object? Value)>? _sites;
    private readonly List<PostgresParameterRecipe>? _recipes;

    private PostgresTranslator(TableMapping table, LambdaExpression lambda, List<NpgsqlParameter> parameters, bool record = false)
    {
        _table = table;
        _lambda = lambda;
        _parameter = lambda.Parameters[0];
        _parameters = parameters;
        if (record)
        {
            _sites = [];
            _recipes = [];
        }
    }

    /// <summary>False when a value was read in a way the cache cannot replay (a list for Contains): the translation is not cached.</summary>
    private bool Replayable { get; set; } = true;

    /// <summary>
    /// Translates a predicate (<paramref name="isPredicate"/>) or a sort key into <paramref name="parameters"/> (which must
    /// be empty: slot k is its k-th parameter) and reports what the cache needs to bind a tree of the same shape again:
    /// the closed values read, and each parameter's recipe; null sites when the translation cannot be replayed.
    /// </summary>
    internal static SqlExpression[] TranslateRecorded(TableMapping table, LambdaExpression lambda, bool isPredicate, List<NpgsqlParameter> parameters,
        out IReadOnlyList<(Expression Node, object? Value)>? sites, out IReadOnlyList<PostgresParameterRecipe> recipes)
    {
        var translator = new PostgresTranslator(table, lambda, parameters, record: true);
        SqlExpression[] nodes = isPredicate ? [translator.Boolean(lambda.Body)] : [.. translator.OrderKey(lambda.Body)];
        sites = translator.Replayable ? translator._sites : null;
        recipes = translator._recipes!;
        return nodes;
    }

    /// <summary>A WHERE condition; its values are appended to <paramref name="parameters"/>.</summary>
    public static SqlExpression Predicate(TableMapping table, LambdaExpression lambda, List<NpgsqlParameter> parameters) =>
        new PostgresTranslator(table, lambda, parameters).Boolean(lambda.Body);

    /// <summary>The ORDER BY terms of one key selector (a float key is two terms: its null/NaN rank, then the value).</summary>
    public static IReadOnlyList<SqlExpression> OrderKeys(TableMapping table, LambdaExpression lambda, List<NpgsqlParameter> parameters) =>
        new PostgresTranslator(table, lambda, parameters).OrderKey(lambda.Body);

    /// <summary>The columns a selector reads (every column when it uses the whole entity).</summary>
    public static IReadOnlyList<ColumnMapping> ColumnsUsed(TableMapping table, LambdaExpression selector)
    {
        var finder = new ColumnFinder(table, selector.Parameters[0]);
        finder.Visit(selector.Body);
        return finder.WholeEntity || finder.Columns.Count == 0 ? table.Columns : [.. table.Columns.Where(finder.Columns.Contains)];
    }

    private IReadOnlyList<SqlExpression> OrderKey(Expression body)
    {
        if (!TryColumn(body, out var column))
        {
            // A computed key: ordered by its type's .NET order, as a member of that type would be.
            var value = ValueOf(body, compared: true);
            var type = Underlying(value.Type);
            if (type == typeof(byte[]) || type == typeof(Uri) || type == typeof(System.Text.StringBuilder))
            {
                throw Unsupported(body, $"{type.Name} values have no order in .NET (they are not IComparable)");
            }

            return value.IsText ? [Ordinal(value.Sql)] : value.Floating ? [FloatRank(value.Sql), value.Sql] : [value.Sql];
        }

        var sql = new SqlColumn(column.Name);
        switch (column.Kind)
        {
            case ColumnKind.String:
                return [Ordinal(sql)];
            case ColumnKind.Blob or ColumnKind.Uri or ColumnKind.StringBuilder:
                throw Unsupported(body, $"{column.Kind} values have no order in .NET (they are not IComparable)");
            case ColumnKind.Single or ColumnKind.Double:
                return [FloatRank(sql), sql];
            default:
                return [sql];
        }
    }

    // .NET sorts null, then NaN, then the numbers; PostgreSQL sorts NaN above every number: a rank goes first.
    private static SqlCase FloatRank(SqlExpression value) => new(
        new ValueList<SqlWhen>([new SqlWhen(new SqlIsNull(value, false), SqlLiteral.Zero), new SqlWhen(new SqlBinary(value, SqlOperator.Equal, NaN), SqlLiteral.One)]),
        SqlLiteral.Integer(2));

    private SqlExpression Boolean(Expression e)
    {
        if (!Uses(e))
        {
            return Evaluate(e) is true ? True : False;
        }

        switch (e.NodeType)
        {
            case ExpressionType.AndAlso:
            case ExpressionType.OrElse:
                {
                    var binary = (BinaryExpression)e;
                    var and = e.NodeType == ExpressionType.AndAlso;
                    if (!Uses(binary.Left))
                    {
                        // C# short-circuits: the right side is not evaluated (it may throw, as limit.Value of a null limit).
                        return Evaluate(binary.Left) is true == and ? Boolean(binary.Right) : and ? False : True;
                    }

                    return Group(new SqlBinary(Boolean(binary.Left), and ? SqlOperator.And : SqlOperator.Or, Boolean(binary.Right)));
                }

            case ExpressionType.And when IsBool(e.Type):
            case ExpressionType.Or when IsBool(e.Type):
                {
                    // & and | on bools evaluate both sides; over two-valued conditions that is AND and OR.
                    var binary = (BinaryExpression)e;
                    return Group(new SqlBinary(Boolean(binary.Left), e.NodeType == ExpressionType.And ? SqlOperator.And : SqlOperator.Or, Boolean(binary.Right)));
                }

            case ExpressionType.ExclusiveOr when IsBool(e.Type):
                {
                    var binary = (BinaryExpression)e;
                    return Group(new SqlBinary(Group(Boolean(binary.Left)), SqlOperator.NotEqual, Group(Boolean(binary.Right))));
                }

            case ExpressionType.Not when IsBool(e.Type):
                return Group(new SqlUnary(SqlUnaryOperator.Not, Group(Boolean(((UnaryExpression)e).Operand))));
            case ExpressionType.Equal:
            case ExpressionType.NotEqual:
            case ExpressionType.LessThan:
            case ExpressionType.LessThanOrEqual:
            case ExpressionType.GreaterThan:
            case ExpressionType.GreaterThanOrEqual:
                return Comparison((BinaryExpression)e);
            case ExpressionType.Call when !IsGetValueOrDefault((MethodCallExpression)e):
                return Call((MethodCallExpression)e);
            case ExpressionType.MemberAccess when e is MemberExpression { Member.Name: "HasValue", Expression: { } nullable }
                && Nullable.GetUnderlyingType(nullable.Type) is not null:
                return new SqlIsNull(ValueOf(nullable).Sql, Negated: true);
        }

        if (TryColumn(e, out var flag) && flag.Kind == ColumnKind.Boolean)
        {
            // A bool member as a condition; IS NOT DISTINCT FROM TRUE keeps a NULL (a bool? read with .Value) two-valued.
            var column = new SqlColumn(flag.Name);
            return flag.IsNullable ? Group(new SqlBinary(column, SqlOperator.Is, True)) : column;
        }

        if (IsBool(e.Type))
        {
            // A bool value: a conditional, a coalesce, GetValueOrDefault ... (NULL is false, as it is never true).
            var value = ValueOf(e);
            return value.Nullable ? Coalesce(value.Sql) : value.Sql;
        }

        throw Unsupported(e, $"expressions of kind {e.NodeType} have no PostgreSQL translation");
    }

    private SqlExpression Comparison(BinaryExpression b)
    {
        if (b.Method is { } method && !IsValueOperator(method))
        {
            throw Unsupported(b, $"the operator method '{method.DeclaringType?.Name}.{method.Name}' has no PostgreSQL translation");
        }

        var op = Operator(b.NodeType);
        Expression left = b.Left, right = b.Right;
        if (!Uses(left))
        {
            (left, right) = (right, left);
            op = Mirror(op);
        }

        if (StripConvert(left) is MethodCallExpression compare && IsOrdinalCompare(compare) && !Uses(right))
        {
            return OrdinalCompare(b, compare, right, op);
        }

        if (!Uses(right))
        {
            return WithValue(b, left, op, Evaluate(right));
        }

        return TwoOperands(b, left, op, right);
    }

    // An operand over the row (a column, or an expression over columns) compared with a closed value.
    private SqlExpression WithValue(Expression node, Expression operand, SqlOperator op, object? value)
    {
        var left = ValueOf(operand, compared: true);
        var sql = left.Sql;
        var ordering = op is not (SqlOperator.Equal or SqlOperator.NotEqual);
        if (value is null)
        {
            // C#: x == null, x != null; a lifted ordering comparison with null is false.
            return ordering ? False : new SqlIsNull(sql, Negated: op == SqlOperator.NotEqual);
        }

        RefuseReferenceEquality(node, left, ordering);
        if (left.Floating && IsNaN(value))
        {
            // NaN equals nothing and orders against nothing in .NET; in PostgreSQL NaN = NaN.
            return op == SqlOperator.NotEqual ? True : False;
        }

        var parameter = left.Column is { } column ? Value(value, column) : Value(value);
        switch (op)
        {
            case SqlOperator.Equal:
                return left.Nullable ? Group(new SqlBinary(new SqlBinary(sql, SqlOperator.Equal, parameter), SqlOperator.And, new SqlIsNull(sql, true))) : new SqlBinary(sql, SqlOperator.Equal, parameter);
            case SqlOperator.NotEqual:
                return new SqlBinary(sql, SqlOperator.IsNot, parameter);
            default:
                SqlExpression condition = new SqlBinary(sql, op, parameter);
                if (left.Floating && op is SqlOperator.GreaterThan or SqlOperator.GreaterThanOrEqual)
                {
                    condition = new SqlBinary(condition, SqlOperator.And, new SqlBinary(sql, SqlOperator.NotEqual, NaN));
                }

                return left.Nullable ? Group(new SqlBinary(condition, SqlOperator.And, new SqlIsNull(sql, true))) : condition is SqlBinary { Operator: SqlOperator.And } ? Group(condition) : condition;
        }
    }

    // Two operands over the row.
    private SqlExpression TwoOperands(Expression node, Expression left, SqlOperator op, Expression right)
    {
        var l = ValueOf(left, compared: true);
        var r = ValueOf(right, compared: true);
        var ordering = op is not (SqlOperator.Equal or SqlOperator.NotEqual);
        RefuseReferenceEquality(node, l, ordering);
        RefuseReferenceEquality(node, r, ordering);
        SqlExpression a = l.Sql, b = r.Sql;
        var floating = l.Floating || r.Floating;
        var nullable = l.Nullable || r.Nullable;
        if (!ordering)
        {
            // C#: null == null; NaN == NaN is false.
            SqlExpression equal = nullable ? new SqlBinary(a, SqlOperator.Is, b) : new SqlBinary(a, SqlOperator.Equal, b);
            if (floating)
            {
                // Equal to a NaN only when that is NaN too: one guard, on a side that can hold NaN.
                equal = new SqlBinary(equal, SqlOperator.And, new SqlBinary(l.Floating ? a : b, SqlOperator.IsNot, NaN));
            }

            return op == SqlOperator.Equal ? Group(equal) : Group(new SqlUnary(SqlUnaryOperator.Not, Group(equal)));
        }

        if (l.IsText || r.IsText)
        {
            throw Unsupported(node, "strings are ordered with string.CompareOrdinal(a, b) or string.Compare(a, b, StringComparison.Ordinal)");
        }

        SqlExpression condition = new SqlBinary(a, op, b);
        if (l.Floating)
        {
            condition = new SqlBinary(condition, SqlOperator.And, new SqlBinary(a, SqlOperator.NotEqual, NaN));
        }

        if (r.Floating)
        {
            condition = new SqlBinary(condition, SqlOperator.And, new SqlBinary(b, SqlOperator.NotEqual, NaN));
        }

        return nullable ? Coalesce(condition) : Group(condition);
    }

    // string.CompareOrdinal(a, b) op 0 (or string.Compare(a, b, StringComparison.Ordinal)): a column against a value, in "C" order.
    private SqlExpression OrdinalCompare(Expression node, MethodCallExpression call, Expression zero, SqlOperator op)
    {
        if (Evaluate(zero) is not 0)
        {
            throw Unsupported(node, "the result of a string comparison can only be compared with 0");
        }

        Expression a = call.Arguments[0], b = call.Arguments[1];
        if (!Uses(a))
        {
            (a, b) = (b, a);
            op = Mirror(op);
        }

        if (Uses(b))
        {
            throw Unsupported(node, "an ordinal comparison of two columns is not translated; compare a column with a value");
        }

        var column = ColumnOf(node, a);
        var sql = new SqlColumn(column.Name);
        var value = Evaluate(b) as string;
        if (value is null)
        {
            // .NET orders null before every string.
            return op switch
            {
                SqlOperator.Equal or SqlOperator.LessThanOrEqual => new SqlIsNull(sql, false),
                SqlOperator.NotEqual or SqlOperator.GreaterThan => new SqlIsNull(sql, true),
                SqlOperator.GreaterThanOrEqual => True,
                _ => False,
            };
        }

        SqlExpression condition = new SqlBinary(Ordinal(sql), op, Value(value, column));
        if (!column.IsNullable)
        {
            return Group(condition);
        }

        // A null column is less than every string.
        return op is SqlOperator.LessThan or SqlOperator.LessThanOrEqual or SqlOperator.NotEqual
            ? Group(new SqlBinary(new SqlIsNull(sql, false), SqlOperator.Or, condition))
            : Group(new SqlBinary(condition, SqlOperator.And, new SqlIsNull(sql, true)));
    }

    private SqlExpression Call(MethodCallExpression call)
    {
        var method = call.Method;
        if (method.DeclaringType == typeof(string))
        {
            return StringCall(call);
        }

        if (method.Name == "Contains")
        {
            // list.Contains(x.Member) (an instance method of the list) or Enumerable.Contains(list, x.Member).
            // C# 14 may bind array.Contains(x) to MemoryExtensions.Contains(span, x[, comparer: null]).
            var withoutComparer = call.Object is null && (call.Arguments.Count == 2
                || (call.Arguments.Count == 3 && !Uses(call.Arguments[2]) && Evaluate(call.Arguments[2]) is null));
            var (list, item) = call.Object is not null && call.Arguments.Count == 1
                ? (call.Object, call.Arguments[0])
                : withoutComparer ? (SqlTranslator.UnwrapSpan(call.Arguments[0]), call.Arguments[1]) : (null, null);
            if (list is not null && item is not null && !Uses(list) && Uses(item))
            {
                return ListContains(call, list, item);
            }
        }

        if (method.Name == "Equals" && call.Object is not null && call.Arguments.Count == 1)
        {
            return EqualsCall(call, call.Object, StripConvert(call.Arguments[0]));
        }

        throw Unsupported(call, $"the method '{method.DeclaringType?.Name}.{method.Name}' has no PostgreSQL translation");
    }

    // a.Equals(b): C#'s equality of the two values (the operands' order does not matter).
    // Equals differs from == only for NaN, which Equals finds equal to itself (as PostgreSQL does).
    private SqlExpression EqualsCall(Expression node, Expression a, Expression b)
    {
        if (Uses(b) && !Uses(a))
        {
            (a, b) = (b, a);
        }

        if (!Uses(b))
        {
            var value = Evaluate(b);
            return value is not null && IsNaN(value)
                ? new SqlBinary(new SqlColumn(ColumnOf(node, a).Name), SqlOperator.Is, NaN)
                : WithValue(node, a, SqlOperator.Equal, value);
        }

        var l = ColumnOf(node, a);
        var r = ColumnOf(node, b);
        return l.Kind is ColumnKind.Single or ColumnKind.Double && r.Kind is ColumnKind.Single or ColumnKind.Double
            ? new SqlBinary(new SqlColumn(l.Name), SqlOperator.Is, new SqlColumn(r.Name))
            : TwoOperands(node, a, SqlOperator.Equal, b);
    }

    private SqlExpression StringCall(MethodCallExpression call)
    {
        var args = call.Arguments;
        switch (call.Method.Name)
        {
            case "IsNullOrEmpty" when call.Object is null && args.Count == 1:
                {
                    var column = ColumnOf(call, args[0]);
                    var sql = new SqlColumn(column.Name);
                    return Group(new SqlBinary(new SqlIsNull(sql, false), SqlOperator.Or, new SqlBinary(sql, SqlOperator.Equal, Value(string.Empty, column))));
                }

            case "Equals" when call.Object is null && args.Count == 2 && !Uses(args[1]):
                return WithValue(call, args[0], SqlOperator.Equal, Evaluate(args[1]));
            case "Equals" when call.Object is null && args.Count == 2 && !Uses(args[0]):
                return WithValue(call, args[1], SqlOperator.Equal, Evaluate(args[0]));
            case "Equals" when call.Object is not null && args.Count == 1:
                return EqualsCall(call, call.Object, args[0]);
            case "Contains" or "StartsWith" or "EndsWith" when call.Object is not null && (args.Count == 1 || (args.Count == 2 && args[1].Type == typeof(StringComparison))):
                {
                    if (args.Count == 2 && (Uses(args[1]) || Evaluate(args[1]) is not StringComparison.Ordinal))
                    {
                        throw Unsupported(call, "only ordinal matching is translated (no argument, or StringComparison.Ordinal)");
                    }

                    if (args[0].Type != typeof(string))
                    {
                        throw Unsupported(call, "the argument must be a string (a char argument is not translated)");
                    }

                    var target = ValueOf(call.Object, compared: true);
                    var sql = target.Sql;
                    SqlExpression pattern;
                    var nullable = target.Nullable;
                    if (Uses(args[0]))
                    {
                        // Another column: a NULL there matches nothing (LINQ-to-Objects would throw ArgumentNullException).
                        var other = ValueOf(args[0], compared: true);
                        pattern = other.Sql;
                        nullable |= other.Nullable;
                    }
                    else
                    {
                        var value = Evaluate(args[0]) as string
                            ?? throw new ArgumentNullException(call.Method.Name, $"The argument of '{call}' is null; .NET throws for it, so MicroDb.Npgsql does too.");
                        pattern = target.Column is { } column ? Value(value, column) : Value(value);
                    }

                    SqlExpression match = call.Method.Name switch
                    {
                        "Contains" => new SqlBinary(Function("strpos", sql, pattern), SqlOperator.GreaterThan, SqlLiteral.Zero),
                        "StartsWith" => Function("starts_with", sql, pattern),
                        _ => new SqlBinary(Function("right", sql, Function("char_length", pattern)), SqlOperator.Equal, pattern),
                    };

                    // A null string matches nothing (LINQ-to-Objects would throw NullReferenceException).
                    return nullable ? Coalesce(match) : Group(match);
                }
        }

        throw Unsupported(call, $"the method 'string.{call.Method.Name}' has no PostgreSQL translation");
    }

    private SqlExpression ListContains(Expression node, Expression list, Expression item)
    {
        var column = ColumnOf(node, item);
        RefuseReferenceEquality(node, column, ordering: false);
        var sql = new SqlColumn(column.Name);
        var values = new List<SqlExpression>();
        var hasNull = false;
        var hasNaN = false;
        Replayable = false; // the elements are not sites
        foreach (var element in ExpressionInterpreter.EvaluateSequence(list))
        {
            if (element is null)
            {
                hasNull = true;
            }
            else if (IsNaN(element))
            {
                // Contains compares with Equals, under which NaN equals NaN (as in PostgreSQL, unlike ==).
                hasNaN = true;
            }
            else
            {
                values.Add(Value(element, column));
            }
        }

        if (hasNaN)
        {
            values.Add(NaN);
        }

        SqlExpression? @in = values.Count == 0 ? null : new SqlIn(sql, new ValueList<SqlExpression>([.. values]), Negated: false);
        if (@in is not null && column.IsNullable)
        {
            @in = Coalesce(@in);
        }

        return (@in, hasNull) switch
        {
            (null, false) => False,
            (null, true) => new SqlIsNull(sql, false),
            (_, true) => Group(new SqlBinary(@in, SqlOperator.Or, new SqlIsNull(sql, false))),
            _ => @in,
        };
    }

    private static SqlFunction Function(string name, params SqlExpression[] arguments) => new(name, new ValueList<SqlExpression>(arguments));

    private static SqlGroup Coalesce(SqlExpression condition) => Group(Function("COALESCE", condition, False));

    private static SqlGroup Group(SqlExpression inner) => inner as SqlGroup ?? new SqlGroup(inner);

    // Text in ordinal order: the "C" collation compares UTF-8 bytes, i.e. code points.
    private static SqlCollate Ordinal(SqlExpression text) => new(text, "C");

    private SqlParameter Value(object value, ColumnMapping column)
    {
        var recipe = new PostgresParameterRecipe(value, column, null);
        _recipes?.Add(recipe);
        _parameters.Add(recipe.Create(value));
        return new SqlParameter(_parameters.Count - 1, column.Kind);
    }

    private void RefuseReferenceEquality(Expression node, Operand operand, bool ordering)
    {
        if (operand.Column is { } column)
        {
            RefuseReferenceEquality(node, column, ordering);
        }
        else if (!ordering && Underlying(operand.Type) is var type && (type == typeof(byte[]) || type == typeof(System.Text.StringBuilder) || type == typeof(Uri)))
        {
            throw Unsupported(node, $"{type.Name} values compare by reference in .NET");
        }
    }

    private void RefuseReferenceEquality(Expression node, ColumnMapping column, bool ordering)
    {
        if (column.Kind is ColumnKind.Blob or ColumnKind.StringBuilder || (column.Kind == ColumnKind.Uri && !ordering))
        {
            throw Unsupported(node, $"'{column.MemberName}' ({column.Kind}) compares by reference in .NET; compare it with null only");
        }
    }

    private ColumnMapping ColumnOf(Expression node, Expression operand) => TryColumn(operand, out var column)
        ? column
        : throw Unsupported(node, $"'{operand}' is not a mapped member of '{_table.EntityTypeName}' (only members, compared with values or with each other, are translated)");

    private bool TryColumn(Expression e, out ColumnMapping column)
    {
        e = StripConvert(e);
        if (e is MemberExpression { Member.Name: "Value", Expression: { } inner } && Nullable.GetUnderlyingType(inner.Type) is not null)
        {
            e = StripConvert(inner);
        }

        if (e is MemberExpression { Expression: { } target } member && target == _parameter && _table.FindColumnByMember(member.Member.Name) is { } found)
        {
            column = found;
            return true;
        }

        column = null!;
        return false;
    }

    // Conversions that keep the value: to or from Nullable<T>, an enum to its integer, and widening numeric conversions.
    private static Expression StripConvert(Expression e)
    {
        while (e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } u && KeepsValue(u.Operand.Type, u.Type))
        {
            e = u.Operand;
        }

        return e;
    }

    private static bool KeepsValue(Type from, Type to)
    {
        from = Nullable.GetUnderlyingType(from) ?? from;
        to = Nullable.GetUnderlyingType(to) ?? to;
        if (from == to || from.IsEnum || to.IsEnum || to == typeof(object))
        {
            return true;
        }

        var f = Type.GetTypeCode(from);
        var t = Type.GetTypeCode(to);
        return (f, t) switch
        {
            (TypeCode.Char, TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Double or TypeCode.Single or TypeCode.Decimal) => true,
            (TypeCode.Byte or TypeCode.SByte or TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64,
             TypeCode.Int16 or TypeCode.Int32 or TypeCode.Int64 or TypeCode.UInt16 or TypeCode.UInt32 or TypeCode.UInt64 or TypeCode.Decimal) => Widens(f, t),
            (TypeCode.Single, TypeCode.Double) => true,

            // To a floating type: rounded to nearest as PostgreSQL's cast rounds (exact below 2^24 or 2^53).
            (TypeCode.Byte or TypeCode.SByte or TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64,
             TypeCode.Single or TypeCode.Double) => true,
            _ => false,
        };
    }

    private static bool Widens(TypeCode from, TypeCode to)
    {
        static (int Bits, bool Signed) Of(TypeCode c) => c switch
        {
            TypeCode.Byte => (8, false),
            TypeCode.SByte => (8, true),
            TypeCode.Int16 => (16, true),
            TypeCode.UInt16 => (16, false),
            TypeCode.Int32 => (32, true),
            TypeCode.UInt32 => (32, false),
            TypeCode.Int64 => (64, true),
            TypeCode.UInt64 => (64, false),
            _ => (128, true),
        };

        var (fb, fs) = Of(from);
        var (tb, ts) = Of(to);
        return tb == 128 || (fs == ts ? tb >= fb : !fs && ts && tb > fb);
    }

    private static bool IsValueOperator(System.Reflection.MethodInfo method) =>
        method.Name.StartsWith("op_", StringComparison.Ordinal) && method.DeclaringType is { } type
        && (type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime) || type == typeof(DateTimeOffset)
            || type == typeof(TimeSpan) || type == typeof(Guid) || type == typeof(DateOnly) || type == typeof(TimeOnly));

    private bool IsOrdinalCompare(MethodCallExpression call) => call.Method.DeclaringType == typeof(string) && call.Object is null
        && ((call.Method.Name == "CompareOrdinal" && call.Arguments.Count == 2)
            || (call.Method.Name == "Compare" && call.Arguments.Count == 3 && call.Arguments[2].Type == typeof(StringComparison)
                && !Uses(call.Arguments[2]) && Evaluate(call.Arguments[2]) is StringComparison.Ordinal));

    private static bool IsNaN(object value) => value is double d ? double.IsNaN(d) : value is float f && float.IsNaN(f);

    private static SqlOperator Operator(ExpressionType type) => type switch
    {
        ExpressionType.Equal => SqlOperator.Equal,
        ExpressionType.NotEqual => SqlOperator.NotEqual,
        ExpressionType.LessThan => SqlOperator.LessThan,
        ExpressionType.LessThanOrEqual => SqlOperator.LessThanOrEqual,
        ExpressionType.GreaterThan => SqlOperator.GreaterThan,
        _ => SqlOperator.GreaterThanOrEqual,
    };

    private static SqlOperator Mirror(SqlOperator op) => op switch
    {
        SqlOperator.LessThan => SqlOperator.GreaterThan,
        SqlOperator.LessThanOrEqual => SqlOperator.GreaterThanOrEqual,
        SqlOperator.GreaterThan => SqlOperator.LessThan,
        SqlOperator.GreaterThanOrEqual => SqlOperator.LessThanOrEqual,
        _ => op,
    };

    private bool Uses(Expression e) => ParameterFinder.Uses(e, _parameter);

    // Every closed value the translation reads goes through here, so the cache knows its sites.
    private object? Evaluate(Expression e)
    {
        var value = ExpressionInterpreter.EvaluateClosed(e);
        _sites?.Add((e, value));
        return value;
    }

    private NotSupportedException Unsupported(Expression node, string why) =>
        new($"MicroDb.Npgsql cannot translate '{node}' in '{_lambda}': {why}.");

    private sealed class ColumnFinder(TableMapping table, ParameterExpression parameter) : ExpressionVisitor
    {
        public HashSet<ColumnMapping> Columns { get; } = [];

        public bool WholeEntity { get; private set; }

        protected override Expression VisitMember(MemberExpression node)
        {
            if (node.Expression == parameter && table.FindColumnByMember(node.Member.Name) is { } column)
            {
                Columns.Add(column);
                return node;
            }

            return base.VisitMember(node);
        }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            WholeEntity |= node == parameter;
            return node;
        }
    }
}
