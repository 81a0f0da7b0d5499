using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// Puts expressions in place of a lambda's parameters, resolving a member of a replaced parameter to the expression it
/// was built from: with <c>x</c> replaced by <c>new { o, c }</c>, <c>x.c.Name</c> becomes <c>c.Name</c>. This is how a
/// join keeps every lambda over its tables' parameters: a result selector, a key over the joined result (query
/// syntax's transparent identifiers) and a Where or OrderBy after it. A member of an anonymous type or a positional
/// record maps to its constructor argument (by the constructor parameter's name), a member of an object initializer
/// to its assignment.
/// </summary>
internal sealed class RowSubstitution : ExpressionVisitor
{
    private readonly ParameterExpression[] _parameters;
    private readonly Expression[] _replacements;

    private RowSubstitution(ParameterExpression[] parameters, Expression[] replacements)
    {
        _parameters = parameters;
        _replacements = replacements;
    }

    /// <summary>The body of <paramref name="lambda"/> with parameter <c>i</c> replaced by <paramref name="replacements"/>[i].</summary>
    /// <exception cref="NotSupportedException">A member of a replaced parameter cannot be traced to what it was built from.</exception>
    public static Expression Apply(LambdaExpression lambda, params Expression[] replacements) => Apply(lambda.Body, lambda.Parameters, replacements);

    /// <summary><paramref name="body"/> (of a lambda over <paramref name="parameters"/>) with parameter <c>i</c> replaced by <paramref name="replacements"/>[i].</summary>
    /// <exception cref="NotSupportedException">A member of a replaced parameter cannot be traced to what it was built from.</exception>
    public static Expression Apply(Expression body, IReadOnlyList<ParameterExpression> parameters, params Expression[] replacements) =>
        new RowSubstitution([.. parameters], replacements).Visit(body);

    protected override Expression VisitMember(MemberExpression node)
    {
        // Only a member of a replaced parameter (or of a member of one) is traced; `new DateTime(...).Year` is kept as is.
        if (node.Expression is ParameterExpression or MemberExpression)
        {
            var target = Visit(node.Expression);
            if (ReferenceEquals(target, node.Expression))
            {
                return node;
            }

            if (Source(target, node.Member.Name) is { } source)
            {
                return source;
            }

            if (target is NewExpression or MemberInitExpression)
            {
                throw new NotSupportedException($"MicroDb cannot translate '{node}': the member '{node.Member.Name}' is not set by the projection '{target}', so it has no SQL form.");
            }

            return node.Update(target);
        }

        return base.VisitMember(node);
    }

    protected override Expression VisitParameter(ParameterExpression node)
    {
        var index = Array.IndexOf(_parameters, node);
        return index < 0 ? node : _replacements[index];
    }

    /// <summary>The expression a member of <paramref name="built"/> was set from, or null.</summary>
    internal static Expression? Source(Expression built, string memberName)
    {
        switch (built)
        {
            case NewExpression { Members: { } members } created:
                for (var i = 0; i < members.Count; i++)
                {
                    if (members[i].Name == memberName || members[i].Name == "get_" + memberName)
                    {
                        return created.Arguments[i];
                    }
                }

                return null;
            case MemberInitExpression init:
                foreach (var binding in init.Bindings)
                {
                    if (binding is MemberAssignment assignment && assignment.Member.Name == memberName)
                    {
                        return assignment.Expression;
                    }
                }

                return Source(init.NewExpression, memberName);
            default:
                return null;
        }
    }
}
