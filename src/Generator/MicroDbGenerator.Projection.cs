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
    /// initializer, or any expression over them that C# computes as the run time's interpreter does (arithmetic,
    /// concatenation, conditionals, conversions, calls of accessible methods: <see cref="ComputedElement"/>). An
    /// anonymous object is written with the same member names, types and order, so it is the user's anonymous type (the
    /// generated file is in their assembly). The body is written inside <c>unchecked(...)</c>, as the interpreter's arithmetic
    /// wraps. What is not reproduced is declined with the reason.
    /// </summary>
    private static class Projection
    {
        public static string? Lower(IOperation? body, IParameterSymbol? parameter, List<string> members, out string? reason, System.Func<IOperation, string?>? lift = null, List<string>? captured = null)
        {
            reason = null;
            if (body is null || parameter is null)
            {
                reason = "the projection is not a single-parameter lambda with an expression body";
                return null;
            }

            var element = new ComputedElement(parameter, members, captured, lift);
            var text = element.Emit(body, "");
            reason = text is null ? element.Reason ?? $"the projection '{body.Syntax}' is not lowered at build time" : null;

            // The run time's interpreter wraps on overflow: so does the projector in a project that checks arithmetic.
            return text is null ? null : "unchecked(" + text + ")";
        }
    }
}
