using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// A set-based write's value over the row (TranslationKind.Setter): what a setter translates beyond a plain value.
internal sealed partial class SqlTranslator
{
    // Translating an ExecuteUpdate setter's value (TranslationKind.Setter).
    private bool _setter;

    /// <summary>
    /// In a setter, an integer converted to decimal (<c>x.Price * x.Quantity</c>, <c>(decimal)x.Count * 1.1m</c>: an
    /// operator method in the expression tree) as <c>CAST(operand AS REAL)</c>, the REAL a decimal column is read as in
    /// SQLite's arithmetic, so a division stays a division of numbers (not of integers); exact for integers up to 2^53,
    /// and the computed decimal is written back by the setter's decimal rule (<see cref="SqlSetBased.DecimalText"/>).
    /// Native storage casts as the dialect converts. Null for any other conversion method (which stays refused).
    /// </summary>
    private SqlExpression? TrySetterDecimalConversion(UnaryExpression u)
    {
        if (!_setter || u.Method?.DeclaringType != typeof(decimal) || Underlying(u.Type) != typeof(decimal))
        {
            return null;
        }

        var from = Underlying(u.Operand.Type);
        if (!IsIntegral(from) || from == typeof(ulong) || from == typeof(char) || from.IsEnum)
        {
            return null;
        }

        return Native ? NativeConvert(u) : new SqlCast(Translate(u.Operand), "REAL");
    }
}
