using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// The aggregates (Sum, Average): a selector translated as a plain SQL value expression.
internal sealed partial class SqlTranslator
{
    private static SqlExpression TranslateValue(SqlTranslator translator) => translator.Translate(translator._body);
}
