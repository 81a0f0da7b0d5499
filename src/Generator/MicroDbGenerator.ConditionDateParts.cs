using System.Collections.Generic;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Conditions over date parts and date pairs in one table's Where (or terminal predicate), written as the run-time
// translator writes them under each storage format (SqlTranslator.Dates/.Comparisons/.Semantics, SqlDateParts):
// - a date part compared with a value (x.At.Year == 2025, x.Due.Value.Month < m, x.When.Hour >= h): the part's SQL
//   (SqlDateParts: MicroDb's ticks or ISO text, sqlite-net's ticks, sqlite-net's text positions) compared with the value,
//   bound as a value compared with no column;
// - a DateTime's Date compared with a DateTime value (x.At.Date == day): the part's stored key (ticks or text prefix)
//   against the value's key under MicroDb's format, the part against the value as stored under sqlite-net's ticks
//   (refused by the run time under sqlite-net's text);
// - two date members of the row (x.At > x.DueAt): their stored keys compared, guarded by IS NOT NULL when lifted.
// sqlite-net's text storage of DateTime gets a third text (the site's DateParts), used where the format's layout has the
// parts at the run time's positions; other layouts take the run-time path.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class Lowering
        {
            /// <summary>
            /// A date or time part (<paramref name="part"/>) of a date member compared with a constant or captured value:
            /// a comparison node of family <c>datepart:Part</c> over the member, its value bound as compared with no column
            /// (a Date's: as the member's key, <c>MemberType</c> the member's), or declined with a reason.
            /// </summary>
            private (bool Handled, LoweredNode? Node) DatePartComparison(IBinaryOperation b, string op, string path, IPropertyReferenceOperation part, IOperation open, IOperation closed, bool leftUses)
            {
                var owner = DateFamily(Underlying(part.Instance!.Type));
                var name = part.Property.Name;
                var lowered = owner switch
                {
                    "datetime" => name is "Year" or "Month" or "Day" or "Hour" or "Minute" or "Second" or "DayOfWeek" or "DayOfYear" or "Date",
                    "datetimeoffset" => name is "Year" or "Month" or "Day" or "Hour" or "Minute" or "Second" or "Millisecond" or "DayOfWeek" or "DayOfYear",
                    _ => false,
                };
                if (!lowered || _parent is not null)
                {
                    return (true, Decline($"the date part '{part.Syntax}' in a condition is not lowered at build time" + (_parent is null ? "" : " inside a sub-query")));
                }

                if (b.IsLifted)
                {
                    return (true, Decline($"'{b.Syntax}' compares the date part '{part.Syntax}' with a nullable value, which is not lowered at build time"));
                }

                // The part itself, through integer and enum conversions only (the run time translates those as the operand).
                for (var operand = open; operand is IConversionOperation conversion; operand = conversion.Operand)
                {
                    if (conversion.OperatorMethod is not null || !(conversion.Conversion.IsIdentity || IsIntegralOrEnum(conversion.Type) && IsIntegralOrEnum(conversion.Operand.Type)))
                    {
                        return (true, Decline($"the conversion '{conversion.Syntax}' follows the run-time translator's rules"));
                    }
                }

                // The date: a member of the row, or a nullable member's Value.
                var date = part.Instance!;
                if (date is IPropertyReferenceOperation { Property.Name: "Value", Instance: { Type: INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } } nullable })
                {
                    date = nullable;
                }

                if (Member(date, out var member, lifted: true, anyType: true) is null || member is null || DateFamily(Underlying(member.Type)) != owner)
                {
                    return (true, Reason is null ? Decline($"the date part '{part.Syntax}' is not of a member of the row") : null);
                }

                if (IsNull(closed))
                {
                    return (true, Decline($"'{b.Syntax}' compares with null"));
                }

                if (!IsClosedValue(closed))
                {
                    return (true, Decline($"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time"));
                }

                ITypeSymbol valueType = name == "Date" ? member!.Type : closed.Type ?? part.Property.Type;
                var type = valueType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                return (true, new LoweredNode(op, member!.Name, type, "datepart:" + name, path + (leftUses ? "R" : "L"), ValueOnLeft: !leftUses, Table: LastTable));
            }

            /// <summary>
            /// Two DateTime, DateTimeOffset or TimeSpan members of the row compared (<c>x.At &gt; x.DueAt</c>, nullable too): a
            /// node of family <c>datepair</c> (<c>Left.Member</c> the second member), (false, null) when the operands are not
            /// two such members, or declined with a reason.
            /// </summary>
            private (bool Handled, LoweredNode? Node) DatePairComparison(IBinaryOperation b, string op)
            {
                IOperation Plain(IOperation operand)
                {
                    while (operand is IConversionOperation { OperatorMethod: null } conversion
                        && (conversion.Conversion.IsIdentity || conversion.Conversion.IsNullable && SymbolEqualityComparer.Default.Equals(Underlying(conversion.Type), Underlying(conversion.Operand.Type))))
                    {
                        operand = conversion.Operand;
                    }

                    return operand;
                }

                var (left, right) = (Plain(b.LeftOperand), Plain(b.RightOperand));
                var family = DateFamily(Underlying(left.Type));
                if (family is null || DateFamily(Underlying(right.Type)) != family || _parent is not null || _resolve is not null)
                {
                    return (false, null);
                }

                var saved = Reason;
                if (Member(left, out var first, lifted: true, anyType: true) is null || first is null
                    || Member(right, out var second, lifted: true, anyType: true) is null || second is null)
                {
                    Reason = saved;
                    return (false, null);
                }

                if (family == "timespan" && op is not ("=" or "<>"))
                {
                    // Stored as "c" text under sqlite-net's storeTimeSpanAsTicks: false, which the run time does not order.
                    return (true, Decline($"'{b.Syntax}' orders two TimeSpan members, which the run time refuses under sqlite-net's TimeSpan text (not lowered at build time)"));
                }

                var memberType = first.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                return (true, new LoweredNode(op, first.Name, memberType, "datepair", Left: new LoweredNode("member", second.Name), Nullable: b.IsLifted));
            }
        }
    }

    private static partial class InterceptorEmitter
    {
        // Whether the chain being written may lower date parts and date pairs (one table's chain or a set-based write's Where).
        [System.ThreadStatic]
        private static bool _datePartsPass;

        // The third pass: sqlite-net's format storing DateTime as text (the parts read at the text's positions).
        [System.ThreadStatic]
        private static bool _dateTextPass;

        // What the passes wrote: a DateTime's part, a time part (Hour, Minute, Second), a pair of DateTime members.
        [System.ThreadStatic]
        private static bool _dateTimeParts;
        [System.ThreadStatic]
        private static bool _timeParts;
        [System.ThreadStatic]
        private static bool _dateTimePairs;

        /// <summary>Whether <paramref name="node"/> compares a date part with a value or two date members.</summary>
        private static bool IsDatePart(LoweredNode node) =>
            node.Family is "datepair" || node.Family?.StartsWith("datepart:", System.StringComparison.Ordinal) == true;

        /// <summary>One table's chain, which may compare date parts and date pairs (<see cref="WriteDated"/>).</summary>
        private static (string? Sql, List<LoweredNode>? Values, string? Declined) WriteDatedParts(QueryChain chain, EntityModel model)
        {
            (_datePartsPass, _dateTextPass, _dateTimeParts, _timeParts, _dateTimePairs) = (true, false, false, false, false);
            try
            {
                return WriteDated(chain, model);
            }
            finally
            {
                _datePartsPass = false;
                _dateTextPass = false;
            }
        }

        /// <summary>
        /// A set-based write (<see cref="WriteSetBased"/>) whose <c>Where</c> compares dates (a member with a value, a date part,
        /// two date members): written once per storage format as a one-table chain is, the site's <c>Formats</c> in
        /// <see cref="_dateFormats"/> (the sqlite-net text then needs no second site: the SQL is returned without it).
        /// </summary>
        private static (string? Sql, string? SqliteNetSql, List<LoweredNode>? Values, string? Declined) WriteSetBasedDated(QueryChain chain, EntityModel model)
        {
            (_datesPass, _datesUsed, _microDbRefused, _dateFormats) = (false, false, false, null);
            (_datePartsPass, _dateTextPass, _dateTimeParts, _timeParts, _dateTimePairs) = (true, false, false, false, false);
            try
            {
                var (sql, sqliteNetSql, values, declined) = WriteSetBased(chain, model);
                var refused = _microDbRefused;
                if (!_datesUsed && !refused || declined is not null && !refused)
                {
                    return (sql, sqliteNetSql, values, declined);
                }

                var (subqueries, lifted, liftedSubqueries) = (_subqueries is null ? null : new List<(int, string)>(_subqueries), _liftedValues, _liftedSubqueries);
                _datesPass = true;
                var (other, otherSqliteNet, otherValues, otherDeclined) = WriteSetBased(chain, model);
                if (otherDeclined is not null)
                {
                    return (null, null, null, otherDeclined);
                }

                if (!refused)
                {
                    (_subqueries, _liftedValues, _liftedSubqueries) = (subqueries, lifted, liftedSubqueries);
                }

                var sqliteNet = otherSqliteNet ?? other;
                _dateFormats = DateFormats(sql, sqliteNet, refused, () =>
                {
                    var text = WriteSetBased(chain, model);
                    return text.Declined is null ? text.SqliteNetSql ?? text.Sql : null;
                });
                return (refused ? sqliteNet : sql, null, MergeDates(refused ? null : values, otherValues), null);
            }
            finally
            {
                (_datesPass, _datePartsPass, _dateTextPass) = (null, false, false);
            }
        }

        /// <summary>
        /// The site's <c>Formats</c> call (null when one text serves both formats): with a DateTime's part or pair, a
        /// DateTime key (sqlite-net's zoned or unsorted text formats take the run-time path), and for a part the text of
        /// sqlite-net's DateTime text (<paramref name="textPass"/>, a third pass; null where the run time refuses it there).
        /// </summary>
        private static string? DateFormats(string? sql, string? sqliteNetSql, bool refused, System.Func<string?> textPass)
        {
            var dateTimeKeys = _dateTimeParts || _dateTimePairs;
            if (!dateTimeKeys)
            {
                return sql == sqliteNetSql ? null
                    : ".Formats(" + (refused ? "false, null" : "true, " + SymbolDisplay.FormatLiteral(sqliteNetSql!, quote: true)) + ", false)";
            }

            var formats = ".Formats(" + (refused ? "false, null" : "true, " + SymbolDisplay.FormatLiteral(sqliteNetSql!, quote: true)) + ", true)";
            if (!_dateTimeParts)
            {
                return formats;
            }

            // The third pass adds the same sub-query checks and lifted values again: the first pass's are kept.
            var (subqueries, lifted, liftedSubqueries) = (_subqueries is null ? null : new List<(int, string)>(_subqueries), _liftedValues, _liftedSubqueries);
            (_datesPass, _dateTextPass) = (true, true);
            var text = textPass();
            (_datesPass, _dateTextPass) = (null, false);
            (_subqueries, _liftedValues, _liftedSubqueries) = (subqueries, lifted, liftedSubqueries);
            return formats + ".DateParts(" + (text is null ? "null" : SymbolDisplay.FormatLiteral(text, quote: true)) + ", " + (_timeParts ? "true" : "false") + ")";
        }

        /// <summary>
        /// A date part compared with a value, or two date members compared, as the run-time translator writes it under the
        /// pass's storage format, its values appended in slot order (a Date's marked with their format's form).
        /// </summary>
        private static SqlExpression? DatePartCondition(LoweredNode node, EntityModel model, ColumnModel column, SqlColumn name, List<LoweredNode> values, int where, bool joined, ref string? declined)
        {
            if (!_datePartsPass || _datesPass is not { } sqliteNet || joined || node.Path is { } p && System.Linq.Enumerable.Any(p, c => c is not ('L' or 'R' or 'O')))
            {
                declined = node.Family == "datepair"
                    ? $"the comparison of date members '{node.Member}' and '{node.Left!.Member}' is lowered in one table's or a set-based write's Where (not a join's, a grouping's or a sub-query's)"
                    : $"the date part '{node.Member}.{node.Family!.Substring(9)}' in a condition is lowered in one table's or a set-based write's Where (not a join's, a grouping's or a sub-query's)";
                return null;
            }

            _datesUsed = true;
            return node.Family == "datepair"
                ? DatePair(node, model, column, name, sqliteNet, ref declined)
                : DatePart(node, column, name, values, where, sqliteNet, ref declined);
        }

        private static SqlExpression? DatePart(LoweredNode node, ColumnModel column, SqlColumn name, List<LoweredNode> values, int where, bool sqliteNet, ref string? declined)
        {
            var part = node.Family!.Substring(9);
            SqlExpression Column() => name;
            SqlExpression? term;
            var dateTime = column.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText;
            if (dateTime)
            {
                _dateTimeParts = true;
                _timeParts |= part is "Hour" or "Minute" or "Second";
                term = !sqliteNet
                    ? column.Kind == ColumnKind.DateTime
                        ? SqlDateParts.DateTimeTicksPart(Column, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Column, part)
                        : SqlDateParts.DateTimeTextPart(Column, part) ?? SqlDateParts.TextDayOfYearOrMillisecond(Column, part, allowMilliseconds: true)
                    : !_dateTextPass
                        ? SqlDateParts.DateTimeTicksPart(Column, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Column, part)
                        : part == "Date" ? null : SqlDateParts.TextDatePart(Column, part, allowTime: true) ?? SqlDateParts.TextDayOfYearOrMillisecond(Column, part, allowMilliseconds: true);
            }
            else if (column.Kind == ColumnKind.DateTimeOffset)
            {
                // MicroDb's ISO text with the offset (the value's own clock); sqlite-net's UtcTicks (under either DateTime storage).
                term = !sqliteNet
                    ? SqlDateParts.DateTimeOffsetTextPart(Column, part)
                    : SqlDateParts.DateTimeTicksPart(Column, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Column, part);
            }
            else
            {
                declined = $"member '{node.Member}' is stored as {column.Kind}, which compares by the run-time translator's rules";
                return null;
            }

            if (term is null)
            {
                declined = $"the run-time translator does not translate the date part '{node.Member}.{part}' under this storage format";
                return null;
            }

            var path = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path;
            var equality = node.Op is "=" or "<>";
            if (part != "Date")
            {
                // An integer (or DayOfWeek) compared with a value bound as compared with no column: the part first for an
                // equality, an ordering as C# has it.
                var value = new SqlParameter(values.Count, null);
                values.Add(node with { Member = "", Left = null, Right = null, Path = path });
                var comparison = SqlComparisons.Of(node.Op);
                return new SqlGroup(equality || !node.ValueOnLeft ? new SqlBinary(term, comparison, value) : new SqlBinary(value, comparison, term));
            }

            // Date: under MicroDb's format its stored key (ticks without the kind, or the text prefix) against the value's,
            // the part first (an ordering flipped); under sqlite-net's ticks the part against the value as stored, as C# has it.
            var bound = new SqlParameter(values.Count, null);
            if (!sqliteNet)
            {
                values.Add(node with { Left = null, Right = null, Path = path, Form = column.Kind == ColumnKind.DateTime ? "k0" : "p" });
                var key = column.Kind == ColumnKind.DateTime ? SqlStoredKeys.DateTimeTicks(term) : SqlStoredKeys.DateTimeText(term);
                return new SqlGroup(new SqlBinary(key, SqlComparisons.Of(node.ValueOnLeft ? Flip(node.Op) : node.Op), bound));
            }

            values.Add(node with { Member = "", Left = null, Right = null, Path = path, Form = "s" });
            var op = SqlComparisons.Of(node.Op);
            return new SqlGroup(equality || !node.ValueOnLeft ? new SqlBinary(term, op, bound) : new SqlBinary(bound, op, term));
        }

        private static SqlExpression? DatePair(LoweredNode node, EntityModel model, ColumnModel column, SqlColumn name, bool sqliteNet, ref string? declined)
        {
            var other = System.Linq.Enumerable.FirstOrDefault(model.Columns, c => c.MemberName == node.Left!.Member);
            if (other is null)
            {
                declined = $"member '{node.Left!.Member}' maps to no column";
                return null;
            }

            var kinds = (column.Kind, other.Kind);
            if (kinds is not ((ColumnKind.DateTime or ColumnKind.DateTimeText, ColumnKind.DateTime or ColumnKind.DateTimeText) or (ColumnKind.DateTimeOffset, ColumnKind.DateTimeOffset) or (ColumnKind.TimeSpan, ColumnKind.TimeSpan)))
            {
                declined = $"members '{node.Member}' and '{node.Left!.Member}' are stored as {column.Kind} and {other.Kind}, which compare by the run-time translator's rules";
                return null;
            }

            if (column.Kind != other.Kind)
            {
                // A DateTime as ticks and one as text: the run time refuses the pair under MicroDb's format.
                declined = QueryReasons.StoredDifferently("x." + node.Member, column.Kind.ToString(), "x." + node.Left!.Member, other.Kind.ToString()) + " (not lowered at build time)";
                return null;
            }

            var second = new SqlColumn(other.ColumnName);
            SqlExpression Key(SqlColumn c) => sqliteNet ? c : column.Kind switch
            {
                ColumnKind.DateTime => SqlStoredKeys.DateTimeTicks(c),
                ColumnKind.DateTimeText => SqlStoredKeys.DateTimeText(c),
                _ => c,
            };

            if (column.Kind == ColumnKind.DateTimeOffset && !sqliteNet)
            {
                // Stored as text with its offset: the run time refuses the comparison under MicroDb's format.
                _microDbRefused = true;
                declined = $"members '{node.Member}' and '{node.Left!.Member}' are DateTimeOffsets, which the run-time translator does not compare under MicroDb's storage format";
                return null;
            }

            _dateTimePairs |= column.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText;
            if (node.Op is "=" or "<>")
            {
                return new SqlGroup(new SqlBinary(Key(name), SqlComparisons.Of(node.Op, node.Nullable), Key(second)));
            }

            // Lifted: each operand's C# type is nullable, so the run time guards both.
            var comparison = new SqlBinary(Key(name), SqlComparisons.Of(node.Op), Key(second));
            return new SqlGroup(node.Nullable
                ? new SqlBinary(new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, new SqlIsNull(second, Negated: true)), SqlOperator.And, comparison)
                : comparison);
        }
    }
}
