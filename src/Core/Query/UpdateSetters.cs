using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// The columns an <see cref="TableQuery{T}.ExecuteUpdate"/> sets, each to a value or to an expression over the row's own
/// members: <c>s =&gt; s.Set(x =&gt; x.Price, x =&gt; x.Price * 1.1m).Set(x =&gt; x.Name, "n")</c>. Nothing is run or
/// translated until the update runs; each <see cref="Set{TValue}(Expression{Func{T, TValue}}, TValue)"/> returns this builder.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public sealed class UpdateSetters<T>
{
    private readonly List<Setter> _setters = [];

    internal UpdateSetters()
    {
    }

    internal IReadOnlyList<Setter> Setters => _setters;

    /// <summary>Sets the column of <paramref name="member"/> to <paramref name="value"/>, stored as an insert of that value would store it.</summary>
    /// <typeparam name="TValue">The member's type.</typeparam>
    /// <param name="member">A mapped member of the row, such as <c>x =&gt; x.Name</c>.</param>
    /// <param name="value">The value written.</param>
    /// <returns>This builder.</returns>
    public UpdateSetters<T> Set<TValue>(Expression<Func<T, TValue>> member, TValue value)
    {
        ArgumentNullException.ThrowIfNull(member);
        _setters.Add(new Setter(member, value, null));
        return this;
    }

    /// <summary>
    /// Sets the column of <paramref name="member"/> to <paramref name="value"/>, evaluated by SQLite for each row from the
    /// row's own members (<c>x =&gt; x.Price * 1.1m</c>); an expression that reads no member is evaluated once, as a value.
    /// </summary>
    /// <typeparam name="TValue">The member's type.</typeparam>
    /// <param name="member">A mapped member of the row, such as <c>x =&gt; x.Price</c>.</param>
    /// <param name="value">The value, as an expression over the row.</param>
    /// <returns>This builder.</returns>
    public UpdateSetters<T> Set<TValue>(Expression<Func<T, TValue>> member, Expression<Func<T, TValue>> value)
    {
        ArgumentNullException.ThrowIfNull(member);
        ArgumentNullException.ThrowIfNull(value);
        _setters.Add(new Setter(member, null, value));
        return this;
    }

    /// <summary>One Set call: the member, and a value or an expression.</summary>
    internal sealed record Setter(LambdaExpression Member, object? Value, LambdaExpression? Expression);
}
