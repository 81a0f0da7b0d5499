using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb.Conformance.Portable;

/// <summary><see cref="IPortableValues{T}"/> over SQLite: <c>query.Select(selector)</c>, whose Contains is LINQ's.</summary>
public sealed class SqlitePortableValues<T, TResult>(TableQuery<T> query, Expression<Func<T, TResult>> selector) : IPortableValues<TResult>
{
    public bool Contains(TResult value) => query.Select(selector).ToList().Contains(value);

    public Expression NativeContains(Expression value)
    {
        Func<Expression<Func<T, TResult>>, SelectQuery<T, TResult>> select = query.Select;
        Func<IEnumerable<TResult>, TResult, bool> contains = Enumerable.Contains;
        return Expression.Call(contains.Method, Expression.Call(Expression.Constant(query), select.Method, Expression.Quote(selector)), value);
    }
}
