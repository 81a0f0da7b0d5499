using System.Linq.Expressions;
using System.Reflection;

namespace MicroDb.Query;

// The captured values a computed projection reads (issue 22, build-time computed Select): the generated projector is the
// selector re-emitted as C#, and each local, parameter or member chain it closes over is read here from the query's own
// selector, by the same path steps as a condition's values, once per run.
public sealed partial class InterceptedSite
{
    private string[] _selectorValues = [];

    /// <summary>For generated code: a captured value the projection's selector reads, at <paramref name="path"/> from the selector's body.</summary>
    /// <param name="path">The node's steps from the selector's body (conversions without a method looked through before each step).</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    public InterceptedSite SelectorValue(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        _selectorValues = [.. _selectorValues, path];
        return this;
    }

    /// <summary>
    /// The captured values of <paramref name="selector"/> at the site's paths, each as its own type (the conversions over it
    /// are the generated code's), or null when a path does not reach a captured value (the tree is not the one the
    /// generator saw: the caller runs the run-time path).
    /// </summary>
    internal object?[]? ReadSelectorValues(LambdaExpression selector)
    {
        var values = new object?[_selectorValues.Length];
        for (var i = 0; i < values.Length; i++)
        {
            if (!TryNavigate(selector.Body, _selectorValues[i], out var node))
            {
                return null;
            }

            while (node is UnaryExpression { NodeType: ExpressionType.Convert, Method: null } convert)
            {
                node = convert.Operand;
            }

            if (!IsCapturedRead(node))
            {
                return null;
            }

            values[i] = node switch
            {
                MemberExpression { Member: FieldInfo field, Expression: ConstantExpression closure } => field.GetValue(closure.Value),
                ConstantExpression constant => constant.Value,
                _ => ExpressionInterpreter.EvaluateClosed(node),
            };
        }

        return values;
    }

    /// <summary>A closure's field, a constant, or a field or property read on one: what the generator reads as a captured value.</summary>
    private static bool IsCapturedRead(Expression node) => node switch
    {
        ConstantExpression => true,
        MemberExpression { Expression: { } instance } => IsCapturedRead(instance),
        _ => false,
    };
}
