using System.Collections.Generic;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// A DateTime member's part in an ExecuteUpdate setter's value (s.Set(x => x.Year, x => x.At.Year)), written as the run-time
// translator writes it (SqlTranslator.Dates, the rule in SqlDateParts) under each storage format: MicroDb's by the column's
// kind (ticks with the kind, or [StoreAsText]'s ISO text), sqlite-net's over its ticks. The write's two sites (MicroDb's and,
// when the text differs, sqlite-net's) carry them; under sqlite-net's format storing DateTime as text the run time reads the
// parts at the text's positions (or refuses them), so such runs take the run-time path (SqliteNetRuns(true, false)).
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        // Whether Arithmetic is lowering a setter's value (a grouping key's computed parts do not lower date parts this way).
        [System.ThreadStatic]
        private static bool _setterDateParts;

        /// <summary>
        /// <c>x.At.Year</c> (Year, Month, Day, Hour, Minute, Second, Millisecond, DayOfYear of a non-nullable DateTime member of
        /// the row) in a setter's value, as a <c>datepart</c> node (Member the DateTime member, Family the part); null otherwise.
        /// </summary>
        private static LoweredNode? SetterDatePart(IPropertyReferenceOperation operation, IParameterSymbol row) =>
            _setterDateParts
            && operation is { Property: { Name: "Year" or "Month" or "Day" or "Hour" or "Minute" or "Second" or "Millisecond" or "DayOfYear" } part,
                Instance: IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0, Type.SpecialType: SpecialType.System_DateTime } member } }
            && SymbolEqualityComparer.Default.Equals(instance.Parameter, row)
                ? new LoweredNode("datepart", member.Name, Family: part.Name)
                : null;
    }

    private static partial class InterceptorEmitter
    {
        // The setter being written is sqlite-net's (its DateTime stored as ticks), and whether the write wrote a date part.
        [System.ThreadStatic]
        private static bool _setterSqliteNet;
        [System.ThreadStatic]
        private static bool _setterDatePartsUsed;

        /// <summary>A setter's date part (<see cref="QueryChains"/>' <c>datepart</c> node) under the format being written.</summary>
        private static SqlExpression? SetterDatePart(LoweredNode node, EntityModel model, ref string? declined)
        {
            var column = model.Columns.FirstOrDefault(c => c.MemberName == node.Member);
            if (column?.Kind is not (ColumnKind.DateTime or ColumnKind.DateTimeText))
            {
                declined = $"the date part '{node.Member}.{node.Family}' in a setter is not of a DateTime column";
                return null;
            }

            _setterDatePartsUsed = true;
            var name = column.ColumnName;
            SqlExpression Value() => new SqlColumn(name);
            var part = node.Family!;
            return column.Kind == ColumnKind.DateTimeText && !_setterSqliteNet
                ? SqlDateParts.DateTimeTextPart(Value, part) ?? SqlDateParts.TextDayOfYearOrMillisecond(Value, part, allowMilliseconds: true)
                : SqlDateParts.DateTimeTicksPart(Value, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Value, part);
        }

        /// <summary>
        /// A computed setter's value under sqlite-net's format: <paramref name="written"/> (MicroDb's) unless it holds a date part,
        /// then written again over the ticks, its values numbered from <paramref name="before"/> as MicroDb's were.
        /// </summary>
        private static SqlExpression SqliteNetSetter(LoweredNode computed, EntityModel model, LoweredNode setter, int index, List<LoweredNode> before, SqlExpression written)
        {
            if (!HoldsDatePart(computed))
            {
                return written;
            }

            string? declined = null;
            _setterSqliteNet = true;
            try
            {
                return Computed(computed, model, setter, index, before, ref declined) ?? written;
            }
            finally
            {
                _setterSqliteNet = false;
            }
        }

        private static bool HoldsDatePart(LoweredNode? node) => node is not null && (node.Op == "datepart" || HoldsDatePart(node.Left) || HoldsDatePart(node.Right));
    }
}
