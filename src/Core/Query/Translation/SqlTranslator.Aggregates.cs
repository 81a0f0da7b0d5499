using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// The entry point the aggregates (Sum, Average) use: a selector written as a plain SQL value expression.
internal sealed partial class SqlTranslator
{
    /// <summary>Writes the body of <paramref name="selector"/> as a SQL value (for sum(), avg() and the like).</summary>
    public static void WriteValueExpression(TableMapping table, StorageFormat format, LambdaExpression selector, StringBuilder sql, List<object?> args) =>
        TranslationCache.Write(table, format, selector, TranslationKind.Value, sql, args);

    private static SqlExpression TranslateValue(SqlTranslator translator) => translator.Translate(translator._lambda.Body);
}
