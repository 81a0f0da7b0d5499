using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Grouping: in a lambda over a group `g` (IGrouping<TKey, T>), g.Key has already been replaced by the key selector's
// body (GroupState), and g's aggregates become SQL aggregates over the lambda's entity parameter. Only aggregates whose
// SQL result is the one LINQ-to-Objects gives are translated; the rest throw naming the call.
internal sealed partial class SqlTranslator
{
    // The group parameter of a lambda over a grouping (null otherwise), and the element an aggregate's lambda reads: the
    // entity parameter itself, an element selector's body over it, or a join's row over the tables' parameters.
    private ParameterExpression? _group;
    private Expression? _groupElement;

    /// <summary>
    /// Translates <paramref name="body"/>, over <paramref name="group"/> and <paramref name="element"/> of <paramref name="table"/>,
    /// appending its arguments; <paramref name="elementBody"/> is what each element of the group is, over <paramref name="element"/>
    /// (<paramref name="element"/> itself without an element selector).
    /// </summary>
    internal static SqlExpression TranslateGrouped(TableMapping table, StorageFormat format, ParameterExpression element, Expression elementBody, ParameterExpression group, Expression body, TranslationKind kind, List<object?> args)
    {
        var translator = new SqlTranslator(table, format, body, element, body) { _group = group, _groupElement = elementBody };
        return TranslateAs(translator, kind, body, args);
    }

    /// <summary>Translates <paramref name="body"/> over a grouped join: <paramref name="group"/>'s elements are <paramref name="elementBody"/>, over <paramref name="scope"/>'s tables.</summary>
    internal static SqlExpression TranslateJoinedGrouped(JoinScope scope, StorageFormat format, Expression elementBody, ParameterExpression group, Expression body, TranslationKind kind, List<object?> args)
    {
        var translator = new SqlTranslator(scope.Tables[0], format, body, scope.Parameters[0], body) { _scope = scope, _group = group, _groupElement = elementBody };
        return TranslateAs(translator, kind, body, args);
    }

    private static SqlExpression TranslateAs(SqlTranslator translator, TranslationKind kind, Expression body, List<object?> args)
    {
        var node = kind switch
        {
            TranslationKind.Predicate => TranslatePredicate(translator),
            TranslationKind.OrderKey => TranslateOrderKey(translator),
            _ => TranslateValue(translator),
        };
        return Renumber(node, translator._slots, body, args);
    }

    private SqlExpression? TryTranslateGroupAggregate(MethodCallExpression call)
    {
        if (call.Method.DeclaringType != typeof(Enumerable) || call.Arguments.Count == 0 || !ReferenceEquals(StripConvert(call.Arguments[0]), _group))
        {
            if (call.Object is not null && ReferenceEquals(call.Object, _group) || call.Arguments.Count > 0 && ReferenceEquals(StripConvert(call.Arguments[0]), _group))
            {
                throw Unsupported(call, $"'{call.Method.Name}' over a group has no SQL translation; Count, LongCount, Sum, Average, Min and Max do");
            }

            return null;
        }

        var name = call.Method.Name;
        if (name is "Count" or "LongCount")
        {
            if (call.Arguments.Count == 1)
            {
                return SqlAggregates.CountAll();
            }

            return SqlAggregates.CountWhere(TranslateBoolean(Element(call.Arguments[1])));
        }

        // Without a selector (g.Sum()), the aggregate reads the elements themselves: an element selector's value.
        var bare = call.Arguments.Count == 1 && _groupElement is not null && !ReferenceEquals(_groupElement, _parameter);
        if (name is not ("Sum" or "Average" or "Min" or "Max") || (call.Arguments.Count != 2 && !bare))
        {
            throw Unsupported(call, $"'{name}' over a group has no SQL translation; Count, LongCount, Sum, Average, Min and Max (with a selector, or over an element selector's values) do");
        }

        var selector = call.Arguments.Count == 2 ? Element(call.Arguments[1]) : _groupElement!;
        var type = Underlying(selector.Type);
        if (Native)
        {
            return NativeGroupAggregate(call, name, selector, type);
        }

        var numeric = type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte) || type == typeof(double) || type == typeof(float);
        if (!numeric && TryExactGroupAggregate(call, name, selector, type) is { } exact)
        {
            return exact;
        }

        if (!numeric)
        {
            // decimal is stored as text (SQLite would add it as REAL), strings order by culture in LINQ's Min/Max, dates by ticks.
            throw Unsupported(call, $"{name} of '{type.Name}' over a group has no exact SQL translation; only integer, double and float values are aggregated in SQL");
        }

        return SqlAggregates.Of(name, Translate(selector));
    }

    /// <summary>The body of an aggregate's lambda, over the element parameter.</summary>
    private Expression Element(Expression argument)
    {
        var lambda = argument as LambdaExpression ?? (argument as UnaryExpression)?.Operand as LambdaExpression
            ?? throw Unsupported(argument, "an aggregate's selector must be a lambda");
        return RowSubstitution.Apply(lambda, _groupElement ?? _parameter);
    }
}
