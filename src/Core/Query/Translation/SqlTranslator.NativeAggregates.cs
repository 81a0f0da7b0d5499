using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Group aggregates under native storage (PostgreSQL, issue 24): each kind is stored in a type whose order and arithmetic
// are .NET's, so SQL's own aggregates give LINQ-to-Objects' result where the forms below say so (checked against LINQ by
// MicroDb.Npgsql.Tests' GroupByTests); the rest are refused, naming the aggregate. SQLite's exact aggregates
// (SqlTranslator.ExactAggregates) are not used: they are functions registered on a SQLite connection.
internal sealed partial class SqlTranslator
{
    /// <summary>
    /// <paramref name="name"/> (Sum, Average, Min or Max) of <paramref name="selector"/> over a table query's rows, called
    /// directly (<c>NpgsqlTableQuery&lt;T&gt;.Sum(o =&gt; o.Total)</c>): <see cref="NativeGroupAggregate"/>'s form and refusals,
    /// for the SELECT list of one statement over the table; its arguments are appended to <paramref name="args"/>.
    /// </summary>
    internal static SqlExpression TranslateNativeAggregate(TableMapping table, StorageFormat format, string name, LambdaExpression selector, List<object?> args)
    {
        var body = selector.Body;
        var translator = new SqlTranslator(table, format, body, selector.Parameters[0], selector);
        var node = translator.NativeGroupAggregate(body, name, body, Underlying(selector.ReturnType), "a table query");
        return Renumber(node, translator._slots, body, args);
    }

    // over: what is aggregated, in the refusals' text ("a group", "a sub-query", "a table query"); call: the expression the refusals name.
    private SqlExpression NativeGroupAggregate(Expression call, string name, Expression selector, Type type, string over = "a group")
    {
        RejectTextEnum(call, selector);
        var integer = type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte);
        var floating = type == typeof(double) || type == typeof(float);
        switch (name)
        {
            case "Sum" when integer || type == typeof(decimal) || type == typeof(double):
                // sum(integer) is bigint or numeric (no wrap: a sum beyond the result type is an OverflowException when read, as LINQ's checked Sum);
                // numeric is exact; doubles add as doubles.
                return SqlAggregates.Of(name, Translate(selector));
            case "Sum" when type == typeof(float):
                // LINQ adds floats as doubles and narrows the total; PostgreSQL's sum(real) adds as real.
                return SqlAggregates.Of(name, new SqlCast(Translate(selector), "double precision"));
            case "Average" when integer:
                // LINQ: the exact (long) sum converted to double, divided by the count. avg(integer) would be a rounded numeric.
                var value = Translate(selector);
                return Binary(new SqlCast(new SqlFunction("sum", value), "double precision"), SqlOperator.Divide, new SqlFunction("nullif", new SqlFunction("count", Translate(selector)), SqlLiteral.Zero));
            case "Average" when floating:
                // avg(real) and avg(double precision) add as doubles and divide, as LINQ does (the result is narrowed to float when read).
                return SqlAggregates.Of(name, Translate(selector));
            case "Average" when type == typeof(decimal):
                throw Unsupported(call, $"Average of 'Decimal' over {over} has no exact PostgreSQL translation: avg(numeric) rounds the quotient to another scale than decimal division (1.6666666666666667 where LINQ gives 1.6666666666666666666666666667); select the Sum and the Count and divide");
            case "Min" or "Max" when floating:
                throw Unsupported(call, $"{name} of '{type.Name}' over {over} has no PostgreSQL translation: PostgreSQL orders NaN above every number, .NET's {name} below");
            case "Min" or "Max" when type == typeof(string):
                throw Unsupported(call, $"{name} of 'String' over {over} has no PostgreSQL translation: LINQ compares strings with the current culture");
            case "Min" or "Max" when integer || type == typeof(decimal) || type == typeof(ulong) || type == typeof(uint) || type == typeof(ushort) || type == typeof(sbyte)
                || type == typeof(char) || type.IsEnum || type == typeof(DateTime) || type == typeof(DateTimeOffset) || type == typeof(TimeSpan)
#if NET6_0_OR_GREATER
                || type == typeof(DateOnly) || type == typeof(TimeOnly)
#endif
                :
                // Stored in a type ordered as .NET orders it (numeric, timestamp, interval ...).
                return SqlAggregates.Of(name, Translate(selector));
            default:
                throw Unsupported(call, $"{name} of '{type.Name}' over {over} has no PostgreSQL translation");
        }
    }
}
