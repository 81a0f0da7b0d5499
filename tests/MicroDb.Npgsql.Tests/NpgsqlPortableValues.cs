using System.Linq.Expressions;
using MicroDb.Conformance.Portable;

namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="IPortableValues{T}"/> over PostgreSQL: <c>query.Select(selector)</c> and its own Contains.</summary>
public sealed class NpgsqlPortableValues<T, TResult>(NpgsqlTableQuery<T> query, Expression<Func<T, TResult>> selector) : IPortableValues<TResult>
{
    public bool Contains(TResult value) => query.Select(selector).Contains(value);

    public Expression NativeContains(Expression value)
    {
        Func<Expression<Func<T, TResult>>, NpgsqlSelectQuery<T, TResult>> select = query.Select;
        var selected = Expression.Call(Expression.Constant(query), select.Method, Expression.Quote(selector));
        return Expression.Call(selected, typeof(NpgsqlSelectQuery<T, TResult>).GetMethod(nameof(NpgsqlSelectQuery<T, TResult>.Contains))!, value);
    }
}
