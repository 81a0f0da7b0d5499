using System.Linq;
using System.Collections.Generic;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for joins, part three: the structure of chains with a RightJoin after another join, as the
    // run time's JoinState.RightJoin builds them.
    private static partial class QueryChains
    {
        private sealed partial class JoinLowering
        {
            /// <summary>
            /// A RightJoin after a join with Where conditions (the first table's own and the join's): the run time ANDs each,
            /// in call order, to the RIGHT JOIN's key condition (<c>((key AND w0) AND w1)</c>) and the join keeps only the
            /// kept table's own conditions as WHERE. Each becomes a <c>RightOn</c> step of table <paramref name="table"/>,
            /// its values' paths starting at that ON condition's root: condition j of k is at <c>L</c> taken k-1-j times, then <c>R</c>.
            /// </summary>
            private void MoveWheresIntoRightJoin(int table)
            {
                var count = 0;
                foreach (var step in _steps)
                {
                    count += step.Method == "Where" ? 1 : 0;
                }

                var j = 0;
                for (var i = 0; i < _steps.Count; i++)
                {
                    if (_steps[i].Method == "Where")
                    {
                        var prefix = new string('L', count - 1 - j++) + "R";
                        _steps[i] = _steps[i] with { Method = "RightOn", KeyTable = table, Predicate = Prefixed(_steps[i].Predicate!, prefix) };
                    }
                }
            }

            /// <summary>
            /// The RightJoin's result with the rows before it (used whole in its selector) hidden: a later operator reading them
            /// would read the run time's <c>anchor == null ? null : row</c>, which is not lowered, so it reads them as computed.
            /// </summary>
            private static Shape? HideMissing(Shape? shape) => shape switch
            {
                MissingShape => null,
                ObjectShape obj => new ObjectShape(obj.Members.ToDictionary(m => m.Key, m => HideMissing(m.Value), System.StringComparer.Ordinal)),
                _ => shape,
            };

            /// <summary>
            /// A join key (or a composite key's part) as the run time's translator writes it in the ON condition: a member of
            /// the rows, or a string member's case mapping (<c>ToLower()</c>, <c>ToUpper()</c> and the invariant forms:
            /// <c>lower(...)</c>, <c>upper(...)</c>) or <c>Length</c> (<c>length(...)</c>), each with no value to bind. Such a
            /// key's member is named <c>Member.ToLower()</c> or <c>Member.Length</c>, as a grouping key's (the emitter's <c>StringPartKeyEquality</c>).
            /// </summary>
            private static KeySide? KeyOf(IOperation? body, Dictionary<IParameterSymbol, Shape> scope)
            {
                if (body is IConversionOperation { OperatorMethod: null, Conversion.IsNullable: true, Type: INamedTypeSymbol { TypeArguments.Length: 1 } nullable } conversion
                    && SymbolEqualityComparer.Default.Equals(nullable.TypeArguments[0], conversion.Operand.Type))
                {
                    body = conversion.Operand;
                }

                switch (Strip(body))
                {
                    case IInvocationOperation { TargetMethod.ContainingType.SpecialType: SpecialType.System_String, Arguments.Length: 0, Instance: { } text } call
                        when SqlStrings.CaseMapping(call.TargetMethod.Name) is not null && Eval(Strip(text), scope) is MemberShape { Member.Type.SpecialType: SpecialType.System_String } owner:
                        return new KeySide(owner.Table, new KeyMember(owner.Member.Name + "." + call.TargetMethod.Name + "()", call.Type!));
                    case IPropertyReferenceOperation { Property.Name: "Length", Property.ContainingType.SpecialType: SpecialType.System_String, Instance: { } text } length
                        when Eval(Strip(text), scope) is MemberShape { Member.Type.SpecialType: SpecialType.System_String } owner:
                        return new KeySide(owner.Table, new KeyMember(owner.Member.Name + ".Length", length.Type!));
                }

                return Key(body, scope) is { } member ? new KeySide(member.Table, new KeyMember(member.Member.Name, member.Member.Type)) : null;
            }

            /// <summary><paramref name="node"/> with every value's path starting with <paramref name="prefix"/>.</summary>
            private static LoweredNode Prefixed(LoweredNode node, string prefix) => node with
            {
                Path = node.Path is null ? null : prefix + node.Path,
                Left = node.Left is null ? null : Prefixed(node.Left, prefix),
                Right = node.Right is null ? null : Prefixed(node.Right, prefix),
            };
        }

        /// <summary>A join key's side: table <paramref name="Table"/>'s <paramref name="Member"/>.</summary>
    private sealed record KeySide(int Table, KeyMember Member);

    /// <summary>A join key's member (<c>Name</c>, or <c>Name.ToLower()</c>, <c>Name.Length</c> ...) and the key's type.</summary>
    private sealed record KeyMember(string Name, ITypeSymbol Type);

    private sealed partial class ProjectorText
        {
            /// <summary>
            /// The rows before a RightJoin used whole in its result (<c>(x, l) =&gt; new { x, l.Sku }</c>), as the run time's
            /// MissingRow reads them: <c>anchor == null ? null : x</c>, x being the selector that built them, read over the
            /// rows (its left-joined rows may be missing too; the others are there wherever the anchor is).
            /// </summary>
            private string? WholeBeforeRight(MissingShape missing, IOperation operation)
            {
                if (missing.Previous is not { } previous || operation.Type is not { IsValueType: false } type || LambdaBody(previous.Lambda) is not { } body)
                {
                    return Fail($"'{operation.Syntax}' (the rows before a RightJoin used whole) is not lowered at build time: only an object built by the earlier join's or Select's selector is");
                }

                if (!type.IsAnonymousType && !IsAccessible(type))
                {
                    return Fail($"the type of '{operation.Syntax}' is not accessible to generated code");
                }

                var rows = new ProjectorText(previous.Scope, tables, used, whole, left: BeforeRight?.Left ?? left) { Tuples = Tuples };
                if (rows.Text(body) is not { } text)
                {
                    return Fail(rows.Reason ?? $"'{operation.Syntax}' (the rows before a RightJoin used whole) is not lowered at build time");
                }

                Direct &= rows.Direct;
                return "(" + JoinMarkers.Missing(missing.Anchor) + " ? null : " + text + ")";
            }
        }
    }

    private static partial class InterceptorEmitter
    {
        private const string MovedOn = "onto";

        /// <summary>The member a join key's member names (<c>Name</c> of <c>Name.ToLower()</c>).</summary>
        private static string KeyMemberName(string member) => member.IndexOf('.') is var dot and >= 0 ? member.Substring(0, dot) : member;

        /// <summary>The string member's part a join key's member names (<c>ToLower()</c>, <c>Length</c> ...), or null.</summary>
        private static string? KeyPart(string member) => member.IndexOf('.') is var dot and >= 0 ? member.Substring(dot + 1) : null;

        /// <summary>
        /// A join key pair where a side is a string member's part, as the run-time translator writes <c>outer == inner</c>:
        /// that side <c>length(...)</c>, <c>lower(...)</c> or <c>upper(...)</c> (<see cref="SqlStrings"/>, the grouping key's
        /// rule), the other the column (or its own part), compared with <c>=</c>, or <c>IS</c> where the key can be null;
        /// a single nullable key also needs its outer side <c>IS NOT NULL</c>. The same text under both storage formats.
        /// </summary>
        private static SqlExpression? StringPartKeyEquality(ColumnModel outer, int outerTable, string? outerPart, ColumnModel inner, int innerTable, string? innerPart,
            string family, bool nullable, bool guarded, out string? declined)
        {
            SqlExpression? Side(ColumnModel column, int table, string? part)
            {
                SqlExpression value = new SqlColumn(column.ColumnName, SqlAliases.Table(table));
                if (part is not null)
                {
                    return column.Kind != ColumnKind.String ? null
                        : part == "Length" ? SqlStrings.Length(value) : SqlStrings.CaseMapped(SqlStrings.CaseMapping(part.Substring(0, part.Length - 2))!, value);
                }

                return family == "string" && column.Kind == ColumnKind.String || family == "integer" && Fits(column.Kind, family) ? value : null;
            }

            declined = null;
            if (Side(outer, outerTable, outerPart) is not { } left || Side(inner, innerTable, innerPart) is not { } right)
            {
                declined = $"the key '{outer.MemberName}' is stored as {outer.Kind} and '{inner.MemberName}' as {inner.Kind}, which compare by the run-time translator's rules";
                return null;
            }

            SqlExpression equal = new SqlGroup(new SqlBinary(left, nullable ? SqlOperator.Is : SqlOperator.Equal, right));
            return guarded ? new SqlGroup(new SqlBinary(equal, SqlOperator.And, new SqlGroup(new SqlIsNull(left, Negated: true)))) : equal;
        }

        /// <summary>The family of a value moved into table <paramref name="table"/>'s RIGHT JOIN ON condition (its own table kept in <c>Table</c>).</summary>
        private static string MovedOnFamily(int table, string? family) => MovedOn + table.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + family;

        /// <summary>The RIGHT JOIN table a value was moved into (<see cref="MovedOnFamily"/>), or null.</summary>
        private static int? MovedOnTable(string? family)
        {
            if (family is null || !family.StartsWith(MovedOn, System.StringComparison.Ordinal))
            {
                return null;
            }

            var colon = family.IndexOf(':');
            return int.Parse(family.Substring(MovedOn.Length, colon - MovedOn.Length), System.Globalization.CultureInfo.InvariantCulture);
        }
    }
}
