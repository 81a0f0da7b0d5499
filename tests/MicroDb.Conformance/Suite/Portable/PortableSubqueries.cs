using System.Linq.Expressions;
using System.Reflection;

namespace MicroDb.Conformance.Portable;

/// <summary>
/// Turns the portable queries a lambda reads (<c>db.Table&lt;Order&gt;().Any(o =&gt; o.CustomerId == c.Id)</c> over
/// <see cref="IPortableQuery{T}"/>) into the database's own queries, so the translator sees the sub-query it would see in
/// code written against that database: a part that reads no lambda parameter is run (it builds a query, it reads no row)
/// and becomes its native query; Where, Any, All and Count after it become the native query's own methods (non-generic
/// methods of its constructed type); <see cref="IPortableValues{T}.Contains"/> becomes the native Select(...).Contains.
/// </summary>
public static class PortableSubqueries
{
    /// <summary><paramref name="lambda"/> with every portable query in it replaced by the database's own.</summary>
    public static Expression<TDelegate> Native<TDelegate>(Expression<TDelegate> lambda) => (Expression<TDelegate>)new Rewriter().Visit(lambda);

    private static bool IsPortable(Type type) =>
        type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(IPortableQuery<>) || type.GetGenericTypeDefinition() == typeof(IPortableValues<>));

    private sealed class Rewriter : ExpressionVisitor
    {
        protected override Expression VisitMethodCall(MethodCallExpression node)
        {
            if (node.Object is not { } target || !IsPortable(target.Type))
            {
                return base.VisitMethodCall(node);
            }

            var arguments = node.Arguments.Select(Visit).ToList();
            if (target.Type.GetGenericTypeDefinition() == typeof(IPortableValues<>))
            {
                return node.Method.Name == nameof(IPortableValues<int>.Contains) && FreeParameters.None(target)
                    ? (Expression)target.Type.GetMethod(nameof(IPortableValues<int>.NativeContains))!.Invoke(Evaluate(target), [arguments[0]])!
                    : throw new NotSupportedException($"The portable suite's sub-queries read Values(...).Contains(...) over a query that reads no lambda parameter: '{node}'.");
            }

            var native = NativeOf(target);
            var parameterTypes = node.Method.GetParameters().Select(p => p.ParameterType).ToArray();
            if (node.Method.IsGenericMethod || native.Type.GetMethod(node.Method.Name, parameterTypes) is not { } method)
            {
                throw new NotSupportedException($"The portable suite's sub-queries call Where, Any, All and Count after a query that reads a lambda parameter, not '{node.Method.Name}': '{node}'.");
            }

            return Expression.Call(native, method, arguments!);
        }

        // The native query a portable one stands for: run when it reads no lambda parameter, else its own calls rewritten.
        private Expression NativeOf(Expression portable)
        {
            if (FreeParameters.None(portable))
            {
                var query = Evaluate(portable) ?? throw new ArgumentNullException(nameof(portable), $"'{portable}' is null.");
                var native = portable.Type.GetProperty(nameof(IPortableQuery<int>.Native))!.GetValue(query)!;
                return Expression.Constant(native, native.GetType());
            }

            return portable is MethodCallExpression call
                ? VisitMethodCall(call)
                : throw new NotSupportedException($"The portable suite cannot read '{portable}' as a sub-query.");
        }
    }

    // Runs a closed expression that builds a query: constants, members, calls and reference conversions (nothing compiled).
    private static object? Evaluate(Expression expression) => expression switch
    {
        ConstantExpression constant => constant.Value,
        MemberExpression { Member: FieldInfo field } member => field.GetValue(member.Expression is null ? null : Evaluate(member.Expression)),
        MemberExpression { Member: PropertyInfo property } member => property.GetValue(member.Expression is null ? null : Evaluate(member.Expression)),
        UnaryExpression { NodeType: ExpressionType.Quote } quote => quote.Operand,
        UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.TypeAs } convert when !convert.Type.IsValueType => Evaluate(convert.Operand),
        MethodCallExpression call => Invoke(call),
        _ => throw new NotSupportedException($"The portable suite cannot run '{expression}' to build a sub-query."),
    };

    private static object? Invoke(MethodCallExpression call)
    {
        var target = call.Object is null ? null : Evaluate(call.Object);
        var arguments = call.Arguments.Select(Evaluate).ToArray();
        try
        {
            return call.Method.Invoke(target, arguments);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
            throw;
        }
    }

    // Whether an expression reads a parameter of a lambda it is inside of (one not declared within it).
    private sealed class FreeParameters : ExpressionVisitor
    {
        private readonly HashSet<ParameterExpression> _declared = [];
        private bool _free;

        public static bool None(Expression expression)
        {
            var finder = new FreeParameters();
            finder.Visit(expression);
            return !finder._free;
        }

        protected override Expression VisitLambda<T>(Expression<T> node)
        {
            _declared.UnionWith(node.Parameters);
            return base.VisitLambda(node);
        }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            _free |= !_declared.Contains(node);
            return node;
        }
    }
}
