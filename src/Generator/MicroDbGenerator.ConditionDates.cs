using System.Collections.Generic;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Conditions comparing a DateTime, DateTimeOffset or TimeSpan member (nullable too) with a constant or captured value, written
// as the run-time translator writes them under each storage format (SqlTranslator.Semantics/.SqliteNet, SqlStoredDates):
// - MicroDb's format: a DateTime stored as ticks with its kind compares through one range per kind (equality: IN the three
//   stored forms of the ticks); a [StoreAsText] DateTime through its ISO text prefix; a TimeSpan as its ticks; a
//   DateTimeOffset is refused by the run time (such runs take the run-time path and throw its error);
// - sqlite-net's format: each is stored as one integer or text compared directly.
// The chain is written once per format (a second pass over the same writer), each pass adding its own values, marked
// with the form they derive by (LoweredNode.Form); the site binds the values of its connection's format only
// (InterceptedSite.DateValue) and picks the SQL by format (InterceptedSite.Formats).
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class Lowering
        {
            /// <summary>
            /// A DateTime, DateTimeOffset or TimeSpan member (nullable too) compared with a constant or captured value, as a
            /// comparison node of family <c>datetime</c>, <c>datetimeoffset</c> or <c>timespan</c>; (false, null) for any other
            /// comparison, (true, null) with <see cref="Reason"/> set when such a comparison is declined.
            /// </summary>
            private (bool Handled, LoweredNode? Node) DateComparison(IBinaryOperation b, string op, string path)
            {
                var leftUses = Uses(b.LeftOperand);
                if (_aggregate is null && _datePart is null && leftUses && Uses(b.RightOperand) && DatePairComparison(b, op) is (true, var pair))
                {
                    return (true, pair); // two date members of the row (MicroDbGenerator.ConditionDateParts.cs)
                }

                if (leftUses == Uses(b.RightOperand))
                {
                    return (false, null);
                }

                var (open, closed) = leftUses ? (b.LeftOperand, b.RightOperand) : (b.RightOperand, b.LeftOperand);
                if (_aggregate is not null && (Aggregate(WithoutConversions(open)) is not null || _datePart?.Invoke(WithoutConversions(open)) is not null
                    || WithoutConversions(open) is IPropertyReferenceOperation { Instance: { } partOf } && DateFamily(Underlying(partOf.Type)) is not null))
                {
                    // HAVING: an aggregate, a key that is a date part (its GROUP BY term) or a part of a date compares by the grouping's rules;
                    // a key member (g.Key, g.Key.At) compares as a Where compares the member (the run time substitutes it).
                    return (false, null);
                }
                if (WithoutConversions(open) is IPropertyReferenceOperation { Instance: { } instance } part && DateFamily(Underlying(instance.Type)) is not null)
                {
                    // x.At.Year, x.At.Date: the run time computes them in SQL (MicroDbGenerator.ConditionDateParts.cs).
                    return DatePartComparison(b, op, path, part, open, closed, leftUses);
                }

                if (DateFamily(Underlying(WithoutConversions(open).Type)) is not { } family)
                {
                    return (false, null);
                }

                if (Member(open, out var member, lifted: true, anyType: true) is null || member is null)
                {
                    return (true, Reason is null ? Decline($"'{open.Syntax}' is not a member of the row") : null);
                }

                if (DateFamily(Underlying(member.Type)) != family)
                {
                    return (true, Decline($"'{b.Syntax}' converts member '{member.Name}' of type '{member.Type.ToDisplayString()}', which follows the run-time translator's rules"));
                }

                var value = closed is IConversionOperation { OperatorMethod: null, Conversion.IsNullable: true } lift ? lift.Operand : closed;
                if (IsNull(closed))
                {
                    // Equality with null is IS NULL (Comparison's null check); an ordering with null is false in C#.
                    return (true, Decline($"'{b.Syntax}' orders against null"));
                }

                if (!IsClosedValue(value))
                {
                    return (true, Decline($"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time"));
                }

                var memberType = member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                return (true, new LoweredNode(op, _memberName ?? member.Name, memberType, family, path + (leftUses ? "R" : "L"), ValueOnLeft: !leftUses, Table: LastTable, Nullable: b.IsLifted));
            }

            private static IOperation WithoutConversions(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    operation = conversion.Operand;
                }

                return operation;
            }

            private static string? DateFamily(ITypeSymbol? type) =>
                type is { ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }
                    ? type.Name switch { "DateTime" => "datetime", "DateTimeOffset" => "datetimeoffset", "TimeSpan" => "timespan", _ => null }
                    : null;
        }
    }

    private static partial class InterceptorEmitter
    {
        // The storage format the condition being written is for: null outside the conditions where date comparisons are
        // lowered (one table's, a join's, a joined table's own and a grouping's Where, their sub-queries, HAVING and Count
        // predicates, and a set-based write's Where), false MicroDb's, true sqlite-net's.
        [System.ThreadStatic]
        private static bool? _datesPass;

        // Whether the pass wrote a date comparison, and whether MicroDb's format refused one (a DateTimeOffset).
        [System.ThreadStatic]
        private static bool _datesUsed;
        [System.ThreadStatic]
        private static bool _microDbRefused;

        // The one-table site's Formats call when its SQL depends on the storage format (appended by EmitSite).
        [System.ThreadStatic]
        private static string? _dateFormats;

        /// <summary>Whether <paramref name="node"/> compares a DateTime, DateTimeOffset or TimeSpan member with a value.</summary>
        private static bool IsDate(LoweredNode node) => node.Family is "datetime" or "datetimeoffset" or "timespan";

        /// <summary>
        /// A date comparison (<see cref="IsDate"/>) as the run-time translator writes it under the pass's storage format, its
        /// values appended in slot order, each marked with its form (<see cref="SqlStoredDates"/>, <c>InterceptedSite.DateValue</c>).
        /// </summary>
        private static SqlExpression? DateCondition(LoweredNode node, ColumnModel column, SqlColumn name, List<LoweredNode> values, int where, ref string? declined)
        {
            var type = node.Family switch { "datetime" => "DateTime", "datetimeoffset" => "DateTimeOffset", _ => "TimeSpan" };
            if (_datesPass is not { } sqliteNet || ReferenceEquals(values, _liftedValues))
            {
                // A projection's sub-query binds its values before the others' (LiftedValue), by one list for both formats.
                declined = $"the comparison of {type} member '{node.Member}' with a value is lowered in a Where of one table, a join or a grouping, their sub-queries, HAVING and Count(predicate), and a set-based write's Where (not here, in a projection's sub-query)";
                return null;
            }

            if (_depth > 0 && name.Table is null)
            {
                // Inside a sub-query: its columns are named by its alias (as Qualify names them, an IN list's operand too).
                name = name with { Table = SubqueryAlias(_depth - 1) };
            }

            var stored = node.Family switch
            {
                "datetime" => column.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText,
                "datetimeoffset" => column.Kind == ColumnKind.DateTimeOffset,
                _ => column.Kind == ColumnKind.TimeSpan,
            };
            if (!stored)
            {
                declined = $"member '{node.Member}' is stored as {column.Kind}, which compares by the run-time translator's rules";
                return null;
            }

            _datesUsed = true;
            var op = node.ValueOnLeft ? Flip(node.Op) : node.Op;
            var equality = op is "=" or "<>";
            var path = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path;
            SqlExpression Value(string? form, ColumnKind? kind)
            {
                var parameter = new SqlParameter(values.Count, kind);
                values.Add(node with { Left = null, Right = null, Path = path, Form = form });
                return parameter;
            }

            SqlExpression Derived(string form) => Value(form, null);

            // An ordering of a nullable operand is false when the member is null: guarded as the run time guards it.
            SqlExpression Guarded(SqlExpression comparison) =>
                new SqlGroup(node.Nullable ? new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, comparison) : comparison);

            if (!sqliteNet)
            {
                switch (node.Family)
                {
                    case "datetimeoffset":
                        // Stored as text with its offset: the run time refuses the comparison under MicroDb's format.
                        _microDbRefused = true;
                        declined = $"member '{node.Member}' is a DateTimeOffset, which the run-time translator does not compare under MicroDb's storage format";
                        return null;
                    case "datetime" when column.Kind == ColumnKind.DateTime:
                        return equality ? SqlStoredDates.TicksEquality(name, op == "<>", Derived) : Guarded(SqlStoredDates.TicksRange(name, op, Derived));
                    case "datetime":
                        return equality ? SqlStoredDates.TextEquality(name, op == "<>", Derived) : Guarded(SqlStoredDates.TextRange(name, op, Derived));
                }
            }

            // Compared directly (a TimeSpan's ticks; under sqlite-net's format each type's one integer or text), as the
            // translator writes a closed operand: equality member first, an ordering in the order C# has it.
            var form = node.Family switch
            {
                "timespan" when !equality => sqliteNet ? "st" : "m",
                "datetime" => equality ? "s" : node.ValueOnLeft ? "sl" : "so",
                _ => null,
            };
            var value = Value(form, column.Kind);
            if (equality)
            {
                return new SqlGroup(new SqlBinary(name, SqlComparisons.Of(node.Op, node.Nullable), value));
            }

            var comparison = SqlComparisons.Of(node.Op);
            return Guarded(node.ValueOnLeft ? new SqlBinary(value, comparison, name) : new SqlBinary(name, comparison, value));
        }

        /// <summary>Appends <c>.DateValue(form)</c> after a date comparison's value (bound under one storage format only).</summary>
        private static void AppendForm(System.Text.StringBuilder text, LoweredNode value)
        {
            if (value.Form is { } form)
            {
                text.Append(".DateValue(").Append(SymbolDisplay.FormatLiteral(form, quote: true)).Append(')');
            }
        }

        /// <summary>
        /// The values of both passes in one list: those bound under both formats once, each date comparison's values of
        /// MicroDb's format then sqlite-net's (the site binds a run's format's values only, so each format keeps its slot order).
        /// </summary>
        private static List<LoweredNode>? MergeDates(List<LoweredNode>? microDb, List<LoweredNode>? sqliteNet)
        {
            if (microDb is null || sqliteNet is null)
            {
                return microDb ?? sqliteNet;
            }

            var merged = new List<LoweredNode>();
            int i = 0, j = 0;
            while (i < microDb.Count || j < sqliteNet.Count)
            {
                var before = merged.Count;
                while (i < microDb.Count && microDb[i].Form is not null)
                {
                    merged.Add(microDb[i++]);
                }

                while (j < sqliteNet.Count && sqliteNet[j].Form is not null)
                {
                    merged.Add(sqliteNet[j++]);
                }

                if (merged.Count == before)
                {
                    // A value both formats bind (the passes write the same conditions in the same order).
                    merged.Add(i < microDb.Count ? microDb[i] : sqliteNet[j]);
                    i++;
                    j++;
                }
            }

            return merged;
        }

        /// <summary>
        /// One table's chain (<see cref="Write"/>), written a second time for sqlite-net's storage format when it compares a
        /// date member: the SQL of MicroDb's format (null when the run time refuses it there), the values of both, and
        /// <see cref="_dateFormats"/>, the site's <c>Formats</c> call when the texts differ.
        /// </summary>
        private static (string? Sql, List<LoweredNode>? Values, string? Declined) WriteDated(QueryChain chain, EntityModel model)
        {
            (_datesPass, _datesUsed, _microDbRefused, _dateFormats) = (false, false, false, null);
            var (sql, values, declined) = Write(chain, model);
            var refused = _microDbRefused;
            if (!_datesUsed && !refused || declined is not null && !refused)
            {
                _datesPass = null;
                return (sql, values, declined);
            }

            // The second pass adds the same sub-query checks and lifted values again: the first pass's are kept.
            var (subqueries, lifted, liftedSubqueries) = (_subqueries is null ? null : new List<(int, string)>(_subqueries), _liftedValues, _liftedSubqueries);
            _datesPass = true;
            var (sqliteNetSql, sqliteNetValues, sqliteNetDeclined) = Write(chain, model);
            _datesPass = null;
            if (sqliteNetDeclined is not null)
            {
                return (null, null, sqliteNetDeclined);
            }

            if (!refused)
            {
                (_subqueries, _liftedValues, _liftedSubqueries) = (subqueries, lifted, liftedSubqueries);
            }

            _dateFormats = DateFormats(sql, sqliteNetSql, refused, () => Write(chain, model) is { Declined: null } text ? text.Sql : null); // MicroDbGenerator.ConditionDateParts.cs
            return (refused ? sqliteNetSql : sql, MergeDates(refused ? null : values, sqliteNetValues), null);
        }
    }
}
