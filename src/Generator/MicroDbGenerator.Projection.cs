using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    /// <summary>
    /// Lowers a Select lambda's body to a C# projector over an entity parameter named <c>r</c>: a mapped member
    /// (<c>p =&gt; p.Name</c>), an anonymous object, an object built by an accessible constructor and/or object
    /// initializer, each element a plain member of the row. An anonymous object is written with the same
    /// member names, types and order, so it is the user's anonymous type (the generated file is in their assembly).
    /// Anything computed is declined with the reason.
    /// </summary>
    private static class Projection
    {
        public static string? Lower(IOperation? body, IParameterSymbol? parameter, List<string> members, out string? reason, System.Func<IOperation, string?>? lift = null)
        {
            reason = null;
            if (body is null || parameter is null)
            {
                reason = "the projection is not a single-parameter lambda with an expression body";
                return null;
            }

            while (body is IConversionOperation { OperatorMethod: null, Conversion.IsIdentity: true } identity)
            {
                body = identity.Operand;
            }

            string? Element(IOperation value, ref string? why)
            {
                if (value is IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0, IsStatic: false } property }
                    && SymbolEqualityComparer.Default.Equals(instance.Parameter, parameter))
                {
                    members.Add(property.Name);
                    return "r.@" + property.Name;
                }

                if (lift?.Invoke(value) is { } lifted)
                {
                    // A sub-query (MicroDbGenerator.Subqueries.cs): its value, read after the members' columns.
                    return lifted;
                }

                why ??= $"'{value.Syntax}' is computed; an intercepted projection reads only plain mapped members";
                return null;
            }

            switch (body)
            {
                case IPropertyReferenceOperation:
                    return Element(body, ref reason);

                case IAnonymousObjectCreationOperation anonymous:
                    {
                        var parts = new List<string>();
                        foreach (var initializer in anonymous.Initializers)
                        {
                            if (initializer is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment
                                || Element(assignment.Value, ref reason) is not { } element)
                            {
                                reason ??= $"'{initializer.Syntax}' is not a member of the row";
                                return null;
                            }

                            parts.Add("@" + target.Property.Name + " = " + element);
                        }

                        return "new { " + string.Join(", ", parts) + " }";
                    }

                case IObjectCreationOperation { Constructor: { } constructor } creation:
                    {
                        if (!QueryChains.IsAccessible(creation.Type!) || !Reachable(constructor.DeclaredAccessibility))
                        {
                            reason = $"the type or constructor of '{creation.Syntax}' is not accessible to generated code";
                            return null;
                        }

                        var arguments = new List<string>();
                        foreach (var argument in creation.Arguments)
                        {
                            if (argument.ArgumentKind != ArgumentKind.Explicit || argument.Parameter is null)
                            {
                                reason = $"the constructor call '{creation.Syntax}' uses default or params arguments";
                                return null;
                            }

                            if (Element(argument.Value, ref reason) is not { } element)
                            {
                                return null;
                            }

                            arguments.Add("@" + argument.Parameter.Name + ": " + element);
                        }

                        var text = "new " + creation.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + "(" + string.Join(", ", arguments) + ")";
                        if (creation.Initializer is { } initializer)
                        {
                            var parts = new List<string>();
                            foreach (var init in initializer.Initializers)
                            {
                                var settable = init is ISimpleAssignmentOperation { Target: var target } && target switch
                                {
                                    IPropertyReferenceOperation { Property: { SetMethod: { } setter, Parameters.Length: 0 } property } =>
                                        Reachable(setter.DeclaredAccessibility) && Reachable(property.DeclaredAccessibility),
                                    IFieldReferenceOperation { Field: { IsReadOnly: false } field } => Reachable(field.DeclaredAccessibility),
                                    _ => false,
                                };
                                if (!settable)
                                {
                                    reason = $"'{init.Syntax}' does not set an accessible member";
                                    return null;
                                }

                                var assignment = (ISimpleAssignmentOperation)init;
                                if (Element(assignment.Value, ref reason) is not { } element)
                                {
                                    return null;
                                }

                                var name = assignment.Target is IPropertyReferenceOperation prop ? prop.Property.Name : ((IFieldReferenceOperation)assignment.Target).Field.Name;
                                parts.Add("@" + name + " = " + element);
                            }

                            text += " { " + string.Join(", ", parts) + " }";
                        }

                        return text;
                    }

                default:
                    if (lift?.Invoke(body) is { } whole)
                    {
                        // A sub-query as the whole projection (MicroDbGenerator.Subqueries.cs): its value, after the column 1.
                        return whole;
                    }

                    reason = $"the projection '{body.Syntax}' is computed; an intercepted projection is a member, an anonymous object, or a constructor or initializer of plain mapped members";
                    return null;
            }
        }

        private static bool Reachable(Accessibility accessibility) =>
            accessibility is Accessibility.Public or Accessibility.Internal or Accessibility.ProtectedOrInternal;
    }
}
